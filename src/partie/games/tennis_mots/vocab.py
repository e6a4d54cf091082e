"""A limited vocabulary: the N most frequent French words, as a person knows them.

Frequencies come from the ``wordfreq`` package (its French list ships inside the
package: no network is needed). Words are folded as the cards spell them
(``lexicon.fold``: no accents, hyphens or apostrophes, upper case) and only A-Z words
are kept. A bot with this vocabulary *knows* a laid word when its letters are one of
its words or the start of one of them (the prefix set of its words).
"""

from __future__ import annotations

from functools import cache

from partie.core.errors import BadOptions
from partie.games.tennis_mots.cards import LETTERS_SET
from partie.games.tennis_mots.lexicon import fold

MAX_WORDS = 200_000


class Vocabulary:
    """The N most frequent French words and every start of them."""

    def __init__(self, words: list[str]) -> None:
        self.words = frozenset(words)
        prefixes: set[str] = set()
        for word in words:
            for i in range(1, len(word) + 1):
                prefixes.add(word[:i])
        self.prefixes = frozenset(prefixes)

    def __len__(self) -> int:
        return len(self.words)

    def knows(self, letters: str) -> bool:
        """Is ``letters`` a word of this vocabulary or the start of one?"""
        return letters in self.prefixes

    def knows_word(self, letters: str) -> bool:
        return letters in self.words


@cache
def frequent_words(size: int) -> Vocabulary:
    """The ``size`` most frequent French words (folded, A-Z only, distinct), read once
    per process. Folding merges forms (``côté``/``coté``), so the list read from
    ``wordfreq`` is longer than ``size`` until ``size`` distinct words are found."""
    if not 1 <= size <= MAX_WORDS:
        raise BadOptions(
            f"vocabulaire : de 1 à {MAX_WORDS} mots, pas {size}",
            f"vocabulary: 1 to {MAX_WORDS} words, not {size}",
        )
    from wordfreq import top_n_list

    words: list[str] = []
    seen: set[str] = set()
    ask = size
    while True:
        listed = top_n_list("fr", ask, wordlist="large")
        for raw in listed:
            folded = fold(raw)
            if folded and folded not in seen and all(ch in LETTERS_SET for ch in folded):
                seen.add(folded)
                words.append(folded)
                if len(words) == size:
                    return Vocabulary(words)
        if len(listed) < ask:  # the list ran out
            return Vocabulary(words)
        ask *= 2
        words.clear()
        seen.clear()


__all__ = ["MAX_WORDS", "Vocabulary", "frequent_words"]
