"""Names of the Way Out West towns, counters and phases, action labels ("buy 2 cattle in Abilene") and event
sentences.  Everything is public, so every seat sees the same label."""
from deadeye.core.way_out_west.data cimport *

TOWN_NAMES = ("San Antonia", "Kansas City", "Abilene", "Dodge City", "Deadwood")
BT_NAMES = ("Stagecoach", "Train", "Bank", "Store", "Hotel", "Jail")
BOX_NAMES = ("Buy Cattle", "Buy Cowboys", "Move Cowboys", "Move Cattle") + tuple(f"Build {b}" for b in BT_NAMES) \
    + ("Place Farmer", "Gunfight")
PHASE_NAMES = ("setup", "auction", "auction (raise being built)", "action", "sheriff", "gunfight", "wanted token",
               "over")
SIDE_NAMES = ("attack", "defense")
COLOURS = ("Red", "Blue", "Green", "Yellow", "White")     # seat colours (1.2), labels only


def towns_of_mask(int mask) -> str:
    return ", ".join(TOWN_NAMES[t] for t in range(N_TOWNS) if (mask >> t) & 1)


cdef str target_text(const WowData* d, int t, int target):
    cdef int owner
    if target < TARGET_CATTLE:
        owner = d.building[t][target]
        if target == BANK:
            return f"rob seat {owner}'s Bank"
        if target == JAIL:
            return f"attack seat {owner}'s Jail"
        return f"capture seat {owner}'s {BT_NAMES[target]}"
    if target < TARGET_FARMER:
        k = (target - TARGET_CATTLE) % 2 + 1
        return f"rustle {k} cattle of seat {(target - TARGET_CATTLE) // 2}"
    return "shoot the farmer"


cdef str action_label(const WowData* d, int a):
    cdef int base = d.high_bid + d.bid_extra, t, t1, t2, p = d.current
    if a == A_SKIP:
        return "skip"
    if a < A_BUY_COWBOYS:
        a -= A_BUY_CATTLE
        return f"buy {a % 2 + 1} cattle in {TOWN_NAMES[a // 2]}"
    if a < A_BUY_COWBOYS + N_TOWNS:
        return f"buy a cowboy for {TOWN_NAMES[a - A_BUY_COWBOYS]}"
    if a < A_MOVE_COWBOYS:
        for t1 in range(N_TOWNS):
            for t2 in range(t1, N_TOWNS):
                if pair_index(t1, t2) == a - A_BUY_COWBOYS - N_TOWNS:
                    if t1 == t2:
                        return f"buy 2 cowboys for {TOWN_NAMES[t1]}"
                    return f"buy 2 cowboys for {TOWN_NAMES[t1]} and {TOWN_NAMES[t2]}"
    if a < A_MOVE_CATTLE:
        a -= A_MOVE_COWBOYS
        m = a % 9 + 1
        return (f"move {m} cowboy{'s' if m > 1 else ''} from {TOWN_NAMES[a // 9 // 5]} to "
                f"{TOWN_NAMES[a // 9 % 5]}")
    if a < A_BUILD:
        a -= A_MOVE_CATTLE
        return f"move {a % 2 + 1} cattle from {TOWN_NAMES[a // 2 // 5]} to {TOWN_NAMES[a // 2 % 5]}"
    if a < A_FARMER:
        a -= A_BUILD
        return f"build a {BT_NAMES[a // 5]} in {TOWN_NAMES[a % 5]}"
    if a < A_GUNFIGHT:
        return f"place the farmer in {TOWN_NAMES[a - A_FARMER]}"
    if a < A_RAISE:
        a -= A_GUNFIGHT
        t = a // N_TARGETS
        return f"gunfight in {TOWN_NAMES[t]}: {target_text(d, t, a % N_TARGETS)}"
    if a < A_RAISE_MORE:
        return f"raise to ${base + a - A_RAISE + 1}"
    if a == A_RAISE_MORE:
        return f"raise above ${base + RAISE_STEP} (name the rest next)"
    if a == A_DROP:
        return f"drop out (pay ${d.bid[p] if 0 <= p < MAX_PLAYERS else 0})"
    if a < A_SHERIFF_OUT:
        return f"place a cowboy in {TOWN_NAMES[a - A_PLACE]}"
    if a == A_SHERIFF_OUT:
        return "keep the sheriff out"
    if a == A_SHERIFF_IN:
        return "add the sheriff to the " + ("attack" if d.gf_jail_owner == d.gf_attacker else "defense")
    if a == A_FIRE:
        return "fire"
    if a < A_TAKE_WANTED:
        return f"retreat to {towns_of_mask(a - A_RETREAT) or 'nowhere'}"
    return f"take a wanted token from seat {a - A_TAKE_WANTED}"


def event_text(int kind, int player, int a, int value) -> str:
    """One public event as a sentence (EV_* in data.pxd)."""
    if kind == EV_FIRST_PLAYER:
        return f"seat {player} wins the first-player roll" + (f" after {a} rolls" if a > 1 else "")
    if kind == EV_ROUND:
        return f"round {a}: the auction for turn order"
    if kind == EV_AUCTION_WON:
        return f"seat {player} wins the auction, pays ${value} and takes space 1"
    if kind == EV_DROPPED:
        return f"seat {player} drops out, pays ${value} and takes space {a + 1}"
    if kind == EV_STAGECOACH:
        return f"seat {player}'s Stagecoach in {TOWN_NAMES[a]} pays ${value}"
    if kind == EV_SHERIFF:
        return f"seat {player} adds the sheriff to the {SIDE_NAMES[a]}"
    if kind == EV_DEFAULT_DEFENDER:
        return "a default defender joins the defense"
    if kind == EV_VOLLEY:
        return f"the {SIDE_NAMES[a]} rolls {player} dice: {value} hit{'s' if value != 1 else ''}"
    if kind == EV_RETREAT:
        return f"seat {player} retreats the {SIDE_NAMES[a]} to {towns_of_mask(value)}"
    if kind == EV_WINNER:
        if a == 2:
            return "both sides are wiped out: no winner"
        return f"the {SIDE_NAMES[a]} wins the gunfight" + (f" (seat {player})" if player >= 0 else " (the farmer)")
    if kind == EV_CAPTURE:
        return f"seat {player} captures seat {value}'s {BT_NAMES[a]}"
    if kind == EV_JAIL_REMOVED:
        return f"seat {player}'s Jail in {TOWN_NAMES[a]} is removed from the game"
    if kind == EV_ROBBERY:
        return f"the robbers roll {a}: seat {player} pays ${value}"
    if kind == EV_BANK_RUINED:
        return f"seat {player} cannot pay: his Bank in {TOWN_NAMES[a]} is removed from the game"
    if kind == EV_RUSTLED:
        return f"seat {player} rustles {value} cattle in {TOWN_NAMES[a]}"
    if kind == EV_FARMER_SHOT:
        return f"the farmer of {TOWN_NAMES[a]} is removed from the game"
    if kind == EV_WANTED:
        return f"seat {player} takes a wanted token" + (" from the pool" if value < 0 else f" from seat {value}")
    if kind == EV_NO_WANTED:
        return f"seat {player} finds no wanted token to take"
    if kind == EV_INCOME:
        return f"income after round {a}: seat {player} earns ${value}"
    if kind == EV_SCORE:
        return f"final scoring: seat {player} scores {value} points"
    return f"event {kind} ({player}, {a}, {value})"
