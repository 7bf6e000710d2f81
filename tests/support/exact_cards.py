"""Compare a sampler with an exact reference distribution: a chi-square test and the total-variation distance.

A test names a position, a statistic of a sample (the hidden cards of one seat, say) and the exact distribution of
that statistic, computed independently of the sampler (by enumerating the consistent deals, or by rejection from
uniform physical deals); ``compare`` draws ``n`` samples at a fixed seed and measures how far they are from it.

>>> result = compare(lambda s: s % 2, lambda: {0: 0.5, 1: 0.5}, lambda x: x, 1000, 0)
>>> result.p_value > 0.001, result.tv < 0.01, result.impossible
(True, True, [])
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Hashable


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` degrees of freedom: the regularised upper incomplete gamma
    function Q(dof / 2, x / 2), by its series below a + 1 and its continued fraction above (Numerical Recipes)."""
    if dof <= 0:
        return 1.0
    a, z = dof / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    b = z + 1 - a
    c, d = 1e300, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


@dataclass
class Comparison:
    """A sampler against an exact distribution: chi-square p-value (bins with an expected count below 5 merged),
    total-variation distance and the TV that exact sampling shows at this ``n`` (mean over simulated runs)."""
    n: int
    p_value: float
    chi2: float
    dof: int
    tv: float
    tv_noise: float
    impossible: list = field(default_factory=list)   # categories sampled that the reference gives probability 0

    def __str__(self) -> str:
        return (f"n={self.n} chi2={self.chi2:.1f} dof={self.dof} p={self.p_value:.3g} "
                f"TV={self.tv:.4f} (noise {self.tv_noise:.4f})")


def tv_noise(probs: list, n: int, seed: int, runs: int = 20) -> float:
    """The mean TV distance between ``probs`` and the empirical distribution of ``n`` exact draws from it."""
    rng = random.Random(seed)
    cats = list(range(len(probs)))
    total = 0.0
    for _ in range(runs):
        counts = Counter(rng.choices(cats, weights=probs, k=n))
        total += 0.5 * sum(abs(counts[i] / n - p) for i, p in enumerate(probs))
    return total / runs


def compare(sample_fn: Callable[[int], object], reference_fn: Callable[[], dict],
            statistic: Callable[[object], Hashable], n: int, seed: int) -> Comparison:
    """Draw ``sample_fn(s)`` for ``n`` seeds derived from ``seed`` and compare the distribution of
    ``statistic(sample)`` with ``reference_fn()``, a dict from each possible value to its probability (or weight)."""
    reference = reference_fn()
    weight = sum(reference.values())
    probs = {k: v / weight for k, v in reference.items() if v > 0}
    seeds = random.Random(seed)
    counts = Counter(statistic(sample_fn(seeds.getrandbits(63))) for _ in range(n))
    impossible = sorted((k for k in counts if k not in probs), key=repr)
    tv = 0.5 * (sum(abs(counts[k] / n - p) for k, p in probs.items()) + sum(counts[k] for k in impossible) / n)
    bins, merged_expected, merged_count = [], 0.0, 0
    for k, p in sorted(probs.items(), key=lambda kv: -kv[1]):
        if n * p >= 5:
            bins.append((n * p, counts[k]))
        else:
            merged_expected += n * p
            merged_count += counts[k]
    if merged_expected > 0:
        bins.append((merged_expected, merged_count))
    chi2 = sum((o - e) ** 2 / e for e, o in bins)
    dof = len(bins) - 1
    p_value = 0.0 if impossible else chi2_sf(chi2, dof)
    return Comparison(n, p_value, chi2, dof, tv, tv_noise(list(probs.values()), n, seed), impossible)
