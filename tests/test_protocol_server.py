"""Every method of ``deadeye serve`` and every error code, in-process (docs/protocol.md is the contract)."""
import random
import re
from pathlib import Path

import pytest

from deadeye.bots.registry import FAIR_BOTS
from deadeye.bots.tuning import search_settings, uses_network
from deadeye.core import list_games, new_game
from deadeye.protocol import RemoteError
from deadeye.protocol.server import PROTOCOL_VERSION, Server
from deadeye.protocol.session import MethodError
from deadeye.protocol.stream import pack

from support.protocol_harness import InProcessServer, replies_by_id, request, run_bytes, run_messages

DOCS = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def answer(*messages):
    """The replies to ``messages`` (served in one in-process session), by msgid, and the exit status."""
    out, status = run_messages(*messages)
    return replies_by_id(out), out, status


def error_of(reply):
    assert reply[0] == 1 and reply[3] is None, reply
    return reply[2]["code"]


def finished_game(seed=3, players=3):
    """A finished game's seed and its actions, played with random legal actions."""
    state, rng, actions = new_game("wyatt-earp", players=players, seed=seed), random.Random(seed), []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    return actions, state


# ------------------------------------------------------------------------------------------------ methods

def test_the_docs_name_the_protocol_version_the_server_sends():
    """Every place docs/protocol.md writes the version a server sends (the hello table, the arena's hello step, the
    garbage row, the example session) says the current one."""
    text = DOCS.read_text()
    said = re.findall(r'"protocol": (\d+)', text) + re.findall(r"this protocol's version: `(\d+)`", text)
    assert len(said) >= 4 and set(said) == {str(PROTOCOL_VERSION)}, said


def test_hello_names_the_engine_the_protocol_the_games_and_only_fair_bots():
    replies, _, status = answer(request(1, "hello"))
    result = replies[1][3]
    assert replies[1][2] is None and status == 0
    assert result["engine"] == "deadeye" and result["protocol"] == PROTOCOL_VERSION == 2
    assert isinstance(result["version"], str) and result["version"]
    names = [g["name"] for g in result["games"]]
    assert names == [info.name for info in list_games()]        # every registered game, by name: a new game too
    assert {"bang", "colt-express", "hearts", "kuhn-poker", "liars-dice", "way-out-west", "wyatt-earp"} <= set(names)
    games = {g["name"]: g for g in result["games"]}
    assert games["hearts"] == {"name": "hearts", "title": "Hearts (OpenSpiel's rules and action ids)",
                               "min_players": 4, "max_players": 4, "options": []}
    assert games["wyatt-earp"] == {
        "name": "wyatt-earp", "title": "Wyatt Earp", "min_players": 2, "max_players": 6,
        "options": [{"name": "first_dealer", "default": None, "kind": "seat",
                     "help": "seat of the first dealer; None draws it from the seed (rules D4)"}]}
    colt = {o["name"]: o for o in games["colt-express"]["options"]}
    assert colt["variant"]["choices"] == [None, "two-bandits"] and colt["bandits"]["max_names"] == 12
    assert colt["advanced"]["kind"] == "bool"
    assert [o["name"] for o in games["colt-express"]["options"]][:2] == ["advanced", "variant"]
    assert result["bots"] == sorted(FAIR_BOTS) and "cheat" not in result["bots"] and "ismcts" in result["bots"]
    assert result["methods"] == ["hello", "game.new", "game.load", "game.view", "game.apply", "game.close", "bot.choose",
                                 "bot.choose_view", "bot.ponder", "bot.stop_ponder", "search.stop", "shutdown", "table.open", "table.join",
                                 "table.view", "table.act", "table.hint", "table.hurry", "table.close"]


def test_game_new_then_view_gives_exactly_the_seats_information_set():
    state = new_game("wyatt-earp", players=3, seed=5)
    turn = state.current_player()
    replies, _, _ = answer(request(1, "game.new", game="wyatt-earp", players=3, seed=5),
                           request(2, "game.view", game_id=1, seat=turn),
                           request(3, "game.view", game_id=1, seat=(turn + 1) % 3),
                           request(4, "game.new", game="wyatt-earp", players=2))
    assert replies[1][3] == {"game_id": 1, "turn": turn, "status": "playing"}
    view = replies[2][3]
    info = state.information_set(turn)
    assert view["information_set"] == info.to_dict()
    assert view["game"] == "wyatt-earp" and view["game_id"] == 1 and view["seat"] == turn
    assert view["turn"] == turn and view["status"] == "playing" and view["result"] is None
    assert view["legal"] == [{"action": a, "label": state.action_label(a), "text": state.action_label(a)}
                             for a in state.legal_actions()]                  # Wyatt Earp's labels are its words
    assert view["legal"][0] == {"action": 0, "label": "draw two from the draw pile",
                                "text": "draw two from the draw pile"}
    assert view["text"] == info.describe()
    other = replies[3][3]
    assert other["legal"] == [] and other["turn"] == turn
    assert other["information_set"] == state.information_set((turn + 1) % 3).to_dict()
    assert replies[4][3]["game_id"] == 2                 # ids are never reused


def test_game_new_options_and_default_seed():
    state = new_game("wyatt-earp", players=4, seed=0, first_dealer=2)
    replies, _, _ = answer(request(1, "game.new", game="wyatt-earp", players=4, options={"first_dealer": 2}),
                           request(2, "game.view", game_id=1, seat=0))
    assert replies[1][3]["turn"] == state.current_player() == 3          # the seat after the dealer starts
    assert replies[2][3]["information_set"] == state.information_set(0).to_dict()


def test_game_new_takes_string_and_list_options_and_the_game_checks_them():
    state = new_game("colt-express", players=3, seed=4, bandits=["Belle", "Tuco", "Doc"], first_player=1)
    replies, _, _ = answer(
        request(1, "game.new", game="colt-express", players=3, seed=4,
                options={"bandits": ["Belle", "Tuco", "Doc"], "first_player": 1}),
        request(2, "game.view", game_id=1, seat=2),
        request(3, "game.new", game="colt-express", players=2, options={"variant": "two-bandits"}),
        request(4, "game.new", game="colt-express", players=3, options={"variant": "two-bandits"}),
        request(5, "game.new", game="colt-express", players=3, options={"bandits": ["Belle", "Nobody", "Doc"]}),
        request(6, "game.new", game="colt-express", players=3, options={"first_player": 1.5}))
    assert replies[1][2] is None and replies[1][3]["turn"] == state.current_player() == 1
    assert replies[2][3]["information_set"] == state.information_set(2).to_dict()
    assert replies[3][2] is None
    assert replies[4][2]["code"] == "invalid_params" and "2 players" in replies[4][2]["message"]
    assert replies[5][2]["code"] == "invalid_params" and "Nobody" in replies[5][2]["message"]
    assert replies[6][2]["code"] == "invalid_params"


def test_game_apply_by_id_and_by_label_matches_the_rules():
    state = new_game("wyatt-earp", players=3, seed=5)
    first = state.legal_actions()[1]
    label = state.action_label(first)
    public = state.public_label(first)
    state.apply_action(first)
    second = state.legal_actions()[0]
    second_label = state.action_label(second)
    state.apply_action(second)
    replies, _, _ = answer(request(1, "game.new", game="wyatt-earp", players=3, seed=5),
                           request(2, "game.apply", game_id=1, action=first),
                           request(3, "game.apply", game_id=1, action="  " + second_label.upper() + " "),
                           request(4, "game.view", game_id=1, seat=state.current_player()))
    assert replies[2][3]["action"] == first and replies[2][3]["label"] == label
    assert replies[2][3]["public"] == public and replies[2][3]["status"] == "playing"
    assert replies[3][3]["action"] == second and replies[3][3]["turn"] == state.current_player()
    assert replies[4][3]["information_set"] == state.information_set(state.current_player()).to_dict()


def test_game_apply_reports_chance_events_and_the_result_at_the_end():
    actions, final = finished_game(seed=3)
    calls = [request(1, "game.new", game="wyatt-earp", players=3, seed=3)]
    calls += [request(10 + i, "game.apply", game_id=1, action=a) for i, a in enumerate(actions)]
    calls += [request(2, "game.view", game_id=1, seat=0)]
    replies, _, _ = answer(*calls)
    assert all(replies[10 + i][2] is None for i in range(len(actions)))
    assert any(replies[10 + i][3]["events"] for i in range(len(actions)))       # shots, payments, new rounds
    last = replies[10 + len(actions) - 1][3]
    result = {"returns": final.returns(), "scores": final.game_returns()}
    core = lambda r: {k: r[k] for k in ("returns", "scores")}                      # names: the seats' own
    assert last["status"] == "over" and last["turn"] == -1 and core(last["result"]) == result
    assert last["result"]["names"] == ["seat 0", "seat 1", "seat 2"]
    view = replies[2][3]
    assert view["status"] == "over" and view["legal"] == [] and view["result"] == last["result"]
    assert sorted(result["returns"]) == [0.0, 0.0, 1.0]


def test_game_close_forgets_the_game():
    replies, _, _ = answer(request(1, "game.new", game="wyatt-earp", players=2),
                           request(2, "game.close", game_id=1),
                           request(3, "game.view", game_id=1, seat=0),
                           request(4, "game.close", game_id=1))
    assert replies[2][3] == {}
    assert error_of(replies[3]) == error_of(replies[4]) == "unknown_game_id"


def test_bot_choose_plays_a_legal_action_for_the_seat_to_move_with_stats():
    state = new_game("wyatt-earp", players=3, seed=5)
    seat = state.current_player()
    replies, _, _ = answer(request(1, "game.new", game="wyatt-earp", players=3, seed=5),
                           request(2, "bot.choose", game_id=1, seat=seat, bot="ismcts", budget={"iterations": 300}),
                           request(3, "bot.choose", game_id=1, seat=seat, bot="random"),
                           request(4, "bot.choose", game_id=1, seat=seat, bot="pimc:determinisations=3",
                                   budget={"iterations": 90}))
    ismcts = replies[2][3]
    assert ismcts["action"] in state.legal_actions() and ismcts["seat"] == seat
    assert ismcts["label"] == state.action_label(ismcts["action"])
    stats = ismcts["stats"]
    assert stats["bot"] == "ismcts" and stats["iterations"] == 300 and stats["stopped"] is False
    assert stats["tree_size"] > 1 and stats["elapsed_ms"] > 0
    assert stats["actions"][0]["action"] == ismcts["action"]
    # a search with a network prior spends its first iteration expanding the root, which visits no child
    expanding = uses_network(search_settings("wyatt-earp", {}, players=3))
    assert sum(a["visits"] for a in stats["actions"]) == 300 - expanding
    assert {a["action"] for a in stats["actions"]} <= set(state.legal_actions())
    assert replies[3][3]["action"] in state.legal_actions() and replies[3][3]["stats"]["iterations"] == 0
    assert replies[4][3]["stats"]["iterations"] == 90                 # 3 determinisations of 30
    assert new_game("wyatt-earp", players=3, seed=5) == state         # choosing applies nothing


def test_bot_choose_replays_exactly_like_deadeye_play():
    """Bots are seeded per game and seat as ``deadeye play`` seeds them: the same game, move for move."""
    from deadeye.bots import make_bot

    seats = ["heuristic", "random", "ismcts:iterations=30"]
    state = new_game("wyatt-earp", players=3, seed=9)
    agents = [make_bot(spec, seed=9 * 1000 + seat) for seat, spec in enumerate(seats)]
    with InProcessServer() as engine:
        game_id = engine.call("game.new", game="wyatt-earp", players=3, seed=9)["game_id"]
        for _ in range(60):
            seat = state.current_player()
            expected = agents[seat].choose(state.information_set(seat))
            choice = engine.call("bot.choose", game_id=game_id, seat=seat, bot=seats[seat])
            assert choice["action"] == expected
            engine.call("game.apply", game_id=game_id, action=choice["action"])
            state.apply_action(expected)


def test_bot_choose_view_is_stateless_and_deterministic():
    state = new_game("wyatt-earp", players=3, seed=5)
    seat = state.current_player()
    view = {"information_set": state.information_set(seat).to_dict()}
    budget = {"iterations": 200}
    replies, _, _ = answer(request(1, "bot.choose_view", game="wyatt-earp", view=view, bot="ismcts", budget=budget),
                           request(2, "bot.choose_view", game="wyatt-earp", view=view, bot="ismcts", budget=budget),
                           request(3, "bot.choose_view", game="wyatt-earp", view=view, bot="ismcts", budget=budget,
                                   seed=1),
                           request(4, "bot.choose_view", game="wyatt-earp", view=view, bot="heuristic"))
    one, two = replies[1][3], replies[2][3]
    assert one["action"] in state.legal_actions() and one["stats"]["iterations"] == 200
    assert one["action"] == two["action"] and one["stats"]["actions"] == two["stats"]["actions"]
    assert replies[3][3]["stats"]["actions"] != one["stats"]["actions"]        # another seed, another search
    assert replies[4][3]["action"] in state.legal_actions()


def test_hearts_through_the_protocol():
    state = new_game("hearts", players=4, seed=3)
    seat = state.current_player()
    replies, _, _ = answer(request(1, "game.new", game="hearts", players=4, seed=3),
                           request(2, "game.view", game_id=1, seat=seat),
                           request(3, "bot.choose", game_id=1, seat=seat, bot="ismcts", budget={"iterations": 200}),
                           request(4, "bot.choose_view", game="hearts", bot="heuristic",
                                   view={"information_set": state.information_set(seat).to_dict()}),
                           request(5, "game.apply", game_id=1, action=state.action_label(state.legal_actions()[0])),
                           request(6, "bot.choose_view", game="wyatt-earp", bot="random",
                                   view={"information_set": state.information_set(seat).to_dict()}),
                           request(7, "game.new", game="hearts", players=3))
    view = replies[2][3]
    assert [{"action": e["action"], "label": e["label"]} for e in view["legal"]] == \
        [{"action": a, "label": state.action_label(a)} for a in state.legal_actions()]
    assert all(e["text"] == e["label"].replace("T", "10").replace("C", "♣").replace("D", "♦").replace("H", "♥")
               .replace("S", "♠") for e in view["legal"])                       # the cards as drawn
    assert view["information_set"] == state.information_set(seat).to_dict() and view["text"]
    assert replies[3][3]["action"] in state.legal_actions() and replies[3][3]["stats"]["iterations"] == 200
    assert replies[4][3]["action"] in state.legal_actions()
    assert replies[5][3]["action"] == state.legal_actions()[0]
    assert error_of(replies[6]) == "bad_view" and error_of(replies[7]) == "invalid_params"


def test_openspiel_bots_play_only_games_with_an_openspiel_twin():
    pytest.importorskip("pyspiel")
    state = new_game("hearts", players=4, seed=3)
    seat = state.current_player()
    replies, _, _ = answer(request(1, "game.new", game="hearts", players=4, seed=3),
                           request(2, "bot.choose", game_id=1, seat=seat, bot="os-ismcts-py:iterations=50"),
                           request(3, "game.new", game="wyatt-earp", players=3, seed=5),
                           request(4, "bot.choose", game_id=2, seat=1, bot="os-ismcts"),
                           request(5, "bot.choose_view", game="wyatt-earp", bot="os-ismcts-py",
                                   view={"information_set": view_of()}))
    choice = replies[2][3]
    assert choice["action"] in state.legal_actions() and choice["stats"] == {
        "bot": "os-ismcts-py", "elapsed_ms": choice["stats"]["elapsed_ms"], "stopped": False, "iterations": 0}
    assert error_of(replies[4]) == error_of(replies[5]) == "bad_bot"
    message = replies[4][2]["message"]
    assert message.startswith("os-ismcts plays ") and "hearts" in message and message.endswith(", not wyatt-earp")


def test_bot_choose_view_accepts_a_whole_game_view_reply():
    with InProcessServer() as engine:
        game = engine.call("game.new", game="wyatt-earp", players=4, seed=2)
        view = engine.call("game.view", game_id=game["game_id"], seat=game["turn"])
        choice = engine.call("bot.choose_view", game="wyatt-earp", view=view, bot="random", seed=4)
        assert choice["action"] in [a["action"] for a in view["legal"]]
        assert choice["label"] == {a["action"]: a["label"] for a in view["legal"]}[choice["action"]]


def test_search_stop_without_a_search_and_shutdown():
    out, status = run_messages(request(1, "search.stop"), request(2, "shutdown"), request(3, "hello"))
    assert out == [[1, 1, None, {"stopped": False}], [1, 2, None, {}]]     # nothing after shutdown
    assert status == 0


def test_end_of_input_answers_everything_then_exits_0():
    out, status = run_messages(request(1, "hello"), request(2, "game.new", game="wyatt-earp", players=2))
    assert [m[1] for m in out] == [1, 2] and status == 0
    assert run_bytes(b"") == ([], 0)


def test_errors_about_invalid_messages_come_in_their_turn():
    out, status = run_messages(GAME, request(2, "bot.choose", game_id=1, seat=1, bot="ismcts",
                                             budget={"time_ms": 100}),
                               [0, 3, "hello"], "junk", request(4, "hello"))
    assert [m[1] for m in out] == [100, 2, 3, "protocol.error", 4]
    assert out[1][3]["stats"]["iterations"] > 0 and out[2][2]["code"] == "invalid_request"


def test_a_notification_runs_the_method_silently_and_reports_failures():
    out, status = run_messages([2, "game.new", [{"game": "wyatt-earp", "players": 2}]],
                               [2, "game.view", [{"game_id": 1}]],
                               request(1, "game.view", game_id=1, seat=0))
    assert out[0] == [2, "protocol.error", [{"code": "invalid_params", "method": "game.view",
                                              "message": "game.view: missing parameter 'seat' (an integer)"}]]
    assert out[1][1] == 1 and out[1][2] is None                      # the game created by a notification exists
    assert len(out) == 2 and status == 0


# ------------------------------------------------------------------------------------------------ error codes

@pytest.mark.parametrize("message, code", [
    ([0, 1, 5, [{}]], "invalid_request"),
    ([0, 1, "hello", {}], "invalid_request"),
    ([0, 1, "hello"], "invalid_request"),
    ([0, 1, "hello", [{}, {}]], "invalid_request"),
    ([0, 1, "hello", [[]]], "invalid_request"),
    ([0, 1, "game.drop", [{}]], "unknown_method"),
    ([0, 1, "cheat", [{}]], "unknown_method"),
    ([0, 1, "hello", [{"x": 1}]], "invalid_params"),
    ([0, 1, "hello", [{1: 1}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp"}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": "3"}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": True}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3.0}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 7}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 1}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "seed": "x"}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": {"colour": 1}}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": {"first_dealer": 3}}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": {"first_dealer": "x"}}]],
     "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": [1]}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": {"first_dealer": 1.5}}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "wyatt-earp", "players": 3, "options": {"first_dealer": True}}]], "invalid_params"),
    ([0, 1, "game.new", [{"game": "chess", "players": 2}]], "unknown_game"),
    ([0, 1, "game.view", [{"game_id": 1, "seat": 0}]], "unknown_game_id"),
    ([0, 1, "game.apply", [{"game_id": 1, "action": 0}]], "unknown_game_id"),
    ([0, 1, "game.close", [{"game_id": 1}]], "unknown_game_id"),
    ([0, 1, "bot.choose", [{"game_id": 1, "seat": 0, "bot": "random"}]], "unknown_game_id"),
    ([0, 1, "bot.choose_view", [{"game": "chess", "view": {}, "bot": "random"}]], "unknown_game"),
    ([0, 1, "search.stop", [{"now": True}]], "invalid_params"),
    ([0, 1, "shutdown", [{"now": True}]], "invalid_params"),
])
def test_error_codes_without_a_game(message, code):
    replies, out, status = answer(message, request(2, "hello"))
    assert error_of(replies[1]) == code
    assert replies[2][2] is None and status == 0            # and the server keeps serving


GAME = request(100, "game.new", game="wyatt-earp", players=3, seed=5)      # seat 1 is to move, then 2
BIG = 2**40


@pytest.mark.parametrize("message, code", [
    (request(1, "game.view", game_id=100), "invalid_params"),
    (request(1, "game.view", game_id=1, seat=3), "invalid_params"),
    (request(1, "game.view", game_id=1, seat=-1), "invalid_params"),
    (request(1, "game.view", game_id=1, seat=0, extra=0), "invalid_params"),
    (request(1, "game.view", game_id=2, seat=0), "unknown_game_id"),
    (request(1, "game.apply", game_id=1, action=None), "invalid_params"),
    (request(1, "game.apply", game_id=1, action=1.0), "invalid_params"),
    (request(1, "game.apply", game_id=1, action=False), "invalid_params"),
    (request(1, "game.apply", game_id=1, action=2), "illegal_action"),              # legal: 0 and 1
    (request(1, "game.apply", game_id=1, action=-1), "illegal_action"),
    (request(1, "game.apply", game_id=1, action=BIG), "illegal_action"),
    (request(1, "game.apply", game_id=1, action="end the play step"), "illegal_action"),
    (request(1, "game.apply", game_id=1, action="fly to the moon"), "illegal_action"),
    (request(1, "game.apply", game_id=1, action="2"), "illegal_action"),
    (request(1, "game.apply", game_id=1, action=0, seat=0), "not_your_turn"),
    (request(1, "game.apply", game_id=1, action=0, seat=5), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=0, bot="random"), "not_your_turn"),
    (request(1, "bot.choose", game_id=1, seat=9, bot="random"), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="cheat"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="cheat:iterations=5"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot=" cheat "), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="grandmaster"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="ismcts:colour=red"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="ismcts:iterations=many"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="ismcts:c=-1"), "bad_bot"),
    (request(1, "bot.choose", game_id=1, seat=1, bot=3), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", budget={}), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", budget={"iterations": 0}), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", budget={"time_ms": -5}), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", budget={"nodes": 5}), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", budget=100), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", info_ms=0.5), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", info_ms="often"), "invalid_params"),
    (request(1, "bot.choose", game_id=1, seat=1, bot="random", info_ms=float("nan")), "invalid_params"),
])
def test_error_codes_in_a_game(message, code):
    before = new_game("wyatt-earp", players=3, seed=5)
    replies, _, status = answer(GAME, message, request(2, "game.view", game_id=1, seat=1))
    assert replies[100][2] is None and replies[100][3]["game_id"] == 1
    assert error_of(replies[1]) == code, replies[1]
    assert replies[2][3]["information_set"] == before.information_set(1).to_dict()       # the game is unchanged
    assert status == 0


def test_a_seat_is_told_only_the_turn_it_knows():
    """Seed 0, 3 players, 50 random moves: seat 0 decides in a Photo window that seat 2 cannot see, so seat 2's
    view shows seat 2 to move (rules D35), and only the host's calls tell the truth (tests/test_protocol_seat_scope.py
    has the rest of the contract)."""
    state, rng = new_game("wyatt-earp", players=3, seed=0), random.Random(0)
    actions = []
    for _ in range(50):
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    assert state.current_player() == 0 and state.information_set(2).current_player() == 2
    calls = [request(1, "game.new", game="wyatt-earp", players=3, seed=0)]
    calls += [request(10 + i, "game.apply", game_id=1, action=a) for i, a in enumerate(actions)]
    calls += [request(2, "game.view", game_id=1, seat=2), request(3, "bot.choose", game_id=1, seat=2, bot="random"),
              request(4, "game.view", game_id=1, seat=0), request(5, "bot.choose", game_id=1, seat=0, bot="random")]
    replies, _, _ = answer(*calls)
    assert replies[10 + len(actions) - 1][3]["turn"] == 0                 # the host's reply: the true mover
    assert replies[2][3]["turn"] == 2 and [{"action": e["action"], "label": e["label"]} for e in replies[2][3]["legal"]] == [
        {"action": a, "label": state.information_set(2).action_label(a)} for a in state.information_set(2).legal_actions()]
    assert replies[3][3]["action"] in state.information_set(2).legal_actions()
    assert [a["label"] for a in replies[4][3]["legal"]] == ["play Photo Butch Cassidy", "decline"]
    assert replies[5][3]["action"] in (55, 157)


def test_errors_after_the_game_is_over():
    actions, final = finished_game(seed=4)
    calls = [request(1, "game.new", game="wyatt-earp", players=3, seed=4)]
    calls += [request(10 + i, "game.apply", game_id=1, action=a) for i, a in enumerate(actions)]
    calls += [request(2, "game.apply", game_id=1, action=0), request(3, "bot.choose", game_id=1, seat=0, bot="random"),
              request(4, "game.view", game_id=1, seat=0)]
    replies, _, _ = answer(*calls)
    assert error_of(replies[2]) == error_of(replies[3]) == "game_over"
    assert replies[4][3]["result"]["returns"] == final.returns()


def view_of(seed=5, players=3, to_move=True):
    state = new_game("wyatt-earp", players=players, seed=seed)
    seat = state.current_player() if to_move else (state.current_player() + 1) % players
    return state.information_set(seat).to_dict()


def edited(change):
    info = view_of()
    change(info)
    return {"information_set": info}


@pytest.mark.parametrize("view, code", [
    ({}, "bad_view"),
    ({"information_set": None}, "bad_view"),
    ({"information_set": {}}, "bad_view"),
    ({"information_set": "wyatt-earp"}, "bad_view"),
    (edited(lambda v: v.update(game="hearts")), "bad_view"),
    (edited(lambda v: v.update(seat=7)), "bad_view"),
    (edited(lambda v: v.update(seat="1")), "bad_view"),
    (edited(lambda v: v["view"].pop("money")), "bad_view"),
    (edited(lambda v: v["view"].update(colour=1)), "bad_view"),
    (edited(lambda v: v["view"].update(money=[0, 0])), "bad_view"),
    (edited(lambda v: v["view"].update(money="lots")), "bad_view"),
    (edited(lambda v: v["view"].update(hand_n=[[1]])), "bad_view"),
    (edited(lambda v: v["view"].update(n_players=9)), "bad_view"),
    (edited(lambda v: v["view"]["hand"][1].__setitem__(0, 200)), "bad_view"),     # 78 cards no longer add up
    (edited(lambda v: v["view"].update(phase=99)), "bad_view"),
    ({"information_set": view_of(to_move=False)}, "not_your_turn"),
])
def test_bot_choose_view_rejects_views(view, code):
    replies, _, _ = answer(request(1, "bot.choose_view", game="wyatt-earp", view=view, bot="random"),
                           request(2, "hello"))
    assert error_of(replies[1]) == code, replies[1]
    assert replies[2][2] is None


def test_bot_choose_view_of_a_finished_game_is_game_over():
    _, final = finished_game(seed=4)
    replies, _, _ = answer(request(1, "bot.choose_view", game="wyatt-earp", bot="random",
                                   view={"information_set": final.information_set(0).to_dict()}))
    assert error_of(replies[1]) == "game_over"


def test_a_failing_method_is_an_internal_error_and_the_server_goes_on(monkeypatch):
    def broken(self, params, call):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Server, "game_close", broken)
    replies, _, status = answer(request(1, "game.close", game_id=1), request(2, "hello"))
    assert replies[1][2] == {"code": "internal", "message": "game.close: RuntimeError: a bug"}
    assert replies[2][2] is None and status == 0


def test_an_unpackable_result_is_an_internal_error(monkeypatch):
    monkeypatch.setattr(Server, "shutdown", lambda self, params, call: {"x": object()})
    replies, _, status = answer(request(1, "shutdown"), request(2, "hello"))
    assert error_of(replies[1]) == "internal" and replies[2][2] is None and status == 0


@pytest.mark.parametrize("data", [
    b"\xc1" + pack(request(2, "hello")),        # a reserved byte: nothing after it is read
    b"\x91" * 1100,                              # nested too deep
    b"\x93\x00\x01",                             # input ending inside an array
    b"\xa5ab",                                    # input ending inside a string
])
def test_bytes_that_are_not_messagepack_end_the_session_with_status_2(data):
    out, status = run_bytes(pack(request(1, "hello")) + data)
    assert status == 2
    assert out[0][1] == 1 and out[0][2] is None                 # what came before is answered
    assert out[-1][:2] == [2, "protocol.error"] and out[-1][2][0]["code"] == "parse_error"
    assert len(out) == 2


@pytest.mark.parametrize("message", [
    "hello", 5, None, {"method": "hello"}, [], [0], [0, -1, "hello", [{}]], [0, "id", "hello", [{}]],
    [1, 1, None, {}], [2, 5, [{}]], [7, 1, "hello", [{}]], [2, "hello"],
])
def test_messages_without_a_usable_msgid_get_a_protocol_error_notification(message):
    out, status = run_messages(message, request(9, "hello"))
    assert out[0][:2] == [2, "protocol.error"] and out[0][2][0]["code"] == "invalid_request"
    assert out[1][1] == 9 and out[1][2] is None and status == 0


def codes_raised_by_the_server() -> set[str]:
    source = "".join(p.read_text() for p in (Path(__file__).resolve().parent.parent / "protocol").glob("*.py"))
    return set(re.findall(r'MethodError\(\s*"([a-z_]+)"', source)) | set(
        re.findall(r'error_map\(\s*"([a-z_]+)"', source)) | set(re.findall(r'code: str = "([a-z_]+)"', source))


def test_every_error_code_is_tested_and_documented():
    codes = codes_raised_by_the_server()
    assert codes == {"invalid_request", "unknown_method", "invalid_params", "unknown_game", "unknown_game_id",
                     "illegal_action", "not_your_turn", "game_over", "bad_view", "bad_bot", "busy", "internal",
                     "parse_error", "unknown_table", "bad_token", "not_seated"}
    docs = DOCS.read_text()
    for code in codes:
        assert f"`{code}`" in docs, code


def test_every_method_and_bot_is_documented():
    """(Each game's view fields: tests/test_game_contract.py.)"""
    docs = DOCS.read_text()
    for method in Server()._methods:
        assert f"### `{method}`" in docs, method
    for bot in FAIR_BOTS:
        assert f"`{bot}`" in docs, bot


def test_method_errors_carry_code_and_message():
    error = MethodError("bad_bot", "no such bot")
    assert (error.code, error.message, str(error)) == ("bad_bot", "no such bot", "bad_bot: no such bot")


def test_remote_errors_reach_the_client_as_one_exception_type():
    with InProcessServer() as engine:
        with pytest.raises(RemoteError) as caught:
            engine.call("game.view", game_id=42, seat=0)
        assert caught.value.code == "unknown_game_id" and caught.value.method == "game.view"
        assert "no open game 42" in caught.value.message
        assert engine.call("hello")["protocol"] == 2
