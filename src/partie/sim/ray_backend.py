"""Ray backend: the same chunks as the local runner, as Ray tasks.

Ray is imported only here, and only when ``--ray`` is used: importing it takes seconds.
Every node of a cluster needs the same version of ``partie`` installed (``pip install
'partie[ray]'``). Results are identical to ``--workers 1``: game ``i`` always gets
``derive_seed(seed, i)`` whichever node plays it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
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


ANSWER_SECONDS = 2.5
"""How long a cluster's address has to accept a connection."""
PROBE_SECONDS = 7.0
"""How long a trial connection of Ray itself (in a child process, so that it can be
stopped) has to succeed: Ray retried an address that does not answer, or where
something else answers, for over a minute, printing its own log lines meanwhile."""
_PROBE = (
    "import sys, ray; "
    "ray.init(address=sys.argv[1], log_to_driver=False, logging_level='ERROR'); "
    "ray.shutdown()"
)


def check_answers(address: str) -> None:
    """Refuse, in one line and within ``ANSWER_SECONDS``, a cluster address that is not
    ``HOST:PORT`` (``ray://`` allowed) or where nothing accepts a connection."""
    if address == "auto":  # Ray finds the cluster started on this machine itself
        return
    where = address.removeprefix("ray://")
    host, sep, port = where.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isascii() or not port.isdigit() or int(port) > 65535:
        raise BadOptions(
            f"--ray {address[:60]!r} : adresse attendue sous la forme HÔTE:PORT, ou 'local'",
            f"--ray {address[:60]!r}: expected HOST:PORT, or 'local'",
        )
    try:
        with socket.create_connection((host, int(port)), timeout=ANSWER_SECONDS):
            pass
    except OSError as exc:
        why = exc.strerror or "no answer"
        raise _unreachable(address, (why, why)) from None
    try:
        probe = subprocess.run(
            [sys.executable, "-c", _PROBE, address],
            capture_output=True,
            timeout=PROBE_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        seconds = f"{PROBE_SECONDS:g} s"
        raise _unreachable(
            address, (f"pas de réponse de Ray en {seconds}", f"no Ray answer within {seconds}")
        ) from None
    if probe.returncode != 0:
        raise _unreachable(
            address, ("ce qui répond n'est pas Ray", "what answers there is not a Ray cluster")
        )


def _unreachable(address: str, why: tuple[str, str]) -> BadOptions:
    return BadOptions(
        f"Ray injoignable à {address[:60]!r} : {why[0]}",
        f"cannot reach Ray at {address[:60]!r}: {why[1]}",
    )


def connect(address: str, cpus: int | None = None) -> tuple[Any, bool]:
    """Start a local Ray (``"local"``) or join the cluster at ``address``. Returns the
    module and whether this call started Ray (and so should shut it down)."""
    if address != LOCAL:
        check_answers(address)
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
