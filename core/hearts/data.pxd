# Hearts as OpenSpiel plays it (open_spiel/games/hearts, default parameters): the data block of a state, its sizes
# and its encodings.
#
# A card is rank * 4 + suit (OpenSpiel's encoding): ranks 0..12 are 2..A, suits 0..3 are clubs, diamonds, hearts,
# spades.  So the two of clubs is 0 and the queen of spades 43.  A set of cards is a 64-bit mask (bit c = card c):
# the cards of one suit are every fourth bit, so a suit's mask is 0x1111111111111 shifted by the suit.
#
# Actions are OpenSpiel's action ids: a pass and a play are both the card's id (0..51).  OpenSpiel's chance actions
# (the pass direction 0..3 first, then the 52 dealt cards, the i-th to seat i % 4) are drawn when the state is
# created and recorded in `pass_dir` and `deal`, so that a game replays into OpenSpiel action for action.
from libc.stdint cimport uint8_t, int8_t, uint64_t

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_clzll(unsigned long long) nogil

cpdef enum:
    N_PLAYERS = 4
    N_SUITS = 4
    N_RANKS = 13
    N_CARDS = N_SUITS * N_RANKS          # 52
    N_TRICKS = N_CARDS // N_PLAYERS       # 13
    HAND_SIZE = N_TRICKS                  # cards dealt to each seat
    PASS_SIZE = 3                         # cards each seat passes
    N_PASSES = N_PLAYERS * PASS_SIZE      # pass actions of a hand with passing
    NUM_ACTIONS = N_CARDS                 # action id = card id
    TOTAL_POINTS = 26                     # 13 hearts at 1 point + the queen of spades at 13
    QS_POINTS = 13
    NO_CARD = 255                         # an empty or unseen card slot

# Suits and the two special cards.
cpdef enum:
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    TWO_CLUBS = 0                         # rank 0, clubs: leads the first trick
    QUEEN_SPADES = 10 * N_SUITS + SPADES  # 43

# Pass directions, as OpenSpiel's first chance action: seat p passes to seat (p + dir) % 4.
cpdef enum:
    NO_PASS = 0
    PASS_LEFT = 1
    PASS_ACROSS = 2
    PASS_RIGHT = 3

# Who decides, and about what.
cpdef enum:
    PH_PASS = 0                           # seat n_passed // 3 passes one card (seats 0, 1, 2, 3, three cards each)
    PH_PLAY = 1                           # the current seat plays a card to the trick
    PH_GAME_OVER = 2


cdef struct HeartsData:
    uint64_t hand[N_PLAYERS]              # cards each seat holds now (in a view: only the cards the viewer knows there)
    uint64_t allowed[N_PLAYERS]           # cards each seat may still hold, as far as its legal plays have shown
                                          # (a void in a suit, hearts only, ...); public, never shrinks the truth
    uint8_t hand_n[N_PLAYERS]             # cards in each hand
    uint8_t points[N_PLAYERS]             # penalty points in the tricks each seat took (the moon is settled at the end)
    uint8_t deal[N_CARDS]                 # OpenSpiel's deal: the i-th dealt card, to seat i % 4 (a view: NO_CARD
                                          # where unseen; the viewer's own cards in ascending order)
    uint8_t passed[N_PLAYERS][PASS_SIZE]  # the cards each seat passed, in the order passed (NO_CARD: not yet, or
                                          # unseen; a view holds the received cards in ascending order)
    uint8_t plays[N_CARDS]                # the cards played, in order (trick k is plays[4k .. 4k+3])
    int8_t leader[N_TRICKS]               # the seat that led each trick (-1 before it starts)
    int8_t winner[N_TRICKS]               # the seat that took each trick (-1 until it is complete)
    uint8_t pass_dir                      # NO_PASS, PASS_LEFT, PASS_ACROSS or PASS_RIGHT
    uint8_t phase                         # PH_*
    int8_t current                        # the seat to decide, -1 when the game is over
    uint8_t n_passed                      # pass actions made (0..12)
    uint8_t n_played                      # cards played (0..52)
    uint8_t hearts_broken                 # a heart or the queen of spades has been played (OpenSpiel: qs_breaks_hearts)


# ---------------------------------------------------------------------- cards and masks

cdef inline int card_suit(int card) noexcept nogil:
    """0 clubs .. 3 spades (card ids are never negative: the unsigned remainder needs no sign fix)."""
    return <int>(<unsigned int>card % N_SUITS)


cdef inline int card_rank(int card) noexcept nogil:
    """0 for a two .. 12 for an ace."""
    return <int>(<unsigned int>card // N_SUITS)


cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef inline uint64_t suit_bits(int suit) noexcept nogil:
    """The 13 cards of ``suit``."""
    return (<uint64_t>0x1111111111111ULL) << suit


cdef inline uint64_t all_cards() noexcept nogil:
    return ((<uint64_t>1) << N_CARDS) - 1


cdef inline int popcount(uint64_t mask) noexcept nogil:
    return __builtin_popcountll(mask)


cdef inline int lowest(uint64_t mask) noexcept nogil:
    """The lowest card of a non-empty mask."""
    return __builtin_ctzll(mask)


cdef inline int highest(uint64_t mask) noexcept nogil:
    """The highest card of a non-empty mask (the highest rank; among equal ranks, the highest suit)."""
    return 63 - __builtin_clzll(mask)


cdef inline uint64_t rank_bits(int rank) noexcept nogil:
    """The four cards of ``rank``."""
    return (<uint64_t>0xF) << (rank * N_SUITS)


cdef inline int card_points(int card) noexcept nogil:
    """OpenSpiel's CardPoints with jd_bonus off: 1 per heart, 13 for the queen of spades (no branch: rollouts play
    these at random)."""
    return <int>((suit_bits(HEARTS) >> card) & 1) + QS_POINTS * (card == QUEEN_SPADES)


cdef inline int pass_target(int seat, int pass_dir) noexcept nogil:
    """The seat that receives ``seat``'s passed cards."""
    return (seat + pass_dir) % N_PLAYERS


cdef inline int pass_source(int seat, int pass_dir) noexcept nogil:
    """The seat whose passed cards ``seat`` receives."""
    return (seat + N_PLAYERS - pass_dir) % N_PLAYERS


cdef inline int player_of_play(HeartsData* d, int i) noexcept nogil:
    """The seat that played the i-th card."""
    return (d.leader[i // N_PLAYERS] + i % N_PLAYERS) % N_PLAYERS


cdef inline int trick_winner_so_far(HeartsData* d, int trick, int cards) noexcept nogil:
    """The seat winning trick ``trick`` after its first ``cards`` cards (>= 1): the highest card of the led suit
    (selects, not branches: which card is higher is a coin flip in a random rollout)."""
    cdef int i, c, first = trick * N_PLAYERS, top = d.plays[first], led = card_suit(top), best = 0
    cdef bint higher
    for i in range(1, cards):
        c = d.plays[first + i]
        higher = (card_suit(c) == led) & (c > top)
        best = i if higher else best
        top = c if higher else top
    return (d.leader[trick] + best) % N_PLAYERS


cdef inline uint64_t legal_mask(HeartsData* d) noexcept nogil:
    """The cards the current seat may pass or play: OpenSpiel's PassLegalActions / PlayLegalActions with the
    default parameters (no_pts_on_first_trick, must_break_hearts; not can_lead_any_club nor
    can_lead_hearts_instead_of_qs), in OpenSpiel's order of checks: follow suit if possible; the first lead is the
    two of clubs; no points on the first trick (when there is a choice); no heart led before hearts are broken
    (if possible)."""
    cdef int n = d.n_played, on_table = n & (N_PLAYERS - 1)
    cdef uint64_t hand, m
    if d.phase != PH_PLAY:
        return d.hand[d.current] if d.phase == PH_PASS else 0
    hand = d.hand[d.current]
    if on_table:
        m = hand & suit_bits(card_suit(d.plays[n - on_table]))
        if m:
            return m
        if n < N_PLAYERS:
            m = hand & ~(suit_bits(HEARTS) | bit(QUEEN_SPADES))
            if m:
                return m
        return hand
    if n == 0:
        return bit(TWO_CLUBS)
    if not d.hearts_broken:
        m = hand & ~suit_bits(HEARTS)
        if m:
            return m
    return hand
