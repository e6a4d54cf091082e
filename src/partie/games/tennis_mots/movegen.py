"""Move generation for Tennis de mots: every legal shot a seat can play, from its view.

A shot makes a new table: an arrangement of some of the table's cards and some of the
hand's that reads (with some reading of its jokers) as a French word or the start of
one, worth at least the weight. The generator walks the lexicon's table of word starts
letter by letter, and at each step lays one card that can show that letter:

- identical cards are *grouped* (same origin, face and value), so swapping two E of the
  hand is never tried twice: one path of the walk is one distinct shot;
- a ``★ ■ ●`` joker branches only over the letters the starts table allows next, and
  every shot states its jokers' letters, so the engine reads exactly what was found;
- the double card is laid as ``◀`` (repeats the letter before) or ``▶`` (waits for the
  letter of the next card; a last ``▶`` stands for the card still to come);
- a branch stops when even its best completion cannot reach the weight: the starts
  table tells how many letters the longest word still adds, so the bound is the value so
  far plus the values of that many of the best cards left.

Which shots are legal is the engine's decision; this module agrees with
``state.legal_actions(seat)`` (tested against a brute force filtered by the engine). It
lists only truthful shots (valid words), never bluffs. See ``docs/movegen.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations, product
from typing import Any

from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots.cards import (
    AFTER,
    ANY,
    BEFORE,
    CONSONANT,
    DOUBLE,
    LETTERS,
    LETTERS_SET,
    VOWEL,
    VOWELS,
)
from partie.games.tennis_mots.rules import Shot

_MASK = (1 << 26) - 1
_DEPTH_SHIFT = 26
_BITS = {letter: 1 << i for i, letter in enumerate(LETTERS)}
TABLE, HAND = 0, 1


@dataclass(frozen=True, slots=True)
class GeneratedShot:
    """One legal shot, ready to play: ``state.apply(seat, shot.action)``."""

    action: Any
    """The engine action (``rules.Shot``): the whole new table, joker letters stated."""
    letters: str
    """How the new table reads, jokers resolved."""
    value: int
    """The value of the new table."""
    names: tuple[str, ...]
    """Shot names as the engine gives them (shape, then AMORTI and/or LIGNE)."""
    jokers: tuple[tuple[int, str], ...]
    """``(position, letter)`` of each joker on the new table, left to right."""
    laid: tuple[int, ...]
    """Ids of the hand cards laid."""
    removed: tuple[int, ...]
    """Ids of the table cards sent to the pot."""
    complete: bool
    """The new table is a complete word, not only the start of one."""

    def text(self) -> str:
        """How a player reads it: ``JEU[★X]`` (a joker shows its letter)."""
        out = []
        for (_c, glyph, _stated), letter in zip(self.action.cards, self.letters, strict=True):
            out.append(glyph if glyph in LETTERS_SET else f"[{glyph}{letter}]")
        return "".join(out)


# -- the position, from a view ----------------------------------------------------------


@dataclass(slots=True)
class _Group:
    """Identical cards of one origin: laying one or the other is the same shot."""

    origin: int  # TABLE or HAND
    face: str  # a letter, ★ ■ ●, or ◀ for the double card
    value: int
    ids: list[int]  # ascending


@dataclass(slots=True)
class _Position:
    weight: int
    serve: bool
    old: list[int]  # table ids, left to right
    groups: list[_Group]
    joker_worth: int  # a joker counts as worth this much when keeping cards


def _face_of_glyph(glyph: str) -> str:
    return DOUBLE if glyph in (BEFORE, AFTER) else glyph


def _position(view: dict[str, Any]) -> _Position | None:
    """What the walk needs, or None when the seat of ``view`` cannot lay a shot now."""
    seat = view.get("seat")
    if seat is None or view.get("over") or view.get("pending") is not None:
        return None
    phase = view.get("phase")
    if phase not in ("serve", "rally") or view.get("turn") != seat:
        return None
    if seat not in view.get("to_act", ()):
        return None
    hand = view.get("hand") or []
    if not hand:
        return None
    serve = phase == "serve"
    table = [] if serve else view["table"]
    keyed: dict[tuple[int, str, int], list[int]] = {}
    for card in table:
        keyed.setdefault((TABLE, _face_of_glyph(card["glyph"]), card["value"]), []).append(
            card["id"]
        )
    for card in hand:
        keyed.setdefault((HAND, card["face"], card["value"]), []).append(card["id"])
    groups = [_Group(o, f, v, sorted(ids)) for (o, f, v), ids in keyed.items()]
    groups.sort(key=lambda g: (g.origin, g.face, g.value))
    values = view.get("deck_values") or {}
    top = max([v for f, v in values.items() if f in LETTERS_SET] or [0])
    top = max([top, *(g.value for g in groups)])
    return _Position(
        weight=view["weight"],
        serve=serve,
        old=[card["id"] for card in table],
        groups=groups,
        joker_worth=top + 1,
    )


def _starts_lookup(lexicon: Any) -> tuple[Callable[[str], int | None], int]:
    """``get(start)`` → an int whose bits 0-25 say which letters may follow and bits
    26-30 how many letters the longest completion adds (None: not a start), and the
    value of the empty start. Uses the lexicon's own table when it has one."""
    starts = getattr(lexicon, "_starts", None)
    root = getattr(lexicon, "_root", None)
    if starts is not None and root is not None:
        return starts.get, root
    is_prefix, next_letters = lexicon.is_prefix, lexicon.next_letters

    def get(letters: str) -> int | None:
        if not is_prefix(letters):
            return None
        mask = 0
        for letter in next_letters(letters):
            mask |= _BITS[letter]
        return mask | 31 << _DEPTH_SHIFT

    mask = 0
    for letter in next_letters(""):
        mask |= _BITS[letter]
    return get, mask | 31 << _DEPTH_SHIFT


# -- the walk -----------------------------------------------------------------------------

Step = tuple[int, str, str]
"""One card of a found shot: ``(group index, glyph, letter read)``."""
Found = tuple[tuple[Step, ...], str, int]
"""A found shot: its steps, its letters, its value."""


class _Walk:
    """Depth-first search over the starts table laying one grouped card per letter.

    ``cost``/``score`` turn it into a branch and bound: with ``cost`` (an additive cost
    per group), branches whose cost already exceeds the best are cut; with ``maximise``
    branches that cannot beat the best value are cut."""

    def __init__(self, position: _Position, lexicon: Any) -> None:
        self.position = position
        self.get, self.root = _starts_lookup(lexicon)
        groups = position.groups
        self.counts = [len(g.ids) for g in groups]
        self.values = [g.value for g in groups]
        providers: dict[str, list[int]] = {letter: [] for letter in LETTERS}
        self.doubles: list[int] = []
        for gi, g in enumerate(groups):
            if g.face in LETTERS_SET:
                providers[g.face].append(gi)
            elif g.face == ANY:
                for letter in LETTERS:
                    providers[letter].append(gi)
            elif g.face == CONSONANT:
                for letter in LETTERS:
                    if letter not in VOWELS:
                        providers[letter].append(gi)
            elif g.face == VOWEL:
                for letter in VOWELS:
                    providers[letter].append(gi)
            elif g.face == DOUBLE:
                self.doubles.append(gi)
        self.providers = [
            (letter, _BITS[letter], tuple(gis)) for letter, gis in providers.items() if gis
        ]
        every = sorted((v for g in groups for v in [g.value] * len(g.ids)), reverse=True)
        # best[d]: the most d cards of the position can add.
        self.best = [0]
        for v in every:
            self.best.append(self.best[-1] + v)
        self.cards = len(every)
        self.weight = position.weight
        self.path: list[Step] = []
        self.found: list[Found] = []
        self.limit: int | None = None

    def bound(self, sval: int, value: int, left: int) -> int:
        """The most a completion of this start can be worth."""
        depth = sval >> _DEPTH_SHIFT
        return value + self.best[min(depth, left, self.cards)]

    def run(self, limit: int | None = None) -> list[Found]:
        self.limit = limit
        self.found = []
        self._visit("", self.root, 0, self.cards)
        return self.found

    def _emit(self, letters: str, value: int) -> bool:
        """Record a shot; True when the limit is reached."""
        self.found.append((tuple(self.path), letters, value))
        return self.limit is not None and len(self.found) >= self.limit

    def _visit(self, prefix: str, sval: int, value: int, left: int) -> bool:
        """Extend ``prefix`` (no ▶ waiting) by one card; True to stop the walk."""
        if left == 0 or self.bound(sval, value, left) < self.weight:
            return False
        mask = sval & _MASK
        counts, values, path, get = self.counts, self.values, self.path, self.get
        weight = self.weight
        for letter, bit, gis in self.providers:
            if not mask & bit:
                continue
            word = prefix + letter
            child: int | None = None
            for gi in gis:
                if not counts[gi]:
                    continue
                if child is None:
                    child = get(word)
                    if child is None:  # cannot happen with a consistent table
                        break
                counts[gi] -= 1
                path.append((gi, "", letter))
                v = value + values[gi]
                stop = (v >= weight and self._emit(word, v)) or self._visit(
                    word, child, v, left - 1
                )
                path.pop()
                counts[gi] += 1
                if stop:
                    return True
        for gi in self.doubles:
            if not counts[gi]:
                continue
            counts[gi] -= 1
            v = value + values[gi]
            stop = False
            if prefix and mask & _BITS[prefix[-1]]:
                letter = prefix[-1]
                word = prefix + letter
                child = get(word)
                if child is not None:
                    path.append((gi, BEFORE, letter))
                    stop = (v >= weight and self._emit(word, v)) or self._visit(
                        word, child, v, left - 1
                    )
                    path.pop()
            if not stop:
                path.append((gi, AFTER, ""))
                stop = self._after(prefix, sval, v, left - 1, 1)
                path.pop()
            counts[gi] += 1
            if stop:
                return True
        return False

    def _after(self, prefix: str, sval: int, value: int, left: int, waiting: int) -> bool:
        """``waiting`` ▶ laid after ``prefix`` wait for the letter of the next card."""
        get = self.get
        mask = sval & _MASK
        if value >= self.weight and prefix:
            # A last ▶ stands for the card still to come: the first letter that works.
            for letter, bit in _BITS.items():
                if mask & bit and get(prefix + letter * (waiting + 1)) is not None:
                    if self._emit(prefix + letter * waiting, value):
                        return True
                    break
        if left == 0 or self.bound(sval, value, left) < self.weight:
            return False
        counts, values, path = self.counts, self.values, self.path
        weight = self.weight
        for letter, bit, gis in self.providers:
            if not mask & bit:
                continue
            word = prefix + letter * (waiting + 1)
            child: int | None = None
            looked = False
            for gi in gis:
                if not counts[gi]:
                    continue
                if not looked:
                    child = get(word)
                    looked = True
                if child is None:
                    break
                counts[gi] -= 1
                path.append((gi, "", letter))
                v = value + values[gi]
                stop = (v >= weight and self._emit(word, v)) or self._visit(
                    word, child, v, left - 1
                )
                path.pop()
                counts[gi] += 1
                if stop:
                    return True
        for gi in self.doubles:
            if not counts[gi]:
                continue
            counts[gi] -= 1
            path.append((gi, AFTER, ""))
            stop = self._after(prefix, sval, value + values[gi], left - 1, waiting + 1)
            path.pop()
            counts[gi] += 1
            if stop:
                return True
        return False


# -- from a found path to a shot -----------------------------------------------------------


def _hand_jokers(position: _Position, steps: tuple[Step, ...], ids: list[int]) -> set[int]:
    groups = position.groups
    return {
        c
        for c, (gi, _g, _l) in zip(ids, steps, strict=True)
        if groups[gi].origin == HAND and groups[gi].face not in LETTERS_SET
    }


def _assign(position: _Position, steps: tuple[Step, ...]) -> list[int]:
    """The canonical card ids of a found shot: hand cards of a group in ascending id
    order, left to right; table cards the smallest id sequence, unless another choice
    of identical table cards avoids ``REVERS LIFTÉ`` (see ``docs/movegen.md``)."""
    groups = position.groups
    used: dict[int, int] = {}
    ids = []
    table_multi = False
    for gi, _g, _l in steps:
        k = used.get(gi, 0)
        used[gi] = k + 1
        group = groups[gi]
        ids.append(group.ids[k])
        if group.origin == TABLE and len(group.ids) > 1:
            table_multi = True
    if not table_multi:
        return ids
    old = position.old
    hand_jokers = _hand_jokers(position, steps, ids)
    first = names_of.shape(old, ids, hand_jokers)
    if first != names_of.REVERS_LIFTE:
        return ids
    removal = sum(used.get(gi, 0) for gi, g in enumerate(groups) if g.origin == TABLE) < len(old)
    if removal and not hand_jokers:
        return ids  # REVERS LIFTÉ whatever the table cards chosen
    # Try every choice of identical table cards (rare: a repeated letter on the table).
    slots: dict[int, list[int]] = {}
    for pos, (gi, _g, _l) in enumerate(steps):
        if groups[gi].origin == TABLE and len(groups[gi].ids) > 1:
            slots.setdefault(gi, []).append(pos)
    options = [list(permutations(groups[gi].ids, len(where))) for gi, where in slots.items()]
    best: list[int] | None = None
    for choice in product(*options):
        trial = list(ids)
        for (_gi, where), chosen in zip(slots.items(), choice, strict=True):
            for pos, card in zip(where, chosen, strict=True):
                trial[pos] = card
        if names_of.shape(old, trial, hand_jokers) != names_of.REVERS_LIFTE and (
            best is None or trial < best
        ):
            best = trial
    return best if best is not None else ids


def _build(position: _Position, found: Found, lexicon: Any) -> GeneratedShot:
    steps, letters, value = found
    groups = position.groups
    ids = _assign(position, steps)
    cards = []
    jokers = []
    laid = []
    for pos, ((gi, glyph, _l), card) in enumerate(zip(steps, ids, strict=True)):
        face = groups[gi].face
        letter = letters[pos]
        if face in LETTERS_SET:
            cards.append((card, face, ""))
        elif face == DOUBLE:
            cards.append((card, glyph, ""))
            jokers.append((pos, letter))
        else:
            cards.append((card, face, letter))
            jokers.append((pos, letter))
        if groups[gi].origin == HAND:
            laid.append(card)
    kept = set(ids)
    removed = tuple(c for c in position.old if c not in kept)
    hand_jokers = _hand_jokers(position, steps, ids)
    names = names_of.names(position.old, ids, hand_jokers, value, position.weight)
    waiting = steps[-1][1] == AFTER
    return GeneratedShot(
        action=Shot(tuple(cards)),
        letters=letters,
        value=value,
        names=names,
        jokers=tuple(jokers),
        laid=tuple(laid),
        removed=removed,
        complete=not waiting and bool(lexicon.is_word(letters)),
    )


def _order(shot: GeneratedShot) -> tuple[Any, ...]:
    """The canonical order: most valuable first, then alphabetical, then the cards."""
    return (-shot.value, shot.letters, tuple((g, s) for _c, g, s in shot.action.cards), shot.laid)


# -- the API ------------------------------------------------------------------------------


def all_shots(
    view: dict[str, Any], lexicon: Any, *, limit: int | None = None
) -> list[GeneratedShot]:
    """Every legal, truthful serve or return for the seat of ``view`` (worth at least
    the weight), one per distinct shot, most valuable first. With ``limit`` the walk
    stops after that many: those are the first found, not the best."""
    position = _position(view)
    if position is None:
        return []
    walk = _Walk(position, lexicon)
    found = walk.run(limit)
    out = [_build(position, f, lexicon) for f in found]
    out.sort(key=_order)
    return out


def best_shot(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The most valuable legal shot (ties: canonical order), or None."""
    shots = all_shots(view, lexicon)
    return shots[0] if shots else None


def _worths(view: dict[str, Any], position: _Position) -> dict[int, int]:
    """What each hand card is worth when keeping cards: its value, a joker more than any
    letter."""
    return {
        c: (position.joker_worth if g.face not in LETTERS_SET else g.value)
        for g in position.groups
        if g.origin == HAND
        for c in g.ids
    }


def cheapest_return(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The legal shot that gives away the least hand worth (a joker counts as worth more
    than any letter); ties: the most valuable, then canonical order."""
    position = _position(view)
    if position is None:
        return None
    shots = all_shots(view, lexicon)
    if not shots:
        return None
    worth = _worths(view, position)
    return min(shots, key=lambda s: (sum(worth[c] for c in s.laid), _order(s)))


def keeping_best(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The legal shot that keeps the most valuable hand cards (jokers first, then by
    value: the kept cards compared from the best down); ties: the most valuable shot."""
    position = _position(view)
    if position is None:
        return None
    shots = all_shots(view, lexicon)
    if not shots:
        return None
    worth = _worths(view, position)
    levels = sorted(set(worth.values()), reverse=True)

    def lost(shot: GeneratedShot) -> tuple[int, ...]:
        """Hand cards laid per worth, the best first: fewer laid at the top is better."""
        laid = [worth[c] for c in shot.laid]
        return tuple(laid.count(level) for level in levels)

    return min(shots, key=lambda s: (lost(s), _order(s)))


def hints(view_before_shot: dict[str, Any], lexicon: Any, *, top: int = 3) -> list[GeneratedShot]:
    """ "What could I have played": the ``top`` most valuable shots of the position, one
    per word (the same letters laid another way are not shown twice)."""
    out: list[GeneratedShot] = []
    seen: set[str] = set()
    for shot in all_shots(view_before_shot, lexicon):
        if shot.letters in seen:
            continue
        seen.add(shot.letters)
        out.append(shot)
        if len(out) >= top:
            break
    return out


__all__ = [
    "GeneratedShot",
    "all_shots",
    "best_shot",
    "cheapest_return",
    "hints",
    "keeping_best",
]
