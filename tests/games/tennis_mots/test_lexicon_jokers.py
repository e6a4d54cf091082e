"""Property tests of joker readings against the real lexicon.

Soundness: every reading obeys each card. Completeness: hiding letters of a real word
behind fitting jokers always finds the word again. Agreement with a brute force that
tries every letter for every joker.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from partie.games.tennis_mots.lexicon import (
    AFTER,
    ANY,
    BEFORE,
    CONSONANT,
    JOKERS,
    LETTERS,
    VOWEL,
    Lexicon,
    Reading,
    fold,
    obstacle,
)

LEX = Lexicon.default()
WORDS = sorted(w for w in LEX.words() if len(w) <= 9)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

cards_text = st.text(alphabet=LETTERS[:12] + "ESTRNU" + "".join(JOKERS), min_size=1, max_size=6)


def obeys(cards: str, reading: Reading) -> bool:
    """The reading fits every card: letters stay, jokers stand for allowed letters."""
    letters = reading.letters
    if len(letters) != len(cards):
        return False
    for i, card in enumerate(cards):
        letter = letters[i]
        if card in LETTERS and letter != card:
            return False
        if card == CONSONANT and letter in "AEIOU":
            return False
        if card == VOWEL and letter not in "AEIOU":
            return False
        if card == BEFORE and (i == 0 or letters[i - 1] != letter):
            return False
        if card == AFTER and i < len(cards) - 1 and letters[i + 1] != letter:
            return False  # a ▶ last copies the card still to come
    return reading.jokers == tuple((i, letters[i]) for i, c in enumerate(cards) if c in JOKERS)


@SETTINGS
@given(cards_text)
def test_every_reading_obeys_the_cards_and_starts_a_word(cards: str) -> None:
    readings = list(LEX.readings(cards))
    assert [r.letters for r in readings] == sorted({r.letters for r in readings})
    for reading in readings:
        assert obeys(cards, reading)
        assert LEX.is_prefix(announced(cards, reading.letters))
        if cards.endswith(AFTER):
            assert not reading.complete
        else:
            assert reading.complete == LEX.is_word(reading.letters)
        assert reading.example.startswith(reading.letters) and LEX.is_word(reading.example)
        if reading.complete:
            assert reading.example == reading.letters


@SETTINGS
@given(cards_text)
def test_the_best_reading_prefers_a_complete_word(cards: str) -> None:
    readings = list(LEX.readings(cards))
    best = LEX.read(cards)
    words_only = LEX.read(cards, complete=True)
    complete = [r for r in readings if r.complete]
    if not readings:
        assert best is None and words_only is None
        return
    assert best in readings
    if complete:
        assert best == complete[0] == words_only
    else:
        assert best == readings[0] and words_only is None


def announced(cards: str, letters: str) -> str:
    """The word start a reading stands for: a ▶ last adds the letter still to come."""
    return letters + letters[-1] if cards.endswith(AFTER) else letters


def hide(word: str, picks: list[int]) -> str:
    """``word`` with some letters replaced by a joker that may stand for them."""
    cards = list(word)
    for i, pick in enumerate(picks[: len(word)]):
        letter = word[i]
        options = [letter, ANY, VOWEL if letter in "AEIOU" else CONSONANT]
        if i > 0 and word[i - 1] == letter and cards[i - 1] != AFTER:  # never ▶◀
            options.append(BEFORE)
        if i + 1 < len(word) and word[i + 1] == letter:
            options.append(AFTER)
        cards[i] = options[pick % len(options)]
    return "".join(cards)


@SETTINGS
@given(
    st.sampled_from(WORDS),
    st.integers(min_value=1, max_value=9),
    st.lists(st.integers(min_value=0, max_value=9), min_size=9, max_size=9),
)
def test_a_hidden_word_is_found_again(word: str, length: int, picks: list[int]) -> None:
    start = word[:length]
    cards = hide(start, picks)
    found = {r.letters: r for r in LEX.readings(cards)}
    assert start in found, cards
    assert found[start].complete == LEX.is_word(start)
    best = LEX.read(cards)
    assert best is not None
    if length >= len(word):
        assert best.complete  # the whole word is there, so a complete reading wins


@SETTINGS
@given(st.text(alphabet="AEILNRSTU", min_size=1, max_size=4), st.data())
def test_readings_agree_with_brute_force(base: str, data: st.DataObject) -> None:
    kinds = [ANY, CONSONANT, VOWEL, BEFORE, AFTER]
    cards = list(base)
    for i in data.draw(st.lists(st.integers(0, len(base) - 1), max_size=2, unique=True)):
        cards[i] = data.draw(st.sampled_from(kinds))
    text = "".join(cards)
    where = [i for i, c in enumerate(text) if c in JOKERS]
    expected = set()
    for choice in itertools.product(LETTERS, repeat=len(where)):
        letters = list(text)
        for i, letter in zip(where, choice, strict=True):
            letters[i] = letter
        candidate = Reading("".join(letters), tuple(zip(where, choice, strict=True)), "", False)
        if obeys(text, candidate) and LEX.is_prefix(announced(text, candidate.letters)):
            expected.add(candidate.letters)
    if obstacle(text) == "nothing_to_copy":  # ▶◀: each copies the other, no letter to copy
        expected = set()
    assert {r.letters for r in LEX.readings(text)} == expected


@given(st.text(alphabet=LETTERS, max_size=12))
def test_folding_keeps_card_letters(text: str) -> None:
    assert fold(text) == text
    assert fold(text.lower()) == text


@given(st.text(max_size=20))
def test_folding_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize("cards", ["★", "■", "●", "★★"])
def test_short_joker_runs_read_every_possible_letter(cards: str) -> None:
    letters = {r.letters for r in LEX.readings(cards)}
    if cards == "★":
        assert letters == {c for c in LETTERS if LEX.is_prefix(c)}
    elif cards == "■":
        assert letters == {c for c in LETTERS if c not in "AEIOU" and LEX.is_prefix(c)}
    elif cards == "●":
        assert letters == set("AEIOU")
    else:
        assert letters == {a + b for a in LETTERS for b in LETTERS if LEX.is_prefix(a + b)}


@SETTINGS
@given(st.sampled_from(WORDS), st.integers(min_value=0, max_value=9))
def test_next_letters_agree_with_starts(word: str, length: int) -> None:
    start = word[:length]
    expected = "".join(c for c in LETTERS if LEX.is_prefix(start + c))
    assert LEX.next_letters(start) == expected
    assert list(LEX.spellings(start)) == ([start] if start else [])  # no cards, no reading
