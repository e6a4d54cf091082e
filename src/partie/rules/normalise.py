"""From what people type to search terms: the same steps for the rules and the question.

Accents and case are folded, numbers written in words become digits ("dix" → 10,
"soixante-dix" → 70, "thirty" → 30, "7e" → 7), card glyphs become words, what players
type is spelt out ("koi", "cb", "jpeux"), each word is cut to a light stem (plurals,
feminines, verb forms), and each game's synonyms add the rules' own word ("marche
arrière" adds ``retro``, "tie-break" and "6-6" add ``sixsix``). Stop words go last, so
a synonym may use them. A question's typos are put right before stemming
(``spelling.py``, through ``terms(fix=...)``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

from partie.core.numbers import spell_numbers, words_to_digits

GLYPHS = {
    "★": " etoile joker ",
    "■": " carre joker ",
    "●": " rond joker ",
    "◀": " double joker avant ",
    "▶": " double joker apres ",
    "œ": "oe",
    "æ": "ae",
    "’": "'",
}

"""Ordinals in words ("premier", "deuxième"): digits once read, so no rules text holds
them; the speller knows them, so that "prmier" is put right, then read as 1."""

_ORDINAL_DIGITS = re.compile(r"\b(\d+)(?:e|eme|er|ere|re|nd|nde|th|st|rd)\b")
_DIGIT_LETTER = re.compile(r"(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)")
_WORD = re.compile(r"[a-z0-9]+")

SPOKEN = {
    "koi": "quoi", "kwa": "quoi", "quoa": "quoi", "ke": "que", "ki": "qui", "kan": "quand",
    "qd": "quand", "kand": "quand", "pk": "pourquoi", "pq": "pourquoi", "pkoi": "pourquoi",
    "pourkoi": "pourquoi", "cb": "combien", "cmb": "combien", "cbien": "combien",
    "cmt": "comment", "koment": "comment", "komment": "comment", "ya": "il y a",
    "yen": "il y en", "ds": "dans", "pr": "pour", "pa": "pas", "tjs": "toujours",
    "tjrs": "toujours", "bcp": "beaucoup", "qqn": "quelqu un", "qqch": "quelque chose",
    "tt": "tout", "ts": "tous", "mm": "meme", "dc": "donc", "ptet": "peut etre",
    "mtn": "maintenant", "chui": "je suis", "chuis": "je suis", "jsuis": "je suis",
    "jpeux": "je peux", "jpx": "je peux", "jpe": "je peux", "jai": "j ai", "jdois": "je dois",
    "jveux": "je veux", "jfais": "je fais", "jsais": "je sais", "jme": "je me", "jle": "je le",
    "jla": "je la", "jles": "je les", "jpose": "je pose", "jjoue": "je joue", "dla": "de la",
    "nb": "nombre", "nbr": "nombre", "pts": "points", "pt": "point",
    "max": "maximum", "mini": "minimum", "ordi": "ordinateur", "dico": "dictionnaire",
    "adv": "adversaire", "adversair": "adversaire", "svp": "", "stp": "", "plz": "",
    "pls": "", "ur": "your", "wat": "what", "wut": "what",
    "cuz": "because", "coz": "because", "wanna": "want to", "gonna": "going to",
    "im": "i am", "cant": "can not", "cannot": "can not", "dont": "do not", "doesnt": "does not",
    "didnt": "did not", "isnt": "is not", "wont": "will not", "whats": "what is",
    "theres": "there is", "hv": "have", "ppl": "people", "pple": "people",
}  # fmt: skip
"""What players type for a word ("koi", "cb", "jpeux", "cant"): the words it stands
for. Single letters stay: "u" and "r" are Tennis de mots letters."""

STOP_WORDS = frozenset(
    " ".join(
        (
            "a au aux avec ce ces cet cette c ca d de des du elle en et est etre il ils j je",
            "l la le les leur lui m ma me mes moi mon n ne nous on ou par pas pour qu que",
            "quel quelle quels quelles qui s sa se ses si son sur t ta te tes toi ton tu un",
            "une vos votre vous y faut peut peux doit dois comment quoi quand pourquoi",
            "fait faire fais ai as avoir ont sont suis etait sera va vais vont alors donc",
            "bien bon ben bah quoi hein svp oui non ok dans quelqu quelque chose",
            "an and are be by can do does for from how i if in is it its my of on or the",
            "their them then there this to what when where which who why will with you",
            "your should may must happen happens did done get got have has we us our",
            "am not any some so that these those would could please just many much at as",
            "about than also only they he she his her me no each",
        )
    ).split()
)
"""Words that carry no rule on their own (after folding, before stemming)."""

_PLURAL_KEPT = ("ss", "ais", "us", "is", "ois")
"""Endings whose final s is not a plural ("permis", "plus"); "-ons" is a verb
("posons") unless it is "-ions" ("questions")."""

_SUFFIXES: tuple[tuple[str, str], ...] = (
    *((suffix, "") for suffix in (
        "issement", "ement", "ation", "atrice", "ateur", "eraient", "erions", "eriez",
        "erons", "eront", "erais", "erait", "erai", "eras", "era", "iraient", "iront",
        "irait", "issent", "issons", "issez", "isse", "aient", "able", "ions", "iez", "ons",
        "ais", "ait", "ant", "ent", "ire", "ees", "ee", "ie", "er", "ez", "ir", "is", "it",
        "ing", "ied", "ies", "ed", "est", "e", "i",
    )),
    ("dre", "d"), ("du", "d"), ("ttre", "t"),
)  # fmt: skip
_SUFFIXES = tuple(sorted(_SUFFIXES, key=lambda rule: -len(rule[0])))
"""Verb, adjective and noun endings (French, and English "-ing", "-ed"): the longest
that leaves three letters goes; "prendre" and "perdu" keep their d."""

_VOWELS = frozenset("aeiouy")

_WHOLE = {
    **{w: "fini" for w in ("fini", "finie", "finis", "finies")},
    **{w + end: w for w in ("player", "server", "receiver", "winner", "challenger",
                            "beginner", "dealer", "leader", "owner") for end in ("", "s")},
}  # fmt: skip
"""Words whose ending is not to be cut: "finie" (empty) is not "fin" (the end), a
"player" is not "play"."""

_IRREGULAR = {
    "won": "win", "lost": "lose", "drew": "draw", "drawn": "draw", "dealt": "deal",
    "chose": "choose", "chosen": "choose", "took": "take", "taken": "take",
    "went": "go", "gone": "go", "held": "hold", "laid": "lay", "ran": "run",
    "wrote": "write", "written": "write", "gave": "give", "given": "give",
    "made": "make", "said": "say", "told": "tell", "threw": "throw", "thrown": "throw",
    "began": "begin", "begun": "begin", "kept": "keep",
    "mis": "mettre", "mise": "mettre", "mises": "mettre", "pris": "prendre",
    "prise": "prendre", "fait": "faire", "dit": "dire",
}  # fmt: skip
"""English past forms and French past participles that no ending rule reaches: the
stem of their verb."""


def fold(text: str) -> str:
    """Lower case, no accents, card glyphs spelt out."""
    for glyph, word in GLYPHS.items():
        text = text.replace(glyph, word)
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    """A light stem: a plural s or x off, then the longest known ending, keeping at
    least three letters, then a doubled final consonant made single ("attell" and
    "attel", "winn" and "win" meet)."""
    if word.isdigit():
        return word
    word = _IRREGULAR.get(word, word)
    if len(word) <= 3:
        return word
    if word in _WHOLE:
        return _WHOLE[word]
    verb = word.endswith("ons") and not word.endswith("ions")
    if word[-1] in "sx" and len(word) > 3 and not verb and not word.endswith(_PLURAL_KEPT):
        word = word[:-1]
    for suffix, keep in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) + len(keep) >= 3:
            word = word[: -len(suffix)] + keep
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in _VOWELS:
        word = word[:-1]
    return word


def words_of(text: str) -> list[str]:
    """Folded words with numbers as digits and spoken forms spelt out (stop words
    kept): "jpeux poser 2cartes ?" → je peux poser 2 cartes."""
    folded = _DIGIT_LETTER.sub(" ", _ORDINAL_DIGITS.sub(r"\1", fold(text)))
    words: list[str] = []
    for word in _WORD.findall(folded):
        words.extend(SPOKEN[word].split() if word in SPOKEN else (word,))
    return _nobody(spell_numbers(words))


_PERSON_BEFORE = frozenset(
    "la une les des de d chaque cette autre autres quelle quelles par combien".split()  # noqa: SIM905
)
"""Words after which "personne" is a person ("la personne à ma gauche", "combien de
personnes"); anywhere else it is "nobody" ("personne n'a pu renvoyer", spoken
"personne a pu renvoyer", "si personne répond")."""


def _nobody(words: list[str]) -> list[str]:
    """French "personne" meaning nobody becomes ``nobody``, so that it no longer
    matches the people a question counts or points at (a person is a player)."""
    out = list(words)
    for i, word in enumerate(words):
        if word == "personne" and (
            i == 0 or not (words[i - 1] in _PERSON_BEFORE or words[i - 1].isdigit())
        ):
            out[i] = "nobody"
    return out


Synonyms = Sequence[tuple[tuple[str, ...], str]]


def compile_synonyms(table: Mapping[str, Iterable[str]]) -> Synonyms:
    """``{"retro": ["marche arriere", ...]}`` → stemmed phrases, longest first."""
    rules = []
    for canonical, phrases in table.items():
        for phrase in (canonical, *phrases):
            pattern = tuple(stem(w) for w in words_of(phrase))
            if pattern:
                rules.append((pattern, canonical))
    rules.sort(key=lambda rule: -len(rule[0]))
    return rules


def terms(
    text: str, synonyms: Synonyms = (), fix: Callable[[list[str]], list[str]] | None = None
) -> list[str]:
    """The search terms of ``text``: stems without stop words, plus the canonical word
    of every synonym phrase found, with or without the stop words between its words.
    ``fix`` puts the folded words right first (a question's typos, ``spelling.py``)."""
    words = words_of(text)
    if fix is not None:
        words = words_to_digits(fix(words))  # a typo put right may be a number ("prmier")
    stems = [stem(w) for w in words]
    filler = _fillers(words)
    content = [
        s for i, (w, s) in enumerate(zip(words, stems, strict=True))
        if w not in STOP_WORDS and i not in filler
    ]  # fmt: skip
    lengths = {len(pattern) for pattern, _ in synonyms}
    # a phrase of one word is matched on the content words only: the stop word "faut"
    # ("faut-il ?") must not be the noun "faute" (a fault) that shares its stem
    grams = _grams(stems, lengths - {1}) | _grams(content, lengths)
    added = {canonical for pattern, canonical in synonyms if pattern in grams}
    return content + sorted(added)


def _fillers(words: list[str]) -> set[int]:
    """Positions of words that only frame a question: "se passe" (what happens), not
    "passer" (to pass, a move in Tennis de mots); "à partir de" (from), whose "partir"
    would otherwise stem as "partie" (a game)."""
    framing = {
        i + 1
        for i in range(len(words) - 1)
        if words[i] in ("se", "s") and words[i + 1].startswith("pass")
    }
    framing |= {
        i + 1
        for i in range(len(words) - 2)
        if words[i] == "a" and words[i + 1] == "partir" and words[i + 2] in ("de", "d", "du", "des")
    }
    return framing


def _grams(seq: list[str], lengths: set[int]) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive items of ``seq``, for each ``n`` in ``lengths``."""
    return {tuple(seq[i : i + n]) for n in lengths for i in range(len(seq) - n + 1)}
