"""BANG!'s sampler against the physical posterior (rules 10.3, issue 12 defect 4, issue 14 item 2).

The reference is a rejection sampler written without the engine's sampler: from a small start position (most cards
face up in the discard pile, so that few are hidden), it deals the cards the observer does not know uniformly over
their physical places (the other hands and the deck, in order), deals the role cards the observer does not know
uniformly over the seats (a card keeps its age, a property of the card, not of its place), gives the game a fresh generator (so every random draw of play, a reshuffle or a card taken
at random, is physical too), replays the recorded decisions, and keeps the deal only if every decision is legal and
the observer's information set after every step is the one it really had.  The engine's samples must follow the
same distribution (chi-square p > 0.001, TV within four times its noise).
"""
from __future__ import annotations

import random
import pytest

from deadeye.core.bang import BangState, card_name
from deadeye.core.bang.data import (A_CARD, A_HAND, A_PASS, A_SEAT, JESSE_JONES, KIT_CARLSON, KNOWN_POOL, LOC_DECK,
                                    LOC_DISCARD, LOC_HAND, LOC_TRANSIT)
from support.bang_position import Table
from support.exact import compare

N = 3000                # draws from each side per position
MAX_TRIES = 200_000     # reference deals per position at most
KIND = {}
for _c in range(80):
    KIND.setdefault(card_name(_c).rsplit(" ", 2)[0], []).append(_c)
BANG, MISSED, PANIC = KIND["BANG!"], KIND["Missed!"], KIND["Panic!"]


def small_table(t: Table, hands: dict, deck: list, seat: int = 0) -> BangState:
    """``t`` with the given hands and deck (top card last), every other card face up in the discard pile."""
    for p, cards in hands.items():
        t.give(p, *cards)
    v = t.v
    held = {c for cards in hands.values() for c in cards} | set(deck)
    public = [c for c in range(80) if c not in held and v["loc"][c] == LOC_DECK]
    for c in public:
        v["loc"][c] = LOC_DISCARD
        v["known"][c] = KNOWN_POOL | 0x7F
    v["discard"] = public + [0] * (80 - len(public))
    v["discard_n"] = len(public)
    state = t.top(*reversed(deck)).state(seat)
    assert state.validate() == "", state.validate()
    return state


Step = "int | callable"      # an action id, or a function (state, random.Random) -> action id (a seat's own policy)


def random_transit(state: BangState, rng: random.Random) -> int:
    """The deciding seat picks one of the cards in transit uniformly (Kit Carlson's returned card)."""
    legal = [a for a in state.legal_actions() if A_CARD <= a < A_CARD + 80]
    return rng.choice(sorted(legal))


class Scenario:
    """A start state, decisions played from it, and the seat that samples at the end."""

    def __init__(self, start: BangState, script: list, observer: int, seed: int = 1):
        self.start, self.script, self.observer = start, script, observer
        rng = random.Random(seed)
        self.truth, self.views = self.play(start, rng)
        assert self.truth is not None
        self.info = self.truth.information_set(observer)

    def play(self, state: BangState, rng: random.Random, views: list | None = None):
        """Replay the script from ``state``; None if a decision is illegal or a view differs from ``views``."""
        state = state.clone()
        seen = [state.information_set(self.observer)]
        if views is not None and seen[0] != views[0]:
            return None, None
        for step in self.script:
            action = step(state, rng) if callable(step) else step
            if action not in state.legal_actions():
                return None, None
            state.apply_action(action)
            seen.append(state.information_set(self.observer))
            if views is not None and seen[-1] != views[len(seen) - 1]:
                return None, None
        return state, seen

    def reference(self, rng: random.Random) -> BangState:
        """One state of the exact posterior, by rejection from the physical deal of the start position."""
        data = self.start.to_dict()
        v = data["state"]
        n, o = v["n_players"], self.observer
        for _ in range(MAX_TRIES):
            d = {**data, "state": {k: list(x) if isinstance(x, list) else x for k, x in v.items()}}
            w = d["state"]
            places = [("deck", i) for i in range(w["deck_n"])] + \
                [("hand", c) for c in range(80) if LOC_HAND <= w["loc"][c] < LOC_HAND + n
                 and w["loc"][c] != LOC_HAND + o and not (w["known"][c] >> o) & 1]
            cards = [w["deck"][i] if kind == "deck" else i for kind, i in places]
            cards = [c for c, (kind, i) in zip(cards, places) if kind == "hand" or not (w["known"][c] >> o) & 1]
            places = [pl for pl in places if pl[0] == "hand" or not (w["known"][w["deck"][pl[1]]] >> o) & 1]
            owners = {c: w["loc"][c] for kind, c in places if kind == "hand"}
            rng.shuffle(cards)
            for (kind, i), c in zip(places, cards):
                pool = w["known"][c] & KNOWN_POOL          # a property of the card (its age), not of its place
                if kind == "deck":
                    w["deck"][i], w["loc"][c], w["known"][c] = c, LOC_DECK, pool
                else:
                    w["loc"][c], w["known"][c] = owners[i], pool | (1 << (owners[i] - LOC_HAND))
            seats = [p for p in range(n) if p != o and not w["revealed"][p]]
            roles = [w["role"][p] for p in seats]
            rng.shuffle(roles)
            for p, r in zip(seats, roles):
                w["role"][p] = r
            w["rng"] = rng.getrandbits(64)            # the generator is a field of the state dict
            state, _ = self.play(BangState.from_dict(d), rng, self.views)
            if state is not None:
                return state
        raise AssertionError("the reference found no consistent deal")


def hand(state: BangState, p: int) -> tuple:
    return tuple(sorted(c for c, k in enumerate(state.to_dict()["state"]["loc"]) if k == LOC_HAND + p))


def place(state: BangState, c: int) -> int:
    return state.to_dict()["state"]["loc"][c]


def pool_cards(state: BangState, p: int) -> int:
    """How many cards of seat p's hand are of the deck's current pool (formed at the last reshuffle)."""
    st = state.to_dict()["state"]
    return sum(1 for c in range(80) if st["loc"][c] == LOC_HAND + p and st["known"][c] & KNOWN_POOL)


def deck_top(state: BangState) -> int:
    st = state.to_dict()["state"]
    return st["deck"][st["deck_n"] - 1]


def scenario_deal() -> tuple:
    """Seat 0 (the Sheriff) at its phase 2: one hidden card in each other hand, three in the deck, roles unknown."""
    start = small_table(Table(4), {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0]], 3: [MISSED[1]]},
                        [BANG[2], BANG[3], MISSED[2]])
    return Scenario(start, [], 0), lambda s: (tuple(s.roles()), hand(s, 1), deck_top(s))


def scenario_elimination() -> tuple:
    """The Sheriff shoots seat 4 (one life left, no card) dead: his role, Renegade, is revealed; the others'
    three roles (Outlaw, Outlaw, Deputy) stay unknown and equally likely in every arrangement."""
    t = Table(5, roles=[0, 2, 2, 3, 1]).set(life={4: 1})
    start = small_table(t, {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0]], 3: [MISSED[1]]}, [BANG[2], MISSED[2]])
    script = [A_CARD + BANG[0], A_SEAT + 4, A_PASS, A_PASS]
    sc = Scenario(start, script, 0)
    assert sc.truth.to_dict()["state"]["revealed"][4]
    return sc, lambda s: (tuple(s.roles()), hand(s, 1))


def scenario_reshuffle() -> tuple:
    """(a) Seat 1 draws two from a deck of one: the deck is re-formed from the discard pile in between.  Seats 2
    and 3 have not drawn since, so they hold no card of the new pool; seat 1 holds exactly one."""
    start = small_table(Table(4), {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0]], 3: [MISSED[1]]}, [BANG[2]])
    sc = Scenario(start, [A_PASS], 0)
    assert sc.truth.current_player() == 1 and sc.truth.to_dict()["state"]["hand_n"][1] == 3
    return sc, lambda s: (pool_cards(s, 1), pool_cards(s, 2), pool_cards(s, 3), hand(s, 2))


def scenario_random_take() -> tuple:
    """(b) Seat 0 knows seat 2 holds a Missed!; Jesse Jones (seat 1) takes a card of seat 2's hand at random: that
    Missed! is in seat 1's or seat 2's hand, one in two, never elsewhere."""
    t = Table(4, characters=[18, JESSE_JONES, 22, 11])
    start = small_table(t, {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0], MISSED[3]], 3: [MISSED[1]]},
                        [BANG[2], BANG[3], MISSED[2]])
    d = start.to_dict()
    d["state"]["known"][MISSED[3]] |= 1             # the observer saw it reach seat 2's hand
    start = BangState.from_dict(d)
    sc = Scenario(start, [A_PASS, A_SEAT + 2], 0)
    assert sc.truth.current_player() == 1
    return sc, lambda s: place(s, MISSED[3])


def scenario_kit_carlson() -> tuple:
    """(c) Kit Carlson (seat 1) looks at three cards from a deck of one (re-formed after the first) and puts one
    back, chosen uniformly: the card on the deck is the old one one time in three, and seat 1 keeps the others."""
    t = Table(4, characters=[18, KIT_CARLSON, 22, 11])
    start = small_table(t, {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0]], 3: [MISSED[1]]}, [BANG[2]])
    sc = Scenario(start, [A_PASS, random_transit], 0)
    assert sc.truth.current_player() == 1
    return sc, lambda s: (not s.to_dict()["state"]["known"][deck_top(s)] & KNOWN_POOL, pool_cards(s, 1),
                          pool_cards(s, 2), pool_cards(s, 3))


def scenario_panic_hand() -> tuple:
    """Seat 3 knows seat 1 holds a Missed!; the Sheriff (seat 0) plays Panic! on a random card of seat 1's hand:
    for seat 3 that Missed! is in seat 0's or seat 1's hand, one in two, and the others are where they were."""
    start = small_table(Table(4), {0: [BANG[0], PANIC[0]], 1: [BANG[1], MISSED[3]], 2: [MISSED[0]], 3: [MISSED[1]]},
                        [BANG[2], BANG[3], MISSED[2]])
    d = start.to_dict()
    d["state"]["known"][MISSED[3]] |= 1 << 3        # the observer saw it reach seat 1's hand
    start = BangState.from_dict(d)
    sc = Scenario(start, [A_CARD + PANIC[0], A_SEAT + 1, A_HAND], 3)
    assert sc.truth.to_dict()["state"]["hand_n"][:4] == [2, 1, 1, 1]
    return sc, lambda s: (place(s, MISSED[3]), place(s, BANG[1]))


def scenario_two_seats_draw() -> tuple:
    """Seat 1 draws two from a deck of one (a reshuffle in between), then seat 2 draws two from the new deck: seat
    1 holds exactly one card of the new pool, seat 2 two, seat 3 none; seat 3's card is any of the four old ones."""
    start = small_table(Table(4), {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0]], 3: [MISSED[1]]}, [BANG[2]])
    sc = Scenario(start, [A_PASS, A_PASS], 0)
    st = sc.truth.to_dict()["state"]
    assert sc.truth.current_player() == 2 and st["hand_n"][:4] == [1, 3, 3, 1]
    return sc, lambda s: (pool_cards(s, 1), pool_cards(s, 2), pool_cards(s, 3), hand(s, 3))


def scenario_mixed_take() -> tuple:
    """Jesse Jones (seat 1) takes a random card of seat 2's hand, which holds one card drawn before the last
    reshuffle and one of the current pool: either may have gone, so seat 2 keeps a pool card one time in two."""
    t = Table(4, characters=[18, JESSE_JONES, 22, 11])
    start = small_table(t, {0: [BANG[0]], 1: [BANG[1]], 2: [MISSED[0], MISSED[3]], 3: [MISSED[1]]},
                        [BANG[2], BANG[3], MISSED[2]])
    d = start.to_dict()
    for c in (BANG[0], MISSED[0], MISSED[1]):       # drawn before the deck was last formed
        d["state"]["age"][c] = 1
        d["state"]["known"][c] &= ~KNOWN_POOL
    start = BangState.from_dict(d)
    sc = Scenario(start, [A_PASS, A_SEAT + 2], 0)
    return sc, lambda s: (pool_cards(s, 1), pool_cards(s, 2), place(s, MISSED[1]))


SCENARIOS = {"deal": scenario_deal, "elimination": scenario_elimination, "reshuffle (a)": scenario_reshuffle,
             "random take (b)": scenario_random_take, "Kit Carlson (c)": scenario_kit_carlson,
             "Panic! on a hand": scenario_panic_hand, "two seats draw after a reshuffle": scenario_two_seats_draw,
             "random take of two ages": scenario_mixed_take}
# name -> what the sampler does not keep, with the TV measured (N draws each, seed 7), for positions it is not exact
# in (strict xfail: the day it becomes exact the test says so)
KNOWN_OFF: dict = {}


@pytest.mark.parametrize("name", [pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=KNOWN_OFF[k]))
                                  if k in KNOWN_OFF else k for k in SCENARIOS])
def test_sampler_follows_the_physical_posterior(name):
    sc, statistic = SCENARIOS[name]()
    for _ in range(20):                              # every sample gives its seat back the view it came from
        assert sc.info.sample(random.Random(_)).information_set(sc.observer) == sc.info
    p, tv, noise = compare(lambda r: sc.info.sample(r), sc.reference, statistic, N, 7)
    print(f"bang {name}: p={p:.4g} tv={tv:.4f} noise={noise:.4f}")
    assert p > 0.001 and tv < 4 * noise, f"p={p:.4g} tv={tv:.3f} noise={noise:.3f}"


def test_a_random_take_leaves_the_other_seats_unsure_of_every_victim_card():
    """Whichever card Jesse Jones took, seat 0 no longer knows where the Missed! it had seen is: both outcomes give it
    the same view, with the Missed! one of its group's two cards."""
    sc, _ = scenario_random_take()
    views, places = set(), set()
    for seed in range(40):
        d = sc.start.to_dict()
        d["state"]["rng"] = random.Random(seed).getrandbits(64)
        s = BangState.from_dict(d)
        s.apply_action(A_PASS)
        s.apply_action(A_SEAT + 2)
        places.add(place(s, MISSED[3]))
        views.add(s.information_set(0).to_bytes())
        v = s.information_set(0).to_dict()["view"]
        assert v["loc"][MISSED[3]] == 255 and v["grp"][MISSED[3]] == 1
        assert (v["vw_g_one"][0], v["vw_g_rest"][0], v["vw_g_age"][0][0]) == (1, 1, 1)
    assert places == {LOC_HAND + 1, LOC_HAND + 2} and len(views) == 1


def test_a_group_dissolves_when_a_card_leaves_one_of_its_places():
    """After Jesse Jones's take, a card seat 1 plays from its hand ends the group; the
    view then knows only ages and counts again, and still samples."""
    sc, _ = scenario_random_take()
    s = sc.truth.clone()
    assert s.to_dict()["state"]["g_one"][0] == 1 + 1
    card = next(a for a in s.legal_actions() if A_CARD <= a < A_CARD + 80)
    s.apply_action(card)                             # seat 1 shows a card it plays: the group is gone
    st = s.to_dict()["state"]
    assert st["g_one"] == [0] * 4 and st["grp"] == [0] * 80
    for seat in range(4):
        info = s.information_set(seat)
        assert info.validate() == ""
        assert info.sample(random.Random(seat)).information_set(seat) == info


def test_views_show_nothing_past_the_deck_top_or_the_last_events():
    """In a state, the deck array's entries past deck_n hold the cards drawn from it, and the event arrays' entries
    past n_events what older actions left (private EV_SEEN too): a view zeroes both."""
    from deadeye.core.bang import new_state
    rng = random.Random(3)
    s = new_state(players=5, seed=3)
    for _ in range(60):
        for seat in range(5):
            v = s.information_set(seat).to_dict()["view"]
            assert v["deck"][v["deck_n"]:] == [0] * (80 - v["deck_n"])
            for name in ("ev_kind", "ev_player", "ev_a", "ev_b"):
                assert v[name][v["n_events"]:] == [0] * (64 - v["n_events"])
        s.apply_action(rng.choice(s.legal_actions()))
