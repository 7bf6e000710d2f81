"""Root-parallel search (``threads=``) and the contiguous child blocks of the node pool."""
import threading
import time

import pytest

from deadeye.bots import BotSpecError, make_bot
from deadeye.core import new_game
from deadeye.search.budget import Budget
from deadeye.search.ismcts import ActionStats, SearchResult, Searcher
from deadeye.search.parallel import merge, parallel_search, split_budget, thread_seed
from deadeye.search.stop import StopToken


def first_decision(game="hearts", players=4, seed=1):
    state = new_game(game, players=players, seed=seed)
    return state.information_set(state.current_player())


@pytest.mark.parametrize("game,players,kwargs", [
    ("hearts", 4, {}), ("hearts", 4, {"expand_threshold": 3}), ("wyatt-earp", 3, {}),
    ("colt-express", 4, {"opponents_by_policy": True}), ("hearts", 4, {"max_nodes": 500})])
def test_every_node_is_reachable_through_the_child_blocks(game, players, kwargs):
    """Blocks move as they fill: a walk of the tree from the root still meets every node once, the pool stays
    within two slots a node, and the root's children account for every iteration."""
    searcher = Searcher(**kwargs)
    result = searcher.search(first_decision(game, players), Budget(iterations=20_000), seed=3)
    assert sum(searcher.tree_seats().values()) == result.tree_size - 1
    assert result.tree_size <= searcher.max_nodes
    assert searcher.pool_slots <= 2 * searcher.max_nodes + 512
    assert sum(child.visits for child in result.children) == 20_000
    assert all(child.available >= child.visits >= 1 for child in result.children)


def test_split_budget_sums_to_the_iterations_and_keeps_the_time_limit():
    assert [b.iterations for b in split_budget(Budget(iterations=10), 3)] == [4, 3, 3]
    assert [b.iterations for b in split_budget(Budget(iterations=2), 5)] == [1, 1]   # never an empty search
    assert split_budget(Budget(time_ms=50), 3) == [Budget(time_ms=50)] * 3
    assert [(b.iterations, b.time_ms) for b in split_budget(Budget(7, 20.0), 2)] == [(4, 20.0), (3, 20.0)]


def test_thread_seeds_keep_the_first_and_differ():
    seeds = [thread_seed(12345, i) for i in range(64)]
    assert seeds[0] == 12345 and len(set(seeds)) == 64 and all(0 <= s < 2**63 for s in seeds)


def test_merge_sums_visits_and_rewards_per_root_action():
    a = SearchResult(1, 10, 5.0, 11, False, (ActionStats(1, 6, 0.5, 10), ActionStats(2, 4, 0.25, 10)))
    b = SearchResult(2, 10, 7.0, 9, False, (ActionStats(2, 5, 0.8, 10), ActionStats(3, 5, 0.9, 10)))
    merged = merge([a, b])
    assert merged.action == 2 and merged.iterations == 20 and merged.elapsed_ms == 7.0 and merged.tree_size == 20
    assert [(s.action, s.visits, s.available) for s in merged.children] == [(2, 9, 20), (1, 6, 10), (3, 5, 10)]
    assert merged.children[0].value == pytest.approx((4 * 0.25 + 5 * 0.8) / 9)
    assert merge([a, b], flat=True).action == 3                     # flat: the best mean, not the most visited


def test_threads_2_splits_the_budget_exactly_and_is_deterministic():
    info = first_decision()
    runs = []
    for _ in range(2):
        bot = make_bot("ismcts:iterations=3001,threads=2", seed=9)
        bot.choose(info)
        runs.append(bot.last)
    assert runs[0].iterations == 3001 and sum(c.visits for c in runs[0].children) == 3001
    assert runs[0].action == runs[1].action and runs[0].children == runs[1].children


def test_threads_1_is_the_plain_search_and_threads_2_merges_two_searches():
    info = first_decision()
    one = make_bot("ismcts:iterations=2000,threads=1,rollout=random,win=0,c=0.7,opponents=tree", seed=4)  # Searcher()
    one.choose(info)
    seed = make_bot("ismcts", seed=4)._rng.getrandbits(63)
    plain = Searcher(c=0.7).search(info, Budget(iterations=2000), seed)
    assert one.last.children == plain.children
    run = lambda searcher, budget, s, callback: searcher.search(info, budget, s)
    two = parallel_search([Searcher(), Searcher()], run, Budget(iterations=2000), seed)
    halves = [Searcher().search(info, Budget(iterations=1000), thread_seed(seed, i)) for i in range(2)]
    assert two.children == merge(halves).children and two.tree_size == halves[0].tree_size + halves[1].tree_size


def test_a_stop_token_stops_every_thread():
    info = first_decision()
    bot = make_bot("ismcts:time_ms=20000,threads=2", seed=1)
    token = StopToken()
    threading.Timer(0.2, token.set).start()
    start = time.perf_counter()
    bot.choose(info, stop=token)
    assert time.perf_counter() - start < 5 and bot.last.stopped and bot.last.iterations > 0
    token = StopToken()
    token.set()
    bot.choose(info, stop=token)
    assert bot.last.iterations == 0 and bot.last.action == info.legal_actions()[0]


def test_a_time_budget_applies_to_each_thread():
    bot = make_bot("ismcts:time_ms=100,threads=2", seed=1)
    start = time.perf_counter()
    bot.choose(first_decision())
    assert time.perf_counter() - start < 10 and bot.last.elapsed_ms >= 50 and bot.last.iterations > 2


@pytest.mark.parametrize("spec,message", [
    ("ismcts:threads=0", "threads='0' is not an integer from 1 to 64"),
    ("ismcts:threads=65", "threads='65' is not an integer from 1 to 64"),
    ("pimc:threads=2", "threads applies to ismcts, flatmc and cheat"),
])
def test_bad_thread_counts_are_refused(spec, message):
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_threads_share_the_node_cap():
    from deadeye.bots.players import SearchBot

    with pytest.raises(ValueError, match="threads must be an integer from 1 to 64, not 2.0"):
        SearchBot(threads=2.0)
    bot = make_bot("ismcts:iterations=20000,max_nodes=1000,threads=2", seed=1)
    bot.choose(first_decision())
    assert bot.last.tree_size == 1000 and all(s.max_nodes == 500 for s in bot._searchers)


def test_the_cheating_bound_searches_in_parallel_too():
    state = new_game("hearts", players=4, seed=2)
    bot = make_bot("cheat:iterations=1000,threads=2", seed=1)
    assert bot.choose_with_state(state) in state.legal_actions()
    assert bot.last.iterations == 1000 and sum(c.visits for c in bot.last.children) == 1000


def test_bench_search_scaling_reports_each_tree_size_and_thread_count():
    import io

    from deadeye.bots.bench import search_scaling

    out = io.StringIO()
    rows = search_scaling("hearts", 4, [100, 300], threads=2, seconds=0.05, out=out)
    assert [(r["label"], r["iterations"], r["tree_size"]) for r in rows[:2]] == [
        ("100 iterations", 100, 101), ("300 iterations", 300, 301)]
    assert [r["label"] for r in rows[2:]] == ["threads=1, 50 ms", "threads=2, 50 ms"]
    assert all(r["per_s"] > 0 and r["per_cpu_s"] > 0 for r in rows) and out.getvalue().count("\n") == 4
    assert 1 <= rows[0]["depth"] <= rows[1]["depth"] and "depth" not in rows[2]
    assert f"{rows[1]['depth']:.2f} tree moves an iteration" in out.getvalue()
