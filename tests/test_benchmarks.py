"""Speed, measured by pytest-benchmark (skipped in the normal run; ``python -m pytest --benchmark-only`` runs them)."""
import copy

import pytest

from deadeye.core import new_game
from deadeye.search.playout import random_playout


@pytest.fixture(params=[2, 4])
def initial(request):
    return new_game("wyatt-earp", players=request.param, seed=1)


def test_clone(benchmark, initial):
    benchmark(initial.clone)


def test_deepcopy_of_plain_dict_baseline(benchmark, initial):
    plain = initial.to_dict()
    benchmark(copy.deepcopy, plain)


def test_random_playout_game(benchmark, initial):
    seeds = iter(range(10**9))
    benchmark(lambda: random_playout(initial.clone(), next(seeds)))


def test_random_playout_first_round(benchmark, initial):
    seeds = iter(range(10**9))
    benchmark(lambda: random_playout(initial.clone(), next(seeds), True))


def test_information_set_sample(benchmark, initial):
    info = initial.information_set(0)
    seeds = iter(range(10**9))
    benchmark(lambda: info.sample(next(seeds)))


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_ismcts_1000_iterations_first_decision_4_players(benchmark, rollout):
    from deadeye.core.registry import heuristic_policy
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    state = new_game("wyatt-earp", players=4, seed=1)
    info = state.information_set(state.current_player())
    searcher = Searcher(policy=heuristic_policy(state) if rollout == "heuristic" else None)
    seeds = iter(range(10**9))
    benchmark(lambda: searcher.search(info, Budget(iterations=1000), next(seeds)))


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


def test_hearts_clone(benchmark, hearts):
    benchmark(hearts.clone)


def test_hearts_random_playout(benchmark, hearts):
    seeds = iter(range(10**9))
    benchmark(lambda: random_playout(hearts.clone(), next(seeds)))


def test_hearts_information_set_sample(benchmark, hearts):
    info = hearts.information_set(0)
    seeds = iter(range(10**9))
    benchmark(lambda: info.sample(next(seeds)))


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_hearts_ismcts_1000_iterations_first_decision(benchmark, hearts, rollout):
    from deadeye.core.registry import heuristic_policy
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    info = hearts.information_set(hearts.current_player())
    searcher = Searcher(policy=heuristic_policy(hearts) if rollout == "heuristic" else None)
    seeds = iter(range(10**9))
    benchmark(lambda: searcher.search(info, Budget(iterations=1000), next(seeds)))


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
