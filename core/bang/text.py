"""Plain-text rendering of what one BANG! seat sees (for the terminal and logs)."""
from __future__ import annotations

from deadeye.core.state import InformationSet

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


def describe_view(info: InformationSet) -> str:
    """The table as ``info.seat`` sees it: every seat's character, role if known, life, nuggets, hand size and
    cards in play; its own hand; the discard pile's top; the equipment row."""
    v, seat = info.to_dict()["view"], info.seat
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


def private_sentences(seat: int, seen: list) -> list[str]:
    """The private EV_SEEN events (player, card, from) as the sentences ``seat`` reads: what it drew, took or looked
    at, and which of its cards another seat took; nothing about cards it did not see."""
    looked = [card_name(c) for p, c, src in seen if p == seat and src == -4]
    drawn = [card_name(c) for p, c, src in seen if p == seat and src == -1]
    lines = [f"you look at {', '.join(looked)}"] if looked else []
    if drawn:
        lines.append(f"you get {', '.join(drawn)}")
    for p, c, src in seen:
        if p == seat and src >= 0:
            lines.append(f"you take {card_name(c)} from seat {src}")
        elif src == seat and p != seat:
            lines.append(f"seat {p} takes your {card_name(c)}")
    return lines


_SIDES = ("the Sheriff's side", "the Renegade", "the Outlaws", "the Sheriff's side")
_WINNERS = ("the game stops unfinished", "the Sheriff's side wins", "the Outlaws win", "the Renegade wins")
_FATE = ("alive", "dead", "ghost", "ghost", "departed")


def round_table(before, events: list, after=None) -> list[str]:
    """The game-end table (BANG! has no rounds): each seat's character, role, side and fate, who eliminated whom, and
    the winning side.  ``events`` are the public events (``state.events()``) since the last table; [] until the game
    is over."""
    over = [e for e in events if e[0] == "game_over"]
    if not over or after is None:
        return []
    v = after.to_dict()["view"]
    killer = {p: b for kind, p, a, b in events if kind == "eliminated"}
    lines = [f"game over: {_WINNERS[over[-1][2]]}",
             f"  {'seat':6s}{'character':17s}{'role':10s}{'side':20s}fate"]
    for p in range(v["n_players"]):
        r = v["role"][p]
        side = _SIDES[r] if r < 4 else "?"
        if r == 1 and v["dark_side"]:
            side = "the Sheriff's side" if v["dark_side"] == 1 else "the Outlaws"
        fate = _FATE[v["status"][p]] if v["status"][p] < 5 else "?"
        if p in killer:
            fate += f" (eliminated by seat {killer[p]})" if killer[p] >= 0 else " (eliminated)"
        lines.append(f"  {p:<6d}{CHARACTER_NAMES[v['character'][p]]:17s}{ROLE_NAMES[r] if r < 4 else '?':10s}"
                     f"{side:20s}{fate}")
    return lines
