"""The text a player types, read into an action against the table and their hand.

A shot is typed as **the new word**, left to right, built from table and hand cards:

- a letter is a letter card (accents, cedillas, hyphens and apostrophes are ignored:
  ``attelée`` is ``ATTELEE``), or a joker of the table that reads that letter;
- a joker is typed with its sign or an ASCII stand-in: ``★`` or ``*`` (any letter),
  ``■`` or ``#`` (consonant), ``●`` or ``@`` (vowel), ``◀`` or ``<`` and ``▶`` or ``>``
  (the double card, laid one way or the other). A joker left bare is read by the
  engine; ``[*S]`` (or ``[★S]``) states that it stands for S.

Cards are found on the table first: the letters typed in the table's order keep the
table's cards (the longest common subsequence), the other letters take the remaining
table cards with that letter, and only then cards of the hand. Table cards not used go
to the pot. So ``JEUX`` on a table ``JEU`` adds an X from the hand; ``XJEU`` puts it
on the left; ``JE`` would take U off (and be under the weight).

Commands: ``passe`` (pass), ``net WORD`` (a NET: the hand cards of WORD go to the
pot), ``conteste`` (challenge), ``ok`` (let a NET or LIGNE pass). To lay a word that
is also a command (PASSE, OK...), start it with ``=``: ``=passe``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from partie.core.errors import IllegalAction, InvalidAction
from partie.games.tennis_mots.cards import (
    AFTER,
    ANY,
    BEFORE,
    CONSONANT,
    DOUBLE,
    LETTERS_SET,
    VOWEL,
)
from partie.games.tennis_mots.rules import (
    ACCEPT,
    CHALLENGE,
    PASS,
    Laid,
    Net,
    Shot,
    TennisMotsAction,
)

Faces = Sequence[str] | Mapping[int, str]
"""The face of each card id: the deck's list, or a view's table and hand cards."""

ASCII_JOKERS = {"*": ANY, "#": CONSONANT, "@": VOWEL, "<": BEFORE, ">": AFTER}
GLYPHS = frozenset((ANY, CONSONANT, VOWEL, BEFORE, AFTER))
IGNORED = frozenset(" -'’.")
COMMANDS = {
    "passe": PASS,
    "pass": PASS,
    "conteste": CHALLENGE,
    "contester": CHALLENGE,
    "challenge": CHALLENGE,
    "ok": ACCEPT,
    "laisse": ACCEPT,
    "laisser": ACCEPT,
    "accept": ACCEPT,
}

Token = tuple[str, str]
"""``(glyph, letter)``: a letter token is ``("E", "")``; a joker ``("★", "S")`` or
``("★", "")``."""


def _fold(text: str) -> str:
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def tokens(word: str) -> list[Token]:
    """``"jeu[*s]"`` → ``[("J",""), ("E",""), ("U",""), ("★","S")]``."""
    out: list[Token] = []
    text = _fold(word)
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in IGNORED:
            i += 1
            continue
        if ch == "[":
            end = text.find("]", i)
            inner = text[i + 1 : end].replace(" ", "").replace("=", "") if end > 0 else ""
            glyph = ASCII_JOKERS.get(inner[:1], inner[:1])
            letter = inner[1:].upper()
            if (
                end < 0
                or glyph not in GLYPHS
                or len(letter) > 1
                or (letter and letter not in LETTERS_SET)
            ):
                raise InvalidAction(
                    f"{word!r} : un joker s'écrit [*S], [#T], [@E]... (signe puis lettre)",
                    f"{word!r}: a joker is written [*S], [#T], [@E]... (sign then letter)",
                    code="bad_joker_notation",
                )
            out.append((glyph, letter))
            i = end + 1
            continue
        glyph = ASCII_JOKERS.get(ch, ch)
        if glyph in GLYPHS:
            out.append((glyph, ""))
        elif ch.upper() in LETTERS_SET:
            out.append((ch.upper(), ""))
        else:
            raise InvalidAction(
                f"{word!r} : signe inconnu {ch!r} (lettres, * # @ < > pour les jokers)",
                f"{word!r}: unknown sign {ch!r} (letters, * # @ < > for jokers)",
                code="unknown_sign",
            )
        i += 1
    if not out:
        raise InvalidAction("mot vide", "empty word", code="empty_word")
    return out


def _face_of(glyph: str) -> str:
    return DOUBLE if glyph in (BEFORE, AFTER) else glyph


def _matches(token: Token, card: Laid, faces: Faces) -> bool:
    glyph, _letter = token
    face = faces[card[0]]
    if glyph in LETTERS_SET:
        return face == glyph or (face not in LETTERS_SET and card[2] == glyph)
    return face == _face_of(glyph)


def resolve(
    word: str, table: Sequence[Laid], hand: Sequence[int], faces: Faces
) -> tuple[Laid, ...]:
    """The laid sequence that ``word`` means on this table with this hand."""
    toks = tokens(word)
    n, m = len(toks), len(table)
    # Longest common subsequence of the typed tokens and the table cards.
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if _matches(toks[i], table[j], faces):
                best[i][j] = best[i + 1][j + 1] + 1
            else:
                best[i][j] = max(best[i + 1][j], best[i][j + 1])
    chosen: list[int | None] = [None] * n
    i = j = 0
    while i < n and j < m:
        if _matches(toks[i], table[j], faces) and best[i][j] == best[i + 1][j + 1] + 1:
            chosen[i] = j
            i += 1
            j += 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    used_table = {j for j in chosen if j is not None}
    # Other table cards with a letter typed out of order (letter cards first).
    for i, tok in enumerate(toks):
        if chosen[i] is not None:
            continue
        options = [j for j in range(m) if j not in used_table and _matches(tok, table[j], faces)]
        options.sort(key=lambda j: faces[table[j][0]] not in LETTERS_SET)
        if options:
            chosen[i] = options[0]
            used_table.add(options[0])
    # Then the hand.
    free = sorted(hand)
    out: list[Laid] = []
    for i, (glyph, letter) in enumerate(toks):
        j = chosen[i]
        if j is not None:
            card, table_glyph, _l = table[j]
            face = faces[card]
            if face in LETTERS_SET:
                out.append((card, face, ""))
            elif glyph in LETTERS_SET:  # a table joker typed as the letter it reads
                out.append((card, table_glyph, "" if face == DOUBLE else glyph))
            else:
                out.append((card, glyph, letter))
            continue
        face = _face_of(glyph)
        pick = next((c for c in free if faces[c] == face), None)
        if pick is None:
            what_fr = f"de {glyph}" if glyph in LETTERS_SET else f"de joker {glyph}"
            what_en = f"no {glyph}" if glyph in LETTERS_SET else f"no joker {glyph}"
            raise IllegalAction(
                f"pas {what_fr} dans votre main ni de libre sur la table",
                f"{what_en} in your hand nor free on the table",
                code="letter_not_available",
            )
        free.remove(pick)
        out.append((pick, glyph, letter))
    return tuple(out)


def parse(text: str, table: Sequence[Laid], hand: Sequence[int], faces: Faces) -> TennisMotsAction:
    """Read a typed line: a command or a word (see the module's docstring)."""
    line = text.strip()
    key = line.lower()
    if line.startswith("="):
        return Shot(resolve(line[1:], table, hand, faces))
    if key in COMMANDS:
        return COMMANDS[key]
    head, _sep, rest = line.partition(" ")
    if head.lower() == "net" and rest.strip():
        return Net(resolve(rest, table, hand, faces))
    if key in ("net", ""):
        raise InvalidAction(
            "net quoi ? « net MOT » (ou « passe »)",
            "net what? 'net WORD' (or 'pass')",
            code="net_without_word",
        )
    return Shot(resolve(line, table, hand, faces))


__all__ = ["ASCII_JOKERS", "COMMANDS", "parse", "resolve", "tokens"]


def parse_action(view: dict[str, Any], text: str) -> TennisMotsAction:
    """Read a typed line from what the player sees: the table's and the hand's cards
    come from the view, so clients and the engine read text the same way."""
    table = [(t["id"], t["glyph"], t["letter"]) for t in view["table"]]
    hand = [h["id"] for h in view["hand"] or ()]
    faces = {t["id"]: t["face"] for t in view["table"]}
    faces.update((h["id"], h["face"]) for h in view["hand"] or ())
    return parse(text, table, hand, faces)
