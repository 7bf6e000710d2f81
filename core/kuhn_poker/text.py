"""Plain-text rendering of what one Kuhn poker player sees (for the terminal and logs)."""
from __future__ import annotations

import re

from deadeye.core.state import InformationSet

from .labels import ACTION_NAMES, card_name


def describe_view(info: InformationSet) -> str:
    """The hand as ``info.seat`` sees it: both cards (the other's as ``?`` until a showdown), the betting."""
    v, seat = info.to_dict()["view"], info.seat
    bets = v["moves"][:v["n_moves"]]                  # the betting (moves and n_moves in the plain-dict form)
    betting = " ".join(ACTION_NAMES[b] for b in bets) or "-"
    turn = f"player {v['current']} to act" if v["current"] >= 0 else "the hand is over"
    return (f"Kuhn poker, player {seat}: your card {card_name(v['card'][seat])}, the other card "
            f"{card_name(v['card'][1 - seat])}; betting: {betting}; {turn}")


def narrate(seen, names) -> str:
    """A move in plain words: "seat 1 bets", "you fold; seat 0 takes the pot", "showdown: seat 0 shows Q, seat 1
    shows J; seat 0 takes the pot"."""
    from deadeye.core.narrate import compose
    events = []
    for e in seen.events:
        e = e.replace("player ", "seat ")
        shown = re.match(r"showdown: (\w) against (\w); (.*)", e)
        if shown:
            e = f"showdown: seat 0 shows {shown.group(1)}, seat 1 shows {shown.group(2)}; {shown.group(3)}"
        events.append(e)
    folds = any("folds" in e for e in events)
    phrase = None if folds or not seen.label else seen.label.lower()
    return compose(seen, names, phrase, events)
