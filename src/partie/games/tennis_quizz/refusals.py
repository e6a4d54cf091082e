"""Tennis Quizz's refusal codes with a short generic line in French and English.

A raised error carries its own precise sentence; this list gives each of the game's
stable codes a line that a client can show or group without parsing the sentence
(``docs/refusals.md`` is written from it, with every other game's)."""

from __future__ import annotations

REFUSALS: tuple[tuple[str, str, str], ...] = (
    ("server_not_now", "le serveur se choisit en début de jeu", "server chosen at game start"),
    ("not_in_serving_team", "pas dans l'équipe au service", "not in the serving team"),
    ("answerer_not_now", "le relanceur se choisit avant la question", "answerer chosen first"),
    ("not_in_receiving_team", "pas dans l'équipe à la relance", "not in the receiving team"),
    ("pick_not_allowed", "choisir la question : variante tactique", "picking: tactique only"),
    ("no_such_question", "une carte a 7 questions", "a card has 7 questions"),
    ("question_already_asked", "question déjà posée", "question already asked"),
    ("no_question_waiting", "aucune question n'attend de réponse", "no question waiting"),
    ("pro_types_answer", "un pro tape sa réponse", "a pro types the answer"),
    ("beginner_picks_choice", "un débutant répond A, B ou C", "a beginner answers A, B or C"),
    ("bad_choice", "répondez A, B ou C", "answer A, B or C"),
    ("answer_too_long", "réponse trop longue", "answer too long"),
    ("nothing_to_rule", "aucune réponse libre à trancher", "no open answer to rule on"),
    ("empty_answer", "réponse vide", "empty answer"),
    ("not_a_number", "tapez un nombre", "type a number"),
    ("unknown_format", "format de paquet inconnu", "unknown deck format"),
    ("deck_too_slow", "paquet trop long à vérifier", "deck too slow to check"),
    (
        "office_file",
        "document de bureautique : enregistrez-le en CSV ou en texte",
        "office document: save it as CSV or text",
    ),
    ("nothing_to_undo", "aucun point à annuler", "no point to undo"),
    ("unknown_point", "point au serveur ou au relanceur", "a point to server or receiver"),
    ("too_many_points", "trop de points marqués", "too many points scored"),
    ("bad_first_server", "premier serveur : côté 0 ou 1", "first server: side 0 or 1"),
    ("not_a_scoring_action", "on marque un point ou on annule", "score a point or undo"),
    ("unreadable_scoring_action", "action de marque illisible", "unreadable scoring action"),
)
