"""The Game's first run on a machine with no compiled code cached.

Without the C build (numba only, ``PARTIE_NATIVE=0``): ``partie simulate`` says it
compiles instead of pausing in silence; ``partie play`` shows the table at once, builds
the bots' code in the background, and the bots wait for it. That test starts from an
empty numba cache (``NUMBA_CACHE_DIR``), so it pays a whole compilation (about half a
minute of CPU, once for both commands): marked slow.

With the C build (compiled at install), neither command compiles anything."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from partie.core import Record

pytestmark = pytest.mark.slow


def cached(cache: Path, kernel: str) -> bool:
    """Whether numba has written the cache index of ``kernel`` (``module.function``)."""
    return any(cache.rglob(f"{kernel}-*.nbi"))


def figures(output: str) -> dict:
    """A simulation's JSON without its timings."""
    data = json.loads(output)
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}


def test_first_run_on_a_cold_cache(tmp_path: Path) -> None:
    cache = tmp_path / "numba"
    cache.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PARTIE_LANG": "en", "COLUMNS": "100"}
    env["PARTIE_NATIVE"] = "0"  # numba's first use (the C build's is below)
    partie = [sys.executable, "-m", "partie"]

    # simulate: one line on stderr the first time, none once the fast path is cached.
    simulate = [*partie, "simulate", "the-game", "--games", "20", "--seed", "1", "--json",
                "--workers", "1"]  # fmt: skip
    cold = subprocess.run(simulate, capture_output=True, text=True, env=env, timeout=600)
    assert cold.returncode == 0, cold.stderr
    assert "compiling the fast path" in cold.stderr
    warm = subprocess.run(simulate, capture_output=True, text=True, env=env, timeout=600)
    assert warm.returncode == 0, warm.stderr
    assert "compiling" not in warm.stderr
    assert figures(warm.stdout) == figures(cold.stdout)

    # play: the bots' planner is not compiled yet (the fast path does not call it).
    assert not cached(cache, "kernels.plan_turn")
    record = tmp_path / "r.json"
    play = [*partie, "play", "the-game", "--bots", "1", "--seed", "3", "--record", str(record)]
    process = subprocess.Popen(
        play,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    first_screen = ""
    for line in process.stdout:
        first_screen += line
        if "Your hand" in line:
            break
    # The person's first turn is on screen while the planner is still not compiled
    # (that takes tens of seconds; the screen does not wait for it).
    assert "Your hand: 11 17 39 44 55 61 70" in first_screen
    assert not cached(cache, "kernels.plan_turn")
    process.stdin.write("11 a1\n17 a1\nend\n")  # then the end of input stops the game
    process.stdin.close()
    rest = process.stdout.read()
    assert process.wait(timeout=600) == 0, process.stderr.read()
    assert "Game stopped" in rest
    # The bot played its turn, after waiting for the background warm-up's cache.
    assert any(seat == 1 for seat, _ in Record.read(record).actions)
    assert cached(cache, "kernels.plan_turn") and cached(cache, "cheap.minjump_turn")


def test_first_run_with_the_c_build(tmp_path: Path) -> None:
    """An empty numba cache and the C build: ``partie simulate`` and a game against the
    ``heuristic`` bot start at once, say nothing about compiling, and compile nothing."""
    from partie.games.the_game import native

    if native.module() is None:
        if os.environ.get("PARTIE_REQUIRE_NATIVE") == "1":
            pytest.fail("the C fast path is not built (or stale)")
        pytest.skip("the C fast path is not built")
    cache = tmp_path / "numba"
    cache.mkdir()
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PARTIE_LANG": "en", "COLUMNS": "100"}
    partie = [sys.executable, "-m", "partie"]
    simulate = [*partie, "simulate", "the-game", "--bot", "heuristic", "--games", "20",
                "--seed", "1", "--json", "--workers", "1"]  # fmt: skip
    run = subprocess.run(simulate, capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "compiling" not in run.stderr
    assert json.loads(run.stdout)["engine"] == "c"

    record = tmp_path / "r.json"
    play = [*partie, "play", "the-game", "--bots", "1", "--seed", "3", "--record", str(record)]
    done = subprocess.run(
        play, input="11 a1\n17 a1\nend\n", capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert "getting ready" not in done.stdout + done.stderr
    assert any(seat == 1 for seat, _ in Record.read(record).actions)
    assert not any(cache.rglob("*.nbi"))  # nothing was compiled
