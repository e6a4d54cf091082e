"""Typing noise: each kind retypes a question reproducibly, numbers written in words
read back as digits, and the answerer keeps its first passage under the noise the
harness showed it was weak to (words glued or split, typos inside a situation or a
request for an example)."""

from __future__ import annotations

import pytest

from partie.rules.answerer import answerer
from partie.rules.evaluate import noise
from partie.rules.noise import KINDS, french_number, retype
from partie.rules.normalise import words_of

QUESTION = "Quand la pile descendante est à cinquante-sept, je peux poser le 47 ?"


@pytest.mark.parametrize("n", range(2, 101))
def test_a_number_in_french_words_reads_back_as_its_digits(n: int) -> None:
    assert words_of(french_number(n)) == [str(n)]


def test_et_un_ends_only_a_ten() -> None:
    assert words_of("vingt et une cartes") == ["21", "cartes"]
    assert words_of("dix et un joueur") == ["10", "et", "un", "joueur"]


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_retypes_the_same_way_for_the_same_seed(kind: str) -> None:
    typed = retype(QUESTION, kind, 3)
    assert typed != QUESTION
    assert typed == retype(QUESTION, kind, 3)


@pytest.mark.parametrize(
    "game,clean,typed",
    [
        (
            "the-game",
            "pile qui descend a 65, je peux poser 74 ?",
            "pile qui desc end a 65, je peux poser 74 ?",
        ),
        (
            "the-game",
            "pile a 80 qui descend, j'ai 95, c bon ?",
            "pile a 80 qui deescend, j'ai 95, c bon ?",
        ),
        (
            "the-game",
            "on peut mettre 2 cartes sur la meme pile",
            "on peut mettre 2 cartes sur la memepile",
        ),
        ("the-game", "c'est qui qui commence", "c'est qui qui comme nce"),
    ],
)
def test_typing_noise_keeps_the_first_passage(game: str, clean: str, typed: str) -> None:
    ask = answerer(game, "fr").ask
    assert ask(typed).best.passage.id == ask(clean).best.passage.id


def test_a_request_for_an_example_is_heard_through_a_typo() -> None:
    reply = answerer("the-game", "fr").ask("exxemple de retro en chaine ?")
    assert reply.example_first


def test_the_noise_report_counts_changes_and_no_noise_makes_a_wrong_answer_sure() -> None:
    report = noise(games=("tennis-quizz",))
    assert set(report) == set(KINDS)
    for row in report.values():
        assert row["retyped"] > 0
        assert row["sure_wrong"] == 0
    assert report["accents"]["changed"] == 0  # folded away
    assert report["glue"]["changed_rate"] < 0.1
    assert report["split"]["changed_rate"] < 0.1
