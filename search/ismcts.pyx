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
``mast=True`` plays rollouts by MAST (``search/mast.pyx``): epsilon-greedy over the mean reward of each seat's
action ids in this search.  ``epsilon`` > 0 makes a rollout move uniformly random with that probability, on top of
the policy's (or MAST's) choice: exploration for a deterministic heuristic.
"""
cimport cython

import math

from libc.math cimport log, sqrt
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcpy, memset
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from deadeye.core.rng cimport Rng, rng_seed, rng_below, rng_next
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS, determinise
from deadeye.search.mast cimport MastTable, explore_threshold, explores, mast_add, mast_best, mast_clear
from deadeye.search.particles cimport Belief
from deadeye.search.playout cimport MAX_ROLLOUT_MOVES
from deadeye.search.stop cimport StopToken

from deadeye.core.errors import InconsistentInformationError

from dataclasses import dataclass, field

from deadeye.search.budget import Budget, MAX_ITERATIONS

cdef extern from "<math.h>":
    double NEVER "INFINITY"             # a time that never comes: no deadline, no progress report
    double NO_SCORE "(-INFINITY)"       # below every score: no child selected yet

assert MAX_ITERATIONS == NO_ITERATION_LIMIT
assert MAX_ACTIONS < 32768 and sizeof(Node) == 32      # action ids and child counts fit the int16 fields
assert MAX_SEATS < 128 and (MAX_ACTIONS >> 8) == 2     # seats fit int8; a block's slot class fits uint8


cdef inline int _slots(const Node* node) noexcept nogil:
    """The slots of the node's child block (0: it has none)."""
    return (1 << node.slot_class) if node.slot_class else 0

cdef extern from *:
    int __builtin_clz(unsigned int x) nogil

cdef double INV_SQRT_TABLE[COUNT_TABLE_SIZE]   # 1 / sqrt(n): most visit counts are small
cdef double SQRT_LOG_TABLE[COUNT_TABLE_SIZE]   # sqrt(log(n)): most availability counts are small
cdef double LOG_TABLE[COUNT_TABLE_SIZE + 1]    # log(n), for the top bits of counts past the tables
cdef double INV_POW2[20]                       # 2**-k, for the k of _log_large (at most 19)
cdef double LN2 = log(2.0)
cdef int _n
INV_SQRT_TABLE[0] = NEVER                  # 1 / sqrt(0)
SQRT_LOG_TABLE[0] = sqrt(log(0.0))         # NaN, as the formula gives (never scored)
for _n in range(1, COUNT_TABLE_SIZE):
    INV_SQRT_TABLE[_n] = 1.0 / sqrt(_n)
    SQRT_LOG_TABLE[_n] = sqrt(log(_n))
    LOG_TABLE[_n] = log(_n)
LOG_TABLE[COUNT_TABLE_SIZE] = log(COUNT_TABLE_SIZE)
for _n in range(20):
    INV_POW2[_n] = 2.0 ** -_n


cdef inline double _log_large(int n) noexcept nogil:
    """log(n) for a count n >= COUNT_TABLE_SIZE (2**12), within 3e-8: n = (m + f) * 2**k with m of 12 bits and
    f in [0, 1), and log(m + f) interpolated in the table."""
    cdef int k = 20 - __builtin_clz(<unsigned int>n)
    cdef int m = n >> k
    cdef double f = <double>(n - (m << k)) * INV_POW2[k]
    return LOG_TABLE[m] + f * (LOG_TABLE[m + 1] - LOG_TABLE[m]) + k * LN2


cdef inline double _ucb(double reward, int visits, int available, double c) noexcept nogil:
    """reward / visits + c * sqrt(log(available) / visits) from tables, with no division, root or log for counts
    below COUNT_TABLE_SIZE and no libm log above: a step scores every legal child, and those cost more than the
    rest of its work (the root's children count an availability every iteration, so libm's log was a tenth of a
    1M-iteration search's instructions)."""
    cdef double inv_sqrt = INV_SQRT_TABLE[visits] if visits < COUNT_TABLE_SIZE else 1.0 / sqrt(visits)
    cdef double sqrt_log = SQRT_LOG_TABLE[available] if available < COUNT_TABLE_SIZE else sqrt(_log_large(available))
    return inv_sqrt * (reward * inv_sqrt + c * sqrt_log)


cdef double ucb_score(double reward, int visits, int available, double c) noexcept nogil:
    """``_ucb`` for the other searches (MO-ISMCTS): a call, where this module's descent inlines it."""
    return _ucb(reward, visits, available, c)


def ucb_score_of(double reward, int visits, int available, double c) -> float:
    """The search's UCB score of a child, for tests and tools."""
    return ucb_score(reward, visits, available, c)


# The accepted ranges of the settings (a bot spec out of them is refused with the range in the message).
MAX_NODES = 50_000_000          # 32 bytes a slot, at most 2 slots a node: under 3.2 GB
MAX_EXPAND = 1_000_000          # expand_threshold: keeps expand * (children + 1) within a C int
MAX_DETERMINISATIONS = 100_000  # pimc's samples: each costs a search of at least one iteration
ROLLOUT_MOVE_CAP = MAX_ROLLOUT_MOVES   # for Python: the most moves of one rollout, then it is evaluated


def _checked_int(name: str, value, lo: int, hi: int) -> int:
    """``value`` if it is an integer in [lo, hi]; ValueError naming the range otherwise (never OverflowError)."""
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"{name} must be an integer from {lo:,} to {hi:,}, not {value!r}")
    return value


def _checked_weight(name: str, value) -> float:
    """``value`` if it is a finite number >= 0; ValueError otherwise (a NaN or infinite score selects nothing)."""
    if type(value) not in (int, float) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, not {value!r}")
    return float(value)


def _checked_share(name: str, value) -> float:
    """``value`` if it is a number from 0 to 1; ValueError otherwise."""
    share = _checked_weight(name, value)
    if share > 1.0:
        raise ValueError(f"{name} must be a number from 0 to 1, not {value!r}")
    return share


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
    stopped: bool                              # its stop token was set (it then returned at once)
    children: tuple = field(default_factory=tuple)   # ActionStats, most visited first

    def __repr__(self) -> str:
        best = self.children[0] if self.children else None
        return (f"SearchResult(action={self.action}, iterations={self.iterations}, elapsed_ms={self.elapsed_ms:.1f}, "
                f"tree_size={self.tree_size}, best={best})")


cdef inline void _share_the_win(double* rewards, int n, double win) noexcept nogil:
    """Mix each seat's reward with its share of the win: ``win`` of it becomes 1/k for each of the k seats with the
    best reward (0 for the others), the rest stays the reward.  The search then plays for finishing first, as the
    games rank the seats, and not only for a better score."""
    cdef int p, k = 0
    cdef double top = rewards[0]
    for p in range(1, n):
        if rewards[p] > top:
            top = rewards[p]
    for p in range(n):
        k += rewards[p] == top
    for p in range(n):
        rewards[p] = (1.0 - win) * rewards[p] + (win / k if rewards[p] == top else 0.0)


def share_the_win(rewards: list, win: float) -> list:
    """What a search with ``win`` backs up for a rollout that ended with ``rewards`` (one per seat)."""
    cdef double buf[MAX_SEATS]
    cdef int p, n = len(rewards)
    if not 1 <= n <= MAX_SEATS:
        raise ValueError(f"rewards must hold 1 to {MAX_SEATS} seats, not {n}")
    for p in range(n):
        buf[p] = rewards[p]
    _share_the_win(buf, n, _checked_share("win", win))
    return [buf[p] for p in range(n)]


cdef inline double _now_ms() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6


@cython.final
cdef class Searcher:
    """A reusable search engine (its node pool is kept between searches).

    >>> from deadeye.core import new_game
    >>> from deadeye.search.budget import Budget
    >>> state = new_game("wyatt-earp", players=2, seed=3)
    >>> info = state.information_set(state.current_player())
    >>> result = Searcher().search(info, Budget(iterations=200), seed=1)
    >>> result.action in state.legal_actions(), result.iterations
    (True, 200)
    >>> Searcher(c=float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: c must be a finite number >= 0, not nan
    """

    def __cinit__(self):
        self.nodes = NULL
        self.n_nodes = 0
        self.n_slots = 0
        self.max_slots = 0
        self.capacity = 0
        self.pool_failed = False
        self._deadline = NEVER
        self.mast = NULL
        self.mast_moves = NULL
        self.n_mast_moves = 0
        self._keep_tree = False

    def __init__(self, c=0.7, max_nodes=1_000_000, Policy policy=None, cutoff_moves=0,
                 bint cutoff_segment=False, bint flat=False, bias=0.0, bint opponents_by_policy=False,
                 expand_threshold=1, bint mast=False, epsilon=0.0, win=0.0, Guide guide=None,
                 bint prior=False, value=0.0, c_puct=1.5):
        self.c = _checked_weight("c", c)
        self.bias = _checked_weight("bias", bias)
        self.max_nodes = _checked_int("max_nodes", max_nodes, 1, MAX_NODES)
        self.cutoff_moves = _checked_int("cutoff_moves", cutoff_moves, 0, MAX_ROLLOUT_MOVES)
        self.rollout_moves = cutoff_moves if cutoff_moves else MAX_ROLLOUT_MOVES
        self.expand_threshold = _checked_int("expand_threshold", expand_threshold, 1, MAX_EXPAND)
        self.policy = policy if policy is not None else Policy()
        self.uniform_rollouts = type(self.policy) is Policy and not mast
        self.cutoff_segment = cutoff_segment
        self.flat = flat
        self.opponents_by_policy = opponents_by_policy
        self.epsilon = _checked_share("epsilon", epsilon)
        self.explore_below = explore_threshold(self.epsilon)
        self.win = _checked_share("win", win)
        if mast and self.mast == NULL:
            self.mast = <MastTable*>malloc(sizeof(MastTable))
            self.mast_moves = <int*>malloc(MAX_ROLLOUT_MOVES * sizeof(int))
            if self.mast == NULL or self.mast_moves == NULL:
                raise MemoryError("no memory for the MAST table")
            mast_clear(self.mast)
        self.guide = guide
        self.guided_prior = prior
        self.value_weight = _checked_share("value", value)
        self.c_puct = _checked_weight("c_puct", c_puct)
        if (prior or self.value_weight > 0) and guide is None:
            raise ValueError("prior=net and value=net need a network (a Guide)")
        if prior and (flat or bias > 0 or expand_threshold != 1):
            raise ValueError("prior=net expands a leaf's children at once: not with flat, bias or expand")
        self._stop = StopToken()
        self._stamp = 0
        memset(self.marks, 0, sizeof(self.marks))
        memset(self.seen, 0, sizeof(self.seen))

    def __dealloc__(self):
        free(self.nodes)
        free(self.mast)
        free(self.mast_moves)

    @property
    def uses_mast(self) -> bool:
        return self.mast != NULL

    def mast_table(self) -> dict:
        """The last search's MAST table: ``{(seat, action): (plays, mean reward)}`` ({} without rollout=mast)."""
        table = {}
        if self.mast != NULL:
            for p in range(MAX_SEATS):
                for a in range(MAX_ACTIONS):
                    if self.mast.count[p][a]:
                        table[p, a] = (self.mast.count[p][a], self.mast.reward[p][a] / self.mast.count[p][a])
        return table

    @property
    def tree_size(self) -> int:
        return self.n_nodes

    @property
    def pool_slots(self) -> int:
        """Slots the last search's pool handed out: its nodes, their child blocks' free slots and free blocks."""
        return self.n_slots

    def tree_seats(self) -> dict:
        """How many nodes of the last search's tree hold each seat's decisions (the root excepted)."""
        counts, stack = {}, [0]
        while stack:
            node = stack.pop()
            first = self.nodes[node].children
            for child in range(first, first + self.nodes[node].n_children):
                counts[self.nodes[child].player] = counts.get(self.nodes[child].player, 0) + 1
                stack.append(child)
        return counts

    # --- tree reuse: the kept subtree, compacted ---

    def reroot(self, path, int mover=-1, legal=None) -> int:
        """Keep, for the next search, the subtree of the last search's tree reached from its root by ``path``
        (``(seat, action)`` pairs, in the order they were played), and drop the rest: the subtree is copied into a
        fresh pool in breadth-first order, its root at slot 0 and each child block keeping its size, so the search
        code sees an ordinary tree.  Every kept node keeps its statistics.  ``mover`` >= 0: the seat to move at the
        new root; a root whose children are another seat's moves is dropped.  ``legal``: the mover's legal actions
        now (its own, when it is the searching seat); the new root's children for other actions (legal in some
        earlier samples only) go, with their subtrees.  Returns the nodes kept; 0 when the path leaves the tree (or
        there is no tree), and the next search then starts a fresh one."""
        cdef int node = 0, first, child, found, player, action, total, size, n, i, read, write, head, tail
        cdef Node* kept
        cdef int* queue
        self._keep_tree = False
        if self.nodes == NULL or self.n_nodes == 0:
            return 0
        for player, action in path:
            first, found = self.nodes[node].children, NO_NODE
            for child in range(first, first + self.nodes[node].n_children):
                if self.nodes[child].action == action and self.nodes[child].player == player:
                    found = child
                    break
            if found == NO_NODE:
                self.n_nodes = 0
                return 0
            node = found
        first = self.nodes[node].children
        if mover >= 0:
            for child in range(first, first + self.nodes[node].n_children):
                if self.nodes[child].player != mover:
                    self.n_nodes = 0
                    return 0
        self._stamp += 1                               # marks[a] == _stamp: the new root keeps its child for a
        for action in (range(MAX_ACTIONS) if legal is None else legal):
            if 0 <= action < MAX_ACTIONS:
                self.marks[action] = self._stamp
        queue = <int*>malloc(self.n_nodes * sizeof(int))   # the subtree's nodes, breadth first
        if queue == NULL:
            self.n_nodes = 0
            return 0
        queue[0] = node                                # first pass: count the slots the subtree needs
        head, tail, total = 0, 1, 1
        while head < tail:
            read = queue[head]
            head += 1
            if self.nodes[read].n_children:
                total += _slots(&self.nodes[read])
                first = self.nodes[read].children
                for child in range(first, first + self.nodes[read].n_children):
                    if read != node or self.marks[self.nodes[child].action] == self._stamp:
                        queue[tail] = child
                        tail += 1
        size = max(total, min(FIRST_CAPACITY, self.max_nodes))
        kept = <Node*>malloc(size * sizeof(Node))
        if kept == NULL:
            free(queue)
            self.n_nodes = 0
            return 0
        kept[0] = self.nodes[node]                     # second pass: copy, blocks in the order they are reached
        kept[0].parent = NO_NODE
        kept[0].action = -1
        kept[0].player = -1
        queue[0] = 0                                   # now the new slots, breadth first
        head, tail, write = 0, 1, 1
        while head < tail:
            read = queue[head]
            head += 1
            n = kept[read].n_children
            if n:
                first = kept[read].children
                kept[read].children = write
                kept[read].n_children = 0
                for child in range(first, first + n):
                    if read > 0 or self.marks[self.nodes[child].action] == self._stamp:
                        i = write + kept[read].n_children
                        kept[i] = self.nodes[child]
                        kept[i].parent = read
                        kept[read].n_children += 1
                        queue[tail] = i
                        tail += 1
                if kept[read].n_children == 0:
                    kept[read].children = NO_NODE
                    kept[read].slot_class = 0
                write += _slots(&kept[read])
        free(queue)
        free(self.nodes)
        self.nodes = kept
        self.capacity = size
        self.n_nodes = tail
        self.n_slots = write
        for i in range(N_BLOCK_SIZES):
            self.free_blocks[i] = NO_NODE
        self._keep_tree = True
        return self.n_nodes

    def subtree(self, path=()) -> dict | None:
        """The last search's tree below the node ``path`` reaches (as for ``reroot``), for inspection: ``{(seat,
        action): (visits, reward, available, subtree)}`` per child, recursively; None if the path leaves the tree."""
        cdef int node = 0, child, found
        if self.nodes == NULL or self.n_nodes == 0:
            return None
        for player, action in path:
            found = NO_NODE
            for child in range(self.nodes[node].children, self.nodes[node].children + self.nodes[node].n_children):
                if self.nodes[child].action == action and self.nodes[child].player == player:
                    found = child
            if found == NO_NODE:
                return None
            node = found
        return self._subtree(node)

    def _subtree(self, int node) -> dict:
        cdef int child
        return {(int(self.nodes[child].player), int(self.nodes[child].action)):
                (int(self.nodes[child].visits), float(self.nodes[child].reward), int(self.nodes[child].available),
                 self._subtree(child))
                for child in range(self.nodes[node].children, self.nodes[node].children + self.nodes[node].n_children)}

    def tree_moves(self) -> int:
        """The visits of every node below the root: the moves the descents into the tree played (an expansion
        included), so over a fresh search's iterations it is the mean depth of a descent, the part of an iteration
        that scores children (the rest is rollout moves, which do not)."""
        cdef long long total = 0
        cdef int top = 1, node, child
        cdef int* stack
        if self.nodes == NULL or self.n_nodes == 0:
            return 0
        stack = <int*>malloc(self.n_nodes * sizeof(int))
        if stack == NULL:
            raise MemoryError()
        stack[0] = 0
        while top > 0:
            top -= 1
            node = stack[top]
            for child in range(self.nodes[node].children, self.nodes[node].children + self.nodes[node].n_children):
                total += self.nodes[child].visits
                stack[top] = child
                top += 1
        free(stack)
        return total

    def drop_tree(self) -> None:
        """Forget the last search's tree: a ``reroot`` finds nothing to keep, and the next search starts fresh."""
        self.n_nodes = 0
        self._keep_tree = False

    # --- the node pool ---

    cdef int _reserve(self, int count) noexcept nogil:
        """The first of ``count`` fresh consecutive slots (growing the pool by doubling, up to ``max_slots``);
        NO_NODE when the pool is full or cannot grow (then ``pool_failed`` is set: the search ends with
        MemoryError)."""
        cdef int new_capacity
        cdef Node* grown
        if self.n_slots + count > self.max_slots or self.pool_failed:
            return NO_NODE
        if self.n_slots + count > self.capacity:
            new_capacity = self.capacity * 2 if self.capacity else FIRST_CAPACITY
            while new_capacity < self.n_slots + count:
                new_capacity *= 2
            if new_capacity > self.max_slots:
                new_capacity = self.max_slots
            grown = <Node*>realloc(self.nodes, new_capacity * sizeof(Node))
            if grown == NULL:
                self.pool_failed = True                    # the old block stays valid: the tree is intact
                return NO_NODE
            self.nodes = grown
            self.capacity = new_capacity
        self.n_slots += count
        return self.n_slots - count

    cdef int _new_child(self, int parent, int action, int player) noexcept nogil:
        """Add a child of ``parent`` in its child block; NO_NODE past ``max_nodes`` or when the pool is full.  A
        first child gets a block of two slots; a full block moves to one twice as large (its children's children
        are told their parent's new slot) and goes to the free blocks of its size, for the next block of that size.
        So the children of a node stay contiguous and every block is at least half full.  Node ids are slot
        numbers, and no pointer is held across a growth."""
        cdef int slots, block, old, k, i, j, c, size_class = 0
        if self.n_nodes >= self.max_nodes or self.pool_failed:
            return NO_NODE
        k = self.nodes[parent].n_children
        if k == _slots(&self.nodes[parent]):
            slots = 2 * k if k else 2
            if slots > MAX_ACTIONS:
                return NO_NODE                             # more children than actions: no game has them
            while (1 << size_class) < slots:
                size_class += 1
            block = self.free_blocks[size_class]
            if block != NO_NODE:
                self.free_blocks[size_class] = self.nodes[block].children
            else:
                block = self._reserve(slots)
                if block == NO_NODE:
                    return NO_NODE
            old = self.nodes[parent].children
            if k:
                memcpy(&self.nodes[block], &self.nodes[old], k * sizeof(Node))
                for i in range(block, block + k):
                    c = self.nodes[i].children
                    for j in range(c, c + self.nodes[i].n_children):
                        self.nodes[j].parent = i
                self.nodes[old].children = self.free_blocks[size_class - 1]     # the old block is free
                self.free_blocks[size_class - 1] = old
            self.nodes[parent].children = block
            self.nodes[parent].slot_class = size_class
        c = self.nodes[parent].children + k
        self.nodes[parent].n_children = k + 1
        self._init_node(c, parent, action, player)
        return c

    cdef inline void _init_node(self, int slot, int parent, int action, int player) noexcept nogil:
        cdef Node* node = &self.nodes[slot]
        node.parent = parent
        node.children = NO_NODE
        node.n_children = 0
        node.slot_class = 0
        node.action = action
        node.player = player
        node.prior = 0
        node.visits = 0
        node.available = 0
        node.reward = 0
        self.n_nodes += 1

    # --- one iteration, in four steps: select (down the tree), expand (one child), roll out, back up ---

    cdef inline bint _should_stop(self) noexcept nogil:
        """The running search's stop token is set or its deadline has passed."""
        return self._stop.flag != 0 or (self._deadline < NEVER and _now_ms() >= self._deadline)

    cdef inline int _mark_legal(self, GameState s, int node, int hint, int* buf, int* untried,
                                int* best) noexcept nogil:
        """Write the legal actions of ``s`` into ``buf`` and mark them (``marks``); list the legal children of
        ``node`` (one pass over its child block, without a branch), then count an availability for each, mark it
        (``seen``) and score it; then keep
        at the front of ``buf`` only the actions with no child yet, ``untried[0]`` of them.  ``best[0]`` is the
        legal child with the best UCB score (with availability counts, plus the progressive bias for ``hint``), or
        the least tried one when flat; NO_NODE if none is selectable (a NaN score included).  Returns how many
        actions are legal."""
        cdef int n = s._legal_actions(buf), i, child, k, kept = 0, n_legal = 0, first = self.nodes[node].children
        cdef int legal[MAX_ACTIONS]
        cdef double score, best_score = NO_SCORE, fpu = 0.0
        cdef Node* c
        self._stamp += 1
        if self.guided_prior:
            fpu = 1.0 / s._num_players()                   # an untried child's value: an even share
        for i in range(n):
            self.marks[buf[i]] = self._stamp
        for child in range(first + self.nodes[node].n_children - 1, first - 1, -1):   # newest first: ties go
            legal[n_legal] = child                         # to the latest child; no branch on legality (it is
            n_legal += self.marks[self.nodes[child].action] == self._stamp     # unpredictable): the legal ones
        best[0] = NO_NODE                                  # go to the front of `legal`
        for k in range(n_legal):
            c = &self.nodes[legal[k]]
            c.available += 1                               # availability: every legal child was available
            self.seen[c.action] = self._stamp
            if self.flat:
                score = -c.visits                          # flat: the least tried action in turn
            elif self.guided_prior:                        # PUCT, availability for the parent's visits
                score = ((c.reward / c.visits if c.visits else fpu)
                         + self.c_puct * (c.prior * (1.0 / 65535)) * sqrt(<double>c.available) / (1 + c.visits))
            else:
                score = _ucb(c.reward, c.visits, c.available, self.c)
                if c.action == hint:
                    score += self.bias / (c.visits + 1)
            if score > best_score:
                best_score = score
                best[0] = legal[k]
        for i in range(n):
            if self.seen[buf[i]] != self._stamp:
                buf[kept] = buf[i]
                kept += 1
        untried[0] = kept
        return n

    cdef inline int _expand(self, GameState s, int node, int action, int player) noexcept nogil:
        """Add the child of ``node`` for ``action`` (by ``player``) and play it; ``node`` itself if the pool is
        full (the iteration then rolls out from ``node``)."""
        cdef int child = self._new_child(node, action, player)
        if child == NO_NODE:
            return node
        self.nodes[child].available = 1
        s._apply(action)
        return child

    cdef inline int _select(self, GameState s, Rng* rng, int root_player) noexcept nogil:
        """Descend from the root by UCB over the actions legal in ``s``, playing them on ``s``, and expand one
        untried action where the node may grow; returns the node to roll out from.  At most MAX_TREE_DEPTH moves."""
        cdef int buf[MAX_ACTIONS]
        cdef int node = 0, child, n, untried, player, pick, hint = -1, depth = 0
        while not s._is_terminal() and depth < MAX_TREE_DEPTH:
            depth += 1
            player = s._current_player()
            if self.opponents_by_policy and player != root_player:
                if self._policy_move(s, rng) < 0:
                    break
                continue
            if self.bias > 0:                              # the policy's choice here, tried first and
                hint = self.policy._choose(s, rng)         # favoured while its node has few visits
            n = self._mark_legal(s, node, hint, buf, &untried, &child)
            if n == 0:
                break                                      # a state no game reaches: evaluate it where it stands
            if untried > 0 and node != 0 and self.nodes[node].visits < self.expand_threshold * (n - untried + 1):
                if untried == n:
                    break                                  # not yet visited enough to grow a child: roll out
                untried = 0                                # not yet enough for one more child: select
            if untried > 0 and (node == 0 or not self.flat):
                pick = buf[rng_below(rng, untried)]
                if self.bias > 0 and hint >= 0 and self.seen[hint] != self._stamp:
                    pick = hint
                return self._expand(s, node, pick, player)
            if node != 0 and self.flat:
                break
            if child == NO_NODE:
                break                                      # nothing selectable: roll out from here
            s._apply(self.nodes[child].action)
            node = child
            if self.flat:
                break
        return node

    cdef inline int _policy_move(self, GameState s, Rng* rng) noexcept nogil:
        """opponents_by_policy: another seat's move below the root, the environment's, played on ``s`` by the
        policy; -1 (and ``s`` unchanged) where the policy has none."""
        cdef int pick = self.policy._choose(s, rng)
        if pick >= 0:
            s._apply(pick)
        return pick

    cdef inline int _select_guided(self, GameState s, Rng* rng, int root_player, double* values,
                                   bint* evaluated) noexcept nogil:
        """prior=net: descend by PUCT over the children legal in ``s``, playing them, down to a node where some
        legal action has no child yet (or the end of the game): there the network's policy over every legal action
        of ``s`` gives each untried one a child with its prior, and (value=net) its value of ``s`` is written to
        ``values`` (``evaluated``).  Returns that node: the iteration's leaf, ``s`` its state.  With
        ``opponents_by_policy`` the other seats move by the policy on the way, as in ``_select``."""
        cdef int buf[MAX_ACTIONS]
        cdef int legal[MAX_ACTIONS]
        cdef float prior_of[MAX_ACTIONS]
        cdef int node = 0, child, n, untried, player, i, c, depth = 0
        evaluated[0] = False
        while not s._is_terminal() and depth < MAX_TREE_DEPTH:
            depth += 1
            player = s._current_player()
            if self.opponents_by_policy and player != root_player:
                if self._policy_move(s, rng) < 0:
                    break
                continue
            n = self._mark_legal(s, node, -1, buf, &untried, &child)
            if n == 0:
                break
            if untried > 0:
                s._legal_actions(legal)
                evaluated[0] = self.guide.evaluate(s, legal, n, True,
                                                   values if self.value_weight > 0 else NULL) >= 0 \
                    and self.value_weight > 0
                for i in range(n):
                    prior_of[legal[i]] = self.guide.prior[i]
                for i in range(untried):
                    c = self._new_child(node, buf[i], player)
                    if c == NO_NODE:
                        break
                    self.nodes[c].prior = <uint16_t>(prior_of[buf[i]] * 65535.0 + 0.5)
                return node
            if child == NO_NODE:
                break
            s._apply(self.nodes[child].action)
            node = child
        return node

    cdef inline void _rollout(self, GameState s, Rng* rng, double* rewards) noexcept nogil:
        """Play the policy on ``s`` to the end of the game (or ``rollout_moves`` moves, or the end of the segment,
        or the search's stop or deadline, checked every STOP_CHECK_MOVES moves) and write each seat's reward: the
        returns if the game ended, the game's evaluation otherwise."""
        cdef int buf[MAX_ACTIONS]
        cdef int moves = 0, a, n, i, segment = s._segment()
        self.n_mast_moves = 0
        if self.uniform_rollouts and not self.cutoff_segment:
            moves = self._uniform_rollout(s, rng)
        else:
            while not s._is_terminal() and moves < self.rollout_moves:
                if self.cutoff_segment and s._segment() != segment:
                    break
                if (moves & (STOP_CHECK_MOVES - 1)) == STOP_CHECK_MOVES - 1 and self._should_stop():
                    break
                if self.uniform_rollouts or explores(rng, self.explore_below):   # a uniformly random move
                    a = s._random_action(rng)
                elif self.mast != NULL:
                    n = s._legal_actions(buf)
                    a = mast_best(self.mast, s._current_player(), buf, n, rng)
                else:
                    a = self.policy._choose(s, rng)
                if a < 0:
                    break                                      # no legal action (a state no game reaches)
                if self.mast != NULL:
                    self.mast_moves[moves] = s._current_player() * MAX_ACTIONS + a
                s._apply(a)
                moves += 1
        self.n_mast_moves = moves
        for i in range(MAX_SEATS):
            rewards[i] = 0.0
        if s._is_terminal():
            s._returns(rewards)
        else:
            s._evaluate(rewards)
        if self.win > 0:
            _share_the_win(rewards, s._num_players(), self.win)

    cdef inline int _uniform_rollout(self, GameState s, Rng* rng) noexcept nogil:
        """The moves of ``_rollout``'s loop when each is ``_random_action``'s, in the game's own loop between the
        stop checks: the same moves and checks, without a call a move."""
        cdef int moves = 0, n, played
        while moves < self.rollout_moves:
            if (moves & (STOP_CHECK_MOVES - 1)) == STOP_CHECK_MOVES - 1 and not s._is_terminal() \
                    and self._should_stop():
                break
            n = min(self.rollout_moves, (moves + 1) | (STOP_CHECK_MOVES - 1)) - moves
            played = s._random_playout(rng, n)
            moves += played
            if played < n:
                break
        return moves

    cdef inline void _backup(self, int node, double* rewards) noexcept nogil:
        """Count the iteration on the path from ``node`` to the root; each node sums its mover's reward."""
        while node != NO_NODE:
            self.nodes[node].visits += 1
            if node != 0:
                self.nodes[node].reward += rewards[self.nodes[node].player]
            node = self.nodes[node].parent

    cdef void _mast_update(self, int node, double* rewards) noexcept nogil:
        """MAST: count each move of the iteration (the tree's path from ``node`` up, then the rollout's) for the
        seat that played it, with that seat's reward."""
        cdef int i, m
        while node > 0:
            mast_add(self.mast, self.nodes[node].player, self.nodes[node].action, rewards[self.nodes[node].player])
            node = self.nodes[node].parent
        for i in range(self.n_mast_moves):
            m = self.mast_moves[i]
            mast_add(self.mast, m // MAX_ACTIONS, m % MAX_ACTIONS, rewards[m // MAX_ACTIONS])

    cdef void _iterate(self, GameState s, Rng* rng, int root_player) noexcept nogil:
        """One iteration on the determinisation ``s`` (consumed): select and expand, roll out (or ask the network
        for the leaf's value, or both, mixed), back up."""
        cdef double rewards[MAX_SEATS]
        cdef double values[MAX_SEATS]
        cdef int node, p, players
        cdef bint evaluated = False
        if self.guided_prior:
            node = self._select_guided(s, rng, root_player, values, &evaluated)
        else:
            node = self._select(s, rng, root_player)
            if self.value_weight > 0:
                evaluated = self.guide.evaluate(s, NULL, 0, False, values) >= 0
        if evaluated and self.value_weight >= 1.0:
            players = s._num_players()
            for p in range(MAX_SEATS):
                rewards[p] = values[p] if p < players else 0.0
            self.n_mast_moves = 0
        else:
            self._rollout(s, rng, rewards)
            if evaluated:
                for p in range(s._num_players()):
                    rewards[p] = (1.0 - self.value_weight) * rewards[p] + self.value_weight * values[p]
        self._backup(node, rewards)
        if self.mast != NULL:
            self._mast_update(node, rewards)

    # --- the search loop ---

    def _run(self, source, budget: Budget, seed: int, info_callback, double info_ms, StopToken stop,
             Belief belief=None, bint ahead=False, TreeWalk walk=None) -> SearchResult:
        """The search loop of every search on this pool: from an information set (``source``; each iteration on a
        sample, or a ``belief``'s particle) or a known state, within ``budget``, with progress reports and stop.
        An iteration is ``_iterate`` on this searcher's tree, or ``walk``'s own iteration on its trees (planted
        in this pool by ``walk._plant``, always fresh)."""
        cdef GameState scratch
        cdef GameState fixed = None
        cdef InformationSet info = None
        cdef StopToken token = stop if stop is not None else StopToken()
        cdef Rng rng
        cdef int iterations = 0, limit, root_player, i
        cdef double start, deadline, next_info, now
        cdef bint inconsistent = False
        cdef bint keep = self._keep_tree                   # reroot() kept a tree for this search (and no other)
        self._keep_tree = False
        if not isinstance(budget, Budget):
            raise TypeError(f"budget must be a Budget, not {budget!r}")
        if isinstance(source, InformationSet):
            info = source
            scratch = info.blank_state()
            root_player = info.seat
            legal = source.legal_actions()
            if belief is not None and (belief.seat != info.seat or belief.state_class is not type(scratch)):
                raise ValueError(f"a belief of seat {belief.seat} in {belief.state_class.game} cannot serve a "
                                 f"search of seat {info.seat} in {type(scratch).game}")
        else:
            fixed = source
            scratch = fixed.clone()
            root_player = fixed._current_player()
            legal = fixed.legal_actions()
        if ahead:                                         # pondering: whoever is to move, a forced move too
            legal = legal or [-1]
        elif not legal:
            raise ValueError("nothing to search: the seat has no decision to make")
        if self.nodes == NULL:                             # the root's node, allocated here, with the GIL
            first = min(FIRST_CAPACITY, self.max_nodes)
            self.nodes = <Node*>malloc(first * sizeof(Node))
            if self.nodes == NULL:
                raise MemoryError(f"no memory for the search's first {first:,} nodes")
            self.capacity = first
        rng_seed(&rng, seed & 0xFFFFFFFFFFFFFFFF)
        self.max_slots = 2 * self.max_nodes + MAX_ACTIONS + (walk.n_trees if walk is not None else 0)
        self.pool_failed = False
        if self.mast != NULL:
            mast_clear(self.mast)
        if walk is not None or not keep:                   # a fresh tree (reroot() kept one: grow that instead)
            self.n_nodes = 0
            self.n_slots = 0
            for i in range(N_BLOCK_SIZES):
                self.free_blocks[i] = NO_NODE
            if walk is None:
                self._reserve(1)
                self._init_node(0, NO_NODE, -1, -1)
            else:
                walk._plant(root_player)
        limit = budget.iterations if budget.iterations is not None else NO_ITERATION_LIMIT
        start = _now_ms()
        deadline = start + budget.time_ms if budget.time_ms is not None else NEVER
        next_info = start + info_ms if info_callback is not None and info_ms > 0 else NEVER
        self._stop = token
        self._deadline = deadline
        if len(legal) == 1 and not ahead:
            limit = 0                                      # a forced move needs no search
        while iterations < limit and not token.flag and not self.pool_failed:
            with nogil:
                while iterations < limit and not token.flag and not self.pool_failed:
                    if belief is not None:
                        belief._draw(scratch, &rng)       # a particle, by weight (search/particles.pyx)
                    elif info is not None:
                        if not determinise(info, scratch, &rng):
                            inconsistent = True
                            break
                    else:
                        scratch._copy_from(fixed)
                    if walk is None:
                        self._iterate(scratch, &rng, root_player)
                    else:
                        walk._iterate(scratch, &rng)
                    iterations += 1
                    if deadline < NEVER or next_info < NEVER:
                        now = _now_ms()
                        if now >= deadline:
                            limit = iterations
                        if now >= next_info:
                            break
            if inconsistent:
                raise InconsistentInformationError(f"no state is consistent with the information set of seat "
                                                   f"{root_player}: nothing to search")
            if iterations < limit and next_info < NEVER and _now_ms() >= next_info:
                next_info = _now_ms() + info_ms
                info_callback(self._result(legal, iterations, start, False))
        if self.pool_failed:
            raise MemoryError(f"the search's node pool could not grow past {self.capacity:,} slots ({self.n_nodes:,} nodes)")
        return self._result(legal, iterations, start, token.flag != 0)

    def _result(self, legal, int iterations, double start, bint stopped) -> SearchResult:
        cdef int child, first = self.nodes[0].children
        stats = []
        for child in range(first, first + self.nodes[0].n_children):
            node = self.nodes[child]
            stats.append(ActionStats(node.action, int(node.visits),
                                     node.reward / node.visits if node.visits else 0.0, int(node.available)))
        if self.flat:
            stats.sort(key=lambda s: (-s.value, -s.visits, s.action))
        else:
            stats.sort(key=lambda s: (-s.visits, -s.value, s.action))
        action = stats[0].action if stats else legal[0]
        return SearchResult(action, iterations, _now_ms() - start, self.n_nodes, stopped, tuple(stats))

    def search(self, InformationSet information_set, budget: Budget, seed: int = 0, info_callback=None,
               info_ms: float = 0.0, StopToken stop=None, Belief belief=None) -> SearchResult:
        """ISMCTS from ``information_set`` (its seat must be to move).  ``info_callback(result)`` is called about
        every ``info_ms`` with the best move so far; setting ``stop`` (from another thread, or before the call)
        ends this search at once with the best move so far.  With a ``belief`` (inference: search/particles.pyx),
        each iteration's determinisation is one of its particles, drawn by weight, instead of a uniform sample."""
        if information_set.current_player() != information_set.seat:
            raise ValueError(f"seat {information_set.seat} is not to move")
        return self._run(information_set, budget, seed, info_callback, info_ms, stop, belief)

    def ponder(self, InformationSet information_set, budget: Budget, seed: int = 0, StopToken stop=None,
               Belief belief=None) -> SearchResult:
        """ISMCTS from ``information_set`` whoever is to move (thinking on another seat's time, or ahead of the
        seat's own call), a forced move searched too: the tree is for a later ``reroot`` and search.  The result's
        action is the mover's most tried action (-1 if none was tried)."""
        if information_set.is_terminal():
            raise ValueError("nothing to search: the game is over")
        return self._run(information_set, budget, seed, None, 0.0, stop, belief, True)

    def search_state(self, GameState state, budget: Budget, seed: int = 0, info_callback=None,
                     info_ms: float = 0.0, StopToken stop=None) -> SearchResult:
        """UCT on one fully known state (a determinisation, or the true state for the cheating bound)."""
        if state.is_terminal():
            raise ValueError("nothing to search: the game is over")
        return self._run(state, budget, seed, info_callback, info_ms, stop)


cdef class TreeWalk:
    """A search with trees of its own in a Searcher's pool (MO-ISMCTS), run by ``Searcher._run``'s loop."""

    cdef int _plant(self, int seat) except -1:
        """Lay out the roots of its ``n_trees`` trees in the emptied pool (slot 0: seat ``seat``'s, searching)."""
        raise NotImplementedError

    cdef void _iterate(self, GameState s, Rng* rng) noexcept nogil:
        """One iteration on the determinisation ``s`` (consumed)."""
        pass


def pimc(InformationSet information_set, budget: Budget, determinisations: int = 10, seed: int = 0,
         Searcher searcher=None, StopToken stop=None) -> SearchResult:
    """Determinised UCT ("perfect information Monte Carlo"): UCT on ``determinisations`` samples, each with an
    equal share of the budget; the action with the most visits summed over the samples wins (a vote).
    Setting ``stop`` ends the sample being searched and skips the rest; so does the end of a time budget."""
    _checked_int("determinisations", determinisations, 1, MAX_DETERMINISATIONS)
    searcher = searcher if searcher is not None else Searcher()
    per = Budget(None if budget.iterations is None else max(1, budget.iterations // determinisations),
                 None if budget.time_ms is None else budget.time_ms / determinisations)
    votes, values, total, elapsed, tree, stopped = {}, {}, 0, 0.0, 0, False
    import random
    rng = random.Random(seed)
    legal = information_set.legal_actions()
    for _ in range(determinisations):
        if stop is not None and stop.is_set:
            stopped = True
            break
        if budget.time_ms is not None and elapsed >= budget.time_ms:
            break
        state = information_set.sample(rng.getrandbits(63))
        result = searcher.search_state(state, per, rng.getrandbits(63), stop=stop)
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
