"""Bots by name: one string ``name[:key=value,...]`` builds a player (``random``, ``random:seed=3``).

A bot sees only an information set, never a state, and answers ``choose(information_set) -> action``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol


class BotSpecError(ValueError):
    """A bot string that names no bot or carries parameters the bot does not accept."""


class Bot(Protocol):
    name: str

    def choose(self, information_set: Any, budget: Any = None) -> int:
        """The action this bot plays for ``information_set.seat``."""


@dataclass
class RandomBot:
    """Uniformly random legal actions; its own seeded generator, so a game with it replays exactly."""

    seed: int = 0
    name: str = "random"

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, information_set: Any, budget: Any = None) -> int:
        legal = information_set.legal_actions()
        if not legal:
            raise ValueError(f"seat {information_set.seat} has no decision to make")
        return legal[self._rng.randrange(len(legal))]


@dataclass(frozen=True)
class _BotType:
    factory: Callable[..., Any]
    params: dict[str, type]
    help: str


_BOTS: dict[str, _BotType] = {
    "random": _BotType(RandomBot, {"seed": int}, "uniformly random legal actions"),
}


def bot_names() -> list[str]:
    return sorted(_BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BotSpecError(f"bot {spec!r}: parameter {item!r} is not key=value")
        params[key.strip()] = value.strip()
    return name, params


def make_bot(spec: str, seed: int = 0) -> Any:
    """The bot described by ``spec``; ``seed`` is used unless the spec sets its own.

    >>> make_bot("random:seed=3").seed
    3
    """
    name, raw = parse_spec(spec)
    if name not in _BOTS:
        raise BotSpecError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    kind = _BOTS[name]
    kwargs: dict[str, Any] = {}
    if "seed" in kind.params:
        kwargs["seed"] = seed
    for key, value in raw.items():
        if key not in kind.params:
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; parameters: {', '.join(kind.params)}")
        try:
            kwargs[key] = kind.params[key](value)
        except ValueError:
            raise BotSpecError(f"bot {name!r}: {key}={value!r} is not a {kind.params[key].__name__}") from None
    return kind.factory(**kwargs)
