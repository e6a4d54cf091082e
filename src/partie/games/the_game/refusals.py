"""The Game's refusal codes with a short generic line in French and English.

A raised error carries its own precise sentence; this list gives each of the game's
stable codes a line that a client can show or group without parsing the sentence
(``docs/refusals.md`` is written from it, with every other game's)."""

from __future__ import annotations

REFUSALS: tuple[tuple[str, str, str], ...] = (
    ("empty_move", "coup vide", "empty move"),
    ("unreadable_move", "coup illisible", "unreadable move"),
    ("unknown_pile", "pile inconnue (a1 a2 d1 d2)", "unknown pile (a1 a2 d1 d2)"),
    ("unknown_signal", "signal inconnu (garde, bon, efface)", "unknown signal"),
    (
        "trick_needs_ten",
        "à contresens, seul le rétro (écart de 10 exactement) est permis",
        "the wrong way only the backwards trick (a gap of exactly 10) is allowed",
    ),
    ("does_not_fit", "cette carte ne va pas sur cette pile", "card does not fit that pile"),
    (
        "below_minimum",
        "il faut poser le minimum de cartes du tour avant de finir",
        "lay this turn's minimum of cards before ending it",
    ),
    ("no_signal_to_clear", "aucun signal à effacer", "no signal to clear"),
    ("signal_already_set", "ce signal est déjà posé", "this signal is already set"),
    ("choose_start_off", "le joueur 1 commence à cette table", "player 1 starts here"),
    ("already_started", "la partie a déjà commencé", "the game has already started"),
    ("choose_start_first", "choisissez d'abord qui commence", "first choose who starts"),
    ("takeback_off", "reprise dans le tour désactivée ici", "take-back is off here"),
    (
        "turn_ended",
        "le tour est fini et la pioche faite : ses cartes restent",
        "the turn has ended and its cards are drawn: they stay down",
    ),
    ("nothing_to_take_back", "aucune carte posée ce tour-ci", "no card laid this turn"),
    (
        "not_last_card",
        "seule la dernière carte posée se reprend",
        "only the last card laid can be taken back",
    ),
    ("empty_message", "message vide", "empty message"),
    ("message_too_long", "message trop long", "message too long"),
    ("number_in_chat", "pas de nombres à table", "no numbers in table talk"),
    ("deal_of_the_day", "donne du jour : à revoir demain", "deal of the day: watch it tomorrow"),
    ("unknown_board", "tableau privé inconnu", "unknown private board"),
)
