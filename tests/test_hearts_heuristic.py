"""The Hearts heuristic (core/hearts/heuristic.pyx, the rollout policy of ``rollout=heuristic``) on concrete
positions: what it passes, leads, follows with and discards."""
from __future__ import annotations

from deadeye.core.hearts.heuristic import HeartsHeuristic
from support.hearts_position import LEFT, label, play, position

# Seat 0 all clubs; seat 1 void in clubs with one heart; seat 2 void in clubs, no points; seat 3 only hearts and QS.
FIRST_TRICK = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
               "2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
               "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
               "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"]
# Seat 1 takes the first trick with the ace of clubs; seat 3 holds the top diamonds, hearts and QS.
BREAKING = ["2C 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H",
            "AC 2D 3D 4D 5D 6D 7D 8S 9S TS JS KS AS",
            "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 8D 9D",
            "TD JD QD KD AD 8H 9H TH JH QH KH AH QS"]

POLICY = HeartsHeuristic()


def _choice(state, seed: int = 1) -> str:
    return label(POLICY.choose(state, seed))


def test_passes_the_dangerous_cards_first():
    """The queen of spades, then the ace and king of spades, then hearts, then high cards of short suits."""
    state = position(FIRST_TRICK, pass_dir=LEFT)
    passed = []
    while state.phase == "pass":
        passed.append((state.current_player(), _choice(state)))
        play(state, passed[-1][1])
    assert passed == [(0, "AC"), (0, "KC"), (0, "QC"), (1, "2H"), (1, "KD"), (1, "QD"),
                      (2, "AS"), (2, "KS"), (2, "AD"), (3, "QS"), (3, "AH"), (3, "KH")]


def test_discards_high_cards_on_the_first_trick_and_dumps_the_queen():
    """First trick, void in clubs: seat 1 (no points allowed) throws its highest card, seat 2 its ace of spades
    while the queen is out, seat 3 (only points in hand) the queen of spades."""
    state = position(FIRST_TRICK, moves="2C")
    assert [_choice(play(state, move) if move else state) for move in ("", "KD", "AS")] == ["KD", "AS", "QS"]
    play(state, "QS")
    assert _choice(state) == "3C"                            # seat 0 took the trick and leads its lowest card
    play(state, "3C")
    assert _choice(state) == "2H"                            # void again: its only heart before its diamonds


def test_ducks_under_the_winning_card_or_takes_with_the_highest():
    """Following: the highest card under the trick's winner, else the highest card (it takes the trick anyway)."""
    state = position(BREAKING, moves="2C AC")
    assert _choice(state) == "KC"                            # every club is under the ace: the highest of them
    play(state, "KC")
    assert _choice(state) == "AD"                            # void, no points on the first trick: the highest card
    play(state, "AD 2D")                                     # seat 1 won and leads its lowest card
    assert _choice(state) == "9D"                            # 8D and 9D are both over 2D: it takes with the 9
    play(state, "9D")
    assert _choice(state) == "KD"                            # nothing under the 9 either: the king
    play(state, "KD")
    assert _choice(state) == "7H"                            # void in diamonds: its highest heart
    play(state, "7H 8H")                                     # seat 3 leads a heart
    assert _choice(state) == "6H"                            # the highest heart under the 8


def test_leads_the_lowest_rank_with_ties_drawn_at_random():
    """Seat 1 wins the first trick with the ace of clubs and leads: 3D and 3S tie as its lowest rank."""
    state = position(["2C", "AC 3D 3S 9D TD JD QD KD AD 9S TS JS KS", "", ""], fill=True)
    play(state, "2C AC")
    while state.current_player() != 1:
        play(state, label(state.legal_actions()[0]))
    assert {_choice(state, seed) for seed in range(40)} == {"3D", "3S"}
