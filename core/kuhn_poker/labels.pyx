"""Names of the Kuhn poker cards and actions, as OpenSpiel writes the actions ("Pass", "Bet")."""
from deadeye.core.kuhn_poker.data cimport N_CARDS, NUM_ACTIONS

from deadeye.core.errors import InvalidActionError

CARD_NAMES = ("J", "Q", "K")
ACTION_NAMES = ("Pass", "Bet")       # OpenSpiel's ActionToString


cpdef str action_label(int action):
    """OpenSpiel's name of ``action``."""
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidActionError(f"action {action} is not a Kuhn poker action (0 Pass, 1 Bet)")
    return ACTION_NAMES[action]


def card_name(int card) -> str:
    """``"J"``, ``"Q"`` or ``"K"``; ``"?"`` for a card the viewer does not see."""
    return CARD_NAMES[card] if 0 <= card < N_CARDS else "?"
