"""Reading numbers written as Roman numerals or in words, for the rules that compare or
forbid numbers (open answers in Tennis Quizz, table talk in The Game) and for reading
players' questions: ``roman_value("XXXVII") == 37``, ``spell_numbers(["quinze"]) ==
["15"]``."""

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


# -- numbers in words (folded French and English words) ----------------------------

_UNITS = {
    "zero": 0, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7,
    "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12, "treize": 13,
    "quatorze": 14, "quinze": 15, "seize": 16,
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
"""Number words. French "un"/"une" are left alone: they are mostly articles."""
_TENS = {
    "vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50,
    "soixante": 60, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_HUNDRED = {"cent": 100, "cents": 100, "hundred": 100}
_ORDINALS = {
    "premier": 1, "premiere": 1, "first": 1, "deuxieme": 2, "second": 2, "seconde": 2,
    "troisieme": 3, "third": 3, "quatrieme": 4, "fourth": 4, "cinquieme": 5, "fifth": 5,
    "sixieme": 6, "sixth": 6, "septieme": 7, "seventh": 7,
}  # fmt: skip

ORDINAL_WORDS = tuple(_ORDINALS)


def words_to_digits(words: list[str]) -> list[str]:
    """Number words (and ordinals) to digits: "soixante dix sept" → "77"."""
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word in _ORDINALS:
            out.append(str(_ORDINALS[word]))
            i += 1
            continue
        if word not in _UNITS and word not in _TENS and word not in _HUNDRED:
            out.append(word)
            i += 1
            continue
        total, current, last = 0, 0, 1000
        while i < len(words):
            word = words[i]
            value = _UNITS.get(word, _TENS.get(word))
            if word in _HUNDRED:
                current, last = max(current, 1) * 100, 100
            elif word in ("et", "and") and i + 1 < len(words) and _and_one(current, words[i + 1]):
                # "vingt et un(e)", "soixante et onze", "sixty and one"
                step = 11 if words[i + 1] == "onze" else 1
                current, last = current + step, step
                i += 1
            elif current == 80 and last == 80 and word in ("un", "une"):
                current, last = 81, 1  # "quatre-vingt-un" has no "et"
            elif value is not None and (current == 0 or (value < last and current % 10 == 0)):
                current, last = current + value, value
            else:
                break
            i += 1
        total += current
        out.append(str(total))
    return out


def _and_one(current: int, word: str) -> bool:
    """Whether ``word`` after "et" ends a number: "un"/"une" after a ten, "onze" after
    "soixante" (71), not "et un joueur" after a number that is no ten."""
    if current < 20 or current % 10:
        return False
    return word in ("un", "une", "one") or (word == "onze" and current == 60)


def _fix_quatre_vingt(words: list[str]) -> list[str]:
    # "quatre-vingt(s)" is 80 before any unit handling.
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "quatre" and i + 1 < len(words) and words[i + 1] in ("vingt", "vingts"):
            out.append("quatrevingt")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


_TENS["quatrevingt"] = 80


def spell_numbers(words: list[str]) -> list[str]:
    """Folded words with the numbers written in words as digits ("quatre vingt dix" →
    "90", "quinze" → "15"); every other word as it is."""
    return words_to_digits(_fix_quatre_vingt(words))
