"""The base classes' own contract: layouts derived from the struct.  (What every game must do with them, the error
family and the observations included, is tests/test_game_contract.py.)"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import numpy as np

from deadeye.core.errors import InvalidStateError
from deadeye.core.layout import Field, LayoutError, declare_layout, derive_layout, pack, unpack


def cython_convert(types: dict, shapes: dict):
    """What Cython's dict-to-struct conversion does for a struct whose fields have these numpy ``types`` (a dict
    for a nested struct) and ``shapes``: an IndexError for an array of another length, an OverflowError for a value
    its field cannot hold."""
    def check(value, dtype, shape):
        if shape:
            if len(value) != shape[0]:
                raise IndexError(f"not enough values found during array assignment, expected {shape[0]}, "
                                 f"got {len(value)}")
            for element in value:
                check(element, dtype, shape[1:])
        elif isinstance(dtype, dict):
            for key, sub in dtype.items():
                check(value[key], sub, ())
        elif not np.iinfo(dtype).min <= value <= np.iinfo(dtype).max:
            raise OverflowError(f"value too large to convert to {dtype}")

    def convert(fields: dict) -> None:
        for name, dtype in types.items():
            check(fields[name], dtype, shapes.get(name, ()))
    return convert


def test_a_derived_layout_reads_each_type_off_the_struct():
    # as Cython gives a zeroed struct: a char array (uint8_t, int8_t) as a C string, so its length is probed
    zero = {"a": 0, "b": [b"", b""], "c": 0, "events": [{"k": 0, "x": 0}] * 2, "m": [0, 0]}
    types = {"a": "i1", "b": "u1", "c": "i4", "events": {"k": "i2", "x": "i2"}, "m": "u8"}
    shapes = {"b": (2, 3), "events": (2,), "m": (2,)}
    assert derive_layout("S", 40, zero, cython_convert(types, shapes)) == (
        Field("a", 0, "i1"), Field("b", 1, "u1", (2, 3)), Field("c", 8, "i4"), Field("events", 12, "i2", (2, 2)),
        Field("m", 24, "u8", (2,)))


def test_a_64_bit_field_keeps_its_top_bit_through_the_plain_form():
    """numpy reads [2**63, 1] as floats, which would lose the low bits (Liar's Dice's mask of bids made, bit 503 at the
    top of its last word): ``pack`` reads such ints exactly, and still refuses floats and values past 64 bits."""
    fields = (Field("m", 0, "u8", (2,)),)
    mask = [2 ** 63 + 1, 2 ** 64 - 1]
    assert unpack(pack({"m": mask}, fields, 16, "S"), fields) == {"m": mask}
    for bad in ([2 ** 63 + 1, 0.5], [2 ** 64, 0], [-1, 2 ** 63]):
        with pytest.raises(InvalidStateError, match="'m'"):
            pack({"m": bad}, fields, 16, "S")


def test_a_derived_layout_must_fill_the_struct():
    """A struct whose fields the conversions misreport (a size that disagrees) is caught at import."""
    with pytest.raises(LayoutError, match="the struct has 16 bytes"):
        derive_layout("S", 16, {"a": 0, "b": 0}, cython_convert({"a": "u1", "b": "i2"}, {}))


def test_a_derived_layout_refuses_what_has_no_plain_form():
    with pytest.raises(LayoutError, match="differ in type"):
        derive_layout("S", 4, {"e": [{"k": 0, "x": 0}]},
                      cython_convert({"e": {"k": "u1", "x": "i2"}}, {"e": (1,)}))
    with pytest.raises(LayoutError, match="float is not an integer type"):
        derive_layout("S", 8, {"f": 0.0}, lambda fields: None)
    with pytest.raises(LayoutError, match="holds 2..64"):
        derive_layout("S", 8, {"f": 0}, lambda fields: None)


def test_a_layout_must_name_every_field_in_order():
    with pytest.raises(LayoutError, match="the struct has"):
        declare_layout("S", 8, ["a", "b", "c"], [Field("a", 0, "u1"), Field("c", 4, "i4")])
    with pytest.raises(LayoutError, match="the struct has"):
        declare_layout("S", 8, ["a", "c"], [Field("c", 4, "i4"), Field("a", 0, "u1")])


def test_a_layout_must_sit_where_the_compiler_puts_each_field():
    # a field hidden in what looks like padding: "b" (u1 at 1) forgotten, and "c" declared at 1 instead of 4
    with pytest.raises(LayoutError, match="belongs at 4"):
        declare_layout("S", 8, ["a", "c"], [Field("a", 0, "u1"), Field("c", 1, "i4")])
    with pytest.raises(LayoutError, match="wrong"):          # a shape too small leaves a gap before the next field
        declare_layout("S", 8, ["a", "c"], [Field("a", 0, "u1", (2,)), Field("c", 3, "u1")])
    with pytest.raises(LayoutError, match="struct has 16 bytes"):
        declare_layout("S", 16, ["a"], [Field("a", 0, "i4", (2,))])


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in Linux's /proc")
def test_importing_deadeye_starts_no_blas_threads():
    """numpy's OpenBLAS would start a spinning thread per core; deadeye never calls BLAS and asks for none."""
    code = ("import os, time; import deadeye.core, numpy; t = time.process_time(); time.sleep(0.3); "
            "print(len(os.listdir('/proc/self/task')), time.process_time() - t)")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    threads, idle_cpu = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                       check=True).stdout.split()
    assert int(threads) == 1
    assert float(idle_cpu) < 0.03          # nothing spins while the process sleeps
