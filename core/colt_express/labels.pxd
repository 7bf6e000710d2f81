# Colt Express: the text of actions (the data block is in data.pxd).
from deadeye.core.colt_express.data cimport ColtData

cdef str action_text(ColtData* d, int a)          # the label of action a in state (or view) d
cdef object public_text(ColtData* d, int a)       # what the other seats see of a, or None
