"""Hearts information sets and the determinisation sampler: what a seat knows (its deal, its passes, its received
cards, the plays), every void and forced play respected, independent samples, and no leak of hidden cards."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from deadeye.bots import make_bot
from deadeye.core import InvalidStateError, new_game
from deadeye.core.hearts import HeartsInformationSet, from_openspiel_history
from deadeye.core.hearts.heuristic import HeartsHeuristic
from support.hearts_position import ACROSS, LEFT, cards, play, position
from test_hearts_rules import FIRST_TRICK, SUITED

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
QS = 43


def check_sample(state, seat: int, sample) -> None:
    """Everything ``seat`` knows holds in ``sample``, and the sample is a game the rules can reach."""
    info = state.information_set(seat)
    assert sample.information_set(seat) == info
    replay = from_openspiel_history(sample.openspiel_history())            # every past move legal in the sample
    assert replay.to_bytes()[:-8] == sample.to_bytes()[:-8]
    assert sample.hand(seat) == state.hand(seat)
    assert sample.tricks() == state.tricks() and sample.points() == state.points()
    for p in range(4):
        assert len(sample.hand(p)) == len(state.hand(p))
        assert set(sample.hand(p)) <= set(state.possible_cards(p)), "a void or forced play ignored"
        assert set(info.known_cards(p)) <= set(sample.hand(p))
    assert sample.openspiel_history()[0] == state.openspiel_history()[0]
    history, own = sample.openspiel_history(), state.openspiel_history()
    assert sorted(history[1 + seat::4][:13]) == sorted(own[1 + seat::4][:13])     # its own deal


def test_samples_at_every_step_of_random_games(scale):
    rng = random.Random(77)
    differs = 0
    for seed in range(150 * scale):
        state = new_game("hearts", players=4, seed=seed)
        while not state.is_terminal():
            for seat in range(4):
                sample = state.information_set(seat).sample(rng.getrandbits(63))
                check_sample(state, seat, sample)
                differs += sample.hand((seat + 1) % 4) != state.hand((seat + 1) % 4)
            state.apply_action(rng.choice(state.legal_actions()))
    assert differs > 1000 * scale


def test_voids_and_first_trick_points_are_respected():
    """After 2C 2D 2S QS: seats 1, 2 and 3 are void in clubs, and seat 3, which put the queen on the first trick,
    holds only hearts.  Seat 1's samples are forced to the true deal; seat 0's keep every constraint."""
    state = position(FIRST_TRICK, moves="2C 2D 2S QS")
    info = state.information_set(0)
    assert info.voids(1) == [CLUBS] and info.voids(2) == [CLUBS] and info.voids(3) == [CLUBS, DIAMONDS]
    assert set(state.possible_cards(3)) == {c for c in range(52) if c % 4 == HEARTS} | {QS}
    missing = Counter()
    for s in range(300):
        sample = info.sample(s)
        check_sample(state, 0, sample)
        assert all(c % 4 == HEARTS for c in sample.hand(3))
        assert not any(c % 4 == CLUBS for p in (1, 2, 3) for c in sample.hand(p))
        missing.update(c for c in range(52) if c % 4 == HEARTS and c not in sample.hand(3))
    assert len(missing) == 13                   # the one heart seat 3 lacks can be any of the 13
    for s in range(50):
        sample = state.information_set(1).sample(s)
        assert [sample.hand(p) for p in range(4)] == [state.hand(p) for p in range(4)]


def test_passed_cards_are_located_once_the_passing_is_over():
    state = from_openspiel_history([LEFT] + SUITED)
    play(state, "QC KC AC")                                 # seat 0 passes its three top clubs to seat 1
    info = state.information_set(0)
    assert info.passed() == cards("QC KC AC") and info.known_cards(1) == [] and info.received() == []
    for s in range(20):
        assert not set(cards("QC KC AC")) & set(info.sample(s).hand(0))
    play(state, "AD KD QD  AH KH QH  AS KS QS")
    info = state.information_set(0)
    assert info.known_cards(1) == sorted(cards("QC KC AC"))
    assert info.received() == sorted(cards("QS KS AS"))     # from seat 3, ascending
    assert info.known_cards(0) == state.hand(0)
    for s in range(100):
        sample = info.sample(s)
        check_sample(state, 0, sample)
        assert set(cards("QC KC AC")) <= set(sample.hand(1))
        assert set(cards("QS KS AS")) <= set(sample.hand(0))
    # seat 2 passed AH KH QH to seat 3: seat 0 never saw them, and its samples put other cards there
    assert any(sample.openspiel_history()[53 + 6:53 + 9] != cards("AH KH QH")
               for sample in (info.sample(s) for s in range(20)))


def test_two_of_clubs_holder_is_known():
    state = from_openspiel_history([ACROSS] + SUITED)
    play(state, "AC KC QC  AD KD QD  AH KH QH  AS KS QS")
    for seat in (1, 2, 3):
        info = state.information_set(seat)
        assert 0 in info.known_cards(0)
        assert all(0 in info.sample(s).hand(0) for s in range(20))


def test_samples_are_independent_and_uniform():
    """At the first decision, each card seat 0 cannot see lies with each other seat about a third of the time."""
    state = new_game("hearts", players=4, seed=3)
    info = state.information_set(0)
    where = Counter()
    hands = set()
    n = 3000
    for s in range(n):
        sample = info.sample(s)
        hands.add(tuple(sample.hand(1)))
        for p in (1, 2, 3):
            where.update((c, p) for c in sample.hand(p))
    assert len(hands) == n
    unseen = [c for c in range(52) if c not in state.hand(0)]
    for c in unseen:
        for p in (1, 2, 3):
            assert 0.28 < where[(c, p)] / n < 0.39, (c, p, where[(c, p)])


def swap_cards(history: list[int], a: int, b: int) -> list[int]:
    """The same history with cards ``a`` and ``b`` exchanged everywhere."""
    return [b if x == a else a if x == b else x for x in history[:53]] + history[53:]


@pytest.mark.parametrize("moves", [0, 12, 20])
def test_no_leak_of_hidden_cards(moves):
    """Two games that differ only in cards seat 0 cannot see give it the same information set, and the same
    decision from the heuristic and from ISMCTS under the same seed."""
    base = new_game("hearts", players=4, seed=21)
    history = base.openspiel_history()
    if history[0] != ACROSS:
        history = [ACROSS] + history[1:]
    state = from_openspiel_history(history)
    rng = random.Random(5)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    # two unplayed, unpassed cards of one suit, one with seat 1 and one with seat 3 (seat 0 cannot tell them apart)
    full = state.openspiel_history()
    touched = set(full[53:])
    pair = None
    for a in state.hand(1):
        for b in state.hand(3):
            if a % 4 == b % 4 and a not in touched and b not in touched and 0 not in (a, b):
                pair = (a, b)
    assert pair is not None
    twin = from_openspiel_history(swap_cards(full, *pair))
    assert twin.hand(1) != state.hand(1)
    while state.current_player() != 0:                      # play on to seat 0's decision, the same in both
        action = rng.choice([a for a in state.legal_actions() if a not in pair] or state.legal_actions())
        state.apply_action(action)
        twin.apply_action(action)
    info, twin_info = state.information_set(0), twin.information_set(0)
    assert info == twin_info and info.to_dict() == twin_info.to_dict()
    assert info.sample(9) == twin_info.sample(9)
    assert make_bot("ismcts:iterations=300", seed=4).choose(info) == \
        make_bot("ismcts:iterations=300", seed=4).choose(twin_info)
    assert HeartsHeuristic().choose(state, 3) == HeartsHeuristic().choose(twin, 3)


def test_heuristic_reads_only_the_information_set():
    rng = random.Random(8)
    policy = HeartsHeuristic()
    for seed in range(40):
        state = new_game("hearts", players=4, seed=seed)
        while not state.is_terminal():
            seat = state.current_player()
            choice = policy.choose(state, seed)
            assert choice in state.legal_actions()
            assert policy.choose(state.information_set(seat).sample(rng.getrandbits(63)), seed) == choice
            state.apply_action(rng.choice(state.legal_actions()))


def test_view_dicts_round_trip_and_bad_views_are_refused():
    state = position(FIRST_TRICK, moves="2C 2D 2S QS 3C")
    info = state.information_set(1)
    data = info.to_dict()
    assert HeartsInformationSet.from_dict(data) == info
    assert info.current_player() == 1 and info.legal_actions() == state.legal_actions()
    assert "your hand" in info.describe() and info.action_label(43) == "QS"
    view = data["view"]
    bad_views = [
        dict(view, hand=[view["hand"][0] | 1 << 4, *view["hand"][1:]]),     # seat 0 "known" to hold 3C, played
        dict(view, hand=[view["hand"][0], view["hand"][1], view["hand"][2], view["hand"][3] | 1 << 5]),  # 3D
        dict(view, hand_n=[13, 12, 12, 12]),
        dict(view, n_played=9),
        dict(view, pass_dir=7),
        dict(view, leader=[-1] * 13),
    ]
    for bad in bad_views:
        with pytest.raises(InvalidStateError):
            HeartsInformationSet.from_dict({"game": "hearts", "seat": 1, "view": bad})
    with pytest.raises(InvalidStateError):
        HeartsInformationSet.from_dict({"game": "hearts", "seat": 4, "view": view})
    with pytest.raises(InvalidStateError):
        HeartsInformationSet.from_dict({"game": "hearts", "seat": 0, "view": view})   # seat 1's view, not seat 0's


def test_corrupt_dicts_are_refused_or_equal_never_a_crash():
    """Random single-field edits of states and views: each is refused with InvalidStateError, or describes exactly
    the object it was taken from (the edit rewrote a value with itself)."""
    import copy

    from deadeye.core.hearts import HeartsState

    rng = random.Random(1)
    refused = 0
    for game in range(12):
        state = new_game("hearts", players=4, seed=game)
        for _ in range(rng.randrange(65)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        for seat in range(4):
            info = state.information_set(seat)
            for _ in range(10):
                for cls, original, key in ((HeartsInformationSet, info, "view"), (HeartsState, state, "state")):
                    data = copy.deepcopy(original.to_dict())
                    fields = data[key]
                    name = rng.choice(sorted(k for k in fields if k != "rng"))
                    if isinstance(fields[name], list):
                        row = fields[name]
                        while isinstance(row[0], list):
                            row = rng.choice(row)
                        row[rng.randrange(len(row))] = (rng.getrandbits(52) if name in ("hand", "allowed")
                                                        else rng.choice([-1, 0, 1, 3, 13, 43, 51, 52, 255]))
                    else:
                        fields[name] = rng.choice([-1, 0, 1, 2, 3, 4, 12, 13, 52, 255])
                    try:
                        assert cls.from_dict(data) == original
                    except InvalidStateError:
                        refused += 1
    assert refused > 500


def test_a_reused_information_set_samples_as_fresh_ones():
    """An information set works out what its samples share once, at its first sample (its sample plan); every
    later sample of the same object equals that seed's sample from a fresh copy, at every step of random games."""
    rng = random.Random(5)
    for game in range(6):
        state = new_game("hearts", players=4, seed=600 + game)
        while not state.is_terminal():
            seat = rng.randrange(4)
            info = state.information_set(seat)
            reused = [info.sample(k).to_bytes() for k in range(4)]
            fresh = [HeartsInformationSet.from_bytes(seat, info.to_bytes()).sample(k).to_bytes() for k in range(4)]
            assert reused == fresh
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_view_no_deal_fits_is_refused_at_every_sample():
    """A hand-made view whose hand sizes no deal fits (passing and playing phases): every sample raises, the plan
    remembers the refusal rather than a half-built deal."""
    from deadeye.core.errors import InconsistentInformationError

    for moves in (0, 20):
        state = new_game("hearts", players=4, seed=9)
        for _ in range(moves):
            state.apply_action(state.legal_actions()[0])
        info = state.information_set(2)
        view = dict(info.to_dict()["view"])
        view["hand_n"] = [n - 1 for n in view["hand_n"]]
        bad = HeartsInformationSet.from_bytes(2, _packed_view(info, view))
        for seed in range(3):
            with pytest.raises(InconsistentInformationError):
                bad.sample(seed)


def _packed_view(info, view: dict) -> bytes:
    """The bytes of ``view`` in the layout of ``info``'s view (no consistency check, unlike ``from_dict``)."""
    from deadeye.core.layout import pack

    return pack(view, type(info).state_class.layout, len(info.to_bytes()), "hearts view")
