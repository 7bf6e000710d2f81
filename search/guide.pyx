"""The network as the search's guide (docs/learning.md).

A ``Guide`` reads the seat to move's encoding of a state (a determinisation: any seat of a sampled world is encoded
by the same code as the searching seat's own information set) and runs the network on it.  It serves the search
four ways (``ismcts:prior=net``, ``value=net``, ``rollout=net``, ``inference=net``): PUCT priors, values at the
leaves, rollout moves sampled from the policy (``_choose``), and the probability of each observed move under the
policy, which a particle filter weighs its worlds by (``_weights``).  It is a ``Policy``, so the rollout and
inference machinery takes it as it takes a game's heuristic.
"""
from libc.stdlib cimport malloc, free
from libc.string cimport memset

from deadeye.core.encoder cimport Encoder
from deadeye.core.rng cimport Rng, rng_next
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, MAX_SEATS
from deadeye.search.network cimport Network, forward, scratch_floats


cdef class Guide(Policy):
    """The guide of one searching thread: ``network`` (a ``Network`` of this game's encoding) on the states of
    ``information_set``'s game.

    >>> import numpy as np
    >>> from deadeye.core import new_game
    >>> from deadeye.core.features import encoding_layout
    >>> from deadeye.search.network import Network
    >>> info = new_game("hearts", players=4, seed=1).information_set(0)
    >>> guide = Guide(Network.initial(encoding_layout("hearts").size, (8, 8), 52, 4, seed=1), info)
    >>> state = info.sample(3)
    >>> prior, values = guide.evaluate_state(state)
    >>> sorted(prior) == state.legal_actions(), [round(v, 2) for v in values]
    (True, [0.5, 0.5, 0.5, 0.5])
    """

    def __cinit__(self):
        self.x = NULL
        self.hidden = NULL

    def __init__(self, Network network, InformationSet information_set) -> None:
        cls = type(information_set)
        if network.w.shape.inputs != cls.encoding_size():
            raise ValueError(f"the network reads {network.w.shape.inputs} floats; {cls.state_class.game}'s "
                             f"encoding has {cls.encoding_size()}")
        if network.w.shape.actions != cls.state_class.num_actions or network.w.shape.seats > MAX_SEATS:
            raise ValueError(f"the network's heads ({network.w.shape.actions} actions, {network.w.shape.seats} "
                             f"seats) do not fit {cls.state_class.game}")
        self.network = network
        self.scratch = cls.__new__(cls)
        self.x = <float*>malloc(network.w.shape.inputs * sizeof(float))
        self.hidden = <float*>malloc(scratch_floats(&network.w.shape) * sizeof(float))
        if self.x == NULL or self.hidden == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.x)
        free(self.hidden)

    cdef int evaluate(self, GameState s, const int* actions, int n, bint want_prior, double* values) noexcept nogil:
        cdef int seat = s._current_player(), players = s._num_players(), r
        cdef Encoder e
        if seat < 0:
            return -1
        self.scratch.seat = seat
        self.scratch._observe(s)
        memset(self.x, 0, self.network.w.shape.inputs * sizeof(float))
        e.out, e.size, e.pos = self.x, self.network.w.shape.inputs, 0
        self.scratch._encode(&e)
        forward(&self.network.w, self.x, actions, n, self.prior if want_prior else NULL,
                self.value if values != NULL else NULL, self.hidden)
        if values != NULL:
            for r in range(players):
                values[(seat + r) % players] = self.value[r] if r < self.network.w.shape.seats else 0.5
        return seat

    cdef int _choose(self, GameState s, Rng* rng) noexcept nogil:
        """A move drawn from the policy (rollout=net)."""
        cdef int buf[MAX_ACTIONS]
        cdef int n = s._legal_actions(buf), i
        cdef double u, total = 0.0
        if n == 0:
            return -1
        self.evaluate(s, buf, n, True, NULL)
        u = (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)
        for i in range(n):
            total += self.prior[i]
            if u < total:
                return buf[i]
        return buf[n - 1]

    cdef void _weights(self, GameState s, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        """The policy's probability of each of ``actions`` (inference=net)."""
        cdef int i
        self.evaluate(s, actions, n, True, NULL)
        for i in range(n):
            out[i] = self.prior[i]

    def evaluate_state(self, GameState state) -> tuple:
        """({action: prior} over the legal actions of ``state``'s seat to move, [value of each seat]), for tests."""
        cdef int buf[MAX_ACTIONS]
        cdef double values[MAX_SEATS]
        cdef int n = state._legal_actions(buf), i
        if self.evaluate(state, buf, n, True, values) < 0:
            raise ValueError("evaluate_state: the game is over")
        return {buf[i]: float(self.prior[i]) for i in range(n)}, [values[i] for i in range(state._num_players())]
