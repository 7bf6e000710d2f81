"""What one BANG! seat knows (rules 10), and the sampler that deals full states consistent with it (10.3).

A view is the state's data block with what the seat cannot see removed:

- roles: every role but the seat's own, the Sheriff's and the revealed ones (the eliminated) is ROLE_UNKNOWN;
- cards: a card in another hand, in the main deck or in transit whose place the seat does not know (``known[c]``
  has no bit for it) gets ``loc`` LOC_UNKNOWN, its entry in ``deck``/``transit`` 255 and its knowledge bits cleared
  (but the public KNOWN_POOL bit); every card the seat saw move keeps its place (General Store picks, Panic!ed blue
  cards, Pedro Ramirez's card, Black Jack's shown card, cards it took or lost at random, Kit Carlson's returned card
  for Kit Carlson, the discard pile, every play area);
- the equipment deck: its face-down part in ascending id (its order is unknown, its composition public);
- the generator is absent.

The view also counts what the seat knows of the cards it cannot place (data.pxd's records, public, or computed
from the state for this seat alone): every card's ``age`` (deck formations since it was last in the deck's pool:
a card drawn before the last reshuffle is not in the deck, 10.3), per other hand the cards of each age it holds
outside the mixing groups (``vw_slots``: whoever has not drawn since a reshuffle holds no card of the new pool),
the age of each hidden card in transit, and per mixing group (the victim's hand at a random take by Jesse Jones,
El Gringo or Panic!, or Kit Carlson's three cards when one of them went back on the deck) how many of its cards are
at each of its two places, which of its cards the seat knew to be there (``grp``), and the ages of the others.

The sampler fills exactly those unknowns:

- roles: the unrevealed seats other than the observer get a uniformly random arrangement of the role cards left
  (1.3 minus the revealed ones minus the observer's): exact, since a deal makes every consistent assignment equally
  likely (10.3; weighting by play is an AI's inference, not a rule);
- cards: the anonymous cards of each age are dealt uniformly over that age's places (the deck's hidden places take
  the current pool, the hands and transit their counts, each mixing group its share), then each group's cards
  uniformly over its two places (one card where the taken card or Kit Carlson's returned card went, the rest in the
  victim's or Kit's hand).  This is the physical posterior (every consistent history of deals, draws and random
  takes equally likely) as long as the groups are live.  A group dissolves, by public facts only, as soon as a card
  leaves or is shown from one of its places, or a new group shares a place with it: its cards become ordinary
  cards of their places and, if their ages differed, every card of those ages takes the youngest (the moved card's
  age was never public).  That is a relaxation (a known card of the group may then be dealt outside its two
  hands, an old card into the deck), never a constraint the truth breaks; ``tests/test_bang_sampler_exact.py``
  measures the exact cases against physical deals;
- the equipment deck: its face-down part is shuffled.

Every sample gives its seat back exactly the view it was drawn from: ``sample.information_set(seat) == info``.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.bang.data cimport *
from deadeye.core.bang.state cimport BangState, check_data, shuffle


cdef inline int group_place(const BangData* d, int g, int k) noexcept nogil:
    """1 if place k (a loc, or LOC_DECK for the top card) is group g's single place, 2 its other one, else 0."""
    cdef int one = d.g_one[g] - 1
    if k == LOC_HAND + d.g_rest[g]:
        return 2
    if (one == GP_DECK_TOP and k == LOC_DECK) or (one < GP_DECK_TOP and k == LOC_HAND + one):
        return 1
    return 0


cdef void observe(const BangData* d, int seat, BangData* v) noexcept nogil:
    """``v`` := the state as ``seat`` pictures it (rules 10)."""
    cdef int q, c, i, j, k, t, g, w
    v[0] = d[0]
    j = 0
    for i in range(d.n_events):                     # a private EV_SEEN is never part of a view
        if d.ev_kind[i] != EV_SEEN:
            v.ev_kind[j], v.ev_player[j], v.ev_a[j], v.ev_b[j] = d.ev_kind[i], d.ev_player[i], d.ev_a[i], d.ev_b[i]
            j += 1
    for i in range(j, MAX_EVENTS):                   # past them, what older actions left (private ones too)
        v.ev_kind[i] = v.ev_player[i] = v.ev_a[i] = v.ev_b[i] = 0
    v.n_events = j
    for q in range(d.n_players):
        if q != seat and not d.revealed[q]:
            v.role[q] = ROLE_UNKNOWN
    memset(v.grp, 0, sizeof(v.grp))
    memset(v.grp_seen, 0, sizeof(v.grp_seen))
    clear_view_records(v)
    for c in range(N_CARDS):
        k = d.loc[c]
        if (k == LOC_DECK or k == LOC_TRANSIT or (LOC_HAND <= k < LOC_HAND + MAX_PLAYERS and k != LOC_HAND + seat)) \
                and not (d.known[c] >> seat) & 1:
            v.loc[c] = LOC_UNKNOWN
            v.known[c] = d.known[c] & KNOWN_POOL
            g = d.grp[c] - 1                         # what the seat can count of it: its group, or its age and hand
            w = group_place(d, g, k) if g >= 0 and d.g_one[g] else 0
            if w:
                if w == 1:
                    v.vw_g_one[g] += 1
                else:
                    v.vw_g_rest[g] += 1
                if (d.grp_seen[c] >> seat) & 1:
                    v.grp[c] = g + 1
                else:
                    v.vw_g_age[g][d.age[c]] += 1
            elif k >= LOC_HAND:
                v.vw_slots[k - LOC_HAND][d.age[c]] += 1
    for i in range(d.deck_n):
        if v.loc[d.deck[i]] == LOC_UNKNOWN:
            v.deck[i] = 255
    for i in range(d.deck_n, N_CARDS):              # what the array held past the top: the cards drawn from it
        v.deck[i] = 0
    for i in range(d.transit_n):
        if v.loc[d.transit[i]] == LOC_UNKNOWN:
            v.transit[i] = 255
            v.vw_transit_age[i] = d.age[d.transit[i]]
    for i in range(d.eq_up, d.eq_n):                 # the face-down part in ascending id: its order is unknown
        for j in range(i + 1, d.eq_n):
            if v.eq_deck[j] < v.eq_deck[i]:
                t = v.eq_deck[i]
                v.eq_deck[i] = v.eq_deck[j]
                v.eq_deck[j] = t


cdef inline void clear_view_records(BangData* d) noexcept nogil:
    """Zero the view-only records (what a seat may not place): a view rebuilds them, a sample drops them."""
    memset(d.vw_slots, 0, sizeof(d.vw_slots))
    memset(d.vw_transit_age, 0, sizeof(d.vw_transit_age))
    memset(d.vw_g_one, 0, sizeof(d.vw_g_one))
    memset(d.vw_g_rest, 0, sizeof(d.vw_g_rest))
    memset(d.vw_g_age, 0, sizeof(d.vw_g_age))


cdef inline void place_card(BangData* out, int c, int k, int seat) noexcept nogil:
    """Card c of unknown place goes to hand k - LOC_HAND (its holder now knows it), or to the deck's list already."""
    out.loc[c] = k
    out.known[c] = out.known[c] | (1 << (k - LOC_HAND))


cdef bint sample_view(const BangData* v, int seat, BangData* out, Rng* rng) noexcept nogil:
    """``out`` := a state consistent with view ``v`` of ``seat`` (see the module docstring); False if none is."""
    cdef int n = v.n_players, q, r, c, i, j, t, m, k, a, g, top_group = -1
    cdef uint8_t left[MAX_PLAYERS]
    cdef int count[4]
    cdef uint8_t cards[N_AGES][N_CARDS]             # the anonymous cards of unknown place, by age
    cdef int ncards[N_AGES]
    cdef int used[N_AGES]
    cdef int need[N_AGES]
    cdef uint8_t members[N_CARDS]
    out[0] = v[0]
    # roles
    for r in range(4):
        count[r] = roles_of(n, r)
    m = 0
    for q in range(n):
        if v.role[q] != ROLE_UNKNOWN:
            if v.role[q] > DEPUTY:
                return False
            count[v.role[q]] -= 1
    for r in range(4):
        if count[r] < 0:
            return False
        for i in range(count[r]):
            left[m] = r
            m += 1
    k = 0
    for q in range(n):
        if v.role[q] == ROLE_UNKNOWN:
            k += 1
    if k != m:
        return False
    for i in range(m - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = left[i]
        left[i] = left[j]
        left[j] = t
    m = 0
    for q in range(n):
        if v.role[q] == ROLE_UNKNOWN:
            out.role[q] = left[m]
            m += 1
    # cards: every age's anonymous cards are dealt uniformly over that age's places, then every group's cards over
    # the group's two places
    clear_view_records(out)
    for a in range(N_AGES):
        ncards[a] = used[a] = need[a] = 0
    for c in range(N_CARDS):
        if v.loc[c] == LOC_UNKNOWN and not v.grp[c]:
            a = v.age[c]
            if a >= N_AGES:
                return False
            cards[a][ncards[a]] = c
            ncards[a] += 1
    for g in range(MAX_GROUPS):
        if v.g_one[g]:
            if v.g_one[g] - 1 == GP_DECK_TOP and v.vw_g_one[g]:
                top_group = g
            for a in range(N_AGES):
                need[a] += v.vw_g_age[g][a]
        elif v.vw_g_one[g] or v.vw_g_rest[g]:
            return False
    for q in range(n):
        if q != seat:
            for a in range(N_AGES):
                need[a] += v.vw_slots[q][a]
    for i in range(v.transit_n):
        if v.transit[i] == 255:
            if v.vw_transit_age[i] >= N_AGES:
                return False
            need[v.vw_transit_age[i]] += 1
    for i in range(v.deck_n):
        if v.deck[i] == 255 and not (i == v.deck_n - 1 and top_group >= 0):
            need[0] += 1
    for a in range(N_AGES):
        if need[a] != ncards[a]:
            return False
        shuffle(cards[a], ncards[a], rng)
    for i in range(v.deck_n):                        # the deck's hidden places: cards of the current pool
        if v.deck[i] == 255 and not (i == v.deck_n - 1 and top_group >= 0):
            c = cards[0][used[0]]
            used[0] += 1
            out.deck[i] = c
            out.loc[c] = LOC_DECK
    for i in range(v.transit_n):                     # the hidden cards in transit (Kit Carlson's, Dutch Will's look)
        if v.transit[i] == 255:
            a = v.vw_transit_age[i]
            c = cards[a][used[a]]
            used[a] += 1
            out.transit[i] = c
            out.loc[c] = LOC_TRANSIT
            out.known[c] = v.known[c] | (1 << v.turn_player)
    for q in range(n):                               # the other hands
        if q == seat:
            continue
        for a in range(N_AGES):
            for i in range(v.vw_slots[q][a]):
                place_card(out, cards[a][used[a]], LOC_HAND + q, seat)
                used[a] += 1
    for g in range(MAX_GROUPS):                      # the groups: their known cards and their share of each age
        if not v.g_one[g]:
            continue
        m = 0
        for c in range(N_CARDS):
            if v.grp[c] == g + 1 and v.loc[c] == LOC_UNKNOWN:
                members[m] = c
                m += 1
                out.grp_seen[c] = 1 << seat
        for a in range(N_AGES):
            for i in range(v.vw_g_age[g][a]):
                members[m] = cards[a][used[a]]
                used[a] += 1
                m += 1
        if m != v.vw_g_one[g] + v.vw_g_rest[g] or (v.vw_g_rest[g] and (v.g_rest[g] >= n or v.g_rest[g] == seat)):
            return False
        shuffle(members, m, rng)
        for i in range(m):
            c = members[i]
            out.grp[c] = g + 1
            if i < v.vw_g_one[g]:
                if top_group == g:
                    out.deck[v.deck_n - 1] = c
                    out.loc[c] = LOC_DECK
                    out.known[c] = v.known[c] | (1 << v.g_rest[g])
                elif v.g_one[g] - 1 < n and v.g_one[g] - 1 != seat:
                    place_card(out, c, LOC_HAND + v.g_one[g] - 1, seat)
                else:
                    return False
            else:
                place_card(out, c, LOC_HAND + v.g_rest[g], seat)
    if top_group >= 0 and v.deck[v.deck_n - 1] != 255:
        return False
    for i in range(v.eq_n - 1, v.eq_up, -1):         # the face-down equipment in a random order
        j = v.eq_up + rng_below(rng, i - v.eq_up + 1)
        t = out.eq_deck[i]
        out.eq_deck[i] = out.eq_deck[j]
        out.eq_deck[j] = t
    return True


cdef class BangInformationSet(InformationSet):
    """What one seat of a BANG! game knows (rules 10); ``sample()`` deals full states consistent with it.

    >>> from deadeye.core.bang import new_state
    >>> state = new_state(players=5, seed=3)
    >>> info = state.information_set(1)
    >>> sample = info.sample(7)
    >>> sample.information_set(1) == info, sorted(r for r in sample.roles()) == sorted(state.roles())
    (True, True)
    """

    state_class = BangState

    cdef BangData view                  # the state as `seat` pictures it: hidden parts ROLE_UNKNOWN, LOC_UNKNOWN, 255

    cdef void* _data(self) noexcept nogil:
        return &self.view

    cdef size_t _data_size(self) noexcept nogil:
        return sizeof(BangData)

    cdef void _observe(self, GameState state) noexcept:
        observe(&(<BangState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return sample_view(&self.view, self.seat, &(<BangState>out).d, rng)

    def validate(self) -> str:
        """Why the view is not one the seat can have, or ''."""
        cdef int c, q
        problem = check_data(&self.view)
        if problem:
            return problem
        if self.view.role[self.seat] == ROLE_UNKNOWN:
            return "the seat does not know its own role"
        for c in range(N_CARDS):
            if self.view.loc[c] == LOC_UNKNOWN and self.view.known[c] & ~KNOWN_POOL:
                return f"card {c}: knowledge bits of a card of unknown place"
        cdef BangInformationSet probe = BangInformationSet.__new__(BangInformationSet)
        cdef BangState state = BangState.__new__(BangState)
        cdef Rng rng
        rng.state = 12345
        if not sample_view(&self.view, self.seat, &state.d, &rng) or check_data(&state.d):
            return "no deal of the hidden cards and roles fits the view"
        probe.seat = self.seat
        observe(&state.d, self.seat, &probe.view)
        if probe != self:
            return "the view is not what the seat would see of any state it admits"
        return ""

    def describe(self) -> str:
        """The table as this seat sees it, as text."""
        from .text import describe_view
        return describe_view(self.to_dict())
