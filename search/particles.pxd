# Inference over the hidden parts of a game: a particle filter kept across the moves of a game (search/particles.pyx).
from deadeye.core.rng cimport Rng
from deadeye.core.state cimport GameState, InformationSet, Policy


cdef class Belief:
    # The particles of one decision, frozen for a search: their C data blocks side by side and their cumulative
    # weights, so that a search draws its determinisations without the GIL.
    cdef readonly int seat          # the seat whose belief this is
    cdef readonly int count         # particles
    cdef readonly object state_class   # the particles' GameState class (a search draws only into its own game)
    cdef size_t size                # bytes of one particle's data block
    cdef char* blocks               # count * size bytes
    cdef double* cumulative         # cumulative[i]: the weights of particles 0 .. i (the last one is the total)

    cdef void _draw(self, GameState out, Rng* rng) noexcept nogil   # out := a particle drawn by weight, with a
                                                                    # fresh chance stream from rng


cdef class ParticleFilter:
    cdef readonly int seat          # the observing seat
    cdef readonly int count         # particles
    cdef readonly double noise      # the model of play: this share uniform over the legal actions, the rest policy
    cdef Policy policy              # the model of play's policy (None: uniform)
    cdef list _states               # the particles: full states consistent with the seat's information set
    cdef list _weights              # their weights (summing to 1)
    cdef Rng rng                    # every random choice of the filter
    cdef readonly int observed      # actions observed
    cdef readonly int resamples     # systematic resamplings (the effective sample size fell below half)
    cdef readonly int renewed       # particles replaced by a fresh sample of the information set before the action
    cdef readonly int rejuvenated   # particles replaced by a fresh sample of the one after it (no renewal fitted)
    cdef InformationSet _info       # the seat's information set after the last observation

    cdef GameState _fresh_state(self, InformationSet info)
    cdef GameState _through_hidden(self, GameState p, int player)
    cdef GameState _advance(self, GameState particle, int action, InformationSet after)
