"""The encodings every game declares (docs/encodings.md): what a learning model reads of a seat's knowledge.

Every game: the declared features add up to what ``encode()`` writes, every value is in [0, 1], every feature is
written somewhere in random games, the legal mask is the seat's legal actions, and a seat's encoding depends on its
information set alone (its samples, which it cannot tell from the truth, encode the same).  Then concrete positions.
"""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from deadeye.core import GameInfo, new_game
from deadeye.core.features import encoding_layout, encodings_markdown
from support.game_checks import setups

DOCS = Path(__file__).resolve().parent.parent / "docs" / "encodings.md"
MORE_GAMES = 200           # random games beyond the shared positions, for the features of rare situations


def test_every_game_declares_a_versioned_encoding_and_the_docs_show_it(game: GameInfo):
    layout = encoding_layout(game.name)
    assert layout.version >= 1 and layout.size == sum(f.size for f in layout.features) > 0
    assert layout.markdown(game.title) in DOCS.read_text(), \
        "docs/encodings.md is stale: python -m deadeye.core.features > the tables (see the file's head)"


def test_the_docs_hold_exactly_the_generated_tables():
    text = DOCS.read_text()
    assert text.endswith(encodings_markdown()), "regenerate docs/encodings.md's tables (see its head)"


def test_encodings_are_the_declared_size_in_range_and_every_feature_is_used(game: GameInfo, positions):
    """The shared positions first; a feature of a rare situation (BANG!'s ghost and extra turns) may need more
    random games, every setup in turn, every state of them, up to a bound."""
    layout = encoding_layout(game.name)
    used = np.zeros(layout.size, dtype=bool)

    def scan(state) -> None:
        for seat in range(state.num_players()):
            x = state.information_set(seat).encode()
            assert x.dtype == np.float32 and x.shape == (layout.size,)
            assert np.all(x >= 0.0) and np.all(x <= 1.0)
            used[:] |= x != 0

    def unused() -> list[str]:
        return [f.name for at, f in layout.offsets() if not used[at:at + f.size].any()]

    for state in positions:
        scan(state)
    all_setups = setups(game)
    for g in range(MORE_GAMES):
        if not unused():
            break
        state, rng = all_setups[g % len(all_setups)].new(7000 + g), random.Random(g)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            scan(state)
    assert not unused(), f"features never written in {MORE_GAMES} random games: {unused()}"


def test_the_legal_mask_is_the_seats_legal_actions(positions):
    """The seat's legal actions as it knows them: the true ones when it is to move, else none, or those it
    believes it has while another seat decides in a window it cannot see (Wyatt Earp's Photo window, D35)."""
    for state in positions:
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            mask = info.legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (type(state).num_actions,)
            assert np.flatnonzero(mask).tolist() == info.legal_actions()
            if state.current_player() == seat:
                assert info.legal_actions() == state.legal_actions()


def test_twins_encode_alike(positions):
    """Samples of a seat's information set are states it cannot tell from the truth: each encodes, for that
    seat, exactly as the truth does; so does the information set rebuilt from its plain form."""
    rng = random.Random(11)
    for state in positions[::3]:
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            x = info.encode()
            for _ in range(2):
                twin = info.sample(rng.getrandbits(64))
                assert np.array_equal(twin.information_set(seat).encode(), x)
            assert np.array_equal(type(info).from_dict(info.to_dict()).encode(), x)


def test_encode_fills_a_given_buffer_and_refuses_a_wrong_one():
    info = new_game("hearts", players=4, seed=1).information_set(2)
    size = type(info).encoding_size()
    out = np.full(size, 0.5, dtype=np.float32)
    assert info.encode(out) is out and np.array_equal(out, info.encode())
    for bad in (np.zeros(size, dtype=np.float64), np.zeros(size + 1, dtype=np.float32),
                np.zeros((2, size), dtype=np.float32)[:, 0], [0.0] * size):
        with pytest.raises(ValueError, match="float32 array"):
            info.encode(bad)


# ------------------------------------------------------------------------------------------------ Hearts

def hearts_features(info) -> dict:
    layout, x = encoding_layout("hearts"), info.encode()
    return {f.name: x[layout.slice(f.name)] for _, f in layout.offsets()}


def cards(v: np.ndarray, n: int = 52) -> list[list[int]]:
    return [np.flatnonzero(v[i * n:(i + 1) * n]).tolist() for i in range(len(v) // n)]


def test_hearts_encodes_the_hand_the_pass_and_the_turn_seen_from_the_seat():
    state = new_game("hearts", players=4, seed=3)
    pass_dir = state.information_set(0).to_dict()["view"]["pass_dir"]
    for seat in range(4):
        f = hearts_features(state.information_set(seat))
        assert cards(f["hand"]) == [state.hand(seat)]
        assert f["phase"].tolist() == [1, 0] and f["pass_direction"].tolist() == np.eye(4)[pass_dir].tolist()
        assert f["to_move"].tolist() == np.eye(4)[(state.current_player() - seat) % 4].tolist()
        assert f["hand_sizes"].tolist() == [1.0] * 4 and not f["known"].any() and not f["played"].any()
        assert not f["voids"].any() and not f["only_hearts"].any()


def test_hearts_encodes_the_trick_the_pass_and_the_voids():
    """Play on from a seeded deal until a seat fails to follow suit: the trick's cards sit at their players'
    relative places, the viewer's passed and received cards are known, and the void shows for the other seats."""
    state, rng = new_game("hearts", players=4, seed=5), random.Random(2)
    void = None
    while void is None:
        before = state.clone()
        actor = state.current_player()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        last = before.tricks()[-1][1] if before.tricks() else []
        trick = last if len(last) < 4 else []                          # a full trick: this card leads the next
        if trick and action % 4 != trick[0] % 4 and before.information_set(0).to_dict()["view"]["phase"] == 1:
            void = (actor, trick[0] % 4)
    actor, suit = void
    viewer = (actor + 1) % 4
    f = hearts_features(state.information_set(viewer))
    voids = f["voids"].reshape(3, 4)[(actor - viewer) % 4 - 1]
    assert voids[suit] == 1                                            # the void, read off the play
    assert voids.tolist() == [int(s in state.information_set(viewer).voids(actor)) for s in range(4)]
    leader, on_table, _ = state.tricks()[-1]
    if state.tricks()[-1][2] is None:                                  # the trick is still on the table
        for i, card in enumerate(on_table):
            assert cards(f["trick"])[((leader + i) % 4 - viewer) % 4] == [card]
    info = state.information_set(viewer)
    assert cards(f["passed"]) == [sorted(info.passed())] and cards(f["received"]) == [info.received()]


# ------------------------------------------------------------------------------------------------ Kuhn poker

def test_kuhn_poker_encodes_as_openspiels_information_state_tensor():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("kuhn_poker")
    for seed in range(12):
        state, rng = new_game("kuhn-poker", players=2, seed=seed), random.Random(seed)
        theirs = game.new_initial_state()
        theirs.apply_action(state.to_dict()["state"]["card"][0])
        theirs.apply_action(state.to_dict()["state"]["card"][1])
        while True:
            for seat in range(2):
                assert state.information_set(seat).encode().tolist() == theirs.information_state_tensor(seat)
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            theirs.apply_action(action)


# ------------------------------------------------------------------------------------------------ Way Out West

def wow_features(info) -> dict:
    layout, x = encoding_layout("way-out-west"), info.encode()
    return {f.name: x[layout.slice(f.name)] for _, f in layout.offsets()}


def test_way_out_west_encodes_the_start_seen_from_each_seat():
    """A seeded 3-player start with seat 1 first: the placement phase, the seat to move, the turn-order track and
    every purse ($20 each) at each viewer's relative places; the two absent places stay zero."""
    state = new_game("way-out-west", players=3, seed=4, first_player=1)
    assert state.current_player() == 1
    for viewer in range(3):
        f = wow_features(state.information_set(viewer))
        rel = [(viewer + r) % 3 for r in range(3)]                     # the seat at each relative place
        assert f["players"].tolist() == [0, 1, 0, 0]
        assert f["phase"].tolist() == [1, 0, 0, 0, 0, 0, 0]
        assert f["to_move"].tolist() == np.eye(5)[(1 - viewer) % 3].tolist()
        assert f["round"].tolist() == np.eye(12)[0].tolist()
        assert f["money"].tolist() == pytest.approx([0.2, 0.2, 0.2, 0, 0])
        assert f["richest"].tolist() == [1, 1, 1, 0, 0] and f["actions_left"].tolist() == [1, 1, 1, 0, 0]
        spaces = {1: 0, 2: 1, 0: 2}                                    # seat 1 on space 1, then clockwise
        assert f["order"].reshape(5, 5).tolist() == [np.eye(5)[spaces[p]].tolist() for p in rel] + [[0] * 5] * 2
        assert f["bt_supply"].tolist() == [1.0] * 18 + [0.0] * 12
        assert f["farmer_unplaced"].tolist() == [1, 1, 1, 0, 0] and f["wanted_pool"].tolist() == [1.0]
        assert f["boxes_left"].tolist() == [1.0] * 12
        assert not f["cowboys"].any() and not f["buildings"].any() and not f["gf_town"].any()


def test_way_out_west_encodes_the_auction_and_the_board_at_relative_seats():
    """4 players, seat 0 first: starting cowboys, an auction (seat 0 bids $3, the others drop out), then seat 0
    builds a Hotel in Abilene and seat 3 buys two cattle in San Antonia.  Seat 3 sees the auction, seat 2 the board,
    each with the other seats at their places counted from itself."""
    from deadeye.core.way_out_west.data import A_BUILD, A_BUY_CATTLE, A_DROP, A_PLACE, A_RAISE, HOTEL
    sa, ab = 0, 2
    state = new_game("way-out-west", players=4, seed=1, first_player=0)
    for _ in range(3):
        for town in (sa, 1, ab, sa):                                   # seats 0, 1, 2, 3 in turn
            state.apply_action(A_PLACE + town)
    state.apply_action(A_RAISE + 2)                                    # seat 0 bids $3
    state.apply_action(A_DROP)                                         # seat 1 drops out to space 4
    f = wow_features(state.information_set(3))                         # seat 3: seat 0 is place 1, seat 1 place 2
    assert f["phase"].tolist() == [0, 1, 0, 0, 0, 0, 0] and f["to_move"].tolist() == [0, 0, 0, 1, 0]
    assert f["bids"].tolist() == pytest.approx([0, 0.03, 0, 0, 0]) and f["bid_floor"].tolist() == pytest.approx([0.03])
    assert f["high_bidder"].tolist() == [0, 1, 0, 0, 0] and f["in_auction"].tolist() == [1, 1, 0, 1, 0]
    assert f["new_order"].reshape(5, 5)[2].tolist() == np.eye(5)[3].tolist() and f["new_order"].sum() == 1
    assert f["cowboys"].reshape(5, 5)[sa].tolist() == pytest.approx([3 / 9, 3 / 9, 0, 0, 0])
    state.apply_action(A_DROP)                                         # seat 2 to space 3
    state.apply_action(A_DROP)                                         # seat 3 to space 2; seat 0 wins for $3
    state.apply_action(A_BUILD + HOTEL * 5 + ab)                       # seat 0: a Hotel in Abilene ($5)
    state.apply_action(A_BUY_CATTLE + sa * 2 + 1)                      # seat 3: two cattle in San Antonia
    f = wow_features(state.information_set(2))                         # seat 2: seat 3 is place 1, seat 0 place 2
    assert f["phase"].tolist() == [0, 0, 0, 1, 0, 0, 0] and f["to_move"].tolist() == [1, 0, 0, 0, 0]
    assert not f["bids"].any() and not f["new_order"].any()            # the auction is over
    assert f["order"].reshape(5, 5).argmax(axis=1)[:4].tolist() == [2, 1, 0, 3]    # seats 2, 3, 0, 1
    assert f["actions_left"].tolist() == [1, 0.5, 0.5, 1, 0]
    buildings = f["buildings"].reshape(5, 6, 5)
    assert buildings[ab, HOTEL].tolist() == [0, 0, 1, 0, 0] and buildings.sum() == 1
    assert f["control"].reshape(5, 5)[ab].tolist() == [0, 0, 1, 0, 0]
    assert f["control"].reshape(5, 5)[sa].tolist() == [0, 1, 0, 0, 0]
    assert f["cattle"].reshape(5, 5)[sa].tolist() == pytest.approx([0, 2 / 9, 0, 0, 0])
    assert f["town_size"][ab] == pytest.approx(1 / 6) and f["free_spaces"][ab] == pytest.approx(3 / 4)
    assert f["free_corrals"][sa] == pytest.approx(2 / 4)
    assert f["money"].tolist() == pytest.approx([0.2, 0.18, 0.12, 0.2, 0])
    assert f["income"].tolist() == pytest.approx([0, 4 / 60, 3 / 60, 0, 0])        # 2 cattle; 3 cowboys at the Hotel
    assert f["richest"].tolist() == [1, 0, 0, 1, 0]
    # points: seats 2 and 1 tie for the most money (2 each), seat 3 has 2 cattle (San Antonia, of size 0, scores no
    # control), seat 0 its Hotel (1) and the control of Abilene (1)
    assert f["points"].tolist() == pytest.approx([0.02, 0.02, 0.02, 0.02, 0])
    assert f["boxes_left"][0] == pytest.approx(2 / 3) and f["boxes_left"][4 + HOTEL] == 0


def test_way_out_west_encodes_a_gunfight_with_a_third_seats_sheriff():
    """Seat 0 (one cowboy) attacks seat 1's Train in Abilene (three cowboys and the guard); seat 2 owns the Jail
    there.  Seat 1 sees the sheriff choice, then the attack's moment to fire first against the guard and sheriff."""
    from support.wow_position import Board
    from deadeye.core.way_out_west.data import A_GUNFIGHT, A_SHERIFF_IN, JAIL, N_TARGETS, TRAIN
    ab = 2
    state = Board(3).cowboys(ab, 0, 1).build(ab, TRAIN, 1).cowboys(ab, 1, 3).build(ab, JAIL, 2).state()
    state.apply_action(A_GUNFIGHT + ab * N_TARGETS + TRAIN)
    f = wow_features(state.information_set(1))                         # seat 1: seat 2 is place 1, seat 0 place 2
    assert f["phase"].tolist() == [0, 0, 0, 0, 1, 0, 0] and f["to_move"].tolist() == [0, 1, 0, 0, 0]
    assert f["gf_town"].tolist() == np.eye(5)[ab].tolist() and f["gf_target"].tolist() == np.eye(9)[TRAIN].tolist()
    assert f["gf_attacker"].tolist() == [0, 0, 1, 0, 0] and f["gf_defender"].tolist() == [1, 0, 0, 0, 0]
    assert f["gf_jail_owner"].tolist() == [0, 1, 0, 0, 0]
    assert f["gf_cowboys"].tolist() == pytest.approx([1 / 9, 3 / 9]) and f["gf_temps"].tolist() == [0, 0.5]
    assert not f["gf_order"].any() and not f["gf_moment"].any()
    state.apply_action(A_SHERIFF_IN)                                   # the sheriff joins the defense: 1 against 5
    f = wow_features(state.information_set(1))
    assert f["phase"].tolist() == [0, 0, 0, 0, 0, 1, 0] and f["to_move"].tolist() == [0, 0, 1, 0, 0]
    assert f["gf_temps"].tolist() == [0, 1] and f["gf_order"].tolist() == [1, 0, 0]
    assert f["gf_moment"].tolist() == [1, 0]


# ------------------------------------------------------------------------------------------------ Colt Express

def colt_features(info) -> dict:
    layout, x = encoding_layout("colt-express"), info.encode()
    return {f.name: x[layout.slice(f.name)] for _, f in layout.offsets()}


def colt_rows(v: np.ndarray, n: int) -> np.ndarray:
    return v.reshape(-1, n)


def test_colt_express_encodes_a_seeded_start_from_each_seat():
    """Four players at the start of round 1: the viewer's hand per card type, each bandit at its seat's relative
    place with its identity and position, the revealed round card and its turns, the starting loot."""
    from deadeye.core.colt_express import BANDIT_NAMES, TYPE_NAMES

    state = new_game("colt-express", players=4, seed=3)
    truth = state.to_dict()["state"]
    names = state.bandits()
    assert truth["round_card"][0] == 0                                      # R4-1
    for seat in range(4):
        f = colt_features(state.information_set(seat))
        hand = [state.hand(seat).get(t, 0) / 2 for t in TYPE_NAMES] + [0.0] * 7
        assert f["hand"].tolist() == hand and f["hand"].sum() * 2 == 6
        assert f["players"].tolist() == [0, 0, 1, 0, 0] and f["options"].tolist() == [0, 0]
        assert f["round"].tolist() == [1, 0, 0, 0, 0] and f["phase"].tolist() == np.eye(12)[2].tolist()
        assert f["to_move"].tolist() == np.eye(6)[(state.current_player() - seat) % 4].tolist()
        assert f["first_player"].tolist() == np.eye(6)[(state.first_player - seat) % 4].tolist()
        assert f["scheme_turn"].tolist() == [1, 0, 0, 0, 0]
        cards = colt_rows(f["round_cards"], 17)
        assert cards[0].tolist() == np.eye(17)[truth["round_card"][0]].tolist() and not cards[1:].any()
        assert np.flatnonzero(f["turns"]).tolist() == [0, 4, 9, 15]         # R4-1: normal, normal, tunnel, switching
        assert f["round_event"].tolist() == np.eye(8)[0].tolist()           # Angry Marshal
        bandits, positions = colt_rows(f["bandits"], 6), colt_rows(f["positions"], 14)
        for r in range(4):
            name = names[(seat + r) % 4]
            car, level = state.position(name)
            assert bandits[r].tolist() == np.eye(6)[BANDIT_NAMES.index(name)].tolist()
            assert positions[r].tolist() == np.eye(14)[car * 2 + (level == "roof")].tolist()
            assert car in (3, 4) and level == "inside"
        assert not bandits[4:].any() and not positions[4:].any()           # no seats 4, 5, no second bandits
        loot = colt_rows(f["bandit_loot"], 5)
        assert np.allclose(loot[:4], [1 / 24, 0, 0, 0, 250 / 12500]) and not loot[4:].any()
        assert f["marshal"].tolist() == np.eye(7)[0].tolist() and f["neutral_bullets"].tolist() == [1, 0]
        tokens = colt_rows(f["tokens"], 24)
        for r in range(4):                                                  # starting purse r of seat r: $250
            assert tokens[r].tolist() == np.eye(24)[14 + (r - seat) % 4].tolist()[:22] + [1, 0.25]
        wagon_purse = truth["tok_place"].index(8)                           # a purse inside the caboose (car 4)
        assert tokens[wagon_purse].tolist() == np.eye(24)[8].tolist()      # no value known
        assert np.allclose(colt_rows(f["card_counts"], 7)[:4, :2], [6 / 26, 4 / 54])
        assert not f["pile"].any() and not f["unseen"][4 * 13:].any()


def test_colt_express_encodes_the_pile_with_tunnel_cards_hidden():
    """Play the first card offered until a tunnel turn: each face-up card shows at its bandit's relative place with
    its type for every seat; a tunnel card shows face down for all, its type only to its owner; each seat's unseen
    cards count its face-down card."""
    state = new_game("colt-express", players=4, seed=3)
    while True:
        truth = state.to_dict()["state"]
        if any(flags & 1 for flags in truth["pile_flags"][:truth["pile_n"]]) and truth["step"] == 0:
            break
        plays = [a for a in state.legal_actions() if a < 24]
        state.apply_action(plays[0])
    truth = state.to_dict()["state"]
    n = truth["pile_n"]
    assert n == 12 and state.phase == "scheme"                              # two normal turns, one tunnel turn
    for seat in range(4):
        f = colt_features(state.information_set(seat))
        pile = colt_rows(f["pile"], 16)
        for i in range(n):
            owner = truth["controller"][truth["pile_bandit"][i]]
            down = bool(truth["pile_flags"][i] & 1)
            kind = truth["pile_kind"][i]
            assert pile[i, :8].tolist() == np.eye(8)[(owner - seat) % 4].tolist()
            shown = pile[i, 8:14].tolist()
            assert shown == (np.eye(6)[kind % 6].tolist() if not down or owner == seat else [0.0] * 6)
            assert pile[i, 14:].tolist() == [float(down), 0.0]
        assert not pile[n:].any()
        counts, unseen = colt_rows(f["card_counts"], 7), colt_rows(f["unseen"], 13)
        for r in range(1, 4):
            q = (seat + r) % 4
            face_down = sum(1 for i in range(n) if truth["pile_flags"][i] & 1
                            and truth["controller"][truth["pile_bandit"][i]] == q)
            assert face_down >= 1
            assert round(unseen[r - 1].sum() * 2) == round((counts[r, 0] * 26 + counts[r, 1] * 54)) + face_down


def test_colt_express_encodes_the_two_bandits_variant_and_a_robbed_purse():
    """Two players: each seat's second bandit sits at place 6 + r, its cards are kinds 6 .. 11; the setup choices
    show; later a purse robbed from a wagon shows its value to the robber's seat alone."""
    state, rng = new_game("colt-express", players=2, seed=4), random.Random(4)
    while state.phase.startswith("setup"):
        state.apply_action(state.legal_actions()[0])
    truth = state.to_dict()["state"]
    for seat in range(2):
        f = colt_features(state.information_set(seat))
        assert f["players"].tolist() == [1, 0, 0, 0, 0] and f["options"].tolist() == [1, 1]
        bandits, positions = colt_rows(f["bandits"], 6), colt_rows(f["positions"], 14)
        for r in range(2):
            q = (seat + r) % 2
            for slot, place in ((0, r), (1, 6 + r)):
                b = truth["bandit_of"][q][slot]
                assert bandits[place].tolist() == np.eye(6)[b].tolist()
                assert positions[place].tolist() == np.eye(14)[truth["car"][b] * 2].tolist()
            assert f["removed_marshal"][2 * r:2 * r + 2].tolist() == np.eye(2)[truth["removed_marshal"][q]].tolist()
        assert not bandits[2:6].any() and not positions[2:6].any()
        assert sorted(np.flatnonzero(positions[[0, 1, 6, 7]]) % 14) == [6, 6, 8, 8]      # inside cars 3 and 4
        hand = truth["hand"][seat]                                          # one copy of a kind at most: 1 / 2
        assert f["hand"].tolist() == [c / 2 for c in hand[:12]] + [0.0] and sum(hand[6:12]) > 0
    robbed = None
    while robbed is None:
        phase, before = state.phase, state.to_dict()["state"]
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        if phase == "rob" and action - 182 < 18:
            robbed = (action - 182, before["actor"])
        assert not state.is_terminal()
    token, actor = robbed
    robber, slot = truth["controller"][actor], truth["bandit_of"][truth["controller"][actor]].index(actor)
    for seat in range(2):
        t = colt_rows(colt_features(state.information_set(seat))["tokens"], 24)[token]
        assert t[:22].tolist() == np.eye(22)[14 + (robber - seat) % 2 + 6 * slot].tolist()   # held by the robber
        if seat == robber:
            assert t[22:].tolist() == [1.0, pytest.approx(state.token_value(token) / 1000)]
        elif not state.to_dict()["state"]["tok_known"][token] >> seat & 1:
            assert t[22:].tolist() == [0.0, 0.0]


# ------------------------------------------------------------------------------------------------ BANG!

BANG_COPIES = [25, 12, 6, 1, 2, 1, 2, 4, 4, 3, 2, 1, 2, 1, 3, 2, 1, 2, 3, 1, 1, 1]     # per card kind (rules 1.1)


def bang_features(info) -> dict:
    layout, x = encoding_layout("bang"), info.encode()
    return {f.name: x[layout.slice(f.name)] for _, f in layout.offsets()}


def bang_kinds(cards) -> list[float]:
    from deadeye.core.bang.labels import kind_of
    counts = [0] * 22
    for c in cards:
        counts[kind_of(c)] += 1
    return [counts[k] / BANG_COPIES[k] for k in range(22)]


def test_bang_encodes_a_seeded_start_from_each_seat():
    """Five players, Gold Rush: the Sheriff (seat 1, Willy the Kid) in his phase 2.  Each viewer sees its own role
    and the Sheriff's at their relative places and no other role, its hand by id and by kind, every seat's life,
    character and hand size, the circle's distances, the row and the equipment deck; seats 5 and 6 stay zero."""
    from deadeye.core.bang.data import LOC_HAND
    from deadeye.core.bang.labels import equip_kind_of
    state = new_game("bang", players=5, seed=3)
    truth = state.to_dict()["state"]
    sheriff = truth["sheriff"]
    assert sheriff == 1 and state.current_player() == 1 and truth["character"][1] == 15
    for viewer in range(5):
        f = bang_features(state.information_set(viewer))
        rel = [(viewer + r) % 5 for r in range(5)]                     # the seat at each relative place
        assert f["players"].tolist() == [0, 1, 0, 0] and f["options"].tolist() == [1, 0]
        assert f["to_move"].tolist() == np.eye(7)[(sheriff - viewer) % 5].tolist()
        assert f["turn_player"].tolist() == f["to_move"].tolist()
        assert f["decision"].tolist() == np.eye(16)[4].tolist()        # phase 2: play
        assert f["stack"].tolist() == np.eye(14)[1].tolist()           # the play frame alone
        assert f["sheriff"].tolist() == np.eye(7)[(sheriff - viewer) % 5].tolist()
        roles = f["roles"].reshape(7, 6)
        for r in range(7):
            if r == 0:                                                 # its own role
                expected = np.eye(6)[truth["role"][viewer]].tolist()
            elif r < 5 and rel[r] == sheriff:
                expected = np.eye(6)[0].tolist()
            else:                                                      # hidden roles and absent seats
                expected = [0.0] * 6
            assert roles[r].tolist() == expected
        assert f["status"].reshape(7, 5)[:, 0].tolist() == [1] * 5 + [0] * 2
        assert f["life"].tolist() == pytest.approx([truth["life"][p] / 5 for p in rel] + [0, 0])
        assert f["max_life"].tolist() == f["life"].tolist()
        assert f["hand_size"].tolist() == pytest.approx([truth["hand_n"][p] / 10 for p in rel] + [0, 0])
        characters = f["character"].reshape(7, 24)
        assert [int(np.flatnonzero(characters[r])[0]) for r in range(5)] == [truth["character"][p] for p in rel]
        assert not characters[5:].any()
        hand = [c for c in range(80) if truth["loc"][c] == LOC_HAND + viewer]
        assert np.flatnonzero(f["hand"]).tolist() == hand
        assert f["hand_kinds"].tolist() == pytest.approx(bang_kinds(hand))
        assert f["unseen"].tolist() == pytest.approx([1 - h for h in bang_kinds(hand)])
        assert not f["known_hands"].any() and not f["unseen_in_hands"].any() and not f["discard_kinds"].any()
        circle = [[min(abs(a - b), 5 - abs(a - b)) if a < 5 and b < 5 else 0 for b in range(7)] for a in range(7)]
        assert np.allclose(f["distance"].reshape(7, 7), np.array(circle) / 5)
        assert f["in_reach"].reshape(7, 7).tolist() == (np.array(circle) == 1).astype(float).tolist()
        assert f["reach"].tolist() == pytest.approx([0.2] * 5 + [0, 0])
        assert f["piles"].tolist() == pytest.approx([truth["deck_n"] / 80, 0, 21 / 24, 0])
        row = [equip_kind_of(e) for e in truth["eq_row"]]
        assert f["row"].reshape(3, 15).tolist() == [np.eye(15)[k].tolist() for k in row]
        copies = [3, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3]
        assert f["equipment_deck"].tolist() == pytest.approx([(copies[k] - row.count(k)) / copies[k]
                                                              for k in range(15)])
        for name in ("bang", "multi", "duel", "dying", "steal", "target_for", "transit", "in_play", "equipment",
                     "suspicion", "winner", "tops", "turn"):
            assert not f[name].any(), name


def test_bang_encodes_a_bang_reply_and_the_cards_in_play_at_relative_seats():
    """Four players: the Sheriff (seat 0, a Schofield) shoots seat 1 (Barrel and Mustang, at distance 2); seat 2
    wears Boots, seat 3 a Wanted.  Seat 2 sees the shot at its relative places: the target naming, then the reply
    asked of seat 1, then the failed Barrel draw! on the discard pile."""
    from support.bang_position import Table
    from deadeye.core.bang.data import A_BARREL, A_CARD, A_PASS, A_SEAT
    table = (Table(4).give(0, 1, 37).in_play(0, 74).give(1, 25).in_play(1, 63, 69)
             .equip(2, 13).equip(3, 21).set(nuggets={2: 3}, suspicion={1: 12, 3: -6}).top(44))
    state = table.state(0)
    state.apply_action(A_CARD + 1)                                     # BANG! Q♥: name the target
    f = bang_features(state.information_set(2))                        # seat 2: seat 3 is place 1, seat 0 place 2
    assert f["decision"].tolist() == np.eye(16)[5].tolist() and f["target_for"].tolist() == np.eye(12)[0].tolist()
    assert f["to_move"].tolist() == np.eye(7)[2].tolist()
    state.apply_action(A_SEAT + 1)
    assert state.current_player() == 1
    assert state.legal_actions() == [A_CARD + 25, A_PASS, A_BARREL]
    f = bang_features(state.information_set(2))
    assert f["decision"].tolist() == np.eye(16)[8].tolist()            # the reply to a BANG! effect
    assert f["to_move"].tolist() == np.eye(7)[3].tolist() and f["turn_player"].tolist() == np.eye(7)[2].tolist()
    assert f["bang"].tolist() == np.eye(7)[2].tolist() + np.eye(7)[3].tolist() + [0.5, 0, 0, 0, 1, 0]
    assert not f["target_for"].any() and f["counters"].tolist() == [1, 0, 0, 0, 0]
    assert np.flatnonzero(f["stack"]).tolist() == [1, 6]               # play, BANG! effect
    in_play = f["in_play"].reshape(7, 10)                              # Barrel, ..., Mustang 3, ..., Schofield 6
    assert np.flatnonzero(in_play[2]).tolist() == [6] and np.flatnonzero(in_play[3]).tolist() == [0, 3]
    assert not in_play[[0, 1, 4, 5, 6]].any()
    equipment = f["equipment"].reshape(7, 9)                           # Boots 0, ..., Wanted 8
    assert equipment[:4].tolist() == [np.eye(9)[0].tolist(), np.eye(9)[8].tolist(), [0] * 9, [0] * 9]
    assert f["nuggets"].tolist() == pytest.approx([0.3, 0, 0, 0, 0, 0, 0])
    assert f["suspicion"].reshape(7, 2)[[1, 3]].ravel().tolist() == pytest.approx([0, 0.2, 0.4, 0])
    assert f["reach"].tolist() == pytest.approx([0.2, 0.2, 0.4, 0.2, 0, 0, 0])
    distance = f["distance"].reshape(7, 7) * 5                         # Mustang: seat 1 is one farther
    assert distance[0, :4].tolist() == pytest.approx([0, 1, 2, 2])
    assert distance[2, :4].tolist() == pytest.approx([2, 1, 0, 2])
    in_reach = f["in_reach"].reshape(7, 7)
    assert in_reach[2, :4].tolist() == [1, 1, 0, 1] and in_reach[0, :4].tolist() == [0, 1, 0, 0]
    assert not f["hand_kinds"].any() and f["hand_size"].tolist() == pytest.approx([0, 0, 0.1, 0.1, 0, 0, 0])
    shooter = bang_features(state.information_set(0))                  # the Sheriff: his Beer left, seat 1 place 1
    assert np.flatnonzero(shooter["hand"]).tolist() == [37]
    assert shooter["bang"].tolist() == np.eye(7)[0].tolist() + np.eye(7)[1].tolist() + [0.5, 0, 0, 0, 1, 0]
    state.apply_action(A_BARREL)                                       # Stagecoach 9♠: no cancel
    f = bang_features(state.information_set(2))
    assert f["bang"][14:].tolist() == [0.5, 0, 1, 0, 1, 0] and f["decision"].tolist() == np.eye(16)[8].tolist()
    assert f["tops"][:22].tolist() == np.eye(22)[4].tolist() and not f["tops"][22:].any()
    assert f["discard_kinds"].tolist() == pytest.approx(bang_kinds([1, 44]))
    assert f["piles"][:2].tolist() == pytest.approx([73 / 80, 2 / 80])
    state.apply_action(A_PASS)                                         # seat 1 takes the hit
    f = bang_features(state.information_set(2))
    assert not f["bang"].any() and f["life"][3] == pytest.approx(3 / 5)
    assert f["decision"].tolist() == np.eye(16)[4].tolist()


def test_bang_encodes_a_general_store_and_the_cards_a_seat_saw_picked():
    """The Sheriff (seat 0) plays a General Store: the four revealed cards show in transit to everybody; seat 2
    then knows which card each picker took (seat 0 a Beer, seat 1 the Barrel) and counts them out of the unseen."""
    from support.bang_position import Table
    from deadeye.core.bang.data import A_CARD
    state = Table(4).give(0, 47).top(0, 25, 37, 63).state(0)
    state.apply_action(A_CARD + 47)
    for viewer in range(4):
        f = bang_features(state.information_set(viewer))
        assert np.flatnonzero(f["transit"]).tolist() == [0, 25, 37, 63]
        assert f["store"].tolist() == pytest.approx([4 / 7]) and f["decision"].tolist() == np.eye(16)[11].tolist()
        assert f["to_move"].tolist() == np.eye(7)[(0 - viewer) % 4].tolist()
    unseen_before = bang_features(state.information_set(2))["unseen"]
    state.apply_action(A_CARD + 37)                                    # seat 0 takes the Beer
    state.apply_action(A_CARD + 63)                                    # seat 1 the Barrel
    assert state.current_player() == 2
    f = bang_features(state.information_set(2))
    assert np.flatnonzero(f["transit"]).tolist() == [0, 25] and f["store"].tolist() == pytest.approx([2 / 7])
    known = f["known_hands"].reshape(6, 22)                            # places 1 .. 6: seat 3, seat 0, seat 1
    assert known[1].tolist() == pytest.approx(bang_kinds([37])) and known[2].tolist() == pytest.approx(bang_kinds([63]))
    assert not known[[0, 3, 4, 5]].any()
    assert f["unseen"].tolist() == pytest.approx(unseen_before.tolist())   # the four were seen when revealed
    assert f["hand_size"].tolist() == pytest.approx([0, 0, 0.1, 0.1, 0, 0, 0])
    mine = bang_features(state.information_set(0))
    assert np.flatnonzero(mine["hand"]).tolist() == [37] and not mine["known_hands"][22:44].any()
    assert mine["known_hands"].reshape(6, 22)[0].tolist() == pytest.approx(bang_kinds([63]))


# ------------------------------------------------------------------------------------------------ Wyatt Earp

def wyatt_features(info) -> dict:
    layout, x = encoding_layout("wyatt-earp"), info.encode()
    return {f.name: x[layout.slice(f.name)] for _, f in layout.offsets()}


def test_wyatt_earp_encodes_the_hand_the_turn_and_the_table_from_the_seat():
    state = new_game("wyatt-earp", players=4, seed=11)
    d = state.to_dict()["state"]
    for seat in range(4):
        f = wyatt_features(state.information_set(seat))
        assert np.allclose(f["hand"], np.array(d["hand"][seat]) / 10)
        assert f["players"].tolist() == [0, 0, 1, 0, 0]
        assert f["phase"].tolist() == np.eye(8)[d["phase"]].tolist()
        assert f["to_move"].tolist() == np.eye(6)[(state.current_player() - seat) % 4].tolist()
        assert f["dealer"].tolist() == np.eye(6)[(d["dealer"] - seat) % 4].tolist()
        assert np.allclose(f["hand_sizes"][:4], [d["hand_n"][(seat + r) % 4] / 10 for r in range(4)])
        assert not f["hand_sizes"][4:].any() and not f["known"].any() and not f["winner"].any()


def test_wyatt_earp_encodes_melds_where_their_owner_sits_and_hides_other_hands():
    """Random play until a seat melds: its group shows at its relative place for every viewer; another seat's hand
    shows only through what the viewer knows of it (the twins test checks the rest)."""
    state, rng = new_game("wyatt-earp", players=3, seed=4), random.Random(8)
    while not any(any(row) for row in state.to_dict()["state"]["outlaws"]):
        state.apply_action(rng.choice(state.legal_actions()))
    d = state.to_dict()["state"]
    owner, outlaw = next((p, x) for p in range(3) for x in range(7) if d["outlaws"][p][x])
    for viewer in range(3):
        f = wyatt_features(state.information_set(viewer))
        groups = f["groups"].reshape(6, 7)
        assert groups[(owner - viewer) % 3][outlaw] == pytest.approx(d["outlaws"][owner][outlaw] / 10)
        assert not groups[3:].any()
        known = f["known"].reshape(5, 20)
        view = state.information_set(viewer).to_dict()["view"]
        for r in (1, 2):
            assert np.allclose(known[r - 1], np.array(view["known"][(viewer + r) % 3]) / 10)
