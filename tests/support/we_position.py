"""Build concrete Wyatt Earp positions for rule tests: name what matters, the rest of the 78 cards go to the draw pile.

>>> s = position(players=3, hands={0: {"Jesse James": 3, "Wanted": 1}}, discard=["Hideout"])
>>> s.hand(0)
{'Jesse James': 3, 'Wanted': 1}
"""
from __future__ import annotations

from deadeye.core import new_game
from deadeye.core.wyatt_earp import CARD_COUNTS, CARD_NAMES, OUTLAW_NAMES, WyattEarpState

CARD = {name: i for i, name in enumerate(CARD_NAMES)}
OUTLAW = {name: i for i, name in enumerate(OUTLAW_NAMES)}
PHASES = ("draw", "play", "target", "search", "immediate", "photo window", "defence", "discard", "game over")
ATTACHABLE = ("Stagecoach Robbery", "Bank Robbery", "Fastest Gun", "Hideout")


def position(players: int = 3, *, hands: dict | None = None, discard: list | None = None,
             tableaus: dict | None = None, draw: dict | None = None, active: int = 0, phase: str = "play",
             decider: int | None = None, sheriff_used: bool = False, opened: list | None = None,
             money: list | None = None, posters: list | None = None, pending: str | None = None,
             window_outlaw: str | None = None, reshuffled: bool = False, round: int = 1,
             known: dict | None = None, seed: int = 1) -> WyattEarpState:
    """A state with exactly these facts; every card not named lies in the draw pile (or exactly ``draw`` if given).

    hands:    {seat: {card name: count}}
    tableaus: {seat: {outlaw name: {"outlaws": n, "photo": 0/1, "attached": [card names, oldest first]}}}
    discard:  card names, bottom first
    opened:   outlaw names opened this round (outlaws with a group of 3+ outlaw cards are opened automatically)
    known:    {seat: {card name: count}} publicly known cards in hands
    """
    base = new_game("wyatt-earp", players=players, seed=seed, first_dealer=(active - 1) % players)
    data = base.to_dict()
    st = data["state"]
    n_types = len(CARD_NAMES)
    zero_hands = [[0] * n_types for _ in range(6)]
    st["hand"] = [row[:] for row in zero_hands]
    st["known"] = [row[:] for row in zero_hands]
    used = [0] * n_types
    for seat, cards in (hands or {}).items():
        for name, count in cards.items():
            st["hand"][seat][CARD[name]] += count
            used[CARD[name]] += count
    st["hand_n"] = [sum(row) for row in st["hand"]]
    for seat, cards in (known or {}).items():
        for name, count in cards.items():
            st["known"][seat][CARD[name]] = count
    st["outlaws"] = [[0] * 7 for _ in range(6)]
    st["photo"] = [[0] * 7 for _ in range(6)]
    st["attached"] = [[[0] * 8 for _ in range(7)] for _ in range(6)]
    st["attached_n"] = [[0] * 7 for _ in range(6)]
    st["fg_seat"], st["fg_outlaw"] = -1, -1
    st["opened"] = [0] * 7
    for seat, groups in (tableaus or {}).items():
        for outlaw, group in groups.items():
            x = OUTLAW[outlaw]
            st["outlaws"][seat][x] = group.get("outlaws", 0)
            used[x] += group.get("outlaws", 0)
            st["photo"][seat][x] = group.get("photo", 0)
            used[7 + x] += group.get("photo", 0)
            for i, name in enumerate(group.get("attached", [])):
                assert name in ATTACHABLE, name
                st["attached"][seat][x][i] = CARD[name]
                used[CARD[name]] += 1
                if name == "Fastest Gun":
                    st["fg_seat"], st["fg_outlaw"] = seat, x
            st["attached_n"][seat][x] = len(group.get("attached", []))
            if group.get("outlaws", 0) >= 3:
                st["opened"][x] = 1
    for name in opened or []:
        st["opened"][OUTLAW[name]] = 1
    pile = [CARD[name] for name in (discard or [])]
    for c in pile:
        used[c] += 1
    st["discard"] = pile + [0] * (78 - len(pile))
    st["discard_n"] = len(pile)
    if pending is not None:
        used[CARD[pending]] += 1 if phase in ("target",) and pending != "Wyatt Earp" else 0
        st["pending"] = CARD[pending]
    else:
        st["pending"] = 255
    if draw is None:
        st["draw"] = [CARD_COUNTS[t] - used[t] for t in range(n_types)]
    else:
        st["draw"] = [draw.get(name, 0) for name in CARD_NAMES]
    if any(c < 0 for c in st["draw"]):
        raise ValueError(f"more cards named than exist: {[CARD_NAMES[t] for t in range(n_types) if st['draw'][t] < 0]}")
    st["draw_n"] = sum(st["draw"])
    st["active"] = active
    st["decider"] = active if decider is None else decider
    st["phase"] = PHASES.index(phase)
    st["sheriff_used"] = int(sheriff_used)
    st["window_outlaw"] = 255 if window_outlaw is None else OUTLAW[window_outlaw]
    st["reshuffled"] = int(reshuffled)
    st["round"] = round
    hidden = [st["hand_n"][p] - sum(st["known"][p]) for p in range(6)]   # no "no" answers: one free tier each
    st["n_tiers"] = [1 if h else 0 for h in hidden]
    st["tier_n"] = [[h] + [0] * 7 for h in hidden]
    st["tier_mask"] = [[0] * 8 for _ in range(6)]
    st["n_searches"] = 0
    for key in ("search_seat", "search_type", "search_below", "search_known", "search_held", "search_mask",
                "search_gone"):
        st[key] = [0] * len(st[key])
    if money is not None:
        st["money"] = list(money) + [0] * (6 - len(money))
    if posters is not None:
        st["poster"] = list(posters)
    st["n_events"] = 0
    return WyattEarpState.from_dict(data) if draw is None else _unchecked(data)


def _unchecked(data: dict) -> WyattEarpState:
    """``draw`` given explicitly may leave cards unplaced on purpose (short piles); skip the conservation check."""
    from deadeye.core.layout import pack
    from deadeye.core.wyatt_earp.state import STATE_LAYOUT as _FIELDS
    st = dict(data["state"])
    rng = st.pop("rng")
    raw = pack(st, _FIELDS, len(WyattEarpState().to_bytes()) - 8, "test position")
    return WyattEarpState.from_bytes(raw + rng.to_bytes(8, "little"))


def act(state: WyattEarpState, *labels: str) -> WyattEarpState:
    """Apply actions by label, in order (raises if one is not legal)."""
    for label in labels:
        state.apply_label(label)
    return state


def labels(state: WyattEarpState) -> list[str]:
    return [state.action_label(a) for a in state.legal_actions()]


def field(state: WyattEarpState, name: str):
    return state.to_dict()["state"][name]


def discard_pile(state: WyattEarpState) -> list[str]:
    st = state.to_dict()["state"]
    return [CARD_NAMES[c] for c in st["discard"][:st["discard_n"]]]


def group(state: WyattEarpState, seat: int, outlaw: str) -> dict:
    st = state.to_dict()["state"]
    x = OUTLAW[outlaw]
    return {"outlaws": st["outlaws"][seat][x], "photo": st["photo"][seat][x],
            "attached": [CARD_NAMES[c] for c in st["attached"][seat][x][:st["attached_n"][seat][x]]]}
