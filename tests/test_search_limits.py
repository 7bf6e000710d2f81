"""Nothing in the search runs unbounded or reads out of bounds, whatever its settings or the state: checked
settings, the rollout move cap, and a node pool that reports a failed allocation as MemoryError."""
import subprocess
import sys
import textwrap

import pytest

from deadeye.core import list_games, new_game
from deadeye.search.ismcts import MAX_EXPAND, MAX_NODES, ROLLOUT_MOVE_CAP, Searcher
from deadeye.search.playout import MAX_ROLLOUT_MOVES, random_playout

NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("settings, message", [
    ({"c": NAN}, "c must be a finite number >= 0, not nan"),
    ({"c": INF}, "c must be a finite number >= 0, not inf"),
    ({"c": -0.1}, "c must be a finite number >= 0, not -0.1"),
    ({"c": "0.7"}, "c must be a finite number >= 0, not '0.7'"),
    ({"bias": NAN}, "bias must be a finite number >= 0, not nan"),
    ({"bias": -INF}, "bias must be a finite number >= 0, not -inf"),
    ({"max_nodes": 0}, "max_nodes must be an integer from 1 to 50,000,000, not 0"),
    ({"max_nodes": MAX_NODES + 1}, "max_nodes must be an integer from 1 to 50,000,000, not 50000001"),
    ({"max_nodes": 2**64}, "max_nodes must be an integer from 1 to 50,000,000"),
    ({"max_nodes": 1000.0}, "max_nodes must be an integer from 1 to 50,000,000, not 1000.0"),
    ({"cutoff_moves": -1}, "cutoff_moves must be an integer from 0 to 20,000, not -1"),
    ({"cutoff_moves": 10**12}, "cutoff_moves must be an integer from 0 to 20,000"),
    ({"expand_threshold": 0}, "expand_threshold must be an integer from 1 to 1,000,000, not 0"),
    ({"expand_threshold": 2**31}, "expand_threshold must be an integer from 1 to 1,000,000"),
])
def test_searcher_refuses_non_finite_and_out_of_range_settings(settings, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Searcher(**settings)


def test_searcher_accepts_the_ends_of_its_ranges():
    searcher = Searcher(c=0, bias=0, max_nodes=MAX_NODES, cutoff_moves=MAX_ROLLOUT_MOVES, expand_threshold=MAX_EXPAND)
    assert (searcher.c, searcher.max_nodes, searcher.cutoff_moves, searcher.expand_threshold) == (
        0.0, 50_000_000, 20_000, 1_000_000)


def test_every_rollout_has_a_move_cap():
    """With no cut-off a rollout still ends after MAX_ROLLOUT_MOVES moves (then the state is evaluated)."""
    assert ROLLOUT_MOVE_CAP == MAX_ROLLOUT_MOVES == 20_000
    assert Searcher().rollout_moves == MAX_ROLLOUT_MOVES
    assert Searcher(cutoff_moves=7).rollout_moves == 7


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_natural_random_playouts_stay_far_below_the_cap(game):
    """The cap cuts only states that cannot end: 200 random games of each size end well inside it."""
    info = next(g for g in list_games() if g.name == game)
    for players in (info.min_players, info.max_players):
        for seed in range(200):
            state = new_game(game, players=players, seed=seed)
            moves = random_playout(state, seed)
            assert state.is_terminal() and 0 < moves < MAX_ROLLOUT_MOVES // 10


def test_random_playout_stops_at_its_move_cap():
    start = new_game("hearts", players=4, seed=1)
    capped = start.clone()
    assert random_playout(capped, 7, max_moves=10) == 10 and not capped.is_terminal()
    longer = start.clone()
    assert random_playout(longer, 7, max_moves=11) == 11 and longer != capped
    untouched = start.clone()
    assert random_playout(untouched, 7, max_moves=0) == 0 and untouched == start
    whole = start.clone()
    assert random_playout(whole, 7) == 64 and whole.is_terminal()         # 52 cards played, 12 passed
    for bad in (-1, MAX_ROLLOUT_MOVES + 1):
        with pytest.raises(ValueError, match="max_moves must be from 0 to 20000"):
            random_playout(start.clone(), 7, max_moves=bad)


GROW_UNDER_RLIMIT = textwrap.dedent("""
    import resource
    from deadeye.core import new_game
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    state = new_game("hearts", players=4, seed=1)
    info = state.information_set(state.current_player())
    searcher = Searcher(max_nodes=50_000_000)
    grown = searcher.search(info, Budget(iterations=40_000), seed=1)      # the pool: 65,536 nodes (3 MB)
    pages = int(open("/proc/self/statm").read().split()[0])
    resource.setrlimit(resource.RLIMIT_AS, (pages * resource.getpagesize() + 2**21, resource.RLIM_INFINITY))
    try:
        searcher.search(info, Budget(iterations=200_000), seed=1)         # needs 131,072 nodes: 3 MB more
        print("no error")
    except MemoryError as exc:
        print("MemoryError:", exc)
    again = searcher.search(info, Budget(iterations=1_000), seed=2)       # the pool it kept still works
    print(grown.tree_size, again.iterations, again.tree_size, again.action in info.legal_actions())
""")


def test_a_node_pool_that_cannot_grow_raises_memory_error():
    out = subprocess.run([sys.executable, "-c", GROW_UNDER_RLIMIT], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "MemoryError: the search's node pool could not grow past 65,536 nodes"
    tree, iterations, size, legal = lines[1].split()
    assert 32_768 < int(tree) <= 40_001 and iterations == "1000" and size == "1001" and legal == "True"
