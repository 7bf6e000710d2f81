"""Paths into the nested lists of a plain state or view (``to_dict()``), for the tests that mutate them one integer
at a time."""
from __future__ import annotations

from typing import Any


def cells(value: Any, path: tuple = ()) -> list[tuple]:
    """The paths of every integer in a field's nested lists."""
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in cells(v, path + (i,))]
    return [path]


def get(value: Any, path: tuple) -> Any:
    for i in path:
        value = value[i]
    return value


def replaced(value: Any, path: tuple, new: Any) -> Any:
    """``value`` with the integer at ``path`` replaced by ``new`` (copies along the path; ``value`` unchanged)."""
    if not path:
        return new
    out = list(value)
    out[path[0]] = replaced(value[path[0]], path[1:], new)
    return out
