"""Colt Express, the complete rules of ../shared/rules/colt-express.md for 2 to 6 players (sections cited as §,
the rules' own decisions as D1..D37).

Implementation decisions (beyond the rules' own):

- Draw decks are multisets; each card drawn is picked uniformly from the state's generator (§13.4: their order is
  never observed).  Under the advanced rules the bullet cards on top of a deck are a separate public count, drawn
  first.  A bullet card's source and printed number have no effect on play, so all bullet cards of a seat are one
  kind of card; who received which bullets is kept as public statistics (``received``).
- The advanced keep decision (§11, D33) is asked one action card kind at a time (how many of that kind to keep),
  for every kind the seat owns in card order, held or not (a kind it does not hold has the single option "keep
  0"), not as one choice among up to 2,048 multisets: the 2-player variant's 2^11 options do not fit the 512
  action ids of the state contract.  So every seat makes the same public number of keep decisions (6; 11 or 12
  with two bandits), whatever its hand holds: the count of its decisions tells the others nothing.  The reachable
  outcomes are the same, the choices stay private until every seat has chosen, and they are applied together.
- A seat that could neither play nor draw on a schemin' turn (§4.2 says this cannot arise) simply passes.
- Options: ``variant=None`` plays the rules' game for the player count, so 2 players always play the two-bandits
  variant (D26) and the advanced rules are always on for them (§12); ``bandits`` and ``first_player`` fix what the
  seed otherwise draws (D30, §2 step 7).
- Token ids: the starting purses are purses 0 .. n_bandits - 1 (seat order, then slot); the wagon purses follow in
  car order (their values were shuffled first), then the jewels.  Ids are public; values follow §13.3.
- The 2-player setup is round 0 of the state (``round`` 0, phases ``setup caboose`` / ``setup marshal``); its
  choices are part of the first segment, so a rollout cut off at the end of the round covers the setup and round 1.
- The game's chance (setup, shuffles, draws, reshuffles) runs inside ``apply_action``; the only decisions are those
  of §14.1.  Each call records its public automatic steps in ``events()`` for logs and front ends (never a purse
  value), and labels never show a purse value either.
- ``returns()`` gives 1 to a sole winner and 1/k to each of k seats sharing the victory (§10, D18); ``game_returns()``
  gives the dollars (loot plus the Gunslinger bonus; a team's loot in the 2-player variant).
"""
from libc.math cimport exp
from libc.string cimport memset
from libc.stdint cimport uint8_t, int16_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, MAX_ACTIONS, OBS_BASE, OBS_HIDDEN, score_shares
from deadeye.core.colt_express.data cimport *
from deadeye.core.colt_express.labels cimport action_label, public_label

from deadeye.core.errors import InvalidStateError
from deadeye.core.layout import derive_layout
from deadeye.core.registry import seat_option
from deadeye.core.colt_express.labels import BANDIT_NAMES, EVENT_NAMES, PHASE_NAMES, TYPE_NAMES, event_text


# ====================================================================== small helpers on the data block

cdef inline void _log(ColtData* d, int kind, int a, int b, int c) noexcept nogil:
    if d.n_events < MAX_EVENTS:
        d.events[d.n_events].kind = kind
        d.events[d.n_events].a = a
        d.events[d.n_events].b = b
        d.events[d.n_events].c = c
        d.n_events += 1


cdef inline int _sum(const uint8_t* row, int n) noexcept nogil:
    cdef int i, total = 0
    for i in range(n):
        total += row[i]
    return total


cdef inline int _round_card(ColtData* d) noexcept nogil:
    return d.round_card[d.round - 1]


cdef int scheme_turn_type(ColtData* d) noexcept nogil:
    return card_turn(_round_card(d), d.turn)


cdef inline int _scheme_seat(ColtData* d) noexcept nogil:
    """§4.2: clockwise from the first player; a switching turn counter-clockwise from him (D3)."""
    if scheme_turn_type(d) == T_SWITCH:
        return (d.first - d.step + d.n_players) % d.n_players
    return (d.first + d.step) % d.n_players


cdef bint can_draw(ColtData* d, int seat) noexcept nogil:
    """§4.2 / D22: not with an empty deck; advanced (§11): while the draw deck or the discard pile holds a card."""
    if d.deck_n[seat] > 0 or d.deck_top[seat] > 0:
        return True
    return d.advanced and _sum(d.discard[seat], N_KINDS) > 0


cdef int _draw_one(ColtData* d, Rng* rng, int q, bint scheming) noexcept nogil:
    """One card from the top of seat ``q``'s draw deck into his hand: the kind drawn, or -1 if there is none.
    Advanced rules: the public bullets on top come first; an empty deck is first re-formed from the discard pile."""
    cdef int k, r, n
    if d.advanced:
        if d.deck_top[q] > 0:
            d.deck_top[q] -= 1
            d.hand[q][BULLET] += 1
            d.hand_n[q] += 1
            d.known_bullets[q] += 1
            return BULLET
        if d.deck_n[q] == 0:
            n = _sum(d.discard[q], N_KINDS)
            if n == 0:
                return -1
            for k in range(N_KINDS):
                d.deck[q][k] = d.discard[q][k]
                d.pool[q][k] = d.discard[q][k]
                d.discard[q][k] = 0
                d.stale[q][k] = 0
            for k in range(d.pile_next, d.pile_n):         # the cards in the pile now are not of the new pool
                if d.controller[d.pile_bandit[k]] == q:
                    d.pile_flags[k] |= PRE_POOL
            d.deck_n[q] = n
            _log(d, EV_RESHUFFLE, q, n, 0)
    if d.deck_n[q] == 0:
        return -1
    r = rng_below(rng, d.deck_n[q])
    for k in range(N_KINDS):
        if r < d.deck[q][k]:
            break
        r -= d.deck[q][k]
    d.deck[q][k] -= 1
    d.deck_n[q] -= 1
    d.hand[q][k] += 1
    d.hand_n[q] += 1
    if scheming and d.advanced:
        d.drawn[q] += 1
    return k


cdef void _give_bullet(ColtData* d, int target, int source) noexcept nogil:
    """A bullet card for ``target``: base rules aside until the next round start, advanced on top of the draw deck."""
    cdef int q = d.controller[target]
    d.received[target][source] += 1
    if d.advanced:
        d.deck_top[q] += 1
    else:
        d.aside[q] += 1


cdef bint _neutral(ColtData* d, int group) noexcept nogil:
    """§5.4 supply rule for one group: everybody gets a marshal bullet, or (shortage) nobody and the rest is removed.
    Returns whether the group received its cards."""
    cdef int b, g = popcount(group)
    if g == 0:
        return False
    if d.neutral_supply >= g:
        for b in range(N_BANDITS):
            if (group >> b) & 1:
                _give_bullet(d, b, NEUTRAL)
        d.neutral_supply -= g
        return True
    if d.neutral_supply > 0:
        _log(d, EV_SHORTAGE, g, d.neutral_supply, 0)
        d.neutral_removed += d.neutral_supply
        d.neutral_supply = 0
    return False


cdef void _flee(ColtData* d, int group) noexcept nogil:
    """§5.4 the marshal rule for a group inside the marshal's car: up to the roof, then one neutral bullet each."""
    cdef int b
    cdef bint got
    for b in range(N_BANDITS):
        if (group >> b) & 1:
            d.level[b] = ROOF
    got = _neutral(d, group)
    for b in range(N_BANDITS):
        if (group >> b) & 1:
            _log(d, EV_FLEE, b, d.car[b], got)


cdef inline void _marshal_rule(ColtData* d, int b) noexcept nogil:
    """A bandit who ended inside the marshal's car flees alone (a group of one)."""
    if d.level[b] == INSIDE and d.car[b] == d.marshal_car:
        _flee(d, 1 << b)


cdef void _take(ColtData* d, int b, int tok) noexcept nogil:
    """Bandit ``b`` takes token ``tok``; his controller learns its value (§13.3)."""
    d.tok_place[tok] = PLACE_BANDIT + b
    d.tok_known[tok] |= 1 << d.controller[b]
    d.stamp += 1
    d.tok_stamp[tok] = d.stamp
    _log(d, EV_TAKE, b, tok, 0)


cdef inline int _fired(ColtData* d, int b) noexcept nogil:
    return GUN - d.bullets_left[b]


# ====================================================================== what an action card can do (§5.3)

cdef int move_targets(ColtData* d, int b, int* out) noexcept nogil:
    """Inside: each existing adjacent car; on the roof: each existing car 1 to 3 cars away (§5.3 Move)."""
    cdef int n = 0, c = d.car[b], x, reach = 1 if d.level[b] == INSIDE else 3
    for x in range(c - reach, c + reach + 1):
        if x != c and 0 <= x < d.n_cars:
            out[n] = x
            n += 1
    return n


cdef inline int _belle_filter(int mask) noexcept nogil:
    """§7.1: Belle leaves a candidate set that holds somebody else too."""
    if (mask >> BELLE) & 1 and mask != (1 << BELLE):
        return mask & ~(1 << BELLE)
    return mask


cdef int fire_targets(ColtData* d, int b) noexcept nogil:
    """§5.3 Fire step 2-3: inside, bandits inside the adjacent cars; on a roof, the nearest occupied roof in each
    direction (D9); Tuco adds the other level of his own car (7.6, D12); then Belle's protection."""
    cdef int c = d.car[b], x, step, found, mask = 0
    if d.level[b] == INSIDE:
        if c > 0:
            mask |= bandits_at(d, c - 1, INSIDE)
        if c + 1 < d.n_cars:
            mask |= bandits_at(d, c + 1, INSIDE)
    else:
        for step in range(-1, 2, 2):
            x = c + step
            while 0 <= x < d.n_cars:
                found = bandits_at(d, x, ROOF)
                if found:
                    mask |= found
                    break
                x += step
    if b == TUCO:
        mask |= bandits_at(d, c, 1 - d.level[b])
    mask &= ~(1 << b)
    return _belle_filter(mask)


cdef int punch_victims(ColtData* d, int b) noexcept nogil:
    """§5.3 Punch step 1: every other bandit at the exact position, then Belle's protection."""
    return _belle_filter(bandits_at(d, d.car[b], d.level[b]) & ~(1 << b))


cdef inline int _tokens_at(ColtData* d, int place, int* out, bint purses_only) noexcept nogil:
    cdef int t, n = 0
    for t in range(N_TOKENS):
        if d.tok_place[t] == place and (not purses_only or is_purse(t)):
            if out != NULL:
                out[n] = t
            n += 1
    return n


# ====================================================================== scoring (§10)

cdef int seat_score(ColtData* d, int seat) noexcept nogil:
    """The seat's loot in dollars plus $1,000 for each of its bandits who fired the most bullets (3-6 players)."""
    cdef int t, b, top = 0, total = 0, s
    for t in range(N_TOKENS):
        if PLACE_BANDIT <= d.tok_place[t] < PLACE_BANDIT + N_BANDITS and \
                d.controller[d.tok_place[t] - PLACE_BANDIT] == seat:
            total += d.tok_value[t]
    if d.n_slots == 1:
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and _fired(d, b) > top:
                top = _fired(d, b)
        for s in range(d.n_slots):
            b = d.bandit_of[seat][s]
            if b >= 0 and _fired(d, b) == top:
                total += 1000
    return total


cdef int seat_bullets(ColtData* d, int seat) noexcept nogil:
    cdef int s, b, src, n = 0
    for s in range(d.n_slots):
        b = d.bandit_of[seat][s]
        if b >= 0:
            for src in range(N_BANDITS + 1):
                n += d.received[b][src]
    return n


cdef void _game_over(ColtData* d) noexcept nogil:
    """§10: every value becomes public; the richest win, the fewest bullets received break ties (D18)."""
    cdef int q, t, best = -1, fewest = 1 << 20, score, bullets
    d.phase = PH_GAME_OVER
    d.decider = -1
    d.actor = -1
    d.victim = -1
    for t in range(N_TOKENS):
        d.tok_known[t] = (1 << d.n_players) - 1
    for q in range(d.n_players):
        score = seat_score(d, q)
        if score > best:
            best = score
    for q in range(d.n_players):
        if seat_score(d, q) == best and seat_bullets(d, q) < fewest:
            fewest = seat_bullets(d, q)
    d.winners = 0
    for q in range(d.n_players):
        if seat_score(d, q) == best and seat_bullets(d, q) == fewest:
            d.winners |= 1 << q
    _log(d, EV_GAME_END, d.winners, best, fewest)


# ====================================================================== the flow of a round

cdef void _start_round(ColtData* d, Rng* rng) noexcept nogil:
    """§4.1 (base) or §11 (advanced): hands, the round card, the bullet discard; then the first schemin' turn."""
    cdef int q, k, i, limit, n
    for q in range(d.n_players):
        limit = hand_limit(d, q)
        if d.advanced:
            while d.hand_n[q] < limit:
                if _draw_one(d, rng, q, False) < 0:
                    break
        else:
            for k in range(N_KINDS):
                d.deck[q][k] += d.hand[q][k] + d.returned[q][k]
                d.hand[q][k] = 0
                d.returned[q][k] = 0
            d.deck[q][BULLET] += d.aside[q]
            d.aside[q] = 0
            d.hand_n[q] = 0
            d.deck_n[q] = _sum(d.deck[q], N_KINDS)
            for i in range(limit):
                _draw_one(d, rng, q, False)
    _log(d, EV_ROUND, d.round, _round_card(d), d.first)
    if d.advanced:
        for q in range(d.n_players):
            n = d.hand[q][BULLET]
            if n:
                d.discard[q][BULLET] += n
                d.stale[q][BULLET] += d.known_bullets[q]       # drawn from the top: never of the pool
                d.hand[q][BULLET] = 0
                d.hand_n[q] -= n
                _log(d, EV_DISCARD_BULLETS, q, n, 0)
            d.known_bullets[q] = 0
            d.drawn[q] = 0
    d.phase = PH_SCHEME
    d.turn = 0
    d.step = 0
    _scheme_continue(d, rng)


cdef int _scheme_options(ColtData* d, int me, int* out) noexcept nogil:
    """§4.4: one Play option per distinguishable card (and orientation), one per ordered pair on a speed-up turn,
    and Draw when it is available."""
    cdef int n = 0, k, k2, tt = scheme_turn_type(d), n_kinds = d.n_slots * N_TYPES
    for k in range(n_kinds):
        if d.hand[me][k] == 0:
            continue
        if tt == T_NORMAL or tt == T_SWITCH:
            out[n] = A_PLAY + 2 * k
            n += 1
            if d.turn == 0 and kind_bandit(d, me, k) == GHOST:          # §7.5
                out[n] = A_PLAY + 2 * k + 1
                n += 1
        elif tt == T_TUNNEL:
            out[n] = A_PLAY + 2 * k + 1
            n += 1
        else:
            for k2 in range(n_kinds):
                if d.hand[me][k2] > 0 and (k2 != k or d.hand[me][k] >= 2):
                    out[n] = A_PAIR + 12 * k + k2
                    n += 1
    if can_draw(d, me):
        out[n] = A_DRAW
        n += 1
    return n


cdef void _scheme_continue(ColtData* d, Rng* rng) noexcept nogil:
    """Find the next seat to act in the schemin' phase, or end it."""
    cdef int buf[MAX_ACTIONS]
    while True:
        if d.turn >= card_turns(_round_card(d)):
            _end_scheme(d, rng)
            return
        d.decider = _scheme_seat(d)
        if _scheme_options(d, d.decider, buf) > 0:
            return
        _scheme_step(d)                                    # cannot arise in a legal game (§4.2): the turn passes


cdef inline void _scheme_step(ColtData* d) noexcept nogil:
    d.step += 1
    if d.step >= d.n_players:
        d.step = 0
        d.turn += 1


cdef void _push_card(ColtData* d, int me, int kind, bint down) noexcept nogil:
    cdef int i = d.pile_n
    d.pile_bandit[i] = kind_bandit(d, me, kind)
    d.pile_kind[i] = kind
    d.pile_flags[i] = FACE_DOWN if down else 0
    d.pile_n += 1
    d.hand[me][kind] -= 1
    d.hand_n[me] -= 1


cdef void _scheme_apply(ColtData* d, Rng* rng, int a) noexcept nogil:
    cdef int me = d.decider, i, got = 0, k
    if a == A_DRAW:
        for i in range(3):
            k = _draw_one(d, rng, me, True)
            if k < 0:
                break
            _log(d, EV_DREW, me, k, 0)
            got += 1
        _log(d, EV_DRAW, me, got, 0)
    elif a < A_PAIR:
        _push_card(d, me, (a - A_PLAY) // 2, (a - A_PLAY) % 2)
    else:
        _push_card(d, me, (a - A_PAIR) // 12, False)
        _push_card(d, me, (a - A_PAIR) % 12, False)
    _scheme_step(d)
    _scheme_continue(d, rng)


cdef void _end_scheme(ColtData* d, Rng* rng) noexcept nogil:
    d.step = 0
    if d.advanced:
        d.phase = PH_KEEP
        _keep_next(d, rng, -1)
    else:
        _start_stealin(d, rng)


# ---------------------------------------------------------------------- advanced: keeping cards (§11, D33)

cdef inline int next_keep_kind(ColtData* d, int q, int after) noexcept nogil:
    """The next kind after ``after`` that seat ``q`` owns (every action kind of its bandits but a removed Marshal
    card, which is public), or -1: the fixed, public order of its keep decisions."""
    cdef int k
    for k in range(after + 1, d.n_slots * N_TYPES):
        if kind_total(d, q, k) > 0:
            return k
    return -1


cdef void _keep_next(ColtData* d, Rng* rng, int after) noexcept nogil:
    """The next keep decision: seat (first + step), about the next kind it owns after ``after`` (held or not, so
    that the number and order of its decisions are public, issue 12 defect 5); once every seat has chosen, the
    choices are applied together."""
    cdef int q, k, kept
    while d.step < d.n_players:
        q = (d.first + d.step) % d.n_players
        k = next_keep_kind(d, q, after)
        if k >= 0:
            d.phase = PH_KEEP
            d.decider = q
            d.keep_kind = k
            return
        d.step += 1
        after = -1
    for q in range(d.n_players):
        kept = 0
        d.stale[q][BULLET] += d.known_bullets[q]
        for k in range(N_KINDS):
            d.discard[q][k] += d.hand[q][k] - d.keep[q][k]
            d.hand[q][k] = d.keep[q][k]
            d.keep[q][k] = 0
            kept += d.hand[q][k]
        d.hand_n[q] = kept
        d.kept_n[q] = kept
        d.known_bullets[q] = 0
        d.drawn[q] = 0
        _log(d, EV_KEEP, q, kept, 0)
    d.keep_kind = 0
    d.step = 0
    _start_stealin(d, rng)


cdef void _keep_apply(ColtData* d, Rng* rng, int a) noexcept nogil:
    cdef int k = d.keep_kind
    d.keep[d.decider][k] = a - A_KEEP
    _keep_next(d, rng, k)


# ---------------------------------------------------------------------- stealin' (§5)

cdef void _start_stealin(ColtData* d, Rng* rng) noexcept nogil:
    d.pile_next = 0
    _resolve_cards(d, rng)


cdef bint _begin_card(ColtData* d) noexcept nogil:
    """Reveal and start resolving the card at ``pile_next``; True when its owner must now decide."""
    cdef int i = d.pile_next, b = d.pile_bandit[i], t = d.pile_kind[i] % N_TYPES, q = d.controller[b]
    d.pile_flags[i] |= REVEALED
    _log(d, EV_REVEAL, b, t, d.pile_flags[i] & FACE_DOWN)
    d.actor = b
    d.decider = q
    if t == MOVE:
        d.phase = PH_MOVE
        return True
    if t == MARSHAL:
        d.phase = PH_MARSHAL
        return True
    if t == FLOOR:
        d.level[b] = 1 - d.level[b]
        _log(d, EV_FLOOR, b, d.car[b], d.level[b])
        _marshal_rule(d, b)
        return False
    if t == FIRE:
        if d.bullets_left[b] > 0 and fire_targets(d, b) != 0:
            d.phase = PH_FIRE
            return True
    elif t == ROB:
        if _tokens_at(d, pos_of(d, b), NULL, False) > 0:
            d.phase = PH_ROB
            return True
    elif t == PUNCH:
        if punch_victims(d, b) != 0:
            d.phase = PH_PUNCH_VICTIM
            return True
    _log(d, EV_NOTHING, b, t, 0)
    return False


cdef void _resolve_cards(ColtData* d, Rng* rng) noexcept nogil:
    """Resolve the pile from ``pile_next`` on until a card needs a decision, then the round event."""
    while d.pile_next < d.pile_n:
        if _begin_card(d):
            return
        _card_done(d)
    memset(d.pile_bandit, 0, sizeof(d.pile_bandit))
    memset(d.pile_kind, 0, sizeof(d.pile_kind))
    memset(d.pile_flags, 0, sizeof(d.pile_flags))
    d.pile_n = 0
    d.pile_next = 0
    d.actor = -1
    d.victim = -1
    _round_event(d, rng)


cdef inline void _card_done(ColtData* d) noexcept nogil:
    """The resolved card goes back to its owner: onto his deck (base, D31) or his discard pile (advanced)."""
    cdef int i = d.pile_next, q = d.controller[d.pile_bandit[i]], k = d.pile_kind[i]
    if d.advanced:
        d.discard[q][k] += 1
        if d.pile_flags[i] & PRE_POOL:
            d.stale[q][k] += 1
    else:
        d.returned[q][k] += 1
    d.pile_next += 1
    d.actor = -1
    d.victim = -1


cdef void _steal_apply(ColtData* d, Rng* rng, int a) noexcept nogil:
    """A decision while resolving the card at ``pile_next`` (§5.3, in the order of §6.1)."""
    cdef int b = d.actor, v, c, step
    if d.phase == PH_MOVE:
        d.car[b] = a - A_CAR
        _marshal_rule(d, b)
    elif d.phase == PH_MARSHAL:
        d.marshal_car = a - A_CAR
        _log(d, EV_MARSHAL_MOVES, d.marshal_car, 0, 0)
        _flee(d, bandits_at(d, d.marshal_car, INSIDE))
    elif d.phase == PH_FIRE:
        v = a - A_BANDIT
        d.bullets_left[b] -= 1
        _give_bullet(d, v, b)
        _log(d, EV_HIT, b, v, 0)
        if b == DJANGO and d.car[v] != d.car[b]:            # §7.3: pushed one car away, after the bullet (D11)
            step = 1 if d.car[v] > d.car[b] else -1
            c = d.car[v] + step
            if 0 <= c < d.n_cars:
                d.car[v] = c
                _log(d, EV_PUSH, v, c, d.level[v])
                _marshal_rule(d, v)
    elif d.phase == PH_ROB:
        _take(d, b, a - A_TOKEN)
    elif d.phase == PH_PUNCH_VICTIM:
        v = a - A_BANDIT
        d.victim = v
        d.phase = PH_PUNCH_LOOT if _tokens_at(d, PLACE_BANDIT + v, NULL, False) > 0 else PH_PUNCH_DEST
        return
    elif d.phase == PH_PUNCH_LOOT:
        c = a - A_TOKEN
        if b == CHEYENNE and is_purse(c):                   # §7.2
            _take(d, b, c)
        else:
            d.tok_place[c] = pos_of(d, b)
            d.tok_stamp[c] = 0
            _log(d, EV_DROP, d.victim, c, pos_of(d, b))
        d.phase = PH_PUNCH_DEST
        return
    elif d.phase == PH_PUNCH_DEST:
        v = d.victim
        d.car[v] = a - A_CAR
        _log(d, EV_PUSH, v, d.car[v], d.level[v])
        _marshal_rule(d, v)
    _card_done(d)
    _resolve_cards(d, rng)


# ---------------------------------------------------------------------- events (§8, §8.1) and the round's end

cdef void _round_event(ColtData* d, Rng* rng) noexcept nogil:
    cdef int ev = card_event(_round_card(d)), b, g, best, t, last = d.n_cars - 1
    cdef bint got
    _log(d, EV_EVENT, ev, d.round, 0)
    if ev == RE_ANGRY:
        g = bandits_at(d, d.marshal_car, ROOF)
        got = _neutral(d, g)
        for b in range(N_BANDITS):
            if (g >> b) & 1:
                _log(d, EV_SHOT_BY_MARSHAL, b, got, 0)
        if d.marshal_car < last:
            d.marshal_car += 1
            _log(d, EV_MARSHAL_MOVES, d.marshal_car, 0, 0)
            _flee(d, bandits_at(d, d.marshal_car, INSIDE))
    elif ev == RE_SWIVEL:
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and d.level[b] == ROOF and d.car[b] != last:
                d.car[b] = last
                _log(d, EV_MOVED, b, last, ROOF)
    elif ev == RE_BRAKING:
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and d.level[b] == ROOF and d.car[b] > 0:
                d.car[b] -= 1
                _log(d, EV_MOVED, b, d.car[b], ROOF)
    elif ev == RE_TAKE_ALL:
        d.tok_place[STRONGBOX0 + 1] = d.marshal_car * 2 + INSIDE
        _log(d, EV_STRONGBOX, d.marshal_car, 0, 0)
    elif ev == RE_REBELLION:
        g = 0
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and d.level[b] == INSIDE:
                g |= 1 << b
        got = _neutral(d, g)
        for b in range(N_BANDITS):
            if (g >> b) & 1:
                _log(d, EV_SHOT_BY_MARSHAL, b, got, 0)
    elif ev == RE_PICKPOCKET:
        d.pick_mask = 0                                    # eligibility is fixed before anybody takes (D16)
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and bandits_at(d, d.car[b], d.level[b]) == (1 << b) and \
                    _tokens_at(d, pos_of(d, b), NULL, True) > 0:
                d.pick_mask |= 1 << b
        _pickpocket_next(d, rng)
        return
    elif ev == RE_REVENGE:
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and d.level[b] == ROOF and d.car[b] == d.marshal_car:
                best = -1
                for t in range(N_TOKENS):
                    if d.tok_place[t] == PLACE_BANDIT + b and is_purse(t) and (
                            best < 0 or d.tok_value[t] < d.tok_value[best]
                            or (d.tok_value[t] == d.tok_value[best] and d.tok_stamp[t] < d.tok_stamp[best])):
                        best = t
                if best >= 0:                              # D14, D32
                    d.tok_place[best] = d.marshal_car * 2 + ROOF
                    d.tok_stamp[best] = 0
                    _log(d, EV_LOSES, b, best, 0)
    elif ev == RE_HOSTAGE:
        for b in range(N_BANDITS):
            if d.controller[b] >= 0 and d.car[b] == 0 and d.ransom_n < N_BANDITS:    # six ransom purses (D15)
                t = RANSOM0 + d.ransom_n
                d.ransom_n += 1
                d.tok_value[t] = 250
                d.tok_known[t] = (1 << d.n_players) - 1
                d.tok_place[t] = PLACE_BANDIT + b
                d.stamp += 1
                d.tok_stamp[t] = d.stamp
                _log(d, EV_RANSOM, b, t, 0)
    _end_round(d, rng)


cdef void _pickpocket_next(ColtData* d, Rng* rng) noexcept nogil:
    """The next Pickpocketing choice (D32): seats clockwise from the first player; a seat's lower car first,
    inside before the roof."""
    cdef int i, q, s, b, best
    for i in range(d.n_players):
        q = (d.first + i) % d.n_players
        best = -1
        for s in range(d.n_slots):
            b = d.bandit_of[q][s]
            if b >= 0 and (d.pick_mask >> b) & 1 and (best < 0 or pos_of(d, b) < pos_of(d, best)):
                best = b
        if best >= 0:
            d.phase = PH_PICKPOCKET
            d.actor = best
            d.decider = q
            return
    d.actor = -1
    _end_round(d, rng)


cdef void _end_round(ColtData* d, Rng* rng) noexcept nogil:
    """§9: the next first player is the one to the left; after round 5 the game ends (§10)."""
    if d.round >= N_ROUNDS:
        _game_over(d)
        return
    d.first = (d.first + 1) % d.n_players
    d.round += 1
    _start_round(d, rng)


# ---------------------------------------------------------------------- the 2-player setup (§12, D34)

cdef void _form_decks(ColtData* d) noexcept nogil:
    """Each seat's action cards become its shuffled draw deck (§2 step 9, §12)."""
    cdef int q, k
    for q in range(d.n_players):
        for k in range(d.n_slots * N_TYPES):
            d.deck[q][k] = kind_total(d, q, k)
            d.pool[q][k] = d.deck[q][k] if d.advanced else 0
        d.deck_n[q] = _sum(d.deck[q], N_KINDS)


cdef void _setup_next(ColtData* d, Rng* rng) noexcept nogil:
    d.step += 1
    if d.step < d.n_players:
        d.decider = (d.first + d.step) % d.n_players
        d.phase = PH_SETUP_CABOOSE
        return
    d.round = 1
    _form_decks(d)
    _start_round(d, rng)


cdef void _setup_apply(ColtData* d, Rng* rng, int a) noexcept nogil:
    cdef int q = d.decider, b = a - A_BANDIT, s, other
    if d.phase == PH_SETUP_CABOOSE:
        s = 0 if d.bandit_of[q][0] == b else 1
        other = d.bandit_of[q][1 - s]
        d.car[b] = d.n_cars - 1
        d.car[other] = d.n_cars - 2
        d.level[b] = INSIDE
        d.level[other] = INSIDE
        _log(d, EV_PLACED, b, d.car[b], 0)
        _log(d, EV_PLACED, other, d.car[other], 0)
        if d.bandit_of[q][0] == GHOST or d.bandit_of[q][1] == GHOST:
            d.phase = PH_SETUP_MARSHAL
            return
        d.removed_marshal[q] = 1 - s                       # D34: the bandit in car 3 loses his Marshal card
        _log(d, EV_REMOVED_MARSHAL, q, other, 0)
    else:
        d.removed_marshal[q] = 0 if d.bandit_of[q][0] == b else 1
        _log(d, EV_REMOVED_MARSHAL, q, b, 0)
    _setup_next(d, rng)


# ====================================================================== legal actions (§14.1)

cdef int legal_actions_of(ColtData* d, int* out) noexcept nogil:
    cdef int n = 0, me = d.decider, ph = d.phase, b = d.actor, c, t, m, s
    if ph == PH_SCHEME:
        return _scheme_options(d, me, out)
    if ph == PH_SETUP_CABOOSE or ph == PH_SETUP_MARSHAL:
        for s in range(d.n_slots):
            out[n] = A_BANDIT + d.bandit_of[me][s]
            n += 1
    elif ph == PH_KEEP:
        if d.keep_kind >= N_KINDS:                         # only in a malformed view
            return 0
        for c in range(d.hand[me][d.keep_kind] + 1):
            out[n] = A_KEEP + c
            n += 1
    elif ph == PH_MOVE:
        n = move_targets(d, b, out)
        for c in range(n):
            out[c] += A_CAR
    elif ph == PH_MARSHAL or ph == PH_PUNCH_DEST:
        c = d.marshal_car if ph == PH_MARSHAL else d.car[b]
        if c > 0:
            out[n] = A_CAR + c - 1
            n += 1
        if c + 1 < d.n_cars:
            out[n] = A_CAR + c + 1
            n += 1
    elif ph == PH_FIRE or ph == PH_PUNCH_VICTIM:
        m = fire_targets(d, b) if ph == PH_FIRE else punch_victims(d, b)
        for t in range(N_BANDITS):
            if (m >> t) & 1:
                out[n] = A_BANDIT + t
                n += 1
    elif ph == PH_ROB or ph == PH_PICKPOCKET:
        n = _tokens_at(d, pos_of(d, b), out, ph == PH_PICKPOCKET)
        for c in range(n):
            out[c] += A_TOKEN
    elif ph == PH_PUNCH_LOOT:
        n = _tokens_at(d, PLACE_BANDIT + d.victim, out, False)
        for c in range(n):
            out[c] += A_TOKEN
    return n


cdef ColtData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``ColtData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef ColtData struct = fields


STATE_LAYOUT = derive_layout("ColtData", sizeof(ColtData), _ZERO, _as_struct)


# ====================================================================== the state

cdef class ColtExpressState(GameState):
    """A Colt Express game in progress.  Create it with ``deadeye.core.new_game("colt-express", players=..., seed=...)``.

    >>> from deadeye.core import new_game
    >>> state = new_game("colt-express", players=3, seed=1, bandits="Belle,Django,Tuco")
    >>> state.round, state.phase, state.bandits()
    (1, 'scheme', ['Belle', 'Django', 'Tuco'])
    """

    game = "colt-express"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(ColtData)

    cdef void _setup(self, int players, bint advanced, bint two_bandits, const int* bandits, int first) noexcept nogil:
        """§2 (and §12 for the 2-player variant): the train, the loot, the round deck, the first player."""
        cdef ColtData* d = &self.d
        cdef Rng* rng = &self.rng
        cdef int q, s, b, i, j, k, c, w, tok, regular, n_wagons
        cdef int perm[N_PURSES]
        cdef int order[N_WAGONS]
        cdef int cards[7]
        memset(d, 0, sizeof(ColtData))
        d.n_players = players
        d.n_slots = 2 if two_bandits else 1
        d.n_bandits = players * d.n_slots
        d.advanced = advanced or two_bandits                # §12: the advanced rules always apply with 2 players
        n_wagons = 4 if two_bandits else players
        d.n_cars = n_wagons + 1
        d.actor = -1
        d.victim = -1
        for b in range(N_BANDITS):
            d.controller[b] = -1
            d.car[b] = -1
        for q in range(MAX_PLAYERS):
            d.bandit_of[q][0] = -1
            d.bandit_of[q][1] = -1
            d.removed_marshal[q] = UNKNOWN
        for q in range(players):
            for s in range(d.n_slots):
                b = bandits[q * d.n_slots + s]
                d.bandit_of[q][s] = b
                d.controller[b] = q
                d.bullets_left[b] = GUN
        d.neutral_supply = N_NEUTRAL
        # the train (§2 step 3, D24): n wagons of the six, in random order
        for i in range(N_WAGONS):
            order[i] = i
        for i in range(N_WAGONS - 1, 0, -1):
            j = rng_below(rng, i + 1)
            order[i], order[j] = order[j], order[i]
        d.wagon[0] = UNKNOWN
        for c in range(1, d.n_cars):
            d.wagon[c] = order[c - 1]
        for c in range(d.n_cars, MAX_CARS):
            d.wagon[c] = UNKNOWN
        # loot (§2 steps 2, 4, 5): starting purses are $250 (public, D19); the other values are shuffled
        for tok in range(N_TOKENS):
            d.tok_place[tok] = PLACE_BOX
        for i in range(N_PURSES):
            perm[i] = purse_value(i)
        for i in range(N_PURSES - 1, d.n_bandits, -1):          # the values left after the starting $250s
            j = d.n_bandits + rng_below(rng, i - d.n_bandits + 1)
            perm[i], perm[j] = perm[j], perm[i]
        for tok in range(N_PURSES):
            d.tok_value[tok] = perm[tok]
        i = 0
        for q in range(players):
            for s in range(d.n_slots):
                _take(d, d.bandit_of[q][s], i)
                d.tok_known[i] = (1 << players) - 1
                i += 1
        j = JEWEL0
        for c in range(1, d.n_cars):
            w = d.wagon[c]
            for k in range(wagon_purses(w)):
                d.tok_place[i] = c * 2 + INSIDE
                i += 1
            for k in range(wagon_jewels(w)):
                d.tok_place[j] = c * 2 + INSIDE
                j += 1
        for tok in range(JEWEL0, RANSOM0):
            d.tok_value[tok] = 500 if tok < STRONGBOX0 else 1000
            d.tok_known[tok] = (1 << players) - 1
        d.tok_place[STRONGBOX0] = INSIDE                     # inside the locomotive, with the marshal
        d.tok_place[STRONGBOX0 + 1] = PLACE_ASIDE
        for tok in range(RANSOM0, N_TOKENS):
            d.tok_place[tok] = PLACE_ASIDE
        d.marshal_car = 0
        d.n_events = 0
        # the round deck (§2 step 6): 4 of the 7 cards of the player count, in random order, then a station card
        regular = 0 if players <= 4 else R6_FIRST
        for i in range(7):
            cards[i] = regular + i
        for i in range(4):
            j = i + rng_below(rng, 7 - i)
            cards[i], cards[j] = cards[j], cards[i]
            d.round_card[i] = cards[i]
        d.round_card[4] = STATION_FIRST + rng_below(rng, 3)
        d.first = first if first >= 0 else rng_below(rng, players)
        if two_bandits:                                      # §12, D34: the setup choices come first
            d.round = 0
            d.phase = PH_SETUP_CABOOSE
            d.decider = d.first
            return
        for i in range(players):                             # §2 step 8
            b = d.bandit_of[(d.first + i) % players][0]
            d.car[b] = d.n_cars - 1 if i % 2 == 0 else d.n_cars - 2
            d.level[b] = INSIDE
        d.round = 1
        _form_decks(d)
        _start_round(d, rng)

    # ------------------------------------------------------------------ decisions
    cdef int _current_player(self) noexcept nogil:
        return -1 if self.d.phase == PH_GAME_OVER else self.d.decider

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.phase == PH_GAME_OVER

    cdef int _num_players(self) noexcept nogil:
        return self.d.n_players

    cdef int _legal_actions(self, int* out) noexcept nogil:
        if self.d.phase == PH_GAME_OVER:
            return 0
        return legal_actions_of(&self.d, out)

    cdef void _apply(self, int a) noexcept nogil:
        cdef ColtData* d = &self.d
        cdef int ph = d.phase
        d.n_events = 0
        if ph == PH_SCHEME:
            _scheme_apply(d, &self.rng, a)
        elif ph == PH_KEEP:
            _keep_apply(d, &self.rng, a)
        elif ph == PH_SETUP_CABOOSE or ph == PH_SETUP_MARSHAL:
            _setup_apply(d, &self.rng, a)
        elif ph == PH_PICKPOCKET:
            _take(d, d.actor, a - A_TOKEN)
            d.pick_mask &= ~(1 << d.actor)
            _pickpocket_next(d, &self.rng)
        else:
            _steal_apply(d, &self.rng, a)

    cdef int _segment(self) noexcept nogil:
        """The round; the 2-player setup belongs to round 1."""
        return self.d.round if self.d.round > 0 else 1

    cdef void _returns(self, double* out) noexcept nogil:
        cdef int q, k = popcount(self.d.winners)
        for q in range(self.d.n_players):
            out[q] = (1.0 / k) if (self.d.winners >> q) & 1 else 0.0

    cdef void _evaluate(self, double* out) noexcept nogil:
        """Estimated result per seat for a rollout cut off before the game ends: ``_returns`` once it is over, else
        a softmax of each seat's dollars if the game were scored now (loot plus the Gunslinger lead, §10), over a
        temperature that shrinks from $1,900 to $700 as the rounds pass (one round moves a few hundred dollars).
        In [0, 1], summing to 1."""
        cdef int q, n = self.d.n_players
        cdef double score[MAX_PLAYERS]
        if self.d.phase == PH_GAME_OVER:
            self._returns(out)
            return
        for q in range(n):
            score[q] = seat_score(&self.d, q)
        score_shares(score, n, 400.0 + 300.0 * (N_ROUNDS + 1 - (self.d.round if self.d.round > 0 else 1)), out)

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return (f"colt-express, round {self.d.round}, turn {self.d.turn}, phase {PHASE_NAMES[self.d.phase]}, "
                f"seat {self._current_player()}")

    def _label(self, int action) -> str:
        """Human-readable text for ``action`` in this state ("play Move face up", "Belle: rob purse 7")."""
        return action_label(&self.d, action)

    def _public_label(self, int action):
        """What every other seat sees of ``action`` played now, or None if they see nothing (§13.5)."""
        return public_label(&self.d, action)

    cdef int _observation(self, int a, int seat) noexcept nogil:
        """As ``public_label``: a card played face down shows only which of its player's bandits plays it
        (``OBS_BASE + 1 + slot``); keep choices show nothing but that they were made."""
        cdef int k
        if seat == self.d.decider:
            return a
        if self.d.phase == PH_KEEP:
            return OBS_HIDDEN
        if self.d.phase == PH_SCHEME and A_PLAY <= a < A_PAIR and (a - A_PLAY) % 2 == 1:
            k = (a - A_PLAY) // 2
            return OBS_BASE + 1 + k // N_TYPES
        return a

    def events(self) -> list:
        """Public automatic steps of the last ``apply_action`` as (kind, a, b, c) tuples."""
        cdef int i
        return [(EVENT_NAMES[self.d.events[i].kind], self.d.events[i].a, self.d.events[i].b, self.d.events[i].c)
                for i in range(self.d.n_events) if self.d.events[i].kind != EV_DREW]

    def private_events(self, seat) -> list:
        """The cards ``seat`` drew in the last ``apply_action``: logged with the events, never shown by
        ``events()``; a seat's view drops the log."""
        cdef int i
        self._check_seat(seat)
        drawn = [self._kind_name(seat, self.d.events[i].b) for i in range(self.d.n_events)
                 if self.d.events[i].kind == EV_DREW and self.d.events[i].a == seat]
        return [f"you draw {', '.join(drawn)}"] if drawn else []

    def _kind_name(self, int seat, int k) -> str:
        if k == BULLET:
            return "Bullet"
        if self.d.n_slots == 1:
            return TYPE_NAMES[k % N_TYPES]
        return f"{BANDIT_NAMES[self.d.bandit_of[seat][k // N_TYPES]]}'s {TYPE_NAMES[k % N_TYPES]}"

    def unavailable_reasons(self) -> list:
        """Why usual schemin' options are missing for the deciding seat (§4.2, §4.4, D22)."""
        cdef ColtData* d = &self.d
        cdef int me = d.decider, tt
        if d.phase != PH_SCHEME or me < 0:
            return []
        tt = scheme_turn_type(d)
        reasons = []
        if tt == T_TUNNEL:
            reasons.append("a tunnel turn: every card is played face down")
        elif tt == T_SPEED:
            reasons.append("a speed-up turn: you play two cards at once (or draw)")
        if d.hand[me][BULLET]:
            reasons.append("Bullet cards cannot be played")
        if not can_draw(d, me):
            reasons.append("your draw deck is empty: you cannot draw")
        return reasons

    def describe_events(self) -> list:
        """``events()`` as sentences."""
        return [event_text(*e, n_cars=self.d.n_cars) for e in self.events()]

    # public facts, for front ends and tests
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    @property
    def round(self) -> int:
        return self.d.round

    @property
    def first_player(self) -> int:
        return self.d.first

    def bandits(self) -> list:
        """The bandit names of each seat, seat 0 first (2-player variant: two per seat)."""
        return [BANDIT_NAMES[self.d.bandit_of[q][s]] for q in range(self.d.n_players) for s in range(self.d.n_slots)]

    def position(self, bandit) -> tuple:
        """(car, "inside"/"roof") of a bandit given by name or id."""
        b = _bandit_id(bandit)
        return (self.d.car[b], "roof" if self.d.level[b] == ROOF else "inside")

    def marshal(self) -> int:
        return self.d.marshal_car

    def loot(self, bandit) -> list:
        """Token ids a bandit holds (see ``token_value``)."""
        b = _bandit_id(bandit)
        return [t for t in range(N_TOKENS) if self.d.tok_place[t] == PLACE_BANDIT + b]

    def token_value(self, int token) -> int:
        return self.d.tok_value[token]

    def hand(self, int seat) -> dict:
        """The cards in ``seat``'s hand as {card name: count} (the full state knows every hand)."""
        return {self._kind_name(seat, k): self.d.hand[seat][k] for k in range(N_KINDS) if self.d.hand[seat][k]}

    def _kind_name(self, int seat, int k) -> str:
        if k == BULLET:
            return "Bullet"
        if self.d.n_slots == 1:
            return TYPE_NAMES[k % N_TYPES]
        return f"{BANDIT_NAMES[self.d.bandit_of[seat][k // N_TYPES]]} {TYPE_NAMES[k % N_TYPES]}"

    def game_returns(self) -> list:
        """Dollars per seat: loot plus the Gunslinger bonus (the margin behind ``returns()``)."""
        return [seat_score(&self.d, q) for q in range(self.d.n_players)]

    def money(self) -> list:
        return self.game_returns()

    def bullets_received(self) -> list:
        return [seat_bullets(&self.d, q) for q in range(self.d.n_players)]

    def validate(self) -> str:
        """Why this state is impossible (cards, loot or bullets not conserved, counts inconsistent), or ''."""
        return check_data(&self.d, -1)

    def __repr__(self):
        return (f"<ColtExpressState {self.d.n_players}p round {self.d.round} turn {self.d.turn} "
                f"{PHASE_NAMES[self.d.phase]} seat {self._current_player()}>")


def _bandit_id(bandit) -> int:
    if isinstance(bandit, str):
        names = [n.lower() for n in BANDIT_NAMES]
        if bandit.lower() not in names:
            raise ValueError(f"unknown bandit {bandit!r}; bandits: {', '.join(BANDIT_NAMES)}")
        return names.index(bandit.lower())
    if isinstance(bandit, bool) or not isinstance(bandit, int) or not 0 <= bandit < N_BANDITS:
        raise ValueError(f"bandit id {bandit} out of range")
    return bandit


def _bandit_list(bandits, players: int, slots: int, seed: int) -> list:
    """The bandits of each seat in seat order (slots of a seat in bandit order): the given ones, or a uniformly
    random distinct assignment drawn from ``seed`` (D30)."""
    import random
    need = players * slots
    if bandits is None:
        picked = random.Random(f"colt-express bandits {seed}").sample(range(N_BANDITS), need)
    else:
        items = bandits.split(",") if isinstance(bandits, str) else list(bandits)
        if len(items) != need:
            raise ValueError(f"bandits names {len(items)} bandits; {players} players need {need}")
        picked = [_bandit_id(x.strip() if isinstance(x, str) else x) for x in items]
        if len(set(picked)) != need:
            raise ValueError(f"bandits must be distinct, got {bandits!r}")
    out = []
    for q in range(players):
        out += sorted(picked[q * slots:(q + 1) * slots])
    return out


def new_state(players: int, seed: int = 0, advanced: bool = False, variant=None, bandits=None,
              first_player=None) -> ColtExpressState:
    """The initial state (§2, §12).  ``variant`` None plays the rules' game for the player count (with 2 players
    that is the two-bandits variant, D26); ``bandits`` gives each seat's bandits (names or ids, seat 0 first),
    else they are drawn from ``seed`` (D30); ``first_player`` likewise."""
    if variant is not None and variant != "two-bandits":
        raise ValueError(f"variant must be None or 'two-bandits', not {variant!r}")
    if variant == "two-bandits" and players != 2:
        raise ValueError(f"the two-bandits variant is for 2 players, not {players}")
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"colt-express is for 2 to 6 players, not {players}")
    first = seat_option("first_player", first_player, players)
    two = players == 2
    slots = 2 if two else 1
    chosen = _bandit_list(bandits, players, slots, seed)
    cdef int buf[MAX_PLAYERS * 2]
    for i, b in enumerate(chosen):
        buf[i] = b
    cdef ColtExpressState state = ColtExpressState.__new__(ColtExpressState)
    state.reseed(seed)
    state._setup(players, bool(advanced), two, buf, first)
    return state


# ====================================================================== layout, checks



cdef str check_data(ColtData* d, int view_seat):
    """Why ``d`` is not a possible state, or '' (used by from_dict and validate).  With ``view_seat`` >= 0, ``d``
    is that seat's view: other seats' hidden cards and unknown values are absent, so only what it shows is checked."""
    cdef int n = d.n_players, q, s, b, k, t, i, total, fired, place, slots = d.n_slots
    cdef int counts[N_KINDS]
    if not 2 <= n <= MAX_PLAYERS:
        return f"n_players {n} not in 2..6"
    if slots != (2 if n == 2 else 1) or d.n_bandits != n * slots:
        return "n_slots / n_bandits do not fit the player count"
    if d.ransom_n > N_BANDITS:                                 # one ransom purse per bandit at most (D15)
        return f"ransom_n {d.ransom_n} > {N_BANDITS}"
    if d.n_cars != (5 if n == 2 else n + 1):
        return f"n_cars {d.n_cars} does not fit {n} players"
    if d.phase > PH_GAME_OVER:
        return f"phase {d.phase} unknown"
    if d.phase != PH_GAME_OVER and not 0 <= d.decider < n:
        return "decider out of range"
    if not 0 <= d.first < n or d.round > N_ROUNDS or (d.round == 0) != (d.phase <= PH_SETUP_MARSHAL):
        return "first player or round out of range"
    for i in range(N_ROUNDS):
        if d.round_card[i] >= N_ROUND_CARDS and not (view_seat >= 0 and d.round_card[i] == UNKNOWN and i >= d.round):
            return f"round_card[{i}] unknown"
        if i < 4 and d.round_card[i] != UNKNOWN and ((d.round_card[i] >= R6_FIRST) != (n >= 5)
                                                     or d.round_card[i] >= STATION_FIRST):
            return f"round_card[{i}] does not fit {n} players"
    if d.round_card[4] != UNKNOWN and d.round_card[4] < STATION_FIRST:
        return "the fifth round card must be a station card"
    if d.round >= 1 and (d.turn > card_turns(d.round_card[d.round - 1])
                         or (d.phase == PH_SCHEME and d.turn == card_turns(d.round_card[d.round - 1]))):
        return "turn past the round card"
    for i in range(MAX_CARS):                                  # the locomotive and no car: no wagon; W-A..W-F once
        if (d.wagon[i] == UNKNOWN) != (i == 0 or i >= d.n_cars) or (d.wagon[i] != UNKNOWN and d.wagon[i] >= N_WAGONS):
            return f"wagon[{i}] {d.wagon[i]} does not fit {d.n_cars} cars"
        for t in range(1, i):
            if d.wagon[t] == d.wagon[i] and d.wagon[i] != UNKNOWN:
                return f"wagon {d.wagon[i]} is in the train twice"
    if not 0 <= d.marshal_car < d.n_cars:
        return "marshal out of the train"
    b = 0
    for q in range(MAX_PLAYERS):
        for s in range(N_SLOTS):
            if (q < n and s < slots) != (d.bandit_of[q][s] >= 0):
                return f"bandit_of[{q}] does not fit the player count"
            if d.bandit_of[q][s] >= N_BANDITS or (d.bandit_of[q][s] >= 0
                                                   and d.controller[d.bandit_of[q][s]] != q):
                return f"bandit_of[{q}] and controller disagree"
    for b in range(N_BANDITS):
        if d.controller[b] >= n or d.controller[b] < -1:
            return f"controller[{b}] out of range"
        if d.controller[b] < 0:
            continue
        if d.round > 0 and not (0 <= d.car[b] < d.n_cars and d.level[b] <= ROOF):
            return f"bandit {b} is not in the train"
        if d.car[b] >= 0 and d.level[b] == INSIDE and d.car[b] == d.marshal_car:
            return f"bandit {b} is inside the marshal's car"
        if d.bullets_left[b] > GUN:
            return f"bullets_left[{b}] > {GUN}"
        fired = 0
        for t in range(N_BANDITS):
            fired += d.received[t][b]
        if fired + d.bullets_left[b] != GUN:
            return f"bandit {b}: {d.bullets_left[b]} bullets left but {fired} fired"
    total = d.neutral_supply + d.neutral_removed
    for b in range(N_BANDITS):
        total += d.received[b][NEUTRAL]
    if total != N_NEUTRAL:
        return f"{total} marshal bullets (expected {N_NEUTRAL})"
    for t in range(N_TOKENS):
        place = d.tok_place[t]
        if place < PLACE_BANDIT:
            if place // 2 >= d.n_cars:
                return f"token {t} lies outside the train"
        elif place < PLACE_BANDIT + N_BANDITS:
            if d.controller[place - PLACE_BANDIT] < 0:
                return f"token {t} is held by a bandit not in the game"
        elif place != PLACE_BOX and place != PLACE_ASIDE:
            return f"token {t} has an unknown place"
        if t < N_PURSES and d.tok_value[t] != 0 and not 250 <= d.tok_value[t] <= 500:
            return f"purse {t} worth {d.tok_value[t]}"
    if view_seat < 0:
        total = 0
        for t in range(N_PURSES):
            total += d.tok_value[t]
        if total != 6000:
            return f"purse values sum to {total} (expected 6000)"
    if d.pile_n > MAX_PILE or d.pile_next > d.pile_n or d.n_events > MAX_EVENTS:
        return "a count exceeds its capacity"
    for i in range(d.pile_n):
        b = d.pile_bandit[i]
        if not 0 <= b < N_BANDITS or d.controller[b] < 0:
            return f"pile card {i} belongs to no bandit in the game"
        if d.pile_kind[i] == UNKNOWN:
            if (view_seat < 0 or d.controller[b] == view_seat or not d.pile_flags[i] & FACE_DOWN
                    or d.pile_flags[i] & REVEALED):
                return f"pile card {i} unknown"
        elif d.pile_kind[i] >= slots * N_TYPES or kind_bandit(d, d.controller[b], d.pile_kind[i]) != b:
            return f"pile card {i} is not a card of its bandit"
    for q in range(n):
        if _sum(d.hand[q], N_KINDS) != d.hand_n[q] and (view_seat < 0 or q == view_seat):
            return f"hand_n[{q}] does not match the hand"
        if _sum(d.deck[q], N_KINDS) != d.deck_n[q] and (view_seat < 0 or q == view_seat):
            return f"deck_n[{q}] does not match the deck"
        if view_seat >= 0 and q != view_seat and (_sum(d.deck[q], N_KINDS) != 0
                                                  or _sum(d.hand[q], N_KINDS) > d.hand_n[q]):
            return f"a view cannot show seat {q}'s hidden cards"
        for k in range(N_KINDS):
            if d.stale[q][k] > d.discard[q][k]:
                return f"seat {q}: more stale cards of kind {k} than its discard pile holds"
        if view_seat >= 0 and q != view_seat:
            continue
        for k in range(N_KINDS):
            counts[k] = d.hand[q][k] + d.deck[q][k] + d.returned[q][k] + d.discard[q][k]
        counts[BULLET] += d.deck_top[q] + d.aside[q]
        for i in range(d.pile_next, d.pile_n):
            if d.controller[d.pile_bandit[i]] == q:
                counts[d.pile_kind[i]] += 1
        for k in range(N_KINDS):
            if counts[k] != kind_total(d, q, k):
                return f"seat {q} holds {counts[k]} cards of kind {k} (expected {kind_total(d, q, k)})"
    return ""
