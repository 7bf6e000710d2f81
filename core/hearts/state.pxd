# Hearts: the typed contract of the state class (the data block and the card encoding are in data.pxd).
from deadeye.core.state cimport GameState
from deadeye.core.hearts.data cimport HeartsData


cdef class HeartsState(GameState):
    cdef HeartsData d                    # the whole game: one struct, copied with one memcpy

    cdef void _start(self, int pass_dir, const int* deal) noexcept nogil   # record the chance actions, start passing
    cdef void _final_points(self, int* out) noexcept nogil                 # penalty points with the moon settled


cdef str check_state(HeartsData* d)       # why d is not a state reachable by the rules, or ''
