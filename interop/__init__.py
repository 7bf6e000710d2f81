"""deadeye's games where learning libraries live (issue 29, docs/interop.md).

- :mod:`deadeye.interop.pettingzoo`: ``env(game, players=..., options=...)``, a PettingZoo AEC environment of any
  registered game (the extra ``rl``);
- :mod:`deadeye.interop.openspiel`: every game registered as an OpenSpiel Python game, ``deadeye_<game>`` (the extra
  ``openspiel``);
- :mod:`deadeye.interop.arena`: the bots that bring them back into ``deadeye arena`` (OpenSpiel's Python IS-MCTS on
  every game, any PettingZoo-style policy), registered through the ``deadeye.bots`` entry point.

Layers: interop may import core, search and bots; nothing below imports interop (tests/test_layers.py).  Neither
PettingZoo nor OpenSpiel is imported before one of these modules is.
"""
