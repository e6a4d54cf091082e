"""Each limit of docs/limits.md, just inside and just outside, plus the safe writes."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest

from partie.cli import cli
from partie.cli.common import run_cli
from partie.core import Record, get_game
from partie.core.errors import BadOptions, BadRecord, PartieError
from partie.core.files import BadPath, check_output, read_bounded, write_atomic
from partie.core.inputs import MAX_BOT_BUDGET, MAX_BOT_NUMBER, RECORD_LIMITS
from partie.core.options import MAX_OPTION_INT, MAX_OPTION_ITEMS
from partie.core.record import LIMITS as RECORD_TEXT_LIMITS
from partie.games.tennis_quizz.decks import DECK_LIMITS, check_text
from partie.games.tennis_quizz.importers import IMPORT_LIMITS
from partie.sim.deals import DEALS_LIMITS
from partie.sim.plan import MAX_COUNTS, MAX_GAMES, REPORT_MAX_GAMES, parse_player_counts
from quizz_decks import deck_toml

DOC = (Path(__file__).parents[2] / "docs" / "limits.md").read_text(encoding="utf-8")
THE_GAME = get_game("the-game")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_cli(cli, list(argv))
    return code, out.getvalue(), err.getvalue()


def mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"


@pytest.mark.parametrize(
    "text",
    [
        mib(RECORD_LIMITS.max_bytes),
        f"{RECORD_LIMITS.max_depth} deep",
        f"texts at most {mib(RECORD_TEXT_LIMITS.max_string)}",
        mib(DECK_LIMITS.max_bytes),
        mib(IMPORT_LIMITS.max_bytes),
        mib(DEALS_LIMITS.max_bytes),
        f"{MAX_OPTION_INT:,}",
        f"{MAX_OPTION_ITEMS:,} items",
        f"{MAX_BOT_NUMBER:,}",
        f"1 to {MAX_BOT_BUDGET:,}",
        f"{REPORT_MAX_GAMES:,}",
        f"at most {MAX_COUNTS} counts",
        "10^12",
    ],
)
def test_every_limit_is_documented(text: str) -> None:
    assert text in DOC
    assert MAX_GAMES == 10**12


def test_record_size_and_string_limits(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (RECORD_LIMITS.max_bytes + 1))
    with pytest.raises(BadRecord, match="trop gros"):
        Record.read(path)
    data = {"game": "the-game", "seed": 1, "actions": [], "players": ["x" * 201]}
    with pytest.raises(BadRecord, match="players"):
        Record.load(json.dumps(data))
    data["players"] = ["x" * (RECORD_TEXT_LIMITS.max_string + 1)]
    with pytest.raises(BadRecord, match="trop long"):
        Record.load(json.dumps(data))


def test_record_move_count_limit() -> None:
    data = {"game": "the-game", "seed": 1, "actions": [[0, {"type": "end"}]] * 100_001}
    with pytest.raises(BadRecord, match="actions"):
        Record.load(json.dumps(data))


@pytest.mark.parametrize(
    ("options", "ok"),
    [
        ({"players": MAX_OPTION_INT + 1}, False),
        ({"deal": [1] * (MAX_OPTION_ITEMS + 1)}, False),
        ({"deal": [None, None]}, False),
        ({"players": 2}, True),
    ],
)
def test_option_value_limits(options: dict, ok: bool) -> None:
    if ok:
        THE_GAME.parse_options(options)
    else:
        with pytest.raises(BadOptions):
            THE_GAME.parse_options(options)


def test_deck_limits() -> None:
    good = deck_toml(2, "lim")
    assert check_text(good, "d").deck is not None
    too_big = good + "#" * DECK_LIMITS.max_bytes
    assert "trop gros" in check_text(too_big, "d").errors[0].text("fr")
    deep = good + "x = " + "[" * 17 + "]" * 17 + "\n"
    assert "profond" in check_text(deep, "d").errors[0].text("fr")
    ok_deep = good.replace("[deck]", "x = " + "[" * 15 + "]" * 15 + "\n[deck]", 1)
    assert all("profond" not in e.text("fr") for e in check_text(ok_deep, "d").errors)
    for bad in ("language = {a=1}", 'language = "français!"'):
        report = check_text(good.replace('language = "fr"', bad), "d")
        assert any(e.field == "deck.language" for e in report.errors)
    report = check_text(good.replace("difficulty = 1", "difficulty = 1.0", 1), "d")
    assert any(e.field == "difficulty" for e in report.errors)
    report = check_text(good.replace('answer = "', 'answer = "\\u0007', 1), "d")
    assert any("contrôle" in e.text("fr") for e in report.errors)


def test_csv_cell_limit(tmp_path: Path) -> None:
    rows = ["text;answer;wrong1;wrong2"]
    rows += [f"q{i} ?;a{i};b{i};c{i}" for i in range(7)]
    path = tmp_path / "q.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert run("deck", "import", str(path), "--out", str(tmp_path / "ok.toml"))[0] == 0
    rows[1] = "x" * (IMPORT_LIMITS.max_string + 1) + ";a;b;c"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, _out, err = run("deck", "import", str(path), "--out", str(tmp_path / "no.toml"))
    assert code == 2 and "CSV" in err and not (tmp_path / "no.toml").exists()


def test_deals_number_limit(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text("[1234567]\n", encoding="utf-8")
    code, _out, err = run("simulate", "the-game", "--deals", str(path))
    assert code == 2 and "1234567" in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["-o", "players=1e400"], "1e400"),
        (["-o", "players=NaN"], "NaN"),
        (["-o", "players=1", "-o", "players=2"], "twice"),
        ([arg for i in range(33) for arg in ("-o", f"k{i}=1")], "32"),
        (["--bot", "x" * 101], "bot"),
        (["--bot", f"mc:{MAX_BOT_BUDGET + 1}"], str(MAX_BOT_BUDGET)),
        (["--games", str(MAX_GAMES + 1)], "--games"),
        (["--games", str(REPORT_MAX_GAMES + 1), "--report", "REPORT"], "--report"),
        (["--players", "1-99999"], "--players"),
        (["--workers", str((os.cpu_count() or 1) + 1)], "--force"),
    ],
)
def test_argument_limits(tmp_path: Path, argv: list[str], needle: str) -> None:
    argv = [str(tmp_path / "rep") if a == "REPORT" else a for a in argv]
    code, out, err = run("simulate", "the-game", *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert list(tmp_path.iterdir()) == []


def test_bot_budget_inside_the_limit_is_accepted() -> None:
    assert THE_GAME.make_bot(f"mc:{MAX_BOT_BUDGET}") is not None
    assert parse_player_counts("1-5") == [1, 2, 3, 4, 5]


def test_reads_are_bounded(tmp_path: Path) -> None:
    with pytest.raises(BadPath, match="ordinaire"):
        read_bounded("/dev/zero", 10, what="x")
    with pytest.raises(BadPath, match="dossier"):
        read_bounded(tmp_path, 10, what="x")
    (tmp_path / "f").write_bytes(b"12345")
    assert read_bounded(tmp_path / "f", 5, what="x") == b"12345"
    with pytest.raises(BadPath, match="trop gros"):
        read_bounded(tmp_path / "f", 4, what="x")


def test_writes_are_checked_and_atomic(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    with pytest.raises(BadPath, match="vide"):
        check_output("")
    with pytest.raises(BadPath, match="n'existe pas"):
        check_output(tmp_path / "missing" / "x.txt")
    write_atomic(target, "one", force=False)
    with pytest.raises(BadPath, match="--force"):
        write_atomic(target, "two", force=False)
    with pytest.raises(BadPath, match="fichier lu"):
        check_output(target, force=True, inputs=[str(target)])
    write_atomic(target, "two", force=True)
    assert target.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # no temporary left
    with pytest.raises(PartieError):
        write_atomic("/proc/version", "x", force=True)


def test_export_never_overwrites_its_input_or_an_existing_file(tmp_path: Path) -> None:
    deck = tmp_path / "d.toml"
    deck.write_text(deck_toml(2, "exp"), encoding="utf-8")
    before = deck.read_text()
    code, _out, err = run("deck", "export", str(deck), "--to", "csv", "--out", str(deck))
    assert code == 2 and "d.toml" in err and deck.read_text() == before
    assert run("deck", "export", str(deck), "--to", "csv", "--out", str(tmp_path / "d.csv"))[0] == 0
    code, _out, err = run(
        "deck", "export", str(deck), "--to", "gift", "--out", str(tmp_path / "d.csv")
    )
    assert code == 2 and "--force" in err
    code, out, err = run("deck", "export", str(deck), "--to", "csv", "--out", "")
    assert code == 2 and out == ""


def test_import_writes_no_invalid_deck(tmp_path: Path) -> None:
    rows = ["text;answer;wrong1;wrong2"] + [f"même ?;a;a;c{i}" for i in range(7)]
    path = tmp_path / "bad.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, _out, err = run("deck", "import", str(path), "--out", str(tmp_path / "o.toml"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.toml").exists()


def test_report_folder_is_checked_before_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "rep"
    folder.mkdir()
    (folder / "report.md").write_text("precious", encoding="utf-8")
    code, out, err = run("simulate", "the-game", "--games", "2", "--report", str(folder))
    assert code == 2 and out == "" and "--force" in err
    assert (folder / "report.md").read_text() == "precious"
    code, _out, err = run("simulate", "the-game", "--games", "2", "--report", "")
    assert code == 2
    code, _out, err = run(
        "simulate", "the-game", "--games", "2", "--report", str(tmp_path / "no" / "rep")
    )
    assert code == 2 and "n'existe pas" in err and not (tmp_path / "no").exists()


def test_record_flag_makes_no_folders(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "r.json"
    code, _out, err = run("play", "the-game", "--record", str(target))
    assert code == 2 and "--record" in err and not (tmp_path / "no").exists()


def test_non_finite_probability_is_refused() -> None:
    code, _out, err = run("odds", "tennis-quizz", "--p", "nan")
    assert code == 2 and "nan" in err


def test_undecodable_title_is_refused(tmp_path: Path) -> None:
    rows = ["text;answer;wrong1;wrong2"] + [f"q{i} ?;a{i};b{i};c{i}" for i in range(7)]
    path = tmp_path / "q.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    title = b"caf\xe9".decode("utf-8", "surrogateescape")  # as Python reads such argv
    code, _out, err = run(
        "deck", "import", str(path), "--title", title, "--out", str(tmp_path / "o")
    )
    assert code == 2 and "--title" in err and not (tmp_path / "o").exists()


def test_rules_on_an_ascii_terminal() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "partie", "rules", "tennis-quizz"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii", "LANG": "C"},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr and result.stdout.isascii()


def test_a_trusted_lexicon_flag_still_reads_no_device() -> None:
    code, _out, err = run("simulate", "tennis-mots", "--games", "1", "-o", "lexicon=/dev/zero")
    assert code == 2 and "/dev/zero" in err
