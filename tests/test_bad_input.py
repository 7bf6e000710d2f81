"""Bad input gets a clear error and changes nothing, in every registered game (the ``game`` fixture of conftest.py):
ids outside the game are invalid, ids of the game not legal now illegal, unknown labels, malformed dicts, bad options.
What only one game's fields can get wrong is in that game's own file (``test_<game>_bad_input.py``)."""
from __future__ import annotations

import copy

import pytest

from deadeye.core import (GameError, GameInfo, IllegalActionError, InvalidActionError, InvalidStateError,
                          UnknownGameError, list_games, new_game)
from deadeye.core.state import GameState
from support.game_checks import check_state_class


@pytest.fixture
def state(game: GameInfo) -> GameState:
    """A running game a few moves in (as far as seven first-listed moves take it without ending it)."""
    s = new_game(game.name, players=min(max(3, game.min_players), game.max_players), seed=5)
    for _ in range(7):
        after = s.clone()
        after.apply_action(after.legal_actions()[0])
        if after.is_terminal():
            break
        s = after
    return s


def test_ids_outside_the_game_are_invalid_and_ids_not_legal_now_illegal(state):
    """An id outside ``0 .. num_actions - 1`` raises ``InvalidActionError``, an id of the game not legal now
    ``IllegalActionError``; the message names the id and where the game is; the state is unchanged."""
    n, game = type(state).num_actions, type(state).game
    before, legal = state.clone(), set(state.legal_actions())
    not_legal = [a for a in range(n) if a not in legal][:20]
    for action, error in [(-1, InvalidActionError), (n, InvalidActionError), (n + 1, InvalidActionError),
                          (10_000, InvalidActionError)] + [(a, IllegalActionError) for a in not_legal]:
        with pytest.raises(error) as err:
            state.apply_action(action)
        assert str(action) in str(err.value) and f"{game}," in str(err.value)   # the message says where we are
    assert state == before


def test_a_label_that_names_no_legal_action(state):
    before = state.clone()
    with pytest.raises(InvalidActionError):
        state.apply_label("fly away with the strongbox")
    assert state == before


def test_action_label_of_a_non_action(state):
    with pytest.raises(InvalidActionError, match=f"not an action of {type(state).game}"):
        state.action_label(type(state).num_actions)


def test_errors_are_value_errors():
    for cls in (IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError):
        assert issubclass(cls, GameError) and issubclass(cls, ValueError)


MALFORMED_STATES = [
    (lambda d, f: d.pop("state"), "expected"),
    (lambda d, f: d.__setitem__("game", "chess"), "expected"),
    (lambda d, f: d["state"].pop(f), "missing fields"),
    (lambda d, f: d["state"].__setitem__("extra", 1), "unknown fields"),
    (lambda d, f: d["state"].__setitem__(f, "lots"), "{field}"),
    (lambda d, f: d["state"].__setitem__("rng", -1), "rng"),
]


@pytest.mark.parametrize("mutate, match", MALFORMED_STATES,
                         ids=["no-state", "other-game", "missing-field", "unknown-field", "bad-value", "bad-rng"])
def test_malformed_state_dict(state, mutate, match):
    """``from_dict`` of a dict that is not a state of the game names what is wrong (the first field of the layout
    stands for any)."""
    field = type(state).layout[0].name
    data = copy.deepcopy(state.to_dict())
    mutate(data, field)
    with pytest.raises(InvalidStateError, match=match.format(field=field)):
        type(state).from_dict(data)


def test_malformed_view_dict(state):
    info = state.information_set(1)
    cls, data = type(info), info.to_dict()
    bad = copy.deepcopy(data)
    bad["seat"] = 7
    with pytest.raises(InvalidStateError, match="seat"):
        cls.from_dict(bad)
    bad = copy.deepcopy(data)
    del bad["view"][next(iter(bad["view"]))]
    with pytest.raises(InvalidStateError, match="missing fields"):
        cls.from_dict(bad)
    with pytest.raises(InvalidStateError):
        cls.from_dict([1, 2, 3])


def test_unknown_game_and_bad_options(game: GameInfo):
    names = ", ".join(info.name for info in list_games())
    with pytest.raises(UnknownGameError, match=f"unknown game 'poker'; games: {names}$"):
        new_game("poker", players=2)
    for players in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(UnknownGameError,
                           match=f"{game.min_players} to {game.max_players} players, not {players}"):
            new_game(game.name, players=players)
    with pytest.raises(UnknownGameError, match=f"{game.name} has no option colour"):
        new_game(game.name, players=game.min_players, colour="red")


def test_information_set_of_a_seat_that_does_not_exist(state):
    n = state.num_players()
    with pytest.raises(ValueError, match=f"seat {n} out of range"):
        state.information_set(n)


def test_sample_rejects_a_non_seed(state):
    with pytest.raises(TypeError):
        state.information_set(0).sample("seven")


# ------------------------------------------------------------------------ a game that forgets num_actions

class Forgetful(GameState):
    """A state class that declares its name and layout but not ``num_actions``."""

    game = "forgetful"
    layout = ("a field",)


def test_a_state_class_without_num_actions_refuses_every_id_as_invalid():
    """The base class declares no action ids: a game that forgets ``num_actions`` cannot take the base's (once 512)
    and report ids it never uses as illegal rather than invalid."""
    assert GameState.num_actions == 0
    state = Forgetful()
    for action in (0, 3, 511):
        with pytest.raises(InvalidActionError, match="Forgetful declares no num_actions"):
            state.apply_action(action)


def test_the_contract_refuses_a_state_class_without_num_actions_naming_the_game():
    with pytest.raises(AssertionError, match="forgetful: Forgetful declares no num_actions"):
        check_state_class(Forgetful, "forgetful")
