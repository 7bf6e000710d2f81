"""Inference (search/particles.pyx): the particle filter's weights follow the model of play exactly on Kuhn poker,
particles stay consistent with what the seat observes, the filter is reproducible from its seed, a search draws from
it by weight, and the stateful bot built on it decides from the seat's information alone (twins)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from deadeye.bots import make_bot
from deadeye.core import new_game
from deadeye.core.hearts import from_openspiel_history
from deadeye.core.hearts.heuristic import HeartsHeuristic
from deadeye.core.kuhn_poker.heuristic import KuhnPokerHeuristic
from deadeye.core.observation import apply_observed
from deadeye.core.registry import heuristic_policy
from deadeye.core.state import OBS_HIDDEN, Policy
from deadeye.search.budget import Budget
from deadeye.search.ismcts import Searcher
from deadeye.search.particles import Belief, ParticleFilter
from test_hearts_information import swap_cards

PASS, BET = 0, 1
JACK, QUEEN, KING = 0, 1, 2


def kuhn(cards: tuple[int, int]):
    """A Kuhn poker hand with the given cards (seat 0's, seat 1's), found among seeded deals."""
    for seed in range(200):
        state = new_game("kuhn-poker", players=2, seed=seed)
        if tuple(state.to_dict()["state"]["card"][:2]) == cards:
            return state
    raise AssertionError(f"no deal gives {cards}")


def opponent_card(state, seat: int) -> int:
    return state.to_dict()["state"]["card"][1 - seat]


def follow(f: ParticleFilter, state, action: int) -> None:
    """Play ``action`` on the true ``state`` and tell the filter what its seat saw."""
    seen = apply_observed(state, action)[f.seat]
    f.observe(seen.actor, seen.observation, state.information_set(f.seat))


def test_kuhn_heuristic_weights_are_its_exact_policy():
    policy = KuhnPokerHeuristic()
    state = kuhn((QUEEN, KING))
    assert policy.weights(state) == {PASS: 1.0, BET: 0.0}          # the queen checks first
    state.apply_action(PASS)
    assert policy.weights(state) == {PASS: 0.0, BET: 1.0}          # the king bets
    jack = kuhn((QUEEN, JACK))
    jack.apply_action(PASS)
    assert policy.weights(jack) == pytest.approx({PASS: 2 / 3, BET: 1 / 3})   # the jack bluffs one time in three
    assert Policy().weights(jack) == {PASS: 0.5, BET: 0.5}


def test_kuhn_posterior_after_a_bet_is_the_hand_computed_one():
    """Seat 0 holds the queen and checks; seat 1 bets.  The heuristic bets the king always and bluffs the jack one
    time in three, so each king particle ends with three times a jack particle's weight (noise 0): the posterior of
    the king is 3 n_K / (3 n_K + n_J) exactly, over the particles' prior counts."""
    state = kuhn((QUEEN, KING))
    f = ParticleFilter(state.information_set(0), count=40, policy=KuhnPokerHeuristic(), noise=0.0, seed=7)
    prior = Counter(opponent_card(s, 0) for s in f.states)
    assert set(prior) == {JACK, KING} and sum(prior.values()) == 40
    follow(f, state, PASS)
    assert f.weights == pytest.approx([1 / 40] * 40)              # its own action is no evidence
    follow(f, state, BET)
    assert f.resamples == 0 and f.rejuvenated == 0 and f.renewed == 0
    by_card = {}
    for s, w in zip(f.states, f.weights):
        by_card.setdefault(opponent_card(s, 0), set()).add(round(w, 12))
    king, jack = by_card[KING].pop(), by_card[JACK].pop()
    assert not by_card[KING] and not by_card[JACK] and king == pytest.approx(3 * jack)
    posterior = 3 * prior[KING] / (3 * prior[KING] + prior[JACK])
    assert sum(w for s, w in zip(f.states, f.weights) if opponent_card(s, 0) == KING) == pytest.approx(posterior)
    belief = f.belief(state.information_set(0))                    # a search draws by weight
    draws = Counter(opponent_card(belief.draw(seed), 0) for seed in range(20000))
    assert draws[KING] / 20000 == pytest.approx(posterior, abs=0.02)
    before = f.weights, [s.to_bytes() for s in f.states]
    follow(f, state, PASS)                                         # seat 0 folds: the game is over
    assert state.is_terminal() and (f.weights, [s.to_bytes() for s in f.states]) == before and f.observed == 3


def test_noise_mixes_the_model_with_uniform_play():
    """With noise e, a king particle's weight is (1 - e) + e/2 and a jack's (1 - e)/3 + e/2."""
    state = kuhn((QUEEN, KING))
    f = ParticleFilter(state.information_set(0), count=16, policy=KuhnPokerHeuristic(), noise=0.5, seed=3)
    follow(f, state, PASS)
    follow(f, state, BET)
    values = {opponent_card(s, 0): w for s, w in zip(f.states, f.weights)}
    assert values[KING] / values[JACK] == pytest.approx((0.5 + 0.25) / (0.5 / 3 + 0.25))


def test_a_move_the_model_rules_out_leaves_no_particle_that_could_not_make_it():
    """Seat 1 holds the queen and seat 0 opens with a bet: under the heuristic without noise only the king bets
    first, so after resampling every particle gives seat 0 the king."""
    state = kuhn((KING, QUEEN))
    f = ParticleFilter(state.information_set(1), count=32, policy=KuhnPokerHeuristic(), noise=0.0, seed=11)
    assert {opponent_card(s, 1) for s in f.states} == {JACK, KING}
    follow(f, state, BET)
    assert not state.is_terminal() and f.resamples == 1
    assert {opponent_card(s, 1) for s in f.states} == {KING} and f.weights == pytest.approx([1 / 32] * 32)


def test_particles_stay_consistent_with_every_observation():
    """Over whole random games of three games with hidden actions and chance, every particle gives the seat the
    information set it has, and the weights stay a distribution."""
    for game, players in (("hearts", 4), ("colt-express", 3), ("wyatt-earp", 3)):
        state = new_game(game, players=players, seed=4)
        seat = 1
        f = ParticleFilter(state.information_set(seat), count=12, policy=heuristic_policy(state), seed=2)
        rng = random.Random(9)
        moves = 0
        while not state.is_terminal() and moves < 150:
            follow(f, state, rng.choice(state.legal_actions()))
            moves += 1
            info = state.information_set(seat)
            assert state.is_terminal() or all(s.information_set(seat) == info for s in f.states), (game, moves)
            assert sum(f.weights) == pytest.approx(1.0) and min(f.weights) >= 0
        assert f.observed == moves


def test_hidden_actions_are_followed_without_evidence():
    """A Hearts pass is hidden from the other seats (OBS_HIDDEN): every particle advances by a pass of its own, all
    passes look alike, so no weight changes."""
    state = new_game("hearts", players=4, seed=3)
    mover = state.current_player()
    seat = (mover + 1) % 4
    assert state.observation(state.legal_actions()[0], seat) == OBS_HIDDEN
    f = ParticleFilter(state.information_set(seat), count=10, policy=HeartsHeuristic(), seed=1)
    follow(f, state, state.legal_actions()[0])
    assert f.weights == pytest.approx([0.1] * 10) and f.rejuvenated == 0


def test_same_seed_same_filter_and_different_seed_different_particles():
    def run(seed: int):
        state = new_game("colt-express", players=3, seed=8)
        f = ParticleFilter(state.information_set(0), count=16, policy=heuristic_policy(state), seed=seed)
        rng = random.Random(1)
        for _ in range(30):
            follow(f, state, rng.choice(state.legal_actions()))
        return [s.to_bytes() for s in f.states], f.weights

    assert run(5) == run(5)
    assert run(5)[0] != run(6)[0]


def test_a_search_draws_its_determinisations_from_the_belief():
    """Seat 0 holds the queen, checked, and faces a bet: believing the opponent holds the king it folds, believing
    the jack it calls; with both particles it follows their weights."""
    king, jack = kuhn((QUEEN, KING)), kuhn((QUEEN, JACK))
    for s in (king, jack):
        s.apply_action(PASS)
        s.apply_action(BET)
    info = king.information_set(0)
    assert info == jack.information_set(0)

    def best(states, weights) -> int:
        belief = Belief.freeze(0, [s.clone() for s in states], weights)
        return Searcher().search(info, Budget(iterations=400), seed=2, belief=belief).action

    assert best([king], [1.0]) == PASS and best([jack], [1.0]) == BET
    assert best([king, jack], [0.9, 0.1]) == PASS and best([king, jack], [0.1, 0.9]) == BET


def test_a_belief_of_another_game_or_seat_is_refused():
    state = kuhn((QUEEN, KING))
    belief = Belief.freeze(1, [state.clone()], [1.0])
    with pytest.raises(ValueError, match="seat 1"):
        Searcher().search(state.information_set(0), Budget(iterations=10), belief=belief)
    with pytest.raises(ValueError):
        Belief.freeze(0, [state.clone()], [0.0])
    with pytest.raises(ValueError):
        ParticleFilter(state.information_set(0), count=0)


def drive(spec: str, start, actions: list[int], seat: int, seed: int = 4):
    """A stateful bot for ``seat`` told the game from ``start`` through ``actions`` (and asked to choose at each of
    the seat's decisions on the way, so that a bot with reuse keeps a tree; its choices are recorded), then asked
    to choose."""
    bot = make_bot(spec, seed=seed)
    state = start.clone()
    bot.new_game(state.information_set(seat))
    bot.choices = []
    for action in actions:
        if state.current_player() == seat:
            bot.choices.append((bot.choose(state.information_set(seat)), bot.last.children, bot.kept))
        seen = apply_observed(state, action)[seat]
        bot.observe(seen, state.information_set(seat))
    return bot, bot.choose(state.information_set(seat)), state


@pytest.mark.parametrize("spec", ["ismcts:iterations=300,inference=heuristic,particles=32",
                                  "ismcts:iterations=300,inference=heuristic,particles=32,reuse=1",
                                  "ismcts:iterations=300,reuse=1"])
def test_twins_give_identical_decisions_with_inference_on(spec):
    """Two Hearts deals that differ only in two cards seat 0 cannot see, played the same way: the stateful bot
    of seat 0 (inference, tree reuse) is told the same things in both, and decides the same moves with the same
    statistics, from the same kept trees."""
    base = new_game("hearts", players=4, seed=21)
    rng = random.Random(5)
    state = base.clone()
    played = []
    while len(played) < 16 or state.current_player() != 0:
        action = rng.choice(state.legal_actions())
        played.append(action)
        state.apply_action(action)
    full = state.openspiel_history()
    touched = set(full[53:])
    pair = next((a, b) for a in state.hand(1) for b in state.hand(3)
                if a % 4 == b % 4 and a not in touched and b not in touched)
    twin_full = swap_cards(full, *pair)
    start, twin_start = from_openspiel_history(full[:53]), from_openspiel_history(twin_full[:53])
    assert start != twin_start and start.information_set(0) == twin_start.information_set(0)
    bot, move, end = drive(spec, start, played, 0)
    twin_bot, twin_move, twin_end = drive(spec, twin_start, played, 0)
    assert end != twin_end and end.information_set(0) == twin_end.information_set(0)
    assert move == twin_move and bot.last.children == twin_bot.last.children
    assert bot.choices == twin_bot.choices and bot.kept == twin_bot.kept
    if "reuse" in spec:
        assert any(kept for *_, kept in bot.choices) and bot._engines(end)[0].subtree() == \
            twin_bot._engines(twin_end)[0].subtree()
    if bot._filter is not None:
        assert bot._filter.weights == twin_bot._filter.weights


def test_inference_bots_declare_they_follow_the_game_and_refuse_bad_settings():
    assert make_bot("ismcts:inference=heuristic").capabilities.stateful
    assert not make_bot("ismcts").capabilities.stateful
    from deadeye.bots.registry import BotSpecError
    for bad in ("ismcts:inference=psychic", "ismcts:particles=0", "ismcts:noise=2", "pimc:inference=uniform"):
        with pytest.raises(BotSpecError):
            make_bot(bad)


def test_without_a_history_an_inference_bot_searches_as_plain_ismcts():
    """``bot.choose_view`` gives no history: the bot then searches from scratch, exactly as plain ISMCTS."""
    state = new_game("hearts", players=4, seed=2)
    info = state.information_set(state.current_player())
    plain = make_bot("ismcts:iterations=200", seed=3)
    inferring = make_bot("ismcts:iterations=200,inference=heuristic", seed=3)
    assert plain.choose(info) == inferring.choose(info) and plain.last.children == inferring.last.children


def test_a_window_the_seat_cannot_see_is_no_observation():
    """Wyatt Earp D35: a Photo window a seat cannot see gives it OBS_NONE observations; its stateful bot ignores
    them (a twin game without the window tells it nothing either), and its particles, which play such windows on
    their own, stay consistent with its information set."""
    from deadeye.core.state import OBS_NONE
    unnoticed = 0
    for seed in range(40):
        state = new_game("wyatt-earp", players=3, seed=seed)
        bot = make_bot("ismcts:iterations=20,inference=heuristic,particles=8,reuse=1", seed=seed)
        bot.new_game(state.information_set(1))
        rng = random.Random(seed)
        while not state.is_terminal() and unnoticed < 3:
            if state.current_player() == 1:
                bot.choose(state.information_set(1))      # a tree to keep (reuse)
            before = ([s.to_bytes() for s in bot._filter.states], bot._filter.weights, bot._filter.observed,
                      list(bot._path) if bot._path is not None else None)
            seen = apply_observed(state, rng.choice(state.legal_actions()))[1]
            bot.observe(seen, state.information_set(1))
            if seen.observation == OBS_NONE:
                unnoticed += 1
                assert not seen.noticed and seen.label is None
                assert ([s.to_bytes() for s in bot._filter.states], bot._filter.weights,
                        bot._filter.observed, bot._path) == before
            if state.information_set(1).current_player() == 1 and not state.is_terminal():
                belief = bot._filter.belief(state.information_set(1))
                assert all(belief.draw(k).information_set(1) == state.information_set(1) for k in range(3))
        if unnoticed >= 3:
            break
    assert unnoticed >= 3


def test_every_games_heuristic_weights_are_a_distribution_that_holds_its_choice(game):
    """``Policy._weights`` of each game's heuristic: over the legal actions, summing to 1, and the action the
    heuristic chooses with the same generator state always has a positive weight."""
    rng = random.Random(3)
    for seed in range(4):
        state = game.create(game.min_players, seed=seed) if hasattr(game, "create") else new_game(game.name)
        policy = heuristic_policy(state)
        moves = 0
        while not state.is_terminal() and moves < 120:
            weights = policy.weights(state, seed=moves)
            assert set(weights) == set(state.legal_actions())
            assert sum(weights.values()) == pytest.approx(1.0) and min(weights.values()) >= 0
            assert weights[policy.choose(state, moves)] > 0
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1


def test_a_bot_whose_information_set_admits_no_sample_stops_inferring():
    """Told an information set no state fits (only a sampler's bug could give one), the following bot drops its
    filter and goes on as plain ISMCTS, instead of failing its seat's game."""
    from support.we_position import position
    from deadeye.core.errors import InconsistentInformationError
    from deadeye.core.wyatt_earp import OUTLAW_NAMES
    odd = position(3, hands={0: {OUTLAW_NAMES[4]: 3}}, draw={OUTLAW_NAMES[4]: 1})
    with pytest.raises(InconsistentInformationError):
        odd.information_set(1).sample(0)
    state = new_game("wyatt-earp", players=3, seed=2)
    bot = make_bot("ismcts:iterations=30,inference=heuristic,particles=4", seed=1)
    bot.new_game(state.information_set(1))
    seen = apply_observed(state, state.legal_actions()[0])[1]
    bot.observe(seen, odd.information_set(1))
    assert bot._filter is None
