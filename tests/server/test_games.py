"""The game adapters: every registered game is offered, with only the options the
network may set; the command's one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from partie.core.errors import BadOptions
from partie.core.registry import available_games
from partie.server.games import get_adapter


def test_every_game_is_offered_with_safe_options(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    # every installed game (a plug-in such as tests/plugins' Plus haut included)
    assert set(games) >= {"the-game", "tennis-quizz", "tennis-mots"}
    assert set(games) == set(available_games())
    for game in games.values():
        names = {o["name"] for o in game["options"]}
        assert "players" in names and game["bots"]
        # No option fixes a deal, and no text from the network may name a server file.
        assert "deal" not in names
        for spec in game["options"]:
            if spec["type"] in ("text", "choice"):
                with pytest.raises(BadOptions):
                    get_adapter(game["id"]).parse_options({spec["name"]: "/etc/passwd"})
        players = next(o for o in game["options"] if o["name"] == "players")
        assert players["min"] == game["min_players"] and players["max"] == game["max_players"]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("tennis-mots", {"lexicon": "/etc/passwd"}),
        ("tennis-quizz", {"deck": "/etc/passwd"}),
        ("the-game", {"deal": list(range(2, 100))}),
    ],
)
def test_options_that_could_reach_files_or_deals_are_refused(game, options):
    with pytest.raises(BadOptions):
        get_adapter(game).parse_options(options)


def test_serve_refuses_a_bad_database_in_one_line(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "partie", "serve", "--db", "mysql://x/y", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "sqlite:///" in result.stderr


def test_serve_creates_its_database_in_the_user_data_folder(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "partie", "serve", "--port", "0", "--no-warm"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        line = proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert "http://localhost:" in line
    db = tmp_path / "data" / "partie" / "partie.sqlite3"
    assert str(db) in line and db.exists()


def test_the_server_bench_runs_and_prints_its_figures():
    """A smoke run (3 tables, greedy bots): the figures' keys and no error; no timing."""
    bench = Path(__file__).parents[2] / "bench" / "server.py"
    result = subprocess.run(
        [sys.executable, str(bench), "--tables", "3", "--bot", "greedy"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert list(figures)[:6] == [
        "tables",
        "p50_ms",
        "p99_ms",
        "errors",
        "actions_per_second",
        "rss_mb",
    ]
    assert figures["tables"] == 3 and figures["errors"] == 0 and figures["round_trips"] > 10
    assert figures["rss_mb"] > 0
