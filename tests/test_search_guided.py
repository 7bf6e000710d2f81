"""The search guided by a network (docs/learning.md): PUCT over the policy's priors (prior=net), the network's value
at the leaves (value=net), rollouts drawn from the policy (rollout=net) and inference weighted by it
(inference=net); each checked with networks whose answers are known."""
from __future__ import annotations

import numpy as np
import pytest

from deadeye.bots.registry import make_bot
from deadeye.core import new_game
from deadeye.core.features import encoding_layout
from deadeye.search.budget import Budget
from deadeye.search.guide import Guide
from deadeye.search.ismcts import Searcher
from deadeye.search.network import Network


def hearts_net(favourite: int | None = None, value: float = 0.0, seed: int = 1) -> Network:
    """A small Hearts network; ``favourite``: its policy all but certain of that card; ``value``: every seat's
    value logit (0: 0.5)."""
    net = Network.initial(encoding_layout("hearts").size, (16, 8), 52, 4, seed=seed)
    w = net.arrays()
    if favourite is not None:
        w["bp"][favourite] = 30.0
    w["bv"][:] = value
    return Network(w, {"game": "hearts"})


def first_play(seed: int = 2):
    """A Hearts position where the seat to move plays a card (past the passing)."""
    state = new_game("hearts", players=4, seed=seed)
    while state.information_set(0).to_dict()["view"]["phase"] == 0:
        state.apply_action(state.legal_actions()[0])
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    return state


def test_prior_net_visits_what_the_policy_favours():
    state = first_play()
    info = state.information_set(state.current_player())
    legal = info.legal_actions()
    for favourite in (legal[0], legal[-1]):
        searcher = Searcher(guide=Guide(hearts_net(favourite), info), prior=True, value=1.0, c_puct=1.5)
        result = searcher.search(info, Budget(iterations=200), seed=3)
        visits = {c.action: c.visits for c in result.children}
        assert result.action == favourite and visits[favourite] >= 150, visits


def test_prior_net_with_policy_opponents_opens_only_the_searching_seats_decisions():
    """opponents=policy under PUCT: the other seats move by the rollout policy on the way down, so every node the
    prior opens is the searching seat's, and the prior still steers the root; without it every seat is in the tree."""
    state = first_play()
    seat = state.current_player()
    info = state.information_set(seat)
    favourite = info.legal_actions()[-1]
    own = Searcher(guide=Guide(hearts_net(favourite), info), prior=True, opponents_by_policy=True)
    result = own.search(info, Budget(iterations=300), seed=3)
    assert set(own.tree_seats()) == {seat} and own.tree_seats()[seat] > 100
    assert result.action == favourite and result.iterations == 300
    every = Searcher(guide=Guide(hearts_net(favourite), info), prior=True)
    every.search(info, Budget(iterations=300), seed=3)
    assert len(every.tree_seats()) == 4


def test_value_net_backs_up_the_networks_value_alone():
    """With value=1 no rollout is played: every root child's mean is the network's value, here the same constant
    for every seat (sigmoid(0.8)), whatever the position."""
    state = first_play()
    info = state.information_set(state.current_player())
    for prior in (False, True):
        searcher = Searcher(guide=Guide(hearts_net(value=0.8), info), prior=prior, value=1.0)
        result = searcher.search(info, Budget(iterations=300), seed=4)
        expected = 1 / (1 + np.exp(-0.8))
        assert all(abs(c.value - expected) < 1e-6 for c in result.children if c.visits), result.children


def test_value_mixes_with_the_rollout():
    """value=0.5: each leaf's reward is half the network's (a constant 1.0 here, the logit 30) and half the
    rollout's, so every child's mean lies in [0.5, 1]; with value=0 the network is not asked at all."""
    state = first_play()
    info = state.information_set(state.current_player())
    mixed = Searcher(guide=Guide(hearts_net(value=30.0), info), value=0.5).search(info, Budget(iterations=300), 5)
    assert all(0.5 - 1e-9 <= c.value <= 1.0 + 1e-9 for c in mixed.children if c.visits)
    plain = Searcher().search(info, Budget(iterations=300), seed=5)
    unasked = Searcher(guide=Guide(hearts_net(value=30.0), info), value=0.0).search(info, Budget(iterations=300), 5)
    assert plain.children == unasked.children


def test_a_guided_search_replays_from_its_seed_and_only_plays_legal_moves():
    state = first_play(7)
    info = state.information_set(state.current_player())
    results = [Searcher(guide=Guide(hearts_net(seed=9), info), prior=True, value=0.5).search(
        info, Budget(iterations=400), seed=11) for _ in range(2)]
    assert results[0].children == results[1].children
    assert {c.action for c in results[0].children} <= set(info.legal_actions())


def test_rollout_and_inference_read_the_policy():
    """As a Policy, the guide's moves are drawn from the network's policy (rollout=net) and its weights are that
    policy (inference=net): a policy certain of one card always plays it; an untrained one (zero heads) is uniform."""
    state = first_play()
    info = state.information_set(state.current_player())
    legal = state.legal_actions()
    sure = Guide(hearts_net(legal[0]), info)
    assert sure.weights(state)[legal[0]] > 0.999 and {sure.choose(state, k) for k in range(50)} == {legal[0]}
    even = Guide(Network.initial(encoding_layout("hearts").size, (16, 8), 52, 4, seed=1), info)
    assert all(abs(p - 1 / len(legal)) < 1e-6 for p in even.weights(state).values())
    counts = np.bincount([legal.index(even.choose(state, k)) for k in range(3000)], minlength=len(legal))
    assert counts.min() > 3000 / len(legal) * 0.75 and counts.max() < 3000 / len(legal) * 1.25


def test_inference_net_follows_a_game(tmp_path):
    """inference=net: the bot's particle filter weighs the worlds by the network's policy of each observed move."""
    layout = encoding_layout("hearts")
    net = Network.initial(layout.size, (16, 8), 52, 4, seed=2)
    Network(net.arrays(), {"game": "hearts", "encoding": {"version": layout.version,
                                                          "fingerprint": layout.fingerprint()}}).save(str(tmp_path / "n"))
    from deadeye.bots.arena import ArenaConfig, run_arena

    result = run_arena(ArenaConfig(game="hearts", players=4, games=1, out=tmp_path / "arena", progress=False,
                                   bots=(f"ismcts:iterations=30,inference=net,particles=8,net={tmp_path / 'n'}",
                                         "random"), workers=1))
    assert "games played: 1 of 1" in result.report and "forfeits: 0" in result.report


def test_guided_options_are_refused_without_a_network_or_with_flat():
    info = first_play().information_set(0)
    with pytest.raises(ValueError, match="need a network"):
        Searcher(prior=True)
    with pytest.raises(ValueError, match="not with flat"):
        Searcher(guide=Guide(hearts_net(), info), prior=True, flat=True)
    with pytest.raises(ValueError, match="encoding has"):
        Guide(Network.initial(10, (4, 4), 52, 4, 1), info)


def test_bots_take_the_network_from_a_folder(tmp_path):
    state = first_play()
    info = state.information_set(state.current_player())
    favourite = info.legal_actions()[-1]
    net = hearts_net(favourite)
    layout = encoding_layout("hearts")
    Network(net.arrays(), {"game": "hearts", "encoding": {"version": layout.version,
                                                          "fingerprint": layout.fingerprint()}}).save(str(tmp_path / "n"))
    bot = make_bot(f"ismcts:iterations=200,prior=net,value=net,net={tmp_path / 'n'}", seed=1)
    assert bot.choose(info) == favourite
    with pytest.raises(ValueError, match="ships no network|not the current one|no network"):
        make_bot(f"ismcts:iterations=20,prior=net,net={tmp_path / 'missing'}", seed=1).choose(info)


def test_value_net_refuses_values_learned_for_another_reward(tmp_path):
    """A network's value head learned its run's reward (Hearts': win=0.25 mixes the share of the win into the
    points); a search with another ``win`` would add values of another scale to its rollouts, so it refuses them.
    Its prior alone stays usable, and a manifest without a recorded search is taken as it is."""
    state = first_play()
    info = state.information_set(state.current_player())
    layout = encoding_layout("hearts")
    encoding = {"version": layout.version, "fingerprint": layout.fingerprint()}
    net = hearts_net(info.legal_actions()[-1])
    Network(net.arrays(), {"game": "hearts", "encoding": encoding,
                           "settings": {"search": "c=0.7,rollout=heuristic,win=0.25"}}).save(str(tmp_path / "n"))
    Network(net.arrays(), {"game": "hearts", "encoding": encoding}).save(str(tmp_path / "old"))
    with pytest.raises(ValueError, match="win=0.25 .*not win=1"):
        make_bot(f"ismcts:iterations=20,prior=net,value=net,win=1,net={tmp_path / 'n'}", seed=1).choose(info)
    for spec in (f"prior=net,value=net,win=0.25,net={tmp_path / 'n'}", f"prior=net,win=1,net={tmp_path / 'n'}",
                 f"prior=net,value=net,win=1,net={tmp_path / 'old'}"):
        assert make_bot(f"ismcts:iterations=20,{spec}", seed=1).choose(info) in info.legal_actions()
