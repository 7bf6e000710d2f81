"""The ``deadeye`` command line: list games, play one in the terminal or the browser, measure speed, run a bot
tournament, serve the bot protocol.

It lives in the outermost layer (protocol -> bots -> search -> core) because it drives all the others.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Sequence, TextIO

from deadeye.bots import BotSpecError
from deadeye.bots.arena import (IN_PROCESS, ArenaConfig, ArenaError, parse_run_key, pool_runs, read_run,
                                resolve_players, run_arena)
from deadeye.bots.bench import bench, search_scaling, spec_costs
from deadeye.bots.networks import shipped_folder
from deadeye.bots.report import render
from deadeye.bots.stats import SprtSpec
from deadeye.bots.train import TrainConfig, remake, saved_settings, ship, train_run
from deadeye.core import GameError, game_info, list_games
from deadeye.core.options import parse_options

from .limits import DEFAULT_LIMITS
from .play import play, seat_count


def _seat_counts(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(n) for n in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"seat counts are numbers such as 4 or 2,3,4,5, not {text!r}") from None


# deadeye train's options that make a run's results (TrainConfig's fields): a flag, its type, its help
TRAIN_SETTINGS = (
    ("players", _seat_counts,
     "seats of the self-play games, or counts such as 2,3,4,5 played in turn (default: 4, or the nearest the game "
     "allows)"),
    ("games", int, "self-play games a generation"),
    ("iterations", int, "the search's iterations a decision, in self-play and in the gate"),
    ("epochs", int, "passes over the examples a generation"), ("batch", int, "examples a training step"),
    ("lr", float, "Adam's learning rate"), ("l2", float, "the weights' L2 penalty"),
    ("window", int, "generations of examples a network trains on"),
    ("gate_games", int, "games of a new network against the best (duplicate deals; an SPRT may stop it)"),
    ("explore", int, "the first decisions of a self-play game drawn in proportion to the visits"),
    ("sharpen", float, "the policy target: the root's visit shares to this power, renormalised"),
    ("seed", int, "every random choice of the run flows from it"))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deadeye", description="AI opponents for hidden-information board games.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games and their player counts")
    p = sub.add_parser("play", help="play one game in the terminal")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=None,
                   help="seats in the game (default: one per --seats, else 4 within the game's range)")
    p.add_argument("--seats", default=None, help="comma-separated: human or a bot spec per seat (default: all random)")
    p.add_argument("--seed", type=int, default=1)
    _option_argument(p)
    b = sub.add_parser("bench", help="measure clone and playout speed")
    b.add_argument("game")
    b.add_argument("--players", type=int, nargs="+", default=None,
                   help="player counts (default: 2 and 4, those the game allows, else its minimum)")
    b.add_argument("--seconds", type=float, default=1.0, help="time spent on each measurement")
    b.add_argument("--tree-sizes", type=int, nargs="+", default=[],
                   help="also time one search of each many iterations (as many nodes) from the first decision")
    b.add_argument("--threads", type=int, default=1, help="also compare the ismcts bot with 1 and this many threads")
    b.add_argument("--bots", nargs="+", default=None, metavar="SPEC",
                   help="instead: the CPU time per iteration of each bot spec over the same decisions (the cost that "
                        "converts a strength at equal iterations into one at equal time)")
    b.add_argument("--iterations", type=int, default=1000, help="with --bots: iterations per decision")
    b.add_argument("--vs-openspiel", action="store_true",
                   help="hearts only: deadeye against OpenSpiel's C++ and Python engines, on one core")
    a = sub.add_parser("arena", help="play many games between bots and report how strong each is",
                       description="Play --games games between the bots; every bot plays every seat equally often "
                                   "(seat s of game g holds bot (s + g) mod the number of bots). Each game is "
                                   "journaled to OUT/games.jsonl as it ends; the report goes to OUT/report.md, its "
                                   "figures to OUT/report.json, one row per seat per game to OUT/games.csv.")
    a.add_argument("game")
    _option_argument(a)
    a.add_argument("--bots", nargs="+", required=True, metavar="SPEC",
                   help="bot specs, e.g. random ismcts:iterations=1000")
    a.add_argument("--games", type=int, required=True, help="total games played (with --duplicate: deals x bots)")
    a.add_argument("--seed", type=int, default=0,
                   help="every deal and every bot seed derive from it and the run key, by a keyed hash")
    a.add_argument("--run-key", default=None, metavar="HEX",
                   help="replay a run exactly: its run key, from the run_key of OUT/games.jsonl (default: a new "
                        "secret key, kept in the journal; the engines never see it)")
    a.add_argument("--out", type=Path, default=None,
                   help="directory for games.jsonl and report.md (default: a new arena-out/<date-time>)")
    a.add_argument("--players", type=int, default=None,
                   help="seats per game (default: the number of bots, at least the game's minimum)")
    a.add_argument("--duplicate", action="store_true",
                   help="play each deal under every seat rotation (--games must be a multiple of the bot count)")
    a.add_argument("--workers", type=int, default=None,
                   help="worker processes (default: all CPUs; 1: none, the arena plays the games itself)")
    a.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                   help="play on the Dask cluster of this scheduler instead of local --workers, one deal group per "
                        "task (needs pip install 'deadeye[dask]' here and the same deadeye on every worker)")
    a.add_argument("--focus", default=None, metavar="SPEC",
                   help="hidden-role games: one seat of one bot among copies of the other, the lone seat rotated "
                        "over every seat, both ways (SPEC among the other, then the other among SPEC); SPEC is one "
                        "of the two --bots, and the report gives the lone seat's win rate overall and per role")
    a.add_argument("--resume", action="store_true", help="finish the run journaled in --out")
    a.add_argument("--transport", choices=("inprocess", "process"), default="inprocess",
                   help="inprocess (default): the bots run inside the arena; process: each bot runs in an engine "
                        "process of its own and gets only its seat's view over the protocol, with a deadline per "
                        "move; a bot spec cmd:[bot=SPEC ]COMMAND enters any engine that speaks the protocol")
    a.add_argument("--move-ms", type=float, default=None,
                   help="the time budget of every move, in milliseconds (it replaces the bots' own budgets)")
    a.add_argument("--grace-ms", type=float, default=None,
                   help="process transport: how long an answer may take beyond --move-ms before the bot forfeits "
                        "by timeout (default 10000)")
    a.add_argument("--sprt", type=_sprt_spec, default=None, metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
                   help="stop as soon as a sequential probability ratio test on the first bot's score per deal "
                        "accepts H0 (elo <= E0) or H1 (elo >= E1); alpha and beta default to 0.05")
    g = sub.add_parser("plot", help="draw arena runs as PNG files: strength against budget, win rate per seat, "
                                    "move times (needs matplotlib: pip install 'deadeye[plot]')",
                       description="Draw the runs journaled in the OUT directories: strength.png (win rate against "
                                   "the iterations= of the bot specs, from several runs or one run of several "
                                   "budgets), seats.png (win rate per seat, and per role) and move-times.png; each "
                                   "run's report.md links them.")
    g.add_argument("runs", nargs="+", type=Path, metavar="OUT", help="the --out directory of an arena run")
    g.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="where the PNG files go (default: the first OUT)")
    a.add_argument("--sandbox", nargs="?", const="cmd", choices=("cmd", "all"), default=None,
                   help="process transport: run each cmd: engine (with 'all': every engine) confined by bubblewrap, "
                        "seeing neither the arena's files nor its processes (docs/protocol.md)")
    r = sub.add_parser("report", help="one report of several arena runs of the same bots, each run's deals kept "
                                      "apart: batches of one measurement, played in several sessions",
                       description="Print the report of the games journaled in the OUT directories as one run's. The "
                                   "runs must play the same game with the same seats, options and bots, all with "
                                   "--duplicate or all without; their deals are numbered one run after the other, so "
                                   "intervals cluster each run's deals apart. Nothing is written.")
    r.add_argument("runs", nargs="+", type=Path, metavar="OUT", help="the --out directory of an arena run")
    t = sub.add_parser("train", help="train a game's network by expert iteration (self-play, training, gating)",
                       description="Each generation plays --games self-play games of the best search so far, "
                                   "trains a network on them and keeps it if the arena does not find it worse than "
                                   "the best one (docs/learning.md). OUT/best holds the best network and the "
                                   "manifest that says how to make it again; --resume goes on after an "
                                   "interruption.")
    t.add_argument("game")
    t.add_argument("--out", type=Path, required=True, help="the run's folder")
    defaults = TrainConfig(game="", out=Path("."))
    for flag, kind, help_text in TRAIN_SETTINGS:           # None: the default, or with --resume the run's own
        t.add_argument("--" + flag.replace("_", "-"), type=kind, default=None, help=help_text if "default" in help_text
                       else f"{help_text} (default {getattr(defaults, flag)})")
    t.add_argument("--generations", type=int, default=None,
                   help=f"generations to reach (default {defaults.generations}; with --remake, its network's)")
    t.add_argument("--workers", type=int, default=1, help="self-play and gate worker processes (1: this process)")
    t.add_argument("--hidden", default=None, metavar="H1,H2",
                   help=f"the network's hidden layers (default {','.join(map(str, defaults.hidden))})")
    t.add_argument("--guide", default=None, metavar="OPTIONS",
                   help=f"how the search uses the best network, as ismcts options (default {defaults.guide})")
    t.add_argument("--search", default=None, metavar="OPTIONS",
                   help="the search's own settings, as ismcts options such as c=0.4,win=1 (default: the game's "
                        "tuned settings; the run records them whole, so later tuning never changes it)")
    t.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                   help="play the self-play and gate games on this Dask cluster instead of local --workers")
    t.add_argument("--resume", action="store_true",
                   help="go on with the run in --out, with its settings (any given must be the same)")
    t.add_argument("--remake", type=Path, default=None, metavar="NET",
                   help="retrain the run that made the network in NET (a folder with its manifest; default: the "
                        "one shipped for the game) into --out, up to --generations (default: NET's), and check that the weights "
                        "are the same bit for bit (on a machine of the kind that trained it: docs/learning.md)")
    t.add_argument("--ship", action="store_true",
                   help="copy --out's best network into deadeye's package (bots/nets/), with its lineage")
    s = sub.add_parser("serve", help="speak the MessagePack-RPC bot protocol on stdin/stdout (docs/protocol.md)")
    s.add_argument("--log-level", choices=("debug", "info", "warning", "error"), default=None,
                   help="log to stderr at this level (default: no logs)")
    s.add_argument("--max-message-bytes", type=int, default=DEFAULT_LIMITS.message_bytes, metavar="N",
                   help=f"the longest message accepted, in bytes (default {DEFAULT_LIMITS.message_bytes})")
    s.add_argument("--max-nodes", type=int, default=DEFAULT_LIMITS.max_nodes, metavar="N",
                   help=f"the largest search tree a bot may grow, in nodes of about 48 bytes "
                        f"(default {DEFAULT_LIMITS.max_nodes})")
    w = sub.add_parser("web", help="play in the browser: serve the page and the protocol over a WebSocket",
                       description="Serve the page at http://HOST:PORT/, the player rules at /rules/GAME and the "
                                   "protocol (MessagePack-RPC, one message per binary WebSocket frame) at /rpc.")
    w.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine "
                                                        "only)")
    w.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: a free one)")
    w.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="a host name the page may be opened under, beside localhost, addresses and --host (e.g. "
                        "this machine's name on the network); repeat for several. Requests naming another host are "
                        "refused (403), so that no other site's page can reach the server through a DNS rebinding")
    return parser


def _option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeat for several; deadeye games lists them)")


def _options(args: argparse.Namespace, players: int) -> dict:
    """The game options of ``--option NAME=VALUE``, each parsed and checked against the game's declaration."""
    info = game_info(args.game)
    return parse_options(info.name, info.options, args.option, players)


def _sprt_spec(text: str) -> SprtSpec:
    try:
        return SprtSpec.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def arena(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """``deadeye arena``: run or resume the tournament, then print the report."""
    if args.out is None:
        args.out = Path("arena-out") / time.strftime("%Y%m%d-%H%M%S")
    if args.transport == "process":
        from deadeye.protocol.referee import DEFAULT_GRACE_MS, ProcessTransport

        transport = ProcessTransport(grace_ms=DEFAULT_GRACE_MS if args.grace_ms is None else args.grace_ms,
                                     sandbox=args.sandbox)
    elif args.grace_ms is not None:
        raise ArenaError("--grace-ms sets the deadline of an engine process: add --transport process")
    elif args.sandbox is not None:
        raise ArenaError("--sandbox confines engine processes: add --transport process")
    else:
        transport = IN_PROCESS
    run_key = None if args.run_key is None else parse_run_key(args.run_key)
    focus = None
    if args.focus is not None:
        if args.focus not in args.bots:
            raise ArenaError(f"--focus names one of the --bots, not {args.focus!r}")
        focus = args.bots.index(args.focus)
    config = ArenaConfig(game=args.game, bots=tuple(args.bots), games=args.games, out=args.out, seed=args.seed,
                         players=args.players, duplicate=args.duplicate, workers=args.workers, resume=args.resume,
                         move_ms=args.move_ms, transport=transport, sprt=args.sprt, run_key=run_key,
                         scheduler=args.scheduler, focus=focus,
                         options=_options(args, resolve_players(args.game, len(args.bots), args.players)))
    try:
        result = run_arena(config)
    except KeyboardInterrupt:
        print(f"\ndeadeye: arena interrupted; finished games are in {args.out / 'games.jsonl'}: "
              "run the same command with --resume to finish", file=sys.stderr)
        return 1
    print(result.report, end="", file=out)
    return 0


def train(args: argparse.Namespace) -> int:
    """``deadeye train``: run or resume the generations."""
    flags = [flag for flag, _, _ in TRAIN_SETTINGS] + ["guide", "search"]
    given = {flag: getattr(args, flag) for flag in flags if getattr(args, flag) is not None}
    if args.hidden is not None:
        try:
            given["hidden"] = tuple(int(h) for h in args.hidden.split(","))
            if len(given["hidden"]) != 2 or min(given["hidden"]) < 1:
                raise ValueError
        except ValueError:
            raise ArenaError(f"--hidden is two layer sizes, such as 64,32, not {args.hidden!r}") from None
    game = game_info(args.game).name
    if args.ship:
        print(f"shipped {args.out / 'best'} as {ship(args.out, game)}")
        return 0
    if args.remake is not None:
        folder = Path(shipped_folder(game)) if str(args.remake) == "default" else args.remake
        expected, got, source = remake(folder, game, args.out, args.generations, args.workers, args.scheduler)
        same = expected == got
        print(f"weights {got}: " + ("the manifest's, bit for bit" if same else f"not the manifest's {expected} "
                                    f"({source}: docs/learning.md, how a remake depends on the machine)"))
        return 0 if same else 1
    settings = {**(saved_settings(args.out) if args.resume else {}), **given}
    config = TrainConfig(game=game, out=args.out, generations=args.generations or TrainConfig.generations,
                         workers=args.workers, scheduler=args.scheduler, **settings)
    try:
        rows = train_run(config, resume=args.resume)
    except KeyboardInterrupt:
        print(f"\ndeadeye: training interrupted; the generations done are in {args.out / 'journal.jsonl'}: "
              f"deadeye train {game} --out {args.out} --resume goes on", file=sys.stderr)
        return 1
    best = rows[-1]["best"] if rows else 0
    print(f"{len(rows)} generations; best: " + (f"{args.out / 'best'} (generation {best})" if best else
                                                "the tuned search (no network kept yet)"))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            for info in list_games():
                print(f"{info.name:12s} {info.title}, {info.min_players}-{info.max_players} players"
                      + "".join(f"\n    --option {o.name}=... ({o.describe()}; default {o.default!r}): {o.help}"
                                for o in info.options))
        elif args.command == "play":
            named = [s.strip() for s in args.seats.split(",")] if args.seats else None
            players = seat_count(args.game, args.players, named)
            options = _options(args, players)
            play(args.game, players, named or ["random"] * players, args.seed, options=options)  # None: quit
        elif args.command == "bench":
            info = game_info(args.game)
            if args.vs_openspiel:
                if args.game != "hearts":
                    raise GameError("--vs-openspiel compares the engines on hearts only")
                from deadeye.bots.openspiel_bench import compare
                compare(args.seconds)
            elif args.bots:
                players = args.players or [info.min_players]
                for n in players:
                    spec_costs(args.game, n, args.bots, args.iterations)
            else:
                players = args.players or [n for n in (2, 4) if info.min_players <= n <= info.max_players]
                bench(args.game, players or [info.min_players], args.seconds)
                if args.tree_sizes or args.threads > 1:
                    search_scaling(args.game, (players or [info.min_players])[-1], args.tree_sizes, args.threads,
                                   args.seconds)
        elif args.command == "arena":
            return arena(args)
        elif args.command == "train":
            return train(args)
        elif args.command == "plot":
            from deadeye.bots.plot import plot
            for path in plot(args.runs, args.out):
                print(path)
        elif args.command == "report":
            print(render(pool_runs([read_run(out) for out in args.runs])), end="")
        elif args.command == "serve":
            from deadeye.protocol.server import main as serve
            try:
                limits = replace(DEFAULT_LIMITS, message_bytes=args.max_message_bytes, max_nodes=args.max_nodes,
                                 queue_bytes=max(DEFAULT_LIMITS.queue_bytes, 2 * args.max_message_bytes))
            except ValueError as exc:
                print(f"deadeye serve: {exc}", file=sys.stderr)
                return 2
            return serve(args.log_level, limits)
        elif args.command == "web":
            from deadeye.protocol.web import main as web
            return web(args.host, args.port, allowed_hosts=args.allowed_host)
    except (GameError, BotSpecError, ArenaError) as exc:
        print(f"deadeye: {exc}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\ndeadeye: game abandoned", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
