"""How long a search may think: iterations, milliseconds, or both (whichever comes first)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """A search budget.  ``None`` means no limit of that kind; at least one limit must be set.

    >>> Budget(iterations=1000)
    Budget(iterations=1000, time_ms=None)
    """

    iterations: int | None = None
    time_ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_ms is None:
            raise ValueError("a budget needs iterations, time_ms or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.time_ms is not None and self.time_ms <= 0:
            raise ValueError(f"time_ms must be positive, not {self.time_ms}")
