"""Way Out West (Martin Wallace, Warfrog 2000): rules in ../shared/rules/way-out-west.md.

``data.pxd`` the data block and encodings, ``state.pyx`` the rules, ``information.pyx`` information sets (the whole
board; only the dice are unknown), ``labels.pyx`` names and texts, ``heuristic.pyx`` the rule-based player,
``text.py`` the board as text.
"""
from .information import WayOutWestInformationSet
from .labels import BT_NAMES, TOWN_NAMES
from .state import WayOutWestState, new_state

__all__ = ["BT_NAMES", "TOWN_NAMES", "WayOutWestInformationSet", "WayOutWestState", "new_state"]
