"""Tree reuse (``ismcts:reuse=1``, ``Searcher.reroot``) and pondering (``bot.ponder`` / ``bot.stop_ponder`` in
``deadeye serve``): the re-root keeps exactly the subtree's statistics, a path that leaves the tree starts fresh,
the same seed gives the same game, and a ponder runs beside the server's other calls without blocking them."""
from __future__ import annotations

import random
import time

import pytest

from deadeye.bots import make_bot
from deadeye.bots.arena import plan_game, play_games
from deadeye.bots.tuning import search_settings, uses_network
from deadeye.core import new_game
from deadeye.core.observation import apply_observed
from deadeye.protocol.limits import Limits
from deadeye.protocol.server import Server
from deadeye.protocol.session import MethodError
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher

from support.protocol_harness import replies_by_id, request, run_messages
from test_particles import BET, KING, PASS, QUEEN, kuhn

KEY = bytes(16)
REUSE = "ismcts:iterations=200,reuse=1,opponents=tree"   # every seat's moves in the tree (Hearts' default: own only)


def count(tree: dict) -> int:
    """The nodes of a ``Searcher.subtree`` dictionary."""
    return sum(1 + count(sub) for *_, sub in tree.values())


def test_the_reroot_keeps_exactly_the_subtree_of_a_kuhn_poker_tree():
    """Seat 0 holds the queen; after its pass, seat 1's two replies (pass, bet) and seat 0's answers to the bet are
    the subtree kept, with the very visits, rewards and availabilities they had, and the root's other branch
    goes."""
    state = kuhn((QUEEN, KING))
    searcher = Searcher()
    result = searcher.search(state.information_set(0), Budget(iterations=600), seed=5)
    assert result.tree_size == 9 and {c.action for c in result.children} == {PASS, BET}
    before = searcher.subtree([(0, PASS)])
    assert set(before) == {(1, PASS), (1, BET)} and set(before[(1, BET)][3]) == {(0, PASS), (0, BET)}
    assert searcher.reroot([(0, PASS)], mover=1) == 1 + count(before) == 5
    assert searcher.subtree() == before
    visits = sum(v for v, *_ in before.values())
    state.apply_action(PASS)
    after = searcher.ponder(state.information_set(0), Budget(iterations=50), seed=6)
    assert after.iterations == 50 and sum(c.visits for c in after.children) == visits + 50
    assert after.tree_size == 5                       # the kept tree was already the whole game below the pass


def test_the_reroot_keeps_exactly_the_subtree_of_a_hearts_tree():
    """A Hearts play: the subtree below the seat's move and the next seat's reply is kept node for node, and the
    next search adds exactly its own iterations to it."""
    state = new_game("hearts", players=4, seed=3)
    rng = random.Random(1)
    while len(state.legal_actions()) < 3 or state.current_player() != 0 or state.to_dict()["state"].get("phase") == 0:
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            pytest.fail("no position found")
    searcher = Searcher()
    result = searcher.search(state.information_set(0), Budget(iterations=4000), seed=2)
    mine = result.action
    reply = max(searcher.subtree([(0, mine)]).items(), key=lambda kv: kv[1][0])[0]
    path = [(0, mine), reply]
    before = searcher.subtree(path)
    kept = searcher.reroot(path)
    assert kept == 1 + count(before) > 10 and searcher.subtree() == before


def test_a_path_that_leaves_the_tree_or_reaches_another_seats_decision_starts_fresh():
    state = kuhn((QUEEN, KING))
    info = state.information_set(0)
    searcher = Searcher()
    searcher.search(info, Budget(iterations=300), seed=1)
    assert searcher.reroot([(0, PASS)], mover=0) == 0      # the children there are seat 1's
    assert searcher.subtree() is None and searcher.reroot([]) == 0
    searcher.search(info, Budget(iterations=300), seed=1)
    assert searcher.reroot([(1, PASS)]) == 0                # seat 1 has no move at the root
    assert searcher.search(info, Budget(iterations=40), seed=1).tree_size < 40
    assert Searcher().reroot([]) == 0                       # no tree yet


def test_the_new_root_keeps_only_the_children_legal_now():
    """Kept with the seat's legal actions, the root drops the children of actions that only some earlier samples
    allowed (and their subtrees)."""
    state = kuhn((QUEEN, KING))
    searcher = Searcher()
    searcher.search(state.information_set(0), Budget(iterations=300), seed=1)
    tree = searcher.subtree()
    assert searcher.reroot([], mover=0, legal=[BET]) == 1 + 1 + count(tree[(0, BET)][3])
    assert set(searcher.subtree()) == {(0, BET)} and searcher.subtree()[(0, BET)] == tree[(0, BET)]


def play_with_reuse(game: str, players: int, seed: int, spec: str = REUSE, limit: int = 400):
    """Every seat a reuse bot following the game; yields (bot, information set, its choice) at each decision."""
    state = new_game(game, players=players, seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + s) for s in range(players)]
    for s, bot in enumerate(bots):
        bot.new_game(state.information_set(s))
    while not state.is_terminal() and limit:
        limit -= 1
        seat = state.current_player()
        info = state.information_set(seat)
        action = bots[seat].choose(info)
        yield bots[seat], info, action
        seen = apply_observed(state, action)
        for s, bot in enumerate(bots):
            bot.observe(seen[s], state.information_set(s))


@pytest.mark.parametrize("game, players", [("wyatt-earp", 3), ("hearts", 4), ("colt-express", 3), ("bang", 4),
                                           ("way-out-west", 3)])
def test_a_reused_tree_offers_only_legal_moves_and_counts_new_iterations(game, players):
    # an iteration adds one node to the tree, or with a network prior opens one leaf: a child per legal action there
    widest = new_game(game, players=players).num_actions if uses_network(search_settings(game, {}, players=players)) else 1
    reused = 0
    for bot, info, action in play_with_reuse(game, players, seed=2, limit=150):
        legal = info.legal_actions()
        assert action in legal and {c.action for c in bot.last.children} <= set(legal)
        if len(legal) > 1:
            assert bot.last.iterations == 200 and bot.last.tree_size <= bot.kept + 1 + 200 * widest
        reused += bot.kept > 0
    assert reused > 10


def test_hidden_actions_drop_the_tree():
    """Hearts: seat 0's second and third passes grow the tree of its first, but the other seats' passes are hidden
    from it, so its first play starts fresh."""
    kept = [bot.kept for bot, info, _ in play_with_reuse("hearts", 4, seed=4, limit=14) if info.seat == 0]
    assert len(kept) == 4 and kept[0] == 0 and kept[1] > 0 and kept[2] > 0 and kept[3] == 0


@pytest.mark.parametrize("spec", [REUSE, "ismcts:iterations=200,reuse=1,inference=heuristic,particles=8",
                                  "ismcts:iterations=200,reuse=1,threads=2"])
def test_the_same_seed_gives_the_same_games_with_reuse(spec):
    plans = [plan_game(i, "wyatt-earp", (spec, "ismcts:iterations=200"), 2, seed=8, duplicate=True, run_key=KEY)
             for i in range(2)]
    one = [r.moves for r in play_games(plans, workers=1)]
    assert one == [r.moves for r in play_games(plans, workers=1)]
    assert all(r.crash is None for r in play_games(plans[:1], workers=1))


def test_reuse_is_refused_where_there_is_no_tree_to_keep():
    from deadeye.bots.registry import BotSpecError
    assert make_bot(REUSE).capabilities.stateful and not make_bot("ismcts").capabilities.stateful
    for bad in ("flatmc:reuse=1", "pimc:reuse=1", "ismcts:reuse=1,tree=mo", "ismcts:reuse=2"):
        with pytest.raises(BotSpecError):
            make_bot(bad)
    with pytest.raises(ValueError, match="reuse=1"):
        make_bot("ismcts").ponder(new_game("kuhn-poker", players=2).information_set(0), Budget(iterations=5))


# --- pondering in deadeye serve ---

def call(server: Server, method: str, **params):
    call.seq = getattr(call, "seq", 0) + 1
    return server.call(method, params, call.seq, call.seq)


def hearts_game(server: Server, seed: int = 7):
    game_id = call(server, "game.new", game="hearts", players=4, seed=seed)["game_id"]
    return game_id, new_game("hearts", players=4, seed=seed)


def play_until(server: Server, game_id: int, state, seat: int, rng: random.Random, mine: bool) -> None:
    """Apply random moves (as the host) until ``seat`` is to move (``mine``) or another seat is."""
    while (state.current_player() == seat) != mine:
        action = rng.choice(state.legal_actions())
        call(server, "game.apply", game_id=game_id, action=action)
        state.apply_action(action)


def test_ponder_on_another_seats_time_then_choose_reuses_the_pondered_tree():
    server = Server()
    game_id, state = hearts_game(server)
    rng = random.Random(3)
    for _ in range(5):                                  # three passes, then two plays
        play_until(server, game_id, state, 0, rng, mine=True)
        reply = call(server, "bot.choose", game_id=game_id, seat=0, bot=REUSE)
        call(server, "game.apply", game_id=game_id, action=reply["action"])
        state.apply_action(reply["action"])
    play_until(server, game_id, state, 0, rng, mine=False)
    assert call(server, "bot.ponder", game_id=game_id, seat=0, bot=REUSE,
                budget={"iterations": 3000})["pondering"]
    assert call(server, "game.view", game_id=game_id, seat=1)["seat"] == 1     # other calls go on meanwhile
    play_until(server, game_id, state, 0, rng, mine=True)
    time.sleep(0.2)
    reply = call(server, "bot.choose", game_id=game_id, seat=0, bot=REUSE)
    assert reply["action"] in state.legal_actions()
    assert reply["stats"]["pondered"] > 0 and reply["stats"]["iterations"] == 200
    assert reply["stats"]["tree_size"] >= reply["stats"]["kept"]


def test_stop_ponder_ends_a_long_ponder_at_once_and_a_seat_has_one_ponder():
    server = Server()
    game_id, state = hearts_game(server)
    call(server, "bot.ponder", game_id=game_id, seat=2, bot=REUSE, budget={"time_ms": 20000})
    time.sleep(0.05)
    stopped = call(server, "bot.stop_ponder", game_id=game_id, seat=2)
    assert stopped["stopped"] and stopped["iterations"] > 0 and not server._ponders
    assert call(server, "bot.stop_ponder", game_id=game_id, seat=2) == {"seat": 2, "stopped": False,
                                                                        "iterations": 0, "tree_size": 0}
    call(server, "bot.ponder", game_id=game_id, seat=2, bot=REUSE, budget={"time_ms": 20000})
    call(server, "bot.ponder", game_id=game_id, seat=2, bot=REUSE, budget={"time_ms": 20000})   # replaces it
    with pytest.raises(MethodError, match="busy"):    # one ponder at a time per connection (limits.ponders)
        call(server, "bot.ponder", game_id=game_id, seat=3, bot=REUSE)
    call(server, "game.close", game_id=game_id)       # ends the game's ponders
    assert not any(p.thread.is_alive() for p in server._ponders.values())


def test_bad_ponders_are_refused_and_change_nothing():
    server = Server(Limits(ponder_ms=500))
    game_id, state = hearts_game(server)
    bad = [({"game_id": game_id, "seat": 4, "bot": REUSE}, "invalid_params"),
           ({"game_id": game_id, "seat": -1, "bot": REUSE}, "invalid_params"),
           ({"game_id": game_id, "seat": 0}, "invalid_params"),
           ({"game_id": game_id, "seat": 0, "bot": REUSE, "extra": 1}, "invalid_params"),
           ({"game_id": game_id, "seat": 0, "bot": REUSE, "budget": {"time_ms": 501}}, "invalid_params"),
           ({"game_id": 99, "seat": 0, "bot": REUSE}, "unknown_game_id"),
           ({"game_id": game_id, "seat": 0, "bot": "ismcts"}, "bad_bot"),
           ({"game_id": game_id, "seat": 0, "bot": "cheat:reuse=1"}, "bad_bot"),
           ({"game_id": game_id, "seat": 0, "bot": "random"}, "bad_bot")]
    for params, code in bad:
        with pytest.raises(MethodError) as caught:
            call(server, "bot.ponder", **params)
        assert caught.value.code == code
    assert not server._ponders and not server._games[game_id].bots
    with pytest.raises(MethodError, match="invalid_params"):
        call(server, "bot.stop_ponder", game_id=game_id, seat=9)
    assert call(server, "bot.ponder", game_id=game_id, seat=1, bot=REUSE)["time_ms"] == 500.0   # the cap


def test_a_served_session_answers_bad_ponders_and_keeps_serving():
    messages, status = run_messages(
        request(1, "game.new", game="kuhn-poker", players=2, seed=1),
        request(2, "bot.ponder", game_id=1, seat=5, bot=REUSE),
        request(3, "bot.ponder", game_id=1, seat=0, bot=REUSE, budget="soon"),
        [0, 4, "bot.ponder", "not params"],
        request(5, "bot.ponder", game_id=1, seat=1, bot=REUSE, budget={"time_ms": 10000}),
        request(6, "bot.choose", game_id=1, seat=0, bot=REUSE),
        request(7, "bot.stop_ponder", game_id=1, seat=1),
        request(8, "hello"))
    replies = replies_by_id(messages)
    assert status == 0 and set(replies) == set(range(1, 9))
    assert [replies[i][2]["code"] for i in (2, 3, 4)] == ["invalid_params", "invalid_params", "invalid_request"]
    assert replies[5][3]["pondering"] and replies[6][3]["action"] in (PASS, BET)
    assert replies[7][3]["stopped"] and "bot.ponder" in replies[8][3]["methods"]


def test_a_connection_keeps_at_most_kept_trees_trees():
    """With ``kept_trees=1``, seat 1's choice frees the tree of seat 0's bot, whose next choice starts fresh."""
    server = Server(Limits(kept_trees=1))
    game_id, state = hearts_game(server)
    rng = random.Random(2)
    bots = {}
    for seat in (0, 1):
        play_until(server, game_id, state, seat, rng, mine=True)
        call(server, "bot.choose", game_id=game_id, seat=seat, bot=REUSE)
        bots[seat] = next(b for (s, _), b in server._games[game_id].bots.items() if s == seat)
        assert list(server._kept.values()) == [bots[seat]] and bots[seat]._path == []
    assert bots[0]._path is None
    play_until(server, game_id, state, 0, rng, mine=True)
    assert call(server, "bot.choose", game_id=game_id, seat=0, bot=REUSE)["stats"]["kept"] == 0
    call(server, "game.close", game_id=game_id)
    assert not server._kept and bots[0]._path is None and [s.tree_size for s in bots[0]._searchers] == [0]
