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
