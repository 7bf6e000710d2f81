"""deadeye.interop.openspiel: every game and player count passes OpenSpiel's random_sim_test with serialisation,
Kuhn poker's adaptor is OpenSpiel's kuhn_poker (tensors, returns, CFR's exploitability), and hidden information stays
hidden."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from deadeye.core import list_games, new_game  # noqa: E402
from deadeye.interop import openspiel as adaptor  # noqa: E402

CONFIGS = [(g.name, n) for g in list_games() for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize("game,players", CONFIGS)
def test_openspiel_random_sim_test_passes(game, players):
    loaded = adaptor.load_game(game, players=players, **({} if game == "kuhn-poker" else {"deals": 64}))
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_parameters():
    names = set(pyspiel.registered_names())
    for info in list_games():
        assert adaptor.game_name(info.name) in names
    spec = pyspiel.load_game("deadeye_bang").get_type().parameter_specification
    assert spec["players"] == 4 and spec["gold_rush"] is True and spec["ghosts"] is False
    assert spec["deals"] == adaptor.DEFAULT_DEALS
    game = pyspiel.load_game("deadeye_colt_express(players=3,advanced=True,first_player=2,deals=10)")
    state = game.new_initial_state()
    state.apply_action(4)
    assert state.deadeye_state == new_game("colt-express", players=3, seed=4, advanced=True, first_player=2)


def test_a_history_replays_through_openspiels_serialisation():
    game = adaptor.load_game("way-out-west", players=3, deals=100)
    state = game.new_initial_state()
    state.apply_action(17)
    rng = np.random.default_rng(3)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history() and again.deadeye_state == state.deadeye_state


@pytest.mark.parametrize("params,message", [
    ({"players": 9}, "wyatt-earp is for 2 to 6 players, not 9"),
    ({"deals": 0}, "deals must be an integer from 1"),
    ({"first_dealer": 5, "players": 2}, "option first_dealer takes none"),
])
def test_bad_parameters_are_clear_errors(params, message):
    with pytest.raises(Exception, match=message):
        adaptor.load_game("wyatt-earp", **params)


def test_an_illegal_action_raises_and_leaves_the_state_untouched():
    state = adaptor.load_game("hearts", deals=10).new_initial_state()
    state.apply_action(3)
    before = state.deadeye_state.clone()
    bad = next(a for a in range(52) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(bad)
    assert state.deadeye_state == before
    with pytest.raises(Exception, match="not a chance outcome"):
        adaptor.load_game("hearts", deals=10).new_initial_state().apply_action(10)


@pytest.mark.parametrize("game,players", [("wyatt-earp", 4), ("hearts", 4), ("colt-express", 3), ("bang", 5),
                                          ("way-out-west", 3)])
def test_hidden_information_stays_hidden(game, players):
    """Twin states (they differ only in what a seat cannot see) give that seat the same tensor and strings."""
    loaded = adaptor.load_game(game, players=players, deals=10)
    state = loaded.new_initial_state()
    state.apply_action(4)
    rng = np.random.default_rng(4)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(players):
        twin = next(s for s in (state.deadeye_state.information_set(seat).sample(k) for k in range(50))
                    if s != state.deadeye_state)
        other = loaded.state_of(twin)
        assert np.array_equal(state.information_state_tensor(seat), other.information_state_tensor(seat))
        assert state.information_state_string(seat) == other.information_state_string(seat)
        assert state.observation_string(seat) == other.observation_string(seat)
        assert np.array_equal(state.observation_tensor(seat), other.observation_tensor(seat))
    if game in ("hearts", "wyatt-earp"):     # hands: another seat sees what seat 0 cannot, so the test can fail
        seen = loaded.state_of(state.deadeye_state.information_set(0).sample(1))
        assert state.information_state_string(1) != seen.information_state_string(1)
        assert not np.array_equal(state.information_state_tensor(1), seen.information_state_tensor(1))


# --- Kuhn poker: the adaptor is OpenSpiel's kuhn_poker ------------------------------------------------------------

def all_histories(game):
    """Every history of the game, chance included."""
    out, stack = [], [game.new_initial_state()]
    while stack:
        state = stack.pop()
        out.append(state)
        if state.is_terminal():
            continue
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        for a in actions:
            stack.append(state.child(a))
    return out


def test_kuhn_poker_is_openspiels_kuhn_poker_node_for_node():
    native, ours = pyspiel.load_game("kuhn_poker"), adaptor.load_game("kuhn-poker")
    native_states = {tuple(s.history()): s for s in all_histories(native)}
    our_states = {tuple(s.history()): s for s in all_histories(ours)}
    assert native_states.keys() == our_states.keys() and len(our_states) == 58
    for history, theirs in native_states.items():
        mine = our_states[history]
        assert mine.current_player() == theirs.current_player()
        if theirs.is_chance_node():
            assert [(a, round(p, 12)) for a, p in mine.chance_outcomes()] == \
                [(a, round(p, 12)) for a, p in theirs.chance_outcomes()]
            continue
        assert mine.returns() == theirs.returns()
        assert mine.legal_actions() == theirs.legal_actions()
        for player in range(2):
            assert mine.information_state_tensor(player) == theirs.information_state_tensor(player), history
    partition = {}
    for history, theirs in native_states.items():    # information sets: the same partition of the decision nodes
        if theirs.is_chance_node() or theirs.is_terminal():
            continue
        p = theirs.current_player()
        partition.setdefault(theirs.information_state_string(p), set()).add(
            our_states[history].information_state_string(p))
    assert all(len(v) == 1 for v in partition.values())
    assert len({next(iter(v)) for v in partition.values()}) == len(partition) == 12


def test_cfr_on_the_adaptor_reaches_openspiels_exploitability():
    from open_spiel.python.algorithms import cfr, exploitability

    results = []
    for game in (pyspiel.load_game("kuhn_poker"), adaptor.load_game("kuhn-poker")):
        solver = cfr.CFRSolver(game)
        for _ in range(60):
            solver.evaluate_and_update_policy()
        results.append(exploitability.exploitability(game, solver.average_policy()))
    assert results[1] == pytest.approx(results[0], abs=1e-12)
    assert results[0] < 0.02


def test_a_history_the_adaptor_plays_is_the_deadeye_game():
    state = adaptor.load_game("kuhn-poker").new_initial_state()
    for a in (2, 0, 1, 1):
        state.apply_action(a)
    from deadeye.core.kuhn_poker import from_openspiel_history

    assert state.deadeye_state == from_openspiel_history([2, 0, 1, 1]) and state.returns() == [2.0, -2.0]
    assert list(itertools.chain(state.history())) == [2, 0, 1, 1]


def test_the_documented_cfr_run_matches_column_for_column():
    """docs/interop.md's ``python -m deadeye.interop.examples cfr``, shortened."""
    import io

    from deadeye.interop.examples import cfr_run

    out = io.StringIO()
    rows = cfr_run(40, checkpoints=2, out=out)
    assert [r[0] for r in rows] == [20, 40] and all(native == ours for _, native, ours in rows)
    assert rows[1][1] < rows[0][1] and "deadeye_kuhn_poker" in out.getvalue()
