# The writer every game's encoding uses (docs/encodings.md): a cursor over a caller's float32 buffer, and the few
# shapes a feature takes.  A game's InformationSet._encode(e) writes its declared features in order with these, from
# its view alone, so that two states the seat cannot tell apart encode identically.  Every value is in [0, 1].
from libc.stdint cimport uint64_t


cdef struct Encoder:
    float* out               # the caller's buffer of `size` floats, zeroed before _encode writes it
    int size                 # its length: nothing is written past it (a wrong count is reported, never written)
    int pos                  # floats written so far (the base class checks it ends at exactly `size`)


cdef inline bint _room(Encoder* e, int n) noexcept nogil:
    """Whether ``n`` more floats fit; if not, only the count moves on."""
    if e.pos + n <= e.size:
        return True
    e.pos += n
    return False


cdef inline void put(Encoder* e, double value) noexcept nogil:
    """One float, clipped to [0, 1]."""
    if not _room(e, 1):
        return
    e.out[e.pos] = <float>(0.0 if value < 0.0 else 1.0 if value > 1.0 else value)
    e.pos += 1


cdef inline void put_flag(Encoder* e, bint flag) noexcept nogil:
    if not _room(e, 1):
        return
    e.out[e.pos] = 1.0 if flag else 0.0
    e.pos += 1


cdef inline void put_onehot(Encoder* e, int value, int n) noexcept nogil:
    """``n`` floats, 1 at ``value`` (none when ``value`` is outside 0 .. n-1: unknown, or absent)."""
    if not _room(e, n):
        return
    if 0 <= value < n:
        e.out[e.pos + value] = 1.0
    e.pos += n


cdef inline void put_bits(Encoder* e, uint64_t mask, int n) noexcept nogil:
    """``n`` floats (n <= 64): bit i of ``mask``."""
    cdef int i
    if not _room(e, n):
        return
    while mask:
        i = __builtin_ctzll(mask)
        if i >= n:
            break
        e.out[e.pos + i] = 1.0
        mask &= mask - 1
    e.pos += n


cdef inline void put_count(Encoder* e, int count, int most) noexcept nogil:
    """A count as a share of its largest value ``most`` (> 0)."""
    put(e, <double>count / most)


cdef inline void skip(Encoder* e, int n) noexcept nogil:
    """``n`` floats left at zero (an absent seat's features, in a game of fewer players than its largest)."""
    e.pos += n


cdef inline int relative_seat(int seat, int viewer, int players) noexcept nogil:
    """``seat`` as the viewer's neighbours count: 0 the viewer, 1 the next seat in turn order, ...; -1 for none."""
    if seat < 0 or seat >= players:
        return -1
    return (seat - viewer + players) % players


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
