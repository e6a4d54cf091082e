"""Reading numbers written in words or Roman numerals, for the rules that compare or
forbid numbers (open answers in Tennis Quizz, table talk in The Game).

One job: turn tokens into values. ``roman_value("XXXVII") == 37``,
``words_value(["trente", "sept"]) == 37``, ``words_value(["thirty", "seven"]) == 37``.
Callers fold case, accents and punctuation first.
"""

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


UNITS = {
    # French
    "zero": 0, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6,
    "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13,
    "quatorze": 14, "quinze": 15, "seize": 16,
    # English
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
"""Number words below twenty, French and English (folded: no accents, lower case)."""

TENS = {
    "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50,
    "soixante": 60, "septante": 70, "huitante": 80, "octante": 80, "nonante": 90,
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
"""Words for the tens, French (with the Belgian and Swiss ones) and English."""

HUNDREDS = {"cent": 100, "cents": 100, "hundred": 100}
THOUSANDS = {"mille": 1000, "mil": 1000, "thousand": 1000}
JOINERS = frozenset({"et", "and"})
"""Words that may sit inside a number ("vingt et un", "a hundred and one")."""

NUMBER_WORDS = frozenset(UNITS) | frozenset(TENS) | frozenset(HUNDREDS) | frozenset(THOUSANDS)


def words_value(tokens: list[str]) -> int | None:
    """The value of a run of number words (``quatre vingt dix sept`` → 97), else None.

    Tokens are folded words; "et"/"and" may join them. The run must be made only of
    number words and joiners, start and end with a number word."""
    if not tokens or tokens[0] in JOINERS or tokens[-1] in JOINERS:
        return None
    total, current, seen = 0, 0, False
    for token in tokens:
        if token in JOINERS:
            continue
        if token in UNITS:
            current += UNITS[token]
        elif token in TENS:
            # "quatre vingt" is 4 × 20 (also after a hundred); otherwise tens add up
            if token.startswith("vingt") and current % 100 == 4:
                current += 76
            else:
                current += TENS[token]
        elif token in HUNDREDS:
            current = max(current, 1) * 100
        elif token in THOUSANDS:
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


_WORD = re.compile(r"[a-z]+")


def split_words(text: str) -> list[str]:
    """Folded text cut into words: hyphens and other signs separate them."""
    return _WORD.findall(text)


__all__ = ["NUMBER_WORDS", "roman_value", "split_words", "words_value"]
