# A stop request for one search (search/stop.pyx).

cdef class StopToken:
    cdef volatile int flag      # 0 until set(); the search reads it without the GIL, between and inside iterations
