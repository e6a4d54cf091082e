"""Compile The Game's kernels before a player needs them.

With the C build of the fast path (``native.py``, compiled at ``pip install``), the fast
path and the ``heuristic`` and ``minjump`` bots need none of this: ``cache_ready`` says
so for the fast path, ``compiled_ahead`` for a bot. The rest (``mc``, ``best``, and
everything when the C build is missing) is numba's:

The kernels are compiled by numba on first use and cached on disk (``cache=True``), so
only the very first run on a machine pays: about 30 s of CPU for everything (a minute
or more of wall time on a busy machine). A process started later loads the cache in about a second.

- ``python -m partie.games.the_game.warm`` pays it ahead of time (after ``pip install``,
  in an image build; ``... warm bots``: only what the bots of a table call);
- ``cache_ready(part)`` says, without compiling anything, whether the cache holds code
  for the current source of the kernels the bots call, or of one bot's fast path;
- ``start_warm_up()`` pays it in a background process while the first screen shows;
  the bots' first compiled call then waits for that process (``wait_for_warm_up``)
  and loads what it cached, instead of compiling the same code a second time in the
  foreground.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

BOTS_SECONDS = 25
FAST_PATH_SECONDS = 20
"""What a cold start costs in CPU time, rounded up, for ``warm_bots`` (22 s measured
with an empty ``NUMBA_CACHE_DIR``) and for one bot's fast path (the messages quote
them; a busy machine takes longer)."""

_pending: subprocess.Popen[bytes] | None = None
_while_waiting: Callable[[], AbstractContextManager[Any]] = nullcontext


def warm_up() -> None:
    """Compile (or load from the cache) every kernel the bots and the fast path call:
    one tiny game per bot, solo and at two seats (signals), on the fast path and on the
    engine (numba compiles per argument type, so one call of each is enough)."""
    from partie.core import get_game
    from partie.games.the_game.fast import record_game

    warm_bots()
    warm_fast_path()
    game = get_game("the-game")
    for players in (1, 2):
        options = game.parse_options({"players": players})
        for bot in ("heuristic", "minjump", "greedy", "random"):
            record_game(options, players, bot)


def warm_bots() -> None:
    """Compile (or load) what the bots of a table call: one move of each compiled bot,
    solo and at two seats (the first thing ``warm_up`` does, and all a table needs)."""
    from partie.core import get_game

    game = get_game("the-game")
    for players in (1, 2):
        state = game.setup(game.parse_options({"players": players}), players)
        for name in ("heuristic", "minjump", "best"):
            game.make_bot(name, 0).act(state.view(state.to_act[0]))
        if players == 2:  # a person's "garde": the planner's per-pile signal costs
            view = state.view(0)
            view["people"] = [1]
            view["signals"] = [{"seat": 1, "pile": "a1", "kind": "keep"}]
            game.make_bot("best", 0).act(view)


def warm_fast_path() -> None:
    """Compile (or load) what ``partie simulate`` runs: each cheap bot's whole games,
    on seeded and on fixed deals."""
    from partie.core import get_game
    from partie.games.the_game.fast import fast_simulate

    game = get_game("the-game")
    for players in (1, 2):
        options = game.parse_options({"players": players})
        for bot in ("heuristic", "minjump", "greedy", "random"):
            fast_simulate(options, bot, [players])
            fast_simulate(options, bot, [players], [list(range(2, 100))])


def _entry_points(part: str) -> list[Any]:
    """The compiled functions called from Python (those inlined into them have no cache
    of their own): by the bots of a table (``part="bots"``, what ``warm_up`` builds for
    them), or by the fast path of ``heuristic`` on seeded deals (``"heuristic"``), on
    fixed deals (``"heuristic-deals"``) and of the other cheap bots (``"cheap"``)."""
    from partie.games.the_game import cheap, kernels, search_kernels

    if part == "heuristic":
        return [kernels._play_seeds]
    if part == "heuristic-deals":
        return [kernels.play_game]
    if part == "cheap":
        return [cheap.play_cheap_seeds]
    return [
        kernels.plan_turn,
        kernels.wanted_signals,
        cheap.minjump_turn,
        search_kernels.search_choose,
        search_kernels.min_plans,
    ]


def fast_part(bots: list[str] | tuple[str, ...], fixed_deals: bool) -> str:
    """Which part of the fast path (``_entry_points``) a run of these bots uses."""
    if bots[0].partition(":")[0] != "heuristic":
        return "cheap"
    return "heuristic-deals" if fixed_deals else "heuristic"


def cache_ready(part: str = "bots") -> bool:
    """Whether every entry point of ``part`` (see ``_entry_points``) has compiled code
    cached for its current source (then a process only loads it). Reads numba's cache
    index without compiling; any doubt (numba's internals changed, no cache) answers
    ``False``, which only costs a background warm-up that finds the work done, or a
    notice that was not needed."""
    from numba.core import config

    from partie.games.the_game import native

    if part != "bots" and native.module() is not None:
        return True  # the fast path runs on the C build: nothing to compile
    if config.DISABLE_JIT:
        return True  # nothing to compile
    try:
        for function in _entry_points(part):
            if not function._cache._cache_file._load_index():
                return False
    except Exception:
        return False
    return True


def compiled_ahead(bot: str) -> bool:
    """Whether the bot ``bot`` (``name[:param]``) plays from the C build (``native.py``),
    compiled at install: ``heuristic`` and ``minjump`` when it is there. Such a bot
    needs no warm-up; ``mc`` and ``best`` (numba) still do."""
    from partie.games.the_game import native

    return bot.partition(":")[0] in ("heuristic", "minjump") and native.module() is not None


def start_warm_up(
    while_waiting: Callable[[], AbstractContextManager[Any]] | None = None,
    bots_only: bool = False,
) -> subprocess.Popen[bytes]:
    """``warm_up()`` (or ``warm_bots()``, the half a table needs) in a background
    process (returned, so a caller may wait for it): the compiler holds the
    interpreter's lock, so a thread would stall the caller. Until it ends,
    ``wait_for_warm_up`` makes the bots' first move wait for it, inside
    ``while_waiting()`` (e.g. a "the bots are getting ready" line) if it is still
    running then."""
    global _pending, _while_waiting
    process = subprocess.Popen(
        [sys.executable, "-m", "partie.games.the_game.warm", *(["bots"] if bots_only else [])],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _pending = process
    _while_waiting = while_waiting or nullcontext
    return process


def wait_for_warm_up() -> None:
    """Let the background warm-up (if one was started here) finish before the first
    compiled call, which then loads its cache: compiling in this process as well would
    take as long again. Returns at once when there is none or it is over."""
    global _pending
    process = _pending
    if process is None:
        return
    if process.poll() is None:
        with _while_waiting():
            process.wait()
    _pending = None


if __name__ == "__main__":
    if sys.argv[1:] == ["bots"]:
        warm_bots()
    else:
        warm_up()
