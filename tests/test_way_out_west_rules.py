"""Way Out West, one rule at a time: a concrete position and its exact outcome (rules ../shared/rules/way-out-west.md,
cited by section).  Dice are fixed through the generator (tests/support/wow_position.py)."""
import pytest

from deadeye.core import IllegalActionError, new_game
from deadeye.core.way_out_west.data import *
from support.wow_position import Board, seed_for

SA, KC, AB, DC, DW = range(5)          # the towns


def cattle(t, k):
    return A_BUY_CATTLE + t * 2 + k - 1


def move_cowboys(o, d, m):
    return A_MOVE_COWBOYS + (o * 5 + d) * 9 + m - 1


def move_cattle(o, d, m):
    return A_MOVE_CATTLE + (o * 5 + d) * 2 + m - 1


def build(kind, t):
    return A_BUILD + kind * 5 + t


def gunfight(t, target):
    return A_GUNFIGHT + t * N_TARGETS + target


def rustle(q, k):
    return TARGET_CATTLE + q * 2 + k - 1


def retreat(*towns):
    return A_RETREAT + sum(1 << t for t in towns)


# ---------------------------------------------------------------------- setup (2)

@pytest.mark.parametrize("players, money, boxes", [
    (2, 25, [2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2]), (3, 20, [3, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 2]),
    (4, 20, [3, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1, 3]), (5, 25, [3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 4])])
def test_setup_money_pieces_and_boxes_by_player_count(players, money, boxes):
    v = new_game("way-out-west", players=players, seed=5).to_dict()["state"]
    assert v["money"][:players] == [money] * players and v["treasury"] == 0
    assert v["cowboy_supply"][:players] == [9] * players and v["cattle_supply"][:players] == [9] * players
    assert v["bt_supply"][:players] == [[3] * 6] * players and v["wanted_pool"] == 13
    assert v["boxes_left"] == boxes and sum(boxes) == {2: 16, 3: 19, 4: 21, 5: 23}[players]


def test_first_player_roll_rerolls_only_the_tied_then_order_follows_the_seats():
    seed = seed_for([6, 6, 2, 3, 5])          # seats 0 and 1 tie on 6, reroll 3 and 5: seat 1
    state = new_game("way-out-west", players=3, seed=seed)
    v = state.to_dict()["state"]
    assert v["first_player"] == 1 and v["order"][:3] == [1, 2, 0]
    assert state.describe_events() == ["seat 1 wins the first-player roll after 2 rolls"]


def test_three_sweeps_of_starting_cowboys_in_turn_order_then_the_auction():
    state = new_game("way-out-west", players=3, seed=1, first_player=2)
    seen = []
    for i in range(9):
        seen.append(state.current_player())
        assert state.legal_actions() == list(range(A_PLACE, A_PLACE + 5))
        state.apply_action(A_PLACE + i % 5)
    assert seen == [2, 0, 1] * 3
    v = state.to_dict()["state"]
    assert [sum(v["cowboys"][t][p] for t in range(5)) for p in range(3)] == [3, 3, 3]
    assert v["money"][:3] == [20, 20, 20]                       # free
    assert state.phase == "auction" and state.current_player() == 2


# ---------------------------------------------------------------------- the auction (3.1)

def auction(players=3, money=None):
    b = Board(players, order=[1, 2, 0][:players] if players == 3 else None)
    b.set(phase=PH_AUCTION, in_auction=[1] * players + [0] * (5 - players), bidder=0)
    b.set(new_order=[EMPTY] * players + [0] * (5 - players))
    b.v["current"] = b.v["order"][0]
    for p, m in (money or {}).items():
        b.money(p, m)
    return b.state()


def test_raises_drop_outs_payments_and_the_new_track():
    state = auction()                                    # previous order 1, 2, 0
    assert state.current_player() == 1
    state.apply_action(A_RAISE + 2)                      # seat 1: $3
    assert state.action_label(A_RAISE) == "raise to $4" and state.current_player() == 2
    state.apply_action(A_DROP)                           # seat 2 pays $0, space 3
    assert state.describe_events() == ["seat 2 drops out, pays $0 and takes space 3"]
    state.apply_action(A_RAISE + 1)                      # seat 0: $5
    state.apply_action(A_DROP)                           # seat 1 pays its $3, space 2; seat 0 wins and pays $5
    assert state.describe_events() == ["seat 1 drops out, pays $3 and takes space 2",
                                       "seat 0 wins the auction, pays $5 and takes space 1"]
    v = state.to_dict()["state"]
    assert v["order"][:3] == [0, 1, 2] and v["money"][:3] == [15, 17, 20] and v["treasury"] == 8
    assert state.phase == "action" and state.current_player() == 0


def test_a_player_with_no_more_than_the_high_bid_can_only_drop_out():
    state = auction(money={2: 3})
    state.apply_action(A_RAISE + 2)                      # seat 1 bids $3; seat 2 has $3
    assert state.legal_actions() == [A_DROP]


def test_all_drop_out_the_last_in_bidding_order_takes_space_1_for_nothing():
    state = auction()
    state.apply_action(A_DROP)
    state.apply_action(A_DROP)
    v = state.to_dict()["state"]
    assert v["order"][:3] == [0, 2, 1] and v["money"][:3] == [20, 20, 20]


def test_bids_above_sixteen_are_built_in_steps_and_every_bid_is_reachable():
    state = auction(money={1: 40})
    assert A_RAISE_MORE in state.legal_actions()
    state.apply_action(A_RAISE_MORE)                     # H + 16 so far, same player
    assert state.current_player() == 1 and A_DROP not in state.legal_actions()
    state.apply_action(A_RAISE_MORE)                     # + 32
    assert state.legal_actions() == [A_RAISE + k for k in range(8)]   # $33 .. $40
    state.apply_action(A_RAISE + 6)
    assert state.to_dict()["state"]["bid"][1] == 39 and state.current_player() == 2
    # every bid H < b <= money is reached by exactly one sequence
    for money in (1, 16, 17, 40):
        start = auction(money={1: money})
        reached = []
        stack = [(start, 0)]
        while stack:
            s, _ = stack.pop()
            for a in s.legal_actions():
                if a == A_DROP:
                    continue
                t = s.clone()
                t.apply_action(a)
                if t.current_player() == 1:
                    stack.append((t, 0))
                else:
                    reached.append(t.to_dict()["state"]["bid"][1])
        assert sorted(reached) == list(range(1, money + 1))


# ---------------------------------------------------------------------- the action phase (3.2)

def test_two_passes_in_turn_order_then_a_new_auction_with_fresh_boxes():
    state = Board(3, order=[2, 0, 1]).state()
    seen = []
    for i in range(6):
        seen.append(state.current_player())
        if i == 3:
            assert A_BUY_COWBOYS + SA not in state.legal_actions()      # the three boxes are taken
        state.apply_action(A_BUY_COWBOYS + SA if i < 3 else A_SKIP)
    assert seen == [2, 0, 1, 2, 0, 1]
    v = state.to_dict()["state"]
    assert state.phase == "auction" and v["round"] == 2 and v["boxes_left"][BOX_COWBOYS] == 3
    assert state.current_player() == 2                   # the previous order's space 1 bids first


def test_an_illegal_action_is_refused_and_changes_nothing():
    state = Board(3).state()
    before = state.clone()
    with pytest.raises(IllegalActionError):
        state.apply_action(cattle(SA, 1))                # no cowboy in San Antonia
    assert state == before


# ---------------------------------------------------------------------- the actions (4)

def test_buy_cattle_needs_a_cowboy_corrals_and_the_chain():
    b = Board(3).cowboys(SA, 0, 1).cowboys(KC, 0, 1).cattle(SA, 1, 3)
    state = b.state()
    legal = state.legal_actions()
    assert cattle(SA, 1) in legal and cattle(SA, 2) not in legal     # one corral left of 4
    assert cattle(KC, 2) in legal                                    # San Antonia holds cattle
    assert cattle(AB, 1) not in legal                                # no cowboy there
    state.apply_action(cattle(KC, 2))
    v = state.to_dict()["state"]
    assert v["cattle"][KC][0] == 2 and v["cattle_supply"][0] == 7 and v["money"][0] == 18 and v["treasury"] == 2
    chainless = Board(3).cowboys(KC, 0, 1).state()
    assert cattle(KC, 1) not in chainless.legal_actions()            # town 1 is empty


def test_buy_cowboys_pays_each_stagecoach_of_an_arrival_town():
    b = Board(3).build(AB, STAGECOACH, 1)
    state = b.state()
    state.apply_action(A_BUY_COWBOYS + N_TOWNS + 6)      # pair index 6 = (Kansas City, Abilene)
    assert state.action_label(A_BUY_COWBOYS + N_TOWNS + 6) == "buy 2 cowboys for Kansas City and Abilene"
    v = state.to_dict()["state"]
    assert v["cowboys"][KC][0] == 1 and v["cowboys"][AB][0] == 1 and v["money"][0] == 18 and v["money"][1] == 21
    assert state.describe_events() == ["seat 1's Stagecoach in Abilene pays $1"]


def test_move_cowboys_pays_the_origin_stagecoach_only():
    b = Board(3).cowboys(SA, 0, 4).build(SA, STAGECOACH, 0).build(DW, STAGECOACH, 2)
    state = b.state()
    state.apply_action(move_cowboys(SA, DW, 3))
    v = state.to_dict()["state"]
    assert v["cowboys"][SA][0] == 1 and v["cowboys"][DW][0] == 3
    assert v["money"][0] == 23 and v["money"][2] == 20             # own Stagecoach pays $3; arrival pays nothing


def test_move_cattle_checks_the_chain_after_the_cattle_left():
    b = Board(3).cattle(SA, 0, 2).cowboys(KC, 0, 1)
    state = b.state()
    assert move_cattle(SA, KC, 1) in state.legal_actions()
    assert move_cattle(SA, KC, 2) not in state.legal_actions()    # it would empty San Antonia
    state.apply_action(move_cattle(SA, KC, 1))
    v = state.to_dict()["state"]
    assert v["cattle"][SA][0] == 1 and v["cattle"][KC][0] == 1


def test_build_limits_one_per_type_two_per_player_and_the_spaces():
    b = Board(3).build(SA, BANK, 1).build(SA, STORE, 0).build(SA, HOTEL, 0)
    state = b.state()
    legal = state.legal_actions()
    assert build(BANK, KC) in legal and build(JAIL, SA) not in legal          # full, and two of his own
    b2 = Board(3).build(KC, BANK, 1).build(KC, STORE, 0)
    legal = b2.state().legal_actions()
    assert build(JAIL, KC) in legal and build(BANK, KC) not in legal          # one Bank per town
    poor = Board(3).money(0, 9).state()
    assert build(TRAIN, SA) not in poor.legal_actions() and build(STORE, SA) in poor.legal_actions()
    state = Board(3).state()
    state.apply_action(build(TRAIN, DC))
    v = state.to_dict()["state"]
    assert v["building"][DC][TRAIN] == 0 and v["money"][0] == 0 and v["bt_supply"][0][TRAIN] == 2


def test_place_farmer_once_per_player_one_per_town():
    b = Board(3).farmer(AB, 1)
    state = b.state()
    legal = state.legal_actions()
    assert A_FARMER + AB not in legal and A_FARMER + SA in legal
    state.apply_action(A_FARMER + SA)
    v = state.to_dict()["state"]
    assert v["farmer_at"][:] == [1, 0, 1, 0, 0] and v["farmer_placed"][0] == 1


# ---------------------------------------------------------------------- income (5)

def test_income_of_cattle_with_farmers_and_trains():
    b = Board(3).cattle(SA, 0, 1).cattle(KC, 0, 1).cattle(AB, 0, 1).cattle(DC, 0, 1)
    b.farmer(KC, 1).build(AB, TRAIN, 2).build(DC, TRAIN, 1).farmer(DC, 2)
    assert b.state().income()[0] == 2 + 1 + 4 + 2


def test_income_of_bank_store_and_hotel():
    b = Board(3).build(DW, BANK, 0).build(DW, STORE, 1).build(DW, HOTEL, 2).build(DW, JAIL, 0)
    b.cattle(DW, 0, 3).cattle(DW, 1, 2).cowboys(DW, 0, 2).cowboys(DW, 2, 5).cowboys(DW, 1, 1).farmer(DW, 0)
    inc = b.state().income()
    assert inc[0] == 2 * 4 + 3 * 1                 # Bank: $2 x 4 counters; its 3 cattle with a farmer
    assert inc[1] == 3 + 2 + 2 * 1                 # Store: 3 others' cattle + $2 for the farmer; 2 own cattle
    assert inc[2] == 3                             # Hotel: 3 others' cowboys


def test_income_is_paid_after_round_three_from_the_treasury():
    b = Board(2).cattle(SA, 1, 2).set(round=3, pass_no=1, turn=1)
    b.v["current"] = b.v["order"][1]
    state = b.state()
    state.apply_action(A_SKIP)
    v = state.to_dict()["state"]
    assert v["money"][:2] == [25, 29] and v["treasury"] == -4 and v["round"] == 4
    assert "income after round 3: seat 1 earns $4" in state.describe_events()


# ---------------------------------------------------------------------- gunfights (6)

def test_defense_fires_first_then_the_attack_wins_and_captures():
    b = Board(3).cowboys(AB, 0, 2).build(AB, STORE, 1).cowboys(AB, 1, 1)
    state = b.state(dice=[2, 5, 1])
    state.apply_action(gunfight(AB, STORE))
    assert state.phase == "gunfight" and state.current_player() == 1      # 1 < 2: the defense's moment
    assert state.legal_actions() == [A_FIRE] + [retreat(t) for t in (SA, KC, DC, DW)]
    state.apply_action(A_FIRE)                                            # a 2: no hit
    assert state.current_player() == 0
    state.apply_action(A_FIRE)                                            # 5 and 1: one hit
    v = state.to_dict()["state"]
    assert v["building"][AB][STORE] == 0 and v["bt_supply"][0][STORE] == 2 and v["bt_supply"][1][STORE] == 3
    assert v["cowboys"][AB][1] == 0 and v["cowboy_supply"][1] == 9 and v["wanted"][:3] == [1, 0, 0]
    assert state.describe_events() == ["the attack rolls 2 dice: 1 hit", "the attack wins the gunfight (seat 0)",
                                       "seat 0 captures seat 1's Store", "seat 0 takes a wanted token from the pool"]
    assert state.phase == "action" and state.current_player() == 1


def test_attack_fires_first_into_a_guard_and_loses():
    b = Board(3).cowboys(DC, 0, 1).build(DC, BANK, 1).cowboys(DC, 1, 1)
    state = b.state(dice=[3, 6, 1])
    state.apply_action(gunfight(DC, BANK))             # 1 against 1 + guard: the attack fires first
    assert state.current_player() == 0
    state.apply_action(A_FIRE)                         # a 3
    assert state.current_player() == 1
    state.apply_action(A_FIRE)                         # 6 and 1: the attacker's cowboy dies
    v = state.to_dict()["state"]
    assert v["cowboys"][DC][0] == 0 and v["cowboy_supply"][0] == 9 and v["building"][DC][BANK] == 1
    assert v["wanted"][:3] == [0, 1, 0] and v["money"][:3] == [20, 20, 20]


def test_simultaneous_fire_that_wipes_out_both_sides_has_no_winner():
    b = Board(3).cowboys(SA, 0, 1).cattle(SA, 1, 1).cowboys(SA, 1, 1)
    state = b.state(dice=[5, 6])
    state.apply_action(gunfight(SA, rustle(1, 1)))
    assert state.current_player() == 0                 # the attacker says first
    state.apply_action(A_FIRE)
    assert state.current_player() == 1
    state.apply_action(A_FIRE)                         # one throw: 5 for the attack, 6 for the defense
    v = state.to_dict()["state"]
    assert v["cowboys"][SA][:2] == [0, 0] and v["cattle"][SA][1] == 1 and v["wanted_pool"] == 13
    assert "both sides are wiped out: no winner" in state.describe_events()


def test_a_retreat_sends_each_cowboy_to_a_different_town_and_loses():
    b = Board(3).cowboys(AB, 0, 3).build(AB, TRAIN, 1).cowboys(AB, 1, 3)
    state = b.state()
    state.apply_action(gunfight(AB, TRAIN))            # 3 against 3 + guard: the attack's moment
    assert retreat(SA, KC) not in state.legal_actions() and retreat(SA, AB, KC) not in state.legal_actions()
    state.apply_action(retreat(SA, KC, DW))
    v = state.to_dict()["state"]
    assert [v["cowboys"][t][0] for t in range(5)] == [1, 1, 0, 0, 1]
    assert v["building"][AB][TRAIN] == 1 and v["wanted"][:3] == [0, 1, 0] and v["money"][:3] == [20, 20, 20]


def test_five_cowboys_cannot_retreat_and_fire_without_asking():
    b = Board(3).cowboys(AB, 0, 5).cattle(AB, 1, 1)
    state = b.state(dice=[1, 5, 1, 1, 1, 1])
    state.apply_action(gunfight(AB, rustle(1, 1)))     # a default defender (1) fires first, then the attack
    v = state.to_dict()["state"]
    assert state.phase == "action" and v["cowboys"][AB][0] == 5 and v["cattle"][AB][:2] == [1, 0]
    assert state.describe_events()[:4] == ["a default defender joins the defense", "the defense rolls 1 dice: 0 hits",
                                           "the attack rolls 5 dice: 1 hit", "the attack wins the gunfight (seat 0)"]
    b = Board(3).cowboys(AB, 0, 5).cattle(AB, 1, 1)
    state = b.state(dice=[6])
    state.apply_action(gunfight(AB, rustle(1, 1)))     # hit: four cowboys left, who may retreat
    assert state.phase == "gunfight" and state.current_player() == 0 and retreat(SA, KC, DC, DW) in state.legal_actions()


def test_a_third_players_sheriff_joins_the_defense_instead_of_the_default_defender():
    b = Board(3).cowboys(KC, 0, 2).build(KC, HOTEL, 1).build(KC, JAIL, 2)
    state = b.state(dice=[1, 6, 6])
    state.apply_action(gunfight(KC, HOTEL))
    assert state.phase == "sheriff" and state.current_player() == 2
    state.apply_action(A_SHERIFF_IN)                   # the defense: the sheriff alone; it fires first, a 1
    assert state.current_player() == 0
    state.apply_action(A_FIRE)                         # 6, 6: the sheriff falls, the Hotel is captured
    v = state.to_dict()["state"]
    assert v["building"][KC][HOTEL] == 0 and v["building"][KC][JAIL] == 2 and v["wanted"][:3] == [1, 0, 0]
    other = Board(3).cowboys(KC, 0, 2).build(KC, HOTEL, 1).build(KC, JAIL, 2).state(dice=[1, 6, 6])
    other.apply_action(gunfight(KC, HOTEL))
    other.apply_action(A_SHERIFF_OUT)
    assert other.describe_events()[0] == "a default defender joins the defense"


def test_the_attackers_own_sheriff_joins_the_attack():
    b = Board(3).cowboys(KC, 0, 1).build(KC, JAIL, 0).build(KC, STAGECOACH, 1).cowboys(KC, 1, 2)
    state = b.state()
    state.apply_action(gunfight(KC, STAGECOACH))
    assert state.action_label(A_SHERIFF_IN) == "add the sheriff to the attack"
    state.apply_action(A_SHERIFF_IN)                   # 2 against 2: simultaneous, the attacker says first
    assert state.to_dict()["state"]["gf_temps"] == [1, 0] and state.current_player() == 0


def test_a_won_jail_fight_removes_the_jail_from_the_game():
    b = Board(3).cowboys(DW, 0, 3).build(DW, JAIL, 1)
    state = b.state(dice=[1, 5, 1, 1])
    state.apply_action(gunfight(DW, JAIL))
    assert state.current_player() == 1                 # the Jail's owner decides its sheriff
    state.apply_action(A_SHERIFF_IN)                   # 1 against 3: the sheriff fires first
    state.apply_action(A_FIRE)
    v = state.to_dict()["state"]
    assert v["building"][DW][JAIL] == -1 and v["bt_removed"][1][JAIL] == 1 and v["bt_supply"][1][JAIL] == 2


@pytest.mark.parametrize("owner_money, paid, ruined", [(20, 18, False), (10, 10, True)])
def test_a_bank_robbery_rolls_three_dice_and_an_owner_who_cannot_pay_loses_his_bank(owner_money, paid, ruined):
    b = Board(3).cowboys(AB, 0, 3).build(AB, BANK, 1).money(1, owner_money)
    state = b.state(dice=[1, 5, 1, 1, 6, 6, 6])
    state.apply_action(gunfight(AB, BANK))             # the guard fires first (a 1), then the attack kills it
    state.apply_action(A_FIRE)
    v = state.to_dict()["state"]
    assert v["money"][:2] == [20 + paid, owner_money - paid]
    assert (v["building"][AB][BANK] == -1) == ruined and v["bt_removed"][1][BANK] == int(ruined)
    assert f"the robbers roll 18: seat 1 pays ${paid}" in state.describe_events()


def test_rustling_two_cattle_replaces_them_and_gets_one_default_defender():
    b = Board(3).cowboys(SA, 0, 2).cattle(SA, 2, 3)
    state = b.state(dice=[1, 5, 1])
    state.apply_action(gunfight(SA, rustle(2, 2)))
    state.apply_action(A_FIRE)
    v = state.to_dict()["state"]
    assert v["cattle"][SA][:3] == [2, 0, 1] and v["cattle_supply"][0] == 7 and v["cattle_supply"][2] == 8


@pytest.mark.parametrize("dice, shot, wanted", [([5, 1], True, 1), ([1, 5], False, 0)])
def test_shooting_the_farmer(dice, shot, wanted):
    b = Board(3).cowboys(DC, 0, 1).farmer(DC, 2)
    state = b.state(dice=dice)
    state.apply_action(gunfight(DC, TARGET_FARMER))    # 1 against 1, and the farmer has nobody to decide
    state.apply_action(A_FIRE)
    v = state.to_dict()["state"]
    assert v["farmer_at"][DC] == int(not shot) and v["farmers_removed"] == int(shot)
    assert v["wanted"][0] == wanted and v["wanted_pool"] == 13 - wanted


def test_with_the_pool_empty_the_winner_takes_a_token_from_another_player():
    def fight(wanted):
        b = Board(3).cowboys(AB, 0, 2).cattle(AB, 1, 1).set(wanted=wanted, wanted_pool=13 - sum(wanted))
        state = b.state(dice=[1, 5, 5])
        state.apply_action(gunfight(AB, rustle(1, 1)))
        state.apply_action(A_FIRE)
        return state
    one = fight([5, 8, 0, 0, 0])
    assert one.to_dict()["state"]["wanted"][:3] == [6, 7, 0] and one.phase == "action"
    two = fight([3, 5, 5, 0, 0])
    assert two.phase == "wanted token" and two.legal_actions() == [A_TAKE_WANTED + 1, A_TAKE_WANTED + 2]
    two.apply_action(A_TAKE_WANTED + 2)
    assert two.to_dict()["state"]["wanted"][:3] == [4, 5, 4] and two.current_player() == 1
    none = fight([13, 0, 0, 0, 0])
    assert none.to_dict()["state"]["wanted"][0] == 13


# ---------------------------------------------------------------------- final scoring (7)

def test_counters_and_cattle_points():
    b = Board(3).build(DW, BANK, 0).build(DW, STORE, 1).build(DW, TRAIN, 2).cattle(DW, 0, 1)
    b.cattle(SA, 1, 1).farmer(SA, 2).cattle(KC, 2, 1).money(0, 0).money(1, 0).money(2, 0)
    scores = b.state().game_returns()
    # Deadwood: 3 counters score 3 each; nobody controls it (1 each... seat 0 has Bank + 1 cattle = 2)
    assert scores[0] == 3 + 2 + 3 + 2          # Bank 3, cattle with a Train 2, control of Deadwood 3, money tie 2
    assert scores[1] == 3 + 0 + 2              # Store 3, cattle with a farmer 0 (no control: size 0), money tie 2
    assert scores[2] == 3 + 1 + 2              # Train 3, one cattle in Kansas City 1, money tie 2


def test_town_control_needs_a_strict_majority():
    b = Board(3).build(AB, BANK, 0).build(AB, STORE, 1).cattle(AB, 0, 1).cattle(AB, 1, 1).money(0, 21)
    scores = b.state().game_returns()
    assert scores == [2 + 1 + 5, 2 + 1, 0]     # a tie for Abilene: nobody scores its 2


def test_money_and_wanted_awards_and_their_ties():
    b = Board(4).money(0, 30).money(1, 30).set(wanted=[2, 2, 1, 0, 0], wanted_pool=8)
    assert b.state().game_returns() == [2 + 2, 2 + 2, 0, 0]
    b = Board(4).money(2, 30).set(wanted=[0, 0, 0, 3, 0], wanted_pool=10)
    assert b.state().game_returns() == [0, 0, 5, 4]
    b = Board(2).money(0, 0).money(1, 0)
    assert b.state().game_returns() == [2, 2]        # no minimum for money, and no wanted award without a token


def test_final_scoring_after_round_12_and_the_tie_breaks():
    def finish(**changes):
        b = Board(2).set(round=12, pass_no=1, turn=1)
        for key, value in changes.items():
            getattr(b, key)(*value) if isinstance(value, tuple) else b.set(**{key: value})
        b.v["current"] = b.v["order"][1]
        state = b.state()
        state.apply_action(A_SKIP)
        assert state.is_terminal() and state.current_player() == -1
        return state
    tied = finish()                                        # 2 points each, $25 each, no tokens: shared
    assert tied.game_returns() == [2, 2] and tied.returns() == [0.5, 0.5]
    by_wanted = finish(wanted=[0, 1, 0, 0, 0], wanted_pool=12)
    assert by_wanted.game_returns() == [2, 6] and by_wanted.returns() == [0.0, 1.0]
    b = Board(2).set(round=12, pass_no=1, turn=1).cowboys(SA, 0, 1).cattle(SA, 0, 1).money(0, 24)
    b.v["current"] = b.v["order"][1]
    state = b.state()
    state.apply_action(A_SKIP)                             # income: seat 0 earns $2 -> $26
    assert state.money() == [26, 25] and state.game_returns() == [1 + 5, 0] and state.returns() == [1.0, 0.0]
    b = Board(2).set(round=12, pass_no=1, turn=1, wanted=[1, 1, 0, 0, 0], wanted_pool=11).money(0, 26)
    b.build(SA, JAIL, 1)
    b.v["current"] = b.v["order"][1]
    state = b.state()
    state.apply_action(A_SKIP)                             # money 5 + wanted tie 2; Jail 1 + control 1 + wanted tie 2
    assert state.game_returns() == [7, 4]
