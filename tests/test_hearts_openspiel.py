"""Hearts against OpenSpiel's own ``hearts`` (run when ``open_spiel`` is installed: the optional extra ``openspiel``).

The rules cross-check, random games played in both engines side by side, is every twin's
(``tests/test_openspiel_twins.py``).  Here what only Hearts has: the parameters, the moon, the information sets
against OpenSpiel's information-state strings, OpenSpiel's resampler bug, and OpenSpiel's IS-MCTS bots on Hearts.
"""
from __future__ import annotations

import random

import pytest

from deadeye.bots import BotSpecError, make_bot
from deadeye.core import new_game
from deadeye.core.hearts import from_openspiel_history
from support.hearts_position import cards, position
from test_hearts_rules import MOON_HAND, _play_moon

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[openspiel]')")


@pytest.fixture(scope="module")
def game():
    """OpenSpiel's Hearts as the twin declares it: OpenSpiel's defaults, which are deadeye's rules."""
    from deadeye.core.hearts import OPENSPIEL_TWIN

    game = pyspiel.load_game("hearts")
    params = game.get_parameters()
    assert params == OPENSPIEL_TWIN.parameters(None) == {"avoid_all_tricks_bonus": False, "can_lead_any_club": False,
                      "can_lead_hearts_instead_of_qs": False, "jd_bonus": False, "must_break_hearts": True,
                      "no_pts_on_first_trick": True, "pass_cards": True, "qs_breaks_hearts": True}
    return game


def replay(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def test_moon_matches_openspiel(game):
    ours = _play_moon(position([MOON_HAND, "", "", ""], fill=True))
    assert replay(game, ours.openspiel_history()).returns() == ours.game_returns() == [26.0, 0.0, 0.0, 0.0]


def test_samples_give_openspiel_the_seats_information_state(game, scale):
    """A sample of a seat's information set, replayed into OpenSpiel, gives that seat OpenSpiel's information-state
    string of the true game: the OpenSpiel bots start from exactly what the seat knows."""
    rng = random.Random(12)
    for seed in range(60 * scale):
        state = new_game("hearts", players=4, seed=seed)
        while not state.is_terminal():
            truth = replay(game, state.openspiel_history())
            for seat in range(4):
                sample = state.information_set(seat).sample(rng.getrandbits(63))
                assert replay(game, sample.openspiel_history()).information_state_string(seat) == \
                    truth.information_state_string(seat)
            state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_resampler_breaks_during_the_passing_and_the_renumbering_avoids_it(game):
    """OpenSpiel's ResampleFromInfostate deals a passer that has already passed random cards, then replays its real
    passes; deadeye's replay shows the result is not a game.  With the deciding seat renumbered to seat 0 (which
    passes first), every resample is a legal game and the seat's information state is unchanged."""
    from deadeye.bots.openspiel import passing_seat_first

    deal = new_game("hearts", players=4, seed=2).openspiel_history()[1:]
    state = from_openspiel_history([1] + deal)                 # pass left: seat 3 receives from seat 2
    rng = random.Random(1)
    for _ in range(9):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == 3
    truth = replay(game, state.openspiel_history())
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    broken = 0
    for _ in range(20):
        try:
            from_openspiel_history(truth.resample_from_infostate(3, sampler).history())
        except ValueError:
            broken += 1
    assert broken > 10
    renumbered = replay(game, passing_seat_first(state.openspiel_history(), 3))
    assert renumbered.current_player() == 0
    assert renumbered.information_state_string(0) == truth.information_state_string(3)
    assert renumbered.legal_actions() == truth.legal_actions()
    for _ in range(50):
        from_openspiel_history(renumbered.resample_from_infostate(0, sampler).history())


@pytest.mark.parametrize("spec", ["os-ismcts:iterations=200", "os-ismcts:time_ms=20", "os-ismcts-py:iterations=40"])
def test_openspiel_bots_play_legal_moves(spec):
    state = new_game("hearts", players=4, seed=31)
    bots = [make_bot(spec, seed=seat) for seat in range(4)]
    rng = random.Random(2)
    decisions = 0
    while not state.is_terminal() and decisions < (64 if spec.startswith("os-ismcts:") else 16):
        seat = state.current_player()
        if seat == 1 or len(state.legal_actions()) == 1:
            action = bots[seat].choose(state.information_set(seat))
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def test_openspiel_bots_see_no_hidden_cards():
    """Two games that differ only in cards the seat cannot see give the OpenSpiel bots the same OpenSpiel state,
    and the (deterministic) Python bot the same move.  OpenSpiel's C++ IS-MCTS is not reproducible under a fixed
    seed (the same state and seed give different moves from one call to the next), so its move is only checked
    to be legal."""
    from test_hearts_information import swap_cards

    state = new_game("hearts", players=4, seed=40)
    for _ in range(14):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    info = state.information_set(seat)
    full = state.openspiel_history()
    touched = set(full[53:]) | set(state.hand(seat)) | {0}
    others = [p for p in range(4) if p != seat]
    pair = next((a, b) for a in state.hand(others[0]) for b in state.hand(others[1])
                if a % 4 == b % 4 and a not in touched and b not in touched)
    twin = from_openspiel_history(swap_cards(full, *pair))
    twin_info = twin.information_set(seat)
    assert twin_info == info and twin.hand(others[0]) != state.hand(others[0])
    cpp = make_bot("os-ismcts:iterations=300", seed=7)
    for seed in range(5):
        assert cpp.openspiel_state(info, seed).history() == cpp.openspiel_state(twin_info, seed).history()
    assert cpp.choose(info) in state.legal_actions()
    moves = {make_bot("os-ismcts-py:iterations=100", seed=7).choose(i) for i in (info, twin_info, info)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())


def test_openspiel_bot_parameters():
    bot = make_bot("os-ismcts", seed=1)
    assert bot.budget.iterations == 1000 and bot.c is None and bot.final == "max_visit_count"
    state = new_game("hearts", players=4, seed=1)
    bot.choose(state.information_set(0))
    assert bot.last["c"] == pytest.approx(0.7 * 26) and bot.last["iterations"] == 1000
    for bad in ("os-ismcts:final=best", "os-ismcts:rollouts=0", "os-ismcts:c=-1", "os-ismcts:c=nan", "os-ismcts:c=inf",
                "os-ismcts:iterations=99999999999", "os-ismcts:time_ms=nan", "os-ismcts:depth=3",
                "os-ismcts-py:time_ms=100"):
        with pytest.raises(BotSpecError):
            make_bot(bad)
    with pytest.raises(ValueError, match="OpenSpiel twin"):
        make_bot("os-ismcts:iterations=10").choose(new_game("wyatt-earp", players=2, seed=1).information_set(0))


def test_arena_runs_deadeye_against_openspiel(tmp_path):
    from deadeye.bots.arena import ArenaConfig, run_arena

    result = run_arena(ArenaConfig(game="hearts", bots=("ismcts:iterations=100", "os-ismcts:iterations=100"),
                                   players=4, games=2, out=tmp_path, workers=1, progress=False))
    assert "forfeits: 0" in result.report and "games played: 2 of 2" in result.report


def test_bench_spec_costs_count_the_openspiel_bots_simulations():
    """``deadeye bench hearts --bots ismcts os-ismcts``: the cost per iteration that converts OpenSpiel's simulation
    budget into deadeye's at equal CPU time counts the simulations OpenSpiel ran (its whole budget)."""
    import io

    from deadeye.bots.bench import spec_costs

    rows = spec_costs("hearts", 4, ["ismcts", "os-ismcts"], iterations=40, positions=3, out=io.StringIO())
    assert [(r["spec"], r["iterations"]) for r in rows] == [("ismcts", 120), ("os-ismcts", 120)]
    assert all(r["cpu_us_per_iteration"] > 0 for r in rows)
