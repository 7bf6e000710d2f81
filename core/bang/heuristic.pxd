# BANG!: the fast rule-based player used as a rollout policy and the `heuristic` bot (see heuristic.pyx).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy


cdef class BangHeuristic(Policy):
    cdef bint blind                 # 1: ignores the table's suspicion record (the heuristic before it; comparisons)
    # Decides from what the deciding seat knows (its role, its hand, the public table with its suspicion record);
    # one of the legal actions.
    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil
    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil
