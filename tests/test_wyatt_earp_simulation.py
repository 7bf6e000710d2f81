"""Wyatt Earp over many seeded random games: the game's own invariants (78 cards in exactly one place, money only
moving from the bank to posters to players, every game ending).  The contract every game passes is in
tests/test_game_contract.py."""
import random

import pytest

from deadeye.core import new_game

PLAYER_COUNTS = [2, 3, 4, 5, 6]


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_invariants_over_2000_random_games(players, scale):
    """§1.1 conservation of the 78 cards, §10 money moves only poster -> player, §2.3 posters +$1000 a round."""
    rng = random.Random(1000 + players)
    rounds = 0
    for seed in range(2000 * scale):
        state = new_game("wyatt-earp", players=players, seed=seed)
        money, posters, round_ = state.money(), state.posters(), state.round
        assert money == [0] * players and posters == [1000] * 7
        actions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
            problem = state.validate()
            assert not problem, f"seed {seed}, action {actions}: {problem}"
            new_money, new_posters = state.money(), state.posters()
            if state.round == round_ and not state.is_terminal():
                assert new_money == money, "money moved during a round"
                assert all(b >= a for a, b in zip(posters, new_posters)), "a poster shrank during a round"
            else:
                grant = 7000 * (state.round - round_)
                assert sum(new_money) + sum(new_posters) == sum(money) + sum(posters) + grant, \
                    f"seed {seed}: scoring created or destroyed money"
                assert all(b >= a for a, b in zip(money, new_money))
            money, posters, round_ = new_money, new_posters, state.round
            assert actions < 20000
        assert max(money) >= 25000, "§11: the game ends only once somebody has $25,000"
        winner = state.winner
        assert money[winner] == max(money) and state.returns()[winner] == 1.0 and sum(state.returns()) == 1.0
        rounds += state.round
    assert rounds >= 2000 * scale
