"""The Way Out West board as plain text, for the terminal and logs (everything is public, so every seat sees it), and
the tables ``deadeye play`` prints after an income step and at the final scoring."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

from .data import (BOX_BUILD, BOX_CATTLE, BOX_COWBOYS, BOX_FARMER, BOX_GUNFIGHT, BOX_MOVE_CATTLE, BOX_MOVE_COWBOYS,
                   BT_COSTS, CORRALS, EV_INCOME, EV_SCORE, JAIL, N_BOXES, N_BT, N_TOWNS, SPACES, TARGET_CATTLE,
                   TARGET_FARMER, box_counts)
from .labels import BOX_NAMES, BT_NAMES, COLOURS, PHASE_NAMES, TOWN_NAMES

BOX_COSTS = {BOX_CATTLE: "$1 each", BOX_COWBOYS: "$1 each", BOX_MOVE_COWBOYS: "free", BOX_MOVE_CATTLE: "free",
             BOX_FARMER: "free", BOX_GUNFIGHT: "free", **{BOX_BUILD + k: f"${c}" for k, c in enumerate(BT_COSTS)}}

PLAY_HELP = """in Way Out West:
  size          a town's B&T counters (buildings and transport); each scores the size at the end, a Bank earns $2 each
  raise above   a bid more than $16 over the high bid is named in steps: raise above, then raise to the amount
  boxes 2/3     two of the three action boxes of that kind are still empty this round (each action takes one)
  retreat       instead of firing, a side with 1 to 4 cowboys may flee, one cowboy to each other town, and lose"""


def _seat(p: int, seat: int | None) -> str:
    return f"seat {p}" + (" (you)" if p == seat else "")


def _pieces(counts: list, n: int) -> str:
    return ", ".join(f"seat {p} x{counts[p]}" for p in range(n) if counts[p]) or "none"


def _target(v: dict) -> str:
    t, target = v["gf_town"], v["gf_target"]
    if target < TARGET_CATTLE:
        return f"seat {v['building'][t][target]}'s {BT_NAMES[target]}"
    if target < TARGET_FARMER:
        k = (target - TARGET_CATTLE) % 2 + 1
        return f"{k} cattle of seat {(target - TARGET_CATTLE) // 2}"
    return "the farmer"


def describe_view(info: InformationSet, you: bool = True) -> str:
    """The board as ``info`` (a seat's information set) shows it: the round and phase, the turn order, each seat's
    money, wanted tokens, income if paid now and supply, each town's buildings with owners (size / spaces), cattle
    (corrals), cowboys and farmer, the Jail that commands the sheriff, the action boxes with their costs, and the
    auction or the gunfight under way.  ``you=False`` leaves out the "(you)" marks (for spectators)."""
    v = info.to_dict()["view"]
    seat = info.seat if you else None
    n, phase = v["n_players"], PHASE_NAMES[v["phase"]]
    income = info._as_state().income()
    head = f"Way Out West, round {v['round']} of 12, {phase}"
    if phase == "action":
        head += f", pass {v['pass_no'] + 1} of 2"
    head += f": {_seat(v['current'], seat)} to decide" if v["current"] >= 0 else ": the game is over"
    lines = [head, "turn order: " + ", ".join(f"{i + 1}. {_seat(v['order'][i], seat)}" for i in range(n))
             + "  (income after rounds 3, 6, 9 and 12)"]
    for p in range(n):
        supply = ", ".join(f"{BT_NAMES[k]} {v['bt_supply'][p][k]}" for k in range(N_BT))
        lines.append(f"  {_seat(p, seat)} {COLOURS[p]}: ${v['money'][p]}, {v['wanted'][p]} wanted, income now "
                     f"${income[p]}; supply: {v['cowboy_supply'][p]} cowboys, {v['cattle_supply'][p]} cattle, "
                     f"farmer {'placed' if v['farmer_placed'][p] else 'in hand'}; {supply}")
    lines.append("towns (size: B&T counters / building spaces; cattle / corrals):")
    for t in range(N_TOWNS):
        owners = v["building"][t]
        built = [f"{BT_NAMES[k]} seat {owners[k]}" + (" (commands the sheriff)" if k == JAIL else "")
                 for k in range(N_BT) if owners[k] >= 0]
        size = len(built)
        cattle = v["cattle"][t]
        lines.append(f"  {t + 1} {TOWN_NAMES[t]:<12} size {size}/{SPACES[t]}: {', '.join(built) or 'no buildings'}"
                     + ("; a farmer" if v["farmer_at"][t] else ""))
        lines.append(f"    {'':12} cattle {sum(cattle[:n])}/{CORRALS[t]}: {_pieces(cattle, n)}; "
                     f"cowboys: {_pieces(v['cowboys'][t], n)}")
    if phase.startswith("auction"):
        bids = ", ".join(f"{_seat(p, seat)} ${v['bid'][p]}" + ("" if v["in_auction"][p] else " (out)")
                         for p in range(n))
        track = ", ".join(f"{i + 1}. seat {v['new_order'][i]}" for i in range(n) if v["new_order"][i] < n)
        lines.append(f"auction: high bid ${v['high_bid']}; bids: {bids}" + (f"; new order so far: {track}" if track
                                                                          else ""))
        if v["bid_extra"]:
            lines.append(f"  the raise being named is above ${v['high_bid'] + v['bid_extra']}")
    else:
        totals = box_counts(n)
        boxes = [f"{BOX_NAMES[b]} {v['boxes_left'][b]}/{totals[b]} {BOX_COSTS[b]}" for b in range(N_BOXES)]
        lines.append("action boxes (empty/all, cost): " + ", ".join(boxes[:4]))
        lines.append("  " + ", ".join(boxes[4:]))
    if phase in ("sheriff", "gunfight", "wanted token"):
        t = v["gf_town"]
        att, dfd = v["gf_attacker"], v["gf_defender"]
        defence = (f"{v['cowboys'][t][dfd]} cowboys of seat {dfd}" if dfd >= 0 else "no cowboys")
        lines.append(f"gunfight in {TOWN_NAMES[t]}: seat {att} attacks {_target(v)}; attack {v['cowboys'][t][att]} "
                     f"cowboys + {v['gf_temps'][0]} others, defense {defence} + {v['gf_temps'][1]} others (guard, "
                     f"farmer, sheriff or default defender)")
    lines.append(f"wanted tokens in the pool: {v['wanted_pool']}; farmers removed from the game: "
                 f"{v['farmers_removed']}")
    return "\n".join(lines)


def public_board(info: InformationSet) -> str | None:
    """What a spectator of an all-bot game sees before each action turn: the board (everything is public)."""
    if PHASE_NAMES[info.to_dict()["view"]["phase"]] != "action":
        return None
    return describe_view(info, you=False)


def _row(name: str, cells: list, width: int = 8) -> str:
    return f"  {name:14s}" + "".join(f"{c:>{width}}" for c in cells)


def round_table(before: InformationSet, events: list, after: InformationSet | None = None) -> list[str]:
    """The income table after rounds 3, 6, 9 and 12 (each seat's income by source, section 5), and after round 12
    the final scoring (points by rule, section 7, town control with its ties, and the tie-breaks), as lines.
    ``events`` are the public events (``state.events()``) since the last table, ``after`` a seat's information
    set just after the action that ended the round (the board the income was worked out from); [] when neither
    happened in them."""
    incomes = {p: value for kind, p, _, value in events if kind == EV_INCOME}
    scores = {p: value for kind, p, _, value in events if kind == EV_SCORE}
    if not incomes or after is None:
        return []
    state = after._as_state()
    n = state.num_players()
    seats = [f"seat {p}" for p in range(n)]
    rnd = next(a for kind, _, a, _ in events if kind == EV_INCOME)
    parts = state.income_parts()
    lines = [f"income after round {rnd}: cattle $2 each ($1 with a farmer, doubled by a Train); a Bank $2 per counter "
             "in its town; a Store $1 per other seat's cattle and $2 per farmer; a Hotel $1 per other seat's cowboy",
             _row("", seats)]
    for name, row in zip(("cattle", "Bank", "Store", "Hotel"), parts):
        lines.append(_row(name, row))
    lines.append(_row("income", [incomes[p] for p in range(n)]))
    lines.append(_row("money now", [f"${m}" for m in state.money()]))
    if not scores:
        return lines
    points = state.score_parts()
    lines += ["final scoring: each B&T counter scores its town's size; cattle 1 (2 with a Train, 1 less with a "
              "farmer); the seat with strictly the most pieces in a town its size; the most money 5 (tied 2 each); "
              "the most wanted tokens 4 (tied 2 each)", _row("", seats)]
    for name, row in zip(("B&T counters", "cattle", "town control", "money", "wanted"), points):
        lines.append(_row(name, row))
    lines.append(_row("points", [scores[p] for p in range(n)]))
    lines.append("town control (pieces: B&T counters plus cattle per seat):")
    for t, (size, pieces, top) in enumerate(state.town_control()):
        best = max(pieces)
        who = (f"seat {top} scores {size}" if top >= 0 else "nobody: no pieces" if best == 0
               else f"nobody: seats {', '.join(str(p) for p in range(n) if pieces[p] == best)} tie with {best}")
        lines.append(f"  {t + 1} {TOWN_NAMES[t]:<12} size {size}: "
                     + ", ".join(f"seat {p} {pieces[p]}" for p in range(n)) + f" -> {who}")
    money, wanted = state.money(), [after.to_dict()["view"]["wanted"][p] for p in range(n)]
    top = max(scores.values())
    tied = [p for p in range(n) if scores[p] == top]
    if len(tied) > 1:
        lines.append(f"tie on {top} points between seats {', '.join(map(str, tied))}: more money wins ("
                     + ", ".join(f"seat {p} ${money[p]}" for p in tied) + "), then more wanted tokens ("
                     + ", ".join(f"seat {p} {wanted[p]}" for p in tied) + ")")
    return lines


_WOW_PHRASES = (
    (re.compile(r"^raise above (\$\d+) \(name the rest next\)$"), r"raise above \1"),
    (re.compile(r"^gunfight in ([\w ]+): (.+)$"), r"start a gunfight in \1 to \2"),
    (re.compile(r"^skip$"), "pass"),
    (re.compile(r"^fire$"), "open fire"),
    (re.compile(r"^take a wanted token from seat (\d+)$"), r"take a wanted token from seat \1"),
)


def narrate(seen: Observation, names: Sequence[str]) -> str:
    """A move in plain words: "seat 2 raises to $9", "you start a gunfight in Abilene to rustle 2 cattle of seat 1;
    the attack rolls 3 dice: 1 hit"."""
    from deadeye.core.narrate import compose
    phrase = seen.label
    for pattern, order in _WOW_PHRASES:
        if phrase and pattern.match(phrase):
            phrase = pattern.sub(order, phrase)
            break
    events: list[str] = []
    for e in seen.events:
        e = (e.replace(": his Bank", ": the Bank").replace("takes space 1", "moves first")
             .replace("takes space ", "takes turn-order space ").replace(" 1 dice:", " 1 die:"))
        head, sep, tail = e.partition(": ")
        if sep and head.startswith(("income after round", "final scoring")) and events \
                and events[-1].startswith(head + ": "):
            events[-1] += f", {tail}"          # one sentence for every seat's income, or score
        else:
            events.append(e)
    return compose(seen, names, phrase, events)


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """A finished game's points by rule (rules 7), a row per seat, for the game-over screen."""
    parts = state.score_parts()
    return {"head": ["B&T counters", "cattle", "town control", "money", "wanted"],
            "rows": [[rule[p] for rule in parts] for p in range(state.num_players())]}


# What each building and action does, in a line (docs/rules/way-out-west.md): the page's tooltips
_BUILDING_HELP = {
    "Stagecoach": "pays its owner $1 at once for each cowboy bought into or moved out of its town",
    "Train": "doubles the income of cattle in its town, where cattle score 2; one extra guard in a gunfight",
    "Bank": "earns $2 per building in its town at income; one extra guard; it can be robbed in a gunfight",
    "Store": "earns $1 per other player's cattle and $2 per farmer in its town at income",
    "Hotel": "earns $1 per other player's cowboy in its town at income",
    "Jail": "its owner may add the sheriff to either side of a gunfight in its town",
}
_ACTION_HELP = {
    "Buy Cattle": "1 or 2 cattle into a town where you have a cowboy; a town after San Antonia needs cattle in the "
                  "town before it",
    "Buy Cowboys": "1 or 2 cowboys, into any towns",
    "Move Cowboys": "any number of your cowboys from one town to another",
    "Move Cattle": "1 or 2 of your cattle to a town where you have a cowboy",
    "Place Farmer": "once a game: cattle in its town earn $1 instead of $2 and score 1 less",
    "Gunfight": "in a town where you have a cowboy, attack a building, 1 or 2 cattle or the farmer: each fighter "
                "rolls a die, 5 or 6 hits",
}


def card_help() -> dict[str, str]:
    """What each building, action box and the farmer do, with their costs (docs/rules/way-out-west.md), by the
    name the page draws: the tooltips."""
    out = {}
    for k, name in enumerate(BT_NAMES):
        out[name] = f"${BT_COSTS[k]} to build; {_BUILDING_HELP[name]}; it scores its town's size at the end"
        out[f"Build {name}"] = f"${BT_COSTS[k]}: {_BUILDING_HELP[name]}"
    for b, name in enumerate(BOX_NAMES):
        if name in _ACTION_HELP:
            out[name] = f"{BOX_COSTS[b]}: {_ACTION_HELP[name]}"
    out["farmer"] = "cattle in its town earn $1 instead of $2 and score 1 less"
    return out


_COSTS = (
    (re.compile(r"^buy (\d) cattle in "), lambda m: f"${m.group(1)}"),
    (re.compile(r"^buy a cowboy for "), lambda m: "$1"),
    (re.compile(r"^buy 2 cowboys for "), lambda m: "$2"),
    (re.compile(r"^build a (\w+) in "), lambda m: f"${BT_COSTS[BT_NAMES.index(m.group(1))]}"),
    (re.compile(r"^(move \d+ (cowboys?|cattle) from|place the farmer in|gunfight in) "), lambda m: "free"),
)
_GROUPS = (
    (re.compile(r"^buy \d cattle "), "Buy Cattle"),
    (re.compile(r"^buy (a|2) cowboys? "), "Buy Cowboys"),
    (re.compile(r"^move \d+ cowboys? "), "Move Cowboys"),
    (re.compile(r"^move \d+ cattle "), "Move Cattle"),
    (re.compile(r"^build a "), "Build"),
    (re.compile(r"^place the farmer "), "Place Farmer"),
    (re.compile(r"^gunfight in "), "Gunfight"),
)


def action_words(label: str, names: Sequence[str], seat: int) -> str:
    """A legal action as its button says it, with what it costs (rules 2: cattle and cowboys $1 each, the buildings
    their price, moves, the farmer and a gunfight free).

    >>> action_words("build a Bank in Abilene", [], 0), action_words("buy 2 cattle in San Antonia", [], 0)
    ('build a Bank in Abilene ($10)', 'buy 2 cattle in San Antonia ($2)')
    """
    for pattern, cost in _COSTS:
        found = pattern.match(label)
        if found:
            return f"{label} ({cost(found)})"
    return label


def action_group(label: str) -> str:
    """The kind of an action (its action box; every Build together), so that the page can list the many actions of
    a turn by kind; "" for the others (skip, the auction, a gunfight's decisions).

    >>> action_group("build a Jail in Deadwood"), action_group("move 2 cattle from Abilene to Deadwood"), action_group("skip")
    ('Build', 'Move Cattle', '')
    """
    for pattern, group in _GROUPS:
        if pattern.match(label):
            return group
    return ""


def view_notes(info: InformationSet) -> dict:
    """What the page shows beside the board: each seat's income if it were paid now (rules 3), as the terminal's
    board says it ("income now")."""
    return {"income": list(info._as_state().income())}


_TOWN = re.compile("|".join(re.escape(name) for name in TOWN_NAMES))


def move_focus(seen: Observation) -> list[str]:
    """What the page lights on the board for a move, from its public label: the seat that moved and every town the
    move names (where it built, placed, moved from and to, fought or retreated)."""
    if seen.actor < 0:
        return []
    towns = dict.fromkeys(_TOWN.findall(seen.public or seen.label or ""))
    return [f"seat:{seen.actor}", *(f"town:{town}" for town in towns)]
