"""One language per run (#15.12), the replay board (#15.11) and Ctrl-C in play (#14),
through the real command."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import click
import pytest
from helpers import partie

from partie.cli import cli
from partie.cli.help_fr import FRENCH, key
from partie.core.record import Record


def test_partie_alone_prints_the_help_in_french_by_default() -> None:
    result = partie(env={"PARTIE_LANG": "", "LANG": ""})
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout and result.stderr == ""
    assert "Jouer, simuler et écrire" in result.stdout
    assert "Jouer une partie dans le terminal." in result.stdout
    assert "Afficher cette aide et quitter." in result.stdout


@pytest.mark.parametrize(
    "args,env",
    [
        (["--lang", "en", "play", "the-game", "--help"], {}),
        (["play", "the-game", "--help", "--lang=en"], {}),
        (["play", "the-game", "--help"], {"PARTIE_LANG": "", "LANG": "en_US.UTF-8"}),
    ],
)
def test_english_from_lang_option_or_environment(args: list[str], env: dict[str, str]) -> None:
    result = partie(*args, env=env)
    assert result.returncode == 0, result.stderr
    assert "The Game: cooperative" in result.stdout
    assert "coopératif" not in result.stdout


def test_errors_follow_the_language_of_the_run() -> None:
    french = partie("replay", "/nonexistent/record.json")
    english = partie("--lang", "en", "replay", "/nonexistent/record.json")
    assert french.returncode == english.returncode == 2
    assert french.stderr != english.stderr


def _helps(command: click.Command) -> list[str]:
    texts = [command.help or ""]
    texts += [p.help for p in command.params if isinstance(p, click.Option) and p.help]
    return [t for t in texts if t]


def _every_command(command: click.Command) -> list[click.Command]:
    found = [command]
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            found += _every_command(sub)
    return found


def test_every_help_text_of_every_command_has_its_french() -> None:
    missing = [t for c in _every_command(cli) for t in _helps(c) if key(t) not in FRENCH]
    assert not missing


def test_simulate_prints_its_tables_in_the_language_of_the_run() -> None:
    args = ("simulate", "the-game", "--bot", "greedy", "--games", "20", "--workers", "1")
    french = partie(*args, env={"PARTIE_LANG": "", "LANG": "", "COLUMNS": "200"})
    english = partie("--lang", "en", *args, env={"COLUMNS": "200"})
    assert french.returncode == english.returncode == 0, french.stderr + english.stderr
    assert "taux de victoire" in french.stdout and "parties, graine 0" in french.stdout
    assert "win rate" not in french.stdout
    assert "win rate" in english.stdout and "taux de victoire" not in english.stdout


def test_replay_draws_the_board_and_opens_every_hand_at_the_end(tmp_path) -> None:
    record = tmp_path / "g.json"
    played = partie(
        "play", "the-game", "--players", "2", "--bots", "2", "--bot", "random",
        "--seed", "5", "--record", str(record),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    english = partie("replay", "--board", "--lang", "en", str(record))
    assert english.returncode == 0, english.stderr
    assert english.stdout.count("Your hand:") == english.stdout.count("seat ") > 0
    assert "Game over: the player to act could no longer lay the minimum." in english.stdout
    assert "Bot 1: " in english.stdout and "Bot 2: " in english.stdout
    french = partie("replay", "--board", str(record))
    assert "Fin de la partie" in french.stdout and "Votre main" in french.stdout
    plain = partie("replay", str(record))
    assert "Votre main" not in plain.stdout


def test_ctrl_c_in_play_saves_the_record_and_prints_the_seed(tmp_path) -> None:
    record = tmp_path / "g.json"
    env = {**os.environ, "PARTIE_LANG": "fr", "COLUMNS": "100"}
    args = ["play", "the-game", "--seed", "12", "--record", str(record)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "partie", *args],
        stdin=subprocess.PIPE,  # kept open: the game waits for a move
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(iter(lambda: proc.stdout.read(1), "")))
    reader.start()
    deadline = time.monotonic() + 120
    while "Votre main" not in "".join(out) and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    reader.join(timeout=10)
    text = "".join(out)
    assert proc.returncode == 0, proc.stderr.read()
    assert "Partie interrompue. seed 12" in text and str(record) in text
    saved = Record.read(record)
    assert saved.seed == 12 and saved.result is None and saved.actions == []
