"""Bots by name: one string ``name[:key=value,...]`` builds a player.

``random``, ``heuristic``, ``ismcts:iterations=5000,c=0.7,seed=3``, ``flatmc``, ``pimc``, ``cheat`` (experiments
only), the difficulty presets ``easy``, ``medium``, ``hard``, ``max`` (see :data:`LEVELS`), and OpenSpiel's IS-MCTS ``os-ismcts`` (C++) and
``os-ismcts-py`` (Python) for the games with an OpenSpiel twin that resamples (``bots/openspiel.py``; they need the
optional extra ``openspiel``).  A bot
sees only an information set, never a state, and answers ``choose(information_set, budget=None, info_callback=None,
info_ms=0.0, stop=None) -> action``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Protocol

from deadeye.search.ismcts import MAX_NODES
from deadeye.search.parallel import MAX_THREADS
from deadeye.search.particles import MAX_PARTICLES

from .capabilities import Capabilities
from .players import INFERENCE_MODELS, HeuristicBot, RandomBot, SearchBot
from .spec import (DETERMINISATIONS, EXPAND, ITERATIONS, SEED, TIME_MS, BotSpec, BotSpecError, ChoiceParam, CutoffParam,
                   FloatParam, IntParam, NetParam, Param, split_items, typed)


class Bot(Protocol):
    """What every bot offers; what it can do beyond that, it declares in ``capabilities``."""

    name: str
    capabilities: Capabilities

    def choose(self, information_set: Any, budget: Any = None, info_callback: Any = None, info_ms: float = 0.0,
               stop: Any = None) -> int:
        """The action this bot plays for ``information_set.seat``; a search reports its best move so far to
        ``info_callback`` about every ``info_ms``, and returns at once once ``stop`` (a StopToken) is set."""

    def reseed(self, seed: int) -> None:
        """Make the next decisions follow from ``seed`` alone, as if the bot had just been built with it (the arena
        reseeds a bot before each decision: bots/arena.py, "Seeds")."""


@dataclass(frozen=True)
class _BotType:
    factory: Callable[..., Any]
    params: dict[str, Param]
    help: str


DEFAULT_MAX_NODES = 1_000_000         # a search bot's node pool when its spec sets no max_nodes

_SEARCH: dict[str, Param] = {
    "iterations": ITERATIONS, "time_ms": TIME_MS, "c": FloatParam(0.0, 100.0),
    "rollout": ChoiceParam(("random", "heuristic", "mast", "net")), "epsilon": FloatParam(0.0, 1.0),
    "cutoff": CutoffParam(),
    "bias": FloatParam(0.0, 1000.0),
    "opponents": ChoiceParam(("tree", "policy")), "expand": EXPAND, "win": FloatParam(0.0, 1.0),
    "tree": ChoiceParam(("so", "mo")),
    "max_nodes": IntParam(1, MAX_NODES),
    "threads": IntParam(1, MAX_THREADS), "inference": ChoiceParam(INFERENCE_MODELS),
    "particles": IntParam(1, MAX_PARTICLES), "noise": FloatParam(0.0, 1.0), "reuse": IntParam(0, 1), "seed": SEED,
    "net": NetParam(), "prior": ChoiceParam(("none", "net")), "value": ChoiceParam(("rollout", "net")),
    "mix": FloatParam(0.0, 1.0), "c_puct": FloatParam(0.0, 100.0)}


def _openspiel_bot(**kwargs: Any) -> Any:
    """OpenSpiel's IS-MCTS (``bots/openspiel.py``), imported only when asked for: deadeye runs without OpenSpiel."""
    from .openspiel import OpenSpielISMCTSBot

    return OpenSpielISMCTSBot(**kwargs)


_OPENSPIEL: dict[str, Param] = {
    "iterations": ITERATIONS, "time_ms": TIME_MS, "c": FloatParam(0.0, 1000.0), "rollouts": IntParam(1, 10**4),
    "final": ChoiceParam(("max_visit_count", "normalized_visit_count", "max_value")), "seed": SEED}

_BOTS: dict[str, _BotType] = {
    "random": _BotType(RandomBot, {"seed": SEED}, "uniformly random legal actions"),
    "heuristic": _BotType(HeuristicBot, {"seed": SEED}, "the game's fast rule-based player"),
    "ismcts": _BotType(partial(SearchBot, kind="ismcts"), _SEARCH, "information-set MCTS"),
    "flatmc": _BotType(partial(SearchBot, kind="flatmc"), _SEARCH, "flat Monte Carlo over sampled states"),
    "pimc": _BotType(partial(SearchBot, kind="pimc"), {**_SEARCH, "determinisations": DETERMINISATIONS},
                     "determinised UCT: UCT on several samples, voting"),
    "cheat": _BotType(partial(SearchBot, kind="cheat"), _SEARCH,
                      "UCT on the true state: an upper bound for experiments, never an opponent"),
    "os-ismcts": _BotType(partial(_openspiel_bot, kind="cpp"), _OPENSPIEL,
                          "OpenSpiel's C++ IS-MCTS (pyspiel.ISMCTSBot), for games whose OpenSpiel twin "
                          "resamples (hearts, kuhn-poker)"),
    "os-ismcts-py": _BotType(partial(_openspiel_bot, kind="python"), {k: v for k, v in _OPENSPIEL.items()
                                                                      if k != "time_ms"},
                             "OpenSpiel's Python IS-MCTS (open_spiel.python.algorithms.ismcts)"),
}

@dataclass(frozen=True)
class Level:
    """A difficulty level: an iteration budget (reproducible: the same seed gives the same move on any machine) and
    a time per move (predictable: a front end knows how long a reply takes at most on any machine)."""

    iterations: int
    time_ms: float


# Difficulty levels, ISMCTS with the game's settings.  ``hard`` (``budget=iterations``, the default) searches 5,000
# iterations; ``hard:budget=time`` searches until 1,000 ms have passed or the 5,000 iterations are done, whichever
# comes first.  The iteration budgets follow docs/strength.md; the times are about what the iterations take on the
# slowest game (Way Out West, 5 players, on a loaded core), so a fast game stops at its iterations, well in time.
LEVELS: dict[str, Level] = {
    "easy": Level(100, 50.0),
    "medium": Level(1000, 200.0),
    "hard": Level(5000, 1000.0),
    "max": Level(50000, 3000.0),
}
LEVEL_BUDGET = ChoiceParam(("iterations", "time"))     # a level's budget=: its iterations alone, or its time too

PRESETS: dict[str, str] = {name: f"ismcts:iterations={level.iterations}" for name, level in LEVELS.items()}

# Bots a front end may ask for (the cheating bound sees hidden information and is for experiments only).  The
# built-in bots only: a plugin's bot (below) is for the in-process arena and the Python API, never the protocol.
FAIR_BOTS = tuple(name for name in list(_BOTS) + list(PRESETS) if name != "cheat")

# --- bots from outside bots/: plugins --------------------------------------------------------------------------------
# A package adds bots through the entry point group ``deadeye.bots``: each entry names a function that calls
# ``register_bot`` (deadeye's own ``deadeye.interop.arena:register`` adds OpenSpiel's Python IS-MCTS on every game and
# PettingZoo-style policies, docs/interop.md).  So the layers stay one way: bots/ names no package above it, and a
# plugin is loaded the first time a bot name is looked up.
PLUGIN_GROUP = "deadeye.bots"
_PLUGIN_BOTS: set[str] = set()
_plugins_loaded = False


def register_bot(name: str, factory: Callable[..., Any], params: dict[str, Param], help: str) -> None:
    """Add the bot ``name``, built by ``factory(seed=..., **params)``; a plugin's bot may be registered again (its
    module reloaded), a built-in bot or preset never replaced."""
    if (name in _BOTS and name not in _PLUGIN_BOTS) or name in PRESETS:
        raise ValueError(f"bot {name!r} is deadeye's own: a plugin cannot replace it")
    if not name or not all(c.isalnum() or c in "-_" for c in name):
        raise ValueError(f"a bot name is letters, digits, '-' and '_', not {name!r:.40}")
    _BOTS[name] = _BotType(factory, dict(params), help)
    _PLUGIN_BOTS.add(name)


def load_plugins() -> None:
    """Register the bots of every ``deadeye.bots`` entry point, once; one that fails to load is skipped with a
    warning (its bots are then unknown names), never the others."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    import warnings
    from importlib.metadata import entry_points

    for entry in entry_points(group=PLUGIN_GROUP):
        try:
            entry.load()()
        except Exception as exc:                      # a broken plugin must not take the built-in bots down
            warnings.warn(f"deadeye bot plugin {entry.name} ({entry.value}) failed to load: {exc}")


def plugin_bots() -> list[str]:
    """The bots that plugins registered."""
    load_plugins()
    return sorted(_PLUGIN_BOTS)


def bot_names() -> list[str]:
    load_plugins()
    return sorted(list(_BOTS) + list(PRESETS))


def parse_spec(spec: str | BotSpec, max_nodes: int = MAX_NODES) -> BotSpec:
    """The typed spec of ``spec``: a preset resolved into its bot (the spec's own parameters win), every value
    converted and checked against its range; ``max_nodes`` caps the parameter of that name (the server's limit).

    >>> str(parse_spec("hard:seed=2, c=0.5"))
    'ismcts:iterations=5000,c=0.5,seed=2'
    >>> str(parse_spec("hard:budget=time"))
    'ismcts:iterations=5000,time_ms=1000.0'
    >>> parse_spec("ismcts:c=nan")
    Traceback (most recent call last):
    ...
    deadeye.bots.spec.BotSpecError: bot 'ismcts': c='nan' is not a number in [0, 100]
    """
    if isinstance(spec, BotSpec):
        spec = str(spec)
    if not isinstance(spec, str):
        raise BotSpecError(f"a bot spec is a string, not {type(spec).__name__}")
    load_plugins()
    name, items = split_items(spec)
    if name in PRESETS:
        items = _level_items(name, items)
        name, base = split_items(PRESETS[name])
        items = base + items
    if name not in _BOTS:
        raise BotSpecError(f"unknown bot {name[:40]!r}; bots: {', '.join(bot_names())}")
    params = _BOTS[name].params
    if "max_nodes" in params:
        params = {**params, "max_nodes": IntParam(1, min(max_nodes, MAX_NODES))}
    return typed(name, params, items)


def _level_items(level: str, items: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A level's own parameters with its ``budget=`` resolved: ``budget=time`` adds the level's ``time_ms`` (before
    the other parameters, so that a ``time_ms=`` of the spec still wins); ``budget=iterations`` adds nothing."""
    budgets = [text for key, text in items if key == "budget"]
    rest = [(key, text) for key, text in items if key != "budget"]
    if not budgets:
        return rest
    try:
        budget = LEVEL_BUDGET.convert(budgets[-1])
    except ValueError as exc:
        raise BotSpecError(f"bot {level!r}: budget={budgets[-1][:40]!r} is not {exc}") from None
    return ([("time_ms", repr(LEVELS[level].time_ms))] if budget == "time" else []) + rest


def make_bot(spec: str | BotSpec, seed: int = 0, max_nodes: int = MAX_NODES) -> Any:
    """The bot described by ``spec``; ``seed`` is used unless the spec sets its own.  ``max_nodes`` caps a search
    bot's node pool: a spec asking for more is refused, and one that sets none gets the smaller of the cap and
    :data:`DEFAULT_MAX_NODES`.

    >>> make_bot("random:seed=3").seed
    3
    >>> make_bot("hard:seed=2").budget
    Budget(iterations=5000, time_ms=None)
    """
    typed_spec = parse_spec(spec, max_nodes)
    kind = _BOTS[typed_spec.name]
    kwargs: dict[str, Any] = {"seed": seed}
    if "max_nodes" in kind.params:
        kwargs["max_nodes"] = min(DEFAULT_MAX_NODES, max_nodes)
    kwargs.update((key, kind.params[key].arg(value)) for key, value in typed_spec.params)
    try:
        return kind.factory(**kwargs)
    except ValueError as exc:
        raise BotSpecError(f"bot {str(typed_spec)!r}: {exc}") from None


def split_seed(spec: str) -> tuple[str, int | None]:
    """The canonical ``spec`` without its ``seed=`` parameter, and that seed (None when the spec sets none).

    The arena seeds each decision itself (:mod:`.arena`), starting from the spec's own seed when it has one.

    >>> split_seed("ismcts:iterations=50,seed=7")
    ('ismcts:iterations=50', 7)
    >>> split_seed("random")
    ('random', None)
    """
    typed_spec = parse_spec(spec)
    return str(typed_spec.without("seed")), typed_spec.get("seed")
