"""Bots by name: one string ``name[:key=value,...]`` builds a player.

``random``, ``heuristic``, ``ismcts:iterations=5000,c=0.7,seed=3``, ``flatmc``, ``pimc``, ``cheat`` (experiments
only), the difficulty presets ``easy``, ``medium``, ``hard``, and OpenSpiel's IS-MCTS ``os-ismcts`` (C++) and
``os-ismcts-py`` (Python) for Hearts (``bots/openspiel.py``; they need the optional extra ``openspiel``).  A bot
sees only an information set, never a state, and answers ``choose(information_set, budget=None, info_callback=None,
info_ms=0.0, stop=None) -> action``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Protocol

from .players import HeuristicBot, RandomBot, SearchBot


class BotSpecError(ValueError):
    """A bot string that names no bot or carries parameters the bot does not accept."""


class Bot(Protocol):
    name: str

    def choose(self, information_set: Any, budget: Any = None, info_callback: Any = None, info_ms: float = 0.0,
               stop: Any = None) -> int:
        """The action this bot plays for ``information_set.seat``; a search reports its best move so far to
        ``info_callback`` about every ``info_ms``, and returns at once once ``stop`` (a StopToken) is set."""

    # Optional: ``reseed(seed)`` makes the next decisions follow from ``seed`` alone, as if the bot had just been
    # built with it.  The arena reseeds a bot before each decision (bots/arena.py, "Seeds").


@dataclass(frozen=True)
class _BotType:
    factory: Callable[..., Any]
    params: dict[str, type]
    help: str


_SEARCH = {"iterations": int, "time_ms": float, "c": float, "rollout": str, "cutoff": str, "bias": float,
           "opponents": str, "expand": int, "max_nodes": int, "seed": int}

def _openspiel_bot(**kwargs: Any) -> Any:
    """OpenSpiel's IS-MCTS (``bots/openspiel.py``), imported only when asked for: deadeye runs without OpenSpiel."""
    from .openspiel import OpenSpielISMCTSBot

    return OpenSpielISMCTSBot(**kwargs)


_OPENSPIEL = {"iterations": int, "time_ms": float, "c": float, "rollouts": int, "final": str, "seed": int}

_BOTS: dict[str, _BotType] = {
    "random": _BotType(RandomBot, {"seed": int}, "uniformly random legal actions"),
    "heuristic": _BotType(HeuristicBot, {"seed": int}, "the game's fast rule-based player"),
    "ismcts": _BotType(partial(SearchBot, kind="ismcts"), _SEARCH, "information-set MCTS"),
    "flatmc": _BotType(partial(SearchBot, kind="flatmc"), _SEARCH, "flat Monte Carlo over sampled states"),
    "pimc": _BotType(partial(SearchBot, kind="pimc"), {**_SEARCH, "determinisations": int},
                     "determinised UCT: UCT on several samples, voting"),
    "cheat": _BotType(partial(SearchBot, kind="cheat"), _SEARCH,
                      "UCT on the true state: an upper bound for experiments, never an opponent"),
    "os-ismcts": _BotType(partial(_openspiel_bot, kind="cpp"), _OPENSPIEL,
                          "OpenSpiel's C++ IS-MCTS (pyspiel.ISMCTSBot), for games with an OpenSpiel twin (hearts)"),
    "os-ismcts-py": _BotType(partial(_openspiel_bot, kind="python"), {k: v for k, v in _OPENSPIEL.items()
                                                                      if k != "time_ms"},
                             "OpenSpiel's Python IS-MCTS (open_spiel.python.algorithms.ismcts)"),
}

# Difficulty levels: budgets and policies chosen from the measurements in docs/strength.md.
PRESETS: dict[str, str] = {
    "easy": "ismcts:iterations=100",
    "medium": "ismcts:iterations=1000",
    "hard": "ismcts:iterations=5000",
}

# Bots a front end may ask for (the cheating bound sees hidden information and is for experiments only).
FAIR_BOTS = tuple(name for name in list(_BOTS) + list(PRESETS) if name != "cheat")


def bot_names() -> list[str]:
    return sorted(list(_BOTS) + list(PRESETS))


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
    >>> make_bot("hard:seed=2").budget
    Budget(iterations=5000, time_ms=None)
    """
    name, raw = parse_spec(spec)
    if name in PRESETS:
        base_name, base = parse_spec(PRESETS[name])
        name, raw = base_name, {**base, **raw}
    if name not in _BOTS:
        raise BotSpecError(f"unknown bot {name!r}; bots: {', '.join(bot_names())}")
    kind = _BOTS[name]
    kwargs: dict[str, Any] = {"seed": seed}
    for key, value in raw.items():
        if key not in kind.params:
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; parameters: {', '.join(kind.params)}")
        try:
            kwargs[key] = kind.params[key](value)
        except ValueError:
            raise BotSpecError(f"bot {name!r}: {key}={value!r} is not a {kind.params[key].__name__}") from None
    try:
        return kind.factory(**kwargs)
    except ValueError as exc:
        raise BotSpecError(f"bot {spec!r}: {exc}") from None


def split_seed(spec: str) -> tuple[str, int | None]:
    """``spec`` without its ``seed=`` parameter, and that seed (None when the spec sets none).

    The arena seeds each decision itself (:mod:`.arena`), starting from the spec's own seed when it has one.

    >>> split_seed("ismcts:iterations=50,seed=7")
    ('ismcts:iterations=50', 7)
    >>> split_seed("random")
    ('random', None)
    """
    name, params = parse_spec(spec)
    raw = params.pop("seed", None)
    try:
        seed = None if raw is None else int(raw)
    except ValueError:
        raise BotSpecError(f"bot {name!r}: seed={raw!r} is not an int") from None
    rest = ",".join(f"{k}={v}" for k, v in params.items())
    return (f"{name}:{rest}" if rest else name), seed
