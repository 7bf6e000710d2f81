"""Seat-scoped replies carry only what the seat knows (issue 12 defect 2), through a real ``deadeye serve``.

Twins: a true state and a sample of one seat's information set are two states the seat cannot tell apart; loaded
into the server (``game.load``) with the same seed, every reply to a call made for that seat (``game.view``,
``bot.choose``, a refused ``game.apply``) must be the same for both.  And a seat that believes it is to move while
another seat decides in a window it cannot see (a Wyatt Earp Photo window, rules D35) has its move held until the
window closes.
"""
from __future__ import annotations

import random

import pytest

from deadeye.core import list_games, new_game
from deadeye.protocol import Client, RemoteError

TWINS_PER_GAME = 12          # per game in the fast suite; the slow run takes many more
SLOW_TWINS_PER_GAME = 400
BOT = "ismcts:iterations=60"


def photo_window():
    """Seed 0, 3 players, 50 random moves: seat 0 decides in a Photo window that seat 2 cannot see."""
    state, rng = new_game("wyatt-earp", players=3, seed=0), random.Random(0)
    for _ in range(50):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 0 and state.information_set(2).current_player() == 2
    assert [state.action_label(a) for a in state.legal_actions()] == ["play Photo Butch Cassidy", "decline"]
    return state


def scoped_replies(engine: Client, plain: dict, seat: int, seed: int) -> dict:
    """Every seat-scoped reply about ``seat`` of the game ``plain`` (loaded with ``seed``), timing fields aside."""
    game_id = engine.call("game.load", state=plain, seed=seed)["game_id"]
    view = engine.call("game.view", game_id=game_id, seat=seat)
    del view["game_id"]
    out = {"view": view}
    try:
        choice = engine.call("bot.choose", game_id=game_id, seat=seat, bot=BOT)
        del choice["stats"]["elapsed_ms"]
        out["choice"] = choice
    except RemoteError as exc:
        out["choice"] = (exc.code, exc.message)
    try:
        engine.call("game.apply", game_id=game_id, seat=seat, action="no such action")
    except RemoteError as exc:
        out["refusal"] = (exc.code, exc.message)
    engine.call("game.close", game_id=game_id)
    return out


@pytest.fixture(scope="module")
def engine():
    with Client() as client:
        yield client


def check_twins(engine: Client, game: str, count: int, seed: int) -> None:
    """``count`` random positions of ``game``, each with a random seat and a twin sampled from that seat's view."""
    info, rng = next(g for g in list_games() if g.name == game), random.Random(seed)
    for k in range(count):
        state = new_game(game, players=rng.randint(info.min_players, info.max_players), seed=rng.getrandbits(32))
        for _ in range(rng.randint(0, 150)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        seat = rng.randrange(state.num_players())
        twin = state.information_set(seat).sample(rng.getrandbits(32))
        truth, other = scoped_replies(engine, state.to_dict(), seat, 7), scoped_replies(engine, twin.to_dict(), seat, 7)
        assert truth == other, f"{game}, position {k}, seat {seat}"


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_twins_get_the_same_seat_scoped_replies(engine, game):
    check_twins(engine, game, TWINS_PER_GAME, 5)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_thousands_of_twins_get_the_same_seat_scoped_replies(engine, game):
    check_twins(engine, game, SLOW_TWINS_PER_GAME, 6)


def test_in_a_hidden_window_the_seat_sees_its_own_turn_and_its_move_waits(engine):
    state = photo_window()
    game_id = engine.call("game.load", state=state.to_dict())["game_id"]
    view = engine.call("game.view", game_id=game_id, seat=2)
    own = [a["label"] for a in view["legal"]]
    assert view["turn"] == 2 and own and "play Photo Butch Cassidy" not in own
    assert engine.call("bot.choose", game_id=game_id, seat=2, bot="random")["action"] in \
        [a["action"] for a in view["legal"]]
    with pytest.raises(RemoteError) as refused:                # the error names seat 2's options, no one else's
        engine.call("game.apply", game_id=game_id, seat=2, action="play Photo Butch Cassidy")
    listed = refused.value.message.split("legal:")[1]
    assert refused.value.code == "illegal_action" and "seat 0" not in refused.value.message
    assert "decline" not in listed and "Photo" not in listed and listed.strip() == str(own)
    with pytest.raises(RemoteError) as other:
        engine.call("bot.choose", game_id=game_id, seat=1, bot="random")
    assert other.value.code == "not_your_turn" and "seat 0" not in other.value.message
    end_play = next(a["action"] for a in view["legal"] if a["label"] == "end play step")
    held = engine.send("game.apply", game_id=game_id, seat=2, action=end_play)
    assert engine.call("hello")["protocol"] == 2 and not held.done()     # later calls are served meanwhile
    declined = engine.call("game.apply", game_id=game_id, seat=0, action="decline")
    assert declined["seat"] == 0 and declined["public"] is None
    reply = engine.result(held, timeout=30)
    assert reply["seat"] == 2 and reply["action"] == end_play
    truth = state.clone()
    truth.apply_label("decline")
    truth.apply_action(end_play)
    assert reply["turn"] == truth.information_set(2).current_player()
    assert engine.call("game.view", game_id=game_id, seat=1)["information_set"] == truth.information_set(1).to_dict()


def test_a_held_move_is_refused_when_its_game_closes(engine):
    game_id = engine.call("game.load", state=photo_window().to_dict())["game_id"]
    view = engine.call("game.view", game_id=game_id, seat=2)
    held = engine.send("game.apply", game_id=game_id, seat=2, action=view["legal"][0]["action"])
    engine.call("game.close", game_id=game_id)
    with pytest.raises(RemoteError) as refused:
        engine.result(held, timeout=30)
    assert refused.value.code == "not_your_turn" and "closed" in refused.value.message


def test_a_held_move_is_answered_when_the_session_ends():
    with Client() as client:
        game_id = client.call("game.load", state=photo_window().to_dict())["game_id"]
        view = client.call("game.view", game_id=game_id, seat=2)
        held = client.send("game.apply", game_id=game_id, seat=2, action=view["legal"][0]["action"])
        client.end_input()
        with pytest.raises(RemoteError) as refused:
            client.result(held, timeout=30)
        assert refused.value.code == "not_your_turn" and "session ended" in refused.value.message


def test_game_load_refuses_a_bad_state(engine):
    with pytest.raises(RemoteError) as bad:
        engine.call("game.load", state={"game": "hearts", "state": {"hand": []}})
    assert bad.value.code == "invalid_params"
    with pytest.raises(RemoteError) as unknown:
        engine.call("game.load", state={"game": "chess", "state": {}})
    assert unknown.value.code == "unknown_game"
