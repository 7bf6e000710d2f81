"""Kept-tree size of ismcts:iterations=1000,reuse=1 in self-play, per searched decision (more than one legal move).
Usage: python tools/reuse_kept.py GAME PLAYERS GAMES"""
import statistics
import sys
from deadeye.bots import make_bot
from deadeye.core import new_game
from deadeye.core.observation import apply_observed
game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
kept, share, reused, decisions = [], [], 0, 0
for g in range(games):
    state = new_game(game, players=players, seed=1000 + g)
    bots = [make_bot("ismcts:iterations=1000,reuse=1", seed=g * 10 + s) for s in range(players)]
    for s, b in enumerate(bots):
        b.new_game(state.information_set(s))
    while not state.is_terminal():
        seat = state.current_player()
        info = state.information_set(seat)
        a = bots[seat].choose(info)
        if len(info.legal_actions()) > 1:
            decisions += 1
            k = bots[seat].kept
            kept.append(k); share.append(k / bots[seat].last.tree_size); reused += k > 0
        seen = apply_observed(state, a)
        for s, b in enumerate(bots):
            b.observe(seen[s], state.information_set(s))
print(f"{game} {players}p: {decisions} searched decisions, {reused / decisions:.0%} from a kept tree, kept nodes "
      f"mean {statistics.mean(kept):.0f} median {statistics.median(kept):.0f}, kept share of the searched tree "
      f"mean {statistics.mean(share):.0%}")
