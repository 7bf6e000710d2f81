"""The rules of each game written for players, one Markdown file per registered game; shipped as package
data so that ``deadeye.core.rules_text(game)`` and ``deadeye play``'s ``rules`` find them in any install."""
