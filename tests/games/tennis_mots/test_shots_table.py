"""Shot names against a table written from the rules of Tennis de mots (the shapes, NET
under the weight, AMORTI at the weight, LIGNE from 13 points), with the names spelt as
the rules spell them. Cards are ids; 90 and 91 are jokers from the hand."""

from __future__ import annotations

import pytest

from partie.games.tennis_mots.shots import announce, names, shape

JOKERS = {90, 91}

SHAPES = [
    # (table before, table after, shape)
    ([], [1, 2], "SERVICE"),
    ([1, 2, 3], [1, 2, 3, 4], "COUP DROIT"),
    ([1, 2, 3], [1, 2, 3, 4, 5], "COUP DROIT"),
    ([1, 2, 3], [0, 1, 2, 3], "REVERS"),
    ([1, 2, 3], [0, 1, 2, 3, 4], "COUP DROIT LIFTÉ"),  # both ends
    ([1, 2, 3], [1, 9, 2, 3], "COUP DROIT LIFTÉ"),  # inside
    ([1, 2, 3], [0, 1, 9, 2, 3], "COUP DROIT LIFTÉ"),
    ([1, 2, 3], [3, 2, 1], "REVERS LIFTÉ"),  # reordered
    ([1, 2, 3], [1, 3], "REVERS LIFTÉ"),  # a card taken off
    ([1, 2, 3], [1, 3, 4], "REVERS LIFTÉ"),
    ([1, 2, 3], [1, 2, 3], "REVERS LIFTÉ"),  # nothing changed
    ([1, 2, 3], [7, 8], "LOB"),
    ([1, 2, 3], [7, 8, 9, 10], "LOB"),
    ([1, 2, 3], [1, 90, 3], "SMASH"),  # a hand joker where 2 sat, same neighbours
    ([1, 2, 3], [90, 2, 3], "SMASH"),  # in place of the first letter
    ([1, 2, 3], [1, 2, 90], "SMASH"),  # in place of the last letter
    ([1, 2, 3], [90, 5, 3], "SMASH"),  # first place: nothing before it, as before
    ([1, 2, 3], [1, 90, 7], "SMASH"),  # the letter before it is the same
    ([1, 2, 3], [7, 90, 3], "SMASH"),  # the letter after it is the same
    ([1, 2, 3], [90, 1, 3], "REVERS LIFTÉ"),  # the joker is not where 2 sat
    ([1, 2, 3], [1, 50, 3], "REVERS LIFTÉ"),  # a table card, not a hand joker
    ([1, 2, 3, 4], [1, 90, 4], "SMASH"),
]


@pytest.mark.parametrize(("old", "new", "expected"), SHAPES)
def test_shapes(old: list[int], new: list[int], expected: str) -> None:
    assert shape(old, new, JOKERS) == expected


NAMES = [
    # (value, weight, names of a COUP DROIT shot)
    (4, 5, ("NET",)),
    (12, 13, ("NET",)),
    (5, 5, ("COUP DROIT", "AMORTI")),
    (6, 5, ("COUP DROIT",)),
    (12, 5, ("COUP DROIT",)),
    (13, 5, ("COUP DROIT", "LIGNE")),
    (20, 5, ("COUP DROIT", "LIGNE")),
    (13, 13, ("COUP DROIT", "AMORTI", "LIGNE")),
]


@pytest.mark.parametrize(("value", "weight", "expected"), NAMES)
def test_qualifiers_from_the_value(value: int, weight: int, expected: tuple[str, ...]) -> None:
    assert names([1, 2], [1, 2, 3], JOKERS, value, weight) == expected


def test_a_net_has_no_other_name() -> None:
    assert names([], [1, 2], JOKERS, 3, 5) == ("NET",)
    assert names([1, 2], [7, 8], JOKERS, 20, 21) == ("NET",)


ENGLISH = [
    ("SERVICE", "serve"),
    ("COUP DROIT", "forehand"),
    ("REVERS", "backhand"),
    ("COUP DROIT LIFTÉ", "topspin forehand"),
    ("REVERS LIFTÉ", "topspin backhand"),
    ("SMASH", "smash"),
    ("LOB", "lob"),
    ("NET", "net"),
    ("AMORTI", "drop shot"),
    ("LIGNE", "on the line"),
    ("FAUTE", "fault"),
    ("DOUBLE FAUTE", "double fault"),
]


@pytest.mark.parametrize(("french", "english"), ENGLISH)
def test_each_name_in_english(french: str, english: str) -> None:
    assert announce((french,), "en") == english
    assert announce((french,), "fr") == french


def test_announce_joins_the_names() -> None:
    assert announce(("COUP DROIT", "LIGNE")) == "COUP DROIT · LIGNE"
    assert announce(("COUP DROIT", "AMORTI", "LIGNE"), "en") == "forehand · drop shot · on the line"
