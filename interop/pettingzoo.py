"""Every deadeye game as a PettingZoo AEC environment (docs/interop.md; needs the extra ``rl``).

>>> from deadeye.interop.pettingzoo import env
>>> e = env("kuhn-poker")
>>> e.reset(seed=3)
>>> e.agent_selection, e.observe("seat_0")["observation"].shape, int(e.action_space("seat_0").n)
('seat_0', (11,), 2)

The rules of the environment:

- agents ``seat_0`` .. ``seat_{n-1}``, one per seat; ``agent_selection`` is the seat that must decide now, in turn
  or out of it (BANG!'s replies, Wyatt Earp's photo window): AEC's agent selection already lets any agent act next;
- an observation is ``{"observation": the seat's encoding, "action_mask": its legal mask}``: the float32 vector of
  ``InformationSet.encode()`` (docs/encodings.md, every value in [0, 1], nothing the seat cannot see) and the legal
  action ids as an ``int8`` mask over ``Discrete(num_actions)`` (int8 because ``Discrete.sample(mask)`` takes int8;
  all zeros for a seat not to move);
- rewards are 0 until the game ends, then the game's ``returns()`` (1 a win, 0 a loss, shared ranks split);
- ``reset(seed=s)`` plays the game ``new_game(game, players, seed=s, **options)``: the same seed and the same
  actions replay exactly; ``reset()`` without a seed draws the next game's seed from the generator of the last
  seeded reset (or from the operating system's entropy before any);
- an **illegal action** follows PettingZoo's ``TerminateIllegalWrapper``: the game ends at once, the offending
  agent's reward is -1 and the others' 0, and ``infos[agent]["illegal_move"]`` is True.  It never raises: any
  integer (``numpy`` integers too) is an action, legal or not; only a value that is no integer at all raises
  ``TypeError``;
- a game still running after ``max_moves`` actions (deadeye's arena limit, 20,000) is truncated: every agent's
  ``truncations`` is True and the rewards are 0;
- ``render_mode="ansi"``: ``render()`` returns the text view of the seat to move (``InformationSet.describe()``).
"""
from __future__ import annotations

import numbers
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from deadeye.bots.match import MAX_MOVES
from deadeye.core import game_info, new_game

__all__ = ["DeadeyeAECEnv", "env", "agent_name", "seat_of"]


def agent_name(seat: int) -> str:
    """The agent of ``seat``: ``seat_0``, ``seat_1``, ..."""
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    """The seat of an agent name (``seat_2`` -> 2); ``ValueError`` for another name."""
    prefix, _, number = str(agent).partition("_")
    if prefix != "seat" or not number.isdigit():
        raise ValueError(f"{agent!r:.40} is not an agent of a deadeye environment (seat_0, seat_1, ...)")
    return int(number)


class DeadeyeAECEnv(AECEnv):
    """A deadeye game as an AEC environment; build it with :func:`env`."""

    metadata = {"render_modes": ["ansi"], "name": "deadeye_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, max_moves: int = MAX_MOVES) -> None:
        super().__init__()
        info = game_info(game)                                # UnknownGameError for a game deadeye lacks
        players = info.min_players if players is None else players
        self.game, self.players, self.options = game, players, dict(options or {})
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r:.40}")
        if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 1:
            raise ValueError(f"max_moves must be a positive integer, not {max_moves!r:.40}")
        self.render_mode, self.max_moves = render_mode, max_moves
        probe = new_game(game, players=players, seed=0, **self.options)   # checks the seats and every option
        self.num_actions = type(probe).num_actions
        self.encoding_size = type(probe.information_set(0)).encoding_size()
        self.metadata = {**self.metadata, "name": f"deadeye_{game.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        box = spaces.Box(0.0, 1.0, (self.encoding_size,), np.float32)
        mask = spaces.Box(0, 1, (self.num_actions,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.game_state: Any = None              # the true deadeye state (a referee's or a test's, never an agent's)
        self.moves = 0
        self._seeds: np.random.Generator | None = None

    # --- spaces: the same object every call (PettingZoo seeds them) -------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the game ------------------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: ``seed`` is deadeye's game seed (the same seed, the same deal); ``options`` is accepted as
        PettingZoo's API has it and ignored: the game's options are the constructor's."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
                raise TypeError(f"seed must be an integer, not {seed!r:.40}")
            seed = int(seed)
            self._seeds = np.random.default_rng(seed & (2 ** 64 - 1))
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            seed = int(self._seeds.integers(0, 2 ** 63))
        self.seed_used = seed
        self.game_state = new_game(self.game, players=self.players, seed=seed, **self.options)
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.game_state.current_player())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat knows: its encoding and its legal mask (zeros unless it is to move)."""
        info = self.game_state.information_set(seat_of(agent))
        return {"observation": info.encode(), "action_mask": info.legal_mask().astype(np.int8)}

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``: see the module's rules for an illegal action and the game's end."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            raise TypeError(f"an action is an integer id of {self.game} (0..{self.num_actions - 1}), "
                            f"not {action!r:.40}")
        agent, action = self.agent_selection, int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        state = self.game_state
        if not 0 <= action < self.num_actions or action not in state.legal_actions():
            self.rewards[agent] = -1.0                            # PettingZoo's TerminateIllegalWrapper
            self.infos[agent] = {**self.infos[agent], "illegal_move": True}
            self.terminations = {a: True for a in self.agents}
        else:
            state.apply_action(action)
            self.moves += 1
            if state.is_terminal():
                self.rewards = {agent_name(s): float(r) for s, r in enumerate(state.returns())}
                self.terminations = {a: True for a in self.agents}
            elif self.moves >= self.max_moves:
                self.truncations = {a: True for a in self.agents}
            else:
                self.agent_selection = agent_name(state.current_player())
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text view of the seat to move (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: build the env with render_mode='ansi'")
            return None
        return self.game_state.information_set(seat_of(self.agent_selection)).describe()

    def close(self) -> None:
        """Nothing to release: the game is one Cython object."""


def env(game: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None, max_moves: int = MAX_MOVES) -> DeadeyeAECEnv:
    """The AEC environment of ``game`` for ``players`` seats (its least count by default) with these game
    ``options``; an unknown game, seat count or option raises a ``ValueError`` that says what it takes."""
    return DeadeyeAECEnv(game, players=players, options=options, render_mode=render_mode, max_moves=max_moves)
