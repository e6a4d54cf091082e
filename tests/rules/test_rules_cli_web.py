"""``partie rules`` through the real command, and the Règles panel's routes in-process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from fastapi import FastAPI
from fastapi.testclient import TestClient

from partie.cli import cli
from partie.rules.web import PREFIX, router


def partie(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PARTIE_LANG": "fr", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "partie", *args], capture_output=True, text=True, env=env,
        timeout=120,
    )  # fmt: skip


def run_in_process(*args: str) -> str:
    """The command in this process (same code path after argument parsing)."""
    result = CliRunner().invoke(cli, list(args), env={"PARTIE_LANG": "fr", "COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_issues_question_in_french_with_json() -> None:
    run = partie("rules", "the-game", "peut-on jouer en arrière de 10 ?", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["answers"][0]["section"] == "Un tour de jeu"
    assert "exactement 10 de moins" in data["answers"][0]["text"]
    assert len(data["answers"]) <= 3


def test_text_answer_names_the_section() -> None:
    out = run_in_process("rules", "tennis-quizz", "que se passe-t-il à 6-6 ?")
    assert "Points, jeux et sets" in out and "tie-break" in out
    assert "Pas de réponse sûre" not in out


def test_no_sure_answer_shows_the_closest() -> None:
    out = run_in_process("rules", "tennis-mots", "Quelle est la capitale du Pérou ?", "--json")
    data = json.loads(out)
    assert data["answers"] == [] and "closest" in data
    assert data["message"] == "pas de réponse sûre"


def test_whole_rules_in_english_and_json() -> None:
    out = run_in_process("rules", "tennis-mots", "--lang", "en")
    assert "Material" in out and "Challenging a word" in out
    data = json.loads(run_in_process("rules", "the-game", "--json"))
    assert data["title"].startswith("The Game") and data["sections"][0]["id"] == "bref"


def test_too_long_a_question_is_one_line_exit_2() -> None:
    run = partie("rules", "the-game", "pourquoi " * 50)
    assert run.returncode == 2 and "trop longue" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(router, prefix=PREFIX)
    return TestClient(app)


def test_web_rules_sections(client: TestClient) -> None:
    data = client.get("/api/rules/tennis-quizz", params={"lang": "en"}).json()
    assert data["game"] == "tennis-quizz" and data["title"].startswith("Tennis Quizz")
    assert {"id", "title", "text"} <= set(data["sections"][0])
    assert any(s["id"] == "variantes" for s in data["sections"])


def test_web_ask_is_the_cli_object(client: TestClient) -> None:
    question = "que se passe-t-il à 6-6 ?"
    web = client.get("/api/rules/tennis-quizz/ask", params={"q": question}).json()
    printed = json.loads(run_in_process("rules", "tennis-quizz", question, "--json"))
    assert web == printed


def test_web_refuses_bad_input(client: TestClient) -> None:
    assert client.get("/api/rules/chess").status_code == 404
    assert client.get("/api/rules/the-game", params={"lang": "de"}).status_code == 422
    long_q = {"q": "x" * 400}
    assert client.get("/api/rules/the-game/ask", params=long_q).status_code == 422
    assert client.get("/api/rules/the-game/ask").status_code == 422


def test_a_situation_read_with_the_rules_is_explained() -> None:
    out = run_in_process("rules", "the-game", "la pile qui descend est a 52, j'ai 62")
    assert "Ta situation : 62 sur une pile descendante à 52" in " ".join(out.split())
    assert out.index("Ta situation") < out.index("Le rétro")


def test_a_request_for_an_example_in_the_panel_and_the_command(client: TestClient) -> None:
    question = "exemple de retro en chaine svp"
    data = client.get("/api/rules/the-game/ask", params={"q": question}).json()
    shown = data["answers"] or data["closest"]  # the shape the Règles panel reads
    assert data["example_first"] and data["message"] == "un exemple, puis la règle qu'il montre"
    assert shown[0]["section_id"] == "exemples" and shown[0]["example"]
    assert shown[1]["id"] == "tour.4" and not shown[1]["example"]
    out = run_in_process("rules", "the-game", question)
    assert "Un exemple, puis la règle" in out and "Pas de réponse sûre" not in out
    plain = client.get("/api/rules/the-game/ask", params={"q": "retro en chaine ?"}).json()
    assert "example_first" not in plain
