"""Plain-text rendering of what one Hearts seat sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

from .data import HEARTS, N_SUITS, QS_POINTS, QUEEN_SPADES, TOTAL_POINTS
from .labels import CARD_NAMES, SEAT_CHARS, cards_text

PLAY_HELP = """in Hearts:
  cards         rank then suit: 2-9, T ten, J, Q, K, A; C clubs, D diamonds, H hearts, S spades (type qs, or its number)
  your hand     by suit from spades down: "S KQ8 H 4 D - C J96"
  N E S W       seats 0, 1, 2, 3; a pass goes left (to the next seat), across or right, or there is none
  points        a heart 1, the queen of spades 13, fewest wins; all 26 to one seat shoots the moon"""


def describe_view(info: InformationSet) -> str:
    """The table as ``info.seat`` sees it: pass direction, its hand, passes, the tricks so far and the points."""
    seat = info.seat
    lines = [f"Hearts, seat {seat} ({SEAT_CHARS[seat]}); pass direction: {info.pass_direction}; "
             f"hand sizes {info.hand_sizes()}; points {info.points()}"]
    lines.append(f"  your hand: {cards_text(info.hand())}")
    if info.passed():
        lines.append(f"  you passed: {' '.join(CARD_NAMES[c] for c in info.passed())}")
    if info.received():
        lines.append(f"  you received: {' '.join(CARD_NAMES[c] for c in info.received())}")
    for number, (leader, cards, taker) in enumerate(info.tricks(), 1):
        played = " ".join(f"{SEAT_CHARS[(leader + i) % 4]}:{CARD_NAMES[c]}" for i, c in enumerate(cards))
        lines.append(f"  trick {number}: {played}" + (f" -> seat {taker}" if taker is not None else ""))
    return "\n".join(lines)


def round_table(before: InformationSet, events: list, after: InformationSet | None = None) -> list[str]:
    """The scoring of the hand once it is over, as lines: per seat the tricks taken, the hearts (1 point each) and
    the queen of spades (13) in them, the points taken, and the final points with a moon shot settled (the seat that
    took all 26 scores 0 and every other seat 26).  ``after`` is a seat's information set just after the last
    action (the tricks are public); [] while the hand runs."""
    if after is None or not after.is_terminal() or (before is not None and before.is_terminal()):
        return []
    tricks, hearts, queen = [0] * 4, [0] * 4, [False] * 4
    for _, cards, taker in after.tricks():
        tricks[taker] += 1
        hearts[taker] += sum(c % N_SUITS == HEARTS for c in cards)
        queen[taker] = queen[taker] or QUEEN_SPADES in cards
    final = after.points()
    lines = ["hand scoring: a heart 1 point, the queen of spades 13; taking all 26 shoots the moon (0 for the "
             "shooter, 26 for each other seat); fewest points wins",
             f"  {'':12s}{'tricks':>7s}{'hearts':>7s}{'QS':>4s}{'taken':>6s}{'points':>7s}"]
    for p in range(4):
        taken = hearts[p] + QS_POINTS * queen[p]
        lines.append(f"  {'seat ' + str(p) + ' (' + SEAT_CHARS[p] + ')':12s}{tricks[p]:>7d}{hearts[p]:>7d}"
                     f"{'QS' if queen[p] else '-':>4s}{taken:>6d}{final[p]:>7d}")
    moon = [p for p in range(4) if hearts[p] + QS_POINTS * queen[p] == TOTAL_POINTS]
    if moon:
        lines.append(f"  seat {moon[0]} shoots the moon: 0 points, 26 for each other seat")
    return lines


def feats(scores: list) -> list[tuple[str, int]]:
    """The moon shot of a finished hand, read off OpenSpiel's returns (``game_returns()``): the shooter scores 26 and
    every other seat 0, which no other deal of the 26 points gives.

    >>> feats([26.0, 0.0, 0.0, 0.0]), feats([26.0, 13.0, 0.0, 13.0]), feats([0.0, 0.0, 0.0, 0.0])
    ([('moon shot', 0)], [], [])
    """
    if sorted(scores) == [0] * 3 + [TOTAL_POINTS]:
        return [("moon shot", list(scores).index(TOTAL_POINTS))]
    return []


feats.names = ("moon shot",)       # every feat it reports, so that a report shows a count of 0 too


_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_CARD = re.compile(r"\b([2-9TJQKA])([CDHS])\b")


def card_words(text: str) -> str:
    """Cards as they are drawn on the page: 10♥ and Q♠ for OpenSpiel's TH and QS.

    >>> card_words("seat 1 holds the 2C and leads; you receive TH, QS, 9D")
    'seat 1 holds the 2♣ and leads; you receive 10♥, Q♠, 9♦'
    """
    return _CARD.sub(lambda m: m.group(1).replace("T", "10") + _SUIT_SYMBOLS[m.group(2)], text)


def narrate(seen: Observation, names: Sequence[str]) -> str:
    """A move in plain words: "you pass 10♥", "seat 2 passes a card", "seat 1 plays Q♠; seat 1 takes trick 3
    (13 points)"."""
    from deadeye.core.narrate import compose
    phrase = None
    if seen.label:
        passing = (seen.public or seen.label).startswith("passes")
        if seen.actor == seen.seat:
            phrase = f"{'pass' if passing else 'play'} {seen.label}"
        else:
            phrase = "pass a card" if passing else f"play {seen.label.removeprefix('plays ')}"
    return card_words(compose(seen, names, phrase, seen.events))


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """A finished hand's tricks, hearts and queen of spades per seat (the page adds the points they make)."""
    info = state.information_set(0)                      # over: every trick is public
    tricks, hearts, queen = [0] * 4, [0] * 4, [0] * 4
    for _, cards, taker in info.tricks():
        tricks[taker] += 1
        hearts[taker] += sum(c % N_SUITS == HEARTS for c in cards)
        queen[taker] += QUEEN_SPADES in cards
    return {"head": ["tricks", "hearts", "queen of spades"],
            "rows": [[tricks[p], hearts[p], "yes" if queen[p] else "-"] for p in range(4)]}


def action_words(label: str, names: Sequence[str], seat: int) -> str:
    """A legal action as its button says it: the card as drawn (10♥ for TH)."""
    return card_words(label)


def card_help() -> dict[str, str]:
    """What each card means for the score and the rules (docs/rules/hearts.md), by the name the page draws (10♥, Q♠):
    the tooltips.  The same line for every card of a kind."""
    out = {}
    for c, label in enumerate(CARD_NAMES):
        if c == QUEEN_SPADES:
            text = ("13 penalty points to whoever takes it; not on the first trick (unless nothing else is left); "
                    "it breaks hearts")
        elif c % N_SUITS == HEARTS:
            text = ("a heart: 1 penalty point to whoever takes it; not on the first trick, and not led until hearts "
                    "are broken")
        elif label == "2C":
            text = "whoever holds it leads it to the first trick; no penalty points"
        else:
            text = "no penalty points; the highest card of the suit led takes the trick"
        out[card_words(label)] = text
    return out


def move_focus(seen: Observation) -> list[str]:
    """What the page lights on the board for a move (the seat, the card played), from what the observer saw."""
    marks = [f"seat:{seen.actor}"] if seen.actor >= 0 else []
    if seen.label and not (seen.public or seen.label).startswith("passes"):
        found = _CARD.search(seen.label)
        if found:
            marks.append("card:" + card_words(found.group(0)))
    return marks
