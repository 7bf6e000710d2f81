"""``deadeye web`` under clients that do not play fair (issue 27, items 3 to 6 and the pacing of bot replies).

Slow request heads (a slowloris, also at a low descriptor limit), a seated client that stops reading, a page on
another site after a DNS rebinding, and one client keeping the shared limits (idle WebSockets, an address's share).
Every test talks to a server on 127.0.0.1 only; a client binds 127.0.0.2 (also this machine) where it must be a
second client address.  The limits are made small through ``Limits`` where waiting for a default would be slow, and
timing checks are one-sided: what must not block is given a bound far above its normal time and far below the
blocking it replaces.
"""
from __future__ import annotations

import asyncio
import base64
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import aiohttp
import pytest

from deadeye.protocol import RemoteError
from deadeye.protocol.limits import Limits
from deadeye.protocol.stream import pack

from support.web_client import Rpc, WebServer

ELSEWHERE = "127.0.0.2"        # another address of this machine: a second client


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 600))


@contextmanager
def served(limits: Limits = Limits(), **options) -> Iterator[WebServer]:
    """``deadeye web`` in this process with ``limits`` (and ``start``'s ``options``), for one test."""
    server = WebServer(limits, **options)
    try:
        yield server
    finally:
        server.close()


def slow_head(port: int) -> socket.socket:
    """A connection that starts a request head and never ends it (a slowloris)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
    return sock


def closed_by_server(sock: socket.socket, within_s: float) -> bool:
    """True if the server closes ``sock`` (after an answer or none) within ``within_s``."""
    end = time.monotonic() + within_s
    try:
        while True:
            sock.settimeout(max(0.01, end - time.monotonic()))
            if not sock.recv(4096):
                return True
    except ConnectionResetError:
        return True
    except (socket.timeout, TimeoutError):
        return False


def page_status(url: str, host: str | None = None) -> int | str:
    """The status of ``GET url`` (with this ``Host`` header, if given), or what went wrong."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as page:
            page.read()
            return page.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except (OSError, urllib.error.URLError) as exc:
        return repr(exc)


async def hello(url: str) -> dict:
    rpc = await Rpc.connect(url)
    try:
        return await rpc.call("hello")
    finally:
        await rpc.close()


# ------------------------------------------------------------------------------------------------ slow heads

SERVER_AT_256_FDS = """
import resource, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
from deadeye.protocol.limits import Limits
from deadeye.protocol.web import main
sys.exit(main("127.0.0.1", 0, Limits(head_timeout_s=2.0, address_sockets=32)))
"""


def test_slow_heads_past_the_descriptor_limit_do_not_stop_the_server(tmp_path: Path):
    """300 connections that never end their request head, against a server allowed 256 descriptors: a few seconds
    after, with the slow clients still holding their sockets, the server serves the page and a WebSocket again,
    and it never ran out of descriptors."""
    with open(tmp_path / "stderr", "w") as stderr:
        process = subprocess.Popen([sys.executable, "-c", SERVER_AT_256_FDS], stdout=subprocess.PIPE, stderr=stderr,
                                   text=True)
    slow: list[socket.socket] = []
    try:
        url = process.stdout.readline().split()[3]
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        for _ in range(300):
            try:
                slow.append(slow_head(port))
            except OSError:                    # refused, reset or the kernel's queue full: one slow client fewer
                pass
        end = time.monotonic() + 30
        while (status := page_status(url)) != 200:
            assert time.monotonic() < end, f"GET / still fails 30 s after the slow heads: {status}"
            time.sleep(0.5)
        assert run(hello(url))["limits"]["head_timeout_s"] == 2.0
        assert process.poll() is None
    finally:
        for sock in slow:
            sock.close()
        process.terminate()
        process.wait(30)
    assert "out of system resource" not in (tmp_path / "stderr").read_text()


def test_a_request_head_not_finished_in_time_is_cut():
    with served(Limits(head_timeout_s=0.5)) as web:
        sock = slow_head(web.port)
        try:
            assert closed_by_server(sock, 30)                  # before: kept for aiohttp's keep-alive (an hour)
        finally:
            sock.close()
        assert page_status(web.url) == 200                    # a whole head in time is served


def test_an_address_past_its_connections_is_refused_at_once_and_others_are_served():
    with served(Limits(address_sockets=3, head_timeout_s=60.0)) as web:
        held = [slow_head(web.port) for _ in range(3)]
        try:
            extra = slow_head(web.port)
            assert closed_by_server(extra, 20)                # refused at once, long before its head timeout
            extra.close()
            assert not closed_by_server(held[0], 0.5)         # the address's first three wait for their heads
            async def from_elsewhere() -> int:
                async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))) as http:
                    async with http.get(web.url) as page:
                        return page.status
            assert run(from_elsewhere()) == 200
        finally:
            for sock in held:
                sock.close()
        end = time.monotonic() + 30
        while page_status(web.url) != 200:                    # the address's connections are free again
            assert time.monotonic() < end, "the address was not served again once its connections closed"
            time.sleep(0.1)


# ---------------------------------------------------------------------------------- a client that stops reading

def stuck_websocket(port: int) -> socket.socket:
    """A WebSocket on a raw socket with a small receive buffer, which this test never reads past the handshake."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /rpc HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while not head.endswith(b"\r\n\r\n"):               # exactly the head: no frame is read
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def frame(message: list) -> bytes:
    """One client frame (masked, with the zero mask, which leaves the payload as it is) holding ``message``."""
    payload = pack(message)
    size = len(payload)
    length = bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + size.to_bytes(2, "big")
    return b"\x82" + length + b"\0\0\0\0" + payload


def stuck_seat(web: WebServer, opened: dict, views: int) -> socket.socket:
    """A client seated at seat 0 of the table ``opened`` that asks for its view ``views`` times and reads nothing."""
    stuck = stuck_websocket(web.port)
    requests = [frame([0, 1, "table.join", [{"token": opened["tokens"]["0"]}]])]
    requests += [frame([0, 2 + i, "table.view", [{"table_id": opened["table_id"]}]]) for i in range(views)]
    stuck.sendall(b"".join(requests))
    return stuck


async def seated(web: WebServer, table_id: int) -> None:
    """Until a connection is bound to the table (the stuck client's join was served)."""
    table = web.tables.get("test", table_id)
    end = time.monotonic() + 30
    while not table.bindings:
        assert time.monotonic() < end, "the client never sat down"
        await asyncio.sleep(0.01)


async def let_go(web: WebServer, table_id: int, within_s: float) -> None:
    """Until the table has no connection bound (the client that reads nothing was dropped)."""
    table = web.tables.get("test", table_id)
    end = time.monotonic() + within_s
    while table.bindings:
        assert time.monotonic() < end, f"the client that reads nothing is still seated after {within_s} s"
        await asyncio.sleep(0.1)


def test_a_seated_client_that_stops_reading_stalls_no_other_client():
    """A seated connection asks for its view 8,000 times and reads nothing: its replies pile up, and before the fix
    each waited up to 30 s for the client while holding its table's lock, which every table.open takes to close
    idle tables.  Another client's calls must go on, and the stuck client is let go (past outbox_bytes)."""
    with served() as web:
        async def scenario():
            host = await Rpc.connect(web.url)
            opened = await host.call("table.open", game="hearts", players=4, seed=1, seats=[{"human": True}] * 4)
            loop = asyncio.get_running_loop()
            stuck = await asyncio.wait_for(loop.run_in_executor(None, stuck_seat, web, opened, 8000), 60)
            await seated(web, opened["table_id"])
            end = time.monotonic() + 10
            while time.monotonic() < end:
                mine = await asyncio.wait_for(host.call("table.open", game="kuhn-poker", players=2,
                                                        seats=[{"human": True}] * 2), 10)
                await asyncio.wait_for(host.call("table.join", token=mine["tokens"]["0"]), 10)
                await asyncio.wait_for(host.call("table.close", table_id=mine["table_id"]), 10)
                await asyncio.sleep(0.2)
            await let_go(web, opened["table_id"], 60)
            stuck.close()
            await host.close()
        run(scenario())


def test_a_client_that_takes_no_frame_for_send_timeout_s_is_let_go():
    with served(Limits(send_timeout_s=1.0, outbox_bytes=64 * 1024 * 1024)) as web:
        async def scenario():
            host = await Rpc.connect(web.url)
            opened = await host.call("table.open", game="hearts", players=4, seed=1, seats=[{"human": True}] * 4)
            stuck = await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(
                None, stuck_seat, web, opened, 8000), 60)
            await seated(web, opened["table_id"])
            await let_go(web, opened["table_id"], 20)        # before the fix: 30 s, whatever the limit
            assert (await host.call("hello"))["limits"]["send_timeout_s"] == 1.0
            stuck.close()
            await host.close()
        run(scenario())


# ------------------------------------------------------------------------------------------------ DNS rebinding

def test_a_host_the_server_was_not_started_for_is_refused():
    """After a DNS rebinding, a page of evil.example talks to this server as evil.example:PORT, in Host and Origin
    alike: refused.  The names the server was started for, and addresses, are served."""
    with served() as web:
        evil = f"evil.example:{web.port}"

        async def handshake(host: str, origin: str | None) -> int:
            headers = {"Host": host, **({"Origin": origin} if origin else {})}
            async with aiohttp.ClientSession() as http:
                try:
                    ws = await http.ws_connect(web.url + "rpc", headers=headers)
                except aiohttp.WSServerHandshakeError as exc:
                    return exc.status
                await ws.close()
                return 101
        assert run(handshake(evil, f"http://{evil}")) == 403
        assert run(handshake(evil, None)) == 403
        assert page_status(web.url, evil) == 403
        assert page_status(web.url + "rules/hearts", evil) == 403
        for host in (f"localhost:{web.port}", f"127.0.0.1:{web.port}", f"LOCALHOST.:{web.port}", f"[::1]:{web.port}",
                     f"192.168.1.20:{web.port}", "localhost"):
            assert page_status(web.url, host) == 200, host
        assert run(handshake(f"localhost:{web.port}", f"http://localhost:{web.port}")) == 101


def test_an_allowed_host_is_served():
    with served(allowed_hosts=("game.lan",)) as web:
        assert page_status(web.url, f"game.lan:{web.port}") == 200
        assert page_status(web.url, f"evil.example:{web.port}") == 403


def test_deadeye_web_takes_allowed_hosts():
    process = subprocess.Popen([sys.executable, "-m", "deadeye.protocol.cli", "web", "--port", "0",
                                "--allowed-host", "game.lan", "--allowed-host", "table.lan"], stdout=subprocess.PIPE,
                               text=True)
    try:
        url = process.stdout.readline().split()[3]
        port = url.rstrip("/").rsplit(":", 1)[1]
        assert [page_status(url, f"{name}:{port}") for name in ("game.lan", "table.lan", "evil.example")] == [
            200, 200, 403]
    finally:
        process.terminate()
        process.wait(30)


# ------------------------------------------------------------------------------------- shares and idle clients

def test_an_address_gets_its_share_of_the_websockets():
    with served(Limits(connections=4, address_connections=2)) as web:
        async def scenario():
            mine = [await Rpc.connect(web.url) for _ in range(2)]
            async with aiohttp.ClientSession() as http:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(web.url + "rpc")
                assert refused.value.status == 503
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(ELSEWHERE, 0))) as http:
                ws = await http.ws_connect(web.url + "rpc")          # another address still gets in
                await ws.close()
            for rpc in mine:
                await rpc.close()
        run(scenario())


def test_an_idle_websocket_is_closed_and_one_seated_at_a_game_is_not():
    with served(Limits(idle_s=0.5)) as web:
        async def scenario():
            seated = await Rpc.connect(web.url)
            opened = await seated.call("table.open", game="kuhn-poker", players=2, seats=[{"human": True}] * 2)
            await seated.call("table.join", token=opened["tokens"]["0"])
            idle = await Rpc.connect(web.url)
            await asyncio.wait_for(idle._reader, 30)              # closed by the server: before the fix, never
            assert idle.closed is not None and idle.closed[0] == 1001
            await idle.http.close()
            await asyncio.sleep(1.0)                              # the seated one has been silent twice idle_s
            assert (await seated.call("hello"))["limits"]["idle_s"] == 0.5
            await seated.close()
        run(scenario())


# ------------------------------------------------------------------------------------------------ pacing

def test_tables_of_deadeye_web_pace_their_bots_by_default():
    with served() as web:
        async def scenario():
            rpc = await Rpc.connect(web.url)
            opened = await rpc.call("table.open", game="kuhn-poker", players=2,
                                    seats=[{"human": True}, {"bot": "easy"}])
            assert opened["pace_ms"] == 1000.0
            unpaced = await rpc.call("table.open", game="kuhn-poker", players=2, pace_ms=0,
                                     seats=[{"human": True}, {"bot": "easy"}])
            assert unpaced["pace_ms"] == 0.0
            for bad in (-1, 60_001, "fast"):
                with pytest.raises(RemoteError) as refused:
                    await rpc.call("table.open", game="kuhn-poker", players=2, pace_ms=bad,
                                   seats=[{"human": True}, {"bot": "easy"}])
                assert refused.value.code == "invalid_params"
            await rpc.close()
        run(scenario())
