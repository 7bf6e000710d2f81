"""Run a server command and relay its stdout cut in two at a random byte, with a pause between the halves.

A test wraps `deadeye serve` in this so that the Node client's streaming decoder surely sees MessagePack values split
across reads. stdin is inherited by the server unchanged; the exit status is the server's.
Usage: python split_stdout.py SEED COMMAND...
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import time


def main() -> int:
    rng = random.Random(int(sys.argv[1]))
    server = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE)
    while data := os.read(server.stdout.fileno(), 1 << 16):
        cut = rng.randint(1, len(data))
        os.write(1, data[:cut])
        time.sleep(0.002)
        os.write(1, data[cut:])
    return server.wait()


if __name__ == "__main__":
    sys.exit(main())
