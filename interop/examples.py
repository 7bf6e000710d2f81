"""Two learning runs end to end, one through each adaptor (docs/interop.md shows their output):

    python -m deadeye.interop.examples cfr --iterations 1000
    python -m deadeye.interop.examples tabular --episodes 20000

``cfr``: OpenSpiel's CFR on ``deadeye_kuhn_poker`` and on OpenSpiel's native ``kuhn_poker``, side by side: the same
exploitability at every checkpoint (the adaptor's tree is the native one).  ``tabular``: a tabular Monte Carlo
learner on the PettingZoo environment of Kuhn poker against a uniformly random opponent, from both seats; its win
rate against that opponent before and after training.  Both replay exactly from ``--seed``.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from typing import Sequence, TextIO

import numpy as np


def cfr_run(iterations: int, checkpoints: int = 5, out: TextIO = sys.stdout) -> list[tuple[int, float, float]]:
    """CFR on the adaptor and on the native game: ``[(iterations, native, adaptor exploitability)]``."""
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability

    from .openspiel import load_game

    games = (pyspiel.load_game("kuhn_poker"), load_game("kuhn-poker"))
    solvers = [cfr.CFRSolver(g) for g in games]
    marks = sorted({max(1, iterations * k // checkpoints) for k in range(1, checkpoints + 1)})
    rows = []
    print(f"{'iterations':>10}  {'kuhn_poker':>12}  {'deadeye_kuhn_poker':>18}", file=out)
    for i in range(1, iterations + 1):
        for solver in solvers:
            solver.evaluate_and_update_policy()
        if i in marks:
            values = [exploitability.exploitability(g, s.average_policy()) for g, s in zip(games, solvers)]
            rows.append((i, values[0], values[1]))
            print(f"{i:>10}  {values[0]:>12.6f}  {values[1]:>18.6f}", file=out)
    return rows


def _random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_episode(env, learner: str, q: dict | None, epsilon: float, rng: np.random.Generator,
                 seed: int) -> tuple[float, list[tuple[bytes, int]]]:
    """One game: ``learner`` picks epsilon-greedily from ``q`` (uniformly without it), the other seat at random;
    the learner's final reward and its (observation, action) pairs."""
    env.reset(seed=seed)
    visited, reward = [], 0.0
    for agent in env.agent_iter():
        obs, r, terminated, truncated, _ = env.last()
        if terminated or truncated:
            if agent == learner:
                reward = r
            env.step(None)
            continue
        mask = obs["action_mask"]
        if agent == learner and q is not None and rng.random() >= epsilon:
            key = obs["observation"].tobytes()
            legal = np.flatnonzero(mask)
            action = int(legal[np.argmax([q[key, int(a)][0] for a in legal])])
        else:
            action = _random_action(mask, rng)
        if agent == learner:
            visited.append((obs["observation"].tobytes(), action))
        env.step(action)
    return reward, visited


def tabular_run(episodes: int, seed: int = 0, evaluation: int = 2000,
                out: TextIO = sys.stdout) -> tuple[float, float]:
    """Monte Carlo control on Kuhn poker's PettingZoo environment: the win rate against a random opponent before
    and after ``episodes`` games of training (each seat half the time)."""
    from .pettingzoo import env as make_env

    env = make_env("kuhn-poker")
    rng = np.random.default_rng(seed)
    q: dict = defaultdict(lambda: [0.0, 0])           # (observation, action) -> [mean return, visits]

    def win_rate(table: dict | None) -> float:
        wins = sum(play_episode(env, f"seat_{k % 2}", table, 0.0, rng, 10 ** 9 + k)[0] for k in range(evaluation))
        return wins / evaluation

    before = win_rate(None)
    for k in range(episodes):
        reward, visited = play_episode(env, f"seat_{k % 2}", q, 0.1, rng, k)
        for key in visited:
            mean, n = q[key]
            q[key] = [mean + (reward - mean) / (n + 1), n + 1]
    after = win_rate(q)
    print(f"win rate against a random opponent over {evaluation} games: before {before:.3f}, after {episodes} "
          f"training games {after:.3f} ({len(q)} (observation, action) pairs learned)", file=out)
    return before, after


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deadeye.interop.examples", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("cfr", help="OpenSpiel's CFR on deadeye_kuhn_poker and kuhn_poker")
    c.add_argument("--iterations", type=int, default=1000)
    t = sub.add_parser("tabular", help="a tabular learner on Kuhn poker's PettingZoo environment")
    t.add_argument("--episodes", type=int, default=20000)
    t.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "cfr":
        cfr_run(args.iterations)
    else:
        tabular_run(args.episodes, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
