"""Screen the BANG! heuristic against itself blind to the suspicion record (``BangHeuristic(suspicion=False)``, the
heuristic before the record), in the arena's focus sense: one lone seat among copies of the other, the lone seat
rotated over the seats and the roles dealt from each game's seed, reported per role of the lone seat.

    python tools/bang_heuristic_screen.py PLAYERS GAMES

prints, for "new among old", "old among old", "old among new" and "new among new", the lone seat's win rate per
role (the same deals and seeds in each line, so "new among old" against "old among old" is the new heuristic's gain
as a lone seat, and "new among new" against "old among new" its gain among new copies).
"""
from __future__ import annotations

import random
import sys
from collections import defaultdict

from deadeye.core.bang import new_state
from deadeye.core.bang.heuristic import BangHeuristic


def focus_wins(players: int, games: int, lone: BangHeuristic, crowd: BangHeuristic) -> dict[str, tuple[int, float]]:
    """Games and win rate of the lone seat, per role and "all"; game g seats it at g mod players, deal seed 1000 + g."""
    wins: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for g in range(games):
        state, rng, seat = new_state(players=players, seed=1000 + g), random.Random(g), g % players
        while not state.is_terminal():
            bot = lone if state.current_player() == seat else crowd
            state.apply_action(bot.choose(state, rng.getrandbits(32)))
        for key in (state.roles()[seat], "all"):
            wins[key] += state.returns()[seat]
            count[key] += 1
    return {k: (count[k], wins[k] / count[k]) for k in sorted(count)}


def main(argv: list[str]) -> None:
    players, games = int(argv[0]), int(argv[1])
    new, old = BangHeuristic(), BangHeuristic(suspicion=False)
    for name, lone, crowd in (("new among old", new, old), ("old among old", old, old),
                              ("old among new", old, new), ("new among new", new, new)):
        rates = focus_wins(players, games, lone, crowd)
        print(f"{players} players, {name}: " + ", ".join(f"{k} {w:.1%} of {n}" for k, (n, w) in rates.items()))


if __name__ == "__main__":
    main(sys.argv[1:])
