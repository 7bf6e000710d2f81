"""Names of the Hearts cards and pass directions, as OpenSpiel writes them ("2C", "TD", "QS"; "Left")."""
from deadeye.core.hearts.data cimport HeartsData, N_CARDS, N_SUITS

from deadeye.core.errors import InvalidActionError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SEAT_CHARS = "NESW"          # OpenSpiel's seat letters: North is seat 0, then East, South, West
CARD_NAMES = tuple(RANK_CHARS[c // N_SUITS] + SUIT_CHARS[c % N_SUITS] for c in range(N_CARDS))
PASS_DIR_NAMES = ("No Pass", "Left", "Across", "Right")     # OpenSpiel's labels of the first chance action
PHASE_NAMES = ("pass", "play", "game over")


cpdef str card_label(int card):
    """OpenSpiel's ``CardString``: rank then suit, ``"2C"`` for 0, ``"QS"`` for 43."""
    if not 0 <= card < N_CARDS:
        raise InvalidActionError(f"action {card} is not a Hearts card (0..{N_CARDS - 1})")
    return CARD_NAMES[card]


cdef str action_label(const HeartsData* d, int a):
    """The label of action ``a``: the card it passes or plays, as ``card_label`` names it (in every state)."""
    return CARD_NAMES[a]


cpdef int parse_card(str text) except -1:
    """The card id of ``"QS"``, ``"qs"``, ``"10H"`` or ``"TH"``; anything else raises ``InvalidActionError``."""
    word = "".join(str(text).split()).upper()
    if word.startswith("10"):
        word = "T" + word[2:]
    if len(word) == 2 and word[0] in RANK_CHARS and word[1] in SUIT_CHARS:
        return RANK_CHARS.index(word[0]) * N_SUITS + SUIT_CHARS.index(word[1])
    raise InvalidActionError(f"{text!r} is not a card: rank 2-9, T (or 10), J, Q, K or A, then suit C, D, H or S")


def cards_text(cards) -> str:
    """Cards as OpenSpiel prints a hand, by suit from spades down: ``"S KQ8 H 4 D - C J96"``."""
    by_suit = {s: [] for s in range(N_SUITS)}
    for c in sorted(cards, reverse=True):
        by_suit[c % N_SUITS].append(RANK_CHARS[c // N_SUITS])
    return " ".join(f"{SUIT_CHARS[s]} {''.join(by_suit[s]) or '-'}" for s in range(N_SUITS - 1, -1, -1))
