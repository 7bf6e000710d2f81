"""BANG!'s public suspicion record (``suspicion`` in core/bang/data.pxd) and the cut-off evaluation: exact changes
after an attack on the Sheriff, on a suspect and a help, the record in every view and every sample, and the
evaluation's bounds and team sense."""
from __future__ import annotations

import random

import pytest

from deadeye.core.bang import BangState, new_state
from deadeye.core.bang.data import (A_BUY, A_CARD, A_PASS, A_SEAT, SUS_HARASS, SUS_HELP, SUS_HIT, SUS_MAX,
                                    SUS_SALOON)
from support.bang_position import DEPUTY_R, OUTLAW_R, RENEGADE_R, SHERIFF_R, Table

ROLES = [OUTLAW_R, SHERIFF_R, DEPUTY_R, OUTLAW_R, RENEGADE_R]       # seat 1 is the Sheriff
BANG, PANIC, DUEL, SALOON, REMINGTON, SHOT = 2, 49, 57, 43, 77, 0


def suspicion(state: BangState) -> list[int]:
    return state.to_dict()["state"]["suspicion"][:state.num_players()]


def played(table: Table, seat: int, card: int, target: int | None) -> BangState:
    s = table.state(seat)
    s.apply_action(A_CARD + card)
    if target is not None:
        s.apply_action(A_SEAT + target)
    return s


@pytest.mark.parametrize("card, weight", [(BANG, SUS_HIT), (DUEL, SUS_HIT), (PANIC, SUS_HARASS)])
def test_an_attack_on_the_sheriff_raises_the_attackers_suspicion_by_its_weight(card, weight):
    s = played(Table(5, roles=ROLES).give(0, card).give(1, 30), 0, card, 1)
    assert suspicion(s) == [weight, 0, 0, 0, 0]
    s = played(Table(5, roles=ROLES).give(0, card).give(1, 30).set(suspicion={0: 4}), 0, card, 1)
    assert suspicion(s)[0] == 4 + weight


def test_attacking_a_suspect_lowers_it_and_attacking_a_protector_raises_it():
    table = Table(5, roles=ROLES).give(3, BANG).in_play(3, REMINGTON).set(suspicion={2: 5, 4: -2})
    assert suspicion(played(table, 3, BANG, 2)) == [0, 0, 5, -SUS_HIT, -2]
    table = Table(5, roles=ROLES).give(3, BANG).in_play(3, REMINGTON).set(suspicion={2: 5, 4: -2})
    assert suspicion(played(table, 3, BANG, 4)) == [0, 0, 5, SUS_HIT, -2]
    table = Table(5, roles=ROLES).give(3, BANG).set(suspicion={2: 5, 4: 0})          # an unknown stance: no change
    assert suspicion(played(table, 3, BANG, 4)) == [0, 0, 5, 0, 0]


def test_helping_the_sheriff_lowers_it():
    s = Table(5, roles=ROLES).row(SHOT).set(nuggets={2: 3}, life={1: 3}).state(2)
    s.apply_action(A_BUY + 0)
    s.apply_action(A_SEAT + 1)                                          # Shot heals the Sheriff
    assert suspicion(s) == [0, 0, -SUS_HELP, 0, 0]
    s = played(Table(5, roles=ROLES).give(4, SALOON).set(life={1: 3}), 4, SALOON, None)
    assert suspicion(s) == [0, 0, 0, 0, -SUS_SALOON]
    s = played(Table(5, roles=ROLES).give(4, SALOON).set(life={0: 2}), 4, SALOON, None)   # the Sheriff unhurt
    assert suspicion(s) == [0, 0, 0, 0, 0]


def test_the_record_is_clamped_and_a_public_role_keeps_none():
    s = played(Table(5, roles=ROLES).give(0, BANG).give(1, 30).set(suspicion={0: SUS_MAX - 1}), 0, BANG, 1)
    assert suspicion(s)[0] == SUS_MAX
    s = played(Table(5, roles=ROLES).give(1, BANG).set(suspicion={0: 5}), 1, BANG, 0)   # the Sheriff shoots
    assert suspicion(s) == [5, 0, 0, 0, 0]


def test_a_record_out_of_range_is_refused():
    data = Table(5, roles=ROLES).state(0).to_dict()
    data["state"]["suspicion"][0] = SUS_MAX + 1
    with pytest.raises(ValueError, match="suspicion"):
        BangState.from_dict(data)
    data["state"]["suspicion"][0] = 0
    data["state"]["suspicion"][1] = 3                                   # the Sheriff's role is public
    with pytest.raises(ValueError, match="suspicion"):
        BangState.from_dict(data)


def test_the_record_is_public_in_every_view_and_sample():
    rng = random.Random(5)
    changed = 0
    for seed in range(40):
        state = new_state(players=rng.randint(4, 7), seed=seed, ghosts=bool(seed % 2))
        for _ in range(rng.randint(0, 300)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        record = suspicion(state)
        changed += any(record)
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            assert info.to_dict()["view"]["suspicion"][:state.num_players()] == record
            assert suspicion(info.sample(seed)) == record
    assert changed > 20


def test_the_evaluation_is_within_bounds_and_shared_by_a_side():
    rng = random.Random(8)
    for seed in range(60):
        state = new_state(players=4 + seed % 4, seed=seed)
        for _ in range(rng.randint(0, 400)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        value, roles = state.evaluate(), state.roles()
        assert all(0.0 <= v <= 1.0 for v in value)
        if state.is_terminal():
            assert value == state.returns()
            continue
        side = {r: [value[p] for p in range(len(roles)) if roles[p] == r] for r in ("Sheriff", "Deputy", "Outlaw")}
        assert all(v == side["Sheriff"][0] for v in side["Deputy"])
        assert len(set(side["Outlaw"])) == 1
        renegade = value[roles.index("Renegade")]
        assert side["Sheriff"][0] + side["Outlaw"][0] + renegade == pytest.approx(1.0)


def test_the_evaluation_follows_the_sheriffs_life_and_the_final_duel():
    full = Table(5, roles=ROLES).state(0).evaluate()
    hurt = Table(5, roles=ROLES).set(life={1: 1}).state(0).evaluate()
    assert hurt[0] > full[0] and hurt[1] < full[1] and hurt[2] == hurt[1] and hurt[3] == hurt[0]
    # law: 2 x 5 + 4, outlaws 4 + 4, the Renegade 4 / 2
    assert full[1] == pytest.approx(14 / 24) and full[0] == pytest.approx(8 / 24) and full[4] == pytest.approx(2 / 24)
    duel = Table(5, roles=ROLES).set(status={0: 1, 2: 1, 3: 1}, revealed={0: 1, 2: 1, 3: 1},
                                     life={0: 0, 2: 0, 3: 0, 1: 3, 4: 3}).state(4).evaluate()
    assert duel == pytest.approx([0.0, 0.5, 0.5, 0.0, 0.5])
