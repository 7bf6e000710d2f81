"""Plain-text rendering of what one Hearts seat sees (for the terminal and logs)."""
from __future__ import annotations

from .labels import CARD_NAMES, SEAT_CHARS, cards_text


def describe_view(info) -> str:
    """The table as ``info.seat`` sees it: pass direction, its hand, passes, the tricks so far and the points."""
    seat = info.seat
    lines = [f"Hearts, seat {seat} ({SEAT_CHARS[seat]}); pass direction: {info.pass_direction}; "
             f"hand sizes {info.hand_sizes()}; points {info.points()}"]
    lines.append(f"  your hand: {cards_text(info.hand())}")
    if info.passed():
        lines.append(f"  you passed: {' '.join(CARD_NAMES[c] for c in info.passed())}")
    if info.received():
        lines.append(f"  you received: {' '.join(CARD_NAMES[c] for c in info.received())}")
    for number, (leader, cards, taker) in enumerate(info.tricks(), 1):
        played = " ".join(f"{SEAT_CHARS[(leader + i) % 4]}:{CARD_NAMES[c]}" for i, c in enumerate(cards))
        lines.append(f"  trick {number}: {played}" + (f" -> seat {taker}" if taker is not None else ""))
    return "\n".join(lines)
