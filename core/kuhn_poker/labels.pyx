"""Names of the Kuhn poker cards and actions, as OpenSpiel writes the actions ("Pass", "Bet")."""
from deadeye.core.kuhn_poker.data cimport KuhnData, N_CARDS

CARD_NAMES = ("J", "Q", "K")
ACTION_NAMES = ("Pass", "Bet")       # OpenSpiel's ActionToString


cdef str action_label(const KuhnData* d, int a):
    """OpenSpiel's name of action ``a`` (the same in every state: ``d`` is there for the labels' one signature)."""
    return ACTION_NAMES[a]


def card_name(int card) -> str:
    """``"J"``, ``"Q"`` or ``"K"``; ``"?"`` for a card the viewer does not see."""
    return CARD_NAMES[card] if 0 <= card < N_CARDS else "?"
