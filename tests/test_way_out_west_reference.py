"""Replays seeded random Way Out West games against the independent model in tests/support/wow_model.py.

After every gunfight step, every income step and at the end, the model's prediction (written from the rules file
alone) must match the engine; a mismatch fails with the position (``to_dict``) and the actions, so it can be replayed.
"""
from __future__ import annotations

import json
import random

import pytest

import deadeye.core as core
from tests.support import wow_model as model

PH_SHERIFF, PH_FIRE, PH_WANTED = 4, 5, 6
PHASE_OF = {"sheriff": PH_SHERIFF, "fire": PH_FIRE, "wanted": PH_WANTED}
FAMILIES = ((0, 1), (1, 11), (11, 31), (31, 256), (256, 306), (306, 336), (336, 341), (341, 426), (426, 442),
            (442, 443), (443, 444), (444, 449), (449, 451), (451, 452), (452, 484), (484, 489))


def pick(rng: random.Random, legal: list[int]) -> int:
    """A random action, uniform over the action families first, so rare actions (builds, gunfights) occur often."""
    groups = [[a for a in legal if lo <= a < hi] for lo, hi in FAMILIES]
    return rng.choice(rng.choice([g for g in groups if g]))


class Replay:
    """Counts the checks of one or more replayed games."""

    def __init__(self) -> None:
        self.checks = {"gunfight_declarations": 0, "gunfight_steps": 0, "gunfights": 0, "income_steps": 0,
                       "final_scores": 0}
        self.paths: dict[str, int] = {}  # how often each gunfight path was replayed

    def fail(self, what: str, position: dict, actions: list[int], detail: str) -> None:
        raise AssertionError(f"{what}: {detail}\nactions from the position: {actions}\n"
                             f"position: {json.dumps(position)}")

    def game(self, players: int, seed: int) -> None:
        s = core.new_game("way-out-west", players=players, seed=seed)
        rng = random.Random(seed * 7 + players)
        gf: model.Gunfight | None = None
        gf_pos: dict = {}
        gf_actions: list[int] = []
        pos = s.to_dict()
        while not s.is_terminal():
            before = pos["state"]
            legal = sorted(s.legal_actions())
            if gf is None and before["phase"] == 3:
                want = model.legal_gunfights(before, before["current"])
                got = {a for a in legal if 341 <= a < 426}
                if want != got:
                    self.fail("gunfight declarations", pos, [], f"rules allow {sorted(want)}, engine {sorted(got)}")
                self.checks["gunfight_declarations"] += 1
            if gf is not None:
                want = gf.legal()
                if set(legal) != want or before["current"] != gf.decider or before["phase"] != PHASE_OF[gf.waiting]:
                    self.fail("gunfight choice", gf_pos, gf_actions,
                              f"rules: seat {gf.decider} chooses ({gf.waiting}) among {sorted(want)}; engine: seat "
                              f"{before['current']} in phase {before['phase']} among {legal}")
            a = pick(rng, legal)
            s.apply_action(a)
            after_pos = s.to_dict()
            after = after_pos["state"]
            evs = model.events(after)
            paid = {e[1]: e[3] for e in evs if e[0] == model.EV_INCOME}
            try:
                if gf is None and 341 <= a < 426:
                    gf_pos, gf_actions = pos, [a]
                    gf = model.Gunfight.declare(before, a)
                    gf.begin(evs)
                elif gf is not None:
                    gf_actions.append(a)
                    gf.choose(a, evs)
            except model.ModelMismatch as exc:
                self.fail("gunfight dice", gf_pos, gf_actions, str(exc))
            if gf is not None:
                self.checks["gunfight_steps"] += 1
                settled = (len(gf_actions) == 1 and gf.jail_owner < 0) or gf_actions[-1] in (449, 450)
                if settled and gf.default_defender != any(e[0] == model.EV_DEFAULT_DEFENDER for e in evs):
                    self.fail("default defender", gf_pos, gf_actions,
                              f"rules: default defender {gf.default_defender}; engine events {evs}")
                if gf.waiting == "done":
                    self.compare_outcome(gf, after, paid, gf_pos, gf_actions)
                    gf = None
            if paid:
                self.compare_income(pos, a, after, paid, gf is None and a == 0)
            pos = after_pos
        self.compare_end(s)

    def compare_outcome(self, gf: model.Gunfight, after: dict, paid: dict, pos: dict, actions: list[int]) -> None:
        want = gf.outcome()
        got = {k: after[k] for k in model.BOARD_FIELDS}
        got["money"] = [m - paid.get(p, 0) for p, m in enumerate(after["money"])]
        diff = {k: (want[k], got[k]) for k in model.BOARD_FIELDS if want[k] != got[k]}
        if diff:
            self.fail("gunfight outcome", pos, actions, f"winner side {gf.winner}; (rules, engine): {diff}")
        self.checks["gunfights"] += 1
        tg = gf.target
        kind = ("capture" if tg in model.CAPTURABLE else "jail" if tg == model.JAIL else "robbery" if tg == model.BANK
                else "farmer" if tg == model.TARGET_FARMER else "rustling")
        self.paths[kind] = self.paths.get(kind, 0) + 1
        for name, hit in (("attacker won", gf.winner == 0), ("defender won", gf.winner == 1),
                          ("no winner", gf.winner == -1), ("retreat", gf.retreat_side >= 0),
                          ("sheriff", gf.jail_owner >= 0), ("default defender", gf.default_defender),
                          ("bank ruined", tg == model.BANK and gf.winner == 0 and want["building"][gf.town][2] < 0),
                          ("robbery paid exactly", tg == model.BANK and gf.winner == 0
                           and gf.before["money"][gf.defender] == gf.robbery),
                          ("sheriff for the attack", gf.jail_owner == gf.attacker),
                          ("sheriff of a third player", gf.jail_owner not in (-1, gf.attacker, gf.defender)),
                          ("retreat from a Stagecoach town", gf.retreat_side >= 0
                           and gf.before["building"][gf.town][0] >= 0),
                          ("wanted from a player", gf.wanted_from >= 0), ("no wanted token", gf.wanted_from == -3
                                                                          and gf.winner >= 0)):
            if hit:
                self.paths[name] = self.paths.get(name, 0) + 1

    def compare_income(self, pos: dict, action: int, after: dict, paid: dict, plain: bool) -> None:
        want = model.income(after)
        got = [paid.get(p, 0) for p in range(after["n_players"])]
        if want != got:
            self.fail("income", pos, [action], f"rules pay {want}, engine {got}")
        if plain:  # a skip changes nothing else: the money moves by the income alone
            before = pos["state"]["money"]
            if [after["money"][p] - before[p] for p in range(after["n_players"])] != want:
                self.fail("income paid", pos, [action], f"rules pay {want}, money moved {after['money']}")
        self.checks["income_steps"] += 1
        b = after["building"]
        for t in range(5):
            herd = sum(after["cattle"][t])
            for name, hit in (("train cattle", herd and b[t][1] >= 0), ("farmer cattle", herd and after["farmer_at"][t]),
                              ("bank", b[t][2] >= 0), ("store", b[t][3] >= 0), ("hotel", b[t][4] >= 0)):
                if hit:
                    self.paths[name] = self.paths.get(name, 0) + 1

    def compare_end(self, s) -> None:
        pos = s.to_dict()
        st = pos["state"]
        want = model.final_scores(st)
        got = [int(x) for x in s.game_returns()]
        if want != got:
            self.fail("final scores", pos, [], f"rules score {want}, engine {got}")
        ret = list(s.returns())
        won = model.winners(st)
        share = [1 / len(won) if p in won else 0.0 for p in range(st["n_players"])]  # the documented 1/k each
        if ret != pytest.approx(share):
            self.fail("returns", pos, [], f"rules: winners {sorted(won)}, returns {share}; engine {ret}")
        self.checks["final_scores"] += 1
        n = st["n_players"]
        for name, values in (("money tie", st["money"][:n]), ("wanted tie", st["wanted"][:n]), ("points tie", want)):
            if values.count(max(values)) > 1:
                self.paths[name] = self.paths.get(name, 0) + 1
        if len(won) > 1:
            self.paths["shared win"] = self.paths.get("shared win", 0) + 1


GAMES = 300


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_match_the_rules_model(players: int) -> None:
    replay = Replay()
    for seed in range(GAMES):
        replay.game(players, seed)
    assert replay.checks["income_steps"] == 4 * GAMES and replay.checks["final_scores"] == GAMES
    # every path of the rules the model covers was replayed at least once
    paths = ("capture", "jail", "robbery", "rustling", "farmer", "attacker won", "defender won", "no winner", "retreat",
             "sheriff", "sheriff for the attack", "retreat from a Stagecoach town", "default defender", "bank ruined",
             "train cattle", "farmer cattle", "bank", "store", "hotel", "money tie", "wanted tie")
    assert [p for p in paths if not replay.paths.get(p)] == []
    print(players, replay.checks, replay.paths)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games_match_the_rules_model(request, players: int) -> None:
    if not request.config.getoption("--long"):
        pytest.skip("run with --long")
    replay = Replay()
    for seed in range(GAMES, 11 * GAMES):
        replay.game(players, seed)
    print(players, replay.checks)


# --- concrete positions: the model's figures are the rules' own, and the engine agrees on them ---------------------


def last_action_of_round(players: int, rnd: int) -> tuple:
    """A board in the last action turn of round rnd (the last space of the second pass), cowboys all placed."""
    s = core.new_game("way-out-west", players=players, seed=5)
    pos = s.to_dict()
    st = pos["state"]
    st.update(round=rnd, phase=3, pass_no=1, turn=players - 1, placed=3 * players, current=st["order"][players - 1],
              in_auction=[0] * 5, new_order=list(st["order"]), n_events=0)
    return pos, st


def board_income_position(pos: dict, st: dict) -> None:
    """Dodge City: Train (seat 0), Bank (seat 2), Store (seat 1), Hotel (seat 0), a farmer, cattle 2 + 1, cowboys."""
    t = 3
    st["building"][t][:5] = [-1, 0, 2, 1, 0]
    for p, kinds in ((0, (1, 4)), (1, (3,)), (2, (2,))):
        for k in kinds:
            st["bt_supply"][p][k] -= 1
    st["farmer_at"][t], st["farmer_placed"][0] = 1, 1
    st["cattle"][t][0], st["cattle"][t][1] = 2, 1
    st["cattle_supply"][0] -= 2
    st["cattle_supply"][1] -= 1
    for p, n in ((0, 2), (1, 3)):
        for town in range(5):  # move every cowboy of the seat to Dodge City
            st["cowboys"][t][p] += st["cowboys"][town][p] if town != t else 0
            st["cowboys"][town][p] = 0 if town != t else st["cowboys"][t][p]
        st["cowboy_supply"][p] += st["cowboys"][t][p] - n
        st["cowboys"][t][p] = n


def test_income_of_a_concrete_board() -> None:
    pos, st = last_action_of_round(3, 3)
    board_income_position(pos, st)
    # cattle: (farmer) $1, doubled by the Train: $2 each; Bank 2 x 4 counters; Store 2 cattle of others + $2 farmer;
    # Hotel 3 cowboys of others (5.1-5.4); seat 2's cowboys are elsewhere
    want = [2 * 2 + 3, 2 * 1 + 2 + 2, 8]
    assert model.income(st) == want
    s = core.new_game("way-out-west", players=3, seed=5)
    s = s.from_dict(pos)
    s.apply_action(0)
    after = s.to_dict()["state"]
    assert [e[3] for e in model.events(after) if e[0] == model.EV_INCOME] == want
    assert [after["money"][p] - st["money"][p] for p in range(3)] == want


def test_final_scoring_of_a_concrete_board() -> None:
    pos, st = last_action_of_round(3, 12)
    board_income_position(pos, st)
    st["money"][:3], st["treasury"] = [0, 0, 0], 60  # every seat ties for the most money at $0 (D30): 2 each
    st["wanted"][:3], st["wanted_pool"] = [2, 2, 1], 8  # a wanted tie: 2 each
    income = model.income(st)
    final = dict(st, money=[st["money"][p] + (income[p] if p < 3 else 0) for p in range(5)])
    # Dodge City, size 4: counters 4 each (seat 0 two); cattle (Train and farmer) 1 each; control: seat 0 has 2
    # counters + 2 cattle, seat 1 1 + 1: seat 0 scores 4; money then goes to the richest after the income (seat 2, $8)
    want = [4 * 2 + 2 * 1 + 4 + 2, 4 + 1 + 2, 4 + 5]
    assert model.final_scores(final) == want
    s = core.new_game("way-out-west", players=3, seed=5).from_dict(pos)
    s.apply_action(0)
    assert s.is_terminal() and [int(x) for x in s.game_returns()] == want
    assert model.winners(s.to_dict()["state"]) == {0}
    ret = list(s.returns())
    assert ret[0] > ret[1] == ret[2]


def test_town_control_tie_scores_nobody() -> None:
    pos, st = last_action_of_round(2, 12)
    st["building"][0][0], st["building"][0][3] = 0, 1  # San Antonia: one counter each, size 2
    st["bt_supply"][0][0] -= 1
    st["bt_supply"][1][3] -= 1
    st["money"][:2] = [7, 7]
    assert model.final_scores(st) == [2 + 2, 2 + 2]  # counters 2 each, no control (tie), money tie 2 each
    assert model.winners(st) == {0, 1}  # same points, money and wanted tokens: a shared win


def test_the_replay_catches_a_wrong_result() -> None:
    """The comparison can fail: a gunfight outcome with a wanted token too many is reported with its position."""
    replay = Replay()
    s = core.new_game("way-out-west", players=3, seed=1)
    before = s.to_dict()["state"]
    before.update(phase=3, current=0)
    before["cowboys"][2][0], before["farmer_at"][2] = 3, 1
    gf = model.Gunfight.declare(before, model.gunfight_id(2, model.TARGET_FARMER))
    gf.begin([(model.EV_VOLLEY, 1, 1, 0)])  # 3 against 1: the farmer fires first (6.4) and misses
    # the attacker, with 1 to 4 cowboys, fires or retreats one cowboy to each of three other towns (6.6)
    assert gf.waiting == "fire" and gf.decider == 0
    assert gf.legal() == {model.A_FIRE} | {model.A_RETREAT + m for m in (0b01011, 0b10011, 0b11001, 0b11010)}
    gf.choose(model.A_FIRE, [(model.EV_VOLLEY, 3, 0, 1)])  # three dice, one hit
    assert gf.waiting == "done" and gf.winner == 0
    after = gf.outcome()
    assert after["farmer_at"][2] == 0 and after["farmers_removed"] == 1 and after["wanted"][0] == 1
    after["wanted"] = list(after["wanted"])
    after["wanted"][0] += 1
    with pytest.raises(AssertionError, match="gunfight outcome"):
        replay.compare_outcome(gf, after, {}, {"state": before}, [])
