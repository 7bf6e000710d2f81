"""Plain-dict form of a game's C data block, field by field (for ``to_dict``/``from_dict`` and the wire).

A game lists its struct fields once as ``Field(name, offset, dtype, shape)`` and hands them to ``declare_layout``,
which checks at import that they are exactly the struct's fields and cover all of its bytes but alignment padding;
this module turns the raw bytes into nested lists of ints and back, checking every shape and range so that a
malformed dict is refused whole.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

# deadeye reads and writes its C structs with numpy and never calls BLAS; numpy's OpenBLAS would otherwise start a
# thread per core that spins for a while after the import, on the cores the searches and the other engines use
# (60 ms of CPU a process here, and every arena engine is a fresh process).  Only where nothing asked otherwise,
# and only if numpy was not imported first.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

from .errors import InvalidStateError


@dataclass(frozen=True)
class Field:
    name: str
    offset: int          # bytes from the start of the struct
    dtype: str           # numpy dtype of one element ("u1", "i1", "i2", "i4")
    shape: tuple = ()    # () for a scalar


class LayoutError(TypeError):
    """A game's declared layout does not describe its C struct: a programming error, raised at import."""


def _align_up(offset: int, alignment: int) -> int:
    return -(-offset // alignment) * alignment


def declare_layout(struct: str, size: int, names: list[str], fields: list[Field]) -> tuple[Field, ...]:
    """The layout of a C struct of ``size`` bytes whose fields are ``names`` (in declaration order: Cython's
    struct-to-dict conversion gives them), checked: one ``Field`` per struct field, in the same order, each where the
    C compiler puts it after the previous one (at the next offset aligned for its type), so that a field added to the
    struct and forgotten here, or given the wrong type or shape, fails loudly at import.

    >>> declare_layout("S", 8, ["a", "b"], [Field("a", 0, "u1"), Field("b", 4, "i4")])
    (Field(name='a', offset=0, dtype='u1', shape=()), Field(name='b', offset=4, dtype='i4', shape=()))
    >>> declare_layout("S", 8, ["a", "b"], [Field("b", 4, "i4")])
    Traceback (most recent call last):
    ...
    deadeye.core.layout.LayoutError: S: the layout lists ['b'] but the struct has ['a', 'b']
    """
    listed = [f.name for f in fields]
    if listed != list(names):
        raise LayoutError(f"{struct}: the layout lists {listed} but the struct has {list(names)}")
    end, widest = 0, 1
    for f in fields:
        item = np.dtype(f.dtype).itemsize
        widest = max(widest, item)
        if f.offset != _align_up(end, item):
            raise LayoutError(f"{struct}.{f.name}: at byte {f.offset}, but a {f.dtype} after byte {end} belongs at "
                              f"{_align_up(end, item)}: its type or the previous field's shape is wrong")
        end = f.offset + item * int(np.prod(f.shape, dtype=np.int64))
    if _align_up(end, widest) != size:
        raise LayoutError(f"{struct}: the fields end at byte {end}, but the struct has {size} bytes")
    return tuple(fields)


def unpack(raw: bytes, fields: list[Field]) -> dict:
    out = {}
    for f in fields:
        count = int(np.prod(f.shape)) if f.shape else 1
        arr = np.frombuffer(raw, dtype=f.dtype, count=count, offset=f.offset)
        out[f.name] = arr.reshape(f.shape).tolist() if f.shape else int(arr[0])
    return out


def pack(data: dict, fields: list[Field], size: int, what: str) -> bytes:
    """Bytes of a struct of ``size`` bytes holding ``data``; raises ``InvalidStateError`` naming the bad field."""
    if not isinstance(data, dict):
        raise InvalidStateError(f"{what}: expected a dict, got {type(data).__name__}")
    names = {f.name for f in fields}
    missing = sorted(names - set(data))
    extra = sorted(set(data) - names)
    if missing or extra:
        raise InvalidStateError(f"{what}: missing fields {missing}, unknown fields {extra}")
    buf = bytearray(size)
    for f in fields:
        value = data[f.name]
        try:
            arr = np.asarray(value)
        except Exception as exc:  # ragged lists and the like
            raise InvalidStateError(f"{what}: field {f.name!r} is not a regular array: {exc}") from None
        if arr.shape != tuple(f.shape) or (arr.size and arr.dtype.kind not in "iub"):
            raise InvalidStateError(
                f"{what}: field {f.name!r} must be integers of shape {tuple(f.shape)}, got {value!r:.80}")
        info = np.iinfo(f.dtype)
        if arr.size and (arr.min() < info.min or arr.max() > info.max):
            raise InvalidStateError(f"{what}: field {f.name!r} has values outside [{info.min}, {info.max}]")
        raw = arr.astype(f.dtype).tobytes()
        buf[f.offset:f.offset + len(raw)] = raw
    return bytes(buf)
