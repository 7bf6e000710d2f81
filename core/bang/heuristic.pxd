# BANG!: the fast rule-based player used as a rollout policy and the `heuristic` bot (see heuristic.pyx).
from deadeye.core.state cimport Policy


cdef class BangHeuristic(Policy):
    # Decides from what the deciding seat knows (its role, its hand, the public table with its suspicion record).
    cdef bint blind                 # 1: ignores the table's suspicion record (the heuristic before it; comparisons)
