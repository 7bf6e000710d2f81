"""What a third-party engine in the arena can learn: not the deal (keyed seeds from a secret run key), not another
seat or another game (an engine per seat and game), not the arena's files or processes (``--sandbox``), and
nothing it starts outlives the arena (a PID namespace per engine)."""
import atexit
import functools
import importlib.util
import json
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import zipapp
from collections import Counter
from pathlib import Path

import pytest

from test_arena_process import LINUX_PROC, _alive, _cmdline, journal, no_engine_left_behind  # noqa: F401 (fixture)

from deadeye.bots.arena import (JOURNAL, REPORT, ArenaConfig, ArenaError, derive_seed, parse_run_key, plan_games,
                                run_arena)
from deadeye.core import new_game
from deadeye.protocol.cli import main
from deadeye.protocol.launcher import confinement, launch, sandbox_problem
from deadeye.protocol.referee import ProcessTransport
from deadeye.protocol.server import seat_view

SPY = Path(__file__).parent / "bots" / "spy_engine.py"
REQUIRE_SANDBOX = os.environ.get("DEADEYE_REQUIRE_SANDBOX") == "1"     # set by .ci/run: a skip is then a failure


@functools.lru_cache(maxsize=None)
def spy_app() -> str:
    """The spy and its ``engine_loop.py`` as one zipapp: ``--sandbox`` binds an engine's script file alone, so a
    sandboxed engine of several modules ships as one file (the way a Python engine of several modules would)."""
    folder = tempfile.mkdtemp(prefix="deadeye-spy-")
    atexit.register(shutil.rmtree, folder, True)
    target = os.path.join(folder, "spy_engine.pyz")
    zipapp.create_archive(SPY.parent, target, main="spy_engine:main",
                          filter=lambda path: path.name in ("spy_engine.py", "engine_loop.py"))
    return target


def spy(*args: object) -> str:
    return "cmd:" + shlex.join([sys.executable, spy_app(), *map(str, args)])


def spy_module():
    spec = importlib.util.spec_from_file_location("spy_engine", SPY)
    module = importlib.util.module_from_spec(spec)
    old, path = sys.argv, list(sys.path)
    sys.argv = [str(SPY), "none"]
    sys.path.insert(0, str(SPY.parent))              # its engine_loop.py, as when it runs as a script
    try:
        spec.loader.exec_module(module)
    finally:
        sys.argv, sys.path[:] = old, path
    return module


def needs(problem: str | None) -> None:
    """Skip when the machine lacks what the test needs, but fail where CI installed it."""
    if problem is not None:
        if REQUIRE_SANDBOX:
            pytest.fail(f"DEADEYE_REQUIRE_SANDBOX=1, but {problem}")
        pytest.skip(problem)


def spy_reports(records) -> list[dict]:
    """The ``SPY {json}`` reports of the spy's forfeits (it reports on stderr, then exits with status 3)."""
    found = []
    for r in records:
        crash = r["crash"]
        if crash and crash["cause"] == "crash" and "SPY " in crash["details"].get("stderr", ""):
            found.append(json.loads(crash["details"]["stderr"].split("SPY ", 1)[1].splitlines()[0]))
    return found


def run(out: Path, bots, games: int, game: str = "hearts", players: int = 4, **kw):
    kw.setdefault("workers", 1)
    return run_arena(ArenaConfig(game=game, bots=tuple(bots), games=games, out=out, players=players,
                                 progress=False, transport=kw.pop("transport", ProcessTransport(grace_ms=20_000)),
                                 **kw))


# --- the deal cannot be guessed --------------------------------------------------------------------------------------

def test_the_brute_force_recovers_nothing(tmp_path):
    """An engine that matches its hand against the deals of small --seed values: under the public derivation (the
    arena's before run keys) it recovers every opponent's hand; against the arena it finds no deal at all."""
    brute = spy_module()
    for seed, deal in ((0, 0), (123, 2)):                       # the control: the attack works on public seeds
        state = new_game("hearts", players=4, seed=derive_seed(seed, "deal", deal))
        view = seat_view("hearts", deal, state, 1)
        guesses = brute.guess_hands(view, 200)
        assert [g["hands"] for g in guesses] == [brute.hands(state, 4)]
    reports = []
    for seed in (0, 123):
        records = journal_of(run(tmp_path / f"seed{seed}", (spy("bruteforce", 200), "random"), games=4, seed=seed))
        found = spy_reports(records)
        assert [f["game_id"] for f in found] == [0, 1, 2, 3]                        # it spied in every game
        reports += found
    assert [r["guesses"] for r in reports] == [[]] * 8


def journal_of(result) -> list[dict]:
    return journal(result.journal.parent)


def test_a_run_replays_exactly_from_its_run_key_and_the_journal_is_private(tmp_path, capsys):
    """A new secret key per run, kept in the journal; --run-key replays it game for game, over either transport;
    the journal, the report and the folder are the owner's alone."""
    args = ["arena", "wyatt-earp", "--bots", "random", "ismcts:iterations=30", "--games", "2", "--workers", "1",
            "--seed", "7"]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    a, b = journal(tmp_path / "a"), journal(tmp_path / "b")
    key = a[0]["run_key"]
    assert len(parse_run_key(key)) == 32 and {r["run_key"] for r in a} == {key} != {b[0]["run_key"]}
    assert [r["game_seed"] for r in a] != [r["game_seed"] for r in b]              # the same --seed, other deals
    assert [p.game_seed for p in plan_games("wyatt-earp", ("random", "x"), 2, 2, 7, run_key=bytes.fromhex(key))] \
        == [r["game_seed"] for r in a]
    assert main([*args, "--out", str(tmp_path / "replay"), "--run-key", key, "--transport", "process"]) == 0
    replay = journal(tmp_path / "replay")
    assert [(r["game_seed"], r["bot_seeds"], r["moves"], r["returns"]) for r in replay] == \
        [(r["game_seed"], r["bot_seeds"], r["moves"], r["returns"]) for r in a]
    for out in (tmp_path / "a", tmp_path / "replay"):
        assert stat.S_IMODE(out.stat().st_mode) == 0o700
        assert stat.S_IMODE((out / JOURNAL).stat().st_mode) == stat.S_IMODE((out / REPORT).stat().st_mode) == 0o600
    assert key not in (tmp_path / "a" / REPORT).read_text()
    capsys.readouterr()
    # --resume keeps the journal's key, and refuses another one
    assert main([*args[:6], "4", *args[7:], "--out", str(tmp_path / "a"), "--resume"]) == 0
    assert {r["run_key"] for r in journal(tmp_path / "a")} == {key}
    assert main([*args, "--out", str(tmp_path / "a"), "--resume", "--run-key", "ab" * 16]) == 2
    assert "another run key" in capsys.readouterr().err
    for bad, message in (("xyz", "hex digits"), ("ab" * 8 + "a", "hex digits"), ("ab" * 15, "16 to 64 bytes")):
        assert main([*args, "--out", str(tmp_path / "bad"), "--run-key", bad]) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


def test_a_journal_from_before_run_keys_resumes_with_the_public_derivation(tmp_path):
    out = tmp_path / "old"
    run(out, ("random", "random"), games=2, game="wyatt-earp", players=2, run_key=bytes(16))
    lines = []
    for r in journal(out):                      # what the arena wrote before run keys, with the public seeds
        del r["run_key"]
        lines.append(json.dumps(r) + "\n")
    (out / JOURNAL).write_text("".join(lines))
    with pytest.raises(ArenaError, match="different arena command"):    # bytes(16) is not the empty key
        run(out, ("random", "random"), games=3, game="wyatt-earp", players=2, resume=True)
    (out / JOURNAL).write_text("")
    plans = plan_games("wyatt-earp", ("random", "random"), 2, 3, 0, run_key=b"")
    assert [p.game_seed for p in plans] == [derive_seed(0, "deal", d) for d in range(3)]


# --- an engine per seat and game -------------------------------------------------------------------------------------

def test_no_engine_sees_two_seats_or_two_rotations_of_a_deal(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    result = run(tmp_path / "dup", (spy("seats", logs), "random"), games=4, game="wyatt-earp", players=3,
                 duplicate=True, workers=2)
    records = journal_of(result)
    assert all(r["crash"] is None for r in records)
    seen = [set(map(tuple, (line.split() for line in f.read_text().splitlines()))) for f in logs.iterdir()]
    asked = [s for s in seen if s]
    assert all(len(s) == 1 for s in asked), [s for s in asked if len(s) > 1]
    spy_seats = Counter((str(r["index"]), str(seat)) for r in records for seat, b in enumerate(r["lineup"]) if b == 0)
    assert Counter(next(iter(s)) for s in asked) == spy_seats        # every seat of the spy: one engine each
    assert len(spy_seats) == 2 + 1 + 2 + 1                           # A B A, B A B, twice


# --- the sandbox -----------------------------------------------------------------------------------------------------

def snoop_run(tmp_path: Path, name: str, sandbox: str | None) -> tuple[dict, str]:
    out = tmp_path / name
    result = run(out, (spy("snoop", os.getpid(), out / JOURNAL), "random"), games=2, game="wyatt-earp", players=2,
                 transport=ProcessTransport(grace_ms=20_000, sandbox=sandbox))
    records = journal_of(result)
    assert records[0]["crash"] is None                               # game 0: it plays (the journal is empty)
    [found] = spy_reports(records)
    return found, records[0]["run_key"]


@pytest.mark.skipif(not LINUX_PROC, reason="reads Linux's /proc")
def test_a_spy_engine_reads_the_arena_without_the_sandbox_and_nothing_with_it(tmp_path):
    needs(sandbox_problem())
    own_cmdline = Path("/proc/self/cmdline").read_text(errors="replace")[:160]
    found, key = snoop_run(tmp_path, "open", None)
    assert found["journal"]["ok"] and found["journal"]["data"].startswith('{"index": 0') and found["stolen_key"] == key
    assert found["cmdline"] == {"ok": True, "data": own_cmdline}
    assert found["environ"]["ok"] and found["journal_dir"]["ok"]
    if os.geteuid() == 0:                                            # else the kernel's ptrace rules decide
        assert found["mem"]["ok"], found["mem"]
    found, _ = snoop_run(tmp_path, "sandboxed", "cmd")
    assert found["stolen_key"] is None
    for what in ("journal", "cmdline", "environ", "mem", "journal_dir"):
        assert not found[what]["ok"], (what, found[what])
        assert "FileNotFoundError" in found[what]["error"]
    assert all("pytest" not in p and "arena" not in p for p in found["processes"]), found["processes"]
    assert len(found["processes"]) <= 3 and found["cwd"].startswith("/tmp/deadeye-engine-")
    assert not Path(found["cwd"]).exists()                           # its folder went with it


def test_sandbox_refusals(tmp_path, capsys):
    with pytest.raises(ArenaError, match="--sandbox is cmd or all"):
        ProcessTransport(sandbox="yes")
    code = main(["arena", "wyatt-earp", "--bots", "random", "random", "--games", "1", "--sandbox",
                 "--out", str(tmp_path / "x")])
    assert code == 2 and "add --transport process" in capsys.readouterr().err


def test_every_engine_in_the_sandbox_plays_the_same_games(tmp_path):
    needs(sandbox_problem())
    bots = (f"cmd:bot=random {shlex.join([sys.executable, '-m', 'deadeye.protocol.cli', 'serve'])}",
            "ismcts:iterations=30")
    key = bytes(range(16))
    plain = run(tmp_path / "plain", bots, games=2, game="colt-express", players=2, run_key=key)
    boxed = run(tmp_path / "boxed", bots, games=2, game="colt-express", players=2, run_key=key,
                transport=ProcessTransport(grace_ms=20_000, sandbox="all"))
    assert [r["moves"] for r in journal_of(plain)] == [r["moves"] for r in journal_of(boxed)]
    assert all(r["crash"] is None for r in journal_of(boxed))


# --- nothing an engine starts outlives the arena ---------------------------------------------------------------------

def _marked(marker: bytes) -> set[int]:
    return {int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and marker in _cmdline(int(p.name))
            and _alive(int(p.name))}


def _whereabouts(pid: int) -> str:
    """A leftover's state, parent and PID namespace (ours or its own), for the failure message."""
    try:
        status = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                      if ":\t" in line)
        same = os.readlink(f"/proc/{pid}/ns/pid") == os.readlink("/proc/self/ns/pid")
    except OSError as exc:
        return f"gone ({exc.__class__.__name__})"
    return f"{status.get('State')} ppid {status.get('PPid')} nspid {status.get('NSpid')} " + \
        ("in our PID namespace" if same else "in a PID namespace of its own")


@pytest.mark.skipif(not LINUX_PROC, reason="reads Linux's /proc")
def test_an_engines_setsid_grandchild_dies_with_an_arena_killed_by_sigkill(tmp_path):
    needs(None if confinement() != "process-group" else "no PID namespace can be made on this machine")
    marker = f"deadeye-test-sleeper-{os.getpid()}-{time.monotonic_ns()}"
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "deadeye.protocol.cli", "arena", "wyatt-earp", "--bots", spy("forker", marker),
           "random", "--games", "100000", "--out", str(out), "--workers", "1", "--transport", "process"]
    stderr = tmp_path / "arena.stderr"
    with stderr.open("wb") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not ((out / JOURNAL).exists() and (out / JOURNAL).read_bytes().count(b"\n") >= 1
                   and _marked(marker.encode())):
            assert proc.poll() is None and time.monotonic() < deadline, "the arena played nothing"
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 30          # the kernel kills at once; a loaded machine schedules late
        while left := _marked(marker.encode()):
            assert time.monotonic() < deadline, (f"an engine's grandchild outlived the arena: "
                                                 f"{ {pid: _whereabouts(pid) for pid in left} }, the arena said: "
                                                 f"{stderr.read_text(errors='replace')[-600:]!r}")
            time.sleep(0.02)
    finally:
        for pid in _marked(marker.encode()):
            os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.skipif(not LINUX_PROC, reason="reads Linux's /proc")
@pytest.mark.parametrize("sandbox", [False, True], ids=["namespace", "sandbox"])
def test_a_cut_lifeline_ends_the_engines_namespace_though_its_input_stays_open(sandbox):
    """What saves an arena killed while an engine was starting: bwrap and unshare bind their first process to its
    parent only after their set-up, but the guard reads the lifeline's end of file whenever it starts."""
    needs(sandbox_problem() if sandbox else
          None if confinement() != "process-group" else "no PID namespace can be made on this machine")
    marker = f"deadeye-test-lifeline-{os.getpid()}-{time.monotonic_ns()}"
    started = launch([sys.executable, spy_app(), "forker", marker], sandbox=sandbox)
    proc = subprocess.Popen(started.argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, env=started.env,
                            pass_fds=started.pass_fds, start_new_session=True)
    started.started()
    try:
        deadline = time.monotonic() + 60
        while not any(b"time.sleep" in _cmdline(pid) for pid in _marked(marker.encode())):
            assert proc.poll() is None and time.monotonic() < deadline, "the forker left no sleeper"
            time.sleep(0.01)
        started.cleanup()
        assert proc.wait(30) == 128 + signal.SIGKILL
        deadline = time.monotonic() + 30
        while left := _marked(marker.encode()):
            assert time.monotonic() < deadline, {pid: _whereabouts(pid) for pid in left}
            time.sleep(0.02)
    finally:
        started.cleanup()
        for pid in _marked(marker.encode()):
            os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdin.close()


def test_the_launcher_wraps_every_engine():
    command = ["my-engine", "--fast"]
    argv = launch(command).argv
    assert argv[-2:] == command
    if sys.platform.startswith("linux"):
        assert argv[:3] == [sys.executable, "-S", "-c"] and argv[4] == str(os.getpid())     # PR_SET_PDEATHSIG
        assert (confinement() in ("bwrap", "unshare")) == any(w.endswith(("bwrap", "unshare")) for w in argv)
        guarded = launch(command)
        assert (confinement() != "process-group") == (guarded.pass_fds != ())              # the lifeline
        guarded.cleanup()


def test_without_a_pid_namespace_the_launcher_falls_back_with_a_note(monkeypatch, caplog):
    from deadeye.protocol import launcher

    monkeypatch.setattr(launcher, "_pid_namespace_prefixes", lambda: [("unshare", ["/bin/false", "--"])])
    launcher._pid_namespace.cache_clear()
    try:
        with caplog.at_level("WARNING", logger=launcher.__name__):
            argv = launch(["my-engine"]).argv
            assert confinement() == "process-group"
        assert "/bin/false" not in argv and argv[-1] == "my-engine"
        assert "no PID namespace can be made here" in caplog.text and len(caplog.records) == 1   # said once
    finally:
        launcher._pid_namespace.cache_clear()


# --- a sandboxed engine cannot write outside its scratch folder ------------------------------------------------------

ESCAPE = Path(__file__).parent / "bots" / "escape_engine.py"
# Run by an unprivileged user: launch an engine in the sandbox from a copy of the launcher and print what it found.
_AS_USER = ("import importlib.util, json, subprocess, sys, types\n"
            "for name in ('deadeye', 'deadeye.core', 'deadeye.search', 'deadeye.bots', 'deadeye.protocol'):\n"
            "    sys.modules[name] = types.ModuleType(name)\n"       # no deadeye for that user: nothing to bind
            "    sys.modules[name].__path__ = []\n"
            "spec = importlib.util.spec_from_file_location('launcher', sys.argv[1])\n"
            "launcher = sys.modules['launcher'] = importlib.util.module_from_spec(spec)\n"
            "spec.loader.exec_module(launcher)\n"
            "started = launcher.launch([sys.executable, '-S', *sys.argv[2:]], sandbox=True)\n"
            "done = subprocess.run(started.argv, env=started.env, pass_fds=started.pass_fds, capture_output=True,\n"
            "                      text=True, timeout=120, start_new_session=True)\n"
            "started.cleanup()\n"
            "print(done.stdout or done.stderr)\n")


def escape_attempt(argv: list[str], env: dict | None = None, pass_fds: tuple = ()) -> dict:
    done = subprocess.run(argv, env=env, pass_fds=pass_fds, capture_output=True, text=True, timeout=180,
                          start_new_session=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    return json.loads(lines[-1])


def assert_confined(found: dict, script: str) -> None:
    assert found["remounted"] == [] and found["written"] == [], found
    assert found["no_new_privs"] == "1"
    assert set(found["caps"].values()) == {"0000000000000000"}, found["caps"]
    assert script in found["mounts"] and "/usr" in found["mounts"]     # it saw its binds and tried each


def test_a_sandboxed_engine_run_by_root_can_write_nothing_outside_its_folder():
    """Run as root (CI is root), bubblewrap keeps every capability inside the sandbox unless told to drop them:
    the engine could then remount its read-only binds (its script, the venv, /usr) read-write."""
    needs(sandbox_problem())
    if os.geteuid() != 0:
        pytest.skip("this case needs root (the unprivileged case is the next test)")
    folder = tempfile.mkdtemp(prefix="deadeye-escape-")
    try:
        script = shutil.copy(ESCAPE, folder)
        started = launch([sys.executable, "-S", script, sys.executable, __file__], sandbox=True)
        try:
            found = escape_attempt(started.argv, started.env, started.pass_fds)
        finally:
            started.cleanup()
        assert found["uid"] == 0
        assert_confined(found, script)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_sandboxed_engine_run_by_an_unprivileged_user_can_write_nothing_outside_its_folder():
    """The same attempt with the arena run by ``nobody`` (from a copy of the launcher and the system's Python,
    which that user can read)."""
    needs(sandbox_problem())
    setpriv, python = shutil.which("setpriv"), "/usr/bin/python3"
    if os.geteuid() != 0 or setpriv is None or not os.access(python, os.X_OK):
        pytest.skip("needs root (to become nobody), setpriv and /usr/bin/python3")
    folder = tempfile.mkdtemp(prefix="deadeye-escape-")
    try:
        os.chmod(folder, 0o755)
        script = shutil.copy(ESCAPE, folder)
        launcher = shutil.copy(Path(launch.__code__.co_filename), folder)
        for f in (script, launcher):
            os.chmod(f, 0o644)
        found = escape_attempt([setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", python, "-S", "-c",
                                _AS_USER, launcher, script, python, launcher],
                               env={"PATH": "/usr/bin:/bin", "TMPDIR": "/tmp"})
        assert found["uid"] != 0
        assert_confined(found, script)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
