"""Hearts over many seeded random games: the game's own invariants (52 cards in exactly one place, OpenSpiel's turn
order and scoring, the public ``allowed`` masks never contradicting a hand).  The contract every game passes is in
tests/test_game_contract.py."""
import random

import pytest

from deadeye.core import new_game
from deadeye.core.hearts import from_openspiel_history

HEARTS_SUIT = 2
QUEEN_SPADES = 43


def card_points(c: int) -> int:
    return 1 if c % 4 == HEARTS_SUIT else 13 if c == QUEEN_SPADES else 0


@pytest.mark.slow
def test_invariants_over_2000_random_games(scale):
    rng = random.Random(2024)
    moons = ties = 0
    for seed in range(2000 * scale):
        state = new_game("hearts", players=4, seed=seed)
        history = state.openspiel_history()
        pass_dir = history[0]
        dealt = [set(history[1 + p::4]) for p in range(4)]
        passed = [[] for _ in range(4)]
        played, taken = [], [0] * 4
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            hand = set(state.hand(seat))
            assert set(legal) <= hand
            action = legal[rng.randrange(len(legal))]
            if state.phase == "pass":
                assert seat == len(sum(passed, [])) // 3
                passed[seat].append(action)
            else:
                on_table = len(played) % 4
                if on_table:
                    led = played[-on_table] % 4
                    assert any(c % 4 == led for c in hand) == all(c % 4 == led for c in legal)
                played.append(action)
            state.apply_action(action)
            # every card is in exactly one place: a hand, in transit (passed, not yet received), or played
            hands = [set(state.hand(p)) for p in range(4)]
            in_transit = set(sum(passed, [])) if state.phase == "pass" else set()
            places = sum(len(h) for h in hands) + len(in_transit) + len(played)
            assert places == 52 and set().union(*hands, in_transit, played) == set(range(52))
            # the public masks of what each seat may hold never exclude a card it holds
            for p in range(4):
                assert hands[p] <= set(state.possible_cards(p))
            if len(played) % 4 == 0 and played and state.phase != "pass":
                trick = played[-4:]
                leader, cards, taker = state.tricks()[len(played) // 4 - 1]
                assert cards == trick
                led = trick[0] % 4
                best = max((c for c in trick if c % 4 == led))
                assert taker == (leader + trick.index(best)) % 4
                taken[taker] += sum(card_points(c) for c in trick)
        # passes went in the pass direction
        if pass_dir:
            for p in range(4):
                assert len(passed[p]) == 3 and set(passed[p]) <= dealt[p]
        assert len(played) == 52
        moon = 26 in taken
        moons += moon
        expected = [0 if t == 26 else 26 for t in taken] if moon else taken
        assert state.points() == expected
        assert state.game_returns() == [26.0 - p for p in expected]
        assert sum(state.game_returns()) == (26.0 if moon else 78.0)
        best = min(expected)
        winners = [p for p in range(4) if expected[p] == best]
        ties += len(winners) > 1
        assert state.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(4)]
        replay = from_openspiel_history(state.openspiel_history())
        assert replay.to_bytes()[:-8] == state.to_bytes()[:-8]
    assert moons > 0 and ties > 0
