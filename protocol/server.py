"""The top layer of the protocol: the methods of ``deadeye serve`` (docs/protocol.md is their contract).

Two ways to use the engine, both served here:

- referee sessions: the server holds the true game (``game.new``, ``game.view``, ``game.apply``, ``bot.choose``),
  so a front end needs no rules of its own;
- stateless choice (``bot.choose_view``): a front end with its own engine sends one seat's view and gets an action.

A bot that keeps its tree (``reuse=1``) may also ponder (``bot.ponder``): search its seat's information set in a
thread of its own, on another seat's time, until ``bot.stop_ponder``, the next call for that seat, or its time cap.

A bot only ever receives the information set of the seat it plays, and only the fair bots can be named: the cheating
bound of ``bots/`` is unreachable from here.  A choice runs in the session's dispatching thread while the reader
thread keeps reading, so ``search.stop`` (urgent: run in the reader thread) ends it at once.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import logging
import math
import os
import secrets
import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Callable, Sequence

from deadeye.bots.registry import FAIR_BOTS, BotSpec, BotSpecError, make_bot, parse_spec
from deadeye.core import GameError, IllegalActionError, InvalidActionError, game_info, list_games, new_game
from deadeye.core.errors import InconsistentInformationError
from deadeye.core.narrate import narrate_public, personal, seat_names, text_hook
from deadeye.core.observation import apply_observed
from deadeye.search.budget import Budget
from deadeye.search.stop import StopToken

from .limits import DEFAULT_LIMITS, Limits
from .session import DEFERRED, MethodError, ServerSession, brief, error_map
from .stream import MessageStream, pack
from .tables import MAX_PACE_MS, Table, TableRegistry

PROTOCOL_VERSION = 2          # bumped by any change that is not a pure addition (docs/protocol.md, "Versioning")
ENGINE_NAME = "deadeye"
MAX_LABEL_CHARS = 200         # an action string longer than this names no label and no id of any game

log = logging.getLogger("deadeye.protocol")


def _engine_version() -> str:
    try:
        return importlib.metadata.version("deadeye")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


# ------------------------------------------------------------------------------------------------ parameters

@dataclass(frozen=True)
class _Kind:
    """A parameter type: a test and the name the error message uses."""

    name: str
    test: Callable[[Any], bool]


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v)


INT = _Kind("an integer", _is_int)
STR = _Kind("a string", lambda v: isinstance(v, str))
MAP = _Kind("a map", lambda v: type(v) is dict)
LIST = _Kind("an array", lambda v: type(v) is list)
NUMBER = _Kind("a number", _is_number)
ACTION = _Kind("an integer action id or a string label", lambda v: _is_int(v) or isinstance(v, str))


def _args(method: str, params: dict, required: dict[str, _Kind], optional: dict[str, _Kind] | None = None) -> dict:
    """``params`` checked against the method's named parameters; raises ``invalid_params`` naming the problem."""
    optional = optional or {}
    unknown = [k for k in params if k not in required and k not in optional]
    if unknown:
        names = ", ".join(list(required) + [f"{k}?" for k in optional]) or "none"
        raise MethodError("invalid_params", f"{method}: unknown parameter {brief(unknown[0], 60)}; parameters: {names}")
    for name, kind in {**required, **optional}.items():
        if name not in params:
            if name in required:
                raise MethodError("invalid_params", f"{method}: missing parameter {name!r} ({kind.name})")
        elif not kind.test(params[name]):
            raise MethodError("invalid_params", f"{method}: {name} must be {kind.name}, not {brief(params[name], 80)}")
    return params


def _budget(method: str, value: dict | None) -> Budget | None:
    if value is None:
        return None
    _args(f"{method} budget", value, {}, {"iterations": INT, "time_ms": NUMBER})
    try:
        return Budget(value.get("iterations"), value.get("time_ms"))
    except ValueError as exc:
        raise MethodError("invalid_params", f"{method}: budget: {exc}") from None


def _info_ms(method: str, params: dict) -> float:
    info_ms = params.get("info_ms", 0)
    if info_ms and info_ms < 1:
        raise MethodError("invalid_params", f"{method}: info_ms must be at least 1 (or 0: no search.info), "
                                            f"not {info_ms!r}")
    return float(info_ms)


def _seat(method: str, seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise MethodError("invalid_params", f"{method}: seat {seat} out of range for {players} players")
    return seat


# ------------------------------------------------------------------------------------------------ state

@dataclass
class _Game:
    """A game the server referees."""

    name: str
    players: int
    seed: int
    state: Any
    limits: Limits = DEFAULT_LIMITS
    bots: OrderedDict = field(default_factory=OrderedDict)   # (seat, spec) -> the bot, least recently used first
    held: list = field(default_factory=list)     # _Held moves of seats that believe they are to move, in arrival order
    actions: list = field(default_factory=list)  # every action played since the game was opened, in order
    followers: dict = field(default_factory=dict)   # (seat, spec) of a stateful bot -> [its replay state, actions told]

    def __post_init__(self) -> None:
        self.initial = self.state.clone()        # where the game was opened: a stateful bot's history starts here

    def bot(self, seat: int, spec: BotSpec) -> Any:
        """One bot per seat and spec, seeded as ``deadeye play`` seeds its bots, so a game replays exactly.

        A game keeps its ``limits.bots_per_game`` most recently used bots: past that, the least recently used is
        dropped, and starts afresh from its seed if it is asked again (a stateful one is then told the game's
        history again, from where the game was opened)."""
        key = (seat, spec)
        if key not in self.bots:
            bot = self.bots[key] = _fair_bot(spec, self.seed * 1000 + seat, self.limits)
            if bot.capabilities.stateful:
                bot.new_game(self.initial.information_set(seat))
                self.followers[key] = [self.initial.clone(), 0]
            while len(self.bots) > self.limits.bots_per_game:
                self.followers.pop(self.bots.popitem(last=False)[0], None)
        self.bots.move_to_end(key)
        return self.bots[key]

    def catch_up(self, seat: int, spec: BotSpec, bot: Any) -> None:
        """Tell a stateful bot every action played since it was last told, as its seat observed each one (and its
        information set after it): replayed from where the game was opened, so the bot learns nothing more."""
        follower = self.followers.get((seat, spec))
        if follower is None:
            return
        replay, told = follower
        for action in self.actions[told:]:
            observations = apply_observed(replay, action)
            bot.observe(observations[seat], replay.information_set(seat))
        follower[1] = len(self.actions)


def _bot_spec(text: str, limits: Limits) -> BotSpec:
    """The typed spec of a bot a front end may use (its max_nodes within the server's cap); ``bad_bot`` otherwise."""
    try:
        spec = parse_spec(text, max_nodes=limits.max_nodes)
    except BotSpecError as exc:
        raise MethodError("bad_bot", str(exc)) from None
    if spec.name not in FAIR_BOTS:
        raise MethodError("bad_bot", f"unknown bot {spec.name!r}; bots: {', '.join(sorted(FAIR_BOTS))}")
    if spec.get("particles", 0) > limits.particles:
        raise MethodError("bad_bot", f"bot {str(spec)!r}: particles must be at most {limits.particles} here "
                                     f"(the server's particles limit)")
    if spec.get("net", "default") != "default":
        raise MethodError("bad_bot", f"bot {str(spec)[:200]!r}: a front end uses the networks deadeye ships "
                                     "(net=default); a folder of weights is for the command line")
    return spec


def _fair_bot(spec: BotSpec, seed: int, limits: Limits) -> Any:
    """The bot of ``spec`` (a fair one: see ``_bot_spec``), seeded with ``seed`` unless the spec sets its own."""
    try:
        bot = make_bot(spec, seed=seed, max_nodes=limits.max_nodes)
    except BotSpecError as exc:
        raise MethodError("bad_bot", str(exc)) from None
    if bot.capabilities.needs_state:                     # defence in depth: FAIR_BOTS already excludes it
        raise MethodError("bad_bot", f"bot {str(spec)!r} sees hidden information: not offered by the server")
    return bot


def _check_plays(bot: Any, game: str) -> None:
    """``bad_bot`` for a bot that cannot play ``game``, as its capabilities declare (OpenSpiel's IS-MCTS plays only
    games whose OpenSpiel twin resamples)."""
    games = bot.capabilities.games
    if not bot.capabilities.plays(game):
        raise MethodError("bad_bot", f"{bot.name} plays {', '.join(sorted(games))}, not {game}")


@dataclass(frozen=True)
class _Held:
    """A ``game.apply`` for a seat that believes it is to move while another seat decides in a window it cannot see
    (a Photo window: Wyatt Earp D35): answered once the window has closed."""

    msgid: int | None
    seat: int
    action: int


@dataclass(frozen=True)
class _Call:
    """Which call a method is serving: its msgid (None for a notification) and its arrival number."""

    msgid: int | None
    seq: int


class _Ponder:
    """A ponder running (or ended) in its own thread: only the calls for its seat touch its bot, and each of them
    first ends it (``Server._end_ponder``), so the bot is never used by two threads at once."""

    def __init__(self, bot: Any, info: Any, budget: Budget) -> None:
        self.bot = bot
        self.stop = StopToken()
        self.result: Any = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._run, args=(info, budget), name="deadeye-ponder", daemon=True)

    def _run(self, info: Any, budget: Budget) -> None:
        try:
            self.result = self.bot.ponder(info, budget, self.stop)
        except Exception as exc:                          # a sampler's bug, no memory: the next choice starts fresh
            self.error = f"{type(exc).__name__}: {exc}"[:500]
            log.warning("ponder failed: %s", self.error)

    def end(self) -> None:
        self.stop.set()
        self.thread.join()


class _Choice:
    """A bot's choice in progress, as ``search.stop`` sees it: its bot and the stop token of its search alone."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.stop = StopToken()


def _result(state: Any, log: Sequence[tuple] | None = None) -> dict | None:
    """Who won and each seat's score, with the score by rule where the game's text gives it (``score_breakdown``,
    given the game's public events since its start, ``log``, where the caller kept them: a table does)."""
    if not state.is_terminal():
        return None
    result = {"returns": [float(r) for r in state.returns()], "scores": [int(s) if float(s).is_integer() else float(s)
                                                                           for s in state.game_returns()],
              "names": list(seat_names(state))}
    breakdown = text_hook(state.game, "score_breakdown")
    if breakdown is not None:                     # the score by rule, where the game's text gives it
        result["breakdown"] = breakdown(state, log)
    return result


def _legal(game: str, info: Any, legal: list, names: Sequence[str]) -> list[dict]:
    """The seat's legal actions: id, the engine's label (which ``game.apply`` takes) and ``text``, the label in a
    player's words where the game's text says it otherwise (cards as drawn, no engine ids, what it costs); and
    ``group``, the kind of action, where the game's text sorts its many actions into kinds (``action_group``)."""
    words = text_hook(game, "action_words")
    group = text_hook(game, "action_group")
    out = []
    for a in legal:
        label = info.action_label(a)
        item = {"action": a, "label": label, "text": words(label, names, info.seat) if words is not None else label}
        if group is not None:
            item["group"] = group(label)
        out.append(item)
    return out


def _decision(game: str, info: Any, names: Sequence[str]) -> str:
    """Who decides what now, in the seat's words, where the game's text says it ("" otherwise)."""
    words = text_hook(game, "decision_words")
    return words(info, names) if words is not None else ""


def unavailable_words(game: str, info: Any, names: Sequence[str]) -> list[str]:
    """Why a usual option is not offered to the seat now (``unavailable_reasons`` of its information set: the very
    sentences ``deadeye play`` prints under the actions), in the seat's words: seats by name or "you", cards as the
    game's ``action_words`` draws them.  [] when the seat is not to move."""
    words = text_hook(game, "action_words")
    return [personal(words(r, names, info.seat) if words is not None else r, info.seat, names)
            for r in info.unavailable_reasons()]


def seat_view(game: str, game_id: int, state: Any, seat: int, log: Sequence[tuple] | None = None) -> dict:
    """What ``seat`` sees of the true ``state``: the ``game.view`` result (docs/protocol.md, "Views").  The arena's
    referee sends the same map to a bot process in ``bot.choose_view``.  Everything comes from the seat's
    information set (``turn`` too: the seat to move as this seat knows the game), but ``status`` and ``result``,
    which every seat sees (``log``: the game's public events since its start, where the caller kept them, for the
    result's breakdown)."""
    info = state.information_set(seat)
    turn = info.current_player()
    legal = info.legal_actions()
    names = seat_names(state)
    extra = text_hook(game, "view_notes")
    return {
        "game": game,
        "game_id": game_id,
        "seat": seat,
        "turn": turn,
        "status": "over" if state.is_terminal() else "playing",
        "legal": _legal(game, info, legal, names),
        "result": _result(state, log),
        "information_set": info.to_dict(),
        "text": info.describe() if hasattr(info, "describe") else "",
        "decision": _decision(game, info, names),
        "unavailable": unavailable_words(game, info, names) if legal else [],
        "notes": extra(info) if extra is not None else {},     # what the game adds to the board (Way Out West's income)
    }


# ------------------------------------------------------------------------------------------------ the methods

HINT_BOT = "hard"             # table.hint's bot unless the call names one
SEED_RANGE = 2**53            # a table's drawn seed: exact in JavaScript (the page replays it); the deal is keyed


class Server:
    """The methods of the protocol, by wire name; one instance serves one session.

    ``tables`` is the registry of shared tables: one per process, handed to every session's ``Server`` (``deadeye
    web``), or a registry of this session's own (``deadeye serve``); ``client`` is the address of the session's
    client (``deadeye web``), whose connections share their share of the tables."""

    URGENT = frozenset({"search.stop"})
    CHOICES = frozenset({"bot.choose", "bot.choose_view", "table.hint"})

    def __init__(self, limits: Limits = DEFAULT_LIMITS, tables: TableRegistry | None = None,
                 client: str | None = None) -> None:
        self.limits = limits
        self.tables = TableRegistry(limits, seat_view) if tables is None else tables
        self.client = client
        self._seated: dict[int, Table] = {}              # the tables this connection holds a seat of
        self.finished = False
        self._notify: Callable[[str, dict], None] = lambda method, params: None
        self._respond: Callable[[int, dict | None, Any], None] = lambda msgid, error, result: None
        self._games: dict[int, _Game] = {}
        self._next_id = 1
        self._fresh: dict[str, Any] = {}                 # a new state of each game, for its classes
        self._lock = threading.Lock()                    # guards the three below (the reader thread uses them)
        self._choice: _Choice | None = None              # the choice being searched
        self._waiting = 0                                # choices arrived and not started yet
        self._stop_before = 0                            # choices that arrived before this seq are stopped
        self._ponders: dict[tuple[int, int], _Ponder] = {}   # (game_id, seat) -> its ponder, running or ended
        self._kept: OrderedDict = OrderedDict()          # id -> a bot keeping its tree (reuse), least recent first
        self._methods: dict[str, Callable[[dict, _Call], Any]] = {
            "hello": self.hello,
            "game.new": self.game_new,
            "game.load": self.game_load,
            "game.view": self.game_view,
            "game.apply": self.game_apply,
            "game.close": self.game_close,
            "bot.choose": self.bot_choose,
            "bot.choose_view": self.bot_choose_view,
            "bot.ponder": self.bot_ponder,
            "bot.stop_ponder": self.bot_stop_ponder,
            "search.stop": self.search_stop,
            "shutdown": self.shutdown,
            "table.open": self.table_open,
            "table.join": self.table_join,
            "table.view": self.table_view,
            "table.act": self.table_act,
            "table.hint": self.table_hint,
            "table.hurry": self.table_hurry,
            "table.close": self.table_close,
        }

    # --- the session's interface ---
    def bind(self, notify: Callable[[str, dict], None], respond: Callable[[int, dict | None, Any], None]) -> None:
        self._notify = notify
        self._respond = respond

    def push(self, method: str, params: dict) -> None:
        """A notification to this session's client (a table's update, from any thread)."""
        self._notify(method, params)

    def answer(self, msgid: int, error: dict | None, result: Any) -> None:
        """The late answer to one of this session's requests (a table's held move, from any thread)."""
        self._respond(msgid, error, result)

    def urgent(self, method: str, seq: int) -> bool:
        if method in self.CHOICES:
            with self._lock:
                self._waiting += 1
        return method in self.URGENT

    def refused(self, method: str, seq: int) -> None:
        if method in self.CHOICES:
            with self._lock:
                self._waiting -= 1

    def call(self, method: str, params: dict, msgid: int | None, seq: int) -> Any:
        if method in self.CHOICES:
            with self._lock:
                self._waiting -= 1
        handler = self._methods.get(method)
        if handler is None:
            raise MethodError("unknown_method", f"no method {brief(method, 80)}; methods: {', '.join(self._methods)}")
        return handler(params, _Call(msgid, seq))

    # --- helpers ---
    def _game(self, method: str, game_id: int) -> _Game:
        try:
            return self._games[game_id]
        except KeyError:
            raise MethodError("unknown_game_id", f"{method}: no open game {game_id}") from None

    @staticmethod
    def _game_info(method: str, name: str):
        try:
            return game_info(name)
        except GameError as exc:
            raise MethodError("unknown_game", f"{method}: {exc}") from None

    def _fresh_state(self, name: str) -> Any:
        """A new state of game ``name``: its information set's class comes through the state contract."""
        if name not in self._fresh:
            self._fresh[name] = new_game(name, players=game_info(name).min_players)
        return self._fresh[name]

    def _stop_choices(self, seq: int) -> bool:
        """End the choice being searched and every choice that arrived before call ``seq`` (queued ones stop as
        soon as they start), so that a stop sent right after a choice never misses it.  True if there was one."""
        with self._lock:
            self._stop_before = max(self._stop_before, seq)
            choice, waiting = self._choice, self._waiting
        if choice is not None:
            self._stop(choice)
        return choice is not None or waiting > 0

    @staticmethod
    def _stop(choice: _Choice) -> None:
        """Set the choice's own token: it ends that search, before or while it runs, and no other."""
        choice.stop.set()

    def _choose(self, bot: Any, info: Any, budget: Budget | None, info_ms: float, call: _Call,
                keep: bool = False) -> dict:
        """Run one bot's choice for ``info.seat`` (stoppable, with search.info notifications); ``keep``: a bot that
        reuses its tree keeps it for its next choice (within ``limits.kept_trees``)."""
        msgid = call.msgid
        choice = _Choice(bot)
        seat = info.seat

        def report(result) -> None:
            best = result.children[0] if result.children else None
            action = best.action if best else result.action
            self._notify("search.info", {
                "msgid": msgid, "seat": seat, "iterations": result.iterations, "elapsed_ms": result.elapsed_ms,
                "action": action, "label": info.action_label(action),
                "visits": best.visits if best else 0, "value": best.value if best else 0.0})

        with self._lock:
            self._choice = choice
            stopped_already = call.seq < self._stop_before
        if stopped_already:                               # a search.stop arrived after this call: stop at once
            self._stop(choice)
        start = time.perf_counter()
        try:
            if bot.capabilities.searches:
                bot.last = None
            action = bot.choose(info, budget, info_callback=report if info_ms else None, info_ms=info_ms,
                                stop=choice.stop)
        finally:
            with self._lock:
                self._choice = None
        elapsed_ms = (time.perf_counter() - start) * 1000
        last = bot.last if bot.capabilities.searches else None
        if bot.capabilities.searches:
            if keep and getattr(bot, "reuse", 0):
                self._keep(bot)
            else:
                bot.release()                             # a kept bot holds no node pool between its choices
        stats: dict[str, Any] = {"bot": bot.name, "elapsed_ms": elapsed_ms,
                                 "stopped": last is not None and last.stopped, "iterations": 0}
        if getattr(bot, "reuse", 0):
            stats["kept"] = bot.kept
        if last is not None:
            stats.update(iterations=last.iterations, tree_size=last.tree_size, actions=[
                {"action": c.action, "label": info.action_label(c.action), "visits": c.visits, "value": c.value}
                for c in last.children])
        return {"action": int(action), "label": info.action_label(action), "seat": seat, "stats": stats}

    def _keep(self, bot: Any) -> None:
        """``bot`` keeps its tree: the most recently used ``limits.kept_trees`` bots of this connection do, the
        others free theirs (a ponder of theirs ends first: it uses the tree)."""
        self._kept[id(bot)] = bot
        self._kept.move_to_end(id(bot))
        while len(self._kept) > self.limits.kept_trees:
            _, old = self._kept.popitem(last=False)
            for key, ponder in list(self._ponders.items()):
                if ponder.bot is old:
                    self._end_ponder(*key)
            old.release()

    def _end_ponder(self, game_id: int, seat: int) -> dict | None:
        """End the ponder of ``seat`` in game ``game_id`` (waiting for its thread: a few milliseconds after the
        stop), and forget it; what it did, or None if there was none."""
        ponder = self._ponders.pop((game_id, seat), None)
        if ponder is None:
            return None
        running = ponder.thread.is_alive()
        ponder.end()
        result = ponder.result
        return {"stopped": running, "iterations": result.iterations if result else 0,
                "tree_size": result.tree_size if result else 0, **({"error": ponder.error} if ponder.error else {})}

    @staticmethod
    def _check_turn(method: str, seat: int, turn: int) -> None:
        """``turn`` is the seat to move as ``seat`` knows the game (its information set's): a seat-scoped reply
        never tells more, though another seat may truly be deciding in a window this one cannot see (D35)."""
        if turn < 0:
            raise MethodError("game_over", f"{method}: the game is over")
        if turn != seat:
            raise MethodError("not_your_turn", f"{method}: seat {seat} is not to move (seat {turn} is, as seat "
                                               f"{seat} knows the game)")

    # --- the methods ---
    def hello(self, params: dict, call: _Call) -> dict:
        _args("hello", params, {})
        return {
            "engine": ENGINE_NAME,
            "version": _engine_version(),
            "protocol": PROTOCOL_VERSION,
            "games": [{"name": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
                       "options": [o.to_wire() for o in g.options]}
                      for g in list_games()],
            "bots": sorted(FAIR_BOTS),
            "methods": list(self._methods),
            "limits": self.limits.to_wire(),
        }

    def game_new(self, params: dict, call: _Call) -> dict:
        _args("game.new", params, {"game": STR, "players": INT}, {"seed": INT, "options": MAP})
        info = self._game_info("game.new", params["game"])
        if len(self._games) >= self.limits.games:
            raise MethodError("busy", f"game.new: {self.limits.games} games are open: close one first")
        seed = params.get("seed", 0)
        state = self._new_state("game.new", info, params["players"], seed, params.get("options", {}))
        return self._open(info.name, params["players"], seed, state)

    @staticmethod
    def _new_state(method: str, info: Any, players: int, seed: int, options: dict) -> Any:
        """A new state of the game ``info`` names, its player count and options checked (``invalid_params``)."""
        if not info.min_players <= players <= info.max_players:
            raise MethodError("invalid_params", f"{method}: {info.name} is for {info.min_players} to "
                                                f"{info.max_players} players, not {players}")
        try:
            return new_game(info.name, players=players, seed=seed, **options)
        except (ValueError, TypeError, OverflowError) as exc:
            raise MethodError("invalid_params", f"{method}: {exc}") from None

    def _open(self, name: str, players: int, seed: int, state: Any) -> dict:
        game_id = self._next_id
        self._next_id += 1
        self._games[game_id] = _Game(name, players, seed, state, self.limits)
        return {"game_id": game_id, "turn": state.current_player(),
                "status": "over" if state.is_terminal() else "playing"}

    def _given_state(self, method: str, name: str, plain: Any) -> Any:
        """The state of game ``name`` that ``plain`` (its ``to_dict()`` form) describes, once it passes the game's
        ``validate()`` and the check of every seat's information set (``check_information``: each seat's view
        renders and samples): else ``invalid_params`` saying why, and nothing is opened (issue 27)."""
        try:
            state = type(self._fresh_state(name)).from_dict(plain)
        except GameError as exc:
            raise MethodError("invalid_params", f"{method}: {exc}") from None
        problem = state.check_information()
        if problem:
            raise MethodError("invalid_params", f"{method}: no game reaches this {name} state: {problem}")
        return state

    def game_load(self, params: dict, call: _Call) -> dict:
        _args("game.load", params, {"state": MAP}, {"seed": INT})
        plain = params["state"]
        info = self._game_info("game.load", plain.get("game") if isinstance(plain.get("game"), str) else "")
        if len(self._games) >= self.limits.games:
            raise MethodError("busy", f"game.load: {self.limits.games} games are open: close one first")
        state = self._given_state("game.load", info.name, plain)
        return self._open(info.name, state.num_players(), params.get("seed", 0), state)

    def game_view(self, params: dict, call: _Call) -> dict:
        _args("game.view", params, {"game_id": INT, "seat": INT})
        game = self._game("game.view", params["game_id"])
        seat = _seat("game.view", params["seat"], game.players)
        return seat_view(game.name, params["game_id"], game.state, seat)

    def game_apply(self, params: dict, call: _Call) -> Any:
        _args("game.apply", params, {"game_id": INT, "action": ACTION}, {"seat": INT})
        game = self._game("game.apply", params["game_id"])
        state = game.state
        if state.is_terminal():
            raise MethodError("game_over", "game.apply: the game is over")
        if "seat" not in params:                          # the host's call: the truth, errors included
            seat = state.current_player()
            action = self._action_of(state, params["action"], f"seat {seat}")
            return self._apply(game, seat, action)
        seat = _seat("game.apply", params["seat"], game.players)
        info = state.information_set(seat)                # a seat's call: only what it knows, errors included
        self._check_turn("game.apply", seat, info.current_player())
        action = self._action_of(info._as_state(), params["action"], f"seat {seat}")
        if state.current_player() == seat:
            return self._apply(game, seat, action, scoped=True)
        if any(h.seat == seat for h in game.held):
            raise MethodError("not_your_turn", f"game.apply: seat {seat} already has a move waiting")
        game.held.append(_Held(call.msgid, seat, action))  # another seat decides in a window this one cannot see
        return DEFERRED

    @staticmethod
    def _action_of(state: Any, action: Any, who: str, method: str = "game.apply") -> int:
        """The legal action of ``state``'s mover that ``action`` (an id or a label) names; ``illegal_action``
        otherwise, listing the legal ids of that state only (for a seat's call, the state as the seat knows it)."""
        legal = state.legal_actions()
        if isinstance(action, str):
            if len(action) > MAX_LABEL_CHARS:
                raise MethodError("illegal_action", f"{method}: an action string of {len(action)} characters "
                                                    f"names no action (at most {MAX_LABEL_CHARS}); legal: {legal}")
            try:
                action = state.parse_action(action)
            except InvalidActionError as exc:
                raise MethodError("illegal_action", f"{method}: {exc}") from None
        if action not in legal:
            raise MethodError("illegal_action", f"{method}: action {brief(action, 80)} is not legal for {who}; "
                                                f"legal: {legal}")
        return action

    def _apply(self, game: _Game, seat: int, action: int, scoped: bool = False) -> dict:
        """Play ``action`` of ``seat`` (legal), then the held moves it unblocks; the reply of a seat's call tells the
        turn as that seat knows it."""
        state = game.state
        label, public = state.action_label(action), state.public_label(action)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:                 # legal was checked: only a rules bug gets here
            raise MethodError("illegal_action", f"game.apply: {exc}") from None
        game.actions.append(action)
        events = list(state.describe_events())
        reply = {"action": action, "label": label, "seat": seat, "public": public, "events": events,
                 "text": narrate_public(state, seat, public, events),
                 "turn": state.information_set(seat).current_player() if scoped else state.current_player(),
                 "status": "over" if state.is_terminal() else "playing", "result": _result(state)}
        self._release_held(game)
        return reply

    def _release_held(self, game: _Game) -> None:
        """Answer the held moves that can be judged now: played once their seat is truly to move, refused if the
        window's public outcome made them illegal or ended the game."""
        while game.held:
            state, held = game.state, game.held[0]
            if not state.is_terminal() and state.current_player() != held.seat:
                return
            game.held.pop(0)
            try:
                if state.is_terminal():
                    raise MethodError("game_over", "game.apply: the game ended before this move could be played")
                if held.action not in state.legal_actions():
                    raise MethodError("illegal_action", f"game.apply: action {held.action} is no longer legal for "
                                                        f"seat {held.seat}; legal: {state.legal_actions()}")
                result, error = self._apply(game, held.seat, held.action, scoped=True), None
            except MethodError as exc:
                result, error = None, error_map(exc.code, exc.message)
            if held.msgid is not None:
                self._respond(held.msgid, error, result)

    def close(self) -> None:
        """The session ends: its ponders end, every held move is answered (its window never closed), and its seats
        are left."""
        for key in list(self._ponders):
            self._end_ponder(*key)
        for game in self._games.values():
            self._refuse_held(game, "the session ended before this move could be played")
        for table in self._seated.values():
            with table.lock:
                table.unbind(self, "the session ended before this move could be played")
        self._seated.clear()
        self.tables.release(self)

    def playing(self) -> bool:
        """This connection holds a seat at a game in play (from any thread: ``deadeye web``'s idle check)."""
        return any(table.playing() for table in self._seated.copy().values())

    def _refuse_held(self, game: _Game, why: str) -> None:
        for held in game.held:
            if held.msgid is not None:
                self._respond(held.msgid, error_map("not_your_turn", f"game.apply: {why}"), None)
        game.held.clear()

    def game_close(self, params: dict, call: _Call) -> dict:
        _args("game.close", params, {"game_id": INT})
        for key in [k for k in self._ponders if k[0] == params["game_id"]]:
            self._end_ponder(*key)
        for bot in self._game("game.close", params["game_id"]).bots.values():
            if self._kept.pop(id(bot), None) is not None:
                bot.release()                             # a closed game's trees go with it
        self._refuse_held(self._game("game.close", params["game_id"]), "the game was closed before this move could "
                                                                        "be played")
        del self._games[params["game_id"]]
        return {}

    def bot_choose(self, params: dict, call: _Call) -> dict:
        _args("bot.choose", params, {"game_id": INT, "seat": INT, "bot": STR},
              {"budget": MAP, "info_ms": NUMBER})
        game = self._game("bot.choose", params["game_id"])
        seat = _seat("bot.choose", params["seat"], game.players)
        pondered = self._end_ponder(params["game_id"], seat)   # its tree goes on in this choice (reuse)
        budget = _budget("bot.choose", params.get("budget"))
        info_ms = _info_ms("bot.choose", params)
        spec = _bot_spec(params["bot"], self.limits)
        bot = game.bot(seat, spec)
        _check_plays(bot, game.name)
        info = game.state.information_set(seat)           # the seat's knowledge, never the state
        self._check_turn("bot.choose", seat, info.current_player())
        game.catch_up(seat, spec, bot)                    # a stateful bot hears what its seat saw since its last move
        reply = self._choose(bot, info, budget, info_ms, call, keep=True)
        if pondered is not None:
            reply["stats"]["pondered"] = pondered["iterations"]
        return reply

    def bot_ponder(self, params: dict, call: _Call) -> dict:
        _args("bot.ponder", params, {"game_id": INT, "seat": INT, "bot": STR}, {"budget": MAP})
        game = self._game("bot.ponder", params["game_id"])
        seat = _seat("bot.ponder", params["seat"], game.players)
        self._end_ponder(params["game_id"], seat)         # one ponder per seat: a new one replaces it
        budget = _budget("bot.ponder", params.get("budget")) or Budget(time_ms=self.limits.ponder_ms)
        if budget.time_ms is None:
            budget = Budget(budget.iterations, self.limits.ponder_ms)
        if budget.time_ms > self.limits.ponder_ms:
            raise MethodError("invalid_params", f"bot.ponder: budget: time_ms must be at most "
                                                f"{self.limits.ponder_ms:g} (the server's ponder_ms limit)")
        spec = _bot_spec(params["bot"], self.limits)
        if not (spec.name in ("ismcts",) and spec.get("reuse", 0)):
            raise MethodError("bad_bot", f"bot.ponder: bot {str(spec)!r} does not keep its tree between choices: "
                                         "ponder needs an ismcts spec with reuse=1")
        bot = game.bot(seat, spec)
        _check_plays(bot, game.name)
        info = game.state.information_set(seat)           # the seat's knowledge, never the state
        if info.is_terminal():
            raise MethodError("game_over", "bot.ponder: the game is over")
        if sum(p.thread.is_alive() for p in self._ponders.values()) >= self.limits.ponders:
            raise MethodError("busy", f"bot.ponder: {self.limits.ponders} ponders are running: stop one first "
                                      "(bot.stop_ponder)")
        game.catch_up(seat, spec, bot)
        self._keep(bot)                                   # the pondered tree is kept for the seat's next choice
        ponder = self._ponders[(params["game_id"], seat)] = _Ponder(bot, info, budget)
        ponder.thread.start()
        return {"seat": seat, "pondering": True, "time_ms": float(budget.time_ms)}

    def bot_stop_ponder(self, params: dict, call: _Call) -> dict:
        _args("bot.stop_ponder", params, {"game_id": INT, "seat": INT})
        game = self._game("bot.stop_ponder", params["game_id"])
        seat = _seat("bot.stop_ponder", params["seat"], game.players)
        ended = self._end_ponder(params["game_id"], seat)
        return {"seat": seat, **(ended or {"stopped": False, "iterations": 0, "tree_size": 0})}

    def bot_choose_view(self, params: dict, call: _Call) -> dict:
        _args("bot.choose_view", params, {"game": STR, "view": MAP, "bot": STR},
              {"budget": MAP, "info_ms": NUMBER, "seed": INT})
        name = self._game_info("bot.choose_view", params["game"]).name
        budget = _budget("bot.choose_view", params.get("budget"))
        info_ms = _info_ms("bot.choose_view", params)
        plain = params["view"].get("information_set")
        seed = params.get("seed")
        if seed is None:                                  # same view, same choice: the seed comes from the view
            seed = int.from_bytes(hashlib.blake2b(pack(plain), digest_size=8).digest(), "little") >> 1
        bot = _fair_bot(_bot_spec(params["bot"], self.limits), seed, self.limits)
        _check_plays(bot, name)
        if type(plain) is not dict:
            raise MethodError("bad_view", "bot.choose_view: view must hold information_set, a map (the "
                                          "information_set of a game.view reply)")
        try:
            info = type(self._fresh_state(name).information_set(0)).from_dict(plain)
        except Exception as exc:                          # InvalidStateError, and whatever odd input provokes
            raise MethodError("bad_view", f"bot.choose_view: {type(exc).__name__}: {exc}"[:500]) from None
        self._check_turn("bot.choose_view", info.seat, info.current_player())
        if not info.legal_actions():
            raise MethodError("bad_view", f"bot.choose_view: seat {info.seat} is to move but has no legal action: "
                                          "no game reaches this view")
        try:
            return self._choose(bot, info, budget, info_ms, call)
        except InconsistentInformationError as exc:      # no state fits the view: the search finds out
            raise MethodError("bad_view", f"bot.choose_view: {exc}") from None

    # --- tables (docs/protocol.md, "Tables") ---
    def _locked_reply(self, table: Table, call: _Call, reply: Callable[[], dict]) -> Any:
        """Compute and send the reply under the table's lock, so that it reaches the client before any later
        ``table.update`` of that table."""
        with table.lock:
            result = reply()
            if call.msgid is None:
                return result
            self._respond(call.msgid, None, result)
        return DEFERRED

    def _bound(self, method: str, table_id: int) -> tuple[Table, int]:
        """The table and the seat this connection holds of it; ``unknown_table`` or ``not_seated`` otherwise."""
        table = self.tables.get(method, table_id)
        seat = table.seat_of(self)
        if seat is None:
            raise MethodError("not_seated", f"{method}: this connection holds no seat of table {table_id} "
                                            "(table.join with the seat's token first)")
        return table, seat

    def _table_seats(self, seats: list, players: int, seed: int, game: str) -> tuple[list[dict], dict[int, Any]]:
        """The checked seat list of ``table.open`` and a bot per bot seat, seeded from the table's keyed seeds."""
        if len(seats) != players:
            raise MethodError("invalid_params", f"table.open: seats names {len(seats)} seats for {players} players")
        public, specs = [], {}
        for seat, entry in enumerate(seats):
            if type(entry) is dict and set(entry) == {"human"} and entry["human"] is True:
                public.append({"human": True})
            elif type(entry) is dict and set(entry) == {"bot"} and isinstance(entry["bot"], str):
                specs[seat] = _bot_spec(entry["bot"], self.limits)
                public.append({"bot": entry["bot"]})
            else:
                raise MethodError("invalid_params", f"table.open: seat {seat} must be {{\"human\": true}} or "
                                                    f"{{\"bot\": a bot spec}}, not {brief(entry, 80)}")
        if len(specs) == players:
            raise MethodError("invalid_params", "table.open: a table needs a human seat (bots alone: game.new)")
        bots = {}
        for seat, spec in specs.items():
            bots[seat] = _fair_bot(spec, self.tables.seed_of(seed, "seat", seat), self.limits)
            _check_plays(bots[seat], game)
        return public, bots

    def table_open(self, params: dict, call: _Call) -> dict:
        _args("table.open", params, {"game": STR, "players": INT, "seats": LIST},
              {"seed": INT, "options": MAP, "state": MAP, "pace_ms": NUMBER})
        pace_ms = float(params.get("pace_ms", self.tables.pace_ms))
        if not 0 <= pace_ms <= MAX_PACE_MS:
            raise MethodError("invalid_params", f"table.open: pace_ms must be a number from 0 to {MAX_PACE_MS:,.0f}, "
                                                f"not {params['pace_ms']!r}")
        info = self._game_info("table.open", params["game"])
        players = params["players"]
        seed = params["seed"] if "seed" in params else secrets.randbelow(SEED_RANGE)   # told once the game is over
        if "state" in params:
            if "options" in params:
                raise MethodError("invalid_params", "table.open: options are for a new game, not a given state")
            state = self._given_state("table.open", info.name, params["state"])
            if state.game != info.name or state.num_players() != players:
                raise MethodError("invalid_params", f"table.open: the state is a {state.num_players()}-player "
                                                    f"{state.game}, not a {players}-player {info.name}")
        else:
            state = self._new_state("table.open", info, players, self.tables.seed_of(seed, "deal"),
                                    params.get("options", {}))
        seats, bots = self._table_seats(params["seats"], players, seed, info.name)
        start = [] if "state" in params else list(state.describe_events())   # a given state's past is its own
        table = self.tables.open(info.name, players, seed, seats, state, bots, start, by=self, pace_ms=pace_ms)
        return {"table_id": table.table_id, "tokens": {str(s): t for s, t in table.tokens.items()}, "seats": seats,
                "pace_ms": table.pace_ms}

    def table_join(self, params: dict, call: _Call) -> Any:
        _args("table.join", params, {"token": STR})
        table, seat = self.tables.by_token(params["token"])

        def join() -> dict:
            self.tables.check_share("table.join", self, table)
            table.bind(self, seat)
            self._seated = {i: t for i, t in self._seated.items() if not t.closed}   # closed by others meanwhile
            self._seated[table.table_id] = table
            return {**table.public(seat), "view": table.view(seat)}
        return self._locked_reply(table, call, join)

    def table_view(self, params: dict, call: _Call) -> Any:
        _args("table.view", params, {"table_id": INT})
        table, seat = self._bound("table.view", params["table_id"])
        return self._locked_reply(table, call, lambda: {**table.public(seat), "view": table.view(seat),
                                                        "events": list(table.history[seat])})

    def table_act(self, params: dict, call: _Call) -> Any:
        _args("table.act", params, {"table_id": INT, "action": ACTION})
        table, seat = self._bound("table.act", params["table_id"])
        with table.lock:
            if table.closed:
                raise MethodError("unknown_table", f"table.act: no open table {params['table_id']}")
            info = table.state.information_set(seat)          # only what the seat knows, errors included
            self._check_turn("table.act", seat, info.current_player())
            action = self._action_of(info._as_state(), params["action"], f"seat {seat}", "table.act")
            table.act(self, seat, action, call.msgid)         # answered by the table: now, or once held no more
        return DEFERRED

    def table_hint(self, params: dict, call: _Call) -> dict:
        _args("table.hint", params, {"table_id": INT}, {"bot": STR, "budget": MAP, "info_ms": NUMBER})
        table, seat = self._bound("table.hint", params["table_id"])
        budget = _budget("table.hint", params.get("budget"))
        info_ms = _info_ms("table.hint", params)
        spec = _bot_spec(params.get("bot", HINT_BOT), self.limits)
        with table.lock:
            info = table.state.information_set(seat)          # the seat's knowledge, never the state
            self._check_turn("table.hint", seat, info.current_player())
            table.hints[seat] += 1
            bot = _fair_bot(spec, self.tables.seed_of(table.seed, "hint", seat, table.hints[seat]), self.limits)
        _check_plays(bot, table.name)
        reply = self._choose(bot, info, budget, info_ms, call)
        actions = reply["stats"].get("actions", [])
        total = sum(a["visits"] for a in actions)
        reply["shares"] = [{**a, "share": a["visits"] / total} for a in actions] if total else []
        reply["table_id"] = table.table_id
        return reply

    def table_hurry(self, params: dict, call: _Call) -> dict:
        _args("table.hurry", params, {"table_id": INT})
        table, seat = self._bound("table.hurry", params["table_id"])
        with table.lock:
            table.hurry(seat)
        return {}

    def table_close(self, params: dict, call: _Call) -> dict:
        _args("table.close", params, {"table_id": INT})
        table, seat = self._bound("table.close", params["table_id"])
        self._seated.pop(table.table_id, None)
        with table.lock:
            table.unbind(self, "the table was closed before this move could be played")
        self.tables.close(table, f"seat {seat} closed the table")
        return {}

    def search_stop(self, params: dict, call: _Call) -> dict:
        _args("search.stop", params, {})
        return {"stopped": self._stop_choices(call.seq)}

    def shutdown(self, params: dict, call: _Call) -> dict:
        _args("shutdown", params, {})
        self.finished = True
        return {}


# ------------------------------------------------------------------------------------------------ the process

def serve(reader: BinaryIO, writer: BinaryIO, limits: Limits = DEFAULT_LIMITS) -> int:
    """Serve one client over two binary streams until it is done; returns the exit status (0, 1 or 2)."""
    return ServerSession(MessageStream(reader, writer, limits), Server(limits), limits).run()


LOG_LEVELS = ("debug", "info", "warning", "error")


def _configure_logging(level: str | None) -> None:
    log.propagate = False
    log.handlers[:] = []
    if level is None:
        log.addHandler(logging.NullHandler())
        log.setLevel(logging.CRITICAL + 1)
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("deadeye serve %(levelname)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(level.upper())


def main(log_level: str | None = None, limits: Limits = DEFAULT_LIMITS) -> int:
    """``deadeye serve``: the protocol on stdin/stdout.

    File descriptor 1 is moved to a private descriptor first, and 1 is pointed at stderr (and 0 at /dev/null), so a
    stray print or input() anywhere in the process cannot corrupt or steal protocol bytes."""
    _configure_logging(log_level)
    sys.stdout.flush()
    out_fd, in_fd = os.dup(1), os.dup(0)
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    reader = open(in_fd, "rb", buffering=0)               # raw: a read returns what is available
    writer = open(out_fd, "wb")
    log.info("deadeye %s serving protocol %d (pid %d)", _engine_version(), PROTOCOL_VERSION, os.getpid())
    try:
        status = serve(reader, writer, limits)
    except KeyboardInterrupt:
        status = 130
    log.info("exit status %d", status)
    try:
        writer.close()
    except OSError:
        pass
    return status
