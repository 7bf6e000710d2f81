# Way Out West (Martin Wallace, Warfrog 2000) for 2 to 5 players: the data block of a state, its sizes and its
# encodings.  The rules are ../shared/rules/way-out-west.md (cited as section numbers, its decisions as D).
#
# Towns are 0..4 (the rules' towns 1..5), B&T types 0..5, box types 0..11, seats 0..n_players - 1.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t

cpdef enum:
    MAX_PLAYERS = 5
    MIN_PLAYERS = 2
    N_TOWNS = 5
    N_BT = 6                    # B&T types
    N_BOXES = 12                # action box types
    N_ROUNDS = 12
    COWBOYS_EACH = 9            # 1.2
    CATTLE_EACH = 9
    BT_EACH = 3                 # of each type
    WANTED_TOKENS = 13          # 1.3
    START_COWBOYS = 3           # placed in setup, 2.4
    RAISE_STEP = 16             # a raise names H + 1 .. H + RAISE_STEP; RAISE_MORE adds RAISE_STEP first (3.1)
    MAX_EVENTS = 48             # public events kept from the last apply_action
    NOBODY = -1
    EMPTY = 255                 # an empty space of the new turn-order track

# B&T types (4.5); the index is also the target id of a gunfight at a counter of that type (6.1 a-c).
cpdef enum:
    STAGECOACH = 0
    TRAIN = 1
    BANK = 2
    STORE = 3
    HOTEL = 4
    JAIL = 5

# Income sources (5.1-5.4) and scoring rules (7.1-7.5), the rows of income_parts and score_parts.
cpdef enum:
    INC_CATTLE = 0
    INC_BANK = 1
    INC_STORE = 2
    INC_HOTEL = 3
    N_INCOME = 4
    SC_BT = 0
    SC_CATTLE = 1
    SC_CONTROL = 2
    SC_MONEY = 3
    SC_WANTED = 4
    N_SCORE = 5

# Action box types (3.3): BOX_BUILD + type for the six building boxes.
cpdef enum:
    BOX_CATTLE = 0
    BOX_COWBOYS = 1
    BOX_MOVE_COWBOYS = 2
    BOX_MOVE_CATTLE = 3
    BOX_BUILD = 4
    BOX_FARMER = 10
    BOX_GUNFIGHT = 11

# Phases: who decides what now.
cpdef enum:
    PH_PLACE = 0                # setup 2.4: d.current places a starting cowboy
    PH_AUCTION = 1              # 3.1: d.current raises or drops out
    PH_BID_MORE = 2             # 3.1: d.current is building a raise above H + RAISE_STEP (bid_extra added so far)
    PH_ACTION = 3               # 3.2: d.current takes an action or skips
    PH_SHERIFF = 4              # 6.3: the Jail's owner adds the sheriff or keeps it out
    PH_FIRE = 5                 # 6.4: a side's player fires or retreats (gf_side's moment)
    PH_WANTED = 6               # 6.9: the winner picks who gives him a wanted token (pool empty)
    PH_OVER = 7

# Action ids, all below NUM_ACTIONS (one rule per family; t, o, d are towns 0..4, p a seat):
cpdef enum:
    A_SKIP = 0                  # take no action this turn (3.2)
    A_BUY_CATTLE = 1            # + t * 2 + (k - 1): buy k = 1 or 2 cattle into t (4.1)
    A_BUY_COWBOYS = 11          # + t: buy one cowboy into t; + 5 + pair(t1, t2), t1 <= t2: two (4.2, PAIR_INDEX)
    A_MOVE_COWBOYS = 31         # + (o * 5 + d) * 9 + (m - 1): move m = 1..9 cowboys from o to d != o (4.3)
    A_MOVE_CATTLE = 256         # + (o * 5 + d) * 2 + (m - 1): move m = 1 or 2 cattle from o to d != o (4.4)
    A_BUILD = 306               # + type * 5 + t: build a counter of that type in t (4.5)
    A_FARMER = 336              # + t: place one's farmer in t (4.6)
    A_GUNFIGHT = 341            # + t * 17 + target: target 0..5 the counter of that type, 6 + q * 2 + (k - 1)
                                # k = 1 or 2 cattle of seat q, 16 the farmer (6.1)
    A_RAISE = 426               # + (k - 1), k = 1..RAISE_STEP: raise to H + bid_extra + k (3.1)
    A_RAISE_MORE = 442          # add RAISE_STEP to the raise being built, then name the rest (3.1)
    A_DROP = 443                # drop out of the auction (3.1)
    A_PLACE = 444               # + t: place a starting cowboy in t (2.4)
    A_SHERIFF_OUT = 449         # the Jail owner keeps the sheriff out (6.3)
    A_SHERIFF_IN = 450          # the Jail owner adds the sheriff to his side (6.3)
    A_FIRE = 451                # the side fires (6.4)
    A_RETREAT = 452             # + mask: the side retreats, one cowboy to each town of the 5-bit mask (6.6)
    A_TAKE_WANTED = 484         # + q: take a wanted token from seat q (6.9, pool empty)
    NUM_ACTIONS = 489

cpdef enum:
    TARGET_CATTLE = 6           # gunfight targets 6..15: cattle (see A_GUNFIGHT)
    TARGET_FARMER = 16
    N_TARGETS = 17
    ATTACK = 0                  # gunfight sides
    DEFENSE = 1
    SIMULTANEOUS = 2            # gf_first: the sides fire at the same time
    GS_ROUND = 0                # gunfight stage: a round of fire starts (order worked out again)
    GS_SHOT = 1                 # gunfight stage: gf_shot is the moment to fire
    GS_DONE = 2                 # no gunfight running

# Public events of the last apply_action (kind, player, a, value), for logs and front ends.
cpdef enum:
    EV_FIRST_PLAYER = 1         # player won the first-player roll (a: rolls made)
    EV_AUCTION_WON = 2          # player takes space 1 and pays value
    EV_DROPPED = 3              # player dropped out to space a + 1, paying value
    EV_STAGECOACH = 4           # player (a Stagecoach owner) receives value
    EV_SHERIFF = 5              # the sheriff joins side a (player: the Jail owner)
    EV_DEFAULT_DEFENDER = 6     # a default defender joins the defense
    EV_VOLLEY = 7               # side a rolled player dice (player field: the count) and scored value hits
    EV_RETREAT = 8              # side a retreats (player: its player)
    EV_WINNER = 9               # side a wins the gunfight (player: its player, -1 none); a = 2: no winner
    EV_CAPTURE = 10             # player captures the counter of type a
    EV_JAIL_REMOVED = 11        # the Jail is removed (player: its owner)
    EV_ROBBERY = 12             # the 3d6 roll a; player pays value
    EV_BANK_RUINED = 13         # player's Bank is removed
    EV_RUSTLED = 14             # player rustles a cattle
    EV_FARMER_SHOT = 15         # the farmer of town a is removed
    EV_WANTED = 16              # player takes a wanted token (value: from seat value, -1 the pool)
    EV_INCOME = 17              # player earns value (income step after round a)
    EV_SCORE = 18               # player scores value points in all
    EV_ROUND = 19               # round a begins
    EV_NO_WANTED = 20           # the winner finds no wanted token to take


cdef struct WowData:
    uint8_t n_players               # 2..5
    uint8_t round                   # 1..12 (12 once the game is over)
    uint8_t phase                   # PH_*
    int8_t current                  # the seat that decides now, -1 once the game is over
    uint8_t pass_no                 # 0 or 1: the pass of the action phase (3.2)
    uint8_t turn                    # the space (0-based) of the acting player in the action phase
    uint8_t placed                  # starting cowboys placed so far (setup, 0 .. 3 * n_players)
    uint8_t first_player            # the winner of the first-player roll (2.3)
    int32_t money[MAX_PLAYERS]      # dollars of each seat (public, D27), never below 0
    int32_t treasury                # the treasury balance: starts at 0, money + treasury is constant (1.3)
    uint8_t cowboys[N_TOWNS][MAX_PLAYERS]    # cowboys of each seat in each town
    uint8_t cattle[N_TOWNS][MAX_PLAYERS]     # cattle counters of each seat in each town
    int8_t building[N_TOWNS][N_BT]  # the owner of the counter of each type in each town, -1 none (one per type, 4.5)
    uint8_t farmer_at[N_TOWNS]      # 1 if the town holds a farmer (at most one, 4.6)
    uint8_t farmer_placed[MAX_PLAYERS]       # 1 once the seat has placed its farmer
    uint8_t farmers_removed         # farmers shot (removed from the game, 1.4)
    uint8_t cowboy_supply[MAX_PLAYERS]       # cowboys in each seat's supply
    uint8_t cattle_supply[MAX_PLAYERS]       # cattle counters in each seat's supply
    uint8_t bt_supply[MAX_PLAYERS][N_BT]     # B&T counters of each type in each seat's supply
    uint8_t bt_removed[MAX_PLAYERS][N_BT]    # B&T counters removed from the game (Jails shot, Banks ruined)
    uint8_t wanted[MAX_PLAYERS]     # wanted tokens held by each seat
    uint8_t wanted_pool             # wanted tokens in the pool
    uint8_t order[MAX_PLAYERS]      # the turn order: the seat on each space (space 1 first)
    uint8_t new_order[MAX_PLAYERS]  # the new track being built by the auction, EMPTY where nobody is yet
    uint8_t in_auction[MAX_PLAYERS] # 1 while the seat is still in this round's auction
    uint8_t bidder                  # the space (in `order`, the previous order) of the bidding player
    int32_t bid[MAX_PLAYERS]        # each seat's current bid this round (paid on dropping out or winning)
    int32_t high_bid                # H, the current high bid
    int32_t bid_extra               # PH_BID_MORE: dollars above H added by RAISE_MORE so far
    uint8_t boxes_left[N_BOXES]     # empty boxes of each type this round
    uint8_t gf_stage                # GS_*: the gunfight's progress
    uint8_t gf_town                 # the town of the gunfight
    uint8_t gf_target               # the target (see A_GUNFIGHT)
    int8_t gf_attacker              # the attacker
    int8_t gf_defender              # the defending player, -1 for the farmer
    int8_t gf_jail_owner            # the owner of the Jail in the town at declaration, -1 none
    uint8_t gf_temps[2]             # temporary fighters of the attack and defense sides (6.2)
    uint8_t gf_first                # ATTACK or DEFENSE fires first in this round of fire, or SIMULTANEOUS
    uint8_t gf_shot                 # sequential: 0 the first side's moment, 1 the second's; simultaneous: 0 the
                                    # attacker's retreat choice, 1 the defender's
    int8_t gf_winner                # the side that won (ATTACK, DEFENSE), -1 none, while the wanted token is picked
    uint8_t n_events                # events of the last apply_action
    uint8_t ev_kind[MAX_EVENTS]     # EV_*
    int8_t ev_player[MAX_EVENTS]
    uint8_t ev_a[MAX_EVENTS]
    int32_t ev_value[MAX_EVENTS]


# --- the tables of the rules ---

cdef inline int town_spaces(int t) noexcept nogil:
    """Building spaces of town t (1.1): 3, 4, 4, 5, 6."""
    return 3 if t == 0 else (4 if t <= 2 else (5 if t == 3 else 6))


cdef inline int town_corrals(int t) noexcept nogil:
    """Corrals of town t (1.1): 4, 5, 5, 6, 7."""
    return town_spaces(t) + 1


cdef inline int bt_cost(int kind) noexcept nogil:
    """Cost of building a counter (3.3): Stagecoach 5, Train 20, Bank 10, Store 5, Hotel 5, Jail 3."""
    if kind == TRAIN:
        return 20
    if kind == BANK:
        return 10
    if kind == JAIL:
        return 3
    return 5


cdef inline int start_money(int n) noexcept nogil:
    """Starting money (2): $25 with 2 or 5 players, $20 with 3 or 4."""
    return 25 if n == 2 or n == 5 else 20


cdef inline int box_count(int box, int n) noexcept nogil:
    """Boxes of a type for n players (3.3)."""
    if box == BOX_CATTLE or box == BOX_COWBOYS:
        return 2 if n == 2 else 3
    if box == BOX_MOVE_COWBOYS:
        return 2 if n <= 3 else 3
    if box == BOX_MOVE_CATTLE:
        return 1 if n == 2 else (2 if n <= 4 else 3)
    if box == BOX_GUNFIGHT:
        return 2 if n <= 3 else (3 if n == 4 else 4)
    return 1


cdef inline int pair_index(int t1, int t2) noexcept nogil:
    """The index (0..14) of the unordered pair of towns t1 <= t2 for Buy Cowboys of two."""
    return t1 * 5 - t1 * (t1 - 1) // 2 + (t2 - t1)


cdef inline int town_size(const WowData* d, int t) noexcept nogil:
    """B&T counters in town t, all owners together."""
    cdef int k, n = 0
    for k in range(N_BT):
        if d.building[t][k] >= 0:
            n += 1
    return n


cdef inline int owned_in(const WowData* d, int t, int p) noexcept nogil:
    """B&T counters seat p owns in town t (at most two, 4.5)."""
    cdef int k, n = 0
    for k in range(N_BT):
        if d.building[t][k] == p:
            n += 1
    return n


cdef inline int cattle_in(const WowData* d, int t) noexcept nogil:
    """Cattle counters in town t, all owners together."""
    cdef int p, n = 0
    for p in range(d.n_players):
        n += d.cattle[t][p]
    return n


cdef inline int popcount5(int m) noexcept nogil:
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)
