"""Reading Roman numerals, for the rules that compare or forbid numbers (open answers
in Tennis Quizz, table talk in The Game): ``roman_value("XXXVII") == 37``."""

from __future__ import annotations

import re

_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
_ROMAN_DIGITS = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def roman_value(token: str) -> int | None:
    """The value of a well-formed Roman numeral (any case, 1 to 3999), else None.

    Only canonical forms count (``XIV``, not ``XIIII``), so most words are not read as
    numbers: ``mille``, ``civil``, ``vic`` are not numerals, ``mix`` and ``dix`` are."""
    token = token.casefold()
    if not token or not _ROMAN.match(token):
        return None
    total = 0
    for here, after in zip(token, token[1:] + " ", strict=True):
        value = _ROMAN_DIGITS[here]
        total += -value if after != " " and _ROMAN_DIGITS[after] > value else value
    return total


__all__ = ["roman_value"]
