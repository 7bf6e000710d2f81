"""Plain-text rendering of what one seat sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

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


def round_table(before: InformationSet, events: list, after: InformationSet | None = None) -> list[str]:
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


def narrate(seen: Observation, names: Sequence[str]) -> str:
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


# What each card does, in a line (docs/rules/wyatt-earp.md, "The cards" and "Sheriff cards"): the page's tooltips
_SHERIFF_HELP = {
    "Stagecoach Robbery": "sheriff card, a shot: on a hit it goes onto one of your groups: 1 CP, +$3000",
    "Bank Robbery": "sheriff card, a shot: on a hit it goes onto one of your groups: 2 CP, +$1000",
    "Fastest Gun": "sheriff card, a shot: on a hit it goes onto one of your groups (not the one holding it now): "
                   "3 CP, +$1000; the previous Fastest Gun is discarded",
    "Wanted": "sheriff card: mode 1, ask the players in turn for an outlaw (the first who holds one gives you one); "
              "mode 2, a shot: on a hit take an outlaw card from another player's tableau",
    "Hideout": "sheriff card, a shot: on a hit it goes onto another player's group, which counts 0 CP until it is "
               "removed (its owner may answer with a Wyatt Earp)",
    "Wyatt Earp": "sheriff card: mode 1 draw two cards; mode 2 search the discard pile for any card but a Wyatt Earp; "
                  "mode 3 a shot that removes a Hideout from your tableau",
}


def card_help() -> dict[str, str]:
    """What each card does, by the name the page draws (the tooltips; the same words as docs/rules/wyatt-earp.md).
    Static text: it says nothing of anyone's hand."""
    out = {}
    for name in OUTLAW_NAMES:
        out[name] = (f"outlaw card: 3 cards at once open {name} (then anyone adds one at a time); 2 CP each; "
                     "opening with n cards adds $(n − 1)000 to the poster, each later card $1000")
        out[f"Photo {name}"] = (f"sheriff card, only once {name} is opened: lies in your group for {name}, 4 CP, "
                                f"+$1000; if someone else opens {name} you may play it at once, out of turn")
    out.update(_SHERIFF_HELP)
    assert set(out) == set(CARD_NAMES)
    return out


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """Each seat's money at the end by the round it was paid in (the game's public events since its start, ``log``,
    where the caller kept them; "earlier" holds what was paid before them, all of it without them), and how the
    winner was found: the most money, a tie settled by a duel."""
    v = state.information_set(0).to_dict()["view"]
    n, money = v["n_players"], state.money()
    log = list(log or ())
    ends = sum(e[0] == "round_end" for e in log)
    first = v["round"] - ends + 1                   # the round the first logged round end closed
    paid: dict[int, list[int]] = {}
    rnd = first
    for e in log:
        if e[0] == "round_end":
            paid.setdefault(rnd, [0] * n)
            rnd += 1
        elif e[0] == "pay":
            paid.setdefault(rnd - 1, [0] * n)[e[1]] += e[3] * 1000
    rounds = sorted(paid)
    earlier = [money[p] - sum(paid[r][p] for r in rounds) for p in range(n)]
    head = (["earlier"] if any(earlier) or not rounds else []) + [f"round {r}" for r in rounds]
    rows = [([f"${earlier[p]:,}"] if head and head[0] == "earlier" else [])
            + [f"${paid[r][p]:,}" for r in rounds] for p in range(n)]
    duel = [e for e in log if e[0] == "duel_card"]
    top = max(money)
    note = (f"The game ends once someone has $25,000 after a round; the richest wins. "
            + (f"A tie at ${top:,} was settled by a duel (each turns up cards: one without a bullet hole is out)."
               if duel or money.count(top) > 1 else ""))
    return {"head": head, "rows": rows, "note": note.strip()}


def _mark(name: str) -> str:
    return name.replace(" ", "_")


def move_focus(seen: Observation) -> list[str]:
    """What the page lights on the board for a move, from what the observer saw: the seat, the group an outlaw card,
    a Photo or a shot went to, the pile a card came from or went to."""
    if seen.actor < 0:
        return []
    marks, label = [f"seat:{seen.actor}"], seen.label or ""
    found = (re.match(r"^play set: \d+ x (.+)$", label) or re.match(r"^play Photo (.+)$", label)
             or re.match(r"^shot with .+? on (.+)$", label))
    if found:
        target = re.match(r"^seat (\d+)'s (.+)$", found.group(1))
        seat, outlaw = (int(target.group(1)), target.group(2)) if target else (seen.actor, found.group(1))
        if outlaw in OUTLAW_NAMES:
            marks.append(f"group:{seat}:{_mark(outlaw)}")
    if label.startswith(("discard ", "take ")) or "from the discard pile" in label:
        marks.append("pile:discard")
    elif label.startswith("draw two"):
        marks.append("pile:draw")
    return marks
