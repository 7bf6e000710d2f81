"""Search settings measured best per game: what ``ismcts`` (and its baselines) use when a spec does not say.

A spec's own parameters always win, so ``ismcts:rollout=random`` is plain random rollouts on every game.  Each entry
comes from the runs in ``docs/strength.md``; a game without an entry searches with :data:`GENERIC`.
"""
from __future__ import annotations

from typing import Any

from deadeye.search.mast import DEFAULT_EPSILON as MAST_EPSILON

# Without measurements: UCB constant 0.7, uniformly random rollouts to the end of the game, no progressive bias,
# every seat's decisions in the tree, a node grows children from its second visit.  Epsilon None: the rollout's own
# exploration (none for random and heuristic rollouts, search.mast.DEFAULT_EPSILON for MAST).
GENERIC: dict[str, Any] = {"c": 0.7, "rollout": "random", "epsilon": None, "cutoff": "0", "bias": 0.0,
                           "opponents": "tree", "expand": 1}

BY_GAME: dict[str, dict[str, Any]] = {
    # Rollouts cut at the end of the round and scored by the projected-money evaluation; otherwise generic.  At
    # 1,000 iterations this ties the heavier setting (heuristic rollouts, c = 1.0, bias 1, expand 20) head to head
    # at a fifth or less of its time per iteration, and beats flatmc as well as the heuristic (docs/strength.md,
    # "How the setting was chosen").
    "wyatt-earp": {"cutoff": "round"},
    # heuristic rollouts against random ones, same budget (docs/strength.md, "Colt Express").
    "colt-express": {"rollout": "heuristic"},
    # heuristic rollouts cut at the round's end, scored by the projected-points evaluation: at 300 iterations they
    # beat the heuristic 36 games of 40 where random whole-game rollouts won 10 (docs/strength.md, "Way Out West").
    "way-out-west": {"rollout": "heuristic", "cutoff": "round"},
}


def search_settings(game: str, explicit: dict[str, Any]) -> dict[str, Any]:
    """The settings a search bot uses on ``game``: generic, then the game's tuned values, then the spec's own (an
    epsilon left unset is the rollout's own).

    >>> search_settings("wyatt-earp", {"rollout": "random"})["rollout"], search_settings("hearts", {})["c"]
    ('random', 0.7)
    >>> search_settings("hearts", {"rollout": "mast"})["epsilon"], search_settings("hearts", {})["epsilon"]
    (0.2, 0.0)
    """
    settings = {**GENERIC, **BY_GAME.get(game, {}), **{k: v for k, v in explicit.items() if v is not None}}
    if settings["epsilon"] is None:
        settings["epsilon"] = MAST_EPSILON if settings["rollout"] == "mast" else 0.0
    return settings
