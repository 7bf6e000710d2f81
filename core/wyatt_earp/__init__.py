"""Wyatt Earp (Fitzgerald & Borg, 2001): rules in ../shared/rules/wyatt-earp.md.

``data.pxd`` the data block and encodings, ``state.pyx`` the rules, ``information.pyx`` information sets and their
sampler, ``labels.pyx`` names and texts, ``text.py`` a seat's view as text.
"""
from .information import WyattEarpInformationSet
from .labels import CARD_COUNTS, CARD_NAMES, OUTLAW_NAMES
from .state import WyattEarpState, new_state

__all__ = ["CARD_COUNTS", "CARD_NAMES", "OUTLAW_NAMES", "WyattEarpInformationSet", "WyattEarpState", "new_state"]
