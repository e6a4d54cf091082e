"""Reports: the Markdown page and real PNG plots."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from partie.sim.report import SCORE_PNG, TRACE_PNG, WIN_RATE_PNG, Series, write_report
from partie.sim.runner import SimulationSpec, run_simulation
from partie.sim.summary import summarize

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_report_is_written_with_real_images(tmp_path: Path) -> None:
    series = []
    for players in (1, 2):
        spec = SimulationSpec(
            game="the-game",
            options={"players": players},
            bots=("greedy",) * players,
            games=12,
            seed=1,
            trace=True,
        )
        outcomes = run_simulation(spec, workers=1)
        series.append(
            Series(
                f"greedy, {players}", "greedy", players, summarize(spec, outcomes, 1.0), outcomes
            )
        )
    path = write_report(tmp_path / "out", series, title="test", command="partie simulate x")
    text = path.read_text()
    assert path.name == "report.md"
    assert "greedy, 2" in text and "partie simulate x" in text
    for name in (SCORE_PNG, WIN_RATE_PNG, TRACE_PNG):
        data = (tmp_path / "out" / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE)
        assert len(data) > 5_000
        assert f"]({name})" in text


def test_no_trace_no_trace_plot(tmp_path: Path) -> None:
    spec = SimulationSpec(
        game="the-game", options={"players": 1}, bots=("greedy",), games=5, seed=2
    )
    outcomes = run_simulation(dataclasses.replace(spec), workers=1)
    series = [Series("g", "g", 1, summarize(spec, outcomes, 1.0), outcomes)]
    path = write_report(tmp_path, series, title="t", command="c")
    assert not (tmp_path / TRACE_PNG).exists()
    assert "no per-turn trace" in path.read_text()
