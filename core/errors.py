"""The one small family of errors every game raises (python-chess habit: ``InvalidMoveError``/``IllegalMoveError``).

All are ``ValueError`` subclasses, so callers that only care about "bad input" catch one type.
"""
from __future__ import annotations


class GameError(ValueError):
    """Bad input to a game: the state that raised it is unchanged."""


class InvalidActionError(GameError):
    """The action is not an action of this game at all (an id out of range, a label that parses to nothing)."""


class IllegalActionError(GameError):
    """The action exists in this game but is not legal in this state."""


class InvalidStateError(GameError):
    """A dict that does not describe a valid state or information set of this game."""


class InconsistentInformationError(InvalidStateError):
    """No full state is consistent with an information set: only a view no game can produce gets here."""


class UnknownGameError(GameError):
    """No game is registered under that name, or the options do not fit it."""
