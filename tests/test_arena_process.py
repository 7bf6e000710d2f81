"""The arena over processes: forfeits by cause, third-party engines, the same games as in process, reaping."""
import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from deadeye.bots.arena import (IN_PROCESS, JOURNAL, REPORT, ArenaConfig, ArenaError, Forfeit, _read_answer,
                                decision_seed, load_records, plan_games, play_game, run_arena)
from deadeye.bots.registry import BotSpecError, split_seed
from deadeye.bots.report import summarize
from deadeye.core import new_game
from deadeye.protocol.cli import main
from deadeye.protocol.client import DEFAULT_COMMAND
from deadeye.protocol.referee import EngineSpec, ProcessTransport, engine_spec

GAME = "wyatt-earp"
FAULTY = Path(__file__).parent / "bots" / "faulty_engine.py"
LINUX_PROC = Path("/proc/self/task").exists()
GRACE_MS = 2000.0       # generous: a well-behaved engine on a loaded machine must never time out
KEY = bytes(range(100, 132))    # the run key of the runs that other runs or plans reproduce


def faulty(mode: str, n: int = 0) -> str:
    """The arena spec of tests/bots/faulty_engine.py in ``mode``, misbehaving from its ``n+1``-th choice of a game."""
    return "cmd:" + shlex.join([sys.executable, str(FAULTY), mode, str(n)])


DEADEYE_SERVE = shlex.join(DEFAULT_COMMAND)


def arena(out: Path, bots, games: int, transport=None, **kw):
    kw.setdefault("workers", 1)
    kw.setdefault("progress", False)
    kw.setdefault("seed", 3)
    kw.setdefault("run_key", KEY)
    return run_arena(ArenaConfig(game=GAME, bots=tuple(bots), games=games, out=out,
                                 transport=transport or ProcessTransport(grace_ms=GRACE_MS), **kw))


def journal(out: Path) -> list[dict]:
    """The journal's lines, each a JSON record, every index exactly once (checked), by index."""
    text = (out / JOURNAL).read_text()
    assert text.endswith("\n")
    records = [json.loads(line) for line in text.splitlines()]
    assert sorted(r["index"] for r in records) == list(range(len(records)))
    return sorted(records, key=lambda r: r["index"])


def played(records) -> list[tuple]:
    """What must not depend on the transport, the workers or the clock: the moves and the results."""
    return [(r["index"], r["seats"], r["moves"], r["returns"], r["scores"], r["ranks"],
             r["crash"] and (r["crash"]["seat"], r["crash"]["cause"], r["crash"]["ply"])) for r in records]


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found.update(int(c) for c in (task / "children").read_text().split())
        except FileNotFoundError:
            pass
    return found


def _descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        for child in _children(todo.pop()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return b""


@pytest.fixture(autouse=True)
def no_engine_left_behind():
    """Every test of this file must leave no child process of the test runner behind (but multiprocessing's
    resource tracker, which serves the test runner until it exits)."""
    before = _descendants(os.getpid()) if LINUX_PROC else set()
    yield
    if LINUX_PROC:
        deadline = time.monotonic() + 5
        while left := {p for p in _descendants(os.getpid()) - before
                       if _alive(p) and b"resource_tracker" not in _cmdline(p)}:
            assert time.monotonic() < deadline, f"processes outlived their arena: {[_cmdline(p) for p in left]}"
            time.sleep(0.02)


# --- specs and seeds -------------------------------------------------------------------------------------------------

def test_engine_specs_and_decision_seeds():
    assert engine_spec("random:seed=4") == EngineSpec(tuple(DEFAULT_COMMAND), "random")
    assert engine_spec("cmd:./engine -x 'a b'") == EngineSpec(("./engine", "-x", "a b"), None)
    assert engine_spec("cmd:bot=hard:seed=2 deadeye serve").bot == "hard:seed=2"
    for bad, message in (("cmd:", "needs a command line"), ("cmd:bot=x", "needs a command line"),
                         ("cmd:bot= ./e", "names no bot"), ("cmd:'./e", "quotation")):
        with pytest.raises(BotSpecError, match=message):
            engine_spec(bad)
    assert split_seed("hard:seed=2,c=0.5") == ("ismcts:iterations=5000,c=0.5", 2)
    with pytest.raises(BotSpecError, match="not an integer"):
        split_seed("random:seed=x")
    # a spec's own seed replaces the seat's; a cmd: spec's parameters are its engine's business
    assert decision_seed("random:seed=5", 1, 7, KEY) == decision_seed("random:seed=5", 2, 7, KEY)
    assert decision_seed("random", 1, 7, KEY) != decision_seed("random", 2, 7, KEY)
    assert decision_seed("random", 2, 7, KEY) != decision_seed("random", 2, 8, KEY)
    assert decision_seed("cmd:e seed=5", 1, 7, KEY) == decision_seed("random", 1, 7, KEY)
    assert decision_seed("random", 1, 7, KEY) != decision_seed("random", 1, 7, bytes(32))     # the key counts
    with pytest.raises(ValueError, match="cause"):
        Forfeit("bored", "x")


# --- forfeits --------------------------------------------------------------------------------------------------------

def test_the_referee_judges_answers_and_a_bad_one_changes_nothing():
    state = new_game(GAME, players=2, seed=1)
    before = state.clone()
    for answer, cause, message in ((True, "garbage", "not an action id"), (None, "garbage", "not an action id"),
                                   (2.0, "garbage", "not an action id"), ("jump", "garbage", "unknown label 'jump'"),
                                   (-5, "illegal", "action -5 is not an action of"), (2**40, "illegal", "not an action of"),
                                   (10**6, "illegal", "not an action of")):
        with pytest.raises(Forfeit, match=message) as caught:
            _read_answer(state, answer)
        assert caught.value.cause == cause and state == before
    label = state.action_label(state.legal_actions()[-1])
    assert _read_answer(state, label) == before.legal_actions()[-1] and state != before
    first = before.legal_actions()[0]
    assert _read_answer(before, first) == first


MODES = {1: ("crash", 3), 2: ("hang", 2), 3: ("garbage", 1), 4: ("illegal", 2)}     # bot index -> mode, N
CAUSES = {"crash": "crash", "hang": "timeout", "garbage": "garbage", "illegal": "illegal"}
MIXED = ("random",) + tuple(faulty(mode, n) for mode, n in MODES.values()) + ("heuristic",)


def decisions_before(record: dict) -> list[int]:
    """How many decisions each seat made in the game, replayed from its moves (the moves are legal: checked)."""
    state = new_game(record["game"], players=record["players"], seed=record["game_seed"])
    counts = [0] * record["players"]
    for action in record["moves"]:
        counts[state.current_player()] += 1
        state.apply_action(action)
    if record["crash"] is not None:
        assert state.current_player() == record["crash"]["seat"]        # the forfeit is the seat to move's
    return counts


def test_a_mixed_run_accounts_for_every_game_and_blames_the_right_bot(tmp_path):
    """Six bots, two of them well behaved, in every pairing of the rotation, over two workers: each faulty engine
    forfeits the game where it first misbehaves, with its own cause, and nothing else is disturbed."""
    out = tmp_path / "mixed"
    result = arena(out, MIXED, games=6, players=2, workers=2)
    records = journal(out)
    assert len(records) == 6 and result.played == 6
    for r in records:
        counts = decisions_before(r)
        faulty_seats = [s for s, b in enumerate(r["lineup"]) if b in MODES]
        if not faulty_seats:                                             # heuristic against random: a whole game
            assert r["crash"] is None and sorted(r["returns"]) == [0.0, 1.0]
            assert r["seats"] == ["heuristic", "random"]
            continue
        crash = r["crash"]
        assert crash is not None and crash["seat"] in faulty_seats and crash["ply"] == r["num_moves"]
        mode, n = MODES[r["lineup"][crash["seat"]]]
        assert crash["cause"] == CAUSES[mode] and crash["bot"] == faulty(mode, n)
        assert counts[crash["seat"]] == n                                # it misbehaved at its (n+1)-th choice
        for seat in faulty_seats:                                        # any other faulty seat was still good
            assert counts[seat] <= MODES[r["lineup"][seat]][1]
        assert r["returns"] == [0.0, 0.0]
        assert r["ranks"][crash["seat"]] == 2.0 and r["ranks"][1 - crash["seat"]] == 1.0
        if mode == "crash":
            assert crash["details"]["exit_status"] == 3
            assert f"dying on purpose in game {r['index']}" in crash["details"]["stderr"]
        if mode == "hang":
            assert crash["details"]["limit_ms"] == GRACE_MS and "no answer within 2000 ms" in crash["error"]
        if mode == "illegal":
            assert crash["error"].startswith("IllegalActionError") and isinstance(crash["details"]["answer"], int)
    assert {r["crash"]["cause"] for r in records if r["crash"]} == {"crash", "timeout", "garbage", "illegal"}
    # the game between the two well-behaved bots is move for move the in-process game of the same plan
    plans = plan_games(GAME, MIXED, 2, 6, seed=3, run_key=KEY)
    good = next(r for r in records if r["crash"] is None)
    in_process = play_game(plans[good["index"]])
    assert good["moves"] == in_process.moves and good["returns"] == in_process.returns
    assert good["transport"] == "process" and in_process.transport == "inprocess"
    # the report counts each faulty bot's forfeits under its cause
    stats = {b.spec: b for b in result.summary.bots}
    for mode, n in MODES.values():
        forfeits = [r for r in records if r["crash"] and r["crash"]["bot"] == faulty(mode, n)]
        assert stats[faulty(mode, n)].forfeits[CAUSES[mode]] == stats[faulty(mode, n)].crashes == len(forfeits)
    assert stats["random"].crashes == stats["heuristic"].crashes == 0
    text = (out / REPORT).read_text()
    assert "| bot | crash | timeout | garbage | illegal | total |" in text
    assert "forfeits: 5 (" in text
    assert "transport: process (a bot forfeits when an answer takes more than 2000 ms)" in text


GARBAGE = {0: "unknown label 'dance a jig on the table'", 1: "not an action id or a label: 2.5",
           2: "the result holds no action", 3: "answered the error internal: out of cheese",
           4: "bytes that are not MessagePack"}


def test_every_kind_of_garbage_is_a_garbage_forfeit(tmp_path):
    records = arena(tmp_path / "garbage", ("random", faulty("garbage", 1)), games=5).records
    for r in records:
        crash = r["crash"]
        assert crash["cause"] == "garbage" and r["lineup"][crash["seat"]] == 1, crash
        assert GARBAGE[r["index"]] in crash["error"], crash["error"]
        assert decisions_before(journal(tmp_path / "garbage")[r["index"]])[crash["seat"]] == 1


# --- the same games as in process ------------------------------------------------------------------------------------

def test_the_same_games_in_process_and_over_processes(tmp_path):
    bots = ("random", "ismcts:iterations=50")
    inproc = arena(tmp_path / "in", bots, games=2, transport=IN_PROCESS)
    arena(tmp_path / "proc", bots, games=2, workers=2)
    assert played(journal(tmp_path / "in")) == played(journal(tmp_path / "proc"))
    assert all(r["crash"] is None for r in inproc.records)
    assert {r["transport"] for r in journal(tmp_path / "proc")} == {"process"}
    # deadeye serve entered as a third-party engine, with bot= naming its bot: the same games again
    arena(tmp_path / "cmd", (f"cmd:bot=random {DEADEYE_SERVE}", "ismcts:iterations=50"), games=2)
    assert [r["moves"] for r in journal(tmp_path / "cmd")] == [r["moves"] for r in journal(tmp_path / "in")]


def test_answers_by_label_play_the_same_moves_as_answers_by_id(tmp_path):
    arena(tmp_path / "id", (faulty("good"), "random"), games=2)
    arena(tmp_path / "label", (faulty("label"), "random"), games=2)
    ids, labels = journal(tmp_path / "id"), journal(tmp_path / "label")
    assert [r["moves"] for r in ids] == [r["moves"] for r in labels]
    assert all(r["crash"] is None and r["num_moves"] > 20 for r in labels)


def test_resume_a_process_run_and_an_old_journal(tmp_path):
    out = tmp_path / "resumed"
    arena(out, ("random", "random:seed=9"), games=2)
    result = arena(out, ("random", "random:seed=9"), games=4, resume=True, workers=2)
    assert result.skipped == 2 and result.played == 2
    straight = arena(tmp_path / "straight", ("random", "random:seed=9"), games=4, transport=IN_PROCESS)
    assert played(journal(out)) == played(journal(tmp_path / "straight"))
    assert straight.summary.bots[0].wins + straight.summary.bots[1].wins == 4
    with pytest.raises(ArenaError, match="--move-ms None, not 50"):
        arena(out, ("random", "random:seed=9"), games=4, resume=True, move_ms=50)
    # a journal written before transports, forfeit causes and budgets: --resume finishes it
    old = tmp_path / "old"
    arena(old, ("random", "random:seed=9"), games=2, transport=IN_PROCESS)
    lines = []
    for r in journal(old):
        for key in ("transport", "budget_ms", "grace_ms"):
            del r[key]
        lines.append(json.dumps(r) + "\n")
    (old / JOURNAL).write_text("".join(lines))
    result = arena(old, ("random", "random:seed=9"), games=4, resume=True, transport=IN_PROCESS)
    records = journal(old)
    assert result.skipped == 2 and [("transport" in r) for r in records] == [False, False, True, True]
    assert played(records) == played(journal(tmp_path / "straight"))      # those old games were random's too
    # an old forfeit, without a cause, is counted under the cause its error names
    old_crash = {"index": 0, "lineup": [0, 1], "returns": [0.0, 0.0], "ranks": [2.0, 1.0], "scores": [0, 0],
                 "crash": {"seat": 0, "bot": "x", "error": "IllegalActionError: nope", "ply": 3}}
    assert summarize([old_crash], ["x", "y"]).bots[0].forfeits["illegal"] == 1


# --- the command line ------------------------------------------------------------------------------------------------

def test_command_line_budget_grace_and_refusals(tmp_path, capsys):
    out = tmp_path / "budget"
    code = main(["arena", GAME, "--bots", faulty("budget", 7), "random", "--games", "2", "--out", str(out),
                 "--transport", "process", "--move-ms", "7", "--grace-ms", "3000", "--workers", "1", "--seed", "1"])
    assert code == 0, capsys.readouterr().err
    records = journal(out)
    assert all(r["crash"] is None and r["budget_ms"] == 7 and r["grace_ms"] == 3000 for r in records)
    report = (out / REPORT).read_text()
    assert "time budget: 7 ms per move" in report and "more than 7 + 3000 ms" in report
    # without --move-ms no budget is sent: that engine answers an error, a garbage forfeit
    result = arena(tmp_path / "nobudget", (faulty("budget", 7), "random"), games=1)
    assert result.records[0]["crash"]["cause"] == "garbage" and "budget is None" in result.records[0]["crash"]["error"]

    def refused(*args: str) -> str:
        code = main(["arena", GAME, "--games", "1", "--out", str(tmp_path / "refused"), "--workers", "1", *args])
        assert code == 2
        assert not (tmp_path / "refused" / JOURNAL).exists()
        return capsys.readouterr().err

    assert "add --transport process" in refused("--bots", "random", "random", "--grace-ms", "10")
    assert "needs --transport process" in refused("--bots", "random", faulty("good"))
    assert "plays only with --transport inprocess" in refused("--bots", "random", "cheat", "--transport", "process")
    err = refused("--bots", "random", "cmd:/no/such/engine", "--transport", "process")
    assert "engines that cannot play: cmd:/no/such/engine" in err and "/no/such/engine" in err
    assert "speaks protocol 2, the arena 1" in refused("--bots", "random", faulty("v2"), "--transport", "process")
    assert "--move-ms must be a positive" in refused("--bots", "random", "random", "--move-ms", "0")
    assert "--grace-ms must be" in refused("--bots", "random", "random", "--transport", "process", "--grace-ms", "-1")


# --- reaping ---------------------------------------------------------------------------------------------------------

def _start_arena(out: Path, workers: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "deadeye.protocol.cli", "arena", GAME, "--bots", "random", "random:seed=4",
           "--games", "100000", "--out", str(out), "--workers", str(workers), "--transport", "process"]
    # Ctrl-C must reach the arena even when this test runs with SIGINT ignored (a background job of a shell, as
    # under nohup or `cmd &`): an ignored signal stays ignored across exec, and Python then installs no handler.
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for_games(proc: subprocess.Popen, out: Path, games: int) -> None:
    deadline = time.monotonic() + 60
    while not ((out / JOURNAL).exists() and (out / JOURNAL).read_bytes().count(b"\n") >= games):
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline, "the arena wrote nothing"
        time.sleep(0.01)


def _engines(pid: int) -> set[int]:
    """The engine processes under ``pid`` (not the bwrap or unshare processes around them)."""
    return {p for p in _descendants(pid)
            if b"serve" in _cmdline(p) and not _cmdline(p).split(b"\0")[0].endswith((b"bwrap", b"unshare"))}


def _wait_gone(pids: set[int]) -> None:
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids):
        assert time.monotonic() < deadline, f"processes outlived the arena: {[p for p in pids if _alive(p)]}"
        time.sleep(0.01)


@contextlib.contextmanager
def _arena_two_games_in(out: Path, workers: int) -> Iterator[subprocess.Popen]:
    """A process arena that has journaled two games, with engines in each worker (one per seat of the game in
    play, and some started ahead).  The caller ends it; then every process it started must be gone, and any left
    is killed."""
    proc = _start_arena(out, workers=workers)
    tree: set[int] = set()
    try:
        _wait_for_games(proc, out, 2)
        tree = _descendants(proc.pid)
        assert _engines(proc.pid)                      # in play, or started ahead
        yield proc
        _wait_gone(tree)
    finally:
        for pid in tree | {proc.pid}:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        proc.stderr.close()


@pytest.mark.skipif(not LINUX_PROC, reason="reads the process tree from Linux's /proc")
def test_engines_die_with_an_arena_killed_by_sigkill(tmp_path):
    """SIGKILL to the arena alone: its workers die with it, and so do their engines (PR_SET_PDEATHSIG)."""
    with _arena_two_games_in(tmp_path / "killed", workers=2) as proc:
        proc.kill()
        proc.wait()
    assert len(load_records(tmp_path / "killed")) >= 2


@pytest.mark.skipif(not LINUX_PROC, reason="reads the process tree from Linux's /proc")
def test_ctrl_c_ends_the_engines_and_keeps_the_journal(tmp_path):
    with _arena_two_games_in(tmp_path / "interrupted", workers=1) as proc:
        os.kill(proc.pid, signal.SIGINT)
        assert proc.wait(30) == 1
        assert "--resume" in proc.stderr.read().decode()
    records = load_records(tmp_path / "interrupted")
    assert len(records) >= 2 and all(r["crash"] is None for r in records)
