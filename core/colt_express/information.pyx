"""What one Colt Express seat knows (rules §13), and the sampler that deals full states consistent with it (§13.6).

A view is the state's data block with everything the seat cannot see removed: other seats' hands (except the
bullets publicly known to be in them) and draw decks, their face-down cards not yet revealed, their keep choices,
the value of every purse the seat never held, and the round cards not yet revealed.  The generator is absent.

The sampler fills exactly those unknowns, every completion that fits the view as likely as any other (issue 12):

- round cards: the unrevealed regular cards as an ordered draw from the unseen ones of the set, the station card
  from the three (§13.6 item 1);
- purse values: the values the seat does not know, dealt at random to the purses it does not know (item 2);
- another seat's cards: its cards whose place the seat cannot know are dealt to its face-down pile cards (action
  cards of that card's bandit only), its hand and its draw deck (item 3), every placement of the physical cards
  equally likely (a state counting cards by kind weighs the placements it stands for).  Under the base rules that
  is a uniform deal.  Under the advanced rules the deck is a sub-multiset of the public pool it was formed from
  (D36), and the cards known not to be of that pool (in the pile when it was formed, bullets from the top) lie
  elsewhere: ``_advanced_deck`` draws the deck and those older face-down cards from their exact weight, then the
  other face-down cards and the hand are dealt uniformly from the rest;
- the keep phase: the choices already made by other seats (and by the deciding seat about the kinds before
  ``keep_kind``) are drawn at random.

A view no state fits makes ``_sample_into`` return False (``sample()`` raises ``InconsistentInformationError``);
``check_view`` refuses such views, and every sample gives its seat back exactly the view it was drawn from:
``sample.information_set(seat) == info``.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t

from deadeye.core.encoder cimport Encoder, put, put_count, put_flag, put_onehot, relative_seat, skip
from deadeye.core.rng cimport Rng, rng_below, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet, MAX_ACTIONS
from deadeye.core.colt_express.data cimport *
from deadeye.core.colt_express.state cimport ColtExpressState, check_data, legal_actions_of

from deadeye.core.features import Feature, declare_features
from deadeye.core.colt_express.labels import PHASE_NAMES


# ====================================================================== the encoding (docs/encodings.md)

cdef enum:
    E_PLACES = 8            # bandit places: 0 .. 5 the bandit of relative seats 0 .. 5 (its slot-0 bandit with 2
                            # players), 6 and 7 the slot-1 bandit of relative seats 0 and 1 (2 players only)
    E_POSITIONS = MAX_CARS * 2   # car * 2 + level
    E_PILE = 24             # cards a round's pile can hold: 6 seats x 4 (R6 cards), 4 x 5 (R4 cards), 2 x 5
    E_PILE_CARD = E_PLACES + N_TYPES + 2
    E_ACTION_KINDS = N_SLOTS * N_TYPES
    E_SEAT_COUNTS = 7
    E_MAX_HAND = 26         # cards in a hand: 11 kept or 7 dealt, then 3 drawn on each of at most 5 turns
    E_MAX_OWNED = 54        # a seat's cards: 11 action cards, 30 bullets from bandits, 13 marshal's bullets
    E_MAX_BULLETS = 43      # bullet cards one seat can hold: 5 x 6 from bandits, 13 marshal's
    E_MAX_DRAWN = 15        # cards drawn in one schemin' phase: 3 on each of 5 turns
    E_MAX_KEPT = 11         # action cards kept (11 in the 2-player variant)
    E_BANDIT_HITS = 30      # bullet cards a bandit can receive from the other bandits: 5 x 6
    E_MAX_DOLLARS = 12500   # all the loot: $6,000 of purses, 6 jewels, 2 strongboxes, 6 ransom purses

_KINDS = ("per kind (kind = slot * 6 + type; types Move, Floor change, Fire, Rob, Punch, Marshal; slot 0 the "
          "seat's bandit, slot 1 its second bandit with 2 players; kind 12 the bullet cards): action cards / 2, "
          "bullets / 43")

# Seats are counted from the viewer in turn order (clockwise, seat + 1 next); absent seats stay zero.  Bandits sit in
# 8 places: place r (r = 0 .. 5) is the bandit of relative seat r, with 2 players its first bandit (slot 0); places
# 6 and 7 are the second bandit (slot 1) of relative seats 0 and 1 in the 2-player variant, zero otherwise.  Cars
# are counted from the locomotive (car 0), so the caboose is car 3 .. 6 by the player count; a position is car * 2 +
# level (inside 0, roof 1).  Bandits, cars and tokens keep their own ids (Fire, Punch, Move and Rob actions name
# them): the `bandits` feature tells which bandit sits at each place.
ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("players", 5, "the player count, 2 .. 6 (one-hot)"),
    Feature("options", 2, "the advanced deck rules are in force; the two-bandits variant (2 players)"),
    Feature("round", N_ROUNDS, "the round, 1 .. 5 (one-hot; none during the 2-player setup)"),
    Feature("phase", PH_GAME_OVER, "setup caboose, setup marshal (2 players), schemin', keep (advanced), then the "
                                   "stealin' decisions move, marshal, fire, rob, punch victim, punch loot, punch "
                                   "destination, and pickpocketing (one-hot; none once the game is over)"),
    Feature("to_move", MAX_PLAYERS, "the seat to decide (one-hot by relative seat)"),
    Feature("first_player", MAX_PLAYERS, "the first player of the round (one-hot by relative seat)"),
    Feature("scheme_turn", MAX_TURNS, "schemin': the current turn of the round card, 1 .. 5 (one-hot)"),
    Feature("round_cards", N_ROUNDS * N_ROUND_CARDS, "for rounds 1 .. 5: its round card once revealed (one-hot over "
                                                     "R4-1 .. R4-7, R6-1 .. R6-7, ST-1 .. ST-3; none before)"),
    Feature("turns", MAX_TURNS * 4, "the current round card's turns 1 .. 5: normal, tunnel, speed-up, switching "
                                    "(one-hot each; none past its last turn)"),
    Feature("round_event", 8, "the current round card's event: Angry Marshal, Swivel Arm, Braking, Take It All!, "
                              "Passengers' Rebellion, Pickpocketing, Marshal's Revenge, Hostage-Taking (one-hot; "
                              "none for a card without)"),
    Feature("actor", 2 * E_PLACES, "stealin' and pickpocketing: the bandit whose card or choice is resolved "
                                   "(one-hot by bandit place), then, pickpocketing, the bandits still to take a "
                                   "purse (by bandit place)"),
    Feature("victim", E_PLACES, "punch loot and destination: the punched bandit (one-hot by bandit place)"),
    Feature("keep_kind", E_ACTION_KINDS, "keep: the action kind being decided (one-hot, kind = slot * 6 + type)"),
    Feature("winners", MAX_PLAYERS, "once the game is over: the seats sharing the victory (by relative seat)"),
    Feature("bandits", E_PLACES * N_BANDITS, "for bandit places 0 .. 7: which bandit it is: Belle, Cheyenne, "
                                             "Django, Doc, Ghost, Tuco (one-hot)"),
    Feature("positions", E_PLACES * E_POSITIONS, "for bandit places 0 .. 7: its position car * 2 + level (one-hot; "
                                                 "none before the 2-player placement)"),
    Feature("bullets_left", E_PLACES, "for bandit places 0 .. 7: its own bullet cards not yet fired / 6"),
    Feature("bandit_hits", E_PLACES, "for bandit places 0 .. 7: bullet cards it received from bandits / 30"),
    Feature("marshal_hits", E_PLACES, "for bandit places 0 .. 7: the marshal's bullet cards it received / 13"),
    Feature("bandit_loot", E_PLACES * 5, "for bandit places 0 .. 7: its purses (ransom purses included) / 24, "
                                         "jewels / 6, strongboxes / 2, purses whose value the viewer does not know "
                                         "/ 18, and the dollars of its loot the viewer knows / 12,500"),
    Feature("marshal", MAX_CARS, "the marshal's car (one-hot)"),
    Feature("neutral_bullets", 2, "the marshal's bullet cards left in the supply, and removed from the game, / 13"),
    Feature("loot_at", E_POSITIONS * 3, "for positions car * 2 + level: the purses / 18, jewels / 6, strongboxes "
                                        "/ 2 lying there"),
    Feature("tokens", N_TOKENS * (E_POSITIONS + E_PLACES + 2),
            "for tokens 0 .. 31 (purses 0 .. 17, the starting purses first; jewels 18 .. 23; strongboxes 24, 25; "
            "ransom purses 26 .. 31): where it is (14 positions, then 8 bandit places holding it; none in the box "
            "or set aside), and while in play whether the viewer knows its value and that value / $1,000"),
    Feature("hand", N_KINDS, "the viewer's hand " + _KINDS),
    Feature("deck", N_KINDS, "the viewer's draw deck (below the bullets known on its top) " + _KINDS),
    Feature("keeping", E_ACTION_KINDS, "keep: the viewer's choices so far, per action kind / 2"),
    Feature("card_counts", MAX_PLAYERS * E_SEAT_COUNTS,
            "for seats 0 .. 5: cards in hand / 26, in the draw deck / 54, bullets on top of the draw deck / 43 "
            "(advanced), bullets known to be in the hand / 26 (advanced), cards drawn this schemin' phase / 15 "
            "(advanced), cards kept at the last end of schemin' / 11 (advanced), bullets received this round "
            "waiting aside / 43 (base)"),
    Feature("unseen", (MAX_PLAYERS - 1) * N_KINDS, "for seats 1 .. 5: their cards whose place the viewer does not "
                                                   "know (hand, draw deck, unrevealed face-down cards) " + _KINDS),
    Feature("discard", MAX_PLAYERS * N_KINDS, "for seats 0 .. 5: the discard pile (advanced) " + _KINDS),
    Feature("returned", MAX_PLAYERS * E_ACTION_KINDS, "for seats 0 .. 5: the action cards resolved this round, back "
                                                      "in the draw deck (base), per action kind / 2"),
    Feature("pool", MAX_PLAYERS * N_KINDS, "for seats 0 .. 5: the draw deck's cards when it was last formed "
                                           "(advanced) " + _KINDS),
    Feature("removed_marshal", 4, "2 players, for seats 0 and 1: whose Marshal card the seat removed, its slot-0 "
                                  "or slot-1 bandit's (one-hot each)"),
    Feature("pile", E_PILE * E_PILE_CARD, "the programming pile, the first card played (and resolved) first, up to "
                                          "24 cards: its bandit (one-hot by bandit place), its type if the viewer "
                                          "knows it (Move, Floor change, Fire, Rob, Punch, Marshal; none for a "
                                          "face-down card of another seat), face down, turned over for resolution"),
)


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


cdef class ColtExpressInformationSet(InformationSet):
    """What one seat of a Colt Express game knows (§13); ``sample()`` draws full states consistent with it."""

    state_class = ColtExpressState
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef ColtData view                  # the state as `seat` pictures it: hidden parts zeroed or UNKNOWN

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(ColtData)

    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<ColtExpressState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return sample_view(&self.view, self.seat, &(<ColtExpressState>out).d, rng)

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_view``)."""
        return check_view(&self.view, self.seat)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        encode_view(&self.view, self.seat, e)

    def hand(self) -> dict:
        return self._as_state().hand(self.seat)

    def __repr__(self):
        return (f"<ColtExpressInformationSet seat {self.seat} round {self.view.round} "
                f"{PHASE_NAMES[self.view.phase]}>")



cdef inline int _place_bandit(ColtData* v, int seat, int p) noexcept nogil:
    """The bandit at bandit place ``p`` as ``seat`` counts them, or -1."""
    cdef int r = p if p < MAX_PLAYERS else p - MAX_PLAYERS, s = 0 if p < MAX_PLAYERS else 1
    if r >= v.n_players or s >= v.n_slots:
        return -1
    return v.bandit_of[(seat + r) % v.n_players][s]


cdef inline int _bandit_place(ColtData* v, int seat, int b) noexcept nogil:
    """Bandit ``b``'s place as ``seat`` counts them, or -1 for none."""
    cdef int q, r
    if b < 0 or b >= N_BANDITS or v.controller[b] < 0:
        return -1
    q = v.controller[b]
    r = relative_seat(q, seat, v.n_players)
    return r if v.bandit_of[q][0] == b else MAX_PLAYERS + r


cdef inline void _put_kinds(Encoder* e, const uint8_t* row) noexcept nogil:
    """Card counts per kind: action kinds / 2, bullets / E_MAX_BULLETS."""
    cdef int k
    for k in range(N_KINDS):
        put_count(e, row[k], E_MAX_BULLETS if k == BULLET else 2)


cdef void _unseen(ColtData* v, int q, int* unk) noexcept nogil:
    """Seat ``q``'s cards per kind whose place the view does not show (its hand but the public bullets, its draw
    deck, its unrevealed face-down cards): the cards the sampler deals (§13.6 item 3)."""
    cdef int k, i, b
    for k in range(N_KINDS):
        unk[k] = kind_total(v, q, k) - v.returned[q][k] - v.discard[q][k]
    unk[BULLET] -= v.aside[q] + v.deck_top[q] + v.known_bullets[q]
    for i in range(v.pile_next, v.pile_n if v.pile_n < MAX_PILE else MAX_PILE):
        b = v.pile_bandit[i]
        if 0 <= b < N_BANDITS and v.controller[b] == q and v.pile_kind[i] < N_KINDS:
            unk[v.pile_kind[i]] -= 1


cdef void encode_view(ColtData* v, int seat, Encoder* e) noexcept nogil:
    """FEATURES, in order, from the view alone."""
    cdef int n = v.n_players, ph = v.phase, p, r, q, b, k, t, i, pos, src, hits
    cdef int card = v.round_card[v.round - 1] if 1 <= v.round <= N_ROUNDS else -1
    cdef int purses, jewels, boxes, unknown, dollars
    cdef int at_purses[E_POSITIONS]
    cdef int at_jewels[E_POSITIONS]
    cdef int at_boxes[E_POSITIONS]
    cdef int unk[N_KINDS]
    cdef bint known
    if card == UNKNOWN:
        card = -1
    # --- the table and the decision
    put_onehot(e, n - 2, 5)
    put_flag(e, v.advanced)
    put_flag(e, v.n_slots == 2)
    put_onehot(e, v.round - 1, N_ROUNDS)
    put_onehot(e, ph, PH_GAME_OVER)
    put_onehot(e, relative_seat(v.decider, seat, n) if ph != PH_GAME_OVER else -1, MAX_PLAYERS)
    put_onehot(e, relative_seat(v.first, seat, n), MAX_PLAYERS)
    put_onehot(e, v.turn if ph == PH_SCHEME else -1, MAX_TURNS)
    for i in range(N_ROUNDS):
        put_onehot(e, v.round_card[i] if v.round_card[i] != UNKNOWN else -1, N_ROUND_CARDS)
    for t in range(MAX_TURNS):
        put_onehot(e, card_turn(card, t) if card >= 0 else -1, 4)
    put_onehot(e, card_event(card) - 1 if card >= 0 else -1, 8)
    put_onehot(e, _bandit_place(v, seat, v.actor), E_PLACES)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        put_flag(e, b >= 0 and (v.pick_mask >> b) & 1)
    put_onehot(e, _bandit_place(v, seat, v.victim), E_PLACES)
    put_onehot(e, v.keep_kind if ph == PH_KEEP else -1, E_ACTION_KINDS)
    for r in range(MAX_PLAYERS):
        put_flag(e, ph == PH_GAME_OVER and r < n and (v.winners >> ((seat + r) % n)) & 1)
    # --- bandits and the marshal
    for p in range(E_PLACES):
        put_onehot(e, _place_bandit(v, seat, p), N_BANDITS)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        put_onehot(e, v.car[b] * 2 + v.level[b] if b >= 0 and v.car[b] >= 0 else -1, E_POSITIONS)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        put_count(e, v.bullets_left[b] if b >= 0 else 0, GUN)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        hits = 0
        if b >= 0:
            for src in range(N_BANDITS):
                hits += v.received[b][src]
        put_count(e, hits, E_BANDIT_HITS)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        put_count(e, v.received[b][NEUTRAL] if b >= 0 else 0, N_NEUTRAL)
    for p in range(E_PLACES):
        b = _place_bandit(v, seat, p)
        purses = jewels = boxes = unknown = dollars = 0
        if b >= 0:
            for t in range(N_TOKENS):
                if v.tok_place[t] != PLACE_BANDIT + b:
                    continue
                known = (v.tok_known[t] >> seat) & 1
                if is_purse(t):
                    purses += 1
                    unknown += not known
                elif t < STRONGBOX0:
                    jewels += 1
                else:
                    boxes += 1
                if known:
                    dollars += v.tok_value[t]
        put_count(e, purses, N_PURSES + N_BANDITS)
        put_count(e, jewels, STRONGBOX0 - JEWEL0)
        put_count(e, boxes, RANSOM0 - STRONGBOX0)
        put_count(e, unknown, N_PURSES)
        put_count(e, dollars, E_MAX_DOLLARS)
    put_onehot(e, v.marshal_car, MAX_CARS)
    put_count(e, v.neutral_supply, N_NEUTRAL)
    put_count(e, v.neutral_removed, N_NEUTRAL)
    # --- loot
    for pos in range(E_POSITIONS):
        at_purses[pos] = at_jewels[pos] = at_boxes[pos] = 0
    for t in range(N_TOKENS):
        pos = v.tok_place[t]
        if pos < E_POSITIONS:
            if is_purse(t):
                at_purses[pos] += 1
            elif t < STRONGBOX0:
                at_jewels[pos] += 1
            else:
                at_boxes[pos] += 1
    for pos in range(E_POSITIONS):
        put_count(e, at_purses[pos], N_PURSES)
        put_count(e, at_jewels[pos], STRONGBOX0 - JEWEL0)
        put_count(e, at_boxes[pos], RANSOM0 - STRONGBOX0)
    for t in range(N_TOKENS):
        pos = v.tok_place[t]
        put_onehot(e, pos if pos < E_POSITIONS else -1, E_POSITIONS)
        put_onehot(e, _bandit_place(v, seat, pos - PLACE_BANDIT) if PLACE_BANDIT <= pos < PLACE_BANDIT + N_BANDITS
                   else -1, E_PLACES)
        known = pos < PLACE_BOX and (v.tok_known[t] >> seat) & 1
        put_flag(e, known)
        put(e, v.tok_value[t] / 1000.0 if known else 0.0)
    # --- cards
    _put_kinds(e, v.hand[seat])
    _put_kinds(e, v.deck[seat])
    for k in range(E_ACTION_KINDS):
        put_count(e, v.keep[seat][k], 2)
    for r in range(MAX_PLAYERS):
        if r >= n:
            skip(e, E_SEAT_COUNTS)
            continue
        q = (seat + r) % n
        put_count(e, v.hand_n[q], E_MAX_HAND)
        put_count(e, v.deck_n[q], E_MAX_OWNED)
        put_count(e, v.deck_top[q], E_MAX_BULLETS)
        put_count(e, v.known_bullets[q], E_MAX_HAND)
        put_count(e, v.drawn[q], E_MAX_DRAWN)
        put_count(e, v.kept_n[q], E_MAX_KEPT)
        put_count(e, v.aside[q], E_MAX_BULLETS)
    for r in range(1, MAX_PLAYERS):
        if r >= n:
            skip(e, N_KINDS)
            continue
        _unseen(v, (seat + r) % n, unk)
        for k in range(N_KINDS):
            put_count(e, unk[k], E_MAX_BULLETS if k == BULLET else 2)
    for r in range(MAX_PLAYERS):
        if r >= n:
            skip(e, N_KINDS)
        else:
            _put_kinds(e, v.discard[(seat + r) % n])
    for r in range(MAX_PLAYERS):
        if r >= n:
            skip(e, E_ACTION_KINDS)
            continue
        q = (seat + r) % n
        for k in range(E_ACTION_KINDS):
            put_count(e, v.returned[q][k], 2)
    for r in range(MAX_PLAYERS):
        if r >= n:
            skip(e, N_KINDS)
        else:
            _put_kinds(e, v.pool[(seat + r) % n])
    for r in range(2):
        put_onehot(e, v.removed_marshal[(seat + r) % n] if n == 2 else -1, 2)
    # --- the programming pile
    for i in range(E_PILE):
        if i >= v.pile_n:
            skip(e, E_PILE_CARD)
            continue
        put_onehot(e, _bandit_place(v, seat, v.pile_bandit[i]), E_PLACES)
        k = v.pile_kind[i]
        put_onehot(e, k % N_TYPES if k < N_KINDS else -1, N_TYPES)
        put_flag(e, v.pile_flags[i] & FACE_DOWN)
        put_flag(e, v.pile_flags[i] & REVEALED)


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


cdef bint _round_cards(ColtData* s, Rng* rng) noexcept nogil:
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
    if n_free < 4 - s.round:                               # a card revealed twice
        return False
    for i in range(s.round, 4):
        j = rng_below(rng, n_free)
        s.round_card[i] = free[j]
        free[j] = free[n_free - 1]
        n_free -= 1
    return True


cdef bint _purse_values(ColtData* s, int seat, Rng* rng) noexcept nogil:
    """§13.6 item 2: the values the seat does not know, dealt at random to the purses it does not know."""
    cdef int values[N_PURSES]
    cdef int i, j, t, n = N_PURSES, tmp
    cdef bint found
    for i in range(N_PURSES):
        values[i] = purse_value(i)
    for t in range(N_PURSES):
        if (s.tok_known[t] >> seat) & 1:
            found = False
            for i in range(n):
                if values[i] == s.tok_value[t]:
                    values[i] = values[n - 1]
                    n -= 1
                    found = True
                    break
            if not found:                                  # more known purses of a value than there are
                return False
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        tmp = values[i]
        values[i] = values[j]
        values[j] = tmp
    i = 0
    for t in range(N_PURSES):
        if not (s.tok_known[t] >> seat) & 1:
            s.tok_value[t] = values[i]
            i += 1
    return True


cdef double _binom(int n, int k) noexcept nogil:
    cdef double r = 1.0
    cdef int i
    if k < 0 or k > n:
        return 0.0
    for i in range(k):
        r = r * (n - i) / (i + 1)
    return r


cdef double _falling(int n, int k) noexcept nogil:
    """n! / (n - k)!."""
    cdef double r = 1.0
    cdef int i
    if k < 0 or k > n:
        return 0.0
    for i in range(k):
        r *= n - i
    return r


cdef enum:
    ROW = 65                # sums a deck DP table holds: 0..64 cards (10 action cards plus at most 49 bullets)
    YS = MAX_TURNS + 1      # face-down cards of one bandit older than its seat's pool: 0..5


cdef inline int _at(int k, int x, int y) noexcept nogil:
    """Index of (kind or DP row k, count x, older face-down count y) in a weight or DP table."""
    return (k * ROW + x) * YS + y


cdef void _group_dp(const int* kinds, int nk, const int* lo, const int* hi, const double* weight, int cap, int ycap,
                    double* table) noexcept nogil:
    """table[_at(j, m, y)]: the summed weight prod weight[_at(k, x_k, y_k)] over the choices of the first j kinds
    of a group with deck counts x_k in [lo, hi] summing to m (m <= cap) and older face-down counts y_k summing to
    y (y <= ycap)."""
    cdef int j, m, x, k, y, dy
    cdef double t, w
    for j in range(nk + 1):
        for m in range(cap + 1):
            for y in range(ycap + 1):
                table[_at(j, m, y)] = 0.0
    table[0] = 1.0
    for j in range(nk):
        k = kinds[j]
        for m in range(cap + 1):
            for y in range(ycap + 1):
                t = table[_at(j, m, y)]
                if t == 0.0:
                    continue
                for x in range(lo[k], hi[k] + 1):
                    if m + x > cap:
                        break
                    for dy in range(ycap - y + 1):
                        w = weight[_at(k, x, dy)]
                        if w != 0.0:
                            table[_at(j + 1, m + x, y + dy)] += t * w


cdef inline double _uniform(Rng* rng) noexcept nogil:
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef bint _group_draw(const int* kinds, int nk, const int* lo, const int* hi, const double* weight, int m, int y,
                      int ycap, double* table, int* out_x, int* out_y, Rng* rng) noexcept nogil:
    """Draw the counts of a group (deck counts summing to ``m``, older face-down counts summing to ``y``),
    backwards through ``table``, proportionally to the weights."""
    cdef int j, x, k, dy, px, py
    cdef double r, w
    for j in range(nk - 1, -1, -1):
        k = kinds[j]
        r = _uniform(rng) * table[_at(j + 1, m, y)]
        px = -1
        py = 0
        for x in range(lo[k], hi[k] + 1):
            if x > m or r < 0.0:
                break
            for dy in range(y + 1):
                w = table[_at(j, m - x, y - dy)] * weight[_at(k, x, dy)]
                if w > 0.0:
                    px = x
                    py = dy
                    r -= w
                    if r < 0.0:
                        break
        if px < 0:                                         # unreachable when table[nk][m][y] > 0
            return False
        out_x[k] = px
        out_y[k] = py
        m -= px
        y -= py
    return True


cdef bint _advanced_deck(ColtData* s, int q, int* unk, int* fd_new, int* fd_old, int* older, Rng* rng) noexcept nogil:
    """Under the advanced rules: draw seat ``q``'s deck (below its public top) from its unknown cards ``unk``, and
    the kinds of its face-down pile cards older than its pool (``fd_old`` per bandit slot; ``older[j]`` is the j-th
    such pile card's slot), so that every placement of q's physical cards that fits the view is equally likely
    (D36, §13.6 item 3).  Takes them out of ``unk``; False if nothing fits.

    The labels of a kind k: pool_k of its T_k cards were in the pool the deck was formed from (which ones is not
    known); the deck holds x_k of those; r_k public cards are known not to be of it (older than the pool:
    ``stale`` and PRE_POOL cards; bullets on top of the deck or drawn from it), and so are the y_k older face-down
    cards; every other card lies anywhere else, pool card or not.  Counting labelled placements, a choice weighs
    prod_k C(pool_k, x_k) (R_k - r_k)! / (R_k - r_k - y_k)! / y_k! (F_k - x_k - y_k)! / (U_k - x_k - y_k)! (R_k =
    T_k - pool_k, F_k = T_k - r_k, U_k the unknown cards), times, per slot g, the R_g! / (R_g - f_g)! ways to fill
    its f_g newer face-down cards from the R_g unknown slot-g cards left (the y_k! and the multinomial of placing
    the older kinds cancel).  A DP per group of kinds (the two slots' action cards, the bullets) gives the totals;
    the deck and older kinds are drawn from them, then the older face-down cards get their kinds in random order;
    the newer face-down cards and the hand are dealt uniformly from the rest by the caller."""
    cdef int groups[3][N_TYPES]
    cdef int sizes[3]
    cdef int caps[3]
    cdef int ycaps[3]
    cdef int slot_unk[2]
    cdef int lo[N_KINDS]
    cdef int hi[N_KINDS]
    cdef int deck[N_KINDS]
    cdef int old_kinds[N_KINDS]
    cdef int r_only[N_KINDS]
    cdef int stack[2][YS]
    cdef int filled[2]
    cdef double weight[N_KINDS * ROW * YS]
    cdef double tables[3][(N_TYPES + 1) * ROW * YS]
    cdef int g, k, j, x, y, i, m0, m1, m2, n = s.deck_n[q], pick0 = -1, pick1 = -1, total_k, rest_r, t, b
    cdef double w, total = 0.0, r
    if n >= ROW or fd_old[0] >= YS or fd_old[1] >= YS:
        return False
    for k in range(N_KINDS):
        r_only[k] = s.stale[q][k]
    r_only[BULLET] += s.deck_top[q] + s.known_bullets[q]
    for i in range(s.pile_next, s.pile_n):
        b = s.pile_bandit[i]
        if s.controller[b] == q and s.pile_flags[i] & PRE_POOL and s.pile_kind[i] != UNKNOWN:
            r_only[s.pile_kind[i]] += 1
    for g in range(3):
        ycaps[g] = fd_old[g] if g < 2 else 0
    for k in range(N_KINDS):
        total_k = kind_total(s, q, k)
        rest_r = total_k - s.pool[q][k] - r_only[k]         # labels not of the pool, not yet placed
        if rest_r < 0 or total_k - r_only[k] < unk[k]:
            return False
        lo[k] = 0
        hi[k] = unk[k] if unk[k] < s.pool[q][k] else s.pool[q][k]
        g = k // N_TYPES if k != BULLET else 2
        for x in range(hi[k] + 1):
            for y in range(ycaps[g] + 1):
                if x + y > unk[k]:
                    weight[_at(k, x, y)] = 0.0
                else:
                    weight[_at(k, x, y)] = (_binom(s.pool[q][k], x) * _binom(rest_r, y)
                                            * _falling(total_k - r_only[k] - x - y, total_k - r_only[k] - unk[k]))
    lo[BULLET] = unk[BULLET] - s.drawn[q]                   # a hidden bullet in hand was drawn this schemin' phase
    if lo[BULLET] < 0:
        lo[BULLET] = 0
    if lo[BULLET] > hi[BULLET]:
        return False
    for g in range(2):
        sizes[g] = N_TYPES
        slot_unk[g] = 0
        for j in range(N_TYPES):
            k = g * N_TYPES + j
            groups[g][j] = k
            slot_unk[g] += unk[k]
        caps[g] = slot_unk[g] - fd_new[g] - fd_old[g]       # each slot keeps its face-down cards' worth
        if caps[g] < 0:
            return False
        if caps[g] > n:
            caps[g] = n
    groups[2][0] = BULLET
    sizes[2] = 1
    caps[2] = n
    for g in range(3):
        _group_dp(groups[g], sizes[g], lo, hi, weight, caps[g], ycaps[g], tables[g])
    for m0 in range(caps[0] + 1):
        for m1 in range(caps[1] + 1):
            m2 = n - m0 - m1
            if 0 <= m2 <= caps[2]:
                total += (tables[0][_at(sizes[0], m0, ycaps[0])] * tables[1][_at(sizes[1], m1, ycaps[1])]
                          * tables[2][_at(sizes[2], m2, 0)]
                          * _falling(slot_unk[0] - m0 - fd_old[0], fd_new[0])
                          * _falling(slot_unk[1] - m1 - fd_old[1], fd_new[1]))
    if total <= 0.0:
        return False
    r = _uniform(rng) * total
    for m0 in range(caps[0] + 1):
        for m1 in range(caps[1] + 1):
            m2 = n - m0 - m1
            if 0 <= m2 <= caps[2] and r >= 0.0:
                w = (tables[0][_at(sizes[0], m0, ycaps[0])] * tables[1][_at(sizes[1], m1, ycaps[1])]
                     * tables[2][_at(sizes[2], m2, 0)]
                     * _falling(slot_unk[0] - m0 - fd_old[0], fd_new[0])
                     * _falling(slot_unk[1] - m1 - fd_old[1], fd_new[1]))
                if w > 0.0:
                    pick0 = m0
                    pick1 = m1
                    r -= w
    m0 = pick0
    m1 = pick1
    for k in range(N_KINDS):
        deck[k] = 0
        old_kinds[k] = 0
    if not (_group_draw(groups[0], sizes[0], lo, hi, weight, m0, ycaps[0], ycaps[0], tables[0], deck, old_kinds, rng)
            and _group_draw(groups[1], sizes[1], lo, hi, weight, m1, ycaps[1], ycaps[1], tables[1], deck, old_kinds,
                            rng)
            and _group_draw(groups[2], sizes[2], lo, hi, weight, n - m0 - m1, 0, 0, tables[2], deck, old_kinds,
                            rng)):
        return False
    for g in range(2):                                     # the older face-down cards' kinds, in random order
        filled[g] = 0
        for k in range(g * N_TYPES, (g + 1) * N_TYPES):
            for x in range(old_kinds[k]):
                stack[g][filled[g]] = k
                filled[g] += 1
        for i in range(filled[g] - 1, 0, -1):
            j = rng_below(rng, i + 1)
            t = stack[g][i]
            stack[g][i] = stack[g][j]
            stack[g][j] = t
    for j in range(fd_old[0] + fd_old[1]):
        g = older[j]
        filled[g] -= 1
        older[j] = stack[g][filled[g]]
    for k in range(N_KINDS):
        s.deck[q][k] = deck[k]
        unk[k] -= deck[k] + old_kinds[k]
    return True


cdef bint _deal_seat(ColtData* s, int q, Rng* rng) noexcept nogil:
    """§13.6 item 3 for another seat ``q``: its cards of unknown place go to its face-down pile cards, hand and deck,
    every placement of its physical cards that fits the view equally likely.  Under the base rules they are all
    exchangeable (a uniform deal); under the advanced rules the deck and the face-down cards older than the pool are
    drawn first (``_advanced_deck``).  A card drawn among its remaining copies with weight = copies left is a
    uniform draw of a physical card."""
    cdef int unk[N_KINDS]
    cdef int weights[N_KINDS]
    cdef int fd_new[2]
    cdef int fd_old[2]
    cdef int older[MAX_PILE]
    cdef int k, i, j, b, slot, hidden_hand, c, left = 0, n_old = 0
    for k in range(N_KINDS):
        unk[k] = kind_total(s, q, k) - s.returned[q][k] - s.discard[q][k]
    unk[BULLET] -= s.aside[q] + s.deck_top[q] + s.known_bullets[q]
    for slot in range(2):
        fd_new[slot] = 0
        fd_old[slot] = 0
    for i in range(s.pile_next, s.pile_n):
        b = s.pile_bandit[i]
        if s.controller[b] != q:
            continue
        if s.pile_kind[i] == UNKNOWN:
            slot = 0 if s.bandit_of[q][0] == b else 1
            if s.advanced and s.pile_flags[i] & PRE_POOL:
                fd_old[slot] += 1
                older[n_old] = slot
                n_old += 1
            else:
                fd_new[slot] += 1
        else:
            unk[s.pile_kind[i]] -= 1
    hidden_hand = s.hand_n[q] - s.known_bullets[q]
    for k in range(N_KINDS):
        if unk[k] < 0:                                     # more public cards of a kind than it has
            return False
        left += unk[k]
    if hidden_hand < 0 or left != hidden_hand + fd_new[0] + fd_new[1] + fd_old[0] + fd_old[1] + s.deck_n[q]:
        return False
    memset(s.deck[q], 0, sizeof(s.deck[q]))
    memset(s.hand[q], 0, sizeof(s.hand[q]))
    if s.advanced:
        if not _advanced_deck(s, q, unk, fd_new, fd_old, older, rng):
            return False
        if unk[BULLET] > s.drawn[q]:                       # hidden bullets in hand: only this phase's draws
            return False
    j = 0
    for i in range(s.pile_next, s.pile_n):                 # face-down cards: action cards of their own bandit
        b = s.pile_bandit[i]
        if s.controller[b] != q or s.pile_kind[i] != UNKNOWN:
            continue
        if s.advanced and s.pile_flags[i] & PRE_POOL:      # drawn by _advanced_deck
            s.pile_kind[i] = older[j]
            j += 1
            continue
        slot = 0 if s.bandit_of[q][0] == b else 1
        for k in range(N_KINDS):
            weights[k] = unk[k] if slot * N_TYPES <= k < (slot + 1) * N_TYPES else 0
        k = _pick(weights, N_KINDS, rng)
        if k < 0:
            return False
        unk[k] -= 1
        s.pile_kind[i] = k
    s.hand[q][BULLET] = s.known_bullets[q]
    for c in range(hidden_hand):
        k = _pick(unk, N_KINDS, rng)
        if k < 0:
            return False
        unk[k] -= 1
        s.hand[q][k] += 1
    if not s.advanced:
        for k in range(N_KINDS):
            s.deck[q][k] = unk[k]
    return True


cdef void _keep_choices(ColtData* s, int seat, Rng* rng) noexcept nogil:
    """The keep phase (§11, D33): the choices of the seats that already chose, and the deciding seat's choices
    about the kinds before ``keep_kind``, are drawn at random (a count from 0 to the cards held, each alike)."""
    cdef int i, q, k
    if s.phase != PH_KEEP:
        return
    for i in range(s.n_players):
        q = (s.first + i) % s.n_players
        if q == seat or i > s.step:
            continue
        memset(s.keep[q], 0, sizeof(s.keep[q]))
        for k in range(s.n_slots * N_TYPES):
            if i < s.step or k < s.keep_kind:
                s.keep[q][k] = rng_below(rng, s.hand[q][k] + 1)


cdef bint sample_view(ColtData* v, int seat, ColtData* s, Rng* rng) noexcept nogil:
    """A full state consistent with view ``v`` of ``seat`` (§13.6), written into ``s``; False if there is none."""
    cdef int q
    s[0] = v[0]
    if not _round_cards(s, rng) or not _purse_values(s, seat, rng):
        return False
    for q in range(s.n_players):
        if q != seat and not _deal_seat(s, q, rng):
            return False
    _keep_choices(s, seat, rng)
    return True


cdef str _check_fields(ColtData* v):
    """Why the view's per-seat counts or decision fields are out of range or cannot go together, or ''."""
    cdef int n = v.n_players, ph = v.phase, b, q, k, t, owned = v.n_slots * N_TYPES
    for q in range(n, MAX_PLAYERS):                         # the rows of seats not in the game stay empty
        if (v.hand_n[q] or v.known_bullets[q] or v.deck_n[q] or v.deck_top[q] or v.drawn[q] or v.aside[q]
                or v.kept_n[q] or v.removed_marshal[q] != UNKNOWN):
            return f"seat {q} is not in the game but has cards"
        for k in range(N_KINDS):
            if (v.hand[q][k] or v.deck[q][k] or v.pool[q][k] or v.returned[q][k] or v.discard[q][k]
                    or v.stale[q][k] or v.keep[q][k]):
                return f"seat {q} is not in the game but has cards"
    for q in range(n):
        for k in range(N_KINDS):                           # keep choices: this keep phase's, within the hand
            if v.keep[q][k] and not (ph == PH_KEEP and k < owned and v.keep[q][k] <= v.hand[q][k]
                                     and (q != v.decider or k < v.keep_kind)):
                return f"seat {q}'s keep choice for kind {k} is not one it can have made"
    for q in range(n):
        for k in range(N_KINDS):
            if v.pool[q][k] > kind_total(v, q, k):
                return f"seat {q}'s pool holds more cards of kind {k} than it owns"
        if v.drawn[q] > 3 * MAX_TURNS or v.kept_n[q] > N_TYPES * 2 * v.n_slots or v.known_bullets[q] > v.hand_n[q]:
            return f"seat {q}: drawn, kept_n or known_bullets out of range"
    if ph == PH_GAME_OVER:
        return ""
    if not PH_MOVE <= ph <= PH_PICKPOCKET and v.actor != -1:
        return f"actor {v.actor} outside the stealin' decisions"
    if (ph == PH_SCHEME or ph == PH_KEEP) and v.step >= n:
        return f"step {v.step} with {n} seats"
    if ph == PH_KEEP:
        if not v.advanced:
            return "a keep decision under the base rules"
        if v.decider != (v.first + v.step) % n:
            return "the keeping seat is not the one whose turn it is"
        if v.keep_kind >= v.n_slots * N_TYPES or kind_total(v, v.decider, v.keep_kind) == 0:
            return f"keep_kind {v.keep_kind} is not a kind the keeping seat owns"
    if PH_MOVE <= ph <= PH_PICKPOCKET:
        b = v.actor
        if not 0 <= b < N_BANDITS or v.controller[b] < 0:
            return f"actor {b} is no bandit in the game"
        if v.controller[b] != v.decider:
            return "the decider does not control the acting bandit"
        if (ph == PH_PUNCH_LOOT or ph == PH_PUNCH_DEST) and not (0 <= v.victim < N_BANDITS
                                                                 and v.controller[v.victim] >= 0):
            return f"victim {v.victim} is no bandit in the game"
    if v.pick_mask >> N_BANDITS:
        return "pick_mask names a bandit that does not exist"
    if ph == PH_PICKPOCKET:                                  # D16: each bandit still to pick is alone by a purse
        if not (v.pick_mask >> v.actor) & 1:
            return "the pickpocketing bandit is not one still to take a purse"
        for b in range(N_BANDITS):
            if (v.pick_mask >> b) & 1:
                if v.controller[b] < 0 or bandits_at(v, v.car[b], v.level[b]) != 1 << b:
                    return f"bandit {b} may pick a pocket but is not alone at his place"
                for t in range(N_TOKENS):
                    if v.tok_place[t] == pos_of(v, b) and is_purse(t):
                        break
                else:
                    return f"bandit {b} may pick a pocket but no purse lies at his place"
    return ""


cdef str check_view(ColtData* v, int seat):
    """Why ``v`` is not a view ``seat`` can have, or '': the local invariants (``check_data``: ranges, counts that
    add up), the decision fields, then a sample is drawn; it must be a state the rules allow, with a legal move
    for its decider, and must give the seat back exactly this view."""
    cdef ColtData probe
    cdef ColtExpressState sample
    cdef Rng rng
    cdef int buf[MAX_ACTIONS]
    problem = check_data(v, seat)
    if problem:
        return problem
    problem = _check_fields(v)
    if problem:
        return problem
    rng_seed(&rng, 0x5EED)
    sample = ColtExpressState.__new__(ColtExpressState)
    if not sample_view(v, seat, &sample.d, &rng):
        return "no placement of the hidden cards fits it"
    problem = check_data(&sample.d, -1)
    if problem:
        return problem
    if sample.d.phase != PH_GAME_OVER and legal_actions_of(&sample.d, buf) == 0:
        return "the deciding seat has no legal move"
    observe(&sample.d, seat, &probe)
    if (<char*>&probe)[:sizeof(ColtData)] != (<char*>v)[:sizeof(ColtData)]:
        return "it is not what the seat would see of any state"
    return ""
