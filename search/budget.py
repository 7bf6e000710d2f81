"""How long a search may think: iterations, milliseconds, or both (whichever comes first)."""
from __future__ import annotations

import math
from dataclasses import dataclass

MAX_ITERATIONS = 10**9            # the largest iteration budget (an iteration count must fit a C int)
MAX_TIME_MS = 3_600_000.0         # the longest time budget: one hour


@dataclass(frozen=True)
class Budget:
    """A search budget.  ``None`` means no limit of that kind; at least one limit must be set, and each lies in its
    range (iterations 1..MAX_ITERATIONS, time_ms in (0, MAX_TIME_MS]).

    >>> Budget(iterations=1000)
    Budget(iterations=1000, time_ms=None)
    """

    iterations: int | None = None
    time_ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_ms is None:
            raise ValueError("a budget needs iterations, time_ms or both")
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be from 1 to {MAX_ITERATIONS}, not {self.iterations}")
        if self.time_ms is not None and not (math.isfinite(self.time_ms) and 0 < self.time_ms <= MAX_TIME_MS):
            raise ValueError(f"time_ms must be more than 0 and at most {MAX_TIME_MS:.0f}, not {self.time_ms}")
