"""Difficulty levels (bots/registry.py, LEVELS): an iteration budget by default (reproducible), the level's time per
move as well with ``budget=time`` (predictable); and how a time budget reaches the search's deadline."""
from __future__ import annotations

import pytest

from deadeye.bots.registry import LEVELS, PRESETS, make_bot, parse_spec
from deadeye.bots.spec import BotSpecError
from deadeye.core import new_game
from deadeye.search.budget import MAX_ITERATIONS, Budget
from deadeye.search.ismcts import Searcher


def test_levels_are_iterations_by_default_and_time_on_request():
    assert list(LEVELS) == ["easy", "medium", "hard", "max"] and list(PRESETS) == list(LEVELS)
    assert [LEVELS[n].iterations for n in LEVELS] == [100, 1000, 5000, 50000]
    for name, level in LEVELS.items():
        assert make_bot(name).budget == Budget(iterations=level.iterations)
        assert make_bot(f"{name}:budget=iterations").budget == Budget(iterations=level.iterations)
        assert make_bot(f"{name}:budget=time").budget == Budget(level.iterations, level.time_ms)
    assert str(parse_spec("hard:budget=time")) == "ismcts:iterations=5000,time_ms=1000.0"
    assert str(parse_spec("max:budget=time,seed=3")) == "ismcts:iterations=50000,time_ms=3000.0,seed=3"
    # the spec's own values win over the level's, whatever their order
    assert make_bot("hard:time_ms=250,budget=time").budget == Budget(5000, 250.0)
    assert make_bot("hard:budget=time,iterations=700").budget == Budget(700, 1000.0)
    assert make_bot("medium:budget=time,budget=iterations").budget == Budget(iterations=1000)
    # a canonical spec parses back to itself
    assert parse_spec(str(parse_spec("easy:budget=time,c=0.4"))) == parse_spec("easy:budget=time,c=0.4")


@pytest.mark.parametrize("spec, message", [
    ("hard:budget=fast", "bot 'hard': budget='fast' is not iterations or time"),
    ("hard:budget=", "bot 'hard': budget='' is not iterations or time"),
    ("ismcts:budget=time", "bot 'ismcts' has no parameter 'budget'"),
    ("max:time_ms=0", "time_ms='0' is not a number in (0, 86400000]"),
])
def test_bad_level_specs_are_refused(spec, message):
    with pytest.raises(BotSpecError) as excinfo:
        parse_spec(spec)
    assert message in str(excinfo.value)


def test_a_time_budget_is_the_deadline_the_search_stops_at():
    """The mechanism, not a speed: with no reachable iteration limit, a search of a time budget returns only once
    its deadline has passed (so its elapsed time is at least the budget), unstopped and with fewer iterations than
    the limit; an iteration budget with a time limit never exceeds its iterations."""
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    result = Searcher().search(info, Budget(iterations=MAX_ITERATIONS, time_ms=3.0), seed=1)
    assert result.elapsed_ms >= 3.0 and not result.stopped and 0 < result.iterations < MAX_ITERATIONS
    capped = Searcher().search(info, Budget(iterations=50, time_ms=60_000.0), seed=1)
    assert capped.iterations == 50


def test_a_level_in_time_hands_its_time_to_the_search(monkeypatch):
    """``easy:budget=time`` passes the level's budget, time included, to the search; plain ``easy`` passes only
    its iterations (the same move on any machine)."""
    import deadeye.bots.players as players

    state = new_game("hearts", players=4, seed=1)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    info = state.information_set(state.current_player())
    budgets = []
    real = players.parallel_search

    def recording(searchers, run, budget, seed, info_callback=None):
        budgets.append(budget)
        return real(searchers, run, budget, seed, info_callback)

    monkeypatch.setattr(players, "parallel_search", recording)
    timed, plain = make_bot("easy:budget=time", seed=2), make_bot("easy", seed=2)
    timed.choose(info)
    plain.choose(info)
    assert budgets == [Budget(100, 50.0), Budget(iterations=100)]
    assert 1 <= timed.last.iterations <= 100 and plain.last.iterations == 100
