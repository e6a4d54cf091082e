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
    "facile": 1,
    "moyen": 2,
    "moyenne": 2,
    "difficile": 3,
    "dur": 3,
    "difficult": 3,
}


@dataclass(frozen=True)
class Note:
    """Why an entry was skipped (or a value read another way), in French and English,
    with the line of the file it is on (``None`` where the format has no lines, as
    JSON results) and the entry's name there (``"row 4"``, ``"result 2"``)."""

    line: int | None
    fr: str
    en: str
    place_fr: str = ""
    place_en: str = ""


@dataclass
class Imported:
    """Questions read from a file, the card of each when the file names it, and why
    some entries were skipped (``skipped``: one English line each, for the command
    line; ``problems``: the same in both languages with their line, for the browser;
    ``notes``: values read another way than written, such as a difficulty "facile")."""

    questions: list[Question] = field(default_factory=list)
    cards: list[str | None] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    problems: list[Note] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    def add(self, question: Question, card: str | None = None) -> None:
        self.questions.append(question)
        self.cards.append(card)

    def skip(self, kind: str, number: int, fr: str, en: str, line: int | None = None) -> None:
        """An entry left out: ``kind`` is line, row or result (as the file counts)."""
        self.skipped.append(f"{kind} {number}: {en}")
        place_fr = {"line": "ligne", "row": "rangée", "result": "question"}.get(kind, kind)
        if kind == "line":
            line = number
        self.problems.append(Note(line, fr, en, f"{place_fr} {number}", f"{kind} {number}"))


class BadDifficulty(ValueError):
    """A difficulty that is neither 1, 2, 3 nor a level's name: refused, never guessed."""


def _difficulty(value: Any, default: int = 2) -> int:
    """1, 2 or 3 from a number or a level's name ("facile", "medium"); empty: ``default``;
    anything else raises ``BadDifficulty`` (a "9" silently stored as 2 would surprise)."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (1, 2, 3):
        return value
    text = str(value if value is not None else "").strip().lower()
    if not text:
        return default
    if text in ("1", "2", "3"):
        return int(text)
    if text in LEVELS:
        return LEVELS[text]
    raise BadDifficulty(text)


def _difficulty_problem(text: str) -> tuple[str, str]:
    return (
        f"difficulté « {text} » : 1, 2 ou 3 attendu (ou facile, moyen, difficile)",
        f"difficulty “{text}”: 1, 2 or 3 expected (or easy, medium, hard)",
    )


def _level_note(out: Imported, value: Any, line: int | None) -> None:
    """Say once per word that a level's name was read as a number ("facile" → 1)."""
    text = str(value or "").strip().lower()
    if text in LEVELS and not any(n.en.startswith(f"difficulty “{text}”") for n in out.notes):
        out.notes.append(
            Note(
                line,
                f"difficulté « {text} » lue comme {LEVELS[text]} (1 facile, 2 moyen, 3 difficile)",
                f"difficulty “{text}” read as {LEVELS[text]} (1 easy, 2 medium, 3 hard)",
            )
        )


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
        out.skip(
            "line",
            line_no,
            "pas de réponses entre accolades : « Question ? {=bonne ~mauvaise ~mauvaise} »",
            "no answers in braces: “Question? {=right ~wrong ~wrong}”",
        )
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
                out.skip(
                    "line",
                    line_no,
                    "ce n'est pas une question à choix (une bonne réponse « = », des "
                    "mauvaises « ~ »)",
                    "not a multiple-choice question (one right answer “=”, wrong ones “~”)",
                )
                return None
            continue
        value = _split_unescaped(piece, "#")[0][1]
        weight = re.match(r"^\s*%(-?\d+(?:\.\d+)?)%", value)
        if weight:
            value = value[weight.end() :]
        value = _gift_unescape(value)
        if "->" in value:
            out.skip(
                "line",
                line_no,
                "les questions d'appariement (« -> ») ne sont pas prises en charge",
                "matching questions (“->”) are not supported",
            )
            return None
        good = marker == "=" or (weight is not None and float(weight.group(1)) >= 100)
        (rights if good else wrongs).append(value)
    if len(rights) != 1 or len(wrongs) < 2:
        out.skip(
            "line",
            line_no,
            "il faut une bonne réponse (« = ») et au moins deux mauvaises (« ~ ») : "
            f"{len(rights)} bonne(s), {len(wrongs)} mauvaise(s)",
            "needs one right answer (“=”) and at least two wrong ones (“~”): "
            f"{len(rights)} right, {len(wrongs)} wrong",
        )
        return None
    alternatives = [a.strip() for a in meta.get("alternatives", "").split("|") if a.strip()]
    try:
        difficulty = _difficulty(meta.get("difficulty"))
    except BadDifficulty as exc:
        out.skip("line", line_no, *_difficulty_problem(str(exc)))
        return None
    _level_note(out, meta.get("difficulty"), line_no)
    return Question(
        text=text,
        answer=rights[0],
        wrong=(wrongs[0], wrongs[1]),
        alternatives=tuple(alternatives),
        category=category,
        difficulty=difficulty,
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
                out.skip(
                    "line",
                    start,
                    "il faut une question, au moins trois choix (A. B. C.) et la lettre "
                    "de la bonne réponse parmi eux (ANSWER: B)",
                    "needs a question, three choices or more (A. B. C.) and the right "
                    "letter among them (ANSWER: B)",
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
                out.skip(
                    "line",
                    start,
                    "pas de ligne « ANSWER: » donnant la bonne lettre",
                    "no “ANSWER:” line giving the right letter",
                )
                stem, choices = [], {}
            if not stem:
                start = number
            stem.append(line)
    if stem:
        out.skip(
            "line",
            start,
            "pas de ligne « ANSWER: » donnant la bonne lettre",
            "no “ANSWER:” line giving the right letter",
        )
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


CSV_DELIMITERS = (";", ",", "\t")


def csv_delimiter(text: str) -> str:
    """The separator that cuts the most of the first lines into as many cells as the
    header has (at least the four needed): French Excel writes ``;``, others ``,``.
    A tie goes to the header's most frequent one."""
    lines = [line for line in text.splitlines()[:30] if line.strip()]
    if not lines:
        return ";"
    best, best_score = None, -1
    for delimiter in CSV_DELIMITERS:
        try:
            rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
        except csv.Error:
            continue
        width = len(rows[0]) if rows else 0
        if width < 4:
            continue
        score = sum(1 for row in rows[1:] if len(row) == width)
        if score > best_score or (
            score == best_score
            and best is not None
            and lines[0].count(delimiter) > lines[0].count(best)
        ):
            best, best_score = delimiter, score
    if best is not None:
        return best
    first = lines[0]
    return max(CSV_DELIMITERS, key=first.count)


def _shown_delimiter(delimiter: str) -> tuple[str, str]:
    return {"\t": ("tabulation", "tab")}.get(delimiter, (f"« {delimiter} »", f"“{delimiter}”"))


def read_csv(text: str, source: str = "") -> Imported:
    csv.field_size_limit(IMPORT_LIMITS.max_string)
    out = Imported()
    text = text.lstrip("\ufeff")
    delimiter = csv_delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        first = next(reader)
    except StopIteration:
        raise BadDeck("fichier CSV vide", "empty CSV file") from None
    header = [h.strip().lower() for h in first]
    where: dict[str, int] = {}
    for key, names in CSV_COLUMNS.items():
        for i, name in enumerate(header):
            if name in names:
                where[key] = i
    missing = [k for k in ("text", "answer", "wrong1", "wrong2") if k not in where]
    if missing:
        sep_fr, sep_en = _shown_delimiter(delimiter)
        raise BadDeck(
            f"colonnes CSV manquantes : {', '.join(CSV_COLUMNS[k][1] for k in missing)}"
            f" (en-tête lu avec le séparateur {sep_fr} : {' | '.join(first) or 'vide'} ; "
            f"attendu : {CSV_EXPECTED_FR})",
            f"missing CSV columns: {', '.join(missing)} (header read with the separator {sep_en}: "
            f"{' | '.join(first) or 'empty'}; expected: {CSV_EXPECTED_EN})",
        )
    names = {key: first[i].strip() for key, i in where.items()}
    other = [d for d in CSV_DELIMITERS if d != delimiter]
    line = reader.line_num + 1
    for row in reader:
        number, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            i = where.get(key)
            return row[i].strip() if i is not None and i < len(row) else ""

        empty = [names[k] for k in ("text", "answer", "wrong1", "wrong2") if not cell(k)]
        if empty:
            joined = ", ".join(empty)
            hint_fr = hint_en = ""
            if len(row) < len(header):
                found = next((d for d in other if d in delimiter.join(row)), None)
                if found is not None:
                    sep_fr, sep_en = _shown_delimiter(delimiter)
                    got_fr, got_en = _shown_delimiter(found)
                    hint_fr = (
                        f" (l'en-tête sépare les colonnes par {sep_fr}, cette ligne par {got_fr} ?)"
                    )
                    hint_en = (
                        f" (the header separates columns with {sep_en}, this line with {got_en}?)"
                    )
            out.skip(
                "row",
                number,
                f"case(s) vide(s) ou absente(s) : {joined}{hint_fr}",
                f"empty or missing cell(s): {joined}{hint_en}",
                line=number,
            )
            continue
        try:
            difficulty = _difficulty(cell("difficulty"))
        except BadDifficulty as exc:
            out.skip("row", number, *_difficulty_problem(str(exc)), line=number)
            continue
        _level_note(out, cell("difficulty"), number)
        out.add(
            Question(
                text=cell("text"),
                answer=cell("answer"),
                wrong=(cell("wrong1"), cell("wrong2")),
                alternatives=tuple(a.strip() for a in cell("alternatives").split("|") if a.strip()),
                category=cell("category"),
                difficulty=difficulty,
                source=cell("source") or source,
            ),
            cell("card") or None,
        )
    return out


CSV_EXPECTED_FR = (
    "question ; réponse ; mauvaise1 ; mauvaise2, et si vous voulez difficulté (1 à 3), "
    "catégorie, variantes (séparées par |), source, carte"
)
CSV_EXPECTED_EN = (
    "text, answer, wrong1, wrong2, and if you wish difficulty (1 to 3), category, "
    "alternatives (separated by |), source, card"
)


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
            out.skip(
                "result",
                n,
                "ce n'est pas une question à choix multiple",
                "not a multiple-choice question",
            )
            continue
        wrong = [html.unescape(str(w)) for w in item.get("incorrect_answers", [])]
        if len(wrong) < 2 or not item.get("question") or not item.get("correct_answer"):
            out.skip(
                "result",
                n,
                "incomplète (question, bonne réponse et deux mauvaises attendues)",
                "incomplete (a question, the right answer and two wrong ones expected)",
            )
            continue
        try:
            difficulty = _difficulty(item.get("difficulty"))
        except BadDifficulty as exc:
            out.skip("result", n, *_difficulty_problem(str(exc)))
            continue
        category = html.unescape(str(item.get("category", ""))).strip()
        out.add(
            Question(
                text=html.unescape(str(item["question"])),
                answer=html.unescape(str(item["correct_answer"])),
                wrong=(wrong[0], wrong[1]),
                category=f"culture/{category.lower()}" if category else "",
                difficulty=difficulty,
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
                out.skip(
                    level or "quizz",
                    n,
                    "incomplète (question, réponse et deux autres propositions attendues)",
                    "incomplete (a question, the answer and two other proposals expected)",
                )
                continue
            wiki = str(item.get("wiki") or "").strip()
            out.add(
                Question(
                    text=str(item["question"]).strip(),
                    answer=answer,
                    wrong=(wrong[0], wrong[1]),
                    category=f"culture/{theme.lower()}" if theme else "",
                    difficulty=_level_difficulty(level),
                    source=source
                    or (f"{OPENQUIZZDB_SOURCE}; {wiki}" if wiki else OPENQUIZZDB_SOURCE),
                    explanation=str(item.get("anecdote") or "").strip(),
                )
            )
    return out


def _level_difficulty(level: str) -> int:
    """OpenQuizzDB's level names ("débutant"...); an unknown level is a middle one."""
    try:
        return _difficulty(level)
    except BadDifficulty:
        return 2


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
