"""Build of the optional C extension of The Game's fast path (everything else is in
``pyproject.toml``).

``partie.games.the_game._fastgame`` is compiled at ``pip install`` when a C compiler and
the Python headers are there; without them the install still succeeds (``optional``)
and the fast path runs on numba. The SHA-256 of the C sources is compiled into the
module: ``native.py`` compares it with the source beside it, so that an editable
install whose C file was edited after the build is not used with stale code.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
FOLDER = "src/partie/games/the_game"
SOURCES = [f"{FOLDER}/_fastgame.c", f"{FOLDER}/_fastgame_core.h"]
"""What the build depends on, hashed in this order (as ``native.source_hash`` does)."""

digest = hashlib.sha256()
for name in SOURCES:
    digest.update(HERE.joinpath(name).read_bytes())

setup(
    ext_modules=[
        Extension(
            "partie.games.the_game._fastgame",
            sources=SOURCES[:1],
            depends=SOURCES[1:],
            define_macros=[("PARTIE_SOURCE_HASH", f'"{digest.hexdigest()}"')],
            # no -ffast-math, no contraction into fused multiply-adds: the costs must
            # round as numba rounds them; no -march=native: a wheel may run elsewhere
            extra_compile_args=["-O3", "-g0", "-std=c11", "-ffp-contract=off"],
            optional=True,
        )
    ]
)
