"""Way Out West invariants over seeded random games (rules 1.4): pieces conserved per player and supply, money
conserved with the treasury, two action turns per player per round, four income steps, the end after round 12.
The contract every game passes is in tests/test_game_contract.py."""
import random

import pytest

from deadeye.core import new_game
from deadeye.core.way_out_west.data import EV_INCOME, EV_SCORE, PH_ACTION
from deadeye.core.way_out_west.heuristic import WayOutWestHeuristic

START = {2: 25, 3: 20, 4: 20, 5: 25}


def recount(v: dict) -> None:
    """The invariants of 1.4, recounted from the plain form (independently of the engine's validate())."""
    n = v["n_players"]
    for p in range(n):
        assert sum(v["cowboys"][t][p] for t in range(5)) + v["cowboy_supply"][p] == 9
        assert sum(v["cattle"][t][p] for t in range(5)) + v["cattle_supply"][p] == 9
        for k in range(6):
            on_board = sum(1 for t in range(5) if v["building"][t][k] == p)
            assert on_board + v["bt_supply"][p][k] + v["bt_removed"][p][k] == 3
        assert v["money"][p] >= 0
    assert v["wanted_pool"] + sum(v["wanted"][:n]) == 13
    unplaced = sum(1 for p in range(n) if not v["farmer_placed"][p])
    assert unplaced + sum(v["farmer_at"]) + v["farmers_removed"] == n
    assert sum(v["money"][:n]) + v["treasury"] == START[n] * n


def play(players: int, seed: int, recount_every: int) -> int:
    """One game, half random and half heuristic moves; every invariant after every action.  Returns its length."""
    state = new_game("way-out-west", players=players, seed=seed)
    rng = random.Random(seed)
    policy = WayOutWestHeuristic()
    turns = {}
    incomes = scores = actions = 0
    while not state.is_terminal():
        v = state.to_dict()["state"] if actions % recount_every == 0 else None
        if v is not None:
            recount(v)
        if state.phase == "action":
            turns[state.round] = turns.get(state.round, 0) + 1
        rnd = state.round
        if rng.random() < 0.5:
            action = rng.choice(state.legal_actions())
        else:
            action = policy.choose(state, rng.getrandbits(63))
        state.apply_action(action)
        actions += 1
        assert state.validate() == ""
        assert state.round in (rnd, rnd + 1) and state.round <= 12
        for kind, *_ in state.events():
            incomes += kind == EV_INCOME
            scores += kind == EV_SCORE
    recount(state.to_dict()["state"])
    assert state.round == 12 and state.phase == "over"
    assert turns == {r: 2 * players for r in range(1, 13)}
    assert incomes == 4 * players and scores == players
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9 and max(returns) > 0
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_over_random_games(players, scale):
    for g in range(100 * scale):
        play(players, 1000 * players + g, recount_every=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_invariants_over_2000_games_per_player_count(players, request):
    if not request.config.getoption("--long"):
        pytest.skip("a long invariant run: select it with --long")
    for g in range(2000):
        play(players, 777_000 + 10_000 * players + g, recount_every=7)


def test_same_seed_same_game():
    def moves(seed):
        state = new_game("way-out-west", players=4, seed=seed)
        rng, out = random.Random(9), []
        while not state.is_terminal():
            out.append(rng.choice(state.legal_actions()))
            state.apply_action(out[-1])
        return out, state.to_dict()
    assert moves(3) == moves(3) and moves(3) != moves(4)


def test_a_sample_differs_only_in_its_dice():
    state = new_game("way-out-west", players=3, seed=2)
    info = state.information_set(1)
    a, b = info.sample(1), info.sample(2)
    fields = [{k: v for k, v in s.to_dict()["state"].items() if k != "rng"} for s in (a, b, state)]
    assert fields[0] == fields[1] == fields[2]
    assert len({a.to_dict()["state"]["rng"], b.to_dict()["state"]["rng"], state.to_dict()["state"]["rng"]}) == 3
    assert a.information_set(1) == info and info.validate() == ""
