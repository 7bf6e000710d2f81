"""BANG! invariants over seeded random games, in every player count and option combination: every main-deck card and
every equipment card in exactly one place, nuggets balanced (every nugget gained or spent is an event, since the
supply is unlimited), life within bounds, and every game ended by a victory before the move cap, with returns that
name the winning side.  The contract every game passes is in tests/test_game_contract.py.

``--long`` plays ten times more: 2,000 games per player count and option combination in the ending test.
"""
from __future__ import annotations

import itertools
import random

import pytest

from deadeye.core import new_game
from deadeye.core.bang.data import (EQL_DECK, EQL_PLAY, EQL_ROW, EV_NUGGETS, FR_DYING, FR_TARGET, LOC_DECK,
                                    LOC_DISCARD, LOC_HAND, LOC_PLAY, LOC_TRANSIT, MOVE_CAP, ST_DEAD, ST_GHOST_ACTIVE,
                                    ST_LIVING, TG_WANTED, WIN_OUTLAWS, WIN_RENEGADE, WIN_SHERIFF)

SETUPS = [(n, gr, gh) for n in range(4, 8) for gr, gh in itertools.product((True, False), repeat=2)]
ROLE_COUNTS = {4: (1, 1, 2, 0), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 1, 3, 2)}


def recount(v: dict, before: dict | None) -> None:
    """The invariants, recounted from the plain form (independently of the engine's validate())."""
    n = v["n_players"]
    places = {LOC_DECK: v["deck"][:v["deck_n"]], LOC_DISCARD: v["discard"][:v["discard_n"]],
              LOC_TRANSIT: v["transit"][:v["transit_n"]]}
    listed = [c for cards in places.values() for c in cards]
    assert sorted(listed) == sorted(c for c in range(80) if v["loc"][c] <= LOC_TRANSIT), "a pile's list is off"
    assert len(set(listed)) == len(listed)
    for p in range(n):
        assert v["hand_n"][p] == v["loc"].count(LOC_HAND + p)
    assert all(v["loc"][c] in places or LOC_HAND <= v["loc"][c] < LOC_HAND + n or LOC_PLAY <= v["loc"][c] < LOC_PLAY + n
               for c in range(80))
    top = v["fr_n"] - 1
    pending = v["fr_b"][top] if v["fr_kind"][top] == FR_TARGET and v["fr_a"][top] == TG_WANTED else -1
    row = [e for e in v["eq_row"] if e >= 0]
    deck = v["eq_deck"][:v["eq_n"]]
    in_play = [e for e in range(24) if EQL_PLAY <= v["eq_loc"][e] < EQL_PLAY + n]
    assert sorted(row + deck + in_play + ([pending] if pending >= 0 else [])) == list(range(24)), "equipment lost"
    assert all(v["eq_loc"][e] == EQL_ROW for e in row) and all(v["eq_loc"][e] == EQL_DECK for e in deck)
    assert all(x >= 0 for x in v["nuggets"][:n])
    assert sum(v["nuggets"][:n]) + v["parked"] + v["nuggets_out"] == v["nuggets_in"]
    if not v["gold_rush"]:
        assert v["nuggets_in"] == 0 and not in_play and not row
    dying = {v["fr_a"][f] for f in range(v["fr_n"]) if v["fr_kind"][f] == FR_DYING}
    for p in range(n):
        assert v["life"][p] <= v["max_life"][p]
        if v["status"][p] == ST_LIVING and p not in dying and not v["over"]:
            assert v["life"][p] >= 1, f"seat {p} is living at {v['life'][p]} outside a dying window"
        if v["status"][p] != ST_LIVING:
            assert v["life"][p] == 0
    assert sorted(v["role"][:n]) == sorted(r for r, k in enumerate(ROLE_COUNTS[n]) for _ in range(k))
    assert v["status"][v["sheriff"]] in (ST_LIVING, ST_DEAD), "the Sheriff is never a ghost (7.4 step 3)"
    if before is not None:                          # every change of a nugget count is an event of the action
        for p in range(n):
            logged = sum(v["ev_a"][i] for i in range(v["n_events"])
                         if v["ev_kind"][i] == EV_NUGGETS and v["ev_player"][i] == p)
            assert v["nuggets"][p] - before["nuggets"][p] == logged, f"seat {p}'s nuggets moved without an event"


def winners(v: dict) -> list:
    n, w = v["n_players"], v["winner"]
    side = {WIN_SHERIFF: (0, 3), WIN_OUTLAWS: (2,), WIN_RENEGADE: (1,)}[w]
    dark = {1: WIN_SHERIFF, 2: WIN_OUTLAWS}.get(v["dark_side"])
    return [1.0 if v["role"][p] in side or (v["role"][p] == 1 and dark == w and w != WIN_RENEGADE) else 0.0
            for p in range(n)]


def play(players: int, gold_rush: bool, ghosts: bool, seed: int, check: bool) -> int:
    state = new_game("bang", players=players, seed=seed, gold_rush=gold_rush, ghosts=ghosts)
    rng, moves = random.Random(seed), 0
    before = state.to_dict()["state"]
    if check:
        recount(before, None)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
        if check:
            v = state.to_dict()["state"]
            recount(v, before)
            before = v
    v = state.to_dict()["state"]
    recount(v, None)
    assert v["winner"] != 0 and moves < MOVE_CAP, f"{players}p seed {seed}: unfinished after {moves} moves"
    assert state.returns() == winners(v) and sum(state.returns()) >= 1
    assert v["status"][v["sheriff"]] != ST_LIVING or v["winner"] == WIN_SHERIFF
    return moves


@pytest.mark.parametrize("players,gold_rush,ghosts", SETUPS)
def test_every_invariant_after_every_action(players, gold_rush, ghosts, scale):
    for seed in range(4 * scale):
        assert play(players, gold_rush, ghosts, 1000 + seed, check=True) > 0


@pytest.mark.parametrize("players,gold_rush,ghosts", SETUPS)
def test_random_games_end_by_victory(players, gold_rush, ghosts, scale):
    """200 games per setup (2,000 with ``--long``), invariants at the end of each."""
    lengths = [play(players, gold_rush, ghosts, seed, check=False) for seed in range(200 * scale)]
    assert max(lengths) < MOVE_CAP


def test_ghosts_play_turns_and_the_dark_renegade_takes_a_side():
    """Over random ghost games: ghost turns happen, and a Renegade eliminated before the end shows a side."""
    ghost_turns = sides = 0
    for seed in range(40):
        state = new_game("bang", players=6, seed=seed, ghosts=True)
        rng = random.Random(seed)
        while not state.is_terminal():
            v = state.to_dict()["state"]
            ghost_turns += v["status"][v["turn_player"]] == ST_GHOST_ACTIVE
            state.apply_action(rng.choice(state.legal_actions()))
        sides += state.to_dict()["state"]["dark_side"] != 0
    assert ghost_turns > 0 and sides > 0


# ------------------------------------------------------------------------------------------------ validate()

def _drop_top(st: dict) -> None:
    st["eq_n"] -= 1                                                   # the top card is still "in the deck"


def _listed_twice(st: dict) -> None:
    st["eq_deck"][0] = st["eq_deck"][1]                               # and the bottom card listed nowhere


def _row_forgets(st: dict) -> None:
    st["eq_row"][0] = -1                                              # its card is still "in the row"


@pytest.mark.parametrize("break_it, gold_rush", [(_drop_top, True), (_drop_top, False), (_listed_twice, True),
                                                  (_listed_twice, False), (_row_forgets, True)])
def test_validate_finds_every_equipment_card_in_exactly_one_zone(break_it, gold_rush):
    """Issue 27 item 9: ``validate()`` checked that the cards the equipment deck lists are there, not that every
    equipment card is in some zone (as it checks the main deck both ways)."""
    from deadeye.core import InvalidStateError
    from deadeye.core.bang import BangState
    plain = new_game("bang", players=4, seed=2, gold_rush=gold_rush).to_dict()
    break_it(plain["state"])
    with pytest.raises(InvalidStateError, match="equipment"):
        BangState.from_dict(plain)


def test_a_bought_wanted_waiting_for_its_player_is_in_a_zone():
    """The one card of no list: a Wanted bought (or drawn by Josh McCloud) until its player is named (FR_TARGET)."""
    from deadeye.core.bang import BangState
    from deadeye.core.bang.data import A_BUY
    from support.bang_position import Table
    s = Table(4).row(21).set(nuggets={0: 2}).state(0)
    s.apply_action(A_BUY + 0)
    v = s.to_dict()["state"]
    assert v["fr_kind"][v["fr_n"] - 1] == FR_TARGET and v["fr_a"][v["fr_n"] - 1] == TG_WANTED
    assert v["eq_loc"][21] == EQL_DECK and 21 not in v["eq_deck"][:v["eq_n"]] + v["eq_row"]
    assert s.validate() == "" and BangState.from_dict(s.to_dict()) == s
