"""The names of shots: a pure function of the table before and after a shot.

A shot turns the old table sequence (card ids, left to right) into a new one: cards of
the old table missing from the new one went to the pot, cards of the new one missing
from the old one came from the player's hand. Its **shape** says how:

- ``LOB``: every old card went to the pot;
- ``SMASH``: a joker from the hand took the place of a letter of the table (it sits
  where that letter sat: next to the same neighbour, or at the same end of the word);
- ``REVERS LIFTÉ``: old cards reordered, or some taken off (to the pot);
- ``COUP DROIT``: cards added on the right only;
- ``REVERS``: cards added on the left only;
- ``COUP DROIT LIFTÉ``: cards added in several places, the old cards kept in order.

The first that applies wins, in that order. The **qualifiers** come from the value:
under the weight the shot is a ``NET`` (and has no other name), exactly the weight an
``AMORTI``, 13 points or more on the ``LIGNE``. A serve has the shape ``SERVICE``.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

SERVICE = "SERVICE"
COUP_DROIT = "COUP DROIT"
REVERS = "REVERS"
COUP_DROIT_LIFTE = "COUP DROIT LIFTÉ"
REVERS_LIFTE = "REVERS LIFTÉ"
SMASH = "SMASH"
LOB = "LOB"
NET = "NET"
AMORTI = "AMORTI"
LIGNE = "LIGNE"
FAULT = "FAUTE"
DOUBLE_FAULT = "DOUBLE FAUTE"

SHAPES = (SERVICE, LOB, SMASH, REVERS_LIFTE, COUP_DROIT, REVERS, COUP_DROIT_LIFTE)
LIGNE_POINTS = 13
"""A shot worth this much or more is on the line ("sur la LIGNE de fond")."""

ENGLISH = {
    SERVICE: "serve",
    COUP_DROIT: "forehand",
    REVERS: "backhand",
    COUP_DROIT_LIFTE: "topspin forehand",
    REVERS_LIFTE: "topspin backhand",
    SMASH: "smash",
    LOB: "lob",
    NET: "net",
    AMORTI: "drop shot",
    LIGNE: "on the line",
    FAULT: "fault",
    DOUBLE_FAULT: "double fault",
}


def shape(old: Sequence[int], new: Sequence[int], hand_jokers: Container[int] = ()) -> str:
    """The shape of the shot turning ``old`` into ``new`` (card ids, left to right);
    ``hand_jokers`` are the ids of jokers that came from the hand."""
    if not old:
        return SERVICE
    new_set = set(new)
    kept = [c for c in old if c in new_set]
    if not kept:
        return LOB
    if len(kept) < len(old) and _smash(old, new, new_set, hand_jokers):
        return SMASH
    old_set = set(old)
    in_new = [c for c in new if c in old_set]
    if len(kept) < len(old) or in_new != kept:
        return REVERS_LIFTE
    # The old cards are all there, in order: where did the new ones go?
    first = new.index(kept[0])
    last = first + len(kept) - 1
    contiguous = new[first : last + 1] == kept
    added_left = first > 0
    added_right = last < len(new) - 1
    if contiguous and added_right and not added_left:
        return COUP_DROIT
    if contiguous and added_left and not added_right:
        return REVERS
    if not contiguous or (added_left and added_right):
        return COUP_DROIT_LIFTE
    return REVERS_LIFTE  # nothing added, nothing moved: a shot that changes nothing


def _smash(
    old: Sequence[int], new: Sequence[int], new_set: set[int], hand_jokers: Container[int]
) -> bool:
    """Does a joker from the hand sit where a removed card of the table sat?"""
    removed = [j for j, c in enumerate(old) if c not in new_set]
    for i, card in enumerate(new):
        if card not in hand_jokers:
            continue
        before = new[i - 1] if i > 0 else None
        after = new[i + 1] if i + 1 < len(new) else None
        for j in removed:
            old_before = old[j - 1] if j > 0 else None
            old_after = old[j + 1] if j + 1 < len(old) else None
            if before == old_before or after == old_after:
                return True
    return False


def names(
    old: Sequence[int],
    new: Sequence[int],
    hand_jokers: Container[int],
    value: int,
    weight: int,
) -> tuple[str, ...]:
    """Every name of the shot: ``("NET",)`` under the weight, else its shape then
    ``AMORTI`` and/or ``LIGNE`` when they apply."""
    if value < weight:
        return (NET,)
    out = [shape(old, new, hand_jokers)]
    if value == weight:
        out.append(AMORTI)
    if value >= LIGNE_POINTS:
        out.append(LIGNE)
    return tuple(out)


def announce(shot_names: Sequence[str], lang: str = "fr") -> str:
    """``("COUP DROIT", "LIGNE")`` → ``"COUP DROIT · LIGNE"`` (or in English)."""
    if lang == "en":
        return " · ".join(ENGLISH.get(n, n) for n in shot_names)
    return " · ".join(shot_names)


__all__ = [
    "AMORTI",
    "COUP_DROIT",
    "COUP_DROIT_LIFTE",
    "DOUBLE_FAULT",
    "FAULT",
    "LIGNE",
    "LIGNE_POINTS",
    "LOB",
    "NET",
    "REVERS",
    "REVERS_LIFTE",
    "SERVICE",
    "SHAPES",
    "SMASH",
    "announce",
    "names",
    "shape",
]
