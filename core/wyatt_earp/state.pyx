"""Wyatt Earp, the complete rules of ../shared/rules/wyatt-earp.md for 2 to 6 players (section numbers cited as §).

Implementation decisions (beyond the rules' own D1..D38):

- The draw pile is a multiset; each card taken from it is drawn uniformly from the state's generator (§13.4).
- A Wyatt Earp search takes the top-most card of the chosen type (cards of a type are identical; this only fixes the
  order of the rest of the pile).  The searcher's own Wyatt Earp card lies on top while searching, so a search never
  takes the top card.
- The game's chance (round deals, shots, reshuffle, duel) runs inside ``apply_action``; the only decisions are the
  ones of §14.  Each call records the public chance outcomes it caused in ``events()`` for logs and front ends.
- Money is in dollars.  ``returns()`` gives 1 to the winner and 0 to the others (D28); ``money()`` gives the margin.
"""
from libc.math cimport exp
from libc.string cimport memset
from libc.stdint cimport uint8_t, int16_t, int32_t, uint64_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, OBS_HIDDEN, OBS_NONE, score_shares
from deadeye.core.wyatt_earp.data cimport *
from deadeye.core.wyatt_earp.labels cimport action_label

from deadeye.core.errors import InvalidStateError
from deadeye.core.layout import derive_layout
from deadeye.core.registry import seat_option
from deadeye.core.wyatt_earp.labels import CARD_NAMES, EVENT_NAMES, PHASE_NAMES, event_text



# ====================================================================== small helpers on the data block

cdef inline void _log(WyattEarpData* d, int kind, int seat, int a, int b) noexcept nogil:
    if d.n_events < MAX_EVENTS:
        d.events[d.n_events].kind = kind
        d.events[d.n_events].seat = seat
        d.events[d.n_events].a = a
        d.events[d.n_events].b = b
        d.n_events += 1


cdef inline void _attach(WyattEarpData* d, int p, int x, int card) noexcept nogil:
    d.attached[p][x][d.attached_n[p][x]] = card
    d.attached_n[p][x] += 1


cdef inline void _detach(WyattEarpData* d, int p, int x, int card) noexcept nogil:
    """Remove one ``card`` from the group's attached list, keeping the order of the rest."""
    cdef int i, j, n = d.attached_n[p][x]
    for i in range(n):
        if d.attached[p][x][i] == card:
            for j in range(i, n - 1):
                d.attached[p][x][j] = d.attached[p][x][j + 1]
            d.attached[p][x][n - 1] = 0
            d.attached_n[p][x] = n - 1
            return


cdef inline void _push_discard(WyattEarpData* d, int card) noexcept nogil:
    d.discard[d.discard_n] = card
    d.discard_n += 1


cdef void _tier_compact(WyattEarpData* d, int p) noexcept nogil:
    """Drop p's empty tiers and merge neighbours with equal masks (so masks shrink strictly, oldest first)."""
    cdef int i, k = 0
    for i in range(d.n_tiers[p]):
        if d.tier_n[p][i] == 0:
            continue
        if k > 0 and d.tier_mask[p][k - 1] == d.tier_mask[p][i]:
            d.tier_n[p][k - 1] += d.tier_n[p][i]
        else:
            d.tier_n[p][k] = d.tier_n[p][i]
            d.tier_mask[p][k] = d.tier_mask[p][i]
            k += 1
    for i in range(k, MAX_TIERS):
        d.tier_n[p][i] = 0
        d.tier_mask[p][i] = 0
    d.n_tiers[p] = k


cdef inline void _private_take(WyattEarpData* d, int p, int n) noexcept nogil:
    """``n`` cards enter p's hand unseen by the others: no "no" answer covers them yet (newest tier, mask 0)."""
    cdef int k = d.n_tiers[p]
    if k == 0 or d.tier_mask[p][k - 1] != 0:
        d.tier_n[p][k] = 0
        d.tier_mask[p][k] = 0
        d.n_tiers[p] = k + 1
        k += 1
    d.tier_n[p][k - 1] += n


cdef void _answer_no(WyattEarpData* d, int p, int x) noexcept nogil:
    """P answered "no" to Wanted mode 1 for ``x`` (§7.5): none of the cards it holds now is an ``x`` (12.4.3)."""
    cdef int i
    for i in range(d.n_tiers[p]):
        d.tier_mask[p][i] |= 1 << x
    for i in range(d.n_searches):
        if d.search_seat[i] == p and d.search_held[i]:
            d.search_mask[i] |= 1 << x
    _tier_compact(d, p)
    _prune_plays(d)


cdef void _ghost_to_tier(WyattEarpData* d, int k) noexcept nogil:
    """Search record ``k`` is forgotten while its card may still be held: it becomes an ordinary unseen card of the
    tier of its mask (its mask is always in the chain of the tier masks: both are the answers given since a time,
    narrowed to one another)."""
    cdef int p = d.search_seat[k], m = d.search_mask[k], i, j
    if not d.search_held[k]:
        return
    d.search_held[k] = 0
    for i in range(d.n_tiers[p]):
        if d.tier_mask[p][i] == m:
            d.tier_n[p][i] += 1
            return
        if (d.tier_mask[p][i] | m) == m:                   # the first tier with a smaller mask: insert before it
            break
    else:
        i = d.n_tiers[p]
    if d.n_tiers[p] >= MAX_TIERS:                          # cannot happen with nested masks; stay sound anyway
        _private_take(d, p, 1)
        return
    for j in range(d.n_tiers[p], i, -1):
        d.tier_n[p][j] = d.tier_n[p][j - 1]
        d.tier_mask[p][j] = d.tier_mask[p][j - 1]
    d.tier_n[p][i] = 1
    d.tier_mask[p][i] = m
    d.n_tiers[p] += 1


cdef inline int _bits(int m) noexcept nogil:
    cdef int n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


cdef inline int _tier_start(WyattEarpData* d, int p, int i) noexcept nogil:
    """Tier cards of p older than tier ``i`` (the cards of its tiers before it)."""
    cdef int j, n = 0
    for j in range(i):
        n += d.tier_n[p][j]
    return n


cdef void _tier_card_left(WyattEarpData* d, int p, int card, int i) noexcept nogil:
    """A card of type ``card`` counted against p's tier ``i`` leaves the hand: the play records of p that count
    cards of that tier as held then count it as one of them (it left since; the oldest tiers go first)."""
    cdef int e, start = _tier_start(d, p, i)
    for e in range(d.n_plays):
        if d.play_seat[e] == p and start < d.play_held[e]:
            d.play_held[e] -= 1
            if d.play_type[e] == card:
                d.play_more[e] += 1


cdef void _note_play(WyattEarpData* d, int p, int card, int more) noexcept nogil:
    """p played a ``card`` from its tiers, ``more`` others of the type held then leaving with it: every tier card
    it holds now was held then (the oldest record goes when the list is full: its weight is then left out)."""
    cdef int e, held = _tier_start(d, p, d.n_tiers[p])
    if held == 0:
        return
    if d.n_plays == MAX_PLAYS:
        _drop_play(d, 0)
    e = d.n_plays
    d.play_seat[e] = p
    d.play_type[e] = card
    d.play_held[e] = held
    d.play_more[e] = more
    d.n_plays += 1


cdef void _drop_play(WyattEarpData* d, int e) noexcept nogil:
    cdef int j
    for j in range(e, d.n_plays - 1):
        d.play_seat[j] = d.play_seat[j + 1]
        d.play_type[j] = d.play_type[j + 1]
        d.play_held[j] = d.play_held[j + 1]
        d.play_more[j] = d.play_more[j + 1]
    d.n_plays -= 1
    d.play_seat[d.n_plays] = 0
    d.play_type[d.n_plays] = 0
    d.play_held[d.n_plays] = 0
    d.play_more[d.n_plays] = 0


cdef void _prune_plays(WyattEarpData* d) noexcept nogil:
    """Drop the play records whose count no deal can change: none of the cards they count as held may be of
    their type (no such card left, or all in tiers whose "no" answers bar it)."""
    cdef int e = 0, p, i, start, bit
    cdef bint varies
    while e < d.n_plays:
        p = d.play_seat[e]
        bit = (1 << d.play_type[e]) if d.play_type[e] < PHOTO else 0
        varies = False
        start = 0
        for i in range(d.n_tiers[p]):
            if start >= d.play_held[e]:
                break
            if not d.tier_mask[p][i] & bit:
                varies = True
            start += d.tier_n[p][i]
        if varies:
            e += 1
        else:
            _drop_play(d, e)


cdef void _hidden_remove(WyattEarpData* d, int p, int card, int r) noexcept nogil:
    """``r`` cards of ``card`` not publicly known to be there leave p's hand: counted against the oldest tiers that
    may hold them; a searched card p may still hold may have been one of them (``search_gone``).  Each card counted
    against a tier narrows the searched card with the most "no" answers to that tier's mask (it, or the card left in
    its place, may be what stays): so no consistent hand is excluded.  What no tier can hold ends the searched card
    with the most answers that may be it: p holds one card fewer of those pictured (its type stays private)."""
    cdef int i, k, j, best, best_bits, bit = (1 << card) if card < PHOTO else 0, from_tiers = 0
    for k in range(d.n_searches):
        if d.search_seat[k] == p and d.search_held[k] and not d.search_mask[k] & bit:
            d.search_gone[k] |= 1 << card
    for i in range(d.n_tiers[p]):
        while r > 0 and d.tier_n[p][i] > 0 and not d.tier_mask[p][i] & bit:
            _tier_card_left(d, p, card, i)
            d.tier_n[p][i] -= 1
            r -= 1
            from_tiers += 1
            best, best_bits = -1, _bits(d.tier_mask[p][i])
            for k in range(d.n_searches):                  # masks are a chain: more bits, more answers
                if (d.search_seat[k] == p and d.search_held[k] and not d.search_mask[k] & bit
                        and _bits(d.search_mask[k]) > best_bits):
                    best, best_bits = k, _bits(d.search_mask[k])
            if best >= 0:
                d.search_mask[best] = d.tier_mask[p][i]
    while r > 0:
        best, best_bits = -1, -1
        for k in range(d.n_searches):
            if (d.search_seat[k] == p and d.search_held[k] and not d.search_mask[k] & bit
                    and _bits(d.search_mask[k]) > best_bits):
                best, best_bits = k, _bits(d.search_mask[k])
        if best < 0:
            break
        d.search_held[best] = 0
        r -= 1
    _tier_compact(d, p)
    for j in range(from_tiers):
        _note_play(d, p, card, from_tiers - 1 - j)
    _prune_plays(d)


cdef inline void _hand_add(WyattEarpData* d, int p, int card, bint public) noexcept nogil:
    """A card enters p's hand; ``public``: every seat saw which (12.4.2).  Private takes call _private_take."""
    d.hand[p][card] += 1
    d.hand_n[p] += 1
    if public:
        d.known[p][card] += 1


cdef inline void _hand_remove(WyattEarpData* d, int p, int card, int n) noexcept nogil:
    """Cards leave a hand publicly (played, discarded, given): known ones first, then hidden ones (§12.4.2-3)."""
    cdef int k = d.known[p][card] if d.known[p][card] < n else n
    d.hand[p][card] -= n
    d.hand_n[p] -= n
    d.known[p][card] -= k
    if n > k:
        _hidden_remove(d, p, card, n - k)


cdef inline int _draw_random(WyattEarpData* d, Rng* rng) noexcept nogil:
    """One card from the draw pile (non-empty), uniformly."""
    cdef int r = rng_below(rng, d.draw_n), t
    for t in range(N_TYPES):
        if r < d.draw[t]:
            d.draw[t] -= 1
            d.draw_n -= 1
            return t
        r -= d.draw[t]
    return NO_CARD  # unreachable while draw_n matches the counts


cdef inline void _reshuffle(WyattEarpData* d) noexcept nogil:
    cdef int i, c, p
    memset(d.resh_pool, 0, sizeof(d.resh_pool))
    memset(d.resh_out, 0, sizeof(d.resh_out))
    memset(d.resh_drawn, 0, sizeof(d.resh_drawn))
    for i in range(d.discard_n):
        c = d.discard[i]
        d.draw[c] += 1
        d.resh_pool[c] += 1
    d.draw_n += d.discard_n
    memset(d.discard, 0, sizeof(d.discard))
    d.discard_n = 0
    for i in range(d.n_searches):                          # seats that did not see a searched card picture it
        for p in range(d.n_players):                       # in the reshuffled pool
            if not (d.search_known[i] >> p) & 1 and d.search_type[i] < N_TYPES:
                d.resh_hidden[p][d.search_type[i]] += 1
        _ghost_to_tier(d, i)
    for i in range(MAX_SEARCHES):
        _clear_search(d, i)
    d.n_searches = 0
    d.reshuffled = 1
    _log(d, EV_RESHUFFLE, -1, d.draw_n, 0)


cdef int _take(WyattEarpData* d, Rng* rng, int k, int seat) noexcept nogil:
    """TAKE(k) of §8.  ``seat`` >= 0 takes the cards privately into that hand; ``seat`` < 0 (a shot, k = 1) returns
    the card.  Returns the card (shot) or 0, or -1 when the round must end at once (E3)."""
    cdef int got = 0, c = 0
    if d.draw_n < k and d.reshuffled:                      # second shortage: nothing is taken
        return -1
    while got < k:
        if d.draw_n == 0:
            if d.reshuffled:                               # the new pile cannot supply the rest either
                return -1
            _reshuffle(d)
            if d.draw_n == 0:
                return -1
        c = _draw_random(d, rng)
        if d.reshuffled:
            if seat >= 0:
                d.resh_drawn[seat][c] += 1
            else:
                d.resh_out[c] += 1
        if seat >= 0:
            _hand_add(d, seat, c, False)
            _private_take(d, seat, 1)
            _log(d, EV_DRAWN, seat, c, 0)
        got += 1
    return c if seat < 0 else 0


cdef int _shot(WyattEarpData* d, Rng* rng, int shooter) noexcept nogil:
    """§6: the revealed card goes onto the discard pile; returns 1 hit, 0 miss, -1 the round ended (E3)."""
    cdef int c = _take(d, rng, 1, -1)
    if c < 0:
        return -1
    _push_discard(d, c)
    _log(d, EV_SHOT, shooter, c, c < PHOTO)
    return c < PHOTO


cdef inline void _copy_search(WyattEarpData* d, int to, int frm) noexcept nogil:
    d.search_seat[to] = d.search_seat[frm]
    d.search_type[to] = d.search_type[frm]
    d.search_below[to] = d.search_below[frm]
    d.search_known[to] = d.search_known[frm]
    d.search_held[to] = d.search_held[frm]
    d.search_mask[to] = d.search_mask[frm]
    d.search_gone[to] = d.search_gone[frm]


cdef inline void _clear_search(WyattEarpData* d, int k) noexcept nogil:
    d.search_seat[k] = 0
    d.search_type[k] = 0
    d.search_below[k] = 0
    d.search_known[k] = 0
    d.search_held[k] = 0
    d.search_mask[k] = 0
    d.search_gone[k] = 0


cdef inline void _drop_search(WyattEarpData* d, int k) noexcept nogil:
    """Record ``k`` leaves the list (every seat knows its card): a card the searcher may still hold becomes one of
    its ordinary unseen cards (12.4.2 counts only cards received publicly as known)."""
    _ghost_to_tier(d, k)


cdef void _forget_searches(WyattEarpData* d) noexcept nogil:
    """Drop the search records every seat knows; if the list is still full, the oldest becomes public (a leak
    only after 16 unseen searches of one discard pile)."""
    cdef int i, k = 0, everyone = (1 << d.n_players) - 1
    for i in range(d.n_searches):
        if d.search_known[i] & everyone != everyone:
            _copy_search(d, k, i)
            k += 1
        else:
            _drop_search(d, i)
    if k == MAX_SEARCHES:
        d.search_known[0] = 0xFF
        _drop_search(d, 0)
        for i in range(k - 1):
            _copy_search(d, i, i + 1)
        k -= 1
    for i in range(k, MAX_SEARCHES):
        _clear_search(d, i)
    d.n_searches = k


cdef void _orphan(WyattEarpData* d, int p, int x) noexcept nogil:
    """§7.8: the last outlaw card of (P, X) left: its sheriff cards but the Photo go to the discard pile, oldest first."""
    cdef int i, c
    for i in range(d.attached_n[p][x]):
        c = d.attached[p][x][i]
        _push_discard(d, c)
        _log(d, EV_ORPHAN, p, c, x)
        if c == FASTEST:
            d.fg_seat = -1
            d.fg_outlaw = -1
        d.attached[p][x][i] = 0
    d.attached_n[p][x] = 0


# ---------------------------------------------------------------------- scoring, game end, rounds

cdef void _score_outlaw(WyattEarpData* d, int x) noexcept nogil:
    """§10 for outlaw ``x``: below 8 CP in all nobody is paid; else sole capture or sharing (share_reward)."""
    cdef int cp[MAX_PLAYERS]
    cdef int paid[MAX_PLAYERS]
    cdef int n = d.n_players, p, total = 0
    for p in range(n):
        cp[p] = _capture_points(d, p, x)
        total += cp[p]
    if total < 8:                                          # §10.2
        return
    share_reward(cp, n, d.poster[x], paid)
    for p in range(n):
        if paid[p]:
            d.money[p] += paid[p]
            d.poster[x] -= paid[p]
            _log(d, EV_PAY, p, x, paid[p] // 1000)


cdef void _gather_all(WyattEarpData* d) noexcept nogil:
    """All 78 cards back into the draw pile (a new round, the duel's D5): hands, tableaus, the discard pile and the
    cards set aside are empty, and with them every record of what history made public about hands (12.4)."""
    cdef int t
    memset(d.hand, 0, sizeof(d.hand))
    memset(d.hand_n, 0, sizeof(d.hand_n))
    memset(d.discard, 0, sizeof(d.discard))
    memset(d.outlaws, 0, sizeof(d.outlaws))
    memset(d.photo, 0, sizeof(d.photo))
    memset(d.attached, 0, sizeof(d.attached))
    memset(d.attached_n, 0, sizeof(d.attached_n))
    memset(d.aside, 0, sizeof(d.aside))
    memset(d.known, 0, sizeof(d.known))
    memset(d.n_tiers, 0, sizeof(d.n_tiers))
    memset(d.tier_n, 0, sizeof(d.tier_n))
    memset(d.tier_mask, 0, sizeof(d.tier_mask))
    memset(d.resh_pool, 0, sizeof(d.resh_pool))
    memset(d.resh_hidden, 0, sizeof(d.resh_hidden))
    memset(d.resh_out, 0, sizeof(d.resh_out))
    memset(d.resh_drawn, 0, sizeof(d.resh_drawn))
    memset(d.search_seat, 0, sizeof(d.search_seat))
    memset(d.search_type, 0, sizeof(d.search_type))
    memset(d.search_below, 0, sizeof(d.search_below))
    memset(d.search_known, 0, sizeof(d.search_known))
    memset(d.search_held, 0, sizeof(d.search_held))
    memset(d.search_mask, 0, sizeof(d.search_mask))
    memset(d.search_gone, 0, sizeof(d.search_gone))
    d.n_searches = 0
    d.n_plays = 0
    memset(d.play_seat, 0, sizeof(d.play_seat))
    memset(d.play_type, 0, sizeof(d.play_type))
    memset(d.play_held, 0, sizeof(d.play_held))
    memset(d.play_more, 0, sizeof(d.play_more))
    for t in range(N_TYPES):
        d.draw[t] = type_count(t)
    d.draw_n = N_CARDS
    d.discard_n = 0
    d.reshuffled = 0
    d.fg_seat = -1
    d.fg_outlaw = -1


cdef void _duel(WyattEarpData* d, Rng* rng, int* alive, int n_alive) noexcept nogil:
    """§11 duel among the tied seats; the last one standing wins."""
    cdef int cards[MAX_PLAYERS]
    cdef int i, k, sheriffs, t
    while n_alive > 1:
        if d.draw_n < n_alive:                             # D5: gather all 78 cards again
            _gather_all(d)
        sheriffs = 0
        for i in range(n_alive):
            cards[i] = _draw_random(d, rng)
            d.aside[cards[i]] += 1
            _log(d, EV_DUEL_CARD, alive[i], cards[i], 0)
            if cards[i] >= PHOTO:
                sheriffs += 1
        if sheriffs == 0 or sheriffs == n_alive:
            continue
        k = 0
        for i in range(n_alive):
            if cards[i] < PHOTO:
                alive[k] = alive[i]
                k += 1
        n_alive = k
    d.winner = alive[0]


cdef void _end_round(WyattEarpData* d, Rng* rng, int way) noexcept nogil:
    """§9-§11: score, then end the game or deal the next round (the last player deals)."""
    cdef int x, p, n = d.n_players, richest = -1, n_tied = 0
    cdef int tied[MAX_PLAYERS]
    _log(d, EV_ROUND_END, d.active, way, 0)
    if d.pending != NO_CARD:                               # D34: a card caught in resolution
        _push_discard(d, d.pending)
        d.pending = NO_CARD
    for x in range(N_OUTLAWS):
        _score_outlaw(d, x)
    for p in range(n):
        if d.money[p] > richest:
            richest = d.money[p]
    if richest >= WIN_MONEY:
        for p in range(n):                                 # seat order from the left of the last player
            if d.money[(d.active + 1 + p) % n] == richest:
                tied[n_tied] = (d.active + 1 + p) % n
                n_tied += 1
        _duel(d, rng, tied, n_tied)
        d.phase = PH_GAME_OVER
        d.decider = -1
        _log(d, EV_GAME_END, d.winner, richest // 1000, n_tied)
        return
    d.dealer = d.active
    _start_round(d, rng)


cdef void _start_round(WyattEarpData* d, Rng* rng) noexcept nogil:
    """§2.3: posters +$1000, gather and shuffle the 78 cards, deal 10 each from the dealer's left, turn one up."""
    cdef int n = d.n_players, x, t, i, p
    d.round += 1
    for x in range(N_OUTLAWS):
        d.poster[x] += 1000
    memset(d.opened, 0, sizeof(d.opened))
    _gather_all(d)
    d.pending = NO_CARD
    d.window_outlaw = NO_CARD
    for i in range(HAND_SIZE * n):
        p = (d.dealer + 1 + i) % n
        t = _draw_random(d, rng)
        d.hand[p][t] += 1
        d.hand_n[p] += 1
    for p in range(n):
        _private_take(d, p, HAND_SIZE)
    _push_discard(d, _draw_random(d, rng))
    d.active = (d.dealer + 1) % n
    d.decider = d.active
    d.phase = PH_DRAW
    d.sheriff_used = 0
    d.turn += 1
    _log(d, EV_NEW_ROUND, d.dealer, d.round, 0)


cdef void _end_turn(WyattEarpData* d, Rng* rng) noexcept nogil:
    """§4.4, after the discard."""
    cdef int p
    if d.hand_n[d.active] == 0:
        _end_round(d, rng, 1)
        return
    for p in range(d.n_players):
        if d.hand_n[p] == 0:
            _end_round(d, rng, 2)
            return
    d.active = (d.active + 1) % d.n_players
    d.decider = d.active
    d.phase = PH_DRAW
    d.sheriff_used = 0
    d.turn += 1


cdef WyattEarpData _ZERO  # zeroed: its dict form names the fields of the struct and gives their shapes


def _as_struct(dict fields):
    """``fields`` as a ``WyattEarpData`` (an OverflowError names a value its field's type cannot hold)."""
    cdef WyattEarpData struct = fields


STATE_LAYOUT = derive_layout("WyattEarpData", sizeof(WyattEarpData), _ZERO, _as_struct)


# ====================================================================== the state

cdef class WyattEarpState(GameState):
    """A Wyatt Earp game in progress.  Create it with ``deadeye.core.new_game("wyatt-earp", players=..., seed=...)``."""

    game = "wyatt-earp"
    layout = STATE_LAYOUT
    num_actions = NUM_ACTIONS

    def __cinit__(self):
        self.block, self.block_size = &self.d, sizeof(WyattEarpData)

    cdef void _setup(self, int players, int first_dealer) noexcept nogil:
        memset(&self.d, 0, sizeof(WyattEarpData))
        self.d.n_players = players
        self.d.winner = -1
        self.d.dealer = first_dealer if first_dealer >= 0 else rng_below(&self.rng, players)
        _start_round(&self.d, &self.rng)
        self.d.n_events = 0

    # ------------------------------------------------------------------ decisions
    cdef int _current_player(self) noexcept nogil:
        return -1 if self.d.phase == PH_GAME_OVER else self.d.decider

    cdef bint _is_terminal(self) noexcept nogil:
        return self.d.phase == PH_GAME_OVER

    cdef int _num_players(self) noexcept nogil:
        return self.d.n_players

    cdef int _sheriff_plays(self, int seat, int card, int* out) noexcept nogil:
        """Every legal way for ``seat`` (holding ``card``, keep-a-card rule already met) to play it now (§14)."""
        cdef WyattEarpData* d = &self.d
        cdef int n = 0, x, p, dirs
        cdef bint ok = False
        if card >= PHOTO and card < STAGECOACH:
            if d.opened[card - PHOTO]:
                out[n] = A_PHOTO + card - PHOTO
                n += 1
        elif card == STAGECOACH or card == BANK:
            for x in range(N_OUTLAWS):
                if _has_group(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_STAGECOACH if card == STAGECOACH else A_BANK
                n += 1
        elif card == FASTEST:
            for x in range(N_OUTLAWS):
                if x != d.fg_outlaw and _has_group(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_FASTEST
                n += 1
        elif card == HIDEOUT:
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if p != seat and _has_group(d, p, x) and not _has_hideout(d, p, x):
                        ok = True
            if ok:
                out[n] = A_HIDEOUT
                n += 1
        elif card == WANTED:
            dirs = 1 if d.n_players == 2 else 2
            for x in range(N_OUTLAWS):
                out[n] = A_WANTED1 + 2 * x
                n += 1
                if dirs == 2:
                    out[n] = A_WANTED1 + 2 * x + 1
                    n += 1
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if p != seat and d.outlaws[p][x] > 0:
                        ok = True
            if ok:
                out[n] = A_WANTED2
                n += 1
        elif card == WYATT:
            out[n] = A_WYATT1
            out[n + 1] = A_WYATT2
            n += 2
            for x in range(N_OUTLAWS):
                if _has_hideout(d, seat, x):
                    ok = True
            if ok:
                out[n] = A_WYATT3
                n += 1
        return n

    cdef int _legal_actions(self, int* out) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int n = 0, me = d.decider, x, p, t, k, lo, hi
        cdef int ph = d.phase
        if ph == PH_DRAW:
            out[0] = A_DRAW_PILE
            n = 1
            if d.discard_n > 0:
                out[1] = A_DRAW_DISCARD
                n = 2
        elif ph == PH_PLAY:
            for x in range(N_OUTLAWS):
                lo = 1 if d.opened[x] else 3
                hi = d.hand[me][x]
                if hi > d.hand_n[me] - 1:
                    hi = d.hand_n[me] - 1
                for k in range(lo, hi + 1):
                    out[n] = A_MELD + 7 * x + k - 1
                    n += 1
            if not d.sheriff_used and d.hand_n[me] >= 2:
                for t in range(PHOTO, N_TYPES):
                    if d.hand[me][t] > 0:
                        n += self._sheriff_plays(me, t, out + n)
            out[n] = A_END_PLAY
            n += 1
        elif ph == PH_TARGET:
            t = d.pending
            for p in range(d.n_players):
                for x in range(N_OUTLAWS):
                    if t == STAGECOACH or t == BANK or t == FASTEST:
                        if p == me and _has_group(d, p, x) and (t != FASTEST or x != d.fg_outlaw):
                            out[n] = A_OWN_GROUP + x
                            n += 1
                    elif t == WANTED:
                        if p != me and d.outlaws[p][x] > 0:
                            out[n] = A_OPP_GROUP + 7 * p + x
                            n += 1
                    elif t == HIDEOUT:
                        if p != me and _has_group(d, p, x) and not _has_hideout(d, p, x):
                            out[n] = A_OPP_GROUP + 7 * p + x
                            n += 1
                    elif t == WYATT:
                        if p == me and _has_hideout(d, p, x):
                            out[n] = A_REMOVE_HIDEOUT + x
                            n += 1
        elif ph == PH_SEARCH:
            for t in range(WYATT):
                for k in range(d.discard_n):
                    if d.discard[k] == t:
                        out[n] = A_TAKE + t
                        n += 1
                        break
        elif ph == PH_IMMEDIATE:
            n = self._sheriff_plays(me, d.pending, out)
            out[n] = A_KEEP
            n += 1
        elif ph == PH_PHOTO_WINDOW:
            out[0] = A_PHOTO + d.window_outlaw
            out[1] = A_DECLINE
            n = 2
        elif ph == PH_DEFENCE:
            out[0] = A_DEFEND
            out[1] = A_DECLINE
            n = 2
        elif ph == PH_DISCARD:
            for t in range(N_TYPES):
                if d.hand[me][t] > 0:
                    out[n] = A_DISCARD + t
                    n += 1
        return n

    # ------------------------------------------------------------------ applying
    cdef void _apply(self, int a) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int me = d.decider, x, k, p, i, top
        d.n_events = 0
        if d.phase == PH_DRAW:
            if a == A_DRAW_PILE:
                if _take(d, &self.rng, 2, me) < 0:
                    _end_round(d, &self.rng, 3)
                    return
            else:
                d.discard_n -= 1
                top = d.discard[d.discard_n]
                d.discard[d.discard_n] = 0
                _hand_add(d, me, top, True)
            d.phase = PH_PLAY
        elif a == A_END_PLAY:
            d.phase = PH_DISCARD
        elif A_MELD <= a < A_PHOTO and d.phase == PH_PLAY:
            x = (a - A_MELD) // 7
            k = (a - A_MELD) % 7 + 1
            _hand_remove(d, me, x, k)
            d.outlaws[me][x] += k
            if d.opened[x]:
                d.poster[x] += 1000 * k
            else:
                d.poster[x] += 1000 * (k - 1)
                d.opened[x] = 1
                for p in range(d.n_players):               # §7.1 photo window
                    if p != me and d.hand[p][PHOTO + x] > 0:
                        d.phase = PH_PHOTO_WINDOW
                        d.decider = p
                        d.window_outlaw = x
        elif d.phase == PH_PLAY:
            d.sheriff_used = 1
            self._play_sheriff(a)
        elif d.phase == PH_IMMEDIATE:
            if a == A_KEEP:
                back_to_play(d)
            else:
                d.n_searches -= 1                          # the searched card is played: it is public now
                d.known[me][d.pending] += 1
                _clear_search(d, d.n_searches)
                d.pending = NO_CARD
                self._play_sheriff(a)
        elif d.phase == PH_TARGET:
            self._resolve_target(a)
        elif d.phase == PH_SEARCH:
            self._search_take(a - A_TAKE)
        elif d.phase == PH_PHOTO_WINDOW:
            if a != A_DECLINE:
                x = d.window_outlaw
                _hand_remove(d, me, PHOTO + x, 1)
                d.photo[me][x] = 1
                d.poster[x] += 1000
            back_to_play(d)
        elif d.phase == PH_DEFENCE:
            if a == A_DEFEND:                              # §7.7 defence
                x = d.window_outlaw
                _hand_remove(d, me, WYATT, 1)
                _push_discard(d, WYATT)
                k = _shot(d, &self.rng, me)
                if k < 0:
                    _end_round(d, &self.rng, 3)
                    return
                _log(d, EV_DEFENCE, me, k, x)
                if k:
                    _detach(d, me, x, HIDEOUT)
                    _push_discard(d, HIDEOUT)
            back_to_play(d)
        elif d.phase == PH_DISCARD:
            k = a - A_DISCARD
            _hand_remove(d, me, k, 1)
            _push_discard(d, k)
            _end_turn(d, &self.rng)

    cdef void _play_sheriff(self, int a) noexcept nogil:
        """The active seat plays a sheriff card (own play step or the immediate play after a search)."""
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, x, card, hit, p, i, k, step
        if A_PHOTO <= a < A_STAGECOACH:                    # §7.1
            x = a - A_PHOTO
            _hand_remove(d, me, PHOTO + x, 1)
            d.photo[me][x] = 1
            d.poster[x] += 1000
            back_to_play(d)
        elif a == A_STAGECOACH or a == A_BANK or a == A_FASTEST or a == A_HIDEOUT or a == A_WANTED2:
            card = (STAGECOACH if a == A_STAGECOACH else BANK if a == A_BANK else FASTEST if a == A_FASTEST
                    else HIDEOUT if a == A_HIDEOUT else WANTED)
            _hand_remove(d, me, card, 1)
            d.pending = card
            hit = _shot(d, &self.rng, me)
            if hit < 0:
                _end_round(d, &self.rng, 3)
            elif hit:
                d.phase = PH_TARGET
                d.decider = me
            else:
                _push_discard(d, card)
                back_to_play(d)
        elif A_WANTED1 <= a < A_WANTED2:                   # §7.5 mode 1
            x = (a - A_WANTED1) // 2
            step = 1 if (a - A_WANTED1) % 2 == 0 else d.n_players - 1
            _hand_remove(d, me, WANTED, 1)
            p = me
            for i in range(d.n_players - 1):
                p = (p + step) % d.n_players
                if d.hand[p][x] > 0:
                    _hand_remove(d, p, x, 1)
                    _hand_add(d, me, x, True)
                    _log(d, EV_WANTED_GIVE, p, x, me)
                    break
                _answer_no(d, p, x)
                _log(d, EV_WANTED_NO, p, x, 0)
            _push_discard(d, WANTED)
            back_to_play(d)
        elif a == A_WYATT1 or a == A_WYATT2 or a == A_WYATT3:   # §7.7
            _hand_remove(d, me, WYATT, 1)
            _push_discard(d, WYATT)
            if a == A_WYATT1:
                if _take(d, &self.rng, 2, me) < 0:
                    _end_round(d, &self.rng, 3)
                    return
                back_to_play(d)
            elif a == A_WYATT2:
                back_to_play(d)
                for i in range(d.discard_n):
                    if d.discard[i] != WYATT:
                        d.phase = PH_SEARCH
                        break
                for i in range(d.n_searches):              # D36: the searcher now sees this pile whole
                    d.search_known[i] |= 1 << me
            else:
                hit = _shot(d, &self.rng, me)              # the Wyatt Earp card already lies on the pile
                if hit < 0:
                    _end_round(d, &self.rng, 3)
                elif hit:
                    d.phase = PH_TARGET
                    d.pending = WYATT
                else:
                    back_to_play(d)

    cdef void _resolve_target(self, int a) noexcept nogil:
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, card = d.pending, x, p, prev_seat, prev_outlaw
        if A_OWN_GROUP <= a < A_OPP_GROUP:
            x = a - A_OWN_GROUP
            _attach(d, me, x, card)
            d.poster[x] += 3000 if card == STAGECOACH else 1000
            if card == FASTEST:                            # §7.4: the previous Fastest Gun leaves play
                prev_seat = d.fg_seat
                prev_outlaw = d.fg_outlaw
                if prev_seat >= 0:
                    _detach(d, prev_seat, prev_outlaw, FASTEST)
                    _push_discard(d, FASTEST)
                    _log(d, EV_FG_REPLACED, prev_seat, prev_outlaw, 0)
                d.fg_seat = me
                d.fg_outlaw = x
            back_to_play(d)
        elif A_OPP_GROUP <= a < A_REMOVE_HIDEOUT:
            p = (a - A_OPP_GROUP) // 7
            x = (a - A_OPP_GROUP) % 7
            if card == WANTED:                             # §7.5 mode 2
                d.outlaws[p][x] -= 1
                _hand_add(d, me, x, True)
                if d.outlaws[p][x] == 0:
                    _orphan(d, p, x)
                _push_discard(d, WANTED)
                back_to_play(d)
            else:                                          # §7.6 Hideout
                _attach(d, p, x, HIDEOUT)
                back_to_play(d)
                if d.hand[p][WYATT] > 0:
                    d.phase = PH_DEFENCE
                    d.decider = p
                    d.window_outlaw = x
        else:                                              # §7.7 mode 3
            x = a - A_REMOVE_HIDEOUT
            _detach(d, me, x, HIDEOUT)
            _push_discard(d, HIDEOUT)
            back_to_play(d)

    cdef void _search_take(self, int t) noexcept nogil:
        """§7.7 mode 2: take the top-most card of type ``t``; the others picture it where it lay (12.2)."""
        cdef WyattEarpData* d = &self.d
        cdef int me = d.active, i, j, s
        cdef int buf[16]
        for i in range(d.discard_n - 1, -1, -1):
            if d.discard[i] == t:
                for j in range(i, d.discard_n - 1):
                    d.discard[j] = d.discard[j + 1]
                d.discard_n -= 1
                d.discard[d.discard_n] = 0
                break
        _forget_searches(d)
        s = d.n_searches
        d.search_seat[s] = me
        d.search_type[s] = t
        d.search_below[s] = i
        d.search_known[s] = 1 << me
        d.search_held[s] = 1
        d.search_mask[s] = 0
        d.search_gone[s] = 0
        d.n_searches = s + 1
        _log(d, EV_SEARCHED, me, t, 0)
        _hand_add(d, me, t, False)
        back_to_play(d)
        if t >= PHOTO and d.hand_n[me] >= 2 and self._sheriff_plays(me, t, buf) > 0:
            d.phase = PH_IMMEDIATE
            d.pending = t

    cdef int _segment(self) noexcept nogil:
        return self.d.round

    cdef void _returns(self, double* out) noexcept nogil:
        cdef int p
        for p in range(self.d.n_players):
            out[p] = 1.0 if p == self.d.winner else 0.0

    cdef void _evaluate(self, double* out) noexcept nogil:
        """Estimated result per seat for a rollout cut off before the game ends: ``_returns`` once it is over, else
        a softmax of the money each seat would hold if the round were scored now (§10, on a copy), over a temperature
        that shrinks from $11,000 to $5,000 as the leader nears $25,000 (fitted on heuristic self-play: the money lead
        after a round predicts the winner only loosely, rounds pay a lot).  In [0, 1], summing to 1."""
        cdef WyattEarpData scored
        cdef int p, x, n = self.d.n_players, top = 0
        cdef double money[MAX_PLAYERS]
        if self.d.phase == PH_GAME_OVER:
            self._returns(out)
            return
        scored = self.d
        for x in range(N_OUTLAWS):
            _score_outlaw(&scored, x)
        for p in range(n):
            money[p] = scored.money[p]
            if scored.money[p] > top:
                top = scored.money[p]
        score_shares(money, n, 5000.0 + 6000.0 * (WIN_MONEY - top if top < WIN_MONEY else 0) / <double>WIN_MONEY, out)

    # ------------------------------------------------------------------ Python API
    def _where(self) -> str:
        return (f"wyatt-earp, round {self.d.round}, turn {self.d.turn}, phase {PHASE_NAMES[self.d.phase]}, "
                f"seat {self._current_player()}")

    def _label(self, int action) -> str:
        """Human-readable text for ``action`` in this state ("play set: 3 x Jesse James")."""
        return action_label(&self.d, action)

    def _public_label(self, int a):
        """What every other seat sees of ``a`` when it is played now, or None if they see nothing (§12)."""
        if self.d.phase == PH_DRAW and a == A_DRAW_PILE:
            return "draws two cards from the draw pile"
        if self.d.phase == PH_SEARCH:
            return "takes a card from the discard pile"
        if a == A_DECLINE or a == A_KEEP:
            return None
        if self.d.phase == PH_PLAY and a == A_WYATT1:
            return "plays Wyatt Earp mode 1 and draws two cards"
        return action_label(&self.d, a)

    cdef int _observation(self, int a, int seat) noexcept nogil:
        """As ``_public_label``: a search shows only that a card was taken; a kept card, a declined window and the
        decision to keep a searched card are not seen at all (D33, D35)."""
        if seat == self.d.decider:
            return a
        if self.d.phase == PH_SEARCH:
            return OBS_HIDDEN
        if a == A_DECLINE or a == A_KEEP:
            return OBS_NONE
        return a

    def events(self) -> list:
        """Public chance outcomes and automatic steps of the last ``apply_action`` as (kind, seat, a, b) tuples."""
        cdef int i
        return [(EVENT_NAMES[self.d.events[i].kind], self.d.events[i].seat, self.d.events[i].a, self.d.events[i].b)
                for i in range(self.d.n_events) if self.d.events[i].kind not in (EV_DRAWN, EV_SEARCHED)]

    def private_events(self, seat) -> list:
        """The cards ``seat`` took unseen in the last ``apply_action`` (two from the draw pile, a searched card).
        They are logged with the public events but never shown by ``events()``, and a seat's view drops the log."""
        cdef int i
        self._check_seat(seat)
        drawn = [CARD_NAMES[self.d.events[i].a] for i in range(self.d.n_events)
                 if self.d.events[i].kind == EV_DRAWN and self.d.events[i].seat == seat]
        found = [CARD_NAMES[self.d.events[i].a] for i in range(self.d.n_events)
                 if self.d.events[i].kind == EV_SEARCHED and self.d.events[i].seat == seat]
        if len(drawn) == 2 and drawn[0] == drawn[1]:
            drawn = [f"2 x {drawn[0]}"]
        return ([f"you draw {' and '.join(drawn)}"] if drawn else []) + [f"you take {c} from the discard pile"
                                                                        for c in found]

    def unavailable_reasons(self) -> list:
        """Why usual options are missing for the deciding seat now (§4.2, §5, §7), as short sentences."""
        return unavailable_reasons(&self.d)

    def describe_events(self) -> list:
        """``events()`` as sentences."""
        return [event_text(*e) for e in self.events()]

    # public facts, for front ends and tests
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    @property
    def active_player(self) -> int:
        return self.d.active

    @property
    def round(self) -> int:
        return self.d.round

    @property
    def winner(self) -> int:
        return self.d.winner

    def game_returns(self) -> list:
        """Money per seat (the margin behind ``returns()``)."""
        return self.money()

    def money(self) -> list:
        return [self.d.money[p] for p in range(self.d.n_players)]

    def posters(self) -> list:
        return [self.d.poster[x] for x in range(N_OUTLAWS)]

    def hand(self, int seat) -> dict:
        """The cards in ``seat``'s hand as {card name: count} (the full state knows every hand)."""
        return {CARD_NAMES[t]: self.d.hand[seat][t] for t in range(N_TYPES) if self.d.hand[seat][t]}

    def capture_points(self, int seat, int outlaw) -> int:
        return _capture_points(&self.d, seat, outlaw)

    def validate(self) -> str:
        """Why this state is impossible (cards not conserved, counts inconsistent), or '' if it is sound."""
        return check_data(&self.d, -1)

    def card_locations(self) -> dict:
        """Count of each card type per place (hands, draw, discard, tableaus, in resolution, set aside)."""
        return _card_locations(&self.d)

    def __repr__(self):
        return (f"<WyattEarpState {self.d.n_players}p round {self.d.round} turn {self.d.turn} "
                f"{PHASE_NAMES[self.d.phase]} seat {self._current_player()} money {self.money()}>")


def new_state(players: int, seed: int = 0, first_dealer=None) -> WyattEarpState:
    """The initial state: the first dealer is ``first_dealer`` or drawn from ``seed`` (D4)."""
    cdef int dealer = seat_option("first_dealer", first_dealer, players)
    cdef WyattEarpState state = WyattEarpState.__new__(WyattEarpState)
    state.reseed(seed)
    state._setup(players, dealer)
    return state


# ====================================================================== layout, checks, labels



PLACES = ("hands", "draw", "discard", "tableaus", "in_resolution", "aside")


cdef void _count_places(WyattEarpData* d, int places[6][N_TYPES]) noexcept nogil:
    """places[k][T] := cards of type T in place k of PLACES; each of the 78 cards is in exactly one place."""
    cdef int p, x, i, t
    memset(places, 0, 6 * N_TYPES * sizeof(int))
    for t in range(N_TYPES):
        places[1][t] = d.draw[t]
        places[5][t] = d.aside[t]
    for p in range(d.n_players):
        for t in range(N_TYPES):
            places[0][t] += d.hand[p][t]
        for x in range(N_OUTLAWS):
            places[3][x] += d.outlaws[p][x]
            places[3][PHOTO + x] += d.photo[p][x]
            for i in range(d.attached_n[p][x]):
                places[3][d.attached[p][x][i]] += 1
    for i in range(d.discard_n):
        places[2][d.discard[i]] += 1
    if d.phase == PH_TARGET and d.pending != NO_CARD and d.pending != WYATT:
        places[4][d.pending] = 1


cdef dict _card_locations(WyattEarpData* d):
    cdef int places[6][N_TYPES]
    _count_places(d, places)
    return {name: [places[k][t] for t in range(N_TYPES)] for k, name in enumerate(PLACES)}


cdef str check_data(WyattEarpData* d, int view_seat):
    """Why ``d`` is not a possible state, or '' (used by from_dict).  With ``view_seat`` >= 0, ``d`` is that seat's
    view: other hands hold only their known cards and the draw pile is empty, so cards may be missing, never extra."""
    cdef int p, x, t, n = d.n_players
    if not 2 <= n <= MAX_PLAYERS:
        return f"n_players {n} not in 2..6"
    if d.phase > PH_GAME_OVER:
        return f"phase {d.phase} unknown"
    if d.phase != PH_GAME_OVER and not (0 <= d.active < n and 0 <= d.decider < n):
        return "active/decider seat out of range"
    if d.discard_n > N_CARDS or d.n_searches > MAX_SEARCHES or d.n_events > MAX_EVENTS:
        return "a count exceeds its capacity"
    problem = _check_records(d)
    if problem:
        return problem
    for p in range(MAX_PLAYERS):
        if sum_row(d.hand[p]) > d.hand_n[p] or (sum_row(d.hand[p]) != d.hand_n[p] and (view_seat < 0 or p == view_seat)):
            return f"hand_n[{p}] does not match the hand"
        for x in range(N_OUTLAWS):
            if d.attached_n[p][x] > MAX_ATTACH:
                return f"attached_n[{p}][{x}] too large"
            for t in range(d.attached_n[p][x]):
                if d.attached[p][x][t] not in (STAGECOACH, BANK, FASTEST, HIDEOUT):
                    return f"attached[{p}][{x}] holds a card that cannot be attached"
    if (d.fg_seat < 0) != (d.fg_outlaw < 0) or not -1 <= d.fg_seat < n or not -1 <= d.fg_outlaw < N_OUTLAWS:
        return f"the Fastest Gun's seat {d.fg_seat} and outlaw {d.fg_outlaw} do not name one group"
    for p in range(n):
        for x in range(N_OUTLAWS):
            t = sum(1 for i in range(d.attached_n[p][x]) if d.attached[p][x][i] == FASTEST)
            if t != (1 if p == d.fg_seat and x == d.fg_outlaw else 0):
                return f"group ({p}, {x}) holds {t} Fastest Gun cards, but the Fastest Gun is with " \
                       f"({d.fg_seat}, {d.fg_outlaw})"
    if view_seat < 0 and sum_row(d.draw) != d.draw_n:
        return "draw_n does not match the draw pile"
    if view_seat >= 0 and sum_row(d.draw) != 0:
        return "a view cannot show the draw pile"
    for i in range(d.discard_n):
        if d.discard[i] >= N_TYPES:
            return "discard pile holds an unknown card"
    if d.pending != NO_CARD and d.pending >= N_TYPES:
        return "pending card unknown"
    problem = _check_phase(d)
    if problem:
        return problem
    cdef int totals[N_TYPES]
    card_totals(d, totals)
    cdef int ghosts = 0                                    # a view pictures unseen searched cards in the pile,
    for t in range(d.n_searches):                          # even those played since (then counted twice)
        ghosts += view_seat >= 0 and d.search_type[t] == NO_CARD
    for t in range(N_TYPES):
        if d.phase != PH_GAME_OVER and (totals[t] > type_count(t) + ghosts
                                        or (view_seat < 0 and totals[t] != type_count(t))):
            return f"{totals[t]} cards of {CARD_NAMES[t]} (expected {type_count(t)})"
    return _check_knowledge(d, view_seat) if d.phase != PH_GAME_OVER else ""   # the duel may gather the hands


cdef str _check_records(WyattEarpData* d):
    """The knowledge records index arrays whatever the phase (a finished game's are sampled too): their counts
    within capacity and every seat and card they name in range.  Their consistency with the hands is
    ``_check_knowledge``'s."""
    cdef int p, k
    if d.n_plays > MAX_PLAYS:
        return "n_plays exceeds its capacity"
    for p in range(MAX_PLAYERS):
        if d.n_tiers[p] > MAX_TIERS:
            return f"tiers of seat {p} out of range"
    for k in range(d.n_plays):
        if d.play_seat[k] >= d.n_players or d.play_type[k] >= N_TYPES:
            return f"play record {k} out of range"
    for k in range(d.n_searches):
        if d.search_seat[k] >= d.n_players or (d.search_type[k] >= N_TYPES and d.search_type[k] != NO_CARD):
            return f"search record {k} out of range"
    return ""


cdef str _check_phase(WyattEarpData* d):
    """The pending decision fits the phase (§14): who decides, the card being resolved, the window's outlaw."""
    cdef int ph = d.phase
    if ph == PH_GAME_OVER:
        return ""
    if ph == PH_PHOTO_WINDOW or ph == PH_DEFENCE:
        if d.window_outlaw >= N_OUTLAWS or d.decider == d.active or d.pending != NO_CARD:
            return "a window needs an outlaw, a deciding seat other than the active one and no pending card"
        return ""
    if d.decider != d.active or d.window_outlaw != NO_CARD:
        return f"phase {PHASE_NAMES[ph]}: the active seat decides and no window is open"
    if ph == PH_TARGET:
        if d.pending not in (STAGECOACH, BANK, FASTEST, WANTED, HIDEOUT, WYATT):
            return "a target decision needs the card whose shot succeeded"
    elif ph == PH_IMMEDIATE:
        if d.pending == NO_CARD or d.pending < PHOTO or d.hand[d.active][d.pending] == 0:
            return "the immediate play needs the searched sheriff card in hand"
    elif d.pending != NO_CARD:
        return f"phase {PHASE_NAMES[ph]} has no pending card"
    if ph != PH_DRAW and ph != PH_PLAY and d.hand_n[d.active] == 0 and ph != PH_TARGET:
        return "the active seat holds no card"
    return ""


cdef str _check_knowledge(WyattEarpData* d, int view_seat):
    """The public bookkeeping of hands (12.4): every not known card is in exactly one tier or search record, tier
    masks shrink strictly from the oldest, records are well formed; in a full state, every hand fits its tiers."""
    cdef int p, i, k, t, hidden, mask, held, everyone = (1 << d.n_players) - 1
    for k in range(MAX_SEARCHES):
        if k >= d.n_searches:
            if (d.search_seat[k] or d.search_type[k] or d.search_below[k] or d.search_known[k] or d.search_held[k]
                    or d.search_mask[k] or d.search_gone[k]):
                return f"search record {k} beyond n_searches is not empty"
            continue
        if d.search_seat[k] >= d.n_players or d.search_held[k] > 1 or d.search_mask[k] >= 1 << N_OUTLAWS:
            return f"search record {k} out of range"
        if d.search_gone[k] < 0 or d.search_gone[k] >= 1 << N_TYPES or d.search_known[k] & ~everyone & 0xFF != 0 \
                and d.search_known[k] != 0xFF:
            return f"search record {k} out of range"
        if not (d.search_known[k] >> d.search_seat[k]) & 1:
            return f"search record {k}: the searcher does not know its own card"
        if d.search_type[k] == WYATT or (d.search_type[k] >= N_TYPES and
                                         (view_seat < 0 or d.search_type[k] != NO_CARD)):
            return f"search record {k} names an impossible card"
        if d.search_type[k] == NO_CARD and (view_seat < 0 or (d.search_known[k] >> view_seat) & 1 or
                                            d.search_below[k]):
            return f"search record {k}: an unknown card the view should know"
    for p in range(MAX_PLAYERS):
        if d.n_tiers[p] > MAX_TIERS or (p >= d.n_players and (d.n_tiers[p] or d.hand_n[p])):
            return f"tiers of seat {p} out of range"
        hidden = d.hand_n[p]
        for t in range(N_TYPES):
            if d.known[p][t] > d.hand[p][t]:
                return f"known[{p}] exceeds the hand"
            hidden -= d.known[p][t]
        for k in range(d.n_searches):
            hidden -= d.search_seat[k] == p and d.search_held[k]
        mask = 0xFF
        for i in range(MAX_TIERS):
            if i >= d.n_tiers[p]:
                if d.tier_n[p][i] or d.tier_mask[p][i]:
                    return f"tier {i} of seat {p} beyond n_tiers is not empty"
                continue
            if d.tier_n[p][i] == 0 or d.tier_mask[p][i] >= 1 << N_OUTLAWS:
                return f"tier {i} of seat {p} out of range"
            if (d.tier_mask[p][i] | mask) != mask or d.tier_mask[p][i] == mask:
                return f"tier masks of seat {p} do not shrink strictly"
            mask = d.tier_mask[p][i]
            hidden -= d.tier_n[p][i]
        if hidden != 0:
            return f"hand_n[{p}] does not match its known cards, tiers and searched cards"
        if view_seat < 0 or p == view_seat:
            for t in range(PHOTO):
                if d.hand[p][t] > d.known[p][t] + hidden_could_be(d, p, t):
                    return f"seat {p} holds more {CARD_NAMES[t]} than its \"no\" answers allow"
    if d.n_plays > MAX_PLAYS:
        return "n_plays exceeds its capacity"
    for k in range(MAX_PLAYS):
        if k >= d.n_plays:
            if d.play_seat[k] or d.play_type[k] or d.play_held[k] or d.play_more[k]:
                return f"play record {k} beyond n_plays is not empty"
            continue
        p = d.play_seat[k]
        if p >= d.n_players or d.play_type[k] >= N_TYPES or d.play_more[k] >= N_CARDS:
            return f"play record {k} out of range"
        held = 0
        for i in range(d.n_tiers[p]):
            held += d.tier_n[p][i]
        if not 0 < d.play_held[k] <= held:
            return f"play record {k} counts more held cards than seat {p}'s tiers hold"
    return ""


cdef void card_totals(WyattEarpData* d, int* out) noexcept nogil:
    """out[T] := cards of type T found anywhere (each of the 78 must be in exactly one place)."""
    cdef int places[6][N_TYPES]
    cdef int k, t
    _count_places(d, places)
    for t in range(N_TYPES):
        out[t] = 0
        for k in range(6):
            out[t] += places[k][t]




# ====================================================================== why an option is missing (for players)

cdef list unavailable_reasons(WyattEarpData* d):
    """Short sentences for the deciding seat: the usual options the rules withhold now, and why (§4.2, §5, §7)."""
    from deadeye.core.wyatt_earp.labels import OUTLAW_NAMES
    cdef int me = d.decider, h, x, p, t
    if d.phase == PH_GAME_OVER or me < 0:
        return []
    reasons = []
    if d.phase == PH_DRAW and d.discard_n == 0:
        reasons.append("the discard pile is empty: you draw from the draw pile")
    if d.phase == PH_SEARCH and any(d.discard[i] == WYATT for i in range(d.discard_n)):
        reasons.append("a search never takes a Wyatt Earp card")
    if d.phase != PH_PLAY:
        return reasons
    h = d.hand_n[me]
    sheriffs = [t for t in range(PHOTO, N_TYPES) if d.hand[me][t]]
    short = [OUTLAW_NAMES[x] for x in range(N_OUTLAWS) if not d.opened[x] and d.hand[me][x] == 2]
    if short:
        reasons.append(f"3 cards are needed to open an outlaw: you hold 2 {', 2 '.join(short)}")
    for x in range(N_OUTLAWS):
        if d.hand[me][x] == h and (d.opened[x] or h >= 3):
            reasons.append("you must keep a card to discard (D14): " + (
                "your last card cannot be played" if h == 1 else f"you cannot meld all your {h} {OUTLAW_NAMES[x]}"))
    if sheriffs and d.sheriff_used:
        reasons.append("one sheriff card per turn: you have played one")
        return reasons
    if sheriffs and h < 2:
        reasons.append("you must keep a card to discard (D14): your last card cannot be played")
        return reasons
    own = [x for x in range(N_OUTLAWS) if _has_group(d, me, x)]
    for t in sheriffs:
        if t < STAGECOACH and not d.opened[t - PHOTO]:
            reasons.append(f"{CARD_NAMES[t]} needs {OUTLAW_NAMES[t - PHOTO]} opened this round")
        elif (t == STAGECOACH or t == BANK) and not own:
            reasons.append(f"{CARD_NAMES[t]} goes on one of your groups: you have none")
        elif t == FASTEST and not [x for x in own if x != d.fg_outlaw]:
            reasons.append("Fastest Gun goes on one of your groups that does not hold the Fastest Gun: you have none")
        elif t == HIDEOUT and not any(p != me and _has_group(d, p, x) and not _has_hideout(d, p, x)
                                      for p in range(d.n_players) for x in range(N_OUTLAWS)):
            reasons.append("Hideout needs an opponent's group without a Hideout: there is none")
        elif t == WANTED and not any(p != me and d.outlaws[p][x] for p in range(d.n_players) for x in range(N_OUTLAWS)):
            reasons.append("Wanted mode 2 takes an outlaw card from an opponent's tableau: there is none")
        elif t == WYATT and not any(_has_hideout(d, me, x) for x in range(N_OUTLAWS)):
            reasons.append("Wyatt Earp mode 3 removes a Hideout from your tableau: you have none")
    return reasons
