# Wyatt Earp: the typed contract of the state classes (the data block is in data.pxd).
from deadeye.core.state cimport GameState
from deadeye.core.wyatt_earp.data cimport WyattEarpData


cdef class WyattEarpState(GameState):
    cdef WyattEarpData d                # the whole game: one struct, copied with one memcpy

    cdef void _setup(self, int players, int first_dealer) noexcept nogil
    cdef int _sheriff_plays(self, int seat, int card, int* out) noexcept nogil
    cdef void _play_sheriff(self, int action) noexcept nogil
    cdef void _resolve_target(self, int action) noexcept nogil
    cdef void _search_take(self, int card) noexcept nogil
    cdef void _evaluate(self, double* out) noexcept nogil   # estimated result per seat in [0, 1], summing to 1


cdef str check_data(WyattEarpData* d, int view_seat)   # why d is impossible (a state, or view_seat's view), or ''
cdef void card_totals(WyattEarpData* d, int* out) noexcept nogil   # out[T] := cards of type T found anywhere
