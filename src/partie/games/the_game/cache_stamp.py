"""Stale numba caches of kernels that inline another module's kernels.

numba's on-disk cache (``cache=True``) checks only the file of the function it caches:
``cheap.py`` and ``search_kernels.py`` inline kernels of ``kernels.py``, so after an edit
of ``kernels.py`` their cached builds would still run the old code. ``clear_stale``
keeps, beside the module's cache files, a stamp of the sources it depends on; when the
stamp differs (or is missing), it removes the module's cached builds, which numba then
compiles again. Called at import: it reads the dependencies once and compares a hash.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def sources_hash(paths: Sequence[str | os.PathLike[str]]) -> str:
    """A hash of the contents of ``paths``, in order (what a build depends on)."""
    digest = hashlib.sha256()
    for path in paths:
        data = Path(path).read_bytes()
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def clear_stale(dispatcher: Any, deps: Sequence[str | os.PathLike[str]]) -> bool:
    """Remove the cached builds of ``dispatcher``'s module (every function of that file)
    when the sources ``deps`` changed since they were built; returns whether it did.

    The stamp is a file ``<module>.deps`` in the module's cache directory (numba's
    choice: ``__pycache__`` beside the source, or ``NUMBA_CACHE_DIR``). Any failure
    (numba's internals changed, a read-only directory) leaves the cache as it is: the
    worst case is the stale build this guards against, never a crash at import."""
    cache = getattr(dispatcher, "_cache", None)
    directory = getattr(cache, "_cache_path", None)
    if directory is None:  # no cache (e.g. NUMBA_DISABLE_JIT)
        return False
    try:
        module = Path(dispatcher.py_func.__code__.co_filename).stem
        folder = Path(directory)
        stamp = folder / f"{module}.deps"
        wanted = sources_hash(deps)
        try:
            if stamp.read_text(encoding="ascii") == wanted:
                return False
        except (OSError, UnicodeDecodeError):
            pass
        folder.mkdir(parents=True, exist_ok=True)
        for entry in folder.iterdir():
            if entry.name.startswith(f"{module}.") and entry.suffix in (".nbi", ".nbc"):
                entry.unlink(missing_ok=True)
        fresh = folder / f"{module}.deps.{os.getpid()}"
        fresh.write_text(wanted, encoding="ascii")
        os.replace(fresh, stamp)
        return True
    except OSError:
        return False
