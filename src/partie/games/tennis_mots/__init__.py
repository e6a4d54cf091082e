"""Tennis de mots: a tennis-themed French word card game, 2-4 players, 107 cards."""

from partie.games.tennis_mots.cards import BadDeck, Card, Deck, load_deck
from partie.games.tennis_mots.game import GAME, TennisMots
from partie.games.tennis_mots.rules import (
    ACCEPT,
    CHALLENGE,
    PASS,
    Accept,
    Challenge,
    Net,
    Shot,
    TennisMotsOptions,
    TennisMotsState,
    action_from_json,
)

__all__ = [
    "ACCEPT",
    "CHALLENGE",
    "GAME",
    "PASS",
    "Accept",
    "BadDeck",
    "Card",
    "Challenge",
    "Deck",
    "Net",
    "Shot",
    "TennisMots",
    "TennisMotsOptions",
    "TennisMotsState",
    "action_from_json",
    "load_deck",
]
