"""The shipped French lexicon, folding, custom word lists and the worked checks."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from partie.core.errors import PartieError
from partie.games.tennis_mots.lexicon import (
    BadLetters,
    BadLexicon,
    Lexicon,
    Reading,
    fold,
    fold_entry,
    obstacle,
    parse_cards,
)


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default()


def test_the_shipped_list_is_large_and_inflected(lex: Lexicon) -> None:
    assert 380_000 <= lex.forms <= 460_000
    assert "MPL-2.0" in lex.source
    for word in ("ATTELLERAIENT", "ATTELEE", "ATTELEES", "JEU", "SMASH", "JEUX", "OEUVRE"):
        assert lex.is_word(word), word
    # conjugations, plurals and feminines of one verb, adjective and noun
    for word in ("MANGEASSIONS", "MANGERONT", "VERTES", "CHEVAUX", "ACTRICES"):
        assert lex.is_word(word), word


def test_symbols_abbreviations_and_proper_nouns_are_not_words(lex: Lexicon) -> None:
    # Unit symbols and their SI prefixes (kg, mcd, kkat), abbreviations (vg, cf, etc),
    # internet prefixes (http, www), a drawn-out sound (zzzz), a lower-case brand name.
    for letters in ("HTTP", "WWW", "MCD", "VG", "ZZZZ", "KKAT", "KG", "KM", "MG", "PPM", "CF"):
        assert not lex.is_word(letters), letters
    assert not lex.is_word("ETC") and not lex.is_word("OFBIZEXTRA")
    # The same letters as real words stay: the pub, the desert dune, interjections,
    # loanwords, units written out.
    for word in ("BAR", "ERG", "ZUT", "BOF", "CHUT", "PIZZA", "WEEKEND", "KILO", "HERTZ"):
        assert lex.is_word(word), word


def test_words_absent_and_refused(lex: Lexicon) -> None:
    for letters in ("JEUZ", "XQZ", "ATTELLERAIENTS", ""):
        assert not lex.is_word(letters)
    assert not lex.is_prefix("JEUZ")
    assert not lex.is_prefix("QZ")
    # proper nouns, hyphenated and elided entries are left out of the list
    assert not lex.is_word("FRANCE") and lex.is_word("FRANCAIS")
    assert not lex.is_word("ARCENCIEL") and not lex.is_word("GRANDMERE")
    assert not lex.is_word("AUJOURDHUI") and not lex.is_word("QUELQUUN")


def test_starts_of_words(lex: Lexicon) -> None:
    word = "ATTELLERAIENT"
    for k in range(1, len(word) + 1):
        assert lex.is_prefix(word[:k])
    assert lex.is_prefix("JEU")  # a word is its own start
    assert lex.is_prefix("ATTELL") and not lex.is_word("ATTELL")
    assert lex.example("ATTELL") == "ATTELLERAIENT"  # the longest word starting so
    assert lex.example("JEU") == "JEU"
    assert lex.example("JEUZ") is None


def test_every_word_is_a_start_and_its_example_is_itself(lex: Lexicon) -> None:
    words = list(lex.words())
    assert len(words) == lex.forms
    for word in words[::997]:
        assert lex.is_prefix(word)
        assert lex.example(word) == word
        for k in range(1, len(word)):
            example = lex.example(word[:k])
            assert example is not None and example.startswith(word[:k]) and lex.is_word(example)


def test_folding() -> None:
    assert fold("Attelée") == "ATTELEE"
    assert fold("œuvre") == "OEUVRE"
    assert fold("Cæcum") == "CAECUM"
    assert fold("ça GARÇON") == "CA GARCON"
    assert fold("aujourd'hui") == "AUJOURDHUI"
    assert fold("attel<") == "ATTEL◀"
    assert fold("*#@<>") == "★■●◀▶"
    assert fold("Ÿ") == "Y"


def test_list_entries_folded_or_left_out() -> None:
    assert fold_entry("attelée") == "ATTELEE"
    assert fold_entry("œuvre") == "OEUVRE"
    assert fold_entry("Paris") is None
    assert fold_entry("porte-monnaie") is None
    assert fold_entry("aujourd'hui") is None
    assert fold_entry("pomme de terre") is None
    assert fold_entry("1er") is None
    assert fold_entry("µm") is None
    assert fold_entry("ABACA", keep_capitals=True) == "ABACA"


def test_typed_cards_are_parsed_or_refused() -> None:
    assert parse_cards("Attel<") == "ATTEL◀"
    assert parse_cards(" j e u ") == "JEU"
    for bad in ("jeu2", "", "a+b", "?"):
        with pytest.raises(BadLetters) as caught:
            parse_cards(bad)
        assert isinstance(caught.value, PartieError)
        assert caught.value.message("fr") != caught.value.message("en")
        assert "\n" not in caught.value.message("fr")


def test_worked_checks_of_the_rules(lex: Lexicon) -> None:
    reading = lex.read("ATTEL◀")
    assert reading == Reading("ATTELL", ((5, "L"),), "ATTELLERAIENT", False)
    assert lex.read("ATTEL▶E") == Reading("ATTELEE", ((5, "E"),), "ATTELEE", True)
    # ▶ last stands for the card still to come: ATTEL▶ is valid as ATTELE(E)…
    assert lex.read("ATTEL▶") == Reading("ATTELE", ((5, "E"),), "ATTELEE", False)
    assert lex.read("ATTEL▶", complete=True) is None
    assert lex.read("◀TTEL") is None  # ◀ first never reads
    assert lex.read("JEUZ") is None
    assert lex.read("JEUX") == Reading("JEUX", (), "JEUX", True)
    assert lex.read("JEU", complete=True) == Reading("JEU", (), "JEU", True)
    assert lex.read("ATTELL", complete=True) is None


def test_jokers_read_by_kind(lex: Lexicon) -> None:
    vowel = lex.read("J●U", complete=True)
    assert vowel is not None and vowel.letters == "JEU" and vowel.jokers == ((1, "E"),)
    assert lex.read("J■U") is None or lex.read("J■U").letters[1] not in "AEIOU"  # type: ignore[union-attr]
    assert {r.letters for r in lex.readings("JEU★")} >= {"JEUX", "JEUN"}
    assert all(r.letters[3] in "AEIOU" for r in lex.readings("JEU●"))
    smash = lex.read("SMA■H")
    assert smash is not None and smash.letters == "SMASH" and smash.complete


def test_a_complete_word_is_preferred(lex: Lexicon) -> None:
    # "ATTEL★" reads as starts (ATTELL…) and words (ATTELA, ATTELE): a word wins.
    reading = lex.read("ATTEL★")
    assert reading is not None and reading.complete and lex.is_word(reading.letters)
    assert any(not r.complete for r in lex.readings("ATTEL★"))


def test_doubles_that_copy_nothing_never_read(lex: Lexicon) -> None:
    assert obstacle("A▶◀B") == "nothing_to_copy"
    assert list(lex.readings("A▶◀B")) == []
    assert obstacle("◀A") == "before_first"
    assert obstacle("A▶") is None and obstacle("▶") == "nothing_to_copy"
    assert obstacle("A◀◀") is None and obstacle("JEU") is None


def test_a_custom_list(tmp_path: Path) -> None:
    path = tmp_path / "mots.txt"
    path.write_text("# ma liste\nété\nÉtés\nétés\nParis\nporte-monnaie\n\ncœur\n", encoding="utf-8")
    table = Lexicon.from_file(path)
    assert table.forms == 3
    assert table.is_word("ETE") and table.is_word("ETES") and table.is_word("COEUR")
    assert not table.is_word("PARIS")
    assert table.is_prefix("ET") and not table.is_prefix("JEU")
    assert table.read("E★E") == Reading("ETE", ((1, "T"),), "ETE", True)
    assert Lexicon.from_file(path) is table  # loaded once while unchanged


def test_a_list_in_capitals_keeps_its_words(tmp_path: Path) -> None:
    path = tmp_path / "ods.txt"
    path.write_text("ABACA\nABACAS\nZOU\n", encoding="utf-8")
    table = Lexicon.from_file(path)
    assert table.forms == 3 and table.is_word("ZOU")


@pytest.mark.parametrize(
    "content",
    [None, "dir", b"\xff\xfe\x00abc\xff", "Paris\n1er\n-\n", ""],
    ids=["missing", "folder", "not-utf8", "no-usable-word", "empty"],
)
def test_bad_lists_are_refused(tmp_path: Path, content: str | bytes | None) -> None:
    path = tmp_path / "list.txt"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BadLexicon) as caught:
        Lexicon.from_file(path)
    error = caught.value
    assert error.code == "bad_lexicon"
    assert error.message("fr") != error.message("en")
    assert "\n" not in error.message("en")


def test_next_letters(lex: Lexicon) -> None:
    assert lex.next_letters("JEU") == "".join(
        c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if lex.is_prefix("JEU" + c)
    )
    assert "X" in lex.next_letters("JEU") and "Z" not in lex.next_letters("JEU")
    assert lex.next_letters("JEUZ") == ""
    assert lex.next_letters("ATTELLERAIENT") == ""  # a whole word nothing extends
    assert lex.next_letters("") == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert list(lex.spellings("ATTEL◀")) == ["ATTELL"]


def test_a_lexicon_travels_to_worker_processes(lex: Lexicon, tmp_path: Path) -> None:
    assert pickle.loads(pickle.dumps(lex)) is lex
    path = tmp_path / "mots.txt"
    path.write_text("zou\nzouave\n", encoding="utf-8")
    table = Lexicon.from_file(path)
    assert pickle.loads(pickle.dumps(table)) is table
    small = Lexicon.from_words(["JEU", "JEUX"], "test")
    copy = pickle.loads(pickle.dumps(small))
    assert copy.forms == 2 and copy.is_word("JEUX") and copy.source == "test"
