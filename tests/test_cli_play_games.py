"""``deadeye play`` for Hearts, Kuhn poker and Way Out West: why a usual option is missing (one concrete position
per reason), the Hearts hand table, Way Out West's income and final-scoring tables, its board, and the board shown
to spectators of an all-bot game."""
import io
import itertools
import random
import subprocess
import sys

import pytest

from deadeye.core import new_game
from deadeye.core.hearts.text import round_table as hearts_table
from deadeye.core.way_out_west.data import (BANK, BOX_BUILD, BOX_CATTLE, BOX_FARMER, BOX_GUNFIGHT, BOX_MOVE_COWBOYS,
                                            HOTEL, JAIL, PH_AUCTION, STAGECOACH, STORE, TRAIN)
from deadeye.core.way_out_west.text import round_table as wow_table
from deadeye.protocol.play import HumanPlayer, Quit, play, run

from support.hearts_position import position as hearts_position
from support.wow_position import Board


def offered(state) -> list[str]:
    """What ``deadeye play`` prints under the legal actions for the deciding seat."""
    out = io.StringIO()
    with pytest.raises(Quit):
        HumanPlayer(state.game, io.StringIO("quit\n"), out).choose(state.information_set(state.current_player()))
    return [line[len("       (not offered: "):-1] for line in out.getvalue().splitlines()
            if line.startswith("       (not offered: ")]


def check_reasons(state, reasons: list[str]) -> None:
    """The state, the deciding seat's information set and the terminal all give exactly ``reasons``; the other
    seats' information sets none (not their decision)."""
    seat = state.current_player()
    assert state.unavailable_reasons() == reasons
    assert state.information_set(seat).unavailable_reasons() == reasons
    assert all(state.information_set(p).unavailable_reasons() == [] for p in range(state.num_players()) if p != seat)
    assert offered(state) == reasons


# ---------------------------------------------------------------------- Hearts: why a card is not offered

VOID_IN_CLUBS = "QS 5H 6H 2D 3D 4D 5D 6D 7D 8D 9D TD JD"


@pytest.mark.parametrize("hands, moves, reasons", [
    (["2C", "", "", ""], "", ["the two of clubs leads the first trick"]),
    (["2C", "3C 2D", "", ""], "2C", ["you must follow suit: clubs were led and you hold clubs"]),
    (["2C", VOID_IN_CLUBS, "", ""], "2C",
     ["no points on the first trick: 5H 6H QS must wait while you hold another card"]),
    (["2C", "3C", "4C", "AC 2H"], "2C 3C 4C AC",
     ["hearts are not broken (no heart nor the QS played yet): you may not lead a heart while you hold another suit"]),
    (["2C", "5H 6H 7H 8H 9H TH JH QH KH AH QS 2H 3H", "", ""], "2C", []),   # only points: all playable
])
def test_hearts_explains_each_rule_that_withholds_a_card(hands, moves, reasons):
    state = hearts_position(hands, pass_dir=0, moves=moves, fill=True)
    check_reasons(state, reasons)


def test_hearts_gives_a_reason_exactly_when_a_card_in_hand_is_withheld():
    state = hearts_position(["2C 2H", "3C", "4C", "5C"], pass_dir=1, fill=True)
    assert state.phase == "pass" and state.unavailable_reasons() == []
    for seed in range(20):                                        # a reason exactly when a card is withheld
        s = new_game("hearts", players=4, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            withheld = s.phase == "play" and len(s.legal_actions()) < len(s.hand(s.current_player()))
            assert len(s.unavailable_reasons()) == (1 if withheld else 0)
            s.apply_action(rng.choice(s.legal_actions()))


# ---------------------------------------------------------------------- Hearts: the hand table

def test_hearts_table_of_a_moon_shot():
    """Seat 0 holds every club: it leads them all and takes all 13 tricks, every heart and the QS (26 points), and
    shoots the moon."""
    clubs = " ".join(f"{r}C" for r in "23456789TJQKA")
    state = hearts_position([clubs, "", "", ""], pass_dir=0, fill=True)
    while not state.is_terminal():
        before = state.information_set(0)
        state.apply_action(state.legal_actions()[0])
    assert hearts_table(before, [], state.information_set(0)) == [
        "hand scoring: a heart 1 point, the queen of spades 13; taking all 26 shoots the moon (0 for the shooter, 26 "
        "for each other seat); fewest points wins",
        "               tricks hearts  QS taken points",
        "  seat 0 (N)       13     13  QS    26      0",
        "  seat 1 (E)        0      0   -     0     26",
        "  seat 2 (S)        0      0   -     0     26",
        "  seat 3 (W)        0      0   -     0     26",
        "  seat 0 shoots the moon: 0 points, 26 for each other seat",
    ]
    assert state.points() == [0, 26, 26, 26]
    assert hearts_table(before, [], before) == []                    # not over yet: no table


def test_hearts_table_adds_up_in_random_hands_and_is_printed_once_at_the_end():
    for seed in range(10):
        out = io.StringIO()
        play("hearts", 4, ["random"] * 4, seed=seed, out=out)
        text = out.getvalue()
        assert text.count("hand scoring: ") == 1
        rows = [line.split() for line in text.splitlines() if line.startswith("  seat ") and "(" in line[:13]]
        assert len(rows) == 4
        tricks, hearts, taken, points = ([int(r[i]) for r in rows] for i in (3, 4, 6, 7))
        assert sum(tricks) == 13 and sum(hearts) == 13 and sum(taken) == 26
        assert sum(r[5] == "QS" for r in rows) == 1
        moon = 26 in taken
        assert points == ([0 if t == 26 else 26 for t in taken] if moon else taken)
        assert ("shoots the moon: 0 points" in text) == moon
        assert text.index("hand scoring: ") < text.index("result: ")


# ---------------------------------------------------------------------- Kuhn poker: nothing is ever withheld

def test_kuhn_poker_always_offers_both_actions_so_it_gives_no_reason():
    for seed in range(6):                                   # the six deals
        for history in itertools.product((0, 1), repeat=3):
            s = new_game("kuhn-poker", players=2, seed=seed)
            for a in history:
                if s.is_terminal():
                    break
                assert s.legal_actions() == [0, 1] and s.unavailable_reasons() == []
                assert s.information_set(s.current_player()).unavailable_reasons() == []
                s.apply_action(a)


# ---------------------------------------------------------------------- Way Out West: why an option is missing

def wow(players: int = 3) -> Board:
    """Seat 0 to act in the action phase, with cowboys in San Antonia and Kansas City."""
    return Board(players).cowboys(0, 0, 2).cowboys(1, 0, 1).cowboys(1, 1, 2)


def with_boxes(board: Board, **left: int) -> Board:
    boxes = board.v["boxes_left"]
    for name, k in left.items():
        boxes[globals()[name]] = k
    return board


@pytest.mark.parametrize("board, reasons", [
    (wow(), ["Move Cattle: you have no cattle on the board", "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (with_boxes(wow(), BOX_CATTLE=0, BOX_MOVE_COWBOYS=0, BOX_GUNFIGHT=0, BOX_FARMER=0),
     ["Buy Cattle: all 3 of its boxes are taken this round", "Move Cowboys: all 2 of its boxes are taken this round",
      "Move Cattle: you have no cattle on the board", "Place Farmer: its box is taken this round",
      "Gunfight: all 2 of its boxes are taken this round"]),
    (wow().money(0, 0),
     ["you have $0: buying cattle or cowboys and building cost money", "Move Cattle: you have no cattle on the board",
      "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (wow().money(0, 1),
     ["Buy Cattle: $1 buys only one cattle", "Buy Cowboys: $1 buys only one cowboy",
      "Move Cattle: you have no cattle on the board",
      "you cannot afford to build: Stagecoach $5, Train $20, Bank $10, Store $5, Hotel $5, Jail $3 (you have $1)",
      "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (wow().money(0, 7), ["Move Cattle: you have no cattle on the board",
                         "you cannot afford to build: Train $20, Bank $10 (you have $7)", "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (Board(3).cowboys(1, 1, 2),
     ["Buy Cattle needs one of your cowboys in the town: you have none on the board",
      "Move Cowboys: you have no cowboys on the board", "Move Cattle: you have no cattle on the board",
      "Gunfight needs your cowboys in the town: you have none on the board"]),
    (Board(3).cowboys(1, 0, 1).cowboys(2, 0, 1),          # no cattle in San Antonia or Kansas City: the chain rule
     ["Buy Cattle, in the towns with your cowboys: Kansas City needs cattle in San Antonia first (chain rule); "
      "Abilene needs cattle in Kansas City first (chain rule)", "Move Cattle: you have no cattle on the board",
      "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (Board(3).cowboys(0, 0, 1).cattle(0, 1, 4),            # San Antonia's 4 corrals are full
     ["Buy Cattle, in the towns with your cowboys: the corrals of San Antonia are full",
      "Move Cattle: you have no cattle on the board"]),
    (with_boxes(wow(), BOX_BUILD=0).build(2, HOTEL, 1).build(2, BANK, 2).build(2, STORE, 0).build(2, JAIL, 0)
     .build(0, TRAIN, 0).build(1, TRAIN, 0).build(3, TRAIN, 0),
     ["Move Cattle: you have no cattle on the board", "build boxes taken this round: Stagecoach",
      "no counter left in your supply: Train", "Gunfight: nothing to attack in the towns where you have cowboys"]),
    (wow().build(1, STAGECOACH, 1).build(1, HOTEL, 1).build(1, STORE, 0).build(1, JAIL, 0),  # two of seat 0's there
     ["Move Cattle: you have no cattle on the board",
      "capturing seat 1's Stagecoach in Kansas City: you own two counters there already",
      "capturing seat 1's Hotel in Kansas City: you own two counters there already"]),
    (wow().farmer(3, 0).set(boxes_left=[3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2]),           # farmer placed: not usual
     ["Move Cattle: you have no cattle on the board", "Gunfight: nothing to attack in the towns where you have cowboys"]),
])
def test_way_out_west_explains_a_missing_action(board, reasons):
    check_reasons(board.state(), reasons)


def test_way_out_west_capture_needs_a_counter_in_supply_and_rustling_cattle():
    board = wow().build(1, HOTEL, 1)
    for town in (0, 2, 3):
        board.build(town, HOTEL, 0)                        # seat 0's three Hotels are all built
    board.cattle(1, 1, 1)
    for town in (0, 0, 0, 0, 2, 2, 3, 3, 4):
        board.cattle(town, 0, 1)                           # and its nine cattle
    state = board.state()
    reasons = state.unavailable_reasons()
    assert "capturing seat 1's Hotel in Kansas City needs a Hotel in your supply" in reasons
    assert "rustling in Kansas City needs cattle in your supply to put in their place" in reasons
    assert "Buy Cattle: all your 9 cattle are on the board" in reasons
    assert "no counter left in your supply: Hotel" in reasons


def test_way_out_west_auction_reasons():
    board = wow().set(phase=PH_AUCTION, high_bid=20, bid=[20, 0, 0, 0, 0], in_auction=[1, 1, 1, 0, 0],
                      current=1, bidder=1)
    board.money(1, 20)
    check_reasons(board.state(), ["you cannot raise: your $20 is not more than the high bid $20, so you drop out"])
    state = wow().set(phase=PH_AUCTION, in_auction=[1, 1, 1, 0, 0]).state()
    assert state.unavailable_reasons() == []
    state.apply_label("raise above $16 (name the rest next)")
    assert state.current_player() == 0
    assert state.unavailable_reasons() == ["you are naming a raise: you cannot drop out in the middle of it"]


ACTION_KINDS = {"Buy Cattle": ("buy", "cattle"), "Buy Cowboys": ("buy", "cowboy"), "Move Cowboys": ("move", "cowboy"),
                "Move Cattle": ("move", "cattle"), "Place Farmer": ("place the farmer", ""),
                "Gunfight": ("gunfight", "")}


def withheld_labels(reason: str) -> list[tuple[str, str]]:
    """(start, word) pairs no legal label may match while ``reason`` is given (partial reasons name none)."""
    if "only one" in reason:
        return []
    if reason.startswith("you have $0"):
        return [("buy", ""), ("build", "")]
    if reason.startswith(("build boxes taken", "you cannot afford", "no counter left", "no town can take")):
        names = reason.split(": ", 1)[1].split(" (")[0].replace("a ", "").replace(" or", ",")
        return [("build a " + name.split(" $")[0].strip(), "") for name in names.split(", ")]
    if reason.startswith("capturing "):
        whose, town = reason[len("capturing "):].split(" in ", 1)
        return [(f"gunfight in {town.split(':')[0].split(' needs')[0]}: capture {whose}", "")]
    return [pair for kind, pair in ACTION_KINDS.items() if reason.startswith((kind + ":", kind + " needs"))]


def test_way_out_west_gives_a_reason_only_for_what_is_not_offered():
    """Over random games: no legal action is of a kind a (non-partial) reason says is not offered."""
    seen = set()
    for players in (2, 5):
        for seed in range(4):
            s = new_game("way-out-west", players=players, seed=seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                labels = [s.action_label(a) for a in s.legal_actions()]
                for reason in s.unavailable_reasons():
                    for start, word in withheld_labels(reason):
                        seen.add(start.split()[0])
                        assert not any(lab.startswith(start) and word in lab for lab in labels), (reason, labels)
                s.apply_action(rng.choice(s.legal_actions()))
    assert seen >= {"buy", "move", "build", "gunfight"}


# ---------------------------------------------------------------------- Way Out West: income and final scoring

def scoring_board(round_: int) -> Board:
    """Seat 2 (the last of the turn order) ends round ``round_`` by skipping."""
    b = Board(3).cowboys(0, 0, 2).cowboys(2, 0, 2).cowboys(1, 1, 1)
    b.cattle(0, 0, 2).cattle(1, 0, 1).cattle(2, 2, 1)
    b.build(1, BANK, 1).build(1, STORE, 2).build(2, HOTEL, 1).build(2, TRAIN, 2).farmer(1, 2)
    b.money(0, 10).money(1, 11).money(2, 10).set(wanted=[0, 2, 0, 0, 0], wanted_pool=11)
    return b.set(round=round_, pass_no=1, turn=2, current=2)


def test_income_table_after_round_3():
    """Seat 0: 2 cattle in San Antonia at $2, 1 in Kansas City (farmer) at $1.  Seat 1: Bank in Kansas City (size 2)
    $4, Hotel in Abilene with seat 0's 2 cowboys $2.  Seat 2: 1 cattle in Abilene (Train) $4, Store in Kansas City:
    seat 0's cattle $1 and the farmer $2."""
    state = scoring_board(3).state()
    before = state.information_set(0)
    state.apply_label("skip")
    assert wow_table(before, state.events(), state.information_set(0)) == [
        "income after round 3: cattle $2 each ($1 with a farmer, doubled by a Train); a Bank $2 per counter in its "
        "town; a Store $1 per other seat's cattle and $2 per farmer; a Hotel $1 per other seat's cowboy",
        "                  seat 0  seat 1  seat 2",
        "  cattle               5       0       4",
        "  Bank                 0       4       0",
        "  Store                0       0       3",
        "  Hotel                0       2       0",
        "  income               5       6       7",
        "  money now          $15     $17     $17",
    ]
    assert state.money() == [15, 17, 17] and state.round == 4
    assert wow_table(before, [], state.information_set(0)) == []          # no income step in these events


def test_final_scoring_table_with_control_ties_and_the_tie_break():
    """Round 12: the same income, then section 7.  B&T: seats 1 and 2 hold two counters each in towns of size 2
    (4 points each).  Cattle: seat 0 2 in San Antonia, 0 in Kansas City (farmer); seat 2 2 in Abilene (Train).
    Control: San Antonia (size 0) to seat 0 for 0; Kansas City tied 1-1-1; Abilene seat 2 (2 pieces to 1).  Money:
    seats 1 and 2 tie at $17, 2 each.  Wanted: seat 1 alone with 2, 4.  Seats 1 and 2 tie on 10 points and on
    money; seat 1's wanted tokens win."""
    state = scoring_board(12).state()
    before = state.information_set(1)
    state.apply_label("skip")
    table = wow_table(before, state.events(), state.information_set(1))
    assert table[8:] == [
        "final scoring: each B&T counter scores its town's size; cattle 1 (2 with a Train, 1 less with a farmer); the "
        "seat with strictly the most pieces in a town its size; the most money 5 (tied 2 each); the most wanted "
        "tokens 4 (tied 2 each)",
        "                  seat 0  seat 1  seat 2",
        "  B&T counters         0       4       4",
        "  cattle               2       0       2",
        "  town control         0       0       2",
        "  money                0       2       2",
        "  wanted               0       4       0",
        "  points               2      10      10",
        "town control (pieces: B&T counters plus cattle per seat):",
        "  1 San Antonia  size 0: seat 0 2, seat 1 0, seat 2 0 -> seat 0 scores 0",
        "  2 Kansas City  size 2: seat 0 1, seat 1 1, seat 2 1 -> nobody: seats 0, 1, 2 tie with 1",
        "  3 Abilene      size 2: seat 0 0, seat 1 1, seat 2 2 -> seat 2 scores 2",
        "  4 Dodge City   size 0: seat 0 0, seat 1 0, seat 2 0 -> nobody: no pieces",
        "  5 Deadwood     size 0: seat 0 0, seat 1 0, seat 2 0 -> nobody: no pieces",
        "tie on 10 points between seats 1, 2: more money wins (seat 1 $17, seat 2 $17), then more wanted tokens "
        "(seat 1 2, seat 2 0)",
    ]
    assert table[6] == "  income               5       6       7"
    assert state.is_terminal() and state.game_returns() == [2.0, 10.0, 10.0] and state.returns() == [0.0, 1.0, 0.0]


def test_the_parts_add_up_to_income_and_scores_in_random_games():
    for players in (2, 3, 5):
        s = new_game("way-out-west", players=players, seed=players)
        rng = random.Random(players)
        while not s.is_terminal():
            assert [sum(col) for col in zip(*s.income_parts())] == s.income()
            assert [sum(col) for col in zip(*s.score_parts())] == [int(x) for x in s.game_returns()]
            s.apply_action(rng.choice(s.legal_actions()))


# ---------------------------------------------------------------------- Way Out West: the board

def test_the_board_shows_a_concrete_position():
    b = scoring_board(5).set(current=0, turn=0, pass_no=0)
    b.build(4, JAIL, 0).cowboys(4, 2, 3)
    b.v["boxes_left"][BOX_CATTLE] = 1
    text = b.state().information_set(0).describe()
    assert text.splitlines() == [
        "Way Out West, round 5 of 12, action, pass 1 of 2: seat 0 (you) to decide",
        "turn order: 1. seat 0 (you), 2. seat 1, 3. seat 2  (income after rounds 3, 6, 9 and 12)",
        "  seat 0 (you) Red: $10, 0 wanted, income now $5; supply: 5 cowboys, 6 cattle, farmer in hand; Stagecoach 3, "
        "Train 3, Bank 3, Store 3, Hotel 3, Jail 2",
        "  seat 1 Blue: $11, 2 wanted, income now $6; supply: 8 cowboys, 9 cattle, farmer in hand; Stagecoach 3, "
        "Train 3, Bank 2, Store 3, Hotel 2, Jail 3",
        "  seat 2 Green: $10, 0 wanted, income now $7; supply: 6 cowboys, 8 cattle, farmer placed; Stagecoach 3, "
        "Train 2, Bank 3, Store 2, Hotel 3, Jail 3",
        "towns (size: B&T counters / building spaces; cattle / corrals):",
        "  1 San Antonia  size 0/3: no buildings",
        "                 cattle 2/4: seat 0 x2; cowboys: seat 0 x2",
        "  2 Kansas City  size 2/4: Bank seat 1, Store seat 2; a farmer",
        "                 cattle 1/5: seat 0 x1; cowboys: seat 1 x1",
        "  3 Abilene      size 2/4: Train seat 2, Hotel seat 1",
        "                 cattle 1/5: seat 2 x1; cowboys: seat 0 x2",
        "  4 Dodge City   size 0/5: no buildings",
        "                 cattle 0/6: none; cowboys: none",
        "  5 Deadwood     size 1/6: Jail seat 0 (commands the sheriff)",
        "                 cattle 0/7: none; cowboys: seat 2 x3",
        "action boxes (empty/all, cost): Buy Cattle 1/3 $1 each, Buy Cowboys 3/3 $1 each, Move Cowboys 2/2 free, "
        "Move Cattle 2/2 free",
        "  Build Stagecoach 1/1 $5, Build Train 1/1 $20, Build Bank 1/1 $10, Build Store 1/1 $5, Build Hotel 1/1 $5, "
        "Build Jail 1/1 $3, Place Farmer 1/1 free, Gunfight 2/2 free",
        "wanted tokens in the pool: 11; farmers removed from the game: 0",
    ]


def test_the_board_in_an_auction_and_a_gunfight():
    state = wow().set(phase=PH_AUCTION, in_auction=[1, 1, 1, 0, 0]).state()
    state.apply_label("raise to $3")
    assert "auction: high bid $3; bids: seat 0 (you) $3, seat 1 $0, seat 2 $0" in state.information_set(0).describe()
    state.apply_label("drop out (pay $0)")
    assert ("auction: high bid $3; bids: seat 0 $3, seat 1 (you) $0 (out), seat 2 $0; new order so far: 3. seat 1"
            in state.information_set(1).describe())
    fight = wow().build(1, JAIL, 2).build(1, BANK, 1).state()
    fight.apply_label("gunfight in Kansas City: rob seat 1's Bank")
    assert fight.phase == "sheriff" and fight.current_player() == 2
    assert ("gunfight in Kansas City: seat 0 attacks seat 1's Bank; attack 1 cowboys + 0 others, defense 2 cowboys "
            "of seat 1 + 1 others (guard, farmer, sheriff or default defender)") in fight.information_set(2).describe()


def test_spectators_of_an_all_bot_game_see_the_board_before_each_action_turn():
    out = io.StringIO()
    play("way-out-west", 2, ["random", "heuristic"], seed=5, out=out)
    lines = out.getvalue().splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("Way Out West, round ")]
    assert len(heads) == 12 * 2 * 2                      # 12 rounds, 2 passes, 2 seats
    assert all(", action, pass " in lines[i] and "(you)" not in lines[i] for i in heads)
    assert all(lines[i + 4] == "towns (size: B&T counters / building spaces; cattle / corrals):" for i in heads)
    assert sum(line.startswith("income after round ") and "cattle $2 each" in line for line in lines) == 4
    assert sum(line.startswith("final scoring: each B&T") for line in lines) == 1
    with_human = io.StringIO()                           # a human seat sees its own board at its turns only
    play("way-out-west", 2, ["random", "human"], seed=5, out=with_human, stdin=io.StringIO("1\n" * 5000))
    text = with_human.getvalue()
    assert "seat 1 (you) to decide" in text and "seat 0 to decide" not in text


def test_the_cli_shows_the_board_of_an_all_bot_game():
    done = subprocess.run([sys.executable, "-m", "deadeye.protocol.cli", "play", "way-out-west", "--players", "2",
                           "--seats", "heuristic,random", "--seed", "2"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("towns (size: B&T counters") == 48 and "final scoring: each B&T" in done.stdout


def test_the_income_table_prints_through_run_for_the_watching_seat():
    state = scoring_board(3).state()
    out = io.StringIO()
    agents = [None, None, type("Skip", (), {"choose": lambda self, info, budget=None: info.legal_actions()[0]})()]
    agents[0] = HumanPlayer("way-out-west", io.StringIO("quit\n"), out)
    assert run(state, agents, out, watcher=0) is None
    assert "  income               5       6       7\n" in out.getvalue()


@pytest.mark.parametrize("game, players, line", [
    ("hearts", 4, "  points        a heart 1, the queen of spades 13, fewest wins; all 26 to one seat shoots the moon"),
    ("way-out-west", 2, "  raise above   a bid more than $16 over the high bid is named in steps: raise above, then "
                        "raise to the amount"),
    ("wyatt-earp", 2, "  mode 1/2/3    the three uses of a Wyatt Earp card: 1 draw two cards, 2 search the discard "
                      "pile for a card,"),
])
def test_help_adds_the_games_own_explanations(game, players, line):
    out = io.StringIO()
    assert play(game, players, ["human"] + ["random"] * (players - 1), seed=1, out=out,
                stdin=io.StringIO("help\nquit\n")) is None
    assert line in out.getvalue().splitlines()
    kuhn = io.StringIO()                                  # a game without PLAY_HELP: the commands alone
    play("kuhn-poker", 2, ["human", "random"], seed=1, out=kuhn, stdin=io.StringIO("help\nquit\n"))
    assert "  quit                leave the game at once" in kuhn.getvalue() and "\nin " not in kuhn.getvalue()
