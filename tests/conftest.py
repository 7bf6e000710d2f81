"""Shared options and fixtures.

``--long`` multiplies the random-game counts of the invariant suites by ten, and each test's time limit (``timeout``
in pyproject.toml: pytest-timeout turns a hang into a failure with every thread's stack).  The ``slow`` marker tags
the long random-game runs; ``python -m pytest -m "not slow"`` is the fast selection (the debug build in CI runs that).
``--regen-golden`` rewrites ``tests/golden/*.json`` from the current rules (see ``tests/test_golden.py``).

The fixture ``game`` (a registered game's ``GameInfo``) parametrises a test over ``deadeye.core.list_games()``, so a
game gets every test that uses it by registering; ``positions`` gives states along seeded random games of it.
"""
from __future__ import annotations

import pytest

from deadeye.core import GameInfo, GameState, list_games
from support.game_checks import positions as play_positions
from support.game_checks import setups

GAMES = [info.name for info in list_games()]
MIN_POSITIONS = 300               # per game, drawn from seeded random games over all its setups


def pytest_addoption(parser):
    parser.addoption("--long", action="store_true", default=False,
                     help="run the random-game invariant suites ten times longer")
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="rewrite tests/golden/<game>.json from the current rules (after an intended change)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--long") and config.pluginmanager.hasplugin("timeout"):
        limit = 10 * float(config.getini("timeout") or 0)
        for item in items:
            if item.get_closest_marker("timeout") is None:
                item.add_marker(pytest.mark.timeout(limit))


@pytest.fixture
def scale(request) -> int:
    """How many times the default number of random games to play."""
    return 10 if request.config.getoption("--long") else 1


@pytest.fixture(params=GAMES)
def game(request) -> GameInfo:
    """Each registered game in turn."""
    return next(info for info in list_games() if info.name == request.param)


_POSITIONS: dict[str, list[GameState]] = {}


@pytest.fixture
def positions(game: GameInfo) -> list[GameState]:
    """At least ``MIN_POSITIONS`` states of ``game`` (every other state of seeded random games, every setup at
    least once, finished games included); computed once per session, handed out as clones."""
    if game.name not in _POSITIONS:
        found, rounds = [], 0
        while rounds == 0 or len(found) < MIN_POSITIONS:
            for i, setup in enumerate(setups(game)):
                found += play_positions(setup, games=1, seed=rounds * 101 + i, every=2)
            rounds += 1
        _POSITIONS[game.name] = found
    return [state.clone() for state in _POSITIONS[game.name]]
