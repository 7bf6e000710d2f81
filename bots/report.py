"""The tournament report (cutechess-cli's way of reporting, for 2 to 7 seats), from the arena's journal records.

The statistics themselves live in :mod:`deadeye.bots.stats`; here are the rules of the report:

- :func:`finishing_ranks`: the rank of each seat in a finished game (by returns, then scores; ties share the mean rank);
- :func:`crash_ranks`: the ranks of a game a bot forfeited (all its seats last, the others tied above);
- :func:`forfeit_cause`: why a bot forfeited a game (crash, timeout, garbage or illegal), old journals included;
- :func:`head_to_head`: the score of one bot against another in one game (which bot's best seat finished higher);
- :func:`deal_observation`: the first bot's score per game over one deal, the SPRT's observation;
- :func:`focus_rows`: focus mode, how one bot's lone seat does among copies of another, overall and per role.

Intervals are 95 %. Games with a deal of their own are independent: win rates get Wilson's interval, Elo
cutechess-cli's margin. With ``--duplicate`` the games of a deal are correlated, so every standard error is
clustered by deal and two bots also get their paired per-deal differences. The report names the method of each
figure. :func:`summarize` turns the journal's records into a :class:`Summary`, :func:`render` into Markdown and
:func:`summary_json` into ``report.json``; :func:`write_games_csv` writes ``games.csv``.
"""
from __future__ import annotations

import csv
import math
from collections import defaultdict
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Iterable, Mapping, Sequence

from deadeye.core.registry import feat_names, game_feats, game_info

from .stats import (Estimate, SprtResult, SprtSpec, clustered_los, elo_difference, elo_from_score,
                    elo_from_share, likelihood_of_superiority, mean_estimate, paired_difference, percentile,
                    share_estimate, sprt, wilson_interval)

# --- ranks and forfeits ----------------------------------------------------------------------------------------------

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



def seat_wins(record: Mapping[str, Any]) -> list[float]:
    """Each seat's share of the win: its return where the returns are win shares (all in [0, 1]: Wyatt Earp,
    Colt Express, Hearts, and every forfeit), else (payoffs, such as Kuhn poker's chips) an equal share of the
    first place by rank.

    >>> seat_wins({"returns": [0.5, 0.5, 0.0], "ranks": [1.0, 2.0, 3.0]})
    [0.5, 0.5, 0.0]
    >>> seat_wins({"returns": [-2.0, 2.0], "ranks": [2.0, 1.0]}), seat_wins({"returns": [-1.0, 1.0, 0.0],
    ... "ranks": [3.0, 1.5, 1.5]})
    ([0.0, 1.0], [0.0, 0.5, 0.5])
    """
    returns = record["returns"]
    if all(0 <= r <= 1 for r in returns):
        return [float(r) for r in returns]
    ranks = record["ranks"]
    top = min(ranks)
    return [1 / ranks.count(top) if r == top else 0.0 for r in ranks]


def _best_rank(record: Mapping[str, Any]) -> dict[int, float]:
    """The best rank of each bot present in a game: which bot finished higher."""
    best: dict[int, float] = {}
    for bot, rank in zip(record["lineup"], record["ranks"]):
        best[bot] = min(rank, best.get(bot, math.inf))
    return best


def head_to_head(record: Mapping[str, Any], a: int, b: int) -> float | None:
    """Bot ``a``'s score against bot ``b`` in one game: 1 if its best seat finished higher, 1/2 if level, 0 if
    lower; None when they did not both play.

    >>> head_to_head({"lineup": [0, 1, 0], "ranks": [3.0, 2.0, 1.0]}, 0, 1), head_to_head({"lineup": [0, 1],
    ... "ranks": [1.5, 1.5]}, 1, 0), head_to_head({"lineup": [0, 1], "ranks": [1.0, 2.0]}, 0, 2)
    (1.0, 0.5, None)
    """
    best = _best_rank(record)
    if a not in best or b not in best:
        return None
    return 1.0 if best[a] < best[b] else 0.5 if best[a] == best[b] else 0.0


def first_bot_share(record: Mapping[str, Any]) -> float | None:
    """The first bot's (bot 0's) score against the rest in one game: its mean :func:`head_to_head` score over the
    other bots present; None when it did not play or played alone.

    >>> first_bot_share({"lineup": [0, 1, 2], "ranks": [2.0, 1.0, 3.0]})
    0.5
    """
    others = sorted(set(record["lineup"]) - {0})
    if 0 not in record["lineup"] or not others:
        return None
    return sum(head_to_head(record, 0, b) for b in others) / len(others)


def deal_observation(records: Iterable[Mapping[str, Any]]) -> float | None:
    """The SPRT's observation for one deal: the first bot's mean score per game over the deal's games (all
    rotations together, like the game pairs of chess testers); None if it played none of them.

    >>> deal_observation([{"lineup": [0, 1], "ranks": [1.0, 2.0]}, {"lineup": [1, 0], "ranks": [1.5, 1.5]}])
    0.75
    """
    shares = [x for x in map(first_bot_share, records) if x is not None]
    return sum(shares) / len(shares) if shares else None


def deal_of(record: Mapping[str, Any]) -> int:
    """The deal a game record played (its index, in a run without duplicate deals)."""
    return record.get("deal", record["index"])


def complete_deals(records: Iterable[Mapping[str, Any]], group_size: int) -> dict[int, list[Mapping[str, Any]]]:
    """The deals whose ``group_size`` games (every rotation, with ``--duplicate``; else 1) are all in, by deal."""
    groups: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for record in records:
        groups[deal_of(record)].append(record)
    return {d: g for d, g in sorted(groups.items()) if len(g) == group_size}


def sprt_observations(records: Iterable[Mapping[str, Any]], group_size: int) -> list[float]:
    """One :func:`deal_observation` per complete deal, in deal order."""
    return [x for x in map(deal_observation, complete_deals(records, group_size).values()) if x is not None]


# --- the tournament summary ------------------------------------------------------------------------------------------

@dataclass
class BotStats:
    """One bot's results over the games it took part in."""

    label: str
    spec: str
    games: int = 0              # games it had at least one seat in
    seats: int = 0              # seat-games (a bot may fill several seats of one game)
    rank_sum: float = 0.0       # over its seats
    crashes: int = 0            # games it lost by forfeit, whatever the cause
    crash_errors: list[str] = field(default_factory=list)
    forfeits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FORFEIT_CAUSES, 0))   # by cause
    scores: list[float] = field(default_factory=list)   # per finished game, the mean score of its seats
    score_deals: list[int] = field(default_factory=list)    # the deal of each of those games
    game_wins: list[float] = field(default_factory=list)    # per game it played, its seats' win shares summed
    game_deals: list[int] = field(default_factory=list)
    seat_ranks: list[float] = field(default_factory=list)   # per seat-game
    seat_deals: list[int] = field(default_factory=list)
    independent: bool = True    # every game has a deal of its own (no --duplicate)

    @property
    def wins(self) -> float:
        """Its games won: per game, its seats' win shares summed (a shared win counts its share), at most one, since
        in a team game (BANG!) several of its seats win together."""
        return sum(self.game_wins)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win(self) -> Estimate:
        """The win rate with its interval (Wilson; clustered by deal with --duplicate; one-sided for a sweep)."""
        return share_estimate(self.game_wins, self.game_deals, self.independent)

    @property
    def win_interval(self) -> tuple[float, float]:
        win = self.win
        return win.low, win.high

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.seats if self.seats else math.nan

    @property
    def rank(self) -> Estimate:
        return mean_estimate(self.seat_ranks, self.seat_deals)

    @property
    def score(self) -> Estimate:
        """The game's own score (money, points) per finished game, with its interval (clustered by deal)."""
        return mean_estimate(self.scores, self.score_deals)

    @property
    def mean_score(self) -> tuple[float, float]:
        """The mean score per finished game and its 95% margin."""
        score = self.score
        return score.value, (score.margin if score.n > 1 else math.nan)


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval (cutechess-cli: ``Elo difference: 190.8 +/- 120.1``).

    ``interval`` says how: ``cutechess`` (independent games; ``margin`` is half the Elo width of the score's
    interval), ``wilson`` (independent games whose normal interval leaves [0, 1]: the Elo of the ends of the score's
    Wilson interval, no margin), ``delta`` (the delta method on the score's standard error clustered by deal) or
    ``one-sided`` (a sweep: only ``interval.low``, or ``interval.high``, is finite)."""

    wins: int
    losses: int
    draws: int
    score: float       # (wins + draws / 2) / games
    diff: float        # Elo of the first bot over the second
    margin: float      # half the width of the 95% interval, in Elo (nan when undefined or one-sided)
    los: float         # likelihood of superiority, 0..1
    interval: Estimate | None = None

    def __str__(self) -> str:
        tail = (f"LOS {_number(100 * self.los)} %, score {self.score:.3f} "
                f"(W-L-D {self.wins}-{self.losses}-{self.draws})")
        method = self.interval.method if self.interval is not None else "cutechess"
        if method == "one-sided":
            bound = (f"at least {_signed(self.interval.low)}" if self.diff > 0
                     else f"at most {_signed(self.interval.high)}")
            return f"{_signed(self.diff)}: {bound} (one-sided 95 %, a sweep of {self.interval.clusters} deals), {tail}"
        if method == "wilson":
            return (f"{_signed(self.diff)} (95 %: {_signed(self.interval.low)} to {_signed(self.interval.high)}, "
                    f"the Elo of the score's Wilson interval), {tail}")
        how = {"cutechess": "as cutechess-cli", "delta": "clustered by deal, delta method"}.get(method, method)
        return f"{_signed(self.diff)} +/- {_number(self.margin)} ({how}), {tail}"


def elo_estimate(wins: int, losses: int, draws: int, values: Sequence[float] | None = None,
                 deals: Sequence[int] | None = None, independent: bool = True) -> EloEstimate:
    """The Elo of the first of two bots over the second from its per-game scores ``values`` (1, 1/2, 0) and
    their ``deals``: cutechess-cli's margin and LOS for independent games, the delta method and a normal LOS on
    the standard error clustered by deal otherwise, a one-sided bound for a sweep.  Without ``values``, the games
    are the given wins, losses and draws, each with a deal of its own.

    >>> str(elo_estimate(15, 5, 0))
    '+190.8 +/- 217.6 (as cutechess-cli), LOS 98.7 %, score 0.750 (W-L-D 15-5-0)'
    >>> str(elo_estimate(5, 5, 0))[:40]
    '0.0 +/- 251.8 (as cutechess-cli), LOS 50'
    """
    if values is None:
        values = [1.0] * wins + [0.0] * losses + [0.5] * draws
        deals = list(range(len(values)))
        independent = True
    n = wins + losses + draws
    share = share_estimate(values, deals, independent)
    score = (wins + draws / 2) / n if n else 0.5
    if share.method == "one-sided":
        interval = elo_from_share(share)
        return EloEstimate(wins, losses, draws, score, interval.value, math.nan,
                           likelihood_of_superiority(wins, losses) if independent else clustered_los(share), interval)
    if independent:
        diff, margin = elo_from_score(wins, losses, draws)
        if math.isnan(margin):       # the score's normal interval leaves [0, 1]: the Elo of Wilson's ends instead
            low, high = wilson_interval(sum(values), len(values))
            interval = Estimate(diff, elo_difference(low), elo_difference(high), "wilson", math.nan, share.n,
                                share.clusters)
            return EloEstimate(wins, losses, draws, score, diff, math.nan, likelihood_of_superiority(wins, losses),
                               interval)
        interval = Estimate(diff, diff - margin, diff + margin, "cutechess", math.nan, share.n, share.clusters)
        return EloEstimate(wins, losses, draws, score, diff, margin, likelihood_of_superiority(wins, losses),
                           interval)
    interval = elo_from_share(share)
    return EloEstimate(wins, losses, draws, score, interval.value, interval.margin, clustered_los(share), interval)


@dataclass(frozen=True)
class SkillRating:
    """An OpenSkill (Plackett-Luce) rating: ``ordinal = mu - 3 sigma`` is a conservative estimate."""

    label: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class PairScore:
    """Bot ``first``'s score against bot ``second`` over the games both played (:func:`head_to_head`)."""

    first: str
    second: str
    share: Estimate


@dataclass(frozen=True)
class MoveTimes:
    """How long one bot took per move, in milliseconds, over every move it made."""

    label: str
    moves: int
    mean: float
    median: float
    p95: float
    max: float


def move_time_stats(label: str, times: Iterable[float]) -> MoveTimes:
    """Mean, median, 95th percentile and maximum of a bot's move times.

    >>> move_time_stats("a", [4.0, 1.0, 3.0, 2.0])
    MoveTimes(label='a', moves=4, mean=2.5, median=2.5, p95=3.85, max=4.0)
    """
    values = sorted(times)
    if not values:
        return MoveTimes(label, 0, math.nan, math.nan, math.nan, math.nan)
    return MoveTimes(label, len(values), sum(values) / len(values), percentile(values, 50), percentile(values, 95),
                     values[-1])


@dataclass(frozen=True)
class FocusRow:
    """Focus mode: the win share of one bot's lone seat among copies of another, against the crowd's seats in the
    same games (per role: the crowd's seats of that role)."""

    lone: str
    crowd: str
    role: str | None          # None: every role together
    win: Estimate             # the lone seat's win share per game
    crowd_win: Estimate       # a crowd seat's win share (each seat-game one value)


def lone_seat(lineup: Sequence[int]) -> int | None:
    """The seat of a focus-mode game whose bot sits alone (None if no bot does, or two do).

    >>> lone_seat([1, 0, 1, 1]), lone_seat([0, 1]), lone_seat([0, 1, 0])
    (1, None, 1)
    """
    alone = [s for s, b in enumerate(lineup) if list(lineup).count(b) == 1]
    return alone[0] if len(alone) == 1 else None


def focus_rows(records: Sequence[Mapping[str, Any]], labels: Sequence[str], focus: int,
               independent: bool) -> list[FocusRow]:
    """"A among B" then "B among A" (A the ``focus`` bot): overall, then one row per role the lone seat held."""
    rows = []
    for lone in (focus, 1 - focus):
        lone_wins: dict[str | None, tuple[list[float], list[int]]] = defaultdict(lambda: ([], []))
        crowd_wins: dict[str | None, tuple[list[float], list[int]]] = defaultdict(lambda: ([], []))
        for record in records:
            seat = lone_seat(record["lineup"])
            if seat is None or record["lineup"][seat] != lone:
                continue
            wins, roles, deal = seat_wins(record), record.get("roles"), deal_of(record)
            for key in (None,) + ((roles[seat],) if roles else ()):
                lone_wins[key][0].append(wins[seat])
                lone_wins[key][1].append(deal)
            for s, won in enumerate(wins):
                if s != seat:
                    for key in (None,) + ((roles[s],) if roles else ()):
                        crowd_wins[key][0].append(won)
                        crowd_wins[key][1].append(deal)
        for key in sorted(lone_wins, key=lambda k: (k is not None, str(k))):
            rows.append(FocusRow(labels[lone], labels[1 - lone], key, share_estimate(*lone_wins[key], independent),
                                 share_estimate(*crowd_wins[key], False)))   # a game's crowd seats: one cluster
    return rows


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
    independent: bool = True     # every game has its own deal (Wilson intervals); else clustered by deal
    deals: int = 0               # distinct deals in the journal
    complete_deals: int = 0      # deals with all their rotations in
    paired: dict[str, Estimate] = field(default_factory=dict)   # two bots: per-deal differences, first - second
    pairwise: list[PairScore] = field(default_factory=list)     # three bots or more: every ordered pair
    sprt: SprtResult | None = None
    move_times: list[MoveTimes] = field(default_factory=list)   # per bot, when the journal's moves were read
    focus: list[FocusRow] = field(default_factory=list)         # focus mode: the lone seats, overall and per role
    feats: list[FeatCount] = field(default_factory=list)        # the game's feats (moon shots), by and against


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


def _paired(groups: Mapping[int, Sequence[Mapping[str, Any]]]) -> dict[str, Estimate]:
    """Per complete deal, bot 0's mean per game minus bot 1's: of the game's score (finished games) and of the win
    share; Student's t over the deals."""
    score_diffs: list[float] = []
    win_diffs: list[float] = []
    for games in groups.values():
        per_bot: dict[int, list[list[float]]] = {0: [[], []], 1: [[], []]}    # bot -> [scores, wins] per game
        for record in games:
            finished = not record.get("crash") and not record.get("unfinished")
            wins = seat_wins(record)
            for bot in (0, 1):
                seats = [s for s, b in enumerate(record["lineup"]) if b == bot]
                if not seats:
                    continue
                per_bot[bot][1].append(sum(wins[s] for s in seats))
                if finished:
                    per_bot[bot][0].append(sum(record["scores"][s] for s in seats) / len(seats))
        (score0, win0), (score1, win1) = per_bot[0], per_bot[1]
        if score0 and score1:
            score_diffs.append(sum(score0) / len(score0) - sum(score1) / len(score1))
        if win0 and win1:
            win_diffs.append(sum(win0) / len(win0) - sum(win1) / len(win1))
    return {"score": paired_difference(score_diffs), "win share": paired_difference(win_diffs)}


@dataclass(frozen=True)
class FeatCount:
    """How often a bot's seats achieved a feat of the game (``by``), and how often another bot's seat achieved it
    in a game where the bot sat (``against``), over the finished games."""

    label: str
    feat: str
    by: int
    against: int
    games: int


def feat_counts(records: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[FeatCount]:
    """Per bot and feat (``GameInfo.feats``: a moon shot in Hearts), the feats by and against it."""
    finished = [r for r in records if not r.get("crash") and not r.get("unfinished")]
    if not finished:
        return []
    by: dict[tuple[int, str], int] = defaultdict(int)
    against: dict[tuple[int, str], int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    names = list(feat_names(finished[0]["game"]))
    for record in finished:
        sitting = set(record["lineup"])
        for bot in sitting:
            games[bot] += 1
        for feat, seat in game_feats(record["game"], record["scores"]):
            achiever = record["lineup"][seat]
            by[achiever, feat] += 1
            for bot in sitting - {achiever}:
                against[bot, feat] += 1
    return [FeatCount(labels[b], feat, by[b, feat], against[b, feat], games[b])
            for feat in names for b in range(len(labels))]


def _has_feats(game: str | None) -> bool:
    return game is not None and bool(game_info(game).feats)


def summarize(records: Iterable[Mapping[str, Any]], specs: Sequence[str], title: str = "arena",
              planned: int | None = None, wall_seconds: float | None = None, duplicate: bool | None = None,
              sprt_spec: SprtSpec | None = None,
              move_times: Sequence[Sequence[float]] | None = None, rotations: int | None = None,
              focus: int | None = None) -> Summary:
    """Per-bot results, the Elo and paired differences (two bots) or the pairwise table (more), OpenSkill
    ratings, the SPRT (``sprt_spec``) and the move times (``move_times[bot]``) from journal records (any order).

    A bot that forfeits (crash, timeout, garbage or illegal move) loses its game (all its seats rank last); nobody
    is credited with a win for it.
    The Elo, the pairwise table and the OpenSkill ratings compare, in each game, each bot's best-placed seat.
    ``duplicate`` (None: guessed from the records) says whether the games of a deal are its seat rotations
    (``rotations`` of them, one per bot unless given); ``focus`` (the index of bot A) adds the focus-mode rows.
    """
    records = sorted(records, key=lambda r: r["index"])
    if duplicate is None:
        duplicate = any(deal_of(r) != r["index"] for r in records)
    independent = not duplicate
    labels = bot_labels(specs)
    stats = [BotStats(label, spec, independent=independent) for label, spec in zip(labels, specs)]
    wins = losses = draws = 0
    elo_values: list[float] = []
    elo_deals: list[int] = []
    game_seconds = 0.0
    crashes = 0
    for record in records:
        deal = deal_of(record)
        game_seconds += record.get("ms", 0.0) / 1000
        game_wins: dict[int, float] = defaultdict(float)
        for bot, result, rank in zip(record["lineup"], seat_wins(record), record["ranks"]):
            stats[bot].seats += 1
            stats[bot].rank_sum += rank
            stats[bot].seat_ranks.append(rank)
            stats[bot].seat_deals.append(deal)
            game_wins[bot] += result
        for bot, won in game_wins.items():
            stats[bot].games += 1
            stats[bot].game_wins.append(min(won, 1.0))
            stats[bot].game_deals.append(deal)
        crash = record.get("crash")
        if not crash and not record.get("unfinished"):
            seat_scores: dict[int, list[float]] = defaultdict(list)
            for bot, score in zip(record["lineup"], record["scores"]):
                seat_scores[bot].append(score)
            for bot, values in seat_scores.items():
                stats[bot].scores.append(sum(values) / len(values))
                stats[bot].score_deals.append(deal)
        if crash:
            crashes += 1
            bot = record["lineup"][crash["seat"]]
            cause = forfeit_cause(crash)
            stats[bot].crashes += 1
            stats[bot].forfeits[cause] += 1
            stats[bot].crash_errors.append(f"game {record['index']}, seat {crash['seat']}, {cause}: {crash['error']}")
        if len(specs) == 2:
            x = head_to_head(record, 0, 1)
            if x is not None:
                elo_values.append(x)
                elo_deals.append(deal)
                wins, losses, draws = wins + (x == 1), losses + (x == 0), draws + (x == 0.5)
    elo = (elo_estimate(wins, losses, draws, elo_values, elo_deals, independent)
           if len(specs) == 2 and elo_values else None)
    group_size = (rotations or len(specs)) if duplicate else 1
    groups = complete_deals(records, group_size)
    pairwise = []
    if len(specs) > 2:
        for a in range(len(specs)):
            for b in range(len(specs)):
                if a == b:
                    continue
                scored = [(x, deal_of(r)) for r in records if (x := head_to_head(r, a, b)) is not None]
                pairwise.append(PairScore(labels[a], labels[b], share_estimate(
                    [x for x, _ in scored], [d for _, d in scored], independent)))
    unfinished = sum(1 for record in records if record.get("unfinished"))
    return Summary(title=title, games=len(records), planned=planned if planned is not None else len(records),
                   crashes=crashes, unfinished=unfinished, game_seconds=game_seconds, wall_seconds=wall_seconds,
                   bots=stats, elo=elo, ratings=openskill_ratings(records, labels), independent=independent,
                   deals=len({deal_of(r) for r in records}), complete_deals=len(groups),
                   paired=_paired(groups) if len(specs) == 2 and groups else {}, pairwise=pairwise,
                   sprt=None if sprt_spec is None else sprt(sprt_observations(records, group_size), sprt_spec),
                   move_times=[move_time_stats(label, times) for label, times in zip(labels, move_times)]
                   if move_times is not None else [],
                   focus=focus_rows(records, labels, focus, independent) if focus is not None else [],
                   feats=feat_counts(records, labels) if records and _has_feats(records[0].get("game")) else [])


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


# --- data files -------------------------------------------------------------------------------------------------------

def _jsonable(x: Any) -> Any:
    """Dataclasses, dicts and lists as JSON values; nan as null, infinities as the strings "inf" and "-inf"."""
    if isinstance(x, Estimate):
        return x.to_json()
    if isinstance(x, SprtResult):
        return x.to_json()
    if is_dataclass(x):
        return {f.name: _jsonable(getattr(x, f.name)) for f in fields(x)}
    if isinstance(x, Mapping):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, float) and not math.isfinite(x):
        return None if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


_PER_GAME_LISTS = ("scores", "score_deals", "game_wins", "game_deals", "seat_ranks", "seat_deals")


def summary_json(summary: Summary) -> dict[str, Any]:
    """Every figure of the report, for ``report.json`` (the per-game lists stay in games.csv)."""
    data = _jsonable(summary)
    for bot, stats in zip(data["bots"], summary.bots):
        for name in _PER_GAME_LISTS:
            del bot[name]
        bot.update(win=stats.win.to_json(), rank=stats.rank.to_json(), score=stats.score.to_json(),
                   wins=stats.wins, win_rate=stats.win_rate, mean_rank=_jsonable(stats.mean_rank))
    data["intervals"] = _methods(summary)
    for rating, raw in zip(data["ratings"], summary.ratings):
        rating["ordinal"] = raw.ordinal
    return data


GAMES_CSV_COLUMNS = ("game", "deal", "rotation", "seat", "bot", "spec", "return", "win", "score", "rank", "moves",
                     "move_ms", "game_moves", "forfeit", "unfinished")


def write_games_csv(path: Any, records: Iterable[Mapping[str, Any]], specs: Sequence[str],
                    seat_moves: Mapping[int, tuple[Sequence[int], Sequence[float]]] | None = None) -> None:
    """``games.csv``: one row per seat per game (:data:`GAMES_CSV_COLUMNS`). ``seat_moves[index]`` gives each
    seat's move count and summed move time of game ``index`` (columns ``moves``, ``move_ms``; empty without it).
    ``win`` is the seat's share of the win (:func:`seat_wins`), ``forfeit`` the cause on the forfeiting seat's row."""
    labels = bot_labels(specs)
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(GAMES_CSV_COLUMNS)
        for r in sorted(records, key=lambda r: r["index"]):
            counts, times = (seat_moves or {}).get(r["index"], ((), ()))
            crash = r.get("crash")
            wins = seat_wins(r)
            for seat, bot in enumerate(r["lineup"]):
                writer.writerow([r["index"], deal_of(r), r.get("rotation", ""), seat, labels[bot], specs[bot],
                                 r["returns"][seat], wins[seat], r["scores"][seat], r["ranks"][seat],
                                 counts[seat] if counts else "", round(times[seat], 3) if times else "",
                                 r.get("num_moves", ""),
                                 forfeit_cause(crash) if crash and crash["seat"] == seat else "",
                                 int(bool(r.get("unfinished")))])


# --- rendering -------------------------------------------------------------------------------------------------------

def _number(x: float, digits: int = 1) -> str:
    return "nan" if math.isnan(x) else ("inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:.{digits}f}")


def _decimals(x: float) -> int:
    return 0 if abs(x) >= 100 else 2


def _margin(mean: float, margin: float, sign: bool = False) -> str:
    """``mean ± margin``, both with the decimals the mean's size calls for (none from 100 up, else two)."""
    if math.isnan(mean):
        return "-"
    digits = _decimals(mean)
    mean = mean if round(mean, digits) != 0 else 0.0        # never -0.00, nor +0.00
    text = f"{mean:{'+' if sign and mean != 0 else ''},.{digits}f}"
    return text if math.isnan(margin) else f"{text} ± {margin:,.{digits}f}"


def _signed(x: float) -> str:
    """An Elo-like figure with its sign: ``+70.3``, ``-12.0``, and an even ``0.0`` (never ``+-0.0``).

    >>> _signed(-0.0), _signed(70.25), _signed(-math.inf)
    ('0.0', '+70.2', '-inf')
    """
    if x == 0:
        return "0.0"
    return _number(x) if math.isnan(x) or x < 0 else "+" + _number(x)


def _percent_interval(e: Estimate) -> str:
    if e.method == "one-sided":
        return f"≥ {100 * e.low:.1f} % (one-sided)" if e.value >= 1 else f"≤ {100 * e.high:.1f} % (one-sided)"
    return f"{100 * e.low:.1f} - {100 * e.high:.1f} %"


def _seconds(x: float) -> str:
    return f"{x:.1f} s" if x < 120 else f"{x / 60:.1f} min"


def _ms(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:,.0f}" if x >= 100 else f"{x:.2f}"


def _causes(summary: Summary) -> dict[str, int]:
    return {cause: sum(b.forfeits[cause] for b in summary.bots) for cause in FORFEIT_CAUSES}


def _methods(summary: Summary) -> str:
    if summary.independent:
        return ("95 %; every game has its own deal, so games are independent: win rates Wilson, mean ranks and "
                "scores normal, Elo margin and LOS as cutechess-cli; a sweep gets the one-sided exact bound "
                "over the games")
    return ("95 %; the games of a deal (its seat rotations) are correlated, so standard errors are clustered by "
            "deal: win rates, mean ranks and scores normal on them, Elo by the delta method, LOS normal; a sweep "
            "gets the one-sided exact bound over the deals; paired differences per deal with Student's t")


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
    lines.append(f"- intervals: {_methods(summary)}")
    how = "Wilson" if summary.independent else "clustered by deal"
    lines += ["", f"| bot | games | seats | wins | win rate | 95% CI ({how}) | mean rank (95%) | mean score (95%) "
                  "| forfeits |",
              "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    for b in summary.bots:
        wins = f"{b.wins:g}" if b.wins == int(b.wins) else f"{b.wins:.2f}"
        rank = b.rank
        lines.append(f"| {b.label} | {b.games} | {b.seats} | {wins} | {100 * b.win_rate:.1f} % | "
                     f"{_percent_interval(b.win)} | {_margin(rank.value, rank.margin)} | {_margin(*b.mean_score)} | "
                     f"{b.crashes} |")
    if summary.elo is not None:
        first, second = summary.bots[0].label, summary.bots[1].label
        lines += ["", f"Elo difference ({first} vs {second}, by which bot finished higher in each game): "
                      f"{summary.elo}"]
        if summary.paired:
            score, win = summary.paired["score"], summary.paired["win share"]
            lines += ["", f"Paired by deal ({first} minus {second}, each deal's mean per game, over "
                          f"{score.n} deals with every rotation played; Student's t 95 %): "
                          f"score {_margin(score.value, score.margin, sign=True)}, "
                          f"win share {_margin(100 * win.value, 100 * win.margin, sign=True)} points"]
    if summary.pairwise:
        labels = [b.label for b in summary.bots]
        cell = {(p.first, p.second): p.share for p in summary.pairwise}
        lines += ["", f"Pairwise: the row bot's score against the column bot, in % (1 for a higher best seat, 1/2 "
                      f"level), over the games both played, with its 95 % interval ({how}) and the games:", "",
                  "| bot | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(labels)]
        for a in labels:
            row = []
            for b in labels:
                e = cell.get((a, b))
                row.append("" if e is None else "-" if e.n == 0 else
                           f"{100 * e.value:.1f} ({_percent_interval(e).replace(' %', '')}) n={e.n}")
            lines.append(f"| {a} | " + " | ".join(row) + " |")
    if summary.focus:
        lines += ["", f"Focus: one seat of a bot among copies of the other, the lone seat rotated over every seat; "
                      f"its win share per game, against a seat of the crowd in the same games (per role: the "
                      f"crowd's seats of that role), with 95 % intervals ({how}; the crowd's seats of one game "
                      f"clustered together, as they win or lose together):", "",
                  "| lone bot | among | role | games | lone seat wins | 95% CI | crowd seat wins | 95% CI |",
                  "|---|---|---|---:|---:|---|---:|---|"]
        for row in summary.focus:
            lines.append(f"| {row.lone} | {row.crowd} | {row.role or 'all'} | {row.win.n} | "
                         f"{100 * row.win.value:.1f} % | {_percent_interval(row.win)} | "
                         f"{100 * row.crowd_win.value:.1f} % | {_percent_interval(row.crowd_win)} |")
    if summary.feats:
        lines += ["", "Feats of the game, in the finished games: by the bot's seats, and by another bot's seat in "
                      "the games it sat in:", "", "| bot | feat | by | against | games |", "|---|---|---:|---:|---:|"]
        for f in summary.feats:
            lines.append(f"| {f.label} | {f.feat} | {f.by} | {f.against} | {f.games} |")
    if summary.sprt is not None:
        s = summary.sprt
        lines += ["", f"SPRT ({s.spec}; each complete deal is one observation, the first bot's mean score per "
                      f"game against the rest; generalized likelihood ratio over the observed outcomes): {s}"]
    if summary.ratings:
        lines += ["", "OpenSkill (Plackett-Luce; each game ranks each bot by its best seat), "
                      "sorted by ordinal = mu - 3 sigma:", "",
                  "| bot | mu | sigma | ordinal |", "|---|---:|---:|---:|"]
        for r in summary.ratings:
            lines.append(f"| {r.label} | {r.mu:.2f} | {r.sigma:.2f} | {r.ordinal:.2f} |")
    if summary.move_times:
        lines += ["", "Time per move, in ms:", "", "| bot | moves | mean | median | p95 | max |",
                  "|---|---:|---:|---:|---:|---:|"]
        for t in summary.move_times:
            lines.append(f"| {t.label} | {t.moves} | {_ms(t.mean)} | {_ms(t.median)} | {_ms(t.p95)} | {_ms(t.max)} |")
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
