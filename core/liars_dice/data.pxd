# Liar's Dice as OpenSpiel's `liars_dice` plays it (two players, six-sided dice, its default "reset-face" bids; the
# dice per player are the option `numdice`): the data block of a state, its sizes and its encodings.
#
# A bid "q-f" (at least q dice among all show face f, sixes wild) is the action id (q - 1) * 6 + (f - 1): bids only
# rise, so a higher id is a stronger bid.  "Liar" is the id just past the game's last bid, 2 * numdice * 6 (its
# value depends on numdice, as in OpenSpiel).  OpenSpiel's chance actions (each die of player 0, then of player 1, a
# face 1..6 as the id 0..5) are drawn when the state is created and kept as counts per face.
from libc.stdint cimport uint8_t, int8_t, int16_t, uint16_t, uint64_t

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil

cpdef enum:
    N_PLAYERS = 2
    N_FACES = 6                              # OpenSpiel's dice_sides
    WILD = 6                                 # the face that matches every bid
    MAX_DICE = 42                            # numdice's largest: every id fits MAX_ACTIONS (512)
    MAX_BIDS = N_PLAYERS * MAX_DICE * N_FACES    # 504: the bids of the largest game, ids 0 .. 503
    NUM_ACTIONS = MAX_BIDS + 1               # a bid, or Liar (its id is the game's bid count: 12 * numdice)
    BID_WORDS = (MAX_BIDS + 63) // 64        # 64-bit words of the set of bids made
    NO_BID = -1                              # `bid` before the first


cdef struct LiarsDiceData:
    uint64_t bids[BID_WORDS]                 # bit a set: bid a was made (bids only rise: the set is the sequence)
    int16_t bid                              # the last (highest) bid, NO_BID before the first
    uint16_t n_bids                          # bids made; player n_bids % 2 acts next
    uint8_t n_dice                           # dice per player (the option numdice, 1 .. MAX_DICE)
    uint8_t dice[N_PLAYERS][N_FACES]         # dice[p][f]: player p's dice showing face f + 1 (a view: zeros for
                                             # the other player's until Liar shows them)
    int8_t caller                            # the player who called Liar (the game is over), -1 until then


cdef inline int bid_quantity(int bid) noexcept nogil:
    """The q of bid "q-f"."""
    return bid // N_FACES + 1


cdef inline int bid_face(int bid) noexcept nogil:
    """The f of bid "q-f" (1..6)."""
    return bid % N_FACES + 1


cdef inline bint bid_made(const LiarsDiceData* d, int bid) noexcept nogil:
    return d.bids[bid // 64] >> (bid % 64) & 1


cdef inline int liar_action(const LiarsDiceData* d) noexcept nogil:
    """The id of "Liar" in this game: one past its last bid."""
    return N_PLAYERS * d.n_dice * N_FACES


cdef inline int matches(const LiarsDiceData* d, int face) noexcept nogil:
    """Dice of both players that count for a bid on ``face`` (1..6): that face, or a wild six."""
    cdef int p, n = 0
    for p in range(N_PLAYERS):
        n += d.dice[p][face - 1] + (d.dice[p][WILD - 1] if face != WILD else 0)
    return n


cdef inline int bid_winner(const LiarsDiceData* d) noexcept nogil:
    """Once Liar is called: the bidder if at least the bid's quantity of dice match its face, else the caller."""
    return 1 - d.caller if matches(d, bid_face(d.bid)) >= bid_quantity(d.bid) else d.caller
