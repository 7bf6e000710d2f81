# Liar's Dice: the text of actions (the data block is in data.pxd).
from deadeye.core.liars_dice.data cimport LiarsDiceData

cdef str action_label(const LiarsDiceData* d, int a)      # the label of action id a in state (or view) d
