"""Kuhn poker: a fast rule-based player, the rollout policy of the search and the ``heuristic`` bot.

It reads only its own card and the betting: with the king it bets and calls; with the queen it checks and calls a
bet one time in three; with the jack it checks, folds to a bet, and bluffs (bets after a check) one time in three.
"""
from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, Policy
from deadeye.core.kuhn_poker.data cimport *
from deadeye.core.kuhn_poker.state cimport KuhnPokerState


cdef class KuhnPokerHeuristic(Policy):
    """The rule-based Kuhn poker player (see the module docstring)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef KuhnData* d = &(<KuhnPokerState>state).d
        cdef int card = d.card[d.current]
        cdef bint facing_bet = d.n_moves > 0 and d.moves[d.n_moves - 1] == BET
        if card == KING:
            return BET
        if card == QUEEN:
            return BET if facing_bet and rng_below(rng, 3) == 0 else PASS
        return BET if not facing_bet and d.n_moves == 1 and rng_below(rng, 3) == 0 else PASS

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Exact: the king always bets, the queen calls a bet one time in three, the jack bluffs after a check one
        time in three; otherwise it passes."""
        cdef KuhnData* d = &(<KuhnPokerState>state).d
        cdef int card = d.card[d.current], i
        cdef bint facing_bet = d.n_moves > 0 and d.moves[d.n_moves - 1] == BET
        cdef double bet = 0.0
        if card == KING:
            bet = 1.0
        elif card == QUEEN:
            bet = 1.0 / 3.0 if facing_bet else 0.0
        elif not facing_bet and d.n_moves == 1:
            bet = 1.0 / 3.0
        for i in range(n):
            out[i] = bet if actions[i] == BET else 1.0 - bet
