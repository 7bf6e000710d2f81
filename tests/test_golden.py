"""Golden playthroughs: one recorded game per registered game, so that an unintended rules change shows at once.

``tests/golden/<game>.json`` holds a seeded game at the game's typical player count, played by a seeded random
player: every move's seat, label, public label and public events, and the final scores and returns.  The test plays
the game again with the same seeds and compares every move.  After an intended rules change, rewrite the files and
review the diff before committing it::

    python -m pytest tests/test_golden.py --regen-golden

A newly registered game fails here until its file is recorded that way.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from deadeye.core import GameInfo, new_game
from support.game_checks import typical_players

GOLDEN = Path(__file__).resolve().parent / "golden"
GAME_SEED = PLAY_SEED = 1
MAX_MOVES = 20000


def playthrough(game: GameInfo) -> dict:
    """The game ``tests/golden/<game>.json`` records, played now."""
    players = typical_players(game)
    state, rng = new_game(game.name, players=players, seed=GAME_SEED), random.Random(PLAY_SEED)
    moves = []
    start = list(state.describe_events())
    while not state.is_terminal():
        seat, action = state.current_player(), rng.choice(state.legal_actions())
        label, public = state.action_label(action), state.public_label(action)
        state.apply_action(action)
        moves.append({"seat": seat, "label": label, "public": public, "events": list(state.describe_events())})
        assert len(moves) <= MAX_MOVES, f"{game.name}: no end within {MAX_MOVES} moves"
    return {"game": game.name, "players": players, "game_seed": GAME_SEED, "play_seed": PLAY_SEED,
            "player": "random.Random(play_seed).choice(legal_actions())", "start_events": start,
            "moves": moves, "scores": state.scores(), "returns": state.returns()}


def dump(record: dict) -> str:
    """JSON with one move a line, so that a rules change reads as a short diff."""
    head = {k: v for k, v in record.items() if k not in ("moves", "scores", "returns")}
    lines = [json.dumps(head)[:-1] + ', "moves": [']
    lines += [json.dumps(m) + ("," if i < len(record["moves"]) - 1 else "") for i, m in enumerate(record["moves"])]
    lines.append(f'], "scores": {json.dumps(record["scores"])}, "returns": {json.dumps(record["returns"])}}}')
    return "\n".join(lines) + "\n"


def test_golden_playthrough(game: GameInfo, request):
    path = GOLDEN / f"{game.name}.json"
    now = playthrough(game)
    if request.config.getoption("--regen-golden"):
        path.write_text(dump(now))
    assert path.exists(), (f"no golden playthrough for {game.name}: record it with `python -m pytest "
                           f"tests/test_golden.py --regen-golden` and commit {path.relative_to(GOLDEN.parent.parent)}")
    recorded = json.loads(path.read_text())
    assert json.loads(dump(now))["players"] == recorded["players"]
    assert now["start_events"] == recorded["start_events"], "the events before the first move differ"
    for i, (was, move) in enumerate(zip(recorded["moves"], now["moves"])):
        assert move == was, f"{game.name}, move {i + 1}: recorded {was}, played now {move}"
    assert len(now["moves"]) == len(recorded["moves"]), (
        f"{game.name}: {len(now['moves'])} moves now, {len(recorded['moves'])} recorded")
    assert now["scores"] == recorded["scores"] and now["returns"] == recorded["returns"]


def test_the_record_format_round_trips(game: GameInfo):
    """``dump`` writes valid JSON that reads back as the playthrough (a game's labels may hold any character)."""
    now = playthrough(game)
    assert json.loads(dump(now)) == json.loads(json.dumps(now))
