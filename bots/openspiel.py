"""OpenSpiel's IS-MCTS as deadeye bots, to measure deadeye against it on a game both engines play (Hearts, Kuhn poker).

``os-ismcts`` is OpenSpiel's C++ ``pyspiel.ISMCTSBot``; ``os-ismcts-py`` is its pure-Python
``open_spiel.python.algorithms.ismcts.ISMCTSBot``.  Both need the optional extra ``openspiel``
(``pip install 'deadeye[openspiel]'``); deadeye imports OpenSpiel only when such a bot is built.

They play the games whose OpenSpiel twin (``OPENSPIEL_TWIN``, see ``deadeye.core.openspiel_twin``) can resample an
information state, and say so before a game (``capabilities``).  Like every deadeye bot, they receive only the
seat's information set.  For each decision the bot draws one determinisation from it (``information_set.sample``),
replays that sample's ``openspiel_history()`` into an OpenSpiel state of the twin loaded with the game's
parameters, and hands that state to OpenSpiel's search.  The search never looks at the hidden cards of that
state: every simulation starts from OpenSpiel's own ``ResampleFromInfostate`` for the seat, and the tree is keyed by
information-state strings, so any state consistent with the seat's knowledge gives the same search.

Settings (parameters of the bot string, defaults in brackets), chosen to match deadeye's ``ismcts`` defaults:

- ``iterations`` [1000]: OpenSpiel's ``max_simulations``; ``time_ms`` instead uses the C++ bot's
  ``max_wall_clock_time`` (then the time alone stops it; the Python bot has no time budget);
- ``c``: OpenSpiel's ``uct_c``, in OpenSpiel's return units: by default deadeye's ``ismcts`` default c = 0.7 times
  the twin's ``return_scale`` (Hearts returns are 0..26 where deadeye's search rewards are 0..1: 18.2; Kuhn poker's
  are -2..2 chips: 2.8), the same exploration;
- ``rollouts`` [1]: random rollouts per leaf, OpenSpiel's ``RandomRolloutEvaluator(n_rollouts, seed)`` (deadeye's
  ``ismcts`` rolls out once per iteration, uniformly at random, by default);
- ``final`` [max_visit_count]: the move played, as deadeye's (the most visited); OpenSpiel's C++ default
  ``normalized_visit_count`` draws the move in proportion to the visits instead, and ``max_value`` is offered too;
- unlimited world samples (a fresh determinisation every simulation), information-state keys, consistent action
  sets: OpenSpiel's defaults;
- ``seed``: each decision draws the search seed and the determinisation from the bot's own generator; the Python
  bot's resampler is seeded from it too, so ``os-ismcts-py`` replays exactly.  OpenSpiel's C++ IS-MCTS does not:
  the same state and seed give different moves from one call to the next (observed with open_spiel 2.0.2).

During the passing, the OpenSpiel state is renumbered so that the deciding seat is seat 0 (``passing_seat_first``),
around a bug in OpenSpiel's Hearts resampler.
"""
from __future__ import annotations

import importlib
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from deadeye.core.openspiel_twin import OpenSpielTwin, openspiel_twin, openspiel_twins
from deadeye.core.registry import game_of
from deadeye.search.budget import Budget
from deadeye.search.ismcts import SearchResult
from deadeye.search.stop import StopToken

from .capabilities import Capabilities
from .players import SeededBot
from .spec import BotSpecError

DEFAULT_C = 0.7                      # deadeye's ismcts default, in rewards of 0..1
FINAL_POLICIES = ("max_visit_count", "normalized_visit_count", "max_value")


def import_pyspiel() -> Any:
    """``pyspiel``, or a clear ``BotSpecError`` if OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise BotSpecError("the os-ismcts bots need OpenSpiel: pip install 'deadeye[openspiel]' "
                           "(the open_spiel package from PyPI)") from None


RESAMPLING = ("games whose OpenSpiel twin can resample an information state (ResampleFromInfostate, which "
              "OpenSpiel's IS-MCTS calls at every simulation)")


def twin_of(obj: Any, bot: str = "os-ismcts") -> OpenSpielTwin:
    """The OpenSpiel twin of a deadeye state's or information set's game; ``ValueError`` saying why ``bot`` cannot
    play it when it has none, or one that cannot resample."""
    name = game_of(obj).name
    twin = openspiel_twin(name)
    if twin is None:
        raise ValueError(f"{bot} cannot play {name}: it has no OpenSpiel twin; the os-ismcts bots play "
                         f"{', '.join(sorted(openspiel_games()))}")
    if not twin.resamples:
        raise ValueError(f"{bot} cannot play {name}: its OpenSpiel twin {twin.game} cannot resample an information "
                         f"state (no ResampleFromInfostate), which OpenSpiel's IS-MCTS does at every simulation")
    return twin


def openspiel_games() -> frozenset[str]:
    """The registered games the os-ismcts bots play: those whose OpenSpiel twin resamples."""
    return frozenset(name for name, twin in openspiel_twins().items() if twin.resamples)


def load_twin(pyspiel: Any, twin: OpenSpielTwin, state: Any) -> Any:
    """OpenSpiel's game of the twin for the game ``state`` belongs to: loaded with its parameters."""
    return pyspiel.load_game(twin.game, dict(twin.parameters(state)))


def passing_seat_first(history: list[int], seat: int) -> list[int]:
    """During the passing of a Hearts hand, the same game with the seats renumbered so that ``seat`` (to pass) is
    seat 0, which passes first; after the passing, ``history`` unchanged.

    Why: OpenSpiel's ``HeartsState::ResampleFromInfostate`` (open_spiel 2.0.2) breaks during the passing for a seat
    whose passer has already passed: it deals that passer random cards, then replays the passer's real passes, so a
    card is passed by a seat that does not hold it and OpenSpiel's search crashes (a segmentation fault) or plays
    on a corrupt deal.  Seat 0 passes first, so its passer has not passed yet and the resampler is sound.  Nothing
    the seat knows changes: it sees no other seat's passes until all have passed, the pass direction is relative,
    and the cards keep their ids, so the search's answer (a card) needs no translation.

    >>> h = [1] + list(range(52)) + [0, 4, 8, 1, 5]     # pass left; seat 0 passed 0, 4, 8; seat 1 passed 1, 5
    >>> passing_seat_first(h, 1)[:6], passing_seat_first(h, 1)[53:]
    ([1, 1, 2, 3, 0, 5], [1, 5])
    """
    players, cards, per_seat = 4, 52, 3
    pass_dir, deal, passes = history[0], history[1:1 + cards], history[1 + cards:]
    if pass_dir == 0 or len(passes) >= players * per_seat or seat == 0:
        return list(history)
    own = passes[per_seat * seat:]
    renumbered = [deal[(i % players + seat) % players + players * (i // players)] for i in range(cards)]
    return [pass_dir] + renumbered + own


def openspiel_state_of(state: Any) -> Any:
    """The OpenSpiel state of a deadeye state with an OpenSpiel twin (same deal, same moves): its
    ``openspiel_history()`` replayed into the twin.  For benchmarks and checks; it carries hidden cards, so never a
    bot's."""
    pyspiel = import_pyspiel()
    twin = openspiel_twin(game_of(state).name)
    if twin is None:
        raise ValueError(f"{game_of(state).name} has no OpenSpiel twin")
    out = load_twin(pyspiel, twin, state).new_initial_state()
    for action in state.openspiel_history():
        out.apply_action(action)
    return out


@dataclass
class OpenSpielISMCTSBot(SeededBot):
    """OpenSpiel's IS-MCTS (``kind`` "cpp" or "python") behind deadeye's ``choose(information_set, budget)``."""

    kind: str = "cpp"
    iterations: int | None = None          # with time_ms unset too: 1000
    time_ms: float | None = None
    c: float | None = None                 # OpenSpiel's uct_c; None: DEFAULT_C times the game's return scale
    rollouts: int = 1
    final: str = "max_visit_count"
    seed: int = 0
    name: str = ""
    last: dict = field(default_factory=dict, repr=False)   # the last decision: seeds, c, milliseconds

    def __post_init__(self) -> None:
        if self.kind not in ("cpp", "python"):
            raise ValueError(f"kind must be cpp or python, not {self.kind!r}")
        if self.final not in FINAL_POLICIES:
            raise ValueError(f"final must be one of {', '.join(FINAL_POLICIES)}, not {self.final!r}")
        if self.rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {self.rollouts}")
        if self.c is not None and not (math.isfinite(self.c) and self.c >= 0):
            raise ValueError(f"c must be a finite number >= 0, not {self.c}")
        if self.kind == "python" and self.time_ms is not None:
            raise ValueError("os-ismcts-py has no time budget (OpenSpiel's Python IS-MCTS counts simulations only)")
        self.budget = Budget(1000 if self.iterations is None and self.time_ms is None else self.iterations,
                             self.time_ms)
        self.name = self.name or ("os-ismcts" if self.kind == "cpp" else "os-ismcts-py")
        self._pyspiel = import_pyspiel()
        if self.kind == "python":
            self._ismcts = importlib.import_module("open_spiel.python.algorithms.ismcts")
            self._mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
        self._rng = random.Random(self.seed)
        self._games: dict[tuple, Any] = {}      # OpenSpiel's games by name and parameters

    @property
    def capabilities(self) -> Capabilities:
        """It always uses its whole budget (no stop, no progress reports), and plays the games whose OpenSpiel twin
        resamples."""
        return Capabilities(games=openspiel_games(), games_note=RESAMPLING)

    def openspiel_state(self, information_set: Any, seed: int) -> Any:
        """An OpenSpiel state consistent with what the seat knows: the replay of one determinisation into the twin
        loaded with the game's parameters (during Hearts' passing, with the seats renumbered by
        ``passing_seat_first``)."""
        twin = twin_of(information_set, self.name)
        sample = information_set.sample(seed)
        parameters = dict(twin.parameters(sample))
        key = (twin.game, tuple(sorted(parameters.items())))
        if key not in self._games:
            self._games[key] = self._pyspiel.load_game(twin.game, parameters)
        history = sample.openspiel_history()
        if twin.game == "hearts":
            history = passing_seat_first(history, information_set.seat)
        state = self._games[key].new_initial_state()
        for action in history:
            state.apply_action(action)
        return state

    def choose(self, information_set: Any, budget: Budget | None = None,
               info_callback: Callable[[SearchResult], None] | None = None, info_ms: float = 0.0,
               stop: StopToken | None = None) -> int:
        """OpenSpiel's searched action; it always uses its whole budget (OpenSpiel's bots report no progress and
        cannot be stopped), so ``info_callback``, ``info_ms`` and ``stop`` are accepted and ignored."""
        budget = budget or self.budget
        legal = information_set.legal_actions()
        if not legal:
            raise ValueError(f"seat {information_set.seat} has no decision to make")
        sample_seed, search_seed = self._rng.getrandbits(63), self._rng.getrandbits(31)
        state = self.openspiel_state(information_set, sample_seed)
        if sorted(state.legal_actions()) != legal:
            raise RuntimeError("the OpenSpiel replay of the seat's view disagrees with deadeye")   # a bug, never input
        c = self.c if self.c is not None else DEFAULT_C * twin_of(information_set, self.name).return_scale
        start = time.perf_counter()
        if self.kind == "cpp":
            bot, evaluator = self._cpp_bot(c, budget, search_seed)    # the bot does not keep the evaluator alive
            action = bot.step(state)
            del bot, evaluator
        else:
            if budget.time_ms is not None:
                raise ValueError("os-ismcts-py has no time budget: give it iterations")
            action = self._python_bot(state.get_game(), c, budget.iterations, search_seed).step(state)
        self.last = {"sample_seed": sample_seed, "search_seed": search_seed, "c": c, "iterations": budget.iterations,
                     "elapsed_ms": (time.perf_counter() - start) * 1000}   # iterations: None with a time budget
        return int(action)

    def _cpp_bot(self, c: float, budget: Budget, seed: int) -> tuple[Any, Any]:
        ps = self._pyspiel
        final = {"max_visit_count": ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                 "normalized_visit_count": ps.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
                 "max_value": ps.ISMCTSFinalPolicyType.MAX_VALUE}[self.final]
        wall = budget.time_ms / 1000 if budget.time_ms is not None else -1.0
        evaluator = ps.RandomRolloutEvaluator(self.rollouts, seed)
        return ps.ISMCTSBot(seed, evaluator, c, budget.iterations or 1, -1, final, False, False, wall), evaluator

    def _python_bot(self, game: Any, c: float, iterations: int, seed: int) -> Any:
        import numpy as np

        m = self._ismcts
        final = {"max_visit_count": m.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                 "normalized_visit_count": m.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
                 "max_value": m.ISMCTSFinalPolicyType.MAX_VALUE}[self.final]
        random_state = np.random.RandomState(seed)
        evaluator = self._mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        bot = m.ISMCTSBot(game, evaluator, c, iterations, random_state=random_state, final_policy_type=final)
        sampler = self._pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)    # OpenSpiel's resampler, seeded
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
        return bot
