"""Table talk refuses numbers, in digits or in French and English words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from partie.core import IllegalAction
from partie.games.the_game.chat import NUMBER_WORDS, check_chat, number_in


@pytest.mark.parametrize(
    "message",
    ["j'ai le trente", "Soixante-dix !", "quatre-vingt-dix-neuf", "I have thirty-two",
     "a DOZEN", "Quatre Vingts", "ça fait 37", "une vingtaine", "Nonante", "zéro"],
)  # fmt: skip
def test_numbers_are_refused_with_the_reason(message: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        check_chat(message)
    assert caught.value.code == "number_in_chat"
    assert "nombre" in caught.value.fr and "number" in caught.value.en


@pytest.mark.parametrize(
    "message",
    ["ne joue pas sur d2 stp", "garde-moi la pile a1", "I can play well here", "often",
     "tendance", "prends une autre pile", "this one please", "deuxième pile ?"],
)  # fmt: skip
def test_ordinary_talk_passes(message: str) -> None:
    assert check_chat(message) == " ".join(message.split())


@given(st.text(), st.integers(0, 10_000), st.text())
def test_any_digit_is_refused(before: str, number: int, after: str) -> None:
    assert number_in(f"{before} {number} {after}") is not None


@given(st.sampled_from(sorted(NUMBER_WORDS)), st.booleans())
def test_every_number_word_any_case(word: str, upper: bool) -> None:
    assert number_in(f"bon, {word.upper() if upper else word} !") is not None


def test_empty_and_too_long_messages() -> None:
    with pytest.raises(IllegalAction) as caught:
        check_chat("   ")
    assert caught.value.code == "empty_message"
    with pytest.raises(IllegalAction) as caught:
        check_chat("a" * 300)
    assert caught.value.code == "message_too_long"
