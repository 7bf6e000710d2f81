"""The base classes' own contract: declared layouts.  (What every game must do with them, the error family and the
observations included, is tests/test_game_contract.py.)"""
from __future__ import annotations

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
