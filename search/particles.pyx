"""Inference: a particle filter over the hidden parts of a game, kept across the moves of one game by one seat.

Plain ISMCTS treats every state of the seat's information set as equally likely, as if the opponents had played at
random.  The filter weighs them instead by how likely each opponent's observed actions were under a model of play:
the game's heuristic (``Policy._weights``), mixed with ``noise`` of uniform play so that no move the model would not
make rules a state out.

Particles are full states sampled from the seat's information set.  At each action the seat observes (its
observation id, ``GameState.observation``), every particle whose mover is the actor is weighted by the model's
probability of the actions that look like the observed one in that particle's state (the action itself, or the
hidden ones that give the same observation id), and advances by one of them, drawn by the model.  The advanced
particle must give the seat the information set it now has; when chance took part (a card drawn), the particle's
chance is drawn again, a few times, until it does.  A particle that cannot (its player could not have played the
card, its draw never matches) is renewed: a fresh sample of the information set before the action that can give
it, weighted by the model from the mean weight (so that it carries this action's evidence, if not the older ones);
failing a few tries, a fresh sample of the new information set, weighted as the mean of the others.  When the effective sample size falls below half the particles, they are
resampled systematically.  A decision the seat cannot notice (OBS_NONE: a window it cannot know was open) is no
observation: a particle plays such decisions on its own, by the model, whenever it must reach the next mover the
seat sees (or the seat itself, before a search), so that a state with such a window and its twin without one give
the same belief.  A search draws its determinisations from the frozen particles (:class:`Belief`), by
weight, each with a fresh chance stream.

Everything random comes from the filter's seed, and the filter reads only what its seat observes (the observation
ids and its information sets), so two true states the seat cannot tell apart give the same belief.
"""
cimport cython

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memcmp

from deadeye.core.rng cimport Rng, rng_next, rng_seed
from deadeye.core.state cimport GameState, InformationSet, Policy, MAX_ACTIONS, OBS_NONE, determinise

from deadeye.core.errors import InconsistentInformationError

MAX_PARTICLES = 4096           # a filter's particles: each is one state's data block (a few kB at most)
CHANCE_TRIES = 32              # fresh chance streams tried for a particle whose draw does not match the observation
MAX_HIDDEN_MOVES = 64          # decisions the seat cannot notice that a particle plays on its own between two it sees
RENEW_TRIES = 8                # fresh samples tried to renew a particle that cannot give an observation
RESAMPLE_BELOW = 0.5           # resample once the effective sample size falls below this share of the particles


cdef inline double _unit(Rng* rng) noexcept nogil:
    """A uniform double in [0, 1)."""
    return (rng_next(rng) >> 11) * (1.0 / 9007199254740992.0)


@cython.final
cdef class Belief:
    """The particles of one decision and their weights, frozen for a search (``Searcher.search(..., belief=)``)."""

    def __cinit__(self):
        self.blocks = NULL
        self.cumulative = NULL
        self.count = 0

    def __dealloc__(self):
        free(self.blocks)
        free(self.cumulative)

    @staticmethod
    def freeze(int seat, list states, list weights) -> Belief:
        """A belief of ``seat`` over ``states`` (GameStates of one game) with ``weights`` (>= 0, not all 0)."""
        cdef Belief b = Belief.__new__(Belief)
        cdef GameState s
        cdef int i
        cdef double total = 0.0
        if not states or len(states) != len(weights):
            raise ValueError("a belief needs as many weights as states, and at least one state")
        b.seat = seat
        b.state_class = type(states[0])
        s = states[0]
        b.size = s.block_size
        b.blocks = <char*>malloc(len(states) * b.size + 1)
        b.cumulative = <double*>malloc(len(states) * sizeof(double))
        if b.blocks == NULL or b.cumulative == NULL:
            raise MemoryError("no memory for the belief's particles")
        b.count = len(states)
        for i in range(b.count):
            s = states[i]
            if type(s) is not b.state_class:
                raise TypeError("a belief's states are all of one game")
            if not weights[i] >= 0:
                raise ValueError(f"weight {weights[i]!r} is not a number >= 0")
            memcpy(b.blocks + i * b.size, s.block, b.size)
            total += weights[i]
            b.cumulative[i] = total
        if not total > 0:
            raise ValueError("a belief's weights cannot all be 0")
        return b

    cdef void _draw(self, GameState out, Rng* rng) noexcept nogil:
        cdef double u = _unit(rng) * self.cumulative[self.count - 1]
        cdef int lo = 0, hi = self.count - 1, mid
        while lo < hi:                                     # the first particle whose cumulative weight exceeds u
            mid = (lo + hi) // 2
            if self.cumulative[mid] > u:
                hi = mid
            else:
                lo = mid + 1
        memcpy(out.block, self.blocks + lo * self.size, self.size)
        rng_seed(&out.rng, rng_next(rng))

    def draw(self, seed: int) -> GameState:
        """One determinisation, as a search draws it (for tests and inspection)."""
        cdef Rng rng
        cdef GameState out = self.state_class.__new__(self.state_class)
        rng_seed(&rng, seed & 0xFFFFFFFFFFFFFFFF)
        self._draw(out, &rng)
        return out


cdef inline bint _same_data(GameState a, GameState b) noexcept:
    return memcmp(a.block, b.block, a.block_size) == 0


@cython.final
cdef class ParticleFilter:
    """One seat's particles over one game: ``observe`` each action it sees, ``belief`` before each search.

    >>> from deadeye.core import new_game
    >>> state = new_game("kuhn-poker", players=2, seed=1)
    >>> f = ParticleFilter(state.information_set(1), count=8, seed=3)
    >>> len(f.states), round(sum(f.weights), 9)
    (8, 1.0)
    """

    def __init__(self, InformationSet info, int count=64, Policy policy=None, double noise=0.25, seed=0):
        if not 1 <= count <= MAX_PARTICLES:
            raise ValueError(f"count must be an integer from 1 to {MAX_PARTICLES:,}, not {count}")
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be a number in [0, 1], not {noise!r}")
        if policy is None:
            noise = 1.0                                    # no policy: the model is uniform play
        self.seat = info.seat
        self.count = count
        self.noise = noise
        self.policy = policy
        self.observed = self.resamples = self.rejuvenated = self.renewed = 0
        self._info = info
        rng_seed(&self.rng, seed & 0xFFFFFFFFFFFFFFFF)
        self._states = [self._fresh_state(info) for _ in range(count)]
        self._weights = [1.0 / count] * count

    @property
    def states(self) -> list:
        return list(self._states)

    @property
    def weights(self) -> list:
        return list(self._weights)

    def effective_size(self) -> float:
        """The effective sample size of the weights, 1 / sum(w^2): from 1 (one particle holds all) to ``count``."""
        return 1.0 / sum(w * w for w in self._weights)

    cdef GameState _fresh_state(self, InformationSet info):
        cdef GameState out = info.blank_state()
        if not determinise(info, out, &self.rng):
            raise InconsistentInformationError(f"no state is consistent with the information set of seat "
                                               f"{info.seat}: nothing to infer")
        return out

    def _model(self, GameState state) -> tuple:
        """The legal actions of ``state``'s mover and the model's probability of each."""
        cdef int buf[MAX_ACTIONS]
        cdef double out[MAX_ACTIONS]
        cdef int n = state._legal_actions(buf), i
        if n == 0:
            return (), ()
        if self.policy is not None and self.noise < 1.0:
            self.policy._weights(state, buf, n, out, &self.rng)
            for i in range(n):
                out[i] = (1.0 - self.noise) * out[i] + self.noise / n
        else:
            for i in range(n):
                out[i] = 1.0 / n
        return tuple(buf[i] for i in range(n)), tuple(out[i] for i in range(n))

    cdef GameState _advance(self, GameState particle, int action, InformationSet after):
        """``particle`` after ``action``, with its chance redrawn until it gives the seat the information set
        ``after`` (at most CHANCE_TRIES times); None if it never does."""
        cdef GameState trial = particle.clone(), first
        cdef int k
        trial._apply(action)
        if trial.information_set(self.seat) == after:
            return trial
        first = trial
        for k in range(CHANCE_TRIES):
            trial = particle.clone()
            rng_seed(&trial.rng, rng_next(&self.rng))
            trial._apply(action)
            if k == 0 and _same_data(trial, first):
                return None                                # chance plays no part: no draw can make it match
            if trial.information_set(self.seat) == after:
                return trial
        return None

    def _pick(self, list candidates, double likelihood) -> int:
        """One of ``candidates`` ((action, probability) pairs whose probabilities sum to ``likelihood`` > 0), drawn
        by probability."""
        cdef double u = _unit(&self.rng) * likelihood
        for a, w in candidates:
            if u < w:
                return a
            u -= w
        return candidates[len(candidates) - 1][0]

    cdef GameState _through_hidden(self, GameState p, int player):
        """``p`` played on through the decisions the seat cannot notice (OBS_NONE: a window it cannot know was
        open), drawn by the model, until ``player`` is to move (at most MAX_HIDDEN_MOVES of them)."""
        cdef int k
        for k in range(MAX_HIDDEN_MOVES):
            if p._is_terminal() or p._current_player() == player:
                break
            actions, probs = self._model(p)
            candidates = [(a, w) for a, w in zip(actions, probs) if p._observation(a, self.seat) == OBS_NONE]
            likelihood = sum(w for _, w in candidates)
            if likelihood <= 0.0:
                break
            p = p.clone()
            p._apply(self._pick(candidates, likelihood))
        return p

    def _step(self, GameState p, int actor, int observation, InformationSet after) -> tuple:
        """``p`` after the observed action, and the model's likelihood of that observation in ``p``; (None, 0) if
        ``p`` cannot give it (its player could not have made that move, its draws never match ``after``)."""
        cdef GameState q
        cdef int pick
        cdef double likelihood
        p = self._through_hidden(p, actor)
        if p._is_terminal() or p._current_player() != actor:
            return None, 0.0
        actions, probs = self._model(p)
        candidates = [(a, w) for a, w in zip(actions, probs) if p._observation(a, self.seat) == observation]
        if not candidates:
            return None, 0.0
        if actor == self.seat:
            pick, likelihood = candidates[0][0], 1.0       # its own action: seen whole, no evidence
        else:
            likelihood = sum(w for _, w in candidates)
            if likelihood > 0.0:
                pick = self._pick(candidates, likelihood)
            else:                                          # the model rules it out: weight 0, dropped below
                pick = candidates[0][0]
        q = self._advance(p, pick, after)
        return (q, likelihood) if q is not None else (None, 0.0)

    def observe(self, int actor, int observation, InformationSet after) -> None:
        """``actor`` acted and the seat observed ``observation`` of it (``GameState.observation``); ``after`` is
        the seat's information set now.  A decision the seat did not notice (OBS_NONE) is no observation: nothing
        changes (its driver need not even tell it; the particles play such decisions on their own).

        A particle that cannot give the observation is renewed: a fresh sample of the information set before the
        action that can (at most RENEW_TRIES samples), weighed by the model like the others from the mean weight,
        so that even renewed particles carry the evidence of this action; failing that, ``_settle`` replaces it
        by a sample of ``after``."""
        cdef int i, t
        if after.seat != self.seat:
            raise ValueError(f"the filter follows seat {self.seat}, not seat {after.seat}")
        if observation == OBS_NONE:
            return
        self.observed += 1
        if after.is_terminal():
            return                                         # the game is over: nothing left to decide
        states: list = [None] * self.count
        weights: list = [0.0] * self.count
        for i in range(self.count):
            q, likelihood = self._step(self._states[i], actor, observation, after)
            if q is not None:
                states[i], weights[i] = q, self._weights[i] * likelihood
        for i in range(self.count):
            for t in range(RENEW_TRIES if states[i] is None else 0):
                q, likelihood = self._step(self._fresh_state(self._info), actor, observation, after)
                if q is not None:
                    states[i], weights[i] = q, likelihood / self.count
                    self.renewed += 1
                    break
        self._info = after
        self._settle(states, weights, after)

    def _settle(self, list states, list weights, InformationSet info) -> None:
        """Replace the lost particles (None) by fresh samples of ``info`` weighted as the mean of the others,
        normalise, and resample systematically if the effective sample size fell below RESAMPLE_BELOW."""
        cdef int i, j, lost = 0
        cdef double total = 0.0, mean, u, step, acc
        for i in range(self.count):
            if states[i] is None:
                lost += 1
            else:
                total += weights[i]
        if lost == self.count or total <= 0.0:
            states = [self._fresh_state(info) for _ in range(self.count)]
            weights = [1.0] * self.count
            total, lost = float(self.count), self.count
        elif lost:
            mean = total / (self.count - lost)
            for i in range(self.count):
                if states[i] is None:
                    states[i], weights[i] = self._fresh_state(info), mean
                    total += mean
        self.rejuvenated += lost
        weights = [w / total for w in weights]
        if 0.0 in weights or 1.0 / sum(w * w for w in weights) < RESAMPLE_BELOW * self.count:
            self.resamples += 1
            step = 1.0 / self.count
            u = _unit(&self.rng) * step
            chosen, j, acc = [], 0, weights[0]
            for i in range(self.count):
                while u > acc and j < self.count - 1:
                    j += 1
                    acc += weights[j]
                chosen.append(states[j])
                u += step
            states, weights = chosen, [step] * self.count
        self._states, self._weights = states, weights

    def belief(self, InformationSet info) -> Belief:
        """The particles for a search from ``info``, the seat's information set now: a particle it does not give
        (an action the filter was not told of) is replaced by a fresh sample first."""
        cdef int i
        if info.seat != self.seat:
            raise ValueError(f"the filter follows seat {self.seat}, not seat {info.seat}")
        self._info = info
        states = [self._through_hidden(s, self.seat) for s in self._states]
        states = [s if s.current_player() == self.seat and s.information_set(self.seat) == info else None
                  for s in states]
        if any(s is None for s in states) or any(a is not b for a, b in zip(states, self._states)):
            self._settle(states, list(self._weights), info)
        return Belief.freeze(self.seat, self._states, self._weights)
