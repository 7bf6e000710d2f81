"""Hearts: a fast rule-based player, the rollout policy of the search and the ``heuristic`` bot.

What it may look at (and nothing else): the deciding seat's own hand, the cards on the table, and which cards are
still out (the complement of the played ones; it reads the union of the hands, never one other hand).  Its only
randomness is tie-breaking from the generator it is given, so two states of the same information set get the same
answer.

- Pass: the most dangerous card first: the queen of spades, then the ace and king of spades, then high hearts, then
  high cards of short suits.
- Lead: the lowest rank it may lead (ties drawn at random).
- Follow: the highest card that stays under the trick's winning card; if none, it wins the trick with its highest
  card, keeping the queen of spades back when it can.
- Discard (void in the led suit): the queen of spades, then the ace or king of spades while the queen is out, then
  the highest heart, then the highest card.
"""
from libc.stdint cimport uint64_t

from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, Policy
from deadeye.core.hearts.data cimport *
from deadeye.core.hearts.state cimport HeartsState


cdef inline int _pick(uint64_t m, Rng* rng) noexcept nogil:
    """A card of the non-empty mask ``m``, uniformly."""
    cdef int r = rng_below(rng, popcount(m))
    while r > 0:
        m &= m - 1
        r -= 1
    return lowest(m)


cdef int _pass_choice(uint64_t hand) noexcept nogil:
    cdef int c, score, best = -1, best_score = -1, length
    cdef uint64_t m = hand
    while m:
        c = lowest(m)
        m &= m - 1
        length = popcount(hand & suit_bits(card_suit(c)))
        if c == QUEEN_SPADES:
            score = 100
        elif card_suit(c) == SPADES and card_rank(c) > card_rank(QUEEN_SPADES):
            score = 60 + card_rank(c)
        elif card_suit(c) == HEARTS:
            score = 20 + card_rank(c)
        else:
            score = card_rank(c) + (4 if length <= 3 else 0)
        if score > best_score:
            best, best_score = c, score
    return best


cdef int _play_choice(HeartsData* d, uint64_t legal, Rng* rng) noexcept nogil:
    cdef int on_table = d.n_played % N_PLAYERS, first = d.n_played - on_table, led, i, top
    cdef uint64_t out = d.hand[0] | d.hand[1] | d.hand[2] | d.hand[3]    # cards not yet played (public)
    cdef uint64_t m
    if on_table == 0:                                      # lead the lowest rank
        return _pick(legal & rank_bits(card_rank(lowest(legal))), rng)
    led = card_suit(d.plays[first])
    top = d.plays[first]
    for i in range(first + 1, d.n_played):
        if card_suit(d.plays[i]) == led and d.plays[i] > top:
            top = d.plays[i]
    if legal & suit_bits(led):                             # following suit
        m = legal & (bit(top) - 1)
        if m:
            return highest(m)                              # duck as high as possible
        m = legal & ~bit(QUEEN_SPADES)
        return highest(m) if m else QUEEN_SPADES           # it takes the trick: with its highest card
    if legal & bit(QUEEN_SPADES):                          # discarding
        return QUEEN_SPADES
    m = legal & suit_bits(SPADES) & ~(bit(QUEEN_SPADES) - 1) & ~bit(QUEEN_SPADES)
    if m and out & bit(QUEEN_SPADES):
        return highest(m)
    m = legal & suit_bits(HEARTS)
    return highest(m if m else legal)


cdef class HeartsHeuristic(Policy):
    """The rule-based Hearts player (see the module docstring)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef HeartsData* d = &(<HeartsState>state).d
        cdef uint64_t legal = legal_mask(d)
        if legal & (legal - 1) == 0:
            return lowest(legal)
        if d.phase == PH_PASS:
            return _pass_choice(legal)
        return _play_choice(d, legal, rng)

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Exact: every choice is deterministic but a lead, drawn uniformly among the lowest rank's legal cards."""
        cdef HeartsData* d = &(<HeartsState>state).d
        cdef uint64_t legal = legal_mask(d), ties
        cdef int i, choice
        if d.phase != PH_PASS and d.n_played % N_PLAYERS == 0 and legal & (legal - 1):
            ties = legal & rank_bits(card_rank(lowest(legal)))
            for i in range(n):
                out[i] = 1.0 / popcount(ties) if ties & bit(actions[i]) else 0.0
            return
        choice = self._choose(state, rng)
        for i in range(n):
            out[i] = 1.0 if actions[i] == choice else 0.0
