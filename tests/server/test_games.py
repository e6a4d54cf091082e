"""The game adapters: every registered game is offered, with only the options the
network may set; the command's one-line errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from partie.core.errors import BadOptions
from partie.server.games import get_adapter


def test_every_game_is_offered_with_safe_options(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == {"the-game", "tennis-quizz", "tennis-mots"}
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
