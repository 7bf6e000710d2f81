# Way Out West: action labels as a function of the data block (see labels.pyx).
from deadeye.core.way_out_west.data cimport WowData

cdef str action_label(const WowData* d, int a)      # the label of action id a in state (or view) d
