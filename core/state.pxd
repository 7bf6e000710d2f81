# The state contract every game implements (../shared/design.md, "core: the state contract").
#
# A game state is a cdef class deriving from GameState whose whole hot state is one plain C struct, so that copying a
# state is one memcpy (_copy_from) and two states compare bytewise.  The public, checked API follows OpenSpiel's names;
# the underscored cdef methods are the unchecked C path that search uses.
from libc.math cimport exp

from deadeye.core.encoder cimport Encoder
from deadeye.core.rng cimport Rng, rng_below, rng_next, rng_seed

cpdef enum:
    MAX_ACTIONS = 512        # capacity of a caller-owned legal-action buffer; every game's action count is below it
    MAX_SEATS = 16           # capacity of a per-seat buffer (rewards, returns); every game has fewer seats
    OBS_BASE = MAX_ACTIONS   # observation ids from here on stand for actions a seat sees only in part
    OBS_HIDDEN = OBS_BASE    # an action the seat sees nothing of but that the player acted
    OBS_NONE = -1            # a decision the seat does not notice at all (a window it cannot know was open)


cdef class GameState:
    # Each game's state class declares, as class attributes: ``game`` (its registry name), ``layout`` (the fields of
    # its C data block, from ``deadeye.core.layout.derive_layout``) and ``num_actions`` (action ids are
    # 0 .. num_actions - 1).  The base class turns them into copying, comparison, pickling and ``to_dict``.
    cdef Rng rng             # chance: every random choice of this state comes from here

    # --- the game's C data block (one struct), so the base class can copy, compare and pickle any game: the game's
    # __cinit__ points them at its struct, once (``self.block, self.block_size = &self.d, sizeof(XData)``) ---
    cdef void* block
    cdef size_t block_size

    # --- unchecked C path for search (design habits 6 and 9b) ---
    cdef void _copy_from(self, GameState src) noexcept nogil
    cdef int _current_player(self) noexcept nogil
    cdef bint _is_terminal(self) noexcept nogil
    cdef int _legal_actions(self, int* out) noexcept nogil      # writes the legal ids, returns how many
    cdef bint _is_legal(self, int action) noexcept nogil
    cdef int _random_action(self, Rng* rng) noexcept nogil     # a uniformly random legal id (-1: none), the
                                                                # rollouts' move: _legal_actions' buf[rng_below(n)]
    cdef int _random_playout(self, Rng* rng, int limit) noexcept nogil  # up to limit _random_action moves (fewer
                                                                # at the end or where none is legal): how many
    cdef void _apply(self, int action) noexcept nogil           # the action must be legal
    cdef void _returns(self, double* out) noexcept nogil        # one entry per seat
    cdef int _segment(self) noexcept nogil                      # game-defined stage counter (Wyatt Earp: the round)
    cdef void _evaluate(self, double* out) noexcept nogil       # estimated result per seat in [0, 1], for cut-offs
    cdef int _num_players(self) noexcept nogil
    cdef int _observation(self, int action, int seat) noexcept nogil   # what `seat` sees of `action` played now:
                                                                       # the id itself, or an id >= OBS_BASE

    # --- checked Python API ---
    cpdef GameState clone(self)
    cpdef int num_players(self)
    cpdef int current_player(self)
    cpdef list legal_actions(self)
    cpdef bint is_terminal(self)
    cpdef list returns(self)
    cpdef apply_action(self, action)


cdef class InformationSet:
    # Each game's information set class declares ``state_class`` (its GameState subclass) as a class attribute; its
    # view is a C block of the state's struct type (the state as the seat pictures it), so the base class derives
    # the view's layout, copying, comparison, pickling, ``to_dict`` and the rules queries from the state class.
    cdef readonly int seat   # the seat whose knowledge this is

    cdef void* block                # the view: the game's struct, set by the game's __cinit__ as a state's block
    cdef size_t block_size
    cdef void _observe(self, GameState state) noexcept nogil               # view := what `seat` knows of state
    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil   # the hidden parts of a state consistent
                                                                           # with the view (see determinise); False
                                                                           # if the view admits none
    cpdef GameState blank_state(self)                                      # a zeroed state of the game, to sample into
    cdef GameState _view_state(self)                                       # the view as a (partial) state
    cdef void _encode(self, Encoder* e) noexcept nogil                     # the declared features of the view,
                                                                           # in order (docs/encodings.md)


cdef class Policy:
    # A fast rule-based player for rollouts: it picks an action for the current player of `state`, looking only at
    # what that player may know.  The base class picks uniformly among the legal actions (-1 if there is none).
    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil
    # The probability that `_choose` plays each of `actions[0 .. n-1]` (the legal actions of `state`) into `out`,
    # summing to 1: the policy as a model of play, which inference weighs observed actions by (search/particles.pyx).
    # The base class is uniform (its own `_choose`); a game's heuristic gives its exact distribution, or an estimate
    # from `sampled_weights` below; `rng` serves an estimate's draws only.
    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil


cdef inline bint determinise(InformationSet info, GameState out, Rng* rng) noexcept nogil:
    # A determinisation: the game's sample of the hidden parts, then a fresh chance stream from ``rng``, so that it
    # never knows the true future (every caller samples through here).  False if the view admits no state.
    if not info._sample_into(out, rng):
        return False
    rng_seed(&out.rng, rng_next(rng))
    return True


# --- helpers the games share ---

cdef enum:
    WEIGHT_DRAWS = 4         # the choices `sampled_weights` draws for a heuristic that breaks its ties at random

cdef inline void sampled_weights(Policy policy, GameState state, const int* actions, int n, double* out, Rng* rng,
                                 int draws) noexcept nogil:
    # ``Policy._weights`` estimated from ``draws`` calls of ``_choose`` (for a policy whose only randomness is a few
    # tie-breaks, the estimate is close to exact; a deterministic policy's is exact).
    cdef int i, k, a
    for i in range(n):
        out[i] = 0.0
    for k in range(draws):
        a = policy._choose(state, rng)
        for i in range(n):
            if actions[i] == a:
                out[i] += 1.0 / draws
                break


cdef inline void score_shares(double* score, int n, double temperature, double* out) noexcept nogil:
    # An evaluation from scores (money, loot): a softmax of each seat's lead over the best, at ``temperature`` (in the
    # score's unit); in [0, 1], summing to 1.
    cdef int p
    cdef double top = score[0], total = 0.0
    for p in range(1, n):
        if score[p] > top:
            top = score[p]
    for p in range(n):
        out[p] = exp((score[p] - top) / temperature)
        total += out[p]
    for p in range(n):
        out[p] /= total


cdef inline void consider_action(double v, int a, double* best, int* choice, int* ties, Rng* rng) noexcept nogil:
    # For a policy scanning its actions: keep the highest value; equal values are broken uniformly at random
    # (a reservoir of one).
    if v > best[0] + 1e-9:
        best[0] = v
        choice[0] = a
        ties[0] = 1
    elif v >= best[0] - 1e-9:
        ties[0] += 1
        if rng_below(rng, ties[0]) == 0:
            choice[0] = a
