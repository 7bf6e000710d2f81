"""The Hearts sampler against the exact posterior (issue 12, defect 4).

Exact: every deal of the unseen cards to the other seats that is consistent with what the observing seat saw is
equally likely (the passes and the deal order add the same number of histories to each).  The reference below
enumerates those deals itself: a deal is consistent when it gives each seat its hand size and every public play
was legal from the hand it implies (its current cards plus the cards it played since the passing), checked with
OpenSpiel's rules written out here, not with the engine's ``allowed`` masks or its sampler.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from deadeye.core import new_game
from deadeye.core.errors import InconsistentInformationError
from support.exact_cards import compare

HEARTS, QUEEN_SPADES, TWO_CLUBS = 2, 43, 0


def suit(card: int) -> int:
    return card % 4


def random_play(seed: int, cards_played: int, pass_seed: int | None = None):
    """The state after random legal moves (passes included) until ``cards_played`` cards are on the table."""
    state = new_game("hearts", players=4, seed=seed)
    rng = random.Random(seed if pass_seed is None else pass_seed)
    while state.to_dict()["state"]["n_played"] < cards_played:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def plays_of(state) -> list[tuple[int, int, int]]:
    """(index, seat, card) of every card played, from the public tricks."""
    d = state.to_dict()["state"]
    out = []
    for i in range(d["n_played"]):
        leader = d["leader"][i // 4]
        out.append((i, (leader + i % 4) % 4, d["plays"][i]))
    return out


def legal_play(hand: set, plays: list[int], i: int) -> set:
    """OpenSpiel's legal plays (default parameters) for the ``i``-th card of a hand holding ``hand``."""
    broken = any(suit(c) == HEARTS or c == QUEEN_SPADES for c in plays[:i])
    if i % 4:
        follow = {c for c in hand if suit(c) == suit(plays[i - i % 4])}
        if follow:
            return follow
    if i == 0:
        return {TWO_CLUBS}
    if i < 4:
        safe = {c for c in hand if suit(c) != HEARTS and c != QUEEN_SPADES}
        if safe:
            return safe
    if i % 4 == 0 and not broken:
        plain = {c for c in hand if suit(c) != HEARTS}
        if plain:
            return plain
    return set(hand)


def fits(seat: int, hidden: frozenset, known: set, plays: list, cards: list[int]) -> bool:
    """Could ``seat`` hold ``known | hidden`` now, having made its public plays?"""
    hand = set(known) | set(hidden) | {c for _, p, c in plays if p == seat}
    for i, p, c in plays:
        if p == seat:
            if c not in hand or c not in legal_play(hand, cards, i):
                return False
            hand.discard(c)
    return True


def exact_deals(state, observer: int) -> Counter:
    """Every consistent deal of the cards ``observer`` cannot place, as {(hand of each other seat): 1}."""
    info = state.information_set(observer)
    plays = plays_of(state)
    cards = [c for _, _, c in plays]
    others = [p for p in range(4) if p != observer]
    known = {p: set(info.known_cards(p)) for p in others}
    seen = set(info.hand()) | set(cards) | set().union(*known.values())
    unseen = [c for c in range(52) if c not in seen]
    need = {p: info.hand_sizes()[p] - len(known[p]) for p in others}
    options = {p: {h for h in map(frozenset, itertools.combinations(unseen, need[p]))
                   if fits(p, h, known[p], plays, cards)} for p in others}
    deals = Counter()
    a, b, c = others
    for ha in options[a]:
        rest = [x for x in unseen if x not in ha]
        for hb in map(frozenset, itertools.combinations(rest, need[b])):
            hc = frozenset(rest) - hb
            if hb in options[b] and hc in options[c]:
                deals[(ha | known[a], hb | known[b], hc | known[c])] += 1
    return deals


def hand_distribution(deals: Counter, others: list[int], seat: int) -> dict:
    """Exact distribution of ``seat``'s hand over the consistent deals."""
    out = Counter()
    for deal, w in deals.items():
        out[tuple(sorted(deal[others.index(seat)]))] += w
    return dict(out)


# (seed, cards played, observer, seat whose hand is the statistic): positions late in a hand with shown voids.
POSITIONS = [(0, 40, 3, 0), (1, 40, 0, 2), (2, 36, 1, 3), (4, 40, 2, 1), (6, 36, 0, 1), (7, 40, 1, 0)]


@pytest.mark.parametrize("seed,played,observer,seat", POSITIONS)
def test_sampled_hands_follow_the_exact_posterior(seed, played, observer, seat):
    state = random_play(seed, played)
    info = state.information_set(observer)
    others = [p for p in range(4) if p != observer]
    deals = exact_deals(state, observer)
    assert (frozenset(state.hand(others[0])), frozenset(state.hand(others[1])),
            frozenset(state.hand(others[2]))) in deals                  # the truth is one of them
    result = compare(info.sample, lambda: hand_distribution(deals, others, seat),
                     lambda s: tuple(sorted(s.hand(seat))), 20000, seed)
    print(f"hearts seed {seed} after {played} cards, seat {observer} observing, hand of seat {seat}: "
          f"{len(deals)} deals; {result}")
    assert not result.impossible
    assert result.p_value > 0.001, str(result)


def test_unseen_passes_and_deal_order_are_uniform_given_the_hands():
    """Right after a pass to the left, seat 0 cannot see the passes of seats 1 and 2: each is any 3 of its
    receiver's 13 cards (all C(13, 3) = 286 alike), and a seat's deal order is any order (its lowest card in each of
    the 13 deal positions alike)."""
    state = random_play(2, 0)
    while state.to_dict()["state"]["n_passed"] < 12:
        state.apply_action(state.legal_actions()[0])
    assert state.pass_direction == "Left"
    info = state.information_set(0)

    def pass_pattern(sample) -> tuple:
        d = sample.to_dict()["state"]
        receiver = sorted(sample.hand(2))
        return tuple(sorted(receiver.index(c) for c in d["passed"][1]))

    def lowest_position(sample) -> int:
        deal = sample.to_dict()["state"]["deal"][3::4]
        return deal.index(min(deal))

    uniform_passes = {tuple(t): 1 for t in itertools.combinations(range(13), 3)}
    result = compare(info.sample, lambda: uniform_passes, pass_pattern, 20000, 1)
    print("passes of seat 1 given the hands:", result)
    assert not result.impossible and result.p_value > 0.001, str(result)
    result = compare(info.sample, lambda: {i: 1 for i in range(13)}, lowest_position, 5000, 2)
    print("deal order of seat 3 given its cards:", result)
    assert not result.impossible and result.p_value > 0.001, str(result)


def test_a_view_no_deal_fits_is_refused():
    """Shown voids that leave an unseen card with no possible holder: from_dict refuses the view, and the sampler
    reports it instead of breaking a constraint."""
    state = random_play(0, 40)
    info = state.information_set(3)
    data = info.to_dict()
    unseen = [c for c in range(52) if c not in info.hand() and c not in data["view"]["plays"][:40]]
    for p in range(3):
        data["view"]["allowed"][p] &= ~(1 << unseen[0])
    with pytest.raises(Exception, match="no deal of the unseen cards fits"):
        type(info).from_dict(data)
