"""The warm-up entry point compiles (or loads) every kernel without error."""

from __future__ import annotations

from partie.games.the_game.warm import start_warm_up


def test_warm_up_in_the_background_finishes_cleanly() -> None:
    process = start_warm_up()
    assert process.wait(timeout=600) == 0
