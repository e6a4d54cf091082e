"""Judging open answers (the *pros* of the débutants/pros variant).

A typed answer is right when, after folding case, accents, punctuation and a leading
article (le, la, les, l', un, une, des; the, a, an), it equals the right answer or one
of the question's accepted alternatives, or is within a small typo of one of them:
one edit for 4 to 7 letters, two from 8 letters on, none below 4 (a swap of two
neighbouring letters counts as one edit).

Numbers are compared as values and never forgiven: "1968" is not "1969", "007" is
"7", "1 000" is "1000"; when the question writes a Roman numeral ("Louis XV"), typed
Roman numerals and digits are read as values too, so "Louis 15" is right and
"Louis XVI" is not.

The question's wrong choices bound the forgiveness: an answer that is one of them, or
that is as close to one of them as to every right form, is wrong ("Louis XVI" for
"Louis XV", "Minorque" for "Majorque", "Loupe" for "Louve"). An empty answer is always
wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rapidfuzz.distance import OSA

from partie.core.numbers import roman_value

ARTICLES = ("le", "la", "les", "l", "un", "une", "des", "the", "a", "an")
_ELIDED = re.compile(r"^(l|d|qu)['’]\s*")
_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)
_UPPER_ROMAN = re.compile(r"(?<!\w)[IVXLCDM]+(?!\w)")
_THOUSANDS = re.compile(r"\b(\d{1,3})((?: \d{3})+)\b")


def normalize(text: str) -> str:
    """Fold case and accents, turn punctuation into spaces, drop one leading article."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    text = _ELIDED.sub("", text.strip())
    words = _NON_WORD.sub(" ", text).replace("_", " ").split()
    if len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def writes_roman(text: str) -> bool:
    """Does the text hold a Roman numeral written in capitals ("Louis XV", "Henri IV")?"""
    return any(roman_value(m) for m in _UPPER_ROMAN.findall(text))


def with_values(norm: str, romans: bool) -> str:
    """A normalized text with each number written as its value in digits: leading zeros
    gone, thousands groups joined ("1 000" → "1000"), Roman numerals read when
    ``romans`` (the comparison involves one written in capitals)."""
    norm = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(" ", ""), norm)
    words = []
    for word in norm.split():
        if word.isascii() and word.isdigit():  # "²" is a digit int() refuses
            word = word.lstrip("0") or "0"  # int() refuses 4,301 digits and more
        elif romans and (value := roman_value(word)) is not None:
            word = str(value)
        words.append(word)
    return " ".join(words)


def allowed_typos(length: int) -> int:
    """Edits forgiven for an answer of ``length`` letters (spaces not counted)."""
    if length < 4:
        return 0
    if length < 8:
        return 1
    return 2


def _digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def _distance(given: str, target: str) -> int:
    return OSA.distance(given.replace(" ", ""), target.replace(" ", ""))


def close_enough(given: str, expected: str) -> bool:
    """Both already normalized: equal, or a small typo apart with the same numbers."""
    if not given or not expected:
        return False
    if given == expected or given.replace(" ", "") == expected.replace(" ", ""):
        return True
    if _digits(given) != _digits(expected):
        return False
    budget = allowed_typos(len(expected.replace(" ", "")))
    return budget > 0 and OSA.distance(given, expected, score_cutoff=budget) <= budget


def judge(
    given: str, answer: str, alternatives: Iterable[str] = (), wrong: Iterable[str] = ()
) -> bool:
    """Is the typed answer ``given`` right for ``answer`` (and its alternatives), and
    not one of the ``wrong`` choices nor at least as close to one of them?"""
    rights, wrongs = [answer, *alternatives], list(wrong)
    romans = any(writes_roman(t) for t in (given, *rights, *wrongs))
    norm = with_values(normalize(given), romans)
    if not norm:
        return False
    accepted = [
        _distance(norm, target)
        for text in rights
        if close_enough(norm, target := with_values(normalize(text), romans))
    ]
    if not accepted:
        return False
    best = min(accepted)
    for text in wrongs:
        target = with_values(normalize(text), romans)
        if target and _distance(norm, target) <= best:
            return False
    return True


__all__ = [
    "ARTICLES",
    "allowed_typos",
    "close_enough",
    "judge",
    "normalize",
    "with_values",
    "writes_roman",
]
