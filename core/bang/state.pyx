"""BANG! with Gold Rush and the Ghost Gunslinger variant, 4 to 7 players, as ../shared/rules/bang-gold-rush.md says
(cited as section numbers, its decisions as D).

The whole game is one C struct (data.pxd).  Every decision of the rules' list (3.8) is one action id of the seat
that makes it, at the moment it makes it (ACTIONS.md): the top frame of a small pending-decision stack says who
decides what, so out-of-turn replies (a BANG! effect's target, a Duel's turn, an Indians! target, a General Store
pick, a dying window) are decisions of that seat.  Everything the rules call automatic runs inside ``apply`` until
the next decision.  Every random event (deals, shuffles, draws, a random hand card) comes from the state's seeded
generator.

Choices where the rules leave room (binding here):

- Several cards reaching the discard pile at once go in ascending card id (D40 lets an engine skip the question
  when it does not matter; it matters only for Pedro Ramirez's next draw: a documented simplification), except
  where the decisions already give an order: phase 3 discards one card at a time, Sid Ketchum's two cards go in
  the order picked.
- Dutch Will with only 1 card drawn (deck and pile exhausted) keeps it and still takes his nugget.
- A brown equipment card goes to the bottom of the equipment deck as soon as the row is refilled, before its
  effect resolves (its place among the face-up bottom cards never matters, D31).
- A game still running after MOVE_CAP decisions ends unfinished (``winner`` WIN_NONE, every return 0): a safety net
  that random games do not reach.
"""
from libc.string cimport memset, memmove

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, MAX_ACTIONS, MAX_SEATS, OBS_HIDDEN
from deadeye.core.bang.data cimport *

from deadeye.core.layout import derive_layout
from deadeye.core.bang.labels cimport action_label


cdef BangData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``BangData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef BangData struct = fields


STATE_LAYOUT = derive_layout("BangData", sizeof(BangData), _ZERO, _as_struct)
EVENT_NAMES = ("", "draw", "draw_check", "play", "discard", "life", "eliminated", "nuggets", "buy", "equip_gone", "row",
               "reshuffle", "take", "game_over", "turn", "side", "shown", "seen")


# ====================================================================== small helpers

cdef inline void log(BangData* d, int kind, int player, int a, int b) noexcept nogil:
    cdef int i = d.n_events
    if i < MAX_EVENTS:
        d.ev_kind[i] = kind
        d.ev_player[i] = player
        d.ev_a[i] = a
        d.ev_b[i] = b
        d.n_events += 1


cdef inline int top(const BangData* d) noexcept nogil:
    return d.fr_n - 1


cdef inline void push(BangData* d, int kind, int a, int b, int c, int dd, int e) noexcept nogil:
    cdef int i = d.fr_n
    if i >= MAX_FRAMES:                     # cannot happen: the deepest chain is turn, play, multi, bang, dying, sid
        return
    d.fr_kind[i] = kind
    d.fr_a[i] = a
    d.fr_b[i] = b
    d.fr_c[i] = c
    d.fr_d[i] = dd
    d.fr_e[i] = e
    d.fr_n += 1


cdef inline void clear_stack(BangData* d, int step) noexcept nogil:
    """Back to the turn frame alone, at `step` (the turn ends at once, or phase 2 ends)."""
    cdef int i
    for i in range(1, MAX_FRAMES):
        d.fr_kind[i] = 0
        d.fr_a[i] = 0
        d.fr_b[i] = 0
        d.fr_c[i] = 0
        d.fr_d[i] = 0
        d.fr_e[i] = 0
    d.fr_n = 1
    d.fr_a[0] = step


cdef inline void pop(BangData* d) noexcept nogil:
    if d.fr_n > 1:
        d.fr_n -= 1
        d.fr_kind[d.fr_n] = 0
        d.fr_a[d.fr_n] = 0
        d.fr_b[d.fr_n] = 0
        d.fr_c[d.fr_n] = 0
        d.fr_d[d.fr_n] = 0
        d.fr_e[d.fr_n] = 0


cdef inline int all_seats(const BangData* d) noexcept nogil:
    return (1 << d.n_players) - 1


cdef inline void set_known(BangData* d, int c, int mask) noexcept nogil:
    d.known[c] = (d.known[c] & KNOWN_POOL) | (mask & 0x7F)


cdef bint is_participant(const BangData* d, int p) noexcept nogil:
    return d.status[p] == ST_LIVING or d.status[p] == ST_GHOST_ACTIVE


cdef inline bint ability(const BangData* d, int p, int ch) noexcept nogil:
    """Seat p has character ch and it works now (an inactive ghost's ability does not, 9.5)."""
    return d.character[p] == ch and is_participant(d, p)


cdef inline int living_count(const BangData* d) noexcept nogil:
    cdef int p, n = 0
    for p in range(d.n_players):
        if d.status[p] == ST_LIVING:
            n += 1
    return n


cdef inline int participant_count(const BangData* d) noexcept nogil:
    cdef int p, n = 0
    for p in range(d.n_players):
        if is_participant(d, p):
            n += 1
    return n


cdef inline int next_participant(const BangData* d, int p) noexcept nogil:
    cdef int i, q
    for i in range(1, d.n_players + 1):
        q = (p + i) % d.n_players
        if is_participant(d, q):
            return q
    return p


cdef inline int in_play(const BangData* d, int p, int kind) noexcept nogil:
    """The card of that kind in play in front of p, or -1."""
    cdef int c
    for c in range(kind_first(kind), kind_first(kind + 1)):
        if d.loc[c] == LOC_PLAY + p:
            return c
    return -1


cdef inline int weapon_of(const BangData* d, int p) noexcept nogil:
    cdef int c
    for c in range(kind_first(K_VOLCANIC), N_CARDS):
        if d.loc[c] == LOC_PLAY + p:
            return c
    return -1


cdef inline int has_equip(const BangData* d, int p, int kind) noexcept nogil:
    """The equipment card of that kind in front of p, or -1."""
    cdef int e
    if not d.gold_rush:
        return -1
    for e in range(equip_first(kind), equip_first(kind + 1)):
        if d.eq_loc[e] == EQL_PLAY + p:
            return e
    return -1


cdef inline bint has_blue(const BangData* d, int p) noexcept nogil:
    cdef int c
    for c in range(kind_first(K_BARREL), N_CARDS):
        if d.loc[c] == LOC_PLAY + p:
            return True
    return False


cdef int reach(const BangData* d, int p) noexcept nogil:
    """The range of p's weapon, or 1 for the Colt .45 (rules 5)."""
    cdef int w = weapon_of(d, p)
    return 1 if w < 0 else card_kind(w) - K_VOLCANIC + 1


cdef int distance(const BangData* d, int a, int b) noexcept nogil:
    """Distance from a to b among the participants (rules 5)."""
    cdef int i, q, ia = -1, ib = -1, m = 0, steps, dist
    for i in range(d.n_players):
        if is_participant(d, i):
            if i == a:
                ia = m
            if i == b:
                ib = m
            m += 1
    if ia < 0 or ib < 0:
        return 99
    steps = ia - ib if ia > ib else ib - ia
    dist = steps if steps <= m - steps else m - steps
    if in_play(d, b, K_MUSTANG) >= 0:
        dist += 1
    if d.character[b] == PAUL_REGRET:
        dist += 1
    if in_play(d, a, K_SCOPE) >= 0:
        dist -= 1
    if d.character[a] == ROSE_DOOLAN:
        dist -= 1
    return dist if dist >= 1 else 1


# ---------------------------------------------------------------------- cards moving

cdef void reshuffle(BangData* d, Rng* rng) noexcept nogil:
    """The whole discard pile becomes the new main deck (3.3, D18); its composition is public (10.3)."""
    cdef int i, c
    for c in range(N_CARDS):
        d.known[c] &= ~KNOWN_POOL
        if d.age[c] < N_AGES - 1:
            d.age[c] += 1
    for i in range(d.discard_n):
        c = d.discard[i]
        d.deck[i] = c
        d.loc[c] = LOC_DECK
        d.known[c] = KNOWN_POOL
        d.age[c] = 0
    d.deck_n = d.discard_n
    d.discard_n = 0
    shuffle(d.deck, d.deck_n, rng)
    log(d, EV_RESHUFFLE, -1, 0, 0)


cdef int draw_top(BangData* d, Rng* rng) noexcept nogil:
    """The top card of the main deck (reshuffling first when it is empty), or -1 when none is left (3.3)."""
    if d.deck_n == 0:
        if d.discard_n == 0:
            return -1
        reshuffle(d, rng)
    d.deck_n -= 1
    d.place_out[GP_DECK_TOP] += 1
    return d.deck[d.deck_n]


cdef inline void to_hand(BangData* d, int c, int p, int mask) noexcept nogil:
    cdef int k = d.loc[c]
    if (mask | (1 << p)) & all_seats(d) != all_seats(d) and k < LOC_PLAY:     # a card not everybody sees
        log(d, EV_SEEN, p, c, k - LOC_HAND if LOC_HAND <= k < LOC_HAND + MAX_PLAYERS else -1)
    d.loc[c] = LOC_HAND + p
    d.hand_n[p] += 1
    set_known(d, c, mask | (1 << p))


cdef inline void show_in_hand(BangData* d, int c) noexcept nogil:
    """Hand card c is shown to everybody: for the mixing groups, as if it had left the hand."""
    set_known(d, c, 0x7F)
    d.place_out[d.loc[c] - LOC_HAND] += 1


cdef inline void to_discard(BangData* d, int c) noexcept nogil:
    d.loc[c] = LOC_DISCARD
    d.discard[d.discard_n] = c
    d.discard_n += 1
    set_known(d, c, 0x7F)


cdef inline void to_transit(BangData* d, int c, int mask) noexcept nogil:
    d.loc[c] = LOC_TRANSIT
    d.transit[d.transit_n] = c
    d.transit_n += 1
    set_known(d, c, mask)


cdef void transit_out(BangData* d, int c) noexcept nogil:
    """Take card c out of the transit list (it goes somewhere else next)."""
    cdef int i, j = 0
    for i in range(d.transit_n):
        if d.transit[i] != c:
            d.transit[j] = d.transit[i]
            j += 1
    d.transit_n = j
    for i in range(j, MAX_TRANSIT):
        d.transit[i] = 0


cdef void flush_transit(BangData* d) noexcept nogil:
    """Every card in transit goes to the discard pile, in ascending card id (D40)."""
    cdef int c
    for c in range(N_CARDS):
        if d.loc[c] == LOC_TRANSIT:
            to_discard(d, c)
    d.transit_n = 0
    memset(d.transit, 0, sizeof(d.transit))


cdef void suzy_check(BangData* d, Rng* rng, int p) noexcept nogil:
    """Suzy Lafayette draws as soon as her hand is empty (1.2, D39), not from a ghost's phase 3 on (D36)."""
    cdef int c
    if d.hand_n[p] != 0 or not ability(d, p, SUZY_LAFAYETTE):
        return
    if d.status[p] == ST_GHOST_ACTIVE and d.fr_a[0] >= TS_END:      # phase 3 runs while the step is TS_END
        return
    c = draw_top(d, rng)
    if c >= 0:
        to_hand(d, c, p, d.known[c])
        log(d, EV_DRAW, p, 1, 0)


cdef inline int take_from_hand(BangData* d, int c) noexcept nogil:
    """Card c leaves its owner's hand; returns the owner."""
    cdef int p = d.loc[c] - LOC_HAND
    d.hand_n[p] -= 1
    d.place_out[p] += 1
    return p


cdef void spend_card(BangData* d, Rng* rng, int c) noexcept nogil:
    """A played hand card goes to the discard pile at once (D46); Suzy Lafayette draws before its effect (D39)."""
    cdef int p = take_from_hand(d, c)
    to_discard(d, c)
    suzy_check(d, rng, p)


cdef void discard_from_hand(BangData* d, Rng* rng, int c) noexcept nogil:
    log(d, EV_DISCARD, d.loc[c] - LOC_HAND, c, 0)
    spend_card(d, rng, c)


cdef void draw_cards(BangData* d, Rng* rng, int p, int k) noexcept nogil:
    """p draws k cards from the main deck, one at a time (seen by p alone, 10.2)."""
    cdef int i, c, got = 0
    for i in range(k):
        c = draw_top(d, rng)
        if c < 0:
            break
        to_hand(d, c, p, d.known[c])                # who knew the top card (Kit Carlson) sees who drew it
        got += 1
    if got:
        log(d, EV_DRAW, p, got, 0)


cdef int random_hand_card(BangData* d, Rng* rng, int p) noexcept nogil:
    cdef int c, k, seen = 0, pick = -1
    if d.hand_n[p] == 0:
        return -1
    k = rng_below(rng, d.hand_n[p])
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p:
            if seen == k:
                pick = c
                break
            seen += 1
    return pick


# Mixing groups (data.pxd): what the other seats can know of a card taken at random or put back unseen.

cdef void dissolve(BangData* d, int g) noexcept nogil:
    """Group g's cards become ordinary cards of their places.  If their ages differed, the ages merge (every card
    of those ages takes the youngest): which age the moved card had was never public."""
    cdef int c, young = N_AGES, ages = 0
    for c in range(N_CARDS):
        if d.grp[c] == g + 1:
            ages |= 1 << d.age[c]
            if d.age[c] < young:
                young = d.age[c]
            d.grp[c] = 0
            d.grp_seen[c] = 0
    if ages & (ages - 1):
        for c in range(N_CARDS):
            if (ages >> d.age[c]) & 1:
                d.age[c] = young
                if young == 0:
                    d.known[c] |= KNOWN_POOL
    d.g_one[g] = 0


cdef int new_group(BangData* d, int one, int rest) noexcept nogil:
    """A free group for cards about to be spread over places one and rest, after dissolving every live group that
    shares a place with it (a group inside a group is not kept: a relaxation, see information.pyx)."""
    cdef int g, free = -1
    for g in range(MAX_GROUPS):
        if d.g_one[g] and (d.g_one[g] - 1 == one or d.g_one[g] - 1 == rest or d.g_rest[g] == one
                           or d.g_rest[g] == rest):
            dissolve(d, g)
    for g in range(MAX_GROUPS):
        if not d.g_one[g]:
            free = g
            break
    if free < 0:
        dissolve(d, 0)
        free = 0
    d.g_one[free] = one + 1
    d.g_rest[free] = rest
    return free


cdef inline void mark_group(BangData* d, int g) noexcept nogil:
    d.g_mark_one[g] = d.place_out[d.g_one[g] - 1]
    d.g_mark_rest[g] = d.place_out[d.g_rest[g]]


cdef void check_groups(BangData* d) noexcept nogil:
    """Dissolve every group a card has left a place of since it formed (public facts only)."""
    cdef int g
    for g in range(MAX_GROUPS):
        if d.g_one[g] and (d.place_out[d.g_one[g] - 1] != d.g_mark_one[g]
                           or d.place_out[d.g_rest[g]] != d.g_mark_rest[g]):
            dissolve(d, g)


cdef void steal_random(BangData* d, Rng* rng, int taker, int victim) noexcept nogil:
    """taker takes a random card of victim's hand, seen by both (10.2); for every other seat, any of the victim's
    cards may be the one taken, so none of them is known to be in either hand any more (a mixing group)."""
    cdef int c = random_hand_card(d, rng, victim), x, g
    if c < 0:
        return
    g = new_group(d, taker, victim)
    for x in range(N_CARDS):
        if d.loc[x] == LOC_HAND + victim:
            d.grp[x] = g + 1
            d.grp_seen[x] = d.known[x] & 0x7F
            set_known(d, x, d.known[x] & ((1 << victim) | (1 << taker)))
    take_from_hand(d, c)
    to_hand(d, c, taker, 1 << victim)
    mark_group(d, g)
    log(d, EV_TAKE, taker, -1, victim)
    suzy_check(d, rng, victim)


# ---------------------------------------------------------------------- nuggets and equipment

cdef inline void gain(BangData* d, int p, int n) noexcept nogil:
    if n > 0 and d.gold_rush:
        d.nuggets[p] += n
        d.nuggets_in += n
        log(d, EV_NUGGETS, p, n, 0)


cdef inline void spend(BangData* d, int p, int n) noexcept nogil:
    d.nuggets[p] -= n
    d.nuggets_out += n
    log(d, EV_NUGGETS, p, -n, 0)


cdef void eq_refill(BangData* d, Rng* rng) noexcept nogil:
    """Fill the empty row slots from the equipment deck (8.4, D7)."""
    cdef int s, e
    for s in range(ROW_SLOTS):
        if d.eq_row[s] < 0:
            e = eq_take_top(d, rng)
            if e < 0:
                return
            d.eq_row[s] = e
            d.eq_loc[e] = EQL_ROW
            log(d, EV_ROW, -1, e, s)


cdef int eq_take_top(BangData* d, Rng* rng) noexcept nogil:
    """The top equipment card, reshuffling the whole deck face down first when the top is face up (8.4)."""
    if d.eq_n == 0:
        return -1
    if d.eq_up >= d.eq_n:
        d.eq_up = 0
        shuffle(d.eq_deck, d.eq_n, rng)
        log(d, EV_RESHUFFLE, -1, 1, 0)
    d.eq_n -= 1
    if d.eq_up > d.eq_n:
        d.eq_up = d.eq_n
    return d.eq_deck[d.eq_n]


cdef void eq_to_bottom(BangData* d, Rng* rng, int e, int owner) noexcept nogil:
    """Equipment e goes to the bottom of the equipment deck face up (8.3), then empty row slots are refilled."""
    memmove(&d.eq_deck[1], &d.eq_deck[0], d.eq_n)
    d.eq_deck[0] = e
    d.eq_n += 1
    d.eq_up += 1
    d.eq_loc[e] = EQL_DECK
    if owner >= 0:
        log(d, EV_EQUIP_GONE, owner, e, 0)
    eq_refill(d, rng)


# ---------------------------------------------------------------------- life

cdef void heal(BangData* d, int p, int n) noexcept nogil:
    """p regains n life points, never above his maximum; an active ghost never gains life (7.1)."""
    cdef int before = d.life[p]
    if d.status[p] == ST_GHOST_ACTIVE or n <= 0:
        return
    d.life[p] = d.life[p] + n if d.life[p] + n <= d.max_life[p] else d.max_life[p]
    if d.life[p] != before:
        log(d, EV_LIFE, p, d.life[p] - before, -1)


cdef void lose_life(BangData* d, Rng* rng, int t, int n, int source) noexcept nogil:
    """LoseLife (7.2): nuggets to the source, per-point triggers (D1), then the dying window."""
    cdef int before, k, i
    if d.status[t] != ST_LIVING:
        return
    if source == t:
        source = -1
    before = d.life[t]
    d.life[t] = before - n
    log(d, EV_LIFE, t, -n, source)
    if source >= 0 and is_participant(d, source):
        gain(d, source, n)
    k = before - 1 if before - 1 < n else n
    if k < 0:
        k = 0
    for i in range(k):
        if ability(d, t, BART_CASSIDY):
            draw_cards(d, rng, t, 1)
        if has_equip(d, t, E_BOOTS) >= 0:
            draw_cards(d, rng, t, 1)
        if has_equip(d, t, E_LUCKY_CHARM) >= 0:
            gain(d, t, 1)
        if ability(d, t, SIMEON_PICOS):
            gain(d, t, 1)
        if ability(d, t, EL_GRINGO) and source >= 0 and is_participant(d, source) and d.hand_n[source] > 0:
            steal_random(d, rng, t, source)
    if d.life[t] <= 0:
        push(d, FR_DYING, t, source, 0, 0, 0)


cdef void madam_yto(BangData* d, Rng* rng) noexcept nogil:
    """A Beer card was played: Madam Yto draws 1 (1.5)."""
    cdef int i, q
    for i in range(d.n_players):
        q = (d.turn_player + i) % d.n_players
        if ability(d, q, MADAM_YTO):
            draw_cards(d, rng, q, 1)


# ---------------------------------------------------------------------- elimination and victory

cdef void check_victory(BangData* d) noexcept nogil:
    """7.6, after an elimination."""
    cdef int p, living = 0, last = -1, rivals = 0
    for p in range(d.n_players):
        if d.status[p] == ST_LIVING:
            living += 1
            last = p
            if d.role[p] == OUTLAW or d.role[p] == RENEGADE:
                rivals += 1
    if d.status[d.sheriff] != ST_LIVING:
        d.winner = WIN_RENEGADE if living == 1 and d.role[last] == RENEGADE else WIN_OUTLAWS
    elif rivals == 0:
        d.winner = WIN_SHERIFF
    else:
        return
    d.over = 1
    d.current = -1
    for p in range(d.n_players):                   # the game is over: every role card is turned up
        d.revealed[p] = 1
    log(d, EV_GAME_OVER, -1, d.winner, 0)


cdef void discard_everything(BangData* d, Rng* rng, int p, int to_seat) noexcept nogil:
    """p's hand and blue cards go to the discard pile (or to seat to_seat's hand: Vulture Sam), his equipment to the
    equipment deck's bottom."""
    cdef int c, e
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p:
            d.hand_n[p] -= 1
            d.place_out[p] += 1
            if to_seat >= 0:
                to_hand(d, c, to_seat, 1 << p)
            else:
                to_discard(d, c)
        elif d.loc[c] == LOC_PLAY + p:
            if to_seat >= 0:
                to_hand(d, c, to_seat, 0x7F)
            else:
                to_discard(d, c)
    for e in range(N_EQUIP):
        if d.eq_loc[e] == EQL_PLAY + p:
            eq_to_bottom(d, rng, e, p)


cdef void ghosts_depart(BangData* d, Rng* rng) noexcept nogil:
    """9.8: only the Sheriff and the Renegade are living: every ghost leaves for good (D45 for an active one)."""
    cdef int p
    for p in range(d.n_players):
        if d.status[p] == ST_GHOST:
            d.status[p] = ST_DEPARTED
        elif d.status[p] == ST_GHOST_ACTIVE:
            discard_everything(d, rng, p, -1)
            d.status[p] = ST_DEPARTED
            clear_stack(d, TS_NEXT)
            d.extra_turns = 0


cdef void eliminate(BangData* d, Rng* rng, int p, int killer) noexcept nogil:
    """Eliminate(p, killer), 7.4 in the order of D30."""
    cdef int q, vulture = -1, wanted, living, sheriff_renegade
    wanted = has_equip(d, p, E_WANTED) >= 0
    d.revealed[p] = 1
    d.life[p] = 0
    log(d, EV_ELIMINATED, p, d.role[p], killer)
    for q in range(d.n_players):
        if q != p and ability(d, q, VULTURE_SAM):
            vulture = q
    discard_everything(d, rng, p, vulture)
    d.status[p] = ST_DEAD                           # a ghost only at step 6: the final blow leaves him dead
    if not d.ghosts and d.nuggets[p] > 0:           # D22
        spend(d, p, d.nuggets[p])
    check_victory(d)
    if d.over:                                      # step 3 stops here: no ghost (so never the Sheriff)
        return
    if killer >= 0 and killer != p:
        if wanted:
            draw_cards(d, rng, killer, 2)
            gain(d, killer, 1)
        if d.role[p] == OUTLAW:
            draw_cards(d, rng, killer, 3)
        if d.role[p] == DEPUTY and d.role[killer] == SHERIFF:
            discard_everything(d, rng, killer, -1)
    if p == d.turn_player:
        clear_stack(d, TS_NEXT)
        d.extra_turns = 0
    if d.ghosts:                                    # step 6
        d.status[p] = ST_GHOST
        living = 0
        sheriff_renegade = 0
        for q in range(d.n_players):
            if d.status[q] == ST_LIVING:
                living += 1
                if d.role[q] == SHERIFF or d.role[q] == RENEGADE:
                    sheriff_renegade += 1
        if living == 2 and sheriff_renegade == 2:
            ghosts_depart(d, rng)
    if vulture >= 0:
        suzy_check(d, rng, vulture)
    if killer >= 0 and killer != p and is_participant(d, killer):
        suzy_check(d, rng, killer)


# ---------------------------------------------------------------------- draw!

cdef void draw_check(BangData* d, Rng* rng, int p, int purpose) noexcept nogil:
    """A "draw!" by p (6): flip 1 card, +1 for Lucky Duke, +1 for a Horseshoe; with several the checker chooses."""
    cdef int i, c, k = 1
    if ability(d, p, LUCKY_DUKE):
        k += 1
    if has_equip(d, p, E_HORSESHOE) >= 0:
        k += 1
    for i in range(k):
        c = draw_top(d, rng)
        if c < 0:
            break
        to_transit(d, c, 0x7F)
        log(d, EV_DRAW_CHECK, p, c, purpose)
    if d.transit_n > 1:
        push(d, FR_DRAWCHOICE, p, purpose, 0, 0, 0)
        return
    c = d.transit[0] if d.transit_n else -1
    flush_transit(d)
    draw_result(d, rng, p, purpose, c)


cdef void draw_result(BangData* d, Rng* rng, int p, int purpose, int c) noexcept nogil:
    """The effect of a "draw!" whose result is card c (-1: no card could be flipped, no success)."""
    cdef int suit = card_suit(c) if c >= 0 else -1, rank = card_rank(c) if c >= 0 else 0, t, q, i
    if purpose == DR_DYNAMITE:
        t = in_play(d, p, K_DYNAMITE)
        if suit == SPADES and 2 <= rank <= 9:
            to_discard(d, t)
            lose_life(d, rng, p, 3, -1)
        else:                                       # passes to the next living player (ghosts skipped)
            for i in range(1, d.n_players):
                q = (p + i) % d.n_players
                if d.status[q] == ST_LIVING:
                    if in_play(d, q, K_DYNAMITE) < 0:
                        d.loc[t] = LOC_PLAY + q
                    break
    elif purpose == DR_JAIL:
        t = in_play(d, p, K_JAIL)
        to_discard(d, t)
        if suit != HEARTS:
            d.turn_kind = 2
            d.fr_a[0] = TS_CLEANUP
    elif purpose == DR_BARREL or purpose == DR_JOURDONNAIS:
        t = top(d)
        if d.fr_kind[t] == FR_BANG and suit == HEARTS:
            d.fr_d[t] += 1
            if d.fr_d[t] >= d.fr_c[t]:
                pop(d)
    elif purpose == DR_DON_BELL:
        if suit == HEARTS or suit == DIAMONDS:
            d.extra_turns += 1


# ---------------------------------------------------------------------- effects

cdef inline bint calumet_blocks(const BangData* d, int user, int target, int suit) noexcept nogil:
    """Calumet: a diamond card played by another player has no effect on its owner (8.5, D12)."""
    return suit == DIAMONDS and user != target and has_equip(d, target, E_CALUMET) >= 0


cdef void start_bang(BangData* d, int shooter, int target, bint bang_card, int suit) noexcept nogil:
    """ResolveBang (4.4): the target's reply is a decision of his."""
    if d.status[target] == ST_GHOST_ACTIVE or d.status[target] != ST_LIVING:
        return
    if calumet_blocks(d, shooter, target, suit):
        return
    push(d, FR_BANG, shooter, target, 2 if bang_card and ability(d, shooter, SLAB_THE_KILLER) else 1, 0,
         BF_BANG_CARD if bang_card else 0)


cdef void start_multi(BangData* d, int user, int kind, int suit) noexcept nogil:
    cdef int q, mask = 0
    for q in range(d.n_players):
        if q != user and is_participant(d, q):
            mask |= 1 << q
    push(d, FR_MULTI, user, kind, suit, 1, mask)


cdef void start_store(BangData* d, Rng* rng, int user) noexcept nogil:
    """General Store (4.2): reveal one card per participant, one at a time (public), then the picks."""
    cdef int i, c, k = participant_count(d)
    for i in range(k):
        c = draw_top(d, rng)
        if c < 0:
            break
        to_transit(d, c, 0x7F)
        log(d, EV_SHOWN, user, c, 0)
    if d.transit_n:
        push(d, FR_STORE, user, k, 0, 0, 0)


cdef void start_duel(BangData* d, int user, int target) noexcept nogil:
    push(d, FR_DUEL, user, target, target, 0, 0)


cdef void rum(BangData* d, Rng* rng, int p) noexcept nogil:
    """Rum: a draw! of 4 (+1 Lucky Duke, +1 Horseshoe); 1 life per distinct suit (8.5, D8)."""
    cdef int i, c, k = 4, suits = 0, n = 0
    if ability(d, p, LUCKY_DUKE):
        k += 1
    if has_equip(d, p, E_HORSESHOE) >= 0:
        k += 1
    for i in range(k):
        c = draw_top(d, rng)
        if c < 0:
            break
        to_transit(d, c, 0x7F)
        log(d, EV_DRAW_CHECK, p, c, -1)
        suits |= 1 << card_suit(c)
    flush_transit(d)
    for i in range(4):
        n += (suits >> i) & 1
    heal(d, p, n)


cdef void beer_heal(BangData* d, int p) noexcept nogil:
    if living_count(d) > 2:
        heal(d, p, 1)


# ---------------------------------------------------------------------- legality helpers

cdef inline bint bang_allowed(const BangData* d, int p) noexcept nogil:
    return d.bangs == 0 or ability(d, p, WILLY_THE_KID) or in_play(d, p, K_VOLCANIC) >= 0


cdef inline bint as_bang(const BangData* d, int p, int c) noexcept nogil:
    """Card c counts as a BANG! for p (Calamity Janet: a Missed! too)."""
    cdef int k = card_kind(c)
    return k == K_BANG or (k == K_MISSED and ability(d, p, CALAMITY_JANET))


cdef inline bint as_missed(const BangData* d, int p, int c) noexcept nogil:
    cdef int k = card_kind(c)
    return k == K_MISSED or (k == K_BANG and ability(d, p, CALAMITY_JANET))


cdef bint valid_target(const BangData* d, int user, int q, int what) noexcept nogil:
    """Can seat q be named for `what` (TG_*) by user now (4.1, 5, D15)?"""
    if what == TG_SHOT:
        return d.status[q] == ST_LIVING
    if not is_participant(d, q):
        return False
    if what == TG_WANTED:
        return has_equip(d, q, E_WANTED) < 0
    if q == user:
        return False
    if what == TG_BANG or what == TG_BOTTLE_BANG or what == TG_JACKY:
        return distance(d, user, q) <= reach(d, user)
    if what == TG_PANIC or what == TG_BOTTLE_PANIC:
        return distance(d, user, q) <= 1 and (d.hand_n[q] > 0 or has_blue(d, q))
    if what == TG_CAT_BALOU or what == TG_PARDNER_CAT:
        return d.hand_n[q] > 0 or has_blue(d, q)
    if what == TG_DUEL or what == TG_PARDNER_DUEL:
        return True
    if what == TG_JAIL:
        return d.role[q] != SHERIFF and q != d.sheriff and in_play(d, q, K_JAIL) < 0
    return False


cdef bint any_target(const BangData* d, int user, int what) noexcept nogil:
    cdef int q
    for q in range(d.n_players):
        if valid_target(d, user, q, what):
            return True
    return False


cdef inline int buy_cost(const BangData* d, int p, int e) noexcept nogil:
    cdef int cost = equip_cost(e)
    if ability(d, p, PRETTY_LUZENA) and not d.luzena_used:
        cost -= 1
    return cost if cost > 0 else 0


cdef bint can_buy(const BangData* d, int p, int slot) noexcept nogil:
    cdef int e = d.eq_row[slot], k
    if e < 0 or buy_cost(d, p, e) > d.nuggets[p]:
        return False
    k = equip_kind(e)
    if k == E_WANTED:
        return any_target(d, p, TG_WANTED)
    if k >= E_BOOTS:
        return has_equip(d, p, k) < 0
    return True


cdef bint can_play(const BangData* d, int p, int c) noexcept nogil:
    """Can the active player p play hand card c in phase 2 (3.4, 4)?"""
    cdef int k = card_kind(c), w
    if as_bang(d, p, c):
        return bang_allowed(d, p) and any_target(d, p, TG_BANG)
    if k == K_MISSED:
        return False
    if k == K_PANIC:
        return any_target(d, p, TG_PANIC)
    if k == K_CAT_BALOU:
        return any_target(d, p, TG_CAT_BALOU)
    if k == K_DUEL:
        return any_target(d, p, TG_DUEL)
    if k == K_JAIL:
        return any_target(d, p, TG_JAIL)
    if k >= K_BARREL:
        if is_weapon(k):
            w = weapon_of(d, p)
            return w < 0 or card_kind(w) != k
        return in_play(d, p, k) < 0
    return True                                     # Beer, Saloon, Stagecoach, Wells Fargo, Store, Indians!, Gatling


cdef inline bint can_sid(const BangData* d, int p) noexcept nogil:
    return ability(d, p, SID_KETCHUM) and d.status[p] == ST_LIVING and d.hand_n[p] >= 2 and d.life[p] < d.max_life[p]


cdef inline bint can_rucksack(const BangData* d, int p) noexcept nogil:
    return (has_equip(d, p, E_RUCKSACK) >= 0 and d.nuggets[p] >= 2 and d.status[p] == ST_LIVING
            and d.life[p] < d.max_life[p])


cdef inline int hand_limit(const BangData* d, int p) noexcept nogil:
    if d.status[p] == ST_GHOST_ACTIVE:
        return 0
    if has_equip(d, p, E_GUN_BELT) >= 0:
        return 8
    return d.life[p] if d.life[p] > 0 else 0


cdef inline int count_where(const BangData* d, int p, int missed) noexcept nogil:
    """Cards in p's hand usable as a Missed! (missed=1) or as a BANG! (missed=0)."""
    cdef int c, n = 0
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p and ((missed and as_missed(d, p, c)) or (not missed and as_bang(d, p, c))):
            n += 1
    return n


# ====================================================================== legal actions

cdef int legal_phase1(BangData* d, int p, int f, int* out) noexcept nogil:
    """A phase-1 choice (rules 4.1): Jesse Jones's victim, Pedro Ramirez's pile, a flipped card."""
    cdef int n = 0, c, q
    if d.fr_a[f] == P1_JESSE:
        for q in range(d.n_players):
            if q != p and is_participant(d, q) and d.hand_n[q] > 0:
                out[n] = A_SEAT + q
                n += 1
        out[n] = A_PASS
        n += 1
    elif d.fr_a[f] == P1_PEDRO:
        out[n] = A_PASS
        out[n + 1] = A_DISCARD_TOP
        n += 2
    else:
        for c in range(N_CARDS):
            if d.loc[c] == LOC_TRANSIT:
                out[n] = A_CARD + c
                n += 1
    return n


cdef int legal_play(BangData* d, int p, int* out) noexcept nogil:
    """Phase 2 (rules 4.2): the cards p can play, Gold Rush's equipment and buys, the abilities, ending the phase."""
    cdef int n = 0, c, e, s, t
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p and can_play(d, p, c):
            out[n] = A_CARD + c
            n += 1
    if d.gold_rush:
        for e in range(N_EQUIP):
            t = d.eq_loc[e] - EQL_PLAY
            if 0 <= t < d.n_players and t != p and is_participant(d, t) and d.nuggets[p] >= equip_cost(e) + 1:
                out[n] = A_EQUIP + e
                n += 1
        for s in range(ROW_SLOTS):
            if can_buy(d, p, s):
                out[n] = A_BUY + s
                n += 1
    out[n] = A_PASS
    n += 1
    if can_sid(d, p):
        out[n] = A_SID
        n += 1
    if ability(d, p, JACKY_MURIETA) and d.nuggets[p] >= 2 and any_target(d, p, TG_JACKY):
        out[n] = A_JACKY
        n += 1
    if ability(d, p, JOSH_MCCLOUD) and d.nuggets[p] >= 2 and d.eq_n > 0:
        out[n] = A_JOSH
        n += 1
    if ability(d, p, RADDIE_SNAKE) and d.nuggets[p] >= 1 and d.raddie_used < 2:
        out[n] = A_RADDIE
        n += 1
    if has_equip(d, p, E_GOLD_PAN) >= 0 and d.nuggets[p] >= 1 and d.gold_pan_used < 2:
        out[n] = A_GOLD_PAN
        n += 1
    if can_rucksack(d, p):
        out[n] = A_RUCKSACK
        n += 1
    return n


cdef int legal_target(BangData* d, int p, int f, int* out) noexcept nogil:
    """The seats p may name for what the frame is for (TG_*)."""
    cdef int n = 0, q
    for q in range(d.n_players):
        if valid_target(d, p, q, d.fr_a[f]):
            out[n] = A_SEAT + q
            n += 1
    return n


cdef int legal_steal(BangData* d, int p, int f, int* out) noexcept nogil:
    """Panic!/Cat Balou: a random card of seat a's hand, or one of its cards in play."""
    cdef int n = 0, c, t
    t = d.fr_a[f]
    if d.hand_n[t] > 0:
        out[n] = A_HAND
        n += 1
    for c in range(N_CARDS):
        if d.loc[c] == LOC_PLAY + t:
            out[n] = A_CARD + c
            n += 1
    return n


cdef int legal_mode(BangData* d, int p, int f, int* out) noexcept nogil:
    """How to use a card of several modes (Beer with Gold Rush, Bottle, Pardner)."""
    cdef int n = 0
    if d.fr_a[f] == MODE_GROUP_BEER:
        out[n] = A_MODE + MODE_BEER_HEAL
        out[n + 1] = A_MODE + MODE_BEER_SELL
        n += 2
    elif d.fr_a[f] == MODE_GROUP_BOTTLE:
        if any_target(d, p, TG_BOTTLE_PANIC):
            out[n] = A_MODE + MODE_BOTTLE_PANIC
            n += 1
        out[n] = A_MODE + MODE_BOTTLE_BEER
        n += 1
        if any_target(d, p, TG_BOTTLE_BANG):
            out[n] = A_MODE + MODE_BOTTLE_BANG
            n += 1
    else:
        out[n] = A_MODE + MODE_PARDNER_STORE
        n += 1
        if any_target(d, p, TG_PARDNER_DUEL):
            out[n] = A_MODE + MODE_PARDNER_DUEL
            n += 1
        if any_target(d, p, TG_PARDNER_CAT):
            out[n] = A_MODE + MODE_PARDNER_CAT
            n += 1
    return n


cdef int legal_bang_answer(BangData* d, int p, int f, int* out) noexcept nogil:
    """Answering a BANG! effect: Missed! cards (once started, only more of them), taking the hit, a Barrel or Jourdonnais draw!."""
    cdef int n = 0, c
    if d.fr_e[f] & BF_MISSED_STARTED:
        for c in range(N_CARDS):
            if d.loc[c] == LOC_HAND + p and as_missed(d, p, c):
                out[n] = A_CARD + c
                n += 1
        if n == 0:                              # cannot happen (he held enough); never leave him stuck
            out[n] = A_PASS
            n += 1
    else:
        if count_where(d, p, 1) >= d.fr_c[f] - d.fr_d[f]:
            for c in range(N_CARDS):
                if d.loc[c] == LOC_HAND + p and as_missed(d, p, c):
                    out[n] = A_CARD + c
                    n += 1
        out[n] = A_PASS
        n += 1
        if in_play(d, p, K_BARREL) >= 0 and not d.fr_e[f] & BF_BARREL_USED:
            out[n] = A_BARREL
            n += 1
        if ability(d, p, JOURDONNAIS) and not d.fr_e[f] & BF_JOUR_USED:
            out[n] = A_JOURDONNAIS
            n += 1
    return n


cdef int legal_bang_or_pass(BangData* d, int p, int* out) noexcept nogil:
    """Answering Indians! or a Duel: a card that counts as BANG!, or pass."""
    cdef int n = 0, c
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p and as_bang(d, p, c):
            out[n] = A_CARD + c
            n += 1
    out[n] = A_PASS
    n += 1
    return n


cdef int legal_transit(BangData* d, int p, int* out) noexcept nogil:
    """General Store or a draw! with several flipped cards: a card in transit."""
    cdef int n = 0, c
    for c in range(N_CARDS):
        if d.loc[c] == LOC_TRANSIT:
            out[n] = A_CARD + c
            n += 1
    return n


cdef int legal_dying(BangData* d, int p, int* out) noexcept nogil:
    """A dying window: a Beer (with more than two alive), pass, Sid Ketchum's two cards, the Rucksack."""
    cdef int n = 0, c
    if living_count(d) > 2:
        for c in range(N_CARDS):
            if d.loc[c] == LOC_HAND + p and card_kind(c) == K_BEER:
                out[n] = A_CARD + c
                n += 1
    out[n] = A_PASS
    n += 1
    if ability(d, p, SID_KETCHUM) and d.hand_n[p] >= 2:
        out[n] = A_SID
        n += 1
    if has_equip(d, p, E_RUCKSACK) >= 0 and d.nuggets[p] >= 2:
        out[n] = A_RUCKSACK
        n += 1
    return n


cdef int legal_discard(BangData* d, int p, int f, int k, int* out) noexcept nogil:
    """Sid Ketchum's pair (not the card already picked) or phase 3: a card of p's hand."""
    cdef int n = 0, c
    for c in range(N_CARDS):
        if d.loc[c] == LOC_HAND + p and not (k == FR_SID and c == d.fr_a[f]):
            out[n] = A_CARD + c
            n += 1
    return n


cdef int legal_actions_of(BangData* d, int* out) noexcept nogil:
    """The legal ids of d.current (a view works too), in the order the frame's own function lists them."""
    cdef int f, k, p
    if d.over or d.fr_n == 0:
        return 0
    f = top(d)
    k = d.fr_kind[f]
    p = d.current
    if p < 0:
        return 0
    if k == FR_PHASE1:
        return legal_phase1(d, p, f, out)
    elif k == FR_PLAY:
        return legal_play(d, p, out)
    elif k == FR_TARGET:
        return legal_target(d, p, f, out)
    elif k == FR_STEAL:
        return legal_steal(d, p, f, out)
    elif k == FR_MODE:
        return legal_mode(d, p, f, out)
    elif k == FR_BANG:
        return legal_bang_answer(d, p, f, out)
    elif k == FR_INDIANS or k == FR_DUEL:
        return legal_bang_or_pass(d, p, out)
    elif k == FR_STORE or k == FR_DRAWCHOICE:
        return legal_transit(d, p, out)
    elif k == FR_DYING:
        return legal_dying(d, p, out)
    elif k == FR_SID or k == FR_DISCARD:
        return legal_discard(d, p, f, k, out)
    return 0

# ====================================================================== applying a decision

cdef void play_card(BangData* d, Rng* rng, int p, int c) noexcept nogil:
    """Phase 2: p plays hand card c (a card that needs a target waits for it in FR_TARGET, Beer for its use in
    FR_MODE: from now every seat knows the card is in p's hand, so a sample cannot put it elsewhere)."""
    cdef int k = card_kind(c), w
    show_in_hand(d, c)
    if as_bang(d, p, c):
        push(d, FR_TARGET, TG_BANG, c, card_suit(c), 0, 0)
        return
    if k == K_PANIC or k == K_CAT_BALOU or k == K_DUEL or k == K_JAIL:
        push(d, FR_TARGET, TG_PANIC if k == K_PANIC else (TG_CAT_BALOU if k == K_CAT_BALOU else
                                                          (TG_DUEL if k == K_DUEL else TG_JAIL)), c, card_suit(c), 0, 0)
        return
    if k == K_BEER and d.gold_rush:
        push(d, FR_MODE, MODE_GROUP_BEER, c, 0, 0, 0)
        return
    if k >= K_BARREL:                               # a blue card into p's own play area
        take_from_hand(d, c)
        if is_weapon(k):
            w = weapon_of(d, p)
            if w >= 0:
                to_discard(d, w)
        d.loc[c] = LOC_PLAY + p
        set_known(d, c, 0x7F)
        log(d, EV_PLAY, p, c, -1)
        suzy_check(d, rng, p)
        return
    log(d, EV_PLAY, p, c, -1)
    spend_card(d, rng, c)
    if k == K_BEER:
        beer_heal(d, p)
        madam_yto(d, rng)
    elif k == K_SALOON:
        if d.life[d.sheriff] < d.max_life[d.sheriff]:
            suspect(d, p, d.sheriff, -SUS_SALOON)
        for w in range(d.n_players):
            if is_participant(d, w):
                heal(d, w, 1)
    elif k == K_STAGECOACH:
        draw_cards(d, rng, p, 2)
    elif k == K_WELLS_FARGO:
        draw_cards(d, rng, p, 3)
    elif k == K_GENERAL_STORE:
        start_store(d, rng, p)
    elif k == K_INDIANS or k == K_GATLING:
        start_multi(d, p, k, card_suit(c))


cdef inline int stance(const BangData* d, int q) noexcept nogil:
    """Seat q's side as the table reads it: -1 the Sheriff's (the Sheriff, a revealed Deputy), +1 the Outlaws' (a
    revealed Outlaw, or a seat whose suspicion is positive), 0 unknown."""
    if d.revealed[q]:
        return -1 if d.role[q] == SHERIFF or d.role[q] == DEPUTY else (1 if d.role[q] == OUTLAW else 0)
    return (d.suspicion[q] > 0) - (d.suspicion[q] < 0)


cdef void suspect(BangData* d, int p, int q, int w) noexcept nogil:
    """The public record of p acting on q with weight w (an attack SUS_*, a help -SUS_*): see data.pxd.  A seat
    whose role is public keeps its record unchanged (there is nothing left to suspect)."""
    cdef int s
    if p == q or d.revealed[p]:
        return
    s = d.suspicion[p] - w * stance(d, q)
    d.suspicion[p] = SUS_MAX if s > SUS_MAX else (-SUS_MAX if s < -SUS_MAX else s)


cdef inline int target_weight(int what) noexcept nogil:
    """The suspicion weight of naming a seat for `what` (TG_*): an attack's, or a help's (negative)."""
    if what == TG_BANG or what == TG_DUEL or what == TG_BOTTLE_BANG or what == TG_JACKY or what == TG_PARDNER_DUEL:
        return SUS_HIT
    if what == TG_SHOT:
        return -SUS_HELP
    return SUS_HARASS                               # Panic!, Cat Balou, Jail, Bottle, Pardner, Wanted


cdef void target_chosen(BangData* d, Rng* rng, int p, int q) noexcept nogil:
    """FR_TARGET: the active player p names seat q."""
    cdef int f = top(d), what = d.fr_a[f], c = d.fr_b[f], suit = d.fr_c[f], e
    pop(d)
    suspect(d, p, q, target_weight(what))
    if what <= TG_JAIL:                             # a hand card: it is played now (D46)
        if what == TG_JAIL:
            take_from_hand(d, c)
            d.loc[c] = LOC_PLAY + q
            set_known(d, c, 0x7F)
            log(d, EV_PLAY, p, c, q)
            suzy_check(d, rng, p)
            return
        log(d, EV_PLAY, p, c, q)
        spend_card(d, rng, c)
        if what == TG_BANG:
            d.bangs += 1
            start_bang(d, p, q, True, suit)
        elif what == TG_PANIC or what == TG_CAT_BALOU:
            if not calumet_blocks(d, p, q, suit) and (d.hand_n[q] > 0 or has_blue(d, q)):
                push(d, FR_STEAL, q, 1 if what == TG_PANIC else 0, suit, 0, 0)
        elif what == TG_DUEL:
            start_duel(d, p, q)
        return
    log(d, EV_PLAY, p, -1, q)
    if what == TG_BOTTLE_BANG or what == TG_JACKY:
        start_bang(d, p, q, False, -1)
    elif what == TG_BOTTLE_PANIC or what == TG_PARDNER_CAT:
        push(d, FR_STEAL, q, 1 if what == TG_BOTTLE_PANIC else 0, -1, 0, 0)
    elif what == TG_PARDNER_DUEL:
        start_duel(d, p, q)
    elif what == TG_SHOT:
        heal(d, q, 1)
    elif what == TG_WANTED:
        e = c
        d.eq_loc[e] = EQL_PLAY + q


cdef void steal_chosen(BangData* d, Rng* rng, int p, int a) noexcept nogil:
    """FR_STEAL: a random hand card (A_HAND) or blue card a - A_CARD of the target, taken (Panic!) or discarded."""
    cdef int f = top(d), t = d.fr_a[f], take = d.fr_b[f], c
    pop(d)
    if a == A_HAND:
        if take:
            steal_random(d, rng, p, t)
        else:
            c = random_hand_card(d, rng, t)
            if c >= 0:
                discard_from_hand(d, rng, c)
        return
    c = a - A_CARD
    if take:
        to_hand(d, c, p, 0x7F)
        log(d, EV_TAKE, p, c, t)
    else:
        to_discard(d, c)
        log(d, EV_DISCARD, t, c, 0)


cdef void use_equipment(BangData* d, Rng* rng, int p, int e) noexcept nogil:
    """Resolve equipment e bought (or drawn by Josh McCloud) by p (8.2, 8.5, 8.6)."""
    cdef int k = equip_kind(e)
    if k >= E_BOOTS:
        if k == E_WANTED:
            if any_target(d, p, TG_WANTED):
                d.eq_loc[e] = EQL_DECK + 0          # placed when the target is named
                push(d, FR_TARGET, TG_WANTED, e, -1, 0, 0)
            else:
                eq_to_bottom(d, rng, e, -1)
        elif has_equip(d, p, k) >= 0:
            eq_to_bottom(d, rng, e, -1)             # Josh McCloud's duplicate
        else:
            d.eq_loc[e] = EQL_PLAY + p
        return
    eq_to_bottom(d, rng, e, -1)
    if k == E_SHOT:
        push(d, FR_TARGET, TG_SHOT, e, -1, 0, 0)
    elif k == E_BOTTLE:
        push(d, FR_MODE, MODE_GROUP_BOTTLE, e, 0, 0, 0)
    elif k == E_PARDNER:
        push(d, FR_MODE, MODE_GROUP_PARDNER, e, 0, 0, 0)
    elif k == E_RUM:
        rum(d, rng, p)
    elif k == E_UNION_PACIFIC:
        draw_cards(d, rng, p, 4)
    elif k == E_GOLD_RUSH:
        d.fr_b[0] = 1
        d.extra_turns += 1
        clear_stack(d, TS_PHASE3)                   # phase 2 ends at once (D9)


cdef void play_action(BangData* d, Rng* rng, int p, int a) noexcept nogil:
    """FR_PLAY: one phase-2 action of the active player p."""
    cdef int e, s, cost
    if a == A_PASS:
        pop(d)
    elif a < A_SEAT:
        play_card(d, rng, p, a - A_CARD)
    elif A_EQUIP <= a < A_BUY:
        e = a - A_EQUIP
        spend(d, p, equip_cost(e) + 1)
        eq_to_bottom(d, rng, e, d.eq_loc[e] - EQL_PLAY)
    elif A_BUY <= a < A_PASS:
        s = a - A_BUY
        e = d.eq_row[s]
        cost = buy_cost(d, p, e)
        if ability(d, p, PRETTY_LUZENA):
            d.luzena_used = 1
        if cost:
            spend(d, p, cost)
        d.eq_row[s] = -1
        d.eq_loc[e] = EQL_DECK
        log(d, EV_BUY, p, e, s)
        eq_refill(d, rng)
        use_equipment(d, rng, p, e)
    elif a == A_SID:
        push(d, FR_SID, -1, 0, p, 0, 0)
    elif a == A_JACKY:
        spend(d, p, 2)
        push(d, FR_TARGET, TG_JACKY, -1, -1, 0, 0)
    elif a == A_JOSH:
        spend(d, p, 2)
        e = eq_take_top(d, rng)
        if e >= 0:
            log(d, EV_BUY, p, e, -1)
            use_equipment(d, rng, p, e)
    elif a == A_RADDIE or a == A_GOLD_PAN:          # the nugget is parked until the end of the turn (8.5)
        d.nuggets[p] -= 1
        d.parked += 1
        log(d, EV_NUGGETS, p, -1, 1)
        if a == A_RADDIE:
            d.raddie_used += 1
        else:
            d.gold_pan_used += 1
        draw_cards(d, rng, p, 1)
    elif a == A_RUCKSACK:
        spend(d, p, 2)
        heal(d, p, 1)


cdef void mode_chosen(BangData* d, Rng* rng, int p, int m) noexcept nogil:
    cdef int f = top(d), c = d.fr_b[f]
    pop(d)
    if m == MODE_BEER_HEAL or m == MODE_BEER_SELL:
        log(d, EV_PLAY, p, c, -1)
        spend_card(d, rng, c)
        if m == MODE_BEER_HEAL:
            beer_heal(d, p)
        else:
            gain(d, p, 1)
        madam_yto(d, rng)
    elif m == MODE_BOTTLE_PANIC:
        push(d, FR_TARGET, TG_BOTTLE_PANIC, c, -1, 0, 0)
    elif m == MODE_BOTTLE_BEER:
        heal(d, p, 1)
    elif m == MODE_BOTTLE_BANG:
        push(d, FR_TARGET, TG_BOTTLE_BANG, c, -1, 0, 0)
    elif m == MODE_PARDNER_STORE:
        start_store(d, rng, p)
    elif m == MODE_PARDNER_DUEL:
        push(d, FR_TARGET, TG_PARDNER_DUEL, c, -1, 0, 0)
    elif m == MODE_PARDNER_CAT:
        push(d, FR_TARGET, TG_PARDNER_CAT, c, -1, 0, 0)


cdef void phase1_chosen(BangData* d, Rng* rng, int p, int a) noexcept nogil:
    cdef int f = top(d), step = d.fr_a[f], c, i, g, ages
    pop(d)
    if step == P1_JESSE:
        if a == A_PASS:
            draw_cards(d, rng, p, 2)
        else:
            steal_random(d, rng, p, a - A_SEAT)
            draw_cards(d, rng, p, 1)
    elif step == P1_PEDRO:
        if a == A_PASS:
            draw_cards(d, rng, p, 2)
        else:
            d.discard_n -= 1
            c = d.discard[d.discard_n]
            to_hand(d, c, p, 0x7F)
            log(d, EV_TAKE, p, c, -1)
            draw_cards(d, rng, p, 1)
    elif step == P1_KIT:                            # a - A_CARD goes back on top, the others into his hand
        c = a - A_CARD
        g, ages = -1, 0
        for i in range(d.transit_n):
            ages |= 1 << d.age[d.transit[i]]
        if ages & (ages - 1):                       # ages differ: for the others, which one is on top is unknown
            g = new_group(d, GP_DECK_TOP, p)
            for i in range(d.transit_n):
                d.grp[d.transit[i]] = g + 1
                d.grp_seen[d.transit[i]] = 1 << p
        transit_out(d, c)
        for i in range(d.transit_n):
            to_hand(d, d.transit[i], p, 0)
        d.transit_n = 0
        memset(d.transit, 0, sizeof(d.transit))
        d.loc[c] = LOC_DECK
        d.deck[d.deck_n] = c
        d.deck_n += 1
        set_known(d, c, 1 << p)
        log(d, EV_DRAW, p, 2, 1)
        if g >= 0:
            mark_group(d, g)
    elif step == P1_DUTCH:
        c = a - A_CARD
        transit_out(d, c)
        for i in range(d.transit_n):
            to_hand(d, d.transit[i], p, 0)
        d.transit_n = 0
        memset(d.transit, 0, sizeof(d.transit))
        to_discard(d, c)
        log(d, EV_DISCARD, p, c, 0)
        gain(d, p, 1)


cdef void phase1(BangData* d, Rng* rng, int p) noexcept nogil:
    """Phase 1 (3.3): the default draw or the character's replacement (decisions pushed as FR_PHASE1)."""
    cdef int q, c, i, has_victim = 0
    if ability(d, p, JESSE_JONES):
        for q in range(d.n_players):
            if q != p and is_participant(d, q) and d.hand_n[q] > 0:
                has_victim = 1
        if has_victim:
            push(d, FR_PHASE1, P1_JESSE, 0, 0, 0, 0)
            return
    elif ability(d, p, PEDRO_RAMIREZ) and d.discard_n > 0:
        push(d, FR_PHASE1, P1_PEDRO, 0, 0, 0, 0)
        return
    elif ability(d, p, KIT_CARLSON):
        for i in range(3):
            c = draw_top(d, rng)
            if c < 0:
                break
            to_transit(d, c, 1 << p)
        if d.transit_n == 3:
            for i in range(3):
                log(d, EV_SEEN, p, d.transit[i], -4)
            push(d, FR_PHASE1, P1_KIT, 0, 0, 0, 0)
        else:
            for i in range(d.transit_n):
                to_hand(d, d.transit[i], p, 0)
            if d.transit_n:
                log(d, EV_DRAW, p, d.transit_n, 0)
            d.transit_n = 0
            memset(d.transit, 0, sizeof(d.transit))
        return
    elif ability(d, p, DUTCH_WILL):
        for i in range(2):
            c = draw_top(d, rng)
            if c < 0:
                break
            to_transit(d, c, 1 << p)
        log(d, EV_DRAW, p, d.transit_n, 0)
        if d.transit_n == 2:
            for i in range(2):
                log(d, EV_SEEN, p, d.transit[i], -4)
            push(d, FR_PHASE1, P1_DUTCH, 0, 0, 0, 0)
        else:
            for i in range(d.transit_n):
                to_hand(d, d.transit[i], p, 0)
            d.transit_n = 0
            memset(d.transit, 0, sizeof(d.transit))
            gain(d, p, 1)
        return
    elif ability(d, p, BLACK_JACK):
        draw_cards(d, rng, p, 1)
        c = draw_top(d, rng)
        if c >= 0:
            to_hand(d, c, p, 0x7F)
            log(d, EV_SHOWN, p, c, 0)
            if card_suit(c) == HEARTS or card_suit(c) == DIAMONDS:
                draw_cards(d, rng, p, 1)
        return
    draw_cards(d, rng, p, 2)


cdef void dark_renegade_side(BangData* d, int p) noexcept nogil:
    """9.7: the side with more revealed role cards among the others; a tie goes to the Outlaws."""
    cdef int q, law = 0, outlaws = 0
    for q in range(d.n_players):
        if q == p or not d.revealed[q]:
            continue
        if d.role[q] == SHERIFF or d.role[q] == DEPUTY:
            law += 1
        elif d.role[q] == OUTLAW:
            outlaws += 1
    d.dark_side = SIDE_DEPUTY if law > outlaws else SIDE_OUTLAW
    log(d, EV_SIDE, p, d.dark_side, 0)


cdef void turn_step(BangData* d, Rng* rng) noexcept nogil:
    """The automatic part of the turn (the FR_TURN frame): one step."""
    cdef int p = d.turn_player, step = d.fr_a[0], i, q, c
    if step == TS_START:
        d.bangs = 0
        d.gold_pan_used = 0
        d.raddie_used = 0
        d.luzena_used = 0
        log(d, EV_TURN, p, 2 if d.status[p] == ST_GHOST_ACTIVE else d.turn_kind, 0)
        if d.status[p] == ST_GHOST_ACTIVE:
            if d.role[p] == RENEGADE:
                dark_renegade_side(d, p)
            d.fr_a[0] = TS_PHASE1
            return
        d.fr_a[0] = TS_JAIL
        if in_play(d, p, K_DYNAMITE) >= 0:
            draw_check(d, rng, p, DR_DYNAMITE)
    elif step == TS_JAIL:
        d.fr_a[0] = TS_PHASE1
        if in_play(d, p, K_JAIL) >= 0:
            draw_check(d, rng, p, DR_JAIL)
    elif step == TS_PHASE1:
        d.fr_a[0] = TS_PICKAXE
        phase1(d, rng, p)
    elif step == TS_PICKAXE:
        d.fr_a[0] = TS_PHASE2
        if has_equip(d, p, E_PICKAXE) >= 0:
            draw_cards(d, rng, p, 1)
    elif step == TS_PHASE2:
        d.fr_a[0] = TS_PHASE3
        push(d, FR_PLAY, 0, 0, 0, 0, 0)
    elif step == TS_PHASE3:
        d.fr_a[0] = TS_END
        if d.hand_n[p] > hand_limit(d, p):
            push(d, FR_DISCARD, p, 0, 0, 0, 0)
    elif step == TS_END:
        d.fr_a[0] = TS_CLEANUP
        if d.fr_b[0]:
            d.fr_b[0] = 0
            heal(d, p, d.max_life[p])
        if d.parked:
            d.nuggets_out += d.parked
            d.parked = 0
        if d.turn_kind == 0 and ability(d, p, DON_BELL):
            draw_check(d, rng, p, DR_DON_BELL)
    elif step == TS_CLEANUP:
        if d.status[p] == ST_GHOST_ACTIVE:          # 9.4
            discard_everything(d, rng, p, -1)
            d.status[p] = ST_GHOST
        if d.extra_turns > 0 and d.status[p] in (ST_LIVING, ST_GHOST):
            d.extra_turns -= 1
            d.turn_kind = 1
            if d.status[p] == ST_GHOST:
                d.status[p] = ST_GHOST_ACTIVE
            d.fr_a[0] = TS_START
        else:
            d.fr_a[0] = TS_NEXT
    else:                                           # TS_NEXT (3.1)
        if d.parked:                                # the turn ended early (elimination): parked nuggets return
            d.nuggets_out += d.parked
            d.parked = 0
        if d.status[p] == ST_GHOST_ACTIVE:
            d.status[p] = ST_GHOST
        d.extra_turns = 0
        d.fr_b[0] = 0
        for i in range(1, d.n_players + 1):
            q = (p + i) % d.n_players
            if d.status[q] == ST_LIVING or d.status[q] == ST_GHOST:
                break
        d.turn_player = q
        d.turn_kind = 0
        if d.status[q] == ST_GHOST:
            d.status[q] = ST_GHOST_ACTIVE
        d.fr_a[0] = TS_START


cdef void multi_step(BangData* d) noexcept nogil:
    """FR_MULTI: serve the next target of Indians! or Gatling, clockwise from the user (4.2)."""
    cdef int f = top(d), user = d.fr_a[f], q
    while d.fr_d[f] < d.n_players:
        q = (user + d.fr_d[f]) % d.n_players
        d.fr_d[f] += 1
        if (d.fr_e[f] >> q) & 1 and is_participant(d, q):
            if d.fr_b[f] == K_GATLING:
                start_bang(d, user, q, False, d.fr_c[f])
                if d.fr_n - 1 != f:
                    return
            elif d.status[q] == ST_LIVING and not calumet_blocks(d, user, q, d.fr_c[f]):
                push(d, FR_INDIANS, user, q, 0, 0, 0)
                return
    pop(d)


cdef void run(BangData* d, Rng* rng) noexcept nogil:
    """Every automatic step until a seat must decide (sets d.current) or the game is over."""
    cdef int f, k, guard = 0
    while True:
        guard += 1
        if d.over or guard > 100000:
            d.over = 1
            d.current = -1
            return
        f = top(d)
        k = d.fr_kind[f]
        if k == FR_TURN:
            turn_step(d, rng)
        elif k == FR_MULTI:
            multi_step(d)
        elif k == FR_STORE:
            if d.transit_n == 0 or d.fr_b[f] <= 0:
                flush_transit(d)
                pop(d)
            elif d.transit_n == 1:                  # the last card goes without a choice
                store_pick(d, d.fr_a[f], d.transit[0])
            else:
                d.current = d.fr_a[f]
                return
        elif k == FR_DYING:
            if d.life[d.fr_a[f]] >= 1:
                pop(d)
            else:
                d.current = d.fr_a[f]
                return
        elif k == FR_DISCARD:
            if d.hand_n[d.fr_a[f]] <= hand_limit(d, d.fr_a[f]):
                pop(d)
            else:
                d.current = d.fr_a[f]
                return
        elif k == FR_BANG or k == FR_INDIANS:
            d.current = d.fr_b[f]
            return
        elif k == FR_DUEL:
            d.current = d.fr_c[f]
            return
        elif k == FR_SID:
            d.current = d.fr_c[f]
            return
        elif k == FR_DRAWCHOICE:
            d.current = d.fr_a[f]
            return
        else:                                       # FR_PHASE1, FR_PLAY, FR_TARGET, FR_STEAL, FR_MODE
            d.current = d.turn_player
            return


cdef void store_pick(BangData* d, int p, int c) noexcept nogil:
    cdef int f = top(d)
    transit_out(d, c)
    to_hand(d, c, p, 0x7F)
    log(d, EV_TAKE, p, c, -2)
    d.fr_b[f] -= 1
    d.fr_a[f] = next_participant(d, p)


cdef void bang_answered(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """p answered a BANG! effect: took the hit, drew for a Barrel or Jourdonnais, or played a Missed! card."""
    cdef int src
    if a == A_PASS:
        src = d.fr_a[f]
        pop(d)
        lose_life(d, rng, p, 1, src)
    elif a == A_BARREL:
        d.fr_e[f] |= BF_BARREL_USED
        draw_check(d, rng, p, DR_BARREL)
    elif a == A_JOURDONNAIS:
        d.fr_e[f] |= BF_JOUR_USED
        draw_check(d, rng, p, DR_JOURDONNAIS)
    else:
        d.fr_d[f] += 1
        d.fr_e[f] |= BF_MISSED_STARTED
        if d.fr_d[f] >= d.fr_c[f]:
            pop(d)
        discard_from_hand(d, rng, a - A_CARD)


cdef void indians_answered(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """p answered Indians!: a BANG! card, or the hit."""
    cdef int src
    src = d.fr_a[f]
    pop(d)
    if a == A_PASS:
        lose_life(d, rng, p, 1, src)
    else:
        discard_from_hand(d, rng, a - A_CARD)


cdef void duel_answered(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """p answered a Duel: a BANG! card (the other answers next), or the hit."""
    cdef int other
    other = d.fr_a[f] if p == d.fr_b[f] else d.fr_b[f]
    if a == A_PASS:
        pop(d)
        lose_life(d, rng, p, 1, other)
    else:
        d.fr_c[f] = other
        discard_from_hand(d, rng, a - A_CARD)


cdef void draw_chosen(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """Of several flipped cards, p picked the one that counts (card c); the others go to the discard pile."""
    cdef int c, purpose
    purpose = d.fr_b[f]
    pop(d)
    c = a - A_CARD
    flush_transit(d)
    draw_result(d, rng, p, purpose, c)


cdef void dying_chosen(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """p's dying window: pass (eliminated if still at 0 life or less), Sid Ketchum, the Rucksack or a Beer."""
    cdef int c, src
    if a == A_PASS:
        src = d.fr_b[f]
        pop(d)
        if d.life[p] <= 0:
            eliminate(d, rng, p, src)
    elif a == A_SID:
        push(d, FR_SID, -1, 1, p, 0, 0)
    elif a == A_RUCKSACK:
        spend(d, p, 2)
        heal(d, p, 1)
    else:
        c = a - A_CARD
        log(d, EV_PLAY, p, c, -1)
        spend_card(d, rng, c)
        heal(d, p, 1)
        madam_yto(d, rng)


cdef void sid_chosen(BangData* d, Rng* rng, int f, int p, int a) noexcept nogil:
    """Sid Ketchum picked a card: the first is shown, the second discards the pair for a life point."""
    cdef int c, t
    c = a - A_CARD
    if d.fr_a[f] < 0:
        d.fr_a[f] = c
        show_in_hand(d, c)                      # the first card of the pair is shown (10.1)
    else:
        t = d.fr_a[f]
        pop(d)
        take_from_hand(d, t)                    # in the order picked: the second ends on top (D40)
        take_from_hand(d, c)
        to_discard(d, t)
        to_discard(d, c)
        log(d, EV_DISCARD, p, t, 0)
        log(d, EV_DISCARD, p, c, 0)
        heal(d, p, 1)
        suzy_check(d, rng, p)


cdef void apply(BangData* d, Rng* rng, int a) noexcept nogil:
    """Play legal action a of d.current, then every automatic step (run), up to the next decision."""
    cdef int f = top(d), k = d.fr_kind[f], p = d.current
    d.n_events = 0
    d.moves += 1
    if k == FR_PHASE1:
        phase1_chosen(d, rng, p, a)
    elif k == FR_PLAY:
        play_action(d, rng, p, a)
    elif k == FR_TARGET:
        target_chosen(d, rng, p, a - A_SEAT)
    elif k == FR_STEAL:
        steal_chosen(d, rng, p, a)
    elif k == FR_MODE:
        mode_chosen(d, rng, p, a - A_MODE)
    elif k == FR_BANG:
        bang_answered(d, rng, f, p, a)
    elif k == FR_INDIANS:
        indians_answered(d, rng, f, p, a)
    elif k == FR_DUEL:
        duel_answered(d, rng, f, p, a)
    elif k == FR_STORE:
        store_pick(d, p, a - A_CARD)
    elif k == FR_DRAWCHOICE:
        draw_chosen(d, rng, f, p, a)
    elif k == FR_DYING:
        dying_chosen(d, rng, f, p, a)
    elif k == FR_SID:
        sid_chosen(d, rng, f, p, a)
    elif k == FR_DISCARD:
        discard_from_hand(d, rng, a - A_CARD)
    run(d, rng)
    check_groups(d)
    if not d.over and d.moves >= MOVE_CAP:
        d.over = 1
        d.winner = WIN_NONE
        d.current = -1
        for p in range(d.n_players):
            d.revealed[p] = 1


cdef void returns_of(const BangData* d, double* out) noexcept nogil:
    """1 to every member of the winning side (7.6, 9.9), 0 to the others; all 0 for an unfinished game."""
    cdef int p, r
    for p in range(d.n_players):
        r = d.role[p]
        out[p] = 0.0
        if d.winner == WIN_SHERIFF and (r == SHERIFF or r == DEPUTY or (r == RENEGADE and d.dark_side == SIDE_DEPUTY)):
            out[p] = 1.0
        elif d.winner == WIN_OUTLAWS and (r == OUTLAW or (r == RENEGADE and d.dark_side == SIDE_OUTLAW)):
            out[p] = 1.0
        elif d.winner == WIN_RENEGADE and r == RENEGADE:
            out[p] = 1.0


cdef void evaluate_of(const BangData* d, double* out) noexcept nogil:
    """An estimate in [0, 1] per seat for cut-off rollouts (a determinised state: the true roles), each side's chance
    taken as its share of the living strength: the life points of its living members, the Sheriff's counted twice
    (his death ends the game), the Renegade's at half weight while others stand between him and the Sheriff, and
    both at plain weight once the two of them are left (a duel); a side's members share its chance (the Renegade alone), the
    eliminated Renegade and every seat of a side with nobody living get 0; the result itself once the game is over."""
    cdef int p, r, others = 0
    cdef double law = 0.0, outlaws = 0.0, renegade = 0.0, total
    if d.over:
        returns_of(d, out)
        return
    for p in range(d.n_players):
        if d.status[p] == ST_LIVING and d.life[p] > 0 and (d.role[p] == OUTLAW or d.role[p] == DEPUTY):
            others += 1
    for p in range(d.n_players):
        if d.status[p] != ST_LIVING or d.life[p] <= 0:
            continue
        r = d.role[p]
        if r == SHERIFF:
            law += (2.0 if others else 1.0) * d.life[p]
        elif r == DEPUTY:
            law += d.life[p]
        elif r == OUTLAW:
            outlaws += d.life[p]
        else:
            renegade += (0.5 if others else 1.0) * d.life[p]
    total = law + outlaws + renegade + 1e-9
    for p in range(d.n_players):
        r = d.role[p]
        if r == SHERIFF or r == DEPUTY or (r == RENEGADE and d.dark_side == SIDE_DEPUTY):
            out[p] = law / total
        elif r == OUTLAW or (r == RENEGADE and d.dark_side == SIDE_OUTLAW):
            out[p] = outlaws / total
        elif r == RENEGADE and d.status[p] == ST_LIVING:
            out[p] = renegade / total
        else:
            out[p] = 0.0


# ====================================================================== the state class

ROLE_NAMES = ("Sheriff", "Renegade", "Outlaw", "Deputy")
WINNER_NAMES = ("none", "the Sheriff's side", "the Outlaws", "the Renegade")


cdef class BangState(GameState):
    """A BANG! game (with Gold Rush and the Ghost variant as options); see the module docstring.

    >>> state = new_state(players=4, seed=1)
    >>> state.num_players(), state.current_player() == state.sheriff(), state.is_terminal()
    (4, True, False)
    """

    game = "bang"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(BangData)

    cdef int _current_player(self) noexcept nogil:
        return -1 if self.d.over else self.d.current

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.over != 0

    cdef int _legal_actions(self, int* out) noexcept nogil:
        return legal_actions_of(&self.d, out)

    cdef void _apply(self, int action) noexcept nogil:
        apply(&self.d, &self.rng, action)

    cdef void _returns(self, double* out) noexcept nogil:
        returns_of(&self.d, out)

    cdef int _num_players(self) noexcept nogil:
        return self.d.n_players

    cdef int _segment(self) noexcept nogil:
        return 0

    cdef void _evaluate(self, double* out) noexcept nogil:
        evaluate_of(&self.d, out)

    cdef int _observation(self, int a, int seat) noexcept nogil:
        """Every decision is public but the card Kit Carlson puts back (10.2)."""
        cdef int f = self.d.fr_n - 1
        if (seat != self.d.current and self.d.fr_kind[f] == FR_PHASE1 and self.d.fr_a[f] == P1_KIT):
            return OBS_HIDDEN
        return a

    def _label(self, int action) -> str:
        return action_label(&self.d, action)

    def _public_label(self, int action):
        cdef int f = self.d.fr_n - 1
        if self.d.fr_kind[f] == FR_PHASE1 and self.d.fr_a[f] == P1_KIT:
            return "Kit Carlson puts a card back on top"
        return self._label(action)

    def sheriff(self) -> int:
        return self.d.sheriff

    def distance(self, a: int, b: int) -> int:
        """Distance from seat a to seat b among the participants (rules 5); 99 if either is not one."""
        self._check_seat(a)
        self._check_seat(b)
        return distance(&self.d, a, b)

    def reach(self, p: int) -> int:
        """Seat p's weapon range (1 with the Colt .45)."""
        self._check_seat(p)
        return reach(&self.d, p)

    def game_returns(self) -> list:
        """Life points per seat (0 once out); ``returns()`` decide the game."""
        return [max(0, self.d.life[p]) for p in range(self.d.n_players)]

    def roles(self) -> list:
        return [ROLE_NAMES[self.d.role[p]] if self.d.role[p] < 4 else None for p in range(self.d.n_players)]

    def describe_events(self) -> list:
        from .labels import event_text
        return [event_text(self.d.ev_kind[i], self.d.ev_player[i], self.d.ev_a[i], self.d.ev_b[i])
                for i in range(self.d.n_events) if self.d.ev_kind[i] != EV_SEEN]

    def events(self) -> list:
        """The public events of the last ``apply_action`` as (kind, seat, a, b) tuples (data.pxd, EV_*)."""
        return [(EVENT_NAMES[self.d.ev_kind[i]], self.d.ev_player[i], self.d.ev_a[i], self.d.ev_b[i])
                for i in range(self.d.n_events) if self.d.ev_kind[i] != EV_SEEN]

    def private_events(self, seat) -> list:
        """The cards ``seat`` alone (or with the seat they left) saw in the last ``apply_action`` (rules 10.2): those
        it drew or took unseen, those taken from its hand, the cards Kit Carlson or Dutch Will looks at."""
        from .text import private_sentences
        self._check_seat(seat)
        return private_sentences(seat, [(self.d.ev_player[i], self.d.ev_a[i], self.d.ev_b[i])
                                        for i in range(self.d.n_events) if self.d.ev_kind[i] == EV_SEEN])

    def unavailable_reasons(self) -> list:
        """Why usual options are missing for the deciding seat now (rules 3.4, 4, 5, 6), as short sentences."""
        from .reasons import unavailable_reasons
        return unavailable_reasons(self)

    def _where(self) -> str:
        return f"bang, seat {self._current_player()}, frame {self.d.fr_kind[self.d.fr_n - 1] if self.d.fr_n else 0}"

    def validate(self) -> str:
        return check_data(&self.d)

    def __repr__(self):
        return (f"<BangState {self.d.n_players} players, turn of seat {self.d.turn_player}, seat {self.d.current} "
                f"to decide, life {[self.d.life[p] for p in range(self.d.n_players)]}>")


def new_state(players: int = 4, seed: int = 0, gold_rush: bool = True, ghosts: bool = False) -> BangState:
    """A new game (rules 2): roles, characters, life, the deck and the hands, the equipment row; the Sheriff plays
    first."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"bang is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    for name, value in (("gold_rush", gold_rush), ("ghosts", ghosts)):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
    cdef BangState state = BangState.__new__(BangState)
    cdef BangData* d = &state.d
    cdef Rng* rng = &state.rng
    cdef int p, i, r, c
    cdef uint8_t roles[MAX_PLAYERS]
    cdef uint8_t pool[N_CHARACTERS]
    state.reseed(seed)
    memset(d, 0, sizeof(BangData))
    d.n_players = players
    d.gold_rush = gold_rush
    d.ghosts = ghosts
    i = 0
    for r in range(4):
        for p in range(roles_of(players, r)):
            roles[i] = r
            i += 1
    shuffle(roles, players, rng)
    for i in range(N_CHARACTERS):
        pool[i] = i
    shuffle(pool, N_CHARACTERS if gold_rush else N_BASE_CHARACTERS, rng)
    for p in range(players):
        d.role[p] = roles[p]
        if roles[p] == SHERIFF:
            d.sheriff = p
            d.revealed[p] = 1
        d.character[p] = pool[p]
        d.max_life[p] = character_life(pool[p]) + (1 if roles[p] == SHERIFF else 0)
        d.life[p] = d.max_life[p]
    for c in range(N_CARDS):
        d.deck[c] = c
        d.loc[c] = LOC_DECK
        d.known[c] = KNOWN_POOL
    d.deck_n = N_CARDS
    shuffle(d.deck, N_CARDS, rng)
    for p in range(players):
        for i in range(d.life[p]):
            d.deck_n -= 1
            to_hand(d, d.deck[d.deck_n], p, 0)
    for i in range(ROW_SLOTS):
        d.eq_row[i] = -1
    if gold_rush:
        for i in range(N_EQUIP):
            d.eq_deck[i] = i
            d.eq_loc[i] = EQL_DECK
        d.eq_n = N_EQUIP
        shuffle(d.eq_deck, N_EQUIP, rng)
        eq_refill(d, rng)
    else:
        for i in range(N_EQUIP):                    # without Gold Rush the equipment deck stays in the box
            d.eq_loc[i] = EQL_DECK
            d.eq_deck[i] = i
        d.eq_n = N_EQUIP
    d.turn_player = d.sheriff
    d.fr_n = 1
    d.fr_kind[0] = FR_TURN
    d.fr_a[0] = TS_START
    d.n_events = 0
    run(d, rng)
    return state


# ====================================================================== consistency

cdef int decider(const BangData* d) noexcept nogil:
    """The seat the top frame asks (what ``run`` sets as current), or -2 for a frame that asks nobody."""
    cdef int f = d.fr_n - 1, k = d.fr_kind[f]
    if k == FR_BANG or k == FR_INDIANS:
        return d.fr_b[f]
    if k == FR_DUEL or k == FR_SID:
        return d.fr_c[f]
    if k == FR_STORE or k == FR_DYING or k == FR_DISCARD or k == FR_DRAWCHOICE:
        return d.fr_a[f]
    if k == FR_PHASE1 or k == FR_PLAY or k == FR_TARGET or k == FR_STEAL or k == FR_MODE:
        return d.turn_player
    return -2


cdef str check_seats(BangData* d):
    """The players: ranges, each seat's character, life and status, the roles dealt (a view hides some)."""
    cdef int n = d.n_players, p, c, k
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"n_players {n} is not 4..7"
    if d.gold_rush > 1 or d.ghosts > 1 or d.over > 1 or d.winner > WIN_RENEGADE or d.dark_side > SIDE_OUTLAW:
        return "a flag out of range"
    if not 0 <= d.turn_player < n or d.sheriff >= n:
        return "turn_player or sheriff out of range"
    for p in range(MAX_PLAYERS):
        if p >= n:
            if (d.hand_n[p] or d.life[p] or d.nuggets[p] or d.character[p] or d.role[p] or d.status[p]
                    or d.max_life[p] or d.revealed[p]):
                return f"seat {p} is not in the game but holds something"
            continue
        if d.role[p] > DEPUTY and d.role[p] != ROLE_UNKNOWN:
            return f"role {d.role[p]} of seat {p}"
        if d.character[p] >= N_CHARACTERS or d.status[p] > ST_DEPARTED or d.nuggets[p] < 0 or d.revealed[p] > 1:
            return f"seat {p}: character, status, revealed or nuggets out of range"
        if d.max_life[p] != character_life(d.character[p]) + (1 if p == d.sheriff else 0):
            return f"seat {p}: max_life {d.max_life[p]}"
        if d.life[p] > d.max_life[p] or d.life[p] < -8:
            return f"seat {p}: life {d.life[p]}"
        if d.status[p] != ST_LIVING and d.life[p] != 0:
            return f"seat {p} is out of the game with life {d.life[p]}"
        if (d.status[p] >= ST_GHOST and not d.ghosts) or (d.status[p] != ST_LIVING and not d.revealed[p]):
            return f"seat {p}: status {d.status[p]} does not fit the options or the revealed roles"
    if d.role[d.sheriff] != SHERIFF or not d.revealed[d.sheriff]:
        return "the sheriff seat does not hold the revealed Sheriff"
    for k in range(4):
        c = 0
        for p in range(n):
            if d.role[p] == k:
                c += 1
        if c > roles_of(n, k):
            return f"{c} seats hold role {k}"
        for p in range(n):
            if d.role[p] == ROLE_UNKNOWN:
                break
        else:
            if c != roles_of(n, k):
                return f"{c} seats hold role {k}, not {roles_of(n, k)}"
    return ""


cdef str check_cards(BangData* d):
    """The main deck's cards: each in exactly one place, each pile's list matching, hidden places counted, the
    mixing groups in range."""
    cdef int n = d.n_players, p, c, i, k, unknown = 0, slots = 0
    cdef int hand[MAX_PLAYERS]
    cdef int seen[N_CARDS]
    for p in range(MAX_PLAYERS):
        hand[p] = 0
    if d.deck_n > N_CARDS or d.discard_n > N_CARDS or d.transit_n > MAX_TRANSIT:
        return "a pile size out of range"
    for c in range(N_CARDS):
        seen[c] = 0
        k = d.loc[c]
        if k == LOC_UNKNOWN:
            unknown += 1
        elif LOC_HAND <= k < LOC_HAND + n:
            hand[k - LOC_HAND] += 1
        elif not (k <= LOC_TRANSIT or LOC_PLAY <= k < LOC_PLAY + n):
            return f"card {c} at place {k}"
    for p in range(n):
        if hand[p] > d.hand_n[p]:
            return f"seat {p} holds more cards than hand_n says"
        slots += d.hand_n[p] - hand[p]
    for i in range(d.deck_n + d.discard_n + d.transit_n):
        if i < d.deck_n:
            c, k = d.deck[i], LOC_DECK
        elif i < d.deck_n + d.discard_n:
            c, k = d.discard[i - d.deck_n], LOC_DISCARD
        else:
            c, k = d.transit[i - d.deck_n - d.discard_n], LOC_TRANSIT
        if c == 255 and k != LOC_DISCARD:
            slots += 1
            continue
        if c >= N_CARDS or d.loc[c] != k or seen[c]:
            return f"card {c} is listed in a pile it is not in"
        seen[c] = 1
    for c in range(N_CARDS):
        if d.loc[c] <= LOC_TRANSIT and not seen[c]:
            return f"card {c} is in no pile's list"
    if slots != unknown:
        return f"{unknown} cards of unknown place for {slots} hidden places"
    for i in range(MAX_GROUPS):
        if d.g_one[i] and not ((d.g_one[i] - 1 < n or d.g_one[i] - 1 == GP_DECK_TOP) and d.g_rest[i] < n
                               and d.g_one[i] - 1 != d.g_rest[i]):
            return f"mixing group {i}: places out of range"
    for c in range(N_CARDS):
        if d.age[c] >= N_AGES or d.grp[c] > MAX_GROUPS or (d.grp[c] and not d.g_one[d.grp[c] - 1]):
            return f"card {c}: age or mixing group out of range"
    return ""


cdef str check_equipment(BangData* d):
    """The equipment cards' places, the row and the equipment deck in range and matching."""
    cdef int n = d.n_players, e, i, k
    if d.eq_n > N_EQUIP or d.eq_up > d.eq_n:
        return "equipment deck size out of range"
    for e in range(N_EQUIP):
        k = d.eq_loc[e]
        if not (k == EQL_DECK or k == EQL_ROW or EQL_PLAY <= k < EQL_PLAY + n):
            return f"equipment {e} at place {k}"
    for i in range(ROW_SLOTS):
        if d.eq_row[i] >= N_EQUIP or d.eq_row[i] < -1 or (d.eq_row[i] >= 0 and d.eq_loc[d.eq_row[i]] != EQL_ROW):
            return "eq_row does not match eq_loc"
    for i in range(d.eq_n):
        if d.eq_deck[i] != 255 and (d.eq_deck[i] >= N_EQUIP or d.eq_loc[d.eq_deck[i]] != EQL_DECK):
            return "eq_deck does not match eq_loc"
    return ""


cdef str check_frames(BangData* d):
    """The pending-decision stack: a turn at its bottom, each frame's kind and arguments (FR_*) in range."""
    cdef int n = d.n_players, f, k
    if not 1 <= d.fr_n <= MAX_FRAMES or d.fr_kind[0] != FR_TURN or not 0 <= d.fr_a[0] <= TS_NEXT:
        return "the pending-decision stack has no turn at its bottom"
    for f in range(1, d.fr_n):
        k = d.fr_kind[f]
        if not FR_PHASE1 <= k <= FR_DISCARD:
            return f"frame {f} of kind {k}"
        if (k in (FR_BANG, FR_INDIANS, FR_DUEL, FR_MULTI, FR_DYING, FR_STORE, FR_DRAWCHOICE, FR_DISCARD, FR_STEAL)
                and not 0 <= d.fr_a[f] < n):
            return f"frame {f} names no seat"
        if k in (FR_BANG, FR_INDIANS, FR_DUEL) and not 0 <= d.fr_b[f] < n:
            return f"frame {f} names no target"
        if (k == FR_DUEL or k == FR_SID) and not 0 <= d.fr_c[f] < n:
            return f"frame {f} names no seat to answer"
        if k == FR_TARGET and not (0 <= d.fr_a[f] <= TG_WANTED and -1 <= d.fr_b[f] < N_CARDS):
            return f"frame {f}: a target for nothing"
        if k == FR_MODE and not (0 <= d.fr_a[f] <= MODE_GROUP_PARDNER and 0 <= d.fr_b[f] < N_CARDS):
            return f"frame {f}: a mode of nothing"
        if k == FR_SID and not -1 <= d.fr_a[f] < N_CARDS:
            return f"frame {f}: Sid Ketchum's card out of range"
        if k == FR_PHASE1 and not 0 <= d.fr_a[f] <= P1_DUTCH:
            return f"frame {f}: no phase-1 step"
    return ""


cdef str check_equipment_zones(BangData* d):
    """Every equipment card listed in exactly one zone (the row, the deck, or a bought Wanted waiting)."""
    cdef int e, i, f
    cdef int listed[N_EQUIP]
    for e in range(N_EQUIP):                        # every equipment card in exactly one zone (the main deck's check)
        listed[e] = 0
    for i in range(ROW_SLOTS):
        if d.eq_row[i] >= 0:
            listed[d.eq_row[i]] += 1
    for i in range(d.eq_n):
        if d.eq_deck[i] < N_EQUIP:
            listed[d.eq_deck[i]] += 1
    for f in range(1, d.fr_n):                      # a bought Wanted waiting for its player (EQL_DECK, in no list)
        if d.fr_kind[f] == FR_TARGET and d.fr_a[f] == TG_WANTED:
            if not 0 <= d.fr_b[f] < N_EQUIP or d.eq_loc[d.fr_b[f]] != EQL_DECK:
                return f"frame {f}: a Wanted to place that is no equipment waiting"
            listed[d.fr_b[f]] += 1
    for e in range(N_EQUIP):
        if listed[e] != (0 if d.eq_loc[e] >= EQL_PLAY else 1):
            return f"equipment {e} (place {d.eq_loc[e]}) is listed {listed[e]} times in its zone"
    return ""


cdef str check_data(BangData* d):
    """Why ``d`` is no state (or view) of the game, or '': ranges, every card in exactly one place, the stack."""
    cdef int n = d.n_players, p
    problem = check_seats(d) or check_cards(d) or check_equipment(d) or check_frames(d) or check_equipment_zones(d)
    if problem:
        return problem
    if d.over:
        if d.current != -1:
            return "a finished game names a seat to decide"
    elif d.current != decider(d) or not 0 <= d.current < n:
        return f"current {d.current} is not the seat the top frame asks"
    if d.n_events > MAX_EVENTS:
        return "too many events"
    for p in range(MAX_PLAYERS):
        if not -SUS_MAX <= d.suspicion[p] <= SUS_MAX or (d.suspicion[p] != 0 and (p >= n or p == d.sheriff)):
            return f"seat {p}: suspicion {d.suspicion[p]} out of range"
    return ""
