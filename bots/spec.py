"""Typed bot specs: a spec string ``name[:key=value,...]`` parsed once, every value converted and range-checked.

Every parameter of every bot declares its type and its accepted range here, so a value a bot cannot use (``nan``,
``inf``, ``1e300``, ``99999999999`` iterations, ``0`` determinisations) is refused where the spec is read, with a
message naming the range, and never reaches the search as a number it would overflow on or loop for ever with.
``bots/registry.py`` declares which parameters each bot takes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

from deadeye.search.budget import MAX_ITERATIONS, MAX_TIME_MS
from deadeye.search.ismcts import MAX_DETERMINISATIONS, MAX_EXPAND, ROLLOUT_MOVE_CAP

MAX_SPEC_CHARS = 1000          # a longer spec string is refused before it is split


class BotSpecError(ValueError):
    """A bot string that names no bot or carries parameters the bot does not accept."""


def _number_text(text: str) -> bool:
    """Short enough to convert without Python's 4,300-digit guard (no accepted value needs 40 characters)."""
    return len(text) <= 40


class _Identity:
    def arg(self, value: Any) -> Any:
        """What the bot's constructor takes for ``value``."""
        return value


@dataclass(frozen=True)
class IntParam(_Identity):
    """An integer in ``low..high``."""

    low: int
    high: int

    def convert(self, text: str) -> int:
        try:
            value = int(text) if _number_text(text) else None
        except ValueError:
            value = None
        if value is None or not self.low <= value <= self.high:
            raise ValueError(f"an integer from {self.low} to {self.high}")
        return value

    def describe(self) -> str:
        return f"{self.low}..{self.high}"


@dataclass(frozen=True)
class FloatParam(_Identity):
    """A finite number in ``[low, high]`` (``(low, high]`` when ``open_low``)."""

    low: float
    high: float
    open_low: bool = False

    def convert(self, text: str) -> float:
        try:
            value = float(text) if _number_text(text) else math.nan
        except ValueError:
            value = math.nan
        fits = math.isfinite(value) and (self.low < value if self.open_low else self.low <= value) \
            and value <= self.high
        if not fits:
            raise ValueError(f"a number in {self.describe()}")
        return value

    def describe(self) -> str:
        return f"{'(' if self.open_low else '['}{_plain(self.low)}, {_plain(self.high)}]"


@dataclass(frozen=True)
class NetParam(_Identity):
    """A network: ``default`` (the one shipped for the game) or the folder ``deadeye train`` wrote it to."""

    def convert(self, text: str) -> str:
        if not text or len(text) > 500 or "\x00" in text:
            raise ValueError(self.describe())
        return text

    def describe(self) -> str:
        return "default or a folder of weights"


@dataclass(frozen=True)
class ChoiceParam(_Identity):
    """One word of ``choices``; ``aliases`` map other accepted words to one of them."""

    choices: tuple[str, ...]
    aliases: Mapping[str, str] | None = None

    def convert(self, text: str) -> str:
        word = (self.aliases or {}).get(text, text)
        if word not in self.choices:
            raise ValueError(self.describe())
        return word

    def describe(self) -> str:
        return " or ".join(self.choices)


@dataclass(frozen=True)
class CutoffParam:
    """Rollout cutoff: a number of moves in ``0..high`` (0: never), or ``round`` (``segment``): the round's end."""

    high: int = ROLLOUT_MOVE_CAP

    def convert(self, text: str) -> int | str:
        if text in ("round", "segment"):
            return "round"
        try:
            return IntParam(0, self.high).convert(text)
        except ValueError:
            raise ValueError(self.describe()) from None

    def describe(self) -> str:
        return f"a number of moves from 0 to {self.high}, or round"

    def arg(self, value: int | str) -> str:
        """What the bot's ``cutoff`` takes: the same, as text (its default comes from the tuning, as text)."""
        return str(value)


def _plain(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(x)


Param = IntParam | FloatParam | ChoiceParam | CutoffParam

SEED = IntParam(-(2**63), 2**64 - 1)
ITERATIONS = IntParam(1, MAX_ITERATIONS)
TIME_MS = FloatParam(0.0, MAX_TIME_MS, open_low=True)
EXPAND = IntParam(1, MAX_EXPAND)
DETERMINISATIONS = IntParam(1, MAX_DETERMINISATIONS)


@dataclass(frozen=True)
class BotSpec:
    """A bot name and its parameters, every value already of its type and in its range.

    ``str()`` is the canonical spec (parameters in the bot's declared order, numbers as Python writes them), and
    parses back to an equal ``BotSpec``: ``registry.parse_spec(str(spec)) == spec``.

    >>> str(BotSpec("ismcts", (("iterations", 50), ("c", 0.5))))
    'ismcts:iterations=50,c=0.5'
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.name + (":" + ",".join(f"{k}={v}" for k, v in self.params) if self.params else "")

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)

    def without(self, key: str) -> "BotSpec":
        return BotSpec(self.name, tuple((k, v) for k, v in self.params if k != key))


def split_items(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """The name and the raw ``key=value`` pairs of a spec string, unchecked (only the shape is)."""
    if len(spec) > MAX_SPEC_CHARS:
        raise BotSpecError(f"a bot spec is at most {MAX_SPEC_CHARS} characters, not {len(spec)}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    items = []
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BotSpecError(f"bot {spec!r}: parameter {item!r} is not key=value")
        items.append((key.strip(), value.strip()))
    return name, items


def option_values(options: str) -> dict[str, str]:
    """A bot's options without its name (``c=0.4,win=1``, as ``--guide`` and ``--search`` and manifests write
    them) as raw values by key, unchecked."""
    return dict(split_items(f"ismcts:{options}")[1])


def typed(name: str, params: Mapping[str, Param], items: list[tuple[str, str]]) -> BotSpec:
    """``items`` converted by ``params`` (later items replace earlier ones), in the declared order."""
    values: dict[str, Any] = {}
    for key, text in items:
        if key not in params:
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; parameters: {', '.join(params)}")
        try:
            values[key] = params[key].convert(text)
        except ValueError as exc:
            raise BotSpecError(f"bot {name!r}: {key}={text[:40]!r} is not {exc}") from None
    return BotSpec(name, tuple((k, values[k]) for k in params if k in values))
