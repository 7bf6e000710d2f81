"""What ``game.view`` and ``bot.choose_view`` rely on: a seat's information set knows the seat's legal actions.

``game.view`` lists the legal actions (with labels) from the information set, and ``bot.choose_view`` rebuilds
the information set from the wire; both are right only if the seat to move can tell its legal actions from what it
knows, and a sample of its information set (a determinisation) agrees.  Checked at every step of random games.

The converse does not hold: a seat that is not to move may picture itself to move, because a window another seat is
deciding in (a Photo window, a defence) is rewound in its view (rules D35).  So the referee's true state, not a view,
says whose turn it is (tests/test_protocol_server.py covers that case).
"""
import random

import msgpack
import pytest

from deadeye.core import new_game


@pytest.mark.parametrize("name, players, seed", [("wyatt-earp", 2, 1), ("wyatt-earp", 3, 2), ("wyatt-earp", 3, 3),
                                                 ("wyatt-earp", 5, 4), ("wyatt-earp", 6, 5), ("hearts", 4, 6)])
def test_the_seat_to_move_knows_its_legal_actions_and_their_labels(name, players, seed, scale):
    rng = random.Random(seed)
    for game in range(2 * scale):
        state = new_game(name, players=players, seed=seed * 100 + game)
        info_class = type(state.information_set(0))
        steps = 0
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            info = state.information_set(seat)
            wire = info_class.from_dict(msgpack.unpackb(msgpack.packb(info.to_dict())))
            sample = info.sample(rng.getrandbits(63))
            for known in (info, wire):
                assert known.current_player() == seat
                assert known.legal_actions() == legal
                assert [known.action_label(a) for a in legal] == [state.action_label(a) for a in legal]
            assert sample.current_player() == seat and sample.legal_actions() == legal
            state.apply_action(rng.choice(legal))
            steps += 1
        assert steps >= 52
        for seat in range(players):
            assert state.information_set(seat).current_player() == -1     # over: bot.choose_view says game_over
