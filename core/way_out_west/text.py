"""The Way Out West board as plain text, for the terminal and logs (everything is public, so every seat sees it)."""
from __future__ import annotations

from .labels import BOX_NAMES, BT_NAMES, PHASE_NAMES, TOWN_NAMES

_SPACES = (3, 4, 4, 5, 6)
_CORRALS = (4, 5, 5, 6, 7)


def describe_view(info: dict) -> str:
    """The board as ``info["seat"]`` sees it: the round and phase, each seat's money and supply, each town's
    counters, cattle, cowboys and farmer, the auction and the empty action boxes."""
    v, seat = info["view"], info["seat"]
    n = v["n_players"]
    lines = [f"Way Out West, seat {seat}: round {v['round']}/12, {PHASE_NAMES[v['phase']]}"
             + (f", pass {v['pass_no'] + 1}" if PHASE_NAMES[v['phase']] == "action" else "")
             + (f", seat {v['current']} to decide" if v["current"] >= 0 else ", the game is over")]
    lines.append("turn order: " + " ".join(f"{i + 1}:seat {v['order'][i]}" for i in range(n)))
    for p in range(n):
        supply = ", ".join(f"{BT_NAMES[k]} {v['bt_supply'][p][k]}" for k in range(6))
        lines.append(f"  seat {p}{' (you)' if p == seat else ''}: ${v['money'][p]}, wanted {v['wanted'][p]}, "
                     f"supply: cowboys {v['cowboy_supply'][p]}, cattle {v['cattle_supply'][p]}, {supply}"
                     + ("" if v["farmer_placed"][p] else ", farmer not placed"))
    for t in range(5):
        counters = ", ".join(f"{BT_NAMES[k]} (seat {v['building'][t][k]})" for k in range(6)
                             if v["building"][t][k] >= 0) or "-"
        size = sum(1 for k in range(6) if v["building"][t][k] >= 0)
        cattle = " ".join(f"s{p}:{v['cattle'][t][p]}" for p in range(n) if v["cattle"][t][p]) or "-"
        cowboys = " ".join(f"s{p}:{v['cowboys'][t][p]}" for p in range(n) if v["cowboys"][t][p]) or "-"
        lines.append(f"{t + 1} {TOWN_NAMES[t]:<11} [{size}/{_SPACES[t]}] {counters}; cattle [{sum(v['cattle'][t][:n])}/"
                     f"{_CORRALS[t]}] {cattle}; cowboys {cowboys}" + ("; farmer" if v["farmer_at"][t] else ""))
    phase = PHASE_NAMES[v["phase"]]
    if phase.startswith("auction"):
        bids = ", ".join(f"seat {p} ${v['bid'][p]}" + ("" if v["in_auction"][p] else " (out)") for p in range(n))
        lines.append(f"auction: high bid ${v['high_bid']}; {bids}")
    elif phase == "action":
        boxes = ", ".join(f"{BOX_NAMES[b]} {v['boxes_left'][b]}" for b in range(12) if v["boxes_left"][b])
        lines.append(f"empty boxes: {boxes}")
    elif phase in ("sheriff", "gunfight", "wanted token"):
        lines.append(f"gunfight in {TOWN_NAMES[v['gf_town']]}: seat {v['gf_attacker']} attacks; temporary fighters "
                     f"attack {v['gf_temps'][0]}, defense {v['gf_temps'][1]}")
    lines.append(f"wanted pool {v['wanted_pool']}, treasury balance ${v['treasury']}")
    return "\n".join(lines)
