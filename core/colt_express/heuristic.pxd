# Colt Express: the fast rule-based player used as a rollout policy (rules: ../shared/rules/colt-express.md).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy


cdef class ColtExpressHeuristic(Policy):
    # Decides from the deciding seat's own cards, the purse values it knows and public facts only.
    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil
    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil
