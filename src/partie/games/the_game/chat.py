"""Table talk for The Game: anything goes except numbers.

The rules forbid saying or hinting at numeric values. A message is refused when it
states a number in any of the ways a player who wants to cheat would try:

- digits, in any script or style ("37", "３７", "³⁷", "3 7", "3.7", "3-7"), pile names
  aside in every form the screens and the rules write them ("d2", "↑A1", "montante 1",
  "la descendante deux", "Ascending 2");
- number words in French and English, alone or run together ("trente", "soixante-dix",
  "trentesept", "quatre vingt dix", "thirty-seven", "a dozen");
- Roman numerals of two letters or more worth less than 100 ("XXXVII", "xiv"): values
  a card or a count could have;
- any of these spelt out letter by letter ("t r e n t e", "X.X.X.V.I.I") or cut in two
  ("tren te", "qu'atre"), hidden by invisible characters, or written with look-alike letters
  (Cyrillic "Х", Greek "Ι", full-width "ｔｒｅｎｔｅ").

The refusal quotes what was found, as it was written ("30", not "3").

Decisions, so that ordinary talk passes: "un"/"une"/"one" alone are articles and
pronouns far more often than numbers; single letters ("I", "x", "l'") and Roman
numerals worth 100 or more ("cd", "mm", "mix") are words or abbreviations, not card
values; ordinals ("deuxième pile") name piles or turns. "neuf" is refused even though it
also means "new": a false refusal costs a rephrasing, a missed number spoils the game.
Two words are read together only when one of them is not a common short word, so
"ni ne" (nine) or "si x" stay ordinary speech.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from partie.core.errors import IllegalAction
from partie.core.numbers import roman_value

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
    "seventy", "eighty", "ninety", "hundred", "hundreds", "thousand", "thousands",
    "dozen", "dozens", "tens", "twenties", "thirties", "forties", "fifties", "sixties",
    "seventies", "eighties", "nineties",
}  # fmt: skip
NUMBER_WORDS = frozenset(FRENCH | ENGLISH)
ONE = frozenset({"un", "une", "one"})
"""Number words that pass alone (articles, pronouns) but count inside a compound."""
JOINERS = frozenset({"et", "and"})
MAX_LENGTH = 280

COMMON_SHORT = frozenset(
    {
        "a", "ai", "as", "au", "ce", "ci", "de", "do", "du", "en", "es", "et", "eu", "fi",
        "il", "je", "la", "le", "lu", "ma", "me", "mi", "ne", "ni", "no", "nu", "on", "ou",
        "pu", "sa", "se", "si", "su", "ta", "te", "tu", "va", "vu", "y", "an", "at", "be",
        "by", "go", "he", "if", "in", "is", "it", "my", "of", "oh", "ok", "or", "so", "to",
        "up", "us", "we", "ha", "x", "i", "o", "e",
    }
)  # fmt: skip
"""Short French and English words: a pair made only of these is not read as one word."""

ORDINARY_ELISIONS = frozenset({"t'en", "d'eux"})
"""The only French whose elided letters, read with the word after them, spell a number
("ten", "deux"): there the elided letter is dropped. Everywhere else an elision is read
like a word cut in two, so "qu'atre", "qu'inze", "c'inq" and "s'ept" are numbers. Every
word of the shipped French lexicon was tried after c' d' j' l' m' n' qu' s' t' jusqu'
lorsqu' puisqu': besides these two, only "t'rente", "t'rois" and "qu'âtre" spell one, and
French writes none of them (no elision before a consonant; "âtre" takes "l'")."""
ARTICLE_L = "l"
"""``l'`` is an article, never the Roman 50 spelt out: "je l'X", "l'i" state no number.
The other elided letters are read as letters ("d'i x" spells "dix"): none of them
starts a Roman numeral below 100 (c, d and m are 100, 500 and 1000)."""

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j",
        "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ᴠ": "v",
        "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p",
        "С": "c", "Т": "t", "У": "y", "Х": "x", "І": "i", "Ј": "j", "Ѕ": "s", "Ԁ": "d",
        # Greek
        "α": "a", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "i",
        "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x",
        # ligatures and letter-like signs
        "œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ß": "ss", "ı": "i", "ℓ": "l",
    }
)  # fmt: skip
"""Letters of other scripts that look like Latin letters, read as those letters."""

_APOSTROPHES = "'’ʼ`´"
_SEPARATORS = r"[\s.,'’_\-/]*"
_DIGITS = re.compile(rf"\d(?:{_SEPARATORS}\d)*")
_TOKEN = re.compile(r"[a-z]+")
PILE_WORDS = frozenset(
    {"montante", "montantes", "descendante", "descendantes", "ascending", "descending"}
)
"""The piles' names as the screens spell them ("Montante 1", "Descending 2"): the 1 or 2
after one of these names a pile, not a card."""
PILE_NUMBERS = frozenset({"1", "2", "un", "une", "deux", "one", "two"})
_PILE_BEFORE = re.compile(
    r"(?:^|[^a-z])(?:" + "|".join(PILE_WORDS) + r")[\s.,:'’_\-]*(?:no?|numero)?[\s.°]*$"
)


@dataclass(frozen=True)
class _Folded:
    """A message folded to lower-case ASCII letters and digits, each folded character
    remembering the index of the character it came from (to quote the original)."""

    text: str
    origin: tuple[int, ...]

    def quote(self, message: str, start: int, end: int) -> str:
        return message[self.origin[start] : self.origin[end - 1] + 1]


def _fold(message: str) -> _Folded:
    chars: list[str] = []
    origin: list[int] = []
    for index, char in enumerate(message):
        if unicodedata.category(char) == "Cf":  # zero-width spaces, joiners, soft hyphens
            continue
        char = char.translate(LOOK_ALIKES)
        for part in unicodedata.normalize("NFKD", char):
            if unicodedata.combining(part):
                continue
            part = part.lower().translate(LOOK_ALIKES)
            if part.isdigit() and not part.isascii():
                part = str(unicodedata.digit(part, 0))
            chars.append(part)
            origin.extend([index] * len(part))
    return _Folded("".join(chars), tuple(origin))


_VOCABULARY = NUMBER_WORDS | ONE | JOINERS
_LONGEST = max(map(len, _VOCABULARY))


@lru_cache(maxsize=4096)
def _compound(word: str) -> bool:
    """Is ``word`` made only of number words run together ("trentesept", "vingtetun"),
    not starting or ending with "et"/"and", with one that is not an article alone?"""

    @cache
    def rest_ok(start: int, counted: bool) -> bool:
        # can word[start:] be cut into number words, given what came before?
        if start == len(word):
            return counted
        for size in range(2, min(_LONGEST, len(word) - start) + 1):
            head = word[start : start + size]
            if head not in _VOCABULARY or (start == 0 and head in JOINERS):
                continue
            if start + size == len(word) and head in JOINERS:
                continue
            if rest_ok(start + size, counted or head in NUMBER_WORDS):
                return True
        return False

    return rest_ok(0, False)


def _is_number(word: str) -> bool:
    """A folded word that states a number on its own."""
    if word in NUMBER_WORDS or _compound(word):
        return True
    value = roman_value(word) if len(word) >= 2 else None
    return value is not None and value < 100


def number_in(text: str) -> str | None:
    """The number ``text`` states, quoted as written, or ``None`` when it states none."""
    folded = _fold(text)
    flat = folded.text
    for match in _DIGITS.finditer(flat):
        start, end = match.span()
        before = flat[start - 1] if start else " "
        after = flat[end] if end < len(flat) else " "
        alone = start < 2 or not flat[start - 2].isalnum()
        if flat[start:end] in ("1", "2") and before in "ad" and alone and not after.isalnum():
            continue  # a pile name (a1 a2 d1 d2) holds a digit but states no value
        pile_number = flat[start:end] in PILE_NUMBERS and not after.isalnum()
        if pile_number and _PILE_BEFORE.search(flat[:start]):
            continue  # "montante 1", "la descendante n° 2": a pile's number
        return folded.quote(text, start, end)
    tokens = []
    letters = []  # which tokens are letters that may be spelt one by one
    for match in _TOKEN.finditer(flat):
        word, (start, end) = match.group(), match.span()
        elided = end < len(flat) and flat[end] in _APOSTROPHES
        after = _TOKEN.match(flat, end + 1) if elided else None
        if after is not None and f"{word}'{after.group()}" in ORDINARY_ELISIONS:
            continue
        tokens.append((word, start, end))
        letters.append(len(word) == 1 and not (elided and word == ARTICLE_L))
    # one word, and the run of number words around it ("trente-sept", "vingt et un")
    for i, (word, _, _) in enumerate(tokens):
        if _pile_number(tokens, i):
            continue
        if _is_number(word):
            first, last = i, i
            if word in NUMBER_WORDS or _compound(word):
                while first > 0 and _part_of_number(tokens[first - 1][0], tokens[first][0]):
                    first -= 1
                while last + 1 < len(tokens) and _part_of_number(tokens[last + 1][0]):
                    last += 1
            while tokens[first][0] in JOINERS:
                first += 1
            while tokens[last][0] in JOINERS:
                last -= 1
            return folded.quote(text, tokens[first][1], tokens[last][2])
    # letters spelt one by one: "t r e n t e", "X.X.X.V.I.I"
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and letters[j]:
            j += 1
        for a in range(i, j - 1):
            for b in range(j, a + 1, -1):  # the longest spelt number first
                if _is_number("".join(w for w, _, _ in tokens[a:b])):
                    return folded.quote(text, tokens[a][1], tokens[b - 1][2])
        i = max(j, i + 1)
    # a word cut in two or three: "tren te", "qua rante"
    for size in (2, 3, 4):
        for a in range(len(tokens) - size + 1):
            window = tokens[a : a + size]
            words = [w for w, _, _ in window]
            if all(w in COMMON_SHORT for w in words):
                continue
            joined = "".join(words)
            if joined in NUMBER_WORDS or _compound(joined):
                return folded.quote(text, window[0][1], window[-1][2])
    return None


def _pile_number(tokens: list[tuple[str, int, int]], i: int) -> bool:
    """Is token ``i`` the number of a pile ("la descendante deux", "montante no deux"),
    with no number word after it ("montante deux cent" states a number)?"""
    if tokens[i][0] not in PILE_NUMBERS:
        return False
    j = i - 1
    if j >= 0 and tokens[j][0] in ("n", "no", "numero"):
        j -= 1
    if j < 0 or tokens[j][0] not in PILE_WORDS:
        return False
    return i + 1 == len(tokens) or not _part_of_number(tokens[i + 1][0], tokens[i][0])


def _part_of_number(word: str, before: str = "") -> bool:
    """Does ``word`` belong to the number next to it? "un"/"one" before a number word is
    an article ("un trente"), except before a hundred or a thousand ("one hundred")."""
    if word in ONE:
        return before in ("", "cent", "mille", "hundred", "thousand")
    return word in NUMBER_WORDS or word in JOINERS or _compound(word)


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
