"""The base classes' own contract: declared layouts.  (What every game must do with them, the error family and the
observations included, is tests/test_game_contract.py.)"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from deadeye.core.layout import Field, LayoutError, declare_layout


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
