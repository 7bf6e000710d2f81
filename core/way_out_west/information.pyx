"""What one Way Out West seat knows: everything but the future dice (rules 8, D27).

The view is the whole state struct; only the generator, which holds the future dice, is left out.  ``sample()``
copies the view and gives the sample a fresh generator drawn from the sampler's, so a determinisation never knows the
true future dice (and two samples of one view differ only in their dice).
"""
from deadeye.core.rng cimport Rng, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.way_out_west.data cimport WowData
from deadeye.core.way_out_west.state cimport WayOutWestState, check_data


cdef class WayOutWestInformationSet(InformationSet):
    """What one seat knows (the whole board, every purse and bid); ``sample()`` only re-seeds the dice.

    >>> from deadeye.core import new_game
    >>> state = new_game("way-out-west", players=2, seed=3)
    >>> info = state.information_set(0)
    >>> info.sample(7).information_set(0) == info, info.sample(7) == state
    (True, False)
    """

    state_class = WayOutWestState

    cdef WowData view                   # the state without its generator

    cdef void* _data(self) noexcept nogil:
        return &self.view

    cdef size_t _data_size(self) noexcept nogil:
        return sizeof(WowData)

    cdef void _observe(self, GameState state) noexcept:
        self.view = (<WayOutWestState>state).d

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        (<WayOutWestState>out).d = self.view          # all is public; determinise() re-seeds the future dice
        return True

    def validate(self) -> str:
        """Why the view is no state of the game, or '' (the state's own checks: the view is the whole state)."""
        return check_data(&self.view)

    def describe(self) -> str:
        """The board as text."""
        from .text import describe_view
        return describe_view(self)
