"""Why a usual Way Out West option is not offered to the deciding seat now, as short sentences for players: a full
action box (3.3), money (3.2), pieces in supply (1.2), the preconditions of each action (section 4, 6.1), and the
auction's forced drop (3.1).  The legality itself is the state's (``can_buy_cattle`` and the others of state.pxd);
this module only says which condition failed."""
from deadeye.core.way_out_west.data cimport *
from deadeye.core.way_out_west.state cimport (WayOutWestState, can_attack, can_build, can_buy_cattle,
                                              can_move_cattle)

from deadeye.core.way_out_west.labels import BOX_NAMES, BT_NAMES, TOWN_NAMES


cdef str _boxes_taken(const WowData* d, int box):
    cdef int total = box_count(box, d.n_players)
    return f"{BOX_NAMES[box]}: " + ("its box is taken this round" if total == 1
                                     else f"all {total} of its boxes are taken this round")


cdef int _on_board(const WowData* d, int p, bint cattle) noexcept:
    cdef int t, n = 0
    for t in range(N_TOWNS):
        n += d.cattle[t][p] if cattle else d.cowboys[t][p]
    return n


cdef list _buy_cattle(const WowData* d, int p):
    cdef int t, k
    if d.boxes_left[BOX_CATTLE] == 0:
        return [_boxes_taken(d, BOX_CATTLE)]
    if any(can_buy_cattle(d, p, t, 2) for t in range(N_TOWNS)):
        return []
    one = any(can_buy_cattle(d, p, t, 1) for t in range(N_TOWNS))
    if one:
        if d.money[p] < 2:
            return ["Buy Cattle: $1 buys only one cattle"]
        if d.cattle_supply[p] < 2:
            return ["Buy Cattle: only one cattle is left in your supply"]
        return []
    if d.money[p] < 1:
        return []                          # said once for every purchase (unavailable_reasons)
    if d.cattle_supply[p] == 0:
        return [f"Buy Cattle: all your {CATTLE_EACH} cattle are on the board"]
    towns = [t for t in range(N_TOWNS) if d.cowboys[t][p]]
    if not towns:
        return ["Buy Cattle needs one of your cowboys in the town: you have none on the board"]
    why = []
    for t in towns:
        if cattle_in(d, t) >= town_corrals(t):
            why.append(f"the corrals of {TOWN_NAMES[t]} are full")
        else:
            why.append(f"{TOWN_NAMES[t]} needs cattle in {TOWN_NAMES[t - 1]} first (chain rule)")
    return ["Buy Cattle, in the towns with your cowboys: " + "; ".join(why)]


cdef list _buy_cowboys(const WowData* d, int p):
    if d.boxes_left[BOX_COWBOYS] == 0:
        return [_boxes_taken(d, BOX_COWBOYS)]
    if d.cowboy_supply[p] == 0:
        return [f"Buy Cowboys: all your {COWBOYS_EACH} cowboys are on the board"]
    if d.money[p] < 1:
        return []
    if d.money[p] < 2:
        return ["Buy Cowboys: $1 buys only one cowboy"]
    if d.cowboy_supply[p] < 2:
        return ["Buy Cowboys: only one cowboy is left in your supply"]
    return []


cdef list _moves(const WowData* d, int p):
    cdef int o, t, m
    out = []
    if d.boxes_left[BOX_MOVE_COWBOYS] == 0:
        out.append(_boxes_taken(d, BOX_MOVE_COWBOYS))
    elif _on_board(d, p, False) == 0:
        out.append("Move Cowboys: you have no cowboys on the board")
    if d.boxes_left[BOX_MOVE_CATTLE] == 0:
        out.append(_boxes_taken(d, BOX_MOVE_CATTLE))
    elif _on_board(d, p, True) == 0:
        out.append("Move Cattle: you have no cattle on the board")
    elif not any(can_move_cattle(d, p, o, t, 1) for o in range(N_TOWNS) for t in range(N_TOWNS)):
        out.append("Move Cattle: no other town can take your cattle (it needs your cowboy, a free corral and "
                   "the chain rule)")
    return out


cdef list _builds(const WowData* d, int p):
    cdef int kind, t
    taken, gone, dear, nowhere = [], [], [], []
    for kind in range(N_BT):
        if any(can_build(d, p, kind, t) for t in range(N_TOWNS)):
            continue
        if d.boxes_left[BOX_BUILD + kind] == 0:
            taken.append(BT_NAMES[kind])
        elif d.bt_supply[p][kind] == 0:
            gone.append(BT_NAMES[kind])
        elif d.money[p] == 0:
            continue
        elif d.money[p] < bt_cost(kind):
            dear.append(f"{BT_NAMES[kind]} ${bt_cost(kind)}")
        else:
            nowhere.append(BT_NAMES[kind])
    out = []
    if taken:
        out.append(f"build boxes taken this round: {', '.join(taken)}")
    if dear:
        out.append(f"you cannot afford to build: {', '.join(dear)} (you have ${d.money[p]})")
    if gone:
        out.append(f"no counter left in your supply: {', '.join(gone)}")
    if nowhere:
        out.append(f"no town can take a {' or a '.join(nowhere)}: each town already has one, is full, or holds two "
                   f"of your counters")
    return out


cdef list _farmer(const WowData* d, int p):
    cdef int t
    if d.farmer_placed[p]:
        return []                          # once a game: not a usual option any more
    if d.boxes_left[BOX_FARMER] == 0:
        return [_boxes_taken(d, BOX_FARMER)]
    if all(d.farmer_at[t] for t in range(N_TOWNS)):
        return ["Place Farmer: every town has a farmer"]
    return []


cdef list _gunfights(const WowData* d, int p):
    cdef int t, k, q, owner
    if d.boxes_left[BOX_GUNFIGHT] == 0:
        return [_boxes_taken(d, BOX_GUNFIGHT)]
    towns = [t for t in range(N_TOWNS) if d.cowboys[t][p]]
    if not towns:
        return ["Gunfight needs your cowboys in the town: you have none on the board"]
    out = []
    for t in towns:
        for k in (STAGECOACH, TRAIN, STORE, HOTEL):
            owner = d.building[t][k]
            if owner < 0 or owner == p or can_attack(d, p, t, k):
                continue
            if d.bt_supply[p][k] == 0:
                out.append(f"capturing seat {owner}'s {BT_NAMES[k]} in {TOWN_NAMES[t]} needs a {BT_NAMES[k]} in "
                           f"your supply")
            else:
                out.append(f"capturing seat {owner}'s {BT_NAMES[k]} in {TOWN_NAMES[t]}: you own two counters there "
                           f"already")
        if d.cattle_supply[p] == 0 and any(d.cattle[t][q] for q in range(d.n_players) if q != p):
            out.append(f"rustling in {TOWN_NAMES[t]} needs cattle in your supply to put in their place")
    if not out and not any(can_attack(d, p, t, k) for t in towns for k in range(N_TARGETS)):
        out.append("Gunfight: nothing to attack in the towns where you have cowboys")
    return out


def unavailable_reasons(WayOutWestState state) -> list:
    """The sentences for ``state``'s deciding seat (see the module docstring); [] when nothing usual is missing."""
    cdef const WowData* d = &state.d
    cdef int p = d.current
    if p < 0:
        return []
    if d.phase == PH_AUCTION and d.money[p] <= d.high_bid:
        return [f"you cannot raise: your ${d.money[p]} is not more than the high bid ${d.high_bid}, so you drop out"]
    if d.phase == PH_BID_MORE:
        return ["you are naming a raise: you cannot drop out in the middle of it"]
    if d.phase != PH_ACTION:
        return []
    broke = ["you have $0: buying cattle or cowboys and building cost money"] if d.money[p] == 0 else []
    return (broke + _buy_cattle(d, p) + _buy_cowboys(d, p) + _moves(d, p) + _builds(d, p) + _farmer(d, p)
            + _gunfights(d, p))
