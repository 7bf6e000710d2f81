"""Wyatt Earp's view check (issue 13 defect 1): every view the rules can produce is accepted, and impossible views
are refused with ``InvalidStateError`` (``bad_view`` on the wire) instead of reaching a search."""
from __future__ import annotations

import copy
import random

import pytest

from deadeye.core import new_game
from deadeye.core.errors import InvalidStateError
from deadeye.core.wyatt_earp import WyattEarpInformationSet
from support.protocol_harness import replies_by_id, request, run_messages


def _view(players: int = 3, seed: int = 1, steps: int = 0) -> dict:
    state = new_game("wyatt-earp", players=players, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        state.apply_action(r.choice(state.legal_actions()))
    return state.information_set(state.current_player()).to_dict()


def _other(plain: dict) -> int:
    return (plain["seat"] + 1) % plain["view"]["n_players"]


def _set(path, value):
    def mutate(plain):
        node = plain["view"]
        *head, last = path(plain)
        for key in head:
            node = node[key]
        node[last] = value
    return mutate


MUTATIONS = {
    "another seat's hand_n 40": _set(lambda p: ["hand_n", _other(p)], 40),
    "another seat's hand_n 128": _set(lambda p: ["hand_n", _other(p)], 128),
    "draw_n 255": _set(lambda p: ["draw_n"], 255),
    "draw_n 0": _set(lambda p: ["draw_n"], 0),
    "negative money": _set(lambda p: ["money", 0], -1000),
    "money not in thousands": _set(lambda p: ["money", 1], 1500),
    "money of a seat that does not play": _set(lambda p: ["money", 5], 1000),
    "dealer 5 with 3 players": _set(lambda p: ["dealer"], 5),
    "window_outlaw 200 in a photo window": lambda p: p["view"].update(phase=5, window_outlaw=200,
                                                                     decider=_other(p)),
    "photo window decided by the active seat": lambda p: p["view"].update(phase=5, window_outlaw=0),
    "aside cards missing from the pool": _set(lambda p: ["aside", 4], 7),
    "target phase without a pending card": _set(lambda p: ["phase"], 2),
    "pending card in the draw phase": _set(lambda p: ["pending"], 15),
    "negative poster": _set(lambda p: ["poster", 2], -1000),
    "winner before the end": _set(lambda p: ["winner"], 1),
    "round 0": _set(lambda p: ["round"], 0),
    "a tier mask out of range": _set(lambda p: ["tier_mask", _other(p), 0], 200),
    "tiers that do not add up": _set(lambda p: ["tier_n", _other(p), 0], 3),
    "a search record beyond n_searches": _set(lambda p: ["search_held", 3], 1),
    "a view showing the draw pile": _set(lambda p: ["draw", 3], 1),
    "another seat's hidden card": lambda p: p["view"]["hand"][_other(p)].__setitem__(3, 1),
    "sheriff_used 2": _set(lambda p: ["sheriff_used"], 2),
    "events in a view": _set(lambda p: ["n_events"], 1),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_impossible_views_are_refused(name):
    for steps in (0, 1, 40):
        plain = _view(steps=steps)
        WyattEarpInformationSet.from_dict(plain)                  # the untouched view is fine
        bad = copy.deepcopy(plain)
        MUTATIONS[name](bad)
        with pytest.raises(InvalidStateError):
            WyattEarpInformationSet.from_dict(bad)


@pytest.mark.parametrize("players", (2, 3, 4, 5, 6))
def test_every_view_of_random_play_is_accepted_and_round_trips(players):
    for game in range(8):
        state = new_game("wyatt-earp", players=players, seed=game)
        r = random.Random(game)
        for step in range(300):
            if state.is_terminal():
                break
            if step % 3 == 0:
                for seat in range(players):
                    info = state.information_set(seat)
                    assert WyattEarpInformationSet.from_dict(info.to_dict()) == info
            state.apply_action(r.choice(state.legal_actions()))


def test_issue_reproduction_gets_bad_view_over_the_protocol():
    """3 players, seed 1, another seat's hand_n set to 40, sent to bot.choose_view: refused, and the server goes on."""
    plain = _view(players=3, seed=1)
    plain["view"]["hand_n"][_other(plain)] = 40
    out, _ = run_messages(request(1, "bot.choose_view", game="wyatt-earp", view={"information_set": plain},
                                  bot="ismcts", budget={"iterations": 50}),
                          request(2, "hello"))
    replies = replies_by_id(out)
    assert replies[1][2]["code"] == "bad_view", replies[1]
    assert replies[2][2] is None
