"""What one Wyatt Earp seat knows (rules §12), and the sampler that deals full states consistent with it."""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint8_t

from deadeye.core.rng cimport Rng, rng_seed, rng_below, rng_next
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.wyatt_earp.data cimport *
from deadeye.core.wyatt_earp.state cimport WyattEarpState, card_totals, check_data

from deadeye.core.wyatt_earp.labels import CARD_NAMES, PHASE_NAMES, action_label

cdef void observe(WyattEarpData* d, int seat, WyattEarpData* v) noexcept:
    """``v`` := the state as ``seat`` pictures it: other hands reduced to their publicly known cards, the draw pile
    emptied, searched cards unknown to ``seat`` put back where they lay in the pile, windows of others hidden (D35)."""
    cdef int p, i, j, s, t, pos
    cdef uint8_t pile[N_CARDS + MAX_SEARCHES]
    cdef int pile_n
    v[0] = d[0]
    v.n_events = 0
    memset(v.events, 0, sizeof(v.events))
    memset(v.draw, 0, sizeof(v.draw))
    for p in range(d.n_players):
        if p != seat:
            memcpy(v.hand[p], d.known[p], sizeof(v.hand[p]))
            memset(v.resh_drawn[p], 0, sizeof(v.resh_drawn[p]))
    # the reshuffled pool as this seat knows it: true contents plus the searched cards it could not see leave
    for t in range(N_TYPES):
        v.resh_pool[t] += d.resh_hidden[seat][t]
    memset(v.resh_hidden, 0, sizeof(v.resh_hidden))
    # the discard pile with unknown searched cards put back (in search order, each at its height then)
    pile_n = d.discard_n
    memcpy(pile, d.discard, d.discard_n)
    for s in range(d.n_searches - 1, -1, -1):
        if not (d.search_known[s] >> seat) & 1 and d.search_type[s] != NO_CARD:
            pos = d.search_below[s]
            if pos > pile_n - 1:
                pos = pile_n - 1 if pile_n > 0 else 0
            for j in range(pile_n, pos, -1):
                pile[j] = pile[j - 1]
            pile[pos] = d.search_type[s]
            pile_n += 1
    memset(v.discard, 0, sizeof(v.discard))
    if pile_n > N_CARDS:
        pile_n = N_CARDS
    memcpy(v.discard, pile, pile_n)
    v.discard_n = pile_n
    for s in range(d.n_searches):
        if not (d.search_known[s] >> seat) & 1:
            v.search_type[s] = NO_CARD
            v.search_below[s] = 0
    # windows and the immediate-play decision of others are invisible (D35, D33)
    if d.decider != seat and d.phase in (PH_PHOTO_WINDOW, PH_DEFENCE):
        back_to_play(v)
    if d.active != seat and d.phase == PH_IMMEDIATE:
        back_to_play(v)


cdef class WyattEarpInformationSet(InformationSet):
    """What one seat of a Wyatt Earp game knows (§12); ``sample()`` draws full states consistent with it."""

    state_class = WyattEarpState

    cdef WyattEarpData view             # the state as `seat` pictures it: hidden parts zeroed or replaced

    cdef void* _data(self) noexcept nogil:
        return &self.view

    cdef size_t _data_size(self) noexcept nogil:
        return sizeof(WyattEarpData)

    cdef void _observe(self, GameState state) noexcept:
        observe(&(<WyattEarpState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        _sample(&self.view, self.seat, &(<WyattEarpState>out).d, rng)
        rng_seed(&out.rng, rng_next(rng))
        return True

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_data`` on a view)."""
        return check_data(&self.view, self.seat)

    def hand(self) -> dict:
        return {CARD_NAMES[t]: self.view.hand[self.seat][t] for t in range(N_TYPES) if self.view.hand[self.seat][t]}

    def describe(self) -> str:
        """The table as this seat sees it, as text."""
        from .text import describe_view
        return describe_view(self.to_dict())

    def __repr__(self):
        return f"<WyattEarpInformationSet seat {self.seat} round {self.view.round} {PHASE_NAMES[self.view.phase]}>"



cdef bint _fits(WyattEarpData* s, int p, int card, int* free, bint relax) noexcept nogil:
    """Can one more ``card`` go into seat ``p``'s hidden part without breaking a "none" bound (§12.4.3)?"""
    if free[p] <= 0:
        return False
    if not relax and card < PHOTO and s.none_bound[p][card] != UNBOUNDED and s.hand[p][card] >= s.none_bound[p][card]:
        return False
    return True


cdef void _place_searched(WyattEarpData* s, int seat, int* unk, Rng* rng) noexcept nogil:
    """Each searched card ``seat`` did not see becomes one pile card it could have been (never the top one, never a
    Wyatt Earp).  It is either still in the searcher's hidden hand or was played since (then the view counted it
    twice, in the pile and where it lies now); a type the view holds more often than it exists must be such a card.
    ``unk`` (the unknown count per type) is kept up to date."""
    cdef int k, i, j, t, p, total, r, forced
    for k in range(s.n_searches):
        if s.search_type[k] != NO_CARD:
            continue
        total = 0
        forced = 0
        for i in range(s.discard_n - 1):
            if s.discard[i] != WYATT:
                total += 1
                forced += unk[s.discard[i]] < 0
        if total == 0:                                     # nothing it could have been: forget it
            s.search_known[k] = 0xFF
            continue
        r = rng_below(rng, forced if forced else total)
        for i in range(s.discard_n - 1):
            if s.discard[i] != WYATT and (not forced or unk[s.discard[i]] < 0):
                if r == 0:
                    break
                r -= 1
        t = s.discard[i]
        for j in range(i, s.discard_n - 1):
            s.discard[j] = s.discard[j + 1]
        s.discard_n -= 1
        s.discard[s.discard_n] = 0
        s.search_type[k] = t                               # still unknown to `seat`: its view of the sample
        s.search_below[k] = i                              # puts the card back here, as in its real view
        p = s.search_seat[k]
        if (unk[t] >= 0 and s.hand_n[p] > sum_row(s.hand[p]) and rng_below(rng, 2)
                and (t >= PHOTO or s.none_bound[p][t] == UNBOUNDED or s.hand[p][t] < s.none_bound[p][t])):
            s.hand[p][t] += 1
        else:
            unk[t] += 1


cdef int _unknown_cards(WyattEarpData* s, int* unk) noexcept nogil:
    """unk[T] := cards of type T not placed anywhere in ``s`` (negative where a type is placed too often)."""
    cdef int t, total = 0
    card_totals(s, unk)
    for t in range(N_TYPES):
        unk[t] = type_count(t) - unk[t]
        total += unk[t]
    return total


cdef int _hidden_slots(WyattEarpData* s, int seat) noexcept nogil:
    cdef int p, total = s.draw_n
    for p in range(s.n_players):
        if p != seat:
            total += s.hand_n[p] - sum_row(s.hand[p])
    return total


cdef bint _deal_unknown(WyattEarpData* s, int seat, int* unk, int draw_n, bint relax_pool, bint relax_bounds,
                        Rng* rng) noexcept nogil:
    """Deal the ``unk`` cards to the hidden hand slots and the draw pile (after a reshuffle, the draw pile only from
    the reshuffled pool), respecting every "none" bound.  Cards go in a random order, each to a random free slot
    that may hold it, so that without constraints every split is equally likely; cards that cannot be in the draw
    pile go first.  Returns False on a dead end (the caller retries)."""
    cdef int p, t, i, j, r, n = s.n_players, total, n_forced = 0, n_cards, allowed
    cdef int free[MAX_PLAYERS + 1]
    cdef int weight[MAX_PLAYERS + 1]
    cdef int forced[N_TYPES]
    cdef uint8_t cards[N_CARDS]
    for t in range(N_TYPES):                               # how many of each type the draw pile cannot hold
        allowed = unk[t]
        if s.reshuffled and not relax_pool:
            allowed = s.resh_pool[t] - s.resh_out[t] - s.resh_drawn[seat][t]
        if allowed < 0:
            allowed = 0
        forced[t] = unk[t] - allowed if unk[t] > allowed else 0
        for i in range(forced[t]):
            cards[n_forced] = t
            n_forced += 1
    n_cards = n_forced
    for t in range(N_TYPES):
        for i in range(unk[t] - forced[t]):
            cards[n_cards] = t
            n_cards += 1
    for i in range(n_forced - 1, 0, -1):
        j = rng_below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    for i in range(n_cards - 1, n_forced, -1):
        j = n_forced + rng_below(rng, i - n_forced + 1)
        cards[i], cards[j] = cards[j], cards[i]
    for p in range(n):
        free[p] = 0 if p == seat else s.hand_n[p] - sum_row(s.hand[p])
    free[n] = draw_n
    s.draw_n = 0
    memset(s.draw, 0, sizeof(s.draw))
    for i in range(n_cards):
        t = cards[i]
        total = 0
        for p in range(n + 1):
            weight[p] = 0
            if p < n and _fits(s, p, t, free, relax_bounds):
                weight[p] = free[p]
            elif p == n and i >= n_forced:
                weight[p] = free[n]
            total += weight[p]
        if total == 0:
            return False
        r = rng_below(rng, total)
        for p in range(n + 1):
            if r < weight[p]:
                break
            r -= weight[p]
        free[p] -= 1
        if p == n:
            s.draw[t] += 1
            s.draw_n += 1
        else:
            s.hand[p][t] += 1
    return True


cdef void _sample(WyattEarpData* v, int seat, WyattEarpData* s, Rng* rng) noexcept nogil:
    """A full state consistent with view ``v`` of ``seat`` (§12.4), written into ``s``: known cards stay where they
    are known, searched cards it did not see are guessed from the pile, the rest is dealt to hidden slots.  Guesses
    that break a count, a "none" bound or the reshuffled pool are drawn again; only after many dead ends are the
    pool and then the bounds relaxed, so a sample always comes out."""
    cdef int t, attempt, n_unknown
    cdef int unk[N_TYPES]
    cdef bint ok
    for attempt in range(256):
        s[0] = v[0]
        _unknown_cards(s, unk)
        _place_searched(s, seat, unk, rng)
        n_unknown = 0
        ok = True
        for t in range(N_TYPES):
            ok = ok and unk[t] >= 0
            n_unknown += unk[t] if unk[t] > 0 else 0
        if not ok or n_unknown != _hidden_slots(s, seat):
            if attempt < 255:
                continue
            for t in range(N_TYPES):
                if unk[t] < 0:
                    unk[t] = 0
        if _deal_unknown(s, seat, unk, v.draw_n, attempt >= 192, attempt >= 240, rng):
            break
    memset(s.events, 0, sizeof(s.events))
    s.n_events = 0


