"""How often an arena killed while it starts engines leaves processes behind. A stand-in arena starts engines
through deadeye's launcher every 3 ms (each leaves a setsid sleeper, like a daemon); it is killed by SIGKILL after
0.3-0.6 s, and two seconds later every process that carries the run's marker counts as left behind (then killed).
Usage: python tools/kill_while_starting.py [ARENAS] [--sandbox]"""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

SPY = Path(__file__).resolve().parents[1] / "tests" / "bots" / "spy_engine.py"
ARENA = """
import subprocess, sys, time
from deadeye.protocol.launcher import launch
engines = []
while True:
    started = launch([sys.executable, sys.argv[1], "forker", sys.argv[2]], sandbox=sys.argv[3] == "1")
    engines.append(subprocess.Popen(started.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=started.env,
                                    pass_fds=started.pass_fds, start_new_session=True))
    started.started()
    time.sleep(0.003)
"""


def marked(marker: bytes) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "cmdline").read_bytes() and \
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.add(int(entry.name))
        except OSError:
            pass
    return found


def main() -> None:
    arenas = int(next((a for a in sys.argv[1:] if a.isdigit()), 20))
    sandbox = "--sandbox" in sys.argv
    rng = random.Random(0)
    leaky = 0
    for i in range(arenas):
        marker = f"deadeye-kill-while-starting-{os.getpid()}-{i}"
        arena = subprocess.Popen([sys.executable, "-c", ARENA, str(SPY), marker, "1" if sandbox else "0"],
                                 start_new_session=True)
        time.sleep(0.3 + 0.3 * rng.random())
        arena.kill()
        arena.wait()
        time.sleep(2)
        left = marked(marker.encode())
        leaky += bool(left)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    print(f"{leaky} of {arenas} killed arenas left processes behind")


if __name__ == "__main__":
    main()
