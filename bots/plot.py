"""Pictures of arena runs (``deadeye plot OUT [OUT...]``): strength against budget, win rate per seat (and per role,
when the journal records roles), and the distribution of move times, as PNG files linked from each run's report.

Matplotlib is an optional dependency (the ``plot`` extra), imported only here and only when a picture is drawn.
Every figure comes from the journals through :func:`deadeye.bots.report.summarize`, so the pictures show the
report's own numbers and intervals.
"""
from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, Sequence

from .arena import REPORT, ArenaError, Run, iter_journal, move_seats, read_run
from .report import bot_labels, seat_wins

STRENGTH_PNG = "strength.png"
SEATS_PNG = "seats.png"
MOVE_TIMES_PNG = "move-times.png"
MARKER = "<!-- deadeye plot -->"       # report.md's plot section starts here (replaced by each plot run)
ITERATIONS = re.compile(r"(?<![\w])iterations=(\d+)")


class PlotError(ArenaError):
    """A plot that cannot be drawn: matplotlib missing, no run named."""


def budget(spec: str) -> int | None:
    """The ``iterations=`` of a bot spec, if it sets one.

    >>> budget("ismcts:c=0.7,iterations=300"), budget("random")
    (300, None)
    """
    match = ITERATIONS.search(spec)
    return int(match.group(1)) if match else None


def _without_budget(spec: str) -> str:
    """``ismcts:iterations=300,c=1`` -> ``ismcts:c=1``; ``ismcts:iterations=300`` -> ``ismcts``."""
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not ITERATIONS.fullmatch(p.strip())]
    return name + (":" + ",".join(kept) if kept else "")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotError("deadeye plot draws with matplotlib, which is not installed: "
                        "pip install 'deadeye[plot]' (or pip install matplotlib)") from None
    matplotlib.use("Agg")                  # files only, no display
    import matplotlib.pyplot as plt
    return plt


def plot_strength(plt: Any, runs: Sequence[Run], path: Path) -> bool:
    """Win rate (with the report's interval) against ``iterations=``, one line per bot setting and field of
    opponents; False (nothing drawn) when no spec sets a budget."""
    series: dict[str, list[tuple[int, float, float, float]]] = {}
    for run in runs:
        stripped = [_without_budget(s) for s in run.specs]
        players = max(r["players"] for r in run.records)
        for b, (spec, stats) in enumerate(zip(run.specs, run.summary.bots)):
            n = budget(spec)
            if n is None or not stats.games:
                continue
            if stripped.count(stripped[b]) > 1:        # a ladder: several budgets of one setting in this run
                key = f"{run.name}: {stripped[b]} ladder, {players} players"
            else:                                      # one budget per run: the runs make the ladder
                others = sorted(s for i, s in enumerate(run.specs) if i != b)
                key = f"{stripped[b]} vs {', '.join(others)}, {players} players"
            win = stats.win
            series.setdefault(key, []).append((n, 100 * win.value, 100 * win.low, 100 * win.high))
    if not series:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    for key, points in sorted(series.items()):
        points.sort()
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        err = [[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=key)
    ax.axhline(50, linestyle=":", color="grey", linewidth=1)
    ax.set_xscale("log")
    ax.set_xlabel("iterations per move")
    ax.set_ylabel("win rate, % (95 % interval)")
    ax.set_ylim(0, 100)
    ax.set_title("Strength against budget")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _rates(records: Sequence[dict[str, Any]], labels: Sequence[str], key: str) -> dict[str, dict[Any, float]]:
    """Win rate of each bot per seat (``key`` "seat") or per role (``key`` "role")."""
    won: dict[str, dict[Any, float]] = {label: {} for label in labels}
    played: dict[str, dict[Any, int]] = {label: {} for label in labels}
    for r in records:
        roles = r.get("roles")
        wins = seat_wins(r)
        for seat, bot in enumerate(r["lineup"]):
            where = seat if key == "seat" else (roles[seat] if roles else None)
            if where is None:
                continue
            label = labels[bot]
            won[label][where] = won[label].get(where, 0.0) + wins[seat]
            played[label][where] = played[label].get(where, 0) + 1
    return {label: {w: won[label][w] / played[label][w] for w in played[label]} for label in labels}


def plot_seats(plt: Any, runs: Sequence[Run], path: Path) -> None:
    """Win rate per seat of each bot, one panel per run, and per role when the journal records roles."""
    panels = []
    for run in runs:
        labels = bot_labels(run.specs)
        panels.append((f"{run.name}: by seat", _rates(run.records, labels, "seat")))
        if any(r.get("roles") for r in run.records):
            panels.append((f"{run.name}: by role", _rates(run.records, labels, "role")))
    fig, axes = plt.subplots(len(panels), 1, figsize=(8.5, 3.2 * len(panels)), dpi=100, squeeze=False)
    for ax, (title, rates) in zip(axes[:, 0], panels):
        places = sorted({w for by in rates.values() for w in by}, key=str)
        width = 0.8 / max(1, len(rates))
        for i, (label, by) in enumerate(rates.items()):
            xs = [j + (i - (len(rates) - 1) / 2) * width for j in range(len(places))]
            ax.bar(xs, [100 * by.get(w, math.nan) for w in places], width=width, label=label)
        ax.set_xticks(range(len(places)), [f"seat {w}" if isinstance(w, int) else str(w) for w in places])
        ax.set_ylabel("win rate, %")
        ax.set_ylim(0, 100)
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))      # beside the bars, not on them
        ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def move_times(run: Run) -> dict[str, list[float]]:
    """Every move time (ms) of each bot of a run, from its journal."""
    labels = bot_labels(run.specs)
    times: dict[str, list[float]] = {label: [] for label in labels}
    for record in iter_journal(run.out):
        for seat, ms in zip(move_seats(record), record["move_ms"]):
            times[labels[record["lineup"][seat]]].append(ms)
    return times


def plot_move_times(plt: Any, runs: Sequence[Run], path: Path) -> None:
    """The distribution of move times of each bot (log-spaced bins, log scale)."""
    series = {(f"{run.name}: {label}" if len(runs) > 1 else label): values
              for run in runs for label, values in move_times(run).items() if values}
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    positive = [v for values in series.values() for v in values if v > 0]
    if positive:
        low, high = math.log10(min(positive)), math.log10(max(positive))
        high = max(high, low + 1e-3)
        bins = [10 ** (low + (high - low) * i / 40) for i in range(41)]
        for label, values in series.items():
            ax.hist([max(v, bins[0]) for v in values], bins=bins, histtype="step", linewidth=1.5,
                    label=f"{label} (median {sorted(values)[len(values) // 2]:.3g} ms)")
        ax.set_xscale("log")
        ax.legend(fontsize=8)
    ax.set_xlabel("time per move, ms")
    ax.set_ylabel("moves")
    ax.set_title("Move times")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def link_plots(report: Path, pictures: Sequence[Path]) -> None:
    """Put (or replace) the plot section at the end of a report.md: one image link per picture."""
    text = report.read_text() if report.exists() else ""
    text = text.split(MARKER)[0].rstrip("\n")
    links = [f"![{p.stem}]({Path(os.path.relpath(p, report.parent)).as_posix()})" for p in pictures]
    report.write_text(text + f"\n\n{MARKER}\n## Plots\n\n" + "\n\n".join(links) + "\n")


def plot(outs: Sequence[Path], dest: Path | None = None) -> list[Path]:
    """Draw the pictures of the runs in ``outs`` into ``dest`` (default: the first run's directory), link them
    from every run's report.md, and return their paths."""
    if not outs:
        raise PlotError("name at least one arena output directory")
    runs = [read_run(Path(o)) for o in outs]
    plt = _pyplot()
    dest = Path(dest) if dest is not None else runs[0].out
    dest.mkdir(parents=True, exist_ok=True)
    pictures = []
    if plot_strength(plt, runs, dest / STRENGTH_PNG):
        pictures.append(dest / STRENGTH_PNG)
    plot_seats(plt, runs, dest / SEATS_PNG)
    plot_move_times(plt, runs, dest / MOVE_TIMES_PNG)
    pictures += [dest / SEATS_PNG, dest / MOVE_TIMES_PNG]
    for run in runs:
        link_plots(run.out / REPORT, pictures)
    return pictures
