"""Names of the Wyatt Earp cards, and the text of actions and events, as players read them."""
from deadeye.core.wyatt_earp.data cimport *

from deadeye.core.errors import InvalidActionError

OUTLAW_NAMES = ("Belle Starr", "Billy the Kid", "Bob Dalton", "Butch Cassidy", "Jesse James", "Sundance Kid",
                "Wes Hardin")
CARD_NAMES = OUTLAW_NAMES + tuple(f"Photo {n}" for n in OUTLAW_NAMES) + (
    "Stagecoach Robbery", "Bank Robbery", "Fastest Gun", "Wanted", "Hideout", "Wyatt Earp")
CARD_COUNTS = (7,) * 7 + (1,) * 7 + (2, 4, 3, 3, 3, 7)   # §1.1, 78 cards
PHASE_NAMES = ("draw", "play", "target", "search", "immediate", "photo window", "defence", "discard", "game over")


cdef str action_label(const WyattEarpData* d, int a):
    """The text of action ``a`` in state (or view) ``d``: a shot's target names the pending card, the discard-pile
    draw names the pile's top card."""
    cdef int pending = d.pending, discard_top = d.discard[d.discard_n - 1] if d.discard_n else -1
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidActionError(f"action {a} is not a Wyatt Earp action (0..{NUM_ACTIONS - 1})")
    if a == A_DRAW_PILE:
        return "draw two from the draw pile"
    if a == A_DRAW_DISCARD:
        top = CARD_NAMES[discard_top] if 0 <= discard_top < N_TYPES else "nothing"
        return f"take {top} from the discard pile"
    if a == A_END_PLAY:
        return "end play step"
    if a < A_PHOTO:
        return f"play set: {(a - A_MELD) % 7 + 1} x {OUTLAW_NAMES[(a - A_MELD) // 7]}"
    if a < A_STAGECOACH:
        return f"play Photo {OUTLAW_NAMES[a - A_PHOTO]}"
    if a == A_STAGECOACH:
        return "play Stagecoach Robbery"
    if a == A_BANK:
        return "play Bank Robbery"
    if a == A_FASTEST:
        return "play Fastest Gun"
    if a == A_HIDEOUT:
        return "play Hideout"
    if a < A_WANTED2:
        way = "clockwise" if (a - A_WANTED1) % 2 == 0 else "counter-clockwise"
        return f"play Wanted mode 1: {OUTLAW_NAMES[(a - A_WANTED1) // 2]}, {way}"
    if a == A_WANTED2:
        return "play Wanted mode 2"
    if a == A_WYATT1:
        return "play Wyatt Earp mode 1: draw two"
    if a == A_WYATT2:
        return "play Wyatt Earp mode 2: search the discard pile"
    if a == A_WYATT3:
        return "play Wyatt Earp mode 3: remove a Hideout"
    if a < A_OPP_GROUP:
        card = CARD_NAMES[pending] if pending in (STAGECOACH, BANK, FASTEST) else "sheriff card"
        return f"shot with {card} on {OUTLAW_NAMES[a - A_OWN_GROUP]}"
    if a < A_REMOVE_HIDEOUT:
        seat, x = divmod(a - A_OPP_GROUP, 7)
        if pending == WANTED:
            return f"shot with Wanted: take {OUTLAW_NAMES[x]} from seat {seat}"
        return f"shot with Hideout on seat {seat}'s {OUTLAW_NAMES[x]}"
    if a < A_TAKE:
        return f"shot with Wyatt Earp: remove the Hideout from {OUTLAW_NAMES[a - A_REMOVE_HIDEOUT]}"
    if a < A_KEEP:
        if a - A_TAKE >= WYATT:
            raise InvalidActionError(f"action {a}: Wyatt Earp cannot be taken from the discard pile")
        return f"search: take {CARD_NAMES[a - A_TAKE]}"
    if a == A_KEEP:
        return "keep the searched card"
    if a == A_DECLINE:
        return "decline"
    if a == A_DEFEND:
        return "defend with Wyatt Earp"
    return f"discard {CARD_NAMES[a - A_DISCARD]}"


EVENT_NAMES = {EV_SHOT: "shot", EV_RESHUFFLE: "reshuffle", EV_WANTED_NO: "wanted_no",
               EV_WANTED_GIVE: "wanted_give", EV_ORPHAN: "orphan", EV_FG_REPLACED: "fastest_gun_replaced",
               EV_ROUND_END: "round_end", EV_PAY: "pay", EV_NEW_ROUND: "new_round", EV_DUEL_CARD: "duel_card",
               EV_GAME_END: "game_end", EV_DEFENCE: "defence"}


def event_text(str kind, int seat, int a, int b) -> str:
    """One public event as a sentence."""
    if kind == "shot":
        return f"seat {seat}'s shot reveals {CARD_NAMES[a]}: {'hit' if b else 'miss'}"
    if kind == "reshuffle":
        return f"the discard pile is reshuffled into a new draw pile of {a} cards"
    if kind == "wanted_no":
        return f"seat {seat} has no {OUTLAW_NAMES[a]}"
    if kind == "wanted_give":
        return f"seat {seat} gives a {OUTLAW_NAMES[a]} to seat {b}"
    if kind == "orphan":
        return f"seat {seat}'s {CARD_NAMES[a]} on {OUTLAW_NAMES[b]} is discarded (no outlaw card left)"
    if kind == "fastest_gun_replaced":
        return f"seat {seat}'s Fastest Gun on {OUTLAW_NAMES[a]} is discarded"
    if kind == "round_end":
        return f"the round ends ({('', 'E1: last card discarded', 'E2: a player has no cards', 'E3: second shortage')[a]}); seat {seat} deals next"
    if kind == "pay":
        return f"seat {seat} collects ${b * 1000:,} for {OUTLAW_NAMES[a]}"
    if kind == "new_round":
        return f"round {a} begins; seat {seat} deals"
    if kind == "duel_card":
        return f"duel: seat {seat} draws {CARD_NAMES[a]}"
    if kind == "game_end":
        return f"the game ends: seat {seat} wins with ${a * 1000:,}"
    if kind == "defence":
        return f"seat {seat} defends: {'the Hideout is removed' if a else 'the Hideout stays'}"
    return f"{kind} {seat} {a} {b}"
