"""The Game's pile rules against tables written from rules/the-game.md: which card may go
on which pile, which play is the backwards trick, and whether a hand can make its turn
(every pile counts, and looking for a turn never moves a pile)."""

from __future__ import annotations

import pytest

from partie.games.the_game.rules import can_play_sequence, is_trick, playable

UP, DOWN = True, False

# (card, top, ascending, may it go there, is it the trick)
PLAYS = [
    (48, 47, UP, True, False),
    (99, 47, UP, True, False),
    (47, 47, UP, False, False),
    (37, 47, UP, True, True),  # exactly ten back
    (38, 47, UP, False, False),
    (36, 47, UP, False, False),
    (57, 47, UP, True, False),  # ten forward is an ordinary play
    (2, 1, UP, True, False),
    (64, 65, DOWN, True, False),
    (2, 65, DOWN, True, False),
    (65, 65, DOWN, False, False),
    (75, 65, DOWN, True, True),
    (74, 65, DOWN, False, False),
    (76, 65, DOWN, False, False),
    (55, 65, DOWN, True, False),
    (99, 100, DOWN, True, False),
    (90, 100, DOWN, True, False),
    (11, 1, UP, True, False),
    (12, 2, UP, True, False),
    (2, 12, UP, True, True),
    (99, 89, DOWN, True, True),
]


@pytest.mark.parametrize(("card", "top", "ascending", "legal", "trick"), PLAYS)
def test_play_table(card: int, top: int, ascending: bool, legal: bool, trick: bool) -> None:
    assert playable(card, top, ascending) is legal
    assert is_trick(card, top, ascending) is trick


# (hand, tops a1 a2 d1 d2, plays needed, can the turn be made)
TURNS = [
    ([50], [99, 99, 2, 60], 1, True),  # only d2 takes it
    ([50], [99, 99, 60, 2], 1, True),  # only d1
    ([50], [60, 99, 2, 2], 1, True),  # only a1 (the trick: 60 - 10)
    ([50], [99, 40, 2, 2], 1, True),  # only a2
    ([50], [99, 99, 2, 2], 1, False),  # blocked everywhere
    ([50, 45], [99, 99, 2, 60], 2, True),  # both on d2, the higher first
    ([50, 45], [99, 99, 2, 51], 2, True),
    ([50, 52], [99, 99, 2, 51], 2, False),  # 52 never fits once 50 is down
    ([50, 40], [99, 99, 2, 60], 2, True),  # 50 then 40 on d2 (40 is also 50's trick)
    ([50, 62], [99, 99, 2, 60], 2, False),  # 62 fits nowhere, before 50 or after
    ([50], [99, 99, 2, 60], 2, False),  # two plays asked of one card
    ([50], [99, 99, 2, 2], 0, True),  # nothing asked
    ([], [1, 1, 100, 100], 0, True),
    ([], [1, 1, 100, 100], 1, False),
    ([30, 20, 10], [1, 99, 2, 2], 3, True),  # a1 going up: 10, 20, 30
    ([30, 20, 10], [25, 99, 2, 2], 3, True),  # 30, then 20 and 10 each ten back
    ([30, 20, 11], [25, 99, 2, 2], 3, False),  # 11 is not ten back from 20
    ([30, 20, 10], [25, 99, 2, 2], 2, True),
]


@pytest.mark.parametrize(("hand", "tops", "need", "possible"), TURNS)
def test_turn_table(hand: list[int], tops: list[int], need: int, possible: bool) -> None:
    before = list(tops)
    assert can_play_sequence(list(hand), tops, need) is possible
    assert tops == before  # the search puts every pile back as it found it
