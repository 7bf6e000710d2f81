"""The arena's process transport: every bot plays from an engine process of its own, over ``bot.choose_view``.

The referee (``deadeye.bots.arena.play_game``) holds the true game.  For each decision it sends the engine of the
bot to move only that seat's view (:func:`~deadeye.protocol.server.seat_view`, the very map ``game.view``
returns), the decision's seed and, under ``--move-ms``, a time budget; then it waits for the budget plus
``grace_ms`` at most.

Engines.  A bot spec as in ``bots/`` (``random``, ``ismcts:iterations=50``) runs in ``deadeye serve`` of this
interpreter and is sent as ``bot`` without its ``seed=`` (the arena's decision seeds start from it: see "Seeds" in
``bots/arena.py``).  ``cmd:[bot=SPEC ]COMMAND`` enters any engine that speaks the protocol: ``COMMAND`` is split as
a shell would split it (no shell runs), and the engine is sent ``SPEC`` as ``bot``, or, without ``bot=``, the
first name in the ``bots`` of its ``hello``.  Examples: ``cmd:./my-engine --fast``,
``"cmd:bot=hard deadeye serve"``.

Each bot (a position in ``--bots``) has one engine per arena process (the arena itself, or each of its workers):
started at the bot's first decision and greeted with ``hello`` (within :data:`ENGINE_START_S`; the protocol
version must match), then kept from game to game, since ``bot.choose_view`` is stateless.  After any forfeit the
engine is killed; the next decision starts a new one.  Before any game, :meth:`ProcessTransport.check` starts
every engine once, so a command that does not run stops the arena at once instead of forfeiting every game.

Forfeits (``deadeye.bots.arena.Forfeit``):

- ``crash``: the engine cannot be started, or its process has exited (the journal keeps its exit status and the
  end of its stderr);
- ``timeout``: no answer within the deadline, ``--move-ms`` (0 when not given) plus ``grace_ms``;
- ``garbage``: an error reply, a result without an ``action``, bytes that are not a protocol message while the
  process lives on, a ``hello`` of another protocol version; the arena itself then judges the action (an id, or a
  label that must name an action) and calls an unknown label garbage and a move the rules forbid ``illegal``.

Reaping.  Every engine runs in a process group of its own and is always ended (``Client.close``: end of input,
then SIGTERM, then SIGKILL to the group).  On Linux an engine also dies with the thread that started it
(``PR_SET_PDEATHSIG``, set by a tiny launcher that then ``exec``s the engine's command), so an arena or a worker
killed by SIGKILL leaves no engine behind; a worker that exits closes its engines (``multiprocessing.util.Finalize``).
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.util
import os
import shlex
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Sequence

from deadeye.bots.arena import CMD_PREFIX, ArenaError, Forfeit, GamePlan
from deadeye.bots.registry import FAIR_BOTS, BotSpecError, parse_spec, split_seed

from .client import DEFAULT_COMMAND, Client
from .server import PROTOCOL_VERSION, seat_view
from .session import EngineError, RemoteError

ENGINE_START_S = 30.0         # an engine's time to start and answer hello
DEFAULT_GRACE_MS = 10_000.0   # the time an answer may take beyond the budget sent (python-chess's default timeout)
STDERR_TAIL = 2000            # bytes of a dead engine's stderr kept in the journal

# Run as ``python -S -c _LAUNCHER <parent pid> <command...>``: die with the thread that forked us, then become the
# engine.  PR_SET_PDEATHSIG (1) survives execve; the pid check closes the race with a parent dying first.
_LAUNCHER = ("import ctypes, os, signal, sys\n"
             "ctypes.CDLL(None).prctl(1, signal.SIGKILL)\n"
             "if os.getppid() != int(sys.argv[1]):\n"
             "    os._exit(1)\n"
             "os.execvp(sys.argv[2], sys.argv[2:])\n")


@dataclass(frozen=True)
class EngineSpec:
    """How to run one bot: the engine's command line, and the ``bot`` to send (None: the first of ``hello``)."""

    command: tuple[str, ...]
    bot: str | None


def engine_spec(spec: str) -> EngineSpec:
    """The engine that plays the arena bot ``spec``.

    >>> engine_spec("cmd:bot=random:seed=2 ./engine --fast")
    EngineSpec(command=('./engine', '--fast'), bot='random:seed=2')
    >>> engine_spec("ismcts:iterations=50,seed=3").bot
    'ismcts:iterations=50'
    """
    if not spec.startswith(CMD_PREFIX):
        return EngineSpec(tuple(DEFAULT_COMMAND), split_seed(spec)[0])
    try:
        words = shlex.split(spec[len(CMD_PREFIX):])
    except ValueError as exc:
        raise BotSpecError(f"bot {spec!r}: {exc}") from None
    bot = None
    if words and words[0].startswith("bot="):
        bot = words.pop(0)[len("bot="):]
        if not bot:
            raise BotSpecError(f"bot {spec!r}: bot= names no bot")
    if not words:
        raise BotSpecError(f"bot {spec!r}: cmd: needs a command line, as in cmd:./my-engine")
    return EngineSpec(tuple(words), bot)


def _launch(command: Sequence[str]) -> list[str]:
    if not sys.platform.startswith("linux"):
        return list(command)
    return [sys.executable, "-S", "-c", _LAUNCHER, str(os.getpid()), *command]


class Engine:
    """One bot's engine process: started at once, greeted by :meth:`greet`, asked by :meth:`choose`."""

    def __init__(self, spec: EngineSpec) -> None:
        self.spec = spec
        self.bot = spec.bot
        self._stderr = tempfile.TemporaryFile()
        try:
            self.client = Client(_launch(spec.command), timeout=None, stderr=self._stderr, close_timeout=1.0)
        except OSError as exc:
            self._stderr.close()
            raise Forfeit("crash", f"the engine does not start: {exc}", {"command": list(spec.command)}) from None

    def greet(self, start_s: float) -> None:
        """``hello``: the protocol version must match, and a ``cmd:`` engine without ``bot=`` must name a bot."""
        hello = self._call("hello", {}, start_s * 1000)
        if type(hello) is not dict or hello.get("protocol") != PROTOCOL_VERSION:
            version = hello.get("protocol") if type(hello) is dict else None
            raise Forfeit("garbage", f"the engine speaks protocol {version!r:.40}, the arena {PROTOCOL_VERSION}",
                          {"hello": repr(hello)[:200]})
        if self.bot is None:
            bots = hello.get("bots")
            if not (type(bots) is list and bots and isinstance(bots[0], str)):
                raise Forfeit("garbage", "the engine's hello names no bot: add bot=SPEC to the cmd: spec",
                              {"hello": repr(hello)[:200]})
            self.bot = bots[0]

    def choose(self, game: str, game_id: int, state: Any, seat: int, seed: int, budget_ms: float | None,
               grace_ms: float) -> Any:
        """The engine's answer for ``seat``: the ``action`` of its ``bot.choose_view`` result, unjudged."""
        params: dict[str, Any] = {"game": game, "view": seat_view(game, game_id, state, seat), "bot": self.bot,
                                  "seed": seed}
        if budget_ms is not None:
            params["budget"] = {"time_ms": budget_ms}
        result = self._call("bot.choose_view", params, (budget_ms or 0) + grace_ms)
        if type(result) is not dict or "action" not in result:
            raise Forfeit("garbage", f"bot.choose_view: the result holds no action: {result!r:.80}",
                          {"answer": repr(result)[:200]})
        return result["action"]

    def _call(self, method: str, params: dict, limit_ms: float) -> Any:
        start = time.perf_counter()
        try:
            return self.client.call(method, timeout=limit_ms / 1000, **params)
        except TimeoutError:
            raise Forfeit("timeout", f"{method}: no answer within {limit_ms:g} ms", {"limit_ms": limit_ms}) from None
        except RemoteError as exc:
            raise Forfeit("garbage", f"{method}: the engine answered the error {exc.code}: {exc.message}"[:500],
                          {"code": exc.code}) from None
        except EngineError as exc:
            details = {"elapsed_ms": round((time.perf_counter() - start) * 1000, 3), "stderr": self.stderr_tail()}
            status = self.client.returncode
            if status is None:             # alive, but the conversation is broken
                raise Forfeit("garbage", f"{method}: {exc}", details) from None
            raise Forfeit("crash", f"{method}: the engine died: {exc}", {"exit_status": status, **details}) from None

    def stderr_tail(self) -> str:
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - STDERR_TAIL))
            return self._stderr.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""

    def close(self, kill: bool = False) -> None:
        """End the process (and its group): at once with ``kill``, else after it had a moment to exit by itself."""
        try:
            self.client.close(timeout=0 if kill else None)
        finally:
            self._stderr.close()


# One engine per bot and arena process, kept from game to game: (bot index, spec) -> Engine.
_ENGINES: dict[tuple[int, str], Engine] = {}
_FINALIZER: list[Any] = []


def _engine(index: int, spec: str, start_s: float) -> Engine:
    key = (index, spec)
    engine = _ENGINES.get(key)
    if engine is None:
        if not _FINALIZER and multiprocessing.parent_process() is not None:    # an arena worker: close at exit
            _FINALIZER.append(multiprocessing.util.Finalize(None, close_engines, exitpriority=10))
        engine = Engine(engine_spec(spec))
        try:
            engine.greet(start_s)
        except BaseException:
            engine.close(kill=True)
            raise
        _ENGINES[key] = engine
    return engine


def _drop(index: int, spec: str) -> None:
    engine = _ENGINES.pop((index, spec), None)
    if engine is not None:
        engine.close(kill=True)


def close_engines() -> None:
    """End every engine this process started."""
    while _ENGINES:
        _, engine = _ENGINES.popitem()
        engine.close()


@dataclass(frozen=True)
class ProcessTransport:
    """``--transport process``: each bot in an engine process of its own (see the module's docstring)."""

    grace_ms: float = DEFAULT_GRACE_MS
    start_s: float = ENGINE_START_S
    name: str = "process"

    def __post_init__(self) -> None:
        if not (isinstance(self.grace_ms, (int, float)) and self.grace_ms > 0):
            raise ArenaError(f"--grace-ms must be a positive number of milliseconds, not {self.grace_ms}")

    def check(self, specs: Sequence[str]) -> None:
        """Refuse a bot ``deadeye serve`` does not offer, or an engine that does not start and greet; the engines
        started here stay up for the games of this process."""
        for spec in specs:
            if not spec.startswith(CMD_PREFIX):           # the arena has checked it names a bot
                if parse_spec(spec).name not in FAIR_BOTS:
                    raise BotSpecError(f"bot {spec!r} sees the true state: it plays only with --transport inprocess")
            engine_spec(spec)
        started: dict[tuple[int, str], Engine] = {}
        problems: list[str] = []
        try:
            for index, spec in enumerate(specs):           # start them all, then greet each: they boot in parallel
                if (index, spec) not in _ENGINES:
                    try:
                        started[(index, spec)] = Engine(engine_spec(spec))
                    except Forfeit as exc:
                        problems.append(f"{spec}: {exc}")
            for key, engine in list(started.items()):
                try:
                    engine.greet(self.start_s)
                except Forfeit as exc:
                    tail = engine.stderr_tail().strip()
                    problems.append(f"{key[1]}: {exc}" + (f"; its stderr ends: {tail[-300:]}" if tail else ""))
                    engine.close(kill=True)
                    del started[key]
        except BaseException:
            for engine in started.values():
                engine.close(kill=True)
            raise
        _ENGINES.update(started)
        if problems:
            self.close()
            raise ArenaError("engines that cannot play: " + "; ".join(problems))

    def table(self, plan: GamePlan) -> "_ProcessTable":
        return _ProcessTable(self, plan)

    def close(self) -> None:
        close_engines()


class _ProcessTable:
    def __init__(self, transport: ProcessTransport, plan: GamePlan) -> None:
        self.transport = transport
        self.plan = plan

    def choose(self, seat: int, state: Any, seed: int, budget_ms: float | None) -> Any:
        plan = self.plan
        engine = _engine(plan.lineup[seat], plan.seats[seat], self.transport.start_s)
        return engine.choose(plan.game, plan.index, state, seat, seed, budget_ms, self.transport.grace_ms)

    def forfeited(self, seat: int) -> None:
        _drop(self.plan.lineup[seat], self.plan.seats[seat])
