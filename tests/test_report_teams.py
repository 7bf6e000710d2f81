"""The arena report with team returns (BANG!: 1 to every member of the winning side): a bot whose seats win
together has won that game once, so its per-game win rate stays a share in [0, 1] and the report renders."""
from deadeye.bots.report import render, summarize


def _record(index, lineup, returns):
    return {"index": index, "deal": index, "lineup": lineup, "returns": returns,
            "ranks": [1.0 if r else 2.0 for r in returns], "scores": [0.0] * len(returns), "seats": ["x"] * 5}


def test_several_winning_seats_of_one_bot_count_as_one_game_won():
    records = [_record(0, [0, 1, 1, 1, 1], [0.0, 1.0, 1.0, 0.0, 0.0]),
               _record(1, [1, 0, 1, 1, 1], [1.0, 1.0, 0.0, 0.0, 1.0])]
    summary = summarize(records, ["heuristic", "random"])
    by = {b.label: b for b in summary.bots}
    assert by["random"].game_wins == [1.0, 1.0] and by["heuristic"].game_wins == [0.0, 1.0]
    assert 0.0 <= by["random"].win.value <= 1.0
    assert "heuristic" in render(summary)
