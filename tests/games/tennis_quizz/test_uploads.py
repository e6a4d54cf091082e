"""Uploaded decks: every format goes through the importers and the deck checker, and
a problem names the line of the file it is on."""

from __future__ import annotations

import json

import pytest

from partie.core.inputs import BadInput
from partie.games.tennis_quizz.uploads import MAX_DECK_BYTES, deck_from_toml, read_upload
from quizz_decks import deck_toml


def line_of(text: str, exact: str) -> int:
    return next(k for k, line in enumerate(text.splitlines(), start=1) if line == exact)


def test_a_valid_toml_deck_is_kept_as_canonical_toml() -> None:
    upload = read_upload("mon-paquet.toml", deck_toml(5).encode())
    assert upload.ok and len(upload.deck.cards) == 5
    again = deck_from_toml(upload.toml)
    assert again.questions == upload.deck.questions
    assert upload.summary()["deck"]["sha256"] == upload.sha256 and len(upload.sha256) == 64


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [('answer = "9"', 'answer = ""', "answer"), ('wrong = ["10", "8"]', 'wrong = ["10"]', "wrong")],
)
def test_toml_errors_carry_their_line(old: str, new: str, field: str) -> None:
    text = deck_toml(5).replace(old, new, 1)
    upload = read_upload("p.toml", text.encode())
    assert not upload.ok and upload.deck is None
    first = upload.errors[0]
    assert first.line == line_of(text, new)
    assert f"champ {field}" in first.fr and f"field {field}" in first.en


def test_unreadable_toml_names_its_line() -> None:
    text = deck_toml(4) + "\n[[oops\n"
    upload = read_upload("p.toml", text.encode())
    assert upload.errors[0].line == len(text.splitlines())


def gift(n: int) -> str:
    return "\n".join(
        f"::Q{i}:: Combien font {i} + 1 ? {{={i + 1} ~{i + 2} ~{i + 3}}}\n" for i in range(n)
    )


def test_gift_aiken_csv_and_opentdb_are_imported() -> None:
    aiken = "".join(f"Question {i} ?\nA. a{i}\nB. b{i}\nC. c{i}\nANSWER: B\n\n" for i in range(28))
    csv = "text;answer;wrong1;wrong2\n" + "".join(f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(28))
    otdb = json.dumps(
        {
            "results": [
                {"question": f"Q{i}?", "correct_answer": "a", "incorrect_answers": ["b", "c"]}
                for i in range(28)
            ]
        }
    )
    for name, text, fmt in [
        ("g.gift", gift(30), "gift"),
        ("a.txt", aiken, "aiken"),
        ("c.csv", csv, "csv"),
        ("o.json", otdb, "opentdb"),
    ]:
        upload = read_upload(name, text.encode())
        assert upload.ok, (name, upload.errors)
        assert upload.format == fmt and len(upload.deck.cards) == 4
    assert read_upload("g.gift", gift(30).encode()).warnings  # two questions left over


def test_a_skipped_entry_is_an_error_with_its_line() -> None:
    text = gift(30).replace("{=5 ~6 ~7}", "{=5}")
    upload = read_upload("g.gift", text.encode())
    assert not upload.ok
    assert upload.errors[0].line == next(
        k for k, line in enumerate(text.splitlines(), 1) if "{=5}" in line
    )
    assert upload.errors[0].fr.startswith("ligne ")


def test_a_checker_error_in_an_imported_file_is_placed_on_the_questions_line() -> None:
    csv = "text;answer;wrong1;wrong2\n" + "".join(f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(28))
    text = csv.replace("Q5 ?;r5;w5;x5", "Q5 ?;r5;r5;x5")
    upload = read_upload("c.csv", text.encode())
    assert [p.line for p in upload.errors] == [line_of(text, "Q5 ?;r5;r5;x5")]


def test_too_small_too_large_and_unreadable_files() -> None:
    assert "au moins 4" in read_upload("p.toml", deck_toml(3).encode()).errors[0].fr
    with pytest.raises(BadInput) as big:
        read_upload("p.toml", b"#" * (MAX_DECK_BYTES + 1))
    assert big.value.code == "too_large"
    with pytest.raises(BadInput) as latin:
        read_upload("p.csv", "é".encode("latin-1"))
    assert latin.value.code == "not_utf8"
    with pytest.raises(BadInput) as unknown:
        read_upload("p.docx", b"PK")
    assert unknown.value.code == "unknown_format"
    broken = read_upload("o.json", b'{"results": [\n}')
    assert broken.errors[0].line == 2
