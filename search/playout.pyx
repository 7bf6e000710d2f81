"""Uniformly random playouts on the unchecked C path: the default rollout of the search and the speed benchmark."""
from libc.stdint cimport uint64_t

from deadeye.core.rng cimport Rng, rng_seed
from deadeye.core.state cimport GameState


cpdef long random_playout(GameState state, uint64_t seed, bint to_segment_end=False,
                          long max_moves=MAX_ROLLOUT_MOVES):
    """Play random legal actions on ``state`` (in place) until the game ends, or until its current segment (a round
    of Wyatt Earp) ends when ``to_segment_end``, or ``max_moves`` actions were played, or the state offers no legal
    action; returns the number of actions played.

    >>> from deadeye.core import new_game
    >>> state = new_game("wyatt-earp", players=3, seed=1)
    >>> random_playout(state, 7) > 0 and state.is_terminal()
    True
    >>> random_playout(new_game("hearts", players=4, seed=1), 7, max_moves=10)
    10
    """
    cdef Rng rng
    cdef long steps = 0
    cdef int segment = state._segment()
    if not 0 <= max_moves <= MAX_ROLLOUT_MOVES:
        raise ValueError(f"max_moves must be from 0 to {MAX_ROLLOUT_MOVES}, not {max_moves}")
    rng_seed(&rng, seed)
    with nogil:
        if not to_segment_end:
            return state._random_playout(&rng, max_moves)
        while steps < max_moves and state._segment() == segment and state._random_playout(&rng, 1):
            steps += 1                                 # one move at a time, to see the segment end
    return steps
