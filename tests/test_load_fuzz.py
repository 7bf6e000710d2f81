"""Mutated states of every game sent to ``game.load`` (issue 27, item 7): each one is either refused with a clear
``invalid_params``, or accepted and then served: ``game.view`` for every seat and ``bot.choose`` with a tiny search
bot for every seat that its view says is to move.  Before the fix, states no game reaches were accepted and then
failed with ``internal`` (a Colt Express wagon id past 5 broke ``game.view``; "no state is consistent" came out of
``bot.choose`` in Colt Express, BANG! and Wyatt Earp).

The states are real ones from seeded random play of every setup of each game, mid-game and finished; each example
changes one or two integers of the state's ``to_dict()`` form (a value from the edges of its type, a neighbour of the
true value, or a small number).  Everything flows from fixed seeds, so every run tests the same cases.  The default
test is small (seconds); the ``slow`` one runs many more.  Outside CI, ``python tests/test_load_fuzz.py --count
20000`` runs that many mutations per game and prints the counts of each answer.
"""
from __future__ import annotations

import argparse
import functools
import random
from collections import Counter
from typing import Any

import pytest

from deadeye.core import GameInfo, list_games, new_game
from deadeye.protocol.server import Server
from deadeye.protocol.session import MethodError

from support.nested import cells, get, replaced

BOT = "ismcts:iterations=8"
EDGES = [-2**63, -2**31, -129, -128, -2, -1, 0, 1, 2, 3, 5, 6, 7, 8, 13, 40, 52, 100, 127, 128, 200, 254, 255, 256,
         511, 512, 2**15, 2**16, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**64 - 1]
GAMES = [g.name for g in list_games()]


def _setups(info: GameInfo) -> list[dict]:
    """Every boolean option off and on, one at a time (the other options at their defaults)."""
    return [{}] + [{o.name: not o.default} for o in info.options if isinstance(o.default, bool)]


@functools.lru_cache(maxsize=None)
def real_states(game: str, count: int = 30, seed: int = 0) -> tuple:
    """``count`` real states of ``game`` (plain form) from seeded random play of each setup and player count:
    mostly mid-game, a few finished."""
    info, rng, found = next(g for g in list_games() if g.name == game), random.Random(seed), []
    setups = _setups(info)
    while len(found) < count:
        players = info.min_players + len(found) % (info.max_players - info.min_players + 1)
        state = new_game(game, players=players, seed=rng.getrandbits(32), **setups[len(found) % len(setups)])
        for _ in range(rng.randint(0, 300) if len(found) % 6 else 100_000):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        found.append(state.to_dict())
    return tuple(found)








def mutate(plain: dict, rng: random.Random) -> dict:
    """``plain`` (a state's ``to_dict()``) with one or two integers changed."""
    fields = dict(plain["state"])
    for _ in range(rng.choice([1, 1, 1, 2])):
        name = rng.choice(sorted(fields))
        path = rng.choice(cells(fields[name]))
        old, roll = get(fields[name], path), rng.random()
        new = rng.choice(EDGES) if roll < 0.3 else rng.randint(0, 10) if roll < 0.5 else old + rng.choice([-2, -1, 1, 2])
        fields[name] = replaced(fields[name], path, min(max(new, -2**63), 2**64 - 1))     # what MessagePack carries
    return {"game": plain["game"], "state": fields}


def load_and_serve(server: Server, plain: dict, seq: int) -> str:
    """``game.load`` of ``plain``, then ``game.view`` of every seat and ``bot.choose`` of each seat to move:
    ``"refused"`` or ``"served"``; fails on anything else (an ``internal`` on the wire)."""
    try:
        loaded = server.call("game.load", {"state": plain}, seq, seq)
    except MethodError as exc:
        assert exc.code == "invalid_params" and exc.message.startswith("game.load: "), (exc.code, exc.message)
        return "refused"
    game_id = loaded["game_id"]
    try:
        for seat in range(server._games[game_id].players):
            try:
                view = server.call("game.view", {"game_id": game_id, "seat": seat}, seq, seq)
                if view["turn"] == seat:
                    reply = server.call("bot.choose", {"game_id": game_id, "seat": seat, "bot": BOT,
                                                       "budget": {"iterations": 8}}, seq, seq)
                    assert reply["action"] in [a["action"] for a in view["legal"]]
            except Exception as exc:
                raise AssertionError(f"a loaded state failed for seat {seat}: {type(exc).__name__}: {exc}; "
                                     f"state {plain!r:.4000}") from exc
    finally:
        server.call("game.close", {"game_id": game_id}, seq, seq)
    return "served"


def fuzz(game: str, count: int, seed: int) -> Counter:
    server, rng, answers = Server(), random.Random(f"{game} {seed}"), Counter()
    states = real_states(game)
    for i in range(count):
        answers[load_and_serve(server, mutate(rng.choice(states), rng), i + 1)] += 1
    return answers


def unsampled_bang_state() -> dict:
    """A real BANG! state (4 players, seed 3, 40 random moves) with card 0, in the main deck, given age 1 (one deck
    formation since it was last in the deck's pool, which it is in): every field in range, so ``validate()``
    accepts it, but no deal of the hidden cards fits any seat's view of it."""
    state, rng = new_game("bang", players=4, seed=3), random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    plain = state.to_dict()
    assert plain["state"]["loc"][0] == 0 and plain["state"]["age"][0] == 0     # in the deck, of its pool
    plain["state"]["age"][0] = 1
    return plain


def test_check_information_says_which_seat_cannot_play():
    state = type(new_game("bang", players=4)).from_dict(unsampled_bang_state())
    assert state.validate() == ""
    assert state.check_information() == ("the view of seat 0: no deal of the hidden cards and roles fits the view")
    wagons = new_game("colt-express", players=3, seed=5)
    for _ in range(7):
        wagons.apply_action(wagons.legal_actions()[0])
    plain = wagons.to_dict()
    plain["state"]["actor"] = 1                         # an acting bandit in the schemin' phase
    broken = type(wagons).from_dict(plain)
    assert broken.validate() == ""
    assert broken.check_information() == "the view of seat 0: actor 1 outside the stealin' decisions"
    assert wagons.check_information() == ""


def test_game_load_and_table_open_refuse_a_state_no_seat_can_play():
    """Before the fix, ``game.load`` accepted it and ``bot.choose`` then failed with ``internal`` ("no state is
    consistent ..."); ``table.open`` opened a table at it."""
    server, plain = Server(), unsampled_bang_state()
    with pytest.raises(MethodError) as refused:
        server.call("game.load", {"state": plain}, 1, 1)
    assert refused.value.code == "invalid_params"
    assert refused.value.message == ("game.load: no game reaches this bang state: the view of seat 0: no deal of the "
                                     "hidden cards and roles fits the view")
    with pytest.raises(MethodError) as refused:
        server.call("table.open", {"game": "bang", "players": 4, "seed": 1, "state": plain,
                                   "seats": [{"human": True}] * 4}, 2, 2)
    assert refused.value.code == "invalid_params" and refused.value.message.startswith(
        "table.open: no game reaches this bang state: the view of seat 0")
    assert server._games == {} and server.tables._tables == {}                  # nothing was opened


@pytest.mark.parametrize("game", GAMES)
def test_the_real_states_are_served(game):
    server = Server()
    for i, plain in enumerate(real_states(game)):
        assert load_and_serve(server, plain, i + 1) == "served"


@pytest.mark.parametrize("game", GAMES)
def test_mutated_states_are_refused_or_served(game):
    answers = fuzz(game, 300, 1)
    assert answers["refused"] and answers["served"], answers


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_many_mutated_states_are_refused_or_served(game):
    answers = fuzz(game, 3000, 2)
    assert answers["refused"] and answers["served"], answers


def main() -> None:
    parser = argparse.ArgumentParser(description="fuzz game.load in process with mutated states")
    parser.add_argument("--count", type=int, default=10_000, help="mutations per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=GAMES)
    args = parser.parse_args()
    for game in args.games:
        print(f"{game}: {args.count} mutated states, answers {dict(fuzz(game, args.count, args.seed))}", flush=True)


if __name__ == "__main__":
    main()
