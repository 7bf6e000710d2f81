"""A game's options, typed and ranged: one declaration that the game, the protocol, the command line, the page's form
and the contract suite all read, so an option never takes a value its game was not written for.

Kinds:

- ``bool``: ``True`` or ``False``;
- ``int``: an integer from ``low`` to ``high``;
- ``seat``: ``None`` (drawn from the seed) or a seat of the game, ``0`` to ``players - 1``;
- ``choice``: one of ``choices`` (``None`` may be one);
- ``names``: ``None`` or up to ``high`` names the game reads itself, as a list of names or ids or as one
  comma-separated string (Colt Express's bandits: ``["Belle", "Django"]`` or ``"Belle,Django"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import UnknownGameError

KINDS = ("bool", "int", "seat", "choice", "names")
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


class OptionError(UnknownGameError):
    """A value an option does not take (a ``ValueError``, like every bad input to a game)."""


@dataclass(frozen=True)
class GameOption:
    """One option of a game: its name, default and meaning, and the values it takes."""

    name: str
    default: Any
    help: str
    kind: str = "bool"
    low: int = 0                       # int: the least value
    high: int = 0                      # int: the greatest value; names: the most names
    choices: tuple = ()                # choice: every value

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TypeError(f"option {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        self.check(self.default, None)     # a declaration whose default it refuses is a programming error

    def check(self, value: Any, players: int | None) -> Any:
        """``value`` if the option takes it with ``players`` seats (None: any seat count), else ``OptionError``
        saying what it takes."""
        if self._takes(value, players):
            return value
        raise OptionError(f"option {self.name} takes {self.describe(players)}, not {_brief(value)}")

    def _takes(self, value: Any, players: int | None) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return _is_int(value) and self.low <= value <= self.high
        if self.kind == "seat":
            return value is None or (_is_int(value) and 0 <= value < (players if players is not None else 1 << 30))
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        if isinstance(value, str):
            value = value.split(",")
        return value is None or (isinstance(value, list) and len(value) <= self.high
                                 and all(_is_int(v) or (isinstance(v, str) and len(v) <= 40) for v in value))

    def describe(self, players: int | None = None) -> str:
        """What the option takes, in words."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer from {self.low} to {self.high}"
        if self.kind == "seat":
            return "none (drawn from the seed) or a seat" + (f" from 0 to {players - 1}" if players else "")
        if self.kind == "choice":
            return "one of " + ", ".join(_text(c) for c in self.choices)
        return f"none or at most {self.high} names (a list, or one text with commas)"

    def values(self, players: int) -> tuple:
        """A value of each class the option takes with ``players`` seats: both booleans, the ends and the default
        of a range, no seat and the first and last seat, every choice; the contract suite plays each."""
        if self.kind == "bool":
            return (False, True)
        if self.kind == "int":
            return tuple(dict.fromkeys((self.low, self.default, self.high)))
        if self.kind == "seat":
            return tuple(dict.fromkeys((None, 0, players - 1)))
        if self.kind == "choice":
            return self.choices
        return (self.default,)

    def parse(self, text: str, players: int | None = None) -> Any:
        """The value the command line's ``--option name=TEXT`` means (``none`` is None), checked."""
        word = text.strip().lower()
        if self.kind == "bool":
            value: Any = True if word in _TRUE else False if word in _FALSE else text
        elif self.kind in ("int", "seat"):
            value = None if word == "none" and self.kind == "seat" else _int_or(word, text)
        elif self.kind == "choice":
            value = next((c for c in self.choices if _text(c).lower() == word), text)
        else:
            value = None if word == "none" else text
        return self.check(value, players)

    def to_wire(self) -> dict[str, Any]:
        """The option as ``hello`` lists it, for a front end's form: name, default, help, kind, and its range or
        choices."""
        wire: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help, "kind": self.kind}
        if self.kind == "int":
            wire.update(low=self.low, high=self.high)
        elif self.kind == "choice":
            wire["choices"] = list(self.choices)
        elif self.kind == "names":
            wire["max_names"] = self.high
        return wire


def check_options(game: str, declared: tuple[GameOption, ...], given: dict[str, Any], players: int) -> dict:
    """Every option of a game, the ``given`` ones checked and the rest at their defaults; ``OptionError`` for an
    option the game does not have or a value it does not take."""
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known), key=str)
    if unknown:
        raise OptionError(f"{game} has no option {', '.join(str(u)[:40] for u in unknown)}; options: "
                          f"{', '.join(known) or 'none'}")
    return {name: option.check(given[name], players) if name in given else option.default
            for name, option in known.items()}


def parse_options(game: str, declared: tuple[GameOption, ...], items: list[str], players: int | None) -> dict:
    """``name=value`` texts (the command line's ``--option``) as option values, each checked."""
    known = {o.name: o for o in declared}
    out = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep:
            raise OptionError(f"--option takes name=value, not {_brief(item)}")
        if name.strip() not in known:
            raise OptionError(f"{game} has no option {name.strip()[:40]}; options: {', '.join(known) or 'none'}")
        out[name.strip()] = known[name.strip()].parse(text, players)
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_or(word: str, text: str) -> Any:
    try:
        return int(word)
    except ValueError:
        return text


def _text(value: Any) -> str:
    return "none" if value is None else str(value)


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
