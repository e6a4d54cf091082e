"""Every refusal code, in one place, with a generic line in French and in English.

A raised error carries its own precise sentence (``exc.fr``, ``exc.en``: "37 sur 40 :
la pile a1 est montante…"); this catalogue gives each stable ``exc.code`` a short
generic text and the game whose rule it enforces, so that a client can translate a
refusal, group it or link it to the rule without parsing the sentence. A test keeps
the catalogue and the code in step: every code raised anywhere is listed here, and
every code listed here is raised somewhere or is the default of an error class.
"""

from __future__ import annotations

from dataclasses import dataclass


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
TG = "the-game"
TQ = "tennis-quizz"
TM = "tennis-mots"
WEB = "web"

REFUSALS: dict[str, Refusal] = _table(
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
    # The Game.
    ("empty_move", TG, "coup vide", "empty move"),
    ("unreadable_move", TG, "coup illisible", "unreadable move"),
    ("unknown_pile", TG, "pile inconnue (a1 a2 d1 d2)", "unknown pile (a1 a2 d1 d2)"),
    ("unknown_signal", TG, "signal inconnu (garde, bon, efface)", "unknown signal"),
    ("card_not_in_hand", ALL, "cette carte n'est pas dans votre main", "card not in hand"),
    (
        "trick_needs_ten",
        TG,
        "à contresens, seul le rétro (écart de 10 exactement) est permis",
        "the wrong way only the backwards trick (a gap of exactly 10) is allowed",
    ),
    ("does_not_fit", TG, "cette carte ne va pas sur cette pile", "card does not fit that pile"),
    (
        "below_minimum",
        TG,
        "il faut poser le minimum de cartes du tour avant de finir",
        "lay this turn's minimum of cards before ending it",
    ),
    ("no_signal_to_clear", TG, "aucun signal à effacer", "no signal to clear"),
    ("signal_already_set", TG, "ce signal est déjà posé", "this signal is already set"),
    ("choose_start_off", TG, "le joueur 1 commence à cette table", "player 1 starts here"),
    ("already_started", TG, "la partie a déjà commencé", "the game has already started"),
    ("choose_start_first", TG, "choisissez d'abord qui commence", "first choose who starts"),
    ("empty_message", TG, "message vide", "empty message"),
    ("message_too_long", TG, "message trop long", "message too long"),
    ("number_in_chat", TG, "pas de nombres à table", "no numbers in table talk"),
    # Tennis Quizz.
    ("server_not_now", TQ, "le serveur se choisit en début de jeu", "server chosen at game start"),
    ("not_in_serving_team", TQ, "pas dans l'équipe au service", "not in the serving team"),
    ("answerer_not_now", TQ, "le relanceur se choisit avant la question", "answerer chosen first"),
    ("not_in_receiving_team", TQ, "pas dans l'équipe à la relance", "not in the receiving team"),
    ("pick_not_allowed", TQ, "choisir la question : variante tactique", "picking: tactique only"),
    ("no_such_question", TQ, "une carte a 7 questions", "a card has 7 questions"),
    ("question_already_asked", TQ, "question déjà posée", "question already asked"),
    ("no_question_waiting", TQ, "aucune question n'attend de réponse", "no question waiting"),
    ("pro_types_answer", TQ, "un pro tape sa réponse", "a pro types the answer"),
    ("beginner_picks_choice", TQ, "un débutant répond A, B ou C", "a beginner answers A, B or C"),
    ("bad_choice", TQ, "répondez A, B ou C", "answer A, B or C"),
    ("answer_too_long", TQ, "réponse trop longue", "answer too long"),
    ("nothing_to_rule", TQ, "aucune réponse libre à trancher", "no open answer to rule on"),
    ("empty_answer", TQ, "réponse vide", "empty answer"),
    ("not_a_number", TQ, "tapez un nombre", "type a number"),
    ("yes_or_no", ALL, "répondez o ou n", "answer y or n"),
    ("unknown_format", TQ, "format de paquet inconnu", "unknown deck format"),
    ("nothing_to_undo", TQ, "aucun point à annuler", "no point to undo"),
    ("unknown_point", TQ, "point au serveur ou au relanceur", "a point to server or receiver"),
    ("too_many_points", TQ, "trop de points marqués", "too many points scored"),
    ("bad_first_server", TQ, "premier serveur : côté 0 ou 1", "first server: side 0 or 1"),
    ("not_a_scoring_action", TQ, "on marque un point ou on annule", "score a point or undo"),
    ("unreadable_scoring_action", TQ, "action de marque illisible", "unreadable scoring action"),
    # Tennis de mots.
    ("bad_joker_notation", TM, "joker mal écrit ([*S], [#T]…)", "joker badly written"),
    ("unknown_sign", TM, "signe inconnu dans le mot", "unknown sign in the word"),
    ("empty_word", TM, "mot vide", "empty word"),
    ("net_without_word", TM, "« net » demande un mot", "'net' needs a word"),
    ("letter_not_available", TM, "lettre absente de la main et de la table", "letter not at hand"),
    ("unreadable_shot", TM, "coup illisible", "unreadable shot"),
    ("empty_shot", TM, "un coup pose au moins une carte", "a shot lays at least one card"),
    ("unknown_card", TM, "carte inconnue", "unknown card"),
    ("card_laid_twice", TM, "carte posée deux fois", "card laid twice"),
    ("wrong_card_face", TM, "la carte ne porte pas ce signe", "the card does not show that"),
    ("joker_mismatch", TM, "ce joker ne vaut pas cette lettre", "joker cannot stand for that"),
    ("nothing_to_challenge", TM, "rien à contester", "nothing to challenge"),
    ("nothing_to_accept", TM, "rien à laisser passer", "nothing to let pass"),
    ("own_shot", TM, "on ne conteste pas son propre coup", "cannot challenge your own shot"),
    ("already_let_pass", TM, "coup déjà laissé passer", "shot already let pass"),
    ("challenge_pending", TM, "on attend la contestation", "a challenge is pending"),
    ("must_serve", TM, "le serveur doit servir", "the server must serve"),
    ("below_weight", TM, "sous le poids : c'est un NET", "under the weight: a NET"),
    ("weight_reached", TM, "poids atteint : ce n'est pas un NET", "weight reached: not a NET"),
    ("empty_net", TM, "un NET pose une carte de la main", "a NET lays a card from the hand"),
    ("not_a_word", TM, "aucun mot français ne commence ainsi", "no French word starts so"),
    ("bad_lexicon", TM, "lexique illisible", "unreadable lexicon"),
    ("bad_letters", TM, "lettres illisibles", "unreadable letters"),
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
    ("storage_error", WEB, "coup non enregistré : rien n'a changé", "move not stored: unchanged"),
    ("server_error", WEB, "erreur du serveur : rien n'a changé", "server error: nothing changed"),
    ("bad_db", WEB, "adresse de base de données refusée", "database address refused"),
    ("same_deal_playing", WEB, "même donne en cours : attendez la fin", "same deal being played"),
    ("too_many", WEB, "trop de demandes depuis votre adresse", "too many from your address"),
    ("deck_too_slow", TQ, "paquet trop long à vérifier", "deck too slow to check"),
    ("server_full", WEB, "le serveur est plein", "the server is full"),
    ("hello_late", WEB, "pas de bonjour (hello) à temps", "no hello in time"),
    ("bad_origin", WEB, "demande venue d'un autre site", "request from another site"),
    ("not_found", WEB, "adresse inconnue", "no such address"),
    ("method_not_allowed", WEB, "méthode refusée à cette adresse", "method not allowed here"),
)


def markdown() -> str:
    """``docs/refusals.md``: the catalogue as a table per game (a test keeps it current)."""
    titles = {
        "": "Every game and tool",
        "the-game": "The Game",
        "tennis-quizz": "Tennis Quizz",
        "tennis-mots": "Tennis de mots",
        "web": "Web tables (partie serve)",
    }
    lines = [
        "# Refusal codes",
        "",
        "Every refusal carries a stable `code` next to its own sentence in French and",
        "English (`exc.code`, `exc.fr`, `exc.en`; the web protocol sends the three). This",
        "table gives each code a generic line, so a client can translate a refusal or",
        "link it to its rule without reading the sentence. It is written from",
        "`src/partie/core/refusals.py`; a test fails when a code raised in the source is",
        "missing here.",
    ]
    for game, title in titles.items():
        lines += ["", f"## {title}", "", "| code | français | English |", "|---|---|---|"]
        lines += [f"| `{r.code}` | {r.fr} | {r.en} |" for r in REFUSALS.values() if r.game == game]
    return "\n".join(lines) + "\n"


def refusal(code: str) -> Refusal:
    """The catalogue entry of ``code`` (``KeyError`` for a code nobody listed)."""
    return REFUSALS[code]


__all__ = ["REFUSALS", "Refusal", "markdown", "refusal"]
