"""``deadeye bench hearts --vs-openspiel``: every engine measured at every position, and a table of ratios."""
import pytest

pytest.importorskip("pyspiel")

from deadeye.bots.openspiel_bench import MID_GAME_TRICKS, measure, positions, render  # noqa: E402


def test_positions_are_the_first_decision_and_mid_game():
    first, mid = positions(seed=3).values()
    assert len(first.openspiel_history()) == 1 + 52          # the pass direction and the deal: nobody moved yet
    assert mid.tricks_played == MID_GAME_TRICKS and mid.phase == "play"


def test_every_engine_is_measured_and_rendered():
    rows = measure(seconds=0.01, simulations=(40,), repeats=1)
    seen = {(r.position, r.measure, r.engine) for r in rows}
    for where in ("first decision", "mid-game"):
        assert {(where, "clone", "deadeye"), (where, "clone", "OpenSpiel C++"),
                (where, "random playout", "deadeye"), (where, "random playout", "OpenSpiel Python"),
                (where, "IS-MCTS 40", "deadeye"), (where, "IS-MCTS 40", "OpenSpiel C++"),
                (where, "IS-MCTS 40", "OpenSpiel Python")} <= seen
    assert all(r.per_s > 0 for r in rows)
    table = render(rows, core=0)
    assert table.count("\n| first decision |") == 3 and table.count("\n| mid-game |") == 3
    assert "| deadeye / C++ |" in table and "x |" in table
