"""Compile The Game's kernels before a player needs them.

The kernels are compiled by numba on first use and cached on disk (``cache=True``), so
only the very first run on a machine pays: about 20 s of CPU (a minute or more of wall
time on a busy machine). ``python -m partie.games.the_game.warm`` pays it ahead of time
(after ``pip install``, in an image build); ``start_warm_up()`` pays it in a background
process while the first screen shows, so that no player waits in front of a frozen
screen. A process started later loads the cache in about a second.
"""

from __future__ import annotations

import subprocess
import sys


def warm_up() -> None:
    """Compile (or load from the cache) every kernel the bots and the fast path call:
    one tiny game per bot, solo and at two seats (signals), on the fast path and on the
    engine (numba compiles per argument type, so one call of each is enough)."""
    from partie.core import get_game
    from partie.games.the_game.fast import fast_simulate, record_game

    game = get_game("the-game")
    for players in (1, 2):
        options = game.parse_options({"players": players})
        for bot in ("heuristic", "minjump", "greedy", "random"):
            fast_simulate(options, bot, [players])
            record_game(options, players, bot)
            fast_simulate(options, bot, [players], [list(range(2, 100))])
        state = game.setup(options, players)
        bots = [game.make_bot(name, 0) for name in ("heuristic", "minjump")]
        for bot in bots:
            bot.act(state.view(state.to_act[0]))


def start_warm_up() -> subprocess.Popen[bytes]:
    """``warm_up()`` in a background process (returned, so a caller may wait for it):
    the compiler holds the interpreter's lock, so a thread would stall the caller."""
    return subprocess.Popen(
        [sys.executable, "-m", "partie.games.the_game.warm"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


if __name__ == "__main__":
    warm_up()
