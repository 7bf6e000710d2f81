"""Rule tests for the Colt Express engine beyond single cards: setup, the schemin' turns, round and station events,
scoring, the advanced deck rules and the 2-player variant (rules: /work/shared/rules/colt-express.md, § and D)."""
from __future__ import annotations

from collections import Counter

import pytest

from support.ce_position import BANDIT, act, at, bullets, field, keep, labels, position, skip_keep, steal

from deadeye.core import new_game
from deadeye.core.colt_express import BANDIT_NAMES, ROUND_CARD_NAMES

FOUR = "Belle,Cheyenne,Django,Tuco"
THREE = "Belle,Django,Tuco"
WAGON_LOOT = [(1, 0), (1, 1), (0, 3), (3, 0), (4, 1), (3, 1)]      # (purses, jewels) of W-A..W-F (§1.1, D2)


def supply(state) -> int:
    return field(state, "neutral_supply")


# ============================================================================ §2 setup

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup(players):
    s = new_game("colt-express", players=players, seed=11)
    st = s.to_dict()["state"]
    n_cars = players + 1
    assert st["n_cars"] == n_cars and len(set(st["wagon"][1:n_cars])) == players
    for c in range(1, n_cars):                            # printed loot inside each wagon, roofs empty
        purses = sum(1 for t in range(18) if st["tok_place"][t] == 2 * c)
        jewels = sum(1 for t in range(18, 24) if st["tok_place"][t] == 2 * c)
        assert (purses, jewels) == WAGON_LOOT[st["wagon"][c]]
        assert not any(st["tok_place"][t] == 2 * c + 1 for t in range(32))
    assert st["marshal_car"] == 0 and st["tok_place"][24] == 0 and st["tok_place"][25] == 31
    assert sorted(st["tok_value"][:18]) == [250] * 8 + [300, 300, 350, 350, 400, 400, 450, 450, 500, 500]
    bandits = [b for b in range(6) if st["controller"][b] >= 0]
    for i, b in enumerate(sorted(bandits, key=lambda b: st["controller"][b])):
        assert s.loot(b) == [i] and st["tok_value"][i] == 250       # a $250 starting purse, known to all
        assert st["tok_known"][i] == (1 << players) - 1
    for i in range(players):                              # 1st, 3rd, 5th in the caboose; 2nd, 4th, 6th in front
        b = st["bandit_of"][(st["first"] + i) % players][0]
        assert (st["car"][b], st["level"][b]) == ((n_cars - 1, 0) if i % 2 == 0 else (n_cars - 2, 0))
    assert st["neutral_supply"] == 13 and st["bullets_left"] == [6 if b in bandits else 0 for b in range(6)]
    regular = range(0, 7) if players <= 4 else range(7, 14)
    assert len(set(st["round_card"][:4])) == 4 and all(c in regular for c in st["round_card"][:4])
    assert st["round_card"][4] in (14, 15, 16)
    for q in range(players):                             # 6 cards in hand (Doc 7), the rest in the deck
        doc = st["bandit_of"][q][0] == BANDIT["Doc"]
        assert st["hand_n"][q] == (7 if doc else 6) and st["hand_n"][q] + st["deck_n"][q] == 10
    assert s.round == 1 and s.phase == "scheme" and s.current_player() == st["first"]


def test_same_seed_same_game_and_the_bandits_option():
    a = new_game("colt-express", players=4, seed=3)
    b = new_game("colt-express", players=4, seed=3)
    assert a == b and a.bandits() == b.bandits()
    assert {tuple(new_game("colt-express", players=4, seed=k).bandits()) for k in range(20)} != {tuple(a.bandits())}
    c = new_game("colt-express", players=3, seed=3, bandits="tuco, Doc, GHOST")
    assert c.bandits() == ["Tuco", "Doc", "Ghost"]
    with pytest.raises(ValueError, match="distinct"):
        new_game("colt-express", players=3, seed=3, bandits="Tuco,Tuco,Doc")
    with pytest.raises(ValueError, match="unknown bandit 'Jesse'"):
        new_game("colt-express", players=3, seed=3, bandits="Tuco,Jesse,Doc")
    with pytest.raises(ValueError, match="3 players need 3"):
        new_game("colt-express", players=3, seed=3, bandits="Tuco,Doc")


def test_doc_draws_seven():
    s = new_game("colt-express", players=3, seed=3, bandits="Doc,Belle,Tuco")
    assert field(s, "hand_n")[:3] == [7, 6, 6]


# ============================================================================ §4 schemin'

def test_normal_turn_one_option_per_card_type_face_up_plus_draw():
    s = position(3, THREE, round_cards=["R4-3", "R4-1", "R4-2", "R4-4", "ST-1"], turn=1, step=0,
                 hands={0: {"Move": 2, "Rob": 1, "Bullet": 0}})
    assert labels(s) == ["play Move face up", "play Rob face up", "draw three cards"]
    act(s, "play Move face up")
    st = s.to_dict()["state"]
    assert st["pile_n"] == 1 and st["pile_kind"][0] == 0 and st["pile_flags"][0] == 0
    assert st["hand"][0][0] == 1 and s.current_player() == 1


def test_bullet_cards_can_never_be_played():
    s = position(3, THREE, round_cards=["R4-3", "R4-1", "R4-2", "R4-4", "ST-1"], turn=1, step=0,
                 hands={0: {"Bullet": 2, "Fire": 1}}, received={"Belle": {"Tuco": 2}},
                 bullets_left={"Tuco": 4})
    assert labels(s) == ["play Fire face up", "draw three cards"]


def test_tunnel_turn_plays_face_down_and_hides_the_card_from_the_others():
    s = position(3, THREE, round_cards=["R4-2", "R4-1", "R4-3", "R4-4", "ST-1"], turn=1, step=0,
                 hands={0: {"Fire": 1, "Rob": 1}})
    assert labels(s) == ["play Fire face down", "play Rob face down", "draw three cards"]
    assert s.public_label(s.parse_action("play Rob face down")) == "plays a card face down"
    act(s, "play Rob face down")
    assert s.information_set(0).to_dict()["view"]["pile_kind"][0] == 3
    assert s.information_set(1).to_dict()["view"]["pile_kind"][0] == 255


def test_speed_up_turn_plays_an_ordered_pair_face_up():
    s = position(3, THREE, round_cards=["R4-4", "R4-1", "R4-2", "R4-3", "ST-1"], turn=2, step=0,
                 hands={0: {"Move": 2, "Rob": 1}})
    assert labels(s) == ["play Move then Move", "play Move then Rob", "play Rob then Move", "draw three cards"]
    act(s, "play Rob then Move")
    st = s.to_dict()["state"]
    assert st["pile_kind"][:2] == [3, 0] and st["pile_flags"][:2] == [0, 0] and st["hand"][0][:6] == [1, 0, 0, 0, 0, 0]


def test_speed_up_with_a_single_card_can_only_draw():
    s = position(3, THREE, round_cards=["R4-4", "R4-1", "R4-2", "R4-3", "ST-1"], turn=2, step=0,
                 hands={0: {"Move": 1}})
    assert labels(s) == ["draw three cards"]


def test_draw_takes_three_cards_or_what_is_left_and_never_from_an_empty_deck():
    s = position(3, THREE, turn=1, step=0, hands={0: {"Move": 2, "Fire": 2, "Rob": 2, "Floor change": 1}})
    assert field(s, "deck_n")[0] == 3
    act(s, "draw three cards")
    assert field(s, "hand_n")[0] == 10 and field(s, "deck_n")[0] == 0
    assert ("draw", 0, 3, 0) in s.events()
    s = position(3, THREE, turn=1, step=0, hands={0: {"Move": 2, "Fire": 2, "Rob": 2, "Floor change": 2}})
    act(s, "draw three cards")
    assert field(s, "hand_n")[0] == 10 and ("draw", 0, 2, 0) in s.events()
    s = position(3, THREE, turn=1, step=0, hands={0: {"Move": 2, "Fire": 2, "Rob": 2, "Floor change": 2,
                                                      "Punch": 1, "Marshal": 1}})
    assert "draw three cards" not in labels(s)


def test_switching_turn_goes_counter_clockwise_from_the_first_player():
    """§4.2, D3: N, N, T clockwise from the first player (seat 1); W counter-clockwise: 1, 0, 3, 2."""
    s = position(4, FOUR, first=1, round_cards=["R4-1", "R4-2", "R4-3", "R4-4", "ST-1"], turn=0, step=0)
    order = []
    for _ in range(16):
        order.append(s.current_player())
        s.apply_label("draw three cards")
    assert order == [1, 2, 3, 0] * 3 + [1, 0, 3, 2]


def test_ghost_may_play_face_down_in_the_first_turn_only():
    cards = ["R4-3", "R4-1", "R4-2", "R4-4", "ST-1"]
    s = position(3, "Ghost,Belle,Tuco", round_cards=cards, turn=0, step=0, hands={0: {"Move": 1, "Rob": 1}})
    assert labels(s) == ["play Move face up", "play Move face down", "play Rob face up", "play Rob face down",
                         "draw three cards"]
    s = position(3, "Ghost,Belle,Tuco", round_cards=cards, turn=1, step=0, hands={0: {"Move": 1, "Rob": 1}})
    assert labels(s) == ["play Move face up", "play Rob face up", "draw three cards"]
    s = position(3, "Belle,Ghost,Tuco", round_cards=cards, turn=0, step=0, hands={0: {"Move": 1}})
    assert labels(s) == ["play Move face up", "draw three cards"]


def test_first_player_rotates_to_the_left_each_round():
    s = steal(4, FOUR, first=2, pile=[])
    assert s.round == 2 and s.first_player == 3 and s.current_player() == 3


# ============================================================================ §8 round events

def test_angry_marshal_shoots_the_roof_then_moves_back_and_chases_the_inside():
    s = steal(4, FOUR, round_card="R4-1", marshal=2, pile=[],
              where={"Belle": (2, "roof"), "Cheyenne": (2, "roof"), "Django": (3, "inside"), "Tuco": (3, "roof")})
    assert s.marshal() == 3
    assert bullets(s, "Belle") == {"marshal": 1} and bullets(s, "Cheyenne") == {"marshal": 1}
    assert at(s, "Django") == (3, "roof") and bullets(s, "Django") == {"marshal": 1}
    assert bullets(s, "Tuco") == {} and supply(s) == 10


def test_angry_marshal_in_the_caboose_stays():
    s = steal(4, FOUR, round_card="R4-1", marshal=4, pile=[],
              where={"Belle": (4, "roof"), "Cheyenne": (3, "inside"), "Django": (3, "inside"), "Tuco": (1, "roof")})
    assert s.marshal() == 4 and bullets(s, "Belle") == {"marshal": 1}
    assert at(s, "Cheyenne") == (3, "inside") and supply(s) == 12


def test_angry_marshal_shortage_applies_per_group():
    """Step 1: two roof bandits, one card left: nobody gets it, it is removed; step 2 finds the supply empty."""
    s = steal(4, FOUR, round_card="R4-1", marshal=2, pile=[], neutral_supply=1, received={"Tuco": {"marshal": 12}},
              where={"Belle": (2, "roof"), "Cheyenne": (2, "roof"), "Django": (3, "inside"), "Tuco": (1, "roof")})
    assert bullets(s, "Belle") == {} and bullets(s, "Cheyenne") == {}
    assert at(s, "Django") == (3, "roof") and bullets(s, "Django") == {}
    assert supply(s) == 0 and field(s, "neutral_removed") == 1


def test_swivel_arm_sends_every_roof_bandit_to_the_caboose_roof():
    s = steal(4, FOUR, round_card="R4-2", pile=[],
              where={"Belle": (0, "roof"), "Cheyenne": (2, "roof"), "Django": (2, "inside"), "Tuco": (4, "roof")})
    assert [at(s, b) for b in ("Belle", "Cheyenne", "Django", "Tuco")] == [
        (4, "roof"), (4, "roof"), (2, "inside"), (4, "roof")]


def test_braking_moves_roof_bandits_one_car_forward_except_on_the_locomotive():
    s = steal(4, FOUR, round_card="R4-3", pile=[],
              where={"Belle": (0, "roof"), "Cheyenne": (2, "roof"), "Django": (2, "inside"), "Tuco": (4, "roof")})
    assert [at(s, b) for b in ("Belle", "Cheyenne", "Django", "Tuco")] == [
        (0, "roof"), (1, "roof"), (2, "inside"), (3, "roof")]


def test_take_it_all_puts_the_second_strongbox_in_the_marshals_car():
    s = steal(4, FOUR, round_card="R4-4", marshal=2, pile=[],
              where={"Belle": (1, "inside"), "Cheyenne": (3, "inside"), "Django": (3, "roof"), "Tuco": (4, "roof")})
    assert field(s, "tok_place")[25] == 2 * 2 and field(s, "tok_value")[25] == 1000


def test_passengers_rebellion_shoots_everyone_inside_as_one_group():
    s = steal(4, FOUR, round_card="R4-5", pile=[],
              where={"Belle": (1, "inside"), "Cheyenne": (3, "inside"), "Django": (3, "roof"), "Tuco": (4, "inside")})
    assert [sum(bullets(s, b).values()) for b in ("Belle", "Cheyenne", "Django", "Tuco")] == [1, 1, 0, 1]
    assert supply(s) == 10
    s = steal(4, FOUR, round_card="R4-5", pile=[], neutral_supply=2, received={"Django": {"marshal": 11}},
              where={"Belle": (1, "inside"), "Cheyenne": (3, "inside"), "Django": (3, "roof"), "Tuco": (4, "inside")})
    assert bullets(s, "Belle") == {} and supply(s) == 0 and field(s, "neutral_removed") == 2


@pytest.mark.parametrize("card", ["R4-6", "R4-7"])
def test_bridge_and_tunnel_cards_have_no_event(card):
    where = {"Belle": (1, "inside"), "Cheyenne": (3, "inside"), "Django": (3, "roof"), "Tuco": (4, "roof")}
    s = steal(4, FOUR, round_card=card, pile=[], where=where)
    assert [at(s, b) for b in where] == [(c, lv) for c, lv in where.values()] and supply(s) == 13


# ============================================================================ §8.1 station events and §10 scoring

def final(players=4, bandits=FOUR, station="ST-1", **facts):
    """The last Draw of round 5: the station event, then (unless Pickpocketing asks) the end of the game."""
    return steal(players, bandits, round=5, round_cards=["R4-1", "R4-2", "R4-3", "R4-4", station], pile=[],
                 **facts)


def test_pickpocketing_only_for_a_bandit_alone_with_a_purse():
    s = final(clear_loot=True, loot={5: (2, "inside"), 6: (2, "inside"), 18: (2, "inside"), 7: (3, "roof"),
                                     19: (1, "roof")},
              where={"Belle": (2, "inside"), "Cheyenne": (1, "roof"), "Django": (3, "roof"), "Tuco": (3, "roof")})
    assert s.phase == "pickpocket" and s.current_player() == 0
    assert labels(s) == ["Belle: pickpocket purse #5", "Belle: pickpocket purse #6"]
    act(s, "Belle: pickpocket purse #6")
    assert s.is_terminal() and sorted(s.loot("Belle")) == [0, 6] and s.loot("Cheyenne") == [1]
    assert s.loot("Django") == [2] and field(s, "tok_place")[7] == 7


def test_pickpocketing_asks_clockwise_from_the_first_player():
    s = final(first=2, clear_loot=True, loot={5: (2, "inside"), 7: (4, "roof")},
              where={"Belle": (2, "inside"), "Cheyenne": (1, "roof"), "Django": (3, "roof"), "Tuco": (4, "roof")})
    assert labels(s) == ["Tuco: pickpocket purse #7"]
    act(s, "Tuco: pickpocket purse #7")
    assert labels(s) == ["Belle: pickpocket purse #5"]


def test_marshals_revenge_takes_the_cheapest_purse_of_roof_bandits_above_him():
    s = final(station="ST-2", marshal=2, clear_loot=True, loot={9: "Belle", 18: "Django"}, values={9: 500},
              where={"Belle": (2, "roof"), "Cheyenne": (2, "inside") if False else (1, "roof"),
                     "Django": (2, "roof"), "Tuco": (3, "inside")})
    assert s.is_terminal()
    assert s.loot("Belle") == [9] and field(s, "tok_place")[0] == 2 * 2 + 1
    assert sorted(s.loot("Django")) == [18]               # his $250 purse goes; the jewel never
    assert s.loot("Tuco") == [3]                          # inside: untouched


def test_marshals_revenge_ties_lose_the_purse_acquired_first():
    """D32: Belle holds her starting purse (first) and robs another $250 purse; she loses the starting one."""
    s = steal(4, FOUR, round=5, round_cards=["R4-1", "R4-2", "R4-3", "R4-4", "ST-2"], marshal=2, clear_loot=True,
              loot={6: (2, "roof")}, values={6: 250}, pile=[("Belle", "Rob")],
              where={"Belle": (2, "roof"), "Cheyenne": (1, "roof"), "Django": (3, "roof"), "Tuco": (3, "inside")})
    act(s, "Belle: rob purse #6")
    assert s.is_terminal() and s.loot("Belle") == [6] and field(s, "tok_place")[0] == 5


def test_hostage_taking_pays_a_ransom_to_bandits_in_and_on_the_locomotive():
    s = final(station="ST-3", marshal=2, clear_loot=True,
              where={"Belle": (0, "inside"), "Cheyenne": (0, "roof"), "Django": (1, "roof"), "Tuco": (3, "inside")})
    assert sorted(s.loot("Belle")) == [0, 26] and sorted(s.loot("Cheyenne")) == [1, 27]
    assert s.loot("Django") == [2] and field(s, "tok_value")[26:28] == [250, 250]
    assert s.game_returns()[:2] == [500 + 1000, 500 + 1000]


def test_gunslinger_goes_to_every_bandit_who_fired_the_most_and_ties_share_the_victory():
    s = final(3, THREE, clear_loot=True, received={"Django": {"Belle": 2, "Tuco": 2}},
              bullets_left={"Belle": 4, "Tuco": 4}, where={"Belle": (1, "roof"), "Django": (2, "roof"),
                                                           "Tuco": (3, "roof")})
    assert s.is_terminal()
    assert s.game_returns() == [1250, 250, 1250] and s.returns() == [0.5, 0.0, 0.5]


def test_tie_on_dollars_goes_to_the_fewest_bullets_received():
    s = final(3, THREE, clear_loot=True, received={"Django": {"Belle": 2, "Tuco": 2}, "Tuco": {"Django": 1}},
              bullets_left={"Belle": 4, "Tuco": 4, "Django": 5},
              where={"Belle": (1, "roof"), "Django": (2, "roof"), "Tuco": (3, "roof")})
    assert s.game_returns() == [1250, 250, 1250] and s.returns() == [1.0, 0.0, 0.0]
    assert s.bullets_received() == [0, 4, 1]


def test_when_nobody_fired_everybody_gets_the_gunslinger_bonus():
    """D17: F = 0, every bandit ties for the bonus."""
    s = final(3, THREE, clear_loot=True, loot={18: "Tuco"},
              where={"Belle": (1, "roof"), "Django": (2, "roof"), "Tuco": (3, "roof")})
    assert s.game_returns() == [1250, 1250, 1750] and s.returns() == [0.0, 0.0, 1.0]


def test_game_over_reveals_every_purse_value():
    s = final(3, THREE, where={"Belle": (1, "roof"), "Django": (2, "roof"), "Tuco": (3, "roof")})
    view = s.information_set(0).to_dict()["view"]
    assert view["tok_value"][:18] == field(s, "tok_value")[:18]
    assert s.legal_actions() == [] and s.current_player() == -1


# ============================================================================ §11 advanced rules

def advanced_position(**facts):
    return position(3, THREE, advanced=True, round_cards=["R4-6", "R4-1", "R4-2", "R4-3", "ST-1"], **facts)


def test_keep_decisions_one_per_owned_type_in_card_order_clockwise_and_applied_together():
    s = advanced_position(hands={0: {"Move": 2, "Rob": 1}, 2: {"Fire": 1, "Bullet": 1}},
                          received={"Tuco": {"Belle": 1}}, bullets_left={"Belle": 5},
                          where={"Django": (1, "inside")}, pile=[("Django", "Move")])
    s.apply_label("draw three cards")                   # seat 2 ends the schemin' phase
    assert s.phase == "keep" and s.current_player() == 0
    assert labels(s) == ["keep 0 x Move", "keep 1 x Move", "keep 2 x Move"]
    hidden = s.information_set(1)
    assert hidden.legal_actions() == [] and hidden.to_dict()["view"]["keep_kind"] == 0
    act(s, "keep 1 x Move")
    assert labels(s) == ["keep 0 x Floor change"] and s.information_set(1).to_dict()["view"]["keep_kind"] == 1
    act(s, "keep 0 x Floor change", "keep 0 x Fire")
    assert labels(s) == ["keep 0 x Rob", "keep 1 x Rob"]
    act(s, "keep 1 x Rob", "keep 0 x Punch", "keep 0 x Marshal")
    assert s.current_player() == 1 and labels(s) == ["keep 0 x Move"]
    for kind in ("Move", "Floor change", "Fire", "Rob", "Punch", "Marshal"):   # no action card: six decisions still
        act(s, f"keep 0 x {kind}")
    assert s.current_player() == 2
    hand2 = field(s, "hand")[2]
    while s.phase == "keep":
        s.apply_action(s.legal_actions()[0])             # seat 2 keeps nothing of each type
    assert s.phase == "move"
    st = s.to_dict()["state"]
    assert st["kept_n"][:3] == [2, 0, 0] and st["hand"][0][0] == 1 and st["hand"][0][3] == 1
    assert st["discard"][0][0] == 1 and st["discard"][2] == hand2 and st["hand_n"][2] == 0
    assert [e for e in s.events() if e[0] == "keep"] == [("keep", 0, 2, 0), ("keep", 1, 0, 0), ("keep", 2, 0, 0)]


def test_advanced_round_start_refills_to_six_and_discards_drawn_bullets_publicly():
    """§11: kept cards count towards the 6; the bullets on top of the deck are drawn first (publicly) and go to
    the discard pile at the start of schemin', with no replacement; resolved cards wait on the discard pile."""
    s = advanced_position(hands={0: {"Move": 2}}, where={"Belle": (2, "inside"), "Django": (1, "inside")},
                          pile=[("Django", "Fire")])
    s.apply_label("draw three cards")
    keep(s, Move=2)
    while s.phase == "keep":
        s.apply_action(s.legal_actions()[0])
    act(s, "Django: shoot Belle")
    st = s.to_dict()["state"]
    assert s.round == 2 and st["hand_n"][0] == 5 and st["hand"][0][0] == 2 and st["hand"][0][12] == 0
    assert st["discard"][0][12] == 1 and ("discard_bullets", 0, 1, 0) in s.events()
    assert st["discard"][1][2] == 1                       # Django's resolved Fire


def test_advanced_draw_reshuffles_the_discard_pile_when_the_deck_is_empty():
    s = advanced_position(turn=1, step=0, hands={0: {"Move": 2, "Fire": 2, "Rob": 2, "Floor change": 2,
                                                     "Punch": 1, "Marshal": 1}})
    st = s.to_dict()
    st["state"]["hand"][0][0] = 0                         # both Moves in the discard pile instead
    st["state"]["hand_n"][0] = 8
    st["state"]["discard"][0][0] = 2
    s = type(s).from_dict(st)
    assert labels(s)[-1] == "draw three cards"
    act(s, "draw three cards")
    st = s.to_dict()["state"]
    assert st["hand"][0][0] == 2 and st["pool"][0][0] == 2 and sum(st["pool"][0]) == 2
    assert ("reshuffle", 0, 2, 0) in s.events() and ("draw", 0, 2, 0) in s.events()


# ============================================================================ §12 the 2-player variant

def test_two_player_setup_choices_and_decks():
    s = new_game("colt-express", players=2, seed=4, bandits="Tuco,Cheyenne,Ghost,Doc", first_player=1)
    st = s.to_dict()["state"]
    assert st["n_cars"] == 5 and st["advanced"] == 1 and s.round == 0 and s.phase == "setup caboose"
    assert all(st["round_card"][i] < 7 for i in range(4))
    assert s.current_player() == 1 and labels(s) == ["Doc starts in the caboose", "Ghost starts in the caboose"]
    act(s, "Doc starts in the caboose")
    assert at(s, "Doc") == (4, "inside") and at(s, "Ghost") == (3, "inside")
    assert s.phase == "setup marshal" and labels(s) == ["remove Doc's Marshal card", "remove Ghost's Marshal card"]
    act(s, "remove Doc's Marshal card")
    assert s.current_player() == 0 and labels(s) == ["Cheyenne starts in the caboose", "Tuco starts in the caboose"]
    act(s, "Tuco starts in the caboose")                  # no Ghost: Cheyenne (car 3) loses her Marshal card
    st = s.to_dict()["state"]
    assert st["removed_marshal"][:2] == [0, 0]            # slot 0 = Cheyenne for seat 0, Doc for seat 1
    assert s.round == 1 and s.phase == "scheme"
    assert st["hand_n"][:2] == [6, 7]                     # seat 1 has Doc
    for q in range(2):
        total = [st["hand"][q][k] + st["deck"][q][k] for k in range(12)]
        assert total == [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1]


def test_two_player_variant_is_what_two_players_play_and_only_them():
    s = new_game("colt-express", players=2, seed=1)
    t = new_game("colt-express", players=2, seed=1, variant="two-bandits")
    assert s == t and len(s.bandits()) == 4
    with pytest.raises(ValueError, match="two-bandits variant is for 2 players, not 3"):
        new_game("colt-express", players=3, variant="two-bandits")
    with pytest.raises(ValueError, match="option variant takes one of none, two-bandits, not 'solo'"):
        new_game("colt-express", players=2, variant="solo")


def test_two_player_ghost_face_down_only_for_ghosts_cards():
    s = position(2, "Ghost,Tuco,Belle,Doc", turn=0, step=0, hands={0: {"Ghost Move": 1, "Tuco Rob": 1}})
    assert labels(s) == ["play Ghost's Move face up", "play Ghost's Move face down", "play Tuco's Rob face up",
                         "draw three cards"]
    assert s.public_label(s.parse_action("play Ghost's Move face down")) == "plays a card of Ghost face down"
    act(s, "play Ghost's Move face down")
    assert s.information_set(1).to_dict()["view"]["pile_bandit"][0] == BANDIT["Ghost"]   # D35: the bandit shows
    assert s.information_set(1).to_dict()["view"]["pile_kind"][0] == 255


def test_two_player_teammates_can_be_shot_and_no_gunslinger():
    s = steal(2, "Belle,Tuco,Django,Doc", where={"Tuco": (2, "inside"), "Belle": (1, "inside"),
                                                  "Django": (4, "inside"), "Doc": (4, "roof")},
              pile=[("Tuco", "Fire")], round_card="R4-6")
    skip_keep(s)
    assert labels(s) == ["Tuco: shoot Belle"]            # his teammate is the only candidate: mandatory
    act(s, "Tuco: shoot Belle")
    assert bullets(s, "Belle") == {"Tuco": 1}
    assert s.round == 2 and field(s, "discard")[0][12] == 1   # on top of seat 0's deck, drawn first, discarded
    s = final(2, "Belle,Tuco,Django,Doc", clear_loot=True, loot={18: "Belle"},
              received={"Django": {"Belle": 3}}, bullets_left={"Belle": 3},
              where={"Belle": (1, "roof"), "Tuco": (2, "roof"), "Django": (3, "roof"), "Doc": (4, "roof")})
    skip_keep(s)
    assert s.game_returns() == [1000, 500] and s.returns() == [1.0, 0.0]   # team loot, no Gunslinger bonus


def test_two_player_pickpocketing_lower_car_first():
    s = final(2, "Belle,Tuco,Django,Doc", clear_loot=True, loot={5: (3, "roof"), 6: (1, "inside")},
              where={"Belle": (3, "roof"), "Tuco": (1, "inside"), "Django": (4, "roof"), "Doc": (4, "roof")})
    skip_keep(s)
    assert labels(s) == ["Tuco: pickpocket purse #6"]
    act(s, "Tuco: pickpocket purse #6")
    assert labels(s) == ["Belle: pickpocket purse #5"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_seat_makes_the_same_public_number_of_keep_decisions(players):
    """Issue 12 defect 5: each seat decides about every kind it owns (6; with two bandits 12, or 11 without a
    removed Marshal card), whatever its hand holds, so the turns the others observe tell nothing of its hand."""
    import random
    for seed in range(4):
        s = new_game("colt-express", players=players, seed=seed, advanced=True)
        rng = random.Random(seed)
        run, prev = [], None
        while not s.is_terminal():
            if s.phase == "keep":
                q = s.current_player()
                if q != prev:
                    run.append([q, 0])
                run[-1][1] += 1
                prev = q
            else:
                prev = None
            s.apply_action(rng.choice(s.legal_actions()))
        removed = s.to_dict()["state"]["removed_marshal"]
        owned = [6 if players > 2 else 12 - (removed[q] != 255) for q in range(players)]
        assert run and all(n == owned[q] for q, n in run), (run, owned)
