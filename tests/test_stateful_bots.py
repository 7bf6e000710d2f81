"""The stateful-bot contract (bots/players.py, ``StatefulBot``): the arena and ``deadeye serve``'s ``bot.choose``
tell a following bot every action its seat observes, so it plays exactly as a bot driven by hand through the same
history; the same seed gives the same games; a transport that cannot follow a game refuses such a bot."""
from __future__ import annotations

import random

import pytest

from deadeye.bots import make_bot
from deadeye.bots.arena import decision_seed, plan_game, play_game, play_games
from deadeye.bots.registry import BotSpecError
from deadeye.core import new_game
from deadeye.core.observation import apply_observed
from deadeye.protocol.limits import Limits
from deadeye.protocol.server import Server

KEY = bytes(16)
FOLLOWER = "ismcts:iterations=40,inference=heuristic,particles=8"


def by_hand(plan) -> list[int]:
    """The moves of ``plan`` with every bot driven here as the arena's contract says: built per seat and game,
    told the start, reseeded before each decision, told each action its seat observed."""
    state = new_game(plan.game, players=plan.players, seed=plan.game_seed)
    bots = [make_bot(spec, seed=seed) for spec, seed in zip(plan.seats, plan.bot_seeds)]
    for seat, bot in enumerate(bots):
        if bot.capabilities.stateful:
            bot.new_game(state.information_set(seat))
    moves = []
    while not state.is_terminal():
        seat = state.current_player()
        bots[seat].reseed(decision_seed(plan.seats[seat], plan.bot_seeds[seat], len(moves), KEY))
        action = bots[seat].choose(state.information_set(seat))
        moves.append(action)
        seen = apply_observed(state, action)
        for s, bot in enumerate(bots):
            if bot.capabilities.stateful:
                bot.observe(seen[s], state.information_set(s))
    return moves


@pytest.mark.parametrize("follower", [FOLLOWER, "ismcts:iterations=40,reuse=1"])
@pytest.mark.parametrize("game, players", [("hearts", 4), ("colt-express", 3), ("kuhn-poker", 2)])
def test_the_arena_tells_a_following_bot_what_its_seat_observes(game, players, follower):
    plan = plan_game(1, game, (follower, "ismcts:iterations=40"), players, seed=3, duplicate=True, run_key=KEY)
    record = play_game(plan)
    assert record.crash is None and not record.unfinished
    assert record.moves == by_hand(plan)


def test_following_bots_give_the_same_games_for_the_same_seed():
    plans = [plan_game(i, "hearts", (FOLLOWER, "heuristic"), 4, seed=5, duplicate=True, run_key=KEY)
             for i in range(4)]
    one = [r.moves for r in play_games(plans, workers=1)]
    two = [r.moves for r in play_games(plans, workers=1)]
    assert one == two
    other = [plan_game(i, "hearts", (FOLLOWER, "heuristic"), 4, seed=6, duplicate=True, run_key=KEY)
             for i in range(4)]
    assert [r.moves for r in play_games(other, workers=1)] != one


def test_the_process_transport_refuses_a_following_bot():
    from deadeye.protocol.referee import ProcessTransport
    with pytest.raises(BotSpecError, match="follows the game"):
        ProcessTransport().check([FOLLOWER])


def call(server: Server, method: str, **params):
    call.seq = getattr(call, "seq", 0) + 1
    return server.call(method, params, call.seq, call.seq)


@pytest.mark.parametrize("follower", [FOLLOWER, "ismcts:iterations=40,reuse=1"])
def test_bot_choose_tells_a_following_bot_the_history_of_its_seat(follower):
    """Through ``bot.choose``, seat 0's following bot plays as one driven by hand through the same game, while the
    other seats' moves come from the host (``game.apply``); with reuse, the server keeps its tree between choices."""
    server = Server()
    game_id = call(server, "game.new", game="hearts", players=4, seed=7)["game_id"]
    state = new_game("hearts", players=4, seed=7)
    mine = make_bot(follower, seed=7 * 1000)
    mine.new_game(state.information_set(0))
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            expected = mine.choose(state.information_set(0))
            reply = call(server, "bot.choose", game_id=game_id, seat=0, bot=follower)
            assert reply["action"] == expected and reply["stats"].get("kept", 0) == mine.kept
            action = reply["action"]
        else:
            action = rng.choice(state.legal_actions())
        call(server, "game.apply", game_id=game_id, action=action)
        seen = apply_observed(state, action)
        mine.observe(seen[0], state.information_set(0))


def test_an_evicted_following_bot_is_told_the_whole_history_again():
    server = Server(Limits(bots_per_game=1))
    game_id = call(server, "game.new", game="colt-express", players=3, seed=4)["game_id"]
    state = new_game("colt-express", players=3, seed=4)
    rng = random.Random(1)
    for _ in range(12):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        call(server, "game.apply", game_id=game_id, action=action)
    while state.current_player() != 1:
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        call(server, "game.apply", game_id=game_id, action=action)
    call(server, "bot.choose", game_id=game_id, seat=1, bot=FOLLOWER)
    call(server, "bot.choose", game_id=game_id, seat=1, bot="random")      # evicts the follower
    game = server._games[game_id]
    assert [spec.name for _, spec in game.bots] == ["random"] and not game.followers
    reply = call(server, "bot.choose", game_id=game_id, seat=1, bot=FOLLOWER)
    assert reply["action"] in state.legal_actions()
    (key, follower), = game.followers.items()
    assert follower[1] == len(game.actions) and follower[0] == state               # replayed to where the game is
    bot = game.bots[key]
    fresh = make_bot(FOLLOWER, seed=4 * 1000 + 1)
    replay = new_game("colt-express", players=3, seed=4)
    fresh.new_game(replay.information_set(1))
    for action in game.actions:
        fresh.observe(apply_observed(replay, action)[1], replay.information_set(1))
    assert bot._filter.weights == fresh._filter.weights


def test_the_server_caps_a_following_bots_particles():
    server = Server(Limits(particles=10))
    game_id = call(server, "game.new", game="hearts", players=4, seed=1)["game_id"]
    seat = new_game("hearts", players=4, seed=1).current_player()
    from deadeye.protocol.session import MethodError
    with pytest.raises(MethodError, match="particles must be at most 10"):
        call(server, "bot.choose", game_id=game_id, seat=seat, bot="ismcts:inference=heuristic,particles=11")
    assert not server._games[game_id].bots
    reply = call(server, "bot.choose", game_id=game_id, seat=seat, bot="ismcts:iterations=20,inference=uniform,"
                                                                       "particles=10")
    assert reply["action"] in new_game("hearts", players=4, seed=1).legal_actions()
