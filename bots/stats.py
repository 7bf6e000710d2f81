"""The arena's statistics: intervals for win rates, scores and Elo, honest when games share a deal, and the SPRT.

Games of one deal played under different seat rotations (``--duplicate``) are correlated: the luck of the deal is
shared. Treating them as independent understates every standard error. The estimates here therefore take
*clusters* (the deal of each game) and use the cluster-robust variance of a ratio mean over them:

    mean = sum(x) / n,   var = G / (G - 1) * sum_d (sum_{g in d} (x_g - mean))^2 / n^2,   G = number of deals,

which reduces to the ordinary ``s^2 / n`` when every game has a deal of its own. Where games are independent, win
rates keep Wilson's interval. A sweep (every deal won, or every deal lost) has no variance to speak of: its interval
is the one-sided exact binomial bound over the deals, ``alpha ** (1 / G)``.

The SPRT is the generalized sequential probability ratio test of chess testers (fishtest): each observation is one
deal (all its rotations together, like a game pair), its value the first bot's mean score per game in ``[0, 1]``;
the likelihood of each hypothesis is the multinomial likelihood over the observed values, maximized under the mean
score that hypothesis' Elo predicts (for 2 bots and 2 rotations, the pentanomial model; for 1 game per deal, the
trinomial one).

Every function is pure; figures are 95 % unless a ``level`` says otherwise.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any, Hashable, Iterable, Mapping, Sequence

LEVEL = 0.95
Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054


# --- estimates -------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Estimate:
    """A figure with its 95 % interval and how it was computed.

    ``method`` is one of ``wilson`` (independent games), ``clustered`` (normal, standard error clustered by deal),
    ``normal`` (normal, independent observations), ``t`` (Student's t over per-deal observations),
    ``one-sided`` (a sweep: only ``low`` or ``high`` is a bound, the other end is the figure itself).
    """

    value: float
    low: float
    high: float
    method: str
    se: float = math.nan     # standard error of ``value`` (nan where undefined)
    n: int = 0               # observations (games, or deals for a paired figure)
    clusters: int = 0        # independent units (deals)

    @property
    def margin(self) -> float:
        """Half the width of a two-sided interval; nan for a one-sided one."""
        return math.nan if self.method == "one-sided" else (self.high - self.low) / 2

    def to_json(self) -> dict[str, Any]:
        return {k: _json_number(v) for k, v in asdict(self).items()}


def _json_number(x: Any) -> Any:
    """JSON has no nan or infinity: None, and +-1e308 stays readable as a string."""
    if isinstance(x, float) and not math.isfinite(x):
        return None if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (default: 95%); ``(0, 1)`` when ``n`` is 0.

    >>> lo, hi = wilson_interval(7, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.3968, 0.8922)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def clustered_mean(values: Sequence[float], clusters: Sequence[Hashable]) -> tuple[float, float, int]:
    """The mean of ``values`` and its standard error clustered by ``clusters`` (one label per value), and the
    number of clusters; the standard error is nan with fewer than two clusters.

    Two deals of two games each, (1, 0) and (1, 1): mean 3/4, deal residuals 1/2 and 1/2, so
    var = 2/1 * (1/4 + 1/4) / 16 = 1/16:

    >>> clustered_mean([1, 0, 1, 1], [0, 0, 1, 1])
    (0.75, 0.25, 2)
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan, 0
    if len(clusters) != n:
        raise ValueError(f"{n} values but {len(clusters)} cluster labels")
    mean = sum(values) / n
    residuals: dict[Hashable, float] = defaultdict(float)
    for x, c in zip(values, clusters):
        residuals[c] += x - mean
    g = len(residuals)
    if g < 2:
        return mean, math.nan, g
    variance = g / (g - 1) * sum(e * e for e in residuals.values()) / (n * n)
    return mean, math.sqrt(variance), g


def sweep_bound(units: int, level: float = LEVEL) -> float:
    """The one-sided exact lower bound of a proportion when all ``units`` independent trials succeed.

    >>> round(sweep_bound(10), 4)     # 10 deals out of 10: the share is at least 74.1 % (95 %)
    0.7411
    """
    return (1 - level) ** (1 / units) if units > 0 else 0.0


def share_estimate(values: Sequence[float], clusters: Sequence[Hashable], independent: bool) -> Estimate:
    """A share in ``[0, 1]`` per game (a win, a score): its mean and 95 % interval.

    Independent games (each its own deal) get Wilson's interval; games sharing deals the normal interval with the
    standard error clustered by deal; a sweep (every value 1, or every value 0) the one-sided exact bound over the
    deals.

    >>> share_estimate([1, 0, 1, 1], [0, 0, 1, 1], independent=False).se
    0.25
    >>> e = share_estimate([1, 1, 1, 1], [0, 0, 1, 1], independent=False)
    >>> e.method, round(e.low, 4), e.high
    ('one-sided', 0.2236, 1.0)
    """
    mean, se, g = clustered_mean(values, clusters)
    n = len(values)
    if n == 0:
        return Estimate(math.nan, 0.0, 1.0, "none")
    if all(v >= 1 for v in values):
        return Estimate(1.0, sweep_bound(g), 1.0, "one-sided", 0.0, n, g)
    if all(v <= 0 for v in values):
        return Estimate(0.0, 0.0, 1 - sweep_bound(g), "one-sided", 0.0, n, g)
    if independent:
        low, high = wilson_interval(sum(values), n)
        return Estimate(mean, low, high, "wilson", se, n, g)
    if math.isnan(se):
        return Estimate(mean, 0.0, 1.0, "clustered", se, n, g)
    return Estimate(mean, max(0.0, mean - Z95 * se), min(1.0, mean + Z95 * se), "clustered", se, n, g)


def mean_estimate(values: Sequence[float], clusters: Sequence[Hashable]) -> Estimate:
    """A mean (score, rank) with the normal 95 % interval, its standard error clustered by deal (``normal`` when
    every value has a cluster of its own).

    >>> e = mean_estimate([10.0, 20.0, 30.0, 40.0], [0, 1, 2, 3])
    >>> e.value, round(e.se, 4), e.method
    (25.0, 6.455, 'normal')
    """
    mean, se, g = clustered_mean(values, clusters)
    method = "normal" if g == len(values) else "clustered"
    if math.isnan(se):
        return Estimate(mean, math.nan, math.nan, method, se, len(values), g)
    return Estimate(mean, mean - Z95 * se, mean + Z95 * se, method, se, len(values), g)


# --- Student's t, for paired per-deal differences ------------------------------------------------------------------

def t_cdf(t: float, df: int) -> float:
    """P(T <= t) for Student's t with integer ``df`` degrees of freedom (Abramowitz & Stegun 26.7.3 and 26.7.4).

    >>> round(t_cdf(12.7062, 1), 4), round(t_cdf(2.2281, 10), 4)
    (0.975, 0.975)
    """
    if df < 1:
        raise ValueError(f"t needs at least 1 degree of freedom, not {df}")
    theta = math.atan2(t, math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        total, term = 0.0, math.cos(theta)
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        inside = 2 / math.pi * (theta + s * total) if df > 1 else 2 * theta / math.pi
    else:
        total, term = 0.0, 1.0
        for k in range(1, df // 2 + 1):
            total += term
            term *= c2 * (2 * k - 1) / (2 * k)
        inside = s * total
    return 0.5 + inside / 2          # ``inside`` is P(-|t| < T < |t|) with t's sign


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (the normal's beyond 1000).

    >>> round(t_quantile(0.975, 1), 3), round(t_quantile(0.975, 9), 3), round(t_quantile(0.975, 5000), 3)
    (12.706, 2.262, 1.96)
    """
    if df > 1000:
        return NormalDist().inv_cdf(p)
    low, high = -1e6, 1e6
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def paired_difference(differences: Sequence[float]) -> Estimate:
    """The mean of per-deal differences (bot A's figure minus bot B's on the same deal) with Student's t 95 %
    interval: each deal is one independent observation, so the luck of the deal cancels.

    >>> e = paired_difference([2.0, 4.0, 6.0])
    >>> e.value, round(e.se, 4), round(e.low, 3), round(e.high, 3), e.method
    (4.0, 1.1547, -0.968, 8.968, 't')
    """
    n = len(differences)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, "t")
    mean = sum(differences) / n
    if n == 1:
        return Estimate(mean, math.nan, math.nan, "t", math.nan, 1, 1)
    se = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
    half = t_quantile(0.975, n - 1) * se
    return Estimate(mean, mean - half, mean + half, "t", se, n, n)


# --- Elo --------------------------------------------------------------------------------------------------------------

def elo_difference(score: float) -> float:
    """The Elo difference that predicts a score fraction ``score`` (0.5 -> 0; infinite at 0 and 1).

    >>> round(elo_difference(0.75), 1)
    190.8
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo: float) -> float:
    """The score fraction an Elo difference predicts (the logistic model).

    >>> expected_score(0.0), round(expected_score(190.8), 3)
    (0.5, 0.75)
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_from_score(wins: int, losses: int, draws: int, z: float = Z95) -> tuple[float, float]:
    """Elo difference and its margin from a score of independent games, as cutechess-cli computes them.

    The score ``mu = (w + d/2) / n`` has a per-game standard deviation from the observed win, draw and loss rates;
    the margin is half the Elo width between ``mu -/+ z * stdev / sqrt(n)``.

    >>> diff, margin = elo_from_score(15, 5, 0)
    >>> round(diff, 1), round(margin, 1)
    (190.8, 217.6)
    """
    n = wins + losses + draws
    if n == 0:
        return 0.0, math.nan
    w, l, d = wins / n, losses / n, draws / n
    mu = w + d / 2
    stdev = math.sqrt(w * (1 - mu) ** 2 + l * mu ** 2 + d * (0.5 - mu) ** 2) / math.sqrt(n)
    low, high = mu - z * stdev, mu + z * stdev
    if not (0.0 < low and high < 1.0):
        return elo_difference(mu), math.nan
    return elo_difference(mu), (elo_difference(high) - elo_difference(low)) / 2


def elo_from_share(share: Estimate) -> Estimate:
    """The Elo difference a score share predicts, with its 95 % interval: by the delta method from the share's
    standard error (``d elo / d mu = 400 / (ln 10 mu (1 - mu))``), or, for a sweep, the one-sided bound the share's
    bound predicts.

    >>> e = elo_from_share(Estimate(0.75, 0.6, 0.9, "clustered", se=0.05, n=20, clusters=10))
    >>> round(e.value, 1), round(e.margin, 1)
    (190.8, 90.8)
    >>> e = elo_from_share(Estimate(1.0, 0.7411, 1.0, "one-sided", se=0.0, n=20, clusters=10))
    >>> e.value, round(e.low, 1), e.high
    (inf, 182.7, inf)
    """
    mu = share.value
    if share.method == "one-sided" or mu <= 0 or mu >= 1:
        return Estimate(elo_difference(mu), elo_difference(share.low), elo_difference(share.high), "one-sided",
                        math.nan, share.n, share.clusters)
    diff = elo_difference(mu)
    if math.isnan(share.se):
        return Estimate(diff, math.nan, math.nan, share.method, math.nan, share.n, share.clusters)
    se = share.se * 400.0 / (math.log(10.0) * mu * (1.0 - mu))
    return Estimate(diff, diff - Z95 * se, diff + Z95 * se, "delta", se, share.n, share.clusters)


def likelihood_of_superiority(wins: float, losses: float) -> float:
    """The probability that the first bot is the stronger, from decisive games only (cutechess-cli's LOS), 0..1.

    >>> round(likelihood_of_superiority(10, 0), 5)
    0.99922
    """
    if wins + losses == 0:
        return 0.5
    return 0.5 + 0.5 * math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses)))


def clustered_los(share: Estimate) -> float:
    """The probability that the first bot is the stronger, from a share and its clustered standard error.

    >>> round(clustered_los(Estimate(0.6, 0.5, 0.7, "clustered", se=0.05)), 4)
    0.9772
    """
    if share.se == 0 or math.isnan(share.se):
        return 1.0 if share.value > 0.5 else 0.0 if share.value < 0.5 else 0.5
    return NormalDist().cdf((share.value - 0.5) / share.se)


# --- the SPRT ---------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SprtSpec:
    """``elo0=0,elo1=10,alpha=0.05,beta=0.05``: H0 says the first bot is ``elo0`` stronger, H1 ``elo1``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str) -> "SprtSpec":
        """Read ``key=value,...`` (``elo0`` and ``elo1`` required); a ``ValueError`` that says what is wrong.

        >>> SprtSpec.parse("elo0=0,elo1=10")
        SprtSpec(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05)
        """
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
                raise ValueError(f"--sprt takes elo0=,elo1=[,alpha=,beta=], not {part!r}")
            if key in values:
                raise ValueError(f"--sprt gives {key} twice")
            try:
                values[key] = float(value)
            except ValueError:
                raise ValueError(f"--sprt {key} must be a number, not {value!r}") from None
            if not math.isfinite(values[key]):
                raise ValueError(f"--sprt {key} must be finite, not {value!r}")
        missing = [k for k in ("elo0", "elo1") if k not in values]
        if missing:
            raise ValueError(f"--sprt needs {' and '.join(missing)} (e.g. elo0=0,elo1=10)")
        spec = cls(**values)
        if not spec.elo0 < spec.elo1:
            raise ValueError(f"--sprt needs elo0 < elo1, not {spec.elo0:g} and {spec.elo1:g}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(spec, name) < 0.5:
                raise ValueError(f"--sprt {name} must be between 0 and 0.5, not {getattr(spec, name):g}")
        return spec

    @property
    def bounds(self) -> tuple[float, float]:
        """The log-likelihood-ratio bounds: accept H0 at or below the first, H1 at or above the second.

        >>> [round(b, 3) for b in SprtSpec(0, 10).bounds]
        [-2.944, 2.944]
        """
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def __str__(self) -> str:
        return f"elo0={self.elo0:g},elo1={self.elo1:g},alpha={self.alpha:g},beta={self.beta:g}"


REGULARIZE = 1e-3    # the pseudo-count fishtest adds: outcome values 0 and 1 are always possible


def _max_log_likelihood(counts: Mapping[float, float], mean: float) -> float:
    """The largest multinomial log-likelihood of ``counts`` (value -> count, values in [0, 1]) over distributions
    on those values whose mean is ``mean``: ``p_j = n_j / (N (1 + lam (x_j - mean)))``, with ``lam`` solving the
    mean constraint (a decreasing function of ``lam``, found by bisection)."""
    xs = list(counts)
    ns = [counts[x] for x in xs]
    total = sum(ns)
    low, high = -1.0 / (max(xs) - mean), 1.0 / (mean - min(xs))

    def excess(lam: float) -> float:
        return sum(n * (x - mean) / (1 + lam * (x - mean)) for x, n in zip(xs, ns))

    for _ in range(200):
        mid = (low + high) / 2
        if excess(mid) > 0:
            low = mid
        else:
            high = mid
    lam = (low + high) / 2
    return sum(n * math.log(n / (total * (1 + lam * (x - mean)))) for x, n in zip(xs, ns) if n > 0)


def sprt_llr(observations: Iterable[float], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (``elo1``) over H0 (``elo0``) for per-deal scores in [0, 1].

    A sweep of n deals gives about ``n log(s1 / s0)``, the Bernoulli test's value:

    >>> round(sprt_llr([1.0] * 10, 0, 50), 2), round(10 * math.log(expected_score(50) / 0.5), 2)
    (1.34, 1.34)
    >>> sprt_llr([], 0, 10)
    0.0
    """
    counts: Counter[float] = Counter(round(float(x), 9) for x in observations)
    if not counts:
        return 0.0
    if any(not 0 <= x <= 1 for x in counts):
        raise ValueError("SPRT observations are scores in [0, 1]")
    for end in (0.0, 1.0):
        counts[end] += REGULARIZE
    return _max_log_likelihood(counts, expected_score(elo1)) - _max_log_likelihood(counts, expected_score(elo0))


@dataclass(frozen=True)
class SprtResult:
    """Where the test stands: its log-likelihood ratio, bounds and decision (``H0``, ``H1`` or None: go on)."""

    spec: SprtSpec
    llr: float
    lower: float
    upper: float
    deals: int           # observations: complete deals
    decision: str | None

    def to_json(self) -> dict[str, Any]:
        return {"elo0": self.spec.elo0, "elo1": self.spec.elo1, "alpha": self.spec.alpha, "beta": self.spec.beta,
                "llr": self.llr, "lower": self.lower, "upper": self.upper, "deals": self.deals,
                "decision": self.decision}

    def __str__(self) -> str:
        e0, e1 = f"{self.spec.elo0:+g}", f"{self.spec.elo1:+g}"
        verdict = {"H1": f"H1 accepted ({e1} Elo rather than {e0})", "H0": f"H0 accepted ({e0} Elo rather than {e1})",
                   None: "no decision yet"}[self.decision]
        return (f"LLR {self.llr:.2f} (bounds {self.lower:.2f}, {self.upper:.2f}) over {self.deals} deals: "
                f"{verdict}")


def sprt(observations: Sequence[float], spec: SprtSpec) -> SprtResult:
    """The test on these per-deal scores.

    >>> sprt([1.0] * 23, SprtSpec(0, 50)).decision, sprt([1.0] * 21, SprtSpec(0, 50)).decision
    ('H1', None)
    """
    llr = sprt_llr(observations, spec.elo0, spec.elo1)
    lower, upper = spec.bounds
    decision = "H1" if llr >= upper else "H0" if llr <= lower else None
    return SprtResult(spec, llr, lower, upper, len(observations), decision)


# --- move times -------------------------------------------------------------------------------------------------------

def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` percentile (0..100) of already sorted values, interpolated linearly (numpy's default).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([1.0, 2.0, 3.0, 4.0], 95)
    (2.5, 3.85)
    """
    if not sorted_values:
        return math.nan
    position = (len(sorted_values) - 1) * q / 100
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    return sorted_values[below] + (sorted_values[above] - sorted_values[below]) * (position - below)
