"""What one Colt Express seat knows (rules §13), and the sampler that deals full states consistent with it (§13.6).

A view is the state's data block with everything the seat cannot see removed: other seats' hands (except the
bullets publicly known to be in them) and draw decks, their face-down cards not yet revealed, their keep choices
and the kind of card a keeping seat is deciding about, the value of every purse the seat never held, and the round
cards not yet revealed.  The generator is absent.

The sampler fills exactly those unknowns:

- round cards: the unrevealed regular cards as an ordered draw from the unseen ones of the set, the station card
  from the three (§13.6 item 1);
- purse values: the values the seat does not know, dealt at random to the purses it does not know (item 2);
- another seat's cards: its cards whose place the seat cannot know are dealt to its face-down pile cards (action
  cards of that card's bandit only), its hand and its draw deck (item 3).  Under the base rules they are dealt
  uniformly.  Under the advanced rules the deck is drawn first, as a sub-multiset of the public pool it was formed
  from (D36), with probability proportional to the ways a shuffle of that pool leaves it (the product of
  binomials C(pool[k], deck[k])), holding at least the bullets the hand cannot hold (a hidden bullet in a hand must
  have been drawn during this schemin' phase) and leaving enough action cards for the face-down cards; then the
  face-down cards, then the hand;
- the keep phase: the choices of seats that already chose are drawn at random, the keeping seat starts afresh.

Every sample gives its seat back exactly the view it was drawn from: ``sample.information_set(seat) == info``.
"""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint8_t

from deadeye.core.rng cimport Rng, rng_below, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet, MAX_ACTIONS
from deadeye.core.colt_express.data cimport *
from deadeye.core.colt_express.state cimport ColtExpressState, check_data
from deadeye.core.colt_express.labels cimport action_text

from deadeye.core.colt_express.labels import PHASE_NAMES


cdef void observe(ColtData* d, int seat, ColtData* v) noexcept nogil:
    """``v`` := the state as ``seat`` pictures it (§13.1-13.4)."""
    cdef int q, i, t
    v[0] = d[0]
    v.n_events = 0
    memset(v.events, 0, sizeof(v.events))
    for q in range(d.n_players):
        if q != seat:
            memset(v.hand[q], 0, sizeof(v.hand[q]))
            v.hand[q][BULLET] = d.known_bullets[q]
            memset(v.deck[q], 0, sizeof(v.deck[q]))
            memset(v.keep[q], 0, sizeof(v.keep[q]))
    for i in range(d.pile_n):
        if d.pile_flags[i] & FACE_DOWN and not d.pile_flags[i] & REVEALED and d.controller[d.pile_bandit[i]] != seat:
            v.pile_kind[i] = UNKNOWN
    for t in range(N_TOKENS):
        if not (d.tok_known[t] >> seat) & 1:
            v.tok_value[t] = 0
    for i in range(d.round, N_ROUNDS):
        v.round_card[i] = UNKNOWN
    if d.phase == PH_KEEP and d.decider != seat:
        v.keep_kind = UNKNOWN


cdef class ColtExpressInformationSet(InformationSet):
    """What one seat of a Colt Express game knows (§13); ``sample()`` draws full states consistent with it."""

    state_class = ColtExpressState

    cdef ColtData view                  # the state as `seat` pictures it: hidden parts zeroed or UNKNOWN

    cdef void* _data(self) noexcept nogil:
        return &self.view

    cdef size_t _data_size(self) noexcept nogil:
        return sizeof(ColtData)

    cdef void _observe(self, GameState state) noexcept:
        observe(&(<ColtExpressState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        sample_view(&self.view, self.seat, &(<ColtExpressState>out).d, rng)
        rng_seed(&out.rng, rng_next(rng))
        return True

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_data`` on a view)."""
        return check_data(&self.view, self.seat)

    def hand(self) -> dict:
        return self._as_state().hand(self.seat)

    def describe(self) -> str:
        """The table as this seat sees it, as text."""
        from .text import describe_view
        return describe_view(self.to_dict())

    def __repr__(self):
        return (f"<ColtExpressInformationSet seat {self.seat} round {self.view.round} "
                f"{PHASE_NAMES[self.view.phase]}>")



# ====================================================================== the sampler

cdef inline int _pick(const int* weights, int n, Rng* rng) noexcept nogil:
    """An index drawn with probability proportional to the (non-negative) integer weights; -1 if they sum to 0."""
    cdef int i, total = 0, r
    for i in range(n):
        total += weights[i]
    if total <= 0:
        return -1
    r = rng_below(rng, total)
    for i in range(n):
        if r < weights[i]:
            return i
        r -= weights[i]
    return -1


cdef void _round_cards(ColtData* s, Rng* rng) noexcept nogil:
    """§13.6 item 1: the regular cards not yet revealed, in random order, from the unseen ones; the station card."""
    cdef int i, j, base = 0 if s.n_players <= 4 else R6_FIRST, n_free = 0
    cdef int free[7]
    cdef bint seen
    if s.round < N_ROUNDS:
        s.round_card[4] = STATION_FIRST + rng_below(rng, 3)
    for j in range(7):
        seen = False
        for i in range(s.round if s.round < 4 else 4):
            seen = seen or s.round_card[i] == base + j
        if not seen:
            free[n_free] = base + j
            n_free += 1
    for i in range(s.round, 4):
        j = rng_below(rng, n_free)
        s.round_card[i] = free[j]
        free[j] = free[n_free - 1]
        n_free -= 1


cdef void _purse_values(ColtData* s, int seat, Rng* rng) noexcept nogil:
    """§13.6 item 2: the values the seat does not know, dealt at random to the purses it does not know."""
    cdef int values[N_PURSES]
    cdef int i, j, t, n = N_PURSES, tmp
    for i in range(N_PURSES):
        values[i] = purse_value(i)
    for t in range(N_PURSES):
        if (s.tok_known[t] >> seat) & 1:
            for i in range(n):
                if values[i] == s.tok_value[t]:
                    values[i] = values[n - 1]
                    n -= 1
                    break
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        tmp = values[i]
        values[i] = values[j]
        values[j] = tmp
    i = 0
    for t in range(N_PURSES):
        if not (s.tok_known[t] >> seat) & 1:
            s.tok_value[t] = values[i] if i < n else 250
            i += 1


cdef double _binom(int n, int k) noexcept nogil:
    cdef double r = 1.0
    cdef int i
    if k < 0 or k > n:
        return 0.0
    for i in range(k):
        r = r * (n - i) / (i + 1)
    return r


cdef enum:
    ROW = 65                # sums a deck DP table holds: 0..64 cards (10 action cards plus at most 49 bullets)


cdef void _group_dp(const int* kinds, int nk, const int* lo, const int* hi, const uint8_t* pool, int cap,
                    double* table) noexcept nogil:
    """table[j * ROW + m]: the summed weight prod C(pool[k], x_k) over the choices x_k in [lo, hi] of the first j
    kinds of a group that sum to m (m <= cap)."""
    cdef int j, m, x, k
    for j in range(nk + 1):
        for m in range(ROW):
            table[j * ROW + m] = 0.0
    table[0] = 1.0
    for j in range(nk):
        k = kinds[j]
        for m in range(cap + 1):
            if table[j * ROW + m] == 0.0:
                continue
            for x in range(lo[k], hi[k] + 1):
                if m + x > cap:
                    break
                table[(j + 1) * ROW + m + x] += table[j * ROW + m] * _binom(pool[k], x)


cdef inline double _uniform(Rng* rng) noexcept nogil:
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef void _group_draw(const int* kinds, int nk, const int* lo, const int* hi, const uint8_t* pool, int m,
                      double* table, int* out, Rng* rng) noexcept nogil:
    """Draw the counts of a group that sum to ``m``, backwards through ``table``, proportionally to the weights."""
    cdef int j, x, k
    cdef double total, r, w
    for j in range(nk - 1, -1, -1):
        k = kinds[j]
        total = 0.0
        for x in range(lo[k], hi[k] + 1):
            if x <= m:
                total += table[j * ROW + m - x] * _binom(pool[k], x)
        r = _uniform(rng) * total
        out[k] = -1
        for x in range(lo[k], hi[k] + 1):
            if x > m:
                break
            w = table[j * ROW + m - x] * _binom(pool[k], x)
            if w > 0.0:
                out[k] = x
                if r < w:
                    break
                r -= w
        if out[k] < 0:                                     # unreachable when table[nk][m] > 0
            out[k] = 0
        m -= out[k]


cdef bint _advanced_deck(ColtData* s, int q, int* unk, int* fd_slot, Rng* rng) noexcept nogil:
    """Under the advanced rules: draw seat ``q``'s deck (below its public top) from its unknown cards ``unk``
    (D36, §13.6 item 3) and take it out of ``unk``.  Returns False if no deck fits."""
    cdef int groups[3][N_TYPES]
    cdef int sizes[3]
    cdef int caps[3]
    cdef int lo[N_KINDS]
    cdef int hi[N_KINDS]
    cdef int deck[N_KINDS]
    cdef double tables[3][(N_TYPES + 1) * ROW]
    cdef int g, k, j, m0, m1, m2, n = s.deck_n[q], total_action, pick0 = -1, pick1 = -1
    cdef double w, total = 0.0, r
    cdef bint chosen = False
    if n >= ROW:
        return False
    for k in range(N_KINDS):
        lo[k] = 0
        hi[k] = unk[k] if unk[k] < s.pool[q][k] else s.pool[q][k]
        if hi[k] < 0:
            hi[k] = 0
    lo[BULLET] = unk[BULLET] - s.drawn[q]                   # a hidden bullet in hand was drawn this schemin' phase
    if lo[BULLET] < 0:
        lo[BULLET] = 0
    if lo[BULLET] > hi[BULLET]:
        return False
    for g in range(2):                                       # each slot keeps its face-down cards' worth
        sizes[g] = N_TYPES
        total_action = 0
        for j in range(N_TYPES):
            k = g * N_TYPES + j
            groups[g][j] = k
            total_action += unk[k]
        caps[g] = total_action - fd_slot[g]
        if caps[g] < 0:
            return False
        if caps[g] > n:
            caps[g] = n
    groups[2][0] = BULLET
    sizes[2] = 1
    caps[2] = n
    for g in range(3):
        _group_dp(groups[g], sizes[g], lo, hi, s.pool[q], caps[g], tables[g])
    for m0 in range(caps[0] + 1):
        for m1 in range(caps[1] + 1):
            m2 = n - m0 - m1
            if 0 <= m2 <= caps[2]:
                total += (tables[0][sizes[0] * ROW + m0] * tables[1][sizes[1] * ROW + m1]
                          * tables[2][sizes[2] * ROW + m2])
    if total <= 0.0:
        return False
    r = _uniform(rng) * total
    for m0 in range(caps[0] + 1):
        for m1 in range(caps[1] + 1):
            m2 = n - m0 - m1
            if 0 <= m2 <= caps[2]:
                w = (tables[0][sizes[0] * ROW + m0] * tables[1][sizes[1] * ROW + m1]
                     * tables[2][sizes[2] * ROW + m2])
                if w > 0.0:
                    pick0 = m0
                    pick1 = m1
                    if r < w:
                        chosen = True
                        break
                    r -= w
        if chosen:
            break
    m0 = pick0
    m1 = pick1
    for k in range(N_KINDS):
        deck[k] = 0
    _group_draw(groups[0], sizes[0], lo, hi, s.pool[q], m0, tables[0], deck, rng)
    _group_draw(groups[1], sizes[1], lo, hi, s.pool[q], m1, tables[1], deck, rng)
    _group_draw(groups[2], sizes[2], lo, hi, s.pool[q], n - m0 - m1, tables[2], deck, rng)
    for k in range(N_KINDS):
        s.deck[q][k] = deck[k]
        unk[k] -= deck[k]
    return True


cdef void _deal_seat(ColtData* s, int q, Rng* rng) noexcept nogil:
    """§13.6 item 3 for another seat ``q``: its cards of unknown place go to its face-down pile cards, hand and deck."""
    cdef int unk[N_KINDS]
    cdef int weights[N_KINDS]
    cdef int fd_slot[2]
    cdef int k, i, j, b, slot, hidden_hand, c
    for k in range(N_KINDS):
        unk[k] = kind_total(s, q, k) - s.returned[q][k] - s.discard[q][k]
    unk[BULLET] -= s.aside[q] + s.deck_top[q] + s.known_bullets[q]
    fd_slot[0] = 0
    fd_slot[1] = 0
    for i in range(s.pile_next, s.pile_n):
        b = s.pile_bandit[i]
        if s.controller[b] != q:
            continue
        if s.pile_kind[i] == UNKNOWN:
            fd_slot[0 if s.bandit_of[q][0] == b else 1] += 1
        else:
            unk[s.pile_kind[i]] -= 1
    for k in range(N_KINDS):
        if unk[k] < 0:                                     # only in a malformed view
            unk[k] = 0
    memset(s.deck[q], 0, sizeof(s.deck[q]))
    memset(s.hand[q], 0, sizeof(s.hand[q]))
    if s.advanced and s.deck_n[q] > 0 and not _advanced_deck(s, q, unk, fd_slot, rng):
        for c in range(s.deck_n[q]):                       # only in a malformed view: any cards will do
            k = _pick(unk, N_KINDS, rng)
            if k < 0:
                break
            unk[k] -= 1
            s.deck[q][k] += 1
    for i in range(s.pile_next, s.pile_n):                 # face-down cards: action cards of their own bandit
        b = s.pile_bandit[i]
        if s.controller[b] != q or s.pile_kind[i] != UNKNOWN:
            continue
        slot = 0 if s.bandit_of[q][0] == b else 1
        for k in range(N_KINDS):
            weights[k] = unk[k] if slot * N_TYPES <= k < (slot + 1) * N_TYPES else 0
        k = _pick(weights, N_KINDS, rng)
        if k < 0:                                          # only in a malformed view
            k = slot * N_TYPES
        else:
            unk[k] -= 1
        s.pile_kind[i] = k
    s.hand[q][BULLET] = s.known_bullets[q]
    hidden_hand = s.hand_n[q] - s.known_bullets[q]
    for c in range(hidden_hand):
        k = _pick(unk, N_KINDS, rng)
        if k < 0:
            break
        unk[k] -= 1
        s.hand[q][k] += 1
    if not s.advanced:
        for k in range(N_KINDS):
            s.deck[q][k] = unk[k]


cdef void _keep_choices(ColtData* s, int seat, Rng* rng) noexcept nogil:
    """The keep phase (§11, D33): seats that already chose get random choices; a keeping seat starts afresh."""
    cdef int i, q, k
    if s.phase != PH_KEEP:
        return
    for i in range(s.n_players):
        q = (s.first + i) % s.n_players
        if q == seat:
            continue
        memset(s.keep[q], 0, sizeof(s.keep[q]))
        if i < s.step:
            for k in range(s.n_slots * N_TYPES):
                s.keep[q][k] = rng_below(rng, s.hand[q][k] + 1)
        elif i == s.step:
            s.keep_kind = KEEP_NOTHING
            for k in range(s.n_slots * N_TYPES):
                if s.hand[q][k] > 0:
                    s.keep_kind = k
                    break


cdef void sample_view(ColtData* v, int seat, ColtData* s, Rng* rng) noexcept nogil:
    """A full state consistent with view ``v`` of ``seat`` (§13.6), written into ``s``."""
    cdef int q
    s[0] = v[0]
    _round_cards(s, rng)
    _purse_values(s, seat, rng)
    for q in range(s.n_players):
        if q != seat:
            _deal_seat(s, q, rng)
    _keep_choices(s, seat, rng)
