"""Deck format: valid decks load, every error has its exact place, and any deck the
format can hold survives writing and reading back."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.games.tennis_quizz.decks import (
    BadDeck,
    Card,
    Deck,
    Question,
    check_file,
    check_text,
    load_deck,
)
from quizz_decks import deck_toml

BROKEN = (
    """
[deck]
id = "broken"
title = "Cassé"

[[cards]]
id = "c01"
"""
    + "".join(
        f"""
[[cards.questions]]
text = "Question {n}"
answer = "Oui"
wrong = ["Non", "Peut-être"]
difficulty = 1
source = "ici"
"""
        for n in range(1, 7)
    )
    + """
[[cards]]
id = "c02"

[[cards.questions]]
text = "Sans source"
answer = "A"
wrong = ["B", "C"]
difficulty = 2

[[cards.questions]]
text = "Trop difficile"
answer = "A"
wrong = ["B", "C"]
difficulty = 4
source = "ici"

[[cards.questions]]
text = "Une seule mauvaise"
answer = "A"
wrong = ["B"]
difficulty = 1
source = "ici"

[[cards.questions]]
text = "Mauvaise = bonne"
answer = "Paris"
wrong = ["paris", "Lyon"]
difficulty = 1
source = "ici"

[[cards.questions]]
text = "Faute de frappe dans une clé"
answer = "A"
wrong = ["B", "C"]
dificulty = 1
source = "ici"

[[cards.questions]]
text = "Question 6"
answer = "A"
wrong = ["B", "C"]
difficulty = 1
source = "ici"

[[cards.questions]]
text = ""
answer = "A"
wrong = ["B", "C"]
difficulty = 1
source = "ici"

[[cards]]
id = "c01"
questions = []
"""
)


def places(report) -> set[tuple]:
    return {(e.card, e.question, e.field) for e in report.errors}


def test_valid_generated_deck(tmp_path: Path) -> None:
    path = tmp_path / "d.toml"
    path.write_text(deck_toml(5), encoding="utf-8")
    report = check_file(str(path))
    assert report.ok and report.cards == 5 and report.questions == 35
    deck = load_deck(str(path))
    assert len(deck.cards) == 5 and deck.cards[0].questions[0].answer == "7"


def test_every_error_has_its_exact_place(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    report = check_file(str(path))
    assert places(report) == {
        ("c01", None, "questions"),  # 6 questions
        ("c02", 1, "source"),
        ("c02", 2, "difficulty"),
        ("c02", 3, "wrong"),
        ("c02", 4, "wrong"),
        ("c02", 5, "dificulty"),
        ("c02", 5, "difficulty"),  # and so the real key is missing
        ("c02", 7, "text"),
        ("c01", None, "id"),  # the third card reuses c01
        ("c01", None, "questions"),
    }
    assert all(e.file == str(path) for e in report.errors)
    text = next(e for e in report.errors if e.field == "difficulty" and e.question == 2).text("en")
    assert text.startswith(f"{path}, card c02, question 2, field difficulty:")
    with pytest.raises(BadDeck):
        load_deck(str(path))


def test_toml_syntax_error_is_one_error() -> None:
    report = check_text("[deck\nid = 1", "x.toml")
    assert len(report.errors) == 1 and "TOML" in report.errors[0].message_en


def test_unknown_deck_name() -> None:
    with pytest.raises(BadDeck) as info:
        load_deck("no-such-deck-anywhere")
    assert info.value.code == "bad_deck"


safe_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30
).filter(lambda s: s.strip() == s and s)


@st.composite
def questions(draw) -> Question:
    answer, w1, w2 = draw(
        st.lists(
            safe_text, min_size=3, max_size=3, unique_by=lambda s: " ".join(s.casefold().split())
        ).filter(lambda xs: len({_fold(x) for x in xs}) == 3)
    )
    return Question(
        text=draw(safe_text),
        answer=answer,
        wrong=(w1, w2),
        alternatives=tuple(
            a
            for a in draw(st.lists(safe_text, max_size=2))
            if _fold(a) not in (_fold(w1), _fold(w2))
        ),
        category=draw(st.sampled_from(["", "tennis/règles", "culture/histoire"])),
        difficulty=draw(st.integers(1, 3)),
        source=draw(safe_text),
    )


def _fold(text: str) -> str:
    from partie.games.tennis_quizz.decks import fold

    return fold(text)


@settings(max_examples=30, deadline=None)
@given(st.lists(questions(), min_size=7, max_size=21))
def test_any_deck_survives_toml(qs: list[Question]) -> None:
    n = len(qs) // 7
    cards = tuple(Card(f"c{i}", tuple(qs[7 * i : 7 * i + 7])) for i in range(n))
    deck = Deck(id="rt", title="Aller-retour", cards=cards, licence="CC0-1.0", authors=("x",))
    report = check_text(deck.to_toml(), "rt.toml")
    assert report.ok, [e.text("en") for e in report.errors]
    assert report.deck.cards == deck.cards
