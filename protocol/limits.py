"""What one client may cost the server: the size and shape of a message, the requests waiting, the search.

Every limit has a default here, ``deadeye serve`` flags raise the two a client may need more of
(``--max-message-bytes``, ``--max-nodes``), ``hello`` reports them all (its ``limits``), and docs/protocol.md ("Limits") says what the server
answers past each.  Why these shapes: decoding costs about 70 bytes of memory per input byte at worst (a message of
empty arrays), and a declared array or map length is allocated before its elements arrive, so the message size and
the lengths bound the memory of a message; the queue bounds bound the messages held at once.

``deadeye web`` serves many clients from one process, so what is shared has a timeout or a share per client: a
client is one connection, or one address for what several connections could pile up (issue 27).  Durations are
floats, in seconds (``_s``) or milliseconds (``_ms``), and only have to be positive (tests use small ones).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from deadeye.search.budget import MAX_ITERATIONS, MAX_TIME_MS
from deadeye.search.ismcts import MAX_NODES

MIB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    message_bytes: int = 1 * MIB      # one encoded message (and the unpacker's buffer)
    depth: int = 32                   # nesting of arrays and maps in a message (a message itself is level 1)
    array_len: int = 4096             # elements of one array
    map_len: int = 1024               # entries of one map
    str_len: int = 65536              # bytes of one string
    bin_len: int = 65536              # bytes of one binary value
    queue: int = 4096                 # requests read and waiting for their turn
    queue_bytes: int = 2 * MIB        # their encoded size together (at least two largest messages)
    busy_backlog: int = 1_000_000     # requests refused busy and waiting for that answer; past it reading pauses
    max_nodes: int = 2_000_000        # a search bot's node pool (about 48 bytes a node)
    games: int = 1024                 # games open at once
    bots_per_game: int = 16           # bots a game keeps between choices (the least recently used is dropped)
    particles: int = 256              # a following bot's particles (inference), each one state of at most 2 kB
    tables: int = 64                  # tables open at once (shared by every connection of one server)
    table_connections: int = 8        # connections bound to the seats of one table
    table_idle_s: float = 60.0        # a table no connection is bound to is closed after this long
    connections: int = 64             # WebSocket connections at once (deadeye web)
    address_connections: int = 32     # ... of them from one client address (its share)
    connection_tables: int = 8        # tables one connection holds (opened by it, or seated at) (its share)
    address_tables: int = 32          # tables the connections of one address hold together (its share)
    idle_s: float = 600.0             # a WebSocket with no seat at a game in play, silent this long, is closed
    head_timeout_s: float = 10.0      # a TCP connection's request head must arrive within this (deadeye web)
    address_sockets: int = 128        # TCP connections at once from one client address (deadeye web)
    send_timeout_s: float = 30.0      # a WebSocket client that takes no frame for this long is gone
    outbox_bytes: int = 4 * MIB       # frames written to one WebSocket and not yet taken; past it the client is gone
    kept_trees: int = 4               # search trees that bots with reuse=1 keep between choices, per connection
    ponders: int = 1                  # bot.ponder searches running at once, per connection
    ponder_ms: float = 30_000.0       # the longest ponder (its time budget, and the default one)
    iterations: int = MAX_ITERATIONS  # the largest iteration budget (spec or budget)
    time_ms: float = MAX_TIME_MS      # the longest time budget

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "float" and not value > 0:
                raise ValueError(f"limit {f.name} must be positive, not {value}")
            if f.type == "int" and not value >= 1:
                raise ValueError(f"limit {f.name} must be at least 1, not {value}")
        if self.queue_bytes < 2 * self.message_bytes:
            raise ValueError(f"queue_bytes must be at least twice message_bytes, not {self.queue_bytes}")
        if self.max_nodes > MAX_NODES:
            raise ValueError(f"max_nodes must be at most {MAX_NODES}, not {self.max_nodes}")

    def to_wire(self) -> dict:
        """``hello``'s ``limits``."""
        return {f.name: float(getattr(self, f.name)) if f.type == "float" else getattr(self, f.name)
                for f in fields(self)}


DEFAULT_LIMITS = Limits()
