"""``partie simulate`` and ``partie analyze`` as a user runs them."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from partie.cli import cli
from partie.cli.common import run_cli

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_cli(cli, list(args))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write_deals_file(path: Path, count: int, seed: int = 0) -> list[list[int]]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deal = list(range(2, 100))
        rng.shuffle(deal)
        deals.append(deal)
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    return deals


def test_json_object_and_same_seed_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "the-game", "--bot", "greedy", "--players", "2", "--games", "40"]
    code, out, _ = run(capsys, *args, "--seed", "1", "--json", "--workers", "1")
    assert code == 0
    [summary] = json_lines(out)
    for key in ("game", "players", "bot", "games", "wins", "win_rate", "mean_score"):
        assert key in summary
    assert summary["players"] == 2 and summary["games"] == 40 and summary["bot"] == "greedy"
    low, high = summary["win_rate_ci95"]
    assert low <= summary["win_rate"] <= high
    assert summary["games_per_second"] > 0
    code, out, _ = run(capsys, *args, "--seed", "1", "--json", "--workers", "2")
    [again] = json_lines(out)
    assert (again["wins"], again["mean_score"]) == (summary["wins"], summary["mean_score"])


def test_table_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "the-game", "--games", "5", "--workers", "1")
    assert code == 0
    assert "taux de victoire (IC 95 %)" in out and "score moyen" in out


DEFAULT_BOTS = [("the-game", "heuristic"), ("tennis-quizz", "quiz"), ("tennis-mots", "greedy")]


@pytest.mark.parametrize(("game", "bot"), DEFAULT_BOTS)
def test_each_game_has_a_default_bot(
    capsys: pytest.CaptureFixture[str], game: str, bot: str
) -> None:
    # Without --bot every game runs, with a bot of its own (Tennis Quizz has no greedy).
    code, out, err = run(capsys, "simulate", game, "--games", "2", "--json", "--workers", "1")
    assert code == 0, err
    [summary] = json_lines(out)
    assert summary["bot"] == bot and summary["games"] == 2


def test_mixed_bots_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "the-game", "--bot", "greedy", "--bot", "random",
        "--games", "6", "--json", "--workers", "1",
    )  # fmt: skip
    assert code == 0
    [summary] = json_lines(out)
    assert summary["bots"] == ["greedy", "random"] and summary["players"] == 2


@pytest.mark.parametrize("players,counts", [("1-3", [1, 2, 3]), ("1,4", [1, 4])])
def test_player_sweep(capsys: pytest.CaptureFixture[str], players: str, counts: list) -> None:
    code, out, _ = run(
        capsys, "simulate", "the-game", "--players", players, "--games", "6",
        "--json", "--workers", "1", "-o", "expert=true",
    )  # fmt: skip
    assert code == 0
    summaries = json_lines(out)
    assert [s["players"] for s in summaries] == counts
    assert all(s["options"] == {"expert": True} for s in summaries)


def test_deals_and_per_deal_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.jsonl"
    write_deals_file(path, 5)
    base = ["simulate", "the-game", "--deals", str(path), "--json", "--workers", "1"]
    code, out, _ = run(capsys, *base, "--per-deal")
    assert code == 0
    *lines, summary = json_lines(out)
    assert [line["deal"] for line in lines] == list(range(5))
    assert summary["games"] == 5 and summary["fixed_deals"] is True
    assert sum(line["score"] for line in lines) / 5 == pytest.approx(summary["mean_score"])
    # greedy uses no randomness: another seed plays the same deals the same way
    code, out, _ = run(capsys, *base, "--per-deal", "--seed", "99")
    assert [line["score"] for line in json_lines(out)[:-1]] == [line["score"] for line in lines]


def test_compare_on_the_same_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.jsonl"
    write_deals_file(path, 8, seed=2)
    code, out, _ = run(
        capsys, "simulate", "the-game", "--compare", "greedy", "random", "--deals", str(path),
        "--json", "--per-deal", "--workers", "1",
    )  # fmt: skip
    assert code == 0
    *lines, result = json_lines(out)
    assert len(lines) == 8
    assert result["bot_a"] == "greedy" and result["bot_b"] == "random"
    diffs = [line["score_a"] - line["score_b"] for line in lines]
    assert sum(diffs) / 8 == pytest.approx(result["mean_score_diff"])
    low, high = result["mean_score_diff_ci95"]
    assert low <= result["mean_score_diff"] <= high
    code, out, _ = run(
        capsys, "simulate", "the-game", "--compare", "greedy", "random", "--deals", str(path),
        "--workers", "1",
    )  # fmt: skip
    assert code == 0 and "A − B" in out


def test_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "report"
    code, _, _ = run(
        capsys, "simulate", "the-game", "--players", "1-2", "--games", "8", "--workers", "1",
        "--report", str(folder),
    )  # fmt: skip
    assert code == 0
    text = (folder / "report.md").read_text()
    assert "--players 1-2 --games 8 --seed 0" in text
    for png in folder.glob("*.png"):
        data = png.read_bytes()
        assert data.startswith(PNG_SIGNATURE) and len(data) > 5_000
    assert len(list(folder.glob("*.png"))) == 3


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--bot", "nobody"], "nobody"),
        (["--players", "0-2"], "--players"),
        (["--players", "two"], "--players"),
        (["--per-deal"], "--json"),
        (["--compare", "greedy", "random", "--bot", "greedy"], "--compare"),
        (["--deals", "/nonexistent/deals.jsonl"], "deals.jsonl"),
        (["--players", "1-3", "--bot", "greedy", "--bot", "random"], "sweep"),
        (["--ray", "127.0.0.1:1", "--workers", "2"], "--workers"),
        (["-o", "colour=blue"], "colour"),
    ],
)
def test_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, out, err = run(capsys, "simulate", "the-game", "--games", "2", *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err


def test_bad_deal_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deals.jsonl"
    write_deals_file(path, 2)
    with path.open("a") as f:
        f.write("[1, 2, 3]\n")
    code, _, err = run(capsys, "simulate", "the-game", "--deals", str(path))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and f"{path}:3:" in err


def test_analyze_seeded_and_from_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["analyze", "the-game", "--games", "3", "--budget", "3000", "--seed", "4"]
    code, out, _ = run(capsys, *args, "--json", "--per-deal", "--workers", "1")
    assert code == 0
    *lines, summary = json_lines(out)
    assert summary["deals"] == 3 == summary["winnable"] + summary["lost"] + summary["undecided"]
    fractions = summary["winnable_fraction"] + summary["lost_fraction"]
    assert fractions + summary["undecided_fraction"] == pytest.approx(1.0)
    assert all(line["nodes"] <= 3001 for line in lines)
    # the same deals written to a file get the same verdicts
    from partie.core import get_game
    from partie.core.rng import derive_seed

    game = get_game("the-game")
    deals = []
    for line in lines:
        state = game.setup(game.parse_options({"players": 1}), line["seed"])
        assert line["seed"] == derive_seed(4, line["deal"])
        deals.append(state.hands[0] + state.draw[::-1])
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    code, out, _ = run(
        capsys, "analyze", "the-game", "--deals", str(path), "--budget", "3000",
        "--json", "--per-deal", "--workers", "1",
    )  # fmt: skip
    assert code == 0
    again = json_lines(out)[:-1]
    assert [(a["verdict"], a["nodes"]) for a in again] == [
        (b["verdict"], b["nodes"]) for b in lines
    ]
    # The table speaks French by default, like every other command; English on demand.
    monkeypatch.setenv("PARTIE_LANG", "fr")
    code, out, _ = run(capsys, *args, "--workers", "1")
    assert code == 0 and "gagnables (prouvé)" in out and "winnable" not in out
    monkeypatch.setenv("PARTIE_LANG", "en")
    code, out, _ = run(capsys, *args, "--workers", "1")
    assert code == 0 and "winnable (proved)" in out


def test_real_command_in_a_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "partie", "simulate", "the-game", "--games", "4", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 4
    proc = subprocess.run(
        [sys.executable, "-m", "partie", "analyze", "the-game", "--deals", "missing.jsonl"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "command,doc",
    [(["simulate"], "simulate.md"), (["analyze", "the-game"], "oracle.md")],
)
def test_every_flag_is_documented(command: list[str], doc: str) -> None:
    """The docs list every flag of the command (a new flag fails here until written up)."""
    import click

    node: click.Command = cli
    for name in command:
        node = node.commands[name]  # type: ignore[attr-defined]
    text = (Path(__file__).parents[2] / "docs" / doc).read_text()
    for param in node.params:
        for flag in getattr(param, "opts", []):
            if flag.startswith("-"):
                assert f"`{flag}" in text, f"{flag} is not in docs/{doc}"


def test_slow_rates_stay_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    from partie.cli.simulate import games_per_second_text

    monkeypatch.setenv("PARTIE_LANG", "en")
    assert games_per_second_text(0.35) == "0.35"
    assert games_per_second_text(7.5) == "7.50"
    assert games_per_second_text(12_345.6) == "12,346"
    assert games_per_second_text(None) == "–"
    monkeypatch.setenv("PARTIE_LANG", "fr")  # decimal comma, thin space between thousands
    assert games_per_second_text(0.35) == "0,35"
    assert games_per_second_text(12_345.6) == "12\u202f346"


def test_french_figures_use_the_decimal_comma_and_a_semicolon_between_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from partie.cli.simulate import _mean, _rate

    monkeypatch.setenv("PARTIE_LANG", "fr")
    assert _rate(0.08, 0.0316, 0.1884) == "8,00\u202f%  [3,16\u202f% ; 18,84\u202f%]"
    assert _mean(13.84, 10.86, 16.82) == "13,84  [10,86 ; 16,82]"
    assert _mean(-4.3, -5.1, -3.5) == "\u22124,30  [\u22125,10 ; \u22123,50]"  # the minus sign
    monkeypatch.setenv("PARTIE_LANG", "en")
    assert _rate(0.08, 0.0316, 0.1884) == "8.00%  [3.16%, 18.84%]"
    assert _mean(-4.3, -5.1, -3.5) == "-4.30  [-5.10, -3.50]"
