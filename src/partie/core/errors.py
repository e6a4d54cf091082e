"""The error family: every refusal a person can meet carries a stable code and a
one-line reason in French and in English.

All are ``ValueError``s, so callers that only care that input was bad can catch that.
``str(error)`` is the French message (the games are French); ``error.message("en")``
gives the English one.
"""

from __future__ import annotations

from typing import Any


class PartieError(ValueError):
    """Base of every error a user's input can cause."""

    code = "error"

    def __init__(self, fr: str, en: str | None = None, *, code: str | None = None, **data: Any):
        super().__init__(fr)
        self.fr = fr
        self.en = en if en is not None else fr
        if code is not None:
            self.code = code
        self.data = data

    def message(self, lang: str = "fr") -> str:
        """The one-line reason in ``lang`` ("fr" or "en")."""
        return self.en if lang == "en" else self.fr

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "fr": self.fr, "en": self.en}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fr!r}, {self.en!r}, code={self.code!r})"


class InvalidAction(PartieError):
    """The action cannot be read at all (bad text, bad JSON, unknown pile)."""

    code = "invalid_action"


class AmbiguousAction(InvalidAction):
    """The text reads as more than one legal action ("37 : a2 ou d2 ?"); ``data["choices"]``
    holds the candidates, so a client can offer them."""

    code = "ambiguous_action"


class IllegalAction(PartieError):
    """The action is readable but against the rules in this position."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """A seat acted when it was not among ``state.to_act``."""

    code = "not_your_turn"


class GameOver(IllegalAction):
    """An action was sent to a finished game."""

    code = "game_over"


class BadOptions(PartieError):
    """Game options that cannot be used (player count, unknown option...)."""

    code = "bad_options"


class UnknownGame(PartieError):
    """No game is registered under this id."""

    code = "unknown_game"


class BadDeck(PartieError):
    """A deck (questions or word cards) that cannot be found, read, or that breaks its
    format: one class for both games' decks."""

    code = "bad_deck"


class BadPosition(PartieError):
    """A position text (a game's short form of a position, as FEN is for chess) that
    cannot be read or is not a position of this game."""

    code = "bad_position"


class BadRecord(PartieError):
    """A game record file that cannot be read or does not replay."""

    code = "bad_record"
