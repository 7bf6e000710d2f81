# Kuhn poker as OpenSpiel's ``kuhn_poker`` plays it (two players): the data block of a state, its sizes and its
# encodings.
#
# Three cards, jack (0), queen (1) and king (2); each player antes one chip and is dealt one card.  Actions are
# OpenSpiel's: 0 pass (check or fold), 1 bet (bet or call), one chip.  OpenSpiel's two chance actions (the cards
# dealt to player 0, then to player 1) are drawn when the state is created and recorded in `card`.
from libc.stdint cimport uint8_t, int8_t

cpdef enum:
    N_PLAYERS = 2
    N_CARDS = 3                 # jack, queen, king
    JACK = 0
    QUEEN = 1
    KING = 2
    PASS = 0                    # action: check, or fold facing a bet
    BET = 1                     # action: bet one chip, or call
    NUM_ACTIONS = 2
    MAX_BETS = 3                # betting actions in a hand at most: pass-bet-bet is the longest round
    ANTE = 1
    NO_CARD = 255               # a card the viewer does not see


cdef struct KuhnData:
    uint8_t card[N_PLAYERS]     # the card of each player (in a view: NO_CARD for the other's, until a showdown)
    # The betting: PASS or BET per betting action so far, and how many there are.  Named moves and n_moves in the
    # plain-dict form (to_dict, docs/protocol.md, tests/golden/kuhn-poker.layout.json), so the fields keep those
    # names; in code they are the bets (``KuhnState.bets()``), not a move counter as BANG!'s ``moves``.
    uint8_t moves[MAX_BETS]     # the bets so far, in order
    uint8_t n_moves             # how many bets so far
    int8_t current              # the player to act, -1 once the hand is over


cdef inline bint hand_over(const KuhnData* d) noexcept nogil:
    """Pass-pass, bet-pass, bet-bet, pass-bet-pass and pass-bet-bet end the hand."""
    if d.n_moves < 2:
        return False
    if d.n_moves == 2:
        return not (d.moves[0] == PASS and d.moves[1] == BET)
    return True


cdef inline int pot_share(const KuhnData* d, int p) noexcept nogil:
    """Chips player ``p`` has put in: the ante plus a bet or a call."""
    cdef int i, put = ANTE
    for i in range(d.n_moves):
        if i % N_PLAYERS == p and d.moves[i] == BET:
            put += 1
    return put


cdef inline int folder(const KuhnData* d) noexcept nogil:
    """The player who folded (passed facing a bet), or -1 (a showdown, or the hand goes on)."""
    cdef int i
    for i in range(1, d.n_moves):
        if d.moves[i] == PASS and d.moves[i - 1] == BET:
            return i % N_PLAYERS
    return -1
