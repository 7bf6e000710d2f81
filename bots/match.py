"""One game between bots: its plan, how the referee reaches the bots (transports), the referee and its record.

The arena (``bots/arena.py``, whose docstring tells the whole story: seating, seeds, transports, forfeits) plans
the games and journals their records; a runner plays them, here or on a Dask cluster (``bots/distributed.py``).
Both need what is here, so it sits below both: the arena's planning and journal on one side, the runners on the
other, and neither imports the other back.
"""
from __future__ import annotations

import numbers
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, Sequence

from deadeye.core import IllegalActionError, InvalidActionError, new_game
from deadeye.core.observation import apply_observed
from deadeye.search.budget import Budget

from .registry import BotSpecError, make_bot, split_seed
from .report import FORFEIT_CAUSES, crash_ranks, finishing_ranks
from .seeds import LEGACY_KEY, derive_seed

MAX_MOVES = 20_000      # a game still running after this many actions is stopped (rules D21: rounds may never end)


class ArenaError(ValueError):
    """An arena command that cannot run as given (a journal in the way, a journal from another command, ...)."""


@dataclass(frozen=True)
class GamePlan:
    """One game to play: who sits where, and every seed."""

    index: int
    game: str
    players: int
    deal: int
    rotation: int
    game_seed: int
    seats: tuple[str, ...]       # the bot spec in each seat
    lineup: tuple[int, ...]      # the bot index (in the --bots order) in each seat
    bot_seeds: tuple[int, ...]   # the seed each seat's bot is built with
    run_key: bytes = field(default=LEGACY_KEY, repr=False)   # the key of every seed: never sent to a bot
    options: dict = field(default_factory=dict, hash=False)    # the game's options (new_game's keywords)


# --- transports: how the referee reaches the bots ------------------------------------------------------------------

CMD_PREFIX = "cmd:"     # a bot spec that enters a third-party engine: cmd:<command line> (process transport only)


class SeatFailure(Exception):
    """A bot that failed outside its choice (starting, or taking in an observation): its seat forfeits by crash."""

    def __init__(self, seat: int, error: BaseException) -> None:
        super().__init__(f"seat {seat}: {type(error).__name__}: {error}")
        self.seat, self.error = seat, error


class Forfeit(Exception):
    """A bot that failed to give a move; ``cause`` is one of :data:`FORFEIT_CAUSES`, ``details`` go to the journal."""

    def __init__(self, cause: str, message: str, details: dict[str, Any] | None = None) -> None:
        if cause not in FORFEIT_CAUSES:
            raise ValueError(f"a forfeit's cause is one of {', '.join(FORFEIT_CAUSES)}, not {cause!r}")
        super().__init__(message)
        self.cause = cause
        self.details = details or {}


class Table(Protocol):
    """The bots of one game, as a transport reaches them."""

    def begin(self, state: Any) -> bool:
        """The game starts from ``state``: a stateful bot (``capabilities.stateful``) is built now and told the
        game's start; True if any seat follows the game (then every action is reported to :meth:`observe`).
        Raises :class:`SeatFailure` for a bot that fails to start."""

    def observe(self, observations: Sequence[Any], state: Any) -> None:
        """An action was played: ``observations[s]`` is what seat ``s`` saw of it (``apply_observed``), ``state``
        the true state after it; each following seat's bot is told its own observation and information set.
        Raises :class:`SeatFailure` for a bot that fails."""

    def choose(self, seat: int, state: Any, seed: int, budget_ms: float | None) -> Any:
        """The answer of the bot in ``seat`` (an action id, or its label), from what ``seat`` may know of the true
        ``state`` and nothing more; ``seed`` is this decision's seed.  Raises :class:`Forfeit`, or anything (a
        crash)."""

    def forfeited(self, seat: int) -> None:
        """The bot in ``seat`` just lost the game by forfeit: end whatever it runs in at once."""

    def close(self) -> None:
        """The game is over: end whatever its bots run in."""


class Transport(Protocol):
    """How the referee reaches the bots: in its own process, or over the protocol (``deadeye.protocol.referee``).

    A transport must be picklable (worker processes receive it with each game) and keeps what it starts (engine
    processes) per process, so that each worker owns the engines of the games it plays."""

    name: str

    def check(self, specs: Sequence[str]) -> None:
        """Refuse, before any game, a bot this transport cannot run (``BotSpecError`` or ``ArenaError``)."""

    def table(self, plan: GamePlan) -> Table:
        """The bots of the game ``plan``."""

    def close(self) -> None:
        """End everything this transport started in this process."""


def _check_spec(spec: str, game: str | None = None) -> None:
    """``BotSpecError`` for a spec that names no bot or a bad parameter, or a bot that cannot play ``game`` (its
    capabilities say so); a bot that fails to build for another reason is let through (it forfeits each of its
    games by crash)."""
    try:
        bot = make_bot(spec, seed=0)
        split_seed(spec)
    except BotSpecError:
        raise
    except Exception:
        return
    refusal = bot.capabilities.refusal(bot.name, game) if game is not None else ""
    if refusal:
        raise BotSpecError(refusal)


@dataclass(frozen=True)
class InProcess:
    """Every bot is built in the referee's process, once per game and seat, and reseeded before each decision.
    A stateful bot is built when the game starts and told every action its seat observes (:meth:`Table.observe`);
    its history is part of its spec and seeds, so a game still replays exactly.

    There is no deadline: a thread cannot be stopped, so a bot that hangs hangs the arena (use the process
    transport for untrusted bots)."""

    name: str = "inprocess"

    def check(self, specs: Sequence[str]) -> None:
        for spec in specs:
            if spec.startswith(CMD_PREFIX):
                raise ArenaError(f"bot {spec!r} is an engine of its own: it needs --transport process")
            _check_spec(spec)

    def table(self, plan: GamePlan) -> "_InProcessTable":
        return _InProcessTable(plan)

    def close(self) -> None:
        pass


class _InProcessTable:
    def __init__(self, plan: GamePlan) -> None:
        self.plan = plan
        self.bots: dict[int, Any] = {}
        self.following: list[int] = []        # the seats whose bot follows the game (stateful bots)

    def begin(self, state: Any) -> bool:
        for seat, spec in enumerate(self.plan.seats):
            try:
                bot = make_bot(spec, seed=self.plan.bot_seeds[seat])
                if bot.capabilities.stateful:
                    bot.new_game(state.information_set(seat))
                    self.bots[seat] = bot
                    self.following.append(seat)
            except Exception as exc:
                raise SeatFailure(seat, exc) from exc
        return bool(self.following)

    def observe(self, observations: Sequence[Any], state: Any) -> None:
        for seat in self.following:
            try:
                self.bots[seat].observe(observations[seat], state.information_set(seat))
            except Exception as exc:
                raise SeatFailure(seat, exc) from exc

    def choose(self, seat: int, state: Any, seed: int, budget_ms: float | None) -> Any:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(self.plan.seats[seat], seed=self.plan.bot_seeds[seat])
        bot.reseed(seed)
        budget = None if budget_ms is None else Budget(time_ms=budget_ms)
        if bot.capabilities.needs_state:              # experiments only: a copy of the true state
            return bot.choose_with_state(state.clone(), budget) if budget else bot.choose_with_state(state.clone())
        return bot.choose(state.information_set(seat), budget)

    def forfeited(self, seat: int) -> None:
        self.bots.pop(seat, None)
        if seat in self.following:
            self.following.remove(seat)

    def close(self) -> None:
        self.bots.clear()
        self.following.clear()


IN_PROCESS = InProcess()


# --- playing one game ------------------------------------------------------------------------------------------------

@dataclass
class Crash:
    """A bot that lost its game by forfeit (the name is the journal's, from before forfeits had causes)."""

    seat: int
    bot: str              # its spec
    error: str            # "ExceptionType: message", or what went wrong
    ply: int              # moves played before it
    traceback: str = ""
    cause: str = "crash"  # one of FORFEIT_CAUSES
    details: dict[str, Any] = field(default_factory=dict)   # the answer, the exit status, stderr, the deadline...


@dataclass
class GameRecord:
    """One line of the journal: the plan, the result and every move."""

    index: int
    game: str
    players: int
    deal: int
    rotation: int
    game_seed: int
    seats: list[str]
    lineup: list[int]
    bot_seeds: list[int]
    returns: list[float]          # state.returns(); all 0 after a forfeit
    scores: list[float]           # state.game_returns() (money in Wyatt Earp), where the game stopped
    ranks: list[float]            # 1 = best; ties share the mean rank; see bots.report.finishing_ranks
    num_moves: int
    moves: list[int]              # action ids, in order
    move_ms: list[float]          # the time each choice took, in milliseconds
    ms: float                     # the whole game, in milliseconds
    crash: Crash | None = None    # the forfeit that stopped the game
    unfinished: bool = False      # stopped at MAX_MOVES: nobody is credited, every seat shares the mean rank
    transport: str = "inprocess"  # how the bots were reached (absent from journals of earlier versions)
    budget_ms: float | None = None    # --move-ms: every decision's time budget (None: the bots' own budgets)
    grace_ms: float | None = None     # the process transport's grace beyond budget_ms before a timeout
    move_seats: list[int] = field(default_factory=list)   # the seat that made each move (absent from old journals)
    run_key: str | None = None        # the run key in hex (absent from journals of earlier versions: LEGACY_KEY)
    roles: list[str] | None = None    # each seat's true role where the game has roles (the referee's record)
    options: dict = field(default_factory=dict)   # the game's options (absent from old journals: the defaults)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _crash(seat: int, spec: str, exc: BaseException, ply: int) -> Crash:
    if isinstance(exc, Forfeit):
        return Crash(seat=seat, bot=spec, error=str(exc), ply=ply, cause=exc.cause, details=exc.details)
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-6))
    return Crash(seat=seat, bot=spec, error=f"{type(exc).__name__}: {exc}", ply=ply, traceback=tb[-4000:])


def decision_seed(spec: str, bot_seed: int, ply: int, run_key: bytes) -> int:
    """The seed of the decision at ``ply`` of the bot ``spec`` seated with ``bot_seed``, under ``run_key``: from
    the spec's own ``seed=`` when it sets one (``cmd:`` specs are the engine's business), else from ``bot_seed``.

    >>> k = bytes(16)
    >>> decision_seed("random:seed=3", 99, 0, k) == decision_seed("random:seed=3", 12, 0, k)
    True
    >>> decision_seed("random:seed=3", 99, 0, k) != decision_seed("random", 99, 0, k)
    True
    """
    base = bot_seed
    if not spec.startswith(CMD_PREFIX):
        own = split_seed(spec)[1]
        base = base if own is None else own
    return derive_seed(base, "move", ply, key=run_key)


def _read_answer(state: Any, answer: Any, observed: list | None = None) -> int:
    """The action id a bot's answer names, applied to ``state``; a :class:`Forfeit` if it names none (garbage) or
    one the rules forbid now (illegal).  A string is read as a label.  Given a list ``observed``, it receives what
    each seat observed of the action (``apply_observed``)."""
    if isinstance(answer, str):
        try:
            action = state.parse_action(answer)
        except InvalidActionError as exc:
            raise Forfeit("garbage", f"unknown label {answer!r:.80}: {exc}", {"answer": answer[:200]}) from None
    elif isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        action = int(answer)
    else:
        raise Forfeit("garbage", f"the answer is not an action id or a label: {answer!r:.80}",
                      {"answer": repr(answer)[:200]})
    try:
        if observed is None:
            state.apply_action(action)                     # checked: a bad action leaves the state unchanged
        else:
            if state.action_id(action) not in state.legal_actions():   # before anything looks at it
                raise IllegalActionError(f"action {action} is not legal for seat {state.current_player()}; "
                                         f"legal: {state.legal_actions()}")
            observed.extend(apply_observed(state, action))
    except (IllegalActionError, InvalidActionError) as exc:
        raise Forfeit("illegal", f"{type(exc).__name__}: {exc}", {"answer": action}) from None
    return action


def play_game(plan: GamePlan, transport: Transport = IN_PROCESS, move_ms: float | None = None) -> GameRecord:
    """Play one planned game to its end, or to a bot's forfeit, asking each seat through ``transport``.

    The referee holds the true state; each bot gets only what its seat may know (``state.information_set(seat)``
    in process, that seat's view over the protocol).  A bot whose capabilities say ``needs_state`` gets a copy of
    the true state through ``choose_with_state`` instead (in process, for experiments only).
    """
    start = time.perf_counter()
    state = new_game(plan.game, players=plan.players, seed=plan.game_seed, **plan.options)
    moves: list[int] = []
    move_ms_taken: list[float] = []
    move_seats: list[int] = []
    crash: Crash | None = None
    table = transport.table(plan)
    try:
        try:
            following = table.begin(state)
        except SeatFailure as failure:
            crash, following = _crash(failure.seat, plan.seats[failure.seat], failure.error, 0), False
            table.forfeited(failure.seat)
        while crash is None and not state.is_terminal() and len(moves) < MAX_MOVES:
            seat = state.current_player()
            spec = plan.seats[seat]
            seed = decision_seed(spec, plan.bot_seeds[seat], len(moves), plan.run_key)
            t0 = time.perf_counter()
            try:
                answer = table.choose(seat, state, seed, move_ms)
                elapsed = time.perf_counter() - t0
                observed: list | None = [] if following else None
                action = _read_answer(state, answer, observed)      # the bot's fault if it names no legal move
            except Exception as exc:
                crash = _crash(seat, spec, exc, len(moves))
                table.forfeited(seat)
                break
            moves.append(action)
            move_ms_taken.append(round(elapsed * 1000, 3))
            move_seats.append(seat)
            if following:
                try:
                    table.observe(observed, state)
                except SeatFailure as failure:             # that seat's bot failed taking the action in
                    crash = _crash(failure.seat, plan.seats[failure.seat], failure.error, len(moves))
                    table.forfeited(failure.seat)
                    break
    finally:
        table.close()
    unfinished = crash is None and not state.is_terminal()
    roles = list(state.roles())
    if unfinished:
        returns = [0.0] * plan.players
        scores = list(state.game_returns())
        ranks = [(plan.players + 1) / 2] * plan.players
    elif crash is None:
        returns = [float(r) for r in state.returns()]
        scores = list(state.game_returns())
        ranks = finishing_ranks(returns, scores)
    else:
        returns = [0.0] * plan.players
        scores = list(state.game_returns())
        ranks = crash_ranks(plan.lineup, plan.lineup[crash.seat])
    return GameRecord(index=plan.index, game=plan.game, players=plan.players, deal=plan.deal, rotation=plan.rotation,
                      game_seed=plan.game_seed, seats=list(plan.seats), lineup=list(plan.lineup),
                      bot_seeds=list(plan.bot_seeds), returns=returns, scores=scores, ranks=ranks,
                      num_moves=len(moves), moves=moves, move_ms=move_ms_taken,
                      ms=round((time.perf_counter() - start) * 1000, 3), crash=crash, unfinished=unfinished,
                      transport=transport.name, budget_ms=move_ms, grace_ms=getattr(transport, "grace_ms", None),
                      move_seats=move_seats, run_key=plan.run_key.hex(),
                      roles=roles if any(r is not None for r in roles) else None, options=dict(plan.options))
