"""Is a sampler exact?  Compare it with an exact reference sampler, on any statistic of what it draws.

``compare(sample_fn, reference_fn, statistic, n, seed)`` draws ``n`` values from each (every call gets a
``random.Random`` of its own stream, derived from ``seed``), applies ``statistic`` (any hashable outcome) and
returns ``(p, tv, noise)``:

- ``p``: the p-value of Pearson's chi-square test that both samples come from one distribution (a 2 x K
  contingency table; outcomes seen fewer than 5 times in all are pooled into one cell);
- ``tv``: the total-variation distance between the two empirical distributions;
- ``noise``: the distance expected between two samples of size ``n`` of one distribution (from the pooled
  frequencies), so that ``tv`` can be read against it.

An exact sampler gives p spread uniformly over [0, 1] and tv about ``noise``.  The reference is usually a rejection
sampler that deals the physical cards uniformly and keeps the deals consistent with what the seat observed.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, Hashable


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` degrees of freedom (regularised upper incomplete gamma)."""
    if df <= 0:
        return 1.0
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    if z < a + 1:                                      # series for the lower part
        term = total = 1.0 / a
        k = a
        while term > total * 1e-15:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # continued fraction for the upper part (Lentz)
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-z + a * math.log(z) - math.lgamma(a)) * h)


def two_sample(a: Counter, b: Counter) -> tuple[float, float, float]:
    """(chi-square p-value, TV distance, noise TV) of two samples given as outcome counts of equal size."""
    n_a, n_b = sum(a.values()), sum(b.values())
    keys = set(a) | set(b)
    cells, rare_a, rare_b = [], 0, 0
    for k in keys:
        if a[k] + b[k] >= 5:
            cells.append((a[k], b[k]))
        else:
            rare_a, rare_b = rare_a + a[k], rare_b + b[k]
    if rare_a + rare_b:
        cells.append((rare_a, rare_b))
    chi2 = 0.0
    for x, y in cells:
        total = x + y
        for obs, size in ((x, n_a), (y, n_b)):
            expected = total * size / (n_a + n_b)
            chi2 += (obs - expected) ** 2 / expected
    p = chi2_sf(chi2, len(cells) - 1)
    tv = 0.5 * sum(abs(a[k] / n_a - b[k] / n_b) for k in keys)
    noise = 0.0
    for k in keys:
        q = (a[k] + b[k]) / (n_a + n_b)
        noise += math.sqrt(q * (1 - q) * (1 / n_a + 1 / n_b)) * math.sqrt(2 / math.pi)
    return p, tv, 0.5 * noise


def compare(sample_fn: Callable[[random.Random], Any], reference_fn: Callable[[random.Random], Any],
            statistic: Callable[[Any], Hashable], n: int, seed: int) -> tuple[float, float, float]:
    """Draw ``n`` outcomes from the sampler and from the reference and test that they agree (see the module)."""
    rng_s, rng_r = random.Random(f"{seed}:sampler"), random.Random(f"{seed}:reference")
    a = Counter(statistic(sample_fn(rng_s)) for _ in range(n))
    b = Counter(statistic(reference_fn(rng_r)) for _ in range(n))
    return two_sample(a, b)


def distribution(counts: Counter) -> dict:
    """Outcome -> frequency, for messages."""
    n = sum(counts.values())
    return {k: round(v / n, 3) for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))}
