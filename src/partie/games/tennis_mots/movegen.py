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
  far plus the values of that many of the best cards left; and no word going on from
  the start may be worth enough (a table per node of the starts automaton).

``all_shots`` and ``best_shot`` run that walk compiled (``walk.py``, over the starts
automaton's arrays) and list the shots it finds with their value, names, letters and
jokers; the card ids of a shot (``action``, ``laid``, ``removed``) are worked out when
first asked. The other queries, and lexicons without the automaton, use the same walk
in Python (``_Search``).

Which shots are legal is the engine's decision; this module agrees with
``state.legal_actions(seat)`` (tested against a brute force filtered by the engine). It
lists only truthful shots (valid words), never bluffs. See ``docs/movegen.md``.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, permutations, product, repeat
from operator import itemgetter
from typing import Any

import numpy as np

from partie.games.tennis_mots import shots as names_of
from partie.games.tennis_mots import walk as walk_codes
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
_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
TABLE, HAND = 0, 1
_VOWELS = "".join(sorted(VOWELS))
_CONSONANTS = "".join(c for c in LETTERS if c not in VOWELS)


_FIELDS = ("action", "letters", "value", "names", "jokers", "laid", "removed", "complete")


class GeneratedShot(tuple):  # type: ignore[type-arg]
    """One legal shot, ready to play: ``state.apply(seat, shot.action)``.

    Immutable, compared field by field. ``letters``, ``value``, ``names``, ``jokers``
    and ``complete`` are known when the shot is listed; the card ids (``action``,
    ``laid``, ``removed``) are worked out on first use (a generator lists many shots, a
    player plays one). A tuple underneath, only because that is the cheapest object
    to make by the hundred thousand."""

    __slots__ = ()

    def __new__(
        cls,
        action: Any,
        letters: str,
        value: int,
        names: tuple[str, ...],
        jokers: tuple[tuple[int, str], ...],
        laid: tuple[int, ...],
        removed: tuple[int, ...],
        complete: bool,
    ) -> GeneratedShot:
        return tuple.__new__(
            cls, (letters, value, names, jokers, complete, None, (action, laid, removed), 0)
        )

    letters: str = property(itemgetter(0))  # type: ignore[assignment]
    """How the new table reads, jokers resolved."""
    value: int = property(itemgetter(1))  # type: ignore[assignment]
    """The value of the new table."""
    names: tuple[str, ...] = property(itemgetter(2))  # type: ignore[assignment]
    """Shot names as the engine gives them (shape, then AMORTI and/or LIGNE)."""
    jokers: tuple[tuple[int, str], ...] = property(itemgetter(3))  # type: ignore[assignment]
    """``(position, letter)`` of each joker on the new table, left to right."""
    complete: bool = property(itemgetter(4))  # type: ignore[assignment]
    """The new table is a complete word, not only the start of one."""

    def _ids(self) -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
        maker = self[5]
        if maker is None:  # made whole
            return self[6]  # type: ignore[no-any-return]
        return maker.make(self[6], self[7])  # type: ignore[no-any-return]

    @property
    def action(self) -> Any:
        """The engine action (``rules.Shot``): the whole new table, joker letters
        stated."""
        return self._ids()[0]

    @property
    def laid(self) -> tuple[int, ...]:
        """Ids of the hand cards laid."""
        return self._ids()[1]

    @property
    def removed(self) -> tuple[int, ...]:
        """Ids of the table cards sent to the pot."""
        return self._ids()[2]

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GeneratedShot):
            return NotImplemented
        return self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, GeneratedShot):
            return NotImplemented
        return self._fields() != other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS)
        return f"GeneratedShot({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (GeneratedShot, self._fields())

    def text(self) -> str:
        """How a player reads it: ``JEU[★X]`` (a joker shows its letter)."""
        out = []
        for (_c, glyph, _stated), letter in zip(self.action.cards, self.letters, strict=True):
            out.append(glyph if glyph in LETTERS_SET else f"[{glyph}{letter}]")
        return "".join(out)


_new_tuple = tuple.__new__


# -- the position, from a view ----------------------------------------------------------


@dataclass(slots=True)
class _Group:
    """Identical cards (same face and value): laying one or another is the same shot.
    ``table`` and ``hand`` hold their ids by origin, ascending; ``cost`` is what laying
    one costs in the searches that count hand cards (0 when unused)."""

    face: str  # a letter, ★ ■ ●, or ◀ for the double card
    value: int
    table: list[int]
    hand: list[int]
    cost: int = 0


@dataclass(slots=True)
class _Position:
    weight: int
    old: list[int]  # table ids, left to right
    at: dict[int, int]  # table id -> its place on the table
    table: list[tuple[int, str, int]]  # (id, face, value) of the table cards
    hand: list[tuple[int, str, int]]  # (id, face, value) of the hand cards
    joker_worth: int  # a joker counts as worth this much when keeping cards
    deck: dict[str, int]  # the value of each face in the deck


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
    table = [] if phase == "serve" else view["table"]
    values = view.get("deck_values") or {}
    top = max([v for f, v in values.items() if f in LETTERS_SET] or [0])
    top = max([top, *(c["value"] for c in hand), *(c["value"] for c in table)])
    old = [card["id"] for card in table]
    return _Position(
        weight=view["weight"],
        old=old,
        at={c: i for i, c in enumerate(old)},
        table=[(c["id"], _face_of_glyph(c["glyph"]), c["value"]) for c in table],
        hand=[(c["id"], c["face"], c["value"]) for c in hand],
        joker_worth=top + 1,
        deck=dict(values),
    )


def _groups(position: _Position, costs: dict[int, int] | None = None) -> list[_Group]:
    """Cards grouped by face and value. Without ``costs`` a group mixes table and hand
    cards (the walk does not care where a letter comes from; the shots found are then
    expanded by origin); with ``costs`` (per hand card id) each group has one origin."""
    keyed: dict[tuple[Any, ...], _Group] = {}
    for origin, cards in ((TABLE, position.table), (HAND, position.hand)):
        for card, face, value in cards:
            key = (face, value) if costs is None else (face, value, origin)
            group = keyed.get(key)
            if group is None:
                cost = 0 if costs is None or origin == TABLE else costs[card]
                group = keyed[key] = _Group(face, value, [], [], cost)
            (group.table if origin == TABLE else group.hand).append(card)
    groups = sorted(keyed.values(), key=lambda g: (g.face, g.value, not g.table))
    for g in groups:
        g.table.sort()
        g.hand.sort()
    return groups


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

Path = tuple[tuple[int, str], ...]
"""The cards of a found shot: ``(group index, glyph)``, glyph ``""`` but for doubles."""
Emit = Callable[[list[tuple[int, str]], str, int, int], None]
"""Called with each shot found: the path (a list the walk reuses), letters, value, cost."""
_NEVER = 1 << 60


class _Search:
    """Depth-first search over the starts table laying one grouped card per letter.

    ``floor`` is the value a shot must reach (the weight; a best-first search raises
    it), ``cap`` the cost a shot may not exceed (a cheapest-first search lowers it):
    both cut branches, and ``emit`` may change them as shots are found."""

    def __init__(self, groups: list[_Group], weight: int, lexicon: Any) -> None:
        self.groups = groups
        self.get, self.root = _starts_lookup(lexicon)
        self.floor = weight
        self.cap = _NEVER
        self.stop = False
        providers: dict[str, list[int]] = {letter: [] for letter in LETTERS}
        self.doubles: list[int] = []
        for gi, g in enumerate(groups):  # letter cards before jokers
            if g.face in LETTERS_SET:
                providers[g.face].append(gi)
        for gi, g in enumerate(groups):
            domain = {ANY: LETTERS, CONSONANT: _CONSONANTS, VOWEL: _VOWELS}.get(g.face, "")
            for letter in domain:
                providers[letter].append(gi)
            if g.face == DOUBLE:
                self.doubles.append(gi)
        self.providers = {letter: tuple(gis) for letter, gis in providers.items() if gis}
        self.richest_first = False
        """Try the most valuable letters first (best-first searches find their bar
        sooner)."""

    def run(self, emit: Emit) -> None:
        """Walk every start the cards can spell, calling ``emit`` for each shot."""
        groups = self.groups
        counts = [len(g.table) + len(g.hand) for g in groups]
        values = [g.value for g in groups]
        costs = [g.cost for g in groups]
        every = sorted(g.value for g in groups for _ in range(len(g.table) + len(g.hand)))
        best = [0]  # best[d]: the most d cards can add
        for v in reversed(every):
            best.append(best[-1] + v)
        get = self.get
        providers = self.providers
        doubles = self.doubles
        spelled: dict[int, tuple[tuple[str, tuple[int, ...]], ...]] = {}
        path: list[tuple[int, str]] = []
        me = self
        richest_first = self.richest_first
        top_value = max(values, default=0)
        hist = [0] * (top_value + 1)  # remaining cards by value
        for gi, v in enumerate(values):
            hist[v] += counts[gi]
        levels = range(top_value, -1, -1)

        def reachable(value: int, d: int) -> int:
            """The most ``d`` of the remaining cards add to ``value`` (exact)."""
            for v in levels:
                c = hist[v]
                if c >= d:
                    return value + v * d
                value += v * c
                d -= c
            return value

        def letters_of(mask: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
            found = spelled.get(mask)
            if found is None:
                found = tuple(
                    (letter, providers[letter])
                    for letter, bit in _BITS.items()
                    if mask & bit and letter in providers
                )
                if richest_first:
                    found = tuple(sorted(found, key=lambda lp: -max(values[gi] for gi in lp[1])))
                spelled[mask] = found
            return found

        def visit(prefix: str, sval: int, value: int, cost: int, left: int) -> None:
            """Lay one more card after ``prefix`` (no ▶ waiting)."""
            depth = sval >> _DEPTH_SHIFT
            d = depth if depth < left else left
            if value + best[d] < me.floor or reachable(value, d) < me.floor:
                return
            for letter, gis in letters_of(sval & _MASK):
                word = prefix + letter
                child = -1
                for gi in gis:
                    if not counts[gi]:
                        continue
                    c = cost + costs[gi]
                    if c > me.cap:
                        continue
                    if child == -1:
                        child = get(word)
                    counts[gi] -= 1
                    v = values[gi]
                    hist[v] -= 1
                    path.append((gi, ""))
                    v += value
                    if v >= me.floor:
                        emit(path, word, v, c)
                    if left > 1:
                        visit(word, child, v, c, left - 1)
                    path.pop()
                    counts[gi] += 1
                    hist[values[gi]] += 1
                    if me.stop:
                        return
            for gi in doubles:
                if not counts[gi]:
                    continue
                c = cost + costs[gi]
                if c > me.cap:
                    continue
                counts[gi] -= 1
                hist[values[gi]] -= 1
                v = value + values[gi]
                if prefix and sval & _BITS[prefix[-1]]:
                    word = prefix + prefix[-1]
                    path.append((gi, BEFORE))
                    if v >= me.floor:
                        emit(path, word, v, c)
                    if left > 1:
                        visit(word, get(word), v, c, left - 1)
                    path.pop()
                path.append((gi, AFTER))
                after(prefix, sval, v, c, left - 1, 1)
                path.pop()
                counts[gi] += 1
                hist[values[gi]] += 1
                if me.stop:
                    return

        def after(prefix: str, sval: int, value: int, cost: int, left: int, waiting: int) -> None:
            """``waiting`` ▶ were laid after ``prefix``: they show the next card's letter."""
            mask = sval & _MASK
            if value >= me.floor and prefix:
                # Last, a ▶ stands for the card still to come: the first letter that works.
                for letter, bit in _BITS.items():
                    if mask & bit and get(prefix + letter * (waiting + 1)) is not None:
                        emit(path, prefix + letter * waiting, value, cost)
                        break
                if me.stop:
                    return
            if left == 0:
                return
            depth = sval >> _DEPTH_SHIFT
            d = depth if depth < left else left
            if value + best[d] < me.floor or reachable(value, d) < me.floor:
                return
            for letter, gis in letters_of(mask):
                word = prefix + letter * (waiting + 1)
                child = -1
                for gi in gis:
                    if not counts[gi]:
                        continue
                    c = cost + costs[gi]
                    if c > me.cap:
                        continue
                    if child == -1:
                        child = get(word)
                        if child is None:
                            break
                    counts[gi] -= 1
                    v = values[gi]
                    hist[v] -= 1
                    path.append((gi, ""))
                    v += value
                    if v >= me.floor:
                        emit(path, word, v, c)
                    if left > 1:
                        visit(word, child, v, c, left - 1)
                    path.pop()
                    counts[gi] += 1
                    hist[values[gi]] += 1
                    if me.stop:
                        return
            for gi in doubles:
                if not counts[gi]:
                    continue
                c = cost + costs[gi]
                if c > me.cap:
                    continue
                counts[gi] -= 1
                hist[values[gi]] -= 1
                path.append((gi, AFTER))
                after(prefix, sval, value + values[gi], c, left - 1, waiting + 1)
                path.pop()
                counts[gi] += 1
                hist[values[gi]] += 1
                if me.stop:
                    return

        visit("", self.root, 0, 0, len(every))


_GLYPHS = ("", AFTER, BEFORE)  # by the glyph codes of the compiled walk
_NO_LIMIT = 1 << 62
_NO_UNITS = np.zeros(0, dtype=np.uint32)


def _compiled(
    groups: list[_Group],
    floor: int,
    lexicon: Any,
    *,
    best: bool = False,
    limit: int | None = None,
    deck_values: dict[str, int] | None = None,
) -> Any:
    """The shots of :class:`_Search` (``best``: as ``best_shot`` runs it), found by the
    compiled walk over the lexicon's starts automaton, as rows ``[value, length,
    card, ...]`` (see ``walk``) in the canonical order; None without an automaton."""
    automaton = getattr(lexicon, "automaton", None)
    if automaton is None or getattr(lexicon, "_starts", None) is None:
        return None
    walk = walk_codes
    nodes = automaton()
    counts = np.array([len(g.table) + len(g.hand) for g in groups], dtype=np.int64)
    values = np.array([g.value for g in groups], dtype=np.int64)
    providers: list[list[int]] = [[] for _ in LETTERS]
    doubles = []
    for gi, g in enumerate(groups):  # letter cards before jokers
        if g.face in LETTERS_SET:
            providers[_INDEX[g.face]].append(gi)
    for gi, g in enumerate(groups):
        domain = {ANY: LETTERS, CONSONANT: _CONSONANTS, VOWEL: _VOWELS}.get(g.face, "")
        for letter in domain:
            providers[_INDEX[letter]].append(gi)
        if g.face == DOUBLE:
            doubles.append(gi)
    prov_start = np.zeros(27, dtype=np.int64)
    flat: list[int] = []
    for li, gis in enumerate(providers):
        flat.extend(gis)
        prov_start[li + 1] = len(flat)
    order = list(range(26))
    if best:  # the most valuable letters first: the floor rises sooner
        order.sort(
            key=lambda li: -max(
                (g.value for g in map(groups.__getitem__, providers[li])), default=-1
            )
        )
    # What a letter may be worth on any card of the deck or of the position: the
    # bound of the words going on from each node (computed once per deck).
    worth = [0] * 26
    for gi, g in enumerate(groups):
        for li, gis in enumerate(providers):
            if gi in gis or g.face == DOUBLE:
                worth[li] = max(worth[li], g.value)
    deck = deck_values or {}
    jokers_worth = max([v for f, v in deck.items() if f not in LETTERS_SET] or [0])
    for li, letter in enumerate(LETTERS):
        worth[li] = max(worth[li], deck.get(letter, 0), jokers_worth)
    key = ("completion_values", tuple(worth))
    best_after = nodes.derived.get(key)
    if best_after is None:
        best_after = nodes.derived[key] = walk.completion_values(
            nodes.units, nodes.root_value, np.array(worth, dtype=np.int64)
        )
    chunks, found, _steps = walk.walk(
        nodes.units,
        best_after,
        nodes.root_value,
        counts,
        values,
        prov_start,
        np.array(flat, dtype=np.int64),
        np.array(doubles, dtype=np.int64),
        np.array(order, dtype=np.int64),
        floor,
        best,
        _NO_LIMIT if limit is None else limit,
    )
    if not found:
        return np.zeros((0, 2), dtype=np.int64)
    blocks = [chunks[k] for k in range((found + walk.CHUNK - 1) // walk.CHUNK)]
    rows = np.concatenate(blocks)[:found] if len(blocks) > 1 else blocks[0][:found]
    return _canonical_rows(rows, len(groups))


def _canonical_rows(rows: Any, groups: int) -> Any:
    """The compiled walk's rows in the canonical order of their shots: most valuable
    first, then letters (alphabetical, a start before its continuations), then group
    and glyph position by position (``walk.canonical_keys``; ``groups``: how many
    groups the cards make)."""
    if rows.shape[0] <= 1 or rows[:, 0].max() >= 0xFFFF or 4 * groups >= 255:
        return _canonical_rows_bytes(rows)
    keys = walk_codes.canonical_keys(rows)
    order = np.argsort(keys[:, 0], kind="stable")
    if keys.shape[1] > 1:
        walk_codes.settle_ties(keys, order)
    return rows[order]


def _canonical_rows_bytes(rows: Any) -> Any:
    """``_canonical_rows`` as byte strings, whose order is that one (any values)."""
    n, width = rows.shape
    size = width - 2
    lengths = rows[:, 1]
    cards = rows[:, 2:]
    used = np.arange(size)[None, :] < lengths[:, None]
    key = np.zeros((n, 2 + 2 * size), dtype=np.uint8)
    top = 0xFFFF - rows[:, 0]
    key[:, 0] = top >> 8
    key[:, 1] = top & 0xFF
    key[:, 2 : 2 + size] = np.where(used, (cards & 31) + 1, 0)
    key[:, 2 + size :] = np.where(used, (cards >> 5) + 1, 0)
    # Big-endian 64-bit words of the key compare like its bytes: sort on them.
    pad = (-key.shape[1]) % 8
    if pad:
        key = np.concatenate([key, np.zeros((n, pad), dtype=np.uint8)], axis=1)
    words = key.view(">u8").astype(np.uint64)
    order = np.lexsort(words.T[::-1])
    return rows[order]


# -- from a found path to shots ------------------------------------------------------------


_SHAPES = {
    walk_codes.SERVICE: names_of.SERVICE,
    walk_codes.LOB: names_of.LOB,
    walk_codes.REVERS_LIFTE: names_of.REVERS_LIFTE,
    walk_codes.COUP_DROIT: names_of.COUP_DROIT,
    walk_codes.REVERS: names_of.REVERS,
    walk_codes.COUP_DROIT_LIFTE: names_of.COUP_DROIT_LIFTE,
    walk_codes.SMASH: names_of.SMASH,
}


def _names(shape: str, value: int, weight: int) -> tuple[str, ...]:
    if value == weight:
        if value >= names_of.LIGNE_POINTS:
            return (shape, names_of.AMORTI, names_of.LIGNE)
        return (shape, names_of.AMORTI)
    if value >= names_of.LIGNE_POINTS:
        return (shape, names_of.LIGNE)
    return (shape,)


def _origins(groups: list[_Group], path: Path) -> list[tuple[int, ...]]:
    """Every way to say which cards of a found path come from the table (``TABLE``) or
    the hand (``HAND``), given how many of each face each side holds; in order."""
    shared: dict[int, list[int]] = {}
    fixed = []
    for pos, (gi, _glyph) in enumerate(path):
        g = groups[gi]
        if g.table and g.hand:
            shared.setdefault(gi, []).append(pos)
            fixed.append(-1)
        else:
            fixed.append(TABLE if g.table else HAND)
    if not shared:
        return [tuple(fixed)]
    per_group = []
    for gi, where in shared.items():
        g = groups[gi]
        k = len(where)
        ways = []
        for on_table in range(max(0, k - len(g.hand)), min(k, len(g.table)) + 1):
            for chosen in combinations(where, on_table):
                ways.append([(pos, TABLE if pos in chosen else HAND) for pos in where])
        per_group.append(ways)
    out = []
    for choice in product(*per_group):
        origin = list(fixed)
        for ways in choice:
            for pos, side in ways:
                origin[pos] = side
        out.append(tuple(origin))
    out.sort()
    return out


def _gatherer(at: list[int]) -> Callable[[list[Any]], Any]:
    """``items -> [items[k] for k in at]``, as a sequence, in C."""
    if len(at) == 1:
        k = at[0]
        return lambda items: (items[k],)
    return itemgetter(*at)


class _Builder:
    """Turns found paths into shots, with the position's data computed once."""

    def __init__(
        self, position: _Position, groups: list[_Group], lexicon: Any, *, merged: bool = True
    ) -> None:
        self.merged = merged
        """Groups mix table and hand cards (``_groups`` without costs)."""
        self.position = position
        self.groups = groups
        self.is_word = lexicon.is_word
        self.weight = position.weight
        self.old = position.old
        self.at = position.at
        self.old_faces = [face for _c, face, _v in position.table]
        # 0: a letter card, 1: ★ ■ ●, 2: the double card
        self.kind = [0 if g.face in LETTERS_SET else 2 if g.face == DOUBLE else 1 for g in groups]
        # A letter card as the action lays it, made once.
        self.plain = {
            c: (c, g.face, "") for g in groups if g.face in LETTERS_SET for c in g.table + g.hand
        }
        self.sides = [HAND if g.hand else TABLE for g in groups]
        self.slots = 2 * len(groups)  # cards taken: [2 gi] from the table, [2 gi + 1] the hand
        word_units = getattr(lexicon, "word_units", None)
        self.word_units = word_units() if word_units is not None else None
        """The words table for compiled code (``Lexicon.word_units``), or None."""
        width = sum(len(g.table) + len(g.hand) for g in groups)
        self.pairs = [[(p, letter) for letter in LETTERS] for p in range(width)]
        """``(position, letter)`` of a joker, made once."""

    def shots(self, found: list[tuple[Path, str, int]]) -> list[GeneratedShot]:
        """Every shot of ``found``, expanded by origin, in the canonical order: most
        valuable first, then alphabetical, then by faces and glyphs position by
        position, then by origins (the table first)."""
        groups = self.groups
        build = self.build
        if self.merged:
            # Groups are sorted by face and value: comparing group indices is comparing
            # faces, and the paths are already tuples. A path whose groups all hold
            # cards of one side has one origin, read from its groups (``()``).
            shared = [bool(g.table and g.hand) for g in groups]
            items = []
            for path, letters, value in found:
                for gi, _glyph in path:
                    if shared[gi]:
                        for origin in _origins(groups, path):
                            items.append((-value, letters, path, origin))
                        break
                else:
                    items.append((-value, letters, path, ()))
            items.sort()
            return [build(path, letters, -value, origin) for value, letters, path, origin in items]
        # One origin per group (cost searches): compare faces, glyphs, then origins.
        keyed = []
        for path, letters, value in found:
            origin = _origins(groups, path)[0]
            faces = tuple((groups[gi].face, groups[gi].value, glyph) for gi, glyph in path)
            keyed.append(((-value, letters, faces, origin), path, letters, value, origin))
        keyed.sort(key=lambda item: item[0])
        return [build(path, letters, value, origin) for _k, path, letters, value, origin in keyed]

    def listed(self, rows: Any) -> list[GeneratedShot]:
        """See ``_listed``; with the cyclic garbage collector paused: the shots are
        many small new objects, none of them garbage, and each automatic collection
        would scan them all again."""
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._listed(rows)
        finally:
            if paused:
                gc.enable()

    def listing_args(self, rows: Any) -> tuple[Any, ...]:
        """The arguments of ``walk.listing`` but the last two: the rows, then the
        groups and the old table as arrays."""
        groups = self.groups
        kind = np.array(self.kind, dtype=np.int64)
        shared = np.array([int(bool(g.table and g.hand)) for g in groups], dtype=np.int64)
        side = np.array(self.sides, dtype=np.int64)
        tcount = np.array([len(g.table) for g in groups], dtype=np.int64)
        hcount = np.array([len(g.hand) for g in groups], dtype=np.int64)
        face_ids: dict[str, int] = {}
        faces = [face_ids.setdefault(g.face, len(face_ids)) for g in groups]
        group_of = {c: gi for gi, g in enumerate(groups) for c in g.table}
        old_seq = np.array([group_of[c] for c in self.old], dtype=np.int64)
        faces_arr = np.array(faces, dtype=np.int64)
        return (rows, kind, shared, side, tcount, hcount, faces_arr, old_seq)

    def _listed(self, rows: Any) -> list[GeneratedShot]:
        """The shots of the compiled walk's rows (already in the canonical order),
        each expanded by origin (in order: the table first). Values, names, letters,
        jokers are worked out now (names by ``walk.listing``, which agrees with
        ``build``: tested); card ids when first asked (``make``)."""
        n = len(rows)
        if not n:
            return []
        args = self.listing_args(rows)
        kind = args[1]
        empty = np.zeros((0, 3), dtype=np.int64)
        total = walk_codes.listing(*args, False, empty)
        listing = np.empty((total, 3), dtype=np.int64)  # every entry written
        walk_codes.listing(*args, True, listing)
        # Per row, in one compiled pass: letters, a ▶ last, jokers, whole word.
        size = rows.shape[1] - 2
        text = np.empty(int(rows[:, 1].sum()) + n, dtype=np.uint8)
        pending = np.empty(n, dtype=np.bool_)
        keys = np.empty(n, dtype=np.int64)
        whole = np.empty(n, dtype=np.bool_)
        units = self.word_units
        walk_codes.row_fields(
            rows, kind, _NO_UNITS if units is None else units, text, pending, keys, whole
        )
        words = text.tobytes().decode("ascii").split("\n")
        weight = self.weight
        top = int(rows[:, 0].max())
        # names[shape * (top + 1) + value]; None for UNUSUAL: built whole below.
        names: list[Any] = [None] * ((walk_codes.UNUSUAL + 1) * (top + 1))
        for code, shape in _SHAPES.items():
            names[code * (top + 1) : (code + 1) * (top + 1)] = [
                _names(shape, value, weight) for value in range(top + 1)
            ]
        self.rows = rows
        self.made: dict[tuple[int, int], tuple[Any, tuple[int, ...], tuple[int, ...]]] = {}
        which = listing[:, 0]
        at = which.tolist()
        values = rows[which, 0]
        name_at = (listing[:, 2] * (top + 1) + values).tolist()
        # Gathered per shot in C loops (itemgetter, zip, map): no bytecode per shot.
        gather = _gatherer(at)
        jokers = self._jokers(
            words, keys, size, int(kind.astype(bool) @ (args[4] + args[5])), which, gather
        )
        if units is not None:
            complete: Any = whole[which].tolist()
        else:
            is_word = self.is_word
            known = {w: is_word(w) for w in set(words)}
            per_row = list(map(known.__getitem__, words))
            for k in np.flatnonzero(pending).tolist():
                per_row[k] = False  # a last ▶ stands for a card still to come
            complete = gather(per_row)
        fields = zip(
            gather(words),
            values.tolist(),
            _gatherer(name_at)(names),
            jokers,
            complete,
            repeat(self, total),
            at,
            listing[:, 1].tolist(),
            strict=True,
        )
        out = list(map(_new_tuple, repeat(GeneratedShot, total), fields))
        if (listing[:, 2] == walk_codes.UNUSUAL).any():
            for k in np.flatnonzero(listing[:, 2] == walk_codes.UNUSUAL).tolist():
                out[k] = self.make_whole(int(listing[k, 0]), int(listing[k, 1]))
        return out

    def _jokers(
        self,
        words: list[str],
        keys: Any,
        size: int,
        most: int,
        which: Any,
        gather: Callable[[list[Any]], Any],
    ) -> Any:
        """``(position, letter)`` of each joker of each shot (of rows ``which``), one
        tuple per distinct set of jokers, from the keys of ``walk.row_fields``
        (``most``: how many jokers a row may hold)."""
        if most == 0:
            return [()] * len(which)
        if size + 5 * most <= 62:  # the keys hold the letters too
            distinct, inverse = np.unique(keys, return_inverse=True)
            pairs = self.pairs
            every = (1 << size) - 1
            spots: dict[int, list[tuple[int, int]]] = {}  # positions -> (position, shift)
            made = []
            for key in distinct.tolist():
                where = spots.get(key & every)
                if where is None:
                    where = spots[key & every] = [
                        (p, size + 5 * i)
                        for i, p in enumerate([p for p in range(size) if key >> p & 1])
                    ]
                made.append(tuple([pairs[p][(key >> shift & 31) - 1] for p, shift in where]))
            return _gatherer(inverse.reshape(-1)[which].tolist())(made)
        # Too many jokers for one integer key: the positions, then the letters.
        spots_of: dict[int, tuple[int, ...]] = {0: ()}
        out: list[tuple[tuple[int, str], ...]] = []
        for letters, jm in zip(words, (keys & ((1 << size) - 1)).tolist(), strict=False):
            if not jm:
                out.append(())
                continue
            at = spots_of.get(jm)
            if at is None:
                at = spots_of[jm] = tuple(p for p in range(size) if jm >> p & 1)
            out.append(tuple([(p, letters[p]) for p in at]))
        return gather(out)

    def first(self, rows: Any) -> GeneratedShot | None:
        """The first shot of the rows (canonical order), built whole."""
        if not len(rows):
            return None
        self.rows = rows = rows[:1]
        total = walk_codes.listing(*self.listing_args(rows), False, np.zeros((0, 3), np.int64))
        listing = np.zeros((total, 3), dtype=np.int64)
        walk_codes.listing(*self.listing_args(rows), True, listing)
        return self.make_whole(0, int(listing[0, 1]))

    def make_whole(self, r: int, mask: int) -> GeneratedShot:
        """The shot of row ``r`` with the origins of ``mask``, built whole."""
        row = self.rows[r]
        cards = row[2 : 2 + row[1]].tolist()
        path = tuple([(c >> 7, _GLYPHS[(c >> 5) & 3]) for c in cards])
        letters = "".join([LETTERS[c & 31] for c in cards])
        groups = self.groups
        if any(groups[c >> 7].table and groups[c >> 7].hand for c in cards):
            origin = tuple(
                (HAND if mask >> pos & 1 else TABLE)
                if groups[c >> 7].table and groups[c >> 7].hand
                else self.sides[c >> 7]
                for pos, c in enumerate(cards)
            )
        else:
            origin = ()
        return self.build(path, letters, int(row[0]), origin)

    def make(self, r: int, mask: int) -> tuple[Any, tuple[int, ...], tuple[int, ...]]:
        """The card ids of a listed shot: ``action``, ``laid``, ``removed`` (worked out
        once)."""
        found = self.made.get((r, mask))
        if found is None:
            shot = self.make_whole(r, mask)
            found = self.made[r, mask] = (shot.action, shot.laid, shot.removed)
        return found

    def build(self, path: Path, letters: str, value: int, origin: tuple[int, ...]) -> GeneratedShot:
        """The shot of a found path with the given origins, with its canonical card
        ids: cards of a face in ascending id order on each side, unless another choice
        of identical table cards avoids REVERS LIFTÉ."""
        groups, kind, at = self.groups, self.kind, self.at
        plain, sides = self.plain, self.sides
        taken = [0] * self.slots
        ids = []
        cards = []
        jokers = []
        laid = []
        hand_jokers: set[int] = set()
        repeated = False
        in_order = True
        places = []  # positions of the table cards in the new table
        for pos, (gi, glyph) in enumerate(path):
            g = groups[gi]
            if (origin[pos] if origin else sides[gi]) == TABLE:
                slot = gi + gi
                k = taken[slot]
                taken[slot] = k + 1
                card = g.table[k]
                if len(g.table) > 1:
                    repeated = True
                if at[card] != len(places):
                    in_order = False
                places.append(pos)
            else:
                slot = gi + gi + 1
                k = taken[slot]
                taken[slot] = k + 1
                card = g.hand[k]
                laid.append(card)
                if kind[gi]:
                    hand_jokers.add(card)
            ids.append(card)
            what = kind[gi]
            if what == 0:
                cards.append(plain[card])
            elif what == 1:
                jokers.append((pos, letters[pos]))
                cards.append((card, g.face, letters[pos]))
            else:
                jokers.append((pos, letters[pos]))
                cards.append((card, glyph, ""))
        shape = self.shape(ids, places, in_order, hand_jokers)
        if repeated and shape == names_of.REVERS_LIFTE:
            better = self.other_table_cards(path, origin, ids, places, hand_jokers)
            if better is not None:
                ids = better
                cards = [(c, g, s) for c, (_c, g, s) in zip(ids, cards, strict=True)]
                at = self.at
                places = [i for i, c in enumerate(ids) if c in at]
                in_order = all(at[ids[p]] == k for k, p in enumerate(places))
                shape = self.shape(ids, places, in_order, hand_jokers)
        old = self.old
        if len(places) == len(old):
            removed: tuple[int, ...] = ()
        else:
            kept = set(ids)
            removed = tuple(c for c in old if c not in kept)
        return GeneratedShot(
            Shot(tuple(cards)),
            letters,
            value,
            _names(shape, value, self.weight),
            tuple(jokers),
            tuple(laid),
            removed,
            path[-1][1] != AFTER and self.is_word(letters),
        )

    def shape(
        self, ids: list[int], places: list[int], in_order: bool, hand_jokers: set[int]
    ) -> str:
        """``shots.shape`` from what the build already knows (agrees with it: tested)."""
        old = self.old
        if not old:
            return names_of.SERVICE
        if not places:
            return names_of.LOB
        if len(places) < len(old):
            if hand_jokers and self.smash(ids, hand_jokers):
                return names_of.SMASH
            return names_of.REVERS_LIFTE
        if not in_order:
            return names_of.REVERS_LIFTE
        first, last = places[0], places[-1]
        contiguous = last - first + 1 == len(old)
        left = first > 0
        right = last < len(ids) - 1
        if contiguous and right and not left:
            return names_of.COUP_DROIT
        if contiguous and left and not right:
            return names_of.REVERS
        if not contiguous or (left and right):
            return names_of.COUP_DROIT_LIFTE
        return names_of.REVERS_LIFTE

    def smash(self, ids: list[int], hand_jokers: set[int]) -> bool:
        """A joker of the hand sits where a table card taken off sat: next to the same
        neighbour on one side (a word end counts)."""
        old = self.old
        kept = set(ids)
        gone = [j for j, c in enumerate(old) if c not in kept]
        last = len(ids) - 1
        for i, card in enumerate(ids):
            if card not in hand_jokers:
                continue
            before = ids[i - 1] if i > 0 else None
            after = ids[i + 1] if i < last else None
            for j in gone:
                if before == (old[j - 1] if j > 0 else None) or after == (
                    old[j + 1] if j + 1 < len(old) else None
                ):
                    return True
        return False

    def other_table_cards(
        self,
        path: Path,
        origin: tuple[int, ...],
        ids: list[int],
        places: list[int],
        hand_jokers: set[int],
    ) -> list[int] | None:
        """The smallest choice of identical table cards that avoids REVERS LIFTÉ, if any
        (only with a letter repeated on the table)."""
        old = self.old
        if len(places) == len(old):
            # Every table card kept: only the old order avoids REVERS LIFTÉ.
            faces = [self.groups[path[p][0]].face for p in places]
            if faces != self.old_faces:
                return None
            trial = list(ids)
            for p, card in zip(places, old, strict=True):
                trial[p] = card
            return trial
        if not hand_jokers:
            return None  # cards taken off and no SMASH possible: REVERS LIFTÉ anyway
        groups = self.groups
        slots: dict[int, list[int]] = {}
        for p in places:
            gi = path[p][0]
            if len(groups[gi].table) > 1:
                slots.setdefault(gi, []).append(p)
        options = [list(permutations(groups[gi].table, len(where))) for gi, where in slots.items()]
        best: list[int] | None = None
        for choice in product(*options):
            trial = list(ids)
            for where, chosen in zip(slots.values(), choice, strict=True):
                for p, card in zip(where, chosen, strict=True):
                    trial[p] = card
            if self.smash(trial, hand_jokers) and (best is None or trial < best):
                best = trial
        return best


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
    groups = _groups(position)
    rows = _compiled(groups, position.weight, lexicon, limit=limit, deck_values=position.deck)
    if rows is not None:
        out = _Builder(position, groups, lexicon).listed(rows)
        return out if limit is None else out[:limit]
    search = _Search(groups, position.weight, lexicon)
    found: list[tuple[Path, str, int]] = []

    def emit(path: list[tuple[int, str]], letters: str, value: int, _cost: int) -> None:
        found.append((tuple(path), letters, value))
        if limit is not None and len(found) >= limit:
            search.stop = True

    search.run(emit)
    out = _Builder(position, groups, lexicon).shots(found)
    return out if limit is None else out[:limit]


def best_shot(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The most valuable legal shot (ties: the canonical order of ``all_shots``)."""
    position = _position(view)
    if position is None:
        return None
    groups = _groups(position)
    rows = _compiled(groups, position.weight, lexicon, best=True, deck_values=position.deck)
    if rows is not None:
        return _Builder(position, groups, lexicon).first(rows)
    search = _Search(groups, position.weight, lexicon)
    search.richest_first = True
    found: list[tuple[Path, str, int]] = []
    top = [-1]

    def emit(path: list[tuple[int, str]], letters: str, value: int, _cost: int) -> None:
        if value > top[0]:
            top[0] = value
            found.clear()
            search.floor = value  # from now on only as good or better
        found.append((tuple(path), letters, value))

    search.run(emit)
    shots = _Builder(position, groups, lexicon).shots(found)
    return shots[0] if shots else None


def _worths(position: _Position) -> dict[int, int]:
    """What each hand card is worth when keeping cards: its value, a joker more than any
    letter."""
    return {
        c: (position.joker_worth if face not in LETTERS_SET else value)
        for c, face, value in position.hand
    }


def _cheapest(
    view: dict[str, Any], lexicon: Any, cost_of: Callable[[_Position], dict[int, int]]
) -> GeneratedShot | None:
    """The shot laying hand cards of the least total cost; ties: the most valuable,
    then the canonical order."""
    position = _position(view)
    if position is None:
        return None
    groups = _groups(position, cost_of(position))
    search = _Search(groups, position.weight, lexicon)
    found: list[tuple[Path, str, int]] = []

    def emit(path: list[tuple[int, str]], letters: str, value: int, cost: int) -> None:
        if cost < search.cap:
            search.cap = cost
            found.clear()
        found.append((tuple(path), letters, value))

    search.run(emit)
    if not found:
        return None
    top = max(value for _p, _l, value in found)
    shots = _Builder(position, groups, lexicon, merged=False).shots(
        [f for f in found if f[2] == top]
    )
    return shots[0]


def cheapest_return(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The legal shot that gives away the least hand worth (a card's value; a joker
    counts as worth more than any letter); ties: the most valuable, then canonical
    order."""
    return _cheapest(view, lexicon, _worths)


def _keeping_costs(position: _Position) -> dict[int, int]:
    """Costs whose sum orders shots by the hand cards they lay, the best cards first:
    with at most 7 cards a level, base 8 makes one card of a level cost more than all
    the cards of the levels below."""
    worth = _worths(position)
    levels = sorted(set(worth.values()))
    base = len(worth) + 1
    return {c: base ** levels.index(w) for c, w in worth.items()}


def keeping_best(view: dict[str, Any], lexicon: Any) -> GeneratedShot | None:
    """The legal shot that keeps the most valuable hand cards (jokers first, then by
    value: the kept cards compared from the best down); ties: the most valuable shot,
    then canonical order."""
    return _cheapest(view, lexicon, _keeping_costs)


def hints(
    view_before_shot: dict[str, Any], lexicon: Any, *, top: int = 3, seconds: float | None = None
) -> list[GeneratedShot]:
    """ "What could I have played": the ``top`` most valuable shots of the position, one
    per word (the same letters laid another way are not shown twice), in the canonical
    order. With ``seconds``, the search stops after that much wall clock and gives the
    best it found so far (a server answering strangers bounds each search)."""
    position = _position(view_before_shot)
    if position is None or top <= 0:
        return []
    groups = _groups(position)
    search = _Search(groups, position.weight, lexicon)
    search.richest_first = True
    found: list[tuple[Path, str, int]] = []
    best: dict[str, int] = {}  # letters -> best value found

    def emit(path: list[tuple[int, str]], letters: str, value: int, _cost: int) -> None:
        if best.get(letters, -1) > value:
            return
        best[letters] = value
        found.append((tuple(path), letters, value))
        if len(best) >= top:
            # Only shots as good as the top-th best word can still be shown.
            search.floor = max(search.floor, sorted(best.values(), reverse=True)[top - 1])

    timer = None
    if seconds is not None:
        timer = threading.Timer(seconds, setattr, (search, "stop", True))
        timer.daemon = True
        timer.start()
    try:
        search.run(emit)
    finally:
        if timer is not None:
            timer.cancel()
    floor = search.floor
    kept = [f for f in found if f[2] >= floor and f[2] == best[f[1]]]
    shots = _Builder(position, groups, lexicon).shots(kept)
    out: list[GeneratedShot] = []
    seen: set[str] = set()
    for shot in shots:
        if shot.letters not in seen:
            seen.add(shot.letters)
            out.append(shot)
    return out[:top]


__all__ = [
    "GeneratedShot",
    "all_shots",
    "best_shot",
    "cheapest_return",
    "hints",
    "keeping_best",
]
