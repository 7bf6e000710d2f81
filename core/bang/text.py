"""Plain-text rendering of what one BANG! seat sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

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


def round_table(before: InformationSet, events: list, after: InformationSet | None = None) -> list[str]:
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
        role, side, fate = _seat_at_end(v, p)
        if p in killer:
            fate += f" (eliminated by seat {killer[p]})" if killer[p] >= 0 else " (eliminated)"
        lines.append(f"  {p:<6d}{CHARACTER_NAMES[v['character'][p]]:17s}{role:10s}{side:20s}{fate}")
    return lines


def _seat_at_end(v: dict, p: int) -> tuple[str, str, str]:
    """Seat ``p``'s role, side (the Renegade's, once the Dark Renegade has chosen one) and fate in view ``v``."""
    r = v["role"][p]
    side = _SIDES[r] if r < 4 else "?"
    if r == 1 and v["dark_side"]:
        side = "the Sheriff's side" if v["dark_side"] == 1 else "the Outlaws"
    return ROLE_NAMES[r] if r < 4 else "?", side, _FATE[v["status"][p]] if v["status"][p] < 5 else "?"


_ID = re.compile(r" #\d+")
_SLOT = re.compile(r" \(slot \d+\)")
_OF_SEAT = re.compile(r"^(pay to discard )?([\w .'!]+?) of (seat \d+)")
_PICKED = ("seat ", "a random hand card")
_COUNTED = re.compile(r"^(seat \d+) (draws|takes|pays) (\d+) (card|nugget)s?$")
_LISTED = re.compile(r"^(seat \d+ (?:shows|discards|flips)) ([^;]+?)( \(draw!\))?$")
_ORDERS = {"draw! for the Barrel": "flip a card for the Barrel (draw!)",
           "draw! for Jourdonnais": "flip a card for Jourdonnais (draw!)",
           "end the turn's play": "end the turn", "stop and lose a life point": "give up the Duel",
           "take the top of the discard pile": "take the top card of the discard pile"}


def seat_names(state: GameState) -> list[str]:
    """Each seat by its character, face up from the start (rules 2)."""
    view = state.information_set(0).to_dict()["view"]
    return [CHARACTER_NAMES[c] for c in view["character"][:view["n_players"]]]


def card_words(text: str) -> str:
    """Cards and equipment as players name them, without the engine's ids.

    >>> card_words("seat 1 plays BANG! Q♥ #1 on seat 0; Horseshoe #17 comes into the row (slot 0)")
    'seat 1 plays BANG! Q♥ on seat 0; Horseshoe comes into the row'
    """
    return _SLOT.sub("", _ID.sub("", text))


def _order(label: str) -> str:
    """An action label as an order whose first word is its verb."""
    label = card_words(label)
    if label in _ORDERS:
        return _ORDERS[label]
    name, sep, rest = label.partition(": ")
    if sep and name in CHARACTER_NAMES + ("Gold Pan", "Rucksack"):       # an ability: "pay 2 to shoot (Jacky ...)"
        return f"{rest} ({name})"
    if " as " in label and label.split(" as ")[0] in ("Bottle", "Pardner"):
        return f"use the {label}"
    found = _OF_SEAT.match(label)
    if found:                                                              # "Horseshoe of seat 2": seat 2's Horseshoe
        return f"{found.group(1) or 'pick '}{found.group(3)}'s {found.group(2)}{label[found.end():]}"
    return label


def narrate(seen: Observation, names: Sequence[str]) -> str:
    """A move in plain words, said once it is whole: "Black Jack plays BANG! K♦ on you; you lose 1 life"; a card
    chosen before its target (or a target before the card's effects) is told with the move it belongs to."""
    from deadeye.core.narrate import compose
    events = []
    for e in seen.events:
        e = card_words(e)
        drew = re.match(r"^(seat \d+) draws! (.+)$", e)
        if drew:
            e = f"{drew.group(1)} flips {drew.group(2)} (draw!)"
        gone = re.match(r"^(.+) of (seat \d+) goes to the equipment deck$", e)
        if gone:
            e = f"{gone.group(2)}'s {gone.group(1)} goes back to the equipment deck"
        e = e.replace(" plays it on ", " aims it at ")                  # a Bottle or Pardner used as a card
        e = re.sub(r" is eliminated: (\w+), by (seat \d+)$", r" is eliminated by \2: a \1", e)
        e = re.sub(r" is eliminated: (\w+)$", r" is eliminated: a \1", e)
        e = e.replace("comes into the row", "comes into the equipment row").replace(": a Outlaw", ": an Outlaw")
        count = _COUNTED.match(e)
        before = _COUNTED.match(events[-1]) if events else None
        if count and before and before.group(1, 2, 4) == count.group(1, 2, 4):    # the same twice: one sentence
            events[-1] = f"{count.group(1)} {count.group(2)} {int(before.group(3)) + int(count.group(3))} " \
                         f"{count.group(4)}s"
            continue
        events.append(e)
    label = seen.label
    phrase = _order(label) if label else None
    if phrase and label.startswith(_PICKED) and not events:
        return ""                                  # a choice told by the move it completes
    if phrase and label.startswith("play ") and not any(e.startswith(f"seat {seen.actor} plays") for e in events):
        return ""                                  # a card waiting for its target: told once it is played
    if phrase and label.startswith(_PICKED):
        phrase = None                              # the events say what the choice did
    if label == "take the top of the discard pile":
        events = [e + " from the discard pile" if re.match(rf"seat {seen.actor} takes [^,;]+$", e)
                  and "from" not in e else e for e in events]
        phrase = None
    if phrase:                                     # "answer with Missed!" and "discards Missed!": once
        events = [e for e in events if not (e.startswith(f"seat {seen.actor} discards ")
                                            and e[len(f"seat {seen.actor} discards "):] in phrase)]
    return compose(seen, names, phrase, _listed(events))


def _listed(events: list[str]) -> list[str]:
    """A seat's cards shown, discarded or flipped one after another, as one sentence: "seat 1 shows Stagecoach 9♠,
    Stagecoach 9♠ and Beer 6♥" (the deck holds two Stagecoach 9♠, so two sentences could read the same).

    >>> _listed(["seat 1 shows Beer 6♥", "seat 1 shows Stagecoach 9♠", "seat 1 shows Stagecoach 9♠",
    ...          "seat 2 draws 2 cards"])
    ['seat 1 shows Beer 6♥, Stagecoach 9♠ and Stagecoach 9♠', 'seat 2 draws 2 cards']
    >>> _listed(["seat 3 flips Stagecoach 9♠ (draw!)", "seat 3 flips Stagecoach 9♠ (draw!)"])
    ['seat 3 flips Stagecoach 9♠ and Stagecoach 9♠ (draw!)']
    """
    runs: list[tuple[str, str, list[str]]] = []          # (the sentence's start, its end, the cards) or (event, "", [])
    for e in events:
        m = _LISTED.match(e)
        if m and runs and runs[-1][:2] == (m.group(1), m.group(3) or ""):
            runs[-1][2].append(m.group(2))
        else:
            runs.append((m.group(1), m.group(3) or "", [m.group(2)]) if m else (e, "", []))
    return [f"{head} {', '.join(cards[:-1])}{' and ' if cards[:-1] else ''}{cards[-1]}{end}" if cards else head
            for head, end, cards in runs]


def action_words(label: str, names: Sequence[str], seat: int) -> str:
    """A legal action as its button says it: cards without their ids, a seat by its character ("yourself" for the
    seat's own).

    >>> action_words("seat 2", ["A", "B", "Willy the Kid"], 0), action_words("buy Wanted #21 (slot 1)", [], 0)
    ('Willy the Kid (seat 2)', 'buy Wanted')
    """
    def name(m: re.Match) -> str:
        p = int(m.group(1))
        return "yourself" if p == seat else f"{names[p]} (seat {p})" if p < len(names) else m.group(0)
    return re.sub(r"\bseat (\d+)", name, card_words(label))


_DECISIONS = {2: "{cur} chooses how to draw", 3: "{cur} plays cards, buys equipment or ends the turn",
              4: "{cur} picks the target of {target}", 5: "{cur} picks which of {a's} cards to {take}",
              6: "{cur} chooses how to use the card", 8: "{b} answers {a's} BANG! effect",
              9: "{b} answers {a's} Indians!", 10: "{a} and {b} duel: {c} answers",
              11: "{a} picks a card from the General Store", 12: "{a} is dying and may drink a Beer",
              13: "{cur} chooses Sid Ketchum's two cards", 14: "{cur} chooses which flipped card counts",
              15: "{cur} discards down to the hand limit"}


def decision_words(info: InformationSet, names: Sequence[str]) -> str:
    """Who decides what now, in a player's words from the seat's side ("Willy the Kid answers your BANG! effect"),
    from the top frame of the pending-decision stack the seat sees (``pending`` in the engine's words)."""
    from deadeye.core.narrate import capitalise, personal
    v, seat = info.to_dict()["view"], info.seat
    if v["current"] < 0:
        return "The game is over"
    f = v["fr_n"] - 1
    kind, a, b, c = v["fr_kind"][f], v["fr_a"][f], v["fr_b"][f], v["fr_c"][f]
    template = _DECISIONS.get(kind)
    if template is None:
        return ""
    text = template.replace("{a's}", f"seat {a}'s").format(
        cur=f"seat {v['current']}", a=f"seat {a}", b=f"seat {b}", c=f"seat {c}", target=_TARGETS[a % 12],
        take="take" if b else "discard")
    return capitalise(personal(text, seat, names))


# What each card, piece of equipment, character and role does, in a line (docs/rules/bang.md): the page's tooltips
_CARD_HELP = {
    "BANG!": "shoot a player within your weapon's reach: he loses 1 life point unless he answers with a Missed!; "
             "one BANG! a turn",
    "Missed!": "cancels a BANG! aimed at you; played only in answer",
    "Beer": "regain 1 life point (no effect with two players left); at 0 life it can still save you",
    "Saloon": "every living player regains 1 life point",
    "Stagecoach": "draw 2 cards",
    "Wells Fargo": "draw 3 cards",
    "General Store": "one card per living player is turned up: each picks one, you first",
    "Panic!": "take a card from a player at distance 1 (from his hand or in front of him)",
    "Cat Balou": "make any player discard a card (from his hand or in front of him)",
    "Duel": "you and a player discard BANG!s in turn, he first: the first who cannot loses 1 life point",
    "Indians!": "every other player discards a BANG! or loses 1 life point",
    "Gatling": "a BANG! at every other player",
    "Barrel": "blue: when a BANG! effect targets you, \"draw!\": a ♥ counts as a Missed!",
    "Dynamite": "blue: at the start of your turn \"draw!\": 2♠ to 9♠ explodes (you lose 3 life points), otherwise "
                "it passes on",
    "Jail": "blue, on another player (never the Sheriff): \"draw!\" at his turn's start; a ♥ escapes, else he "
            "misses the turn",
    "Mustang": "blue: the others see you at distance +1",
    "Scope": "blue: you see the others at distance −1",
    "Volcanic": "weapon, reach 1: you may play any number of BANG!s a turn",
    "Schofield": "weapon, reach 2",
    "Remington": "weapon, reach 3",
    "Rev. Carabine": "weapon, reach 4",
    "Winchester": "weapon, reach 5",
    "Colt .45": "the weapon of a player without one: reach 1",
}
_EQUIP_HELP = {
    "Shot": "a living player of your choice (you too) regains 1 life point",
    "Bottle": "the effect of a Panic!, a Beer or a BANG!, your choice",
    "Pardner": "the effect of a General Store, a Duel or a Cat Balou, your choice",
    "Rum": "\"draw!\" 4 cards: regain 1 life point per different suit",
    "Union Pacific": "draw 4 cards",
    "Gold Rush": "your turn ends, you regain all your life points and play another turn",
    "Boots": "black: draw a card for each life point you lose (not the last)",
    "Calumet": "black: ♦ cards the others play have no effect on you (not in Duels)",
    "Gold Pan": "black: in your turn pay 1 nugget to draw a card, twice a turn",
    "Gun Belt": "black: your hand limit is 8",
    "Horseshoe": "black: on each \"draw!\" flip one more card and pick the result",
    "Lucky Charm": "black: take a nugget for each life point you lose (not the last)",
    "Pickaxe": "black: draw one more card at the start of your turn",
    "Rucksack": "black: pay 2 nuggets to regain 1 life point, also when losing your last one",
    "Wanted": "black, in front of any player: whoever eliminates him draws 2 cards and takes a nugget",
}
_CHARACTER_HELP = {
    "Bart Cassidy": "draws a card for each life point he loses",
    "Black Jack": "shows his second card drawn: on ♥ or ♦ he draws one more",
    "Calamity Janet": "uses BANG!s as Missed!s and Missed!s as BANG!s",
    "El Gringo": "for each life point another player makes him lose, takes a card at random from that player's hand",
    "Jesse Jones": "may draw his first card at random from another player's hand",
    "Jourdonnais": "a built-in Barrel: when shot at, \"draw!\": a ♥ is a Missed!",
    "Kit Carlson": "looks at the top 3 cards, keeps 2 and puts one back",
    "Lucky Duke": "on each \"draw!\" flips two cards and picks the result",
    "Paul Regret": "the others see him at distance +1",
    "Pedro Ramirez": "may draw his first card from the top of the discard pile",
    "Rose Doolan": "sees the others at distance −1",
    "Sid Ketchum": "may discard 2 cards to regain 1 life point, any number of times",
    "Slab the Killer": "his BANG! cards need two Missed!s to cancel",
    "Suzy Lafayette": "draws a card as soon as her hand is empty",
    "Vulture Sam": "takes the hand and the blue cards of each player eliminated",
    "Willy the Kid": "may play any number of BANG!s a turn",
    "Don Bell": "at the end of his turn \"draw!\": on ♥ or ♦ he plays another turn",
    "Dutch Will": "draws 2, discards 1 of them and takes a nugget",
    "Jacky Murieta": "may pay 2 nuggets to shoot a BANG! at a player in reach, any number of times",
    "Josh McCloud": "may pay 2 nuggets to draw the top equipment card and use it at once",
    "Madam Yto": "draws a card whenever anyone plays a Beer",
    "Pretty Luzena": "buys her first equipment of each turn for 1 nugget less",
    "Raddie Snake": "may pay 1 nugget to draw a card, twice a turn",
    "Simeon Picos": "takes a nugget for each life point he loses",
}
_ROLE_HELP = {
    "Sheriff": "eliminate all the Outlaws and the Renegade",
    "Deputy": "help the Sheriff: wins with him, alive or not",
    "Outlaw": "eliminate the Sheriff: the Outlaws win together, alive or not",
    "Renegade": "be the last one standing (the Sheriff must die last)",
}


def card_help() -> dict[str, str]:
    """What each card kind, equipment, character and role does, by the name the page draws (the tooltips; the same
    words as docs/rules/bang.md).  Static text: it says nothing of any seat's hidden cards or role."""
    from .labels import EQUIP_NAMES, KIND_NAMES, equip_cost_of
    cost = {equip_name(e).split(" #")[0]: equip_cost_of(e) for e in range(24)}
    out = {name: _CARD_HELP[name] for name in (*KIND_NAMES, "Colt .45")}
    out.update({name: f"equipment, {cost[name]} nugget{'s' if cost[name] > 1 else ''}: {_EQUIP_HELP[name]}"
                for name in EQUIP_NAMES})
    out.update({name: _CHARACTER_HELP[name] for name in CHARACTER_NAMES})
    out.update({name: _ROLE_HELP[name] for name in ROLE_NAMES})
    return out


_WON = (None, "the Sheriff's side", "the Outlaws", "the Renegade")      # by the game_over event's winner
_WHY = ("the game stopped unfinished (too many moves)",
        "every Outlaw and the Renegade are out: the Sheriff's side wins",
        "the Sheriff is dead: the Outlaws win",
        "the Renegade is the last one standing: the Renegade wins")


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """The roles, face up at the end (rules: the game is over, every role is shown), each seat's side, fate and who
    eliminated it (from the game's public events, ``log``, where the caller kept them), and which side won and why."""
    v = state.information_set(0).to_dict()["view"]
    n = v["n_players"]
    killer = {e[1]: e[3] for e in (log or ()) if e[0] == "eliminated"}
    rows = []
    for p in range(n):
        role, side, fate = _seat_at_end(v, p)
        if p in killer:
            fate += f" (by {CHARACTER_NAMES[v['character'][killer[p]]]})" if 0 <= killer[p] < n and killer[p] != p else ""
        won = side == _WON[v["winner"]]
        rows.append([CHARACTER_NAMES[v["character"][p]], role, f"{side} (the winning side)" if won else side, fate])
    return {"head": ["character", "role", "side", "at the end"], "rows": rows,
            "note": _WHY[v["winner"]][:1].upper() + _WHY[v["winner"]][1:] + "."}


def move_focus(seen: Observation) -> list[str]:
    """What the page lights on the board for a move, from what the observer saw: the seat that moved, the seat a
    card was played on and the seats that lost or gained life by it."""
    if seen.actor < 0:
        return []
    marks = [f"seat:{seen.actor}"]
    for e in seen.events:
        for found in re.finditer(r" on seat (\d+)|^seat (\d+) (?:loses|gains) \d+ life", e):
            mark = f"seat:{found.group(1) or found.group(2)}"
            if mark not in marks:
                marks.append(mark)
    return marks
