# Colt Express: the data block of a state, its sizes and its encodings (rules: ../shared/rules/colt-express.md).
#
# A seat's cards are counts per *kind*: kind = slot * N_TYPES + type for the action cards of the seat's bandit in
# that slot (slot 1 only in the 2-player variant), and BULLET for every bullet card (which bandit fired it, and its
# printed number, have no effect on play; who received what is kept as public statistics in `received`).  Draw
# decks are multisets from which each draw picks uniformly: their order is never observed (rules 13.4, "lazy
# shuffle"); under the advanced rules the bullets lying on top are a separate public count.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t

cpdef enum:
    MAX_PLAYERS = 6
    N_BANDITS = 6
    MAX_CARS = 7            # the locomotive (car 0) and up to six wagons
    N_WAGONS = 6            # wagon ids 0..5 are W-A..W-F (rules 1.1)
    N_TYPES = 6             # action card types
    N_SLOTS = 2             # bandits per seat, at most (2-player variant)
    N_KINDS = 13            # N_SLOTS * N_TYPES action kinds, then BULLET
    BULLET = 12             # the kind of every bullet card
    N_ROUNDS = 5
    MAX_TURNS = 5           # turns on a round card
    MAX_PILE = 32           # cards in the programming pile: at most 6 seats x 5 cards
    N_PURSES = 18
    N_TOKENS = 32           # 18 purses, 6 jewels, 2 strongboxes, 6 ransom purses
    N_NEUTRAL = 13          # marshal bullet cards (rules 1.5, D7)
    GUN = 6                 # bullet cards per bandit
    HAND = 6                # hand size at a round start (Doc: HAND + 1)
    MAX_EVENTS = 64         # public events kept from the last apply_action (for logs and front ends)
    N_ROUND_CARDS = 17
    UNKNOWN = 255           # a hidden value in a view (card kind, round card)

# Bandits (rules 1.4), in this order everywhere.
cpdef enum:
    BELLE = 0
    CHEYENNE = 1
    DJANGO = 2
    DOC = 3
    GHOST = 4
    TUCO = 5
    NEUTRAL = 6             # source index of a marshal bullet in `received`

# Action card types (rules 1.4: Move x2, Floor change x2, Fire x2, Rob x2, Punch x1, Marshal x1).
cpdef enum:
    MOVE = 0
    FLOOR = 1
    FIRE = 2
    ROB = 3
    PUNCH = 4
    MARSHAL = 5

cpdef enum:
    INSIDE = 0
    ROOF = 1

# Loot tokens: token ids (rules 1.2).  Starting purses are purses 0 .. n_bandits - 1.
cpdef enum:
    JEWEL0 = 18
    STRONGBOX0 = 24         # the locomotive's strongbox; STRONGBOX0 + 1 waits for Take It All!
    RANSOM0 = 26            # ransom purses of Hostage-Taking (D15)

# Where a token is: a position (car * 2 + level), a bandit's loot, the box, or set aside.
cpdef enum:
    PLACE_BANDIT = 16       # + bandit
    PLACE_BOX = 30          # unused, unseen (purses and jewels not in the train)
    PLACE_ASIDE = 31        # the second strongbox before Take It All!, ransom purses not yet handed out

# Turn types of a round card (rules 4.3).
cpdef enum:
    T_NORMAL = 0
    T_TUNNEL = 1
    T_SPEED = 2
    T_SWITCH = 3

# Round events and station events (rules 8, 8.1).
cpdef enum:
    RE_NONE = 0
    RE_ANGRY = 1
    RE_SWIVEL = 2
    RE_BRAKING = 3
    RE_TAKE_ALL = 4
    RE_REBELLION = 5
    RE_PICKPOCKET = 6
    RE_REVENGE = 7
    RE_HOSTAGE = 8

# Round card ids: R4-1..R4-7 = 0..6, R6-1..R6-7 = 7..13, ST-1..ST-3 = 14..16.
cpdef enum:
    R6_FIRST = 7
    STATION_FIRST = 14

# Who must decide, and about what (rules 14.1).
cpdef enum:
    PH_SETUP_CABOOSE = 0    # 2-player setup: which of the decider's bandits starts in the caboose
    PH_SETUP_MARSHAL = 1    # 2-player setup: which Marshal card a Ghost player removes
    PH_SCHEME = 2           # schemin': play a card (face up / down), an ordered pair (speed-up), or draw
    PH_KEEP = 3             # advanced: how many cards of kind `keep_kind` the decider keeps (one decision per kind)
    PH_MOVE = 4             # stealin', Move: destination car of `actor`
    PH_MARSHAL = 5          # stealin', Marshal: the marshal's destination car
    PH_FIRE = 6             # stealin', Fire: the target
    PH_ROB = 7              # stealin', Rob: the token taken
    PH_PUNCH_VICTIM = 8     # stealin', Punch: the victim
    PH_PUNCH_LOOT = 9       # stealin', Punch: which of `victim`'s tokens is lost
    PH_PUNCH_DEST = 10      # stealin', Punch: where `victim` is knocked to
    PH_PICKPOCKET = 11      # station event: the purse `actor` takes
    PH_GAME_OVER = 12

# Action ids: small dense ints, one encoding rule each.  The phase says which decision a shared range answers.
cpdef enum:
    A_PLAY = 0              # + kind * 2 + face_down   (kind < N_SLOTS * N_TYPES)
    A_PAIR = 24             # + first_kind * 12 + second_kind: a speed-up turn's two cards, in resolution order
    A_DRAW = 168            # draw three cards
    A_CAR = 169             # + car: Move destination, the marshal's destination, a punched bandit's destination
    A_BANDIT = 176          # + bandit: Fire target, Punch victim, 2-player caboose choice / removed Marshal card
    A_TOKEN = 182           # + token: Rob, the punched bandit's lost token, Pickpocketing
    A_KEEP = 214            # + count (0..2) of kind `keep_kind` kept (advanced end of schemin'); 0 if none held
    NUM_ACTIONS = 217

# pile_flags bits
cpdef enum:
    FACE_DOWN = 1
    REVEALED = 2
    PRE_POOL = 4            # advanced: in the pile when its owner's draw deck was last formed, so not of its pool

# Public events of the last apply_action (automatic steps and chance outcomes, for logs).
cpdef enum:
    EV_ROUND = 1            # round, round card
    EV_REVEAL = 2           # bandit, type, was face down
    EV_DRAW = 3             # seat, cards drawn
    EV_FLEE = 4             # bandit, car, neutral bullet received (1/0)
    EV_SHORTAGE = 5         # group size, neutral cards removed
    EV_HIT = 6              # shooter, target
    EV_PUSH = 7             # bandit, car
    EV_NOTHING = 8          # bandit, type: the card had no effect
    EV_EVENT = 9            # round event id
    EV_STRONGBOX = 10       # car
    EV_LOSES = 11           # bandit, token (Marshal's Revenge)
    EV_RANSOM = 12          # bandit, token
    EV_RESHUFFLE = 13       # seat, cards in the new draw deck
    EV_KEEP = 14            # seat, cards kept
    EV_DISCARD_BULLETS = 15 # seat, bullet cards discarded
    EV_GAME_END = 16        # winners bitmask
    EV_MOVED = 17           # bandit, car, level (Swivel Arm, Braking)
    EV_SHOT_BY_MARSHAL = 18 # bandit, neutral bullet received (1/0) (Angry Marshal, Rebellion)
    EV_MARSHAL_MOVES = 19   # car
    EV_FLOOR = 20           # bandit, car, level
    EV_DROP = 21            # bandit, token, car * 2 + level
    EV_TAKE = 22            # bandit, token (Rob, Cheyenne, Pickpocketing)
    EV_PLACED = 23          # bandit, car (2-player setup)
    EV_REMOVED_MARSHAL = 24 # seat, bandit whose Marshal card is removed


cdef struct Event:
    int16_t kind, a, b, c


cdef struct ColtData:
    # --- the table ---
    int8_t n_players                    # seats, 2..6
    int8_t n_bandits                    # bandits in play: the seats, or 4 in the 2-player variant
    uint8_t n_slots                     # bandits per seat: 1, or 2 in the 2-player variant
    uint8_t advanced                    # the advanced deck rules (section 11) are in force
    uint8_t n_cars                      # the locomotive and the wagons; car n_cars - 1 is the caboose
    uint8_t wagon[MAX_CARS]             # wagon id (0..5) of each car; the locomotive (car 0): UNKNOWN
    uint8_t round_card[N_ROUNDS]        # the round deck, round 1 first; a view shows UNKNOWN for unrevealed ones
    uint8_t round                       # 1..5; 0 during the 2-player setup
    int8_t first                        # first player of the current round (of the setup, round 0)
    uint8_t phase                       # PH_*
    int8_t decider                      # seat that decides now; -1 when the game is over
    uint8_t turn                        # schemin': index of the current turn on the round card
    uint8_t step                        # schemin' / keep / setup: seats that have acted in this turn or step
    int8_t actor                        # bandit whose card (or Pickpocketing choice) is being resolved, else -1
    int8_t victim                       # Punch: the chosen victim while his loot and destination are chosen, else -1
    uint8_t pick_mask                   # Pickpocketing: bit per bandit still to take a purse
    uint8_t keep_kind                   # PH_KEEP: the kind being decided (public: every seat decides about every kind
                                        # it owns, in kind order, held or not)
    uint8_t winners                     # game over: bitmask of the seats sharing the victory
    # --- bandits and the marshal ---
    int8_t marshal_car                  # the marshal is inside this car
    int8_t controller[N_BANDITS]        # seat controlling each bandit; -1 when the bandit is not in the game
    int8_t bandit_of[MAX_PLAYERS][N_SLOTS]   # each seat's bandits, slot 0 first; -1 for none
    int8_t car[N_BANDITS]               # car of each bandit; -1 before the 2-player placement
    uint8_t level[N_BANDITS]            # INSIDE or ROOF
    uint8_t bullets_left[N_BANDITS]     # own bullet cards not yet fired (GUN - bullets fired)
    uint8_t received[N_BANDITS][N_BANDITS + 1]   # bullet cards each bandit received from each bandit / NEUTRAL
    uint8_t neutral_supply              # marshal bullet cards left in the supply
    uint8_t neutral_removed             # marshal bullet cards removed from the game by the shortage rule
    # --- loot ---
    uint8_t tok_place[N_TOKENS]         # position car * 2 + level, PLACE_BANDIT + bandit, PLACE_BOX or PLACE_ASIDE
    int16_t tok_value[N_TOKENS]         # dollars; 0 in a view for a purse whose value the seat does not know
    uint8_t tok_known[N_TOKENS]         # bitmask of the seats that know the value (13.3)
    int16_t tok_stamp[N_TOKENS]         # when its holder took it (Marshal's Revenge ties, D32); 0 if not held
    int16_t stamp                       # last stamp handed out
    uint8_t ransom_n                    # ransom purses handed out
    # --- cards of each seat, as counts per kind ---
    uint8_t hand[MAX_PLAYERS][N_KINDS]  # a view shows another seat only its publicly known bullets
    uint8_t hand_n[MAX_PLAYERS]         # cards in each hand (public)
    uint8_t known_bullets[MAX_PLAYERS]  # advanced: bullets publicly known to be in the hand (drawn from the top)
    uint8_t deck[MAX_PLAYERS][N_KINDS]  # draw deck below the top bullets, a multiset; zero for others in a view
    uint8_t deck_n[MAX_PLAYERS]         # cards in `deck` (public)
    uint8_t deck_top[MAX_PLAYERS]       # advanced: bullet cards face down on top of the draw deck (public)
    uint8_t pool[MAX_PLAYERS][N_KINDS]  # advanced: the draw deck's composition when it was last formed (public, D36)
    uint8_t drawn[MAX_PLAYERS]          # advanced: cards drawn from below the top in this schemin' phase (public)
    uint8_t returned[MAX_PLAYERS][N_KINDS]   # base: action cards resolved this round, back in the deck (public, D31)
    uint8_t aside[MAX_PLAYERS]          # base: bullet cards received this round, waiting for the next round start
    uint8_t discard[MAX_PLAYERS][N_KINDS]    # advanced: the discard pile (public)
    uint8_t stale[MAX_PLAYERS][N_KINDS]      # advanced: cards of the discard pile known not to come from the current
                                             # pool (PRE_POOL cards, bullets drawn from the top): public
    uint8_t kept_n[MAX_PLAYERS]         # advanced: cards kept at the last end of schemin' (public)
    uint8_t keep[MAX_PLAYERS][N_KINDS]  # advanced: this round's keep choices, applied together (private till then)
    uint8_t removed_marshal[MAX_PLAYERS]     # 2-player: slot whose Marshal card was removed; UNKNOWN before
    # --- the programming pile (rules 4.3, 5.1) ---
    uint8_t pile_n                      # cards played this round
    uint8_t pile_next                   # stealin': the card being (or next to be) resolved; those below are done
    int8_t pile_bandit[MAX_PILE]        # the bandit each card belongs to (public)
    uint8_t pile_kind[MAX_PILE]         # the card as its seat's kind; UNKNOWN in a view for a hidden face-down card
    uint8_t pile_flags[MAX_PILE]        # FACE_DOWN, REVEALED
    # --- log of the last apply_action ---
    uint8_t n_events
    Event events[MAX_EVENTS]


# ---------------------------------------------------------------------------------------------- fixed tables

cdef inline int card_code(int card) noexcept nogil:
    """Turn sequence of a round card (rules 1.3, D1): 3 bits per turn, first turn lowest, value turn type + 1."""
    if card == 0: return 2185       # R4-1 N N T W, Angry Marshal
    if card == 1: return 593        # R4-2 N T N N, Swivel Arm
    if card == 2: return 585        # R4-3 N N N N, Braking
    if card == 3: return 721        # R4-4 N T S N, Take It All!
    if card == 4: return 4745       # R4-5 N N T N N, Passengers' Rebellion
    if card == 5: return 89         # R4-6 N S N, bridge
    if card == 6: return 5201       # R4-7 N T N T N, tunnels
    if card == 7: return 265        # R6-1 N N W, Angry Marshal
    if card == 8: return 81         # R6-2 N T N, Swivel Arm
    if card == 9: return 593        # R6-3 N T N N, Braking
    if card == 10: return 281       # R6-4 N S W, Take It All!
    if card == 11: return 2129      # R6-5 N T N W, Passengers' Rebellion
    if card == 12: return 25        # R6-6 N S, bridge
    if card == 13: return 1105      # R6-7 N T N T, tunnels
    return 649                      # ST-1..3 N N T N


cdef inline int card_turn(int card, int t) noexcept nogil:
    """Type of turn ``t`` of round card ``card``, or -1 past its last turn."""
    return ((card_code(card) >> (3 * t)) & 7) - 1


cdef inline int card_turns(int card) noexcept nogil:
    cdef int t = 0
    while t < MAX_TURNS and card_turn(card, t) >= 0:
        t += 1
    return t


cdef inline int card_event(int card) noexcept nogil:
    """The event at the end of the round (rules 1.3, 8)."""
    cdef int r
    if card >= STATION_FIRST:
        return RE_PICKPOCKET + card - STATION_FIRST
    r = card % R6_FIRST
    if r == 0: return RE_ANGRY
    if r == 1: return RE_SWIVEL
    if r == 2: return RE_BRAKING
    if r == 3: return RE_TAKE_ALL
    if r == 4: return RE_REBELLION
    return RE_NONE


cdef inline int wagon_purses(int w) noexcept nogil:
    """Printed purses of wagon W-A..W-F (rules 1.1, D2): 1, 1, 0, 3, 4, 3."""
    if w == 0 or w == 1: return 1
    if w == 2: return 0
    return 4 if w == 4 else 3


cdef inline int wagon_jewels(int w) noexcept nogil:
    """Printed jewels of wagon W-A..W-F: 0, 1, 3, 0, 1, 1."""
    if w == 0 or w == 3: return 0
    return 3 if w == 2 else 1


cdef inline int purse_value(int i) noexcept nogil:
    """The i-th of the 18 purse values (rules 1.2): 8 x $250, then 2 each of $300, 350, 400, 450, 500."""
    return 250 if i < 8 else 300 + 50 * ((i - 8) // 2)


cdef inline int type_copies(int type_) noexcept nogil:
    """Copies of an action type in one bandit's 10 cards (rules 1.4)."""
    return 2 if type_ < PUNCH else 1


# ---------------------------------------------------------------------------------------------- small helpers

cdef inline int popcount(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline int pos_of(ColtData* d, int b) noexcept nogil:
    """A bandit's position as car * 2 + level (the token place code)."""
    return d.car[b] * 2 + d.level[b]


cdef inline int bandits_at(ColtData* d, int car, int level) noexcept nogil:
    """Bitmask of the bandits at (car, level)."""
    cdef int b, m = 0
    for b in range(N_BANDITS):
        if d.controller[b] >= 0 and d.car[b] == car and d.level[b] == level:
            m |= 1 << b
    return m


cdef inline int kind_bandit(ColtData* d, int seat, int kind) noexcept nogil:
    """The bandit an action kind of ``seat`` belongs to."""
    return d.bandit_of[seat][kind // N_TYPES]


cdef inline int hand_limit(ColtData* d, int seat) noexcept nogil:
    """6 cards, 7 if one of the seat's bandits is Doc (7.4, D21)."""
    cdef int s
    for s in range(d.n_slots):
        if d.bandit_of[seat][s] == DOC:
            return HAND + 1
    return HAND


cdef inline int kind_total(ColtData* d, int seat, int kind) noexcept nogil:
    """Cards of ``kind`` the seat owns in all (6.2 item 6): its action cards, or every bullet card its bandits
    received.  Nothing before the 2-player setup has formed the decks."""
    cdef int s, b, src, n = 0, t
    if kind == BULLET:
        for s in range(d.n_slots):
            b = d.bandit_of[seat][s]
            if b >= 0:
                for src in range(N_BANDITS + 1):
                    n += d.received[b][src]
        return n
    if d.round == 0:
        return 0
    s = kind // N_TYPES
    t = kind % N_TYPES
    if s >= d.n_slots or d.bandit_of[seat][s] < 0:
        return 0
    if d.n_slots == 1:
        return type_copies(t)
    return 0 if (t == MARSHAL and d.removed_marshal[seat] == s) else 1


cdef inline int token_value_known(ColtData* d, int tok, int seat) noexcept nogil:
    return (d.tok_known[tok] >> seat) & 1


cdef inline bint is_purse(int tok) noexcept nogil:
    return tok < JEWEL0 or tok >= RANSOM0
