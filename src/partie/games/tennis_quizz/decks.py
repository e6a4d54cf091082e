"""Question decks: the vocabulary (``Question``, ``Card``, ``Deck``), the TOML format
people write by hand, and its validation with the exact place of every error.

The format is documented in ``docs/deck-format.md``. A deck is found by a file path or
by the name of a built-in deck (any ``*.toml`` in the ``decks/`` folder, by file stem
or by ``[deck] id``).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from partie.core.errors import BadDeck, PartieError
from partie.core.files import read_bounded
from partie.core.inputs import BadInput, Limits, decode_text, too_deep

DECK_LIMITS = Limits(max_bytes=1024 * 1024, max_depth=16, max_string=10_000)
"""A deck file (or inline deck text) is at most 1 MiB, nested at most 16 deep."""
INLINE_PREFIX = "sha256:"
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")

QUESTIONS_PER_CARD = 7
DIFFICULTIES = (1, 2, 3)
QUESTION_KEYS = {
    "text",
    "answer",
    "wrong",
    "alternatives",
    "category",
    "difficulty",
    "source",
    "explanation",
}
CARD_KEYS = {"id", "title", "questions"}
DECK_KEYS = {"id", "title", "language", "licence", "license", "authors", "description", "version"}


@dataclass(frozen=True)
class Question:
    """One question of a card: the right answer and two wrong choices."""

    text: str
    answer: str
    wrong: tuple[str, str]
    alternatives: tuple[str, ...] = ()
    category: str = ""
    difficulty: int = 2
    source: str = ""
    explanation: str = ""

    @property
    def choices(self) -> tuple[str, str, str]:
        """The three choices, right answer first (the game shuffles them when asking)."""
        return (self.answer, self.wrong[0], self.wrong[1])

    def to_data(self) -> dict[str, Any]:
        """The question as TOML-ready data, empty optional fields left out."""
        data: dict[str, Any] = {"text": self.text, "answer": self.answer, "wrong": list(self.wrong)}
        if self.alternatives:
            data["alternatives"] = list(self.alternatives)
        if self.category:
            data["category"] = self.category
        data["difficulty"] = self.difficulty
        data["source"] = self.source
        if self.explanation:
            data["explanation"] = self.explanation
        return data


@dataclass(frozen=True)
class Card:
    id: str
    questions: tuple[Question, ...]


@dataclass(frozen=True)
class Deck:
    id: str
    title: str
    cards: tuple[Card, ...]
    language: str = "fr"
    licence: str = ""
    authors: tuple[str, ...] = ()
    path: str = ""

    @property
    def questions(self) -> list[Question]:
        return [q for c in self.cards for q in c.questions]

    def to_toml(self) -> str:
        """The deck in its TOML format (what importers write)."""
        import tomli_w

        head: dict[str, Any] = {"id": self.id, "title": self.title, "language": self.language}
        if self.licence:
            head["licence"] = self.licence
        if self.authors:
            head["authors"] = list(self.authors)
        data = {
            "deck": head,
            "cards": [
                {"id": c.id, "questions": [q.to_data() for q in c.questions]} for c in self.cards
            ],
        }
        return tomli_w.dumps(data, multiline_strings=False)


@dataclass(frozen=True)
class DeckProblem:
    """One error (or warning) and its exact place: file, card, question (1-7), field."""

    file: str
    message_fr: str
    message_en: str
    card: str | None = None
    question: int | None = None
    field: str | None = None

    def where(self, lang: str = "fr") -> str:
        parts = [self.file]
        if self.card is not None:
            parts.append(f"{'carte' if lang == 'fr' else 'card'} {self.card}")
        if self.question is not None:
            parts.append(f"question {self.question}")
        if self.field is not None:
            parts.append(f"{'champ' if lang == 'fr' else 'field'} {self.field}")
        return ", ".join(parts)

    def text(self, lang: str = "fr") -> str:
        return f"{self.where(lang)}: {self.message_fr if lang == 'fr' else self.message_en}"

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "card": self.card,
            "question": self.question,
            "field": self.field,
            "fr": self.message_fr,
            "en": self.message_en,
        }


@dataclass
class DeckReport:
    """What ``partie deck check`` prints: counts, errors and warnings."""

    file: str
    deck: Deck | None = None
    cards: int = 0
    questions: int = 0
    errors: list[DeckProblem] = field(default_factory=list)
    warnings: list[DeckProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "deck": self.deck.id if self.deck else None,
            "cards": self.cards,
            "questions": self.questions,
            "errors": [e.to_json() for e in self.errors],
            "warnings": [w.to_json() for w in self.warnings],
        }


# -- finding decks ---------------------------------------------------------------------


def builtin_dir() -> Path:
    return Path(__file__).parent / "decks"


def builtin_decks() -> list[Path]:
    """Every built-in deck file, sorted by name."""
    folder = builtin_dir()
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []


def resolve(spec: str) -> Path:
    """A deck file from a path or the name of a built-in deck."""
    path = Path(spec)
    if path.is_file():
        return path
    builtin = resolve_builtin(spec)
    if builtin is not None:
        return builtin
    known = ", ".join(p.stem for p in builtin_decks()) or "-"
    raise BadDeck(
        f"paquet introuvable : {spec!r} (ni fichier, ni paquet intégré ; intégrés : {known})",
        f"deck not found: {spec!r} (neither a file nor a built-in deck; built-in: {known})",
    )


# -- reading and checking ----------------------------------------------------------------


def fold(text: str) -> str:
    """Case and accents folded, for comparing choices."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def check_text(text: str, file: str) -> DeckReport:
    """Parse and validate deck ``text`` (read from ``file``); every problem is reported
    with its place, and ``report.deck`` is set only when there is no error."""
    report = DeckReport(file=file)
    try:
        text = decode_text(text, what="TOML", limits=DECK_LIMITS)
        check_toml_depth(text, what="TOML")
        data = tomllib.loads(text)
    except BadInput as exc:
        report.errors.append(DeckProblem(file, exc.fr, exc.en))
        return report
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, tomllib.TOMLDecodeError) else "nesting"
        report.errors.append(
            DeckProblem(file, f"TOML illisible : {reason}", f"unreadable TOML: {reason}")
        )
        return report
    _check(data, report)
    return report


def check_toml_depth(text: str, *, what: str, limits: Limits = DECK_LIMITS) -> None:
    """Refuse TOML nested deeper than ``limits.max_depth`` (arrays and inline tables)
    before ``tomllib`` recurses into it; strings and comments are skipped."""
    depth, i, n = 0, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "\"'":
            triple = text.startswith(ch * 3, i)
            quote = ch * 3 if triple else ch
            j = i + len(quote)
            while j < n:
                if ch == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j) or (not triple and text[j] == "\n"):
                    break
                j += 1
            i = j + len(quote)
            continue
        if ch in "[{":
            depth += 1
            if depth > limits.max_depth:
                raise too_deep(what, limits)
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1


def inline_deck_id(text: str) -> str:
    """The id a deck carried inline goes by: ``sha256:`` and 16 hex digits of its text."""
    return INLINE_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def deck_from_text(text: str) -> Deck:
    """A deck carried inline (an option, a record, a web message): parsed by the same
    checks as a file, cached by its hash; raises ``BadDeck`` naming the first error."""
    if len(text) > DECK_LIMITS.max_bytes:
        raise BadDeck(
            "paquet en ligne trop gros (au plus 1 Mio)", "inline deck too large (at most 1 MiB)"
        )
    return _inline_cached(inline_deck_id(text), text)


@cache
def _inline_cached(deck_id: str, text: str) -> Deck:
    deck = _first_error(check_text(text, deck_id))
    for question in deck.questions:
        _KNOWN[fold(question.text)] = question
    return deck


def is_builtin(spec: str) -> bool:
    """Whether ``spec`` names a built-in deck (by file stem or ``[deck] id``), never a
    file path: what untrusted options may name."""
    if "/" in spec or "\\" in spec or spec.startswith("."):
        return False
    try:
        path = resolve_builtin(spec)
    except BadDeck:
        return False
    return path is not None


def resolve_builtin(spec: str) -> Path | None:
    """The built-in deck named ``spec``, or ``None``."""
    for candidate in builtin_decks():
        if candidate.stem == spec:
            return candidate
    for candidate in builtin_decks():
        try:
            with candidate.open("rb") as handle:
                if tomllib.load(handle).get("deck", {}).get("id") == spec:
                    return candidate
        except (OSError, tomllib.TOMLDecodeError, AttributeError):
            continue
    return None


def _read_raw(path: Path) -> bytes:
    """The deck file's bytes, through the one input check (a regular file within the
    deck's size limit)."""
    try:
        return read_bounded(path, DECK_LIMITS.max_bytes, what=("le paquet", "deck"))
    except PartieError as exc:
        raise BadDeck(exc.fr, exc.en) from None


def read_deck_text(spec: str) -> str:
    """The text of the deck file (or built-in deck) ``spec``, bounded and UTF-8."""
    path = resolve(spec)
    raw = _read_raw(path)
    try:
        return decode_text(raw, what=str(path), limits=DECK_LIMITS)
    except BadInput as exc:
        raise BadDeck(exc.fr, exc.en) from None


def check_file(spec: str) -> DeckReport:
    """Check the deck named or stored at ``spec``."""
    path = resolve(spec)
    raw = _read_raw(path)
    try:
        text = decode_text(raw, what=str(path), limits=DECK_LIMITS)
    except BadInput as exc:
        report = DeckReport(file=str(path))
        report.errors.append(DeckProblem(str(path), exc.fr, exc.en))
        return report
    report = check_text(text, str(path))
    if report.deck is not None:
        report.deck = _with_path(report.deck, str(path))
    return report


def load_deck(spec: str) -> Deck:
    """The deck at ``spec``; a deck with errors raises ``BadDeck`` naming the first one."""
    path = resolve(spec)
    stat = path.stat()
    return _load_cached(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@cache
def _load_cached(path: str, _mtime: int, _size: int) -> Deck:
    deck = _first_error(check_file(path))
    for question in deck.questions:
        _KNOWN[fold(question.text)] = question
    return deck


def _first_error(report: DeckReport) -> Deck:
    """The deck of ``report``, or ``BadDeck`` naming its first error."""
    if report.errors or report.deck is None:
        first = report.errors[0]
        more = len(report.errors) - 1
        tail_fr = f" (et {more} autre{'s' if more > 1 else ''} erreur{'s' if more > 1 else ''})"
        tail_en = f" (and {more} more error{'s' if more > 1 else ''})"
        raise BadDeck(
            f"paquet invalide : {first.text('fr')}{tail_fr if more else ''}",
            f"invalid deck: {first.text('en')}{tail_en if more else ''}",
        )
    return report.deck


_KNOWN: dict[str, Question] = {}


def recall(text: str) -> Question | None:
    """The question with this text in any deck loaded by this process: what a player
    who has learnt the published decks remembers (used by the quiz bots)."""
    return _KNOWN.get(fold(text))


def _with_path(deck: Deck, path: str) -> Deck:
    return Deck(
        id=deck.id,
        title=deck.title,
        cards=deck.cards,
        language=deck.language,
        licence=deck.licence,
        authors=deck.authors,
        path=path,
    )


def _check(data: dict[str, Any], report: DeckReport) -> None:
    file = report.file

    def err(fr: str, en: str, card: str | None = None, q: int | None = None, f: str | None = None):
        report.errors.append(DeckProblem(file, fr, en, card, q, f))

    def warn(fr: str, en: str, card: str | None = None, q: int | None = None, f: str | None = None):
        report.warnings.append(DeckProblem(file, fr, en, card, q, f))

    head = data.get("deck")
    deck_id, title, language, licence, authors = "", "", "fr", "", ()
    if not isinstance(head, dict):
        err("il manque la table [deck]", "the [deck] table is missing", f="deck")
    else:
        for key in sorted(set(head) - DECK_KEYS):
            warn(f"clé inconnue ignorée : {key}", f"unknown key ignored: {key}", f=f"deck.{key}")
        for key in ("id", "title"):
            value = head.get(key)
            if not isinstance(value, str) or not value.strip():
                err(
                    "texte non vide attendu",
                    "a non-empty text is expected",
                    f=f"deck.{key}",
                )
        for key in ("language", "licence", "license", "description", "version"):
            if key in head and not isinstance(head[key], str):
                err("texte attendu", "a text is expected", f=f"deck.{key}")
        if isinstance(head.get("language"), str) and not _LANGUAGE.match(head["language"]):
            err(
                "code de langue attendu (fr, en, pt-BR...)",
                "a language code is expected (fr, en, pt-BR...)",
                f="deck.language",
            )
        for key in ("id", "title"):
            if isinstance(head.get(key), str) and _CONTROL.search(head[key]):
                err("caractère de contrôle refusé", "control character refused", f=f"deck.{key}")
        deck_id = str(head.get("id", "")).strip()
        title = str(head.get("title", "")).strip()
        language = str(head.get("language", "fr"))
        licence = str(head.get("licence", head.get("license", "")))
        raw_authors = head.get("authors", [])
        if not isinstance(raw_authors, list) or not all(isinstance(a, str) for a in raw_authors):
            err("liste de noms attendue", "a list of names is expected", f="deck.authors")
        else:
            authors = tuple(raw_authors)
    for key in sorted(set(data) - {"deck", "cards"}):
        err(
            f"clé inconnue au premier niveau : {key}",
            f"unknown top-level key: {key}",
            f=key,
        )
    cards_data = data.get("cards")
    if not isinstance(cards_data, list) or not cards_data:
        err(
            "aucune carte : il faut au moins un [[cards]]",
            "no cards: at least one [[cards]] is needed",
            f="cards",
        )
        return
    cards: list[Card] = []
    seen_ids: dict[str, int] = {}
    seen_texts: dict[str, tuple[str, int]] = {}
    for n, card_data in enumerate(cards_data, start=1):
        if not isinstance(card_data, dict):
            err(f"la carte n°{n} n'est pas une table", f"card #{n} is not a table", card=f"#{n}")
            continue
        raw_id = card_data.get("id")
        name = raw_id.strip() if isinstance(raw_id, str) and raw_id.strip() else f"#{n}"
        if name == f"#{n}":
            err("identifiant de carte manquant", "card id missing", card=name, f="id")
        elif name in seen_ids:
            err(
                f"identifiant déjà pris par la carte n°{seen_ids[name]}",
                f"id already used by card #{seen_ids[name]}",
                card=name,
                f="id",
            )
        seen_ids.setdefault(name, n)
        for key in sorted(set(card_data) - CARD_KEYS):
            err(f"clé inconnue : {key}", f"unknown key: {key}", card=name, f=key)
        questions_data = card_data.get("questions")
        if not isinstance(questions_data, list):
            err(
                "il manque les questions ([[cards.questions]])",
                "questions missing ([[cards.questions]])",
                card=name,
                f="questions",
            )
            continue
        if len(questions_data) != QUESTIONS_PER_CARD:
            err(
                f"une carte a 7 questions, celle-ci en a {len(questions_data)}",
                f"a card has 7 questions, this one has {len(questions_data)}",
                card=name,
                f="questions",
            )
        questions: list[Question] = []
        for qn, q in enumerate(questions_data, start=1):
            before = len(report.errors)
            question = _check_question(q, name, qn, err)
            report.questions += 1
            if question is None or len(report.errors) > before:
                continue
            key = fold(question.text)
            if key in seen_texts:
                other_card, other_q = seen_texts[key]
                warn(
                    f"même texte que la carte {other_card}, question {other_q}",
                    f"same text as card {other_card}, question {other_q}",
                    card=name,
                    q=qn,
                    f="text",
                )
            seen_texts.setdefault(key, (name, qn))
            questions.append(question)
        cards.append(Card(name, tuple(questions)))
    report.cards = len(cards_data)
    if not report.errors:
        report.deck = Deck(
            id=deck_id,
            title=title,
            cards=tuple(cards),
            language=language,
            licence=licence,
            authors=authors,
        )
        report.warnings.extend(deck_warnings(report.deck, file))


def _text_field(q: dict[str, Any], key: str, name: str, qn: int, err: Any) -> str:
    value = q.get(key)
    if value is None:
        err("champ obligatoire manquant", "required field missing", name, qn, key)
        return ""
    if not isinstance(value, str) or not value.strip():
        err("texte non vide attendu", "a non-empty text is expected", name, qn, key)
        return ""
    return value.strip()


def _check_question(q: Any, name: str, qn: int, err: Any) -> Question | None:
    if not isinstance(q, dict):
        err("la question n'est pas une table", "the question is not a table", name, qn, None)
        return None
    for key in sorted(set(q) - QUESTION_KEYS):
        err(
            f"clé inconnue : {key} (clés : {', '.join(sorted(QUESTION_KEYS))})",
            f"unknown key: {key} (keys: {', '.join(sorted(QUESTION_KEYS))})",
            name,
            qn,
            key,
        )
    text = _text_field(q, "text", name, qn, err)
    answer = _text_field(q, "answer", name, qn, err)
    source = _text_field(q, "source", name, qn, err)
    wrong = q.get("wrong")
    wrong_ok: tuple[str, str] = ("", "")
    if wrong is None:
        err("champ obligatoire manquant", "required field missing", name, qn, "wrong")
    elif (
        not isinstance(wrong, list)
        or len(wrong) != 2
        or not all(isinstance(w, str) and w.strip() for w in wrong)
    ):
        err(
            "il faut exactement deux mauvaises réponses (liste de deux textes)",
            "exactly two wrong choices are needed (a list of two texts)",
            name,
            qn,
            "wrong",
        )
    else:
        w0, w1 = wrong[0].strip(), wrong[1].strip()
        wrong_ok = (w0, w1)
        if fold(w0) == fold(w1):
            err(
                "les deux mauvaises réponses sont identiques",
                "the two wrong choices are the same",
                name,
                qn,
                "wrong",
            )
        if answer and fold(answer) in (fold(w0), fold(w1)):
            err(
                "une mauvaise réponse est identique à la bonne",
                "a wrong choice is the same as the right answer",
                name,
                qn,
                "wrong",
            )
    alternatives = q.get("alternatives", [])
    if not isinstance(alternatives, list) or not all(
        isinstance(a, str) and a.strip() for a in alternatives
    ):
        err("liste de textes attendue", "a list of texts is expected", name, qn, "alternatives")
        alternatives = []
    elif any(
        fold(a) in (fold(wrong_ok[0]), fold(wrong_ok[1])) for a in alternatives if wrong_ok[0]
    ):
        err(
            "une variante acceptée est une mauvaise réponse",
            "an accepted alternative is one of the wrong choices",
            name,
            qn,
            "alternatives",
        )
    for key in ("text", "answer", "source", "category", "explanation"):
        value = q.get(key)
        if isinstance(value, str) and _CONTROL.search(value.replace("\n", "")):
            err("caractère de contrôle refusé", "control character refused", name, qn, key)
    for key in ("wrong", "alternatives"):
        values = q.get(key)
        if isinstance(values, list) and any(
            isinstance(v, str) and _CONTROL.search(v) for v in values
        ):
            err("caractère de contrôle refusé", "control character refused", name, qn, key)
    category = q.get("category", "")
    if not isinstance(category, str):
        err("texte attendu", "a text is expected", name, qn, "category")
        category = ""
    explanation = q.get("explanation", "")
    if not isinstance(explanation, str):
        err("texte attendu", "a text is expected", name, qn, "explanation")
        explanation = ""
    difficulty = q.get("difficulty")
    if difficulty is None:
        err("champ obligatoire manquant", "required field missing", name, qn, "difficulty")
        difficulty = 2
    elif type(difficulty) is not int or difficulty not in DIFFICULTIES:
        err(
            f"difficulté 1, 2 ou 3 attendue, pas {difficulty!r}",
            f"difficulty 1, 2 or 3 expected, not {difficulty!r}",
            name,
            qn,
            "difficulty",
        )
        difficulty = 2
    return Question(
        text=text,
        answer=answer,
        wrong=wrong_ok,
        alternatives=tuple(a.strip() for a in alternatives),
        category=category.strip(),
        difficulty=int(difficulty),
        source=source,
        explanation=explanation.strip(),
    )


# -- deck-wide warnings: what a valid deck can still get wrong ---------------------------

MIN_CARDS_TO_PLAY = 4
"""A match needs two cards a side: a started card may be set aside for a jeu décisif."""

RANK_SHARE_LIMIT = 0.5
"""A right answer's rank (lowest, middle, highest) held by more than this share of the
numeric questions lets "always pick the middle" (or the end) win."""
RANK_MIN_QUESTIONS = 6
"""Fewer numeric questions than this say nothing about a habit."""

DEMONYMS = {
    "allemagne": ("allemand",), "angleterre": ("anglais",), "argentine": ("argentin",),
    "australie": ("australien",), "autriche": ("autrichien",), "belgique": ("belge",),
    "bresil": ("bresilien",), "canada": ("canadien",), "chili": ("chilien",),
    "chine": ("chinois",), "croatie": ("croate",), "danemark": ("danois",),
    "ecosse": ("ecossais",), "egypte": ("egyptien",), "espagne": ("espagnol",),
    "etats unis": ("americain", "etats unien"), "finlande": ("finlandais",),
    "france": ("francais",), "grece": ("grec",), "hongrie": ("hongrois",),
    "inde": ("indien",), "irlande": ("irlandais",), "italie": ("italien",),
    "japon": ("japonais",), "maroc": ("marocain",), "mexique": ("mexicain",),
    "norvege": ("norvegien",), "pays bas": ("neerlandais", "hollandais"),
    "pologne": ("polonais",), "portugal": ("portugais",), "roumanie": ("roumain",),
    "royaume uni": ("britannique",), "russie": ("russe",), "serbie": ("serbe",),
    "suede": ("suedois",), "suisse": ("suisse",), "tchequie": ("tcheque",),
    "tchecoslovaquie": ("tchecoslovaque",), "turquie": ("turc",),
}  # fmt: skip
"""Countries and the word for their people (folded): "Quel Suédois…" answers "La Suède"."""

_ARTICLE = re.compile(r"^(?:(?:le|la|les|l|un|une|des|en|au|aux)\s+)")
_NUMBER = re.compile(r"(?:(?<!\w)[-−])?\d+(?:[ \u00a0\u202f]\d{3})*(?:[,.]\d+)?")
"""A number as decks write it: "−273,15", "300 000", "42,195"; the hyphen of "70-68"
is no minus sign."""


def plural(count: int, one: str, many: str, lang: str = "fr") -> str:
    """``1 carte``, ``2 cartes``; French keeps 0 singular (``0 carte``), English not."""
    word = one if count == 1 or (count == 0 and lang == "fr") else many
    return f"{count} {word}"


def too_small_for_play(deck_id: str, cards: int) -> tuple[str, str] | None:
    """What ``play`` says of a deck with too few cards (French, English), else None."""
    if cards >= MIN_CARDS_TO_PLAY:
        return None
    return (
        f"le paquet {deck_id!r} n'a que {plural(cards, 'carte', 'cartes')} : il en faut "
        f"au moins {MIN_CARDS_TO_PLAY} pour jouer (deux par équipe)",
        f"deck {deck_id!r} has only {plural(cards, 'card', 'cards', 'en')}: at least "
        f"{MIN_CARDS_TO_PLAY} are needed to play (two a side)",
    )


def _words(text: str) -> str:
    """Folded text as space-separated words, padded, for whole-word search."""
    return " " + " ".join(re.findall(r"\w+", fold(text).replace("œ", "oe"))) + " "


def _values(text: str) -> tuple[tuple[float, ...], str] | None:
    """The numbers of a choice and the words around them ("23,77 m" → (23.77,), "# m")."""
    found = _NUMBER.findall(text)
    if not found:
        return None
    values = tuple(
        float(re.sub(r"[ \u00a0\u202f]", "", n).replace(",", ".").replace("−", "-")) for n in found
    )
    return values, _NUMBER.sub("#", fold(text))


def answer_rank(question: Question) -> int | None:
    """0, 1 or 2 when the right answer is the lowest, middle or highest of three choices
    that differ only by their numbers; None for other questions."""
    read = [_values(t) for t in question.choices]
    if any(r is None for r in read) or len({r[1] for r in read if r}) != 1:
        return None
    values = [r[0] for r in read if r]
    if len(set(values)) != 3:
        return None
    return sorted(values).index(values[0])


def rank_warning(deck: Deck) -> tuple[str, str] | None:
    """Warn when one rank of the right answer dominates the numeric questions."""
    ranks = [r for q in deck.questions if (r := answer_rank(q)) is not None]
    if len(ranks) < RANK_MIN_QUESTIONS:
        return None
    counts = [ranks.count(r) for r in range(3)]
    top = max(range(3), key=counts.__getitem__)
    if counts[top] <= RANK_SHARE_LIMIT * len(ranks):
        return None
    fr_names = ("la plus petite", "celle du milieu", "la plus grande")
    en_names = ("the lowest", "the middle one", "the highest")
    split = "/".join(str(c) for c in counts)
    return (
        f"dans {counts[top]} des {len(ranks)} questions à réponse chiffrée, la bonne réponse "
        f"est {fr_names[top]} des trois valeurs : la choisir à chaque fois gagne trop "
        f"souvent (plus petite/milieu/plus grande : {split}) ; variez sa place",
        f"in {counts[top]} of the {len(ranks)} numeric questions the right answer is "
        f"{en_names[top]} of the three values: always picking it wins too often "
        f"(lowest/middle/highest: {split}); vary its place",
    )


def _giveaway_keys(question: Question) -> list[tuple[str, str]]:
    """What would answer ``question`` if another text said it: its answer and long
    alternatives as whole words, and for a country the word for its people."""
    keys = []
    for text in (question.answer, *question.alternatives):
        words = _ARTICLE.sub("", _words(text).strip())
        if sum(c.isalpha() for c in words) >= 4:
            keys.append((f" {words} ", text))
        for people in DEMONYMS.get(words, ()):
            keys.append((f" {people}", text))
    return keys


def _stems(text: str) -> set[str]:
    """Words of five letters or more, cut to five: "aviation" and "aviateur" meet."""
    return {w[:5] for w in _words(text).split() if len(w) >= 5 and w.isalpha()}


GIVEAWAY_RARE = 3
"""A word shared by two questions links them when at most this many texts hold it."""


def giveaways(deck: Deck) -> list[tuple[str, int, str, int, str]]:
    """``(card, number, other card, other number, answer)`` for each question whose text
    gives away another question's answer (same card or not).

    A text gives an answer away when it states it (the answer, a long alternative, or for
    a country its people: "Quel Suédois…" states "La Suède") and speaks of the same thing:
    a rare word of the other question's text stands in this text or its choices ("Justine
    Henin" among the choices, "aviateur" for "aviation"). A mere mention of the answer in
    a text about something else is not a giveaway."""
    places = [(c.id, n, q) for c in deck.cards for n, q in enumerate(c.questions, 1)]
    texts = {(c, n): _words(q.text) for c, n, q in places}
    stems = {(c, n): _stems(q.text) for c, n, q in places}
    seen = {(c, n): stems[(c, n)] | _stems(" ".join(q.choices)) for c, n, q in places}
    counts: dict[str, int] = {}
    for found in stems.values():
        for stem in found:
            counts[stem] = counts.get(stem, 0) + 1
    # Which questions see each stem (text or choices): a question is compared only
    # with those sharing one of its rare stems, not with every other question (a 1 MiB
    # deck has 5,000 of them).
    seen_by: dict[str, list[int]] = {}
    for i, (c, n, _) in enumerate(places):
        for stem in seen[(c, n)]:
            seen_by.setdefault(stem, []).append(i)
    found_pairs = []
    for card, number, question in places:
        keys = _giveaway_keys(question)
        answer_stems = _stems(" ".join((question.answer, *question.alternatives)))
        rare = {s for s in stems[(card, number)] if counts[s] <= GIVEAWAY_RARE} - answer_stems
        near = sorted({i for stem in rare for i in seen_by.get(stem, ())})
        for i in near:
            other_card, other_number, _ = places[i]
            other = (other_card, other_number)
            if other == (card, number):
                continue
            hit = next((shown for key, shown in keys if key in texts[other]), None)
            if hit is not None:
                found_pairs.append((other_card, other_number, card, number, hit))
    return found_pairs


def deck_warnings(deck: Deck, file: str) -> list[DeckProblem]:
    """The deck-wide warnings of ``deck check``: too small to play, a dominant rank of
    the right answer, questions that give away another one's answer."""
    warnings = []
    small = too_small_for_play(deck.id, len(deck.cards))
    if small is not None:
        warnings.append(DeckProblem(file, *small, field="cards"))
    rank = rank_warning(deck)
    if rank is not None:
        warnings.append(DeckProblem(file, *rank, field="wrong"))
    for card, number, other_card, other_number, answer in giveaways(deck):
        warnings.append(
            DeckProblem(
                file,
                f"le texte donne la réponse (« {answer} ») de la carte {other_card}, "
                f"question {other_number}",
                f"the text gives away the answer ({answer!r}) of card {other_card}, "
                f"question {other_number}",
                card,
                number,
                "text",
            )
        )
    return warnings


__all__ = [
    "MIN_CARDS_TO_PLAY",
    "QUESTIONS_PER_CARD",
    "BadDeck",
    "Card",
    "Deck",
    "DeckProblem",
    "DeckReport",
    "Question",
    "answer_rank",
    "builtin_decks",
    "check_file",
    "check_text",
    "deck_from_text",
    "deck_warnings",
    "fold",
    "giveaways",
    "inline_deck_id",
    "is_builtin",
    "load_deck",
    "plural",
    "rank_warning",
    "recall",
    "resolve",
    "too_small_for_play",
]
