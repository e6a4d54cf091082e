"""Small generated Tennis Quizz decks shared by the game and CLI tests (tests/ is on
sys.path, see tests/conftest.py)."""

from __future__ import annotations


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
