"""Plain-text rendering of what one seat sees (for the terminal and logs)."""
from __future__ import annotations

import re

from deadeye.core.state import InformationSet

from .data import HIDEOUT
from .labels import CARD_NAMES, OUTLAW_NAMES, PHASE_NAMES

PLAY_HELP = """in Wyatt Earp:
  *             after an outlaw on the posters: it is opened this round (from now on one card may be melded)
  mode 1/2/3    the three uses of a Wyatt Earp card: 1 draw two cards, 2 search the discard pile for a card,
                3 shoot to remove a Hideout from your tableau
  CP            capture points: an outlaw card 2, Photo 4, Stagecoach 1, Bank Robbery 2, Fastest Gun 3; 0 under a
                Hideout; an outlaw is paid only with 8 CP in all on the table"""      # deadeye play's help


def _cards(counts) -> str:
    return ", ".join(f"{n} x {CARD_NAMES[t]}" if n > 1 else CARD_NAMES[t]
                     for t, n in enumerate(counts) if n) or "-"


def describe_view(info: InformationSet) -> str:
    """The table as ``info.seat`` sees it: posters, money, tableaus, hand sizes, discard top and own hand."""
    v, seat = info.to_dict()["view"], info.seat
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


def round_table(before, events: list, after=None) -> list[str]:
    """The scoring of a round that just ended, as lines: capture points per outlaw and seat (§10.1, a Hideout's
    group counts 0), the 8-point threshold (§10.2) and who was paid how much.  ``before`` is a seat's information
    set just before the action that ended the round (the tableaus are public), ``events`` the public events
    (``state.events()``) since; [] when no round ended in them."""
    ends = [i for i, e in enumerate(events) if e[0] == "round_end"]
    if not ends:
        return []
    paid = {}
    for kind, seat, outlaw, thousands in events[ends[-1]:]:
        if kind == "pay":
            paid.setdefault(outlaw, []).append((seat, thousands * 1000))
    view = before._as_state()
    v = before.to_dict()["view"]
    n, posters = v["n_players"], view.posters()
    head = f"  {'outlaw':15s}" + "".join(f"{'seat ' + str(p):>8s}" for p in range(n)) + f"{'total':>7s}  paid"
    lines = [f"round {v['round']} scoring: an outlaw is paid only with 8 capture points (CP) or more in all; "
             "H: a Hideout makes its group count 0", head]
    for x, name in enumerate(OUTLAW_NAMES):
        groups = [bool(v["outlaws"][p][x] or v["photo"][p][x]) for p in range(n)]
        if not any(groups):
            continue
        cells, total = [], 0
        for p in range(n):
            cp = view.capture_points(p, x)
            total += cp
            hidden = groups[p] and HIDEOUT in v["attached"][p][x][:v["attached_n"][p][x]]
            cells.append(f"{'0 H' if hidden else cp if groups[p] else '-':>8}")
        if total < 8:
            outcome = f"below 8: the ${posters[x]:,} stay on the poster"
        elif x in paid:
            outcome = ", ".join(f"seat {p} ${amount:,}" for p, amount in paid[x])
            left = posters[x] - sum(amount for _, amount in paid[x])
            outcome += f" (${left:,} stay)" if left else ""
        else:
            outcome = "nobody has a CP to count"
        lines.append(f"  {name + ('*' if v['opened'][x] else ''):15s}" + "".join(cells) + f"{total:>7d}  {outcome}")
    if len(lines) == 2:
        lines.append("  no outlaw on the table: nobody is paid")
    return lines


_ROUND_ENDS = {"E1: last card discarded": "the last card was discarded",
               "E2: a player has no cards": "a player has no cards left",
               "E3: second shortage": "the draw pile ran out a second time"}
_PHRASES = (                                       # a label as an order a person reads, first match wins
    (re.compile(r"^play set: 1 x (.+)$"), r"play one \1"),
    (re.compile(r"^play set: (\d+) x (.+)$"), r"play a set of \1 × \2"),
    (re.compile(r"^plays Wyatt Earp mode 1 and draws two cards$"), "play Wyatt Earp to draw two cards"),
    (re.compile(r"^play Wanted mode 1: (.+), (clockwise|counter-clockwise)$"), r"play Wanted on \1, passing \2"),
    (re.compile(r"^play Wyatt Earp mode \d: (.+)$"), r"play Wyatt Earp to \1"),
    (re.compile(r"^shot with Wanted: take (.+)$"), r"shoot with Wanted to take \1"),
    (re.compile(r"^shot with Wyatt Earp: remove (.+)$"), r"shoot with Wyatt Earp to remove \1"),
    (re.compile(r"^shot with (.+?) on (.+)$"), r"shoot with \1 at \2"),
    (re.compile(r"^search: take (.+)$"), r"search the discard pile and take \1"),
    (re.compile(r"^end play step$"), "end the play step"),
    (re.compile(r"^draw two from the draw pile$"), "draw two cards from the draw pile"),
)


def _phrase(label: str) -> str:
    for pattern, order in _PHRASES:
        if pattern.match(label):
            return pattern.sub(order, label)
    return label


def narrate(seen, names) -> str:
    """A move in plain words: "seat 2 shoots with Hideout at your Bob Dalton; your shot reveals ...", "you draw
    Jesse James and Hideout from the draw pile"."""
    from deadeye.core.narrate import compose
    events = []
    for e in seen.events:
        for code, words in _ROUND_ENDS.items():
            e = e.replace(f" ({code})", f": {words}")
        events.append(re.sub(r"\b(\d) x ", r"\1 × ", e.replace("gives a ", "gives one ")))
    phrase = _phrase(seen.label) if seen.label else None
    drawn = [e for e in events if e.startswith("you draw ")]
    if phrase == "draw two cards from the draw pile" and drawn:       # the own draw: the cards drawn say it
        events = [e + " from the draw pile" if e in drawn else e for e in events]
        phrase = None
    if phrase and phrase.startswith(("draws ", "takes ", "plays ")):
        verb, _, rest = phrase.partition(" ")
        phrase = f"{verb[:-1]} {rest}"
    return compose(seen, names, phrase, events)
