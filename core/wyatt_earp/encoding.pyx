"""Wyatt Earp's encoding of what one seat knows (docs/encodings.md), read off its view alone.

Seats are counted from the viewer in turn order (MAX_PLAYERS places, the absent ones zero); card types are the
game's 20 (7 outlaws, their 7 Photos, Stagecoach, Bank, Fastest Gun, Wanted, Hideout, Wyatt Earp); outlaws its 7.
Counts of cards are shares of a hand (10), money and posters shares of the $25,000 that wins.
"""
from libc.stdint cimport uint8_t

from deadeye.core.encoder cimport Encoder, put, put_count, put_flag, put_onehot, relative_seat, skip
from deadeye.core.wyatt_earp.data cimport *

from deadeye.core.features import Feature, declare_features

cdef int N_ATTACH_KINDS = 4                 # the sheriff cards a group holds besides Photos
cdef int ATTACH_KINDS[4]
ATTACH_KINDS[:] = [STAGECOACH, BANK, FASTEST, HIDEOUT]


ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("players", MAX_PLAYERS - 1, "the player count, 2 to 6 (one-hot)"),
    Feature("phase", PH_GAME_OVER, "the decision asked: draw, play, target, search, immediate play, Photo window, "
                               "defence, discard (one-hot; none once the game is over)"),
    Feature("to_move", MAX_PLAYERS, "the seat deciding now (one-hot by relative seat)"),
    Feature("active", MAX_PLAYERS, "the seat whose turn it is"),
    Feature("dealer", MAX_PLAYERS, "the dealer of the round"),
    Feature("round", 1, "the round / 10"),
    Feature("turn_flags", 2, "the active seat's sheriff card is used this turn; the deck was reshuffled this round"),
    Feature("pending", N_TYPES, "the card type being resolved (a target to name, a searched card to play now)"),
    Feature("window_outlaw", N_OUTLAWS, "the outlaw of the open Photo window or of the group the Hideout hit"),
    Feature("fastest_gun", MAX_PLAYERS + N_OUTLAWS, "the Fastest Gun's owner (relative seat) and its outlaw"),
    Feature("money", MAX_PLAYERS, "each seat's dollars / 25,000"),
    Feature("posters", N_OUTLAWS, "the dollars on each outlaw's wanted poster / 25,000"),
    Feature("opened", N_OUTLAWS, "each outlaw has been opened this round"),
    Feature("hand", N_TYPES, "the viewer's cards of each type / 10"),
    Feature("hand_sizes", MAX_PLAYERS, "cards in each hand / 10"),
    Feature("known", (MAX_PLAYERS - 1) * N_TYPES, "for seats 1 .. 5: their cards of each type that the viewer "
                                                  "knows they hold / 10"),
    Feature("no_answers", (MAX_PLAYERS - 1) * N_OUTLAWS, "for seats 1 .. 5, per outlaw: their unknown cards held "
                                                         "through a 'no' to a Wanted for it (none of it) / 10"),
    Feature("draw_pile", 1, "cards in the draw pile / 78"),
    Feature("discard", N_TYPES, "the discard pile's cards of each type / 10"),
    Feature("discard_top", N_TYPES, "the top card of the discard pile (one-hot)"),
    Feature("discard_size", 1, "cards in the discard pile / 78"),
    Feature("groups", MAX_PLAYERS * N_OUTLAWS, "each seat's melded cards of each outlaw / 10"),
    Feature("photos", MAX_PLAYERS * N_OUTLAWS, "each seat's group of each outlaw holds its Photo"),
    Feature("attached", MAX_PLAYERS * N_OUTLAWS * 4, "each seat's group of each outlaw: its Stagecoaches, Banks, "
                                                     "Fastest Gun and Hideout / 4"),
    Feature("reshuffled_pool", N_TYPES, "the discard pile that was reshuffled into the draw pile, as this seat "
                                        "knows it, of each type / 10"),
    Feature("reshuffled_drawn", N_TYPES, "the viewer's cards drawn from it, of each type / 10"),
    Feature("winner", MAX_PLAYERS, "the winner, once the game is over (relative seat)"),
)


cdef void encode_view(const WyattEarpData* v, int seat, Encoder* e) noexcept nogil:
    """FEATURES, in order, from the view alone."""
    cdef int n = v.n_players, r, p, t, x, k, i, count
    cdef bint over = v.phase == PH_GAME_OVER
    put_onehot(e, n - 2, MAX_PLAYERS - 1)
    put_onehot(e, -1 if over else v.phase, PH_GAME_OVER)
    put_onehot(e, -1 if over else relative_seat(v.decider, seat, n), MAX_PLAYERS)
    put_onehot(e, -1 if over else relative_seat(v.active, seat, n), MAX_PLAYERS)
    put_onehot(e, relative_seat(v.dealer, seat, n), MAX_PLAYERS)
    put_count(e, v.round, 10)
    put_flag(e, v.sheriff_used)
    put_flag(e, v.reshuffled)
    put_onehot(e, -1 if v.pending == NO_CARD else v.pending, N_TYPES)
    put_onehot(e, v.window_outlaw if v.phase == PH_PHOTO_WINDOW or v.phase == PH_DEFENCE else -1, N_OUTLAWS)
    put_onehot(e, relative_seat(v.fg_seat, seat, n), MAX_PLAYERS)
    put_onehot(e, v.fg_outlaw, N_OUTLAWS)
    for r in range(MAX_PLAYERS):
        if r < n:
            put_count(e, v.money[(seat + r) % n], WIN_MONEY)
        else:
            skip(e, 1)
    for x in range(N_OUTLAWS):
        put_count(e, v.poster[x], WIN_MONEY)
    for x in range(N_OUTLAWS):
        put_flag(e, v.opened[x])
    for t in range(N_TYPES):
        put_count(e, v.hand[seat][t], HAND_SIZE)
    for r in range(MAX_PLAYERS):
        if r < n:
            put_count(e, v.hand_n[(seat + r) % n], HAND_SIZE)
        else:
            skip(e, 1)
    for r in range(1, MAX_PLAYERS):
        if r < n:
            for t in range(N_TYPES):
                put_count(e, v.known[(seat + r) % n][t], HAND_SIZE)
        else:
            skip(e, N_TYPES)
    for r in range(1, MAX_PLAYERS):
        if r < n:
            p = (seat + r) % n
            for x in range(N_OUTLAWS):
                count = 0
                for i in range(v.n_tiers[p]):
                    if (v.tier_mask[p][i] >> x) & 1:
                        count += v.tier_n[p][i]
                put_count(e, count, HAND_SIZE)
        else:
            skip(e, N_OUTLAWS)
    put_count(e, v.draw_n, N_CARDS)
    _put_pile(v, e)
    put_onehot(e, v.discard[v.discard_n - 1] if v.discard_n > 0 else -1, N_TYPES)
    put_count(e, v.discard_n, N_CARDS)
    for r in range(MAX_PLAYERS):
        for x in range(N_OUTLAWS):
            if r < n:
                put_count(e, v.outlaws[(seat + r) % n][x], HAND_SIZE)
            else:
                skip(e, 1)
    for r in range(MAX_PLAYERS):
        for x in range(N_OUTLAWS):
            if r < n:
                put_flag(e, v.photo[(seat + r) % n][x])
            else:
                skip(e, 1)
    for r in range(MAX_PLAYERS):
        for x in range(N_OUTLAWS):
            if r >= n:
                skip(e, N_ATTACH_KINDS)
                continue
            p = (seat + r) % n
            for k in range(N_ATTACH_KINDS):
                count = 0
                for i in range(v.attached_n[p][x]):
                    count += v.attached[p][x][i] == ATTACH_KINDS[k]
                put_count(e, count, 4)
    for t in range(N_TYPES):
        put_count(e, v.resh_pool[t], HAND_SIZE)
    for t in range(N_TYPES):
        put_count(e, v.resh_drawn[seat][t], HAND_SIZE)
    put_onehot(e, relative_seat(v.winner, seat, n) if over else -1, MAX_PLAYERS)


cdef inline void _put_pile(const WyattEarpData* v, Encoder* e) noexcept nogil:
    cdef int counts[N_TYPES]
    cdef int i, t
    for t in range(N_TYPES):
        counts[t] = 0
    for i in range(v.discard_n):
        if v.discard[i] < N_TYPES:
            counts[v.discard[i]] += 1
    for t in range(N_TYPES):
        put_count(e, counts[t], HAND_SIZE)
