"""deadeye.protocol: the outermost layer: the MessagePack-RPC bot protocol (docs/protocol.md) and the command line.

``stream`` (bytes <-> MessagePack values) -> ``session`` (messages, ids, dispatch) -> ``server`` (the methods of
``deadeye serve``); ``client`` is the Python side of the same conversation; ``tables`` (games shared by several connections) and
``web`` (``deadeye web``: the same protocol over a WebSocket, with the page) sit beside ``server``.
"""
from .client import Client, EngineError, RemoteError

__all__ = ["Client", "EngineError", "RemoteError"]
