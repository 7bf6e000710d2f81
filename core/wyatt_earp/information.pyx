"""What one Wyatt Earp seat knows (rules §12), and the sampler that deals full states consistent with it."""
from libc.math cimport exp, log, lgamma, INFINITY, NAN
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memset, memcpy, memcmp
from libc.stdint cimport int8_t, uint8_t, uint64_t

from deadeye.core.encoder cimport Encoder
from deadeye.core.rng cimport Rng, rng_seed, rng_below, rng_next
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.wyatt_earp.data cimport *
from deadeye.core.wyatt_earp.encoding cimport encode_view
from deadeye.core.wyatt_earp.state cimport WyattEarpState, card_totals, check_data

from deadeye.core.wyatt_earp.encoding import ENCODING_VERSION, FEATURES
from deadeye.core.wyatt_earp.labels import CARD_NAMES, PHASE_NAMES

cdef void observe(WyattEarpData* d, int seat, WyattEarpData* v) noexcept nogil:
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
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef WyattEarpData view             # the state as `seat` pictures it: hidden parts zeroed or replaced
    cdef TypeCache* cache               # the type DP's tables its samples share (allocated on first use)

    def __dealloc__(self):
        _cache_free(self.cache)
        self.cache = NULL

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(WyattEarpData)

    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<WyattEarpState>state).d, self.seat, &self.view)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        encode_view(&self.view, self.seat, e)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        cdef TypeCache* fresh
        cdef bint ok
        if self.cache == NULL:
            fresh = <TypeCache*>calloc(1, sizeof(TypeCache))     # zero pages: touched only where used
            if fresh != NULL and not _cache_install(&self.cache, fresh):
                free(fresh)
        if self.cache == NULL or not _CACHES[0] or not _cache_lock(&self.cache.busy):
            # another thread is sampling (root-parallel), or the caches are off: the same deal, without the tables
            return _sample(&self.view, self.seat, &(<WyattEarpState>out).d, rng, NULL)
        _prefetch_recent(self.cache)
        ok = _sample(&self.view, self.seat, &(<WyattEarpState>out).d, rng, self.cache)
        _cache_unlock(&self.cache.busy)
        return ok

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_view``)."""
        return check_view(&self.view, self.seat)

    def hand(self) -> dict:
        return {CARD_NAMES[t]: self.view.hand[self.seat][t] for t in range(N_TYPES) if self.view.hand[self.seat][t]}

    def __repr__(self):
        return f"<WyattEarpInformationSet seat {self.seat} round {self.view.round} {PHASE_NAMES[self.view.phase]}>"



cdef str check_view(WyattEarpData* v, int seat):
    """Why ``v`` is not a view ``seat`` can have, or '': the ranges and the public bookkeeping are checked
    (check_data), then one sample is drawn with a fixed seed: it must be a sound state that gives ``seat`` back
    exactly this view (so every count adds up and nothing is hidden that the seat would see)."""
    cdef WyattEarpState sample
    cdef WyattEarpData probe
    cdef Rng rng
    cdef int p, n = v.n_players, x, i, own
    if not 0 <= v.dealer < n or v.round < 1 or v.turn < 1 or v.sheriff_used > 1 or v.reshuffled > 1:
        return "dealer, round, turn, sheriff_used or reshuffled out of range"
    for p in range(MAX_PLAYERS):
        if v.money[p] < 0 or v.money[p] % 1000 or (p >= n and v.money[p]):
            return f"money[{p}] out of range"
    for x in range(N_OUTLAWS):
        if v.poster[x] < 0 or v.poster[x] % 1000 or v.opened[x] > 1:
            return f"poster or opened of outlaw {x} out of range"
    if v.phase == PH_GAME_OVER:
        return "" if 0 <= v.winner < n else "a finished game without a winner"
    if v.winner != -1:
        return "winner set before the game is over"
    if v.n_events:
        return "a view carries no events"
    problem = check_data(v, seat)
    if problem:
        return problem
    rng_seed(&rng, 0x5EED)
    sample = WyattEarpState.__new__(WyattEarpState)
    if not _sample(v, seat, &sample.d, &rng, NULL):
        return "no state of the hidden cards fits it"
    problem = check_data(&sample.d, -1)
    if problem:
        return problem
    observe(&sample.d, seat, &probe)
    if (<char*>&probe)[:sizeof(WyattEarpData)] != (<char*>v)[:sizeof(WyattEarpData)]:
        return "it is not what the seat would see of any state"
    if not sample.legal_actions() and sample.current_player() == seat:
        return "the seat has no legal move"
    return ""


# ====================================================================== the sampler (§12.4, exact by counting)
#
# The unseen cards of a view (the 78 minus everything the seat can place) fill the hidden slots: each other seat's
# cards not publicly known, by tier (12.4.3: a tier's cards cannot be the outlaws of its mask), and the draw pile.
# A deal's weight is the number of deck orders it stands for: every way of putting the physical cards into the
# slots is equally likely, so a split with c[b][T] cards of type T in bin b weighs prod_b n_b! / prod_T c[b][T]!.
# Types with the same allowed bins form one group (the free group: allowed everywhere); a backward DP over the
# constrained bins counts the completions of every group count vector, and the deal is drawn bin by bin from it,
# then each group's cards are spread uniformly over the places that take that group.
#
# A card another seat played, discarded or gave that was not known is gone from its tiers, so the DP pictures it as
# one slot of its own: it counts a deal once per card of that type the hand held then (k of them), where the physical
# posterior counts it once.  The view keeps a record per such play (play_* in data.pxd: which of the seat's tier cards
# now were held then), and the deal is drawn directly with weight (1 + play_more) / k, no rejection: the seat's slots
# are laid out with the cards the records read first, cut where each record's held prefix ends (``_layout``; within a
# tier the slots are alike, so a cut is a uniform choice of them), and the DP multiplies each state after a cut by the
# factor of the records ending there (k = 1 + play_more + the searched cards of the type the seat held then + the
# record type's cards the prefix took).  Two DPs do this: over card types, with the filled slots of each of the
# seat's bins as the state (``_type_deal``: cheap; the other seats' free slots and the draw pile take the rest), and,
# where that has too many states, the group DP with each record type a group of its own (``_table`` with a
# ``Weigh``).  One seat's records weigh the whole deal (``_sample_once``, ``_weighed_seat``), so the choices of
# searched cards are weighed by them too; each other seat with records is dealt again, weighed, with the seats
# without records and the draw pile (``_redeal``).
#
# The type DP's layout (the seat's slot groups, its items and the weight of each item's allocations but for its card
# count: ``Plan``) depends only on the seat's bins and the searched cards read as held, its table on the layout and
# the items' card counts, the group DP's table on the unseen cards and the bins, not on the sample, so each
# information set keeps them keyed by exactly those numbers (``TypeCache``: a hit is what a fresh computation
# gives, so the same seed gives the same sample; PLAN_WAYS layouts, TABLE_WAYS and GROUP_WAYS tables, CACHE_BUDGET
# doubles in all; a sample that finds another thread's sample using them goes without): the many samples a search
# draws from one information set build each once.  A dealing type DP first tries uniform deals of the pool to the
# seat's slots, each kept with the records' factor over its largest if no slot holds a barred outlaw
# (``_uniform_deal``: exact, with the DP's draw after UNIFORM_TRIES turned down), so most deals read no table.
#
# A searched card the searcher played since (a card the view counts twice) is the record's played card itself, and one
# it still holds, of the played type, counts in k (it was held then); the options of the unseen searched cards of a
# seat that played a card they may have been are weighed together over all their choices (``_joint``), each by the
# weighed deals it leaves over the orders of the hands' slots (``_count``: a hand is a set, and a card played since
# adds a slot).
#
# Where some searched card must have been played since (the view counts a type more often than it exists, with the
# seen searched cards pictured held; an unseen one cannot be held any more; a seen one is of a type its searcher said
# "no" to since), the cards that settle it are weighed together first, over all their choices (``_settle``): each
# that cannot be held as every type it may have been played since as, each that may be held as a type counted too
# often, or not (then pictured held and weighed later with the others).  Settling them one at a time (a seen card
# before the unseen one that accounts for its double count, a matching of the double counts blind to what the other
# cards may be, a card that must have been played drawn by the pile's cards alone) left some views with no sample at
# all (issue 27 item 8: about one random game in 300).
#
# Exact (the physical posterior of §12.4, every consistent deal equally likely) for the constraints the view keeps;
# measured against a rejection sampler of physical deals in tests/test_wyatt_earp_sampler_exact.py (p-values printed
# there).  Where it is not:
# - with two or more other seats holding play records, or "no" answers of seats without records where the type DP
#   runs, the later seats are weighed given the hands drawn before (two seats that discarded, 3 players: p 0.69, TV
#   0.031 at noise 0.029, within the noise);
# - which tier cards were held at a play is bookkept by counting each later departure against the oldest tier (a
#   card drawn later and played counts as held then); a slot a searched card played since left counts as held at
#   each of the seat's records, and a searched card of the type held now as held at each record of that type; a
#   full record list drops its oldest;
# - several unseen searched cards are weighed together only where one may have been a card played since (at most
#   MAX_LEAVES choices); otherwise one after the other, each with the later ones pictured as held (within the noise
#   for two searches, TV 0.036 at noise 0.032); the cards that settle a view (``_settle``) are weighed with the others
#   pictured held, and beyond SETTLE_LEAVES choices one that leaves a deal is drawn by the pile's cards alone
#   (``unsettled()`` counts it: never in random games at 2-6 players, tested); a second searched card of a seat is
#   read as played since as a type another one is read as only where it cannot be held or the type is counted too
#   often (the view keeps one bit per type);
# - after a reshuffle the draw pile is drawn uniformly from the pool's unseen cards before the rest is weighed, and
#   the play records are not weighed;
# - beyond MAX_GROUPS distinct "no" patterns, or MAX_DP table entries, deals are drawn by rejection (exact, at most
#   REJECT_TRIES deals, then the sample fails); a seat whose records neither DP can hold is left unweighed
#   (``unweighed()`` counts it: never in random games at 2-6 players, tested).

cdef enum:
    MAX_BINS = 40           # constrained tiers of all other seats (at most 7 each)
    MAX_GROUPS = 4          # distinct "no" patterns (and record types) the DP handles; beyond, rejection
    MAX_DP = 65536          # doubles of DP tables
    MAX_WEIGHED_DP = 4096   # doubles of a DP weighed by play records (beyond: the type DP, ``_type_deal``)
    REJECT_TRIES = 4096


cdef struct Bins:
    int k                               # constrained bins
    int size[MAX_BINS]
    int mask[MAX_BINS]                  # outlaws barred from the bin
    int seat[MAX_BINS]
    int free[MAX_PLAYERS + 1]           # unconstrained slots of each seat; [n_players]: the draw pile
    int tier_bin[MAX_PLAYERS][MAX_TIERS]   # the bin of each tier of the view, -1: the seat's free slots


cdef struct Dealt:                      # the unseen cards one deal gave each slot group (for ``_redeal``)
    uint8_t bin[MAX_BINS][N_TYPES]
    uint8_t free[MAX_PLAYERS][N_TYPES]


cdef inline double _uniform(Rng* rng) noexcept nogil:
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef double _LOG_FACTORIAL[256]             # log n!, for the counts of one deal (all below 256)


cdef inline double _lf(int n) noexcept nogil:
    return _LOG_FACTORIAL[n] if 0 <= n < 256 else lgamma(n + 1.0)


cdef double _INV_FACT[256]                  # 1 / n!


def _fill_log_factorials():
    cdef int n
    for n in range(256):
        _LOG_FACTORIAL[n] = lgamma(n + 1.0)
        _INV_FACT[n] = exp(-_LOG_FACTORIAL[n])


_fill_log_factorials()


cdef int _groups(int* unk, Bins* b, int* group_of, int* u, int split) noexcept nogil:
    """group_of[T] := the group of type T (0 = free), u[g] := its unseen cards; returns the number of groups.  The
    types of ``split`` (bit T) get a group of their own each (a play record's weight reads their count)."""
    cdef int t, j, g, n_g = 1, pat
    cdef int pats[N_TYPES + 1]
    pats[0] = 0
    u[0] = 0
    for t in range(N_TYPES):
        pat = 0
        if t < PHOTO:
            for j in range(b.k):
                if b.mask[j] >> t & 1:
                    pat |= 1 << j          # bins barring t (the caller keeps b.k at 30 at most)
        g = 0
        if (split >> t) & 1:
            g = n_g
            pats[g] = -1                   # matches no other type
            u[g] = 0
            n_g += 1
        elif pat:
            for g in range(1, n_g + 1):
                if g == n_g or pats[g] == pat:
                    break
            if g == n_g:
                pats[g] = pat
                u[g] = 0
                n_g += 1
        group_of[t] = g
        u[g] += unk[t]
    return n_g


cdef struct Weigh:                      # the play records one DP weighs (``_layout``; n == 0: none)
    int n
    int split                           # bit T: a type some record reads
    int after[MAX_PLAYS]                # the record's factor reads the cards of bins 0..after[e]
    int type[MAX_PLAYS]
    double num[MAX_PLAYS]               # 1 + play_more
    double base[MAX_PLAYS]              # 1 + play_more + the searched cards of the type held then


cdef struct Table:                      # the DP of one count (``_table``), kept to draw several deals from it
    int n_g                             # groups; n_g == 0: the count was not tabled (see ``_table``)
    int S
    int group_of[N_TYPES]
    int u[N_TYPES + 1]
    int radix[N_TYPES + 1]
    double* V                           # V[j*S + r]: completions of bins j.. and the free bins when r are left
    int allowed[MAX_BINS][MAX_GROUPS + 1]   # 1 where bin j takes group g
    double small[256]


cdef double _table(int* unk, Bins* b, int n_players, Table* T, Weigh* weigh=NULL) noexcept nogil:
    """log of the number of deck orders in which the unseen cards ``unk`` fill the slots ``b``, each weighed by the
    factors of ``w`` (if given); -inf if none, NaN when the constraints are too many for the DP (then ``T.n_g`` is 0
    and no table is kept).  Otherwise ``T`` keeps the DP for ``_table_deal``; free it with ``_table_free``."""
    cdef int t, j, g, idx, f, csum, total_u = 0, total_slots = 0, n_f = 0, n_g, S
    cdef int r[N_TYPES + 1]
    cdef double consts, total, w
    cdef double* V
    T.n_g = 0
    T.V = NULL
    for t in range(N_TYPES):
        if unk[t] < 0:
            return -INFINITY
        total_u += unk[t]
    for j in range(b.k):
        total_slots += b.size[j]
    for j in range(n_players + 1):
        n_f += b.free[j]
    total_slots += n_f
    if total_slots != total_u:
        return -INFINITY
    if b.k > 30:
        return NAN
    n_g = _groups(unk, b, T.group_of, T.u, weigh.split if weigh != NULL else 0)
    if n_g > MAX_GROUPS + 1:
        return NAN
    consts = _lf(n_f) + _lf(T.u[0])
    for j in range(b.k):
        consts += _lf(b.size[j])
    for g in range(1, n_g):
        consts += _lf(T.u[g])
    for t in range(N_TYPES):
        consts -= _lf(unk[t])
    S = 1
    for g in range(1, n_g):
        T.radix[g] = T.u[g] + 1
        S *= T.radix[g]
        if S > MAX_DP:
            return NAN
    if S * (b.k + 1) > (MAX_WEIGHED_DP if weigh != NULL else MAX_DP):
        return NAN
    if S * (b.k + 1) <= 256:
        V = &T.small[0]
    else:
        V = <double*>malloc(S * (b.k + 1) * sizeof(double))
        if V == NULL:
            return NAN
    T.V = V
    for idx in range(S):
        _decode(idx, T.radix, n_g, r)
        csum = 0
        w = 0.0
        for g in range(1, n_g):
            csum += r[g]
            w -= _lf(r[g])
        f = n_f - csum
        V[b.k * S + idx] = exp(w - _lf(f)) if f >= 0 else 0.0
    for j in range(b.k - 1, -1, -1):
        if weigh != NULL and weigh.n:
            _apply_factors(V + (j + 1) * S, S, T, n_g, weigh, j)
        for g in range(1, n_g):
            T.allowed[j][g] = 0 if _group_barred(unk, T.group_of, g, b.mask[j]) else 1
        for idx in range(S):
            _decode(idx, T.radix, n_g, r)
            V[j * S + idx] = _bin_sum(V + (j + 1) * S, T.radix, n_g, r, T.allowed[j], b.size[j], NULL, 0.0)
    total = V[_encode(T.u, T.radix, n_g)]
    T.n_g = n_g
    T.S = S
    if total <= 0.0:
        return -INFINITY
    return consts + log(total)


cdef void _apply_factors(double* row, int S, Table* T, int n_g, Weigh* w, int j) noexcept nogil:
    """Weigh the states after bin ``j`` by the records whose held cards end there: (1 + play_more) / k, k = base +
    the record type's cards the bins so far took (its group's unseen cards less those left)."""
    cdef int e, idx, g
    cdef int r[N_TYPES + 1]
    for e in range(w.n):
        if w.after[e] != j:
            continue
        g = T.group_of[w.type[e]]
        for idx in range(S):
            _decode(idx, T.radix, n_g, r)
            row[idx] *= w.num[e] / (w.base[e] + T.u[g] - r[g])


cdef inline void _table_free(Table* T) noexcept nogil:
    if T.V != NULL and T.V != &T.small[0]:
        free(T.V)
    T.V = NULL


cdef void _table_deal(Table* T, int* unk, Bins* b, int n_players, Rng* rng, WyattEarpData* s,
                      Dealt* dealt) noexcept nogil:
    """Deal one split drawn with probability proportional to its weight from a table whose count is positive into
    ``s`` (hands, draw pile), and what each slot group got into ``dealt``."""
    cdef int j, g, csum, n_g = T.n_g, S = T.S
    cdef int r[N_TYPES + 1]
    cdef int c[N_TYPES + 1]
    cdef int took[MAX_BINS][MAX_GROUPS + 1]
    cdef double pick
    cdef double* V = T.V
    for g in range(n_g):
        r[g] = T.u[g]
    for j in range(b.k):
        pick = _uniform(rng) * V[j * S + _encode(r, T.radix, n_g)]
        _bin_sum(V + (j + 1) * S, T.radix, n_g, r, T.allowed[j], b.size[j], c, pick)
        csum = 0
        for g in range(1, n_g):
            took[j][g] = c[g]
            r[g] -= c[g]
            csum += c[g]
        took[j][0] = b.size[j] - csum
    _materialise(unk, b, n_players, T.group_of, n_g, took, rng, s, dealt)


cdef double _log_count(int* unk, Bins* b, int n_players, Rng* rng, WyattEarpData* s, bint deal,
                       Dealt* dealt=NULL, TypeCache* cache=NULL) noexcept nogil:
    """``_table``'s count; with ``deal``, also deals one split drawn with probability proportional to its weight
    into ``s`` (hands, draw pile), and what each slot group got into ``dealt`` (by rejection where the DP is too
    large: NaN if that found nothing).  With ``cache``, the table is the information set's if kept there (built
    and kept if not, within the budget)."""
    cdef Table T
    cdef Table* tp = &T
    cdef GroupEntry* E = NULL
    cdef int key[GROUP_KEY]
    cdef int n_key = 0
    cdef uint64_t h
    cdef double lc
    if cache != NULL:
        n_key = _group_key(unk, b, n_players, key)
    if n_key > 0:
        h = _hash(key, n_key * sizeof(int))
        E = &cache.group[h % GROUP_WAYS]
        _read(cache, E, sizeof(GroupEntry) - sizeof(E.T.small) + 8 * min(E.T.S * (b.k + 1), 256))
        if E.T.V != NULL and E.T.V != &E.T.small[0]:
            _read(cache, E.T.V, E.T.S * (b.k + 1) * sizeof(double))
        if not (E.n_key == n_key and E.hash == h and memcmp(E.key, key, n_key * sizeof(int)) == 0):
            if E.n_key:                                      # the table kept there makes way
                _table_free(&E.T)
                E.n_key = 0
                cache.total -= E.size
            E.lc = _table(unk, b, n_players, &E.T)
            E.size = E.T.S * (b.k + 1) if E.T.V != NULL and E.T.V != &E.T.small[0] else 0
            if cache.total + E.size > CACHE_BUDGET:
                _table_free(&E.T)
                E = NULL
            else:
                cache.total += E.size
                E.n_key = n_key
                E.hash = h
                memcpy(E.key, key, n_key * sizeof(int))
    if E != NULL:
        tp = &E.T
        lc = E.lc
    else:
        lc = _table(unk, b, n_players, &T)
    if lc != lc and tp.n_g == 0 and deal:
        if E == NULL:
            _table_free(&T)
        return _reject_deal(unk, b, n_players, rng, s, dealt)
    if deal and lc > -INFINITY and lc == lc:
        _table_deal(tp, unk, b, n_players, rng, s, dealt)
    if E == NULL:
        _table_free(&T)
    return lc


cdef int _group_key(int* unk, Bins* b, int n_players, int* key) noexcept nogil:
    """Into ``key``, all ``_table`` (unweighed) reads: the unseen cards, the bins' sizes and masks, the free slots
    in all; returns its length."""
    cdef int n = 0, t, j, n_f = 0
    for t in range(N_TYPES):
        key[n] = unk[t]
        n += 1
    for j in range(n_players + 1):
        n_f += b.free[j]
    key[n] = n_f
    key[n + 1] = b.k
    n += 2
    for j in range(b.k):
        key[n] = b.size[j]
        key[n + 1] = b.mask[j]
        n += 2
    return n


cdef inline void _decode(int idx, int* radix, int n_g, int* r) noexcept nogil:
    cdef int g
    for g in range(1, n_g):
        r[g] = idx % radix[g]
        idx //= radix[g]


cdef inline int _encode(int* r, int* radix, int n_g) noexcept nogil:
    cdef int g, idx = 0, stride = 1
    for g in range(1, n_g):
        idx += r[g] * stride
        stride *= radix[g]
    return idx


cdef inline bint _group_barred(int* unk, int* group_of, int g, int mask) noexcept nogil:
    cdef int t
    for t in range(PHOTO):
        if group_of[t] == g:
            return (mask >> t) & 1
    return False


cdef double _bin_sum(double* nxt, int* radix, int n_g, int* r, int* allowed, int size, int* chosen,
                     double pick) noexcept nogil:
    """Sum over the group counts c one bin of ``size`` slots can take (the rest from the free group) of
    prod 1/c_g! * 1/f! * nxt[r - c].  With ``chosen``: stop where the running sum passes ``pick`` and write c."""
    cdef int g, csum, f
    cdef int c[MAX_GROUPS + 1]
    cdef int rest[MAX_GROUPS + 1]
    cdef double total = 0.0, w
    for g in range(n_g):
        c[g] = 0
    while True:
        csum = 0
        w = 0.0
        for g in range(1, n_g):
            csum += c[g]
            w -= _lf(c[g])
            rest[g] = r[g] - c[g]
        f = size - csum
        if f >= 0:
            w = exp(w - _lf(f)) * nxt[_encode(rest, radix, n_g)]
            total += w
            if chosen != NULL and w > 0.0 and total > pick:
                for g in range(n_g):
                    chosen[g] = c[g]
                return total
        # odometer over the allowed groups, each up to what is left of it
        g = 1
        while g < n_g:
            if allowed[g] and c[g] < r[g] and c[g] < size:
                c[g] += 1
                break
            c[g] = 0
            g += 1
        if g >= n_g:
            break
    if chosen != NULL:                                   # rounding: the last positive term
        for g in range(n_g):
            chosen[g] = 0
        _bin_last(nxt, radix, n_g, r, allowed, size, chosen)
    return total


cdef void _bin_last(double* nxt, int* radix, int n_g, int* r, int* allowed, int size, int* chosen) noexcept nogil:
    cdef int g, csum
    cdef int c[MAX_GROUPS + 1]
    cdef int rest[MAX_GROUPS + 1]
    for g in range(n_g):
        c[g] = 0
    while True:
        csum = 0
        for g in range(1, n_g):
            csum += c[g]
            rest[g] = r[g] - c[g]
        if csum <= size and nxt[_encode(rest, radix, n_g)] > 0.0:
            for g in range(n_g):
                chosen[g] = c[g]
        g = 1
        while g < n_g:
            if allowed[g] and c[g] < r[g] and c[g] < size:
                c[g] += 1
                break
            c[g] = 0
            g += 1
        if g >= n_g:
            return


cdef void _shuffle(uint8_t* a, int n, Rng* rng) noexcept nogil:
    cdef int i, j
    cdef uint8_t x
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        x = a[i]
        a[i] = a[j]
        a[j] = x


cdef inline void _pick_front(uint8_t* a, int n, int k, Rng* rng) noexcept nogil:
    """a[:k] := k of the n cards, drawn uniformly in random order (the first k steps of a Fisher-Yates shuffle):
    what fills counted slots needs only those, and the last slots (the draw pile, a count) take the rest."""
    cdef int i, j
    cdef uint8_t x
    for i in range(min(k, n - 1)):
        j = i + rng_below(rng, n - i)
        x = a[i]
        a[i] = a[j]
        a[j] = x


cdef inline int _free_slots(Bins* b, int n_players) noexcept nogil:
    """The seats' free slots (``_deal_free`` fills them first, the draw pile takes what is left)."""
    cdef int p, n = 0
    for p in range(n_players):
        n += b.free[p]
    return n


cdef void _materialise(int* unk, Bins* b, int n_players, int* group_of, int n_g, int took[MAX_BINS][MAX_GROUPS + 1],
                       Rng* rng, WyattEarpData* s, Dealt* dealt) noexcept nogil:
    """Turn per-bin group counts into cards: each group's cards in random order go to the bins by their counts,
    what is left of all groups goes, in random order, to the free slots of each seat and to the draw pile."""
    cdef uint8_t cards[MAX_GROUPS + 1][N_CARDS]
    cdef int n_cards[MAX_GROUPS + 1]
    cdef int pos[MAX_GROUPS + 1]
    cdef int taken[MAX_GROUPS + 1]
    cdef uint8_t rest[N_CARDS]
    cdef int n_rest = 0, g, t, i, j, p, k
    for g in range(n_g):
        n_cards[g] = 0
        pos[g] = 0
        taken[g] = 0
    for t in range(N_TYPES):
        g = group_of[t]
        for i in range(unk[t]):
            cards[g][n_cards[g]] = t
            n_cards[g] += 1
    for j in range(b.k):
        for g in range(n_g):
            taken[g] += took[j][g]
    for g in range(n_g):
        _pick_front(cards[g], n_cards[g], taken[g], rng)
    for j in range(b.k):
        for g in range(n_g):
            for i in range(took[j][g]):
                s.hand[b.seat[j]][cards[g][pos[g]]] += 1
                dealt.bin[j][cards[g][pos[g]]] += 1
                pos[g] += 1
    for g in range(n_g):
        for i in range(pos[g], n_cards[g]):
            rest[n_rest] = cards[g][i]
            n_rest += 1
    _pick_front(rest, n_rest, _free_slots(b, n_players), rng)
    _deal_free(rest, n_rest, b, n_players, s, dealt)


cdef inline void _deal_free(uint8_t* rest, int n_rest, Bins* b, int n_players, WyattEarpData* s,
                            Dealt* dealt) noexcept nogil:
    """The free slots of each seat, then the draw pile, take ``rest`` in order."""
    _deal_free_to(rest, n_rest, b.free, n_players, s, dealt)


cdef void _deal_free_to(uint8_t* rest, int n_rest, int* free_slots, int n_players, WyattEarpData* s,
                        Dealt* dealt) noexcept nogil:
    """The ``free_slots`` of each seat, then the draw pile, take ``rest`` in order."""
    cdef int i = 0, p, k
    for p in range(n_players):
        for k in range(free_slots[p]):
            s.hand[p][rest[i]] += 1
            dealt.free[p][rest[i]] += 1
            i += 1
    while i < n_rest:
        s.draw[rest[i]] += 1
        s.draw_n += 1
        i += 1


cdef double _reject_deal(int* unk, Bins* b, int n_players, Rng* rng, WyattEarpData* s, Dealt* dealt) noexcept nogil:
    """More "no" patterns than the DP takes: deal uniformly and keep the first deal every tier allows (exact, but
    bounded: NaN if REJECT_TRIES deals all break a tier).  Returns 0.0 (a log weight the caller does not use)."""
    cdef uint8_t cards[N_CARDS]
    cdef int n = 0, t, i, j, k, tries, pos
    cdef bint ok
    for t in range(N_TYPES):
        for i in range(unk[t]):
            cards[n] = t
            n += 1
    for tries in range(REJECT_TRIES):
        _shuffle(cards, n, rng)
        ok = True
        pos = 0
        for j in range(b.k):
            for k in range(b.size[j]):
                if cards[pos] < PHOTO and (b.mask[j] >> cards[pos]) & 1:
                    ok = False
                pos += 1
        if ok:
            pos = 0
            for j in range(b.k):
                for k in range(b.size[j]):
                    s.hand[b.seat[j]][cards[pos]] += 1
                    dealt.bin[j][cards[pos]] += 1
                    pos += 1
            _deal_free(cards + pos, n - pos, b, n_players, s, dealt)
            return 0.0
    return NAN


cdef void _bins_of(WyattEarpData* v, int seat, Bins* b) noexcept nogil:
    """The hidden slots of the view: tiers of the other seats (constrained ones apart), and the draw pile."""
    cdef int p, i
    b.k = 0
    for p in range(MAX_PLAYERS + 1):
        b.free[p] = 0
    for p in range(v.n_players):
        if p == seat:
            continue
        for i in range(v.n_tiers[p]):
            if v.tier_mask[p][i] and b.k < MAX_BINS:
                b.tier_bin[p][i] = b.k
                b.size[b.k] = v.tier_n[p][i]
                b.mask[b.k] = v.tier_mask[p][i]
                b.seat[b.k] = p
                b.k += 1
            else:
                b.tier_bin[p][i] = -1
                b.free[p] += v.tier_n[p][i]
    b.free[v.n_players] = v.draw_n


cdef void _slot(Bins* b, int p, int mask, int n) noexcept nogil:
    """Seat ``p`` gets ``n`` (may be -1) more unseen slots that cannot be the outlaws of ``mask``."""
    cdef int j
    if mask == 0:
        b.free[p] += n
        return
    for j in range(b.k):
        if b.seat[j] == p and b.mask[j] == mask:
            b.size[j] += n
            return
    if b.k < MAX_BINS:
        b.size[b.k] = n
        b.mask[b.k] = mask
        b.seat[b.k] = p
        b.k += 1


cdef bint _draw_from_pool(WyattEarpData* v, int seat, WyattEarpData* s, int* unk, Bins* b, Rng* rng) noexcept nogil:
    """After the reshuffle the draw pile is part of the reshuffled pool (§12.4.5): draw it uniformly from the pool's
    cards that are unseen; they leave ``unk`` and the pile leaves the free slots."""
    cdef uint8_t pool[N_CARDS]
    cdef int n = 0, t, i, cap
    for t in range(N_TYPES):
        cap = v.resh_pool[t] - v.resh_out[t] - v.resh_drawn[seat][t]
        if cap > unk[t]:
            cap = unk[t]
        for i in range(cap):
            pool[n] = t
            n += 1
    if n < v.draw_n:
        return False
    _pick_front(pool, n, v.draw_n, rng)
    memset(s.draw, 0, sizeof(s.draw))
    for i in range(v.draw_n):
        s.draw[pool[i]] += 1
        unk[pool[i]] -= 1
    s.draw_n = v.draw_n
    b.free[v.n_players] = 0
    return True


cdef enum:
    PLAN_WAYS = 64          # seat layouts of the type DP one information set keeps (``Plan``, by hash)
    PLAN_KEY = 64           # the ints a layout depends on besides the view (``_plan_key``), at most
    TABLE_WAYS = 8192       # type DP tables one information set keeps (by hash of the layout and the pool's counts)
    CACHE_MAX = 32768       # doubles of the largest table kept
    CACHE_BUDGET = 1048576  # doubles of all the tables one information set keeps (8 MB)


cdef enum:
    MEMO_WAYS = 64          # weights of choices of searched cards one information set keeps (``_count``)
    MEMO_KEY = 176          # the numbers (bytes) such a weight depends on (``_count_key``), at most


cdef inline uint64_t _hash(const void* data, size_t n_bytes) noexcept nogil:
    """A 64-bit hash of a key (FNV-1a over its 8-byte words, four lanes at a time, then mixed; a match is then
    compared in full, so a collision costs only a comparison)."""
    cdef const uint64_t* w = <const uint64_t*>data
    cdef size_t i, n = n_bytes // 8
    cdef uint64_t h0 = 14695981039346656037ULL, h1 = 1, h2 = 2, h3 = 3, tail = 0
    i = 0
    while i + 4 <= n:
        h0 = (h0 ^ w[i]) * 1099511628211ULL
        h1 = (h1 ^ w[i + 1]) * 1099511628211ULL
        h2 = (h2 ^ w[i + 2]) * 1099511628211ULL
        h3 = (h3 ^ w[i + 3]) * 1099511628211ULL
        i += 4
    while i < n:
        h0 = (h0 ^ w[i]) * 1099511628211ULL
        i += 1
    if n_bytes % 8:
        memcpy(&tail, <const char*>data + 8 * n, n_bytes % 8)
        h1 = (h1 ^ tail) * 1099511628211ULL
    h0 = ((h0 * 31 + h1) * 31 + h2) * 31 + h3 + n_bytes
    h0 = (h0 ^ (h0 >> 33)) * 0xff51afd7ed558ccdULL         # mixed (MurmurHash3's finaliser): the low bits pick
    h0 = (h0 ^ (h0 >> 33)) * 0xc4ceb9fe1a85ec53ULL         # the way, and FNV's low bits see only low bits
    return h0 ^ (h0 >> 33)


cdef struct MemoEntry:                  # one of ``_count``'s results, keyed by everything it depends on
    int n_key                           # 0: empty
    uint64_t hash
    double lc
    int8_t key[MEMO_KEY]


cdef struct CountMemo:                  # ``_count``'s results (so never stale)
    MemoEntry e[MEMO_WAYS]


cdef enum:
    MAX_STATES = 4096       # fillings of one seat's slot groups the type DP (``_type_deal``) handles
    PLAN_BINS = 12          # slot groups of a type DP (each at least doubles its states)


cdef struct Plan:                       # seat p's type DP, all of it but the pool's counts (``_plan_build``)
    int ok                              # 0: p's slot groups have too many states (or out of memory)
    int k                               # p's slot groups (the bins of ``_layout``)
    int S                               # their fillings (mixed radix, size + 1 each)
    int full                            # the state with every group filled
    int free_p                          # p's free slots
    int n_items                         # card types that go together (a type a record reads is alone)
    int size[PLAN_BINS]
    int radix[PLAN_BINS]
    int stride[PLAN_BINS]               # of each group's digit in a state
    int item_of[N_TYPES]
    int pat[N_TYPES]                    # bit j: group j bars the item
    int by_item[N_TYPES]                # the types item by item, each item's in type order
    int item_start[N_TYPES + 1]         # item i's types: by_item[item_start[i]:item_start[i + 1]]
    int n_slots                         # the groups' slots in all (``_type_deal``'s uniform deals)
    uint8_t slot_mask[N_CARDS]          # the outlaws each slot bars, slot by slot (the groups in order)
    int n_rec                           # the records the DP weighs (``_type_deal``'s uniform deals)
    int rec_type[MAX_PLAYS]
    int rec_end[MAX_PLAYS]              # the record reads the first rec_end slots
    double rec_base[MAX_PLAYS]
    double* g                           # g[i * S + a]: the weight of item i's cards filling the slots ``a`` (a
                                        # state), but for its card count u: 1 / prod a_j!, times its records' factors


cdef struct PlanEntry:                  # a layout kept, keyed by all it depends on besides the view
    int n_key                           # 0: empty
    int size                            # its doubles (in the cache's ``total``)
    uint64_t hash
    uint64_t uid                        # its number (a table's key names it)
    Plan plan
    int key[PLAN_KEY]


cdef struct TableEntry:                 # a type DP table kept
    uint64_t key[4]                     # its layout's number, then n_items and the items' cards (bytes)
    double* V                           # NULL: empty
    int size


cdef enum:
    GROUP_WAYS = 16         # group DP tables one information set keeps (``_log_count``'s deals, by hash)
    GROUP_KEY = N_TYPES + 2 + 2 * MAX_BINS   # the ints such a table depends on (``_group_key``)


cdef struct GroupEntry:                 # a group DP table kept, keyed by all it depends on
    int n_key                           # 0: empty
    int size                            # its doubles outside the entry (in the cache's ``total``)
    uint64_t hash
    double lc                           # ``_table``'s result
    int key[GROUP_KEY]
    Table T


cdef enum:
    RECENT = 48             # entries the last sample read, fetched into the CPU cache as the next sample begins


cdef struct TypeCache:                  # type DP layouts and tables keyed by everything they depend on (never stale)
    int busy                            # a sample is using it (threads sharing the information set skip it)
    int n_recent
    const void* recent[RECENT]          # the memory the last sample read here (``_read``; maybe freed since)
    int recent_size[RECENT]
    int total                           # doubles of the layouts and tables kept
    uint64_t next_uid                   # layouts are numbered from 1 on
    CountMemo* memo                     # allocated on first use (NULL: none yet, or out of memory)
    PlanEntry plan[PLAN_WAYS]
    TableEntry table[TABLE_WAYS]
    GroupEntry group[GROUP_WAYS]


cdef extern from *:
    """
    static inline int _we_cache_lock(int* busy) { return __sync_lock_test_and_set(busy, 1) == 0; }
    static inline void _we_cache_unlock(int* busy) { __sync_lock_release(busy); }
    static inline int _we_cache_install(void** slot, void* fresh) {
        return __sync_bool_compare_and_swap(slot, (void*)0, fresh); }
    static inline void _we_prefetch(const void* p, size_t n) {
        const char* c = (const char*)p; size_t i; for (i = 0; i < n; i += 64) __builtin_prefetch(c + i); }
    """
    bint _we_cache_lock(int* busy) nogil
    void _we_cache_unlock(int* busy) nogil
    bint _we_cache_install(void** slot, void* fresh) nogil
    void _prefetch "_we_prefetch"(const void* p, size_t n) nogil     # a table kept is likely out of the cache


cdef inline bint _cache_lock(int* busy) noexcept nogil:
    return _we_cache_lock(busy)


cdef inline void _cache_unlock(int* busy) noexcept nogil:
    _we_cache_unlock(busy)


cdef inline bint _cache_install(TypeCache** slot, TypeCache* fresh) noexcept nogil:
    return _we_cache_install(<void**>slot, <void*>fresh)


cdef inline void _read(TypeCache* cache, const void* p, int size) noexcept nogil:
    """Note that this sample read ``size`` bytes at ``p`` of the cache (the next sample will likely read them
    again: ``_prefetch_recent``)."""
    if cache.n_recent < RECENT:
        cache.recent[cache.n_recent] = p
        cache.recent_size[cache.n_recent] = size
        cache.n_recent += 1


cdef void _prefetch_recent(TypeCache* cache) noexcept nogil:
    """Ask the CPU for what the last sample read of the cache, all at once: samples of one information set read
    much the same entries, and when a search's other work has pushed them out of the CPU cache, fetching them one
    by one as the sample finds it needs them costs more than the sample's work (a prefetch never faults, so a
    freed entry costs nothing)."""
    cdef int i
    for i in range(cache.n_recent):
        _prefetch(cache.recent[i], cache.recent_size[i])
    cache.n_recent = 0


cdef void _cache_free(TypeCache* cache) noexcept nogil:
    cdef int i
    if cache != NULL:
        for i in range(TABLE_WAYS):
            free(cache.table[i].V)
        for i in range(PLAN_WAYS):
            if cache.plan[i].n_key:
                _plan_free(&cache.plan[i].plan)
        for i in range(GROUP_WAYS):
            if cache.group[i].n_key:
                _table_free(&cache.group[i].T)
        free(cache.memo)
        free(cache)


cdef struct Ctx:                        # what the weights of a deal read besides its counts
    WyattEarpData* v
    int seat                            # the observer
    int wseat                           # the seat whose play records the whole deal is weighed by (-1: none)
    int off[MAX_PLAYERS][N_TYPES]       # searched cards of seat P read as held when it played its not-known T
    TypeCache* cache                    # the type DP's tables kept for the information set (NULL: none)


cdef inline bint _has_plays(WyattEarpData* v, int p) noexcept nogil:
    cdef int e
    for e in range(v.n_plays):
        if v.play_seat[e] == p:
            return True
    return False


cdef bint _add_bin(Bins* out, int* src, int size, int mask, int p, int j) noexcept nogil:
    if size <= 0:
        return True
    if out.k == MAX_BINS:
        return False
    out.size[out.k] = size
    out.mask[out.k] = mask
    out.seat[out.k] = p
    src[out.k] = j
    out.k += 1
    return True


cdef bint _layout(Ctx* c, int p, Bins* b, int others, Bins* out, int* src, Weigh* w) noexcept nogil:
    """out := seat p's slots with the cards its play records read first, then the bins of the seats of ``others``
    (bit q) as in ``b`` (src[j]: the bin of b, -1 for p's), their free slots and the draw pile; w := the records'
    factors.  p's slots: those its searched cards played since left (cards held when it played), then its tier
    cards oldest first, cut at each record's held count (within a tier the slots are alike, so the cut is a uniform
    choice of them), then the rest.  False if the bins do not fit."""
    cdef WyattEarpData* v = c.v
    cdef int i, j, e, q, t, start, stop, n_tier = 0, need = 0, n_extra = 0, in_tiers, cut
    cdef int tier_size[MAX_BINS]
    cdef int ends[MAX_PLAYS]
    out.k = 0
    w.n = 0
    w.split = 0
    for q in range(MAX_PLAYERS + 1):
        out.free[q] = 0
    out.free[v.n_players] = b.free[v.n_players]
    for j in range(b.k):
        tier_size[j] = 0
    in_tiers = 0
    for i in range(v.n_tiers[p]):
        n_tier += v.tier_n[p][i]
        if b.tier_bin[p][i] >= 0:
            tier_size[b.tier_bin[p][i]] += v.tier_n[p][i]
        else:
            in_tiers += v.tier_n[p][i]
    for j in range(b.k):                                     # slots of searched cards played since
        if b.seat[j] == p:
            n_extra += b.size[j] - tier_size[j]
            if not _add_bin(out, src, b.size[j] - tier_size[j], b.mask[j], p, -1):
                return False
    n_extra += b.free[p] - in_tiers
    if not _add_bin(out, src, b.free[p] - in_tiers, 0, p, -1):
        return False
    for e in range(v.n_plays):
        if v.play_seat[e] == p and w.n < MAX_PLAYS:
            cut = v.play_held[e] if v.play_held[e] < n_tier else n_tier
            if n_extra + cut == 0:
                continue
            need = cut if cut > need else need
            ends[w.n] = n_extra + cut
            t = v.play_type[e]
            w.type[w.n] = t
            w.num[w.n] = 1.0 + v.play_more[e]
            w.base[w.n] = 1.0 + v.play_more[e] + c.off[p][t]
            w.after[w.n] = out.k - 1                         # a cut at 0 reads the played-since slots only
            w.split |= 1 << t
            w.n += 1
    start = 0
    for i in range(v.n_tiers[p]):
        stop = start + v.tier_n[p][i]
        while start < stop and start < need:                 # the cards the records read, cut at their ends
            cut = stop if stop < need else need
            for e in range(w.n):
                if start < ends[e] - n_extra < cut:
                    cut = ends[e] - n_extra
            if not _add_bin(out, src, cut - start, v.tier_mask[p][i], p, -1):
                return False
            for e in range(w.n):
                if ends[e] - n_extra == cut:
                    w.after[e] = out.k - 1
            start = cut
        if b.tier_bin[p][i] >= 0:
            if not _add_bin(out, src, stop - start, v.tier_mask[p][i], p, -1):
                return False
        else:
            out.free[p] += stop - start
        start = stop
    for q in range(v.n_players):
        if q != p and (others >> q) & 1:
            out.free[q] = b.free[q]
            for j in range(b.k):
                if b.seat[j] == q and not _add_bin(out, src, b.size[j], b.mask[j], q, j):
                    return False
    return True


cdef double _weighed(Ctx* c, int p, int* pool, Bins* b, int others, WyattEarpData* s, Dealt* dealt, Rng* rng,
                     bint deal) noexcept nogil:
    """log of the deck orders in which ``pool`` fills seat p's slots and those of ``others`` (``_layout``), each
    weighed by p's play records; with ``deal``, also deals one drawn in proportion (into ``s`` and ``dealt``).  NaN
    where the DP is too large."""
    cdef Bins out
    cdef int src[MAX_BINS]
    cdef int j, q
    cdef Weigh w
    cdef Table T
    cdef Dealt again
    cdef double lc
    for j in range(b.k):
        if b.seat[j] != p and (others >> b.seat[j]) & 1:
            break
    else:                                                    # the others hold free slots only: the type DP
        lc = _type_deal(c, p, pool, b, others, s, dealt, rng, deal)
        if lc == lc:
            return lc
    if others & ~(1 << c.seat) & ~(1 << p) & ((1 << c.v.n_players) - 1):
        return NAN                                           # the caller tries again with fewer seats
    if not _layout(c, p, b, others, &out, src, &w):
        return NAN
    lc = _table(pool, &out, c.v.n_players, &T, &w)
    if deal and lc > -INFINITY and lc == lc:
        memset(&again, 0, sizeof(Dealt))
        _table_deal(&T, pool, &out, c.v.n_players, rng, s, &again)
        for j in range(out.k):
            if src[j] >= 0:
                dealt.bin[src[j]] = again.bin[j]
        for q in range(c.v.n_players):
            if q == p or (others >> q) & 1:
                dealt.free[q] = again.free[q]
    _table_free(&T)
    return lc


cdef double _count(Ctx* c, int* unk, Bins* b, WyattEarpData* s, Rng* rng) noexcept nogil:
    """The weight of one choice of the searched cards: the weighed deals it leaves (``_weighed``, or ``_log_count``
    where no seat is weighed or its DP is too large) over the orders of the hidden hands' slots (a hand is a set,
    and a searched card played since adds a slot to its searcher's hand)."""
    cdef double lc = NAN
    cdef int j, q, e = -1, n_key = 0
    cdef int slots[MAX_PLAYERS]
    cdef int8_t key[MEMO_KEY]
    cdef uint64_t h
    cdef CountMemo* memo = NULL
    if c.cache != NULL:                                      # the same counts give the same weight: look it up
        if c.cache.memo == NULL:
            c.cache.memo = <CountMemo*>calloc(1, sizeof(CountMemo))
        n_key = _count_key(c, unk, b, key)
        if n_key > 0:
            memo = c.cache.memo
    if memo != NULL:
        h = _hash(key, n_key)
        e = h % MEMO_WAYS
        _read(c.cache, &memo.e[e], sizeof(MemoEntry))
        if memo.e[e].n_key == n_key and memo.e[e].hash == h and memcmp(memo.e[e].key, key, n_key) == 0:
            return memo.e[e].lc
    if c.wseat >= 0:
        lc = _weighed(c, c.wseat, unk, b, 0xFF, s, NULL, rng, False)
    if lc != lc:
        lc = _log_count(unk, b, c.v.n_players, rng, s, False)
    for q in range(c.v.n_players):
        slots[q] = b.free[q]
    for j in range(b.k):
        slots[b.seat[j]] += b.size[j]
    for q in range(c.v.n_players):
        lc -= _lf(slots[q])
    if e >= 0:
        memo.e[e].n_key = n_key
        memo.e[e].hash = h
        memo.e[e].lc = lc
        memcpy(memo.e[e].key, key, n_key)
    return lc


cdef int _count_key(Ctx* c, int* unk, Bins* b, int8_t* key) noexcept nogil:
    """Into ``key``, all ``_count`` reads besides the view (and the tiers' bins, which the view fixes): the weighed
    seat and its searched cards read as held, the unseen cards and the slots, a byte each; returns its length (0:
    too long to keep, or a number beyond a byte)."""
    cdef int n = 0, t, j, q, bad = 0
    cdef int n_players = c.v.n_players
    if 2 * N_TYPES + 2 + 3 * b.k + n_players + 1 > MEMO_KEY:
        return 0
    key[n] = c.wseat
    n += 1
    for t in range(N_TYPES):
        key[n] = unk[t]
        key[n + N_TYPES] = c.off[c.wseat][t] if c.wseat >= 0 else 0
        bad |= key[n] != unk[t] or key[n + N_TYPES] != (c.off[c.wseat][t] if c.wseat >= 0 else 0)
        n += 1
    n += N_TYPES
    key[n] = b.k
    n += 1
    for j in range(b.k):
        key[n] = b.size[j]
        key[n + 1] = b.mask[j]
        key[n + 2] = b.seat[j]
        bad |= key[n] != b.size[j] or key[n + 1] != b.mask[j]
        n += 3
    for q in range(n_players + 1):
        key[n] = b.free[q]
        bad |= key[n] != b.free[q]
        n += 1
    return 0 if bad else n


cdef inline bint _next_sub(int* a, int k, int* room, int* stride, int* step, int* tot, int u) noexcept nogil:
    """The next allocation a <= room with at most u cards (odometer, the first group fastest), keeping its state
    ``step`` and its cards ``tot``; False when done (a, step and tot back at 0)."""
    cdef int j = 0
    while j < k:
        if a[j] < room[j] and tot[0] < u:
            a[j] += 1
            step[0] += stride[j]
            tot[0] += 1
            return True
        step[0] -= a[j] * stride[j]
        tot[0] -= a[j]
        a[j] = 0
        j += 1
    return False


cdef inline void _plan_free(Plan* P) noexcept nogil:
    free(P.g)
    P.g = NULL


cdef inline void _item_room(Plan* P, int i, int* limit, int* room) noexcept nogil:
    """room := ``limit`` in the groups item i may take, 0 in those that bar it."""
    cdef int j
    for j in range(P.k):
        room[j] = 0 if (P.pat[i] >> j) & 1 else limit[j]


cdef void _plan_build(Ctx* c, int p, Bins* b, Plan* P) noexcept nogil:
    """P := seat p's type DP but for the pool (``_type_deal``): p's slot groups (``_layout``), the items (a type some
    record reads alone, the others together by the groups that bar them) and the weight of each way an item's
    cards can take slots of the groups (the rest free) but for the item's card count u: 1 / prod a_j!, times the
    factors of its records at their cuts (1 / (u - sum a)! is the table's, ``_plan_table``).  P.ok is 0 if the
    groups have too many states."""
    cdef Bins out
    cdef int src[MAX_BINS]
    cdef Weigh w
    cdef int i, j, t, e, m, pat, upto, step, tot, S = 1
    cdef int item_type[N_TYPES]                 # the type of a split item, -1 for a group
    cdef int n_rec[N_TYPES]
    cdef int rec_after[N_TYPES][MAX_PLAYS]
    cdef double rec_num[N_TYPES][MAX_PLAYS]
    cdef double rec_base[N_TYPES][MAX_PLAYS]
    cdef int room[PLAN_BINS]
    cdef int a[PLAN_BINS]
    cdef double f
    P.ok = 0
    P.g = NULL
    if not _layout(c, p, b, 0, &out, src, &w) or out.k > PLAN_BINS:
        return
    P.n_slots = 0
    for j in range(out.k):
        P.n_slots += out.size[j]
    if P.n_slots > N_CARDS:
        return
    P.k = out.k
    P.free_p = out.free[p]
    P.full = 0
    for j in range(out.k):
        P.size[j] = out.size[j]
        P.radix[j] = out.size[j] + 1
        P.stride[j] = S
        P.full += out.size[j] * S
        S *= P.radix[j]
        if S > MAX_STATES:
            return
    P.S = S
    P.n_slots = 0
    for j in range(out.k):
        for i in range(out.size[j]):
            P.slot_mask[P.n_slots] = out.mask[j]
            P.n_slots += 1
    P.n_rec = 0
    for e in range(w.n):
        if w.after[e] >= 0:
            P.rec_type[P.n_rec] = w.type[e]
            P.rec_base[P.n_rec] = w.base[e]
            P.rec_end[P.n_rec] = 0
            for j in range(w.after[e] + 1):
                P.rec_end[P.n_rec] += out.size[j]
            P.n_rec += 1
    P.n_items = 0
    for t in range(N_TYPES):
        pat = 0
        if t < PHOTO:
            for j in range(out.k):
                if (out.mask[j] >> t) & 1:
                    pat |= 1 << j
        P.item_of[t] = -1
        if (w.split >> t) & 1:
            P.item_of[t] = P.n_items
        else:
            for i in range(P.n_items):
                if item_type[i] < 0 and P.pat[i] == pat:
                    P.item_of[t] = i
                    break
            else:
                P.item_of[t] = P.n_items
        if P.item_of[t] == P.n_items:
            P.pat[P.n_items] = pat
            item_type[P.n_items] = t if (w.split >> t) & 1 else -1
            P.n_items += 1
    m = 0
    for i in range(P.n_items):
        n_rec[i] = 0
        P.item_start[i] = m
        for t in range(N_TYPES):
            if P.item_of[t] == i:
                P.by_item[m] = t
                m += 1
    P.item_start[P.n_items] = m
    for e in range(w.n):
        if w.after[e] >= 0:
            i = P.item_of[w.type[e]]
            rec_after[i][n_rec[i]] = w.after[e]
            rec_num[i][n_rec[i]] = w.num[e]
            rec_base[i][n_rec[i]] = w.base[e]
            n_rec[i] += 1
    P.g = <double*>malloc(P.n_items * S * sizeof(double) + 1)
    if P.g == NULL:
        return
    memset(P.g, 0, P.n_items * S * sizeof(double))
    for i in range(P.n_items):
        _item_room(P, i, P.size, room)
        for j in range(out.k):
            a[j] = 0
        step = 0
        tot = 0
        while True:
            f = 1.0
            for j in range(out.k):
                f *= _INV_FACT[a[j]]
            for e in range(n_rec[i]):
                upto = 0
                for j in range(rec_after[i][e] + 1):
                    upto += a[j]
                f *= rec_num[i][e] / (rec_base[i][e] + upto)
            P.g[i * S + step] = f
            if not _next_sub(a, out.k, room, P.stride, &step, &tot, N_CARDS):
                break
    P.ok = 1


cdef int _plan_key(Ctx* c, int p, Bins* b, int* key) noexcept nogil:
    """Into ``key``, all a layout (``_plan_build``) reads besides the view: the seat, its free slots and its bins
    in order, the searched cards read as held at its records; returns its length (0: too long to keep)."""
    cdef int n = 2, j, t
    key[0] = p
    key[1] = b.free[p]
    for j in range(b.k):
        if b.seat[j] == p:
            if n + 2 + N_TYPES > PLAN_KEY:
                return 0
            key[n] = b.size[j]
            key[n + 1] = b.mask[j]
            n += 2
    for t in range(N_TYPES):
        key[n] = c.off[p][t]
        n += 1
    return n


cdef Plan* _plan_of(Ctx* c, int p, Bins* b, Plan* local, uint64_t* uid) noexcept nogil:
    """Seat p's layout: the information set's if kept (built and kept if not, within the budget), else built into
    ``local`` (returned; the caller frees it); ``uid`` := its number in the cache (0: not kept)."""
    cdef int key[PLAN_KEY]
    cdef int n_key = 0, size
    cdef uint64_t h
    cdef PlanEntry* E
    uid[0] = 0
    if c.cache != NULL:
        n_key = _plan_key(c, p, b, key)
    if n_key == 0:
        _plan_build(c, p, b, local)
        return local
    h = _hash(key, n_key * sizeof(int))
    E = &c.cache.plan[h % PLAN_WAYS]
    _read(c.cache, E, sizeof(PlanEntry))
    if E.n_key == n_key and E.hash == h and memcmp(E.key, key, n_key * sizeof(int)) == 0:
        uid[0] = E.uid
        _read(c.cache, E.plan.g, E.plan.n_items * E.plan.S * sizeof(double))
        return &E.plan
    if E.n_key:                                              # the layout kept there makes way
        _plan_free(&E.plan)
        E.n_key = 0
        c.cache.total -= E.size
    _plan_build(c, p, b, local)
    size = local.n_items * local.S if local.ok else 0
    if c.cache.total + size > CACHE_BUDGET:
        return local
    E.plan = local[0]
    E.size = size
    c.cache.total += size
    c.cache.next_uid += 1
    E.uid = c.cache.next_uid
    E.n_key = n_key
    E.hash = h
    memcpy(E.key, key, n_key * sizeof(int))
    uid[0] = E.uid
    return &E.plan


cdef double* _plan_table(Plan* P, int* item_u) noexcept nogil:
    """The type DP's table for the items' card counts ``item_u``: V[i * S + idx], the weight of the first i items
    filling the slots ``idx``; malloc'd, NULL if out of memory."""
    cdef int S = P.S, k = P.k, i, j, idx, u, step, tot
    cdef int used[PLAN_BINS]
    cdef int left[PLAN_BINS]
    cdef int room[PLAN_BINS]
    cdef int a[PLAN_BINS]
    cdef double x
    cdef double* V = <double*>malloc((P.n_items + 1) * S * sizeof(double))
    cdef double* row
    cdef double* g
    if V == NULL:
        return NULL
    for idx in range(S):
        V[idx] = 0.0
    V[0] = 1.0
    for j in range(k):
        a[j] = 0
    for i in range(P.n_items):
        row = V + (i + 1) * S
        g = P.g + i * S
        u = item_u[i]
        for idx in range(S):
            row[idx] = 0.0
        for idx in range(S):
            x = V[i * S + idx]
            if x == 0.0:
                continue
            _decode_bins(idx, P.radix, k, used)
            for j in range(k):
                left[j] = P.size[j] - used[j]
            _item_room(P, i, left, room)
            step = 0
            tot = 0
            while True:                                      # the item's allocations that fit, in odometer order
                row[idx + step] += x * (g[step] * _INV_FACT[u - tot])
                if not _next_sub(a, k, room, P.stride, &step, &tot, u):
                    break
    return V


cdef double* _table_of(Ctx* c, Plan* P, uint64_t uid, int* item_u, bint* owned) noexcept nogil:
    """The table of layout ``P`` for ``item_u``: the information set's if kept (built and kept if not, within the
    budget), else built (``owned``: the caller frees it).  NULL if out of memory."""
    cdef uint64_t key[4]
    cdef uint8_t* u8 = <uint8_t*>&key[1]
    cdef int i, size = (P.n_items + 1) * P.S
    cdef double* V
    cdef TableEntry* E
    owned[0] = True
    if uid == 0 or size > CACHE_MAX:
        return _plan_table(P, item_u)
    key[0] = uid
    key[1] = key[2] = key[3] = 0
    u8[0] = P.n_items
    for i in range(P.n_items):
        u8[1 + i] = item_u[i]
    E = &c.cache.table[_hash(key, sizeof(key)) % TABLE_WAYS]
    _read(c.cache, E, sizeof(TableEntry))
    if E.V != NULL and memcmp(E.key, key, sizeof(key)) == 0:
        owned[0] = False
        _read(c.cache, E.V, size * sizeof(double))
        return E.V
    V = _plan_table(P, item_u)
    if V == NULL:
        return NULL
    if E.V != NULL:                                          # the table kept there makes way
        free(E.V)
        E.V = NULL
        c.cache.total -= E.size
    if c.cache.total + size <= CACHE_BUDGET:
        E.V = V
        E.size = size
        c.cache.total += size
        memcpy(E.key, key, sizeof(key))
        owned[0] = False
    return V


cdef enum:
    UNIFORM_TRIES = 16      # uniform deals ``_uniform_deal`` tries before the type DP draws one


cdef bint _uniform_deal(Plan* P, int p, int* pool, int others, int* free_slots, int n_players, WyattEarpData* s,
                        Dealt* dealt, Rng* rng) noexcept nogil:
    """``_type_deal``'s deal by rejection: every ordered deal of the pool's cards to p's slots (the groups in order)
    is equally likely, and one is kept with probability prod base / (base + k) over the records (k: the record
    type's cards in the slots it reads; the DP's factor (1 + play_more) / (base + k) over its largest) if no slot
    holds an outlaw it bars: so a kept deal is drawn exactly as the DP draws one, at the cost of a few shuffles and
    no table.  The rest goes to the free slots of p and of ``others``, then the draw pile.  False (nothing dealt)
    if UNIFORM_TRIES deals were all turned down (the caller then draws from the DP: still exact, as a try never
    depends on the ones before)."""
    cdef uint8_t cards[N_CARDS]
    cdef int n_cards = 0, t, m, e, i, q, upto, n_free = 0, tries
    cdef double keep
    cdef bint fits = False
    for t in range(N_TYPES):
        for m in range(pool[t]):
            cards[n_cards] = t
            n_cards += 1
    if n_cards < P.n_slots:
        return False
    for tries in range(UNIFORM_TRIES):
        _pick_front(cards, n_cards, P.n_slots, rng)
        for i in range(P.n_slots):
            if cards[i] < PHOTO and (P.slot_mask[i] >> cards[i]) & 1:
                break
        else:
            keep = 1.0
            for e in range(P.n_rec):
                upto = 0
                for i in range(P.rec_end[e]):
                    upto += cards[i] == P.rec_type[e]
                keep *= P.rec_base[e] / (P.rec_base[e] + upto)
            if keep >= 1.0 or _uniform(rng) < keep:
                fits = True
                break
    if not fits:
        return False
    for i in range(P.n_slots):
        s.hand[p][cards[i]] += 1
    for q in range(n_players):
        if q == p or (others >> q) & 1:
            memset(dealt.free[q], 0, sizeof(dealt.free[q]))
        n_free += free_slots[q]
    _pick_front(cards + P.n_slots, n_cards - P.n_slots, n_free, rng)
    _deal_free_to(cards + P.n_slots, n_cards - P.n_slots, free_slots, n_players, s, dealt)
    return True


cdef double _type_deal(Ctx* c, int p, int* pool, Bins* b, int others, WyattEarpData* s, Dealt* dealt,
                       Rng* rng, bint deal) noexcept nogil:
    """Seat p's hidden cards dealt from ``pool`` weighed by its play records, by a DP over card types (each type's
    cards spread over p's slot groups; the state: how many slots of each group are filled; the types no record
    reads go together by the groups that bar them), for where the group DP is too large.  The rest goes to the
    free slots of the seats of ``others`` and the draw pile.  Returns the log of the weighed deck orders (as
    ``_table``); -inf if no deal fits; NaN if p's slot groups have too many states.  With ``deal``, deals one
    drawn in proportion (into ``s`` and ``dealt``) and returns 0.0 instead of the count (its callers read only
    whether a deal fits)."""
    cdef Plan local
    cdef Plan* P
    cdef uint64_t uid
    cdef int i, j, t, q, m, idx, pos, u, n_cards, n_rest = 0, k, n_free, step, tot, took
    cdef int item_u[N_TYPES]
    cdef int took_n[N_TYPES]
    cdef int used[PLAN_BINS]
    cdef int room[PLAN_BINS]
    cdef int a[PLAN_BINS]
    cdef int free_slots[MAX_PLAYERS + 1]
    cdef uint8_t cards[N_CARDS]
    cdef uint8_t rest[N_CARDS]
    cdef double* V
    cdef double* g
    cdef bint owned
    cdef double pick, x, lc = 0.0
    P = _plan_of(c, p, b, &local, &uid)
    if not P.ok:
        if P == &local:
            _plan_free(&local)
        return NAN
    k = P.k
    for q in range(c.v.n_players + 1):
        free_slots[q] = 0
    free_slots[p] = P.free_p
    free_slots[c.v.n_players] = b.free[c.v.n_players]
    for q in range(c.v.n_players):
        if q != p and (others >> q) & 1:
            free_slots[q] = b.free[q]
    if deal and _UNIFORM[0] and _uniform_deal(P, p, pool, others, free_slots, c.v.n_players, s, dealt, rng):
        if P == &local:
            _plan_free(&local)
        return 0.0
    if deal:
        _prefetch(P.g, P.n_items * P.S * sizeof(double))
    for i in range(P.n_items):
        item_u[i] = 0
    for t in range(N_TYPES):
        item_u[P.item_of[t]] += pool[t]
    V = _table_of(c, P, uid, item_u, &owned)
    if V == NULL:
        if P == &local:
            _plan_free(&local)
        return NAN
    if deal:
        _prefetch(V, (P.n_items + 1) * P.S * sizeof(double))
    if not V[P.n_items * P.S + P.full] > 0.0:
        lc = -INFINITY
    elif not deal:
        lc = log(V[P.n_items * P.S + P.full])
        for j in range(k):
            lc += _lf(P.size[j])
        n_free = 0
        for q in range(c.v.n_players + 1):
            n_free += free_slots[q]
        lc += _lf(n_free)
        for i in range(P.n_items):
            lc += _lf(item_u[i])
        for t in range(N_TYPES):
            lc -= _lf(pool[t])
    else:
        idx = P.full                                         # draw the allocations back, last item first
        for j in range(k):
            a[j] = 0
        for i in range(P.n_items - 1, -1, -1):
            pick = _uniform(rng) * V[(i + 1) * P.S + idx]
            u = item_u[i]
            g = P.g + i * P.S
            _decode_bins(idx, P.radix, k, used)
            _item_room(P, i, used, room)
            step = 0
            tot = 0
            took = 0
            took_n[i] = 0
            while True:                                      # the allocations that fit, in odometer order
                x = V[i * P.S + idx - step] * (g[step] * _INV_FACT[u - tot])
                if x > 0.0:
                    took = step
                    took_n[i] = tot
                    if pick < x:
                        break
                    pick -= x
                if not _next_sub(a, k, room, P.stride, &step, &tot, u):
                    break
            for j in range(k):
                a[j] = 0
            idx -= took
        for q in range(c.v.n_players):
            if q == p or (others >> q) & 1:
                memset(dealt.free[q], 0, sizeof(dealt.free[q]))
        for i in range(P.n_items):                           # each item's cards in random order to p's groups
            n_cards = 0
            for j in range(P.item_start[i], P.item_start[i + 1]):
                t = P.by_item[j]
                for m in range(pool[t]):
                    cards[n_cards] = t
                    n_cards += 1
            m = took_n[i]
            _pick_front(cards, n_cards, m, rng)
            for pos in range(m):
                s.hand[p][cards[pos]] += 1
            for pos in range(m, n_cards):
                rest[n_rest] = cards[pos]
                n_rest += 1
        n_free = 0
        for q in range(c.v.n_players):
            n_free += free_slots[q]
        _pick_front(rest, n_rest, n_free, rng)
        _deal_free_to(rest, n_rest, free_slots, c.v.n_players, s, dealt)
    if owned:
        free(V)
    if P == &local:
        _plan_free(&local)
    return lc


cdef inline void _decode_bins(int idx, int* radix, int n, int* used) noexcept nogil:
    cdef int j
    for j in range(n):
        used[j] = idx % radix[j]
        idx //= radix[j]


cdef bint _redeal(Ctx* c, int p, Bins* b, int others, WyattEarpData* s, Dealt* dealt, Rng* rng) noexcept nogil:
    """Deal seat p's hidden cards, those of the seats of ``others`` and the draw pile again from what they hold
    together, weighed by p's play records (exact given the other hands).  False (nothing changed) if the DP is too
    large."""
    cdef int pool[N_TYPES]
    cdef int t, j, q
    cdef double lc
    cdef uint8_t keep_hand[MAX_PLAYERS][N_TYPES]
    cdef uint8_t keep_draw[N_TYPES]
    cdef int keep_n = s.draw_n
    memcpy(keep_hand, s.hand, sizeof(keep_hand))             # a deal that fails changes only these (and nothing
    memcpy(keep_draw, s.draw, sizeof(keep_draw))             # of ``dealt``)
    for t in range(N_TYPES):
        pool[t] = s.draw[t]
        s.draw[t] = 0
    s.draw_n = 0
    for q in range(c.v.n_players):
        if q == p or (others >> q) & 1:
            for t in range(N_TYPES):
                pool[t] += dealt.free[q][t]
                s.hand[q][t] -= dealt.free[q][t]
    for j in range(b.k):
        q = b.seat[j]
        if q == p or (others >> q) & 1:
            for t in range(N_TYPES):
                pool[t] += dealt.bin[j][t]
                s.hand[q][t] -= dealt.bin[j][t]
    lc = _weighed(c, p, pool, b, others, s, dealt, rng, True)
    if lc != lc:
        for j in range(b.k):                                 # the type DP: the others' free slots only
            q = b.seat[j]
            if q != p and (others >> q) & 1:
                for t in range(N_TYPES):
                    pool[t] -= dealt.bin[j][t]
                    s.hand[q][t] += dealt.bin[j][t]
        lc = _type_deal(c, p, pool, b, others, s, dealt, rng, True)
    if lc > -INFINITY and lc == lc:
        return True
    memcpy(s.hand, keep_hand, sizeof(keep_hand))
    memcpy(s.draw, keep_draw, sizeof(keep_draw))
    s.draw_n = keep_n
    return False


cdef bint _sample(WyattEarpData* v, int seat, WyattEarpData* s, Rng* rng, TypeCache* cache) noexcept nogil:
    """``_sample_once`` (which weighs one seat's play records with the whole deal), then each other seat with play
    records dealt again with what the seats without records and the draw pile hold (``_redeal``).  After a
    reshuffle the choices of searched cards do not weigh the pool (an approximation), so a choice the pool cannot
    complete is drawn again (a bounded number of times)."""
    cdef int attempt, p, q, plain = 0
    cdef Bins b
    cdef Dealt dealt
    cdef Ctx c
    for attempt in range(32 if v.reshuffled else 1):
        memset(&dealt, 0, sizeof(Dealt))
        if _sample_once(v, seat, s, rng, &b, &dealt, &c, cache):
            break
    else:
        return False
    if v.n_plays and not v.reshuffled:
        for q in range(v.n_players):
            if q != seat and not _has_plays(v, q):
                plain |= 1 << q
        for p in range(v.n_players):
            if p != seat and p != c.wseat and _has_plays(v, p):
                if not _redeal(&c, p, &b, plain, s, &dealt, rng) and not _redeal(&c, p, &b, 0, s, &dealt, rng):
                    _UNWEIGHED[0] += 1                       # a DP too large even for p alone: p not weighed
    return True


cdef bint _CACHES[1]                        # samples use the information set's tables and weights (``use_caches``)
_CACHES[0] = True


def use_caches(on: bool) -> None:
    """Let samples keep and reuse the type DP's tables and the weights of searched cards (the default), or not:
    for the test that the caches never change a sample."""
    _CACHES[0] = on


cdef bint _UNIFORM[1]                       # the type DP's deals tried by rejection first (``use_uniform_deals``)
_UNIFORM[0] = True


def use_uniform_deals(on: bool) -> None:
    """Let the type DP's deals be drawn by rejection from uniform deals first (the default), or always from the
    DP's table: for the test that both draw alike."""
    _UNIFORM[0] = on


cdef long _UNWEIGHED[1]                     # seats whose play records a sample left unweighed (see ``unweighed``)
_UNWEIGHED[0] = 0


def unweighed() -> int:
    """How many times, in this process, a sample left a seat's play records unweighed (its DP too large even for
    the seat alone and the draw pile): the measured bound of the sampler's exactness (tests read it)."""
    return _UNWEIGHED[0]


cdef long _UNSETTLED[1]                     # searched cards' choices drawn by the pile alone (see ``unsettled``)
_UNSETTLED[0] = 0


def unsettled() -> int:
    """How many times, in this process, a sample found too many choices of the searched cards that must settle a
    view (``_settle``: more than SETTLE_LEAVES) to weigh them, and drew one that leaves a deal by the pile alone."""
    return _UNSETTLED[0]


cdef int _weighed_seat(WyattEarpData* v, int seat) noexcept nogil:
    """The seat whose play records weigh the whole deal (and the choices of searched cards): a searcher that played
    a card its searched card may have been, else the first other seat with play records; -1 if none."""
    cdef int k, p
    if v.reshuffled:
        return -1
    for k in range(v.n_searches):
        p = v.search_seat[k]
        if p != seat and v.search_gone[k] and _has_plays(v, p):
            return p
    for p in range(v.n_players):
        if p != seat and _has_plays(v, p):
            return p
    return -1


cdef inline void _read_held(Ctx* c, int p, int t, int k, int n) noexcept nogil:
    """Searched card ``k`` of p is read as a ``t`` held when p played its not-known t (``n``: +1 or -1)."""
    if (c.v.search_gone[k] >> t) & 1:
        c.off[p][t] += n


cdef bint _sample_once(WyattEarpData* v, int seat, WyattEarpData* s, Rng* rng, Bins* bout,
                       Dealt* dealt, Ctx* c, TypeCache* cache) noexcept nogil:
    """A full state consistent with view ``v`` of ``seat`` (§12.4), written into ``s``, or False if none is.

    Each searched card ``seat`` did not see is one of the pile's cards (never its top, never a Wyatt Earp), each
    equally likely a priori; it is still in the searcher's hand, or, if the searcher has played a card of its type
    since without anyone knowing which, it may have been that one.  Those options are weighed by the deals they
    leave (``_count``): first those of the cards that must settle a double count or a card that cannot be held
    (``_settle``), then the seen ones, then the other unseen ones; then the unseen cards are dealt exactly (weighed by
    the play records of ``c.wseat``)."""
    cdef int t, k, i, p, choice
    cdef int unk[N_TYPES]
    cdef int extra[N_TYPES]
    cdef int taken[N_TYPES]
    cdef int held[MAX_SEARCHES]
    cdef int gone_used[MAX_PLAYERS]
    cdef double lw[2]
    cdef double top
    cdef Bins b
    memset(gone_used, 0, sizeof(gone_used))
    memset(c, 0, sizeof(Ctx))
    c.v = v
    c.seat = seat
    c.cache = cache
    c.wseat = _weighed_seat(v, seat)
    s[0] = v[0]
    memset(s.events, 0, sizeof(s.events))
    s.n_events = 0
    memset(s.draw, 0, sizeof(s.draw))
    s.draw_n = 0
    card_totals(s, unk)
    for t in range(N_TYPES):
        unk[t] = type_count(t) - unk[t]
    _bins_of(v, seat, &b)
    memset(taken, 0, sizeof(taken))
    memset(held, 0, sizeof(held))
    # searched cards this seat saw taken: pictured held (their cards leave the unseen ones)
    for k in range(v.n_searches):
        if v.search_seat[k] != seat and v.search_held[k] and v.search_type[k] != NO_CARD:
            unk[v.search_type[k]] -= 1
            held[k] = 1
            _read_held(c, v.search_seat[k], v.search_type[k], k, 1)
    if _constrained(v, seat, unk):
        # the view counts a type more often than it exists, or a searched card must have been played since: the
        # searched cards that settle it are weighed together first (``_settle``)
        if not _settle(v, seat, s, unk, &b, taken, held, gone_used, c, rng):
            return False
    # each seen searched card weighed between held and played since, then the unseen ones
    for k in range(v.n_searches):
        if not held[k]:
            continue
        p = v.search_seat[k]
        t = v.search_type[k]
        lw[0] = _count(c, unk, &b, s, rng)
        lw[1] = -INFINITY
        if (v.search_gone[k] >> t) & 1 and not (gone_used[p] >> t) & 1:
            unk[t] += 1
            _slot(&b, p, v.search_mask[k], 1)
            _read_held(c, p, t, k, -1)
            lw[1] = _count(c, unk, &b, s, rng)
            _read_held(c, p, t, k, 1)
            unk[t] -= 1
            _slot(&b, p, v.search_mask[k], -1)
        choice = _pick(lw, 2, rng)
        if choice < 0:
            return False
        if choice == 0:
            s.hand[p][t] += 1
        else:
            unk[t] += 1
            _slot(&b, p, v.search_mask[k], 1)
            gone_used[p] |= 1 << t
            _read_held(c, p, t, k, -1)
    i = _joint(v, seat, s, unk, &b, taken, gone_used, c, rng)   # the other unseen ones, weighed together
    if i == 0:
        return False
    for k in range(v.n_searches):                            # too many together: one after the other
        if i < 0 and v.search_seat[k] != seat and v.search_type[k] == NO_CARD and s.search_type[k] == NO_CARD:
            if not _place_unseen(v, s, k, unk, &b, taken, rng, gone_used, c):
                return False
    for k in range(v.n_searches):
        if v.search_seat[k] != seat and v.search_type[k] == NO_CARD:
            _take_from_pile(s, k, rng)
    if v.reshuffled:
        for i in range(8):
            memcpy(extra, unk, sizeof(unk))
            if not _draw_from_pool(v, seat, s, extra, &b, rng):
                return False
            top = _log_count(extra, &b, v.n_players, rng, s, True, dealt, cache)
            if top > -INFINITY and top == top:
                bout[0] = b
                return True
            b.free[v.n_players] = v.draw_n
        return False
    top = NAN
    if c.wseat >= 0:
        top = _weighed(c, c.wseat, unk, &b, 0xFF, s, dealt, rng, True)
    if top != top:
        if c.wseat >= 0:
            c.wseat = -1                                     # a DP too large: the seat is dealt again later
        top = _log_count(unk, &b, v.n_players, rng, s, True, dealt, cache)
    bout[0] = b
    return top > -INFINITY and top == top


cdef enum:
    MAX_LEAVES = 64         # choices of the unseen searched cards weighed jointly; beyond, one after the other


cdef struct Joint:                      # the unseen searched cards weighed together (``_joint``)
    int n
    int ks[MAX_SEARCHES]
    int n_leaf
    double lw[MAX_LEAVES]
    uint8_t opt[MAX_LEAVES][MAX_SEARCHES]   # per card: T held, N_TYPES + T played since as T, 255 held as another
    uint8_t cur[MAX_SEARCHES]


cdef inline int _cand(WyattEarpData* s, int t, int* taken) noexcept nogil:
    """Cards of type ``t`` of the pile a searched card may be (never its top, never a Wyatt Earp), less ``taken``."""
    cdef int i, n = -taken[t]
    if t == WYATT:
        return 0
    for i in range(s.discard_n - 1):
        n += s.discard[i] == t
    return n


cdef inline bint _may_hold(WyattEarpData* v, int k, int t) noexcept nogil:
    return v.search_held[k] and not (t < PHOTO and (v.search_mask[k] >> t) & 1)


cdef void _apply_option(WyattEarpData* v, int k, int o, int* unk, Bins* b, int* taken, int* gone_used, Ctx* c,
                        int n) noexcept nogil:
    """Searched card ``k`` takes option ``o`` (``Joint.opt``; n = 1) or gives it back (n = -1), in the counts the
    weights read (not the hand: the caller adds held cards once chosen)."""
    cdef int p = v.search_seat[k], t
    if o == 255:
        return
    t = o % N_TYPES
    taken[t] += n
    if o >= N_TYPES:
        unk[t] += n
        _slot(b, p, v.search_mask[k], n * v.search_held[k])
        if n > 0:
            gone_used[p] |= 1 << t
        else:
            gone_used[p] &= ~(1 << t)
    else:
        _read_held(c, p, t, k, n)


cdef void _joint_leaves(WyattEarpData* v, WyattEarpData* s, Joint* J, int i, double lw, int* unk, Bins* b,
                        int* taken, int* gone_used, Ctx* c, Rng* rng) noexcept nogil:
    """Every choice of the options of J.ks[i:], with its log weight (the pile cards each may be, then the weighed
    deals left, ``_count``).  At the last card the types no record reads are one option (they leave the same
    deals)."""
    cdef int k, p, t, n, other = 0, j
    cdef bint last = i == J.n - 1
    if i == J.n:
        if J.n_leaf < MAX_LEAVES:
            J.lw[J.n_leaf] = lw + _count(c, unk, b, s, rng)
            for j in range(J.n):
                J.opt[J.n_leaf][j] = J.cur[j]
            J.n_leaf += 1
        return
    k = J.ks[i]
    p = v.search_seat[k]
    for t in range(N_TYPES):
        n = _cand(s, t, taken)
        if n <= 0:
            continue
        if _may_hold(v, k, t):
            if last and not (v.search_gone[k] >> t) & 1:
                other += n
            else:
                J.cur[i] = t
                _apply_option(v, k, t, unk, b, taken, gone_used, c, 1)
                _joint_leaves(v, s, J, i + 1, lw + log(<double>n), unk, b, taken, gone_used, c, rng)
                _apply_option(v, k, t, unk, b, taken, gone_used, c, -1)
        if (v.search_gone[k] >> t) & 1 and not (gone_used[p] >> t) & 1:
            J.cur[i] = N_TYPES + t
            _apply_option(v, k, N_TYPES + t, unk, b, taken, gone_used, c, 1)
            _joint_leaves(v, s, J, i + 1, lw + log(<double>n), unk, b, taken, gone_used, c, rng)
            _apply_option(v, k, N_TYPES + t, unk, b, taken, gone_used, c, -1)
    if other:
        J.cur[i] = 255
        _joint_leaves(v, s, J, i + 1, lw + log(<double>other), unk, b, taken, gone_used, c, rng)


cdef int _joint_size(WyattEarpData* v, WyattEarpData* s, Joint* J, int* taken) noexcept nogil:
    """An upper bound on the leaves of ``_joint_leaves``."""
    cdef int i, k, t, n, size = 1, opts
    for i in range(J.n):
        k = J.ks[i]
        opts = 1 if i == J.n - 1 else 0
        for t in range(N_TYPES):
            if _cand(s, t, taken) > 0:
                if _may_hold(v, k, t) and (i < J.n - 1 or (v.search_gone[k] >> t) & 1):
                    opts += 1
                if (v.search_gone[k] >> t) & 1:
                    opts += 1
        size *= opts if opts else 1
        if size > MAX_LEAVES:
            return size
    return size


cdef int _joint(WyattEarpData* v, int seat, WyattEarpData* s, int* unk, Bins* b, int* taken, int* gone_used,
                Ctx* c, Rng* rng) noexcept nogil:
    """The unseen searched cards not settled yet, weighed together over every choice of their options (so the
    weight of one card's option sums over the others'): 1 if done, 0 if no choice is possible, -1 if the choices are
    too many (the caller settles them one after the other)."""
    cdef Joint J
    cdef int i, k, o, leaf, t, r, n, gone = 0
    J.n = 0
    J.n_leaf = 0
    for k in range(v.n_searches):
        if v.search_seat[k] != seat and v.search_type[k] == NO_CARD and s.search_type[k] == NO_CARD:
            J.ks[J.n] = k
            J.n += 1
            gone |= v.search_gone[k]
    if J.n == 0:
        return 1
    if J.n == 1 or not gone:                                 # nothing ties them: one after the other is the same
        return -1
    if _joint_size(v, s, &J, taken) > MAX_LEAVES:
        return -1
    _joint_leaves(v, s, &J, 0, 0.0, unk, b, taken, gone_used, c, rng)
    leaf = _pick(J.lw, J.n_leaf, rng)
    if leaf < 0:
        return 0
    for i in range(J.n):
        k = J.ks[i]
        o = J.opt[leaf][i]
        if o == 255:                                         # held: a type no record reads, in proportion to the pile
            n = 0
            for t in range(N_TYPES):
                if _may_hold(v, k, t) and not (v.search_gone[k] >> t) & 1 and _cand(s, t, taken) > 0:
                    n += _cand(s, t, taken)
            r = rng_below(rng, n)
            for t in range(N_TYPES):
                if _may_hold(v, k, t) and not (v.search_gone[k] >> t) & 1 and _cand(s, t, taken) > 0:
                    if r < _cand(s, t, taken):
                        break
                    r -= _cand(s, t, taken)
            taken[t] += 1
        else:
            _apply_option(v, k, o, unk, b, taken, gone_used, c, 1)
            t = o % N_TYPES
        if o == 255 or o < N_TYPES:
            s.hand[v.search_seat[k]][t] += 1
        s.search_type[k] = t
    return 1


cdef enum:
    SETTLE_LEAVES = 1024    # choices ``_settle`` weighs together; beyond, one that leaves a deal, by the pile alone
    SETTLE_NODES = 20000    # steps of its search at most (as many again for the fallback)
    S_LATER = 255           # option of a card that may be held: not settled here (``_joint``, ``_place_unseen``)


cdef struct Settle:                     # the searched cards that settle a view weighed together (``_settle``)
    int n                               # cards: those that must have been played since, then the others
    int ks[MAX_SEARCHES]
    uint8_t seen[MAX_SEARCHES]          # the seat saw which card it is (and pictures it held in ``unk``)
    uint8_t must[MAX_SEARCHES]          # it cannot be held: it was played since
    int saved[MAX_SEARCHES]             # gone_used of the card's seat before its option
    int cover                           # bit T: the view counts T too often (``unk`` < 0 at the start)
    long nodes
    bint overflow
    int n_leaf
    double* lw                          # [SETTLE_LEAVES]
    uint8_t* opt                        # [SETTLE_LEAVES * MAX_SEARCHES]
    uint8_t cur[MAX_SEARCHES]           # seen card: 0 held, 1 played since; unseen: T played since as T, S_LATER


cdef inline bint _seen_barred(WyattEarpData* v, int k) noexcept nogil:
    """Seen searched card ``k`` is of a type its searcher has said "no" to since: it cannot be held."""
    return v.search_type[k] < PHOTO and (v.search_mask[k] >> v.search_type[k]) & 1


cdef bint _constrained(WyattEarpData* v, int seat, int* unk) noexcept nogil:
    """Some searched card of another seat must have been played since: the view counts a type more often than it
    exists (``unk``: with the seen searched cards pictured held), an unseen one cannot be held, or a seen one is
    of a type its searcher has said "no" to since."""
    cdef int t, k
    for t in range(N_TYPES):
        if unk[t] < 0:
            return True
    for k in range(v.n_searches):
        if v.search_seat[k] == seat or not v.search_held[k] and v.search_type[k] != NO_CARD:
            continue
        if not v.search_held[k] or _seen_barred(v, k):
            return True
    return False


cdef bint _coverable(WyattEarpData* v, Settle* S, int i, int* unk) noexcept nogil:
    """Cards ``i``.. of ``S`` can still make up every type the view counts too often (each by being played since
    as one of it)."""
    cdef int t, j, k, cap
    for t in range(N_TYPES):
        if unk[t] >= 0:
            continue
        cap = 0
        for j in range(i, S.n):
            k = S.ks[j]
            if (v.search_gone[k] >> t) & 1 and (not S.seen[j] or v.search_type[k] == t):
                cap += 1
        if cap < -unk[t]:
            return False
    return True


cdef inline bint _may_go(WyattEarpData* v, Settle* S, int i, int t, int* unk, int* gone_used) noexcept nogil:
    """Card ``i`` of ``S`` may be read as played since as a ``t``: its searcher played a not-known ``t`` since the
    search, and (the view keeps one bit per type) no other searched card of it is read so already, unless the card
    cannot be held or the view counts ``t`` too often."""
    cdef int k = S.ks[i]
    return (v.search_gone[k] >> t) & 1 and (S.must[i] or unk[t] < 0
                                           or not (gone_used[v.search_seat[k]] >> t) & 1)


cdef int _settle_options(WyattEarpData* v, WyattEarpData* s, Settle* S, int i, int* unk, int* taken,
                         int* gone_used, uint8_t* code, double* lw) noexcept nogil:
    """The options of card ``i`` of ``S`` (``Settle.cur``) and the log of the pile's cards each stands for: a card
    that cannot be held, each type it may have been played since as; one that may be held, each type the view
    counts too often it may have been played since as, or S_LATER (pictured held: any pile card it may be held
    as); a seen one, held or played since."""
    cdef int k = S.ks[i], t, n, m = 0, hold = 0
    if S.seen[i]:
        t = v.search_type[k]
        if not S.must[i]:
            code[m] = 0
            lw[m] = 0.0
            m += 1
        if _may_go(v, S, i, t, unk, gone_used):
            code[m] = 1
            lw[m] = 0.0
            m += 1
        return m
    for t in range(N_TYPES):
        n = _cand(s, t, taken)
        if n <= 0:
            continue
        if not S.must[i] and _may_hold(v, k, t):
            hold += n
        if (S.must[i] or (S.cover >> t) & 1) and _may_go(v, S, i, t, unk, gone_used):
            code[m] = t
            lw[m] = log(<double>n)
            m += 1
    if hold:
        code[m] = S_LATER
        lw[m] = log(<double>hold)
        m += 1
    return m


cdef void _settle_apply(WyattEarpData* v, Settle* S, int i, int o, int n, int* unk, Bins* b, int* taken,
                        int* gone_used, Ctx* c) noexcept nogil:
    """Card ``i`` of ``S`` takes option ``o`` (n = 1) or gives it back (n = -1), in the counts the weights read."""
    cdef int k = S.ks[i], p = v.search_seat[k], t
    if S.seen[i] and o != 1 or not S.seen[i] and o == S_LATER:
        return
    t = v.search_type[k] if S.seen[i] else o
    if n > 0:
        S.saved[i] = gone_used[p]
        gone_used[p] |= 1 << t
    else:
        gone_used[p] = S.saved[i]
    unk[t] += n
    if S.seen[i]:
        _slot(b, p, v.search_mask[k], n)
        _read_held(c, p, t, k, -n)
    else:
        taken[t] += n
        if v.search_held[k]:
            _slot(b, p, v.search_mask[k], n)


cdef void _settle_all(WyattEarpData* v, WyattEarpData* s, Settle* S, int i, double lw, int* unk, Bins* b,
                      int* taken, int* gone_used, Ctx* c, Rng* rng) noexcept nogil:
    """Every choice of the options of cards ``i``.. with its log weight (the pile's cards each stands for, then the
    weighed deals left, ``_count``) into ``S``'s leaves; ``S.overflow`` when they are too many."""
    cdef uint8_t code[N_TYPES + 2]
    cdef double olw[N_TYPES + 2]
    cdef int m, j
    cdef double x
    if S.overflow:
        return
    S.nodes += 1
    if S.nodes > SETTLE_NODES:
        S.overflow = True
        return
    if not _coverable(v, S, i, unk):
        return
    if i == S.n:
        x = lw + _count(c, unk, b, s, rng)
        if x == -INFINITY:
            return
        if S.n_leaf == SETTLE_LEAVES:
            S.overflow = True
            return
        S.lw[S.n_leaf] = x                                   # NaN (a DP too large): ``_pick`` counts it alike
        memcpy(S.opt + S.n_leaf * MAX_SEARCHES, S.cur, MAX_SEARCHES)
        S.n_leaf += 1
        return
    m = _settle_options(v, s, S, i, unk, taken, gone_used, code, olw)
    for j in range(m):
        S.cur[i] = code[j]
        _settle_apply(v, S, i, code[j], 1, unk, b, taken, gone_used, c)
        _settle_all(v, s, S, i + 1, lw + olw[j], unk, b, taken, gone_used, c, rng)
        _settle_apply(v, S, i, code[j], -1, unk, b, taken, gone_used, c)


cdef bint _settle_any(WyattEarpData* v, WyattEarpData* s, Settle* S, int i, int* unk, Bins* b, int* taken,
                      int* gone_used, Ctx* c, Rng* rng) noexcept nogil:
    """One choice of the options of cards ``i``.. that leaves a deal (into ``S.cur``): each card's options tried in
    an order drawn by the pile's cards they stand for, backtracking where none is left (where ``_settle_all`` finds
    too many choices to weigh: the choice is then weighed by the pile alone)."""
    cdef uint8_t code[N_TYPES + 2]
    cdef double olw[N_TYPES + 2]
    cdef int m, j
    cdef double x
    cdef bint ok
    S.nodes += 1
    if S.nodes > SETTLE_NODES or not _coverable(v, S, i, unk):
        return False
    if i == S.n:
        x = _count(c, unk, b, s, rng)
        return x > -INFINITY or x != x
    m = _settle_options(v, s, S, i, unk, taken, gone_used, code, olw)
    while True:
        j = _pick(olw, m, rng)
        if j < 0:
            return False
        S.cur[i] = code[j]
        _settle_apply(v, S, i, code[j], 1, unk, b, taken, gone_used, c)
        ok = _settle_any(v, s, S, i + 1, unk, b, taken, gone_used, c, rng)
        _settle_apply(v, S, i, code[j], -1, unk, b, taken, gone_used, c)
        if ok:
            return True
        olw[j] = -INFINITY


cdef bint _settle(WyattEarpData* v, int seat, WyattEarpData* s, int* unk, Bins* b, int* taken, int* held,
                  int* gone_used, Ctx* c, Rng* rng) noexcept nogil:
    """Where some searched card of another seat must have been played since (``_constrained``), the cards that
    settle it weighed together: those that cannot be held (each type they may have been played since as), and
    those that may be held but may have been played since as a type the view counts too often (as such a type,
    or not: then pictured held, and weighed later with the others, ``_joint`` and ``_place_unseen``), each choice
    by the pile's cards it stands for and the weighed deals it leaves (``_count``).  Exact among them (the cards
    left for later pictured held); beyond SETTLE_LEAVES choices, one that leaves a deal is drawn by the pile's cards
    alone (``unsettled``).  Sets the hands, ``s.search_type`` and the counts the deal reads for the cards it
    settles (``held[k]`` := 0 for the seen ones); False if no choice leaves a deal."""
    cdef Settle S
    cdef int k, t, i, p, o, leaf, must, size = 1, m
    cdef bint ok, seen
    cdef uint8_t code[N_TYPES + 2]
    cdef double olw[N_TYPES + 2]
    memset(&S, 0, sizeof(Settle))
    for t in range(N_TYPES):
        if unk[t] < 0:
            S.cover |= 1 << t
    for must in range(1, -1, -1):                            # those that cannot be held first
        for k in range(v.n_searches):
            if v.search_seat[k] == seat:
                continue
            seen = v.search_type[k] != NO_CARD
            if seen and not held[k]:
                continue
            if (not v.search_held[k] or seen and _seen_barred(v, k)) != must:
                continue
            if not must and not (v.search_gone[k] & S.cover and (not seen or (S.cover >> v.search_type[k]) & 1)):
                continue                                     # neither must nor can it settle anything
            S.ks[S.n] = k
            S.seen[S.n] = seen
            S.must[S.n] = must
            S.n += 1
    for i in range(S.n):                                     # at most this many choices
        m = _settle_options(v, s, &S, i, unk, taken, gone_used, code, olw)
        size *= m if m > 0 else 1
        if size > SETTLE_LEAVES:
            break
    if size <= SETTLE_LEAVES:
        S.lw = <double*>malloc(SETTLE_LEAVES * sizeof(double))
        S.opt = <uint8_t*>malloc(SETTLE_LEAVES * MAX_SEARCHES)
        if S.lw == NULL or S.opt == NULL:
            free(S.lw)
            free(S.opt)
            return False
        _settle_all(v, s, &S, 0, 0.0, unk, b, taken, gone_used, c, rng)
        if not S.overflow:
            leaf = _pick(S.lw, S.n_leaf, rng)
            ok = leaf >= 0
            if ok:
                memcpy(S.cur, S.opt + leaf * MAX_SEARCHES, MAX_SEARCHES)
        free(S.lw)
        free(S.opt)
    if size > SETTLE_LEAVES or S.overflow:
        _UNSETTLED[0] += 1
        S.nodes = 0
        ok = _settle_any(v, s, &S, 0, unk, b, taken, gone_used, c, rng)
    if not ok:
        return False
    for i in range(S.n):                                     # the choice, into the counts and the hands
        o = S.cur[i]
        _settle_apply(v, &S, i, o, 1, unk, b, taken, gone_used, c)
        k = S.ks[i]
        p = v.search_seat[k]
        if S.seen[i]:
            held[k] = 0
            if o == 0:
                s.hand[p][v.search_type[k]] += 1
        elif o != S_LATER:
            s.search_type[k] = o
    return True


cdef bint _place_unseen(WyattEarpData* v, WyattEarpData* s, int k, int* unk, Bins* b, int* taken, Rng* rng,
                        int* gone_used, Ctx* c) noexcept nogil:
    """Searched card ``k`` that the seat did not see becomes a card type of the pile (``s.search_type[k]``): held by
    the searcher (options 0, any type its play records do not read, and 1 + N_TYPES + T, a type T it played a
    not-known card of since, only while the record says it may be held) or played since as a card of type T
    (option 1 + T; the view counted it twice, and a held record's slot is then an unseen card under the record's
    mask).  ``taken`` counts the pile cards already given to other searched cards; ``gone_used[p]`` (bit T) the
    types another searched card of p was already read as played since as: a weighed option never reads a second one
    so (the view keeps one bit per type, most often one card played).  False if no option is possible.  Exact for
    one searched card; with several (none of which must have been played since: else ``_settle``), each is weighed
    with the later ones pictured as held (not read by the play records)."""
    cdef int t, i, p = v.search_seat[k], n_opt = 0, choice, r
    cdef int cand[N_TYPES]
    cdef bint own[N_TYPES]                                   # held as T is an option of its own (read by a record)
    cdef double lw[2 * N_TYPES + 1]
    cdef double base
    for t in range(N_TYPES):
        cand[t] = -taken[t]
        own[t] = (v.search_gone[k] >> t) & 1
    for i in range(s.discard_n - 1):
        if s.discard[i] != WYATT:
            cand[s.discard[i]] += 1
    for t in range(2 * N_TYPES + 1):
        lw[t] = -INFINITY
    for t in range(N_TYPES):
        if cand[t] > 0 and not (t < PHOTO and (v.search_mask[k] >> t) & 1) and v.search_held[k] and not own[t]:
            n_opt += cand[t]
    base = _count(c, unk, b, s, rng)
    lw[0] = log(<double>n_opt) + base if n_opt > 0 else -INFINITY
    for t in range(N_TYPES):
        if not (cand[t] > 0 and own[t]):
            continue
        if v.search_held[k] and not (t < PHOTO and (v.search_mask[k] >> t) & 1):
            c.off[p][t] += 1
            lw[1 + N_TYPES + t] = log(<double>cand[t]) + _count(c, unk, b, s, rng)
            c.off[p][t] -= 1
        if not (gone_used[p] >> t) & 1:
            unk[t] += 1
            _slot(b, p, v.search_mask[k], v.search_held[k])
            lw[1 + t] = log(<double>cand[t]) + _count(c, unk, b, s, rng)
            unk[t] -= 1
            _slot(b, p, v.search_mask[k], -v.search_held[k])
    choice = _pick(lw, 2 * N_TYPES + 1, rng)
    if choice < 0:
        return False
    if choice == 0:                                          # held: a type in proportion to its cards in the pile
        r = rng_below(rng, n_opt)
        for t in range(N_TYPES):
            if cand[t] > 0 and not (t < PHOTO and (v.search_mask[k] >> t) & 1) and not own[t]:
                if r < cand[t]:
                    break
                r -= cand[t]
        s.hand[p][t] += 1
    elif choice > N_TYPES:
        t = choice - 1 - N_TYPES
        s.hand[p][t] += 1
        c.off[p][t] += 1
    else:
        t = choice - 1
        unk[t] += 1
        _slot(b, p, v.search_mask[k], v.search_held[k])
        gone_used[p] |= 1 << t
    s.search_type[k] = t
    taken[t] += 1
    return True


cdef void _take_from_pile(WyattEarpData* s, int k, Rng* rng) noexcept nogil:
    """Searched card ``k`` (its type chosen) leaves the sample's pile at a uniformly chosen position of that type
    (never the top); the seat's view of the sample puts it back there, as in its real view."""
    cdef int i, j, n = 0, t = s.search_type[k]
    for i in range(s.discard_n - 1):
        n += s.discard[i] == t
    j = rng_below(rng, n)
    for i in range(s.discard_n - 1):
        if s.discard[i] == t:
            if j == 0:
                break
            j -= 1
    for j in range(i, s.discard_n - 1):
        s.discard[j] = s.discard[j + 1]
    s.discard_n -= 1
    s.discard[s.discard_n] = 0
    s.search_below[k] = i


cdef int _pick(double* lw, int n, Rng* rng) noexcept nogil:
    """An index drawn with probability proportional to exp(lw[i]); -1 if every weight is zero.  NaN weights (a DP
    too large to count) count as equal to the largest."""
    cdef int i, last = -1
    cdef double top = -INFINITY, total = 0.0, pick
    cdef bint uncounted = False
    for i in range(n):
        uncounted = uncounted or lw[i] != lw[i]
    for i in range(n):
        if uncounted and lw[i] == lw[i] and lw[i] > -INFINITY or lw[i] != lw[i]:
            lw[i] = 0.0
        if lw[i] > top:
            top = lw[i]
    if top == -INFINITY:
        return -1
    for i in range(n):
        if lw[i] > -INFINITY:
            total += exp(lw[i] - top)
    pick = _uniform(rng) * total
    for i in range(n):
        if lw[i] > -INFINITY:
            last = i
            pick -= exp(lw[i] - top)
            if pick < 0.0:
                return i
    return last
