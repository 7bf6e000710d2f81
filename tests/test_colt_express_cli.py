"""Colt Express on the command line: play (bots and a scripted human), arena and bench."""
import io
import subprocess
import sys

from deadeye.bots.arena import ArenaConfig, run_arena
from deadeye.protocol.cli import bench, play


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deadeye.protocol.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_games_lists_colt_express_with_its_options():
    out = run_cli("games")
    assert out.returncode == 0
    assert "colt-express Colt Express, 2-6 players" in out.stdout
    for option, takes in (("advanced", "true or false; default False"), ("variant", "one of none, two-bandits; default None"),
                          ("bandits", "none or at most 12 names (a list, or one text with commas); default None")):
        assert f"--option {option}=... ({takes})" in out.stdout          # as typed options list them


def test_play_same_seed_same_output_and_no_hidden_card_shown():
    a, b = io.StringIO(), io.StringIO()
    result = play("colt-express", 4, ["random", "heuristic", "random", "heuristic"], seed=7, out=a)
    play("colt-express", 4, ["random", "heuristic", "random", "heuristic"], seed=7, out=b)
    text = a.getvalue()
    assert text == b.getvalue()
    assert abs(sum(result) - 1.0) < 1e-9
    assert text.splitlines()[-1].startswith("result: ") and "wins" in text.splitlines()[-1]
    assert "round 5 begins" in text and "plays a card face down" in text
    assert " face down\n" not in text.replace("plays a card face down\n", "")   # the type of a hidden card
    assert "draws 3 cards" in text


def test_human_seat_sees_its_hand_and_numbered_actions():
    lines = "\n".join(["1"] * 600) + "\n"
    out = run_cli("play", "colt-express", "--players", "3", "--seats", "human,random,random", "--seed", "3",
                  stdin=lines)
    assert out.returncode == 0, out.stderr
    assert "your hand: " in out.stdout and "    1. play " in out.stdout and "result: " in out.stdout
    assert "(not offered: a tunnel turn: every card is played face down)" in out.stdout
    assert "round 1 summary:\n  bandit     took" in out.stdout


def test_two_player_game_on_the_command_line():
    out = run_cli("play", "colt-express", "--players", "2", "--seats", "heuristic,random", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "starts in the caboose" in out.stdout and "result: " in out.stdout


def test_arena_with_every_kind_of_bot(tmp_path):
    config = ArenaConfig(game="colt-express", bots=("ismcts:iterations=100", "heuristic", "random"), games=3,
                         out=tmp_path, seed=1, workers=1)
    result = run_arena(config)
    assert "games played: 3 of 3" in result.report and "forfeits: 0" in result.report


def test_bench_reports_every_number():
    out = io.StringIO()
    row = bench("colt-express", [4], seconds=0.05, out=out)[0]
    assert row["clone_ns"] > 0 and row["deepcopy_ns"] > row["clone_ns"]
    assert row["round_playouts_per_s"] > 0 and row["game_playouts_per_s"] > 0     # speeds: benchmarks, not tests
    assert row["ismcts_random_per_s"] > 0 and row["ismcts_heuristic_per_s"] > 0
    assert "colt-express 4 players" in out.getvalue()
