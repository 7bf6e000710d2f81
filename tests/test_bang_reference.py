"""Replays seeded random BANG! games of the engine against the independent model in tests/support/bang_model.py.

The model was written from the rules file alone (issue 14, item 5). The two run in lockstep: at every engine
decision the engine's legal ids must be exactly the ids the model's legal decisions begin with (after the ids already
chosen for the current decision, tests/support/bang_adapter.py), and at every phase-2 idle point the whole table
(hands, play areas, deck and discard order, equipment, life, nuggets and their accounting, roles revealed, turn
counters) must equal the model's prediction. A decision whose outcome the model drew by chance it cannot share with
the engine (a reshuffle) is not compared: the model takes the engine's table at the next phase-2 idle point. A random
hand card (Panic!, Cat Balou, Jesse Jones, El Gringo) is matched: the model tries each card and keeps the one the
engine's hands show. The engine asks some replies the model resolves by itself ("take the hit" with nothing else to
do, ACTIONS.md): those are applied to the engine alone. A mismatch fails with the position (``to_dict``) at the last
sync point and the actions since, so it can be replayed.
"""
from __future__ import annotations

import json
import random

import pytest

import deadeye.core as core
from tests.support import bang_adapter as ad
from tests.support import bang_model as m

HAS_BANG = "bang" in [g.name for g in core.list_games()]
needs_engine = pytest.mark.skipif(not HAS_BANG, reason="deadeye.core has no game 'bang' yet (issue 14: core/bang/ "
                                                       "is being built on branch bang-engine)")
REPLY_FRAMES = (ad.FR_PHASE1, ad.FR_BANG, ad.FR_INDIANS, ad.FR_DUEL, ad.FR_DYING, ad.FR_STORE, ad.FR_DISCARD)
SUB_FRAMES = (ad.FR_TARGET, ad.FR_MODE, ad.FR_STEAL)


class Replay:
    """Lockstep replay of engine games against the model, with counts of what was compared."""

    def __init__(self, new_game=None) -> None:
        self.new_game = new_game or (lambda players, seed, gold_rush, ghosts: core.new_game(
            "bang", players=players, seed=seed, gold_rush=gold_rush, ghosts=ghosts))
        self.checks = {"decisions": 0, "syncs": 0, "unchecked": 0, "engine_only": 0, "games": 0, "ends": 0}
        self.verbs: dict[str, int] = {}

    def fail(self, what: str, pos: dict, actions: list[int], detail: str) -> None:
        raise AssertionError(f"{what}: {detail}\nactions from the position: {actions}\n"
                             f"position: {json.dumps(pos)}")

    def apply_model(self, model: m.State, d: tuple, after: dict) -> m.State | None:
        """The model's result of d, chance matched to the engine's hands; None if it cannot be matched."""
        trial = model.clone()
        n0 = trial.n_chance
        m.apply(trial, d)
        if trial.n_chance == n0:
            return trial
        want = ad.hands(after)
        for c in sorted({c for h in model.hands for c in h}):
            t = model.clone()
            t.forced = [("card", c)]
            try:
                m.apply(t, d)
            except AssertionError:
                continue
            if t.n_chance == n0 and not t.forced and [sorted(h) for h in t.hands] == want:
                return t
        return None

    def game(self, players: int, seed: int, gold_rush: bool, ghosts: bool) -> None:
        g = self.new_game(players, seed, gold_rush, ghosts)
        rng = random.Random(seed * 7 + players)
        model: m.State | None = None
        sync_pos: dict = {}
        since: list[int] = []
        prefix: list[int] = []
        while not g.is_terminal():
            pos = g.to_dict()
            st = pos["state"]
            if ad.at_phase2(st) and not prefix:
                conv = ad.model_state(st)
                if model is not None:
                    want, got = ad.comparable(model), ad.comparable(conv)
                    diff = {k: (want[k], got[k]) for k in want if want[k] != got[k]}
                    if diff:
                        self.fail("table at phase 2", sync_pos, since, f"(model, engine): {diff}")
                    self.checks["syncs"] += 1
                model, sync_pos, since = conv, pos, []
            legal = sorted(g.legal_actions())
            a, engine_only = None, False
            if model is not None:
                expect = ad.next_ids(model, prefix)
                top = ad.top_frame(st)
                same = g.current_player() == m.to_move(model) and top == ad.engine_frame(model)
                engine_only = not prefix and not same and (
                    len(legal) == 1 and (legal == [ad.A_PASS] and top in REPLY_FRAMES or top in SUB_FRAMES + (
                        ad.FR_STORE,)) or top == ad.FR_DISCARD)
                if engine_only:  # a reply the model resolves alone (a ghost's whole hand goes in ascending order)
                    self.checks["engine_only"] += 1
                    a = legal[0]
                else:
                    if not prefix and g.current_player() != m.to_move(model):
                        self.fail("who decides", sync_pos, since, f"model: seat {m.to_move(model)} "
                                  f"({m.legal_decisions(model)}); engine: seat {g.current_player()} {legal} "
                                  f"(frames {ad.frames(st)})")
                    if set(legal) != set(expect):
                        self.fail("legal ids", sync_pos, since, f"after {prefix}: model {sorted(expect)} "
                                  f"({m.legal_decisions(model)}), engine {legal} (frames {ad.frames(st)})")
                    self.checks["decisions"] += 1
            if a is None:
                a = rng.choice(legal)
            g.apply_action(a)
            since.append(a)
            if model is None or engine_only:
                continue
            prefix.append(a)
            d = ad.completed(model, prefix)
            if d is None:
                continue
            prefix = []
            self.verbs[d[0]] = self.verbs.get(d[0], 0) + 1
            after = g.to_dict()["state"]
            nxt = self.apply_model(model, d, after)
            if nxt is None:
                self.checks["unchecked"] += 1
                model = None  # a reshuffle: take the engine's table at the next phase-2 idle point
            else:
                model = nxt
        st = g.to_dict()["state"]
        self.checks["games"] += 1
        if st["winner"]:
            won = [p for p, r in enumerate(g.returns()) if r > 0]
            if model is not None and m.over(model):
                if sorted(model.winners) != won or model.winning_side != ad.WIN_SIDES[st["winner"]]:
                    self.fail("winners", sync_pos, since, f"model {model.winners} ({model.winning_side}), "
                              f"engine {won} ({st['winner']})")
                self.checks["ends"] += 1


GAMES = 12  # per player count and option combination; ten times more with --long
OPTIONS = [(True, False), (False, False), (True, True), (False, True)]


@needs_engine
@pytest.mark.parametrize("players", [4, 5, 6, 7])
@pytest.mark.parametrize("gold_rush,ghosts", OPTIONS)
def test_random_games_match_the_rules_model(players: int, gold_rush: bool, ghosts: bool) -> None:
    replay = Replay()
    for seed in range(GAMES):
        replay.game(players, seed, gold_rush, ghosts)
    c = replay.checks
    assert c["games"] == GAMES and c["syncs"] > 20 * GAMES and c["decisions"] > 50 * GAMES
    assert c["unchecked"] < c["syncs"] / 5  # most segments are compared, not skipped for chance
    assert c["ends"] > GAMES // 2
    print(players, gold_rush, ghosts, c, replay.verbs)


@needs_engine
@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 5, 6, 7])
@pytest.mark.parametrize("gold_rush,ghosts", OPTIONS)
def test_many_random_games_match_the_rules_model(request, players: int, gold_rush: bool, ghosts: bool) -> None:
    if not request.config.getoption("--long"):
        pytest.skip("run with --long")
    replay = Replay()
    for seed in range(GAMES, 11 * GAMES):
        replay.game(players, seed, gold_rush, ghosts)
    print(players, gold_rush, ghosts, replay.checks)


def test_the_adapter_maps_every_model_decision_to_engine_ids() -> None:
    """Every decision of random model games has an engine form, and distinct decisions have distinct forms."""
    for seed in range(6):
        s = m.new_game(5, seed, gold_rush=True, ghosts=seed % 2 == 1)
        s.ascending_discards = True
        rng = random.Random(seed)
        while not m.over(s) and s.moves < 3000:
            opts = m.legal_decisions(s)
            forms = [tuple(seq) for d in opts for seq in ad.sequences(s, d)]
            assert len(forms) == len(set(forms)), opts
            assert not [f for f in forms for g in forms if f != g and g[:len(f)] == f], opts  # prefix-free
            assert all(0 <= x < ad.NUM_ACTIONS for f in forms for x in f)
            for d in opts:
                for seq in ad.sequences(s, d):
                    assert ad.completed(s, seq) == d
            m.apply(s, rng.choice(opts))


# --- the replay's own machinery, run against the model behind the engine's interface ----------------------------


def test_the_replay_of_the_model_against_itself_agrees() -> None:
    replay = Replay(ad.ModelEngine)
    for players, seed, gold_rush, ghosts in ((4, 1, True, False), (5, 2, False, True), (7, 3, True, True)):
        replay.game(players, seed, gold_rush, ghosts)
    c = replay.checks
    assert c["games"] == 3 and c["ends"] >= 1 and c["syncs"] > 30 and c["decisions"] > 150 and c["engine_only"] == 0


class WrongBeer(ad.ModelEngine):
    """A model engine whose Beer heals 2 (the rules: 1)."""

    def apply_action(self, a: int) -> None:
        beer = a < 80 and m.card_name(a) == "Beer" and self.s.stack[-1]["k"] == "turn" and not self.prefix
        super().apply_action(a)
        if beer and not self.prefix and not m.over(self.s):
            p = self.s.active
            self.s.life[p] = min(self.s.max_life[p], self.s.life[p] + 1)


def test_the_replay_catches_a_wrong_engine() -> None:
    replay = Replay(WrongBeer)
    with pytest.raises(AssertionError, match="table at phase 2"):
        for seed in range(20):
            replay.game(5, seed, False, False)


def test_the_converter_round_trips_a_phase_2_table() -> None:
    s = m.new_game(6, 4, gold_rush=True, ghosts=True)
    s.ascending_discards = True
    assert ad.at_phase2(ad.engine_dict(s)) == (s.stack[-1]["step"] == "phase2")
    rng = random.Random(4)
    seen = 0
    while not m.over(s):
        if s.stack == [{"k": "turn", "step": "phase2", "skipped": False, "gold_rush": False}] and not s.transit:
            back = ad.model_state(ad.engine_dict(s))
            assert ad.comparable(back) == ad.comparable(s) and set(m.legal_decisions(back)) == set(m.legal_decisions(s))
            seen += 1
        m.apply(s, rng.choice(m.legal_decisions(s)))
    assert seen > 20
