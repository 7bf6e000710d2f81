"""Plain-text rendering of what one seat sees (for the terminal and logs)."""
from __future__ import annotations

from .labels import CARD_NAMES, OUTLAW_NAMES, PHASE_NAMES


def _cards(counts) -> str:
    return ", ".join(f"{n} x {CARD_NAMES[t]}" if n > 1 else CARD_NAMES[t]
                     for t, n in enumerate(counts) if n) or "-"


def describe_view(info: dict) -> str:
    """The table as ``info["seat"]`` sees it: posters, money, tableaus, hand sizes, discard top and own hand."""
    v, seat = info["view"], info["seat"]
    n = v["n_players"]
    lines = [f"Round {v['round']}, turn {v['turn']}: seat {v['active']} to play ({PHASE_NAMES[v['phase']]})"
             f", dealer {v['dealer']}, draw pile {v['draw_n']}, discard pile {v['discard_n']}"
             f"{' (reshuffled)' if v['reshuffled'] else ''}"]
    if v["discard_n"]:
        lines.append(f"  discard top: {CARD_NAMES[v['discard'][v['discard_n'] - 1]]}")
    lines.append("  posters: " + ", ".join(
        f"{name}{'*' if v['opened'][x] else ''} ${v['poster'][x]:,}" for x, name in enumerate(OUTLAW_NAMES)))
    for p in range(n):
        groups = []
        for x, name in enumerate(OUTLAW_NAMES):
            attached = [CARD_NAMES[c] for c in v["attached"][p][x][:v["attached_n"][p][x]]]
            if v["outlaws"][p][x] or v["photo"][p][x]:
                parts = [f"{v['outlaws'][p][x]} card{'s' if v['outlaws'][p][x] != 1 else ''}"]
                if v["photo"][p][x]:
                    parts.append("Photo")
                parts += attached
                groups.append(f"{name} [{', '.join(parts)}]")
        me = " (you)" if p == seat else ""
        lines.append(f"  seat {p}{me}: ${v['money'][p]:,}, {v['hand_n'][p]} cards in hand; "
                     f"tableau: {'; '.join(groups) or '-'}")
    lines.append(f"  your hand: {_cards(v['hand'][seat])}")
    return "\n".join(lines)
