"""The lowest layer of the protocol: bytes in, MessagePack values out, and back.

A stream has no framing of its own: values follow each other and a streaming unpacker cuts them apart, as pynvim's
``MsgpackStream`` does.  The unpacker is configured so that every well-formed MessagePack value decodes: maps with
keys Python cannot hash (arrays, maps) become ``UnhashableMap``, strings that are not UTF-8 keep their bytes as
surrogate escapes.  What still fails to decode is not MessagePack we can read (a reserved byte, a malformed
timestamp, nesting deeper than ``MAX_DEPTH``, a value longer than ``MAX_MESSAGE_BYTES``), and after such bytes the
stream cannot be resynchronised: the caller gets ``StreamError`` and should end the conversation.
"""
from __future__ import annotations

import threading
from typing import Any, BinaryIO, Iterator

import msgpack

MAX_MESSAGE_BYTES = 100 * 1024 * 1024   # a value (and the unpacker's buffer) may not be longer than this
MAX_DEPTH = 1024                        # msgpack-python's fixed nesting limit, named for the docs and tests
READ_CHUNK = 65536                      # bytes asked of the reader per call (a read returns what is available)


class StreamError(Exception):
    """Bytes that do not decode as MessagePack, or a stream that ended inside a value."""


class UnhashableMap(list):
    """A MessagePack map whose keys Python cannot hash, kept as its list of (key, value) pairs."""


def _pairs(pairs: list) -> Any:
    try:
        return dict(pairs)
    except TypeError:
        return UnhashableMap(pairs)


def new_unpacker() -> msgpack.Unpacker:
    """The streaming unpacker both ends use: any well-formed value decodes, nothing is silently changed."""
    return msgpack.Unpacker(raw=False, strict_map_key=False, object_pairs_hook=_pairs,
                            unicode_errors="surrogateescape", max_buffer_size=MAX_MESSAGE_BYTES)


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

    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self._reader = reader
        self._read = getattr(reader, "read1", reader.read)
        self._writer = writer
        self._write_lock = threading.Lock()

    def __iter__(self) -> Iterator[Any]:
        """Each value as soon as its last byte has arrived; stops at a clean end of input.

        Raises ``StreamError`` for undecodable bytes and for input that ends inside a value."""
        unpacker = new_unpacker()
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
                raise StreamError(f"a value longer than {MAX_MESSAGE_BYTES} bytes") from None
            fed += len(chunk)
            while True:
                try:
                    value = next(unpacker)
                except StopIteration:
                    break
                except Exception as exc:   # FormatError, StackError, over-long lengths, bad timestamps
                    raise StreamError(f"bytes that are not MessagePack near byte {unpacker.tell()}: "
                                      f"{type(exc).__name__} {exc}".rstrip()) from None
                end = unpacker.tell()
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
