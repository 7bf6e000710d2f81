"""The games deadeye plays, each declared once with its player range and options (OpenSpiel's ``GameType`` habit)."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import GameError, UnknownGameError
from .options import GameOption, OptionError, check_options


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its name, how many may play, its options and where its state class lives."""

    name: str
    title: str
    min_players: int
    max_players: int
    module: str
    factory: str
    rules: str
    options: tuple[GameOption, ...] = field(default_factory=tuple)
    heuristic: str = ""          # "module:Class" of the game's rollout policy (a deadeye.core.state.Policy)
    feats: str = ""              # "module:function": a finished game's scores -> the feats in it, [(name, seat)]
                                 # (a moon shot in Hearts), which arena reports count by and against each bot

    def create(self, players: int, seed: int = 0, **options: Any):
        if not self.min_players <= players <= self.max_players:
            raise UnknownGameError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}")
        make: Callable = getattr(importlib.import_module(self.module), self.factory)
        options = check_options(self.name, self.options, options, players)
        try:
            return make(players=players, seed=seed, **options)
        except GameError:
            raise
        except ValueError as exc:        # the seats and each value are checked: the options do not go together
            raise OptionError(f"{self.name}: {exc}") from None


def _feats_function(name: str) -> Callable | None:
    found = game_info(name).feats
    if not found:
        return None
    module, _, function = found.partition(":")
    return getattr(importlib.import_module(module), function)


def game_feats(name: str, scores: list) -> list[tuple[str, int]]:
    """The feats of a finished game of ``name`` with these final ``scores``: ``[(feat, seat)]`` ([] for a game
    that declares none)."""
    function = _feats_function(name)
    return function(scores) if function is not None else []


def feat_names(name: str) -> tuple[str, ...]:
    """Every feat the game ``name`` reports (its feats function's ``names``)."""
    function = _feats_function(name)
    return tuple(function.names) if function is not None else ()


def seat_option(name: str, value: Any, players: int) -> int:
    """A seat given as a game option (a first dealer, a first player): the seat, or -1 for None (drawn from the seed).

    >>> seat_option("first_dealer", 2, 4), seat_option("first_dealer", None, 4)
    (2, -1)
    """
    if value is None:
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1} (or None), not {value!r}")
    return value


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    _GAMES[info.name] = info


def game_info(name: str) -> GameInfo:
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(sorted(_GAMES))}") from None


def game_of(obj: Any) -> GameInfo:
    """The game a state or information set belongs to."""
    module = type(obj).__module__
    for info in _GAMES.values():
        if module.startswith(info.module + ".") or module == info.module:
            return info
    raise UnknownGameError(f"{type(obj).__name__} belongs to no registered game")


def heuristic_policy(obj: Any):
    """The game's rule-based rollout policy for a state or information set (uniformly random if it has none)."""
    from .state import Policy

    spec = game_of(obj).heuristic
    if not spec:
        return Policy()
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)()


def rules_text(name: str) -> str:
    """The player rules of game ``name`` (``docs/rules/<name>.md``, installed as the package ``deadeye.rules``).

    >>> rules_text("kuhn-poker").splitlines()[0]
    '# Kuhn poker — how to play'
    """
    from importlib.resources import files

    game_info(name)
    return files("deadeye.rules").joinpath(f"{name}.md").read_text(encoding="utf-8")


def list_games() -> list[GameInfo]:
    """Every registered game, by name."""
    return [_GAMES[name] for name in sorted(_GAMES)]


def new_game(name: str, players: int, seed: int = 0, **options: Any):
    """The initial state of ``name`` for ``players`` seats; every random choice flows from ``seed``.

    >>> from deadeye.core import new_game
    >>> state = new_game("wyatt-earp", players=4, seed=1)
    >>> state.num_players(), state.is_terminal()
    (4, False)
    """
    return game_info(name).create(players, seed, **options)


register(GameInfo(
    name="wyatt-earp",
    title="Wyatt Earp",
    min_players=2,
    max_players=6,
    module="deadeye.core.wyatt_earp",
    factory="new_state",
    rules="../shared/rules/wyatt-earp.md",
    heuristic="deadeye.core.wyatt_earp.heuristic:WyattEarpHeuristic",
    options=(
        GameOption("first_dealer", None, "seat of the first dealer; None draws it from the seed (rules D4)",
                   "seat"),
    ),
))

register(GameInfo(
    name="hearts",
    title="Hearts (OpenSpiel's rules and action ids)",
    min_players=4,
    max_players=4,
    module="deadeye.core.hearts",
    factory="new_state",
    rules="open_spiel/games/hearts/hearts.h, default parameters (see core/hearts/state.pyx)",
    heuristic="deadeye.core.hearts.heuristic:HeartsHeuristic",
    feats="deadeye.core.hearts.text:feats",
))

register(GameInfo(
    name="colt-express",
    title="Colt Express",
    min_players=2,
    max_players=6,
    module="deadeye.core.colt_express",
    factory="new_state",
    rules="../shared/rules/colt-express.md",
    heuristic="deadeye.core.colt_express.heuristic:ColtExpressHeuristic",
    options=(
        GameOption("advanced", False, "the advanced deck rules: draw decks and discard piles, bullets on top of the "
                                      "deck, cards kept between rounds (rules 11; always on with 2 players)"),
        GameOption("variant", None, "None plays the rules' game for the player count; 'two-bandits' (2 players "
                                    "only, and what 2 players always play, D26) gives each player two bandits "
                                    "(rules 12)", "choice", choices=(None, "two-bandits")),
        GameOption("bandits", None, "each seat's bandits, seat 0 first (names or ids; two per seat with 2 "
                                    "players); None draws them from the seed (D30)", "names", high=12),
        GameOption("first_player", None, "seat of the first player of round 1; None draws it from the seed",
                   "seat"),
    ),
))

register(GameInfo(
    name="kuhn-poker",
    title="Kuhn poker (OpenSpiel's rules and action ids)",
    min_players=2,
    max_players=2,
    module="deadeye.core.kuhn_poker",
    factory="new_state",
    rules="open_spiel/games/kuhn_poker/kuhn_poker.h (see core/kuhn_poker/state.pyx)",
    heuristic="deadeye.core.kuhn_poker.heuristic:KuhnPokerHeuristic",
))

register(GameInfo(
    name="liars-dice",
    title="Liar's Dice (OpenSpiel's rules and action ids)",
    min_players=2,
    max_players=2,
    module="deadeye.core.liars_dice",
    factory="new_state",
    rules="open_spiel/games/liars_dice/liars_dice.cc (see core/liars_dice/state.pyx)",
    heuristic="deadeye.core.liars_dice.heuristic:LiarsDiceHeuristic",
    options=(
        GameOption("numdice", 1, "dice per player (OpenSpiel's numdice; 42 puts every bid id within deadeye's "
                                 "512 action ids)", "int", low=1, high=42),
    ),
))

register(GameInfo(
    name="way-out-west",
    title="Way Out West",
    min_players=2,
    max_players=5,
    module="deadeye.core.way_out_west",
    factory="new_state",
    rules="../shared/rules/way-out-west.md",
    heuristic="deadeye.core.way_out_west.heuristic:WayOutWestHeuristic",
    options=(
        GameOption("first_player", None, "seat of the first player (space 1 of the first turn order); None rolls "
                                         "for it with the seed's dice (rules 2.3)", "seat"),
    ),
))

register(GameInfo(
    name="bang",
    title="BANG!",
    min_players=4,
    max_players=7,
    module="deadeye.core.bang",
    factory="new_state",
    rules="../shared/rules/bang-gold-rush.md",
    heuristic="deadeye.core.bang.heuristic:BangHeuristic",
    options=(
        GameOption("gold_rush", True, "the Gold Rush expansion: nuggets, the equipment deck and row, its 8 "
                                      "characters (rules 8)"),
        GameOption("ghosts", False, "the Ghost Gunslinger variant with the Dark Renegade (rules 9)"),
    ),
))
