"""Hearts exactly as OpenSpiel's ``hearts`` game (default parameters), with OpenSpiel's action ids.

``data.pxd`` the data block and the card encoding, ``state.pyx`` the rules and OpenSpiel's action sequence,
``information.pyx`` information sets and their sampler, ``labels.pyx`` card names, ``heuristic.pyx`` the rule-based
rollout policy, ``text.py`` a seat's view as text.
"""
from .information import HeartsInformationSet
from .labels import CARD_NAMES, PASS_DIR_NAMES, card_label, parse_card
from .state import OPENSPIEL_TWIN, HeartsState, from_openspiel_history, new_state

__all__ = ["CARD_NAMES", "PASS_DIR_NAMES", "OPENSPIEL_TWIN", "HeartsInformationSet", "HeartsState", "card_label",
           "from_openspiel_history", "new_state", "parse_card"]
