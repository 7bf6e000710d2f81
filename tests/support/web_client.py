"""``deadeye web`` for the tests: the server on a free port in a thread of its own, and a protocol client over one
WebSocket (aiohttp's client) that decodes every frame strictly and checks every message's shape."""
from __future__ import annotations

import asyncio
import threading
from typing import Any

import aiohttp

from deadeye.protocol import RemoteError
from deadeye.protocol.limits import DEFAULT_LIMITS, Limits
from deadeye.protocol.stream import decode_all, pack
from deadeye.protocol.web import TABLES, start
from deadeye.protocol.tables import TableRegistry

from .protocol_harness import check_outgoing

TIMEOUT_S = 120.0


class WebServer:
    """``deadeye web`` in-process, on 127.0.0.1 and a free port, its event loop in a daemon thread."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS, **options: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="web-server-loop", daemon=True)
        self._thread.start()
        self.runner, self.url = asyncio.run_coroutine_threadsafe(start("127.0.0.1", 0, limits, **options),
                                                                 self.loop).result(30)
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    @property
    def tables(self) -> TableRegistry:
        return self.runner.app[TABLES]

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)


class Rpc:
    """One WebSocket to ``/rpc``.  Notifications are logged in arrival order; ``call`` moves the log's cursor past
    every notification that arrived before its response, so ``update()`` then returns only newer ones."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.http, self.ws = http, ws
        self.log: list[tuple[str, dict]] = []
        self.cursor = 0
        self.stray: list = []                       # responses to no request of ours
        self.closed: tuple[int | None, str] | None = None
        self._ids = iter(range(1, 2**32))
        self._pending: dict[int, asyncio.Future] = {}
        self._arrived = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, url: str, **headers: str) -> "Rpc":
        http = aiohttp.ClientSession()
        try:
            ws = await http.ws_connect(url + "rpc", headers=headers, max_msg_size=0)
        except BaseException:
            await http.close()
            raise
        return cls(http, ws)

    async def _read(self) -> None:
        async for frame in self.ws:
            assert frame.type == aiohttp.WSMsgType.BINARY, f"the server sent a {frame.type.name} frame"
            values = decode_all(frame.data)
            assert len(values) == 1, f"a frame of {len(values)} values"
            message = values[0]
            check_outgoing(message)
            if message[0] == 1 and message[1] in self._pending:
                self._pending.pop(message[1]).set_result((message[2], message[3], len(self.log)))
            elif message[0] == 1:
                self.stray.append(message)
            else:
                self.log.append((message[1], message[2][0]))
            self._arrived.set()
        self.closed = (self.ws.close_code, str(self.ws.extra) if hasattr(self.ws, "extra") else "")
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionError(f"closed with {self.ws.close_code}"))
        self._arrived.set()

    def send(self, method: str, **params: Any) -> asyncio.Future:
        msgid = next(self._ids)
        future = self._pending[msgid] = asyncio.get_running_loop().create_future()
        asyncio.ensure_future(self.ws.send_bytes(pack([0, msgid, method, [params]])))
        return future

    async def result(self, future: asyncio.Future) -> Any:
        error, result, mark = await asyncio.wait_for(future, TIMEOUT_S)
        self.cursor = max(self.cursor, mark)
        if error is not None:
            raise RemoteError(error["code"], error["message"])
        return result

    async def call(self, method: str, **params: Any) -> Any:
        return await self.result(self.send(method, **params))

    async def notification(self, *methods: str) -> tuple[str, dict]:
        """The next notification (of one of ``methods``, if given) after the cursor."""
        while True:
            while self.cursor < len(self.log):
                method, params = self.log[self.cursor]
                self.cursor += 1
                if not methods or method in methods:
                    return method, params
            if self.closed is not None:
                raise ConnectionError(f"closed with {self.closed[0]} while waiting for {methods}")
            self._arrived.clear()
            await asyncio.wait_for(self._arrived.wait(), TIMEOUT_S)

    async def update(self) -> dict:
        return (await self.notification("table.update"))[1]

    async def close(self) -> None:
        await self.ws.close()
        await self._reader
        await self.http.close()
