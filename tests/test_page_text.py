"""What the page explains in players' words, served by each game's ``text`` module: the cards' help (every card,
equipment, character, role, action card, building and action box has a line, and the line agrees with the player
rules), the game-over breakdowns by rule, the reasons a usual move is missing, Way Out West's costs, kinds of
actions and income, and the marks of a move on the board.  None of it tells a seat what it may not know."""
from __future__ import annotations

import random
import re

import pytest

from deadeye.core import list_games, new_game, rules_text
from deadeye.core.narrate import text_hook
from deadeye.core.observation import apply_observed
from deadeye.protocol.server import seat_view
from deadeye.protocol.tables import event_of

HELP_GAMES = [g.name for g in list_games() if text_hook(g.name, "card_help")]    # the games whose cards explain themselves


def finished(game: str, players: int, seed: int) -> tuple:
    """A game of random moves to its end, and its public events."""
    state, rng, log = new_game(game, players, seed=seed), random.Random(seed), []
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        log += state.events()
    return state, log


# ------------------------------------------------------------------------------------------------ card help

def test_every_card_kind_of_every_game_has_a_help_line() -> None:
    from deadeye.core.bang.labels import CHARACTER_NAMES, EQUIP_NAMES, KIND_NAMES, ROLE_NAMES
    from deadeye.core.colt_express.labels import BANDIT_NAMES, TYPE_NAMES
    from deadeye.core.hearts.labels import CARD_NAMES as HEARTS_CARDS
    from deadeye.core.hearts.text import card_words
    from deadeye.core.kuhn_poker.labels import ACTION_NAMES
    from deadeye.core.kuhn_poker.text import CARD_WORDS
    from deadeye.core.way_out_west.labels import BOX_NAMES, BT_NAMES
    from deadeye.core.wyatt_earp.labels import CARD_NAMES as EARP_CARDS
    kinds = {
        "bang": [*KIND_NAMES, "Colt .45", *EQUIP_NAMES, *CHARACTER_NAMES, *ROLE_NAMES],
        "colt-express": [*TYPE_NAMES, "Bullet", "purse", "jewel", "strongbox", "ransom purse", "the marshal",
                         *BANDIT_NAMES],
        "hearts": [card_words(c) for c in HEARTS_CARDS],
        "kuhn-poker": [*CARD_WORDS, *ACTION_NAMES],
        "way-out-west": [*BT_NAMES, *BOX_NAMES, "farmer"],
        "wyatt-earp": list(EARP_CARDS),
    }
    for game in HELP_GAMES:
        help_ = text_hook(game, "card_help")()
        missing = [k for k in kinds[game] if not help_.get(k)]
        assert not missing, (game, missing)
        assert all(isinstance(t, str) and 10 <= len(t) <= 220 for t in help_.values()), game


@pytest.mark.parametrize("game", HELP_GAMES)
def test_the_help_lines_are_the_rules_words(game: str) -> None:
    """Each card named in the help is named in the game's player rules (the rules dialog says the same)."""
    rules = rules_text(game)
    help_ = text_hook(game, "card_help")()
    hearts = game == "hearts"
    names = [n for n in help_ if not hearts and not n.startswith(("Photo ", "Build ", "Place "))]
    missing = [n for n in names if n.lower() not in rules.lower()]
    assert not missing, missing


def test_hearts_and_kuhn_help_say_what_a_card_is_worth() -> None:
    hearts = text_hook("hearts", "card_help")()
    assert "13 penalty points" in hearts["Q♠"] and "1 penalty point" in hearts["10♥"]
    assert "no penalty points" in hearts["3♦"] and "leads" in hearts["2♣"]
    kuhn = text_hook("kuhn-poker", "card_help")()
    assert "highest" in kuhn["King"] and "fold" in kuhn["Pass"]


def test_way_out_west_help_gives_the_costs() -> None:
    help_ = text_hook("way-out-west", "card_help")()
    assert help_["Build Train"].startswith("$20") and help_["Train"].startswith("$20")
    assert help_["Buy Cattle"].startswith("$1 each") and help_["Gunfight"].startswith("free")


# ------------------------------------------------------------------------------------------------ game over

def test_wyatt_earp_breakdown_adds_up_to_the_money() -> None:
    for seed in (2, 5):
        state, log = finished("wyatt-earp", 3, seed)
        b = text_hook("wyatt-earp", "score_breakdown")(state, log)
        assert b["head"] and all(h.startswith("round ") for h in b["head"]), b
        for p, row in enumerate(b["rows"]):
            assert sum(int(c.strip("$").replace(",", "")) for c in row) == state.money()[p]
        assert "$25,000" in b["note"]
    without = text_hook("wyatt-earp", "score_breakdown")(state, None)       # no events kept: all of it "earlier"
    assert without["head"] == ["earlier"] and [r[0] for r in without["rows"]] == [f"${m:,}" for m in state.money()]


def test_bang_breakdown_shows_the_roles_and_why_a_side_won() -> None:
    from deadeye.core.bang.labels import ROLE_NAMES
    state, log = finished("bang", 5, 2)
    b = text_hook("bang", "score_breakdown")(state, log)
    assert b["head"] == ["character", "role", "side", "at the end"]
    assert [r[1] for r in b["rows"]] == state.roles() and all(r[1] in ROLE_NAMES for r in b["rows"])
    assert "win" in b["note"] and any("(by " in r[3] for r in b["rows"]), b


def test_kuhn_breakdown_hides_a_folded_card() -> None:
    for seed in range(40):
        state, log = finished("kuhn-poker", 2, seed)
        b = text_hook("kuhn-poker", "score_breakdown")(state, log)
        won = [int(r[2]) for r in b["rows"]]
        assert won == [int(x) for x in state.game_returns()]
        moves = state.information_set(0).to_dict()["view"]["moves"]
        if "fold" in b["note"]:
            assert [r[0] for r in b["rows"]] == ["not shown"] * 2
        else:
            assert "not shown" not in [r[0] for r in b["rows"]]


def test_colt_express_breakdown_has_the_gunslinger_bonus() -> None:
    for seed in (2, 3, 4):
        state, log = finished("colt-express", 3, seed)
        b = text_hook("colt-express", "score_breakdown")(state, log)
        head = b["head"]
        assert "Gunslinger bonus" in head and "bullets received" in head
        for p, row in enumerate(b["rows"]):
            dollars = [int(c.strip("$").replace(",", "")) for c in row[:4]] + [int(row[5].strip("$").replace(",", ""))]
            assert sum(dollars) == state.game_returns()[p]
        fired = [r[head.index("bullets fired")] for r in b["rows"]]
        assert [r[5] == "$1,000" for r in b["rows"]] == [f == max(fired) for f in fired]


# ------------------------------------------------------------------------------------------------ reasons, costs

def test_the_view_says_why_a_usual_move_is_missing_as_deadeye_play_does() -> None:
    """``unavailable`` in the seat's view holds the information set's ``unavailable_reasons`` (deadeye play's
    sentences), in the seat's words; only for the seat to move."""
    found = 0
    for game, players in (("wyatt-earp", 3), ("way-out-west", 3), ("colt-express", 3), ("bang", 5)):
        state, rng = new_game(game, players, seed=7), random.Random(7)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.current_player()
            reasons = state.information_set(seat).unavailable_reasons()
            view = seat_view(game, 1, state, seat)
            assert len(view["unavailable"]) == len(reasons)
            found += bool(reasons)
            assert not re.search(r"#\d", " ".join(view["unavailable"]))
            other = (seat + 1) % players
            assert seat_view(game, 1, state, other)["unavailable"] == [] or \
                state.information_set(other).current_player() == other
            state.apply_action(rng.choice(state.legal_actions()))
    assert found > 20


def test_way_out_west_actions_say_their_cost_and_kind() -> None:
    state, rng = new_game("way-out-west", 3, seed=2), random.Random(1)
    texts, groups = {}, set()
    while not state.is_terminal() and len(texts) < 200:
        view = seat_view("way-out-west", 1, state, state.current_player())
        for a in view["legal"]:
            texts[a["label"]] = a["text"]
            groups.add(a["group"])
        assert len(view["notes"]["income"]) == 3
        assert view["notes"]["income"] == list(state.information_set(0)._as_state().income())
        state.apply_action(rng.choice(state.legal_actions()))
    for label, text in texts.items():
        if label.startswith(("buy ", "build ")):
            assert re.search(r"\(\$\d+\)$", text), text
        if label.startswith(("move ", "gunfight ")):
            assert text.endswith("(free)"), text
    assert {"Buy Cattle", "Buy Cowboys", "Move Cowboys", "Build", ""} <= groups


# ------------------------------------------------------------------------------------------------ the last move

def test_a_move_s_marks_name_what_it_touched_and_nothing_hidden() -> None:
    marks = set()
    for game, players in (("hearts", 4), ("wyatt-earp", 3), ("colt-express", 3), ("bang", 5), ("kuhn-poker", 2)):
        state, rng = new_game(game, players, seed=3), random.Random(3)
        while not state.is_terminal():
            for seen in apply_observed(state, rng.choice(state.legal_actions())):
                event = event_of(seen)
                focus = event.get("focus", [])
                assert all(" " not in m for m in focus), focus
                if game == "hearts" and seen.seat != seen.actor and (seen.public or "").startswith("passes"):
                    assert not any(m.startswith("card:") for m in focus)     # a card passed stays unseen
                marks.update(m.split(":")[0] for m in focus)
    assert {"seat", "card", "group", "pile", "bandit", "car", "betting"} <= marks, marks
