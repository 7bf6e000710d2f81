"""The lowest layer of the protocol: bytes in, MessagePack values out, and back.

A stream has no framing of its own: values follow each other and a streaming unpacker cuts them apart, as pynvim's
``MsgpackStream`` does.  The unpacker is configured so that every well-formed MessagePack value decodes: maps with
keys Python cannot hash (arrays, maps) become ``UnhashableMap``, strings that are not UTF-8 keep their bytes as
surrogate escapes.  What still fails to decode is not MessagePack we can read (a reserved byte, a malformed
timestamp, nesting deeper than ``MAX_DEPTH``, a value longer than the stream's byte limit, an array, map, string or
binary longer than its length limit), and after such bytes the stream cannot be resynchronised: the caller gets
``StreamError`` and should end the conversation.  The server reads with the tight limits of ``protocol/limits.py``;
a client reads the server's answers with the generous defaults here.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, BinaryIO, Iterator

import msgpack

if TYPE_CHECKING:
    from .limits import Limits

MAX_MESSAGE_BYTES = 100 * 1024 * 1024   # without limits given: a value (and the unpacker's buffer) is at most this
MAX_DEPTH = 1024                        # msgpack-python's fixed nesting limit, named for the docs and tests
READ_CHUNK = 65536                      # bytes asked of the reader per call (a read returns what is available)


class StreamError(Exception):
    """Bytes that do not decode as MessagePack, or a stream that ended inside a value."""


class UnhashableMap(list):
    """A MessagePack map whose keys Python cannot hash, kept as its list of (key, value) pairs."""


class BadFrame:
    """Yielded in place of a value by a framed transport (one WebSocket frame, one message) for a frame that holds
    no single readable value: the frame's edges are known, so the session answers it (a ``protocol.error``
    notification with ``code``) and reads on, where a byte stream could not resynchronise."""

    def __init__(self, code: str, message: str) -> None:
        self.code, self.message = code, message


def _pairs(pairs: list) -> Any:
    try:
        return dict(pairs)
    except TypeError:
        return UnhashableMap(pairs)


def new_unpacker(limits: "Limits | None" = None) -> msgpack.Unpacker:
    """The streaming unpacker both ends use: any well-formed value within ``limits`` decodes, nothing is silently
    changed.  Without ``limits``, a value may be ``MAX_MESSAGE_BYTES`` long (msgpack bounds each length by that)."""
    bounds = {} if limits is None else {
        "max_array_len": limits.array_len, "max_map_len": limits.map_len, "max_str_len": limits.str_len,
        "max_bin_len": limits.bin_len, "max_ext_len": limits.bin_len}
    return msgpack.Unpacker(raw=False, strict_map_key=False, object_pairs_hook=_pairs,
                            unicode_errors="surrogateescape",
                            max_buffer_size=_buffer_bytes(limits), **bounds)


def _buffer_bytes(limits: "Limits | None") -> int:
    """The unpacker's buffer holds what is left of a value plus the chunk just read, so it may exceed the value
    limit by one chunk; a value's own size is checked as it is cut out (``MessageStream.__iter__``)."""
    return MAX_MESSAGE_BYTES if limits is None else limits.message_bytes + READ_CHUNK


def pack(value: Any) -> bytes:
    """One value as MessagePack (str as str, bytes as bin; text that is not valid Unicode is escaped, not sent)."""
    return msgpack.packb(value, use_bin_type=True, unicode_errors="backslashreplace")


def decode_all(data: bytes) -> list:
    """Every value in ``data``, strictly: trailing or malformed bytes raise ``StreamError`` (for tests and tools)."""
    unpacker = new_unpacker()
    unpacker.feed(data)
    values, end = [], 0
    while True:
        try:
            values.append(next(unpacker))
        except StopIteration:
            break
        except Exception as exc:
            raise StreamError(f"not MessagePack after byte {end}: {type(exc).__name__} {exc}".rstrip()) from None
        end = unpacker.tell()
    if end != len(data):
        raise StreamError(f"the data ends inside a value ({len(data) - end} bytes left over)")
    return values


class MessageStream:
    """Reads values from a binary reader and writes values to a binary writer; writes are thread-safe."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO, limits: "Limits | None" = None) -> None:
        self.limits = limits
        self.last_size = 0               # the encoded size of the value last yielded
        self._reader = reader
        self._read = getattr(reader, "read1", reader.read)
        self._writer = writer
        self._write_lock = threading.Lock()

    def __iter__(self) -> Iterator[Any]:
        """Each value as soon as its last byte has arrived; stops at a clean end of input.

        Raises ``StreamError`` for undecodable bytes and for input that ends inside a value."""
        unpacker = new_unpacker(self.limits)
        limit = MAX_MESSAGE_BYTES if self.limits is None else self.limits.message_bytes
        fed = 0          # bytes fed to the unpacker
        end = 0          # where the last complete value ended (tell() is exact only right after a value)
        while True:
            chunk = self._read(READ_CHUNK)
            if not chunk:
                if end != fed:
                    raise StreamError(f"the stream ended inside a value ({fed - end} bytes pending)")
                return
            try:
                unpacker.feed(chunk)
            except msgpack.BufferFull:
                raise StreamError(f"a value longer than {limit} bytes") from None
            fed += len(chunk)
            while True:
                try:
                    value = next(unpacker)
                except StopIteration:
                    break
                except Exception as exc:   # FormatError, StackError, over-long lengths, bad timestamps
                    raise StreamError(f"bytes that are not MessagePack near byte {unpacker.tell()}: "
                                      f"{type(exc).__name__} {exc}".rstrip()) from None
                self.last_size, end = unpacker.tell() - end, unpacker.tell()
                if self.last_size > limit:
                    raise StreamError(f"a value longer than {limit} bytes")
                yield value

    def write(self, value: Any) -> None:
        """Pack ``value`` and flush it as one piece (raises ``OSError`` when the other end is gone)."""
        data = memoryview(pack(value))
        with self._write_lock:
            while data:                          # a raw (unbuffered) writer may take only part of it
                written = self._writer.write(data)
                if written is None:
                    raise BlockingIOError("the writer is non-blocking; MessageStream needs a blocking one")
                data = data[written:]
            self._writer.flush()

    def close_writer(self) -> None:
        with self._write_lock:
            self._writer.close()
