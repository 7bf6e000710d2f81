# A small policy-and-value network (an MLP of two hidden layers) that guides the search: its forward pass, in C, on
# float32 weights held in one contiguous block, without the GIL and without allocation (docs/learning.md).


cdef struct NetShape:
    int inputs              # the game's encoding size (docs/encodings.md)
    int hidden1             # units of the first hidden layer (ReLU)
    int hidden2             # units of the second hidden layer (ReLU)
    int actions             # the game's action ids: the policy head's logits
    int seats               # the value head: one estimate per seat counted from the encoded seat (0 = that seat)


cdef struct NetWeights:     # pointers into one float32 block, in this order
    NetShape shape
    const float* w1         # inputs x hidden1, input-major: an active input adds its row
    const float* b1         # hidden1
    const float* w2         # hidden1 x hidden2, row-major
    const float* b2         # hidden2
    const float* wp         # actions x hidden2: a legal action's logit is one dot product
    const float* bp         # actions
    const float* wv         # seats x hidden2
    const float* bv         # seats


cdef int scratch_floats(const NetShape* shape) noexcept nogil     # the scratch a forward pass needs

cdef void forward(const NetWeights* w, const float* x, const int* actions, int n_actions, float* prior,
                  float* value, float* scratch) noexcept nogil
    # prior[i] := the policy's probability of actions[i] (a softmax over the n_actions given, the legal ones);
    # value[r] := the estimated result (in [0, 1]) of the seat r places after the encoded one; prior or value may
    # be NULL to skip that head; scratch holds scratch_floats(&w.shape) floats.


cdef class Network:
    cdef NetWeights w       # points into `block`
    cdef object block       # the float32 numpy array that owns the weights (read-only)
    cdef readonly object manifest   # what the weights are and how they were made (a dict; see docs/learning.md)
