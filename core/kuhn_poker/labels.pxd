# Kuhn poker: the text of actions (the data block is in data.pxd).
from deadeye.core.kuhn_poker.data cimport KuhnData

cdef str action_label(const KuhnData* d, int a)      # the label of action id a in state (or view) d
