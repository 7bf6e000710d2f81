"""Liar's Dice: concrete positions and their exact outcomes, as OpenSpiel's ``liars_dice`` plays them.

The random-game cross-check against OpenSpiel itself is the generic ``tests/test_openspiel_twins.py`` (every
``numdice``'s ends and a random value of its range); here each rule has a position whose outcome is known by hand.
Dice are written as OpenSpiel's chance ids: face f is id f - 1.
"""
from __future__ import annotations

from collections import Counter

import pytest

from deadeye.core import IllegalActionError, new_game
from deadeye.core.liars_dice import from_openspiel_history
from deadeye.core.liars_dice.data import MAX_DICE, NUM_ACTIONS
from deadeye.core.narrate import narrate
from deadeye.core.observation import apply_observed


def bid(quantity: int, face: int) -> int:
    """OpenSpiel's id of the bid "quantity-face" (reset-face bidding)."""
    return (quantity - 1) * 6 + face - 1


def dice(*faces: int) -> list[int]:
    return [f - 1 for f in faces]


@pytest.mark.parametrize("rolls, bids, scores", [
    # one die each; the bid stands when enough dice match its face, sixes wild
    ((3, 5), [bid(1, 5)], [1, -1]),           # the caller's own 5 makes player 0's bid true
    ((3, 5), [bid(2, 5)], [-1, 1]),           # only one 5: the caller wins
    ((6, 4), [bid(2, 4)], [1, -1]),           # player 0's wild 6 and player 1's 4: two 4s
    ((6, 6), [bid(2, 6)], [1, -1]),           # two sixes bid on sixes
    ((6, 4), [bid(2, 6)], [-1, 1]),           # a bid on sixes counts only sixes: the 4 is no six
    ((2, 3), [bid(1, 1), bid(1, 2)], [-1, 1]),      # player 1 bids, player 0 calls: one 2, the bid stands
    ((2, 3), [bid(1, 1), bid(2, 2)], [1, -1]),      # two 2s claimed, one shown: the caller (player 0) wins
])
def test_a_liar_call_is_won_by_the_bidder_exactly_when_enough_dice_match(rolls, bids, scores):
    state = from_openspiel_history(dice(*rolls) + bids)
    liar = 12                                             # one past the last bid of a game of one die each
    assert state.legal_actions()[-1] == liar and state.action_label(liar) == "Liar"
    state.apply_action(liar)
    assert state.is_terminal() and state.current_player() == -1
    assert state.game_returns() == [float(s) for s in scores]
    assert state.returns() == [1.0 if s > 0 else 0.0 for s in scores]


def test_bids_only_rise_and_liar_needs_a_bid():
    state = from_openspiel_history(dice(2, 3))
    assert state.legal_actions() == list(range(12)), "no Liar before the first bid"
    state.apply_action(bid(1, 6))
    assert state.current_player() == 1 and state.legal_actions() == list(range(6, 13))
    with pytest.raises(IllegalActionError):
        state.apply_action(bid(1, 6))                     # not higher than the last bid
    state.apply_action(bid(2, 6))                         # the highest bid of two dice: only Liar is left
    assert state.legal_actions() == [12]


def test_numdice_moves_liar_and_the_bids_with_it():
    """Two dice each: bids run to "4-6" (id 23) and Liar is 24; id 12 is a bid ("3-1"), not Liar."""
    state = from_openspiel_history(dice(1, 6, 2, 2) + [bid(2, 2)], numdice=2)
    assert state.legal_actions() == list(range(bid(2, 2) + 1, 25))
    assert state.action_label(12) == "3-1" and state.action_label(24) == "Liar"
    state.apply_action(bid(4, 2))                         # player 1 claims four 2s: the 6 is wild, the 1 is not
    state.apply_action(24)
    assert state.game_returns() == [1.0, -1.0]                  # three match: player 0, the caller, wins


def test_the_largest_game_fills_the_action_ids():
    state = new_game("liars-dice", players=2, seed=1, numdice=MAX_DICE)
    assert NUM_ACTIONS == 2 * MAX_DICE * 6 + 1 and state.legal_actions() == list(range(NUM_ACTIONS - 1))
    state.apply_action(NUM_ACTIONS - 2)                   # "84-6": every die a six
    assert state.legal_actions() == [NUM_ACTIONS - 1]
    state.apply_action(NUM_ACTIONS - 1)
    assert state.is_terminal() and sorted(state.game_returns()) == [-1.0, 1.0]


def test_the_other_dice_are_seen_only_once_liar_is_called():
    state = from_openspiel_history(dice(3, 5) + [bid(1, 5)])
    assert state.information_set(0).dice() == [0, 0, 1, 0, 0, 0]
    assert state.information_set(0).to_dict()["view"]["dice"] == [[0, 0, 1, 0, 0, 0], [0] * 6]
    seen = apply_observed(state, 12)
    assert [o.label for o in seen] == ["Liar", "Liar"]
    assert seen[0].events == ("player 1 calls Liar on 1-5: player 0 shows 3, player 1 shows 5; 1 count (sixes wild); "
                              "player 0 wins",)
    assert state.information_set(0).to_dict()["view"]["dice"] == [[0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 1, 0]]


def test_the_narrator_says_bids_and_the_call_in_words_from_each_side():
    state = from_openspiel_history(dice(3, 5))
    bids = apply_observed(state, bid(2, 5))
    assert narrate(bids[0], ["Ann", "Bo"]) == "You bid two 5s" and narrate(bids[1], ["Ann", "Bo"]) == "Ann bids two 5s"
    call = apply_observed(state, 12)
    assert narrate(call[0], ["Ann", "Bo"]) == ("Bo calls Liar on two 5s: you show 3, Bo shows 5; 1 die matches "
                                               "(sixes are wild); Bo wins")
    assert narrate(call[1], ["Ann", "Bo"]).startswith("You call Liar on two 5s: Ann shows 3, you show 5")


def test_the_sampler_rolls_the_other_dice_uniformly_and_keeps_the_own():
    info = from_openspiel_history(dice(2, 2, 4, 6) + [bid(1, 2)], numdice=2).information_set(1)
    samples = [info.sample(seed) for seed in range(3000)]
    assert all(s.dice(1) == [0, 0, 0, 1, 0, 1] and s.information_set(1) == info for s in samples)
    pairs = Counter(tuple(s.dice(0)) for s in samples)
    assert len(pairs) == 21                               # every multiset of two faces
    doubles = sum(n for counts, n in pairs.items() if 2 in counts)
    assert abs(doubles - 500) < 4 * (3000 * (1 / 6) * (5 / 6)) ** 0.5      # a double one time in six


def test_the_heuristic_bids_what_its_dice_support_and_calls_the_rest():
    from deadeye.core.liars_dice.heuristic import LiarsDiceHeuristic

    policy = LiarsDiceHeuristic()
    assert policy.choose(from_openspiel_history(dice(3, 5)), seed=1) == bid(1, 3)       # the lowest true bid
    assert policy.choose(from_openspiel_history(dice(3, 6) + [bid(1, 3)]), seed=1) == bid(1, 4)   # its 6 is wild
    assert policy.choose(from_openspiel_history(dice(3, 5) + [bid(1, 3)]), seed=1) == 12  # a 3 or 6 in 3: Liar
    assert policy.choose(from_openspiel_history(dice(3, 5) + [bid(2, 4)]), seed=1) == 12  # two 4s: unlikely
    weights = policy.weights(from_openspiel_history(dice(3, 5) + [bid(2, 4)]))
    assert weights[12] == 1.0 and sum(weights.values()) == 1.0
