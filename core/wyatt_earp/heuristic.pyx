"""Wyatt Earp: a fast rule-based player, the rollout policy of the search (rules: ../shared/rules/wyatt-earp.md, §).

What it may look at (and nothing else): the deciding seat's own hand, and the public table - tableaus, Hideouts,
the Fastest Gun, posters, money, opened outlaws, hand sizes, the cards publicly known to be in other hands and the
"none" answers to Wanted (§12.4), the draw pile's size, the discard pile's top card and, when no search the seat
did not see has touched it, the discard pile's contents (§12.1, 12.2).  It never reads another hand or the draw
pile, and its only randomness is tie-breaking from the generator it is given, so two states of the same
information set get the same answer.

Every option is priced in dollars by a one-outlaw projection: the payout of §10 if that outlaw were scored with the
changed capture points and reward, counted as the seat's share minus the opponents' share (the richest opponent
weighs double); an outlaw below the 8-CP threshold (§10.2) is discounted instead of worthless, since more cards come.

- Draw: two cards, unless the discard pile's top is worth more than TAKE_MIN this very turn (it completes or
  extends a meld on a rich poster, or is a sheriff card with a strong play).  A taken card is always used that turn,
  so no two seats can pass a card back and forth forever.  (In self-play, taking every card that completes a set
  lost to drawing two: 46% against 50%; two unknown cards are worth a lot.)  After the reshuffle, drawing from a
  short pile ends the round (E3): done only when scoring now pays the seat at least as much as anyone.
- Play: meld every opening set (richest poster first), add cards to opened outlaws where the projection improves,
  then the single most valuable sheriff play (Photo, Stagecoach / Bank Robbery / Fastest Gun on the group where it
  changes most, Hideout on the opponent group that hurts most, Wanted mode 1 for the outlaw it is one card short
  of, Wanted mode 2, Wyatt Earp mode 3 on its own hidden group, mode 2 when the known pile holds something good),
  then end the play step.  Targets after a shot, searches and the immediate play are priced the same way.
- Windows: always play the Photo and always defend against a Hideout (free plays out of turn).
- Discard: the card worth least to keep (hopeless outlaws, sheriff cards with no use), holding back cards the next
  seat collects.
"""
from libc.math cimport exp

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, Policy, MAX_ACTIONS, WEIGHT_DRAWS, consider_action, sampled_weights
from deadeye.core.wyatt_earp.data cimport *
from deadeye.core.wyatt_earp.state cimport WyattEarpState


cdef double P_HIT = 0.62          # a shot hits: 49 outlaw cards of 78 (§1.1, §6)
cdef double PLAY_MIN = 250.0      # a sheriff play must be worth this much (dollars) to be made now
cdef double TAKE_MIN = 2500.0     # what the discard pile's top must be worth to beat two unknown cards
cdef double UNCAPTURED = 0.35     # weight of an outlaw still below the 8-CP threshold (§10.2)
cdef double NEG = -1e18


cdef struct Ctx:
    WyattEarpData* d
    int me                              # the deciding seat
    int n                               # players
    int rich                            # the richest opponent (weighs double in every price)
    bint pile_known                     # the seat knows the discard pile's contents exactly (no unseen search)
    int pile[N_TYPES]                   # cards of each type the seat knows to be in the discard pile
    int hidden_n[MAX_PLAYERS]           # cards of each hand the seat cannot name
    int unseen_n                        # cards the seat cannot place: the draw pile and the unnamed hand cards
    int cp[MAX_PLAYERS][N_OUTLAWS]      # CP now (0 under a Hideout, §7.6)
    int raw[MAX_PLAYERS][N_OUTLAWS]     # CP as if no Hideout were there
    bint hid[MAX_PLAYERS][N_OUTLAWS]    # the group carries a Hideout
    double now[N_OUTLAWS]               # price of each outlaw as it stands


# ====================================================================== pricing

cdef double _price(Ctx* c, const int* col, int reward) noexcept nogil:
    """What one outlaw with capture points ``col`` (per seat) and ``reward`` is worth to the deciding seat."""
    cdef int paid[MAX_PLAYERS]
    cdef int p, total = 0, others = 0
    cdef double v
    share_reward(col, c.n, reward, paid)
    for p in range(c.n):
        total += col[p]
        if p != c.me:
            others += paid[p]
    v = paid[c.me] - (others + paid[c.rich]) / <double>c.n
    return v if total >= 8 else UNCAPTURED * v


cdef inline void _col(Ctx* c, int x, int* col) noexcept nogil:
    cdef int p
    for p in range(c.n):
        col[p] = c.cp[p][x]


cdef double _meld_delta(Ctx* c, int x, int k) noexcept nogil:
    """Melding ``k`` cards of ``x`` (§5: an opening set adds (k - 1) x $1000, a later meld k x $1000)."""
    cdef int col[MAX_PLAYERS]
    _col(c, x, col)
    if not c.hid[c.me][x]:
        col[c.me] += 2 * k
    return _price(c, col, c.d.poster[x] + 1000 * (k if c.d.opened[x] else k - 1)) - c.now[x]


cdef double _photo_delta(Ctx* c, int x) noexcept nogil:
    cdef int col[MAX_PLAYERS]
    _col(c, x, col)
    if not c.hid[c.me][x]:
        col[c.me] += 4
    return _price(c, col, c.d.poster[x] + 1000) - c.now[x]


cdef double _attach_delta(Ctx* c, int card, int x) noexcept nogil:
    """A successful Stagecoach Robbery / Bank Robbery / Fastest Gun on the own group for ``x`` (§7.2-7.4)."""
    cdef int col[MAX_PLAYERS]
    cdef int fo = c.d.fg_outlaw, fs = c.d.fg_seat
    cdef double v
    _col(c, x, col)
    if not c.hid[c.me][x]:
        col[c.me] += 1 if card == STAGECOACH else 2 if card == BANK else 3
    v = _price(c, col, c.d.poster[x] + (3000 if card == STAGECOACH else 1000)) - c.now[x]
    if card == FASTEST and fo >= 0 and fo != x and fs >= 0:   # the previous Fastest Gun leaves play
        _col(c, fo, col)
        if not c.hid[fs][fo]:
            col[fs] -= 3
        v += _price(c, col, c.d.poster[fo]) - c.now[fo]
    return v


cdef double _hideout_delta(Ctx* c, int p, int x) noexcept nogil:
    cdef int col[MAX_PLAYERS]
    _col(c, x, col)
    col[p] = 0
    return _price(c, col, c.d.poster[x]) - c.now[x]


cdef double _wanted_delta(Ctx* c, int p, int x) noexcept nogil:
    """Wanted mode 2 takes one X card from (P, X) (§7.5, orphan rule §7.8), which the seat then melds (+$1000)."""
    cdef int col[MAX_PLAYERS]
    _col(c, x, col)
    if c.d.outlaws[p][x] == 1:
        col[p] = 4 * c.d.photo[p][x]
    elif not c.hid[p][x]:
        col[p] -= 2
    if not c.hid[c.me][x]:
        col[c.me] += 2
    return _price(c, col, c.d.poster[x] + 1000) - c.now[x]


cdef double _unhide_delta(Ctx* c, int x) noexcept nogil:
    cdef int col[MAX_PLAYERS]
    _col(c, x, col)
    col[c.me] = c.raw[c.me][x]
    return _price(c, col, c.d.poster[x]) - c.now[x]


cdef int _unseen(Ctx* c, int x) noexcept nogil:
    """Outlaw cards of ``x`` the seat cannot place (draw pile or unnamed hand cards)."""
    cdef WyattEarpData* d = c.d
    cdef int p, u = 7 - d.hand[c.me][x] - c.pile[x]
    for p in range(c.n):
        u -= d.outlaws[p][x]
        if p != c.me:
            u -= d.known[p][x]
    return u if u > 0 else 0


cdef double _hold_outlaw(Ctx* c, int x, int h) noexcept nogil:
    """What holding ``h`` cards of outlaw ``x`` is worth: the meld they allow, or a share of a future opening set."""
    cdef double v, f
    cdef int need, u
    if h <= 0:
        return 0.0
    if c.d.opened[x] or h >= 3:
        v = _meld_delta(c, x, h)
        return v if v > 0 else 0.0
    need = 3 - h
    u = _unseen(c, x)
    if u < need:
        return 0.0
    f = 0.4 if h == 2 else 0.12
    if u < 2 * need:
        f *= u / (2.0 * need)
    v = _meld_delta(c, x, 3)
    return f * v if v > 0 else 0.0


cdef double _wanted1_value(Ctx* c, int a) noexcept nogil:
    """Wanted mode 1 (§7.5): the chance somebody in that direction gives an X card, times what one more X is worth."""
    cdef WyattEarpData* d = c.d
    cdef int x = (a - A_WANTED1) // 2, step = 1 if (a - A_WANTED1) % 2 == 0 else c.n - 1
    cdef int h = d.hand[c.me][x], u, p, i
    cdef double gain, miss = 1.0, q
    gain = _hold_outlaw(c, x, h + 1) - _hold_outlaw(c, x, h)
    if gain <= 0:
        return gain
    u = _unseen(c, x)
    p = c.me
    for i in range(c.n - 1):
        p = (p + step) % c.n
        if d.known[p][x] > 0:
            q = 1.0
        elif hidden_could_be(d, p, x) == 0 or u == 0 or c.unseen_n <= 0:
            q = 0.0
        else:
            q = 1.0 - exp(-c.hidden_n[p] * u / <double>c.unseen_n)
        miss *= 1.0 - q
        if miss <= 0.0:
            break
    return (1.0 - miss) * gain


cdef double _play_value(WyattEarpState st, Ctx* c, int a) noexcept nogil:
    """Expected dollars of playing the sheriff action ``a`` now (shots weighted by P_HIT, best target assumed)."""
    cdef WyattEarpData* d = c.d
    cdef int x, p, t, card
    cdef double best = NEG, v
    if A_PHOTO <= a < A_STAGECOACH:
        return _photo_delta(c, a - A_PHOTO)
    if a == A_STAGECOACH or a == A_BANK or a == A_FASTEST:
        card = STAGECOACH if a == A_STAGECOACH else BANK if a == A_BANK else FASTEST
        for x in range(N_OUTLAWS):
            if _has_group(d, c.me, x) and (card != FASTEST or x != d.fg_outlaw):
                v = _attach_delta(c, card, x)
                if v > best:
                    best = v
        return P_HIT * best if best > NEG else NEG
    if a == A_HIDEOUT:
        for p in range(c.n):
            if p != c.me:
                for x in range(N_OUTLAWS):
                    if _has_group(d, p, x) and not c.hid[p][x]:
                        v = _hideout_delta(c, p, x)
                        if v > best:
                            best = v
        return 0.85 * P_HIT * best if best > NEG else NEG    # the victim may defend (§7.7)
    if A_WANTED1 <= a < A_WANTED2:
        return _wanted1_value(c, a)
    if a == A_WANTED2:
        for p in range(c.n):
            if p != c.me:
                for x in range(N_OUTLAWS):
                    if d.outlaws[p][x] > 0:
                        v = _wanted_delta(c, p, x)
                        if v > best:
                            best = v
        return P_HIT * best if best > NEG else NEG
    if a == A_WYATT3:
        for x in range(N_OUTLAWS):
            if c.hid[c.me][x]:
                v = _unhide_delta(c, x)
                if v > best:
                    best = v
        return P_HIT * best if best > NEG else NEG
    if a == A_WYATT2 and c.pile_known:                     # a search is worth its best find, minus the Wyatt Earp
        for t in range(WYATT):
            if c.pile[t] > 0:
                v = _take_value(st, c, t)
                if v > best:
                    best = v
        return 0.9 * best - 600.0 if best > NEG else NEG
    return NEG                                             # Wyatt Earp mode 1: two more cards are rarely worth it


cdef double _sheriff_value(WyattEarpState st, Ctx* c, int card) noexcept nogil:
    """The best play of sheriff ``card`` now (NEG when it has none)."""
    cdef int buf[32]
    cdef int n = st._sheriff_plays(c.me, card, buf), i
    cdef double best = NEG, v
    for i in range(n):
        v = _play_value(st, c, buf[i])
        if v > best:
            best = v
    return best


cdef double _take_value(WyattEarpState st, Ctx* c, int t) noexcept nogil:
    """Gaining card ``t`` now (the draw step's discard top, a search)."""
    cdef WyattEarpData* d = c.d
    cdef int h, x
    cdef double v
    if t < PHOTO:
        h = d.hand[c.me][t]
        return _hold_outlaw(c, t, h + 1) - _hold_outlaw(c, t, h)
    if t == WYATT:
        return 300.0
    if t < STAGECOACH and not d.opened[t - PHOTO]:
        return 300.0 + 300.0 * d.hand[c.me][t - PHOTO]
    v = _sheriff_value(st, c, t)
    return v if v > 0 else 0.0


cdef double _top_value(WyattEarpState st, Ctx* c, int t) noexcept nogil:
    """Taking the discard pile's top card ``t`` at the draw step: only for a use this very turn (a meld it allows,
    or a sheriff play), so that a taken card never goes straight back - a round always moves on."""
    cdef WyattEarpData* d = c.d
    cdef int h, k, k0
    cdef double v, v0
    if t < PHOTO:
        h = d.hand[c.me][t]
        k = h + 1 if h + 1 < d.hand_n[c.me] else d.hand_n[c.me]      # what may go down, keeping a card (§4.2)
        k0 = h if h < d.hand_n[c.me] - 1 else d.hand_n[c.me] - 1     # what could go down without it
        if not d.opened[t] and k < 3:
            return 0.0
        v = _meld_delta(c, t, k)
        v0 = 0.0
        if k0 > 0 and (d.opened[t] or k0 >= 3):
            v0 = _meld_delta(c, t, k0)
        if v0 < 0:
            v0 = 0.0
        return v - v0
    if t == WYATT or (t < STAGECOACH and not d.opened[t - PHOTO]):
        return 0.0
    v = _sheriff_value(st, c, t)
    return v if v > 0 else 0.0


cdef double _keep_value(WyattEarpState st, Ctx* c, int t) noexcept nogil:
    """What keeping one card of type ``t`` from the hand is worth (the discard drops the cheapest)."""
    cdef WyattEarpData* d = c.d
    cdef int h = d.hand[c.me][t], x = -1, left = (c.me + 1) % c.n, p
    cdef double v, floor
    if t < PHOTO:
        x = t
        v = _hold_outlaw(c, t, h) - _hold_outlaw(c, t, h - 1)
    elif t == WYATT:
        v = 600.0 if h == 1 else 150.0
        for x in range(N_OUTLAWS):
            if c.hid[c.me][x]:
                v += 400.0
        x = -1
    else:
        if t < STAGECOACH:
            x = t - PHOTO
            floor = 100.0 if d.opened[x] else 300.0 + 300.0 * d.hand[c.me][x]
        elif t == STAGECOACH:
            floor = 900.0
        elif t == FASTEST:
            floor = 600.0
        elif t == WANTED:
            floor = 500.0
        else:
            floor = 400.0
        v = _sheriff_value(st, c, t)
        if v < floor:
            v = floor
        if h > 1:
            v *= 0.7                                       # one sheriff card a turn: copies wait
    if x >= 0:                                             # do not feed the next seat (it may take the top card)
        if d.opened[x] and _has_group(d, left, x):
            v += 300.0
        elif t < PHOTO and not d.opened[x] and d.known[left][x] >= 2:
            v += 400.0
    return v


cdef bint _round_end_pays(Ctx* c) noexcept nogil:
    """Scoring now (§10) gives the seat at least as much as any opponent."""
    cdef int paid[MAX_PLAYERS]
    cdef int gain[MAX_PLAYERS]
    cdef int col[MAX_PLAYERS]
    cdef int p, x, total
    for p in range(c.n):
        gain[p] = 0
    for x in range(N_OUTLAWS):
        _col(c, x, col)
        total = 0
        for p in range(c.n):
            total += col[p]
        if total < 8:
            continue
        share_reward(col, c.n, c.d.poster[x], paid)
        for p in range(c.n):
            gain[p] += paid[p]
    for p in range(c.n):
        if p != c.me and gain[p] > gain[c.me]:
            return False
    return True


# ====================================================================== the player

cdef void _init(Ctx* c, WyattEarpData* d) noexcept nogil:
    cdef int p, x, t, i, best = -1
    cdef int col[MAX_PLAYERS]
    c.d = d
    c.me = d.decider
    c.n = d.n_players
    c.rich = (c.me + 1) % c.n
    for p in range(c.n):
        if p != c.me and d.money[p] > best:
            best = d.money[p]
            c.rich = p
    c.pile_known = True
    for i in range(d.n_searches):
        if not (d.search_known[i] >> c.me) & 1:
            c.pile_known = False
    for t in range(N_TYPES):
        c.pile[t] = 0
    if c.pile_known:
        for i in range(d.discard_n):
            c.pile[d.discard[i]] += 1
    elif d.discard_n > 0:
        c.pile[d.discard[d.discard_n - 1]] = 1
    c.unseen_n = d.draw_n
    for p in range(c.n):
        c.hidden_n[p] = 0
        if p != c.me:
            c.hidden_n[p] = d.hand_n[p] - sum_row(d.known[p])
            if c.hidden_n[p] < 0:
                c.hidden_n[p] = 0
            c.unseen_n += c.hidden_n[p]
        for x in range(N_OUTLAWS):
            c.hid[p][x] = _has_hideout(d, p, x)
            c.raw[p][x] = _raw_capture_points(d, p, x)
            c.cp[p][x] = 0 if c.hid[p][x] else c.raw[p][x]
    for x in range(N_OUTLAWS):
        _col(c, x, col)
        c.now[x] = _price(c, col, d.poster[x])


cdef int _decide(WyattEarpState st, Rng* rng) noexcept nogil:
    cdef WyattEarpData* d = &st.d
    cdef int buf[MAX_ACTIONS]
    cdef int n = st._legal_actions(buf), i, a, x, k, hi, choice, ties = 0, me = d.decider
    cdef double best = NEG, v
    cdef Ctx c
    if n <= 1:
        return buf[0]
    if d.phase == PH_DEFENCE:                              # §7.7: one free attempt, always worth it
        return A_DEFEND
    if d.phase == PH_PHOTO_WINDOW:                         # §7.1: a free play out of turn, always taken (in
        return A_PHOTO + d.window_outlaw                   # self-play as good as pricing it, and simpler)
    _init(&c, d)
    choice = buf[0]
    if d.phase == PH_DRAW:
        if d.reshuffled and d.draw_n < 2:                  # the draw pile would end the round (§8, E3)
            return A_DRAW_PILE if _round_end_pays(&c) else A_DRAW_DISCARD
        if _top_value(st, &c, d.discard[d.discard_n - 1]) >= TAKE_MIN:
            return A_DRAW_DISCARD
        return A_DRAW_PILE
    for i in range(n):
        a = buf[i]
        if d.phase == PH_PLAY:
            if a == A_END_PLAY:
                v = 0.0
            elif A_MELD <= a < A_PHOTO:
                x = (a - A_MELD) // 7
                k = (a - A_MELD) % 7 + 1
                hi = d.hand[me][x]
                if hi > d.hand_n[me] - 1:
                    hi = d.hand_n[me] - 1
                if k != hi:                                # meld all that may go down at once
                    v = -1.0
                elif not d.opened[x]:
                    v = 1e7 + d.poster[x]                  # opening sets first, richest poster first
                else:
                    v = _meld_delta(&c, x, k)
                    v = 1e6 + v if v > 0 else -1.0
            else:
                v = _play_value(st, &c, a)
                if v < PLAY_MIN:
                    v = -1.0
        elif d.phase == PH_TARGET:
            if A_OWN_GROUP <= a < A_OPP_GROUP:
                v = _attach_delta(&c, d.pending, a - A_OWN_GROUP)
            elif A_OPP_GROUP <= a < A_REMOVE_HIDEOUT:
                if d.pending == HIDEOUT:
                    v = _hideout_delta(&c, (a - A_OPP_GROUP) // 7, (a - A_OPP_GROUP) % 7)
                else:
                    v = _wanted_delta(&c, (a - A_OPP_GROUP) // 7, (a - A_OPP_GROUP) % 7)
            else:
                v = _unhide_delta(&c, a - A_REMOVE_HIDEOUT)
        elif d.phase == PH_SEARCH:
            v = _take_value(st, &c, a - A_TAKE)
        elif d.phase == PH_IMMEDIATE:
            v = PLAY_MIN if a == A_KEEP else _play_value(st, &c, a)
        elif d.phase == PH_DISCARD:
            v = -_keep_value(st, &c, a - A_DISCARD)
        else:
            v = 0.0
        consider_action(v, a, &best, &choice, &ties, rng)
    return choice


cdef class WyattEarpHeuristic(Policy):
    """A fast rule-based Wyatt Earp player (see the module docstring); ``choose(state, seed)`` from Python.

    >>> from deadeye.core import new_game
    >>> state = new_game("wyatt-earp", players=3, seed=1)
    >>> WyattEarpHeuristic().choose(state, 0) in state.legal_actions()
    True
    """

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        return _decide(<WyattEarpState>state, rng)

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Estimated from a few choices: its only randomness is breaking ties between equal values."""
        sampled_weights(self, state, actions, n, out, rng, WEIGHT_DRAWS)
