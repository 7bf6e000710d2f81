"""Single-observer information-set MCTS, and the searches that share its tree code.

One tree for the searching seat.  Each iteration samples a determinisation from the seat's information set (never
the true state), descends by UCB over the actions legal in that determinisation, with availability counts (an
action's exploration term uses how often it was available, not its parent's visits), expands one untried action,
rolls out with a policy, and backs up a reward vector in which every seat maximises its own entry (max^n).

The same code searches a single known state (``search_state``): with one state the availability counts equal the
parent's visits, so it is plain UCT.  Determinised UCT (``pimc``) runs it on several samples; the cheating bound runs
it on the true state.  ``flat=True`` is flat Monte Carlo: root actions in turn, rollouts only.
``opponents_by_policy=True`` keeps only the searching seat's own decisions in the tree: the other seats move by the
rollout policy wherever they act, so the tree spends no iterations exploring their replies.
``expand_threshold=k`` widens nodes below the root progressively: such a node adds its m-th child only after
``k * m`` iterations through it (k = 1 adds one per visit, plain ISMCTS), and rolls out by the policy until it has
one.  A position's few first visits then follow the policy's reply (tried first under progressive bias) instead
of being spread over untried, mostly poor, replies; alternatives join as the visits justify them.
"""
from libc.math cimport log, sqrt
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memset
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from deadeye.core.rng cimport Rng, rng_seed, rng_below, rng_next
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS

from deadeye.core.errors import InconsistentInformationError

from dataclasses import dataclass, field

from deadeye.search.budget import Budget


@dataclass(frozen=True)
class ActionStats:
    """One root action after a search."""

    action: int
    visits: int
    value: float          # mean reward of the searching seat through this action
    available: int        # iterations in which it was legal


@dataclass(frozen=True)
class SearchResult:
    """What a search chose and why."""

    action: int
    iterations: int
    elapsed_ms: float
    tree_size: int
    stopped: bool                              # ended by stop() rather than by its budget
    children: tuple = field(default_factory=tuple)   # ActionStats, most visited first

    def __repr__(self) -> str:
        best = self.children[0] if self.children else None
        return (f"SearchResult(action={self.action}, iterations={self.iterations}, elapsed_ms={self.elapsed_ms:.1f}, "
                f"tree_size={self.tree_size}, best={best})")


cdef inline double _now_ms() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6


cdef class Searcher:
    """A reusable search engine (its node pool is kept between searches).

    >>> from deadeye.core import new_game
    >>> from deadeye.search.budget import Budget
    >>> state = new_game("wyatt-earp", players=2, seed=3)
    >>> info = state.information_set(state.current_player())
    >>> result = Searcher().search(info, Budget(iterations=200), seed=1)
    >>> result.action in state.legal_actions(), result.iterations
    (True, 200)
    """

    def __cinit__(self):
        self.nodes = NULL
        self.n_nodes = 0
        self.capacity = 0

    def __init__(self, double c=0.7, int max_nodes=1_000_000, Policy policy=None, int cutoff_moves=0,
                 bint cutoff_segment=False, bint flat=False, double bias=0.0, bint opponents_by_policy=False,
                 int expand_threshold=1):
        if c < 0:
            raise ValueError(f"c must be >= 0, not {c}")
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be >= 1, not {max_nodes}")
        if cutoff_moves < 0:
            raise ValueError(f"cutoff_moves must be >= 0, not {cutoff_moves}")
        if bias < 0:
            raise ValueError(f"bias must be >= 0, not {bias}")
        if expand_threshold < 1:
            raise ValueError(f"expand_threshold must be >= 1, not {expand_threshold}")
        self.expand_threshold = expand_threshold
        self.bias = bias
        self.c = c
        self.max_nodes = max_nodes
        self.policy = policy if policy is not None else Policy()
        self.cutoff_moves = cutoff_moves
        self.cutoff_segment = cutoff_segment
        self.flat = flat
        self.opponents_by_policy = opponents_by_policy
        self._stamp = 0
        memset(self.marks, 0, sizeof(self.marks))
        memset(self.seen, 0, sizeof(self.seen))

    def __dealloc__(self):
        free(self.nodes)

    def stop(self) -> None:
        """Ask a running search (in another thread) to return now with the best move so far."""
        self.stop_requested = 1

    @property
    def tree_size(self) -> int:
        return self.n_nodes

    def tree_seats(self) -> dict:
        """How many nodes of the last search's tree hold each seat's decisions (the root excepted)."""
        counts = {}
        for i in range(1, self.n_nodes):
            counts[self.nodes[i].player] = counts.get(self.nodes[i].player, 0) + 1
        return counts

    cdef int _new_node(self, int parent, int action, int player) noexcept nogil:
        """Append a node (growing the pool by doubling up to the cap); NO_NODE when the cap is reached."""
        cdef int new_capacity
        cdef Node* grown
        cdef Node* node
        if self.n_nodes >= self.max_nodes:
            return NO_NODE
        if self.n_nodes == self.capacity:
            new_capacity = self.capacity * 2 if self.capacity else 1024
            if new_capacity > self.max_nodes:
                new_capacity = self.max_nodes
            grown = <Node*>realloc(self.nodes, new_capacity * sizeof(Node))
            if grown == NULL:
                return NO_NODE
            self.nodes = grown
            self.capacity = new_capacity
        node = &self.nodes[self.n_nodes]
        node.parent = parent
        node.first_child = NO_NODE
        node.next_sibling = NO_NODE
        node.action = action
        node.player = player
        node.visits = 0
        node.available = 0
        node.reward = 0
        if parent != NO_NODE:
            node.next_sibling = self.nodes[parent].first_child
            self.nodes[parent].first_child = self.n_nodes
        self.n_nodes += 1
        return self.n_nodes - 1

    cdef void _iterate(self, GameState s, Rng* rng, int root_player) noexcept nogil:
        """One iteration on the determinisation ``s`` (consumed): select, expand, roll out, back up."""
        cdef int buf[MAX_ACTIONS]
        cdef double rewards[MAX_SEATS]
        cdef int node = 0, child, best, n, i, untried, player, pick, moves, segment, a, hint = -1
        cdef double score, best_score, log_avail
        while not s._is_terminal():
            player = s._current_player()
            if self.opponents_by_policy and player != root_player:
                s._apply(self.policy._choose(s, rng))          # below the root, other seats are the environment
                continue
            n = s._legal_actions(buf)
            self._stamp += 1
            for i in range(n):
                self.marks[buf[i]] = self._stamp
            child = self.nodes[node].first_child               # availability: every legal child was available
            while child != NO_NODE:
                if self.marks[self.nodes[child].action] == self._stamp:
                    self.nodes[child].available += 1
                    self.seen[self.nodes[child].action] = self._stamp
                child = self.nodes[child].next_sibling
            if self.bias > 0:                                  # the policy's choice here, tried first and
                hint = self.policy._choose(s, rng)             # favoured while its node has few visits
            untried = 0
            for i in range(n):
                if self.seen[buf[i]] != self._stamp:
                    buf[untried] = buf[i]
                    untried += 1
            if untried > 0 and node != 0 and self.nodes[node].visits < self.expand_threshold * (n - untried + 1):
                if untried == n:
                    break                                      # not yet visited enough to grow a child: roll out
                untried = 0                                    # not yet enough for one more child: select
            if untried > 0 and (node == 0 or not self.flat):
                pick = buf[rng_below(rng, untried)]
                if self.bias > 0 and self.seen[hint] != self._stamp:
                    pick = hint
                child = self._new_node(node, pick, player)
                if child != NO_NODE:
                    self.nodes[child].available = 1
                    s._apply(pick)
                    node = child
                break                                          # expanded (or the pool is full): roll out
            if node != 0 and self.flat:
                break
            best = NO_NODE
            best_score = -1e300
            child = self.nodes[node].first_child
            while child != NO_NODE:
                if self.marks[self.nodes[child].action] == self._stamp:
                    if self.flat:
                        score = -self.nodes[child].visits      # flat: the least tried action in turn
                    else:
                        log_avail = log(self.nodes[child].available)
                        score = (self.nodes[child].reward / self.nodes[child].visits
                                 + self.c * sqrt(log_avail / self.nodes[child].visits))
                        if self.nodes[child].action == hint:
                            score += self.bias / (self.nodes[child].visits + 1)
                    if score > best_score:
                        best_score = score
                        best = child
                child = self.nodes[child].next_sibling
            s._apply(self.nodes[best].action)
            node = best
            if self.flat:
                break
        moves = 0                                              # roll out
        segment = s._segment()
        while not s._is_terminal():
            if self.cutoff_moves and moves >= self.cutoff_moves:
                break
            if self.cutoff_segment and s._segment() != segment:
                break
            a = self.policy._choose(s, rng)
            s._apply(a)
            moves += 1
        for i in range(MAX_SEATS):
            rewards[i] = 0.0
        if s._is_terminal():
            s._returns(rewards)
        else:
            s._evaluate(rewards)
        while node != NO_NODE:                                 # back up: each node scores its mover's reward
            self.nodes[node].visits += 1
            if node != 0:
                self.nodes[node].reward += rewards[self.nodes[node].player]
            node = self.nodes[node].parent

    def _run(self, source, budget: Budget, seed: int, info_callback, double info_ms) -> SearchResult:
        cdef GameState scratch
        cdef GameState fixed = None
        cdef InformationSet info = None
        cdef Rng rng
        cdef int iterations = 0, limit, root_player
        cdef double start, deadline, next_info, now
        cdef bint has_deadline, inconsistent = False
        if not isinstance(budget, Budget):
            raise TypeError(f"budget must be a Budget, not {budget!r}")
        if isinstance(source, InformationSet):
            info = source
            scratch = info.new_state()
            root_player = info.seat
            legal = source.legal_actions()
        else:
            fixed = source
            scratch = fixed.clone()
            root_player = fixed._current_player()
            legal = fixed.legal_actions()
        if not legal:
            raise ValueError("nothing to search: the seat has no decision to make")
        rng_seed(&rng, seed & 0xFFFFFFFFFFFFFFFF)
        self.n_nodes = 0
        self.stop_requested = 0
        self._new_node(NO_NODE, -1, -1)
        limit = budget.iterations if budget.iterations is not None else 2**31 - 1
        has_deadline = budget.time_ms is not None
        start = _now_ms()
        deadline = start + (budget.time_ms if has_deadline else 0.0)
        next_info = start + info_ms if info_callback is not None and info_ms > 0 else 1e300
        if len(legal) == 1:
            limit = 0                                          # a forced move needs no search
        while iterations < limit and not self.stop_requested:
            with nogil:
                while iterations < limit and not self.stop_requested:
                    if info is not None:
                        if not info._sample_into(scratch, &rng):
                            inconsistent = True
                            break
                    else:
                        scratch.copy_from(fixed)
                    self._iterate(scratch, &rng, root_player)
                    iterations += 1
                    if has_deadline or next_info < 1e300:
                        now = _now_ms()
                        if has_deadline and now >= deadline:
                            limit = iterations
                        if now >= next_info:
                            break
            if inconsistent:
                raise InconsistentInformationError(f"no state is consistent with the information set of seat "
                                                   f"{root_player}: nothing to search")
            if iterations < limit and next_info < 1e300 and _now_ms() >= next_info:
                next_info = _now_ms() + info_ms
                info_callback(self._result(legal, iterations, start, False))
        return self._result(legal, iterations, start, bool(self.stop_requested))

    def _result(self, legal, int iterations, double start, bint stopped) -> SearchResult:
        cdef int child = self.nodes[0].first_child
        stats = []
        while child != NO_NODE:
            node = self.nodes[child]
            stats.append(ActionStats(node.action, int(node.visits),
                                     node.reward / node.visits if node.visits else 0.0, int(node.available)))
            child = node.next_sibling
        if self.flat:
            stats.sort(key=lambda s: (-s.value, -s.visits, s.action))
        else:
            stats.sort(key=lambda s: (-s.visits, -s.value, s.action))
        action = stats[0].action if stats else legal[0]
        return SearchResult(action, iterations, _now_ms() - start, self.n_nodes, stopped, tuple(stats))

    def search(self, InformationSet information_set, budget: Budget, seed: int = 0, info_callback=None,
               info_ms: float = 0.0) -> SearchResult:
        """ISMCTS from ``information_set`` (its seat must be to move).  ``info_callback(result)`` is called about
        every ``info_ms`` with the best move so far; ``stop()`` from another thread ends the search early."""
        if information_set.current_player() != information_set.seat:
            raise ValueError(f"seat {information_set.seat} is not to move")
        return self._run(information_set, budget, seed, info_callback, info_ms)

    def search_state(self, GameState state, budget: Budget, seed: int = 0, info_callback=None,
                     info_ms: float = 0.0) -> SearchResult:
        """UCT on one fully known state (a determinisation, or the true state for the cheating bound)."""
        if state.is_terminal():
            raise ValueError("nothing to search: the game is over")
        return self._run(state, budget, seed, info_callback, info_ms)


def pimc(InformationSet information_set, budget: Budget, int determinisations=10, seed: int = 0,
         Searcher searcher=None) -> SearchResult:
    """Determinised UCT ("perfect information Monte Carlo"): UCT on ``determinisations`` samples, each with an
    equal share of the budget; the action with the most visits summed over the samples wins (a vote).
    ``searcher.stop()`` ends the sample being searched and skips the rest."""
    if determinisations < 1:
        raise ValueError("determinisations must be >= 1")
    searcher = searcher if searcher is not None else Searcher()
    per = Budget(None if budget.iterations is None else max(1, budget.iterations // determinisations),
                 None if budget.time_ms is None else budget.time_ms / determinisations)
    votes, values, total, elapsed, tree, stopped = {}, {}, 0, 0.0, 0, False
    import random
    rng = random.Random(seed)
    legal = information_set.legal_actions()
    for _ in range(determinisations):
        state = information_set.sample(rng.getrandbits(63))
        result = searcher.search_state(state, per, rng.getrandbits(63))
        total += result.iterations
        elapsed += result.elapsed_ms
        tree = max(tree, result.tree_size)
        for child in result.children:
            votes[child.action] = votes.get(child.action, 0) + child.visits
            values.setdefault(child.action, []).append(child.value)
        if result.stopped:
            stopped = True
            break
    stats = tuple(sorted((ActionStats(a, v, sum(values[a]) / len(values[a]), determinisations)
                          for a, v in votes.items()), key=lambda s: (-s.visits, -s.value, s.action)))
    action = stats[0].action if stats else legal[0]
    return SearchResult(action, total, elapsed, tree, stopped, stats)
