"""The arena's focus mode: one seat of a bot among copies of another, rotated over every seat, reported per role."""
from collections import Counter
from pathlib import Path

import pytest

from deadeye.bots.arena import ArenaConfig, ArenaError, plan_games, run_arena
from deadeye.bots.report import focus_rows, lone_seat, render, summarize
from deadeye.protocol.cli import main

KEY = bytes(range(32))


def test_each_bot_sits_alone_in_every_seat_once_per_deal():
    plans = plan_games("way-out-west", ("a", "b"), players=4, games=16, seed=3, duplicate=True, run_key=KEY,
                       focus=1)
    assert len({p.deal for p in plans}) == 2
    for deal in (0, 1):
        games = [p for p in plans if p.deal == deal]
        assert len({p.game_seed for p in games}) == 1
        alone = Counter((p.lineup[lone_seat(p.lineup)], lone_seat(p.lineup)) for p in games)
        assert alone == Counter({(b, s): 1 for b in (0, 1) for s in range(4)})
    # the focus bot (b, index 1) is alone first, in seats 0..3, then a is alone
    assert [p.seats for p in plans[:2]] == [("b", "a", "a", "a"), ("a", "b", "a", "a")]
    assert plans[4].seats == ("a", "b", "b", "b")


def test_focus_run_reports_the_lone_seat_both_ways(tmp_path: Path):
    result = run_arena(ArenaConfig(game="way-out-west", bots=("heuristic", "random"), games=12, duplicate=True,
                                   players=3, seed=5, workers=1, progress=False, run_key=KEY, out=tmp_path / "f",
                                   focus=0))
    rows = result.summary.focus
    assert [(r.lone, r.crowd, r.role) for r in rows] == [("heuristic", "random", None), ("random", "heuristic", None)]
    assert rows[0].win.n == rows[1].win.n == 6
    assert rows[0].win.value > rows[0].crowd_win.value          # the heuristic crushes random at this table
    assert rows[1].win.value < rows[1].crowd_win.value
    assert "| heuristic | random | all | 6 |" in result.report
    assert "seats one bot alone in seat g mod 3" in result.report


def _record(index, deal, lineup, returns, roles):
    return {"index": index, "deal": deal, "lineup": lineup, "returns": returns, "ranks": [1.0] * len(returns),
            "scores": [0.0] * len(returns), "roles": roles, "seats": ["x"] * len(returns)}


def test_per_role_rows_compare_the_lone_seat_with_crowd_seats_of_the_same_role():
    records = [
        # deal 0: A alone as the Sheriff, wins with the deputy; then as the outlaw, loses
        _record(0, 0, [0, 1, 1], [1.0, 1.0, 0.0], ["sheriff", "deputy", "outlaw"]),
        _record(1, 0, [1, 1, 0], [1.0, 1.0, 0.0], ["sheriff", "deputy", "outlaw"]),
        # deal 1: A alone as the outlaw, wins
        _record(2, 1, [1, 1, 0], [0.0, 0.0, 1.0], ["sheriff", "deputy", "outlaw"]),
        # B alone (not counted for A's rows)
        _record(3, 1, [1, 0, 0], [0.0, 0.0, 1.0], ["sheriff", "deputy", "outlaw"]),
    ]
    rows = focus_rows(records, ["A", "B"], focus=0, independent=False)
    by = {(r.lone, r.role): r for r in rows}
    assert set(by) == {("A", None), ("A", "outlaw"), ("A", "sheriff"), ("B", None), ("B", "sheriff")}
    assert by["A", None].win.value == pytest.approx(2 / 3)
    assert by["A", "outlaw"].win.value == pytest.approx(1 / 2) and by["A", "outlaw"].win.n == 2
    assert by["A", "sheriff"].win.value == 1.0
    # the crowd's sheriffs in A's games 1 and 2 (A was the outlaw): one won, one lost
    assert (by["A", "sheriff"].crowd_win.n, by["A", "sheriff"].crowd_win.value) == (2, 0.5)
    # crowd seats of A's games (0, 1, 2): deputy 1, outlaw 0 | sheriff 1, deputy 1 | sheriff 0, deputy 0
    assert by["A", None].crowd_win.value == pytest.approx(3 / 6)
    assert by["B", "sheriff"].win.value == 0.0 and by["B", "sheriff"].crowd_win.n == 0
    text = render(summarize(records, ["A", "B"], duplicate=True, rotations=6, focus=0))
    assert "| A | B | outlaw | 2 | 50.0 % |" in text


@pytest.mark.parametrize("argv, message", [
    (["--bots", "random", "heuristic", "random:seed=2", "--focus", "random"], "exactly two --bots"),
    (["--bots", "random", "heuristic", "--focus", "ismcts"], "names one of the --bots"),
    (["--bots", "random", "heuristic", "--focus", "random", "--players", "2"], "at least 3 seats"),
    (["--bots", "random", "heuristic", "--focus", "random", "--players", "3", "--duplicate", "--games", "4"],
     "multiple of 6"),
])
def test_bad_focus_commands_are_refused(tmp_path: Path, capsys, argv, message):
    base = ["arena", "way-out-west", "--games", "6", "--workers", "1", "--out", str(tmp_path / "x")]
    assert main(base + argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x" / "games.jsonl").exists()


def test_a_team_win_counts_once_for_the_bot_whose_seats_share_it():
    """In a team game two seats of one bot win together: the bot won that game once, so its win rate stays a share
    of its games (the 441 wins in 400 games of a BANG! run, 110 %, before)."""
    records = [_record(0, 0, [0, 0, 1], [1.0, 1.0, 0.0], ["sheriff", "deputy", "outlaw"]),
               _record(1, 1, [0, 1, 1], [0.0, 1.0, 1.0], ["sheriff", "outlaw", "outlaw"])]
    a, b = summarize(records, ["A", "B"]).bots
    assert (a.wins, a.games, a.win_rate) == (1.0, 2, 0.5) and (b.wins, b.win_rate) == (1.0, 0.5)
    assert a.win.value == a.win_rate and b.seats == 3


def test_the_crowd_seats_of_one_game_are_one_cluster():
    """Crowd seats of one game win or lose together (one team): their interval clusters them by game, so it is
    as wide as the games allow, not as narrow as Wilson's over every seat would be."""
    records = [_record(g, g, [0, 1, 1, 1], [0.0, 1.0, 1.0, 1.0] if g % 2 else [1.0, 0.0, 0.0, 0.0],
                       ["sheriff", "outlaw", "outlaw", "outlaw"]) for g in range(40)]
    crowd = {r.role: r for r in focus_rows(records, ["A", "B"], focus=0, independent=True) if r.lone == "A"}[None]
    estimate = crowd.crowd_win
    assert (estimate.n, estimate.clusters, estimate.method) == (120, 40, "clustered")
    assert estimate.value == 0.5 and estimate.high - estimate.low > 0.3     # Wilson over 120 seats: 0.18 wide
