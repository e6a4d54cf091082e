"""The Tennis Quizz commands run for real: deck check/list/import/export/print, odds,
simulate and play."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from quizz_decks import deck_toml

SRC = Path(__file__).resolve().parents[2] / "src"


def partie(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC), "PARTIE_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "partie", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env=env,
        timeout=120,
    )


@pytest.fixture()
def deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "six.toml"
    path.write_text(deck_toml(6, "six"), encoding="utf-8")
    return path


def test_starter_deck_checks_clean() -> None:
    run = partie("deck", "check", "fr-starter", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["cards"] >= 40 and report["questions"] >= 280 and report["errors"] == []


def test_broken_deck_exits_2_with_places(tmp_path: Path) -> None:
    text = deck_toml(2).replace("difficulty = 2\n", "difficulty = 5\n", 1)
    text = text.replace('source = "arithmétique"\n', "", 1)
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    run = partie("deck", "check", str(path), "--json")
    assert run.returncode == 2
    errors = json.loads(run.stdout)["errors"]
    places = {(e["card"], e["question"], e["field"]) for e in errors}
    assert ("c01", 1, "source") in places
    assert any(f == "difficulty" for _, _, f in places)
    assert all(e["file"] == str(path) for e in errors)
    run = partie("deck", "check", str(path))
    assert run.returncode == 2
    assert f"error: {path}, card c01, question 1, field source:" in run.stdout


def test_unknown_deck_is_one_line() -> None:
    run = partie("deck", "check", "nope-not-a-deck")
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr


def test_deck_list_shows_built_in_decks() -> None:
    run = partie("deck", "list", "--json")
    assert run.returncode == 0
    names = {d["name"]: d for d in json.loads(run.stdout)["decks"]}
    assert names["fr-starter"]["valid"] and names["fr-starter"]["cards"] >= 40


def test_import_csv_with_bom_then_check(tmp_path: Path) -> None:
    rows = ["text;answer;wrong1;wrong2;alternatives;category;difficulty;source"]
    rows += [
        f"Q{i} : combien font {i} x 2 ?;{2 * i};{2 * i + 1};{2 * i + 3};;culture/calcul;1;calcul"
        for i in range(14)
    ]
    src = tmp_path / "sheet.csv"
    src.write_bytes(("\ufeff" + "\r\n".join(rows) + "\r\n").encode("utf-8"))
    out = tmp_path / "sheet.toml"
    run = partie("deck", "import", str(src), "--out", str(out), "--title", "Tableur")
    assert run.returncode == 0, run.stderr
    check = json.loads(partie("deck", "check", str(out), "--json").stdout)
    assert check["cards"] == 2 and check["questions"] == 14 and check["errors"] == []


def test_export_gift_and_back(tmp_path: Path) -> None:
    gift = tmp_path / "fr.gift"
    assert (
        partie("deck", "export", "fr-starter", "--to", "gift", "--out", str(gift)).returncode == 0
    )
    back = tmp_path / "back.toml"
    run = partie("deck", "import", str(gift), "--out", str(back), "--id", "back")
    assert run.returncode == 0, run.stderr
    original = json.loads(partie("deck", "check", "fr-starter", "--json").stdout)
    again = json.loads(partie("deck", "check", str(back), "--json").stdout)
    assert again["errors"] == [] and again["questions"] == original["questions"]
    csv_run = partie("deck", "export", "fr-starter", "--to", "csv")
    assert csv_run.stdout.splitlines()[0].startswith("card;text;answer")


def test_print_sheet(tmp_path: Path, deck_file: Path) -> None:
    out = tmp_path / "sheet.html"
    assert partie("deck", "print", str(deck_file), "--out", str(out)).returncode == 0
    html = out.read_text(encoding="utf-8")
    assert html.count('class="card"') == 6 and html.count('class="right"') == 42


def test_odds_json() -> None:
    run = partie("odds", "tennis-quizz", "--p", "0.6", "--q", "0.5", "--json")
    data = json.loads(run.stdout)
    assert 0.5 < data["win_a"] < 1 and data["questions"] > 80
    assert partie("odds", "tennis-quizz", "--p", "0.6").returncode == 2


def test_simulate_reports_match_figures(deck_file: Path) -> None:
    run = partie(
        "simulate", "tennis-quizz", "--bot", "quiz:0.7", "--bot", "quiz:0.6",
        "--games", "30", "--seed", "3", "--workers", "1", "-o", f"deck={deck_file}",
        "-o", "jeu_decisif=true", "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    details = summary["details"]  # means per match
    assert summary["games"] == 30 and summary["end_reasons"] == {"match_won": 30}
    assert summary["win_rate"] == summary["wins"] / 30
    assert sum(summary["seat_win_rates"]) == pytest.approx(1)
    # Best of three: 2 or 3 sets a match; each set 6 to 13 games; a no-ad game is at least
    # 4 points, one question each (a jeu décisif is 14 questions and counts as one game).
    assert 2 <= details["sets"] <= 3
    assert 6 * details["sets"] <= details["games"] <= 13 * details["sets"]
    assert 4 * details["games"] <= details["questions"] <= 7 * 13 * 3 + 14 * 10
    assert details["right_answers"] <= details["questions"]
    # With the jeu décisif option every set that reaches 6-6 plays at least one.
    assert details["reached_6_6"] <= 1 and details["sets_6_6"] <= details["sets"]
    assert details["jeu_decisif"] >= details["sets_6_6"] >= details["reached_6_6"]
    assert 0 <= summary["mean_score"] <= 2


def test_play_against_a_bot_and_replay(tmp_path: Path, deck_file: Path) -> None:
    record = tmp_path / "match.json"
    run = partie(
        "play", "tennis-quizz", "--vs", "quiz:0.5", "--deck", str(deck_file), "--seed", "8",
        "--sets-to-win", "1", "--record", str(record),
        stdin="B\n" * 400,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Game, set and match" in run.stdout
    replayed = partie("replay", str(record), "-q")
    assert replayed.returncode == 0 and "identical result" in replayed.stdout


def test_play_two_people_tactique_and_pros(tmp_path: Path, deck_file: Path) -> None:
    """Two people at one keyboard: the server picks questions, the pro types answers
    and the server rules on them; the typed lines cycle until the match ends."""
    record = tmp_path / "hot-seat.json"
    lines = "".join(f"{n}\n" for n in range(1, 8)) + "o\n"
    run = partie(
        "play", "tennis-quizz", "--variant", "tactique", "--variant", "debutants-pros",
        "--deck", str(deck_file), "--seed", "5", "--sets-to-win", "1",
        "--record", str(record), stdin=lines * 300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Game, set and match" in run.stdout and "Which question do you ask?" in run.stdout
    assert partie("replay", str(record), "-q").returncode == 0


def test_deck_check_of_one_card_says_play_refuses_it_with_plurals(tmp_path: Path) -> None:
    path = tmp_path / "one.toml"
    path.write_text(deck_toml(1, "one"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC), "PARTIE_LANG": "fr"}
    run = subprocess.run(
        [sys.executable, "-m", "partie", "deck", "check", str(path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "attention" in run.stdout and "il en faut au moins 4 pour jouer" in run.stdout
    assert f"{path}: 1 carte, 7 questions: paquet valide" in run.stdout
    english = partie("deck", "check", str(path))
    assert f"{path}: 1 card, 7 questions: valid deck" in english.stdout
    assert "at least 4 are needed to play" in english.stdout
