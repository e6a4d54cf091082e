"""The Game's text form of a position: read by the engine, written back the same."""

from __future__ import annotations

import random

import pytest

from partie.core import get_game
from partie.core.errors import BadPosition
from partie.games.the_game import Play

GAME = get_game("the-game")


def test_a_position_reads_as_written() -> None:
    state = GAME.from_position("piles 47 1 65 100; hands 38 36 70 50 / 20; draw 4 3; turn 2")
    assert state.tops == [47, 1, 65, 100]
    assert state.hands == [[36, 38, 50, 70], [20]]
    assert state.draw[-1] == 4  # the top of the draw pile is written first
    assert state.current == 1 and state.options.players == 2
    assert len(state.played) == 98 - 7
    assert state.position() == "piles 47 1 65 100; hands 36 38 50 70 / 20; draw 4 3; turn 2; laid 0"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_positions_of_real_games_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(GAME.parse_options({"players": 3, "expert": seed == 2}), seed)
    for _ in range(rng.randrange(5, 40)):
        if state.is_over:
            break
        moves = [a for a in state.legal_actions(state.current) if a.type != "signal"]
        state.apply(state.current, rng.choice(moves))
    again = GAME.from_position(state.position())
    assert again.position() == state.position()
    for field in ("hands", "draw", "tops", "current", "played_this_turn", "played", "over"):
        assert getattr(again, field) == getattr(state, field), field
    if not again.is_over:
        seat = again.current
        assert again.legal_actions(seat) == state.legal_actions(seat)


def test_a_position_where_the_player_is_stuck_is_over_at_once() -> None:
    state = GAME.from_position("piles 55 70 45 30; hands 50")
    assert state.is_over and state.reason == "stuck"
    with pytest.raises(Exception) as caught:
        state.apply(0, Play(50, 0))
    assert caught.value.code == "game_over"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "piles 1 1 100; hands 3",
        "piles 1 1 100 100",
        "piles 1 1 100 100; hands 3 3",
        "piles 1 1 100 100; hands 3; draw 3",
        "piles 1 1 100 100; hands 101",
        "piles 0 1 100 100; hands 3",
        "piles 1 1 100 100; hands 3; turn 2",
        "piles 1 1 100 100; hands 3; colour blue",
    ],
)
def test_unreadable_positions_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(BadPosition) as caught:
        GAME.from_position(text)
    assert caught.value.code == "bad_position"
    assert "\n" not in caught.value.fr and caught.value.en
