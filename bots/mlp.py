"""The training math of the guiding network (``deadeye.search.network``), in numpy: a batched forward pass, the
loss and its gradients, and Adam.  numpy on one thread is deterministic, so a training run replays bit for bit from
its seed; networks this small train in seconds a generation on a CPU.  :func:`train` holds BLAS to one thread
itself (threadpoolctl): a BLAS on several threads splits its sums by the thread count, which would make the
weights depend on the machine's cores and on the environment.

The loss of a batch is the cross-entropy of the policy (a softmax over each example's legal actions) against the
search's visit shares, plus ``value_weight`` times the binary cross-entropy of each seat's sigmoid value against the
game's result for that seat (seats absent from the game are masked out), plus L2 on the weights (not the biases).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from threadpoolctl import threadpool_limits

WEIGHTS = ("w1", "w2", "wp", "wv")        # the arrays L2 applies to
TINY = 1e-30                              # weights below this are zero (float32's subnormals start at 1.2e-38)


@dataclass
class Batch:
    """Examples, one row each: encodings, legal masks, target policies (zero off the mask, each row summing to 1),
    target values per seat counted from the encoded one, and which of those seats play (1) or are absent (0)."""

    x: np.ndarray            # float32 (n, inputs)
    mask: np.ndarray         # bool (n, actions)
    policy: np.ndarray       # float32 (n, actions)
    value: np.ndarray        # float32 (n, seats)
    seats: np.ndarray        # float32 (n, seats)

    def __len__(self) -> int:
        return len(self.x)

    def take(self, rows: np.ndarray) -> "Batch":
        return Batch(self.x[rows], self.mask[rows], self.policy[rows], self.value[rows], self.seats[rows])


def forward(w: dict, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(policy probabilities, zero off the mask; sigmoid values; the activations backward needs)."""
    a1 = np.maximum(x @ w["w1"] + w["b1"], 0.0)
    a2 = np.maximum(a1 @ w["w2"] + w["b2"], 0.0)
    logits = a2 @ w["wp"].T + w["bp"]
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    v = 1.0 / (1.0 + np.exp(-(a2 @ w["wv"].T + w["bv"])))
    return p, v, (a1, a2)


def loss_and_grads(w: dict, batch: Batch, value_weight: float = 1.0, l2: float = 1e-4) -> tuple[dict, dict]:
    """({"policy", "value", "l2", "total"} losses of the batch, the gradient of the total for every array)."""
    n = len(batch)
    p, v, (a1, a2) = forward(w, batch.x, batch.mask)
    eps = 1e-7
    policy_loss = -np.sum(batch.policy * np.log(np.where(batch.mask, p, 1.0) + eps)) / n
    seats = np.maximum(batch.seats.sum(), 1.0)
    value_loss = -np.sum(batch.seats * (batch.value * np.log(v + eps) + (1 - batch.value) * np.log(1 - v + eps))) \
        / seats
    l2_loss = l2 * sum(float(np.sum(w[k] ** 2)) for k in WEIGHTS)
    d_logits = (p - batch.policy) / n                           # softmax cross-entropy; zero off the mask
    d_value = value_weight * batch.seats * (v - batch.value) / seats
    g = {"wp": d_logits.T @ a2, "bp": d_logits.sum(axis=0), "wv": d_value.T @ a2, "bv": d_value.sum(axis=0)}
    d_a2 = (d_logits @ w["wp"] + d_value @ w["wv"]) * (a2 > 0)
    g["w2"], g["b2"] = a1.T @ d_a2, d_a2.sum(axis=0)
    d_a1 = (d_a2 @ w["w2"].T) * (a1 > 0)
    g["w1"], g["b1"] = batch.x.T @ d_a1, d_a1.sum(axis=0)
    for k in WEIGHTS:
        g[k] = g[k] + 2 * l2 * w[k]
    losses = {"policy": float(policy_loss), "value": float(value_loss), "l2": l2_loss}
    losses["total"] = losses["policy"] + value_weight * losses["value"] + l2_loss
    return losses, {k: a.astype(w[k].dtype) for k, a in g.items()}


@dataclass
class Adam:
    """Adam (Kingma & Ba 2015) over a dict of arrays, updated in place."""

    lr: float = 1e-3
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    steps: int = 0
    m: dict = field(default_factory=dict)
    v: dict = field(default_factory=dict)

    def step(self, w: dict, grads: dict) -> None:
        self.steps += 1
        c1, c2 = 1 - self.beta1 ** self.steps, 1 - self.beta2 ** self.steps
        for k, g in grads.items():
            m = self.m[k] = self.beta1 * self.m.get(k, 0.0) + (1 - self.beta1) * g
            v = self.v[k] = self.beta2 * self.v.get(k, 0.0) + (1 - self.beta2) * g * g
            w[k] -= (self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)).astype(w[k].dtype)
            w[k][np.abs(w[k]) < TINY] = 0.0          # no subnormal weight: each costs the forward pass ~100x


def train(w: dict, data: Batch, epochs: int, batch_size: int, seed: int, lr: float = 1e-3,
          value_weight: float = 1.0, l2: float = 1e-4) -> list[dict]:
    """``epochs`` passes over ``data`` in shuffled minibatches (the order from ``seed``), updating ``w`` in place;
    the mean losses of each epoch."""
    rng, opt, history = np.random.default_rng(seed), Adam(lr=lr), []
    with threadpool_limits(limits=1, user_api="blas"):
        for _ in range(epochs):
            order, sums, batches = rng.permutation(len(data)), {}, 0
            for start in range(0, len(data), batch_size):
                losses, grads = loss_and_grads(w, data.take(order[start:start + batch_size]), value_weight, l2)
                opt.step(w, grads)
                for k, x in losses.items():
                    sums[k] = sums.get(k, 0.0) + x
                batches += 1
            history.append({k: x / max(batches, 1) for k, x in sums.items()})
    return history
