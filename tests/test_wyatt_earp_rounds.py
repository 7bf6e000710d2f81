"""Wyatt Earp rule tests: round setup, shortage, round end, scoring, game end, duel, seeding.

Rules: /work/shared/rules/wyatt-earp.md (§ numbers cited in each docstring).  Every test builds a concrete
position, applies the action(s) and asserts the exact outcome the rules prescribe.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from deadeye.core import new_game
from deadeye.core.wyatt_earp import CARD_COUNTS, CARD_NAMES, OUTLAW_NAMES
from support.we_position import act, discard_pile, field, group, labels, position

X = {name: i for i, name in enumerate(OUTLAW_NAMES)}
C = {name: i for i, name in enumerate(CARD_NAMES)}
EMPTY_GROUP = {"outlaws": 0, "photo": 0, "attached": []}


# ---------------------------------------------------------------------------------------------- helpers

def posters(**rewards) -> list:
    """Seven posters at $1000 each, except the named ones (keyword = outlaw code, e.g. JJ=8000)."""
    codes = {"BS": 0, "BK": 1, "BD": 2, "BC": 3, "JJ": 4, "SK": 5, "WH": 6}
    out = [1000] * 7
    for code, amount in rewards.items():
        out[codes[code]] = amount
    return out


def plus_round(before: list) -> list:
    """§2.3 step 1: every poster gets +$1000 at the next round setup."""
    return [p + 1000 for p in before]


def paid(state) -> dict:
    """Dollars paid by the last action, per (seat, outlaw name), summed over the 'pay' events."""
    out: Counter = Counter()
    for kind, seat, outlaw, thousands in state.events():
        if kind == "pay":
            out[(seat, OUTLAW_NAMES[outlaw])] += thousands * 1000
    return dict(out)


def kinds(state) -> list:
    return [e[0] for e in state.events()]


def last_card_position(players: int, tableaus: dict, *, last: int = 0, money=None, poster=None, **kw):
    """Seat ``last`` is in its play step holding one card (Wanted); every other seat holds one Wyatt Earp.
    'end play step', 'discard Wanted' then ends the round (E1) and scores it."""
    hands = {seat: {"Wyatt Earp": 1} for seat in range(players) if seat != last}
    hands[last] = {"Wanted": 1}
    return position(players, hands=hands, tableaus=tableaus, active=last, money=money, posters=poster, **kw)


def score(players: int, tableaus: dict, *, last: int = 0, money=None, poster=None, **kw):
    """Build the position above and end the round with E1: the round is scored right away."""
    s = last_card_position(players, tableaus, last=last, money=money, poster=poster, **kw)
    act(s, "end play step", "discard Wanted")
    return s


def full_deck_counts() -> list:
    return list(CARD_COUNTS)


# ====================================================================== §2.3 round setup

@pytest.mark.parametrize("players, draw_left", [(2, 57), (3, 47), (4, 37), (5, 27), (6, 17)])
def test_first_round_setup_per_player_count(players, draw_left):
    """§2.1/§2.3: 10 cards each, one face-up discard, draw pile 78 - 10n - 1, posters $1000, money $0."""
    s = new_game("wyatt-earp", players=players, seed=11, first_dealer=0)
    for seat in range(players):
        assert sum(s.hand(seat).values()) == 10
    assert len(discard_pile(s)) == 1
    assert field(s, "draw_n") == draw_left
    assert s.posters() == [1000] * 7
    assert s.money() == [0] * players
    assert s.round == 1
    assert s.phase == "draw"
    assert s.active_player == 1 and s.current_player() == 1
    assert field(s, "reshuffled") == 0
    assert field(s, "opened") == [0] * 7
    assert all(group(s, p, x) == EMPTY_GROUP for p in range(players) for x in OUTLAW_NAMES)
    locations = s.card_locations()
    totals = [sum(locations[k][t] for k in locations) for t in range(len(CARD_NAMES))]
    assert totals == full_deck_counts()
    assert sum(locations["hands"]) == 10 * players
    assert sum(locations["discard"]) == 1
    assert sum(locations["draw"]) == draw_left


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_first_player_is_left_of_dealer(players):
    """§2.3 step 6: the player on the dealer's left (dealer + 1 mod N) takes the first turn."""
    for dealer in range(players):
        s = new_game("wyatt-earp", players=players, seed=3, first_dealer=dealer)
        assert field(s, "dealer") == dealer
        assert s.active_player == (dealer + 1) % players
        assert s.current_player() == (dealer + 1) % players


def test_first_dealer_drawn_from_seed():
    """§2.1 step 3 / D4: without a parameter the first dealer comes from the seed (reproducibly, in range)."""
    dealers = set()
    for seed in range(40):
        a = new_game("wyatt-earp", players=4, seed=seed)
        b = new_game("wyatt-earp", players=4, seed=seed)
        assert field(a, "dealer") == field(b, "dealer")
        assert 0 <= field(a, "dealer") < 4
        assert a.active_player == (field(a, "dealer") + 1) % 4
        dealers.add(field(a, "dealer"))
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("players, draw_left", [(2, 57), (3, 47), (4, 37), (5, 27), (6, 17)])
def test_next_round_setup_deals_again_and_adds_1000_per_poster(players, draw_left):
    """§2.3 (every round): +$1000 on each poster on top of what was left, 10 cards each, one discard,
    fresh draw pile, tableaus empty, nothing opened, no Fastest Gun, reshuffle counter 0."""
    left = posters(BS=0, BK=2000, BD=5000, SK=3000)          # rewards left from earlier rounds
    tableaus = {0: {"Jesse James": {"outlaws": 3, "attached": ["Fastest Gun"]}}}   # 9 CP: captured ($1000)
    last = players - 1
    s = score(players, tableaus, last=last, poster=left, money=[0] * players, reshuffled=True, round=3)
    assert paid(s) == {(0, "Jesse James"): 1000}
    expected = plus_round(left)
    expected[X["Jesse James"]] = 1000                            # emptied by the capture, then +$1000
    assert s.posters() == expected
    assert s.money() == [1000] + [0] * (players - 1)
    assert s.round == 4
    assert s.phase == "draw"
    for seat in range(players):
        assert sum(s.hand(seat).values()) == 10
    assert len(discard_pile(s)) == 1
    assert field(s, "draw_n") == draw_left
    assert field(s, "reshuffled") == 0
    assert field(s, "opened") == [0] * 7
    assert field(s, "fg_seat") == -1 and field(s, "fg_outlaw") == -1
    assert field(s, "sheriff_used") == 0
    assert all(group(s, p, x) == EMPTY_GROUP for p in range(players) for x in OUTLAW_NAMES)
    locations = s.card_locations()
    assert [sum(locations[k][t] for k in locations) for t in range(len(CARD_NAMES))] == full_deck_counts()
    assert field(s, "dealer") == last
    assert s.active_player == (last + 1) % players


def test_no_capture_round_keeps_every_reward_and_adds_1000():
    """§10.2 + §2.3 step 1: nothing captured, all rewards stay and each poster grows by $1000; no money moves."""
    before = posters(JJ=4000, WH=2000)
    tableaus = {0: {"Jesse James": {"outlaws": 3}},              # 6 CP
                1: {"Wes Hardin": {"outlaws": 3}}}               # 6 CP
    s = score(3, tableaus, poster=before)
    assert paid(s) == {}
    assert s.money() == [0, 0, 0]
    assert s.posters() == plus_round(before)
    assert kinds(s) == ["round_end", "new_round"]


# ====================================================================== §2.4 / §9 round end and next dealer

def test_e1_last_card_discarded_next_dealer_is_last_player():
    """§9 E1, §2.4: seat 2 discards its last card; it deals the next round, seat 3 starts."""
    s = last_card_position(4, {}, last=2)
    assert field(s, "dealer") == 1
    act(s, "end play step", "discard Wanted")
    assert s.events() == [("round_end", 2, 1, 0), ("new_round", 2, 2, 0)]
    assert field(s, "dealer") == 2
    assert s.active_player == 3
    assert s.round == 2
    assert s.phase == "draw"


def test_e1_takes_precedence_over_e2():
    """§4.4: the active player's empty hand is checked first (E1) even if another hand is empty too."""
    s = position(3, hands={0: {"Wanted": 1}, 1: {}, 2: {"Hideout": 1}})
    act(s, "end play step", "discard Wanted")
    assert s.events()[0] == ("round_end", 0, 1, 0)
    assert field(s, "dealer") == 0 and s.active_player == 1


def test_e2_after_wanted_mode_1_empties_a_hand():
    """§7.5 mode 1 step 5, §4.4 step 2, §9 E2, §2.4: seat 1 gives away its last card; the round ends after
    seat 0's discard (E2) and seat 0 (whose turn it was) deals next."""
    s = position(3, hands={0: {"Wanted": 1, "Hideout": 1, "Bank Robbery": 1}, 1: {"Jesse James": 1},
                           2: {"Wes Hardin": 2}})
    act(s, "play Wanted mode 1: Jesse James, clockwise")
    assert s.hand(1) == {}
    assert s.hand(0) == {"Jesse James": 1, "Hideout": 1, "Bank Robbery": 1}
    assert s.phase == "play"                                     # the round does not end before the discard
    act(s, "end play step", "discard Hideout")
    assert s.events() == [("round_end", 0, 2, 0), ("new_round", 0, 2, 0)]
    assert field(s, "dealer") == 0
    assert s.active_player == 1


def test_e2_after_out_of_turn_photo_empties_a_hand_and_scores():
    """§7.1 window, D14, §9 E2, §2.4, §10: seat 1 plays its only card (Photo-JJ) out of turn; seat 0 discards,
    E2 ends the round, seat 0 deals. JJ: seat 0 6 CP, seat 1 4 CP, reward 1000+2000+1000 = $4000, shared:
    pass 1 seat 0 $2000, seat 1 $1000; pass 2 seat 0 $1000 (poster empty)."""
    s = position(3, hands={0: {"Jesse James": 3, "Hideout": 2}, 1: {"Photo Jesse James": 1},
                           2: {"Wes Hardin": 2}})
    act(s, "play set: 3 x Jesse James")
    assert s.phase == "photo window" and s.current_player() == 1
    act(s, "play Photo Jesse James")
    assert s.hand(1) == {}
    assert s.posters() == posters(JJ=4000)
    assert s.phase == "play" and s.current_player() == 0
    act(s, "end play step", "discard Hideout")
    assert s.events()[0] == ("round_end", 0, 2, 0)
    assert paid(s) == {(0, "Jesse James"): 3000, (1, "Jesse James"): 1000}
    assert s.money() == [3000, 1000, 0]
    assert s.posters() == [2000] * 4 + [1000] + [2000] * 2
    assert field(s, "dealer") == 0 and s.active_player == 1


def test_e3_second_shortage_next_dealer_is_active_player():
    """§8, §9 E3, §2.4: seat 2 draws two after the reshuffle with an empty pile: round over at once, seat 2 deals."""
    s = position(3, hands={0: {"Wanted": 2}, 1: {"Hideout": 2}, 2: {"Bank Robbery": 2}},
                 discard=["Wes Hardin", "Bob Dalton", "Wyatt Earp"], draw={}, reshuffled=True,
                 active=2, phase="draw")
    act(s, "draw two from the draw pile")
    assert s.events() == [("round_end", 2, 3, 0), ("new_round", 2, 2, 0)]
    assert field(s, "dealer") == 2
    assert s.active_player == 0
    assert s.round == 2


def test_e3_during_defence_shot_last_player_is_the_active_player():
    """§9, §8 last bullet: the defence shot of seat 1 finds the pile short a second time: E3; the active seat 0
    (not the defender) is the last player; the Hideout already placed stays, so seat 1's JJ scores 0 CP and
    the poster keeps its reward (TOTAL 0 < 8)."""
    s = position(3, hands={0: {"Hideout": 1, "Wanted": 1}, 1: {"Wyatt Earp": 1, "Bank Robbery": 1},
                           2: {"Wes Hardin": 1}},
                 tableaus={1: {"Jesse James": {"outlaws": 4}}},
                 draw={"Jesse James": 1}, discard=["Wes Hardin"], reshuffled=True)
    act(s, "play Hideout")
    assert s.events() == [("shot", 0, X["Jesse James"], 1)]
    act(s, "shot with Hideout on seat 1's Jesse James")
    assert s.phase == "defence" and s.current_player() == 1
    act(s, "defend with Wyatt Earp")
    assert s.events() == [("round_end", 0, 3, 0), ("new_round", 0, 2, 0)]
    assert paid(s) == {}
    assert s.money() == [0, 0, 0]
    assert s.posters() == [2000] * 7                             # JJ not captured: hidden group is 0 CP
    assert field(s, "dealer") == 0 and s.active_player == 1


# ====================================================================== §8 TAKE, shortage, reshuffle

def test_exact_shortage_takes_rest_then_reshuffles_discard_pile_including_top_card():
    """§8: one card left, TAKE(2) takes it, reshuffles the whole discard pile (its single top card too)
    and takes the missing card from the new pile."""
    s = position(3, hands={0: {"Jesse James": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 draw={"Hideout": 1}, discard=["Bank Robbery"], phase="draw")
    act(s, "draw two from the draw pile")
    assert s.events() == [("reshuffle", -1, 1, 0)]
    assert s.hand(0) == {"Jesse James": 1, "Hideout": 1, "Bank Robbery": 1}
    assert field(s, "draw_n") == 0
    assert discard_pile(s) == []
    assert field(s, "reshuffled") == 1
    assert s.phase == "play"


def test_exact_shortage_reshuffled_pile_is_the_former_discard_pile():
    """§8: the new draw pile is exactly the former discard pile (all of it); the second card drawn comes from it."""
    s = position(3, hands={0: {"Jesse James": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 draw={"Hideout": 1}, discard=["Wes Hardin", "Wes Hardin", "Bank Robbery"], phase="draw")
    act(s, "draw two from the draw pile")
    assert s.events() == [("reshuffle", -1, 3, 0)]
    hand = Counter(s.hand(0))
    assert hand["Hideout"] == 1 and hand["Jesse James"] == 1 and sum(hand.values()) == 3
    gained = hand - Counter({"Hideout": 1, "Jesse James": 1})
    new_pile = Counter({CARD_NAMES[t]: n for t, n in enumerate(field(s, "draw")) if n})
    assert gained + new_pile == Counter({"Wes Hardin": 2, "Bank Robbery": 1})
    assert field(s, "draw_n") == 2
    assert discard_pile(s) == []
    assert field(s, "reshuffled") == 1


def test_empty_draw_pile_is_not_yet_a_shortage():
    """§8 / D12: taking the last two cards empties the pile without a reshuffle; the shortage (and the first
    reshuffle) happens only when the next player needs a card; the round goes on."""
    s = position(3, hands={0: {"Jesse James": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 draw={"Hideout": 2}, discard=["Bank Robbery"], phase="draw")
    act(s, "draw two from the draw pile")
    assert s.events() == []
    assert field(s, "draw_n") == 0
    assert field(s, "reshuffled") == 0
    assert discard_pile(s) == ["Bank Robbery"]
    act(s, "end play step", "discard Hideout")
    assert s.phase == "draw" and s.active_player == 1
    act(s, "draw two from the draw pile")
    assert s.events() == [("reshuffle", -1, 2, 0)]
    assert s.hand(1) == {"Wanted": 1, "Bank Robbery": 1, "Hideout": 1}
    assert field(s, "reshuffled") == 1
    assert s.phase == "play" and s.round == 1


def test_second_shortage_no_second_reshuffle():
    """§8: with the counter at 1 a shortage never reshuffles again, whatever the discard pile holds: E3."""
    s = position(3, hands={0: {"Jesse James": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 draw={}, discard=["Bank Robbery"] * 4 + ["Wes Hardin"] * 5, reshuffled=True, phase="draw")
    act(s, "draw two from the draw pile")
    assert "reshuffle" not in kinds(s)
    assert s.events() == [("round_end", 0, 3, 0), ("new_round", 0, 2, 0)]


def test_second_shortage_takes_nothing():
    """§8 TAKE: 'if reshuffle_counter == 1: the round ends immediately (E3); nothing is taken'; §9: 'the draw
    pile is left as it is'. The game ends at this scoring (JJ $1000 -> seat 0 reaches $25,000), so the final
    state still shows the draw pile: its single card (a Hideout) must still be there, not in seat 0's hand."""
    s = position(3, hands={0: {"Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 4}}}, draw={"Hideout": 1}, discard=["Wes Hardin"],
                 reshuffled=True, phase="draw", money=[24000, 0, 0])
    act(s, "draw two from the draw pile")
    assert s.events() == [("round_end", 0, 3, 0), ("pay", 0, X["Jesse James"], 1), ("game_end", 0, 25, 1)]
    assert s.phase == "game over"
    assert field(s, "draw_n") == 1
    assert field(s, "draw")[C["Hideout"]] == 1
    assert "Hideout" not in s.hand(0)


def test_take_still_short_after_the_reshuffle_ends_round_cards_taken_stay():
    """§8: empty pile, discard pile of one card: TAKE(2) reshuffles (counter 1), takes that card, still cannot
    supply the second: E3. The card already taken stays in the hand (seen at game end)."""
    s = position(3, hands={0: {"Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 4}}}, draw={}, discard=["Hideout"],
                 phase="draw", money=[24000, 0, 0])
    act(s, "draw two from the draw pile")
    assert s.events() == [("reshuffle", -1, 1, 0), ("round_end", 0, 3, 0), ("pay", 0, X["Jesse James"], 1),
                          ("game_end", 0, 25, 1)]
    # the Hideout was taken into the hand (§9: hand cards are discarded without effect at the round's end)
    assert s.hand(0).get("Hideout", 0) + discard_pile(s).count("Hideout") == 1
    assert field(s, "draw_n") == 0 and field(s, "reshuffled") == 1


def test_take_still_short_after_the_reshuffle_next_round():
    """§8 + §2.4: the same E3 without game end: the round is scored and seat 0 deals the next round."""
    s = position(3, hands={0: {"Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}}, draw={}, discard=["Hideout"],
                 phase="draw")
    act(s, "draw two from the draw pile")
    assert s.events() == [("reshuffle", -1, 1, 0), ("round_end", 0, 3, 0), ("new_round", 0, 2, 0)]
    assert field(s, "dealer") == 0 and s.active_player == 1


def test_shot_at_first_shortage_reshuffles_then_reveals():
    """§6 step 1 + §8: a shot with an empty pile (counter 0) reshuffles the discard pile and reveals a card
    from the new pile; it goes face up onto the (now empty) discard pile; a hit lets the Bank Robbery attach."""
    s = position(3, hands={0: {"Bank Robbery": 1, "Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 3}}}, draw={}, discard=["Wes Hardin"])
    act(s, "play Bank Robbery")
    assert s.events() == [("reshuffle", -1, 1, 0), ("shot", 0, X["Wes Hardin"], 1)]
    assert discard_pile(s) == ["Wes Hardin"]
    assert field(s, "draw_n") == 0 and field(s, "reshuffled") == 1
    assert s.phase == "target"
    act(s, "shot with Bank Robbery on Jesse James")
    assert group(s, 0, "Jesse James") == {"outlaws": 3, "photo": 0, "attached": ["Bank Robbery"]}
    assert s.posters() == posters(JJ=2000)


def test_failed_shot_at_first_shortage():
    """§6, §7.3, §7.9 rule 3: the reshuffled pile yields a sheriff card: miss; Bank Robbery lies on top of it."""
    s = position(3, hands={0: {"Bank Robbery": 1, "Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 3}}}, draw={}, discard=["Hideout"])
    act(s, "play Bank Robbery")
    assert s.events() == [("reshuffle", -1, 1, 0), ("shot", 0, C["Hideout"], 0)]
    assert discard_pile(s) == ["Hideout", "Bank Robbery"]
    assert group(s, 0, "Jesse James") == {"outlaws": 3, "photo": 0, "attached": []}
    assert s.phase == "play" and s.posters() == [1000] * 7


def test_shot_at_second_shortage_ends_round_play_has_no_effect():
    """§6 step 1, §8, D13: the shot cannot be made: E3 at once, the Bank Robbery does nothing. Seat 0's JJ stays
    at 6 CP (with the card it would be 8 and captured), so the poster keeps its reward."""
    s = position(3, hands={0: {"Bank Robbery": 1, "Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 3}}}, draw={}, discard=["Wes Hardin"],
                 reshuffled=True, posters=posters(JJ=3000))
    act(s, "play Bank Robbery")
    assert s.events() == [("round_end", 0, 3, 0), ("new_round", 0, 2, 0)]
    assert s.money() == [0, 0, 0]
    assert s.posters() == plus_round(posters(JJ=3000))


def test_shot_at_second_shortage_card_goes_to_discard_pile():
    """D34 / §8: the abandoned Bank Robbery is put on the discard pile, in no tableau, not in the hand
    (the game ends at this scoring, so the final state shows where it went)."""
    s = position(3, hands={0: {"Bank Robbery": 1, "Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 tableaus={0: {"Jesse James": {"outlaws": 4}}}, draw={}, discard=["Wes Hardin"],
                 reshuffled=True, money=[24000, 0, 0])
    act(s, "play Bank Robbery")
    assert s.events() == [("round_end", 0, 3, 0), ("pay", 0, X["Jesse James"], 1), ("game_end", 0, 25, 1)]
    assert discard_pile(s)[:2] == ["Wes Hardin", "Bank Robbery"]
    assert group(s, 0, "Jesse James") == {"outlaws": 4, "photo": 0, "attached": []}
    assert "Bank Robbery" not in s.hand(0)
    assert s.card_locations()["in_resolution"] == [0] * len(CARD_NAMES)


def test_wyatt_earp_draw_two_at_shortage_reshuffles_its_own_card():
    """§7.7 mode 1 + §7.9 rule 2 + §8: the Wyatt Earp card goes on the pile first, so it is part of the
    reshuffled pile; TAKE(2) gets the last card, then one of {Jesse James, Wyatt Earp}."""
    s = position(3, hands={0: {"Wyatt Earp": 1, "Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}},
                 draw={"Hideout": 1}, discard=["Jesse James"])
    act(s, "play Wyatt Earp mode 1: draw two")
    assert s.events() == [("reshuffle", -1, 2, 0)]
    hand = Counter(s.hand(0))
    gained = hand - Counter({"Wanted": 1, "Hideout": 1})
    assert hand["Hideout"] == 1 and hand["Wanted"] == 1 and sum(gained.values()) == 1
    new_pile = Counter({CARD_NAMES[t]: n for t, n in enumerate(field(s, "draw")) if n})
    assert gained + new_pile == Counter({"Jesse James": 1, "Wyatt Earp": 1})
    assert discard_pile(s) == []


def test_round_goes_on_after_reshuffle_by_taking_from_discard_pile():
    """§8 third bullet: with the counter at 1 and an empty draw pile, taking the top discard is no shortage."""
    s = position(3, hands={0: {"Wanted": 1}, 1: {"Wanted": 1}, 2: {"Wanted": 1}}, draw={},
                 discard=["Wes Hardin", "Hideout"], reshuffled=True, phase="draw")
    assert labels(s) == ["draw two from the draw pile", "take Hideout from the discard pile"]
    act(s, "take Hideout from the discard pile")
    assert s.events() == []
    assert s.phase == "play" and s.round == 1
    assert s.hand(0) == {"Wanted": 1, "Hideout": 1}


# ====================================================================== §10 scoring

def test_capture_points_formula():
    """§10.1: 2 per outlaw card, Photo 4, Stagecoach 1, Bank Robbery 2, Fastest Gun 3; a Hideout makes it 0."""
    s = position(3, hands={0: {"Wanted": 1}}, tableaus={
        0: {"Jesse James": {"outlaws": 2, "photo": 1,
                            "attached": ["Stagecoach Robbery", "Bank Robbery", "Fastest Gun"]},
            "Belle Starr": {"outlaws": 1}},
        1: {"Jesse James": {"outlaws": 1, "attached": ["Bank Robbery", "Bank Robbery"]},
            "Wes Hardin": {"outlaws": 3, "photo": 1, "attached": ["Stagecoach Robbery", "Hideout"]}},
        2: {"Billy the Kid": {"photo": 1}}})
    assert s.capture_points(0, X["Jesse James"]) == 4 + 4 + 1 + 2 + 3
    assert s.capture_points(0, X["Belle Starr"]) == 2
    assert s.capture_points(1, X["Jesse James"]) == 2 + 2 + 2
    assert s.capture_points(1, X["Wes Hardin"]) == 0
    assert s.capture_points(2, X["Billy the Kid"]) == 4
    assert s.capture_points(2, X["Jesse James"]) == 0


def test_threshold_uses_printed_values():
    """§10.1/§10.2: Photo + Stagecoach + Fastest Gun = 4+1+3 = 8 is captured (sole, $2000);
    Photo + Stagecoach + Bank Robbery = 4+1+2 = 7 < 8 is not (reward stays, +$1000)."""
    tableaus = {0: {"Jesse James": {"photo": 1, "attached": ["Stagecoach Robbery", "Fastest Gun"]}},
                1: {"Wes Hardin": {"photo": 1, "attached": ["Stagecoach Robbery", "Bank Robbery"]}}}
    s = score(3, tableaus, poster=posters(JJ=2000, WH=5000))
    assert paid(s) == {(0, "Jesse James"): 2000}
    assert s.money() == [2000, 0, 0]
    assert s.posters() == plus_round(posters(JJ=0, WH=5000))


def test_threshold_total_below_8_leaves_reward_total_8_captured():
    """§10.2: TOTAL 7 (one player 3 outlaws + Stagecoach) stays; TOTAL exactly 8 split 4/4 is captured."""
    tableaus = {0: {"Jesse James": {"outlaws": 3, "attached": ["Stagecoach Robbery"]},
                    "Wes Hardin": {"outlaws": 2}},
                1: {"Wes Hardin": {"outlaws": 2}}}
    s = score(3, tableaus, poster=posters(JJ=5000, WH=4000))
    # WH: 4 vs 4, shared: pass 1 $2000 each -> poster empty
    assert paid(s) == {(0, "Wes Hardin"): 2000, (1, "Wes Hardin"): 2000}
    assert s.money() == [2000, 2000, 0]
    assert s.posters() == plus_round(posters(JJ=5000, WH=0))


def test_hidden_group_counts_zero_also_for_threshold():
    """§7.6 / D6 / §10.1-10.2: seat 0's 4 JJ under a Hideout score 0; TOTAL = seat 1's 6 < 8: no capture."""
    tableaus = {0: {"Jesse James": {"outlaws": 4, "attached": ["Hideout"]}},
                1: {"Jesse James": {"outlaws": 3}}}
    s = score(3, tableaus, poster=posters(JJ=6000))
    assert paid(s) == {}
    assert s.money() == [0, 0, 0]
    assert s.posters() == plus_round(posters(JJ=6000))


def test_sole_capture_with_lead_of_exactly_5():
    """§10.3: A 10 (3 JJ + Photo), B 5 (2 JJ + Stagecoach), C 2: FIRST - SECOND = 5, A takes all $7000."""
    tableaus = {0: {"Jesse James": {"outlaws": 3, "photo": 1}},
                1: {"Jesse James": {"outlaws": 2, "attached": ["Stagecoach Robbery"]}},
                2: {"Jesse James": {"outlaws": 1}}}
    s = score(3, tableaus, poster=posters(JJ=7000), last=1)
    assert paid(s) == {(0, "Jesse James"): 7000}
    assert s.money() == [7000, 0, 0]
    assert s.posters() == plus_round(posters(JJ=0))


def test_sole_capture_alone_second_is_zero():
    """§10.3: only one player has CP (8): SECOND = 0, the whole reward goes to them."""
    s = score(3, {2: {"Bob Dalton": {"outlaws": 4}}}, poster=posters(BD=9000))
    assert paid(s) == {(2, "Bob Dalton"): 9000}
    assert s.money() == [0, 0, 9000]
    assert s.posters() == plus_round(posters(BD=0))


def test_lead_of_4_is_shared():
    """§10.4: A 9 (3 JJ + Fastest Gun), B 5 (2 JJ + Stagecoach), C 2 (not eligible, 7 behind); $5000:
    pass 1 A $2000, B $1000; pass 2 A $1000, B $1000 -> empty. A $3000, B $2000, C $0."""
    tableaus = {0: {"Jesse James": {"outlaws": 3, "attached": ["Fastest Gun"]}},
                1: {"Jesse James": {"outlaws": 2, "attached": ["Stagecoach Robbery"]}},
                2: {"Jesse James": {"outlaws": 1}}}
    s = score(3, tableaus, poster=posters(JJ=5000))
    assert paid(s) == {(0, "Jesse James"): 3000, (1, "Jesse James"): 2000}
    assert s.money() == [3000, 2000, 0]
    assert s.posters() == plus_round(posters(JJ=0))


def test_two_tied_for_first_is_never_sole_capture():
    """§10.3: SECOND = FIRST when two tie (10 and 10, C 2 far behind): shared, pass 1 $2000 each from $5000,
    pass 2 needs $2000 but $1000 is left: it stays on the poster."""
    tableaus = {0: {"Jesse James": {"outlaws": 3, "photo": 1}},
                1: {"Jesse James": {"outlaws": 2,
                                    "attached": ["Fastest Gun", "Bank Robbery", "Stagecoach Robbery"]}},
                2: {"Jesse James": {"outlaws": 1}}}
    s = score(3, tableaus, poster=posters(JJ=5000))
    assert paid(s) == {(0, "Jesse James"): 2000, (1, "Jesse James"): 2000}
    assert s.money() == [2000, 2000, 0]
    assert s.posters() == plus_round(posters(JJ=1000))


def test_worked_example_of_10_4():
    """§10.4 worked example: reward $8000; CP A 8, B 6, C 4, D 3 -> A $4000, B $2000, C $2000, D $0."""
    tableaus = {0: {"Jesse James": {"outlaws": 2, "photo": 1}},                       # A 8
                1: {"Jesse James": {"outlaws": 3}},                                   # B 6
                2: {"Jesse James": {"outlaws": 1, "attached": ["Bank Robbery"]}},     # C 4
                3: {"Jesse James": {"outlaws": 1, "attached": ["Stagecoach Robbery"]}}}  # D 3
    s = last_card_position(4, tableaus, last=3, poster=posters(JJ=8000))
    assert [s.capture_points(p, X["Jesse James"]) for p in range(4)] == [8, 6, 4, 3]
    act(s, "end play step", "discard Wanted")
    assert paid(s) == {(0, "Jesse James"): 4000, (1, "Jesse James"): 2000, (2, "Jesse James"): 2000}
    assert s.money() == [4000, 2000, 2000, 0]
    assert s.posters() == plus_round(posters(JJ=0))


def test_tie_example_of_10_4():
    """§10.4 tie example: reward $6000; CP A 6, B 6, C 2 -> A $2000, B $2000, C $1000; $1000 stays."""
    tableaus = {0: {"Jesse James": {"outlaws": 3}},
                1: {"Jesse James": {"outlaws": 3}},
                2: {"Jesse James": {"outlaws": 1}}}
    s = score(3, tableaus, poster=posters(JJ=6000))
    assert paid(s) == {(0, "Jesse James"): 2000, (1, "Jesse James"): 2000, (2, "Jesse James"): 1000}
    assert s.money() == [2000, 2000, 1000]
    assert s.posters() == plus_round(posters(JJ=1000))


def test_poster_cannot_pay_a_tied_group_lower_down():
    """§10.4 / D11: A 8, B 6, C 6, reward $3000: A $2000, then {B, C} would need $2000 with $1000 left: stop."""
    tableaus = {0: {"Jesse James": {"outlaws": 2, "photo": 1}},
                1: {"Jesse James": {"outlaws": 3}},
                2: {"Jesse James": {"outlaws": 2, "attached": ["Bank Robbery"]}}}
    s = score(3, tableaus, poster=posters(JJ=3000))
    assert paid(s) == {(0, "Jesse James"): 2000}
    assert s.money() == [2000, 0, 0]
    assert s.posters() == plus_round(posters(JJ=1000))


def test_poster_cannot_pay_tied_leaders_at_all():
    """§10.4: A 6, B 6, reward $3000: the tied leaders need $4000 in pass 1: nobody is paid, $3000 stays."""
    tableaus = {0: {"Jesse James": {"outlaws": 3}}, 1: {"Jesse James": {"outlaws": 3}}}
    s = score(3, tableaus, poster=posters(JJ=3000))
    assert paid(s) == {}
    assert s.money() == [0, 0, 0]
    assert s.posters() == plus_round(posters(JJ=3000))


def test_zero_cp_never_shares_d10():
    """§10.4 / D10: A 4, B 4, C 0 (2 JJ hidden): C is within 4 of the leader but has 0 CP: not eligible.
    $6000: pass 1 A, B $2000 each; pass 2 A, B $1000 each -> empty."""
    tableaus = {0: {"Jesse James": {"outlaws": 2}},
                1: {"Jesse James": {"photo": 1}},
                2: {"Jesse James": {"outlaws": 2, "attached": ["Hideout"]}}}
    s = score(4, tableaus, poster=posters(JJ=6000))
    assert paid(s) == {(0, "Jesse James"): 3000, (1, "Jesse James"): 3000}
    assert s.money() == [3000, 3000, 0, 0]
    assert s.posters() == plus_round(posters(JJ=0))


def test_outlaws_are_scored_independently():
    """§10: every outlaw on its own: a sole capture, a shared one and an uncaptured one in the same round."""
    tableaus = {0: {"Belle Starr": {"outlaws": 4}, "Wes Hardin": {"outlaws": 2}},
                1: {"Wes Hardin": {"outlaws": 2}, "Sundance Kid": {"outlaws": 3}}}
    s = score(2, tableaus, poster=posters(BS=3000, WH=6000, SK=7000))
    # BS: 8 vs 0 sole; WH: 4 vs 4 shared, pass 1 $2000 each, pass 2 $1000 each; SK: 6 < 8 stays
    assert paid(s) == {(0, "Belle Starr"): 3000, (0, "Wes Hardin"): 3000, (1, "Wes Hardin"): 3000}
    assert s.money() == [6000, 3000]
    assert s.posters() == plus_round(posters(BS=0, WH=0, SK=7000))


# ====================================================================== §11 game end and duel

def test_game_ends_at_exactly_25000():
    """§11: after scoring, $25,000 ends the game; the richest wins; returns 1/0; no next round is dealt."""
    s = score(3, {0: {"Jesse James": {"outlaws": 4}}}, money=[20000, 0, 3000], poster=posters(JJ=5000), last=1)
    assert s.events() == [("round_end", 1, 1, 0), ("pay", 0, X["Jesse James"], 5), ("game_end", 0, 25, 1)]
    assert s.money() == [25000, 0, 3000]
    assert s.is_terminal() and s.phase == "game over"
    assert s.winner == 0
    assert s.returns() == [1.0, 0.0, 0.0]
    assert s.current_player() == -1 and s.legal_actions() == []
    assert s.round == 1
    assert s.posters() == posters(JJ=0)                          # no round setup: no +$1000


def test_game_goes_on_below_25000():
    """§11 / §10.5: $24,000 after scoring: the next round is dealt."""
    s = score(3, {0: {"Jesse James": {"outlaws": 4}}}, money=[20000, 0, 0], poster=posters(JJ=4000))
    assert s.money() == [24000, 0, 0]
    assert not s.is_terminal() and s.winner == -1
    assert s.round == 2 and s.phase == "draw"
    assert s.returns() == [0.0, 0.0, 0.0]


def test_game_never_ends_mid_round():
    """§11: the check happens only after a round's scoring: a turn ending without a round end goes on."""
    s = position(3, hands={0: {"Wanted": 2}, 1: {"Hideout": 1}, 2: {"Hideout": 1}}, money=[30000, 0, 0])
    act(s, "end play step", "discard Wanted")
    assert not s.is_terminal()
    assert s.phase == "draw" and s.active_player == 1 and s.round == 1
    assert s.events() == []


def test_winner_is_most_money_not_first_past_25000():
    """§11: seat 0 passes $25,000 (JJ scored before WH) but seat 1 ends with more money and wins."""
    tableaus = {0: {"Jesse James": {"outlaws": 4}}, 1: {"Wes Hardin": {"outlaws": 4}}}
    s = score(3, tableaus, money=[20000, 22000, 0], poster=posters(JJ=6000, WH=8000), last=2)
    assert s.money() == [26000, 30000, 0]
    assert s.winner == 1
    assert s.returns() == [0.0, 1.0, 0.0]
    assert s.events()[-1] == ("game_end", 1, 30, 1)


def _tied_finish(draw: dict, *, players: int = 3, tied: tuple = (0, 1), last: int = 2, target: int = 26000):
    """Seats in ``tied`` each take a sole capture that brings them to ``target``; the duel uses ``draw``."""
    names = ["Belle Starr", "Billy the Kid", "Bob Dalton", "Butch Cassidy", "Sundance Kid"]
    tableaus, money, poster = {}, [0] * players, [1000] * 7
    for i, seat in enumerate(tied):
        tableaus[seat] = {names[i]: {"outlaws": 4}}
        poster[X[names[i]]] = 4000
        money[seat] = target - 4000
    s = last_card_position(players, tableaus, last=last, money=money, poster=poster, draw=draw)
    act(s, "end play step", "discard Wanted")
    return s


def _duel_cards(state) -> list:
    return [(seat, CARD_NAMES[card]) for kind, seat, card, _ in state.events() if kind == "duel_card"]


def test_duel_two_players_decided_in_one_exchange():
    """§11 duel: only the tied seats 0 and 1 draw (seat order from the left of last player 2: 0, then 1);
    one Jesse James and one Wanted: the seat with the bullet hole wins at once."""
    s = _tied_finish({"Jesse James": 1, "Wanted": 1})
    cards = _duel_cards(s)
    assert [seat for seat, _ in cards] == [0, 1]
    assert sorted(card for _, card in cards) == ["Jesse James", "Wanted"]
    winner = next(seat for seat, card in cards if card == "Jesse James")
    assert s.winner == winner
    assert s.events()[-1] == ("game_end", winner, 26, 2)
    assert s.returns() == [1.0 if p == winner else 0.0 for p in range(3)]
    assert s.money() == [26000, 26000, 0]
    assert s.is_terminal()


def test_duel_seat_order_starts_left_of_last_player():
    """§11: last player seat 0 is tied with seat 1: cards are taken in the order seat 1, seat 0."""
    s = _tied_finish({"Jesse James": 1, "Wanted": 1}, tied=(0, 1), last=0)
    assert [seat for seat, _ in _duel_cards(s)] == [1, 0]


def test_duel_three_way_one_bullet_hole_wins():
    """§11: three tied seats, cards Jesse James, Wanted, Wanted: both sheriff drawers are out in one exchange."""
    s = _tied_finish({"Jesse James": 1, "Wanted": 2}, players=4, tied=(0, 1, 2), last=3)
    cards = _duel_cards(s)
    assert [seat for seat, _ in cards] == [0, 1, 2]
    assert sorted(card for _, card in cards) == ["Jesse James", "Wanted", "Wanted"]
    winner = next(seat for seat, card in cards if card == "Jesse James")
    assert s.winner == winner
    assert s.events()[-1] == ("game_end", winner, 26, 3)


def _check_duel_rounds(cards: list, n: int, first_exchange: list):
    """Split the duel cards into exchanges and check the §11 elimination rule; returns the last survivor."""
    alive = None
    i = 0
    exchanges = []
    while i < len(cards):
        size = n if alive is None else len(alive)
        exchange = cards[i:i + size]
        exchanges.append(exchange)
        seats = [seat for seat, _ in exchange]
        if alive is not None:
            assert seats == alive
        hits = [seat for seat, card in exchange if C[card] < 7]
        alive = seats if len(hits) in (0, len(seats)) else hits
        i += size
    assert [card for _, card in exchanges[0]] == first_exchange
    assert len(alive) == 1
    return alive[0], exchanges


def test_duel_both_outlaws_repeat_then_regather_d5():
    """§11 + D5: both draw a bullet hole: nobody is out, draw again; the pile (2 cards) is then empty, so all
    78 cards are gathered and shuffled and the duel goes on until exactly one duellist draws an outlaw card."""
    s = _tied_finish({"Jesse James": 2})
    cards = _duel_cards(s)
    winner, exchanges = _check_duel_rounds(cards, 2, ["Jesse James", "Jesse James"])
    assert len(exchanges) >= 2
    assert s.winner == winner
    locations = s.card_locations()
    assert [locations["draw"][t] + locations["aside"][t] for t in range(len(CARD_NAMES))] == full_deck_counts()
    assert sum(locations["aside"]) == 2 * (len(exchanges) - 1)
    assert sum(locations["hands"]) == sum(locations["tableaus"]) == sum(locations["discard"]) == 0


def test_duel_both_sheriffs_repeat():
    """§11: both draw a sheriff card: nobody is eliminated, they draw again (here after a D5 re-gather)."""
    s = _tied_finish({"Wanted": 1, "Hideout": 1})
    cards = _duel_cards(s)
    assert sorted(card for _, card in cards[:2]) == ["Hideout", "Wanted"]
    winner, exchanges = _check_duel_rounds(cards, 2, [cards[0][1], cards[1][1]])
    assert len(exchanges) >= 2
    assert s.winner == winner


def test_duel_regathers_when_pile_short_for_first_exchange():
    """D5: three duellists and only 2 cards left in the draw pile: all 78 cards are gathered at once
    (hands, tableaus, discard pile included) before the first exchange."""
    s = _tied_finish({"Jesse James": 2}, players=4, tied=(0, 1, 2), last=3)
    cards = _duel_cards(s)
    winner, exchanges = _check_duel_rounds(cards, 3, [c for _, c in cards[:3]])
    assert s.winner == winner
    locations = s.card_locations()
    assert [locations["draw"][t] + locations["aside"][t] for t in range(len(CARD_NAMES))] == full_deck_counts()
    assert sum(locations["aside"]) == len(cards)


def test_duel_only_between_players_tied_for_most_money():
    """§11: seat 2 has $25,000 too but less than the tied leaders: it takes no part in the duel."""
    tableaus = {0: {"Belle Starr": {"outlaws": 4}}, 1: {"Billy the Kid": {"outlaws": 4}},
                2: {"Bob Dalton": {"outlaws": 4}}}
    s = last_card_position(4, tableaus, last=3, money=[22000, 22000, 21000, 0],
                           poster=posters(BS=4000, BK=4000, BD=4000), draw={"Jesse James": 1, "Wanted": 1})
    act(s, "end play step", "discard Wanted")
    assert s.money() == [26000, 26000, 25000, 0]
    assert [seat for seat, _ in _duel_cards(s)] == [0, 1]
    assert s.winner in (0, 1)


# ====================================================================== §13 chance comes from the seed

@pytest.mark.parametrize("players, seed", [(2, 2024), (4, 2024), (6, 99)])
def test_same_seed_same_game_at_every_step(players, seed):
    """§13: every random choice comes from the game's seed: two games with the same seed and the same actions
    are equal states (and report the same events) after every action, across round ends."""
    a = new_game("wyatt-earp", players=players, seed=seed)
    b = new_game("wyatt-earp", players=players, seed=seed)
    assert a == b and a.to_dict() == b.to_dict()
    rng = random.Random(7)
    for _ in range(4000):
        if a.is_terminal():
            break
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        action = rng.choice(legal)
        a.apply_action(action)
        b.apply_action(action)
        assert a == b
        assert a.events() == b.events()
    assert a.to_dict() == b.to_dict()
    assert a.round >= 2                                          # the comparison crossed a new deal


def test_different_seeds_give_different_deals():
    """§13 item 2: the deal is drawn from the seed: different seeds give different hands (and face-up card)."""
    deals = set()
    for seed in range(20):
        s = new_game("wyatt-earp", players=4, seed=seed, first_dealer=0)
        deals.add((tuple(tuple(sorted(s.hand(p).items())) for p in range(4)), tuple(discard_pile(s))))
    assert len(deals) == 20


@pytest.mark.parametrize("players, seed", [(3, 9), (4, 68), (2, 359)])
def test_duel_that_gathers_every_card_leaves_no_record_of_hands(players, seed):
    """A duel that gathers all 78 cards again (D5) empties every hand, and with them what history made public about
    hands (known cards, "no" tiers, search records): each seat's view of the finished game is whole, round-trips
    and is given back by its samples (random games known to end so)."""
    state, rng = new_game("wyatt-earp", players=players, seed=seed), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    d = state.to_dict()["state"]
    assert sum(d["hand_n"]) == 0 and sum(d["aside"]) > 0, "the game did not end with a gathering duel"
    assert not any(map(any, d["known"])) and not any(d["n_tiers"]) and d["n_searches"] == 0
    assert type(state).from_dict(state.to_dict()).to_bytes() == state.to_bytes()
    for seat in range(players):
        info = state.information_set(seat)
        assert info.validate() == ""
        assert type(info).from_dict(info.to_dict()) == info
        assert info.sample(seed=seat).information_set(seat) == info
