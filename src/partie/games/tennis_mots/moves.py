"""A simple move generator: shots a seat can play, found from what it sees.

It works on plain data (the table and the hand of a view), so bots use it without the
state. It is deliberately simple (fast generation is another piece of work): it tries

- words from the hand alone (serves, and LOBs when the table is not empty),
- the table word extended on the right (COUP DROIT), card by card, pruned by the
  lexicon's "a French word starts so",
- one or two hand cards put on the left of the table word (REVERS), then extended on
  the right.

Jokers are left unstated (the engine reads them); the double card is tried as ``◀``
and ``▶``. ``budget`` caps lexicon look-ups, so a turn always costs little.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from partie.games.tennis_mots.cards import AFTER, BEFORE, DOUBLE, LETTERS_SET

TableCard = tuple[int, str, str, int]
"""``(id, glyph, letter, value)`` of a card on the table."""
HandCard = tuple[int, str, int]
"""``(id, face, value)`` of a card in the hand."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A shot found: the whole new table, its value and how many hand cards it lays."""

    cards: tuple[tuple[int, str, str], ...]
    value: int
    laid: int


def _glyphs(face: str) -> tuple[str, ...]:
    return (BEFORE, AFTER) if face == DOUBLE else (face,)


class _Search:
    def __init__(self, lexicon: Any, budget: int) -> None:
        self.lexicon = lexicon
        self.budget = budget
        self.cache: dict[str, bool] = {}

    def ok(self, cards: str) -> bool:
        """Does some reading of ``cards`` start a French word?"""
        known = self.cache.get(cards)
        if known is not None:
            return known
        if self.budget <= 0:
            return False
        self.budget -= 1
        if all(ch in LETTERS_SET for ch in cards):
            result = bool(self.lexicon.is_prefix(cards))
        else:
            result = self.lexicon.read(cards) is not None
        self.cache[cards] = result
        return result


def table_from_view(view: dict[str, Any]) -> list[TableCard]:
    return [(t["id"], t["glyph"], t["letter"], t["value"]) for t in view["table"]]


def hand_from_view(view: dict[str, Any]) -> list[HandCard]:
    return [(h["id"], h["face"], h["value"]) for h in view["hand"] or []]


def generate(
    table: Sequence[TableCard],
    hand: Sequence[HandCard],
    lexicon: Any,
    *,
    limit: int = 200,
    budget: int = 3000,
) -> list[Candidate]:
    """Up to ``limit`` distinct valid shots (any value: the caller compares with the
    weight), each a whole new table made of table and hand cards."""
    search = _Search(lexicon, budget)
    found: dict[str, Candidate] = {}
    base = [(c, g, "") for c, g, _l, _v in table]
    base_text = "".join(g for _c, g, _l, _v in table)
    base_value = sum(v for _c, _g, _l, v in table)

    def record(seq: list[tuple[int, str, str]], text: str, value: int, laid: int) -> None:
        key = text + "|" + ",".join(str(c) for c, _g, _l in seq)
        if key not in found and len(found) < limit:
            found[key] = Candidate(tuple(seq), value, laid)

    def extend(
        seq: list[tuple[int, str, str]], text: str, value: int, used: set[int], laid: int
    ) -> None:
        """Add hand cards on the right while the word still starts a French word."""
        if len(found) >= limit or search.budget <= 0:
            return
        tried: set[str] = set()
        for card, face, card_value in hand:
            if card in used:
                continue
            for glyph in _glyphs(face):
                if glyph in tried:
                    continue
                tried.add(glyph)
                new_text = text + glyph
                if not search.ok(new_text):
                    continue
                seq.append((card, glyph, ""))
                used.add(card)
                record(seq, new_text, value + card_value, laid + 1)
                extend(seq, new_text, value + card_value, used, laid + 1)
                used.discard(card)
                seq.pop()

    # Words from the hand alone.
    extend([], "", 0, set(), 0)
    if table and search.ok(base_text):
        # The table word extended on the right.
        extend(list(base), base_text, base_value, set(), 0)
        # One or two hand cards on the left, then extended on the right.
        for k in (1, 2):
            seen: set[str] = set()
            for combo in permutations(hand, k):
                for glyph_choice in _glyph_choices(combo):
                    left = "".join(glyph_choice)
                    if left in seen:
                        continue
                    seen.add(left)
                    text = left + base_text
                    if not search.ok(text):
                        continue
                    seq = [(c, g, "") for (c, _f, _v), g in zip(combo, glyph_choice, strict=True)]
                    seq += base
                    value = base_value + sum(v for _c, _f, v in combo)
                    used = {c for c, _f, _v in combo}
                    record(seq, text, value, k)
                    extend(seq, text, value, used, k)
    return list(found.values())


def _glyph_choices(combo: Sequence[HandCard]) -> list[tuple[str, ...]]:
    choices: list[tuple[str, ...]] = [()]
    for _c, face, _v in combo:
        choices = [(*prev, g) for prev in choices for g in _glyphs(face)]
    return choices


__all__ = ["Candidate", "HandCard", "TableCard", "generate", "hand_from_view", "table_from_view"]
