"""The middle layer of the protocol: MessagePack-RPC messages, ids, pending requests and dispatch.

Messages have exactly Neovim's shapes: a request ``[0, msgid, method, params]``, a response ``[1, msgid, error,
result]``, a notification ``[2, method, params]``.  ``params`` is an array holding one map of named arguments (an
empty array means no arguments); an error is ``{"code": str, "message": str}``.

``ServerSession`` serves one stream: a reader thread decodes messages and queues them, and the calling thread runs
them in order (and sends the errors about invalid ones in their turn), so a long method (a search) never stops the
reading.  A method the server marks urgent (``search.stop``) runs in the reader thread at once.  The queue is bounded
(``protocol/limits.py``): past it a request is answered ``busy`` in its turn, at a cost of four bytes each.
A framed transport (a WebSocket: one frame, one message) hands the reader a ``BadFrame`` for a frame that holds no
single value; it is answered with a ``protocol.error`` in its turn, and the reading goes on.
``ClientSession`` is the other side: it numbers requests, keeps a future per pending request and hands
notifications to a callback.
"""
from __future__ import annotations

import itertools
import logging
import reprlib
import threading
from array import array
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .limits import DEFAULT_LIMITS, Limits
from .stream import BadFrame, MessageStream, StreamError, UnhashableMap

REQUEST, RESPONSE, NOTIFICATION = 0, 1, 2
MAX_MSGID = 2**32 - 1          # msgids are unsigned 32-bit integers, as in the MessagePack-RPC spec

log = logging.getLogger("deadeye.protocol")


class MethodError(Exception):
    """Raised by a method: the request gets an error reply carrying ``code`` (a stable string) and ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message = code, message


class RemoteError(Exception):
    """The engine answered a request with an error; ``code`` is one of the stable codes of docs/protocol.md."""

    def __init__(self, code: str, message: str, method: str | None = None) -> None:
        super().__init__(f"{code}: {message}" + (f" (in {method})" if method else ""))
        self.code, self.message, self.method = code, message, method


class EngineError(Exception):
    """The conversation broke: the engine died, closed its output or wrote something that is not a message."""

    def __init__(self, message: str, returncode: int | None = None) -> None:
        super().__init__(message if returncode is None else f"{message} (exit status {returncode})")
        self.returncode = returncode


class InvalidMessage(Exception):
    """A MessagePack value that is not a valid message; ``msgid`` is set when an error reply can name the request."""

    def __init__(self, message: str, msgid: int | None = None, code: str = "invalid_request") -> None:
        super().__init__(message)
        self.code, self.message, self.msgid = code, message, msgid


@dataclass(frozen=True)
class Request:
    msgid: int
    method: str
    params: dict


@dataclass(frozen=True)
class Notification:
    method: str
    params: dict


@dataclass(frozen=True)
class Response:
    msgid: int
    error: Any
    result: Any


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Brief(reprlib.Repr):
    """``repr`` for error messages about arbitrary input: a few levels and items, never recursive beyond them."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxdict, self.maxstring, self.maxother = 3, 6, 6, 60, 60
        self.maxlong = 40

    def repr_UnhashableMap(self, x: list, level: int) -> str:          # noqa: N802 (reprlib's naming)
        return self.repr_list(x, level)


_BRIEF = _Brief()


def brief(value: Any, limit: int = 200) -> str:
    """A short, safe rendering of any decoded value for an error message (bounded in depth and length).

    >>> brief([[[[[1]]]]], 80), brief("x" * 500, 12)
    ('[[[[...]]]]', "'xxxxxxxx...")
    """
    text = _BRIEF.repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def nesting_exceeds(value: Any, depth: int) -> bool:
    """True if arrays and maps nest more than ``depth`` levels in ``value`` (a scalar is level 0), found without
    recursion so that no input can exhaust the stack.

    >>> nesting_exceeds([[1], {"a": [2]}], 3), nesting_exceeds([[1], {"a": [2]}], 2)
    (False, True)
    """
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if type(item) is dict:
            children = [x for pair in item.items() for x in pair]
        elif type(item) is list or type(item) is UnhashableMap:
            children = item
        else:
            continue
        if level > depth:
            return True
        stack.extend((child, level + 1) for child in children if type(child) in (list, dict, UnhashableMap))
    return False


def _is_msgid(value: Any) -> bool:
    return _is_int(value) and 0 <= value <= MAX_MSGID


def _params(value: Any, msgid: int | None) -> dict:
    if type(value) is list and not value:
        return {}
    if type(value) is list and len(value) == 1 and type(value[0]) is dict:
        return value[0]
    raise InvalidMessage(f"params must be an array holding one map of named arguments, not {brief(value)}", msgid)


def parse_message(value: Any, max_depth: int | None = None) -> Request | Notification | Response:
    """The message ``value`` encodes; raises ``InvalidMessage`` (with the msgid when there is a usable one), also
    for arrays and maps nested deeper than ``max_depth``.

    >>> parse_message([0, 7, "hello", [{}]])
    Request(msgid=7, method='hello', params={})
    >>> parse_message([2, "search.stop", []])
    Notification(method='search.stop', params={})
    """
    if type(value) is not list or not value:
        raise InvalidMessage(f"a message is an array [type, ...], not {brief(value)}")
    kind = value[0]
    msgid = value[1] if _is_int(kind) and kind == REQUEST and len(value) > 1 and _is_msgid(value[1]) else None
    if max_depth is not None and nesting_exceeds(value, max_depth):
        raise InvalidMessage(f"arrays and maps nest more than {max_depth} levels deep", msgid)
    if not _is_int(kind) or kind not in (REQUEST, RESPONSE, NOTIFICATION):
        raise InvalidMessage("message type must be 0 (request), 1 (response) or 2 (notification), not "
                             + brief(kind, 50))
    if kind == REQUEST:
        if len(value) != 4:
            raise InvalidMessage(f"a request is [0, msgid, method, params], got {len(value)} elements", msgid)
        if msgid is None:
            raise InvalidMessage(f"a request's msgid must be an integer 0..{MAX_MSGID}, not {brief(value[1], 50)}")
        if not isinstance(value[2], str):
            raise InvalidMessage(f"method must be a string, not {brief(value[2], 50)}", msgid)
        return Request(msgid, value[2], _params(value[3], msgid))
    if kind == NOTIFICATION:
        if len(value) != 3:
            raise InvalidMessage(f"a notification is [2, method, params], got {len(value)} elements")
        if not isinstance(value[1], str):
            raise InvalidMessage(f"method must be a string, not {brief(value[1], 50)}")
        return Notification(value[1], _params(value[2], None))
    if len(value) != 4 or not _is_msgid(value[1]):
        raise InvalidMessage("a response is [1, msgid, error, result] with an integer msgid")
    return Response(value[1], value[2], value[3])


def error_map(code: str, message: str) -> dict:
    return {"code": code, "message": message}


class Deferred:
    """Returned by a method whose answer comes later (a move held while a window its seat cannot see is open): the
    session sends nothing now, and the method answers through ``respond`` once it can."""


DEFERRED = Deferred()


class Methods(Protocol):
    """What a ``ServerSession`` serves (``deadeye.protocol.server.Server`` is the one implementation)."""

    finished: bool          # set by a method (shutdown) to end the session after its reply

    def bind(self, notify: Callable[[str, dict], None], respond: Callable[[int, dict | None, Any], None]) -> None:
        """Receive the functions that send a notification, and the late answer to a request that returned
        ``DEFERRED`` (``respond(msgid, error, result)``)."""

    def close(self) -> None:
        """The session ends (also when its output is gone): answer every request still deferred (through
        ``respond``, which may fail silently then) and release what the session holds (its seats at tables)."""

    def urgent(self, method: str, seq: int) -> bool:
        """Called in the reader thread as each call arrives (``seq`` counts them from 0): True to run it there
        and then, not queued."""

    def refused(self, method: str, seq: int) -> None:
        """The call ``seq`` (not urgent) was refused ``busy``: it will never be called."""

    def call(self, method: str, params: dict, msgid: int | None, seq: int) -> Any:
        """Run one method (the ``seq``-th call to arrive); raises ``MethodError`` for a coded error."""


_END = object()                 # queued by the reader: clean end of input


class _Unreadable:              # queued by the reader: bytes that are not MessagePack
    def __init__(self, message: str) -> None:
        self.message = message


class _Send:                    # queued by the reader: a message to send in turn (the error about a bad message)
    def __init__(self, message: list) -> None:
        self.message = message


class _Busy:                    # queued by the reader: requests refused while the queue was full, answered in turn
    def __init__(self) -> None:
        self.msgids = array("I")


class _Inbox:
    """The reader's queue to the dispatcher, bounded: at most ``limits.queue`` items holding at most
    ``limits.queue_bytes`` encoded bytes wait.  Past that, ``offer`` refuses, and the refused requests' msgids join
    one ``_Busy`` run in their place in the order (four bytes each); past ``limits.busy_backlog`` of those the
    reader waits for the dispatcher to answer them (it has nothing else to do with its input)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._items: deque = deque()         # (item, encoded size, counted against the queue bound)
        self._count = 0                      # waiting items counted against the bound
        self._bytes = 0                      # their encoded bytes
        self._busy = 0                       # msgids waiting in _Busy runs
        self._cond = threading.Condition()

    def put(self, item: Any) -> None:
        """An item that always fits (the end of input, unreadable bytes)."""
        with self._cond:
            self._items.append((item, 0, False))
            self._cond.notify()

    def offer(self, item: Any, size: int) -> bool:
        """Queue ``item`` (``size`` encoded bytes) if it fits (an empty queue takes any one item); False if not."""
        with self._cond:
            if self._count >= self.limits.queue or (self._count and self._bytes + size > self.limits.queue_bytes):
                return False
            self._items.append((item, size, True))
            self._count += 1
            self._bytes += size
            self._cond.notify()
            return True

    def busy(self, msgid: int) -> None:
        """Answer request ``msgid`` ``busy`` in its turn."""
        with self._cond:
            while self._busy >= self.limits.busy_backlog:
                self._cond.wait()
            if not (self._items and isinstance(self._items[-1][0], _Busy)):
                self._items.append((_Busy(), 0, False))
            self._items[-1][0].msgids.append(msgid)
            self._busy += 1
            self._cond.notify()

    def get(self) -> Any:
        with self._cond:
            while not self._items:
                self._cond.wait()
            item, size, counted = self._items.popleft()
            self._count -= counted
            self._bytes -= size
            if isinstance(item, _Busy):
                self._busy -= len(item.msgids)
                self._cond.notify_all()          # a reader waiting for the backlog to shrink
            return item


class ServerSession:
    """Serves ``methods`` over ``stream`` until ``shutdown``, the end of input, or unreadable bytes.

    ``run()`` returns the exit status: 0 after ``shutdown`` or at the end of input, 2 after bytes that are not
    MessagePack (the client is told by a ``protocol.error`` notification first), 1 when the output is gone."""

    def __init__(self, stream: MessageStream, methods: Methods, limits: Limits = DEFAULT_LIMITS) -> None:
        self.stream = stream
        self.methods = methods
        self.limits = limits
        self._queue = _Inbox(limits)
        self._output_lost = False
        self._seq = itertools.count()
        methods.bind(self.notify, self.respond)

    def notify(self, method: str, params: dict) -> None:
        self._send([NOTIFICATION, method, [params]])

    def respond(self, msgid: int, error: dict | None, result: Any) -> None:
        """The late answer to a request whose method returned ``DEFERRED``."""
        self._send([RESPONSE, msgid, error, result])

    def _send(self, message: list) -> None:
        try:
            self.stream.write(message)
        except (TypeError, ValueError, OverflowError):
            raise                                   # not packable: a bug in a method, reported by _run_call
        except OSError as exc:                      # the client closed its end
            if not self._output_lost:
                log.warning("cannot write to the client (%s): stopping", exc)
            self._output_lost = True
            self._queue.put(_END)

    def _refuse(self, msgid: int | None, what: str) -> None:
        """A request that does not fit in the queue: answered ``busy`` in its turn (a notification is dropped)."""
        log.info("queue full: %s refused", what)
        if msgid is not None:
            self._queue.busy(msgid)

    def _read_loop(self) -> None:
        try:
            for value in self.stream:
                size = self.stream.last_size
                if type(value) is BadFrame:         # a framed transport's unreadable frame: answered, read on
                    log.info("bad frame: %s", value.message)
                    if not self._queue.offer(_Send([NOTIFICATION, "protocol.error",
                                                    [error_map(value.code, value.message)]]), size):
                        self._refuse(None, "a bad frame")
                    continue
                try:
                    message = parse_message(value, self.limits.depth)
                except InvalidMessage as exc:       # answered in turn, like the requests before it
                    log.info("invalid message %s: %s", brief(value), exc.message)
                    if exc.msgid is not None:
                        reply = _Send([RESPONSE, exc.msgid, error_map(exc.code, exc.message), None])
                    else:
                        reply = _Send([NOTIFICATION, "protocol.error", [error_map(exc.code, exc.message)]])
                    if not self._queue.offer(reply, size):
                        self._refuse(exc.msgid, "an invalid message")
                    continue
                if isinstance(message, Response):
                    reply = _Send([NOTIFICATION, "protocol.error", [error_map(
                        "invalid_request", f"the server sends no requests, so expects no response (msgid "
                                           f"{message.msgid})")]])
                    if not self._queue.offer(reply, size):
                        self._refuse(None, "a response")
                    continue
                seq = next(self._seq)
                if self.methods.urgent(message.method, seq):
                    self._run_call(message, seq)
                elif not self._queue.offer((message, seq), size):
                    self.methods.refused(message.method, seq)
                    self._refuse(message.msgid if isinstance(message, Request) else None, message.method)
        except StreamError as exc:
            self._queue.put(_Unreadable(str(exc)))
        except OSError as exc:
            log.warning("cannot read from the client (%s): stopping", exc)
            self._queue.put(_END)
        except BaseException:                       # never leave the dispatcher waiting for ever
            log.exception("reader failed")
            self._queue.put(_Unreadable("the server could not read its input"))
            raise
        else:
            self._queue.put(_END)

    def _run_call(self, message: Request | Notification, seq: int) -> None:
        msgid = message.msgid if isinstance(message, Request) else None
        log.debug("-> %s %s %s", message.method, msgid, brief(message.params))
        try:
            result, error = self.methods.call(message.method, message.params, msgid, seq), None
        except MethodError as exc:
            result, error = None, error_map(exc.code, exc.message)
        except Exception as exc:                    # a bug: report it on this request and keep serving
            log.exception("internal error in %s", message.method)
            result, error = None, error_map("internal", f"{message.method}: {type(exc).__name__}: {exc}"[:500])
        if result is DEFERRED:
            log.debug("<- %s %s deferred", message.method, msgid)
            return
        if error is not None:
            log.info("<- %s %s error %s: %s", message.method, msgid, error["code"], error["message"])
        if msgid is None:
            if error is not None:
                self.notify("protocol.error", {**error, "method": message.method})
            return
        try:
            self._send([RESPONSE, msgid, error, result])
        except (TypeError, ValueError, OverflowError) as exc:
            log.exception("unpackable result of %s", message.method)
            self._send([RESPONSE, msgid, error_map("internal", f"{message.method}: unpackable result: {exc}"[:500]),
                        None])

    def _answer_busy(self, busy: _Busy) -> None:
        limits = self.limits
        error = error_map("busy", f"{limits.queue} requests (or {limits.queue_bytes} bytes) are already waiting: "
                                  f"send this one again once some are answered")
        for msgid in busy.msgids:
            self._send([RESPONSE, msgid, error, None])
            if self._output_lost:
                return

    def run(self) -> int:
        reader = threading.Thread(target=self._read_loop, name="deadeye-reader", daemon=True)
        reader.start()
        try:
            return self._dispatch()
        finally:
            self.methods.close()            # also when the output is gone: the methods release what they hold

    def _dispatch(self) -> int:
        while True:
            item = self._queue.get()
            if self._output_lost:
                return 1
            if item is _END:
                return 0
            if isinstance(item, _Unreadable):
                log.warning("unreadable input: %s", item.message)
                self.notify("protocol.error", error_map("parse_error", item.message))
                return 2
            if isinstance(item, _Send):
                self._send(item.message)
            elif isinstance(item, _Busy):
                self._answer_busy(item)
            else:
                self._run_call(*item)
            if self._output_lost:
                return 1
            if self.methods.finished:
                return 0


class ClientSession:
    """The calling side: ``request()`` returns a future that the reader thread completes with the response."""

    def __init__(self, stream: MessageStream, on_notification: Callable[[str, dict], None] | None = None,
                 on_close: Callable[[BaseException], None] | None = None) -> None:
        self.stream = stream
        self.on_notification = on_notification
        self._on_close = on_close
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[str, Future]] = {}
        self._lock = threading.Lock()
        self._closed: BaseException | None = None
        self._reader = threading.Thread(target=self._read_loop, name="deadeye-client-reader", daemon=True)

    def start(self) -> None:
        self._reader.start()

    def join(self, timeout: float | None = None) -> None:
        if self._reader.is_alive():
            self._reader.join(timeout)

    def request(self, method: str, params: dict) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closed is not None:
                future.set_exception(self._closed)
                return future
            msgid = next(self._ids) % (MAX_MSGID + 1)
            future.msgid = msgid                      # type: ignore[attr-defined]  (to match search.info to it)
            self._pending[msgid] = (method, future)
        try:
            self.stream.write([REQUEST, msgid, method, [params]])
        except (OSError, ValueError) as exc:          # ValueError: the stream was closed on our side
            self._fail(EngineError(f"cannot write to the engine: {exc}"))
        return future

    def notify(self, method: str, params: dict) -> None:
        self.stream.write([NOTIFICATION, method, [params]])

    def forget(self, future: Future) -> None:
        """Stop waiting for ``future`` (after a timeout): a late response is dropped."""
        with self._lock:
            for msgid, (_, pending) in list(self._pending.items()):
                if pending is future:
                    del self._pending[msgid]

    def _fail(self, exc: BaseException) -> None:
        with self._lock:
            if self._closed is None:
                self._closed = exc
            pending, self._pending = self._pending, {}
        for _, future in pending.values():
            if not future.done():
                future.set_exception(self._closed)
        if self._on_close is not None:
            self._on_close(self._closed)

    def _read_loop(self) -> None:
        try:
            for value in self.stream:
                try:
                    message = parse_message(value)
                except InvalidMessage as exc:
                    raise EngineError(f"the engine sent an invalid message: {exc.message}") from None
                if isinstance(message, Response):
                    with self._lock:
                        method, future = self._pending.pop(message.msgid, (None, None))
                    if future is None:
                        log.debug("response to an unknown or forgotten msgid %d", message.msgid)
                        continue
                    if message.error is None:
                        future.set_result(message.result)
                    else:
                        error = message.error
                        code = error.get("code") if isinstance(error, dict) else None
                        text = error.get("message") if isinstance(error, dict) else None
                        future.set_exception(RemoteError(code if isinstance(code, str) else "remote_error",
                                                         text if isinstance(text, str) else repr(error), method))
                elif isinstance(message, Notification):
                    if self.on_notification is not None:
                        try:
                            self.on_notification(message.method, message.params)
                        except Exception:
                            log.exception("notification callback failed on %s", message.method)
                # requests from the engine are not part of this protocol: ignored
        except StreamError as exc:
            self._fail(EngineError(f"the engine wrote bytes that are not MessagePack: {exc}"))
        except Exception as exc:
            self._fail(exc if isinstance(exc, EngineError) else EngineError(f"reading from the engine failed: {exc}"))
        else:
            self._fail(EngineError("the engine closed its output"))
