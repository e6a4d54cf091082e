"""Small generated decks for Tennis Quizz tests (the starter deck lives elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest


def question_toml(card: int, number: int, difficulty: int) -> str:
    a, b = card + 2, number + 3
    total = a + b
    return (
        "[[cards.questions]]\n"
        f'text = "Carte {card} : combien font {a} + {b} ?"\n'
        f'answer = "{total}"\n'
        f'wrong = ["{total + 1}", "{total - 1}"]\n'
        f'alternatives = ["{total} tout rond"]\n'
        'category = "culture/calcul"\n'
        f"difficulty = {difficulty}\n"
        'source = "arithmétique"\n\n'
    )


def deck_toml(cards: int, deck_id: str = "test-deck") -> str:
    """A valid deck of ``cards`` cards with distinct, checkable questions."""
    out = [
        "[deck]\n",
        f'id = "{deck_id}"\n',
        'title = "Paquet de test"\n',
        'language = "fr"\n',
        'licence = "CC0-1.0"\n',
        'authors = ["partie tests"]\n\n',
    ]
    for c in range(1, cards + 1):
        out.append(f'[[cards]]\nid = "c{c:02d}"\n\n')
        for n in range(1, 8):
            out.append(question_toml(c, n, 1 + (c + n) % 3))
    return "".join(out)


@pytest.fixture(scope="session")
def small_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six cards: three a side, so piles run out and discards are reshuffled."""
    path = tmp_path_factory.mktemp("decks") / "small.toml"
    path.write_text(deck_toml(6, "small"), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def tiny_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The smallest deck a match accepts: four cards, two a side."""
    path = tmp_path_factory.mktemp("decks") / "tiny.toml"
    path.write_text(deck_toml(4, "tiny"), encoding="utf-8")
    return path
