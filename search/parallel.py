"""Root-parallel search: k independent searches on k cores, their root statistics summed.

Each search has its own Searcher (tree, scratch state) and its own seed, and runs its C loop without the GIL, so k
Python threads use k cores.  The merged result sums visits, availabilities and rewards per root action, and takes
the most visited action (the best mean for flat Monte Carlo), as one search would.  An iteration budget is split
so that the searches' budgets sum to it; a time budget applies to each search,
counted from their common start; one stop token stops them all.
The searches are merged in a fixed order, so the same seed and iteration budget give the same move.
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Sequence

from deadeye.search.budget import Budget
from deadeye.search.ismcts import ActionStats, SearchResult, Searcher

MAX_THREADS = 64
_MASK = (1 << 63) - 1

Run = Callable[[Searcher, Budget, int, Callable | None], SearchResult]   # (searcher, budget, seed, info_callback)


def thread_seed(seed: int, index: int) -> int:
    """The seed of search ``index`` of a parallel search seeded ``seed`` (search 0 keeps ``seed`` itself, so that
    one thread searches exactly as a plain search does)."""
    if index == 0:
        return seed
    z = (seed + index * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF       # splitmix64 of the seed and the index
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) & _MASK


def split_budget(budget: Budget, threads: int) -> list[Budget]:
    """One budget per search: the iterations divided as evenly as possible (summing to the budget's; never more
    searches than iterations), the time limit the same for each."""
    if budget.iterations is None:
        return [budget] * threads
    threads = min(threads, budget.iterations)
    share, extra = divmod(budget.iterations, threads)
    return [Budget(share + (i < extra), budget.time_ms) for i in range(threads)]


def merge(results: Sequence[SearchResult], flat: bool = False) -> SearchResult:
    """One result from several searches of the same position: visits, availabilities and rewards summed per root
    action, ranked as ``Searcher`` ranks them (the best mean first when ``flat``, else the most visited)."""
    visits: dict[int, int] = {}
    rewards: dict[int, float] = {}
    available: dict[int, int] = {}
    for result in results:                             # in thread order: the same floating-point sums every time
        for child in result.children:
            visits[child.action] = visits.get(child.action, 0) + child.visits
            rewards[child.action] = rewards.get(child.action, 0.0) + child.value * child.visits
            available[child.action] = available.get(child.action, 0) + child.available
    stats = [ActionStats(a, v, rewards[a] / v if v else 0.0, available[a]) for a, v in visits.items()]
    stats.sort(key=(lambda s: (-s.value, -s.visits, s.action)) if flat else (lambda s: (-s.visits, -s.value, s.action)))
    first = results[0]
    return SearchResult(stats[0].action if stats else first.action, sum(r.iterations for r in results),
                        max(r.elapsed_ms for r in results), sum(r.tree_size for r in results),
                        any(r.stopped for r in results), tuple(stats))


def parallel_search(searchers: Sequence[Searcher], run: Run, budget: Budget, seed: int,
                    info_callback: Callable[[SearchResult], None] | None = None) -> SearchResult:
    """``run`` on each searcher at once (search 0 in the calling thread, with ``info_callback``, which then hears
    search 0's progress; the others in their own threads), merged.  With one searcher, exactly ``run``."""
    budgets = split_budget(budget, len(searchers))
    if len(budgets) == 1:
        return run(searchers[0], budgets[0], seed, info_callback)
    results: list[SearchResult | None] = [None] * len(budgets)
    errors: list[BaseException] = []
    start = time.perf_counter()

    def share(i: int) -> Budget:
        """Search i's budget, its time limit counted from the start of the whole search (a thread may start
        late on a loaded machine: the searches end together)."""
        if budgets[i].time_ms is None:
            return budgets[i]
        left = budgets[i].time_ms - (time.perf_counter() - start) * 1000
        return Budget(budgets[i].iterations, max(left, 0.001))      # at least one iteration, as any search

    def work(i: int) -> None:
        try:
            results[i] = run(searchers[i], share(i), thread_seed(seed, i), None)
        except BaseException as error:                 # re-raised in the caller's thread
            errors.append(error)

    workers = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(1, len(budgets))]
    for worker in workers:
        worker.start()
    try:
        results[0] = run(searchers[0], share(0), seed, info_callback)
    finally:
        for worker in workers:
            worker.join()
    if errors:
        raise errors[0]
    return merge(results, searchers[0].flat)
