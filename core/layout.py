"""Plain-dict form of a game's C data block, field by field (for ``to_dict``/``from_dict`` and the wire).

A game lists its struct fields once as ``Field(name, offset, dtype, shape)``; this module turns the raw bytes into
nested lists of ints and back, checking every shape and range so that a malformed dict is refused whole.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import InvalidStateError


@dataclass(frozen=True)
class Field:
    name: str
    offset: int          # bytes from the start of the struct
    dtype: str           # numpy dtype of one element ("u1", "i1", "i2", "i4")
    shape: tuple = ()    # () for a scalar


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
