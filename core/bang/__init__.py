"""BANG! with Gold Rush and the Ghost Gunslinger variant: rules in ../shared/rules/bang-gold-rush.md.

``data.pxd`` the data block and encodings, ``ACTIONS.md`` the action ids, ``state.pyx`` the rules,
``information.pyx`` information sets, ``labels.pyx`` names and texts, ``text.py`` the table as text.
"""
from .information import BangInformationSet
from .labels import CHARACTER_NAMES, KIND_NAMES, card_name
from .state import BangState, new_state

__all__ = ["BangInformationSet", "BangState", "CHARACTER_NAMES", "KIND_NAMES", "card_name", "new_state"]
