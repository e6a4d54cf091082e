"""A simple move generator: shots a seat can play, found from what it sees.

It works on plain data (the table and the hand of a view), so bots use it without the
state. It is deliberately simple (fast generation is another piece of work): it tries

- words from the hand alone (serves, and LOBs when the table is not empty),
- the table word extended on the right (COUP DROIT), card by card, pruned by the
  lexicon's "a French word starts so",
- one or two hand cards put on the left of the table word (REVERS), then extended on
  the right.

Jokers are left unstated (the engine reads them); the double card is tried as ``◀``
and ``▶`` (a last ``▶`` stands for the card still to come). ``budget`` caps lexicon
look-ups, so a turn always costs little.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from partie.games.tennis_mots.cards import (
    AFTER,
    ANY,
    BEFORE,
    DOUBLE,
    JOKER_LETTERS,
    LETTERS,
    LETTERS_SET,
)

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
    """Lexicon look-ups with a budget: a turn always costs little."""

    def __init__(self, lexicon: Any, budget: int) -> None:
        self.lexicon = lexicon
        self.budget = budget

    def prefix(self, letters: str) -> bool:
        """Does a French word start with these letters?"""
        if self.budget <= 0:
            return False
        self.budget -= 1
        return bool(self.lexicon.is_prefix(letters))

    def read(self, cards: str) -> str | None:
        """The letters of a reading of ``cards`` (letters and joker glyphs), or ``None``."""
        if self.budget <= 0:
            return None
        self.budget -= 4
        reading = self.lexicon.read(cards)
        return None if reading is None else reading.letters


def table_from_view(view: dict[str, Any]) -> list[TableCard]:
    return [(t["id"], t["glyph"], t["letter"], t["value"]) for t in view["table"]]


def hand_from_view(view: dict[str, Any]) -> list[HandCard]:
    return [(h["id"], h["face"], h["value"]) for h in view["hand"] or []]


def _letters_for(face: str) -> str:
    return LETTERS if face == ANY else "".join(sorted(JOKER_LETTERS[face]))


def generate(
    table: Sequence[TableCard],
    hand: Sequence[HandCard],
    lexicon: Any,
    *,
    limit: int = 200,
    budget: int = 3000,
) -> list[Candidate]:
    """Up to ``limit`` distinct valid shots (any value: the caller compares with the
    weight), each a whole new table made of table and hand cards.

    The search walks *letters*: a joker of the hand branches over the letters it may
    stand for, a ``◀`` repeats the last letter and a ``▶`` the next one, and every
    step is one "does a word start so?" look-up. The shots themselves leave jokers
    unstated: the engine finds their reading again."""
    search = _Search(lexicon, budget)
    found: dict[tuple[tuple[int, str], ...], Candidate] = {}

    def record(seq: list[tuple[int, str, str]], value: int, laid: int) -> None:
        key = tuple((c, g) for c, g, _l in seq)
        if key not in found and len(found) < limit:
            found[key] = Candidate(tuple(seq), value, laid)

    def extend(
        seq: list[tuple[int, str, str]],
        letters: str,
        value: int,
        used: set[int],
        laid: int,
        after: bool,
    ) -> None:
        """Add hand cards on the right while the letters still start a French word;
        ``after``: the last card is a ``▶`` waiting for the letter it copies."""
        if len(found) >= limit or search.budget <= 0:
            return
        tried: set[str] = set()
        for card, face, card_value in hand:
            if card in used or face in tried:
                continue
            tried.add(face)
            used.add(card)
            if face in LETTERS_SET:
                options: list[tuple[str, str]] = [(face, face)]
            elif face == DOUBLE:
                options = []
                if letters and not after:
                    options.append((BEFORE, letters[-1]))
                if not after:
                    options.append((AFTER, ""))
            else:
                options = [(face, x) for x in _letters_for(face)]
            for glyph, letter in options:
                if glyph == AFTER:
                    seq.append((card, glyph, ""))
                    # Last, a ▶ stands for the card still to come: some letter twice.
                    if letters and any(search.prefix(letters + x + x) for x in LETTERS):
                        record(seq, value + card_value, laid + 1)
                    extend(seq, letters, value + card_value, used, laid + 1, True)
                    seq.pop()
                    continue
                new_letters = letters + (letter + letter if after else letter)
                if not search.prefix(new_letters):
                    continue
                seq.append((card, glyph, ""))
                record(seq, value + card_value, laid + 1)
                extend(seq, new_letters, value + card_value, used, laid + 1, False)
                seq.pop()
            used.discard(card)

    if table:
        _around_table(table, hand, search, extend, record)
    # Words from the hand alone (serves; LOBs when the table is not empty).
    extend([], "", 0, set(), 0, False)
    return list(found.values())


def _around_table(
    table: Sequence[TableCard],
    hand: Sequence[HandCard],
    search: _Search,
    extend: Any,
    record: Any,
) -> None:
    """The table word extended on the right, and with one or two hand cards on the
    left then extended on the right."""
    base = [(c, g, "") for c, g, _l, _v in table]
    base_letters = "".join(letter for _c, _g, letter, _v in table)
    base_value = sum(v for _c, _g, _l, v in table)
    if "?" in base_letters or not search.prefix(base_letters):
        return
    # A last ▶ copies the first card added after it: it stays open.
    open_after = table[-1][1] == AFTER
    cards_text = base_letters[:-1] + AFTER if open_after else base_letters
    extend(
        list(base), cards_text[:-1] if open_after else cards_text, base_value, set(), 0, open_after
    )
    for k in (1, 2):
        seen: set[str] = set()
        for combo in permutations(hand, k):
            for glyph_choice in _glyph_choices(combo):
                left = "".join(glyph_choice)
                if left in seen or search.budget <= 0:
                    continue
                seen.add(left)
                if not open_after and all(g in LETTERS_SET for g in left):
                    text = left + base_letters
                    letters = text if search.prefix(text) else None
                else:
                    letters = search.read(left + cards_text)
                if letters is None:
                    continue
                seq = [(c, g, "") for (c, _f, _v), g in zip(combo, glyph_choice, strict=True)]
                seq += base
                value = base_value + sum(v for _c, _f, v in combo)
                used = {c for c, _f, _v in combo}
                record(seq, value, k)
                extend(seq, letters[:-1] if open_after else letters, value, used, k, open_after)


def _glyph_choices(combo: Sequence[HandCard]) -> list[tuple[str, ...]]:
    choices: list[tuple[str, ...]] = [()]
    for _c, face, _v in combo:
        choices = [(*prev, g) for prev in choices for g in _glyphs(face)]
    return choices


__all__ = ["Candidate", "HandCard", "TableCard", "generate", "hand_from_view", "table_from_view"]
