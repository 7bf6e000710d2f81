"""Colt Express speed, measured by pytest-benchmark (skipped in the normal run; ``python -m pytest
--benchmark-only`` runs them)."""
import pytest

from deadeye.core import new_game
from deadeye.core.registry import heuristic_policy
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher
from deadeye.search.playout import random_playout


@pytest.fixture(params=[2, 4, 6])
def initial(request):
    return new_game("colt-express", players=request.param, seed=1)


def test_clone(benchmark, initial):
    benchmark(initial.clone)


def test_random_playout_game(benchmark, initial):
    seeds = iter(range(10**9))
    benchmark(lambda: random_playout(initial.clone(), next(seeds)))


def test_information_set_sample(benchmark, initial):
    info = initial.information_set(initial.current_player())
    seeds = iter(range(10**9))
    benchmark(lambda: info.sample(next(seeds)))


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_ismcts_1000_iterations_first_decision_4_players(benchmark, rollout):
    state = new_game("colt-express", players=4, seed=1)
    info = state.information_set(state.current_player())
    searcher = Searcher(policy=heuristic_policy(state) if rollout == "heuristic" else None)
    seeds = iter(range(10**9))
    benchmark(lambda: searcher.search(info, Budget(iterations=1000), next(seeds)))
