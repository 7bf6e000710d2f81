# Kuhn poker: the fast rule-based player used as a rollout policy (see heuristic.pyx).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy


cdef class KuhnPokerHeuristic(Policy):
    # Decides from the deciding player's own card and the betting only; returns one of the legal actions.
    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil
    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil
