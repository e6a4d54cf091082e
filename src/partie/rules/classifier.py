"""A second opinion on which passage a question asks, learnt from the FAQ's questions.

BM25 ranks a passage by the words a question shares with it; each new writer brought
words no passage had. This model compares the question with the *questions* players
asked of each passage instead, on pieces of words (character n-grams, which survive
typos and verb forms) and stems, weighted TF-IDF: each passage is the centroid of its
questions' vectors (nearest centroid), and a question's score for a passage is the
cosine between them. The answerer adds it to BM25's score (``answerer.FUSION``).
Fitting is a few sums over a few hundred questions: done at first use, in memory.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from partie.rules.normalise import fold, words_of

GRAMS = (3, 4, 5)
"""Lengths of the pieces of words, each word marked at both ends ("<pile>")."""
STEM_WEIGHT = 2.0
"""A whole stem counts this many pieces: it is surer than any one piece."""


def features(text: str, stems: Sequence[str]) -> Counter[str]:
    """The pieces of ``text``'s words and its stems (already found by the answerer)."""
    out: Counter[str] = Counter()
    for word in words_of(fold(text)):
        marked = f"<{word}>"
        for n in GRAMS:
            for i in range(max(len(marked) - n + 1, 1)):
                out[marked[i : i + n]] += 1
    for s in stems if STEM_WEIGHT else ():
        out["=" + s] += STEM_WEIGHT
    return out


class Centroids:
    """Nearest centroid over TF-IDF vectors: ``samples`` are (features, class index)."""

    def __init__(self, samples: Sequence[tuple[Counter[str], int]], classes: int):
        df: Counter[str] = Counter()
        for feats, _ in samples:
            df.update(feats.keys())
        n = len(samples)
        self.idf = {f: math.log((1 + n) / (1 + d)) + 1 for f, d in df.items()}
        sums: list[dict[str, float]] = [{} for _ in range(classes)]
        for feats, label in samples:
            vec = self.vector(feats)
            total = sums[label]
            for f, v in vec.items():
                total[f] = total.get(f, 0.0) + v
        self.centroids = [_unit(s) for s in sums]

    def vector(self, feats: Counter[str]) -> dict[str, float]:
        """The unit TF-IDF vector of some features (unseen ones say nothing)."""
        vec = {f: (1 + math.log(c)) * self.idf[f] for f, c in feats.items() if f in self.idf}
        return _unit(vec)

    def scores(self, feats: Counter[str]) -> list[float]:
        """Cosine between the question and each class's centroid."""
        vec = self.vector(feats)
        return [sum(v * c.get(f, 0.0) for f, v in vec.items()) for c in self.centroids]


def _unit(vec: dict[str, float]) -> dict[str, float]:
    norm = math.sqrt(sum(v * v for v in vec.values()))
    return {f: v / norm for f, v in vec.items()} if norm else {}
