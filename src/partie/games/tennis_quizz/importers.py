"""Import questions from common quiz formats, export decks to GIFT and CSV.

Readers turn a text into ``Imported`` questions (with the card they belong to when the
format says so) and notes on what was skipped; ``build_deck`` shares them into cards of
7 questions. Formats:

- **GIFT** (Moodle): multiple-choice questions ``text {=right ~wrong ~wrong}``;
  ``$CATEGORY:`` lines; comments ``// difficulty: 2``, ``// source: ...``,
  ``// alternatives: a | b``, ``// card: c01`` (what ``write_gift`` emits, so a deck
  survives the round trip).
- **Aiken**: a question line, choices ``A.`` or ``A)``, then ``ANSWER: B``.
- **CSV**: a header row; ``;`` or ``,`` (guessed from the header); an optional UTF-8
  BOM; columns ``card`` (optional), ``text``, ``answer``, ``wrong1``, ``wrong2``,
  ``alternatives`` (``|``-separated), ``category``, ``difficulty``, ``source``
  (French names ``question``, ``réponse``, ``mauvaise1``... are accepted too).
- **Open Trivia DB** JSON (``{"results": [...]}``, HTML entities decoded).
- **OpenQuizzDB** JSON (``{"quizz": {"fr": {"débutant": [...], ...}}}``).

Formats with more than two wrong choices keep the right one and the first two wrong.
"""

from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partie.core.errors import PartieError
from partie.core.files import read_bounded
from partie.core.inputs import BadInput, Limits, decode_text, parse_json
from partie.games.tennis_quizz.decks import QUESTIONS_PER_CARD, BadDeck, Card, Deck, Question

IMPORT_LIMITS = Limits(max_bytes=16 * 1024 * 1024, max_depth=16, max_string=10_000)
"""An importer file is at most 16 MiB, its JSON nested at most 16 deep, no text longer
than 10,000 characters (a CSV cell longer than that is refused too)."""

OPENTDB_SOURCE = "Open Trivia Database (opentdb.com), CC BY-SA 4.0"
OPENQUIZZDB_SOURCE = "OpenQuizzDB (openquizzdb.org), CC BY-SA"
LEVELS = {
    "easy": 1,
    "medium": 2,
    "hard": 3,
    "débutant": 1,
    "debutant": 1,
    "confirmé": 2,
    "confirme": 2,
    "expert": 3,
    "beginner": 1,
    "intermediate": 2,
    "advanced": 3,
}


@dataclass
class Imported:
    """Questions read from a file, the card of each when the file names it, and why
    some entries were skipped."""

    questions: list[Question] = field(default_factory=list)
    cards: list[str | None] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def add(self, question: Question, card: str | None = None) -> None:
        self.questions.append(question)
        self.cards.append(card)


def _difficulty(value: Any, default: int = 2) -> int:
    if isinstance(value, int) and value in (1, 2, 3):
        return value
    text = str(value or "").strip().lower()
    if text in ("1", "2", "3"):
        return int(text)
    return LEVELS.get(text, default)


# -- GIFT -------------------------------------------------------------------------------

GIFT_SPECIAL = "~=#{}:"


def gift_escape(text: str) -> str:
    out = text.replace("\\", "\\\\")
    for ch in GIFT_SPECIAL:
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", "\\n")


def _gift_unescape(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            nxt = text[i + 1]
            out.append("\n" if nxt == "n" else nxt)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out).strip()


def _split_unescaped(text: str, stops: str) -> list[tuple[str, str]]:
    """Split ``text`` at unescaped ``stops`` characters: [(stop before, piece)]."""
    parts: list[tuple[str, str]] = []
    marker = ""
    buf: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            buf.append(text[i : i + 2])
            i += 2
            continue
        if ch in stops:
            parts.append((marker, "".join(buf)))
            marker, buf = ch, []
        else:
            buf.append(ch)
        i += 1
    parts.append((marker, "".join(buf)))
    return parts


def _find_unescaped(text: str, ch: str, start: int = 0) -> int:
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == ch:
            return i
        i += 1
    return -1


def read_gift(text: str, source: str = "") -> Imported:
    """Multiple-choice GIFT questions; other GIFT question types are skipped."""
    out = Imported()
    category = ""
    meta: dict[str, str] = {}
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("//"):
            key, sep, value = stripped[2:].strip().partition(":")
            if sep and key.strip().lower() in ("difficulty", "source", "alternatives", "card"):
                if current:
                    blocks.append((start, current))
                    current = []
                blocks.append((number, [f"\x00meta {key.strip().lower()}\x00{value.strip()}"]))
            continue
        if stripped.startswith("$CATEGORY:"):
            if current:
                blocks.append((start, current))
                current = []
            blocks.append((number, [f"\x00category\x00{stripped[len('$CATEGORY:') :].strip()}"]))
            continue
        if not stripped:
            if current:
                blocks.append((start, current))
                current = []
            continue
        if not current:
            start = number
        current.append(line)
    if current:
        blocks.append((start, current))
    for line_no, lines in blocks:
        if lines[0].startswith("\x00"):
            _, kind, value = lines[0].split("\x00")
            if kind == "category":
                category = re.sub(r"^\$(course|system|module)\$/", "", value)
            else:
                meta[kind.split(" ", 1)[1]] = value
            continue
        block = "\n".join(lines).strip()
        question = _gift_question(block, line_no, category, meta, source, out)
        if question is not None:
            out.add(question, meta.get("card") or None)
        meta = {}
    return out


def _gift_question(
    block: str, line_no: int, category: str, meta: dict[str, str], source: str, out: Imported
) -> Question | None:
    body = block
    if body.startswith("::"):
        end = body.find("::", 2)
        if end > 0:
            body = body[end + 2 :]
    body = re.sub(r"^\s*\[(html|moodle|plain|markdown)\]", "", body)
    open_at = _find_unescaped(body, "{")
    close_at = _find_unescaped(body, "}", open_at + 1) if open_at >= 0 else -1
    if open_at < 0 or close_at < 0:
        out.skipped.append(f"line {line_no}: no answer block {{...}}")
        return None
    stem = body[:open_at].strip()
    tail = body[close_at + 1 :].strip()
    text = _gift_unescape(f"{stem} _____ {tail}" if tail else stem)
    answers = body[open_at + 1 : close_at]
    rights: list[str] = []
    wrongs: list[str] = []
    for marker, piece in _split_unescaped(answers, "=~"):
        if not marker:
            if piece.strip():
                out.skipped.append(f"line {line_no}: not a multiple-choice question")
                return None
            continue
        value = _split_unescaped(piece, "#")[0][1]
        weight = re.match(r"^\s*%(-?\d+(?:\.\d+)?)%", value)
        if weight:
            value = value[weight.end() :]
        value = _gift_unescape(value)
        if "->" in value:
            out.skipped.append(f"line {line_no}: matching questions are not supported")
            return None
        good = marker == "=" or (weight is not None and float(weight.group(1)) >= 100)
        (rights if good else wrongs).append(value)
    if len(rights) != 1 or len(wrongs) < 2:
        out.skipped.append(
            f"line {line_no}: needs one right answer and at least two wrong ones "
            f"({len(rights)} right, {len(wrongs)} wrong)"
        )
        return None
    alternatives = [a.strip() for a in meta.get("alternatives", "").split("|") if a.strip()]
    return Question(
        text=text,
        answer=rights[0],
        wrong=(wrongs[0], wrongs[1]),
        alternatives=tuple(alternatives),
        category=category,
        difficulty=_difficulty(meta.get("difficulty")),
        source=meta.get("source") or source,
    )


def write_gift(deck: Deck) -> str:
    """The deck as GIFT, with the fields GIFT has no place for kept in comments."""
    lines = [f"// partie deck {deck.id}: {deck.title}", ""]
    category = None
    for card in deck.cards:
        for number, q in enumerate(card.questions, start=1):
            if q.category != category:
                lines += [f"$CATEGORY: {q.category}", ""]
                category = q.category
            lines.append(f"// card: {card.id}")
            lines.append(f"// difficulty: {q.difficulty}")
            lines.append(f"// source: {' '.join(q.source.split())}")
            if q.alternatives:
                lines.append(f"// alternatives: {' | '.join(q.alternatives)}")
            lines.append(f"::{gift_escape(card.id)}-{number}:: {gift_escape(q.text)} {{")
            lines.append(f"={gift_escape(q.answer)}")
            lines += [f"~{gift_escape(w)}" for w in q.wrong]
            lines += ["}", ""]
    return "\n".join(lines)


# -- Aiken ----------------------------------------------------------------------------

_AIKEN_CHOICE = re.compile(r"^([A-Z])[.)]\s+(.*)$")
_AIKEN_ANSWER = re.compile(r"^ANSWER:\s*([A-Z])\s*$", re.IGNORECASE)


def read_aiken(text: str, source: str = "") -> Imported:
    out = Imported()
    stem: list[str] = []
    choices: dict[str, str] = {}
    start = 0
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        answer = _AIKEN_ANSWER.match(line)
        choice = _AIKEN_CHOICE.match(line)
        if answer:
            letter = answer.group(1).upper()
            if letter not in choices or len(choices) < 3 or not stem:
                out.skipped.append(
                    f"line {start}: needs a question, three choices or more and the "
                    "right letter among them"
                )
            else:
                wrong = [v for k, v in choices.items() if k != letter]
                out.add(
                    Question(
                        text=" ".join(stem),
                        answer=choices[letter],
                        wrong=(wrong[0], wrong[1]),
                        source=source,
                    )
                )
            stem, choices = [], {}
        elif choice and stem:
            choices[choice.group(1)] = choice.group(2).strip()
        else:
            if choices:  # a new question began without ANSWER:
                out.skipped.append(f"line {start}: no ANSWER: line")
                stem, choices = [], {}
            if not stem:
                start = number
            stem.append(line)
    if stem:
        out.skipped.append(f"line {start}: no ANSWER: line")
    return out


# -- CSV -------------------------------------------------------------------------------

CSV_COLUMNS = {
    "card": ("card", "carte"),
    "text": ("text", "question", "texte"),
    "answer": ("answer", "réponse", "reponse", "right", "bonne"),
    "wrong1": ("wrong1", "mauvaise1", "wrong_1"),
    "wrong2": ("wrong2", "mauvaise2", "wrong_2"),
    "alternatives": ("alternatives", "variantes"),
    "category": ("category", "catégorie", "categorie"),
    "difficulty": ("difficulty", "difficulté", "difficulte"),
    "source": ("source",),
}
CSV_HEADER = list(CSV_COLUMNS)


def read_csv(text: str, source: str = "") -> Imported:
    csv.field_size_limit(IMPORT_LIMITS.max_string)
    out = Imported()
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") >= first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        raise BadDeck("fichier CSV vide", "empty CSV file")
    header = [h.strip().lower() for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in CSV_COLUMNS.items():
        for i, name in enumerate(header):
            if name in names:
                where[key] = i
    missing = [k for k in ("text", "answer", "wrong1", "wrong2") if k not in where]
    if missing:
        raise BadDeck(
            f"colonnes CSV manquantes : {', '.join(missing)} (en-tête lu : {', '.join(header)})",
            f"missing CSV columns: {', '.join(missing)} (header read: {', '.join(header)})",
        )
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""

        if not (cell("text") and cell("answer") and cell("wrong1") and cell("wrong2")):
            out.skipped.append(f"row {number}: text, answer, wrong1 and wrong2 are needed")
            continue
        out.add(
            Question(
                text=cell("text"),
                answer=cell("answer"),
                wrong=(cell("wrong1"), cell("wrong2")),
                alternatives=tuple(a.strip() for a in cell("alternatives").split("|") if a.strip()),
                category=cell("category"),
                difficulty=_difficulty(cell("difficulty")),
                source=cell("source") or source,
            ),
            cell("card") or None,
        )
    return out


def write_csv(deck: Deck, delimiter: str = ";") -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for card in deck.cards:
        for q in card.questions:
            writer.writerow(
                [
                    card.id,
                    q.text,
                    q.answer,
                    q.wrong[0],
                    q.wrong[1],
                    " | ".join(q.alternatives),
                    q.category,
                    q.difficulty,
                    q.source,
                ]
            )
    return buffer.getvalue()


# -- JSON sources ---------------------------------------------------------------------


def _load_json(text: str) -> Any:
    try:
        return parse_json(text, what="JSON", limits=IMPORT_LIMITS)
    except BadInput as exc:
        raise BadDeck(exc.fr, exc.en) from None


def read_opentdb(text: str, source: str = "") -> Imported:
    data = _load_json(text)
    results = data.get("results") if isinstance(data, dict) else data
    if not isinstance(results, list):
        raise BadDeck(
            'JSON Open Trivia DB attendu : {"results": [...]}',
            'Open Trivia DB JSON expected: {"results": [...]}',
        )
    out = Imported()
    for n, item in enumerate(results, start=1):
        if not isinstance(item, dict) or item.get("type", "multiple") != "multiple":
            out.skipped.append(f"result {n}: not a multiple-choice question")
            continue
        wrong = [html.unescape(str(w)) for w in item.get("incorrect_answers", [])]
        if len(wrong) < 2 or not item.get("question") or not item.get("correct_answer"):
            out.skipped.append(f"result {n}: incomplete")
            continue
        category = html.unescape(str(item.get("category", ""))).strip()
        out.add(
            Question(
                text=html.unescape(str(item["question"])),
                answer=html.unescape(str(item["correct_answer"])),
                wrong=(wrong[0], wrong[1]),
                category=f"culture/{category.lower()}" if category else "",
                difficulty=_difficulty(item.get("difficulty")),
                source=source or OPENTDB_SOURCE,
            )
        )
    return out


def read_openquizzdb(text: str, source: str = "", lang: str = "fr") -> Imported:
    data = _load_json(text)
    quizz = data.get("quizz") if isinstance(data, dict) else data
    levels: list[tuple[str, Any]] = []
    if isinstance(quizz, dict):
        if any(isinstance(v, dict) for v in quizz.values()):
            chosen = quizz.get(lang) or next(v for v in quizz.values() if isinstance(v, dict))
            levels = list(chosen.items())
        else:
            levels = list(quizz.items())
    elif isinstance(quizz, list):
        levels = [("", quizz)]
    if not levels:
        raise BadDeck(
            'JSON OpenQuizzDB attendu : {"quizz": {"fr": {"débutant": [...]}}}',
            'OpenQuizzDB JSON expected: {"quizz": {"fr": {"débutant": [...]}}}',
        )
    theme = ""
    if isinstance(data, dict):
        names = data.get("catégorie-nom-slogan") or data.get("categorie-nom-slogan") or {}
        if isinstance(names, dict):
            entry = names.get(lang) or {}
            if isinstance(entry, dict):
                theme = str(entry.get("catégorie") or entry.get("nom") or "").strip()
    out = Imported()
    for level, items in levels:
        if not isinstance(items, list):
            continue
        for n, item in enumerate(items, start=1):
            if not isinstance(item, dict):
                continue
            answer = str(item.get("réponse") or item.get("reponse") or "").strip()
            proposals = [str(p).strip() for p in item.get("propositions", [])]
            wrong = [p for p in proposals if p and p != answer]
            if not item.get("question") or not answer or len(wrong) < 2:
                out.skipped.append(f"{level or 'quizz'} {n}: incomplete")
                continue
            wiki = str(item.get("wiki") or "").strip()
            out.add(
                Question(
                    text=str(item["question"]).strip(),
                    answer=answer,
                    wrong=(wrong[0], wrong[1]),
                    category=f"culture/{theme.lower()}" if theme else "",
                    difficulty=_difficulty(level),
                    source=source
                    or (f"{OPENQUIZZDB_SOURCE}; {wiki}" if wiki else OPENQUIZZDB_SOURCE),
                    explanation=str(item.get("anecdote") or "").strip(),
                )
            )
    return out


READERS = {
    "gift": read_gift,
    "aiken": read_aiken,
    "csv": read_csv,
    "opentdb": read_opentdb,
    "openquizzdb": read_openquizzdb,
}
WRITERS = {"gift": write_gift, "csv": write_csv}


def guess_format(path: Path, text: str) -> str:
    """The format from the file name, or from the JSON's shape."""
    suffix = path.suffix.lower()
    if suffix == ".gift":
        return "gift"
    if suffix == ".csv":
        return "csv"
    if suffix == ".aiken":
        return "aiken"
    if suffix == ".json":
        data = _load_json(text)
        if isinstance(data, dict) and "quizz" in data:
            return "openquizzdb"
        return "opentdb"
    raise BadDeck(
        f"format de {path.name} inconnu : précisez --from (gift, aiken, csv, opentdb, openquizzdb)",
        f"unknown format for {path.name}: give --from (gift, aiken, csv, opentdb, openquizzdb)",
    )


def read_source(
    path: str | Path, fmt: str | None, source: str = "", quiz_lang: str = "fr"
) -> tuple[str, Imported]:
    """The questions of the importer file at ``path`` and its format: the file is
    bounded and must be text (UTF-8, or Windows-1252 as older spreadsheets write it);
    a field of the wrong type anywhere is one ``BadDeck`` naming the file, never a
    traceback."""
    file = Path(path)
    raw = read_bounded(file, IMPORT_LIMITS.max_bytes, what="file")
    try:
        text = decode_text(raw, what=file.name, limits=IMPORT_LIMITS)
    except BadInput as exc:
        if exc.code != "not_utf8":
            raise BadDeck(exc.fr, exc.en) from None
        try:
            text = raw.decode("cp1252")
        except UnicodeDecodeError:
            raise BadDeck(exc.fr, exc.en) from None
    if _CONTROL.search(text):
        raise BadDeck(
            f"{file.name} : caractères de contrôle (fichier binaire ?)",
            f"{file.name}: control characters (a binary file?)",
        )
    fmt = fmt or guess_format(file, text)
    try:
        if fmt == "openquizzdb":
            return fmt, read_openquizzdb(text, source, quiz_lang)
        return fmt, READERS[fmt](text, source)
    except PartieError:
        raise
    except csv.Error as exc:
        raise BadDeck(
            f"{file.name} : CSV illisible ({exc})", f"{file.name}: unreadable CSV ({exc})"
        ) from None
    except (AttributeError, TypeError, ValueError, KeyError, IndexError, StopIteration):
        raise BadDeck(
            f"{file.name} : champ d'un type inattendu pour le format {fmt}",
            f"{file.name}: a field has an unexpected type for the {fmt} format",
        ) from None


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def build_deck(
    imported: Imported,
    deck_id: str,
    title: str,
    language: str = "fr",
    licence: str = "",
    authors: tuple[str, ...] = (),
) -> tuple[Deck, int]:
    """Cards of 7 from imported questions: by the card named in the file where there is
    one, else in file order. Returns the deck and how many questions were left out
    (an incomplete last card)."""
    groups: dict[str, list[Question]] = {}
    loose: list[Question] = []
    for question, card in zip(imported.questions, imported.cards, strict=True):
        if card:
            groups.setdefault(card, []).append(question)
        else:
            loose.append(question)
    cards: list[Card] = []
    left_out = 0
    for card_id, questions in groups.items():
        if len(questions) == QUESTIONS_PER_CARD:
            cards.append(Card(card_id, tuple(questions)))
        else:
            loose.extend(questions)
    used = {c.id for c in cards}
    n = 0
    for start in range(0, len(loose) - QUESTIONS_PER_CARD + 1, QUESTIONS_PER_CARD):
        n += 1
        while f"c{n:02d}" in used:
            n += 1
        cards.append(Card(f"c{n:02d}", tuple(loose[start : start + QUESTIONS_PER_CARD])))
    left_out = len(loose) % QUESTIONS_PER_CARD
    deck = Deck(
        id=deck_id,
        title=title,
        cards=tuple(cards),
        language=language,
        licence=licence,
        authors=authors,
    )
    return deck, left_out


__all__ = [
    "READERS",
    "WRITERS",
    "Imported",
    "build_deck",
    "guess_format",
    "read_aiken",
    "read_csv",
    "read_gift",
    "read_openquizzdb",
    "read_opentdb",
    "read_source",
    "write_csv",
    "write_gift",
]
