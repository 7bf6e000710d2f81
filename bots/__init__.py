"""deadeye.bots: named, configurable players built on search."""
from .registry import Bot, BotSpec, BotSpecError, bot_names, make_bot, parse_spec

__all__ = ["Bot", "BotSpec", "BotSpecError", "bot_names", "make_bot", "parse_spec"]
