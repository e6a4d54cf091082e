"""Bots after a start: a bot with nothing to compile plays while The Game's compiled
bots are still being prepared; one that needs them waits, and asking for them loads
them at once instead of after the start's delay."""

from __future__ import annotations

import asyncio
import threading

from partie.core import get_game
from partie.server.bots import BotRunner
from partie.server.games.the_game import TheGameAdapter


class SlowWarmUp(TheGameAdapter):
    """The Game's adapter whose warm-up lasts until the test lets it finish (the real
    one takes from one second to minutes)."""

    def __init__(self) -> None:
        super().__init__(get_game("the-game"))
        self.started = threading.Event()
        self.finish = threading.Event()

    def cache_ready(self) -> bool:
        return True  # no child process: the warm-up below is all there is

    def warm(self) -> None:
        self.started.set()
        self.finish.wait(30)


def test_cheap_bots_do_not_wait_for_the_compiled_ones():
    adapter = SlowWarmUp()
    game = adapter.game
    state = game.setup(game.parse_options({"players": 2}), 7)
    view = state.view(state.to_act[0])

    async def run() -> None:
        runner = BotRunner(load_after=60)
        try:
            runner.warm([adapter])
            for spec in ("greedy", "random", "heuristic"):
                move = await asyncio.wait_for(
                    runner.choose(adapter, game.make_bot(spec, 1), view, spec=spec), 10
                )
                assert move is not None
            assert not adapter.started.is_set()  # nobody needed the compiled bots yet
            # Seated as ``best`` (what decides the wait); a greedy bot thinks for it, so
            # that the test compiles nothing.
            best = asyncio.ensure_future(
                runner.choose(adapter, game.make_bot("greedy", 1), view, spec="best")
            )
            await asyncio.to_thread(adapter.started.wait, 10)
            assert adapter.started.is_set()  # asked for: loaded now, not in 60 s
            await asyncio.sleep(0.2)
            assert not best.done() and not runner.ready("the-game")
            adapter.finish.set()
            assert await asyncio.wait_for(best, 10) is not None
            assert runner.ready("the-game")
        finally:
            adapter.finish.set()
            runner.close()

    asyncio.run(run())
