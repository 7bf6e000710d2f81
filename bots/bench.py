"""``deadeye bench``: how fast a game's states copy, play out and sample, and how fast ISMCTS searches it, in one
run."""
from __future__ import annotations

import copy
import sys
import time
from typing import Any, Callable, Sequence, TextIO

from deadeye.core import new_game


def per_call_ns(fn: Callable[[], Any], seconds: float) -> float:
    """Mean ns per call of ``fn`` over about ``seconds`` of repeated batches."""
    batch, total, calls = 1, 0.0, 0
    while total < seconds:
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        total += time.perf_counter() - start
        calls += batch
        batch = min(batch * 2, 1 << 16)
    return total / calls * 1e9


SAMPLE_POSITIONS = 30     # decisions of random games whose information sets ``bench`` samples


def bench(game: str, players: Sequence[int], seconds: float, out: TextIO = sys.stdout) -> list[dict]:
    """Clone vs deepcopy of the plain dict, random playouts per second, and the cost of a determinisation, each
    measured in this one run."""
    from deadeye.search.playout import random_playout

    rows = []
    for n in players:
        state = new_game(game, players=n, seed=1)
        plain = state.to_dict()
        clone_ns = per_call_ns(state.clone, seconds)
        deepcopy_ns = per_call_ns(lambda: copy.deepcopy(plain), seconds)
        rates = {}
        for label, to_segment_end in (("round", True), ("game", False)):
            seed, actions, start = 0, 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                actions += random_playout(state.clone(), seed, to_segment_end)
                seed += 1
            elapsed = time.perf_counter() - start
            rates[label] = (seed / elapsed, actions / seed)
        row = {"players": n, "clone_ns": clone_ns, "deepcopy_ns": deepcopy_ns, "ratio": deepcopy_ns / clone_ns,
               "round_playouts_per_s": rates["round"][0], "game_playouts_per_s": rates["game"][0],
               "actions_per_round": rates["round"][1], "actions_per_game": rates["game"][1]}
        row.update(_search_rates(state, seconds))
        row["sample_ns"] = sample_ns(game, n, seconds)
        row.update(network_costs(game, n, seconds))
        rows.append(row)
        print(f"{game} {n} players: clone {clone_ns:,.0f} ns | deepcopy(to_dict) {deepcopy_ns:,.0f} ns | "
              f"ratio {row['ratio']:,.0f}x | random playouts/s: first round {rates['round'][0]:,.0f} "
              f"({rates['round'][1]:.0f} actions), whole game {rates['game'][0]:,.0f} "
              f"({rates['game'][1]:.0f} actions) | ismcts iterations/s from the first decision: "
              f"random rollouts {row['ismcts_random_per_s']:,.0f}, heuristic rollouts "
              f"{row['ismcts_heuristic_per_s']:,.0f}, the game's tuned settings {row['ismcts_tuned_per_s']:,.0f} | "
              f"sample() over {SAMPLE_POSITIONS} decisions of random games {row['sample_ns'] / 1000:,.2f} us | "
              f"encode {row['encode_ns'] / 1000:,.2f} us, network {row['network']} forward "
              f"{row['forward_ns'] / 1000:,.2f} us (an ismcts iteration: "
              f"{1e6 / row['ismcts_tuned_per_s']:,.2f} us)", file=out)
    return rows


def network_costs(game: str, players: int, seconds: float, positions: int = SAMPLE_POSITIONS) -> dict:
    """What the network's guidance costs the search at the seats to move of ``positions`` decisions: encoding one
    information set, and one forward pass of a network of the default shape (``deadeye.search.network``)."""
    from deadeye.core.features import encoding_layout
    from deadeye.search.network import DEFAULT_HIDDEN, Network, costs_ns

    from deadeye.core import game_info

    infos = [state.information_set(state.current_player()) for state in decision_positions(game, players, positions)]
    layout = encoding_layout(game)
    net = Network.initial(layout.size, DEFAULT_HIDDEN, type(infos[0]).state_class.num_actions,
                          game_info(game).max_players, seed=1)
    rounds = 1
    while True:
        start = time.perf_counter()
        encode_ns, forward_ns = costs_ns(net, infos, rounds)
        if time.perf_counter() - start >= seconds / 2 or rounds >= 1 << 20:
            break
        rounds *= 4
    return {"encode_ns": encode_ns, "forward_ns": forward_ns,
            "network": f"{layout.size}-{'-'.join(map(str, DEFAULT_HIDDEN))}"}


def sample_ns(game: str, players: int, seconds: float, positions: int = SAMPLE_POSITIONS) -> float:
    """Mean ns of one ``sample()`` over the information sets of the seats to move at ``positions`` decisions of
    random games (``decision_positions``: early, middle and late), each sampled with fresh seeds for its share of
    ``seconds`` in a row, as a search samples its root's (so what an information set keeps for its samples
    counts)."""
    import itertools

    infos = [state.information_set(state.current_player()) for state in decision_positions(game, players, positions)]
    share = seconds / len(infos)
    return sum(per_call_ns(lambda info=info, seeds=itertools.count(): info.sample(next(seeds)), share)
               for info in infos) / len(infos)


def _search_rates(state, seconds: float) -> dict:
    """ISMCTS iterations per second from ``state``'s first decision: random rollouts, heuristic rollouts (both to the
    end of the game), and the game's tuned settings (``bots/tuning.py``), as the ``ismcts`` bot plays."""
    from deadeye.core.registry import heuristic_policy
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    from .registry import make_bot

    info = state.information_set(state.current_player())
    rates = {}
    for name, policy in (("random", None), ("heuristic", heuristic_policy(state))):
        result = Searcher(policy=policy).search(info, Budget(time_ms=seconds * 1000), seed=1)
        rates[f"ismcts_{name}_per_s"] = result.iterations / result.elapsed_ms * 1000
    bot = make_bot(f"ismcts:time_ms={seconds * 1000}", seed=1)
    bot.choose(info)
    rates["ismcts_tuned_per_s"] = bot.last.iterations / bot.last.elapsed_ms * 1000
    return rates


def decision_positions(game: str, players: int, count: int, seed: int = 1) -> list:
    """``count`` decisions (states whose seat to move has a choice) spread over random games of ``game``: from each
    game, its decisions at a quarter, a half and three quarters of the way, in turn, so that a spec's cost per
    iteration is averaged over the early, middle and late game."""
    import random

    rng = random.Random(seed)
    positions: list = []
    game_seed = seed
    while len(positions) < count:
        state, decisions = new_game(game, players=players, seed=game_seed), []
        while not state.is_terminal() and len(decisions) < 2000:
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions.append(state.clone())
            state.apply_action(rng.choice(legal))
        positions += [decisions[len(decisions) * k // 4] for k in (1, 2, 3) if decisions][:count - len(positions)]
        game_seed += 1
    return positions


def spec_costs(game: str, players: int, specs: Sequence[str], iterations: int = 1000, positions: int = 12,
               out: TextIO = sys.stdout) -> list[dict]:
    """CPU time per iteration of each bot spec, over the same ``positions`` decisions (``decision_positions``), each
    searched with ``iterations`` iterations, the specs in turn at each position (so that a change of the machine's
    load reaches them alike).  CPU time, not wall time, so that a shared machine slows every figure alike; the ratio to
    the first spec is what converts a strength at equal iterations into one at equal time."""
    from deadeye.search.budget import Budget

    from .registry import make_bot

    bots = [make_bot(spec, seed=1) for spec in specs]
    cpu = [0.0] * len(bots)
    done = [0] * len(bots)
    budget = Budget(iterations=iterations)
    for state in decision_positions(game, players, positions):
        info = state.information_set(state.current_player())
        for i, bot in enumerate(bots):
            start = time.process_time()
            bot.choose(info, budget)
            cpu[i] += time.process_time() - start
            last = bot.last                  # a SearchResult, or the OpenSpiel bot's dict (it runs the whole budget)
            done[i] += last["iterations"] if isinstance(last, dict) else last.iterations
    rows = []
    for spec, seconds, n in zip(specs, cpu, done):
        row = {"spec": spec, "iterations": n, "cpu_us_per_iteration": seconds / n * 1e6, "per_cpu_s": n / seconds}
        row["cost_ratio"] = row["cpu_us_per_iteration"] / (cpu[0] / done[0] * 1e6)
        rows.append(row)
        print(f"{game} {players} players, {spec}: {row['cpu_us_per_iteration']:.2f} CPU us an iteration "
              f"({row['per_cpu_s']:,.0f} per CPU second; {row['cost_ratio']:.2f}x the first spec), over {positions} "
              f"decisions of {iterations:,} iterations", file=out)
    return rows


def search_scaling(game: str, players: int, tree_sizes: Sequence[int] = (), threads: int = 1,
                   seconds: float = 1.0, out: TextIO = sys.stdout) -> list[dict]:
    """ISMCTS iterations per second from the first decision of ``game``, by wall clock and by CPU time (the machine
    may be shared): searches of each size in ``tree_sizes`` (that many iterations, so about that many nodes, with
    random rollouts), repeated on one warm pool for about ``seconds`` (at least twice; the fastest counts, since a
    single search of 1,000 iterations lasts a millisecond and the first one also allocates the pool), and, with
    ``threads`` > 1, the ``ismcts`` bot with 1 and with ``threads`` threads for about ``seconds`` each.  CPU time
    counts every thread: the ratio cpu/wall is how many cores the search kept busy."""
    from deadeye.search.budget import Budget
    from deadeye.search.ismcts import Searcher

    from .registry import make_bot

    state = new_game(game, players=players, seed=1)
    info = state.information_set(state.current_player())
    rows = []

    def timed(label: str, run: Callable[[], Any], repeat_for: float = 0.0, runs: int = 1,
              searcher: Searcher | None = None) -> None:
        wall = cpu = float("inf")
        spent, done = 0.0, 0
        while done < runs or spent < repeat_for:
            done += 1
            start_wall, start_cpu = time.perf_counter(), time.process_time()
            result = run()
            this_wall, this_cpu = time.perf_counter() - start_wall, time.process_time() - start_cpu
            wall, cpu, spent = min(wall, this_wall), min(cpu, this_cpu), spent + this_wall
        row = {"label": label, "iterations": result.iterations, "tree_size": result.tree_size,
               "per_s": result.iterations / wall, "per_cpu_s": result.iterations / cpu, "cores": cpu / wall}
        depth = ""
        if searcher is not None:       # the moves a descent plays in the tree, where every legal child is scored
            row["depth"] = searcher.tree_moves() / result.iterations
            depth = f", {row['depth']:.2f} tree moves an iteration"
        rows.append(row)
        print(f"{game} {players} players, ismcts from the first decision, {label}: {row['per_s']:,.0f} iterations/s "
              f"({row['per_cpu_s']:,.0f} per CPU second, {row['cores']:.2f} cores busy), "
              f"tree {row['tree_size']:,} nodes{depth}", file=out)

    for size in tree_sizes:
        searcher = Searcher(max_nodes=max(size + 1, 1_000_000))
        timed(f"{size:,} iterations", lambda: searcher.search(info, Budget(iterations=size), seed=1), seconds, runs=2,
              searcher=searcher)
    if threads > 1:
        for k in (1, threads):
            bot = make_bot(f"ismcts:time_ms={seconds * 1000},threads={k}", seed=1)

            def choose(bot=bot):
                bot.choose(info)
                return bot.last

            timed(f"threads={k}, {seconds * 1000:.0f} ms", choose)
    return rows
