# BANG!: the typed contract of the state class and the rules helpers the other modules share (the data block and
# its encodings are in data.pxd).
from libc.stdint cimport uint8_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState
from deadeye.core.bang.data cimport BangData


cdef class BangState(GameState):
    cdef BangData d                     # the whole game: one struct, copied with one memcpy


cdef int legal_actions_of(BangData* d, int* out) noexcept nogil   # the legal ids of d.current, returns how many
cdef void apply(BangData* d, Rng* rng, int a) noexcept nogil      # play a legal action, then every automatic step
cdef bint is_participant(const BangData* d, int p) noexcept nogil
cdef int distance(const BangData* d, int a, int b) noexcept nogil  # rules 5
cdef int reach(const BangData* d, int p) noexcept nogil
cdef void returns_of(const BangData* d, double* out) noexcept nogil
cdef str check_data(BangData* d)                                  # why d is impossible, or ''


cdef inline void shuffle(uint8_t* a, int n, Rng* rng) noexcept nogil:
    """Fisher-Yates over a[0..n-1] from the state's generator (the rules' shuffles and the sampler's deals)."""
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
