# Colt Express: the typed contract of the state class and of the rules helpers the other modules share
# (the data block is in data.pxd).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState
from deadeye.core.colt_express.data cimport ColtData


cdef class ColtExpressState(GameState):
    cdef ColtData d                     # the whole game: one struct, copied with one memcpy

    cdef void _setup(self, int players, bint advanced, bint two_bandits, const int* bandits, int first) noexcept nogil


cdef int legal_actions_of(ColtData* d, int* out) noexcept nogil   # the decider's legal actions (a view works too)
cdef int move_targets(ColtData* d, int b, int* out) noexcept nogil   # cars bandit b may Move to (5.3)
cdef int fire_targets(ColtData* d, int b) noexcept nogil          # bitmask of b's legal Fire targets (5.3, 7.1, 7.6)
cdef int punch_victims(ColtData* d, int b) noexcept nogil         # bitmask of b's legal Punch victims (5.3, 7.1)
cdef int seat_score(ColtData* d, int seat) noexcept nogil         # loot plus the Gunslinger bonus, in dollars (10)
cdef int seat_bullets(ColtData* d, int seat) noexcept nogil       # bullet cards the seat's bandits received
cdef bint can_draw(ColtData* d, int seat) noexcept nogil          # Draw is available to the seat (4.2, 11)
cdef int scheme_turn_type(ColtData* d) noexcept nogil             # T_* of the current schemin' turn
cdef str check_data(ColtData* d, int view_seat)                   # why d is impossible (a state or a view), or ''
