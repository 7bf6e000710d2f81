"""Self-play for ``deadeye train``: one game of a search bot at every seat, recorded as training examples.

At each decision with a choice, the example is the mover's encoding and legal mask, the search's visit shares at the
root (the policy target) and, once the game is over, every seat's result counted from the mover (the value target).
The result is what the search backs up from a rollout that ends there: the game's search reward (``evaluate()`` of
the finished game, Hearts' ``1 - points / 26``), mixed with the share of the win as the bot's ``win`` setting says,
so that a leaf's value from the network and a rollout's reward measure the same thing and can be mixed.  (It is not
``returns()``, the contract's win share, which in Hearts and Kuhn poker is another quantity.)
The move played is the search's choice, or, for the first ``explore`` decisions of the game, drawn in proportion to
the visits, so that the games differ.  Every random choice flows from the task's seed, so a game replays exactly and
the examples do not depend on where, or in which order, the games were played.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from deadeye.core import game_info, new_game
from deadeye.search.ismcts import share_the_win

from .registry import make_bot
from .seeds import derive_seed


@dataclass(frozen=True)
class SelfPlayTask:
    """One self-play game: its index (examples are put in index order), the game, the bot spec of every seat."""

    index: int
    game: str
    players: int
    spec: str
    seed: int
    explore: int = 8          # the first decisions drawn in proportion to the visits
    max_moves: int = 20_000   # a game still running then is dropped (no result to learn from)


@dataclass
class Examples:
    """Training rows: encodings, legal masks, policy targets, value targets per seat counted from the mover, and
    which of those seats play.  The encodings are stored as float16 (exact for their 0/1 features)."""

    x: np.ndarray
    mask: np.ndarray
    policy: np.ndarray
    value: np.ndarray
    seats: np.ndarray

    def __len__(self) -> int:
        return len(self.x)

    @classmethod
    def concat(cls, parts: list["Examples"]) -> "Examples":
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("x", "mask", "policy", "value",
                                                                              "seats")))

    def save(self, path: str) -> None:
        np.savez_compressed(path, x=self.x, mask=self.mask, policy=self.policy, value=self.value, seats=self.seats)

    @classmethod
    def load(cls, path: str) -> "Examples":
        with np.load(path) as data:
            return cls(data["x"], data["mask"], data["policy"], data["value"], data["seats"])


def play_selfplay_game(task: SelfPlayTask) -> tuple[int, Examples | None, dict]:
    """(the task's index, its examples or None if the game did not end, what happened: moves, returns)."""
    state = new_game(task.game, players=task.players, seed=derive_seed(task.seed, "deal", bits=64))
    seats_max = game_info(task.game).max_players
    bots = [make_bot(task.spec, seed=derive_seed(task.seed, "seat", s)) for s in range(task.players)]
    rng = random.Random(derive_seed(task.seed, "explore"))
    rows: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]] = []
    decisions = 0
    for ply in range(task.max_moves):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        info = state.information_set(seat)
        bot = bots[seat]
        bot.reseed(derive_seed(task.seed, "move", ply))
        action = bot.choose(info)
        children = bot.last.children
        total = sum(c.visits for c in children)
        target = np.zeros(type(state).num_actions, dtype=np.float32)
        for c in children:
            target[c.action] = c.visits / total
        if decisions < task.explore and total:
            action = rng.choices([c.action for c in children], weights=[c.visits for c in children])[0]
        rows.append((info.encode(), info.legal_mask(), target, seat))
        decisions += 1
        state.apply_action(action)
    if not state.is_terminal():
        return task.index, None, {"moves": task.max_moves, "returns": None}
    returns = share_the_win(state.evaluate(), float(bots[0].settings(task.game, state.num_players())["win"]))
    n = len(rows)
    value = np.zeros((n, seats_max), dtype=np.float32)
    seats = np.zeros((n, seats_max), dtype=np.float32)
    for i, (_, _, _, seat) in enumerate(rows):
        for r in range(task.players):
            value[i, r] = returns[(seat + r) % task.players]
            seats[i, r] = 1.0
    examples = Examples(np.array([r[0] for r in rows], dtype=np.float16).reshape(n, -1),
                        np.array([r[1] for r in rows], dtype=bool).reshape(n, -1),
                        np.array([r[2] for r in rows], dtype=np.float32).reshape(n, -1), value, seats)
    return task.index, examples, {"moves": ply, "returns": state.returns()}
