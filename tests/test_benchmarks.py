"""Speed, measured by pytest-benchmark (skipped in the normal run; ``python -m pytest --benchmark-only`` runs them).

``test_game`` measures every workload of ``tests/support/workloads.py`` (clone, a random playout, a sample, 1,000
ISMCTS iterations with random and with heuristic rollouts) for every registered game, at four players where the game
allows; the rest are Wyatt Earp's own measures.
"""
import copy

import pytest

from deadeye.core import new_game
from deadeye.search.playout import random_playout
from support.workloads import WORKLOADS, first_state


@pytest.mark.parametrize("workload", list(WORKLOADS))
def test_game(benchmark, game, workload):
    benchmark(WORKLOADS[workload](first_state(game)))


@pytest.fixture(params=[2, 4])
def initial(request):
    return new_game("wyatt-earp", players=request.param, seed=1)


def test_deepcopy_of_plain_dict_baseline(benchmark, initial):
    plain = initial.to_dict()
    benchmark(copy.deepcopy, plain)


def test_random_playout_first_round(benchmark, initial):
    seeds = iter(range(10**9))
    benchmark(lambda: random_playout(initial.clone(), next(seeds), True))


def test_ismcts_bot_1000_iterations_tuned_settings_first_decision_4_players(benchmark):
    """The ``ismcts`` bot as it plays Wyatt Earp: its tuned settings, random rollouts cut at the round's end."""
    from deadeye.bots import make_bot

    state = new_game("wyatt-earp", players=4, seed=1)
    info = state.information_set(state.current_player())
    bot = make_bot("ismcts:iterations=1000", seed=1)
    benchmark(bot.choose, info)


@pytest.fixture
def hearts():
    return new_game("hearts", players=4, seed=1)


def test_hearts_ismcts_one_million_nodes_first_decision(benchmark, hearts):
    """One search of 1,000,000 iterations (a tree of 1,000,000 nodes): the rate as the tree outgrows the caches."""
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    info = hearts.information_set(hearts.current_player())
    searcher = Searcher(max_nodes=1_000_000)
    result = benchmark.pedantic(lambda: searcher.search(info, Budget(iterations=1_000_000), seed=1), rounds=1)
    assert result.tree_size == 1_000_000


@pytest.mark.parametrize("threads", [1, 2])
def test_hearts_ismcts_bot_100000_iterations_by_threads(benchmark, hearts, threads):
    """The ismcts bot's 100,000 iterations split over 1 or 2 root-parallel searches (2 cores: about half the time)."""
    from deadeye.bots import make_bot

    info = hearts.information_set(hearts.current_player())
    bot = make_bot(f"ismcts:iterations=100000,threads={threads}", seed=1)
    benchmark.pedantic(bot.choose, (info,), rounds=3)
    assert bot.last.iterations == 100_000
