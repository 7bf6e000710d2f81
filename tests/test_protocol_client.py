"""``deadeye.protocol.Client``: deadlines, one error type per failure, and never a child process left behind."""
import os
import sys
import time

import pytest

from deadeye.protocol import Client, EngineError, RemoteError
from deadeye.protocol.client import DEFAULT_COMMAND

from support.protocol_harness import InProcessServer, python_engine


def gone(pid: int, within: float = 5.0) -> bool:
    """The process ``pid`` no longer exists (reaped, by us or by init) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


def test_with_block_ends_the_engine():
    with Client() as engine:
        pid = engine.pid
        assert engine.call("hello")["engine"] == "deadeye"
        assert engine.returncode is None
    assert gone(pid) and engine.returncode == 0
    with pytest.raises(EngineError):
        engine.call("hello")


def test_with_block_ends_the_engine_after_an_exception_during_a_search():
    with pytest.raises(ZeroDivisionError):
        with Client(close_timeout=0.5) as engine:
            pid = engine.pid
            game = engine.call("game.new", game="wyatt-earp", players=2, seed=1)
            engine.send("bot.choose", game_id=game["game_id"], seat=game["turn"], bot="ismcts",
                        budget={"iterations": 10**9})
            1 / 0
    assert gone(pid)


def test_a_command_as_a_string_and_close_returns_the_status():
    engine = Client(" ".join(DEFAULT_COMMAND))
    assert engine.call("hello")["protocol"] == 2
    assert engine.close() == 0 and engine.close() == 0
    assert "closed" in repr(engine)


def test_an_engine_that_never_answers_times_out_then_is_killed():
    engine = Client(python_engine("import time; time.sleep(600)"), timeout=0.3, close_timeout=0.2)
    pid = engine.pid
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="hello: no answer within 0.3 s"):
        engine.call("hello")
    with pytest.raises(TimeoutError):
        engine.call("hello", timeout=0.1)
    engine.close()
    assert gone(pid) and time.monotonic() - start < 5


def wait_for_file(path):
    deadline = time.monotonic() + 10
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.02)
    return path.read_text()


def test_an_engine_that_ignores_sigterm_is_killed(tmp_path):
    ready = tmp_path / "ready"
    code = ("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            f"open({str(ready)!r}, 'w').write('yes'); time.sleep(600)")
    with Client(python_engine(code), close_timeout=0.1) as engine:
        pid = engine.pid
        wait_for_file(ready)                           # the handler is installed
    assert gone(pid) and engine.returncode == -9


def test_the_engines_own_children_are_ended_with_it(tmp_path):
    pid_file = tmp_path / "grandchild"
    code = ("import subprocess, sys, time; p = subprocess.Popen(['sleep', '600']); "
            f"open({str(pid_file)!r}, 'w').write(str(p.pid)); time.sleep(600)")
    with Client(python_engine(code), close_timeout=0.1):
        grandchild = int(wait_for_file(pid_file))
    assert gone(grandchild)


def test_an_engine_that_dies_fails_the_pending_call_with_its_status():
    with Client(python_engine("import sys; sys.stdin.buffer.read(1); sys.exit(3)")) as engine:
        with pytest.raises(EngineError) as caught:
            engine.call("hello")
        assert caught.value.returncode == 3 and "closed its output" in str(caught.value)
        with pytest.raises(EngineError):                     # and every later call at once
            engine.call("hello")


def test_an_engine_that_writes_garbage_is_an_engine_error():
    code = "import sys; sys.stdin.buffer.read(1); sys.stdout.buffer.write(b'hello, world\\n'); sys.stdout.flush()"
    with Client(python_engine(code)) as engine:
        with pytest.raises(EngineError, match="not MessagePack|invalid message"):
            engine.call("hello")


def test_an_engine_that_answers_with_a_malformed_error_still_raises_remote_error():
    code = ("import sys, msgpack; u = msgpack.Unpacker(); u.feed(sys.stdin.buffer.read1(1000)); m = next(u); "
            "sys.stdout.buffer.write(msgpack.packb([1, m[1], 'boom', None])); sys.stdout.flush(); "
            "sys.stdin.buffer.read()")
    with Client(python_engine(code)) as engine:
        with pytest.raises(RemoteError) as caught:
            engine.call("hello")
        assert caught.value.code == "remote_error" and caught.value.message == "'boom'"


def test_a_command_that_does_not_exist():
    with pytest.raises(FileNotFoundError):
        Client(["/nonexistent/engine"])


def test_streams_mode_and_notification_callbacks_that_fail():
    heard = []

    def callback(method, params):
        heard.append(method)
        raise RuntimeError("a broken callback must not break the client")

    with InProcessServer(on_notification=callback) as engine:
        engine.notify("hello", surplus=1)                      # a failing notification: protocol.error
        assert engine.call("hello")["engine"] == "deadeye"
        assert heard == ["protocol.error"]
        assert engine.pid is None and engine.returncode is None


def test_remote_errors_carry_the_code_and_leave_the_client_usable():
    with InProcessServer() as engine:
        for method, params, code in [("nope", {}, "unknown_method"), ("game.new", {}, "invalid_params"),
                                     ("game.new", {"game": "go", "players": 2}, "unknown_game")]:
            with pytest.raises(RemoteError) as caught:
                engine.call(method, **params)
            assert caught.value.code == code
        assert engine.call("game.new", game="wyatt-earp", players=2)["game_id"] == 1


def test_client_rejects_a_command_and_streams_together():
    with pytest.raises(ValueError):
        Client([sys.executable], streams=(None, None))
