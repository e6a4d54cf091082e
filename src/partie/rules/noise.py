"""Retypes a question the way players mistype it, with a seeded random draw: the
answerer's robustness is measured by how often the first passage changes when a question
is typed differently (``python -m partie.rules.evaluate --noise``). Each kind of noise is
applied alone, so a change can be traced to the step of ``normalise``/``spelling`` that
let it through.

The kinds: accents dropped; numbers written as digits or as words; a verb's form
changed; a letter doubled; a letter dropped; two words glued; a word split; French
SMS abbreviations ("koi", "cb", "jpeux", "c"). A kind that finds nothing to change in a
question returns it as it is (and the harness does not count it).
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable

_FIRST = "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze"
_UNITS = [*_FIRST.split(), "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"]
_TENS = {2: "vingt", 3: "trente", 4: "quarante", 5: "cinquante", 6: "soixante"}


def french_number(n: int) -> str:
    """A whole number from 0 to 100 written in French words, as people write it
    ("vingt et un", "soixante-douze", "quatre-vingts", "quatre-vingt-dix-neuf")."""
    if not 0 <= n <= 100:
        raise ValueError(n)
    if n == 100:
        return "cent"
    if n < 20:
        return _UNITS[n]
    if n < 70:
        tens, unit = divmod(n, 10)
        if unit == 0:
            return _TENS[tens]
        return f"{_TENS[tens]} et un" if unit == 1 else f"{_TENS[tens]}-{_UNITS[unit]}"
    if n < 80:
        return "soixante et onze" if n == 71 else f"soixante-{_UNITS[n - 60]}"
    if n == 80:
        return "quatre-vingts"
    return f"quatre-vingt-{_UNITS[n - 80]}"


_NUMBER_WORDS = {french_number(n): n for n in range(2, 101)}
_NUMBER_WORD = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _NUMBER_WORDS), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\b\d{1,3}\b")
_WORDS = re.compile(r"[^\W\d_]{2,}")
_LONG_WORDS = re.compile(r"[^\W\d_]{5,}")

SMS = {
    "quoi": "koi",
    "que": "ke",
    "qui": "ki",
    "quand": "qd",
    "combien": "cb",
    "comment": "cmt",
    "pourquoi": "pk",
    "beaucoup": "bcp",
    "toujours": "tjrs",
    "quelqu'un": "qqn",
    "je peux": "jpeux",
    "j'ai": "jai",
    "c'est": "c",
    "il y a": "ya",
    "maintenant": "mtn",
    "points": "pts",
    "dans": "ds",
    "pour": "pr",
    "nombre": "nb",
}
"""What players type for a word in a hurry (the first letters said as they sound)."""
_SMS = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, SMS)) + r")(?!\w)", re.IGNORECASE)

_VERB_FORMS = (
    ("er", ("é", "ez", "e", "ent")),
    ("é", ("er", "ée", "és")),
    ("ée", ("é", "er")),
    ("ez", ("er", "é")),
    ("ir", ("i", "it", "is")),
    ("re", ("s", "u")),
)
"""A French verb's ending and the other forms players type for it (infinitive,
participle, present; the ending of the one they meant or not)."""
_VERB_WORD = re.compile(r"\b[^\W\d_]{3,}(?:er|é|ée|ez|ir|re)\b")


def _pick(rng: random.Random, matches: list[re.Match[str]]) -> re.Match[str] | None:
    return rng.choice(matches) if matches else None


def _replace(text: str, match: re.Match[str], new: str) -> str:
    return text[: match.start()] + new + text[match.end() :]


def accents(text: str, rng: random.Random) -> str:
    """Every accent dropped (as typed on a phone without them)."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def numbers(text: str, rng: random.Random) -> str:
    """One number turned: digits to French words ("47" → "quarante-sept"), or words
    to digits ("dix" → "10")."""
    found = [m for m in _DIGITS.finditer(text) if int(m.group()) <= 100]
    found += list(_NUMBER_WORD.finditer(text))
    match = _pick(rng, found)
    if match is None:
        return text
    word = match.group()
    new = french_number(int(word)) if word.isdigit() else str(_NUMBER_WORDS[word.casefold()])
    return _replace(text, match, new)


def verbs(text: str, rng: random.Random) -> str:
    """One verb typed in another of its forms ("poser" → "posé", "jouée" → "jouer")."""
    match = _pick(rng, list(_VERB_WORD.finditer(text)))
    if match is None:
        return text
    word = match.group()
    for ending, others in sorted(_VERB_FORMS, key=lambda rule: -len(rule[0])):
        if word.endswith(ending):
            return _replace(text, match, word[: -len(ending)] + rng.choice(others))
    return text


def double(text: str, rng: random.Random) -> str:
    """One letter of a long word typed twice."""
    match = _pick(rng, list(_LONG_WORDS.finditer(text)))
    if match is None:
        return text
    word = match.group()
    i = rng.randrange(1, len(word))
    return _replace(text, match, word[:i] + word[i] + word[i:])


def drop(text: str, rng: random.Random) -> str:
    """One letter of a long word left out (not the first)."""
    match = _pick(rng, list(_LONG_WORDS.finditer(text)))
    if match is None:
        return text
    word = match.group()
    i = rng.randrange(1, len(word))
    return _replace(text, match, word[:i] + word[i + 1 :])


def glue(text: str, rng: random.Random) -> str:
    """Two neighbouring words typed without the space between them."""
    spaces = [m for m in re.finditer(r"(?<=[^\W\d_]) (?=[^\W\d_])", text)]
    match = _pick(rng, spaces)
    return text if match is None else _replace(text, match, "")


def split(text: str, rng: random.Random) -> str:
    """A space typed inside a long word."""
    match = _pick(rng, list(re.finditer(r"[^\W\d_]{7,}", text)))
    if match is None:
        return text
    word = match.group()
    i = rng.randrange(3, len(word) - 2)
    return _replace(text, match, word[:i] + " " + word[i:])


def sms(text: str, rng: random.Random) -> str:
    """Every word players shorten in a message shortened ("quoi" → "koi")."""
    return _SMS.sub(lambda m: SMS[m.group().casefold()], text)


NOISE: dict[str, Callable[[str, random.Random], str]] = {
    "accents": accents,
    "numbers": numbers,
    "verbs": verbs,
    "double": double,
    "drop": drop,
    "glue": glue,
    "split": split,
    "sms": sms,
}
KINDS = tuple(NOISE)
"""The kinds of noise, in the order the report gives them."""


def retype(text: str, kind: str, seed: int) -> str:
    """``text`` retyped with one kind of noise, the same for the same seed."""
    return NOISE[kind](text, random.Random(f"{seed}:{kind}:{text}"))
