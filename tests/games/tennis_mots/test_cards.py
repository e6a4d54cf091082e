"""The deck file: the default deck matches the rules file, and the loader refuses a
file whose cards do not add up to what it declares."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partie.games.tennis_mots.cards import LETTERS, BadDeck, Deck, load_deck

RULES_TABLE = {
    1: "E" * 13,
    2: "A" * 8 + "I" * 7 + "S" * 7 + "N" * 6 + "R" * 6 + "T" * 6,
    3: "O" * 5 + "U" * 5 + "L" * 5 + "D" * 3 + "C" * 3 + "M" * 3 + "P" * 2 + "G" * 2 + "B" * 2,
    4: "H" * 2,
    5: "F" * 2 + "V" * 2,
    6: "Y",
    7: "XZ",
    8: "JQKW",
}


def test_default_deck_totals() -> None:
    deck = load_deck()
    assert deck.size == 107
    assert sum(1 for f in deck.faces if f in LETTERS) == 96
    assert len(deck.jokers) == 11
    assert deck.points == 263
    assert deck.value_of("J") == 8


def test_default_deck_is_the_rules_table() -> None:
    deck = load_deck()
    counts = deck.counts()
    for value, letters in RULES_TABLE.items():
        for letter in set(letters):
            assert counts[letter] == letters.count(letter), letter
            assert deck.value_of(letter) == value, letter
    assert counts["★"] == counts["■"] == counts["●"] == 3
    assert counts["◀"] == 2
    assert all(deck.values[c] == 0 for c in deck.jokers)


def test_ids_are_in_a_fixed_order() -> None:
    deck = load_deck()
    letters = [f for f in deck.faces if f in LETTERS]
    assert letters == sorted(letters)
    assert deck.faces[-11:] == ("★",) * 3 + ("■",) * 3 + ("●",) * 3 + ("◀",) * 2


def deck_text(counts: dict[str, int], values: dict[str, int], totals: dict[str, int]) -> str:
    lines = ['name = "test"', "[totals]"]
    lines += [f"{k} = {v}" for k, v in totals.items()]
    lines.append("[letters]")
    lines += [f"{L} = {{ count = {counts[L]}, value = {values[L]} }}" for L in LETTERS]
    lines += ["[jokers]", "any = { count = 2, value = 0 }", "double = { count = 1, value = 1 }"]
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.sampled_from(LETTERS), st.integers(0, 9), min_size=26, max_size=26),
    st.dictionaries(st.sampled_from(LETTERS), st.integers(0, 12), min_size=26, max_size=26),
    st.sampled_from(["cards", "letters", "jokers", "points", None]),
)
def test_totals_are_checked(
    counts: dict[str, int], values: dict[str, int], wrong: str | None
) -> None:
    letters = sum(counts.values())
    totals = {
        "cards": letters + 3,
        "letters": letters,
        "jokers": 3,
        "points": sum(counts[L] * values[L] for L in LETTERS) + 1,
    }
    if wrong is not None:
        totals[wrong] += 1
    text = deck_text(counts, values, totals)
    if wrong is not None or letters + 3 < 30:
        with pytest.raises(BadDeck):
            Deck.from_toml(text, "test.toml")
        return
    deck = Deck.from_toml(text, "test.toml")
    assert deck.size == totals["cards"] and deck.points == totals["points"]
    for letter in LETTERS:
        assert deck.counts().get(letter, 0) == counts[letter]


@pytest.mark.parametrize(
    "change, needle",
    [
        (lambda t: t.replace("points = 263", "points = 264"), "points"),
        (lambda t: t.replace("W = { count = 1, value = 8 }\n", ""), "W"),
        (lambda t: t.replace("double =", "triple ="), "triple"),
        (lambda t: t.replace("E = { count = 13", "E = { count = -1"), "E.count"),
        (lambda t: t.replace("[totals]", "[totals"), "illisible"),
        (lambda t: t.replace("X = { count = 1, value = 7 }", 'X = "7"'), "X"),
    ],
)
def test_bad_deck_files_are_refused(tmp_path: Path, change, needle: str) -> None:
    text = (Path(__file__).parents[3] / "src/partie/games/tennis_mots/data/deck.toml").read_text(
        encoding="utf-8"
    )
    path = tmp_path / "deck.toml"
    path.write_text(change(text), encoding="utf-8")
    with pytest.raises(BadDeck) as info:
        load_deck(str(path))
    assert needle in info.value.fr
    assert "\n" not in info.value.fr and "\n" not in info.value.en


def test_missing_deck_file(tmp_path: Path) -> None:
    with pytest.raises(BadDeck, match="impossible de lire"):
        load_deck(str(tmp_path / "nope.toml"))


def test_a_designer_deck_file_loads(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "src/partie/games/tennis_mots/data/deck.toml").read_text(
        encoding="utf-8"
    )
    text = text.replace("J = { count = 1, value = 8 }", "J = { count = 2, value = 6 }")
    text = text.replace("cards = 107", "cards = 108").replace("letters = 96", "letters = 97")
    text = text.replace("points = 263", "points = 267")
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    deck = load_deck(str(path))
    assert deck.size == 108 and deck.points == 267 and deck.value_of("J") == 6
