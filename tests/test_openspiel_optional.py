"""deadeye runs without OpenSpiel: the os-ismcts bots are imported only when asked for, and say what is missing."""
from __future__ import annotations

import importlib

import pytest

from deadeye.bots import BotSpecError, bot_names, make_bot


def test_missing_openspiel_is_a_clear_bot_spec_error(monkeypatch):
    real = importlib.import_module

    def no_pyspiel(name, *args, **kwargs):
        if name == "pyspiel" or name.startswith("open_spiel"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib, "import_module", no_pyspiel)
    assert {"os-ismcts", "os-ismcts-py"} <= set(bot_names())
    for spec in ("os-ismcts", "os-ismcts-py:iterations=10"):
        with pytest.raises(BotSpecError, match=r"deadeye\[openspiel\]"):
            make_bot(spec)


def test_passing_seat_first_renumbers_only_during_the_passing():
    from deadeye.bots.openspiel import passing_seat_first

    deal = list(range(52))
    history = [3] + deal + [0, 4, 8]                     # pass right, seat 0 has passed three cards
    assert passing_seat_first(history, 0) == history
    moved = passing_seat_first(history, 1)               # seat 1 to pass: it becomes seat 0, nobody has passed
    assert moved[0] == 3 and len(moved) == 53
    assert moved[1:53:4] == deal[1::4] and moved[2:53:4] == deal[2::4] and moved[4:53:4] == deal[0::4]
    done = [1] + deal + list(range(12))
    assert passing_seat_first(done, 2) == done           # the passing is over: unchanged
    assert passing_seat_first([0] + deal, 3) == [0] + deal
