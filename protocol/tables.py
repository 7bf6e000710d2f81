"""Tables: one refereed game shared by several connections, each bound to one seat by a token.

A table is the protocol's game for several people (docs/protocol.md, "Tables"): the server holds the true state,
plays the bot seats itself in a worker thread of the table (so no connection's reading or dispatching waits for a
bot), and pushes to every connection bound to a seat what that seat observed of each move (``apply_observed``) with
its seat-scoped view.  Nothing a table sends a seat depends on more than that seat's information set: the events
are its per-seat history, the views its ``game.view``, and a bot's progress is reported only to the seats that know
the bot is to move (not in a hidden window, rules D35), without the move it is leaning to.

This module holds the tables and their bots; ``protocol/server.py`` checks the parameters of the ``table.*``
methods and calls it.  A connection is whatever offers ``push(method, params)`` and ``answer(msgid, error,
result)`` (a ``Server``, one per session), and names its ``client`` (an address, or None).

A table's lock is held to change the game and to hand its messages to the connections, never to wait for a client:
a connection's push and answer only queue (``deadeye web``), so a client that stops reading holds up no table.
The tables are shared, so each connection, and each client address, holds only its share of them (issue 27), and a
table nobody plays at is closed: ``table_idle_s`` after its last connection left or its game ended.

A searching bot that has one legal action answers at once, where a search takes a while: the delay would tell the
other seats why it answered so.  A table opened with ``pace_ms`` applies a searching bot's move no sooner than that
after its turn began, and reports its thinking by time only (``iterations`` 0), so that a forced reply looks like
a search.
"""
from __future__ import annotations

import itertools
import logging
import math
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from deadeye.bots.seeds import derive_seed, new_key
from deadeye.core.narrate import narrate_events, seat_names, text_hook
from deadeye.core.observation import Observation, apply_observed
from deadeye.search.stop import StopToken

from .limits import Limits
from .session import MethodError, error_map

BOT_INFO_MS = 250.0            # a table bot's search.info interval
MAX_PACE_MS = 60_000.0         # the longest pace a table may set its bots
TOKEN_BYTES = 16               # a seat token: 128 random bits, URL-safe text

log = logging.getLogger("deadeye.protocol")


class Connection(Protocol):
    """One session's side of a table: where the table's notifications and late answers go, and whose they are
    (``client``: an address whose connections share their share of the tables, or None)."""

    client: str | None

    def push(self, method: str, params: dict) -> None: ...

    def answer(self, msgid: int, error: dict | None, result: Any) -> None: ...


def event_of(seen: Observation, names: Sequence[str] | None = None) -> dict:
    """One move as one seat saw it, on the wire: ``label`` is None when the seat saw nothing of the action itself
    (then only ``events`` tell what it caused); ``text`` is the move in plain words (the game's narrator,
    ``core/narrate.py``: the same sentence ``deadeye play`` prints), "" for a step told with the move it belongs to."""
    event = {"actor": seen.actor, "label": seen.label if seen.noticed else None, "events": list(seen.events),
             "text": seen.text(names)}
    focus = text_hook(seen.game, "move_focus") if seen.game else None
    if focus is not None and event["text"]:         # what the move touched on the board (the page lights it)
        event["focus"] = focus(seen)
    return event


@dataclass(frozen=True)
class _Held:
    """A ``table.act`` of a seat that believes it is to move while another seat decides in a window it cannot see
    (D35): played, or refused, once the window has closed."""

    connection: Connection
    msgid: int | None
    seat: int
    action: int


class Table:
    """One shared game: the true state, one bot per bot seat, one token per human seat, one history per seat.

    Every field is guarded by ``lock``; a bot searches outside it (from a copy of its information set), and only
    the seat to move can change the state, so nothing moves under a search."""

    def __init__(self, table_id: int, name: str, players: int, seed: int, seats: list[dict], state: Any,
                 bots: dict[int, Any], start: list[str], view: Callable[[str, int, Any, int], dict], limits: Limits,
                 clock: Callable[[], float], pace_ms: float = 0.0, opener: Connection | None = None) -> None:
        self.table_id, self.name, self.players, self.seed = table_id, name, players, seed
        self.seats = seats                                # the public seat list: {"human": true} or {"bot": spec}
        self.state = state
        self.bots = bots                                  # seat -> its bot, seeded from the table's keyed seeds
        self.tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in range(players) if seat not in bots}
        self.lock = threading.RLock()
        self.closed = False
        self.hints = [0] * players                        # hints each seat asked: each hint bot has its own seed
        self._view, self._limits, self._clock = view, limits, clock
        self.names = seat_names(state)                  # the seats' public names, for the narration
        self.history: list[list[dict]] = [
            [{"actor": None, "label": None, "events": start, "text": narrate_events(name, start, seat, self.names)}]
            if start else [] for seat in range(players)]
        self.log: list[tuple] = []                      # the public events of every move (the result's breakdown)
        self.bindings: list[tuple[Connection, int]] = []
        self.idle_since: float | None = clock()         # when the last connection left (None: one is bound)
        self.over_since: float | None = clock() if state.is_terminal() else None   # when the game ended
        self.pace_ms = pace_ms                            # a searching bot's least time a move (0: none)
        self.opener = opener                              # the connection that opened it, while it lasts
        self._held: list[_Held] = []
        self._worker: threading.Thread | None = None
        self._stop: StopToken | None = None              # the stop token of the bot search in progress
        self._hurried: threading.Event | None = None     # set to end that bot's pace (table.hurry, close)
        self._watching: set[int] = set()                 # the seats that know that search's bot is to move

    # --- what a seat sees ---
    def view(self, seat: int) -> dict:
        """The seat's ``game.view`` (its ``game_id`` is the table's id)."""
        return self._view(self.name, self.table_id, self.state, seat, self.log)

    def public(self, seat: int) -> dict:
        """What every seat knows of the table, beside its own view: the seats, and the seed once the game is over
        (before that it would tell the whole deal)."""
        out: dict[str, Any] = {"table_id": self.table_id, "seat": seat, "game": self.name, "players": self.players,
                               "seats": self.seats}
        if self.state.is_terminal():
            out["seed"] = self.seed
        return out

    def seat_of(self, connection: Connection) -> int | None:
        return next((s for c, s in self.bindings if c is connection), None)

    def holders(self) -> list[Connection]:
        """The connections this table counts against: those seated at it, and the one that opened it."""
        return [c for c, _ in self.bindings] + ([self.opener] if self.opener is not None else [])

    def playing(self) -> bool:
        return not self.closed and self.over_since is None

    # --- connections ---
    def bind(self, connection: Connection, seat: int) -> None:
        if self.closed:
            raise MethodError("unknown_table", "table.join: the table is closed")
        held = self.seat_of(connection)
        if held is not None:
            raise MethodError("invalid_params", f"table.join: this connection already holds seat {held} of table "
                                                f"{self.table_id} (one seat per table)")
        if len(self.bindings) >= self._limits.table_connections:
            raise MethodError("busy", f"table.join: {self._limits.table_connections} connections are at this "
                                      "table already")
        self.bindings.append((connection, seat))
        self.idle_since = None
        self.advance()

    def unbind(self, connection: Connection, why: str) -> None:
        """The connection leaves the table: its held moves are refused; with no connection left the table waits
        ``table_idle_s`` for one, its bots pausing at their next move."""
        self.bindings = [(c, s) for c, s in self.bindings if c is not connection]
        for held in [h for h in self._held if h.connection is connection]:
            self._held.remove(held)
            if held.msgid is not None:
                connection.answer(held.msgid, error_map("not_your_turn", f"table.act: {why}"), None)
        if not self.bindings and self.idle_since is None:
            self.idle_since = self._clock()

    def close(self, why: str) -> None:
        """End the table: held moves are refused, a bot search in progress is stopped, bound connections are told
        (``table.closed``)."""
        if self.closed:
            return
        self.closed = True
        if self._stop is not None:
            self._stop.set()
        if self._hurried is not None:
            self._hurried.set()
        for held in self._held:
            if held.msgid is not None:
                held.connection.answer(held.msgid, error_map("not_your_turn", f"table.act: {why}"), None)
        self._held.clear()
        for connection, seat in self.bindings:
            connection.push("table.closed", {"table_id": self.table_id, "seat": seat, "reason": why})
        self.bindings = []

    # --- moves ---
    def act(self, connection: Connection, seat: int, action: int, msgid: int | None) -> bool:
        """Play the seat's ``action`` (legal as the seat knows the game, and the seat is to move as it knows it),
        answering the request before any bot moves on; or hold it while another seat decides in a window this one
        cannot see.  True if played now."""
        if self.state.current_player() != seat:
            if any(h.seat == seat for h in self._held):
                raise MethodError("not_your_turn", f"table.act: seat {seat} already has a move waiting")
            self._held.append(_Held(connection, msgid, seat, action))
            return False
        self._play(seat, action)
        if msgid is not None:
            connection.answer(msgid, None, {"view": self.view(seat)})
        self.advance()
        return True

    def _play(self, seat: int, action: int) -> None:
        """Apply one move and push to every bound connection what its seat observed (nothing, for a seat that
        noticed nothing at all)."""
        seen = apply_observed(self.state, action)
        self.log += self.state.events()
        if self.state.is_terminal() and self.over_since is None:
            self.over_since = self._clock()
        events: dict[int, dict] = {}
        for s, observed in enumerate(seen):
            if observed.noticed or observed.events:
                events[s] = event_of(observed, self.names)
                self.history[s].append(events[s])
        views: dict[int, dict] = {}
        for connection, s in list(self.bindings):
            if s in events:
                if s not in views:
                    views[s] = self.view(s)
                update = {**self.public(s), "view": views[s], "event": events[s]}
                del update["seats"]
                connection.push("table.update", update)

    def advance(self) -> None:
        """After a move or a join: answer the held moves that can be judged now, then start the bot worker if a bot
        is to move and someone is at the table."""
        while self._held and not self.closed:
            state, held = self.state, self._held[0]
            if not state.is_terminal() and state.current_player() != held.seat:
                break
            self._held.pop(0)
            if state.is_terminal():
                error = error_map("game_over", "table.act: the game ended before this move could be played")
            elif held.action not in state.legal_actions():
                error = error_map("illegal_action", f"table.act: action {held.action} is no longer legal for seat "
                                                    f"{held.seat}; legal: {state.legal_actions()}")
            else:
                self._play(held.seat, held.action)
                error = None
            if held.msgid is not None:
                held.connection.answer(held.msgid, error, None if error else {"view": self.view(held.seat)})
        if (self._worker is None and not self.closed and self.bindings and not self.state.is_terminal()
                and self.state.current_player() in self.bots):
            self._worker = threading.Thread(target=self._run_bots, name=f"deadeye-table-{self.table_id}",
                                            daemon=True)
            self._worker.start()

    def _run_bots(self) -> None:
        """The worker: the bot seats move, one search at a time, until a human seat is to move, the game ends, the
        table closes or no connection is left (the bots then pause: they go on when one joins)."""
        try:
            while True:
                with self.lock:
                    state = self.state
                    if (self.closed or not self.bindings or state.is_terminal()
                            or state.current_player() not in self.bots):
                        self._worker = None
                        return
                    seat = state.current_player()
                    info, bot = state.information_set(seat), self.bots[seat]
                    self._stop = stop = StopToken()
                    self._hurried = hurried = threading.Event()
                    self._watching = {s for s in range(self.players) if s not in self.bots
                                      and state.information_set(s).current_player() == seat}
                    watchers = [c for c, s in self.bindings if s in self._watching]
                paced = self.pace_ms > 0 and bot.capabilities.searches
                started = time.monotonic()
                self._thinking(watchers, seat, 0, 0.0)
                if bot.capabilities.searches:
                    bot.last = None
                action = bot.choose(info, None, info_callback=lambda r: self._thinking(
                    watchers, seat, 0 if paced else r.iterations, r.elapsed_ms), info_ms=BOT_INFO_MS, stop=stop)
                if bot.capabilities.searches:
                    bot.release()
                if paced:
                    self._pace(watchers, seat, started, hurried)
                with self.lock:
                    self._stop, self._hurried, self._watching = None, None, set()
                    if self.closed:
                        self._worker = None
                        return
                    self._play(seat, int(action))
                    self.advance()                     # the held moves it unblocks (this worker goes on itself)
        except Exception as exc:                       # a bug: the table stops, its connections are told
            log.exception("table %d: a bot failed", self.table_id)
            with self.lock:
                self._worker = None
                for connection, _ in self.bindings:
                    connection.push("protocol.error", {**error_map("internal", f"table {self.table_id}: a bot "
                                                                   f"failed: {type(exc).__name__}: {exc}"[:500]),
                                                       "table_id": self.table_id})

    def _pace(self, watchers: list[Connection], seat: int, started: float, hurried: threading.Event) -> None:
        """Hold a searching bot's move until ``pace_ms`` after its turn began (or a hurry, or the table's end),
        telling the watchers that it thinks every ``BOT_INFO_MS`` from that start, as its search did."""
        interval, pace = BOT_INFO_MS / 1000, self.pace_ms / 1000
        while (elapsed := time.monotonic() - started) < pace:
            tick = (math.floor(elapsed / interval) + 1) * interval
            if hurried.wait(min(tick, pace) - elapsed):
                return
            if (elapsed := time.monotonic() - started) < pace:
                self._thinking(watchers, seat, 0, elapsed * 1000)

    def hurry(self, seat: int) -> None:
        """The seat asks the bot it knows to be thinking to move now, with its best move so far (its pace ends
        too).  Only a bot the seat knows of is hurried (a bot deciding in a window hidden from the seat goes on),
        and the caller learns nothing either way."""
        if self._stop is not None and seat in self._watching:
            self._stop.set()
            if self._hurried is not None:
                self._hurried.set()

    def _thinking(self, watchers: list[Connection], seat: int, iterations: int, elapsed_ms: float) -> None:
        """``search.info`` for a table bot: that it thinks and for how long, never what it leans to."""
        with self.lock:
            if self.closed:
                return
            bound = {id(c) for c, _ in self.bindings}
            for connection in watchers:
                if id(connection) in bound:
                    connection.push("search.info", {"table_id": self.table_id, "seat": seat,
                                                    "iterations": int(iterations), "elapsed_ms": float(elapsed_ms)})


class TableRegistry:
    """The open tables of one server process, shared by all its connections, and the seat tokens that bind to them.

    A table with no connection bound, or whose game is over, is closed once it has been so for
    ``limits.table_idle_s`` (checked whenever a table is opened or joined), so a page that reloads finds its seat
    (or its result) again, and a table nobody plays at is freed.  A connection holds at most
    ``limits.connection_tables`` tables (opened by it, or seated at), the connections of one client address at most
    ``limits.address_tables`` together.  ``pace_ms`` is the pace of a table opened without one."""

    def __init__(self, limits: Limits, view: Callable[[str, int, Any, int], dict],
                 clock: Callable[[], float] = time.monotonic, pace_ms: float = 0.0) -> None:
        self.limits, self._view, self._clock = limits, view, clock
        self.pace_ms = pace_ms
        self._key = new_key()        # the tables' seeds: a seat that knows the game cannot search them for the deal
        self._tables: dict[int, Table] = {}
        self._tokens: dict[str, tuple[int, int]] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def seed_of(self, seed: int, *parts: object) -> int:
        """The 64-bit seed of a part of table ``seed`` (its deal, a seat's bot, a hint): a keyed hash under this
        server's secret key, so that no search over seeds finds a deal, while the same seed on the same server
        (``table.open`` again: a replay) gives the same game."""
        return derive_seed(seed, *parts, key=self._key, bits=64)

    def open(self, name: str, players: int, seed: int, seats: list[dict], state: Any, bots: dict[int, Any],
             start: list[str], by: Connection | None = None, pace_ms: float | None = None) -> Table:
        """A new table, opened by connection ``by``; ``start`` is what every seat saw happen before the first move
        (the deal)."""
        self._reap()
        with self._lock:
            if len(self._tables) >= self.limits.tables:
                raise MethodError("busy", f"table.open: {self.limits.tables} tables are open: close one first")
            if by is not None:
                self._check_share("table.open", by)
            table = Table(next(self._ids), name, players, seed, seats, state, bots, start, self._view,
                          self.limits, self._clock, self.pace_ms if pace_ms is None else pace_ms, by)
            self._tables[table.table_id] = table
            for seat, token in table.tokens.items():
                self._tokens[token] = (table.table_id, seat)
            return table

    def by_token(self, token: str) -> tuple[Table, int]:
        self._reap()
        with self._lock:
            found = self._tokens.get(token)
        if found is None or found[0] not in self._tables:
            raise MethodError("bad_token", "table.join: no open table has a seat with this token")
        return self._tables[found[0]], found[1]

    def check_share(self, method: str, connection: Connection, table: Table) -> None:
        """``busy`` if ``connection`` joining ``table`` would hold more than its share of the tables (one it holds
        already costs nothing).  Called under the table's lock."""
        with self._lock:
            if not any(c is connection for c in table.holders()):
                self._check_share(method, connection)

    def _check_share(self, method: str, connection: Connection) -> None:
        tables = [t for t in self._tables.values() if not t.closed]
        mine = sum(any(c is connection for c in t.holders()) for t in tables)
        if mine >= self.limits.connection_tables:
            raise MethodError("busy", f"{method}: this connection holds {mine} tables (connection_tables): close one "
                                      "first, or wait for one to end")
        client = connection.client
        ours = sum(any(c.client == client for c in t.holders()) for t in tables) if client is not None else 0
        if ours >= self.limits.address_tables:
            raise MethodError("busy", f"{method}: the connections of this address hold {ours} tables "
                                      "(address_tables): close one first, or wait for one to end")

    def release(self, connection: Connection) -> None:
        """The connection has ended: the tables it opened no longer count against it (nor keep it referenced)."""
        with self._lock:
            for table in self._tables.values():
                if table.opener is connection:
                    table.opener = None

    def get(self, method: str, table_id: int) -> Table:
        table = self._tables.get(table_id)
        if table is None or table.closed:
            raise MethodError("unknown_table", f"{method}: no open table {table_id}")
        return table

    def close(self, table: Table, why: str) -> None:
        with table.lock:
            table.close(why)
        with self._lock:
            self._forget(table)

    def __len__(self) -> int:
        return len(self._tables)

    def _forget(self, table: Table) -> None:
        self._tables.pop(table.table_id, None)
        for token in table.tokens.values():
            self._tokens.pop(token, None)

    def _reap(self) -> None:
        """Close the tables left, or over, for ``table_idle_s`` (outside the registry's lock: closing tells
        connections)."""
        now = self._clock()
        with self._lock:
            tables = list(self._tables.values())
        for table in tables:
            with table.lock:
                over = table.over_since is not None and now - table.over_since >= self.limits.table_idle_s
                idle = table.closed or over or (table.idle_since is not None
                                                and now - table.idle_since >= self.limits.table_idle_s)
                if idle:
                    table.close("the game is over" if over else "the table was left idle")
            if idle:
                with self._lock:
                    self._forget(table)
