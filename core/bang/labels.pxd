# BANG!: action labels as a function of the data block (see labels.pyx).
from deadeye.core.bang.data cimport BangData

cdef str action_label(const BangData* d, int a)      # the label of action id a in state (or view) d
