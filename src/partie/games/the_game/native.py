"""The C build of The Game's fast path (``_fastgame.c``), when it is there and current.

``pip install`` compiles ``_fastgame.c`` when the machine has a C compiler and the
Python headers (``setup.py``); without them the install succeeds and everything runs on
numba, as ``module()`` then answers ``None``. The build carries the SHA-256 of the
sources it was compiled from: when the sources beside it differ (an editable
install whose C files were edited since), the build is not used, with one warning, so a
developer never measures or tests stale code (``pip install -e .`` rebuilds it).

``PARTIE_NATIVE=0`` in the environment turns the C path off (to compare both paths);
``PARTIE_REQUIRE_NATIVE=1`` (what the test script sets) makes its absence an error
instead of a quiet fall-back to numba.
"""

from __future__ import annotations

import hashlib
import os
import warnings
from functools import cache
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).parent
SOURCES = ("_fastgame.c", "_fastgame_core.h")
"""The C sources, hashed in this order (as ``setup.py`` does)."""


def source_hash(folder: Path = FOLDER) -> str | None:
    """The SHA-256 of the C sources in ``folder``, ``None`` when they are not there (an
    install may leave them out)."""
    digest = hashlib.sha256()
    try:
        for name in SOURCES:
            digest.update((folder / name).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def checked(built: ModuleType, folder: Path = FOLDER) -> ModuleType | None:
    """``built`` when it was compiled from the sources in ``folder`` (or they are
    absent), else ``None`` with a warning: the build is stale."""
    wanted = source_hash(folder)
    if wanted is None or getattr(built, "SOURCE_HASH", None) == wanted:
        return built
    warnings.warn(
        f"{built.__name__} was compiled from other versions of {', '.join(SOURCES)}: "
        "the fast path runs on numba (rebuild with `pip install -e .`)",
        RuntimeWarning,
        stacklevel=3,
    )
    return None


@cache
def _load() -> ModuleType | None:
    """The current build, or ``None`` (absent, or stale: warned once per process)."""
    try:
        from partie.games.the_game import _fastgame
    except ImportError:
        return None
    return checked(_fastgame, FOLDER)


def module() -> ModuleType | None:
    """The C module to use now, or ``None`` for numba (``PARTIE_NATIVE=0``, no build, a
    stale build). Raises ``RuntimeError`` instead of ``None`` under
    ``PARTIE_REQUIRE_NATIVE=1`` unless the C path was turned off on purpose."""
    if os.environ.get("PARTIE_NATIVE", "1") == "0":
        return None
    built = _load()
    if built is None and os.environ.get("PARTIE_REQUIRE_NATIVE") == "1":
        raise RuntimeError(
            "PARTIE_REQUIRE_NATIVE=1 but the C fast path is missing or stale "
            "(pip install -e . needs gcc and the Python headers)"
        )
    return built


def engine() -> str:
    """Which engine the fast path runs on now: ``"c"`` or ``"numba"``."""
    return "c" if module() is not None else "numba"


__all__ = ["SOURCES", "checked", "engine", "module", "source_hash"]
