"""Which TCP connections ``deadeye web`` takes, and how long one may take to say what it wants.

aiohttp keeps a connection whose request head never ends for as long as its keep-alive allows (an hour), and
asyncio's accept loop, out of descriptors, logs and retries without end: 1,100 slow heads stopped the server for
good (issue 27, item 3).  So the server accepts its connections here:

- only while it has descriptors to spare: at most half of its descriptor limit, less ``FD_RESERVE`` (a connection
  may hold a second descriptor, the file it is being sent).  Past that, new connections wait in the kernel's queue
  (no descriptor is spent on them), and are taken as soon as others end: the process never runs out;
- at most ``limits.address_sockets`` at once from one address: past it, a new one is answered 503 and closed;
- a connection whose first request head has not ended ``limits.head_timeout_s`` after it was taken is closed.  The
  heads after it, on a kept-alive connection, are bounded by aiohttp's keep-alive timeout, set to the same.

Each accepted socket is handed to aiohttp's own protocol (``runner.server()``) through ``_Counted``, which only
watches: it counts the connection until it is lost, and notices the blank line that ends the first head.
"""
from __future__ import annotations

import asyncio
import errno
import logging
import resource
import socket
from collections import Counter
from typing import Callable

from .limits import Limits

FD_RESERVE = 64                  # descriptors never spent on connections: logs, the files served, the event loop
RETRY_S = 0.5                    # after an accept failed for want of descriptors (or memory)
_BUSY = b"deadeye web: too many connections from this address\n"
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nConnection: close\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (len(_BUSY), _BUSY))
HEAD_ENDS = (b"\r\n\r\n", b"\n\n")

log = logging.getLogger("deadeye.protocol")


def connection_cap() -> int:
    """The connections this process can hold at once: half of its descriptor limit past ``FD_RESERVE``."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 16
    return max(1, (soft - FD_RESERVE) // 2)


class Admission:
    """The connections of the listening sockets of one server: counted in all and per address."""

    def __init__(self, limits: Limits, cap: int | None = None) -> None:
        self.limits = limits
        self.cap = connection_cap() if cap is None else cap
        self.open = 0
        self.by_address: Counter[str] = Counter()
        self._room = asyncio.Event()
        self._room.set()
        self._tasks: list[asyncio.Task] = []
        self._sockets: list[socket.socket] = []

    def listen(self, sock: socket.socket, protocol: Callable[[], asyncio.Protocol]) -> None:
        """Accept on ``sock`` (listening, non-blocking) and serve each connection with ``protocol()``."""
        self._sockets.append(sock)
        self._tasks.append(asyncio.get_running_loop().create_task(self._accept(sock, protocol)))

    def close(self) -> None:
        """Stop accepting (the connections already taken go on until the server closes them)."""
        for task in self._tasks:
            task.cancel()
        for sock in self._sockets:
            sock.close()

    async def _accept(self, sock: socket.socket, protocol: Callable[[], asyncio.Protocol]) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._room.wait()
            try:
                conn, peer = await loop.sock_accept(sock)
            except OSError as exc:
                if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    log.warning("deadeye web: cannot accept a connection (%s): retrying", exc)
                    await asyncio.sleep(RETRY_S)
                continue                              # else the client gave up before it was taken
            address = str(peer[0])
            if self.by_address[address] >= self.limits.address_sockets:
                log.info("deadeye web: %s has %d connections: one more refused", address, self.by_address[address])
                _refuse(conn)
                continue
            self.count(address, 1)
            try:
                await loop.connect_accepted_socket(lambda: _Counted(self, address, protocol()), conn)
            except OSError:                           # lost meanwhile
                self.count(address, -1)
                conn.close()

    def count(self, address: str, change: int) -> None:
        """One connection of ``address`` more (``change`` 1) or fewer (-1); accepting pauses at the cap."""
        self.open += change
        self.by_address[address] += change
        if not self.by_address[address]:
            del self.by_address[address]
        if self.open < self.cap:
            self._room.set()
        else:
            self._room.clear()


def _refuse(conn: socket.socket) -> None:
    """Answer 503 and close, best effort (what the client sent is read first, so the answer is not lost to a
    reset)."""
    try:
        conn.recv(65536)
    except OSError:
        pass
    try:
        conn.send(REFUSED)
    except OSError:
        pass
    conn.close()


class _Counted(asyncio.Protocol):
    """aiohttp's protocol for one connection, watched: counted until lost, closed if its first head is late."""

    def __init__(self, admission: Admission, address: str, inner: asyncio.Protocol) -> None:
        self._admission, self._address, self._inner = admission, address, inner
        self._timer: asyncio.TimerHandle | None = None
        self._tail = b""                              # the last bytes of the head so far (a blank line may straddle)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._timer = asyncio.get_running_loop().call_later(self._admission.limits.head_timeout_s, self._late,
                                                            transport)
        self._inner.connection_made(transport)

    def _late(self, transport: asyncio.BaseTransport) -> None:
        log.info("deadeye web: %s sent no whole request head in %g s: closed", self._address,
                 self._admission.limits.head_timeout_s)
        transport.abort()                             # type: ignore[attr-defined]

    def data_received(self, data: bytes) -> None:
        if self._timer is not None:
            seen = self._tail + data
            if any(end in seen for end in HEAD_ENDS):
                self._timer.cancel()
                self._timer, self._tail = None, b""
            else:
                self._tail = seen[-3:]
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._admission.count(self._address, -1)
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()
