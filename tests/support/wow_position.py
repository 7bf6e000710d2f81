"""Way Out West positions for tests: a board built field by field (checked by ``from_dict``), and the generator
states that give chosen dice (a Python SplitMix64, the generator of core/rng.pxd)."""
from __future__ import annotations

import random

from deadeye.core.way_out_west import WayOutWestState, new_state
from deadeye.core.way_out_west.data import PH_ACTION

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_SEED_XOR = 0x632BE59BD9B4E019


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def faces(state: int, k: int) -> list[int]:
    """The first k die faces (1..6) a generator in ``state`` rolls (rng_below(6) + 1)."""
    out = []
    for _ in range(k):
        state = (state + _GAMMA) & _MASK
        out.append((((_mix(state) >> 32) * 6) >> 32) + 1)
    return out


def rng_state_for(wanted: list) -> int:
    """A generator state whose first dice are ``wanted`` (a face, or None for any)."""
    rng = random.Random(len(wanted))
    while True:
        s = rng.getrandbits(64)
        if all(w is None or w == f for w, f in zip(wanted, faces(s, len(wanted)))):
            return s


def seed_for(wanted: list) -> int:
    """A game seed whose generator's first dice are ``wanted`` (for the first-player roll)."""
    seed = 0
    while True:
        if faces(_mix(seed ^ _SEED_XOR), len(wanted)) == wanted:
            return seed
        seed += 1


class Board:
    """A plain-dict state to edit: pieces come out of the supplies, so every invariant keeps holding."""

    def __init__(self, players: int = 3, order=None):
        self.data = new_state(players, 0, first_player=0).to_dict()
        v = self.v = self.data["state"]
        self.n = players
        v["placed"] = 3 * players
        v["phase"] = PH_ACTION
        v["order"][:players] = list(order) if order else list(range(players))
        v["turn"], v["pass_no"] = 0, 0
        v["current"] = v["order"][0]
        v["n_events"] = 0

    def cowboys(self, town: int, seat: int, k: int) -> "Board":
        self.v["cowboys"][town][seat] += k
        self.v["cowboy_supply"][seat] -= k
        return self

    def cattle(self, town: int, seat: int, k: int) -> "Board":
        self.v["cattle"][town][seat] += k
        self.v["cattle_supply"][seat] -= k
        return self

    def build(self, town: int, kind: int, seat: int) -> "Board":
        self.v["building"][town][kind] = seat
        self.v["bt_supply"][seat][kind] -= 1
        return self

    def farmer(self, town: int, seat: int) -> "Board":
        self.v["farmer_at"][town] = 1
        self.v["farmer_placed"][seat] = 1
        return self

    def money(self, seat: int, dollars: int) -> "Board":
        self.v["treasury"] -= dollars - self.v["money"][seat]
        self.v["money"][seat] = dollars
        return self

    def set(self, **fields) -> "Board":
        self.v.update(fields)
        return self

    def state(self, dice=None) -> WayOutWestState:
        """The position; with ``dice``, its generator rolls those faces first (None: any face)."""
        if dice is not None:
            self.v["rng"] = rng_state_for(dice)
        return WayOutWestState.from_dict(self.data)
