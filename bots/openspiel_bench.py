"""deadeye and OpenSpiel side by side on Hearts, in one process pinned to one core: ``deadeye bench hearts
--vs-openspiel``.

Both engines start from the same two positions, the first decision of a hand (before anyone moved) and a mid-game
position (after the passing and seven tricks), built by deadeye from a fixed seed and replayed into OpenSpiel by
its action ids.  For each position it measures:

- clone: one state copy as Python calls it (``state.clone()`` in both engines);
- random playouts per second to the end of the hand: deadeye's C playout against OpenSpiel's Python
  ``mcts.RandomRolloutEvaluator`` (the rollout its Python IS-MCTS uses, stepping the C++ state from Python); the
  C++ ``RandomRolloutEvaluator`` has no Python binding to call, its playouts show inside the C++ IS-MCTS rate;
- IS-MCTS simulations per second at 1,000 and 10,000 simulations, random rollouts: deadeye ``Searcher`` (c = 0.7
  on rewards in 0..1) against OpenSpiel's C++ ``ISMCTSBot`` and Python ``ISMCTSBot`` (c = 0.7 x 26 = 18.2 on
  returns in 0..26, the same exploration; one rollout per leaf; a fresh determinisation every simulation).

Each search rate is the median of five searches; deadeye's and OpenSpiel C++'s searches take turns, so that a drift
in the machine's speed meets both.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, TextIO

from deadeye.core import new_game
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher
from deadeye.search.playout import random_playout

from .bench import per_call_ns
from .openspiel import DEFAULT_C, import_pyspiel, openspiel_state_of

HEARTS_SCALE = 26.0          # OpenSpiel's Hearts returns are 0..26, deadeye's search rewards 0..1
SIMULATIONS = (1_000, 10_000)
MID_GAME_TRICKS = 7           # the mid-game position: seven tricks played


@dataclass(frozen=True)
class Row:
    """One measurement of one engine at one position; ``per_s`` is calls (or simulations) per second."""

    position: str
    measure: str
    engine: str
    per_s: float


def pin_to_one_core() -> int | None:
    """Run on one core (the lowest this process may use), so the engines compete for nothing; the core, or None."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def positions(seed: int = 1) -> dict[str, Any]:
    """The first decision of a hand and a mid-game position, both deadeye states, reached by seeded random play."""
    first = new_game("hearts", players=4, seed=seed)
    mid = first.clone()
    rng = random.Random(seed)
    while mid.tricks_played < MID_GAME_TRICKS:
        legal = mid.legal_actions()
        mid.apply_action(legal[rng.randrange(len(legal))])
    return {"first decision": first, "mid-game": mid}


def _rate(fn: Callable[[], Any], seconds: float) -> float:
    """Calls per second of ``fn`` over about ``seconds`` of repeated batches."""
    return 1e9 / per_call_ns(fn, seconds)


def _simulations_per_s(run: Callable[[], Any], simulations: int, repeats: int) -> float:
    """Simulations per second of the median of ``repeats`` timed searches of ``simulations`` each."""
    return _alternated_simulations_per_s([run], simulations, repeats)[0]


def _alternated_simulations_per_s(runs: list[Callable[[], Any]], simulations: int, repeats: int) -> list[float]:
    """Each run's simulations per second, the median of ``repeats`` timed searches of ``simulations``, the runs
    taking turns: this machine's speed drifts by a third within minutes, and turns give each engine the same
    phases."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(repeats):
        for run, spent in zip(runs, times):
            start = time.perf_counter()
            run()
            spent.append(time.perf_counter() - start)
    return [simulations / statistics.median(spent) for spent in times]


def measure(seconds: float = 1.0, simulations: tuple[int, ...] = SIMULATIONS, repeats: int = 5,
            seed: int = 1) -> list[Row]:
    """Every row of the comparison (see the module docstring), measured in this one run; each search rate is the
    median of ``repeats`` searches (OpenSpiel's Python IS-MCTS: of one search at 10,000 and more)."""
    pyspiel = import_pyspiel()
    from open_spiel.python.algorithms import ismcts as py_ismcts
    from open_spiel.python.algorithms import mcts as py_mcts
    import numpy as np

    c = DEFAULT_C
    rows: list[Row] = []
    for where, state in positions(seed).items():
        os_state = openspiel_state_of(state)
        seat = state.current_player()
        info = state.information_set(seat)
        rows += [Row(where, "clone", "deadeye", _rate(state.clone, seconds)),
                 Row(where, "clone", "OpenSpiel C++", _rate(os_state.clone, seconds))]
        counter = iter(range(1 << 62))
        rows.append(Row(where, "random playout", "deadeye",
                        _rate(lambda: random_playout(state.clone(), next(counter)), seconds)))
        py_rollout = py_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        rows.append(Row(where, "random playout", "OpenSpiel Python", _rate(lambda: py_rollout.evaluate(os_state),
                                                                            seconds)))
        for n in simulations:
            searcher = Searcher(c=c)
            if searcher.search(info, Budget(iterations=n), seed=seed).iterations != n:
                raise RuntimeError("the search stopped short of its budget")
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            bot = pyspiel.ISMCTSBot(seed, evaluator, c * HEARTS_SCALE, n, -1,
                                    pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
            ours, theirs = _alternated_simulations_per_s(
                [lambda: searcher.search(info, Budget(iterations=n), seed=seed), lambda: bot.step(os_state)], n,
                repeats)
            rows += [Row(where, f"IS-MCTS {n:,}", "deadeye", ours), Row(where, f"IS-MCTS {n:,}", "OpenSpiel C++",
                                                                            theirs)]
        for n in simulations:
            random_state = np.random.RandomState(seed)
            bot = py_ismcts.ISMCTSBot(os_state.get_game(), py_mcts.RandomRolloutEvaluator(1, random_state),
                                      c * HEARTS_SCALE, n, random_state=random_state)
            rows.append(Row(where, f"IS-MCTS {n:,}", "OpenSpiel Python",
                            _simulations_per_s(lambda: bot.step(os_state), n, 1 if n >= 10_000 else repeats)))
    return rows


def render(rows: list[Row], core: int | None) -> str:
    """A Markdown table: one line per position and measure, each engine's rate and deadeye's ratio to it."""
    engines = ("deadeye", "OpenSpiel C++", "OpenSpiel Python")
    table: dict[tuple[str, str], dict[str, float]] = {}
    for row in rows:
        table.setdefault((row.position, row.measure), {})[row.engine] = row.per_s
    lines = [f"Hearts, deadeye against OpenSpiel, one process on core {core if core is not None else '(any)'}; "
             "rates per second (clones, playouts, simulations), higher is better.", "",
             "| position | measure | deadeye | OpenSpiel C++ | OpenSpiel Python | deadeye / C++ | deadeye / Python |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for (position, what), rates in table.items():
        cells = [f"{rates[e]:,.0f}" if e in rates else "" for e in engines]
        ratios = [f"{rates['deadeye'] / rates[e]:,.1f}x" if e in rates else "" for e in engines[1:]]
        lines.append(f"| {position} | {what} | " + " | ".join(cells + ratios) + " |")
    return "\n".join(lines) + "\n"


def compare(seconds: float = 1.0, out: TextIO = sys.stdout) -> list[Row]:
    """Pin to one core, measure, print the table; the rows."""
    core = pin_to_one_core()
    rows = measure(seconds)
    print(render(rows, core), file=out, end="")
    return rows
