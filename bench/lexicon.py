"""Benchmark of the Tennis de mots lexicon; prints one JSON object.

- ``load_ms``: ``Lexicon.default()`` in a fresh interpreter (median of 3 processes);
  ``import_ms`` is the import of the module before it.
- ``rss_mb``: resident memory added by importing the module and loading the list.
- ``checks_per_second``: ``is_prefix`` calls ("word or start of a word?", no jokers) on
  a seeded mix of real starts, whole words and near misses, best of 3 passes.
- ``reads_per_second``: ``read`` calls on cards holding one or two jokers.
- ``readings_per_second``: full ``readings`` enumerations of such cards.
- ``forms``: how many words the list holds.

Run: ``PYTHONPATH=src python bench/lexicon.py``.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

COLD = """
import json, time
def rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0
before = rss()
t0 = time.perf_counter()
from partie.games.tennis_mots.lexicon import Lexicon
t1 = time.perf_counter()
lexicon = Lexicon.default()
t2 = time.perf_counter()
assert lexicon.is_word("ATTELLERAIENT")
print(json.dumps({"import_ms": (t1 - t0) * 1e3, "load_ms": (t2 - t1) * 1e3,
                  "rss_mb": rss() - before}))
"""


def cold_runs(count: int = 3) -> dict[str, float]:
    """Fresh interpreters, so nothing is cached in the process."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    runs = []
    for _ in range(count):
        out = subprocess.run(
            [sys.executable, "-c", COLD], capture_output=True, text=True, env=env, check=True
        )
        runs.append(json.loads(out.stdout))
    return {key: round(statistics.median(r[key] for r in runs), 1) for key in runs[0]}


def queries(words: list[str], rng: random.Random, count: int) -> list[str]:
    """A third real starts, a third whole words, a third starts with one wrong letter."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = []
    for i in range(count):
        word = rng.choice(words)
        if i % 3 == 0:
            out.append(word[: rng.randint(1, len(word))])
        elif i % 3 == 1:
            out.append(word)
        else:
            start = word[: rng.randint(1, len(word))]
            out.append(start[:-1] + rng.choice(letters))
    return out


def rate(function, items: list[str], passes: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = 0.0
    for _ in range(passes):
        started = time.perf_counter()
        for item in items:
            function(item)
        best = max(best, len(items) / (time.perf_counter() - started))
    return best


def main() -> None:
    sys.path.insert(0, str(SRC))
    from partie.games.tennis_mots.lexicon import JOKERS, Lexicon

    cold = cold_runs()
    lexicon = Lexicon.default()
    rng = random.Random(20240601)
    words = sorted(lexicon.words())
    checks = queries(words, rng, 300_000)
    symbols = list(JOKERS)
    cards = []
    for word in (rng.choice(words) for _ in range(3_000)):
        text = list(word[: rng.randint(2, min(len(word), 8))])
        for _ in range(rng.randint(1, 2)):
            text[rng.randrange(len(text))] = rng.choice(symbols)
        cards.append("".join(text))
    result = {
        "load_ms": cold["load_ms"],
        "import_ms": cold["import_ms"],
        "checks_per_second": round(rate(lexicon.is_prefix, checks)),
        "reads_per_second": round(rate(lexicon.read, cards, passes=1)),
        "readings_per_second": round(rate(lambda c: list(lexicon.readings(c)), cards, passes=1)),
        "rss_mb": cold["rss_mb"],
        "forms": lexicon.forms,
        "valid_share_of_checks": round(sum(map(lexicon.is_prefix, checks)) / len(checks), 3),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "python": sys.version.split()[0],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
