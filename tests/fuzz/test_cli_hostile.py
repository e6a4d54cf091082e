"""The command line's hostile cases, one test per defect found by trying to break it:
files destroyed, a first game lost, tracebacks, hangs, records that do not replay,
``serve`` options. Each test failed before its fix. In-process through ``run_cli``
where the command can run so; a real process where a signal, a memory limit or a
terminal matters.
"""

from __future__ import annotations

import contextlib
import io
import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from partie.cli import cli
from partie.cli.common import run_cli

FR_STARTER = Path(__file__).parents[2] / "src/partie/games/tennis_quizz/decks/fr-starter.toml"


def run(argv: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """``partie ARGV`` in this process, in English; (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with (
        patched_env({"PARTIE_LANG": "en", **(env or {})}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = run_cli(cli, argv)
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def patched_env(values: dict[str, str | None]) -> Iterator[None]:
    old = {key: os.environ.get(key) for key in values}
    try:
        for key, value in values.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        yield
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def refused(code: int, err: str) -> str:
    """Exit 2, one line, no traceback; the line."""
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def limited(megabytes: int = 1024):
    def apply() -> None:
        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return apply


def real(
    args: list[str], *, env: dict[str, str] | None = None, timeout: float = 60, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``partie ARGS`` as a real process under a memory limit."""
    return subprocess.run(
        [sys.executable, "-m", "partie", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limited(),
        env={**os.environ, "PARTIE_LANG": "en", "COLUMNS": "100", **(env or {})},
    )


# -- 1. Files destroyed, a first game lost ------------------------------------------------


def test_play_record_never_replaces_the_word_list_it_reads(tmp_path: Path) -> None:
    words = tmp_path / "l.txt"
    words.write_text("chat\nchien\n", encoding="utf-8")
    argv = ["play", "tennis-mots", "--bots", "2", "--lexicon", str(words)]
    code, _out, err = run([*argv, "--record", str(words), "--force"])
    assert "input file" in refused(code, err)
    assert words.read_text(encoding="utf-8") == "chat\nchien\n"


def test_play_record_never_replaces_the_deck_it_reads(tmp_path: Path) -> None:
    deck = tmp_path / "d.toml"
    deck.write_bytes(FR_STARTER.read_bytes())
    argv = ["play", "tennis-quizz", "--deck", str(deck), "--record", str(deck), "--force"]
    code, _out, err = run(argv)
    assert "input file" in refused(code, err)
    assert deck.read_bytes() == FR_STARTER.read_bytes()


def test_play_record_needs_force_to_replace_a_file(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    record.write_text("keep me", encoding="utf-8")
    argv = ["play", "the-game", "--players", "1", "--bots", "1", "--bot", "greedy"]
    code, _out, err = run([*argv, "--seed", "3", "--record", str(record)])
    assert "--force" in refused(code, err)
    assert record.read_text(encoding="utf-8") == "keep me"
    code, _out, err = run([*argv, "--seed", "3", "--record", str(record), "--force"])
    assert code == 0, err
    assert record.read_text(encoding="utf-8").startswith("{")


def test_print_never_replaces_the_deck_it_prints(tmp_path: Path) -> None:
    deck = tmp_path / "d.toml"
    deck.write_bytes(FR_STARTER.read_bytes())
    code, _out, err = run(["print", str(deck), "--out", str(deck), "--force"])
    assert "input file" in refused(code, err)
    assert deck.read_bytes() == FR_STARTER.read_bytes()


def test_a_first_game_makes_its_records_folder(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": None, "PARTIE_RECORDS": None}
    argv = ["play", "the-game", "--players", "1", "--bots", "1", "--bot", "greedy"]
    code, _out, err = run([*argv, "--seed", "4"], env=env)
    assert code == 0, err
    saved = list((tmp_path / ".local/share/partie/records").glob("the-game-*-seed4.json"))
    assert len(saved) == 1


def test_a_record_that_cannot_be_written_is_said_before_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    env = {"PARTIE_RECORDS": str(blocked / "records")}  # a folder under a plain file
    argv = ["play", "the-game", "--players", "1", "--bots", "1", "--bot", "greedy"]
    code, out, err = run([*argv, "--seed", "4"], env=env)
    refused(code, err)
    assert out == ""  # no game was shown
