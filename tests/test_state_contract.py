"""The base classes' own contract: declared layouts, the error family, and what each seat observes of an action."""
from __future__ import annotations

import random

import pytest

from deadeye.core import InvalidActionError, list_games, new_game
from deadeye.core.layout import Field, LayoutError, declare_layout
from deadeye.core.observation import apply_observed
from deadeye.core.state import MAX_ACTIONS, OBS_BASE, OBS_HIDDEN, OBS_NONE


def test_a_layout_must_name_every_field_in_order():
    with pytest.raises(LayoutError, match="the struct has"):
        declare_layout("S", 8, ["a", "b", "c"], [Field("a", 0, "u1"), Field("c", 4, "i4")])
    with pytest.raises(LayoutError, match="the struct has"):
        declare_layout("S", 8, ["a", "c"], [Field("c", 4, "i4"), Field("a", 0, "u1")])


def test_a_layout_must_sit_where_the_compiler_puts_each_field():
    # a field hidden in what looks like padding: "b" (u1 at 1) forgotten, and "c" declared at 1 instead of 4
    with pytest.raises(LayoutError, match="belongs at 4"):
        declare_layout("S", 8, ["a", "c"], [Field("a", 0, "u1"), Field("c", 1, "i4")])
    with pytest.raises(LayoutError, match="wrong"):          # a shape too small leaves a gap before the next field
        declare_layout("S", 8, ["a", "c"], [Field("a", 0, "u1", (2,)), Field("c", 3, "u1")])
    with pytest.raises(LayoutError, match="struct has 16 bytes"):
        declare_layout("S", 16, ["a"], [Field("a", 0, "i4", (2,))])


@pytest.mark.parametrize("info", list_games(), ids=lambda g: g.name)
def test_every_game_declares_its_name_layout_and_actions(info):
    state = new_game(info.name, players=info.min_players, seed=1)
    cls = type(state)
    assert cls.game == info.name and cls.layout and 0 < cls.num_actions <= MAX_ACTIONS
    assert set(state.to_dict()["state"]) == {f.name for f in cls.layout} | {"rng"}
    assert type(state.information_set(0)).state_class is cls


@pytest.mark.parametrize("info", list_games(), ids=lambda g: g.name)
@pytest.mark.parametrize("bad", [-1, 10**6, 2**40, -2**70, 1.0, "3", None, True])
def test_ids_outside_the_game_raise_invalid_action_error(info, bad):
    state = new_game(info.name, players=info.min_players, seed=1)
    before = state.to_bytes()
    for call in (state.apply_action, state.action_label, state.public_label, lambda a: state.observation(a, 0)):
        with pytest.raises(InvalidActionError):
            call(bad)
    assert state.to_bytes() == before


@pytest.mark.parametrize("info", list_games(), ids=lambda g: g.name)
def test_what_each_seat_observes_agrees_with_the_public_label(info):
    """Over random games: the actor sees its action whole; a seat that sees the action id gets the public label; a
    seat that sees only a part (OBS_HIDDEN, OBS_BASE + k) gets a public label that hides something; a seat that does
    not notice the decision at all (OBS_NONE) gets no label."""
    rng = random.Random(7)
    for game in range(20):
        state = new_game(info.name, players=rng.randint(info.min_players, info.max_players), seed=game)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            actor, label, public = state.current_player(), state.action_label(action), state.public_label(action)
            seen = apply_observed(state, action)
            for obs in seen:
                assert obs.actor == actor
                if obs.seat == actor:
                    assert obs.observation == action and obs.label == label
                elif obs.observation == OBS_NONE:
                    assert obs.label is None and public is None
                elif obs.observation == action:
                    assert obs.label == public
                else:
                    assert obs.observation == OBS_HIDDEN or obs.observation > OBS_BASE
                    assert obs.label == public != label
