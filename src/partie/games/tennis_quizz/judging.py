"""Judging open answers (the *pros* of the débutants/pros variant).

A typed answer is right when, after folding case, accents, punctuation and a leading
article (le, la, les, l', un, une, des; the, a, an), it equals the right answer or one
of the question's accepted alternatives, or is within a small typo of one of them:
one edit for 4 to 7 letters, two from 8 letters on, none below 4 (a swap of two
neighbouring letters counts as one edit).

Numbers are compared as values and never forgiven: "1968" is not "1969", "007" is
"7", "1 000" is "1000", "cinq" is "5" and "quatre-vingt-dix" "90"; when the question
writes a Roman numeral ("Louis XV"), typed Roman numerals, digits and number words are
read as values too, so "Louis 15" and "Louis quinze" are right and "Louis XVI" is not.

A right answer followed by a few words that add to it rather than change it is right
too: a unit after a bare number ("2 sets" for "2"), an epithet after a name, begun with
le, la, les, dit... ("Louis XV le Bien-Aimé"). Never with another number in the extra
words, a hedge ("ou", "pas", "et"...) anywhere, or a wrong choice among them.

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
    # The rules' reader knows number words; imported here, not at the top, since the
    # rules package itself imports this game (its situations read Tennis Quizz scores).
    from partie.core.numbers import spell_numbers

    norm = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(" ", ""), norm)
    spelled = spell_numbers(norm.split())
    # "un"/"une" is mostly an article, but at the end ("Louis un") or alone it is 1.
    if spelled and spelled[-1] in ("un", "une"):
        spelled[-1] = "1"
    words = []
    for word in spelled:
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


HEDGES = frozenset(
    {"ou", "or", "pas", "non", "ni", "sauf", "et", "and", "not", "no", "nor", "plutot", "peut"}
)
"""Words that make an answer two answers or none ("Paris ou Lyon", "pas Nadal")."""
EPITHET = frozenset(
    {"le", "la", "les", "l", "dit", "dite", "surnomme", "surnommee", "alias", "the", "aka"}
)
"""How an epithet after a name begins ("Louis XV le Bien-Aimé", "Jeanne d'Arc la
Pucelle"): other words after a name would be another answer ("Nadal Federer")."""
MAX_UNIT_WORDS = 2
MAX_EPITHET_WORDS = 5


def extended(given: str, target: str) -> str | None:
    """Both normalized with values: when ``given`` is ``target`` (or a typo of it)
    followed by a unit after a bare number or by an epithet, the part that matches
    ``target``; else None."""
    words, head_len = given.split(), len(target.split())
    if len(words) <= head_len or any(w in HEDGES for w in words):
        return None
    head, rest = " ".join(words[:head_len]), words[head_len:]
    if _digits(" ".join(rest)):
        return None
    if target.isdigit():
        return head if head == target and len(rest) <= MAX_UNIT_WORDS else None
    if rest[0] in EPITHET and len(rest) <= MAX_EPITHET_WORDS and close_enough(head, target):
        return head
    return None


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
    # Each accepted right form: its distance to what was typed, or for a right answer
    # with a unit or an epithet after it, to the part that matches it (the part then
    # compared with the wrong choices).
    accepted: list[tuple[int, str]] = []
    for text in rights:
        target = with_values(normalize(text), romans)
        if close_enough(norm, target):
            accepted.append((_distance(norm, target), norm))
        elif (head := extended(norm, target)) is not None:
            accepted.append((_distance(head, target), head))
    if not accepted:
        return False
    best, compared = min(accepted)
    words = f" {norm} "
    for text in wrongs:
        target = with_values(normalize(text), romans)
        if not target:
            continue
        if _distance(compared, target) <= best:
            return False
        if compared != norm and f" {target} " in words:
            return False  # a wrong choice among the extra words
    return True


__all__ = [
    "ARTICLES",
    "EPITHET",
    "HEDGES",
    "allowed_typos",
    "close_enough",
    "extended",
    "judge",
    "normalize",
    "with_values",
    "writes_roman",
]
