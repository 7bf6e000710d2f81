"""MO-ISMCTS (search/mo_ismcts.pyx): one tree per seat, walked in lockstep on each determinisation."""
import pytest

from deadeye.bots import make_bot
from deadeye.core import new_game
from deadeye.core.state import OBS_HIDDEN
from deadeye.search.budget import Budget
from deadeye.search.mo_ismcts import MultiObserverSearcher
from support.we_position import position


def test_hearts_passes_merge_into_one_hidden_node_in_the_other_seats_trees():
    """Seat 0 passes first: its tree has a child per card tried; each other seat's tree has one child, the hidden
    pass, through which every iteration went, summing the same seat-0 rewards as seat 0's children."""
    state = new_game("hearts", players=4, seed=1)
    assert state.current_player() == 0
    searcher = MultiObserverSearcher()
    result = searcher.search(state.information_set(0), Budget(iterations=5), seed=1)
    own = searcher.tree(0)
    firsts = {path: stats for path, stats in own.items() if len(path) == 1}
    assert len(firsts) == 5 and all(visits == 1 for visits, _ in firsts.values())     # 13 untried: 5 new cards
    assert {path[0][1] for path in firsts} <= set(state.legal_actions())
    assert own[()][0] == 5 and len(own) == 6                                           # each grew one node
    seat0_total = sum(reward for _, reward in firsts.values())
    for seat in (1, 2, 3):
        tree = searcher.tree(seat)
        assert set(tree) == {(), ((0, OBS_HIDDEN),)}
        visits, reward = tree[((0, OBS_HIDDEN),)]
        assert visits == 5 and reward == pytest.approx(seat0_total)
    assert result.tree_size == 6 + 3 * 2
    assert sum(child.visits for child in result.children) == 5


def test_kuhn_poker_trees_match_when_every_move_is_public():
    """In Kuhn poker every move is seen by both seats, so after the deal both trees have the same shape and the
    same visit counts (their rewards differ only where they belong to another seat's root)."""
    state = new_game("kuhn-poker", players=2, seed=1)
    seat = state.current_player()
    searcher = MultiObserverSearcher()
    searcher.search(state.information_set(seat), Budget(iterations=40), seed=3)
    a, b = searcher.tree(seat), searcher.tree(1 - seat)
    assert set(a) == set(b) and len(a) > 3
    assert all(a[path] == b[path] for path in a if path)                             # the same moves, the same sums
    assert a[()][0] == b[()][0] == 40


def test_same_seed_same_result_different_seed_different_statistics():
    state = new_game("hearts", players=4, seed=2)
    info = state.information_set(state.current_player())
    first = MultiObserverSearcher().search(info, Budget(iterations=300), seed=5)
    again = MultiObserverSearcher().search(info, Budget(iterations=300), seed=5)
    other = MultiObserverSearcher().search(info, Budget(iterations=300), seed=6)
    assert first.children == again.children and first.action == again.action
    assert first.children != other.children


def test_decision_depends_only_on_the_information_set():
    """Two true Wyatt Earp states that differ only in seat 1's hidden cards give seat 0 the same move and
    statistics."""
    a = position(players=2, hands={0: {"Jesse James": 3, "Wanted": 2}, 1: {"Belle Starr": 3, "Hideout": 1}},
                 discard=["Bank Robbery"])
    b = position(players=2, hands={0: {"Jesse James": 3, "Wanted": 2}, 1: {"Bob Dalton": 2, "Wyatt Earp": 2}},
                 discard=["Bank Robbery"])
    assert a != b and a.information_set(0) == b.information_set(0)
    ra = MultiObserverSearcher().search(a.information_set(0), Budget(iterations=500), seed=9)
    rb = MultiObserverSearcher().search(b.information_set(0), Budget(iterations=500), seed=9)
    assert ra.action == rb.action and ra.children == rb.children


def test_a_search_on_every_registered_game_runs(game):
    """From several positions of a random game, the tree=mo bot returns a legal action and spends its budget."""
    import random
    rng = random.Random(4)
    state = new_game(game.name, players=game.min_players, seed=11)
    bot = make_bot("ismcts:tree=mo,iterations=60,seed=2")
    searched = 0
    while not state.is_terminal() and searched < 6:
        seat = state.current_player()
        if searched < 6 and len(state.legal_actions()) > 1:
            action = bot.choose(state.information_set(seat))
            assert action in state.legal_actions() and bot.last.iterations == 60
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert searched > 0


def test_single_tree_options_and_bad_values_are_refused():
    for spec in ("ismcts:tree=mo,rollout=mast", "ismcts:tree=mo,opponents=policy", "ismcts:tree=mo,expand=3",
                 "ismcts:tree=mo,bias=1", "ismcts:tree=mo,inference=heuristic", "flatmc:tree=mo", "ismcts:tree=xx"):
        with pytest.raises(ValueError):
            bot = make_bot(spec)
            state = new_game("hearts", players=4, seed=1)
            bot.choose(state.information_set(state.current_player()))


def test_seat_not_to_move_is_refused():
    state = new_game("hearts", players=4, seed=1)
    with pytest.raises(ValueError, match="not to move"):
        MultiObserverSearcher().search(state.information_set(1), Budget(iterations=10))
