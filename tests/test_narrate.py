"""One narrator (issue 30): every move told in plain words, the same sentence in the protocol's events (``text``),
in ``deadeye play`` and on the page (tests/test_web_browser.py), with no engine words in it."""
from __future__ import annotations

import io
import random
import re

import pytest

from deadeye.bots.capabilities import PLAIN
from deadeye.core import list_games, new_game
from deadeye.core.narrate import narrate_events, narrate_public, personal, seat_names
from deadeye.core.observation import apply_observed
from deadeye.protocol.play import Quit, run

from support.protocol_harness import InProcessServer

GAMES = sorted(g.name for g in list_games())
# four players where the game takes them (else its nearest count); BANG! at five, for a deputy at the table
PLAYERS = {g.name: min(max(4, g.min_players), g.max_players) for g in list_games()} | {"bang": 5}
FORBIDDEN = [                             # what the engine writes and a person should never read
    (r"#\d", "an engine id"),
    (r"\bE\d:", "a round end's code"),
    (r"\b(?:R4|R6|ST)-\d", "a round card's code"),
    (r"\b[Yy]ou (?:is|has|was|does|\w*[^s\W]s)\b", "a verb that does not agree with you"),
    (r"\b[Yy]ou decides\b", "you decides"),
    (r"\b[2-9TJQKA][CDHS]\b", "a card code (3S, not 3♠)"),
    (r"\bplayer \d", "player N (seats are seats)"),
    (r"\bacts\b", "a move told only as acts"),
    (r"\(slot \d", "a slot number"),
    (r"\b1 dice\b", "1 dice"),
    (r"\b\w+s and (?:lose|take|draw|pay|lead)\b", "a second verb that does not agree"),
]


def forbidden(text: str, seat: int | None) -> list[str]:
    """The engine words in ``text`` (read by ``seat``: its own seat is "you", never "seat N")."""
    found = [why for pattern, why in FORBIDDEN if re.search(pattern, text)]
    parts = text.lower().split("; ")
    if any(a == b for a, b in zip(parts, parts[1:])):
        found.append("the same sentence twice in a row")
    if seat is not None and seat >= 0 and re.search(rf"\bseat {seat}\b", text):
        found.append(f"seat {seat} is the reader: 'you'")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_move_is_told_without_engine_words(game: str) -> None:
    """Random games, every move as every seat reads it and as every seat sees it (game.apply's text)."""
    told = 0
    for seed in range(4 if game != "kuhn-poker" else 20):
        state = new_game(game, PLAYERS[game], seed=seed)
        names = seat_names(state)
        rng = random.Random(seed)
        for seat in range(PLAYERS[game]):
            start = narrate_events(game, state.describe_events(), seat, names)
            assert not forbidden(start, seat), (start, forbidden(start, seat))
        while not state.is_terminal():
            actor, action = state.current_player(), rng.choice(state.legal_actions())
            public = state.public_label(action)
            seen = apply_observed(state, action)
            texts = [(o.seat, o.text(names)) for o in seen]
            texts.append((None, narrate_public(state, actor, public, list(state.describe_events()))))
            for seat, text in texts:
                assert not forbidden(text, seat), (seat, text, forbidden(text, seat), seen[seat or 0])
                told += bool(text)
    assert told > 20


def test_the_reader_is_you_and_its_verbs_agree() -> None:
    assert personal("seat 2 drops out, pays $3 and takes space 2", 2, ["a", "b", "c"]) == \
        "you drop out, pay $3 and take space 2"
    assert personal("seat 1 plays BANG! K♦ on seat 2", 2, ["Ann", "Bo", "Cy"]) == "Bo plays BANG! K♦ on you"
    assert personal("seat 2's shot reveals Wes Hardin: hit", 2, ["a", "b", "c"]) == "your shot reveals Wes Hardin: hit"


def test_a_general_store_with_both_stagecoaches_is_one_sentence() -> None:
    """The BANG! deck holds two Stagecoach 9♠ (44 and 45): the cards a General Store shows are listed in one sentence,
    so no two sentences of a move read the same."""
    from deadeye.core.bang.data import A_CARD
    from support.bang_position import Table
    state = Table(4).give(0, 47).top(44, 45, 46, 43).state(0)
    names = seat_names(state)
    text = apply_observed(state, A_CARD + 47)[1].text(names)
    assert text == (f"{names[0]} plays General Store 9♣; {names[0]} shows Stagecoach 9♠, Stagecoach 9♠, "
                    f"Wells Fargo 3♥ and Saloon 5♥"), text
    assert not forbidden(text, 1)


class Scripted:
    """Plays one given action, then leaves (``quit``)."""

    name, capabilities = "scripted", PLAIN

    def __init__(self, action: int | None) -> None:
        self.action = action

    def choose(self, information_set, budget=None) -> int:
        if self.action is None:
            raise Quit
        action, self.action = self.action, None
        return action


def a_move(game: str) -> tuple[object, int, str]:
    """A position of ``game`` where seat 0 is to move after some random moves, a move
    of seat 0 whose narration says something, and that narration as seat 0 reads it."""
    rng = random.Random(7)
    state = new_game(game, PLAYERS[game], seed=3)
    for _ in range(200):
        if state.is_terminal():
            state = new_game(game, PLAYERS[game], seed=rng.randrange(100))
        if state.current_player() == 0 and rng.random() < 0.3:
            names = seat_names(state)
            for action in state.legal_actions():
                copy = state.clone()
                text = apply_observed(copy, action)[0].text(names)
                if text and (copy.is_terminal() or copy.current_player() != 0 or game == "kuhn-poker"):
                    return state, action, text
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no move of seat 0 found in {game}")


@pytest.mark.parametrize("game", GAMES)
def test_deadeye_play_and_the_protocol_tell_a_move_alike(game: str) -> None:
    """The same move of seat 0: the table's history (table.view's events, as the page shows them) and deadeye
    play's line are the narrator's sentence, word for word."""
    state, action, text = a_move(game)
    assert not forbidden(text, 0), text
    with InProcessServer() as engine:
        opened = engine.call("table.open", game=game, players=PLAYERS[game], state=state.to_dict(), pace_ms=0,
                             seats=[{"human": True}] + [{"bot": "random"}] * (PLAYERS[game] - 1))
        engine.call("table.join", token=opened["tokens"]["0"])
        engine.call("table.act", table_id=opened["table_id"], action=action)
        events = engine.call("table.view", table_id=opened["table_id"])["events"]
    assert events[0]["actor"] == 0 and events[0]["text"] == text
    out = io.StringIO()
    agents = [Scripted(action)] + [Scripted(None)] * (PLAYERS[game] - 1)
    run(state.clone(), agents, out, watcher=0)
    assert out.getvalue().splitlines()[0] == text


@pytest.mark.parametrize("game", GAMES)
def test_the_moves_offered_and_the_decision_are_in_words(game: str) -> None:
    """game.view's legal moves (their ``text``, a button's words) and its ``decision`` hold no engine words either,
    while the labels stay the engine's (game.apply takes them)."""
    from deadeye.protocol.server import seat_view
    decided = 0
    for seed in range(2):
        state = new_game(game, PLAYERS[game], seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            view = seat_view(game, 1, state, seat)
            assert [e["label"] for e in view["legal"]] == [state.action_label(a) for a in state.legal_actions()]
            for text in [e["text"] for e in view["legal"]] + [view["decision"]]:
                assert not forbidden(text, seat), (text, forbidden(text, seat))
            decided += view["decision"].startswith("You ")
            state.apply_action(rng.choice(state.legal_actions()))
    if game == "bang":                                  # its out-of-turn decisions are told (the page shows them)
        assert decided > 0
