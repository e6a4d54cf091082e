"""Players' typos on the game's own words: "jocker", "piohe", "desendante", "lequipe".

A question word the game's vocabulary (its rules, keywords, FAQ and synonyms) does not
hold is put right when one of the vocabulary's words is within a small edit distance
(one edit up to seven letters, two from eight), or split when it is an elision typed
without its apostrophe ("lequipe" → "l equipe"). A word that is real French or English
on its own ("pèse", "dessiné") is left alone, so a question the rules do not answer is
not bent towards a rule word: the frequency list is only read for such a word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from partie.rules.normalise import STOP_WORDS

MIN_LENGTH = 4
"""Shorter words are never corrected: too many neighbours."""
SEEN = 10_000
"""Words whose reading is remembered (then forgotten all at once): the answerer reads a
question's words for its terms, its situation and a request for an example."""
REAL_WORD = 2.0
"""A word at least this frequent (Zipf scale) in the question's language is a word the
player meant, not a typo (accents typed or not: "pese" is 2.3, "jocker" 1.5)."""
_ELISIONS = ("qu", "j", "l", "d", "m", "t", "s", "n", "c")
_BEFORE_ELISION = frozenset("aeiouyh")
"""French elides only before a vowel or a mute h: "lequipe" is l'équipe, but "smatch"
is not s'match (it is a typo of smash)."""


_SOUNDS = (
    ("tch", "ch"),
    ("sh", "ch"),
    ("ph", "f"),
    ("ck", "k"),
    ("qu", "k"),
    ("ca", "ka"),
    ("co", "ko"),
    ("cu", "ku"),
    ("y", "i"),
)


def sound(word: str) -> str:
    """A rough French reading of a word, so that a game word borrowed from English and
    written as it sounds meets its spelling: "smatch" and "smash", "jocker" and
    "joker" read alike (doubled letters made single, a final e dropped)."""
    for written, heard in _SOUNDS:
        word = word.replace(written, heard)
    word = "".join(c for i, c in enumerate(word) if i == 0 or c != word[i - 1])
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def budget(word: str) -> int:
    """Edits allowed for a word of this length."""
    return 0 if len(word) < MIN_LENGTH else 1 if len(word) < 8 else 2


@cache
def _frequency(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency  # loaded only when a typo is suspected

    return zipf_frequency(word, lang)


class Speller:
    """Puts right the words of a question against one game's vocabulary (folded words,
    numbers as digits)."""

    def __init__(self, vocabulary: Iterable[str], lang: str):
        counts = Counter(w for w in vocabulary if not w.isdigit())
        self.lang = lang
        self.vocabulary = frozenset(counts)
        self.known = self.vocabulary | STOP_WORDS
        # Commonest first: among equally close words, the game's usual one wins.
        self.choices = [w for w, _ in counts.most_common() if len(w) >= MIN_LENGTH - 1]
        self.seen: dict[str, list[str]] = {}  # a question is read three ways: once a word
        self.sounds: dict[str, str] = {}
        for w in self.choices:
            self.sounds.setdefault(sound(w), w)

    def correct(self, words: list[str]) -> list[str]:
        """The words, each unknown one put right when the game knows a close one; a
        word typed in two pieces is joined first ("com bien", "recu ler")."""
        out: list[str] = []
        for word in self._joined(words):
            if word not in self.seen:
                if len(self.seen) >= SEEN:
                    self.seen.clear()
                self.seen[word] = self._word(word)
            out.extend(self.seen[word])
        return out

    def _joined(self, words: list[str]) -> list[str]:
        """Two neighbouring words joined when together they are a word of the game's
        vocabulary and one of them is not (a space typed inside a word): "rep rend"
        is "reprend"; "la pile" stays two words, both are known."""
        out: list[str] = []
        i = 0
        while i < len(words):
            pair = words[i : i + 2]
            whole = "".join(pair)
            if (
                len(pair) == 2
                and not any(w.isdigit() for w in pair)
                and whole in self.vocabulary
                and not all(w in self.known for w in pair)
            ):
                out.append(whole)
                i += 2
                continue
            out.append(words[i])
            i += 1
        return out

    def _glued(self, word: str) -> list[str] | None:
        """A word typed without the space between two words: "memepile" is "meme
        pile", "jepioche" "je pioche"; both pieces must be known (the vocabulary or a
        small word), and the cut leaving the longest known second piece wins."""
        for cut in range(2, len(word) - 1):
            head, tail = word[:cut], word[cut:]
            if head in self.known and tail in self.known and len(tail) >= 2:
                return [head, tail]
        return None

    def _word(self, word: str) -> list[str]:
        edits = budget(word)
        if word in self.known or word.isdigit() or not edits:
            return [word]
        if _frequency(word, self.lang) >= REAL_WORD:
            return [word]
        for head in _ELISIONS if self.lang == "fr" else ():
            rest = word[len(head) :]
            elided = rest[:1] in _BEFORE_ELISION
            if word.startswith(head) and len(rest) >= 3 and elided and rest in self.known:
                return [head, rest]
        heard = self.sounds.get(sound(word))
        if heard is not None:
            return [heard]
        # one edit before a cut ("commece" is "commence", not "comme ce"), then a cut
        # ("memepile"), then two edits for long words
        found = process.extractOne(word, self.choices, scorer=OSA.distance, score_cutoff=1)
        if found:
            return [found[0]]
        glued = self._glued(word)
        if glued is not None:
            return glued
        if edits == 1:
            return [word]  # its one edit was looked for above
        found = process.extractOne(word, self.choices, scorer=OSA.distance, score_cutoff=edits)
        return [found[0]] if found else [word]
