"""A tiny third-party engine for the arena tests, and a bot that misbehaves on purpose.

It speaks the deadeye protocol through ``engine_loop.py`` (it starts fast and knows no rules): ``hello``, and
``bot.choose_view``, which it answers with a random action from the view's ``legal`` list, drawn from the request's
``seed``.  From its ``N+1``-th choice in a game (the view's ``game_id``), it misbehaves as ``MODE`` says::

    python faulty_engine.py MODE [N]

    good      never misbehaves
    label     never misbehaves, and answers with the action's label instead of its id
    crash     writes a line to stderr and exits with status 3
    hang      never answers again (and ignores SIGTERM: only SIGKILL ends it)
    garbage   answers something that is not a move, by the game id modulo 5: 0 an unknown label, 1 a float action,
              2 a result without an action, 3 an error reply, 4 bytes that are not MessagePack
    illegal   answers an action id that is not legal
    budget    never misbehaves if the request's budget is {"time_ms": N}; answers an error reply otherwise
    v1        answers hello with protocol version 1 (the arena speaks 2)
"""
import os
import random
import signal
import sys
import time
from collections import Counter

from engine_loop import answer, out, serve

MODE = sys.argv[1]
LIMIT = int(sys.argv[2]) if len(sys.argv) > 2 else 0
choices: Counter = Counter()          # choices answered, per game id


def choose(msgid, params) -> None:
    view = params["view"]
    game_id = view.get("game_id", 0)
    legal = view["legal"]
    pick = random.Random(params.get("seed", 0)).choice(legal)
    if MODE == "budget":
        bad = params.get("budget") != {"time_ms": LIMIT}
    else:
        bad = MODE not in ("good", "label") and choices[game_id] >= LIMIT
    choices[game_id] += 1
    if not bad:
        answer(msgid, {"action": pick["label"] if MODE == "label" else pick["action"], "label": pick["label"],
                       "seat": view["seat"], "stats": {"bot": "faulty", "elapsed_ms": 0.0, "stopped": False,
                                                        "iterations": 0}})
    elif MODE == "crash":
        sys.stderr.write(f"faulty engine: dying on purpose in game {game_id}\n")
        sys.stderr.flush()
        os._exit(3)
    elif MODE == "hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(3600)
    elif MODE == "illegal":
        ids = {item["action"] for item in legal}
        answer(msgid, {"action": next(a for a in range(10_000) if a not in ids), "label": "?", "seat": view["seat"]})
    elif MODE == "budget":
        answer(msgid, error={"code": "invalid_params", "message": f"budget is {params.get('budget')!r}"})
    elif MODE == "garbage":
        kind = game_id % 5
        if kind == 0:
            answer(msgid, {"action": "dance a jig on the table", "seat": view["seat"]})
        elif kind == 1:
            answer(msgid, {"action": 2.5, "seat": view["seat"]})
        elif kind == 2:
            answer(msgid, {"label": pick["label"], "seat": view["seat"]})
        elif kind == 3:
            answer(msgid, error={"code": "internal", "message": "out of cheese"})
        else:
            out.write(b"\xc1\xc1\xc1")            # 0xc1 is never used in MessagePack
            out.flush()
    else:
        raise SystemExit(f"faulty engine: unknown mode {MODE!r}")


def hello(msgid, params) -> None:
    answer(msgid, {"engine": "faulty", "version": "0", "protocol": 1 if MODE == "v1" else 2, "games": [],
                   "bots": [f"faulty-{MODE}"], "methods": ["hello", "bot.choose_view"]})


def shutdown(msgid, params) -> bool:
    answer(msgid, {})
    return True


def main() -> int:
    return serve({"hello": hello, "bot.choose_view": choose, "shutdown": shutdown})


if __name__ == "__main__":
    sys.exit(main())
