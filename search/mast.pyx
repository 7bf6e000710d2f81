"""MAST, the Move-Average Sampling Technique (Finnsson & Bjornsson 2008), as a rollout policy of the search.

One table per search: for every seat and action id, the mean reward of that seat over the iterations in which it
played that action (in the tree or in the rollout).  A rollout move is then epsilon-greedy over the table: with
probability epsilon a uniformly random legal action, otherwise the legal action of the best mean (one never played
counts as the best).  The table knows action ids only, so it serves every game; it is cleared at the start of each
search, so a search keeps nothing from the last one.

``MastPolicy`` is the table behind a Python face, for tests and tools; the search uses the C functions of
``mast.pxd`` directly.
"""
from libc.stdlib cimport malloc, free

from deadeye.core.rng cimport Rng, rng_seed, rng_below
from deadeye.core.state cimport GameState, MAX_ACTIONS, MAX_SEATS

DEFAULT_EPSILON = 0.2     # the share of random moves in a MAST rollout (Tak, Winands & Bjornsson 2012 found 0.2 good)


cdef class MastPolicy:
    """A MAST table and its epsilon-greedy choice.

    >>> table = MastPolicy(epsilon=0.0)
    >>> table.add(0, 5, 1.0); table.add(0, 5, 0.0); table.add(0, 7, 0.75)
    >>> table.value(0, 5), table.count(0, 5), table.value(0, 7)
    (0.5, 2, 0.75)
    >>> table.choose(0, [5, 7], seed=1)
    7
    """

    cdef MastTable* table
    cdef readonly double epsilon
    cdef unsigned long long threshold

    def __cinit__(self):
        self.table = <MastTable*>malloc(sizeof(MastTable))
        if self.table == NULL:
            raise MemoryError("no memory for a MAST table")
        mast_clear(self.table)

    def __init__(self, epsilon: float = DEFAULT_EPSILON):
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be a number from 0 to 1, not {epsilon!r}")
        self.epsilon = epsilon
        self.threshold = explore_threshold(epsilon)

    def __dealloc__(self):
        free(self.table)

    def _check(self, player: int, action: int) -> None:
        if not (0 <= player < MAX_SEATS and 0 <= action < MAX_ACTIONS):
            raise ValueError(f"seat {player} or action {action} out of range")

    def add(self, player: int, action: int, reward: float) -> None:
        """Count one play of ``action`` by ``player`` in an iteration that gave ``player`` ``reward``."""
        self._check(player, action)
        mast_add(self.table, player, action, reward)

    def value(self, player: int, action: int) -> float | None:
        """The mean reward of ``player`` after playing ``action`` (None if it never did)."""
        self._check(player, action)
        n = self.table.count[player][action]
        return self.table.reward[player][action] / n if n else None

    def count(self, player: int, action: int) -> int:
        self._check(player, action)
        return self.table.count[player][action]

    def choose(self, player: int, legal: list, seed: int = 0) -> int:
        """The rollout's choice for ``player`` among ``legal`` (epsilon-greedy, ties drawn from ``seed``)."""
        cdef int buf[MAX_ACTIONS]
        cdef Rng rng
        if not 0 < len(legal) <= MAX_ACTIONS:
            raise ValueError(f"legal must hold 1 to {MAX_ACTIONS} actions")
        for i, a in enumerate(legal):
            self._check(player, a)
            buf[i] = a
        rng_seed(&rng, seed)
        if explores(&rng, self.threshold):
            return buf[rng_below(&rng, len(legal))]
        return mast_best(self.table, player, buf, len(legal), &rng)
