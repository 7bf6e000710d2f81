"""The arena on a Dask cluster (bots/distributed.py): the same games as a local run, a worker killed mid-group,
--resume across local and distributed runs, the SPRT stop, and a scheduler that cannot be reached."""
import contextlib
import json
import os
import signal
import socket
import sys
import time
from collections import Counter, namedtuple
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

import pytest

distributed = pytest.importorskip("distributed")
import dask  # noqa: E402  (distributed depends on it)

from deadeye.bots.arena import IN_PROCESS, JOURNAL, REPORT, ArenaConfig, ArenaError, GamePlan, run_arena
from deadeye.bots.distributed import DaskRunner, deal_groups
from deadeye.bots.stats import SprtSpec
from deadeye.protocol.cli import main

GAME = "wyatt-earp"
BOTS = ("ismcts:iterations=20", "heuristic")
TIMES = ("ms", "move_ms")
KEY = bytes(range(16))      # one run key for all: a local run and a Dask run of the same key play the same games
Plan = namedtuple("Plan", "index deal")     # what deal_groups reads of a GamePlan


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes of one thread each, as on two machines."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as c:
        yield c


def arena(out: Path, games: int = 8, **kw):
    kw.setdefault("progress", False)
    kw.setdefault("seed", 4)
    kw.setdefault("duplicate", True)
    kw.setdefault("bots", BOTS)
    kw.setdefault("run_key", KEY)
    return run_arena(ArenaConfig(game=GAME, games=games, out=out, **kw))


def journal(out: Path) -> list[dict]:
    """The journal's records without their timing fields, by index; every line a whole record."""
    text = (out / JOURNAL).read_text()
    assert text.endswith("\n")
    records = [{k: v for k, v in json.loads(line).items() if k not in TIMES} for line in text.splitlines()]
    return sorted(records, key=lambda r: r["index"])


def indices(out: Path) -> list[int]:
    """Every game index of the journal, in journal order, repeats included."""
    return [json.loads(line)["index"] for line in (out / JOURNAL).read_text().splitlines()]


@pytest.fixture(scope="module")
def local(tmp_path_factory) -> list[dict]:
    """The reference: the 8 games (4 deals, both rotations) played in this process."""
    out = tmp_path_factory.mktemp("local")
    arena(out, workers=1)
    return journal(out)


def test_deal_groups_keep_each_deal_together_in_order():
    plans = [Plan(i, i // 3) for i in range(9)]                      # 3 bots, --duplicate: deal = index // 3
    assert [[p.index for p in g] for g in deal_groups(plans)] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    assert [[p.index for p in g] for g in deal_groups([plans[i] for i in (1, 2, 4, 8)])] == [[1, 2], [4], [8]]
    single = [Plan(i, i) for i in range(3)]                          # without --duplicate: deal = index
    assert [[p.index for p in g] for g in deal_groups(single)] == [[0], [1], [2]]


def test_a_dask_run_journals_exactly_the_games_of_a_local_run(cluster, local, tmp_path):
    result = arena(tmp_path / "dask", scheduler=cluster.scheduler_address)
    assert sorted(indices(tmp_path / "dask")) == list(range(8))
    assert journal(tmp_path / "dask") == local
    assert result.played == 8 and "arena" in (tmp_path / "dask" / REPORT).read_text().lower()
    # the same command again, a new session on the same cluster: its tasks are its own, not the first run's results
    again = arena(tmp_path / "again", scheduler=cluster.scheduler_address)
    assert again.played == 8 and journal(tmp_path / "again") == local
    # without --duplicate, one game per task
    arena(tmp_path / "single", games=3, duplicate=False, scheduler=cluster.scheduler_address)
    arena(tmp_path / "single-local", games=3, duplicate=False, workers=1)
    assert journal(tmp_path / "single") == journal(tmp_path / "single-local")


@dataclass(frozen=True)
class KillFirstAttempt:
    """The in-process transport, but the first worker to start game ``index`` dies on the spot (SIGKILL), as a
    machine that fails; it leaves its pid in ``marker``, so every later attempt plays."""

    marker: str
    index: int
    name: str = "inprocess"

    def check(self, specs: Sequence[str]) -> None:
        IN_PROCESS.check(specs)

    def table(self, plan: GamePlan):
        if plan.index == self.index:
            try:
                fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.write(fd, str(os.getpid()).encode())
                os.close(fd)
                os.kill(os.getpid(), signal.SIGKILL)
        return IN_PROCESS.table(plan)

    def close(self) -> None:
        pass


def test_a_worker_killed_mid_group_has_its_group_played_again_and_every_game_journaled_once(local, tmp_path):
    marker = tmp_path / "killed"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c:
        with distributed.Client(c) as client:
            before = set(client.run(os.getpid).values())
        # game 5 is the second game of deal 2: its worker dies after playing game 4 of the group
        arena(tmp_path / "run", scheduler=c.scheduler_address, transport=KillFirstAttempt(str(marker), 5))
        with distributed.Client(c) as client:
            after = set(client.run(os.getpid).values())
    killed = int(marker.read_text())
    assert killed in before and killed not in after          # a worker really died, and its nanny replaced it
    assert sorted(indices(tmp_path / "run")) == list(range(8))
    assert journal(tmp_path / "run") == local


def test_resume_switches_between_local_and_dask_runs(cluster, local, tmp_path):
    # a Dask run cut short (the games of deals 0 and 2, half of deal 1, and a line cut by the crash) ...
    full = tmp_path / "full"
    arena(full, scheduler=cluster.scheduler_address)
    lines = {json.loads(line)["index"]: line for line in (full / JOURNAL).read_text().splitlines()}
    for name, kept in (("dask", (0, 1, 2, 4, 5)), ("local", (1, 6))):
        out = tmp_path / name
        out.mkdir()
        (out / JOURNAL).write_text("".join(lines[i] + "\n" for i in kept) + lines[3][:40])
    # ... finished by a local run, and a local run cut short finished on Dask: both give the local run's games
    done = arena(tmp_path / "dask", workers=1, resume=True)
    assert done.skipped == 5 and done.played == 3 and sorted(indices(tmp_path / "dask")) == list(range(8))
    assert journal(tmp_path / "dask") == local
    done = arena(tmp_path / "local", scheduler=cluster.scheduler_address, resume=True)
    assert done.skipped == 2 and done.played == 6 and sorted(indices(tmp_path / "local")) == list(range(8))
    assert journal(tmp_path / "local") == local
    # a finished run resumed on Dask plays nothing
    assert arena(tmp_path / "local", scheduler=cluster.scheduler_address, resume=True).played == 0


def test_sprt_on_dask_stops_early_and_cancels_what_is_left(cluster, tmp_path):
    out = tmp_path / "sprt"
    result = arena(out, bots=("easy", "random"), games=200, seed=3, scheduler=cluster.scheduler_address,
                   sprt=SprtSpec(0, 50))
    records = journal(out)
    assert result.summary.sprt.decision == "H1" and 0 < len(records) < 200
    assert len({r["index"] for r in records}) == len(records)
    complete = [d for d, n in Counter(r["deal"] for r in records).items() if n == 2]
    assert result.summary.sprt.deals == len(complete)
    assert "stopped early: the SPRT accepted H1" in (out / REPORT).read_text()
    # the groups not started were cancelled: the scheduler forgets every task of the run
    with distributed.Client(cluster) as client:
        deadline = time.monotonic() + 20
        while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
            assert time.monotonic() < deadline, "tasks of a stopped run are still on the scheduler"
            time.sleep(0.1)


def test_a_bad_scheduler_gives_a_clear_error_and_writes_no_journal(tmp_path, capsys):
    out = tmp_path / "bad"
    command = ["arena", GAME, "--bots", "random", "heuristic", "--games", "2", "--out", str(out)]
    assert main(command + ["--scheduler", "tcp://127.0.0.1:notaport"]) != 0
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:notaport'" in err and "Traceback" not in err
    assert not (out / JOURNAL).exists()
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}), _closed_port() as port:
        assert main(command + ["--scheduler", f"tcp://127.0.0.1:{port}"]) != 0
    assert f"cannot reach the Dask scheduler at 'tcp://127.0.0.1:{port}'" in capsys.readouterr().err
    assert not (out / JOURNAL).exists()
    assert main(command + ["--scheduler", "tcp://127.0.0.1:1", "--workers", "2"]) != 0
    assert "not both" in capsys.readouterr().err


@contextlib.contextmanager
def _closed_port() -> Iterator[int]:
    """A port nothing answers on: bound here without listening, so no other process (another test's cluster, under
    pytest-xdist) can take it meanwhile, and a connection to it is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield s.getsockname()[1]


def test_a_runner_refuses_workers_with_other_deadeye_code(cluster, monkeypatch):
    import deadeye.bots.distributed as dd

    assert DaskRunner(cluster.scheduler_address).client.close() is None       # the same code: accepted
    monkeypatch.setattr(dd, "version", lambda name: "0.0.0")                  # this process only: not the workers
    dd.code_fingerprint.cache_clear()
    try:
        with pytest.raises(ArenaError, match=r"run other deadeye code than this arena \(0\.0\.0\+"):
            DaskRunner(cluster.scheduler_address)
    finally:
        dd.code_fingerprint.cache_clear()


def test_without_distributed_the_error_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)              # as if it were not installed
    monkeypatch.delitem(sys.modules, "deadeye.bots.distributed")
    with pytest.raises(ArenaError, match=r"--scheduler needs Dask's distributed package: pip install 'deadeye\[dask"):
        arena(tmp_path / "none", scheduler="tcp://127.0.0.1:8786")
    assert not (tmp_path / "none" / JOURNAL).exists()


def test_selfplay_on_dask_gives_the_examples_of_a_local_run(cluster):
    """``deadeye train``'s self-play through the runner's map: the same examples on the cluster as in this process."""
    from deadeye.bots.arena import LocalPool
    from deadeye.bots.distributed import DaskRunner
    from deadeye.bots.selfplay import SelfPlayTask, play_selfplay_game

    tasks = [SelfPlayTask(i, "kuhn-poker", 2, "ismcts:iterations=20", seed=100 + i) for i in range(6)]
    here = {i: e for i, e, _ in LocalPool(1).map(play_selfplay_game, tasks)}
    runner = DaskRunner(cluster.scheduler_address)
    try:
        there = {i: e for i, e, _ in runner.map(play_selfplay_game, tasks)}
    finally:
        runner.close()
    assert sorted(there) == list(range(6))
    assert all((here[i].x == there[i].x).all() and (here[i].policy == there[i].policy).all() for i in here)
