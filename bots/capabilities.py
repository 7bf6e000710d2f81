"""What a bot can do beyond ``choose(information_set, budget)``, declared by the bot itself.

The server, the arena and the CLI read these flags instead of testing a bot's class or probing its attributes, so a
new bot states once what it offers and every caller treats it right.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Capabilities:
    """``stoppable``: ``stop()`` from another thread ends a running choice at once with the best move so far.
    ``searches``: ``choose`` also takes ``info_callback`` and ``info_ms`` (progress reports), and after a choice
    ``last`` holds its ``SearchResult`` (the statistics the server reports).  ``needs_state``: the bot plays from the
    true state (``choose_with_state``), so it sees hidden information: the cheating bound, for experiments only.
    ``games``: the games it can play (None: every game), and ``games_note`` what they have in common (for the
    error that refuses another game before it starts: :meth:`refusal`).  ``stateful``: the bot follows one game
    from one seat (:class:`deadeye.bots.players.StatefulBot`): it is built per seat and game, told
    ``new_game(information_set)`` before the game's first action and ``observe(observation, information_set)``
    after each one, and its choices use that history."""

    stoppable: bool = False
    searches: bool = False
    needs_state: bool = False
    stateful: bool = False
    games: frozenset[str] | None = None
    games_note: str = ""

    def plays(self, game: str) -> bool:
        """Whether the bot can play ``game``.

        >>> Capabilities(games=frozenset({"hearts"})).plays("wyatt-earp"), Capabilities().plays("wyatt-earp")
        (False, True)
        """
        return self.games is None or game in self.games

    def refusal(self, bot: str, game: str) -> str:
        """Why the bot ``bot`` cannot play ``game``, for an error before the game starts; '' when it can.

        >>> Capabilities(games=frozenset({"hearts"}), games_note="games with a twin").refusal("os-ismcts", "bang")
        'os-ismcts cannot play bang: it plays only games with a twin: hearts'
        """
        if self.plays(game):
            return ""
        return f"{bot} cannot play {game}: it plays only {self.games_note or 'these games'}: " \
               f"{', '.join(sorted(self.games or ())) or 'none'}"


PLAIN = Capabilities()                                        # answers at once, from the information set alone
