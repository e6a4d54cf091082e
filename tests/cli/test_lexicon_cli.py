"""``partie lexicon check``: verdict lines, JSON, languages, other lists, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from partie.cli import cli
from partie.cli.common import run_cli


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run_cli(cli, args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PARTIE_LANG", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")


def test_verdicts_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["lexicon", "check", "ATTEL<", "jeuz", "Jeu", "attel>e", "<a", "j@u", "jeu*z"], capsys
    )
    assert code == 0
    assert out.splitlines() == [
        "ATTEL◀ → valide : ATTELL… (ex. ATTELLERAIENT)",
        "JEUZ → invalide : aucun mot français ne commence par JEUZ",
        "JEU → mot complet (JEU)",
        "ATTEL▶E → mot complet (ATTELEE)",
        "◀A → invalide : ◀ en première carte ne se lit jamais (il n'y a pas de carte avant)",
        "J●U → mot complet (JEU)",
        "JEU★Z → invalide : aucune lecture de JEU★Z ne commence un mot français",
    ]


def test_verdicts_in_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["lexicon", "check", "--lang", "en", "attel◀", "jeuz"], capsys)
    assert code == 0
    assert out.splitlines() == [
        "ATTEL◀ → valid: ATTELL… (e.g. ATTELLERAIENT)",
        "JEUZ → invalid: no French word starts with JEUZ",
    ]
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    _, out, _ = run(["lexicon", "check", "smash"], capsys)
    assert out.strip() == "SMASH → complete word (SMASH)"


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["lexicon", "check", "--json", "attel<", "Attelées", "jeuz"], capsys)
    assert code == 0
    items = json.loads(out)
    assert [i["input"] for i in items] == ["attel<", "Attelées", "jeuz"]
    assert items[0] == {
        "input": "attel<",
        "cards": "ATTEL◀",
        "valid": True,
        "complete_word": False,
        "reading": "ATTELL",
        "jokers": [[5, "L"]],
        "example": "ATTELLERAIENT",
        "reason": None,
    }
    assert items[1]["valid"] and items[1]["complete_word"] and items[1]["reading"] == "ATTELEES"
    assert not items[2]["valid"] and items[2]["reading"] is None and items[2]["example"] is None
    assert items[2]["reason"] == "no_word_starts_so"
    _, out, _ = run(["lexicon", "check", "--json", ">", "jeu*z", "attel>"], capsys)
    items = json.loads(out)
    assert [i["reason"] for i in items] == ["nothing_to_copy", "no_reading_starts_a_word", None]
    assert items[2]["reading"] == "ATTELE" and items[2]["example"] == "ATTELEE"
    assert not items[2]["complete_word"]


def test_another_word_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "mots.txt"
    words.write_text("zou\nzouave\n", encoding="utf-8")
    code, out, _ = run(["lexicon", "check", "--lexicon", str(words), "zo", "jeu"], capsys)
    assert code == 0
    assert out.splitlines() == [
        "ZO → valide : ZO… (ex. ZOUAVE)",
        "JEU → invalide : aucun mot français ne commence par JEU",
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["lexicon", "check", "jeu2"],
        ["lexicon", "check", "jeu", "a+b"],
        ["lexicon", "check", "--lexicon", "/nonexistent/list.txt", "jeu"],
        ["lexicon", "check"],
    ],
)
def test_mistakes_exit_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_installed_command(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "src"
    result = subprocess.run(
        [sys.executable, "-m", "partie", "lexicon", "check", "attel<"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "LANG": "fr_FR.UTF-8", "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ATTEL◀ → valide : ATTELL… (ex. ATTELLERAIENT)"


def test_mistakes_follow_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, french_err = run(["lexicon", "check", "jeu2"], capsys)
    code, _, english_err = run(["lexicon", "check", "--lang", "en", "jeu2"], capsys)
    assert code == 2
    assert "seules les lettres" in french_err and "only the letters" in english_err
