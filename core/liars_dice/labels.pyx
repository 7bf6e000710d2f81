"""Names of the Liar's Dice actions, as OpenSpiel writes them: a bid ``"2-5"`` (quantity-face), and ``"Liar"``."""
from deadeye.core.liars_dice.data cimport N_FACES, N_PLAYERS

LIAR = "Liar"


cpdef str action_label(int action, int n_dice):
    """OpenSpiel's name of ``action`` in a game of ``n_dice`` dice per player (ids past its Liar are bids of larger
    games, named alike)."""
    if action == N_PLAYERS * n_dice * N_FACES:
        return LIAR
    return f"{action // N_FACES + 1}-{action % N_FACES + 1}"


def dice_text(counts) -> str:
    """A player's dice, ascending (``"2 5 6"``), from its counts per face; ``"?"`` for dice not seen."""
    faces = [str(f + 1) for f in range(N_FACES) for _ in range(counts[f])]
    return " ".join(faces) or "?"
