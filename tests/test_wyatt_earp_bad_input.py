"""Wyatt Earp: bad input that only its fields and options can make gets a clear error and changes nothing (the
checks every game passes are in tests/test_bad_input.py)."""
import copy

import pytest

from deadeye.core import IllegalActionError, InvalidActionError, InvalidStateError, new_game
from deadeye.core.wyatt_earp import WyattEarpState


@pytest.fixture
def state():
    s = new_game("wyatt-earp", players=3, seed=5)
    for _ in range(7):                       # somewhere past the first turn
        s.apply_action(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("action, error", [(179, InvalidActionError), (137 + 19, IllegalActionError)])
def test_the_message_says_which_round(state, action, error):
    with pytest.raises(error) as err:
        state.apply_action(action)
    assert str(action) in str(err.value) and "wyatt-earp, round" in str(err.value)


def test_label_of_an_action_that_exists_but_is_not_legal_now(state):
    before = state.clone()
    with pytest.raises(InvalidActionError):
        state.apply_label("play set: 7 x Jesse James")
    assert state == before


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d["state"].pop("hand"), "missing fields"),
    (lambda d: d["state"].__setitem__("hand", [[1, 2], [3]]), "hand"),
    (lambda d: d["state"].__setitem__("money", "lots"), "money"),
    (lambda d: d["state"].__setitem__("draw_n", 300), "draw_n"),
    (lambda d: d["state"].__setitem__("n_players", 9), "n_players"),
    (lambda d: d["state"]["draw"].__setitem__(0, d["state"]["draw"][0] + 1), "draw_n does not match"),
])
def test_malformed_state_dict(state, mutate, match):
    data = copy.deepcopy(state.to_dict())
    mutate(data)
    with pytest.raises(InvalidStateError, match=match):
        WyattEarpState.from_dict(data)


def test_state_dict_with_a_card_too_many(state):
    data = copy.deepcopy(state.to_dict())
    st = data["state"]
    st["hand"][0][4] += 1                     # an eighth Jesse James
    st["hand_n"][0] += 1
    with pytest.raises(InvalidStateError, match="8 cards of Jesse James"):
        WyattEarpState.from_dict(data)


def test_a_first_dealer_who_is_not_a_seat():
    with pytest.raises(ValueError, match="first_dealer"):
        new_game("wyatt-earp", players=3, first_dealer=3)


def test_a_finished_games_records_are_checked_too():
    """A finished game skips the hands' bookkeeping checks (the duel may gather the hands), but its records are
    still sampled: counts past their arrays, or a record naming a seat or card that does not exist, were accepted
    and read past the arrays (found by the debug build's sanitizer on tests/test_load_fuzz.py)."""
    import random

    state, rng = new_game("wyatt-earp", players=3, seed=2), random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    plain = state.to_dict()
    assert WyattEarpState.from_dict(plain) == state
    for field, value, why in (("n_plays", 17, "n_plays exceeds"), ("n_tiers", [9, 0, 0, 0, 0, 0], "tiers of seat 0"),
                              ("n_plays", 1, "play record 0 out of range")):
        broken = copy.deepcopy(plain)
        broken["state"][field] = value
        if field == "n_plays" and value == 1:
            broken["state"]["play_seat"][0] = 5
        with pytest.raises(InvalidStateError, match=why):
            WyattEarpState.from_dict(broken)
