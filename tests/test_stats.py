"""The arena's statistics (bots/stats.py and the figures of bots/report.py), against hand computations."""
import doctest
import itertools
import math
import statistics

import pytest

from deadeye.bots import stats
from deadeye.bots.report import elo_estimate, render, summarize
from deadeye.bots.stats import (Estimate, SprtSpec, clustered_mean, elo_from_share, expected_score, paired_difference,
                                share_estimate, sprt, sprt_llr, t_cdf, t_quantile)

Z = statistics.NormalDist().inv_cdf(0.975)


def test_stats_doctests():
    result = doctest.testmod(stats)
    assert result.attempted > 10 and result.failed == 0


def duplicate_journal(wins0, scores):
    """Records of 2 bots, each deal under both rotations: ``wins0[d]`` says whether bot 0 won rotation 0 and 1
    of deal d, ``scores[d]`` the (bot 0, bot 1) money of each rotation."""
    records = []
    for deal, (won, money) in enumerate(zip(wins0, scores)):
        for rotation in (0, 1):
            lineup = [0, 1] if rotation == 0 else [1, 0]
            bot0_wins = won[rotation]
            by_bot = {0: (float(bot0_wins), money[rotation][0]), 1: (float(not bot0_wins), money[rotation][1])}
            returns = [by_bot[b][0] for b in lineup]
            records.append({"index": 2 * deal + rotation, "deal": deal, "rotation": rotation, "lineup": lineup,
                            "players": 2, "returns": returns, "scores": [by_bot[b][1] for b in lineup],
                            "ranks": [1.0 if x else 2.0 for x in returns], "crash": None})
    return records


# deal 0: bot 0 wins both rotations, deal 1: one each, deal 2: bot 1 wins both
WINS = [(1, 1), (1, 0), (0, 0)]
MONEY = [((30, 10), (26, 12)), ((20, 22), (14, 18)), ((8, 24), (10, 30))]


def test_clustered_standard_error_by_hand_on_a_tiny_journal():
    s = summarize(duplicate_journal(WINS, MONEY), ["a", "b"])
    assert not s.independent and s.deals == 3 and s.complete_deals == 3
    win = s.bots[0].win
    # win rate 3/6; deal residuals (1 - .5) * 2 = 1, 0, -1; var = G/(G-1) * sum e^2 / n^2 = 3/2 * 2 / 36 = 1/12
    assert win.method == "clustered" and win.value == 0.5 and win.clusters == 3 and win.n == 6
    assert win.se == pytest.approx(math.sqrt(1 / 12))
    assert (win.low, win.high) == (0.0, 1.0)               # 0.5 -/+ 1.96 * 0.289, clipped to [0, 1]
    assert win.se > math.sqrt(0.25 / 6)                     # the games of a deal are correlated: wider than iid
    # bot 0's money: 30 26 20 14 8 10, mean 18; deal residuals 20, -2, -18: var = 3/2 * (400 + 4 + 324) / 36
    score = s.bots[0].score
    assert score.value == 18 and score.se == pytest.approx(math.sqrt(1.5 * 728 / 36))
    assert s.bots[0].mean_score == pytest.approx((18, Z * math.sqrt(1.5 * 728 / 36)))
    # the Elo of an even score is 0, printed 0.0 (not +-0.0), with the delta method's margin
    elo = s.elo
    assert elo.diff == 0 and elo.interval.method == "delta"
    assert elo.margin == pytest.approx(Z * math.sqrt(1 / 12) * 400 / (math.log(10) * 0.25))
    assert elo.los == 0.5 and str(elo).startswith("0.0 +/- ")
    text = render(s)
    assert "clustered by deal" in text and "delta method" in text and "+-0" not in text
    # the same games with a deal each are independent: Wilson
    independent = summarize([dict(r, deal=r["index"]) for r in duplicate_journal(WINS, MONEY)], ["a", "b"])
    assert independent.independent and independent.bots[0].win.method == "wilson"
    assert "95% CI (Wilson)" in render(independent) and "as cutechess-cli" in render(independent)


def test_clustered_mean_reduces_to_the_iid_standard_error_with_a_cluster_per_value():
    values = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    mean, se, g = clustered_mean(values, range(len(values)))
    assert g == 8 and mean == statistics.mean(values)
    assert se == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)))
    with pytest.raises(ValueError, match="cluster labels"):
        clustered_mean([1.0, 2.0], [0])


def test_paired_difference_on_a_constructed_journal():
    s = summarize(duplicate_journal(WINS, MONEY), ["a", "b"])
    score, win = s.paired["score"], s.paired["win share"]
    # per deal, bot 0's mean money minus bot 1's: (28 - 11), (17 - 20), (9 - 27) = 17, -3, -18
    diffs = [17.0, -3.0, -18.0]
    se = statistics.stdev(diffs) / math.sqrt(3)
    assert score.method == "t" and score.n == 3 and score.value == pytest.approx(-4 / 3)
    assert score.se == pytest.approx(se)
    assert score.margin == pytest.approx(4.302653 * se, rel=1e-6)         # t(0.975, 2 df), from the tables
    # win share per deal: 1 - 0, 0.5 - 0.5, 0 - 1
    assert win.value == 0 and win.se == pytest.approx(statistics.stdev([1.0, 0.0, -1.0]) / math.sqrt(3))
    assert "Paired by deal (a minus b" in render(s) and "Student's t" in render(s)
    # an incomplete deal (one rotation missing) is left out of the pairing
    partial = summarize(duplicate_journal(WINS, MONEY)[:-1], ["a", "b"])
    assert partial.paired["score"].n == 2 and partial.complete_deals == 2


def test_student_t_against_published_quantiles():
    table = {1: 12.7062, 2: 4.3027, 5: 2.5706, 10: 2.2281, 30: 2.0423, 120: 1.9799}
    for df, q in table.items():
        assert t_quantile(0.975, df) == pytest.approx(q, abs=1e-4)
        assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-5)
    assert t_cdf(0.0, 7) == 0.5 and t_cdf(-2.0, 4) == pytest.approx(1 - t_cdf(2.0, 4))
    assert paired_difference([5.0]).margin != paired_difference([5.0]).margin      # nan: one deal has no spread


def test_a_sweep_gets_a_one_sided_bound_not_inf_plus_or_minus_nan():
    sweep = duplicate_journal([(1, 1)] * 10, [((20, 10), (20, 10))] * 10)
    s = summarize(sweep, ["a", "b"])
    win = s.bots[0].win
    assert win.method == "one-sided" and win.low == pytest.approx(0.05 ** (1 / 10)) and win.high == 1
    assert s.bots[1].win.high == pytest.approx(1 - 0.05 ** (1 / 10))
    assert s.elo.diff == math.inf and s.elo.interval.low == pytest.approx(-400 * math.log10(1 / 0.05 ** 0.1 - 1))
    text = render(s)
    assert "+inf +/- nan" not in text and "at least +182.7 (one-sided 95 %" in text
    assert "≥ 74.1 % (one-sided)" in text and "≤ 25.9 % (one-sided)" in text
    lost = elo_from_share(share_estimate([0.0] * 4, [0, 0, 1, 1], independent=False))
    assert lost.value == -math.inf and lost.high == pytest.approx(-400 * math.log10(1 / (1 - 0.05 ** 0.5) - 1))
    assert "-inf: at most -182.7 (one-sided 95 %, a sweep of 10 deals)" in str(elo_estimate(0, 10, 0))


def test_margins_have_no_more_decimals_than_their_means():
    records = [{"index": i, "lineup": [0, 1], "returns": [1.0, 0.0], "ranks": [1.0, 2.0],
                "scores": [1000 + 7 * i, (i % 3) * 0.5], "crash": None} for i in range(9)]
    text = render(summarize(records, ["a", "b"]))
    row = next(line for line in text.splitlines() if line.startswith("| a |"))
    mean, margin = row.split("|")[8].strip().split(" ± ")
    assert mean == "1,028" and "." not in margin                         # 1,028 ± 14, not 1,028 ± 14.37
    row = next(line for line in text.splitlines() if line.startswith("| b |"))
    assert row.split("|")[8].strip() == "0.50 ± 0.28"                     # sd sqrt(0.1875), 9 games


def bernoulli_llr(wins, losses, elo0, elo1):
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))


def test_sprt_without_draws_is_the_bernoulli_likelihood_ratio():
    for wins, losses in ((10, 0), (7, 3), (40, 60), (0, 5)):
        llr = sprt_llr([1.0] * wins + [0.0] * losses, 0, 50)
        assert llr == pytest.approx(bernoulli_llr(wins, losses, 0, 50), abs=0.01)


def test_sprt_with_draws_maximizes_the_trinomial_likelihood():
    """Against a brute-force search over every trinomial with the hypothesis' mean score."""
    counts = {0.0: 3, 0.5: 5, 1.0: 8}
    obs = [x for x, n in counts.items() for _ in range(n)]

    def best(mean):
        top = -math.inf
        for i in range(1, 20000):                    # p_half = t; p_win - p_loss = mean - 1/2 ... solved for each t
            t = i / 20000
            p1 = mean - t / 2
            p0 = 1 - t - p1
            if p0 > 0 and p1 > 0:
                top = max(top, counts[0.0] * math.log(p0) + counts[0.5] * math.log(t) + counts[1.0] * math.log(p1))
        return top

    assert sprt_llr(obs, 0, 100) == pytest.approx(best(expected_score(100)) - best(0.5), abs=1e-3)


def test_sprt_spec_bounds_and_decisions():
    spec = SprtSpec.parse("elo0=0, elo1=10,alpha=0.1,beta=0.2")
    assert (spec.elo0, spec.elo1, spec.alpha, spec.beta) == (0, 10, 0.1, 0.2)
    assert spec.bounds == pytest.approx((math.log(0.2 / 0.9), math.log(0.8 / 0.1)))
    accept = next(n for n in itertools.count(1) if sprt([1.0] * n, SprtSpec(0, 50)).decision == "H1")
    assert accept == math.ceil(math.log(19) / math.log(expected_score(50) / 0.5))          # 23 straight wins
    assert sprt([0.5] * 400, SprtSpec(0, 50)).decision == "H0"
    assert sprt([1.0, 0.0] * 5, SprtSpec(0, 50)).decision is None
    for bad, message in (("elo0=0", "needs elo1"), ("elo0=10,elo1=0", "elo0 < elo1"), ("elo0=0,elo1=5,x=1", "not 'x=1'"),
                         ("elo0=a,elo1=1", "must be a number"), ("elo0=0,elo1=5,alpha=0.7", "between 0 and 0.5"),
                         ("elo0=0,elo0=1,elo1=5", "twice"), ("elo0=nan,elo1=5", "finite")):
        with pytest.raises(ValueError, match=message):
            SprtSpec.parse(bad)


def test_pairwise_table_for_three_bots():
    # bot 0 beats 1 always, 1 beats 2 always, 2 ties 0; three seats, a deal per game
    records = [{"index": i, "lineup": [0, 1, 2], "returns": [0.5, 0.0, 0.5], "ranks": [1.5, 3.0, 1.5],
                "scores": [9, 1, 9], "crash": None} for i in range(6)]
    s = summarize(records, ["a", "b", "c"])
    cell = {(p.first, p.second): p.share for p in s.pairwise}
    assert len(cell) == 6 and cell["a", "b"].value == 1 and cell["b", "a"].value == 0
    assert cell["a", "c"].value == 0.5 and cell["a", "c"].method == "wilson" and cell["a", "c"].n == 6
    assert cell["a", "b"].method == "one-sided" and cell["a", "b"].low == pytest.approx(0.05 ** (1 / 6))
    text = render(s)
    assert "Pairwise" in text and "| a |  | ≥ 60.7 % (one-sided)" not in text and "50.0 (" in text


def test_estimates_serialize_without_nan():
    e = Estimate(math.inf, 1.0, math.nan, "one-sided")
    assert e.to_json()["value"] == "inf" and e.to_json()["high"] is None


def test_a_near_sweep_of_independent_games_gets_the_elo_of_wilsons_ends():
    elo = elo_estimate(19, 1, 0)                       # 0.95 +/- 0.095 leaves [0, 1]: cutechess has no margin
    low, high = stats.wilson_interval(19, 20)
    assert elo.interval.method == "wilson" and elo.interval.low == pytest.approx(stats.elo_difference(low))
    assert elo.interval.high == pytest.approx(stats.elo_difference(high)) and "nan" not in str(elo)
    assert str(elo).startswith("+511.5 (95 %: +")


def test_an_even_paired_difference_prints_without_a_sign():
    records = duplicate_journal([(1, 0), (0, 1)], [((10, 20), (20, 10)), ((15, 15), (15, 15))])
    text = render(summarize(records, ["a", "b"]))
    assert "score 0.00 ± " in text and "-0.00" not in text and "+0.00" not in text


def test_payoff_returns_count_wins_by_first_place():
    """Kuhn poker's returns are chips won or lost: a win is first place, never a negative win rate."""
    records = [{"index": i, "deal": i // 2, "lineup": [i % 2, 1 - i % 2], "returns": r, "scores": r,
                "ranks": [1.0, 2.0] if r[0] > r[1] else [2.0, 1.0], "crash": None}
               for i, r in enumerate([[2.0, -2.0], [-1.0, 1.0], [1.0, -1.0], [1.0, -1.0]])]
    s = summarize(records, ["a", "b"])
    # a sits in seat 0 of games 0 and 2 (wins both) and seat 1 of games 1 and 3 (wins 1, loses 3)
    assert [b.wins for b in s.bots] == [3.0, 1.0] and s.bots[0].win_rate == 0.75
    assert s.paired["win share"].value == pytest.approx(0.5)         # deal 0: 1 - 0, deal 1: 0.5 - 0.5
    assert s.bots[0].score.value == pytest.approx((2 + 1 + 1 - 1) / 4)
