"""Build The Game positions by hand for worked checks, through the engine's own text
form of a position (``TheGame.from_position``)."""

from __future__ import annotations

from partie.core import get_game
from partie.games.the_game import TheGameState

GAME = get_game("the-game")


def position_text(
    hands: list[list[int]],
    tops: tuple[int, int, int, int] = (1, 1, 100, 100),
    draw: list[int] | None = None,
    *,
    current: int = 0,
    played_this_turn: int = 0,
    expert: bool = False,
) -> str:
    """The text of a position with these hands, pile tops and draw pile (top last)."""
    seats = " / ".join(" ".join(map(str, sorted(h))) or "-" for h in hands)
    parts = [
        "piles " + " ".join(map(str, tops)),
        "hands " + seats,
        "draw " + " ".join(map(str, reversed(draw or []))),
        f"turn {current + 1}",
        f"laid {played_this_turn}",
    ]
    return "; ".join(parts) + ("; expert" if expert else "")


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
    text = position_text(hands, tops, draw, current=current, expert=expert)
    return GAME.from_position(text)
