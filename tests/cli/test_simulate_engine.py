"""``partie simulate`` says what played its games: the C build of The Game's fast path,
numba's, or the engine; the C build and numba give the same figures and per-deal lines."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from partie.cli import cli
from partie.cli.common import run_cli
from partie.games.the_game import native


def run(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict]:
    code = run_cli(cli, list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def without_timings(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second", "engine")}


@pytest.fixture
def c_build() -> None:
    if native.module() is None:
        if os.environ.get("PARTIE_REQUIRE_NATIVE") == "1":
            pytest.fail("the C fast path is not built (or stale)")
        pytest.skip("the C fast path is not built")


def test_json_names_the_engine(
    c_build: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    base = ["simulate", "the-game", "--bot", "heuristic", "--players", "1-3", "--games", "300",
            "--json", "--workers", "1"]  # fmt: skip
    on_c = run(capsys, *base)
    assert [line["engine"] for line in on_c] == ["c"] * 3
    monkeypatch.setenv("PARTIE_NATIVE", "0")
    on_numba = run(capsys, *base)
    assert [line["engine"] for line in on_numba] == ["numba"] * 3
    assert [without_timings(x) for x in on_c] == [without_timings(x) for x in on_numba]
    # a table the fast path does not play (two bots) is the engine's
    mixed = run(capsys, "simulate", "the-game", "--bot", "greedy", "--bot", "random",
                "--games", "5", "--json", "--workers", "1")  # fmt: skip
    assert mixed[0]["engine"] == "python"


def test_fixed_deals_per_deal_and_compare(
    c_build: None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(31)
    path = tmp_path / "deals.jsonl"
    with path.open("w") as out:
        for _ in range(40):
            deal = list(range(2, 100))
            rng.shuffle(deal)
            out.write(json.dumps(deal) + "\n")
    base = ["simulate", "the-game", "--players", "3", "--deals", str(path), "--per-deal",
            "--json", "--workers", "1", "--compare", "heuristic", "minjump:2,5"]  # fmt: skip
    on_c = run(capsys, *base)
    monkeypatch.setenv("PARTIE_NATIVE", "0")
    on_numba = run(capsys, *base)
    *lines_c, result_c = on_c
    *lines_numba, result_numba = on_numba
    assert len(lines_c) == 40 and lines_c == lines_numba
    assert result_c["a"]["engine"] == result_c["b"]["engine"] == "c"
    assert result_numba["a"]["engine"] == "numba"
    assert without_timings(result_c["a"]) == without_timings(result_numba["a"])


def test_the_table_shows_the_engine(
    c_build: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARTIE_LANG", "en")
    monkeypatch.setenv("COLUMNS", "100")
    code = run_cli(cli, ["simulate", "the-game", "--bot", "minjump", "--games", "50",
                         "--workers", "1"])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0, err
    row = next(line for line in out.splitlines() if "engine" in line)
    assert row.split("│")[2].strip() == "c"
