"""Plain-text rendering of what one Colt Express seat sees (for the terminal and logs)."""
from __future__ import annotations

import re

from deadeye.core.state import InformationSet

from .data import BULLET, FACE_DOWN, N_TYPES, PLACE_ASIDE, PLACE_BANDIT, PLACE_BOX, REVEALED, UNKNOWN
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


def round_table(before, events: list, after=None) -> list[str]:
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


def narrate(seen, names) -> str:
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


def score_breakdown(state) -> dict:
    """Each seat's bullets received at the end (the fewest win the Gunslinger bonus and break ties)."""
    return {"head": ["bullets received"], "rows": [[b] for b in state.bullets_received()]}


def action_words(label: str, names, seat: int) -> str:
    """A legal action as its button says it: loot by its kind ("Belle: rob a jewel"), never its number."""
    return loot_words(label)
