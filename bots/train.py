"""``deadeye train``: expert iteration (Anthony, Tian & Barber 2017) for one game, from a seed, resumable.

A run is a folder.  Generation 0 is the game's tuned search with no network.  Each generation then:

1. plays ``games`` self-play games of the best search so far (the tuned search until a network is kept, then the
   search guided by the best network: ``guide``, by default ``prior=net,value=net``), on the arena's executors (``--workers`` processes, or a
   Dask cluster with ``--scheduler``), with iteration budgets, so that the games replay from the seed;
2. trains a network on the examples of the last ``window`` generations (the policy towards the root's visit shares,
   the values towards the games' results), starting from the best network's weights;
3. plays the new network against the best one in the arena (duplicate deals, ``gate_games`` games, stopped early
   by an SPRT) and keeps it if it is not worse;
4. writes ``gen-K/`` (weights and manifest), ``data/gen-K.npz`` (its examples) and a line of ``journal.jsonl``.

A run interrupted at any point resumes with ``--resume``: a generation is journaled only once it is complete, and a
generation is a function of the run's settings, its seed and the generations before it, so the resumed run is the
run that would have been.  ``best/`` always holds the best network, with the manifest that says how to make it
again.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import numpy as np

from deadeye.core import game_info
from deadeye.core.features import encoding_layout
from deadeye.search.network import DEFAULT_HIDDEN, Network

from . import mlp
from .arena import ArenaConfig, ArenaError, game_runner, run_arena
from .networks import shipped_folder, weights_digest
from .registry import make_bot
from .seeds import derive_seed
from .spec import BotSpecError, option_values
from .tuning import UNGUIDED, search_settings
from .selfplay import Examples, SelfPlayTask, play_selfplay_game
from .stats import SprtSpec

JOURNAL = "journal.jsonl"
SETTINGS = "settings.json"


@dataclass(frozen=True)
class TrainConfig:
    game: str
    out: Path
    players: tuple[int, ...] | None = None  # the self-play games' seat counts, in turn (default: the game's typical)
    generations: int = 10               # generations to reach (a resumed run goes on to this many)
    games: int = 100                    # self-play games a generation
    iterations: int = 400               # the search's iterations a decision, in self-play and in the gate
    hidden: tuple[int, int] = DEFAULT_HIDDEN
    epochs: int = 4
    batch: int = 256
    lr: float = 1e-3
    l2: float = 1e-4
    window: int = 4                     # generations of examples a network trains on
    gate_games: int = 80                # games of the gate (a multiple of the rotations), fewer if its SPRT decides
    explore: int = 8
    sharpen: float = 1.0                # the policy target is the root's visit shares to this power, renormalised
    guide: str = "prior=net,value=net"  # how the search uses the best network (ismcts options)
    search: str | None = None           # the search's own ismcts options (None: the game's tuned ones, recorded)
    seed: int = 0
    workers: int = 1
    scheduler: str | None = field(default=None, compare=False)
    progress: bool | None = field(default=None, compare=False)

    def settings(self) -> dict[str, Any]:
        """What makes the run's results: a resumed run must have the same (workers and scheduler do not count)."""
        out = asdict(self)
        for key in ("out", "workers", "scheduler", "progress", "generations"):
            out.pop(key)
        out["hidden"] = list(self.hidden)
        out["players"] = recorded_players(self.players)
        if self.sharpen == 1.0:
            out.pop("sharpen")                               # runs from before the setting record none
        return out

    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts the run plays, each in turn (self-play game i has the (i mod n)-th)."""
        return self.players or (typical_players(self.game),)


def recorded_players(counts: tuple[int, ...] | None) -> int | list[int] | None:
    """Seat counts as settings and manifests record them: one count as a number, as runs before mixed counts did."""
    if counts is None:
        return None
    return counts[0] if len(counts) == 1 else list(counts)


def config_fields(settings: dict[str, Any]) -> dict[str, Any]:
    """A run's recorded settings (its settings.json, a manifest's ``settings``) as :class:`TrainConfig` fields, less
    the game and the folder."""
    names = {f.name for f in fields(TrainConfig)} - {"game", "out"}
    found = {k: tuple(v) if k == "hidden" else v for k, v in settings.items() if k in names}
    counts = found.get("players")
    if counts is not None:                                 # one count is recorded as a number
        found["players"] = (counts,) if isinstance(counts, int) else tuple(counts)
    return found


def saved_settings(out: Path) -> dict[str, Any]:
    """The settings of the run in ``out`` ({} if none is there), so that a resume need not repeat them."""
    path = Path(out) / SETTINGS
    return config_fields(json.loads(path.read_text())) if path.exists() else {}


def encoding_record(layout: Any) -> dict[str, Any]:
    """The encoding a run's settings and its networks' manifests name: its version and its fingerprint."""
    return {"version": layout.version, "fingerprint": layout.fingerprint()}


def typical_players(game: str) -> int:
    info = game_info(game)
    return min(max(4, info.min_players), info.max_players)


def resolved_search(game: str, options: str | None) -> str:
    """A run's own search settings (``--search``, ismcts options) completed by the game's tuned ones less the
    network's: recorded whole in the run's settings, so that later tuning never changes a run or its remake."""
    explicit = option_values(options or "")
    reserved = sorted(set(explicit) & {*UNGUIDED, "net", "iterations", "time_ms", "budget", "seed", "threads"})
    if reserved:
        raise ArenaError(f"--search takes the search's own options, not {', '.join(reserved)}: the network's go in "
                         "--guide, the budget in --iterations, and the run's seed seeds every search on one thread")
    tuned = search_settings(game, explicit, multi_observer=explicit.get("tree") == "mo", guided=False)
    full = {**{k: v for k, v in tuned.items() if k not in UNGUIDED}, **explicit}
    text = ",".join(f"{key}={value}" for key, value in full.items())
    try:
        make_bot(f"ismcts:{text}")
    except BotSpecError as e:
        raise ArenaError(f"--search {options}: {e}") from None
    return text


def search_spec(config: TrainConfig, net: str | None) -> str:
    """The self-play and gate bot of a generation whose best network is in ``net`` (None: the run's search alone).
    Every guide option the run does not name is pinned unguided and every other setting is the run's ``search``, so
    that a game's tuned default, its shipped network or a later retuning never enters a run: a manifest's settings
    remake its weights whatever the defaults become."""
    own = option_values(resolved_search(config.game, config.search))
    options = {"iterations": config.iterations, **own, **UNGUIDED}
    if net is not None:
        options.update({**option_values(config.guide), "net": net})
    return "ismcts:" + ",".join(f"{key}={value}" for key, value in options.items())


def selfplay_options(game: str) -> dict[str, Any]:
    """The game options of the self-play games (each option's default)."""
    return {o.name: o.default for o in game_info(game).options}


def commit() -> str:
    """The commit of the deadeye source tree this runs from, if it is a git checkout (else its version)."""
    try:
        root = Path(__file__).resolve().parent.parent
        found = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                               timeout=10)
        if found.returncode == 0:
            return found.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    from importlib.metadata import PackageNotFoundError, version
    try:
        return "deadeye " + version("deadeye")
    except PackageNotFoundError:
        return "unknown"


def _log(config: TrainConfig, text: str) -> None:
    if config.progress is not False:
        print(text, file=sys.stderr, flush=True)


def read_journal(out: Path) -> list[dict]:
    path = out / JOURNAL
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    rows = []
    for line in lines:
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break                            # a line cut short by an interruption: redo that generation
    return rows


def train_run(config: TrainConfig, resume: bool = False, gate_last: bool = True) -> list[dict]:
    """Run (or resume) the generations of ``config``; the journal's rows.  Without ``gate_last`` the last generation
    stops at its weights, out of the journal (a resume plays it again, gate and all): its gate decides only what
    later generations start from, so a check of its weights need not pay for it."""
    out = Path(config.out)
    players = config.seat_counts()
    info = game_info(config.game)
    if not config.sharpen > 0:
        raise ArenaError(f"--sharpen is a power above 0, not {config.sharpen}")
    for n in players:
        if not info.min_players <= n <= info.max_players:
            raise ArenaError(f"{info.name} is played by {info.min_players} to {info.max_players} players, not {n}")
    tuned = config.search is None
    config = replace(config, search=resolved_search(config.game, config.search))
    layout = encoding_layout(config.game)
    settings = {**config.settings(), "players": recorded_players(players), "encoding": encoding_record(layout)}
    if (out / SETTINGS).exists():
        if not resume:
            raise ArenaError(f"{out} holds a training run already: add --resume to go on with it, or choose "
                             "another --out")
        found = json.loads((out / SETTINGS).read_text())
        if tuned:
            found.setdefault("search", config.search)       # runs from before the setting searched as tuned
        if found != settings:
            differ = sorted(k for k in set(found) | set(settings) if found.get(k) != settings.get(k))
            raise ArenaError(f"{out} was trained with other settings ({', '.join(differ)}): use the same, or "
                             "another --out")
    else:
        out.mkdir(parents=True, exist_ok=True)
        (out / SETTINGS).write_text(json.dumps(settings, indent=2, sort_keys=True) + "\n")
    rows = read_journal(out)
    (out / JOURNAL).write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))   # drop a cut line
    runner = game_runner(ArenaConfig(game=config.game, bots=("random",), games=0, out=out, workers=config.workers,
                                     scheduler=config.scheduler))
    try:
        while len(rows) < config.generations:
            row = _generation(config, out, players, layout, info.max_players, rows, runner,
                              gate_last or len(rows) + 1 < config.generations)
            if row is None:
                break
            rows.append(row)
            with open(out / JOURNAL, "a") as f:
                f.write(json.dumps(rows[-1], sort_keys=True) + "\n")
                f.flush()
                os.fsync(f.fileno())
    finally:
        runner.close()
    return rows


def _generation(config: TrainConfig, out: Path, players: tuple[int, ...], layout: Any, seats: int, rows: list[dict],
                runner: Any, play_gate: bool = True) -> dict | None:
    gen = len(rows) + 1
    start = time.perf_counter()
    best = rows[-1]["best"] if rows else 0               # 0: the tuned search, no network yet
    best_dir = str(out / f"gen-{best}") if best else None
    spec = search_spec(config, best_dir)
    _log(config, f"generation {gen}: {config.games} self-play games of {spec}")
    tasks = [SelfPlayTask(i, config.game, players[i % len(players)], spec, derive_seed(config.seed, "selfplay", gen, i),
                          config.explore) for i in range(config.games)]
    played: dict[int, Examples] = {}
    moves = 0
    for index, examples, what in _progress(runner.map(play_selfplay_game, tasks), len(tasks), config, "self-play"):
        if examples is not None:
            played[index] = examples
            moves += what["moves"]
    data_dir = out / "data"
    data_dir.mkdir(exist_ok=True)
    Examples.concat([played[i] for i in sorted(played)]).save(str(data_dir / f"gen-{gen}.npz"))
    window = [Examples.load(str(data_dir / f"gen-{g}.npz")) for g in range(max(1, gen - config.window + 1), gen + 1)]
    data = Examples.concat(window)
    batch = mlp.Batch(data.x.astype(np.float32), data.mask, sharpened(data.policy, config.sharpen), data.value,
                      data.seats)
    if best:
        weights = Network.load(best_dir).arrays()
    else:
        weights = Network.initial(layout.size, config.hidden, batch.mask.shape[1], seats,
                                  derive_seed(config.seed, "init", bits=31)).arrays()
    history = mlp.train(weights, batch, config.epochs, config.batch, derive_seed(config.seed, "train", gen, bits=32),
                        config.lr, l2=config.l2)
    candidate = out / f"gen-{gen}"
    games_so_far = sum(r["selfplay_games"] for r in rows) + len(played)
    manifest = {"game": config.game, "players": recorded_players(players), "options": selfplay_options(config.game),
                "encoding": encoding_record(layout),
                "generation": gen, "selfplay_games": games_so_far, "seed": config.seed, "commit": commit(),
                "trained_on": machine_kind(),
                "settings": config.settings(),
                "remake": f"deadeye train {config.game} --out DIR --generations {gen} " + _flags(config)}
    Network(weights, manifest).save(str(candidate))
    if not play_gate:
        return None
    gate = _gate(config, out, players, gen, str(candidate), best_dir)
    kept = gate["kept"]
    manifest["arena"] = gate
    Network(weights, manifest).save(str(candidate))         # the manifest with the gate's result
    new_best = gen if kept else best
    if kept:
        shutil.rmtree(out / "best", ignore_errors=True)
        shutil.copytree(candidate, out / "best")
    row = {"generation": gen, "selfplay_games": len(played), "examples": sum(len(e) for e in played.values()),
           "moves": moves, "window_examples": len(data),
           "loss": history[-1], "loss_first_epoch": history[0], "gate": gate, "best": new_best,
           "seconds": round(time.perf_counter() - start, 1)}
    _log(config, f"generation {gen}: {row['examples']} examples, policy loss {history[0]['policy']:.3f} -> "
                 f"{history[-1]['policy']:.3f}, value loss {history[-1]['value']:.3f}; gate: {gate['summary']}; "
                 f"best: {'gen-' + str(new_best) if new_best else 'the tuned search'} ({row['seconds']} s)")
    return row


def sharpened(policy: np.ndarray, power: float) -> np.ndarray:
    """Visit shares raised to ``power`` and renormalised: above 1, a target that leans towards the most visited moves
    (a few hundred iterations spread their visits widely, and a prior as flat as its target guides little)."""
    if power == 1.0:
        return policy
    raised = policy.astype(np.float64) ** power
    return (raised / raised.sum(axis=1, keepdims=True)).astype(np.float32)


def _flags(config: TrainConfig) -> str:
    parts = [f"--players {','.join(map(str, config.players))}"] if config.players else []
    parts += [f"--games {config.games}", f"--iterations {config.iterations}",
              f"--hidden {','.join(map(str, config.hidden))}", f"--epochs {config.epochs}", f"--batch {config.batch}",
              f"--lr {config.lr}", f"--l2 {config.l2}", f"--window {config.window}",
              f"--gate-games {config.gate_games}", f"--explore {config.explore}", f"--guide {config.guide}",
              *([f"--search {config.search}"] if config.search is not None else []),
              *([f"--sharpen {config.sharpen}"] if config.sharpen != 1.0 else []),
              f"--seed {config.seed}"]
    return " ".join(parts)


def _gate(config: TrainConfig, out: Path, players: tuple[int, ...], gen: int, candidate: str,
          best: str | None) -> dict:
    """The candidate against the best so far, on duplicate deals at each of the run's seat counts (the games shared
    among them): kept unless it is shown worse (an SPRT says so, or the win share it leads by, over all the games,
    is below zero)."""
    bots = (search_spec(config, candidate), search_spec(config, best))
    rotations = 2                                          # two bots: each in each seat pattern once
    share = max(rotations, config.gate_games // len(players) // rotations * rotations)
    arenas = []                                            # (seat count, games, paired win share, SPRT decision)
    for n in players:
        tag = "" if len(players) == 1 else f"-p{n}"        # a single count: the folders and seeds of earlier runs
        extra = () if len(players) == 1 else (n,)
        summary = run_arena(ArenaConfig(
            game=config.game, bots=bots, players=n, games=share, out=out / f"gate-{gen}{tag}", duplicate=True,
            seed=derive_seed(config.seed, "gate", gen, *extra),
            run_key=derive_seed(config.seed, "gate key", gen, *extra, bits=64).to_bytes(8, "little") * 2,
            workers=config.workers, scheduler=config.scheduler, sprt=SprtSpec(0.0, 30.0), progress=False,
            resume=True)).summary
        arenas.append((n, summary.games, summary.paired.get("win share"),
                       summary.sprt.decision if summary.sprt is not None else None))
    games = sum(g for _, g, _, _ in arenas)
    known = [(g, p) for _, g, p, _ in arenas if p is not None]
    lead = sum(g * p.value for g, p in known) / max(1, sum(g for g, _ in known))
    low = high = None
    if len(known) == 1:
        low, high = known[0][1].low, known[0][1].high
    elif known:                                            # the games-weighted mean of independent arenas
        spread = sum((g * (p.high - p.low) / 2) ** 2 for g, p in known) ** 0.5 / sum(g for g, _ in known)
        low, high = lead - spread, lead + spread
    decisions = {d for _, _, _, d in arenas}
    sprt = next(iter(decisions)) if len(decisions) == 1 else None
    kept = "H0" not in decisions and (sprt == "H1" or lead >= 0.0)
    counts = "" if len(players) == 1 else " (" + ", ".join(
        f"{n} players " + (f"{p.value:+.3f}" if p is not None else "-") for n, _, p, _ in arenas) + ")"
    text = (f"new - best win share {lead:+.3f}" + (f" [{low:+.3f}, {high:+.3f}]" if known else "")
            + f" over {games} games{counts}" + (f", SPRT {sprt}" if sprt else "") + (", kept" if kept else ", dropped"))
    return {"games": games, "win_share_lead": lead, "low": low, "high": high, "sprt": sprt, "kept": kept,
            "summary": text}


def _trained_network(folder: Path, game: str) -> Network:
    """The network in ``folder``, which must be ``game``'s and say how it was trained."""
    net = Network.load(str(folder), game)
    if "settings" not in net.manifest:
        raise ArenaError(f"{folder}'s manifest does not say how it was trained (no settings)")
    return net


def ship(run: Path, game: str, dest: Path | None = None) -> Path:
    """Copy the run's best network into ``dest`` (default: the package's folder for the game) with its lineage,
    the digest of every generation's weights up to it, which :func:`remake` checks a retrained run against."""
    best = _trained_network(run / "best", game)
    manifest = dict(best.manifest)
    manifest.pop("shape", None)
    manifest.setdefault("options", selfplay_options(game))
    manifest["lineage"] = {str(g): weights_digest(Network.load(str(run / f"gen-{g}")))
                           for g in range(1, manifest["generation"] + 1)}
    target = Path(dest or shipped_folder(manifest["game"]))
    shutil.rmtree(target, ignore_errors=True)
    Network(best.arrays(), manifest).save(str(target))
    return target


def machine_kind() -> str:
    """What a training's rounding depends on besides the code and numpy: the BLAS and the kernels it picked for this
    CPU, and the widest vector instructions numpy dispatches to (``"openblas Haswell, AVX2"``)."""
    from threadpoolctl import threadpool_info
    try:
        from numpy._core._multiarray_umath import __cpu_features__ as features
    except ImportError:                                     # numpy 1.x
        from numpy.core._multiarray_umath import __cpu_features__ as features
    blas = [f"{i['internal_api']} {i.get('architecture')}" for i in threadpool_info() if i["user_api"] == "blas"]
    widest = next((f for f in ("AVX512_SKX", "AVX512F", "AVX2", "AVX", "SSE42") if features.get(f)), "baseline")
    return ", ".join(blas + [widest])


def remake(folder: Path, game: str, out: Path, generations: int | None = None, workers: int = 1,
           scheduler: str | None = None, progress: bool | None = None) -> tuple[str, str, str]:
    """Retrain the run a shipped network's manifest describes, into ``out``, up to ``generations`` (default: the
    network's own): (the digest the manifest records for that generation, the retrained one's, whose machine the
    record is from, in words).  Bit-for-bit equal on a machine of the kind that trained it (numpy's and OpenBLAS's
    kernels round by the CPU's instructions); on another kind, the manifest's ``remade_on[machine_kind()]`` may
    record what that kind remakes.  Generation ``generations``'s own gate is not played: it changes no weight."""
    manifest = _trained_network(folder, game).manifest
    gen = generations or manifest["generation"]
    lineage = manifest.get("lineage", {})
    if str(gen) not in lineage:
        raise ArenaError(f"{folder}'s manifest records no digest for generation {gen} "
                         f"(it has {', '.join(sorted(lineage, key=int)) or 'none'})")
    config = TrainConfig(game=game, out=out, generations=gen, workers=workers, scheduler=scheduler,
                         progress=progress, **config_fields(manifest["settings"]))
    train_run(config, resume=True, gate_last=False)
    kind, trained_on = machine_kind(), manifest.get("trained_on")
    remade = manifest.get("remade_on", {}).get(kind, {})                  # what this kind of machine remakes
    if str(gen) in remade:
        source = f"recorded for this kind of machine, {kind}"
    elif trained_on == kind:
        source = f"trained on this kind of machine, {kind}"
    else:
        source = f"trained on {trained_on or 'a kind of machine it does not name'}; this one is {kind}"
    return remade.get(str(gen), lineage[str(gen)]), weights_digest(Network.load(str(out / f"gen-{gen}"))), source


def _progress(items: Any, total: int, config: TrainConfig, what: str) -> Any:
    from tqdm import tqdm

    return tqdm(items, total=total, unit="game", desc=what, file=sys.stderr, dynamic_ncols=True,
                disable=None if config.progress is None else not config.progress)
