"""A deck file sent by a person (a teacher's upload): read it with the importers, check
it with the deck checker, and say what is wrong with the line of the file it is on.

Nothing here touches a disk: the upload arrives as bytes, leaves as a checked ``Deck``
and its canonical TOML text (what a table stores and a record carries, never a path),
or as a list of problems, each one line in French and English.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Any

from partie.core.inputs import BadInput, Limits, decode_text
from partie.games.tennis_quizz.decks import BadDeck, Deck, DeckProblem, check_text
from partie.games.tennis_quizz.importers import READERS, build_deck, guess_format
from partie.games.tennis_quizz.rules import MIN_CARDS

MAX_DECK_BYTES = 1024 * 1024
DECK_LIMITS = Limits(max_bytes=MAX_DECK_BYTES, max_depth=16, max_string=20_000)
FORMATS = ("toml", "gift", "aiken", "csv", "opentdb", "openquizzdb")
MAX_PROBLEMS = 50
"""Problems listed at most: a wrong file can have thousands, the first ones say enough."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a warning) in an uploaded file, with its line when the
    file has one for it."""

    fr: str
    en: str
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "fr": self.fr, "en": self.en}


@dataclass
class Upload:
    """The outcome of reading one uploaded file."""

    filename: str
    format: str = ""
    deck: Deck | None = None
    toml: str = ""
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.deck is not None and not self.errors

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.toml.encode("utf-8")).hexdigest()

    def summary(self) -> dict[str, Any]:
        """What the browser shows: the deck's name and size, or every problem."""
        deck = self.deck if self.ok else None
        return {
            "ok": self.ok,
            "file": self.filename,
            "format": self.format,
            "deck": (
                {
                    "id": deck.id,
                    "title": deck.title,
                    "cards": len(deck.cards),
                    "questions": len(deck.questions),
                    "sha256": self.sha256,
                }
                if deck is not None
                else None
            ),
            "errors": [p.to_json() for p in self.errors[:MAX_PROBLEMS]],
            "more_errors": max(0, len(self.errors) - MAX_PROBLEMS),
            "warnings": [p.to_json() for p in self.warnings[:MAX_PROBLEMS]],
        }


def format_of(filename: str, text: str) -> str:
    """The format from the file's extension, else from what the text looks like."""
    name = filename.lower()
    if name.endswith(".toml"):
        return "toml"
    if name.endswith((".txt", ".aiken")) or "." not in name:
        if re.search(r"^\s*ANSWER:\s*[A-Z]\s*$", text, re.MULTILINE | re.IGNORECASE):
            return "aiken"
        if re.search(r"\{\s*[=~]", text):
            return "gift"
        if text.lstrip().startswith("[deck]"):
            return "toml"
    if name.endswith(".json"):
        # The readers say where unreadable JSON breaks; only the shape is guessed here.
        return "openquizzdb" if '"quizz"' in text else "opentdb"
    try:
        return guess_format(_Name(filename), text)
    except BadDeck:
        raise BadInput(
            f"{filename} : format inconnu (formats : .toml, .gift, .txt Aiken, .csv, .json)",
            f"{filename}: unknown format (formats: .toml, .gift, Aiken .txt, .csv, .json)",
            code="unknown_format",
        ) from None


class _Name:
    """Just enough of a path for ``guess_format`` (which reads the suffix and name)."""

    def __init__(self, filename: str) -> None:
        self.name = filename
        self.suffix = "." + filename.rsplit(".", 1)[-1] if "." in filename else ""


def read_upload(filename: str, data: bytes, fmt: str | None = None) -> Upload:
    """Read and check an uploaded deck. A file too large, not UTF-8 or of no known
    format raises ``BadInput``; problems inside the file are listed in the result."""
    filename = _clean_name(filename)
    text = decode_text(data, what=filename, limits=DECK_LIMITS)
    if fmt is not None and fmt not in FORMATS:
        raise BadInput(
            f"format inconnu : {fmt!r} ({', '.join(FORMATS)})",
            f"unknown format: {fmt!r} ({', '.join(FORMATS)})",
            code="unknown_format",
        )
    upload = Upload(filename=filename, format=fmt or format_of(filename, text))
    if upload.format == "toml":
        _read_toml(upload, text)
    else:
        _read_imported(upload, text)
    if upload.deck is not None and not upload.errors and len(upload.deck.cards) < MIN_CARDS:
        n = len(upload.deck.cards)
        upload.errors.append(
            Problem(
                f"{n} carte(s) complète(s) de 7 questions : il en faut au moins {MIN_CARDS}",
                f"{n} complete card(s) of 7 questions: at least {MIN_CARDS} are needed",
            )
        )
    if upload.errors:
        upload.deck = None
    return upload


def deck_from_toml(text: str, name: str = "deck") -> Deck:
    """The deck a table stored (its canonical TOML), checked again on the way back in."""
    report = check_text(text, name)
    if report.deck is None:
        first = report.errors[0] if report.errors else None
        raise BadDeck(
            f"paquet enregistré illisible : {first.text('fr') if first else name}",
            f"stored deck unreadable: {first.text('en') if first else name}",
        )
    return report.deck


def _clean_name(filename: str) -> str:
    base = re.split(r"[\\/]", filename or "")[-1]
    base = "".join(c for c in base if c.isprintable())[:80]
    return base or "paquet"


def _deck_id(filename: str) -> str:
    stem = filename.rsplit(".", 1)[0].lower()
    slug = re.sub(r"[^a-z0-9]+", "-", stem).strip("-")[:40]
    return slug or "paquet"


# -- TOML -----------------------------------------------------------------------------


def _read_toml(upload: Upload, text: str) -> None:
    report = check_text(text, upload.filename)
    index = _TomlIndex(text)  # built once: a 1 MiB deck may have thousands of problems
    for problem in report.errors:
        upload.errors.append(_placed(problem, index))
    for problem in report.warnings:
        upload.warnings.append(_placed(problem, index))
    if report.deck is not None and not report.errors:
        upload.deck = report.deck
        upload.toml = report.deck.to_toml()


_AT_LINE = re.compile(r"\(at line (\d+)")
_CARD = re.compile(r"^\s*\[\[\s*cards\s*\]\]")
_QUESTION = re.compile(r"^\s*\[\[\s*cards\.questions\s*\]\]")
_DECK = re.compile(r"^\s*\[\s*deck\s*\]")
_ID = re.compile(r"^\s*id\s*=\s*[\"']([^\"'\n]*)[\"']")


class _TomlIndex:
    """Where the cards, questions and ids of a deck's text start, read once: placing
    each problem is then a look-up, not a scan of the whole text (which made a 1 MiB
    deck with a problem on every question take minutes)."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.cards: list[int] = []
        self.questions: list[int] = []
        self.ids: dict[str, int] = {}
        self.deck: int | None = None
        for k, line in enumerate(self.lines):
            if _QUESTION.match(line):
                self.questions.append(k)
            elif _CARD.match(line):
                self.cards.append(k)
            elif self.deck is None and _DECK.match(line):
                self.deck = k
            else:
                found = _ID.match(line)
                if found is not None:
                    self.ids.setdefault(found.group(1), k)

    def question_after(self, at: int, n: int) -> int | None:
        """The line of the n-th ``[[cards.questions]]`` at or after line ``at``."""
        first = bisect.bisect_left(self.questions, at)
        k = first + n - 1
        return self.questions[k] if n >= 1 and k < len(self.questions) else None


def _placed(problem: DeckProblem, index: _TomlIndex) -> Problem:
    fr, en = problem.message_fr, problem.message_en
    found = _AT_LINE.search(en)
    line = int(found.group(1)) if found else _toml_line(index, problem)
    where_fr = _where(problem, "fr")
    where_en = _where(problem, "en")
    return Problem(f"{where_fr}{fr}", f"{where_en}{en}", line)


def _where(problem: DeckProblem, lang: str) -> str:
    parts = []
    if problem.card is not None:
        parts.append(f"{'carte' if lang == 'fr' else 'card'} {problem.card}")
    if problem.question is not None:
        parts.append(f"question {problem.question}")
    if problem.field is not None:
        parts.append(f"{'champ' if lang == 'fr' else 'field'} {problem.field}")
    sep = " : " if lang == "fr" else ": "
    return ", ".join(parts) + sep if parts else ""


def _toml_line(index: _TomlIndex, problem: DeckProblem) -> int | None:
    """The line a checker's problem points at: the card's ``id``, then its n-th
    ``[[cards.questions]]``, then the field's own line when it is written."""
    lines = index.lines
    at = 0
    if problem.card is not None:
        card_at = None
        if problem.card.startswith("#") and problem.card[1:].isdigit():
            n = int(problem.card[1:])
            card_at = index.cards[n - 1] if 1 <= n <= len(index.cards) else None
        else:
            card_at = index.ids.get(problem.card)
        if card_at is None:
            return None
        at = card_at
    elif problem.field and problem.field.startswith("deck"):
        if index.deck is None:
            return None
        at = index.deck
    if problem.question is not None:
        q_at = index.question_after(at, problem.question)
        if q_at is None:
            return at + 1
        at = q_at
    if problem.field is not None:
        key = problem.field.rsplit(".", 1)[-1]
        for k in range(at, min(len(lines), at + 40)):
            if k > at and lines[k].lstrip().startswith("["):
                break
            if re.match(r"^\s*" + re.escape(key) + r"\s*=", lines[k]):
                return k + 1
    return at + 1


# -- imported formats -------------------------------------------------------------------

_SKIPPED = re.compile(r"^(line|row|result)\s+(\d+):\s*(.*)$")
_FR_PLACE = {"line": "ligne", "row": "rangée", "result": "résultat"}


def _read_imported(upload: Upload, text: str) -> None:
    reader = READERS[upload.format]
    try:
        imported = reader(text, "")
    except BadDeck as exc:
        found = re.search(r"\bline (\d+)", exc.en)
        upload.errors.append(Problem(exc.fr, exc.en, int(found.group(1)) if found else None))
        return
    for note in imported.skipped:
        upload.errors.append(_skipped(note, upload.format))
    if upload.errors:
        return
    # Questions without a source line get the file's name (the checker wants one).
    default_source = f"importé de {upload.filename}"
    imported.questions = [
        q if q.source else replace(q, source=default_source) for q in imported.questions
    ]
    deck, left_out = build_deck(imported, _deck_id(upload.filename), upload.filename)
    if left_out:
        upload.warnings.append(
            Problem(
                f"{left_out} question(s) de la fin laissée(s) de côté : une carte en a 7",
                f"{left_out} last question(s) left out: a card holds 7",
            )
        )
    if not deck.cards:
        upload.errors.append(Problem("aucune question lue", "no question read"))
        return
    canonical = deck.to_toml()
    report = check_text(canonical, upload.filename)
    for problem in report.errors:
        upload.errors.append(_imported_problem(problem, deck, text))
    for problem in report.warnings:
        upload.warnings.append(_imported_problem(problem, deck, text))
    if report.deck is not None and not report.errors:
        upload.deck = report.deck
        upload.toml = canonical


def _skipped(note: str, fmt: str) -> Problem:
    found = _SKIPPED.match(note)
    if found is None:
        return Problem(f"entrée ignorée : {note}", f"entry skipped: {note}")
    kind, number, why = found.group(1), int(found.group(2)), found.group(3)
    line = number if kind == "line" else (number if fmt == "csv" else None)
    where_fr = f"{_FR_PLACE[kind]} {number}"
    return Problem(f"{where_fr} : {why}", f"{kind} {number}: {why}", line)


def _imported_problem(problem: DeckProblem, deck: Deck, source: str) -> Problem:
    """A checker's problem on an imported deck, placed on the source line of the
    question's text when it can be found there."""
    line = None
    card = next((c for c in deck.cards if c.id == problem.card), None)
    if card is not None and problem.question is not None:
        question = card.questions[problem.question - 1]
        line = _line_of(source, question.text)
    return Problem(
        f"{_where(problem, 'fr')}{problem.message_fr}",
        f"{_where(problem, 'en')}{problem.message_en}",
        line,
    )


def _line_of(source: str, needle: str) -> int | None:
    probe = needle.strip().splitlines()[0][:60] if needle.strip() else ""
    if not probe:
        return None
    at = source.find(probe)
    return source.count("\n", 0, at) + 1 if at >= 0 else None


__all__ = [
    "DECK_LIMITS",
    "FORMATS",
    "MAX_DECK_BYTES",
    "Problem",
    "Upload",
    "deck_from_toml",
    "format_of",
    "read_upload",
]
