"""Names of the Liar's Dice actions, as OpenSpiel writes them: a bid ``"2-5"`` (quantity-face), and ``"Liar"``."""
from deadeye.core.liars_dice.data cimport LiarsDiceData, N_FACES, N_PLAYERS, bid_face, bid_quantity

LIAR = "Liar"


cdef str action_label(const LiarsDiceData* d, int a):
    """OpenSpiel's name of action ``a`` in the game of ``d`` (its dice per player place Liar; ids past its Liar are
    bids of larger games, named alike)."""
    if a == N_PLAYERS * d.n_dice * N_FACES:
        return LIAR
    return f"{bid_quantity(a)}-{bid_face(a)}"


def dice_text(counts) -> str:
    """A player's dice, ascending (``"2 5 6"``), from its counts per face; ``"?"`` for dice not seen."""
    faces = [str(f + 1) for f in range(N_FACES) for _ in range(counts[f])]
    return " ".join(faces) or "?"


def bids_made(words, int n_dice) -> list:
    """The bids of a game, in the order they were made, from its set ``bids`` (64-bit words; bids only rise)."""
    return [a for a in range(N_PLAYERS * n_dice * N_FACES) if words[a // 64] >> (a % 64) & 1]
