"""Arena statistics and the tournament report (cutechess-cli's way of reporting, for 2 to 7 seats).

The statistics are small pure functions, each checked against known values in ``tests/test_arena.py``:

- :func:`finishing_ranks`: the rank of each seat in a finished game (by returns, then scores; ties share the mean rank);
- :func:`crash_ranks`: the ranks of a game a bot forfeited (all its seats last, the others tied above);
- :func:`forfeit_cause`: why a bot forfeited a game (crash, timeout, garbage or illegal), old journals included;
- :func:`wilson_interval`: a 95% confidence interval for a win rate;
- :func:`elo_from_score`: an Elo difference and its 95% margin from wins, losses and draws, as cutechess-cli does;
- :func:`likelihood_of_superiority`: the LOS of cutechess-cli.

:func:`summarize` turns the journal's records into a :class:`Summary`; :func:`render` turns that into Markdown.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any, Iterable, Mapping, Sequence

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054


# --- pure statistics -------------------------------------------------------------------------------------------------

def finishing_ranks(returns: Sequence[float], scores: Sequence[float]) -> list[float]:
    """Rank 1 is best: by ``returns`` (higher first), then ``scores``; seats equal in both share their mean rank.

    >>> finishing_ranks([0.0, 1.0, 0.0], [30, 50, 30])
    [2.5, 1.0, 2.5]
    >>> finishing_ranks([0.0, 1.0, 0.0, 0.0], [10, 50, 30, 20])
    [4.0, 1.0, 2.0, 3.0]
    """
    keys = [(-float(r), -float(s)) for r, s in zip(returns, scores, strict=True)]
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    ranks = [0.0] * len(keys)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and keys[order[end + 1]] == keys[order[start]]:
            end += 1
        for i in order[start:end + 1]:
            ranks[i] = (start + end) / 2 + 1      # the mean of the ranks start+1 .. end+1
        start = end + 1
    return ranks


def crash_ranks(lineup: Sequence[int], crashed_bot: int) -> list[float]:
    """Ranks of a game stopped by a crash: the crashing bot's seats share the last places, the others the first.

    >>> crash_ranks([0, 1, 0], crashed_bot=1)
    [1.5, 3.0, 1.5]
    >>> crash_ranks([0, 1, 0], crashed_bot=0)
    [2.5, 1.0, 2.5]
    """
    players = len(lineup)
    losers = sum(1 for b in lineup if b == crashed_bot)
    others = players - losers
    top = (1 + others) / 2                        # the mean of 1 .. others
    bottom = (others + 1 + players) / 2           # the mean of others+1 .. players
    return [bottom if b == crashed_bot else top for b in lineup]


FORFEIT_CAUSES = ("crash", "timeout", "garbage", "illegal")    # the order of the report's columns


def forfeit_cause(crash: Mapping[str, Any]) -> str:
    """The cause of a journaled forfeit; journals written before forfeits had causes say only ``error``, and there
    an illegal answer was an ``IllegalActionError``.

    >>> forfeit_cause({"cause": "timeout", "error": "no answer"}), forfeit_cause({"error": "IllegalActionError: x"})
    ('timeout', 'illegal')
    >>> forfeit_cause({"error": "RuntimeError: boom"})
    'crash'
    """
    cause = crash.get("cause")
    if cause in FORFEIT_CAUSES:
        return cause
    return "illegal" if str(crash.get("error", "")).startswith("IllegalActionError") else "crash"


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


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% margin (cutechess-cli: ``Elo difference: 190.8 +/- 120.1``)."""

    wins: int
    losses: int
    draws: int
    score: float       # (wins + draws / 2) / games
    diff: float        # Elo of the first bot over the second
    margin: float      # half the width of the 95% interval, in Elo (nan when undefined)
    los: float         # likelihood of superiority, 0..1

    def __str__(self) -> str:
        return (f"{_signed(self.diff)} +/- {_number(self.margin)}, LOS {_number(100 * self.los)} %, "
                f"score {self.score:.3f} (W-L-D {self.wins}-{self.losses}-{self.draws})")


def elo_from_score(wins: int, losses: int, draws: int, z: float = Z95) -> tuple[float, float]:
    """Elo difference and its margin from a score, as cutechess-cli computes them.

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


def likelihood_of_superiority(wins: float, losses: float) -> float:
    """The probability that the first bot is the stronger, from decisive games only (cutechess-cli's LOS), 0..1.

    >>> round(likelihood_of_superiority(10, 0), 5)
    0.99922
    """
    if wins + losses == 0:
        return 0.5
    return 0.5 + 0.5 * math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses)))


def elo_estimate(wins: int, losses: int, draws: int) -> EloEstimate:
    """All of the above for one pair of bots."""
    n = wins + losses + draws
    diff, margin = elo_from_score(wins, losses, draws)
    return EloEstimate(wins, losses, draws, (wins + draws / 2) / n if n else 0.5, diff, margin,
                       likelihood_of_superiority(wins, losses))


# --- the tournament summary ------------------------------------------------------------------------------------------

@dataclass
class BotStats:
    """One bot's results over the games it took part in."""

    label: str
    spec: str
    games: int = 0              # games it had at least one seat in
    seats: int = 0              # seat-games (a bot may fill several seats of one game)
    wins: float = 0.0           # the returns of its seats, summed (a shared win counts its share)
    rank_sum: float = 0.0       # over its seats
    crashes: int = 0            # games it lost by forfeit, whatever the cause
    crash_errors: list[str] = field(default_factory=list)
    forfeits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEIT_CAUSES, 0))   # by cause
    scores: list[float] = field(default_factory=list)   # per finished game, the mean score of its seats

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.seats if self.seats else math.nan

    @property
    def mean_score(self) -> tuple[float, float]:
        """The game's own score (money, points) per finished game, and its 95% margin (normal approximation)."""
        n = len(self.scores)
        if n == 0:
            return math.nan, math.nan
        mean = sum(self.scores) / n
        if n == 1:
            return mean, math.nan
        variance = sum((x - mean) ** 2 for x in self.scores) / (n - 1)
        return mean, Z95 * math.sqrt(variance / n)


@dataclass(frozen=True)
class SkillRating:
    """An OpenSkill (Plackett-Luce) rating: ``ordinal = mu - 3 sigma`` is a conservative estimate."""

    label: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Summary:
    """Everything the report shows."""

    title: str
    games: int                   # games in the journal
    planned: int                 # games the command asked for
    crashes: int                 # games stopped by a forfeit (any cause)
    unfinished: int              # games stopped at the arena's move cap
    game_seconds: float          # time spent inside games, summed over games (all workers, all sessions)
    wall_seconds: float | None   # wall-clock time of this session, if known
    bots: list[BotStats]
    elo: EloEstimate | None      # exactly two bots: the first over the second
    ratings: list[SkillRating]   # best ordinal first
    notes: list[str] = field(default_factory=list)


def bot_labels(specs: Sequence[str]) -> list[str]:
    """Names for the report: the spec, with ``#k`` added when the same spec is entered more than once.

    >>> bot_labels(["random", "ismcts", "random"])
    ['random#1', 'ismcts', 'random#2']
    """
    counts: dict[str, int] = defaultdict(int)
    for s in specs:
        counts[s] += 1
    seen: dict[str, int] = defaultdict(int)
    labels = []
    for s in specs:
        seen[s] += 1
        labels.append(f"{s}#{seen[s]}" if counts[s] > 1 else s)
    return labels


def _best_rank(record: Mapping[str, Any]) -> dict[int, float]:
    """The best rank of each bot present in a game: which bot finished higher."""
    best: dict[int, float] = {}
    for bot, rank in zip(record["lineup"], record["ranks"]):
        best[bot] = min(rank, best.get(bot, math.inf))
    return best


def summarize(records: Iterable[Mapping[str, Any]], specs: Sequence[str], title: str = "arena",
              planned: int | None = None, wall_seconds: float | None = None) -> Summary:
    """Per-bot results, the pairwise Elo (two bots) and OpenSkill ratings from journal records (any order).

    A bot that forfeits (crash, timeout, garbage or illegal move) loses its game (all its seats rank last); nobody
    is credited with a win for it.
    The Elo and the OpenSkill ratings compare, in each game, each bot's best-placed seat.
    """
    records = sorted(records, key=lambda r: r["index"])
    labels = bot_labels(specs)
    stats = [BotStats(label, spec) for label, spec in zip(labels, specs)]
    wins = losses = draws = 0
    game_seconds = 0.0
    crashes = 0
    for record in records:
        game_seconds += record.get("ms", 0.0) / 1000
        for bot in set(record["lineup"]):
            stats[bot].games += 1
        for bot, result, rank in zip(record["lineup"], record["returns"], record["ranks"]):
            stats[bot].seats += 1
            stats[bot].wins += result
            stats[bot].rank_sum += rank
        crash = record.get("crash")
        if not crash and not record.get("unfinished"):
            seat_scores: dict[int, list[float]] = defaultdict(list)
            for bot, score in zip(record["lineup"], record["scores"]):
                seat_scores[bot].append(score)
            for bot, values in seat_scores.items():
                stats[bot].scores.append(sum(values) / len(values))
        if crash:
            crashes += 1
            bot = record["lineup"][crash["seat"]]
            cause = forfeit_cause(crash)
            stats[bot].crashes += 1
            stats[bot].forfeits[cause] += 1
            stats[bot].crash_errors.append(f"game {record['index']}, seat {crash['seat']}, {cause}: {crash['error']}")
        if len(specs) == 2:
            best = _best_rank(record)
            if 0 in best and 1 in best:
                if best[0] < best[1]:
                    wins += 1
                elif best[0] > best[1]:
                    losses += 1
                else:
                    draws += 1
    elo = elo_estimate(wins, losses, draws) if len(specs) == 2 and wins + losses + draws else None
    unfinished = sum(1 for record in records if record.get("unfinished"))
    return Summary(title=title, games=len(records), planned=planned if planned is not None else len(records),
                   crashes=crashes, unfinished=unfinished, game_seconds=game_seconds, wall_seconds=wall_seconds, bots=stats, elo=elo,
                   ratings=openskill_ratings(records, labels))


def openskill_ratings(records: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[SkillRating]:
    """OpenSkill Plackett-Luce ratings, updated game by game in index order: one team per bot, ranked by its best seat.

    Empty for fewer than two bots.
    """
    if len(labels) < 2:
        return []
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    for record in records:
        best = _best_rank(record)
        if len(best) < 2:
            continue
        bots = sorted(best)
        rated = model.rate([[ratings[b]] for b in bots], ranks=[best[b] for b in bots])
        for bot, team in zip(bots, rated):
            ratings[bot] = team[0]
    table = [SkillRating(label, r.mu, r.sigma) for label, r in zip(labels, ratings)]
    return sorted(table, key=lambda r: (-r.ordinal, r.label))


# --- rendering -------------------------------------------------------------------------------------------------------

def _number(x: float, digits: int = 1) -> str:
    return "nan" if math.isnan(x) else ("inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:.{digits}f}")


def _margin(mean: float, margin: float) -> str:
    def fmt(x: float) -> str:
        return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.2f}"
    if math.isnan(mean):
        return "-"
    return fmt(mean) if math.isnan(margin) else f"{fmt(mean)} ± {fmt(margin)}"


def _signed(x: float) -> str:
    return _number(x) if math.isnan(x) or x < 0 else "+" + _number(x)


def _seconds(x: float) -> str:
    return f"{x:.1f} s" if x < 120 else f"{x / 60:.1f} min"


def _causes(summary: Summary) -> dict[str, int]:
    return {cause: sum(b.forfeits[cause] for b in summary.bots) for cause in FORFEIT_CAUSES}


def render(summary: Summary) -> str:
    """The report as Markdown (printed, and written to ``report.md``)."""
    lines = [f"# {summary.title}", ""]
    lines += [f"- games played: {summary.games} of {summary.planned}",
              f"- forfeits: {summary.crashes}" + (" (" + ", ".join(
                  f"{cause} {n}" for cause, n in _causes(summary).items() if n) + ")" if summary.crashes else ""),
              f"- unfinished (stopped at the arena's move cap): {summary.unfinished}",
              f"- time in games: {_seconds(summary.game_seconds)}"
              + (f" (this session's wall clock: {_seconds(summary.wall_seconds)})"
                 if summary.wall_seconds is not None else "")]
    lines += [f"- {note}" for note in summary.notes]
    lines += ["", "| bot | games | seats | wins | win rate | 95% CI (Wilson) | mean rank | mean score (95%) | forfeits |",
              "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    for b in summary.bots:
        lo, hi = b.win_interval
        wins = f"{b.wins:g}" if b.wins == int(b.wins) else f"{b.wins:.2f}"
        lines.append(f"| {b.label} | {b.games} | {b.seats} | {wins} | {100 * b.win_rate:.1f} % | "
                     f"{100 * lo:.1f} - {100 * hi:.1f} % | {_number(b.mean_rank, 2)} | {_margin(*b.mean_score)} | "
                     f"{b.crashes} |")
    if summary.elo is not None:
        first, second = summary.bots[0].label, summary.bots[1].label
        lines += ["", f"Elo difference ({first} vs {second}, by which bot finished higher in each game): "
                      f"{summary.elo}"]
    if summary.ratings:
        lines += ["", "OpenSkill (Plackett-Luce; each game ranks each bot by its best seat), "
                      "sorted by ordinal = mu - 3 sigma:", "",
                  "| bot | mu | sigma | ordinal |", "|---|---:|---:|---:|"]
        for r in summary.ratings:
            lines.append(f"| {r.label} | {r.mu:.2f} | {r.sigma:.2f} | {r.ordinal:.2f} |")
    crashed = [b for b in summary.bots if b.crashes]
    if crashed:
        lines += ["", "Forfeits by cause (the game is lost; nobody is credited with a win):", "",
                  "| bot | " + " | ".join(FORFEIT_CAUSES) + " | total |",
                  "|---|" + "---:|" * (len(FORFEIT_CAUSES) + 1)]
        for b in summary.bots:
            lines.append(f"| {b.label} | " + " | ".join(str(b.forfeits[c]) for c in FORFEIT_CAUSES)
                         + f" | {b.crashes} |")
        lines += ["", "Forfeits:", ""]
        for b in crashed:
            lines.append(f"- {b.label}: {b.crashes}")
            lines += [f"  - {error}" for error in b.crash_errors[:5]]
            if len(b.crash_errors) > 5:
                lines.append(f"  - ... and {len(b.crash_errors) - 5} more")
    return "\n".join(lines) + "\n"
