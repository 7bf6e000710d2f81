"""Plain-text rendering of what one Liar's Dice player sees (for the terminal and logs)."""
from __future__ import annotations

from deadeye.core.state import InformationSet

from .labels import bids_made, dice_text


def describe_view(info: InformationSet) -> str:
    """The game as ``info.seat`` sees it: its dice, the other's (``?`` until Liar), the bids, whose turn."""
    v, seat = info.to_dict()["view"], info.seat
    n = v["n_dice"]
    history = " ".join(info.action_label(a) for a in bids_made(v["bids"], n)) + (" Liar" if v["caller"] >= 0 else "")
    turn = f"player {info.current_player()} to act" if v["caller"] < 0 else "the game is over"
    return (f"Liar's Dice, player {seat}, {n} {'die' if n == 1 else 'dice'} each: your dice "
            f"{dice_text(v['dice'][seat])}, the other's {dice_text(v['dice'][1 - seat])}; bids: "
            f"{history.strip() or '-'}; {turn}")
