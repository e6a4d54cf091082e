"""The deck editor's API on the real app and a real SQLite file: a deck written from
nothing, saved change by change, refused when two tabs collide, checked by the deck
checker, exported, re-imported unchanged, printed, and used by a table that keeps its
own copy."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader
from serverkit import make_client

from partie.games.tennis_quizz.authoring import check_document, read_document
from quizz_decks import CAPITALS

API = "/api/games/tennis-quizz/editor"


def question(country: str, capital: str, a: str, b: str) -> dict[str, Any]:
    return {
        "text": f"Quelle est la capitale de ce pays : {country} ?",
        "answer": capital,
        "wrong": [a, b],
        "difficulty": 1,
        "source": "Atlas",
        "explanation": "",
    }


def full_doc(n: int = 28) -> dict[str, Any]:
    return {"title": "Capitales", "language": "fr", "level": "collège",
            "questions": [question(*c) for c in CAPITALS[:n]]}  # fmt: skip


@pytest.fixture
def client(tmp_path: Any) -> Any:
    with make_client(tmp_path / "partie.sqlite3") as c:
        yield c


def test_a_deck_is_saved_change_by_change_and_two_tabs_never_lose_a_change(client: Any) -> None:
    made = client.post(API, json={"title": "Ma classe", "language": "fr"}).json()
    key, token, version = made["id"], made["token"], made["version"]
    auth = {"Authorization": f"Bearer {token}"}
    doc = full_doc(3)
    saved = client.put(f"{API}/{key}", json={"version": version, "doc": doc}, headers=auth)
    assert saved.status_code == 200 and saved.json()["version"] == version + 1
    # The second tab still holds the first version: refused, with what is stored now.
    stale = client.put(f"{API}/{key}", json={"version": version, "doc": full_doc(1)}, headers=auth)
    assert stale.status_code == 409 and stale.json()["code"] == "deck_changed"
    assert len(stale.json()["current"]["doc"]["questions"]) == 3
    # Without the token, nobody reads or writes a private deck.
    assert client.get(f"{API}/{key}").status_code == 403
    assert client.put(f"{API}/{key}", json={"version": 2, "doc": doc}).status_code == 403
    back = client.get(f"{API}/{key}", headers=auth).json()
    assert back["editable"] and len(back["doc"]["questions"]) == 3
    # Made public, anyone reads it, nobody else writes it.
    public = {**doc, "public": True}
    assert client.put(f"{API}/{key}", json={"version": 2, "doc": public}, headers=auth).is_success
    shared = client.get(f"{API}/{key}").json()
    assert not shared["editable"] and shared["doc"]["title"] == "Capitales"


def test_malformed_documents_are_refused_in_one_line(client: Any) -> None:
    for bad in ([], {"questions": "x"}, {"zzz": 1}, {"questions": [{"wrong": ["a"]}]},
                {"questions": [{"difficulty": 9}]}, {"language": "de"}):  # fmt: skip
        answer = client.post(f"{API}/check", json=bad)
        assert answer.status_code == 400
        body = answer.json()
        assert body["code"] and body["fr"] and body["en"] and "\n" not in body["fr"]


def test_the_checks_place_each_problem_at_its_question_and_field(client: Any) -> None:
    doc = full_doc(7)
    doc["questions"][2]["wrong"] = ["Madrid", "Valence"]  # the answer among the wrong
    doc["questions"][4] = {"text": "En quelle année le mur de Berlin est-il tombé ?",
                           "answer": "1989", "wrong": ["1987", "1991"], "difficulty": 2,
                           "source": "Histoire", "explanation": ""}  # fmt: skip
    report = client.post(f"{API}/check", json=doc).json()
    assert not report["ready"]
    places = {(e["question"], e["field"]) for e in report["errors"]}
    assert (2, "wrong") in places
    middle = [w for w in report["warnings"] if w["key"] == "q4:middle"]
    assert middle and middle[0]["field"] == "wrong"
    assert middle[0]["suggestion"] == ["1991 ; 1993", "1985 ; 1987"]
    # Both wrong values on one side: the cue is gone.
    doc["questions"][4]["wrong"] = ["1991", "1993"]
    again = client.post(f"{API}/check", json=doc).json()
    assert not [w for w in again["warnings"] if w["key"] == "q4:middle"]


def test_a_checked_deck_exports_reimports_unchanged_prints_and_feeds_a_table(client: Any) -> None:
    made = client.post(API, json=full_doc()).json()
    key, auth = made["id"], {"Authorization": f"Bearer {made['token']}"}
    assert check_document(read_document(full_doc()))["ready"]
    gift = client.get(f"{API}/{key}/export/gift", headers=auth)
    assert gift.status_code == 200 and "::c01-1::" in gift.text
    again = client.post(f"{API}?name=capitales.gift", content=gift.text.encode()).json()
    assert again["doc"]["questions"] == made["doc"]["questions"]
    for fmt in ("toml", "aiken", "csv"):
        exported = client.get(f"{API}/{key}/export/{fmt}", headers=auth)
        assert exported.status_code == 200 and "Canberra" in exported.text
        back = client.post(f"{API}?name=capitales.{fmt}", content=exported.content).json()
        assert [q["answer"] for q in back["doc"]["questions"]] == [
            q["answer"] for q in made["doc"]["questions"]
        ]
    pdf = client.get(f"{API}/{key}/print.pdf", headers=auth)
    assert pdf.status_code == 200
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) >= 2
    used = client.post(f"{API}/{key}/use", headers=auth).json()
    table = client.post(
        "/api/tables", json={"game": "tennis-quizz", "options": {"deck": used["deck"]}}
    )
    assert table.status_code == 201, table.text
    # A later edit changes the deck, not the table's copy.
    doc = full_doc()
    doc["questions"][0]["answer"] = "Paris (France)"
    assert client.put(f"{API}/{key}", json={"version": 1, "doc": doc}, headers=auth).is_success
    info = client.get(f"/api/tables/{table.json()['code']}").json()
    kept = used["deck"].removeprefix("upload:")[:16]
    assert info["options"]["deck"] == f"sha256:{kept}"  # the copy the table started with
    edited = client.post(f"{API}/{key}/use", headers=auth).json()["deck"]
    assert not edited.removeprefix("upload:").startswith(kept)


def test_a_deck_with_errors_cannot_be_used_or_exported(client: Any) -> None:
    made = client.post(API, json=full_doc(10)).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    refused = client.post(f"{API}/{made['id']}/use", headers=auth)
    assert refused.status_code == 400 and refused.json()["code"] == "bad_deck"
    assert "3 questions" in refused.json()["fr"]
    assert client.get(f"{API}/{made['id']}/export/gift", headers=auth).status_code == 400


def test_a_french_excel_csv_becomes_a_deck_to_edit(client: Any) -> None:
    rows = ["question;réponse;mauvaise1;mauvaise2;difficulté;source"]
    rows += [f"{q['text']};{q['answer']};{q['wrong'][0]};{q['wrong'][1]};1;Atlas"
             for q in full_doc(7)["questions"]]  # fmt: skip
    data = ("\r\n".join(rows) + "\r\n").encode("cp1252")
    made = client.post(f"{API}?name=capitales.csv", content=data).json()
    assert len(made["doc"]["questions"]) == 7
    assert made["doc"]["questions"][4]["text"].endswith("Allemagne ?")
    assert made["doc"]["questions"][2]["wrong"] == ["Séville", "Valence"]


def test_a_copy_of_the_starter_deck_can_be_edited_and_nothing_else_is_read(client: Any) -> None:
    made = client.post(API, json={"from": "fr-starter"})
    assert made.status_code == 200
    doc = made.json()["doc"]
    assert len(doc["questions"]) >= 28 and doc["title"]
    for bad in ("../../etc/passwd", "/etc/hostname", "nope"):
        refused = client.post(API, json={"from": bad})
        assert refused.status_code == 400 and refused.json()["fr"]
