"""deadeye.bots: named, configurable players built on search."""
from .registry import Bot, BotSpecError, make_bot, bot_names

__all__ = ["Bot", "BotSpecError", "make_bot", "bot_names"]
