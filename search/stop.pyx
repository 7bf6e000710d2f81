"""A stop belongs to one search: the caller makes a token, hands it to that search, and may set it from any thread.

Set before the search starts, the search returns at once (no iteration: the first legal action); set during it, the
search returns within a few microseconds with the best move so far.  A token is never cleared, and no searcher keeps
one from one search to the next, so a stop meant for one search can never reach another.
"""


cdef class StopToken:
    """The stop of one search: ``set()`` from any thread; the search checks ``flag`` without the GIL.

    >>> token = StopToken()
    >>> token.is_set
    False
    >>> token.set()
    >>> token.is_set
    True
    """

    def __cinit__(self):
        self.flag = 0

    def set(self) -> None:
        """Ask the search holding this token to return now with the best move so far (idempotent)."""
        self.flag = 1

    @property
    def is_set(self) -> bool:
        return self.flag != 0

    def __repr__(self) -> str:
        return f"StopToken(is_set={self.flag != 0})"
