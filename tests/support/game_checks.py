"""The checks every game must pass (OpenSpiel's ``basic_tests`` habit, one step further: every seat's sample must give
that seat back exactly the information set it was drawn from).

``tests/test_game_contract.py`` runs them over every registered game; ``setups(info)`` names the configurations a
game is checked in, ``positions(setup, ...)`` the states along seeded random games, and each ``check_*`` function one
part of the contract on one state.  ``check_random_games`` plays whole games with every check at every step;
``sample_random_games`` plays more of them cheaply: every seat samples at every decision, and the default bots move
at some (a seat whose information set no state fits cannot move at all: issue 27 item 8).
"""
from __future__ import annotations

import copy
import pickle
import random
from dataclasses import dataclass, field
from typing import Any, Callable

import msgpack

from deadeye.core import GameInfo, GameState, new_game
from deadeye.core.errors import InconsistentInformationError


@dataclass(frozen=True)
class Setup:
    """One configuration of a game: a player count and the options given to ``new_game``."""

    game: str
    players: int
    options: dict = field(default_factory=dict, hash=False)

    def new(self, seed: int) -> GameState:
        return new_game(self.game, players=self.players, seed=seed, **self.options)

    def __str__(self) -> str:
        return f"{self.game} {self.players}p" + "".join(f" {k}={v!r}" for k, v in self.options.items())


def setups(info: GameInfo) -> list[Setup]:
    """Every player count with the default options, then each other value of each option (``values()``: both
    booleans, a range's ends, no seat and the first and last seat, every choice) once, at the first player count
    from a rotating start that the game accepts it with (Colt Express's two-bandits variant is for 2 players)."""
    counts = list(range(info.min_players, info.max_players + 1))
    out = [Setup(info.name, players) for players in counts]
    for option in info.options:
        for k in range(len(option.values(counts[0]))):
            start = (len(out) - len(counts) + 1) % len(counts)
            for players in counts[start:] + counts[:start]:
                value = option.values(players)[k]
                if value == option.default and type(value) is type(option.default):
                    break
                setup = Setup(info.name, players, {option.name: value})
                try:
                    setup.new(0)
                except ValueError:
                    continue
                out.append(setup)
                break
            else:
                raise AssertionError(f"{info.name}: option {option.name}'s value {k} is refused at every player count")
    return out


def typical_players(info: GameInfo) -> int:
    """The player count a game is benchmarked and recorded at: four where it can be, else the nearest it allows."""
    return min(max(4, info.min_players), info.max_players)


def positions(setup: Setup, games: int, seed: int, every: int = 1, max_actions: int = 20000) -> list[GameState]:
    """Every ``every``-th non-terminal state of ``games`` seeded random games of ``setup``, and their ends."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        state = setup.new(seed * 1009 + g)
        for step in range(max_actions):
            if state.is_terminal():
                break
            if step % every == 0:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            raise AssertionError(f"{setup}, seed {seed * 1009 + g}: no end within {max_actions} actions")
        out.append(state)
    return out


def normalised(label: str) -> str:
    """A label as the protocol matches it: case, surrounding and repeated spaces ignored."""
    return " ".join(label.split()).lower()


# ------------------------------------------------------------------------------------------------ one state

def check_state_class(cls: type, game: str) -> None:
    """The class attributes a game's state declares itself (docs/architecture.md, "Adding a game", step 3): its
    registry name, the layout of its data block and ``num_actions``.  The base class declares no ``num_actions``:
    a game that forgot it would refuse every id as invalid, and fails here, named."""
    from deadeye.core.state import MAX_ACTIONS

    name = cls.__name__
    assert cls.game == game, f"{game}: {name}.game is {cls.game!r}, not the registry name"
    assert cls.layout, f"{game}: {name} declares no layout (declare_layout over its data block)"
    assert 0 < cls.num_actions <= MAX_ACTIONS, (
        f"{game}: {name} declares no num_actions (its action ids are 0 .. num_actions - 1, at most {MAX_ACTIONS})"
        if cls.num_actions <= 0 else f"{game}: {name}.num_actions = {cls.num_actions} is above {MAX_ACTIONS}")


def check_turn(state: GameState) -> None:
    """A running game has a seat to move with unique, ascending actions; a finished one has neither."""
    n, seat, legal = state.num_players(), state.current_player(), state.legal_actions()
    if state.is_terminal():
        assert seat == -1 and legal == [], f"a finished game offers seat {seat} actions {legal}"
        return
    assert 0 <= seat < n, f"current player {seat} out of range"
    assert legal, "a non-terminal state must offer its current player an action"
    assert legal == sorted(set(legal)), "legal actions must be unique and ascending"


def check_copies(state: GameState) -> None:
    """clone, copy, pickle and to_bytes give equal, independent states."""
    before = state.to_bytes()
    for twin in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                 type(state).from_bytes(state.to_bytes())):
        assert type(twin) is type(state) and twin is not state
        assert twin == state and hash(twin) == hash(state) and twin.to_bytes() == before
        if not twin.is_terminal():
            twin.apply_action(twin.legal_actions()[0])
            assert state.to_bytes() == before, "playing on a copy changed the original"


def check_dicts(state: GameState) -> None:
    """The plain forms of the state and of every seat's information set survive MessagePack and come back equal."""
    wire = msgpack.unpackb(msgpack.packb(state.to_dict()))
    assert type(state).from_dict(wire) == state
    for p in range(state.num_players()):
        info = state.information_set(p)
        wire = msgpack.unpackb(msgpack.packb(info.to_dict()))
        back = type(info).from_dict(wire)
        assert back == info and hash(back) == hash(info), f"seat {p}'s information set does not round-trip"


def check_labels(state: GameState) -> None:
    """Labels are distinct among the legal actions (under the protocol's matching), never all digits, and parse
    back to their action; the seat to move reads the same labels from its information set."""
    legal = state.legal_actions()
    labels = [state.action_label(a) for a in legal]
    assert len({normalised(t) for t in labels}) == len(labels), f"labels not unique: {labels}"
    for a, label in zip(legal, labels):
        assert label and not label.strip().isdigit(), f"action {a} has the label {label!r}"
        assert state.parse_action(label) == a, f"{label!r} does not parse back to {a}"
        assert state.parse_action(f"  {label.upper()} ") == a, f"{label!r} in capitals does not parse back"
    if legal:
        info = state.information_set(state.current_player())
        assert [info.action_label(a) for a in legal] == labels, "the information set labels the actions otherwise"


def check_information_sets(state: GameState, rng: random.Random) -> None:
    """The seat to move sees its exact options; each seat's sample gives it back its own information set, and the
    sample of the seat to move offers the same actions; so the state passes ``check_information`` (a reached state is
    never refused by ``game.load``)."""
    seat, legal = state.current_player(), state.legal_actions()
    for p in range(state.num_players()):
        info = state.information_set(p)
        assert info.seat == p
        if p == seat:
            assert info.current_player() == seat and info.legal_actions() == legal
        if state.is_terminal():
            assert info.current_player() == -1 and info.legal_actions() == []
        sample = info.sample(seed=rng.getrandbits(63))
        assert sample.information_set(p) == info, f"seat {p}'s sample does not reproduce its information set"
        assert sample.validate() == "", f"seat {p}'s sample is impossible: {sample.validate()}"
        if p == seat:
            assert sample.current_player() == seat and sample.legal_actions() == legal
    problem = state.check_information(seed=rng.getrandbits(32))          # what game.load asks of a given state
    assert problem == "", f"a state the game reached fails check_information: {problem}"


def check_every_seat_samples(state: GameState, rng: random.Random) -> None:
    """Every seat's information set has a sample: a seat whose view no state fits cannot move (the heuristic and
    every search bot sample it), and whichever seat moves next must.  One sample each, nothing compared (the cheap
    part of ``check_information_sets``, for every decision of many games)."""
    for p in range(state.num_players()):
        info = state.information_set(p)
        try:
            info.sample(seed=rng.getrandbits(63))
        except InconsistentInformationError as exc:
            raise AssertionError(f"seat {p}'s information set has no sample: {exc}") from None


DEFAULT_BOTS = ("heuristic", "ismcts:iterations=20")    # bots that must be able to move at every decision


def check_bots_move(state: GameState, bots: dict, rng: random.Random) -> None:
    """Each bot (``{spec: bot}``), asked for a move from the information set of the seat to move, gives a legal one."""
    seat, legal = state.current_player(), state.legal_actions()
    info = state.information_set(seat)
    for spec, bot in bots.items():
        bot.reseed(rng.getrandbits(63))
        try:
            action = bot.choose(info)
        except InconsistentInformationError as exc:
            raise AssertionError(f"{spec} cannot move for seat {seat}: {exc}") from None
        assert action in legal, f"{spec} chose {action} for seat {seat}, not one of {legal}"


def sample_random_games(make_state: Callable[[int], Any], games: int, seed: int, bots: tuple = DEFAULT_BOTS,
                        bots_every: int = 25, max_actions: int = 20000) -> int:
    """Play ``games`` seeded random games: at every decision every seat's information set has a sample
    (``check_every_seat_samples``), and at the first and every ``bots_every``-th decision each of ``bots`` (specs)
    moves from the mover's (``check_bots_move``).  A failure names the game's seed and the decision.  Returns the
    number of actions played."""
    from deadeye.bots.registry import make_bot

    rng = random.Random(seed)
    players = {spec: make_bot(spec, seed=seed) for spec in bots}
    total = 0
    for g in range(games):
        game_seed = seed * 100003 + g
        state, actions = make_state(game_seed), 0
        while not state.is_terminal():
            try:
                check_every_seat_samples(state, rng)
                if players and actions % bots_every == 0:
                    check_bots_move(state, players, rng)
            except AssertionError as exc:
                raise AssertionError(f"game seed {game_seed}, decision {actions}: {exc}") from None
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            assert actions <= max_actions, f"game seed {game_seed} did not end within {max_actions} actions"
        total += actions
    return total


def check_state(state: GameState, rng: random.Random) -> None:
    """Every contract check on one state."""
    check_turn(state)
    check_copies(state)
    check_dicts(state)
    check_labels(state)
    check_information_sets(state, rng)


def check_returns(state: GameState) -> None:
    """A finished game: one result per seat, each in [0, 1], and one score per seat."""
    returns = state.returns()
    assert len(returns) == state.num_players() and all(0.0 <= r <= 1.0 for r in returns), returns
    assert len(state.game_returns()) == state.num_players()


def check_random_games(make_state: Callable[[int], Any], games: int, seed: int, max_actions: int = 20000,
                       full_every: int = 1) -> int:
    """Play ``games`` random games; every running state passes ``check_state`` (every ``full_every``-th action, and
    ``check_every_seat_samples`` at the others), a clone played alongside with the same actions stays equal, and
    every game ends with returns in [0, 1].  Returns the number of actions played."""
    rng = random.Random(seed)
    total = 0
    for g in range(games):
        state = make_state(seed * 100003 + g)
        twin = state.clone()
        actions = 0
        while not state.is_terminal():
            if actions % full_every == 0:
                check_state(state, rng)
            else:
                check_every_seat_samples(state, rng)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            twin.apply_action(action)
            actions += 1
            assert actions <= max_actions, f"game {g} did not end within {max_actions} actions"
        assert twin == state, "a clone did not evolve identically to its original"
        check_turn(state)
        check_copies(state)
        check_returns(state)
        total += actions
    return total
