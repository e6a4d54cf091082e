"""Open answers judged against tables written from the rules (tennis-quizz, Débutants/pros):
every leading article, the elisions, the typo budget at each length boundary, answers
spelt with dots. The expected values are written here, never taken from the module."""

from __future__ import annotations

import pytest

from partie.games.tennis_quizz.judging import (
    allowed_typos,
    close_enough,
    judge,
    normalize,
    with_values,
)

# Edits forgiven by length in letters: none below 4, one for 4 to 7, two from 8 on.
TYPO_BUDGET = {0: 0, 1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 1, 8: 2, 9: 2, 12: 2, 30: 2}


@pytest.mark.parametrize(("length", "budget"), sorted(TYPO_BUDGET.items()))
def test_typo_budget_by_length(length: int, budget: int) -> None:
    assert allowed_typos(length) == budget


@pytest.mark.parametrize(
    ("given", "answer", "right"),
    [
        ("Asj", "Ash", False),  # 3 letters: no typo
        ("Brog", "Borg", True),  # 4 letters: a swap is one edit
        ("Bouk", "Borg", False),  # 4 letters: two edits
        ("Nadl", "Nadal", True),
        ("Vidal", "Nadal", False),  # two edits on 5 letters
        ("Fedrer", "Federer", True),  # 7 letters: one edit
        ("Fedrar", "Federer", False),  # 7 letters: two edits
        ("Pot Cosh", "Pat Cash", False),  # 7 letters (the space is not one): two edits
        ("Pot Cash", "Pat Cash", True),
        ("Djokovik", "Djokovic", True),  # 8 letters: one edit
        ("Jokovik", "Djokovic", True),  # 8 letters: two edits
        ("Jokovit", "Djokovik", True),
        ("Jokobit", "Djokovic", False),  # 8 letters: three edits
        ("Wimbeldon", "Wimbledon", True),
        ("Wimbeldonn", "Wimbledon", True),
        ("Wimbeldonne", "Wimbledon", False),
    ],
)
def test_typos_within_the_budget_only(given: str, answer: str, right: bool) -> None:
    assert judge(given, answer) is right


# Every leading article of the rules (and the English ones) is dropped before a word.
ARTICLE_CASES = [
    ("le Borg", "Borg"),
    ("la Suisse", "Suisse"),
    ("les Bleus", "Bleus"),
    ("l'Ocre", "Ocre"),
    ("l’Ocre", "Ocre"),
    ("l Ocre", "Ocre"),
    ("un Lob", "Lob"),
    ("une Volée", "Volée"),
    ("des Balles", "Balles"),
    ("the Net", "Net"),
    ("a Lob", "Lob"),
    ("an Ace", "Ace"),
    ("d'Artois", "Artois"),
    ("qu'Ivan", "Ivan"),
]


@pytest.mark.parametrize(("given", "answer"), ARTICLE_CASES)
def test_a_leading_article_or_elision_is_forgiven(given: str, answer: str) -> None:
    assert judge(given, answer) is True


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("d'Artois", "artois"),
        ("qu’Ivan", "ivan"),
        ("L'Équipe", "equipe"),
        ("terre_battue", "terre battue"),
        ("Cæsar", "caesar"),
        ("Straße", "strasse"),
        ("Le", "le"),  # an article alone is the answer, not dropped
        ("Les", "les"),
        ("Un", "un"),
        ("U.S.A.", "u s a"),
        ("le le", "le"),  # one article dropped per pass
    ],
)
def test_normalize_table(text: str, folded: str) -> None:
    assert normalize(text) == folded


@pytest.mark.parametrize(
    ("given", "answer", "right"),
    [
        ("Le", "Le", True),  # a word that is also an article is still an answer
        ("La", "La", True),
        ("Les", "Le", False),
        ("U.S.A.", "USA", True),  # 3 letters: right only because dots are not letters
        ("USA", "U.S.A.", True),
        ("U.S.B.", "USA", False),
        ("Cæsar", "Caesar", True),
        ("Caesar", "Cæsar", True),
        ("Gazon", "Terre battue", False),
    ],
)
def test_folding_cases(given: str, answer: str, right: bool) -> None:
    assert judge(given, answer) is right


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("10 000 spectateurs", "10000 spectateurs"),
        ("1 000 000", "1000000"),
        ("an 0042", "an 42"),
    ],
)
def test_numbers_written_as_values(text: str, values: str) -> None:
    assert with_values(text, False) == values


def test_an_alternative_of_punctuation_only_accepts_nothing() -> None:
    assert judge("Gazon", "Terre battue", ("?!",)) is False
    assert close_enough("gazon", "") is False
    assert close_enough("", "gazon") is False
    assert close_enough("open 1988", "open 1989") is False  # one edit, but a number


@pytest.mark.parametrize(
    ("given", "answer", "wrong"),
    [
        ("", "Oui", ()),
        ("1968", "1969", ()),
        ("Open 1988", "Open 1989", ()),
        ("Minorque", "Majorque", ("Minorque",)),
    ],
)
def test_a_refusal_is_a_plain_false(given: str, answer: str, wrong: tuple[str, ...]) -> None:
    assert judge(given, answer, (), wrong) is False
