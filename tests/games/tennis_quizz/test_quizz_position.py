"""Tennis Quizz's text form of a position: a score to play on from."""

from __future__ import annotations

import pytest

from partie.core import get_game
from partie.core.errors import BadPosition

GAME = get_game("tennis-quizz")


def test_a_score_reads_as_written_and_plays_on() -> None:
    state = GAME.from_position("sets 6-2; games 5 0; points 40 0; seed 4")
    assert state.score.sets == ((6, 2),) and state.score.games == (5, 0)
    assert state.score.points == (3, 0)
    assert (
        state.position() == "sets 6-2; games 5 0; points 40 0; players 2; deck fr-starter; seed 4"
    )
    assert GAME.from_position(state.position()).position() == state.position()
    assert not state.is_over and state.to_act


@pytest.mark.parametrize(
    "text",
    [
        "sets 6-2 6-1",  # the match would be over
        "sets 5-2",  # not a finished set
        "games 6 6",  # 6-6 is played, not written
        "games 7 0",
        "points 20 0",
        "games 5",
        "colour blue",
    ],
)
def test_impossible_scores_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(BadPosition) as caught:
        GAME.from_position(text)
    assert caught.value.code == "bad_position" and "\n" not in caught.value.en
