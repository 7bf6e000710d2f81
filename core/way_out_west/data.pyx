"""The Way Out West constants (sizes, B&T types, boxes, phases, action ids, events), exported to Python from ``data.pxd``,
with the tables of the rules that front ends print (from the same inline functions the rules use)."""
from deadeye.core.way_out_west.data cimport box_count, bt_cost, town_corrals, town_spaces

SPACES = tuple(town_spaces(t) for t in range(N_TOWNS))          # building spaces of each town (1.1)
CORRALS = tuple(town_corrals(t) for t in range(N_TOWNS))        # corrals of each town (1.1)
BT_COSTS = tuple(bt_cost(k) for k in range(N_BT))               # the cost of building each B&T type (3.3)


def box_counts(int players) -> tuple:
    """The action boxes of each type for ``players`` players (3.3)."""
    return tuple(box_count(b, players) for b in range(N_BOXES))
