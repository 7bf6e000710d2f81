"""What the per-game benchmarks measure (``tests/test_benchmarks.py``): each workload turns a game's first state into
a zero-argument call that pytest-benchmark times; the contract suite runs each once for every game."""
from __future__ import annotations

import itertools
from typing import Callable

from deadeye.core import GameInfo, GameState, new_game
from deadeye.core.registry import heuristic_policy
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher
from deadeye.search.playout import random_playout
from support.game_checks import typical_players

Workload = Callable[[GameState], Callable[[], object]]


def first_state(info: GameInfo) -> GameState:
    """The state the benchmarks start from: seed 1, at the game's typical player count."""
    return new_game(info.name, players=typical_players(info), seed=1)


def clone(state: GameState) -> Callable[[], object]:
    return state.clone


def random_game(state: GameState) -> Callable[[], object]:
    seeds = itertools.count()
    return lambda: random_playout(state.clone(), next(seeds))


def sample(state: GameState) -> Callable[[], object]:
    info = state.information_set(state.current_player())
    seeds = itertools.count()
    return lambda: info.sample(seed=next(seeds))


def ismcts(rollout: str, iterations: int = 1000) -> Workload:
    """``iterations`` ISMCTS iterations from the seat to move, with random or heuristic rollouts."""
    def make(state: GameState) -> Callable[[], object]:
        info = state.information_set(state.current_player())
        searcher = Searcher(policy=heuristic_policy(state) if rollout == "heuristic" else None)
        seeds = itertools.count()
        return lambda: searcher.search(info, Budget(iterations=iterations), next(seeds))
    return make


WORKLOADS: dict[str, Workload] = {
    "clone": clone,
    "random-playout": random_game,
    "sample": sample,
    "ismcts-1000-random": ismcts("random"),
    "ismcts-1000-heuristic": ismcts("heuristic"),
}
