"""A Python client for the deadeye protocol (or any engine that speaks it), in the manner of python-chess's engines.

>>> from deadeye.protocol import Client
>>> with Client() as engine:                                     # spawns ``deadeye serve``
...     game = engine.call("game.new", game="wyatt-earp", players=3, seed=1)
...     choice = engine.call("bot.choose", game_id=game["game_id"], seat=game["turn"], bot="random")
...     engine.call("game.apply", game_id=game["game_id"], action=choice["action"])["status"]
'playing'

Every call has a deadline; an error answer raises ``RemoteError`` carrying its stable code; a broken conversation
(the engine died, closed its output, wrote non-protocol bytes) raises ``EngineError``.  Leaving the ``with`` block,
normally or by an exception, always ends the engine process and everything it started (its process group).
"""
from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import weakref
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, BinaryIO, Callable, Sequence

from .session import ClientSession, EngineError, RemoteError
from .stream import MessageStream

__all__ = ["Client", "DEFAULT_COMMAND", "EngineError", "RemoteError"]

DEFAULT_COMMAND = (sys.executable, "-m", "deadeye.protocol.cli", "serve")   # ``deadeye serve`` of this interpreter
_DEFAULT = object()


def _end_process(process: subprocess.Popen, grace: float) -> None:
    """Let ``process`` exit on its own for ``grace`` seconds, then terminate it, then kill it; always reap it and
    kill what is left of its process group."""
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        _signal_group(process, signal.SIGTERM)
        try:
            process.wait(1.0)
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.wait()
    _signal_group(process, signal.SIGKILL, leader=False)       # orphans of a wrapper script, if any


def _signal_group(process: subprocess.Popen, sig: int, leader: bool = True) -> None:
    """Signal the process group the client started (its id is the engine's pid), or the engine alone."""
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, sig)
        elif leader:
            process.send_signal(sig)
    except (ProcessLookupError, PermissionError):
        pass


def _finalize(process: subprocess.Popen) -> None:
    """Last resort when a client is garbage-collected or the interpreter exits without ``close()``."""
    if process.poll() is None:
        _signal_group(process, signal.SIGKILL)
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        pass


class Client:
    """A conversation with one engine: a process it spawns (``command``, default ``deadeye serve``) or two streams.

    ``command`` is a list of arguments or a shell-like string (split with ``shlex``, no shell).  ``streams`` is
    ``(from_engine, to_engine)``, two binary files, for an engine the caller runs itself (the client closes only
    ``to_engine``).  ``timeout`` is the default deadline of ``call`` in seconds (None: wait for ever).
    ``on_notification(method, params)`` receives ``search.info`` and ``protocol.error`` notifications; it runs in
    the client's reader thread, so it must return quickly and must not ``call`` the engine itself.
    ``close_timeout`` is how long ``close()`` lets the engine finish on its own before terminating it; ``pass_fds``
    are file descriptors the engine inherits (as in ``subprocess.Popen``).
    """

    def __init__(self, command: str | Sequence[str] | None = None, *,
                 streams: tuple[BinaryIO, BinaryIO] | None = None, timeout: float | None = 60.0,
                 on_notification: Callable[[str, dict], None] | None = None, stderr: Any = None,
                 cwd: str | None = None, env: dict | None = None, close_timeout: float = 2.0,
                 pass_fds: Sequence[int] = ()) -> None:
        if command is not None and streams is not None:
            raise ValueError("give a command or streams, not both")
        self.timeout = timeout
        self.close_timeout = close_timeout
        self.process: subprocess.Popen | None = None
        self._closed = False
        if streams is None:
            args = shlex.split(command) if isinstance(command, str) else list(command or DEFAULT_COMMAND)
            self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                            bufsize=0, cwd=cwd, env=env, start_new_session=hasattr(os, "killpg"),
                                            pass_fds=tuple(pass_fds))
            self._finalizer = weakref.finalize(self, _finalize, self.process)
            from_engine, to_engine = self.process.stdout, self.process.stdin
        else:
            from_engine, to_engine = streams
        self._to_engine = to_engine
        self._session = ClientSession(MessageStream(from_engine, to_engine), on_notification)
        self._session.start()

    # --- calls ---
    def send(self, method: str, /, **params: Any) -> Future:
        """Send a request now; the future's ``result()`` is the answer (or raises ``RemoteError``/``EngineError``),
        and its ``msgid`` attribute is the request's id (``search.info`` notifications carry it).

        For a call that another must interrupt: ``f = engine.send("bot.choose", ...)``, then
        ``engine.call("search.stop")``, then ``f.result()``."""
        return self._session.request(method, params)

    def call(self, method: str, /, *, timeout: Any = _DEFAULT, **params: Any) -> Any:
        """``method`` with named ``params``; returns the result map.  ``timeout`` (seconds) overrides the client's
        default; past it, ``TimeoutError`` is raised and a late answer is dropped."""
        future = self.send(method, **params)
        return self.result(future, timeout=self.timeout if timeout is _DEFAULT else timeout, method=method)

    def result(self, future: Future, timeout: float | None = None, method: str = "call") -> Any:
        """The answer behind a future from ``send``, within ``timeout`` seconds."""
        try:
            return future.result(timeout)
        except FutureTimeout:
            self._session.forget(future)
            raise TimeoutError(f"{method}: no answer within {timeout} s") from None
        except EngineError as exc:
            raise self._with_status(exc) from None

    def notify(self, method: str, /, **params: Any) -> None:
        """Send a notification (no answer; the engine reports a failure as a ``protocol.error`` notification)."""
        try:
            self._session.notify(method, params)
        except (OSError, ValueError) as exc:
            raise self._with_status(EngineError(f"cannot write to the engine: {exc}")) from None

    def _with_status(self, exc: EngineError) -> EngineError:
        """The error with the engine's exit status when the engine has exited (or exits within a moment)."""
        if self.process is None or exc.returncode is not None:
            return exc
        try:
            code = self.process.wait(0.5)
        except subprocess.TimeoutExpired:
            return exc
        return EngineError(str(exc), code)

    # --- the process ---
    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    @property
    def returncode(self) -> int | None:
        return None if self.process is None else self.process.poll()

    def end_input(self) -> None:
        """Close the engine's input, so that it exits; ``close()`` then waits for it (to end several at once)."""
        try:
            self._to_engine.close()
        except OSError:
            pass

    def close(self, timeout: float | None = None) -> int | None:
        """End the conversation: close the engine's input (the engine exits at the end of its input), give it
        ``timeout`` seconds (default ``close_timeout``), then terminate and kill it.  Returns its exit status."""
        if self._closed:
            return self.returncode
        self._closed = True
        self.end_input()
        if self.process is None:
            return None
        try:
            _end_process(self.process, self.close_timeout if timeout is None else timeout)
        finally:
            self._finalizer.detach()
            self._session.join(1.0)
            try:
                self.process.stdout.close()
            except OSError:
                pass
        return self.process.returncode

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        where = f"pid {self.pid}" if self.process is not None else "streams"
        return f"<Client {where}{' closed' if self._closed else ''}>"
