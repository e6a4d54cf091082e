"""Table talk for The Game: anything goes except numbers.

The rules forbid saying or hinting at numeric values. A message is refused when it
holds a digit (pile names such as "d2" aside) or a number word in French or English
("trente", "soixante-dix", "thirty", "a dozen"). Words are compared folded (no
accents, lower case), whole words only, so "often" or "tendance" pass while "ten" and
"dix" do not.

Decisions: "un"/"une"/"one" are articles and pronouns far more often than numbers, and
refusing them would refuse ordinary speech ("prends celle-ci, pas une autre"), so they
pass. "neuf" is refused even though it also means "new": a false refusal costs a
rephrasing, a missed number spoils the game. Ordinals ("deuxième pile") pass: they name
piles or turns, not card values.
"""

from __future__ import annotations

import re
import unicodedata

from partie.core.errors import IllegalAction

FRENCH = {
    "zero", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
    "onze", "douze", "treize", "quatorze", "quinze", "seize", "vingt", "vingts", "trente",
    "quarante", "cinquante", "soixante", "septante", "huitante", "octante", "nonante",
    "cent", "cents", "mille", "dizaine", "dizaines", "douzaine", "douzaines", "quinzaine",
    "vingtaine", "trentaine", "quarantaine", "cinquantaine", "soixantaine", "centaine",
    "centaines",
}  # fmt: skip
ENGLISH = {
    "zero", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "thirty", "forty", "fourty", "fifty", "sixty",
    "seventy", "eighty", "ninety", "hundred", "hundreds", "dozen", "dozens", "tens",
    "twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties",
    "nineties",
}  # fmt: skip
NUMBER_WORDS = frozenset(FRENCH | ENGLISH)
MAX_LENGTH = 280

_WORD = re.compile(r"[a-z]+")
_PILE_NAME = re.compile(r"\b[ad][12]\b", re.IGNORECASE)
"""Pile names (a1 a2 d1 d2) hold digits but state no card value."""


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def number_in(text: str) -> str | None:
    """The first digit or number word of ``text``, or ``None`` when it states no number."""
    for char in _PILE_NAME.sub(" ", text):
        if char.isdigit():
            return char
    for word in _WORD.findall(_fold(text).replace("œ", "oe")):
        if word in NUMBER_WORDS:
            return word
    return None


def check_chat(text: str) -> str:
    """Return the message, stripped, or raise ``IllegalAction`` saying why it is refused."""
    message = " ".join(text.split())
    if not message:
        raise IllegalAction("message vide", "empty message", code="empty_message")
    if len(message) > MAX_LENGTH:
        raise IllegalAction(
            f"message trop long ({len(message)} caractères, {MAX_LENGTH} au plus)",
            f"message too long ({len(message)} characters, at most {MAX_LENGTH})",
            code="message_too_long",
        )
    found = number_in(message)
    if found is not None:
        raise IllegalAction(
            f"message refusé : il donne un nombre (« {found} »), interdit à The Game",
            f"message refused: it states a number ('{found}'), which The Game forbids",
            code="number_in_chat",
        )
    return message
