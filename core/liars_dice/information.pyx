"""What one Liar's Dice player knows, and the sampler that rolls full states consistent with it.

A player knows its own dice and every bid; it sees the other's dice only once Liar is called.  Every roll of the
other's dice is as likely as it was when rolled (the sampler weighs deals by how many physical rolls fit, not by how
likely the other's bids were under some model of its play).
"""
from deadeye.core.encoder cimport Encoder, put_bits, put_count, put_flag, put_onehot
from deadeye.core.rng cimport Rng, rng_below
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.liars_dice.data cimport *
from deadeye.core.liars_dice.state cimport LiarsDiceState, check_data

from deadeye.core.features import Feature, declare_features

ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("player", N_PLAYERS, "the viewer's seat (one-hot; player 0 bids first)"),
    Feature("numdice", 1, f"the dice per player / {MAX_DICE}"),
    Feature("dice", N_FACES, "the viewer's dice showing each face 1 .. 6, each / numdice"),
    Feature("bids", MAX_BIDS, "each bid made, by id (q - 1) * 6 + (f - 1) for q dice of face f: the same id in "
                              "every numdice"),
    Feature("liar", 1, "Liar has been called (the game is over)"),
)


cdef void observe(LiarsDiceData* d, int seat, LiarsDiceData* v) noexcept nogil:
    """``v`` := the game as ``seat`` knows it: the other's dice hidden until Liar is called."""
    cdef int f
    v[0] = d[0]
    if d.caller < 0:
        for f in range(N_FACES):
            v.dice[1 - seat][f] = 0


cdef bint sample_view(LiarsDiceData* v, int seat, LiarsDiceData* s, Rng* rng) noexcept nogil:
    """``s`` := a full state consistent with ``seat``'s view ``v``: the other's dice rolled afresh while hidden."""
    cdef int i
    s[0] = v[0]
    if v.caller < 0:
        for i in range(v.n_dice):
            s.dice[1 - seat][rng_below(rng, N_FACES)] += 1
    return True


cdef class LiarsDiceInformationSet(InformationSet):
    """What one Liar's Dice player knows; ``sample()`` rolls the other's dice.

    >>> from deadeye.core import new_game
    >>> info = new_game("liars-dice", players=2, seed=3).information_set(1)
    >>> info.dice(), info.describe()
    ([0, 0, 0, 0, 1, 0], "Liar's Dice, player 1, 1 die each: your dice 5, the other's ?; bids: -; player 0 to act")
    """

    state_class = LiarsDiceState
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef LiarsDiceData view                 # the game as `seat` knows it (see observe)

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(LiarsDiceData)

    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<LiarsDiceState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return sample_view(&self.view, self.seat, &(<LiarsDiceState>out).d, rng)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        cdef int f, w
        put_onehot(e, self.seat, N_PLAYERS)
        put_count(e, self.view.n_dice, MAX_DICE)
        for f in range(N_FACES):
            put_count(e, self.view.dice[self.seat][f], self.view.n_dice)
        for w in range(BID_WORDS):
            put_bits(e, self.view.bids[w], min(64, MAX_BIDS - 64 * w))
        put_flag(e, self.view.caller >= 0)

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_data`` on a view)."""
        return check_data(&self.view, self.seat)

    def dice(self) -> list:
        """How many of this player's dice show each face, 1 to 6."""
        return [self.view.dice[self.seat][f] for f in range(N_FACES)]
