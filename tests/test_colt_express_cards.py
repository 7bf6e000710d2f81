"""Rule tests for the Colt Express engine, action card by action card (rules: /work/shared/rules/colt-express.md,
sections cited as §, decisions as D).

Every test builds a concrete position with ``ce_position``, applies actions by label and checks the exact outcome.
``steal(...)`` starts the stealin' phase with a given pile (by default on R4-6 / R6-6, whose round has no event).
"""
from __future__ import annotations

import pytest

from support.ce_position import act, at, bullets, field, labels, steal

SIX = "Belle,Cheyenne,Django,Doc,Ghost,Tuco"          # seats 0..5; 7 cars, the caboose is car 6
FOUR = "Belle,Cheyenne,Django,Tuco"                     # seats 0..3; 5 cars, the caboose is car 4
THREE = "Belle,Django,Tuco"                             # seats 0..2; 4 cars, the caboose is car 3


def six(**where):
    """Every bandit of SIX placed (name -> (car, level) with level "in"/"roof")."""
    return {name: (car, "roof" if level == "roof" else "inside") for name, (car, level) in where.items()}


def supply(state) -> int:
    return field(state, "neutral_supply")


# ============================================================================ §5.3 Move

def test_move_inside_goes_to_an_adjacent_car():
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, pile=[("Belle", "Move")])
    assert s.current_player() == 0 and s.phase == "move"
    assert labels(s) == ["Belle: move to car 1", "Belle: move to car 3"]
    act(s, "Belle: move to car 1")
    assert at(s, "Belle") == (1, "inside")


def test_move_inside_the_locomotive_has_one_option():
    """D37: a forced choice is still a decision with one legal action."""
    s = steal(4, FOUR, where={"Belle": (0, "inside")}, marshal=2, pile=[("Belle", "Move")])
    assert labels(s) == ["Belle: move to car 1"]


def test_move_on_the_roof_goes_one_to_three_cars_either_way_within_the_train():
    s = steal(6, SIX, where=six(Doc=(2, "roof")), pile=[("Doc", "Move")])
    assert labels(s) == ["Doc: move to the locomotive", "Doc: move to car 1", "Doc: move to car 3",
                         "Doc: move to car 4", "Doc: move to car 5"]
    act(s, "Doc: move to car 5")
    assert at(s, "Doc") == (5, "roof")                  # bandits on the way neither block nor are affected


def test_move_inside_into_the_marshals_car_flees_to_the_roof_with_a_marshal_bullet():
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, marshal=1, pile=[("Belle", "Move")])
    act(s, "Belle: move to car 1")
    assert at(s, "Belle") == (1, "roof")
    assert bullets(s, "Belle") == {"marshal": 1} and supply(s) == 12


def test_move_on_a_roof_above_the_marshal_is_safe():
    s = steal(4, FOUR, where={"Belle": (2, "roof")}, marshal=1, pile=[("Belle", "Move")])
    act(s, "Belle: move to car 1")
    assert at(s, "Belle") == (1, "roof") and bullets(s, "Belle") == {} and supply(s) == 13


# ============================================================================ §5.3 Floor change

def test_floor_change_up_and_down_needs_no_decision():
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Tuco": (3, "roof")}, pile=[("Belle", "Floor change"),
                                                                               ("Tuco", "Floor change")])
    assert s.phase == "scheme" and s.round == 2          # the whole pile resolved on its own
    assert at(s, "Belle") == (2, "roof") and at(s, "Tuco") == (3, "inside")


def test_floor_change_down_into_the_marshals_car_goes_straight_back_up_with_a_bullet():
    s = steal(4, FOUR, where={"Belle": (2, "roof")}, marshal=2, pile=[("Belle", "Floor change")])
    assert at(s, "Belle") == (2, "roof")
    assert bullets(s, "Belle") == {"marshal": 1} and supply(s) == 12


# ============================================================================ §5.3 Marshal, §5.4

def test_marshal_card_moves_him_one_car_and_chases_everyone_inside_as_one_group():
    """The group includes the card's owner if he is inside the new car (§5.3)."""
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Cheyenne": (2, "inside"), "Django": (2, "roof"),
                              "Tuco": (3, "inside")}, marshal=1, pile=[("Belle", "Marshal")])
    assert labels(s) == ["Belle: the marshal goes to the locomotive", "Belle: the marshal goes to car 2"]
    act(s, "Belle: the marshal goes to car 2")
    assert s.marshal() == 2
    assert at(s, "Belle") == (2, "roof") and at(s, "Cheyenne") == (2, "roof")
    assert at(s, "Django") == (2, "roof") and at(s, "Tuco") == (3, "inside")
    assert bullets(s, "Belle") == {"marshal": 1} and bullets(s, "Cheyenne") == {"marshal": 1}
    assert bullets(s, "Django") == {} and supply(s) == 11


def test_marshal_at_the_caboose_has_one_direction():
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Cheyenne": (2, "inside"), "Django": (3, "inside"),
                              "Tuco": (3, "roof")}, marshal=4, pile=[("Tuco", "Marshal")])
    assert labels(s) == ["Tuco: the marshal goes to car 3"]


def test_marshal_bullets_running_short_for_a_group_nobody_gets_one_and_the_rest_is_removed():
    """§5.4 shortage: 0 < s < G, nobody in the group receives a card, the s cards leave the game."""
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Cheyenne": (2, "inside"), "Django": (2, "inside"),
                              "Tuco": (3, "roof")}, marshal=1, neutral_supply=2, neutral_removed=0,
              received={"Tuco": {"marshal": 11}}, pile=[("Tuco", "Marshal")])
    act(s, "Tuco: the marshal goes to car 2")
    for name in ("Belle", "Cheyenne", "Django"):
        assert at(s, name) == (2, "roof") and bullets(s, name) == {}
    assert supply(s) == 0 and field(s, "neutral_removed") == 2


def test_marshal_bullets_exactly_enough_for_the_group():
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Cheyenne": (2, "inside"), "Django": (2, "inside"),
                              "Tuco": (3, "roof")}, marshal=1, neutral_supply=3, received={"Tuco": {"marshal": 10}},
              pile=[("Tuco", "Marshal")])
    act(s, "Tuco: the marshal goes to car 2")
    assert all(bullets(s, name) == {"marshal": 1} for name in ("Belle", "Cheyenne", "Django"))
    assert supply(s) == 0 and field(s, "neutral_removed") == 0


def test_empty_marshal_supply_still_sends_bandits_to_the_roof():
    s = steal(4, FOUR, where={"Belle": (2, "inside"), "Tuco": (3, "roof")}, marshal=1, neutral_supply=0,
              neutral_removed=13, pile=[("Tuco", "Marshal")])
    act(s, "Tuco: the marshal goes to car 2")
    assert at(s, "Belle") == (2, "roof") and bullets(s, "Belle") == {} and field(s, "neutral_removed") == 13


def test_several_groups_one_after_another_exhaust_the_supply():
    """Group of 1 takes a card (2 -> 1); the next group of 2 finds 1 card: nobody gets it, it is removed."""
    s = steal(4, FOUR, where={"Belle": (1, "roof"), "Cheyenne": (3, "inside"), "Django": (3, "inside"),
                              "Tuco": (3, "roof")}, marshal=2, neutral_supply=2, received={"Tuco": {"marshal": 11}},
              pile=[("Belle", "Floor change"), ("Tuco", "Marshal")])
    assert at(s, "Belle") == (1, "inside")               # Floor change into car 1: the marshal is in car 2
    act(s, "Tuco: the marshal goes to car 1")
    assert at(s, "Belle") == (1, "roof") and bullets(s, "Belle") == {"marshal": 1} and supply(s) == 1
    s = steal(4, FOUR, where={"Belle": (2, "roof"), "Cheyenne": (3, "inside"), "Django": (3, "inside"),
                              "Tuco": (3, "roof")}, marshal=2, neutral_supply=2, received={"Tuco": {"marshal": 11}},
              pile=[("Belle", "Floor change"), ("Tuco", "Marshal")])
    assert bullets(s, "Belle") == {"marshal": 1} and supply(s) == 1
    act(s, "Tuco: the marshal goes to car 3")
    assert at(s, "Cheyenne") == (3, "roof") and at(s, "Django") == (3, "roof")
    assert bullets(s, "Cheyenne") == {} and bullets(s, "Django") == {}
    assert supply(s) == 0 and field(s, "neutral_removed") == 1


# ============================================================================ §5.3 Fire

def test_fire_from_inside_reaches_only_the_adjacent_cars_inside():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Belle=(2, "in"), Cheyenne=(1, "in"), Django=(1, "roof"),
                                Ghost=(3, "in"), Tuco=(4, "in")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Cheyenne", "Doc: shoot Ghost"]
    act(s, "Doc: shoot Ghost")
    assert bullets(s, "Ghost") == {"Doc": 1} and field(s, "bullets_left")[3] == 5
    assert at(s, "Ghost") == (3, "inside")              # being shot never moves (except Django's push)


def test_fire_on_the_roof_sees_the_nearest_occupied_roof_each_way():
    """D9: all bandits on the nearest occupied roof are candidates; farther ones are hidden; the own roof and
    bandits inside never count."""
    s = steal(6, SIX, where=six(Doc=(3, "roof"), Belle=(3, "roof"), Cheyenne=(2, "roof"), Django=(1, "roof"),
                                Ghost=(5, "roof"), Tuco=(5, "roof")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Cheyenne", "Doc: shoot Ghost", "Doc: shoot Tuco"]


def test_fire_on_the_roof_ignores_bandits_inside_and_sees_any_distance():
    s = steal(6, SIX, where=six(Doc=(1, "roof"), Belle=(2, "in"), Cheyenne=(3, "in"), Django=(4, "in"),
                                Ghost=(5, "in"), Tuco=(6, "roof")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Tuco"]


def test_fire_without_a_target_does_nothing_and_spends_no_bullet():
    s = steal(6, SIX, where=six(Doc=(1, "in"), Belle=(3, "in"), Cheyenne=(3, "roof"), Django=(4, "in"),
                                Ghost=(5, "in"), Tuco=(6, "roof")), pile=[("Doc", "Fire")])
    assert s.phase == "scheme" and field(s, "bullets_left")[3] == 6
    assert ("nothing", 3, 2, 0) in s.events() and s.round == 2


def test_fire_with_no_bullet_left_does_nothing():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Belle=(3, "in")), bullets_left={"Doc": 0},
              received={"Belle": {"Doc": 6}}, pile=[("Doc", "Fire")])
    assert s.phase == "scheme" and bullets(s, "Belle") == {"Doc": 6}


def test_fire_gives_the_bullet_cards_in_order_until_the_gun_is_empty():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Belle=(3, "in")), bullets_left={"Doc": 1},
              received={"Cheyenne": {"Doc": 5}}, pile=[("Doc", "Fire"), ("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Belle"]              # a single candidate is still a decision (D37)
    act(s, "Doc: shoot Belle")
    assert field(s, "bullets_left")[3] == 0 and bullets(s, "Belle") == {"Doc": 1}
    assert s.phase == "scheme"                           # the second Fire had no bullet left


def test_shot_bullet_waits_aside_then_joins_the_victims_cards_next_round():
    """§5.3 Fire step 5 (base rules) and §9: the card is set aside, then shuffled in at the next round start."""
    s = steal(3, THREE, where={"Belle": (2, "inside"), "Django": (1, "inside")},
              pile=[("Belle", "Fire"), ("Belle", "Move")])
    act(s, "Belle: shoot Django")
    assert field(s, "aside")[1] == 1
    act(s, "Belle: move to car 3 (the caboose)")        # last card: round 2 starts, the bullet is gathered
    st = s.to_dict()["state"]
    assert st["aside"][1] == 0 and st["hand"][1][12] + st["deck"][1][12] == 1
    assert st["hand_n"][1] + st["deck_n"][1] == 11


def test_shot_bullet_goes_on_top_of_the_deck_under_the_advanced_rules():
    s = steal(3, THREE, where={"Belle": (2, "inside"), "Django": (1, "inside")}, advanced=True,
              pile=[("Belle", "Fire"), ("Belle", "Move")])
    while s.phase == "keep":                             # the keep decisions come first
        s.apply_action(s.legal_actions()[0])
    act(s, "Belle: shoot Django")
    assert field(s, "deck_top")[1] == 1 and field(s, "aside")[1] == 0


# ---------------------------------------------------------------------------- §7.1 Belle

def test_belle_is_protected_when_someone_else_can_be_shot():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Belle=(1, "in"), Ghost=(3, "in")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Ghost"]


def test_belle_alone_can_be_shot():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Belle=(1, "in"), Ghost=(4, "in")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Belle"]


def test_protected_belle_still_blocks_the_line_of_sight_on_the_roof():
    """D8: Belle on roof 4 hides Tuco on roof 5, even though she herself is not a legal target."""
    s = steal(6, SIX, where=six(Doc=(3, "roof"), Belle=(4, "roof"), Tuco=(5, "roof"), Cheyenne=(1, "roof"),
                                Django=(1, "in"), Ghost=(5, "in")), pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Cheyenne"]


def test_belle_is_protected_from_punches_too_but_not_when_alone():
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Belle": (2, "inside"), "Tuco": (2, "inside")},
              pile=[("Django", "Punch")])
    assert labels(s) == ["Django: punch Tuco"]
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Belle": (2, "inside"), "Tuco": (3, "inside")},
              pile=[("Django", "Punch")])
    assert labels(s) == ["Django: punch Belle"]


# ---------------------------------------------------------------------------- §7.6 Tuco

def test_tuco_shoots_through_the_roof_of_his_car():
    s = steal(6, SIX, where=six(Tuco=(2, "in"), Doc=(2, "roof"), Django=(1, "in"), Cheyenne=(3, "in"),
                                Ghost=(4, "roof"), Belle=(5, "in")), pile=[("Tuco", "Fire")])
    assert labels(s) == ["Tuco: shoot Cheyenne", "Tuco: shoot Django", "Tuco: shoot Doc"]


def test_tuco_on_the_roof_shoots_down_and_belle_is_filtered_from_the_union():
    """D12: the vertical candidates join the normal set and do not change line of sight; Belle's rule applies to
    the whole set."""
    s = steal(6, SIX, where=six(Tuco=(2, "roof"), Belle=(2, "in"), Ghost=(4, "roof"), Doc=(5, "roof"),
                                Django=(1, "in"), Cheyenne=(3, "in")), pile=[("Tuco", "Fire")])
    assert labels(s) == ["Tuco: shoot Ghost"]
    s = steal(6, SIX, where=six(Tuco=(2, "roof"), Belle=(2, "in"), Ghost=(4, "in"), Doc=(5, "in"),
                                Django=(1, "in"), Cheyenne=(3, "in")), pile=[("Tuco", "Fire")])
    assert labels(s) == ["Tuco: shoot Belle"]


def test_others_cannot_shoot_through_the_roof():
    s = steal(6, SIX, where=six(Doc=(2, "in"), Ghost=(2, "roof"), Belle=(4, "in"), Cheyenne=(5, "in"),
                                Django=(6, "in"), Tuco=(6, "roof")), pile=[("Doc", "Fire")])
    assert s.phase == "scheme" and bullets(s, "Ghost") == {}


# ---------------------------------------------------------------------------- §7.3 Django

def test_django_pushes_his_target_one_car_further_away_on_the_same_level():
    s = steal(6, SIX, where=six(Django=(2, "in"), Tuco=(3, "in"), Belle=(5, "in")), pile=[("Django", "Fire")])
    act(s, "Django: shoot Tuco")
    assert at(s, "Tuco") == (4, "inside") and bullets(s, "Tuco") == {"Django": 1}
    s = steal(6, SIX, where=six(Django=(4, "roof"), Ghost=(2, "roof"), Belle=(5, "in")), pile=[("Django", "Fire")])
    act(s, "Django: shoot Ghost")
    assert at(s, "Ghost") == (1, "roof")


def test_django_cannot_push_past_the_end_of_the_train():
    s = steal(6, SIX, where=six(Django=(5, "in"), Tuco=(6, "in"), Belle=(3, "in")), pile=[("Django", "Fire")])
    act(s, "Django: shoot Tuco")
    assert at(s, "Tuco") == (6, "inside") and bullets(s, "Tuco") == {"Django": 1}
    s = steal(6, SIX, where=six(Django=(3, "roof"), Ghost=(0, "roof"), Belle=(5, "in")), pile=[("Django", "Fire")])
    act(s, "Django: shoot Ghost")
    assert at(s, "Ghost") == (0, "roof")


def test_django_pushing_into_the_marshals_car_sends_the_target_to_the_roof():
    """D11: bullet first, then the push, then the marshal rule (a group of one)."""
    s = steal(6, SIX, where=six(Django=(3, "in"), Tuco=(2, "in"), Belle=(5, "in")), marshal=1,
              pile=[("Django", "Fire")])
    act(s, "Django: shoot Tuco")
    assert at(s, "Tuco") == (1, "roof") and bullets(s, "Tuco") == {"Django": 1, "marshal": 1}


# ============================================================================ §5.3 Rob

def test_rob_takes_a_token_at_the_exact_position_and_the_robber_learns_its_value():
    s = steal(4, FOUR, where={"Belle": (2, "inside")}, clear_loot=True,
              loot={5: (2, "inside"), 18: (2, "inside"), 6: (2, "roof"), 7: (1, "inside")},
              values={5: 450}, pile=[("Belle", "Rob")])
    assert labels(s) == ["Belle: rob purse #5", "Belle: rob jewel #18"]
    before = s.information_set(1).to_dict()["view"]["tok_value"][5]
    act(s, "Belle: rob purse #5")
    assert 5 in s.loot("Belle") and s.token_value(5) == 450
    assert s.information_set(0).to_dict()["view"]["tok_value"][5] == 450
    assert before == 0 and s.information_set(1).to_dict()["view"]["tok_value"][5] == 0


def test_rob_on_a_roof_takes_only_roof_loot_and_with_none_does_nothing():
    s = steal(4, FOUR, where={"Belle": (2, "roof")}, clear_loot=True, loot={5: (2, "inside"), 18: (2, "roof")},
              pile=[("Belle", "Rob")])
    assert labels(s) == ["Belle: rob jewel #18"]
    s = steal(4, FOUR, where={"Belle": (2, "roof")}, clear_loot=True, loot={5: (2, "inside")},
              pile=[("Belle", "Rob")])
    assert s.phase == "scheme" and s.loot("Belle") == [0]


# ============================================================================ §5.3 Punch

def test_punch_drops_the_chosen_token_and_knocks_the_victim_to_a_chosen_adjacent_car():
    s = steal(4, FOUR, where={"Django": (2, "roof"), "Tuco": (2, "roof"), "Cheyenne": (2, "inside")},
              clear_loot=True, loot={18: "Tuco"}, pile=[("Django", "Punch")])
    assert labels(s) == ["Django: punch Tuco"]           # Cheyenne is inside: another position
    act(s, "Django: punch Tuco")
    assert labels(s) == ["Django: Tuco drops purse #3", "Django: Tuco drops jewel #18"]
    act(s, "Django: Tuco drops jewel #18")
    assert labels(s) == ["Django: knock Tuco to car 1", "Django: knock Tuco to car 3"]
    act(s, "Django: knock Tuco to car 3")
    assert at(s, "Tuco") == (3, "roof") and at(s, "Django") == (2, "roof")
    assert s.loot("Tuco") == [3] and field(s, "tok_place")[18] == 2 * 2 + 1


def test_punch_a_victim_without_loot_only_moves_him():
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Tuco": (2, "inside")}, clear_loot=True,
              loot={3: (2, "inside")}, pile=[("Django", "Punch")])
    act(s, "Django: punch Tuco")
    assert s.phase == "punch destination"


def test_punch_at_the_end_of_the_train_has_one_destination():
    s = steal(4, FOUR, where={"Django": (4, "inside"), "Tuco": (4, "inside")}, pile=[("Django", "Punch")])
    act(s, "Django: punch Tuco", "Django: Tuco drops purse #3")
    assert labels(s) == ["Django: knock Tuco to car 3"]
    s = steal(4, FOUR, where={"Django": (0, "roof"), "Tuco": (0, "roof")}, pile=[("Django", "Punch")])
    act(s, "Django: punch Tuco", "Django: Tuco drops purse #3")
    assert labels(s) == ["Django: knock Tuco to car 1"]


def test_punch_into_the_marshals_car_sends_the_victim_to_the_roof():
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Tuco": (2, "inside")}, marshal=1,
              pile=[("Django", "Punch")])
    act(s, "Django: punch Tuco", "Django: Tuco drops purse #3", "Django: knock Tuco to car 1")
    assert at(s, "Tuco") == (1, "roof") and bullets(s, "Tuco") == {"marshal": 1}


def test_punch_with_nobody_there_does_nothing():
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Tuco": (2, "roof")}, pile=[("Django", "Punch")])
    assert s.phase == "scheme" and at(s, "Tuco") == (2, "roof")


# ---------------------------------------------------------------------------- §7.2 Cheyenne

def test_cheyenne_keeps_a_purse_she_punches_loose_and_learns_its_value():
    s = steal(4, FOUR, where={"Cheyenne": (2, "inside"), "Tuco": (2, "inside")}, clear_loot=True,
              loot={9: "Tuco", 18: "Tuco"}, values={9: 500}, pile=[("Cheyenne", "Punch")])
    act(s, "Cheyenne: punch Tuco")
    assert labels(s) == ["Cheyenne: take purse #3 from Tuco", "Cheyenne: take purse #9 from Tuco",
                         "Cheyenne: Tuco drops jewel #18"]
    act(s, "Cheyenne: take purse #9 from Tuco", "Cheyenne: knock Tuco to car 1")
    assert sorted(s.loot("Cheyenne")) == [1, 9] and sorted(s.loot("Tuco")) == [3, 18]
    assert s.information_set(1).to_dict()["view"]["tok_value"][9] == 500
    assert s.information_set(0).to_dict()["view"]["tok_value"][9] == 0


def test_cheyenne_punching_a_jewel_drops_it():
    s = steal(4, FOUR, where={"Cheyenne": (2, "inside"), "Tuco": (2, "inside")}, clear_loot=True,
              loot={18: "Tuco"}, pile=[("Cheyenne", "Punch")])
    act(s, "Cheyenne: punch Tuco", "Cheyenne: Tuco drops jewel #18", "Cheyenne: knock Tuco to car 3")
    assert field(s, "tok_place")[18] == 2 * 2 and s.loot("Cheyenne") == [1]


def test_a_dropped_purse_keeps_its_value_private_to_those_who_held_it():
    """§13.3: the victim's seat still knows the value; the puncher learns nothing."""
    s = steal(4, FOUR, where={"Django": (2, "inside"), "Tuco": (2, "inside")}, clear_loot=True,
              loot={9: (2, "inside")}, values={9: 400}, pile=[("Tuco", "Rob"), ("Django", "Punch")])
    act(s, "Tuco: rob purse #9", "Django: punch Tuco", "Django: Tuco drops purse #9", "Django: knock Tuco to car 3")
    assert field(s, "tok_place")[9] == 4
    assert s.information_set(3).to_dict()["view"]["tok_value"][9] == 400
    assert s.information_set(2).to_dict()["view"]["tok_value"][9] == 0


# ============================================================================ §5.1, §5.2 the pile

def test_pile_resolves_first_played_first_and_face_down_cards_are_revealed_in_turn():
    s = steal(3, THREE, where={"Belle": (3, "inside"), "Django": (1, "inside"), "Tuco": (3, "roof")},
              pile=[("Tuco", "Floor change", "down"), ("Belle", "Move"), ("Django", "Fire", "down")])
    st = s.to_dict()["state"]
    assert at(s, "Tuco") == (3, "inside")               # first card already resolved
    assert st["pile_flags"][:3] == [3, 2, 1]            # face down & revealed; face up & revealed; still hidden
    assert s.information_set(0).to_dict()["view"]["pile_kind"][2] == 255
    act(s, "Belle: move to car 2")
    assert s.phase == "fire" and s.current_player() == 1 and labels(s) == ["Django: shoot Belle"]
    assert s.information_set(0).to_dict()["view"]["pile_kind"][2] == 2


def test_a_programmed_action_is_mandatory_even_against_oneself():
    """§5.2: Belle must shoot the only candidate; Doc moving into the marshal's car is his only way."""
    s = steal(6, SIX, where=six(Doc=(1, "in"), Belle=(2, "in"), Django=(4, "in")), marshal=0,
              pile=[("Doc", "Fire")])
    assert labels(s) == ["Doc: shoot Belle"]
    s = steal(6, SIX, where=six(Doc=(0, "in"), Belle=(2, "in")), marshal=1, pile=[("Doc", "Move")])
    assert labels(s) == ["Doc: move to car 1"]
    act(s, "Doc: move to car 1")
    assert at(s, "Doc") == (1, "roof") and bullets(s, "Doc") == {"marshal": 1}


@pytest.mark.parametrize("card", ["Move", "Floor change", "Fire", "Rob", "Punch", "Marshal"])
def test_every_card_returns_to_its_owners_deck_after_resolution(card):
    """D31: base rules, resolved cards go back onto the owner's deck (public); the next round gathers them."""
    s = steal(3, THREE, where={"Belle": (2, "inside"), "Django": (2, "inside"), "Tuco": (1, "inside")},
              pile=[("Belle", card), ("Belle", "Move")])
    kind = ["Move", "Floor change", "Fire", "Rob", "Punch", "Marshal"].index(card)
    while s.to_dict()["state"]["pile_next"] == 0:
        s.apply_action(s.legal_actions()[0])
    assert s.phase == "move" and field(s, "returned")[0] == [int(k == kind) for k in range(13)]
    assert field(s, "deck_n")[0] == 10 - 2                 # deck_n counts the undealt cards; returned ones are public
    s.apply_action(s.legal_actions()[0])
    assert s.round == 2
    st = s.to_dict()["state"]
    assert st["returned"][0] == [0] * 13
    assert st["hand_n"][0] + st["deck_n"][0] == 10 + sum(st["received"][0])
