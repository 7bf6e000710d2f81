# Wyatt Earp: the text of actions (the data block is in data.pxd).
from deadeye.core.wyatt_earp.data cimport WyattEarpData

cdef str action_label(const WyattEarpData* d, int a)      # the label of action id a in state (or view) d
