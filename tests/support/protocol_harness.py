"""Ways for the protocol tests to talk to a server: in-process over bytes or pipes, or raw bytes to a real process.

Everything a server writes is decoded strictly (``decode_all`` or a strict reader thread) and checked to be a
well-formed response or notification, so any stray byte on the server's stdout fails the test that caused it.
"""
from __future__ import annotations

import io
import os
import queue
import subprocess
import sys
import threading
import time
from typing import Any

from deadeye.protocol import Client
from deadeye.protocol.client import DEFAULT_COMMAND
from deadeye.protocol.server import serve
from deadeye.protocol.stream import decode_all, new_unpacker, pack


def request(msgid: int, method: str, **params: Any) -> list:
    return [0, msgid, method, [params]]


def check_outgoing(message: Any) -> None:
    """A message a server may send: a response with an error map or a result, or a notification with one map."""
    assert type(message) is list, message
    if message[0] == 1:
        assert len(message) == 4 and isinstance(message[1], int) and 0 <= message[1] < 2**32, message
        error = message[2]
        if error is not None:
            assert type(error) is dict and set(error) == {"code", "message"}, message
            assert isinstance(error["code"], str) and isinstance(error["message"], str), message
            assert message[3] is None, message
    else:
        assert message[0] == 2 and len(message) == 3, message
        assert isinstance(message[1], str) and type(message[2]) is list and len(message[2]) == 1, message
        assert type(message[2][0]) is dict, message
        if message[1] == "protocol.error":
            assert isinstance(message[2][0]["code"], str) and isinstance(message[2][0]["message"], str)


def run_bytes(data: bytes) -> tuple[list, int]:
    """Serve ``data`` in-process, then the end of input; returns (every message written, exit status)."""
    out = io.BytesIO()
    status = serve(io.BytesIO(data), out)
    messages = decode_all(out.getvalue())
    for message in messages:
        check_outgoing(message)
    return messages, status


def run_messages(*messages: Any) -> tuple[list, int]:
    return run_bytes(b"".join(pack(m) for m in messages))


def replies_by_id(messages: list) -> dict:
    return {m[1]: m for m in messages if m[0] == 1}


class InProcessServer:
    """``serve()`` in a thread over two pipes, with a ``Client`` on the other ends (cheap, and fully interactive)."""

    def __init__(self, **client_options: Any) -> None:
        to_server_r, to_server_w = os.pipe()
        from_server_r, from_server_w = os.pipe()
        self._server_in = open(to_server_r, "rb", buffering=0)
        self._server_out = open(from_server_w, "wb")
        self.status: int | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.client = Client(streams=(open(from_server_r, "rb", buffering=0), open(to_server_w, "wb", buffering=0)),
                             **client_options)

    def _run(self) -> None:
        try:
            self.status = serve(self._server_in, self._server_out)
        finally:
            self._server_out.close()          # the client then sees the end of the server's output
            self._server_in.close()

    def close(self) -> int | None:
        self.client.close()
        self.thread.join(10)
        assert not self.thread.is_alive(), "the in-process server did not stop at the end of its input"
        return self.status

    def __enter__(self) -> Client:
        return self.client

    def __exit__(self, *exc: Any) -> None:
        self.close()


class RawServer:
    """A real ``deadeye serve`` process fed raw bytes; a reader thread decodes its stdout strictly.

    ``messages`` receives every decoded message; a decoding failure is recorded in ``garbage``."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen([*DEFAULT_COMMAND, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        self.messages: queue.Queue = queue.Queue()
        self.garbage: list[str] = []
        self.stderr = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read(self) -> None:
        unpacker = new_unpacker()
        fed = end = 0
        while True:
            chunk = self.process.stdout.read(65536)
            if not chunk:
                if end != fed:
                    self.garbage.append(f"output ends inside a value ({fed - end} bytes)")
                return
            unpacker.feed(chunk)
            fed += len(chunk)
            while True:
                try:
                    message = next(unpacker)
                except StopIteration:
                    break
                except Exception as exc:
                    self.garbage.append(f"undecodable output: {exc!r}")
                    return
                end = unpacker.tell()
                try:
                    check_outgoing(message)
                except AssertionError as exc:
                    self.garbage.append(f"malformed message {message!r}: {exc}")
                self.messages.put(message)

    def _read_stderr(self) -> None:
        self.stderr = self.process.stderr.read()

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    def collect_until(self, msgid: int, timeout: float, nudge: bytes | None = None) -> list:
        """Messages up to and including the response to ``msgid``; ``nudge`` is re-sent every 0.2 s meanwhile (a
        search.stop, so that a long search the fuzzer happened to ask for cannot look like a hang)."""
        got, deadline = [], time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no response to {msgid} within {timeout} s; got {got!r:.2000}")
            try:
                message = self.messages.get(timeout=min(remaining, 0.2))
            except queue.Empty:
                assert self.process.poll() is None, f"the server exited with {self.process.returncode}"
                if nudge is not None:
                    self.send(nudge)
                continue
            got.append(message)
            if message[0] == 1 and message[1] == msgid:
                return got

    def close(self, timeout: float = 10) -> int:
        """Close stdin and wait for the exit status (killing the process if it hangs, which fails the caller)."""
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"the server did not exit within {timeout} s of the end of its input")
        self._reader.join(5)
        self._stderr_reader.join(5)
        return status

    def drain(self) -> list:
        out = []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out


def python_engine(code: str) -> list[str]:
    """A command running ``code`` in this interpreter (for engines that misbehave on purpose)."""
    return [sys.executable, "-c", code]
