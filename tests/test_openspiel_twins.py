"""Every game with an OpenSpiel twin (``OPENSPIEL_TWIN``, ``deadeye.core.openspiel_twin``) against OpenSpiel itself,
and what the ``os-ismcts`` bots make of the declaration (run when ``open_spiel`` is installed: the extra
``openspiel``).

One cross-check for every twin: random games played in both engines action for action, with the same current
player, legal actions and end, and OpenSpiel's returns ``return_scale`` times deadeye's rewards plus a constant.
The games' own files keep what only they have (Hearts' information-state strings and resampler bug, Kuhn poker's
labels and information partition over the whole tree).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from deadeye.bots import BotSpecError, make_bot
from deadeye.core import GameInfo, game_info, new_game
from deadeye.core.openspiel_twin import OpenSpielTwin, openspiel_twin, openspiel_twins

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[openspiel]')")

GAMES = 1000                     # random games per twin (ten times more with --long)
TWINS = sorted(openspiel_twins())


@pytest.fixture(params=TWINS)
def twin_game(request) -> GameInfo:
    """Each registered game that declares an OpenSpiel twin."""
    return game_info(request.param)


def load(state) -> object:
    twin = openspiel_twin(state.game)
    return pyspiel.load_game(twin.game, dict(twin.parameters(state)))


def replay(state) -> object:
    """OpenSpiel's state of the same game: ``openspiel_history()`` replayed into the twin's initial state."""
    theirs = load(state).new_initial_state()
    for action in state.openspiel_history():
        theirs.apply_action(action)
    return theirs


def random_games(info: GameInfo, games: int, seed: int):
    """Seeded random games, player counts drawn from the game's range and each option's value from its classes
    (``GameOption.values``: a range's ends and its default, ...) or, for an integer, any value of its range, so that
    every option is cross-checked too: each state as play goes on."""
    rng = random.Random(seed)
    for g in range(games):
        players = rng.randint(info.min_players, info.max_players)
        options = {o.name: rng.choice(o.values(players) + ((rng.randint(o.low, o.high),) if o.kind == "int" else ()))
                   for o in info.options}
        yield new_game(info.name, players=players, seed=seed * 7919 + g, **options), rng


def test_the_twins_are_declared():
    assert {"hearts", "kuhn-poker", "liars-dice"} <= set(TWINS)
    assert openspiel_twin("hearts").return_scale == 26 and openspiel_twin("kuhn-poker").return_scale == 4
    assert openspiel_twin("liars-dice").return_scale == 2
    with pytest.raises(ValueError, match="return_scale"):
        OpenSpielTwin("kuhn_poker", return_scale=0)


def test_random_games_play_alike_in_both_engines(twin_game, scale):
    """Action for action: the same current player and legal action ids at every decision, deadeye's history
    growing by the action and then by the chance outcomes OpenSpiel's state asks for, the same end, the same whole
    history, and OpenSpiel's returns ``return_scale`` times deadeye's rewards plus one constant."""
    twin, offsets, steps = openspiel_twin(twin_game.name), set(), 0
    for state, rng in random_games(twin_game, GAMES * scale, seed=6):
        theirs = replay(state)
        history = state.openspiel_history()
        while not state.is_terminal():
            where = f"{twin_game.name} history {history}"
            assert not theirs.is_terminal() and not theirs.is_chance_node(), where
            assert state.current_player() == theirs.current_player(), where
            assert state.legal_actions() == theirs.legal_actions(), where
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            theirs.apply_action(action)
            after = state.openspiel_history()
            assert after[:len(history) + 1] == history + [action], where
            for chance in after[len(history) + 1:]:
                assert theirs.is_chance_node() and chance in theirs.legal_actions(), where
                theirs.apply_action(chance)
            history, steps = after, steps + 1
        assert theirs.is_terminal() and state.current_player() == -1, history   # OpenSpiel's terminal id is -4
        assert theirs.history() == history
        offsets.update(round(o - twin.return_scale * r, 9) for o, r in zip(theirs.returns(), state.evaluate()))
    assert len(offsets) == 1, f"OpenSpiel's returns are not {twin.return_scale} x deadeye's plus one constant"
    assert steps > GAMES * scale


def test_the_parameters_are_openspiels_and_the_resampling_is_as_declared(twin_game):
    """OpenSpiel takes the twin's parameters as they are, and resamples a seat's information state exactly when
    the twin says it does (``ResampleFromInfostate``, which OpenSpiel's IS-MCTS calls at every simulation)."""
    twin, checked = openspiel_twin(twin_game.name), 0
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    for state, rng in random_games(twin_game, 10, seed=3):
        parameters = dict(twin.parameters(state))
        assert parameters.items() <= load(state).get_parameters().items()
        while not state.is_terminal():
            theirs, seat = replay(state), state.current_player()
            if twin.resamples:
                resampled = theirs.resample_from_infostate(seat, sampler)
                assert resampled.current_player() == seat and resampled.legal_actions() == theirs.legal_actions()
            else:
                with pytest.raises(pyspiel.SpielError):
                    theirs.resample_from_infostate(seat, sampler)
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


# ---------------------------------------------------------------------------------------- the os-ismcts bots

def test_the_exploration_constant_is_scaled_to_openspiels_returns():
    """deadeye's c = 0.7 on rewards in [0, 1] is 0.7 * return_scale in OpenSpiel's units: 18.2 for Hearts (returns
    0..26), 2.8 for Kuhn poker (chips -2..2, deadeye's reward (chips + 2) / 4)."""
    for name, players, c in (("hearts", 4, 0.7 * 26), ("kuhn-poker", 2, 0.7 * 4)):
        state = new_game(name, players=players, seed=1)
        bot = make_bot("os-ismcts:iterations=50", seed=1)
        assert bot.choose(state.information_set(state.current_player())) in state.legal_actions()
        assert bot.last["c"] == pytest.approx(c)


def test_the_bots_load_the_twin_with_the_games_parameters(monkeypatch):
    """A twin whose parameters are not OpenSpiel's defaults (here Hearts with the jack of diamonds bonus) is loaded
    with them."""
    import deadeye.core.hearts as hearts

    twin = dataclasses.replace(hearts.OPENSPIEL_TWIN, parameters=lambda state: {"jd_bonus": True})
    monkeypatch.setattr(hearts, "OPENSPIEL_TWIN", twin)
    state = new_game("hearts", players=4, seed=2)
    for spec in ("os-ismcts", "os-ismcts-py"):
        bot = make_bot(spec, seed=3)
        loaded = bot.openspiel_state(state.information_set(state.current_player()), seed=5).get_game()
        assert loaded.get_parameters()["jd_bonus"] is True


@pytest.fixture
def kuhn_cannot_resample(monkeypatch):
    """Kuhn poker's twin declared as one that cannot resample (as OpenSpiel's liars_dice, for one)."""
    import deadeye.core.kuhn_poker as kuhn

    monkeypatch.setattr(kuhn, "OPENSPIEL_TWIN", dataclasses.replace(kuhn.OPENSPIEL_TWIN, resamples=False))


def test_the_bots_claim_only_twins_that_resample(kuhn_cannot_resample):
    for spec in ("os-ismcts", "os-ismcts-py"):
        capabilities = make_bot(spec).capabilities
        assert capabilities.plays("hearts") and not capabilities.plays("kuhn-poker")
        assert not capabilities.plays("wyatt-earp")
        state = new_game("kuhn-poker", players=2, seed=1)
        with pytest.raises(ValueError, match=f"{spec} cannot play kuhn-poker: its OpenSpiel twin kuhn_poker cannot "
                                             "resample"):
            make_bot(spec).choose(state.information_set(0))


def test_an_arena_refuses_them_before_any_game(kuhn_cannot_resample, tmp_path):
    """Not every move forfeited with a crash: the run does not start, and says why."""
    from deadeye.bots.arena import ArenaConfig, run_arena

    for game, players in (("kuhn-poker", 2), ("wyatt-earp", 2)):
        with pytest.raises(BotSpecError, match=f"^os-ismcts cannot play {game}: it plays only games whose OpenSpiel "
                                               "twin can resample"):
            run_arena(ArenaConfig(game=game, bots=("random", "os-ismcts:iterations=10"), players=players, games=2,
                                  out=tmp_path / game, workers=1, progress=False))
        assert not (tmp_path / game / "games.jsonl").exists()


def test_deadeye_play_refuses_them_before_the_game(kuhn_cannot_resample):
    import io

    from deadeye.protocol.play import play

    out = io.StringIO()
    with pytest.raises(BotSpecError, match="^os-ismcts cannot play kuhn-poker: "):
        play("kuhn-poker", 2, ["random", "os-ismcts"], seed=1, out=out)
    assert out.getvalue() == ""
