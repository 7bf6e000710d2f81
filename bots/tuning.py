"""Search settings measured best per game: what ``ismcts`` (and its baselines) use when a spec does not say.

A spec's own parameters always win, so ``ismcts:rollout=random`` is plain random rollouts on every game.  Each entry
comes from the runs in ``docs/strength.md``; a game without an entry searches with :data:`GENERIC`.
"""
from __future__ import annotations

from typing import Any

from deadeye.search.mast import DEFAULT_EPSILON as MAST_EPSILON

# No network: the search's own priors (none) and leaf values (rollouts); with a network, PUCT's constant and the
# network's share of a leaf's value (docs/learning.md).
UNGUIDED: dict[str, Any] = {"prior": "none", "value": "rollout", "mix": 1.0, "c_puct": 1.5}

# Without measurements: UCB constant 0.7, uniformly random rollouts to the end of the game, no progressive bias,
# every seat's decisions in the tree, a node grows children from its second visit, the reward is the return (win 0).
# Epsilon None: the rollout's own exploration (none for random and heuristic rollouts, search.mast.DEFAULT_EPSILON
# for MAST).
GENERIC: dict[str, Any] = {"c": 0.7, "rollout": "random", "epsilon": None, "cutoff": "0", "bias": 0.0,
                           "opponents": "tree", "expand": 1, "win": 0.0, **UNGUIDED}

BY_GAME: dict[str, dict[str, Any]] = {
    # Rollouts cut at the end of the round and scored by the projected-money evaluation; otherwise generic.  At
    # 1,000 iterations this ties the heavier setting (heuristic rollouts, c = 1.0, bias 1, expand 20) head to head
    # at a fifth or less of its time per iteration, and beats flatmc as well as the heuristic (docs/strength.md,
    # "How the setting was chosen").
    "wyatt-earp": {"cutoff": "round"},
    # MAST rollouts: at equal iterations they tie the heuristic rollouts (52.5 % of 100 games) at about half the
    # cost an iteration, and given the iterations that cost buys (1,800 against 1,000) they won 55.0 % [50.6-59.4]
    # of 400 fresh games, paired loot +$89 +/- 68 (docs/strength.md, "Each search technique at equal time").
    "colt-express": {"rollout": "mast"},
    # heuristic rollouts with 30 % random moves: at 1,000 iterations 59.0 % of 200 games against random rollouts,
    # and 54.6 % [51.0-58.2] of 400 fresh games against random rollouts given 1,050 iterations, the same CPU time
    # (they cost 1.05x as much an iteration); paired score +1.39 +/- 0.69 (docs/strength.md, "Rollout options").
    # Every reward the share of the win (win = 1: the game's result, returns()), with UCB's c at 0.4: against the
    # earlier default (win = 0.25, c = 0.7) at equal time, 400 fresh games at each budget, 56.3 % [52.6-59.9] at
    # 5,000 iterations and 55.4 % [52.0-58.9] at 10,000 (paired win share +12.6 and +10.8 points), 54.0 % at 1,000,
    # level at 100; it takes about 1.5 more points a hand, shooting the moon two to three times as often.  Against
    # OpenSpiel's C++ IS-MCTS at 100 ms a move, 66.5 % [63.8-69.1] of 400 fresh deals (docs/strength.md, "Learned
    # guidance", Hearts).  Only the searching seat's decisions in the tree, the others moving by the heuristic
    # (opponents = policy, 0.92x the cost an iteration): at equal iterations 56.0 % [52.3-59.6] of 400 games at
    # 10,000 and 52.0 % [48.2-55.8] of 400 fresh ones at 5,000 against the search above; against OpenSpiel at 100 ms,
    # 68.0 % [65.4-70.5] of 400 fresh deals, paired score +1.24 +/- 0.64, moons 128 by and 18 against.
    "hearts": {"rollout": "heuristic", "epsilon": 0.3, "win": 1.0, "c": 0.4, "opponents": "policy"},
    # heuristic rollouts cut at the round's end, scored by the projected-points evaluation: at 300 iterations they
    # beat the heuristic 36 games of 40 where random whole-game rollouts won 10 (docs/strength.md, "Way Out West").
    # PUCT over the shipped network's policy (bots/nets/way_out_west): at 4 players, 1,000 iterations against 1,600
    # without (equal CPU: it costs 1.6 times as much an iteration) won 83.0 % [79.5-86.5] of 400 fresh games, paired
    # score +8.34 +/- 0.87 points; 100-game screens at 2, 3 and 5 players, 95.0, 74.0 and 75.0 % (docs/strength.md,
    # "Learned guidance").
    "way-out-west": {"rollout": "heuristic", "cutoff": "round", "prior": "net"},
    # heuristic rollouts (the suspicion-reading heuristic) cut after 40 moves, scored by the team evaluation: about
    # 9 CPU us an iteration at 7 players against 29 for random whole-game rollouts (docs/strength.md, "BANG!").
    "bang": {"rollout": "heuristic", "cutoff": "40"},
}

# Where a setting wins at some seat counts and not at others: the game's tuned values at those counts.
BY_PLAYERS: dict[str, dict[int, dict[str, Any]]] = {
    # PUCT over the shipped network's policy, trained at 4 players: there, 1,000 iterations against 1,200 without
    # (equal CPU: it costs 1.19 times as much an iteration) won 55.2 % [50.7-59.8] of 400 fresh games, paired money
    # +$1,495 +/- 566; at 3 players 49.5 % of 400, at 2 and 5 level in 100-game screens (docs/strength.md,
    # "Learned guidance").
    "wyatt-earp": {4: {"prior": "net"}},
}

# What MO-ISMCTS (``tree=mo``) uses instead where a game's tuned value is a single tree's only (MAST's action values
# are kept by the one tree): the game's setting before that value was tuned.
MULTI_OBSERVER: dict[str, dict[str, Any]] = {
    "colt-express": {"rollout": "heuristic"},
    "hearts": {"opponents": "tree"},
}


def uses_network(settings: dict[str, Any]) -> bool:
    """Whether a search with these settings evaluates the game's network (its prior, value or rollouts)."""
    return settings["prior"] == "net" or settings["value"] == "net" or settings["rollout"] == "net"


def search_settings(game: str, explicit: dict[str, Any], multi_observer: bool = False,
                    guided: bool = True, players: int | None = None) -> dict[str, Any]:
    """The settings a search bot uses on ``game``: generic, then the game's tuned values (at ``players`` seats,
    the count's own too; with ``multi_observer``, those MO-ISMCTS can take; without ``guided``, none of the
    network's, which only single-tree ISMCTS takes), then the spec's own.  A game's tuned epsilon goes with its
    tuned rollout: a spec that names its rollout and no epsilon gets that rollout's own (none, or MAST's), so
    ``ismcts:rollout=heuristic`` is the plain heuristic on every game.

    >>> search_settings("wyatt-earp", {"rollout": "random"})["rollout"], search_settings("hearts", {})["c"]
    ('random', 0.4)
    >>> search_settings("kuhn-poker", {"rollout": "mast"})["epsilon"], search_settings("kuhn-poker", {})["epsilon"]
    (0.2, 0.0)
    >>> search_settings("hearts", {})["epsilon"], search_settings("hearts", {"rollout": "heuristic"})["epsilon"]
    (0.3, 0.0)
    >>> search_settings("colt-express", {})["rollout"], search_settings("colt-express", {}, True)["rollout"]
    ('mast', 'heuristic')
    >>> search_settings("way-out-west", {})["prior"], search_settings("way-out-west", {"expand": 5})["prior"]
    ('net', 'none')
    >>> search_settings("hearts", {})["opponents"], search_settings("way-out-west", {"opponents": "policy"})["prior"]
    ('policy', 'net')
    >>> search_settings("wyatt-earp", {}, players=4)["prior"], search_settings("wyatt-earp", {}, players=3)["prior"]
    ('net', 'none')
    """
    explicit = {k: v for k, v in explicit.items() if v is not None}
    tuned = {**BY_GAME.get(game, {}), **BY_PLAYERS.get(game, {}).get(players, {}),
             **(MULTI_OBSERVER.get(game, {}) if multi_observer else {})}
    if multi_observer or not guided:
        tuned.update(UNGUIDED)
        if tuned.get("rollout") == "net":
            tuned["rollout"] = GENERIC["rollout"]
    settings = {**GENERIC, **tuned, **explicit}
    # A tuned prior expands a leaf's children at once: a spec that grows the tree another way searches without it.
    if "prior" not in explicit and settings["prior"] == "net" and (
            float(settings["bias"]) > 0 or int(settings["expand"]) != 1):
        settings.update({k: v for k, v in UNGUIDED.items() if k not in explicit})
    if "rollout" in explicit and "epsilon" not in explicit:
        settings["epsilon"] = None
    if settings["epsilon"] is None:
        settings["epsilon"] = MAST_EPSILON if settings["rollout"] == "mast" else 0.0
    return settings
