"""The Colt Express sampler against the exact posterior of a seat's view (issue 12, defect 4; rules §13.6 item 3).

Exact: every placement of another seat's physical cards that fits the view is equally likely.  The reference
counts those placements by brute force over labelled cards, kind by kind: the deck (below its public top) holds
only cards of the pool it was formed from (D36: which labels were in the pool is itself unknown, any ``pool[k]``
of the kind's labels but those known to have come later: bullets on top of the deck or drawn from it); every other
card of the kind, pool card or not, may be in any other place (the hand, a face-down pile card of its bandit, or a
public place: the discard pile, a face-up pile card); a hidden bullet in hand was drawn in this schemin' phase.
The reference never calls the engine's sampler: it enumerates count states and weighs each by its labellings.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections import Counter

import pytest

from support.ce_position import position
from deadeye.core.colt_express import ColtExpressState
from support.exact_cards import compare

BULLET, UNKNOWN = 12, 255


@functools.lru_cache(maxsize=None)
def labellings(total: int, pool: int, deck: int, hand: int, face_down: int, older: int, public: int,
               r_only: int) -> int:
    """Labelled placements of a kind's ``total`` cards: ``deck`` of them in the deck, all from the ``pool`` labels
    the deck was formed from (any ``pool`` of them); ``older`` face-down pile cards and ``r_only`` public cards that
    were in the pile or on top of the deck when it was formed, so never of the pool; the rest anywhere (``hand``,
    ``face_down`` newer pile cards, ``public`` ones).  Face-down cards sit in distinct, given pile places."""
    assert deck + hand + face_down + older + public + r_only == total
    sizes = [deck, hand, face_down, older, public, r_only]
    count = 0
    for pool_labels in itertools.combinations(range(total), pool):
        for perm in itertools.permutations(range(total)):
            groups, i = [], 0
            for n in sizes:
                groups.append(set(perm[i:i + n]))
                i += n
            if groups[0] <= set(pool_labels) and not (groups[3] | groups[5]) & set(pool_labels):
                count += 1
    # the orders inside the unordered places (deck, hand, public, r_only) are not placements
    return count // (math.factorial(deck) * math.factorial(hand) * math.factorial(public) * math.factorial(r_only))


def exact_seat(state: ColtExpressState, q: int) -> dict:
    """{(deck, hand, face-down kinds): weight} for seat ``q`` of ``state``, by enumeration."""
    st = state.to_dict()["state"]
    totals = kind_totals(st, q)
    open_pile = range(st["pile_next"], st["pile_n"])
    mine = [i for i in open_pile if st["controller"][st["pile_bandit"][i]] == q]
    hidden_pile = [i for i in mine if st["pile_flags"][i] & 1 and not st["pile_flags"][i] & 2]
    old = {i for i in mine if st["pile_flags"][i] & 4}
    face_up = Counter(st["pile_kind"][i] for i in mine if i not in hidden_pile and i not in old)
    old_up = Counter(st["pile_kind"][i] for i in mine if i not in hidden_pile and i in old)
    r_only = [st["stale"][q][k] + old_up[k] for k in range(13)]
    r_only[BULLET] += st["deck_top"][q] + st["known_bullets"][q]
    public = [st["discard"][q][k] - st["stale"][q][k] + face_up[k] for k in range(13)]
    unknown = [totals[k] - public[k] - r_only[k] for k in range(13)]
    hidden_hand = st["hand_n"][q] - st["known_bullets"][q]
    out = Counter()
    fd_choices = [[st["bandit_of"][q].index(st["pile_bandit"][i]) * 6 + t for t in range(6)] for i in hidden_pile]
    for fd in itertools.product(*fd_choices):
        new = Counter(k for i, k in zip(hidden_pile, fd) if i not in old)
        older = Counter(k for i, k in zip(hidden_pile, fd) if i in old)
        rest = [unknown[k] - new[k] - older[k] for k in range(13)]
        if min(rest) < 0:
            continue
        for deck in itertools.product(*[range(r + 1) for r in rest]):
            hand = [rest[k] - deck[k] for k in range(13)]
            if sum(deck) != st["deck_n"][q] or sum(hand) != hidden_hand:
                continue
            if st["advanced"] and hand[BULLET] > st["drawn"][q]:
                continue
            w = 1
            for k in range(13):
                pool = st["pool"][q][k] if st["advanced"] else totals[k]
                w *= labellings(totals[k], pool, deck[k], hand[k], new[k], older[k], public[k], r_only[k])
                if not w:
                    break
            if w:
                full_hand = list(hand)
                full_hand[BULLET] += st["known_bullets"][q]
                out[(tuple(deck), tuple(full_hand), fd)] += w
    return dict(out)


def kind_totals(st: dict, q: int) -> list:
    two = st["n_slots"] == 2
    totals = [0] * 13
    for k in range(6 * st["n_slots"]):
        s, t = divmod(k, 6)
        totals[k] = (2 if t < 4 else 1) if not two else (0 if t == 5 and st["removed_marshal"][q] == s else 1)
    totals[BULLET] = sum(sum(st["received"][b]) for b in st["bandit_of"][q][:st["n_slots"]])
    return totals


def seat_state(sample: ColtExpressState, q: int, hidden_pile: list) -> tuple:
    st = sample.to_dict()["state"]
    return tuple(st["deck"][q]), tuple(st["hand"][q]), tuple(st["pile_kind"][i] for i in hidden_pile)


def build(players: int, bandits: str, q: int, *, hand: dict, deck: dict, discard: dict, pool: dict,
          drawn: int = 0, pile: list | None = None, received: dict | None = None, deck_top: int = 0,
          known_bullets: int = 0, bullets_left: dict | None = None, advanced: bool = True,
          older: tuple = (), stale: dict | None = None) -> ColtExpressState:
    """A schemin' position in which seat ``q``'s cards lie as given (by kind index), the other seats' as a fresh
    game has them."""
    s = position(players, bandits, advanced=advanced, pile=pile, received=received, bullets_left=bullets_left,
                 round_cards=["R4-6", "R4-1", "R4-2", "R4-3", "ST-1"] if players <= 4 else None)
    data = s.to_dict()
    st = data["state"]
    for name, values in (("hand", hand), ("deck", deck), ("discard", discard), ("pool", pool)):
        st[name][q] = [values.get(k, 0) for k in range(13)]
    st["hand"][q][BULLET] += known_bullets
    st["hand_n"][q] = sum(st["hand"][q])
    st["deck_n"][q] = sum(st["deck"][q])
    st["deck_top"][q] = deck_top
    st["known_bullets"][q] = known_bullets
    st["drawn"][q] = drawn
    st["stale"][q] = [(stale or {}).get(k, 0) for k in range(13)]
    for i in older:                                  # pile cards that were in the pile when the deck was formed
        st["pile_flags"][i] |= 4
    out = ColtExpressState.from_dict(data)
    assert out.validate() == "", out.validate()
    return out


# Kinds: 0 Move, 1 Floor change, 2 Fire, 3 Rob, 4 Punch, 5 Marshal (two bandits: + 6 for the second), 12 bullet.
POSITIONS = {
    # the setup deck (all ten cards) after six went to the discard pile: the six 2+2 splits of the four unknown
    # cards (one Move, one Rob, the Punch, the Marshal) are equally likely
    "six splits": lambda: build(3, "Belle,Django,Tuco", 1, hand={0: 1, 3: 1}, deck={4: 1, 5: 1},
                                discard={0: 1, 1: 2, 2: 2, 3: 1}, pool={0: 2, 1: 2, 2: 2, 3: 2, 4: 1, 5: 1}),
    # the same with one of them face down in the pile
    "face down": lambda: build(3, "Belle,Django,Tuco", 1, hand={0: 1, 3: 1}, deck={4: 1},
                               discard={0: 1, 1: 2, 2: 2, 3: 1}, pool={0: 2, 1: 2, 2: 2, 3: 2, 4: 1, 5: 1},
                               pile=[("Django", "Marshal", "down")]),
    # a deck reshuffled from a pile of four (one of two Moves, both Fires, a bullet): a card the seat held before
    # never is in it
    "reshuffled pool": lambda: build(3, "Belle,Django,Tuco", 1, hand={0: 1, 2: 1, 4: 1, BULLET: 1},
                                     deck={2: 1, 0: 1}, discard={1: 2, 3: 2, 5: 1, 0: 0},
                                     pool={0: 1, 2: 2, BULLET: 1}, drawn=2, received={"Django": {"Belle": 1}},
                                     bullets_left={"Belle": 5}),
    # bullets: one known on top of the deck, one drawn from the pool in this schemin' phase, one in the discard
    "bullets": lambda: build(3, "Belle,Django,Tuco", 1, hand={3: 1, BULLET: 1}, deck={BULLET: 1, 4: 1},
                             discard={0: 2, 1: 2, 2: 2, 3: 1, 5: 1, BULLET: 1}, deck_top=1,
                             pool={3: 1, 4: 1, 5: 1, BULLET: 2}, drawn=1,
                             received={"Django": {"Belle": 2, "Tuco": 2}}, bullets_left={"Belle": 4, "Tuco": 4}),
    # two bandits: face-down cards of each, a partly public pool
    "two bandits": lambda: build(2, "Belle,Cheyenne,Django,Tuco", 1, hand={0: 1, 9: 1}, deck={3: 1, 8: 1},
                                 discard={1: 1, 4: 1, 5: 1, 7: 1, 10: 1},
                                 pool={0: 1, 3: 1, 6: 1, 8: 1, 9: 1, 2: 1, 7: 1},
                                 pile=[("Django", "Fire", "down"), ("Tuco", "Move", "down")]),
    # a deck re-formed during this schemin' phase: the Fire face up and the face-down card below it were in the
    # pile then, and a Floor change in the discard pile is known to be older too; none of them is of the pool
    "older cards": lambda: build(3, "Belle,Django,Tuco", 1, hand={0: 1, 2: 1, 1: 1}, deck={3: 1, 4: 1},
                                 discard={1: 1, 5: 1}, stale={1: 1}, pool={0: 1, 2: 1, 3: 1, 4: 1, 1: 1},
                                 pile=[("Django", "Fire"), ("Django", "Move", "down"), ("Django", "Rob", "down")],
                                 older=(0, 1), drawn=3),
    # base rules: every card of unknown place is exchangeable (a uniform deal of hand, face-down card and deck)
    "base rules": lambda: build(3, "Belle,Django,Tuco", 1, hand={0: 1, 3: 2, 2: 1},
                                deck={0: 1, 1: 1, 2: 1, 4: 1, 5: 1}, discard={}, pool={},
                                pile=[("Django", "Floor change", "down")], advanced=False),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_sampled_cards_follow_the_exact_posterior(name):
    state = POSITIONS[name]()
    observer, q = 0, 1
    info = state.information_set(observer)
    st = state.to_dict()["state"]
    hidden_pile = [i for i in range(st["pile_n"]) if st["controller"][st["pile_bandit"][i]] == q
                   and st["pile_flags"][i] & 1]
    reference = exact_seat(state, q)
    assert seat_state(state, q, hidden_pile) in reference                       # the truth is one of them
    result = compare(info.sample, lambda: reference, lambda s: seat_state(s, q, hidden_pile), 5000, 5)
    print(f"colt-express {name}: {len(reference)} count states; {result}")
    assert not result.impossible, result.impossible[:3]
    assert result.p_value > 0.001, str(result)
