"""BANG! rules on concrete positions with exact outcomes (../shared/rules/bang-gold-rush.md, cited by section).

Card ids (rules 1.1 order): BANG! 0 A♠, 2 K♥, 4..16 ♦2..A, 17..24 ♣2..9; Missed! 25..31 ♠2..8, 32..36 ♣10..A;
Beer 37..42 ♥6..J; Saloon 43; Stagecoach 44, 45; General Store 47; Panic! 49 J♥; Cat Balou 53 K♥; Duel 57 Q♦;
Indians! 60 K♦; Gatling 62; Barrel 63; Dynamite 65; Jail 66; Mustang 69; Scope 71; Volcanic 72; Schofield 74.
Equipment: Shot 0, Rum 9, Boots 13, Calumet 14, Gun Belt 16, Horseshoe 17, Wanted 21.
"""
from __future__ import annotations

import pytest

from deadeye.core.bang.data import (A_BARREL, A_BUY, A_CARD, A_EQUIP, A_HAND, A_MODE, A_PASS, A_SEAT,
                                    BART_CASSIDY, CALAMITY_JANET, DON_BELL, EL_GRINGO, FR_BANG, FR_DYING, FR_PLAY,
                                    FR_STORE, KIT_CARLSON, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PLAY, MODE_BEER_SELL,
                                    PRETTY_LUZENA, SIDE_DEPUTY, SLAB_THE_KILLER, ST_DEAD, ST_GHOST,
                                    ST_GHOST_ACTIVE, SUZY_LAFAYETTE, VULTURE_SAM, WILLY_THE_KID, WIN_OUTLAWS,
                                    WIN_RENEGADE, WIN_SHERIFF)
from support.bang_position import DEPUTY_R, OUTLAW_R, RENEGADE_R, SHERIFF_R, Table

HEART, CLUB, SPADE_2 = 37, 17, 25          # a Beer 6♥, a BANG! 2♣, a Missed! 2♠ as draw! results


def v(state) -> dict:
    return state.to_dict()["state"]


def dead(table: Table, *seats: int) -> Table:
    for p in seats:
        table.set(status={p: ST_DEAD}, life={p: 0}, revealed={p: 1})
    return table


def bang(state, card: int, target: int):
    state.apply_action(A_CARD + card)
    state.apply_action(A_SEAT + target)
    return state


# ------------------------------------------------------------------------------------------------ distance (5)

def test_distance_and_reach_skip_eliminated_seats_and_count_mustang_and_scope():
    t = Table(5)
    assert t.state(0).distance(1, 3) == 2
    s = dead(Table(5), 2).state(0)
    assert s.distance(1, 3) == 1 and s.distance(0, 3) == 2 and s.distance(3, 0) == 2
    s = dead(Table(5), 2).in_play(3, 69).state(0)
    assert s.distance(1, 3) == 2 and s.distance(3, 1) == 1          # Mustang: others see 3 farther
    s = dead(Table(5), 2).in_play(3, 69).in_play(1, 71, 74).state(0)
    assert s.distance(1, 3) == 1 and s.reach(1) == 2 and s.reach(0) == 1


def test_bang_needs_the_target_within_reach():
    s = Table(5).give(1, 2).state(1)
    bang_targets = lambda st: [a - A_SEAT for a in st.legal_actions()]
    s.apply_action(A_CARD + 2)
    assert bang_targets(s) == [0, 2]
    s = dead(Table(5), 2).give(1, 2).state(1)
    s.apply_action(A_CARD + 2)
    assert bang_targets(s) == [0, 3]


# ------------------------------------------------------------------------------------------------ BANG! (4.4)

def test_a_bang_taken_costs_one_life_and_pays_the_shooter_a_nugget():
    s = bang(Table(4).give(0, 2).give(1, 25).state(0), 2, 1)
    assert s.current_player() == 1 and s.legal_actions() == [A_CARD + 25, A_PASS]
    s.apply_action(A_PASS)
    assert v(s)["life"][1] == 3 and v(s)["nuggets"][0] == 1 and s.current_player() == 0
    assert v(s)["loc"][2] == LOC_DISCARD and v(s)["bangs"] == 1
    assert A_CARD + 2 not in s.legal_actions()                      # one BANG! a turn


def test_a_target_with_an_empty_hand_is_still_asked_and_a_missed_cancels():
    s = bang(Table(4).give(0, 2).state(0), 2, 1)
    assert s.current_player() == 1 and s.legal_actions() == [A_PASS]
    s = bang(Table(4).give(0, 2).give(1, 25).state(0), 2, 1)
    s.apply_action(A_CARD + 25)
    assert v(s)["life"][1] == 4 and v(s)["loc"][25] == LOC_DISCARD and v(s)["nuggets"][0] == 0


def test_barrel_on_a_heart_cancels_and_otherwise_the_target_answers_again():
    s = bang(Table(4).give(0, 2).in_play(1, 63).top(HEART).state(0), 2, 1)
    assert A_BARREL in s.legal_actions()
    s.apply_action(A_BARREL)
    assert s.current_player() == 0 and v(s)["life"][1] == 4 and v(s)["loc"][HEART] == LOC_DISCARD
    s = bang(Table(4).give(0, 2).in_play(1, 63).top(CLUB).state(0), 2, 1)
    s.apply_action(A_BARREL)
    assert s.current_player() == 1 and A_BARREL not in s.legal_actions()
    s.apply_action(A_PASS)
    assert v(s)["life"][1] == 3


def test_slab_the_killer_needs_two_missed_and_a_started_answer_must_finish():
    chars = [SLAB_THE_KILLER, 19, 22, 11]
    s = bang(Table(4, characters=chars).give(0, 2).give(1, 25).state(0), 2, 1)
    assert s.legal_actions() == [A_PASS]                             # one Missed! is not enough (D27)
    s = bang(Table(4, characters=chars).give(0, 2).give(1, 25, 26).state(0), 2, 1)
    s.apply_action(A_CARD + 25)
    assert s.current_player() == 1 and s.legal_actions() == [A_CARD + 26]
    s.apply_action(A_CARD + 26)
    assert s.current_player() == 0 and v(s)["life"][1] == 4


def test_calamity_janet_plays_a_missed_as_her_one_bang():
    chars = [CALAMITY_JANET, 19, 22, 11]
    s = Table(4, characters=chars).give(0, 25, 26).state(0)
    assert A_CARD + 25 in s.legal_actions()
    bang(s, 25, 1).apply_action(A_PASS)
    assert v(s)["life"][1] == 3 and A_CARD + 26 not in s.legal_actions()


def test_willy_the_kid_plays_any_number_of_bangs():
    chars = [WILLY_THE_KID, 19, 22, 11]
    s = bang(Table(4, characters=chars).give(0, 2, 3).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert A_CARD + 3 in s.legal_actions()


# ------------------------------------------------------------------------------------------------ start of turn (3.2)

def test_dynamite_explodes_on_two_to_nine_of_spades_for_three_life_points():
    s = Table(4).in_play(1, 65).top(SPADE_2).state(0)
    s.apply_action(A_PASS)                                          # seat 0 ends; seat 1's turn starts
    assert v(s)["life"][1] == 1 and v(s)["loc"][65] == LOC_DISCARD and s.current_player() == 1
    assert v(s)["nuggets"] == [0] * 7                               # no source (D4)


def test_dynamite_that_does_not_explode_passes_to_the_next_living_player():
    s = dead(Table(4), 2).in_play(1, 65).top(CLUB).state(0)
    s.apply_action(A_PASS)
    assert v(s)["loc"][65] == LOC_PLAY + 3 and v(s)["life"][1] == 4


def test_jail_skips_the_turn_unless_a_heart_is_drawn():
    s = Table(4).in_play(1, 66).top(CLUB).state(0)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 2 and v(s)["loc"][66] == LOC_DISCARD and v(s)["hand_n"][1] == 0
    s = Table(4).in_play(1, 66).top(HEART).state(0)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 1 and v(s)["hand_n"][1] == 2 and v(s)["fr_kind"][v(s)["fr_n"] - 1] == FR_PLAY


def test_kit_carlson_puts_the_card_he_chooses_back_on_top():
    s = Table(4, characters=[19, KIT_CARLSON, 22, 11]).top(44, 45, 46).state(0)
    s.apply_action(A_PASS)
    assert s.current_player() == 1 and s.legal_actions() == [A_CARD + 44, A_CARD + 45, A_CARD + 46]
    assert s.observation(A_CARD + 45, 0) != A_CARD + 45             # the others do not see which
    s.apply_action(A_CARD + 45)
    d = v(s)
    assert d["deck"][d["deck_n"] - 1] == 45 and d["loc"][44] == d["loc"][46] == LOC_HAND + 1
    assert s.information_set(0).to_dict()["view"]["deck"][d["deck_n"] - 1] == 255
    assert s.information_set(1).to_dict()["view"]["deck"][d["deck_n"] - 1] == 45


def test_don_bell_draws_for_an_extra_turn_on_red():
    s = Table(4, characters=[DON_BELL, 19, 22, 11]).top(HEART).state(0)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 0 and v(s)["turn_kind"] == 1
    s = Table(4, characters=[DON_BELL, 19, 22, 11]).top(CLUB).state(0)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 1


# ------------------------------------------------------------------------------------------------ brown cards (4.2)

def test_beer_has_no_effect_with_two_living_players():
    s = dead(Table(4, gold_rush=False), 2, 3).give(0, 37).set(life={0: 3}).state(0)
    s.apply_action(A_CARD + 37)
    assert v(s)["life"][0] == 3
    s = dead(Table(4, gold_rush=False), 3).give(0, 37).set(life={0: 3}).state(0)
    s.apply_action(A_CARD + 37)
    assert v(s)["life"][0] == 4


def test_selling_a_beer_gives_a_nugget_and_no_life():
    s = Table(4).give(0, 37).set(life={0: 3}).state(0)
    s.apply_action(A_CARD + 37)
    s.apply_action(A_MODE + MODE_BEER_SELL)
    assert v(s)["life"][0] == 3 and v(s)["nuggets"][0] == 1 and v(s)["loc"][37] == LOC_DISCARD


def test_gatling_asks_every_other_player_in_order_and_pays_per_hit():
    s = Table(4).give(0, 62).give(2, 25).state(0)
    s.apply_action(A_CARD + 62)
    order = []
    while s.current_player() != 0:
        order.append(s.current_player())
        s.apply_action(A_CARD + 25 if s.current_player() == 2 else A_PASS)
    assert order == [1, 2, 3] and v(s)["life"][:4] == [5, 3, 4, 3] and v(s)["nuggets"][0] == 2


def test_indians_each_discards_a_bang_or_loses_a_life_and_calumet_skips_a_diamond_indians():
    s = Table(4).give(0, 60).give(1, 2).equip(3, 14).state(0)
    s.apply_action(A_CARD + 60)
    assert s.current_player() == 1 and s.legal_actions() == [A_CARD + 2, A_PASS]
    s.apply_action(A_CARD + 2)
    assert s.current_player() == 2
    s.apply_action(A_PASS)
    assert s.current_player() == 0 and v(s)["life"][:4] == [5, 4, 3, 4]


def test_a_duel_alternates_until_one_stops_and_the_other_is_the_source():
    s = Table(4).give(0, 57).give(2, 2).state(0)
    bang(s, 57, 2)
    assert s.current_player() == 2
    s.apply_action(A_CARD + 2)
    assert s.current_player() == 0 and s.legal_actions() == [A_PASS]
    s.apply_action(A_PASS)
    assert v(s)["life"][0] == 4 and v(s)["nuggets"][2] == 1


def test_general_store_reveals_one_card_per_player_and_each_picks_in_turn():
    s = Table(4).give(0, 47).top(44, 45, 46, 43).state(0)
    s.apply_action(A_CARD + 47)
    d = v(s)
    assert d["fr_kind"][d["fr_n"] - 1] == FR_STORE and s.current_player() == 0 and d["transit_n"] == 4
    s.apply_action(A_CARD + 43)
    assert s.current_player() == 1
    s.apply_action(A_CARD + 46)
    s.apply_action(A_CARD + 45)                                     # seat 2; seat 3 takes the last without a choice
    d = v(s)
    assert [d["loc"][c] for c in (43, 46, 45, 44)] == [LOC_HAND + p for p in range(4)] and s.current_player() == 0
    assert s.information_set(2).to_dict()["view"]["loc"][46] == LOC_HAND + 1        # public


def test_panic_takes_a_named_blue_card_or_a_random_hand_card():
    s = bang(Table(4).give(0, 49).in_play(1, 63).give(1, 30).state(0), 49, 1)
    assert s.legal_actions() == [A_CARD + 63, A_HAND]
    s.apply_action(A_CARD + 63)
    assert v(s)["loc"][63] == LOC_HAND + 0
    s = bang(Table(4).give(0, 49).give(1, 30).state(0), 49, 1)
    s.apply_action(A_HAND)
    assert v(s)["loc"][30] == LOC_HAND + 0
    assert s.information_set(2).to_dict()["view"]["loc"][30] == 255          # a third seat does not see it


# ------------------------------------------------------------------------------------------------ life and death (7)

def test_bart_cassidy_draws_per_point_lost_but_not_for_the_last():
    chars = [19, BART_CASSIDY, 22, 11]
    s = bang(Table(4, characters=chars).give(0, 2).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert v(s)["hand_n"][1] == 1
    s = bang(Table(4, characters=chars).give(0, 2).set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert v(s)["hand_n"][1] == 0 and s.current_player() == 1 and v(s)["fr_kind"][v(s)["fr_n"] - 1] == FR_DYING


def test_el_gringo_takes_a_card_from_the_shooter():
    chars = [19, EL_GRINGO, 22, 11]
    s = bang(Table(4, characters=chars).give(0, 2, 44).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert v(s)["loc"][44] == LOC_HAND + 1 and v(s)["life"][1] == 2


def test_suzy_lafayette_draws_when_her_last_card_is_played():
    chars = [SUZY_LAFAYETTE, 19, 22, 11]
    s = Table(4, characters=chars).give(0, 44).top(30, 31, 32).state(0)
    s.apply_action(A_CARD + 44)                                     # Stagecoach: Suzy draws first, then 2
    assert v(s)["hand_n"][0] == 3 and all(v(s)["loc"][c] == LOC_HAND for c in (30, 31, 32))


def test_a_beer_in_the_dying_window_saves_and_giving_up_eliminates_with_the_outlaw_reward():
    s = Table(5, roles=[SHERIFF_R, OUTLAW_R, RENEGADE_R, OUTLAW_R, DEPUTY_R]).give(0, 2).give(1, 37)
    s = bang(s.set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert s.current_player() == 1 and s.legal_actions() == [A_CARD + 37, A_PASS]
    s.apply_action(A_CARD + 37)
    assert v(s)["life"][1] == 1 and s.current_player() == 0
    s = Table(5, roles=[SHERIFF_R, OUTLAW_R, RENEGADE_R, OUTLAW_R, DEPUTY_R]).give(0, 2).give(1, 37, 38)
    s = bang(s.set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)                                          # gives up
    d = v(s)
    assert d["status"][1] == ST_DEAD and d["revealed"][1] == 1 and d["hand_n"][0] == 3
    assert d["loc"][37] == d["loc"][38] == LOC_DISCARD and not s.is_terminal()


def test_the_sheriff_who_kills_a_deputy_discards_everything():
    t = Table(5, roles=[SHERIFF_R, DEPUTY_R, OUTLAW_R, OUTLAW_R, RENEGADE_R]).give(0, 2, 44).in_play(0, 63)
    s = bang(t.equip(0, 16).set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    d = v(s)
    assert d["hand_n"][0] == 0 and d["loc"][63] == LOC_DISCARD and d["loc"][44] == LOC_DISCARD
    assert d["eq_loc"][16] == 0 and d["nuggets"][0] == 1


def test_vulture_sam_takes_the_hand_and_blue_cards_of_the_eliminated():
    t = Table(5, roles=[SHERIFF_R, OUTLAW_R, RENEGADE_R, OUTLAW_R, DEPUTY_R], characters=[19, 22, VULTURE_SAM, 11, 21])
    s = bang(t.give(0, 2).give(1, 44).in_play(1, 63).equip(1, 16).set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    d = v(s)
    assert d["loc"][44] == d["loc"][63] == LOC_HAND + 2 and d["eq_loc"][16] == 0
    assert s.information_set(2).to_dict()["view"]["loc"][44] == LOC_HAND + 2
    assert s.information_set(3).to_dict()["view"]["loc"][44] == 255


def test_wanted_pays_its_killer_two_cards_and_a_nugget_on_top_of_the_outlaw_reward():
    t = Table(5, roles=[SHERIFF_R, OUTLAW_R, RENEGADE_R, OUTLAW_R, DEPUTY_R]).give(0, 2).equip(1, 21)
    s = bang(t.set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert v(s)["hand_n"][0] == 5 and v(s)["nuggets"][0] == 2               # D2


# ------------------------------------------------------------------------------------------------ victory (7.6)

def test_the_renegade_alone_against_the_sheriff_wins_alone():
    t = dead(Table(4, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R]), 2, 3).give(1, 2).set(life={0: 1})
    s = bang(t.state(1), 2, 0)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.is_terminal() and v(s)["winner"] == WIN_RENEGADE and s.returns() == [0, 1, 0, 0]


def test_the_sheriff_dying_with_others_alive_makes_the_outlaws_win_dead_or_alive():
    t = dead(Table(4, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R]), 3).give(1, 2).set(life={0: 1})
    s = bang(t.state(1), 2, 0)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert v(s)["winner"] == WIN_OUTLAWS and s.returns() == [0, 0, 1, 1]
    assert s.information_set(2).roles() == ["Sheriff", "Renegade", "Outlaw", "Outlaw"]


def test_the_sheriffs_side_wins_when_the_last_outlaw_and_the_renegade_are_out():
    t = dead(Table(5, roles=[SHERIFF_R, DEPUTY_R, OUTLAW_R, OUTLAW_R, RENEGADE_R]), 1, 2, 4).give(0, 2)
    s = bang(t.set(life={3: 1}).in_play(0, 74).state(0), 2, 3)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert v(s)["winner"] == WIN_SHERIFF and s.returns() == [1, 1, 0, 0, 0]


# ------------------------------------------------------------------------------------------------ Gold Rush (8)

def test_buying_pays_the_cost_refills_the_row_and_pretty_luzena_pays_one_less_once():
    s = Table(4).row(13, 0, 16).set(nuggets={0: 3}).state(0)
    s.apply_action(A_BUY + 0)
    d = v(s)
    assert d["nuggets"][0] == 0 and d["eq_loc"][13] == 16 + 0 and d["eq_row"][0] >= 0 and d["eq_row"][0] != 13
    s = Table(4, characters=[PRETTY_LUZENA, 19, 22, 11]).row(13, 0, 16).set(nuggets={0: 3}).state(0)
    s.apply_action(A_BUY + 0)
    assert v(s)["nuggets"][0] == 1 and A_BUY + 2 not in s.legal_actions()        # Gun Belt at full price 2


def test_forcing_a_discard_costs_one_more_and_sends_it_to_the_bottom_face_up():
    s = Table(4).equip(1, 17).set(nuggets={0: 3}).state(0)
    assert A_EQUIP + 17 in s.legal_actions()
    s.apply_action(A_EQUIP + 17)
    d = v(s)
    assert d["nuggets"][0] == 0 and d["eq_loc"][17] == 0 and d["eq_deck"][0] == 17 and d["eq_up"] == 1


def test_rum_heals_one_per_distinct_suit():
    s = Table(4).row(9).set(nuggets={0: 3}, life={0: 1}).top(HEART, 38, CLUB, SPADE_2).state(0)
    s.apply_action(A_BUY + 0)
    assert v(s)["life"][0] == 4


# ------------------------------------------------------------------------------------------------ ghosts (9)

def test_an_eliminated_player_comes_back_for_a_ghost_turn_and_leaves_with_nothing():
    t = Table(5, roles=[SHERIFF_R, OUTLAW_R, RENEGADE_R, OUTLAW_R, DEPUTY_R], ghosts=True).give(0, 2)
    s = bang(t.set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert v(s)["status"][1] == ST_GHOST
    s.apply_action(A_PASS)                                          # seat 0 ends: seat 1's ghost turn
    d = v(s)
    assert d["turn_player"] == 1 and d["status"][1] == ST_GHOST_ACTIVE and d["hand_n"][1] == 2 and d["life"][1] == 0
    s.apply_action(A_PASS)                                          # phase 3 discards his whole hand
    while v(s)["turn_player"] == 1:
        s.apply_action(s.legal_actions()[0])
    d = v(s)
    assert d["status"][1] == ST_GHOST and d["hand_n"][1] == 0 and d["turn_player"] == 2


def test_the_dark_renegade_joins_the_side_with_more_revealed_roles():
    t = Table(5, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R, DEPUTY_R], ghosts=True).give(0, 2)
    s = bang(t.set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 1 and v(s)["dark_side"] == SIDE_DEPUTY         # 1 (Sheriff) to 0


def test_gold_pan_and_raddie_snake_park_a_nugget_per_card_twice_a_turn():
    from deadeye.core.bang.data import A_GOLD_PAN, A_RADDIE, RADDIE_SNAKE
    s = Table(4, characters=[RADDIE_SNAKE, 19, 22, 11]).equip(0, 15).set(nuggets={0: 5}).state(0)
    for a in (A_GOLD_PAN, A_GOLD_PAN, A_RADDIE, A_RADDIE):
        s.apply_action(a)
    d = v(s)
    assert d["hand_n"][0] == 4 and d["nuggets"][0] == 1 and d["parked"] == 4
    assert A_GOLD_PAN not in s.legal_actions() and A_RADDIE not in s.legal_actions()
    s.apply_action(A_PASS)
    assert v(s)["parked"] == 0 and v(s)["nuggets_out"] == 4


# ------------------------------------------------------------------------------------------------ more characters

from deadeye.core.bang.data import (A_DISCARD_TOP, A_JACKY, A_JOSH, A_SID, BLACK_JACK, DUTCH_WILL, JACKY_MURIETA,  # noqa: E402
                                    JESSE_JONES, JOSH_MCCLOUD, LUCKY_DUKE, MADAM_YTO, PAUL_REGRET, PEDRO_RAMIREZ,
                                    ROSE_DOOLAN, SID_KETCHUM, SIMEON_PICOS, FR_DRAWCHOICE, MODE_BOTTLE_BANG,
                                    MODE_PARDNER_STORE, ST_DEPARTED)


def test_paul_regret_is_farther_and_rose_doolan_sees_closer():
    s = Table(5, characters=[19, PAUL_REGRET, ROSE_DOOLAN, 11, 21]).state(0)
    assert s.distance(0, 1) == 2 and s.distance(2, 4) == 1 and s.distance(2, 0) == 1 and s.distance(2, 1) == 1


def test_black_jack_shows_his_second_card_and_draws_again_on_red():
    s = Table(4, characters=[19, BLACK_JACK, 22, 11]).top(30, HEART, 31).state(0)
    s.apply_action(A_PASS)
    d = v(s)
    assert d["hand_n"][1] == 3 and s.information_set(2).to_dict()["view"]["loc"][HEART] == LOC_HAND + 1
    assert s.information_set(2).to_dict()["view"]["loc"][30] == 255


def test_jesse_jones_takes_his_first_card_from_a_hand():
    s = Table(4, characters=[19, JESSE_JONES, 22, 11]).give(2, 44).top(30).state(0)
    s.apply_action(A_PASS)
    assert s.current_player() == 1 and s.legal_actions() == [A_SEAT + 2, A_PASS]
    s.apply_action(A_SEAT + 2)
    assert v(s)["loc"][44] == LOC_HAND + 1 and v(s)["loc"][30] == LOC_HAND + 1 and v(s)["hand_n"][2] == 0


def test_pedro_ramirez_takes_the_discard_piles_top_card():
    s = Table(4, characters=[19, PEDRO_RAMIREZ, 22, 11]).give(0, 43).top(30).state(0)
    s.apply_action(A_CARD + 43)                                     # Saloon: onto the pile
    s.apply_action(A_PASS)
    assert s.legal_actions() == [A_PASS, A_DISCARD_TOP]
    s.apply_action(A_DISCARD_TOP)
    assert v(s)["loc"][43] == LOC_HAND + 1 and v(s)["loc"][30] == LOC_HAND + 1


def test_dutch_will_discards_one_of_two_and_takes_a_nugget():
    s = Table(4, characters=[19, DUTCH_WILL, 22, 11]).top(30, 31).state(0)
    s.apply_action(A_PASS)
    assert s.legal_actions() == [A_CARD + 30, A_CARD + 31]
    s.apply_action(A_CARD + 31)
    assert v(s)["loc"][31] == LOC_DISCARD and v(s)["loc"][30] == LOC_HAND + 1 and v(s)["nuggets"][1] == 1


def test_lucky_duke_flips_two_and_chooses_the_result():
    s = bang(Table(4, characters=[19, LUCKY_DUKE, 22, 11]).give(0, 2).in_play(1, 63).top(CLUB, HEART).state(0), 2, 1)
    s.apply_action(A_BARREL)
    d = v(s)
    assert d["fr_kind"][d["fr_n"] - 1] == FR_DRAWCHOICE and s.legal_actions() == [A_CARD + CLUB, A_CARD + HEART]
    s.apply_action(A_CARD + HEART)
    assert s.current_player() == 0 and v(s)["life"][1] == 4
    assert v(s)["loc"][CLUB] == v(s)["loc"][HEART] == LOC_DISCARD


def test_sid_ketchum_discards_two_cards_for_a_life_also_when_dying():
    s = Table(4, characters=[SID_KETCHUM, 19, 22, 11]).give(0, 44, 45, 46).set(life={0: 3}).state(0)
    s.apply_action(A_SID)
    s.apply_action(A_CARD + 46)
    s.apply_action(A_CARD + 44)
    d = v(s)
    assert d["life"][0] == 4 and d["discard"][:2] == [46, 44] and d["hand_n"][0] == 1
    s = bang(Table(4, characters=[19, SID_KETCHUM, 22, 11]).give(0, 2).give(1, 44, 45).set(life={1: 1}).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert A_SID in s.legal_actions()
    s.apply_action(A_SID)
    s.apply_action(A_CARD + 44)
    s.apply_action(A_CARD + 45)
    assert v(s)["life"][1] == 1 and s.current_player() == 0


def test_simeon_picos_and_lucky_charm_take_nuggets_and_boots_draw_per_point_lost():
    s = bang(Table(4, characters=[19, SIMEON_PICOS, 22, 11]).give(0, 2).equip(1, 18, 13).state(0), 2, 1)
    s.apply_action(A_PASS)
    d = v(s)
    assert d["nuggets"][1] == 2 and d["hand_n"][1] == 1 and d["nuggets"][0] == 1


def test_madam_yto_draws_when_anyone_plays_a_beer():
    s = Table(4, characters=[19, 22, MADAM_YTO, 11], gold_rush=False).give(0, 37).state(0)
    s.apply_action(A_CARD + 37)
    assert v(s)["hand_n"][2] == 1


def test_jacky_murieta_pays_two_for_a_shot_and_josh_mccloud_two_for_the_top_equipment():
    s = Table(4, characters=[JACKY_MURIETA, 19, 22, 11]).set(nuggets={0: 2}).state(0)
    s.apply_action(A_JACKY)
    s.apply_action(A_SEAT + 1)
    s.apply_action(A_PASS)
    assert v(s)["life"][1] == 3 and v(s)["nuggets"][0] == 1 and v(s)["bangs"] == 0
    s = Table(4, characters=[JOSH_MCCLOUD, 19, 22, 11]).set(nuggets={0: 2}).state(0)
    d = v(s)
    top = d["eq_deck"][d["eq_n"] - 1]
    s.apply_action(A_JOSH)
    assert v(s)["nuggets"][0] == 0 and v(s)["eq_n"] == d["eq_n"] - (0 if top < 13 else 1)


# ------------------------------------------------------------------------------------------------ more cards

def test_cat_balou_discards_a_random_hand_card_face_up():
    s = bang(Table(4).give(0, 53).give(2, 44).state(0), 53, 2)
    s.apply_action(A_HAND)
    assert v(s)["loc"][44] == LOC_DISCARD and s.information_set(3).to_dict()["view"]["loc"][44] == LOC_DISCARD


def test_jail_never_goes_on_the_sheriff_and_a_second_jail_is_refused():
    s = Table(4).give(1, 66).in_play(3, 67).state(1)
    s.apply_action(A_CARD + 66)
    assert s.legal_actions() == [A_SEAT + 2]
    s.apply_action(A_SEAT + 2)
    assert v(s)["loc"][66] == LOC_PLAY + 2


def test_a_new_weapon_replaces_the_old_one_and_the_same_name_is_refused():
    s = Table(4).give(0, 77, 75).in_play(0, 74).state(0)
    assert A_CARD + 75 not in s.legal_actions() and A_CARD + 77 in s.legal_actions()
    s.apply_action(A_CARD + 77)
    assert v(s)["loc"][74] == LOC_DISCARD and s.reach(0) == 3


def test_saloon_heals_everybody_and_wells_fargo_draws_three():
    s = Table(4).give(0, 43, 46).set(life={0: 3, 2: 2}).state(0)
    s.apply_action(A_CARD + 43)
    assert v(s)["life"][:4] == [4, 4, 3, 4]
    s.apply_action(A_CARD + 46)
    assert v(s)["hand_n"][0] == 3


def test_calumet_stops_a_diamond_bang_from_another_player():
    s = bang(Table(4).give(0, 4).equip(1, 14).state(0), 4, 1)       # BANG! 2♦
    assert s.current_player() == 0 and v(s)["life"][1] == 4 and v(s)["loc"][4] == LOC_DISCARD


# ------------------------------------------------------------------------------------------------ more equipment

def test_bottle_as_bang_and_pardner_as_general_store():
    s = Table(4).row(3).set(nuggets={0: 2}).state(0)
    s.apply_action(A_BUY + 0)
    s.apply_action(A_MODE + MODE_BOTTLE_BANG)
    s.apply_action(A_SEAT + 1)
    s.apply_action(A_PASS)
    assert v(s)["life"][1] == 3 and v(s)["bangs"] == 0 and v(s)["nuggets"][0] == 1
    s = Table(4).row(6).set(nuggets={0: 2}).top(30, 31, 32, 33).state(0)
    s.apply_action(A_BUY + 0)
    s.apply_action(A_MODE + MODE_PARDNER_STORE)
    assert s.current_player() == 0 and v(s)["transit_n"] == 4


def test_shot_heals_a_chosen_living_player_and_wanted_goes_on_a_chosen_one():
    s = Table(4).row(0, 21).set(nuggets={0: 3}, life={2: 2}).state(0)
    s.apply_action(A_BUY + 0)
    s.apply_action(A_SEAT + 2)
    assert v(s)["life"][2] == 3
    s.apply_action(A_BUY + 1)
    s.apply_action(A_SEAT + 3)
    assert v(s)["eq_loc"][21] == 16 + 3 and v(s)["nuggets"][0] == 0


def test_the_gold_rush_card_ends_the_turn_heals_fully_and_gives_another_turn():
    s = Table(4).row(12).set(nuggets={0: 5}, life={0: 2}).state(0)
    s.apply_action(A_BUY + 0)
    d = v(s)
    assert d["life"][0] == 5 and d["turn_player"] == 0 and d["turn_kind"] == 1 and d["nuggets"][0] == 0


def test_gun_belt_raises_the_hand_limit_to_eight():
    s = Table(4).give(0, *range(44, 51)).equip(0, 16).set(life={0: 2}).state(0)
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 1 and v(s)["hand_n"][0] == 7
    s = Table(4).give(0, *range(44, 51)).set(life={0: 2}).state(0)
    s.apply_action(A_PASS)
    assert s.current_player() == 0 and v(s)["turn_player"] == 0        # phase 3: discard down to 2


# ------------------------------------------------------------------------------------------------ more ghosts

def test_ghosts_leave_for_good_when_only_the_sheriff_and_the_renegade_are_living():
    t = Table(4, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R], ghosts=True).give(0, 2)
    t.set(status={3: ST_GHOST}, life={3: 0}, revealed={3: 1}, **{})
    s = bang(t.set(life={1: 4, 2: 1}).in_play(0, 74).state(0), 2, 2)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    d = v(s)
    assert d["status"][2] == ST_DEPARTED and d["status"][3] == ST_DEPARTED and not s.is_terminal()
    s.apply_action(A_PASS)
    assert v(s)["turn_player"] == 1


def final_blow(table: Table, shooter: int, target: int):
    """``shooter`` plays BANG! K♥ on ``target`` (at life 1), who takes the hit and ends his dying window: the game
    ends.  Returns the final state, the public events of the blow and seat 2's information set from before it."""
    s = table.give(shooter, 2).set(life={target: 1}).state(shooter)
    before, events = s.information_set(2), []
    for a in (A_CARD + 2, A_SEAT + target, A_PASS, A_PASS):
        s.apply_action(a)
        events += s.events()
    assert s.is_terminal()
    return s, events, before


def test_the_final_blow_leaves_no_ghost_when_the_sheriff_falls():
    """7.4: the victory check (step 3) stops the procedure when the game is over, before p becomes a ghost (step 6);
    the Sheriff is never a ghost.  (Issue 27 item 9: the eliminated Sheriff was a ghost in the final state, in its
    dict, every seat's view and the end table.)"""
    from deadeye.core.bang.text import round_table
    t = Table(4, roles=[OUTLAW_R, SHERIFF_R, RENEGADE_R, OUTLAW_R], ghosts=True)
    s, events, before = final_blow(t, 0, 1)
    assert v(s)["winner"] == WIN_OUTLAWS and s.returns() == [1.0, 0.0, 0.0, 1.0]
    assert v(s)["status"][:4] == [0, ST_DEAD, 0, 0] and v(s)["life"][:4] == [4, 0, 4, 4]
    for p in range(4):
        info = s.information_set(p)
        assert info.to_dict()["view"]["status"][:4] == [0, ST_DEAD, 0, 0]
        assert "Josh McCloud, Sheriff (eliminated), life 0/5, 0 nuggets" in info.describe()
    assert round_table(before, events, s.information_set(2)) == [
        "game over: the Outlaws win",
        "  seat  character        role      side                fate",
        "  0     Jacky Murieta    Outlaw    the Outlaws         alive",
        "  1     Josh McCloud     Sheriff   the Sheriff's side  dead (eliminated by seat 0)",
        "  2     Raddie Snake     Renegade  the Renegade        alive",
        "  3     Sid Ketchum      Outlaw    the Outlaws         alive"]


def test_the_final_blow_leaves_no_ghost_when_the_last_outlaw_falls():
    """The last rival of the Sheriff eliminated: the Sheriff's side wins and the last Outlaw stays dead; the ghosts
    of earlier eliminations stay ghosts."""
    from deadeye.core.bang.text import round_table
    t = Table(4, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R], ghosts=True)
    t.set(status={1: ST_GHOST, 2: ST_GHOST}, life={1: 0, 2: 0}, revealed={1: 1, 2: 1})
    s, events, before = final_blow(t, 0, 3)
    assert v(s)["winner"] == WIN_SHERIFF and s.returns() == [1.0, 0.0, 0.0, 0.0]
    assert v(s)["status"][:4] == [0, ST_GHOST, ST_GHOST, ST_DEAD]
    for p in range(4):
        assert s.information_set(p).to_dict()["view"]["status"][:4] == [0, ST_GHOST, ST_GHOST, ST_DEAD]
    assert round_table(before, events, s.information_set(2)) == [
        "game over: the Sheriff's side wins",
        "  seat  character        role      side                fate",
        "  0     Jacky Murieta    Sheriff   the Sheriff's side  alive",
        "  1     Josh McCloud     Renegade  the Renegade        ghost",
        "  2     Raddie Snake     Outlaw    the Outlaws         ghost",
        "  3     Sid Ketchum      Outlaw    the Outlaws         dead (eliminated by seat 0)"]


def test_an_elimination_that_does_not_end_the_game_still_makes_a_ghost():
    t = Table(4, roles=[SHERIFF_R, RENEGADE_R, OUTLAW_R, OUTLAW_R], ghosts=True).give(0, 2)
    s = bang(t.set(life={3: 1}).state(0), 2, 3)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert not s.is_terminal() and v(s)["status"][:4] == [0, 0, 0, ST_GHOST]


def test_volcanic_lifts_the_bang_limit():
    s = bang(Table(4).give(0, 2, 3).in_play(0, 72).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert A_CARD + 3 in s.legal_actions()


def test_pickaxe_draws_one_more_and_union_pacific_draws_four():
    s = Table(4).equip(1, 19).state(0)
    s.apply_action(A_PASS)
    assert v(s)["hand_n"][1] == 3
    s = Table(4).row(11).set(nuggets={0: 4}).state(0)
    s.apply_action(A_BUY + 0)
    assert v(s)["hand_n"][0] == 4 and v(s)["nuggets"][0] == 0


def test_horseshoe_flips_one_more_for_a_draw_and_rucksack_saves_a_dying_player():
    from deadeye.core.bang.data import A_RUCKSACK
    s = bang(Table(4).give(0, 2).in_play(1, 63).equip(1, 17).top(CLUB, HEART).state(0), 2, 1)
    s.apply_action(A_BARREL)
    assert s.legal_actions() == [A_CARD + CLUB, A_CARD + HEART]
    s = bang(Table(4).give(0, 2).equip(1, 20).set(life={1: 1}, nuggets={1: 2}).state(0), 2, 1)
    s.apply_action(A_PASS)
    assert A_RUCKSACK in s.legal_actions()
    s.apply_action(A_RUCKSACK)
    assert v(s)["life"][1] == 1 and v(s)["nuggets"][1] == 0 and s.current_player() == 0


@pytest.mark.parametrize("card", [14, 37])          # BANG! Q♦ waits for its target, Beer (Gold Rush) for its use
def test_a_card_played_and_waiting_stays_in_the_players_hand_in_every_sample(card):
    """The card named by a pending play is public: a sample that put it elsewhere made the engine take it from a
    hand it is not in (an out-of-bounds write the sanitizer build found through the contract suite's twins)."""
    s = Table(4).give(0, card).state(0)
    s.apply_action(A_CARD + card)
    assert s.current_player() == 0
    for seat in (1, 2, 3):
        info = s.information_set(seat)
        for k in range(40):
            sample = info.sample(k)
            assert sample.to_dict()["state"]["loc"][card] == LOC_HAND + 0
            sample.apply_action(sample.legal_actions()[0])
            assert sample.to_dict()["state"]["hand_n"][0] < 100
