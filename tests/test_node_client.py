"""The Node.js front end (tests/clients/node/play.mjs), written from docs/protocol.md alone, against `deadeye serve`.

It plays whole 3-player Wyatt Earp games in referee mode: two seats by engine bots through `bot.choose`, one seat by
its own seeded random picks from `game.view`. The script checks every reply itself and prints a JSON summary; these
tests check that summary, that the same seed replays the same game, and that the script fails loudly (exit 1, a
message on stderr, no summary) when the server misbehaves. Skipped without `node` or without `npm ci` having been run
in tests/clients/node.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NODE_DIR = Path(__file__).parent / "clients" / "node"
SERVE = [sys.executable, "-m", "deadeye.protocol.cli", "serve"]   # the venv's python running the server


def _skip_reason() -> str | None:
    if shutil.which("node") is None:
        return "node is not on PATH"
    if not (NODE_DIR / "node_modules" / "@msgpack" / "msgpack").is_dir():
        return f"{NODE_DIR / 'node_modules'} is missing: run `npm ci` in {NODE_DIR}"
    return None


pytestmark = pytest.mark.skipif(_skip_reason() is not None, reason=_skip_reason() or "")


def run_client(*args: str, server: list[str] = SERVE, timeout_ms: int = 240_000) -> subprocess.CompletedProcess:
    """Run play.mjs with these options against `server`; the process timeout is wider than the script's own guard."""
    command = ["node", str(NODE_DIR / "play.mjs"), "--timeout-ms", str(timeout_ms), *args, "--", *server]
    return subprocess.run(command, cwd=NODE_DIR, capture_output=True, text=True, timeout=timeout_ms / 1000 + 60)


def summary_of(run: subprocess.CompletedProcess) -> dict:
    assert run.returncode == 0, f"play.mjs failed (status {run.returncode}): {run.stderr}"
    lines = run.stdout.splitlines()
    assert len(lines) == 1, f"one line of JSON expected on stdout, got {run.stdout!r}"
    return json.loads(lines[0])


@pytest.mark.parametrize("seed, seats", [
    (3, "random,ismcts:iterations=50,self"),
    (5, "self,heuristic,ismcts:iterations=50"),
])
def test_node_client_plays_a_whole_game(seed, seats):
    summary = summary_of(run_client("--seed", str(seed), "--seats", seats))
    assert (summary["engine"], summary["protocol"], summary["game"]) == ("deadeye", 2, "wyatt-earp")
    assert summary["seed"] == seed and summary["seats"] == seats.split(",")
    assert summary["status"] == "over" and summary["server_exit"] == 0
    assert summary["moves"] == summary["self_moves"] + summary["bot_moves"]
    assert summary["self_moves"] > 0 and summary["bot_moves"] > 0
    assert summary["by_label"] == summary["self_moves"] // 2     # every other own move was applied by its label
    result = summary["result"]
    assert len(result["returns"]) == 3 and len(result["scores"]) == 3
    assert sum(result["returns"]) == pytest.approx(1.0)
    winners = {seat for seat, r in enumerate(result["returns"]) if r > 0}
    assert winners == {seat for seat, s in enumerate(result["scores"]) if s == max(result["scores"])}
    assert max(result["scores"]) >= 25_000                       # Wyatt Earp ends once someone has $25,000
    assert summary["final_view_result"] == result


def test_node_client_same_seed_same_game():
    """Seeded server, iteration budgets and the client's seeded picks: the whole game replays over the wire."""
    first = summary_of(run_client("--seed", "3"))
    again = summary_of(run_client("--seed", "3"))
    other = summary_of(run_client("--seed", "4"))
    for summary in (first, again):
        del summary["stream"]["chunks"]                          # how the pipe cut the bytes varies; nothing else
    assert again == first
    assert (other["moves"], other["result"]) != (first["moves"], first["result"])


def test_node_client_decodes_values_split_across_reads():
    """The server's stdout relayed in two halves per write: the same game, every value decoded across reads."""
    plain = summary_of(run_client("--seed", "3"))
    split = summary_of(run_client("--seed", "3", server=[sys.executable, str(NODE_DIR / "split_stdout.py"), "1",
                                                         *SERVE]))
    assert split["stream"]["chunks"] > split["stream"]["messages"]   # some values surely arrived in pieces
    assert (split["stream"]["messages"], split["stream"]["bytes"]) == (plain["stream"]["messages"],
                                                                     plain["stream"]["bytes"])
    for summary in (plain, split):
        del summary["stream"]
    assert split == plain


@pytest.mark.parametrize("server, message", [
    (["/nonexistent/deadeye-serve"], "cannot run"),
    ([sys.executable, "-c", "import sys; sys.stdout.write('not msgpack')"], "contract broken"),
    ([sys.executable, "-c", "import sys; sys.stdout.buffer.write(bytes([0xc1]))"], "not MessagePack"),
    ([sys.executable, "-c", "pass"], "closed its stdout|write EPIPE"),   # which the client meets first is a race
    ([sys.executable, "-c", "import time; time.sleep(60)"], "within 3000 ms|timed out after 3000 ms"),
])
def test_node_client_fails_loudly_on_a_broken_server(server, message):
    run = run_client("--seed", "1", server=server, timeout_ms=3000)
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr.startswith("play.mjs: ") and re.search(message, run.stderr), run.stderr
