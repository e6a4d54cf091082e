"""``partie simulate``: many seeded games between bots, as a table, JSON or a report.

Thin adapter: it reads the flags, builds ``SimulationSpec``s and hands them to
``partie.sim``. See ``docs/simulate.md`` for every flag and the JSON fields.
"""

from __future__ import annotations

import json
import shlex
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

from partie.cli.common import GAMES, SEED, WORKERS, checked_output, fail
from partie.cli.common import lang as default_lang
from partie.cli.options import parse_option_pairs
from partie.core.errors import PartieError
from partie.core.numfmt import interval, number
from partie.core.registry import available_games, get_game
from partie.sim.chunks import plays_fast
from partie.sim.deals import read_deals
from partie.sim.plan import Plan, PlanResult, RunResult, make_plan, parse_player_counts, run_plan
from partie.sim.runner import check_workers
from partie.sim.words import end_reason, score_of, wins_of


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
    type=GAMES,
    default=None,
    help="Games per configuration (default 1000, or every deal of --deals).",
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option(
    "--workers",
    type=WORKERS,
    default=None,
    help="Local worker processes (default: all cores, at most the cores without --force); "
    "with --ray local, Ray's CPUs.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Allow more --workers than cores, and --report into a folder that is not empty.",
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
    force: bool,
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
    if per_deal and not as_json:
        raise click.UsageError("--per-deal needs --json")
    if ray_address is not None and ray_address != "local" and workers is not None:
        raise click.UsageError("--workers sizes local runs only; a Ray cluster has its own CPUs")
    if report_dir is not None:
        checked_output(report_dir, "--report", force=force, folder=True)
    try:
        if ray_address is None:
            workers = check_workers(workers, force=force)
        the_game = get_game(game)
        options = parse_option_pairs(pairs)
        counts = parse_player_counts(players_text)
        first = counts[0] if counts else options.get("players")
        deals = None
        if deals_path:
            players = first if isinstance(first, int) and not isinstance(first, bool) else None
            deals = read_deals(deals_path, the_game, players)
        plan = make_plan(
            game,
            bots=bots,
            counts=counts,
            options=options,
            games=games,
            seed=seed,
            deals=deals,
            compare=compare,
            trace=report_dir is not None,
        )
    except PartieError as exc:
        raise fail(exc) from None
    if report_dir is not None:
        report_dir = _report_folder(report_dir, force)
    sweep = len(plan.runs) > 1

    def lines_out(count: int, lines: list[dict[str, Any]]) -> None:
        for line in lines:
            click.echo(json.dumps({"players": count, **line} if sweep else line))

    _say_if_compiling(plan)
    console = Console(stderr=True)
    with (
        ray_session(ray_address, workers),
        progress_bar(console, plan.total_games, as_json) as advance,
    ):
        outcome = run_plan(
            plan,
            workers=workers,
            ray_address=ray_address,
            progress=advance,
            on_lines=lines_out if per_deal else None,
            keep_outcomes=report_dir is not None,
        )
    _mark_engine(outcome)
    show_results(outcome, plan.compare, as_json)
    if outcome.interrupted:
        click.echo(
            f"interrupted: {outcome.games_done} games played; the figures above cover them",
            err=True,
        )
        ctx.exit(130)
    if report_dir is not None and outcome.results:
        path = write_simulation_report(report_dir, outcome.results, plan.compare, ctx)
        if not as_json:
            Console().print(f"report: {path}")


def _mark_engine(outcome: PlanResult) -> None:
    """Say in each side's figures what played its games: ``"c"`` or ``"numba"`` (a
    game's compiled fast path), or ``"python"`` (the engine, bot by bot)."""
    for result in outcome.results:
        figures_of = result.figures
        keyed = [figures_of] if len(result.sides) == 1 else [figures_of["a"], figures_of["b"]]
        for figures, spec in zip(keyed, result.sides, strict=True):
            game = get_game(spec.game)
            which = None
            if plays_fast(spec, game) and hasattr(game, "fast_engine"):
                which = game.fast_engine(game.parse_options(spec.options), spec.bots)
            figures["engine"] = which or "python"


def _say_if_compiling(plan: Plan) -> None:
    """The Game's fast path is compiled code, cached on disk after its first run: when
    a run needs it and the cache is cold, say so in one line on stderr instead of a
    silent pause (each process that plays then compiles it, or loads it once cached)."""
    game = get_game(plan.game)
    runs = [
        (game.parse_options(spec.options), spec.bots, spec.deals is not None)
        for _, sides in plan.runs
        for spec in sides
    ]
    seconds = game.compile_seconds(runs)
    if seconds is None:
        return
    message = (
        f"compilation du chemin rapide (premier lancement seulement, ~{seconds} s)…"
        if default_lang() == "fr"
        else f"compiling the fast path (first run only, ~{seconds} s)…"
    )
    click.echo(message, err=True)


def _report_folder(folder: str, force: bool) -> str:
    """``--report DIR``: the folder is created now (its parent exists), so that a bad
    path is refused before the run rather than after it."""
    from pathlib import Path

    Path(folder).mkdir(exist_ok=True)
    return folder


def show_results(outcome: PlanResult, compare: tuple[str, str] | None, as_json: bool) -> None:
    """Print each configuration's figures: JSON lines, tables, or one sweep table."""
    objects = [r.figures for r in outcome.results]
    for obj in objects:
        if as_json:
            click.echo(json.dumps(obj, ensure_ascii=False))
        elif compare:
            print_comparison(obj)
        elif len(objects) == 1:
            print_table(obj)
    if not as_json and not compare and len(objects) > 1:
        print_sweep(objects)


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
        task = progress.add_task(_say("simulation", "simulating"), total=total)
        yield lambda n: progress.advance(task, n)


def write_simulation_report(
    folder: str,
    results: list[RunResult],
    compare: tuple[str, str] | None,
    ctx: click.Context,
) -> str:
    """The report of a finished run, in the run's language (file names stay English)."""
    from partie.sim.report import Series, series_label, write_report

    language = default_lang()
    series = []
    for run in results:
        obj = run.figures
        summaries = [obj["a"], obj["b"]] if compare else [obj]
        for side, side_outcomes, summary in zip(run.sides, run.outcomes, summaries, strict=True):
            name = summary["bot"] if isinstance(summary["bot"], str) else "+".join(side.bots)
            series.append(
                Series(
                    label=series_label(name, run.count, language),
                    group=name,
                    players=run.count,
                    summary=summary,
                    outcomes=side_outcomes,
                )
            )
    name = get_game(results[0].sides[0].game).name
    what = (
        _say(f"{compare[0]} contre {compare[1]}", f"{compare[0]} vs {compare[1]}")
        if compare
        else "simulation"
    )
    path = write_report(
        folder,
        series,
        title=f"{name}{_say(' : ', ': ')}{what}",
        command=reproduce_command(ctx),
        comparisons=[run.figures for run in results] if compare else (),
        lang=language,
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


def _say(fr: str, en: str) -> str:
    """The run's language for a line of the printed tables (the JSON stays English)."""
    return en if default_lang() == "en" else fr


def _wins_of(summary: dict) -> str:
    return wins_of(summary, default_lang())


def _score_of(summary: dict) -> str:
    return score_of(summary, default_lang())


def _number(value: float, spec: str) -> str:
    """``format(value, spec)`` as the run's language writes it (``8,00 %``, ``16 332``)."""
    return number(value, spec, default_lang())


def _interval(value: float, low: float, high: float, spec: str) -> str:
    """A figure and its 95 % interval (``[a ; b]`` in French, ``[a, b]`` in English)."""
    return interval(value, low, high, spec, default_lang(), gap="  ")


def _rate(value: float, low: float, high: float) -> str:
    return _interval(value, low, high, ".2%")


def _mean(value: float, low: float, high: float) -> str:
    return _interval(value, low, high, ".2f")


def print_table(summary: dict) -> None:
    title = _say(
        f"{summary['game']} — {summary['games']} parties, graine {summary['seed']}",
        f"{summary['game']} — {summary['games']} games, seed {summary['seed']}",
    )
    table = Table(title=title)
    table.add_column(_say("mesure", "figure"))
    table.add_column(_say("valeur", "value"), justify="right")
    table.add_row(_say("joueurs", "players"), str(summary["players"]))
    table.add_row("bots", ", ".join(summary["bots"]))
    if summary.get("fixed_deals"):
        table.add_row(_say("donnes", "deals"), _say("fixes (--deals)", "fixed (--deals)"))
    table.add_row(_say("victoires de", "wins of"), _wins_of(summary))
    table.add_row(_say("le score compte", "score counts"), _score_of(summary))
    table.add_row(_say("victoires", "wins"), str(summary["wins"]))
    table.add_row(
        _say("taux de victoire (IC 95 %)", "win rate (95% CI)"),
        _rate(summary["win_rate"], *summary["win_rate_ci95"]),
    )
    table.add_row(
        _say("score moyen (IC 95 %)", "mean score (95% CI)"),
        _mean(summary["mean_score"], *summary["mean_score_ci95"]),
    )
    for reason, count in summary["end_reasons"].items():
        said = end_reason(summary["game"], reason, default_lang())
        table.add_row(_say(f"fin : {said}", f"ended: {said}"), _number(count, ","))
    for key, value in summary["details"].items():
        if key != "score":  # already shown with its interval
            table.add_row(_say(f"moyenne {key}", f"mean {key}"), _number(value, "g"))
    if summary["games_per_second"]:
        table.add_row(
            _say("parties par seconde", "games per second"),
            games_per_second_text(summary["games_per_second"]),
        )
    if "engine" in summary:
        table.add_row(_say("moteur", "engine"), summary["engine"])
    Console().print(table)


def games_per_second_text(rate: float | None) -> str:
    """A rate people can read: slow search bots run below one game a second."""
    if not rate:
        return "–"
    return _number(rate, ",.0f") if rate >= 10 else _number(rate, ".2f")


def print_sweep(summaries: list[dict]) -> None:
    """One row per player count."""
    first = summaries[0]
    table = Table(
        title=_say(
            f"{first['game']} — {first['bot']}, {first['games']} parties par ligne, "
            f"graine {first['seed']}",
            f"{first['game']} — {first['bot']}, {first['games']} games per row, "
            f"seed {first['seed']}",
        ),
        caption=_say(
            f"victoires de {_wins_of(first)} ; score : {_score_of(first)}",
            f"wins of {_wins_of(first)}; score: {_score_of(first)}",
        ),
    )
    names = (
        _say("joueurs", "players"),
        _say("victoires", "wins"),
        _say("taux de victoire (IC 95 %)", "win rate (95% CI)"),
        _say("score moyen (IC 95 %)", "mean score (95% CI)"),
        _say("parties/s", "games/s"),
    )
    for name in names:
        table.add_column(name, justify="right")
    for m in summaries:
        table.add_row(
            str(m["players"]),
            str(m["wins"]),
            _rate(m["win_rate"], *m["win_rate_ci95"]),
            _mean(m["mean_score"], *m["mean_score_ci95"]),
            games_per_second_text(m["games_per_second"]),
        )
    Console().print(table)


def print_comparison(c: dict) -> None:
    a, b = c["bot_a"], c["bot_b"]
    table = Table(
        title=_say(
            f"{c['game']} — {a} (A) contre {b} (B), {c['players']} joueur"
            f"{'s' if c['players'] != 1 else ''}, "
            f"{c['games']} parties appariées, graine {c['seed']}",
            f"{c['game']} — {a} (A) vs {b} (B), {c['players']} player"
            f"{'s' if c['players'] != 1 else ''}, "
            f"{c['games']} paired games, seed {c['seed']}",
        )
    )
    table.add_column(_say("mesure", "figure"))
    table.add_column("A", justify="right")
    table.add_column("B", justify="right")
    table.add_column(_say("A − B (IC 95 %)", "A − B (95% CI)"), justify="right")
    lo, hi = c["mean_score_diff_ci95"]
    wlo, whi = c["win_rate_diff_ci95"]
    table.add_row(
        _say("score moyen", "mean score"),
        _number(c["mean_score_a"], ".2f"),
        _number(c["mean_score_b"], ".2f"),
        _interval(c["mean_score_diff"], lo, hi, "+.2f"),
    )
    table.add_row(
        _say("victoires", "wins"),
        str(c["wins_a"]),
        str(c["wins_b"]),
        _interval(c["win_rate_diff"], wlo, whi, "+.2%"),
    )
    table.add_row(
        _say("seul ce camp a gagné", "only this side won"),
        str(c["only_a_won"]),
        str(c["only_b_won"]),
        "",
    )
    table.add_row(
        _say("score plus bas sur une donne", "lower score on a deal"),
        str(c["score_a_lower"]),
        str(c["score_a_higher"]),
        "",
    )
    table.add_row(
        _say("même score", "same score"), str(c["score_equal"]), str(c["score_equal"]), ""
    )
    Console().print(table)
