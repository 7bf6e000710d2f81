"""The protocol side of the tests' third-party engines (faulty_engine.py, spy_engine.py): MessagePack-RPC requests
read from stdin, one handler per method, replies on stdout.  Nothing but ``msgpack``, so an engine starts fast and
knows no rules."""
import os
import sys
from typing import Any, Callable

import msgpack

out = sys.stdout.buffer


def send(message: Any) -> None:
    out.write(msgpack.packb(message))
    out.flush()


def answer(msgid: int, result: Any = None, error: dict | None = None) -> None:
    send([1, msgid, error, result])


def serve(handlers: dict[str, Callable[[int, dict], bool | None]]) -> int:
    """Answer requests until stdin closes (or a handler returns True, as ``shutdown`` does): each request's first
    parameter goes to the handler of its method; an unknown method gets an ``unknown_method`` error reply.  Replies
    and notifications from the other side are ignored.  Returns the exit status, 0."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
    while True:
        data = os.read(0, 65536)
        if not data:
            return 0
        unpacker.feed(data)
        for message in unpacker:
            if message[0] != 0:
                continue
            _, msgid, method, params = message
            handler = handlers.get(method)
            if handler is None:
                answer(msgid, error={"code": "unknown_method", "message": f"no method {method!r}"})
            elif handler(msgid, params[0] if params else {}):
                return 0
