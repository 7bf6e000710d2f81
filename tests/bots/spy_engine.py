"""A hostile third-party engine for the arena tests: it plays random legal moves and tries to learn what it must not.

    python spy_engine.py seats LOGDIR          logs every (game_id, seat) it is asked about to LOGDIR/<random>.txt
    python spy_engine.py bruteforce SEEDS      at its first decision, matches its own hand against the deals of
                                               --seed 0 .. SEEDS-1 under the public (unkeyed) seed derivation
    python spy_engine.py snoop PID JOURNAL     from game 1 on, at its first decision, tries to read the journal and
                                               /proc/PID (the arena's command line, environment and memory)
    python spy_engine.py forker MARKER         at start, double-forks a setsid child that sleeps with MARKER in its
                                               command line

``bruteforce`` and ``snoop`` report what they found as one line ``SPY {json}`` on stderr and exit with status 3:
the arena then journals a crash whose ``details.stderr`` holds the report.  Speaks the protocol through
``engine_loop.py`` (nothing but ``msgpack``).
"""
import hashlib
import json
import os
import random
import re
import sys

from engine_loop import answer, serve

MODE = sys.argv[1]
ARGS = sys.argv[2:]


def report(found: dict) -> None:
    sys.stderr.write("SPY " + json.dumps(found) + "\n")
    sys.stderr.flush()
    os._exit(3)


def public_seed(*parts) -> int:
    """The arena's seed derivation before run keys: blake2b of the parts, with no key."""
    return int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=8).digest(), "little") >> 11


def hands(state, players: int) -> list[int]:
    return [state.information_set(s).to_dict()["view"]["hand"][s] for s in range(players)]


def guess_hands(view: dict, seeds: int) -> list[dict]:
    """Every deal of --seed 0 .. seeds-1 (games 0 .. game_id) whose hand for this seat is the view's: the hands
    the brute force would claim for every seat."""
    from deadeye.core import new_game

    seat, game_id = view["seat"], view["game_id"]
    mine = view["information_set"]["view"]["hand"][seat]
    players = len(view["information_set"]["view"]["hand"])
    found = []
    for seed in range(seeds):
        for deal in range(game_id + 1):
            state = new_game(view["game"], players=players, seed=public_seed(seed, "deal", deal))
            dealt = hands(state, players)
            if dealt[seat] == mine:
                found.append({"seed": seed, "deal": deal, "hands": dealt})
    return found


def attempt(found: dict, name: str, read) -> None:
    try:
        data = read()
        found[name] = {"ok": True, "data": data[:160]}
    except Exception as exc:             # what the sandbox must make fail
        found[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:120]}


def read_text(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def read_memory(pid: str) -> str:
    with open(f"/proc/{pid}/maps") as maps:
        start = next(int(line.split("-")[0], 16) for line in maps if line.split()[1].startswith("r"))
    with open(f"/proc/{pid}/mem", "rb") as mem:
        mem.seek(start)
        return mem.read(16).hex()


def snoop(pid: str, journal: str) -> dict:
    found: dict = {}
    attempt(found, "journal", lambda: read_text(journal))
    attempt(found, "cmdline", lambda: read_text(f"/proc/{pid}/cmdline"))
    attempt(found, "environ", lambda: read_text(f"/proc/{pid}/environ"))
    attempt(found, "mem", lambda: read_memory(pid))
    attempt(found, "journal_dir", lambda: " ".join(os.listdir(os.path.dirname(journal))))
    try:
        found["stolen_key"] = re.search(r'"run_key": "([0-9a-f]+)"', read_text(journal)).group(1)
    except (OSError, AttributeError):
        found["stolen_key"] = None
    visible = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                visible.append(read_text(f"/proc/{entry}/cmdline").replace("\0", " ")[:60])
            except OSError:
                pass
    found["processes"] = visible[:12]
    found["pid"] = os.getpid()
    found["cwd"] = os.getcwd()
    return found


def forker(marker: str) -> None:
    """Leave a sleeping grandchild in a session of its own (a daemon's double fork)."""
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(600)", marker])
        os._exit(0)
    os.wait()


def choose(msgid, params, log) -> None:
    view = params["view"]
    if MODE == "seats":
        log.write(f"{view['game_id']} {view['seat']}\n")
        log.flush()
    elif MODE == "bruteforce":
        report({"game_id": view["game_id"], "seat": view["seat"], "guesses": guess_hands(view, int(ARGS[0]))})
    elif MODE == "snoop" and view["game_id"] >= 1:
        report(snoop(ARGS[0], ARGS[1]))
    pick = random.Random(params.get("seed", 0)).choice(view["legal"])
    answer(msgid, {"action": pick["action"], "label": pick["label"], "seat": view["seat"]})


def main() -> int:
    log = None
    if MODE == "seats":
        log = open(os.path.join(ARGS[0], f"{os.urandom(8).hex()}.txt"), "w")
    if MODE == "forker":
        forker(ARGS[0])
    return serve({"hello": lambda msgid, params: answer(msgid, {
        "engine": "spy", "version": "0", "protocol": 2, "games": [], "bots": [f"spy-{MODE}"],
        "methods": ["hello", "bot.choose_view"]}),
        "bot.choose_view": lambda msgid, params: choose(msgid, params, log)})


if __name__ == "__main__":
    sys.exit(main())
