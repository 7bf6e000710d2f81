"""The Wyatt Earp rule-based player (``deadeye.core.wyatt_earp.heuristic``) and the cut-off evaluation
``WyattEarpState._evaluate`` (rules: /work/shared/rules/wyatt-earp.md, sections cited as §).

The player must always answer with a legal action, play clearly better than chance, decide only from what the
deciding seat knows (so every state of one information set gets the same answer), and make the obvious moves in
concrete positions.
"""
from __future__ import annotations

import random

import pytest
from support.we_position import OUTLAW, position

from deadeye.core import new_game
from deadeye.core.state import Policy
from deadeye.core.wyatt_earp import OUTLAW_NAMES
from deadeye.core.wyatt_earp.heuristic import WyattEarpHeuristic

BS, BK, BD, BC, JJ, SK, WH = OUTLAW_NAMES
HEURISTIC = WyattEarpHeuristic()
RANDOM = Policy()
MAX_ACTIONS_PER_GAME = 20000


def label_of(state, seed=0) -> str:
    return state.action_label(HEURISTIC.choose(state, seed))


def mixed_games(players: int, games: int, seed: int, heuristic_share: float = 0.5):
    """Yield every decision state of seeded games in which each action comes from the heuristic or, with
    probability 1 - ``heuristic_share``, from the random player (so that rare phases such as searches, windows and
    immediate plays are reached)."""
    rng = random.Random(seed)
    for g in range(games):
        state = new_game("wyatt-earp", players=players, seed=seed * 1000 + g)
        actions = 0
        while not state.is_terminal():
            yield state
            policy = HEURISTIC if rng.random() < heuristic_share else RANDOM
            state.apply_action(policy.choose(state, rng.getrandbits(63)))
            actions += 1
            assert actions < MAX_ACTIONS_PER_GAME, f"game {g} does not end"


# ============================================================================ legality and termination

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_always_a_legal_action(players, scale):
    """In every state of many seeded games (mixed heuristic and random play) the choice is one of the legal actions."""
    checked = 0
    for state in mixed_games(players, 25 * scale, seed=players):
        legal = state.legal_actions()
        for seed in (0, 1):
            assert HEURISTIC.choose(state, seed) in legal, repr(state)
        checked += 1
    assert checked > 25 * scale * 50


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_self_play_ends(players, scale):
    """Pure heuristic play never loops: a card taken from the discard pile is always used that turn (§4.1), so every
    round ends, and the game ends with someone at $25,000 (§11)."""
    for g in range(60 * scale):
        state = new_game("wyatt-earp", players=players, seed=g)
        actions = 0
        while not state.is_terminal():
            state.apply_action(HEURISTIC.choose(state, actions))
            actions += 1
            assert actions < MAX_ACTIONS_PER_GAME, f"seed {g}: no end in sight ({state!r})"
        assert max(state.money()) >= 25000


def test_choose_refuses_a_finished_game():
    state = new_game("wyatt-earp", players=2, seed=3)
    while not state.is_terminal():
        state.apply_action(HEURISTIC.choose(state, 0))
    with pytest.raises(ValueError):
        HEURISTIC.choose(state, 0)


# ============================================================================ strength

def play_match(seats, seed: int):
    state = new_game("wyatt-earp", players=len(seats), seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].choose(state, rng.getrandbits(63)))
    return state.winner


def test_beats_random_players():
    """300 seeded 2-player games, the heuristic in seat 0 or 1 alternately: it wins nearly all of them (observed
    299/300; a random player wins only by the luck of the cards)."""
    wins = 0
    for g in range(300):
        seat = g % 2
        seats = [HEURISTIC, RANDOM] if seat == 0 else [RANDOM, HEURISTIC]
        wins += play_match(seats, g) == seat
    assert wins / 300 > 0.95, wins


def test_beats_random_players_at_four():
    """With three random opponents the heuristic still wins far more than its fair quarter (observed 91/100)."""
    wins = 0
    for g in range(100):
        seat = g % 4
        seats = [RANDOM] * 4
        seats[seat] = HEURISTIC
        wins += play_match(seats, 10_000 + g) == seat
    assert wins / 100 > 0.8, wins


# ============================================================================ only what the seat knows

@pytest.mark.parametrize("players", [2, 3, 5])
def test_same_choice_across_an_information_set(players):
    """States sampled from the deciding seat's information set (other hands, the draw pile, unseen searched cards
    redrawn) get exactly the choice the true state gets, seed for seed: the player reads only its own hand and
    public facts."""
    compared = 0
    for n, state in enumerate(mixed_games(players, 8, seed=100 + players, heuristic_share=0.6)):
        if n % 3:
            continue
        seat = state.current_player()
        info = state.information_set(seat)
        for seed in (0, 7):
            expected = HEURISTIC.choose(state, seed)
            for k in range(4):
                sample = info.sample(k)
                assert sample.current_player() == seat
                assert HEURISTIC.choose(sample, seed) == expected, (repr(state), k, seed)
        compared += 1
    assert compared > 100


def test_ignores_the_opponents_hand_and_the_draw_pile():
    """Moving cards between the opponent's hand and the draw pile changes nothing the seat can see, nor the choice."""
    base = dict(players=2, phase="discard", hands={0: {JJ: 2, BS: 1, "Wanted": 1}, 1: {BK: 3, "Hideout": 2}})
    other = dict(base, hands={0: {JJ: 2, BS: 1, "Wanted": 1}, 1: {JJ: 3, "Stagecoach Robbery": 2}})
    for seed in range(5):
        assert HEURISTIC.choose(position(**base), seed) == HEURISTIC.choose(position(**other), seed)


# ============================================================================ concrete positions

def test_melds_an_opening_set():
    """§5: three cards of an unopened outlaw go down as an opening set."""
    s = position(2, hands={0: {JJ: 3, BS: 1, WH: 1}})
    assert label_of(s) == f"play set: 3 x {JJ}"


def test_melds_the_richest_poster_first():
    posters = [1000] * 7
    posters[OUTLAW[BS]] = 6000
    s = position(2, hands={0: {JJ: 3, BS: 3, WH: 1}}, posters=posters)
    assert label_of(s) == f"play set: 3 x {BS}"


def test_melds_all_it_holds_and_keeps_a_card():
    """Four cards of an unopened outlaw and nothing else: three go down, one stays for the discard (§4.2)."""
    s = position(2, hands={0: {JJ: 4}})
    assert label_of(s) == f"play set: 3 x {JJ}"


def test_adds_to_an_opened_outlaw_it_can_share():
    """Seat 1 would take JJ's $6000 alone (8 CP); two JJ cards bring seat 0 within 4 CP, so the reward is shared
    (§10.4: $5000 to seat 1, $3000 to seat 0 of the then $8000)."""
    posters = [1000] * 7
    posters[OUTLAW[JJ]] = 6000
    s = position(2, hands={0: {JJ: 2, BS: 1}}, tableaus={1: {JJ: {"outlaws": 4}}}, posters=posters)
    assert label_of(s) == f"play set: 2 x {JJ}"


def test_does_not_push_a_rival_over_the_threshold():
    """Seat 1 has 6 CP of JJ, not yet captured (§10.2: under 8 CP in all); two JJ cards from seat 0 would make it
    captured and shared 2:1 in seat 1's favour - seat 0 keeps them."""
    s = position(2, hands={0: {JJ: 2, BS: 1}}, tableaus={1: {JJ: {"outlaws": 3}}})
    assert label_of(s) == "end play step"


def test_does_not_feed_an_outlaw_someone_else_dominates():
    """Seat 1 holds 14 CP of JJ; one JJ card (2 CP) could never share, it would only add $1000 to seat 1's reward."""
    s = position(2, hands={0: {JJ: 1, BS: 1, WH: 1}}, tableaus={1: {JJ: {"outlaws": 5, "photo": 1}}})
    assert label_of(s) == "end play step"


def test_plays_the_photo_in_its_own_turn():
    s = position(2, hands={0: {"Photo Jesse James": 1, BS: 1}}, tableaus={0: {JJ: {"outlaws": 3}}})
    assert label_of(s) == "play Photo Jesse James"


def test_takes_the_photo_window():
    """§7.1: seat 0 has just opened JJ with three cards; seat 1 holds Photo-JJ and plays it out of turn."""
    s = position(2, phase="photo window", decider=1, window_outlaw=JJ,
                 hands={0: {BS: 2}, 1: {"Photo Jesse James": 1, BK: 1, WH: 1}}, tableaus={0: {JJ: {"outlaws": 3}}})
    assert s.current_player() == 1
    assert label_of(s) == "play Photo Jesse James"


def test_defends_against_a_hideout():
    s = position(2, phase="defence", decider=1, window_outlaw=JJ, hands={0: {BS: 2}, 1: {"Wyatt Earp": 1, BK: 1}},
                 tableaus={1: {JJ: {"outlaws": 3, "attached": ["Hideout"]}}})
    assert label_of(s) == "defend with Wyatt Earp"


def test_stagecoach_goes_where_it_changes_the_capture():
    """BS: seat 0 has 8 CP against seat 1's 4 (a shared capture of $5000, §10.4); JJ: seat 0 alone with 8 CP.  The
    Stagecoach's +1 CP turns BS into a sole capture (a 5-CP lead, §10.3), worth more than +$3000 on JJ."""
    posters = [1000] * 7
    posters[OUTLAW[BS]] = 5000
    s = position(2, phase="target", pending="Stagecoach Robbery", hands={0: {WH: 1}}, posters=posters,
                 tableaus={0: {BS: {"outlaws": 4}, JJ: {"outlaws": 4}}, 1: {BS: {"photo": 1}}})
    assert label_of(s) == f"shot with Stagecoach Robbery on {BS}"


def test_stagecoach_goes_to_the_sure_capture_otherwise():
    """Without a capture to turn, the $3000 go where seat 0 collects them alone (JJ), not where seat 1 shares."""
    s = position(2, phase="target", pending="Stagecoach Robbery", hands={0: {WH: 1}},
                 tableaus={0: {BS: {"outlaws": 3}, JJ: {"outlaws": 4}}, 1: {BS: {"outlaws": 3}}})
    assert label_of(s) == f"shot with Stagecoach Robbery on {JJ}"


def test_hideout_on_the_leader_of_a_contested_outlaw():
    """Seat 1 leads JJ (10 CP against seat 0's 6) and holds BS alone; hiding the JJ group makes seat 0 JJ's sole
    captor, which is worth more than spoiling BS."""
    posters = [1000] * 7
    posters[OUTLAW[JJ]] = 5000
    s = position(2, phase="target", pending="Hideout", hands={0: {WH: 1}}, posters=posters,
                 tableaus={0: {JJ: {"outlaws": 3}}, 1: {JJ: {"outlaws": 3, "photo": 1}, BS: {"outlaws": 3}}})
    assert label_of(s) == f"shot with Hideout on seat 1's {JJ}"


def test_wanted_for_the_outlaw_it_is_one_card_short_of():
    """Seat 0 holds two BK; seat 1 is publicly known to hold a BK (took it from the discard pile): Wanted mode 1
    for BK completes an opening set."""
    s = position(2, hands={0: {BK: 2, "Wanted": 1, WH: 1}, 1: {BK: 1, BS: 4}}, known={1: {BK: 1}})
    assert label_of(s) == f"play Wanted mode 1: {BK}, clockwise"


def test_discards_a_loose_card_rather_than_breaking_a_set():
    s = position(2, phase="discard", hands={0: {JJ: 3, BS: 1}})
    assert label_of(s) == f"discard {BS}"


def test_discards_a_loose_card_rather_than_breaking_a_pair():
    s = position(2, phase="discard", hands={0: {JJ: 2, BK: 2, BS: 1}})
    assert label_of(s) == f"discard {BS}"


def test_draws_two_by_default_but_takes_a_top_card_that_completes_a_rich_set():
    posters = [1000] * 7
    posters[OUTLAW[JJ]] = 8000
    plain = position(2, phase="draw", hands={0: {JJ: 2, BS: 1, WH: 1}}, discard=[BK])
    assert label_of(plain) == "draw two from the draw pile"
    rich = position(2, phase="draw", hands={0: {JJ: 2, BS: 1, WH: 1}}, discard=[BK, JJ], posters=posters)
    assert label_of(rich) == f"take {JJ} from the discard pile"


def test_ends_the_round_by_drawing_only_when_it_pays():
    """After the reshuffle a draw from a short pile ends the round (§8, E3): seat 0 does it when scoring now favours
    it, and keeps the round going (takes the top card) when seat 1 would collect more."""
    ahead = position(2, phase="draw", reshuffled=True, draw={BK: 1}, hands={0: {WH: 1}},
                     tableaus={0: {JJ: {"outlaws": 4}}}, discard=[BS])
    assert label_of(ahead) == "draw two from the draw pile"
    behind = position(2, phase="draw", reshuffled=True, draw={BK: 1}, hands={0: {WH: 1}},
                      tableaus={1: {JJ: {"outlaws": 4}}}, discard=[BS])
    assert label_of(behind) == f"take {BS} from the discard pile"


# ============================================================================ _evaluate

def test_evaluate_is_a_distribution_during_play():
    for state in mixed_games(3, 3, seed=9):
        values = state.evaluate()
        assert len(values) == 3
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)


def test_evaluate_equals_returns_at_the_end():
    for players in (2, 4):
        state = new_game("wyatt-earp", players=players, seed=5)
        while not state.is_terminal():
            state.apply_action(HEURISTIC.choose(state, 1))
        assert state.evaluate() == state.returns()


def test_evaluate_is_even_at_the_start():
    values = new_game("wyatt-earp", players=4, seed=2).evaluate()
    assert values == pytest.approx([0.25] * 4)


def test_evaluate_ranks_the_richer_seat_higher():
    s = position(3, phase="draw", hands={0: {JJ: 1}}, money=[20000, 5000, 5000], discard=[BS])
    values = s.evaluate()
    assert values[0] > 0.8 and values[1] == pytest.approx(values[2])


def test_evaluate_counts_the_round_as_if_scored_now():
    """Equal money, but seat 1 would capture JJ (8 CP, $1000 reward) if the round were scored now (§10)."""
    s = position(2, phase="draw", hands={0: {BS: 1}}, money=[10000, 10000], tableaus={1: {JJ: {"outlaws": 4}}},
                 discard=[BK])
    values = s.evaluate()
    assert values[1] > values[0]
    assert s.money() == [10000, 10000]                   # scoring ran on a copy
