"""What one Hearts seat knows, and the sampler that deals full states consistent with it.

A seat knows the pass direction, the 13 cards it was dealt, the cards it passed (and in which order), the cards it
received once the passing is over, every play, and what the plays show: a seat that did not follow suit is void in
that suit; a seat that put a heart or the queen of spades on the first trick without following holds only hearts
and the queen; a seat that led a heart before hearts were broken holds only hearts (``HeartsData.allowed``).  Once
the passing is over it also knows where its passed cards are (with the seat it passed to, until played), and who
holds the two of clubs (the seat to lead first).  It does not know the order in which others were dealt or passed
their cards; the view keeps its own dealt cards and its received cards in ascending order, so that two states that
differ only in what the seat cannot see give the same information set.

``sample()`` deals the unseen cards to the other seats uniformly over every deal that matches each hand size and
each ``allowed`` mask (so a replay of the public plays in a sample is legal; cards with the same possible holders
are counted as one class, ``_deal_unseen``), then rebuilds a deal and passes that lead to those hands, each
uniformly given the hands, so a sample is a complete game that ``openspiel_history()`` can replay into OpenSpiel.
Every consistent deal is as likely as any other (OpenSpiel's own resampler ignores voids); a view no deal fits
makes ``sample()`` raise ``InconsistentInformationError``.
"""
from libc.stdlib cimport malloc, free
from libc.stdint cimport uint8_t, uint64_t

from deadeye.core.encoder cimport Encoder, put_bits, put_count, put_flag, put_onehot, relative_seat
from deadeye.core.rng cimport Rng, rng_seed, rng_below, rng_next
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.hearts.data cimport *
from deadeye.core.hearts.state cimport HeartsState

from deadeye.core.features import Feature, declare_features
from deadeye.core.hearts.labels import CARD_NAMES, PASS_DIR_NAMES, PHASE_NAMES, card_label, cards_text

# Seats are counted from the viewer in turn order (0 the viewer, 1 the seat on its left, 2 across, 3 on its right);
# a card set is 52 floats, float c for card c (rank * 4 + suit, OpenSpiel's ids).
ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("phase", 2, "passing, playing (one-hot; none once the game is over)"),
    Feature("pass_direction", 4, "no pass, left, across, right (one-hot)"),
    Feature("to_move", 4, "the seat to decide (one-hot by relative seat)"),
    Feature("hand", N_CARDS, "the viewer's cards"),
    Feature("known", 3 * N_CARDS, "for seats 1, 2, 3: the cards the viewer knows they hold (its passed cards, the "
                                  "two of clubs before it is led)"),
    Feature("voids", 3 * N_SUITS, "for seats 1, 2, 3: the suits their play shows they cannot hold"),
    Feature("only_hearts", 3, "for seats 1, 2, 3: their play shows they hold nothing but hearts and the queen of "
                              "spades"),
    Feature("played", N_CARDS, "the cards of the completed tricks"),
    Feature("trick", N_PLAYERS * N_CARDS, "the current trick: for seats 0 .. 3, the card it put on it"),
    Feature("leader", N_PLAYERS, "the seat that leads the current trick (one-hot by relative seat)"),
    Feature("passed", N_CARDS, "the cards the viewer passed"),
    Feature("received", N_CARDS, "the cards passed to the viewer, once the passing is over"),
    Feature("hand_sizes", N_PLAYERS, "cards in each seat's hand / 13"),
    Feature("points", N_PLAYERS, "penalty points each seat has taken / 26"),
    Feature("scored", N_PLAYERS, "whether each seat has taken a penalty point (who can still shoot the moon)"),
    Feature("hearts_broken", 1, "a heart or the queen of spades has been played"),
    Feature("tricks_done", 1, "completed tricks / 13"),
)


# ====================================================================== the view

cdef inline uint64_t _passed_mask(HeartsData* d, int p) noexcept nogil:
    cdef int k
    cdef uint64_t m = 0
    for k in range(PASS_SIZE):
        if d.passed[p][k] != NO_CARD:
            m |= bit(d.passed[p][k])
    return m


cdef inline void _write_ascending(uint8_t* out, int stride, uint64_t m) noexcept nogil:
    """out[0], out[stride], ... := the cards of ``m``, ascending."""
    cdef int i = 0
    while m:
        out[i * stride] = lowest(m)
        m &= m - 1
        i += 1


cdef void observe(HeartsData* d, int seat, HeartsData* v) noexcept nogil:
    """``v`` := the state as ``seat`` knows it: other hands reduced to the cards it knows there, the deal reduced to
    its own cards (ascending), others' passes hidden, received cards ascending."""
    cdef int p, k, i, src = pass_source(seat, d.pass_dir)
    cdef uint64_t own_dealt = 0, known = 0
    cdef bint exchanged = d.phase != PH_PASS and d.pass_dir != NO_PASS
    v[0] = d[0]
    for i in range(N_TRICKS):
        own_dealt |= bit(d.deal[seat + N_PLAYERS * i])
    for i in range(N_CARDS):
        v.deal[i] = NO_CARD
    _write_ascending(&v.deal[seat], N_PLAYERS, own_dealt)
    for p in range(N_PLAYERS):
        if p != seat:
            for k in range(PASS_SIZE):
                v.passed[p][k] = NO_CARD
    if exchanged:
        _write_ascending(&v.passed[src][0], 1, _passed_mask(d, src))
        known = _passed_mask(d, seat)                          # with the seat they went to, until played
    if d.phase == PH_PLAY:
        known |= bit(TWO_CLUBS)                                # with the first leader until it is led
    for p in range(N_PLAYERS):
        if p != seat:
            v.hand[p] = d.hand[p] & known


# ====================================================================== the sampler

cdef extern from *:
    # GCC's atomics: the first sampling thread claims an information set's plan and builds it; a thread that finds
    # it claimed but not yet ready plans its own sample on its stack, so no thread reads a half-built plan.
    int __atomic_load_n(int* ptr, int order) nogil
    void __atomic_store_n(int* ptr, int value, int order) nogil
    bint __atomic_compare_exchange_n(int* ptr, int* expected, int desired, bint weak, int success,
                                     int failure) nogil
    enum:
        __ATOMIC_ACQUIRE
        __ATOMIC_RELEASE
        __ATOMIC_ACQ_REL


cdef enum:
    PLAN_NONE = 0                                          # SamplePlan.ready: not built
    PLAN_READY = 1                                         # built, read-only from now on
    PLAN_BUILDING = 2                                      # claimed by a thread that is building it


cdef enum:
    N_OTHERS = N_PLAYERS - 1
    N_PATTERNS = 1 << N_OTHERS                             # which of the other seats may hold a card
    CAP = HAND_SIZE + 1                                    # remaining capacities 0..13


cdef struct SamplePlan:
    # What a sample of one view needs that depends on the view alone, worked out once per information set (a search
    # draws thousands of samples of the same view); the draws then only shuffle, split and deal.
    int ready                                            # PLAN_*, see HeartsInformationSet._sample_into
    bint ok                                              # the view admits a sample (as far as it alone decides)
    bint passing                                         # the view is in the passing phase
    int n_cards                                          # passing: the cards not dealt to the seat, in cards[]
    uint64_t post[N_PLAYERS]                             # playing: each seat's plays so far
    int others[N_OTHERS]                                 # the other seats, ascending
    int n_classes                                        # constrained classes; class n_classes is the free one
    int order[N_PATTERNS]                                # each class's pattern
    int size[N_PATTERNS]                                 # its number of cards
    int first[N_PATTERNS]                                # where its cards start in cards[] (ascending)
    int left[N_PATTERNS + 1]                             # cards in classes j..
    int r0, r1                                           # cards the first two other seats take
    int cards[N_CARDS]
    double ways[N_PATTERNS + 1][CAP][CAP]                # see _plan_unseen


cdef inline void _shuffle(int* a, int n, Rng* rng) noexcept nogil:
    cdef int i, j, t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef inline double _uniform(Rng* rng) noexcept nogil:
    """Uniform in [0, 1), from the top 53 bits."""
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef inline int _to_list(uint64_t m, int* out) noexcept nogil:
    cdef int n = 0
    while m:
        out[n] = lowest(m)
        m &= m - 1
        n += 1
    return n


cdef double _FACT[N_CARDS + 1]                               # n! for the multinomial counts of deals
cdef double _IFACT[N_CARDS + 1]                              # 1 / n!
_FACT[0] = 1.0
for _i in range(1, N_CARDS + 1):
    _FACT[_i] = _FACT[_i - 1] * _i
for _i in range(N_CARDS + 1):
    _IFACT[_i] = 1.0 / _FACT[_i]


cdef bint _plan_unseen(SamplePlan* plan, HeartsData* v, int seat, uint64_t unseen, int* need) noexcept nogil:
    """Plan the deal of the ``unseen`` cards to the other hands, ``need[p]`` to seat p, each only where ``allowed``
    lets it be, uniformly over every such deal (False if there is none); ``_deal_unseen`` draws it.

    Cards with the same set of possible holders (a *pattern*) are exchangeable, so a deal is counted class by class:
    ways[j][a][b] is the number of deals of the classes j.. given that the first two other seats still take a and b
    cards (the third takes the rest); a class of n cards split (ka, kb, kc) contributes n! / (ka! kb! kc!) deals.
    The split of each class is then drawn in proportion to its deals, and the class's cards shuffled into it.  The
    class of cards every other seat may hold comes last (a single multinomial), so the table is small, and when it
    is the only class the deal is a plain shuffle."""
    cdef uint64_t members[N_PATTERNS]
    cdef int n_classes = 0, i, j, o, p, pat, a, b, c, ka, kb, kc, nj, total = 0, r0, r1, at
    cdef uint64_t m
    cdef double w, acc
    o = 0
    for p in range(N_PLAYERS):
        if p != seat:
            plan.others[o] = p
            o += 1
            if need[p] < 0 or need[p] > HAND_SIZE:
                return False
            total += need[p]
    for pat in range(N_PATTERNS):
        members[pat] = 0
    m = unseen
    while m:
        c = lowest(m)
        m &= m - 1
        pat = 0
        for o in range(N_OTHERS):
            if v.allowed[plan.others[o]] & bit(c):
                pat |= 1 << o
        members[pat] |= bit(c)
    if members[0] or popcount(unseen) != total:            # a card no seat may hold, or sizes that do not add up
        return False
    for pat in range(1, N_PATTERNS - 1):                   # the constrained classes first, the free one last
        if members[pat]:
            plan.order[n_classes] = pat
            n_classes += 1
    plan.order[n_classes] = N_PATTERNS - 1
    plan.n_classes = n_classes
    at = 0
    for j in range(n_classes + 1):
        plan.first[j] = at
        plan.size[j] = _to_list(members[plan.order[j]], &plan.cards[at])
        at += plan.size[j]
    plan.left[n_classes + 1] = 0
    for j in range(n_classes, -1, -1):
        plan.left[j] = plan.left[j + 1] + plan.size[j]
    r0 = plan.r0 = need[plan.others[0]]
    r1 = plan.r1 = need[plan.others[1]]
    if n_classes == 0:                                     # nothing constrains: a plain shuffle
        return True
    for a in range(r0 + 1):                                # the free class: one multinomial
        for b in range(r1 + 1):
            c = plan.left[n_classes] - a - b
            plan.ways[n_classes][a][b] = (_FACT[plan.left[n_classes]] * _IFACT[a] * _IFACT[b] * _IFACT[c]
                                          if c >= 0 else 0.0)
    for j in range(n_classes - 1, -1, -1):
        pat = plan.order[j]
        nj = plan.size[j]
        for a in range(r0 + 1):
            for b in range(r1 + 1):
                acc = 0.0
                c = plan.left[j] - a - b
                if c >= 0:
                    for ka in range((nj if pat & 1 else 0) + 1):
                        if ka > a:
                            break
                        for kb in range((nj - ka if pat & 2 else 0) + 1):
                            if kb > b:
                                break
                            kc = nj - ka - kb
                            if kc > c or (kc and not pat & 4):
                                continue
                            w = plan.ways[j + 1][a - ka][b - kb]
                            if w != 0.0:
                                acc += w * _IFACT[ka] * _IFACT[kb] * _IFACT[kc]
                plan.ways[j][a][b] = acc * _FACT[nj]
    return plan.ways[0][r0][r1] > 0.0


cdef bint _deal_unseen(SamplePlan* plan, HeartsData* s, Rng* rng) noexcept nogil:
    """Draw the deal ``_plan_unseen`` planned into the hands of ``s``: each class's split in proportion to its
    deals (the free class fills what is left), then its cards shuffled into it.  False only if rounding leaves a
    class no split."""
    cdef int cards[N_CARDS]
    cdef int i, j, o, pat, a, b, c, ka, kb, nj, r0 = plan.r0, r1 = plan.r1, n_classes = plan.n_classes
    cdef double w, r
    for j in range(n_classes + 1):
        pat = plan.order[j]
        nj = plan.size[j]
        for i in range(nj):
            cards[i] = plan.cards[plan.first[j] + i]
        _shuffle(cards, nj, rng)
        if j == n_classes:                                 # the free class fills what is left
            ka = r0
            kb = r1
        else:
            ka = -1
            r = _uniform(rng) * plan.ways[j][r0][r1]
            for a in range((nj if pat & 1 else 0) + 1):
                if a > r0 or (ka >= 0 and r < 0.0):
                    break
                for b in range((nj - a if pat & 2 else 0) + 1):
                    c = nj - a - b
                    if b > r1:
                        break
                    if c > plan.left[j] - r0 - r1 or (c and not pat & 4):
                        continue
                    w = plan.ways[j + 1][r0 - a][r1 - b] * _FACT[nj] * _IFACT[a] * _IFACT[b] * _IFACT[c]
                    if w > 0.0:
                        ka = a
                        kb = b
                        r -= w
                        if r < 0.0:
                            break
            if ka < 0:
                return False
        for i in range(nj):
            o = 0 if i < ka else (1 if i < ka + kb else 2)
            s.hand[plan.others[o]] |= bit(cards[i])
        r0 -= ka
        r1 -= kb
    return True


cdef void _random_deal_order(HeartsData* s, int p, uint64_t dealt, Rng* rng) noexcept nogil:
    """Seat p's deal positions (p, p + 4, ...) := the cards of ``dealt`` in a random order."""
    cdef int cards[N_CARDS]
    cdef int i, n = _to_list(dealt, cards)
    _shuffle(cards, n, rng)
    for i in range(n):
        s.deal[p + N_PLAYERS * i] = cards[i]


cdef bint _plan_passing(SamplePlan* plan, HeartsData* v, int seat) noexcept nogil:
    """During the passing: the 39 cards not dealt to ``seat`` (ascending), and whether each hand is its 13 dealt
    cards less those it passed."""
    cdef int i, p, passes
    cdef uint64_t own = 0
    for i in range(N_TRICKS):
        if v.deal[seat + N_PLAYERS * i] >= N_CARDS:
            return False
        own |= bit(v.deal[seat + N_PLAYERS * i])
    plan.n_cards = _to_list(all_cards() & ~own, plan.cards)
    if plan.n_cards != N_CARDS - HAND_SIZE:
        return False
    for p in range(N_PLAYERS):
        passes = v.n_passed - PASS_SIZE * p
        passes = 0 if passes < 0 else (PASS_SIZE if passes > PASS_SIZE else passes)
        if p != seat and v.hand_n[p] != HAND_SIZE - passes:
            return False
    return True


cdef bint _sample_passing(HeartsData* v, int seat, SamplePlan* plan, HeartsData* s, Rng* rng) noexcept nogil:
    """During the passing: the 39 cards not dealt to ``seat`` are dealt at random; each other seat that has passed
    k cards passed its first k dealt cards (the deal order being random, these are k random cards of its hand)."""
    cdef int cards[N_CARDS]
    cdef uint64_t hands[N_PLAYERS]
    cdef int i, k, p, c, done, passes
    s[0] = v[0]
    for i in range(N_CARDS - HAND_SIZE):
        cards[i] = plan.cards[i]
    _shuffle(cards, N_CARDS - HAND_SIZE, rng)
    for p in range(N_PLAYERS):
        hands[p] = 0
    k = 0
    for i in range(N_CARDS):
        p = i & (N_PLAYERS - 1)                                # deal position i goes to seat i % 4
        if p != seat:
            c = cards[k]
            k += 1
            s.deal[i] = c
            hands[p] |= bit(c)
    for p in range(N_PLAYERS):
        if p == seat:
            continue
        passes = v.n_passed - PASS_SIZE * p
        passes = 0 if passes < 0 else (PASS_SIZE if passes > PASS_SIZE else passes)
        for done in range(passes):
            c = s.deal[p + N_PLAYERS * done]
            s.passed[p][done] = c
            hands[p] &= ~bit(c)
        s.hand[p] = hands[p]
    return True


cdef bint _plan_playing(SamplePlan* plan, HeartsData* v, int seat) noexcept nogil:
    """Once the passing is over: each seat's plays, the cards to deal and how many to each seat (``_plan_unseen``)."""
    cdef int need[N_PLAYERS]
    cdef uint64_t known = 0, played = 0
    cdef int i, p
    for p in range(N_PLAYERS):
        plan.post[p] = 0
        known |= v.hand[p]
    for i in range(v.n_played):
        p = player_of_play(v, i)
        if not 0 <= p < N_PLAYERS or v.plays[i] >= N_CARDS:
            return False
        plan.post[p] |= bit(v.plays[i])
        played |= bit(v.plays[i])
    for p in range(N_PLAYERS):
        need[p] = 0 if p == seat else v.hand_n[p] - popcount(v.hand[p])
        if need[p] < 0:
            return False
    return _plan_unseen(plan, v, seat, all_cards() & ~known & ~played, need)


cdef bint _sample_playing(HeartsData* v, int seat, SamplePlan* plan, HeartsData* s, Rng* rng) noexcept nogil:
    """Once the passing is over: deal the unseen cards (``_deal_unseen``), then rebuild a deal and the passes the
    seat did not see.  A seat q's post-pass cards are its hand and its plays; it passed three cards to q + dir, so its
    unseen passes are three random cards among that seat's post-pass cards; its dealt cards are its post-pass cards
    minus those it received plus those it passed."""
    cdef uint64_t post[N_PLAYERS]
    cdef uint64_t received[N_PLAYERS]
    cdef uint64_t m
    cdef int cards[N_CARDS]
    cdef int i, p, q, n, src = pass_source(seat, v.pass_dir)
    s[0] = v[0]
    if not _deal_unseen(plan, s, rng):
        return False
    for p in range(N_PLAYERS):
        post[p] = plan.post[p] | s.hand[p]
    if v.pass_dir == NO_PASS:
        for p in range(N_PLAYERS):
            if p != seat:
                if popcount(post[p]) != HAND_SIZE:
                    return False
                _random_deal_order(s, p, post[p], rng)
        return True
    for p in range(N_PLAYERS):                                 # the passes the seat did not see
        if p == seat or p == src:
            continue
        q = pass_target(p, v.pass_dir)
        n = _to_list(post[q], cards)
        _shuffle(cards, n, rng)
        for i in range(PASS_SIZE):
            s.passed[p][i] = cards[i]
    for p in range(N_PLAYERS):
        received[pass_target(p, v.pass_dir)] = _passed_mask(s, p)
    for p in range(N_PLAYERS):
        if p != seat:
            m = (post[p] & ~received[p]) | _passed_mask(s, p)
            if popcount(m) != HAND_SIZE:
                return False
            _random_deal_order(s, p, m, rng)
    return True


cdef void plan_view(HeartsData* v, int seat, SamplePlan* plan) noexcept nogil:
    """``plan`` := what every sample of ``seat``'s view ``v`` shares (``ready`` is left to the caller)."""
    plan.passing = v.phase == PH_PASS
    plan.ok = _plan_passing(plan, v, seat) if plan.passing else _plan_playing(plan, v, seat)


cdef bint sample_planned(HeartsData* v, int seat, SamplePlan* plan, HeartsData* s, Rng* rng) noexcept nogil:
    """``s`` := a full state consistent with ``seat``'s view ``v``, planned by ``plan_view``; False if none."""
    if not plan.ok:
        return False
    if plan.passing:
        return _sample_passing(v, seat, plan, s, rng)
    return _sample_playing(v, seat, plan, s, rng)


cdef bint sample_view(HeartsData* v, int seat, HeartsData* s, Rng* rng) noexcept nogil:
    """``s`` := a full state consistent with ``seat``'s view ``v``; False if the view admits none."""
    cdef SamplePlan plan
    plan_view(v, seat, &plan)
    return sample_planned(v, seat, &plan, s, rng)


# ====================================================================== the information set

cdef class HeartsInformationSet(InformationSet):
    """What one seat of a Hearts hand knows; ``sample()`` draws full states consistent with it.

    >>> from deadeye.core import new_game
    >>> state = new_game("hearts", players=4, seed=3)
    >>> info = state.information_set(1)
    >>> sample = info.sample(7)
    >>> sample.information_set(1) == info, sample.hand(1) == state.hand(1), sample == state
    (True, True, False)
    """

    state_class = HeartsState
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef HeartsData view                # the state as `seat` knows it (see observe)
    cdef SamplePlan* plan               # what its samples share, built at the first sample (the view never
                                        # changes once the object is made: _observe and from_bytes fill new ones)

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(HeartsData)
        self.plan = <SamplePlan*>malloc(sizeof(SamplePlan))
        if self.plan == NULL:
            raise MemoryError()
        self.plan.ready = PLAN_NONE

    def __dealloc__(self):
        free(self.plan)


    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<HeartsState>state).d, self.seat, &self.view)
        self.plan.ready = PLAN_NONE

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        """A sample from the plan, built by the first sample (the same sample as ``sample_view``'s)."""
        cdef int expected = PLAN_NONE
        if __atomic_load_n(&self.plan.ready, __ATOMIC_ACQUIRE) != PLAN_READY:
            if not __atomic_compare_exchange_n(&self.plan.ready, &expected, PLAN_BUILDING, False,
                                               __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE):
                if expected == PLAN_BUILDING:              # another thread is building it: plan this one alone
                    return sample_view(&self.view, self.seat, &(<HeartsState>out).d, rng)
            else:
                plan_view(&self.view, self.seat, self.plan)
                __atomic_store_n(&self.plan.ready, PLAN_READY, __ATOMIC_RELEASE)
        return sample_planned(&self.view, self.seat, self.plan, &(<HeartsState>out).d, rng)

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (see ``check_view``)."""
        return check_view(&self.view, self.seat)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        encode_view(&self.view, self.seat, e)

    @property
    def pass_direction(self) -> str:
        return PASS_DIR_NAMES[self.view.pass_dir]

    def hand(self) -> list:
        """The seat's cards, ascending ids."""
        return self._as_state().hand(self.seat)

    def known_cards(self, int seat) -> list:
        """The cards this seat knows to be in ``seat``'s hand."""
        return self._as_state().hand(seat)

    def hand_sizes(self) -> list:
        return [self.view.hand_n[p] for p in range(N_PLAYERS)]

    def voids(self, int seat) -> list:
        """The suits (0 clubs .. 3 spades) ``seat`` has shown it cannot hold."""
        return [s for s in range(N_SUITS) if not self.view.allowed[seat] & suit_bits(s)]

    def dealt(self) -> list:
        """The 13 cards this seat was dealt, ascending."""
        cdef int i
        return sorted([self.view.deal[self.seat + N_PLAYERS * i] for i in range(N_TRICKS)])

    def passed(self) -> list:
        """The cards this seat passed, in its order."""
        cdef int k
        return [self.view.passed[self.seat][k] for k in range(PASS_SIZE) if self.view.passed[self.seat][k] != NO_CARD]

    def received(self) -> list:
        """The cards passed to this seat (ascending), once the passing is over."""
        if self.view.pass_dir == NO_PASS:
            return []
        cdef int k, src = pass_source(self.seat, self.view.pass_dir)
        return [self.view.passed[src][k] for k in range(PASS_SIZE) if self.view.passed[src][k] != NO_CARD]

    def points(self) -> list:
        return self._as_state().points()

    def tricks(self) -> list:
        return self._as_state().tricks()

    def __repr__(self):
        return (f"<HeartsInformationSet seat {self.seat}, pass {PASS_DIR_NAMES[self.view.pass_dir]}, "
                f"{PHASE_NAMES[self.view.phase]}, trick {self.view.n_played // N_PLAYERS + 1}>")


cdef void encode_view(HeartsData* v, int seat, Encoder* e) noexcept nogil:
    """FEATURES, in order, from the view alone."""
    cdef int r, p, i, on_table = v.n_played % N_PLAYERS, first = v.n_played - on_table
    cdef int leader = v.leader[first // N_PLAYERS] if first < N_CARDS else -1
    cdef uint64_t played = 0
    cdef uint64_t trick[N_PLAYERS]
    for i in range(first):
        played |= bit(v.plays[i])
    for p in range(N_PLAYERS):
        trick[p] = 0
    for i in range(on_table):
        trick[(leader + i) % N_PLAYERS] = bit(v.plays[first + i])
    put_onehot(e, v.phase, 2)
    put_onehot(e, v.pass_dir, 4)
    put_onehot(e, relative_seat(v.current, seat, N_PLAYERS), N_PLAYERS)
    put_bits(e, v.hand[seat], N_CARDS)
    for r in range(1, N_PLAYERS):
        put_bits(e, v.hand[(seat + r) % N_PLAYERS], N_CARDS)
    for r in range(1, N_PLAYERS):
        p = (seat + r) % N_PLAYERS
        for i in range(N_SUITS):
            put_flag(e, not v.allowed[p] & suit_bits(i))
    for r in range(1, N_PLAYERS):
        put_flag(e, not v.allowed[(seat + r) % N_PLAYERS] & ~(suit_bits(HEARTS) | bit(QUEEN_SPADES)))
    put_bits(e, played, N_CARDS)
    for r in range(N_PLAYERS):
        put_bits(e, trick[(seat + r) % N_PLAYERS], N_CARDS)
    put_onehot(e, relative_seat(leader, seat, N_PLAYERS), N_PLAYERS)
    put_bits(e, _passed_mask(v, seat), N_CARDS)
    put_bits(e, _passed_mask(v, pass_source(seat, v.pass_dir)) if v.pass_dir != NO_PASS and v.phase != PH_PASS
             else 0, N_CARDS)
    for r in range(N_PLAYERS):
        put_count(e, v.hand_n[(seat + r) % N_PLAYERS], HAND_SIZE)
    for r in range(N_PLAYERS):
        put_count(e, v.points[(seat + r) % N_PLAYERS], TOTAL_POINTS)
    for r in range(N_PLAYERS):
        put_flag(e, v.points[(seat + r) % N_PLAYERS] > 0)
    put_flag(e, v.hearts_broken)
    put_count(e, first // N_PLAYERS, N_TRICKS)


cdef str check_view(HeartsData* v, int seat):
    """Why ``v`` is not a view ``seat`` can have, or '': the ranges are checked, then a sample is drawn; it must be a
    state the rules reach and must give the seat back exactly this view."""
    cdef HeartsData probe
    cdef HeartsState sample
    cdef Rng rng
    cdef int i, p, k
    if v.pass_dir >= N_PLAYERS or v.phase > PH_GAME_OVER or v.n_passed > N_PASSES or v.n_played > N_CARDS:
        return "pass_dir, phase, n_passed or n_played out of range"
    for i in range(N_CARDS):
        if v.deal[i] != NO_CARD and v.deal[i] >= N_CARDS or v.plays[i] >= N_CARDS and i < v.n_played:
            return "a card id out of range"
    for p in range(N_PLAYERS):
        if v.hand[p] & ~all_cards() or v.allowed[p] & ~all_cards() or v.hand_n[p] > HAND_SIZE:
            return "a hand out of range"
        for k in range(PASS_SIZE):
            if v.passed[p][k] != NO_CARD and v.passed[p][k] >= N_CARDS:
                return "a passed card out of range"
    for i in range(N_TRICKS):
        if not -1 <= v.leader[i] < N_PLAYERS or not -1 <= v.winner[i] < N_PLAYERS:
            return "a trick's leader or winner out of range"
    for i in range(v.n_played):
        if v.leader[i // N_PLAYERS] < 0:
            return "a played trick without a leader"
    rng_seed(&rng, 0x5EED)
    sample = HeartsState.__new__(HeartsState)
    if not sample_view(v, seat, &sample.d, &rng):
        return "no deal of the unseen cards fits it"
    problem = sample.validate()
    if problem:
        return problem
    observe(&sample.d, seat, &probe)
    if (<char*>&probe)[:sizeof(HeartsData)] != (<char*>v)[:sizeof(HeartsData)]:
        return "it is not what the seat would see of any state"
    return ""
