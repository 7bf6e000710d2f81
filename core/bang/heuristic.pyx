"""BANG!: a fast rule-based player, the ``heuristic`` bot and a rollout policy.

It reads only what the deciding seat knows: its own role and hand, the revealed roles and the public table (never
another seat's hidden role or hand), and scores each legal action, ties broken at random:

- who is an enemy (``hostility``), from the roles it knows and the table's public suspicion record (``suspicion`` in
  data.pxd: who attacked or helped the Sheriff, and those who did): an Outlaw goes for the Sheriff, then for the
  seats that protect him, and spares the seats that attacked him; the Sheriff and the Deputies go for the most
  suspicious unknown seats and spare those that protect the Sheriff; the Renegade keeps the balance: he goes for
  the stronger side first (the suspects while the Outlaws are a danger, then the Sheriff's protectors), treats no
  seat as a friend and spares the Sheriff until the two of them are left;
- phase 2: put useful blue cards into play (a longer weapon, Barrel, Mustang, Scope), drink a Beer when hurt, draw
  (Stagecoach, Wells Fargo, General Store), then attack an enemy (BANG!, Duel, Panic!, Cat Balou, Jail, Gatling
  and Indians! when the enemies outnumber the friends), buy black equipment it can pay for, and end the phase;
- replies: Barrel and Jourdonnais first, then a Missed! when it has one, a BANG! in a Duel or against Indians!, every
  save in a dying window; a General Store pick, a discard and Kit Carlson's returned card by card value.

``BangHeuristic(suspicion=False)`` is the same player blind to the record (every unknown seat alike), the
heuristic before it was kept, for comparisons.
"""
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy, MAX_ACTIONS, WEIGHT_DRAWS, consider_action, sampled_weights
from deadeye.core.bang.data cimport *
from deadeye.core.bang.state cimport BangState, legal_actions_of, is_participant, distance, reach


cdef inline int role_seen(const BangData* d, int me, int q) noexcept nogil:
    """q's role as `me` knows it (255 unknown)."""
    return d.role[q] if q == me or d.revealed[q] else ROLE_UNKNOWN


cdef enum:
    SUSPICION_CAP = 3 * SUS_HIT     # beyond three hits' worth, more of the record adds nothing


cdef inline double clipped(double x, double low, double high) noexcept nogil:
    return low if x < low else (high if x > high else x)


cdef inline double suspicion_of(const BangData* d, int q, bint blind) noexcept nogil:
    """q's public suspicion in hits (SUS_HIT), within +-3; 0 for a blind player."""
    if blind:
        return 0.0
    return clipped(d.suspicion[q], -SUSPICION_CAP, SUSPICION_CAP) / <double>SUS_HIT


cdef double outlaws_ahead(const BangData* d, int me) noexcept nogil:
    """+1 while the Outlaws left weigh more than a quarter of the Sheriff's side, -1 once they weigh less, as the
    Renegade `me` counts them: the role cards of the eliminated are public, so he knows how many of each side live;
    each unknown seat weighs the mean life of the unknown seats, the Sheriff his own.  A quarter, not a half: the
    Outlaws need only the Sheriff, who must fall last, so they are the danger until few are left (a screen of
    1,000 games per setting against the heuristic blind to suspicion, docs/strength.md)."""
    cdef int q, outlaws = roles_of(d.n_players, OUTLAW), deputies = roles_of(d.n_players, DEPUTY), unknown = 0
    cdef double life = 0.0
    for q in range(d.n_players):
        if q == me:
            continue
        if d.status[q] == ST_LIVING and not d.revealed[q]:
            unknown += 1
            life += d.life[q]
        elif d.revealed[q] and d.status[q] != ST_LIVING:
            if d.role[q] == OUTLAW:
                outlaws -= 1
            elif d.role[q] == DEPUTY:
                deputies -= 1
    life = life / unknown if unknown else 0.0
    return 1.0 if 4.0 * outlaws * life > d.life[d.sheriff] + deputies * life else -1.0


cdef double hostility(const BangData* d, int me, int q, bint blind) noexcept nogil:
    """How much `me` wants to hurt seat q (negative: a friend)."""
    cdef int mine = d.role[me], theirs = role_seen(d, me, q), living = 0, p
    for p in range(d.n_players):
        if d.status[p] == ST_LIVING:
            living += 1
    if q == me:
        return -10.0
    if mine == OUTLAW:
        if theirs == ROLE_UNKNOWN:                      # the Sheriff's protectors first, his attackers spared
            return clipped(0.5 - 0.8 * suspicion_of(d, q, blind), -2.0, 2.5)
        return 3.0 if theirs == SHERIFF else (-2.0 if theirs == OUTLAW else 1.0)
    if mine == SHERIFF or mine == DEPUTY:
        if theirs == SHERIFF or theirs == DEPUTY:
            return -5.0
        if theirs == ROLE_UNKNOWN:                      # the most suspicious first, his protectors spared
            return clipped(1.0 + 0.8 * suspicion_of(d, q, blind), -2.0, 3.0)
        return 1.0
    if theirs == SHERIFF:                               # the Renegade: the Sheriff last
        return 2.0 if living <= 2 else -1.0
    if theirs == ROLE_UNKNOWN and not blind:            # ... the stronger side first, nobody a friend
        return clipped(1.0 + 0.5 * suspicion_of(d, q, blind) * outlaws_ahead(d, me), 0.3, 3.0)
    return 1.0


cdef double card_value(const BangData* d, int p, int c) noexcept nogil:
    cdef int k = card_kind(c)
    if k == K_MISSED:
        return 5.0
    if k == K_BEER:
        return 6.0 if d.life[p] < d.max_life[p] else 3.0
    if k == K_BANG:
        return 4.5
    if k == K_BARREL or k == K_MUSTANG or k == K_SCOPE:
        return 4.0
    if is_weapon(k):
        return 1.0 + k - K_VOLCANIC
    if k == K_DYNAMITE:
        return 0.5
    return 3.0


cdef double best_target(const BangData* d, int p, int what, bint blind) noexcept nogil:
    """The hostility of the best seat `what` can be aimed at (0 if none is an enemy)."""
    cdef int q
    cdef double best = 0.0, h
    for q in range(d.n_players):
        if q == p or not is_participant(d, q):
            continue
        if what == TG_BANG and distance(d, p, q) > reach(d, p):
            continue
        if what == TG_PANIC and distance(d, p, q) > 1:
            continue
        h = hostility(d, p, q, blind)
        if h > best:
            best = h
    return best


cdef double play_value(const BangData* d, int p, int a, bint blind) noexcept nogil:
    """The value of phase-2 action a for p (0: not worth doing now)."""
    cdef int c, k, w, q, enemies = 0, friends = 0
    if a == A_PASS:
        return 0.1
    if a < A_SEAT:
        c = a - A_CARD
        k = card_kind(c)
        if k == K_BANG or k == K_MISSED:
            return 5.0 * best_target(d, p, TG_BANG, blind)
        if k == K_BEER:
            return 8.0 if d.life[p] < d.max_life[p] else (1.0 if d.gold_rush else 0.0)
        if k == K_STAGECOACH or k == K_WELLS_FARGO:
            return 7.0
        if k == K_GENERAL_STORE:
            return 4.0
        if k == K_SALOON:
            return 5.0 if d.life[p] < d.max_life[p] else 0.0
        if k == K_PANIC:
            return 4.0 * best_target(d, p, TG_PANIC, blind)
        if k == K_CAT_BALOU or k == K_DUEL or k == K_JAIL:
            return 3.0 * best_target(d, p, TG_CAT_BALOU, blind)
        if k == K_GATLING or k == K_INDIANS:
            for q in range(d.n_players):
                if q != p and is_participant(d, q):
                    if hostility(d, p, q, blind) > 0.6:
                        enemies += 1
                    elif hostility(d, p, q, blind) < 0:
                        friends += 1
            return 6.0 if enemies > friends else 0.0
        if is_weapon(k):
            w = -1
            for q in range(N_CARDS):
                if d.loc[q] == LOC_PLAY + p and is_weapon(card_kind(q)):
                    w = q
            return 6.0 if w < 0 or card_kind(w) < k else 0.0
        if k == K_DYNAMITE:
            return 0.0
        return 6.5                                      # Barrel, Mustang, Scope
    if A_BUY <= a < A_PASS:
        return 2.0 + equip_cost(d.eq_row[a - A_BUY])
    if a == A_SID or a == A_RUCKSACK:
        return 3.0
    if a == A_RADDIE or a == A_GOLD_PAN or a == A_JOSH:
        return 2.5
    if a == A_JACKY:
        return 4.0 * best_target(d, p, TG_BANG, blind)
    return 0.0                                          # forcing a discard: not worth it


cdef double draw_value(const BangData* d, int purpose, int c) noexcept nogil:
    cdef int s = card_suit(c), r = card_rank(c)
    if purpose == DR_DYNAMITE:
        return 0.0 if s == SPADES and 2 <= r <= 9 else 1.0
    if purpose == DR_DON_BELL:
        return 1.0 if s == HEARTS or s == DIAMONDS else 0.0
    return 1.0 if s == HEARTS else 0.0


cdef class BangHeuristic(Policy):
    """The rule-based BANG! player (see the module docstring).

    >>> from deadeye.core.bang import new_state
    >>> state = new_state(players=4, seed=2)
    >>> BangHeuristic().choose(state, seed=1) in state.legal_actions()
    True
    """

    def __init__(self, bint suspicion=True):
        """``suspicion=False``: blind to the table's suspicion record (every unknown seat alike)."""
        self.blind = not suspicion

    @property
    def suspicion(self) -> bool:
        """Whether it reads the table's suspicion record."""
        return not self.blind

    def __reduce__(self):
        return BangHeuristic, (not self.blind,)

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef BangData* d = &(<BangState>state).d
        cdef int buf[MAX_ACTIONS]
        cdef int n = legal_actions_of(d, buf), i, a, f, k, p = d.current, choice, ties = 0, c
        cdef double best = -1e9, val
        if n == 0:
            return -1
        choice = buf[0]
        f = d.fr_n - 1
        k = d.fr_kind[f]
        for i in range(n):
            a = buf[i]
            val = 0.0
            if k == FR_PLAY:
                val = play_value(d, p, a, self.blind)
            elif k == FR_TARGET:
                if d.fr_a[f] == TG_SHOT:
                    val = (1.0 if a - A_SEAT == p else 0.0) if d.role[p] != RENEGADE else 0.5
                    if hostility(d, p, a - A_SEAT, self.blind) < 0:
                        val = 0.8
                elif d.fr_a[f] == TG_WANTED:
                    val = hostility(d, p, a - A_SEAT, self.blind)
                else:
                    val = hostility(d, p, a - A_SEAT, self.blind)
            elif k == FR_BANG:
                val = 3.0 if a == A_BARREL or a == A_JOURDONNAIS else (0.0 if a == A_PASS else 2.0)
            elif k == FR_INDIANS or k == FR_DUEL or k == FR_DYING:
                val = 0.0 if a == A_PASS else 1.0
            elif k == FR_STORE:
                val = card_value(d, p, a - A_CARD)
            elif k == FR_DRAWCHOICE:
                val = draw_value(d, d.fr_b[f], a - A_CARD)
            elif k == FR_DISCARD or k == FR_SID:
                val = -card_value(d, p, a - A_CARD)
            elif k == FR_PHASE1:
                if d.fr_a[f] == P1_KIT or d.fr_a[f] == P1_DUTCH:
                    val = -card_value(d, p, a - A_CARD)
                elif a == A_PASS:
                    val = 0.5
                else:
                    val = 1.0 if a == A_DISCARD_TOP else hostility(d, p, a - A_SEAT, self.blind)
            elif k == FR_MODE:
                c = a - A_MODE
                if c == MODE_BEER_HEAL:
                    val = 1.0 if d.life[p] < d.max_life[p] else 0.0
                elif c == MODE_BEER_SELL:
                    val = 0.5
                elif c == MODE_BOTTLE_BANG or c == MODE_PARDNER_DUEL:
                    val = best_target(d, p, TG_CAT_BALOU, self.blind)
                elif c == MODE_BOTTLE_BEER:
                    val = 0.9 if d.life[p] < d.max_life[p] else 0.0
                else:
                    val = 0.3
            consider_action(val, a, &best, &choice, &ties, rng)
        return choice

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Estimated from a few choices: its only randomness is breaking ties between equal values."""
        sampled_weights(self, state, actions, n, out, rng, WEIGHT_DRAWS)
