"""The command line's hostile cases, one test per defect found by trying to break it:
files destroyed, a first game lost, tracebacks, hangs, records that do not replay,
``serve`` options. Each test failed before its fix. In-process through ``run_cli``
where the command can run so; a real process where a signal, a memory limit or a
terminal matters.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import signal
import socket
import string
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

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
    text = "".join(f"{letter}A\n" for letter in string.ascii_uppercase)
    words.write_text(text, encoding="utf-8")
    argv = ["play", "tennis-mots", "--bots", "2", "--lexicon", str(words)]
    code, _out, err = run([*argv, "--record", str(words), "--force"])
    assert "input file" in refused(code, err)
    assert words.read_text(encoding="utf-8") == text


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


# -- 2. Files read through the one input check, numbers through the same bounds ------------


@pytest.mark.parametrize(
    "argv",
    [
        ["lexicon", "check", "X", "--lexicon", "{fifo}"],
        ["lexicon", "check", "X", "--lexicon", "/dev/zero"],
        ["lexicon", "check", "X", "--lexicon", "/dev/urandom"],
        ["simulate", "tennis-mots", "--games", "1", "--workers", "1", "-o", "deck=/dev/zero"],
        ["simulate", "tennis-mots", "--games", "1", "--workers", "1", "-o", "lexicon={fifo}"],
        ["play", "tennis-mots", "--deck", "/dev/zero"],
        ["play", "tennis-mots", "--deck", "{fifo}"],
        ["play", "tennis-mots", "--lexicon", "{fifo}"],
    ],
    ids=[
        *("lexicon-fifo", "lexicon-zero", "lexicon-urandom", "sim-deck-zero"),
        *("sim-lexicon-fifo", "play-deck-zero", "play-deck-fifo", "play-lexicon-fifo"),
    ],
)
def test_word_lists_and_decks_are_regular_files_only(tmp_path: Path, argv: list[str]) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = [a.replace("{fifo}", str(fifo)) for a in argv]
    result = real(args, timeout=60)  # a FIFO waited forever, /dev/zero ran out of memory
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "not a regular file" in result.stderr


def test_a_word_of_33_letters_is_refused_in_one_line(tmp_path: Path) -> None:
    words = tmp_path / "l.txt"
    words.write_text("chat\n" + "a" * 33 + "\n", encoding="utf-8")  # 100,000 letters: 3.9 GB
    code, _out, err = run(["lexicon", "check", "CHAT", "--lexicon", str(words)])
    assert "at most 32" in refused(code, err)  # was an OverflowError
    words.write_text("chat\n" + "a" * 32 + "\n", encoding="utf-8")
    code, _out, err = run(["lexicon", "check", "CHAT", "--lexicon", str(words)])
    assert code == 0, err


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "the-game", "--workers", "99999999999999999999999"],
        ["analyze", "the-game", "--games", "99999999999999999999999"],
        ["analyze", "the-game", "--budget", "100000000000000000000000"],
        ["analyze", "the-game", "--beam", "100000000000000000000000"],
        ["analyze", "the-game", "--workers", "255"],
        ["simulate", "the-game", "--workers", "99999999999999999999999", "--force"],
        ["play", "the-game", "--seed", "-1"],
        ["play", "the-game", "--seed", str(2**70)],
        ["simulate", "the-game", "--seed", str(2**70)],
    ],
)
def test_numbers_out_of_bounds_are_refused(argv: list[str]) -> None:
    code, _out, err = run(argv)  # tracebacks, 17 GB, or records replay refused
    refused(code, err)


@pytest.mark.parametrize("columns", ["99999999999", "0", "-5", "abc", "1" * 40])
def test_any_columns_value_draws_a_bounded_screen(columns: str) -> None:
    code, out, err = run(["rules", "the-game", "combien de cartes"], env={"COLUMNS": columns})
    assert code == 0, err  # 99999999999 was a MemoryError, 0 printed nothing
    assert 0 < len(out) < 200_000
    assert max(len(line) for line in out.splitlines()) <= 1000


def test_a_terminal_reporting_a_huge_size_draws_a_bounded_screen() -> None:
    """``stty cols 60000`` on a real terminal: the command's lines stay within bounds."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 60000, 60000, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "partie", "rules", "the-game"],  # its title spans the width
        stdout=follower,
        stderr=subprocess.PIPE,
        env={**env, "PARTIE_LANG": "fr", "TERM": "xterm-256color"},
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert proc.wait(timeout=120) == 0, proc.stderr.read() if proc.stderr else ""
    os.close(leader)
    out = b"".join(chunks).decode("utf-8", errors="replace")
    shown = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out)  # colours are not columns
    assert shown.strip()
    assert max(len(line) for line in shown.splitlines()) <= 1000  # was 60,008


# -- 3. Hangs and memory ----------------------------------------------------------------


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.split(")")[-1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def wait_for(check: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_analyze_streams_and_stops_at_once_on_ctrl_c() -> None:
    # A billion deals under a 1 GiB limit: every deal was built before the first verdict.
    args = ["analyze", "the-game", "--games", "1000000000", "--budget", "50", "--beam", "0"]
    process = subprocess.Popen(
        [sys.executable, "-m", "partie", *args, "--workers", "2", "--force", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=limited(),
        env={**os.environ, "PARTIE_LANG": "en"},
    )
    assert wait_for(lambda: len(children(process.pid)) >= 2, 60), "workers never started"
    workers = children(process.pid)
    time.sleep(3)  # verdicts are coming in
    assert process.poll() is None, process.communicate()
    os.killpg(process.pid, signal.SIGINT)  # what a terminal sends on Ctrl-C
    sent = time.monotonic()
    _out, err = process.communicate(timeout=60)
    took = time.monotonic() - sent
    assert process.returncode == 130, err
    assert took < 3, took  # it ran on for 20 to 52 s; 1 s on an idle machine
    assert "Traceback" not in err
    assert wait_for(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 3)


# -- 4. Records that replay, moves that are legal, numbers typed -----------------------------


def played_record(tmp_path: Path, *argv: str) -> dict[str, Any]:
    path = tmp_path / "r.json"
    code, _out, err = run(["play", *argv, "--seed", "5", "--record", str(path)])
    assert code == 0, err
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_record_without_its_result_is_not_called_identical(tmp_path: Path) -> None:
    data = played_record(tmp_path, "the-game", "--players", "1", "--bots", "1", "--bot", "greedy")
    assert data["result"] is not None
    for name, changed in (("null.json", {**data, "result": None}), ("missing.json", data)):
        if name == "missing.json":
            changed = {k: v for k, v in data.items() if k != "result"}
        path = tmp_path / name
        path.write_text(json.dumps(changed), encoding="utf-8")
        code, out, err = run(["replay", "-q", str(path)])
        assert "no result" in refused(code, err)
        assert "identical" not in out


def test_replay_board_with_fewer_names_than_seats(tmp_path: Path) -> None:
    data = played_record(tmp_path, "the-game", "--players", "3", "--bots", "3", "--bot", "greedy")
    for players in (data["players"][:1], []):
        path = tmp_path / "few.json"
        path.write_text(json.dumps({**data, "players": players}), encoding="utf-8")
        code, out, err = run(["replay", "--board", str(path)])  # was an IndexError
        assert code == 0, err
        assert "identical result" in out


def test_simple_bot_with_a_small_word_list_is_refused_or_legal(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("AS\nSA\nLA\nLES\nSEL\nET\nTE\nRE\nNE\nUN\nIL\nOR\nDE\nME\n", "utf-8")
    argv = ["simulate", "tennis-mots", "--bot", "simple", "--games", "3", "--workers", "1"]
    code, _out, err = run([*argv, "-o", f"lexicon={small}"])  # was an illegal NET at move 40
    assert "no word starts with" in refused(code, err)
    full = tmp_path / "full.txt"
    full.write_text(small.read_text() + "".join(f"{c}A\n" for c in string.ascii_uppercase))
    code, _out, err = run([*argv, "-o", f"lexicon={full}", "--json"])
    assert code == 0, err


def test_a_10000_digit_number_typed_in_the_game(tmp_path: Path) -> None:
    argv = ["play", "the-game", "--players", "1", "--seed", "3", "--record", str(tmp_path / "r")]
    result = real(argv, stdin="9" * 10_000 + "\n²\nquit\n")
    assert result.returncode == 0, result.stderr  # was a ValueError traceback
    assert "Traceback" not in result.stderr + result.stdout
    assert "unreadable move" in result.stdout


# -- 5. serve's options, a Ray address that does not answer ------------------------------


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--host", "", "empty address"),
        ("--host", "   ", "empty address"),
        ("--bot-pause", "nan", "finite"),
        ("--idle-minutes", "nan", "finite"),
        ("--db", "sqlite:///", "no file"),
    ],
)
def test_serve_options_are_checked(tmp_path: Path, option: str, value: str, words: str) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'x.db'}"] if option != "--db" else []
    code, out, err = run(["serve", "--port", "0", *db, option, value])
    assert words in refused(code, err)  # it served on 0.0.0.0, or took NaN
    assert out == ""
    assert not (tmp_path / "x.db").exists()


def test_serve_db_makes_no_folders(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'missing' / 'dir' / 'x.db'}"
    code, _out, err = run(["serve", "--port", "0", "--db", url])
    assert "does not exist" in refused(code, err)
    assert list(tmp_path.iterdir()) == []  # it made missing/dir


def test_simulate_ray_gives_up_on_a_silent_address_within_10_s() -> None:
    with socket.socket() as listener:  # accepts connections, never speaks Ray
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        port = listener.getsockname()[1]
        started = time.monotonic()
        result = real(["simulate", "the-game", "--games", "2", "--ray", f"127.0.0.1:{port}"])
        took = time.monotonic() - started
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "cannot reach Ray" in result.stderr
    assert took < 15, took  # 10 s from the command's start; the rest is Python starting


def test_simulate_ray_refuses_a_closed_port_at_once() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, not listening: connections are refused
        argv = ["simulate", "the-game", "--games", "2", "--ray", f"127.0.0.1:{port}"]
        code, _out, err = run(argv)
    assert "cannot reach Ray" in refused(code, err)


def test_a_question_too_long_for_a_card_is_refused_before_printing(tmp_path: Path) -> None:
    text = FR_STARTER.read_text(encoding="utf-8")
    old = 'text = "Quel est le plus long fleuve de France ?"'
    assert old in text
    deck = tmp_path / "long.toml"
    deck.write_text(text.replace(old, f'text = "{"mot " * 2400}?"', 1), encoding="utf-8")
    code, out, err = run(["deck", "check", str(deck)])
    assert code == 0, out + err  # within the deck limits
    for argv in (["deck", "print", str(deck)], ["print", str(deck)]):
        code, _out, err = run([*argv, "--out", str(tmp_path / "cards.pdf")])
        assert "do not fit on a card" in refused(code, err)  # laid out for many seconds
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.toml"]
