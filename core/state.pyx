"""The base classes of every game state and information set.

Subclasses provide their C data block and the unchecked C path; this module turns them into the checked, documented
Python API (OpenSpiel's vocabulary), so every game gets the same checks, copying, pickling and errors for free.
"""
from libc.string cimport memcpy, memcmp, memset
from libc.stdint cimport uint64_t

from deadeye.core.rng cimport Rng, rng_seed, rng_next, rng_below

from deadeye.core.errors import (IllegalActionError, InconsistentInformationError, InvalidActionError,
                                 InvalidStateError)
from deadeye.core.layout import pack, unpack


def _seed_to_u64(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {seed!r}")
    return seed & 0xFFFFFFFFFFFFFFFF


cdef class GameState:
    """A full game state.  Subclasses fill in the game; see ``docs/architecture.md``."""

    cdef void* _data(self) noexcept nogil:
        return NULL

    cdef size_t _data_size(self) noexcept nogil:
        return 0

    cdef void copy_from(self, GameState src) noexcept nogil:
        """Overwrite this state with ``src`` (same game): a memcpy, no allocation."""
        memcpy(self._data(), src._data(), self._data_size())
        self.rng = src.rng

    cdef int _current_player(self) noexcept nogil:
        return -1

    cdef bint _is_terminal(self) noexcept nogil:
        return True

    cdef int _legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef bint _is_legal(self, int action) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int n = self._legal_actions(buf), i
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    cdef void _apply(self, int action) noexcept nogil:
        pass

    cdef void _returns(self, double* out) noexcept nogil:
        pass

    cdef int _segment(self) noexcept nogil:
        return 0

    cdef void _evaluate(self, double* out) noexcept nogil:
        """Without game knowledge: the result if the game is over, else an even share."""
        cdef int i, n = self._num_players()
        if self._is_terminal():
            self._returns(out)
            return
        for i in range(n):
            out[i] = 1.0 / n

    cdef int _num_players(self) noexcept nogil:
        return 0

    # ------------------------------------------------------------------ checked API
    cpdef GameState clone(self):
        """A full, independent copy (one memcpy of the C data)."""
        cdef GameState other = type(self).__new__(type(self))
        other.copy_from(self)
        return other

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    cpdef int num_players(self):
        return self._num_players()

    cpdef int current_player(self):
        """The seat that must decide now, or -1 when the game is over."""
        return self._current_player()

    cpdef list legal_actions(self):
        """The legal action ids of the current player, ascending."""
        cdef int buf[MAX_ACTIONS]
        cdef int n = self._legal_actions(buf)
        return sorted([buf[i] for i in range(n)])

    cpdef bint is_terminal(self):
        return self._is_terminal()

    cpdef list returns(self):
        """Result per seat: 1 for a win, 0 for a loss, shared ranks split; zeros while the game is running."""
        cdef double buf[MAX_SEATS]
        cdef int n = self.num_players(), i
        for i in range(n):
            buf[i] = 0.0
        if self._is_terminal():
            self._returns(buf)
        return [buf[i] for i in range(n)]

    def evaluate(self) -> list:
        """``_evaluate`` as a list: each seat's estimated result from here, in [0, 1] (the result once it is over)."""
        cdef double buf[MAX_SEATS]
        cdef int n = self._num_players(), i
        self._evaluate(buf)
        return [buf[i] for i in range(n)]

    def scores(self) -> list:
        """Points per seat for ranking finishers (money in Wyatt Earp); without a score, ``returns()``."""
        return self.returns()

    cpdef apply_action(self, int action):
        """Play ``action``; an illegal id raises ``IllegalActionError`` and leaves the state untouched."""
        if self._is_terminal():
            raise IllegalActionError(f"action {action}: the game is over ({self._where()})")
        if not self._is_legal(action):
            raise IllegalActionError(
                f"action {action} is not legal for seat {self._current_player()} ({self._where()}); "
                f"legal: {self.legal_actions()}")
        self._apply(action)

    def _where(self) -> str:
        """Enough context in an error message to replay the situation."""
        return f"{type(self).__name__}, player {self._current_player()}"

    def public_label(self, int action):
        """What the other seats see of ``action`` played now, or None if they see nothing; games with private
        actions override it."""
        return self.action_label(action)

    def describe_events(self) -> list:
        """Public chance outcomes of the last ``apply_action`` as sentences (games with chance override it)."""
        return []

    def apply_label(self, text: str) -> int:
        """Parse ``text`` with ``parse_action`` and apply it; returns the action id."""
        cdef int action = self.parse_action(text)
        self.apply_action(action)
        return action

    def parse_action(self, text: str) -> int:
        """The legal action whose label is ``text`` (case and surrounding space ignored), or a plain id."""
        wanted = " ".join(str(text).split()).lower()
        for a in self.legal_actions():
            if self.action_label(a).lower() == wanted:
                return a
        if wanted.lstrip("-").isdigit():
            return int(wanted)
        labels = [self.action_label(a) for a in self.legal_actions()]
        raise InvalidActionError(f"{text!r} matches no legal action; legal: {labels}")

    # ------------------------------------------------------------------ equality, pickling
    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef GameState o = other
        return (memcmp(self._data(), o._data(), self._data_size()) == 0
                and self.rng.state == o.rng.state)

    def __hash__(self):
        return hash(self.to_bytes())

    def to_bytes(self) -> bytes:
        """The raw C data (for pickling and process pools); not a stable format, use ``to_dict`` for records."""
        cdef bytes data = (<char*>self._data())[:self._data_size()]
        return data + self.rng.state.to_bytes(8, "little")

    @classmethod
    def from_bytes(cls, bytes raw):
        cdef GameState state = cls.__new__(cls)
        cdef size_t size = state._data_size()
        if len(raw) != size + 8:
            raise ValueError(f"{cls.__name__}.from_bytes: expected {size + 8} bytes, got {len(raw)}")
        memcpy(state._data(), <char*>raw, size)
        state.rng.state = int.from_bytes(raw[size:], "little")
        return state

    def __reduce__(self):
        return (type(self).from_bytes, (self.to_bytes(),))

    def validate(self) -> str:
        """Why this state is impossible, or '' (a game checks its own invariants here)."""
        return ""

    def _plain(self, str game, layout) -> dict:
        """``to_dict`` for a game whose C data block has the field ``layout``: every field, plus the generator."""
        data = unpack(self.to_bytes(), layout)
        data["rng"] = self.rng.state
        return {"game": game, "state": data}

    @classmethod
    def _from_plain(cls, data, str game, layout):
        """``from_dict``: the state ``_plain`` described; a malformed dict, or one that ``validate()`` finds
        impossible, raises ``InvalidStateError``."""
        if not isinstance(data, dict) or data.get("game") != game or not isinstance(data.get("state"), dict):
            raise InvalidStateError(f"expected {{'game': '{game}', 'state': {{...}}}}")
        fields = dict(data["state"])
        rng = fields.pop("rng", None)
        if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2 ** 64:
            raise InvalidStateError("state field 'rng' must be an int in [0, 2**64)")
        cdef GameState state = cls.__new__(cls)
        raw = pack(fields, layout, state._data_size(), f"{game} state")
        memcpy(state._data(), <char*>raw, state._data_size())
        state.rng.state = rng
        problem = state.validate()
        if problem:
            raise InvalidStateError(f"{game} state: {problem}")
        return state

    def reseed(self, seed: int) -> None:
        """Replace the chance stream (a determinisation must not know the true future)."""
        rng_seed(&self.rng, _seed_to_u64(seed))


cdef class InformationSet:
    """What one seat knows, and nothing else; samples full states consistent with it."""

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return False

    cpdef GameState new_state(self):
        raise NotImplementedError

    def sample(self, seed) -> GameState:
        """A full state consistent with everything this seat knows, with a fresh chance stream.

        ``seed`` is an int, or a ``random.Random``/``numpy.random.Generator`` to draw one from; each call with a
        different seed gives an independent sample.  A view that no state fits (only a hand-made one can be such)
        raises ``InconsistentInformationError``.
        """
        cdef Rng rng
        if isinstance(seed, int) and not isinstance(seed, bool):
            pass
        elif hasattr(seed, "getrandbits"):
            seed = seed.getrandbits(64)
        elif hasattr(seed, "integers"):
            seed = int(seed.integers(0, 2**63))
        else:
            raise TypeError(f"sample() takes an int seed or a random generator, got {seed!r}")
        rng_seed(&rng, _seed_to_u64(seed))
        cdef GameState out = self.new_state()
        if not self._sample_into(out, &rng):
            raise InconsistentInformationError(
                f"no {type(out).__name__} is consistent with this information set of seat {self.seat}")
        return out


cdef class Policy:
    """A rollout policy; this base plays uniformly random legal actions (games subclass it with a heuristic)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int n = state._legal_actions(buf)
        return buf[rng_below(rng, n)] if n > 0 else -1         # -1: no legal action (a state no game reaches)

    def choose(self, GameState state, seed: int) -> int:
        """The policy's action for ``state.current_player()``, with its random choices drawn from ``seed``."""
        cdef Rng rng
        if state._is_terminal():
            raise ValueError("the game is over: no action to choose")
        rng_seed(&rng, _seed_to_u64(seed))
        return self._choose(state, &rng)
