"""Wyatt Earp, the complete rules of ../shared/rules/wyatt-earp.md for 2 to 6 players (section numbers cited as §).

Implementation decisions (beyond the rules' own D1..D38):

- The draw pile is a multiset; each card taken from it is drawn uniformly from the state's generator (§13.4).
- A Wyatt Earp search takes the top-most card of the chosen type (cards of a type are identical; this only fixes the
  order of the rest of the pile).  The searcher's own Wyatt Earp card lies on top while searching, so a search never
  takes the top card.
- The game's chance (round deals, shots, reshuffle, duel) runs inside ``apply_action``; the only decisions are the
  ones of §14.  Each call records the public chance outcomes it caused in ``events()`` for logs and front ends.
- Money is in dollars.  ``returns()`` gives 1 to the winner and 0 to the others (D28); ``money()`` gives the margin.
"""
from libc.math cimport exp
from libc.string cimport memset, memcpy
from libc.stdint cimport uint8_t, int16_t, int32_t, uint64_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, OBS_HIDDEN, OBS_NONE, score_shares
from deadeye.core.wyatt_earp.data cimport *

from deadeye.core.errors import InvalidStateError
from deadeye.core.layout import Field, declare_layout
from deadeye.core.registry import seat_option
from deadeye.core.wyatt_earp.labels import CARD_NAMES, EVENT_NAMES, PHASE_NAMES, action_label, event_text



# ====================================================================== small helpers on the data block

cdef inline void _log(WyattEarpData* d, int kind, int seat, int a, int b) noexcept nogil:
    if d.n_events < MAX_EVENTS:
        d.events[d.n_events].kind = kind
        d.events[d.n_events].seat = seat
        d.events[d.n_events].a = a
        d.events[d.n_events].b = b
        d.n_events += 1


cdef inline void _attach(WyattEarpData* d, int p, int x, int card) noexcept nogil:
    d.attached[p][x][d.attached_n[p][x]] = card
    d.attached_n[p][x] += 1


cdef inline void _detach(WyattEarpData* d, int p, int x, int card) noexcept nogil:
    """Remove one ``card`` from the group's attached list, keeping the order of the rest."""
    cdef int i, j, n = d.attached_n[p][x]
    for i in range(n):
        if d.attached[p][x][i] == card:
            for j in range(i, n - 1):
                d.attached[p][x][j] = d.attached[p][x][j + 1]
            d.attached[p][x][n - 1] = 0
            d.attached_n[p][x] = n - 1
            return


cdef inline void _push_discard(WyattEarpData* d, int card) noexcept nogil:
    d.discard[d.discard_n] = card
    d.discard_n += 1


cdef inline void _bound_add(WyattEarpData* d, int p, int x, int n) noexcept nogil:
    """u(P, X) += n (§12.4.3); a bound that reaches the hand size says nothing any more and is dropped."""
    cdef int u = d.none_bound[p][x]
    if u == UNBOUNDED:
        return
    u += n
    if u < 0:
        u = 0
    d.none_bound[p][x] = UNBOUNDED if u >= d.hand_n[p] and u > 0 else u


cdef inline void _private_take(WyattEarpData* d, int p, int n) noexcept nogil:
    cdef int x
    for x in range(N_OUTLAWS):
        _bound_add(d, p, x, n)


cdef inline void _hand_add(WyattEarpData* d, int p, int card, bint public) noexcept nogil:
    d.hand[p][card] += 1
    d.hand_n[p] += 1
    if public:
        d.known[p][card] += 1
        if card < PHOTO:
            _bound_add(d, p, card, 1)


cdef inline void _hand_remove(WyattEarpData* d, int p, int card, int n) noexcept nogil:
    """Cards leave a hand publicly (played, discarded, given): known counts and bounds follow (§12.4.2-3)."""
    d.hand[p][card] -= n
    d.hand_n[p] -= n
    d.known[p][card] = d.known[p][card] - n if d.known[p][card] > n else 0
    if card < PHOTO:
        _bound_add(d, p, card, -n)


cdef inline int _draw_random(WyattEarpData* d, Rng* rng) noexcept nogil:
    """One card from the draw pile (non-empty), uniformly."""
    cdef int r = rng_below(rng, d.draw_n), t
    for t in range(N_TYPES):
        if r < d.draw[t]:
            d.draw[t] -= 1
            d.draw_n -= 1
            return t
        r -= d.draw[t]
    return NO_CARD  # unreachable while draw_n matches the counts


cdef inline void _reshuffle(WyattEarpData* d) noexcept nogil:
    cdef int i, c, p
    memset(d.resh_pool, 0, sizeof(d.resh_pool))
    memset(d.resh_out, 0, sizeof(d.resh_out))
    memset(d.resh_drawn, 0, sizeof(d.resh_drawn))
    for i in range(d.discard_n):
        c = d.discard[i]
        d.draw[c] += 1
        d.resh_pool[c] += 1
    d.draw_n += d.discard_n
    memset(d.discard, 0, sizeof(d.discard))
    d.discard_n = 0
    for i in range(d.n_searches):                          # seats that did not see a searched card picture it
        for p in range(d.n_players):                       # in the reshuffled pool
            if not (d.search_known[i] >> p) & 1 and d.search_type[i] < N_TYPES:
                d.resh_hidden[p][d.search_type[i]] += 1
    d.n_searches = 0
    d.reshuffled = 1
    _log(d, EV_RESHUFFLE, -1, d.draw_n, 0)


cdef int _take(WyattEarpData* d, Rng* rng, int k, int seat) noexcept nogil:
    """TAKE(k) of §8.  ``seat`` >= 0 takes the cards privately into that hand; ``seat`` < 0 (a shot, k = 1) returns
    the card.  Returns the card (shot) or 0, or -1 when the round must end at once (E3)."""
    cdef int got = 0, c = 0
    if d.draw_n < k and d.reshuffled:                      # second shortage: nothing is taken
        return -1
    while got < k:
        if d.draw_n == 0:
            if d.reshuffled:                               # the new pile cannot supply the rest either
                return -1
            _reshuffle(d)
            if d.draw_n == 0:
                return -1
        c = _draw_random(d, rng)
        if d.reshuffled:
            if seat >= 0:
                d.resh_drawn[seat][c] += 1
            else:
                d.resh_out[c] += 1
        if seat >= 0:
            _hand_add(d, seat, c, False)
            _private_take(d, seat, 1)
        got += 1
    return c if seat < 0 else 0


cdef int _shot(WyattEarpData* d, Rng* rng, int shooter) noexcept nogil:
    """§6: the revealed card goes onto the discard pile; returns 1 hit, 0 miss, -1 the round ended (E3)."""
    cdef int c = _take(d, rng, 1, -1)
    if c < 0:
        return -1
    _push_discard(d, c)
    _log(d, EV_SHOT, shooter, c, c < PHOTO)
    return c < PHOTO


cdef void _forget_searches(WyattEarpData* d) noexcept nogil:
    """Drop the search records every seat knows; if the list is still full, the oldest becomes public (a leak
    only after 16 unseen searches of one discard pile)."""
    cdef int i, k = 0, everyone = (1 << d.n_players) - 1
    for i in range(d.n_searches):
        if d.search_known[i] & everyone != everyone:
            d.search_seat[k] = d.search_seat[i]
            d.search_type[k] = d.search_type[i]
            d.search_below[k] = d.search_below[i]
            d.search_known[k] = d.search_known[i]
            k += 1
    if k == MAX_SEARCHES:
        for i in range(k - 1):
            d.search_seat[i] = d.search_seat[i + 1]
            d.search_type[i] = d.search_type[i + 1]
            d.search_below[i] = d.search_below[i + 1]
            d.search_known[i] = d.search_known[i + 1]
        k -= 1
    for i in range(k, MAX_SEARCHES):
        d.search_seat[i] = 0
        d.search_type[i] = 0
        d.search_below[i] = 0
        d.search_known[i] = 0
    d.n_searches = k


cdef void _orphan(WyattEarpData* d, int p, int x) noexcept nogil:
    """§7.8: the last outlaw card of (P, X) left: its sheriff cards but the Photo go to the discard pile, oldest first."""
    cdef int i, c
    for i in range(d.attached_n[p][x]):
        c = d.attached[p][x][i]
        _push_discard(d, c)
        _log(d, EV_ORPHAN, p, c, x)
        if c == FASTEST:
            d.fg_seat = -1
            d.fg_outlaw = -1
        d.attached[p][x][i] = 0
    d.attached_n[p][x] = 0


# ---------------------------------------------------------------------- scoring, game end, rounds

cdef void _score_outlaw(WyattEarpData* d, int x) noexcept nogil:
    """§10 for outlaw ``x``: below 8 CP in all nobody is paid; else sole capture or sharing (share_reward)."""
    cdef int cp[MAX_PLAYERS]
    cdef int paid[MAX_PLAYERS]
    cdef int n = d.n_players, p, total = 0
    for p in range(n):
        cp[p] = _capture_points(d, p, x)
        total += cp[p]
    if total < 8:                                          # §10.2
        return
    share_reward(cp, n, d.poster[x], paid)
    for p in range(n):
        if paid[p]:
            d.money[p] += paid[p]
            d.poster[x] -= paid[p]
            _log(d, EV_PAY, p, x, paid[p] // 1000)


cdef void _duel(WyattEarpData* d, Rng* rng, int* alive, int n_alive) noexcept nogil:
    """§11 duel among the tied seats; the last one standing wins."""
    cdef int cards[MAX_PLAYERS]
    cdef int i, k, sheriffs, t
    while n_alive > 1:
        if d.draw_n < n_alive:                             # D5: gather all 78 cards again
            memset(d.hand, 0, sizeof(d.hand))
            memset(d.hand_n, 0, sizeof(d.hand_n))
            memset(d.outlaws, 0, sizeof(d.outlaws))
            memset(d.photo, 0, sizeof(d.photo))
            memset(d.attached, 0, sizeof(d.attached))
            memset(d.attached_n, 0, sizeof(d.attached_n))
            memset(d.discard, 0, sizeof(d.discard))
            memset(d.aside, 0, sizeof(d.aside))
            d.discard_n = 0
            d.fg_seat = -1
            d.fg_outlaw = -1
            for t in range(N_TYPES):
                d.draw[t] = type_count(t)
            d.draw_n = N_CARDS
        sheriffs = 0
        for i in range(n_alive):
            cards[i] = _draw_random(d, rng)
            d.aside[cards[i]] += 1
            _log(d, EV_DUEL_CARD, alive[i], cards[i], 0)
            if cards[i] >= PHOTO:
                sheriffs += 1
        if sheriffs == 0 or sheriffs == n_alive:
            continue
        k = 0
        for i in range(n_alive):
            if cards[i] < PHOTO:
                alive[k] = alive[i]
                k += 1
        n_alive = k
    d.winner = alive[0]


cdef void _end_round(WyattEarpData* d, Rng* rng, int way) noexcept nogil:
    """§9-§11: score, then end the game or deal the next round (the last player deals)."""
    cdef int x, p, n = d.n_players, richest = -1, n_tied = 0
    cdef int tied[MAX_PLAYERS]
    _log(d, EV_ROUND_END, d.active, way, 0)
    if d.pending != NO_CARD:                               # D34: a card caught in resolution
        _push_discard(d, d.pending)
        d.pending = NO_CARD
    for x in range(N_OUTLAWS):
        _score_outlaw(d, x)
    for p in range(n):
        if d.money[p] > richest:
            richest = d.money[p]
    if richest >= WIN_MONEY:
        for p in range(n):                                 # seat order from the left of the last player
            if d.money[(d.active + 1 + p) % n] == richest:
                tied[n_tied] = (d.active + 1 + p) % n
                n_tied += 1
        _duel(d, rng, tied, n_tied)
        d.phase = PH_GAME_OVER
        d.decider = -1
        _log(d, EV_GAME_END, d.winner, richest // 1000, n_tied)
        return
    d.dealer = d.active
    _start_round(d, rng)


cdef void _start_round(WyattEarpData* d, Rng* rng) noexcept nogil:
    """§2.3: posters +$1000, gather and shuffle the 78 cards, deal 10 each from the dealer's left, turn one up."""
    cdef int n = d.n_players, x, t, i, p
    d.round += 1
    for x in range(N_OUTLAWS):
        d.poster[x] += 1000
    memset(d.opened, 0, sizeof(d.opened))
    memset(d.hand, 0, sizeof(d.hand))
    memset(d.hand_n, 0, sizeof(d.hand_n))
    memset(d.discard, 0, sizeof(d.discard))
    memset(d.outlaws, 0, sizeof(d.outlaws))
    memset(d.photo, 0, sizeof(d.photo))
    memset(d.attached, 0, sizeof(d.attached))
    memset(d.attached_n, 0, sizeof(d.attached_n))
    memset(d.aside, 0, sizeof(d.aside))
    memset(d.known, 0, sizeof(d.known))
    memset(d.none_bound, UNBOUNDED, sizeof(d.none_bound))
    memset(d.resh_pool, 0, sizeof(d.resh_pool))
    memset(d.resh_hidden, 0, sizeof(d.resh_hidden))
    memset(d.resh_out, 0, sizeof(d.resh_out))
    memset(d.resh_drawn, 0, sizeof(d.resh_drawn))
    memset(d.search_seat, 0, sizeof(d.search_seat))
    memset(d.search_type, 0, sizeof(d.search_type))
    memset(d.search_below, 0, sizeof(d.search_below))
    memset(d.search_known, 0, sizeof(d.search_known))
    d.n_searches = 0
    for t in range(N_TYPES):
        d.draw[t] = type_count(t)
    d.draw_n = N_CARDS
    d.discard_n = 0
    d.reshuffled = 0
    d.fg_seat = -1
    d.fg_outlaw = -1
    d.pending = NO_CARD
    d.window_outlaw = NO_CARD
    for i in range(HAND_SIZE * n):
        p = (d.dealer + 1 + i) % n
        t = _draw_random(d, rng)
        d.hand[p][t] += 1
        d.hand_n[p] += 1
    _push_discard(d, _draw_random(d, rng))
    d.active = (d.dealer + 1) % n
    d.decider = d.active
    d.phase = PH_DRAW
    d.sheriff_used = 0
    d.turn += 1
    _log(d, EV_NEW_ROUND, d.dealer, d.round, 0)


cdef void _end_turn(WyattEarpData* d, Rng* rng) noexcept nogil:
    """§4.4, after the discard."""
    cdef int p
    if d.hand_n[d.active] == 0:
        _end_round(d, rng, 1)
        return
    for p in range(d.n_players):
        if d.hand_n[p] == 0:
            _end_round(d, rng, 2)
            return
    d.active = (d.active + 1) % d.n_players
    d.decider = d.active
    d.phase = PH_DRAW
    d.sheriff_used = 0
    d.turn += 1


cdef tuple _layout():
    """The fields of ``WyattEarpData``, for ``to_dict`` and the wire (checked against the struct at import)."""
    cdef WyattEarpData probe
    cdef size_t base = <size_t>&probe
    memset(&probe, 0, sizeof(WyattEarpData))
    cdef dict fields = probe
    return declare_layout("WyattEarpData", sizeof(WyattEarpData), list(fields), [
        Field("n_players", <size_t>&probe.n_players - base, "i1", ()),
        Field("dealer", <size_t>&probe.dealer - base, "i1", ()),
        Field("active", <size_t>&probe.active - base, "i1", ()),
        Field("decider", <size_t>&probe.decider - base, "i1", ()),
        Field("phase", <size_t>&probe.phase - base, "u1", ()),
        Field("sheriff_used", <size_t>&probe.sheriff_used - base, "u1", ()),
        Field("reshuffled", <size_t>&probe.reshuffled - base, "u1", ()),
        Field("pending", <size_t>&probe.pending - base, "u1", ()),
        Field("window_outlaw", <size_t>&probe.window_outlaw - base, "u1", ()),
        Field("fg_seat", <size_t>&probe.fg_seat - base, "i1", ()),
        Field("fg_outlaw", <size_t>&probe.fg_outlaw - base, "i1", ()),
        Field("winner", <size_t>&probe.winner - base, "i1", ()),
        Field("round", <size_t>&probe.round - base, "i2", ()),
        Field("turn", <size_t>&probe.turn - base, "i4", ()),
        Field("money", <size_t>&probe.money - base, "i4", (MAX_PLAYERS,)),
        Field("poster", <size_t>&probe.poster - base, "i4", (N_OUTLAWS,)),
        Field("opened", <size_t>&probe.opened - base, "u1", (N_OUTLAWS,)),
        Field("hand", <size_t>&probe.hand - base, "u1", (MAX_PLAYERS, N_TYPES)),
        Field("hand_n", <size_t>&probe.hand_n - base, "u1", (MAX_PLAYERS,)),
        Field("draw", <size_t>&probe.draw - base, "u1", (N_TYPES,)),
        Field("draw_n", <size_t>&probe.draw_n - base, "u1", ()),
        Field("discard", <size_t>&probe.discard - base, "u1", (N_CARDS,)),
        Field("discard_n", <size_t>&probe.discard_n - base, "u1", ()),
        Field("outlaws", <size_t>&probe.outlaws - base, "u1", (MAX_PLAYERS, N_OUTLAWS)),
        Field("photo", <size_t>&probe.photo - base, "u1", (MAX_PLAYERS, N_OUTLAWS)),
        Field("attached", <size_t>&probe.attached - base, "u1", (MAX_PLAYERS, N_OUTLAWS, MAX_ATTACH)),
        Field("attached_n", <size_t>&probe.attached_n - base, "u1", (MAX_PLAYERS, N_OUTLAWS)),
        Field("aside", <size_t>&probe.aside - base, "u1", (N_TYPES,)),
        Field("known", <size_t>&probe.known - base, "u1", (MAX_PLAYERS, N_TYPES)),
        Field("none_bound", <size_t>&probe.none_bound - base, "u1", (MAX_PLAYERS, N_OUTLAWS)),
        Field("resh_pool", <size_t>&probe.resh_pool - base, "u1", (N_TYPES,)),
        Field("resh_hidden", <size_t>&probe.resh_hidden - base, "u1", (MAX_PLAYERS, N_TYPES)),
        Field("resh_out", <size_t>&probe.resh_out - base, "u1", (N_TYPES,)),
        Field("resh_drawn", <size_t>&probe.resh_drawn - base, "u1", (MAX_PLAYERS, N_TYPES)),
        Field("n_searches", <size_t>&probe.n_searches - base, "u1", ()),
        Field("search_seat", <size_t>&probe.search_seat - base, "u1", (MAX_SEARCHES,)),
        Field("search_type", <size_t>&probe.search_type - base, "u1", (MAX_SEARCHES,)),
        Field("search_below", <size_t>&probe.search_below - base, "u1", (MAX_SEARCHES,)),
        Field("search_known", <size_t>&probe.search_known - base, "u1", (MAX_SEARCHES,)),
        Field("n_events", <size_t>&probe.n_events - base, "u1", ()),
        Field("events", <size_t>&probe.events - base, "i2", (MAX_EVENTS, 4)),
    ])


STATE_LAYOUT = _layout()


# ====================================================================== the state

cdef class WyattEarpState(GameState):
    """A Wyatt Earp game in progress.  Create it with ``deadeye.core.new_game("wyatt-earp", players=..., seed=...)``."""

    game = "wyatt-earp"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        memset(&self.d, 0, sizeof(WyattEarpData))

    cdef void* _data(self) noexcept nogil:
        return &self.d

    cdef size_t _data_size(self) noexcept nogil:
        return sizeof(WyattEarpData)

    cdef void _setup(self, int players, int first_dealer) noexcept nogil:
        memset(&self.d, 0, sizeof(WyattEarpData))
        self.d.n_players = players
        self.d.winner = -1
        self.d.dealer = first_dealer if first_dealer >= 0 else rng_below(&self.rng, players)
        _start_round(&self.d, &self.rng)
        self.d.n_events = 0

    # ------------------------------------------------------------------ decisions
    cdef int _current_player(self) noexcept nogil:
        return -1 if self.d.phase == PH_GAME_OVER else self.d.decider

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.phase == PH_GAME_OVER

    cdef int _num_players(self) noexcept nogil:
        return self.d.n_players

    cdef int _sheriff_plays(self, int seat, int card, int* out) noexcept nogil:
        """Every legal way for ``seat`` (holding ``card``, keep-a-card rule already met) to play it now (§14)."""
        cdef WyattEarpData* d = &self.d
        cdef int n = 0, x, p, dirs
        cdef bint ok = False
        if card >= PHOTO and card < STAGECOACH:
            if d.opened[card - PHOTO]:
                out[n] = A_PHOTO + card - PHOTO
                n += 1
        elif card == STAGECOACH or card == BANK:
            for x in range(N_OUTLAWS):
                if _has_group(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_STAGECOACH if card == STAGECOACH else A_BANK
                n += 1
        elif card == FASTEST:
            for x in range(N_OUTLAWS):
                if x != d.fg_outlaw and _has_group(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_FASTEST
                n += 1
        elif card == HIDEOUT:
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if p != seat and _has_group(d, p, x) and not _has_hideout(d, p, x):
                        ok = True
            if ok:
                out[n] = A_HIDEOUT
                n += 1
        elif card == WANTED:
            dirs = 1 if d.n_players == 2 else 2
            for x in range(N_OUTLAWS):
                out[n] = A_WANTED1 + 2 * x
                n += 1
                if dirs == 2:
                    out[n] = A_WANTED1 + 2 * x + 1
                    n += 1
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if p != seat and d.outlaws[p][x] > 0:
                        ok = True
            if ok:
                out[n] = A_WANTED2
                n += 1
        elif card == WYATT:
            out[n] = A_WYATT1
            out[n + 1] = A_WYATT2
            n += 2
            for x in range(N_OUTLAWS):
                if _has_hideout(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_WYATT3
                n += 1
        return n

    cdef int _legal_actions(self, int* out) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int n = 0, me = d.decider, x, p, t, k, lo, hi
        cdef int ph = d.phase
        if ph == PH_DRAW:
            out[0] = A_DRAW_PILE
            n = 1
            if d.discard_n > 0:
                out[1] = A_DRAW_DISCARD
                n = 2
        elif ph == PH_PLAY:
            for x in range(N_OUTLAWS):
                lo = 1 if d.opened[x] else 3
                hi = d.hand[me][x]
                if hi > d.hand_n[me] - 1:
                    hi = d.hand_n[me] - 1
                for k in range(lo, hi + 1):
                    out[n] = A_MELD + 7 * x + k - 1
                    n += 1
            if not d.sheriff_used and d.hand_n[me] >= 2:
                for t in range(PHOTO, N_TYPES):
                    if d.hand[me][t] > 0:
                        n += self._sheriff_plays(me, t, out + n)
            out[n] = A_END_PLAY
            n += 1
        elif ph == PH_TARGET:
            t = d.pending
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if t == STAGECOACH or t == BANK or t == FASTEST:
                        if p == me and _has_group(d, p, x) and (t != FASTEST or x != d.fg_outlaw):
                            out[n] = A_OWN_GROUP + x
                            n += 1
                    elif t == WANTED:
                        if p != me and d.outlaws[p][x] > 0:
                            out[n] = A_OPP_GROUP + 7 * p + x
                            n += 1
                    elif t == HIDEOUT:
                        if p != me and _has_group(d, p, x) and not _has_hideout(d, p, x):
                            out[n] = A_OPP_GROUP + 7 * p + x
                            n += 1
                    elif t == WYATT:
                        if p == me and _has_hideout(d, p, x):
                            out[n] = A_REMOVE_HIDEOUT + x
                            n += 1
        elif ph == PH_SEARCH:
            for t in range(WYATT):
                for k in range(d.discard_n):
                    if d.discard[k] == t:
                        out[n] = A_TAKE + t
                        n += 1
                        break
        elif ph == PH_IMMEDIATE:
            n = self._sheriff_plays(me, d.pending, out)
            out[n] = A_KEEP
            n += 1
        elif ph == PH_PHOTO_WINDOW:
            out[0] = A_PHOTO + d.window_outlaw
            out[1] = A_DECLINE
            n = 2
        elif ph == PH_DEFENCE:
            out[0] = A_DEFEND
            out[1] = A_DECLINE
            n = 2
        elif ph == PH_DISCARD:
            for t in range(N_TYPES):
                if d.hand[me][t] > 0:
                    out[n] = A_DISCARD + t
                    n += 1
        return n

    # ------------------------------------------------------------------ applying
    cdef void _apply(self, int a) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int me = d.decider, x, k, p, i, top
        d.n_events = 0
        if d.phase == PH_DRAW:
            if a == A_DRAW_PILE:
                if _take(d, &self.rng, 2, me) < 0:
                    _end_round(d, &self.rng, 3)
                    return
            else:
                d.discard_n -= 1
                top = d.discard[d.discard_n]
                d.discard[d.discard_n] = 0
                _hand_add(d, me, top, True)
            d.phase = PH_PLAY
        elif a == A_END_PLAY:
            d.phase = PH_DISCARD
        elif A_MELD <= a < A_PHOTO and d.phase == PH_PLAY:
            x = (a - A_MELD) // 7
            k = (a - A_MELD) % 7 + 1
            _hand_remove(d, me, x, k)
            d.outlaws[me][x] += k
            if d.opened[x]:
                d.poster[x] += 1000 * k
            else:
                d.poster[x] += 1000 * (k - 1)
                d.opened[x] = 1
                for p in range(d.n_players):               # §7.1 photo window
                    if p != me and d.hand[p][PHOTO + x] > 0:
                        d.phase = PH_PHOTO_WINDOW
                        d.decider = p
                        d.window_outlaw = x
        elif d.phase == PH_PLAY:
            d.sheriff_used = 1
            self._play_sheriff(a)
        elif d.phase == PH_IMMEDIATE:
            if a == A_KEEP:
                back_to_play(d)
            else:
                d.n_searches -= 1                          # the searched card is played: it is public now
                d.pending = NO_CARD
                self._play_sheriff(a)
        elif d.phase == PH_TARGET:
            self._resolve_target(a)
        elif d.phase == PH_SEARCH:
            self._search_take(a - A_TAKE)
        elif d.phase == PH_PHOTO_WINDOW:
            if a != A_DECLINE:
                x = d.window_outlaw
                _hand_remove(d, me, PHOTO + x, 1)
                d.photo[me][x] = 1
                d.poster[x] += 1000
            back_to_play(d)
        elif d.phase == PH_DEFENCE:
            if a == A_DEFEND:                              # §7.7 defence
                x = d.window_outlaw
                _hand_remove(d, me, WYATT, 1)
                _push_discard(d, WYATT)
                k = _shot(d, &self.rng, me)
                if k < 0:
                    _end_round(d, &self.rng, 3)
                    return
                _log(d, EV_DEFENCE, me, k, x)
                if k:
                    _detach(d, me, x, HIDEOUT)
                    _push_discard(d, HIDEOUT)
            back_to_play(d)
        elif d.phase == PH_DISCARD:
            k = a - A_DISCARD
            _hand_remove(d, me, k, 1)
            _push_discard(d, k)
            _end_turn(d, &self.rng)

    cdef void _play_sheriff(self, int a) noexcept nogil:
        """The active seat plays a sheriff card (own play step or the immediate play after a search)."""
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, x, card, hit, p, i, k, step
        if A_PHOTO <= a < A_STAGECOACH:                    # §7.1
            x = a - A_PHOTO
            _hand_remove(d, me, PHOTO + x, 1)
            d.photo[me][x] = 1
            d.poster[x] += 1000
            back_to_play(d)
        elif a == A_STAGECOACH or a == A_BANK or a == A_FASTEST or a == A_HIDEOUT or a == A_WANTED2:
            card = (STAGECOACH if a == A_STAGECOACH else BANK if a == A_BANK else FASTEST if a == A_FASTEST
                    else HIDEOUT if a == A_HIDEOUT else WANTED)
            _hand_remove(d, me, card, 1)
            d.pending = card
            hit = _shot(d, &self.rng, me)
            if hit < 0:
                _end_round(d, &self.rng, 3)
            elif hit:
                d.phase = PH_TARGET
                d.decider = me
            else:
                _push_discard(d, card)
                back_to_play(d)
        elif A_WANTED1 <= a < A_WANTED2:                   # §7.5 mode 1
            x = (a - A_WANTED1) // 2
            step = 1 if (a - A_WANTED1) % 2 == 0 else d.n_players - 1
            _hand_remove(d, me, WANTED, 1)
            p = me
            for i in range(d.n_players - 1):
                p = (p + step) % d.n_players
                if d.hand[p][x] > 0:
                    _hand_remove(d, p, x, 1)
                    _hand_add(d, me, x, True)
                    _log(d, EV_WANTED_GIVE, p, x, me)
                    break
                d.none_bound[p][x] = 0
                _log(d, EV_WANTED_NO, p, x, 0)
            _push_discard(d, WANTED)
            back_to_play(d)
        elif a == A_WYATT1 or a == A_WYATT2 or a == A_WYATT3:   # §7.7
            _hand_remove(d, me, WYATT, 1)
            _push_discard(d, WYATT)
            if a == A_WYATT1:
                if _take(d, &self.rng, 2, me) < 0:
                    _end_round(d, &self.rng, 3)
                    return
                back_to_play(d)
            elif a == A_WYATT2:
                back_to_play(d)
                for i in range(d.discard_n):
                    if d.discard[i] != WYATT:
                        d.phase = PH_SEARCH
                        break
                for i in range(d.n_searches):              # D36: the searcher now sees this pile whole
                    d.search_known[i] |= 1 << me
            else:
                hit = _shot(d, &self.rng, me)              # the Wyatt Earp card already lies on the pile
                if hit < 0:
                    _end_round(d, &self.rng, 3)
                elif hit:
                    d.phase = PH_TARGET
                    d.pending = WYATT
                else:
                    back_to_play(d)

    cdef void _resolve_target(self, int a) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, card = d.pending, x, p, prev_seat, prev_outlaw
        if A_OWN_GROUP <= a < A_OPP_GROUP:
            x = a - A_OWN_GROUP
            _attach(d, me, x, card)
            d.poster[x] += 3000 if card == STAGECOACH else 1000
            if card == FASTEST:                            # §7.4: the previous Fastest Gun leaves play
                prev_seat = d.fg_seat
                prev_outlaw = d.fg_outlaw
                if prev_seat >= 0:
                    _detach(d, prev_seat, prev_outlaw, FASTEST)
                    _push_discard(d, FASTEST)
                    _log(d, EV_FG_REPLACED, prev_seat, prev_outlaw, 0)
                d.fg_seat = me
                d.fg_outlaw = x
            back_to_play(d)
        elif A_OPP_GROUP <= a < A_REMOVE_HIDEOUT:
            p = (a - A_OPP_GROUP) // 7
            x = (a - A_OPP_GROUP) % 7
            if card == WANTED:                             # §7.5 mode 2
                d.outlaws[p][x] -= 1
                _hand_add(d, me, x, True)
                if d.outlaws[p][x] == 0:
                    _orphan(d, p, x)
                _push_discard(d, WANTED)
                back_to_play(d)
            else:                                          # §7.6 Hideout
                _attach(d, p, x, HIDEOUT)
                back_to_play(d)
                if d.hand[p][WYATT] > 0:
                    d.phase = PH_DEFENCE
                    d.decider = p
                    d.window_outlaw = x
        else:                                              # §7.7 mode 3
            x = a - A_REMOVE_HIDEOUT
            _detach(d, me, x, HIDEOUT)
            _push_discard(d, HIDEOUT)
            back_to_play(d)

    cdef void _search_take(self, int t) noexcept nogil:
        """§7.7 mode 2: take the top-most card of type ``t``; the others picture it where it lay (12.2)."""
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, i, j, s
        cdef int buf[16]
        for i in range(d.discard_n - 1, -1, -1):
            if d.discard[i] == t:
                for j in range(i, d.discard_n - 1):
                    d.discard[j] = d.discard[j + 1]
                d.discard_n -= 1
                d.discard[d.discard_n] = 0
                break
        _forget_searches(d)
        s = d.n_searches
        d.search_seat[s] = me
        d.search_type[s] = t
        d.search_below[s] = i
        d.search_known[s] = 1 << me
        d.n_searches = s + 1
        _hand_add(d, me, t, False)
        _private_take(d, me, 1)
        back_to_play(d)
        if t >= PHOTO and d.hand_n[me] >= 2 and self._sheriff_plays(me, t, buf) > 0:
            d.phase = PH_IMMEDIATE
            d.pending = t

    cdef int _segment(self) noexcept nogil:
        return self.d.round

    cdef void _returns(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.n_players):
            out[p] = 1.0 if p == self.d.winner else 0.0

    cdef void _evaluate(self, double* out) noexcept nogil:
        """Estimated result per seat for a rollout cut off before the game ends: ``_returns`` once it is over, else
        a softmax of the money each seat would hold if the round were scored now (§10, on a copy), over a temperature
        that shrinks from $11,000 to $5,000 as the leader nears $25,000 (fitted on heuristic self-play: the money lead
        after a round predicts the winner only loosely, rounds pay a lot).  In [0, 1], summing to 1."""
        cdef WyattEarpData scored
        cdef int p, x, n = self.d.n_players, top = 0
        cdef double money[MAX_PLAYERS]
        if self.d.phase == PH_GAME_OVER:
            self._returns(out)
            return
        scored = self.d
        for x in range(N_OUTLAWS):
            _score_outlaw(&scored, x)
        for p in range(n):
            money[p] = scored.money[p]
            if scored.money[p] > top:
                top = scored.money[p]
        score_shares(money, n, 5000.0 + 6000.0 * (WIN_MONEY - top if top < WIN_MONEY else 0) / <double>WIN_MONEY, out)

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return (f"wyatt-earp, round {self.d.round}, turn {self.d.turn}, phase {PHASE_NAMES[self.d.phase]}, "
                f"seat {self._current_player()}")

    def _label(self, int action) -> str:
        """Human-readable text for ``action`` in this state ("play set: 3 x Jesse James")."""
        return action_label(action, self.d.pending, self._discard_top())

    def _public_label(self, int a):
        """What every other seat sees of ``a`` when it is played now, or None if they see nothing (§12)."""
        if self.d.phase == PH_DRAW and a == A_DRAW_PILE:
            return "draws two cards from the draw pile"
        if self.d.phase == PH_SEARCH:
            return "takes a card from the discard pile"
        if a == A_DECLINE or a == A_KEEP:
            return None
        if self.d.phase == PH_PLAY and a == A_WYATT1:
            return "plays Wyatt Earp mode 1 and draws two cards"
        return action_label(a, self.d.pending, self._discard_top())

    cdef int _observation(self, int a, int seat) noexcept nogil:
        """As ``_public_label``: a search shows only that a card was taken; a kept card, a declined window and the
        decision to keep a searched card are not seen at all (D33, D35)."""
        if seat == self.d.decider:
            return a
        if self.d.phase == PH_SEARCH:
            return OBS_HIDDEN
        if a == A_DECLINE or a == A_KEEP:
            return OBS_NONE
        return a

    def _discard_top(self) -> int:
        return self.d.discard[self.d.discard_n - 1] if self.d.discard_n else -1

    def events(self) -> list:
        """Public chance outcomes and automatic steps of the last ``apply_action`` as (kind, seat, a, b) tuples."""
        cdef int i
        return [(EVENT_NAMES[self.d.events[i].kind], self.d.events[i].seat, self.d.events[i].a, self.d.events[i].b)
                for i in range(self.d.n_events)]

    def describe_events(self) -> list:
        """``events()`` as sentences."""
        return [event_text(*e) for e in self.events()]

    # public facts, for front ends and tests
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    @property
    def active_player(self) -> int:
        return self.d.active

    @property
    def round(self) -> int:
        return self.d.round

    @property
    def winner(self) -> int:
        return self.d.winner

    def scores(self) -> list:
        """Money per seat (the margin behind ``returns()``)."""
        return self.money()

    def money(self) -> list:
        return [self.d.money[p] for p in range(self.d.n_players)]

    def posters(self) -> list:
        return [self.d.poster[x] for x in range(N_OUTLAWS)]

    def hand(self, int seat) -> dict:
        """The cards in ``seat``'s hand as {card name: count} (the full state knows every hand)."""
        return {CARD_NAMES[t]: self.d.hand[seat][t] for t in range(N_TYPES) if self.d.hand[seat][t]}

    def capture_points(self, int seat, int outlaw) -> int:
        return _capture_points(&self.d, seat, outlaw)

    def validate(self) -> str:
        """Why this state is impossible (cards not conserved, counts inconsistent), or '' if it is sound."""
        return check_data(&self.d, -1)

    def card_locations(self) -> dict:
        """Count of each card type per place (hands, draw, discard, tableaus, in resolution, set aside)."""
        return _card_locations(&self.d)

    def __repr__(self):
        return (f"<WyattEarpState {self.d.n_players}p round {self.d.round} turn {self.d.turn} "
                f"{PHASE_NAMES[self.d.phase]} seat {self._current_player()} money {self.money()}>")


def new_state(players: int, seed: int = 0, first_dealer=None) -> WyattEarpState:
    """The initial state: the first dealer is ``first_dealer`` or drawn from ``seed`` (D4)."""
    cdef int dealer = seat_option("first_dealer", first_dealer, players)
    cdef WyattEarpState state = WyattEarpState.__new__(WyattEarpState)
    state.reseed(seed)
    state._setup(players, dealer)
    return state


# ====================================================================== layout, checks, labels



PLACES = ("hands", "draw", "discard", "tableaus", "in_resolution", "aside")


cdef void _count_places(WyattEarpData* d, int places[6][N_TYPES]) noexcept nogil:
    """places[k][T] := cards of type T in place k of PLACES; each of the 78 cards is in exactly one place."""
    cdef int p, x, i, t
    memset(places, 0, 6 * N_TYPES * sizeof(int))
    for t in range(N_TYPES):
        places[1][t] = d.draw[t]
        places[5][t] = d.aside[t]
    for p in range(d.n_players):
        for t in range(N_TYPES):
            places[0][t] += d.hand[p][t]
        for x in range(N_OUTLAWS):
            places[3][x] += d.outlaws[p][x]
            places[3][PHOTO + x] += d.photo[p][x]
            for i in range(d.attached_n[p][x]):
                places[3][d.attached[p][x][i]] += 1
    for i in range(d.discard_n):
        places[2][d.discard[i]] += 1
    if d.phase == PH_TARGET and d.pending != NO_CARD and d.pending != WYATT:
        places[4][d.pending] = 1


cdef dict _card_locations(WyattEarpData* d):
    cdef int places[6][N_TYPES]
    _count_places(d, places)
    return {name: [places[k][t] for t in range(N_TYPES)] for k, name in enumerate(PLACES)}


cdef str check_data(WyattEarpData* d, int view_seat):
    """Why ``d`` is not a possible state, or '' (used by from_dict).  With ``view_seat`` >= 0, ``d`` is that seat's
    view: other hands hold only their known cards and the draw pile is empty, so cards may be missing, never extra."""
    cdef int p, x, t, n = d.n_players
    if not 2 <= n <= MAX_PLAYERS:
        return f"n_players {n} not in 2..6"
    if d.phase > PH_GAME_OVER:
        return f"phase {d.phase} unknown"
    if d.phase != PH_GAME_OVER and not (0 <= d.active < n and 0 <= d.decider < n):
        return "active/decider seat out of range"
    if d.discard_n > N_CARDS or d.n_searches > MAX_SEARCHES or d.n_events > MAX_EVENTS:
        return "a count exceeds its capacity"
    for p in range(MAX_PLAYERS):
        if sum_row(d.hand[p]) > d.hand_n[p] or (sum_row(d.hand[p]) != d.hand_n[p] and (view_seat < 0 or p == view_seat)):
            return f"hand_n[{p}] does not match the hand"
        for x in range(N_OUTLAWS):
            if d.attached_n[p][x] > MAX_ATTACH:
                return f"attached_n[{p}][{x}] too large"
            for t in range(d.attached_n[p][x]):
                if d.attached[p][x][t] not in (STAGECOACH, BANK, FASTEST, HIDEOUT):
                    return f"attached[{p}][{x}] holds a card that cannot be attached"
    if view_seat < 0 and sum_row(d.draw) != d.draw_n:
        return "draw_n does not match the draw pile"
    if view_seat >= 0 and sum_row(d.draw) != 0:
        return "a view cannot show the draw pile"
    for i in range(d.discard_n):
        if d.discard[i] >= N_TYPES:
            return "discard pile holds an unknown card"
    if d.pending != NO_CARD and d.pending >= N_TYPES:
        return "pending card unknown"
    cdef int totals[N_TYPES]
    card_totals(d, totals)
    cdef int ghosts = 0                                    # a view pictures unseen searched cards in the pile,
    for t in range(d.n_searches):                          # even those played since (then counted twice)
        ghosts += view_seat >= 0 and d.search_type[t] == NO_CARD
    for t in range(N_TYPES):
        if d.phase != PH_GAME_OVER and (totals[t] > type_count(t) + ghosts
                                        or (view_seat < 0 and totals[t] != type_count(t))):
            return f"{totals[t]} cards of {CARD_NAMES[t]} (expected {type_count(t)})"
    return ""


cdef void card_totals(WyattEarpData* d, int* out) noexcept nogil:
    """out[T] := cards of type T found anywhere (each of the 78 must be in exactly one place)."""
    cdef int places[6][N_TYPES]
    cdef int k, t
    _count_places(d, places)
    for t in range(N_TYPES):
        out[t] = 0
        for k in range(6):
            out[t] += places[k][t]


