"""Rule tests for the Wyatt Earp engine, card by card (rules: /work/shared/rules/wyatt-earp.md, sections cited as §).

Every test builds a concrete position with ``we_position.position``, applies actions by label and checks the exact
outcome.  Shots are forced by giving the draw pile explicitly: ``draw={"Jesse James": 1}`` is a sure hit,
``draw={"Wanted": 1}`` a sure miss (§6: a hit is exactly an outlaw card).
"""
from __future__ import annotations

from support.we_position import CARD, OUTLAW, act, discard_pile, field, group, labels, position

from deadeye.core.wyatt_earp import OUTLAW_NAMES

BS, BK, BD, BC, JJ, SK, WH = OUTLAW_NAMES
START = [1000] * 7                     # §2.3 step 1: every poster holds $1000 in round 1
HIT = {JJ: 1}                          # a draw pile whose only card has a bullet hole
MISS = {"Wanted": 1}                   # a draw pile whose only card is a sheriff card

WANTED1_ALL = [f"play Wanted mode 1: {x}, {way}" for x in OUTLAW_NAMES for way in ("clockwise", "counter-clockwise")]
WANTED1_ONE_WAY = [f"play Wanted mode 1: {x}, clockwise" for x in OUTLAW_NAMES]


def cp(state, seat, outlaw):
    return state.capture_points(seat, OUTLAW[outlaw])


def poster(state, outlaw):
    return state.posters()[OUTLAW[outlaw]]


def posters_with(**changes):
    """START with some posters changed, keyed by outlaw initials (JJ=..., BS=...)."""
    short = dict(zip(("BS", "BK", "BD", "BC", "JJ", "SK", "WH"), range(7)))
    out = list(START)
    for key, value in changes.items():
        out[short[key]] = value
    return out


def same(actual, expected):
    """Exact option set, order ignored."""
    return sorted(actual) == sorted(expected)


def shot(seat, card, hit):
    return ("shot", seat, CARD[card], int(hit))


def empty_group():
    return {"outlaws": 0, "photo": 0, "attached": []}


# ============================================================================ §4 turn structure

def test_draw_step_offers_exactly_both_sources():
    """§4.1, §14: the draw step offers the draw pile (2 cards) and the top of the discard pile, nothing else."""
    s = position(3, phase="draw", hands={0: {JJ: 1}}, discard=["Hideout", "Wanted"], draw={BS: 2})
    assert s.current_player() == 0
    assert same(labels(s), ["draw two from the draw pile", "take Wanted from the discard pile"])


def test_draw_step_draw_pile_takes_two_cards():
    """§4.1 (a): two cards of the draw pile go into the hand; the discard pile is untouched; play step follows."""
    s = position(3, phase="draw", hands={0: {JJ: 1}}, discard=["Hideout", "Wanted"], draw={BS: 2})
    act(s, "draw two from the draw pile")
    assert s.hand(0) == {JJ: 1, BS: 2}
    assert field(s, "draw_n") == 0
    assert discard_pile(s) == ["Hideout", "Wanted"]
    assert s.phase == "play" and s.current_player() == 0


def test_draw_step_discard_pile_takes_only_the_top_card_publicly():
    """§4.1 (b): exactly the top card of the discard pile is taken, publicly (§12.1); the draw pile is untouched."""
    s = position(3, phase="draw", hands={0: {JJ: 1}}, discard=["Hideout", "Wanted"], draw={BS: 2})
    act(s, "take Wanted from the discard pile")
    assert s.hand(0) == {JJ: 1, "Wanted": 1}
    assert discard_pile(s) == ["Hideout"]
    assert field(s, "draw_n") == 2
    assert field(s, "known")[0][CARD["Wanted"]] == 1
    assert s.phase == "play" and s.current_player() == 0


def test_keep_a_card_rule_bounds_melds_by_hand_size_minus_one():
    """§4.2 D14, §14: with 3 Jesse James and nothing else, the opening set of 3 would empty the hand: illegal."""
    s = position(3, hands={0: {JJ: 3}}, draw=HIT)
    assert labels(s) == ["end play step"]
    s = position(3, hands={0: {JJ: 3}}, opened=[JJ], draw=HIT)
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James", "play set: 2 x Jesse James"])


def test_keep_a_card_rule_forbids_playing_the_last_card_as_sheriff():
    """§4.2 D14: a sheriff card that is the only card in hand cannot be played (the turn must end with a discard)."""
    s = position(3, hands={0: {"Bank Robbery": 1}}, tableaus={0: {JJ: {"outlaws": 3}}}, draw=HIT)
    assert labels(s) == ["end play step"]
    s = position(3, hands={0: {"Bank Robbery": 1, BS: 1}}, tableaus={0: {JJ: {"outlaws": 3}}}, draw=HIT)
    assert same(labels(s), ["end play step", "play Bank Robbery"])


def test_meld_option_set_is_exact():
    """§14: `meld X x n` for 1 <= n <= min(X in hand, hand size - 1), n >= 3 if X is unopened; plus end play step."""
    s = position(3, hands={0: {JJ: 4, BS: 2, BK: 1}}, opened=[BS], draw=HIT)   # hand size 7
    assert same(labels(s), ["end play step",
                            "play set: 3 x Jesse James", "play set: 4 x Jesse James",
                            "play set: 1 x Belle Starr", "play set: 2 x Belle Starr"])
    s = position(3, hands={0: {JJ: 4}}, draw=HIT)                               # hand size 4: at most 3
    assert same(labels(s), ["end play step", "play set: 3 x Jesse James"])
    s = position(3, hands={0: {JJ: 6, WH: 1}}, opened=[JJ], draw=HIT)          # opened: 1..6
    assert same(labels(s), ["end play step"] + [f"play set: {n} x Jesse James" for n in range(1, 7)])


def test_sheriff_allowance_one_card_per_turn():
    """§4.2: after one sheriff card (even a failed shot) no other sheriff card may be played this turn."""
    s = position(3, hands={0: {"Bank Robbery": 1, "Stagecoach Robbery": 1, "Hideout": 1, JJ: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}}, 1: {BS: {"outlaws": 3}}}, discard=[WH], draw=MISS)
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James", "play Bank Robbery",
                            "play Stagecoach Robbery", "play Hideout"])
    act(s, "play Bank Robbery")
    assert field(s, "sheriff_used") == 1
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James"])
    act(s, "play set: 1 x Jesse James")            # melds stay unlimited
    assert same(labels(s), ["end play step"])


def test_sheriff_allowance_is_restored_in_the_next_turn():
    """§2.2, §4.2: the allowance belongs to a turn; the next active player starts with it unused."""
    s = position(3, hands={0: {"Bank Robbery": 1, JJ: 1, WH: 1}, 1: {"Bank Robbery": 1, BS: 1}, 2: {BK: 2}},
                 tableaus={0: {JJ: {"outlaws": 3}}, 1: {BS: {"outlaws": 3}}}, discard=[WH], draw=MISS)
    act(s, "play Bank Robbery", "end play step", "discard Jesse James")
    assert s.current_player() == 1 and s.phase == "draw"
    act(s, "take Jesse James from the discard pile")
    assert field(s, "sheriff_used") == 0
    assert same(labels(s), ["end play step", "play Bank Robbery", "play set: 1 x Belle Starr",
                            "play set: 1 x Jesse James"])


def test_end_play_step_leads_to_discard_with_one_option_per_card_type():
    """§4.3, §14: the discard decision lists each card type in the hand."""
    s = position(3, hands={0: {JJ: 2, "Wanted": 1, "Photo Belle Starr": 1}}, discard=[WH], draw=HIT)
    act(s, "end play step")
    assert s.phase == "discard" and s.current_player() == 0
    assert same(labels(s), ["discard Jesse James", "discard Wanted", "discard Photo Belle Starr"])


def test_discard_of_a_single_card_is_still_a_decision():
    """§4.3, D38: with one card left its discard is presented as a decision with one option."""
    s = position(3, phase="discard", hands={0: {JJ: 1}, 1: {BS: 2}, 2: {BS: 2}}, discard=[WH], draw=HIT)
    assert labels(s) == ["discard Jesse James"]


def test_discard_has_no_effect_and_passes_the_turn_left():
    """§4.3, §4.4 step 3: the discarded card goes on top of the discard pile without effect; seat + 1 draws next."""
    s = position(3, phase="discard", hands={0: {"Hideout": 1, JJ: 1}, 1: {BS: 2}, 2: {BS: 2}},
                 tableaus={1: {BK: {"outlaws": 3}}}, discard=[WH], draw=HIT)
    act(s, "discard Hideout")
    assert discard_pile(s) == [WH, "Hideout"]
    assert s.hand(0) == {JJ: 1}
    assert group(s, 1, BK) == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.phase == "draw" and s.current_player() == 1 and s.active_player == 1
    assert field(s, "sheriff_used") == 0


def test_discarding_the_last_card_ends_the_round_e1():
    """§4.4 step 1, §9 E1: the active player discards their last card; they are the last player and deal next."""
    s = position(3, phase="discard", hands={0: {JJ: 1}, 1: {BS: 2}, 2: {BS: 2}}, discard=[WH], draw=HIT)
    act(s, "discard Jesse James")
    assert ("round_end", 0, 1, 0) in s.events()
    assert s.round == 2
    assert field(s, "dealer") == 0
    assert s.current_player() == 1 and s.phase == "draw"


# ============================================================================ §5 melds

def test_first_set_needs_three_cards():
    """§5 first set rule: 1 or 2 cards of an unopened outlaw cannot be melded; 3+ can."""
    s = position(3, hands={0: {JJ: 2, BS: 5}}, draw=HIT)
    assert same(labels(s), ["end play step", "play set: 3 x Belle Starr", "play set: 4 x Belle Starr",
                            "play set: 5 x Belle Starr"])


def test_photo_does_not_count_towards_the_opening_three():
    """§5: Photo cards never count towards the 3 of the first set (and a Photo needs X opened, §7.1)."""
    s = position(3, hands={0: {JJ: 2, "Photo Jesse James": 1, WH: 1}}, draw=HIT)
    assert labels(s) == ["end play step"]


def test_opening_meld_of_three_adds_2000_and_6_cp():
    """§5: the opening meld of n cards adds (n - 1) x $1000; each outlaw card gives 2 CP; X is opened."""
    s = position(3, hands={0: {JJ: 3, WH: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert s.posters() == posters_with(JJ=3000)
    assert s.money() == [0, 0, 0]
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert cp(s, 0, JJ) == 6
    assert field(s, "opened")[OUTLAW[JJ]] == 1
    assert s.hand(0) == {WH: 1}
    assert s.phase == "play" and s.current_player() == 0


def test_opening_meld_of_four_adds_3000():
    """§5: opening with 4 cards adds (4 - 1) x $1000."""
    s = position(3, hands={0: {JJ: 4, WH: 1}}, draw=HIT)
    act(s, "play set: 4 x Jesse James")
    assert s.posters() == posters_with(JJ=4000)
    assert cp(s, 0, JJ) == 8


def test_later_meld_adds_n_times_1000_into_own_group():
    """§5, D3: a later meld (X opened by another player) adds n x $1000, in the melder's own group."""
    s = position(3, hands={0: {JJ: 2, WH: 1}}, tableaus={1: {JJ: {"outlaws": 3}}}, draw=HIT)
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James", "play set: 2 x Jesse James"])
    act(s, "play set: 2 x Jesse James")
    assert s.posters() == posters_with(JJ=3000)
    assert group(s, 0, JJ) == {"outlaws": 2, "photo": 0, "attached": []}
    assert group(s, 1, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert cp(s, 0, JJ) == 4 and cp(s, 1, JJ) == 6


def test_opening_and_adding_in_the_same_turn_equals_opening_with_four():
    """§5 note: open with 3 then add 1 in the same turn = +$3000, like opening with 4; single card legal at once."""
    s = position(3, hands={0: {JJ: 4, WH: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James"])
    act(s, "play set: 1 x Jesse James")
    assert s.posters() == posters_with(JJ=4000)
    assert group(s, 0, JJ) == {"outlaws": 4, "photo": 0, "attached": []}
    assert cp(s, 0, JJ) == 8
    assert s.hand(0) == {WH: 1}


def test_several_melds_in_one_turn():
    """§4.2: any number of melds per turn, of different outlaws."""
    s = position(3, hands={0: {JJ: 3, BS: 3, WH: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James", "play set: 3 x Belle Starr")
    assert s.posters() == posters_with(JJ=3000, BS=3000)
    assert s.hand(0) == {WH: 1}
    assert labels(s) == ["end play step"]


# ============================================================================ §6 the shot

def test_shot_hit_goes_onto_the_discard_pile_and_asks_for_a_target():
    """§6: the revealed card is put on the discard pile; an outlaw card is a hit; D32: no decline afterwards."""
    s = position(3, hands={0: {"Bank Robbery": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={BD: 1})
    act(s, "play Bank Robbery")
    assert s.events() == [shot(0, BD, True)]
    assert discard_pile(s) == [SK, BD]
    assert s.phase == "target" and s.current_player() == 0
    assert labels(s) == ["shot with Bank Robbery on Jesse James"]
    assert "decline" not in labels(s)


def test_shot_with_a_photo_revealed_is_a_miss():
    """§6 step 3, §1.1: every sheriff card, a Photo included, has no bullet hole: the shot fails."""
    s = position(3, hands={0: {"Bank Robbery": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={"Photo Belle Starr": 1})
    act(s, "play Bank Robbery")
    assert s.events() == [shot(0, "Photo Belle Starr", False)]
    assert discard_pile(s) == [SK, "Photo Belle Starr", "Bank Robbery"]
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.phase == "play"


# ============================================================================ §7.1 Photo

def test_photo_requires_its_outlaw_opened():
    """§7.1 precondition: Photo-X only once X is opened this round."""
    s = position(3, hands={0: {"Photo Jesse James": 1, WH: 1}}, draw=HIT)
    assert labels(s) == ["end play step"]
    s = position(3, hands={0: {"Photo Jesse James": 1, WH: 1}}, opened=[JJ], draw=HIT)
    assert same(labels(s), ["end play step", "play Photo Jesse James"])


def test_photo_in_own_turn_forms_a_group_alone():
    """§7.1: Photo-X alone forms the group; +$1000 on X's poster; 4 CP; it is the turn's sheriff card."""
    s = position(3, hands={0: {"Photo Jesse James": 1, "Wanted": 1, WH: 1}},
                 tableaus={1: {JJ: {"outlaws": 3}}}, draw=HIT)
    act(s, "play Photo Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 0, "photo": 1, "attached": []}
    assert s.posters() == posters_with(JJ=2000)
    assert cp(s, 0, JJ) == 4
    assert s.hand(0) == {"Wanted": 1, WH: 1}
    assert field(s, "sheriff_used") == 1
    assert labels(s) == ["end play step"]


def test_photo_joins_own_outlaw_cards():
    """§7.1, §10.1: Photo in a group with 3 outlaw cards: CP 6 + 4."""
    s = position(3, hands={0: {"Photo Jesse James": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}}, draw=HIT)
    act(s, "play Photo Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 1, "attached": []}
    assert cp(s, 0, JJ) == 10
    assert s.posters() == posters_with(JJ=2000)


def test_photo_window_offered_to_non_active_holder_after_opening_meld():
    """§7.1 photo window: right after the opening meld, the non-active holder of Photo-X decides: play or decline."""
    s = position(3, hands={0: {JJ: 3, WH: 1}, 2: {"Photo Jesse James": 1, BS: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert s.phase == "photo window"
    assert s.current_player() == 2
    assert s.active_player == 0
    assert same(labels(s), ["play Photo Jesse James", "decline"])


def test_photo_window_play():
    """§7.1: the window Photo goes into the holder's own group; +$1000; 4 CP; play returns to the active player."""
    s = position(3, hands={0: {JJ: 3, WH: 1, "Bank Robbery": 1}, 2: {"Photo Jesse James": 1, BS: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James", "play Photo Jesse James")
    assert group(s, 2, JJ) == {"outlaws": 0, "photo": 1, "attached": []}
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.hand(2) == {BS: 1}
    assert s.posters() == posters_with(JJ=4000)
    assert cp(s, 2, JJ) == 4 and cp(s, 0, JJ) == 6
    assert s.phase == "play" and s.current_player() == 0
    # the active player's own allowance is untouched by the other player's out-of-turn Photo
    assert field(s, "sheriff_used") == 0
    assert same(labels(s), ["end play step", "play Bank Robbery"])


def test_photo_window_decline_keeps_the_photo_for_a_later_own_turn():
    """§7.1: declining closes the window; the holder may still play the Photo in their own turn."""
    s = position(2, hands={0: {JJ: 3, WH: 2}, 1: {"Photo Jesse James": 1, BS: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James", "decline")
    assert s.phase == "play" and s.current_player() == 0
    assert s.hand(1) == {"Photo Jesse James": 1, BS: 1}
    assert s.hand(0) == {WH: 2}
    assert group(s, 1, JJ) == empty_group()
    assert s.posters() == posters_with(JJ=3000)
    assert labels(s) == ["end play step"]          # no second window for the same opening
    act(s, "end play step", "discard Wes Hardin")
    act(s, "take Wes Hardin from the discard pile")
    assert s.current_player() == 1
    assert same(labels(s), ["end play step", "play Photo Jesse James"])


def test_active_player_gets_no_photo_window():
    """§7.1, D17: the active player holding Photo-X gets no window; they may play it as their sheriff card."""
    s = position(3, hands={0: {JJ: 3, "Photo Jesse James": 1, WH: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert s.phase == "play" and s.current_player() == 0
    assert same(labels(s), ["end play step", "play Photo Jesse James"])
    act(s, "play Photo Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 1, "attached": []}
    assert s.posters() == posters_with(JJ=4000)
    assert field(s, "sheriff_used") == 1


def test_active_player_photo_after_allowance_used_is_not_playable():
    """§7.1, D17: if the active player's allowance is already used, their own Photo-X must wait."""
    s = position(3, hands={0: {JJ: 3, "Photo Jesse James": 1, WH: 1}}, sheriff_used=True, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert s.phase == "play"
    assert labels(s) == ["end play step"]


def test_no_photo_window_for_a_meld_that_does_not_open():
    """§7.1: the window follows only the meld that opens X, not later melds."""
    s = position(3, hands={0: {JJ: 1, WH: 1}, 2: {"Photo Jesse James": 1, BS: 1}},
                 tableaus={1: {JJ: {"outlaws": 3}}}, draw=HIT)
    act(s, "play set: 1 x Jesse James")
    assert s.phase == "play" and s.current_player() == 0


def test_out_of_turn_photo_does_not_use_the_holders_allowance():
    """§7 general, D17: after a window Photo the holder's next own turn still has its sheriff allowance."""
    s = position(3, hands={0: {JJ: 3, WH: 1, SK: 1}, 1: {"Photo Jesse James": 1, "Bank Robbery": 1, BS: 1},
                        2: {BK: 2}}, discard=[BD], draw=HIT)
    act(s, "play set: 3 x Jesse James", "play Photo Jesse James", "end play step", "discard Wes Hardin")
    assert s.current_player() == 1 and s.phase == "draw"
    act(s, "take Wes Hardin from the discard pile")
    assert field(s, "sheriff_used") == 0
    assert same(labels(s), ["end play step", "play Bank Robbery"])   # Bank Robbery onto the Photo-only group


def test_two_photo_windows_in_one_turn_for_the_same_holder():
    """D30: each opening meld offers its own window, even to a holder who already used one this turn."""
    s = position(3, hands={0: {JJ: 3, BS: 3, WH: 1}, 1: {"Photo Jesse James": 1, "Photo Belle Starr": 1, BK: 1}},
                 draw=HIT)
    act(s, "play set: 3 x Jesse James", "play Photo Jesse James", "play set: 3 x Belle Starr")
    assert s.phase == "photo window" and s.current_player() == 1
    assert same(labels(s), ["play Photo Belle Starr", "decline"])
    act(s, "play Photo Belle Starr")
    assert group(s, 1, JJ)["photo"] == 1 and group(s, 1, BS)["photo"] == 1
    assert s.posters() == posters_with(JJ=4000, BS=4000)
    assert s.hand(1) == {BK: 1}


def test_window_photo_may_empty_the_hand_and_the_round_ends_e2():
    """§7 general, D14, §9 E2: an out-of-turn Photo may be the last card; the round ends after the active discard."""
    s = position(3, hands={0: {JJ: 3, WH: 2}, 1: {"Photo Jesse James": 1}, 2: {BS: 2}}, discard=[BD], draw=HIT)
    act(s, "play set: 3 x Jesse James")
    assert same(labels(s), ["play Photo Jesse James", "decline"])
    act(s, "play Photo Jesse James")
    assert s.hand(1) == {}
    assert s.phase == "play" and s.current_player() == 0 and s.round == 1   # not yet: end of the turn
    act(s, "end play step", "discard Wes Hardin")
    assert ("round_end", 0, 2, 0) in s.events()
    assert s.round == 2 and field(s, "dealer") == 0


def test_photo_window_is_invisible_to_the_other_seats():
    """§12.5, D35: while a window is pending, other seats see the active player's play step continuing."""
    s = position(3, hands={0: {JJ: 3, WH: 1}, 2: {"Photo Jesse James": 1, BS: 1}}, draw=HIT)
    act(s, "play set: 3 x Jesse James")
    for seat in (0, 1):
        info = s.information_set(seat)
        assert info.current_player() == 0
        assert info.to_dict()["view"]["phase"] == 1                  # "play"
    info2 = s.information_set(2)
    assert info2.current_player() == 2
    assert same([info2.action_label(a) for a in info2.legal_actions()], ["play Photo Jesse James", "decline"])


def test_declined_photo_window_leaves_no_trace():
    """§12.5, D35: after a declined window, the other seats' information sets equal those of a game without it."""
    with_window = position(3, hands={0: {JJ: 3, WH: 1}, 2: {"Photo Jesse James": 1, BS: 1}}, draw=HIT)
    act(with_window, "play set: 3 x Jesse James", "decline")
    without = position(3, hands={0: {JJ: 3, WH: 1}, 2: {"Photo Belle Starr": 1, BS: 1}}, draw=HIT)
    act(without, "play set: 3 x Jesse James")
    assert without.phase == "play"
    assert with_window.information_set(0) == without.information_set(0)
    assert with_window.information_set(1) == without.information_set(1)


# ============================================================================ §7.2 Stagecoach Robbery

def test_stagecoach_requires_an_own_group():
    """§7.2 precondition: the active player needs at least one group (any outlaw); opponents' groups don't count."""
    s = position(3, hands={0: {"Stagecoach Robbery": 1, WH: 1}}, tableaus={1: {JJ: {"outlaws": 3}}}, draw=HIT)
    assert labels(s) == ["end play step"]


def test_stagecoach_success_adds_3000_and_1_cp():
    """§7.2 success: attached to the chosen own group; +$3000; 1 CP; the shot card stays on the discard pile."""
    s = position(3, hands={0: {"Stagecoach Robbery": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={BS: 1})
    act(s, "play Stagecoach Robbery")
    assert labels(s) == ["shot with Stagecoach Robbery on Jesse James"]
    act(s, "shot with Stagecoach Robbery on Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": ["Stagecoach Robbery"]}
    assert s.posters() == posters_with(JJ=4000)
    assert cp(s, 0, JJ) == 7
    assert discard_pile(s) == [SK, BS]
    assert s.hand(0) == {WH: 1}
    assert s.phase == "play" and s.current_player() == 0
    assert labels(s) == ["end play step"]


def test_stagecoach_targets_every_own_group_including_photo_only_and_hidden():
    """§7.2, §7.1, D7: any own group is a target, also a Photo-only group and a hidden group."""
    s = position(3, hands={0: {"Stagecoach Robbery": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}, BS: {"photo": 1}, BK: {"outlaws": 3, "attached": ["Hideout"]}},
                           1: {SK: {"outlaws": 3}}},
                 opened=[BS], draw=HIT)
    act(s, "play Stagecoach Robbery")
    assert same(labels(s), ["shot with Stagecoach Robbery on Jesse James",
                            "shot with Stagecoach Robbery on Belle Starr",
                            "shot with Stagecoach Robbery on Billy the Kid"])
    act(s, "shot with Stagecoach Robbery on Billy the Kid")
    assert group(s, 0, BK) == {"outlaws": 3, "photo": 0, "attached": ["Hideout", "Stagecoach Robbery"]}
    assert s.posters() == posters_with(BK=4000)
    assert cp(s, 0, BK) == 0                                         # D6: hidden group scores 0


def test_stagecoach_failure_goes_on_top_of_the_shot_card():
    """§7.2 failure, §7.9 item 3: the card lies on top of the shot card; nothing else changes; allowance used."""
    s = position(3, hands={0: {"Stagecoach Robbery": 1, "Bank Robbery": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}}}, discard=[SK], draw={"Wyatt Earp": 1})
    act(s, "play Stagecoach Robbery")
    assert s.events() == [shot(0, "Wyatt Earp", False)]
    assert discard_pile(s) == [SK, "Wyatt Earp", "Stagecoach Robbery"]
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.posters() == START
    assert s.hand(0) == {"Bank Robbery": 1, WH: 1}
    assert s.phase == "play" and labels(s) == ["end play step"]


# ============================================================================ §7.3 Bank Robbery

def test_bank_robbery_success_adds_1000_and_2_cp():
    """§7.3: as Stagecoach, but +$1000 and 2 CP."""
    s = position(3, hands={0: {"Bank Robbery": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}, BS: {"outlaws": 4}}},
                 discard=[SK], draw={BC: 1})
    act(s, "play Bank Robbery")
    assert same(labels(s), ["shot with Bank Robbery on Jesse James", "shot with Bank Robbery on Belle Starr"])
    act(s, "shot with Bank Robbery on Belle Starr")
    assert group(s, 0, BS) == {"outlaws": 4, "photo": 0, "attached": ["Bank Robbery"]}
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.posters() == posters_with(BS=2000)
    assert cp(s, 0, BS) == 10 and cp(s, 0, JJ) == 6
    assert discard_pile(s) == [SK, BC]


def test_several_robberies_in_one_group():
    """§7.3: several Stagecoach / Bank Robbery cards may sit in the same group."""
    s = position(3, hands={0: {"Bank Robbery": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3, "attached": ["Bank Robbery", "Stagecoach Robbery"]}}},
                 draw=HIT)
    act(s, "play Bank Robbery", "shot with Bank Robbery on Jesse James")
    assert group(s, 0, JJ)["attached"] == ["Bank Robbery", "Stagecoach Robbery", "Bank Robbery"]
    assert cp(s, 0, JJ) == 6 + 2 + 1 + 2
    assert s.posters() == posters_with(JJ=2000)


def test_bank_robbery_failure():
    """§7.3 failure: the Bank Robbery goes on top of the shot card."""
    s = position(3, hands={0: {"Bank Robbery": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={"Hideout": 1})
    act(s, "play Bank Robbery")
    assert discard_pile(s) == [SK, "Hideout", "Bank Robbery"]
    assert group(s, 0, JJ)["attached"] == []
    assert s.posters() == START
    assert field(s, "sheriff_used") == 1


# ============================================================================ §7.4 Fastest Gun

def test_fastest_gun_first_success():
    """§7.4: +$1000, 3 CP; X becomes the current Fastest Gun outlaw."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={BS: 1})
    act(s, "play Fastest Gun")
    assert labels(s) == ["shot with Fastest Gun on Jesse James"]
    act(s, "shot with Fastest Gun on Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": ["Fastest Gun"]}
    assert s.posters() == posters_with(JJ=2000)
    assert cp(s, 0, JJ) == 9
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (0, OUTLAW[JJ])
    assert discard_pile(s) == [SK, BS]


def test_fastest_gun_replaces_another_players_fastest_gun():
    """§7.4, §7.9 item 4: the previous Fastest Gun goes on top of the shot card; its owner loses 3 CP; $1000 stays."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {BS: {"outlaws": 3}}, 1: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}}},
                 posters=posters_with(JJ=5000), discard=[SK], draw={BD: 1})
    assert cp(s, 1, JJ) == 9
    act(s, "play Fastest Gun", "shot with Fastest Gun on Belle Starr")
    assert group(s, 1, JJ) == {"outlaws": 3, "photo": 0, "attached": []}
    assert group(s, 0, BS) == {"outlaws": 3, "photo": 0, "attached": ["Fastest Gun"]}
    assert cp(s, 1, JJ) == 6 and cp(s, 0, BS) == 9
    assert s.posters() == posters_with(JJ=5000, BS=2000)
    assert discard_pile(s) == [SK, BD, "Fastest Gun"]
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (0, OUTLAW[BS])
    assert ("fastest_gun_replaced", 1, OUTLAW[JJ], 0) in s.events()


def test_fastest_gun_replaces_own_fastest_gun_and_cannot_target_its_outlaw():
    """§7.4, D27: the holder of the current Fastest Gun may not target its outlaw; their own old one is discarded."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}, BS: {"outlaws": 3}}},
                 discard=[SK], draw={BD: 1})
    act(s, "play Fastest Gun")
    assert labels(s) == ["shot with Fastest Gun on Belle Starr"]
    act(s, "shot with Fastest Gun on Belle Starr")
    assert group(s, 0, JJ)["attached"] == []
    assert group(s, 0, BS)["attached"] == ["Fastest Gun"]
    assert cp(s, 0, JJ) == 6 and cp(s, 0, BS) == 9
    assert discard_pile(s) == [SK, BD, "Fastest Gun"]
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (0, OUTLAW[BS])
    assert s.posters() == posters_with(BS=2000)


def test_current_fastest_gun_outlaw_is_no_target_for_anybody():
    """§7.4, D27: another player's group for the current Fastest Gun outlaw is no target either."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 2}}, 1: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}}},
                 draw=HIT)
    assert labels(s) == ["end play step"]                            # precondition fails: only a JJ group
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 2}, BS: {"photo": 1}},
                           1: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}}},
                 opened=[BS], draw=HIT)
    act(s, "play Fastest Gun")
    assert labels(s) == ["shot with Fastest Gun on Belle Starr"]


def test_fastest_gun_precondition_own_group_only_for_its_outlaw():
    """§7.4: the holder whose only group is the Fastest Gun outlaw cannot play another Fastest Gun."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}}}, draw=HIT)
    assert labels(s) == ["end play step"]


def test_fastest_gun_failure_leaves_the_previous_one():
    """§7.4 failure: the card goes on top of the shot card; the previous Fastest Gun is untouched."""
    s = position(3, hands={0: {"Fastest Gun": 1, WH: 1}},
                 tableaus={0: {BS: {"outlaws": 3}}, 1: {JJ: {"outlaws": 3, "attached": ["Fastest Gun"]}}},
                 discard=[SK], draw={"Bank Robbery": 1})
    act(s, "play Fastest Gun")
    assert discard_pile(s) == [SK, "Bank Robbery", "Fastest Gun"]
    assert group(s, 1, JJ)["attached"] == ["Fastest Gun"]
    assert group(s, 0, BS)["attached"] == []
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (1, OUTLAW[JJ])
    assert s.posters() == START


# ============================================================================ §7.5 Wanted mode 1

def test_wanted_option_set_three_players():
    """§14: mode 1 for each of the seven outlaws and both directions (D20: unopened too), mode 2 if possible."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}}, draw=HIT)
    assert same(labels(s), ["end play step"] + WANTED1_ALL)
    s = position(3, hands={0: {"Wanted": 1, WH: 1}}, tableaus={2: {JJ: {"outlaws": 3}}}, draw=HIT)
    assert same(labels(s), ["end play step", "play Wanted mode 2"] + WANTED1_ALL)


def test_wanted_mode1_two_players_offers_one_direction():
    """§7.5 mode 1 step 2, D31: with 2 players only one direction per outlaw is offered."""
    s = position(2, hands={0: {"Wanted": 1, WH: 1}}, draw=HIT)
    assert same(labels(s), ["end play step"] + WANTED1_ONE_WAY)


def test_wanted_mode1_two_players_asks_the_opponent():
    """D31: the single option asks the only other player."""
    s = position(2, hands={0: {"Wanted": 1, WH: 1}, 1: {JJ: 2, BS: 1}}, discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.hand(0) == {JJ: 1, WH: 1}
    assert s.hand(1) == {JJ: 1, BS: 1}
    assert s.events() == [("wanted_give", 1, OUTLAW[JJ], 0)]
    assert discard_pile(s) == [SK, "Wanted"]


def test_wanted_mode1_clockwise_first_holder_gives_exactly_one():
    """§7.5 mode 1: asked from the left; "no" answers; the first holder gives one card; the rest are not asked."""
    s = position(4, hands={0: {"Wanted": 1, WH: 1}, 1: {BS: 2}, 2: {JJ: 2, BS: 1}, 3: {JJ: 3}},
                 discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.events() == [("wanted_no", 1, OUTLAW[JJ], 0), ("wanted_give", 2, OUTLAW[JJ], 0)]
    assert s.hand(0) == {JJ: 1, WH: 1}
    assert s.hand(1) == {BS: 2}
    assert s.hand(2) == {JJ: 1, BS: 1}
    assert s.hand(3) == {JJ: 3}
    assert discard_pile(s) == [SK, "Wanted"]
    assert s.phase == "play" and s.current_player() == 0
    assert field(s, "sheriff_used") == 1


def test_wanted_mode1_counter_clockwise_starts_on_the_right():
    """§7.5 mode 1 step 1: counter-clockwise starts with the player on the right (seat - 1)."""
    s = position(4, hands={0: {"Wanted": 1, WH: 1}, 1: {JJ: 1, BS: 1}, 2: {JJ: 2, BS: 1}, 3: {BS: 3}},
                 discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, counter-clockwise")
    assert s.events() == [("wanted_no", 3, OUTLAW[JJ], 0), ("wanted_give", 2, OUTLAW[JJ], 0)]
    assert s.hand(0) == {JJ: 1, WH: 1}
    assert s.hand(1) == {JJ: 1, BS: 1}
    assert s.hand(2) == {JJ: 1, BS: 1}
    assert s.hand(3) == {BS: 3}


def test_wanted_mode1_nobody_has_one():
    """§7.5 mode 1 step 3: everyone else says no (asker never asked); the card and the allowance are used."""
    s = position(4, hands={0: {"Wanted": 1, JJ: 1, "Bank Robbery": 1}, 1: {BS: 2}, 2: {BS: 1}, 3: {BK: 1}},
                 tableaus={0: {BS: {"outlaws": 3}}}, discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.events() == [("wanted_no", 1, OUTLAW[JJ], 0), ("wanted_no", 2, OUTLAW[JJ], 0),
                          ("wanted_no", 3, OUTLAW[JJ], 0)]
    assert s.hand(0) == {JJ: 1, "Bank Robbery": 1}
    assert discard_pile(s) == [SK, "Wanted"]
    assert labels(s) == ["end play step"]


def test_wanted_mode1_photo_does_not_count():
    """§7.5 mode 1 step 2: a Photo-X is not an X card: its holder answers no and keeps it."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}, 1: {"Photo Jesse James": 1, BS: 1}, 2: {JJ: 1, BS: 1}},
                 discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.events() == [("wanted_no", 1, OUTLAW[JJ], 0), ("wanted_give", 2, OUTLAW[JJ], 0)]
    assert s.hand(1) == {"Photo Jesse James": 1, BS: 1}
    assert s.hand(0) == {JJ: 1, WH: 1}
    assert s.hand(2) == {BS: 1}


def test_wanted_mode1_received_card_may_be_melded_this_turn():
    """§7.5 mode 1 step 4, D20: naming an unopened outlaw can complete the opening set this turn."""
    s = position(3, hands={0: {"Wanted": 1, JJ: 2, WH: 1}, 1: {JJ: 1, BS: 1}}, draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.hand(0) == {JJ: 3, WH: 1}
    assert same(labels(s), ["end play step", "play set: 3 x Jesse James"])
    act(s, "play set: 3 x Jesse James")
    assert s.posters() == posters_with(JJ=3000)


def test_wanted_mode1_giver_left_empty_ends_the_round_e2_at_end_of_turn():
    """§7.5 mode 1 step 5, §4.4 step 2, §9 E2: the giver's empty hand ends the round after the active discard."""
    s = position(3, hands={0: {"Wanted": 1, WH: 2}, 1: {JJ: 1}, 2: {BS: 2}}, discard=[SK], draw=HIT)
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.hand(1) == {}
    assert s.phase == "play" and s.round == 1
    act(s, "end play step", "discard Wes Hardin")
    assert ("round_end", 0, 2, 0) in s.events()
    assert s.round == 2 and field(s, "dealer") == 0
    assert s.current_player() == 1 and s.phase == "draw"


# ============================================================================ §7.5 Wanted mode 2

def test_wanted_mode2_precondition_needs_an_opponents_outlaw_card():
    """§7.5 mode 2, D22: own outlaw cards and opponents' Photo-only groups do not satisfy the precondition."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}}, 1: {JJ: {"photo": 1}}}, draw=HIT)
    assert "play Wanted mode 2" not in labels(s)
    assert same(labels(s), ["end play step"] + WANTED1_ALL)


def test_wanted_mode2_targets_every_opponent_outlaw_card_including_hidden():
    """§7.5 mode 2: targets are (P, X) with an outlaw card in P's tableau, hidden groups included; D32: no decline."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}},
                           1: {JJ: {"outlaws": 3}, BS: {"photo": 1}},
                           2: {BK: {"outlaws": 3, "attached": ["Hideout"]}}},
                 opened=[BS], discard=[SK], draw={BD: 1})
    act(s, "play Wanted mode 2")
    assert s.phase == "target"
    assert same(labels(s), ["shot with Wanted: take Jesse James from seat 1",
                            "shot with Wanted: take Billy the Kid from seat 2"])


def test_wanted_mode2_takes_one_card_poster_unchanged():
    """§7.5 mode 2 success: one outlaw card moves into the hand; the poster does not change; discard: shot, Wanted."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}}, tableaus={1: {JJ: {"outlaws": 4, "attached": ["Bank Robbery"]}}},
                 posters=posters_with(JJ=6000), discard=[SK], draw={BD: 1})
    act(s, "play Wanted mode 2", "shot with Wanted: take Jesse James from seat 1")
    assert s.hand(0) == {JJ: 1, WH: 1}
    assert group(s, 1, JJ) == {"outlaws": 3, "photo": 0, "attached": ["Bank Robbery"]}
    assert cp(s, 1, JJ) == 8
    assert s.posters() == posters_with(JJ=6000)
    assert discard_pile(s) == [SK, BD, "Wanted"]
    assert s.phase == "play" and s.current_player() == 0
    # the taken card may be melded this turn: X stays opened, a single card adds $1000
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James"])
    act(s, "play set: 1 x Jesse James")
    assert s.posters() == posters_with(JJ=7000)


def test_wanted_mode2_outlaw_stays_opened_when_no_set_remains():
    """§7.5 mode 2: X stays opened even if no set of 3 remains anywhere."""
    s = position(3, hands={0: {"Wanted": 1, JJ: 1, WH: 1}}, tableaus={1: {JJ: {"outlaws": 1}}}, opened=[JJ],
                 draw=HIT)
    act(s, "play Wanted mode 2", "shot with Wanted: take Jesse James from seat 1")
    assert field(s, "opened")[OUTLAW[JJ]] == 1
    assert group(s, 1, JJ) == empty_group()
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James", "play set: 2 x Jesse James"])


def test_wanted_mode2_failure_cannot_switch_to_mode1():
    """§7.5 mode 2 failure: the Wanted goes on top of the shot card; nothing else; no switch to mode 1."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}, 1: {JJ: 1, BS: 1}},
                 tableaus={1: {JJ: {"outlaws": 3}}}, discard=[SK], draw={"Fastest Gun": 1})
    act(s, "play Wanted mode 2")
    assert discard_pile(s) == [SK, "Fastest Gun", "Wanted"]
    assert group(s, 1, JJ)["outlaws"] == 3
    assert s.hand(0) == {WH: 1} and s.hand(1) == {JJ: 1, BS: 1}
    assert s.phase == "play" and labels(s) == ["end play step"]


def test_wanted_mode2_orphan_rule_with_photo_and_discard_order():
    """§7.8, §7.9 item 5: last outlaw card taken: sheriff cards but the Photo are discarded oldest first, then the
    Wanted on top; the Photo alone forms the group again (4 CP, no longer hidden); rewards stay."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={1: {JJ: {"outlaws": 1, "photo": 1,
                                    "attached": ["Bank Robbery", "Hideout", "Stagecoach Robbery"]}}},
                 posters=posters_with(JJ=9000), opened=[JJ], discard=[SK], draw={BD: 1})
    assert cp(s, 1, JJ) == 0
    act(s, "play Wanted mode 2", "shot with Wanted: take Jesse James from seat 1")
    assert group(s, 1, JJ) == {"outlaws": 0, "photo": 1, "attached": []}
    assert cp(s, 1, JJ) == 4
    assert discard_pile(s) == [SK, BD, "Bank Robbery", "Hideout", "Stagecoach Robbery", "Wanted"]
    assert s.posters() == posters_with(JJ=9000)
    assert s.hand(0) == {JJ: 1, WH: 1}


def test_wanted_mode2_orphan_fastest_gun_leaves_no_current_fastest_gun():
    """§7.8: an orphaned Fastest Gun is discarded; there is no current Fastest Gun outlaw afterwards."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 2}},
                           1: {JJ: {"outlaws": 1, "attached": ["Fastest Gun"]}}},
                 opened=[JJ], discard=[SK], draw={BD: 1})
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (1, OUTLAW[JJ])
    act(s, "play Wanted mode 2", "shot with Wanted: take Jesse James from seat 1")
    assert group(s, 1, JJ) == empty_group()
    assert (field(s, "fg_seat"), field(s, "fg_outlaw")) == (-1, -1)
    assert discard_pile(s) == [SK, BD, "Fastest Gun", "Wanted"]
    assert ("orphan", 1, CARD["Fastest Gun"], OUTLAW[JJ]) in s.events()
    assert s.posters() == START


def test_no_current_fastest_gun_after_orphan_makes_its_outlaw_a_target_again():
    """§7.8, §7.4: with no current Fastest Gun outlaw, a group for the former one is a legal Fastest Gun target."""
    s = position(3, hands={1: {"Fastest Gun": 1, WH: 1}}, tableaus={1: {JJ: {"photo": 1}}}, opened=[JJ],
                 active=1, draw=HIT)
    assert same(labels(s), ["end play step", "play Fastest Gun"])
    act(s, "play Fastest Gun")
    assert labels(s) == ["shot with Fastest Gun on Jesse James"]


def test_orphan_rule_not_triggered_while_outlaw_cards_remain():
    """§7.8: only the removal of the last outlaw card triggers the orphan rule."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={1: {JJ: {"outlaws": 2, "attached": ["Stagecoach Robbery"]}}}, opened=[JJ],
                 discard=[SK], draw={BD: 1})
    act(s, "play Wanted mode 2", "shot with Wanted: take Jesse James from seat 1")
    assert group(s, 1, JJ) == {"outlaws": 1, "photo": 0, "attached": ["Stagecoach Robbery"]}
    assert discard_pile(s) == [SK, BD, "Wanted"]


def test_wanted_mode2_take_from_hidden_group():
    """§7.5 mode 2: a card may be taken from a hidden group; the Hideout stays while outlaw cards remain."""
    s = position(3, hands={0: {"Wanted": 1, WH: 1}},
                 tableaus={2: {BK: {"outlaws": 3, "attached": ["Hideout"]}}}, discard=[SK], draw={BD: 1})
    act(s, "play Wanted mode 2", "shot with Wanted: take Billy the Kid from seat 2")
    assert group(s, 2, BK) == {"outlaws": 2, "photo": 0, "attached": ["Hideout"]}
    assert cp(s, 2, BK) == 0
    assert s.hand(0) == {BK: 1, WH: 1}


# ============================================================================ §7.6 Hideout

def test_hideout_precondition_needs_a_legal_target():
    """§7.6, D9: own groups and already hidden opponent groups are no targets; without a target no play."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}}, 1: {BS: {"outlaws": 3, "attached": ["Hideout"]}}}, draw=HIT)
    assert labels(s) == ["end play step"]


def test_hideout_target_set_is_exact():
    """§7.6 legal targets: other players' groups (Photo-only included) without a Hideout."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}},
                           1: {BS: {"outlaws": 3, "attached": ["Hideout"]}, JJ: {"outlaws": 1}},
                           2: {BK: {"photo": 1}, SK: {"outlaws": 3, "attached": ["Bank Robbery"]}}},
                 opened=[BK], discard=[WH], draw={BD: 1})
    act(s, "play Hideout")
    assert s.phase == "target"
    assert same(labels(s), ["shot with Hideout on seat 1's Jesse James",
                            "shot with Hideout on seat 2's Billy the Kid",
                            "shot with Hideout on seat 2's Sundance Kid"])


def test_hideout_success_without_defender_hides_the_group():
    """§7.6 success: Hideout placed on (P, X); CP 0; rewards unchanged; no window without a Wyatt Earp."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}, 1: {BS: 1}},
                 tableaus={1: {SK: {"outlaws": 3, "photo": 1, "attached": ["Bank Robbery"]}}},
                 opened=[SK], discard=[WH], draw={BD: 1})
    assert cp(s, 1, SK) == 12
    act(s, "play Hideout", "shot with Hideout on seat 1's Sundance Kid")
    assert group(s, 1, SK) == {"outlaws": 3, "photo": 1, "attached": ["Bank Robbery", "Hideout"]}
    assert cp(s, 1, SK) == 0
    assert s.posters() == START
    assert field(s, "opened")[OUTLAW[SK]] == 1
    assert discard_pile(s) == [WH, BD]
    assert s.phase == "play" and s.current_player() == 0
    assert s.hand(0) == {WH: 1}


def test_hideout_failure_goes_on_top_of_the_shot_card():
    """§7.6 failure, §7.9 item 3."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}}, tableaus={1: {SK: {"outlaws": 3}}},
                 discard=[WH], draw={"Photo Jesse James": 1})
    act(s, "play Hideout")
    assert discard_pile(s) == [WH, "Photo Jesse James", "Hideout"]
    assert group(s, 1, SK)["attached"] == []
    assert s.phase == "play"


def test_hidden_group_scores_zero_including_cards_added_later():
    """§7.6, D6, D7: the victim may meld onto the hidden group; money is added but CP stay 0."""
    s = position(3, hands={1: {SK: 2, WH: 1}}, tableaus={1: {SK: {"outlaws": 3, "attached": ["Hideout"]}}},
                 active=1, draw=HIT)
    assert same(labels(s), ["end play step", "play set: 1 x Sundance Kid", "play set: 2 x Sundance Kid"])
    act(s, "play set: 2 x Sundance Kid")
    assert group(s, 1, SK) == {"outlaws": 5, "photo": 0, "attached": ["Hideout"]}
    assert cp(s, 1, SK) == 0
    assert s.posters() == posters_with(SK=3000)


def test_hidden_group_accepts_a_bank_robbery_but_scores_zero():
    """§7.6, D7: numbered sheriff cards may be attached to the hidden group; reward added, CP 0."""
    s = position(3, hands={1: {"Bank Robbery": 1, WH: 1}}, tableaus={1: {SK: {"outlaws": 3, "attached": ["Hideout"]}}},
                 active=1, draw=HIT)
    act(s, "play Bank Robbery", "shot with Bank Robbery on Sundance Kid")
    assert group(s, 1, SK)["attached"] == ["Hideout", "Bank Robbery"]
    assert cp(s, 1, SK) == 0
    assert s.posters() == posters_with(SK=2000)


def test_hideout_opens_the_defence_window_for_a_victim_holding_wyatt_earp():
    """§7.6, §7.7 defence: the victim holding Wyatt Earp gets the window: defend or decline."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}, 1: {"Wyatt Earp": 1, BS: 1}},
                 tableaus={1: {SK: {"outlaws": 3}}}, discard=[WH], draw={BD: 1})
    act(s, "play Hideout", "shot with Hideout on seat 1's Sundance Kid")
    assert group(s, 1, SK)["attached"] == ["Hideout"]
    assert s.phase == "defence"
    assert s.current_player() == 1 and s.active_player == 0
    assert same(labels(s), ["defend with Wyatt Earp", "decline"])


def test_no_defence_window_for_a_non_victim_holding_wyatt_earp():
    """§7.7 defence: only the Hideout's victim may defend."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}, 1: {BS: 1}, 2: {"Wyatt Earp": 1, BS: 1}},
                 tableaus={1: {SK: {"outlaws": 3}}}, discard=[WH], draw={BD: 1})
    act(s, "play Hideout", "shot with Hideout on seat 1's Sundance Kid")
    assert s.phase == "play" and s.current_player() == 0


def defence_position(draw, victim_hand=None):
    """Seat 0's Hideout was just placed on seat 1's Sundance Kid; seat 1 holds Wyatt Earp (§7.6 defence window)."""
    return position(3, phase="defence", decider=1, window_outlaw=SK, sheriff_used=True,
                    hands={0: {WH: 1, JJ: 1}, 1: victim_hand or {"Wyatt Earp": 1, BS: 1}, 2: {BK: 2}},
                    tableaus={1: {SK: {"outlaws": 3, "attached": ["Hideout"]}}},
                    discard=[WH, BD], draw=draw)


def test_defence_success_removes_the_hideout():
    """§7.7 defence, §7.9 item 6: discard order Wyatt Earp, shot card, Hideout (top); the CP count again."""
    s = defence_position({BC: 1})
    assert same(labels(s), ["defend with Wyatt Earp", "decline"])
    act(s, "defend with Wyatt Earp")
    assert group(s, 1, SK) == {"outlaws": 3, "photo": 0, "attached": []}
    assert cp(s, 1, SK) == 6
    assert discard_pile(s) == [WH, BD, "Wyatt Earp", BC, "Hideout"]
    assert s.hand(1) == {BS: 1}
    assert ("defence", 1, 1, OUTLAW[SK]) in s.events()
    assert s.phase == "play" and s.current_player() == 0
    assert field(s, "sheriff_used") == 1                               # the active player's allowance unchanged


def test_defence_failure_leaves_the_hideout_and_no_second_attempt():
    """§7.7 defence: a failed shot leaves the Hideout; only one attempt per Hideout, even with a 2nd Wyatt Earp."""
    s = defence_position({"Stagecoach Robbery": 1}, victim_hand={"Wyatt Earp": 2, BS: 1})
    act(s, "defend with Wyatt Earp")
    assert group(s, 1, SK) == {"outlaws": 3, "photo": 0, "attached": ["Hideout"]}
    assert cp(s, 1, SK) == 0
    assert discard_pile(s) == [WH, BD, "Wyatt Earp", "Stagecoach Robbery"]
    assert s.hand(1) == {"Wyatt Earp": 1, BS: 1}
    assert s.phase == "play" and s.current_player() == 0
    assert "defend with Wyatt Earp" not in labels(s)


def test_defence_decline_leaves_everything():
    """§7.7 defence: declining leaves the Hideout and the victim's hand; play returns to the active player."""
    s = defence_position({BC: 1})
    act(s, "decline")
    assert group(s, 1, SK)["attached"] == ["Hideout"]
    assert s.hand(1) == {"Wyatt Earp": 1, BS: 1}
    assert discard_pile(s) == [WH, BD]
    assert s.phase == "play" and s.current_player() == 0


def test_defence_may_empty_the_victims_hand():
    """§7 general, D14: the defence is not limited by the keep-a-card rule; the round then ends at end of turn (E2)."""
    s = defence_position({BC: 1}, victim_hand={"Wyatt Earp": 1})
    assert same(labels(s), ["defend with Wyatt Earp", "decline"])
    act(s, "defend with Wyatt Earp")
    assert s.hand(1) == {}
    assert s.phase == "play" and s.round == 1
    act(s, "end play step", "discard Wes Hardin")
    assert ("round_end", 0, 2, 0) in s.events()
    assert s.round == 2


def test_defence_does_not_use_the_defenders_allowance():
    """§7.7 defence: the defender's next own turn still has its sheriff allowance (mode 3 against a later Hideout)."""
    s = defence_position({"Stagecoach Robbery": 1}, victim_hand={"Wyatt Earp": 2, BS: 1})
    act(s, "defend with Wyatt Earp", "end play step", "discard Wes Hardin", "take Wes Hardin from the discard pile")
    assert s.current_player() == 1 and field(s, "sheriff_used") == 0
    assert same(labels(s), ["end play step", "play Wyatt Earp mode 1: draw two",
                            "play Wyatt Earp mode 2: search the discard pile",
                            "play Wyatt Earp mode 3: remove a Hideout"])


def test_full_hideout_play_with_successful_defence():
    """§7.6 + §7.7: Hideout shot hit, placement, defence shot hit; discard order shot, Wyatt Earp, shot, Hideout."""
    s = position(3, hands={0: {"Hideout": 1, WH: 1}, 1: {"Wyatt Earp": 1, BS: 1}},
                 tableaus={1: {SK: {"outlaws": 3}}}, discard=[WH], draw={BD: 2})
    act(s, "play Hideout", "shot with Hideout on seat 1's Sundance Kid", "defend with Wyatt Earp")
    assert group(s, 1, SK)["attached"] == []
    assert discard_pile(s) == [WH, BD, "Wyatt Earp", BD, "Hideout"]
    assert s.phase == "play" and s.current_player() == 0


def test_new_hideout_after_removal():
    """§7.6: after a Hideout has been removed, a new Hideout may be placed on that group."""
    s = defence_position({BC: 1})
    act(s, "defend with Wyatt Earp")
    s2 = position(3, hands={0: {"Hideout": 1, WH: 1}}, tableaus={1: {SK: {"outlaws": 3}}}, draw=HIT)
    act(s2, "play Hideout")
    assert labels(s2) == ["shot with Hideout on seat 1's Sundance Kid"]


# ============================================================================ §7.7 Wyatt Earp

def test_wyatt_earp_modes_offered():
    """§14: modes 1 and 2 always; mode 3 only with a Hideout in the player's own tableau."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={1: {SK: {"outlaws": 3, "attached": ["Hideout"]}}},
                 draw=HIT)
    assert same(labels(s), ["end play step", "play Wyatt Earp mode 1: draw two",
                            "play Wyatt Earp mode 2: search the discard pile"])
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {SK: {"outlaws": 3, "attached": ["Hideout"]}}},
                 draw=HIT)
    assert same(labels(s), ["end play step", "play Wyatt Earp mode 1: draw two",
                            "play Wyatt Earp mode 2: search the discard pile",
                            "play Wyatt Earp mode 3: remove a Hideout"])


def test_wyatt_earp_mode1_draws_two_and_uses_the_allowance():
    """§7.7 mode 1: Wyatt Earp first on the pile, then two cards into the hand; drawn sheriff cards not playable."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=[SK], draw={"Bank Robbery": 1, JJ: 1})
    act(s, "play Wyatt Earp mode 1: draw two")
    assert s.hand(0) == {WH: 1, "Bank Robbery": 1, JJ: 1}
    assert discard_pile(s) == [SK, "Wyatt Earp"]
    assert field(s, "draw_n") == 0
    assert s.phase == "play"
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James"])


def test_wyatt_earp_mode2_search_options():
    """§7.7 mode 2, §14: every card type in the discard pile except Wyatt Earp (also not the one just played)."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}},
                 discard=["Bank Robbery", JJ, "Wyatt Earp", JJ, "Photo Belle Starr"], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile")
    assert s.phase == "search" and s.current_player() == 0
    assert discard_pile(s) == ["Bank Robbery", JJ, "Wyatt Earp", JJ, "Photo Belle Starr", "Wyatt Earp"]
    assert same(labels(s), ["search: take Bank Robbery", "search: take Jesse James",
                            "search: take Photo Belle Starr"])


def test_wyatt_earp_mode2_outlaw_card_gives_no_immediate_decision():
    """§7.7 mode 2, D33: an outlaw card taken goes to the hand; the play step continues; it may be melded."""
    s = position(3, hands={0: {"Wyatt Earp": 1, "Bank Robbery": 1, WH: 1}},
                 tableaus={0: {JJ: {"outlaws": 3}}}, discard=["Bank Robbery", JJ, SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Jesse James")
    assert s.phase == "play" and s.current_player() == 0
    assert s.hand(0) == {JJ: 1, "Bank Robbery": 1, WH: 1}
    assert discard_pile(s) == ["Bank Robbery", SK, "Wyatt Earp"]
    assert same(labels(s), ["end play step", "play set: 1 x Jesse James"])


def test_wyatt_earp_mode2_immediate_play_options():
    """§7.7 mode 2, D33: a playable searched sheriff card gives a decision: each way to play it, or keep it."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=["Bank Robbery", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery")
    assert s.phase == "immediate" and s.current_player() == 0
    assert same(labels(s), ["play Bank Robbery", "keep the searched card"])


def test_wyatt_earp_mode2_immediate_play_second_sheriff_card():
    """§7.7 mode 2: the searched Bank Robbery played at once: two sheriff cards in one turn."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=["Bank Robbery", SK], draw={BD: 1})
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery", "play Bank Robbery")
    assert s.phase == "target"
    act(s, "shot with Bank Robbery on Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 3, "photo": 0, "attached": ["Bank Robbery"]}
    assert s.posters() == posters_with(JJ=2000)
    assert s.hand(0) == {WH: 1}
    assert discard_pile(s) == [SK, "Wyatt Earp", BD]
    assert labels(s) == ["end play step"]


def test_wyatt_earp_mode2_kept_card_cannot_be_played_this_turn():
    """§7.7 mode 2, D16, D33: after `keep it` the searched card (and any sheriff card) is not playable this turn."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=["Bank Robbery", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery",
        "keep the searched card")
    assert s.phase == "play" and s.current_player() == 0
    assert s.hand(0) == {"Bank Robbery": 1, WH: 1}
    assert labels(s) == ["end play step"]


def test_wyatt_earp_mode2_searched_wanted_offers_every_way_to_play_it():
    """D33: for a Wanted the immediate options are mode 1 with each outlaw and direction, mode 2 if legal, keep."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={2: {JJ: {"outlaws": 3}}},
                 discard=["Wanted", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Wanted")
    assert s.phase == "immediate"
    assert same(labels(s), WANTED1_ALL + ["play Wanted mode 2", "keep the searched card"])


def test_wyatt_earp_mode2_unplayable_sheriff_card_gives_no_decision():
    """D33: a searched sheriff card that cannot be played now (Photo of an unopened outlaw) gives no decision."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, discard=["Photo Jesse James", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Photo Jesse James")
    assert s.phase == "play"
    assert s.hand(0) == {"Photo Jesse James": 1, WH: 1}
    assert labels(s) == ["end play step"]


def test_wyatt_earp_mode2_searched_photo_of_opened_outlaw():
    """§7.7 mode 2: an immediate Photo needs its outlaw opened; then it can be played at once."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={1: {JJ: {"outlaws": 3}}},
                 discard=["Photo Jesse James", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Photo Jesse James")
    assert same(labels(s), ["play Photo Jesse James", "keep the searched card"])
    act(s, "play Photo Jesse James")
    assert group(s, 0, JJ) == {"outlaws": 0, "photo": 1, "attached": []}
    assert s.posters() == posters_with(JJ=2000)
    assert labels(s) == ["end play step"]


def test_wyatt_earp_mode2_pile_of_only_wyatt_earps_takes_nothing():
    """§7.7 mode 2: if the pile holds nothing but Wyatt Earp cards nothing is taken; the card is still used."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, discard=["Wyatt Earp"], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile")
    assert s.phase == "play"
    assert s.hand(0) == {WH: 1}
    assert discard_pile(s) == ["Wyatt Earp", "Wyatt Earp"]
    assert labels(s) == ["end play step"]


def test_immediate_decision_is_invisible_to_other_seats():
    """§12.5, D33: other seats do not see the immediate-play decision; they see the play step continuing."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}},
                 discard=["Bank Robbery", SK], draw=HIT)
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery")
    for seat in (1, 2):
        assert s.information_set(seat).to_dict()["view"]["phase"] == 1          # "play"
    assert s.information_set(0).to_dict()["view"]["phase"] == 4                 # "immediate"


def test_wyatt_earp_mode3_removes_own_hideout():
    """§7.7 mode 3, §7.9 item 6: Wyatt Earp, shot card, Hideout (top); the CP count again at once; D32 no decline."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}},
                 tableaus={0: {SK: {"outlaws": 3, "attached": ["Bank Robbery", "Hideout"]},
                               JJ: {"outlaws": 3, "attached": ["Hideout"]}}},
                 discard=[BD], draw={BC: 1})
    act(s, "play Wyatt Earp mode 3: remove a Hideout")
    assert s.phase == "target"
    assert same(labels(s), ["shot with Wyatt Earp: remove the Hideout from Sundance Kid",
                            "shot with Wyatt Earp: remove the Hideout from Jesse James"])
    act(s, "shot with Wyatt Earp: remove the Hideout from Sundance Kid")
    assert group(s, 0, SK) == {"outlaws": 3, "photo": 0, "attached": ["Bank Robbery"]}
    assert group(s, 0, JJ)["attached"] == ["Hideout"]
    assert cp(s, 0, SK) == 8 and cp(s, 0, JJ) == 0
    assert discard_pile(s) == [BD, "Wyatt Earp", BC, "Hideout"]
    assert s.phase == "play" and labels(s) == ["end play step"]


def test_wyatt_earp_mode3_failure_changes_nothing():
    """§7.7 mode 3 failure: nothing happens; discard order Wyatt Earp, shot card."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}},
                 tableaus={0: {SK: {"outlaws": 3, "attached": ["Hideout"]}}}, discard=[BD], draw={"Wanted": 1})
    act(s, "play Wyatt Earp mode 3: remove a Hideout")
    assert group(s, 0, SK)["attached"] == ["Hideout"]
    assert cp(s, 0, SK) == 0
    assert discard_pile(s) == [BD, "Wyatt Earp", "Wanted"]
    assert s.phase == "play" and labels(s) == ["end play step"]


# ============================================================================ D32: no decline after a hit

def test_no_decline_after_any_successful_shot():
    """D32, §14: after a successful shot, the options are exactly the legal targets, never a decline."""
    cases = [
        ({"Stagecoach Robbery": 1}, "play Stagecoach Robbery", {0: {JJ: {"outlaws": 3}}}),
        ({"Bank Robbery": 1}, "play Bank Robbery", {0: {JJ: {"outlaws": 3}}}),
        ({"Fastest Gun": 1}, "play Fastest Gun", {0: {JJ: {"outlaws": 3}}}),
        ({"Wanted": 1}, "play Wanted mode 2", {1: {JJ: {"outlaws": 3}}}),
        ({"Hideout": 1}, "play Hideout", {1: {JJ: {"outlaws": 3}}}),
        ({"Wyatt Earp": 1}, "play Wyatt Earp mode 3: remove a Hideout",
         {0: {JJ: {"outlaws": 3, "attached": ["Hideout"]}}}),
    ]
    for card, play, tableaus in cases:
        s = position(3, hands={0: {**card, WH: 1}}, tableaus=tableaus, draw=HIT)
        act(s, play)
        assert s.phase == "target", play
        opts = labels(s)
        assert len(opts) == 1 and opts[0].startswith("shot with"), (play, opts)
        assert "decline" not in opts and "end play step" not in opts


# ============================================================================ D30 independent windows, D33 + defence

def test_photo_window_then_defence_window_in_the_same_turn():
    """D30: a player who used a Photo window may still defend against a Hideout placed later in that turn."""
    s = position(3, hands={0: {JJ: 3, "Hideout": 1, WH: 1}, 1: {"Photo Jesse James": 1, "Wyatt Earp": 1, BS: 1},
                           2: {BK: 2}}, discard=[SK], draw={BD: 2})
    act(s, "play set: 3 x Jesse James", "play Photo Jesse James", "play Hideout")
    assert same(labels(s), ["shot with Hideout on seat 1's Jesse James"])
    act(s, "shot with Hideout on seat 1's Jesse James")
    assert s.phase == "defence" and s.current_player() == 1
    act(s, "defend with Wyatt Earp")
    assert group(s, 1, JJ) == {"outlaws": 0, "photo": 1, "attached": []}
    assert cp(s, 1, JJ) == 4
    assert s.hand(1) == {BS: 1}
    assert discard_pile(s) == [SK, BD, "Wyatt Earp", BD, "Hideout"]
    assert s.phase == "play" and s.current_player() == 0
    assert labels(s) == ["end play step"]


def test_searched_hideout_played_immediately_opens_the_defence_window():
    """§7.7 mode 2 + §7.6: a Hideout taken by a search and played at once works like any Hideout (defence window)."""
    s = position(3, hands={0: {"Wyatt Earp": 1, WH: 1}, 1: {"Wyatt Earp": 1, BS: 1}, 2: {BK: 2}},
                 tableaus={1: {SK: {"outlaws": 3}}}, discard=["Hideout", JJ], draw={BD: 1})
    act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Hideout")
    assert same(labels(s), ["play Hideout", "keep the searched card"])
    act(s, "play Hideout")
    assert s.events() == [shot(0, BD, True)]
    assert discard_pile(s) == [JJ, "Wyatt Earp", BD]
    assert labels(s) == ["shot with Hideout on seat 1's Sundance Kid"]
    act(s, "shot with Hideout on seat 1's Sundance Kid")
    assert group(s, 1, SK)["attached"] == ["Hideout"]
    assert s.phase == "defence" and s.current_player() == 1
    assert same(labels(s), ["defend with Wyatt Earp", "decline"])
