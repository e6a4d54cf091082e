"""The Game through the real command: play with piped moves, replay, simulate, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import one_line_error, partie

from partie.core import Record, get_game
from partie.sim.runner import play_one

GAME = get_game("the-game")


def test_help_of_every_command() -> None:
    for args in (["--help"], ["play", "--help"], ["play", "the-game", "--help"],
                 ["simulate", "--help"], ["replay", "--help"], ["rules", "--help"]):  # fmt: skip
        result = partie(*args)
        assert result.returncode == 0 and "Usage" in result.stdout


def test_a_whole_game_typed_on_stdin(tmp_path: Path) -> None:
    # Seat 0 is a person typing the moves a greedy player would make; seat 1 is the bot.
    expected = play_one(GAME, GAME.parse_options({"players": 2}), ("greedy", "greedy"), 42)
    typed = [action.text() for seat, action in expected.history if seat == 0]
    lines = ["99 z9", "hello", *typed]  # two mistakes first: refused, then asked again
    record_path = tmp_path / "game.json"
    result = partie("play", "the-game", "--players", "2", "--bots", "1", "--bot", "greedy",
                    "--seed", "42", "--record", str(record_path),
                    stdin="\n".join(lines) + "\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "pile inconnue : 'z9'" in result.stdout
    assert "coup illisible : 'hello'" in result.stdout
    assert f"Score : {expected.score} cartes restantes" in result.stdout
    assert str(record_path) in result.stdout
    record = Record.read(record_path)
    assert record.result["details"]["score"] == expected.score
    assert [a for _, a in record.actions] == [a.to_json() for _, a in expected.history]

    replayed = partie("replay", str(record_path))
    assert replayed.returncode == 0, replayed.stderr
    assert "résultat identique" in replayed.stdout
    assert replayed.stdout.count("place 1:") == len(typed)


def test_bots_only_table_plays_to_the_end_in_english(tmp_path: Path) -> None:
    result = partie("play", "the-game", "--players", "3", "--bots", "3", "--seed", "5",
                    "--lang", "en", "--record", str(tmp_path / "r.json"))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "cards left" in result.stdout or "Total victory" in result.stdout


def test_end_of_input_saves_the_unfinished_game(tmp_path: Path) -> None:
    result = partie("play", "the-game", "--bots", "1", "--seed", "1",
                    "--record", str(tmp_path / "r.json"), stdin="")  # fmt: skip
    assert result.returncode == 0
    assert "Partie interrompue" in result.stdout
    record = Record.read(tmp_path / "r.json")
    assert record.result is None
    assert record.players == ["human", "heuristic"]  # the default partner


def test_simulate_json_is_reproducible() -> None:
    args = ("simulate", "the-game", "--bot", "greedy", "--players", "2", "--games", "200",
            "--seed", "1", "--json")  # fmt: skip
    first = json.loads(partie(*args, "--workers", "1").stdout)
    second = json.loads(partie(*args, "--workers", "2").stdout)
    for key in ("game", "players", "bot", "games", "wins", "win_rate", "win_rate_ci95",
                "mean_score", "games_per_second"):  # fmt: skip
        assert key in first
    assert first["games"] == 200 and first["bot"] == "greedy"
    low, high = first["win_rate_ci95"]
    assert low <= first["win_rate"] <= high
    assert (first["wins"], first["mean_score"]) == (second["wins"], second["mean_score"])


def test_simulate_table() -> None:
    result = partie("simulate", "the-game", "--games", "50", "--seed", "3", "--players", "1")
    assert result.returncode == 0
    assert "taux de victoire" in result.stdout and "score moyen" in result.stdout


@pytest.mark.parametrize(
    "args,words",
    [
        (["play", "the-game", "--players", "9"], "9"),
        (["play", "the-game", "--players", "2", "--bots", "3"], "bots"),
        (["play", "chess"], "chess"),
        (["simulate", "the-game", "--bot", "genius"], "genius"),
        (["simulate", "the-game", "-o", "colour=red"], "colour"),
        (["simulate", "the-game", "--games", "0"], "games"),
        (["replay", "/nonexistent/game.json"], "impossible de lire"),
        (["rules", "the-game", "zzzzzz"], "zzzzzz"),
        (["frobnicate"], "frobnicate"),
    ],
)
def test_bad_usage_is_one_line_and_exit_2(args: list[str], words: str) -> None:
    assert words in one_line_error(partie(*args))


def test_a_broken_record_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    assert "JSON invalide" in one_line_error(partie("replay", str(path)))


def test_rules_and_python_m() -> None:
    result = partie("rules", "the-game", "rétro")
    first = " ".join(result.stdout.split("Voir aussi")[0].split())
    assert result.returncode == 0
    assert "rétro" in first.lower() and "exactement 10 de moins" in first


def test_reprendre_takes_back_a_card_at_a_table_that_allows_it(tmp_path: Path) -> None:
    state = GAME.setup(GAME.parse_options({"players": 1, "takeback": True}), 5)
    first, second = state.legal_plays()[0], state.legal_plays()[-1]
    lines = [first.text(), "reprendre", second.text(), "reprendre 99", "undo", first.text()]
    record_path = tmp_path / "game.json"
    result = partie("play", "the-game", "--takeback", "--seed", "5", "--record",
                    str(record_path), stdin="\n".join(lines) + "\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "« reprendre » reprend la dernière carte posée" in result.stdout  # the help line
    assert f"seule la dernière carte posée se reprend : le {second.card}, pas le 99" in (
        result.stdout
    )
    record = Record.read(record_path)
    assert record.options["takeback"] is True
    assert [a for _, a in record.actions] == [
        first.to_json(),
        {"type": "takeback", "card": first.card},
        second.to_json(),
        {"type": "takeback", "card": second.card},
        first.to_json(),
    ]
    replayed = partie("replay", str(record_path))
    assert replayed.returncode == 0 and f"reprendre {first.card}" in replayed.stdout
    board = partie("--lang", "en", "replay", "--board", str(record_path))
    assert f"takes back the {second.card}" in board.stdout


def test_reprendre_is_refused_where_the_table_does_not_allow_it(tmp_path: Path) -> None:
    state = GAME.setup(GAME.parse_options({"players": 1}), 5)
    first = state.legal_plays()[0]
    result = partie("play", "the-game", "--seed", "5", "--record", str(tmp_path / "g.json"),
                    stdin=f"{first.text()}\nreprendre\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "« reprendre »" not in result.stdout  # not in the help line here
    assert "une carte posée ne se reprend pas (reprise dans le tour désactivée)" in result.stdout
