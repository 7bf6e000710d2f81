"""Property-based fuzzing of a live server: random MessagePack values and random bytes.

The server must answer or exit with status 2 exactly as docs/protocol.md says, never hang, and never write a byte
that is not a well-formed protocol message (everything it writes is decoded strictly and checked).  One server
process serves all the random values; random bytes may end a server, so they get a fresh process each (few
examples), and many more examples run in-process, where start-up costs nothing.

The examples are derandomized (hypothesis draws them from a fixed seed), so every run tests the same cases, as every
other random choice in the suite flows from a fixed seed.
"""
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deadeye.protocol.stream import StreamError, decode_all, pack

from support.protocol_harness import RawServer, request, run_bytes

METHODS = ["hello", "game.new", "game.view", "game.apply", "game.close", "bot.choose", "bot.choose_view",
           "search.stop"]                     # never "shutdown": the live server must survive every example
PARAM_NAMES = ["game", "players", "seed", "options", "game_id", "seat", "action", "bot", "budget", "info_ms", "view",
               "iterations", "time_ms", "first_dealer", "information_set"]
SENTINEL = 4_000_000_000                      # a msgid no random value uses: its answer ends an example
STOP = pack([2, "search.stop", [{}]])         # nudges a long search the fuzzer may have asked for

integers = st.integers(-2**63, 2**64 - 1)    # every integer MessagePack can carry
scalars = st.none() | st.booleans() | integers | st.floats() | st.text(max_size=20) | st.binary(max_size=20)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                      | st.dictionaries(st.text(max_size=10) | integers, inner, max_size=5), max_leaves=20)
small = (st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(["wyatt-earp", "random", "ismcts", "cheat",
                                                                          "heuristic", "x", ""]) | values)
params = st.dictionaries(st.sampled_from(PARAM_NAMES) | st.text(max_size=8), small, max_size=5)
msgids = st.integers(0, 10) | st.integers(-5, 2**33)
requests = st.builds(lambda i, m, p: [0, i, m, [p]], msgids, st.sampled_from(METHODS) | st.text(max_size=12), params)
notifications = st.builds(lambda m, p: [2, m, [p]], st.sampled_from(METHODS) | st.text(max_size=12), params)
messages = requests | notifications | values | st.lists(values, min_size=1, max_size=5)


@pytest.fixture(scope="module")
def live():
    server = RawServer()
    server.send(pack(request(1, "game.new", game="wyatt-earp", players=3, seed=1)))   # a game for ids 0..10 to hit
    server.collect_until(1, timeout=30)
    yield server
    assert server.close() == 0
    assert server.garbage == []


def expected_reply_ids(value) -> set:
    """msgids the server must answer: those of array messages that start like a request with a usable msgid."""
    if type(value) is list and len(value) >= 2 and value[0] == 0 and type(value[0]) is int \
            and type(value[1]) is int and 0 <= value[1] < 2**32:
        return {value[1]}
    return set()


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(messages)
def test_random_values_get_answers_and_the_server_keeps_serving(live, value):
    live.send(pack(value) + pack(request(SENTINEL, "hello")))
    got = live.collect_until(SENTINEL, timeout=20, nudge=STOP)
    assert live.garbage == []
    answered = {m[1] for m in got if m[0] == 1 and m[1] != SENTINEL}
    assert answered == expected_reply_ids(value)
    if not answered:                     # anything that is not a request is a notification or an error about it
        kinds = {(m[0], m[1]) for m in got[:-1]}
        assert kinds <= {(2, "protocol.error"), (2, "search.info")}
        if not (type(value) is list and value[:1] == [2] and type(value[0]) is int):
            assert (2, "protocol.error") in kinds                  # only a notification may pass silently
    assert got[-1][2] is None and got[-1][3]["engine"] == "deadeye"


def expected_status(data: bytes) -> int:
    try:
        decode_all(data)
    except StreamError:
        return 2
    return 0


def check_bytes_session(messages, status, data):
    assert status == expected_status(data)
    if status == 2:
        assert messages[-1][:2] == [2, "protocol.error"] and messages[-1][2][0]["code"] == "parse_error"


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.binary(max_size=64))
def test_random_bytes_in_process(data):
    messages, status = run_bytes(data)
    check_bytes_session(messages, status, data)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(messages, max_size=3), st.binary(max_size=16))
def test_messages_then_random_bytes_in_process(before, tail):
    """Valid messages are answered; what follows decides between status 0 and 2."""
    head = b"".join(pack(m) for m in before if not (type(m) is list and "shutdown" in m[1:3]))
    messages, status = run_bytes(head + tail)
    check_bytes_session(messages, status, head + tail)


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=64))
def test_random_bytes_to_a_live_server(data):
    server = RawServer()
    server.send(data)
    status = server.close(timeout=20)
    assert server.garbage == []
    messages = []
    while not server.messages.empty():
        messages.append(server.messages.get())
    check_bytes_session(messages, status, data)
    assert b"Traceback" not in server.stderr


def test_fuzz_strategies_reach_the_interesting_cases():
    """A guard on the strategies themselves: both exit statuses and both kinds of reply do occur."""
    assert expected_status(b"\xc1") == 2 and expected_status(msgpack.packb([0, 1, "hello", [{}]])) == 0
    assert expected_reply_ids([0, 3, "x", [{}]]) == {3} and expected_reply_ids([0, -1, "x", [{}]]) == set()
    assert expected_reply_ids([False, 3, "x", [{}]]) == set()
