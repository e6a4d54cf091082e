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
from partie.games.tennis_quizz.importers import READERS, Note, build_deck, guess_format
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


OFFICE_SUFFIXES = (".docx", ".doc", ".xlsx", ".xls", ".odt", ".ods", ".pdf", ".pages", ".numbers")
_OFFICE_MAGIC = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0", b"%PDF")


def _office_file(filename: str, data: bytes) -> BadInput | None:
    """A word processor's or spreadsheet's own file (Word, Excel, LibreOffice, PDF):
    not text; say how to save it as a file this page reads."""
    if not (filename.lower().endswith(OFFICE_SUFFIXES) or data.startswith(_OFFICE_MAGIC)):
        return None
    return BadInput(
        f"{filename} est un document de traitement de texte, de tableur ou PDF, pas un "
        "fichier texte : dans le tableur, « Enregistrer sous » au format CSV (colonnes "
        "question ; réponse ; mauvaise1 ; mauvaise2) ; dans le traitement de texte, "
        "« Enregistrer sous » en texte brut (.txt) au format Aiken ou GIFT",
        f"{filename} is a word processor, spreadsheet or PDF document, not a text file: "
        "in the spreadsheet, “Save as” CSV (columns text, answer, wrong1, wrong2); in "
        "the word processor, “Save as” plain text (.txt) in the Aiken or GIFT format",
        code="office_file",
    )


def _decode(filename: str, data: bytes) -> tuple[str, bool]:
    """The file's text and whether it was read as Windows-1252 (a CSV saved by Excel
    on a French Windows), as ``partie deck import`` reads it."""
    office = _office_file(filename, data)
    if office is not None:
        raise office
    try:
        return decode_text(data, what=filename, limits=DECK_LIMITS), False
    except BadInput as exc:
        if exc.code != "not_utf8":
            raise
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise exc from None
        if re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text):
            raise exc from None
        return text, True


def read_upload(filename: str, data: bytes, fmt: str | None = None) -> Upload:
    """Read and check an uploaded deck. A file too large, not text (an office
    document says how to save it as text) or of no known format raises ``BadInput``;
    problems inside the file are listed in the result, all of them at once."""
    filename = _clean_name(filename)
    text, windows = _decode(filename, data)
    if fmt is not None and fmt not in FORMATS:
        raise BadInput(
            f"format inconnu : {fmt!r} ({', '.join(FORMATS)})",
            f"unknown format: {fmt!r} ({', '.join(FORMATS)})",
            code="unknown_format",
        )
    upload = Upload(filename=filename, format=fmt or format_of(filename, text))
    if windows:
        upload.warnings.append(
            Problem(
                "fichier lu en Windows-1252 (Excel sous Windows) : vérifiez les accents",
                "file read as Windows-1252 (Excel on Windows): check the accents",
            )
        )
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
    if upload.deck is not None:
        upload.warnings.extend(_html_warnings(upload.deck, text))
    upload.errors = _grouped(upload.errors)
    if upload.errors:
        upload.deck = None
    return upload


def _grouped(problems: list[Problem]) -> list[Problem]:
    """The same reason on many lines (a wrong separator makes every row fail alike) is
    said once, with the lines it is on, instead of as many identical lines."""
    lines: dict[tuple[str, str], list[int]] = {}
    for p in problems:
        if p.line is not None:
            lines.setdefault((p.fr, p.en), []).append(p.line)
    out = []
    said: set[tuple[str, str]] = set()
    for p in problems:
        key = (p.fr, p.en)
        same = lines.get(key, [])
        if len(same) < 3:
            out.append(p)
        elif key not in said:
            said.add(key)
            shown = ", ".join(str(n) for n in same[1:6]) + (", …" if len(same) > 6 else "")
            out.append(
                Problem(
                    f"{p.fr} — de même aux lignes {shown} ({len(same)} lignes en tout)",
                    f"{p.en} — likewise on lines {shown} ({len(same)} lines in all)",
                    p.line,
                )
            )
    return out


_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?/?>|&(nbsp|amp|lt|gt|quot|#\d+);")


def _html_warnings(deck: Deck, source: str) -> list[Problem]:
    """Questions holding HTML tags or entities (a Moodle export): the screens show
    them as they are written, "<b>Paris</b>", never as formatting."""
    out = []
    for card in deck.cards:
        for q in card.questions:
            for value in (q.text, q.answer, *q.wrong):
                found = _TAG.search(value)
                if found is not None:
                    out.append(
                        Problem(
                            f"HTML « {found.group()} » : il s'affichera tel quel, retirez-le "
                            "du fichier",
                            f"HTML “{found.group()}”: it will show as written, remove it "
                            "from the file",
                            _line_of(source, value) or _line_of(source, q.text),
                        )
                    )
                    break
    return out


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


def _read_imported(upload: Upload, text: str) -> None:
    reader = READERS[upload.format]
    try:
        imported = reader(text, "")
    except BadDeck as exc:
        found = re.search(r"\bline (\d+)", exc.en)
        upload.errors.append(Problem(exc.fr, exc.en, int(found.group(1)) if found else None))
        return
    # Every problem in one round: the entries the importer could not read, then the
    # checker's errors on the others (an upload shown "fixed" that then fails on the
    # next kind of error would cost the teacher a round trip each time).
    for note in imported.problems:
        upload.errors.append(_skipped(note))
    for note in imported.notes:
        upload.warnings.append(Problem(note.fr, note.en, note.line))
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
        if not upload.errors:
            upload.errors.append(Problem("aucune question lue", "no question read"))
        return
    canonical = deck.to_toml()
    report = check_text(canonical, upload.filename)
    for problem in report.errors:
        upload.errors.append(_imported_problem(problem, deck, text, upload.format))
    for problem in report.warnings:
        upload.warnings.append(_imported_problem(problem, deck, text, upload.format))
    if report.deck is not None and not report.errors and not upload.errors:
        upload.deck = report.deck
        upload.toml = canonical


def _skipped(note: Note) -> Problem:
    """An entry the importer left out: its line when the file has one (the page writes
    "ligne 4 : " before the reason), else its place in the file ("question 3 : ")."""
    if note.line is not None:
        return Problem(note.fr, note.en, note.line)
    return Problem(f"{note.place_fr} : {note.fr}", f"{note.place_en}: {note.en}")


#: The deck's fields as a GIFT, Aiken or CSV file calls them (never the TOML names).
_FIELD_WORDS = {
    "text": ("question", "question"),
    "answer": ("bonne réponse", "right answer"),
    "wrong": ("mauvaises réponses", "wrong answers"),
    "alternatives": ("variantes acceptées", "accepted alternatives"),
    "category": ("catégorie", "category"),
    "difficulty": ("difficulté", "difficulty"),
    "source": ("source", "source"),
    "cards": ("paquet", "deck"),
}


def _imported_problem(problem: DeckProblem, deck: Deck, source: str, fmt: str) -> Problem:
    """A checker's problem on an imported deck, placed on the source line of the
    question's text when it can be found there, in the file's own words: the line
    says where, the field is named as a person calls it."""
    line = None
    card = next((c for c in deck.cards if c.id == problem.card), None)
    if card is not None and problem.question is not None:
        question = card.questions[problem.question - 1]
        line = _line_of(source, question.text)
    if line is None or problem.field not in _FIELD_WORDS:
        where_fr, where_en = _where(problem, "fr"), _where(problem, "en")
        if problem.field in _FIELD_WORDS:
            fr_word, en_word = _FIELD_WORDS[problem.field]
            where_fr = where_fr.replace(f"champ {problem.field}", fr_word)
            where_en = where_en.replace(f"field {problem.field}", en_word)
        return Problem(f"{where_fr}{problem.message_fr}", f"{where_en}{problem.message_en}", line)
    fr_word, en_word = _FIELD_WORDS[problem.field]
    return Problem(f"{fr_word} : {problem.message_fr}", f"{en_word}: {problem.message_en}", line)


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
