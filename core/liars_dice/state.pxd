# Liar's Dice: the typed contract of the state class (the data block and its encodings are in data.pxd).
from deadeye.core.state cimport GameState
from deadeye.core.liars_dice.data cimport LiarsDiceData


cdef class LiarsDiceState(GameState):
    cdef LiarsDiceData d                # the whole game: one struct, copied with one memcpy


cdef str check_data(LiarsDiceData* d, int view_seat)     # why d is impossible (a state, or view_seat's view), or ''
