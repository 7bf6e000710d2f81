"""``deadeye serve`` as a process: a whole game, exit statuses, and nothing but protocol bytes on stdout."""
import random
import subprocess
import sys

import pytest

from deadeye.core import new_game
from deadeye.protocol import Client
from deadeye.protocol.stream import decode_all, pack

from support.protocol_harness import RawServer, check_outgoing, request


def test_a_whole_three_player_game_two_bots_and_a_random_seat():
    rng = random.Random(12)
    bots = {0: "ismcts:iterations=40", 1: "heuristic"}
    played = []
    with Client() as engine:
        hello = engine.call("hello")
        assert hello["protocol"] == 2 and "wyatt-earp" in [g["name"] for g in hello["games"]]
        game = engine.call("game.new", game="wyatt-earp", players=3, seed=12)
        game_id, turn, status = game["game_id"], game["turn"], game["status"]
        while status == "playing":
            view = engine.call("game.view", game_id=game_id, seat=turn)
            assert view["turn"] == turn and view["status"] == "playing" and view["legal"]
            if turn in bots:
                action = engine.call("bot.choose", game_id=game_id, seat=turn, bot=bots[turn])["action"]
                assert action in [a["action"] for a in view["legal"]]
            else:
                action = rng.choice(view["legal"])["label"]           # the third seat plays by label
            applied = engine.call("game.apply", game_id=game_id, action=action)     # the host learns the true turn
            assert applied["seat"] == turn
            played.append(applied["action"])
            turn, status = applied["turn"], applied["status"]
        final = engine.call("game.view", game_id=game_id, seat=2)
        engine.call("game.close", game_id=game_id)
    assert len(played) > 50 and turn == -1
    replay = new_game("wyatt-earp", players=3, seed=12)                # the referee applied exactly these
    for action in played:
        replay.apply_action(action)
    assert replay.is_terminal()
    assert final["result"] == applied["result"]
    assert {k: final["result"][k] for k in ("returns", "scores")} == {"returns": replay.returns(),
                                                                      "scores": replay.game_returns()}
    assert sorted(final["result"]["returns"]) == [0.0, 0.0, 1.0] and max(final["result"]["scores"]) >= 25000


def run_serve(data: bytes, *args: str, wrapper: str | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "deadeye.protocol.cli", "serve", *args] if wrapper is None \
        else [sys.executable, "-c", wrapper, *args]
    return subprocess.run(command, input=data, capture_output=True, timeout=60)


def test_end_of_input_exits_0_and_shutdown_exits_0_at_once():
    out = run_serve(pack(request(1, "hello")))
    assert out.returncode == 0 and out.stderr == b""
    assert decode_all(out.stdout)[0][:3] == [1, 1, None]
    out = run_serve(pack(request(1, "shutdown")) + pack(request(2, "hello")))
    assert out.returncode == 0 and decode_all(out.stdout) == [[1, 1, None, {}]]


def test_bytes_that_are_not_messagepack_exit_2_after_a_protocol_error():
    out = run_serve(pack(request(1, "hello")) + b"\xc1\x00\x00")
    assert out.returncode == 2
    messages = decode_all(out.stdout)
    assert messages[0][1] == 1 and messages[1][:2] == [2, "protocol.error"]
    assert messages[1][2][0]["code"] == "parse_error" and len(messages) == 2
    assert out.stderr == b""                                           # logs are off by default


# A serve process whose methods print to stdout and fail: the protocol stream must survive both.
NOISY = """
import sys
from deadeye.protocol import server
hello = server.Server.hello
def noisy_hello(self, params, call):
    print("STRAY PRINT")
    sys.stdout.flush()
    return hello(self, params, call)
def broken_close(self, params, call):
    raise RuntimeError("a bug")
server.Server.hello = noisy_hello
server.Server.game_close = broken_close
sys.exit(server.main(sys.argv[1] if len(sys.argv) > 1 else None))
"""


@pytest.mark.parametrize("log_level", [None, "error"])
def test_stray_prints_and_tracebacks_never_reach_stdout(log_level):
    data = pack(request(1, "hello")) + pack(request(2, "game.close", game_id=1)) + pack(request(3, "hello"))
    out = run_serve(data, *([log_level] if log_level else []), wrapper=NOISY)
    assert out.returncode == 0
    messages = decode_all(out.stdout)                                  # strict: a stray byte fails here
    for message in messages:
        check_outgoing(message)
    assert [m[1] for m in messages] == [1, 2, 3]
    assert messages[1][2] == {"code": "internal", "message": "game.close: RuntimeError: a bug"}
    assert b"STRAY PRINT" in out.stderr
    assert (b"Traceback" in out.stderr) == (log_level == "error")


def test_log_level_debug_logs_each_request_to_stderr():
    out = run_serve(pack(request(1, "hello")) + pack(request(2, "nope")), "--log-level", "debug")
    assert out.returncode == 0 and len(decode_all(out.stdout)) == 2
    log = out.stderr.decode()
    assert "deadeye serve DEBUG: -> hello 1 {}" in log
    assert "deadeye serve INFO: <- nope 2 error unknown_method" in log


def test_serve_rejects_an_unknown_log_level():
    out = run_serve(b"", "--log-level", "chatty")
    assert out.returncode == 2 and b"invalid choice" in out.stderr and out.stdout == b""


def test_a_raw_session_with_invalid_messages_keeps_serving():
    server = RawServer()
    try:
        server.send(pack("hello") + pack([0, 1, "hello"]) + pack(request(2, "hello")))
        got = server.collect_until(2, timeout=10)
        assert got[0][:2] == [2, "protocol.error"]
        assert got[1][:2] == [1, 1] and got[1][2]["code"] == "invalid_request"
        assert got[2][1] == 2 and got[2][2] is None
    finally:
        assert server.close() == 0
    assert server.garbage == []


def test_a_client_that_stops_reading_ends_the_server_with_status_1():
    from deadeye.protocol.client import DEFAULT_COMMAND

    process = subprocess.Popen(DEFAULT_COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdout.close()
    process.stdin.write(pack(request(1, "hello")))
    process.stdin.flush()
    try:
        assert process.wait(20) == 1
    finally:
        process.kill()
        process.wait()
    assert process.stderr.read() == b""
    process.stdin.close()
    process.stderr.close()
