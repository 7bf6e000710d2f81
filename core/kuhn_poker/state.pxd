# Kuhn poker: the typed contract of the state class (the data block and its encodings are in data.pxd).
from deadeye.core.state cimport GameState
from deadeye.core.kuhn_poker.data cimport KuhnData


cdef class KuhnPokerState(GameState):
    cdef KuhnData d                     # the whole game: one struct, copied with one memcpy

    cdef int _chips(self, int p) noexcept nogil     # chips player p wins (negative: loses) once the hand is over


cdef str check_data(KuhnData* d, int view_seat)     # why d is impossible (a state, or view_seat's view), or ''
