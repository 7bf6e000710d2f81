"""Plain-text rendering of what one Colt Express seat sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

from .data import BULLET, FACE_DOWN, GUN, N_TYPES, PLACE_ASIDE, PLACE_BANDIT, PLACE_BOX, REVEALED, UNKNOWN
from .labels import (BANDIT_NAMES, PHASE_NAMES, ROUND_CARD_NAMES, TYPE_NAMES, WAGON_NAMES, car_name,
                     round_card_event, round_card_turns, token_name)

PLAY_HELP = """in Colt Express:
  schemin'      everyone plays cards onto a common pile (face down in a tunnel) or draws three
  stealin'      the pile is resolved in order; your cards then ask you for targets"""      # deadeye play's help


def _token(v: dict, t: int) -> str:
    value = v["tok_value"][t]
    return f"{token_name(t)} (${value})" if value else f"{token_name(t)} ($?)"


def _kind(v: dict, seat: int, k: int) -> str:
    if k == BULLET:
        return "Bullet"
    if v["n_slots"] == 1:
        return TYPE_NAMES[k % N_TYPES]
    return f"{BANDIT_NAMES[v['bandit_of'][seat][k // N_TYPES]]} {TYPE_NAMES[k % N_TYPES]}"


def _cards(v: dict, seat: int, counts) -> str:
    return ", ".join(f"{n} x {_kind(v, seat, k)}" if n > 1 else _kind(v, seat, k)
                     for k, n in enumerate(counts) if n) or "-"


def describe_view(info: InformationSet) -> str:
    """The table as ``info.seat`` sees it: the round card, the train, each bandit, the pile and its own cards."""
    v, seat = info.to_dict()["view"], info.seat
    n, cars = v["n_players"], v["n_cars"]
    lines = []
    if v["round"]:
        card = v["round_card"][v["round"] - 1]
        turns = round_card_turns(card)
        now = f", turn {v['turn'] + 1} ({turns[v['turn']]})" if PHASE_NAMES[v["phase"]] == "scheme" else ""
        lines.append(f"Round {v['round']} of 5, {ROUND_CARD_NAMES[card]}: {', '.join(turns)}; event "
                     f"{round_card_event(card)}; first player seat {v['first']}{now}; "
                     f"{PHASE_NAMES[v['phase']]}, seat {v['decider']} to decide")
    else:
        lines.append(f"Setup: seat {v['decider']} to decide ({PHASE_NAMES[v['phase']]})")
    for c in range(cars):
        name = car_name(c, cars) + ("" if c == 0 else f" [{WAGON_NAMES[v['wagon'][c]]}]")
        for level, where in ((1, "roof"), (0, "inside")):
            who = [BANDIT_NAMES[b] for b in range(6) if v["controller"][b] >= 0 and v["car"][b] == c
                   and v["level"][b] == level]
            if level == 0 and v["marshal_car"] == c:
                who.append("the marshal")
            loot = [_token(v, t) for t in range(32) if v["tok_place"][t] == c * 2 + level]
            if who or loot:
                lines.append(f"  {name}, {where}: {', '.join(who) or 'nobody'}"
                             + (f"; loot {', '.join(loot)}" if loot else ""))
    for b in range(6):
        q = v["controller"][b]
        if q < 0:
            continue
        loot = [_token(v, t) for t in range(32) if v["tok_place"][t] == PLACE_BANDIT + b]
        got = sum(v["received"][b])
        lines.append(f"  {BANDIT_NAMES[b]} (seat {q}{', you' if q == seat else ''}): {v['bullets_left'][b]} bullets "
                     f"left, {got} received; loot {', '.join(loot) or '-'}")
    pile = []
    for i in range(v["pile_n"]):
        b, k, f = v["pile_bandit"][i], v["pile_kind"][i], v["pile_flags"][i]
        text = "?" if k == UNKNOWN else TYPE_NAMES[k % N_TYPES]
        if f & FACE_DOWN and not f & REVEALED:
            text += " (face down)"
        done = " [done]" if i < v["pile_next"] else ""
        pile.append(f"{BANDIT_NAMES[b]} {text}{done}")
    if pile:
        lines.append("  pile, first played first: " + "; ".join(pile))
    lines.append(f"  marshal bullets: {v['neutral_supply']} left, {v['neutral_removed']} removed")
    for q in range(n):
        deck = v["deck_n"][q] + v["deck_top"][q] + sum(v["returned"][q])
        extra = ""
        if v["advanced"]:
            extra = f", discard pile: {_cards(v, q, v['discard'][q])}"
        lines.append(f"  seat {q}{' (you)' if q == seat else ''}: {v['hand_n'][q]} cards in hand, {deck} in the deck"
                     + extra)
    lines.append(f"  your hand: {_cards(v, seat, v['hand'][seat])}")
    lines.append(f"  your deck: {_cards(v, seat, v['deck'][seat])}")
    return "\n".join(lines)


def round_table(before: InformationSet, events: list, after: InformationSet | None = None) -> list[str]:
    """What each bandit went through in the round that just ended, as lines, from the round's public events
    (``state.events()`` since the last table): loot taken and lost, bullets taken from bandits and the marshal,
    punches.  [] when the round has not ended in them (its round event, ``event``, closes every round)."""
    ends = [e for e in events if e[0] == "event"]
    if not ends:
        return []
    rows: dict[int, dict[str, list[str]]] = {}

    def note(bandit: int, column: str, text: str) -> None:
        rows.setdefault(bandit, {"took": [], "lost": [], "hit by": []})[column].append(text)

    for kind, a, b, c in events:
        if kind in ("take", "ransom"):
            note(a, "took", token_name(b))
        elif kind in ("drop", "loses"):
            note(a, "lost", token_name(b))
        elif kind == "hit":
            note(b, "hit by", BANDIT_NAMES[a])
        elif kind in ("shot_by_marshal", "flee") and (b if kind == "shot_by_marshal" else c):
            note(a, "hit by", "the marshal")
    lines = [f"round {ends[-1][2]} summary:", f"  {'bandit':10s} {'took':28s} {'lost':22s} hit by"]
    for bandit in sorted(rows):
        r = rows[bandit]
        took, lost, hit = (", ".join(r[column]) or "-" for column in ("took", "lost", "hit by"))
        lines.append(f"  {BANDIT_NAMES[bandit]:10s} {took:28s} {lost:22s} {hit}")
    if not rows:
        lines.append("  nobody took loot or a bullet")
    return lines


_TOKEN = re.compile(r"\b(ransom purse|purse|jewel|strongbox) #\d+")
_ROUND = re.compile(r"^round (\d+) begins with [A-Z]+\d?-\d+: turns (.+); event (.+); (seat \d+ plays first)$")
_BANDIT_ORDER = re.compile(r"^(\w+): (.+)$")


def loot_words(text: str) -> str:
    """Loot as a person reads it: "a purse", "a jewel", never the token's number.

    >>> loot_words("Belle takes jewel #19; Tuco drops purse #2 inside car 2")
    'Belle takes a jewel; Tuco drops a purse inside car 2'
    """
    return _TOKEN.sub(lambda m: f"a {m.group(1)}", text)


def _bandit_phrase(label: str) -> str:
    """A bandit's order as a sentence: "Belle: rob jewel #19" -> "Belle robs a jewel"."""
    from deadeye.core.narrate import third_person
    found = _BANDIT_ORDER.match(label)
    if not found or found.group(1) not in BANDIT_NAMES:
        return label
    who, order = found.groups()
    if order.startswith("the marshal goes to "):
        return f"{who} sends the marshal to {order[len('the marshal goes to '):]}"
    if order.split(" ", 1)[0] in BANDIT_NAMES:                  # "Belle: Ghost drops purse #2": the punch's loot
        return f"{who} punches: {order}"
    verb, _, rest = order.partition(" ")
    return f"{who} {third_person(verb)} {rest}".rstrip()


def _told(sentence: str, events: list) -> bool:
    """Whether the events tell a bandit's order again (the shot, the loot taken, the marshal's move)."""
    who, _, rest = sentence.partition(" ")
    if rest.startswith("punches: "):
        return any(e.startswith(rest[len("punches: "):].split(" a ")[0]) for e in events)
    return any(e.startswith(f"{who} ") and not rest.startswith(("knocks", "punches")) for e in events)


def narrate(seen: Observation, names: Sequence[str]) -> str:
    """A move in plain words: "Belle robs a jewel", "you play Fire face down", "round 2 begins: turns normal,
    tunnel, normal; no round event; seat 1 plays first"."""
    from deadeye.core.narrate import capitalise, compose
    events = []
    for e in seen.events:
        found = _ROUND.match(e)
        if found:
            rnd, turns, event, first = found.groups()
            e = f"round {rnd} begins: turns {turns}; " + ("no round event" if event == "none"
                                                        else f"round event {event}") + f"; {first}"
        elif e.startswith("end of round ") and e.endswith(": none"):
            e = e[:-len(": none")]
        events.append(e.replace(" (face down)", " (played face down)"))
    drawn = [e for e in events if e.startswith("you draw ")]
    if drawn:                                       # the own draw: the cards drawn say it, not their number too
        events = [e for e in events if not re.match(rf"seat {seen.seat} draws \d+ cards?$", e)]
    label = seen.label
    phrase: str | None = label
    if label and (_BANDIT_ORDER.match(label) or label.endswith("starts in the caboose")):
        sentence = _bandit_phrase(label) if _BANDIT_ORDER.match(label) else f"chooses: {label}"
        phrase = None
        if seen.noticed and label.endswith("starts in the caboose"):
            events.insert(0, f"seat {seen.actor} {sentence}")
        elif seen.noticed and sentence.split(" ", 2)[1:2] == ["sends"]:       # it says who moved the marshal
            events = [sentence] + [e for e in events if not e.startswith("the marshal moves")]
        elif seen.noticed and not _told(sentence, events):
            events.insert(0, sentence)
    elif label == "draw three cards" and (drawn or any(e.startswith(f"seat {seen.actor} draws") for e in events)):
        phrase = None
    elif label and label.startswith("plays a card"):
        phrase = "play a card" + label[len("plays a card"):]
    elif label and label.startswith("keep "):
        phrase = label.replace(" x ", " × ")
    return capitalise(loot_words(compose(seen, names, phrase, events)))


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """Each seat's dollars by rule at the end (rules, after round 5): its loot by kind, the Gunslinger bonus ($1,000
    to each bandit who fired the most bullets, not with 2 players) and the bullets received (the fewest break a
    tie).  Every value is public once the game is over."""
    view = state.information_set(0).to_dict()["view"]
    kinds = ("purse", "jewel", "strongbox", "ransom purse")
    n = state.num_players()
    loot = [[0] * len(kinds) for _ in range(n)]
    fired = [0] * n
    for b in range(6):
        q = view["controller"][b]
        if q < 0:
            continue
        fired[q] += GUN - view["bullets_left"][b]
        for t in state.loot(b):
            loot[q][kinds.index(token_name(t).split(" #")[0])] += state.token_value(t)
    scores = state.game_returns()
    bonus = [scores[q] - sum(loot[q]) for q in range(n)]
    money = lambda x: f"${x:,}"
    return {"head": ["purses", "jewels", "strongboxes", "ransom purses", "bullets fired", "Gunslinger bonus",
                     "bullets received"],
            "rows": [[*(money(x) for x in loot[q]), fired[q], money(bonus[q]), b]
                     for q, b in enumerate(state.bullets_received())],
            "note": ("The Gunslinger bonus: $1,000 to each bandit who fired the most bullets. " if view["n_slots"] == 1
                     else "") + "The richest wins; a tie goes to whoever received fewer bullets."}


def action_words(label: str, names: Sequence[str], seat: int) -> str:
    """A legal action as its button says it: loot by its kind ("Belle: rob a jewel"), never its number."""
    return loot_words(label)


# What each action card, bullet, loot token and bandit does, in a line (docs/rules/colt-express.md): the tooltips
_CARD_HELP = {
    "Move": "inside: to the next car; on the roofs: one to three cars",
    "Floor change": "between the inside and the roof of your car",
    "Fire": "give one of your bullet cards to a bandit in sight (inside: the next car either way; on the roofs: the "
            "first occupied roof either way)",
    "Rob": "take a loot token where you stand",
    "Punch": "a bandit where you stand drops a token of your choice and is thrown to the next car",
    "Marshal": "the marshal moves one car; bandits inside with him flee to the roof and take a neutral bullet",
    "Bullet": "a bullet you were shot with: a dead card that clogs your hand; the fewest received break a tie",
    "purse": "$250 to $500, face down: only its holder knows its value",
    "jewel": "$500, face up",
    "strongbox": "$1,000; it starts in the locomotive with the marshal",
    "ransom purse": "$250, paid by a round event",
    "the marshal": "never shares the inside of a car with a bandit: a bandit there flees to the roof with a bullet",
    "Belle": "cannot be targeted by Fire or Punch when someone else could be",
    "Cheyenne": "keeps a purse she punches out of a hand",
    "Django": "his shot pushes its target one car away",
    "Doc": "holds 7 cards",
    "Ghost": "may play his first card of each round face down",
    "Tuco": "also shoots through the roof of his own car",
}


def card_help() -> dict[str, str]:
    """What each action card, the bullets, each kind of loot, the marshal and each bandit do, by the name the page
    draws (the tooltips; the same words as docs/rules/colt-express.md).  Static text: no loot's value."""
    return dict(_CARD_HELP)


def move_focus(seen: Observation) -> list[str]:
    """What the page lights on the board for a move, from what the observer saw: the bandit that acted and the one
    it hit or punched, the car it went to (or the marshal's), the card it played onto the pile."""
    marks = [f"seat:{seen.actor}"] if seen.actor >= 0 else []
    label = seen.label or ""
    found = _BANDIT_ORDER.match(label)
    if found and found.group(1) in BANDIT_NAMES:
        marks.append(f"bandit:{found.group(1)}")
        marks += [f"bandit:{b}" for b in BANDIT_NAMES if re.search(rf"\b{b}\b", found.group(2))]
        car = re.search(r"\bcar (\d+)|\bthe locomotive\b", found.group(2))
        if car:
            marks.append(f"car:{car.group(1) or 0}")
        if "the marshal" in found.group(2):
            marks.append("marshal")
    elif label.startswith(("play ", "plays ")):
        marks.append("pile:last")
    return marks
