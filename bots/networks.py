"""Where a bot's network comes from: the weights shipped with deadeye for a game (``net=default``), or a folder that
``deadeye train`` wrote (``net=DIR``); each checked against the game and the encoding it was trained on."""
from __future__ import annotations

import hashlib
import os
import threading
from importlib import resources

import numpy as np

from deadeye.core.features import encoding_layout
from deadeye.search.network import Network, NetworkError

from .spec import option_values

DEFAULT = "default"
_CACHE: dict[tuple[str, str], Network] = {}
_LOCK = threading.Lock()


def shipped_folder(game: str) -> str:
    """The folder of the network shipped for ``game`` (``deadeye.bots.nets/<game>``, with ``_`` for ``-``, so
    that every folder is a valid package name for setuptools; it may not exist)."""
    return str(resources.files("deadeye.bots.nets").joinpath(game.replace("-", "_")))


def weights_digest(net: Network) -> str:
    """sha256 of the weights, array by array in name order: equal digests are equal weights, bit for bit."""
    h = hashlib.sha256()
    for name, array in sorted(net.arrays().items()):
        h.update(name.encode())
        h.update(np.ascontiguousarray(array, dtype="<f4").tobytes())
    return h.hexdigest()


def load_network(game: str, net: str = DEFAULT) -> Network:
    """The network ``net`` names for ``game``: ``default`` (shipped) or a folder.  ``NetworkError`` if there is
    none, or it was trained for another game or encoding.  Loaded once per process (weights are read-only)."""
    folder = shipped_folder(game) if net == DEFAULT else os.path.abspath(net)
    key = (game, folder)
    with _LOCK:
        if key not in _CACHE:
            if net == DEFAULT and not os.path.isdir(folder):
                raise NetworkError(f"deadeye ships no network for {game} yet: train one (deadeye train {game} "
                                   "--out DIR) and pass net=DIR")
            _CACHE[key] = Network.load(folder, game, encoding_layout(game).fingerprint())
        return _CACHE[key]


def check_value_scale(net: Network, win: float) -> None:
    """``NetworkError`` unless the network's values are rewards of a search with this ``win``: the value head learned
    its run's reward (docs/learning.md), and a value mixed into another search's rewards would be silently off
    scale.  A manifest that records no search (a network trained before the record) is taken as it is."""
    search = net.manifest.get("settings", {}).get("search")
    if search is None:
        return
    trained = float(option_values(search).get("win", 0.0))
    if trained != win:
        raise NetworkError(f"value=net: this network's values are rewards of a search with win={trained:g} (its "
                           f"manifest's search), not win={win:g}: give win={trained:g}, or train a network at "
                           f"win={win:g} (deadeye train --search win={win:g})")
