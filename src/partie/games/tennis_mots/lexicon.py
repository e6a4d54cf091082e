"""The French lexicon of Tennis de mots: is a word, is the start of a word, with jokers.

Cards carry no accents, so every word is *folded* to the letters A-Z (é→E, ç→C, œ→OE,
æ→AE). A laid sequence is valid when some reading of its jokers is a French word or the
start of one, so the hot question is "is this a start of a word?". It is answered by one
lookup in a DAWG (a minimal automaton, under 1 MB, loaded in milliseconds) of every start
of every word, whose value also says which letters may come next: the joker walk never
tries a letter that leads nowhere.

The shipped list is built by ``scripts/build_lexicon.py`` from the Dicollecte French
dictionary (MPL-2.0, see ``data/LICENCE-lexicon.md``); a table may use its own list with
:meth:`Lexicon.from_file`.
"""

from __future__ import annotations

import array
import functools
import json
import os
import re
import struct
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import dawg
import numpy as np

from partie.core.errors import PartieError
from partie.core.files import read_bounded

# --- vocabulary ---------------------------------------------------------------------

JOKERS = {"★": "any", "■": "consonant", "●": "vowel", "◀": "same_as_before", "▶": "same_as_after"}
"""The joker cards, by the symbol shown on them."""

ASCII_JOKERS = {"*": "★", "#": "■", "@": "●", "<": "◀", ">": "▶"}
"""What people can type for each joker on a plain keyboard."""

ANY, CONSONANT, VOWEL, BEFORE, AFTER = "★", "■", "●", "◀", "▶"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = "AEIOU"
CONSONANTS = "".join(c for c in LETTERS if c not in VOWELS)  # Y is a consonant here
_DOMAINS = {ANY: LETTERS, CONSONANT: CONSONANTS, VOWEL: VOWELS}
_CARD_CHARS = frozenset(LETTERS) | frozenset(JOKERS)

DATA_FILE = "lexicon-fr.bin"
"""The shipped lexicon inside ``partie.games.tennis_mots.data``."""

_MAGIC = b"PARTIE-LEXICON 2\n"  # then length-prefixed parts, uncompressed: loads faster


MAX_LIST_BYTES = 64 * 1024 * 1024
"""The largest word list file read: ``/dev/zero`` or a huge file is refused, not read."""
MAX_WORD_LETTERS = 32
"""The longest word a list may hold: the starts table keeps a start's remaining depth
in the top bits of a 32-bit value (a 33-letter word overflowed it)."""


class BadLexicon(PartieError):
    """A word list that cannot be used (missing, unreadable, or with no usable word)."""

    code = "bad_lexicon"


class BadLetters(PartieError):
    """Typed text holding something that is neither a letter nor a joker."""

    code = "bad_letters"


@dataclass(frozen=True)
class Reading:
    """One way to read laid cards: the letters they stand for and what each joker is."""

    letters: str
    """The laid cards read as letters, e.g. ``"ATTELL"`` for ``ATTEL◀``."""
    jokers: tuple[tuple[int, str], ...]
    """``(position, letter)`` for each joker, left to right."""
    example: str
    """A complete word that starts with ``letters`` (``letters`` itself when complete)."""
    complete: bool
    """``letters`` is itself a complete word, not only the start of one."""


# --- folding ------------------------------------------------------------------------

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})
_DROPPED = str.maketrans("", "", "-'’")


def fold(text: str) -> str:
    """Text as the cards spell it: ``"Attelée"`` → ``"ATTELEE"``, ``"œuvre"`` → ``"OEUVRE"``.

    Accents and cedillas go, ligatures split, hyphens and apostrophes vanish, letters
    are upper case, and the ASCII joker forms become joker symbols (``"attel<"`` →
    ``"ATTEL◀"``). Other characters are kept, so callers can refuse them.
    """
    text = text.translate(_LIGATURES).translate(_DROPPED)
    if not text.isascii():
        text = "".join(
            c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)
        )
    text = text.upper()
    for typed, symbol in ASCII_JOKERS.items():
        text = text.replace(typed, symbol)
    return text


def parse_cards(text: str) -> str:
    """Fold what a person typed and check it holds only letters and jokers."""
    cards = "".join(fold(text).split())
    if not cards:
        raise BadLetters(
            "rien à vérifier : tapez des lettres A-Z ou des jokers ★ ■ ● ◀ ▶ (* # @ < >)",
            "nothing to check: type letters A-Z or jokers ★ ■ ● ◀ ▶ (* # @ < >)",
            text=text,
        )
    bad = sorted({c for c in cards if c not in _CARD_CHARS})
    if bad:
        shown = "".join(bad)
        raise BadLetters(
            f"« {text} » : seules les lettres A-Z et les jokers ★ ■ ● ◀ ▶ (* # @ < >) "
            f"sont permis, pas « {shown} »",
            f"{text!r}: only the letters A-Z and the jokers ★ ■ ● ◀ ▶ (* # @ < >) "
            f"are allowed, not {shown!r}",
            text=text,
        )
    return cards


_LEFT_OUT = re.compile(r"[-'’\s\d]")


def fold_entry(entry: str, *, keep_capitals: bool = False) -> str | None:
    """One line of a word list folded to A-Z, or None when the entry is left out.

    Left out: entries with hyphens, apostrophes, spaces, digits or other signs, and
    entries with a capital letter (proper nouns, acronyms) unless ``keep_capitals``
    (for lists written all in capitals).
    """
    if entry.isascii() and entry.isalpha():  # the common case, at C speed
        return entry.upper() if keep_capitals or entry.islower() else None
    if not keep_capitals and entry != entry.lower():
        return None
    if _LEFT_OUT.search(entry):
        return None
    word = fold(entry)
    if word.isascii() and word.isalpha() and word.isupper():
        return word
    return None


# --- the tables ---------------------------------------------------------------------

_MASK = (1 << 26) - 1
_DEPTH_SHIFT = 26
_BITS = {letter: 1 << i for i, letter in enumerate(LETTERS)}
_SPELLED_MASKS: dict[int, str] = {}  # next-letter masks already spelled out


def build_tables(words: Iterable[str]) -> tuple[dawg.CompletionDAWG, dawg.IntDAWG, int]:
    """The two tables of a lexicon from folded words, and how many starts there are.

    ``words`` holds the words. ``starts`` maps every start of a word to one number: bits
    0-25 say which letters may follow it (A = bit 0), bits 26-30 how many letters its
    longest completion adds. That number depends only on what can follow the start, so
    the DAWG still merges equal endings, and the joker walk and the example search need
    one lookup per step. Walks the sorted words once, like building a trie depth-first.
    """
    ordered = sorted({w for w in words if w})
    values: dict[str, int] = {}
    bits = _BITS
    # The chain of open starts of the current word, one entry per length.
    starts: list[str] = []
    masks: list[int] = []
    depths: list[int] = []
    previous = ""
    for word in [*ordered, ""]:  # the empty sentinel closes every start at the end
        common = 0
        limit = min(len(previous), len(word))
        while common < limit and previous[common] == word[common]:
            common += 1
        while len(starts) > common:  # close the starts this word leaves
            start, depth = starts.pop(), depths.pop()
            values[start] = masks.pop() | depth << _DEPTH_SHIFT
            if starts:
                masks[-1] |= bits[start[-1]]
                if depths[-1] <= depth:
                    depths[-1] = depth + 1
        for k in range(len(starts) + 1, len(word) + 1):
            starts.append(word[:k])
            masks.append(0)
            depths.append(0)
        previous = word
    return dawg.CompletionDAWG(ordered), dawg.IntDAWG(values.items()), len(values)


def write_data(path: Path, words: Iterable[str], meta: dict[str, object]) -> None:
    """Save a lexicon in the shipped format (``read_data`` is its inverse)."""
    unique = set(words)
    word_table, start_table, starts = build_tables(unique)
    header = json.dumps({**meta, "forms": len(unique), "starts": starts})
    parts = [header.encode("utf-8"), word_table.tobytes(), start_table.tobytes()]
    body = b"".join(struct.pack("<I", len(p)) + p for p in parts)
    path.write_bytes(_MAGIC + body)


def read_data(blob: bytes) -> tuple[dict[str, object], dawg.CompletionDAWG, dawg.IntDAWG]:
    """The header and two tables of a lexicon file written by :func:`write_data`."""
    if not blob.startswith(_MAGIC):
        raise ValueError("not a partie lexicon file")
    body = memoryview(blob)[len(_MAGIC) :]
    parts: list[bytes] = []
    at = 0
    while at < len(body):
        (size,) = struct.unpack_from("<I", body, at)
        parts.append(bytes(body[at + 4 : at + 4 + size]))
        at += 4 + size
    header, words_raw, starts_raw = parts
    meta = json.loads(header)
    return meta, dawg.CompletionDAWG().frombytes(words_raw), dawg.IntDAWG().frombytes(starts_raw)


class StartsAutomaton:
    """Node-level access to the starts table, for move generators.

    The starts table is a minimal automaton (a DAWG): word starts that can go on the
    same way (same letters next, same values all along) share a node. A node is an int
    (the root is 0, the empty start); :meth:`children` gives, for each letter that may
    follow, the child node and its value (the ``starts`` number: next letters in bits
    0-25, longest completion in bits 26-30). Two starts reaching the same node have the
    same futures, so a search may remember what it found below a node.

    Reads the table's serialised form (the double array of ``dawgdic``: a unit count,
    then one 32-bit unit per node slot), once per lexicon.
    """

    def __init__(self, starts: dawg.IntDAWG, root_value: int) -> None:
        raw = starts.tobytes()
        size = int.from_bytes(raw[:4], "little")
        units = array.array("I")
        units.frombytes(raw[4 : 4 + 4 * size])
        if units.itemsize != 4 or len(units) != size:
            raise ValueError("unexpected starts table layout")
        self._units = units.tolist()
        self.units = np.frombuffer(units, dtype=np.uint32).copy()
        """The double array itself, for compiled walks."""
        self.root = 0
        """The node of the empty start."""
        self.root_value = root_value
        """The starts number of the empty start."""
        self._children: dict[int, tuple[tuple[str, int, int, int], ...]] = {}
        self.derived: dict[object, object] = {}
        """Tables a search derives from the automaton, kept with it (by the search's
        own keys)."""

    def children(self, node: int, value: int) -> tuple[tuple[str, int, int, int], ...]:
        """``(letter, bit, child, child value)`` for each letter that may follow the
        start at ``node`` (whose starts number is ``value``), alphabetically."""
        found = self._children.get(node)
        if found is None:
            units = self._units
            out = []
            u = units[node]
            base = node ^ ((u >> 10) << ((u & 512) >> 6))
            for letter, bit in _BITS.items():
                if value & bit:
                    code = ord(letter)
                    child = base ^ code
                    cu = units[child]
                    if cu & 0x800000FF != code:  # the table disagrees with its own mask
                        raise ValueError(f"broken starts table at {letter}")
                    leaf = units[child ^ ((cu >> 10) << ((cu & 512) >> 6))]
                    out.append((letter, bit, child, leaf & 0x7FFFFFFF))
            found = self._children[node] = tuple(out)
        return found

    def follow(self, node: int, value: int, letter: str) -> tuple[int, int] | None:
        """The child of ``node`` by ``letter`` and its value, or None."""
        if not value & _BITS[letter]:
            return None
        for got, _bit, child, child_value in self.children(node, value):
            if got == letter:
                return child, child_value
        return None


# --- the lexicon --------------------------------------------------------------------


class Lexicon:
    """A French word list that answers "word?" and "start of a word?", jokers included."""

    _default: Lexicon | None = None
    _files: dict[tuple[str, int, int], Lexicon] = {}  # noqa: RUF012 - a cache, not a default
    _lock = threading.Lock()

    def __init__(
        self,
        words: dawg.CompletionDAWG,
        starts: dawg.IntDAWG,
        *,
        forms: int,
        source: str = "",
    ) -> None:
        self._words = words
        self._starts = starts
        self.forms = forms
        """How many distinct folded words the list holds."""
        self.source = source
        """Where the list comes from, for display."""
        root_mask, root_depth = 0, 0
        for letter, bit in _BITS.items():
            value = starts.get(letter)
            if value is not None:
                root_mask |= bit
                root_depth = max(root_depth, (value >> _DEPTH_SHIFT) + 1)
        # The value of the empty start: which letters begin a word, the longest word.
        self._root = root_mask | root_depth << _DEPTH_SHIFT
        self._origin: tuple[object, ...] = ("words",)  # how to rebuild it in another process
        self._example_of = functools.lru_cache(maxsize=1 << 16)(self._find_example)
        # Bound C methods, not Python ones: the move generator calls these in tight loops.
        self.is_word = words.__contains__  # type: ignore[method-assign]
        self.is_prefix = starts.__contains__  # type: ignore[method-assign]
        self._automaton: StartsAutomaton | None = None
        self._word_units: np.ndarray[Any, Any] | None = None

    def automaton(self) -> StartsAutomaton:
        """Node-level access to the starts table (built on first use)."""
        if self._automaton is None:
            self._automaton = StartsAutomaton(self._starts, self._root)
        return self._automaton

    def word_units(self) -> np.ndarray[Any, Any] | None:
        """The words table's double array (``dawgdic``: a unit count, then one 32-bit
        unit per node slot), for compiled code that asks "word?" letter by letter;
        None when its layout is not the expected one."""
        if self._word_units is None:
            raw = self._words.tobytes()
            size = int.from_bytes(raw[:4], "little")
            if size <= 0 or len(raw) < 4 + 4 * size:
                return None
            self._word_units = np.frombuffer(raw[4 : 4 + 4 * size], dtype="<u4").copy()
        return self._word_units

    # -- construction --

    @classmethod
    def default(cls) -> Lexicon:
        """The shipped French list, loaded once per process."""
        if cls._default is None:
            with cls._lock:
                if cls._default is None:
                    ref = resources.files("partie.games.tennis_mots.data").joinpath(DATA_FILE)
                    meta, words, starts = read_data(ref.read_bytes())
                    forms = int(meta["forms"])  # type: ignore[call-overload]
                    source = str(meta.get("source", ""))
                    lexicon = cls(words, starts, forms=forms, source=source)
                    lexicon._origin = ("default",)
                    cls._default = lexicon
        return cls._default

    @classmethod
    def from_words(cls, words: Iterable[str], source: str = "") -> Lexicon:
        """A lexicon from words already folded to A-Z."""
        unique = set(words)
        word_table, start_table, _ = build_tables(unique)
        return cls(word_table, start_table, forms=len(unique), source=source)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Lexicon:
        """A lexicon from a text file, one word per line, folded like the shipped list.

        Lines starting with ``#`` are comments. A list written all in capitals keeps its
        words; in a list with lower case, capitalised entries (proper nouns) are left out.
        Raises :class:`BadLexicon` when the file cannot be used.
        """
        where = Path(path)
        try:
            stat = where.stat()
        except OSError:
            stat = None  # read_bounded names the problem
        key = (str(where.resolve()), stat.st_mtime_ns, stat.st_size) if stat else None
        if key is not None and key in cls._files:
            return cls._files[key]
        try:
            raw = read_bounded(where, MAX_LIST_BYTES, what=("liste de mots", "word list"))
        except PartieError as exc:
            raise BadLexicon(exc.fr, exc.en, path=str(where)) from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BadLexicon(
                f"{where} n'est pas un texte UTF-8 (octet {exc.start})",
                f"{where} is not UTF-8 text (byte {exc.start})",
                path=str(where),
            ) from None
        entries = [line.strip() for line in text.splitlines()]
        entries = [e for e in entries if e and not e.startswith("#")]
        keep_capitals = text == text.upper()  # a list with no lower case at all
        words = {w for e in entries if (w := fold_entry(e, keep_capitals=keep_capitals))}
        longest = max(words, key=len, default="")
        if len(longest) > MAX_WORD_LETTERS:
            shown = longest[:20] + "…"
            raise BadLexicon(
                f"{where} : mot de {len(longest)} lettres ({shown}), au plus {MAX_WORD_LETTERS}",
                f"{where}: a word of {len(longest)} letters ({shown}), at most {MAX_WORD_LETTERS}",
                path=str(where),
            )
        if not words:
            raise BadLexicon(
                f"{where} ne contient aucun mot utilisable (un mot par ligne, lettres seules)",
                f"{where} holds no usable word (one word per line, letters only)",
                path=str(where),
            )
        lexicon = cls.from_words(words, source=str(where))
        lexicon._origin = ("file", str(where))
        cls._files[key] = lexicon
        return lexicon

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by origin (for worker processes): the shipped list reloads from the
        package, a file from its path, other lists from their words."""
        if self._origin[0] == "default":
            return (Lexicon.default, ())
        if self._origin[0] == "file":
            return (Lexicon.from_file, (self._origin[1],))
        return (Lexicon.from_words, (list(self.words()), self.source))

    def __repr__(self) -> str:
        return f"<Lexicon {self.forms} forms from {self.source or 'a word list'}>"

    # -- plain questions (letters already folded to A-Z) --

    def is_word(self, letters: str) -> bool:
        """``letters`` is a complete word of the list."""
        return letters in self._words

    def is_prefix(self, letters: str) -> bool:
        """Some word starts with ``letters`` (a word counts as its own start)."""
        return letters in self._starts

    def example(self, letters: str) -> str | None:
        """A complete word starting with ``letters`` (itself when it is one), or None.

        Otherwise the longest word starting so, the first alphabetically among equals:
        it shows how far a start can go (ATTELL… → ATTELLERAIENT).
        """
        if letters in self._words:
            return letters
        if letters not in self._starts:
            return None
        return self._example_of(letters)

    def next_letters(self, letters: str) -> str:
        """The letters that may follow ``letters`` in some word, alphabetically ("" when
        ``letters`` starts no word or is only a whole word): one lookup, for move
        generators that extend a start card by card."""
        value = self._starts.get(letters) if letters else self._root
        if value is None:
            return ""
        mask = value & _MASK
        found = _SPELLED_MASKS.get(mask)
        if found is None:
            found = _SPELLED_MASKS[mask] = "".join(c for c, b in _BITS.items() if mask & b)
        return found

    def spellings(self, cards: str) -> Iterator[str]:
        """The letters of every reading of ``cards``, like :meth:`readings` without the
        examples and joker lists: the cheap form for move generation."""
        if cards.endswith(AFTER):
            return iter(self._pending(cards))
        return self._walk(cards)

    def words(self) -> Iterator[str]:
        """Every word of the list, in alphabetical order."""
        return iter(self._words.iterkeys())

    # -- jokers --

    def read(self, cards: str, *, complete: bool = False) -> Reading | None:
        """The best reading of ``cards`` (folded letters and joker symbols).

        A reading that is a complete word is preferred; among equals, the first in
        alphabetical order. With ``complete=True`` only complete words count. None
        when no reading is a start of a word (or a word).
        """
        if cards.endswith(AFTER):
            pending = self._pending(cards)
            if complete or not pending:
                return None
            first = next(iter(pending))
            return self._pending_reading(cards, first, pending[first])
        if not any(c in JOKERS for c in cards):
            if cards in self._words:
                return Reading(cards, (), cards, True)
            if complete or cards not in self._starts:
                return None
            return Reading(cards, (), self._example_of(cards), False)
        first: str | None = None
        is_word = self._words.__contains__
        for letters in self._walk(cards):
            if is_word(letters):
                return self._reading(cards, letters, True)
            if first is None:
                first = letters
        if first is None or complete:
            return None
        return self._reading(cards, first, False)

    def readings(self, cards: str) -> Iterator[Reading]:
        """Every distinct reading of ``cards`` that is a start of a word, alphabetically."""
        if cards.endswith(AFTER):
            pending = self._pending(cards)
            for letters, start in pending.items():
                yield self._pending_reading(cards, letters, start)
            return
        is_word = self._words.__contains__
        where = [i for i, c in enumerate(cards) if c in JOKERS]
        example_of = self._example_of
        for letters in self._walk(cards):
            jokers = tuple([(i, letters[i]) for i in where])
            if is_word(letters):
                yield Reading(letters, jokers, letters, True)
            else:
                yield Reading(letters, jokers, example_of(letters), False)

    def _pending(self, cards: str) -> dict[str, str]:
        """Readings of cards that end with ▶: that double stands for the letter of the
        card still to come, so ``ATTEL▶`` reads ATTELE when ATTELEE… starts a word (the
        rules' worked check). Maps each reading, alphabetically, to the word start it
        announces (the reading plus the pending letter). Never a complete word."""
        base = cards.rstrip(AFTER)
        if not base:
            return {}
        pending = len(cards) - len(base)
        found: dict[str, str] = {}
        for letter in LETTERS:
            for start in self._walk(base + letter * (pending + 1)):
                found.setdefault(start[:-1], start)
        return dict(sorted(found.items()))

    def _pending_reading(self, cards: str, letters: str, start: str) -> Reading:
        jokers = tuple((i, letters[i]) for i, c in enumerate(cards) if c in JOKERS)
        return Reading(letters, jokers, self.example(start) or start, False)

    def _reading(self, cards: str, letters: str, complete: bool) -> Reading:
        jokers = tuple((i, letters[i]) for i, c in enumerate(cards) if c in JOKERS)
        return Reading(
            letters, jokers, letters if complete else self._example_of(letters), complete
        )

    def _find_example(self, start: str) -> str:
        """Follow, letter by letter, a child whose longest completion is one shorter."""
        get = self._starts.get
        word, value = start, get(start)
        while value >> _DEPTH_SHIFT:
            want = (value >> _DEPTH_SHIFT) - 1
            mask = value & _MASK
            for letter, bit in _BITS.items():
                if mask & bit:
                    child = get(word + letter)
                    if child >> _DEPTH_SHIFT == want:
                        word, value = word + letter, child
                        break
        return word

    def _walk(self, cards: str) -> Iterator[str]:
        """Each reading of ``cards`` that starts a word, in alphabetical order.

        Cards tied by doubles (◀ copies the card before, ▶ the card after) read as one
        letter, chosen at the leftmost of them. Only cards with a real choice (★ ■ ●,
        or doubles copying them) branch; the letters between two choices are known, so
        each branch costs one lookup, and only letters that the starts table says may
        follow are tried.
        """
        source = sources(cards)
        if source is None:
            return
        n = len(cards)
        leader: dict[int, int] = {}
        for i, s in enumerate(source):
            leader.setdefault(s, i)
        letters = [""] * n  # the letter each card reads as, filled as the walk goes
        choices: dict[int, list[tuple[str, int]]] = {}  # leftmost card of a free group
        follows = [-1] * n
        for i, s in enumerate(source):
            if leader[s] != i:
                follows[i] = leader[s]
            elif cards[s] in _DOMAINS:
                choices[i] = [(c, _BITS[c]) for c in _DOMAINS[cards[s]]]
            else:
                letters[i] = cards[s]
        branch = sorted(choices)
        # The known letters after each choice (and before the first), as card positions.
        cuts = [-1, *branch, n]
        runs = [range(cuts[k] + 1, cuts[k + 1]) for k in range(len(cuts) - 1)]

        def spell(run: range) -> str:
            for i in run:
                if follows[i] >= 0:
                    letters[i] = letters[follows[i]]
            return "".join([letters[i] for i in run])

        # Runs with no copy of a choice are the same on every branch: spell them once.
        fixed = [None if any(follows[i] in choices for i in run) else spell(run) for run in runs]
        get = self._starts.get
        head = spell(runs[0])
        value = get(head) if head else self._root
        if value is None:
            return
        if not branch:
            yield head
            return
        last = len(branch) - 1
        # Depth-first, one frame per choice: the word so far and the letters left to try.
        words = [head] + [""] * last
        todo = [[o for o in choices[branch[0]] if value & o[1]]] + [[]] * last
        tried = [0] * len(branch)
        k = 0
        while k >= 0:
            options = todo[k]
            t = tried[k]
            if t == len(options):
                k -= 1
                continue
            tried[k] = t + 1
            letter = options[t][0]
            letters[branch[k]] = letter
            tail = fixed[k + 1]
            word = words[k] + letter + (spell(runs[k + 1]) if tail is None else tail)
            value = get(word)
            if value is None:
                continue
            if k == last:
                yield word
                continue
            k += 1
            words[k] = word
            todo[k] = [o for o in choices[branch[k]] if value & o[1]]
            tried[k] = 0


def sources(cards: str) -> list[int] | None:
    """For each card, the position of the card whose letter it shows (itself, or for a
    double the card it copies, following chains like ``A◀◀``).

    None when the cards can never read: a ◀ first, a ▶ last, or doubles that only copy
    each other (``▶◀``). A double copies one neighbour, so a chain ends on one real card
    (a letter, ★, ■ or ●) whose letter the whole chain shows.
    """
    n = len(cards)
    if n == 0 or cards[0] == BEFORE or cards[-1] == AFTER:
        return None
    found: list[int] = []
    for i in range(n):
        j, steps = i, 0
        while cards[j] == BEFORE or cards[j] == AFTER:
            j += -1 if cards[j] == BEFORE else 1
            steps += 1
            if steps > n:
                return None
        if cards[j] not in _CARD_CHARS:
            return None
        found.append(j)
    return found


def obstacle(cards: str) -> str | None:
    """Why ``cards`` can never read, whatever the lexicon, or None.

    One of ``"before_first"`` (◀ first) or ``"nothing_to_copy"`` (doubles that only
    copy each other, as in ``▶◀``). A ▶ last is no obstacle: it stands for the letter of
    the card still to come.
    """
    if cards and cards[0] == BEFORE:
        return "before_first"
    if cards and cards[-1] == AFTER:
        base = cards.rstrip(AFTER)
        return obstacle(base + "A") if base else "nothing_to_copy"
    if not cards or sources(cards) is not None:
        return None
    return "nothing_to_copy"
