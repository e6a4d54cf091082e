"""Run seeded games between bots, in this process, over local worker processes or on Ray.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` for the deal and
for each bot, so a run's results do not depend on how games are split over workers or
machines. With fixed deals (``SimulationSpec.deals``), game ``i`` is played on deal ``i``
and the seed still drives the bots' own randomness.

Results stream: ``iter_chunks`` hands back the games chunk by chunk, in game order, with
only a few chunks in flight per worker, so a run of a billion games holds no more memory
than a run of a thousand. A Ctrl-C stops the workers at once (they ignore SIGINT and are
terminated by the main process), and a worker whose main process dies exits by itself.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

from partie.core.errors import BadOptions
from partie.sim.chunks import (
    Deal,
    GameOutcome,
    SimulationSpec,
    chunk_job,
    chunks,
    no_deals_error,
    play_one,
    run_chunk,
    supports_deals,
)

R = TypeVar("R")

IN_FLIGHT_PER_WORKER = 2
"""Chunks submitted ahead per worker: enough to keep them busy, few enough to bound memory."""
PARENT_POLL_SECONDS = 0.25


def max_workers() -> int:
    """The cores of this machine: more workers than cores only slow a run down."""
    return os.cpu_count() or 1


def check_workers(workers: int | None, *, force: bool = False) -> int:
    """The number of local workers to start: all cores by default, never more than the
    cores unless ``force`` (``--workers 40`` on 2 cores is refused)."""
    cores = max_workers()
    if workers is None:
        return cores
    if workers < 1:
        raise BadOptions("--workers : au moins 1", "--workers: at least 1")
    if workers > cores and not force:
        raise BadOptions(
            f"--workers {workers} : cette machine a {cores} cœur(s) (--force pour passer outre)",
            f"--workers {workers}: this machine has {cores} core(s) (--force to insist)",
        )
    return workers


def _watch_parent(parent: int) -> None:
    """In a worker: exit as soon as the main process is gone (killed, crashed)."""
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def _worker_init(parent: int) -> None:
    """Workers leave Ctrl-C to the main process (which stops them), and watch it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now: running chunks are killed first, then the pool is shut down
    from a helper thread, so that the main process never waits on the pool's locks."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for process in workers:
        if process.is_alive():
            process.terminate()
    threading.Thread(
        target=pool.shutdown, kwargs={"wait": False, "cancel_futures": True}, daemon=True
    ).start()
    deadline = time.monotonic() + 2
    for process in workers:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
        if process.is_alive():  # pragma: no cover - terminate is enough on Linux
            process.kill()


def iter_in_pool(
    function: Callable[..., R], jobs: Iterable[tuple[object, ...]], workers: int
) -> Iterator[R]:
    """``function(*job)`` for each job, over ``workers`` local processes, in job order,
    with a few jobs in flight per worker (memory does not grow with the number of jobs);
    a Ctrl-C stops the workers at once, as ``iter_chunks`` does."""
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),)
    )
    window: deque[Future[R]] = deque()
    try:
        limit = workers * IN_FLIGHT_PER_WORKER
        for job in jobs:
            window.append(pool.submit(function, *job))
            if len(window) >= limit:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def iter_chunks(
    specs: Sequence[SimulationSpec],
    workers: int | None = None,
    ray_address: str | None = None,
) -> Iterator[tuple[list[GameOutcome], ...]]:
    """The games of ``specs`` (same number of games each: the sides of a comparison, or
    one spec), chunk by chunk in game order: one list of outcomes per spec for the same
    game indices, so paired sides can be folded together without keeping them."""
    for spec in specs:
        spec.check()
    total = specs[0].games
    if any(spec.games != total for spec in specs):
        raise ValueError("every spec of one run plays the same number of games")
    if ray_address is not None:
        from partie.sim.ray_backend import iter_on_ray

        yield from iter_on_ray(specs, ray_address, workers)
        return
    workers = max(1, workers or max_workers())
    parts = chunks(total, workers)
    if workers == 1 or total < 20:
        for part in parts:
            yield tuple(run_chunk(*chunk_job(spec, part)) for spec in specs)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),)
    )
    window: deque[list[Future[list[GameOutcome]]]] = deque()
    try:
        limit = workers * IN_FLIGHT_PER_WORKER
        for part in parts:
            window.append([pool.submit(run_chunk, *chunk_job(spec, part)) for spec in specs])
            if len(window) >= limit:
                yield tuple(future.result() for future in window.popleft())
        while window:
            yield tuple(future.result() for future in window.popleft())
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def run_simulation(
    spec: SimulationSpec,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
) -> list[GameOutcome]:
    """Play ``spec.games`` games over ``workers`` processes (default: all cores), or on
    the Ray cluster at ``ray_address`` (``"local"`` starts one), and return the outcomes
    in game order. ``progress(n)`` is called as games finish. Keeps every outcome: for
    runs of any size, fold ``iter_chunks`` instead."""
    outcomes: list[GameOutcome] = []
    for (done,) in iter_chunks([spec], workers, ray_address):
        outcomes.extend(done)
        if progress:
            progress(len(done))
    return outcomes


__all__ = [
    "Deal",
    "GameOutcome",
    "SimulationSpec",
    "check_workers",
    "chunk_job",
    "chunks",
    "iter_chunks",
    "max_workers",
    "no_deals_error",
    "play_one",
    "run_chunk",
    "run_simulation",
    "supports_deals",
]
