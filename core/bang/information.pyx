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
from libc.stdint cimport uint8_t, uint64_t

from deadeye.core.encoder cimport Encoder, put, put_bits, put_count, put_flag, put_onehot, relative_seat, skip
from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.bang.data cimport *
from deadeye.core.bang.state cimport BangState, check_data, distance, is_participant, reach, shuffle

from deadeye.core.features import Feature, declare_features

cdef enum:
    N_DECISIONS = 16            # phase 1's four choices, then the twelve frames a seat decides in (FR_MULTI is none)
    N_STACK = FR_DISCARD - FR_PHASE1 + 1     # the frame kinds above the turn frame
    N_TARGETS = TG_WANTED + 1
    N_DRAWS = DR_DON_BELL + 1
    N_STATUS = ST_DEPARTED + 1
    N_BLUE = N_KINDS - K_BARREL              # the blue card kinds, Barrel .. Winchester
    N_BLACK = N_EQUIP_KINDS - E_BOOTS        # the black equipment kinds, Boots .. Wanted
    LIFE_SCALE = 5              # life and max life (4 + 1 for the Sheriff at most)
    HAND_SCALE = 10             # cards in a hand, clipped
    NUGGET_SCALE = 10           # nuggets, clipped
    SUSPICION_SCALE = 30        # suspicion points (SUS_HIT = 3), clipped: ten hits' worth
    DISTANCE_SCALE = 5          # distances (3 around 7 seats, + Mustang + Paul Regret)
    ROLE_WIDTH = 6              # per seat: Sheriff, Renegade, Outlaw, Deputy, then Dark Deputy, Dark Outlaw

# Seats are counted from the viewer in turn order (0 the viewer, 1 the next seat clockwise, ...), seven places for
# seven players; the places of absent seats (fewer players) stay zero.  Card kinds are the rules' 1.1 order (BANG!,
# Missed!, Beer, Saloon, Stagecoach, Wells Fargo, General Store, Panic!, Cat Balou, Duel, Indians!, Gatling, Barrel,
# Dynamite, Jail, Mustang, Scope, Volcanic, Schofield, Remington, Rev. Carabine, Winchester); a count of a kind is a
# share of that kind's copies in the deck.  The pending features describe the topmost frame of their kind on the
# pending-decision stack (ACTIONS.md) and are zero when there is none, or once the game is over.
_KINDS = "per card kind (rules 1.1 order, BANG! .. Winchester)"
_BLUE = "Barrel, Dynamite, Jail, Mustang, Scope, Volcanic, Schofield, Remington, Rev. Carabine, Winchester"
_BLACK = "Boots, Calumet, Gold Pan, Gun Belt, Horseshoe, Lucky Charm, Pickaxe, Rucksack, Wanted"
_EQUIP = "Shot, Bottle, Pardner, Rum, Union Pacific, Gold Rush, " + _BLACK
ENCODING_VERSION, FEATURES = declare_features(
    1,
    # the game and the turn
    Feature("players", 4, "the player count, 4 .. 7 (one-hot)"),
    Feature("options", 2, "the Gold Rush expansion; the Ghost Gunslinger variant"),
    Feature("to_move", MAX_PLAYERS, "the seat to decide (one-hot by relative seat; none once the game is over)"),
    Feature("turn_player", MAX_PLAYERS, "the active player, whose turn it is (one-hot by relative seat; none once "
                                        "the game is over)"),
    Feature("turn", 4, "the turn is an extra turn (Gold Rush card, Don Bell); more extra turns are pending; it is a "
                       "ghost turn; the Gold Rush card's heal is pending at its end"),
    Feature("decision", N_DECISIONS, "what the seat to move decides (the top frame): phase 1 Jesse Jones, Pedro "
                                     "Ramirez, Kit Carlson, Dutch Will; phase 2 play, target, steal (Panic!/Cat "
                                     "Balou), mode; reply to a BANG! effect, to Indians!, in a Duel; General Store "
                                     "pick; dying window; Sid Ketchum's cards; draw! choice; phase 3 discard "
                                     "(one-hot)"),
    Feature("stack", N_STACK, "the frames on the pending-decision stack above the turn: phase 1, play, target, "
                              "steal, mode, Indians!/Gatling going round, BANG! effect, Indians! reply, Duel, "
                              "General Store, dying window, Sid Ketchum, draw! choice, discard"),
    Feature("counters", 5, "the active player's turn so far: a BANG! card played; Gold Pan uses / 2; Raddie Snake "
                           "uses / 2; Pretty Luzena's discount spent; nuggets parked on Gold Pan / Raddie Snake / 4"),
    # what is pending
    Feature("target_for", N_TARGETS, "a target being named: BANG!, Panic!, Cat Balou, Duel, Jail, Bottle as BANG!, "
                                     "Bottle as Panic!, Pardner as Duel, Pardner as Cat Balou, Jacky Murieta's "
                                     "shot, Shot, Wanted (one-hot)"),
    Feature("mode", 3, "a mode being chosen for: a Beer (heal or sell), a Bottle, a Pardner (one-hot)"),
    Feature("steal", MAX_PLAYERS + 2, "Panic! or Cat Balou choosing a card: the victim (one-hot by relative seat), "
                                      "then taken (Panic!) or discarded (Cat Balou) (one-hot)"),
    Feature("draw_for", N_DRAWS, "a draw! whose result is being chosen among several flipped cards, for: Dynamite, "
                                 "Jail, Barrel, Jourdonnais, Don Bell (one-hot)"),
    Feature("bang", 2 * MAX_PLAYERS + 6, "a BANG! effect: the shooter, the target (one-hot by relative seat each), "
                                         "the cancels required / 2, the cancels so far / 2, the Barrel used, "
                                         "Jourdonnais used, from a BANG! card, the first of two Missed! played "
                                         "(Slab the Killer)"),
    Feature("multi", 2 * MAX_PLAYERS + 2, "Indians! or Gatling going round: the user (one-hot by relative seat), "
                                          "Indians! or Gatling (one-hot), the targets still to be served after the "
                                          "current one (by relative seat)"),
    Feature("duel", 2 * MAX_PLAYERS + 1, "a Duel: its user, its target (one-hot by relative seat each), the user is "
                                         "an active ghost"),
    Feature("dying", 2 * MAX_PLAYERS + 1, "a dying window: the dying seat, the source of the loss (one-hot by "
                                          "relative seat each; none for Dynamite), the saves still needed "
                                          "(1 - life) / 3"),
    Feature("store", 1, "a General Store: the pickers left (the one to pick included) / 7"),
    Feature("transit", N_CARDS + 1, "the cards in transit (draw! cards, a General Store's cards, Kit Carlson's or "
                                    "Dutch Will's look) the viewer sees, by card id; then those it does not see / 8"),
    # the seats
    Feature("sheriff", MAX_PLAYERS, "the Sheriff (one-hot by relative seat)"),
    Feature("roles", MAX_PLAYERS * ROLE_WIDTH, "for seats 0 .. 6: its role if the viewer knows it (its own, the "
                                               "Sheriff's, the revealed roles of the eliminated): Sheriff, Renegade, "
                                               "Outlaw, Deputy (one-hot), then the Dark Renegade's shown side: Dark "
                                               "Deputy, Dark Outlaw (one-hot)"),
    Feature("status", MAX_PLAYERS * N_STATUS, "for seats 0 .. 6: living, eliminated, inactive ghost, active ghost, "
                                              "departed ghost (one-hot)"),
    Feature("life", MAX_PLAYERS, "for seats 0 .. 6: its life points / 5 (0 at or below 0)"),
    Feature("max_life", MAX_PLAYERS, "for seats 0 .. 6: its maximum life / 5"),
    Feature("character", MAX_PLAYERS * N_CHARACTERS, "for seats 0 .. 6: its character, ids 0 .. 23 (rules 1.2 "
                                                     "then 1.5; one-hot)"),
    Feature("hand_size", MAX_PLAYERS, "for seats 0 .. 6: cards in its hand / 10 (clipped)"),
    Feature("nuggets", MAX_PLAYERS, "for seats 0 .. 6: its gold nuggets / 10 (clipped)"),
    Feature("in_play", MAX_PLAYERS * N_BLUE, "for seats 0 .. 6: the blue cards in play in front of it by kind: "
                                             + _BLUE),
    Feature("equipment", MAX_PLAYERS * N_BLACK, "for seats 0 .. 6: the black equipment in front of it by kind: "
                                                + _BLACK),
    Feature("reach", MAX_PLAYERS, "for seats 0 .. 6 taking part: its reach (weapon range, 1 for the Colt .45) / 5"),
    Feature("distance", MAX_PLAYERS * MAX_PLAYERS, "for seats a, b = 0 .. 6 (a-major), both taking part, a != b: "
                                                   "the distance from a to b (rules 5) / 5, clipped"),
    Feature("in_reach", MAX_PLAYERS * MAX_PLAYERS, "for seats a, b = 0 .. 6 (a-major), both taking part, a != b: "
                                                   "a can aim a BANG! at b (distance <= a's reach)"),
    Feature("suspicion", MAX_PLAYERS * 2, "for seats 0 .. 6: its public suspicion record, the Outlaw-like part "
                                          "(> 0) and the Sheriff-protecting part (< 0), / 30 each (clipped)"),
    # the cards
    Feature("hand", N_CARDS, "the viewer's hand by card id"),
    Feature("hand_kinds", N_KINDS, "the viewer's hand " + _KINDS + " / the kind's copies"),
    Feature("known_hands", (MAX_PLAYERS - 1) * N_KINDS, "for seats 1 .. 6: the cards of its hand the viewer knows "
                                                        "(General Store picks, Pedro Ramirez's card, taken blue "
                                                        "cards, cards it gave) " + _KINDS + " / the kind's copies"),
    Feature("discard_kinds", N_KINDS, "the discard pile " + _KINDS + " / the kind's copies"),
    Feature("tops", 2 * N_KINDS, "the discard pile's top card's kind (one-hot), then the main deck's top card's "
                                 "kind if the viewer knows it (Kit Carlson's returned card; one-hot)"),
    Feature("unseen", N_KINDS, "the cards whose place the viewer does not know (the main deck, other hands, hidden "
                               "cards in transit) " + _KINDS + " / the kind's copies"),
    Feature("unseen_in_hands", N_KINDS, "of those, the cards that were not in the main deck when it was last "
                                        "formed (setup or the last reshuffle), so in another hand or hidden in "
                                        "transit, never in the deck, " + _KINDS + " / the kind's copies"),
    Feature("piles", 4, "the main deck / 80, the discard pile / 80, and with Gold Rush the equipment deck's "
                        "face-down part / 24 and face-up part / 24"),
    # Gold Rush
    Feature("row", ROW_SLOTS * N_EQUIP_KINDS, "for equipment row slots 0 .. 2: its card's kind: " + _EQUIP
                                              + " (one-hot; none for an empty slot)"),
    Feature("equipment_deck", N_EQUIP_KINDS, "the equipment deck's face-down part (public composition) per kind: "
                                             + _EQUIP + " / the kind's copies"),
    # the end
    Feature("winner", 3, "once the game is over, the winning side: the Sheriff's, the Outlaws', the Renegade "
                         "(one-hot; none for a game stopped unfinished)"),
)


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


cdef struct Pool:
    # The anonymous cards of unknown place, by age (shuffled), and how many each age's hidden places take.
    uint8_t cards[N_AGES][N_CARDS]
    int n[N_AGES]
    int used[N_AGES]
    int need[N_AGES]


cdef inline int take(Pool* pool, int a) noexcept nogil:
    """The next card of age a in the shuffled pool."""
    cdef int c = pool.cards[a][pool.used[a]]
    pool.used[a] += 1
    return c


cdef bint sample_roles(const BangData* v, BangData* out, Rng* rng) noexcept nogil:
    """The roles ``v`` hides, dealt uniformly from those the table's size deals and no known one holds."""
    cdef int n = v.n_players, q, r, i, j, t, m, k
    cdef uint8_t left[MAX_PLAYERS]
    cdef int count[4]
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
    return True


cdef bint fill_pool(const BangData* v, int seat, Pool* pool, int* top_group, Rng* rng) noexcept nogil:
    """``pool`` := the anonymous cards by age, shuffled, each age's count checked against the hidden places of that
    age (the deck, transit, the other hands, the groups); ``top_group``: the group whose single card is the deck's
    top (-1 none).  False if the counts disagree."""
    cdef int n = v.n_players, q, c, i, a, g
    top_group[0] = -1
    for a in range(N_AGES):
        pool.n[a] = pool.used[a] = pool.need[a] = 0
    for c in range(N_CARDS):
        if v.loc[c] == LOC_UNKNOWN and not v.grp[c]:
            a = v.age[c]
            if a >= N_AGES:
                return False
            pool.cards[a][pool.n[a]] = c
            pool.n[a] += 1
    for g in range(MAX_GROUPS):
        if v.g_one[g]:
            if v.g_one[g] - 1 == GP_DECK_TOP and v.vw_g_one[g]:
                top_group[0] = g
            for a in range(N_AGES):
                pool.need[a] += v.vw_g_age[g][a]
        elif v.vw_g_one[g] or v.vw_g_rest[g]:
            return False
    for q in range(n):
        if q != seat:
            for a in range(N_AGES):
                pool.need[a] += v.vw_slots[q][a]
    for i in range(v.transit_n):
        if v.transit[i] == 255:
            if v.vw_transit_age[i] >= N_AGES:
                return False
            pool.need[v.vw_transit_age[i]] += 1
    for i in range(v.deck_n):
        if v.deck[i] == 255 and not (i == v.deck_n - 1 and top_group[0] >= 0):
            pool.need[0] += 1
    for a in range(N_AGES):
        if pool.need[a] != pool.n[a]:
            return False
        shuffle(pool.cards[a], pool.n[a], rng)
    return True


cdef void deal_places(const BangData* v, int seat, BangData* out, Pool* pool, int top_group) noexcept nogil:
    """The hidden places outside any group: the deck's (cards of the current pool), those in transit (Kit Carlson's,
    Dutch Will's look), the other hands."""
    cdef int n = v.n_players, q, c, i, a
    for i in range(v.deck_n):
        if v.deck[i] == 255 and not (i == v.deck_n - 1 and top_group >= 0):
            c = take(pool, 0)
            out.deck[i] = c
            out.loc[c] = LOC_DECK
    for i in range(v.transit_n):
        if v.transit[i] == 255:
            c = take(pool, v.vw_transit_age[i])
            out.transit[i] = c
            out.loc[c] = LOC_TRANSIT
            out.known[c] = v.known[c] | (1 << v.turn_player)
    for q in range(n):
        if q == seat:
            continue
        for a in range(N_AGES):
            for i in range(v.vw_slots[q][a]):
                place_card(out, take(pool, a), LOC_HAND + q, seat)


cdef bint deal_groups(const BangData* v, int seat, BangData* out, Pool* pool, int top_group,
                      Rng* rng) noexcept nogil:
    """The mixing groups: each group's known cards and its share of each age, spread uniformly over its two places.
    False if a group's counts or places are impossible."""
    cdef int n = v.n_players, c, i, m, a, g
    cdef uint8_t members[N_CARDS]
    for g in range(MAX_GROUPS):
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
                members[m] = take(pool, a)
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
    return True


cdef bint sample_view(const BangData* v, int seat, BangData* out, Rng* rng) noexcept nogil:
    """``out`` := a state consistent with view ``v`` of ``seat`` (see the module docstring); False if none is: the
    roles, then every age's anonymous cards dealt uniformly over that age's places, then every group's cards over the
    group's two places, then the face-down equipment's order."""
    cdef int i, j, t, top_group
    cdef Pool pool
    out[0] = v[0]
    if not sample_roles(v, out, rng):
        return False
    clear_view_records(out)
    if not fill_pool(v, seat, &pool, &top_group, rng):
        return False
    deal_places(v, seat, out, &pool, top_group)
    if not deal_groups(v, seat, out, &pool, top_group, rng):
        return False
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
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef BangData view                  # the state as `seat` pictures it: hidden parts ROLE_UNKNOWN, LOC_UNKNOWN, 255

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(BangData)

    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<BangState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return sample_view(&self.view, self.seat, &(<BangState>out).d, rng)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        encode_view(&self.view, self.seat, e)

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


# ====================================================================== the encoding (docs/encodings.md)

cdef inline int copies(int kind) noexcept nogil:
    return kind_first(kind + 1) - kind_first(kind)


cdef inline int equip_copies(int kind) noexcept nogil:
    return equip_first(kind + 1) - equip_first(kind)


cdef inline int frame_of(const BangData* v, int kind) noexcept nogil:
    """The topmost frame of that kind on the pending-decision stack, or -1."""
    cdef int f
    for f in range(v.fr_n - 1, 0, -1):
        if v.fr_kind[f] == kind:
            return f
    return -1


cdef inline int decision_of(const BangData* v) noexcept nogil:
    """The index of the decision the top frame asks for (the ``decision`` feature), or -1."""
    cdef int f = v.fr_n - 1, k
    if v.over or f < 1:
        return -1
    k = v.fr_kind[f]
    if k == FR_PHASE1:
        return v.fr_a[f] if 0 <= v.fr_a[f] <= P1_DUTCH else -1
    if FR_PLAY <= k < FR_MULTI:
        return 4 + k - FR_PLAY
    if FR_MULTI < k <= FR_DISCARD:
        return 3 + k - FR_PLAY
    return -1


cdef inline void put_kinds(Encoder* e, const int* counts) noexcept nogil:
    """N_KINDS counts, each a share of its kind's copies."""
    cdef int k
    for k in range(N_KINDS):
        put_count(e, counts[k], copies(k))


cdef inline void put_cards(Encoder* e, uint64_t low, uint64_t high) noexcept nogil:
    """A set of main-deck cards by id: ids 0 .. 63 in ``low``, 64 .. 79 in ``high``."""
    put_bits(e, low, 64)
    put_bits(e, high, N_CARDS - 64)


cdef inline void add_card(uint64_t* low, uint64_t* high, int c) noexcept nogil:
    if c < 64:
        low[0] |= (<uint64_t>1) << c
    else:
        high[0] |= (<uint64_t>1) << (c - 64)


cdef void encode_view(const BangData* v, int seat, Encoder* e) noexcept nogil:
    """FEATURES, in order, from the view of ``seat`` alone (its hidden parts are ROLE_UNKNOWN, LOC_UNKNOWN, 255)."""
    cdef int n = v.n_players, r, a, b, p, q, c, k, f, i, hidden
    cdef bint running = not v.over
    cdef int seats[MAX_PLAYERS]         # the absolute seat of each relative place, -1 when absent
    cdef bint part[MAX_PLAYERS]         # each absolute seat takes part (living, or the active ghost)
    cdef uint64_t blue[MAX_PLAYERS]     # per absolute seat: its blue cards in play by kind
    cdef uint64_t black[MAX_PLAYERS]    # its black equipment by kind
    cdef int counts[N_KINDS]
    cdef int unseen[N_KINDS]
    cdef int unseen_out[N_KINDS]
    cdef int eq_counts[N_EQUIP_KINDS]
    cdef int ranges[MAX_PLAYERS]        # by relative place: its reach, 0 unless it takes part
    cdef int dists[MAX_PLAYERS][MAX_PLAYERS]    # by relative places: the distance, 0 unless both take part
    cdef uint64_t low = 0, high = 0
    for r in range(MAX_PLAYERS):
        seats[r] = (seat + r) % n if r < n else -1
        blue[r] = black[r] = 0
        part[r] = r < n and is_participant(v, r)
    for c in range(kind_first(K_BARREL), N_CARDS):
        if LOC_PLAY <= v.loc[c] < LOC_PLAY + n:
            blue[v.loc[c] - LOC_PLAY] |= (<uint64_t>1) << (card_kind(c) - K_BARREL)
    if v.gold_rush:
        for i in range(N_EQUIP):
            k = equip_kind(i)
            if EQL_PLAY <= v.eq_loc[i] < EQL_PLAY + n and k >= E_BOOTS:
                black[v.eq_loc[i] - EQL_PLAY] |= (<uint64_t>1) << (k - E_BOOTS)

    # the game and the turn
    put_onehot(e, n - MIN_PLAYERS, 4)
    put_flag(e, v.gold_rush != 0)
    put_flag(e, v.ghosts != 0)
    put_onehot(e, relative_seat(v.current, seat, n) if running else -1, MAX_PLAYERS)
    put_onehot(e, relative_seat(v.turn_player, seat, n) if running else -1, MAX_PLAYERS)
    if running:
        put_flag(e, v.turn_kind == 1)
        put_flag(e, v.extra_turns > 0)
        put_flag(e, 0 <= v.turn_player < n and v.status[v.turn_player] == ST_GHOST_ACTIVE)
        put_flag(e, v.fr_b[0] != 0)
    else:
        skip(e, 4)
    put_onehot(e, decision_of(v), N_DECISIONS)
    for k in range(FR_PHASE1, FR_DISCARD + 1):
        put_flag(e, running and frame_of(v, k) >= 0)
    if running:
        put_flag(e, v.bangs > 0)
        put_count(e, v.gold_pan_used, 2)
        put_count(e, v.raddie_used, 2)
        put_flag(e, v.luzena_used != 0)
        put_count(e, v.parked, 4)
    else:
        skip(e, 5)

    # what is pending
    f = frame_of(v, FR_TARGET) if running else -1
    put_onehot(e, v.fr_a[f] if f >= 0 else -1, N_TARGETS)
    f = frame_of(v, FR_MODE) if running else -1
    put_onehot(e, v.fr_a[f] if f >= 0 else -1, 3)
    f = frame_of(v, FR_STEAL) if running else -1
    if f >= 0:
        put_onehot(e, relative_seat(v.fr_a[f], seat, n), MAX_PLAYERS)
        put_onehot(e, 0 if v.fr_b[f] else 1, 2)
    else:
        skip(e, MAX_PLAYERS + 2)
    f = frame_of(v, FR_DRAWCHOICE) if running else -1
    put_onehot(e, v.fr_b[f] if f >= 0 else -1, N_DRAWS)
    f = frame_of(v, FR_BANG) if running else -1
    if f >= 0:
        put_onehot(e, relative_seat(v.fr_a[f], seat, n), MAX_PLAYERS)
        put_onehot(e, relative_seat(v.fr_b[f], seat, n), MAX_PLAYERS)
        put_count(e, v.fr_c[f], 2)
        put_count(e, v.fr_d[f], 2)
        put_flag(e, v.fr_e[f] & BF_BARREL_USED)
        put_flag(e, v.fr_e[f] & BF_JOUR_USED)
        put_flag(e, v.fr_e[f] & BF_BANG_CARD)
        put_flag(e, v.fr_e[f] & BF_MISSED_STARTED)
    else:
        skip(e, 2 * MAX_PLAYERS + 6)
    f = frame_of(v, FR_MULTI) if running else -1
    if f >= 0:
        a = v.fr_a[f]
        put_onehot(e, relative_seat(a, seat, n), MAX_PLAYERS)
        put_onehot(e, 1 if v.fr_b[f] == K_GATLING else 0, 2)
        for r in range(MAX_PLAYERS):
            q = seats[r]
            put_flag(e, q >= 0 and 0 <= a < n and (v.fr_e[f] >> q) & 1 and part[q]
                     and (q - a + n) % n >= v.fr_d[f])
    else:
        skip(e, 2 * MAX_PLAYERS + 2)
    f = frame_of(v, FR_DUEL) if running else -1
    if f >= 0:
        put_onehot(e, relative_seat(v.fr_a[f], seat, n), MAX_PLAYERS)
        put_onehot(e, relative_seat(v.fr_b[f], seat, n), MAX_PLAYERS)
        put_flag(e, v.fr_d[f] != 0)
    else:
        skip(e, 2 * MAX_PLAYERS + 1)
    f = frame_of(v, FR_DYING) if running else -1
    if f >= 0:
        a = v.fr_a[f]
        put_onehot(e, relative_seat(a, seat, n), MAX_PLAYERS)
        put_onehot(e, relative_seat(v.fr_b[f], seat, n), MAX_PLAYERS)
        put_count(e, 1 - v.life[a] if 0 <= a < n else 0, 3)
    else:
        skip(e, 2 * MAX_PLAYERS + 1)
    f = frame_of(v, FR_STORE) if running else -1
    put_count(e, v.fr_b[f] if f >= 0 else 0, MAX_PLAYERS)
    hidden = 0
    for i in range(v.transit_n):
        c = v.transit[i]
        if c < N_CARDS:
            add_card(&low, &high, c)
        else:
            hidden += 1
    put_cards(e, low, high)
    put_count(e, hidden, MAX_TRANSIT)

    # the seats
    put_onehot(e, relative_seat(v.sheriff, seat, n), MAX_PLAYERS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        if p < 0:
            skip(e, ROLE_WIDTH)
            continue
        put_onehot(e, v.role[p] if v.role[p] != ROLE_UNKNOWN else -1, 4)
        put_onehot(e, v.dark_side - 1 if v.role[p] == RENEGADE else -1, 2)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_onehot(e, v.status[p] if p >= 0 else -1, N_STATUS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.life[p] if p >= 0 and v.life[p] > 0 else 0, LIFE_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.max_life[p] if p >= 0 else 0, LIFE_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_onehot(e, v.character[p] if p >= 0 else -1, N_CHARACTERS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.hand_n[p] if p >= 0 else 0, HAND_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.nuggets[p] if p >= 0 else 0, NUGGET_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_bits(e, blue[p] if p >= 0 else 0, N_BLUE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_bits(e, black[p] if p >= 0 else 0, N_BLACK)
    for r in range(MAX_PLAYERS):                     # by relative places, 0 for a seat absent or not taking part
        a = seats[r]
        ranges[r] = reach(v, a) if a >= 0 and part[a] else 0
        for i in range(MAX_PLAYERS):
            b = seats[i]
            dists[r][i] = distance(v, a, b) if a >= 0 and b >= 0 and a != b and part[a] and part[b] else 0
    for r in range(MAX_PLAYERS):
        put_count(e, ranges[r], DISTANCE_SCALE)
    for r in range(MAX_PLAYERS):
        for i in range(MAX_PLAYERS):
            put_count(e, dists[r][i], DISTANCE_SCALE)
    for r in range(MAX_PLAYERS):
        for i in range(MAX_PLAYERS):
            put_flag(e, 0 < dists[r][i] <= ranges[r])
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.suspicion[p] if p >= 0 and v.suspicion[p] > 0 else 0, SUSPICION_SCALE)
        put_count(e, -v.suspicion[p] if p >= 0 and v.suspicion[p] < 0 else 0, SUSPICION_SCALE)

    # the cards
    low = high = 0
    for k in range(N_KINDS):
        counts[k] = unseen[k] = unseen_out[k] = 0
    for c in range(N_CARDS):
        if v.loc[c] == LOC_HAND + seat:
            add_card(&low, &high, c)
            counts[card_kind(c)] += 1
        elif v.loc[c] == LOC_UNKNOWN:
            unseen[card_kind(c)] += 1
            if not v.known[c] & KNOWN_POOL:
                unseen_out[card_kind(c)] += 1
    put_cards(e, low, high)
    put_kinds(e, counts)
    for r in range(1, MAX_PLAYERS):
        p = seats[r]
        if p < 0:
            skip(e, N_KINDS)
            continue
        for k in range(N_KINDS):
            counts[k] = 0
        for c in range(N_CARDS):
            if v.loc[c] == LOC_HAND + p:
                counts[card_kind(c)] += 1
        put_kinds(e, counts)
    for k in range(N_KINDS):
        counts[k] = 0
    for i in range(v.discard_n):
        counts[card_kind(v.discard[i])] += 1
    put_kinds(e, counts)
    put_onehot(e, card_kind(v.discard[v.discard_n - 1]) if v.discard_n > 0 else -1, N_KINDS)
    c = v.deck[v.deck_n - 1] if v.deck_n > 0 else 255
    put_onehot(e, card_kind(c) if c < N_CARDS else -1, N_KINDS)
    put_kinds(e, unseen)
    put_kinds(e, unseen_out)
    put_count(e, v.deck_n, N_CARDS)
    put_count(e, v.discard_n, N_CARDS)
    put_count(e, v.eq_n - v.eq_up if v.gold_rush else 0, N_EQUIP)
    put_count(e, v.eq_up if v.gold_rush else 0, N_EQUIP)

    # Gold Rush
    for i in range(ROW_SLOTS):
        put_onehot(e, equip_kind(v.eq_row[i]) if v.gold_rush and 0 <= v.eq_row[i] < N_EQUIP else -1, N_EQUIP_KINDS)
    for k in range(N_EQUIP_KINDS):
        eq_counts[k] = 0
    if v.gold_rush:
        for i in range(v.eq_up, v.eq_n):
            if v.eq_deck[i] < N_EQUIP:
                eq_counts[equip_kind(v.eq_deck[i])] += 1
    for k in range(N_EQUIP_KINDS):
        put_count(e, eq_counts[k], equip_copies(k))

    # the end
    put_onehot(e, v.winner - 1 if v.over and v.winner != WIN_NONE else -1, 3)
