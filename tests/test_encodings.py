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

DOCS = Path(__file__).resolve().parent.parent / "docs" / "encodings.md"


def test_every_game_declares_a_versioned_encoding_and_the_docs_show_it(game: GameInfo):
    layout = encoding_layout(game.name)
    assert layout.version >= 1 and layout.size == sum(f.size for f in layout.features) > 0
    assert layout.markdown(game.title) in DOCS.read_text(), \
        "docs/encodings.md is stale: python -m deadeye.core.features > the tables (see the file's head)"


def test_the_docs_hold_exactly_the_generated_tables():
    text = DOCS.read_text()
    assert text.endswith(encodings_markdown()), "regenerate docs/encodings.md's tables (see its head)"


def test_encodings_are_the_declared_size_in_range_and_every_feature_is_used(positions):
    layout = None
    used = None
    for state in positions:
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            if layout is None:
                layout = encoding_layout(state.game)
                used = np.zeros(layout.size, dtype=bool)
            x = info.encode()
            assert x.dtype == np.float32 and x.shape == (layout.size,)
            assert np.all(x >= 0.0) and np.all(x <= 1.0)
            used |= x != 0
    unused = [f.name for at, f in layout.offsets() if not used[at:at + f.size].any()]
    assert not unused, f"features never written in random games: {unused}"


def test_the_legal_mask_is_the_seats_legal_actions(positions):
    for state in positions:
        for seat in range(state.num_players()):
            mask = state.information_set(seat).legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (type(state).num_actions,)
            expected = state.legal_actions() if state.current_player() == seat else []
            assert np.flatnonzero(mask).tolist() == expected


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
        assert len(np.flatnonzero(f["possible"])) == 3 * 39        # every unseen card, for each other seat


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
    possible = cards(f["possible"])[(actor - viewer) % 4 - 1]
    assert possible and all(c % 4 != suit for c in possible)           # the void, read off the play
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
