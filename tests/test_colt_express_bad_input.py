"""Colt Express: bad input gets a clear error and changes nothing (illegal ids, unknown labels, malformed dicts,
bad options)."""
import copy

import pytest

from deadeye.core import IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError, new_game
from deadeye.core.colt_express import ColtExpressState
from deadeye.core.colt_express.text import round_card_turns


@pytest.fixture(params=[(3, False), (4, True), (2, True)])
def state(request):
    players, advanced = request.param
    s = new_game("colt-express", players=players, seed=5, advanced=advanced)
    for _ in range(7):                                    # somewhere past the first turn
        s.apply_action(s.legal_actions()[0])
    return s


def test_every_illegal_action_id_is_refused_and_changes_nothing(state):
    before = state.clone()
    legal = set(state.legal_actions())
    for action in [-1, 217, 10_000] + [a for a in range(217) if a not in legal]:
        with pytest.raises(IllegalActionError if 0 <= action < 217 else InvalidActionError) as err:
            state.apply_action(action)
        assert str(action) in str(err.value) and "colt-express, round" in str(err.value)
    assert state == before


def test_stealin_decisions_refuse_actions_of_other_decisions():
    s = new_game("colt-express", players=3, seed=1)
    while s.phase == "scheme":
        s.apply_action(s.legal_actions()[0])
    while s.phase in ("scheme", "keep"):
        s.apply_action(s.legal_actions()[0])
    before = s.clone()
    for label in ("draw three cards", "play Move face up", "keep 0 x Move"):
        with pytest.raises(InvalidActionError):
            s.apply_label(label)
    assert s == before


def test_action_label_of_a_non_action(state):
    with pytest.raises(InvalidActionError, match="not an action of colt-express"):
        state.action_label(217)


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.pop("state"), "expected"),
    (lambda d: d.__setitem__("game", "wyatt-earp"), "expected"),
    (lambda d: d["state"].pop("hand"), "missing fields"),
    (lambda d: d["state"].__setitem__("extra", 1), "unknown fields"),
    (lambda d: d["state"].__setitem__("hand", [[1, 2], [3]]), "hand"),
    (lambda d: d["state"].__setitem__("car", "caboose"), "car"),
    (lambda d: d["state"].__setitem__("n_players", 9), "n_players"),
    (lambda d: d["state"].__setitem__("rng", -1), "rng"),
    (lambda d: d["state"]["hand"][0].__setitem__(0, d["state"]["hand"][0][0] + 1), "hand_n"),
    (lambda d: d["state"].__setitem__("neutral_supply", 12), "marshal bullets"),
    (lambda d: d["state"]["tok_value"].__setitem__(5, 900), "purse 5"),
    (lambda d: d["state"]["bullets_left"].__setitem__(d["state"]["bandit_of"][0][0], 3), "bullets left"),
    (lambda d: d["state"].__setitem__("marshal_car", 9), "marshal"),
    (lambda d: d["state"]["round_card"].__setitem__(4, 2), "station card"),
    (lambda d: d["state"]["wagon"].__setitem__(1, 6), "wagon"),              # issue 27: a wagon id past 5
    (lambda d: d["state"]["wagon"].__setitem__(1, d["state"]["wagon"][2]), "wagon"),
    (lambda d: d["state"]["wagon"].__setitem__(0, 3), "wagon"),
    (lambda d: d["state"]["wagon"].__setitem__(d["state"]["n_cars"], 3), "wagon"),    # a wagon behind the caboose
    (lambda d: d["state"].__setitem__("turn", len(round_card_turns(d["state"]["round_card"][d["state"]["round"] - 1]))),
     "turn"),                                                                   # a schemin' turn past the round card
])
def test_malformed_state_dict(state, mutate, match):
    data = copy.deepcopy(state.to_dict())
    mutate(data)
    with pytest.raises(InvalidStateError, match=match):
        ColtExpressState.from_dict(data)


def test_state_dict_with_a_card_too_many():
    s = new_game("colt-express", players=3, seed=5)
    data = copy.deepcopy(s.to_dict())
    st = data["state"]
    st["deck"][1][4] += 1                                  # a second Punch card
    st["deck_n"][1] += 1
    with pytest.raises(InvalidStateError, match="seat 1 holds 2 cards of kind 4"):
        ColtExpressState.from_dict(data)


def test_bandit_inside_the_marshals_car_is_refused():
    s = new_game("colt-express", players=3, seed=5)
    data = copy.deepcopy(s.to_dict())
    b = data["state"]["bandit_of"][0][0]
    data["state"]["car"][b], data["state"]["level"][b] = 0, 0
    with pytest.raises(InvalidStateError, match="inside the marshal's car"):
        ColtExpressState.from_dict(data)


def test_bad_options():
    with pytest.raises(UnknownGameError, match="2 to 6 players, not 7"):
        new_game("colt-express", players=7)
    with pytest.raises(UnknownGameError, match="no option expert"):
        new_game("colt-express", players=3, expert=True)
    with pytest.raises(ValueError, match="option first_player takes none .drawn from the seed. or a seat from 0 to 2, not 3"):
        new_game("colt-express", players=3, first_player=3)


def test_information_set_of_a_seat_that_does_not_exist(state):
    with pytest.raises(ValueError, match="out of range"):
        state.information_set(state.num_players())
