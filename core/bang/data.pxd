# BANG! (Emiliano Sciarra, dV Giochi) with Gold Rush and the Ghost Gunslinger variant, 4 to 7 players: the data block
# of a state, its sizes and its encodings.  The rules are ../shared/rules/bang-gold-rush.md (cited as section
# numbers, its decisions as D).  ACTIONS.md beside this file is the action-id table.
#
# Ids (stable; the independent model and the replay adapter read them):
# - main-deck cards 0..79 in the order of the table of rules 1.1, row by row, each row's ranks left to right
#   (0 = BANG! A spades, 1..3 BANG! hearts Q K A, ..., 79 Winchester 8 spades); card_kind/card_suit/card_rank;
# - equipment cards 0..23 in the order of the table of rules 1.4, copies consecutive (0..2 Shot, 3..5 Bottle,
#   6..8 Pardner, 9..10 Rum, 11 Union Pacific, 12 Gold Rush, 13 Boots, 14 Calumet, 15 Gold Pan, 16 Gun Belt,
#   17 Horseshoe, 18 Lucky Charm, 19 Pickaxe, 20 Rucksack, 21..23 Wanted); equip_kind/equip_cost;
# - characters 0..15 in the order of rules 1.2, 16..23 in the order of rules 1.5.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t

cpdef enum:
    MAX_PLAYERS = 7
    MIN_PLAYERS = 4
    N_CARDS = 80
    N_EQUIP = 24
    N_CHARACTERS = 24
    N_BASE_CHARACTERS = 16
    ROW_SLOTS = 3
    MAX_TRANSIT = 8         # cards in transit at once: a General Store for 7, a draw! of 3, Rum's 6, Kit's 3
    MAX_FRAMES = 16         # depth of the pending-decision stack
    MAX_EVENTS = 64         # public events kept from the last apply_action
    MOVE_CAP = 6000         # safety net: a game still running after this many decisions ends unfinished
    NOBODY = -1
    KNOWN_POOL = 128        # known[c] bit 7 (public): c was in the main deck when it was last formed (setup or a
                            # reshuffle), so a hidden card outside that pool cannot be in the deck (rules 10.3);
                            # set exactly when age[c] == 0
    N_AGES = 4              # age[c]: deck formations since c was last in the deck's pool, 3 for 3 or more
    MAX_GROUPS = 4          # mixing groups live at once (a card taken at random, Kit Carlson's look)
    GP_DECK_TOP = 7         # g_one: the group's single place is the main deck's top card (Kit Carlson's)

# Card kinds (rules 1.1): card_kind(c).
cpdef enum:
    K_BANG = 0
    K_MISSED = 1
    K_BEER = 2
    K_SALOON = 3
    K_STAGECOACH = 4
    K_WELLS_FARGO = 5
    K_GENERAL_STORE = 6
    K_PANIC = 7
    K_CAT_BALOU = 8
    K_DUEL = 9
    K_INDIANS = 10
    K_GATLING = 11
    K_BARREL = 12           # blue from here on
    K_DYNAMITE = 13
    K_JAIL = 14
    K_MUSTANG = 15
    K_SCOPE = 16
    K_VOLCANIC = 17         # weapons K_VOLCANIC..K_WINCHESTER, range 1..5
    K_SCHOFIELD = 18
    K_REMINGTON = 19
    K_CARABINE = 20
    K_WINCHESTER = 21
    N_KINDS = 22

# Suits (card_suit); ranks are 2..14 (J 11, Q 12, K 13, A 14).
cpdef enum:
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

# Equipment kinds (rules 1.4): equip_kind(e).
cpdef enum:
    E_SHOT = 0
    E_BOTTLE = 1
    E_PARDNER = 2
    E_RUM = 3
    E_UNION_PACIFIC = 4
    E_GOLD_RUSH = 5         # brown up to here
    E_BOOTS = 6
    E_CALUMET = 7
    E_GOLD_PAN = 8
    E_GUN_BELT = 9
    E_HORSESHOE = 10
    E_LUCKY_CHARM = 11
    E_PICKAXE = 12
    E_RUCKSACK = 13
    E_WANTED = 14
    N_EQUIP_KINDS = 15

# Characters (rules 1.2, 1.5).
cpdef enum:
    BART_CASSIDY = 0
    BLACK_JACK = 1
    CALAMITY_JANET = 2
    EL_GRINGO = 3
    JESSE_JONES = 4
    JOURDONNAIS = 5
    KIT_CARLSON = 6
    LUCKY_DUKE = 7
    PAUL_REGRET = 8
    PEDRO_RAMIREZ = 9
    ROSE_DOOLAN = 10
    SID_KETCHUM = 11
    SLAB_THE_KILLER = 12
    SUZY_LAFAYETTE = 13
    VULTURE_SAM = 14
    WILLY_THE_KID = 15
    DON_BELL = 16
    DUTCH_WILL = 17
    JACKY_MURIETA = 18
    JOSH_MCCLOUD = 19
    MADAM_YTO = 20
    PRETTY_LUZENA = 21
    RADDIE_SNAKE = 22
    SIMEON_PICOS = 23

# Roles (rules 1.3) and the Dark Renegade's side (9.7).
cpdef enum:
    SHERIFF = 0
    RENEGADE = 1
    OUTLAW = 2
    DEPUTY = 3
    ROLE_UNKNOWN = 255      # in a view: a role the seat does not know
    SIDE_NONE = 0           # dark_side: not yet chosen (or no Dark Renegade)
    SIDE_DEPUTY = 1         # "Dark Deputy"
    SIDE_OUTLAW = 2         # "Dark Outlaw"

# Player states (rules 0.3): status[p].
cpdef enum:
    ST_LIVING = 0
    ST_DEAD = 1             # eliminated for good (no ghost variant)
    ST_GHOST = 2            # inactive ghost
    ST_GHOST_ACTIVE = 3     # a ghost during his own ghost turn (a participant, life fixed at 0)
    ST_DEPARTED = 4         # a ghost who has left for good (9.8)

# Where a main-deck card is: loc[c].
cpdef enum:
    LOC_DECK = 0            # in the main deck (its position: deck[])
    LOC_DISCARD = 1         # in the discard pile (its position: discard[])
    LOC_TRANSIT = 2         # in transit (draw!, General Store, Kit Carlson's look): transit[]
    LOC_HAND = 8            # + p: in seat p's hand
    LOC_PLAY = 16           # + p: in play in front of seat p (blue cards)
    LOC_UNKNOWN = 255       # in a view: a card whose place the seat does not know (another hand or the deck)

# Where an equipment card is: eq_loc[e].
cpdef enum:
    EQL_DECK = 0            # in the equipment deck (eq_deck[]; its bottom eq_up cards face up), or a bought Wanted
                            # waiting for its player (FR_TARGET with TG_WANTED, b = its id)
    EQL_ROW = 1             # face up in the row (eq_row[])
    EQL_PLAY = 16           # + p: in front of seat p

# Winner (d.winner): which side won (rules 7.6).
cpdef enum:
    WIN_NONE = 0            # running, or stopped by the move cap (d.over = 1, winner WIN_NONE: unfinished)
    WIN_SHERIFF = 1         # the Sheriff, every Deputy, a Dark Deputy
    WIN_OUTLAWS = 2         # every Outlaw, a Dark Outlaw
    WIN_RENEGADE = 3        # the Renegade alone

# Frames of the pending-decision stack (fr_kind[]; the top frame says who decides what, see ACTIONS.md).  The
# fields a..e of each frame, by kind:
cpdef enum:
    FR_TURN = 1             # the turn of turn_player (always the bottom frame): a = step (TS_*), b = 1 after the
                            # Gold Rush card (heal after phase 3, D9)
    FR_PHASE1 = 2           # a phase-1 choice: a = the character's step (P1_*)
    FR_PLAY = 3             # phase 2: the active player picks an action
    FR_TARGET = 4           # the active player names a seat: a = what for (TG_*), b = card/equipment id, c = suit
    FR_STEAL = 5            # Panic!/Cat Balou: a random hand card or a blue card of seat a; b = 1 Panic (take),
                            # 0 Cat Balou (discard); c = source suit (-1 none)
    FR_MODE = 6             # choose a mode: a = MODE_GROUP_* (Beer in phase 2, Bottle, Pardner), b = card/equip
    FR_MULTI = 7            # Indians!/Gatling going round: a = user, b = kind (K_INDIANS/K_GATLING), c = suit,
                            # d = next seat to serve (offset from the user), e = bitmask of the targets at play time
    FR_BANG = 8             # a BANG! effect on b by a: c = cancels required, d = cancels so far, e = flags (BF_*)
    FR_INDIANS = 9          # target b answers Indians! of a
    FR_DUEL = 10            # a Duel: a = user, b = target, c = the seat to answer now, d = 1 if the user is a ghost
    FR_STORE = 11           # General Store: a = the seat to pick, b = pickers left (including a)
    FR_DYING = 12           # the dying window of a: b = source (-1 none)
    FR_SID = 13             # Sid Ketchum (seat c) picks his 2 cards: a = first card (-1 none yet), b = 1 inside a
                            # dying window
    FR_DRAWCHOICE = 14      # a draw! with several flipped cards (in transit): a = who checks, b = purpose (DR_*)
    FR_DISCARD = 15         # phase 3: a = the active player discards one card at a time

# Turn steps (FR_TURN.a).
cpdef enum:
    TS_START = 0            # a turn begins: Dynamite (3.2 step 1)
    TS_JAIL = 1             # Jail (3.2 step 2)
    TS_PHASE1 = 2           # phase 1 (3.3)
    TS_PICKAXE = 3          # Pickaxe's extra card (D11)
    TS_PHASE2 = 4           # phase 2 (3.4)
    TS_PHASE3 = 5           # phase 3 (3.5)
    TS_END = 6              # end of turn: Gold Rush card's heal, Don Bell (3.6 steps 1-2)
    TS_CLEANUP = 7          # a ghost's cleanup, then an extra turn (3.6 steps 3-4)
    TS_NEXT = 8             # the turn passes (3.1)

# Phase-1 steps (FR_PHASE1.a).
cpdef enum:
    P1_JESSE = 0            # Jesse Jones: a seat to take from, or pass (draw normally)
    P1_PEDRO = 1            # Pedro Ramirez: the discard pile's top card, or pass
    P1_KIT = 2              # Kit Carlson: which seen card goes back on top
    P1_DUTCH = 3            # Dutch Will: which of his 2 cards to discard

# What a target is for (FR_TARGET.a).
cpdef enum:
    TG_BANG = 0             # BANG! card b (c: its suit), Calamity Janet's Missed! as BANG! included
    TG_PANIC = 1
    TG_CAT_BALOU = 2
    TG_DUEL = 3
    TG_JAIL = 4
    TG_BOTTLE_BANG = 5      # equipment modes (b = equipment id)
    TG_BOTTLE_PANIC = 6
    TG_PARDNER_DUEL = 7
    TG_PARDNER_CAT = 8
    TG_JACKY = 9            # Jacky Murieta's paid shot
    TG_SHOT = 10            # Shot: the living player to heal
    TG_WANTED = 11          # Wanted: the participant to put it on

# Modes (A_MODE + m).
cpdef enum:
    MODE_BEER_HEAL = 0
    MODE_BEER_SELL = 1
    MODE_BOTTLE_PANIC = 2
    MODE_BOTTLE_BEER = 3
    MODE_BOTTLE_BANG = 4
    MODE_PARDNER_STORE = 5
    MODE_PARDNER_DUEL = 6
    MODE_PARDNER_CAT = 7
    N_MODES = 8
    MODE_GROUP_BEER = 0
    MODE_GROUP_BOTTLE = 1
    MODE_GROUP_PARDNER = 2

# draw! purposes (FR_DRAWCHOICE.b).
cpdef enum:
    DR_DYNAMITE = 0
    DR_JAIL = 1
    DR_BARREL = 2
    DR_JOURDONNAIS = 3
    DR_DON_BELL = 4

# FR_BANG.e flags.
cpdef enum:
    BF_BARREL_USED = 1
    BF_JOUR_USED = 2
    BF_BANG_CARD = 4        # from a BANG! card (Slab the Killer's rule)
    BF_MISSED_STARTED = 8   # the target has played the first of two Missed! (Slab): he must play the second

# Action ids (ACTIONS.md): the meaning of A_CARD/A_SEAT depends on the top frame.
cpdef enum:
    A_CARD = 0              # + c (0..79): card c (play it, answer with it, discard it, pick it, keep/return it)
    A_SEAT = 80             # + p (0..6): seat p (a target, Jesse Jones's victim)
    A_EQUIP = 87            # + e (0..23): force the discard of equipment e in front of another participant
    A_BUY = 111             # + slot (0..2): buy the equipment in that row slot
    A_PASS = 114            # end phase 2 / decline / take the hit / stop / draw normally / stop the dying window
    A_HAND = 115            # Panic!/Cat Balou: a random card from the target's hand
    A_BARREL = 116          # use the Barrel's draw!
    A_JOURDONNAIS = 117     # use Jourdonnais's draw!
    A_MODE = 118            # + m (0..7): MODE_*
    A_SID = 126             # Sid Ketchum: discard 2 cards (chosen next) to regain 1 life
    A_JACKY = 127           # Jacky Murieta: pay 2 for a BANG! effect (target chosen next)
    A_JOSH = 128            # Josh McCloud: pay 2 for the top equipment card
    A_RADDIE = 129          # Raddie Snake: pay 1, draw 1
    A_GOLD_PAN = 130        # Gold Pan: pay 1, draw 1
    A_RUCKSACK = 131        # Rucksack: pay 2, regain 1 life
    A_DISCARD_TOP = 132     # Pedro Ramirez: take the discard pile's top card
    NUM_ACTIONS = 133

# Public events of the last apply_action (kind, player, a, b), for logs and front ends.
cpdef enum:
    EV_DRAW = 1             # player drew a cards from the main deck (b = 1: Kit Carlson kept 2 of the 3 he saw)
    EV_DRAW_CHECK = 2       # player "draw!": card a flipped (b: DR_*, -1 for Rum)
    EV_PLAY = 3             # player played card a (-1: an equipment card's or ability's effect; b: target or -1)
    EV_DISCARD = 4          # card a went to the discard pile from player's hand/play area
    EV_LIFE = 5             # player's life changed by a (signed), b: source seat or -1
    EV_ELIMINATED = 6       # player eliminated, role a revealed, b: killer or -1
    EV_NUGGETS = 7          # player's nuggets changed by a (signed); b = 1: parked on Gold Pan or Raddie Snake
    EV_BUY = 8              # player bought equipment a (b: the slot; -1 Josh McCloud's card from the deck)
    EV_EQUIP_GONE = 9       # equipment a left player's play area (to the equipment deck's bottom)
    EV_ROW = 10             # equipment a revealed into row slot b
    EV_RESHUFFLE = 11       # a = 0 the main deck, 1 the equipment deck was reshuffled
    EV_TAKE = 12            # player took card a (-1: not public) from seat b's hand; b = -1 the discard pile's top
                            # (Pedro Ramirez), -2 the General Store
    EV_GAME_OVER = 13       # a = WIN_*
    EV_TURN = 14            # player's turn begins (a = 1 extra turn, 2 ghost turn)
    EV_SIDE = 15            # the Dark Renegade takes side a
    EV_SHOWN = 16           # card a shown to everybody (Black Jack's second card, a General Store reveal)
    EV_SEEN = 17            # private: player alone (with b) saw card a come into his hand or his look; b = the
                            # seat whose hand it left, -1 the deck or transit, -4 Kit Carlson's look.  Never public:
                            # describe_events skips it, a view drops it (private_events reads it)

# The public suspicion record (suspicion[p]): every seat sees who attacks or helps whom, so the table scores each
# seat's stance.  An act of p on seat q moves suspicion[p] by its weight times q's stance: attacking the Sheriff (or
# a revealed Deputy) raises it, attacking a suspect (suspicion > 0, or a revealed Outlaw) lowers it, attacking a seat
# that protects the Sheriff (suspicion < 0) raises it; a help moves it the other way.  Clamped to +-SUS_MAX.
cpdef enum:
    SUS_HIT = 3             # a BANG! effect (a BANG! card, Bottle, Jacky Murieta) or a Duel (a card or Pardner)
    SUS_HARASS = 2          # Panic!, Cat Balou (a card, Bottle or Pardner), Jail, Wanted
    SUS_HELP = 2            # Shot: healing another seat
    SUS_SALOON = 1          # a Saloon while the Sheriff is wounded (a help to him)
    SUS_MAX = 100


cdef struct BangData:
    uint8_t n_players               # 4..7
    uint8_t gold_rush               # option: Gold Rush (0 or 1)
    uint8_t ghosts                  # option: Ghost Gunslinger variant (0 or 1)
    uint8_t over                    # 1 once the game has ended (by victory, or unfinished at the move cap)
    uint8_t winner                  # WIN_*
    int8_t current                  # the seat that decides now, -1 once over
    int8_t turn_player              # the active player (a living player or the active ghost)
    uint8_t sheriff                 # the Sheriff's seat
    int16_t moves                   # how many decisions so far (MOVE_CAP's counter): a count, where Kuhn poker's
                                    # moves is its betting; the plain-dict form's name (docs/protocol.md,
                                    # tests/golden/bang.layout.json), so it stays
    uint8_t role[MAX_PLAYERS]       # SHERIFF/RENEGADE/OUTLAW/DEPUTY (ROLE_UNKNOWN in a view)
    uint8_t revealed[MAX_PLAYERS]   # 1 if the role is public (the Sheriff, the eliminated)
    uint8_t dark_side               # SIDE_*: the Dark Renegade's shown side (9.7)
    uint8_t character[MAX_PLAYERS]  # character ids
    int8_t life[MAX_PLAYERS]        # may be <= 0 only inside a dying window; 0 for a ghost
    uint8_t max_life[MAX_PLAYERS]
    uint8_t status[MAX_PLAYERS]     # ST_*
    int16_t nuggets[MAX_PLAYERS]
    int32_t nuggets_in              # nuggets ever taken from the supply (the supply is unlimited, D23)
    int32_t nuggets_out             # nuggets ever returned to the supply (spent, parked, an eliminated player's)
    int16_t parked                  # nuggets parked on Gold Pan / Raddie Snake this turn (returned at its end)
    uint8_t loc[N_CARDS]            # LOC_* of every main-deck card (LOC_UNKNOWN in a view)
    uint8_t known[N_CARDS]          # bit q: seat q knows where the card is; bit 7: KNOWN_POOL
    uint8_t hand_n[MAX_PLAYERS]     # cards in each hand
    uint8_t deck[N_CARDS]           # the main deck, bottom first: deck[deck_n - 1] is the top (255 = unknown)
    uint8_t deck_n
    uint8_t discard[N_CARDS]        # the discard pile, bottom first: discard[discard_n - 1] is the top
    uint8_t discard_n
    uint8_t transit[MAX_TRANSIT]    # cards in transit, in the order they were flipped
    uint8_t transit_n
    uint8_t eq_loc[N_EQUIP]         # EQL_* of every equipment card
    uint8_t eq_deck[N_EQUIP]        # the equipment deck, bottom first (255 = unknown order in a view)
    uint8_t eq_n
    uint8_t eq_up                   # the bottom eq_up cards of eq_deck are face up (discarded equipment)
    int8_t eq_row[ROW_SLOTS]        # the row, -1 for an empty slot
    uint8_t bangs                   # BANG! cards played this turn
    uint8_t gold_pan_used           # this turn
    uint8_t raddie_used             # this turn
    uint8_t luzena_used             # 1 once Pretty Luzena's discount is spent this turn
    uint8_t extra_turns             # pending extra turns of turn_player (Gold Rush card, Don Bell)
    uint8_t turn_kind               # 0 a normal turn, 1 an extra turn, 2 a skipped turn (Jail)
    uint8_t fr_n                    # frames on the pending-decision stack
    uint8_t fr_kind[MAX_FRAMES]     # FR_*; the top is fr_kind[fr_n - 1]
    int8_t fr_a[MAX_FRAMES]         # each frame's arguments a..e, as its kind's FR_* line says (FR_BANG: a the
    int8_t fr_b[MAX_FRAMES]         # attacker, b the target, c the Missed! cards required, d those played so far,
    int8_t fr_c[MAX_FRAMES]         # e its BF_* flags); a kind reads only the arguments its line names
    int8_t fr_d[MAX_FRAMES]
    int8_t fr_e[MAX_FRAMES]
    uint8_t n_events                # events of the last apply_action
    uint8_t ev_kind[MAX_EVENTS]     # EV_*
    int8_t ev_player[MAX_EVENTS]    # the seat the event is about (the "player" of its EV_* line)
    int8_t ev_a[MAX_EVENTS]         # the event's arguments a and b, as its kind's EV_* line says (EV_LIFE: a the
    int8_t ev_b[MAX_EVENTS]         # change, b the source seat)
    int8_t suspicion[MAX_PLAYERS]   # public: each seat's Outlaw suspicion from whom it attacked or helped (SUS_*)
    # The records a view needs for an exact sample (information.pyx): public, read by no rule.  A mixing group is
    # the cards of one hand (or of Kit Carlson's look) of which one went to another place unseen by the others: its
    # cards are spread over its two places uniformly (one of them at g_one, the rest at g_rest), until a card leaves
    # either place, when it dissolves (its cards' ages merge if they differed: the one public fact that stays true).
    uint8_t age[N_CARDS]            # deck formations since c was last part of the main deck's pool (0..N_AGES-1)
    uint8_t grp[N_CARDS]            # 1 + the live mixing group c belongs to, 0 none
    uint8_t grp_seen[N_CARDS]       # bit q: seat q knew c was among the group's cards when the group formed
    uint8_t place_out[MAX_PLAYERS + 1]  # cards that ever left each hand, [GP_DECK_TOP] the main deck (mod 256)
    uint8_t g_one[MAX_GROUPS]       # 1 + the group's single card's place (the taker's seat, GP_DECK_TOP); 0 free
    uint8_t g_rest[MAX_GROUPS]      # the seat holding its other cards (the victim, Kit Carlson)
    uint8_t g_mark_one[MAX_GROUPS]  # place_out of both places when it formed: it dissolves once either changes
    uint8_t g_mark_rest[MAX_GROUPS]
    # In a view only (0 in a state): what the observer can count of the cards it does not see.  They stay in the
    # state's struct because a view is a block of the state's type: the plain-dict form of states and views (the
    # wire, saved games) lists them, and a clone copies their 60 bytes with the rest.
    uint8_t vw_slots[MAX_PLAYERS][N_AGES]   # hidden cards of each age in each hand, outside any group
    uint8_t vw_transit_age[MAX_TRANSIT]     # the age of each hidden card in transit
    uint8_t vw_g_one[MAX_GROUPS]            # hidden cards of each group at g_one (0 or 1) and at g_rest
    uint8_t vw_g_rest[MAX_GROUPS]
    uint8_t vw_g_age[MAX_GROUPS][N_AGES]    # each group's hidden cards the observer did not know, by age


# --- the tables of the rules ---

cdef inline int card_kind(int c) noexcept nogil:
    """The kind (K_*) of main-deck card c (rules 1.1)."""
    return (<const unsigned char*>b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x02\x02\x02\x02\x02\x02\x03\x04\x04\x05\x06\x06\x07\x07\x07\x07\x08\x08\x08\x08\x09\x09\x09\x0a\x0a\x0b\x0c\x0c\x0d\x0e\x0e\x0e\x0f\x0f\x10\x11\x11\x12\x12\x12\x13\x14\x15")[c]


cdef inline int card_suit(int c) noexcept nogil:
    return (<const unsigned char*>b"\x00\x01\x01\x01\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03\x03\x03\x03\x03\x03\x00\x00\x00\x00\x00\x00\x00\x03\x03\x03\x03\x03\x01\x01\x01\x01\x01\x01\x01\x00\x00\x01\x03\x00\x01\x01\x01\x02\x01\x02\x02\x02\x02\x00\x03\x02\x02\x01\x00\x00\x01\x00\x00\x01\x01\x01\x00\x00\x03\x03\x03\x00\x03\x03\x00")[c]


cdef inline int card_rank(int c) noexcept nogil:
    return (<const unsigned char*>b"\x0e\x0c\x0d\x0e\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x02\x03\x04\x05\x06\x07\x08\x09\x02\x03\x04\x05\x06\x07\x08\x0a\x0b\x0c\x0d\x0e\x06\x07\x08\x09\x0a\x0b\x05\x09\x09\x03\x09\x0c\x0b\x0c\x0e\x08\x0d\x09\x0a\x0b\x0c\x0b\x08\x0d\x0e\x0a\x0c\x0d\x02\x0a\x0b\x04\x08\x09\x0e\x0a\x0a\x0b\x0c\x0d\x0d\x0e\x08")[c]


cdef inline int kind_first(int kind) noexcept nogil:
    """The first card id of a kind (ids are grouped by kind, rules 1.1 order); kind_first(N_KINDS) = 80."""
    return (<const unsigned char*>b"\x00\x19\x25\x2b\x2c\x2e\x2f\x31\x35\x39\x3c\x3e\x3f\x41\x42\x45\x47\x48\x4a\x4d\x4e\x4f\x50")[kind]


cdef inline int equip_first(int kind) noexcept nogil:
    """The first equipment id of a kind (ids are grouped by kind); equip_first(N_EQUIP_KINDS) = 24."""
    return (<const unsigned char*>b"\x00\x03\x06\x09\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x18")[kind]


cdef inline bint is_blue(int c) noexcept nogil:
    return card_kind(c) >= K_BARREL


cdef inline bint is_weapon(int kind) noexcept nogil:
    return K_VOLCANIC <= kind <= K_WINCHESTER


cdef inline int equip_kind(int e) noexcept nogil:
    """The kind (E_*) of equipment card e (rules 1.4)."""
    return (<const unsigned char*>b"\x00\x00\x00\x01\x01\x01\x02\x02\x02\x03\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0e\x0e")[e]


cdef inline int equip_cost(int e) noexcept nogil:
    """The nugget cost of equipment card e (rules 1.4)."""
    return (<const unsigned char*>b"\x01\x02\x02\x03\x04\x05\x03\x03\x03\x02\x02\x03\x04\x03\x02")[equip_kind(e)]


cdef inline bint equip_black(int e) noexcept nogil:
    return equip_kind(e) >= E_BOOTS


cdef inline int character_life(int ch) noexcept nogil:
    """Printed life points (rules 1.2, 1.5): El Gringo and Paul Regret 3, every other 4."""
    return 3 if ch == EL_GRINGO or ch == PAUL_REGRET else 4


cdef inline int roles_of(int n, int r) noexcept nogil:
    """How many role cards r there are with n players (rules 1.3)."""
    if r == SHERIFF or r == RENEGADE:
        return 1
    if r == OUTLAW:
        return 2 if n <= 5 else 3
    return 0 if n == 4 else (1 if n <= 6 else 2)
