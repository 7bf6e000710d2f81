"""Colt Express: a fast rule-based player, the rollout policy of the search (rules: ../shared/rules/colt-express.md).

What it may look at (and nothing else): the deciding seat's own hand, its own cards in the programming pile (face
down ones included), the values of the purses that seat knows, and the public table - positions, the marshal, loot
tokens and the public values, bullets, the pile's face-up and revealed cards (§13.1).  It never reads another hand,
a deck, another seat's hidden face-down card, an unknown purse value or a future round card, and its only
randomness is tie-breaking from the generator it is given, so two states of the same information set get the same
answer.

Loot is priced in dollars: a known value as it is; an unknown purse at the mean of the purse values the seat does
not know; a jewel $500; a strongbox $1,000.

- Schemin': each bandit of the seat is projected through its own cards already in the pile (Move towards the
  richest place in reach, Floor change, the marshal rule), ignoring the others' cards.  Each card is priced from
  that projected position: Rob the best loot there, Move / Floor change the loot they lead to (never inside the
  marshal's car), Fire at an opponent in line of sight (worth more with the Gunslinger bonus at stake) and Punch
  one at the same place (the richer the better), Marshal the opponents it would chase out of a car; an ordered
  pair prices its second card after the first.  Draw when no card is worth
  DRAW_VALUE (less on the last turn).  Ghost plays face down whenever he may.
- Stealin': Move to the richest reachable place (away from the marshal); the marshal into the car with the most
  opponents inside; Fire at and Punch the richest opponent (a teammate only when forced); take the most valuable
  token; knock the victim into the marshal's car if possible, else where there is less loot.
- Keep (advanced): every action card but the Marshal and a second Floor change.
- Pickpocketing and Rob: the most valuable token.
"""
from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, Policy, MAX_ACTIONS, WEIGHT_DRAWS, consider_action, sampled_weights
from deadeye.core.colt_express.data cimport *
from deadeye.core.colt_express.state cimport ColtExpressState, fire_targets, legal_actions_of


# Weights in dollars, tuned by heuristic-against-heuristic duels (duplicate seatings, 500 games per player count):
# a Fire worth 300 rather than 150 won 59% of 4-player games (the Gunslinger bonus) but lost in the 2-player
# variant (no bonus, and a teammate may be in the way); drawing below 60-80 beat 110 by 3%.
cdef double DRAW_VALUE = 70.0       # a schemin' card must be worth this much to beat drawing three
cdef double FIRE_VALUE = 300.0      # a shot at an opponent (3-6 players: it counts towards the Gunslinger bonus)
cdef double FIRE_VALUE_2P = 100.0   # the same in the 2-player variant (no Gunslinger bonus)
cdef double MARSHAL_PENALTY = 350.0 # ending inside the marshal's car: a marshal bullet and a lost position
cdef double NEG = -1e18


cdef struct Ctx:
    ColtData* d
    int me                              # the deciding seat
    double purse_mean                   # what an unknown purse is worth to the seat
    int car[N_BANDITS]                  # projected positions of the seat's bandits (its own pile cards applied)
    int level[N_BANDITS]


# ====================================================================== pricing

cdef inline double _worth(Ctx* c, int t) noexcept nogil:
    if (c.d.tok_known[t] >> c.me) & 1:
        return c.d.tok_value[t]
    if t < JEWEL0:
        return c.purse_mean
    return 500.0 if t < STRONGBOX0 else 1000.0


cdef double _best_at(Ctx* c, int place) noexcept nogil:
    """The most valuable token at a place (a position or PLACE_BANDIT + b), 0 if none."""
    cdef int t
    cdef double best = 0.0, w
    for t in range(N_TOKENS):
        if c.d.tok_place[t] == place:
            w = _worth(c, t)
            if w > best:
                best = w
    return best


cdef double _loot_of(Ctx* c, int b) noexcept nogil:
    cdef int t
    cdef double total = 0.0
    for t in range(N_TOKENS):
        if c.d.tok_place[t] == PLACE_BANDIT + b:
            total += _worth(c, t)
    return total


cdef inline bint _mine(Ctx* c, int b) noexcept nogil:
    return c.d.controller[b] == c.me


cdef double _place_value(Ctx* c, int car, int level) noexcept nogil:
    """How good it is to stand at (car, level): the loot there and a little of the loot below or above; inside the
    marshal's car the bandit would end on the roof with a bullet."""
    if level == INSIDE and car == c.d.marshal_car:        # he would end on the roof, with a marshal bullet
        return _best_at(c, car * 2 + ROOF) - MARSHAL_PENALTY
    return _best_at(c, car * 2 + level) + 0.25 * _best_at(c, car * 2 + 1 - level)


cdef int _best_move(Ctx* c, int car, int level, double* value) noexcept nogil:
    """The Move destination from (car, level) that leads to the best place (the first one on ties)."""
    cdef int dest[8]
    cdef int n = _targets(c.d, car, level, dest), i, best = -1
    cdef double v, top = NEG
    for i in range(n):
        v = _place_value(c, dest[i], level)
        if v > top + 1e-9:
            top = v
            best = dest[i]
    value[0] = top
    return best


cdef inline int _targets(ColtData* d, int car, int level, int* out) noexcept nogil:
    """Move destinations from (car, level) (rules 5.3 Move)."""
    cdef int n = 0, x, reach = 1 if level == INSIDE else 3
    for x in range(car - reach, car + reach + 1):
        if x != car and 0 <= x < d.n_cars:
            out[n] = x
            n += 1
    return n


cdef int _at(Ctx* c, int car, int level, int b) noexcept nogil:
    """Bitmask of the other bandits at (car, level), the seat's own projected where known."""
    cdef int o, m = 0, oc, ol
    for o in range(N_BANDITS):
        if o == b or c.d.controller[o] < 0:
            continue
        oc = c.car[o] if _mine(c, o) else c.d.car[o]
        ol = c.level[o] if _mine(c, o) else c.d.level[o]
        if oc == car and ol == level:
            m |= 1 << o
    return m


cdef double _victims_value(Ctx* c, int mask, double base, double share) noexcept nogil:
    """The best opponent in ``mask``: base + share x his loot; a teammate-only mask costs."""
    cdef int o
    cdef double best = NEG, v
    for o in range(N_BANDITS):
        if (mask >> o) & 1:
            v = base + share * _loot_of(c, o) if not _mine(c, o) else -100.0
            if v > best:
                best = v
    return best if best > NEG else 0.0


cdef double _marshal_value(Ctx* c, int car) noexcept nogil:
    """Moving the marshal into ``car``: opponents inside flee to the roof with a bullet, and so would our own."""
    cdef ColtData* d = c.d
    cdef int o, inside = 0, mine_in = 0
    for o in range(N_BANDITS):
        if d.controller[o] >= 0 and d.car[o] == car and d.level[o] == INSIDE:
            if _mine(c, o):
                mine_in += 1
            else:
                inside += 1
    return 140.0 * inside - 200.0 * mine_in


cdef double _card_value(Ctx* c, int b, int t, int car, int level) noexcept nogil:
    """A card of type ``t`` for bandit ``b`` resolved from the projected (car, level)."""
    cdef ColtData* d = c.d
    cdef int saved_car = d.car[b], saved_level = d.level[b], mask, x, o
    cdef double v, best
    if t == ROB:
        v = _best_at(c, car * 2 + level)
        return 0.9 * v if v > 0 else 15.0
    if t == MOVE:
        _best_move(c, car, level, &v)
        return 0.5 * v + 25.0
    if t == FLOOR:
        v = _best_at(c, car * 2 + 1 - level)
        if level == ROOF and car == d.marshal_car:
            return -MARSHAL_PENALTY
        return 0.5 * v + 20.0
    if t == FIRE:
        if d.bullets_left[b] == 0:
            return 0.0
        d.car[b] = car                                     # line of sight from the projected position
        d.level[b] = level
        mask = fire_targets(d, b)
        d.car[b] = saved_car
        d.level[b] = saved_level
        return _victims_value(c, mask, FIRE_VALUE if d.n_slots == 1 else FIRE_VALUE_2P, 0.1)
    if t == PUNCH:
        mask = _at(c, car, level, b)
        if (mask >> BELLE) & 1 and mask != (1 << BELLE):
            mask &= ~(1 << BELLE)
        return _victims_value(c, mask, 60.0, 0.3 if b != CHEYENNE else 0.45)
    best = 10.0                                            # Marshal: chase opponents out of an adjacent car
    for x in range(d.marshal_car - 1, d.marshal_car + 2, 2):
        if 0 <= x < d.n_cars:
            v = _marshal_value(c, x)
            if v > best:
                best = v
    return best


cdef void _project(Ctx* c, int b, int t, int* car, int* level) noexcept nogil:
    """Where bandit ``b`` stands after its card of type ``t`` (Move to the best place, Floor change, marshal rule)."""
    cdef double v
    cdef int dest
    if t == MOVE:
        dest = _best_move(c, car[0], level[0], &v)
        if dest >= 0:
            car[0] = dest
    elif t == FLOOR:
        level[0] = 1 - level[0]
    if level[0] == INSIDE and car[0] == c.d.marshal_car:
        level[0] = ROOF


cdef void _init(Ctx* c, ColtData* d) noexcept nogil:
    cdef int t, b, i, unknown = 0
    cdef double known = 0.0
    c.d = d
    c.me = d.decider
    for t in range(N_PURSES):
        if (d.tok_known[t] >> c.me) & 1:
            known += d.tok_value[t]
        else:
            unknown += 1
    c.purse_mean = (6000.0 - known) / unknown if unknown > 0 else 250.0
    for b in range(N_BANDITS):
        c.car[b] = d.car[b]
        c.level[b] = d.level[b]
    if d.phase == PH_SCHEME:                               # own cards already programmed this round
        for i in range(d.pile_next, d.pile_n):
            b = d.pile_bandit[i]
            if _mine(c, b) and d.pile_kind[i] < N_SLOTS * N_TYPES:
                _project(c, b, d.pile_kind[i] % N_TYPES, &c.car[b], &c.level[b])


# ====================================================================== decisions

cdef double _scheme_value(Ctx* c, int a, bint last_turn) noexcept nogil:
    cdef ColtData* d = c.d
    cdef int k, k2, b, b2, car, level
    cdef double v
    if a == A_DRAW:
        return DRAW_VALUE * (0.5 if last_turn else 1.0)
    if a < A_PAIR:
        k = (a - A_PLAY) // 2
        b = kind_bandit(d, c.me, k)
        v = _card_value(c, b, k % N_TYPES, c.car[b], c.level[b])
        return v + (1.0 if (a - A_PLAY) % 2 else 0.0)     # Ghost hides his card when he may
    k = (a - A_PAIR) // 12
    k2 = (a - A_PAIR) % 12
    b = kind_bandit(d, c.me, k)
    b2 = kind_bandit(d, c.me, k2)
    v = _card_value(c, b, k % N_TYPES, c.car[b], c.level[b])
    car = c.car[b]
    level = c.level[b]
    _project(c, b, k % N_TYPES, &car, &level)
    if b2 == b:
        return v + _card_value(c, b2, k2 % N_TYPES, car, level)
    return v + _card_value(c, b2, k2 % N_TYPES, c.car[b2], c.level[b2])


cdef double _steal_value(Ctx* c, int a) noexcept nogil:
    cdef ColtData* d = c.d
    cdef int b = d.actor, x, o, v_
    cdef double v
    if d.phase == PH_MOVE:
        return _place_value(c, a - A_CAR, d.level[b])
    if d.phase == PH_MARSHAL:
        return _marshal_value(c, a - A_CAR)
    if d.phase == PH_FIRE or d.phase == PH_PUNCH_VICTIM:
        o = a - A_BANDIT
        return -100.0 if _mine(c, o) else 100.0 + _loot_of(c, o)
    if d.phase == PH_ROB or d.phase == PH_PICKPOCKET:
        return _worth(c, a - A_TOKEN)
    if d.phase == PH_PUNCH_LOOT:
        v = _worth(c, a - A_TOKEN)
        return -v if _mine(c, d.victim) else v
    if d.phase == PH_PUNCH_DEST:
        x = a - A_CAR
        v_ = d.victim
        v = -_best_at(c, x * 2 + d.level[v_])
        if d.level[v_] == INSIDE and x == d.marshal_car:
            v += MARSHAL_PENALTY
        return -v if _mine(c, v_) else v
    return 0.0


cdef int _decide(ColtData* d, Rng* rng) noexcept nogil:
    cdef int buf[MAX_ACTIONS]
    cdef int n = legal_actions_of(d, buf), i, a, choice, ties = 0, k, t
    cdef double best = NEG, v
    cdef bint last_turn
    cdef Ctx c
    if n <= 1:
        return buf[0]
    _init(&c, d)
    choice = buf[0]
    if d.phase == PH_KEEP:                                 # keep every action card but the Marshal, one Floor change
        k = d.keep_kind
        t = k % N_TYPES
        if t == MARSHAL:
            return A_KEEP
        if t == FLOOR:
            return A_KEEP + 1
        return A_KEEP + d.hand[d.decider][k]
    if d.phase == PH_SETUP_MARSHAL:                        # keep Ghost's Marshal card: it may go face down
        for i in range(n):
            if buf[i] != A_BANDIT + GHOST:
                return buf[i]
    last_turn = d.phase == PH_SCHEME and d.turn + 1 >= card_turns(d.round_card[d.round - 1])
    for i in range(n):
        a = buf[i]
        if d.phase == PH_SCHEME:
            v = _scheme_value(&c, a, last_turn)
        elif d.phase == PH_SETUP_CABOOSE:
            v = 0.0
        else:
            v = _steal_value(&c, a)
        consider_action(v, a, &best, &choice, &ties, rng)
    return choice


cdef class ColtExpressHeuristic(Policy):
    """A fast rule-based Colt Express player (see the module docstring); ``choose(state, seed)`` from Python.

    >>> from deadeye.core import new_game
    >>> state = new_game("colt-express", players=3, seed=1)
    >>> ColtExpressHeuristic().choose(state, 0) in state.legal_actions()
    True
    """

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        return _decide(&(<ColtExpressState>state).d, rng)

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Estimated from a few choices: its only randomness is breaking ties between equal values."""
        sampled_weights(self, state, actions, n, out, rng, WEIGHT_DRAWS)
