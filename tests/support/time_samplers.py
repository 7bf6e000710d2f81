"""Time ``InformationSet.sample()`` of Hearts, Colt Express, Wyatt Earp and BANG! in positions of random games, optionally against
another build of deadeye in the same run (``--against DIR``: a folder holding a ``deadeye`` package, run in a child
process with it first on ``sys.path``), and print the ratio.

    python tests/support/time_samplers.py --against /tmp/baseline [--only wyatt-earp]

Each build runs in its own process, alternately, ``--rounds`` times; the best time of each is kept (the machine is
shared, so the minimum is the least noisy figure).  By default the 60 information sets of a case are sampled in
turn, one seed each, ``--repeats`` times; with ``--per-set``, each is sampled ``--repeats`` times in a row, as a
search samples its root's.  The children run with ``OPENBLAS_NUM_THREADS=1`` (as deadeye now sets for itself, and
older builds did not): numpy's BLAS threads spin for a while after numpy is imported, and their CPU time would count
in ``process_time`` (twice the wall time of a short run on this 2-core machine).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time


def positions(game: str, seed: int, count: int, late: bool = False, first_round: bool = False, **options) -> list:
    """(state, seat) pairs every few moves of random games (with ``late``, Hearts positions from trick 8 on; with
    ``first_round``, Colt Express positions before the first keep phase, which both builds reach alike)."""
    from deadeye.core import new_game
    out, rng = [], random.Random(seed)
    while len(out) < count:
        state = new_game(game, seed=rng.getrandbits(32), **options)
        moves = 0
        while not state.is_terminal():
            if first_round and (state.round > 1 or state.phase == "keep"):
                break
            if moves % 7 == 3 and not (late and state.to_dict()["state"]["n_played"] < 28):
                out.append((state.clone(), rng.randrange(state.num_players())))
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return out[:count]


CASES = {
    "hearts": dict(game="hearts", players=4),
    "hearts, trick 8 on": dict(game="hearts", players=4, late=True),
    "colt-express 4p base": dict(game="colt-express", players=4),
    "colt-express 4p advanced": dict(game="colt-express", players=4, advanced=True),
    "colt-express 2p": dict(game="colt-express", players=2),
    "colt-express 4p adv round 1": dict(game="colt-express", players=4, advanced=True, first_round=True),
    "colt-express 2p round 1": dict(game="colt-express", players=2, first_round=True),
    "wyatt-earp 2p": dict(game="wyatt-earp", players=2),
    "wyatt-earp 4p": dict(game="wyatt-earp", players=4),
    "wyatt-earp 6p": dict(game="wyatt-earp", players=6),
    "bang 4p": dict(game="bang", players=4),
    "bang 7p": dict(game="bang", players=7),
}


def measure(repeats: int, only: str = "", per_set: bool = False) -> dict:
    """Microseconds per sample() call in each case (those whose name holds ``only``), over the same positions."""
    from deadeye.core import list_games

    out = {}
    for name, options in CASES.items():
        options = dict(options)
        game = options.pop("game")
        if only not in name or game not in [g.name for g in list_games()]:      # an older build may lack it
            continue
        infos = [s.information_set(p) for s, p in positions(game, 7, 60, **options)]
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            if per_set:
                for info in infos:
                    for i in range(repeats):
                        info.sample(i)
            else:
                for i in range(repeats):
                    for info in infos:
                        info.sample(i)
            best = min(best, time.process_time() - t)
        out[name] = best / (repeats * len(infos)) * 1e6
    return out


def child(path: str | None, repeats: int, only: str = "", per_set: bool = False) -> dict:
    """``measure`` in a fresh process, with ``path`` (a folder holding a ``deadeye`` package) first on sys.path."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    env.pop("PYTHONPATH", None)
    if path:
        env["PYTHONPATH"] = path
    done = subprocess.run([sys.executable, os.path.abspath(__file__), "--json", "--repeats", str(repeats),
                           "--only", only] + (["--per-set"] if per_set else []),
                          env=env, capture_output=True, text=True, check=True, cwd="/")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", help="folder with another deadeye package to time in the same run")
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3, help="alternate the two builds this many times, keep the best")
    parser.add_argument("--only", default="", help="time only the cases whose name holds this text")
    parser.add_argument("--per-set", action="store_true", help="sample each information set --repeats times in a row")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.repeats, args.only, args.per_set)))
        return
    mine, other = {}, {}
    for _ in range(args.rounds):
        for best, path in ((mine, None), (other, args.against)):
            if path is None and best is other:
                continue
            for name, us in child(path, args.repeats, args.only, args.per_set).items():
                best[name] = min(best.get(name, us), us)
    for name, us in mine.items():
        line = f"{name:28s} {us:8.2f} us/sample"
        if name in other:
            line += f"   other build {other[name]:8.2f} us   ratio {us / other[name]:.2f}"
        print(line)


if __name__ == "__main__":
    main()
