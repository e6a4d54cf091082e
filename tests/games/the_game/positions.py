"""Build The Game positions by hand for worked checks."""

from __future__ import annotations

from partie.core import get_game
from partie.games.the_game import TheGameState

GAME = get_game("the-game")


def position(
    hands: list[list[int]],
    tops: tuple[int, int, int, int] = (1, 1, 100, 100),
    draw: list[int] | None = None,
    *,
    current: int = 0,
    expert: bool = False,
) -> TheGameState:
    """A state with these hands, pile tops and draw pile (top last); the other cards are
    counted as played so that the 98 cards stay conserved."""
    state = GAME.setup(GAME.parse_options({"players": len(hands), "expert": expert}), 0)
    state.hands = [sorted(h) for h in hands]
    state.tops = list(tops)
    state.draw = list(draw or [])
    held = {c for h in hands for c in h} | set(state.draw)
    state.played = [c for c in range(2, 100) if c not in held]
    state.current = current
    state.played_this_turn = 0
    state.over = False
    state._start_turn_check()
    return state
