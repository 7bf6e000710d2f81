"""The command line: games, play (bots and a scripted human), bench; same seed, same output."""
import io
import re
import subprocess
import sys

import pytest

from deadeye.bots import BotSpecError, make_bot
from deadeye.protocol.cli import bench, main, play


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deadeye.protocol.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_games_lists_wyatt_earp_with_player_counts():
    out = run_cli("games")
    assert out.returncode == 0
    assert "wyatt-earp   Wyatt Earp, 2-6 players" in out.stdout


def test_play_same_seed_same_output_and_a_result():
    a = io.StringIO()
    b = io.StringIO()
    result = play("wyatt-earp", 4, ["random"] * 4, seed=7, out=a)
    play("wyatt-earp", 4, ["random"] * 4, seed=7, out=b)
    assert a.getvalue() == b.getvalue()
    text = a.getvalue()
    assert sorted(result) == [0.0, 0.0, 0.0, 1.0]
    assert text.splitlines()[-1].startswith("result: ") and "wins" in text.splitlines()[-1]
    assert "draws two cards from the draw pile" in text          # private draws are shown as public facts
    c = io.StringIO()
    play("wyatt-earp", 4, ["random"] * 4, seed=8, out=c)
    assert c.getvalue() != text


def test_play_never_prints_a_private_card_of_a_bot():
    out = io.StringIO()
    play("wyatt-earp", 3, ["random"] * 3, seed=11, out=out)
    assert "search: take" not in out.getvalue()                   # Wyatt Earp search results stay private


def test_human_seat_sees_its_hand_and_numbered_actions():
    lines = "\n".join(["1"] * 3000) + "\n"
    out = run_cli("play", "wyatt-earp", "--players", "2", "--seats", "human,random", "--seed", "3", stdin=lines)
    assert out.returncode == 0, out.stderr
    assert "your hand: Belle Starr, 2 x Billy the Kid, Bob Dalton, Jesse James" in out.stdout
    assert "    1. draw two from the draw pile" in out.stdout
    assert re.search(r"You draw \w[^\n]* from the draw pile\n", out.stdout)     # the human's draws are named
    assert "round 1 scoring: an outlaw is paid only with 8 capture points" in out.stdout
    assert "result: " in out.stdout


def test_human_input_running_out_ends_cleanly():
    out = run_cli("play", "wyatt-earp", "--players", "2", "--seats", "human,random", "--seed", "3", stdin="x\n")
    assert out.returncode == 1
    assert "not an option: 'x'" in out.stdout and "game abandoned" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("args, message", [
    (["play", "poker"], "unknown game 'poker'"),
    (["play", "wyatt-earp", "--players", "3", "--seats", "random,random"], "names 2 seats for 3 players"),
    (["play", "wyatt-earp", "--players", "2", "--seats", "random,genius"], "unknown bot 'genius'; bots: cheat, easy, flatmc"),
    (["play", "wyatt-earp", "--players", "9"], "2 to 6 players"),
])
def test_bad_command_lines_give_one_clear_error(capsys, args, message):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bot_specs():
    assert make_bot("random:seed=4").seed == 4
    with pytest.raises(BotSpecError, match="has no parameter 'depth'; parameters: seed"):
        make_bot("random:depth=3")
    with pytest.raises(BotSpecError, match="seed='x' is not an integer"):
        make_bot("random:seed=x")
    with pytest.raises(BotSpecError, match="not key=value"):
        make_bot("random:seed")


def test_bench_reports_every_number():
    out = io.StringIO()
    rows = bench("wyatt-earp", [2], seconds=0.05, out=out)
    row = rows[0]
    assert row["clone_ns"] > 0 and row["deepcopy_ns"] > 0
    assert row["ratio"] == pytest.approx(row["deepcopy_ns"] / row["clone_ns"])
    assert row["round_playouts_per_s"] > 0 and row["game_playouts_per_s"] > 0     # speeds: benchmarks, not tests
    assert min(row["ismcts_random_per_s"], row["ismcts_heuristic_per_s"], row["ismcts_tuned_per_s"]) > 0
    assert row["sample_ns"] > 0
    assert "clone" in out.getvalue() and "whole game" in out.getvalue() and "tuned settings" in out.getvalue()
    assert "sample() over 30 decisions" in out.getvalue()
    assert row["encode_ns"] > 0 and row["forward_ns"] > 0 and row["network"].endswith("-64-32")
    assert f"network {row['network']} forward" in out.getvalue()
