"""Kuhn poker, exactly as OpenSpiel's ``kuhn_poker``, with OpenSpiel's action ids.

The smallest deadeye game, and the worked example of docs/architecture.md, "Adding a game": ``data.pxd`` the data
block and the encodings, ``state.pyx`` the rules, ``information.pyx`` information sets and their sampler,
``labels.pyx`` names, ``heuristic.pyx`` the rule-based rollout policy, ``text.py`` a player's view as text.
"""
from .information import KuhnPokerInformationSet
from .labels import ACTION_NAMES, CARD_NAMES
from .state import OPENSPIEL_TWIN, KuhnPokerState, from_openspiel_history, new_state

__all__ = ["ACTION_NAMES", "CARD_NAMES", "OPENSPIEL_TWIN", "KuhnPokerInformationSet", "KuhnPokerState",
           "from_openspiel_history", "new_state"]
