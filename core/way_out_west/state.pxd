# Way Out West: the typed contract of the state class and the rules helpers the other modules share (the data
# block and its encodings are in data.pxd).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState
from deadeye.core.way_out_west.data cimport WowData


cdef class WayOutWestState(GameState):
    cdef WowData d                      # the whole game: one struct, copied with one memcpy


cdef int legal_actions_of(WowData* d, int* out) noexcept nogil   # the legal ids of d.current, returns how many
cdef bint is_legal(WowData* d, int a) noexcept nogil             # is `a` legal for d.current now
cdef void apply(WowData* d, Rng* rng, int a) noexcept nogil      # play a legal action, then every automatic step
cdef void final_points(const WowData* d, int* out) noexcept nogil  # points per seat if the game ended now (7)
cdef void income_of(const WowData* d, int* out) noexcept nogil     # income per seat of an income step now (5)
cdef void income_parts(const WowData* d, int* out) noexcept nogil  # income by source: out[src * MAX_PLAYERS + p]
cdef void score_parts(const WowData* d, int* out) noexcept nogil   # points by rule: out[part * MAX_PLAYERS + p]
cdef int town_controller(const WowData* d, int t) noexcept nogil   # the seat controlling town t (7.3), or -1
cdef bint can_buy_cattle(const WowData* d, int p, int t, int k) noexcept nogil      # 4.1, for seat p now
cdef bint can_move_cattle(const WowData* d, int p, int o, int t, int m) noexcept nogil  # 4.4
cdef bint can_build(const WowData* d, int p, int kind, int t) noexcept nogil        # 4.5
cdef bint can_attack(const WowData* d, int p, int t, int target) noexcept nogil     # 6.1
cdef str check_data(WowData* d)                                  # why d is impossible, or ''
