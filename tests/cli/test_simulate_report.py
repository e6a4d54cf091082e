"""``partie simulate --report`` speaks the command's language; its file names and the
command that reproduces the run do not change with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from partie.cli import cli
from partie.cli.common import run_cli

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ARGS = ("tennis-quizz", "--compare", "quiz", "random", "--players", "2,3", "--games", "6")
COMMAND = "partie simulate tennis-quizz --players 2,3 --games 6 --seed 0 --compare quiz random"


def report(lang: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("PARTIE_LANG", lang)
    code = run_cli(cli, ["simulate", *ARGS, "--workers", "1", "--report", str(folder)])
    assert code == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["report.md", "score_distribution.png", "win_rate_by_players.png"]
    for name in names[1:]:
        assert (folder / name).read_bytes().startswith(PNG_SIGNATURE)
    return (folder / "report.md").read_text(encoding="utf-8")


def test_a_compared_sweep_reports_each_count_in_french_then_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    french = report("fr", tmp_path / "fr", monkeypatch)
    assert french.startswith("# Tennis Quizz : quiz contre random\n")
    assert french.count("## Comparaison appariée : quiz (A) − random (B)") == 2
    assert "random (B), 3 joueurs" in french and "quiz, 3 joueurs" in french
    assert "contre lui-même" in french  # a duel's --compare plays each bot against itself
    assert "match gagné : 6" in french
    english = report("en", tmp_path / "en", monkeypatch)
    assert english.startswith("# Tennis Quizz: quiz vs random\n")
    assert english.count("## Paired comparison: quiz (A) − random (B)") == 2
    assert "quiz, 3 players" in english and "match won: 6" in english
    assert "against itself" in english
    for text in (french, english):
        assert f"```sh\n{COMMAND}\n```" in text
    capsys.readouterr()
