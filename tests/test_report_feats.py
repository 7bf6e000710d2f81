"""Feats of a game counted by and against each bot in arena reports: Hearts' moon shots, read off the final
scores (OpenSpiel's returns: the shooter 26, every other seat 0)."""
from __future__ import annotations

from deadeye.bots.arena import ArenaConfig, run_arena
from deadeye.bots.report import FeatCount, render, summarize
from deadeye.core.hearts.text import feats


def hearts_record(index: int, lineup: list[int], scores: list[float], crash=None) -> dict:
    ranks = [1.0 + sum(t > s for t in scores) for s in scores]
    returns = [1.0 if r == 1 else 0.0 for r in ranks]
    return {"index": index, "game": "hearts", "players": 4, "deal": index, "lineup": lineup, "returns": returns,
            "scores": scores, "ranks": ranks, "crash": crash, "unfinished": False, "ms": 1.0}


def test_a_moon_shot_is_told_from_every_other_deal_of_the_points():
    assert feats([0.0, 0.0, 26.0, 0.0]) == [("moon shot", 2)]
    assert feats([26.0, 26.0, 0.0, 0.0]) == [] and feats([13.0, 0.0, 13.0, 0.0]) == []


def test_moon_shots_are_counted_by_and_against_each_bot():
    records = [hearts_record(0, [0, 1, 0, 1], [0.0, 26.0, 0.0, 0.0]),       # bot 1 shoots
               hearts_record(1, [1, 0, 1, 0], [0.0, 26.0, 0.0, 0.0]),       # bot 0 shoots
               hearts_record(2, [0, 1, 0, 1], [0.0, 0.0, 26.0, 0.0]),       # bot 0 shoots
               hearts_record(3, [0, 1, 0, 1], [20.0, 13.0, 19.0, 26.0]),    # no moon
               hearts_record(4, [0, 1, 0, 1], [0.0, 26.0, 0.0, 0.0],        # a forfeited game does not count
                             crash={"seat": 0, "cause": "crash", "error": "x"})]
    summary = summarize(records, ["a", "b"])
    assert summary.feats == [FeatCount("a", "moon shot", by=2, against=1, games=4),
                             FeatCount("b", "moon shot", by=1, against=2, games=4)]
    text = render(summary)
    assert "| a | moon shot | 2 | 1 | 4 |" in text and "| b | moon shot | 1 | 2 | 4 |" in text


def test_a_hearts_arena_report_lists_the_moon_shots_and_other_games_none(tmp_path):
    result = run_arena(ArenaConfig(game="hearts", bots=("heuristic", "random"), players=4, games=4,
                                   out=tmp_path / "h", progress=False, workers=1))
    assert [f.label for f in result.summary.feats] == ["heuristic", "random"]
    assert "| bot | feat | by | against | games |" in result.report
    other = run_arena(ArenaConfig(game="kuhn-poker", bots=("heuristic", "random"), games=2, out=tmp_path / "k",
                                  progress=False, workers=1))
    assert other.summary.feats == [] and "feat" not in other.report
