"""``deadeye web``: the protocol over a WebSocket and the tables, through a real server on a free port.

A whole game of every game at a table with one human seat playing random legal actions; two humans at one table
from two connections, each seeing only its seat; replay by seed; twins (two tables whose true states differ only
in what the seat cannot see) giving that seat the very same replies and notifications; and the transport's
refusals: malformed and text frames (answered, the connection serving on), oversize frames, bad tokens, moves out
of turn.
"""
from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from deadeye.core import new_game

from deadeye.core import list_games, new_game
from deadeye.protocol import RemoteError
from deadeye.protocol.limits import Limits
from deadeye.protocol.server import seat_view
from deadeye.protocol.stream import pack

from support.web_client import Rpc, WebServer

GAMES = [g.name for g in list_games()]
PLAYERS = {g.name: g.min_players for g in list_games()}


@pytest.fixture(scope="module")
def server():
    web = WebServer()
    yield web
    web.close()


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 600))


async def play_seat(rpc: Rpc, joined: dict, rng: random.Random) -> tuple[dict, int]:
    """Play the seat ``joined`` holds with random legal actions until the game is over; returns the last view and
    the number of moves made.  Every update must be this seat's."""
    table_id, seat, view, moves = joined["table_id"], joined["seat"], joined["view"], 0
    while view["status"] == "playing":
        if view["turn"] == seat:
            view = (await rpc.call("table.act", table_id=table_id, action=rng.choice(view["legal"])["action"]))["view"]
            moves += 1
        else:
            update = await rpc.update()
            assert update["table_id"] == table_id and update["seat"] == seat == update["view"]["seat"]
            assert set(update["event"]) - {"focus"} == {"actor", "label", "events", "text"}
            view = update["view"]
    return view, moves


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_at_a_table_with_one_human_seat(server, game):
    async def scenario():
        rpc = await Rpc.connect(server.url)
        players = PLAYERS[game]
        bots = ["easy" if game == "kuhn-poker" else "random"] * (players - 1)
        opened = await rpc.call("table.open", game=game, players=players, seed=11,
                                seats=[{"bot": b} for b in bots[:1]] + [{"human": True}] + [{"bot": b} for b in bots[1:]])
        assert list(opened["tokens"]) == ["1"] and len(opened["tokens"]["1"]) >= 20
        joined = await rpc.call("table.join", token=opened["tokens"]["1"])
        assert (joined["seat"], joined["game"], joined["players"]) == (1, game, players) and "seed" not in joined
        table = server.tables.get("test", opened["table_id"])
        view, moves = await play_seat(rpc, joined, random.Random(3))
        assert view["result"] is not None and view == seat_view(game, table.table_id, table.state, 1, table.log)
        final = await rpc.call("table.view", table_id=opened["table_id"])
        assert final["view"] == view and final["seed"] == 11
        own = [e for e in final["events"] if e["actor"] == 1]
        assert len(own) == moves and all(e["label"] is not None for e in own)
        assert final["events"] == table.history[1]
        if game == "kuhn-poker":                           # a search bot moved: its progress was reported
            infos = [p for m, p in rpc.log if m == "search.info"]
            assert infos and all(set(p) == {"table_id", "seat", "iterations", "elapsed_ms"} for p in infos)
            assert {p["seat"] for p in infos} == {0}
        await rpc.close()
    run(scenario())


def test_two_humans_from_two_connections_each_see_only_their_seat(server):
    async def scenario():
        host, guest = await Rpc.connect(server.url), await Rpc.connect(server.url)
        opened = await host.call("table.open", game="wyatt-earp", players=3, seed=5,
                                 seats=[{"human": True}, {"bot": "random"}, {"human": True}])
        assert sorted(opened["tokens"]) == ["0", "2"] and opened["tokens"]["0"] != opened["tokens"]["2"]
        a = await host.call("table.join", token=opened["tokens"]["0"])
        with pytest.raises(RemoteError) as twice:             # one seat per table and connection
            await host.call("table.join", token=opened["tokens"]["2"])
        assert twice.value.code == "invalid_params"
        b = await guest.call("table.join", token=opened["tokens"]["2"])
        assert a["view"]["information_set"] != b["view"]["information_set"]
        (va, _), (vb, _) = await asyncio.gather(play_seat(host, a, random.Random(1)),
                                                play_seat(guest, b, random.Random(2)))
        table = server.tables.get("test", opened["table_id"])
        assert va == seat_view("wyatt-earp", table.table_id, table.state, 0, table.log)
        assert vb == seat_view("wyatt-earp", table.table_id, table.state, 2, table.log)
        ha = (await host.call("table.view", table_id=table.table_id))["events"]
        hb = (await guest.call("table.view", table_id=table.table_id))["events"]
        assert ha == table.history[0] and hb == table.history[2] and ha != hb
        assert all(u["seat"] == 0 for m, u in host.log if m == "table.update")
        assert all(u["seat"] == 2 for m, u in guest.log if m == "table.update")
        await host.call("table.close", table_id=table.table_id)
        method, closed = await guest.notification("table.closed")
        assert closed == {"table_id": table.table_id, "seat": 2, "reason": "seat 0 closed the table"}
        with pytest.raises(RemoteError) as gone:
            await guest.call("table.view", table_id=table.table_id)
        assert gone.value.code == "unknown_table"
        await host.close()
        await guest.close()
    run(scenario())


def test_a_replay_by_seed_is_the_same_game_given_the_same_human_moves(server):
    async def game_of(seed: int) -> list:
        rpc = await Rpc.connect(server.url)
        opened = await rpc.call("table.open", game="wyatt-earp", players=3, seed=seed, pace_ms=0,   # bots at once
                                seats=[{"bot": "easy"}, {"human": True}, {"bot": "ismcts:iterations=30"}])
        joined = await rpc.call("table.join", token=opened["tokens"]["1"])
        await play_seat(rpc, joined, random.Random(8))
        events = (await rpc.call("table.view", table_id=opened["table_id"]))["events"]
        await rpc.close()
        return events

    async def scenario():
        first, again, other = await game_of(21), await game_of(21), await game_of(22)
        assert first == again and first != other
    run(scenario())


def test_moves_out_of_turn_bad_tokens_and_unknown_tables_change_nothing(server):
    async def scenario():
        rpc = await Rpc.connect(server.url)
        deal = new_game("hearts", players=4, seed=2)            # passes left: seat 0 passes first
        opened = await rpc.call("table.open", game="hearts", players=4, state=deal.to_dict(),
                                seats=[{"human": True}, {"human": True}, {"bot": "random"}, {"bot": "random"}])
        for bad in ("", "x" * 22, opened["tokens"]["0"][:-1]):
            with pytest.raises(RemoteError) as refused:
                await rpc.call("table.join", token=bad)
            assert refused.value.code == "bad_token"
        with pytest.raises(RemoteError) as unseated:
            await rpc.call("table.view", table_id=opened["table_id"])
        assert unseated.value.code == "not_seated"
        joined = await rpc.call("table.join", token=opened["tokens"]["1"])
        view = joined["view"]
        assert view["turn"] != 1                              # hearts: seat 0 passes first
        with pytest.raises(RemoteError) as early:
            await rpc.call("table.act", table_id=opened["table_id"], action=view["legal"][0]["action"]
                           if view["legal"] else 0)
        assert early.value.code == "not_your_turn"
        with pytest.raises(RemoteError) as unknown:
            await rpc.call("table.act", table_id=999, action=0)
        assert unknown.value.code == "unknown_table"
        with pytest.raises(RemoteError) as hint:
            await rpc.call("table.hint", table_id=opened["table_id"])
        assert hint.value.code == "not_your_turn"
        again = await rpc.call("table.view", table_id=opened["table_id"])
        assert again["view"] == view and again["events"] == []      # a given state's past is its own
        for seats, code in (([{"human": True}] * 3, "invalid_params"), ([{"bot": "random"}] * 4, "invalid_params"),
                            ([{"human": True}] * 3 + [{"bot": "cheat"}], "bad_bot"),
                            ([{"human": 1}] * 4, "invalid_params")):
            with pytest.raises(RemoteError) as bad:
                await rpc.call("table.open", game="hearts", players=4, seats=seats)
            assert bad.value.code == code
        await rpc.close()
    run(scenario())


def test_a_hint_comes_from_the_seat_with_its_visit_shares(server):
    async def scenario():
        rpc = await Rpc.connect(server.url)
        opened = await rpc.call("table.open", game="kuhn-poker", players=2, seed=4,
                                seats=[{"human": True}, {"bot": "random"}])
        joined = await rpc.call("table.join", token=opened["tokens"]["0"])
        assert joined["view"]["turn"] == 0
        hint = await rpc.call("table.hint", table_id=opened["table_id"], bot="ismcts:iterations=200")
        legal = {a["action"] for a in joined["view"]["legal"]}
        assert hint["action"] in legal and hint["seat"] == 0 and hint["table_id"] == opened["table_id"]
        assert {s["action"] for s in hint["shares"]} <= legal
        assert abs(sum(s["share"] for s in hint["shares"]) - 1) < 1e-9
        assert sum(s["visits"] for s in hint["shares"]) == hint["stats"]["iterations"]
        assert (await rpc.call("table.view", table_id=opened["table_id"]))["view"] == joined["view"]
        await rpc.close()
    run(scenario())


# ------------------------------------------------------------------------------------------------ twins

def position(game: str, rng: random.Random, playing: bool):
    """A random position of a random game of ``game`` (one still playing, if ``playing``)."""
    info = next(g for g in list_games() if g.name == game)
    players, seed = rng.randint(info.min_players, info.max_players), rng.getrandbits(32)
    state, moves = new_game(game, players=players, seed=seed), []
    while not state.is_terminal():
        moves.append(rng.choice(state.legal_actions()))
        state.apply_action(moves[-1])
    state = new_game(game, players=players, seed=seed)
    for action in moves[:rng.randrange(min(len(moves), 120)) if playing else rng.randint(0, 120)]:
        state.apply_action(action)
    return state


def strip_ids(value):
    """A reply with the table's own id (and the hint's time) taken out: twins are two tables."""
    if isinstance(value, dict):
        return {k: strip_ids(v) for k, v in value.items() if k not in ("table_id", "game_id", "elapsed_ms")}
    if isinstance(value, list):
        return [strip_ids(v) for v in value]
    return value


async def seat_replies(rpc: Rpc, state, seat: int) -> dict:
    """Every reply and notification a seat gets at a table opened at ``state`` (all seats human, none other
    joined): join, view, hint, a refused move, and, when the seat is truly to move, a move and its update."""
    opened = await rpc.call("table.open", game=state.game, players=state.num_players(), seed=9,
                            seats=[{"human": True}] * state.num_players(), state=state.to_dict())
    out: dict = {"join": await rpc.call("table.join", token=opened["tokens"][str(seat)])}
    table_id = opened["table_id"]
    out["view"] = await rpc.call("table.view", table_id=table_id)
    for name, method, params in (("hint", "table.hint", {"bot": "ismcts:iterations=40"}),
                                 ("hurry", "table.hurry", {}),
                                 ("refusal", "table.act", {"action": "no such action"})):
        try:
            out[name] = await rpc.call(method, table_id=table_id, **params)
        except RemoteError as exc:
            out[name] = (exc.code, exc.message)
    view = out["view"]["view"]
    if view["turn"] == seat and state.current_player() == seat:
        out["act"] = await rpc.call("table.act", table_id=table_id, action=view["legal"][0]["action"])
        out["update"] = [p for m, p in rpc.log if m == "table.update"][-1]     # sent just before the reply
    await rpc.call("table.close", table_id=table_id)
    return strip_ids(out)


@pytest.mark.parametrize("game", GAMES)
def test_twin_tables_give_the_seat_the_same_replies(server, game):
    async def scenario():
        rpc, rng, compared = await Rpc.connect(server.url), random.Random(game), 0
        for k in range(6):
            state = position(game, rng, playing=k % 2 == 0)
            seat = rng.randrange(state.num_players())
            if k % 2 == 0:                                   # every other position: the seat to move
                seat = state.current_player()
            twin = state.information_set(seat).sample(rng.getrandbits(32))
            if state.current_player() != twin.current_player() and seat in (state.current_player(),
                                                                            twin.current_player()):
                continue                                    # a hidden window: one of the two moves is held
            truth, other = await seat_replies(rpc, state, seat), await seat_replies(rpc, twin, seat)
            if "act" in truth:                              # the move may tell the seat what tells the twins apart
                action = truth["view"]["view"]["legal"][0]["action"]
                after, twin_after = state.clone(), twin.clone()
                after.apply_action(action)
                twin_after.apply_action(action)
                if after.information_set(seat).to_dict() != twin_after.information_set(seat).to_dict():
                    for name in ("act", "update"):
                        del truth[name], other[name]
            assert truth == other, f"{game}, seat {seat}"
            compared += "act" in truth
        await rpc.close()
        assert compared >= 1                                # a move and its update were compared too
    run(scenario())


# ------------------------------------------------------------------------------------------------ the transport

def test_malformed_and_text_frames_are_answered_and_the_connection_serves_on(server):
    async def scenario():
        rpc = await Rpc.connect(server.url)
        frames = [b"\xc1", b"\x93\x00\x01", pack([0, 1, "hello", []]) + b"\x00", pack(5), pack([7, 1, "x", []]),
                  pack([2, "hello", [{"x": list(range(5000))}]])]        # past array_len: unreadable, and read on
        for frame in frames:
            await rpc.ws.send_bytes(frame)
        await rpc.ws.send_str("[0, 12, \"hello\", []]")
        assert (await rpc.call("hello"))["protocol"] == 2
        errors = [p for m, p in rpc.log if m == "protocol.error"]
        assert [e["code"] for e in errors] == ["parse_error", "parse_error", "parse_error", "invalid_request",
                                               "invalid_request", "parse_error", "invalid_request"]
        assert "more than one value" in errors[2]["message"] and "text frame" in errors[6]["message"]
        assert rpc.stray == []
        await rpc.close()
    run(scenario())


def test_requests_with_errors_get_error_replies(server):
    async def scenario():
        rpc = await Rpc.connect(server.url)
        nested: list = [1]
        for _ in range(40):
            nested = [nested]
        deep = rpc.send("hello", x=nested)
        unknown = rpc.send("no.such")
        for future, code in ((deep, "invalid_request"), (unknown, "unknown_method")):
            with pytest.raises(RemoteError) as refused:
                await rpc.result(future)
            assert refused.value.code == code
        await rpc.close()
    run(scenario())


def test_an_oversize_frame_closes_the_connection_with_1009_and_others_serve_on(server, caplog):
    async def scenario():
        rpc, other = await Rpc.connect(server.url), await Rpc.connect(server.url)
        try:
            await rpc.ws.send_bytes(b"\x00" * (1024 * 1024 + 1))      # one byte past message_bytes
            reset = False
        except ConnectionError:                 # the server closed (on the frame's header) while the client was
            reset = True                        # still writing the megabyte: the peer resets, the close frame is lost
        if not reset:
            with pytest.raises(ConnectionError):
                await rpc.notification()
            assert rpc.closed[0] == 1009
        assert (await other.call("hello"))["protocol"] == 2
        assert "Message size 1048577 exceeds limit 1048576" in caplog.text
        await rpc.close()
        await other.close()
    run(scenario())


def test_a_full_queue_is_answered_busy_over_the_websocket():
    web = WebServer(Limits(queue=2))

    async def scenario():
        rpc = await Rpc.connect(web.url)
        game = await rpc.call("game.new", game="hearts", players=4, seed=1)
        choice = rpc.send("bot.choose", game_id=game["game_id"], seat=0, bot="ismcts:iterations=100000000")
        waiting = [rpc.send("hello") for _ in range(20)]
        await asyncio.sleep(0.5)
        await rpc.ws.send_bytes(pack([2, "search.stop", []]))
        assert (await rpc.result(choice))["stats"]["stopped"]
        codes = []
        for future in waiting:
            try:
                await rpc.result(future)
                codes.append("ok")
            except RemoteError as exc:
                codes.append(exc.code)
        # the queue holds two requests: both hellos, or (on a loaded machine, before the search has left the queue)
        # the search and one hello; every other hello is answered busy at once
        assert 1 <= codes.count("ok") <= 2 and codes.count("busy") == 20 - codes.count("ok")
        await rpc.close()
    try:
        run(scenario())
    finally:
        web.close()


def test_connections_past_the_limit_are_refused_with_503():
    web = WebServer(Limits(connections=1))

    async def scenario():
        first = await Rpc.connect(web.url)
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(web.url + "rpc")
            assert refused.value.status == 503
        assert (await first.call("hello"))["limits"]["connections"] == 1
        await first.close()
        for _ in range(100):                                # the first connection's slot frees once it is gone
            try:
                second = await Rpc.connect(web.url)
                break
            except aiohttp.WSServerHandshakeError:
                await asyncio.sleep(0.05)
        assert (await second.call("hello"))["protocol"] == 2
        await second.close()
    try:
        run(scenario())
    finally:
        web.close()


def test_a_websocket_from_another_sites_page_is_refused(server):
    async def scenario():
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(server.url + "rpc", headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403
            host = server.url.split("//")[1].rstrip("/")
            ws = await http.ws_connect(server.url + "rpc", headers={"Origin": f"http://{host}"})
            await ws.close()
    run(scenario())


def test_the_page_and_the_rules_are_served(server):
    with urllib.request.urlopen(server.url) as page:
        assert page.status == 200 and page.headers.get_content_type() == "text/html"
        assert b"<html" in page.read()
    with urllib.request.urlopen(server.url + "rules/wyatt-earp") as rules:
        assert rules.headers.get_content_type() == "text/markdown" and rules.read().startswith(b"# ")
    for missing in ("rules/chess", "../setup.py", "%2e%2e/setup.py", "no-such-file.js"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + missing)
        assert refused.value.code in (403, 404)


def test_deadeye_web_prints_its_url_and_serves():
    process = subprocess.Popen([sys.executable, "-m", "deadeye.protocol.cli", "web", "--port", "0"],
                               stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert line.startswith("deadeye web: open http://127.0.0.1:"), line
        url = line.split()[3]
        with urllib.request.urlopen(url) as page:
            assert page.status == 200
    finally:
        process.terminate()
        process.wait(30)


def test_a_built_package_carries_the_page(tmp_path):
    """``setup.py build_py`` lays out what ``pip install .`` installs: every file of ``protocol/web_static``, and
    ``web.py`` finds them beside itself."""
    root = Path(__file__).resolve().parent.parent
    build = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)], cwd=root,
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    assert "absent from the `packages`" not in build.stderr
    source = root / "protocol" / "web_static"
    built = tmp_path / "deadeye" / "protocol" / "web_static"
    files = sorted(p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file())
    assert "index.html" in files
    assert sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()) == files
    assert (tmp_path / "deadeye" / "protocol" / "web.py").read_text().count('"web_static"') == 1


def test_every_seat_of_every_game_has_a_colour_of_its_own():
    """The page tells seats apart by colour (renderers/common.js): as many distinct colours as the largest table."""
    import re

    source = (Path(__file__).resolve().parents[1] / "protocol" / "web_static" / "renderers" / "common.js").read_text()
    colours = re.findall(r"#[0-9a-f]{6}", re.search(r"SEAT_COLOURS = \[(.*?)\]", source).group(1))
    assert len(set(colours)) == len(colours) >= max(info.max_players for info in list_games())
