"""Typed, ranged game options (core/options.py): what each kind takes, how the command line reads it, what ``hello``
lists, and that the arena and ``deadeye play`` pass options to the game."""
from __future__ import annotations

import json

import pytest

from deadeye.bots.arena import ArenaConfig, ArenaError, run_arena
from deadeye.core import list_games, new_game
from deadeye.core.options import GameOption, OptionError, check_options, parse_options
from deadeye.protocol.cli import main

SEAT = GameOption("first", None, "a seat", "seat")
COUNT = GameOption("dice", 5, "dice a player", "int", low=1, high=5)
CHOICE = GameOption("variant", None, "a variant", "choice", choices=(None, "two-bandits"))
NAMES = GameOption("bandits", None, "names", "names", high=3)
FLAG = GameOption("gold", True, "a flag")


@pytest.mark.parametrize("option, good, bad", [
    (FLAG, [True, False], [1, 0, "true", None]),
    (COUNT, [1, 3, 5], [0, 6, True, 2.0, "3", None]),
    (SEAT, [None, 0, 3], [-1, 4, True, "1"]),
    (CHOICE, [None, "two-bandits"], ["two", "", 0, False]),
    (NAMES, [None, "Belle,Tuco", ["Belle", 3], []], [["a", "b", "c", "d"], "a,b,c,d", [None], 5, ["x" * 41]]),
])
def test_each_kind_takes_its_values_and_refuses_the_rest_naming_what_it_takes(option, good, bad):
    for value in good:
        assert option.check(value, 4) == value
    for value in bad:
        with pytest.raises(OptionError, match=f"option {option.name} takes .*, not "):
            option.check(value, 4)


def test_a_declaration_whose_default_its_kind_refuses_fails_at_import():
    with pytest.raises(OptionError, match="takes an integer from 1 to 5, not 9"):
        GameOption("dice", 9, "", "int", low=1, high=5)
    with pytest.raises(TypeError, match="kind 'float'"):
        GameOption("x", 1.0, "", "float")


def test_the_command_line_text_of_each_kind():
    assert [FLAG.parse(t) for t in ("true", "No", "1", "off")] == [True, False, True, False]
    assert COUNT.parse(" 4 ") == 4 and SEAT.parse("none") is None and SEAT.parse("2", 3) == 2
    assert CHOICE.parse("TWO-BANDITS") == "two-bandits" and CHOICE.parse("none") is None
    assert NAMES.parse("Belle,Tuco") == "Belle,Tuco" and NAMES.parse("none") is None
    with pytest.raises(OptionError, match="a seat from 0 to 2, not 3"):
        SEAT.parse("3", 3)
    with pytest.raises(OptionError, match="true or false, not 'maybe'"):
        FLAG.parse("maybe")
    with pytest.raises(OptionError, match="takes name=value"):
        parse_options("g", (FLAG,), ["gold"], 4)
    with pytest.raises(OptionError, match="g has no option colour; options: gold"):
        parse_options("g", (FLAG,), ["colour=red"], 4)
    assert parse_options("g", (FLAG, COUNT), ["gold=false", "dice=2"], 4) == {"gold": False, "dice": 2}


def test_values_name_a_member_of_every_class_and_the_wire_names_the_range():
    assert FLAG.values(4) == (False, True) and COUNT.values(4) == (1, 5) and SEAT.values(5) == (None, 0, 4)
    assert CHOICE.values(2) == (None, "two-bandits")
    assert COUNT.to_wire() == {"name": "dice", "default": 5, "help": "dice a player", "kind": "int", "low": 1,
                               "high": 5}
    assert check_options("g", (FLAG, COUNT), {"dice": 2}, 4) == {"gold": True, "dice": 2}


@pytest.mark.parametrize("game", list_games(), ids=lambda g: g.name)
def test_every_registered_option_refuses_a_value_of_the_wrong_kind(game):
    for option in game.options:
        wrong = "not a value" if option.kind != "names" else 17
        with pytest.raises(OptionError, match=f"option {option.name} takes"):
            new_game(game.name, players=game.min_players, **{option.name: wrong})


def test_options_that_do_not_go_together_are_an_option_error():
    with pytest.raises(OptionError, match="colt-express: the two-bandits variant is for 2 players, not 3"):
        new_game("colt-express", players=3, variant="two-bandits")


def test_the_arena_plays_and_journals_the_options_and_a_resume_must_repeat_them(tmp_path):
    config = ArenaConfig(game="wyatt-earp", bots=("random", "heuristic"), games=2, out=tmp_path / "run", seed=3,
                         workers=1, progress=False, options={"first_dealer": 1})
    result = run_arena(config)
    records = [json.loads(line) for line in (tmp_path / "run" / "games.jsonl").read_text().splitlines()]
    assert [r["options"] for r in records] == [{"first_dealer": 1}] * 2
    first = new_game("wyatt-earp", players=2, seed=records[0]["game_seed"], first_dealer=1)
    assert first.to_dict() != new_game("wyatt-earp", players=2, seed=records[0]["game_seed"]).to_dict()
    assert "game options: first_dealer=1" in result.report
    with pytest.raises(ArenaError, match="different arena command"):
        run_arena(ArenaConfig(game="wyatt-earp", bots=("random", "heuristic"), games=2, out=tmp_path / "run",
                              seed=3, workers=1, progress=False, resume=True, options={"first_dealer": 0}))
    with pytest.raises(ArenaError, match="--option: option first_dealer takes"):
        run_arena(ArenaConfig(game="wyatt-earp", bots=("random", "heuristic"), games=2, out=tmp_path / "bad",
                              workers=1, options={"first_dealer": 2}))


def test_the_command_lines_take_options(tmp_path, capsys):
    assert main(["arena", "bang", "--bots", "random", "--players", "4", "--games", "1", "--workers", "1",
                 "--option", "gold_rush=false", "--option", "ghosts=true", "--out", str(tmp_path / "a")]) == 0
    record = json.loads((tmp_path / "a" / "games.jsonl").read_text().splitlines()[0])
    assert record["options"] == {"gold_rush": False, "ghosts": True}
    capsys.readouterr()
    assert main(["play", "colt-express", "--players", "3", "--option", "variant=two-bandits"]) == 2
    assert "the two-bandits variant is for 2 players, not 3" in capsys.readouterr().err
    assert main(["games"]) == 0
    assert "--option first_dealer=... (none (drawn from the seed) or a seat" in capsys.readouterr().out
