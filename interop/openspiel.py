"""Every deadeye game as an OpenSpiel Python game (docs/interop.md; needs the extra ``openspiel``).

Importing this module registers ``deadeye_<game>`` for every registered game (``deadeye_wyatt_earp``,
``deadeye_kuhn_poker``, ...) with ``pyspiel.register_game``, so ``pyspiel.load_game("deadeye_hearts")`` and every
OpenSpiel algorithm that takes a game see them:

>>> import pyspiel
>>> from deadeye.interop import openspiel
>>> game = pyspiel.load_game("deadeye_wyatt_earp", {"players": 3, "deals": 1000})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1000)
>>> state.apply_action(7)                      # the deal: new_game("wyatt-earp", players=3, seed=7)
>>> state.current_player() >= 0, len(state.information_state_tensor(0))
(True, 595)

Parameters: ``players`` (the game's least count by default), ``deals`` (below), and each of the game's options
(docs/architecture.md) under its own name: a seat option as an int, -1 for None (drawn from the seed); a choice as
its text, "" for None; names as one text separated by ``/`` (OpenSpiel's parameter strings split on commas).

**Chance.**  A deadeye state draws every chance outcome (shuffles, dice, "draw!") from a seeded generator inside it,
so the game is one explicit chance node at the start, whose outcome ``d`` in ``0 .. deals-1`` is the game seed
(``new_game(game, players, seed=d, **options)``), then deterministic given the actions.  Why: OpenSpiel's
algorithms accept an EXPLICIT_STOCHASTIC game whose chance nodes list their outcomes with probabilities; every
state is then its ``history()`` replayed, which is what OpenSpiel's serialisation (``serialize_game_and_state``)
and ``random_sim_test`` rely on; and the deadeye rules never need to expose each shuffle as OpenSpiel actions.
``deals`` (default 2**16) is how many deals the game has: a sampling learner (MCCFR, RL, IS-MCTS) rarely meets the
same deal twice in a run of fewer episodes, while ``chance_outcomes()`` stays a list a Python algorithm builds in
about 0.08 s (2**20 take ten times longer); an algorithm that walks every chance outcome (CFR, expectiminimax) walks every deal, so give it a
small ``deals`` (the rules' deal space is far too large for those on every game but Kuhn poker anyway).
``SAMPLED_STOCHASTIC`` with a seed was the alternative: OpenSpiel's serialisation of such games carries the RNG
state, which a Python game cannot give it, so a history would not replay.

Kuhn poker is the exception: its chance nodes are OpenSpiel's ``kuhn_poker``'s exactly (player 0's card out of
three, then player 1's out of the two left), its returns are chips (``game_returns()``: -2 .. 2, zero-sum), and its
information state tensor is deadeye's encoding, which is laid out as OpenSpiel's; so CFR on ``deadeye_kuhn_poker``
walks the same tree as on the native game and reaches the same exploitability (tests/test_interop_openspiel.py).

**Observations.**  ``information_state_tensor(p)`` is ``InformationSet.encode()`` of seat p (docs/encodings.md);
``observation_tensor`` is the same vector.  ``information_state_string(p)`` names seat p's information set exactly:
its seat and its view's bytes in hex (two states give one string exactly when deadeye's information sets are
equal, which is what IS-MCTS keys its tree by); ``observation_string(p)`` is the seat's text view
(``InformationSet.describe()``).  The information state is deadeye's: everything the seat knows that matters for
play, which is perfect recall for Kuhn poker but not always elsewhere (two orders of the same public moves may give
one information set).  Rewards come at the end only (``returns()``: 1 a win, 0 a loss, shared ranks split; Kuhn
poker's chips); a game still running after 20,000 actions (the arena's limit) ends with zeros.
"""
from __future__ import annotations

import numbers
from typing import Any

import numpy as np
import pyspiel

from deadeye.bots.match import MAX_MOVES
from deadeye.core import game_info, list_games, new_game
from deadeye.core.options import GameOption

__all__ = ["DEFAULT_DEALS", "DeadeyeGame", "DeadeyeState", "game_name", "load_game", "deadeye_game_of"]

DEFAULT_DEALS = 2 ** 16
MAX_DEALS = 2 ** 31 - 1
KUHN = "kuhn-poker"
KUHN_CARDS = 3


def game_name(game: str) -> str:
    """OpenSpiel's name for the deadeye game ``game``.

    >>> game_name("wyatt-earp")
    'deadeye_wyatt_earp'
    """
    game_info(game)
    return "deadeye_" + game.replace("-", "_")


def deadeye_game_of(name: str) -> str:
    """The deadeye game of an OpenSpiel name (``deadeye_colt_express`` -> ``colt-express``)."""
    for info in list_games():
        if game_name(info.name) == name:
            return info.name
    raise ValueError(f"{name!r:.60} is not a deadeye game in OpenSpiel; games: "
                     f"{', '.join(game_name(i.name) for i in list_games())}")


# --- options as OpenSpiel parameters ---------------------------------------------------------------------------------

def _parameter_default(option: GameOption) -> Any:
    if option.kind == "bool":
        return bool(option.default)
    if option.kind in ("int", "seat"):
        return -1 if option.default is None else int(option.default)
    if option.kind == "names":
        return "" if option.default is None else "/".join(map(str, option.default))
    return "" if option.default is None else str(option.default)


def _option_value(option: GameOption, value: Any) -> Any:
    """The deadeye value of an OpenSpiel parameter (checked by the game itself afterwards)."""
    if option.kind == "seat":
        return None if value == -1 else value
    if option.kind == "names":
        return None if value == "" else [v for v in str(value).split("/") if v]
    if option.kind == "choice":
        return next((c for c in option.choices if (c is None and value == "") or c == value), value)
    return value


def _game_type(game: str) -> Any:
    info = game_info(game)
    parameters: dict[str, Any] = {"players": info.min_players}
    if game != KUHN:
        parameters["deals"] = DEFAULT_DEALS
    for option in info.options:
        parameters[option.name] = _parameter_default(option)
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=f"deadeye {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if game == KUHN else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters)


# --- the game --------------------------------------------------------------------------------------------------------

class DeadeyeGame(pyspiel.Game):
    """A deadeye game with its player count and options, as OpenSpiel sees it (a subclass per game, ``GAME`` its
    deadeye name, is what ``pyspiel.register_game`` holds)."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = type(self).GAME
        info = game_info(game)
        game_type = _GAME_TYPES[game]
        given = dict(params or {})
        unknown = sorted(set(given) - set(game_type.parameter_specification))
        if unknown:
            raise ValueError(f"{game_name(game)} has no parameter {', '.join(unknown)}; parameters: "
                             f"{', '.join(game_type.parameter_specification)}")
        full = {**game_type.parameter_specification, **given}
        players = full["players"]
        if isinstance(players, bool) or not isinstance(players, numbers.Integral):
            raise ValueError(f"players must be an integer, not {players!r:.40}")
        self.deadeye_game, self.players = game, int(players)
        self.options = {o.name: _option_value(o, full[o.name]) for o in info.options}
        if game == KUHN:
            self.deals = KUHN_CARDS
        else:
            deals = full["deals"]
            if isinstance(deals, bool) or not isinstance(deals, numbers.Integral) or not 1 <= deals <= MAX_DEALS:
                raise ValueError(f"deals must be an integer from 1 to {MAX_DEALS}, not {deals!r:.40}")
            self.deals = int(deals)
        probe = new_game(game, players=self.players, seed=0, **self.options)   # the seats and options, checked
        self.num_actions = type(probe).num_actions
        self.info_class = type(probe.information_set(0))
        self.spec = GameSpec(game, self.players, self.options, self.deals, self.info_class)
        kuhn = game == KUHN
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=self.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-2.0 if kuhn else 0.0,
            max_utility=2.0 if kuhn else 1.0,
            utility_sum=0.0 if kuhn else None,
            max_game_length=3 if kuhn else MAX_MOVES), full)

    def new_initial_state(self) -> "DeadeyeState":
        """The chance node of the deal (Kuhn poker: of player 0's card)."""
        return DeadeyeState(self)

    def state_of(self, state: Any) -> "DeadeyeState":
        """An OpenSpiel state around a deadeye state of this game (a determinisation, say), after its deal: its
        ``history()`` is empty, since no deal seed gives it; it plays, observes and resamples like any other."""
        if type(state) is not self.info_class.state_class:
            raise ValueError(f"{type(state).__name__} is not a state of {self.deadeye_game}")
        out = DeadeyeState(self)
        out.deadeye_state = state
        return out

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "DeadeyeObserver":
        """The information state (perfect_recall) or the observation: the same tensor, strings of two kinds."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return DeadeyeObserver(self, key_string=perfect_recall)


class GameSpec:
    """What a state needs of its game, as a plain object: OpenSpiel clones a Python state with ``copy.deepcopy``,
    which would rebuild a ``pyspiel.Game`` held by the state without its Python attributes; this one copies as
    itself."""

    def __init__(self, game: str, players: int, options: dict, deals: int, info_class: type) -> None:
        self.deadeye_game, self.players, self.options, self.deals = game, players, options, deals
        self.info_class = info_class

    def __deepcopy__(self, memo: dict) -> "GameSpec":
        return self


class DeadeyeState(pyspiel.State):
    """An OpenSpiel state: the deal's chance node, then a deadeye state (``deadeye_state``) played by id."""

    def __init__(self, game: DeadeyeGame) -> None:
        super().__init__(game)
        self.spec = game.spec
        self.deadeye_state: Any = None
        self.cards: list[int] = []          # Kuhn poker: the cards dealt so far
        self.moves = 0

    # --- chance -----------------------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.deadeye_state is None:
            return pyspiel.PlayerId.CHANCE
        if self.deadeye_state.is_terminal() or self.moves >= MAX_MOVES:
            return pyspiel.PlayerId.TERMINAL
        return self.deadeye_state.current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Kuhn poker: the cards left, uniformly; any other game: every deal seed, uniformly."""
        if self.deadeye_state is not None:
            raise ValueError("chance_outcomes: this is not a chance node")
        if self.spec.deadeye_game == KUHN:
            left = [c for c in range(KUHN_CARDS) if c not in self.cards]
            return [(c, 1.0 / len(left)) for c in left]
        p = 1.0 / self.spec.deals
        return [(d, p) for d in range(self.spec.deals)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.deadeye_state is None or player != self.current_player():
            return []
        return self.deadeye_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self.deadeye_state is None:
            self._deal(action)
            return
        self.deadeye_state.apply_action(action)     # checked: an illegal id raises and leaves the state untouched
        self.moves += 1

    def _deal(self, outcome: int) -> None:
        spec = self.spec
        if spec.deadeye_game == KUHN:
            from deadeye.core.kuhn_poker import from_openspiel_history

            if outcome not in [c for c, _ in self.chance_outcomes()]:
                raise ValueError(f"card {outcome} is not a chance outcome here")
            self.cards.append(outcome)
            if len(self.cards) == 2:
                self.deadeye_state = from_openspiel_history(self.cards)
            return
        if not 0 <= outcome < spec.deals:
            raise ValueError(f"deal {outcome} is not a chance outcome (0..{spec.deals - 1})")
        self.deadeye_state = new_game(spec.deadeye_game, players=spec.players, seed=outcome, **spec.options)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{action}"
        if self.deadeye_state is None:
            return str(action)
        return self.deadeye_state.action_label(action)

    # --- the end ----------------------------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.deadeye_state is not None and (self.deadeye_state.is_terminal() or self.moves >= MAX_MOVES)

    def returns(self) -> list[float]:
        """Zeros until the end; then the game's ``returns()`` (Kuhn poker: its chips, ``game_returns()``)."""
        state = self.deadeye_state
        if state is None or not state.is_terminal():
            return [0.0] * self.spec.players
        values = state.game_returns() if self.spec.deadeye_game == KUHN else state.returns()
        return [float(v) for v in values]

    # --- for IS-MCTS ------------------------------------------------------------------------------------------------
    def information_set(self, player: int) -> Any:
        """Seat ``player``'s deadeye information set (None at the deal)."""
        return None if self.deadeye_state is None else self.deadeye_state.information_set(player)

    def resample(self, player: int, seed: int) -> "DeadeyeState":
        """A state that seat ``player`` cannot tell from this one, drawn from ``seed`` (``InformationSet.sample``:
        the hidden cards and the future chance both fresh): the resampler OpenSpiel's IS-MCTS asks for."""
        if self.deadeye_state is None:
            raise ValueError("resample: the deal is not done yet")
        out = self.get_game().state_of(self.deadeye_state.information_set(player).sample(seed))
        out.moves = self.moves
        return out

    def __str__(self) -> str:
        if self.deadeye_state is None:
            return f"{self.spec.deadeye_game}: dealing {self.cards}"
        return repr(self.deadeye_state)


class DeadeyeObserver:
    """OpenSpiel's PyObserver: ``tensor`` (and ``dict``, its named features) from ``set_from``, and strings."""

    def __init__(self, game: DeadeyeGame, key_string: bool) -> None:
        self.key_string = key_string
        self.tensor = np.zeros(game.info_class.encoding_size(), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for feature in game.info_class.features:
            self.dict[feature.name] = self.tensor[at:at + feature.size]
            at += feature.size

    def set_from(self, state: DeadeyeState, player: int) -> None:
        """The encoding of seat ``player``'s information set (zeros at the deal)."""
        info = state.information_set(player)
        if info is None:
            self.tensor.fill(0)
        else:
            info.encode(out=self.tensor)

    def string_from(self, state: DeadeyeState, player: int) -> str:
        """The exact key of the seat's information set, or (observation) its text view."""
        info = state.information_set(player)
        if info is None:
            return f"p{player} dealing {len(state.cards)}" if state.cards else f"p{player} dealing"
        if self.key_string:
            return f"p{player} {info.to_bytes().hex()}"
        return info.describe()


# --- registration ----------------------------------------------------------------------------------------------------

_GAME_TYPES: dict[str, Any] = {}
GAME_CLASSES: dict[str, type] = {}     # OpenSpiel's registry holds these until the process ends


def _register() -> None:
    """Register a ``DeadeyeGame`` subclass per game.  A class, not a function: OpenSpiel's C++ registry releases its
    constructors after Python has shut down, which aborts the process for a plain function or lambda (seen with
    open_spiel 2.0.2: "PyThreadState_Get: the function must be called with the GIL held"); classes are still alive
    then, as OpenSpiel's own Python games rely on."""
    registered = set(pyspiel.registered_names())
    for info in list_games():
        _GAME_TYPES[info.name] = game_type = _game_type(info.name)
        if game_type.short_name in registered:
            continue
        cls = type("Deadeye" + info.title.split(" (")[0].replace(" ", "").replace("!", "") + "Game", (DeadeyeGame,),
                   {"GAME": info.name, "__module__": __name__})
        GAME_CLASSES[info.name] = cls
        pyspiel.register_game(game_type, cls)


def load_game(game: str, players: int | None = None, **parameters: Any) -> DeadeyeGame:
    """``pyspiel.load_game`` of the deadeye game ``game`` (``players`` and the other parameters as keywords).

    >>> load_game("kuhn-poker").num_players()
    2
    """
    if players is not None:
        parameters["players"] = players
    return pyspiel.load_game(game_name(game), parameters)


_register()
