"""Why a usual BANG! option is not offered to the deciding seat in phase 2 (for players, ``unavailable_reasons``).

Only cards and abilities the seat actually holds are explained, and only when the rules withhold them now (rules
3.4, 4, 5, Gold Rush 1.4); the sentences name the numbers that decide it (distances, reach, costs)."""
from __future__ import annotations

from .data import (A_BUY, A_CARD, A_GOLD_PAN, A_JACKY, A_RADDIE, A_RUCKSACK, CALAMITY_JANET, E_GOLD_PAN,
                   E_RUCKSACK, E_WANTED, E_BOOTS, EQL_PLAY, FR_PLAY, JACKY_MURIETA, K_BANG, K_BARREL, K_BEER, K_JAIL,
                   K_MISSED, K_PANIC, K_VOLCANIC, K_WINCHESTER, LOC_HAND, LOC_PLAY, PRETTY_LUZENA, RADDIE_SNAKE,
                   ST_GHOST_ACTIVE, ST_LIVING, WILLY_THE_KID)
from .labels import EQUIP_NAMES, KIND_NAMES, equip_cost_of, equip_kind_of, kind_of


def _participants(v: dict) -> list[int]:
    return [q for q in range(v["n_players"]) if v["status"][q] in (ST_LIVING, ST_GHOST_ACTIVE)]


def unavailable_reasons(state) -> list[str]:
    """Short sentences for the seat deciding in phase 2 (empty elsewhere)."""
    v = state.to_dict()["state"]
    p = v["current"]
    if p < 0 or v["over"] or not v["fr_n"] or v["fr_kind"][v["fr_n"] - 1] != FR_PLAY:
        return []
    legal = set(state.legal_actions())
    me = v["character"][p]
    others = [q for q in _participants(v) if q != p]
    hand = [c for c in range(80) if v["loc"][c] == LOC_HAND + p]
    kinds = {kind_of(c) for c in range(80) if v["loc"][c] == LOC_PLAY + p}
    reasons: list[str] = []

    def distances(limit: int) -> str:
        return ", ".join(f"seat {q} {state.distance(p, q)}" for q in others) + f" (you reach {limit})"

    said = set()
    for c in hand:
        k = kind_of(c)
        if A_CARD + c in legal or k in said:
            continue
        as_bang = k == K_BANG or (k == K_MISSED and me == CALAMITY_JANET)
        if as_bang:
            if v["bangs"] and me != WILLY_THE_KID and K_VOLCANIC not in kinds:
                reasons.append("one BANG! per turn: you have played one (only Volcanic or Willy the Kid allow more)")
            else:
                reasons.append("no target within reach for BANG!: distances " + distances(state.reach(p)))
        elif k == K_PANIC:
            reasons.append("Panic! needs a seat at distance 1 with a card: distances " + distances(1))
        elif k == K_JAIL:
            reasons.append("Jail: no seat to jail (never the Sheriff, nor a seat already in Jail)")
        elif k >= K_BARREL and not K_VOLCANIC <= k <= K_WINCHESTER:
            reasons.append(f"you already have a {KIND_NAMES[k]} in play: two blue cards of a name never")
        elif K_VOLCANIC <= k <= K_WINCHESTER:
            reasons.append(f"your weapon in play is already a {KIND_NAMES[k]}")
        else:
            continue
        said.add(k)
    if any(kind_of(c) == K_BEER for c in hand):
        living = sum(1 for q in range(v["n_players"]) if v["status"][q] == ST_LIVING)
        if living <= 2:
            reasons.append("Beer heals nothing with two players left")
        elif v["life"][p] >= v["max_life"][p]:
            reasons.append("Beer heals nothing at full life")
    if v["gold_rush"]:
        gold = v["nuggets"][p]
        for slot, e in enumerate(v["eq_row"]):
            if e < 0 or A_BUY + slot in legal:
                continue
            cost = equip_cost_of(e) - (1 if me == PRETTY_LUZENA and not v["luzena_used"] else 0)
            name = EQUIP_NAMES[equip_kind_of(e)]
            if cost > gold:
                reasons.append(f"{name} costs {max(cost, 0)} nuggets: you have {gold}")
            elif equip_kind_of(e) == E_WANTED:
                reasons.append("Wanted: every participant already has one")
            elif equip_kind_of(e) >= E_BOOTS:
                reasons.append(f"you already have a {name} in play")
        own = {equip_kind_of(e) for e in range(24) if v["eq_loc"][e] == EQL_PLAY + p}
        for has, action, name, used in ((E_GOLD_PAN in own, A_GOLD_PAN, "Gold Pan", v["gold_pan_used"]),
                                        (me == RADDIE_SNAKE, A_RADDIE, "Raddie Snake", v["raddie_used"])):
            if has and action not in legal:
                reasons.append(f"{name}: twice a turn, used twice" if used >= 2 else f"{name} costs 1 nugget: you have 0")
        if me == JACKY_MURIETA and A_JACKY not in legal:
            reasons.append(f"Jacky Murieta's shot costs 2 nuggets: you have {gold}" if gold < 2
                           else "Jacky Murieta's shot: no target within reach: distances " + distances(state.reach(p)))
        if E_RUCKSACK in own and A_RUCKSACK not in legal:
            reasons.append(f"Rucksack costs 2 nuggets: you have {gold}" if gold < 2 else "Rucksack: you are at full life")
    return reasons
