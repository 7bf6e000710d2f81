"""An independent plain-Python model of Way Out West's income, gunfights and final scoring.

Written from ../shared/rules/way-out-west.md alone (sections 5, 6, 7 and Appendix A), by a reviewer who has not read
the engine's rules code: it reads only the documented plain form of a state (``to_dict()["state"]``, fields as in
``core/way_out_west/data.pxd``) and the documented action ids. The dice are chance, so the gunfight model takes the
hit counts of each volley (and the 3d6 robbery sum) from the engine's public events and predicts everything the rules
make deterministic given those dice: who fires, with how many dice, who may retreat and where, casualties, the winner,
what he gains and the wanted token.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

N_TOWNS = 5
SPACES = (3, 4, 4, 5, 6)  # 1.1
CORRALS = (4, 5, 5, 6, 7)
STAGECOACH, TRAIN, BANK, STORE, HOTEL, JAIL = range(6)
CAPTURABLE = (STAGECOACH, TRAIN, STORE, HOTEL)  # 6.1 (a)
TARGET_CATTLE, TARGET_FARMER = 6, 16
A_GUNFIGHT, A_SHERIFF_OUT, A_SHERIFF_IN, A_FIRE, A_RETREAT, A_TAKE_WANTED = 341, 449, 450, 451, 452, 484
ATTACK, DEFENSE = 0, 1
EV_SHERIFF, EV_DEFAULT_DEFENDER, EV_VOLLEY, EV_ROBBERY, EV_INCOME, EV_SCORE = 5, 6, 7, 12, 17, 18

State = dict[str, Any]
Event = tuple[int, int, int, int]  # kind, player, a, value


class ModelMismatch(AssertionError):
    """The engine did something the rules (as this model reads them) do not allow."""


def events(st: State) -> list[Event]:
    """The public events of the last action, as (kind, player, a, value)."""
    n = st["n_events"]
    return list(zip(st["ev_kind"][:n], st["ev_player"][:n], st["ev_a"][:n], st["ev_value"][:n]))


def town_size(st: State, t: int) -> int:
    """B&T counters in town t, all owners together (the Terms table)."""
    return sum(1 for owner in st["building"][t] if owner >= 0)


# --- 5. income ---------------------------------------------------------------------------------------------------


def income(st: State) -> list[int]:
    """Each seat's income in an income step, worked out from the board (5.1-5.6)."""
    n = st["n_players"]
    pay = [0] * n
    for t in range(N_TOWNS):
        farmer = st["farmer_at"][t] == 1
        train = st["building"][t][TRAIN] >= 0
        per_cattle = (1 if farmer else 2) * (2 if train else 1)
        for p in range(n):
            pay[p] += per_cattle * st["cattle"][t][p]
        bank = st["building"][t][BANK]
        if bank >= 0:
            pay[bank] += 2 * town_size(st, t)
        store = st["building"][t][STORE]
        if store >= 0:
            pay[store] += sum(st["cattle"][t][p] for p in range(n) if p != store) + (2 if farmer else 0)
        hotel = st["building"][t][HOTEL]
        if hotel >= 0:
            pay[hotel] += sum(st["cowboys"][t][p] for p in range(n) if p != hotel)
    return pay


# --- 7. final scoring --------------------------------------------------------------------------------------------


def final_scores(st: State) -> list[int]:
    """Each seat's points at the end (7.1-7.5)."""
    n = st["n_players"]
    pts = [0] * n
    for t in range(N_TOWNS):
        size = town_size(st, t)
        farmer = st["farmer_at"][t] == 1
        train = st["building"][t][TRAIN] >= 0
        per_cattle = (2 if train else 1) - (1 if farmer else 0)
        pieces = [0] * n
        for owner in st["building"][t]:
            if owner >= 0:
                pts[owner] += size
                pieces[owner] += 1
        for p in range(n):
            pts[p] += per_cattle * st["cattle"][t][p]
            pieces[p] += st["cattle"][t][p]
        top = max(pieces)
        if top >= 1 and pieces.count(top) == 1:
            pts[pieces.index(top)] += size
    money = st["money"][:n]
    richest = [p for p in range(n) if money[p] == max(money)]
    for p in richest:
        pts[p] += 5 if len(richest) == 1 else 2
    wanted = st["wanted"][:n]
    if max(wanted) >= 1:
        most = [p for p in range(n) if wanted[p] == max(wanted)]
        for p in most:
            pts[p] += 4 if len(most) == 1 else 2
    return pts


def winners(st: State) -> set[int]:
    """The seats that win (7, Winner): most points, then most money, then most wanted tokens; the rest share."""
    n = st["n_players"]
    pts = final_scores(st)
    key = [(pts[p], st["money"][p], st["wanted"][p]) for p in range(n)]
    best = max(key)
    return {p for p in range(n) if key[p] == best}


# --- 6.1 declaring a gunfight ------------------------------------------------------------------------------------


def gunfight_id(t: int, target: int) -> int:
    return A_GUNFIGHT + t * 17 + target


def legal_gunfights(st: State, seat: int) -> set[int]:
    """The gunfight declarations the rules allow seat in the action phase (3.2, 6.1)."""
    if st["boxes_left"][11] == 0:
        return set()
    n = st["n_players"]
    out = set()
    for t in range(N_TOWNS):
        if st["cowboys"][t][seat] == 0:
            continue
        owned = sum(1 for owner in st["building"][t] if owner == seat)
        for kind in range(6):
            owner = st["building"][t][kind]
            if owner < 0 or owner == seat:
                continue
            if kind in CAPTURABLE and (st["bt_supply"][seat][kind] == 0 or owned > 1):
                continue
            out.add(gunfight_id(t, kind))
        for q in range(n):
            if q == seat:
                continue
            for k in (1, 2):
                if st["cattle"][t][q] >= k and st["cattle_supply"][seat] >= k:
                    out.add(gunfight_id(t, TARGET_CATTLE + q * 2 + k - 1))
        if st["farmer_at"][t]:
            out.add(gunfight_id(t, TARGET_FARMER))
    return out


# --- 6.2-6.9 the gunfight ----------------------------------------------------------------------------------------


@dataclass
class Side:
    player: int  # -1: no deciding player (the farmer's side)
    cowboys: int
    temps: int = 0

    @property
    def total(self) -> int:
        return self.cowboys + self.temps

    def take(self, hits: int) -> None:
        """Casualties, temporary fighters first (6.5)."""
        t = min(hits, self.temps)
        self.temps -= t
        self.cowboys -= min(hits - t, self.cowboys)

    def can_retreat(self) -> bool:
        return self.player >= 0 and 1 <= self.cowboys <= 4


@dataclass
class Gunfight:
    """One gunfight from its declaration to its end, driven by the players' choices and the engine's dice."""

    before: State  # the state at the declaration
    town: int
    target: int
    attacker: int
    defender: int
    jail_owner: int
    sides: list[Side] = field(default_factory=list)
    waiting: str = "sheriff"  # "sheriff", "fire", "wanted" or "done"
    decider: int = -1
    moments: list[int] = field(default_factory=list)  # sides still to act in this round of fire
    simultaneous: bool = False
    winner: int = -2  # ATTACK, DEFENSE, -1 no winner
    retreat_mask: int = 0
    retreat_side: int = -1
    robbery: int = 0
    wanted_from: int = -2  # -1 the pool, a seat, -3 nobody

    @classmethod
    def declare(cls, st: State, action: int) -> "Gunfight":
        rel = action - A_GUNFIGHT
        t, target = divmod(rel, 17)
        seat = st["current"]
        if target < 6:
            defender = st["building"][t][target]
        elif target < TARGET_FARMER:
            defender = (target - TARGET_CATTLE) // 2
        else:
            defender = -1
        g = cls(copy.deepcopy(st), t, target, seat, defender, st["building"][t][JAIL])
        g.sides = [Side(seat, st["cowboys"][t][seat]),
                   Side(defender, st["cowboys"][t][defender] if defender >= 0 else 0,
                        (1 if target in (BANK, TRAIN) else 0) + (1 if target == TARGET_FARMER else 0))]
        if g.jail_owner < 0:
            g.waiting = "start"
        else:
            g.decider = g.jail_owner
        return g

    def begin(self, evs: list[Event]) -> None:
        """Run the declaration on: with no Jail in the town, shooting starts at once."""
        if self.waiting == "start":
            self.choose(-1, evs)

    # the players' choices the rules offer now
    def legal(self) -> set[int]:
        if self.waiting == "sheriff":
            return {A_SHERIFF_OUT, A_SHERIFF_IN}
        if self.waiting == "fire":
            side = self.sides[self.moments[0]]
            masks = {m for m in range(32) if not m >> self.town & 1 and bin(m).count("1") == side.cowboys}
            return {A_FIRE} | {A_RETREAT + m for m in masks}
        if self.waiting == "wanted":
            w = self.winner_seat()
            return {A_TAKE_WANTED + q for q in range(self.before["n_players"]) if q != w and self.wanted[q] > 0}
        return set()

    def winner_seat(self) -> int:
        return self.sides[self.winner].player if self.winner >= 0 else -1

    def choose(self, action: int, evs: list[Event]) -> None:
        """Apply one choice of the deciding player (or the declaration itself) and run on with the engine's dice."""
        vol = [e for e in evs if e[0] == EV_VOLLEY]
        if self.waiting == "start":
            pass
        elif self.waiting == "sheriff":
            if action == A_SHERIFF_IN:
                self.sides[ATTACK if self.jail_owner == self.attacker else DEFENSE].temps += 1
        elif self.waiting == "fire":
            side = self.moments[0]
            if action != A_FIRE:
                self.retreat_mask, self.retreat_side = action - A_RETREAT, side
                self.winner = 1 - side
                self._finish(evs)
                return
            if self.simultaneous:
                self.moments.pop(0)
            else:
                self._volley(side, vol)
                self.moments.pop(0)
        elif self.waiting == "wanted":
            self.wanted_from = action - A_TAKE_WANTED
            self.wanted[self.wanted_from] -= 1
            self.wanted[self.winner_seat()] += 1
            self.waiting = "done"
            return
        if self.waiting in ("start", "sheriff"):
            if self.sides[DEFENSE].total == 0:
                self.sides[DEFENSE].temps = 1  # 6.2 step 5
                self.default_defender = True
            self.waiting = "fire"
        self._run(vol, evs)

    default_defender: bool = False

    def _volley(self, side: int, vol: list[Event]) -> None:
        if not vol:
            raise ModelMismatch(f"side {side} must fire now, but the engine reports no volley")
        kind, dice, who, hits = vol.pop(0)
        if who != side or dice != self.sides[side].total or not 0 <= hits <= dice:
            raise ModelMismatch(f"expected side {side} to roll {self.sides[side].total} dice, engine: side {who} "
                                f"rolled {dice} for {hits} hits")
        self.sides[1 - side].take(hits)
        if self.sides[1 - side].total == 0:
            self.winner = side

    def _run(self, vol: list[Event], evs: list[Event]) -> None:
        """Rounds of fire until a side's player must choose or the gunfight ends (6.4)."""
        a, d = self.sides
        while True:
            if self.winner != -2:
                self._finish(evs)
                return
            if not self.moments:
                if self.simultaneous:  # both fired at the same time
                    if len(vol) < 2:
                        raise ModelMismatch("simultaneous fire needs two volleys in the events")
                    first, second = vol.pop(0), vol.pop(0)
                    by_side = {first[2]: first, second[2]: second}
                    if set(by_side) != {ATTACK, DEFENSE}:
                        raise ModelMismatch(f"simultaneous fire reported for sides {sorted(by_side)}")
                    for s in (ATTACK, DEFENSE):
                        if by_side[s][1] != self.sides[s].total:
                            raise ModelMismatch(f"simultaneous: side {s} should roll {self.sides[s].total} dice")
                    a.take(by_side[DEFENSE][3])
                    d.take(by_side[ATTACK][3])
                    self.simultaneous = False
                    if a.total == 0 and d.total == 0:
                        self.winner = -1
                    elif d.total == 0:
                        self.winner = ATTACK
                    elif a.total == 0:
                        self.winner = DEFENSE
                    continue
                if a.total == d.total:
                    self.simultaneous = True
                    self.moments = [ATTACK, DEFENSE]
                else:
                    self.moments = [ATTACK, DEFENSE] if a.total < d.total else [DEFENSE, ATTACK]
            side = self.moments[0]
            if self.sides[side].can_retreat():
                self.waiting, self.decider = "fire", self.sides[side].player
                return
            if not self.simultaneous:
                self._volley(side, vol)
            self.moments.pop(0)

    def _finish(self, evs: list[Event]) -> None:
        """6.7-6.9: the gains of a winning attacker and the wanted token."""
        self.wanted = list(self.before["wanted"])
        self.pool = self.before["wanted_pool"]
        if self.winner == ATTACK and self.target == BANK:
            rolls = [e for e in evs if e[0] == EV_ROBBERY]
            if len(rolls) != 1 or not 3 <= rolls[0][2] <= 18:
                raise ModelMismatch(f"a won robbery needs one 3d6 roll in 3..18, engine events: {rolls}")
            self.robbery = rolls[0][2]
        w = self.winner_seat()
        if w < 0:
            self.waiting = "done"
            self.wanted_from = -3
        elif self.pool > 0:
            self.pool -= 1
            self.wanted[w] += 1
            self.wanted_from = -1
            self.waiting = "done"
        elif any(self.wanted[q] > 0 for q in range(self.before["n_players"]) if q != w):
            holders = [q for q in range(self.before["n_players"]) if q != w and self.wanted[q] > 0]
            if len(holders) == 1:  # a choice of one is no choice: the engine takes it at once (forced move)
                self.waiting = "wanted"
                self.choose(A_TAKE_WANTED + holders[0], evs)
            else:
                self.waiting, self.decider = "wanted", w
        else:
            self.wanted_from = -3
            self.waiting = "done"

    # the board after the gunfight
    def outcome(self) -> State:
        st = copy.deepcopy(self.before)
        t, a, q = self.town, self.attacker, self.defender
        for side_no, side in enumerate(self.sides):
            p = side.player
            if p < 0:
                continue
            lost = self.before["cowboys"][t][p] - side.cowboys
            st["cowboys"][t][p] -= lost
            st["cowboy_supply"][p] += lost
            if side_no == self.retreat_side:
                st["cowboys"][t][p] -= side.cowboys
                for town in range(N_TOWNS):
                    if self.retreat_mask >> town & 1:
                        st["cowboys"][town][p] += 1
        if self.winner == ATTACK:
            tg = self.target
            if tg in CAPTURABLE:
                st["building"][t][tg] = a
                st["bt_supply"][q][tg] += 1
                st["bt_supply"][a][tg] -= 1
            elif tg == JAIL:
                st["building"][t][JAIL] = -1
                st["bt_removed"][q][JAIL] += 1
            elif tg == BANK:
                have = st["money"][q]
                paid = self.robbery if have >= self.robbery else have
                st["money"][q] -= paid
                st["money"][a] += paid
                if have < self.robbery:
                    st["building"][t][BANK] = -1
                    st["bt_removed"][q][BANK] += 1
            elif tg < TARGET_FARMER:
                k = (tg - TARGET_CATTLE) % 2 + 1
                st["cattle"][t][q] -= k
                st["cattle_supply"][q] += k
                st["cattle"][t][a] += k
                st["cattle_supply"][a] -= k
            else:
                st["farmer_at"][t] = 0
                st["farmers_removed"] += 1
        st["wanted"] = list(self.wanted)
        st["wanted_pool"] = self.pool
        return st


BOARD_FIELDS = ("money", "cowboys", "cattle", "building", "farmer_at", "farmers_removed", "cowboy_supply",
                "cattle_supply", "bt_supply", "bt_removed", "wanted", "wanted_pool")
