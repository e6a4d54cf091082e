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


# -- a unit, an epithet, numbers in words -------------------------------------------------

_UNITS = [
    *("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    *("dix", "onze", "douze", "treize", "quatorze", "quinze", "seize"),
]
_TENS = {2: "vingt", 3: "trente", 4: "quarante", 5: "cinquante", 6: "soixante"}


def french(n: int) -> str:
    """0 to 99 in French words, as people write them (with or without hyphens)."""
    if n < 17:
        return _UNITS[n]
    if n < 20:
        return f"dix-{_UNITS[n - 10]}"
    if n >= 80:
        rest = n - 80
        return "quatre-vingts" if rest == 0 else f"quatre-vingt-{french(rest)}"
    tens, unit = divmod(n, 10)
    if tens == 7:
        return "soixante et onze" if n == 71 else f"soixante-{french(n - 60)}"
    if unit == 0:
        return _TENS[tens]
    if unit == 1:
        return f"{_TENS[tens]} et un"
    return f"{_TENS[tens]}-{_UNITS[unit]}"


def roman(n: int) -> str:
    out = []
    for value, letters in [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


@pytest.mark.parametrize(
    "given,answer,wrong",
    [
        ("2 sets", "2", ("3", "5")),
        ("2 sets", "2", ("3 sets", "5 sets")),  # the unit of a wrong choice too
        ("cinq", "5", ("4", "6")),
        ("Louis quinze", "Louis XV", ("Louis XIV", "Louis XVI")),
        ("Louis XV le Bien-Aimé", "Louis XV", ("Louis XIV", "Louis XVI")),
        ("Jeanne d'Arc, la Pucelle d'Orléans", "Jeanne d'Arc", ("Jeanne Hachette", "Marie")),
        ("quatre-vingt-dix", "90", ()),
        ("7 jeux", "7", ("6", "8")),
    ],
)
def test_a_unit_an_epithet_or_a_number_in_words_is_right(
    given: str, answer: str, wrong: tuple[str, ...]
) -> None:
    assert judge(given, answer, (), wrong)


@pytest.mark.parametrize(
    "given,answer,wrong",
    [
        ("3 sets", "2", ("3 sets", "5 sets")),
        ("2 ou 3", "2", ()),
        ("pas 2", "2", ()),
        ("2 sets et demi", "2", ()),
        ("Louis seize", "Louis XV", ("Louis XIV", "Louis XVI")),
        ("Louis XVI le Bien-Aimé", "Louis XV", ("Louis XIV", "Louis XVI")),
        ("Louis XV le 16", "Louis XV", ()),
        ("Nadal Federer", "Nadal", ("Federer", "Djokovic")),  # two names, no epithet
        ("Paris ou Lyon", "Paris", ("Lyon", "Nice")),
        ("Paris la Lyon", "Paris", ("Lyon", "Nice")),  # a wrong choice in the extra words
        ("Minorque la belle", "Majorque", ("Minorque", "Ibiza")),
        ("Louis XV le Bien-Aimé roi de France et de Navarre", "Louis XV", ()),
    ],
)
def test_extra_words_never_make_a_wrong_answer_right(
    given: str, answer: str, wrong: tuple[str, ...]
) -> None:
    assert not judge(given, answer, (), wrong)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 99), st.integers(0, 99), st.sampled_from(["", " sets", " jeux", " points"]))
def test_numbers_in_words_or_with_a_unit_count_as_their_value_only(
    n: int, m: int, unit: str
) -> None:
    # ("un" before another word is read as an article: "un set" is left to the digits.)
    if n != 1 or not unit:
        assert judge(french(n) + unit, str(n), (), (str(n + 1), str(n + 2)))
    assert judge(f"{n}{unit}", str(n), (), (str(n + 1), str(n + 2)))
    if m != n:
        assert not judge(french(m) + unit, str(n))
        assert not judge(f"{m}{unit}", str(n))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 39), st.integers(1, 39), st.sampled_from(["", " le Grand", " dit le Bon"]))
def test_a_kings_number_in_words_is_read_and_never_another(k: int, j: int, epithet: str) -> None:
    answer = f"Louis {roman(k)}"
    wrong = (f"Louis {roman(k + 1)}", f"Louis {roman(k + 2)}")

    # The first of a name is "premier" ("François Ier"); "un" only at the end.
    def said(n: int) -> str:
        return "premier" if n == 1 and epithet else french(n)

    assert judge(f"Louis {said(k)}{epithet}", answer, (), wrong)
    if j != k:
        assert not judge(f"Louis {said(j)}{epithet}", answer, (), wrong)
        assert not judge(f"Louis {roman(j)}{epithet}", answer, (), wrong)


names = st.text(alphabet="abcdefghijklmnoprstuvz", min_size=4, max_size=10)


@settings(max_examples=300, deadline=None)
@given(names, names, names, st.sampled_from(["ou", "et", "pas", "le", "la", "dit"]))
def test_a_wrong_choice_after_the_answer_is_never_right(
    answer: str, wrong: str, other: str, link: str
) -> None:
    if normalize(wrong) in (normalize(answer), normalize(other)) or judge(wrong, answer):
        return
    assert not judge(f"{answer} {link} {wrong}", answer, (), (wrong, other))
    assert not judge(wrong, answer, (), (wrong, other))
