"""The two lower layers of the protocol: the byte stream and the MessagePack-RPC message shapes."""
import io

import msgpack
import pytest

from deadeye.protocol.session import (InvalidMessage, Notification, Request, Response, parse_message)
from deadeye.protocol.stream import MessageStream, StreamError, UnhashableMap, decode_all, pack


def read_all(data: bytes, chunk: int | None = None) -> list:
    """Every value a MessageStream yields from ``data`` (fed ``chunk`` bytes per read when given)."""
    reader = io.BytesIO(data)
    if chunk is not None:
        reader.read1 = lambda n: reader.read(min(n, chunk))
    return list(MessageStream(reader, io.BytesIO()))


def test_values_are_cut_apart_whatever_the_read_sizes():
    values = [[0, 1, "hello", [{}]], {"a": [1, 2.5, None, True]}, "x" * 70000, b"\x00\xff", -2**63, 2**64 - 1]
    data = b"".join(pack(v) for v in values)
    assert read_all(data) == values
    assert read_all(data, chunk=1) == values
    assert read_all(data, chunk=7) == values
    assert decode_all(data) == values


def test_every_well_formed_value_decodes():
    # keys Python cannot hash, keys that are not strings, text that is not UTF-8, extension types
    data = b"\x81\x91\x01\x02" + msgpack.packb({1: 2}) + b"\xa2\xff\xfe" + msgpack.packb(msgpack.ExtType(5, b"ab"))
    unhashable, int_keys, text, ext = read_all(data)
    assert type(unhashable) is UnhashableMap and list(unhashable) == [([1], 2)]
    assert int_keys == {1: 2}
    assert text == "\udcff\udcfe"
    assert ext == msgpack.ExtType(5, b"ab")


@pytest.mark.parametrize("data, where", [
    (b"\x01\xc1", "not MessagePack"),                    # 0xc1 is never used
    (b"\x92\x01", "ended inside a value"),               # an array of two holding one
    (b"\xa5abc", "ended inside a value"),                # a string cut short
    (b"\x91" * 1100 + b"\x01", "not MessagePack"),       # nested deeper than the unpacker allows
    (b"\xd5\xff\x00\x00", "not MessagePack"),            # a timestamp of an impossible length
])
def test_bytes_that_are_not_messagepack_raise_stream_error(data, where):
    with pytest.raises(StreamError, match=where):
        read_all(data)
    with pytest.raises(StreamError):
        decode_all(data)


def test_values_before_the_bad_bytes_are_delivered():
    reader = MessageStream(io.BytesIO(pack(1) + pack("two") + b"\xc1"), io.BytesIO())
    got = []
    with pytest.raises(StreamError):
        for value in reader:
            got.append(value)
    assert got == [1, "two"]


def test_text_that_is_not_unicode_is_escaped_when_written():
    out = io.BytesIO()
    MessageStream(io.BytesIO(), out).write({"message": "bad \udcff"})
    assert decode_all(out.getvalue()) == [{"message": "bad \\udcff"}]


def test_a_partial_raw_write_is_completed():
    class Trickle(io.RawIOBase):
        def __init__(self):
            self.data = b""

        def writable(self):
            return True

        def write(self, b):
            self.data += bytes(b[:3])
            return min(3, len(b))

    sink = Trickle()
    MessageStream(io.BytesIO(), sink).write([1, 2, "three", b"four"])
    assert decode_all(sink.data) == [[1, 2, "three", b"four"]]


def test_message_shapes():
    assert parse_message([0, 7, "game.view", [{"game_id": 1, "seat": 0}]]) == \
        Request(7, "game.view", {"game_id": 1, "seat": 0})
    assert parse_message([0, 2**32 - 1, "hello", []]) == Request(2**32 - 1, "hello", {})
    assert parse_message([2, "search.stop", [{}]]) == Notification("search.stop", {})
    assert parse_message([1, 3, None, {"x": 1}]) == Response(3, None, {"x": 1})


@pytest.mark.parametrize("value, msgid", [
    ("hello", None),                                    # not an array
    ([], None),
    ([0, 1, "hello"], 1),                               # too short, but the msgid is usable
    ([0, 1, "hello", [{}], 5], 1),
    ([0, 1, 5, [{}]], 1),                               # the method is not a string
    ([0, 1, "hello", {}], 1),                           # params not an array
    ([0, 1, "hello", [{}, {}]], 1),
    ([0, 1, "hello", [[1]]], 1),
    ([0, 1, "hello", [UnhashableMap([([1], 2)])]], 1),
    ([0, -1, "hello", [{}]], None),                     # not a usable msgid
    ([0, 2**32, "hello", [{}]], None),
    ([0, True, "hello", [{}]], None),
    ([0, "1", "hello", [{}]], None),
    ([3, 1, "hello", [{}]], None),                      # no such message type
    ([False, 1, "hello", [{}]], None),
    ([2, "x"], None),
    ([2, 1, [{}]], None),
    ([1, 1, None], None),
])
def test_invalid_messages(value, msgid):
    with pytest.raises(InvalidMessage) as caught:
        parse_message(value)
    assert caught.value.msgid == msgid
    assert caught.value.code == "invalid_request"
