"""Plain-text rendering of what one BANG! seat sees (for the terminal and logs)."""
from __future__ import annotations

from .labels import CHARACTER_NAMES, ROLE_NAMES, card_name, equip_name

_STATUS = ("", " (eliminated)", " (ghost)", " (ghost, playing)", " (departed)")
_TARGETS = ("BANG!", "Panic!", "Cat Balou", "Duel", "Jail", "Bottle's BANG!", "Bottle's Panic!", "Pardner's Duel",
            "Pardner's Cat Balou", "Jacky Murieta's shot", "Shot", "Wanted")


def pending(v: dict) -> str:
    """What the decision now is about, from the top frame of the pending-decision stack (data.pxd, FR_*)."""
    f = v["fr_n"] - 1
    kind, a, b, c = v["fr_kind"][f], v["fr_a"][f], v["fr_b"][f], v["fr_c"][f]
    return {2: "a phase-1 choice", 3: "phase 2: play, buy or end", 4: f"the target of {_TARGETS[a % 12]}",
            5: f"which card of seat {a} to {'take' if b else 'discard'}", 6: "how to use the card",
            8: f"seat {b} answers a BANG! effect from seat {a}", 9: f"seat {b} answers Indians! from seat {a}",
            10: f"a Duel between seats {a} and {b}: seat {c} to answer", 11: f"General Store: seat {a} picks",
            12: f"seat {a}'s dying window", 13: "Sid Ketchum's two cards", 14: "which flipped card counts",
            15: "phase 3: discard down to the hand limit"}.get(kind, "")
_LOC_HAND, _LOC_PLAY = 8, 16


def describe_view(info: dict) -> str:
    """The table as ``info["seat"]`` sees it: every seat's character, role if known, life, nuggets, hand size and
    cards in play; its own hand; the discard pile's top; the equipment row."""
    v, seat = info["view"], info["seat"]
    n = v["n_players"]
    lines = [f"BANG!, seat {seat}: turn of seat {v['turn_player']}, "
             + (f"seat {v['current']} to decide: {pending(v)}" if v["current"] >= 0 else "the game is over")]
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
