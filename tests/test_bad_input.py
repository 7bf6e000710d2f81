"""Bad input gets a clear error and changes nothing (illegal ids, unknown labels, malformed dicts, bad options)."""
import copy

import pytest

from deadeye.core import (GameError, IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError,
                          list_games, new_game)
from deadeye.core.wyatt_earp import WyattEarpInformationSet, WyattEarpState


@pytest.fixture
def state():
    s = new_game("wyatt-earp", players=3, seed=5)
    for _ in range(7):                       # somewhere past the first turn
        s.apply_action(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("action, error", [(-1, InvalidActionError), (179, InvalidActionError),
                                           (10_000, InvalidActionError), (137 + 19, IllegalActionError)])
def test_action_out_of_range_or_not_legal_raises_and_changes_nothing(state, action, error):
    before = state.clone()
    with pytest.raises(error) as err:
        state.apply_action(action)
    assert state == before
    assert str(action) in str(err.value) and "round" in str(err.value)   # the message says where we are


def test_label_of_an_action_that_exists_but_is_not_legal_now(state):
    before = state.clone()
    with pytest.raises(InvalidActionError):
        state.apply_label("play set: 7 x Jesse James")
    assert state == before


def test_errors_are_value_errors():
    for cls in (IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError):
        assert issubclass(cls, GameError) and issubclass(cls, ValueError)


def test_action_label_of_a_non_action():
    s = new_game("wyatt-earp", players=2, seed=2)
    with pytest.raises(InvalidActionError):
        s.action_label(500)


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.pop("state"), "expected"),
    (lambda d: d.__setitem__("game", "chess"), "expected"),
    (lambda d: d["state"].pop("hand"), "missing fields"),
    (lambda d: d["state"].__setitem__("extra", 1), "unknown fields"),
    (lambda d: d["state"].__setitem__("hand", [[1, 2], [3]]), "hand"),
    (lambda d: d["state"].__setitem__("money", "lots"), "money"),
    (lambda d: d["state"].__setitem__("draw_n", 300), "draw_n"),
    (lambda d: d["state"].__setitem__("n_players", 9), "n_players"),
    (lambda d: d["state"].__setitem__("rng", -1), "rng"),
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


def test_malformed_view_dict(state):
    data = state.information_set(1).to_dict()
    bad = copy.deepcopy(data)
    bad["seat"] = 7
    with pytest.raises(InvalidStateError, match="seat"):
        WyattEarpInformationSet.from_dict(bad)
    bad = copy.deepcopy(data)
    del bad["view"]["discard"]
    with pytest.raises(InvalidStateError, match="missing fields"):
        WyattEarpInformationSet.from_dict(bad)
    with pytest.raises(InvalidStateError):
        WyattEarpInformationSet.from_dict([1, 2, 3])


def test_unknown_game_and_bad_options():
    with pytest.raises(UnknownGameError, match="unknown game 'poker'; games: bang, colt-express, hearts, kuhn-poker, way-out-west, wyatt-earp"):
        new_game("poker", players=2)
    with pytest.raises(UnknownGameError, match="2 to 6 players, not 7"):
        new_game("wyatt-earp", players=7)
    with pytest.raises(UnknownGameError, match="no option colour"):
        new_game("wyatt-earp", players=3, colour="red")
    with pytest.raises(ValueError, match="first_dealer"):
        new_game("wyatt-earp", players=3, first_dealer=3)
    assert [g.name for g in list_games()] == ["bang", "colt-express", "hearts", "kuhn-poker", "way-out-west", "wyatt-earp"]
    with pytest.raises(UnknownGameError, match="4 to 4 players, not 3"):
        new_game("hearts", players=3)
    with pytest.raises(UnknownGameError, match="hearts has no option jd_bonus"):
        new_game("hearts", players=4, jd_bonus=True)


def test_information_set_of_a_seat_that_does_not_exist(state):
    with pytest.raises(ValueError, match="seat 3 out of range"):
        state.information_set(3)


def test_sample_rejects_a_non_seed(state):
    with pytest.raises(TypeError):
        state.information_set(0).sample("seven")
