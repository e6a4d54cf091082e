"""Simulation reports: a Markdown page and its plots as PNG files.

``write_report(folder, series)`` writes ``report.md`` with one table row per series (a
bot at a player count), and three plots: the score distribution, the win rate by player
count with its 95% interval, and the mean of the game's per-turn trace (for The Game,
cards left along the game) when the game offers one. matplotlib is imported here only,
with the Agg backend (no display needed).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partie.core.files import write_atomic
from partie.sim.chunks import GameOutcome

SCORE_PNG = "score_distribution.png"
WIN_RATE_PNG = "win_rate_by_players.png"
TRACE_PNG = "cards_left.png"


@dataclass
class Series:
    """One simulated configuration: its label, its summary and its games."""

    label: str
    group: str
    players: int
    summary: dict[str, Any]
    outcomes: list[GameOutcome] = field(repr=False)


def mean_trace(outcomes: Sequence[GameOutcome]) -> list[float]:
    """Mean of the per-turn traces; a game that ended early keeps its last value."""
    traces = [o.trace for o in outcomes if o.trace]
    if not traces:
        return []
    length = max(len(t) for t in traces)
    return [
        math.fsum(t[i] if i < len(t) else t[-1] for t in traces) / len(traces)
        for i in range(length)
    ]


def _save(fig: Any, path: Path) -> None:
    """A plot written whole or not at all (temporary file, then rename)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    write_atomic(path, buffer.getvalue())


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_scores(series: Sequence[Series], path: Path) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    top = max(max(o.scores[0] for o in s.outcomes) for s in series)
    low = min(min(o.scores[0] for o in s.outcomes) for s in series)
    bins = min(60, max(1, int(top - low) + 1))
    for s in series:
        ax.hist(
            [o.scores[0] for o in s.outcomes],
            bins=bins,
            range=(low - 0.5, top + 0.5),
            histtype="step",
            linewidth=1.5,
            label=s.label,
        )
    ax.set_xlabel("score (seat 0)")
    ax.set_ylabel("games")
    ax.set_title("Score distribution")
    ax.legend()
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)


def plot_win_rates(series: Sequence[Series], path: Path) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    groups: dict[str, list[Series]] = {}
    for s in series:
        groups.setdefault(s.group, []).append(s)
    if len({s.players for s in series}) == 1:  # one player count: a bar per bot, not a dot
        names = list(groups)
        ys = [groups[n][0].summary["win_rate"] for n in names]
        lows = [
            y - groups[n][0].summary["win_rate_ci95"][0] for y, n in zip(ys, names, strict=True)
        ]
        highs = [
            groups[n][0].summary["win_rate_ci95"][1] - y for y, n in zip(ys, names, strict=True)
        ]
        ax.bar(range(len(names)), ys, yerr=[lows, highs], capsize=6, color="#4c72b0")
        ax.set_xticks(range(len(names)), names)
        ax.set_xlabel(f"bot ({series[0].players} players)")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_ylim(bottom=0)
        ax.set_title("Win rate")
        fig.tight_layout()
        _save(fig, path)
        plt.close(fig)
        return
    for name, members in groups.items():
        members = sorted(members, key=lambda s: s.players)
        xs = [s.players for s in members]
        ys = [s.summary["win_rate"] for s in members]
        lows = [y - s.summary["win_rate_ci95"][0] for y, s in zip(ys, members, strict=True)]
        highs = [s.summary["win_rate_ci95"][1] - y for y, s in zip(ys, members, strict=True)]
        ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", capsize=4, label=name)
    ax.set_xlabel("players")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_xticks(sorted({s.players for s in series}))
    ax.set_ylim(bottom=0)
    ax.set_title("Win rate by player count")
    ax.legend()
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)


def plot_traces(series: Sequence[Series], path: Path, label: str) -> bool:
    traces = [(s.label, mean_trace(s.outcomes)) for s in series]
    if not any(t for _, t in traces):
        return False
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    for name, trace in traces:
        if trace:
            ax.plot(range(len(trace)), trace, label=name)
    ax.set_xlabel("turn")
    ax.set_ylabel(label)
    ax.set_ylim(bottom=0)
    ax.set_title(f"Mean {label} along the game")
    ax.legend()
    fig.tight_layout()
    _save(fig, path)
    plt.close(fig)
    return True


def _fmt_rate(summary: dict[str, Any]) -> str:
    low, high = summary["win_rate_ci95"]
    return f"{summary['win_rate']:.2%} [{low:.2%}, {high:.2%}]"


def _fmt_score(summary: dict[str, Any]) -> str:
    low, high = summary["mean_score_ci95"]
    return f"{summary['mean_score']:.2f} [{low:.2f}, {high:.2f}]"


def write_report(
    folder: str | Path,
    series: Sequence[Series],
    *,
    title: str,
    command: str,
    comparison: dict[str, Any] | None = None,
    trace_label: str = "cards left (hands + draw pile)",
) -> Path:
    """Write ``report.md`` and its PNG plots into ``folder``; return the report's path."""
    folder = Path(folder)
    folder.mkdir(exist_ok=True)  # its parent must exist: no folders made anywhere
    plot_scores(series, folder / SCORE_PNG)
    plot_win_rates(series, folder / WIN_RATE_PNG)
    has_trace = plot_traces(series, folder / TRACE_PNG, trace_label)
    first = series[0].summary
    lines = [
        f"# {title}",
        "",
        f"Game `{first['game']}`, seed {first['seed']}, "
        f"{'fixed deals' if first.get('fixed_deals') else 'seeded deals'}. "
        "Reproduce with:",
        "",
        "```sh",
        command,
        "```",
        "",
        "| series | players | games | wins | win rate [95% CI] | mean score [95% CI] "
        "| end reasons |",
        "| --- | ---: | ---: | ---: | --- | --- | --- |",
    ]
    for s in series:
        m = s.summary
        reasons = ", ".join(f"{k} {v}" for k, v in m["end_reasons"].items())
        lines.append(
            f"| {s.label} | {s.players} | {m['games']} | {m['wins']} | {_fmt_rate(m)} "
            f"| {_fmt_score(m)} | {reasons} |"
        )
    lines.append("")
    lines.append(
        "Win rates: Wilson score intervals. Mean scores: normal-approximation intervals "
        "(mean ± 1.96 standard errors)."
    )
    if comparison is not None:
        c = comparison
        lo, hi = c["mean_score_diff_ci95"]
        wlo, whi = c["win_rate_diff_ci95"]
        lines += [
            "",
            f"## Paired comparison: {c['bot_a']} (A) − {c['bot_b']} (B)",
            "",
            f"Same {c['games']} deals and seeds for both bots; paired-t 95% intervals.",
            "",
            f"- mean score difference A − B: {c['mean_score_diff']:+.3f} [{lo:+.3f}, {hi:+.3f}]",
            f"- win rate difference A − B: {c['win_rate_diff']:+.2%} [{wlo:+.2%}, {whi:+.2%}]",
            f"- deals only A won: {c['only_a_won']}, only B won: {c['only_b_won']}",
            f"- A's score lower / equal / higher: {c['score_a_lower']} / "
            f"{c['score_equal']} / {c['score_a_higher']}",
        ]
    lines += ["", "## Plots", "", f"![Score distribution]({SCORE_PNG})", ""]
    lines += [f"![Win rate by player count]({WIN_RATE_PNG})", ""]
    if has_trace:
        lines += [f"![{trace_label} along the game]({TRACE_PNG})", ""]
    else:
        lines += ["(This game gives no per-turn trace, so there is no plot along the game.)", ""]
    path = folder / "report.md"
    write_atomic(path, "\n".join(lines))
    return path
