"""Okapi BM25 over a handful of passages: small enough to write, and no index server."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence


class BM25:
    """Scores documents (lists of terms) for a query; ``k1``/``b`` are the usual ones."""

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = 1.2, b: float = 0.75):
        self.k1, self.b = k1, b
        self.tfs = [Counter(doc) for doc in docs]
        self.lengths = [len(doc) for doc in docs]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 1.0
        df: Counter[str] = Counter()
        for tf in self.tfs:
            df.update(tf.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}
        self.unseen_idf = math.log(1 + (n + 0.5) / 0.5)

    def weight(self, term: str) -> float:
        """How much a term says: rare terms more; a term no document has, the most."""
        return self.idf.get(term, self.unseen_idf)

    def scores(self, query: Sequence[str]) -> list[float]:
        out = []
        for tf, length in zip(self.tfs, self.lengths, strict=True):
            norm = self.k1 * (1 - self.b + self.b * length / self.avg)
            total = 0.0
            for term in query:
                f = tf.get(term, 0)
                if f:
                    total += self.idf[term] * f * (self.k1 + 1) / (f + norm)
            out.append(total)
        return out

    def coverage(self, query: Sequence[str], doc: int) -> float:
        """The share of the query's weight that document ``doc`` contains (0..1)."""
        distinct = set(query)
        whole = sum(self.weight(t) for t in distinct)
        if not whole:
            return 0.0
        return sum(self.weight(t) for t in distinct if t in self.tfs[doc]) / whole

    def overlap(self, query: Sequence[str], doc: int) -> float:
        """How alike the query and document ``doc`` are: the smaller of the share of the
        query's weight in the document and the share of the document's in the query."""
        q, d = set(query), set(self.tfs[doc])
        if not q or not d:
            return 0.0
        shared = sum(self.weight(t) for t in q & d)
        return min(shared / sum(self.weight(t) for t in q), shared / sum(self.weight(t) for t in d))
