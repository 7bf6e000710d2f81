"""``deadeye play bang``: the cards a seat alone learns (``private_events``), why a usual option is missing
(``unavailable_reasons``), and the game-end table (``text.round_table``), in concrete positions and random games."""
import random
import re

import pytest

from deadeye.core.bang import new_state
from deadeye.core.bang.data import (A_BUY, A_CARD, A_GOLD_PAN, A_HAND, A_PASS, A_SEAT, FR_PLAY, K_BANG, K_PANIC,
                                    LOC_UNKNOWN, ST_DEAD)
from deadeye.core.bang.labels import card_name, kind_of
from deadeye.core.bang.text import round_table

from support.bang_position import DEPUTY_R, OUTLAW_R, RENEGADE_R, SHERIFF_R, Table


def dead(table: Table, *seats: int) -> Table:
    for p in seats:
        table.set(status={p: ST_DEAD}, life={p: 0}, revealed={p: 1})
    return table


def reasons_of(state) -> list[str]:
    """The state and the deciding seat's information set agree; other seats get none."""
    seat = state.current_player()
    got = state.unavailable_reasons()
    assert state.information_set(seat).unavailable_reasons() == got
    assert all(state.information_set(p).unavailable_reasons() == [] for p in range(state.num_players()) if p != seat)
    return got


# ------------------------------------------------------------------------------------------------ private events

def test_stagecoach_draws_are_named_to_the_drawer_alone():
    s = Table(4).give(0, 44).top(2, 25).state(0)
    s.apply_action(A_CARD + 44)
    assert s.private_events(0) == [f"you get {card_name(2)}, {card_name(25)}"]
    assert [s.private_events(p) for p in (1, 2, 3)] == [[], [], []]
    assert "seat 0 draws 2 cards" in s.describe_events()
    assert not any("#2" in e or "#25" in e for e in s.describe_events())


def test_panic_names_the_taken_card_to_the_taker_and_the_victim_only():
    s = Table(4).give(0, 49).give(1, 37).state(0)
    s.apply_action(A_CARD + 49)
    s.apply_action(A_SEAT + 1)
    s.apply_action(A_HAND)
    assert s.private_events(0) == [f"you take {card_name(37)} from seat 1"]
    assert s.private_events(1) == [f"seat 0 takes your {card_name(37)}"]
    assert s.private_events(2) == [] and s.private_events(3) == []


def test_kit_carlson_looks_at_three_and_keeps_two():
    s = Table(4, characters=[18, 6, 22, 11]).top(2, 25, 37).state(0)
    s.apply_action(A_PASS)                                           # seat 0 ends; Kit Carlson's phase 1
    assert s.current_player() == 1
    assert s.private_events(1) == [f"you look at {card_name(2)}, {card_name(25)}, {card_name(37)}"]
    assert s.private_events(0) == [] and s.private_events(2) == []
    s.apply_action(A_CARD + 37)                                      # Beer goes back on top
    assert s.private_events(1) == [f"you get {card_name(2)}, {card_name(25)}"]
    assert s.private_events(3) == []


# ------------------------------------------------------------------------------------------------ reasons

CAST = [11, 19, 22, 4, 21]      # Sid Ketchum first: no nugget ability of seat 0 adds its own reason

def test_a_second_bang_needs_volcanic_or_willy_the_kid():
    s = Table(4, characters=CAST[:4]).give(0, 2, 3).state(0)
    s.apply_action(A_CARD + 2)
    s.apply_action(A_SEAT + 1)
    s.apply_action(A_PASS)                                           # seat 1 takes the hit
    assert reasons_of(s) == ["one BANG! per turn: you have played one (only Volcanic or Willy the Kid allow more)"]
    s = Table(4, characters=CAST[:4]).give(0, 2, 3).in_play(0, 72).state(0)               # Volcanic: no reason
    s.apply_action(A_CARD + 2)
    s.apply_action(A_SEAT + 1)
    s.apply_action(A_PASS)
    assert A_CARD + 3 in s.legal_actions() and reasons_of(s) == []


def test_no_target_within_reach_names_the_distances():
    s = Table(5, characters=CAST).give(0, 2, 49).in_play(1, 69).in_play(4, 70).state(0)
    assert reasons_of(s) == [
        "no target within reach for BANG!: distances seat 1 2, seat 2 2, seat 3 2, seat 4 2 (you reach 1)",
        "Panic! needs a seat at distance 1 with a card: distances seat 1 2, seat 2 2, seat 3 2, seat 4 2 (you reach 1)"]


def test_blue_card_twice_jail_on_the_sheriff_and_beer_at_full_life():
    s = Table(4).give(1, 63, 66, 37).in_play(1, 64).in_play(2, 67).in_play(3, 68).state(1)
    assert reasons_of(s) == ["you already have a Barrel in play: two blue cards of a name never",
                             "Jail: no seat to jail (never the Sheriff, nor a seat already in Jail)",
                             "Beer heals nothing at full life"]
    assert reasons_of(dead(Table(4, characters=CAST[:4]).give(0, 37).set(life={0: 2}), 2, 3).state(0)) == [
        "Beer heals nothing with two players left"]


def test_buying_needs_the_nuggets_and_gold_pan_works_twice_a_turn():
    s = Table(4, characters=CAST[:4]).row(13, 15).equip(0, 16).set(nuggets={0: 2}).state(0)   # Boots, Gold Pan in the row; Gun Belt
    assert reasons_of(s) == ["Boots costs 3 nuggets: you have 2", "Gold Pan costs 3 nuggets: you have 2"]
    s = Table(4, characters=CAST[:4]).equip(0, 15).set(nuggets={0: 3}, gold_pan_used=2).state(0)
    assert A_GOLD_PAN not in s.legal_actions()
    assert reasons_of(s) == ["Gold Pan: twice a turn, used twice"]
    s = Table(4, characters=CAST[:4]).equip(0, 15).set(nuggets={0: 3}, gold_pan_used=1).state(0)
    assert A_GOLD_PAN in s.legal_actions() and reasons_of(s) == []


# ------------------------------------------------------------------------------------------------ game-end table

def test_the_game_end_table_names_roles_fates_the_killer_and_the_winners():
    s = dead(Table(4, characters=[18, 19, 22, 11]), 1, 2).give(0, 2).set(life={3: 1}).state(0)
    before = s.information_set(0)
    events = []
    for a in (A_CARD + 2, A_SEAT + 3, A_PASS, A_PASS):          # seat 3 takes the hit, then ends his dying window
        assert a in s.legal_actions()
        s.apply_action(a)
        events += s.events()
        if not s.is_terminal():
            assert round_table(before, events, s.information_set(0)) == []
    assert s.is_terminal()
    assert round_table(before, events, s.information_set(0)) == [
        "game over: the Sheriff's side wins",
        "  seat  character        role      side                fate",
        "  0     Jacky Murieta    Sheriff   the Sheriff's side  alive",
        "  1     Josh McCloud     Renegade  the Renegade        dead",
        "  2     Raddie Snake     Outlaw    the Outlaws         dead",
        "  3     Sid Ketchum      Outlaw    the Outlaws         dead (eliminated by seat 0)"]


# ------------------------------------------------------------------------------------------------ random games

@pytest.mark.parametrize("players,gold_rush", [(4, True), (5, False), (7, True)])
def test_random_games_reasons_only_for_withheld_options_and_private_events_only_seen_cards(players, gold_rush):
    for seed in range(6):
        rng = random.Random(seed)
        s = new_state(players, seed, gold_rush=gold_rush)
        while not s.is_terminal():
            v = s.to_dict()["state"]
            legal = s.legal_actions()
            if v["fr_kind"][v["fr_n"] - 1] == FR_PLAY:
                kinds = {kind_of(a - A_CARD) for a in legal if A_CARD <= a < A_CARD + 80}
                for reason in s.unavailable_reasons():
                    if "for BANG!" in reason or "one BANG!" in reason:
                        assert K_BANG not in kinds, reason
                    if reason.startswith("Panic!"):
                        assert K_PANIC not in kinds, reason
                    if reason.startswith("Gold Pan"):
                        assert A_GOLD_PAN not in legal, reason
                    if "costs" in reason and "nuggets: you have" in reason:
                        cost, have = map(int, re.findall(r"costs (\d+) nuggets: you have (\d+)", reason)[0])
                        assert cost > have, reason
                    if reason.startswith("Beer heals nothing at full life"):
                        assert v["life"][v["current"]] == v["max_life"][v["current"]]
            s.apply_action(rng.choice(legal))
            for seat in range(players):
                view = s.information_set(seat).to_dict()["view"]
                for line in s.private_events(seat):
                    for c in map(int, re.findall(r"#(\d+)", line)):
                        assert view["loc"][c] != LOC_UNKNOWN, (seed, seat, line)


def test_the_heuristic_weights_follow_its_choice_not_the_uniform_default():
    from deadeye.core.bang.heuristic import BangHeuristic
    s = Table(4).give(0, 44).state(0)                                # Stagecoach beats ending the phase
    h = BangHeuristic()
    assert s.legal_actions() == [A_CARD + 44, A_PASS]
    assert h.weights(s) == {A_CARD + 44: 1.0, A_PASS: 0.0} and h.choose(s, 1) == A_CARD + 44
