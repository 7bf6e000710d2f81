"""Plain-text rendering of what one BANG! seat sees (for the terminal and logs)."""
from __future__ import annotations

from .labels import CHARACTER_NAMES, ROLE_NAMES, card_name, equip_name

_STATUS = ("", " (eliminated)", " (ghost)", " (ghost, playing)", " (departed)")
_LOC_HAND, _LOC_PLAY = 8, 16


def describe_view(info: dict) -> str:
    """The table as ``info["seat"]`` sees it: every seat's character, role if known, life, nuggets, hand size and
    cards in play; its own hand; the discard pile's top; the equipment row."""
    v, seat = info["view"], info["seat"]
    n = v["n_players"]
    lines = [f"BANG!, seat {seat}: turn of seat {v['turn_player']}, "
             + (f"seat {v['current']} to decide" if v["current"] >= 0 else "the game is over")]
    for p in range(n):
        role = ROLE_NAMES[v["role"][p]] if v["role"][p] < 4 else "?"
        play = [card_name(c) for c in range(80) if v["loc"][c] == _LOC_PLAY + p]
        play += [equip_name(e) for e in range(24) if v["eq_loc"][e] == _LOC_PLAY + p]
        lines.append(f"  seat {p}{' (you)' if p == seat else ''}: {CHARACTER_NAMES[v['character'][p]]}, {role}"
                     f"{_STATUS[v['status'][p]]}, life {v['life'][p]}/{v['max_life'][p]}"
                     + (f", {v['nuggets'][p]} nuggets" if v["gold_rush"] else "")
                     + f", {v['hand_n'][p]} cards in hand; in play: {', '.join(play) or '-'}")
    hand = [card_name(c) for c in range(80) if v["loc"][c] == _LOC_HAND + seat]
    lines.append(f"your hand: {', '.join(hand) or '-'}")
    top = card_name(v["discard"][v["discard_n"] - 1]) if v["discard_n"] else "-"
    lines.append(f"deck {v['deck_n']} cards, discard pile {v['discard_n']} (top {top})")
    if v["gold_rush"]:
        row = ", ".join(equip_name(e) if e >= 0 else "-" for e in v["eq_row"])
        lines.append(f"equipment row: {row}; equipment deck {v['eq_n']} cards")
    return "\n".join(lines)
