"""Open answers: forgiven case, accents, punctuation, articles and small typos; never
a different number or a different word."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.games.tennis_quizz.decks import load_deck
from partie.games.tennis_quizz.judging import ARTICLES, judge, normalize


@pytest.mark.parametrize(
    "given,answer,alternatives",
    [
        ("terre battue", "Terre battue", ()),
        ("TERRE-BATTUE !", "Terre battue", ()),
        ("la terre battue", "Terre battue", ()),
        ("l'ocre", "Terre battue", ("ocre",)),
        ("Roland Garros", "Roland-Garros", ()),
        ("rolan garros", "Roland-Garros", ()),
        ("Nadla", "Nadal", ()),  # a swap of two letters
        ("Suzanne Lenglen", "Suzanne Lenglen", ()),
        ("suzane lenglen", "Suzanne Lenglen", ()),
        ("Etats-Unis", "États-Unis", ()),
        ("  les Mousquetaires ", "Mousquetaires", ()),
        ("Nadal", "Rafael Nadal", ("Nadal",)),
        ("coeur", "cœur", ()),
    ],
)
def test_accepted(given: str, answer: str, alternatives: tuple[str, ...]) -> None:
    assert judge(given, answer, alternatives)


@pytest.mark.parametrize(
    "given,answer",
    [
        ("1968", "1969"),
        ("Gazon", "Terre battue"),
        ("", "Oui"),
        ("   ", "Oui"),
        ("je ne sais pas", "Wimbledon"),
        ("Dur", "Duo"),  # three letters: no typo forgiven
        ("Federer", "Nadal"),
        ("Open d'Australie 1988", "Open d'Australie 1989"),
    ],
)
def test_refused(given: str, answer: str) -> None:
    assert not judge(given, answer)


words = st.text(alphabet="abcdéèêëàçôîïœ -'", min_size=1, max_size=25)


@settings(max_examples=200, deadline=None)
@given(words)
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize(text)
    # Only one leading article is dropped per pass, so a second pass may drop another.
    assert normalize(once) == once or once.split()[0] in ARTICLES


@settings(max_examples=200, deadline=None)
@given(words)
def test_the_answer_itself_in_any_case_is_right(answer: str) -> None:
    if normalize(answer):
        assert judge(answer.upper(), answer)
        assert judge(f"  {answer}. ", answer)


@pytest.mark.parametrize(
    "given,answer,alternatives",
    [
        ("Louis 15", "Louis XV", ()),
        ("louis xv", "Louis XV", ()),
        ("XV", "15", ()),
        ("007", "7", ()),
        ("1 000", "1000", ()),
        ("Majorqe", "Majorque", ("Mallorca",)),  # a typo nearer the answer than "Minorque"
    ],
)
def test_numbers_are_values(given: str, answer: str, alternatives: tuple[str, ...]) -> None:
    assert judge(given, answer, alternatives, ("Louis XVI", "Minorque"))


@pytest.mark.parametrize(
    "given,answer,alternatives,wrong",
    [
        ("Louis XVI", "Louis XV", ("Louis 15",), ("Louis XVI", "Louis XIV")),
        ("Louis XVI", "Louis XV", (), ()),  # a different number, even without the choices
        ("Louis 16", "Louis XV", (), ()),
        ("Louis XIII", "Louis XIV", ("Louis 14",), ("Louis XIII", "Louis XVI")),
        ("Chevaus", "Chevaux", (), ("Chevaus", "Chameaux")),
        ("Chevau", "Chevaux", (), ("Chevaus", "Chameaux")),  # as close to a wrong choice
        ("Minorque", "Majorque", ("Mallorca",), ("Minorque", "Ibiza")),
        ("Loupe", "Louve", ("la louve",), ("Loupe", "Lionne")),
        (
            "Après chaque jeu pair",
            "Après chaque jeu impair",
            ("jeux impairs",),
            ("Après chaque jeu pair", "x"),
        ),
    ],
)
def test_a_wrong_choice_or_what_is_nearer_it_is_wrong(
    given: str, answer: str, alternatives: tuple[str, ...], wrong: tuple[str, ...]
) -> None:
    assert not judge(given, answer, alternatives, wrong)


def test_on_the_starter_deck_wrong_choices_are_wrong_and_right_forms_right() -> None:
    deck = load_deck("fr-starter")
    for card in deck.cards:
        for n, q in enumerate(card.questions, start=1):
            for typed in q.wrong:
                assert not judge(typed, q.answer, q.alternatives, q.wrong), (card.id, n, typed)
            for typed in (q.answer, *q.alternatives):
                assert judge(typed, q.answer, q.alternatives, q.wrong), (card.id, n, typed)
