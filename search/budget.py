"""How long a search may think: iterations, milliseconds, or both (whichever comes first)."""
from __future__ import annotations

import math
from dataclasses import dataclass

MAX_ITERATIONS = 2**31 - 1        # the search counts iterations in a C int
MAX_TIME_MS = 86_400_000.0        # one day: longer is no budget anyone means


@dataclass(frozen=True)
class Budget:
    """A search budget.  ``None`` means no limit of that kind; at least one limit must be set.

    >>> Budget(iterations=1000)
    Budget(iterations=1000, time_ms=None)
    >>> Budget(time_ms=float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: time_ms must be a number from 0 (excluded) to 86,400,000, not nan
    """

    iterations: int | None = None
    time_ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_ms is None:
            raise ValueError("a budget needs iterations, time_ms or both")
        if self.iterations is not None and (type(self.iterations) is not int
                                            or not 1 <= self.iterations <= MAX_ITERATIONS):
            raise ValueError(f"iterations must be an integer from 1 to {MAX_ITERATIONS:,}, not {self.iterations!r}")
        if self.time_ms is not None and (type(self.time_ms) not in (int, float) or not math.isfinite(self.time_ms)
                                         or not 0 < self.time_ms <= MAX_TIME_MS):
            raise ValueError(f"time_ms must be a number from 0 (excluded) to {MAX_TIME_MS:,.0f}, "
                             f"not {self.time_ms!r}")
