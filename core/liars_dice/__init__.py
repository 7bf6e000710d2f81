"""Liar's Dice, exactly as OpenSpiel's ``liars_dice`` (its action ids; ``numdice`` dice per player).

The worked example of docs/architecture.md, "Adding a game", written from an empty folder by following it:
``data.pxd`` the data block and the encodings, ``state.pyx`` the rules, ``information.pyx`` information sets and
their sampler, ``labels.pyx`` names, ``heuristic.pyx`` the rule-based rollout policy, ``text.py`` a player's view as
text.
"""
from .information import LiarsDiceInformationSet
from .state import OPENSPIEL_TWIN, LiarsDiceState, from_openspiel_history, new_state

__all__ = ["OPENSPIEL_TWIN", "LiarsDiceInformationSet", "LiarsDiceState", "from_openspiel_history", "new_state"]
