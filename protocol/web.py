"""``deadeye web``: the page, the player rules and the protocol over a WebSocket, from one local HTTP server.

One more transport for the same protocol (docs/protocol.md, "Transport: WebSocket"): each connection to ``/rpc``
is served by a ``ServerSession`` and a ``Server`` exactly as ``deadeye serve`` serves its stdin, and every session
shares one ``TableRegistry``, so that people in several browsers sit at one table.  A binary frame carries exactly
one message; since frames have edges, a frame that is not one readable value (or a text frame) is answered with a
``protocol.error`` and the connection reads on.

HTTP and WebSocket both come from aiohttp: one well-kept asyncio package that serves static files and WebSockets
(and has the WebSocket client the tests use), with a per-message size limit that refuses an oversized frame before
buffering it.  The session's threads stay as they are: the reader thread waits for frames through
``run_coroutine_threadsafe``, so the event loop never runs a method or a search.

One process serves every client, so no client may hold up the others (issue 27): connections are taken by
``admission`` (slow request heads, descriptors, an address's connections); a session's writes only queue its frames
and a task of the event loop sends them, so a client that stops reading stalls nothing but itself, and is dropped
past ``send_timeout_s`` or ``outbox_bytes``; an address gets its share of the WebSockets; a WebSocket holding no
seat at a game in play is closed after ``idle_s`` of silence; and a request must name a host the server was started
for (``Host``), so that a page of another site cannot reach it through a DNS rebinding.
"""
from __future__ import annotations

import asyncio
import functools
import html
import ipaddress
import logging
import socket
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from aiohttp import WSCloseCode, WSMsgType, web
from markdown_it import MarkdownIt

from deadeye.core import GameError, game_info, list_games, rules_text

from .admission import Admission
from .limits import DEFAULT_LIMITS, Limits
from .server import Server, seat_view
from .session import ServerSession
from .stream import BadFrame, StreamError, new_unpacker, pack
from .tables import TableRegistry

STATIC = Path(__file__).resolve().parent / "web_static"     # the page, shipped as package data
PACE_MS = 1000.0               # the pace of the bots of a table opened without pace_ms (docs/protocol.md, "table.open")
LOCAL_NAMES = ("localhost",)   # names every server answers to, beside addresses and --host, --allowed-host
BACKLOG = 128                  # connections the kernel holds for the server while it does not accept more
TABLES = web.AppKey("tables", TableRegistry)
CONNECTIONS = web.AppKey("connections", dict)      # each WebSocket open, and its client's address
LIMITS = web.AppKey("limits", Limits)
HOSTS = web.AppKey("hosts", frozenset)
ADMISSION = web.AppKey("admission", Admission)

log = logging.getLogger("deadeye.protocol")


def decode_frame(data: bytes, limits: Limits) -> Any:
    """The one MessagePack value a binary frame holds, within ``limits``; a ``BadFrame`` saying why otherwise."""
    unpacker = new_unpacker(limits)
    unpacker.feed(data)
    try:
        value = next(unpacker)
    except StopIteration:
        return BadFrame("parse_error", f"the frame ends inside a MessagePack value ({len(data)} bytes)")
    except Exception as exc:                       # FormatError, StackError, over-long lengths, bad timestamps
        return BadFrame("parse_error", f"the frame is not MessagePack: {type(exc).__name__} {exc}".rstrip())
    if unpacker.tell() != len(data):
        return BadFrame("parse_error", f"the frame holds more than one value ({len(data) - unpacker.tell()} bytes "
                                       "after the first): send one message per frame")
    return value


class WebSocketStream:
    """One WebSocket as a session's message stream (``MessageStream``'s interface): a binary frame in, one value
    out, and one frame per value written.  Read and written from the session's threads (and a table's), never from
    the event loop's.

    A write only queues its frame; ``send_queued``, a task of the event loop, sends the frames in order.  So nobody
    waits for the client while holding anything (a table's lock, above all): a client that stops reading stalls
    only its own frames, and is dropped (``drop``: its TCP connection is aborted) once ``limits.outbox_bytes`` wait
    or a frame is not taken within ``limits.send_timeout_s``; a write then raises ``ConnectionResetError``."""

    def __init__(self, ws: web.WebSocketResponse, loop: asyncio.AbstractEventLoop, limits: Limits,
                 drop: Callable[[], None]) -> None:
        self.limits = limits
        self.last_size = 0
        self.last_read = time.monotonic()          # when the client last sent a frame (idle_s counts from it)
        self._ws, self._loop, self._drop = ws, loop, drop
        self._lock = threading.Lock()              # guards the three below (any thread)
        self._frames: deque[bytes] = deque()
        self._bytes = 0
        self._gone: str | None = None
        self._ready = asyncio.Event()              # the event loop's side: frames wait
        self._empty = asyncio.Event()              # ...: none waits
        self._empty.set()

    def __iter__(self) -> Iterator[Any]:
        while True:
            message = asyncio.run_coroutine_threadsafe(self._ws.receive(), self._loop).result()
            self.last_read = time.monotonic()
            if message.type == WSMsgType.BINARY:
                self.last_size = len(message.data)
                yield decode_frame(message.data, self.limits)
            elif message.type == WSMsgType.TEXT:
                self.last_size = len(message.data)
                yield BadFrame("invalid_request", "a text frame: each message is MessagePack in one binary frame")
            elif message.type == WSMsgType.ERROR:     # a frame past message_bytes: aiohttp has closed with 1009
                raise StreamError(f"the connection failed: {message.data}")
            else:                                      # CLOSE, CLOSING, CLOSED: the end of input
                return

    def write(self, value: Any) -> None:
        data = pack(value)
        with self._lock:
            if self._gone is None and self._bytes + len(data) > self.limits.outbox_bytes:
                self._gone = f"the client left {self._bytes} bytes unread (outbox_bytes {self.limits.outbox_bytes})"
                self._call(self._drop)
            if self._gone is not None:
                raise ConnectionResetError(self._gone)
            self._frames.append(data)
            self._bytes += len(data)
        self._call(self._wake)

    def _call(self, callback: Callable[[], None]) -> None:
        try:
            self._loop.call_soon_threadsafe(callback)
        except RuntimeError:                           # the event loop has stopped: the server is gone
            raise ConnectionResetError("the server has stopped") from None

    def _wake(self) -> None:
        self._empty.clear()
        self._ready.set()

    async def send_queued(self) -> None:
        """Send the queued frames in order, for as long as the connection lasts (a task of the event loop)."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while True:
                with self._lock:
                    if not self._frames:
                        break
                    data = self._frames[0]
                try:
                    await asyncio.wait_for(self._ws.send_bytes(data), self.limits.send_timeout_s)
                except asyncio.TimeoutError:
                    self._fail(f"the client took no frame for {self.limits.send_timeout_s:g} s")
                    return
                except (ConnectionError, RuntimeError) as exc:      # closed meanwhile
                    self._fail(f"the connection closed: {exc}")
                    return
                with self._lock:
                    self._frames.popleft()
                    self._bytes -= len(data)
            self._empty.set()

    def _fail(self, why: str) -> None:
        with self._lock:
            self._gone = self._gone or why
            self._frames.clear()
            self._bytes = 0
        self._empty.set()
        self._drop()

    async def flush(self) -> None:
        """Until every queued frame is sent or the client is gone (a session's last answers before its close)."""
        await self._empty.wait()


def host_name(header: str) -> str:
    """The name a ``Host`` header gives, without its port, in lower case and without a final dot.

    >>> host_name("LocalHost.:8000"), host_name("[::1]:8000"), host_name("127.0.0.1")
    ('localhost', '::1', '127.0.0.1')
    """
    if header.startswith("["):
        name = header[1:header.index("]")] if "]" in header else header
    else:
        name = header.rsplit(":", 1)[0] if header.count(":") == 1 else header
    return name.lower().rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def known_host(hosts: frozenset, header: str | None) -> bool:
    """A request names a host this server was started for: an address (no page of another site can be served from
    one), ``localhost``, ``--host`` or an ``--allowed-host``.  A page of another site can reach this server under a
    name of its own after a DNS rebinding, and then names it in ``Host`` (and in ``Origin``): refused.  A client
    that sends no ``Host`` is no browser, and is served."""
    if header is None:
        return True
    name = host_name(header)
    return _is_address(name) or name in hosts


@web.middleware
async def _check_host(request: web.Request, handler: Callable) -> web.StreamResponse:
    if not known_host(request.app[HOSTS], request.headers.get("Host")):
        return web.Response(status=403, text="deadeye web: this server does not serve that host name (start it with "
                                             "--allowed-host NAME to allow one)\n")
    return await handler(request)


def _same_origin(request: web.Request) -> bool:
    """A browser names the page that opened a WebSocket in ``Origin``: only this server's own page may connect
    (another site open in the same browser must not play or open tables here).  Clients that are not browsers send
    no ``Origin``."""
    origin = request.headers.get("Origin")
    return origin is None or origin in (f"http://{request.host}", f"https://{request.host}")


async def rpc(request: web.Request) -> web.StreamResponse:
    """``/rpc``: one protocol session per WebSocket, run in a thread of its own (a method may search for long)."""
    limits: Limits = request.app[LIMITS]
    connections: dict = request.app[CONNECTIONS]
    address = request.remote or ""
    if not _same_origin(request):
        return web.Response(status=403, text="deadeye web: a WebSocket from another site's page is refused\n")
    if len(connections) >= limits.connections:
        return web.Response(status=503, text=f"deadeye web: {limits.connections} connections are open\n")
    if sum(a == address for a in connections.values()) >= limits.address_connections:
        return web.Response(status=503, text=f"deadeye web: {limits.address_connections} connections are open from "
                                             "this address\n")
    ws = web.WebSocketResponse(max_msg_size=limits.message_bytes, compress=False, autoping=True)
    await ws.prepare(request)
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()

    def drop() -> None:
        if request.transport is not None:
            request.transport.abort()

    stream = WebSocketStream(ws, loop, limits, drop)
    server = Server(limits, request.app[TABLES], client=address)
    session = ServerSession(stream, server, limits)

    def run() -> None:
        try:
            status = session.run()
        except BaseException as exc:              # the session has logged it
            status = 1
            log.warning("a WebSocket session failed: %s", exc)
        loop.call_soon_threadsafe(lambda: done.done() or done.set_result(status))

    connections[ws] = address
    tasks = [loop.create_task(stream.send_queued()), loop.create_task(_close_when_idle(ws, stream, server, limits))]
    try:
        threading.Thread(target=run, name="deadeye-web-session", daemon=True).start()
        status = await done
        try:
            await asyncio.wait_for(stream.flush(), limits.send_timeout_s)   # the session's last answers
        except asyncio.TimeoutError:
            pass
    finally:
        del connections[ws]
        for task in tasks:
            task.cancel()
    await _close(ws, 1000 if status == 0 else 1008, b"", limits)
    return ws


async def _close(ws: web.WebSocketResponse, code: int, message: bytes, limits: Limits) -> None:
    """Close the WebSocket, or drop its connection if the client takes not even the close frame."""
    try:
        await asyncio.wait_for(ws.close(code=code, message=message), limits.send_timeout_s)
    except asyncio.TimeoutError:                 # the cancelled close has dropped the connection
        log.info("deadeye web: a client took no close frame: dropped")


async def _close_when_idle(ws: web.WebSocketResponse, stream: WebSocketStream, server: Server,
                           limits: Limits) -> None:
    """Close the WebSocket (1001) once its client has sent nothing for ``idle_s`` while it holds no seat at a
    game in play: a page left open in the lobby, or on a game over, frees its place among ``connections``."""
    while not ws.closed:
        silent = time.monotonic() - stream.last_read
        if silent >= limits.idle_s and not server.playing():
            log.info("deadeye web: a WebSocket silent for %.0f s is closed", silent)
            await _close(ws, WSCloseCode.GOING_AWAY, b"idle", limits)
            return
        await asyncio.sleep(max(0.05, limits.idle_s - silent) if silent < limits.idle_s else limits.idle_s)


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")


def _rules_of(game: str) -> str:
    try:
        return rules_text(game)
    except GameError:
        names = ", ".join(g.name for g in list_games())
        raise web.HTTPNotFound(text=f"no rules for {game!r}; games: {names}\n") from None


async def rules(request: web.Request) -> web.Response:
    """``/rules/<game>``: the player rules (``docs/rules``, shipped as ``deadeye.rules``), as Markdown."""
    return web.Response(text=_rules_of(request.match_info["game"]), content_type="text/markdown", charset="utf-8")


# CommonMark and GitHub's tables, by markdown-it-py (a well-kept port of markdown-it): raw HTML in the text is
# escaped, never passed through, and links with a script scheme (javascript:, vbscript:, data: but images) are dropped
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_html(text: str) -> str:
    r"""The player rules' Markdown as HTML (the page's rules dialog shows it).

    >>> rules_html("1. **one**\n   more\n2. two <b>")
    '<ol>\n<li><strong>one</strong>\nmore</li>\n<li>two &lt;b&gt;</li>\n</ol>\n'
    """
    return _MARKDOWN.render(text)


@functools.lru_cache(maxsize=None)
def _rules_page(game: str, text: str) -> str:
    title = html.escape(f"{game_info(game).title} — rules")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{title}</title>\n'
            f'<link rel="icon" href="data:,">\n<link rel="stylesheet" href="/style.css">\n</head>\n'
            f'<body class="rules-page">\n<article class="rules-text">\n{rules_html(text)}</article>\n</body>\n</html>\n')


async def rules_page(request: web.Request) -> web.Response:
    """``/rules/<game>.html``: the player rules as a page of their own, whose ``article.rules-text`` the page's
    rules dialog shows."""
    game = request.match_info["game"]
    return web.Response(text=_rules_page(game, _rules_of(game)), content_type="text/html", charset="utf-8")


@functools.lru_cache(maxsize=None)
def card_help(game: str) -> dict[str, str]:
    """What each card (equipment, character, action card, building...) of ``game`` does, in a line, by the name the
    page draws: the game's ``text.card_help()`` (the player rules' words), {} for a game without one."""
    from deadeye.core.narrate import text_hook
    hook = text_hook(game, "card_help")
    return dict(hook()) if hook is not None else {}


async def help_json(request: web.Request) -> web.Response:
    """``/help/<game>.json``: the cards' help of a game (the page's tooltips), fetched once a game."""
    game = request.match_info["game"]
    try:
        name = game_info(game).name
    except GameError:
        raise web.HTTPNotFound(text=f"no game {game!r}\n") from None
    return web.json_response(card_help(name), headers={"Cache-Control": "max-age=3600"})


def make_app(limits: Limits = DEFAULT_LIMITS, hosts: Iterable[str] = (), pace_ms: float = PACE_MS) -> web.Application:
    """The page at ``/`` (and its files), the rules at ``/rules/<game>`` (Markdown) and ``/rules/<game>.html``, the
    cards' help at ``/help/<game>.json``, the protocol at ``/rpc``, for requests naming ``localhost``, an address
    or one of ``hosts``; tables opened without ``pace_ms`` get this one."""
    app = web.Application(client_max_size=64 * 1024, middlewares=[_check_host])
    app[LIMITS] = limits
    app[HOSTS] = frozenset(host_name(h) for h in (*LOCAL_NAMES, *hosts))
    app[TABLES] = TableRegistry(limits, seat_view, pace_ms=pace_ms)
    app[CONNECTIONS] = {}
    app[ADMISSION] = Admission(limits)
    app.router.add_get("/", index)
    app.router.add_get("/rpc", rpc)
    app.router.add_get(r"/rules/{game:[^{}/]+}.html", rules_page)      # before /rules/{game}, which would take it
    app.router.add_get("/rules/{game}", rules)
    app.router.add_get(r"/help/{game:[^{}/]+}.json", help_json)
    app.router.add_static("/", STATIC, follow_symlinks=False, show_index=False)
    app.on_shutdown.append(_close_connections)
    return app


async def _close_connections(app: web.Application) -> None:
    app[ADMISSION].close()
    for ws in list(app[CONNECTIONS]):
        await _close(ws, WSCloseCode.GOING_AWAY, b"the server is stopping", app[LIMITS])


def _listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets on every address ``host`` names (as asyncio's own server would bind), on one port."""
    sockets: list[socket.socket] = []
    try:
        for family, _, _, _, address in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                           flags=socket.AI_PASSIVE):
            if port == 0 and sockets:                  # a free port: the same one on every address
                address = (address[0], sockets[0].getsockname()[1], *address[2:])
            if any(s.family == family and s.getsockname()[0] == address[0] for s in sockets):
                continue
            sock = socket.create_server(address, family=family, backlog=BACKLOG)
            sock.setblocking(False)
            sockets.append(sock)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


async def start(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS,
                allowed_hosts: Iterable[str] = (), pace_ms: float = PACE_MS) -> tuple[web.AppRunner, str]:
    """Serve on ``host:port`` (port 0: a free one) until the runner is cleaned up; returns it and the page's URL.
    Requests must name ``localhost``, an address, ``host`` or one of ``allowed_hosts``."""
    app = make_app(limits, (host, *allowed_hosts), pace_ms)
    runner = web.AppRunner(app, handle_signals=False, keepalive_timeout=limits.head_timeout_s)
    await runner.setup()
    try:
        sockets = _listen(host, port)
    except BaseException:
        await runner.cleanup()
        raise
    for sock in sockets:
        app[ADMISSION].listen(sock, runner.server)     # type: ignore[arg-type]
    shown = f"[{host}]" if ":" in host else host
    return runner, f"http://{shown}:{sockets[0].getsockname()[1]}/"


def main(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS,
         allowed_hosts: Iterable[str] = ()) -> int:
    """``deadeye web``: serve until interrupted."""
    async def serve() -> None:
        runner, url = await start(host, port, limits, allowed_hosts)
        print(f"deadeye web: open {url} in a browser (Ctrl-C stops the server)", flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        print("\ndeadeye web: stopped")
        return 0
    except OSError as exc:
        print(f"deadeye web: cannot serve on {host}:{port}: {exc}", file=sys.stderr)
        return 2
    return 0
