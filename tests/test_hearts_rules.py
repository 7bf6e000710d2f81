"""Hearts rules on concrete positions (OpenSpiel's hearts.cc with default parameters): pass directions, the first
trick, breaking hearts, the queen of spades, shooting the moon, results, OpenSpiel's action sequence, bad input."""
from __future__ import annotations

import pytest

from deadeye.core import IllegalActionError, InvalidActionError, InvalidStateError, UnknownGameError, new_game
from deadeye.core.hearts import CARD_NAMES, HeartsState, from_openspiel_history, parse_card
from support.hearts_position import ACROSS, LEFT, RIGHT, cards, deal_of, label, legal, play, position

SUITED = list(range(52))       # deal actions giving seat p all 13 cards of suit p (card = rank * 4 + suit)

# First trick: seat 0 all clubs; seat 1 void in clubs with one heart; seat 2 void in clubs, no points;
# seat 3 only hearts and the queen of spades.
FIRST_TRICK = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
               "2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
               "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
               "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"]

# Breaking hearts: seat 1 takes the first trick with the ace of clubs, seat 3 the second with the ace of diamonds.
BREAKING = ["2C 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H",
            "AC 2D 3D 4D 5D 6D 7D 8S 9S TS JS KS AS",
            "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 8D 9D",
            "TD JD QD KD AD 8H 9H TH JH QH KH AH QS"]

# Seat 0 takes every trick whatever the others play: the ace of clubs on the first trick, then it leads its seven
# top diamonds and five top hearts.
MOON_HAND = "AC AD KD QD JD TD 9D 8D AH KH QH JH TH"


def test_card_encoding_is_openspiels():
    """Card = rank * 4 + suit, suits clubs, diamonds, hearts, spades; labels as OpenSpiel's CardString."""
    assert CARD_NAMES[0] == "2C" and CARD_NAMES[1] == "2D" and CARD_NAMES[2] == "2H" and CARD_NAMES[3] == "2S"
    assert CARD_NAMES[43] == "QS" and CARD_NAMES[51] == "AS" and CARD_NAMES[32] == "TC"
    assert parse_card("QS") == 43 and parse_card("qs") == 43 and parse_card("10h") == parse_card("TH") == 34


@pytest.mark.parametrize("pass_dir, name", [(0, "No Pass"), (LEFT, "Left"), (ACROSS, "Across"), (RIGHT, "Right")])
def test_pass_directions(pass_dir, name):
    """Seat p passes to seat (p + dir) % 4; seats pass in order 0, 1, 2, 3; the cards arrive once all have passed;
    then the holder of the two of clubs leads.  Without passing, play starts at once."""
    state = from_openspiel_history([pass_dir] + SUITED)
    assert state.pass_direction == name
    if pass_dir == 0:
        assert state.phase == "play" and state.current_player() == 0 and state.legal_actions() == [0]
        return
    order = []
    for p in range(4):
        top = [label(c) for c in state.hand(p)[-3:]]           # each seat passes its three highest cards
        for c in reversed(top):
            order.append(state.current_player())
            assert state.phase == "pass"
            assert state.public_label(parse_card(c)) == "passes a card"
            play(state, c)
        if p < 3:
            assert len(state.hand(p)) == 10                     # gone from the hand, not yet received
    assert order == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert state.phase == "play" and state.current_player() == 0 and state.legal_actions() == [0]
    for p in range(4):
        receiver = state.hand((p + pass_dir) % 4)
        assert len(receiver) == 13
        assert {c % 4 for c in receiver} == {(p + pass_dir) % 4, p}
        assert sorted(c for c in receiver if c % 4 == p) == [40 + p, 44 + p, 48 + p]
    assert "the passed cards change hands" in state.describe_events()


def test_two_of_clubs_holder_leads_after_the_pass():
    """Seat 0 passes the two of clubs left: seat 1 leads it."""
    state = from_openspiel_history([LEFT] + SUITED)
    play(state, "2C 3C 4C  2D 3D 4D  2H 3H 4H  2S 3S 4S")
    assert state.current_player() == 1 and legal(state) == {"2C"}
    assert state.describe_events()[-1] == "seat 1 holds the 2C and leads"


def test_first_trick():
    """The two of clubs leads; a seat void in clubs may not play a heart or the queen of spades, unless it holds
    nothing else; points on the first trick go to its taker, and the queen breaks hearts."""
    state = position(FIRST_TRICK)
    assert state.current_player() == 0 and legal(state) == {"2C"}
    play(state, "2C")
    assert legal(state) == set("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD".split())       # not 2H
    play(state, "2D")
    assert legal(state) == set(FIRST_TRICK[2].split())
    play(state, "2S")
    assert legal(state) == set(FIRST_TRICK[3].split())                               # only points: all of them
    assert not state.hearts_broken
    play(state, "QS")
    assert state.points() == [13, 0, 0, 0] and state.current_player() == 0 and state.hearts_broken
    assert state.tricks() == [(0, cards("2C 2D 2S QS"), 0)]
    assert state.describe_events() == ["seat 0 takes trick 1 (13 points)"]


def test_following_suit():
    """A seat holding the led suit must follow it; a void seat may play anything (after the first trick)."""
    state = position(BREAKING, moves="2C AC 3C TD")
    assert state.current_player() == 1 and state.points() == [0, 0, 0, 0]
    play(state, "2D")
    assert legal(state) == {"8D", "9D"}
    play(state, "8D")
    assert legal(state) == {"JD", "QD", "KD", "AD"}
    play(state, "AD")
    assert legal(state) == set("2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H".split())
    play(state, "2S")
    assert state.current_player() == 3 and state.tricks()[-1] == (1, cards("2D 8D AD 2S"), 3)


def test_hearts_cannot_be_led_before_they_are_broken():
    """No heart led while hearts are unbroken and the hand holds other cards; a heart discard breaks them."""
    state = position(BREAKING, moves="2C AC 3C TD 2D 8D AD 2S")
    assert state.current_player() == 3 and not state.hearts_broken
    assert legal(state) == {"JD", "QD", "KD", "QS"}
    play(state, "JD 7H")
    assert state.hearts_broken
    play(state, "3D 9D")
    assert state.points() == [0, 0, 0, 1] and state.current_player() == 3
    assert legal(state) == set("QD KD QS 8H 9H TH JH QH KH AH".split())


def test_a_hand_of_only_hearts_may_lead_one_unbroken():
    state = position(["2C 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
                      "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                      "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH QS",
                      "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"], moves="2C AC 3C 2D")
    assert state.current_player() == 1 and not state.hearts_broken
    assert legal(state) == set(label(c) for c in state.hand(1)) and len(legal(state)) == 12
    play(state, "2H")
    assert state.hearts_broken


def test_queen_of_spades_counts_13_and_breaks_hearts():
    state = position(BREAKING, moves="2C AC 3C TD 2D 8D AD 2S")
    play(state, "QS")                                           # seat 3 leads the queen: hearts are broken
    assert state.hearts_broken
    play(state, "3S KS 4C")                                     # seat 1 takes it with the king of spades
    assert state.points() == [0, 13, 0, 0] and state.current_player() == 1


def _play_moon(state: HeartsState) -> HeartsState:
    plan = iter(cards("AC AD KD QD JD TD 9D 8D AH KH QH JH TH"))
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(next(plan))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_shooting_the_moon():
    """All 26 points to one seat: it scores 0 and the others 26 (OpenSpiel's ComputeScore); OpenSpiel's returns are
    26 - points."""
    state = _play_moon(position([MOON_HAND, "", "", ""], fill=True))
    assert all(taker == 0 for _, _, taker in state.tricks())
    assert state.points() == [0, 26, 26, 26]
    assert state.game_returns() == state.openspiel_returns() == [26.0, 0.0, 0.0, 0.0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert state.evaluate() == [1.0, 0.0, 0.0, 0.0]
    assert "seat 0 shoots the moon" in state.describe_events()


def test_results_without_a_moon():
    """Points are the card points of the tricks taken; scores are 26 - points; returns() shares 1 among the seats
    with the fewest points."""
    state = position(BREAKING, moves="2C AC 3C TD")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    taken = [0] * 4
    for _, trick, taker in state.tricks():
        taken[taker] += sum(1 if c % 4 == 2 else 13 if c == 43 else 0 for c in trick)
    assert sum(taken) == 26 and max(taken) < 26
    pts = state.points()
    assert pts == taken
    assert state.game_returns() == [26.0 - p for p in pts]
    winners = [p for p in range(4) if pts[p] == min(pts)]
    assert state.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(4)]
    assert state.evaluate() == [pytest.approx(1 - p / 26) for p in pts]


def test_returns_are_zero_while_running_and_evaluate_estimates():
    state = position(BREAKING, moves="2C AC 3C TD 2D 8D AD 2S JD 7H")
    assert state.returns() == [0.0] * 4 and state.game_returns() == [0.0] * 4
    # seat 3 is winning the trick on the table (1 point); 25 points are still out, a quarter each
    assert state.evaluate() == [pytest.approx(1 - 6.25 / 26)] * 3 + [pytest.approx(1 - 7.25 / 26)]
    play(state, "3D 9D")
    assert state.points() == [0, 0, 0, 1]
    assert state.evaluate() == [pytest.approx(1 - 6.25 / 26)] * 3 + [pytest.approx(1 - 7.25 / 26)]


def test_segments():
    """The segment is 0 while passing, then 1 + the completed tricks (for rollout cut-offs)."""
    state = from_openspiel_history([LEFT] + SUITED)
    seen = []
    while not state.is_terminal():
        seen.append(state.segment())
        state.apply_action(state.legal_actions()[0])
    assert seen == [0] * 12 + [1 + i // 4 for i in range(52)]


def test_openspiel_history_round_trip():
    """``openspiel_history()`` is the pass direction, the 52 deal actions, the passes and the plays; replaying it
    gives the same state."""
    state = new_game("hearts", players=4, seed=11)
    history = state.openspiel_history()
    assert len(history) == 53 and 0 <= history[0] <= 3 and sorted(history[1:]) == list(range(52))
    for p in range(4):
        assert state.hand(p) == sorted(history[1 + p::4])
    moves = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[moves % len(state.legal_actions())])
        moves += 1
    history = state.openspiel_history()
    assert len(history) == 53 + moves and moves == (52 if history[0] == 0 else 64)
    replay = from_openspiel_history(history)
    assert replay.to_bytes()[:-8] == state.to_bytes()[:-8]
    assert HeartsState.from_openspiel_history(history).points() == state.points()


def test_same_seed_same_deal_and_pass_direction():
    a, b = new_game("hearts", players=4, seed=5), new_game("hearts", players=4, seed=5)
    assert a == b and a.openspiel_history() == b.openspiel_history()
    dirs = {new_game("hearts", players=4, seed=s).openspiel_history()[0] for s in range(40)}
    assert dirs == {0, 1, 2, 3}
    assert new_game("hearts", players=4, seed=6).openspiel_history() != a.openspiel_history()


# ---------------------------------------------------------------------------------------------------- bad input

def test_illegal_actions_raise_and_change_nothing():
    state = position(FIRST_TRICK)
    before = state.to_bytes()
    for bad in (parse_card("3C"), parse_card("2D"), 52, -1, 1000):
        with pytest.raises(IllegalActionError if 0 <= bad < 52 else InvalidActionError):
            state.apply_action(bad)
        assert state.to_bytes() == before
    with pytest.raises(IllegalActionError):
        state.apply_label("3C")
    with pytest.raises(InvalidActionError):
        state.parse_action("ZZ")
    with pytest.raises(InvalidActionError):
        state.action_label(52)
    assert state.to_bytes() == before


def test_bad_openspiel_histories():
    good = [0] + SUITED
    with pytest.raises(InvalidActionError, match="52 deal actions"):
        from_openspiel_history(good[:40])
    with pytest.raises(InvalidActionError, match="pass direction"):
        from_openspiel_history([4] + SUITED)
    with pytest.raises(InvalidActionError, match="each of the 52 cards once"):
        from_openspiel_history([0] + [0] * 52)
    with pytest.raises(IllegalActionError, match="action 53"):
        from_openspiel_history(good + [4])
    with pytest.raises(InvalidActionError):
        from_openspiel_history("not a history")


def test_bad_dicts_are_refused():
    state = position(BREAKING, moves="2C AC 3C TD")
    data = state.to_dict()
    assert HeartsState.from_dict(data) == state
    for field, value in (("hand_n", [13, 12, 12, 12]), ("points", [1, 0, 0, 0]), ("n_played", 5),
                         ("hearts_broken", 1), ("current", 0)):
        broken = {"game": "hearts", "state": dict(data["state"], **{field: value})}
        with pytest.raises(InvalidStateError):
            HeartsState.from_dict(broken)
    swapped = dict(data["state"])
    swapped["hand"] = list(reversed(swapped["hand"]))
    with pytest.raises(InvalidStateError):
        HeartsState.from_dict({"game": "hearts", "state": swapped})
    with pytest.raises(InvalidStateError):
        HeartsState.from_dict({"game": "wyatt-earp", "state": data["state"]})


def test_player_count_and_seats():
    with pytest.raises(UnknownGameError):
        new_game("hearts", players=3)
    with pytest.raises(ValueError):
        new_game("hearts", players=4).information_set(4)
