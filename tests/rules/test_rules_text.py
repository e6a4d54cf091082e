"""The players' rules: both languages parse, match each other, cover every option of
each game, and say what the engine does (numbers taken from the code, not retyped)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from partie.games.tennis_mots.cards import load_deck as load_letters
from partie.games.tennis_mots.rules import TennisMotsOptions
from partie.games.tennis_quizz.rules import QuizzOptions
from partie.games.the_game.rules import HAND_SIZES, TheGameOptions
from partie.rules import GAMES, LANGS, UnknownRules, load_rules

OPTIONS = {
    "the-game": (TheGameOptions, {"players", "deal", "takeback"}),
    "tennis-quizz": (QuizzOptions, {"players", "deck", "deck_text", "sets_to_win"}),
    "tennis-mots": (TennisMotsOptions, set()),
}
"""Each game's options dataclass, and the fields that are not a rule a player picks
(the player count and fixed deals are set-up, the quiz deck and its inline text are
said in Material). The Game's take-back within the turn is said by the screens that
offer it (``docs/the-game.md``): a paragraph in the players' rules moves the rules
answerer's calibrated thresholds, so it waits for the answerer's next round."""


@pytest.mark.parametrize("game", GAMES)
def test_french_and_english_have_the_same_sections_and_paragraphs(game: str) -> None:
    fr, en = load_rules(game, "fr"), load_rules(game, "en")
    shape = [(s.id, len(s.passages)) for s in fr.sections]
    assert shape == [(s.id, len(s.passages)) for s in en.sections]
    assert {"materiel", "variantes", "exemples"} <= {s.id for s in fr.sections}
    assert fr.title and en.title and fr.intro and en.intro


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_written_for_players_not_for_developers(game: str, lang: str) -> None:
    text = load_rules(game, lang).markdown()
    for jargon in ("[decision]", "worked check", "shared/", ".md", "engine must", "seat 0"):
        assert jargon not in text, jargon


@pytest.mark.parametrize("game", GAMES)
def test_every_table_option_is_explained_in_both_languages(game: str) -> None:
    cls, skipped = OPTIONS[game]
    for lang in LANGS:
        text = load_rules(game, lang).markdown()
        for field in dataclasses.fields(cls):
            if field.name not in skipped:
                assert f"`{field.name}`" in text, (lang, field.name)


def test_the_game_hand_sizes_are_the_engines() -> None:
    setup = load_rules("the-game", "fr").section("mise-en-place").text
    for players, size in HAND_SIZES.items():
        if players == 1:
            assert f"{size} cartes en solo" in setup
        else:
            assert f"{size} cartes à" in setup


def test_tennis_mots_deck_is_the_packaged_deck() -> None:
    deck = load_letters()
    material = load_rules("tennis-mots", "fr").section("materiel").text
    assert f"{deck.size} cartes" in material and f"{deck.points} points" in material
    counts = deck.counts()
    default = material[material.index("Le paquet par défaut") :]
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        value = deck.value_of(letter)
        # each letter is listed once, under the paragraph of its value
        assert re.search(rf"\b{letter}\b", default), letter
        assert value is not None and counts[letter] > 0
    assert "J, Q, K et W valent 8" in default and deck.value_of("J") == 8


def test_tennis_quizz_states_the_6_6_rule_plainly() -> None:
    score = load_rules("tennis-quizz", "fr").section("score").text
    assert "À 6-6, il n'y a pas de tie-break" in score and "7-6" in score


def test_unknown_game_or_language() -> None:
    with pytest.raises(UnknownRules):
        load_rules("chess", "fr")
    with pytest.raises(UnknownRules):
        load_rules("the-game", "de")
