# Multi-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): one tree per seat, all in one Searcher's
# node pool (each tree has its own root slot).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, MAX_SEATS
from deadeye.search.ismcts cimport Searcher, TreeWalk


cdef class MultiObserverSearcher(TreeWalk):
    cdef readonly Searcher pool      # the node pool and the shared settings (c, rollouts, cut-offs, max_nodes)
    cdef int root[MAX_SEATS]         # root[p]: the slot of seat p's root (the searching seat's is slot 0)
    cdef int cursor[MAX_SEATS]       # the running iteration's node in each seat's tree
    cdef bint lost[MAX_SEATS]        # the tree could not follow this iteration (its pool is full): it stays put

    cdef int _observed_child(self, int node, int observation, int player) noexcept nogil
    cdef int _select_own(self, int node, int player, int* buf, int n, int* untried) noexcept nogil
    cdef int _plant(self, int seat) except -1
    cdef void _iterate(self, GameState s, Rng* rng) noexcept nogil
