"""Roman numerals read as values, canonical forms only."""

from __future__ import annotations

import pytest

from partie.core.numbers import roman_value


@pytest.mark.parametrize(
    "token,value",
    [("XV", 15), ("xvi", 16), ("XXXVII", 37), ("XCIX", 99), ("MMXXVI", 2026), ("iv", 4)],
)
def test_values(token: str, value: int) -> None:
    assert roman_value(token) == value


@pytest.mark.parametrize("token", ["", "IIII", "VX", "civil", "mille", "Louis", "IC"])
def test_not_numerals(token: str) -> None:
    assert roman_value(token) is None
