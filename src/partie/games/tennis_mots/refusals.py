"""Tennis de mots's refusal codes with a short generic line in French and English.

A raised error carries its own precise sentence; this list gives each of the game's
stable codes a line that a client can show or group without parsing the sentence
(``docs/refusals.md`` is written from it, with every other game's)."""

from __future__ import annotations

REFUSALS: tuple[tuple[str, str, str], ...] = (
    ("bad_joker_notation", "joker mal écrit ([*S], [#T]…)", "joker badly written"),
    ("unknown_sign", "signe inconnu dans le mot", "unknown sign in the word"),
    ("empty_word", "mot vide", "empty word"),
    ("net_without_word", "« net » demande un mot", "'net' needs a word"),
    ("letter_not_available", "lettre absente de la main et de la table", "letter not at hand"),
    ("unreadable_shot", "coup illisible", "unreadable shot"),
    ("empty_shot", "un coup pose au moins une carte", "a shot lays at least one card"),
    ("unknown_card", "carte inconnue", "unknown card"),
    ("card_laid_twice", "carte posée deux fois", "card laid twice"),
    ("wrong_card_face", "la carte ne porte pas ce signe", "the card does not show that"),
    ("joker_mismatch", "ce joker ne vaut pas cette lettre", "joker cannot stand for that"),
    ("nothing_to_challenge", "rien à contester", "nothing to challenge"),
    ("nothing_to_accept", "rien à laisser passer", "nothing to let pass"),
    ("own_shot", "on ne conteste pas son propre coup", "cannot challenge your own shot"),
    ("already_let_pass", "coup déjà laissé passer", "shot already let pass"),
    ("challenge_pending", "on attend la contestation", "a challenge is pending"),
    ("must_serve", "le serveur doit servir", "the server must serve"),
    ("below_weight", "sous le poids : c'est un NET", "under the weight: a NET"),
    ("weight_reached", "poids atteint : ce n'est pas un NET", "weight reached: not a NET"),
    ("empty_net", "un NET pose une carte de la main", "a NET lays a card from the hand"),
    ("not_a_word", "aucun mot français ne commence ainsi", "no French word starts so"),
    ("bad_lexicon", "lexique illisible", "unreadable lexicon"),
    ("bad_letters", "lettres illisibles", "unreadable letters"),
)
