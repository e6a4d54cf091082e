"""numba's cache and kernels inlined from another file (``cache_stamp.clear_stale``).

Real numba in child processes, on a small two-module package written to a temporary
folder: a kernel inlining another module's kernel keeps its stale build after that
module is edited, unless ``clear_stale`` guards it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import partie

DEP = """
from numba import njit


@njit(cache=True, inline="always")
def value():
    return {value}
"""

USER = """
import os
import sys

from numba import njit

import dep
from partie.games.the_game.cache_stamp import clear_stale


@njit(cache=True)
def outer():
    return dep.value() * 10


cleared = clear_stale(outer, [dep.__file__]) if os.environ.get("GUARD") == "1" else None
print(outer(), cleared)
"""


def _run(folder: Path, guard: bool) -> tuple[int, str]:
    env = dict(os.environ)
    env["NUMBA_CACHE_DIR"] = str(folder / "cache")
    env["GUARD"] = "1" if guard else "0"
    src = str(Path(partie.__file__).parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), src])
    done = subprocess.run(
        [sys.executable, "-c", "import user"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    value, cleared = done.stdout.split()
    return int(value), cleared


def _package(folder: Path) -> None:
    folder.mkdir()
    (folder / "dep.py").write_text(DEP.format(value=1))
    (folder / "user.py").write_text(USER)


def test_unguarded_build_goes_stale(tmp_path: Path) -> None:
    """What the guard is for: numba alone keeps the old inlined kernel."""
    folder = tmp_path / "plain"
    _package(folder)
    assert _run(folder, guard=False) == (10, "None")
    (folder / "dep.py").write_text(DEP.format(value=2))
    assert _run(folder, guard=False) == (10, "None")


def test_guard_clears_stale_builds_only_after_an_edit(tmp_path: Path) -> None:
    folder = tmp_path / "guarded"
    _package(folder)
    assert _run(folder, guard=True) == (10, "True")  # no stamp yet
    assert _run(folder, guard=True) == (10, "False")  # same sources: cache kept
    cached = list((folder / "cache").rglob("user.outer-*.nbi"))
    assert len(cached) == 1
    (folder / "dep.py").write_text(DEP.format(value=2))
    assert _run(folder, guard=True) == (20, "True")
    assert _run(folder, guard=True) == (20, "False")
    assert list((folder / "cache").rglob("user.deps")) != []


def test_project_modules_are_guarded() -> None:
    """The modules that inline ``kernels.py`` carry a stamp of it beside their cache."""
    from partie.games.the_game import cheap, kernels, search_kernels
    from partie.games.the_game.cache_stamp import sources_hash

    wanted = sources_hash([kernels.__file__])
    guarded = ((cheap, cheap.record_cheap), (search_kernels, search_kernels.search_choose))
    for module, entry in guarded:
        folder = getattr(getattr(entry, "_cache", None), "_cache_path", None)
        if folder is None:  # compiled code disabled: nothing cached
            continue
        stamp = Path(folder) / f"{Path(module.__file__).stem}.deps"
        assert stamp.read_text(encoding="ascii") == wanted
