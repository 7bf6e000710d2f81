"""ISMCTS and its baselines: known best moves, information-set only, budgets, stop, determinism, node cap."""
import math
import threading
import time

import pytest

from deadeye.bots import BotSpecError, make_bot
from deadeye.core import new_game
from deadeye.search.budget import Budget
from deadeye.search.ismcts import MAX_EXPAND, Searcher, pimc, share_the_win, ucb_score_of
from deadeye.search.stop import StopToken
from support.we_position import position


def capture_position():
    """Seat 0 can open Jesse James and add its Photo (10 CP), then go out: the round ends and it takes the $10,000
    poster, passing $25,000 and winning.  Anything else lets seat 1, at $24,000, stay ahead."""
    return position(players=2, hands={0: {"Jesse James": 3, "Photo Jesse James": 1, "Wanted": 1},
                                      1: {"Belle Starr": 2, "Hideout": 1}},
                    money=[20000, 24000], posters=[1000, 1000, 1000, 1000, 10000, 1000, 1000],
                    discard=["Bank Robbery"])


@pytest.mark.parametrize("spec", ["ismcts:iterations=2000", "pimc:iterations=2000,c=0.7", "cheat:iterations=2000"])
def test_search_finds_the_capturing_meld(spec):
    state = capture_position()
    bot = make_bot(spec, seed=1)
    action = bot.choose_with_state(state) if bot.cheats else bot.choose(state.information_set(0))
    assert state.action_label(action) == "play set: 3 x Jesse James"


def test_ismcts_plays_the_whole_winning_line():
    state = capture_position()
    bot = make_bot("ismcts:iterations=2000", seed=2)
    played = []
    while state.current_player() == 0 and not state.is_terminal():
        action = bot.choose(state.information_set(0))
        played.append(state.action_label(action))
        state.apply_action(action)
    assert played == ["play set: 3 x Jesse James", "play Photo Jesse James", "end play step", "discard Wanted"]
    assert state.is_terminal() and state.winner == 0


def test_decision_depends_only_on_the_information_set():
    """Two true states that differ only in seat 1's hidden cards give seat 0 the same move and statistics."""
    a = position(players=2, hands={0: {"Jesse James": 3, "Wanted": 2}, 1: {"Belle Starr": 3, "Hideout": 1}},
                 discard=["Bank Robbery"])
    b = position(players=2, hands={0: {"Jesse James": 3, "Wanted": 2}, 1: {"Bob Dalton": 2, "Wyatt Earp": 2}},
                 discard=["Bank Robbery"])
    assert a != b and a.information_set(0) == b.information_set(0)
    ra = Searcher().search(a.information_set(0), Budget(iterations=500), seed=9)
    rb = Searcher().search(b.information_set(0), Budget(iterations=500), seed=9)
    assert ra.action == rb.action and ra.children == rb.children


def test_same_seed_same_result_different_seed_different_statistics():
    info = new_game("wyatt-earp", players=4, seed=5).information_set(0)
    info = new_game("wyatt-earp", players=4, seed=5)
    seat = info.current_player()
    view = info.information_set(seat)
    one = Searcher().search(view, Budget(iterations=400), seed=1)
    two = Searcher().search(view, Budget(iterations=400), seed=1)
    three = Searcher().search(view, Budget(iterations=400), seed=2)
    assert one.action == two.action and one.children == two.children
    assert one.children != three.children


def test_iteration_budget_and_statistics_add_up():
    state = new_game("wyatt-earp", players=3, seed=4)
    result = Searcher().search(state.information_set(state.current_player()), Budget(iterations=300), seed=1)
    assert result.iterations == 300 and not result.stopped
    assert sum(c.visits for c in result.children) == 300
    assert all(c.available >= c.visits >= 1 for c in result.children)
    assert result.children[0].action == result.action
    assert {c.action for c in result.children} == set(state.legal_actions())


def test_time_budget_ends_the_search():
    state = new_game("wyatt-earp", players=3, seed=4)
    result = Searcher().search(state.information_set(state.current_player()), Budget(time_ms=30), seed=1)
    assert result.iterations > 0 and result.elapsed_ms >= 30 and not result.stopped


def _search_in_thread(run, token):
    """Run ``run()`` in a thread, set ``token`` 0.2 s after it started; the result and the seconds the stop took."""
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("result", run()))
    thread.start()
    threading.Event().wait(0.2)
    stopped_at = time.perf_counter()
    token.set()
    thread.join(timeout=30)
    assert not thread.is_alive()
    return out["result"], time.perf_counter() - stopped_at


def test_a_token_set_during_the_search_ends_it_with_the_best_move_so_far():
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    token = StopToken()
    result, seconds = _search_in_thread(lambda: Searcher().search(info, Budget(time_ms=600_000), seed=1,
                                                                  stop=token), token)
    assert result.stopped and result.iterations > 0 and result.action in state.legal_actions()
    assert result.action == result.children[0].action and seconds < 10     # ten minutes of budget, ended early


def test_a_token_set_before_the_search_returns_at_once_with_the_first_legal_action():
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    token = StopToken()
    token.set()
    searcher = Searcher()
    for result in (searcher.search(info, Budget(time_ms=600_000), seed=1, stop=token),
                   searcher.search_state(state, Budget(iterations=10**9), seed=1, stop=token),
                   pimc(info, Budget(time_ms=600_000), determinisations=50, seed=1, searcher=searcher, stop=token)):
        assert result.stopped and result.iterations == 0 and result.action == info.legal_actions()[0]
        assert result.children == ()


def test_a_token_of_an_earlier_search_does_not_touch_the_next_one():
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    searcher = Searcher()
    first = StopToken()
    result, _ = _search_in_thread(lambda: searcher.search(info, Budget(time_ms=600_000), seed=1, stop=first), first)
    assert result.stopped and first.is_set
    plain = searcher.search(info, Budget(iterations=300), seed=1)
    assert not plain.stopped and plain.iterations == 300
    own = StopToken()
    again = searcher.search(info, Budget(iterations=300), seed=1, stop=own)
    assert not again.stopped and again.iterations == 300 and not own.is_set
    assert again.children == plain.children                   # the same search as without any token


def test_a_token_ends_pimc_without_searching_the_remaining_samples():
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    token = StopToken()
    result, seconds = _search_in_thread(lambda: pimc(info, Budget(iterations=10**9), determinisations=1000,
                                                     seed=1, stop=token), token)
    assert result.stopped and 0 < result.iterations < 10**9 and result.action in state.legal_actions()
    assert seconds < 10


def test_pimc_ends_with_its_time_budget_whatever_the_number_of_samples():
    state = new_game("hearts", players=4, seed=2)
    info = state.information_set(state.current_player())
    result = pimc(info, Budget(time_ms=50), determinisations=100_000, seed=1)
    assert not result.stopped and 0 < result.iterations < 100_000   # one iteration per sample at least: cut short


def test_info_callback_reports_progress():
    state = new_game("wyatt-earp", players=3, seed=4)
    seen = []
    Searcher().search(state.information_set(state.current_player()), Budget(time_ms=120), seed=1,
                      info_callback=seen.append, info_ms=20)
    assert seen and all(r.iterations > 0 for r in seen)
    assert [r.iterations for r in seen] == sorted(r.iterations for r in seen)


def test_node_cap_holds_memory_flat():
    state = new_game("wyatt-earp", players=3, seed=4)
    searcher = Searcher(max_nodes=50)
    result = searcher.search(state.information_set(state.current_player()), Budget(iterations=3000), seed=1)
    assert result.iterations == 3000 and result.tree_size == 50


def visits_below(tree: dict) -> int:
    """The visits of every node of a ``Searcher.subtree`` dictionary."""
    return sum(visits + visits_below(sub) for visits, _, _, sub in tree.values())


def test_tree_moves_count_the_descents_moves():
    state = new_game("hearts", players=4, seed=3)
    info = state.information_set(state.current_player())
    searcher = Searcher()
    searcher.search(info, Budget(iterations=1), seed=1)
    assert searcher.tree_moves() == 1                      # the first iteration only expands a root child
    flat = Searcher(flat=True)
    flat.search(info, Budget(iterations=500), seed=1)
    assert flat.tree_moves() == 500                        # flat: one move into the tree an iteration
    searcher.search(info, Budget(iterations=5000), seed=1)
    moves = searcher.tree_moves()
    assert moves == visits_below(searcher.subtree()) and 5000 < moves < 5000 * 52


def test_forced_move_needs_no_search():
    state = position(players=2, hands={0: {"Wanted": 1}, 1: {"Belle Starr": 1}}, phase="discard")
    result = Searcher().search(state.information_set(0), Budget(iterations=1000), seed=1)
    assert result.action == state.legal_actions()[0] and result.iterations == 0


def test_search_refuses_a_seat_not_to_move_and_a_finished_game():
    state = new_game("wyatt-earp", players=3, seed=4)
    other = (state.current_player() + 1) % 3
    with pytest.raises(ValueError, match="not to move"):
        Searcher().search(state.information_set(other), Budget(iterations=10))
    with pytest.raises(TypeError):
        Searcher().search(state.information_set(state.current_player()), 100)


def test_flat_monte_carlo_tries_root_actions_in_turn_and_builds_no_tree():
    state = new_game("wyatt-earp", players=3, seed=4)
    legal = state.legal_actions()
    result = Searcher(flat=True).search(state.information_set(state.current_player()), Budget(iterations=10 * len(legal)),
                                        seed=1)
    assert result.tree_size == 1 + len(legal)
    assert sorted(c.visits for c in result.children) == [10] * len(legal)
    assert result.action == max(result.children, key=lambda c: c.value).action


def test_pimc_votes_over_samples():
    state = new_game("wyatt-earp", players=2, seed=8)
    result = pimc(state.information_set(state.current_player()), Budget(iterations=400), determinisations=4, seed=3)
    assert result.iterations == 400 and result.action in state.legal_actions()
    assert sum(c.visits for c in result.children) == 400


def test_rollout_cutoffs_and_heuristic_rollouts_still_search():
    state = capture_position()
    for spec in ["ismcts:iterations=1500,cutoff=round", "ismcts:iterations=1500,rollout=heuristic",
                 "ismcts:iterations=1500,cutoff=30"]:
        action = make_bot(spec, seed=1).choose(state.information_set(0))
        assert state.action_label(action) == "play set: 3 x Jesse James", spec


def test_a_tuned_network_prior_gives_way_to_a_spec_that_grows_the_tree_otherwise():
    """Way Out West's default searches with its shipped network's prior, which expands a leaf's children at once: a
    spec asking for widening or a bias searches without it; one asking for policy opponents keeps it (the tree then
    holds the seat's own decisions, each opened by the prior); the cheat takes it too."""
    assert make_bot("ismcts").settings("way-out-west")["prior"] == "net"
    for spec in ("ismcts:expand=5", "ismcts:bias=1"):
        assert make_bot(spec).settings("way-out-west")["prior"] == "none", spec
    assert make_bot("ismcts:opponents=policy").settings("way-out-west")["prior"] == "net"
    state = new_game("way-out-west", players=2, seed=3)
    info = state.information_set(state.current_player())
    assert make_bot("ismcts:iterations=50,opponents=policy", seed=1).choose(info) in state.legal_actions()
    cheat = make_bot("cheat:iterations=50", seed=1)
    assert cheat.settings("way-out-west")["prior"] == "net" and cheat.choose_with_state(state) in state.legal_actions()


def test_a_setting_tuned_at_one_seat_count_holds_at_that_count_only():
    """Wyatt Earp's network was trained, and wins, at 4 players: the default searches with its prior there, and
    without it at other counts; the same bot switches when it meets another count, and a spec's value wins."""
    assert make_bot("ismcts").settings("wyatt-earp", 4)["prior"] == "net"
    assert make_bot("ismcts").settings("wyatt-earp", 3)["prior"] == make_bot("ismcts").settings("wyatt-earp")["prior"]
    assert make_bot("ismcts:prior=none").settings("wyatt-earp", 4)["prior"] == "none"
    default = make_bot("ismcts:iterations=200", seed=1)
    for players, pinned in ((4, "prior=net"), (3, "prior=none"), (4, "prior=net")):
        state = new_game("wyatt-earp", players=players, seed=2)
        info = state.information_set(state.current_player())
        same = make_bot(f"ismcts:iterations=200,{pinned}", seed=1)
        default.reseed(7)
        same.reseed(7)
        default.choose(info)
        same.choose(info)
        assert default.last.children == same.last.children, players


def test_unset_search_settings_take_the_games_tuned_values_and_spec_values_win():
    from deadeye.bots.tuning import BY_GAME, GENERIC
    state = capture_position()
    info = state.information_set(0)
    tuned = make_bot("ismcts:iterations=300", seed=1)
    plain = make_bot("ismcts:iterations=300,cutoff=0,prior=none", seed=1)
    generic = {**GENERIC, "epsilon": 0.0}                  # no exploration in random rollouts
    assert tuned.settings("wyatt-earp") == {**generic, **BY_GAME["wyatt-earp"]} != generic
    assert plain.settings("wyatt-earp") == generic
    assert make_bot("ismcts").settings("a game with no tuning") == generic
    # the tuned bot really searches differently: the same seed gives other statistics than the generic settings
    tuned.choose(info)
    plain.choose(info)
    assert tuned.last.children != plain.last.children
    explicit = make_bot("ismcts:iterations=300," + ",".join(f"{k}={v}" for k, v in tuned.settings("wyatt-earp").items()),
                        seed=1)
    explicit.choose(info)
    assert explicit.last.children == tuned.last.children


def test_opponents_by_policy_keeps_only_the_searching_seats_decisions_in_the_tree():
    state = new_game("wyatt-earp", players=3, seed=4)
    seat = state.current_player()
    info = state.information_set(seat)
    every = Searcher(c=1.0)
    every.search(info, Budget(iterations=3000), seed=2)
    own = Searcher(c=1.0, opponents_by_policy=True)
    result = own.search(info, Budget(iterations=3000), seed=2)
    assert len(every.tree_seats()) == 3                          # all three seats decide inside the usual tree
    assert set(own.tree_seats()) == {seat} and own.tree_seats()[seat] > 100
    assert result.action in info.legal_actions() and result.iterations == 3000
    bot = make_bot("ismcts:iterations=2000,opponents=policy", seed=1)
    capture = capture_position()
    assert capture.action_label(bot.choose(capture.information_set(0))) == "play set: 3 x Jesse James"


def test_expand_widens_nodes_below_the_root_progressively():
    state = new_game("wyatt-earp", players=3, seed=4)
    info = state.information_set(state.current_player())
    legal = state.legal_actions()
    sizes = {}
    for k in (1, 4, 16, MAX_EXPAND):
        result = Searcher(expand_threshold=k).search(info, Budget(iterations=3000), seed=2)
        sizes[k] = result.tree_size
    assert sizes[1] == 3000 + 1                                  # k = 1: one new node per iteration, plain ISMCTS
    assert sizes[MAX_EXPAND] == 1 + len(legal)                   # never widened: the root's children only
    assert sizes[1] > sizes[4] > sizes[16] > sizes[MAX_EXPAND]
    bot = make_bot("ismcts:iterations=2000,expand=8", seed=1)
    capture = capture_position()
    assert capture.action_label(bot.choose(capture.information_set(0))) == "play set: 3 x Jesse James"
    for k in (0, MAX_EXPAND + 1):
        with pytest.raises(ValueError, match=f"expand_threshold must be an integer from 1 to 1,000,000, not {k}"):
            Searcher(expand_threshold=k)


def test_win_backs_up_that_share_of_each_reward_as_the_share_of_the_win():
    assert share_the_win([0.5, 0.8, 0.8, 0.1], 0.0) == [0.5, 0.8, 0.8, 0.1]
    assert share_the_win([0.5, 0.8, 0.8, 0.1], 1.0) == [0.0, 0.5, 0.5, 0.0]        # a tie for the best shares it
    assert share_the_win([0.5, 0.8, 0.8, 0.1], 0.5) == pytest.approx([0.25, 0.65, 0.65, 0.05])
    assert share_the_win([0.2, 0.9], 0.25) == pytest.approx([0.15, 0.925])
    state = new_game("hearts", players=4, seed=3)
    info = state.information_set(state.current_player())
    stats = {w: Searcher(win=w).search(info, Budget(iterations=3000), seed=2).children for w in (0.0, 0.5)}
    assert stats[0.0] == Searcher().search(info, Budget(iterations=3000), seed=2).children   # 0: the plain search
    assert stats[0.5] != stats[0.0]
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="win must be a"):
            Searcher(win=bad)
    assert make_bot("ismcts:win=0.5,iterations=10").settings("hearts")["win"] == 0.5
    assert make_bot("ismcts:iterations=10").settings("hearts")["win"] == 1.0           # Hearts' tuned value
    assert make_bot("ismcts:iterations=10").settings("wyatt-earp")["win"] == 0.0


@pytest.mark.parametrize("spec, message", [
    ("ismcts:depth=3", "has no parameter 'depth'"),
    ("ismcts:win=2", r"win='2' is not a number in \[0, 1\]"),
    ("ismcts:iterations=many", "iterations='many' is not an integer from 1 to 2147483647"),
    ("ismcts:rollout=clever", "rollout='clever' is not random or heuristic"),
    ("ismcts:opponents=nobody", "opponents='nobody' is not tree or policy"),
    ("ismcts:c=-1", r"c='-1' is not a number in \[0, 100\]"),
    ("ismcts:c=nan", r"c='nan' is not a number in \[0, 100\]"),
    ("pimc:c=inf", r"c='inf' is not a number in \[0, 100\]"),
    ("easy:c=nan", r"c='nan' is not a number in \[0, 100\]"),
    ("ismcts:bias=nan", r"bias='nan' is not a number in \[0, 1000\]"),
    ("ismcts:bias=-inf", r"bias='-inf' is not a number in \[0, 1000\]"),
    ("ismcts:expand=0", "expand='0' is not an integer from 1 to 1000000"),
    ("ismcts:expand=99999999999", "expand='99999999999' is not an integer from 1 to 1000000"),
    ("ismcts:iterations=0", "iterations='0' is not an integer from 1 to 2147483647"),
    ("ismcts:iterations=99999999999", "iterations='99999999999' is not an integer from 1 to 2147483647"),
    ("ismcts:time_ms=nan", r"time_ms='nan' is not a number in \(0, 86400000\]"),
    ("ismcts:time_ms=inf", r"time_ms='inf' is not a number in \(0, 86400000\]"),
    ("ismcts:time_ms=1e300", r"time_ms='1e300' is not a number in \(0, 86400000\]"),
    ("ismcts:max_nodes=0", "max_nodes='0' is not an integer from 1 to 50000000"),
    ("ismcts:max_nodes=99999999999", "max_nodes='99999999999' is not an integer from 1 to 50000000"),
    ("ismcts:cutoff=99999999999", "cutoff='99999999999' is not a number of moves from 0 to 20000, or round"),
    ("ismcts:cutoff=-3", "cutoff='-3' is not a number of moves from 0 to 20000, or round"),
    ("pimc:determinisations=0", "determinisations='0' is not an integer from 1 to 100000"),
    ("pimc:determinisations=99999999999", "determinisations='99999999999' is not an integer from 1 to 100000"),
    ("wizard", "unknown bot 'wizard'; bots: cheat, easy, flatmc, hard, heuristic, ismcts, max, medium, "
               "os-ismcts, os-ismcts-any, os-ismcts-py, pimc, pz-policy, random"),
])
def test_bad_bot_specs(spec, message):
    with pytest.raises(BotSpecError, match=message):
        bot = make_bot(spec)
        bot.choose(new_game("wyatt-earp", players=2, seed=1).information_set(0))


def test_presets_and_spec_parameters():
    assert make_bot("hard").budget == Budget(iterations=5000)
    assert make_bot("easy:iterations=50").budget == Budget(iterations=50)
    assert make_bot("ismcts:time_ms=100").budget == Budget(time_ms=100)
    assert make_bot("ismcts:iterations=10,time_ms=100").budget == Budget(10, 100)
    bot = make_bot("cheat")
    with pytest.raises(PermissionError):
        bot.choose(new_game("wyatt-earp", players=2, seed=1).information_set(0))


@pytest.mark.parametrize("visits", [1, 2, 3, 777, 4095, 4096, 4097, 65_537, 10**6, 2**31 - 1])
def test_the_ucb_score_is_the_formula_at_every_count(visits):
    """The score reads its terms from tables below 4,096 and interpolates the log above: within 1e-8 of
    reward / visits + c * sqrt(log(available) / visits) on both sides of the tables' edge."""
    for available in (1, 2, 3, 1000, 4095, 4096, 4097, 6143, 8191, 8192, 123_457, 10**6, 2**30 + 12_345,
                      2**31 - 1):
        for reward in (0.0, 0.3 * visits, float(visits)):
            exact = reward / visits + 0.7 * math.sqrt(math.log(available) / visits)
            assert ucb_score_of(reward, visits, available, 0.7) == pytest.approx(exact, rel=1e-8, abs=1e-12)
