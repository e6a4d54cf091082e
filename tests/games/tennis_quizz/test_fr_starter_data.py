"""Checks the built-in French starter deck as plain data, independently of the engine.

The deck is authored by hand, so these tests guard the shape and the balance the game
relies on (7 questions a card, three distinct choices, a fair mix of tennis and general
knowledge, of easy and hard questions) before any engine code reads it.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

DECK_PATH = (
    Path(__file__).resolve().parents[3]
    / "src"
    / "partie"
    / "games"
    / "tennis_quizz"
    / "decks"
    / "fr-starter.toml"
)
REQUIRED_TEXT_FIELDS = ("text", "answer", "category", "source")


def fold(text: str) -> str:
    """Compare texts the way players would: no case, no accents, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.split())


@pytest.fixture(scope="module")
def deck() -> dict[str, Any]:
    with DECK_PATH.open("rb") as handle:
        return tomllib.load(handle)


@pytest.fixture(scope="module")
def questions(deck: dict[str, Any]) -> list[dict[str, Any]]:
    return [q for card in deck["cards"] for q in card["questions"]]


def test_header(deck: dict[str, Any]) -> None:
    header = deck["deck"]
    assert header["id"] == "fr-starter"
    assert header["title"].strip()
    assert header["language"] == "fr"
    assert header["licence"] == "CC-BY-4.0"
    assert header["authors"] == ["Contributeurs de partie"]


def test_cards_and_counts(deck: dict[str, Any], questions: list[dict[str, Any]]) -> None:
    cards = deck["cards"]
    assert len(cards) >= 40
    for card in cards:
        assert len(card["questions"]) == 7, card["id"]
    assert len(questions) >= 280
    ids = [card["id"] for card in cards]
    assert all(isinstance(i, str) and i.strip() for i in ids)
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]


def test_required_fields(deck: dict[str, Any]) -> None:
    for card in deck["cards"]:
        for number, question in enumerate(card["questions"], start=1):
            where = f"{card['id']} question {number}"
            for field in REQUIRED_TEXT_FIELDS:
                value = question.get(field)
                assert isinstance(value, str) and value.strip(), f"{where}: {field}"
            wrong = question.get("wrong")
            assert isinstance(wrong, list) and len(wrong) == 2, f"{where}: wrong"
            assert all(isinstance(w, str) and w.strip() for w in wrong), f"{where}: wrong"
            difficulty = question.get("difficulty")
            assert isinstance(difficulty, int) and not isinstance(difficulty, bool), where
            assert 1 <= difficulty <= 3, where
            prefix = question["category"].split("/", 1)[0]
            assert prefix in {"tennis", "culture"}, f"{where}: category"
            alternatives = question.get("alternatives", [])
            assert isinstance(alternatives, list), f"{where}: alternatives"
            assert all(isinstance(a, str) and a.strip() for a in alternatives), where


def test_choices_distinct(questions: list[dict[str, Any]]) -> None:
    for question in questions:
        choices = [fold(question["answer"]), *(fold(w) for w in question["wrong"])]
        assert len(set(choices)) == 3, question["text"]


def test_alternatives_never_name_a_wrong_choice(questions: list[dict[str, Any]]) -> None:
    for question in questions:
        wrong = {fold(w) for w in question["wrong"]}
        for alternative in question.get("alternatives", []):
            assert fold(alternative) not in wrong, question["text"]


def test_no_duplicate_question(questions: list[dict[str, Any]]) -> None:
    counts = Counter(fold(q["text"]) for q in questions)
    assert [text for text, n in counts.items() if n > 1] == []


def test_tennis_share(questions: list[dict[str, Any]]) -> None:
    tennis = sum(1 for q in questions if q["category"].startswith("tennis/"))
    share = tennis / len(questions)
    assert 0.40 <= share <= 0.60, share


def test_difficulty_balance(questions: list[dict[str, Any]]) -> None:
    counts = Counter(q["difficulty"] for q in questions)
    for level in (1, 2, 3):
        share = counts[level] / len(questions)
        assert 0.20 <= share <= 0.45, (level, share)
