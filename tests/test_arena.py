"""The arena: seating, seeds, the crash-safe journal and --resume, crashing bots, and the report's statistics."""
import dataclasses
import doctest
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from deadeye.bots import registry
from deadeye.bots.capabilities import PLAIN, Capabilities
from deadeye.bots.stats import SprtSpec
from deadeye.bots.arena import (JOURNAL, REPORT, ArenaConfig, ArenaError, Journal, load_records, plan_games, play_game,
                                pool_runs, read_run, run_arena, seat_counts)
from deadeye.bots.report import (crash_ranks, elo_difference, elo_from_score, finishing_ranks,
                                 likelihood_of_superiority, summarize, wilson_interval, render)
from deadeye.core import GameState
from deadeye.protocol.cli import main

GAME = "wyatt-earp"
FIELDS = {"index", "game", "players", "deal", "rotation", "game_seed", "seats", "lineup", "bot_seeds", "returns",
          "scores", "ranks", "num_moves", "moves", "move_ms", "ms", "crash", "unfinished", "transport", "budget_ms",
          "grace_ms", "move_seats", "run_key", "roles", "options"}
TIMES = ("move_ms", "ms")
KEY = bytes(range(32))      # the run key of every run here that another run or a plan must reproduce


def arena(out: Path, bots=("random", "random:seed=9"), games=4, **kw):
    kw.setdefault("workers", 1)
    kw.setdefault("progress", False)
    kw.setdefault("run_key", KEY)
    return run_arena(ArenaConfig(game=GAME, bots=tuple(bots), games=games, out=out, **kw))


def journal_lines(out: Path) -> list[dict]:
    text = (out / JOURNAL).read_text()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def timeless(records) -> list[dict]:
    """Records by index without the wall-clock fields."""
    return [{k: v for k, v in r.items() if k not in TIMES} for r in sorted(records, key=lambda r: r["index"])]


def check_complete(out: Path, games: int) -> list[dict]:
    """Every line parses, holds every field, and every game index appears exactly once."""
    records = journal_lines(out)
    assert sorted(r["index"] for r in records) == list(range(games))
    for r in records:
        assert set(r) == FIELDS
        p = r["players"]
        assert len(r["seats"]) == len(r["lineup"]) == len(r["bot_seeds"]) == len(r["returns"]) == p
        assert len(r["scores"]) == len(r["ranks"]) == p
        assert r["num_moves"] == len(r["moves"]) == len(r["move_ms"]) == len(r["move_seats"]) > 0
        if r["crash"] is None:
            assert sorted(r["returns"]) == [0.0] * (p - 1) + [1.0]
            assert r["ranks"][r["returns"].index(1.0)] == 1.0
        assert sum(r["ranks"]) == pytest.approx(p * (p + 1) / 2)
    return records


# --- statistics, against values computed another way -----------------------------------------------------------------

def test_wilson_interval_for_7_of_10():
    lo, hi = wilson_interval(7, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.3968, 0.8922)          # the published value for 7/10
    z, n, p_hat = statistics.NormalDist().inv_cdf(0.975), 10, 0.7
    for p in (lo, hi):                                                 # each end is where the score test hits z
        assert abs(p_hat - p) / math.sqrt(p * (1 - p) / n) == pytest.approx(z)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 5)[0] == 0.0 and wilson_interval(5, 5)[1] == 1.0


def test_elo_for_a_score_of_three_quarters():
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))                     # 190.85
    assert elo_difference(0.5) == 0 and elo_difference(1.0) == math.inf
    diff, margin = elo_from_score(15, 5, 0)
    assert round(diff) == 191
    games = [1.0] * 15 + [0.0] * 5                   # the margin from the games' own standard deviation
    se = statistics.pstdev(games) / math.sqrt(len(games))
    z = statistics.NormalDist().inv_cdf(0.975)
    expect = (elo_difference(0.75 + z * se) - elo_difference(0.75 - z * se)) / 2
    assert margin == pytest.approx(expect)
    assert margin == pytest.approx(217.6, abs=0.1)
    # draws count half, and widen nothing they should not: 10 wins, 10 draws, 0 losses is a 0.75 score too
    diff, margin = elo_from_score(10, 0, 10)
    games = [1.0] * 10 + [0.5] * 10
    se = statistics.pstdev(games) / math.sqrt(len(games))
    assert diff == pytest.approx(400 * math.log10(3))
    assert margin == pytest.approx((elo_difference(0.75 + z * se) - elo_difference(0.75 - z * se)) / 2)


def test_likelihood_of_superiority():
    assert likelihood_of_superiority(10, 0) == pytest.approx(statistics.NormalDist().cdf(10 / math.sqrt(10)))
    assert round(likelihood_of_superiority(10, 0), 5) == 0.99922
    assert likelihood_of_superiority(5, 5) == 0.5 and likelihood_of_superiority(0, 0) == 0.5
    assert likelihood_of_superiority(3, 7) == pytest.approx(1 - likelihood_of_superiority(7, 3))


def test_ranks_share_ties_and_crashes_rank_the_crasher_last():
    assert finishing_ranks([0, 1], [10, 5]) == [2.0, 1.0]
    assert finishing_ranks([0, 1, 0, 0], [7, 9, 7, 3]) == [2.5, 1.0, 2.5, 4.0]
    assert finishing_ranks([0.5, 0.5, 0], [4, 4, 9]) == [1.5, 1.5, 3.0]
    assert crash_ranks([0, 1], crashed_bot=1) == [1.0, 2.0]
    assert crash_ranks([0, 1, 0, 1], crashed_bot=0) == [3.5, 1.5, 3.5, 1.5]


def test_report_module_doctests():
    import deadeye.bots.arena
    import deadeye.bots.report
    for module in (deadeye.bots.report, deadeye.bots.arena):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


# --- runs ------------------------------------------------------------------------------------------------------------

def test_two_players_in_process_journal_and_report(tmp_path):
    result = arena(tmp_path, games=6)
    records = check_complete(tmp_path, 6)
    assert seat_counts(records, 2) == [[3, 3], [3, 3]]
    for r in records:
        assert r["seats"] == [["random", "random:seed=9"][b] for b in r["lineup"]]
        assert r["lineup"] == [(s + r["index"]) % 2 for s in range(2)]
    assert result.played == 6 and result.players == 2
    text = (tmp_path / REPORT).read_text()
    assert text == result.report
    assert "games played: 6 of 6" in text and "forfeits: 0" in text
    assert "Elo difference (random vs random:seed=9" in text and "LOS" in text
    assert "OpenSkill" in text and "| random:seed=9 |" in text
    s = result.summary
    assert sum(b.wins for b in s.bots) == 6 and [b.games for b in s.bots] == [6, 6]
    assert s.elo.wins + s.elo.losses + s.elo.draws == 6
    assert sum(b.rank_sum for b in s.bots) == pytest.approx(6 * 3)


def test_three_players_with_two_workers_balances_seats(tmp_path):
    a, b = tmp_path / "three_bots", tmp_path / "two_bots"
    arena(a, bots=("random", "random:seed=1", "random:seed=2"), games=6, workers=2)
    assert seat_counts(check_complete(a, 6), 3) == [[2, 2, 2]] * 3
    result = arena(b, bots=("random", "random:seed=1"), players=3, games=4)   # more seats than bots: A B A, B A B
    records = check_complete(b, 4)
    assert seat_counts(records, 2) == [[2, 2, 2], [2, 2, 2]]
    assert [r["lineup"] for r in sorted(records, key=lambda r: r["index"])][:2] == [[0, 1, 0], [1, 0, 1]]
    assert [bot.seats for bot in result.summary.bots] == [6, 6]
    assert "Elo difference" in result.report


def test_duplicate_replays_each_deal_under_every_rotation(tmp_path):
    arena(tmp_path / "dup", bots=("random", "random"), games=6, duplicate=True)
    records = check_complete(tmp_path / "dup", 6)
    deals = defaultdict(list)
    for r in records:
        deals[r["deal"]].append(r)
    assert sorted(deals) == [0, 1, 2]
    for games in deals.values():
        assert sorted(r["rotation"] for r in games) == [0, 1]
        assert len({r["game_seed"] for r in games}) == 1
        assert len({tuple(r["bot_seeds"]) for r in games}) == 1
        # the same deal with the same seat seeds: two identical random bots replay the very same game
        assert len({tuple(r["moves"]) for r in games}) == 1
    assert len({r["game_seed"] for r in records}) == 3
    with pytest.raises(ArenaError, match="multiple of 2"):
        arena(tmp_path / "odd", bots=("random", "random"), games=5, duplicate=True)
    plain = plan_games(GAME, ("random", "random"), 2, 6, seed=0, run_key=KEY)
    assert len({p.game_seed for p in plain}) == 6                      # without --duplicate, a deal per game


def test_same_seed_same_journal_whatever_the_workers(tmp_path):
    one = arena(tmp_path / "one", games=6, seed=11, workers=1)
    two = arena(tmp_path / "two", games=6, seed=11, workers=2)
    assert timeless(journal_lines(tmp_path / "one")) == timeless(journal_lines(tmp_path / "two"))
    assert timeless(one.records) == timeless(two.records)
    other = arena(tmp_path / "other", games=6, seed=12)
    assert timeless(other.records) != timeless(one.records)


def test_existing_journal_needs_resume(tmp_path, capsys):
    arena(tmp_path, games=2)
    with pytest.raises(ArenaError, match="--resume"):
        arena(tmp_path, games=2)
    code = main(["arena", GAME, "--bots", "random", "random", "--games", "2", "--out", str(tmp_path)])
    assert code == 2 and "already exists" in capsys.readouterr().err
    with pytest.raises(ArenaError, match="different arena command"):
        arena(tmp_path, games=2, seed=99, resume=True)
    with Journal(tmp_path / JOURNAL) as journal:                        # a second arena on the same journal
        journal.open()
        with pytest.raises(ArenaError, match="another arena"):
            arena(tmp_path, games=2, resume=True)
    assert arena(tmp_path, games=4, resume=True).played == 2            # --resume may extend a run
    check_complete(tmp_path, 4)


def test_resume_after_losing_half_the_journal(tmp_path):
    full = arena(tmp_path / "full", games=8)
    out = tmp_path / "half"
    arena(out, games=8)
    lines = (out / JOURNAL).read_text().splitlines(keepends=True)
    (out / JOURNAL).write_text("".join(lines[::2]))
    result = arena(out, games=8, resume=True)
    assert result.skipped == 4 and result.played == 4
    assert timeless(check_complete(out, 8)) == timeless(journal_lines(tmp_path / "full"))
    assert timeless(result.records) == timeless(full.records)          # the in-memory records, without moves
    assert "moves" not in result.records[0]
    again = arena(out, games=8, resume=True)                            # nothing left to play: only the report
    assert again.played == 0 and len(journal_lines(out)) == 8


def test_resume_after_a_truncated_last_line(tmp_path):
    full = arena(tmp_path / "full", games=6)
    out = tmp_path / "cut"
    arena(out, games=6)
    data = (out / JOURNAL).read_bytes()
    lines = data.splitlines(keepends=True)
    cut = b"".join(lines[:3]) + lines[3][: len(lines[3]) // 2]        # died in the middle of writing game 4
    (out / JOURNAL).write_bytes(cut)
    assert len(load_records(out)) == 3
    result = arena(out, games=6, resume=True, workers=2)
    assert result.skipped == 3
    assert timeless(check_complete(out, 6)) == timeless(journal_lines(tmp_path / "full"))


def test_sigkill_mid_run_then_resume(tmp_path):
    games, out = 1500, tmp_path / "killed"
    cmd = [sys.executable, "-m", "deadeye.protocol.cli", "arena", GAME, "--bots", "random", "random:seed=4",
           "--players", "4", "--games", str(games), "--seed", "5", "--out", str(out), "--workers", "2",
           "--run-key", KEY.hex()]
    with open(tmp_path / "stderr.txt", "wb") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            journal = out / JOURNAL
            while not (journal.exists() and journal.read_bytes().count(b"\n") >= 5):
                assert proc.poll() is None, (tmp_path / "stderr.txt").read_text()
                assert time.monotonic() < deadline, "the arena wrote nothing"
                time.sleep(0.002)
        finally:
            os.killpg(proc.pid, signal.SIGKILL)     # the arena and its workers: a group of our own making
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    before = load_records(out)
    print(f"killed after {len(before)} of {games} games")
    assert 5 <= len(before) < games
    result = run_arena(ArenaConfig(game=GAME, bots=("random", "random:seed=4"), players=4, games=games, seed=5,
                                   out=out, workers=2, resume=True, progress=False))
    assert result.skipped == len(before)
    records = check_complete(out, games)
    assert seat_counts(records, 2) == [[games // 2] * 4] * 2
    by_index = {r["index"]: r for r in records}
    plans = plan_games(GAME, ("random", "random:seed=4"), 4, games, seed=5, run_key=KEY)
    for i in (before[0]["index"], records[-1]["index"], games - 1):   # journaled games replay exactly
        replay = dataclasses.asdict(play_game(plans[i]))
        assert timeless([replay]) == timeless([by_index[i]])


def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(c) for c in (task / "children").read_text().split())
    return found


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from Linux's /proc")
def test_workers_die_with_a_killed_arena(tmp_path):
    """SIGKILL to the arena alone (not its group): its workers must not play on as orphans."""
    cmd = [sys.executable, "-m", "deadeye.protocol.cli", "arena", GAME, "--bots", "random", "random:seed=4",
           "--games", "100000", "--out", str(tmp_path / "orphans"), "--workers", "2"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        journal = tmp_path / "orphans" / JOURNAL
        while not (journal.exists() and journal.read_bytes().count(b"\n") >= 2):
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        workers = {c for c in _children(proc.pid) if b"multiprocessing.spawn" in Path(f"/proc/{c}/cmdline").read_bytes()}
        assert len(workers) == 2
        proc.kill()
        proc.wait()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{w}").exists() and b"Z" not in Path(f"/proc/{w}/stat").read_bytes().split()[2]
                  for w in workers):
            assert time.monotonic() < deadline, "a worker outlived the arena"
            time.sleep(0.01)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)


# --- crashing and cheating bots --------------------------------------------------------------------------------------

class BoomBot:
    """Plays randomly for a few moves, then raises."""

    name = "boom"
    capabilities = PLAIN

    def __init__(self, seed: int = 0) -> None:
        self.inner = registry.RandomBot(seed=seed)
        self.calls = 0

    def reseed(self, seed: int) -> None:
        self.inner.reseed(seed)

    def choose(self, information_set, budget=None) -> int:
        self.calls += 1
        if self.calls > 3:
            raise RuntimeError("boom")
        return self.inner.choose(information_set)


class IllegalBot:
    name = "illegal"
    capabilities = PLAIN

    def __init__(self, seed: int = 0) -> None:
        pass

    def reseed(self, seed: int) -> None:
        pass

    def choose(self, information_set, budget=None) -> int:
        return 10 ** 6


class PeekBot:
    """A cheat: sees the true state; its information-set path must never be used."""

    name = "peek"
    capabilities = Capabilities(needs_state=True)

    def __init__(self, seed: int = 0) -> None:
        self.inner = registry.RandomBot(seed=seed)

    def reseed(self, seed: int) -> None:
        self.inner.reseed(seed)

    def choose(self, information_set, budget=None) -> int:
        raise AssertionError("a cheating bot is asked through choose_with_state")

    def choose_with_state(self, state) -> int:
        assert isinstance(state, GameState) and not state.is_terminal()
        return state.legal_actions()[self.inner._rng.randrange(len(state.legal_actions()))]


@pytest.fixture
def test_bots(monkeypatch):
    base = registry._BOTS["random"]
    bots = dict(registry._BOTS)
    for name, cls in (("boom", BoomBot), ("illegal", IllegalBot), ("peek", PeekBot)):
        bots[name] = dataclasses.replace(base, factory=cls)
    monkeypatch.setattr(registry, "_BOTS", bots)


def test_a_crashing_bot_is_recorded_and_the_run_completes(tmp_path, test_bots):
    result = arena(tmp_path, bots=("random", "boom"), games=4)
    records = journal_lines(tmp_path)
    assert sorted(r["index"] for r in records) == [0, 1, 2, 3]
    for r in records:
        seat = r["lineup"].index(1)
        assert r["crash"]["seat"] == seat and r["crash"]["bot"] == "boom"
        assert r["crash"]["error"] == "RuntimeError: boom" and "RuntimeError" in r["crash"]["traceback"]
        assert r["returns"] == [0.0, 0.0]                               # nobody is credited with a win
        assert r["ranks"][seat] == 2.0 and r["ranks"][1 - seat] == 1.0  # the crasher finishes last
        assert r["num_moves"] == len(r["moves"]) == r["crash"]["ply"]
    boom = result.summary.bots[1]
    assert boom.crashes == 4 and boom.wins == 0 and boom.mean_rank == 2.0
    assert result.summary.bots[0].wins == 0 and result.summary.crashes == 4
    assert "forfeits: 4 (crash 4)" in result.report and "- boom: 4" in result.report
    assert "| boom | 4 | 0 | 0 | 0 | 4 |" in result.report
    assert "RuntimeError: boom" in (tmp_path / REPORT).read_text()


def test_an_illegal_answer_is_a_crash_and_a_cheat_sees_the_true_state(tmp_path, test_bots):
    result = arena(tmp_path / "illegal", bots=("illegal", "random"), players=3, games=2)
    for r in result.records:
        assert r["crash"]["bot"] == "illegal" and r["crash"]["error"].startswith("InvalidActionError")
        assert r["ranks"] == crash_ranks(r["lineup"], crashed_bot=0)   # every seat of the crasher shares the last
    result = arena(tmp_path / "peek", bots=("peek", "random"), games=2)
    assert all(r["crash"] is None for r in result.records)


def test_unknown_bot_is_refused_before_any_game(tmp_path, capsys):
    code = main(["arena", GAME, "--bots", "random", "nosuchbot", "--games", "2", "--out", str(tmp_path / "x")])
    assert code == 2 and "unknown bot 'nosuchbot'" in capsys.readouterr().err
    assert not (tmp_path / "x" / JOURNAL).exists()
    with pytest.raises(ArenaError, match="2 to 6 players"):
        arena(tmp_path / "y", players=7)


def test_summary_counts_shared_wins_and_orders_openskill():
    records = [{"index": i, "lineup": [0, 1, 2], "returns": [1.0, 0.0, 0.0], "ranks": [1.0, 2.0, 3.0],
                "scores": [10 + i, 4, 1], "crash": None} for i in range(5)]
    s = summarize(records, ["a", "b", "c"])
    assert [b.wins for b in s.bots] == [5, 0, 0]
    mean, margin = s.bots[0].mean_score                  # 10..14: mean 12, sd sqrt(2.5), margin 1.96 sd / sqrt(5)
    assert mean == 12 and margin == pytest.approx(1.959964 * math.sqrt(2.5 / 5))
    assert s.bots[1].mean_score[0] == 4 and s.bots[1].mean_score[1] == 0
    assert "| 12.00 ± 1.39 |" in render(s)
    assert [r.label for r in s.ratings] == ["a", "b", "c"] and s.elo is None
    assert Counter(round(b.mean_rank) for b in s.bots) == Counter({1: 1, 2: 1, 3: 1})


def test_a_game_that_never_ends_is_stopped_at_the_move_cap(tmp_path, monkeypatch):
    """Rules D21 let a round run forever; the arena stops such a game, credits nobody, and says so in the report."""
    from deadeye.bots import match                          # the referee's module (the arena re-exports it)

    monkeypatch.setattr(match, "MAX_MOVES", 25)
    result = arena(tmp_path / "cap", games=2)
    lines = journal_lines(tmp_path / "cap")
    assert [r["unfinished"] for r in lines] == [True, True]
    assert all(r["num_moves"] == 25 and r["returns"] == [0.0, 0.0] and r["ranks"] == [1.5, 1.5] for r in lines)
    assert "- unfinished (stopped at the arena's move cap): 2" in result.report


# --- SPRT, data files, move times, plots -----------------------------------------------------------------------------

def test_sprt_stops_early_on_a_clearly_stronger_bot_and_resume_keeps_the_decision(tmp_path, capsys):
    out = tmp_path / "sprt"
    code = main(["arena", GAME, "--bots", "easy", "random", "--games", "200", "--duplicate", "--workers", "1",
                 "--seed", "3", "--out", str(out), "--sprt", "elo0=0,elo1=50", "--run-key", KEY.hex()])
    assert code == 0
    records = journal_lines(out)
    played = len(records)
    assert 0 < played < 200 and played % 2 == 0                # whole deals: it stops when a deal completes
    assert sorted(r["index"] for r in records) == list(range(played))
    report = (out / REPORT).read_text()
    assert "H1 accepted (+50 Elo rather than +0)" in report and f"stopped early: the SPRT accepted H1 after " \
                                                                f"{played} games" in report
    data = json.loads((out / "report.json").read_text())
    assert data["sprt"]["decision"] == "H1" and data["sprt"]["deals"] == played // 2
    assert data["sprt"]["llr"] >= data["sprt"]["upper"] == pytest.approx(math.log(19))
    assert "SPRT" in capsys.readouterr().err
    # one deal fewer would not have decided: it stopped at the first deal that did
    from deadeye.bots.report import sprt_observations
    from deadeye.bots.stats import sprt
    assert sprt(sprt_observations(records[:-2], 2), SprtSpec(0, 50)).decision is None
    # --resume with the test decided plays nothing more; with two workers the same command stops at the same deal
    assert main(["arena", GAME, "--bots", "easy", "random", "--games", "200", "--duplicate", "--workers", "1",
                 "--seed", "3", "--out", str(out), "--sprt", "elo0=0,elo1=50", "--resume"]) == 0
    assert len(journal_lines(out)) == played
    two = arena(tmp_path / "two", bots=("easy", "random"), games=200, duplicate=True, seed=3, workers=2,
                sprt=SprtSpec(0, 50))
    lines = journal_lines(tmp_path / "two")
    assert len({r["index"] for r in lines}) == len(lines) and two.summary.sprt.decision == "H1"
    first = {r["index"]: r for r in timeless(records)}
    assert all(first[r["index"]] == r for r in timeless(lines) if r["index"] in first)   # the same games
    assert two.summary.sprt.deals == len([d for d, n in Counter(r["deal"] for r in lines).items() if n == 2])


def test_sprt_on_two_equal_bots_runs_to_the_limit_or_accepts_h0(tmp_path):
    result = arena(tmp_path, bots=("random", "random:seed=9"), games=30, duplicate=True, seed=5,
                   sprt=SprtSpec(0, 50))
    assert result.summary.sprt.decision in (None, "H0")
    assert result.summary.sprt.decision == "H0" or len(result.records) == 30
    assert "SPRT (elo0=0,elo1=50,alpha=0.05,beta=0.05" in result.report
    # without --duplicate each game is one observation; more seats: the first bot's share against the rest
    three = arena(tmp_path / "three", bots=("random", "random:seed=1", "random:seed=2"), games=6,
                  sprt=SprtSpec(0, 50))
    assert three.summary.sprt.deals == 6 and three.summary.sprt.decision is None


def test_sprt_is_refused_when_malformed(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["arena", GAME, "--bots", "random", "random", "--games", "2", "--out", str(tmp_path / "x"),
              "--sprt", "elo0=10,elo1=0"])
    assert exc.value.code == 2 and "elo0 < elo1" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_report_json_and_games_csv(tmp_path):
    import csv

    result = arena(tmp_path, bots=("random", "random:seed=9", "random:seed=4"), players=3, games=6,
                   duplicate=True, seed=2)
    records = journal_lines(tmp_path)
    rows = list(csv.DictReader(open(tmp_path / "games.csv")))
    assert len(rows) == 6 * 3 and list(rows[0]) == ["game", "deal", "rotation", "seat", "bot", "spec", "return",
                                                    "win", "score", "rank", "moves", "move_ms", "game_moves", "forfeit",
                                                    "unfinished"]
    by_game = defaultdict(list)
    for row in rows:
        by_game[int(row["game"])].append(row)
    for r in records:
        game = by_game[r["index"]]
        assert [int(x["seat"]) for x in game] == [0, 1, 2]
        assert [x["spec"] for x in game] == r["seats"] and {int(x["deal"]) for x in game} == {r["deal"]}
        assert [float(x["return"]) for x in game] == r["returns"] and [float(x["rank"]) for x in game] == r["ranks"]
        assert [float(x["win"]) for x in game] == r["returns"]              # Wyatt Earp's returns are win shares
        assert [float(x["score"]) for x in game] == r["scores"]
        assert sum(int(x["moves"]) for x in game) == r["num_moves"] == int(game[0]["game_moves"])
        assert sum(float(x["move_ms"]) for x in game) == pytest.approx(sum(r["move_ms"]), abs=0.01)
        assert Counter(r["move_seats"]) == {int(x["seat"]): int(x["moves"]) for x in game if int(x["moves"])}
    def no_nan(constant):
        raise AssertionError(f"report.json holds {constant}, which is not JSON")
    data = json.loads((tmp_path / "report.json").read_text(), parse_constant=no_nan)
    s = result.summary
    assert data["games"] == 6 and data["independent"] is False and "clustered by deal" in data["intervals"]
    for bot, stats in zip(data["bots"], s.bots):
        assert bot["label"] == stats.label and bot["wins"] == stats.wins
        assert bot["win"]["value"] == stats.win.value and bot["win"]["method"] in ("clustered", "one-sided")
        assert bot["score"]["se"] == stats.score.se and bot["mean_rank"] == stats.mean_rank
    assert len(data["pairwise"]) == 6 and data["elo"] is None and data["sprt"] is None
    assert [r["label"] for r in data["ratings"]] == [r.label for r in s.ratings]
    times = {t["label"]: t for t in data["move_times"]}
    assert sum(t["moves"] for t in times.values()) == sum(r["num_moves"] for r in records)
    all_times = sorted(ms for r in records for ms in r["move_ms"])
    assert max(t["max"] for t in times.values()) == all_times[-1]
    assert "Time per move, in ms" in result.report


def test_move_seats_are_recorded_and_old_journals_replay_them(tmp_path):
    from deadeye.bots.arena import move_seats
    arena(tmp_path, games=2)
    for r in journal_lines(tmp_path):
        recorded = r.pop("move_seats")
        assert move_seats(r) == recorded and set(recorded) == {0, 1}
        state = __import__("deadeye.core", fromlist=["new_game"]).new_game(GAME, players=2, seed=r["game_seed"])
        for seat, action in zip(recorded, r["moves"]):
            assert state.current_player() == seat
            state.apply_action(action)
        assert state.is_terminal()


def test_report_pools_runs_of_one_measurement_keeping_their_deals_apart(tmp_path, capsys):
    bots = ("random", "random:seed=9")
    batches = [tmp_path / "a", tmp_path / "b"]
    first = arena(batches[0], bots=bots, games=6, duplicate=True, seed=1)
    second = arena(batches[1], bots=bots, games=4, duplicate=True, seed=2)
    both = first.records + second.records
    assert main(["report", *map(str, batches)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# 2 runs pooled: a, b\n") and "games played: 10 of 10" in text
    assert "over 5 deals with every rotation played" in text         # 3 deals and 2, none merged across runs
    pooled = render(summarize([dict(r, index=r["index"] + 6 * (r in second.records),
                                    deal=r["deal"] + 3 * (r in second.records)) for r in both], list(bots)))
    assert text.split("\n", 1)[1] == pooled.split("\n", 1)[1]        # the report of one run holding both
    summary = pool_runs([read_run(out) for out in batches])
    assert [b.wins for b in summary.bots] == [sum(r["returns"][s] for r in both for s, b in enumerate(r["lineup"])
                                                  if b == k) for k in (0, 1)]
    # runs of other bots, of another kind (without --duplicate), or the same run twice do not pool
    arena(tmp_path / "other", bots=("random", "random:seed=8"), games=4, duplicate=True, seed=3)
    arena(tmp_path / "single", bots=bots, games=4, seed=4)
    for runs, error in ((["a", "other"], "not a run of"), (["a", "single"], "not a run of"),
                        (["a", "a"], "hold the same deal"), (["a", "nothing"], "holds no games.jsonl")):
        assert main(["report", *(str(tmp_path / r) for r in runs)]) == 2
        assert error in capsys.readouterr().err


def test_plot_writes_pngs_from_two_runs_and_links_them(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    ladder, single = tmp_path / "ladder", tmp_path / "single"
    arena(ladder, bots=("ismcts:iterations=10", "ismcts:iterations=40"), games=4, duplicate=True, seed=1)
    arena(single, bots=("ismcts:iterations=20", "random"), games=4, seed=2)
    assert main(["plot", str(ladder), str(single), "--out", str(tmp_path / "png")]) == 0
    written = capsys.readouterr().out.split()
    names = ["strength.png", "seats.png", "move-times.png"]
    assert [Path(p).name for p in written] == names
    for name in names:
        data = (tmp_path / "png" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    for run in (ladder, single):
        report = (run / REPORT).read_text()
        assert report.count("<!-- deadeye plot -->") == 1 and "![strength](../png/strength.png)" in report
    assert main(["plot", str(single)]) == 0                         # again, into the run itself: one plot section
    report = (single / REPORT).read_text()
    assert report.count("## Plots") == 1 and "![seats](seats.png)" in report
    # a journal with roles gets a second panel, win rate per role
    height = int.from_bytes((single / "seats.png").read_bytes()[20:24], "big")
    lines = journal_lines(single)
    for r in lines:
        r["roles"] = ["sheriff" if seat == 0 else "outlaw" for seat in range(r["players"])]
    (single / JOURNAL).write_text("".join(json.dumps(r) + "\n" for r in lines))
    assert main(["plot", str(single)]) == 0
    assert int.from_bytes((single / "seats.png").read_bytes()[20:24], "big") > 1.5 * height
    from deadeye.bots.plot import _rates
    rates = _rates(lines, ["ismcts:iterations=20", "random"], "role")
    assert set(rates["random"]) == {"sheriff", "outlaw"}
    assert rates["random"]["sheriff"] == sum(r["returns"][0] for r in lines if r["lineup"][0] == 1) / 2
    assert main(["plot", str(tmp_path / "nothing")]) == 2
    assert "holds no games.jsonl" in capsys.readouterr().err


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    arena(tmp_path, games=2)
    monkeypatch.setitem(sys.modules, "matplotlib", None)           # import matplotlib now raises ImportError
    assert main(["plot", str(tmp_path)]) == 2
    assert "pip install 'deadeye[plot]'" in capsys.readouterr().err
    assert not (tmp_path / "seats.png").exists()
