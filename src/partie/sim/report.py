"""Simulation reports: a Markdown page and its plots as PNG files, in French or English.

``write_report(folder, series, lang=...)`` writes ``report.md`` with one table row per
series (a bot at a player count), and three plots: the score distribution, the win
rate (by player count in a sweep, by seat for one count of a game with a winner), and
the mean of the game's per-turn trace (for The Game, cards left along the game) when the
game offers one. Game designers read it, French first: every word and number is written
in the run's language (``partie.sim.words``, ``partie.core.numfmt``); the file names and
the command that reproduces the run stay as they are, since scripts rely on them.

Each plot is drawn by a ``draw_*`` function on a figure it is given (tests read its
texts), and saved by a ``plot_*`` one. matplotlib is imported here only, through its
object interface (no pyplot, no display, no global state).
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from partie.core.files import write_atomic
from partie.core.numfmt import interval, number
from partie.sim import words
from partie.sim.chunks import GameOutcome
from partie.sim.stats import wilson_ci95
from partie.sim.words import say

SCORE_PNG = "score_distribution.png"
WIN_RATE_PNG = "win_rate_by_players.png"
TRACE_PNG = "cards_left.png"

FIGSIZE = (8.5, 4.6)
DPI = 100
DISCRETE_SPAN = 15
"""Integer scores spanning at most this many values are drawn as bars, one per score
(a tennis match's sets won), not as a histogram of bins."""


@dataclass
class Series:
    """One simulated configuration: its label, its summary and its games."""

    label: str
    group: str
    players: int
    summary: dict[str, Any]
    outcomes: list[GameOutcome] = field(repr=False)


def series_label(name: str, players: int, lang: str) -> str:
    """A series as the plots' legends and the table name it: ``heuristic, 2 joueurs``."""
    return f"{name}, {words.players(players, lang)}"


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


def seat_wins(s: Series) -> list[int]:
    """Games won by each seat of a series (every seat wins a cooperative game won)."""
    wins = [0] * s.players
    for outcome in s.outcomes:
        for seat in outcome.winners:
            if 0 <= seat < s.players:
                wins[seat] += 1
    return wins


def equal_share(s: Series) -> float:
    """Seat 1's win rate were every seat alike: the mean of all seats' win rates (1/2 in
    a duel, 1/3 for three players each for themselves, 1/2 for two teams), drawn so
    that a seat's edge shows; draws lower it."""
    games = len(s.outcomes) or 1
    return sum(seat_wins(s)) / (games * s.players)


# --- matplotlib ---------------------------------------------------------------------


def new_figure() -> Any:
    """A figure of the report's size, laid out so nothing is cut (legends outside)."""
    from matplotlib.figure import Figure

    return Figure(figsize=FIGSIZE, dpi=DPI, layout="constrained")


def _save(fig: Any, path: Path) -> None:
    """A plot written whole or not at all (temporary file, then rename)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    write_atomic(path, buffer.getvalue())


def _formatter(spec: str, lang: str) -> Any:
    """Tick labels written as ``lang`` writes numbers (``0,5``, ``30 %``)."""
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _pos: number(value, spec, lang))


def _titles(fig: Any, ax: Any, title: str, note: str) -> None:
    fig.suptitle(title, fontsize=13)
    ax.set_title(note, fontsize=9, color="#555555")


def _legend(fig: Any, ax: Any) -> None:
    """The legend beside the plot, never over the data; none for a single line."""
    handles, labels = ax.get_legend_handles_labels()
    if len(labels) > 1:
        ax.legend(
            handles,
            labels,
            loc="upper left",
            bbox_to_anchor=(1.02, 1.0),
            borderaxespad=0.0,
            fontsize=9,
            frameon=False,
        )


def _scores(s: Series) -> list[float]:
    return [float(o.scores[0]) for o in s.outcomes]


def draw_scores(fig: Any, series: Sequence[Series], lang: str) -> None:
    """Seat 1's final score, one bar per score when scores are a few integers (sets won),
    a histogram otherwise (cards left in The Game)."""
    ax = fig.add_subplot()
    values = [_scores(s) for s in series]
    low = min(min(v) for v in values)
    top = max(max(v) for v in values)
    discrete = all(x.is_integer() for v in values for x in v) and top - low <= DISCRETE_SPAN
    if discrete:
        ticks = list(range(int(min(low, 0)), int(top) + 1))  # 0 shows even if never scored
        width = 0.8 / len(series)
        for k, (s, v) in enumerate(zip(series, values, strict=True)):
            counts = [v.count(float(t)) for t in ticks]
            xs = [t - 0.4 + width * (k + 0.5) for t in ticks]
            ax.bar(xs, counts, width=width * 0.95, label=s.label)
        ax.set_xticks(ticks)
    else:
        bins = min(60, max(1, int(top - low) + 1))
        for s, v in zip(series, values, strict=True):
            ax.hist(
                v,
                bins=bins,
                range=(low - 0.5, top + 0.5),
                histtype="step",
                linewidth=1.5,
                label=s.label,
            )
    ax.xaxis.set_major_formatter(_formatter("g", lang))
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10]))  # no "2, 2"
    ax.yaxis.set_major_formatter(_formatter(",.0f", lang))
    first = series[0].summary
    ax.set_xlabel(words.score_of(first, lang))
    ax.set_ylabel(say(lang, "parties", "games"))
    title = say(lang, "Distribution des scores", "Score distribution")
    if len(series) == 1:
        title += f" — {series[0].label}"
    games = number(len(series[0].outcomes), ",", lang)
    _titles(fig, ax, title, say(lang, f"{games} parties par série", f"{games} games per series"))
    ax.grid(axis="y", alpha=0.3)
    _legend(fig, ax)


def _rate_axis(ax: Any, tops: Sequence[float], lang: str) -> None:
    """A 0 %.. axis ticked at whole percents (never two ticks both read ``12 %``)."""
    from matplotlib.ticker import FixedLocator

    top = min(1.0, max(tops) * 1.15 + 0.03)
    step = next(s for s in (0.01, 0.02, 0.05, 0.1, 0.2) if top / s <= 10)
    ax.set_ylim(0, top + (0.1 if top >= 0.95 else 0))  # room for a label above 100 %
    ticks = [k * step for k in range(round(top / step) + 1) if k * step <= top + 1e-9]
    ax.yaxis.set_major_locator(FixedLocator(ticks))
    ax.yaxis.set_major_formatter(_formatter(".0%", lang))
    ax.grid(axis="y", alpha=0.3)


def _errors(ys: Sequence[float], cis: Sequence[Sequence[float]]) -> list[list[float]]:
    """Error bar lengths below and above each rate; rounding can put a bound a hair on
    the wrong side of a rate of 0 or 1, which matplotlib refuses."""
    pairs = list(zip(ys, cis, strict=True))
    return [[max(0.0, y - c[0]) for y, c in pairs], [max(0.0, c[1] - y) for y, c in pairs]]


def _values(ax: Any, xs: Any, ys: Sequence[float], tops: Sequence[float], lang: str) -> None:
    """Each rate written above its interval's top, clear of the error bar."""
    for x, y, top in zip(xs, ys, tops, strict=True):
        ax.annotate(
            number(y, ".0%", lang),
            (x, top),
            xytext=(0, 4),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=9,
        )


def draw_win_rates(fig: Any, series: Sequence[Series], lang: str) -> None:
    """Win rates with their 95% intervals: by player count in a sweep; for one count,
    each seat's rate when the game has a winner (does a seat have the edge?), else one
    bar per bot."""
    ax = fig.add_subplot()
    first = series[0].summary
    groups: dict[str, list[Series]] = {}
    for s in series:
        groups.setdefault(s.group, []).append(s)
    whose = say(lang, "victoires de ", "wins of ") + words.wins_of(first, lang)
    if len({s.players for s in series}) > 1:
        _by_count(ax, groups, lang)
        title = say(lang, "Taux de victoire selon le nombre de joueurs", "Win rate by player count")
    elif words.cooperative(first):
        _by_bot(ax, groups, lang)
        title = say(lang, "Taux de victoire", "Win rate")
    else:
        _by_seat(ax, groups, lang)
        title = say(lang, "Taux de victoire par place", "Win rate by seat")
        whose = say(lang, "parties gagnées par chaque place", "games won by each seat")
    ax.set_ylabel(say(lang, "taux de victoire", "win rate"))
    bars = say(lang, "barres : intervalle à 95\u202f%", "bars: 95% interval")
    _titles(fig, ax, title, f"{whose} — {bars}")
    _legend(fig, ax)


def _by_count(ax: Any, groups: dict[str, list[Series]], lang: str) -> None:
    """A sweep: one line per bot across player counts, and the equal share of a game
    with a winner."""
    tops: list[float] = []
    for k, (name, members) in enumerate(groups.items()):
        members = sorted(members, key=lambda s: s.players)
        dodge = (k - (len(groups) - 1) / 2) * 0.08  # bots' intervals side by side
        xs = [s.players + dodge for s in members]
        ys = [s.summary["win_rate"] for s in members]
        cis = [s.summary["win_rate_ci95"] for s in members]
        ax.errorbar(xs, ys, yerr=_errors(ys, cis), marker="o", capsize=4, label=name)
        tops += [c[1] for c in cis]
        if len(groups) == 1:  # one line: its values can be written beside it
            for x, y in zip(xs, ys, strict=True):
                ax.annotate(
                    number(y, ".0%", lang),
                    (x, y),
                    xytext=(8, 0),
                    textcoords="offset points",
                    va="center",
                    fontsize=9,
                )
    members = sorted(next(iter(groups.values())), key=lambda s: s.players)
    if not words.cooperative(members[0].summary):
        ax.plot(
            [s.players for s in members],
            [equal_share(s) for s in members],
            linestyle="--",
            color="#888888",
            label=say(lang, "part égale (places pareilles)", "equal share (seats alike)"),
        )
    counts = sorted({s.players for m in groups.values() for s in m})
    ax.set_xticks(counts)
    ax.set_xlim(counts[0] - 0.4, counts[-1] + 0.6)
    ax.set_xlabel(say(lang, "joueurs", "players"))
    _rate_axis(ax, tops, lang)


def _by_bot(ax: Any, groups: dict[str, list[Series]], lang: str) -> None:
    """One count of a cooperative game: one bar per bot (the table wins or loses)."""
    names = list(groups)
    members = [groups[n][0] for n in names]
    ys = [s.summary["win_rate"] for s in members]
    cis = [s.summary["win_rate_ci95"] for s in members]
    ax.bar(range(len(names)), ys, yerr=_errors(ys, cis), capsize=6, width=0.5)
    _values(ax, range(len(names)), ys, [c[1] for c in cis], lang)
    ax.set_xticks(range(len(names)), names)
    ax.set_xlim(-0.75, len(names) - 0.25)
    ax.set_xlabel(f"bot ({words.players(members[0].players, lang)})")
    _rate_axis(ax, [c[1] for c in cis], lang)


def _by_seat(ax: Any, groups: dict[str, list[Series]], lang: str) -> None:
    """One count of a game with a winner: each seat's wins, one bar per seat and bot,
    against the equal share."""
    width = 0.8 / len(groups)
    tops: list[float] = []
    for k, members in enumerate(groups.values()):
        s = members[0]
        n = len(s.outcomes)
        wins = seat_wins(s)
        ys = [w / n for w in wins]
        cis = [wilson_ci95(w, n) for w in wins]
        xs = [seat - 0.4 + width * (k + 0.5) for seat in range(s.players)]
        ax.bar(xs, ys, width=width * 0.9, yerr=_errors(ys, cis), capsize=5, label=s.group)
        _values(ax, xs, ys, [c[1] for c in cis], lang)
        tops += [c[1] for c in cis]
    first = next(iter(groups.values()))[0]
    share = equal_share(first)
    ax.axhline(
        share,
        linestyle="--",
        color="#888888",
        label=say(lang, "part égale", "equal share") + f" ({number(share, '.0%', lang)})",
    )
    bots = first.summary["bots"]
    names = [
        words.seat(i, lang) + (f"\n({bots[i]})" if len(set(bots)) > 1 else "")
        for i in range(first.players)
    ]
    ax.set_xticks(range(first.players), names)
    players = words.players(first.players, lang)
    ax.set_xlabel(say(lang, f"place ({players})", f"seat ({players})"))
    _rate_axis(ax, tops, lang)


def draw_traces(fig: Any, series: Sequence[Series], lang: str) -> bool:
    """The mean of the game's per-turn trace; ``False`` (nothing drawn) without one."""
    traces = [(s.label, mean_trace(s.outcomes)) for s in series]
    if not any(t for _, t in traces):
        return False
    ax = fig.add_subplot()
    for name, trace in traces:
        if trace:
            ax.plot(range(len(trace)), trace, label=name)
    label = words.trace_label(series[0].summary["game"], lang)
    ax.xaxis.set_major_formatter(_formatter("g", lang))
    ax.yaxis.set_major_formatter(_formatter("g", lang))
    ax.set_xlabel(say(lang, "tour", "turn"))
    ax.set_ylabel(label)
    ax.set_ylim(bottom=0)
    ax.set_xlim(left=0)
    ax.grid(alpha=0.3)
    title = say(lang, f"{label} : moyenne tour après tour", f"{label}: mean, turn by turn")
    note = say(
        lang,
        "une partie finie garde sa dernière valeur",
        "a game that has ended keeps its last value",
    )
    _titles(fig, ax, title[:1].upper() + title[1:], note)
    _legend(fig, ax)
    return True


def plot_scores(series: Sequence[Series], path: Path, lang: str = "fr") -> None:
    fig = new_figure()
    draw_scores(fig, series, lang)
    _save(fig, path)


def plot_win_rates(series: Sequence[Series], path: Path, lang: str = "fr") -> None:
    fig = new_figure()
    draw_win_rates(fig, series, lang)
    _save(fig, path)


def plot_traces(series: Sequence[Series], path: Path, lang: str = "fr") -> bool:
    fig = new_figure()
    if not draw_traces(fig, series, lang):
        return False
    _save(fig, path)
    return True


# --- Markdown -----------------------------------------------------------------------


def _reasons(summary: dict[str, Any], lang: str) -> str:
    game, colon = summary["game"], say(lang, " : ", ": ")
    parts = [
        f"{words.end_reason(game, code, lang)}{colon}{number(count, ',', lang)}"
        for code, count in summary["end_reasons"].items()
    ]
    return say(lang, " ; ", ", ").join(parts)


def _table(series: Sequence[Series], lang: str) -> list[str]:
    header = say(
        lang,
        "| série | joueurs | parties | victoires | taux de victoire [IC 95\u202f%] "
        "| score moyen [IC 95\u202f%] | fins de partie |",
        "| series | players | games | wins | win rate [95% CI] | mean score [95% CI] "
        "| end reasons |",
    )
    lines = [header, "| --- | ---: | ---: | ---: | --- | --- | --- |"]
    for s in series:
        m = s.summary
        rate = interval(m["win_rate"], *m["win_rate_ci95"], ".2%", lang)
        score = interval(m["mean_score"], *m["mean_score_ci95"], ".2f", lang)
        lines.append(
            f"| {s.label} | {s.players} | {number(m['games'], ',', lang)} "
            f"| {number(m['wins'], ',', lang)} | {rate} | {score} | {_reasons(m, lang)} |"
        )
    return lines


def _comparison(c: dict[str, Any], lang: str) -> list[str]:
    a, b = c["bot_a"], c["bot_b"]
    games = number(c["games"], ",", lang)
    score = interval(c["mean_score_diff"], *c["mean_score_diff_ci95"], "+.3f", lang)
    rate = interval(c["win_rate_diff"], *c["win_rate_diff_ci95"], "+.2%", lang)
    counts = " / ".join(
        number(c[k], ",", lang) for k in ("score_a_lower", "score_equal", "score_a_higher")
    )
    players = words.players(c["players"], lang)
    if lang == "en":
        return [
            f"## Paired comparison: {a} (A) − {b} (B), {players}",
            "",
            f"The same {games} deals and seeds for both bots; paired-t 95% intervals.",
            "",
            f"- mean score difference A − B: {score}",
            f"- win rate difference A − B: {rate}",
            f"- deals only A won: {number(c['only_a_won'], ',', lang)}, "
            f"only B won: {number(c['only_b_won'], ',', lang)}",
            f"- A's score lower / equal / higher: {counts}",
        ]
    return [
        f"## Comparaison appariée : {a} (A) − {b} (B), {players}",
        "",
        f"Les mêmes {games} donnes et graines pour les deux bots ; intervalles à 95\u202f% "
        "du t de Student apparié.",
        "",
        f"- écart de score moyen A − B : {score}",
        f"- écart de taux de victoire A − B : {rate}",
        f"- donnes gagnées par A seul : {number(c['only_a_won'], ',', lang)}, "
        f"par B seul : {number(c['only_b_won'], ',', lang)}",
        f"- score de A plus bas / égal / plus haut : {counts}",
    ]


def write_report(
    folder: str | Path,
    series: Sequence[Series],
    *,
    title: str,
    command: str,
    comparisons: Sequence[dict[str, Any]] = (),
    lang: str = "fr",
) -> Path:
    """Write ``report.md`` and its PNG plots into ``folder`` in ``lang`` (``"fr"`` or
    ``"en"``); return the report's path. ``comparisons`` are the paired figures of a
    ``--compare`` run, one per player count."""
    folder = Path(folder)
    folder.mkdir(exist_ok=True)  # its parent must exist: no folders made anywhere
    plot_scores(series, folder / SCORE_PNG, lang)
    plot_win_rates(series, folder / WIN_RATE_PNG, lang)
    has_trace = plot_traces(series, folder / TRACE_PNG, lang)
    first = series[0].summary
    fixed = first.get("fixed_deals")
    options = ", ".join(f"`{k}={json.dumps(v)}`" for k, v in first.get("options", {}).items())
    colon = say(lang, " : ", ": ")
    lines = [
        f"# {title}",
        "",
        say(
            lang,
            f"Jeu `{first['game']}`, graine {first['seed']}, "
            + ("donnes fixes (`--deals`)" if fixed else "donnes tirées de la graine")
            + (f", options {options}" if options else "")
            + ". Pour refaire cette simulation :",
            f"Game `{first['game']}`, seed {first['seed']}, "
            + ("fixed deals (`--deals`)" if fixed else "seeded deals")
            + (f", options {options}" if options else "")
            + ". Reproduce with:",
        ),
        "",
        "```sh",
        command,
        "```",
        "",
        f"- {say(lang, 'Victoires comptées : celles de', 'Wins counted: those of')} "
        f"{words.wins_of(first, lang)}",
        f"- {say(lang, 'Le score compte', 'The score counts')}{colon}{words.score_of(first, lang)}",
        "",
        *_table(series, lang),
        "",
        say(
            lang,
            "Taux de victoire : intervalles de Wilson. Scores moyens : approximation "
            f"normale (moyenne ± {number(1.96, '.2f', lang)} erreur type).",
            "Win rates: Wilson score intervals. Mean scores: normal-approximation intervals "
            "(mean ± 1.96 standard errors).",
        ),
    ]
    for c in comparisons:
        lines += ["", *_comparison(c, lang)]
    if comparisons and not words.cooperative(first):
        lines += [
            "",
            say(
                lang,
                "Chaque bot joue ici à toutes les places, contre lui-même : l'écart dit "
                "comment chacun tire parti de la place 1, pas lequel bat l'autre. Pour les "
                "opposer, donnez un bot par place (`--bot A --bot B`) et lisez les "
                "victoires par place.",
                "Each bot plays every seat here, against itself: the difference tells how "
                "each makes use of seat 1, not which one beats the other. To set them "
                "against each other, give one bot per seat (`--bot A --bot B`) and read "
                "the wins by seat.",
            ),
        ]
    score_alt = say(lang, "Distribution des scores", "Score distribution")
    rate_alt = say(lang, "Taux de victoire", "Win rate")
    lines += ["", say(lang, "## Graphiques", "## Plots"), "", f"![{score_alt}]({SCORE_PNG})"]
    lines += ["", f"![{rate_alt}]({WIN_RATE_PNG})", ""]
    if has_trace:
        label = words.trace_label(first["game"], lang)
        alt = say(lang, f"{label}, tour après tour", f"{label}, turn by turn").capitalize()
        lines += [f"![{alt}]({TRACE_PNG})", ""]
    else:
        lines += [
            say(
                lang,
                "(Ces parties ne donnent pas de valeur tour par tour : pas de graphique "
                "au fil de la partie.)",
                "(These games give no per-turn trace, so there is no plot along the game.)",
            ),
            "",
        ]
    path = folder / "report.md"
    write_atomic(path, "\n".join(lines))
    return path


__all__ = [
    "SCORE_PNG",
    "TRACE_PNG",
    "WIN_RATE_PNG",
    "Series",
    "draw_scores",
    "draw_traces",
    "draw_win_rates",
    "mean_trace",
    "plot_scores",
    "plot_traces",
    "plot_win_rates",
    "series_label",
    "write_report",
]
