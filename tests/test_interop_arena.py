"""The adaptors in deadeye arena: OpenSpiel's Python IS-MCTS (os-ismcts-any) and PettingZoo-style policies
(pz-policy) sit at a seat of every game, registered through the deadeye.bots entry point."""
from __future__ import annotations

import pytest

from deadeye.bots import BotSpecError, bot_names, make_bot
from deadeye.bots.registry import FAIR_BOTS, plugin_bots, register_bot
from deadeye.core import list_games, new_game


def first_decision(game: str, players: int, seed: int = 1):
    state = new_game(game, players=players, seed=seed)
    return state, state.information_set(state.current_player())


def test_the_plugin_bots_are_registered_but_not_offered_over_the_protocol():
    assert {"os-ismcts-any", "pz-policy"} <= set(plugin_bots()) <= set(bot_names())
    assert not {"os-ismcts-any", "pz-policy"} & set(FAIR_BOTS)
    with pytest.raises(ValueError, match="deadeye's own"):
        register_bot("ismcts", object, {}, "")


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_openspiels_ismcts_plays_every_game_through_the_adaptor(game):
    pytest.importorskip("pyspiel")
    players = next(g for g in list_games() if g.name == game).min_players
    state, info = first_decision(game, players)
    bot = make_bot("os-ismcts-any:iterations=20", seed=3)
    assert bot.capabilities.plays(game)
    action = bot.choose(info)
    assert action in state.legal_actions()
    again = make_bot("os-ismcts-any:iterations=20", seed=3).choose(info)
    assert again == action                                     # the same seed, the same move


def test_openspiels_ismcts_takes_no_time_budget_and_says_so():
    pytest.importorskip("pyspiel")
    from deadeye.search.budget import Budget

    _, info = first_decision("kuhn-poker", 2)
    with pytest.raises(ValueError, match="no time budget"):
        make_bot("os-ismcts-any").choose(info, Budget(time_ms=10))
    with pytest.raises(BotSpecError, match="no parameter 'time_ms'"):
        make_bot("os-ismcts-any:time_ms=10")


def test_a_pettingzoo_policy_plays_with_the_arenas_seeds():
    state, info = first_decision("colt-express", 3)
    moves = {make_bot("pz-policy:seed=4").choose(info) for _ in range(3)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())


def kuhn_only_policy(observation, agent):
    """Always the first legal action; declares the games it plays."""
    return int(observation["action_mask"].argmax())


kuhn_only_policy.games = ("kuhn-poker",)


def test_a_policy_that_declares_its_games_is_refused_elsewhere_before_the_run(tmp_path):
    from deadeye.bots.arena import ArenaConfig, run_arena

    spec = f"pz-policy:policy={__name__}:kuhn_only_policy"
    with pytest.raises(BotSpecError, match="^pz-policy cannot play hearts: it plays only the games policy"):
        run_arena(ArenaConfig(game="hearts", bots=("random", spec), players=4, games=1, out=tmp_path / "h",
                              workers=1, progress=False))
    assert not (tmp_path / "h" / "games.jsonl").exists()
    result = run_arena(ArenaConfig(game="kuhn-poker", bots=("random", spec), games=4, out=tmp_path / "k",
                                   workers=1, progress=False))
    assert result.played == 4 and all(r["crash"] is None for r in result.records)


@pytest.mark.parametrize("spec,message", [
    ("pz-policy:policy=no.such.module:f", "cannot be loaded"),
    ("pz-policy:policy=not a path", "is not package.module:function"),
    ("pz-policy:policy=deadeye.core:list_games.__name__", "is not callable"),
])
def test_a_bad_policy_is_a_clear_error(spec, message):
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_an_arena_run_seats_openspiels_ismcts_against_deadeyes_search(tmp_path):
    pytest.importorskip("pyspiel")
    from deadeye.bots.arena import ArenaConfig, run_arena

    result = run_arena(ArenaConfig(game="wyatt-earp", bots=("os-ismcts-any:iterations=10", "random"), players=2,
                                   games=2, out=tmp_path / "w", workers=1, progress=False))
    assert result.played == 2 and all(r["crash"] is None for r in result.records)


def test_deadeye_arena_on_the_command_line_seats_both(tmp_path):
    pytest.importorskip("pyspiel")
    from deadeye.protocol.cli import main

    code = main(["arena", "kuhn-poker", "--bots", "os-ismcts-any:iterations=10", "pz-policy:seed=2", "--games", "2",
                 "--workers", "1", "--out", str(tmp_path / "k")])
    report = (tmp_path / "k" / "report.md").read_text()
    assert code == 0 and "| os-ismcts-any:iterations=10 | 2 |" in report and "| pz-policy:seed=2 | 2 |" in report
    assert len((tmp_path / "k" / "games.jsonl").read_text().splitlines()) == 2
