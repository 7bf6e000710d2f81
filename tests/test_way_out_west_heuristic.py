"""The Way Out West heuristic in concrete positions: it buys cattle where it can, bids low, fights only with good
odds, retreats from a lost fight."""
from deadeye.core.way_out_west.data import *
from deadeye.core.way_out_west.heuristic import WayOutWestHeuristic
from support.wow_position import Board
from test_way_out_west_rules import auction, gunfight, rustle

SA, KC, AB, DC, DW = range(5)
POLICY = WayOutWestHeuristic()


def choices(state, seeds=range(20)):
    return {POLICY.choose(state, s) for s in seeds}


def test_buys_two_cattle_where_it_has_a_cowboy():
    assert choices(Board(3).cowboys(SA, 0, 1).state()) == {A_BUY_CATTLE + SA * 2 + 1}


def test_bids_a_dollar_then_drops_out_above_its_cap():
    state = auction()
    assert choices(state) == {A_RAISE}                   # $20: a cap of 3 or 4
    state.apply_action(A_RAISE + 5)                      # seat 1 bids $6
    assert choices(state) == {A_DROP}


def test_fights_with_good_odds_only():
    rich = Board(3).cowboys(AB, 0, 4).cattle(AB, 1, 2).money(0, 0).state()
    assert choices(rich) == {gunfight(AB, rustle(1, 2))}
    poor = Board(3).cowboys(AB, 0, 1).cowboys(AB, 1, 3).cattle(AB, 1, 2).money(0, 0).state()
    assert all(not A_GUNFIGHT <= a < A_RAISE for a in choices(poor))


def test_retreats_when_outgunned_and_fires_otherwise():
    state = Board(3).cowboys(AB, 0, 1).build(AB, TRAIN, 1).cowboys(AB, 1, 3).state()
    state.apply_action(gunfight(AB, TRAIN))              # 1 against 4: the attack's moment
    assert choices(state) == {A_RETREAT + (1 << SA)}
    even = Board(3).cowboys(AB, 0, 2).cowboys(AB, 1, 1).cattle(AB, 1, 1).state()
    even.apply_action(gunfight(AB, rustle(1, 1)))        # the defense (1) fires first: half the attack, it runs
    assert even.current_player() == 1 and choices(even) == {A_RETREAT + (1 << SA)}
    strong = Board(3).cowboys(AB, 0, 2).cowboys(AB, 1, 2).build(AB, BANK, 1).state()
    strong.apply_action(gunfight(AB, BANK))              # 2 against 2 + guard: more than half, it fires
    assert strong.current_player() == 0 and choices(strong) == {A_FIRE}
