"""Every refusal code with a generic line in French and in English.

A raised error carries its own precise sentence (``exc.fr``, ``exc.en``: "37 sur 40 :
la pile a1 est montante…"); this catalogue gives each stable ``exc.code`` a short
generic text and the game whose rule it enforces, so that a client can translate a
refusal, group it or link it to the rule without parsing the sentence. The codes every
game and tool share, and the web tables', are listed here; each game lists its own
(``Game.refusals``) and ``catalogue()`` joins them through the registry. A test keeps
the catalogue and the code in step: every code raised anywhere is listed, and every
code listed is raised somewhere or is the default of an error class.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from partie.core.registry import available_games, built_in, get_game


@dataclass(frozen=True, slots=True)
class Refusal:
    """One code: what it means (``fr``/``en``) and where its rule lives (``game``:
    a game id, or ``""`` for codes every game or tool shares)."""

    code: str
    fr: str
    en: str
    game: str = ""


def _table(*rows: tuple[str, str, str, str]) -> dict[str, Refusal]:
    table: dict[str, Refusal] = {}
    for code, game, fr, en in rows:
        assert code not in table, f"refusal code listed twice: {code}"
        table[code] = Refusal(code, fr, en, game)
    return table


ALL = ""
WEB = "web"

SHARED: dict[str, Refusal] = _table(
    # The families: the default code of each error class.
    ("error", ALL, "erreur", "error"),
    ("invalid_action", ALL, "action illisible", "unreadable action"),
    ("illegal_action", ALL, "coup interdit par les règles", "move against the rules"),
    ("ambiguous_action", ALL, "coup ambigu : précisez", "ambiguous move: say which"),
    ("bad_options", ALL, "options de partie impossibles", "unusable game options"),
    ("unknown_game", ALL, "jeu inconnu", "unknown game"),
    ("bad_position", ALL, "position illisible", "unreadable position"),
    ("bad_record", ALL, "enregistrement de partie illisible", "unreadable game record"),
    ("bad_input", ALL, "données refusées", "data refused"),
    ("bad_deck", ALL, "paquet illisible ou incomplet", "unreadable or incomplete deck"),
    ("bad_deals", ALL, "fichier de donnes illisible", "unreadable deals file"),
    ("bad_path", ALL, "chemin de fichier refusé", "file path refused"),
    ("bad_bot", ALL, "nom de bot refusé", "bot name refused"),
    ("no_font", ALL, "police introuvable pour l'impression", "no font found for printing"),
    ("unknown_rules", ALL, "règles inconnues", "unknown rules"),
    # Any game.
    ("game_over", ALL, "la partie est finie", "the game is over"),
    ("not_your_turn", ALL, "ce n'est pas votre tour", "not your turn"),
    ("unknown_seat", ALL, "place inconnue à cette table", "no such seat at this table"),
    ("unreadable_action", ALL, "action illisible", "unreadable action"),
    ("incomplete_action", ALL, "action incomplète", "incomplete action"),
    ("unknown_action", ALL, "type d'action inconnu", "unknown kind of action"),
    # Untrusted data (core/inputs.py).
    ("not_utf8", ALL, "texte qui n'est pas en UTF-8", "text not in UTF-8"),
    ("binary_data", ALL, "données binaires au lieu de texte", "binary data instead of text"),
    ("too_large", ALL, "données trop grosses", "data too large"),
    ("too_deep", ALL, "données imbriquées trop profondément", "data nested too deeply"),
    ("bad_number", ALL, "nombre refusé", "number refused"),
    ("duplicate_key", ALL, "clé en double", "duplicate key"),
    ("bad_json", ALL, "JSON illisible", "unreadable JSON"),
    ("unknown_field", ALL, "champ inconnu", "unknown field"),
    ("string_too_long", ALL, "texte trop long", "text too long"),
    ("card_not_in_hand", ALL, "cette carte n'est pas dans votre main", "card not in hand"),
    ("yes_or_no", ALL, "répondez o ou n", "answer y or n"),
    # Web tables (partie serve).
    ("refused", WEB, "demande refusée", "request refused"),
    ("bad_message", WEB, "message illisible", "unreadable message"),
    ("hello_first", WEB, "dites d'abord bonjour (hello)", "say hello first"),
    ("unknown_table", WEB, "table inconnue", "unknown table"),
    ("bad_token", WEB, "jeton de place refusé", "seat token refused"),
    ("not_owner", WEB, "réservé au créateur de la table", "for the table's creator only"),
    ("not_seated", WEB, "vous n'êtes pas assis à cette table", "you have no seat here"),
    ("already_seated", WEB, "vous avez déjà une place", "you already have a seat"),
    ("seat_taken", WEB, "cette place est prise", "this seat is taken"),
    ("bad_seat", WEB, "place inconnue", "unknown seat"),
    ("bad_seats", WEB, "places impossibles pour ce nombre de joueurs", "seats do not fit"),
    ("seat_in_use", WEB, "une personne est assise à cette place", "a person sits there"),
    ("seats_empty", WEB, "toutes les places doivent être prises", "every seat must be taken"),
    ("not_started", WEB, "la partie n'a pas commencé", "the game has not started"),
    ("game_not_over", WEB, "la partie n'est pas finie", "the game is not over"),
    ("stale", WEB, "la table a changé entre-temps", "the table moved on meanwhile"),
    ("not_supported", WEB, "ce jeu ne le permet pas", "this game does not offer it"),
    ("control_character", WEB, "caractère de contrôle refusé", "control character refused"),
    ("empty_text", WEB, "texte vide", "empty text"),
    ("text_too_long", WEB, "texte trop long", "text too long"),
    ("chat_too_fast", WEB, "trop de messages d'un coup", "too many messages at once"),
    ("ask_too_fast", WEB, "trop de questions d'un coup", "too many questions at once"),
    ("bot_no_move", WEB, "le bot n'a pas trouvé de coup", "the bot found no move"),
    ("storage_error", WEB, "non enregistré : rien n'a changé", "not stored: unchanged"),
    ("server_error", WEB, "erreur du serveur : rien n'a changé", "server error: nothing changed"),
    ("bad_db", WEB, "base de données refusée ou illisible", "database refused or unreadable"),
    ("same_deal_playing", WEB, "même donne en cours : attendez la fin", "same deal being played"),
    ("too_many", WEB, "trop de demandes depuis votre adresse", "too many from your address"),
    ("server_full", WEB, "le serveur est plein", "the server is full"),
    ("hello_late", WEB, "pas de bonjour (hello) à temps", "no hello in time"),
    ("bad_origin", WEB, "demande venue d'un autre site", "request from another site"),
    ("not_found", WEB, "adresse inconnue", "no such address"),
    ("method_not_allowed", WEB, "méthode refusée à cette adresse", "method not allowed here"),
)


@cache
def catalogue() -> dict[str, Refusal]:
    """The shared codes and every registered game's own, by code."""
    table = dict(SHARED)
    for game_id in available_games():
        for code, fr, en in get_game(game_id).refusals:
            assert code not in table, f"refusal code listed twice: {code}"
            table[code] = Refusal(code, fr, en, game_id)
    return table


def markdown() -> str:
    """``docs/refusals.md``: the catalogue of partie's own codes and games, a table per
    game (a test keeps it current; a game installed beside partie documents its own)."""
    titles = {ALL: "Every game and tool"}
    titles |= {g: get_game(g).name for g in available_games() if built_in(g)}
    titles[WEB] = "Web tables (partie serve)"
    lines = [
        "# Refusal codes",
        "",
        "Every refusal carries a stable `code` next to its own sentence in French and",
        "English (`exc.code`, `exc.fr`, `exc.en`; the web protocol sends the three). This",
        "table gives each code a generic line, so a client can translate a refusal or",
        "link it to its rule without reading the sentence. It is written from",
        "`src/partie/core/refusals.py` (the shared codes) and each game's own list",
        "(`Game.refusals`, in `src/partie/games/<game>/refusals.py`); a test fails when a",
        "code raised in the source is missing here.",
    ]
    rows = catalogue().values()
    for game, title in titles.items():
        lines += ["", f"## {title}", "", "| code | français | English |", "|---|---|---|"]
        lines += [f"| `{r.code}` | {r.fr} | {r.en} |" for r in rows if r.game == game]
    return "\n".join(lines) + "\n"


def refusal(code: str) -> Refusal:
    """The catalogue entry of ``code`` (``KeyError`` for a code nobody listed)."""
    return catalogue()[code]


__all__ = ["SHARED", "Refusal", "catalogue", "markdown", "refusal"]
