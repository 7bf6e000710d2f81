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

The sampler fills exactly those unknowns:

- roles: the unrevealed seats other than the observer get a uniformly random arrangement of the role cards left
  (1.3 minus the revealed ones minus the observer's): exact, since a deal makes every consistent assignment equally
  likely (10.3; weighting by play is an AI's inference, not a rule);
- cards: the hidden places of the main deck take a uniformly random draw of the unknown cards of the deck's public
  pool (KNOWN_POOL: the cards the deck was last formed from, 10.3), and the other unknown cards are dealt uniformly
  to the hidden cards in transit (Kit Carlson's and Dutch Will's look) and the other hands' hidden places.  Exact for the constraints kept; not exact where play
  adds more: a seat that has not drawn since the last reshuffle cannot hold a pool card, the random card a
  Jesse Jones/El Gringo/Panic! took came from a specific hand, and the three cards Kit Carlson saw were together
  (the sampler does not keep these; ``tests/test_bang_sampler_exact.py`` measures each against physical deals:
  TV 0.39, 0.57 and 0.39 in its positions, strict xfails; exact in the others);
- the equipment deck: its face-down part is shuffled.

Every sample gives its seat back exactly the view it was drawn from: ``sample.information_set(seat) == info``.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.bang.data cimport *
from deadeye.core.bang.state cimport BangState, check_data


cdef void observe(const BangData* d, int seat, BangData* v) noexcept nogil:
    """``v`` := the state as ``seat`` pictures it (rules 10)."""
    cdef int q, c, i, j, k, t
    v[0] = d[0]
    j = 0
    for i in range(d.n_events):                     # a private EV_SEEN is never part of a view
        if d.ev_kind[i] != EV_SEEN:
            v.ev_kind[j], v.ev_player[j], v.ev_a[j], v.ev_b[j] = d.ev_kind[i], d.ev_player[i], d.ev_a[i], d.ev_b[i]
            j += 1
    for i in range(j, d.n_events):
        v.ev_kind[i] = v.ev_player[i] = v.ev_a[i] = v.ev_b[i] = 0
    v.n_events = j
    for q in range(d.n_players):
        if q != seat and not d.revealed[q]:
            v.role[q] = ROLE_UNKNOWN
    for c in range(N_CARDS):
        k = d.loc[c]
        if (k == LOC_DECK or k == LOC_TRANSIT or (LOC_HAND <= k < LOC_HAND + MAX_PLAYERS and k != LOC_HAND + seat)) \
                and not (d.known[c] >> seat) & 1:
            v.loc[c] = LOC_UNKNOWN
            v.known[c] = d.known[c] & KNOWN_POOL
    for i in range(d.deck_n):
        if v.loc[d.deck[i]] == LOC_UNKNOWN:
            v.deck[i] = 255
    for i in range(d.transit_n):
        if v.loc[d.transit[i]] == LOC_UNKNOWN:
            v.transit[i] = 255
    for i in range(d.eq_up, d.eq_n):                 # the face-down part in ascending id: its order is unknown
        for j in range(i + 1, d.eq_n):
            if v.eq_deck[j] < v.eq_deck[i]:
                t = v.eq_deck[i]
                v.eq_deck[i] = v.eq_deck[j]
                v.eq_deck[j] = t


cdef bint sample_view(const BangData* v, int seat, BangData* out, Rng* rng) noexcept nogil:
    """``out`` := a state consistent with view ``v`` of ``seat`` (see the module docstring); False if none is."""
    cdef int n = v.n_players, q, r, c, i, j, t, m, npool = 0, nother = 0, slots = 0, k
    cdef uint8_t left[MAX_PLAYERS]
    cdef int count[4]
    cdef uint8_t pool[N_CARDS]
    cdef uint8_t other[N_CARDS]
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
    # cards
    for c in range(N_CARDS):
        if v.loc[c] == LOC_UNKNOWN:
            if v.known[c] & KNOWN_POOL:
                pool[npool] = c
                npool += 1
            else:
                other[nother] = c
                nother += 1
    for i in range(v.deck_n):
        if v.deck[i] == 255:
            slots += 1
    for i in range(slots):                           # the deck's hidden places: a uniform draw of pool cards
        if i < npool:
            j = i + rng_below(rng, npool - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        elif nother > 0:                             # the deck holds a card from before its last reshuffle (Kit
            j = rng_below(rng, nother)               # Carlson's returned card): any unknown card may fill it
            pool[i] = other[j]
            other[j] = other[nother - 1]
            nother -= 1
        else:
            return False
    j = 0
    for i in range(v.deck_n):
        if v.deck[i] == 255:
            c = pool[j]
            j += 1
            out.deck[i] = c
            out.loc[c] = LOC_DECK
            out.known[c] = v.known[c]
    for i in range(slots, npool):                    # the rest join the other unknown cards, dealt to the hands
        other[nother] = pool[i]                      # and to the hidden cards in transit
        nother += 1
    for i in range(nother - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = other[i]
        other[i] = other[j]
        other[j] = t
    j = 0
    for i in range(v.transit_n):
        if v.transit[i] == 255:
            if j >= nother:
                return False
            c = other[j]
            j += 1
            out.transit[i] = c
            out.loc[c] = LOC_TRANSIT
            out.known[c] = v.known[c] | (1 << v.turn_player)
    for q in range(n):
        if q == seat:
            continue
        k = v.hand_n[q]
        for c in range(N_CARDS):
            if v.loc[c] == LOC_HAND + q:
                k -= 1
        if k < 0 or j + k > nother:
            return False
        for i in range(k):
            c = other[j]
            j += 1
            out.loc[c] = LOC_HAND + q
            out.known[c] = v.known[c] | (1 << q)
    if j != nother:
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
        if not sample_view(&self.view, self.seat, &state.d, &rng):
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
