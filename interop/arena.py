"""The adaptors brought back into ``deadeye arena``: bots that play every game through them (docs/interop.md).

Registered through the entry point ``deadeye.bots`` (``register`` below; bots/registry.py loads it the first time a
bot name is looked up), so ``deadeye arena --bots os-ismcts-any,hard ...`` works without bots/ knowing this package:

- ``os-ismcts-any``: OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, the search of
  ``os-ismcts-py``) on **every** game, through :mod:`deadeye.interop.openspiel`.  ``os-ismcts-py`` plays only the
  games whose native OpenSpiel twin resamples (Hearts, Kuhn poker) and says so before a run; this one plays them
  all.  Each decision: the root is one determinisation of the seat's information set, every simulation restarts
  from a fresh one (the resampler is ``InformationSet.sample``), the tree is keyed by the adaptor's information
  state strings (the seat's exact information set), and a leaf is valued by ``rollouts`` uniformly random playouts
  to the end, played in deadeye's C (``search.playout.random_playout``: the same rollout as OpenSpiel's
  ``RandomRolloutEvaluator``, without a Python call per move, which would make a Wyatt Earp decision take
  minutes).  Settings: ``iterations`` [1000], ``c`` [0.7 times the return range: 0.7, Kuhn poker's chips 2.8],
  ``rollouts`` [1], ``final`` [max_visit_count], ``seed``.  It has no time budget.
- ``pz-policy``: any PettingZoo-style policy, ``policy(observation, agent) -> action``, named as
  ``pz-policy:policy=package.module:function``.  It receives what :mod:`deadeye.interop.pettingzoo` gives an agent
  (``{"observation": encoding, "action_mask": int8 mask}`` and ``seat_N``); a policy that takes a keyword ``rng``
  also gets a ``numpy`` Generator seeded from the arena's decision seed, so a game replays.  A policy that declares
  ``games`` (a collection of deadeye game names) is refused on other games before the run starts.  The default
  policy is :func:`masked_random`.

Neither is one of the protocol's ``FAIR_BOTS``: a plugin's bot is for the in-process arena and the Python API (a
policy bot imports code by name, which a server must never do for a client).
"""
from __future__ import annotations

import importlib
import inspect
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from deadeye.bots.capabilities import PLAIN, Capabilities
from deadeye.bots.players import SeededBot
from deadeye.bots.registry import register_bot
from deadeye.bots.spec import ITERATIONS, SEED, ChoiceParam, FloatParam, IntParam
from deadeye.core.registry import game_of
from deadeye.search.budget import Budget

DEFAULT_C = 0.7                      # deadeye's ismcts default, in rewards of 0..1 (as os-ismcts-py)
FINAL_POLICIES = ("max_visit_count", "normalized_visit_count", "max_value")
KUHN_RETURN_SCALE = 4.0              # Kuhn poker's returns are chips, -2 .. 2


# --- OpenSpiel's IS-MCTS on every game -------------------------------------------------------------------------------

class PlayoutEvaluator:
    """OpenSpiel's ``Evaluator`` interface: a leaf's value is the mean return of ``rollouts`` random playouts to the
    end, played in C; the prior is uniform over the legal actions (IS-MCTS ignores it)."""

    def __init__(self, rollouts: int, random_state: np.random.RandomState) -> None:
        self.rollouts, self.random_state = rollouts, random_state

    def evaluate(self, state: Any) -> np.ndarray:
        from deadeye.search.playout import random_playout

        from .openspiel import KUHN

        kuhn = state.spec.deadeye_game == KUHN
        total = np.zeros(state.spec.players)
        for _ in range(self.rollouts):
            world = state.deadeye_state.clone()
            random_playout(world, int(self.random_state.randint(2 ** 31)))
            if world.is_terminal():
                total += world.game_returns() if kuhn else world.returns()
            else:                                        # cut at the rollout cap: the game's own estimate
                total += world.evaluate()
        return total / self.rollouts

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


@dataclass
class AdaptorISMCTSBot(SeededBot):
    """OpenSpiel's Python IS-MCTS on any deadeye game, through ``deadeye.interop.openspiel``."""

    iterations: int | None = None
    c: float | None = None
    rollouts: int = 1
    final: str = "max_visit_count"
    seed: int = 0
    name: str = "os-ismcts-any"
    last: dict = field(default_factory=dict, repr=False)
    capabilities = PLAIN                                   # every game

    def __post_init__(self) -> None:
        from deadeye.bots.openspiel import import_pyspiel

        if self.final not in FINAL_POLICIES:
            raise ValueError(f"final must be one of {', '.join(FINAL_POLICIES)}, not {self.final!r}")
        if self.rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {self.rollouts}")
        import_pyspiel()                                   # a clear BotSpecError without OpenSpiel
        self._adaptor = importlib.import_module("deadeye.interop.openspiel")
        self._ismcts = importlib.import_module("open_spiel.python.algorithms.ismcts")
        self.budget = Budget(self.iterations or 1000, None)
        self._rng = random.Random(self.seed)
        self._games: dict[tuple[str, int], Any] = {}

    def choose(self, information_set: Any, budget: Budget | None = None, info_callback: Any = None,
               info_ms: float = 0.0, stop: Any = None) -> int:
        """OpenSpiel's searched action; the whole budget is used (no progress reports, no stop)."""
        budget = budget or self.budget
        if budget.iterations is None:
            raise ValueError("os-ismcts-any has no time budget (OpenSpiel's Python IS-MCTS counts simulations)")
        legal = information_set.legal_actions()
        if not legal:
            raise ValueError(f"seat {information_set.seat} has no decision to make")
        name, players = game_of(information_set).name, information_set.num_players()
        if (name, players) not in self._games:
            self._games[name, players] = self._adaptor.load_game(name, players=players)
        game = self._games[name, players]
        sample_seed, search_seed = self._rng.getrandbits(63), self._rng.getrandbits(31)
        root = game.state_of(information_set.sample(sample_seed))
        scale = KUHN_RETURN_SCALE if name == self._adaptor.KUHN else 1.0
        c = self.c if self.c is not None else DEFAULT_C * scale
        m = self._ismcts
        final = {"max_visit_count": m.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                 "normalized_visit_count": m.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
                 "max_value": m.ISMCTSFinalPolicyType.MAX_VALUE}[self.final]
        random_state = np.random.RandomState(search_seed)
        bot = m.ISMCTSBot(game, PlayoutEvaluator(self.rollouts, random_state), c, budget.iterations,
                          random_state=random_state, final_policy_type=final)
        bot.set_resampler(lambda state, player: state.resample(player, int(random_state.randint(2 ** 62))))
        start = time.perf_counter()
        action = int(bot.step(root))
        self.last = {"sample_seed": sample_seed, "search_seed": search_seed, "c": c, "iterations": budget.iterations,
                     "elapsed_ms": (time.perf_counter() - start) * 1000}
        if action not in legal:
            raise RuntimeError(f"OpenSpiel's IS-MCTS answered {action}, not a legal action {legal}")   # a bug
        return action


# --- PettingZoo-style policies ---------------------------------------------------------------------------------------

def masked_random(observation: dict[str, np.ndarray], agent: str, rng: np.random.Generator) -> int:
    """A uniformly random legal action: the PettingZoo-style policy ``pz-policy`` plays by default.

    >>> masked_random({"action_mask": np.array([0, 1, 1], np.int8)}, "seat_0", np.random.default_rng(1)) in (1, 2)
    True
    """
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


_CALLABLE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")


class CallableParam:
    """``package.module:attribute``, a callable to import."""

    def convert(self, text: str) -> str:
        if len(text) > 200 or not _CALLABLE.match(text):
            raise ValueError(self.describe())
        return text

    def describe(self) -> str:
        return "package.module:function"

    def arg(self, value: Any) -> Any:
        return value


def load_callable(path: str) -> Callable[..., Any]:
    """The callable ``package.module:attribute`` names; ``ValueError`` saying what is wrong."""
    module_name, _, attribute = path.partition(":")
    try:
        target: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"policy {path!r:.80} cannot be loaded: {exc}") from None
    if not callable(target):
        raise ValueError(f"policy {path!r:.80} is not callable")
    return target


@dataclass
class PettingZooPolicyBot(SeededBot):
    """A PettingZoo-style ``policy(observation, agent) -> action`` at a deadeye seat."""

    policy: str = "deadeye.interop.arena:masked_random"
    seed: int = 0
    name: str = "pz-policy"

    def __post_init__(self) -> None:
        self._policy = load_callable(self.policy)
        try:
            self._takes_rng = "rng" in inspect.signature(self._policy).parameters
        except (TypeError, ValueError):
            self._takes_rng = False
        self._rng = random.Random(self.seed)

    @property
    def capabilities(self) -> Capabilities:
        """Every game, unless the policy declares ``games``."""
        games = getattr(self._policy, "games", None)
        if games is None:
            return PLAIN
        return Capabilities(games=frozenset(games), games_note=f"the games policy {self.policy} declares")

    def choose(self, information_set: Any, budget: Budget | None = None, info_callback: Any = None,
               info_ms: float = 0.0, stop: Any = None) -> int:
        """The policy's answer to the seat's PettingZoo observation (an illegal one forfeits, as any bot's)."""
        observation = {"observation": information_set.encode(),
                       "action_mask": information_set.legal_mask().astype(np.int8)}
        agent = f"seat_{information_set.seat}"
        if self._takes_rng:
            answer = self._policy(observation, agent, rng=np.random.default_rng(self._rng.getrandbits(64)))
        else:
            answer = self._policy(observation, agent)
        return int(answer) if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool) else answer


# --- registration ----------------------------------------------------------------------------------------------------

def register() -> None:
    """Add ``os-ismcts-any`` and ``pz-policy`` to deadeye's bots (the ``deadeye.bots`` entry point); imports neither
    OpenSpiel nor PettingZoo."""
    register_bot("os-ismcts-any", AdaptorISMCTSBot,
                 {"iterations": ITERATIONS, "c": FloatParam(0.0, 1000.0), "rollouts": IntParam(1, 10 ** 4),
                  "final": ChoiceParam(FINAL_POLICIES), "seed": SEED},
                 "OpenSpiel's Python IS-MCTS on every game, through deadeye.interop.openspiel")
    register_bot("pz-policy", PettingZooPolicyBot, {"policy": CallableParam(), "seed": SEED},
                 "a PettingZoo-style policy(observation, agent), policy=package.module:function")
