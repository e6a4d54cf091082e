"""``partie play tennis-mots`` and the generic commands on Tennis de mots, run as a
user runs them: a real process, real files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src"


def partie(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(SRC), "PARTIE_LANG": "fr", "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "partie", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


def test_a_match_between_bots_is_played_recorded_and_replayed(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    run = partie(
        "play", "tennis-mots", "--players", "2", "--bots", "2", "--seed", "3",
        "--record", str(record),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Jeu, set et match" in run.stdout
    assert "SERVICE" in run.stdout and "pts" in run.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "tennis-mots" and data["result"]["reason"] == "match_won"
    again = partie("replay", str(record), "-q")
    assert again.returncode == 0, again.stderr
    assert "résultat identique" in again.stdout


def test_table_options_reach_the_record(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    run = partie(
        "play", "tennis-mots", "--players", "3", "--bots", "3", "--seed", "4",
        "--no-bluff", "--serve-weight", "8", "--record", str(record),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    options = json.loads(record.read_text(encoding="utf-8"))["options"]
    assert options["bluff"] is False and options["serve_weight"] == 8
    assert options["players"] == 3


def test_a_human_sees_the_table_and_every_refusal_explains_itself(tmp_path: Path) -> None:
    lines = "aide\nJEU12\nnet\nconteste\nquitter\n"
    run = partie(
        "play", "tennis-mots", "--players", "2", "--bots", "1", "--seed", "11",
        "--record", str(tmp_path / "r.json"), stdin=lines,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Table" in out and "Main" in out and "poids" in out and "pot" in out
    assert "signe inconnu '1'" in out
    assert "net quoi" in out
    assert "rien à contester" in out
    assert "Partie interrompue" in out


def test_english_screens(tmp_path: Path) -> None:
    run = partie(
        "play", "tennis-mots", "--bots", "1", "--seed", "2", "--lang", "en",
        "--record", str(tmp_path / "r.json"), stdin="quit\n",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Hand:" in run.stdout and "weight" in run.stdout


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--players", "5"], "--players"),
        (["--bots", "3", "--players", "2"], "--bots"),
        (["--lexicon", "/nonexistent/words.txt"], "/nonexistent/words.txt"),
        (["--deck", "/nonexistent/deck.toml"], "deck.toml"),
        (["--serve-weight", "-1"], "--serve-weight"),
    ],
)
def test_bad_arguments_fail_in_one_line(args: list[str], needle: str) -> None:
    run = partie("play", "tennis-mots", *args, stdin="")
    assert run.returncode == 2
    assert needle in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


def test_a_bad_deck_file_is_refused_with_its_reason(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('name = "x"\n[totals]\ncards = 3\n', encoding="utf-8")
    run = partie("play", "tennis-mots", "--deck", str(deck))
    assert run.returncode == 2 and "[letters]" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_simulate_reports_the_match_figures() -> None:
    run = partie(
        "simulate", "tennis-mots", "--bot", "simple", "--players", "2", "--games", "4",
        "--seed", "5", "--workers", "1", "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["games"] == 4 and summary["end_reasons"] == {"match_won": 4}
    for key in ("sets", "rallies", "aces", "faults", "double_faults", "challenges"):
        assert key in summary["details"]
    assert summary["details"]["sets"] >= 2


def test_rules_command() -> None:
    run = partie("rules", "tennis-mots", "ACE")
    assert run.returncode == 0, run.stderr
    assert "ACE" in run.stdout
