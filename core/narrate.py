"""One narrator: every move told in plain words, the same sentence on the page, in ``deadeye play`` and in the
protocol's events (``text``).

The engine's own text (``action_label``, ``public_label``, ``describe_events``, ``private_events``) is terse and
exact: a bot, the tests and ``parse_action`` read it.  A person reads the narration made from it here, from the
observer's side: "Black Jack plays BANG! K♦ on you", "you draw 3♠ and Q♥".  This module holds what every game shares
(seats as "you" or by name, the verbs agreeing with them, a move's label said once when an event says it again);
each game's ``text`` module may define ``narrate(seen, names)`` (its own words: cards as drawn, no ids or card
codes) and ``seat_names(state)`` (public names of the seats, as BANG!'s characters), which this module calls.

A narration uses only what the observation holds (the observer's own label, the public one, the public events and the
observer's private ones) and public names, so it tells a seat nothing its observation does not.
"""
from __future__ import annotations

import importlib
import re
from typing import Any, Callable, Iterable, Sequence

from .observation import Observation

# a sentence's subject starts the text or follows one of these
_BOUNDARY = re.compile(r"(?:^|[;:,(]|\band|\bthen|\bwhile)\s*$")
_SEAT = re.compile(r"\bseat (\d+)('s)?(?= |$|[;:,.)!])( \w+)?")
_SEATS = re.compile(r"\bseats ((?:\d+, )*\d+)")
# third-person verbs that may follow an "and" or a comma after a subject "you" ("you win the auction, pay $3 and take
# space 1"): each agrees with "you" too
_LIST_VERBS = frozenset("pays takes leads loses gets draws discards gains plays keeps wins drops moves buys ends "
                         "answers".split())
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_THIRD = {v: k for k, v in _IRREGULAR.items()} | {"be": "is"}


def third_person(verb: str) -> str:
    """``verb`` as "he" says it: play -> plays, pass -> passes, carry -> carries, have -> has.

    >>> [third_person(v) for v in ("play", "pass", "search", "carry", "have", "go", "raise")]
    ['plays', 'passes', 'searches', 'carries', 'has', 'goes', 'raises']
    """
    if verb in _THIRD:
        return _THIRD[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def second_person(verb: str) -> str:
    """A third-person ``verb`` as "you" says it: plays -> play, passes -> pass, is -> are.

    >>> [second_person(v) for v in ("plays", "passes", "searches", "carries", "is", "has", "loses", "flees")]
    ['play', 'pass', 'search', 'carry', 'are', 'have', 'lose', 'flee']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def _looks_like_verb(word: str) -> bool:
    return word in _IRREGULAR or (word.endswith("s") and not word.endswith("ss") and word.isalpha()
                                  and word.islower())


def personal(text: str, seat: int | None, names: Sequence[str]) -> str:
    """``text`` with each "seat N" said as the observer ``seat`` reads it: "you" (or "your") for its own seat, with
    the verbs that follow agreeing, else the seat's name.

    >>> personal("seat 1 wins the auction, pays $3 and takes space 1; seat 0 pays $2", 1, ["seat 0", "Ann"])
    'you win the auction, pay $3 and take space 1; seat 0 pays $2'
    >>> personal("seat 0 loses 1 life (from seat 1); seat 1 is eliminated", 1, ["Bo", "Ann"])
    'Bo loses 1 life (from you); you are eliminated'
    """
    text = _SEATS.sub(lambda m: " and ".join(f"seat {p}" for p in m.group(1).split(", ")) if "," in m.group(1)
                      else f"seat {m.group(1)}", text)
    out: list[str] = []
    last = 0
    for m in _SEAT.finditer(text):
        p = int(m.group(1))
        before = text[last:m.start()]
        out.append(before)
        last = m.end()
        word = (m.group(3) or "").strip()
        name = names[p] if 0 <= p < len(names) else f"seat {p}"
        if p != seat:
            out.append(name + ("'s" if m.group(2) else "") + (m.group(3) or ""))
            continue
        if m.group(2):
            out.append("your" + (m.group(3) or ""))
            continue
        subject = bool(_BOUNDARY.search("".join(out))) and _looks_like_verb(word)
        if subject:
            rest, end = _agree_list(text, m.end())
            out.append("you " + second_person(word) + rest)
            last = end
        else:
            out.append("you" + (m.group(3) or ""))
    out.append(text[last:])
    return "".join(out)


def _agree_list(text: str, start: int) -> tuple[str, int]:
    """The rest of the clause after a subject "you" and its verb, its listed verbs agreeing ("pays $3 and takes")."""
    stop = re.compile(r";|\bseats? \d").search(text, start)
    end = stop.start() if stop else len(text)
    clause = re.sub(r"(, | and | or )(\w+)", lambda m: m.group(1) + (second_person(m.group(2)) if m.group(2) in _LIST_VERBS
                                                                 else m.group(2)), text[start:end])
    return clause, end


def action_sentence(actor: int, phrase: str) -> str:
    """A move as "seat N <verb>s ...", from its label as an order ("play 3♠", "raise to $7")."""
    verb, _, rest = phrase.partition(" ")
    return f"seat {actor} {third_person(verb)}" + (f" {rest}" if rest else "")


def said_by_events(actor: int, phrase: str, events: Sequence[str]) -> bool:
    """Whether an event tells the move again ("drop out (pay $3)" and "seat 2 drops out, pays $3 ..."): then the
    move's own label is left out."""
    verb = third_person(phrase.partition(" ")[0])
    return any(e.startswith(f"seat {actor} {verb}") for e in events)


def compose(seen: Observation, names: Sequence[str], phrase: str | None, events: Iterable[str]) -> str:
    """The narration of a move: its sentence (``phrase``, the move as an order, or None for none), then its events,
    each said from the observer's side, joined by "; ", the first letter capitalised."""
    events = [e for e in events if e]
    parts = []
    if phrase and seen.noticed and not said_by_events(seen.actor, phrase, events):
        parts.append(action_sentence(seen.actor, phrase))
    parts += events
    return capitalise("; ".join(personal(p, seen.seat, names) for p in parts))


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def default_names(players: int) -> tuple[str, ...]:
    return tuple(f"seat {p}" for p in range(players))


def text_hook(game: str, name: str) -> Callable | None:
    """A function of ``game``'s ``text`` module (``narrate``, ``seat_names``, ``score_breakdown``), if it has one."""
    from . import game_info
    try:
        module = importlib.import_module(game_info(game).module + ".text")
    except ImportError:
        return None
    return getattr(module, name, None)


def seat_names(state: Any) -> tuple[str, ...]:
    """The public names of ``state``'s seats (the game's ``seat_names``, else "seat N"): fixed for a whole game, so a
    front end asks once."""
    hook = text_hook(state.game, "seat_names")
    return tuple(hook(state)) if hook else default_names(state.num_players())


def narrate(seen: Observation, names: Sequence[str] | None = None) -> str:
    """The move ``seen`` as its observer reads it, in plain words (the game's ``narrate``, else the shared one)."""
    names = names if names is not None else default_names(max(seen.seat, seen.actor) + 1)
    hook = text_hook(seen.game, "narrate") if seen.game else None
    if hook is not None:
        return hook(seen, names)
    return compose(seen, names, seen.label, seen.events)


def narrate_events(game: str, events: Sequence[str], seat: int, names: Sequence[str]) -> str:
    """Events no move caused (a game's start: the deal, the first player), as ``seat`` reads them."""
    seen = Observation(seat, -1, -1, None, tuple(events), game=game, public=None)
    return narrate(seen, names)


def narrate_public(state: Any, actor: int, public: str | None, events: Sequence[str]) -> str:
    """A move as every seat sees it (``game.apply``'s ``text``): its public label and events, no seat said as "you"."""
    from .state import OBS_NONE
    seen = Observation(-1, actor, OBS_NONE if public is None else 0, public, tuple(events), game=state.game,
                       public=public)
    return narrate(seen, seat_names(state))
