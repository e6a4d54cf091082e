"""Seeded randomness. Every random draw of a game comes from the state's own generator."""

from __future__ import annotations

import hashlib
import random


def make_rng(seed: int) -> random.Random:
    """A generator for one game. ``random.Random`` shuffles identically across CPython 3.x."""
    return random.Random(seed)


def derive_seed(seed: int, *labels: object) -> int:
    """A stable 63-bit seed for a sub-task (game number, worker...) of a seeded run."""
    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
