"""``partie simulate``: many seeded games between bots, as a table, JSON or a report.

Thin adapter: it reads the flags, builds ``SimulationSpec``s and hands them to
``partie.sim``. See ``docs/simulate.md`` for every flag and the JSON fields.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from partie.cli.options import parse_option_pairs
from partie.core.registry import available_games, get_game
from partie.sim.compare import compare_outcomes, paired_specs, per_deal_lines
from partie.sim.deals import read_deals
from partie.sim.runner import SimulationSpec, run_simulation
from partie.sim.summary import summarize


def parse_player_counts(text: str | None) -> list[int] | None:
    """``"2"`` → [2], ``"1-5"`` → [1..5], ``"1,3,4"`` → [1, 3, 4]; raises BadParameter."""
    if text is None:
        return None
    counts: list[int] = []
    try:
        for part in text.split(","):
            low, dash, high = part.strip().partition("-")
            first = int(low)
            last = int(high) if dash else first
            if first < 1 or last < first:
                raise ValueError
            counts.extend(range(first, last + 1))
    except ValueError:
        raise click.BadParameter(
            f"{text!r}: expected a count (2), a range (1-5) or a list (1,2,3)",
            param_hint="--players",
        ) from None
    return sorted(set(counts))


@contextmanager
def ray_session(address: str | None, workers: int | None) -> Iterator[None]:
    """One Ray connection for every run of this command (a sweep makes several)."""
    if address is None:
        yield
        return
    from partie.sim.ray_backend import connect

    ray, started = connect(address, workers)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


@click.command()
@click.argument("game", type=click.Choice(available_games()), metavar="GAME")
@click.option(
    "--bot",
    "bots",
    multiple=True,
    help="Bot name; give it once for every seat, or once per seat (default: the game's own: "
    "heuristic, quiz, greedy).",
)
@click.option(
    "--players",
    "players_text",
    default=None,
    metavar="N|A-B|A,B,...",
    help="Seats: one count, or a sweep such as 1-5 or 1,2,4 (one result per count).",
)
@click.option(
    "--games",
    type=click.IntRange(1),
    default=None,
    help="Games per configuration (default 1000, or every deal of --deals).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1),
    default=None,
    help="Local worker processes (default: all cores); with --ray local, Ray's CPUs.",
)
@click.option(
    "--ray",
    "ray_address",
    default=None,
    metavar="ADDRESS",
    help="Run on the Ray cluster at ADDRESS; 'local' starts a small local one.",
)
@click.option(
    "-o",
    "--option",
    "pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option, e.g. -o expert=true (repeatable).",
)
@click.option(
    "--deals",
    "deals_path",
    default=None,
    metavar="FILE",
    help="Play the deals of FILE (one JSON array per line) instead of shuffling.",
)
@click.option(
    "--compare",
    nargs=2,
    default=None,
    metavar="A B",
    help="Play bots A and B on the same deals and seeds; report paired differences.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@click.option("--per-deal", is_flag=True, help="With --json: first one line per deal.")
@click.option(
    "--report",
    "report_dir",
    default=None,
    metavar="DIR",
    help="Write DIR/report.md with PNG plots.",
)
@click.pass_context
def simulate(
    ctx: click.Context,
    game: str,
    bots: tuple[str, ...],
    players_text: str | None,
    games: int | None,
    seed: int,
    workers: int | None,
    ray_address: str | None,
    pairs: tuple[str, ...],
    deals_path: str | None,
    compare: tuple[str, str] | None,
    as_json: bool,
    per_deal: bool,
    report_dir: str | None,
) -> None:
    """Play GAME many times between bots and report win rate and score with 95% intervals.

    The same --seed gives the same games, whatever --workers or --ray is.
    """
    the_game = get_game(game)
    counts = parse_player_counts(players_text)
    if per_deal and not as_json:
        raise click.UsageError("--per-deal needs --json")
    if compare is not None and bots:
        raise click.UsageError("--compare A B names the bots: leave out --bot")
    if ray_address is not None and ray_address != "local" and workers is not None:
        raise click.UsageError("--workers sizes local runs only; a Ray cluster has its own CPUs")
    if counts is not None and len(counts) > 1 and len(bots) > 1:
        raise click.UsageError("a --players sweep takes one --bot for every seat")
    bots = bots or (the_game.default_bot,)
    options = parse_option_pairs(pairs)
    if counts is None:
        counts = [options.get("players") or (len(bots) if len(bots) > 1 else the_game.min_players)]
    if len(bots) > 1 and len(bots) != counts[0]:
        raise click.BadParameter(
            f"{len(bots)} bots for {counts[0]} players: give one --bot, or one per seat",
            param_hint="--bot",
        )
    deals = read_deals(deals_path, the_game, counts[0]) if deals_path else None
    if games is None:
        games = len(deals) if deals is not None else 1000
    specs: list[tuple[int, list[SimulationSpec]]] = []
    for count in counts:
        seats = bots if len(bots) == count else bots[:1] * count
        spec = SimulationSpec(
            game=game,
            options={**options, "players": count},
            bots=tuple(seats),
            games=games,
            seed=seed,
            deals=deals,
            trace=report_dir is not None,
        )
        spec.check()
        sides = list(paired_specs(spec, *compare)) if compare else [spec]
        for side in sides:
            side.check()
        specs.append((count, sides))

    console = Console(stderr=True)
    total = games * sum(len(sides) for _, sides in specs)
    results: list[tuple[int, list[SimulationSpec], list[Any], list[float]]] = []
    with ray_session(ray_address, workers), progress_bar(console, total, as_json) as advance:
        for count, sides in specs:
            outcomes, seconds = [], []
            for side in sides:
                started = time.perf_counter()
                outcomes.append(run_simulation(side, workers, advance, ray_address))
                seconds.append(time.perf_counter() - started)
            results.append((count, sides, outcomes, seconds))

    objects: list[dict[str, Any]] = []
    for count, sides, outcomes, seconds in results:
        if compare:
            obj = compare_outcomes(sides[0], outcomes[0], sides[1], outcomes[1], tuple(seconds))
            lines = per_deal_lines(outcomes[0], outcomes[1])
        else:
            obj = summarize(sides[0], outcomes[0], seconds[0])
            lines = per_deal_lines(outcomes[0])
        objects.append(obj)
        if as_json:
            if per_deal:
                for line in lines:
                    if len(counts) > 1:
                        line = {"players": count, **line}
                    click.echo(json.dumps(line))
            click.echo(json.dumps(obj, ensure_ascii=False))
        elif compare:
            print_comparison(obj)
        elif len(counts) == 1:
            print_table(obj)
    if not as_json and not compare and len(counts) > 1:
        print_sweep(objects)

    if report_dir is not None:
        path = write_simulation_report(report_dir, results, objects, compare, ctx)
        if not as_json:
            Console().print(f"report: {path}")


@contextmanager
def progress_bar(
    console: Console, total: int, quiet: bool
) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr when it is a terminal and the output is a table."""
    if quiet or not console.is_terminal:
        yield None
        return
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("simulating", total=total)
        yield lambda n: progress.advance(task, n)


def write_simulation_report(
    folder: str,
    results: list[tuple[int, list[SimulationSpec], list[Any], list[float]]],
    objects: list[dict[str, Any]],
    compare: tuple[str, str] | None,
    ctx: click.Context,
) -> str:
    from partie.sim.report import Series, write_report

    series = []
    for (count, sides, outcomes, _seconds), obj in zip(results, objects, strict=True):
        summaries = [obj["a"], obj["b"]] if compare else [obj]
        for side, side_outcomes, summary in zip(sides, outcomes, summaries, strict=True):
            name = summary["bot"] if isinstance(summary["bot"], str) else "+".join(side.bots)
            series.append(
                Series(
                    label=f"{name}, {count} player{'s' if count > 1 else ''}",
                    group=name,
                    players=count,
                    summary=summary,
                    outcomes=side_outcomes,
                )
            )
    game = results[0][1][0].game
    title = f"{game}: " + (f"{compare[0]} vs {compare[1]}" if compare else "simulation")
    path = write_report(
        folder,
        series,
        title=title,
        command=reproduce_command(ctx),
        comparison=objects[0] if compare and len(objects) == 1 else None,
    )
    return str(path)


def reproduce_command(ctx: click.Context) -> str:
    """The command line that reproduces this run (the flags that change its results)."""
    p = ctx.params
    words = ["partie", "simulate", p["game"]]
    for bot in p["bots"]:
        words += ["--bot", bot]
    if p["players_text"]:
        words += ["--players", p["players_text"]]
    if p["games"]:
        words += ["--games", str(p["games"])]
    words += ["--seed", str(p["seed"])]
    for pair in p["pairs"]:
        words += ["-o", pair]
    if p["deals_path"]:
        words += ["--deals", p["deals_path"]]
    if p["compare"]:
        words += ["--compare", *p["compare"]]
    return shlex.join(words)


def print_table(summary: dict) -> None:
    table = Table(title=f"{summary['game']} — {summary['games']} games, seed {summary['seed']}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    low, high = summary["win_rate_ci95"]
    mlow, mhigh = summary["mean_score_ci95"]
    table.add_row("players", str(summary["players"]))
    table.add_row("bots", ", ".join(summary["bots"]))
    if summary.get("fixed_deals"):
        table.add_row("deals", "fixed (--deals)")
    table.add_row("wins", str(summary["wins"]))
    table.add_row("win rate (95% CI)", f"{summary['win_rate']:.2%}  [{low:.2%}, {high:.2%}]")
    table.add_row("mean score (95% CI)", f"{summary['mean_score']:.2f}  [{mlow:.2f}, {mhigh:.2f}]")
    for reason, count in summary["end_reasons"].items():
        table.add_row(f"ended: {reason}", str(count))
    for key, value in summary["details"].items():
        if key != "score":  # already shown with its interval
            table.add_row(f"mean {key}", f"{value:g}")
    if summary["games_per_second"]:
        table.add_row("games per second", games_per_second_text(summary["games_per_second"]))
    Console().print(table)


def games_per_second_text(rate: float | None) -> str:
    """A rate people can read: slow search bots run below one game a second."""
    if not rate:
        return "–"
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.2f}"


def print_sweep(summaries: list[dict]) -> None:
    """One row per player count."""
    first = summaries[0]
    table = Table(
        title=f"{first['game']} — {first['bot']}, {first['games']} games per row, "
        f"seed {first['seed']}"
    )
    for name in ("players", "wins", "win rate (95% CI)", "mean score (95% CI)", "games/s"):
        table.add_column(name, justify="right")
    for m in summaries:
        low, high = m["win_rate_ci95"]
        mlow, mhigh = m["mean_score_ci95"]
        table.add_row(
            str(m["players"]),
            str(m["wins"]),
            f"{m['win_rate']:.2%}  [{low:.2%}, {high:.2%}]",
            f"{m['mean_score']:.2f}  [{mlow:.2f}, {mhigh:.2f}]",
            games_per_second_text(m["games_per_second"]),
        )
    Console().print(table)


def print_comparison(c: dict) -> None:
    a, b = c["bot_a"], c["bot_b"]
    table = Table(
        title=f"{c['game']} — {a} (A) vs {b} (B), {c['players']} players, "
        f"{c['games']} paired games, seed {c['seed']}"
    )
    table.add_column("figure")
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column("A − B (95% CI)", justify="right")
    lo, hi = c["mean_score_diff_ci95"]
    wlo, whi = c["win_rate_diff_ci95"]
    table.add_row(
        "mean score",
        f"{c['mean_score_a']:.2f}",
        f"{c['mean_score_b']:.2f}",
        f"{c['mean_score_diff']:+.2f}  [{lo:+.2f}, {hi:+.2f}]",
    )
    table.add_row(
        "wins",
        str(c["wins_a"]),
        str(c["wins_b"]),
        f"{c['win_rate_diff']:+.2%}  [{wlo:+.2%}, {whi:+.2%}]",
    )
    table.add_row("only this side won", str(c["only_a_won"]), str(c["only_b_won"]), "")
    table.add_row("lower score on a deal", str(c["score_a_lower"]), str(c["score_a_higher"]), "")
    table.add_row("same score", str(c["score_equal"]), str(c["score_equal"]), "")
    Console().print(table)
