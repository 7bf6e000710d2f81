"""``deadeye web``: the page, the player rules and the protocol over a WebSocket, from one local HTTP server.

One more transport for the same protocol (docs/protocol.md, "Transport: WebSocket"): each connection to ``/rpc``
is served by a ``ServerSession`` and a ``Server`` exactly as ``deadeye serve`` serves its stdin, and every session
shares one ``TableRegistry``, so that people in several browsers sit at one table.  A binary frame carries exactly
one message; since frames have edges, a frame that is not one readable value (or a text frame) is answered with a
``protocol.error`` and the connection reads on.

HTTP and WebSocket both come from aiohttp: one well-kept asyncio package that serves static files and WebSockets
(and has the WebSocket client the tests use), with a per-message size limit that refuses an oversized frame before
buffering it.  The session's threads stay as they are: the reader thread waits for frames through
``run_coroutine_threadsafe``, and writes are sent the same way, so the event loop never runs a method or a search.
"""
from __future__ import annotations

import asyncio
import logging
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

from aiohttp import WSMsgType, web

from deadeye.core import GameError, list_games, rules_text

from .limits import DEFAULT_LIMITS, Limits
from .server import Server, seat_view
from .session import ServerSession
from .stream import BadFrame, StreamError, new_unpacker, pack
from .tables import TableRegistry

STATIC = Path(__file__).resolve().parent / "web_static"     # the page, shipped as package data
SEND_TIMEOUT_S = 30.0          # a client that takes no frame for this long is treated as gone
TABLES = web.AppKey("tables", TableRegistry)
CONNECTIONS = web.AppKey("connections", list)
LIMITS = web.AppKey("limits", Limits)

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
    out, and one frame per value written.  Used from the session's threads, never from the event loop's."""

    def __init__(self, ws: web.WebSocketResponse, loop: asyncio.AbstractEventLoop, limits: Limits) -> None:
        self.limits = limits
        self.last_size = 0
        self._ws, self._loop = ws, loop
        self._write_lock = threading.Lock()

    def __iter__(self) -> Iterator[Any]:
        while True:
            message = asyncio.run_coroutine_threadsafe(self._ws.receive(), self._loop).result()
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
        with self._write_lock:
            if self._ws.closed:
                raise ConnectionResetError("the WebSocket is closed")
            future = asyncio.run_coroutine_threadsafe(self._ws.send_bytes(data), self._loop)
            try:
                future.result(SEND_TIMEOUT_S)
            except TimeoutError:
                future.cancel()
                raise ConnectionResetError(f"the client took no frame for {SEND_TIMEOUT_S:.0f} s") from None
            except (ConnectionError, RuntimeError) as exc:   # the connection closed meanwhile
                raise ConnectionResetError(str(exc)) from None


def _same_origin(request: web.Request) -> bool:
    """A browser names the page that opened a WebSocket in ``Origin``: only this server's own page may connect
    (another site open in the same browser must not play or open tables here).  Clients that are not browsers send
    no ``Origin``."""
    origin = request.headers.get("Origin")
    return origin is None or origin in (f"http://{request.host}", f"https://{request.host}")


async def rpc(request: web.Request) -> web.StreamResponse:
    """``/rpc``: one protocol session per WebSocket, run in a thread of its own (a method may search for long)."""
    limits: Limits = request.app[LIMITS]
    connections = request.app[CONNECTIONS]
    if not _same_origin(request):
        return web.Response(status=403, text="deadeye web: a WebSocket from another site's page is refused\n")
    if len(connections) >= limits.connections:
        return web.Response(status=503, text=f"deadeye web: {limits.connections} connections are open\n")
    ws = web.WebSocketResponse(max_msg_size=limits.message_bytes, compress=False, autoping=True)
    await ws.prepare(request)
    loop = asyncio.get_running_loop()
    done: asyncio.Future = loop.create_future()
    session = ServerSession(WebSocketStream(ws, loop, limits), Server(limits, request.app[TABLES]), limits)

    def run() -> None:
        try:
            status = session.run()
        except BaseException as exc:              # the session has logged it
            status = 1
            log.warning("a WebSocket session failed: %s", exc)
        loop.call_soon_threadsafe(lambda: done.done() or done.set_result(status))

    connections.append(ws)
    try:
        threading.Thread(target=run, name="deadeye-web-session", daemon=True).start()
        status = await done
    finally:
        connections.remove(ws)
    await ws.close(code=1000 if status == 0 else 1008)
    return ws


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")


async def rules(request: web.Request) -> web.Response:
    """``/rules/<game>``: the player rules (``docs/rules``, shipped as ``deadeye.rules``), as Markdown."""
    try:
        text = rules_text(request.match_info["game"])
    except GameError:
        names = ", ".join(g.name for g in list_games())
        raise web.HTTPNotFound(text=f"no rules for {request.match_info['game']!r}; games: {names}\n") from None
    return web.Response(text=text, content_type="text/markdown", charset="utf-8")


def make_app(limits: Limits = DEFAULT_LIMITS) -> web.Application:
    """The page at ``/`` (and its files), the rules at ``/rules/<game>``, the protocol at ``/rpc``."""
    app = web.Application(client_max_size=64 * 1024)
    app[LIMITS] = limits
    app[TABLES] = TableRegistry(limits, seat_view)
    app[CONNECTIONS] = []
    app.router.add_get("/", index)
    app.router.add_get("/rpc", rpc)
    app.router.add_get("/rules/{game}", rules)
    app.router.add_static("/", STATIC, follow_symlinks=False, show_index=False)
    app.on_shutdown.append(_close_connections)
    return app


async def _close_connections(app: web.Application) -> None:
    for ws in list(app[CONNECTIONS]):
        await ws.close(code=1001, message=b"the server is stopping")


async def start(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS) -> tuple[web.AppRunner,
                                                                                                       str]:
    """Serve on ``host:port`` (port 0: a free one) until the runner is cleaned up; returns it and the page's URL."""
    runner = web.AppRunner(make_app(limits), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1] if port == 0 else port   # type: ignore[union-attr]
    shown = f"[{host}]" if ":" in host else host
    return runner, f"http://{shown}:{bound}/"


def main(host: str = "127.0.0.1", port: int = 8000, limits: Limits = DEFAULT_LIMITS) -> int:
    """``deadeye web``: serve until interrupted."""
    async def serve() -> None:
        runner, url = await start(host, port, limits)
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
