"""Build concrete Hearts positions for rule tests: four named hands, a pass direction, then the moves.

>>> s = position(["3C", "2C", "", ""], pass_dir=0, fill=True)
>>> s.current_player(), label(s.hand(1)[0]), len(s.hand(3))
(1, '2C', 13)
"""
from __future__ import annotations

from deadeye.core.hearts import CARD_NAMES, HeartsState, from_openspiel_history, parse_card

LEFT, ACROSS, RIGHT = 1, 2, 3


def cards(text: str) -> list[int]:
    """Card ids of ``"2C QS 10h"``."""
    return [parse_card(word) for word in text.split()]


def label(card: int) -> str:
    return CARD_NAMES[card]


def deal_of(hands: list[str], fill: bool = False) -> list[int]:
    """OpenSpiel's 52 deal actions giving seat p the cards ``hands[p]`` (the i-th dealt card goes to seat i % 4).
    With ``fill``, the cards not named are shared out in ascending order to the seats that still need cards."""
    named = [cards(h) for h in hands]
    used = {c for h in named for c in h}
    if len(used) != sum(len(h) for h in named):
        raise ValueError("a card is named twice")
    rest = [c for c in range(52) if c not in used]
    if fill:
        for h in named:
            while len(h) < 13:
                h.append(rest.pop(0))
    if sorted(len(h) for h in named) != [13] * 4:
        raise ValueError(f"hands must hold 13 cards each, got {[len(h) for h in named]}")
    return [named[i % 4][i // 4] for i in range(52)]


def position(hands: list[str], pass_dir: int = 0, moves: str = "", fill: bool = False) -> HeartsState:
    """The state after dealing ``hands`` with ``pass_dir`` and playing ``moves`` (card labels, passes first)."""
    return from_openspiel_history([pass_dir] + deal_of(hands, fill) + cards(moves))


def play(state: HeartsState, moves: str) -> HeartsState:
    """Apply card labels in order (checked)."""
    for c in cards(moves):
        state.apply_action(c)
    return state


def legal(state: HeartsState) -> set[str]:
    return {label(a) for a in state.legal_actions()}
