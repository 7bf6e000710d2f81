"""Build concrete Colt Express positions for rule tests: name what matters, the rest stays as a fresh game has it.

A position is a schemin' turn of round ``round`` (default: the last seat of the last turn).  ``steal(...)`` builds
one whose pile is given and applies that last seat's Draw, so the stealin' phase starts at once and the state waits
for the first decision of the pile (or has run its automatic steps and the round event).

>>> s = steal(3, "Belle,Django,Tuco", where={"Belle": (2, "inside")}, clear_loot=True, loot={3: (2, "inside")},
...           pile=[("Belle", "Rob")])
>>> s.phase, labels(s)
('rob', ['Belle: rob purse #3'])
"""
from __future__ import annotations

from deadeye.core import new_game
from deadeye.core.colt_express import BANDIT_NAMES, ROUND_CARD_NAMES, TYPE_NAMES, ColtExpressState

BANDIT = {name: i for i, name in enumerate(BANDIT_NAMES)}
TYPE = {name: i for i, name in enumerate(TYPE_NAMES)}
LEVEL = {"inside": 0, "roof": 1}
CARD = {name: i for i, name in enumerate(ROUND_CARD_NAMES)}
PHASES = ("setup caboose", "setup marshal", "scheme", "keep", "move", "marshal", "fire", "rob", "punch victim",
          "punch loot", "punch destination", "pickpocket", "game over")
JEWEL0, STRONGBOX0, RANSOM0 = 18, 24, 26
PLACE_BANDIT, PLACE_BOX, PLACE_ASIDE = 16, 30, 31
BULLET = 12
COPIES = (2, 2, 2, 2, 1, 1)


def place(where) -> int:
    """A token place from (car, "inside"/"roof"), a bandit name, "box" or "aside"."""
    if isinstance(where, tuple):
        return where[0] * 2 + LEVEL[where[1]]
    if where == "box":
        return PLACE_BOX
    if where == "aside":
        return PLACE_ASIDE
    return PLACE_BANDIT + BANDIT[where]


def position(players: int = 3, bandits: str | None = None, *, first: int = 0, round: int = 1,
             round_cards: list | None = None, turn: int | None = None, step: int | None = None,
             where: dict | None = None, marshal: int = 0, loot: dict | None = None, clear_loot: bool = False,
             values: dict | None = None, hands: dict | None = None, pile: list | None = None,
             advanced: bool = False, bullets_left: dict | None = None, neutral_supply: int = 13,
             neutral_removed: int = 0, received: dict | None = None, seed: int = 1) -> ColtExpressState:
    """A schemin' position with exactly these facts.

    bandits:   "Belle,Django,Tuco": seat 0's bandit first (two per seat with 2 players)
    where:     {bandit: (car, "inside"/"roof")}; bandits not named keep their starting places
    loot:      {token id: (car, level) | bandit name | "box" | "aside"}; ``clear_loot`` first empties the train
               (every token but the starting purses goes to the box)
    values:    {purse id: dollars}: swapped with other wagon purses so the 18 values stay the same multiset
    hands:     {seat: {type name: count}} (2 players: "Belle Move"); the other action cards are in the deck
    pile:      [(bandit, type name) or (bandit, type name, "down")], first played first
    received:  {bandit: {source bandit or "marshal": count}}: bullet cards received (in the seat's deck)
    """
    two = players == 2
    base = new_game("colt-express", players=players, seed=seed, bandits=bandits, first_player=first,
                    advanced=advanced)
    if two:                                            # the setup choices: first listed bandit of a seat in car 4
        while base.phase.startswith("setup"):
            base.apply_action(base.legal_actions()[0])
    data = base.to_dict()
    st = data["state"]
    n_slots = st["n_slots"]
    st["first"] = first
    st["round"] = round
    if round_cards is not None:
        st["round_card"] = [CARD[c] if isinstance(c, str) else c for c in round_cards]
    card = st["round_card"][round - 1]
    n_turns = len(_turns(card))
    st["turn"] = n_turns - 1 if turn is None else turn
    st["step"] = players - 1 if step is None else step
    ttype = _turns(card)[st["turn"]]
    st["decider"] = (first - st["step"]) % players if ttype == 3 else (first + st["step"]) % players
    st["phase"] = PHASES.index("scheme")
    for name, (car, level) in (where or {}).items():
        st["car"][BANDIT[name]] = car
        st["level"][BANDIT[name]] = LEVEL[level]
    st["marshal_car"] = marshal
    if clear_loot:
        for t in range(32):
            if st["tok_place"][t] < PLACE_BANDIT or t in (STRONGBOX0, STRONGBOX0 + 1):
                st["tok_place"][t] = PLACE_BOX if t < STRONGBOX0 else PLACE_ASIDE
    for t, w in (loot or {}).items():
        st["tok_place"][t] = place(w)
        if t >= RANSOM0:
            st["tok_value"][t] = 250
            st["tok_known"][t] = (1 << players) - 1
    for t, value in (values or {}).items():
        other = next(u for u in range(st["n_bandits"], 18)      # never a starting purse: those are $250, public
                     if st["tok_value"][u] == value and u not in (values or {}))
        st["tok_value"][t], st["tok_value"][other] = value, st["tok_value"][t]
    for b, n in (bullets_left or {}).items():
        st["bullets_left"][BANDIT[b]] = n
    for b, sources in (received or {}).items():
        for src, n in sources.items():
            st["received"][BANDIT[b]][6 if src == "marshal" else BANDIT[src]] = n
    st["neutral_supply"] = neutral_supply
    st["neutral_removed"] = neutral_removed
    # cards: hands as given, pile as given, the rest of each seat's cards in its deck
    st["hand"] = [[0] * 13 for _ in range(6)]
    st["pile_n"], st["pile_next"] = 0, 0
    st["pile_bandit"], st["pile_kind"], st["pile_flags"] = [0] * 32, [0] * 32, [0] * 32
    for i, entry in enumerate(pile or []):
        b = BANDIT[entry[0]]
        q = st["controller"][b]
        slot = st["bandit_of"][q].index(b)
        st["pile_bandit"][i] = b
        st["pile_kind"][i] = slot * 6 + TYPE[entry[1]]
        st["pile_flags"][i] = 1 if len(entry) > 2 and entry[2] == "down" else 0
        st["pile_n"] = i + 1
    for q, cards in (hands or {}).items():
        for name, n in cards.items():
            st["hand"][q][_kind(st, q, name)] += n
    for q in range(players):
        totals = [0] * 13
        for k in range(6 * n_slots):
            s, t = divmod(k, 6)
            totals[k] = COPIES[t] if not two else (0 if t == 5 and st["removed_marshal"][q] == s else 1)
        totals[BULLET] = sum(sum(st["received"][b]) for b in st["bandit_of"][q][:n_slots])
        for i in range(st["pile_n"]):
            if st["controller"][st["pile_bandit"][i]] == q:
                totals[st["pile_kind"][i]] -= 1
        deck = [totals[k] - st["hand"][q][k] for k in range(13)]
        if any(x < 0 for x in deck):
            raise ValueError(f"seat {q}: more cards named than it owns")
        st["deck"][q] = deck
        st["deck_n"][q] = sum(deck)
        st["hand_n"][q] = sum(st["hand"][q])
        st["returned"][q] = [0] * 13
        st["aside"][q] = 0
        st["discard"][q] = [0] * 13
        st["deck_top"][q] = 0
        st["known_bullets"][q] = 0
        if advanced:
            st["pool"][q] = [totals[k] if k < 12 else 0 for k in range(13)]
    st["n_events"] = 0
    return ColtExpressState.from_dict(data)


def _turns(card: int) -> list:
    from deadeye.core.colt_express.labels import round_card_turns
    names = ("normal", "tunnel", "speed-up", "switching")
    return [names.index(t) for t in round_card_turns(card)]


def _kind(st: dict, q: int, name: str) -> int:
    if name == "Bullet":
        return BULLET
    if st["n_slots"] == 1:
        return TYPE[name]
    bandit, _, type_name = name.partition(" ")
    return st["bandit_of"][q].index(BANDIT[bandit]) * 6 + TYPE[type_name]


def steal(players: int = 3, bandits: str | None = None, *, pile: list, round_card: str = "R4-6",
          **facts) -> ColtExpressState:
    """A position whose stealin' phase has just begun with ``pile`` (the last schemin' action was a Draw): it now
    waits for the first decision of the pile, or has resolved it all and played the round event."""
    cards = facts.pop("round_cards", None)
    if cards is None:
        cards = [round_card, "R4-1", "R4-2", "R4-4", "ST-1"]
        if players >= 5 and round_card.startswith("R4"):
            cards = ["R6" + round_card[2:], "R6-1", "R6-2", "R6-4", "ST-1"]
    s = position(players, bandits, pile=pile, round_cards=cards, **facts)
    s.apply_label("draw three cards")
    return s


def skip_keep(state: ColtExpressState) -> ColtExpressState:
    """Advanced rules: everybody keeps nothing (the first option of each keep decision)."""
    while state.phase == "keep":
        state.apply_action(state.legal_actions()[0])
    return state


def keep(state: ColtExpressState, **counts: int) -> ColtExpressState:
    """Advanced rules: the deciding seat's keep decisions, one per kind it owns in card order (``Move=2``,
    ``Floor_change=1``; 2-player kinds as ``Django_s_Rob``); kinds not named keep 0."""
    wanted = {name.replace("_s_", "'s ").replace("_", " "): n for name, n in counts.items()}
    seat = state.current_player()
    while state.phase == "keep" and state.current_player() == seat:
        options = labels(state)
        kind = options[0].split(" x ", 1)[1]
        state.apply_label(f"keep {wanted.pop(kind, 0)} x {kind}")
    if wanted:
        raise ValueError(f"the seat owns no kind {sorted(wanted)}")
    return state


def act(state: ColtExpressState, *labels_: str) -> ColtExpressState:
    """Apply actions by label, in order (raises if one is not legal)."""
    for label in labels_:
        state.apply_label(label)
    return state


def labels(state: ColtExpressState) -> list[str]:
    return [state.action_label(a) for a in state.legal_actions()]


def field(state: ColtExpressState, name: str):
    return state.to_dict()["state"][name]


def at(state: ColtExpressState, bandit: str) -> tuple:
    """(car, "inside"/"roof") of a bandit."""
    return state.position(bandit)


def bullets(state: ColtExpressState, bandit: str) -> dict:
    """Bullet cards a bandit received, by source ("marshal" for neutral ones), zero counts left out."""
    row = field(state, "received")[BANDIT[bandit]]
    names = list(BANDIT_NAMES) + ["marshal"]
    return {names[i]: n for i, n in enumerate(row) if n}
