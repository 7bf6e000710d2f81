"""A game's OpenSpiel twin: the OpenSpiel game that plays the same rules with the same action ids.

A game that has one declares it once, in its package, as ``OPENSPIEL_TWIN = OpenSpielTwin(...)`` (Hearts and Kuhn
poker do), and its state class gives ``openspiel_history()``.  Then every twin is checked against OpenSpiel by one
test (``tests/test_openspiel_twins.py``: random games played in both engines action for action), and OpenSpiel's
IS-MCTS can play the game as a deadeye bot (``bots/openspiel.py``).  The declaration is plain data: deadeye's core
never imports OpenSpiel.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .registry import game_info, list_games


def openspiel_defaults(state: Any) -> dict[str, Any]:
    """No parameters: OpenSpiel's defaults are the game's rules."""
    return {}


@dataclass(frozen=True)
class OpenSpielTwin:
    """The OpenSpiel game a deadeye game mirrors.

    ``game``: OpenSpiel's name for it (``pyspiel.load_game(game, parameters)``).

    ``parameters(state)``: the OpenSpiel parameters of the game ``state`` belongs to (its player count, its
    options), from the state alone (an OpenSpiel bot sees only a sample of an information set); OpenSpiel's defaults
    for what it leaves out.

    ``return_scale``: OpenSpiel's returns are ``return_scale`` times deadeye's search rewards (``_returns``, in
    [0, 1]: ``evaluate()`` once the game is over) plus a constant, the same for every seat and game.  It converts an
    exploration constant: deadeye's c is ``c * return_scale`` in OpenSpiel's ``uct_c``.

    ``resamples``: whether OpenSpiel's state implements ``ResampleFromInfostate``, which OpenSpiel's IS-MCTS calls
    at every simulation: the ``os-ismcts`` bots play only twins that resample.

    The state class provides ``openspiel_history()``: the whole game as OpenSpiel action ids, chance outcomes
    included, in OpenSpiel's order.  Replayed into the twin's initial state it gives OpenSpiel's state of the same
    game; after each action deadeye's history grows by that action and then by the chance outcomes that followed.
    """

    game: str
    parameters: Callable[[Any], Mapping[str, Any]] = openspiel_defaults
    return_scale: float = 1.0
    resamples: bool = True

    def __post_init__(self) -> None:
        if not self.return_scale > 0:
            raise ValueError(f"an OpenSpiel twin's return_scale is positive, not {self.return_scale!r}")


def openspiel_twin(name: str) -> OpenSpielTwin | None:
    """The OpenSpiel twin the game ``name`` declares (its package's ``OPENSPIEL_TWIN``), or None.

    >>> openspiel_twin("kuhn-poker").game, openspiel_twin("wyatt-earp")
    ('kuhn_poker', None)
    """
    twin = getattr(importlib.import_module(game_info(name).module), "OPENSPIEL_TWIN", None)
    if twin is not None and not isinstance(twin, OpenSpielTwin):
        raise TypeError(f"{name}: OPENSPIEL_TWIN is a {type(twin).__name__}, not an OpenSpielTwin")
    return twin


def openspiel_twins() -> dict[str, OpenSpielTwin]:
    """Every registered game with an OpenSpiel twin, by name."""
    found = {info.name: openspiel_twin(info.name) for info in list_games()}
    return {name: twin for name, twin in found.items() if twin is not None}
