"""The base classes of every game state and information set.

Subclasses provide their C data block and the unchecked C path; this module turns them into the checked, documented
Python API (OpenSpiel's vocabulary), so every game gets the same checks, copying, pickling and errors for free.
"""
from libc.string cimport memcpy, memcmp, memset
from libc.stdint cimport uint64_t

from deadeye.core.encoder cimport Encoder
from deadeye.core.rng cimport Rng, rng_seed, rng_next, rng_below

from deadeye.core.errors import (IllegalActionError, InconsistentInformationError, InvalidActionError,
                                 InvalidStateError)
from deadeye.core.layout import pack, unpack

import importlib

import numpy as np              # after layout, which keeps numpy's BLAS from starting threads


def _seed_to_u64(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {seed!r}")
    return seed & 0xFFFFFFFFFFFFFFFF


def _short(value) -> str:
    """``value`` for an error message, never long (an int of thousands of digits cannot even be printed)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
        return f"<an integer of {value.bit_length()} bits>"
    return f"{value!r:.40}"


cdef class GameState:
    """A full game state.  Subclasses fill in the game; see ``docs/architecture.md``, "Adding a game"."""

    game = ""                  # the registry name (declared by each game)
    layout = ()                # the fields of the C data block (deadeye.core.layout.derive_layout)
    num_actions = 0            # action ids are 0 .. num_actions - 1 (declared by each game: none here, so a game
                               # that forgets it refuses every id as invalid and fails the contract tests)

    cdef void _copy_from(self, GameState src) noexcept nogil:
        """Overwrite this state with ``src`` (same game): a memcpy, no allocation."""
        memcpy(self.block, src.block, self.block_size)
        self.rng = src.rng

    cdef int _current_player(self) noexcept nogil:
        return -1

    cdef bint _is_terminal(self) noexcept nogil:
        return True

    cdef int _legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef int _random_action(self, Rng* rng) noexcept nogil:
        """``_legal_actions``' i-th id for i = rng_below(n): a game that can find it without listing them all
        overrides this with the same choice from the same draw, so a seed plays the same moves either way."""
        cdef int buf[MAX_ACTIONS]
        cdef int n = self._legal_actions(buf)
        return buf[rng_below(rng, n)] if n > 0 else -1

    cdef int _random_playout(self, Rng* rng, int limit) noexcept nogil:
        """``_random_action`` played up to ``limit`` times: a game may fuse the loop (no call a move), playing the
        same moves from the same draws."""
        cdef int moves = 0, a
        while moves < limit and not self._is_terminal():
            a = self._random_action(rng)
            if a < 0:
                break
            self._apply(a)
            moves += 1
        return moves

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
    cdef int _observation(self, int action, int seat) noexcept nogil:
        """Every seat sees every action (games with private actions override it)."""
        return action

    # ------------------------------------------------------------------ checked API
    cpdef GameState clone(self):
        """A full, independent copy (one memcpy of the C data)."""
        cdef GameState other = type(self).__new__(type(self))
        other._copy_from(self)
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
        """Result per seat: 1 for a win, 0 for a loss, shared ranks split; zeros while the game is running.

        The state contract's rank share (OpenSpiel's name, not its values): one scale for every game, what the search
        maximises (``_returns``) and the arena credits, whatever the game counts in.  The game's own numbers
        (OpenSpiel's ``Returns()`` for its games) are ``game_returns()``."""
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

    def game_returns(self) -> list:
        """Each seat's result in the game's own unit; without one, ``returns()``.

        What the game itself pays out, for people and for tie-breaks between finishers (the arena ranks by
        ``returns()``, then these): OpenSpiel's ``Returns()`` exactly in its games (Kuhn poker's chips, Hearts' 26
        minus points, Liar's Dice's 1 and -1), money in Wyatt Earp, dollars in Colt Express, points in Way Out West,
        life points in BANG!.  The protocol's ``result`` and the arena's records carry it as ``scores``."""
        return self.returns()

    def roles(self) -> list:
        """Each seat's role or team name (hidden-role games); None per seat in games without roles."""
        return [None] * self._num_players()

    def action_id(self, action) -> int:
        """``action`` as an id of this game: anything but an int in ``0 .. num_actions - 1`` raises
        ``InvalidActionError`` (never ``OverflowError`` or ``TypeError``)."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise InvalidActionError(f"action {_short(action)} is not an integer id ({self._where()})")
        cdef int n = type(self).num_actions
        if n <= 0:
            raise InvalidActionError(f"action {_short(action)}: {type(self).__name__} declares no num_actions, so "
                                     f"{type(self).game} has no action ids ({self._where()})")
        if not 0 <= action < n:
            raise InvalidActionError(f"action {_short(action)} is not an action of {type(self).game} "
                                     f"(ids 0..{n - 1}; {self._where()})")
        return action

    cpdef apply_action(self, action):
        """Play ``action``: an id outside the game raises ``InvalidActionError``, an id not legal now
        ``IllegalActionError``; either way the state is untouched."""
        cdef int a = self.action_id(action)
        if self._is_terminal():
            raise IllegalActionError(f"action {a}: the game is over ({self._where()})")
        if not self._is_legal(a):
            raise IllegalActionError(
                f"action {a} is not legal for seat {self._current_player()} ({self._where()}); "
                f"legal: {self.legal_actions()}")
        self._apply(a)

    def _where(self) -> str:
        """Enough context in an error message to replay the situation (games add their phase, round...)."""
        return f"{type(self).game}, player {self._current_player()}"

    def action_label(self, action) -> str:
        """Human-readable text for ``action`` in this state; an id outside the game raises ``InvalidActionError``."""
        return self._label(self.action_id(action))

    def _label(self, int action) -> str:
        """The game's text for a valid action id (games override it)."""
        return str(action)

    def public_label(self, action):
        """What the other seats see of ``action`` played now, or None if they see nothing; games with private
        actions override ``_public_label``."""
        return self._public_label(self.action_id(action))

    def _public_label(self, int action):
        return self._label(action)

    def observation(self, action, seat) -> int:
        """What ``seat`` observes of ``action`` played now: the action id when it sees the action, an id from
        ``OBS_BASE`` on when it sees only a part (``OBS_HIDDEN``: only that the player acted).  A search that keeps
        one tree per seat branches on these."""
        cdef int a = self.action_id(action)
        self._check_seat(seat)
        return self._observation(a, seat)

    def _check_seat(self, seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._num_players():
            raise ValueError(f"seat {_short(seat)} out of range for {self._num_players()} players")

    def events(self) -> list:
        """The public events of the last ``apply_action`` as tuples (games that keep an event log override it)."""
        return []

    def describe_events(self) -> list:
        """Public chance outcomes of the last ``apply_action`` as sentences (games with chance override it)."""
        return []

    def private_events(self, seat) -> list:
        """What ``seat`` alone learned in the last ``apply_action`` (the cards it drew), as sentences."""
        return []

    def unavailable_reasons(self) -> list:
        """Short sentences saying why a usual option is not offered to the current player now ("one sheriff card
        per turn"); empty where the game gives none."""
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
            if self._label(a).lower() == wanted:
                return a
        if wanted.isdigit() and len(wanted) < 10:
            return int(wanted)
        labels = [self._label(a) for a in self.legal_actions()]
        raise InvalidActionError(f"{text!r:.80} matches no legal action; legal: {labels}")

    def information_set(self, seat):
        """What ``seat`` knows now, and nothing else."""
        self._check_seat(seat)
        cls = _information_class(type(self))
        cdef InformationSet info = cls.__new__(cls)
        info.seat = seat
        info._observe(self)
        return info

    # ------------------------------------------------------------------ equality, pickling, plain form
    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef GameState o = other
        return (memcmp(self.block, o.block, self.block_size) == 0
                and self.rng.state == o.rng.state)

    def __hash__(self):
        return hash(self.to_bytes())

    def to_bytes(self) -> bytes:
        """The raw C data (for pickling and process pools); not a stable format, use ``to_dict`` for records."""
        cdef bytes data = (<char*>self.block)[:self.block_size]
        return data + self.rng.state.to_bytes(8, "little")

    @classmethod
    def from_bytes(cls, bytes raw):
        cdef GameState state = cls.__new__(cls)
        cdef size_t size = state.block_size
        if len(raw) != size + 8:
            raise ValueError(f"{cls.__name__}.from_bytes: expected {size + 8} bytes, got {len(raw)}")
        memcpy(state.block, <char*>raw, size)
        state.rng.state = int.from_bytes(raw[size:], "little")
        return state

    def __reduce__(self):
        return (type(self).from_bytes, (self.to_bytes(),))

    def validate(self) -> str:
        """Why this state is impossible, or '' (a game checks its own invariants here)."""
        return ""

    def check_information(self, seed: int = 0) -> str:
        """Why some seat could not play from this state, or '': the check of a state given from outside (``game.load``,
        ``table.open`` with a state), once ``validate()`` accepts it.  The seat to move has a legal action, and for
        every seat: its information set passes its own view check and renders (its dict, its text, its legal
        actions and their labels), it names a seat in range to move (the seat to move itself, with the same actions;
        nobody once the game is over), and a sample of it (drawn from ``seed``) is a valid state that gives the seat
        back that same information set (and the seat to move the same actions).  Every state a game reaches passes
        (the contract's tests check as much); a hand-made one that no game reaches may not, and would otherwise fail
        later, in a view or a search."""
        cdef int n = self._num_players(), seat, mover = self._current_player(), turn
        legal = self.legal_actions()
        if self._is_terminal() != (mover < 0) or mover >= n or (mover >= 0 and not legal):
            return f"seat {mover} is to move but has no legal action"
        for seat in range(n):
            try:
                info = self.information_set(seat)
                problem = info.validate()
                if problem:
                    return f"the view of seat {seat}: {problem}"
                info.to_dict()
                info.describe()
                turn, options = info.current_player(), info.legal_actions()
                if (turn >= n or (turn == seat and not options) or (mover < 0 and turn != -1)
                        or (seat == mover and (turn != seat or options != legal))):
                    return f"seat {seat} sees seat {turn} to move with actions {options[:8]}"
                for action in options:
                    info.action_label(action)
                sample = info.sample(seed + seat)
                problem = sample.validate()
                if problem:
                    return f"a sample of seat {seat}'s information set is impossible: {problem}"
                if sample.information_set(seat) != info:
                    return f"seat {seat}'s information set is not that of its samples"
                if seat == mover and (sample.current_player() != seat or sample.legal_actions() != legal):
                    return f"seat {seat}'s samples offer it other actions"
            except InconsistentInformationError:
                return f"no state is consistent with what seat {seat} knows"
            except Exception as exc:                    # whatever a state no game reaches provokes: refused, said why
                return f"seat {seat}'s view fails: {type(exc).__name__}: {exc}"[:300]
        return ""

    def to_dict(self) -> dict:
        """Plain, msgpack-able form of the full state: every field of the data block, plus the generator."""
        data = unpack(self.to_bytes(), type(self).layout)
        data["rng"] = self.rng.state
        return {"game": type(self).game, "state": data}

    @classmethod
    def from_dict(cls, data):
        """The state ``to_dict`` described; a malformed dict, or one that ``validate()`` finds impossible, raises
        ``InvalidStateError``."""
        game = cls.game
        if not isinstance(data, dict) or data.get("game") != game or not isinstance(data.get("state"), dict):
            raise InvalidStateError(f"expected {{'game': '{game}', 'state': {{...}}}}")
        fields = dict(data["state"])
        rng = fields.pop("rng", None)
        if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2 ** 64:
            raise InvalidStateError("state field 'rng' must be an int in [0, 2**64)")
        cdef GameState state = cls.__new__(cls)
        raw = pack(fields, cls.layout, state.block_size, f"{game} state")
        memcpy(state.block, <char*>raw, state.block_size)
        state.rng.state = rng
        problem = state.validate()
        if problem:
            raise InvalidStateError(f"{game} state: {problem}")
        return state

    def reseed(self, seed: int) -> None:
        """Replace the chance stream (a determinisation must not know the true future)."""
        rng_seed(&self.rng, _seed_to_u64(seed))


_INFORMATION_CLASSES = {}


def random_action_pair(GameState state, uint64_t seed) -> tuple:
    """(the game's ``_random_action``, the base class's) from the same seed: equal for every game (the contract's
    test), whatever a game reads its pick off."""
    cdef Rng mine, listed
    rng_seed(&mine, seed)
    rng_seed(&listed, seed)
    return state._random_action(&mine), GameState._random_action(state, &listed)


def random_playout_pair(GameState state, uint64_t seed, int limit) -> tuple:
    """(moves played, the state after) of the game's ``_random_playout`` and of the base class's, each on a clone
    of ``state`` from the same seed: equal for every game (the contract's test)."""
    cdef Rng mine, listed
    cdef GameState a = state.clone(), b = state.clone()
    rng_seed(&mine, seed)
    rng_seed(&listed, seed)
    return (a._random_playout(&mine, limit), a), (GameState._random_playout(b, &listed, limit), b)


def _information_class(state_class):
    """The InformationSet subclass that declares ``state_class`` (found once among the subclasses, then cached)."""
    try:
        return _INFORMATION_CLASSES[state_class]
    except KeyError:
        pass
    found = [c for c in _all_subclasses(InformationSet) if c.__dict__.get("state_class") is state_class]
    if len(found) != 1:
        raise NotImplementedError(f"{state_class.__name__}: {len(found)} information set classes declare it "
                                  f"as their state_class (expected one; is the game's information module imported?)")
    _INFORMATION_CLASSES[state_class] = found[0]
    return found[0]


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


cdef class InformationSet:
    """What one seat knows, and nothing else; samples full states consistent with it.

    Its view is the game's C struct holding the state as the seat pictures it, so the rules queries below run on
    that view as a (partial) state; a game adds what is special to it (its hand, its text).
    """

    state_class = GameState      # declared by each game
    encoding_version = 0         # declared by each game with its features (deadeye.core.features.declare_features)
    features = ()                # the Feature rows its _encode writes, in order

    cdef void _observe(self, GameState state) noexcept nogil:
        pass

    cdef bint _sample_into(self, GameState out, Rng* rng) noexcept nogil:
        return False

    cpdef GameState blank_state(self):
        """A zeroed state of this game, no game's position: what a sample or the view is written into (a game's
        factory, ``new_state(players, seed)``, deals a real start instead)."""
        cls = type(self).state_class
        return cls.__new__(cls)

    cdef GameState _view_state(self):
        cdef GameState s = self.blank_state()
        memcpy(s.block, self.block, self.block_size)
        return s

    cdef void _encode(self, Encoder* e) noexcept nogil:
        pass

    # ------------------------------------------------------------------ what a learning model reads
    @classmethod
    def encoding_size(cls) -> int:
        """The length of ``encode()``: the declared features' sizes added up."""
        return sum(f.size for f in cls.features)

    def encode(self, out=None):
        """This seat's knowledge as a float32 vector of ``encoding_size()`` values in [0, 1] (docs/encodings.md):
        written by the game from the view alone, so two states the seat cannot tell apart encode the same.  ``out``
        (a C-contiguous float32 array of that length) is filled in place instead of a new array."""
        cdef int size = type(self).encoding_size()
        if size == 0:
            raise NotImplementedError(f"{type(self).__name__} declares no features")
        if out is None:
            out = np.zeros(size, dtype=np.float32)
        elif (not isinstance(out, np.ndarray) or out.dtype != np.float32 or out.shape != (size,)
              or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError(f"encode(out): a writable C-contiguous float32 array of shape ({size},)")
        else:
            out[:] = 0
        cdef float[::1] buf = out
        cdef Encoder e
        e.out = &buf[0]
        e.size = size
        e.pos = 0
        self._encode(&e)
        if e.pos != size:
            raise RuntimeError(f"{type(self).__name__}._encode wrote {e.pos} floats; its features declare {size}")
        return out

    def legal_mask(self):
        """A bool array over the game's action ids, true at this seat's legal actions (none when it is not to
        move): the mask a policy's softmax is taken over."""
        mask = np.zeros(type(self).state_class.num_actions, dtype=np.bool_)
        actions = self.legal_actions()
        if actions:
            mask[actions] = True
        return mask

    def _as_state(self) -> GameState:
        """The view as a (partial) state object, for its rules queries."""
        return self._view_state()

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
        cdef GameState out = self.blank_state()
        if not determinise(self, out, &rng):
            raise InconsistentInformationError(
                f"no {type(out).__name__} is consistent with this information set of seat {self.seat}")
        return out

    # ------------------------------------------------------------------ rules queries on the view
    def current_player(self) -> int:
        """The seat this seat believes decides now (-1 once the game is over)."""
        return self._view_state()._current_player()

    def legal_actions(self) -> list:
        """The seat's legal actions when it is to move (they depend only on what it knows), else []."""
        cdef GameState view = self._view_state()
        if view._current_player() != self.seat:
            return []
        return view.legal_actions()

    def num_players(self) -> int:
        return self._view_state()._num_players()

    def is_terminal(self) -> bool:
        return self._view_state()._is_terminal()

    def action_label(self, action) -> str:
        return self._view_state().action_label(action)

    def unavailable_reasons(self) -> list:
        """Why a usual option is not offered to this seat now, as far as it knows (see ``GameState``)."""
        if self.current_player() != self.seat:
            return []
        return self._view_state().unavailable_reasons()

    def roles(self) -> list:
        """Each seat's role as this seat knows it (None where it does not know it, or in games without roles)."""
        return self._view_state().roles()

    def describe(self) -> str:
        """The table as this seat sees it, as text: ``describe_view(self)`` of the ``text`` module beside the game's
        information set ("Adding a game"), so no game wraps it."""
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(package + ".text").describe_view(self)

    # ------------------------------------------------------------------ equality, pickling, plain form
    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef InformationSet o = other
        return self.seat == o.seat and memcmp(self.block, o.block, self.block_size) == 0

    def __hash__(self):
        return hash((self.seat, (<char*>self.block)[:self.block_size]))

    def to_bytes(self) -> bytes:
        return (<char*>self.block)[:self.block_size]

    @classmethod
    def from_bytes(cls, int seat, bytes raw):
        cdef InformationSet info = cls.__new__(cls)
        if len(raw) != info.block_size:
            raise ValueError(f"{cls.__name__}.from_bytes: expected {info.block_size} bytes, got {len(raw)}")
        memcpy(info.block, <char*>raw, info.block_size)
        info.seat = seat
        return info

    def __reduce__(self):
        return (type(self).from_bytes, (self.seat, self.to_bytes()))

    def __repr__(self):
        return f"<{type(self).__name__} seat {self.seat}: {self._view_state()!r}>"

    def validate(self) -> str:
        """Why this view is not one the seat can have, or '' (a game checks its own view here)."""
        return ""

    def to_dict(self) -> dict:
        """Plain form of this seat's view (msgpack-able): every field of the view's data block."""
        return {"game": type(self).state_class.game, "seat": self.seat,
                "view": unpack(self.to_bytes(), type(self).state_class.layout)}

    @classmethod
    def from_dict(cls, data):
        """The information set ``to_dict`` described; a view no state could give raises ``InvalidStateError``."""
        game = cls.state_class.game
        if not isinstance(data, dict) or data.get("game") != game or not isinstance(data.get("view"), dict):
            raise InvalidStateError(f"expected {{'game': '{game}', 'seat': int, 'view': {{...}}}}")
        seat = data.get("seat")
        cdef InformationSet info = cls.__new__(cls)
        raw = pack(data["view"], cls.state_class.layout, info.block_size, f"{game} view")
        memcpy(info.block, <char*>raw, info.block_size)
        n = info._view_state()._num_players()
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= n <= MAX_SEATS or not 0 <= seat < n:
            raise InvalidStateError(f"{game} view: seat {seat!r:.20} out of range")
        info.seat = seat
        problem = info.validate()
        if problem:
            raise InvalidStateError(f"{game} view of seat {seat}: {problem}")
        return info


cdef class Policy:
    """A rollout policy; this base plays uniformly random legal actions (games subclass it with a heuristic)."""

    cdef int _choose(self, GameState state, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int n = state._legal_actions(buf)
        return buf[rng_below(rng, n)] if n > 0 else -1         # -1: no legal action (a state no game reaches)

    cdef void _weights(self, GameState state, const int* actions, int n, double* out, Rng* rng) noexcept nogil:
        cdef int i
        for i in range(n):
            out[i] = 1.0 / n

    def weights(self, GameState state, seed: int = 0) -> dict:
        """The probability of each legal action of ``state``'s mover under this policy, ``{action: p}`` (a policy
        that estimates it draws from ``seed``)."""
        cdef int buf[MAX_ACTIONS]
        cdef double out[MAX_ACTIONS]
        cdef Rng rng
        cdef int n, i
        if state._is_terminal():
            raise ValueError("the game is over: no action to weigh")
        rng_seed(&rng, _seed_to_u64(seed))
        n = state._legal_actions(buf)
        self._weights(state, buf, n, out, &rng)
        return {buf[i]: out[i] for i in range(n)}

    def choose(self, GameState state, seed: int) -> int:
        """The policy's action for ``state.current_player()``, with its random choices drawn from ``seed``."""
        cdef Rng rng
        if state._is_terminal():
            raise ValueError("the game is over: no action to choose")
        rng_seed(&rng, _seed_to_u64(seed))
        return self._choose(state, &rng)
