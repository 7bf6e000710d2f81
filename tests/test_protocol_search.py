"""A search in progress on a real ``deadeye serve``: ``search.stop`` ends it at once, ``search.info`` reports on it.

The timings asserted here are generous behaviour bounds (the protocol promises a stop "at once"; docs/protocol.md
quotes the measured figure), not benchmarks.
"""
import threading
import time

import pytest

from deadeye.core import new_game
from deadeye.protocol import Client
from deadeye.protocol.session import RemoteError

HUGE = {"iterations": 10**9}          # hours of search: only a stop ends it


class Notes:
    """Notifications heard by the client, with the time each arrived."""

    def __init__(self):
        self.items = []
        self.event = threading.Event()

    def __call__(self, method, params):
        self.items.append((time.perf_counter(), method, params))
        self.event.set()

    def of(self, method, msgid=None):
        return [(t, p) for t, m, p in self.items if m == method and (msgid is None or p.get("msgid") == msgid)]


@pytest.fixture(scope="module")
def served():
    notes = Notes()
    with Client(on_notification=notes, timeout=30) as engine:
        game = engine.call("game.new", game="wyatt-earp", players=3, seed=5)
        yield engine, notes, game


@pytest.fixture
def engine(served):
    engine, notes, game = served
    notes.items.clear()
    return engine


@pytest.fixture
def notes(served):
    return served[1]


@pytest.fixture
def game(served):
    return served[2]


def choose(engine, game, bot="ismcts", **extra):
    return engine.send("bot.choose", game_id=game["game_id"], seat=game["turn"], bot=bot, **extra)


def legal_actions():
    return new_game("wyatt-earp", players=3, seed=5).legal_actions()


def wait_for_info(notes, msgid, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not notes.of("search.info", msgid):
        assert time.monotonic() < deadline, "no search.info arrived"
        notes.event.wait(0.05)
        notes.event.clear()


def test_search_stop_ends_a_long_search_within_100_ms(engine, notes, game, record_property):
    future = choose(engine, game, budget=HUGE, info_ms=20)
    wait_for_info(notes, future.msgid)                        # the search is certainly running
    start = time.perf_counter()
    assert engine.call("search.stop") == {"stopped": True}
    result = engine.result(future, timeout=10)
    latency_ms = (time.perf_counter() - start) * 1000
    record_property("search_stop_latency_ms", round(latency_ms, 2))
    assert latency_ms < 1000                                  # measured: a few ms (docs/protocol.md)
    assert result["stats"]["stopped"] is True and 0 < result["stats"]["iterations"] < 10**9
    assert result["action"] in legal_actions() and result["action"] == result["stats"]["actions"][0]["action"]


def test_search_info_reports_progress_of_that_request(engine, notes, game):
    future = choose(engine, game, budget={"time_ms": 400}, info_ms=50)
    result = engine.result(future, timeout=10)
    infos = [p for _, p in notes.of("search.info", future.msgid)]
    assert 4 <= len(infos) <= 9                               # about one per 50 ms of a 400 ms search
    assert [p["iterations"] for p in infos] == sorted(p["iterations"] for p in infos)
    assert [p["elapsed_ms"] for p in infos] == sorted(p["elapsed_ms"] for p in infos)
    assert all(p["seat"] == game["turn"] and p["action"] in legal_actions() for p in infos)
    assert all(0.0 <= p["value"] <= 1.0 and 0 < p["visits"] <= p["iterations"] for p in infos)
    assert infos[-1]["iterations"] <= result["stats"]["iterations"]
    labels = dict(zip(legal_actions(), ["draw two from the draw pile", "take Bank Robbery from the discard pile"]))
    assert all(p["label"] == labels[p["action"]] for p in infos)
    assert result["stats"]["stopped"] is False


def test_no_search_info_without_info_ms(engine, notes, game):
    engine.result(choose(engine, game, budget={"time_ms": 150}), timeout=10)
    assert notes.of("search.info") == []


def test_flat_monte_carlo_reports_and_stops_too(engine, notes, game):
    future = choose(engine, game, bot="flatmc", budget=HUGE, info_ms=20)
    wait_for_info(notes, future.msgid)
    engine.call("search.stop")
    assert engine.result(future, timeout=5)["stats"]["stopped"] is True


def test_a_stop_sent_right_after_the_choice_ends_it(engine, game):
    """The stop may be read before the search has begun: it still ends every choice that arrived before it."""
    for bot in ("ismcts", "pimc", "flatmc"):
        future = choose(engine, game, bot=bot, budget=HUGE)
        assert engine.call("search.stop") == {"stopped": True}
        result = engine.result(future, timeout=5)
        assert result["stats"]["stopped"] is True and result["action"] in legal_actions()


def test_a_stop_ends_the_queued_choices_too_but_not_later_ones(engine, game):
    first, second = choose(engine, game, budget=HUGE), choose(engine, game, budget=HUGE)
    engine.call("search.stop")
    assert engine.result(first, timeout=5)["stats"]["stopped"] is True
    assert engine.result(second, timeout=5)["stats"]["stopped"] is True
    later = engine.result(choose(engine, game, budget={"iterations": 300}), timeout=10)
    assert later["stats"]["stopped"] is False and later["stats"]["iterations"] == 300


def test_a_choice_stopped_before_it_starts_searches_not_at_all(engine, notes, game):
    """The second choice waits behind the first when the stop arrives: it starts with its token already set."""
    first = choose(engine, game, budget=HUGE, info_ms=20)
    wait_for_info(notes, first.msgid)                         # the first is searching, the second is queued
    for bot in ("ismcts", "pimc", "flatmc"):
        queued = choose(engine, game, bot=bot, budget=HUGE)
        time.sleep(0.05)
        assert engine.call("search.stop") == {"stopped": True}
        assert engine.result(first, timeout=5)["stats"]["stopped"] is True
        result = engine.result(queued, timeout=5)
        assert result["stats"]["stopped"] is True and result["stats"]["iterations"] == 0
        assert result["action"] == legal_actions()[0]          # no iteration: the first legal action
        first = choose(engine, game, budget=HUGE, info_ms=20)
        wait_for_info(notes, first.msgid)
    engine.call("search.stop")
    engine.result(first, timeout=5)


def test_the_stop_of_an_earlier_choice_never_reaches_a_later_one(engine, game):
    first = choose(engine, game, budget=HUGE)
    engine.call("search.stop")
    later = choose(engine, game, budget={"time_ms": 300})     # arrives after the stop: runs its whole budget
    assert engine.result(first, timeout=5)["stats"]["stopped"] is True
    stats = engine.result(later, timeout=10)["stats"]
    assert stats["stopped"] is False and stats["elapsed_ms"] >= 300 and stats["iterations"] > 0
    engine.result(choose(engine, game, budget={"iterations": 50}), timeout=10)
    assert engine.call("search.stop") == {"stopped": False}   # nothing running: no token to set
    after = engine.result(choose(engine, game, budget={"iterations": 300}), timeout=10)["stats"]
    assert after["stopped"] is False and after["iterations"] == 300


def test_pimc_stops_between_its_per_sample_searches(engine, notes, game):
    future = choose(engine, game, bot="pimc:determinisations=50", budget=HUGE)
    time.sleep(0.3)
    start = time.perf_counter()
    engine.call("search.stop")
    result = engine.result(future, timeout=5)
    assert (time.perf_counter() - start) < 1.0 and result["stats"]["stopped"] is True


def test_other_requests_wait_for_the_search(engine, game):
    future = choose(engine, game, budget=HUGE)
    hello = engine.send("hello")
    time.sleep(0.3)
    assert not hello.done() and not future.done()             # queued behind the search (docs: "Concurrency")
    engine.notify("search.stop")                              # a notification stops it as well
    engine.result(future, timeout=5)
    assert engine.result(hello, timeout=5)["engine"] == "deadeye"


@pytest.mark.parametrize("bot, budget, code, message", [
    ("ismcts:c=nan", None, "bad_bot", "c='nan' is not a number in [0, 100]"),
    ("pimc:c=nan", None, "bad_bot", "c='nan' is not a number in [0, 100]"),
    ("easy:c=nan", None, "bad_bot", "c='nan' is not a number in [0, 100]"),
    ("ismcts:c=inf", None, "bad_bot", "c='inf' is not a number in [0, 100]"),
    ("ismcts:bias=inf", None, "bad_bot", "bias='inf' is not a number in [0, 1000]"),
    ("ismcts:time_ms=nan", None, "bad_bot", "time_ms='nan' is not a number in (0, 86400000]"),
    ("ismcts:time_ms=inf", None, "bad_bot", "time_ms='inf' is not a number in (0, 86400000]"),
    ("ismcts:time_ms=1e300", None, "bad_bot", "time_ms='1e300' is not a number in (0, 86400000]"),
    ("ismcts:iterations=99999999999", None, "bad_bot",
     "iterations='99999999999' is not an integer from 1 to 2147483647"),
    ("ismcts:max_nodes=99999999999", None, "bad_bot", "max_nodes='99999999999' is not an integer from 1 to 2000000"),
    ("ismcts:max_nodes=100000000", None, "bad_bot", "max_nodes='100000000' is not an integer from 1 to 2000000"),
    ("ismcts:expand=99999999999", None, "bad_bot", "expand='99999999999' is not an integer from 1 to 1000000"),
    ("ismcts:cutoff=99999999999", None, "bad_bot", "is not a number of moves from 0 to 20000, or round"),
    ("pimc:determinisations=0", None, "bad_bot", "determinisations='0' is not an integer from 1 to 100000"),
    ("pimc:determinisations=99999999999", None, "bad_bot", "determinisations='99999999999' is not an integer from 1 "
                                                            "to 100000"),
    ("random:seed=" + "9" * 5000, None, "bad_bot", "a bot spec is at most 1000 characters"),
    ("ismcts", {"iterations": 2**31}, "invalid_params", "iterations must be an integer from 1 to 2,147,483,647"),
    ("ismcts", {"iterations": 10**12}, "invalid_params", "iterations must be an integer from 1 to 2,147,483,647"),
    ("ismcts", {"time_ms": 1e300}, "invalid_params", "time_ms must be a number from 0 (excluded) to 86,400,000"),
])
def test_out_of_range_search_settings_get_their_code_and_the_server_keeps_serving(engine, game, bot, budget, code,
                                                                                  message):
    extra = {} if budget is None else {"budget": budget}
    with pytest.raises(RemoteError) as error:
        engine.result(choose(engine, game, bot=bot, **extra), timeout=10)
    assert error.value.code == code and message in error.value.message
    assert engine.call("hello")["engine"] == "deadeye"


def test_an_impossible_view_whose_rollouts_cannot_go_on_gets_an_answer_in_time(engine):
    """Issue 13: a Wyatt Earp view with another seat holding 40 cards made every rollout run for ever (the server
    never answered again).  Refused as a bad view, or searched within its bounds: either way an answer, in time."""
    game = engine.call("game.new", game="wyatt-earp", players=3, seed=1)
    view = engine.call("game.view", game_id=game["game_id"], seat=game["turn"])
    view["information_set"]["view"]["hand_n"][(game["turn"] + 1) % 3] = 40
    for bot in ("ismcts:iterations=300", "ismcts:iterations=300,rollout=heuristic", "pimc:iterations=300"):
        start = time.perf_counter()
        try:
            result = engine.call("bot.choose_view", game="wyatt-earp", view=view, bot=bot, timeout=20)
            assert result["action"] in [a["action"] for a in view["legal"]]
        except RemoteError as exc:
            assert exc.code == "bad_view"
        assert time.perf_counter() - start < 20
    assert engine.call("hello")["engine"] == "deadeye"


def test_stop_with_nothing_to_stop(engine):
    assert engine.call("search.stop") == {"stopped": False}


def test_shutdown_waits_for_the_search_before_it():
    with Client() as engine:
        game = engine.call("game.new", game="wyatt-earp", players=3, seed=5)
        future = choose(engine, game, budget={"time_ms": 300})
        done = engine.send("shutdown")
        assert engine.result(done, timeout=10) == {}
        assert future.done() and engine.result(future)["stats"]["stopped"] is False
        assert engine.process.wait(5) == 0


def test_stop_then_shutdown_ends_a_long_search_and_the_engine_at_once():
    with Client() as engine:
        game = engine.call("game.new", game="wyatt-earp", players=3, seed=5)
        future = choose(engine, game, budget=HUGE)
        start = time.perf_counter()
        engine.notify("search.stop")
        assert engine.call("shutdown", timeout=5) == {}
        assert engine.result(future, timeout=1)["stats"]["stopped"] is True
        assert engine.process.wait(5) == 0
        assert time.perf_counter() - start < 2
