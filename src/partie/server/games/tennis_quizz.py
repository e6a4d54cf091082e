"""Tennis Quizz on the web: its option form, decks chosen by id or uploaded, the
teacher's list of questions asked (JSON and CSV), and how its moves read.

An uploaded deck is read by ``partie.games.tennis_quizz.uploads`` (the importers and the
deck checker); a valid one is kept under its SHA-256, in memory and in the server's
storage (a restart does not lose it), until a table names it (``deck:
"upload:<sha256>"``); the table then stores the deck's TOML text in its options
(``deck_text``, the deck then named ``sha256:…`` as every inline deck is), so storage
and every record carry the deck itself, never a path. The text never leaves in a table
message: ``public_options`` drops it (the game lists it in ``private_options``).
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import OrderedDict
from typing import Any, ClassVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from partie.core.errors import BadOptions, PartieError
from partie.core.game import Action, State
from partie.core.inputs import BadInput
from partie.games.tennis_quizz.decks import builtin_decks, inline_deck_id, load_deck
from partie.games.tennis_quizz.rules import (
    Ask,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    Reply,
    Rule,
    side_of,
)
from partie.games.tennis_quizz.scoring_table import Point, ScoringState, Undo
from partie.games.tennis_quizz.uploads import MAX_DECK_BYTES
from partie.server.botlevels import BotLevel
from partie.server.deckcheck import checker
from partie.server.games import GameAdapter

UPLOAD_PREFIX = "upload:"
UPLOADS_KEPT = 64
"""Checked uploads kept in memory until a table names them (oldest forgotten first)."""

_uploads: OrderedDict[str, str] = OrderedDict()


def remember_upload(toml: str) -> str:
    """Keep a checked deck's TOML under its SHA-256; returns the hash."""
    sha = hashlib.sha256(toml.encode("utf-8")).hexdigest()
    _uploads[sha] = toml
    _uploads.move_to_end(sha)
    while len(_uploads) > UPLOADS_KEPT:
        _uploads.popitem(last=False)
    return sha


def builtin_ids() -> list[str]:
    return [path.stem for path in builtin_decks()]


def _parse_pros(value: Any) -> Any:
    """The form's pros: "2, 4" (places numbered from 1, as players see them) → [1, 3];
    a list of seats is passed on as it is."""
    if not isinstance(value, str):
        return value
    seats = []
    for part in re.split(r"[,;\s]+", value.strip()):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= 6:
            raise BadOptions(
                f"option pros : numéros de places de 1 à 6 séparés par des virgules, pas {part!r}",
                f"option pros: seat numbers 1 to 6 separated by commas, not {part!r}",
            )
        seats.append(int(part) - 1)
    return seats


class TennisQuizzAdapter(GameAdapter):
    hidden_options = frozenset({"deck_text"})
    #: Checked by ``parse_options`` below: a built-in deck id or an upload (never a
    #: path), seat numbers, one of three modes.
    text_options = frozenset({"deck", "pros", "mode"})
    option_text: ClassVar[dict[str, dict[str, Any]]] = {
        "players": {
            "label": {"fr": "Joueurs", "en": "Players"},
            "help": {
                "fr": "2 : un contre un ; 4 ou 6 : équipes (places impaires contre paires)",
                "en": "2: singles; 4 or 6: teams (odd seats against even seats)",
            },
        },
        "deck": {
            "label": {"fr": "Paquet de questions", "en": "Question deck"},
            "help": {
                "fr": "un paquet intégré, ou le vôtre envoyé depuis l'écran de classe",
                "en": "a built-in deck, or your own sent from the classroom screen",
            },
        },
        "tactique": {
            "label": {"fr": "Variante tactique", "en": "Tactique variant"},
            "help": {
                "fr": "le serveur choisit la question de la carte ; carte défaussée après "
                "chaque jeu",
                "en": "the server picks the card's question; the card is discarded after each game",
            },
        },
        "jeu_decisif": {
            "label": {"fr": "Jeu décisif à 6-6", "en": "Jeu décisif at 6-6"},
            "help": {
                "fr": "7 questions de chaque côté, le plus de bonnes réponses gagne le set",
                "en": "7 questions each way, the most right answers wins the set",
            },
        },
        "pros": {
            "label": {"fr": "Pros (places)", "en": "Pros (seats)"},
            "help": {
                "fr": "places qui répondent sans les trois choix, ex. « 2, 4 »",
                "en": "seats that answer without the three choices, e.g. “2, 4”",
            },
        },
        "choose_answerer": {
            "label": {"fr": "L'équipe choisit qui répond", "en": "The team picks who answers"},
        },
        "overrule": {
            "label": {
                "fr": "Le serveur peut corriger le jugement",
                "en": "The server may overrule the judgement",
            },
            "help": {
                "fr": "pour les réponses libres des pros",
                "en": "for the pros' open answers",
            },
        },
        "sets_to_win": {
            "label": {"fr": "Sets gagnants", "en": "Sets to win"},
            "help": {"fr": "2 : au meilleur des trois", "en": "2: best of three"},
        },
    }
    bot_levels = (
        BotLevel(
            "quiz:0.5",
            "Débutant",
            "Beginner",
            "trouve la bonne réponse une fois sur deux",
            "finds the right answer one time in two",
        ),
        BotLevel(
            "quiz",
            "Moyen",
            "Average",
            "trouve la bonne réponse 7 fois sur 10",
            "finds the right answer 7 times in 10",
        ),
        BotLevel(
            "quiz:0.95/0.8/0.6",
            "Fort",
            "Strong",
            "presque toujours juste sur les questions faciles, 3 fois sur 5 sur les difficiles",
            "nearly always right on easy questions, 3 times in 5 on hard ones",
        ),
        BotLevel(
            "quiz:0.9",
            "Expert",
            "Expert",
            "trouve la bonne réponse 9 fois sur 10, quelle que soit la difficulté",
            "finds the right answer 9 times in 10, whatever the difficulty",
        ),
    )

    # -- options ---------------------------------------------------------------------

    #: Set by the classroom page, which seats the scorer itself; the lobby's generic
    #: form (seats for every player) makes match tables only.
    form_only_on_classroom_page: ClassVar[frozenset[str]] = frozenset(
        {"mode", "first_server", "team_names"}
    )

    def option_specs(self) -> list[dict[str, Any]]:
        specs = [
            spec
            for spec in super().option_specs()
            if spec["name"] not in self.form_only_on_classroom_page
        ]
        for spec in specs:
            if spec["name"] == "deck":
                spec["type"] = "choice"
                spec["choices"] = builtin_ids()
            elif spec["name"] == "sets_to_win":
                spec["min"], spec["max"] = 1, 3
        pros = {"name": "pros", "type": "text", "default": ""}
        pros.update(self.option_text["pros"])
        at = next((i for i, s in enumerate(specs) if s["name"] == "jeu_decisif"), len(specs))
        specs.insert(at + 1, pros)
        return specs

    def parse_options(self, data: dict[str, Any], *, network: bool = True) -> Any:
        data = dict(data)
        if network:
            if "deck_text" in data:
                raise BadOptions(
                    "un paquet s'envoie par l'écran de classe, pas dans les options",
                    "a deck is uploaded from the classroom screen, not in the options",
                )
            deck = data.get("deck", "fr-starter")
            if isinstance(deck, str) and deck.startswith(UPLOAD_PREFIX):
                toml = _uploads.get(deck.removeprefix(UPLOAD_PREFIX))
                if toml is None:
                    raise BadOptions(
                        "ce paquet envoyé n'est plus connu du serveur : envoyez-le à nouveau",
                        "this uploaded deck is no longer known to the server: upload it again",
                    )
                data["deck_text"] = toml
                data["deck"] = inline_deck_id(toml)
            elif deck not in builtin_ids():
                # Never a path from the network: a built-in id or an upload.
                raise BadOptions(
                    f"paquet inconnu : {deck!r} (intégrés : {', '.join(builtin_ids())})",
                    f"unknown deck: {deck!r} (built-in: {', '.join(builtin_ids())})",
                )
            if "pros" in data:
                data["pros"] = _parse_pros(data["pros"])
        if data.get("mode") in ("referee", "teacher"):
            data["players"] = 1  # one seat: the scorer
        options = self.game.parse_options(data, trusted=not network)  # type: ignore[attr-defined]
        if options.deck_text is not None:
            remember_upload(options.deck_text)  # a restored table's deck is known again
        elif network and options.mode != "referee":
            load_deck(options.deck)  # a broken built-in deck is refused at the table
        return options

    def may_list(self, options: Any) -> bool:
        # The teacher's and the referee's tables are a classroom's: never in the lobby.
        return options.mode not in ("teacher", "referee")

    def missing_uploads(self, data: dict[str, Any]) -> list[str]:
        deck = data.get("deck")
        if isinstance(deck, str) and deck.startswith(UPLOAD_PREFIX):
            sha = deck.removeprefix(UPLOAD_PREFIX)
            if sha not in _uploads:
                return [sha]
        return []

    def known_upload(self, key: str, text: str) -> None:
        if (
            hashlib.sha256(text.encode("utf-8")).hexdigest() == key
        ):  # storage is not trusted blindly
            remember_upload(text)

    def public_options(self, stored: dict[str, Any]) -> dict[str, Any]:
        shown = {k: v for k, v in stored.items() if k not in self.game.private_options}
        pros = shown.get("pros")
        if isinstance(pros, list):  # as the form writes them: seats numbered from 1
            shown["pros"] = ", ".join(str(seat + 1) for seat in pros)
        return shown

    # -- play -------------------------------------------------------------------------

    def legal_json(self, state: State, seat: int) -> list[Any]:
        """A pro's legal replies would list the three choices: a pro gets none (the
        screen offers a text field), whatever the engine lists."""
        if isinstance(state, ScoringState):
            return super().legal_json(state, seat)
        if getattr(state, "phase", None) == "answer" and state.is_pro(seat):  # type: ignore[attr-defined]
            return []
        return super().legal_json(state, seat)

    def describe(self, seat: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return {"seat": seat, "action": action.to_json(), "text": _text(seat, action)}

    def describe_step(
        self, before: State, seat: int, action: Action, viewer: int | None, names: list[str]
    ) -> dict[str, Any]:
        """The replay's line for a move: the answer's words rather than its letter, the
        chosen player's name rather than a seat number ("répond « Roland-Garros »",
        "choisit Driss pour servir"); the replay writes who played before it."""
        text = _step_text(before, action, names)
        if text is None:
            return self.describe(seat, action, viewer)
        return {"seat": seat, "action": action.to_json(), "text": text}

    # -- routes -----------------------------------------------------------------------

    def routes(self) -> list[Any]:
        from partie.server.games.tennis_quizz_editor import routes as editor_routes

        return [
            Route("/decks", self._decks, methods=["GET"]),
            Route("/decks", self._upload, methods=["POST"]),
            Route("/tables/{code}/questions", self._questions, methods=["GET"]),
            Route("/tables/{code}/questions.csv", self._questions_csv, methods=["GET"]),
            *editor_routes(),
        ]

    async def _decks(self, request: Request) -> Response:
        out = []
        for name in builtin_ids():
            deck = load_deck(name)
            out.append({"id": name, "title": deck.title, "cards": len(deck.cards), "builtin": True})
        return JSONResponse(out)

    async def _upload(self, request: Request) -> Response:
        """The body is the file itself; ``?name=`` its file name (for its format)."""
        name = request.query_params.get("name", "paquet")[:120]
        fmt = request.query_params.get("format") or None
        try:
            body = await _read_limited(request, MAX_DECK_BYTES)
            # Checked in a child process with a wall-clock limit (``deckcheck``).
            upload = await checker().check(name, body, fmt)
        except PartieError as exc:
            status = 413 if exc.code == "too_large" else 400
            return JSONResponse({**exc.to_json(), "errors": []}, status_code=status)
        summary = upload.summary()
        if not upload.ok:
            first = upload.errors[0] if upload.errors else None
            where_fr = f"ligne {first.line} : " if first and first.line else ""
            where_en = f"line {first.line}: " if first and first.line else ""
            return JSONResponse(
                {
                    "code": "bad_deck",
                    "fr": f"paquet refusé : {where_fr}{first.fr if first else ''}",
                    "en": f"deck refused: {where_en}{first.en if first else ''}",
                    **summary,
                },
                status_code=400,
            )
        sha = remember_upload(upload.toml)
        # Stored before the answer: a restart between the upload and the table's
        # creation must not lose the deck.
        await request.app.state.tables.storage.save_upload(self.id, sha, upload.toml)
        summary["deck"]["id"] = UPLOAD_PREFIX + sha
        return JSONResponse(summary)

    async def _questions(self, request: Request) -> Response:
        try:
            report = self._report(request)
        except PartieError as exc:
            return _error(exc)
        return JSONResponse(report)

    async def _questions_csv(self, request: Request) -> Response:
        try:
            report = self._report(request)
        except PartieError as exc:
            return _error(exc)
        lang = "en" if request.query_params.get("lang") == "en" else "fr"
        text = questions_csv(report, lang)
        name = f"tennis-quizz-{report['code']}-questions.csv"
        return Response(
            "\ufeff" + text,  # a BOM, so spreadsheet programs read the accents right
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    def _report(self, request: Request) -> dict[str, Any]:
        tables = request.app.state.tables
        code = request.path_params["code"]
        game_text = request.query_params.get("game")
        game_no = None
        if game_text:
            if not game_text.isdigit() or len(game_text) > 6:
                raise BadInput("paramètre game : entier attendu", "parameter game: integer")
            game_no = int(game_text)
        record = tables.record(code, game_no)  # refused before the end of the game
        return questions_report(self, record, tables.get(code).code)


def _error(exc: PartieError) -> JSONResponse:
    status = {
        "unknown_table": 404,
        "game_not_over": 403,
        "same_deal_playing": 403,
        "bad_token": 403,
    }.get(exc.code, 400)
    return JSONResponse(exc.to_json(), status_code=status)


async def _read_limited(request: Request, limit: int) -> bytes:
    chunks = []
    size = 0
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(limit: int) -> BadInput:
    return BadInput(
        f"fichier trop gros (au plus {limit // (1024 * 1024)} Mio)",
        f"file too large (at most {limit // (1024 * 1024)} MiB)",
        code="too_large",
    )


# -- the teacher's report --------------------------------------------------------------


def questions_report(adapter: GameAdapter, record: Any, code: str) -> dict[str, Any]:
    """Every question asked in a finished game, who answered and whether it was right,
    and the score by set: replayed from the record, as ``partie replay`` would."""
    options = adapter.parse_options(record.options, network=False)
    state = adapter.game.setup(options, record.seed)
    names = list(record.players)
    rows: list[dict[str, Any]] = []
    sets_before = 0
    for seat, data in record.actions:
        sets_before = _sets(state)
        state.apply(seat, adapter.action_from_json(data))
        if not isinstance(state, ScoringState) and len(state.log) > len(rows):  # type: ignore[attr-defined]
            entry = state.log[-1]  # type: ignore[attr-defined]
            rows.append(
                {
                    "n": len(rows) + 1,
                    "set": sets_before + 1,
                    "server": entry["server"],
                    "server_name": _name(names, entry["server"]),
                    "answerer": entry["answerer"],
                    "answerer_name": _name(names, entry["answerer"]),
                    "side": side_of(entry["answerer"]),
                    "card": entry["card"],
                    "number": entry["number"],
                    "text": entry["text"],
                    "given": entry["given"],
                    "answer": entry["answer"],
                    "right": entry["right"],
                    "overruled": bool(entry.get("overruled")),
                }
            )
    if isinstance(state, ScoringState):
        for k, entry in enumerate(state.view(0)["log"]):
            rows.append(
                {
                    "n": k + 1,
                    "set": entry["set"] + 1,
                    "server": None,
                    "server_name": "",
                    "answerer": None,
                    "answerer_name": "",
                    "side": 1 - entry["side"],
                    "card": entry.get("card_id", entry["card"]),
                    "number": entry["number"],
                    "text": entry.get("text", ""),
                    "given": "",
                    "answer": entry.get("answer", ""),
                    "right": entry["right"],
                    "overruled": False,
                }
            )
    score = state.referee.score if isinstance(state, ScoringState) else state.score
    return {
        "code": code,
        "mode": options.mode,
        "players": names,
        "sets": [list(s) for s in score.sets],
        "winner": score.winner,
        "rows": rows,
    }


def _sets(state: State) -> int:
    if isinstance(state, ScoringState):
        return len(state.referee.score.sets)
    return len(state.score.sets)  # type: ignore[attr-defined]


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"place {seat + 1}"


CSV_HEAD = {
    "fr": [
        "n°",
        "set",
        "équipe qui répond",
        "serveur",
        "relanceur",
        "carte",
        "question n°",
        "question",
        "réponse donnée",
        "bonne réponse",
        "juste",
        "corrigé par le serveur",
    ],
    "en": [
        "no.",
        "set",
        "answering side",
        "server",
        "answerer",
        "card",
        "question no.",
        "question",
        "answer given",
        "right answer",
        "right",
        "overruled by the server",
    ],
}


def questions_csv(report: dict[str, Any], lang: str = "fr") -> str:
    """The report as CSV (``;`` as French spreadsheets expect, one row per question)."""
    yes, no = ("oui", "non") if lang == "fr" else ("yes", "no")
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(CSV_HEAD[lang])
    for row in report["rows"]:
        writer.writerow(
            [
                row["n"],
                row["set"],
                ("ABCDEF"[row["side"]] if row["side"] is not None else ""),
                row["server_name"],
                row["answerer_name"],
                row["card"],
                row["number"] if row["number"] is not None else "",
                _cell(row["text"]),
                _cell(row["given"]),
                _cell(row["answer"]),
                yes if row["right"] else no,
                yes if row["overruled"] else "",
            ]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (a typed answer "=1+1")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _names_of(names: list[str], seat: int) -> tuple[str, str]:
    name = names[seat] if 0 <= seat < len(names) and names[seat] else ""
    return (name or f"la place {seat + 1}", name or f"seat {seat + 1}")


def _step_text(before: Any, action: Action, names: list[str]) -> dict[str, str] | None:
    """A replayed move said with names and answers, read from the state before it."""
    if isinstance(action, ChooseServer):
        fr, en = _names_of(names, action.seat)
        return {"fr": f"choisit {fr} pour servir", "en": f"picks {en} to serve"}
    if isinstance(action, ChooseAnswerer):
        fr, en = _names_of(names, action.seat)
        return {"fr": f"choisit {fr} pour répondre", "en": f"picks {en} to answer"}
    if isinstance(action, Point) and isinstance(before, ScoringState):
        return _point_text(before, action)
    question = getattr(before, "question", None)
    if isinstance(action, Choose) and question is not None and 0 <= action.index < 3:
        given = question.shown[action.index]
        letter = "ABC"[action.index]
        return {"fr": f"répond {letter} « {given} »", "en": f"answers {letter} “{given}”"}
    if isinstance(action, Reply):
        return {"fr": f"répond « {action.answer} »", "en": f"answers “{action.answer}”"}
    if isinstance(action, Rule):
        pending = getattr(before, "pending", None)
        given = pending[0] if pending else ""
        if action.right:
            return {"fr": f"accorde la réponse « {given} »", "en": f"accepts the answer “{given}”"}
        return {"fr": f"refuse la réponse « {given} »", "en": f"refuses the answer “{given}”"}
    return None


def _point_text(before: ScoringState, action: Point) -> dict[str, str]:
    """A scorer's tap said with the team it goes to, by the name the scorer gave."""
    reading = before.referee.next_reading()
    asking = reading.side if reading is not None else before.referee.serving
    names = before.options.team_names  # type: ignore[attr-defined]
    right = action.winner == "receiver"

    def team(side: int, lang: str) -> str:
        if names:
            return names[side]
        return f"l'équipe {'AB'[side]}" if lang == "fr" else f"team {'AB'[side]}"

    if reading is not None and reading.decider:
        # The team's name before a colon: no verb to agree with "Les Ours".
        fr = "bonne réponse" if right else "mauvaise réponse"
        en = "right answer" if right else "wrong answer"
        return {
            "fr": f"jeu décisif, {team(1 - asking, 'fr')} : {fr}",
            "en": f"jeu décisif, {team(1 - asking, 'en')}: {en}",
        }
    side = 1 - asking if right else asking
    why_fr = "à la relance : bonne réponse" if right else "au service : mauvaise réponse"
    why_en = "receiving: right answer" if right else "serving: wrong answer"
    return {
        "fr": f"point pour {team(side, 'fr')} ({why_fr})",
        "en": f"point to {team(side, 'en')} ({why_en})",
    }


def _text(seat: int, action: Action) -> dict[str, str]:
    n = seat + 1
    if isinstance(action, ChooseServer):
        return {
            "fr": f"joueur {action.seat + 1} au service",
            "en": f"player {action.seat + 1} serves",
        }
    if isinstance(action, ChooseAnswerer):
        m = action.seat + 1
        return {"fr": f"joueur {m} répondra", "en": f"player {m} will answer"}
    if isinstance(action, Ask):
        k = action.number
        return {"fr": f"joueur {n} pose la question {k}", "en": f"player {n} asks question {k}"}
    if isinstance(action, Choose):
        letter = "ABC"[action.index] if 0 <= action.index < 3 else "?"
        return {"fr": f"joueur {n} répond {letter}", "en": f"player {n} answers {letter}"}
    if isinstance(action, Reply):
        return {
            "fr": f"joueur {n} répond « {action.answer} »",
            "en": f"player {n} answers “{action.answer}”",
        }
    if isinstance(action, Rule):
        fr = "accorde la réponse" if action.right else "refuse la réponse"
        en = "accepts the answer" if action.right else "refuses the answer"
        return {"fr": f"le serveur {fr}", "en": f"the server {en}"}
    if isinstance(action, Point):
        if action.winner == "server":
            return {
                "fr": "point au serveur (mauvaise réponse)",
                "en": "point to the server (wrong answer)",
            }
        return {
            "fr": "point au relanceur (bonne réponse)",
            "en": "point to the receiver (right answer)",
        }
    if isinstance(action, Undo):
        return {"fr": "dernier point annulé", "en": "last point undone"}
    text = str(action.to_json())
    return {"fr": text, "en": text}


ADAPTER = TennisQuizzAdapter
