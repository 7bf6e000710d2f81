"""Tables over ``deadeye serve`` (stdin/stdout, through the protocol harness) and the table registry's limits.

The WebSocket side, with several connections at one table: tests/test_protocol_web.py.
"""
from __future__ import annotations

import random
import threading
import time

import pytest

from deadeye.core import new_game
from deadeye.protocol import RemoteError
from deadeye.protocol.limits import Limits
from deadeye.protocol.server import Server, _Call, seat_view
from deadeye.protocol.session import DEFERRED, MethodError
from deadeye.protocol.tables import TableRegistry

from support.protocol_harness import InProcessServer
from test_protocol_seat_scope import photo_window


class Notes:
    """The notifications a client received, in order (the client's reader thread appends them)."""

    def __init__(self) -> None:
        self.log: list[tuple[str, dict]] = []
        self.lock = threading.Lock()

    def __call__(self, method: str, params: dict) -> None:
        with self.lock:
            self.log.append((method, params))

    def of(self, method: str) -> list[dict]:
        with self.lock:
            return [p for m, p in self.log if m == method]


def test_a_whole_game_at_a_table_over_deadeye_serve():
    notes = Notes()
    with InProcessServer(on_notification=notes) as engine:
        assert "table.open" in engine.call("hello")["methods"]
        opened = engine.call("table.open", game="wyatt-earp", players=3, seed=6,
                             seats=[{"human": True}, {"bot": "easy"}, {"bot": "random"}])
        joined = engine.call("table.join", token=opened["tokens"]["0"])
        table_id, rng, moves = opened["table_id"], random.Random(4), 0
        while True:
            seen = engine.call("table.view", table_id=table_id)
            view = seen["view"]
            if view["status"] == "over":
                break
            if view["turn"] == 0:
                engine.call("table.act", table_id=table_id, action=rng.choice(view["legal"])["action"])
                moves += 1
            else:
                time.sleep(0.005)
        assert joined["view"]["seat"] == 0 and view["result"] is not None and seen["seed"] == 6
        updates = notes.of("table.update")
        assert len(updates) == len(seen["events"]) and [u["event"] for u in updates] == seen["events"]
        assert all(u["seat"] == 0 and u["view"]["seat"] == 0 for u in updates) and updates[-1]["view"] == view
        assert len([e for e in seen["events"] if e["actor"] == 0]) == moves
        infos = notes.of("search.info")
        assert {i["seat"] for i in infos} == {1, 2} and all(i["table_id"] == table_id for i in infos)
        assert all(i["iterations"] == 0 for i in infos if i["seat"] == 2)    # the random bot does not search


def test_a_move_in_a_hidden_window_is_held_and_the_window_is_not_told():
    """Seat 0 (a bot) decides in a Photo window seat 2 cannot see: seat 2's move waits, and seat 2 hears nothing
    of the window, not even that a bot is thinking."""
    notes = Notes()
    with InProcessServer(on_notification=notes) as engine:
        state = photo_window()
        opened = engine.call("table.open", game="wyatt-earp", players=3, seed=1, state=state.to_dict(),
                             seats=[{"bot": "ismcts:iterations=3000"}, {"bot": "random"}, {"human": True}])
        joined = engine.call("table.join", token=opened["tokens"]["2"])
        assert joined["view"]["turn"] == 2 and joined["view"] == seat_view("wyatt-earp", opened["table_id"],
                                                                           state, 2)
        end_play = next(a["action"] for a in joined["view"]["legal"] if a["label"] == "end play step")
        reply = engine.call("table.act", table_id=opened["table_id"], action=end_play, timeout=60)
        log = list(notes.log)
        own = next(i for i, (m, p) in enumerate(log) if m == "table.update" and p["event"]["actor"] == 2)
        assert log[own][1]["view"] == reply["view"] and reply["view"]["seat"] == 2
        assert log[own][1]["event"]["label"] == "end play step"
        assert [p for m, p in log[:own] if m == "search.info"] == []         # seat 0 thought unseen
        assert all(p["event"]["actor"] == 0 for m, p in log[:own] if m == "table.update")


def test_table_errors_over_deadeye_serve():
    with InProcessServer() as engine:
        for params, code in (({"token": "nope"}, "bad_token"), ({}, "invalid_params"), ({"token": 5}, "invalid_params")):
            with pytest.raises(RemoteError) as refused:
                engine.call("table.join", **params)
            assert refused.value.code == code
        with pytest.raises(RemoteError) as unknown:
            engine.call("table.view", table_id=3)
        assert unknown.value.code == "unknown_table"
        with pytest.raises(RemoteError) as bad_game:
            engine.call("table.open", game="chess", players=2, seats=[{"human": True}] * 2)
        assert bad_game.value.code == "unknown_game"
        with pytest.raises(RemoteError) as bad_state:
            engine.call("table.open", game="hearts", players=4, seats=[{"human": True}] * 4,
                        state=photo_window().to_dict())
        assert bad_state.value.code == "invalid_params"
        opened = engine.call("table.open", game="kuhn-poker", players=2, seed=3,
                             seats=[{"human": True}, {"human": True}])
        joined = engine.call("table.join", token=opened["tokens"]["0"])
        with pytest.raises(RemoteError) as illegal:
            engine.call("table.act", table_id=opened["table_id"], action="fold everything")
        assert illegal.value.code == "illegal_action" and illegal.value.message.startswith("table.act:")
        assert engine.call("table.view", table_id=opened["table_id"])["view"] == joined["view"]
        assert engine.call("table.close", table_id=opened["table_id"]) == {}
        with pytest.raises(RemoteError) as closed:
            engine.call("table.join", token=opened["tokens"]["1"])
        assert closed.value.code == "bad_token"


# ------------------------------------------------------------------------------------------------ the registry

class Session:
    """A ``Server`` as one session sees it, its late answers and notifications collected."""

    def __init__(self, registry: TableRegistry, client: str | None = None) -> None:
        self.server = Server(registry.limits, registry) if client is None else Server(registry.limits, registry,
                                                                                      client=client)
        self.answers: dict[int, tuple] = {}
        self.notes: list = []
        self.server.bind(lambda m, p: self.notes.append((m, p)), lambda i, e, r: self.answers.__setitem__(i, (e, r)))
        self.seq = 0

    def call(self, method: str, **params):
        self.seq += 1
        result = self.server.call(method, params, self.seq, self.seq)
        if result is DEFERRED:
            error, result = self.answers.pop(self.seq)
            if error is not None:
                raise MethodError(error["code"], error["message"])
        return result


def hearts_table(session: Session) -> dict:
    return session.call("table.open", game="hearts", players=4, seed=1, seats=[{"human": True}] * 4)


def test_tables_are_bounded_and_an_idle_table_is_closed_after_its_grace():
    clock = [0.0]
    registry = TableRegistry(Limits(tables=2, table_idle_s=60), seat_view, clock=lambda: clock[0])
    host = Session(registry)
    first, second = hearts_table(host), hearts_table(host)
    with pytest.raises(MethodError, match="busy: table.open: 2 tables are open"):
        hearts_table(host)
    player = Session(registry)
    player.call("table.join", token=first["tokens"]["0"])
    clock[0] = 61.0                                      # the second was never joined: idle past its grace
    third = hearts_table(host)
    with pytest.raises(MethodError) as gone:
        player.call("table.join", token=second["tokens"]["0"])
    assert gone.value.code == "bad_token" and len(registry) == 2
    player.server.close()                                # the player's session ends: the first table idles
    clock[0] = 100.0
    again = Session(registry)
    rejoined = again.call("table.join", token=first["tokens"]["1"])     # within its grace: still there
    assert rejoined["table_id"] == first["table_id"]
    again.server.close()
    clock[0] = 161.0
    fourth = hearts_table(host)                          # the first and the third are idle past their grace
    assert list(registry._tables) == [fourth["table_id"]] and third["table_id"] > first["table_id"]


def test_connections_per_table_are_bounded():
    registry = TableRegistry(Limits(table_connections=2), seat_view)
    opened = hearts_table(Session(registry))
    a, b, c = Session(registry), Session(registry), Session(registry)
    a.call("table.join", token=opened["tokens"]["0"])
    b.call("table.join", token=opened["tokens"]["0"])    # a second page for the same seat (a reload) is fine
    with pytest.raises(MethodError, match="busy: table.join: 2 connections"):
        c.call("table.join", token=opened["tokens"]["1"])
    b.server.close()
    assert c.call("table.join", token=opened["tokens"]["1"])["seat"] == 1


def test_the_seat_token_is_random_and_the_seed_is_told_only_at_the_end():
    registry = TableRegistry(Limits(connection_tables=32), seat_view)
    host = Session(registry)
    tokens = {t for _ in range(20) for t in hearts_table(host)["tokens"].values()}
    assert len(tokens) == 80 and all(len(t) >= 20 for t in tokens)
    opened = host.call("table.open", game="kuhn-poker", players=2, seats=[{"human": True}, {"human": True}])
    a, b = Session(registry), Session(registry)
    ja, jb = a.call("table.join", token=opened["tokens"]["0"]), b.call("table.join", token=opened["tokens"]["1"])
    assert "seed" not in ja and "seed" not in a.call("table.view", table_id=ja["table_id"])
    seats = {0: a, 1: b}
    view = ja["view"]
    while view["status"] == "playing":
        mover = seats[view["turn"]]
        view = mover.call("table.act", table_id=ja["table_id"], action=view["legal"][0]["action"])["view"]
        other = seats[1 - mover.server.tables.get("t", ja["table_id"]).seat_of(mover.server)]
        view = other.call("table.view", table_id=ja["table_id"])["view"] if view["status"] == "playing" else view
    final = a.call("table.view", table_id=ja["table_id"])
    assert isinstance(final["seed"], int) and final["seed"] == b.call("table.view", table_id=jb["table_id"])["seed"]


def _searching(table, deadline_s: float = 30.0) -> None:
    """Wait until the table's bot worker is in a search."""
    end = time.monotonic() + deadline_s
    while table._stop is None:
        assert time.monotonic() < end, "the table's bot never started searching"
        time.sleep(0.005)


def test_table_hurry_stops_the_search_the_seat_knows_of():
    """Seat 0 asks the bot it sees thinking to move now: the bot plays at once (its budget was 10 minutes)."""
    registry = TableRegistry(Limits(), seat_view)
    player = Session(registry)
    opened = player.call("table.open", game="kuhn-poker", players=2, seed=3,
                         seats=[{"bot": "ismcts:time_ms=600000"}, {"human": True}])
    joined = player.call("table.join", token=opened["tokens"]["1"])
    table = player.server.tables.get("t", joined["table_id"])
    assert joined["view"]["turn"] == 0                   # the bot moves first, and seat 1 knows it
    _searching(table)
    assert player.call("table.hurry", table_id=joined["table_id"]) == {}
    end = time.monotonic() + 60
    while player.call("table.view", table_id=joined["table_id"])["view"]["turn"] == 0:
        assert time.monotonic() < end, "the bot did not move after table.hurry"
        time.sleep(0.01)
    table.close("test over")


def test_table_hurry_leaves_a_bot_in_a_hidden_window_alone():
    """Seat 0 (a bot) decides in a Photo window seat 2 cannot see: seat 2's table.hurry answers as ever and
    stops nothing, so it learns nothing of the window."""
    registry = TableRegistry(Limits(), seat_view)
    player = Session(registry)
    opened = player.call("table.open", game="wyatt-earp", players=3, seed=1, state=photo_window().to_dict(),
                         seats=[{"bot": "ismcts:time_ms=600000"}, {"bot": "random"}, {"human": True}])
    joined = player.call("table.join", token=opened["tokens"]["2"])
    table = player.server.tables.get("t", joined["table_id"])
    _searching(table)
    assert joined["view"]["turn"] == 2                   # seat 2 believes it is to move
    assert player.call("table.hurry", table_id=joined["table_id"]) == {}
    assert table._stop is not None and not table._stop.is_set
    table.close("test over")


# ------------------------------------------------------------------------------------------------ shares (issue 27)

def test_a_connection_and_an_address_hold_only_their_share_of_the_tables():
    """One connection opening and joining tables stops at its share (``connection_tables``), the connections of
    one address together at theirs (``address_tables``), and everyone else can still open tables."""
    registry = TableRegistry(Limits(tables=8, connection_tables=2, address_tables=3), seat_view)
    greedy = Session(registry, client="10.0.0.1")
    held = [hearts_table(greedy) for _ in range(2)]
    greedy.call("table.join", token=held[0]["tokens"]["0"])            # its own table: no more of its share
    with pytest.raises(MethodError, match="busy: table.open: this connection holds 2 tables"):
        hearts_table(greedy)
    other = Session(registry, client="10.0.0.2")
    theirs = hearts_table(other)
    with pytest.raises(MethodError, match="busy: table.join: this connection holds 2 tables"):
        greedy.call("table.join", token=theirs["tokens"]["1"])
    neighbour = Session(registry, client="10.0.0.1")
    hearts_table(neighbour)
    with pytest.raises(MethodError, match="busy: table.open: the connections of this address hold 3 tables"):
        hearts_table(neighbour)
    greedy.server.close()                                # its tables are held by no one now (they idle out)
    hearts_table(neighbour)
    assert hearts_table(other)["table_id"] > theirs["table_id"]


def test_a_finished_table_is_closed_after_its_grace_with_people_still_seated():
    clock = [0.0]
    registry = TableRegistry(Limits(table_idle_s=60), seat_view, clock=lambda: clock[0])
    a, b = Session(registry), Session(registry)
    opened = a.call("table.open", game="kuhn-poker", players=2, seed=3, seats=[{"human": True}, {"human": True}])
    table_id = opened["table_id"]
    seats = {0: a, 1: b}
    a.call("table.join", token=opened["tokens"]["0"])
    b.call("table.join", token=opened["tokens"]["1"])
    while (view := a.call("table.view", table_id=table_id)["view"])["status"] == "playing":
        mover = seats[view["turn"]]
        legal = mover.call("table.view", table_id=table_id)["view"]["legal"]
        mover.call("table.act", table_id=table_id, action=legal[0]["action"])
    clock[0] = 59.0
    hearts_table(a)
    assert a.call("table.view", table_id=table_id)["seed"] == 3       # the result stays within the grace
    clock[0] = 61.0
    hearts_table(a)
    with pytest.raises(MethodError) as gone:
        a.call("table.view", table_id=table_id)
    assert gone.value.code == "unknown_table"
    assert [p["reason"] for m, p in b.notes if m == "table.closed"] == ["the game is over"]


# ------------------------------------------------------------------------------------------------ pacing (issue 27)

def forced_position():
    """A 3-player Wyatt Earp position whose seat to move has exactly one legal action, and a seat that knows it is
    that seat's turn (no hidden window): (state, mover, watcher)."""
    rng = random.Random(5)
    for seed in range(100):
        state = new_game("wyatt-earp", players=3, seed=seed)
        for _ in range(400):
            if state.is_terminal():
                break
            mover = state.current_player()
            watchers = [s for s in range(3) if s != mover and state.information_set(s).current_player() == mover]
            if len(state.legal_actions()) == 1 and watchers:
                return state, mover, watchers[0]
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no forced move found")


def wait_for(session: Session, method: str, deadline_s: float = 60.0) -> dict:
    end = time.monotonic() + deadline_s
    while True:
        found = [p for m, p in list(session.notes) if m == method]
        if found:
            return found[0]
        assert time.monotonic() < end, f"no {method} within {deadline_s} s"
        time.sleep(0.005)


def paced_table(pace_ms: float, bot: str = "ismcts:iterations=20000") -> tuple[Session, dict, int]:
    """A table whose bot seat has a forced move, opened with ``pace_ms``, and a session to join the watcher."""
    state, mover, watcher = forced_position()
    seats = [{"human": True}] * 3
    seats[mover] = {"bot": bot}
    player = Session(TableRegistry(Limits(), seat_view))
    opened = player.call("table.open", game="wyatt-earp", players=3, seed=1, state=state.to_dict(), seats=seats,
                         pace_ms=pace_ms)
    return player, opened, watcher


def test_a_forced_bot_reply_is_paced_like_a_searched_one():
    """A searching bot with one legal action answers at once; at a paced table its move is applied no sooner than
    pace_ms after its turn began, and its thinking is reported by time only, as a search's would be."""
    player, opened, watcher = paced_table(400)
    assert opened["pace_ms"] == 400.0
    started = time.monotonic()
    player.call("table.join", token=opened["tokens"][str(watcher)])
    wait_for(player, "table.update")
    assert time.monotonic() - started >= 0.4
    infos = [p for m, p in list(player.notes) if m == "search.info"]
    assert infos and all(i["iterations"] == 0 for i in infos)


def test_a_paced_search_reports_no_iterations():
    """What tells a search from a forced reply, its iteration count, is not reported at a paced table."""
    registry = TableRegistry(Limits(), seat_view)
    player = Session(registry)
    opened = player.call("table.open", game="kuhn-poker", players=2, seed=3, pace_ms=100,
                         seats=[{"bot": "ismcts:time_ms=700"}, {"human": True}])
    player.call("table.join", token=opened["tokens"]["1"])
    wait_for(player, "table.update")
    infos = [p for m, p in list(player.notes) if m == "search.info"]
    assert len(infos) >= 2 and all(i["iterations"] == 0 for i in infos)
    assert [i["elapsed_ms"] for i in infos] == sorted(i["elapsed_ms"] for i in infos)


def test_table_hurry_ends_the_pace_and_serve_does_not_pace_by_default():
    player, opened, watcher = paced_table(60_000)
    joined = player.call("table.join", token=opened["tokens"][str(watcher)])
    table = player.server.tables.get("t", joined["table_id"])
    wait_for(player, "search.info")
    assert player.call("table.hurry", table_id=joined["table_id"]) == {}
    wait_for(player, "table.update", 20)                  # not the minute of its pace
    table.close("test over")
    with InProcessServer() as engine:
        assert engine.call("table.open", game="kuhn-poker", players=2,
                           seats=[{"human": True}, {"bot": "easy"}])["pace_ms"] == 0.0
