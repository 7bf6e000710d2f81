# Hearts: the fast rule-based player used as a rollout policy (see heuristic.pyx).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy


cdef class HeartsHeuristic(Policy):
    # Decides from the deciding seat's own hand and public facts only; returns one of the legal actions.
    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil
    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil
