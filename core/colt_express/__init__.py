"""Colt Express (Christophe Raimbault, Ludonaute 2014): rules in ../shared/rules/colt-express.md.

``data.pxd`` the data block and encodings, ``state.pyx`` the rules, ``information.pyx`` information sets and their
sampler, ``labels.pyx`` names and texts, ``heuristic.pyx`` the rule-based player, ``text.py`` a seat's view as text.
"""
from .information import ColtExpressInformationSet
from .labels import BANDIT_NAMES, ROUND_CARD_NAMES, TYPE_NAMES
from .state import ColtExpressState, new_state

__all__ = ["BANDIT_NAMES", "ROUND_CARD_NAMES", "TYPE_NAMES", "ColtExpressInformationSet", "ColtExpressState",
           "new_state"]
