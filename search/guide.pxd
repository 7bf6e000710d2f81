# The network as the search consults it (docs/learning.md): at any state of a determinisation, the policy of the
# seat to move over its legal actions and every seat's value, read from that seat's encoding of the state.
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS
from deadeye.search.network cimport Network


cdef class Guide(Policy):
    cdef readonly Network network
    cdef InformationSet scratch     # the game's information set, re-observed for the seat to move at each call
    cdef float* x                   # the encoding (its size: the network's inputs)
    cdef float* hidden              # the forward pass's scratch
    cdef float prior[MAX_ACTIONS]   # the last call's policy over the actions it was given
    cdef float value[MAX_SEATS]     # the last call's values, counted from the seat to move

    cdef int evaluate(self, GameState s, const int* actions, int n, bint want_prior, double* values) noexcept nogil
        # The policy at s over actions[0 .. n-1] (into self.prior, when want_prior) and, into values[p] for every
        # seat p (absolute), the network's estimate of its result; returns the seat to move (-1: s is terminal
        # and nothing was evaluated).  Not reentrant: one Guide per searching thread.
