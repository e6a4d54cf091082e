"""A second opinion on which passage a question asks, learnt from the FAQ's questions.

BM25 ranks a passage by the words a question shares with it; each new writer brought
words no passage had. This model compares the question with the *questions* players
asked of each passage instead, on pieces of words (character n-grams, which survive
typos and verb forms) and stems, weighted TF-IDF: each passage is the centroid of its
questions' vectors (nearest centroid), and a question's score for a passage is the
cosine between them. The answerer may add it to BM25's score (``answerer.FUSION``,
off: measured, it did not gain clearly; ``docs/rules-questions.md``, eighth round).
Fitting is a few sums over a few hundred questions: done at first use, in memory.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from partie.rules.normalise import fold, words_of

GRAMS = (3, 4, 5)
"""Lengths of the pieces of words, each word marked at both ends ("<pile>")."""
NEAREST = False
"""Score a passage by its one question nearest the question (its best cosine) rather
than by its centroid: measured in the eighth round, no better."""
PERCEPTRON = 0
"""Epochs of an averaged multiclass perceptron scoring instead of the centroids (0:
centroids). Measured in the eighth round: a little better on new writers, worse on
the training folds, and too slow to fit at first use (0.4-0.8 s a game)."""
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
        self.classes = classes
        self.labels = [label for _, label in samples]
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for k, (feats, label) in enumerate(samples):
            vec = self.vector(feats)
            for f, v in vec.items():
                self.postings.setdefault(f, []).append((k, v))
            total = sums[label]
            for f, v in vec.items():
                total[f] = total.get(f, 0.0) + v
        self.centroids = [_unit(s) for s in sums]
        if PERCEPTRON:
            self.weights = self._perceptron([(self.vector(f), y) for f, y in samples])

    def _perceptron(self, data: list[tuple[dict[str, float], int]]) -> list[dict[str, float]]:
        """Averaged multiclass perceptron: the centroids' rival, discriminative."""
        w: list[dict[str, float]] = [{} for _ in range(self.classes)]
        total: list[dict[str, float]] = [{} for _ in range(self.classes)]
        step = 0
        order = list(range(len(data)))
        for epoch in range(PERCEPTRON):
            order = order[epoch::PERCEPTRON] + [i for i in order if (i - epoch) % PERCEPTRON]
            for i in order:
                vec, y = data[i]
                step += 1
                s = [sum(v * c.get(f, 0.0) for f, v in vec.items()) for c in w]
                guess = max(range(self.classes), key=lambda k: (s[k], k != y))
                if guess != y:
                    for f, v in vec.items():
                        for k, sign in ((y, 1.0), (guess, -1.0)):
                            w[k][f] = w[k].get(f, 0.0) + sign * v
                            total[k][f] = total[k].get(f, 0.0) + sign * v * step
        return [{f: v - total[k][f] / step for f, v in c.items()} for k, c in enumerate(w)]

    def vector(self, feats: Counter[str]) -> dict[str, float]:
        """The unit TF-IDF vector of some features (unseen ones say nothing)."""
        vec = {f: (1 + math.log(c)) * self.idf[f] for f, c in feats.items() if f in self.idf}
        return _unit(vec)

    def scores(self, feats: Counter[str]) -> list[float]:
        """Cosine between the question and each class's centroid."""
        vec = self.vector(feats)
        if NEAREST:
            return self.nearest(vec)
        if PERCEPTRON:
            raw = [sum(v * c.get(f, 0.0) for f, v in vec.items()) for c in self.weights]
            top = max(raw)
            return [max(r, 0.0) / top if top > 0 else 0.0 for r in raw]
        return [sum(v * c.get(f, 0.0) for f, v in vec.items()) for c in self.centroids]

    def nearest(self, vec: dict[str, float]) -> list[float]:
        """Per class, the cosine of its sample nearest the question."""
        sims: dict[int, float] = {}
        for f, v in vec.items():
            for k, w in self.postings.get(f, ()):
                sims[k] = sims.get(k, 0.0) + v * w
        out = [0.0] * self.classes
        for k, sim in sims.items():
            label = self.labels[k]
            out[label] = max(out[label], sim)
        return out


def _unit(vec: dict[str, float]) -> dict[str, float]:
    norm = math.sqrt(sum(v * v for v in vec.values()))
    return {f: v / norm for f, v in vec.items()} if norm else {}
