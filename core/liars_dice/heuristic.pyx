"""Liar's Dice: a fast rule-based player, the rollout policy of the search and the ``heuristic`` bot.

It reads only its own dice and the bids.  A bid of q dice on face f is plausible when q is at most the player's own
matching dice plus the other's expected matches (a third of its dice, a sixth for sixes) plus one half.  It calls
Liar on an implausible bid; otherwise it makes the lowest plausible raise, and calls Liar when there is none.
"""
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, Policy
from deadeye.core.liars_dice.data cimport *
from deadeye.core.liars_dice.state cimport LiarsDiceState


cdef inline bint plausible(const LiarsDiceData* d, int seat, int bid) noexcept nogil:
    """q <= own matches + the other's dice * (2/6, or 1/6 for sixes) + 1/2, in sixths."""
    cdef int quantity = bid_quantity(bid), face = bid_face(bid)
    cdef int own = d.dice[seat][face - 1] + (d.dice[seat][WILD - 1] if face != WILD else 0)
    return 6 * quantity <= 6 * own + d.n_dice * (1 if face == WILD else 2) + 3


cdef int heuristic_choice(const LiarsDiceData* d) noexcept nogil:
    """The rule-based choice of the player to act (see the module docstring)."""
    cdef int seat = d.n_bids % N_PLAYERS, liar = liar_action(d), a
    if d.n_bids > 0 and not plausible(d, seat, d.bid):
        return liar
    for a in range(d.bid + 1, liar):
        if plausible(d, seat, a):
            return a
    return liar if d.n_bids > 0 else d.bid + 1


cdef class LiarsDiceHeuristic(Policy):
    """The rule-based Liar's Dice player (see the module docstring)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        return heuristic_choice(&(<LiarsDiceState>state).d)

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """Exact: the rule's one choice."""
        cdef int i, choice = heuristic_choice(&(<LiarsDiceState>state).d)
        for i in range(n):
            out[i] = 1.0 if actions[i] == choice else 0.0
