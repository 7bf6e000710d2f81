"""What pondering costs and gives on this machine: a Hearts game refereed by an in-process Server; seats 1-3 move by
bot.choose with 50 ms each (ismcts), seat 0 by bot.choose with 1000 iterations (ismcts:reuse=1); with --ponder,
seat 0 ponders from its move until its next choice.  Prints the other seats' iterations per 50 ms choice and seat
0's kept tree.  Usage: python tools/ponder_cost.py GAMES [--ponder]"""
import statistics
import sys
from deadeye.protocol.server import Server

ponder = "--ponder" in sys.argv
games = int(sys.argv[1])
seq = 0
def call(server, method, **params):
    global seq
    seq += 1
    return server.call(method, params, seq, seq)
other_its, kept, pondered = [], [], []
for g in range(games):
    server = Server()
    gid = call(server, "game.new", game="hearts", players=4, seed=100 + g)["game_id"]
    status = "playing"
    while status == "playing":
        truth = server._games[gid].state          # the referee's state: the harness picks the seat to ask
        seat = truth.current_player()
        if seat == 0:
            r = call(server, "bot.choose", game_id=gid, seat=0, bot="ismcts:iterations=1000,reuse=1")
            if len(truth.legal_actions()) > 1:
                kept.append(r["stats"]["kept"]); pondered.append(r["stats"].get("pondered", 0))
        else:
            r = call(server, "bot.choose", game_id=gid, seat=seat, bot="ismcts", budget={"time_ms": 50})
            if len(truth.legal_actions()) > 1:
                other_its.append(r["stats"]["iterations"])
        reply = call(server, "game.apply", game_id=gid, action=r["action"])
        status = reply["status"]
        if ponder and seat == 0 and status == "playing":
            call(server, "bot.ponder", game_id=gid, seat=0, bot="ismcts:iterations=1000,reuse=1")
    server.close()
print(f"ponder={ponder}: other seats {statistics.mean(other_its):.0f} iterations per 50 ms choice "
      f"(median {statistics.median(other_its):.0f}, {len(other_its)} choices); seat 0 kept tree mean "
      f"{statistics.mean(kept):.0f} nodes (median {statistics.median(kept):.0f}), pondered mean "
      f"{statistics.mean(pondered):.0f} iterations, over {len(kept)} decisions")
