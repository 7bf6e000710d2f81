"""Golden playthroughs: one recorded game per registered game, so that an unintended rules change shows at once.

``tests/golden/<game>.json`` holds seeded games at the game's typical player count (one game, or as many deals as
a small game needs for 40 moves), played by a seeded random player: every move's seat, label, public label and
public events, and each game's final scores and returns.  The test plays
the game again with the same seeds and compares every move.  After an intended rules change, rewrite the files and
review the diff before committing it::

    python -m pytest tests/test_golden.py --regen-golden

A newly registered game fails here until its file is recorded that way.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from deadeye.core import GameInfo, new_game
from support.game_checks import typical_players

GOLDEN = Path(__file__).resolve().parent / "golden"
PLAY_SEED = 1
MIN_MOVES = 40                    # a small game records several deals (seeds 1, 2, ...) until it has this many moves
MAX_MOVES = 20000


def one_game(game: GameInfo, players: int, seed: int) -> dict:
    state, rng = new_game(game.name, players=players, seed=seed), random.Random(PLAY_SEED * 7919 + seed)
    start, moves = list(state.describe_events()), []
    while not state.is_terminal():
        seat, action = state.current_player(), rng.choice(state.legal_actions())
        label, public = state.action_label(action), state.public_label(action)
        state.apply_action(action)
        moves.append({"seat": seat, "label": label, "public": public, "events": list(state.describe_events())})
        assert len(moves) <= MAX_MOVES, f"{game.name}, seed {seed}: no end within {MAX_MOVES} moves"
    return {"game_seed": seed, "start_events": start, "moves": moves, "scores": state.game_returns(),
            "returns": state.returns()}


def playthrough(game: GameInfo) -> dict:
    """What ``tests/golden/<game>.json`` records, played now."""
    players, games = typical_players(game), []
    while sum(len(g["moves"]) for g in games) < MIN_MOVES:
        games.append(one_game(game, players, seed=len(games) + 1))
    return {"game": game.name, "players": players,
            "player": "random.Random(7919 * play_seed + game_seed).choice(legal_actions())", "play_seed": PLAY_SEED,
            "games": games}


def dump(record: dict) -> str:
    """JSON with one move a line, so that a rules change reads as a short diff."""
    head = {k: v for k, v in record.items() if k != "games"}
    lines = [json.dumps(head)[:-1] + ', "games": [']
    for i, played in enumerate(record["games"]):
        lines.append(json.dumps({k: played[k] for k in ("game_seed", "start_events")})[:-1] + ', "moves": [')
        lines += [json.dumps(m) + ("," if j < len(played["moves"]) - 1 else "") for j, m in enumerate(played["moves"])]
        lines.append(f'], "scores": {json.dumps(played["scores"])}, "returns": {json.dumps(played["returns"])}}}'
                     + ("," if i < len(record["games"]) - 1 else ""))
    return "\n".join(lines + ["]}"]) + "\n"


def test_golden_playthrough(game: GameInfo, request):
    path = GOLDEN / f"{game.name}.json"
    now = playthrough(game)
    if request.config.getoption("--regen-golden"):
        path.write_text(dump(now))
    assert path.exists(), (f"no golden playthrough for {game.name}: record it with `python -m pytest "
                           f"tests/test_golden.py --regen-golden` and commit {path.relative_to(GOLDEN.parent.parent)}")
    recorded = json.loads(path.read_text())
    assert {k: v for k, v in recorded.items() if k != "games"} == {k: v for k, v in now.items() if k != "games"}
    assert len(now["games"]) == len(recorded["games"]), "the games now need another number of deals"
    for was, played in zip(recorded["games"], now["games"]):
        where = f"{game.name}, game seed {played['game_seed']}"
        assert played["start_events"] == was["start_events"], f"{where}: the events before the first move differ"
        for i, (old, move) in enumerate(zip(was["moves"], played["moves"])):
            assert move == old, f"{where}, move {i + 1}: recorded {old}, played now {move}"
        assert len(played["moves"]) == len(was["moves"]), (
            f"{where}: {len(played['moves'])} moves now, {len(was['moves'])} recorded")
        assert played["scores"] == was["scores"] and played["returns"] == was["returns"], f"{where}: the result"


def test_the_record_format_round_trips(game: GameInfo):
    """``dump`` writes valid JSON that reads back as the playthrough (a game's labels may hold any character)."""
    now = playthrough(game)
    assert json.loads(dump(now)) == json.loads(json.dumps(now))


def state_layout(game: GameInfo) -> list:
    """The plain-dict form of the game's data block, field by field: what ``tests/golden/<game>.layout.json`` holds."""
    cls = type(new_game(game.name, players=typical_players(game), seed=1))
    return [[f.name, f.offset, f.dtype, list(f.shape)] for f in cls.layout]


def test_the_plain_dict_form_is_the_recorded_one(game: GameInfo, request):
    """Every field of the data block keeps its name, offset, type and shape, so ``to_dict``, the wire and saved
    games keep their form (the layout is derived from the struct: a change to ``data.pxd`` changes the form, and
    shows here; record an intended one with ``--regen-golden``)."""
    path = GOLDEN / f"{game.name}.layout.json"
    now = state_layout(game)
    if request.config.getoption("--regen-golden"):
        path.write_text("[\n" + ",\n".join(json.dumps(f) for f in now) + "\n]\n")
    assert path.exists(), (f"no recorded layout for {game.name}: record it with `python -m pytest "
                           f"tests/test_golden.py --regen-golden` and commit {path.relative_to(GOLDEN.parent.parent)}")
    recorded = json.loads(path.read_text())
    assert [f[0] for f in now] == [f[0] for f in recorded], f"{game.name}: the fields differ"
    for was, field in zip(recorded, now):
        assert field == was, f"{game.name}: field {was[0]} was {was[1:]}, now {field[1:]}"
