"""The tournament arena: bots given as spec strings play many seeded games into a crash-safe journal.

Seating. The bots are numbered in the order given (0 .. B-1) and a game has P seats. Rotation ``r`` (0 .. B-1)
seats bot ``(s + r) mod B`` in seat ``s``. Over the B rotations every bot sits in every seat exactly once. With
P > B a bot fills several seats of one game (bots A, B at 3 seats: ``A B A``, then ``B A B``); with P < B a game
holds P bots that are consecutive in the rotation.

Focus mode. For hidden-role games, where what matters is how one seat does among others: with ``focus`` (bot 0 or
1 of exactly two bots, P >= 3 seats) rotation ``r`` (0 .. 2P-1) puts one seat of one bot among copies of the other:
for ``r < P`` the focus bot alone in seat ``r``, for ``r >= P`` the other bot alone in seat ``r - P``. So each
bot is the lone seat in every seat once ("A among B" and "B among A"), and since the roles are dealt from the deal's
seed, each role falls to the lone seat about equally often. Below, B stands for the number of rotations (2P here).

Games. ``games`` is always the total number of games played, numbered 0 .. games-1. Game ``g`` plays
rotation ``g mod B`` and:

- by default, deal ``g``: every game has its own deal. When B divides ``games``, every bot plays every seat
  exactly ``games / B`` times (otherwise those counts differ by at most one);
- with ``duplicate``, deal ``g // B``: each deal is played under all B rotations, one after the other, so that the
  luck of the deal cancels. ``games`` must then be a multiple of B, and the run holds ``games / B`` deals.

Seeds. Every random choice flows from the run key and ``seed``, through a keyed hash
(:func:`deadeye.bots.seeds.derive_seed`, blake2b keyed with the run key), so that nobody without the key can guess a deal or a seed: deal ``d`` is the game
``new_game(game, P, seed=game_seed)`` with ``game_seed = derive_seed(seed, "deal", d, key=run_key)``; the bot in
seat ``s`` has the base seed ``derive_seed(game_seed, "seat", s, key=run_key)`` (or its spec's own ``seed=``), and
every decision gets its own seed, ``derive_seed(base, "move", ply, key=run_key)``: an in-process bot is reseeded
with it (``reseed``), and an engine process receives it as the ``seed`` of ``bot.choose_view`` (with the spec's
``seed=`` taken out). A decision therefore depends only on the spec, its seed and the seat's information set, so
the same run key and ``seed`` give the same games whatever the number of workers and whichever the transport.

The run key is random (:func:`deadeye.bots.seeds.new_key`) unless given (``--run-key HEX``, to replay a run);
every record of the journal keeps it (``run_key``, in hex), so ``--resume`` goes on with the same key. An engine
never receives it. A journal written before run keys (no ``run_key`` field) was dealt with the public derivation,
which is the keyed one with the empty key: ``--resume`` finishes it that way. (Journals written before the
transports existed, without a ``transport`` field, seeded each bot once per game instead; ``--resume`` still
finishes them.)

Transports. The referee is :func:`play_game`: it holds the true state and asks one seat at a time for a move through
a :class:`Transport`. :class:`InProcess` (the default) builds the bots in the referee's process and gives each the
seat's information set. ``deadeye.protocol.referee.ProcessTransport`` (``--transport process``) runs each bot in an
engine process of its own and sends it the seat's view with ``bot.choose_view``; it also enters third-party engines
(``cmd:<command line>``) and enforces a deadline per move. Only the protocol layer knows the wire, so that
transport lives there and the arena takes it as a parameter.

Runners. A :class:`GameRunner` plays the planned games and yields their records: :class:`LocalPool` in this process
or ``--workers`` spawned processes, ``bots.distributed.DaskRunner`` on a Dask cluster (``--scheduler``), one
duplicate group per task. The games do not depend on the runner, so ``--resume`` may switch between them.

Budgets. ``move_ms`` (``--move-ms``), when given, is the time budget of every decision (``Budget(time_ms=...)``, or
``budget = {"time_ms": ...}`` on the wire): it replaces the bots' own budgets.

Journal. Each finished game is appended at once to ``DIR/games.jsonl`` as one JSON line (see :class:`GameRecord`),
flushed and fsynced. The journal and the report are readable by their owner only (0600), and so is a ``DIR``
the arena creates (0700): the journal holds the run key. ``resume`` skips the games already recorded, drops a
truncated last line, and plays the rest, so that every game index appears exactly once (a larger ``games`` extends
the run). Without ``resume``, an existing journal is an error; a journal written by another command (other bots,
seed, run key, game, seats or move budget) too.

Outputs. Besides the journal, each run (re)writes ``DIR/report.md``, ``DIR/report.json`` (every figure of the
report) and ``DIR/games.csv`` (one row per seat per game); the move times per bot come from the journal's
``move_ms`` and ``move_seats`` (the seat of each move; replayed from the deal for journals without it).

SPRT. With ``sprt``, the run stops as soon as the test accepts either hypothesis, checked each time a deal's games
are all in (:class:`SprtWatch`): no new game is started, the games already running end and are dropped, so the
journal holds exactly the games the decision saw, and ``resume`` of a decided run plays nothing.

Forfeits. A bot that fails to give a legal move loses its game by forfeit, for one of four causes
(:data:`FORFEIT_CAUSES`): ``crash`` (it raised, or its engine process died), ``timeout`` (no answer within the
deadline: process transport only, since a thread cannot be stopped), ``garbage`` (an answer that is not a move: not
a response, an error reply, an action that is neither an integer nor the label of a legal action) or ``illegal``
(an action id the rules forbid now). The game is recorded with
``crash = {"seat", "bot", "cause", "error", "ply", "details", ...}``, its returns are all 0 (nobody is credited
with a win), and every seat of the forfeiting bot ranks last. The run goes on; the process transport restarts the
bot's engine.

>>> plan = plan_games("wyatt-earp", ("a", "b"), players=3, games=4, seed=1, duplicate=True, run_key=bytes(16))
>>> [(p.index, p.deal, p.seats) for p in plan]
[(0, 0, ('a', 'b', 'a')), (1, 0, ('b', 'a', 'b')), (2, 1, ('a', 'b', 'a')), (3, 1, ('b', 'a', 'b'))]
"""
from __future__ import annotations

import functools
import json
import multiprocessing
import os
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

from deadeye.core import game_info, new_game

# One game (its plan, the transports, the referee, its record) lives below the arena and its runners, in .match;
# its names stay importable from here.
from .match import (CMD_PREFIX, IN_PROCESS, MAX_MOVES, ArenaError, Crash, Forfeit, GamePlan,  # noqa: F401
                    GameRecord, InProcess, SeatFailure, Table, Transport, _check_spec, _read_answer, decision_seed,
                    play_game)
from .report import Summary, deal_observation, deal_of, render, summarize, summary_json, write_games_csv
from .seeds import LEGACY_KEY, derive_seed, new_key
from .stats import SprtResult, SprtSpec, sprt

JOURNAL = "games.jsonl"
REPORT = "report.md"
REPORT_JSON = "report.json"   # every figure of the report
GAMES_CSV = "games.csv"       # one row per seat per game


# --- planning --------------------------------------------------------------------------------------------------------

def parse_run_key(text: str) -> bytes:
    """The run key written as hex (``--run-key``, or a journal's ``run_key``); ``ArenaError`` if it is not one.

    >>> parse_run_key("00" * 16) == bytes(16)
    True
    """
    try:
        key = bytes.fromhex(text)
    except (ValueError, TypeError):
        raise ArenaError(f"a run key is written in hex digits, not {str(text)[:80]!r}") from None
    if not 16 <= len(key) <= 64:
        raise ArenaError(f"a run key has 16 to 64 bytes (32 to 128 hex digits), not {len(key)}")
    return key


def rotation_count(num_bots: int, players: int, focus: int | None = None) -> int:
    """How many seat rotations a run cycles through: one per bot, or two per seat in focus mode."""
    return num_bots if focus is None else 2 * players


def seat_lineup(num_bots: int, players: int, rotation: int, focus: int | None = None) -> tuple[int, ...]:
    """The bot index in each seat under ``rotation``: seat ``s`` holds bot ``(s + rotation) mod num_bots``; in
    focus mode, one lone seat of one bot among the other (see the module docstring).

    >>> seat_lineup(2, 3, 0), seat_lineup(2, 3, 1), seat_lineup(2, 3, 1, focus=0), seat_lineup(2, 3, 3, focus=0)
    ((0, 1, 0), (1, 0, 1), (1, 0, 1), (1, 0, 0))
    """
    if focus is None:
        return tuple((s + rotation) % num_bots for s in range(players))
    lone = focus if rotation < players else 1 - focus
    return tuple(lone if s == rotation % players else 1 - lone for s in range(players))


def plan_game(index: int, game: str, bots: Sequence[str], players: int, seed: int, duplicate: bool, *,
              run_key: bytes, focus: int | None = None, options: dict | None = None) -> GamePlan:
    """The plan of game ``index`` (independent of how many games the run has)."""
    rotations = rotation_count(len(bots), players, focus)
    deal = index // rotations if duplicate else index
    rotation = index % rotations
    game_seed = derive_seed(seed, "deal", deal, key=run_key)
    lineup = seat_lineup(len(bots), players, rotation, focus)
    return GamePlan(index=index, game=game, players=players, deal=deal, rotation=rotation, game_seed=game_seed,
                    seats=tuple(bots[b] for b in lineup), lineup=lineup,
                    bot_seeds=tuple(derive_seed(game_seed, "seat", s, key=run_key) for s in range(players)),
                    run_key=run_key, options=dict(options or {}))


def plan_games(game: str, bots: Sequence[str], players: int, games: int, seed: int,
               duplicate: bool = False, *, run_key: bytes, focus: int | None = None,
               options: dict | None = None) -> list[GamePlan]:
    """The plans of games 0 .. games-1 of the run keyed ``run_key``."""
    return [plan_game(i, game, bots, players, seed, duplicate, run_key=run_key, focus=focus, options=options)
            for i in range(games)]


# --- the journal -----------------------------------------------------------------------------------------------------

SUMMARY_FIELDS = ("index", "game", "players", "deal", "rotation", "game_seed", "seats", "lineup", "returns", "scores",
                  "ranks", "num_moves", "ms", "crash", "unfinished", "transport", "budget_ms", "roles", "run_key",
                  "options")


def summary_fields(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its move list and move times: what the report needs, kept in memory for the whole run."""
    return {k: record[k] for k in SUMMARY_FIELDS if k in record}


def parse_journal(lines: Iterable[bytes], slim: bool = False) -> tuple[list[dict[str, Any]], int]:
    """The records in a journal's lines (bytes, newline included), and how many leading bytes hold them.

    A last line without its newline is a write cut short (the process died): it is left out. Any other line that
    is not a game record is an error. ``slim`` keeps only :data:`SUMMARY_FIELDS` of each record.

    >>> import io
    >>> parse_journal(io.BytesIO(b'{"index": 0}\\n{"index": 1}\\n{"ind'))
    ([{'index': 0}, {'index': 1}], 26)
    """
    records: list[dict[str, Any]] = []
    valid = 0
    for number, line in enumerate(lines, 1):
        if not line.endswith(b"\n"):
            break                      # only the last line can lack its newline
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if not isinstance(record, dict) or not isinstance(record.get("index"), int):
            raise ArenaError(f"journal line {number} is not a game record: {line[:80]!r}")
        records.append(summary_fields(record) if slim else record)
        valid += len(line)
    return records, valid


class Journal:
    """``DIR/games.jsonl``, open for appending, locked against a second arena writing to it at the same time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: Any = None

    def open(self) -> list[dict[str, Any]]:
        """Open (creating it if needed), drop a truncated last line, and return the records already there (slim)."""
        created = not self.path.exists()
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)   # it holds the run key: owner only
        os.fchmod(fd, 0o600)
        self._file = os.fdopen(fd, "a+b")
        try:
            import fcntl
            fcntl.flock(self._file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:       # not POSIX: no lock
            pass
        except OSError:
            self.close()
            raise ArenaError(f"{self.path} is being written by another arena") from None
        self._file.seek(0)
        try:
            records, valid = parse_journal(self._file, slim=True)
        except ArenaError as exc:
            self.close()
            raise ArenaError(f"{self.path}: {exc}") from None
        if valid < self._file.seek(0, os.SEEK_END):
            self._file.truncate(valid)
            self._sync()
        if created:
            _fsync_dir(self.path.parent)
        return records

    def append(self, record: dict[str, Any]) -> None:
        """Write one record as one line, then flush and fsync it."""
        self._file.write((json.dumps(record) + "\n").encode())
        self._sync()

    def _sync(self) -> None:
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- running ---------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ArenaConfig:
    """One arena command (``deadeye arena``)."""

    game: str
    bots: tuple[str, ...]
    games: int
    out: Path
    seed: int = 0
    players: int | None = None       # None: max(number of bots, the game's minimum)
    duplicate: bool = False
    workers: int | None = None       # None: os.cpu_count(); 1 plays in this process
    resume: bool = False
    progress: bool | None = None     # tqdm bar on stderr; None: only when stderr is a terminal
    move_ms: float | None = None     # every decision's time budget (None: the bots' own budgets)
    transport: Transport = IN_PROCESS
    sprt: SprtSpec | None = None     # stop as soon as this test accepts a hypothesis (see SprtWatch)
    scheduler: str | None = None     # a Dask scheduler's address (tcp://HOST:8786): play there, not in --workers
    run_key: bytes | None = field(default=None, repr=False)   # None: the journal's, or a new secret one
    focus: int | None = None         # focus mode: the index (0 or 1) of the bot the report is told from
    options: dict = field(default_factory=dict)   # the game's options, as new_game takes them

    @property
    def rotations(self) -> int:
        return rotation_count(len(self.bots), resolve_players(self.game, len(self.bots), self.players), self.focus)


@dataclass
class ArenaResult:
    """What a run leaves: every record of the journal (by index, without moves), the summary and the report text."""

    config: ArenaConfig
    players: int
    records: list[dict[str, Any]]    # SUMMARY_FIELDS only: the moves stay in the journal
    played: int                      # games played by this session
    summary: Summary
    report: str
    journal: Path
    report_path: Path
    elapsed: float = 0.0
    skipped: int = 0                 # games found already in the journal
    run_key: bytes = field(default=LEGACY_KEY, repr=False)   # the key the games were played with


def resolve_players(game: str, num_bots: int, players: int | None) -> int:
    """The seat count: as given, or the number of bots raised to the game's minimum; checked against the game."""
    info = game_info(game)
    p = max(num_bots, info.min_players) if players is None else players
    if not info.min_players <= p <= info.max_players:
        raise ArenaError(f"{game} is for {info.min_players} to {info.max_players} players, not {p}"
                         + ("" if players is not None else " (one seat per bot: pass --players)"))
    return p


def _check_config(config: ArenaConfig) -> int:
    if not config.bots:
        raise ArenaError("name at least one bot")
    if config.games < 1:
        raise ArenaError(f"--games must be at least 1, not {config.games}")
    players = resolve_players(config.game, len(config.bots), config.players)
    if config.focus is not None:
        if len(config.bots) != 2 or config.focus not in (0, 1):
            raise ArenaError("--focus puts one seat of one bot among copies of another: name exactly two --bots")
        if players < 3:
            raise ArenaError(f"--focus needs at least 3 seats (one bot alone among others), not {players}")
    rotations = config.rotations
    if config.duplicate and config.games % rotations:
        raise ArenaError(f"--duplicate plays each deal under all {rotations} seat rotations: --games must be a "
                         f"multiple of {rotations}, not {config.games}")
    if config.workers is not None and config.workers < 1:
        raise ArenaError(f"--workers must be at least 1, not {config.workers}")
    if config.scheduler is not None and config.workers is not None:
        raise ArenaError("--workers sizes the local pool, --scheduler sends the games to a Dask cluster: not both")
    if config.run_key is not None and not (isinstance(config.run_key, bytes) and 16 <= len(config.run_key) <= 64):
        raise ArenaError("a run key has 16 to 64 bytes")
    if config.move_ms is not None and not (isinstance(config.move_ms, (int, float)) and config.move_ms > 0):
        raise ArenaError(f"--move-ms must be a positive number of milliseconds, not {config.move_ms}")
    for spec in config.bots:
        if not spec.startswith(CMD_PREFIX):       # a cmd: spec is checked by the transport that can run it
            _check_spec(spec, config.game)
    try:
        new_game(config.game, players=players, seed=0, **config.options)
    except (ValueError, TypeError) as exc:         # the option's check, or the game's (a variant's seats)
        raise ArenaError(f"--option: {exc}") from None
    return players


def _run_key(records: list[dict[str, Any]], given: bytes | None, journal: Path) -> bytes:
    """The run key: the journal's (``given`` must then be the same), else ``given``, else a new one."""
    keys = {r.get("run_key") for r in records}
    if len(keys) > 1:
        raise ArenaError(f"{journal} holds games of more than one run (their run keys differ)")
    if not keys:
        return new_key() if given is None else given
    text = keys.pop()
    key = LEGACY_KEY if text is None else parse_run_key(text)
    if given is not None and given != key:
        raise ArenaError(f"{journal} was written with another run key than --run-key")
    return key


def _check_records(records: list[dict[str, Any]], plans: Sequence[GamePlan], journal: Path,
                   move_ms: float | None = None) -> None:
    """Every record must be a game of this very command, and appear once."""
    seen: set[int] = set()
    for record in records:
        index = record["index"]
        if index in seen:
            raise ArenaError(f"{journal} holds game {index} twice")
        seen.add(index)
        if not 0 <= index < len(plans):
            raise ArenaError(f"{journal} holds game {index}, but this command plays games 0 to {len(plans) - 1}")
        plan = plans[index]
        if (record.get("game"), record.get("game_seed"), record.get("seats"), record.get("options", {})) != (
                plan.game, plan.game_seed, list(plan.seats), plan.options):
            raise ArenaError(f"{journal} was written by a different arena command (game {index}: "
                             f"{record.get('game')} seed {record.get('game_seed')} seats {record.get('seats')} "
                             f"options {record.get('options', {})}; this command: {plan.game} seed "
                             f"{plan.game_seed} seats {list(plan.seats)} options {plan.options})")
        if record.get("budget_ms") != move_ms:           # absent from old journals: they had no --move-ms
            raise ArenaError(f"{journal} was written with --move-ms {record.get('budget_ms')}, not {move_ms} "
                             f"(game {index})")


def _init_worker(parent: int) -> None:
    """A worker ignores Ctrl-C (the parent handles it) and dies with the parent, even one killed by SIGKILL."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)        # PR_SET_PDEATHSIG: an orphan would play on for nothing
    if os.getppid() != parent:                             # the parent died before the line above
        os._exit(1)


class GameRunner(Protocol):
    """Where the games are played: :class:`LocalPool` (this machine) or ``bots.distributed.DaskRunner`` (a Dask
    cluster, ``--scheduler``). The arena only journals what a runner yields."""

    def play(self, plans: Sequence[GamePlan], transport: Transport,
             move_ms: float | None) -> Iterator[GameRecord]:
        """Play ``plans``, yielding each record once, as soon as its game ends (not by index); closing the
        iterator cancels the games not started yet (those running end and are dropped)."""

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        """``fn(item)`` for every item (``fn`` a module-level function), yielding each result as soon as it is
        ready (not in order): other work on the same executors, such as ``deadeye train``'s self-play."""

    def close(self) -> None:
        """Let go of what the runner holds (a connection to a cluster)."""


@dataclass(frozen=True)
class LocalPool:
    """``--workers K``: this process (K = 1) or K spawned worker processes on this machine (:func:`play_games`)."""

    workers: int

    def play(self, plans: Sequence[GamePlan], transport: Transport,
             move_ms: float | None) -> Iterator[GameRecord]:
        workers = min(self.workers, len(plans))
        if workers > 1:
            transport.close()        # what check() started in this process: the workers start their own
        return play_games(plans, workers, transport, move_ms)

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        return pool_map(fn, items, min(self.workers, len(items)))

    def close(self) -> None:
        pass


def game_runner(config: ArenaConfig) -> GameRunner:
    """The runner of ``config``: the Dask cluster at ``--scheduler`` (connected now, so that a bad address fails
    before any game; the Dask code is imported only then: ``distributed`` is an optional extra), else a local pool."""
    if config.scheduler is not None:
        from .distributed import DaskRunner

        return DaskRunner(config.scheduler)
    return LocalPool(config.workers or os.cpu_count() or 1)


def play_games(plans: Sequence[GamePlan], workers: int, transport: Transport = IN_PROCESS,
               move_ms: float | None = None) -> Iterator[GameRecord]:
    """Play ``plans``, yielding each record as soon as its game ends (in that order, not by index).

    ``workers`` 1 plays in this process; more use that many spawned processes, with a few games in flight each.
    Each worker owns whatever ``transport`` starts for its games (engine processes), and ends it when it exits.
    """
    return pool_map(functools.partial(play_game, transport=transport, move_ms=move_ms), plans, workers)


def pool_map(fn: Callable[[Any], Any], items: Sequence[Any], workers: int) -> Iterator[Any]:
    """``fn(item)`` for every item, yielded as each is ready: in this process (``workers`` 1), or in that many
    spawned worker processes that die with this one, with a few items in flight each."""
    if workers <= 1 or len(items) <= 1:
        for item in items:
            yield fn(item)
        return
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker,
                               initargs=(os.getpid(),))
    pending: set[Future] = set()
    todo = iter(items)
    try:
        for item in todo:
            pending.add(pool.submit(fn, item))
            if len(pending) >= 4 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                nxt = next(todo, None)
                if nxt is not None:
                    pending.add(pool.submit(fn, nxt))
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def run_arena(config: ArenaConfig) -> ArenaResult:
    """Run (or resume) an arena command; write the journal and ``report.md``; return the records and the report."""
    start = time.perf_counter()
    players = _check_config(config)
    out = Path(config.out)
    journal_path = out / JOURNAL
    if journal_path.exists() and not config.resume:
        raise ArenaError(f"{journal_path} already exists: add --resume to finish that run, or choose another --out")
    if not out.is_dir():
        out.mkdir(parents=True)
        out.chmod(0o700)                 # the journal holds the run key
    transport = config.transport
    runner = game_runner(config)         # before the journal: a scheduler that cannot be reached writes nothing
    try:
        transport.check(config.bots)     # before any game: a bot it cannot run, an engine that does not start
        with Journal(journal_path) as journal:
            records = journal.open()
            run_key = _run_key(records, config.run_key, journal_path)
            plans = plan_games(config.game, config.bots, players, config.games, config.seed, config.duplicate,
                               run_key=run_key, focus=config.focus, options=config.options)
            _check_records(records, plans, journal_path, config.move_ms)
            skipped = len(records)
            done = {r["index"] for r in records}
            todo = [p for p in plans if p.index not in done]
            watch = None if config.sprt is None else SprtWatch(config.sprt, _group_size(config), records)
            if watch is not None and watch.result.decision is not None:
                todo = []                # the journal has decided the test already
            from tqdm import tqdm
            with tqdm(total=len(plans), initial=len(done), unit="game", desc=f"arena {config.game}",
                      file=sys.stderr, disable=None if config.progress is None else not config.progress,
                      dynamic_ncols=True) as bar:
                games = runner.play(todo, transport, config.move_ms)
                for record in games:
                    row = record.to_json()
                    journal.append(row)
                    records.append(summary_fields(row))
                    bar.update(1)
                    if record.crash is not None:
                        bar.write(f"arena: game {record.index}: {record.crash.bot} (seat {record.crash.seat}) "
                                  f"forfeits ({record.crash.cause}): {record.crash.error}", file=sys.stderr)
                    if watch is not None and watch.add(records[-1]):
                        bar.write(f"arena: SPRT {watch.result}: stopping", file=sys.stderr)
                        games.close()    # cancels the games not started; those running end and are dropped
                        break
    finally:
        runner.close()
        transport.close()
    records.sort(key=lambda r: r["index"])
    times, seat_moves = journal_move_times(out, len(config.bots))
    elapsed = time.perf_counter() - start
    summary = summarize(records, config.bots, title=_title(config, players), planned=config.games,
                        wall_seconds=elapsed, duplicate=config.duplicate, sprt_spec=config.sprt, move_times=times,
                        rotations=config.rotations, focus=config.focus)
    summary.notes.extend(_notes(config, players, skipped))
    if summary.sprt is not None and summary.sprt.decision is not None and len(records) < config.games:
        summary.notes.append(f"stopped early: the SPRT accepted {summary.sprt.decision} after {len(records)} games")
    report = render(summary)
    report_path = out / REPORT
    _write_atomic(report_path, report)
    _write_atomic(out / REPORT_JSON, json.dumps(summary_json(summary), indent=1) + "\n")
    tmp = out / (GAMES_CSV + ".tmp")
    write_games_csv(tmp, records, config.bots, seat_moves)
    os.replace(tmp, out / GAMES_CSV)
    return ArenaResult(config=config, players=players, records=records, played=len(records) - skipped,
                       summary=summary, report=report, journal=journal_path, report_path=report_path,
                       elapsed=elapsed, skipped=skipped, run_key=run_key)


def _write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, owner-only (the run's files sit beside its run key)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def _group_size(config: ArenaConfig) -> int:
    """The games of one deal: every rotation with --duplicate, else one."""
    return config.rotations if config.duplicate else 1


class SprtWatch:
    """The SPRT during a run: the games of each deal are gathered until all are in (its seat rotations, with
    ``--duplicate``), and then the deal joins the test as one observation (:func:`deal_observation`). The test's
    value depends only on which deals are complete, not on the order they completed in, so the report computes
    the same figure from the journal."""

    def __init__(self, spec: SprtSpec, group_size: int, records: Iterable[dict[str, Any]] = ()) -> None:
        self.spec, self.group_size = spec, group_size
        self.groups: dict[int, list[dict[str, Any]]] = {}
        self.observations: list[float] = []
        for record in records:
            self._gather(record)
        self.result: SprtResult = sprt(self.observations, spec)

    def _gather(self, record: dict[str, Any]) -> bool:
        group = self.groups.setdefault(record.get("deal", record["index"]), [])
        group.append(record)
        if len(group) != self.group_size:
            return False
        x = deal_observation(group)
        if x is not None:
            self.observations.append(x)
        return x is not None

    def add(self, record: dict[str, Any]) -> bool:
        """Count one more game; True when it completed a deal and the test now accepts a hypothesis."""
        if self._gather(record):
            self.result = sprt(self.observations, self.spec)
        return self.result.decision is not None


def _deadline(config: ArenaConfig) -> str:
    grace = getattr(config.transport, "grace_ms", None)
    if grace is None:
        return ""
    limit = f"{config.move_ms:g} + {grace:g}" if config.move_ms is not None else f"{grace:g}"
    return f" (a bot forfeits when an answer takes more than {limit} ms)"


def _title(config: ArenaConfig, players: int) -> str:
    return f"Arena: {game_info(config.game).title}, {players} players, {len(config.bots)} bots, seed {config.seed}"


def _notes(config: ArenaConfig, players: int, skipped: int) -> list[str]:
    b = config.rotations
    seating = (f"game g seats bot (s + g) mod {b} in seat s" if config.focus is None else
               f"focus: game g seats one bot alone in seat g mod {players}, {config.bots[config.focus]} for g mod "
               f"{b} < {players}, then {config.bots[1 - config.focus]}; the other seats hold the other bot")
    notes = [f"bots: {', '.join(config.bots)}", f"seating: {seating}"]
    if config.options:
        notes.append("game options: " + ", ".join(f"{k}={v!r}" for k, v in config.options.items()))
    notes.append(f"transport: {config.transport.name}" + _deadline(config))
    if config.move_ms is not None:
        notes.append(f"time budget: {config.move_ms:g} ms per move (it replaces the bots' own budgets)")
    if config.duplicate:
        notes.append(f"duplicate: {config.games // b} deals, each played under all {b} seat rotations")
    elif config.games % b:
        notes.append(f"{config.games} games is not a multiple of {b} rotations: seat counts differ by at most one")
    if skipped:
        notes.append(f"resumed: {skipped} games were already in the journal")
    return notes


def load_records(out: Path, slim: bool = False) -> list[dict[str, Any]]:
    """The records of ``out/games.jsonl`` by index (a truncated last line is left out)."""
    with open(Path(out) / JOURNAL, "rb") as f:
        records, _ = parse_journal(f, slim=slim)
    return sorted(records, key=lambda r: r["index"])


@dataclass
class Run:
    """One arena run, read back from its directory."""

    out: Path
    specs: list[str]               # the bots, in the --bots order
    records: list[dict[str, Any]]  # slim
    summary: Summary

    @property
    def name(self) -> str:
        return self.out.name or str(self.out)


def read_run(out: Path) -> Run:
    """The run journaled in ``out``: its bots (from the seats of its games), records and summary."""
    out = Path(out)
    if not (out / JOURNAL).is_file():
        raise ArenaError(f"{out} holds no {JOURNAL}: give the --out directory of an arena run")
    records = load_records(out, slim=True)
    if not records:
        raise ArenaError(f"{out / JOURNAL} holds no game yet")
    specs: dict[int, str] = {}
    for record in records:
        for bot, spec in zip(record["lineup"], record["seats"]):
            specs.setdefault(bot, spec)
    bots = [specs.get(b, f"bot{b}") for b in range(max(specs) + 1)]
    return Run(out, bots, records, summarize(records, bots))


def _kind(run: Run) -> tuple[Any, ...]:
    """What runs must share to be pooled: the game, its seats and options, the bots, and duplicate deals or not."""
    first = run.records[0]
    return (first["game"], first["players"], first.get("options", {}), run.specs,
            any(deal_of(r) != r["index"] for r in run.records))


def pool_runs(runs: Sequence[Run]) -> Summary:
    """The report of several runs of one measurement as a single run's: each run's games and deals are numbered
    after the previous run's, so that no deal of one run (dealt under its own key) is clustered with another's.
    Batches played in separate sessions, or with fresh seeds to extend a result, read as one."""
    if not runs:
        raise ArenaError("name at least one arena output directory")
    for run in runs[1:]:
        if _kind(run) != _kind(runs[0]):
            raise ArenaError(f"{run.out} is not a run of {runs[0].out}'s kind (game, seats, options, bots, "
                             "--duplicate or not): only batches of one measurement pool")
    dealt_by: dict[int, int] = {}      # each deal's seed: the run that holds it
    for i, run in enumerate(runs):
        for seed in {r["game_seed"] for r in run.records}:
            if dealt_by.setdefault(seed, i) != i:
                raise ArenaError(f"{runs[dealt_by[seed]].out} and {run.out} hold the same deal: a run pooled with "
                                 "itself, or with a copy (the same run key and seed)")
    records: list[dict[str, Any]] = []
    games = deals = 0                  # the games and deals numbered so far
    for run in runs:
        records += [{**r, "index": r["index"] + games, "deal": deal_of(r) + deals} for r in run.records]
        games, deals = records[-1]["index"] + 1, max(map(deal_of, records)) + 1
    names = ", ".join(run.name for run in runs)
    return summarize(records, runs[0].specs, title=f"{len(runs)} runs pooled: {names}",
                     duplicate=_kind(runs[0])[-1])


def iter_journal(out: Path) -> Iterator[dict[str, Any]]:
    """The full records of ``out/games.jsonl`` one at a time, in journal order (a truncated last line is left
    out), so that moves and move times need not all be in memory."""
    with open(Path(out) / JOURNAL, "rb") as f:
        for line in f:
            if line.endswith(b"\n"):
                yield json.loads(line)


def move_seats(record: dict[str, Any]) -> list[int]:
    """The seat that made each move of a journaled game: recorded (``move_seats``), or, in journals written before
    it was, found by replaying the moves from the deal."""
    if "move_seats" in record:
        return record["move_seats"]
    state = new_game(record["game"], players=record["players"], seed=record["game_seed"], **record.get("options", {}))
    seats = []
    for action in record["moves"]:
        seats.append(state.current_player())
        state.apply_action(action)
    return seats


def journal_move_times(out: Path, num_bots: int) -> tuple[list[list[float]],
                                                           dict[int, tuple[list[int], list[float]]]]:
    """Every move time of each bot (``times[bot]``, in ms), and for each game index each seat's move count and
    summed move time, read from the journal."""
    times: list[list[float]] = [[] for _ in range(num_bots)]
    per_game: dict[int, tuple[list[int], list[float]]] = {}
    for record in iter_journal(out):
        counts, total = [0] * record["players"], [0.0] * record["players"]
        for seat, ms in zip(move_seats(record), record["move_ms"]):
            counts[seat] += 1
            total[seat] += ms
            times[record["lineup"][seat]].append(ms)
        per_game[record["index"]] = counts, total
    return times, per_game


def seat_counts(records: Iterable[dict[str, Any]], num_bots: int) -> list[list[int]]:
    """``counts[bot][seat]``: how many games each bot played in each seat."""
    records = list(records)
    players = max((r["players"] for r in records), default=0)
    counts = [[0] * players for _ in range(num_bots)]
    for r in records:
        for seat, bot in enumerate(r["lineup"]):
            counts[bot][seat] += 1
    return counts
