"""Ray backend: the same chunks as the local runner, as Ray tasks.

Ray is imported only here, and only when ``--ray`` is used: importing it takes seconds.
Every node of a cluster needs the same version of ``partie`` installed (``pip install
'partie[ray]'``). Results are identical to ``--workers 1``: game ``i`` always gets
``derive_seed(seed, i)`` whichever node plays it.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from partie.core.errors import BadOptions
from partie.sim.chunks import GameOutcome, SimulationSpec, chunk_job, chunks, run_chunk

LOCAL = "local"
LOCAL_CPUS = 2
"""A local cluster is kept small: it shares the machine with everything else."""


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BadOptions(
            "--ray demande le paquet ray : pip install 'partie[ray]'",
            "--ray needs the ray package: pip install 'partie[ray]'",
        ) from None
    return ray


def connect(address: str, cpus: int | None = None) -> tuple[Any, bool]:
    """Start a local Ray (``"local"``) or join the cluster at ``address``. Returns the
    module and whether this call started Ray (and so should shut it down)."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray, False
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    try:
        if address == LOCAL:
            ray.init(
                num_cpus=cpus or min(LOCAL_CPUS, os.cpu_count() or 1),
                include_dashboard=False,
                **quiet,
            )
        else:
            ray.init(address=address, **quiet)
    except Exception as exc:  # Ray raises many kinds; the user needs one line
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BadOptions(
            f"Ray injoignable à {address!r} : {first}",
            f"cannot reach Ray at {address!r}: {first}",
        ) from None
    return ray, True


def iter_on_ray(
    specs: Sequence[SimulationSpec], address: str, workers: int | None = None
) -> Iterator[tuple[list[GameOutcome], ...]]:
    """The chunks of ``specs`` as Ray tasks, handed back in game order with a bounded
    number in flight (as the local runner does); ``workers`` sizes a local cluster."""
    ray, started = connect(address, workers)
    try:
        remote_chunk = ray.remote(run_chunk)
        width = max(1, int(ray.cluster_resources().get("CPU", 1)))
        window: deque[list[Any]] = deque()
        for part in chunks(specs[0].games, width):
            window.append([remote_chunk.remote(*chunk_job(spec, part)) for spec in specs])
            if len(window) >= 2 * width:
                yield tuple(ray.get(ref) for ref in window.popleft())
        while window:
            yield tuple(ray.get(ref) for ref in window.popleft())
    finally:
        if started:
            ray.shutdown()
