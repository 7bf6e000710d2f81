"""Rollout options of the search: MAST (its table, its choice, inside a search), exploration (epsilon) on top of a
rollout policy, and their seeded reproducibility."""
from __future__ import annotations

import pytest

from deadeye.bots.registry import make_bot
from deadeye.core import new_game
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher
from deadeye.search.mast import DEFAULT_EPSILON, MastPolicy


def test_mast_table_means_by_seat_and_action():
    """Hand-checked: the mean of each (seat, action)'s rewards, kept apart per seat."""
    table = MastPolicy(epsilon=0.0)
    for seat, action, reward in [(0, 5, 1.0), (0, 5, 0.0), (0, 5, 0.5), (0, 7, 0.75), (1, 5, 0.25)]:
        table.add(seat, action, reward)
    assert (table.count(0, 5), table.value(0, 5)) == (3, 0.5)
    assert (table.count(0, 7), table.value(0, 7)) == (1, 0.75)
    assert (table.count(1, 5), table.value(1, 5)) == (1, 0.25)
    assert table.count(1, 7) == 0 and table.value(1, 7) is None
    assert table.choose(0, [5, 7], seed=3) == 7             # the best mean of seat 0
    assert table.choose(1, [5], seed=3) == 5
    assert table.choose(0, [5, 7, 9], seed=3) == 9          # an action never played is tried first


def test_mast_greedy_ties_and_exploration():
    """Ties among the best are drawn uniformly; epsilon 1 is uniformly random, the worst action included."""
    table = MastPolicy(epsilon=0.0)
    table.add(2, 1, 0.9)
    table.add(2, 3, 0.9)
    table.add(2, 4, 0.1)
    assert {table.choose(2, [1, 3, 4], seed=s) for s in range(64)} == {1, 3}
    assert {table.choose(2, [10, 11], seed=s) for s in range(64)} == {10, 11}      # both unseen: a tie
    explorer = MastPolicy(epsilon=1.0)
    explorer.add(0, 1, 1.0)
    explorer.add(0, 2, 0.0)
    assert {explorer.choose(0, [1, 2], seed=s) for s in range(64)} == {1, 2}
    assert DEFAULT_EPSILON == MastPolicy().epsilon
    with pytest.raises(ValueError, match="epsilon must be a number from 0 to 1"):
        MastPolicy(epsilon=1.5)
    with pytest.raises(ValueError, match="out of range"):
        table.add(0, 512, 1.0)


def _decision(game: str, players: int, seed: int):
    """A state of ``game`` a few moves in (by the first legal actions) where the seat to move has a choice."""
    state = new_game(game, players=players, seed=seed)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    return state


def _lines(state, moves=()):
    """Every line of play from ``state`` to the end: (the (seat, action) moves, the search's reward per seat)."""
    if state.is_terminal():
        yield list(moves), [(chips + 2) / 4 for chips in state.game_returns()]     # Kuhn poker's search reward
        return
    for action in state.legal_actions():
        child = state.clone()
        seat = child.current_player()
        child.apply_action(action)
        yield from _lines(child, moves + ((seat, action),))


def _table_of(lines) -> dict:
    """The MAST table after iterations that played ``lines``: per (seat, action), its plays and mean reward."""
    sums: dict = {}
    for moves, reward in lines:
        for seat, action in moves:
            n, total = sums.get((seat, action), (0, 0.0))
            sums[seat, action] = (n + 1, total + reward[seat])
    return {key: (n, total / n) for key, (n, total) in sums.items()}


def test_mast_table_of_one_iteration_is_its_line_of_play():
    """Kuhn poker, one iteration from a known state: the table holds exactly the moves of one complete line (the
    root's expanded move and the rollout's), each with its seat's reward."""
    state = new_game("kuhn-poker", players=2, seed=3)
    lines = list(_lines(state))
    for seed in range(8):
        searcher = Searcher(mast=True, epsilon=0.0)
        searcher.search_state(state, Budget(iterations=1), seed=seed)
        assert searcher.mast_table() in [_table_of([line]) for line in lines]


def test_mast_table_of_two_iterations_sums_both_lines_and_resets():
    """Two iterations: the table is the sum of two lines of play whose first moves are the root's two actions (the
    root expands each once); the next search starts from an empty table."""
    state = new_game("kuhn-poker", players=2, seed=3)
    lines = list(_lines(state))
    searcher = Searcher(mast=True, epsilon=0.0)
    searcher.search_state(state, Budget(iterations=2), seed=11)
    tables = [_table_of([a, b]) for a in lines for b in lines if a[0][0][1] != b[0][0][1]]
    assert searcher.mast_table() in tables
    searcher.search_state(state, Budget(iterations=1), seed=11)
    assert searcher.mast_table() in [_table_of([line]) for line in lines]
    assert Searcher().mast_table() == {} and not Searcher().uses_mast


@pytest.mark.parametrize("spec", ["ismcts:iterations=400,rollout=mast", "ismcts:iterations=400,rollout=heuristic,epsilon=0.1",
                                  "ismcts:iterations=400,rollout=mast,epsilon=0.05,cutoff=8"])
@pytest.mark.parametrize("game, players", [("hearts", 4), ("wyatt-earp", 3), ("colt-express", 2)])
def test_rollout_options_are_reproducible_and_legal(spec, game, players):
    """The same seed gives the same search (root statistics and all); the move is legal; MAST's table is filled."""
    state = _decision(game, players, seed=5)
    info = state.information_set(state.current_player())
    first, second = make_bot(spec, seed=9), make_bot(spec, seed=9)
    assert first.choose(info) == second.choose(info) and first.last.action in state.legal_actions()
    assert first.last.children == second.last.children and first.last.iterations == 400
    searcher = first._searchers[0]
    assert searcher.uses_mast == ("mast" in spec)
    if searcher.uses_mast:
        table = searcher.mast_table()
        assert table and all(n > 0 and 0.0 <= v <= 1.0 for n, v in table.values())
        assert {seat for seat, _ in table} <= set(range(players))


def test_exploration_changes_heuristic_rollouts_only_when_set():
    """epsilon 0 leaves heuristic rollouts as they were (no extra random draw); epsilon > 0 changes the search."""
    state = _decision("hearts", 4, seed=2)
    info = state.information_set(state.current_player())
    plain = make_bot("ismcts:iterations=600,rollout=heuristic", seed=4)
    zero = make_bot("ismcts:iterations=600,rollout=heuristic,epsilon=0", seed=4)
    some = make_bot("ismcts:iterations=600,rollout=heuristic,epsilon=0.3", seed=4)
    for bot in (plain, zero, some):
        bot.choose(info)
    assert plain.last.children == zero.last.children
    assert plain.last.children != some.last.children
    assert plain._searchers[0].epsilon == 0.0 and some._searchers[0].epsilon == 0.3
    assert make_bot("ismcts:rollout=mast").settings("hearts")["epsilon"] == DEFAULT_EPSILON
    assert make_bot("ismcts:rollout=mast,epsilon=0").settings("hearts")["epsilon"] == 0.0


@pytest.mark.parametrize("spec, message", [
    ("ismcts:rollout=gibbs", "rollout='gibbs' is not random or heuristic or mast"),
    ("ismcts:epsilon=1.5", "epsilon='1.5' is not a number in [0, 1]"),
    ("ismcts:epsilon=nan", "epsilon='nan' is not a number in [0, 1]"),
])
def test_bad_rollout_specs_are_refused(spec, message):
    from deadeye.bots.spec import BotSpecError
    with pytest.raises(BotSpecError) as excinfo:
        make_bot(spec)
    assert message in str(excinfo.value)
    with pytest.raises(ValueError, match="epsilon must be"):
        Searcher(epsilon=2.0)


def test_bench_spec_costs_time_every_spec_on_the_same_decisions():
    """``deadeye bench GAME --bots A B``: each spec's iterations over the same decisions, its CPU cost per iteration
    and the ratio to the first (no speed is asserted: only what was counted)."""
    import io

    from deadeye.bots.bench import decision_positions, spec_costs

    positions = decision_positions("hearts", 4, 5)
    assert len(positions) == 5 and all(len(p.legal_actions()) > 1 for p in positions)
    assert [p.to_dict() for p in positions] == [p.to_dict() for p in decision_positions("hearts", 4, 5)]
    out = io.StringIO()
    rows = spec_costs("hearts", 4, ["ismcts", "ismcts:rollout=mast"], iterations=50, positions=5, out=out)
    assert [(r["spec"], r["iterations"]) for r in rows] == [("ismcts", 250), ("ismcts:rollout=mast", 250)]
    assert rows[0]["cost_ratio"] == 1.0 and all(r["cpu_us_per_iteration"] > 0 for r in rows)
    assert out.getvalue().count("\n") == 2 and "ismcts:rollout=mast:" in out.getvalue()


def test_hearts_default_is_heuristic_rollouts_with_exploration_and_a_named_rollout_brings_its_own():
    """Hearts' tuned setting (bots/tuning.py) is heuristic rollouts with epsilon 0.3; a spec naming a rollout
    without an epsilon gets that rollout's own (0 for the heuristic, MAST's default), and an epsilon it names wins."""
    def settings(spec: str, game: str = "hearts") -> tuple:
        chosen = make_bot(spec).settings(game)
        return chosen["rollout"], chosen["epsilon"]

    assert settings("ismcts") == ("heuristic", 0.3) and settings("hard") == ("heuristic", 0.3)
    assert settings("ismcts:rollout=heuristic") == ("heuristic", 0.0)
    assert settings("ismcts:rollout=mast") == ("mast", DEFAULT_EPSILON)
    assert settings("ismcts:rollout=random") == ("random", 0.0)
    assert settings("ismcts:epsilon=0.1") == ("heuristic", 0.1)
    assert settings("ismcts", "wyatt-earp") == ("random", 0.0)
