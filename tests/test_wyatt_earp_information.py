"""Wyatt Earp information sets and the determinisation sampler (rules §12, design.md "InformationSet").

Every test uses fixed seeds.  The random-play tests walk seeded random games for 2..6 players and check, at regular
steps and for every seat, that what ``information_set(seat)`` shows and what ``sample(seed)`` returns agree with the
true state and with the public history (§12.1-12.5, D35).
"""
from __future__ import annotations

import copy
import json
import math
import random

import msgpack
import numpy as np
import pytest

from deadeye.core import InvalidStateError, new_game
from deadeye.core.wyatt_earp import CARD_COUNTS, CARD_NAMES, OUTLAW_NAMES, WyattEarpInformationSet, WyattEarpState
from deadeye.core.wyatt_earp.state import STATE_LAYOUT as _FIELDS
from deadeye.bots.registry import make_bot
from support.game_checks import DEFAULT_BOTS, check_bots_move, check_every_seat_samples
from support.we_position import act, field, position

CARD = {name: i for i, name in enumerate(CARD_NAMES)}
N_TYPES = len(CARD_NAMES)
N_OUTLAWS = len(OUTLAW_NAMES)
PHOTO = 7
WYATT = CARD["Wyatt Earp"]
PLAY, SEARCH, IMMEDIATE, PHOTO_WINDOW, DEFENCE, GAME_OVER = 1, 3, 4, 5, 6, 8
PLAYER_COUNTS = (2, 3, 4, 5, 6)
GAMES = 100          # random games per player count
STRIDE = 5           # sample every STRIDE steps, for every seat

# ---------------------------------------------------------------------------------------------------- helpers

_RECORD = np.dtype({"names": [f.name for f in _FIELDS],
                     "formats": [(f.dtype, f.shape) if f.shape else f.dtype for f in _FIELDS],
                     "offsets": [f.offset for f in _FIELDS]})


def decode(raw: bytes) -> dict:
    """The struct fields of a state's bytes as int64 arrays (a fast ``to_dict``; checked against it below)."""
    rec = np.frombuffer(raw, dtype=_RECORD, count=1)[0]
    return {name: (rec[name].astype(np.int64) if f.shape else int(rec[name]))
            for name, f in zip(_RECORD.names, _FIELDS)}


def view_of(info: WyattEarpInformationSet) -> dict:
    return decode(info._as_state().to_bytes())


def could_be(st: dict, p: int, t: int) -> int:
    """How many of seat p's cards not publicly known may be of type t: its tiers and searched cards whose "no"
    masks leave t open (12.4.3, tracked per card)."""
    bit = 1 << t if t < PHOTO else 0
    n = sum(int(st["tier_n"][p][i]) for i in range(st["n_tiers"][p]) if not st["tier_mask"][p][i] & bit)
    return n + sum(1 for k in range(st["n_searches"])
                   if st["search_seat"][k] == p and st["search_held"][k] and not st["search_mask"][k] & bit)


def bound(st: dict, p: int, x: int) -> int:
    """At most this many outlaw cards x in seat p's hand, by what every seat knows."""
    return int(st["known"][p][x]) + could_be(st, p, x)


def hidden_window(true: dict, seat: int) -> bool:
    """A decision of another seat that ``seat`` must not see (D35, D33)."""
    return ((true["phase"] in (PHOTO_WINDOW, DEFENCE) and true["decider"] != seat)
            or (true["phase"] == IMMEDIATE and true["active"] != seat))


def pile_minus(small: list, big: list) -> bool:
    """``small`` is the pile ``big`` with some cards taken out, none of them its top card nor a Wyatt Earp."""
    if not big or not small:
        return big == small
    if small[-1] != big[-1]:
        return False
    j = 0
    for c in big[:-1]:              # greedy matching is exact: whether a card may be skipped depends on its type only
        if j < len(small) - 1 and small[j] == c:
            j += 1
        elif c == WYATT:
            return False
    return j == len(small) - 1


def walk(n: int, seed: int):
    """(step, state) along a seeded random game (the state is advanced after each yield)."""
    s = new_game("wyatt-earp", players=n, seed=seed)
    r = random.Random(seed * 7919 + n)
    step = 0
    while not s.is_terminal():
        yield step, s
        s.apply_action(r.choice(s.legal_actions()))
        step += 1


def sample_seed(n: int, game: int, step: int, seat: int) -> int:
    return ((n * 1000 + game) * 100_000 + step) * 8 + seat


def other_hands(sample: WyattEarpState, seat: int) -> tuple:
    st = sample.to_dict()["state"]
    return tuple(tuple(st["hand"][p]) for p in range(st["n_players"]) if p != seat)


def report(problems: list, what: str):
    assert not problems, f"{len(problems)} {what}; first ones:\n" + "\n".join(problems[:12])


# ---------------------------------------------------------------------------------------------------- property 1

def check_sample(state: WyattEarpState, true: dict, info: WyattEarpInformationSet, view: dict,
                 sample: WyattEarpState, tag: str) -> list:
    """Everything a sample must keep (§12.4): returns the violations found."""
    seat = info.seat
    n = true["n_players"]
    s = decode(sample.to_bytes())
    bad = []

    def fail(msg):
        bad.append(f"{tag}: {msg}")

    if not np.array_equal(s["hand"][seat], true["hand"][seat]):
        fail(f"own hand changed: {s['hand'][seat].tolist()} != {true['hand'][seat].tolist()}")
    if not np.array_equal(s["hand_n"][:n], true["hand_n"][:n]):
        fail(f"hand sizes {s['hand_n'][:n].tolist()} != {true['hand_n'][:n].tolist()}")
    for p in range(n):
        if p == seat:
            continue
        if s["hand"][p].sum() != true["hand_n"][p]:
            fail(f"seat {p} hand has {s['hand'][p].sum()} cards, hand_n {true['hand_n'][p]}")
        if (s["hand"][p] < view["known"][p]).any():
            fail(f"seat {p} hand {s['hand'][p].tolist()} misses known cards {view['known'][p].tolist()}")
        for x in range(N_OUTLAWS):
            u = bound(view, p, x)
            if s["hand"][p][x] > u:
                fail(f"seat {p} holds {s['hand'][p][x]} x {OUTLAW_NAMES[x]} > bound {u}")
    if s["draw"].sum() != s["draw_n"] or s["draw_n"] != true["draw_n"]:
        fail(f"draw pile {s['draw'].sum()} cards / draw_n {s['draw_n']}, true draw_n {true['draw_n']}")
    for name in ("n_players", "dealer", "round", "turn", "money", "poster", "opened", "outlaws", "photo",
                 "attached", "attached_n", "fg_seat", "fg_outlaw", "aside", "reshuffled", "sheriff_used",
                 "discard_n"):
        if not np.array_equal(s[name], true[name]):
            fail(f"public field {name} changed")
    for name in ("phase", "decider", "active", "pending", "window_outlaw"):
        if s[name] != view[name]:
            fail(f"{name} {s[name]} != view's {view[name]}")
    if hidden_window(true, seat):
        if view["phase"] != PLAY or view["decider"] != true["active"]:
            fail(f"hidden window shown: view phase {view['phase']} decider {view['decider']}")
    elif view["phase"] != true["phase"] or view["decider"] != true["decider"]:
        fail(f"view phase/decider {view['phase']}/{view['decider']} != true {true['phase']}/{true['decider']}")
    if sample.current_player() != info.current_player():
        fail(f"current player {sample.current_player()} != info's {info.current_player()}")
    dn = true["discard_n"]
    if dn and s["discard"][dn - 1] != true["discard"][dn - 1]:
        fail(f"discard top {CARD_NAMES[s['discard'][dn - 1]]} != {CARD_NAMES[true['discard'][dn - 1]]}")
    # the pile is known up to searched cards this seat did not see (12.2): the view pictures them where they lay,
    # the sample takes exactly that many (never the top card, never a Wyatt Earp) out again
    vpile = view["discard"][:view["discard_n"]].tolist()
    spile = s["discard"][:s["discard_n"]].tolist()
    unseen = len(vpile) - dn
    if unseen < 0 or not pile_minus(spile, vpile):
        fail(f"discard pile {spile} is not the seat's picture {vpile} minus {unseen} searched card(s)")
    if unseen == 0 and spile != true["discard"][:dn].tolist():
        fail(f"discard pile {spile} != {true['discard'][:dn].tolist()} though the seat knows it exactly")
    locations = sample.card_locations()
    totals = [sum(place[t] for place in locations.values()) for t in range(N_TYPES)]
    if totals != list(CARD_COUNTS):
        fail(f"card counts {totals} != {list(CARD_COUNTS)}")
    if true["reshuffled"]:
        # after the reshuffle the draw pile holds only reshuffled-pool cards not yet taken (12.4.5)
        pool = view["resh_pool"] - view["resh_out"] - view["resh_drawn"][seat]
        if (true["draw"] > pool).any():
            fail(f"(test premise) the true draw pile {true['draw'].tolist()} exceeds the pool {pool.tolist()}")
        if (s["draw"] > pool).any():
            fail(f"draw pile {s['draw'].tolist()} exceeds the reshuffled pool left {pool.tolist()}")
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_play_samples_are_consistent(n):
    problems = []
    checked = 0
    for game in range(GAMES):
        for step, state in walk(n, game):
            if step % STRIDE:
                continue
            true = decode(state.to_bytes())
            for seat in range(n):
                info = state.information_set(seat)
                view = view_of(info)
                sample = info.sample(sample_seed(n, game, step, seat))
                problems += check_sample(state, true, info, view, sample,
                                         f"{n}p game seed {game} step {step} seat {seat} ({state.phase})")
                checked += 1
    assert checked > GAMES * n * 10
    report(problems, "sample violations")


# ------------------------------------------------------------------ property 1, against an independent tracker

class PublicHistory:
    """k(P, T) and u(P, X) of §12.4.2-3, recomputed from the public action stream alone."""

    def __init__(self, n):
        self.n = n
        self.k = [[0] * N_TYPES for _ in range(n)]
        self.u = [[None] * N_OUTLAWS for _ in range(n)]   # None: no "no" answer yet (unbounded)

    def add_public(self, p, t):
        self.k[p][t] += 1
        if t < PHOTO and self.u[p][t] is not None:
            self.u[p][t] += 1

    def remove_public(self, p, t, count=1):
        self.k[p][t] = max(0, self.k[p][t] - count)
        if t < PHOTO and self.u[p][t] is not None:
            self.u[p][t] = max(0, self.u[p][t] - count)

    def take_private(self, p, count):
        for x in range(N_OUTLAWS):
            if self.u[p][x] is not None:
                self.u[p][x] += count

    def apply(self, before: WyattEarpState, action: int, after: WyattEarpState):
        label = before.action_label(action)
        me = before.current_player()
        grew = sum(after.hand(me).values()) - sum(before.hand(me).values())
        if before.phase == "immediate" and label.startswith("play "):
            # only the card just searched can be played now (§7.7): everyone knows that one is played
            card = label[len("play "):].split(" mode ")[0]
            self.k[me][CARD[card]] += 1
        if label == "draw two from the draw pile":
            self.take_private(me, grew)
        elif label.startswith("take ") and label.endswith(" from the discard pile"):
            self.add_public(me, CARD[label[len("take "):-len(" from the discard pile")]])
        elif label.startswith("play set: "):
            count, outlaw = label[len("play set: "):].split(" x ", 1)
            self.remove_public(me, CARD[outlaw], int(count))
        elif label.startswith("play Photo "):
            self.remove_public(me, CARD[label[len("play "):]])
        elif label in ("play Stagecoach Robbery", "play Bank Robbery", "play Fastest Gun", "play Hideout"):
            self.remove_public(me, CARD[label[len("play "):]])
        elif label.startswith("play Wanted"):
            self.remove_public(me, CARD["Wanted"])
            for kind, seat, a, b in after.events():
                if kind == "wanted_no":
                    self.u[seat][a] = 0
                elif kind == "wanted_give":
                    self.remove_public(seat, a)
                    self.add_public(b, a)
        elif label.startswith("shot with Wanted: take "):
            outlaw = label[len("shot with Wanted: take "):].rsplit(" from seat ", 1)[0]
            self.add_public(me, CARD[outlaw])
        elif label == "play Wyatt Earp mode 1: draw two":
            self.remove_public(me, WYATT)
            self.take_private(me, grew + 1)
        elif label.startswith("play Wyatt Earp") or label == "defend with Wyatt Earp":
            self.remove_public(me, WYATT)
        elif label.startswith("search: take "):
            self.take_private(me, 1)
        elif label.startswith("discard "):
            self.remove_public(me, CARD[label[len("discard "):]])
        else:
            assert label in ("end play step", "decline", "keep the searched card") or label.startswith("shot with"), \
                label


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_play_constraints_follow_public_history(n):
    """known matches k recomputed from public play, the per-card "no" bound is never looser than u and never
    breaks the true hand, and samples respect k/u (§12.4.2-3)."""
    problems = []
    for game in range(GAMES // 2):
        state = new_game("wyatt-earp", players=n, seed=game)
        r = random.Random(game * 7919 + n)
        hist = PublicHistory(n)
        step = 0
        while not state.is_terminal():
            before = state.clone()
            action = r.choice(state.legal_actions())
            state.apply_action(action)
            step += 1
            if state.is_terminal():
                break
            if state.round != before.round:
                hist = PublicHistory(n)
                continue
            hist.apply(before, action, state)
            true = decode(state.to_bytes())
            tag = f"{n}p game seed {game} step {step} after {before.action_label(action)!r}"
            for p in range(n):
                hand = true["hand"][p]
                if true["known"][p].tolist() != hist.k[p]:
                    problems.append(f"{tag}: seat {p} known {true['known'][p].tolist()} != k {hist.k[p]}")
                if any(hand[t] < hist.k[p][t] for t in range(N_TYPES)):
                    problems.append(f"{tag}: (tracker) seat {p} hand {hand.tolist()} below k {hist.k[p]}")
                for x in range(N_OUTLAWS):
                    u, b = hist.u[p][x], bound(true, p, x)
                    if hand[x] > b:
                        problems.append(f"{tag}: seat {p} holds {hand[x]} {OUTLAW_NAMES[x]} > its bound {b}")
                    if u is None:
                        if b != true["hand_n"][p] - sum(hist.k[p]) + hist.k[p][x]:
                            problems.append(f"{tag}: seat {p} bound {b} on {OUTLAW_NAMES[x]} without a 'no'")
                        continue
                    if hand[x] > u:
                        problems.append(f"{tag}: (tracker) seat {p} holds {hand[x]} {OUTLAW_NAMES[x]} > u {u}")
                    # per card the bound is never looser than u, except that a searched card the seat may have
                    # played stands for the card left in its place with the weakest mask it may have
                    held = sum(1 for k in range(true["n_searches"])
                               if true["search_seat"][k] == p and true["search_held"][k])
                    if b > u + held:
                        problems.append(f"{tag}: seat {p} bound {b} on {OUTLAW_NAMES[x]} looser than u {u}")
            if step % STRIDE == 0:
                for seat in range(n):
                    sample = decode(state.information_set(seat).sample(sample_seed(n, game, step, seat)).to_bytes())
                    for p in range(n):
                        if p == seat:
                            continue
                        hand = sample["hand"][p]
                        for t in range(N_TYPES):
                            if hand[t] < hist.k[p][t]:
                                problems.append(f"{tag} seat {seat}: sample gives seat {p} {hand[t]} "
                                                f"{CARD_NAMES[t]}, public history says >= {hist.k[p][t]}")
                        for x in range(N_OUTLAWS):
                            if hist.u[p][x] is not None and hand[x] > hist.u[p][x]:
                                problems.append(f"{tag} seat {seat}: sample gives seat {p} {hand[x]} "
                                                f"{OUTLAW_NAMES[x]}, public history says <= {hist.u[p][x]}")
    report(problems, "constraint violations")


# ---------------------------------------------------------------------------------------------------- property 2

def test_card_taken_from_discard_pile_is_in_takers_hand_in_every_sample():
    # seat 0 holds 5 Jesse James, one lies in a tableau: the only one left is the one seat 1 takes publicly
    state = position(players=3, active=1, phase="draw",
                     hands={0: {"Jesse James": 5, "Wanted": 1}, 1: {"Bank Robbery": 1, "Hideout": 1},
                            2: {"Fastest Gun": 2}},
                     tableaus={2: {"Belle Starr": {"outlaws": 3}}}, discard=["Wanted", "Jesse James"])
    act(state, "take Jesse James from the discard pile")
    assert field(state, "known")[1][CARD["Jesse James"]] == 1
    for seat in (0, 2):
        info = state.information_set(seat)
        assert info.to_dict()["view"]["hand"][1][CARD["Jesse James"]] == 1
        for k in range(200):
            sample = info.sample(1000 * seat + k)
            assert sample.hand(1).get("Jesse James", 0) >= 1, (seat, k, sample.hand(1))
            assert sum(sample.hand(1).values()) == 3
    # the card stays known after seat 1 plays on (a meld of other cards does not touch it)
    act(state, "end play step", "discard Hideout")
    for k in range(100):
        assert state.information_set(0).sample(k).hand(1).get("Jesse James", 0) >= 1


def test_card_taken_from_discard_pile_is_kept_among_many_unknown_cards():
    """A publicly taken card is kept even where the prior alone would often leave it out."""
    state = position(players=4, active=2, phase="draw", hands={0: {"Wanted": 2}, 1: {"Hideout": 2},
                                                              2: {"Bank Robbery": 1}, 3: {"Wyatt Earp": 3}},
                     discard=["Stagecoach Robbery", "Sundance Kid"])
    act(state, "take Sundance Kid from the discard pile")
    info = state.information_set(0)
    for k in range(300):
        assert info.sample(k).hand(2).get("Sundance Kid", 0) >= 1, k


def _wanted_no_position():
    # seat 0 asks for Jesse James clockwise: seat 1 has none, seat 2 gives one
    state = position(players=3, active=0, phase="play",
                     hands={0: {"Wanted": 1, "Hideout": 1, "Bank Robbery": 1},
                            1: {"Wes Hardin": 2, "Hideout": 1, "Bank Robbery": 2},
                            2: {"Jesse James": 1, "Fastest Gun": 1}})
    act(state, "play Wanted mode 1: Jesse James, clockwise")
    return state


def test_no_answer_to_wanted_bars_that_outlaw_from_samples():
    state = _wanted_no_position()
    assert ("wanted_no", 1, CARD["Jesse James"], 0) in state.events()
    assert bound(state.to_dict()["state"], 1, CARD["Jesse James"]) == 0
    jj = "Jesse James"
    for seat in (0, 2):
        info = state.information_set(seat)
        for k in range(300):
            sample = info.sample(5000 * seat + k)
            assert sample.hand(1).get(jj, 0) == 0, (seat, k, sample.hand(1))
    # seat 0 received a Jesse James publicly: seats 1 and 2 see it in its hand
    for seat in (1, 2):
        info = state.information_set(seat)
        for k in range(100):
            assert info.sample(k).hand(0).get(jj, 0) >= 1
    # still none after more public play by others
    act(state, "end play step", "discard Hideout")
    for k in range(200):
        assert state.information_set(0).sample(k).hand(1).get(jj, 0) == 0
    # seat 1 takes two cards privately: now it may hold up to two (and some sample should give it one)
    act(state, "draw two from the draw pile")
    assert bound(state.to_dict()["state"], 1, CARD[jj]) == 2
    counts = [state.information_set(seat).sample(k).hand(1).get(jj, 0) for seat in (0, 2) for k in range(300)]
    assert max(counts) <= 2
    assert any(c >= 1 for c in counts)


def test_no_answers_of_several_seats_counter_clockwise():
    state = position(players=4, active=0, phase="play",
                     hands={0: {"Wanted": 1, "Hideout": 1, "Bank Robbery": 1},
                            1: {"Belle Starr": 3, "Hideout": 1}, 2: {"Wyatt Earp": 2, "Bank Robbery": 1},
                            3: {"Fastest Gun": 2, "Stagecoach Robbery": 1}})
    act(state, "play Wanted mode 1: Belle Starr, counter-clockwise")
    events = state.events()
    assert ("wanted_no", 3, 0, 0) in events and ("wanted_no", 2, 0, 0) in events
    for seat in (0, 1):
        info = state.information_set(seat)
        for k in range(300):
            sample = info.sample(k)
            assert sample.hand(3).get("Belle Starr", 0) == 0
            assert sample.hand(2).get("Belle Starr", 0) == 0


def test_no_answer_after_an_unseen_search_bars_that_outlaw_too():
    """Seat 0 takes a card from a discard pile holding Jesse James cards (seats 1 and 2 do not see which), then
    answers "no" for Jesse James: whatever the searched card was, seat 0 holds no Jesse James now (12.4.3)."""
    state = position(players=3, active=0, phase="play",
                     hands={0: {"Wyatt Earp": 1, "Hideout": 1, "Wanted": 1, "Stagecoach Robbery": 1},
                            1: {"Wanted": 1, "Hideout": 2, "Fastest Gun": 1},
                            2: {"Jesse James": 1, "Fastest Gun": 1, "Wyatt Earp": 1}},
                     discard=["Jesse James", "Jesse James", "Bank Robbery", "Wes Hardin"], seed=3)
    act(state, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery",
        "end play step", "discard Hideout", "draw two from the draw pile",
        "play Wanted mode 1: Jesse James, counter-clockwise")
    assert ("wanted_no", 0, CARD["Jesse James"], 0) in state.events()
    assert bound(state.to_dict()["state"], 0, CARD["Jesse James"]) == 0
    for seat in (1, 2):
        info = state.information_set(seat)
        bad = [k for k in range(200) if info.sample(k).hand(0).get("Jesse James", 0) > 0]
        assert not bad, f"seat {seat}: {len(bad)}/200 samples give seat 0 a Jesse James (seeds {bad[:5]})"


# Issue 27 item 8: positions of seeded random games (players, game seed, moves played with random.Random(seed), seat)
# where the seat's view had no sample: searched cards its searcher must have played since (melded or discarded; the
# view counts the card twice, in the pile where it pictures it and where it went) were settled one at a time, each
# without regard to what the others needed (a seen searched card before the unseen one that settles it, a matching
# of the double counts that left a card nothing it may be, a card that must have been played drawn by the pile alone).
SEARCHES_PLAYED_SINCE = [(4, 52522, 226, 3), (4, 50602, 171, 2), (5, 52658, 141, 1), (2, 678, 234, 1), (2, 639, 83, 0),
                         (2, 766, 402, 0), (3, 495, 173, 1), (4, 402, 258, 1), (5, 32, 334, 3), (5, 129, 77, 0)]


@pytest.mark.parametrize("n, seed, moves, seat", SEARCHES_PLAYED_SINCE)
def test_views_with_searched_cards_played_since_have_samples(n, seed, moves, seat):
    """Every seat of the position samples, and every sample is sound and gives the seat back its view (before: the
    seat's samples all failed, or one in five at 2 players seed 639); on to the seat's next decision, the default
    bots move there."""
    state = new_game("wyatt-earp", players=n, seed=seed)
    r = random.Random(seed)
    for _ in range(moves):
        state.apply_action(r.choice(state.legal_actions()))
    view = state.information_set(seat).to_dict()["view"]
    assert any(view["search_seat"][k] != seat and view["search_type"][k] == 255 for k in range(view["n_searches"]))
    true = decode(state.to_bytes())
    problems = []
    for p in range(n):
        info = state.information_set(p)
        assert info.validate() == "", f"seat {p}: {info.validate()}"
        view = view_of(info)
        for k in range(40 if p == seat else 5):
            sample = info.sample(k)
            assert sample.information_set(p) == info and sample.validate() == "", (p, k)
            problems += check_sample(state, true, info, view, sample, f"seat {p} sample {k}")
    report(problems, "sample violations")
    bots = {spec: make_bot(spec, seed=seed) for spec in DEFAULT_BOTS}
    while not state.is_terminal() and state.current_player() != seat:
        check_every_seat_samples(state, r)
        state.apply_action(r.choice(state.legal_actions()))
    if not state.is_terminal():
        check_bots_move(state, bots, r)


def test_random_play_settles_searched_cards_by_weight():
    """Over random play no sample falls back to drawing the searched cards that settle a view by the pile alone
    (``information.unsettled``: more choices than the sampler weighs together)."""
    from deadeye.core.wyatt_earp import information
    before, views = information.unsettled(), 0
    for n in PLAYER_COUNTS:
        for game in range(6):
            for step, state in walk(n, 3000 + game):
                if step % 3 == 0:
                    for seat in range(n):
                        state.information_set(seat).sample(step * 8 + seat)
                        views += 1
    assert views > 1000
    assert information.unsettled() == before


# ---------------------------------------------------------------------------------------------------- property 3

def _mid_game_states():
    out = []
    for n in PLAYER_COUNTS:
        for step, state in walk(n, 424242 + n):
            if step in (0, 7, 31, 60):
                out.append(state.clone())
            if step > 60:
                break
    return out


def test_different_seeds_give_different_samples_and_same_seed_the_same():
    for state in _mid_game_states():
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            samples = [info.sample(seed) for seed in range(20)]
            hands = {other_hands(s, seat) for s in samples}
            assert len(hands) > 1, f"20 seeds gave one determinisation for seat {seat} of {state!r}"
            draws = {tuple(s.to_dict()["state"]["draw"]) for s in samples}
            assert len(draws) > 1 or state.to_dict()["state"]["draw_n"] == 0
            for seed in (0, 7, 19):
                again = info.sample(seed)
                assert again.to_bytes() == samples[seed].to_bytes()
                assert again == samples[seed]
            # the chance stream of a determinisation is fresh: not the true state's generator
            rngs = {s.to_dict()["state"]["rng"] for s in samples}
            assert len(rngs) == 20 and state.to_dict()["state"]["rng"] not in rngs


@pytest.mark.parametrize("n", (2, 4, 6))
def test_the_samplers_caches_never_change_a_sample(n):
    """The sampler keeps tables and weights per information set; a sample must not depend on them: every seed gives
    the same state from an information set that has drawn hundreds of samples as with the caches off.  Positions
    with searches and play records, where the weights of searched cards, the type DP's layouts and tables and the
    redeals run, and positions where another seat holds "no" tiers, where the group DP's tables of the deal run."""
    from deadeye.core.wyatt_earp.information import use_caches

    rng = random.Random(1200 + n)
    checked, tiered = 0, 0
    while checked < 12 or tiered < 6:
        state = new_game("wyatt-earp", players=n, seed=rng.getrandbits(32))
        steps = 0
        while not state.is_terminal() and (checked < 12 or tiered < 6):
            view = state.information_set(seat := rng.randrange(n)).to_dict()["view"]
            searched = view["n_plays"] >= 2 and view["n_searches"]
            noes = any(view["tier_mask"][q][i] for q in range(n) if q != seat for i in range(view["n_tiers"][q]))
            if steps % 9 == 4 and (searched and checked < 12 or noes and not searched and tiered < 6):
                info = state.information_set(seat)
                try:
                    use_caches(False)
                    plain = [info.sample(seed).to_bytes() for seed in range(200)]
                finally:
                    use_caches(True)
                assert [info.sample(seed).to_bytes() for seed in range(200)] == plain       # filling the caches
                assert [info.sample(seed).to_bytes() for seed in range(200)] == plain       # reading them
                checked += bool(searched)
                tiered += not searched
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1


def test_one_generator_gives_independent_samples_on_each_call():
    state = new_game("wyatt-earp", players=4, seed=3)
    info = state.information_set(2)
    gen = random.Random(99)
    hands = {other_hands(info.sample(gen), 2) for _ in range(20)}
    assert len(hands) > 1
    gen_a, gen_b = random.Random(5), random.Random(5)
    assert [info.sample(gen_a).to_bytes() for _ in range(3)] == [info.sample(gen_b).to_bytes() for _ in range(3)]
    g = np.random.default_rng(11)
    assert len({other_hands(info.sample(g), 2) for _ in range(10)}) > 1


# ---------------------------------------------------------------------------------------------------- property 4

def _swap(state: WyattEarpState, p: int, a: int, q, b: int) -> WyattEarpState:
    """Seat p gives a card of type a to q (a seat, or "draw") and gets a card of type b from it."""
    data = state.to_dict()
    st = data["state"]
    st["hand"][p][a] -= 1
    st["hand"][p][b] += 1
    if q == "draw":
        st["draw"][b] -= 1
        st["draw"][a] += 1
    else:
        st["hand"][q][b] -= 1
        st["hand"][q][a] += 1
    return WyattEarpState.from_dict(data)


def _hidden_types(st: dict, p: int) -> list:
    searched = {st["search_type"][k] for k in range(st["n_searches"]) if st["search_seat"][k] == p}
    return [t for t in range(N_TYPES) if st["hand"][p][t] > st["known"][p][t] and t not in searched]


def _may_receive(st: dict, p: int, t: int) -> bool:
    return st["hand"][p][t] + 1 <= bound(st, p, t) if t < PHOTO else True


def test_states_differing_only_in_hidden_cards_give_equal_information_sets():
    r = random.Random(2024)
    cases = 0
    for n in (2, 3, 4, 5, 6):
        for game in range(12):
            for step, state in walk(n, 500 + game):
                if step % 9 or step == 0:
                    continue
                st = state.to_dict()["state"]
                if st["reshuffled"] or st["phase"] == GAME_OVER:
                    continue
                observer = r.randrange(n)
                p = r.choice([s for s in range(n) if s != observer])
                hidden = _hidden_types(st, p)
                if not hidden:
                    continue
                a = r.choice(hidden)
                # (i) one of p's hidden cards swapped with a card of another type from the draw pile
                in_draw = [t for t in range(N_TYPES) if st["draw"][t] > 0 and t != a and _may_receive(st, p, t)]
                variants = []
                if in_draw:
                    variants.append(_swap(state, p, a, "draw", r.choice(in_draw)))
                # (ii) ... with a hidden card of a third seat
                for q in range(n):
                    if q in (observer, p):
                        continue
                    theirs = [t for t in _hidden_types(st, q) if t != a and _may_receive(st, p, t)]
                    if theirs and _may_receive(st, q, a):
                        variants.append(_swap(state, p, a, q, r.choice(theirs)))
                        break
                base = state.information_set(observer)
                for other in variants:
                    assert other.to_bytes() != state.to_bytes()
                    info = other.information_set(observer)
                    assert info == base, f"{n}p seed {500 + game} step {step}: seat {observer} sees seat {p}'s swap"
                    assert info.to_dict() == base.to_dict()
                    assert hash(info) == hash(base)
                    assert info.legal_actions() == base.legal_actions()
                    for seed in (1, 2, 3):
                        assert info.sample(seed).to_bytes() == base.sample(seed).to_bytes()
                    # the seat whose hand changed does see it
                    assert other.information_set(p) != state.information_set(p)
                    cases += 1
    assert cases > 150


def test_draw_pile_contents_do_not_leak():
    """A fresh deal: swapping cards between the hidden hands and the draw pile never changes seat 0's view."""
    state = new_game("wyatt-earp", players=3, seed=77)
    st = state.to_dict()["state"]
    base = state.information_set(0)
    for t in range(N_TYPES):
        for b in range(N_TYPES):
            if st["hand"][1][t] and st["draw"][b] and t != b:
                other = _swap(state, 1, t, "draw", b)
                assert other.information_set(0) == base
                assert other.information_set(0).to_dict() == base.to_dict()
                assert other.information_set(2) == state.information_set(2)


# ---------------------------------------------------------------------------------------------------- property 5

@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_sampled_hands_follow_the_prior_not_the_truth(n):
    samples_n = 2000
    state = new_game("wyatt-earp", players=n, seed=31 + n)
    true = state.to_dict()["state"]
    info = state.information_set(0)
    discard = [0] * N_TYPES
    for c in true["discard"][:true["discard_n"]]:
        discard[c] += 1
    unknown = [CARD_COUNTS[t] - true["hand"][0][t] - discard[t] for t in range(N_TYPES)]
    total = sum(unknown)
    h = true["hand_n"][1]
    assert total == sum(true["hand_n"][1:n]) + true["draw_n"]
    counts = np.zeros((samples_n, N_TYPES))
    overlap = np.zeros(samples_n)
    truth = np.array(true["hand"][1])
    for k in range(samples_n):
        hand = np.array(decode(info.sample(10_000 * n + k).to_bytes())["hand"][1])
        counts[k] = hand
        overlap[k] = np.minimum(hand, truth).sum()
    mean = counts.mean(axis=0)
    for t in range(N_TYPES):
        p = unknown[t] / total
        expected = h * p
        sd = math.sqrt(h * p * (1 - p) * (total - h) / (total - 1) / samples_n)
        assert abs(mean[t] - expected) <= 5 * sd + 1e-9, \
            f"{n}p: seat 1 gets {mean[t]:.3f} {CARD_NAMES[t]} on average, prior {expected:.3f} (truth {truth[t]})"
    # baseline: the true unknown cards, randomly permuted over the hidden slots
    pool = [t for t in range(N_TYPES) for _ in range(unknown[t])]
    r = random.Random(n)
    base = np.zeros(samples_n)
    for k in range(samples_n):
        r.shuffle(pool)
        hand = np.bincount(pool[:h], minlength=N_TYPES)
        base[k] = np.minimum(hand, truth).sum()
    tol = 4 * math.sqrt(overlap.var() / samples_n + base.var() / samples_n)
    assert overlap.mean() <= base.mean() + tol, \
        f"{n}p: samples share {overlap.mean():.3f} cards with the true hand, chance {base.mean():.3f}"
    assert overlap.mean() >= base.mean() - tol, \
        f"{n}p: samples share {overlap.mean():.3f} cards with the true hand, chance {base.mean():.3f}"


def test_sampled_draw_pile_follows_the_prior():
    """The draw pile of a sample is the rest of the unknown cards, spread like the prior too."""
    state = new_game("wyatt-earp", players=4, seed=8)
    true = state.to_dict()["state"]
    info = state.information_set(2)
    discard = [0] * N_TYPES
    for c in true["discard"][:true["discard_n"]]:
        discard[c] += 1
    unknown = np.array([CARD_COUNTS[t] - true["hand"][2][t] - discard[t] for t in range(N_TYPES)])
    total = unknown.sum()
    d = true["draw_n"]
    draws = np.array([decode(info.sample(k).to_bytes())["draw"] for k in range(1500)])
    for t in range(N_TYPES):
        p = unknown[t] / total
        sd = math.sqrt(d * p * (1 - p) * (total - d) / (total - 1) / len(draws))
        assert abs(draws[:, t].mean() - d * p) <= 5 * sd + 1e-9, CARD_NAMES[t]


# ---------------------------------------------------------------------------------------------------- property 6

def _photo_window_pair():
    """A: seat 2 holds Photo Jesse James when seat 0 opens Jesse James; B: the Photo lies in the draw pile."""
    common = {0: {"Jesse James": 3, "Wanted": 1, "Hideout": 1}, 1: {"Bank Robbery": 2, "Wes Hardin": 1}}
    a = position(players=3, hands={**common, 2: {"Photo Jesse James": 1, "Hideout": 1, "Fastest Gun": 1}},
                 discard=["Stagecoach Robbery"], seed=5)
    b = position(players=3, hands={**common, 2: {"Wyatt Earp": 1, "Hideout": 1, "Fastest Gun": 1}},
                 discard=["Stagecoach Robbery"], seed=5)
    assert field(a, "draw_n") == field(b, "draw_n")
    act(a, "play set: 3 x Jesse James")
    act(b, "play set: 3 x Jesse James")
    return a, b


def test_photo_window_is_invisible_to_other_seats():
    a, b = _photo_window_pair()
    assert a.phase == "photo window" and a.current_player() == 2
    assert b.phase == "play" and b.current_player() == 0
    for seat in (0, 1):
        ia, ib = a.information_set(seat), b.information_set(seat)
        assert ia == ib, f"seat {seat} sees the photo window"
        assert ia.to_dict() == ib.to_dict()
        view = ia.to_dict()["view"]
        assert view["phase"] == PLAY and view["decider"] == 0 and view["window_outlaw"] == 255
        assert ia.current_player() == 0
        for seed in range(5):
            assert ia.sample(seed).to_bytes() == ib.sample(seed).to_bytes()
    # ... and the same as after seat 2 declined
    declined = act(a.clone(), "decline")
    for seat in (0, 1):
        assert declined.information_set(seat) == a.information_set(seat)
    # the deciding seat sees the window and its options
    own = a.information_set(2)
    assert own != b.information_set(2)
    assert own.to_dict()["view"]["phase"] == PHOTO_WINDOW
    assert own.to_dict()["view"]["decider"] == 2
    assert own.current_player() == 2
    assert sorted(own.action_label(x) for x in own.legal_actions()) == ["decline", "play Photo Jesse James"]
    assert own.legal_actions() == a.legal_actions()
    for seed in range(20):   # its samples keep the window (and its own Photo)
        sample = own.sample(seed)
        assert sample.phase == "photo window" and sample.current_player() == 2
        assert sample.hand(2).get("Photo Jesse James") == 1


def test_played_photo_is_public():
    a, _ = _photo_window_pair()
    played = act(a.clone(), "play Photo Jesse James")
    declined = act(a.clone(), "decline")
    assert played.information_set(1) != declined.information_set(1)


def test_defence_window_is_invisible_to_other_seats():
    # seat 0 shoots a Hideout at seat 1's Belle Starr group; the draw pile holds only outlaws, so the shot hits
    def build(defender_hand):
        s = position(players=3, hands={0: {"Hideout": 1, "Wanted": 1, "Bank Robbery": 1},
                                       1: defender_hand, 2: {"Hideout": 2}},
                     tableaus={1: {"Belle Starr": {"outlaws": 3}}, 0: {"Wes Hardin": {"outlaws": 3}}},
                     draw={"Jesse James": 7, "Bob Dalton": 7}, seed=9)
        act(s, "play Hideout", "shot with Hideout on seat 1's Belle Starr")
        return s
    a = build({"Wyatt Earp": 1, "Bank Robbery": 1})
    b = build({"Stagecoach Robbery": 1, "Bank Robbery": 1})
    assert a.phase == "defence" and a.current_player() == 1
    assert b.phase == "play"
    for seat in (0, 2):
        assert a.information_set(seat) == b.information_set(seat), seat
        assert a.information_set(seat) == act(a.clone(), "decline").information_set(seat)
    own = a.information_set(1)
    assert own.to_dict()["view"]["phase"] == DEFENCE
    assert sorted(own.action_label(x) for x in own.legal_actions()) == ["decline", "defend with Wyatt Earp"]


def test_immediate_play_decision_after_search_is_invisible_to_other_seats():
    def build():
        s = position(players=3, hands={0: {"Wyatt Earp": 1, "Hideout": 1, "Wanted": 1},
                                       1: {"Hideout": 2}, 2: {"Wyatt Earp": 2}},
                     tableaus={0: {"Wes Hardin": {"outlaws": 3}}},
                     discard=["Jesse James", "Bank Robbery", "Bob Dalton"], seed=4)
        act(s, "play Wyatt Earp mode 2: search the discard pile", "search: take Bank Robbery")
        return s
    a = build()
    assert a.phase == "immediate" and a.current_player() == 0
    kept = act(build(), "keep the searched card")
    assert kept.phase == "play"
    for seat in (1, 2):
        assert a.information_set(seat) == kept.information_set(seat), seat
        assert a.information_set(seat).to_dict() == kept.information_set(seat).to_dict()
    own = a.information_set(0)
    assert own.to_dict()["view"]["phase"] == IMMEDIATE
    assert "keep the searched card" in [own.action_label(x) for x in own.legal_actions()]
    # the others know seat 0 took one card from the pile, but not which
    for seat in (1, 2):
        info = a.information_set(seat)
        taken = set()
        for k in range(200):
            sample = info.sample(k)
            hand = sample.hand(0)
            assert sum(hand.values()) == 3
            taken.update(t for t in ("Jesse James", "Bank Robbery") if hand.get(t))
        assert taken == {"Jesse James", "Bank Robbery"}, taken


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_play_windows_are_invisible(n):
    """Over random play: while a window decision is pending, every other seat's information set equals the one of
    the state right after it passed ("decline" / "keep the searched card")."""
    problems, windows = [], 0
    for game in range(GAMES):
        for step, state in walk(n, game):
            ph = state.phase
            if ph not in ("photo window", "defence", "immediate"):
                continue
            windows += 1
            decider = state.current_player()
            passed = act(state.clone(), "keep the searched card" if ph == "immediate" else "decline")
            for seat in range(n):
                info = state.information_set(seat)
                if seat == decider:
                    view = info.to_dict()["view"]
                    if view["phase"] != state.to_dict()["state"]["phase"] or info.current_player() != seat:
                        problems.append(f"{n}p seed {game} step {step}: deciding seat {seat} does not see {ph}")
                    continue
                if info != passed.information_set(seat):
                    problems.append(f"{n}p seed {game} step {step}: seat {seat} can tell a {ph} is pending")
    assert windows > 20
    report(problems, "window leaks")


# ---------------------------------------------------------------------------------------------------- property 7

def _states_for_round_trip():
    out = list(_mid_game_states())
    out += list(_photo_window_pair())
    for n in (3, 5):
        for step, state in walk(n, 900 + n):
            if step % 37 == 0:
                out.append(state.clone())
    return out


def test_to_dict_from_dict_round_trips():
    for state in _states_for_round_trip():
        for seat in range(state.num_players()):
            info = state.information_set(seat)
            d = info.to_dict()
            assert d["game"] == "wyatt-earp" and d["seat"] == seat == info.seat
            for wire in (d, json.loads(json.dumps(d)), msgpack.unpackb(msgpack.packb(d))):
                back = WyattEarpInformationSet.from_dict(wire)
                assert back == info
                assert back.to_dict() == d
                assert back.seat == seat
                assert back.legal_actions() == info.legal_actions()
                assert back.current_player() == info.current_player()
                assert back.hand() == info.hand()
                assert back.sample(3).to_bytes() == info.sample(3).to_bytes()
            # the fast decoder used above reads the same fields as to_dict
            fast = view_of(info)
            assert {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in fast.items()} == d["view"]


def test_view_hides_what_the_seat_cannot_see():
    for state in _states_for_round_trip():
        st = state.to_dict()["state"]
        for seat in range(state.num_players()):
            view = state.information_set(seat).to_dict()["view"]
            assert sum(view["draw"]) == 0 and view["draw_n"] == st["draw_n"]
            assert view["hand"][seat] == st["hand"][seat]
            assert view["hand_n"] == st["hand_n"]
            for p in range(state.num_players()):
                if p != seat:
                    assert view["hand"][p] == st["known"][p]
                    assert not any(view["resh_drawn"][p])
            assert state.information_set(seat).hand() == state.hand(seat)


def _view_variants():
    """A seat's view of a mid-game state, and ``case(name, edit)`` to record an edited copy of it under ``name``."""
    state = new_game("wyatt-earp", players=3, seed=12)
    act(state, "draw two from the draw pile")
    good = state.information_set(1).to_dict()
    cases = {}

    def case(name, fn):
        d = copy.deepcopy(good)
        fn(d)
        cases[name] = d

    return cases, case


def _bad_views():
    cases, case = _view_variants()
    case("missing field", lambda d: d["view"].pop("hand"))
    case("unknown field", lambda d: d["view"].__setitem__("secret", 1))
    case("wrong shape", lambda d: d["view"].__setitem__("hand", [[0] * 20] * 5))
    case("ragged", lambda d: d["view"]["hand"].__setitem__(2, [0] * 3))
    case("value out of range", lambda d: d["view"]["hand"][1].__setitem__(3, 300))
    case("negative count", lambda d: d["view"].__setitem__("draw_n", -1))
    case("not an int", lambda d: d["view"].__setitem__("phase", "play"))
    case("float", lambda d: d["view"]["money"].__setitem__(0, 1.5))
    case("seat out of range", lambda d: d.__setitem__("seat", 3))
    case("negative seat", lambda d: d.__setitem__("seat", -1))
    case("seat not an int", lambda d: d.__setitem__("seat", "1"))
    case("no seat", lambda d: d.pop("seat"))
    case("wrong game", lambda d: d.__setitem__("game", "hearts"))
    case("no view", lambda d: d.pop("view"))
    case("view not a dict", lambda d: d.__setitem__("view", [1, 2, 3]))
    case("too many players", lambda d: d["view"].__setitem__("n_players", 7))
    case("one player", lambda d: d["view"].__setitem__("n_players", 1))
    return cases


@pytest.mark.parametrize("name", sorted(_bad_views()))
def test_malformed_view_raises_invalid_state_error(name):
    data = _bad_views()[name]
    with pytest.raises(InvalidStateError):
        WyattEarpInformationSet.from_dict(data)
    assert issubclass(InvalidStateError, ValueError)


@pytest.mark.parametrize("bad", [None, [], "view", 3, {"game": "wyatt-earp"}])
def test_non_dict_view_raises_invalid_state_error(bad):
    with pytest.raises(InvalidStateError):
        WyattEarpInformationSet.from_dict(bad)


def _inconsistent_views():
    cases, case = _view_variants()
    case("unknown phase", lambda d: d["view"].__setitem__("phase", 42))
    case("decider out of range", lambda d: d["view"].__setitem__("decider", 42))
    case("active out of range", lambda d: d["view"].__setitem__("active", 5))
    case("own hand does not match hand_n", lambda d: d["view"]["hand_n"].__setitem__(1, 3))
    case("more cards of a type than exist", lambda d: (d["view"]["hand"][1].__setitem__(0, 8),
                                                        d["view"]["hand_n"].__setitem__(1, sum(d["view"]["hand"][1]))))
    return cases


@pytest.mark.parametrize("name", sorted(_inconsistent_views()))
def test_inconsistent_view_raises_invalid_state_error(name):
    """Values outside their domain make a malformed view too (the state's from_dict refuses the same)."""
    with pytest.raises(InvalidStateError):
        WyattEarpInformationSet.from_dict(_inconsistent_views()[name])


# ---------------------------------------------------------------------------------------------------- property 8

@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_play_legal_actions(n):
    problems = []
    for game in range(GAMES // 2):
        for step, state in walk(n, game):
            legal = state.legal_actions()
            mover = state.current_player()
            passed = None
            for seat in range(n):
                info = state.information_set(seat)
                got = info.legal_actions()
                tag = f"{n}p seed {game} step {step} seat {seat} ({state.phase}, seat {mover} to move)"
                if seat == mover:
                    if got != legal:
                        problems.append(f"{tag}: info {got} != state {legal}")
                    if info.current_player() != seat:
                        problems.append(f"{tag}: info.current_player() {info.current_player()}")
                elif seat == state.active_player and state.phase in ("photo window", "defence"):
                    # D35: the active seat cannot tell that a window is open, so it pictures its own play step
                    # going on, exactly as right after the window passed
                    if passed is None:
                        passed = act(state.clone(), "keep the searched card" if state.phase == "immediate"
                                     else "decline")
                    if got != passed.legal_actions():
                        problems.append(f"{tag}: active seat during a hidden window: {got} != "
                                        f"{passed.legal_actions()}")
                elif got != []:
                    problems.append(f"{tag}: not its turn, yet legal_actions() = {got}")
    report(problems, "legal-action mismatches")


def test_legal_actions_concrete():
    state = position(players=3, hands={0: {"Jesse James": 3, "Wanted": 1, "Bank Robbery": 1}})
    assert state.information_set(0).legal_actions() == state.legal_actions()
    assert state.information_set(1).legal_actions() == []
    assert state.information_set(2).legal_actions() == []
    assert state.information_set(0).current_player() == 0 == state.information_set(2).current_player()
    final = new_game("wyatt-earp", players=2, seed=3)
    r = random.Random(3)
    while not final.is_terminal():
        final.apply_action(r.choice(final.legal_actions()))
    for seat in (0, 1):
        assert final.information_set(seat).legal_actions() == []
        assert final.information_set(seat).is_terminal()
