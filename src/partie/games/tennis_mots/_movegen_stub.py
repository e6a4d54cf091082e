"""TEMPORARY: the ``movegen`` API over the simple generator of ``moves.py``, until the
exact generator lands. Bots import ``movegen`` first and fall back to this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots.cards import LETTERS_SET
from partie.games.tennis_mots.moves import generate, hand_from_view, table_from_view
from partie.games.tennis_mots.rules import Shot


@dataclass(frozen=True, slots=True)
class GeneratedShot:
    action: Any
    letters: str
    value: int
    names: tuple[str, ...]
    jokers: tuple[tuple[int, str], ...]
    laid: tuple[int, ...]
    removed: tuple[int, ...]
    complete: bool


def _letters(lexicon: Any, glyphs: str) -> str | None:
    if all(ch in LETTERS_SET for ch in glyphs):
        return glyphs if lexicon.is_prefix(glyphs) else None
    reading = lexicon.read(glyphs)
    return None if reading is None else reading.letters


def all_shots(
    view: dict[str, Any], lexicon: Any, *, limit: int | None = None
) -> list[GeneratedShot]:
    table = table_from_view(view)
    hand = hand_from_view(view)
    weight = view["weight"]
    old = [c for c, _g, _l, _v in table]
    hand_ids = {c for c, _f, _v in hand}
    out = []
    for cand in generate(table, hand, lexicon, limit=limit or 300, budget=4000):
        if cand.value < weight:
            continue
        glyphs = "".join(g for _c, g, _l in cand.cards)
        letters = _letters(lexicon, glyphs)
        if letters is None or len(letters) != len(glyphs):
            continue
        ids = [c for c, _g, _l in cand.cards]
        laid = tuple(c for c in ids if c in hand_ids)
        removed = tuple(c for c in old if c not in ids)
        jokers = tuple(
            (i, letters[i]) for i, (_c, g, _l) in enumerate(cand.cards) if g not in LETTERS_SET
        )
        cards = tuple(
            (c, g, letters[i] if g in ("★", "■", "●") else "")
            for i, (c, g, _l) in enumerate(cand.cards)
        )
        hand_jokers = {c for c, f, _v in hand if f not in LETTERS_SET}
        shot_names = names_of.names(old, ids, hand_jokers & set(laid), cand.value, weight)
        out.append(
            GeneratedShot(
                action=Shot(cards),
                letters=letters,
                value=cand.value,
                names=shot_names,
                jokers=jokers,
                laid=laid,
                removed=removed,
                complete=bool(lexicon.is_word(letters)),
            )
        )
    return out


def best_shot(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    found = all_shots(view, lexicon)
    return max(found, key=lambda s: s.value) if found else None
