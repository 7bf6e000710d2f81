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
