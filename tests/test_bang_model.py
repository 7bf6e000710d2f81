"""The independent BANG! model (tests/support/bang_model.py) against the rules text itself.

Every test is a concrete position with the exact outcome the rules (../shared/rules/bang-gold-rush.md) give, one per
card, character, equipment card, Gold Rush action and variant rule; then invariants over random games of the model
(cards and equipment conserved, nuggets accounted for, life within bounds, every game ends by a victory). The model
must be right on its own before it can judge the engine (tests/test_bang_reference.py).
"""
from __future__ import annotations

import collections

import pytest

from tests.support import bang_model as m

C = m.find_card
ALIVE, DEAD, GHOST, DEPARTED = m.ALIVE, m.DEAD, m.GHOST, m.DEPARTED


def _remove(s: m.State, c: int) -> None:
    for zone in [s.deck, s.discard, s.transit] + s.hands + s.inplay:
        if c in zone:
            zone.remove(c)
            return
    raise AssertionError(c)


def give(s: m.State, p: int, *cards: int) -> None:
    for c in cards:
        _remove(s, c)
        s.hands[p].append(c)


def put(s: m.State, p: int, *cards: int) -> None:
    for c in cards:
        _remove(s, c)
        s.inplay[p].append(c)


def on_top(s: m.State, *cards: int) -> None:
    """The deck's top cards, first listed on top."""
    for c in reversed(cards):
        _remove(s, c)
        s.deck.insert(0, c)


def onto_discard(s: m.State, *cards: int) -> None:
    for c in cards:
        _remove(s, c)
        s.discard.append(c)


def eq(name: str, k: int = 0) -> int:
    return [e for e in range(24) if m.eq_name(e) == name][k]


def wear(s: m.State, p: int, name: str, k: int = 0) -> int:
    e = eq(name, k)
    s.eq_deck.remove((e, False))
    s.equip[p].append(e)
    return e


def in_row(s: m.State, slot: int, name: str, k: int = 0) -> int:
    """Put that equipment card in the row slot; the card it replaces goes to the equipment deck's bottom, face down."""
    e = eq(name, k)
    if s.eq_row[slot] != e:
        s.eq_deck.remove((e, False))
        s.eq_deck.append((s.eq_row[slot], False))
        s.eq_row[slot] = e
    return e


def purse(s: m.State, p: int, k: int) -> None:
    """Give seat p k nuggets from the supply (accounted for, as the invariants want)."""
    s.nuggets[p] += k
    s.gained += k


def run(s: m.State, *decisions: tuple) -> m.State:
    for d in decisions:
        m.apply(s, d)
        m.check_invariants(s)
    return s


def plain(n: int, **kw) -> m.State:
    """n seats of Willy the Kid's plain cousins: characters whose abilities do not act in phase 2 or on a hit."""
    return m.table(["Kit Carlson"] * n, **kw)


BANG = [C("BANG!", "D", r) for r in range(2, 15)]  # 13 BANG! of diamonds
BANG_C = [C("BANG!", "C", r) for r in range(2, 10)]
MISSED = [C("Missed!", "S", r) for r in range(2, 9)]
BEER = [C("Beer", "H", r) for r in range(6, 12)]
HEART = C("Beer", "H", 6)          # a ♥ card for draw! checks
SPADE_5 = C("Missed!", "S", 5)     # ♠ 5: Dynamite explodes
CLUB = C("BANG!", "C", 2)


# --- the tables ------------------------------------------------------------------------------------------------------

def test_the_deck_and_equipment_tables_match_the_check_sums() -> None:
    names = collections.Counter(n for n, _, _ in m.CARDS)
    assert (names["BANG!"], names["Missed!"], names["Beer"], names["Panic!"], names["Cat Balou"], names["Jail"],
            names["Schofield"]) == (25, 12, 6, 4, 4, 3, 3)
    assert sum(v for k, v in names.items() if k not in m.BLUE) == 63
    assert collections.Counter(s for _, s, _ in m.CARDS) == {"S": 20, "H": 20, "D": 20, "C": 20}
    assert sum(1 for _, s, r in m.CARDS if s == "S" and 2 <= r <= 9) == 10
    assert m.CARDS[0] == ("BANG!", "S", 14) and m.CARDS[79] == ("Winchester", "S", 8)
    costs = {m.eq_name(e): m.eq_cost(e) for e in range(24)}
    assert costs == {"Shot": 1, "Bottle": 2, "Pardner": 2, "Rum": 3, "Union Pacific": 4, "Gold Rush": 5, "Boots": 3,
                     "Calumet": 3, "Gold Pan": 3, "Gun Belt": 2, "Horseshoe": 2, "Lucky Charm": 3, "Pickaxe": 4,
                     "Rucksack": 3, "Wanted": 2}
    assert sum(not m.eq_black(e) for e in range(24)) == 13


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_setup_deals_roles_lives_hands_and_the_row(n: int) -> None:
    s = m.new_game(n, seed=3)
    assert collections.Counter(s.roles) == {r: k for r, k in zip(("Sheriff", "Renegade", "Outlaw", "Deputy"),
                                                                 m.ROLE_COUNTS[n]) if k}
    sheriff = s.roles.index("Sheriff")
    for p in range(n):
        assert s.max_life[p] == m.character_life(s.chars[p]) + (p == sheriff)
    assert s.active == sheriff and s.nuggets == [0] * n and all(e >= 0 for e in s.eq_row)
    assert len(set(s.chars)) == n and s.revealed == [r == "Sheriff" for r in s.roles]
    # every player drew his starting life; the Sheriff has already drawn for his first phase 1
    drawn = sum(len(h) for h in s.hands) + len(s.transit)
    assert drawn + len(s.deck) == 80 and drawn >= sum(s.max_life) + 2 - 1


# --- distance and reach (§5) ------------------------------------------------------------------------------------

def test_distance_counts_participants_the_shorter_way_with_modifiers() -> None:
    s = plain(5)
    assert [m.distance(s, 0, q) for q in (1, 2, 3, 4)] == [1, 2, 2, 1]
    put(s, 1, C("Mustang", "H", 8))
    put(s, 0, C("Scope", "S", 14))
    assert [m.distance(s, 0, q) for q in (1, 2, 3, 4)] == [1, 1, 1, 1]  # never below 1
    assert m.distance(s, 2, 1) == 2 and m.distance(s, 1, 2) == 1  # Mustang +1 for others only
    s = m.table(["Rose Doolan", "Paul Regret", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    assert [m.distance(s, 0, q) for q in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert m.distance(s, 2, 1) == 2 and m.distance(s, 3, 1) == 3
    s = plain(5)
    s.status[1] = DEAD  # eliminated seats leave the circle
    assert [m.distance(s, 0, q) for q in (2, 3, 4)] == [1, 2, 1]


def test_an_active_ghost_keeps_his_seat_and_inactive_ghosts_are_skipped() -> None:
    s = plain(5, ghosts=True)
    s.status[1], s.status[3] = GHOST, GHOST
    s.life[1] = s.life[3] = 0
    assert m.participants(s) == [0, 2, 4] and m.distance(s, 0, 2) == 1
    m.start_turn(s, 1)  # seat 1's ghost turn (Kit Carlson looks at 3 cards)
    assert m.participants(s) == [0, 1, 2, 4] and m.distance(s, 0, 2) == 2 and m.distance(s, 1, 4) == 2


def test_reach_is_the_weapon_range_or_the_colt() -> None:
    s = plain(5)
    give(s, 0, BANG[0])
    assert {d[2] for d in m.legal_decisions(s) if d[0] == "bang"} == {1, 4}
    put(s, 0, C("Schofield", "C", 11))
    assert {d[2] for d in m.legal_decisions(s) if d[0] == "bang"} == {1, 2, 3, 4}
    put(s, 2, C("Mustang", "H", 8))
    assert {d[2] for d in m.legal_decisions(s) if d[0] == "bang"} == {1, 3, 4}


# --- BANG!, Missed!, Barrel (§4.2, §4.4) -------------------------------------------------------------------------

def test_bang_missed_and_the_one_bang_limit() -> None:
    s = plain(4)
    give(s, 0, BANG[3], BANG[4])
    give(s, 1, MISSED[0])
    assert ("bang", BANG[3], 2) not in m.legal_decisions(s)
    run(s, ("bang", BANG[3], 1))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("missed", (MISSED[0],)), ("take_hit",)]
    run(s, ("missed", (MISSED[0],)))
    assert s.life[1] == 4 and s.discard == [BANG[3], MISSED[0]] and s.nuggets[0] == 0
    assert m.to_move(s) == 0 and not [d for d in m.legal_decisions(s) if d[0] == "bang"]  # one BANG! a turn
    s = plain(4)
    give(s, 0, BANG[3])
    run(s, ("bang", BANG[3], 3))  # nothing to answer with: not asked
    assert s.life[3] == 3 and s.nuggets[0] == 1 and m.to_move(s) == 0


def test_a_missed_is_never_played_on_its_own() -> None:
    s = plain(4)
    give(s, 0, MISSED[0])
    assert m.legal_decisions(s) == [("end_phase",)]


def test_barrel_cancels_on_a_heart_only() -> None:
    s = plain(4)
    give(s, 0, BANG[3])
    put(s, 1, C("Barrel", "S", 12))
    on_top(s, HEART)
    run(s, ("bang", BANG[3], 1))
    assert m.legal_decisions(s) == [("barrel",), ("take_hit",)]
    run(s, ("barrel",))
    assert s.life[1] == 4 and s.discard[-1] == HEART
    s = plain(4)
    give(s, 0, BANG[3])
    put(s, 1, C("Barrel", "S", 12))
    give(s, 1, MISSED[0])
    on_top(s, CLUB)
    run(s, ("bang", BANG[3], 1), ("barrel",))
    assert m.legal_decisions(s) == [("missed", (MISSED[0],)), ("take_hit",)]  # the Barrel is spent: Missed! or hit
    run(s, ("take_hit",))
    assert s.life[1] == 3 and s.discard == [BANG[3], CLUB]


def test_jourdonnais_checks_in_addition_to_a_barrel() -> None:
    s = m.table(["Kit Carlson", "Jourdonnais", "Kit Carlson", "Kit Carlson"])
    give(s, 0, BANG[3])
    put(s, 1, C("Barrel", "S", 12))
    on_top(s, CLUB, HEART)
    run(s, ("bang", BANG[3], 1))
    assert m.legal_decisions(s) == [("barrel",), ("jourdonnais",), ("take_hit",)]
    run(s, ("barrel",))
    assert m.legal_decisions(s) == [("jourdonnais",), ("take_hit",)]
    run(s, ("jourdonnais",))
    assert s.life[1] == 4 and s.discard == [BANG[3], CLUB, HEART]


def test_slab_the_killer_needs_two_missed_for_a_bang_card_only() -> None:
    s = m.table(["Slab the Killer", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    give(s, 0, BANG[3], C("Gatling", "H", 10))
    give(s, 1, MISSED[0])
    run(s, ("bang", BANG[3], 1))  # one Missed! is not enough: no partial answer (D27), not even asked
    assert s.life[1] == 3 and s.hands[1] == [MISSED[0]]
    give(s, 3, MISSED[1])
    run(s, ("play", C("Gatling", "H", 10)))  # not a BANG! card: one Missed! each
    assert m.to_move(s) == 1
    run(s, ("missed", (MISSED[0],)))
    assert m.to_move(s) == 3  # seat 2 had nothing: hit
    run(s, ("missed", (MISSED[1],)))
    assert s.life[1:] == [3, 3, 4] and s.nuggets[0] == 2
    s = m.table(["Slab the Killer", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    give(s, 0, BANG[3])
    give(s, 1, MISSED[0], MISSED[1])
    run(s, ("bang", BANG[3], 1))
    assert m.legal_decisions(s) == [("missed", (MISSED[0], MISSED[1])), ("take_hit",)]
    run(s, ("missed", (MISSED[0], MISSED[1])))
    assert s.life[1] == 4 and s.hands[1] == []


def test_lucky_duke_and_a_horseshoe_flip_more_and_choose() -> None:
    s = m.table(["Kit Carlson", "Lucky Duke", "Kit Carlson", "Kit Carlson"])
    give(s, 0, BANG[3])
    put(s, 1, C("Barrel", "S", 12))
    on_top(s, CLUB, HEART, SPADE_5)
    run(s, ("bang", BANG[3], 1), ("barrel",))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("result", CLUB), ("result", HEART)]
    run(s, ("result", HEART))
    assert s.life[1] == 4 and set(s.discard) == {BANG[3], CLUB, HEART} and s.deck[0] == SPADE_5
    wear(s, 1, "Horseshoe")
    give(s, 0, BANG_C[1])
    s.bangs = 0
    on_top(s, CLUB, SPADE_5, MISSED[0])
    run(s, ("bang", BANG_C[1], 1), ("barrel",))
    assert m.legal_decisions(s) == [("result", CLUB), ("result", SPADE_5), ("result", MISSED[0])]  # 3 flipped (D8)
    run(s, ("result", CLUB))
    assert s.life[1] == 3


# --- the other brown cards ---------------------------------------------------------------------------------------

def test_beer_heals_except_with_two_living_and_madam_yto_draws() -> None:
    s = m.table(["Kit Carlson", "Kit Carlson", "Madam Yto", "Kit Carlson"])
    s.life[0] = 3
    give(s, 0, BEER[0], BEER[1])
    top = s.deck[0]
    run(s, ("play", BEER[0]))
    assert s.life[0] == 4 and s.hands[2] == [top]
    s.status[1] = s.status[3] = DEAD
    run(s, ("play", BEER[1]))  # only 2 living: no effect, still a Beer for Madam Yto
    assert s.life[0] == 4 and len(s.hands[2]) == 2


def test_saloon_heals_every_participant() -> None:
    s = plain(4)
    s.life = [2, 4, 1, 3]
    give(s, 0, C("Saloon", "H", 5))
    run(s, ("play", C("Saloon", "H", 5)))
    assert s.life == [3, 4, 2, 4]


def test_stagecoach_and_wells_fargo_draw_from_the_top() -> None:
    s = plain(4)
    give(s, 0, C("Stagecoach", "S", 9), C("Wells Fargo", "H", 3))
    top = s.deck[:5]
    run(s, ("play", C("Stagecoach", "S", 9)))
    assert s.hands[0] == [C("Wells Fargo", "H", 3)] + top[:2]
    run(s, ("play", C("Wells Fargo", "H", 3)))
    assert s.hands[0] == top


def test_general_store_reveals_one_card_per_participant_picked_clockwise() -> None:
    s = plain(4)
    s.status[2] = DEAD
    store = C("General Store", "C", 9)
    give(s, 1, BANG[0])
    give(s, 0, store)
    a, b, c = s.deck[:3]
    run(s, ("play", store))
    assert s.transit == [a, b, c] and m.to_move(s) == 0
    run(s, ("pick", b))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("pick", a), ("pick", c)]
    run(s, ("pick", c))
    assert s.hands == [[b], [BANG[0], c], [], [a]] and s.transit == []  # the last one takes the last card


def test_panic_reaches_distance_one_and_takes_a_blue_card_or_a_random_hand_card() -> None:
    s = plain(5)
    panic = C("Panic!", "H", 11)
    barrel = C("Barrel", "S", 12)
    give(s, 0, panic)
    put(s, 1, barrel)
    give(s, 1, BANG[0])
    give(s, 2, BANG[1])
    put(s, 0, C("Winchester", "S", 8))  # weapons do not help
    assert [d[2:] for d in m.legal_decisions(s) if d[0] == "play"] == [(1, "hand"), (1, barrel)]
    run(s, ("play", panic, 1, barrel))
    assert s.inplay[1] == [] and s.hands[0] == [barrel]
    s = plain(5)
    give(s, 0, panic)
    give(s, 4, BANG[0], BANG[1])
    s.forced = [("card", BANG[1])]
    run(s, ("play", panic, 4, "hand"))
    assert s.hands[0] == [BANG[1]] and s.hands[4] == [BANG[0]]


def test_cat_balou_discards_at_any_distance() -> None:
    s = plain(5)
    cat = C("Cat Balou", "H", 13)
    give(s, 0, cat)
    put(s, 2, C("Mustang", "H", 8))
    run(s, ("play", cat, 2, C("Mustang", "H", 8)))
    assert s.inplay[2] == [] and s.discard == [cat, C("Mustang", "H", 8)]


def test_duel_alternates_and_the_other_duellist_is_the_source() -> None:
    s = plain(4)
    duel = C("Duel", "S", 11)
    give(s, 0, duel, BANG[0])
    give(s, 2, BANG[1], BANG[2])
    run(s, ("play", duel, 2))
    assert m.to_move(s) == 2 and m.legal_decisions(s) == [("discard_bang", BANG[1]), ("discard_bang", BANG[2]),
                                                          ("take_hit",)]
    run(s, ("discard_bang", BANG[1]), ("discard_bang", BANG[0]), ("discard_bang", BANG[2]))
    assert s.life[0] == 4 and s.nuggets == [0, 0, 1, 0]  # seat 0 had nothing left: he lost
    assert s.bangs == 0  # BANG!s discarded in a Duel do not count


def test_indians_each_discards_a_bang_or_loses_and_calumet_skips_diamonds() -> None:
    s = plain(4)
    ind = C("Indians!", "D", 13)
    give(s, 0, ind)
    give(s, 1, BANG[0])
    wear(s, 3, "Calumet")
    run(s, ("play", ind))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("discard_bang", BANG[0]), ("take_hit",)]
    run(s, ("discard_bang", BANG[0]))
    assert s.life == [5, 4, 3, 4] and s.nuggets[0] == 1


def test_gatling_pays_one_nugget_per_life_lost() -> None:
    """The seed's example: a Gatling in a 5-player game where one cancels and three lose 1 life pays 3 nuggets."""
    s = plain(5)
    give(s, 0, C("Gatling", "H", 10))
    give(s, 2, MISSED[0])
    run(s, ("play", C("Gatling", "H", 10)))
    assert m.to_move(s) == 2
    run(s, ("missed", (MISSED[0],)))
    assert s.life == [5, 3, 4, 3, 3] and s.nuggets[0] == 3
    assert s.bangs == 0  # Gatling is no BANG! card


# --- blue cards ------------------------------------------------------------------------------------------------------

def test_jail_escape_on_a_heart_else_the_turn_is_skipped() -> None:
    jail = C("Jail", "S", 10)
    s = m.table(["Kit Carlson", "Willy the Kid", "Willy the Kid", "Kit Carlson"])
    give(s, 0, jail)
    assert {d[2] for d in m.legal_decisions(s) if d[1:2] == (jail,)} == {1, 2, 3}
    run(s, ("play", jail, 1))
    give(s, 0, C("Jail", "H", 4))
    assert {d[2] for d in m.legal_decisions(s) if d[1:2] == (C("Jail", "H", 4),)} == {2, 3}  # not twice, not the Sheriff
    on_top(s, HEART, BANG[0], BANG[1])
    run(s, ("end_phase",))  # seat 0's hand limit is fine; seat 1's turn: escape, then phase 1
    assert s.active == 1 and s.discard == [HEART, jail] and s.hands[1] == [BANG[0], BANG[1]]
    s = m.table(["Kit Carlson", "Don Bell", "Willy the Kid", "Kit Carlson"])
    put(s, 1, jail)
    on_top(s, CLUB, HEART, BANG[0], BANG[1])
    run(s, ("end_phase",))
    assert s.active == 2 and s.hands[1] == [] and s.discard == [CLUB, jail]  # skipped; no Don Bell draw! (D10)
    assert s.hands[2] == [HEART, BANG[0]]


def test_dynamite_explodes_on_two_to_nine_of_spades_else_passes_to_the_next_living() -> None:
    dyn = C("Dynamite", "H", 2)
    s = m.table(["Willy the Kid", "Bart Cassidy", "Willy the Kid", "Willy the Kid"])
    put(s, 1, dyn)
    on_top(s, SPADE_5)
    rest = s.deck[1:6]
    run(s, ("end_phase",))
    # 4 -> 1; Bart draws for the 3 points that did not take him to 0, then his phase-1 draw
    assert s.life[1] == 1 and s.discard == [SPADE_5, dyn] and s.hands[1] == rest
    s = plain(5)
    put(s, 1, dyn)
    on_top(s, C("Missed!", "C", 10))
    s.status[2] = DEAD
    run(s, ("end_phase",))
    assert s.inplay[3] == [dyn] and s.discard == [C("Missed!", "C", 10)]
    s = plain(5, ghosts=True)
    put(s, 1, dyn)
    on_top(s, C("Winchester", "S", 8))  # 8 of spades: explodes
    s.life[1] = 2
    run(s, ("end_phase",))
    assert s.status[1] == GHOST and s.active == 2 and s.nuggets == [0] * 5  # no source, nobody paid (D4)


def test_a_new_weapon_replaces_the_old_and_a_same_named_one_cannot_be_played() -> None:
    s = plain(4)
    sch, sch2, win = C("Schofield", "C", 11), C("Schofield", "C", 12), C("Winchester", "S", 8)
    put(s, 0, sch)
    give(s, 0, sch2, win, C("Barrel", "S", 12), C("Barrel", "S", 13))
    put(s, 0, C("Barrel", "S", 12))
    opts = m.legal_decisions(s)
    assert ("play", sch2) not in opts and ("play", C("Barrel", "S", 13)) not in opts and ("play", win) in opts
    run(s, ("play", win))
    assert s.inplay[0] == [C("Barrel", "S", 12), win] and s.discard == [sch] and m.reach(s, 0) == 5


def test_volcanic_and_willy_the_kid_lift_the_bang_limit_and_calamitys_missed_counts() -> None:
    s = plain(4)
    put(s, 0, C("Volcanic", "S", 10))
    give(s, 0, BANG[0], BANG[1])
    run(s, ("bang", BANG[0], 1))
    assert ("bang", BANG[1], 1) in m.legal_decisions(s)
    s = m.table(["Willy the Kid"] + ["Kit Carlson"] * 3)
    give(s, 0, BANG[0], BANG[1])
    run(s, ("bang", BANG[0], 1))
    assert ("bang", BANG[1], 1) in m.legal_decisions(s)
    s = m.table(["Calamity Janet"] + ["Kit Carlson"] * 3)
    give(s, 0, MISSED[0], BANG[0])
    run(s, ("bang", MISSED[0], 1))  # a Missed! as BANG!: counts toward the limit
    assert s.life[1] == 3 and not [d for d in m.legal_decisions(s) if d[0] == "bang"]


# --- life, dying, elimination, rewards, victory (§7) ---------------------------------------------------------------

def test_the_dying_window_beer_saves_unless_only_two_are_living() -> None:
    s = plain(4)
    give(s, 0, BANG[0], BANG[1])
    give(s, 1, BEER[0])
    s.life[1] = 1
    run(s, ("bang", BANG[0], 1))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("beer", BEER[0]), ("stop",)]
    run(s, ("beer", BEER[0]))
    assert s.life[1] == 1 and s.status[1] == ALIVE
    s = plain(4)  # Sheriff, Renegade, Outlaw, Outlaw: both Outlaws already out
    give(s, 0, BANG[0])
    give(s, 1, BEER[0])
    s.life[1] = 1
    s.status[2] = s.status[3] = DEAD
    run(s, ("bang", BANG[0], 1))  # two living: his Beer cannot save him, so he is not even asked (R5)
    assert s.status[1] == DEAD and s.hands[1] == [] and s.winners == [0] and s.winning_side == "sheriff"


def test_two_saves_from_minus_one() -> None:
    """§7.3's example: at life 2, Dynamite takes him to -1; he needs two saves to end at 1."""
    s = plain(5)
    put(s, 1, C("Dynamite", "H", 2))
    give(s, 1, BEER[0], BEER[1])
    s.life[1] = 2
    on_top(s, SPADE_5)
    run(s, ("end_phase",))
    assert s.life[1] == -1 and m.to_move(s) == 1
    run(s, ("beer", BEER[0]))
    assert s.life[1] == 0 and m.legal_decisions(s) == [("beer", BEER[1]), ("stop",)]
    run(s, ("beer", BEER[1]))
    assert s.life[1] == 1 and s.active == 1 and s.status[1] == ALIVE


def outlaw_at_one(wanted: bool = False) -> m.State:
    s = m.table(["Kit Carlson"] * 5, roles=["Sheriff", "Outlaw", "Outlaw", "Renegade", "Deputy"])
    s.life[1] = 1
    give(s, 0, BANG[0])
    if wanted:
        wear(s, 1, "Wanted")
    return s


def test_killing_an_outlaw_draws_three_and_a_wanted_one_five_cards_and_two_nuggets() -> None:
    s = outlaw_at_one()
    give(s, 1, C("Mustang", "H", 8))
    top = s.deck[:3]
    run(s, ("bang", BANG[0], 1))
    assert s.status[1] == DEAD and s.revealed[1] and s.hands[0] == top and s.nuggets[0] == 1
    assert s.discard == [BANG[0], C("Mustang", "H", 8)]
    s = outlaw_at_one(wanted=True)
    run(s, ("bang", BANG[0], 1))
    assert len(s.hands[0]) == 5 and s.nuggets[0] == 2  # D2
    assert s.eq_deck[-1] == (eq("Wanted"), True)  # equipment to the bottom, face up


def test_the_sheriff_who_kills_a_wanted_deputy_draws_then_discards_everything_but_nuggets() -> None:
    s = m.table(["Kit Carlson"] * 5, roles=["Sheriff", "Outlaw", "Outlaw", "Renegade", "Deputy"])
    s.life[4] = 1
    give(s, 0, BANG[0], BEER[0])
    put(s, 0, C("Barrel", "S", 12))
    wear(s, 0, "Boots")
    wear(s, 4, "Wanted")
    run(s, ("bang", BANG[0], 4))
    assert s.hands[0] == [] and s.inplay[0] == [] and s.equip[0] == [] and s.nuggets[0] == 2
    assert s.status[4] == DEAD and s.winners is None
    assert {e for e, up in s.eq_deck if up} == {eq("Boots"), eq("Wanted")}


def test_a_dynamite_death_rewards_nobody() -> None:
    s = m.table(["Kit Carlson"] * 5, roles=["Sheriff", "Outlaw", "Outlaw", "Renegade", "Deputy"])
    put(s, 1, C("Dynamite", "H", 2))
    s.life[1] = 3
    on_top(s, SPADE_5)
    run(s, ("end_phase",))
    assert s.status[1] == DEAD and s.active == 2 and sum(s.nuggets) == 0
    assert all(len(h) == 0 for h in s.hands[:2] + s.hands[3:])


def test_vulture_sam_takes_hand_and_blue_cards_but_never_equipment() -> None:
    s = m.table(["Kit Carlson", "Kit Carlson", "Vulture Sam", "Kit Carlson", "Kit Carlson"],
                roles=["Sheriff", "Deputy", "Outlaw", "Renegade", "Outlaw"])
    s.life[1] = 1
    give(s, 0, BANG[0])
    give(s, 1, BEER[0])
    put(s, 1, C("Barrel", "S", 12))
    wear(s, 1, "Boots")
    run(s, ("bang", BANG[0], 1), ("take_hit",), ("stop",))
    assert s.hands[2] == [BEER[0], C("Barrel", "S", 12)] and s.eq_deck[-1] == (eq("Boots"), True)
    # the Sheriff killed his Deputy: he discards his hand (empty) and cards in play (none)
    assert s.discard == [BANG[0]]


def test_the_renegade_alone_against_the_sheriff_wins_alone() -> None:
    s = m.table(["Kit Carlson"] * 4, roles=["Renegade", "Sheriff", "Outlaw", "Outlaw"])
    s.max_life = [4, 5, 4, 4]
    s.status[2] = s.status[3] = DEAD
    s.revealed = [False, True, True, True]
    s.life[1] = 1
    give(s, 0, BANG[0])
    run(s, ("bang", BANG[0], 1))
    assert s.winners == [0] and s.winning_side == "renegade" and m.legal_decisions(s) == []


def test_the_outlaws_win_when_the_sheriff_dies_before_the_renegade_is_alone() -> None:
    s = m.table(["Kit Carlson"] * 5, roles=["Renegade", "Sheriff", "Outlaw", "Outlaw", "Deputy"])
    s.status[2] = s.status[3] = DEAD  # both Outlaws already dead
    s.life[1] = 1
    give(s, 0, BANG[0])
    run(s, ("bang", BANG[0], 1))
    assert s.winners == [2, 3] and s.winning_side == "outlaws"


def test_the_sheriffs_side_wins_when_every_outlaw_and_the_renegade_are_out() -> None:
    s = m.table(["Kit Carlson"] * 5, roles=["Sheriff", "Renegade", "Outlaw", "Outlaw", "Deputy"])
    s.status[2] = s.status[3] = s.status[4] = DEAD
    s.life[1] = 1
    give(s, 0, BANG[0])
    run(s, ("bang", BANG[0], 1))
    assert s.winners == [0, 4] and s.winning_side == "sheriff"  # a dead Deputy wins with his Sheriff


# --- characters (§1.2, §1.5, §8.6) -----------------------------------------------------------------------------

def hit_seat_1(char: str, life: int | None = None, **kw) -> m.State:
    """Seat 0 shoots seat 1 (playing char) with a BANG! of diamonds; seat 1 has nothing to answer with."""
    s = m.table(["Kit Carlson", char, "Kit Carlson", "Kit Carlson"], **kw)
    if life is not None:
        s.life[1] = life
    give(s, 0, BANG[0])
    return s


def test_bart_cassidy_draws_per_point_lost_but_not_for_the_last() -> None:
    s = hit_seat_1("Bart Cassidy")
    top = s.deck[0]
    run(s, ("bang", BANG[0], 1))
    assert s.life[1] == 3 and s.hands[1] == [top]
    s = hit_seat_1("Bart Cassidy", life=1)
    give(s, 1, BEER[0])
    run(s, ("bang", BANG[0], 1))
    assert s.life[1] == 0 and s.hands[1] == [BEER[0]] and m.to_move(s) == 1  # no card: straight to the window


def test_el_gringo_takes_a_card_from_the_shooter() -> None:
    s = hit_seat_1("El Gringo")
    give(s, 0, BEER[0])
    run(s, ("bang", BANG[0], 1))
    assert s.life[1] == 2 and s.hands[1] == [BEER[0]] and s.hands[0] == []


def test_simeon_picos_lucky_charm_and_boots_pay_per_point_not_the_last() -> None:
    s = hit_seat_1("Simeon Picos")
    wear(s, 1, "Lucky Charm")
    wear(s, 1, "Boots")
    top = s.deck[0]
    run(s, ("bang", BANG[0], 1))
    assert s.nuggets == [1, 2, 0, 0] and s.hands[1] == [top]
    s = hit_seat_1("Simeon Picos", life=1)
    wear(s, 1, "Lucky Charm")
    run(s, ("bang", BANG[0], 1))
    assert s.nuggets == [1, 0, 0, 0] and s.status[1] == DEAD


def test_calamity_janet_answers_with_a_bang_as_missed() -> None:
    s = hit_seat_1("Calamity Janet")
    give(s, 1, BANG[1])
    run(s, ("bang", BANG[0], 1))
    assert m.legal_decisions(s) == [("missed", (BANG[1],)), ("take_hit",)]
    run(s, ("missed", (BANG[1],)))
    assert s.life[1] == 4


def test_black_jack_draws_a_third_card_on_a_red_second() -> None:
    s = m.table(["Black Jack"] * 4)
    on_top(s, CLUB, BANG[0], BANG[1])
    m.start_turn(s, 1)
    assert s.hands[1] == [CLUB, BANG[0], BANG[1]]
    on_top(s, BANG[2], CLUB, BANG[3])
    m.start_turn(s, 2)
    assert s.hands[2] == [BANG[2], CLUB]


def test_jesse_jones_takes_his_first_card_from_a_hand() -> None:
    s = m.table(["Jesse Jones", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    give(s, 2, BEER[0], BEER[1])
    on_top(s, CLUB)
    m.start_turn(s, 0)
    assert m.legal_decisions(s) == [("draw_normal",), ("draw_from_hand", 2)]
    s.forced = [("card", BEER[1])]
    run(s, ("draw_from_hand", 2))
    assert s.hands[0] == [BEER[1], CLUB] and s.hands[2] == [BEER[0]]


def test_pedro_ramirez_takes_the_top_of_the_discard_pile() -> None:
    s = m.table(["Pedro Ramirez", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    onto_discard(s, BEER[0], BEER[1])
    on_top(s, CLUB)
    m.start_turn(s, 0)
    assert m.legal_decisions(s) == [("draw_normal",), ("draw_from_discard",)]
    run(s, ("draw_from_discard",))
    assert s.hands[0] == [BEER[1], CLUB] and s.discard == [BEER[0]]


def test_kit_carlson_keeps_two_of_three_and_returns_one_on_top() -> None:
    s = plain(4)
    on_top(s, BANG[0], BANG[1], BANG[2])
    m.start_turn(s, 1)
    assert m.legal_decisions(s) == [("kit_return", BANG[0]), ("kit_return", BANG[1]), ("kit_return", BANG[2])]
    run(s, ("kit_return", BANG[1]))
    assert s.hands[1] == [BANG[0], BANG[2]] and s.deck[0] == BANG[1] and s.transit == []


def test_kit_carlson_with_only_two_cards_left_keeps_both() -> None:
    s = plain(4)
    rest = [c for c in s.deck if c not in (BANG[0], BANG[1])]
    for c in rest:
        give(s, 2, c)
    on_top(s, BANG[0], BANG[1])
    m.start_turn(s, 1)
    assert s.hands[1] == [BANG[0], BANG[1]] and s.deck == [] and m.to_move(s) == 1


def test_dutch_will_discards_one_of_two_and_takes_a_nugget() -> None:
    s = m.table(["Dutch Will", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    on_top(s, BANG[0], BEER[0])
    m.start_turn(s, 0)
    assert m.legal_decisions(s) == [("dutch_discard", BANG[0]), ("dutch_discard", BEER[0])]
    run(s, ("dutch_discard", BANG[0]))
    assert s.hands[0] == [BEER[0]] and s.discard == [BANG[0]] and s.nuggets[0] == 1


def test_pickaxe_draws_after_the_whole_phase_one() -> None:
    s = m.table(["Dutch Will", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    wear(s, 0, "Pickaxe")
    on_top(s, BANG[0], BEER[0], CLUB)
    m.start_turn(s, 0)
    run(s, ("dutch_discard", BEER[0]))
    assert s.hands[0] == [BANG[0], CLUB]


def test_sid_ketchum_discards_two_to_heal_in_phase_two_and_in_his_dying_window() -> None:
    s = m.table(["Sid Ketchum", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    give(s, 0, CLUB, BANG[0], BANG[1])
    assert not [d for d in m.legal_decisions(s) if d[0] == "sid"]  # at full life: nothing to heal (D41)
    s.life[0] = 3
    assert ("sid", BANG[0], CLUB) in m.legal_decisions(s)  # (ascending ids: the order does not matter here)
    run(s, ("sid", BANG[0], CLUB))
    assert s.life[0] == 4 and s.hands[0] == [BANG[1]] and s.discard == [BANG[0], CLUB]
    s = hit_seat_1("Sid Ketchum", life=1)
    give(s, 1, CLUB, BANG[1])
    run(s, ("bang", BANG[0], 1))
    assert m.legal_decisions(s) == [("sid", BANG[1], CLUB), ("stop",)]
    run(s, ("sid", BANG[1], CLUB))
    assert s.life[1] == 1 and s.status[1] == ALIVE


def test_suzy_lafayette_draws_at_once_and_may_use_the_card_in_the_duel() -> None:
    s = m.table(["Kit Carlson", "Suzy Lafayette", "Kit Carlson", "Kit Carlson"])
    duel = C("Duel", "S", 11)
    give(s, 0, duel, BANG[0])
    give(s, 1, BANG[1])
    on_top(s, BANG[2], BEER[0])
    run(s, ("play", duel, 1), ("discard_bang", BANG[1]))
    assert s.hands[1] == [BANG[2]]  # her hand emptied: she drew before the Duel went on
    run(s, ("discard_bang", BANG[0]), ("discard_bang", BANG[2]))
    assert s.hands[1] == [BEER[0]] and s.life[0] == 4 and s.nuggets[1] == 1


def test_suzy_lafayette_draws_before_her_own_cards_effect() -> None:
    s = m.table(["Suzy Lafayette", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    give(s, 0, C("Stagecoach", "S", 9))
    a, b, c = s.deck[:3]
    run(s, ("play", C("Stagecoach", "S", 9)))
    assert s.hands[0] == [a, b, c]


def test_don_bell_plays_an_extra_turn_on_a_red_draw_but_not_after_an_extra_turn() -> None:
    s = m.table(["Don Bell", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    on_top(s, C("Beer", "H", 7), BANG[0], BANG[1], CLUB)
    run(s, ("end_phase",))
    assert s.active == 0 and s.turn_is_extra and s.hands[0] == [BANG[0], BANG[1]]
    top = s.deck[0]
    run(s, ("end_phase",))  # phase 3 at 5 life: nothing to discard
    assert s.active == 1 and s.deck[0] != CLUB and CLUB not in s.discard and CLUB in s.transit + s.hands[1]
    assert top == CLUB


def test_jacky_murieta_pays_two_for_a_bang_effect_outside_the_limit() -> None:
    s = m.table(["Jacky Murieta", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    purse(s, 0, 2)
    wear(s, 1, "Calumet")  # no suit: never blocked
    give(s, 0, BANG[0])
    run(s, ("bang", BANG[0], 3), ("jacky", 1))
    assert s.life[1] == 3 and s.life[3] == 3 and s.nuggets[0] == 2  # paid 2, earned 1 + 1
    assert ("jacky", 3) in m.legal_decisions(s)


def test_josh_mccloud_pays_two_for_the_top_equipment_card() -> None:
    s = m.table(["Josh McCloud", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    purse(s, 0, 4)
    s.eq_deck.remove((eq("Union Pacific"), False))
    s.eq_deck.insert(0, (eq("Union Pacific"), False))
    top = s.deck[:4]
    run(s, ("josh",))
    assert s.hands[0] == top and s.nuggets[0] == 2 and s.eq_deck[-1] == (eq("Union Pacific"), True)
    s.eq_deck.remove((eq("Bottle"), False))
    s.eq_deck.insert(0, (eq("Bottle"), False))
    s.life[0] = 3
    run(s, ("josh",))  # a Bottle: he chooses its mode (nobody within 1 has a card to take)
    assert m.legal_decisions(s) == [("josh_use", "beer"), ("josh_use", "bang", 1), ("josh_use", "bang", 3)]
    run(s, ("josh_use", "beer"))
    assert s.life[0] == 4 and s.nuggets[0] == 0 and s.eq_deck[-1] == (eq("Bottle"), True)


def test_josh_mccloud_places_a_drawn_wanted_on_a_participant_without_one() -> None:
    s = m.table(["Josh McCloud", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    purse(s, 0, 2)
    wear(s, 2, "Wanted", 0)
    s.status[3] = DEAD
    s.eq_deck.remove((eq("Wanted", 1), False))
    s.eq_deck.insert(0, (eq("Wanted", 1), False))
    run(s, ("josh",))
    assert m.legal_decisions(s) == [("josh_use", 0), ("josh_use", 1)]
    run(s, ("josh_use", 1))
    assert s.equip[1] == [eq("Wanted", 1)] and s.eq_row == [0, 1, 2]  # the row is not touched


def test_madam_yto_draws_for_a_sold_beer() -> None:
    s = m.table(["Kit Carlson", "Madam Yto", "Kit Carlson", "Kit Carlson"])
    give(s, 0, BEER[0])
    top = s.deck[0]
    run(s, ("sell", BEER[0]))
    assert s.nuggets[0] == 1 and s.hands[1] == [top] and s.discard == [BEER[0]] and s.life[0] == 5


def test_pretty_luzena_buys_her_first_card_a_nugget_cheaper() -> None:
    s = m.table(["Pretty Luzena", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    in_row(s, 0, "Shot")
    in_row(s, 1, "Shot", 1)
    in_row(s, 2, "Gun Belt")
    assert ("buy", 0, 0) in m.legal_decisions(s) and not [d for d in m.legal_decisions(s) if d[:2] == ("buy", 2)]
    run(s, ("buy", 0, 0))  # free
    assert s.nuggets[0] == 0 and s.luzena_used and s.eq_row[0] == eq("Bottle")  # refilled from the top
    assert not [d for d in m.legal_decisions(s) if d[0] == "buy"]  # the second costs full price


def test_raddie_snake_and_a_gold_pan_each_draw_twice_a_turn_for_a_nugget() -> None:
    s = m.table(["Raddie Snake", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    wear(s, 0, "Gold Pan")
    purse(s, 0, 5)
    run(s, ("raddie",), ("raddie",), ("gold_pan",), ("gold_pan",))
    opts = m.legal_decisions(s)
    assert ("raddie",) not in opts and ("gold_pan",) not in opts
    assert s.nuggets[0] == 1 and len(s.hands[0]) == 4
    m.start_turn(s, 0, extra=True)  # the counters reset every turn
    assert ("raddie",) in m.legal_decisions(s) and ("gold_pan",) in m.legal_decisions(s)


# --- Gold Rush: buying, forcing a discard, selling, equipment (§8) ------------------------------------------------

def test_buy_a_shot_refills_the_row_and_heals_any_living_player() -> None:
    s = plain(4)
    purse(s, 0, 1)
    s.life[2] = 2
    run(s, ("buy", 0, 2))
    assert s.life[2] == 3 and s.nuggets[0] == 0 and s.eq_row == [3, 1, 2] and s.eq_deck[-1] == (0, True)


def test_bottle_as_beer_heals_with_two_living_and_as_bang_outside_the_limit() -> None:
    s = plain(4)
    purse(s, 0, 4)
    in_row(s, 0, "Bottle")
    in_row(s, 1, "Bottle", 1)
    s.life[0] = 3
    s.status[2] = s.status[3] = DEAD
    run(s, ("buy", 0, "beer"))
    assert s.life[0] == 4  # D6: not a Beer card
    wear(s, 1, "Calumet")
    give(s, 0, BANG[0])
    run(s, ("buy", 1, "bang", 1))
    assert s.life[1] == 3 and ("bang", BANG[0], 1) in m.legal_decisions(s)  # no suit: Calumet does not stop it


def test_bottle_as_panic_takes_a_card_at_distance_one() -> None:
    s = plain(5)
    purse(s, 0, 2)
    in_row(s, 0, "Bottle")
    put(s, 4, C("Mustang", "H", 8))
    put(s, 2, C("Barrel", "S", 12))
    panics = [d for d in m.legal_decisions(s) if d[:3] == ("buy", 0, "panic")]
    assert panics == []  # the Mustang puts seat 4 at 2; seat 2 is at 2
    give(s, 1, BEER[0])
    run(s, ("buy", 0, "panic", 1, "hand"))
    assert s.hands[0] == [BEER[0]]


def test_pardner_as_duel_cat_balou_and_general_store() -> None:
    s = plain(4)
    purse(s, 0, 6)
    in_row(s, 0, "Pardner")
    in_row(s, 1, "Pardner", 1)
    in_row(s, 2, "Pardner", 2)
    put(s, 2, C("Mustang", "H", 8))
    run(s, ("buy", 0, "duel", 3))
    assert s.life[3] == 3 and s.nuggets[0] == 5  # nobody has a BANG!: the target loses at once
    run(s, ("buy", 1, "catbalou", 2, C("Mustang", "H", 8)))
    assert s.inplay[2] == [] and s.discard[-1] == C("Mustang", "H", 8)
    a, b, c, d = s.deck[:4]
    run(s, ("buy", 2, "store"), ("pick", d), ("pick", c), ("pick", b))
    assert s.hands == [[d], [c], [b], [a]]


def test_rum_heals_one_per_distinct_suit() -> None:
    """The rules' example: hearts, hearts, clubs, spades -> 3 life."""
    s = plain(4)
    purse(s, 0, 3)
    in_row(s, 0, "Rum")
    s.life[0] = 1
    on_top(s, BEER[0], BEER[1], CLUB, MISSED[0])
    run(s, ("buy", 0))
    assert s.life[0] == 4 and s.discard == [BEER[0], BEER[1], CLUB, MISSED[0]]


def test_union_pacific_draws_four() -> None:
    s = plain(4)
    purse(s, 0, 4)
    in_row(s, 0, "Union Pacific")
    top = s.deck[:4]
    run(s, ("buy", 0))
    assert s.hands[0] == top


def test_the_gold_rush_card_ends_the_turn_discards_at_current_life_heals_then_plays_again() -> None:
    s = plain(4)
    purse(s, 0, 5)
    in_row(s, 0, "Gold Rush")
    s.life[0] = 2
    give(s, 0, BANG[0], BANG[1], BANG[2], BANG[3])
    run(s, ("buy", 0))
    assert m.to_move(s) == 0 and m.legal_decisions(s) == [("discard", c) for c in BANG[:4]]
    run(s, ("discard", BANG[0]), ("discard", BANG[1]))
    assert s.life[0] == 5 and s.active == 0 and s.turn_is_extra and len(s.hands[0]) == 2
    assert m.legal_decisions(s)[0][0] == "kit_return"  # the extra turn's phase 1


def test_calumet_stops_diamonds_played_by_others_but_not_in_a_duel() -> None:
    s = plain(4)
    wear(s, 1, "Calumet")
    give(s, 0, BANG[0], C("Duel", "D", 12))
    run(s, ("bang", BANG[0], 1))
    assert s.life[1] == 4 and s.nuggets[0] == 0 and s.discard == [BANG[0]]
    run(s, ("play", C("Duel", "D", 12), 1))
    assert s.life[1] == 3
    s = plain(4)
    wear(s, 1, "Calumet")
    give(s, 0, C("BANG!", "H", 12))
    run(s, ("bang", C("BANG!", "H", 12), 1))
    assert s.life[1] == 3
    s = plain(4)
    wear(s, 1, "Calumet")
    panic = C("Panic!", "D", 8)
    give(s, 0, panic)
    give(s, 1, BEER[0])
    give(s, 3, BEER[1])
    assert [d for d in m.legal_decisions(s) if d[1:2] == (panic,)] == [("play", panic, 1), ("play", panic, 3, "hand")]
    run(s, ("play", panic, 1))  # spent without effect (D12, R15)
    assert s.hands[1] == [BEER[0]] and s.discard == [panic] and s.hands[0] == []


def test_gun_belt_raises_the_hand_limit_to_eight() -> None:
    s = plain(4)
    wear(s, 0, "Gun Belt")
    s.life[0] = 2
    give(s, 0, *BANG[:8])
    run(s, ("end_phase",))
    assert s.active == 1 and s.hands[0] == BANG[:8]
    s = plain(4)
    s.life[0] = 2
    give(s, 0, *BANG[:3])
    run(s, ("end_phase",))
    assert m.to_move(s) == 0 and m.legal_decisions(s) == [("discard", c) for c in BANG[:3]]


def test_horseshoe_flips_one_more_for_a_jail_check() -> None:
    s = plain(4)
    put(s, 1, C("Jail", "S", 10))
    wear(s, 1, "Horseshoe")
    on_top(s, CLUB, HEART)
    run(s, ("end_phase",))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("result", CLUB), ("result", HEART)]
    run(s, ("result", HEART))
    assert s.active == 1 and len(s.hands[1]) == 0 and m.to_move(s) == 1  # escaped: Kit Carlson looks at 3


def test_rucksack_heals_for_two_nuggets_in_phase_two_and_in_the_dying_window() -> None:
    s = plain(4)
    wear(s, 0, "Rucksack")
    purse(s, 0, 2)
    assert ("rucksack",) not in m.legal_decisions(s)  # full life (D41)
    s.life[0] = 4
    run(s, ("rucksack",))
    assert s.life[0] == 5 and s.nuggets[0] == 0
    s = hit_seat_1("Kit Carlson", life=1)
    wear(s, 1, "Rucksack")
    purse(s, 1, 2)
    run(s, ("bang", BANG[0], 1))
    assert m.legal_decisions(s) == [("rucksack",), ("stop",)]
    run(s, ("rucksack",))
    assert s.life[1] == 1 and s.nuggets[1] == 0


def test_wanted_goes_on_a_participant_without_one() -> None:
    s = plain(4)
    purse(s, 0, 4)
    in_row(s, 0, "Wanted")
    in_row(s, 1, "Wanted", 1)
    run(s, ("buy", 0, 2))
    assert s.equip[2] == [eq("Wanted")]
    assert [d[2] for d in m.legal_decisions(s) if d[:2] == ("buy", 1)] == [0, 1, 3]


def test_force_a_discard_costs_one_more_than_the_card_and_never_your_own() -> None:
    s = plain(4)
    wear(s, 0, "Boots")
    wear(s, 2, "Horseshoe")
    wear(s, 3, "Lucky Charm")
    purse(s, 0, 3)
    forces = [d for d in m.legal_decisions(s) if d[0] == "force"]
    assert forces == [("force", 2, eq("Horseshoe"))]  # the Lucky Charm would cost 4
    run(s, ("force", 2, eq("Horseshoe")))
    assert s.equip[2] == [] and s.nuggets[0] == 0 and s.eq_deck[-1] == (eq("Horseshoe"), True)


def test_a_face_up_top_of_the_equipment_deck_is_reshuffled_and_an_empty_deck_leaves_the_slot_empty() -> None:
    s = plain(4)
    purse(s, 0, 2)
    s.eq_deck = [(e, True) for e, _ in s.eq_deck]
    order = [e for e, _ in s.eq_deck][::-1]
    s.forced = [("shuffle", order)]
    run(s, ("buy", 0, 0))
    assert s.eq_row[0] == order[0] and all(not up for _, up in s.eq_deck[:-1]) and s.eq_deck[-1] == (0, True)
    s = plain(4)
    purse(s, 0, 1)
    rest = [e for e, _ in s.eq_deck]
    s.eq_deck = []
    copies: collections.Counter = collections.Counter()
    for e in rest:  # everything else in front of seats 1-3, one of a name each (only the deck matters here)
        copies[m.eq_name(e)] += 1
        s.equip[copies[m.eq_name(e)]].append(e)
    run(s, ("buy", 0, 2))  # the Shot goes to the deck's bottom after its effect and refills the empty slot
    assert s.eq_row == [0, 1, 2] and s.eq_deck == []


def test_beer_may_be_sold_with_two_living_but_saloon_never() -> None:
    s = plain(4)
    s.status[2] = s.status[3] = DEAD
    give(s, 0, BEER[0], C("Saloon", "H", 5))
    assert ("sell", BEER[0]) in m.legal_decisions(s) and ("sell", C("Saloon", "H", 5)) not in m.legal_decisions(s)
    run(s, ("sell", BEER[0]))
    assert s.nuggets[0] == 1


def test_without_gold_rush_there_is_no_equipment_and_no_nugget() -> None:
    s = plain(4, gold_rush=False)
    give(s, 0, BANG[0], BEER[0])
    assert ("sell", BEER[0]) not in m.legal_decisions(s)
    run(s, ("bang", BANG[0], 1))
    assert s.nuggets == [0, 0, 0, 0] and s.eq_row == [-1, -1, -1]


# --- the Ghost Gunslinger variant (§9) ---------------------------------------------------------------------------

def five_with_ghosts() -> m.State:
    return m.table(["Willy the Kid"] * 5, roles=["Sheriff", "Outlaw", "Outlaw", "Renegade", "Deputy"], ghosts=True)


def test_an_eliminated_player_becomes_a_ghost_who_keeps_his_nuggets_and_plays_his_turn() -> None:
    s = five_with_ghosts()
    s.life[1] = 1
    purse(s, 1, 3)
    give(s, 0, BANG[0])
    wear(s, 1, "Boots")
    run(s, ("bang", BANG[0], 1))
    assert s.status[1] == GHOST and s.nuggets[1] == 3 and s.revealed[1] and s.equip[1] == []
    assert 1 not in m.participants(s)
    a, b = s.deck[:2]
    run(s, ("end_phase",))  # the Sheriff has 3 reward cards and 5 life: no discard
    assert s.active == 1 and s.ghost_turn and s.life[1] == 0 and s.hands[1] == [a, b]
    assert m.participants(s) == [0, 1, 2, 3, 4]
    run(s, ("end_phase",))  # hand limit 0: he discards everything, then becomes inactive again
    assert s.active == 2 and s.hands[1] == [] and s.status[1] == GHOST and set(s.discard[-2:]) == {a, b}


def test_a_ghost_cannot_lose_or_gain_life_and_his_cards_in_play_go_at_the_end_of_his_turn() -> None:
    s = five_with_ghosts()
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    on_top(s, C("Duel", "S", 11), C("Mustang", "H", 8))
    m.start_turn(s, 1)
    give(s, 1, BEER[0])
    purse(s, 1, 2)
    run(s, ("play", C("Duel", "S", 11), 0))  # nobody has a BANG!: the ghost loses, and nothing happens
    assert s.life[1] == 0 and s.nuggets[0] == 0
    run(s, ("play", BEER[0]), ("play", C("Mustang", "H", 8)), ("buy", 0, 0))
    assert s.life[1] == 0 and s.inplay[1] == [C("Mustang", "H", 8)]
    run(s, ("end_phase",))
    assert s.inplay[1] == [] and s.discard[-1] == C("Mustang", "H", 8) and s.active == 2


def test_a_ghosts_general_store_serves_the_living_and_him() -> None:
    s = five_with_ghosts()
    s.status[1], s.life[1] = GHOST, 0
    s.status[3], s.life[3] = GHOST, 0
    store = C("General Store", "C", 9)
    on_top(s, BANG[0], BANG[1])
    m.start_turn(s, 1)
    give(s, 1, store)
    run(s, ("play", store))
    assert len(s.transit) == 4 and m.to_move(s) == 1  # 3 living + the ghost (D19)


def test_the_dark_renegade_takes_the_side_with_more_revealed_roles_ties_to_the_outlaws() -> None:
    """The seed's example: Renegade out first -> Dark Deputy (1:0); an Outlaw out -> 1:1 -> Dark Outlaw; a Deputy
    out -> 2:1 -> Dark Deputy."""
    s = m.table(["Willy the Kid"] * 7, roles=["Sheriff", "Renegade", "Outlaw", "Outlaw", "Outlaw", "Deputy", "Deputy"],
                ghosts=True)
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    m.start_turn(s, 1)
    assert s.dark_side == "deputy"
    s.status[2], s.life[2], s.revealed[2] = GHOST, 0, True
    m.start_turn(s, 1)
    assert s.dark_side == "outlaw"
    s.status[5], s.life[5], s.revealed[5] = GHOST, 0, True
    m.start_turn(s, 1)
    assert s.dark_side == "deputy"


def test_a_dark_outlaw_wins_with_the_outlaws_and_an_unchosen_side_loses() -> None:
    s = m.table(["Willy the Kid"] * 5, roles=["Sheriff", "Renegade", "Outlaw", "Outlaw", "Deputy"], ghosts=True)
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    s.dark_side = "outlaw"
    s.life[0] = 1
    s.active = 2
    give(s, 2, BANG[0])
    put(s, 2, C("Schofield", "C", 11))
    run(s, ("bang", BANG[0], 0))
    assert s.winners == [1, 2, 3] and s.winning_side == "outlaws"
    s = m.table(["Willy the Kid"] * 5, roles=["Sheriff", "Renegade", "Outlaw", "Outlaw", "Deputy"], ghosts=True)
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True  # never had a ghost turn: no side (D21)
    s.life[0] = 1
    s.active = 2
    give(s, 2, BANG[0])
    put(s, 2, C("Schofield", "C", 11))
    run(s, ("bang", BANG[0], 0))
    assert s.winners == [2, 3]


def test_a_ghost_outlaw_who_kills_the_sheriff_wins_for_his_side() -> None:
    s = five_with_ghosts()
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    s.life[0] = 1
    on_top(s, BANG[0], BANG[1])
    m.start_turn(s, 1)
    run(s, ("bang", BANG[0], 0))
    assert s.winners == [1, 2] and s.winning_side == "outlaws"


def test_ghosts_depart_when_only_the_sheriff_and_the_renegade_live() -> None:
    s = five_with_ghosts()  # Sheriff 0, Outlaws 1 2, Renegade 3, Deputy 4
    for p in (1, 4):
        s.status[p], s.life[p], s.revealed[p] = GHOST, 0, True
    s.life[2] = 1
    give(s, 0, BANG[0])
    put(s, 0, C("Schofield", "C", 11))
    run(s, ("bang", BANG[0], 2))
    assert s.status == [ALIVE, DEPARTED, DEPARTED, ALIVE, DEPARTED] and s.winners is None
    run(s, ("end_phase",))
    assert s.active == 3
    run(s, ("end_phase",))
    assert s.active == 0  # turns alternate between the two living players


def test_a_ghost_whose_kill_makes_the_ghosts_depart_ends_his_turn_at_once() -> None:
    s = five_with_ghosts()  # Sheriff 0, Outlaws 1 2, Renegade 3, Deputy 4
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    s.status[2], s.life[2], s.revealed[2] = GHOST, 0, True
    s.life[4] = 1
    on_top(s, BANG[0], C("Gatling", "H", 10))
    m.start_turn(s, 2)
    run(s, ("play", C("Gatling", "H", 10)))  # seat 3 first, then the Deputy, then the Sheriff
    assert s.life[3] == 3 and s.life[0] == 5  # the Deputy's death made the ghosts leave: the rest is abandoned
    assert s.status[4] == DEPARTED and s.status[2] == DEPARTED and s.active == 3 and s.hands[2] == []
    assert BANG[0] in s.discard and s.extra_turns == 0


def test_dynamite_skips_inactive_ghosts() -> None:
    s = five_with_ghosts()
    s.status[2], s.life[2] = GHOST, 0
    put(s, 1, C("Dynamite", "H", 2))
    on_top(s, HEART)
    run(s, ("end_phase",))
    assert s.inplay[3] == [C("Dynamite", "H", 2)]


def test_the_two_living_beer_rule_counts_no_ghost() -> None:
    s = five_with_ghosts()  # Sheriff 0, Outlaws 1 2, Renegade 3, Deputy 4
    s.status[1], s.life[1] = GHOST, 0
    s.status[2], s.status[4] = DEAD, DEAD  # (as if without ghosts: only the test's count matters)
    s.life[3] = 1
    give(s, 3, BEER[0])
    m.start_turn(s, 1)  # the ghost's turn: three participants, two living players
    give(s, 1, BANG[2])
    run(s, ("bang", BANG[2], 3))  # the Renegade cannot save himself with his Beer (D20): not even asked
    assert s.status[3] == DEAD and s.winners == [0, 4] and s.winning_side == "sheriff"  # over before step 6


# --- decisions, and random games -----------------------------------------------------------------------------------

def test_an_illegal_decision_is_refused_and_changes_nothing() -> None:
    s = plain(4)
    give(s, 0, BANG[0])
    before = s.clone()
    with pytest.raises(ValueError):
        m.apply(s, ("bang", BANG[0], 2))
    assert s == before


def play_games(n: int, gold_rush: bool, ghosts: bool, seeds: range) -> collections.Counter:
    ends: collections.Counter = collections.Counter()
    for seed in seeds:
        s = m.random_game(n, seed, gold_rush, ghosts)
        assert m.over(s), f"game {n} {seed} {gold_rush} {ghosts} hit the move cap"
        ends[s.winning_side] += 1
        if s.winning_side == "renegade":
            assert s.winners == [s.roles.index("Renegade")] and m.living(s) == s.winners
    return ends


@pytest.mark.parametrize("n", [4, 5, 6, 7])
@pytest.mark.parametrize("gold_rush,ghosts", [(True, False), (False, False), (True, True), (False, True)])
def test_random_games_keep_the_invariants_and_end_by_victory(n: int, gold_rush: bool, ghosts: bool) -> None:
    ends = play_games(n, gold_rush, ghosts, range(8))
    assert sum(ends.values()) == 8


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 5, 6, 7])
@pytest.mark.parametrize("gold_rush,ghosts", [(True, False), (False, False), (True, True), (False, True)])
def test_many_random_games_keep_the_invariants(n: int, gold_rush: bool, ghosts: bool, scale: int) -> None:
    ends = play_games(n, gold_rush, ghosts, range(8, 8 + 60 * scale))
    assert ends["sheriff"] and ends["outlaws"]  # both sides do win sometimes under random play


# --- combinations the rules spell out ----------------------------------------------------------------------------

def test_an_active_player_who_loses_his_duel_and_dies_ends_his_turn_and_the_pardner_goes_back() -> None:
    s = m.table(["Kit Carlson", "Black Jack", "Black Jack", "Black Jack"], roles=["Outlaw", "Sheriff", "Outlaw",
                                                                                   "Renegade"])
    s.max_life = [4, 5, 4, 4]
    s.life = [1, 5, 4, 4]
    purse(s, 0, 2)
    in_row(s, 0, "Pardner")
    give(s, 1, BANG[0])
    run(s, ("buy", 0, "duel", 1), ("discard_bang", BANG[0]))
    # seat 0 had no BANG!: he lost, died, and the Sheriff (the other duellist) drew 3 for the Outlaw, then seat 1's
    # turn began (Black Jack drew 2 or 3)
    assert s.status[0] == DEAD and s.nuggets[1] == 1 and s.active == 1 and not s.turn_is_extra
    assert s.eq_deck[-1] == (eq("Pardner"), True) and s.eq_limbo == [] and len(s.hands[1]) >= 5


def test_the_gold_rush_card_and_don_bell_give_two_extra_turns() -> None:
    s = m.table(["Don Bell", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    purse(s, 0, 5)
    in_row(s, 0, "Gold Rush")
    on_top(s, HEART)
    run(s, ("buy", 0))
    assert s.active == 0 and s.turn_is_extra and s.extra_turns == 1 and HEART in s.discard


def test_rum_flips_one_more_for_lucky_duke_and_for_a_horseshoe() -> None:
    s = m.table(["Lucky Duke", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    purse(s, 0, 3)
    in_row(s, 0, "Rum")
    wear(s, 0, "Horseshoe")
    s.life[0] = 1
    on_top(s, BEER[0], BEER[1], CLUB, BANG[0], MISSED[0], BEER[2])
    run(s, ("buy", 0))
    assert s.life[0] == 5 and s.discard == [BEER[0], BEER[1], CLUB, BANG[0], MISSED[0], BEER[2]]  # 6 flipped, 4 suits


def test_a_general_store_short_of_cards_serves_the_picking_order_until_it_runs_out() -> None:
    s = plain(4)
    store = C("General Store", "S", 12)
    give(s, 0, store)
    for c in list(s.deck[2:]):
        give(s, 3, c)
    a, b = s.deck
    hand3 = list(s.hands[3])
    run(s, ("play", store))
    # two cards in the deck, then the pile is reshuffled: it holds the General Store itself (D46), the third card
    assert s.transit == [a, b, store] and s.discard == [] and s.deck == []
    run(s, ("pick", a), ("pick", store))
    assert s.hands[:3] == [[a], [store], [b]] and s.hands[3] == hand3 and m.to_move(s) == 0  # seat 3 gets nothing


def test_a_ghosts_equipment_and_extra_turn() -> None:
    s = m.table(["Willy the Kid", "Don Bell", "Willy the Kid", "Willy the Kid", "Willy the Kid"],
                roles=["Sheriff", "Outlaw", "Outlaw", "Renegade", "Deputy"], ghosts=True)
    s.status[1], s.life[1], s.revealed[1] = GHOST, 0, True
    purse(s, 1, 3)
    in_row(s, 0, "Boots")
    m.start_turn(s, 1)
    run(s, ("buy", 0))
    assert s.equip[1] == [eq("Boots")]
    on_top(s, C("Beer", "H", 8))
    run(s, ("end_phase",))  # phase 3 (hand limit 0), Don Bell's draw! (red), cleanup, then an extra ghost turn
    assert s.active == 1 and s.turn_is_extra and s.ghost_turn and s.equip[1] == [] and len(s.hands[1]) == 2
    assert (eq("Boots"), True) in s.eq_deck
    run(s, ("end_phase",))
    assert s.active == 2


def test_bart_cassidy_at_two_life_blown_up_draws_one() -> None:
    s = m.table(["Willy the Kid", "Bart Cassidy", "Willy the Kid", "Willy the Kid", "Willy the Kid"])
    put(s, 1, C("Dynamite", "H", 2))
    give(s, 1, BEER[0])
    s.life[1] = 2
    on_top(s, SPADE_5, CLUB)
    run(s, ("end_phase",))
    assert s.life[1] == -1 and s.hands[1] == [BEER[0], CLUB] and m.legal_decisions(s) == [("beer", BEER[0]),
                                                                                          ("stop",)]


def test_random_play_reaches_every_decision() -> None:
    verbs: collections.Counter = collections.Counter()
    for seed in range(40):
        s = m.new_game(4 + seed % 4, seed, gold_rush=True, ghosts=seed % 2 == 0)
        rng = __import__("random").Random(seed)
        while not m.over(s):
            opts = m.legal_decisions(s)
            d = rng.choice(opts)
            if d == ("end_phase",) and len(opts) > 1 and rng.random() < 0.6:
                d = rng.choice(opts[:-1])
            verbs[d[0] if d[0] not in ("play", "bang") else m.card_name(d[1])] += 1
            m.apply(s, d)
    every = {"end_phase", "BANG!", "Missed!", "Beer", "sell", "buy", "force", "sid", "jacky", "josh", "raddie",
             "gold_pan", "rucksack", "draw_normal", "draw_from_hand", "draw_from_discard", "kit_return",
             "dutch_discard", "result", "barrel", "jourdonnais", "missed", "take_hit", "discard_bang", "pick", "beer",
             "stop", "discard", "order_next"} | {n for n, _, _ in m.CARDS if n != "Missed!"}
    assert every - set(verbs) == set()


def test_with_pedro_ramirez_in_the_game_the_owner_orders_cards_discarded_together() -> None:
    s = m.table(["Kit Carlson", "Kit Carlson", "Pedro Ramirez", "Kit Carlson"])
    s.life[1] = 1
    give(s, 0, BANG[0])
    give(s, 1, BEER[0], CLUB)
    s.status[3] = DEAD  # three living: his Beer could save him, but he stops
    run(s, ("bang", BANG[0], 1), ("stop",))
    assert m.to_move(s) == 1 and m.legal_decisions(s) == [("order_next", BEER[0]), ("order_next", CLUB)]
    run(s, ("order_next", CLUB))
    assert s.discard == [BANG[0], CLUB, BEER[0]]  # the Beer ends on top, for Pedro
    s = m.table(["Kit Carlson", "Kit Carlson", "Kit Carlson", "Kit Carlson"])
    s.life[1] = 1
    give(s, 0, BANG[0])
    give(s, 1, BEER[0], CLUB)
    s.status[3] = DEAD
    run(s, ("bang", BANG[0], 1), ("stop",))  # no Pedro: no question, hand order
    assert s.discard == [BANG[0], BEER[0], CLUB]
