"""Colt Express over many seeded random games: the game's own invariants (loot conserved between the train, the
bandits and the box; bullet cards conserved; 10 action cards per bandit plus the bullets received; every game ending
after five rounds).  The contract every game passes is in tests/test_game_contract.py.

The invariant suite checks ``validate()`` (the engine's own conservation check, in C) after every action, and at
every round boundary recomputes the invariants independently from ``to_dict()``.
"""
from __future__ import annotations

import random

import pytest

from deadeye.core import new_game

PLAYER_COUNTS = [2, 3, 4, 5, 6]
PLACE_BANDIT, PLACE_BOX = 16, 30
COPIES = (2, 2, 2, 2, 1, 1)


def loot_in_play(st: dict) -> tuple[set, int]:
    """The tokens in the train or held by a bandit, and their total value."""
    tokens = {t for t in range(32) if st["tok_place"][t] < PLACE_BANDIT + 6}
    return tokens, sum(st["tok_value"][t] for t in tokens)


def check_invariants(st: dict, start: dict) -> str:
    """The rules' invariants (§6.2) recomputed from a state dict, against the game's start; '' if they hold."""
    n, slots = st["n_players"], st["n_slots"]
    bandits = [b for b in range(6) if st["controller"][b] >= 0]
    # loot: tokens never leave play; only Take It All! (the second strongbox) and ransoms add to it
    tokens, value = loot_in_play(st)
    tokens0, value0 = loot_in_play(start)
    extra = {25} if st["tok_place"][25] != 31 else set()
    extra |= set(range(26, 26 + st["ransom_n"]))
    if tokens != tokens0 | extra:
        return f"tokens in play {sorted(tokens ^ (tokens0 | extra))} appeared or vanished"
    if value != value0 + 1000 * (25 in extra) + 250 * st["ransom_n"]:
        return f"loot value {value}, expected {value0} plus additions"
    if st["tok_value"][:18] != start["tok_value"][:18]:
        return "a purse changed its value"
    # bullets: each gun's six cards, and the marshal's thirteen
    for b in bandits:
        fired = sum(st["received"][t][b] for t in range(6))
        if fired + st["bullets_left"][b] != 6:
            return f"bandit {b}: {fired} fired + {st['bullets_left'][b]} left != 6"
    if st["neutral_supply"] + st["neutral_removed"] + sum(st["received"][b][6] for b in range(6)) != 13:
        return "marshal bullets not conserved"
    # cards: every seat owns its action cards plus every bullet its bandits received, each in one place
    pile = [0] * 13 * n
    for i in range(st["pile_next"], st["pile_n"]):
        pile[st["controller"][st["pile_bandit"][i]] * 13 + st["pile_kind"][i]] += 1
    for q in range(n):
        counts = [st["hand"][q][k] + st["deck"][q][k] + st["returned"][q][k] + st["discard"][q][k]
                  + pile[q * 13 + k] for k in range(13)]
        counts[12] += st["aside"][q] + st["deck_top"][q]
        actions = sum(counts[:12])
        expected = 10 if slots == 1 else (11 if st["round"] > 0 else 0)
        if actions != expected:
            return f"seat {q} owns {actions} action cards, expected {expected}"
        if slots == 1 and counts[:6] != list(COPIES):
            return f"seat {q} action cards {counts[:6]}"
        received = sum(sum(st["received"][b]) for b in st["bandit_of"][q][:slots])
        if counts[12] != received:
            return f"seat {q} holds {counts[12]} bullet cards, its bandits received {received}"
    # positions: in the train, never inside the marshal's car
    for b in bandits:
        if st["round"] > 0 and not 0 <= st["car"][b] < st["n_cars"]:
            return f"bandit {b} off the train"
        if st["level"][b] == 0 and st["car"][b] == st["marshal_car"]:
            return f"bandit {b} inside the marshal's car"
    return ""


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_invariants_over_2000_random_games(players, scale):
    """At least 2,000 random games per player count (3-6 players: half of them under the advanced rules)."""
    rng = random.Random(5000 + players)
    games = 2000 * scale
    total_actions = 0
    for seed in range(games):
        state = new_game("colt-express", players=players, seed=seed, advanced=bool(seed % 2))
        start = state.to_dict()["state"]
        round_ = state.round
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
            problem = state.validate()
            assert not problem, f"seed {seed}, action {actions}: {problem}"
            if state.round != round_ or state.is_terminal():
                problem = check_invariants(state.to_dict()["state"], start)
                assert not problem, f"seed {seed}, round {round_}: {problem}"
                assert state.round in (round_, round_ + 1), "rounds are played in order"
                round_ = state.round
            assert actions < 2000
        st = state.to_dict()["state"]
        assert st["round"] == 5 and state.current_player() == -1, "every game ends after five rounds"
        scores = state.game_returns()
        returns = state.returns()
        assert abs(sum(returns) - 1.0) < 1e-9 and max(returns) > 0
        best = max(scores)
        winners = [q for q in range(players) if returns[q] > 0]
        assert all(scores[q] == best for q in winners)
        fewest = min(state.bullets_received()[q] for q in range(players) if scores[q] == best)
        assert all(state.bullets_received()[q] == fewest for q in winners)
        total_actions += actions
    assert total_actions > games * 50


@pytest.mark.parametrize("breakage, message", [
    (lambda st: st["tok_place"].__setitem__(18, PLACE_BOX), "appeared or vanished"),
    (lambda st: st["tok_value"].__setitem__(3, st["tok_value"][3] + 50), "loot value"),
    (lambda st: st["bullets_left"].__setitem__(st["bandit_of"][0][0], 5), "fired"),
    (lambda st: st["received"][st["bandit_of"][0][0]].__setitem__(6, 1), "marshal bullets"),
    (lambda st: st["hand"][1].__setitem__(0, st["hand"][1][0] + 1), "action cards"),
    (lambda st: st["deck"][2].__setitem__(12, 1), "bullet cards"),
])
def test_the_invariant_check_catches_broken_states(breakage, message):
    """The independent check above can fail: each breakage of a real position is caught."""
    state = new_game("colt-express", players=4, seed=9)
    start = state.to_dict()["state"]
    st = state.to_dict()["state"]
    assert check_invariants(st, start) == ""
    breakage(st)
    assert message in check_invariants(st, start)
