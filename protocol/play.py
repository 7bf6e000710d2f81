"""``deadeye play``: one game in the terminal, told from the human seat's side and explaining itself.

Every action goes through ``apply_observed``, and the log prints what the watching seat observed of it (the first
human seat; with no human seat, only what every seat sees), so a person never reads what their seat may not know:
their own draws are named, the others' never.  Each move is one line in plain words, from the game's narrator
(``core/narrate.py``): the page and the protocol's ``text`` say the same.  Under the legal actions it prints why a usual option is missing
(``unavailable_reasons``), at a round's end the game's scoring table (``round_table(before, events, after)`` of the
game's ``text`` module), with no human seat the board before each turn where the game shows one to spectators
(``public_board(information_set)``, only for games whose board is all public), and it answers ``help``,
``rules``, ``hint`` (the ``hard`` bot on the seat's information set) and ``quit`` (``help`` adds the game's
``PLAY_HELP``, from its ``text`` module).
Colour only on a terminal, and never with ``NO_COLOR`` set.  Same seed, same output.
"""
from __future__ import annotations

import importlib
import os
import sys
from typing import Any, Sequence, TextIO

from deadeye.bots import BotSpecError, make_bot
from deadeye.bots.capabilities import PLAIN
from deadeye.core import game_info, new_game, rules_text
from deadeye.core.narrate import narrate_events, narrate_public, seat_names
from deadeye.core.observation import Observation, apply_observed

HINT_BOT = "hard"
RULES_PAGE = 40                 # lines of the rules shown at a time on a terminal
TYPICAL_PLAYERS = 4             # players when neither --players nor --seats says (within the game's range)

HELP = """commands:
  <number> or <text>  play that action (the text as listed, any case)
  help                this help
  rules               the rules of the game, for players
  hint                what the hard bot would play here, with its visit shares (it sees only what you see)
  quit                leave the game at once"""

class Quit(Exception):
    """The person typed ``quit``."""


class Style:
    """ANSI colour when writing to a terminal (and ``NO_COLOR`` is unset), plain text otherwise."""

    CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}

    def __init__(self, out: TextIO) -> None:
        isatty = getattr(out, "isatty", None)
        self.on = bool(isatty and isatty()) and "NO_COLOR" not in os.environ

    def __call__(self, text: str, *names: str) -> str:
        if not self.on or not names:
            return text
        return f"\x1b[{';'.join(self.CODES[n] for n in names)}m{text}\x1b[0m"


class HumanPlayer:
    """A seat played from the terminal: the seat's view, numbered legal actions, the reasons for missing options,
    and the commands of ``HELP``."""

    name = "human"
    capabilities = PLAIN

    def __init__(self, game: str, stdin: TextIO, stdout: TextIO, style: Style | None = None, seed: int = 0,
                 hint_bot: str = HINT_BOT) -> None:
        self.game, self.stdin, self.stdout = game, stdin, stdout
        self.style = style or Style(stdout)
        self.seed, self.hint_bot, self.hints = seed, hint_bot, 0

    def _print(self, text: str = "") -> None:
        print(text, file=self.stdout)

    def choose(self, information_set: Any, budget: Any = None) -> int:
        legal = information_set.legal_actions()
        s = self.style
        self._print(information_set.describe())
        for i, a in enumerate(legal, 1):
            self._print(f"  {i:3d}. {information_set.action_label(a)}")
        for reason in information_set.unavailable_reasons():
            self._print(s(f"       (not offered: {reason})", "dim"))
        while True:
            print(s(f"seat {information_set.seat}, your choice [1-{len(legal)}, or help]: ", "bold"), end="",
                  file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                raise EOFError("no more input")
            text = " ".join(line.split())
            word = text.lower()
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            match = [a for a in legal if information_set.action_label(a).lower() == word]
            if match:
                return match[0]
            if word in ("help", "?"):
                extra = _text_hook(self.game, "PLAY_HELP")
                self._print(HELP + ("\n" + extra if extra else ""))
            elif word == "rules":
                self._show_rules()
            elif word == "hint":
                self._hint(information_set)
            elif word in ("quit", "exit"):
                raise Quit
            else:
                self._print(s(f"  not an option: {text!r} (type help for the commands)", "red"))

    def _show_rules(self) -> None:
        """The player rules: whole when piped, a page at a time on a terminal (Enter for more, q to stop)."""
        lines = rules_text(self.game).splitlines()
        page = RULES_PAGE if self.style.on else len(lines)
        for start in range(0, len(lines), page):
            self._print("\n".join(lines[start:start + page]))
            if start + page < len(lines):
                print(self.style("-- more (Enter), q to stop --", "dim"), end="", file=self.stdout, flush=True)
                if self.stdin.readline().strip().lower().startswith("q"):
                    break

    def _hint(self, information_set: Any) -> None:
        """What the hint bot plays from this seat's information set (never the true state), with visit shares."""
        self.hints += 1
        bot = make_bot(self.hint_bot, seed=self.seed * 1000 + 997 * self.hints + information_set.seat)
        action = bot.choose(information_set)
        result = bot.last if bot.capabilities.searches else None
        self._print(self.style(f"  hint ({self.hint_bot}): {information_set.action_label(action)}", "cyan"))
        if result is not None and result.children:
            total = sum(c.visits for c in result.children) or 1
            for c in result.children[:5]:
                self._print(f"    {100 * c.visits / total:5.1f} % of {total} visits, value {c.value:.2f}: "
                            f"{information_set.action_label(c.action)}")


def _text_hook(game: str, name: str) -> Any:
    """A name of the game's ``text`` module (``round_table``, ``public_board``, ``PLAY_HELP``), if it has it."""
    try:
        module = importlib.import_module(game_info(game).module + ".text")
    except ImportError:
        return None
    return getattr(module, name, None)


def _log_line(seen: Observation | None, state: Any, actor: int, public: str | None, events: Sequence[str],
              names: Sequence[str], style: Style) -> str:
    """The move in plain words (the game's narrator: the page and the protocol's ``text`` say the same), as the
    watching seat observed it, or (no human seat) as every seat saw it; "" for a step told with its move."""
    if seen is None:
        return narrate_public(state, actor, public, events)
    text = seen.text(names)
    return style(text, "bold") if text and seen.actor == seen.seat else text


def seat_count(game: str, players: int | None, seats: Sequence[str] | None) -> int:
    """How many play ``game``: one per seat named (``players``, if given too, must agree), else ``players``, else
    :data:`TYPICAL_PLAYERS` brought within the game's range, so that a two-player game needs no ``--players``.

    >>> seat_count("kuhn-poker", None, ["human", "ismcts"]), seat_count("kuhn-poker", None, None)
    (2, 2)
    """
    if seats is not None:
        if players is not None and players != len(seats):
            raise BotSpecError(f"--seats names {len(seats)} seats for {players} players (--players)")
        return len(seats)
    if players is not None:
        return players
    info = game_info(game)
    return min(max(TYPICAL_PLAYERS, info.min_players), info.max_players)


def play(game: str, players: int, seats: Sequence[str], seed: int, out: TextIO = sys.stdout,
         stdin: TextIO = sys.stdin, hint_bot: str = HINT_BOT, options: dict | None = None) -> list[float] | None:
    """Play one game; every action is printed as the watching seat saw it.  Returns ``returns()``, or None when
    the human quits."""
    if len(seats) != players:
        raise BotSpecError(f"--seats names {len(seats)} seats for {players} players")
    state = new_game(game, players=players, seed=seed, **(options or {}))
    style = Style(out)
    agents = [HumanPlayer(game, stdin, out, style, seed, hint_bot) if spec == "human"
              else make_bot(spec, seed=seed * 1000 + seat) for seat, spec in enumerate(seats)]
    if any(agent.capabilities.needs_state for agent in agents):
        raise BotSpecError("the cheat bot sees hidden information: it plays only in the arena, for experiments")
    refusals = [agent.capabilities.refusal(agent.name, game) for agent in agents]
    if any(refusals):
        raise BotSpecError(next(r for r in refusals if r))
    humans = [seat for seat, spec in enumerate(seats) if spec == "human"]
    print(f"{game_info(game).title}, {players} players, seed {seed}: "
          + ", ".join(f"seat {i} {spec}" for i, spec in enumerate(seats))
          + ("; type help at your turn" if humans else ""), file=out)
    start = narrate_events(game, state.describe_events(), humans[0] if humans else -1, seat_names(state))
    if start:
        print(start, file=out)
    return run(state, agents, out, humans[0] if humans else None, style)


def run(state: Any, agents: Sequence[Any], out: TextIO = sys.stdout, watcher: int | None = None,
        style: Style | None = None) -> list[float] | None:
    """Play ``state`` to its end with one agent per seat (``choose(information_set)``), printing each action as
    seat ``watcher`` observed it (None: only what every seat sees, with the game's ``public_board`` before each
    turn), and the game's ``round_table`` when a round ends.  Returns ``returns()``, or None on ``quit``."""
    style = style or Style(out)
    round_table = _text_hook(state.game, "round_table")
    board = None if watcher is not None else _text_hook(state.game, "public_board")
    round_events: list = []
    names = seat_names(state)
    try:
        while not state.is_terminal():
            seat = state.current_player()
            if board is not None:
                text = board(state.information_set(seat))
                if text:
                    print(style(text, "dim"), file=out)
            action = agents[seat].choose(state.information_set(seat))
            looker = 0 if watcher is None else watcher
            before = None if round_table is None else state.information_set(looker)
            public = state.public_label(action)
            seen = apply_observed(state, action)
            events = state.describe_events()
            line = _log_line(None if watcher is None else seen[watcher], state, seat, public, events, names, style)
            if line:
                print(line, file=out)
            if round_table is not None:
                round_events += state.events()
                table = round_table(before, round_events, state.information_set(looker))
                if table:
                    print(style("\n".join(table), "yellow"), file=out)
                    round_events = []
    except Quit:
        print("you leave the game", file=out)
        return None
    result, scores = state.returns(), state.game_returns()
    print("result: " + ", ".join(
        f"seat {p} {'wins' if r == 1 else 'loses' if r == 0 else r} (score {scores[p]:,})"
        for p, r in enumerate(result)), file=out)
    return result
