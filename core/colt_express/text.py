"""Plain-text rendering of what one Colt Express seat sees (for the terminal and logs)."""
from __future__ import annotations

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
