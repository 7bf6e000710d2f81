"""What one Way Out West seat knows: everything but the future dice (rules 8, D27).

The view is the whole state struct; only the generator, which holds the future dice, is left out.  ``sample()``
copies the view and gives the sample a fresh generator drawn from the sampler's, so a determinisation never knows the
true future dice (and two samples of one view differ only in their dice).
"""
from deadeye.core.encoder cimport Encoder, put, put_count, put_flag, put_onehot, relative_seat, skip
from deadeye.core.rng cimport Rng, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet
from deadeye.core.way_out_west.data cimport *
from deadeye.core.way_out_west.state cimport (WayOutWestState, check_data, final_points, income_of,
                                              town_controller)

from deadeye.core.features import Feature, declare_features

cdef enum:
    MONEY_SCALE = 100           # dollars (money, bids) are written as a share of $100, clipped at 1
    INCOME_SCALE = 60           # an income step's dollars, likewise
    POINTS_SCALE = 100          # points, likewise
    MAX_TEMPS = 2               # temporary fighters of a side: guard or farmer or default defender, plus the sheriff
    N_GF_TARGETS = 9            # the six B&T types, 1 cattle, 2 cattle, the farmer
    N_DECIDING = 7              # the phases with a seat to decide (PH_PLACE .. PH_WANTED)

# Seats are counted from the viewer in turn order (0 the viewer, 1 the next seat clockwise, ...), five places for
# five players; the places of absent seats (fewer players) stay zero.  Per town and seat: town-major, 5 seats each.
# Towns are the rules' 1..5 (San Antonia .. Deadwood), B&T types Stagecoach, Train, Bank, Store, Hotel, Jail.
ENCODING_VERSION, FEATURES = declare_features(
    1,
    Feature("players", 4, "the player count: 2, 3, 4, 5 (one-hot)"),
    Feature("phase", N_DECIDING, "setup placement, auction, auction (raise being built above H + 16), action, "
                                 "sheriff choice, gunfight (fire or retreat), wanted token choice (one-hot; none "
                                 "once the game is over)"),
    Feature("to_move", MAX_PLAYERS, "the seat to decide (one-hot by relative seat)"),
    Feature("round", N_ROUNDS, "the round 1 .. 12 (one-hot; income after 3, 6, 9, 12)"),
    Feature("actions_left", MAX_PLAYERS, "for seats 0 .. 4: actions still to take this round / 2 (the action in "
                                         "progress counts; both before the action phase, none once the game is "
                                         "over)"),
    Feature("order", MAX_PLAYERS * MAX_PLAYERS, "for seats 0 .. 4: its space on the turn-order track (one-hot; "
                                                "during the auction, the previous order, which is the bidding "
                                                "order)"),
    Feature("new_order", MAX_PLAYERS * MAX_PLAYERS, "auction: for seats 0 .. 4, the space it took on the new "
                                                    "track by dropping out (one-hot; none while still in)"),
    Feature("in_auction", MAX_PLAYERS, "auction: for seats 0 .. 4, still in the auction"),
    Feature("bids", MAX_PLAYERS, "auction: for seats 0 .. 4, its current bid / $100"),
    Feature("bid_floor", 1, "auction: the high bid H plus what the raise being built has added / $100 (a raise "
                            "names more than this)"),
    Feature("high_bidder", MAX_PLAYERS, "auction: the seat holding the high bid H > 0 (one-hot by relative seat)"),
    Feature("cowboys", N_TOWNS * MAX_PLAYERS, "for towns 1 .. 5, seats 0 .. 4: its cowboys there / 9"),
    Feature("cattle", N_TOWNS * MAX_PLAYERS, "for towns 1 .. 5, seats 0 .. 4: its cattle counters there / 9"),
    Feature("buildings", N_TOWNS * N_BT * MAX_PLAYERS, "for towns 1 .. 5, B&T types Stagecoach, Train, Bank, Store, "
                                                       "Hotel, Jail: its owner (one-hot by relative seat; none "
                                                       "when the town has no counter of that type)"),
    Feature("farmers", N_TOWNS, "for towns 1 .. 5: a farmer is there"),
    Feature("town_size", N_TOWNS, "for towns 1 .. 5: B&T counters there / 6 (what each scores)"),
    Feature("free_spaces", N_TOWNS, "for towns 1 .. 5: empty building spaces / its building spaces"),
    Feature("free_corrals", N_TOWNS, "for towns 1 .. 5: empty corrals / its corrals"),
    Feature("control", N_TOWNS * MAX_PLAYERS, "for towns 1 .. 5: the seat controlling it now, strictly most B&T "
                                              "plus cattle counters (one-hot by relative seat; none on a tie)"),
    Feature("money", MAX_PLAYERS, "for seats 0 .. 4: its money / $100 (clipped at 1)"),
    Feature("richest", MAX_PLAYERS, "for seats 0 .. 4: it has the most money (ties included)"),
    Feature("income", MAX_PLAYERS, "for seats 0 .. 4: what an income step would pay it now / $60 (clipped)"),
    Feature("points", MAX_PLAYERS, "for seats 0 .. 4: its points if the game ended now / 100 (clipped)"),
    Feature("cowboy_supply", MAX_PLAYERS, "for seats 0 .. 4: cowboys in its supply / 9"),
    Feature("cattle_supply", MAX_PLAYERS, "for seats 0 .. 4: cattle counters in its supply / 9"),
    Feature("bt_supply", MAX_PLAYERS * N_BT, "for seats 0 .. 4, B&T types: counters of that type in its supply / 3"),
    Feature("farmer_unplaced", MAX_PLAYERS, "for seats 0 .. 4: it has not placed its farmer yet"),
    Feature("wanted", MAX_PLAYERS, "for seats 0 .. 4: wanted tokens it holds / 13"),
    Feature("wanted_pool", 1, "wanted tokens in the pool / 13"),
    Feature("boxes_left", N_BOXES, "for action box types Buy Cattle, Buy Cowboys, Move Cowboys, Move Cattle, Build "
                                   "Stagecoach .. Build Jail, Place Farmer, Gunfight: empty boxes / the boxes of "
                                   "that type at this player count"),
    Feature("gf_town", N_TOWNS, "gunfight (sheriff, fire or wanted token choice): its town (one-hot)"),
    Feature("gf_target", N_GF_TARGETS, "gunfight: its target: the Stagecoach, Train, Bank, Store, Hotel, Jail, 1 "
                                       "cattle, 2 cattle, the farmer (one-hot)"),
    Feature("gf_attacker", MAX_PLAYERS, "gunfight: the attacker (one-hot by relative seat)"),
    Feature("gf_defender", MAX_PLAYERS, "gunfight: the defending player (one-hot by relative seat; none for the "
                                        "farmer)"),
    Feature("gf_jail_owner", MAX_PLAYERS, "gunfight: the owner of the Jail in its town, who decides the sheriff "
                                          "(one-hot by relative seat)"),
    Feature("gf_cowboys", 2, "gunfight: the attack's and the defense's cowboys / 9"),
    Feature("gf_temps", 2, "gunfight: the attack's and the defense's temporary fighters (guard, farmer, sheriff, "
                           "default defender) / 2"),
    Feature("gf_order", 3, "gunfight, a moment to fire: the attack fires first, the defense fires first, both "
                           "fire at once (one-hot)"),
    Feature("gf_moment", 2, "gunfight, a moment to fire: the side deciding to fire or retreat: attack, defense "
                            "(one-hot)"),
)


cdef class WayOutWestInformationSet(InformationSet):
    """What one seat knows (the whole board, every purse and bid); ``sample()`` only re-seeds the dice.

    >>> from deadeye.core import new_game
    >>> state = new_game("way-out-west", players=2, seed=3)
    >>> info = state.information_set(0)
    >>> info.sample(7).information_set(0) == info, info.sample(7) == state
    (True, False)
    """

    state_class = WayOutWestState
    encoding_version, features = ENCODING_VERSION, FEATURES

    cdef WowData view                   # the state without its generator

    def __cinit__(self):
        self.block, self.block_size = &self.view, sizeof(WowData)

    cdef void _observe(self, GameState state) noexcept nogil:
        self.view = (<WayOutWestState>state).d

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        (<WayOutWestState>out).d = self.view          # all is public; determinise() re-seeds the future dice
        return True

    cdef void _encode(self, Encoder* e) noexcept nogil:
        encode_view(&self.view, self.seat, e)

    def validate(self) -> str:
        """Why the view is no state of the game, or '' (the state's own checks: the view is the whole state)."""
        return check_data(&self.view)


cdef inline bint _in_gunfight(const WowData* v) noexcept nogil:
    return v.phase == PH_SHERIFF or v.phase == PH_FIRE or v.phase == PH_WANTED


cdef void encode_view(const WowData* v, int seat, Encoder* e) noexcept nogil:
    """FEATURES, in order, from the view alone (all of it public: seen from ``seat``)."""
    cdef int n = v.n_players, r, p, t, k, s, best, side
    cdef int space[MAX_PLAYERS]
    cdef int new_space[MAX_PLAYERS]
    cdef int inc[MAX_PLAYERS]
    cdef int pts[MAX_PLAYERS]
    cdef int seats[MAX_PLAYERS]         # the absolute seat of each relative place, -1 when absent
    cdef bint auction = v.phase == PH_AUCTION or v.phase == PH_BID_MORE
    cdef bint acting = v.phase == PH_ACTION or _in_gunfight(v)
    cdef int high = -1
    for r in range(MAX_PLAYERS):
        seats[r] = (seat + r) % n if r < n else -1
    for s in range(n):
        space[v.order[s]] = s
        new_space[s] = -1
    for s in range(n):
        if v.new_order[s] != EMPTY and v.new_order[s] < n:
            new_space[v.new_order[s]] = s
    if auction and v.high_bid > 0:
        for p in range(n):
            if v.bid[p] == v.high_bid:
                high = p
    income_of(v, inc)
    final_points(v, pts)

    # the game and the turn
    put_onehot(e, n - MIN_PLAYERS, 4)
    put_onehot(e, v.phase, N_DECIDING)
    put_onehot(e, relative_seat(v.current, seat, n), MAX_PLAYERS)
    put_onehot(e, v.round - 1, N_ROUNDS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        if p < 0 or v.phase == PH_OVER:
            put(e, 0.0)
        elif acting:
            put_count(e, (1 - v.pass_no) + (1 if space[p] >= v.turn else 0), 2)
        else:
            put(e, 1.0)
    # the turn-order track and the auction
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_onehot(e, space[p] if p >= 0 else -1, MAX_PLAYERS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_onehot(e, new_space[p] if p >= 0 and auction else -1, MAX_PLAYERS)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_flag(e, p >= 0 and auction and v.in_auction[p] != 0)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.bid[p] if p >= 0 and auction else 0, MONEY_SCALE)
    put_count(e, v.high_bid + v.bid_extra if auction else 0, MONEY_SCALE)
    put_onehot(e, relative_seat(high, seat, n), MAX_PLAYERS)
    # the board
    for t in range(N_TOWNS):
        for r in range(MAX_PLAYERS):
            p = seats[r]
            put_count(e, v.cowboys[t][p] if p >= 0 else 0, COWBOYS_EACH)
    for t in range(N_TOWNS):
        for r in range(MAX_PLAYERS):
            p = seats[r]
            put_count(e, v.cattle[t][p] if p >= 0 else 0, CATTLE_EACH)
    for t in range(N_TOWNS):
        for k in range(N_BT):
            put_onehot(e, relative_seat(v.building[t][k], seat, n), MAX_PLAYERS)
    for t in range(N_TOWNS):
        put_flag(e, v.farmer_at[t] != 0)
    for t in range(N_TOWNS):
        put_count(e, town_size(v, t), 6)
    for t in range(N_TOWNS):
        put_count(e, town_spaces(t) - town_size(v, t), town_spaces(t))
    for t in range(N_TOWNS):
        put_count(e, town_corrals(t) - cattle_in(v, t), town_corrals(t))
    for t in range(N_TOWNS):
        put_onehot(e, relative_seat(town_controller(v, t), seat, n), MAX_PLAYERS)
    # the seats
    best = 0
    for p in range(n):
        if p == 0 or v.money[p] > best:
            best = v.money[p]
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.money[p] if p >= 0 else 0, MONEY_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_flag(e, p >= 0 and v.money[p] == best)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, inc[p] if p >= 0 else 0, INCOME_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, pts[p] if p >= 0 else 0, POINTS_SCALE)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.cowboy_supply[p] if p >= 0 else 0, COWBOYS_EACH)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.cattle_supply[p] if p >= 0 else 0, CATTLE_EACH)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        for k in range(N_BT):
            put_count(e, v.bt_supply[p][k] if p >= 0 else 0, BT_EACH)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_flag(e, p >= 0 and v.farmer_placed[p] == 0)
    for r in range(MAX_PLAYERS):
        p = seats[r]
        put_count(e, v.wanted[p] if p >= 0 else 0, WANTED_TOKENS)
    put_count(e, v.wanted_pool, WANTED_TOKENS)
    for k in range(N_BOXES):
        put_count(e, v.boxes_left[k], box_count(k, n))
    # the gunfight
    if not _in_gunfight(v):
        skip(e, N_TOWNS + N_GF_TARGETS + 3 * MAX_PLAYERS + 2 + 2 + 3 + 2)
        return
    put_onehot(e, v.gf_town, N_TOWNS)
    if v.gf_target < TARGET_CATTLE:
        put_onehot(e, v.gf_target, N_GF_TARGETS)
    elif v.gf_target < TARGET_FARMER:
        put_onehot(e, N_BT + (v.gf_target - TARGET_CATTLE) % 2, N_GF_TARGETS)
    else:
        put_onehot(e, N_GF_TARGETS - 1, N_GF_TARGETS)
    put_onehot(e, relative_seat(v.gf_attacker, seat, n), MAX_PLAYERS)
    put_onehot(e, relative_seat(v.gf_defender, seat, n), MAX_PLAYERS)
    put_onehot(e, relative_seat(v.gf_jail_owner, seat, n), MAX_PLAYERS)
    put_count(e, v.cowboys[v.gf_town][v.gf_attacker] if v.gf_attacker >= 0 else 0, COWBOYS_EACH)
    put_count(e, v.cowboys[v.gf_town][v.gf_defender] if v.gf_defender >= 0 else 0, COWBOYS_EACH)
    put_count(e, v.gf_temps[ATTACK], MAX_TEMPS)
    put_count(e, v.gf_temps[DEFENSE], MAX_TEMPS)
    if v.phase == PH_FIRE:
        put_onehot(e, v.gf_first, 3)
        if v.gf_first == SIMULTANEOUS:
            side = ATTACK if v.gf_shot == 0 else DEFENSE
        else:
            side = v.gf_first if v.gf_shot == 0 else 1 - v.gf_first
        put_onehot(e, side, 2)
    else:
        skip(e, 3 + 2)
