"""Names of the Colt Express bandits, cards, round cards and events, and the text of actions and events, as players
read them (rules: ../shared/rules/colt-express.md).  No text ever shows a purse value."""
from deadeye.core.colt_express.data cimport *

from deadeye.core.errors import InvalidActionError

BANDIT_NAMES = ("Belle", "Cheyenne", "Django", "Doc", "Ghost", "Tuco")
TYPE_NAMES = ("Move", "Floor change", "Fire", "Rob", "Punch", "Marshal")
TURN_NAMES = ("normal", "tunnel", "speed-up", "switching")
PHASE_NAMES = ("setup caboose", "setup marshal", "scheme", "keep", "move", "marshal", "fire", "rob", "punch victim",
               "punch loot", "punch destination", "pickpocket", "game over")
ROUND_CARD_NAMES = tuple(f"R4-{i}" for i in range(1, 8)) + tuple(f"R6-{i}" for i in range(1, 8)) + (
    "ST-1", "ST-2", "ST-3")
ROUND_EVENT_NAMES = ("none", "Angry Marshal", "Swivel Arm", "Braking", "Take It All!", "Passengers' Rebellion",
                     "Pickpocketing", "Marshal's Revenge", "Hostage-Taking of the Conductor")
WAGON_NAMES = ("W-A", "W-B", "W-C", "W-D", "W-E", "W-F")


def round_card_turns(int card) -> list:
    """The turn types of a round card, as names ("normal", "tunnel", ...)."""
    return [TURN_NAMES[card_turn(card, t)] for t in range(card_turns(card))]


def round_card_event(int card) -> str:
    return ROUND_EVENT_NAMES[card_event(card)]


def token_name(int t) -> str:
    """Token identities are public (§0): purse #0..#17, jewel #18..#23, strongbox #24..#25, ransom purse #26..#31."""
    if t < JEWEL0:
        return f"purse #{t}"
    if t < STRONGBOX0:
        return f"jewel #{t}"
    if t < RANSOM0:
        return f"strongbox #{t}"
    return f"ransom purse #{t}"


def car_name(int c, int n_cars) -> str:
    if c == 0:
        return "the locomotive"
    if c == n_cars - 1:
        return f"car {c} (the caboose)"
    return f"car {c}"


cdef str _bandit(int b):
    return BANDIT_NAMES[b] if 0 <= b < N_BANDITS else f"bandit {b}"


cdef str _kind(const ColtData* d, int seat, int k):
    """A card of ``seat`` by kind: its type, and in the 2-player variant also its bandit."""
    if k == BULLET:
        return "Bullet"
    if d.n_slots == 1 or not 0 <= seat < d.n_players:
        return TYPE_NAMES[k % N_TYPES]
    return f"{_bandit(d.bandit_of[seat][k // N_TYPES])}'s {TYPE_NAMES[k % N_TYPES]}"


cdef str action_label(const ColtData* d, int a):
    cdef int ph = d.phase, x
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidActionError(f"action {a} is not a Colt Express action (0..{NUM_ACTIONS - 1})")
    if a < A_PAIR:
        x = (a - A_PLAY) // 2
        if x >= N_SLOTS * N_TYPES:
            raise InvalidActionError(f"action {a} is not a Colt Express action")
        return f"play {_kind(d, d.decider, x)} face {'down' if (a - A_PLAY) % 2 else 'up'}"
    if a < A_DRAW:
        return f"play {_kind(d, d.decider, (a - A_PAIR) // 12)} then {_kind(d, d.decider, (a - A_PAIR) % 12)}"
    if a == A_DRAW:
        return "draw three cards"
    if a < A_BANDIT:
        x = a - A_CAR
        if x >= d.n_cars and d.n_cars > 0:
            return f"car {x}"
        where = car_name(x, d.n_cars)
        if ph == PH_MOVE:
            return f"{_bandit(d.actor)}: move to {where}"
        if ph == PH_MARSHAL:
            return f"{_bandit(d.actor)}: the marshal goes to {where}"
        if ph == PH_PUNCH_DEST:
            return f"{_bandit(d.actor)}: knock {_bandit(d.victim)} to {where}"
        return f"car {x}"
    if a < A_TOKEN:
        x = a - A_BANDIT
        if ph == PH_FIRE:
            return f"{_bandit(d.actor)}: shoot {_bandit(x)}"
        if ph == PH_PUNCH_VICTIM:
            return f"{_bandit(d.actor)}: punch {_bandit(x)}"
        if ph == PH_SETUP_CABOOSE:
            return f"{_bandit(x)} starts in the caboose"
        if ph == PH_SETUP_MARSHAL:
            return f"remove {_bandit(x)}'s Marshal card"
        return _bandit(x)
    if a < A_KEEP:
        x = a - A_TOKEN
        if ph == PH_ROB:
            return f"{_bandit(d.actor)}: rob {token_name(x)}"
        if ph == PH_PUNCH_LOOT:
            if d.actor == CHEYENNE and is_purse(x):
                return f"{_bandit(d.actor)}: take {token_name(x)} from {_bandit(d.victim)}"
            return f"{_bandit(d.actor)}: {_bandit(d.victim)} drops {token_name(x)}"
        if ph == PH_PICKPOCKET:
            return f"{_bandit(d.actor)}: pickpocket {token_name(x)}"
        return token_name(x)
    x = a - A_KEEP
    if ph == PH_KEEP and d.keep_kind < N_KINDS:
        return f"keep {x} x {_kind(d, d.decider, d.keep_kind)}"
    return f"keep {x}"


cdef object public_label(const ColtData* d, int a):
    """§13.5: a face-down card shows only its bandit; a draw only how many cards (in its event); keep choices
    nothing until all are applied (their event)."""
    cdef int k
    if d.phase == PH_KEEP:
        return None
    if d.phase == PH_SCHEME:
        if a == A_DRAW:
            return None                                    # the draw event says how many
        if a < A_PAIR and (a - A_PLAY) % 2 == 1:
            k = (a - A_PLAY) // 2
            if d.n_slots == 1:
                return "plays a card face down"
            return f"plays a card of {_bandit(d.bandit_of[d.decider][k // N_TYPES])} face down"
    return action_label(d, a)


EVENT_NAMES = {EV_ROUND: "round", EV_REVEAL: "reveal", EV_DRAW: "draw", EV_FLEE: "flee", EV_SHORTAGE: "shortage",
               EV_HIT: "hit", EV_PUSH: "push", EV_NOTHING: "nothing", EV_EVENT: "event", EV_STRONGBOX: "strongbox",
               EV_LOSES: "loses", EV_RANSOM: "ransom", EV_RESHUFFLE: "reshuffle", EV_KEEP: "keep",
               EV_DISCARD_BULLETS: "discard_bullets", EV_GAME_END: "game_end", EV_MOVED: "moved",
               EV_SHOT_BY_MARSHAL: "shot_by_marshal", EV_MARSHAL_MOVES: "marshal_moves", EV_FLOOR: "floor",
               EV_DROP: "drop", EV_TAKE: "take", EV_PLACED: "placed", EV_REMOVED_MARSHAL: "removed_marshal"}


def event_text(str kind, int a, int b, int c, int n_cars=7) -> str:
    """One public event as a sentence."""
    def where(car, level):
        return f"{'on the roof of' if level else 'inside'} {car_name(car, n_cars)}"
    if kind == "round":
        return (f"round {a} begins with {ROUND_CARD_NAMES[b]}: turns {', '.join(round_card_turns(b))}; "
                f"event {round_card_event(b)}; seat {c} plays first")
    if kind == "reveal":
        return f"{BANDIT_NAMES[a]}'s {TYPE_NAMES[b]}{' (face down)' if c else ''} is resolved"
    if kind == "draw":
        return f"seat {a} draws {b} card{'s' if b != 1 else ''}"
    if kind == "flee":
        return f"{BANDIT_NAMES[a]} flees to the roof of {car_name(b, n_cars)}" + (
            " and gets a marshal bullet" if c else "")
    if kind == "shortage":
        return f"the marshal has {b} bullet{'s' if b != 1 else ''} for {a} bandits: they are removed from the game"
    if kind == "hit":
        return f"{BANDIT_NAMES[a]} shoots {BANDIT_NAMES[b]}"
    if kind == "push":
        return f"{BANDIT_NAMES[a]} lands {where(b, c)}"
    if kind == "nothing":
        return f"{BANDIT_NAMES[a]}'s {TYPE_NAMES[b]} has no effect"
    if kind == "event":
        return f"end of round {b}: {ROUND_EVENT_NAMES[a]}"
    if kind == "strongbox":
        return f"a strongbox appears inside {car_name(a, n_cars)}"
    if kind == "loses":
        return f"{BANDIT_NAMES[a]} loses {token_name(b)}"
    if kind == "ransom":
        return f"{BANDIT_NAMES[a]} receives a $250 ransom ({token_name(b)})"
    if kind == "reshuffle":
        return f"seat {a} shuffles the discard pile into a new draw deck of {b} cards"
    if kind == "keep":
        return f"seat {a} keeps {b} card{'s' if b != 1 else ''}"
    if kind == "discard_bullets":
        return f"seat {a} discards {b} bullet card{'s' if b != 1 else ''}"
    if kind == "game_end":
        seats = [str(q) for q in range(8) if (a >> q) & 1]
        return f"the game ends: seat{'s' if len(seats) > 1 else ''} {', '.join(seats)} win{'' if len(seats) > 1 else 's'} with ${b:,}"
    if kind == "moved":
        return f"{BANDIT_NAMES[a]} is thrown {where(b, c)}"
    if kind == "shot_by_marshal":
        return f"the marshal shoots at {BANDIT_NAMES[a]}" + (": a marshal bullet" if b else ": no bullet card left")
    if kind == "marshal_moves":
        return f"the marshal moves to {car_name(a, n_cars)}"
    if kind == "floor":
        return f"{BANDIT_NAMES[a]} {'climbs onto the roof of' if c else 'goes down into'} {car_name(b, n_cars)}"
    if kind == "drop":
        return f"{BANDIT_NAMES[a]} drops {token_name(b)} {where(c // 2, c % 2)}"
    if kind == "take":
        return f"{BANDIT_NAMES[a]} takes {token_name(b)}"
    if kind == "placed":
        return f"{BANDIT_NAMES[a]} starts inside {car_name(b, n_cars)}"
    if kind == "removed_marshal":
        return f"seat {a} sets {BANDIT_NAMES[b]}'s Marshal card aside"
    return f"{kind} {a} {b} {c}"
