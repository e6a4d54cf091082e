"""Typos put right against a game's own words, and only those: real words stay."""

from __future__ import annotations

import pytest

from partie.rules.answerer import answerer
from partie.rules.spelling import Speller, budget

VOCABULARY = [
    "joker",
    "pioche",
    "descendante",
    "contestation",
    "service",
    "retro",
    "montante",
    "carte",
]


@pytest.mark.parametrize(
    "typed,meant",
    [
        ("jocker", "joker"),  # one letter too many
        ("piohe", "pioche"),  # one missing
        ("desendante", "descendante"),
        ("contestaiton", "contestation"),  # two letters swapped
        ("servise", "service"),  # one wrong
    ],
)
def test_a_close_typo_becomes_the_games_word(typed: str, meant: str) -> None:
    assert Speller(VOCABULARY, "fr").correct([typed]) == [meant]


@pytest.mark.parametrize("word", ["pese", "dessine", "inconnus", "tokyo", "cat", "10"])
def test_real_words_short_words_and_numbers_are_left_alone(word: str) -> None:
    speller = Speller([*VOCABULARY, "pose", "dessin", "connus", "toto", "cart"], "fr")
    assert speller.correct([word]) == [word]


def test_an_elision_typed_without_its_apostrophe_is_split() -> None:
    speller = Speller(["equipe", "adversaire"], "fr")
    assert speller.correct(["lequipe", "ladversaire"]) == ["l", "equipe", "l", "adversaire"]


def test_the_budget_grows_with_the_word() -> None:
    assert [budget("abc"), budget("joker"), budget("descendante")] == [0, 1, 2]


@pytest.mark.parametrize(
    "game,question,section",
    [
        ("the-game", "la pioche est vid, on fait koi ?", "tour"),
        ("tennis-mots", "combien vaut un jocker", "materiel"),
        ("tennis-quizz", "tirrage au sort du servise", "mise-en-place"),
    ],
)
def test_a_question_with_typos_finds_its_section(game: str, question: str, section: str) -> None:
    answer = answerer(game, "fr").ask(question)
    assert answer.best is not None and answer.best.passage.section_id == section


def test_english_has_no_elisions_and_real_words_are_not_split() -> None:
    assert Speller(["top"], "en").correct(["stop"]) == ["stop"]
    assert Speller(["top"], "fr").correct(["stop"]) == ["stop"]  # a French word too


@pytest.mark.parametrize(
    "typed,meant", [("smatch", "smash"), ("tactik", "tactique"), ("jockers", "jokers")]
)
def test_a_game_word_written_as_it_sounds_is_put_right(typed: str, meant: str) -> None:
    """Two edits or more from the spelling, but read alike; "smatch" is also one edit
    from "match", a word of the vocabulary that sounds different."""
    speller = Speller([*VOCABULARY, "match", "match", "smash", "tactique", "jokers"], "fr")
    assert speller.correct([typed]) == [meant]


def test_an_elision_is_split_only_before_a_vowel() -> None:
    speller = Speller([*VOCABULARY, "equipe", "match"], "fr")
    assert speller.correct(["lequipe"]) == ["l", "equipe"]
    assert speller.correct(["smatch"]) != ["s", "match"]


@pytest.mark.parametrize(
    "typed,meant",
    [
        (["memepile"], ["meme", "pile"]),  # two words typed without the space
        (["jepioche"], ["je", "pioche"]),
        (["com", "bien"], ["combien"]),  # a space typed inside a word
        (["la", "pio", "che"], ["la", "pioche"]),
    ],
)
def test_words_glued_or_split_are_put_right(typed: list[str], meant: list[str]) -> None:
    speller = Speller([*VOCABULARY, "meme", "pile", "combien"], "fr")
    assert speller.correct(typed) == meant


def test_two_known_words_are_not_joined() -> None:
    """ "re" and "tro" are no words of the game; "la" and "pile" both are: they stay."""
    speller = Speller([*VOCABULARY, "pile", "lapile"], "fr")
    assert speller.correct(["la", "pile"]) == ["la", "pile"]


def test_one_edit_comes_before_a_cut() -> None:
    """ "commece" is "commence" with a letter dropped, not "comme" + "ce"."""
    speller = Speller([*VOCABULARY, "comme", "commence"], "fr")
    assert speller.correct(["commece"]) == ["commence"]


def test_an_ordinal_typed_wrong_is_read_as_its_number() -> None:
    """ "premier" is read as 1 before any typo is put right, so no rules text holds the
    word: the speller knows the ordinals, and the word put right is read as a number."""
    query = answerer("tennis-quizz", "fr").query
    assert query("qui sert en prmier") == query("qui sert en premier")
