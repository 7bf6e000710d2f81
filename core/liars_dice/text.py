"""Plain-text rendering of what one Liar's Dice player sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import InformationSet

from .labels import LIAR, bids_made, dice_text


def describe_view(info: InformationSet) -> str:
    """The game as ``info.seat`` sees it: its dice, the other's (``?`` until Liar), the bids, whose turn."""
    v, seat = info.to_dict()["view"], info.seat
    n = v["n_dice"]
    history = " ".join(info.action_label(a) for a in bids_made(v["bids"], n)) + (" Liar" if v["caller"] >= 0 else "")
    turn = f"player {info.current_player()} to act" if v["caller"] < 0 else "the game is over"
    return (f"Liar's Dice, player {seat}, {n} {'die' if n == 1 else 'dice'} each: your dice "
            f"{dice_text(v['dice'][seat])}, the other's {dice_text(v['dice'][1 - seat])}; bids: "
            f"{history.strip() or '-'}; {turn}")


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_BID = re.compile(r"(\d+)-(\d)")
_MATCHED = re.compile(r"(\d+) count \(sixes wild\)")


def _matched_words(m: re.Match) -> str:
    n = int(m.group(1))
    return f"{'no' if n == 0 else n} {'die matches' if n == 1 else 'dice match'} (sixes are wild)"


def bid_words(label: str) -> str:
    """A bid as a player says it, from its label: ``"2-5"`` is "two 5s", ``"1-6"`` "one 6".

    >>> bid_words("2-5"), bid_words("1-6"), bid_words("13-1")
    ('two 5s', 'one 6', '13 1s')
    """
    m = _BID.fullmatch(label)
    if not m:
        return label
    quantity, face = int(m.group(1)), m.group(2)
    count = _NUMBERS[quantity] if quantity < len(_NUMBERS) else str(quantity)
    return f"{count} {face}" + ("" if quantity == 1 else "s")


def action_words(label: str, names: Sequence[str], seat: int) -> str:
    """A legal action as its button says it: "bid two 5s", "call Liar".

    >>> action_words("2-5", [], 0), action_words("Liar", [], 0)
    ('bid two 5s', 'call Liar')
    """
    return "call Liar" if label == LIAR else "bid " + bid_words(label)


def narrate(seen: Observation, names: Sequence[str]) -> str:
    """A move in plain words: "seat 1 bids two 5s", "you call Liar on two 5s: seat 0 shows 2 5, ...; seat 0 wins"."""
    from deadeye.core.narrate import compose
    events = [_MATCHED.sub(_matched_words, re.sub(r"\bplayer (\d)", r"seat \1", _BID.sub(lambda m: bid_words(m.group(0)), e)))
              for e in seen.events]
    phrase = None if events or not seen.label else action_words(seen.label, names, seen.actor)
    return compose(seen, names, phrase, events)
