"""Way Out West: a fast rule-based player, the ``heuristic`` bot and a rollout policy.

It scores each legal action in points-equivalents (a point is worth about $4, and income is counted for the income
steps still to come) and plays the best, ties broken at random:

- bids: raise by $1 while the bid stays within a small cap (about a tenth of its money plus one), else drop out;
- cattle where they earn the most (a Train doubles, a farmer halves), buildings where they pay (a Bank in a full
  town, a Store beside others' cattle, a Hotel beside others' cowboys, a Train under its own herd), counting the
  points each counter scores at the end, minus their cost;
- cowboys when it has few on the board, spread to towns where it could then buy cattle;
- gunfights when the odds are good (its side at least 1.5 times the defense) and the prize worth the risk;
- the sheriff always on its side, retreat when its side is at most half the other's, a wanted token from the leader.
"""
from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, Policy, MAX_ACTIONS, WEIGHT_DRAWS, consider_action, sampled_weights
from deadeye.core.way_out_west.data cimport *
from deadeye.core.way_out_west.state cimport WayOutWestState, legal_actions_of


cdef inline double cattle_value(const WowData* d, int t, double steps) noexcept nogil:
    """What one cattle counter in t is worth from now: its income to come and its final points."""
    cdef double base = 1.0 if d.farmer_at[t] else 2.0
    cdef double pts = 1.0
    if d.building[t][TRAIN] >= 0:
        base *= 2.0
        pts = 2.0
    if d.farmer_at[t]:
        pts -= 1.0
    return base * steps / 4.0 + pts


cdef inline bint cattle_town(const WowData* d, int p, int t) noexcept nogil:
    """Could p buy cattle in t once a cowboy is there?"""
    cdef int c = 0, q
    for q in range(d.n_players):
        c += d.cattle[t][q]
    if c >= town_corrals(t):
        return False
    if t == 0:
        return True
    c = 0
    for q in range(d.n_players):
        c += d.cattle[t - 1][q]
    return c > 0


cdef double build_value(const WowData* d, int p, int kind, int t, double steps) noexcept nogil:
    cdef int q, size = town_size(d, t) + 1, others = 0
    cdef double v = size + owned_in(d, t, p)          # its own points, and one more for his other counter there
    if kind == BANK:
        v += 2.0 * size * steps / 4.0
    elif kind == STORE:
        for q in range(d.n_players):
            if q != p:
                others += d.cattle[t][q]
        v += (others + 2.0 * d.farmer_at[t]) * steps / 4.0
    elif kind == HOTEL:
        for q in range(d.n_players):
            if q != p:
                others += d.cowboys[t][q]
        v += others * steps / 4.0
    elif kind == TRAIN:
        v += d.cattle[t][p] * (cattle_value(d, t, steps) * 2.0 - cattle_value(d, t, steps)) \
            - 0.5 * (cattle_in(d, t) - d.cattle[t][p])
    elif kind == STAGECOACH:
        v += 0.5 * steps
    if d.money[p] - bt_cost(kind) < 2:
        v -= 2.0
    return v - bt_cost(kind) / 4.0


cdef double gunfight_value(const WowData* d, int p, int t, int target, double steps) noexcept nogil:
    cdef double att = d.cowboys[t][p], dfn = 0.0, prize, win
    cdef int owner = -1, k
    if d.building[t][JAIL] == p:
        att += 1.0
    elif d.building[t][JAIL] >= 0:
        dfn += 1.0
    if target < TARGET_CATTLE:
        owner = d.building[t][target]
        dfn += d.cowboys[t][owner]
        if target == BANK or target == TRAIN:
            dfn += 1.0
        if target == BANK:
            prize = min(10.5, <double>d.money[owner]) / 2.0
        elif target == JAIL:
            prize = town_size(d, t) * 0.5
        else:
            prize = 2.0 * town_size(d, t)
    elif target < TARGET_FARMER:
        owner = (target - TARGET_CATTLE) // 2
        k = (target - TARGET_CATTLE) % 2 + 1
        dfn += d.cowboys[t][owner]
        prize = 2.0 * k * cattle_value(d, t, steps)
    else:
        dfn += 1.0
        prize = d.cattle[t][p] * 1.0 - 0.5
    if dfn < 1.0:
        dfn = 1.0
    if att < 1.5 * dfn:
        return -1.0
    win = att * att / (att * att + dfn * dfn)
    return win * (prize + 1.0) - (1.0 - win) * 1.0 - dfn / 3.0 * 0.5


cdef int fire_or_retreat(WowData* d, int* buf, int n) noexcept nogil:
    """Fire, unless the side is at most half the other's: then retreat (the first legal mask)."""
    cdef int side, mine, theirs, p, q, i
    if d.gf_first == SIMULTANEOUS:
        side = ATTACK if d.gf_shot == 0 else DEFENSE
    else:
        side = d.gf_first if d.gf_shot == 0 else 1 - d.gf_first
    p = d.gf_attacker if side == ATTACK else d.gf_defender
    q = d.gf_defender if side == ATTACK else d.gf_attacker
    mine = d.cowboys[d.gf_town][p] + d.gf_temps[side]
    theirs = d.gf_temps[1 - side] + (d.cowboys[d.gf_town][q] if q >= 0 else 0)
    if 2 * mine > theirs:
        return A_FIRE
    for i in range(n):
        if buf[i] != A_FIRE:
            return buf[i]
    return A_FIRE


cdef class WayOutWestHeuristic(Policy):
    """The rule-based Way Out West player (see the module docstring)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef WowData* d = &(<WayOutWestState>state).d
        cdef int buf[MAX_ACTIONS]
        cdef int n = legal_actions_of(d, buf), i, a, p = d.current, t, o, m, k, choice = buf[0], ties = 0, mine
        cdef int on_board = 0, q, cap
        cdef double best = -1e9, v, steps = 4 - (d.round - 1) // 3
        if n == 1:
            return buf[0]
        if d.phase == PH_PLACE:
            for i in range(n):
                t = buf[i] - A_PLACE
                v = (3.0 - t) if t < 3 and d.cowboys[t][p] == 0 else -t
                consider_action(v, buf[i], &best, &choice, &ties, rng)
            return choice
        if d.phase == PH_AUCTION or d.phase == PH_BID_MORE:
            cap = 1 + d.money[p] // 10 + <int>rng_below(rng, 2)
            if d.phase == PH_BID_MORE or d.high_bid + 1 <= cap:
                return A_RAISE
            return A_DROP
        if d.phase == PH_SHERIFF:
            return A_SHERIFF_IN
        if d.phase == PH_FIRE:
            return fire_or_retreat(d, buf, n)
        if d.phase == PH_WANTED:
            for i in range(n):
                consider_action(d.wanted[buf[i] - A_TAKE_WANTED], buf[i], &best, &choice, &ties, rng)
            return choice
        for t in range(N_TOWNS):
            on_board += d.cowboys[t][p]
        for i in range(n):
            a = buf[i]
            if a == A_SKIP:
                v = 0.0
            elif a < A_BUY_COWBOYS:
                t = (a - A_BUY_CATTLE) // 2
                k = (a - A_BUY_CATTLE) % 2 + 1
                v = k * (cattle_value(d, t, steps) - 0.25)
            elif a < A_MOVE_COWBOYS:
                k = 1 if a < A_BUY_COWBOYS + N_TOWNS else 2
                v = (1.2 if on_board < 5 else 0.1) * k
                if k == 1:
                    t = a - A_BUY_COWBOYS
                    v += 0.5 if cattle_town(d, p, t) and d.cowboys[t][p] == 0 else 0.0
            elif a < A_MOVE_CATTLE:
                o = (a - A_MOVE_COWBOYS) // 9 // 5
                t = (a - A_MOVE_COWBOYS) // 9 % 5
                m = (a - A_MOVE_COWBOYS) % 9 + 1
                v = 0.6 if m == 1 and d.cowboys[o][p] > 1 and d.cowboys[t][p] == 0 and cattle_town(d, p, t) else -1.0
            elif a < A_BUILD:
                o = (a - A_MOVE_CATTLE) // 2 // 5
                t = (a - A_MOVE_CATTLE) // 2 % 5
                m = (a - A_MOVE_CATTLE) % 2 + 1
                v = m * (cattle_value(d, t, steps) - cattle_value(d, o, steps)) - 0.2
            elif a < A_FARMER:
                v = build_value(d, p, (a - A_BUILD) // 5, (a - A_BUILD) % 5, steps)
            elif a < A_GUNFIGHT:
                t = a - A_FARMER
                mine = d.cattle[t][p]
                v = (cattle_in(d, t) - 2 * mine) * 0.5 * (steps / 4.0 + 1.0) - 0.5
                if d.building[t][STORE] == p:
                    v += 2.0 * steps / 4.0
            else:
                t = (a - A_GUNFIGHT) // N_TARGETS
                v = gunfight_value(d, p, t, (a - A_GUNFIGHT) % N_TARGETS, steps)
            consider_action(v, a, &best, &choice, &ties, rng)
        return choice

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Estimated from a few choices: its only randomness is breaking ties between equal values."""
        sampled_weights(self, state, actions, n, out, rng, WEIGHT_DRAWS)
