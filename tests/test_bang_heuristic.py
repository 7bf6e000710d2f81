"""The BANG! heuristic in concrete positions (an Outlaw shoots the Sheriff, a Deputy spares him, a Barrel comes
first), its blindness to hidden roles, and its strength against random play."""
from __future__ import annotations

import random

from deadeye.core.bang import new_state
from deadeye.core.bang.data import A_BARREL, A_CARD, A_PASS, A_SEAT
from deadeye.core.bang.heuristic import BangHeuristic
from support.bang_position import DEPUTY_R, OUTLAW_R, RENEGADE_R, SHERIFF_R, Table

H = BangHeuristic()


def test_an_outlaw_shoots_the_sheriff_and_a_deputy_does_not():
    roles = [OUTLAW_R, SHERIFF_R, DEPUTY_R, OUTLAW_R, RENEGADE_R]
    s = Table(5, roles=roles).give(0, 2).state(0)
    assert H.choose(s, 1) == A_CARD + 2
    s.apply_action(A_CARD + 2)
    assert all(H.choose(s, seed) == A_SEAT + 1 for seed in range(10))       # seat 1 (Sheriff) over seat 4
    roles = [DEPUTY_R, SHERIFF_R, OUTLAW_R, OUTLAW_R, RENEGADE_R]
    s = Table(5, roles=roles).give(0, 2).state(0)
    s.apply_action(A_CARD + 2)
    assert all(H.choose(s, seed) == A_SEAT + 4 for seed in range(10))


def test_the_target_of_a_bang_draws_for_the_barrel_first():
    s = Table(4).give(0, 2).give(1, 25).in_play(1, 63).state(0)
    s.apply_action(A_CARD + 2)
    s.apply_action(A_SEAT + 1)
    assert H.choose(s, 3) == A_BARREL


def test_its_choice_depends_only_on_the_seats_information_set():
    rng = random.Random(4)
    for seed in range(30):
        state = new_state(players=rng.randint(4, 7), seed=seed, ghosts=bool(seed % 2))
        for _ in range(rng.randint(0, 200)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        twin = state.information_set(seat).sample(seed)
        assert [H.choose(twin, k) for k in range(5)] == [H.choose(state, k) for k in range(5)]


def test_one_heuristic_seat_wins_more_often_than_a_random_one():
    wins = {"heuristic": 0.0, "random": 0.0}
    for seed in range(100):
        seat = seed % 5
        for who in wins:
            state, rng = new_state(players=5, seed=seed), random.Random(seed)
            while not state.is_terminal():
                mine = state.current_player() == seat and who == "heuristic"
                state.apply_action(H.choose(state, rng.getrandbits(32)) if mine else rng.choice(state.legal_actions()))
            wins[who] += state.returns()[seat]
    assert wins["heuristic"] > wins["random"] + 20, wins


REMINGTON = 77                                                          # range 3: every seat of 5 in reach


def targets(s, heuristic=H) -> set[int]:
    s.apply_action(A_CARD + 2)
    return {heuristic.choose(s, seed) - A_SEAT for seed in range(12)}


def test_a_deputy_shoots_the_most_suspicious_seat_and_spares_the_sheriffs_protector():
    roles = [DEPUTY_R, SHERIFF_R, OUTLAW_R, OUTLAW_R, RENEGADE_R]
    table = Table(5, roles=roles).give(0, 2).in_play(0, REMINGTON)
    assert targets(table.set(suspicion={2: 0, 3: 3, 4: -3}).state(0)) == {3}
    assert targets(table.set(suspicion={2: 1, 3: 3, 4: 6}).state(0)) == {4}
    assert targets(table.set(suspicion={2: 3, 3: 3, 4: 3}).state(0)) == {2, 3, 4}
    assert targets(table.set(suspicion={2: 0, 3: 3, 4: -3}).state(0), BangHeuristic(suspicion=False)) == {2, 3, 4}


def test_an_outlaw_out_of_the_sheriffs_reach_shoots_his_protector_and_spares_his_attacker():
    roles = [OUTLAW_R, RENEGADE_R, SHERIFF_R, DEPUTY_R, OUTLAW_R]      # the Sheriff at distance 2, reach 1
    assert targets(Table(5, roles=roles).give(0, 2).set(suspicion={1: -3, 4: 3}).state(0)) == {1}
    assert targets(Table(5, roles=roles).give(0, 2).set(suspicion={1: 3, 4: -3}).state(0)) == {4}
    assert H.choose(Table(5, roles=roles).give(0, 2).set(suspicion={1: 3, 4: 3}).state(0), 1) == A_PASS


def test_the_renegade_shoots_at_the_stronger_side_and_spares_the_sheriff():
    roles = [RENEGADE_R, DEPUTY_R, SHERIFF_R, OUTLAW_R, OUTLAW_R]      # seat 3 out: seats 1 and 4 next to seat 0
    table = Table(5, roles=roles).give(0, 2).in_play(0, REMINGTON)
    table.set(status={3: 1}, revealed={3: 1}, life={3: 0}, suspicion={1: -3, 4: 3})
    assert targets(table.state(0)) == {4}                   # one Outlaw left a danger (4 x 4 against 5 + 4)
    assert targets(table.set(life={1: 1, 4: 1}).state(0)) == {1}   # no more (4 x 1 against 5 + 1): the protector
