"""A question deck as its author writes it, question by question, and the checks shown
beside each field while they type.

The editor's document is a flat list of questions; cards of 7 are formed in order, as
the game deals them. Every check is the deck checker's (``decks.py``, what ``partie deck
check`` runs): each question goes through the same field checks, and the deck-wide
warnings (a right answer given away by another question, the rank of numeric answers)
run on the questions written so far, even while the last card is still incomplete. The
editor adds what only makes sense while typing: the middle-value cue of one numeric
question with better wrong numbers to try, near duplicates, lengths that will not fit a
printed card or a phone, and HTML pasted from elsewhere.

Nothing here does I/O: the web service stores documents and calls these functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from partie.core.inputs import BadInput
from partie.games.tennis_quizz.decks import (
    MIN_CARDS_TO_PLAY,
    QUESTIONS_PER_CARD,
    Card,
    Deck,
    DeckProblem,
    Question,
    _check_question,
    _values,
    answer_rank,
    deck_warnings,
    fold,
    plural,
)

MAX_QUESTIONS = 700
"""100 cards: more than any class needs, and a bound on the work of one check."""
MAX_TITLE = 120
MAX_FIELD = 500
"""Characters in one field; a question longer than ``CARD_TEXT`` is already warned."""
CARD_TEXT = 160
"""A question longer than this does not fit its seventh of a printed card (63 × 88 mm)
nor one phone screen beside its three choices."""
CARD_CHOICE = 48
"""A choice longer than this wraps on a phone's button and crowds the printed card."""
NEAR_DUPLICATE = 90
"""Similarity (0-100, case and accents folded) from which two questions are one."""
LEVELS = ("", "primaire", "collège", "lycée", "club", "adultes")
LANGUAGES = ("fr", "en")

_HTML = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>|&[a-zA-Z]+;|&#\d+;")
QUESTION_FIELDS = ("text", "answer", "wrong", "difficulty", "source", "explanation")


@dataclass(frozen=True)
class Problem:
    """One thing to show beside a field: ``question`` is its index in the document
    (``None`` for the whole deck), ``key`` names the warning so its author can keep it."""

    level: str  # "error" or "warning"
    fr: str
    en: str
    question: int | None = None
    field: str | None = None
    key: str = ""
    suggestion: list[str] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": self.level, "fr": self.fr, "en": self.en}
        data |= {"question": self.question, "field": self.field, "key": self.key}
        if self.suggestion:
            data["suggestion"] = self.suggestion
        return data


# -- the document -------------------------------------------------------------------------


def _text(value: Any, what: str, limit: int = MAX_FIELD) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(f"{what} : du texte est attendu", f"{what}: text is expected")
    if len(value) > limit:
        raise BadInput(
            f"{what} : au plus {limit} caractères", f"{what}: at most {limit} characters",
            code="string_too_long",
        )  # fmt: skip
    return value


def read_document(data: Any) -> dict[str, Any]:
    """The editor's document from untrusted JSON, normalised: unknown keys, wrong types
    and sizes are refused in one line (the stored document is always well formed)."""
    if not isinstance(data, dict):
        raise BadInput("paquet : un objet JSON est attendu", "deck: a JSON object is expected")
    unknown = set(data) - {"title", "language", "level", "questions", "kept", "public"}
    if unknown:
        name = sorted(unknown)[0][:30]
        raise BadInput(f"champ inconnu : {name}", f"unknown field: {name}", code="unknown_field")
    language = data.get("language", "fr")
    if language not in LANGUAGES:
        raise BadInput("langue : fr ou en", "language: fr or en")
    level = _text(data.get("level"), "niveau", 40)
    questions = data.get("questions", [])
    if not isinstance(questions, list) or len(questions) > MAX_QUESTIONS:
        raise BadInput(
            f"questions : une liste d'au plus {MAX_QUESTIONS}",
            f"questions: a list of at most {MAX_QUESTIONS}",
        )
    kept = data.get("kept", [])
    if not isinstance(kept, list) or len(kept) > 2 * MAX_QUESTIONS:
        raise BadInput("avertissements gardés : une liste", "kept warnings: a list")
    return {
        "title": _text(data.get("title"), "titre", MAX_TITLE),
        "language": language,
        "level": level,
        "public": bool(data.get("public", False)),
        "questions": [_read_question(q, i) for i, q in enumerate(questions)],
        "kept": sorted({_text(k, "avertissement gardé", 80) for k in kept}),
    }


def _read_question(data: Any, index: int) -> dict[str, Any]:
    where = f"question {index + 1}"
    if not isinstance(data, dict):
        raise BadInput(f"{where} : un objet est attendu", f"{where}: an object is expected")
    unknown = set(data) - set(QUESTION_FIELDS)
    if unknown:
        name = sorted(unknown)[0][:30]
        raise BadInput(f"{where} : champ inconnu {name}", f"{where}: unknown field {name}",
                       code="unknown_field")  # fmt: skip
    wrong = data.get("wrong", ["", ""])
    if not isinstance(wrong, list) or len(wrong) != 2:
        raise BadInput(f"{where} : deux mauvaises réponses", f"{where}: two wrong choices")
    difficulty = data.get("difficulty", 2)
    if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
        raise BadInput(f"{where} : difficulté 1, 2 ou 3", f"{where}: difficulty 1, 2 or 3")
    return {
        "text": _text(data.get("text"), where),
        "answer": _text(data.get("answer"), where),
        "wrong": [_text(w, where) for w in wrong],
        "difficulty": difficulty,
        "source": _text(data.get("source"), where),
        "explanation": _text(data.get("explanation"), where),
    }


def new_document(title: str = "", language: str = "fr", level: str = "") -> dict[str, Any]:
    return read_document({"title": title, "language": language, "level": level})


def document_from_deck(deck: Deck) -> dict[str, Any]:
    """A deck (built in, imported) as a document to edit: its questions in card order."""
    questions = [
        {
            "text": q.text,
            "answer": q.answer,
            "wrong": list(q.wrong),
            "difficulty": q.difficulty,
            "source": q.source,
            "explanation": q.explanation,
        }
        for q in deck.questions
    ]
    return read_document(
        {"title": deck.title[:MAX_TITLE], "language": deck.language if deck.language in
         LANGUAGES else "fr", "questions": questions[:MAX_QUESTIONS]}
    )  # fmt: skip


def _question_data(q: dict[str, Any]) -> dict[str, Any]:
    """One question as the deck format writes it (empty optional fields left out)."""
    data: dict[str, Any] = {
        "text": q["text"].strip(),
        "answer": q["answer"].strip(),
        "wrong": [w.strip() for w in q["wrong"]],
        "difficulty": q["difficulty"],
        "source": q["source"].strip(),
    }
    if q["explanation"].strip():
        data["explanation"] = q["explanation"].strip()
    return data


def card_id(index: int) -> str:
    return f"c{index + 1:02d}"


def to_deck(doc: dict[str, Any], deck_id: str) -> Deck:
    """The document as a ``Deck`` (for export and print); call only when it checks."""
    cards = []
    questions = doc["questions"]
    for start in range(0, len(questions), QUESTIONS_PER_CARD):
        chunk = questions[start : start + QUESTIONS_PER_CARD]
        cards.append(Card(card_id(start // QUESTIONS_PER_CARD), tuple(_question(q) for q in chunk)))
    return Deck(deck_id, doc["title"].strip() or deck_id, tuple(cards), doc["language"])


def _question(q: dict[str, Any]) -> Question:
    d = _question_data(q)
    return Question(
        d["text"], d["answer"], (d["wrong"][0], d["wrong"][1]), (), "", d["difficulty"],
        d["source"], d.get("explanation", ""),
    )  # fmt: skip


def document_from_file(filename: str, data: bytes) -> tuple[dict[str, Any], list[str]]:
    """A document from an uploaded file of any format the importers read (TOML, GIFT,
    Aiken, CSV — a French spreadsheet's Windows-1252 and ``;`` included —, Open Trivia
    DB, OpenQuizzDB), even when the deck is not yet complete or right: the editor shows
    what to fix. Returns the document and the entries the reader had to skip."""
    import tomllib

    from partie.core.inputs import decode_text
    from partie.games.tennis_quizz.importers import READERS
    from partie.games.tennis_quizz.uploads import DECK_LIMITS, format_of

    try:
        text = decode_text(data, what=filename, limits=DECK_LIMITS)
    except BadInput as exc:
        if exc.code != "not_utf8":
            raise
        text = data.decode("cp1252", errors="replace")
    fmt = format_of(filename, text)
    title = re.sub(r"\.[A-Za-z0-9]{1,5}$", "", filename)[:MAX_TITLE] or "paquet"
    if fmt == "toml":
        try:
            raw = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise BadInput(f"TOML illisible : {exc}", f"unreadable TOML: {exc}") from None
        head = raw.get("deck") if isinstance(raw.get("deck"), dict) else {}
        questions = [
            {k: v for k, v in q.items() if k in QUESTION_FIELDS}
            for card in raw.get("cards", []) if isinstance(card, dict)
            for q in card.get("questions", []) if isinstance(q, dict)
        ]  # fmt: skip
        doc = read_document({"title": str(head.get("title", title))[:MAX_TITLE],
                             "questions": questions[:MAX_QUESTIONS]})  # fmt: skip
        return doc, []
    imported = READERS[fmt](text, "")
    source = f"importé de {filename}"
    deck = Deck("import", title, (Card("all", tuple(imported.questions)),))
    doc = document_from_deck(deck)
    for q in doc["questions"]:
        q["source"] = q["source"] or source
    return doc, list(imported.skipped)


def write_aiken(deck: Deck) -> str:
    """The deck as Aiken (question, A. B. C. choices, ANSWER:): the right answer's place
    varies from question to question, as a reader would expect of a quiz."""
    lines = []
    for n, q in enumerate(deck.questions):
        choices = [q.answer, *q.wrong]
        place = n % 3
        choices[0], choices[place] = choices[place], choices[0]
        lines.append(" ".join(q.text.split()))
        lines += [f"{'ABC'[i]}. {' '.join(c.split())}" for i, c in enumerate(choices)]
        lines += [f"ANSWER: {'ABC'[place]}", ""]
    return "\n".join(lines)


# -- the checks -----------------------------------------------------------------------------


def check_document(doc: dict[str, Any]) -> dict[str, Any]:
    """Every problem of the document, each placed at its question and field; ``ready``
    when a table may use it (no error). Warnings never block; one kept on purpose (its
    ``key`` in ``doc["kept"]``) is reported as kept."""
    problems: list[Problem] = []
    questions = doc["questions"]
    valid: list[tuple[int, Question]] = []
    for index, q in enumerate(questions):
        found: list[Problem] = []

        def err(fr: str, en: str, _card: Any, _qn: Any, field: Any, index: int = index,
                found: list[Problem] = found) -> None:  # fmt: skip
            found.append(Problem("error", fr, en, index, field))

        checked = _check_question(_question_data(q), card_id(index // 7), index % 7 + 1, err)
        problems += found
        problems += _typing_warnings(index, q)
        if checked is not None and not found:
            valid.append((index, checked))
    problems += _near_duplicates(questions)
    problems += _deck_problems(doc, valid)
    kept = set(doc.get("kept", ()))
    errors = [p.to_json() for p in problems if p.level == "error"]
    warnings = []
    for p in problems:
        if p.level == "warning":
            warnings.append({**p.to_json(), "kept": bool(p.key) and p.key in kept})
    full = len(questions) // QUESTIONS_PER_CARD
    return {
        "questions": len(questions),
        "cards": full,
        "ready": not errors,
        "errors": errors,
        "warnings": warnings,
    }


def _typing_warnings(index: int, q: dict[str, Any]) -> list[Problem]:
    out = []
    rank_question = _as_question(q)
    if rank_question is not None and answer_rank(rank_question) == 1:
        out.append(
            Problem(
                "warning",
                "la bonne réponse est la valeur du milieu : qui hésite la choisit et gagne ; "
                "prenez deux mauvaises valeurs du même côté",
                "the right answer is the middle value: whoever hesitates picks it and wins; "
                "take both wrong values on the same side",
                index,
                "wrong",
                f"q{index}:middle",
                better_wrong_numbers(q["answer"], q["wrong"]),
            )
        )
    if len(q["text"]) > CARD_TEXT:
        out.append(Problem(
            "warning",
            f"question longue ({len(q['text'])} caractères) : au-delà de {CARD_TEXT}, "
            "elle ne tient plus sur la carte imprimée ni sur un écran de téléphone",
            f"long question ({len(q['text'])} characters): beyond {CARD_TEXT} it no longer "
            "fits the printed card nor a phone screen",
            index, "text", f"q{index}:long",
        ))  # fmt: skip
    for field, value in (("answer", q["answer"]), ("wrong", " / ".join(q["wrong"]))):
        longest = max([value] if field == "answer" else q["wrong"], key=len)
        if len(longest) > CARD_CHOICE:
            out.append(Problem(
                "warning",
                f"choix long ({len(longest)} caractères) : au-delà de {CARD_CHOICE}, il "
                "déborde du bouton sur un téléphone",
                f"long choice ({len(longest)} characters): beyond {CARD_CHOICE} it overflows "
                "its button on a phone",
                index, field, f"q{index}:{field}-long",
            ))  # fmt: skip
    for field in ("text", "answer", "source", "explanation"):
        if _HTML.search(q[field]):
            out.append(Problem(
                "warning",
                "balise ou entité HTML : elle sera montrée telle quelle, pas interprétée",
                "HTML tag or entity: it will be shown as typed, not rendered",
                index, field, f"q{index}:{field}-html",
            ))  # fmt: skip
    return out


def _as_question(q: dict[str, Any]) -> Question | None:
    if not q["answer"].strip() or not all(w.strip() for w in q["wrong"]):
        return None
    return _question(q)


def better_wrong_numbers(answer: str, wrong: list[str]) -> list[str] | None:
    """Two wrong values on the same side of the right one, spaced like the author's,
    written the same way ("1998" → "2001", "2004"; "23,77 m" → "26,77 m", "29,77 m"):
    one pair above, one below, so the answer is not the middle any more."""
    read = _values(answer)
    others = [_values(w) for w in wrong]
    if read is None or any(o is None for o in others) or len(read[0]) != 1:
        return None
    value = read[0][0]
    gaps = [abs(o[0][0] - value) for o in others if o and len(o[0]) == 1]
    step = min(gaps) if gaps and min(gaps) > 0 else 1.0
    decimals = _decimals(answer)
    found = re.search(r"[-−]?\d[\d \u00a0\u202f]*(?:[.,]\d+)?", answer)
    assert found is not None

    def write(number: float) -> str:
        text = f"{number:.{decimals}f}"
        if "," in found.group(0):
            text = text.replace(".", ",")
        return answer[: found.start()] + text + answer[found.end() :]

    above = [write(value + step), write(value + 2 * step)]
    below = [write(value - 2 * step), write(value - step)]
    return [f"{above[0]} ; {above[1]}", f"{below[0]} ; {below[1]}"]


def _decimals(text: str) -> int:
    found = re.search(r"\d[.,](\d+)", text)
    return len(found.group(1)) if found else 0


def _near_duplicates(questions: list[dict[str, Any]]) -> list[Problem]:
    """Two questions asking nearly the same thing (same words but for a letter or two)."""
    folded = [fold(q["text"]) for q in questions]
    out = []
    for i, a in enumerate(folded):
        if len(a) < 12:
            continue
        for j in range(i):
            b = folded[j]
            if len(b) < 12 or abs(len(a) - len(b)) > len(a) // 5:
                continue
            if a == b or fuzz.ratio(a, b) >= NEAR_DUPLICATE:
                out.append(Problem(
                    "warning",
                    f"presque la même question que la question {j + 1}",
                    f"nearly the same question as question {j + 1}",
                    i, "text", f"q{i}:dup{j}",
                ))  # fmt: skip
                break
    return out


def _deck_problems(doc: dict[str, Any], valid: list[tuple[int, Question]]) -> list[Problem]:
    """The deck checker's deck-wide warnings on the questions that check, and what keeps
    the deck from a table (an incomplete card, too few cards)."""
    out = []
    if not doc["title"].strip():
        out.append(Problem("error", "donnez un titre au paquet", "give the deck a title",
                           None, "title"))  # fmt: skip
    count = len(doc["questions"])
    rest = count % QUESTIONS_PER_CARD
    if rest:
        missing = QUESTIONS_PER_CARD - rest
        out.append(Problem(
            "error",
            f"la carte {count // QUESTIONS_PER_CARD + 1} a "
            f"{plural(rest, 'question', 'questions')} sur 7 : il en manque {missing}",
            f"card {count // QUESTIONS_PER_CARD + 1} has {rest} of 7 questions: "
            f"{missing} missing",
            None, "questions",
        ))  # fmt: skip
    full = count // QUESTIONS_PER_CARD
    if full < MIN_CARDS_TO_PLAY:
        out.append(Problem(
            "error",
            f"{plural(full, 'carte complète', 'cartes complètes')} : il en faut au moins "
            f"{MIN_CARDS_TO_PLAY} pour jouer (deux par équipe)",
            f"{plural(full, 'full card', 'full cards', 'en')}: at least {MIN_CARDS_TO_PLAY} "
            "are needed to play (two a side)",
            None, "questions",
        ))  # fmt: skip
    if not valid:
        return out
    places = {}
    cards = []
    for start in range(0, len(valid), QUESTIONS_PER_CARD):
        chunk = valid[start : start + QUESTIONS_PER_CARD]
        cid = card_id(start // QUESTIONS_PER_CARD)
        for n, (index, _) in enumerate(chunk, 1):
            places[(cid, n)] = index
        cards.append(Card(cid, tuple(q for _, q in chunk)))
    deck = Deck("editor", doc["title"] or "editor", tuple(cards), doc["language"])
    for problem in deck_warnings(deck, "editor"):
        if problem.field == "cards":
            continue  # said above, as an error, in the editor's words
        index = places.get((problem.card, problem.question)) if problem.card else None
        key = f"q{index}:giveaway" if problem.field == "text" else "deck:rank"
        out.append(_from_checker(problem, index, key))
    return out


def _from_checker(problem: DeckProblem, index: int | None, key: str) -> Problem:
    return Problem("warning", problem.message_fr, problem.message_en, index, problem.field, key)


__all__ = [
    "MAX_QUESTIONS",
    "Problem",
    "better_wrong_numbers",
    "check_document",
    "document_from_deck",
    "document_from_file",
    "new_document",
    "read_document",
    "to_deck",
    "write_aiken",
]
