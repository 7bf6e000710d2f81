"""Colt Express's stealin' phase and round events against an independent model of the rules (§5, §7, §8, §8.1).

The model below is written from ../shared/rules/colt-express.md alone, in plain Python over ``to_dict()``; it shares
no code with the engine.  Random games run on the engine; the model replays every stealin' phase from the moment the
last schemin' (or keep) action ends it, applying the same decisions, and after every decision the positions, the
marshal, every token's place, the bullet cards received and left, and the marshal's supply must agree.  The model
also checks that each decision is the one the rules ask for next (phase and actor) and that every Fire target and
Punch victim offered is a legal candidate.
"""
from __future__ import annotations

import copy
import random

import pytest

from deadeye.core import new_game

PLACE_BANDIT, INSIDE, ROOF = 16, 0, 1
BELLE, CHEYENNE, DJANGO, TUCO, NEUTRAL = 0, 1, 2, 5, 6
A_PLAY, A_PAIR, A_DRAW, A_CAR, A_BANDIT, A_TOKEN = 0, 24, 168, 169, 176, 182
PHASES = ("setup caboose", "setup marshal", "scheme", "keep", "move", "marshal", "fire", "rob", "punch victim",
          "punch loot", "punch destination", "pickpocket", "game over")
STEALIN = set(PHASES[4:12])
# round card ids: R4-1..7 = 0..6, R6-1..7 = 7..13 (events by position on the card list, §1.3), ST-1..3 = 14..16
EVENTS = ("angry", "swivel", "braking", "take all", "rebellion", None, None)
STATION = ("pickpocketing", "revenge", "hostage")


def is_purse(t: int) -> bool:
    return t < 18 or t >= 26


class Model:
    """The table as the rules move it: bandits, marshal, tokens, bullets; the pile from the state it started on."""

    def __init__(self, st: dict):
        self.st = copy.deepcopy(st)
        self.actor = -1
        self.victim = -1
        self.pick: set = set()

    # --- the table
    def bandits(self) -> list:
        return [b for b in range(6) if self.st["controller"][b] >= 0]

    def at(self, car: int, level: int) -> list:
        return [b for b in self.bandits() if self.st["car"][b] == car and self.st["level"][b] == level]

    def tokens(self, place: int, purses_only: bool = False) -> list:
        return [t for t in range(32) if self.st["tok_place"][t] == place and (not purses_only or is_purse(t))]

    def take(self, b: int, t: int) -> None:
        self.st["tok_place"][t] = PLACE_BANDIT + b
        self.st["stamp"] += 1
        self.st["tok_stamp"][t] = self.st["stamp"]

    # --- §5.4 marshal bullets and the marshal rule
    def marshal_bullets(self, group: list) -> None:
        st = self.st
        if not group:
            return
        if st["neutral_supply"] >= len(group):
            for b in group:
                st["received"][b][NEUTRAL] += 1
            st["neutral_supply"] -= len(group)
        else:
            st["neutral_removed"] += st["neutral_supply"]
            st["neutral_supply"] = 0

    def flee(self, group: list) -> None:
        for b in group:
            self.st["level"][b] = ROOF
        self.marshal_bullets(group)

    def marshal_rule(self, b: int) -> None:
        if self.st["level"][b] == INSIDE and self.st["car"][b] == self.st["marshal_car"]:
            self.flee([b])

    # --- §5.3 candidates, §7.1 Belle, §7.6 Tuco
    @staticmethod
    def belle(cands: set) -> set:
        return cands - {BELLE} if BELLE in cands and len(cands) > 1 else cands

    def fire_targets(self, b: int) -> set:
        st = self.st
        car, level, cands = st["car"][b], st["level"][b], set()
        if level == INSIDE:
            for x in (car - 1, car + 1):
                if 0 <= x < st["n_cars"]:
                    cands |= set(self.at(x, INSIDE))
        else:
            for step in (-1, 1):
                x = car + step
                while 0 <= x < st["n_cars"]:
                    if self.at(x, ROOF):
                        cands |= set(self.at(x, ROOF))
                        break
                    x += step
        if b == TUCO:
            cands |= set(self.at(car, 1 - level))
        return self.belle(cands - {b})

    def punch_victims(self, b: int) -> set:
        return self.belle(set(self.at(self.st["car"][b], self.st["level"][b])) - {b})

    # --- the pile (§5.1, §6.1)
    def resolve(self) -> str:
        """Resolve cards from ``pile_next`` until one needs a decision (its phase), else play the round event."""
        st = self.st
        while st["pile_next"] < st["pile_n"]:
            i = st["pile_next"]
            b, t = st["pile_bandit"][i], st["pile_kind"][i] % 6
            self.actor = b
            if t == 0:
                return "move"
            if t == 5:
                return "marshal"
            if t == 1:
                st["level"][b] = 1 - st["level"][b]
                self.marshal_rule(b)
            elif t == 2 and st["bullets_left"][b] > 0 and self.fire_targets(b):
                return "fire"
            elif t == 3 and self.tokens(st["car"][b] * 2 + st["level"][b]):
                return "rob"
            elif t == 4 and self.punch_victims(b):
                return "punch victim"
            st["pile_next"] += 1
        return self.event()

    def event(self) -> str:
        st = self.st
        card, last, m = st["round_card"][st["round"] - 1], st["n_cars"] - 1, st["marshal_car"]
        ev = STATION[card - 14] if card >= 14 else EVENTS[card % 7]
        if ev == "angry":
            self.marshal_bullets(self.at(m, ROOF))
            if m < last:
                st["marshal_car"] = m + 1
                self.flee(self.at(m + 1, INSIDE))
        elif ev == "swivel":
            for b in self.bandits():
                if st["level"][b] == ROOF:
                    st["car"][b] = last
        elif ev == "braking":
            for b in self.bandits():
                if st["level"][b] == ROOF and st["car"][b] > 0:
                    st["car"][b] -= 1
        elif ev == "take all":
            st["tok_place"][25] = m * 2 + INSIDE
        elif ev == "rebellion":
            self.marshal_bullets([b for b in self.bandits() if st["level"][b] == INSIDE])
        elif ev == "pickpocketing":
            self.pick = {b for b in self.bandits() if self.at(st["car"][b], st["level"][b]) == [b]
                         and self.tokens(st["car"][b] * 2 + st["level"][b], purses_only=True)}
            return self.next_pick()
        elif ev == "revenge":
            for b in self.bandits():
                if st["level"][b] == ROOF and st["car"][b] == m:
                    purses = [t for t in self.tokens(PLACE_BANDIT + b) if is_purse(t)]
                    if purses:
                        t = min(purses, key=lambda t: (st["tok_value"][t], st["tok_stamp"][t]))
                        st["tok_place"][t] = m * 2 + ROOF
        elif ev == "hostage":
            k = st["ransom_n"]
            for b in self.bandits():
                if st["car"][b] == 0:
                    st["tok_place"][26 + k] = PLACE_BANDIT + b
                    k += 1
        return "end"

    def next_pick(self) -> str:
        """D32: seats clockwise from the first player; a seat's lower position first."""
        st, n = self.st, self.st["n_players"]
        for i in range(n):
            mine = [b for b in self.pick if st["controller"][b] == (st["first"] + i) % n]
            if mine:
                self.actor = min(mine, key=lambda b: st["car"][b] * 2 + st["level"][b])
                return "pickpocket"
        return "end"

    def decide(self, phase: str, a: int) -> str:
        """Apply the decision ``a`` of ``phase``; the next phase, or "end" when the round is over."""
        st, b = self.st, self.actor
        if phase == "pickpocket":
            self.take(b, a - A_TOKEN)
            self.pick.discard(b)
            return self.next_pick()
        if phase == "move":
            reach = 1 if st["level"][b] == INSIDE else 3
            assert 1 <= abs(a - A_CAR - st["car"][b]) <= reach
            st["car"][b] = a - A_CAR
            self.marshal_rule(b)
        elif phase == "marshal":
            assert abs(a - A_CAR - st["marshal_car"]) == 1
            st["marshal_car"] = a - A_CAR
            self.flee(self.at(a - A_CAR, INSIDE))
        elif phase == "fire":
            v = a - A_BANDIT
            assert v in self.fire_targets(b)
            st["bullets_left"][b] -= 1
            st["received"][v][b] += 1
            if b == DJANGO:
                beyond = st["car"][v] + (1 if st["car"][v] > st["car"][b] else -1)
                if 0 <= beyond < st["n_cars"]:
                    st["car"][v] = beyond
                    self.marshal_rule(v)
        elif phase == "rob":
            assert a - A_TOKEN in self.tokens(st["car"][b] * 2 + st["level"][b])
            self.take(b, a - A_TOKEN)
        elif phase == "punch victim":
            self.victim = a - A_BANDIT
            assert self.victim in self.punch_victims(b)
            return "punch loot" if self.tokens(PLACE_BANDIT + self.victim) else "punch destination"
        elif phase == "punch loot":
            t = a - A_TOKEN
            assert t in self.tokens(PLACE_BANDIT + self.victim)
            if b == CHEYENNE and is_purse(t):
                self.take(b, t)
            else:
                st["tok_place"][t] = st["car"][b] * 2 + st["level"][b]
                st["tok_stamp"][t] = 0
            return "punch destination"
        elif phase == "punch destination":
            assert abs(a - A_CAR - st["car"][b]) == 1
            st["car"][self.victim] = a - A_CAR
            self.marshal_rule(self.victim)
        st["pile_next"] += 1
        return self.resolve()

    def scheme(self, a: int) -> None:
        """The schemin' action that ends the phase: its card(s) join the pile (a Draw or a keep adds nothing)."""
        st = self.st
        if st["phase"] != PHASES.index("scheme") or a == A_DRAW:
            return
        q = st["decider"]
        if a < A_PAIR:
            kinds, down = [(a - A_PLAY) // 2], (a - A_PLAY) % 2
        else:
            kinds, down = [(a - A_PAIR) // 12, (a - A_PAIR) % 12], 0
        for k in kinds:
            i = st["pile_n"]
            st["pile_bandit"][i] = st["bandit_of"][q][k // 6]
            st["pile_kind"][i] = k
            st["pile_flags"][i] = down
            st["pile_n"] += 1


FIELDS = ("car", "level", "marshal_car", "received", "bullets_left", "neutral_supply", "neutral_removed", "tok_place")


def _agree(model: Model, engine: dict, where: str) -> None:
    for name in FIELDS:
        assert model.st[name] == engine[name], f"{where}: {name} model {model.st[name]} engine {engine[name]}"


def play_and_compare(players: int, advanced: bool, games: int, seed: int) -> int:
    """Random games; the model replays each stealin' phase; returns the number of decisions compared."""
    rng = random.Random(seed)
    compared = 0
    for g in range(games):
        s = new_game("colt-express", players=players, seed=seed * 1000 + g, advanced=advanced)
        model, expect = None, None
        while not s.is_terminal():
            before = s.to_dict()["state"]
            phase = PHASES[before["phase"]]
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            after = s.to_dict()["state"]
            where = f"{players}p advanced={advanced} game {g} round {before['round']} {phase} action {a}"
            if phase in STEALIN:
                assert model is not None and expect == phase, f"{where}: model expected {expect}"
                assert before["actor"] == model.actor, f"{where}: actor model {model.actor} engine {before['actor']}"
                expect = model.decide(phase, a)
            elif phase in ("scheme", "keep") and (PHASES[after["phase"]] in STEALIN or after["round"] != before["round"]
                                                  or after["phase"] == PHASES.index("game over")):
                if after["phase"] == PHASES.index("keep") and after["round"] == before["round"]:
                    continue                              # schemin' ended into the keep decisions
                model = Model(before)
                model.scheme(a)
                expect = model.resolve()
            else:
                continue
            if expect == "end":
                _agree(model, after, where)               # a new round's start leaves the table as it is (§9)
                model, expect = None, None
            else:
                assert PHASES[after["phase"]] == expect, f"{where}: next model {expect} engine {after['phase']}"
                _agree(model, after, where)
            compared += 1
    return compared


@pytest.mark.slow
@pytest.mark.parametrize("players, advanced", [(2, True), (3, False), (4, True), (5, False), (6, False)])
def test_stealin_and_events_agree_with_an_independent_model(players, advanced, scale):
    compared = play_and_compare(players, advanced, games=25 * scale, seed=players * 2 + advanced)
    assert compared > 25 * scale * 5 * 4
