"""Tournaments on a Dask cluster: ``deadeye arena ... --scheduler tcp://HOST:8786`` (the optional extra ``dask``).

The arena plans every game as always (``bots/arena.py``); :class:`DaskRunner` sends them to the cluster one group
per task: a deal under all its seat rotations with ``--duplicate`` (the games of that deal still to play), else a
single game. Each task carries its plans, so its seeds, and has a key of its own (``deadeye-arena-<run>-deal-<d>``,
``<run>`` new for each session), so that Dask never merges two groups, or two runs of the same command, as one
identical task. The records come back as groups finish and the arena journals them; the runner yields each game
index at most once, so a group that ran twice (its worker was thought dead, then answered) cannot put a game
twice in the journal. A game depends only on its plan, so with iteration budgets a Dask run journals exactly the
games of a local run, and ``--resume`` may switch between ``--workers`` and ``--scheduler``.

Lost workers. When a worker dies mid-group, the scheduler runs the group again on another worker (from its start:
the games of a group come back together); a group that has killed ``distributed.scheduler.allowed-failures``
workers (3 by default) is given up as ``KilledWorker``, and the run stops with the games finished journaled.
A group whose task raised is tried :data:`RETRIES` more times.

In flight. At most :data:`GROUPS_PER_THREAD` groups per worker thread are submitted ahead, so that an SPRT stop
(closing :meth:`DaskRunner.play`) has little to cancel: the groups not started are cancelled, those running end on
their workers and are dropped. Every worker must run the same deadeye code (:func:`code_fingerprint`, checked
when the runner connects).
"""
from __future__ import annotations

import hashlib
import importlib
import socket
import uuid
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .match import ArenaError, GamePlan, GameRecord, Transport, play_game   # one game: below the arena too

try:
    import dask
    import distributed
except ImportError:
    raise ArenaError("--scheduler needs Dask's distributed package: pip install 'deadeye[dask]'") from None

RETRIES = 2               # a group whose task raised (not a lost worker: the scheduler reschedules those) runs again
GROUPS_PER_THREAD = 2     # groups submitted ahead per worker thread
SUBPACKAGES = ("core", "search", "bots", "protocol")


def deal_groups(plans: Sequence[GamePlan]) -> list[list[GamePlan]]:
    """The plans by deal, in the order given: a duplicate group's rotations together (each deal is one game
    without ``--duplicate``)."""
    groups: dict[int, list[GamePlan]] = {}
    for plan in plans:
        groups.setdefault(plan.deal, []).append(plan)
    return list(groups.values())


def play_group(plans: Sequence[GamePlan], transport: Transport, move_ms: float | None) -> list[GameRecord]:
    """A Dask task: the games of one group, in order."""
    return [play_game(plan, transport, move_ms) for plan in plans]


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """deadeye's version and a hash of its sources, as installed in this process: two processes that agree play
    the same games from the same plans."""
    digest = hashlib.blake2b(digest_size=8)
    for sub in SUBPACKAGES:
        root = Path(importlib.import_module(f"deadeye.{sub}").__file__).parent
        for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".pyx", ".pxd")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    try:
        installed = version("deadeye")
    except PackageNotFoundError:
        installed = "unknown"
    return f"{installed}+{digest.hexdigest()}"


def _probe(address: str) -> None:
    """Refuse a TCP address that nothing answers on before a client starts its event-loop thread for it: the error
    comes at once and leaves no half-started client behind (``distributed.comm.timeouts.connect`` bounds the wait)."""
    scheme, location = distributed.comm.parse_address(address)
    if scheme == "tcp":
        timeout = dask.utils.parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), "s")
        socket.create_connection(distributed.comm.parse_host_port(location), timeout=timeout).close()


class DaskRunner:
    """The arena's :class:`~deadeye.bots.arena.GameRunner` on the Dask cluster whose scheduler is at ``address``."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.live: set[Any] = set()         # the futures submitted and not yet collected
        try:
            _probe(address)
            self.client = distributed.Client(address, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:       # TimeoutError is an OSError
            raise ArenaError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
        try:
            self._check_workers()
        except BaseException:
            self.close()
            raise

    def _check_workers(self) -> None:
        """Refuse a cluster whose workers run other deadeye code than this process (or none: not importable)."""
        mine = code_fingerprint()
        try:
            theirs = self.client.run(code_fingerprint, on_error="return")
        except Exception as exc:
            raise ArenaError(f"the Dask workers at {self.address} cannot run deadeye: {exc}") from None
        odd = {w: str(f) for w, f in theirs.items() if f != mine}
        if odd:
            listed = "; ".join(f"{w}: {f}" for w, f in sorted(odd.items()))
            raise ArenaError(f"Dask workers at {self.address} run other deadeye code than this arena ({mine}): "
                             f"{listed}; install the same deadeye on every worker")

    def _window(self) -> int:
        return max(2, GROUPS_PER_THREAD * sum(self.client.nthreads().values()))

    def play(self, plans: Sequence[GamePlan], transport: Transport,
             move_ms: float | None) -> Iterator[GameRecord]:
        transport.close()                  # what check() started in this process: the workers start their own
        run = uuid.uuid4().hex[:16]        # this session's tasks are its own, whatever ran before on the cluster
        groups = iter(deal_groups(plans))
        live = self.live
        done = distributed.as_completed(loop=self.client.loop)
        seen: set[int] = set()

        def submit() -> None:
            while len(live) < self._window():
                group = next(groups, None)
                if group is None:
                    return
                future = self.client.submit(play_group, group, transport, move_ms, retries=RETRIES,
                                            key=f"deadeye-arena-{run}-deal-{group[0].deal}")
                live.add(future)
                done.add(future)

        try:
            submit()
            for future in done:
                live.discard(future)
                try:
                    records = future.result()
                except distributed.KilledWorker as exc:
                    raise ArenaError(f"a game group lost worker after worker, so the run stops (the games finished "
                                     f"are journaled; --resume plays the rest): {exc}") from None
                submit()
                for record in records:
                    if record.index not in seen:
                        seen.add(record.index)
                        yield record
        finally:
            self._cancel()

    def map(self, fn: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        run = uuid.uuid4().hex[:16]
        futures = [self.client.submit(fn, item, retries=RETRIES, key=f"deadeye-map-{run}-{i}")
                   for i, item in enumerate(items)]
        self.live.update(futures)
        try:
            for future in distributed.as_completed(futures, loop=self.client.loop):
                self.live.discard(future)
                yield future.result()
        finally:
            self._cancel()

    def _cancel(self) -> None:
        if self.live and self.client.status == "running":
            self.client.cancel(list(self.live))
        self.live.clear()

    def close(self) -> None:
        """Cancel the groups not collected (a stop, Ctrl-C, an error) and disconnect; the cluster goes on serving."""
        self._cancel()
        self.client.close()
