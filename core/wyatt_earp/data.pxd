# Wyatt Earp: the data block of a state, its sizes and its encodings (rules: ../shared/rules/wyatt-earp.md).
#
# Cards of one type are interchangeable (rules 1.5), so hands, the draw pile and tableau groups are counts per type.
# The draw pile is an unordered multiset from which each draw picks uniformly (rules 13.4, "lazy shuffle"); the
# discard pile is an ordered stack because its top and its order matter.
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t

cpdef enum:
    MAX_PLAYERS = 6
    N_OUTLAWS = 7
    N_TYPES = 20
    N_CARDS = 78
    HAND_SIZE = 10
    WIN_MONEY = 25000
    MAX_ATTACH = 8          # non-Photo sheriff cards one group can hold: 2 Stagecoach + 4 Bank + Fastest Gun + Hideout
    MAX_SEARCHES = 16       # searched cards of the current discard pile that some seat did not see
    MAX_EVENTS = 64         # public chance events kept from the last apply_action (for logs and front ends)
    MAX_TIERS = 8           # tiers of one hand: their "no" masks shrink strictly from the oldest, so at most 7 + 1
    MAX_PLAYS = 16          # plays of cards no one knew were held whose weight a deal still depends on

# Card types: outlaw X = X (0..6), Photo-X = PHOTO + X, then the other sheriff cards.
cpdef enum:
    PHOTO = 7
    STAGECOACH = 14
    BANK = 15
    FASTEST = 16
    WANTED = 17
    HIDEOUT = 18
    WYATT = 19
    NO_CARD = 255

# Who must decide, and about what (rules 14).
cpdef enum:
    PH_DRAW = 0             # active: draw pile or discard pile
    PH_PLAY = 1             # active: meld, one sheriff card, or end the play step
    PH_TARGET = 2           # active: target of the successful shot of card `pending`
    PH_SEARCH = 3           # active: card type to take with Wyatt Earp mode 2
    PH_IMMEDIATE = 4        # active: play the searched sheriff card `pending` now, or keep it
    PH_PHOTO_WINDOW = 5     # decider (not active): play Photo-`window_outlaw` or decline
    PH_DEFENCE = 6          # decider (Hideout victim): defend with Wyatt Earp or decline
    PH_DISCARD = 7          # active: which card type to discard
    PH_GAME_OVER = 8

# Action ids: small dense ints, one encoding rule each.
cpdef enum:
    A_DRAW_PILE = 0
    A_DRAW_DISCARD = 1
    A_END_PLAY = 2
    A_MELD = 3              # + outlaw * 7 + (cards - 1)
    A_PHOTO = 52            # + outlaw
    A_STAGECOACH = 59
    A_BANK = 60
    A_FASTEST = 61
    A_HIDEOUT = 62
    A_WANTED1 = 63          # + outlaw * 2 + direction (0 clockwise, 1 counter-clockwise)
    A_WANTED2 = 77
    A_WYATT1 = 78
    A_WYATT2 = 79
    A_WYATT3 = 80
    A_OWN_GROUP = 81        # + outlaw: group for the pending Stagecoach / Bank Robbery / Fastest Gun
    A_OPP_GROUP = 88        # + seat * 7 + outlaw: Wanted mode 2 take from, or Hideout on, that group
    A_REMOVE_HIDEOUT = 130  # + outlaw: Wyatt Earp mode 3 removes the Hideout from own group
    A_TAKE = 137            # + card type (never Wyatt Earp): Wyatt Earp mode 2 takes it from the discard pile
    A_KEEP = 156            # keep the searched sheriff card instead of playing it now
    A_DECLINE = 157         # let a Photo or defence window pass
    A_DEFEND = 158          # defend against the Hideout just placed with a Wyatt Earp
    A_DISCARD = 159         # + card type
    NUM_ACTIONS = 179

# Public events of the last apply_action (chance outcomes and automatic steps, for logs).
cpdef enum:
    EV_SHOT = 1             # seat, card revealed, hit (1/0)
    EV_RESHUFFLE = 2        # -, cards in new draw pile
    EV_WANTED_NO = 3        # seat answering "no", outlaw
    EV_WANTED_GIVE = 4      # seat giving, outlaw, receiver
    EV_ORPHAN = 5           # seat, card type discarded, outlaw
    EV_FG_REPLACED = 6      # seat losing it, outlaw
    EV_ROUND_END = 7        # last player, way (1..3 for E1..E3)
    EV_PAY = 8              # seat, outlaw, amount in thousands
    EV_NEW_ROUND = 9        # dealer, round number
    EV_DUEL_CARD = 10       # seat, card
    EV_GAME_END = 11        # winner
    EV_DEFENCE = 12         # defender, hit
    EV_DRAWN = 13           # private to `seat`: seat, card taken unseen from the draw pile (never in events())
    EV_SEARCHED = 14        # private to `seat`: seat, card taken by a Wyatt Earp search (never in events())


cdef struct Event:
    int16_t kind, seat, a, b


cdef struct WyattEarpData:
    int8_t n_players
    int8_t dealer                       # dealer of the current round
    int8_t active                       # seat whose turn it is
    int8_t decider                      # seat that must decide now (the active seat except in windows)
    uint8_t phase                       # PH_*
    uint8_t sheriff_used                # the active seat's sheriff allowance is used this turn
    uint8_t reshuffled                  # reshuffle counter of the round (0 or 1)
    uint8_t pending                     # card type being resolved (PH_TARGET, PH_IMMEDIATE), else NO_CARD
    uint8_t window_outlaw               # outlaw of the open Photo window / of the group the Hideout hit
    int8_t fg_seat                      # owner of the Fastest Gun in play, -1 if none
    int8_t fg_outlaw                    # the current Fastest Gun outlaw, -1 if none
    int8_t winner                       # -1 until the game is over
    int16_t round                       # 1-based round number
    int32_t turn                        # turns started in the game (for logs and limits)
    int32_t money[MAX_PLAYERS]          # dollars held by each seat
    int32_t poster[N_OUTLAWS]           # dollars on each wanted poster
    uint8_t opened[N_OUTLAWS]           # outlaw opened this round
    uint8_t hand[MAX_PLAYERS][N_TYPES]  # cards of each type in each hand
    uint8_t hand_n[MAX_PLAYERS]         # cards in each hand
    uint8_t draw[N_TYPES]               # draw pile, as counts (its order is never observed)
    uint8_t draw_n                      # cards in the draw pile
    uint8_t discard[N_CARDS]            # discard pile, bottom first
    uint8_t discard_n                   # cards in the discard pile
    uint8_t outlaws[MAX_PLAYERS][N_OUTLAWS]   # outlaw cards in group (seat, outlaw)
    uint8_t photo[MAX_PLAYERS][N_OUTLAWS]     # Photo in group (seat, outlaw)
    uint8_t attached[MAX_PLAYERS][N_OUTLAWS][MAX_ATTACH]  # other sheriff cards in the group, oldest first
    uint8_t attached_n[MAX_PLAYERS][N_OUTLAWS]
    uint8_t aside[N_TYPES]              # cards set aside by the duel
    # --- what history made public about hands (rules 12.4) ---
    uint8_t known[MAX_PLAYERS][N_TYPES]       # k(P, T): cards of type T publicly known to be in P's hand
    # P's other cards, but searched ones (below), by the "no" answers they were held through (12.4.3, per card):
    # tier i holds tier_n cards that were all in P's hand when P answered "no" to each outlaw of tier_mask (bit X);
    # oldest tier first, masks strictly shrinking, the newest mask may be 0.  Cards P plays that were not known are
    # counted against the oldest tier that can hold them (the reading that excludes no consistent hand).
    uint8_t n_tiers[MAX_PLAYERS]
    uint8_t tier_n[MAX_PLAYERS][MAX_TIERS]
    uint8_t tier_mask[MAX_PLAYERS][MAX_TIERS]
    # --- the reshuffled pool (rules 12.4.4) ---
    uint8_t resh_pool[N_TYPES]          # the discard pile as it was reshuffled (true contents)
    uint8_t resh_hidden[MAX_PLAYERS][N_TYPES]  # per seat: searched cards it never saw leave that pile
    uint8_t resh_out[N_TYPES]           # cards of it revealed since (shots) - public
    uint8_t resh_drawn[MAX_PLAYERS][N_TYPES]  # cards each seat drew privately from it (private to that seat)
    # --- cards taken from the current discard pile by Wyatt Earp searches, unseen by some seat (12.2, D36) ---
    uint8_t n_searches
    uint8_t search_seat[MAX_SEARCHES]   # who searched
    uint8_t search_type[MAX_SEARCHES]   # the card taken (private to the seats in search_known)
    uint8_t search_below[MAX_SEARCHES]  # cards below it in the pile when taken (where others still picture it)
    uint8_t search_known[MAX_SEARCHES]  # bitmask of seats that know search_type
    uint8_t search_held[MAX_SEARCHES]   # the searcher may still hold it (public: 0 once it must have been played)
    uint8_t search_mask[MAX_SEARCHES]   # outlaws the card in its place cannot be ("no" answers since; narrowed
                                        # to a tier's mask when the searcher plays a card that may have been it)
    int32_t search_gone[MAX_SEARCHES]   # bit T: the searcher played a not-known T since, which may have been it
    # --- cards played (discarded, given) that no one knew were held: how many deck orders a deal stands for (12.4) ---
    # Record i: seat play_seat[i] played a card of type play_type[i] from its tiers; the oldest play_held[i] of that
    # seat's tier cards now (tiers in order, oldest first) were in its hand then, and play_more[i] cards of that type
    # it held then have left its hand since.  A deal stands for one deck order per choice of which of its cards of
    # that type was played, 1 + play_more + those of the type among the play_held; the sampler divides by it.  A
    # record whose count can no longer vary (no held card left that may be of the type) is dropped.
    uint8_t n_plays
    uint8_t play_seat[MAX_PLAYS]
    uint8_t play_type[MAX_PLAYS]
    uint8_t play_held[MAX_PLAYS]
    uint8_t play_more[MAX_PLAYS]
    # --- log of the last apply_action ---
    uint8_t n_events
    Event events[MAX_EVENTS]




cdef inline int type_count(int card) noexcept nogil:
    """Copies of a card type in the 78-card deck (rules 1.1)."""
    if card < PHOTO:
        return 7
    if card < STAGECOACH:
        return 1
    if card == STAGECOACH:
        return 2
    if card == BANK:
        return 4
    return 7 if card == WYATT else 3                       # Fastest Gun, Wanted, Hideout


cdef inline int sum_row(const uint8_t* row) noexcept nogil:
    """Cards in a per-type count row (a hand, the draw pile)."""
    cdef int t, total = 0
    for t in range(N_TYPES):
        total += row[t]
    return total


cdef inline int hidden_could_be(WyattEarpData* d, int p, int card) noexcept nogil:
    """How many of seat ``p``'s not publicly known cards may be of type ``card`` (by the "no" answers, 12.4.3)."""
    cdef int i, k, n = 0, bit = (1 << card) if card < PHOTO else 0
    for i in range(d.n_tiers[p]):
        if not d.tier_mask[p][i] & bit:
            n += d.tier_n[p][i]
    for k in range(d.n_searches):
        if d.search_seat[k] == p and d.search_held[k] and not d.search_mask[k] & bit:
            n += 1
    return n


cdef inline void back_to_play(WyattEarpData* d) noexcept nogil:
    """Close whatever was being resolved: the active seat continues its play step."""
    d.phase = PH_PLAY
    d.decider = d.active
    d.pending = NO_CARD
    d.window_outlaw = NO_CARD


# ---------------------------------------------------------------------- tableau facts shared by the rules and players

cdef inline bint _has_group(WyattEarpData* d, int p, int x) noexcept nogil:
    """Seat ``p`` has a group for outlaw ``x`` (§2.2): an outlaw card or the Photo."""
    return d.outlaws[p][x] > 0 or d.photo[p][x] > 0


cdef inline bint _has_hideout(WyattEarpData* d, int p, int x) noexcept nogil:
    """Group (P, X) carries a Hideout (§7.6)."""
    cdef int i
    for i in range(d.attached_n[p][x]):
        if d.attached[p][x][i] == HIDEOUT:
            return True
    return False


cdef inline int _raw_capture_points(WyattEarpData* d, int p, int x) noexcept nogil:
    """CP(P, X) of §10.1 as if no Hideout were on the group."""
    cdef int i, c, cp = 2 * d.outlaws[p][x] + 4 * d.photo[p][x]
    for i in range(d.attached_n[p][x]):
        c = d.attached[p][x][i]
        if c == STAGECOACH:
            cp += 1
        elif c == BANK:
            cp += 2
        elif c == FASTEST:
            cp += 3
    return cp


cdef inline int _capture_points(WyattEarpData* d, int p, int x) noexcept nogil:
    """CP(P, X) of §10.1 (0 under a Hideout)."""
    if _has_hideout(d, p, x):
        return 0
    return _raw_capture_points(d, p, x)


cdef inline void share_reward(const int* cp, int n, int reward, int* paid) noexcept nogil:
    """§10.3-10.4 for one outlaw (the caller checks the §10.2 threshold): paid[p] := dollars to seat p;
    whatever is not paid stays on the poster."""
    cdef int p, first = 0, first_seat = -1, second = 0, level, best, size, amount, passno = 1
    cdef bint stop = False
    for p in range(n):
        paid[p] = 0
        if cp[p] > first:
            first = cp[p]
            first_seat = p
    if first == 0:
        return
    for p in range(n):
        if p != first_seat and cp[p] > second:
            second = cp[p]
    if first - second >= 5:
        paid[first_seat] = reward
        return
    while not stop:
        level = first + 1
        while True:
            best = 0
            for p in range(n):
                if cp[p] < level and cp[p] >= 1 and cp[p] >= first - 4 and cp[p] > best:
                    best = cp[p]
            if best == 0:
                break
            size = 0
            for p in range(n):
                size += cp[p] == best
            amount = 2000 if (passno == 1 and best == first) else 1000
            if reward < amount * size:
                stop = True
                break
            for p in range(n):
                if cp[p] == best:
                    paid[p] += amount
            reward -= amount * size
            if reward == 0:
                stop = True
                break
            level = best
        passno += 1
