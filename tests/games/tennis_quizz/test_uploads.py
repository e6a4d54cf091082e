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
    # The page writes "ligne 9 : " before the reason: the reason does not say it again,
    # and speaks French on the French page.
    first = upload.errors[0]
    assert "ligne" not in first.fr and str(first.line) not in first.fr
    assert first.fr.startswith("il faut une bonne réponse") and first.en.startswith("needs one")


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
    with pytest.raises(BadInput) as binary:
        read_upload("p.csv", b"text;answer\n\x81\x8d\x8f")  # not Windows-1252 either
    assert binary.value.code == "not_utf8"
    with pytest.raises(BadInput) as unknown:
        read_upload("p.quiz", b"PK")
    assert unknown.value.code == "unknown_format"
    broken = read_upload("o.json", b'{"results": [\n}')
    assert broken.errors[0].line == 2


def french_excel_csv(n: int = 28) -> bytes:
    """A CSV as Excel saves it on a French Windows: Windows-1252, ``;``, French headers."""
    rows = ["question;réponse;mauvaise1;mauvaise2;difficulté"]
    rows += [
        f"Où se trouve l'élève {i} ?;à l'école {i};au café {i};à la mer {i};1" for i in range(n)
    ]
    return "\r\n".join(rows).encode("cp1252")


def test_a_french_excel_csv_in_windows_1252_is_read_with_a_note() -> None:
    upload = read_upload("quiz.csv", french_excel_csv())
    assert upload.ok, upload.errors
    assert upload.deck.questions[0].text == "Où se trouve l'élève 0 ?"
    assert any("Windows-1252" in w.fr for w in upload.warnings)


@pytest.mark.parametrize(
    ("name", "data"),
    [("quiz.docx", b"PK\x03\x04rest"), ("quiz.xlsx", b"PK\x03\x04"), ("quiz.csv", b"PK\x03\x04x")],
)
def test_office_files_say_how_to_save_them_as_text(name: str, data: bytes) -> None:
    with pytest.raises(BadInput) as office:
        read_upload(name, data)
    assert office.value.code == "office_file"
    assert "Enregistrer sous" in office.value.fr and "CSV" in office.value.fr
    assert "Save as" in office.value.en


def test_the_csv_separator_is_found_and_a_mixed_file_says_so_once() -> None:
    comma = "question,réponse,mauvaise1,mauvaise2\n" + "".join(
        f"Q{i} ; vraiment ?,r{i},w{i},x{i}\n" for i in range(28)
    )
    upload = read_upload("c.csv", comma.encode())
    assert upload.ok and upload.deck.questions[0].text == "Q0 ; vraiment ?"
    mixed = "question,réponse,mauvaise1,mauvaise2\n" + "".join(
        f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(27)
    )
    upload = read_upload("c.csv", mixed.encode())
    assert len(upload.errors) == 1, upload.errors  # one line, not 27 alike
    error = upload.errors[0]
    assert error.line == 2 and "« , »" in error.fr and "« ; »" in error.fr
    assert "27 lignes en tout" in error.fr
    # The user's own column names, not the TOML fields, and no doubled line number.
    assert "réponse" in error.fr and "wrong1" not in error.fr and "ligne 2" not in error.fr


def test_unreadable_rows_and_the_checkers_errors_come_in_one_round() -> None:
    csv = "question;réponse;mauvaise1;mauvaise2\n" + "".join(
        f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(30)
    )
    text = csv.replace("Q3 ?;r3;w3;x3", "Q3 ?;;w3;x3").replace("Q9 ?;r9;w9;x9", "Q9 ?;r9;r9;x9")
    upload = read_upload("c.csv", text.encode())
    assert [p.line for p in upload.errors] == [5, 11]
    assert "réponse" in upload.errors[0].fr
    checker = upload.errors[1]
    assert checker.fr.startswith("mauvaises réponses : ") and "champ" not in checker.fr


@pytest.mark.parametrize(("level", "stored"), [("facile", 1), ("Difficile", 3), ("moyen", 2)])
def test_a_difficulty_word_is_mapped_and_said(level: str, stored: int) -> None:
    csv = "question;réponse;mauvaise1;mauvaise2;difficulté\n" + "".join(
        f"Q{i} ?;r{i};w{i};x{i};{level}\n" for i in range(28)
    )
    upload = read_upload("c.csv", csv.encode())
    assert upload.ok and {q.difficulty for q in upload.deck.questions} == {stored}
    assert [w.fr for w in upload.warnings if "difficulté" in w.fr] == [
        f"difficulté « {level.lower()} » lue comme {stored} (1 facile, 2 moyen, 3 difficile)"
    ]


def test_a_difficulty_of_nine_is_refused_on_its_line() -> None:
    csv = "question;réponse;mauvaise1;mauvaise2;difficulté\n" + "".join(
        f"Q{i} ?;r{i};w{i};x{i};{9 if i == 4 else 2}\n" for i in range(29)
    )
    upload = read_upload("c.csv", csv.encode())
    assert not upload.ok and [p.line for p in upload.errors] == [6]
    assert "difficulté « 9 »" in upload.errors[0].fr
    gift_text = gift(30).replace("::Q2::", "// difficulty: 9\n::Q2::")
    upload = read_upload("g.gift", gift_text.encode())
    assert not upload.ok and "difficulté « 9 »" in upload.errors[0].fr


def test_html_in_a_question_is_warned_with_its_line() -> None:
    csv = "question;réponse;mauvaise1;mauvaise2\n" + "".join(
        f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(28)
    )
    text = csv.replace("Q6 ?;", "Q6 <b>en gras</b> ?;")
    upload = read_upload("c.csv", text.encode())
    assert upload.ok
    html = [w for w in upload.warnings if "HTML" in w.fr]
    assert len(html) == 1 and html[0].line == 8 and "<b>" in html[0].fr
