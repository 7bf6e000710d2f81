"""The built-in players.  Each sees only an information set (the cheating bound excepted, for experiments only).

Every bot keeps its own seeded generator and draws one search seed per decision, so a game replays exactly.
``reseed(seed)`` restarts that generator: the arena gives every decision its own seed, so that a bot plays the
same move whether it runs in the arena's process or in an engine process of its own (``bot.choose_view``).

A stateful bot (:class:`StatefulBot`: ``ismcts:inference=heuristic``) follows one game from one seat: its driver
(the arena, ``deadeye serve``'s ``bot.choose``) tells it the game's start and every action the seat observes, and
its filter of the hidden parts lives as long as the game; its own generator for that is seeded once, from the seed
it was built with, so ``reseed`` before a decision leaves it alone.  ``ismcts:reuse=1`` is stateful too: it keeps
its tree from one decision to the next and re-roots it at the node the seat's observed actions lead to (or searches
ahead on another seat's time: ``ponder``).  Asked to choose without that history (a ``bot.choose_view``), a
stateful bot searches from scratch, as a plain search does.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Protocol

from deadeye.core.errors import InconsistentInformationError
from deadeye.core.registry import game_of, heuristic_policy
from deadeye.core.state import OBS_BASE, InformationSet, Policy
from deadeye.search.budget import Budget
from deadeye.search.mo_ismcts import MultiObserverSearcher
from deadeye.search.ismcts import MAX_DETERMINISATIONS, MAX_EXPAND, ROLLOUT_MOVE_CAP, SearchResult, Searcher, pimc
from deadeye.search.parallel import MAX_THREADS, parallel_search, split_budget
from deadeye.search.guide import Guide
from deadeye.search.particles import MAX_PARTICLES, ParticleFilter

from .networks import check_value_scale, load_network
from deadeye.search.stop import StopToken

from .capabilities import PLAIN, Capabilities
from .tuning import search_settings, uses_network

SEARCHING = Capabilities(stoppable=True, searches=True)
INFERRING = Capabilities(stoppable=True, searches=True, stateful=True)
INFERENCE_MODELS = ("none", "heuristic", "uniform", "net")   # ``inference=``: no filter, the game's heuristic,
                                                               # random play, the network's policy


class StatefulBot(Protocol):
    """A bot that follows one game from one seat (``capabilities.stateful``).  Its driver builds one per seat and
    game, calls ``new_game`` once before the game's first action, ``observe`` after every action (each seat's
    :class:`deadeye.core.observation.Observation` of it, from ``apply_observed``, with the seat's information set
    after it), and ``choose`` at the seat's decisions.  Everything it is told is that seat's; a driver that has no
    history to give (``bot.choose_view``) only calls ``choose``, and the bot then searches from scratch."""

    def new_game(self, information_set: Any) -> None:
        """A new game: ``information_set`` is the seat's knowledge before the first action (or where a loaded
        game stands); whatever the bot kept of an earlier game is dropped."""

    def observe(self, observation: Any, information_set: Any) -> None:
        """One action as the seat saw it (an ``Observation``), and the seat's information set after it."""
CHEATING = Capabilities(stoppable=True, searches=True, needs_state=True)


class SeededBot:
    """A bot whose random choices all come from ``self._rng``, seeded with ``self.seed``."""

    seed: int
    _rng: random.Random

    def reseed(self, seed: int) -> None:
        """Make the next decisions follow from ``seed``, as if the bot had just been built with it (a search bot
        keeps nothing from one search to the next)."""
        self.seed = seed
        self._rng = random.Random(seed)


@dataclass
class RandomBot(SeededBot):
    """Uniformly random legal actions."""

    seed: int = 0
    name: str = "random"
    capabilities: ClassVar[Capabilities] = PLAIN

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, information_set: Any, budget: Budget | None = None,
               info_callback: Callable[[SearchResult], None] | None = None, info_ms: float = 0.0,
               stop: StopToken | None = None) -> int:
        """A random legal action (it answers at once: the budget, the reports and the stop do not apply)."""
        legal = information_set.legal_actions()
        if not legal:
            raise ValueError(f"seat {information_set.seat} has no decision to make")
        return legal[self._rng.randrange(len(legal))]


@dataclass
class HeuristicBot(SeededBot):
    """The game's fast rule-based player (the same policy that can drive rollouts)."""

    seed: int = 0
    name: str = "heuristic"
    capabilities: ClassVar[Capabilities] = PLAIN

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._policy: Policy | None = None

    def choose(self, information_set: Any, budget: Budget | None = None,
               info_callback: Callable[[SearchResult], None] | None = None, info_ms: float = 0.0,
               stop: StopToken | None = None) -> int:
        """The policy's action (it answers at once: the budget, the reports and the stop do not apply)."""
        if self._policy is None:
            self._policy = heuristic_policy(information_set)
        # the policy reads only the mover's own hand and public facts, which every sample keeps as they are
        state = information_set.sample(self._rng.getrandbits(63))
        return self._policy.choose(state, self._rng.getrandbits(63))


def _cutoff(value: str) -> tuple[int, bool]:
    """``cutoff=40`` stops rollouts after 40 moves; ``cutoff=round`` at the end of the round (the game's segment)."""
    if value in ("round", "segment"):
        return 0, True
    try:
        moves = int(value)
    except ValueError:
        moves = -1
    if not 0 <= moves <= ROLLOUT_MOVE_CAP:
        raise ValueError(f"cutoff must be round, 0 (never) or a number of moves up to {ROLLOUT_MOVE_CAP:,}, "
                         f"not {value!r}")
    return moves, False


@dataclass
class SearchBot(SeededBot):
    """ISMCTS (``ismcts``), flat Monte Carlo (``flatmc``), determinised UCT (``pimc``) or the cheating bound.

    ``c``, ``rollout``, ``epsilon``, ``cutoff``, ``bias``, ``opponents``, ``expand``, ``win``, ``prior``, ``value``,
    ``mix`` and ``c_puct`` left unset take the game's measured settings (:mod:`.tuning`), resolved at the first
    decision, when the game is known.  A game's network settings apply to ``ismcts`` (and ``cheat``) with one tree.
    """

    kind: str = "ismcts"
    iterations: int | None = None          # with time_ms unset too: 1000
    time_ms: float | None = None
    c: float | None = None                 # UCB exploration constant
    rollout: str | None = None             # "random", "heuristic" (the game's rule-based policy) or "mast"
    epsilon: float | None = None           # a rollout move is uniformly random with this probability (unset: 0, or
                                           # MAST's default with rollout=mast)
    cutoff: str | None = None              # "0" (never), a number of moves, or "round" (the game's segment)
    determinisations: int = 10
    bias: float | None = None              # progressive bias towards the rollout policy's choice in the tree
    opponents: str | None = None           # "tree" (every seat's decisions in the tree) or "policy" (own only)
    expand: int | None = None              # progressive widening below the root: m-th child after expand * m visits
    win: float | None = None               # this share of each rollout's reward is the seat's share of the win (1/k
                                           # for each of the k seats with the best return), the rest the return
    tree: str = "so"                       # "so": one tree (the searching seat's); "mo": one tree per seat
                                           # over its own information sets (MO-ISMCTS, search/mo_ismcts.pyx)
    max_nodes: int = 1_000_000
    inference: str = "none"                # "heuristic" or "uniform": a particle filter over the game's hidden
                                           # parts (search/particles.pyx), kept while the bot follows a game
    particles: int = 64                    # the filter's particles
    noise: float = 0.25                    # the model of play: this share uniformly random, the rest the heuristic
    threads: int = 1                       # root-parallel searches on as many cores (search/parallel.py); their
                                           # trees share max_nodes
    reuse: int = 0                         # 1: keep the tree between the decisions of a game, re-rooted at the
                                           # node the seat's observed actions lead to (Searcher.reroot)
    net: str = "default"                   # the network of prior=net, value=net, rollout=net, inference=net: the
                                           # one shipped for the game, or a folder ``deadeye train`` wrote
    prior: str | None = None               # "net": PUCT over the network's policy (docs/learning.md); "none"
    value: str | None = None               # "net": a leaf's value from the network, mixed with a rollout's by mix;
                                           # "rollout"
    mix: float | None = None               # value=net: the network's share of a leaf's value (1: no rollout)
    c_puct: float | None = None            # prior=net: PUCT's exploration constant
    seed: int = 0
    name: str = ""
    cheats: bool = False
    last: SearchResult | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.budget = Budget(1000 if self.iterations is None and self.time_ms is None else self.iterations,
                             self.time_ms)
        self._built_seed = self.seed              # the filter's seed: a reseed before a decision leaves it
        self.name = self.name or self.kind
        self.cheats = self.kind == "cheat"
        self._rng = random.Random(self.seed)
        self._game: tuple[str, int] | None = None   # the game and seat count the searchers are set up for
        if type(self.threads) is not int or not 1 <= self.threads <= MAX_THREADS:
            raise ValueError(f"threads must be an integer from 1 to {MAX_THREADS}, not {self.threads!r}")
        if self.threads > 1 and self.kind == "pimc":
            raise ValueError("threads applies to ismcts, flatmc and cheat; pimc searches its samples in turn")
        if self.tree not in ("so", "mo"):
            raise ValueError(f"tree must be so or mo, not {self.tree!r}")
        if self.tree == "mo" and self.kind != "ismcts":
            raise ValueError("tree=mo applies to ismcts only")
        if self.tree == "mo" and self.inference != "none":
            raise ValueError("tree=mo does not take inference (its trees sample from the information set)")
        if self.inference not in INFERENCE_MODELS:
            raise ValueError(f"inference must be {', '.join(INFERENCE_MODELS)}, not {self.inference!r}")
        if self.inference != "none" and self.kind not in ("ismcts", "flatmc"):
            raise ValueError("inference applies to ismcts and flatmc, which draw their samples from it")
        if type(self.particles) is not int or not 1 <= self.particles <= MAX_PARTICLES:
            raise ValueError(f"particles must be an integer from 1 to {MAX_PARTICLES:,}, not {self.particles!r}")
        if not 0.0 <= self.noise <= 1.0:
            raise ValueError(f"noise must be a number in [0, 1], not {self.noise!r}")
        self._filter: ParticleFilter | None = None
        if self.reuse not in (0, 1):
            raise ValueError(f"reuse must be 0 or 1, not {self.reuse!r}")
        if self.reuse and (self.kind != "ismcts" or self.tree != "so"):
            raise ValueError("reuse applies to ismcts with tree=so (its one tree is kept between decisions)")
        self._following = False                   # told new_game: the driver tells it the seat's history
        self._path: list[tuple[int, int]] | None = None   # reuse: the (seat, action) pairs the seat observed since
                                                          # the kept tree's root (None: no tree to keep)
        self.kept = 0                             # reuse: the nodes the last search started from (0: fresh)
        if type(self.determinisations) is not int or not 1 <= self.determinisations <= MAX_DETERMINISATIONS:
            raise ValueError(f"determinisations must be an integer from 1 to {MAX_DETERMINISATIONS:,}, "
                             f"not {self.determinisations!r}")
        self._searchers = [self._new_searcher(self.settings(""), None)]  # checks the values now, not at the first move

    @property
    def capabilities(self) -> Capabilities:
        return CHEATING if self.cheats else INFERRING if self.inference != "none" or self.reuse else SEARCHING

    def new_game(self, information_set: Any) -> None:
        """Start following a game from ``information_set`` (with inference: a fresh particle filter, seeded from
        the seed the bot was built with; with reuse: no tree kept yet; without either, nothing to keep)."""
        self._filter = None
        self._following = True
        self._path = None
        if self.inference == "none":
            return
        policy = (heuristic_policy(information_set) if self.inference == "heuristic"
                  else self._guide(information_set) if self.inference == "net" else None)
        self._filter = ParticleFilter(information_set, self.particles, policy, self.noise,
                                      random.Random(f"particles:{self._built_seed}").getrandbits(63))

    def observe(self, observation: Any, information_set: Any) -> None:
        """One action the seat observed: the filter weighs and advances its particles (nothing without one).  A
        decision the seat did not notice (``observation.noticed`` false) tells it nothing and is ignored.  Should
        the game's sampler find no state for the seat's information set (a sampler's bug), the bot stops inferring
        and searches from scratch for the rest of the game, as plain ISMCTS does.  With reuse, the action joins the
        path from the kept tree's root; one the seat sees only in part (a hidden card) leaves the tree, which is
        then dropped (single-observer ISMCTS has no node for what the seat cannot see)."""
        if self._path is not None and observation.noticed:
            if 0 <= observation.observation < OBS_BASE:
                self._path.append((observation.actor, observation.observation))
            else:
                self._path = None
        if self._filter is not None and observation.noticed:
            try:
                self._filter.observe(observation.actor, observation.observation, information_set)
            except InconsistentInformationError:
                self._filter = None

    def release(self) -> None:
        """Free the search tree (the node pool) between choices: the next choice builds a fresh searcher (with
        reuse, the kept tree goes too, and the next choice starts fresh), so a bot kept idle costs almost no
        memory."""
        self._searchers = [self._new_searcher(self.settings(""), None)]
        self._game = None
        self._path = None

    def settings(self, game: str, players: int | None = None) -> dict[str, Any]:
        """The search settings this bot uses on ``game`` at ``players`` seats (None: any count's)."""
        return search_settings(game, {"c": self.c, "rollout": self.rollout, "epsilon": self.epsilon,
                                      "cutoff": self.cutoff, "bias": self.bias, "opponents": self.opponents,
                                      "expand": self.expand, "win": self.win, "prior": self.prior,
                                      "value": self.value, "mix": self.mix, "c_puct": self.c_puct},
                               multi_observer=self.tree == "mo", guided=self.kind in ("ismcts", "cheat"),
                               players=players)

    def _guide(self, obj: Any, value_win: float | None = None) -> Guide:
        """A fresh guide (one per searching thread) on the network ``net`` names for the game of ``obj``; for a
        search that takes its values (``value_win``: that search's ``win``), one whose values are on its reward's
        scale.  The cheat searches a state: the guide takes that game's kind of information set (it encodes each
        seat's own)."""
        if not isinstance(obj, InformationSet):
            obj = obj.information_set(max(obj.current_player(), 0))
        net = load_network(game_of(obj).name, self.net)
        if value_win is not None:
            check_value_scale(net, value_win)
        return Guide(net, obj)

    def _new_searcher(self, settings: dict[str, Any], obj: Any) -> Searcher | MultiObserverSearcher:
        if settings["rollout"] not in ("random", "heuristic", "mast", "net"):
            raise ValueError(f"rollout must be random, heuristic, mast or net, not {settings['rollout']!r}")
        prior, value = settings["prior"], settings["value"]
        if prior not in ("none", "net") or value not in ("rollout", "net"):
            raise ValueError(f"prior is none or net, value rollout or net; not {prior!r}, {value!r}")
        guided = uses_network(settings)
        if guided and (self.tree == "mo" or self.kind not in ("ismcts", "cheat")):
            raise ValueError("prior=net, value=net and rollout=net apply to ismcts with tree=so")
        if settings["opponents"] not in ("tree", "policy"):
            raise ValueError(f"opponents must be tree or policy, not {settings['opponents']!r}")
        if not 1 <= int(settings["expand"]) <= MAX_EXPAND:
            raise ValueError(f"expand must be an integer from 1 to {MAX_EXPAND:,}, not {settings['expand']}")
        moves, segment = _cutoff(str(settings["cutoff"]))
        policy = heuristic_policy(obj) if settings["rollout"] == "heuristic" and obj is not None else None
        value_win = float(settings["win"]) if value == "net" else None
        guide = self._guide(obj, value_win) if guided and obj is not None else None  # none yet: values checked
        if settings["rollout"] == "net":
            policy = guide
        if self.tree == "mo":
            single_tree = {"rollout": settings["rollout"] == "mast", "opponents": settings["opponents"] != "tree",
                           "bias": float(settings["bias"]) > 0, "expand": int(settings["expand"]) != 1}
            refused = [name for name, used in single_tree.items() if used]
            if refused:
                raise ValueError(f"tree=mo does not take {', '.join(refused)} (single-tree options: rollout=mast, "
                                 f"opponents=policy, bias, expand)")
            return MultiObserverSearcher(c=float(settings["c"]), max_nodes=max(1, self.max_nodes // self.threads),
                                         policy=policy, cutoff_moves=moves, cutoff_segment=segment,
                                         epsilon=float(settings["epsilon"]), win=float(settings["win"]))
        return Searcher(c=float(settings["c"]), max_nodes=max(1, self.max_nodes // self.threads),  # all threads'
                        policy=policy, cutoff_moves=moves, cutoff_segment=segment, flat=self.kind == "flatmc", bias=float(settings["bias"]),
                        opponents_by_policy=settings["opponents"] == "policy",
                        expand_threshold=int(settings["expand"]), mast=settings["rollout"] == "mast",
                        epsilon=float(settings["epsilon"]), win=float(settings["win"]), guide=guide,
                        prior=prior == "net" and guide is not None,
                        value=float(settings["mix"]) if value == "net" and guide is not None else 0.0,
                        c_puct=float(settings["c_puct"]))

    def _engines(self, obj: Any) -> list[Searcher]:
        """The searchers (one per thread), set up for the game of ``obj`` (its tuned settings, its heuristic
        rollout policy)."""
        game = (game_of(obj).name, obj.num_players())   # a tuned setting may hold at some seat counts only
        if game != self._game:
            self._searchers = [self._new_searcher(self.settings(*game), obj) for _ in range(self.threads)]
            self._game = game
        return self._searchers

    def choose(self, information_set: Any, budget: Budget | None = None,
               info_callback: Callable[[SearchResult], None] | None = None, info_ms: float = 0.0,
               stop: StopToken | None = None) -> int:
        """The searched action; ``info_callback(result)`` hears the best move so far about every ``info_ms``
        (``pimc`` runs one search per sample and reports no progress); setting ``stop`` (from another thread, or
        before the call) ends this search at once with the best move so far."""
        if self.cheats:
            raise PermissionError("the cheat bot needs the true state: only the arena may use it")
        budget = budget or self.budget
        seed = self._rng.getrandbits(63)
        belief = self._filter.belief(information_set) if self._filter is not None else None
        if self.kind == "pimc":
            self.last = pimc(information_set, budget, self.determinisations, seed, self._engines(information_set)[0],
                             stop)
        else:
            searchers = self._reroot(information_set, budget)
            self.last = parallel_search(
                searchers,
                lambda searcher, share, s, callback: searcher.search(information_set, share, s, callback, info_ms,
                                                                     stop, belief),
                budget, seed, info_callback)
        return self.last.action

    def ponder(self, information_set: Any, budget: Budget, stop: StopToken | None = None) -> SearchResult:
        """Search ``information_set`` ahead of the seat's next decision, whoever is to move (on another seat's
        time), and keep the tree: the next ``choose`` (or ``ponder``) re-roots it at the node the seat's observed
        actions lead to.  Only for a bot that keeps its tree and follows a game (``reuse=1``, after
        ``new_game``)."""
        if not (self.reuse and self._following):
            raise ValueError("ponder needs a bot that keeps its tree (reuse=1) and follows the game (new_game)")
        seed = self._rng.getrandbits(63)
        belief = self._filter.belief(information_set) if self._filter is not None else None
        searchers = self._reroot(information_set, budget)
        self.last = parallel_search(searchers, lambda searcher, share, s, callback: searcher.ponder(
            information_set, share, s, stop, belief), budget, seed)
        return self.last

    def _reroot(self, information_set: Any, budget: Budget) -> list[Searcher]:
        """The searchers for a search of ``information_set``; with reuse, each keeps the subtree of its last tree
        that the seat's observed actions lead to (``self.kept``: their nodes), and from now on the path starts at
        this search's root.  A searcher the budget leaves idle (fewer iterations than threads) drops its tree."""
        searchers = self._engines(information_set)
        if not self.reuse:
            return searchers
        path, self._path = self._path, ([] if self._following else None)
        mover = information_set.current_player()
        legal = information_set.legal_actions() or None      # the seat's own, when it is to move
        self.kept = sum(searcher.reroot(path, mover, legal) for searcher in searchers) if path is not None else 0
        for searcher in searchers[len(split_budget(budget, len(searchers))):]:
            searcher.drop_tree()
        return searchers

    def choose_with_state(self, state: Any, budget: Budget | None = None) -> int:
        """The cheating bound: UCT on the true state (hidden cards and the future of the deck included)."""
        self.last = parallel_search(self._engines(state),
                                    lambda searcher, share, s, callback: searcher.search_state(state, share, s),
                                    budget or self.budget, self._rng.getrandbits(63))
        return self.last.action
