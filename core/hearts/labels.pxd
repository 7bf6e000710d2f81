# Hearts: the text of actions (the data block is in data.pxd).
from deadeye.core.hearts.data cimport HeartsData

cdef str action_label(const HeartsData* d, int a)      # the label of action id a in state (or view) d
