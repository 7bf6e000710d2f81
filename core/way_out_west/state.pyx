"""Way Out West (Martin Wallace, Warfrog 2000) for 2 to 5 players, exactly as ../shared/rules/way-out-west.md says
(cited as section numbers, its decisions as D).

The whole game is public but the future dice (8, D27).  Every die (the first-player roll with its rerolls, each
volley, the 3d6 of a robbery) comes from the state's seeded generator, so a game replays exactly from its seed.

Decisions and their encoding (data.pxd gives the rule of each id family; all ids are below 489):

- Each decision of section 8's table is one action id of the deciding seat, and ``current_player()`` is that seat:
  the setup placements, each bidding turn, each action turn (skip or a whole action with its parameters in one id),
  the sheriff choice, each moment to fire of a side that may retreat (fire, or retreat with its destinations as a
  5-bit town mask), and the wanted token taken from another seat.  A decision with a single option (a player who
  can only drop out, a turn where only skipping is legal) is still a decision.
- Bids (issue item 3): a raise names its increment over the high bid H, ``A_RAISE + k - 1`` for k = 1..16 (the new
  bid H + k).  A bid higher than H + 16 is built in steps within the same bidding turn: ``A_RAISE_MORE`` adds 16
  and leaves the same player to name the rest (``A_RAISE`` again, or ``A_RAISE_MORE``).  ``A_RAISE_MORE`` is legal
  only while a raise above the sum stays affordable, so a started bid is always completable, and every bid
  H < b <= money is reachable in exactly one way.  Dropping out is one id.  The action set of a bidding turn is at
  most 18 ids.
- Whole actions are single ids where their parameters fit: Buy Cattle (town, k), Buy Cowboys (one town, or an
  unordered pair of towns), Move Cowboys (origin, destination, 1..9), Move Cattle (origin, destination, 1 or 2),
  Build (type, town), Place Farmer (town), Gunfight (town, target).  No action is ever half made.

Choices where the rules leave room (each binding here):

- The first-player roll (2.3) is simulated die by die with rerolls among the tied; its events report the winner.
  The option ``first_player`` skips the roll (for tests and set positions).
- Buy Cowboys of two is one id per unordered pair of towns (4.2: the result is a multiset); the Stagecoach of each
  arrival town pays per cowboy placed there.
- Casualties, the order of fire and the default defender follow Appendix A exactly; the dice of a simultaneous
  throw are rolled for the attack first, then for the defense.
- A wanted token taken from another seat (pool empty, 6.9) is a decision only when two or more seats hold one;
  with exactly one it is taken from that seat automatically.
- A retreat's destinations are the set of towns (cowboys are alike, so which cowboy goes where does not matter).
- The sheriff is decided by the Jail's owner even when he is a third player (6.3); the default defender (6.2 step 5)
  is added after the sheriff decision.
- ``game_returns()`` are the points of section 7 (as if the game ended now while it runs); ``returns()`` give 1 to the
  sole winner after the tie-breaks (points, then money, then wanted tokens) and 1/k to k seats sharing the victory.
- ``_segment()`` is the round; ``_evaluate`` is a softmax (``score_shares``) of each seat's projected points: the
  points of section 7 now, plus the income still to come at the present board, plus money at $4 a point.
"""

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, MAX_ACTIONS, MAX_SEATS, score_shares
from deadeye.core.way_out_west.data cimport *

from deadeye.core.layout import derive_layout
from deadeye.core.way_out_west.labels cimport action_label

from deadeye.core.way_out_west.labels import PHASE_NAMES, event_text


cdef WowData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``WowData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef WowData struct = fields


STATE_LAYOUT = derive_layout("WowData", sizeof(WowData), _ZERO, _as_struct)


# ====================================================================== small helpers

cdef inline void log(WowData* d, int kind, int player, int a, int value) noexcept nogil:
    cdef int i = d.n_events
    if i < MAX_EVENTS:
        d.ev_kind[i] = kind
        d.ev_player[i] = player
        d.ev_a[i] = a
        d.ev_value[i] = value
        d.n_events += 1


cdef inline void pay(WowData* d, int p, int amount) noexcept nogil:
    """Seat p pays the treasury."""
    d.money[p] -= amount
    d.treasury += amount


cdef inline void earn(WowData* d, int p, int amount) noexcept nogil:
    """The treasury pays seat p."""
    d.money[p] += amount
    d.treasury -= amount


cdef inline int roll_hits(Rng* rng, int dice) noexcept nogil:
    """Hits among `dice` dice: each 5 or 6 is one (6.4)."""
    cdef int i, hits = 0
    for i in range(dice):
        if rng_below(rng, 6) >= 4:
            hits += 1
    return hits


cdef inline bint chain_ok(const WowData* d, int t, int leaving_town, int leaving) noexcept nogil:
    """The chain rule (4.1 condition 4) for cattle arriving in t, with `leaving` counters gone from `leaving_town`."""
    cdef int before
    if t == 0:
        return True
    before = cattle_in(d, t - 1) - (leaving if leaving_town == t - 1 else 0)
    return before >= 1


# ====================================================================== legality

cdef bint can_buy_cattle(const WowData* d, int p, int t, int k) noexcept nogil:
    return (d.boxes_left[BOX_CATTLE] > 0 and d.cowboys[t][p] > 0 and town_corrals(t) - cattle_in(d, t) >= k
            and d.cattle_supply[p] >= k and chain_ok(d, t, -1, 0) and d.money[p] >= k)


cdef bint can_move_cattle(const WowData* d, int p, int o, int t, int m) noexcept nogil:
    return (d.boxes_left[BOX_MOVE_CATTLE] > 0 and o != t and d.cattle[o][p] >= m and d.cowboys[t][p] > 0
            and town_corrals(t) - cattle_in(d, t) >= m and chain_ok(d, t, o, m))


cdef bint can_build(const WowData* d, int p, int kind, int t) noexcept nogil:
    return (d.boxes_left[BOX_BUILD + kind] > 0 and town_size(d, t) < town_spaces(t) and d.building[t][kind] < 0
            and owned_in(d, t, p) <= 1 and d.bt_supply[p][kind] > 0 and d.money[p] >= bt_cost(kind))


cdef bint can_attack(const WowData* d, int p, int t, int target) noexcept nogil:
    """The gunfight preconditions of 6.1."""
    cdef int owner, q, k
    if d.boxes_left[BOX_GUNFIGHT] == 0 or d.cowboys[t][p] == 0:
        return False
    if target < TARGET_CATTLE:
        owner = d.building[t][target]
        if owner < 0 or owner == p:
            return False
        if target == JAIL or target == BANK:
            return True
        return d.bt_supply[p][target] > 0 and owned_in(d, t, p) <= 1
    if target < TARGET_FARMER:
        q = (target - TARGET_CATTLE) // 2
        k = (target - TARGET_CATTLE) % 2 + 1
        return q < d.n_players and q != p and d.cattle[t][q] >= k and d.cattle_supply[p] >= k
    return d.farmer_at[t] != 0


cdef inline int side_player(const WowData* d, int side) noexcept nogil:
    return d.gf_attacker if side == ATTACK else d.gf_defender


cdef inline int side_cowboys(const WowData* d, int side) noexcept nogil:
    cdef int p = side_player(d, side)
    return d.cowboys[d.gf_town][p] if p >= 0 else 0


cdef inline int side_total(const WowData* d, int side) noexcept nogil:
    return side_cowboys(d, side) + d.gf_temps[side]


cdef inline bint can_retreat(const WowData* d, int side) noexcept nogil:
    """6.4: a side with a deciding player and 1 to 4 cowboys may retreat at its moment to fire."""
    cdef int c = side_cowboys(d, side)
    return side_player(d, side) >= 0 and 1 <= c <= 4


cdef inline int deciding_side(const WowData* d) noexcept nogil:
    """The side whose moment it is (PH_FIRE)."""
    if d.gf_first == SIMULTANEOUS:
        return ATTACK if d.gf_shot == 0 else DEFENSE
    return d.gf_first if d.gf_shot == 0 else 1 - d.gf_first


cdef bint is_legal(WowData* d, int a) noexcept nogil:
    cdef int p = d.current, t, k, o, m, q, kind, side, mask, n = d.n_players
    if p < 0 or a < 0 or a >= NUM_ACTIONS:
        return False
    if d.phase == PH_PLACE:
        return A_PLACE <= a < A_PLACE + N_TOWNS
    if d.phase == PH_AUCTION or d.phase == PH_BID_MORE:
        if a == A_DROP:
            return d.phase == PH_AUCTION
        if A_RAISE <= a < A_RAISE + RAISE_STEP:
            return d.high_bid + d.bid_extra + (a - A_RAISE + 1) <= d.money[p]
        if a == A_RAISE_MORE:
            return d.high_bid + d.bid_extra + RAISE_STEP + 1 <= d.money[p]
        return False
    if d.phase == PH_SHERIFF:
        return a == A_SHERIFF_OUT or a == A_SHERIFF_IN
    if d.phase == PH_FIRE:
        if a == A_FIRE:
            return True
        if A_RETREAT <= a < A_RETREAT + 32:
            mask = a - A_RETREAT
            side = deciding_side(d)
            return (mask >> d.gf_town) & 1 == 0 and popcount5(mask) == side_cowboys(d, side)
        return False
    if d.phase == PH_WANTED:
        if A_TAKE_WANTED <= a < A_TAKE_WANTED + n:
            q = a - A_TAKE_WANTED
            return q != p and d.wanted[q] > 0
        return False
    if d.phase != PH_ACTION:
        return False
    if a == A_SKIP:
        return True
    if a < A_BUY_COWBOYS:
        a -= A_BUY_CATTLE
        return can_buy_cattle(d, p, a // 2, a % 2 + 1)
    if a < A_MOVE_COWBOYS:
        k = 1 if a < A_BUY_COWBOYS + N_TOWNS else 2
        return d.boxes_left[BOX_COWBOYS] > 0 and d.cowboy_supply[p] >= k and d.money[p] >= k
    if a < A_MOVE_CATTLE:
        a -= A_MOVE_COWBOYS
        m = a % 9 + 1
        o = a // 9 // 5
        t = a // 9 % 5
        return d.boxes_left[BOX_MOVE_COWBOYS] > 0 and o != t and d.cowboys[o][p] >= m
    if a < A_BUILD:
        a -= A_MOVE_CATTLE
        return can_move_cattle(d, p, a // 2 // 5, a // 2 % 5, a % 2 + 1)
    if a < A_FARMER:
        a -= A_BUILD
        return can_build(d, p, a // 5, a % 5)
    if a < A_GUNFIGHT:
        t = a - A_FARMER
        return d.boxes_left[BOX_FARMER] > 0 and d.farmer_placed[p] == 0 and d.farmer_at[t] == 0
    if a < A_RAISE:
        a -= A_GUNFIGHT
        return can_attack(d, p, a // N_TARGETS, a % N_TARGETS)
    return False


cdef int legal_actions_of(WowData* d, int* out) noexcept nogil:
    cdef int n = 0, a, p = d.current, o, t, m, kind, target
    if p < 0:
        return 0
    if d.phase == PH_PLACE:
        for t in range(N_TOWNS):
            out[n] = A_PLACE + t
            n += 1
        return n
    if d.phase == PH_AUCTION or d.phase == PH_BID_MORE or d.phase == PH_SHERIFF or d.phase == PH_FIRE \
            or d.phase == PH_WANTED:
        for a in range(A_RAISE, NUM_ACTIONS):
            if is_legal(d, a):
                out[n] = a
                n += 1
        return n
    out[0] = A_SKIP
    n = 1
    if d.boxes_left[BOX_CATTLE] > 0:
        for a in range(A_BUY_CATTLE, A_BUY_COWBOYS):
            if is_legal(d, a):
                out[n] = a
                n += 1
    if d.boxes_left[BOX_COWBOYS] > 0:
        for a in range(A_BUY_COWBOYS, A_MOVE_COWBOYS):
            if is_legal(d, a):
                out[n] = a
                n += 1
    if d.boxes_left[BOX_MOVE_COWBOYS] > 0:
        for o in range(N_TOWNS):
            for t in range(N_TOWNS):
                if t != o:
                    for m in range(1, d.cowboys[o][p] + 1):
                        out[n] = A_MOVE_COWBOYS + (o * 5 + t) * 9 + m - 1
                        n += 1
    if d.boxes_left[BOX_MOVE_CATTLE] > 0:
        for o in range(N_TOWNS):
            if d.cattle[o][p] > 0:
                for a in range(A_MOVE_CATTLE + o * 10, A_MOVE_CATTLE + o * 10 + 10):
                    if is_legal(d, a):
                        out[n] = a
                        n += 1
    for a in range(A_BUILD, A_FARMER):
        if is_legal(d, a):
            out[n] = a
            n += 1
    if d.boxes_left[BOX_FARMER] > 0 and d.farmer_placed[p] == 0:
        for a in range(A_FARMER, A_GUNFIGHT):
            if is_legal(d, a):
                out[n] = a
                n += 1
    if d.boxes_left[BOX_GUNFIGHT] > 0:
        for t in range(N_TOWNS):
            if d.cowboys[t][p] > 0:
                for target in range(N_TARGETS):
                    if can_attack(d, p, t, target):
                        out[n] = A_GUNFIGHT + t * N_TARGETS + target
                        n += 1
    return n


# ====================================================================== the flow of a game

cdef void start_auction(WowData* d) noexcept nogil:
    cdef int i
    for i in range(d.n_players):
        d.in_auction[i] = 1
        d.bid[i] = 0
        d.new_order[i] = EMPTY
    d.high_bid = 0
    d.bid_extra = 0
    d.bidder = 0
    d.phase = PH_AUCTION
    log(d, EV_ROUND, -1, d.round, 0)
    auction_turn(d)


cdef void auction_turn(WowData* d) noexcept nogil:
    """Before each bidding turn (3.1): end the auction if one player is left, else d.current is the bidder."""
    cdef int i, left = 0, last = 0, n = d.n_players
    for i in range(n):
        if d.in_auction[i]:
            left += 1
            last = i
    if left == 1:
        pay(d, last, d.bid[last])
        d.new_order[0] = last
        d.in_auction[last] = 0
        log(d, EV_AUCTION_WON, last, 0, d.bid[last])
        for i in range(n):
            d.order[i] = d.new_order[i]
        d.pass_no = 0
        d.turn = 0
        start_turn(d)
        return
    d.phase = PH_AUCTION
    d.bid_extra = 0
    d.current = d.order[d.bidder]


cdef void next_bidder(WowData* d) noexcept nogil:
    cdef int i, n = d.n_players
    for i in range(1, n + 1):
        if d.in_auction[d.order[(d.bidder + i) % n]]:
            d.bidder = (d.bidder + i) % n
            break
    auction_turn(d)


cdef void start_turn(WowData* d) noexcept nogil:
    d.phase = PH_ACTION
    d.current = d.order[d.turn]


cdef void end_turn(WowData* d) noexcept nogil:
    """After an action (gunfight included) or a skip: the next player, the next pass, or the end of the round."""
    d.gf_stage = GS_DONE
    d.turn += 1
    if d.turn == d.n_players:
        d.turn = 0
        d.pass_no += 1
    if d.pass_no < 2:
        start_turn(d)
        return
    d.pass_no = 0
    end_round(d)


cdef void income_parts(const WowData* d, int* out) noexcept nogil:
    """Section 5 by source: out[src * MAX_PLAYERS + p] for src INC_CATTLE (5.1), INC_BANK (5.2), INC_STORE (5.3),
    INC_HOTEL (5.4), from the board now."""
    cdef int p, q, t, base, owner, n = d.n_players
    for p in range(N_INCOME * MAX_PLAYERS):
        out[p] = 0
    for t in range(N_TOWNS):
        base = 1 if d.farmer_at[t] else 2
        if d.building[t][TRAIN] >= 0:
            base *= 2
        for p in range(n):
            out[INC_CATTLE * MAX_PLAYERS + p] += base * d.cattle[t][p]
        owner = d.building[t][BANK]
        if owner >= 0:
            out[INC_BANK * MAX_PLAYERS + owner] += 2 * town_size(d, t)
        owner = d.building[t][STORE]
        if owner >= 0:
            out[INC_STORE * MAX_PLAYERS + owner] += 2 * d.farmer_at[t]
            for q in range(n):
                if q != owner:
                    out[INC_STORE * MAX_PLAYERS + owner] += d.cattle[t][q]
        owner = d.building[t][HOTEL]
        if owner >= 0:
            for q in range(n):
                if q != owner:
                    out[INC_HOTEL * MAX_PLAYERS + owner] += d.cowboys[t][q]


cdef void income_of(const WowData* d, int* out) noexcept nogil:
    """Section 5: the income per seat of an income step now (the sum of ``income_parts``)."""
    cdef int parts[N_INCOME * MAX_PLAYERS]
    cdef int p, src
    income_parts(d, parts)
    for p in range(d.n_players):
        out[p] = 0
        for src in range(N_INCOME):
            out[p] += parts[src * MAX_PLAYERS + p]


cdef int town_controller(const WowData* d, int t) noexcept nogil:
    """7.3: the seat with strictly more pieces (B&T counters plus cattle) in t than every other, at least 1; -1 when
    nobody has a piece there or the most are tied."""
    cdef int p, pieces, best = 0, count = 0, top = -1
    for p in range(d.n_players):
        pieces = d.cattle[t][p] + owned_in(d, t, p)
        if pieces > best:
            best = pieces
            count = 1
            top = p
        elif pieces == best and best > 0:
            count += 1
    return top if count == 1 else -1


cdef void score_parts(const WowData* d, int* out) noexcept nogil:
    """Section 7 by rule, as if the game ended now: out[part * MAX_PLAYERS + p] for part SC_BT (7.1), SC_CATTLE
    (7.2), SC_CONTROL (7.3), SC_MONEY (7.4), SC_WANTED (7.5)."""
    cdef int p, t, k, size, per, best, count, top, n = d.n_players
    for p in range(N_SCORE * MAX_PLAYERS):
        out[p] = 0
    for t in range(N_TOWNS):
        size = town_size(d, t)
        for k in range(N_BT):
            if d.building[t][k] >= 0:
                out[SC_BT * MAX_PLAYERS + d.building[t][k]] += size
        per = (2 if d.building[t][TRAIN] >= 0 else 1) - (1 if d.farmer_at[t] else 0)
        for p in range(n):
            out[SC_CATTLE * MAX_PLAYERS + p] += per * d.cattle[t][p]
        top = town_controller(d, t)
        if top >= 0:
            out[SC_CONTROL * MAX_PLAYERS + top] += size
    best = d.money[0]
    for p in range(1, n):
        if d.money[p] > best:
            best = d.money[p]
    count = 0
    for p in range(n):
        if d.money[p] == best:
            count += 1
    for p in range(n):
        if d.money[p] == best:
            out[SC_MONEY * MAX_PLAYERS + p] += 5 if count == 1 else 2
    best = 0
    for p in range(n):
        if d.wanted[p] > best:
            best = d.wanted[p]
    if best >= 1:
        count = 0
        for p in range(n):
            if d.wanted[p] == best:
                count += 1
        for p in range(n):
            if d.wanted[p] == best:
                out[SC_WANTED * MAX_PLAYERS + p] += 4 if count == 1 else 2


cdef void final_points(const WowData* d, int* out) noexcept nogil:
    """Section 7, as if the game ended now: the sum of ``score_parts`` per seat."""
    cdef int parts[N_SCORE * MAX_PLAYERS]
    cdef int p, part
    score_parts(d, parts)
    for p in range(d.n_players):
        out[p] = 0
        for part in range(N_SCORE):
            out[p] += parts[part * MAX_PLAYERS + p]


cdef void end_round(WowData* d) noexcept nogil:
    """Clean-up (3.4), the income step after rounds 3, 6, 9, 12 (5), final scoring after round 12 (7)."""
    cdef int p, b, n = d.n_players
    cdef int got[MAX_PLAYERS]
    for b in range(N_BOXES):
        d.boxes_left[b] = box_count(b, n)
    if d.round % 3 == 0:
        income_of(d, got)
        for p in range(n):
            earn(d, p, got[p])
            log(d, EV_INCOME, p, d.round, got[p])
    if d.round == N_ROUNDS:
        final_points(d, got)
        for p in range(n):
            log(d, EV_SCORE, p, 0, got[p])
        d.phase = PH_OVER
        d.current = -1
        return
    d.round += 1
    start_auction(d)


# ---------------------------------------------------------------------- gunfights (section 6, Appendix A)


cdef void declare_gunfight(WowData* d, Rng* rng, int p, int t, int target) noexcept nogil:
    """6.1-6.2: the sides; the Jail's owner is asked about the sheriff (6.3) before any shot."""
    d.gf_town = t
    d.gf_target = target
    d.gf_attacker = p
    d.gf_temps[ATTACK] = 0
    d.gf_temps[DEFENSE] = 0
    d.gf_winner = -1
    if target < TARGET_CATTLE:
        d.gf_defender = d.building[t][target]
        if target == BANK or target == TRAIN:
            d.gf_temps[DEFENSE] = 1                      # the guard
    elif target < TARGET_FARMER:
        d.gf_defender = (target - TARGET_CATTLE) // 2
    else:
        d.gf_defender = -1
        d.gf_temps[DEFENSE] = 1                          # the farmer fights
    d.gf_jail_owner = d.building[t][JAIL]
    d.gf_stage = GS_ROUND
    if d.gf_jail_owner >= 0:
        d.phase = PH_SHERIFF
        d.current = d.gf_jail_owner
    else:
        start_shooting(d, rng)


cdef void start_shooting(WowData* d, Rng* rng) noexcept nogil:
    if side_total(d, DEFENSE) == 0:
        d.gf_temps[DEFENSE] = 1                          # the default defender (6.2 step 5)
        log(d, EV_DEFAULT_DEFENDER, -1, 0, 0)
    gf_advance(d, rng)


cdef void take_hits(WowData* d, int side, int hits) noexcept nogil:
    """6.5: temporary fighters first, then cowboys (back to their owner's supply)."""
    cdef int t = min(hits, d.gf_temps[side]), c, p
    d.gf_temps[side] -= t
    hits -= t
    p = side_player(d, side)
    if p >= 0 and hits > 0:
        c = min(hits, d.cowboys[d.gf_town][p])
        d.cowboys[d.gf_town][p] -= c
        d.cowboy_supply[p] += c


cdef int volley(WowData* d, Rng* rng, int side) noexcept nogil:
    """The side rolls one die per fighter it has now; returns the hits."""
    cdef int dice = side_total(d, side)
    cdef int hits = roll_hits(rng, dice)
    log(d, EV_VOLLEY, dice, side, hits)
    return hits


cdef void gf_advance(WowData* d, Rng* rng) noexcept nogil:
    """Run the gunfight until a side that may retreat has its moment to fire, or the fight ends."""
    cdef int a, b, side
    while d.gf_stage != GS_DONE:
        if d.gf_stage == GS_ROUND:
            a = side_total(d, ATTACK)
            b = side_total(d, DEFENSE)
            d.gf_first = ATTACK if a < b else (DEFENSE if b < a else SIMULTANEOUS)
            d.gf_shot = 0
            d.gf_stage = GS_SHOT
        side = deciding_side(d)
        if can_retreat(d, side):
            d.phase = PH_FIRE
            d.current = side_player(d, side)
            return
        fire(d, rng)


cdef void fire(WowData* d, Rng* rng) noexcept nogil:
    """The side whose moment it is fires (6.4); a simultaneous round throws once both sides have chosen."""
    cdef int shooter, other, ha, hd
    cdef bint a_out, d_out
    if d.gf_first != SIMULTANEOUS:
        shooter = deciding_side(d)
        other = 1 - shooter
        take_hits(d, other, volley(d, rng, shooter))
        if side_total(d, other) == 0:
            gf_end(d, rng, shooter)
        elif d.gf_shot == 0:
            d.gf_shot = 1
        else:
            d.gf_stage = GS_ROUND
        return
    if d.gf_shot == 0:
        d.gf_shot = 1
        return
    ha = volley(d, rng, ATTACK)
    hd = volley(d, rng, DEFENSE)
    take_hits(d, DEFENSE, ha)
    take_hits(d, ATTACK, hd)
    a_out = side_total(d, ATTACK) == 0
    d_out = side_total(d, DEFENSE) == 0
    if a_out and d_out:
        gf_end(d, rng, -1)
    elif d_out:
        gf_end(d, rng, ATTACK)
    elif a_out:
        gf_end(d, rng, DEFENSE)
    else:
        d.gf_stage = GS_ROUND


cdef void retreat(WowData* d, Rng* rng, int mask) noexcept nogil:
    """6.6: one surviving cowboy to each town of the mask; the side loses at once."""
    cdef int side = deciding_side(d), p = side_player(d, side), t
    for t in range(N_TOWNS):
        if (mask >> t) & 1:
            d.cowboys[d.gf_town][p] -= 1
            d.cowboys[t][p] += 1
    log(d, EV_RETREAT, p, side, mask)
    gf_end(d, rng, 1 - side)


cdef void gf_end(WowData* d, Rng* rng, int winner) noexcept nogil:
    """6.7-6.9: the winner's gains and the wanted token, then the attacker's turn is over."""
    cdef int t = d.gf_town, att = d.gf_attacker, owner = d.gf_defender, target = d.gf_target
    cdef int q, k, s, paid, w = -1, holders = 0, holder = -1
    d.gf_stage = GS_DONE
    d.gf_temps[ATTACK] = 0
    d.gf_temps[DEFENSE] = 0
    log(d, EV_WINNER, side_player(d, winner) if winner >= 0 else -1, winner if winner >= 0 else 2, 0)
    if winner == ATTACK:
        w = att
        if target == JAIL:
            d.building[t][JAIL] = -1
            d.bt_removed[owner][JAIL] += 1
            log(d, EV_JAIL_REMOVED, owner, t, 0)
        elif target == BANK:
            s = <int>rng_below(rng, 6) + <int>rng_below(rng, 6) + <int>rng_below(rng, 6) + 3
            paid = s if d.money[owner] >= s else d.money[owner]
            d.money[owner] -= paid
            d.money[att] += paid
            log(d, EV_ROBBERY, owner, s, paid)
            if paid < s:
                d.building[t][BANK] = -1
                d.bt_removed[owner][BANK] += 1
                log(d, EV_BANK_RUINED, owner, t, 0)
        elif target < TARGET_CATTLE:
            d.bt_supply[owner][target] += 1
            d.bt_supply[att][target] -= 1
            d.building[t][target] = att
            log(d, EV_CAPTURE, att, target, owner)
        elif target < TARGET_FARMER:
            k = (target - TARGET_CATTLE) % 2 + 1
            d.cattle[t][owner] -= k
            d.cattle_supply[owner] += k
            d.cattle[t][att] += k
            d.cattle_supply[att] -= k
            log(d, EV_RUSTLED, att, t, k)
        else:
            d.farmer_at[t] = 0
            d.farmers_removed += 1
            log(d, EV_FARMER_SHOT, -1, t, 0)
    elif winner == DEFENSE:
        w = owner                                        # -1 for the farmer: nobody takes a token
    if w >= 0:
        if d.wanted_pool > 0:
            d.wanted_pool -= 1
            d.wanted[w] += 1
            log(d, EV_WANTED, w, 0, -1)
        else:
            for q in range(d.n_players):
                if q != w and d.wanted[q] > 0:
                    holders += 1
                    holder = q
            if holders == 0:
                log(d, EV_NO_WANTED, w, 0, 0)
            elif holders == 1:
                d.wanted[holder] -= 1
                d.wanted[w] += 1
                log(d, EV_WANTED, w, 0, holder)
            else:
                d.gf_winner = winner
                d.phase = PH_WANTED
                d.current = w
                return
    end_turn(d)


# ---------------------------------------------------------------------- one action

cdef void stagecoach_pays(WowData* d, int t, int cowboys) noexcept nogil:
    """5.5: the Stagecoach of t (if any) pays its owner $1 per cowboy placed in or moved out of t."""
    cdef int owner = d.building[t][STAGECOACH]
    if owner >= 0 and cowboys > 0:
        earn(d, owner, cowboys)
        log(d, EV_STAGECOACH, owner, t, cowboys)


cdef void place_cowboy(WowData* d, int p, int t) noexcept nogil:
    d.cowboys[t][p] += 1
    d.cowboy_supply[p] -= 1


cdef int highest_empty_space(const WowData* d) noexcept nogil:
    cdef int i
    for i in range(d.n_players - 1, -1, -1):
        if d.new_order[i] == EMPTY:
            return i
    return 0


cdef void apply(WowData* d, Rng* rng, int a) noexcept nogil:
    cdef int p = d.current, n = d.n_players, t, o, m, k, kind, t2, space
    d.n_events = 0
    if d.phase == PH_PLACE:
        place_cowboy(d, p, a - A_PLACE)
        d.placed += 1
        if d.placed == START_COWBOYS * n:
            start_auction(d)
        else:
            d.current = d.order[d.placed % n]
        return
    if d.phase == PH_AUCTION or d.phase == PH_BID_MORE:
        if a == A_DROP:
            d.in_auction[p] = 0
            pay(d, p, d.bid[p])
            space = highest_empty_space(d)
            d.new_order[space] = p
            log(d, EV_DROPPED, p, space, d.bid[p])
            next_bidder(d)
        elif a == A_RAISE_MORE:
            d.bid_extra += RAISE_STEP
            d.phase = PH_BID_MORE
        else:
            d.bid[p] = d.high_bid + d.bid_extra + (a - A_RAISE + 1)
            d.high_bid = d.bid[p]
            next_bidder(d)
        return
    if d.phase == PH_SHERIFF:
        if a == A_SHERIFF_IN:
            k = ATTACK if d.gf_jail_owner == d.gf_attacker else DEFENSE
            d.gf_temps[k] += 1
            log(d, EV_SHERIFF, p, k, 0)
        start_shooting(d, rng)
        return
    if d.phase == PH_FIRE:
        if a == A_FIRE:
            fire(d, rng)
            gf_advance(d, rng)
        else:
            retreat(d, rng, a - A_RETREAT)
        return
    if d.phase == PH_WANTED:
        o = a - A_TAKE_WANTED
        d.wanted[o] -= 1
        d.wanted[p] += 1
        log(d, EV_WANTED, p, 0, o)
        end_turn(d)
        return
    # PH_ACTION
    if a == A_SKIP:
        end_turn(d)
        return
    if a < A_BUY_COWBOYS:
        a -= A_BUY_CATTLE
        t = a // 2
        k = a % 2 + 1
        d.boxes_left[BOX_CATTLE] -= 1
        pay(d, p, k)
        d.cattle[t][p] += k
        d.cattle_supply[p] -= k
    elif a < A_MOVE_COWBOYS:
        d.boxes_left[BOX_COWBOYS] -= 1
        a -= A_BUY_COWBOYS
        if a < N_TOWNS:
            pay(d, p, 1)
            place_cowboy(d, p, a)
            stagecoach_pays(d, a, 1)
        else:
            a -= N_TOWNS
            for t in range(N_TOWNS):
                for t2 in range(t, N_TOWNS):
                    if pair_index(t, t2) == a:
                        pay(d, p, 2)
                        place_cowboy(d, p, t)
                        place_cowboy(d, p, t2)
                        if t == t2:
                            stagecoach_pays(d, t, 2)
                        else:
                            stagecoach_pays(d, t, 1)
                            stagecoach_pays(d, t2, 1)
    elif a < A_MOVE_CATTLE:
        d.boxes_left[BOX_MOVE_COWBOYS] -= 1
        a -= A_MOVE_COWBOYS
        m = a % 9 + 1
        o = a // 9 // 5
        t = a // 9 % 5
        d.cowboys[o][p] -= m
        d.cowboys[t][p] += m
        stagecoach_pays(d, o, m)
    elif a < A_BUILD:
        d.boxes_left[BOX_MOVE_CATTLE] -= 1
        a -= A_MOVE_CATTLE
        m = a % 2 + 1
        o = a // 2 // 5
        t = a // 2 % 5
        d.cattle[o][p] -= m
        d.cattle[t][p] += m
    elif a < A_FARMER:
        a -= A_BUILD
        kind = a // 5
        t = a % 5
        d.boxes_left[BOX_BUILD + kind] -= 1
        pay(d, p, bt_cost(kind))
        d.building[t][kind] = p
        d.bt_supply[p][kind] -= 1
    elif a < A_GUNFIGHT:
        t = a - A_FARMER
        d.boxes_left[BOX_FARMER] -= 1
        d.farmer_at[t] = 1
        d.farmer_placed[p] = 1
    else:
        a -= A_GUNFIGHT
        d.boxes_left[BOX_GUNFIGHT] -= 1
        declare_gunfight(d, rng, p, a // N_TARGETS, a % N_TARGETS)
        return
    end_turn(d)


cdef inline bint beats(const WowData* d, const int* pts, int q, int p) noexcept nogil:
    """Does seat q finish ahead of seat p (7: points, then money, then wanted tokens)?"""
    if pts[q] != pts[p]:
        return pts[q] > pts[p]
    if d.money[q] != d.money[p]:
        return d.money[q] > d.money[p]
    return d.wanted[q] > d.wanted[p]


# ====================================================================== the state

cdef class WayOutWestState(GameState):
    """A game of Way Out West.  Create it with ``deadeye.core.new_game("way-out-west", players=3, seed=...)``.

    >>> from deadeye.core import new_game
    >>> state = new_game("way-out-west", players=3, seed=1)
    >>> state.phase, state.current_player(), state.action_label(state.legal_actions()[0])
    ('setup', 1, 'place a cowboy in San Antonia')
    """

    game = "way-out-west"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(WowData)

    # ------------------------------------------------------------------ the C path
    cdef int _current_player(self) noexcept nogil:
        return self.d.current

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.phase == PH_OVER

    cdef int _num_players(self) noexcept nogil:
        return self.d.n_players

    cdef int _legal_actions(self, int* out) noexcept nogil:
        return legal_actions_of(&self.d, out)

    cdef bint _is_legal(self, int action) noexcept nogil:
        return is_legal(&self.d, action)

    cdef void _apply(self, int action) noexcept nogil:
        apply(&self.d, &self.rng, action)

    cdef void _returns(self, double* out) noexcept nogil:
        """1 to the sole winner, 1/k to k seats sharing the victory (7: points, money, wanted tokens)."""
        cdef int pts[MAX_PLAYERS]
        cdef int p, q, n = self.d.n_players, winners = 0
        cdef bint top
        final_points(&self.d, pts)
        for p in range(n):
            top = True
            for q in range(n):
                if beats(&self.d, pts, q, p):
                    top = False
            out[p] = 1.0 if top else 0.0
            if top:
                winners += 1
        for p in range(n):
            out[p] /= winners

    cdef int _segment(self) noexcept nogil:
        return self.d.round

    cdef void _evaluate(self, double* out) noexcept nogil:
        """Projected points: section 7 now, plus the income still to come at this board and money, at $4 a point."""
        cdef int pts[MAX_PLAYERS]
        cdef int inc[MAX_PLAYERS]
        cdef double score[MAX_SEATS]
        cdef int p, n = self.d.n_players, steps = 4 - (self.d.round - 1) // 3
        if self.d.phase == PH_OVER:
            self._returns(out)
            return
        final_points(&self.d, pts)
        income_of(&self.d, inc)
        for p in range(n):
            score[p] = pts[p] + (self.d.money[p] + steps * inc[p]) / 4.0
        score_shares(score, n, 4.0, out)

    # ------------------------------------------------------------------ results
    def game_returns(self) -> list:
        """The points of section 7 per seat (as if the game ended now while it runs)."""
        cdef int pts[MAX_PLAYERS]
        final_points(&self.d, pts)
        return [float(pts[p]) for p in range(self.d.n_players)]

    def money(self) -> list:
        """Each seat's dollars."""
        return [self.d.money[p] for p in range(self.d.n_players)]

    def income(self) -> list:
        """What each seat would earn in an income step now (section 5)."""
        cdef int inc[MAX_PLAYERS]
        income_of(&self.d, inc)
        return [inc[p] for p in range(self.d.n_players)]

    def income_parts(self) -> list:
        """What each seat would earn in an income step now, by source: ``[cattle, Bank, Store, Hotel]`` lists of one
        amount per seat (``INC_*``; they add up to ``income()``)."""
        cdef int parts[N_INCOME * MAX_PLAYERS]
        income_parts(&self.d, parts)
        return [[parts[src * MAX_PLAYERS + p] for p in range(self.d.n_players)] for src in range(N_INCOME)]

    def score_parts(self) -> list:
        """The points of section 7 by rule (``SC_*``: B&T counters, cattle, town control, money, wanted tokens), one
        list of points per seat each; they add up to ``game_returns()``."""
        cdef int parts[N_SCORE * MAX_PLAYERS]
        score_parts(&self.d, parts)
        return [[parts[k * MAX_PLAYERS + p] for p in range(self.d.n_players)] for k in range(N_SCORE)]

    def town_control(self) -> list:
        """Per town (7.3): ``(size, pieces per seat, controller)``, the controller -1 when nobody has a piece there
        or the most pieces are tied."""
        cdef int t, p
        return [(town_size(&self.d, t), [self.d.cattle[t][p] + owned_in(&self.d, t, p) for p in range(self.d.n_players)],
                 town_controller(&self.d, t)) for t in range(N_TOWNS)]

    def unavailable_reasons(self) -> list:
        """Why usual options are missing for the deciding seat now (full boxes, money, pieces, the auction)."""
        from deadeye.core.way_out_west.reasons import unavailable_reasons
        return unavailable_reasons(self)

    # ------------------------------------------------------------------ Python API
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    @property
    def round(self) -> int:
        return self.d.round

    def _where(self) -> str:
        return (f"way-out-west, round {self.d.round}, {PHASE_NAMES[self.d.phase]}, pass {self.d.pass_no + 1}, "
                f"seat {self.d.current}")

    def _label(self, int action) -> str:
        return action_label(&self.d, action)

    def events(self) -> list:
        """The public events of the last action: (kind, player, a, value) tuples (EV_* in data.pxd)."""
        return [(self.d.ev_kind[i], self.d.ev_player[i], self.d.ev_a[i], self.d.ev_value[i])
                for i in range(self.d.n_events)]

    def describe_events(self) -> list:
        """``events()`` as sentences."""
        return [event_text(*e) for e in self.events()]

    def validate(self) -> str:
        """Why this state is impossible, or ''."""
        return check_data(&self.d)

    def __repr__(self):
        return (f"<WayOutWestState {self.d.n_players} players, round {self.d.round}, {PHASE_NAMES[self.d.phase]}, "
                f"seat {self.d.current}, money {self.money()}>")


def new_state(players: int = 3, seed: int = 0, first_player=None) -> WayOutWestState:
    """A new game: money and pieces (2), the first-player roll (2.3, or ``first_player``), the turn order; the first
    decision is the first player's starting cowboy (2.4)."""
    from deadeye.core.registry import seat_option
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"way-out-west is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    cdef int first = seat_option("first_player", first_player, players)
    cdef WayOutWestState state = WayOutWestState.__new__(WayOutWestState)
    cdef WowData* d = &state.d
    cdef int p, t, k, b, rolls = 0, best, count
    cdef int roll[MAX_PLAYERS]
    cdef int contender[MAX_PLAYERS]
    state.reseed(seed)
    d.n_players = players
    d.round = 1
    for p in range(players):
        d.money[p] = start_money(players)
        d.cowboy_supply[p] = COWBOYS_EACH
        d.cattle_supply[p] = CATTLE_EACH
        for k in range(N_BT):
            d.bt_supply[p][k] = BT_EACH
        contender[p] = 1
    for t in range(N_TOWNS):
        for k in range(N_BT):
            d.building[t][k] = -1
    for b in range(N_BOXES):
        d.boxes_left[b] = box_count(b, players)
    d.wanted_pool = WANTED_TOKENS
    d.gf_stage = GS_DONE
    d.gf_attacker = -1
    d.gf_defender = -1
    d.gf_jail_owner = -1
    d.gf_winner = -1
    if first < 0:
        while True:                                      # 2.3: the highest roll, the tied rolling again
            rolls += 1
            best = 0
            for p in range(players):
                if contender[p]:
                    roll[p] = <int>rng_below(&state.rng, 6) + 1
                    best = max(best, roll[p])
            count = 0
            for p in range(players):
                if contender[p] and roll[p] == best:
                    count += 1
                    first = p
                else:
                    contender[p] = 0
            if count == 1:
                break
    d.first_player = first
    for p in range(players):
        d.order[p] = (first + p) % players
        d.new_order[p] = EMPTY
    log(d, EV_FIRST_PLAYER, first, rolls, 0)
    d.phase = PH_PLACE
    d.current = first
    return state


# ====================================================================== consistency

cdef str check_data(WowData* d):
    """Why ``d`` is no state of the game, or '' (the invariants of 1.4, the turn structure, the ranges)."""
    cdef int n = d.n_players, p, t, k, total, board, held, farmers
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return f"n_players {n} is not 2..5"
    if not 1 <= d.round <= N_ROUNDS:
        return f"round {d.round} is not 1..12"
    if d.phase > PH_OVER:
        return f"phase {d.phase} is no phase"
    if (d.current == -1) != (d.phase == PH_OVER) or d.current >= n or d.current < -1:
        return f"current {d.current} does not fit phase {PHASE_NAMES[d.phase]}"
    if d.pass_no > 1 or d.turn >= n or d.placed > START_COWBOYS * n or d.first_player >= n:
        return "pass, turn, placements or first player out of range"
    held = 0
    for p in range(n):
        if d.order[p] >= n or (held >> d.order[p]) & 1:
            return f"order {[d.order[k] for k in range(n)]} is not a permutation of the seats"
        held |= 1 << d.order[p]
    held = 0
    for k in range(n):                             # the new turn order being filled by the auction (3.1)
        p = d.new_order[k]
        if p == EMPTY:
            continue
        if p >= n or (held >> p) & 1 or d.in_auction[p]:
            return f"new_order {[d.new_order[t] for t in range(MAX_PLAYERS)]} is not a partial order of the seats " \
                   f"out of the auction"
        held |= 1 << p
    total = d.treasury
    for p in range(n):
        if d.money[p] < 0:
            return f"seat {p} has ${d.money[p]}"
        total += d.money[p]
    if total != start_money(n) * n:
        return f"money plus treasury is {total}, not {start_money(n) * n}"
    held = d.wanted_pool
    farmers = d.farmers_removed
    for p in range(n):
        board = d.cowboy_supply[p]
        for t in range(N_TOWNS):
            board += d.cowboys[t][p]
        if board != COWBOYS_EACH:
            return f"seat {p}'s cowboys add up to {board}, not {COWBOYS_EACH}"
        board = d.cattle_supply[p]
        for t in range(N_TOWNS):
            board += d.cattle[t][p]
        if board != CATTLE_EACH:
            return f"seat {p}'s cattle add up to {board}, not {CATTLE_EACH}"
        for k in range(N_BT):
            board = d.bt_supply[p][k] + d.bt_removed[p][k]
            for t in range(N_TOWNS):
                if d.building[t][k] == p:
                    board += 1
            if board != BT_EACH:
                return f"seat {p}'s B&T counters of type {k} add up to {board}, not {BT_EACH}"
        if d.farmer_placed[p] > 1 or d.in_auction[p] > 1:
            return f"seat {p}: a flag is not 0 or 1"
        held += d.wanted[p]
        farmers += 1 - d.farmer_placed[p]
    for p in range(n, MAX_PLAYERS):
        board = d.money[p] + d.cowboy_supply[p] + d.cattle_supply[p] + d.wanted[p] + d.bid[p] + d.farmer_placed[p]
        board += d.in_auction[p]
        for k in range(N_BT):
            board += d.bt_supply[p][k] + d.bt_removed[p][k]
        for t in range(N_TOWNS):
            board += d.cowboys[t][p] + d.cattle[t][p]
        if board != 0:
            return f"seat {p} is not in a {n}-player game but holds something"
    if held != WANTED_TOKENS:
        return f"wanted tokens add up to {held}, not {WANTED_TOKENS}"
    for t in range(N_TOWNS):
        if d.farmer_at[t] > 1:
            return f"town {t} holds {d.farmer_at[t]} farmers"
        farmers += d.farmer_at[t]
        if town_size(d, t) > town_spaces(t):
            return f"town {t} has more counters than building spaces"
        if cattle_in(d, t) > town_corrals(t):
            return f"town {t} has more cattle than corrals"
        for k in range(N_BT):
            if not -1 <= d.building[t][k] < n:
                return f"building[{t}][{k}] = {d.building[t][k]} is no owner"
        for p in range(n):
            if owned_in(d, t, p) > 2:
                return f"seat {p} owns more than two counters in town {t}"
    if farmers != n:
        return f"farmers add up to {farmers}, not {n}"
    for k in range(N_BOXES):
        if d.boxes_left[k] > box_count(k, n):
            return f"boxes_left[{k}] = {d.boxes_left[k]} exceeds the board's {box_count(k, n)}"
    if d.phase == PH_PLACE:                        # 2.4: seat order[k] places its (placed // n + 1)-th cowboy
        if d.round != 1 or d.pass_no or d.placed >= START_COWBOYS * n or d.current != d.order[d.placed % n]:
            return f"a setup placement out of turn ({d.placed} placed, seat {d.current} to place)"
        for k in range(n):
            if COWBOYS_EACH - d.cowboy_supply[d.order[k]] != d.placed // n + (k < d.placed % n):
                return f"seat {d.order[k]} has not placed as many cowboys as the setup has gone round"
    elif d.placed != START_COWBOYS * n:
        return f"phase {PHASE_NAMES[d.phase]} before the {START_COWBOYS * n} setup placements are done"
    if d.phase == PH_AUCTION or d.phase == PH_BID_MORE:
        if d.bidder >= n or not d.in_auction[d.order[d.bidder]] or d.current != d.order[d.bidder]:
            return "the bidder is not a player still in the auction"
        if d.bid_extra < 0 or d.bid_extra % RAISE_STEP or (d.phase == PH_AUCTION) != (d.bid_extra == 0):
            return f"bid_extra {d.bid_extra} does not fit the phase"
        if d.phase == PH_BID_MORE and d.high_bid + d.bid_extra + 1 > d.money[d.current]:
            return "a raise being built cannot be completed"
        for p in range(n):
            if d.bid[p] < 0 or d.bid[p] > d.high_bid:
                return "a bid is negative or above the high bid"
    if d.phase == PH_SHERIFF or d.phase == PH_FIRE or d.phase == PH_WANTED:
        if not 0 <= d.gf_attacker < n or d.gf_town >= N_TOWNS or d.gf_target >= N_TARGETS:
            return "a gunfight decision without a gunfight"
        if d.phase == PH_FIRE and d.gf_stage != GS_SHOT:
            return "a moment to fire outside the shooting"
        if d.gf_defender >= n or d.gf_defender < -1:
            return f"gf_defender {d.gf_defender} is no seat"
        if d.gf_first > SIMULTANEOUS or d.gf_shot > 1 or d.gf_stage > GS_DONE:
            return "the gunfight's order of fire is out of range"
        if (d.gf_target >= TARGET_FARMER) != (d.gf_defender == -1) or d.gf_defender == d.gf_attacker:
            return f"gf_defender {d.gf_defender} does not defend target {d.gf_target}"
    if d.n_events > MAX_EVENTS:
        return f"n_events {d.n_events} > {MAX_EVENTS}"
    return ""
