"""deadeye.interop.pettingzoo: every game and player count passes PettingZoo's own api_test and seed_test, and the
environment keeps deadeye's promises (hidden information stays hidden, the same seed replays, an illegal action ends
the game as PettingZoo's TerminateIllegalWrapper does, bad input is a clear error)."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from deadeye.core import list_games, new_game  # noqa: E402
from deadeye.core.features import encoding_layout  # noqa: E402
from deadeye.interop.pettingzoo import DeadeyeAECEnv, env, seat_of  # noqa: E402

CONFIGS = [(g.name, n) for g in list_games() for n in range(g.min_players, g.max_players + 1)]
CYCLES = 12          # api_test plays players * CYCLES steps: enough for every check, short for the long games


@pytest.mark.parametrize("game,players", CONFIGS)
def test_pettingzoo_api_test_passes(game, players):
    api_test(env(game, players=players), num_cycles=CYCLES)


@pytest.mark.parametrize("game,players", CONFIGS)
def test_pettingzoo_seed_test_passes(game, players):
    seed_test(lambda: env(game, players=players), num_cycles=CYCLES)


def play_out(e: DeadeyeAECEnv, rng: np.random.Generator, limit: int = 100_000) -> dict[str, float]:
    """Random legal actions to the end; the rewards each agent's last() showed."""
    final = {}
    for agent in e.agent_iter(limit):
        obs, reward, terminated, truncated, _ = e.last()
        assert agent == f"seat_{e.game_state.current_player()}" or terminated or truncated
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize("game,players", [("kuhn-poker", 2), ("hearts", 4), ("wyatt-earp", 3)])
def test_a_whole_game_pays_the_returns_at_the_end(game, players):
    e = env(game, players=players)
    e.reset(seed=5)
    final = play_out(e, np.random.default_rng(1))
    assert e.agents == [] and e.game_state.is_terminal()
    assert final == {f"seat_{s}": r for s, r in enumerate(e.game_state.returns())}


def test_the_same_seed_replays_and_unseeded_resets_follow_the_seed():
    runs = []
    for _ in range(2):
        e = env("colt-express", players=3)
        e.reset(seed=11)
        first = e.game_state.clone()
        e.reset()
        runs.append((first, e.game_state.clone(), e.seed_used))
    assert runs[0][0] == runs[1][0] == new_game("colt-express", players=3, seed=11)
    assert runs[0][1] == runs[1][1] and runs[0][1] != runs[0][0]


def test_an_illegal_action_ends_the_game_with_minus_one_never_a_crash():
    for bad in (None, -1, 10 ** 9, np.int64(-5)):
        e = env("wyatt-earp", players=3)
        e.reset(seed=2)
        agent = e.agent_selection
        legal = np.flatnonzero(e.observe(agent)["action_mask"])
        action = next(a for a in range(e.num_actions) if a not in legal) if bad is None else bad
        e.step(action)
        assert all(e.terminations.values()) and e.infos[agent]["illegal_move"] is True
        assert e.rewards == {a: (-1.0 if a == agent else 0.0) for a in e.agents}
        assert e.agent_selection == agent and e.last()[1] == -1.0
        play_out(e, np.random.default_rng(0))               # every agent leaves with step(None)
        assert e.agents == []


@pytest.mark.parametrize("action", ["1", 1.5, True, [1]])
def test_a_non_integer_action_is_a_clear_error(action):
    e = env("kuhn-poker")
    e.reset(seed=0)
    with pytest.raises(TypeError, match="integer id of kuhn-poker"):
        e.step(action)


def test_out_of_turn_decisions_select_the_deciding_agent():
    """BANG!'s replies: the agent selected is the seat that decides, not the seat whose turn it is."""
    e = env("bang", players=4)
    turn_player = encoding_layout("bang").slice("turn_player")
    out_of_turn = 0
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter(400):
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            assert seat_of(agent) == e.game_state.current_player()
            assert obs["action_mask"].any()
            out_of_turn += obs["observation"][turn_player][0] == 0      # the turn is another seat's
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert out_of_turn > 0


@pytest.mark.parametrize("game,players", [("wyatt-earp", 4), ("hearts", 4), ("colt-express", 3), ("bang", 5),
                                          ("kuhn-poker", 2), ("way-out-west", 3)])
def test_hidden_information_stays_hidden(game, players):
    """Twin states (they differ only in what a seat cannot see) give that seat the same observation."""
    e = env(game, players=players)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(1 if game == "kuhn-poker" else 6):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    state = e.game_state
    for seat in range(players):
        agent = f"seat_{seat}"
        twin = next(s for s in (state.information_set(seat).sample(k) for k in range(50)) if s != state)
        mine = e.observe(agent)
        e.game_state = twin
        theirs = e.observe(agent)
        e.game_state = state
        assert np.array_equal(mine["observation"], theirs["observation"])
        assert np.array_equal(mine["action_mask"], theirs["action_mask"])
    if game in ("hearts", "wyatt-earp"):     # hands: another seat sees what seat 0 cannot, so the test can fail
        twin = state.information_set(0).sample(1)
        e.game_state = twin
        assert not np.array_equal(e.observe("seat_1")["observation"], state.information_set(1).encode())


def test_render_ansi_is_the_text_view_of_the_seat_to_move():
    e = env("hearts", players=4, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text == e.game_state.information_set(seat_of(e.agent_selection)).describe()
    quiet = env("hearts", players=4)
    quiet.reset(seed=1)
    assert quiet.render() is None


@pytest.mark.parametrize("kwargs,message", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"game": "hearts", "players": 3}, "hearts is for 4 to 4 players, not 3"),
    ({"game": "bang", "players": 4, "options": {"gold_rush": "yes"}}, "option gold_rush takes true or false"),
    ({"game": "bang", "players": 4, "options": {"dice": 2}}, "bang has no option dice"),
    ({"game": "kuhn-poker", "render_mode": "human"}, "render_mode must be None or 'ansi'"),
    ({"game": "kuhn-poker", "max_moves": 0}, "max_moves must be a positive integer"),
])
def test_bad_input_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        env(**kwargs)


def test_options_reach_the_game_and_a_long_game_is_truncated():
    e = env("wyatt-earp", players=2, options={"first_dealer": 1}, max_moves=5)
    e.reset(seed=3)
    assert e.game_state == new_game("wyatt-earp", players=2, seed=3, first_dealer=1)
    rng = np.random.default_rng(0)
    for _ in range(5):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e.rewards.values()) == {0.0}


def test_the_documented_tabular_run_learns_and_replays():
    """docs/interop.md's ``python -m deadeye.interop.examples tabular``, shortened: it beats a random opponent more
    often after training than before, and the same seed gives the same numbers."""
    import io

    from deadeye.interop.examples import tabular_run

    first = tabular_run(3000, seed=1, evaluation=600, out=io.StringIO())
    assert first[1] > first[0] + 0.08
    assert tabular_run(3000, seed=1, evaluation=600, out=io.StringIO()) == first
