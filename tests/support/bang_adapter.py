"""The bridge between the engine's BANG! and the independent model in tests/support/bang_model.py.

It reads only what the engine documents: the plain state (``to_dict()["state"]``, the fields of
``core/bang/data.pxd``'s ``BangData``) and the action-id table of ``core/bang/ACTIONS.md``. Two things:

- ``model_state(st)``: the engine's state at a phase-2 idle point (top frame ``FR_PLAY`` right above ``FR_TURN``)
  as a model state, the engine's deviation for several discards at once adopted (ascending card id, R3);
- ``sequences(s, d)``: the engine action ids, in order, that make model decision ``d`` (the engine asks a card, then
  a target, then a mode or a hand/blue choice, one id each; Sid Ketchum's two cards and Slab's two Missed! one
  at a time), so a replay can run both in lockstep and compare every legal set.
"""
from __future__ import annotations

from typing import Any

from tests.support import bang_model as m

# data.pxd constants (the documented contract)
A_CARD, A_SEAT, A_EQUIP, A_BUY, A_PASS, A_HAND, A_BARREL, A_JOURDONNAIS, A_MODE = 0, 80, 87, 111, 114, 115, 116, 117, 118
A_SID, A_JACKY, A_JOSH, A_RADDIE, A_GOLD_PAN, A_RUCKSACK, A_DISCARD_TOP = 126, 127, 128, 129, 130, 131, 132
NUM_ACTIONS = 133
MODE_BEER_HEAL, MODE_BEER_SELL, MODE_BOTTLE_PANIC, MODE_BOTTLE_BEER, MODE_BOTTLE_BANG = 0, 1, 2, 3, 4
MODE_PARDNER_STORE, MODE_PARDNER_DUEL, MODE_PARDNER_CAT = 5, 6, 7
FR_TURN, FR_PHASE1, FR_PLAY, FR_TARGET, FR_STEAL, FR_MODE, FR_BANG, FR_INDIANS = 1, 2, 3, 4, 5, 6, 8, 9
FR_DUEL, FR_STORE, FR_DYING, FR_SID, FR_DRAWCHOICE, FR_DISCARD = 10, 11, 12, 13, 14, 15
ROLES = ("Sheriff", "Renegade", "Outlaw", "Deputy")
ST_LIVING, ST_DEAD, ST_GHOST, ST_GHOST_ACTIVE, ST_DEPARTED = range(5)
STATUS = {ST_LIVING: m.ALIVE, ST_DEAD: m.DEAD, ST_GHOST: m.GHOST, ST_GHOST_ACTIVE: m.GHOST, ST_DEPARTED: m.DEPARTED}
SIDES = ("", "deputy", "outlaw")
WIN_SIDES = {1: "sheriff", 2: "outlaws", 3: "renegade"}
LOC_HAND, LOC_PLAY, EQL_ROW, EQL_PLAY = 8, 16, 1, 16


def frames(st: dict) -> list[tuple[int, int, int, int, int, int]]:
    """The engine's pending-decision stack, bottom first: (kind, a, b, c, d, e)."""
    n = st["fr_n"]
    return list(zip(st["fr_kind"][:n], st["fr_a"][:n], st["fr_b"][:n], st["fr_c"][:n], st["fr_d"][:n],
                    st["fr_e"][:n]))


def top_frame(st: dict) -> int:
    return st["fr_kind"][st["fr_n"] - 1] if st["fr_n"] else 0


def at_phase2(st: dict) -> bool:
    """A sync point: the active player picks a phase-2 action, nothing else is resolving."""
    return not st["over"] and [f[0] for f in frames(st)] == [FR_TURN, FR_PLAY] and st["transit_n"] == 0


def hands(st: dict) -> list[list[int]]:
    n = st["n_players"]
    return [sorted(c for c in range(80) if st["loc"][c] == LOC_HAND + p) for p in range(n)]


def model_state(st: dict) -> m.State:
    """The engine's state at a phase-2 sync point as a model state."""
    if not at_phase2(st):
        raise ValueError("model_state converts a phase-2 idle point only")
    n = st["n_players"]
    status = [STATUS[x] for x in st["status"][:n]]
    eq_n, eq_up = st["eq_n"], st["eq_up"]
    bottom_first = st["eq_deck"][:eq_n]
    s = m.State(n=n, roles=[ROLES[r] for r in st["role"][:n]], chars=[m.CHARACTERS[c] for c in st["character"][:n]],
                max_life=list(st["max_life"][:n]), life=list(st["life"][:n]), hands=hands(st),
                inplay=[sorted(c for c in range(80) if st["loc"][c] == LOC_PLAY + p) for p in range(n)],
                equip=[sorted(e for e in range(24) if st["eq_loc"][e] == EQL_PLAY + p) for p in range(n)],
                deck=list(reversed(st["deck"][:st["deck_n"]])), discard=list(st["discard"][:st["discard_n"]]),
                eq_deck=[(e, i < eq_up) for i, e in reversed(list(enumerate(bottom_first)))],
                eq_row=[int(x) for x in st["eq_row"][:3]], nuggets=list(st["nuggets"][:n]), status=status,
                revealed=[bool(x) for x in st["revealed"][:n]], dark_side=SIDES[st["dark_side"]],
                gold_rush=bool(st["gold_rush"]), ghosts=bool(st["ghosts"]), active=st["turn_player"],
                ghost_turn=st["status"][st["turn_player"]] == ST_GHOST_ACTIVE, turn_is_extra=st["turn_kind"] == 1,
                extra_turns=st["extra_turns"], bangs=st["bangs"], gold_pan_used=st["gold_pan_used"],
                raddie_used=st["raddie_used"], luzena_used=bool(st["luzena_used"]), ascending_discards=True,
                gained=st["nuggets_in"], spent=st["nuggets_out"] + st["parked"], moves=st["moves"])
    s.stack = [{"k": "turn", "step": "phase2", "skipped": False, "gold_rush": False}]
    return s


def comparable(s: m.State) -> dict[str, Any]:
    """What must agree between the model's prediction and the engine at a sync point."""
    life = [x if s.status[p] == m.ALIVE else None for p, x in enumerate(s.life)]  # the rules give the dead none
    return {"active": s.active, "ghost_turn": s.ghost_turn, "life": life, "max_life": s.max_life,
            "status": s.status, "revealed": s.revealed, "dark_side": s.dark_side, "nuggets": s.nuggets,
            "hands": [sorted(h) for h in s.hands], "inplay": [sorted(x) for x in s.inplay],
            "equip": [sorted(x) for x in s.equip], "deck": s.deck, "discard": s.discard, "eq_row": s.eq_row,
            "eq_face_down": [e for e, up in s.eq_deck if not up], "eq_face_up": sorted(e for e, up in s.eq_deck if up),
            "bangs": s.bangs, "extra_turns": s.extra_turns, "turn_is_extra": s.turn_is_extra,
            "gold_pan_used": s.gold_pan_used, "raddie_used": s.raddie_used, "luzena_used": s.luzena_used,
            "nuggets_in": s.gained, "nuggets_out": s.spent + s.returned}


def _mode_ids(s: m.State, e: int, mode: tuple) -> list[int]:
    nm = m.eq_name(e)
    if nm in ("Shot", "Wanted"):
        return [A_SEAT + mode[0]]
    if nm == "Bottle":
        if mode[0] == "panic":
            return [A_MODE + MODE_BOTTLE_PANIC, A_SEAT + mode[1], _steal_id(mode[2])]
        return [A_MODE + MODE_BOTTLE_BEER] if mode[0] == "beer" else [A_MODE + MODE_BOTTLE_BANG, A_SEAT + mode[1]]
    if nm == "Pardner":
        if mode[0] == "store":
            return [A_MODE + MODE_PARDNER_STORE]
        if mode[0] == "duel":
            return [A_MODE + MODE_PARDNER_DUEL, A_SEAT + mode[1]]
        return [A_MODE + MODE_PARDNER_CAT, A_SEAT + mode[1], _steal_id(mode[2])]
    return []


def _steal_id(what: Any) -> int:
    return A_HAND if what == "hand" else A_CARD + what


def _josh_card(s: m.State) -> int:
    return next(f["e"] for f in reversed(s.stack) if f["k"] == "josh")


def sequences(s: m.State, d: tuple) -> list[list[int]]:
    """Every engine action sequence that makes model decision d in model state s."""
    v = d[0]
    if v in ("end_phase", "draw_normal", "take_hit", "stop"):
        return [[A_PASS]]
    if v == "bang":
        return [[A_CARD + d[1], A_SEAT + d[2]]]
    if v == "play":
        c = d[1]
        if len(d) == 2:
            beer = m.card_name(c) == "Beer" and s.gold_rush  # a Beer in phase 2 asks heal or sell (FR_MODE)
            return [[A_CARD + c, A_MODE + MODE_BEER_HEAL]] if beer else [[A_CARD + c]]
        if len(d) == 3:
            return [[A_CARD + c, A_SEAT + d[2]]]
        return [[A_CARD + c, A_SEAT + d[2], _steal_id(d[3])]]
    if v == "sell":
        return [[A_CARD + d[1], A_MODE + MODE_BEER_SELL]]
    if v == "buy":
        return [[A_BUY + d[1]] + _mode_ids(s, s.eq_row[d[1]], d[2:])]
    if v == "josh_use":
        return [_mode_ids(s, _josh_card(s), d[1:])]
    if v == "force":
        return [[A_EQUIP + d[2]]]
    if v == "sid":  # the engine asks the two cards one at a time (both orders are model decisions: R3)
        return [[A_SID, A_CARD + d[1], A_CARD + d[2]]]
    if v == "missed":  # (both orders are model decisions: R3)
        return [[A_CARD + c for c in d[1]]]
    single = {"jacky": A_JACKY, "josh": A_JOSH, "raddie": A_RADDIE, "gold_pan": A_GOLD_PAN, "rucksack": A_RUCKSACK,
              "barrel": A_BARREL, "jourdonnais": A_JOURDONNAIS, "draw_from_discard": A_DISCARD_TOP}
    if v == "jacky":
        return [[A_JACKY, A_SEAT + d[1]]]
    if v in single:
        return [[single[v]]]
    if v == "draw_from_hand":
        return [[A_SEAT + d[1]]]
    if v in ("kit_return", "dutch_discard", "result", "discard_bang", "pick", "beer", "discard"):
        return [[A_CARD + d[1]]]
    raise ValueError(f"no engine form for {d!r}")


def engine_frame(s: m.State) -> int:
    """The engine frame kind that corresponds to the model's pending decision."""
    f = s.stack[-1]
    k = f["k"]
    if k == "turn":
        return {"phase2": FR_PLAY, "phase3": FR_DISCARD}.get(f["step"], FR_PHASE1)
    return {"check": FR_DRAWCHOICE, "bang": FR_BANG, "multi": FR_INDIANS, "duel": FR_DUEL, "store": FR_STORE,
            "dying": FR_DYING, "josh": FR_MODE}[k]


def next_ids(s: m.State, prefix: list[int]) -> dict[int, list[tuple]]:
    """The engine ids the model allows after the ids of prefix, each with the model decisions it may lead to."""
    out: dict[int, list[tuple]] = {}
    for d in m.legal_decisions(s):
        for seq in sequences(s, d):
            if seq[:len(prefix)] == prefix and len(seq) > len(prefix):
                out.setdefault(seq[len(prefix)], []).append(d)
    return out


def completed(s: m.State, ids: list[int]) -> tuple | None:
    """The model decision that ids make, once they make exactly one."""
    done = [d for d in m.legal_decisions(s) if ids in sequences(s, d)]
    return done[0] if len(done) == 1 else None


def engine_dict(s: m.State, prefix: list[int] = ()) -> dict[str, Any]:
    """The inverse of model_state: a model table in the engine's plain form (the fields the replay reads), with the
    frame stack reduced to the turn and the kind of the pending decision. Lets the replay run against the model
    itself (tests/test_bang_reference.py), so its own machinery is tested before the engine exists."""
    n = s.n
    loc = [0] * 80
    for c in s.discard:
        loc[c] = 1
    for c in s.transit:
        loc[c] = 2
    for p in range(n):
        for c in s.hands[p]:
            loc[c] = LOC_HAND + p
        for c in s.inplay[p]:
            loc[c] = LOC_PLAY + p
    eq_loc = [0] * 24
    for e in s.eq_row:
        if e >= 0:
            eq_loc[e] = EQL_ROW
    for p in range(n):
        for e in s.equip[p]:
            eq_loc[e] = EQL_PLAY + p
    bottom_first = list(reversed(s.eq_deck))
    status = [next(k for k, v in STATUS.items() if v == x) for x in s.status]
    if s.ghost_turn and s.status[s.active] == m.GHOST:
        status[s.active] = ST_GHOST_ACTIVE
    kinds = [FR_TURN] + ([] if m.over(s) else [engine_frame(s)] + ([FR_TARGET] if prefix else []))
    side = {v: k for k, v in WIN_SIDES.items()}
    return {"n_players": n, "gold_rush": int(s.gold_rush), "ghosts": int(s.ghosts), "over": int(m.over(s)),
            "winner": side.get(s.winning_side, 0), "current": m.to_move(s), "turn_player": s.active,
            "sheriff": s.roles.index("Sheriff"), "moves": s.moves, "role": [ROLES.index(r) for r in s.roles],
            "revealed": [int(x) for x in s.revealed], "dark_side": SIDES.index(s.dark_side),
            "character": [m.CHARACTERS.index(c) for c in s.chars], "life": list(s.life), "max_life": list(s.max_life),
            "status": status, "nuggets": list(s.nuggets), "nuggets_in": s.gained, "nuggets_out": s.spent + s.returned,
            "parked": 0, "loc": loc, "hand_n": [len(h) for h in s.hands], "deck": list(reversed(s.deck)),
            "deck_n": len(s.deck), "discard": list(s.discard), "discard_n": len(s.discard), "transit": list(s.transit),
            "transit_n": len(s.transit), "eq_loc": eq_loc, "eq_deck": [e for e, _ in bottom_first],
            "eq_n": len(bottom_first), "eq_up": sum(1 for _, up in bottom_first if up), "eq_row": list(s.eq_row),
            "bangs": s.bangs, "gold_pan_used": s.gold_pan_used, "raddie_used": s.raddie_used,
            "luzena_used": int(s.luzena_used), "extra_turns": s.extra_turns, "turn_kind": int(s.turn_is_extra),
            "fr_n": len(kinds), "fr_kind": kinds, "fr_a": [0] * len(kinds), "fr_b": [0] * len(kinds),
            "fr_c": [0] * len(kinds), "fr_d": [0] * len(kinds), "fr_e": [0] * len(kinds)}


class ModelEngine:
    """The model behind the engine's interface (ids in, plain state out): a stand-in to test the replay with."""

    def __init__(self, players: int, seed: int, gold_rush: bool = True, ghosts: bool = False) -> None:
        self.s = m.new_game(players, seed, gold_rush, ghosts)
        self.s.ascending_discards = True
        self.prefix: list[int] = []

    def to_dict(self) -> dict[str, Any]:
        return {"game": "bang", "state": engine_dict(self.s, self.prefix)}

    def legal_actions(self) -> list[int]:
        return sorted(next_ids(self.s, self.prefix))

    def current_player(self) -> int:
        return m.to_move(self.s)

    def is_terminal(self) -> bool:
        return m.over(self.s) or self.s.moves >= 5000

    def apply_action(self, a: int) -> None:
        if a not in next_ids(self.s, self.prefix):
            raise ValueError(a)
        self.prefix.append(a)
        d = completed(self.s, self.prefix)
        if d is not None:
            self.prefix = []
            m.apply(self.s, d)

    def returns(self) -> list[float]:
        won = self.s.winners or []
        return [1.0 if p in won else 0.0 for p in range(self.s.n)]
