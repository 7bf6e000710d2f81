"""The policy-and-value network that guides the search (docs/learning.md).

An MLP reads a seat's encoding (``InformationSet.encode()``): two ReLU hidden layers, then a policy head (a logit per
action id, softmaxed over the legal ones) and a value head (a sigmoid per seat, counted from the encoded seat, each an
estimate of that seat's result in [0, 1]).  The forward pass runs in C without the GIL and allocates nothing: the
first layer adds the weight rows of the active inputs (encodings are mostly zeros), and only the legal actions'
logits are computed.  Training (numpy) lives in ``deadeye.bots.training``; this module holds the weights, reads and
writes them with their manifest, and runs them.
"""
import json
import os

import numpy as np

from libc.math cimport expf

from deadeye.core.encoder cimport Encoder
from deadeye.core.state cimport InformationSet, MAX_ACTIONS

ARRAYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")
DEFAULT_HIDDEN = (64, 32)      # the hidden layers of a new network: small enough to cost a few iterations a call
WEIGHTS_FILE = "weights.npz"
MANIFEST_FILE = "manifest.json"


class NetworkError(ValueError):
    """Weights that cannot be used here: a missing file, arrays of the wrong shapes, or another encoding."""


def array_shapes(int inputs, int hidden1, int hidden2, int actions, int seats) -> dict:
    """The shape of each weight array, in the block's order."""
    return {"w1": (inputs, hidden1), "b1": (hidden1,), "w2": (hidden1, hidden2), "b2": (hidden2,),
            "wp": (actions, hidden2), "bp": (actions,), "wv": (seats, hidden2), "bv": (seats,)}


cdef int scratch_floats(const NetShape* shape) noexcept nogil:
    return shape.hidden1 + shape.hidden2


cdef inline float _dot(const float* a, const float* b, int n) noexcept nogil:
    """Eight running sums, so that the additions do not wait on each other (without fast-math the compiler keeps
    one sum's order and cannot vectorise it)."""
    cdef int i = 0, k
    cdef float s[8]
    cdef float total = 0.0
    for k in range(8):
        s[k] = 0.0
    while i + 8 <= n:
        for k in range(8):
            s[k] += a[i + k] * b[i + k]
        i += 8
    while i < n:
        s[0] += a[i] * b[i]
        i += 1
    for k in range(8):
        total += s[k]
    return total


cdef void forward(const NetWeights* w, const float* x, const int* actions, int n_actions, float* prior,
                  float* value, float* scratch) noexcept nogil:
    cdef int i, j, h1 = w.shape.hidden1, h2 = w.shape.hidden2
    cdef float* a1 = scratch
    cdef float* a2 = scratch + h1
    cdef const float* row
    cdef float xi, top, total
    for j in range(h1):
        a1[j] = w.b1[j]
    for i in range(w.shape.inputs):
        xi = x[i]
        if xi != 0.0:
            row = w.w1 + <Py_ssize_t>i * h1
            for j in range(h1):
                a1[j] += xi * row[j]
    for j in range(h2):
        a2[j] = w.b2[j]
    for i in range(h1):
        xi = a1[i]
        if xi > 0.0:                                        # ReLU: an inactive unit adds nothing
            row = w.w2 + <Py_ssize_t>i * h2
            for j in range(h2):
                a2[j] += xi * row[j]
    for j in range(h2):
        if a2[j] < 0.0:
            a2[j] = 0.0
    if prior != NULL and n_actions > 0:
        top = -1e30
        for i in range(n_actions):
            prior[i] = w.bp[actions[i]] + _dot(w.wp + <Py_ssize_t>actions[i] * h2, a2, h2)
            if prior[i] > top:
                top = prior[i]
        total = 0.0
        for i in range(n_actions):
            prior[i] = expf(prior[i] - top)
            total += prior[i]
        for i in range(n_actions):
            prior[i] /= total
    if value != NULL:
        for i in range(w.shape.seats):
            value[i] = 1.0 / (1.0 + expf(-(w.bv[i] + _dot(w.wv + <Py_ssize_t>i * h2, a2, h2))))


cdef class Network:
    """Weights of one game's network and their manifest; ``forward`` runs it on one encoding.

    >>> import numpy as np
    >>> net = Network.initial(inputs=3, hidden=(4, 4), actions=2, seats=2, seed=1)
    >>> prior, value = net.forward(np.array([1, 0, 1], dtype=np.float32), np.array([True, True]))
    >>> round(float(prior.sum()), 6), value.shape, bool(((value > 0) & (value < 1)).all())
    (1.0, (2,), True)
    """

    def __init__(self, arrays: dict, manifest: dict | None = None) -> None:
        try:
            w1, wp, wv = arrays["w1"], arrays["wp"], arrays["wv"]
            shapes = array_shapes(w1.shape[0], w1.shape[1], wp.shape[1], wp.shape[0], wv.shape[0])
        except (KeyError, AttributeError, IndexError, TypeError):
            raise NetworkError(f"a network needs the arrays {', '.join(ARRAYS)}, two-dimensional weights") from None
        for name, shape in shapes.items():
            if name not in arrays or tuple(np.shape(arrays[name])) != shape:
                raise NetworkError(f"weight array {name} has shape {np.shape(arrays.get(name))}, not {shape}")
        block = np.concatenate([np.asarray(arrays[n], dtype=np.float32).ravel() for n in ARRAYS])
        block[np.abs(block) < 1e-30] = 0.0       # subnormal floats make the CPU's arithmetic ~100 times slower
        block.setflags(write=False)
        self.block = block
        self.manifest = dict(manifest or {})
        cdef const float[::1] view = block
        cdef const float* base = &view[0]
        self.w.shape.inputs, self.w.shape.hidden1 = shapes["w1"]
        self.w.shape.hidden2, self.w.shape.actions, self.w.shape.seats = shapes["b2"][0], shapes["bp"][0], \
            shapes["bv"][0]
        offsets, at = {}, 0
        for name in ARRAYS:
            offsets[name] = at
            at += int(np.prod(shapes[name]))
        self.w.w1 = base + <Py_ssize_t>offsets["w1"]
        self.w.b1 = base + <Py_ssize_t>offsets["b1"]
        self.w.w2 = base + <Py_ssize_t>offsets["w2"]
        self.w.b2 = base + <Py_ssize_t>offsets["b2"]
        self.w.wp = base + <Py_ssize_t>offsets["wp"]
        self.w.bp = base + <Py_ssize_t>offsets["bp"]
        self.w.wv = base + <Py_ssize_t>offsets["wv"]
        self.w.bv = base + <Py_ssize_t>offsets["bv"]

    @classmethod
    def initial(cls, int inputs, hidden: tuple, int actions, int seats, int seed, manifest: dict | None = None):
        """Fresh weights from ``seed``: He-scaled normal weights for the ReLU layers, zero heads and biases (so a
        new network's policy is uniform over the legal actions and its values are 0.5)."""
        rng = np.random.default_rng(seed)
        h1, h2 = hidden
        arrays = {n: np.zeros(s, dtype=np.float32) for n, s in array_shapes(inputs, h1, h2, actions, seats).items()}
        arrays["w1"] = (rng.standard_normal((inputs, h1)) * np.sqrt(2.0 / max(inputs, 1))).astype(np.float32)
        arrays["w2"] = (rng.standard_normal((h1, h2)) * np.sqrt(2.0 / h1)).astype(np.float32)
        return cls(arrays, manifest)

    def arrays(self) -> dict:
        """The weights as named float32 arrays (copies)."""
        cdef NetShape s = self.w.shape
        out, at = {}, 0
        for name, shape in array_shapes(s.inputs, s.hidden1, s.hidden2, s.actions, s.seats).items():
            size = int(np.prod(shape))
            out[name] = np.array(self.block[at:at + size]).reshape(shape)
            at += size
        return out

    @property
    def shape(self) -> dict:
        return {"inputs": self.w.shape.inputs, "hidden": [self.w.shape.hidden1, self.w.shape.hidden2],
                "actions": self.w.shape.actions, "seats": self.w.shape.seats}

    def forward(self, x, mask):
        """(the policy over every action id, zero where ``mask`` is false; the value of each seat counted from the
        encoded one) for one encoding ``x``."""
        cdef NetShape s = self.w.shape
        x = np.ascontiguousarray(x, dtype=np.float32)
        mask = np.asarray(mask, dtype=bool)
        if x.shape != (s.inputs,) or mask.shape != (s.actions,):
            raise ValueError(f"forward: an encoding of {s.inputs} floats and a mask of {s.actions}, not "
                             f"{x.shape} and {mask.shape}")
        legal = np.flatnonzero(mask).astype(np.intc)
        prior = np.zeros(max(len(legal), 1), dtype=np.float32)
        value = np.zeros(s.seats, dtype=np.float32)
        scratch = np.zeros(scratch_floats(&s), dtype=np.float32)
        cdef const float[::1] xv = x
        cdef int[::1] lv = legal if len(legal) else np.zeros(1, dtype=np.intc)
        cdef float[::1] pv = prior, vv = value, sv = scratch
        cdef int n = len(legal)
        with nogil:
            forward(&self.w, &xv[0], &lv[0], n, &pv[0], &vv[0], &sv[0])
        policy = np.zeros(s.actions, dtype=np.float32)
        policy[legal] = prior[:len(legal)]
        return policy, value

    # ------------------------------------------------------------------ files
    def save(self, folder: str) -> None:
        """``folder/weights.npz`` and ``folder/manifest.json`` (the manifest with the network's shape)."""
        os.makedirs(folder, exist_ok=True)
        np.savez(os.path.join(folder, WEIGHTS_FILE), **self.arrays())
        with open(os.path.join(folder, MANIFEST_FILE), "w", encoding="utf-8") as f:
            json.dump({**self.manifest, "shape": self.shape}, f, indent=2, sort_keys=True)
            f.write("\n")

    @classmethod
    def load(cls, folder: str, game: str | None = None, fingerprint: str | None = None):
        """The network saved in ``folder``; with ``game`` and ``fingerprint``, a ``NetworkError`` unless it was
        trained for that game on that encoding (never a silent misuse of another encoding's weights)."""
        try:
            with open(os.path.join(folder, MANIFEST_FILE), encoding="utf-8") as f:
                manifest = json.load(f)
            with np.load(os.path.join(folder, WEIGHTS_FILE)) as data:
                arrays = {n: data[n] for n in data.files}
        except (OSError, ValueError) as exc:
            raise NetworkError(f"no network in {folder}: {exc}") from None
        if game is not None and manifest.get("game") != game:
            raise NetworkError(f"{folder} holds a network for {manifest.get('game')!r}, not {game!r}")
        if fingerprint is not None and manifest.get("encoding", {}).get("fingerprint") != fingerprint:
            found = manifest.get("encoding", {})
            raise NetworkError(f"{folder} was trained on {game}'s encoding version {found.get('version')} "
                               f"(fingerprint {found.get('fingerprint')}), not the current one ({fingerprint}): "
                               "retrain it (deadeye train) or use the deadeye version it was made with")
        return cls(arrays, manifest)


def costs_ns(Network net, list infos, int rounds) -> tuple:
    """(ns to encode one information set, ns of one forward pass over its legal actions), each averaged over
    ``rounds`` passes over ``infos`` in C, as the search pays them (for ``deadeye bench``)."""
    from time import perf_counter_ns

    cdef int n = len(infos), size = net.w.shape.inputs, i, r, k
    if n == 0 or rounds < 1:
        raise ValueError("costs_ns: information sets and at least one round")
    x = np.zeros((n, size), dtype=np.float32)
    legal = np.zeros((n, MAX_ACTIONS), dtype=np.intc)
    counts = np.zeros(n, dtype=np.intc)
    for i, info in enumerate(infos):
        found = np.flatnonzero(info.legal_mask())
        legal[i, :len(found)] = found
        counts[i] = len(found)
    cdef float[:, ::1] xv = x
    cdef int[:, ::1] lv = legal
    cdef int[::1] cv = counts
    cdef float[::1] prior = np.zeros(MAX_ACTIONS, dtype=np.float32), value = np.zeros(net.w.shape.seats,
                                                                                         dtype=np.float32)
    cdef float[::1] scratch = np.zeros(scratch_floats(&net.w.shape), dtype=np.float32)
    cdef InformationSet one
    cdef Encoder e
    start = perf_counter_ns()
    for r in range(rounds):
        for i in range(n):
            one = <InformationSet>infos[i]
            for k in range(size):
                xv[i, k] = 0.0
            e.out, e.size, e.pos = &xv[i, 0], size, 0
            one._encode(&e)
    encode = (perf_counter_ns() - start) / (rounds * n)
    start = perf_counter_ns()
    with nogil:
        for r in range(rounds):
            for i in range(n):
                forward(&net.w, &xv[i, 0], &lv[i, 0], cv[i], &prior[0], &value[0], &scratch[0])
    return encode, (perf_counter_ns() - start) / (rounds * n)
