"""The Colt Express rule-based player (``deadeye.core.colt_express.heuristic``) and the cut-off evaluation
``ColtExpressState._evaluate`` (rules: /work/shared/rules/colt-express.md, sections cited as §).

The player must always answer with a legal action, play clearly better than chance, decide only from what the
deciding seat knows (tested with the information sets), and make the obvious moves in concrete positions.
"""
from __future__ import annotations

import random

import pytest

from support.ce_position import act, labels, position, steal

from deadeye.core import new_game
from deadeye.core.colt_express.heuristic import ColtExpressHeuristic
from deadeye.core.state import Policy

HEURISTIC = ColtExpressHeuristic()
RANDOM = Policy()
FOUR = "Belle,Cheyenne,Django,Tuco"


def choice(state, seed=0) -> str:
    return state.action_label(HEURISTIC.choose(state, seed))


@pytest.mark.parametrize("players, advanced", [(2, True), (3, False), (4, True), (5, False), (6, True)])
def test_always_a_legal_action(players, advanced, scale):
    """Every state of seeded games with mixed heuristic and random play (so every phase is reached)."""
    rng = random.Random(players)
    checked = 0
    for g in range(20 * scale):
        state = new_game("colt-express", players=players, seed=g, advanced=advanced)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert HEURISTIC.choose(state, g) in legal, repr(state)
            policy = HEURISTIC if rng.random() < 0.5 else RANDOM
            state.apply_action(policy.choose(state, rng.getrandbits(63)))
            checked += 1
    assert checked > 20 * scale * 60


@pytest.mark.parametrize("players", [2, 4, 6])
def test_beats_random_play(players):
    """Seats alternate between the heuristic and the random player over 60 seeded deals, both seatings each."""
    wins = [0.0, 0.0]
    for deal in range(60):
        for rot in (0, 1):
            state = new_game("colt-express", players=players, seed=deal)
            step = 0
            while not state.is_terminal():
                q = state.current_player()
                policy = (HEURISTIC, RANDOM)[(q + rot) % 2]
                state.apply_action(policy.choose(state, deal * 10000 + step))
                step += 1
            for q, r in enumerate(state.returns()):
                wins[(q + rot) % 2] += r
    assert wins[0] > 0.8 * sum(wins), wins


# ============================================================================ concrete decisions

def test_robs_the_most_valuable_token():
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, clear_loot=True,
              loot={5: (2, "inside"), 18: (2, "inside"), 24: (2, "inside")}, marshal=1, pile=[("Belle", "Rob")])
    assert choice(s) == "Belle: rob strongbox #24"


def test_prefers_a_purse_it_knows_is_rich_to_an_unknown_one():
    """Both purses are worth $500, but Belle's seat knows only #9's value: it never reads #10's."""
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, clear_loot=True, loot={9: (2, "inside"), 10: (2, "inside")},
              values={9: 500, 10: 500}, pile=[("Belle", "Rob")])
    data = s.to_dict()
    data["state"]["tok_known"][9] |= 1                    # Belle's seat held purse #9 before
    s = type(s).from_dict(data)
    assert {choice(s, seed) for seed in range(10)} == {"Belle: rob purse #9"}


def test_moves_towards_loot_and_never_into_the_marshals_car():
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Cheyenne": (3, "roof"), "Tuco": (4, "inside")},
              clear_loot=True, loot={18: (1, "inside")}, marshal=3, pile=[("Belle", "Move")])
    assert choice(s) == "Belle: move to car 1"
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, clear_loot=True, loot={18: (1, "inside")}, marshal=1,
              pile=[("Belle", "Move")])
    assert choice(s) == "Belle: move to car 3"


def test_shoots_the_richest_opponent():
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Belle": (4, "roof"), "Cheyenne": (1, "inside"),
                              "Tuco": (3, "inside")}, clear_loot=True, loot={18: "Tuco", 19: "Tuco"},
              pile=[("Django", "Fire")])
    assert labels(s) == ["Django: shoot Cheyenne", "Django: shoot Tuco"]
    assert choice(s) == "Django: shoot Tuco"


def test_punch_takes_the_best_token_and_knocks_the_victim_into_the_marshals_car():
    s = steal(4, FOUR, clear_loot=True,
              loot={18: "Tuco", 24: "Tuco"}, marshal=3, pile=[("Django", "Punch")],
              where={"Django": (2, "inside"), "Tuco": (2, "inside"), "Cheyenne": (3, "roof")})
    act(s, "Django: punch Tuco")
    assert choice(s) == "Django: Tuco drops strongbox #24"
    act(s, "Django: Tuco drops strongbox #24")
    assert choice(s) == "Django: knock Tuco to car 3"


def test_marshal_chases_opponents_not_teammates():
    s = steal(2, "Belle,Tuco,Django,Doc", where={"Belle": (3, "roof"), "Tuco": (1, "inside"),
                                                  "Django": (3, "inside"), "Doc": (4, "roof")}, marshal=2,
              pile=[("Belle", "Marshal")])
    while s.phase == "keep":
        s.apply_action(s.legal_actions()[0])
    assert labels(s) == ["Belle: the marshal goes to car 1", "Belle: the marshal goes to car 3"]
    assert choice(s) == "Belle: the marshal goes to car 3"


def test_schemes_a_rob_where_its_bandit_will_stand():
    """Belle's Move is already programmed towards the jewel in car 1: the next card is a Rob."""
    s = position(4, FOUR, round_cards=["R4-3", "R4-1", "R4-2", "R4-4", "ST-1"], turn=1, step=0, clear_loot=True,
                 loot={18: (1, "inside")}, marshal=3,
                 where={"Belle": (2, "inside"), "Cheyenne": (3, "roof"), "Tuco": (4, "inside")},
                 pile=[("Belle", "Move")], hands={0: {"Rob": 1, "Floor change": 1, "Marshal": 1}})
    assert choice(s) == "play Rob face up"


def test_keeps_every_action_card_but_the_marshal():
    s = position(3, "Belle,Django,Tuco", advanced=True, round_cards=["R4-6", "R4-1", "R4-2", "R4-3", "ST-1"],
                 hands={0: {"Move": 2, "Marshal": 1}}, where={"Django": (1, "inside")}, pile=[("Django", "Move")])
    s.apply_label("draw three cards")
    assert choice(s) == "keep 2 x Move"
    act(s, "keep 2 x Move", "keep 0 x Floor change", "keep 0 x Fire", "keep 0 x Rob", "keep 0 x Punch")
    assert choice(s) == "keep 0 x Marshal"


# ============================================================================ the cut-off evaluation

def test_evaluation_is_a_distribution_favouring_the_richest_and_the_result_at_the_end():
    s = position(3, "Belle,Django,Tuco", clear_loot=True, loot={24: "Tuco", 18: "Django"})
    values = s.evaluate()
    assert abs(sum(values) - 1.0) < 1e-9 and all(0 <= v <= 1 for v in values)
    assert values[2] > values[1] > values[0]
    from deadeye.search.playout import random_playout
    random_playout(s, 3)
    assert s.evaluate() == s.returns()
