"""Time ``InformationSet.sample()`` of Hearts and Colt Express in positions of random games, optionally against
another build of deadeye in the same run (``--against DIR``: a folder holding a ``deadeye`` package, run in a child
process with it first on ``sys.path``), and print the ratio.

    python tests/support/time_samplers.py --against /tmp/baseline
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time


def positions(game: str, seed: int, count: int, **options) -> list:
    """(state, seat) pairs every few moves of random games."""
    from deadeye.core import new_game
    out, rng = [], random.Random(seed)
    while len(out) < count:
        state = new_game(game, seed=rng.getrandbits(32), **options)
        moves = 0
        while not state.is_terminal():
            if moves % 7 == 3:
                out.append((state.clone(), rng.randrange(state.num_players())))
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return out[:count]


CASES = {
    "hearts": dict(game="hearts", players=4),
    "colt-express 4p base": dict(game="colt-express", players=4),
    "colt-express 4p advanced": dict(game="colt-express", players=4, advanced=True),
    "colt-express 2p": dict(game="colt-express", players=2),
}


def measure(repeats: int) -> dict:
    """Microseconds per sample() call in each case, over the same positions."""
    out = {}
    for name, options in CASES.items():
        options = dict(options)
        game = options.pop("game")
        infos = [s.information_set(p) for s, p in positions(game, 7, 60, **options)]
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            for i in range(repeats):
                for info in infos:
                    info.sample(i)
            best = min(best, time.perf_counter() - t)
        out[name] = best / (repeats * len(infos)) * 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", help="folder with another deadeye package to time in the same run")
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    mine = measure(args.repeats)
    if args.json:
        print(json.dumps(mine))
        return
    other = {}
    if args.against:
        env = dict(os.environ, PYTHONPATH=args.against)
        done = subprocess.run([sys.executable, os.path.abspath(__file__), "--json", "--repeats", str(args.repeats)],
                              env=env, capture_output=True, text=True, check=True, cwd="/")
        other = json.loads(done.stdout)
    for name, us in mine.items():
        line = f"{name:28s} {us:8.2f} us/sample"
        if name in other:
            line += f"   other build {other[name]:8.2f} us   ratio {us / other[name]:.2f}"
        print(line)


if __name__ == "__main__":
    main()
