"""Kuhn poker: concrete hands, and the whole game tree checked against OpenSpiel's ``kuhn_poker``.

Kuhn poker is small enough to enumerate: 6 deals and 5 betting sequences.  Every node of every deal is compared
with OpenSpiel (legal actions, their labels, who acts, the end and the returns), and the information sets are
compared as partitions: two nodes look alike to a player in deadeye exactly when OpenSpiel gives that player the
same information state string.
"""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from deadeye.core.kuhn_poker import from_openspiel_history
from deadeye.core.kuhn_poker.data import BET, JACK, KING, PASS, QUEEN
from deadeye.core.observation import apply_observed


def play(deal, bets):
    return from_openspiel_history(list(deal) + list(bets))


@pytest.mark.parametrize("deal, bets, chips", [
    ((KING, JACK), (PASS, PASS), [1, -1]),           # checked through: the antes to the higher card
    ((JACK, QUEEN), (PASS, PASS), [-1, 1]),
    ((QUEEN, KING), (BET, BET), [-2, 2]),            # bet and call: two chips each
    ((QUEEN, JACK), (BET, PASS), [1, -1]),           # a fold leaves the pot to the bettor, whatever the cards
    ((JACK, KING), (PASS, BET, PASS), [-1, 1]),      # check, bet, fold
    ((KING, QUEEN), (PASS, BET, BET), [2, -2]),      # check, bet, call: showdown
])
def test_every_way_a_hand_ends(deal, bets, chips):
    state = play(deal, bets)
    assert state.is_terminal() and state.current_player() == -1
    assert state.bets() == list(bets) and state.openspiel_history() == list(deal) + list(bets)
    assert state.to_dict()["state"]["moves"][:len(bets)] == list(bets)     # the plain-dict form keeps its names
    assert state.game_returns() == [float(c) for c in chips]
    assert state.returns() == [1.0 if c > 0 else 0.0 for c in chips]


def test_the_other_card_is_seen_only_at_a_showdown():
    fold = play((KING, JACK), (BET, PASS))
    showdown = play((KING, JACK), (BET, BET))
    assert fold.information_set(1).to_dict()["view"]["card"] == [255, JACK]
    assert showdown.information_set(1).to_dict()["view"]["card"] == [KING, JACK]


def test_every_action_is_public():
    state = play((QUEEN, KING), ())
    seen = apply_observed(state, BET)
    assert [o.observation for o in seen] == [BET, BET]
    assert [o.label for o in seen] == ["Bet", "Bet"] and all(o.noticed for o in seen)
    last = apply_observed(state, BET)
    assert last[0].events == ("showdown: Q against K; player 1 takes the pot",)


def test_the_sampler_deals_the_other_card_uniformly():
    info = play((QUEEN, KING), (PASS,)).information_set(1)
    counts = Counter(info.sample(seed).card(0) for seed in range(3000))
    assert set(counts) == {JACK, QUEEN}
    assert abs(counts[JACK] - 1500) < 4 * (3000 * 0.25) ** 0.5       # binomial, four standard deviations
    for seed in range(50):
        assert info.sample(seed).information_set(1) == info


BETTING = [(), (PASS,), (BET,), (PASS, PASS), (PASS, BET), (BET, PASS), (BET, BET), (PASS, BET, PASS),
           (PASS, BET, BET)]


def test_the_labels_and_information_sets_match_openspiel_over_the_whole_tree():
    """Every node of the game (6 deals, 9 betting sequences): OpenSpiel's labels, OpenSpiel's returns as
    ``game_returns()``, and the information sets as partitions.  The rules cross-check (current player, legal actions,
    end, returns) is every twin's: tests/test_openspiel_twins.py."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("kuhn_poker")
    looks = {0: {}, 1: {}}
    for deal in itertools.permutations(range(3), 2):
        for bets in BETTING:
            ours = play(deal, bets)
            theirs = game.new_initial_state()
            for a in list(deal) + list(bets):
                theirs.apply_action(a)
            if theirs.is_terminal():
                assert ours.game_returns() == theirs.returns()
                continue
            assert [ours.action_label(a) for a in ours.legal_actions()] == \
                [theirs.action_to_string(theirs.current_player(), a) for a in theirs.legal_actions()]
            for player in (0, 1):
                looks[player].setdefault(theirs.information_state_string(player), set()).add(
                    ours.information_set(player).to_bytes())
    for player in (0, 1):        # one deadeye information set per OpenSpiel information state, and no sharing
        assert all(len(ours) == 1 for ours in looks[player].values())
        assert len({next(iter(ours)) for ours in looks[player].values()}) == len(looks[player])
