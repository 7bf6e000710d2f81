"""What one Kuhn poker player knows, and the sampler that deals full states consistent with it.

A player knows its own card and the betting; it sees the other card only at a showdown.  Every card it does not
hold is equally likely to be the other's (the deal is uniform and, as in every deadeye game, the sampler weighs
deals by how many physical deals fit, not by how likely the opponent's bets were under some model of its play).
"""
from deadeye.core.encoder cimport Encoder, put_onehot
from deadeye.core.rng cimport Rng, rng_below, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.kuhn_poker.data cimport *
from deadeye.core.kuhn_poker.state cimport KuhnPokerState, check_data

from deadeye.core.features import Feature, declare_features
from deadeye.core.kuhn_poker.labels import card_name

# OpenSpiel's information_state_tensor of kuhn_poker, float for float (the seat is absolute: in Kuhn poker the
# position is the information).
ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("player", N_PLAYERS, "the viewer's seat (one-hot)"),
    Feature("card", N_CARDS, "the viewer's card: jack, queen, king (one-hot)"),
    Feature("betting", 2 * MAX_BETS, "each betting action so far: pass, bet (one-hot per action, in order)"),
)


cdef void observe(KuhnData* d, int seat, KuhnData* v) noexcept nogil:
    """``v`` := the hand as ``seat`` knows it: the other card hidden unless the hand ended in a showdown."""
    v[0] = d[0]
    if not (d.current < 0 and folder(d) < 0):
        v.card[1 - seat] = NO_CARD


cdef bint sample_view(KuhnData* v, int seat, KuhnData* s, Rng* rng) noexcept nogil:
    """``s`` := a full state consistent with ``seat``'s view ``v``: the other card uniformly among the two left."""
    cdef int own = v.card[seat]
    if own >= N_CARDS:
        return False
    s[0] = v[0]
    if s.card[1 - seat] == NO_CARD:
        s.card[1 - seat] = (own + 1 + rng_below(rng, N_CARDS - 1)) % N_CARDS
    return True


cdef class KuhnPokerInformationSet(InformationSet):
    """What one Kuhn poker player knows; ``sample()`` deals the other card.

    >>> from deadeye.core import new_game
    >>> info = new_game("kuhn-poker", players=2, seed=4).information_set(1)
    >>> info.card(), info.describe()
    (1, 'Kuhn poker, player 1: your card Q, the other card ?; betting: -; player 0 to act')
    """

    state_class = KuhnPokerState
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef KuhnData view                  # the hand as `seat` knows it (see observe)

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(KuhnData)

    cdef void _observe(self, GameState state) noexcept nogil:
        observe(&(<KuhnPokerState>state).d, self.seat, &self.view)

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return sample_view(&self.view, self.seat, &(<KuhnPokerState>out).d, rng)

    cdef void _encode(self, Encoder* e) noexcept nogil:
        cdef int i
        put_onehot(e, self.seat, N_PLAYERS)
        put_onehot(e, self.view.card[self.seat], N_CARDS)
        for i in range(MAX_BETS):
            put_onehot(e, self.view.moves[i] if i < self.view.n_moves else -1, 2)

    def validate(self) -> str:
        """Why the view is not one the seat can have, or '' (``check_data`` on a view)."""
        return check_data(&self.view, self.seat)

    def card(self) -> int:
        """This player's card (0 jack, 1 queen, 2 king)."""
        return self.view.card[self.seat]
