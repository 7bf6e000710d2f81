"""deadeye.core: the rules of each game and the state contract they share.  Knows nothing of search."""
from .errors import (GameError, IllegalActionError, InvalidActionError, InvalidStateError,
                     UnknownGameError)
from .registry import GameInfo, GameOption, game_info, list_games, new_game, rules_text
from .state import GameState, InformationSet

__all__ = [
    "GameError", "IllegalActionError", "InvalidActionError", "InvalidStateError", "UnknownGameError",
    "GameInfo", "GameOption", "game_info", "list_games", "new_game", "rules_text", "GameState", "InformationSet",
]
