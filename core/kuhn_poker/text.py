"""Plain-text rendering of what one Kuhn poker player sees (for the terminal and logs)."""
from __future__ import annotations

from deadeye.core.state import InformationSet

from .labels import ACTION_NAMES, card_name


def describe_view(info: InformationSet) -> str:
    """The hand as ``info.seat`` sees it: both cards (the other's as ``?`` until a showdown), the betting."""
    v, seat = info.to_dict()["view"], info.seat
    betting = " ".join(ACTION_NAMES[m] for m in v["moves"][:v["n_moves"]]) or "-"
    turn = f"player {v['current']} to act" if v["current"] >= 0 else "the hand is over"
    return (f"Kuhn poker, player {seat}: your card {card_name(v['card'][seat])}, the other card "
            f"{card_name(v['card'][1 - seat])}; betting: {betting}; {turn}")
