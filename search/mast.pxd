# MAST: the Move-Average Sampling Technique's table and its playout choice (search/mast.pyx).
from libc.stdint cimport int32_t, uint64_t

from deadeye.core.rng cimport Rng, rng_next, rng_below
from deadeye.core.state cimport MAX_ACTIONS, MAX_SEATS


cdef struct MastTable:
    double reward[MAX_SEATS][MAX_ACTIONS]     # summed reward of the seat that played the action, over its plays
    int32_t count[MAX_SEATS][MAX_ACTIONS]     # how often that seat played that action in this search's iterations


cdef inline uint64_t explore_threshold(double epsilon) noexcept nogil:
    # The draw of rng_next below which a move is uniformly random: epsilon of the 2**64 outcomes (1.0: every one
    # but the largest).
    if epsilon >= 1.0:
        return <uint64_t>0xFFFFFFFFFFFFFFFFULL
    return <uint64_t>(epsilon * 18446744073709551616.0)


cdef inline bint explores(Rng* rng, uint64_t threshold) noexcept nogil:
    # True with probability threshold / 2**64; draws nothing when the threshold is 0 (no exploration), so a
    # rollout without exploration replays exactly as before the option existed.
    return threshold != 0 and rng_next(rng) < threshold


cdef inline void mast_clear(MastTable* t) noexcept nogil:
    cdef int p, a
    for p in range(MAX_SEATS):
        for a in range(MAX_ACTIONS):
            t.reward[p][a] = 0.0
            t.count[p][a] = 0


cdef inline void mast_add(MastTable* t, int player, int action, double reward) noexcept nogil:
    # One play of ``action`` by ``player`` in an iteration whose reward for ``player`` was ``reward``.
    if 0 <= player < MAX_SEATS and 0 <= action < MAX_ACTIONS:
        t.reward[player][action] += reward
        t.count[player][action] += 1


cdef inline int mast_best(MastTable* t, int player, int* legal, int n, Rng* rng) noexcept nogil:
    # The legal action of the highest mean reward for ``player``; an action it never played counts as the best
    # (tried first, as Finnsson & Bjornsson's CadiaPlayer does); ties are drawn uniformly.  -1 if n == 0.
    cdef int i, a, choice = -1, ties = 0, c
    cdef double v, best = -1.0
    for i in range(n):
        a = legal[i]
        c = t.count[player][a]
        v = t.reward[player][a] / c if c > 0 else 1e300
        if choice < 0 or v > best:
            best, choice, ties = v, a, 1
        elif v == best:
            ties += 1
            if rng_below(rng, ties) == 0:
                choice = a
    return choice
