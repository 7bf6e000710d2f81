"""An independent plain-Python model of BANG! card resolution, with Gold Rush and the Ghost Gunslinger variant.

Written from ../shared/rules/bang-gold-rush.md alone (cited as section numbers, its decisions as D), by a reviewer who
has not read the engine's rules code. It exists to be replayed against the engine (tests/test_bang_reference.py): a
second, deliberately naive reading of the rules, slow and explicit, so that the two can only agree by both being right.

The state is a dataclass; every card taken from the main deck comes from ``State.deck`` (index 0 is the top), so every
draw and every "draw!" check is fixed by the position. The only other chance (§11: a random hand card, a reshuffle)
comes from ``State.forced`` when the replay has put the engine's outcome there, else from a generator seeded by
``State.seed`` and a counter. Pending replies and effects live on ``State.stack``, a list of frames (plain dicts),
so a position in the middle of a Gatling, a Duel or a dying window is a state like any other.

Decisions (``legal_decisions`` / ``apply``) are tuples named in the vocabulary of §3.8:

    ('end_phase',)                        phase 2 over
    ('bang', c, target)                   a BANG! card (Calamity Janet: or a Missed!) at a target in reach
    ('play', c)                           Beer (heal), Saloon, Stagecoach, Wells Fargo, General Store, Indians!,
                                          Gatling, a blue card for oneself (weapon, Barrel, Mustang, Scope, Dynamite)
    ('play', c, target)                   Duel, Jail (and a ♦ Panic!/Cat Balou at a Calumet owner, R15)
    ('play', c, target, 'hand' | blue)    Panic!, Cat Balou: a random hand card, or that blue card in play
    ('sell', c)                           sell a Beer for a nugget (§8.2.3)
    ('buy', slot, *mode)                  buy the row card; mode: Shot (target,), Wanted (target,), Bottle
                                          ('panic', t, what) / ('beer',) / ('bang', t), Pardner ('store',) /
                                          ('duel', t) / ('catbalou', t, what), others ()
    ('force', seat, e)                    pay cost + 1 to discard equipment e in front of seat
    ('sid', c1, c2)                       Sid Ketchum discards c1 then c2 (phase 2 or his dying window)
    ('jacky', target) ('josh',) ('raddie',) ('gold_pan',) ('rucksack',)
    ('josh_use', *mode)                   the mode/target of the equipment card Josh McCloud drew
    ('draw_normal',) ('draw_from_hand', seat) ('draw_from_discard',) ('kit_return', c) ('dutch_discard', c)
    ('result', c)                         the flipped card that is the result of a draw! (Lucky Duke, Horseshoe)
    ('barrel',) ('jourdonnais',) ('missed', (c, ...)) ('take_hit',)        a BANG! effect aimed at you
    ('discard_bang', c) ('take_hit',)     a Duel turn or an Indians! reply (take_hit = stop and lose 1 life)
    ('pick', c)                           General Store
    ('beer', c) ('rucksack',) ('sid', c1, c2) ('stop',)                    the dying window
    ('discard', c)                        phase 3, one card at a time (so the order is chosen too)
    ('order_next', c)                     the next of several cards to put on the discard pile (§4.1, D40)

Only real choices are asked: a reply with nothing but "take the hit" to choose resolves by itself (§3.8 "nothing
else is chosen"); the engine asks those too (ACTIONS.md), which the adapter bridges.

Readings of the rules where the text leaves room (each is also named at the code that implements it):

R1  Suzy Lafayette draws when a card *leaves* her hand and the hand is then empty (§1.2 "as soon as her hand becomes
    empty"); an empty hand at the start of a ghost turn never "became" empty, so no draw then.
R2  A card played from hand reaches the discard pile first (D46), then Suzy draws (D39), then Madam Yto draws (a
    Beer), then the effect resolves.
R3  The order of several cards going to the discard pile together (§4.1, D40) is asked only while a Pedro Ramirez
    can still take from the pile (living, or a ghost who has not departed); otherwise they go in the order listed
    (hand order, then play area). ``State.ascending_discards`` replaces the question by ascending card id, the
    engine's documented deviation (ACTIONS.md), for the replay. Two cards in one decision (Sid Ketchum, Slab's two
    Missed!) go in the order named in the decision, offered in both orders when it can matter, and always under
    ``ascending_discards`` (the engine asks them one at a time and lays them down in the order picked).
R4  Dutch Will with fewer than 2 cards drawn keeps what he got, discards nothing, and still takes his nugget.
R5  The dying window is never asked when it offers nothing (no Beer usable, no Rucksack with 2 nuggets, Sid with
    fewer than 2 cards): the player is eliminated at once.
R6  In phase 3, when the whole hand must go (an active ghost) and the order does not matter (R3), no question.
R7  General Store: a picker facing exactly one card takes it without a decision.
R8  An elimination sets the player's status to eliminated at its first step (reveal), so from then on he is not a
    participant (no Suzy draw while his hand goes away, not counted as living by the victory check).
R9  The Sheriff's penalty (§7.4 4.3) and a ghost's cleanup discard blue cards and hand cards (R3 order); black
    equipment goes to the bottom of the equipment deck in the order listed (D31: irrelevant).
R10 A Beer in phase 2 is offered as ('play', c) even with 2 living or at full life (D29); in the dying window only
    with more than 2 living (§7.3). An active ghost's Beer heals nothing but is a Beer (§9.3).
R11 A brown equipment card bought or drawn by Josh goes to the bottom of the equipment deck after its whole effect
    (a Duel, a General Store, a BANG! effect and any elimination inside it) is over (§8.2.1 "resolve, then put it at
    the bottom"); the row slot was refilled at payment (D7).
R12 Targets of Indians!/Gatling are fixed when played (§4.2); one who is no longer a participant when his turn
    comes (only possible if ghosts departed, which ends the card anyway) is skipped.
R13 Kit Carlson's three cards, Dutch Will's two and a General Store's cards are in transit (D38) until kept.
R14 Jesse Jones's victim must have a card in hand; the random card is chance (§11.5), then his second card.
R15 A Panic!/Cat Balou of diamonds aimed at a Calumet owner is ('play', c, target): it is spent without effect
    (D12), so naming a hand or blue card would choose nothing. The target must still hold an eligible card (D15).
"""
from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

Decision = tuple

# --- the tables of the rules (§1.1, §1.2, §1.4, §1.5) -------------------------------------------------------------

SUITS = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs: the engine's order (data.pxd)
RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}

_DECK_ROWS = (
    ("BANG!", "S", "A"), ("BANG!", "H", "Q K A"), ("BANG!", "D", "2 3 4 5 6 7 8 9 10 J Q K A"),
    ("BANG!", "C", "2 3 4 5 6 7 8 9"), ("Missed!", "S", "2 3 4 5 6 7 8"), ("Missed!", "C", "10 J Q K A"),
    ("Beer", "H", "6 7 8 9 10 J"), ("Saloon", "H", "5"), ("Stagecoach", "S", "9 9"), ("Wells Fargo", "H", "3"),
    ("General Store", "C", "9"), ("General Store", "S", "Q"), ("Panic!", "H", "J Q A"), ("Panic!", "D", "8"),
    ("Cat Balou", "H", "K"), ("Cat Balou", "D", "9 10 J"), ("Duel", "D", "Q"), ("Duel", "S", "J"), ("Duel", "C", "8"),
    ("Indians!", "D", "K A"), ("Gatling", "H", "10"), ("Barrel", "S", "Q K"), ("Dynamite", "H", "2"),
    ("Jail", "S", "10 J"), ("Jail", "H", "4"), ("Mustang", "H", "8 9"), ("Scope", "S", "A"), ("Volcanic", "S", "10"),
    ("Volcanic", "C", "10"), ("Schofield", "C", "J Q"), ("Schofield", "S", "K"), ("Remington", "C", "K"),
    ("Rev. Carabine", "C", "A"), ("Winchester", "S", "8"),
)
CARDS: list[tuple[str, str, int]] = [(name, suit, RANKS.get(r) or int(r))
                                     for name, suit, ranks in _DECK_ROWS for r in ranks.split()]
assert len(CARDS) == 80
BLUE = {"Barrel", "Dynamite", "Jail", "Mustang", "Scope", "Volcanic", "Schofield", "Remington", "Rev. Carabine",
        "Winchester"}
WEAPON_RANGE = {"Volcanic": 1, "Schofield": 2, "Remington": 3, "Rev. Carabine": 4, "Winchester": 5}

_EQUIP_ROWS = (("Shot", 3, 1, "brown"), ("Bottle", 3, 2, "brown"), ("Pardner", 3, 2, "brown"), ("Rum", 2, 3, "brown"),
               ("Union Pacific", 1, 4, "brown"), ("Gold Rush", 1, 5, "brown"), ("Boots", 1, 3, "black"),
               ("Calumet", 1, 3, "black"), ("Gold Pan", 1, 3, "black"), ("Gun Belt", 1, 2, "black"),
               ("Horseshoe", 1, 2, "black"), ("Lucky Charm", 1, 3, "black"), ("Pickaxe", 1, 4, "black"),
               ("Rucksack", 1, 3, "black"), ("Wanted", 3, 2, "black"))
EQUIPMENT: list[tuple[str, int, str]] = [(n, cost, b) for n, k, cost, b in _EQUIP_ROWS for _ in range(k)]
assert len(EQUIPMENT) == 24

BASE_CHARACTERS = ("Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Jourdonnais",
                   "Kit Carlson", "Lucky Duke", "Paul Regret", "Pedro Ramirez", "Rose Doolan", "Sid Ketchum",
                   "Slab the Killer", "Suzy Lafayette", "Vulture Sam", "Willy the Kid")
GOLD_RUSH_CHARACTERS = ("Don Bell", "Dutch Will", "Jacky Murieta", "Josh McCloud", "Madam Yto", "Pretty Luzena",
                        "Raddie Snake", "Simeon Picos")
CHARACTERS = BASE_CHARACTERS + GOLD_RUSH_CHARACTERS
ROLE_COUNTS = {4: (1, 1, 2, 0), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 1, 3, 2)}  # Sheriff, Renegade, Outlaw, Deputy


def card_name(c: int) -> str:
    return CARDS[c][0]


def card_suit(c: int) -> str:
    return CARDS[c][1]


def card_rank(c: int) -> int:
    return CARDS[c][2]


def eq_name(e: int) -> str:
    return EQUIPMENT[e][0]


def eq_cost(e: int) -> int:
    return EQUIPMENT[e][1]


def eq_black(e: int) -> bool:
    return EQUIPMENT[e][2] == "black"


def character_life(ch: str) -> int:
    return 3 if ch in ("El Gringo", "Paul Regret") else 4


def find_card(name: str, suit: str | None = None, rank: int | str | None = None, skip: int = 0) -> int:
    """The id of a card of the deck by name (and suit/rank), for building positions."""
    r = RANKS.get(rank, rank) if isinstance(rank, str) and not rank.isdigit() else (int(rank) if rank else None)
    hits = [c for c, (n, s, k) in enumerate(CARDS) if n == name and suit in (None, s) and r in (None, k)]
    return hits[skip]


# --- the state -----------------------------------------------------------------------------------------------------

ALIVE, DEAD, GHOST, DEPARTED = "alive", "dead", "ghost", "departed"


@dataclass
class State:
    """A whole table: every zone in order, the players, and the stack of what is still resolving."""
    n: int
    roles: list[str]
    chars: list[str]
    max_life: list[int]
    life: list[int]
    hands: list[list[int]]
    inplay: list[list[int]]                      # blue cards in front of each seat
    equip: list[list[int]]                       # black equipment in front of each seat
    deck: list[int]                              # index 0 is the top
    discard: list[int] = field(default_factory=list)    # last is the top
    transit: list[int] = field(default_factory=list)    # draw! cards, General Store, Kit's look (D38)
    eq_deck: list[tuple[int, bool]] = field(default_factory=list)  # (equipment, face up); index 0 is the top
    eq_row: list[int] = field(default_factory=lambda: [-1, -1, -1])
    eq_limbo: list[int] = field(default_factory=list)  # brown equipment whose effect is resolving
    nuggets: list[int] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    dark_side: str = ""                          # "", "deputy", "outlaw" (§9.7)
    gold_rush: bool = True
    ghosts: bool = False
    active: int = 0
    ghost_turn: bool = False
    turn_is_extra: bool = False
    extra_turns: int = 0
    bangs: int = 0
    gold_pan_used: int = 0
    raddie_used: int = 0
    luzena_used: bool = False
    suzy_off: bool = False                       # D36: a ghost Suzy from phase 3 to the end of cleanup
    stack: list[dict] = field(default_factory=list)
    winners: list[int] | None = None
    winning_side: str = ""
    seed: int = 0
    n_chance: int = 0
    forced: list = field(default_factory=list)   # chance outcomes to use first: ('shuffle', order) / ('card', c)
    ascending_discards: bool = False             # R3: the engine's order for several discards
    gained: int = 0                              # nuggets taken from the supply
    spent: int = 0                               # nuggets paid to the supply
    returned: int = 0                            # nuggets of an eliminated player returned (D22)
    moves: int = 0

    def clone(self) -> "State":
        return copy.deepcopy(self)


# --- queries ---------------------------------------------------------------------------------------------------------

def living(s: State) -> list[int]:
    return [p for p in range(s.n) if s.status[p] == ALIVE]


def is_active_ghost(s: State, p: int) -> bool:
    return s.ghost_turn and p == s.active and s.status[p] == GHOST


def is_participant(s: State, p: int) -> bool:
    """§0.3: living players and the active ghost."""
    return s.status[p] == ALIVE or is_active_ghost(s, p)


def participants(s: State) -> list[int]:
    return [p for p in range(s.n) if is_participant(s, p)]


def clockwise_after(s: State, p: int, pool: list[int]) -> list[int]:
    """The members of pool other than p, clockwise starting after p."""
    return [q for k in range(1, s.n) for q in [(p + k) % s.n] if q in pool]


def has_blue(s: State, p: int, name: str) -> bool:
    return any(card_name(c) == name for c in s.inplay[p])


def has_equip(s: State, p: int, name: str) -> bool:
    return any(eq_name(e) == name for e in s.equip[p])


def weapon(s: State, p: int) -> int | None:
    return next((c for c in s.inplay[p] if card_name(c) in WEAPON_RANGE), None)


def reach(s: State, p: int) -> int:
    w = weapon(s, p)
    return WEAPON_RANGE[card_name(w)] if w is not None else 1  # the Colt .45


def distance(s: State, a: int, b: int) -> int:
    """§5: steps around the circle of participants, the shorter way, with Mustang/Paul Regret/Scope/Rose Doolan."""
    ring = participants(s)
    k, i, j = len(ring), ring.index(a), ring.index(b)
    d = (j - i) % k
    d = min(d, k - d)
    d += has_blue(s, b, "Mustang") + (s.chars[b] == "Paul Regret")
    d -= has_blue(s, a, "Scope") + (s.chars[a] == "Rose Doolan")
    return max(1, d)


def bang_names(s: State, p: int) -> set[str]:
    """The cards p may use as a BANG! (Calamity Janet: Missed! too)."""
    return {"BANG!", "Missed!"} if s.chars[p] == "Calamity Janet" else {"BANG!"}


def missed_names(s: State, p: int) -> set[str]:
    return {"BANG!", "Missed!"} if s.chars[p] == "Calamity Janet" else {"Missed!"}


def hand_limit(s: State, p: int) -> int:
    if is_active_ghost(s, p):
        return 0  # even with a Gun Belt (§3.5)
    return 8 if has_equip(s, p, "Gun Belt") else s.life[p]


def pedro_matters(s: State) -> bool:
    """R3: may a Pedro Ramirez ever take the top of the discard pile again?"""
    return any(s.chars[p] == "Pedro Ramirez" and (s.status[p] == ALIVE or
                                                   (s.ghosts and s.status[p] in (GHOST, DEAD)))
               for p in range(s.n))


def dark_renegade(s: State) -> int | None:
    """The seat of the Dark Renegade (the eliminated Renegade, with ghosts), if any."""
    if not s.ghosts:
        return None
    return next((p for p in range(s.n) if s.roles[p] == "Renegade" and s.status[p] != ALIVE), None)


def over(s: State) -> bool:
    return s.winners is not None


# --- chance (§11) ------------------------------------------------------------------------------------------------

def _rng(s: State) -> random.Random:
    s.n_chance += 1
    return random.Random(f"{s.seed}/{s.n_chance}")


def _shuffled(s: State, cards: list) -> list:
    if s.forced and s.forced[0][0] == "shuffle":
        out = list(s.forced.pop(0)[1])
        assert sorted(out) == sorted(cards), "forced shuffle of other cards"
        return out
    out = list(cards)
    _rng(s).shuffle(out)
    return out


def _random_hand_card(s: State, p: int) -> int:
    if s.forced and s.forced[0][0] == "card":
        c = s.forced.pop(0)[1]
        assert c in s.hands[p], "forced random card not in the hand"
        return c
    return _rng(s).choice(sorted(s.hands[p]))


# --- primitive moves ---------------------------------------------------------------------------------------------

def _deck_card(s: State) -> int | None:
    """One card off the main deck, reshuffling the discard pile first if the deck is empty (D18, D38)."""
    if not s.deck:
        if not s.discard:
            return None
        s.deck, s.discard = _shuffled(s, s.discard), []
    return s.deck.pop(0)


def draw(s: State, p: int, k: int) -> None:
    for _ in range(k):
        c = _deck_card(s)
        if c is None:
            return
        s.hands[p].append(c)


def _suzy(s: State, p: int) -> None:
    """R1, D36, D39: Suzy Lafayette draws when her hand has just become empty."""
    if (s.chars[p] == "Suzy Lafayette" and not s.hands[p] and is_participant(s, p)
            and not (s.suzy_off and is_active_ghost(s, p))):
        draw(s, p, 1)


def _leave_hand(s: State, p: int, cards: list[int], dest: list[int]) -> None:
    for c in cards:
        s.hands[p].remove(c)
        dest.append(c)
    _suzy(s, p)


def _gain(s: State, p: int, k: int) -> None:
    s.nuggets[p] += k
    s.gained += k


def _pay(s: State, p: int, k: int) -> None:
    assert s.nuggets[p] >= k
    s.nuggets[p] -= k
    s.spent += k


def _heal(s: State, p: int, k: int = 1) -> None:
    if is_active_ghost(s, p) or s.status[p] not in (ALIVE,):
        return  # §7.1: an active ghost never gains life
    s.life[p] = min(s.max_life[p], s.life[p] + k)


def _beer_played(s: State) -> None:
    """Madam Yto draws for every Beer card played (§1.5)."""
    for p in [s.active] + clockwise_after(s, s.active, list(range(s.n))):
        if s.chars[p] == "Madam Yto" and is_participant(s, p):
            draw(s, p, 1)


def _eq_top(s: State) -> int | None:
    """§8.4: the top equipment card, reshuffling the whole deck first if that top card is face up."""
    if not s.eq_deck:
        return None
    if s.eq_deck[0][1]:
        s.eq_deck = [(e, False) for e in _shuffled(s, [e for e, _ in s.eq_deck])]
    return s.eq_deck.pop(0)[0]


def _refill(s: State) -> None:
    for i in range(3):
        if s.eq_row[i] < 0:
            e = _eq_top(s)
            if e is None:
                return
            s.eq_row[i] = e


def _eq_bottom(s: State, e: int) -> None:
    s.eq_deck.append((e, True))
    _refill(s)  # D7: an empty slot is refilled as soon as the deck has a card


def _push(s: State, kind: str, **kw: Any) -> dict:
    f = {"k": kind, "step": "start", **kw}
    s.stack.append(f)
    return f


def _return(s: State, value: Any) -> None:
    s.stack.pop()
    if s.stack:
        s.stack[-1]["ret"] = value


def _to_discard(s: State, owner: int, cards: list[int]) -> None:
    """Several cards to the discard pile at once: they wait in transit for their order (R3)."""
    if not cards:
        return
    if s.ascending_discards:
        s.discard.extend(sorted(cards))
    elif len(cards) > 1 and pedro_matters(s):
        s.transit.extend(cards)
        _push(s, "order", owner=owner, cards=list(cards))
    else:
        s.discard.extend(cards)


def _flips(s: State, p: int) -> int:
    """§6: extra flipped cards of a draw! (Lucky Duke, Horseshoe; D8)."""
    return (s.chars[p] == "Lucky Duke") + has_equip(s, p, "Horseshoe")


def _check(s: State, who: int, purpose: str) -> None:
    """Push a draw! by who; its result card (or None) comes back in the caller's frame as 'ret'."""
    n = 4 + _flips(s, who) if purpose == "rum" else 1 + _flips(s, who)
    _push(s, "check", who=who, purpose=purpose, n=n, cards=[], result=None)


def _lose(s: State, t: int, n: int, src: int | None) -> None:
    """§7.2 LoseLife; a dying window goes on the stack if life drops to 0 or below."""
    if is_active_ghost(s, t) or s.status[t] != ALIVE:
        return
    before = s.life[t]
    s.life[t] -= n
    if src == t:
        src = None
    if s.gold_rush and src is not None and is_participant(s, src):
        _gain(s, src, n)
    for _ in range(max(0, min(n, before - 1))):  # D1: never for the last life point
        if s.chars[t] == "Bart Cassidy":
            draw(s, t, 1)
        if has_equip(s, t, "Boots"):
            draw(s, t, 1)
        if has_equip(s, t, "Lucky Charm"):
            _gain(s, t, 1)
        if s.chars[t] == "Simeon Picos":
            _gain(s, t, 1)
        if s.chars[t] == "El Gringo" and src is not None and is_participant(s, src) and s.hands[src]:
            c = _random_hand_card(s, src)
            _leave_hand(s, src, [c], s.hands[t])
    if s.life[t] <= 0:
        _push(s, "dying", p=t, killer=src)


def _abandon_above_turn(s: State) -> None:
    """Drop every frame above the turn frame (the active player's turn ends at once), keeping cards where they go."""
    while len(s.stack) > 1:
        f = s.stack.pop()
        if f["k"] == "eq_done":
            s.eq_limbo.remove(f["e"])
            _eq_bottom(s, f["e"])
        elif f["k"] in ("store", "check", "order"):
            left = [c for c in f["cards"] if c in s.transit]
            for c in left:
                s.transit.remove(c)
            s.discard.extend(left)


# --- game setup (§2) ---------------------------------------------------------------------------------------------

def new_game(n: int, seed: int, gold_rush: bool = True, ghosts: bool = False) -> State:
    """A dealt table, the Sheriff about to start his first turn."""
    rng = random.Random(seed)
    sh, ren, out, dep = ROLE_COUNTS[n]
    roles = ["Sheriff"] * sh + ["Renegade"] * ren + ["Outlaw"] * out + ["Deputy"] * dep
    rng.shuffle(roles)
    pool = list(CHARACTERS if gold_rush else BASE_CHARACTERS)
    chars = rng.sample(pool, n)
    max_life = [character_life(ch) + (roles[p] == "Sheriff") for p, ch in enumerate(chars)]
    deck = list(range(80))
    rng.shuffle(deck)
    s = State(n=n, roles=roles, chars=chars, max_life=max_life, life=list(max_life), hands=[[] for _ in range(n)],
              inplay=[[] for _ in range(n)], equip=[[] for _ in range(n)], deck=deck, nuggets=[0] * n,
              status=[ALIVE] * n, revealed=[r == "Sheriff" for r in roles], gold_rush=gold_rush, ghosts=ghosts,
              seed=seed)
    for p in range(n):
        s.hands[p] = [s.deck.pop(0) for _ in range(s.life[p])]
    if gold_rush:
        eq = list(range(24))
        rng.shuffle(eq)
        s.eq_deck = [(e, False) for e in eq]
        _refill(s)
    _begin_turn(s, roles.index("Sheriff"), extra=False)
    _settle(s)
    return s


def table(chars: list[str], roles: list[str] | None = None, gold_rush: bool = True, ghosts: bool = False) -> State:
    """A concrete position for tests: empty hands, the main deck in id order (card 0 on top), the equipment deck in
    id order face down and the row filled from it (Shots 0, 1, 2), full life, and seat 0 in his phase 2. Roles default to Sheriff at seat 0,
    then Renegade, Outlaws and Deputies in the counts of §1.3."""
    n = len(chars)
    roles = roles or ["Sheriff", "Renegade", "Outlaw", "Outlaw", "Deputy", "Outlaw", "Deputy"][:n]
    max_life = [character_life(ch) + (roles[p] == "Sheriff") for p, ch in enumerate(chars)]
    s = State(n=n, roles=list(roles), chars=list(chars), max_life=max_life, life=list(max_life),
              hands=[[] for _ in range(n)], inplay=[[] for _ in range(n)], equip=[[] for _ in range(n)],
              deck=list(range(80)), nuggets=[0] * n, status=[ALIVE] * n, revealed=[r == "Sheriff" for r in roles],
              gold_rush=gold_rush, ghosts=ghosts, eq_deck=[(e, False) for e in range(24)] if gold_rush else [])
    if gold_rush:
        _refill(s)
    _begin_turn(s, 0, extra=False)
    s.stack[0]["step"] = "phase2"
    return s


def _begin_turn(s: State, seat: int, extra: bool) -> None:
    s.active, s.turn_is_extra = seat, extra
    s.ghost_turn = s.status[seat] == GHOST
    s.bangs = s.gold_pan_used = s.raddie_used = 0
    s.luzena_used = s.suzy_off = False
    s.stack = [{"k": "turn", "step": "start", "skipped": False, "gold_rush": False}]


def start_turn(s: State, seat: int, extra: bool = False) -> State:
    """Begin seat's turn (start-of-turn checks, phase 1) and run to its first decision: for building positions."""
    _begin_turn(s, seat, extra)
    _settle(s)
    return s


def _next_seat(s: State, seat: int) -> int:
    """§3.1: the next seat clockwise that is living or an inactive ghost who has not departed."""
    for k in range(1, s.n + 1):
        q = (seat + k) % s.n
        if s.status[q] in (ALIVE, GHOST):
            return q
    raise AssertionError("nobody left to play")


# --- the settle loop -----------------------------------------------------------------------------------------------

def _settle(s: State) -> None:
    """Run automatic steps until somebody must decide or the game is over."""
    guard = 0
    while s.winners is None:
        guard += 1
        assert guard < 100000, "the model loops"
        f = s.stack[-1]
        if _ask(s, f):
            return
        AUTO[f["k"]](s, f)


def _ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    fn = ASK.get(f["k"])
    if fn is None:
        return None
    q = fn(s, f)
    return q if q and q[1] else None


def to_move(s: State) -> int:
    """The seat that decides now (-1 once over)."""
    if over(s):
        return -1
    return _ask(s, s.stack[-1])[0]


def legal_decisions(s: State) -> list[Decision]:
    if over(s):
        return []
    return list(_ask(s, s.stack[-1])[1])


def apply(s: State, d: Decision) -> State:
    """Make decision d (a ValueError, and nothing changed, if it is not legal now) and run on to the next one."""
    if d not in legal_decisions(s):
        raise ValueError(f"illegal decision {d!r}")
    s.moves += 1
    f = s.stack[-1]
    ANSWER[f["k"]](s, f, d)
    _settle(s)
    return s


# --- the turn (§3) -------------------------------------------------------------------------------------------------

def _turn_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    p, step = s.active, f["step"]
    if step == "phase1":
        if s.chars[p] == "Jesse Jones":
            vic = [q for q in participants(s) if q != p and s.hands[q]]
            return (p, [("draw_normal",)] + [("draw_from_hand", q) for q in vic]) if vic else None
        if s.chars[p] == "Pedro Ramirez" and s.discard:
            return p, [("draw_normal",), ("draw_from_discard",)]
        return None
    if step == "kit" and len(f["seen"]) == 3:
        return p, [("kit_return", c) for c in f["seen"]]
    if step == "dutch" and len(f["seen"]) == 2:
        return p, [("dutch_discard", c) for c in f["seen"]]
    if step == "phase2":
        return p, _phase2_options(s, p)
    if step == "phase3":
        need = len(s.hands[p]) - hand_limit(s, p)
        if need <= 0 or (need == len(s.hands[p]) and not pedro_matters(s)) or s.ascending_discards and \
                need == len(s.hands[p]):
            return None  # R6
        return p, [("discard", c) for c in s.hands[p]]
    return None


def _turn_auto(s: State, f: dict) -> None:
    p, step = s.active, f["step"]
    if step == "start":
        if s.ghost_turn:
            if s.roles[p] == "Renegade":  # §9.7: the Dark Renegade's side, by revealed role cards of the others
                dep = 1 + sum(1 for q in range(s.n) if q != p and s.revealed[q] and s.roles[q] == "Deputy")
                out = sum(1 for q in range(s.n) if q != p and s.revealed[q] and s.roles[q] == "Outlaw")
                s.dark_side = "deputy" if dep > out else "outlaw"
            f["step"] = "phase1"  # §9.3: no Dynamite or Jail
        else:
            f["step"] = "jail"
            if has_blue(s, p, "Dynamite"):
                f["step"] = "dynamite"
                _check(s, p, "dynamite")
    elif step == "dynamite":
        c = f.pop("ret")
        dyn = next(x for x in s.inplay[p] if card_name(x) == "Dynamite")
        s.inplay[p].remove(dyn)
        f["step"] = "jail"
        if c is not None and card_suit(c) == "S" and 2 <= card_rank(c) <= 9:
            s.discard.append(dyn)
            _lose(s, p, 3, None)  # D4: no source
        else:
            nxt = clockwise_after(s, p, living(s))
            s.inplay[nxt[0] if nxt else p].append(dyn)
    elif step == "jail":
        f["step"] = "phase1"
        if has_blue(s, p, "Jail"):
            f["step"] = "jail_result"
            _check(s, p, "jail")
    elif step == "jail_result":
        c = f.pop("ret")
        jail = next(x for x in s.inplay[p] if card_name(x) == "Jail")
        s.inplay[p].remove(jail)
        s.discard.append(jail)
        if c is not None and card_suit(c) == "H":
            f["step"] = "phase1"
        else:
            f["skipped"], f["step"] = True, "next"  # D10: no phase, no end-of-turn ability
    elif step == "phase1":  # no choice left: the default draw or a character's automatic draw
        ch = s.chars[p]
        if ch == "Kit Carlson":
            seen = []
            for _ in range(3):
                c = _deck_card(s)
                if c is None:
                    break
                seen.append(c)
                s.transit.append(c)
            f["seen"], f["step"] = seen, "kit"
            return
        if ch == "Dutch Will":
            seen = []
            for _ in range(2):
                c = _deck_card(s)
                if c is None:
                    break
                seen.append(c)
                s.transit.append(c)
            f["seen"], f["step"] = seen, "dutch"
            return
        if ch == "Black Jack":  # the second card is shown; on a red one he draws a third
            draw(s, p, 1)
            got = len(s.hands[p])
            draw(s, p, 1)
            if len(s.hands[p]) > got and card_suit(s.hands[p][-1]) in "HD":
                draw(s, p, 1)
        else:
            draw(s, p, 2)
        f["step"] = "pickaxe"
    elif step == "kit":  # fewer than 3 seen: he keeps them all (D38)
        for c in f["seen"]:
            s.transit.remove(c)
            s.hands[p].append(c)
        f["step"] = "pickaxe"
    elif step == "dutch":  # R4
        for c in f["seen"]:
            s.transit.remove(c)
            s.hands[p].append(c)
        _gain(s, p, 1)
        f["step"] = "pickaxe"
    elif step == "pickaxe":
        if has_equip(s, p, "Pickaxe"):
            draw(s, p, 1)  # D11
        f["step"] = "phase2"
    elif step == "phase3":
        if s.ghost_turn:
            s.suzy_off = True
        need = len(s.hands[p]) - hand_limit(s, p)
        if need > 0:  # the whole hand goes (R6)
            cards = list(s.hands[p])
            s.hands[p].clear()
            _to_discard(s, p, cards)
        f["step"] = "heal"
    elif step == "heal":
        if f["gold_rush"]:
            _heal(s, p, s.max_life[p])  # D9: after phase 3; nothing for a ghost
        f["step"] = "end"
    elif step == "end":
        f["step"] = "cleanup"
        if s.chars[p] == "Don Bell" and not s.turn_is_extra and not f["skipped"]:
            f["step"] = "don_bell"
            _check(s, p, "don_bell")
    elif step == "don_bell":
        c = f.pop("ret")
        if c is not None and card_suit(c) in "HD":
            s.extra_turns += 1
        f["step"] = "cleanup"
    elif step == "cleanup":
        f["step"] = "next"
        if s.ghost_turn:
            _ghost_cleanup(s, p)
    elif step == "depart":  # §9.8: the active ghost left for good mid-turn
        f["step"] = "next"
        s.extra_turns = 0
        s.suzy_off = True
        _ghost_cleanup(s, p)
    elif step == "over":  # the active player was eliminated in his turn
        s.extra_turns = 0
        f["step"] = "next"
    elif step == "next":
        s.suzy_off = False
        if s.extra_turns and s.status[p] in (ALIVE, GHOST):
            s.extra_turns -= 1
            _begin_turn(s, p, extra=True)
        else:
            s.extra_turns = 0
            _begin_turn(s, _next_seat(s, p), extra=False)
    else:
        raise AssertionError(step)


def _ghost_cleanup(s: State, p: int) -> None:
    """§9.4: everything in front of the ghost (and any hand card left) goes away; R9."""
    for e in list(s.equip[p]):
        s.equip[p].remove(e)
        _eq_bottom(s, e)
    cards = list(s.hands[p]) + list(s.inplay[p])
    s.hands[p].clear()
    s.inplay[p].clear()
    _to_discard(s, p, cards)


def _turn_answer(s: State, f: dict, d: Decision) -> None:
    p, verb = s.active, d[0]
    if verb == "draw_normal":
        draw(s, p, 2)
        f["step"] = "pickaxe"
    elif verb == "draw_from_hand":
        q = d[1]
        c = _random_hand_card(s, q)
        _leave_hand(s, q, [c], s.hands[p])
        draw(s, p, 1)
        f["step"] = "pickaxe"
    elif verb == "draw_from_discard":
        s.hands[p].append(s.discard.pop())
        draw(s, p, 1)
        f["step"] = "pickaxe"
    elif verb == "kit_return":
        for c in f["seen"]:
            s.transit.remove(c)
            if c == d[1]:
                s.deck.insert(0, c)
            else:
                s.hands[p].append(c)
        f["step"] = "pickaxe"
    elif verb == "dutch_discard":
        for c in f["seen"]:
            s.transit.remove(c)
            (s.discard if c == d[1] else s.hands[p]).append(c)
        _gain(s, p, 1)
        f["step"] = "pickaxe"
    elif verb == "discard":
        if s.ghost_turn:
            s.suzy_off = True
        _leave_hand(s, p, [d[1]], s.discard)
    else:
        _phase2_answer(s, f, d)


# --- phase 2 (§3.4, §4, §8.2) --------------------------------------------------------------------------------------

def _steal_options(s: State, p: int, t: int) -> list:
    return (["hand"] if s.hands[t] else []) + list(s.inplay[t])


def _steal_targets(s: State, p: int, max_dist: int | None) -> list[tuple[int, Any]]:
    return [(t, w) for t in participants(s) if t != p and (max_dist is None or distance(s, p, t) <= max_dist)
            for w in _steal_options(s, p, t)]


def _bang_targets(s: State, p: int) -> list[int]:
    return [t for t in participants(s) if t != p and distance(s, p, t) <= reach(s, p)]


def _equip_modes(s: State, p: int, e: int) -> list[tuple]:
    """The modes (and targets) of using equipment e now (§8.5); [] if none."""
    nm = eq_name(e)
    if nm == "Shot":
        return [(t,) for t in living(s)]
    if nm == "Bottle":
        return ([("panic", t, w) for t, w in _steal_targets(s, p, 1)] + [("beer",)]
                + [("bang", t) for t in _bang_targets(s, p)])
    if nm == "Pardner":
        return ([("store",)] + [("duel", t) for t in participants(s) if t != p]
                + [("catbalou", t, w) for t, w in _steal_targets(s, p, None)])
    if nm == "Wanted":
        return [(t,) for t in participants(s) if not has_equip(s, t, "Wanted")]
    return [()]


def _price(s: State, p: int, e: int) -> int:
    cost = eq_cost(e)
    if s.chars[p] == "Pretty Luzena" and not s.luzena_used:
        cost = max(0, cost - 1)  # D44
    return cost


def _phase2_options(s: State, p: int) -> list[Decision]:
    out: list[Decision] = []
    ghost = is_active_ghost(s, p)
    others = [t for t in participants(s) if t != p]
    can_bang = s.bangs == 0 or has_blue(s, p, "Volcanic") or s.chars[p] == "Willy the Kid"
    for c in s.hands[p]:
        nm = card_name(c)
        if nm in bang_names(s, p):
            if can_bang:
                out += [("bang", c, t) for t in _bang_targets(s, p)]
            continue
        if nm == "Missed!":
            continue
        if nm == "Beer":
            out.append(("play", c))
            if s.gold_rush:
                out.append(("sell", c))
        elif nm in ("Saloon", "Stagecoach", "Wells Fargo", "General Store", "Indians!", "Gatling"):
            out.append(("play", c))
        elif nm in ("Panic!", "Cat Balou"):
            for t, w in _steal_targets(s, p, 1 if nm == "Panic!" else None):
                if card_suit(c) == "D" and has_equip(s, t, "Calumet"):  # R15: spent without effect, nothing named
                    if ("play", c, t) not in out:
                        out.append(("play", c, t))
                else:
                    out.append(("play", c, t, w))
        elif nm == "Duel":
            out += [("play", c, t) for t in others]
        elif nm == "Jail":
            out += [("play", c, t) for t in others if s.roles[t] != "Sheriff" and not has_blue(s, t, "Jail")]
        elif nm in BLUE:
            if not has_blue(s, p, nm):  # same-name rule (§4.1, D42)
                out.append(("play", c))
    if s.gold_rush:
        for slot, e in enumerate(s.eq_row):
            if e < 0 or s.nuggets[p] < _price(s, p, e):
                continue
            if eq_black(e) and eq_name(e) != "Wanted" and has_equip(s, p, eq_name(e)):
                continue
            out += [("buy", slot) + m for m in _equip_modes(s, p, e)]
        for t in others:
            for e in s.equip[t]:
                if s.nuggets[p] >= eq_cost(e) + 1:
                    out.append(("force", t, e))
        if has_equip(s, p, "Gold Pan") and s.gold_pan_used < 2 and s.nuggets[p] >= 1:
            out.append(("gold_pan",))
        if has_equip(s, p, "Rucksack") and s.nuggets[p] >= 2 and s.life[p] < s.max_life[p] and not ghost:
            out.append(("rucksack",))
    ch = s.chars[p]
    if ch == "Sid Ketchum" and s.life[p] < s.max_life[p] and not ghost:
        out += _sid_pairs(s, p)
    if ch == "Jacky Murieta" and s.nuggets[p] >= 2:
        out += [("jacky", t) for t in _bang_targets(s, p)]
    if ch == "Josh McCloud" and s.nuggets[p] >= 2 and s.eq_deck:
        out.append(("josh",))
    if ch == "Raddie Snake" and s.raddie_used < 2 and s.nuggets[p] >= 1:
        out.append(("raddie",))
    out.append(("end_phase",))
    return out


def _sid_pairs(s: State, p: int) -> list[Decision]:
    pairs = itertools.permutations(sorted(s.hands[p]), 2) if _pair_order_matters(s) else \
        itertools.combinations(sorted(s.hands[p]), 2)
    return [("sid", a, b) for a, b in pairs]


def _pair_order_matters(s: State) -> bool:
    """R3: two cards named in one decision (Slab's two Missed!, Sid Ketchum's two cards) come in both orders when
    the order can matter, and always under the engine's convention, which asks them one at a time and lays them on
    the pile in the order picked."""
    return s.ascending_discards or pedro_matters(s)


def _play_from_hand(s: State, p: int, c: int) -> None:
    """R2: the card to the discard pile, then Suzy, then the effect (by the caller)."""
    _leave_hand(s, p, [c], s.discard)


def _steal(s: State, p: int, t: int, what: Any, take: bool, suit: str | None) -> None:
    """Panic! (take) / Cat Balou (discard), or their Bottle/Pardner modes (no suit)."""
    if suit == "D" and has_equip(s, t, "Calumet"):
        return  # D12: spent without effect
    if what == "hand":
        if not s.hands[t]:
            return
        c = _random_hand_card(s, t)
        _leave_hand(s, t, [c], s.hands[p] if take else s.discard)
    else:
        if what not in s.inplay[t]:
            return
        s.inplay[t].remove(what)
        (s.hands[p] if take else s.discard).append(what)


def _bang_effect(s: State, shooter: int, t: int, card: bool, suit: str | None) -> None:
    _push(s, "bang", shooter=shooter, target=t, card=card, suit=suit, cancels=0, barrel=False, jour=False)


def _start_duel(s: State, p: int, t: int) -> None:
    _push(s, "duel", a=p, b=t, cur=t)


def _start_store(s: State, p: int) -> None:
    order = [p] + clockwise_after(s, p, participants(s))
    _push(s, "store", order=order, i=0, cards=[])


def _phase2_answer(s: State, f: dict, d: Decision) -> None:
    p, verb = s.active, d[0]
    if verb == "end_phase":
        f["step"] = "phase3"
    elif verb == "bang":
        s.bangs += 1
        _play_from_hand(s, p, d[1])
        _bang_effect(s, p, d[2], True, card_suit(d[1]))
    elif verb == "play":
        c = d[1]
        nm = card_name(c)
        if nm in BLUE:
            dest_seat = d[2] if nm == "Jail" else p
            if nm in WEAPON_RANGE:
                old = weapon(s, p)
                if old is not None:
                    s.inplay[p].remove(old)
                    s.discard.append(old)
            _leave_hand(s, p, [c], s.inplay[dest_seat])
            return
        _play_from_hand(s, p, c)
        if nm == "Beer":
            _beer_played(s)
            if len(living(s)) > 2:
                _heal(s, p)
        elif nm == "Saloon":
            for q in participants(s):
                _heal(s, q)
        elif nm == "Stagecoach":
            draw(s, p, 2)
        elif nm == "Wells Fargo":
            draw(s, p, 3)
        elif nm == "General Store":
            _start_store(s, p)
        elif nm in ("Indians!", "Gatling"):
            _push(s, "multi", card=nm, user=p, suit=card_suit(c), targets=clockwise_after(s, p, participants(s)),
                  i=0, cur=None)
        elif nm in ("Panic!", "Cat Balou") and len(d) == 4:
            _steal(s, p, d[2], d[3], nm == "Panic!", card_suit(c))
        elif nm == "Duel":
            _start_duel(s, p, d[2])
    elif verb == "sell":
        _leave_hand(s, p, [d[1]], s.discard)
        _gain(s, p, 1)
        _beer_played(s)
    elif verb == "buy":
        slot = d[1]
        e = s.eq_row[slot]
        _pay(s, p, _price(s, p, e))
        if s.chars[p] == "Pretty Luzena":
            s.luzena_used = True
        s.eq_row[slot] = -1
        _refill(s)  # D7: before the card's effect
        _use_equipment(s, p, e, d[2:], f)
    elif verb == "force":
        t, e = d[1], d[2]
        _pay(s, p, eq_cost(e) + 1)
        s.equip[t].remove(e)
        _eq_bottom(s, e)
    elif verb == "sid":
        _leave_hand(s, p, [d[1], d[2]], s.discard)
        _heal(s, p)
    elif verb == "jacky":
        _pay(s, p, 2)
        _bang_effect(s, p, d[1], False, None)
    elif verb == "josh":
        _pay(s, p, 2)
        e = _eq_top(s)
        _push(s, "josh", e=e)
    elif verb in ("gold_pan", "raddie"):
        _pay(s, p, 1)
        draw(s, p, 1)
        if verb == "gold_pan":
            s.gold_pan_used += 1
        else:
            s.raddie_used += 1
    elif verb == "rucksack":
        _pay(s, p, 2)
        _heal(s, p)
    else:
        raise AssertionError(d)


def _use_equipment(s: State, p: int, e: int, mode: tuple, turn: dict | None) -> None:
    """A bought (or Josh McCloud's) equipment card: black into play, brown resolved then to the bottom (R11)."""
    nm = eq_name(e)
    if eq_black(e):
        if nm == "Wanted":
            s.equip[mode[0]].append(e)
        else:
            s.equip[p].append(e)
        return
    s.eq_limbo.append(e)
    _push(s, "eq_done", e=e)
    if nm == "Shot":
        _heal(s, mode[0])
    elif nm == "Bottle":
        if mode[0] == "panic":
            _steal(s, p, mode[1], mode[2], True, None)
        elif mode[0] == "beer":
            _heal(s, p)  # D6: not a Beer card
        else:
            _bang_effect(s, p, mode[1], False, None)
    elif nm == "Pardner":
        if mode[0] == "store":
            _start_store(s, p)
        elif mode[0] == "duel":
            _start_duel(s, p, mode[1])
        else:
            _steal(s, p, mode[1], mode[2], False, None)
    elif nm == "Rum":
        _check(s, p, "rum")
    elif nm == "Union Pacific":
        draw(s, p, 4)
    elif nm == "Gold Rush":
        turn = s.stack[0]
        turn["step"], turn["gold_rush"] = "phase3", True  # D9
        s.extra_turns += 1


def _eq_done_auto(s: State, f: dict) -> None:
    s.stack.pop()
    s.eq_limbo.remove(f["e"])
    _eq_bottom(s, f["e"])


def _josh_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    e = f["e"]
    if eq_black(e) and eq_name(e) != "Wanted":
        return None
    modes = _equip_modes(s, s.active, e)
    return (s.active, [("josh_use",) + m for m in modes]) if len(modes) > 1 else None


def _josh_auto(s: State, f: dict) -> None:
    s.stack.pop()
    e, p = f["e"], s.active
    modes = _equip_modes(s, p, e)
    if eq_black(e) and (eq_name(e) == "Wanted" and not modes or eq_name(e) != "Wanted" and has_equip(s, p, eq_name(e))):
        _eq_bottom(s, e)  # §8.6: a second of a name (or a Wanted with nobody to take it) is discarded
        return
    _use_equipment(s, p, e, modes[0], None)


def _josh_answer(s: State, f: dict, d: Decision) -> None:
    s.stack.pop()
    _use_equipment(s, s.active, f["e"], d[1:], None)


# --- draw! (§6) ------------------------------------------------------------------------------------------------------

def _check_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    if f["step"] == "choose":
        return f["who"], [("result", c) for c in f["cards"]]
    return None


def _check_auto(s: State, f: dict) -> None:
    if f["step"] == "start":
        for _ in range(f["n"]):
            c = _deck_card(s)
            if c is None:
                break
            f["cards"].append(c)
            s.transit.append(c)
        if f["purpose"] == "rum":
            f["result"] = len({card_suit(c) for c in f["cards"]})
            f["step"] = "discard"
        elif len(f["cards"]) > 1:
            f["step"] = "choose"
        else:
            f["result"] = f["cards"][0] if f["cards"] else None
            f["step"] = "discard"
    elif f["step"] == "discard":
        f["step"] = "done"
        for c in f["cards"]:
            s.transit.remove(c)
        _to_discard(s, f["who"], f["cards"])
    else:
        if f["purpose"] == "rum":
            s.stack.pop()
            _heal(s, f["who"], f["result"])
        else:
            _return(s, f["result"])


def _check_answer(s: State, f: dict, d: Decision) -> None:
    f["result"], f["step"] = d[1], "discard"


def _order_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    return (f["owner"], [("order_next", c) for c in f["cards"]]) if len(f["cards"]) > 1 else None


def _order_auto(s: State, f: dict) -> None:
    s.stack.pop()
    for c in f["cards"]:
        s.transit.remove(c)
        s.discard.append(c)


def _order_answer(s: State, f: dict, d: Decision) -> None:
    f["cards"].remove(d[1])
    s.transit.remove(d[1])
    s.discard.append(d[1])


# --- a BANG! effect (§4.4) ---------------------------------------------------------------------------------------

def _required(s: State, f: dict) -> int:
    return 2 if f["card"] and s.chars[f["shooter"]] == "Slab the Killer" else 1


def _missed_sets(s: State, t: int, k: int) -> list[tuple[int, ...]]:
    cards = sorted(c for c in s.hands[t] if card_name(c) in missed_names(s, t))
    if len(cards) < k:
        return []
    if k > 1 and _pair_order_matters(s):
        return list(itertools.permutations(cards, k))
    return list(itertools.combinations(cards, k))


def _bang_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    if f["step"] != "respond":
        return None
    t = f["target"]
    need = _required(s, f) - f["cancels"]
    if need <= 0:
        return None
    opts: list[Decision] = []
    if has_blue(s, t, "Barrel") and not f["barrel"]:
        opts.append(("barrel",))
    if s.chars[t] == "Jourdonnais" and not f["jour"]:
        opts.append(("jourdonnais",))
    opts += [("missed", m) for m in _missed_sets(s, t, need)]
    return (t, opts + [("take_hit",)]) if opts else None


def _bang_auto(s: State, f: dict) -> None:
    t = f["target"]
    if f["step"] == "start":
        if is_active_ghost(s, t) or not is_participant(s, t):
            s.stack.pop()
            return
        if f["suit"] == "D" and has_equip(s, t, "Calumet"):
            s.stack.pop()  # §8.5 Calumet, D12
            return
        f["step"] = "respond"
    elif f["step"] == "checked":
        c = f.pop("ret")
        if c is not None and card_suit(c) == "H":
            f["cancels"] += 1
        f["step"] = "respond"
    else:  # respond with nothing left to choose
        s.stack.pop()
        if f["cancels"] < _required(s, f):
            _lose(s, t, 1, f["shooter"])


def _bang_answer(s: State, f: dict, d: Decision) -> None:
    t = f["target"]
    if d[0] in ("barrel", "jourdonnais"):
        f["barrel" if d[0] == "barrel" else "jour"] = True
        f["step"] = "checked"
        _check(s, t, d[0])
    elif d[0] == "missed":
        s.stack.pop()
        _leave_hand(s, t, list(d[1]), s.discard)
    else:
        s.stack.pop()
        _lose(s, t, 1, f["shooter"])


# --- Indians!, Gatling (§4.2) --------------------------------------------------------------------------------------

def _multi_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    t = f["cur"]
    if t is None or f["card"] != "Indians!":
        return None
    opts = [("discard_bang", c) for c in s.hands[t] if card_name(c) in bang_names(s, t)]
    return (t, opts + [("take_hit",)]) if opts else None


def _multi_auto(s: State, f: dict) -> None:
    if f["cur"] is not None:  # an Indians! target with no BANG! to discard
        t, f["cur"] = f["cur"], None
        _lose(s, t, 1, f["user"])
        return
    while f["i"] < len(f["targets"]):
        t = f["targets"][f["i"]]
        f["i"] += 1
        if not is_participant(s, t):  # R12
            continue
        if f["card"] == "Gatling":
            _bang_effect(s, f["user"], t, False, f["suit"])
            return
        if f["suit"] == "D" and has_equip(s, t, "Calumet"):
            continue  # ♦ Indians! skips him
        f["cur"] = t
        return
    s.stack.pop()


def _multi_answer(s: State, f: dict, d: Decision) -> None:
    t, f["cur"] = f["cur"], None
    if d[0] == "discard_bang":
        _leave_hand(s, t, [d[1]], s.discard)
    else:
        _lose(s, t, 1, f["user"])


# --- Duel ------------------------------------------------------------------------------------------------------------

def _duel_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    t = f["cur"]
    opts = [("discard_bang", c) for c in s.hands[t] if card_name(c) in bang_names(s, t)]
    return (t, opts + [("take_hit",)]) if opts else None


def _duel_lost(s: State, f: dict) -> None:
    s.stack.pop()
    loser = f["cur"]
    winner = f["b"] if loser == f["a"] else f["a"]
    _lose(s, loser, 1, winner)  # D3; nothing for an active ghost (§9.3)


def _duel_answer(s: State, f: dict, d: Decision) -> None:
    if d[0] == "discard_bang":
        _leave_hand(s, f["cur"], [d[1]], s.discard)
        f["cur"] = f["a"] if f["cur"] == f["b"] else f["b"]
    else:
        _duel_lost(s, f)


# --- General Store ---------------------------------------------------------------------------------------------------

def _store_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    if f["step"] != "pick" or f["i"] >= len(f["order"]) or len(f["cards"]) < 2:
        return None
    return f["order"][f["i"]], [("pick", c) for c in f["cards"]]


def _store_auto(s: State, f: dict) -> None:
    if f["step"] == "start":
        for _ in range(len(f["order"])):
            c = _deck_card(s)
            if c is None:
                break
            f["cards"].append(c)
            s.transit.append(c)
        f["step"] = "pick"
        return
    if f["i"] < len(f["order"]) and f["cards"]:  # R7: one card left
        c = f["cards"].pop()
        s.transit.remove(c)
        s.hands[f["order"][f["i"]]].append(c)
        f["i"] += 1
        return
    s.stack.pop()
    for c in f["cards"]:
        s.transit.remove(c)
        s.discard.append(c)


def _store_answer(s: State, f: dict, d: Decision) -> None:
    f["cards"].remove(d[1])
    s.transit.remove(d[1])
    s.hands[f["order"][f["i"]]].append(d[1])
    f["i"] += 1


# --- dying window (§7.3) and elimination (§7.4) ----------------------------------------------------------------------

def _dying_ask(s: State, f: dict) -> tuple[int, list[Decision]] | None:
    p = f["p"]
    if s.life[p] >= 1:
        return None
    opts: list[Decision] = []
    if len(living(s)) > 2:
        opts += [("beer", c) for c in s.hands[p] if card_name(c) == "Beer"]
    if has_equip(s, p, "Rucksack") and s.nuggets[p] >= 2:
        opts.append(("rucksack",))
    if s.chars[p] == "Sid Ketchum":
        opts += _sid_pairs(s, p)
    return (p, opts + [("stop",)]) if opts else None  # R5


def _dying_auto(s: State, f: dict) -> None:
    s.stack.pop()
    if s.life[f["p"]] <= 0:
        _push(s, "elim", p=f["p"], killer=f["killer"])


def _dying_answer(s: State, f: dict, d: Decision) -> None:
    p = f["p"]
    if d[0] == "beer":
        _leave_hand(s, p, [d[1]], s.discard)
        _beer_played(s)
        _heal(s, p)
    elif d[0] == "rucksack":
        _pay(s, p, 2)
        _heal(s, p)
    elif d[0] == "sid":
        _leave_hand(s, p, [d[1], d[2]], s.discard)
        _heal(s, p)
    else:
        _dying_auto(s, f)


def _victory(s: State) -> bool:
    """§7.6 (and §9.9): sets the winners if the game is over."""
    sheriff = s.roles.index("Sheriff")
    alive = living(s)
    dark = dark_renegade(s)
    if s.status[sheriff] != ALIVE:
        if len(alive) == 1 and s.roles[alive[0]] == "Renegade":
            s.winners, s.winning_side = alive, "renegade"
        else:
            s.winners = [p for p in range(s.n) if s.roles[p] == "Outlaw" or (p == dark and s.dark_side == "outlaw")]
            s.winning_side = "outlaws"
    elif not any(s.roles[p] in ("Outlaw", "Renegade") for p in alive):
        s.winners = [p for p in range(s.n) if s.roles[p] in ("Sheriff", "Deputy")
                     or (p == dark and s.dark_side == "deputy")]
        s.winning_side = "sheriff"
    else:
        return False
    s.stack = []
    return True


def _elim_auto(s: State, f: dict) -> None:
    p, killer = f["p"], f["killer"]
    if f["step"] == "start":
        f["wanted"] = has_equip(s, p, "Wanted")
        s.revealed[p] = True
        s.status[p] = DEAD  # R8
        cards = list(s.hands[p]) + list(s.inplay[p])
        s.hands[p].clear()
        s.inplay[p].clear()
        for e in list(s.equip[p]):
            s.equip[p].remove(e)
            _eq_bottom(s, e)
        if not s.ghosts:
            s.returned += s.nuggets[p]  # D22
            s.nuggets[p] = 0
        f["step"] = "victory"
        vulture = next((q for q in participants(s) if s.chars[q] == "Vulture Sam" and q != p), None)
        if vulture is not None:
            s.hands[vulture].extend(cards)
        else:
            _to_discard(s, p, cards)
    elif f["step"] == "victory":
        if _victory(s):
            return
        f["step"] = "rewards"
    elif f["step"] == "rewards":
        f["step"] = "final"
        if killer is None or killer == p:
            return
        if f["wanted"]:
            draw(s, killer, 2)
            _gain(s, killer, 1)  # D2
        if s.roles[p] == "Outlaw":
            draw(s, killer, 3)
        if s.roles[p] == "Deputy" and s.roles[killer] == "Sheriff":
            for e in list(s.equip[killer]):
                s.equip[killer].remove(e)
                _eq_bottom(s, e)
            hand = list(s.hands[killer])
            _leave_hand(s, killer, hand, [])  # Suzy draws once her hand is empty (R1)
            _to_discard(s, killer, hand + list(s.inplay[killer]))
            s.inplay[killer].clear()
    else:
        s.stack.pop()
        was_active = p == s.active
        if s.ghosts:
            alive = living(s)
            s.status[p], s.life[p] = GHOST, 0  # §9.3: a ghost's life is 0
            if sorted(s.roles[q] for q in alive) == ["Renegade", "Sheriff"]:  # §9.8
                for q in range(s.n):
                    if s.status[q] == GHOST:
                        s.status[q] = DEPARTED
                if s.ghost_turn and not was_active:
                    _abandon_above_turn(s)
                    s.stack[0]["step"] = "depart"
                    return
        if was_active:
            _abandon_above_turn(s)
            s.stack[0]["step"] = "over"


# --- dispatch --------------------------------------------------------------------------------------------------------

ASK = {"turn": _turn_ask, "josh": _josh_ask, "check": _check_ask, "order": _order_ask, "bang": _bang_ask,
       "multi": _multi_ask, "duel": _duel_ask, "store": _store_ask, "dying": _dying_ask}
AUTO = {"turn": _turn_auto, "eq_done": _eq_done_auto, "josh": _josh_auto, "check": _check_auto, "order": _order_auto,
        "bang": _bang_auto, "multi": _multi_auto, "duel": _duel_lost, "store": _store_auto, "dying": _dying_auto,
        "elim": _elim_auto}
ANSWER = {"turn": _turn_answer, "josh": _josh_answer, "check": _check_answer, "order": _order_answer,
          "bang": _bang_answer, "multi": _multi_answer, "duel": _duel_answer, "store": _store_answer,
          "dying": _dying_answer}


# --- invariants ------------------------------------------------------------------------------------------------------

def card_locations(s: State) -> list[int]:
    """Every main-deck card once: deck, discard, transit, hands, play areas."""
    out = s.deck + s.discard + s.transit
    for p in range(s.n):
        out += s.hands[p] + s.inplay[p]
    return out


def equipment_locations(s: State) -> list[int]:
    out = [e for e, _ in s.eq_deck] + [e for e in s.eq_row if e >= 0] + s.eq_limbo
    out += [f["e"] for f in s.stack if f["k"] == "josh"]  # drawn by Josh McCloud, its use not yet chosen
    for p in range(s.n):
        out += s.equip[p]
    return out


def check_invariants(s: State) -> None:
    """Cards and equipment conserved, nuggets accounted for, life within bounds."""
    assert sorted(card_locations(s)) == list(range(80)), "main-deck cards not conserved"
    if s.gold_rush:
        assert sorted(equipment_locations(s)) == list(range(24)), "equipment not conserved"
    assert sum(s.nuggets) == s.gained - s.spent - s.returned and min(s.nuggets) >= 0, "nuggets unaccounted"
    dying = {f["p"] for f in s.stack if f["k"] in ("dying",)}
    for p in range(s.n):
        assert s.life[p] <= s.max_life[p]
        if s.status[p] == ALIVE and p not in dying and not any(f["k"] == "elim" and f["p"] == p for f in s.stack):
            assert s.life[p] >= 1, f"seat {p} living at {s.life[p]} life"
        if s.status[p] != ALIVE:
            assert not s.inplay[p] and not s.equip[p] or is_active_ghost(s, p)
        assert len(set(card_name(c) for c in s.inplay[p])) == len(s.inplay[p]), "same-name rule broken"
        assert sum(card_name(c) in WEAPON_RANGE for c in s.inplay[p]) <= 1
        names = [eq_name(e) for e in s.equip[p]]
        assert len(set(names)) == len(names), "same-name rule broken (equipment)"


def random_game(n: int, seed: int, gold_rush: bool = True, ghosts: bool = False, cap: int = 5000,
                checks: bool = True) -> State:
    """A game of uniformly random legal decisions, the invariants checked after every one."""
    s = new_game(n, seed, gold_rush, ghosts)
    rng = random.Random(seed * 31 + n)
    while not over(s) and s.moves < cap:
        opts = legal_decisions(s)
        # end phase 2 less often, so that cards get played
        d = rng.choice(opts)
        if d == ("end_phase",) and len(opts) > 1 and rng.random() < 0.6:
            d = rng.choice(opts[:-1])
        apply(s, d)
        if checks:
            check_invariants(s)
    return s
