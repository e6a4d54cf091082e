"""The cards of Tennis de mots: a deck is data (a TOML file), loaded and checked here.

Every card is a physical object with an identity: card ``i`` (0 ≤ i < deck size) has a
face and a value, so conservation and "which card went where" are exact. Faces are a
letter ``A``..``Z`` or a joker glyph: ``★`` any letter, ``■`` any consonant, ``●`` any
vowel, and ``◀`` for the double card, which is laid as ``◀`` ("same letter as the card
before it") or as ``▶`` ("same letter as the card after it").

Ids are given in a fixed order (letters A..Z, then jokers any, consonant, vowel,
double), whatever the order of the file, so the same deck always numbers its cards
the same way.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from partie.core.errors import BadDeck, PartieError
from partie.core.files import read_bounded

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = frozenset("AEIOU")
"""The ``●`` joker's letters. Y counts as a consonant."""
CONSONANTS = frozenset(LETTERS) - VOWELS

ANY, CONSONANT, VOWEL, BEFORE, AFTER = "★", "■", "●", "◀", "▶"
DOUBLE = BEFORE
"""The face of the double card (it is laid as ``◀`` or ``▶``)."""
JOKER_KINDS = {"any": ANY, "consonant": CONSONANT, "vowel": VOWEL, "double": DOUBLE}
JOKER_GLYPHS = frozenset((ANY, CONSONANT, VOWEL, BEFORE, AFTER))
JOKER_LETTERS: dict[str, frozenset[str]] = {
    ANY: frozenset(LETTERS),
    CONSONANT: CONSONANTS,
    VOWEL: VOWELS,
}
"""What a ``★``, ``■`` or ``●`` may stand for (a double copies its neighbour)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its id, its face (letter or joker glyph) and its value."""

    id: int
    face: str
    value: int

    @property
    def is_joker(self) -> bool:
        return self.face not in LETTERS_SET

    def __str__(self) -> str:
        return f"{self.face}{self.value}"


LETTERS_SET = frozenset(LETTERS)


@dataclass(frozen=True)
class Deck:
    """A deck: ``faces[i]`` and ``values[i]`` of card ``i``; ``source`` says where it
    came from. Hot paths index the two tuples directly."""

    name: str
    faces: tuple[str, ...]
    values: tuple[int, ...]
    source: str = "default"

    @property
    def size(self) -> int:
        return len(self.faces)

    @property
    def points(self) -> int:
        return sum(self.values)

    @property
    def ids(self) -> range:
        return range(len(self.faces))

    @property
    def jokers(self) -> frozenset[int]:
        return frozenset(i for i, f in enumerate(self.faces) if f not in LETTERS_SET)

    def card(self, card_id: int) -> Card:
        return Card(card_id, self.faces[card_id], self.values[card_id])

    def is_joker(self, card_id: int) -> bool:
        return self.faces[card_id] not in LETTERS_SET

    def counts(self) -> dict[str, int]:
        """How many cards of each face."""
        out: dict[str, int] = {}
        for face in self.faces:
            out[face] = out.get(face, 0) + 1
        return out

    def value_of(self, face: str) -> int | None:
        """The value of the cards with this face (``None`` when the deck has none)."""
        for f, v in zip(self.faces, self.values, strict=True):
            if f == face:
                return v
        return None

    @classmethod
    def from_toml(cls, text: str, source: str = "<text>") -> Deck:
        """Read a deck from the text of a deck file; raises ``BadDeck`` naming the fault."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise BadDeck(
                f"fichier de cartes illisible ({source}) : {exc}",
                f"unreadable deck file ({source}): {exc}",
            ) from None
        return cls.from_data(data, source)

    @classmethod
    def from_data(cls, data: dict[str, Any], source: str = "<data>") -> Deck:
        letters = _table(data, "letters", source)
        jokers = _table(data, "jokers", source)
        totals = _table(data, "totals", source)
        faces: list[str] = []
        values: list[int] = []
        for key in letters:
            if key not in LETTERS_SET:
                raise BadDeck(
                    f"{source} : {key!r} n'est pas une lettre de A à Z",
                    f"{source}: {key!r} is not a letter A to Z",
                )
        for key in jokers:
            if key not in JOKER_KINDS:
                known = ", ".join(JOKER_KINDS)
                raise BadDeck(
                    f"{source} : joker inconnu {key!r} (jokers : {known})",
                    f"{source}: unknown joker {key!r} (jokers: {known})",
                )
        for letter in LETTERS:
            if letter not in letters:
                raise BadDeck(
                    f"{source} : la lettre {letter} manque (mettre count = 0 pour l'exclure)",
                    f"{source}: letter {letter} is missing (use count = 0 to leave it out)",
                )
            count, value = _entry(letters[letter], letter, source)
            faces.extend([letter] * count)
            values.extend([value] * count)
        for kind, glyph in JOKER_KINDS.items():
            if kind in jokers:
                count, value = _entry(jokers[kind], kind, source)
                faces.extend([glyph] * count)
                values.extend([value] * count)
        deck = cls(str(data.get("name", Path(source).stem)), tuple(faces), tuple(values), source)
        n_jokers = sum(1 for f in faces if f not in LETTERS_SET)
        found = {
            "cards": deck.size,
            "letters": deck.size - n_jokers,
            "jokers": n_jokers,
            "points": deck.points,
        }
        for key in totals:
            if key not in found:
                raise BadDeck(
                    f"{source} : total inconnu {key!r} (cards, letters, jokers, points)",
                    f"{source}: unknown total {key!r} (cards, letters, jokers, points)",
                )
        for key, got in found.items():
            if key not in totals:
                raise BadDeck(
                    f"{source} : [totals] doit déclarer {key} (ici {got})",
                    f"{source}: [totals] must declare {key} (here {got})",
                )
            want = totals[key]
            if want != got:
                raise BadDeck(
                    f"{source} : {key} = {want!r} déclaré, mais les cartes donnent {got}",
                    f"{source}: {key} = {want!r} declared, but the cards add up to {got}",
                )
        if deck.size < 30:
            raise BadDeck(
                f"{source} : {deck.size} cartes, il en faut au moins 30 pour jouer",
                f"{source}: {deck.size} cards, at least 30 are needed to play",
            )
        return deck


def _table(data: dict[str, Any], key: str, source: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise BadDeck(
            f"{source} : la section [{key}] manque",
            f"{source}: the [{key}] section is missing",
        )
    return value


def _entry(entry: Any, name: str, source: str) -> tuple[int, int]:
    """``{count = 13, value = 1}`` → ``(13, 1)``, checked."""
    if not isinstance(entry, dict) or set(entry) != {"count", "value"}:
        raise BadDeck(
            f"{source} : {name} doit être {{ count = N, value = V }}",
            f"{source}: {name} must be {{ count = N, value = V }}",
        )
    count, value = entry["count"], entry["value"]
    for what, number, high in (("count", count, 200), ("value", value, 99)):
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= high:
            raise BadDeck(
                f"{source} : {name}.{what} = {number!r}, il faut un entier de 0 à {high}",
                f"{source}: {name}.{what} = {number!r}, a whole number 0 to {high} is needed",
            )
    return count, value


DEFAULT_DECK_FILE = "deck.toml"
MAX_DECK_BYTES = 1024 * 1024
"""A deck file lists 26 letters and four jokers: a few hundred bytes. A larger file
(``/dev/zero``) is refused, not read."""


@cache
def load_deck(path: str | None = None) -> Deck:
    """The deck of a table: the packaged default (``None``) or a deck file. Cached: a
    deck is read once per process."""
    if path is None:
        text = (
            resources.files("partie.games.tennis_mots")
            .joinpath("data", DEFAULT_DECK_FILE)
            .read_text(encoding="utf-8")
        )
        return Deck.from_toml(text, "default")
    try:
        text = read_bounded(
            path, MAX_DECK_BYTES, what=("le fichier de cartes", "deck file")
        ).decode("utf-8")
    except PartieError as exc:
        raise BadDeck(exc.fr, exc.en) from None
    except UnicodeDecodeError:
        raise BadDeck(
            f"{path} : le fichier de cartes doit être en UTF-8",
            f"{path}: the deck file must be UTF-8",
        ) from None
    return Deck.from_toml(text, str(path))


__all__ = [
    "AFTER",
    "ANY",
    "BEFORE",
    "CONSONANT",
    "CONSONANTS",
    "DOUBLE",
    "JOKER_GLYPHS",
    "JOKER_KINDS",
    "JOKER_LETTERS",
    "LETTERS",
    "VOWEL",
    "VOWELS",
    "BadDeck",
    "Card",
    "Deck",
    "load_deck",
]
