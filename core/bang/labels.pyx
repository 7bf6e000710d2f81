"""Names of BANG!'s cards, equipment and characters, and the text of actions and events.

A label names the card with its suit, rank and id ("play BANG! Q♥ #1"): two copies of a card (the two Stagecoaches
9♠) differ only by their id, and every label is unique among the legal actions.
"""
from deadeye.core.bang.data cimport *

KIND_NAMES = ("BANG!", "Missed!", "Beer", "Saloon", "Stagecoach", "Wells Fargo", "General Store", "Panic!",
              "Cat Balou", "Duel", "Indians!", "Gatling", "Barrel", "Dynamite", "Jail", "Mustang", "Scope", "Volcanic",
              "Schofield", "Remington", "Rev. Carabine", "Winchester")
SUIT_NAMES = ("♠", "♥", "♦", "♣")
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
EQUIP_NAMES = ("Shot", "Bottle", "Pardner", "Rum", "Union Pacific", "Gold Rush", "Boots", "Calumet", "Gold Pan",
               "Gun Belt", "Horseshoe", "Lucky Charm", "Pickaxe", "Rucksack", "Wanted")
CHARACTER_NAMES = ("Bart Cassidy", "Black Jack", "Calamity Janet", "El Gringo", "Jesse Jones", "Jourdonnais",
                   "Kit Carlson", "Lucky Duke", "Paul Regret", "Pedro Ramirez", "Rose Doolan", "Sid Ketchum",
                   "Slab the Killer", "Suzy Lafayette", "Vulture Sam", "Willy the Kid", "Don Bell", "Dutch Will",
                   "Jacky Murieta", "Josh McCloud", "Madam Yto", "Pretty Luzena", "Raddie Snake", "Simeon Picos")
ROLE_NAMES = ("Sheriff", "Renegade", "Outlaw", "Deputy")
MODE_NAMES = ("drink the Beer", "sell the Beer", "Bottle as Panic!", "Bottle as Beer", "Bottle as BANG!",
              "Pardner as General Store", "Pardner as Duel", "Pardner as Cat Balou")


def card_name(c: int) -> str:
    """The card's name, suit, rank and id.

    >>> card_name(0), card_name(44), card_name(45)
    ('BANG! A♠ #0', 'Stagecoach 9♠ #44', 'Stagecoach 9♠ #45')
    """
    if not 0 <= c < N_CARDS:
        return "an unknown card"
    r = card_rank(c)
    return f"{KIND_NAMES[card_kind(c)]} {RANK_NAMES.get(r, str(r))}{SUIT_NAMES[card_suit(c)]} #{c}"


def equip_name(e: int) -> str:
    return f"{EQUIP_NAMES[equip_kind(e)]} #{e}" if 0 <= e < N_EQUIP else "an unknown equipment card"


cdef str action_label(const BangData* d, int a):
    cdef int f = d.fr_n - 1, k = d.fr_kind[f] if d.fr_n else 0
    if a < A_SEAT:
        c = card_name(a - A_CARD)
        if k == FR_PLAY:
            return f"play {c}"
        if k == FR_BANG:
            return f"answer with {c}"
        if k == FR_INDIANS or k == FR_DUEL:
            return f"discard {c}"
        if k == FR_STORE:
            return f"take {c}"
        if k == FR_DRAWCHOICE:
            return f"choose {c} as the draw! result"
        if k == FR_STEAL:
            return f"take {c} from play" if d.fr_b[f] else f"discard {c} from play"
        if k == FR_DYING:
            return f"drink {c}"
        if k == FR_PHASE1:
            return f"put {c} back on top" if d.fr_a[f] == P1_KIT else f"discard {c}"
        return f"discard {c}"
    if a < A_EQUIP:
        return f"seat {a - A_SEAT}"
    if a < A_BUY:
        return f"pay to discard {equip_name(a - A_EQUIP)} of seat {d.eq_loc[a - A_EQUIP] - EQL_PLAY}"
    if a < A_PASS:
        e = d.eq_row[a - A_BUY]
        return f"buy {equip_name(e)} (slot {a - A_BUY})"
    if a == A_PASS:
        if k == FR_PLAY:
            return "end the turn's play"
        if k == FR_BANG:
            return "take the hit"
        if k == FR_DYING:
            return "give up"
        if k == FR_PHASE1:
            return "draw normally"
        return "stop and lose a life point" if k == FR_DUEL else "pass"
    if a == A_HAND:
        return "a random hand card"
    if a == A_BARREL:
        return "draw! for the Barrel"
    if a == A_JOURDONNAIS:
        return "draw! for Jourdonnais"
    if A_MODE <= a < A_SID:
        return MODE_NAMES[a - A_MODE]
    return ("Sid Ketchum: discard 2 cards for a life", "Jacky Murieta: pay 2 to shoot",
            "Josh McCloud: pay 2 for an equipment card", "Raddie Snake: pay 1 to draw", "Gold Pan: pay 1 to draw",
            "Rucksack: pay 2 for a life", "take the top of the discard pile")[a - A_SID]


def event_text(int kind, int player, int a, int b) -> str:
    """One public event as a sentence (what everybody saw)."""
    who = f"seat {player}"
    if kind == EV_DRAW:
        return f"{who} draws {a} card{'s' if a != 1 else ''}"
    if kind == EV_DRAW_CHECK:
        return f"{who} draws! {card_name(a)}"
    if kind == EV_PLAY:
        return f"{who} plays {card_name(a) if a >= 0 else 'it'}" + (f" on seat {b}" if b >= 0 else "")
    if kind == EV_DISCARD:
        return f"{who} discards {card_name(a)}"
    if kind == EV_LIFE:
        return f"{who} {'gains' if a > 0 else 'loses'} {abs(a)} life" + (f" (from seat {b})" if b >= 0 else "")
    if kind == EV_ELIMINATED:
        return f"{who} is eliminated: {ROLE_NAMES[a] if 0 <= a < 4 else '?'}" + (f", by seat {b}" if b >= 0 else "")
    if kind == EV_NUGGETS:
        return f"{who} {'takes' if a > 0 else 'pays'} {abs(a)} nugget{'s' if abs(a) != 1 else ''}"
    if kind == EV_BUY:
        return f"{who} {'buys' if b >= 0 else 'takes'} {equip_name(a)}"
    if kind == EV_EQUIP_GONE:
        return f"{equip_name(a)} of {who} goes to the equipment deck"
    if kind == EV_ROW:
        return f"{equip_name(a)} comes into the row (slot {b})"
    if kind == EV_RESHUFFLE:
        return "the equipment deck is reshuffled" if a else "the discard pile is reshuffled into the deck"
    if kind == EV_TAKE:
        if b == -2:
            return f"{who} takes {card_name(a)} from the General Store"
        return f"{who} takes {card_name(a) if a >= 0 else 'a card'}" + (f" from seat {b}" if b >= 0 else "")
    if kind == EV_GAME_OVER:
        return ("the game stops unfinished", "the Sheriff's side wins", "the Outlaws win", "the Renegade wins")[a]
    if kind == EV_TURN:
        return f"{who}'s {('turn', 'extra turn', 'ghost turn')[a] if 0 <= a < 3 else 'turn'} begins"
    if kind == EV_SIDE:
        return f"{who}, the Dark Renegade, is a Dark {'Deputy' if a == SIDE_DEPUTY else 'Outlaw'}"
    if kind == EV_SHOWN:
        return f"{who} shows {card_name(a)}"
    return f"event {kind}"


def kind_of(c: int) -> int:
    """The kind (K_*) of main-deck card c, for the Python text modules."""
    return card_kind(c) if 0 <= c < N_CARDS else -1


def equip_kind_of(e: int) -> int:
    return equip_kind(e) if 0 <= e < N_EQUIP else -1


def equip_cost_of(e: int) -> int:
    return equip_cost(e) if 0 <= e < N_EQUIP else 0
