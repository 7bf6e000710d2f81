"""``deadeye play`` explains itself: a scripted human uses help, rules, hint, an illegal input and quit; drawn cards
are named for the human seat only; missing options are explained; the round-end table; no colour when piped; the
player rules of every game ship with the package."""
import io
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deadeye.bots.tuning import search_settings, uses_network
from deadeye.core import list_games, new_game, rules_text
from deadeye.core.observation import apply_observed
from deadeye.core.wyatt_earp.text import round_table
from deadeye.protocol.play import HumanPlayer, Quit, Style, play, run

from support.we_position import position

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deadeye.protocol.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=300, env=env)


class Scripted:
    """A bot that plays the given labels in order (for twin positions)."""

    def __init__(self, *labels: str) -> None:
        self.labels = list(labels)

    def choose(self, information_set, budget=None) -> int:
        label = self.labels.pop(0)
        return next(a for a in information_set.legal_actions() if information_set.action_label(a) == label)


# ---------------------------------------------------------------------- a scripted human game

def test_scripted_human_game_with_every_command_then_to_the_end():
    script = "help\nrules\nhint\nfly away\n" + "1\n" * 3000
    out = io.StringIO()
    result = play("wyatt-earp", 2, ["human", "random"], seed=3, out=out, stdin=io.StringIO(script))
    text = out.getvalue()
    assert sorted(result) == [0.0, 1.0] and text.splitlines()[-1].startswith("result: seat 0 ")
    assert "mode 1/2/3" in text and "opened this round" in text                        # help explains * and modes
    assert rules_text("wyatt-earp") in text                                              # rules, whole when piped
    expanding = uses_network(search_settings("wyatt-earp", {}, players=2))        # a prior's first iteration opens the root
    assert "hint (hard): " in text and f"% of {5000 - expanding} visits" in text
    assert "not an option: 'fly away' (type help for the commands)" in text
    assert "round 1 scoring: an outlaw is paid only with 8 capture points" in text
    assert "\x1b[" not in text                                                            # not a terminal: no colour
    again = io.StringIO()
    play("wyatt-earp", 2, ["human", "random"], seed=3, out=again, stdin=io.StringIO(script))
    assert again.getvalue() == text                                                      # same seed, same output


def test_the_human_names_only_its_own_draws():
    out = io.StringIO()
    play("wyatt-earp", 2, ["human", "random"], seed=3, out=out, stdin=io.StringIO("1\n" * 3000))
    lines = [line.split("or help]: ")[-1] for line in out.getvalue().splitlines()]      # after the prompt
    named = [line for line in lines if re.search(r"\byou draw (?!two cards)", line, re.I)]
    assert named
    for line in named:                                # in the line of one of the human's own drawing actions
        assert re.search(r"\byou draw .+ from the draw pile$", line, re.I) \
            or line.startswith("You play Wyatt Earp to draw two cards"), line
    own_draws = sum(bool(re.search(r"\byou draw .+ from the draw pile$", line, re.I)) for line in lines)
    assert len(named) >= own_draws > 0
    assert "Seat 1 draws two cards from the draw pile" in lines
    assert not any(re.search(r"seat 1 draws (?!two cards from the draw pile)", line, re.I) for line in lines)


def test_quit_ends_at_once_with_status_zero():
    out = io.StringIO()
    assert play("wyatt-earp", 2, ["human", "random"], seed=3, out=out, stdin=io.StringIO("quit\n1\n")) is None
    assert out.getvalue().splitlines()[-1].endswith("you leave the game")
    done = run_cli("play", "colt-express", "--players", "3", "--seats", "random,human,random", "--seed", "2",
                   stdin="quit\n")
    assert done.returncode == 0 and done.stderr == "" and "you leave the game" in done.stdout


def test_twin_states_that_differ_in_another_hand_print_the_same_for_the_human():
    """Seat 1 holds a Jesse James in one world and a Belle Starr in the other (the draw pile, hidden too, holds the
    other card); the human at seat 0 must read the very same log, while seat 1's own log names its draws."""
    def world(card: str, watcher: int) -> tuple[str, object]:
        state = position(players=2, active=1, phase="draw", discard=["Bank Robbery"],
                         hands={0: {"Wes Hardin": 2, "Bob Dalton": 1},
                                1: {card: 1, "Wes Hardin": 1, "Butch Cassidy": 2}})
        agents = [HumanPlayer("wyatt-earp", io.StringIO("quit\n"), out := io.StringIO()),
                  Scripted("draw two from the draw pile", "end play step", "discard Wes Hardin")]
        agents[0].stdout = out
        assert run(state, agents, out, watcher) is None
        return out.getvalue(), state

    text_a, a = world("Jesse James", 0)
    text_b, b = world("Belle Starr", 0)
    assert a.hand(1) != b.hand(1)                                                # the true worlds differ
    assert text_a == text_b
    assert text_a.startswith("Seat 1 draws two cards from the draw pile\nSeat 1 ends the play step\n"
                             "Seat 1 discards Wes Hardin\nRound 1, turn 2: seat 0 to play (draw)")
    assert a.information_set(0) == b.information_set(0) and a.information_set(1) != b.information_set(1)
    assert "you draw" not in text_a.lower() and "You draw " in world("Jesse James", 1)[0]   # seat 1 reads its draws


# ---------------------------------------------------------------------- the games' private events

def test_private_events_go_to_the_drawing_seat_only():
    s = new_game("wyatt-earp", players=3, seed=5)
    seat = s.current_player()
    seen = apply_observed(s, s.parse_action("draw two from the draw pile"))
    assert [e for e in seen[seat].events if e.startswith("you draw ")]
    assert all(not any(e.startswith("you ") for e in o.events) for o in seen if o.seat != seat)
    assert all(kind != "drawn" for kind, *_ in s.events())
    assert s.information_set(seat).to_dict()["view"]["n_events"] == 0            # the view keeps no log


def test_a_search_names_the_card_taken_to_the_searcher_only():
    s = position(players=2, hands={0: {"Wyatt Earp": 1, "Wes Hardin": 2}}, discard=["Photo Jesse James", "Hideout"])
    s.apply_label("play Wyatt Earp mode 2: search the discard pile")
    seen = apply_observed(s, s.parse_action("search: take Photo Jesse James"))
    assert seen[0].events == ("you take Photo Jesse James from the discard pile",)
    assert seen[1].events == () and seen[1].label == "takes a card from the discard pile"


def test_colt_express_and_hearts_name_the_drawn_and_received_cards():
    s = new_game("colt-express", players=3, seed=4)
    while "draw three cards" not in [s.action_label(a) for a in s.legal_actions()]:
        s.apply_action(s.legal_actions()[0])
    seat = s.current_player()
    before = dict(s.information_set(seat).hand()) if hasattr(s.information_set(seat), "hand") else None
    seen = apply_observed(s, s.parse_action("draw three cards"))
    drawn = [e for e in seen[seat].events if e.startswith("you draw ")]
    assert len(drawn) == 1 and drawn[0].count(",") == 2                           # three cards named
    assert all(not any(e.startswith("you draw") for e in o.events) for o in seen if o.seat != seat)
    assert before is None or before != s.information_set(seat).hand()
    h = new_game("hearts", players=4, seed=2)                                    # seed 2 passes (not "no pass")
    while h.phase == "pass":
        seen = apply_observed(h, h.legal_actions()[0])
    received = [o.events[-1] for o in seen]
    assert all(r.startswith("you receive ") and r.count(",") == 2 for r in received)
    assert len(set(received)) == 4


# ---------------------------------------------------------------------- why an option is missing

@pytest.mark.parametrize("facts, reasons", [
    (dict(hands={0: {"Jesse James": 2, "Bank Robbery": 1, "Belle Starr": 1}}, sheriff_used=True),
     ["3 cards are needed to open an outlaw: you hold 2 Jesse James",
      "one sheriff card per turn: you have played one"]),
    (dict(hands={0: {"Wyatt Earp": 1}}),
     ["you must keep a card to discard (D14): your last card cannot be played"]),
    (dict(hands={0: {"Jesse James": 2}}, opened=["Jesse James"]),
     ["you must keep a card to discard (D14): you cannot meld all your 2 Jesse James"]),
    (dict(hands={0: {"Photo Belle Starr": 1, "Bank Robbery": 1, "Hideout": 1, "Wes Hardin": 1}}),
     ["Photo Belle Starr needs Belle Starr opened this round", "Bank Robbery goes on one of your groups: you have none",
      "Hideout needs an opponent's group without a Hideout: there is none"]),
])
def test_a_missing_option_is_explained(facts, reasons):
    s = position(players=2, **facts)
    assert s.unavailable_reasons() == reasons
    assert s.information_set(0).unavailable_reasons() == reasons                  # the seat's own view says the same
    assert s.information_set(1).unavailable_reasons() == []                       # not its decision
    out = io.StringIO()
    with pytest.raises(Quit):
        HumanPlayer("wyatt-earp", io.StringIO("quit\n"), out).choose(s.information_set(0))
    for reason in reasons:
        assert f"       (not offered: {reason})" in out.getvalue()


def test_colt_express_explains_a_tunnel_turn_and_an_empty_deck():
    s = new_game("colt-express", players=3, seed=3)
    found = set()
    for _ in range(400):
        if s.is_terminal():
            break
        found.update(s.unavailable_reasons())
        s.apply_action(s.legal_actions()[-1])                                      # draws whenever it can
    assert "your draw deck is empty: you cannot draw" in found
    assert "a tunnel turn: every card is played face down" in found


# ---------------------------------------------------------------------- the round-end table

def test_round_end_table_in_a_concrete_position():
    """Seat 0 discards its last card (E1).  Jesse James: 8 CP against a hidden group: 8 in all, a lead of 8, so
    seat 0 takes the whole $8,000.  Belle Starr: 6 CP in all, below 8, nobody is paid."""
    s = position(players=2, phase="discard", hands={0: {"Wes Hardin": 1}, 1: {"Bob Dalton": 3}},
                 tableaus={0: {"Jesse James": {"outlaws": 4}},
                           1: {"Jesse James": {"outlaws": 3, "attached": ["Hideout"]}, "Belle Starr": {"outlaws": 3}}},
                 posters=[4000, 1000, 1000, 1000, 8000, 1000, 1000])
    before = s.information_set(0)
    s.apply_label("discard Wes Hardin")
    assert round_table(before, s.events()) == [
        "round 1 scoring: an outlaw is paid only with 8 capture points (CP) or more in all; "
        "H: a Hideout makes its group count 0",
        "  outlaw           seat 0  seat 1  total  paid",
        "  Belle Starr*          -       6      6  below 8: the $4,000 stay on the poster",
        "  Jesse James*          8     0 H      8  seat 0 $8,000",
    ]
    assert s.money()[:2] == [8000, 0]
    assert round_table(before, []) == []


def test_the_table_is_printed_when_the_round_ends():
    s = position(players=2, phase="discard", hands={0: {"Wes Hardin": 1}, 1: {"Bob Dalton": 3}},
                 tableaus={0: {"Jesse James": {"outlaws": 4}}}, posters=[1000, 1000, 1000, 1000, 8000, 1000, 1000])
    out = io.StringIO()
    agents = [Scripted("discard Wes Hardin"), HumanPlayer("wyatt-earp", io.StringIO("quit\n"), out)]
    assert run(s, agents, out, watcher=1) is None
    text = out.getvalue()
    assert "Seat 0 discards Wes Hardin; the round ends: the last card was discarded; seat 0 deals next" in text
    assert "  Jesse James*          8       -      8  seat 0 $8,000\n" in text


# ---------------------------------------------------------------------- colour

class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Style(Tty())("hint", "cyan") == "\x1b[36mhint\x1b[0m"
    assert Style(io.StringIO())("hint", "cyan") == "hint"
    monkeypatch.setenv("NO_COLOR", "1")
    assert Style(Tty())("hint", "cyan") == "hint"
    piped = run_cli("play", "wyatt-earp", "--players", "2", "--seats", "human,random", "--seed", "3",
                    stdin="1\n" * 3000, env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    assert piped.returncode == 0 and "\x1b[" not in piped.stdout and "You draw " in piped.stdout


# ---------------------------------------------------------------------- how many players

def test_the_player_count_follows_the_seats_else_the_games_usual_count():
    """``deadeye play kuhn-poker --seats human,ismcts`` is a two-player game: the seats given set the count; with
    neither, four players clamped to the game's range; --players and --seats that disagree are an error."""
    from deadeye.protocol.play import TYPICAL_PLAYERS, seat_count

    assert TYPICAL_PLAYERS == 4
    assert seat_count("kuhn-poker", None, ["human", "ismcts"]) == 2
    assert seat_count("kuhn-poker", None, None) == 2 and seat_count("wyatt-earp", None, None) == 4
    assert seat_count("bang", None, None) == 4 and seat_count("colt-express", 3, None) == 3
    assert seat_count("wyatt-earp", 3, ["random"] * 3) == 3
    with pytest.raises(ValueError, match=r"^--seats names 2 seats for 3 players \(--players\)$"):
        seat_count("wyatt-earp", 3, ["human", "random"])
    done = run_cli("play", "kuhn-poker", "--seats", "random,heuristic", "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Kuhn poker (OpenSpiel's rules and action ids), 2 players, seed 4: "
                                  "seat 0 random, seat 1 heuristic")
    done = run_cli("play", "kuhn-poker", "--seed", "4")
    assert done.returncode == 0 and ", 2 players, " in done.stdout.splitlines()[0], done.stderr
    done = run_cli("play", "kuhn-poker", "--players", "3", "--seats", "random,random")
    assert done.returncode == 2 and done.stderr == "deadeye: --seats names 2 seats for 3 players (--players)\n"


def test_liars_dice_is_played_by_the_seats_given_and_the_arena_by_its_bots():
    """Issue 31's own command, ``deadeye play liars-dice --seats human,ismcts``, starts a two-player game (it once
    asked for the default four); with neither flag the count is the game's, and the arena seats one per bot, raised
    to the game's minimum."""
    from deadeye.bots.arena import resolve_players
    from deadeye.protocol.play import seat_count

    done = run_cli("play", "liars-dice", "--seats", "human,ismcts", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Liar's Dice (OpenSpiel's rules and action ids), 2 players, seed 1: "
                                  "seat 0 human, seat 1 ismcts")
    assert "you leave the game" in done.stdout
    assert seat_count("liars-dice", None, None) == 2 and seat_count("liars-dice", None, ["random"] * 2) == 2
    assert resolve_players("liars-dice", 2, None) == resolve_players("liars-dice", 1, None) == 2
    with pytest.raises(ValueError, match=r"liars-dice is for 2 to 2 players, not 3 \(one seat per bot"):
        resolve_players("liars-dice", 3, None)


# ---------------------------------------------------------------------- the player rules ship with the package

def test_every_registered_game_has_player_rules():
    for info in list_games():
        text = rules_text(info.name)
        assert text.startswith("# ") and "how to play" in text.splitlines()[0] and "## Example" in text
    with pytest.raises(ValueError, match="unknown game"):
        rules_text("poker")


def test_a_built_package_carries_the_rules(tmp_path):
    """``setup.py build_py`` lays out what ``pip install .`` installs; the rules read from there, without the
    repository or any site-packages on the path."""
    build = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    names = sorted(p.name for p in (tmp_path / "deadeye" / "rules").glob("*.md"))
    assert names == sorted(f"{info.name}.md" for info in list_games())
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from importlib.resources import files; "
            "r = files('deadeye.rules'); print(str(r).startswith(sys.argv[1]), r.joinpath('colt-express.md')"
            ".read_text(encoding='utf-8').splitlines()[0])")
    read = subprocess.run([sys.executable, "-S", "-c", code, str(tmp_path)], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    assert read.stdout.strip() == "True # Colt Express — how to play", read.stderr
