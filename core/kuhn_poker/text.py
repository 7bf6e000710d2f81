"""Plain-text rendering of what one Kuhn poker player sees (for the terminal and logs)."""
from __future__ import annotations

import re
from typing import Sequence

from deadeye.core.observation import Observation
from deadeye.core.state import GameState, InformationSet

from .labels import ACTION_NAMES, card_name


def describe_view(info: InformationSet) -> str:
    """The hand as ``info.seat`` sees it: both cards (the other's as ``?`` until a showdown), the betting."""
    v, seat = info.to_dict()["view"], info.seat
    bets = v["moves"][:v["n_moves"]]                  # the betting (moves and n_moves in the plain-dict form)
    betting = " ".join(ACTION_NAMES[b] for b in bets) or "-"
    turn = f"player {v['current']} to act" if v["current"] >= 0 else "the hand is over"
    return (f"Kuhn poker, player {seat}: your card {card_name(v['card'][seat])}, the other card "
            f"{card_name(v['card'][1 - seat])}; betting: {betting}; {turn}")


def narrate(seen: Observation, names: Sequence[str]) -> str:
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


CARD_WORDS = ("Jack", "Queen", "King")          # the cards as the page draws them (labels' J, Q, K)
_CARD_HELP = {
    "Jack": "the lowest card: it wins a showdown against nothing",
    "Queen": "the middle card: it beats the Jack and loses to the King",
    "King": "the highest card: it wins every showdown",
    "Pass": "check (put nothing in); facing a bet, fold: the other takes the pot without showing",
    "Bet": "put one more chip in the pot; facing a bet, call: the cards are shown",
}


def card_help() -> dict[str, str]:
    """What each card and each action means (docs/rules/kuhn-poker.md), by the name the page draws: the tooltips."""
    return dict(_CARD_HELP)


def score_breakdown(state: GameState, log: Sequence[tuple] | None = None) -> dict:
    """The hand by rule: each seat's card (only after a showdown: a folded card stays hidden), the chips it put in
    the pot (the ante and its bet), how the hand ended and the chips won or lost."""
    v = state.information_set(0).to_dict()["view"]
    moves = v["moves"][:v["n_moves"]]
    put = [1, 1]
    for i, m in enumerate(moves):
        put[i % 2] += m
    folded = any(moves[i] == 1 and moves[i + 1] == 0 for i in range(len(moves) - 1))
    won = state.game_returns()
    shown = not folded
    ending = "a fold" if folded else "a showdown"
    return {"head": ["card", "ante + bet", "chips won"],
            "rows": [[CARD_WORDS[v["card"][p]] if shown and 0 <= v["card"][p] < 3 else "not shown", put[p],
                      f"{int(won[p]):+d}"] for p in range(2)],
            "note": f"The hand ended with {ending}: the pot of {sum(put)} chips went to seat "
                    f"{max(range(2), key=lambda p: won[p])}" + ("; the higher card wins a showdown." if shown else
                                                                  "; a folded card is not shown.")}


def move_focus(seen: Observation) -> list[str]:
    """What the page lights for a move: the seat and its chip in the betting line."""
    return [f"seat:{seen.actor}", "betting:last"] if seen.actor >= 0 and seen.label in ("Pass", "Bet") else []
