"""The arena's process transport: every bot plays from an engine process of its own, over ``bot.choose_view``.

The referee (``deadeye.bots.match.play_game``) holds the true game.  For each decision it sends the engine of the
bot to move only that seat's view (:func:`~deadeye.protocol.server.seat_view`, the very map ``game.view``
returns), the decision's seed and, under ``--move-ms``, a time budget; then it waits for the budget plus
``grace_ms`` at most.

Engines.  A bot spec as in ``bots/`` (``random``, ``ismcts:iterations=50``) runs in ``deadeye serve`` of this
interpreter and is sent as ``bot`` without its ``seed=`` (the arena's decision seeds start from it: see "Seeds" in
``bots/arena.py``).  ``cmd:[bot=SPEC ]COMMAND`` enters any engine that speaks the protocol: ``COMMAND`` is split as
a shell would split it (no shell runs), and the engine is sent ``SPEC`` as ``bot``, or, without ``bot=``, the
first name in the ``bots`` of its ``hello``.  Examples: ``cmd:./my-engine --fast``,
``"cmd:bot=hard deadeye serve"``.

Each seat of each game has an engine process of its own, so that no engine ever sees two seats of one game, nor
two games (two rotations of one deal under ``--duplicate``): it is greeted with ``hello`` at the seat's first
decision (within :data:`ENGINE_START_S`; the protocol version must match) and ended when the game ends (at once
after a forfeit).  To hide the time an engine takes to start, each arena process keeps, per bot, as many engines
started ahead as a game has seats of that bot: engines that have seen no game.  Before any game,
:meth:`ProcessTransport.check` starts every bot's engine once, so a command that does not run stops the arena at
once instead of forfeiting every game; those engines then play the first seats of their bot.  ``sandbox``
confines each ``cmd:`` engine (``"all"``: every engine) with bubblewrap (:mod:`deadeye.protocol.launcher`).

Forfeits (``deadeye.bots.match.Forfeit``):

- ``crash``: the engine cannot be started, or its process has exited (the journal keeps its exit status and the
  end of its stderr);
- ``timeout``: no answer within the deadline, ``--move-ms`` (0 when not given) plus ``grace_ms``;
- ``garbage``: an error reply, a result without an ``action``, bytes that are not a protocol message while the
  process lives on, a ``hello`` of another protocol version; the arena itself then judges the action (an id, or a
  label that must name an action) and calls an unknown label garbage and a move the rules forbid ``illegal``.

Reaping.  Every engine is started by :func:`deadeye.protocol.launcher.launch`: in a process group of its own, in a
PID namespace of its own where the machine allows one, and dying with the thread that started it
(``PR_SET_PDEATHSIG``); it is always ended (``Client.close``: end of input, then SIGTERM, then SIGKILL to the
group).  So an arena or a worker killed by SIGKILL leaves neither an engine nor any process an engine started
behind; a worker that exits closes its engines (``multiprocessing.util.Finalize``).
"""
from __future__ import annotations

import multiprocessing
import multiprocessing.util
import os
import shlex
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Sequence

from deadeye.bots.match import CMD_PREFIX, ArenaError, Forfeit, GamePlan
from deadeye.bots.registry import FAIR_BOTS, BotSpecError, make_bot, parse_spec, split_seed

from .client import DEFAULT_COMMAND, Client
from .launcher import launch, sandbox_problem
from .server import PROTOCOL_VERSION, seat_view
from .session import EngineError, RemoteError

ENGINE_START_S = 30.0         # an engine's time to start and answer hello
DEFAULT_GRACE_MS = 10_000.0   # the time an answer may take beyond the budget sent (python-chess's default timeout)
STDERR_TAIL = 2000            # bytes of a dead engine's stderr kept in the journal
SANDBOXES = (None, "cmd", "all")   # ProcessTransport.sandbox: no engine, the cmd: engines, every engine


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


class Engine:
    """One engine process: started at once (confined with ``sandbox``), greeted by :meth:`greet`, asked by
    :meth:`choose`."""

    def __init__(self, spec: EngineSpec, sandbox: bool = False) -> None:
        self.spec = spec
        self.bot = spec.bot
        self.greeted = False
        self._stderr = tempfile.TemporaryFile()
        self._launch = None
        try:
            self._launch = launch(spec.command, sandbox=sandbox)
            self.client = Client(self._launch.argv, timeout=None, stderr=self._stderr, close_timeout=1.0,
                                 env=self._launch.env, cwd=self._launch.cwd, pass_fds=self._launch.pass_fds)
            self._launch.started()
        except (OSError, RuntimeError) as exc:
            self._stderr.close()
            if self._launch is not None:
                self._launch.cleanup()
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
        self.greeted = True

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
            self._launch.cleanup()


# The engines of this arena process (the arena itself, or one of its workers) that no game has used yet, started
# ahead (by ProcessTransport.check, or to replace one a game took): (spec, sandboxed) -> engines, oldest first; and
# the engines of the games in play, to end them all at exit.
_FRESH: dict[tuple[str, bool], list[Engine]] = {}
_PLAYING: set[Engine] = set()
_FINALIZER: list[Any] = []


def _new_engine(spec: str, sandbox: bool, start_s: float, ahead: int) -> Engine:
    """An engine no game has used, greeted: one started ahead, else a new one; then start engines ahead until
    ``ahead`` wait for this spec."""
    if not _FINALIZER and multiprocessing.parent_process() is not None:        # an arena worker: close at exit
        _FINALIZER.append(multiprocessing.util.Finalize(None, close_engines, exitpriority=10))
    fresh = _FRESH.setdefault((spec, sandbox), [])
    engine = fresh.pop(0) if fresh else Engine(engine_spec(spec), sandbox)
    _PLAYING.add(engine)
    if not engine.greeted:
        try:
            engine.greet(start_s)
        except BaseException:
            _end(engine, kill=True)
            raise
    while len(fresh) < ahead:
        try:
            fresh.append(Engine(engine_spec(spec), sandbox))
        except Forfeit:
            break           # the next seat's decision reports it
    return engine


def _end(engine: Engine, kill: bool = False) -> None:
    _PLAYING.discard(engine)
    engine.close(kill=kill)


def close_engines() -> None:
    """End every engine this process started."""
    for engine in [e for fresh in _FRESH.values() for e in fresh]:
        engine.client.end_input()
    while _FRESH:
        for engine in _FRESH.popitem()[1]:
            engine.close()
    while _PLAYING:
        _end(next(iter(_PLAYING)))


@dataclass(frozen=True)
class ProcessTransport:
    """``--transport process``: each bot in an engine process of its own (see the module's docstring)."""

    grace_ms: float = DEFAULT_GRACE_MS
    start_s: float = ENGINE_START_S
    sandbox: str | None = None        # one of SANDBOXES: which engines bubblewrap confines
    name: str = "process"

    def __post_init__(self) -> None:
        if not (isinstance(self.grace_ms, (int, float)) and self.grace_ms > 0):
            raise ArenaError(f"--grace-ms must be a positive number of milliseconds, not {self.grace_ms}")
        if self.sandbox not in SANDBOXES:
            raise ArenaError(f"--sandbox is cmd or all, not {self.sandbox!r}")

    def confined(self, spec: str) -> bool:
        """Whether the engine of ``spec`` runs in the sandbox."""
        return self.sandbox == "all" or (self.sandbox == "cmd" and spec.startswith(CMD_PREFIX))

    def check(self, specs: Sequence[str]) -> None:
        """Refuse a bot ``deadeye serve`` does not offer, a stateful one (an engine process is asked by the
        stateless ``bot.choose_view``, so it would play without its history), or an engine that does not start and
        greet; the engines started here stay up for the games of this process."""
        for spec in specs:
            if not spec.startswith(CMD_PREFIX):           # the arena has checked it names a bot
                if parse_spec(spec).name not in FAIR_BOTS:
                    raise BotSpecError(f"bot {spec!r} sees the true state: it plays only with --transport inprocess")
                if make_bot(spec).capabilities.stateful:
                    raise BotSpecError(f"bot {spec!r} follows the game (inference): over bot.choose_view it would "
                                       f"play without its history, so it plays only with --transport inprocess")
            engine_spec(spec)
        if any(self.confined(spec) for spec in specs) and sandbox_problem() is not None:
            raise ArenaError(f"--sandbox: {sandbox_problem()}")
        started: dict[tuple[str, bool], Engine] = {}
        problems: list[str] = []
        try:
            for spec in dict.fromkeys(specs):              # start them all, then greet each: they boot in parallel
                key = (spec, self.confined(spec))
                if not _FRESH.get(key):
                    try:
                        started[key] = Engine(engine_spec(spec), key[1])
                    except Forfeit as exc:
                        problems.append(f"{spec}: {exc}")
            for key, engine in list(started.items()):
                spec = key[0]
                try:
                    engine.greet(self.start_s)
                except Forfeit as exc:
                    tail = engine.stderr_tail().strip()
                    problems.append(f"{spec}: {exc}" + (f"; its stderr ends: {tail[-300:]}" if tail else ""))
                    engine.close(kill=True)
                    del started[key]
        except BaseException:
            for engine in started.values():
                engine.close(kill=True)
            raise
        for key, engine in started.items():
            _FRESH.setdefault(key, []).append(engine)
        if problems:
            self.close()
            raise ArenaError("engines that cannot play: " + "; ".join(problems))

    def table(self, plan: GamePlan) -> "_ProcessTable":
        return _ProcessTable(self, plan)

    def close(self) -> None:
        close_engines()


class _ProcessTable:
    """The engines of one game: one per seat, started at the seat's first decision, ended with the game."""

    def __init__(self, transport: ProcessTransport, plan: GamePlan) -> None:
        self.transport = transport
        self.plan = plan
        self.engines: dict[int, Engine] = {}

    def begin(self, state: Any) -> bool:
        return False                                      # engines are asked statelessly (bot.choose_view)

    def observe(self, observations: Sequence[Any], state: Any) -> None:
        pass

    def choose(self, seat: int, state: Any, seed: int, budget_ms: float | None) -> Any:
        plan = self.plan
        engine = self.engines.get(seat)
        if engine is None:
            spec = plan.seats[seat]
            engine = self.engines[seat] = _new_engine(spec, self.transport.confined(spec), self.transport.start_s,
                                                      ahead=plan.seats.count(spec))
        return engine.choose(plan.game, plan.index, state, seat, seed, budget_ms, self.transport.grace_ms)

    def forfeited(self, seat: int) -> None:
        engine = self.engines.pop(seat, None)
        if engine is not None:
            _end(engine, kill=True)

    def close(self) -> None:
        for engine in self.engines.values():      # end of input for all first: they exit in parallel
            engine.client.end_input()
        while self.engines:
            _end(self.engines.popitem()[1])
