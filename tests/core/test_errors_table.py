"""The error family against a table written here: each refusal's stable code (clients and
records depend on it), its place in the family, and its two one-line messages."""

from __future__ import annotations

import pytest

from partie.core import errors

# class name → (stable code, parent class name)
FAMILY = {
    "PartieError": ("error", "ValueError"),
    "InvalidAction": ("invalid_action", "PartieError"),
    "AmbiguousAction": ("ambiguous_action", "InvalidAction"),
    "IllegalAction": ("illegal_action", "PartieError"),
    "NotYourTurn": ("not_your_turn", "IllegalAction"),
    "GameOver": ("game_over", "IllegalAction"),
    "BadOptions": ("bad_options", "PartieError"),
    "UnknownGame": ("unknown_game", "PartieError"),
    "BadDeck": ("bad_deck", "PartieError"),
    "BadPosition": ("bad_position", "PartieError"),
    "BadRecord": ("bad_record", "PartieError"),
}


@pytest.mark.parametrize(("name", "code", "parent"), [(n, *v) for n, v in FAMILY.items()])
def test_each_error_has_its_code_and_parent(name: str, code: str, parent: str) -> None:
    cls = getattr(errors, name)
    assert cls.__bases__[0].__name__ == parent
    error = cls("en français", "in English")
    assert isinstance(error, ValueError)
    assert error.code == code
    assert error.to_json() == {"code": code, "fr": "en français", "en": "in English"}
    assert str(error) == "en français"
    assert repr(error) == f"{name}('en français', 'in English', code='{code}')"


def test_messages_in_both_languages() -> None:
    error = errors.IllegalAction("carte injouable", "card not playable")
    assert error.message() == "carte injouable"
    assert error.message("fr") == "carte injouable"
    assert error.message("en") == "card not playable"
    assert error.message("de") == "carte injouable"  # French unless English is asked


def test_english_defaults_to_the_french_text() -> None:
    error = errors.BadDeck("paquet illisible")
    assert error.en == "paquet illisible" and error.message("en") == "paquet illisible"
    assert errors.BadDeck("vide", "").en == ""  # an empty English text is kept as given


def test_a_given_code_and_data_are_kept() -> None:
    error = errors.IllegalAction("a", "b", code="number_in_chat", choices=[1, 2])
    assert error.code == "number_in_chat"
    assert error.data == {"choices": [1, 2]}
    assert errors.IllegalAction("a", "b").data == {}
    assert errors.IllegalAction("a", "b").code == "illegal_action"
    assert errors.IllegalAction("a", "b", code="").code == ""  # an empty code is a code
