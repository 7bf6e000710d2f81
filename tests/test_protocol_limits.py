"""Nothing a client sends may crash, wedge or exhaust ``deadeye serve`` (issue 13, defects 2 to 6).

Out-of-range numbers get their documented code with the accepted range, never ``internal``; deep nesting and huge
messages are refused and the server keeps serving (or, past the byte limit, ends cleanly with ``parse_error``);
the request queue, the node pools and the games are bounded; ``hello`` reports every limit.
"""
import io
import subprocess
import sys

import msgpack
import pytest

from deadeye.bots.players import SearchBot
from deadeye.core import new_game
from deadeye.core.errors import InconsistentInformationError
from deadeye.protocol.client import DEFAULT_COMMAND
from deadeye.protocol.limits import DEFAULT_LIMITS, MIB, Limits
from deadeye.protocol.server import Server, _Call, serve
from deadeye.protocol.session import brief, nesting_exceeds
from deadeye.protocol.stream import decode_all, pack

from support.protocol_harness import RawServer, check_outgoing, replies_by_id, request, run_messages

GAME = request(100, "game.new", game="wyatt-earp", players=3, seed=5)      # seat 1 is to move
HUGE = {"iterations": 10**9}


def answers(*messages, limits=DEFAULT_LIMITS):
    """Every message written in answer to ``messages`` (served in-process with ``limits``), and the exit status."""
    out = io.BytesIO()
    status = serve(io.BytesIO(b"".join(pack(m) for m in messages)), out, limits)
    written = decode_all(out.getvalue())
    for message in written:
        check_outgoing(message)
    return written, status


def error(reply):
    assert reply[0] == 1 and reply[3] is None, reply
    return reply[2]["code"], reply[2]["message"]


def nested(depth, leaf=0):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


# --- out-of-range numbers: their documented code, with the range --------------------------------------------------

@pytest.mark.parametrize("budget, message", [
    ({"iterations": 2**31}, "iterations must be an integer from 1 to 2,147,483,647, not 2147483648"),
    ({"iterations": 10**12}, "iterations must be an integer from 1 to 2,147,483,647"),
    ({"iterations": 2**63}, "iterations must be an integer from 1 to 2,147,483,647"),
    ({"time_ms": 1e300}, "time_ms must be a number from 0 (excluded) to 86,400,000"),
    ({"time_ms": 86_400_001}, "time_ms must be a number from 0 (excluded) to 86,400,000"),
])
def test_out_of_range_budgets_are_invalid_params_naming_the_range(budget, message):
    view = new_game("wyatt-earp", players=3, seed=5).information_set(1).to_dict()
    out, status = run_messages(GAME, request(1, "bot.choose", game_id=1, seat=1, bot="ismcts", budget=budget),
                               request(2, "bot.choose_view", game="wyatt-earp", view={"information_set": view},
                                       bot="ismcts", budget=budget),
                               request(3, "hello"))
    replies = replies_by_id(out)
    for msgid in (1, 2):
        code, text = error(replies[msgid])
        assert code == "invalid_params" and message in text, text
    assert replies[3][2] is None and status == 0


@pytest.mark.parametrize("action", ["9" * 5000, "9" * 201, "99999999999", str(2**64), 2**63, -(2**63), 2**64 - 1])
def test_out_of_range_actions_are_illegal_action_and_change_nothing(action):
    before = new_game("wyatt-earp", players=3, seed=5).information_set(1).to_dict()
    out, status = run_messages(GAME, request(1, "game.apply", game_id=1, action=action),
                               request(2, "game.view", game_id=1, seat=1))
    replies = replies_by_id(out)
    code, text = error(replies[1])
    assert code == "illegal_action" and len(text) < 600, text
    assert replies[2][3]["information_set"] == before and status == 0


@pytest.mark.parametrize("game, phase", [("wyatt-earp", 2), ("colt-express", 6)])
def test_a_view_whose_seat_to_move_has_no_legal_move_is_bad_view(game, phase):
    state = new_game(game, players=3, seed=1)
    plain = state.information_set(state.current_player()).to_dict()
    plain["view"]["phase"] = phase                    # a phase no game reaches here: the seat to move has no move
    out, status = run_messages(request(1, "bot.choose_view", game=game, view={"information_set": plain},
                                       bot="ismcts:iterations=50"),
                               request(2, "hello"))
    replies = replies_by_id(out)
    assert error(replies[1])[0] == "bad_view" and replies[2][2] is None and status == 0


def test_a_view_no_state_fits_is_bad_view_whoever_finds_out(monkeypatch):
    """The view check may let through a view no state fits; the search then finds out, and says so as bad_view."""
    def no_state(self, information_set, *args, **kwargs):
        raise InconsistentInformationError(f"no state is consistent with the information set of seat "
                                           f"{information_set.seat}: nothing to search")

    monkeypatch.setattr(SearchBot, "choose", no_state)
    plain = new_game("wyatt-earp", players=3, seed=5).information_set(1).to_dict()
    out, status = run_messages(request(1, "bot.choose_view", game="wyatt-earp", view={"information_set": plain},
                                       bot="ismcts:iterations=50"), request(2, "hello"))
    replies = replies_by_id(out)
    assert error(replies[1]) == ("bad_view", "bot.choose_view: no state is consistent with the information set of "
                                             "seat 1: nothing to search")
    assert replies[2][2] is None and status == 0


# --- nesting: invalid_request, and the server keeps serving --------------------------------------------------------

def test_deep_nesting_is_invalid_request_and_a_real_server_keeps_serving():
    """On the server before the depth bound, building the error message recursed and the process exited (2)."""
    server = RawServer()
    try:
        server.send(pack(request(1, "hello", x=nested(1000))))
        reply = server.collect_until(1, timeout=60)[-1]
        assert error(reply) == ("invalid_request", "arrays and maps nest more than 32 levels deep")
        server.send(pack(nested(1000)) + pack(request(2, "hello")))    # no msgid: a protocol.error notification
        got = server.collect_until(2, timeout=60)
        assert got[0] == [2, "protocol.error", [{"code": "invalid_request",
                                                 "message": "arrays and maps nest more than 32 levels deep"}]]
        assert got[-1][2] is None and got[-1][3]["engine"] == "deadeye"
    finally:
        assert server.close() == 0 and not server.garbage


def test_nesting_up_to_the_limit_is_read_and_one_more_level_is_refused():
    # the message is level 1, params 2, the map 3, so x = nested(n) reaches level 3 + n + 1 with a scalar leaf
    out, status = run_messages(request(1, "hello", x=nested(28)), request(2, "hello", x=nested(29, leaf=[])))
    replies = replies_by_id(out)
    assert error(replies[1])[0] == "invalid_params"                 # read: the parameter is merely unknown
    assert error(replies[2])[0] == "invalid_request" and status == 0
    assert not nesting_exceeds(nested(32, leaf=7), 32) and nesting_exceeds(nested(33, leaf=7), 32)
    assert nesting_exceeds({"a": [{"b": [[]]}]}, 4) and not nesting_exceeds({"a": [{"b": [[]]}]}, 5)


def test_error_messages_about_any_input_are_short():
    big = {"k" * 1000: ["v" * 10**5] * 1000, 2: nested(30)}
    assert len(brief(big)) <= 200 and len(brief(nested(30))) <= 200 and len(brief("x" * 10**6, 50)) <= 50
    out, _ = run_messages(request(1, "game.new", game="wyatt-earp", players=3, options=big),
                          request(2, "game.new", game="wyatt-earp", players=["x" * 10**4] * 100),
                          [0, 3, "hello", [{"a": 1}, nested(30)]])
    for reply in replies_by_id(out).values():
        assert len(reply[2]["message"]) < 400, reply[2]


# --- message size and lengths ----------------------------------------------------------------------------------------

PEAK_RSS = ("import resource, subprocess, sys\n"
            "out = subprocess.run(sys.argv[1:], stdin=sys.stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)\n"
            "sys.stdout.buffer.write(out.stdout)\n"
            "print(out.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024, file=sys.stderr)\n")


def serve_measured(data, *args):
    """A real ``deadeye serve`` fed ``data``: (its messages, its exit status, its peak RSS in MB)."""
    done = subprocess.run([sys.executable, "-c", PEAK_RSS, *DEFAULT_COMMAND, *args], input=data,
                          capture_output=True, timeout=300)
    status, peak_mb = map(int, done.stderr.split())
    return decode_all(done.stdout), status, peak_mb


def empty_arrays(outer, inner):
    """``outer`` arrays of ``inner`` empty arrays, as one request's parameter (about outer * inner bytes)."""
    head = msgpack.packb([0, 1, "hello", [{"x": 0}]])[:-1]
    array = lambda n: b"\xdd" + n.to_bytes(4, "big")                                    # noqa: E731
    return head + array(outer) + (array(inner) + b"\x90" * inner) * outer


def test_a_message_past_the_byte_limit_is_refused_unread():
    """The issue's 12 MB message of empty arrays took the server to about 900 MB; now it is refused as it arrives."""
    data = msgpack.packb([0, 1, "hello", [{"x": 0}]])[:-1] + b"\xdd" + (12 * 10**6).to_bytes(4, "big") \
        + b"\x90" * (12 * 10**6)
    messages, status, peak_mb = serve_measured(data)
    assert status == 2 and messages[-1][1] == "protocol.error" and messages[-1][2][0]["code"] == "parse_error"
    assert peak_mb < 300, peak_mb                    # measured: 38 MB (before: 866 MB)


def test_the_largest_accepted_message_is_answered_and_the_flag_raises_the_limit():
    largest = empty_arrays(255, 4096)                # 1,045,773 bytes: under 1 MiB, every array within 4096
    messages, status, peak_mb = serve_measured(largest + pack(request(2, "hello")))
    assert [error(m)[0] if m[2] else "ok" for m in messages] == ["invalid_params", "ok"] and status == 0
    assert peak_mb < 400, peak_mb                    # measured: 110 MB
    bigger = empty_arrays(400, 4096)                 # 1.6 MB
    messages, status, _ = serve_measured(bigger + pack(request(2, "hello")))
    assert status == 2 and messages[0][2][0]["code"] == "parse_error" and str(MIB) in messages[0][2][0]["message"]
    messages, status, _ = serve_measured(bigger + pack(request(2, "hello")), "--max-message-bytes", str(2 * MIB))
    assert [error(m)[0] if m[2] else "ok" for m in messages] == ["invalid_params", "ok"] and status == 0


@pytest.mark.parametrize("value", [list(range(4097)), {str(i): i for i in range(1025)}, "s" * 65537,
                                   b"b" * 65537])
def test_arrays_maps_strings_and_binaries_past_their_length_limits_are_unreadable(value):
    out, status = answers(request(1, "hello", x=value), request(2, "hello"))
    assert status == 2 and out[-1][1] == "protocol.error" and out[-1][2][0]["code"] == "parse_error"
    out, status = answers(request(1, "hello", x=value), request(2, "hello"),
                          limits=Limits(array_len=5000, map_len=2000, str_len=70000, bin_len=70000))
    assert [m[2]["code"] if m[2] else "ok" for m in out] == ["invalid_params", "ok"] and status == 0


# --- the queue, the node pools, the games ----------------------------------------------------------------------------

def test_past_the_queue_bound_requests_are_answered_busy_in_their_turn_and_a_stop_is_never_refused():
    hellos = [request(10 + i, "hello") for i in range(40)]
    out, status = answers(GAME, request(1, "bot.choose", game_id=1, seat=1, bot="ismcts", budget=HUGE), *hellos,
                          request(2, "search.stop"), limits=Limits(queue=4))
    responses = [m for m in out if m[0] == 1]
    assert sorted(m[1] for m in responses) == sorted([100, 1, 2] + [10 + i for i in range(40)])    # one answer each
    stop = next(m for m in responses if m[1] == 2)
    assert stop[2] is None and stop[3] == {"stopped": True}
    in_order = [m for m in responses if m[1] != 2]
    assert [m[1] for m in in_order] == [100, 1] + [10 + i for i in range(40)]           # in the order they came
    assert in_order[1][3]["stats"]["stopped"] is True
    codes = [m[2]["code"] if m[2] else "ok" for m in in_order[2:]]
    busy = codes.count("busy")
    assert busy >= 40 - 4 and codes == ["ok"] * (40 - busy) + ["busy"] * busy, codes
    assert "4 requests" in next(m for m in in_order if m[2])[2]["message"] and status == 0


def test_a_refused_choice_is_not_waiting_for_a_stop():
    server = Server()
    assert server.urgent("bot.choose", 0) is False
    server.refused("bot.choose", 0)
    assert server.search_stop({}, _Call(None, 1)) == {"stopped": False}


def test_a_game_keeps_a_few_bots_and_no_node_pool_between_their_choices():
    server = Server(Limits(bots_per_game=5))
    game_id = server.game_new({"game": "wyatt-earp", "players": 3, "seed": 5}, _Call(1, 0))["game_id"]
    for k in range(12):
        result = server.bot_choose({"game_id": game_id, "seat": 1, "bot": f"ismcts:iterations=300,seed={k}"},
                                   _Call(2 + k, 1 + k))
        assert result["stats"]["tree_size"] > 1
    kept = server._games[game_id].bots
    assert [str(spec) for _, spec in kept] == [f"ismcts:iterations=300,seed={k}" for k in range(7, 12)]
    assert all(s.tree_size == 0 for bot in kept.values() for s in bot._searchers)   # each freed its pool


def test_a_bot_used_again_continues_its_seeded_choices():
    """Within the bots a game keeps, a spec written two ways is one bot, and its choices follow on."""
    server = Server()
    game_id = server.game_new({"game": "wyatt-earp", "players": 3, "seed": 5}, _Call(1, 0))["game_id"]
    for spec in ("ismcts:iterations=30,c=0.5", "ismcts:c=0.5,iterations=30"):
        server.bot_choose({"game_id": game_id, "seat": 1, "bot": spec}, _Call(2, 1))
    assert len(server._games[game_id].bots) == 1


def test_the_server_caps_the_node_pool():
    """``max_nodes=100000000`` grew without bound; now the cap is the server's (``--max-nodes``)."""
    server = RawServer("--max-nodes", "5000")
    try:
        server.send(pack(request(1, "hello")) + pack(GAME))
        hello = server.collect_until(1, timeout=60)[-1][3]
        assert hello["limits"]["max_nodes"] == 5000
        server.send(pack(request(2, "bot.choose", game_id=1, seat=1, bot="ismcts:max_nodes=5001")))
        code, text = error(server.collect_until(2, timeout=60)[-1])
        assert code == "bad_bot" and "max_nodes='5001' is not an integer from 1 to 5000" in text
        server.send(pack(request(3, "bot.choose", game_id=1, seat=1, bot="ismcts", budget={"iterations": 20000})))
        stats = server.collect_until(3, timeout=120)[-1][3]["stats"]
        assert stats["iterations"] == 20000 and 1000 < stats["tree_size"] <= 5000
    finally:
        assert server.close() == 0 and not server.garbage


def test_the_number_of_open_games_is_bounded():
    out, _ = run_messages(*[request(i, "game.new", game="hearts", players=4) for i in range(1, 4)],
                          request(4, "game.close", game_id=1), request(5, "game.new", game="hearts", players=4))
    assert all(m[2] is None for m in out)
    server = Server(Limits(games=2))
    for i in range(2):
        server.game_new({"game": "hearts", "players": 4}, _Call(i, i))
    with pytest.raises(Exception, match="busy: game.new: 2 games are open: close one first"):
        server.game_new({"game": "hearts", "players": 4}, _Call(3, 3))
    server.game_close({"game_id": 1}, _Call(4, 4))
    assert server.game_new({"game": "hearts", "players": 4}, _Call(5, 5))["game_id"] == 3


def test_hello_reports_every_limit_and_the_flags_change_them():
    out = subprocess.run([*DEFAULT_COMMAND, "--max-message-bytes", "2000000", "--max-nodes", "777"],
                         input=pack(request(1, "hello")), capture_output=True, timeout=60)
    limits = decode_all(out.stdout)[0][3]["limits"]
    assert limits == {"message_bytes": 2000000, "depth": 32, "array_len": 4096, "map_len": 1024, "str_len": 65536,
                      "bin_len": 65536, "queue": 4096, "queue_bytes": 4000000, "busy_backlog": 1000000,
                      "max_nodes": 777, "games": 1024, "bots_per_game": 16, "particles": 256, "tables": 64,
                      "table_connections": 8, "table_idle_s": 60.0, "connections": 64, "address_connections": 32,
                      "connection_tables": 8, "address_tables": 32, "idle_s": 600.0, "head_timeout_s": 10.0,
                      "address_sockets": 128, "send_timeout_s": 30.0, "outbox_bytes": 4 * MIB, "kept_trees": 4,
                      "ponders": 1, "ponder_ms": 30000.0, "iterations": 2**31 - 1, "time_ms": 86400000.0}
    for flag in ("--max-nodes", "--max-message-bytes"):
        bad = subprocess.run([*DEFAULT_COMMAND, flag, "0"], input=b"", capture_output=True, timeout=60)
        assert bad.returncode == 2 and b"must be at least 1" in bad.stderr and bad.stdout == b""
