# Colt Express: the text of actions (the data block is in data.pxd).
from deadeye.core.colt_express.data cimport ColtData

cdef str action_label(const ColtData* d, int a)     # the label of action id a in state (or view) d
cdef object public_label(const ColtData* d, int a)  # what the other seats see of a, or None
