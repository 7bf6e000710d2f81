"""Plain-dict form of a game's C data block, field by field (for ``to_dict``/``from_dict`` and the wire).

A game does not list its struct's fields: ``derive_layout`` reads them off the struct itself, through Cython's
conversions (a zeroed struct as a dict gives the names and shapes; a dict that does not fit the struct gives each
field's integer type), and lays them out by the C alignment rules, checked against ``sizeof`` by ``declare_layout``.
This module turns the raw bytes into nested lists of ints and back, checking every shape and range so that a
malformed dict is refused whole.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
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


# Values that tell an integer type by whether it holds them: -1 (signed or not), then the first value past each width.
_WIDTHS = (8, 16, 32, 64)


def derive_layout(struct: str, size: int, zero: dict, convert: Callable[[dict], object]) -> tuple[Field, ...]:
    """The layout of a C struct of ``size`` bytes, derived from the struct so that no game restates it.

    ``zero`` is a zeroed struct as Cython converts it to a dict (its fields in declaration order; a C array as a
    list, nested per dimension, but an array of chars, ``uint8_t`` or ``int8_t``, as a C string: ``b""``; an array of
    a nested struct as a list of dicts); ``convert(d)`` converts a dict back to the struct, which raises
    ``OverflowError`` for a value its field's type cannot hold and ``IndexError`` ("... expected N ...") for an array
    of another length.  So each field's integer type is the one that holds exactly what ``convert`` accepts (-1 only
    a signed type; 2**7 or 2**8, 2**15 or 2**16... only a wider one), and a char array's length is the one
    ``convert`` expects.  An array of a nested struct whose fields share one integer type is one field of shape
    ``(N, fields)`` (an event record).  The offsets follow the C alignment rules, checked against ``size``, so a
    field of another kind (a float, a pointer, a nested struct of mixed types) fails loudly at import.

    >>> def convert(d):                     # what Cython does for struct {uint8_t a[2]; int16_t b;}
    ...     if len(d["a"]) != 2:
    ...         raise IndexError(f"not enough values found during array assignment, expected 2, got {len(d['a'])}")
    ...     if not all(0 <= v < 2**8 for v in d["a"]) or not -2**15 <= d["b"] < 2**15:
    ...         raise OverflowError
    >>> derive_layout("S", 4, {"a": b"", "b": 0}, convert)
    (Field(name='a', offset=0, dtype='u1', shape=(2,)), Field(name='b', offset=2, dtype='i2', shape=()))
    """
    fields, end, shapes = [], 0, {}
    zero = dict(zero)                       # each field's zero in the form convert takes, once its shape is known
    for name in list(zero):                 # (convert reads the fields in order: the earlier ones must convert)
        shapes[name] = _shape_of(struct, name, zero, convert)
        shape, keys = shapes[name]
        zero[name] = _full(shape, 0, keys, None)
    for name, (shape, keys) in shapes.items():
        dtypes = {_probe_dtype(struct, name, zero, convert, shape, keys, key) for key in keys}
        if len(dtypes) != 1:
            raise LayoutError(f"{struct}.{name}: a nested struct whose fields differ in type ({sorted(dtypes)}) has "
                              f"no plain-dict form")
        dtype = dtypes.pop()
        if keys != [None]:
            shape += (len(keys),)
        item = np.dtype(dtype).itemsize
        offset = _align_up(end, item)
        fields.append(Field(name, offset, dtype, shape))
        end = offset + item * int(np.prod(shape, dtype=np.int64))
    return declare_layout(struct, size, list(zero), fields)


def _shape_of(struct: str, name: str, zero: dict, convert: Callable[[dict], object]) -> tuple[tuple, list]:
    """(the array shape of field ``name``, the keys of its nested struct or [None])."""
    value, shape = zero[name], ()
    while isinstance(value, list):
        if not value:
            raise LayoutError(f"{struct}.{name}: an empty array has no plain-dict form")
        shape += (len(value),)
        value = value[0]
    if isinstance(value, bytes):            # a char array, converted as a C string: its length is what convert expects
        return shape + (_probe_length(struct, name, zero, convert, shape),), [None]
    if isinstance(value, dict):
        if not all(_is_int(v) for v in value.values()):
            raise LayoutError(f"{struct}.{name}: a nested struct must hold integers only")
        return shape, list(value)
    if not _is_int(value):
        raise LayoutError(f"{struct}.{name}: {type(value).__name__} is not an integer type")
    return shape, [None]


def _probe_length(struct: str, name: str, zero: dict, convert: Callable[[dict], object], outer: tuple) -> int:
    """The length of the char arrays of field ``name`` (inside arrays of shape ``outer``), from ``convert``'s
    complaint about empty ones."""
    trial = dict(zero)
    trial[name] = np.empty(outer + (0,), dtype=np.int64).tolist()
    try:
        convert(trial)
    except IndexError as exc:
        found = re.search(r"expected (\d+)", str(exc))
        if found:
            return int(found.group(1))
    raise LayoutError(f"{struct}.{name}: the conversion does not say how long this char array is")


def _full(shape: tuple, fill: int, keys: list, key):
    """A field of ``shape`` as ``convert`` takes it, every integer ``fill`` (of nested field ``key`` only; others 0)."""
    def element():
        return fill if keys == [None] else {k: fill if k == key else 0 for k in keys}
    if not shape:
        return element()
    grid = np.empty(shape, dtype=object)
    for index in np.ndindex(*shape):
        grid[index] = element()
    return grid.tolist()


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _probe_dtype(struct: str, name: str, zero: dict, convert: Callable[[dict], object], shape: tuple, keys: list,
                 key) -> str:
    """The numpy dtype of field ``name`` (or of its nested field ``key``): what ``convert`` lets it hold."""
    def holds(fill: int) -> bool:
        trial = dict(zero)
        trial[name] = _full(shape, fill, keys, key)
        try:
            convert(trial)
        except OverflowError:
            return False
        return True

    signed = holds(-1)
    for bits in _WIDTHS:
        if not holds(2 ** (bits - 1) if signed else 2 ** bits):
            return f"{'i' if signed else 'u'}{bits // 8}"
    raise LayoutError(f"{struct}.{name}: holds 2**64, so it is no integer type of at most 64 bits")


def unpack(raw: bytes, fields: list[Field]) -> dict:
    out = {}
    for f in fields:
        count = int(np.prod(f.shape)) if f.shape else 1
        arr = np.frombuffer(raw, dtype=f.dtype, count=count, offset=f.offset)
        out[f.name] = arr.reshape(f.shape).tolist() if f.shape else int(arr[0])
    return out


def _integers(value, dtype: str) -> np.ndarray:
    """``value`` as an array.  numpy reads a list holding an int of 2**63 or more as floats (or objects), so a
    ``u8`` field whose values are all such Python ints (a 64-bit mask with its top bit set) is read as ``uint64``,
    exactly; anything else keeps the type numpy gives it, which ``pack`` checks."""
    arr = np.asarray(value)
    if dtype == "u8" and arr.dtype.kind in "fO":
        exact = np.asarray(value, dtype=object)
        if all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2 ** 64 for v in exact.flat):
            return exact.astype(np.uint64)
    return arr


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
            arr = _integers(value, f.dtype)
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
