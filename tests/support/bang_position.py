"""BANG! positions for tests: a table built field by field (checked by ``from_dict``).

Start from ``Table(players, roles=..., characters=...)``: every card is in the main deck in id order, hands and
play areas are empty, every seat is at full life, no equipment is out.  Give cards, put them in play, choose the
top of the deck, then ``state(seat)`` is the phase 2 of that seat's turn (or ``state(seat, step=TS_START)`` the
start of his turn, before Dynamite and Jail).
"""
from __future__ import annotations

from deadeye.core.bang import BangState, new_state
from deadeye.core.bang.data import (EL_GRINGO, EQL_DECK, EQL_PLAY, EQL_ROW, FR_PLAY, FR_TURN, KNOWN_POOL, LOC_DECK,
                                    LOC_HAND, LOC_PLAY, PAUL_REGRET, SHERIFF, TS_PHASE3)

SHERIFF_R, RENEGADE_R, OUTLAW_R, DEPUTY_R = 0, 1, 2, 3
# characters whose abilities act only when used (Jacky Murieta, Josh McCloud, Raddie Snake, Sid Ketchum, Pretty
# Luzena, Willy the Kid, Jesse Jones): the default cast, so that nothing automatic interferes
FILLERS = [18, 19, 22, 11, 21, 15, 4]


def character_life(ch: int) -> int:
    return 3 if ch in (EL_GRINGO, PAUL_REGRET) else 4


class Table:
    def __init__(self, players: int = 4, roles=None, characters=None, gold_rush: bool = True, ghosts: bool = False):
        self.data = new_state(players, 0, gold_rush=gold_rush, ghosts=ghosts).to_dict()
        v = self.v = self.data["state"]
        self.n = players
        roles = list(roles) if roles else [SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R, DEPUTY_R, OUTLAW_R, DEPUTY_R][:players]
        characters = list(characters) if characters else FILLERS[:players]
        v["role"][:players] = roles
        v["sheriff"] = roles.index(SHERIFF)
        v["revealed"] = [1 if p == v["sheriff"] else 0 for p in range(7)]
        v["character"][:players] = characters
        for p in range(players):
            v["max_life"][p] = character_life(characters[p]) + (1 if roles[p] == SHERIFF else 0)
            v["life"][p] = v["max_life"][p]
        v["loc"] = [LOC_DECK] * 80
        v["known"] = [KNOWN_POOL] * 80
        v["hand_n"] = [0] * 7
        self.top_cards: list[int] = []
        v["discard_n"], v["discard"], v["transit_n"], v["transit"] = 0, [0] * 80, 0, [0] * 8
        v["eq_loc"] = [EQL_DECK] * 24
        v["eq_row"] = [-1, -1, -1]
        v["nuggets"] = [0] * 7
        v["nuggets_in"] = v["nuggets_out"] = v["parked"] = 0
        v["n_events"] = 0

    def give(self, seat: int, *cards: int) -> "Table":
        for c in cards:
            self.v["loc"][c] = LOC_HAND + seat
            self.v["known"][c] = KNOWN_POOL | (1 << seat)
        self.v["hand_n"][seat] = self.v["loc"].count(LOC_HAND + seat)
        return self

    def in_play(self, seat: int, *cards: int) -> "Table":
        for c in cards:
            self.v["loc"][c] = LOC_PLAY + seat
            self.v["known"][c] = KNOWN_POOL | 0x7F
        return self

    def top(self, *cards: int) -> "Table":
        """The next cards drawn from the deck, first listed drawn first."""
        self.top_cards = list(cards)
        return self

    def equip(self, seat: int, *equipment: int) -> "Table":
        for e in equipment:
            self.v["eq_loc"][e] = EQL_PLAY + seat
        return self

    def row(self, *equipment: int) -> "Table":
        for s, e in enumerate(equipment):
            self.v["eq_row"][s] = e
            self.v["eq_loc"][e] = EQL_ROW
        return self

    def set(self, **fields) -> "Table":
        """Per-seat fields as {seat: value} (life, nuggets, status...), or plain fields."""
        for name, value in fields.items():
            if isinstance(value, dict):
                for p, x in value.items():
                    self.v[name][p] = x
            else:
                self.v[name] = value
        return self

    def state(self, seat: int) -> BangState:
        """Phase 2 of seat's turn (end it with A_PASS to see the next turn start, Dynamite and Jail first)."""
        v = self.v
        rest = [c for c in range(80) if v["loc"][c] == LOC_DECK and c not in self.top_cards]
        deck = rest + list(reversed(self.top_cards))
        for c in self.top_cards:
            v["loc"][c] = LOC_DECK
        v["deck"] = deck + [0] * (80 - len(deck))
        v["deck_n"] = len(deck)
        eq = [e for e in range(24) if v["eq_loc"][e] == EQL_DECK]
        v["eq_deck"] = eq + [0] * (24 - len(eq))
        v["eq_n"], v["eq_up"] = len(eq), 0
        v["nuggets_in"] = sum(v["nuggets"]) + v["nuggets_out"]
        v["turn_player"] = v["current"] = seat
        v["fr_n"] = 2
        v["fr_kind"] = [FR_TURN, FR_PLAY] + [0] * 14
        v["fr_a"] = [TS_PHASE3] + [0] * 15
        for k in "bcde":
            v[f"fr_{k}"] = [0] * 16
        return BangState.from_dict(self.data)
