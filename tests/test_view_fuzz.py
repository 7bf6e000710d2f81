"""Mutated views of every game sent to ``bot.choose_view`` with a search bot: every reply must come in time and be a
result or a documented error (issue 13: no view can hang, crash or exhaust the server).

The views are real ones from seeded random play; each example changes one to four fields of one (a value from the
edges of its type, a neighbour of the true value, or another seat), and sometimes the seat.  The examples are
derandomized (hypothesis draws them from a fixed seed), so every run tests the same cases.  A slice runs through a
real ``deadeye serve``; many more run in process, where a hang shows as a call that does not return in time.

Outside CI, ``python tests/test_view_fuzz.py --count 100000`` runs the in-process check on that many random
mutations per game and prints the counts of each answer.
"""
from __future__ import annotations

import argparse
import random
import threading
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deadeye.core import list_games, new_game
from deadeye.protocol.server import Server
from deadeye.protocol.session import MethodError
from deadeye.protocol.stream import pack

from support.nested import cells, get, replaced
from support.protocol_harness import RawServer, request

BOT = "ismcts:iterations=40"
ANSWERS = {"bad_view", "not_your_turn", "game_over"}      # the documented refusals of a view
DEADLINE_S = 20.0                                          # generous: a loaded machine; a hang never answers
EDGES = [-2**63, -2**31, -129, -128, -2, -1, 0, 1, 2, 3, 5, 6, 7, 13, 40, 52, 100, 127, 128, 200, 254, 255, 256,
         511, 512, 2**15, 2**16, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**64 - 1]
GAMES = [g.name for g in list_games()]


def sample_views(game: str, count: int = 24, seed: int = 0) -> list[dict]:
    """``count`` real information sets of ``game`` (plain form) from seeded random play, each of a seat to move."""
    info, rng, views = next(g for g in list_games() if g.name == game), random.Random(seed), []
    while len(views) < count:
        state = new_game(game, players=rng.randint(info.min_players, info.max_players), seed=rng.getrandbits(32))
        stop = rng.randint(0, 400)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            views.append(state.information_set(state.current_player()).to_dict())
    return views


VIEWS = {game: sample_views(game) for game in GAMES}








def mutate(view: dict, rng: random.Random) -> dict:
    """``view`` with one to four integers changed (and sometimes the seat)."""
    fields = dict(view["view"])
    for _ in range(rng.choice([1, 1, 1, 2, 4])):
        name = rng.choice(sorted(fields))
        path = rng.choice(cells(fields[name]))
        old = get(fields[name], path)
        new = rng.choice(EDGES) if rng.random() < 0.6 else old + rng.choice([-2, -1, 1, 2])
        fields[name] = replaced(fields[name], path, min(max(new, -2**63), 2**64 - 1))     # what MessagePack carries
    seat = view["seat"] if rng.random() < 0.9 else rng.choice([-1, 0, 1, 2, 5, 6, 7, 255])
    return {"game": view["game"], "seat": seat, "view": fields}


def choose_in_process(server: Server, game: str, plain: dict, seq: int) -> str:
    """``bot.choose_view`` on ``server`` in a thread: ``"result"`` or the error code; fails if it does not return
    within the deadline or raises anything but a documented error."""
    outcome: list = []

    def call() -> None:
        try:
            server.call("bot.choose_view", {"game": game, "view": {"information_set": plain}, "bot": BOT,
                                            "budget": {"iterations": 40}}, seq, seq)
            outcome.append("result")
        except MethodError as exc:
            outcome.append(exc.code)
        except BaseException as exc:                     # anything else would be an `internal` on the wire
            outcome.append(f"internal: {type(exc).__name__}: {exc}")

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(DEADLINE_S)
    assert outcome, f"bot.choose_view did not answer within {DEADLINE_S} s: {game} view {plain!r:.3000}"
    assert outcome[0] == "result" or outcome[0] in ANSWERS, f"{outcome[0]} for {game} view {plain!r:.3000}"
    return outcome[0]


@pytest.fixture(scope="module")
def server() -> Server:
    return Server()


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_views_get_a_result_or_a_documented_error_in_time(server, game, data):
    view = data.draw(st.sampled_from(VIEWS[game]))
    plain = mutate(view, random.Random(data.draw(st.integers(0, 2**32))))
    choose_in_process(server, game, plain, data.draw(st.integers(1, 2**31)))


def test_a_live_server_answers_every_mutated_view_and_keeps_serving():
    live = RawServer()
    rng, msgid = random.Random(13), 0
    try:
        for game in GAMES:
            for _ in range(25):
                msgid += 1
                plain = mutate(rng.choice(VIEWS[game]), rng)
                live.send(pack(request(msgid, "bot.choose_view", game=game, view={"information_set": plain},
                                       bot=BOT, budget={"iterations": 40})))
                reply = live.collect_until(msgid, timeout=DEADLINE_S)[-1]
                assert reply[2] is None or reply[2]["code"] in ANSWERS, f"{reply[2]} for {plain!r:.2000}"
        msgid += 1
        live.send(pack(request(msgid, "hello")))
        assert live.collect_until(msgid, timeout=DEADLINE_S)[-1][2] is None
    finally:
        assert live.close() == 0
    assert live.garbage == []


def main() -> None:
    parser = argparse.ArgumentParser(description="fuzz bot.choose_view in process with mutated views")
    parser.add_argument("--count", type=int, default=10_000, help="mutations per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=GAMES)
    args = parser.parse_args()
    server, rng = Server(), random.Random(args.seed)
    for game in args.games:
        views, answers = sample_views(game, 200, args.seed), Counter()
        for i in range(args.count):
            answers[choose_in_process(server, game, mutate(rng.choice(views), rng), i + 1)] += 1
        print(f"{game}: {args.count} mutated views, answers {dict(answers)}", flush=True)


if __name__ == "__main__":
    main()


def test_a_way_out_west_view_back_in_the_setup_is_refused():
    """Found by this fuzzer: an auction view whose phase is set back to the setup (all cowboys placed) was accepted,
    and a search from it crashed the process; the view check now ties the setup phase to the placements."""
    from deadeye.core import InvalidStateError
    from deadeye.core.way_out_west import WayOutWestInformationSet

    state = new_game("way-out-west", players=2, seed=3)
    while state.phase == "setup":
        state.apply_action(state.legal_actions()[0])
    plain = state.information_set(state.current_player()).to_dict()
    plain["view"]["phase"] = 0
    with pytest.raises(InvalidStateError, match="setup placement"):
        WayOutWestInformationSet.from_dict(plain)
    assert choose_in_process(Server(), "way-out-west", plain, 1) == "bad_view"


def test_views_with_a_broken_turn_track_or_fastest_gun_are_refused():
    """Two more the fuzzer found: a Way Out West view whose new turn-order track names no seat (a search then
    crashed), and a Wyatt Earp view whose Fastest Gun seat names no group (the sanitizer build caught the index -1)."""
    from deadeye.core import InvalidStateError
    from deadeye.core.way_out_west import WayOutWestInformationSet
    from deadeye.core.wyatt_earp import WyattEarpInformationSet

    state = new_game("way-out-west", players=5, seed=4)
    while state.phase == "setup":
        state.apply_action(state.legal_actions()[0])
    plain = state.information_set(state.current_player()).to_dict()
    plain["view"]["new_order"][3] = 7
    with pytest.raises(InvalidStateError, match="new_order"):
        WayOutWestInformationSet.from_dict(plain)
    plain = new_game("wyatt-earp", players=3, seed=2).information_set(0).to_dict()
    plain["view"]["fg_seat"] = 1                            # no Fastest Gun is in play: fg_outlaw is -1
    with pytest.raises(InvalidStateError, match="Fastest Gun"):
        WyattEarpInformationSet.from_dict(plain)
    assert choose_in_process(Server(), "wyatt-earp", plain, 1) == "bad_view"


def test_a_colt_express_pickpocketing_view_with_a_bandit_not_by_a_purse_is_refused():
    """Found by this fuzzer under the sanitizer build: a Pickpocketing view whose pick_mask names one more bandit
    (not alone by a purse) was accepted, and a search's playout took token -181 for him; the view check now holds
    every bandit still to pick a pocket to D16's rule."""
    from deadeye.core import InvalidStateError
    from deadeye.core.colt_express import ColtExpressInformationSet

    state, rng = new_game("colt-express", players=3, seed=1), random.Random(1)
    while state.phase != "pickpocket":
        state.apply_action(rng.choice(state.legal_actions()))
    plain = state.information_set(state.current_player()).to_dict()
    view = plain["view"]
    assert ColtExpressInformationSet.from_dict(plain).validate() == ""
    other = next(b for b in range(6) if view["controller"][b] >= 0 and not (view["pick_mask"] >> b) & 1)
    view["pick_mask"] |= 1 << other
    with pytest.raises(InvalidStateError, match="pick a pocket"):
        ColtExpressInformationSet.from_dict(plain)
    assert choose_in_process(Server(), "colt-express", plain, 1) == "bad_view"
