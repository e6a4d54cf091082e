"""Judging open answers (the *pros* of the débutants/pros variant).

A typed answer is right when, after folding case, accents, punctuation and a leading
article (le, la, les, l', un, une, des; the, a, an), it equals the right answer or one
of the question's accepted alternatives, or is within a small typo of one of them:
one edit for 4 to 7 letters, two from 8 letters on, none below 4 (a swap of two
neighbouring letters counts as one edit). Numbers are never forgiven: "1968" is not
"1969". An empty answer is always wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rapidfuzz.distance import OSA

ARTICLES = ("le", "la", "les", "l", "un", "une", "des", "the", "a", "an")
_ELIDED = re.compile(r"^(l|d|qu)['’]\s*")
_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)


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


def allowed_typos(length: int) -> int:
    """Edits forgiven for an answer of ``length`` letters (spaces not counted)."""
    if length < 4:
        return 0
    if length < 8:
        return 1
    return 2


def _digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


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


def judge(given: str, answer: str, alternatives: Iterable[str] = ()) -> bool:
    """Is the typed answer ``given`` right for ``answer`` (and its alternatives)?"""
    norm = normalize(given)
    if not norm:
        return False
    return any(close_enough(norm, normalize(target)) for target in (answer, *alternatives))


__all__ = ["ARTICLES", "allowed_typos", "close_enough", "judge", "normalize"]
