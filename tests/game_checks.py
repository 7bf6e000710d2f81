"""The checks every game must pass, over seeded random games (OpenSpiel's ``basic_tests`` habit, one step further:
every seat's sample must give that seat back exactly the information set it was drawn from).

Use ``check_random_games(make_state, games, seed)`` from a game's own test module.
"""
from __future__ import annotations

import pickle
import random
from typing import Callable



def check_state(state, rng: random.Random) -> None:
    """Every contract check on one non-terminal state."""
    n = state.num_players()
    seat = state.current_player()
    assert 0 <= seat < n, f"current player {seat} out of range"
    legal = state.legal_actions()
    assert legal, "a non-terminal state must offer its current player an action"
    assert legal == sorted(set(legal)), "legal actions must be unique and ascending"
    labels = [state.action_label(a) for a in legal]
    assert len(set(labels)) == len(labels), f"labels not unique: {labels}"
    for a, label in zip(legal, labels):
        assert state.parse_action(label) == a, f"{label!r} does not parse back to {a}"
    # copies: equal, independent, picklable, and the plain dict round-trips
    clone = state.clone()
    assert clone == state and clone is not state
    assert pickle.loads(pickle.dumps(state)) == state
    assert type(state).from_dict(state.to_dict()) == state
    # information sets: the current seat sees its exact options; each seat's sample gives it back its own view
    # (another seat may believe it is to move while a hidden window is open: that is its information set)
    for p in range(n):
        info = state.information_set(p)
        if p == seat:
            assert info.current_player() == seat and info.legal_actions() == legal
        assert type(info).from_dict(info.to_dict()) == info
        sample = info.sample(rng.getrandbits(63))
        assert sample.information_set(p) == info, f"seat {p}'s sample does not reproduce its information set"
        if p == seat:
            assert sample.legal_actions() == legal


def check_random_games(make_state: Callable[[int], object], games: int, seed: int, max_actions: int = 20000,
                       full_every: int = 1) -> int:
    """Play ``games`` random games; every state passes ``check_state`` (every ``full_every``-th action), a clone
    played alongside with the same actions stays equal, and every game ends with returns in [0, 1].
    Returns the number of actions played."""
    rng = random.Random(seed)
    total = 0
    for g in range(games):
        state = make_state(seed * 100003 + g)
        twin = state.clone()
        actions = 0
        while not state.is_terminal():
            if actions % full_every == 0:
                check_state(state, rng)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            twin.apply_action(action)
            actions += 1
            assert actions <= max_actions, f"game {g} did not end within {max_actions} actions"
        assert twin == state, "a clone did not evolve identically to its original"
        assert state.legal_actions() == [] and state.current_player() == -1
        returns = state.returns()
        assert len(returns) == state.num_players() and all(0.0 <= r <= 1.0 for r in returns)
        total += actions
    return total
