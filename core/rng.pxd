# The seeded random generator every game state carries (design habit 12): a few integers of state, copied with the
# state, passed by pointer, never the platform's rand().  SplitMix64 (Steele, Lea & Flood 2014): one 64-bit word of
# state, full period 2**64, passes BigCrush; ample for shuffles and shot flips.
from libc.stdint cimport uint64_t, uint32_t


cdef struct Rng:
    uint64_t state          # the whole generator state; equal states give equal futures


cdef inline uint64_t rng_mix(uint64_t z) noexcept nogil:
    """SplitMix64's output function: a bijection that scatters nearby inputs."""
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline void rng_seed(Rng* rng, uint64_t seed) noexcept nogil:
    """Start at a scrambled point: the state advances by a constant step, so seeds 0, 1, 2... taken as start points
    would give the same stream shifted by a few draws."""
    rng.state = rng_mix(seed ^ <uint64_t>0x632BE59BD9B4E019ULL)


cdef inline uint64_t rng_next(Rng* rng) noexcept nogil:
    rng.state += <uint64_t>0x9E3779B97F4A7C15ULL
    return rng_mix(rng.state)


cdef inline uint32_t rng_below(Rng* rng, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1, by Lemire's multiply-shift (bias below 2**-32 for the sizes used here)."""
    return <uint32_t>(((rng_next(rng) >> 32) * <uint64_t>n) >> 32)
