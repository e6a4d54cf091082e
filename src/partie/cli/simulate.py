"""``partie simulate``: many seeded games between bots, as a table or one JSON object."""

from __future__ import annotations

import json
import time

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from partie.cli.options import parse_option_pairs
from partie.core.registry import available_games, get_game
from partie.sim.runner import SimulationSpec, run_simulation
from partie.sim.summary import summarize


@click.command()
@click.argument("game", type=click.Choice(available_games()), metavar="GAME")
@click.option(
    "--bot",
    "bots",
    multiple=True,
    default=("greedy",),
    show_default=True,
    help="Bot name; give it once for every seat, or once per seat.",
)
@click.option(
    "--players",
    type=click.IntRange(1, 8),
    default=None,
    help="Number of seats (default: the number of --bot, or the game's minimum).",
)
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1),
    default=None,
    help="Local worker processes (default: all cores).",
)
@click.option(
    "-o",
    "--option",
    "pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option, e.g. -o expert=true (repeatable).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(
    game: str,
    bots: tuple[str, ...],
    players: int | None,
    games: int,
    seed: int,
    workers: int | None,
    pairs: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play GAME many times between bots and report win rate and score with 95% intervals.

    The same --seed gives the same games, whatever --workers is.
    """
    the_game = get_game(game)
    options = parse_option_pairs(pairs)
    seats = players or (len(bots) if len(bots) > 1 else the_game.min_players)
    if len(bots) == 1:
        bots = bots * seats
    elif players is not None and len(bots) != players:
        raise click.BadParameter(
            f"{len(bots)} bots for {players} players: give one --bot, or one per seat",
            param_hint="--bot",
        )
    options.setdefault("players", seats)
    spec = SimulationSpec(game=game, options=options, bots=tuple(bots), games=games, seed=seed)
    spec.check()
    console = Console(stderr=True)
    started = time.perf_counter()
    if console.is_terminal and not as_json:
        columns = (
            *Progress.get_default_columns()[:2],
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("simulating", total=games)
            outcomes = run_simulation(spec, workers, lambda n: progress.advance(task, n))
    else:
        outcomes = run_simulation(spec, workers)
    summary = summarize(spec, outcomes, time.perf_counter() - started)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
        return
    print_table(summary)


def print_table(summary: dict) -> None:
    table = Table(title=f"{summary['game']} — {summary['games']} games, seed {summary['seed']}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    low, high = summary["win_rate_ci95"]
    mlow, mhigh = summary["mean_score_ci95"]
    table.add_row("players", str(summary["players"]))
    table.add_row("bots", ", ".join(summary["bots"]))
    table.add_row("wins", str(summary["wins"]))
    table.add_row("win rate (95% CI)", f"{summary['win_rate']:.2%}  [{low:.2%}, {high:.2%}]")
    table.add_row("mean score (95% CI)", f"{summary['mean_score']:.2f}  [{mlow:.2f}, {mhigh:.2f}]")
    for reason, count in summary["end_reasons"].items():
        table.add_row(f"ended: {reason}", str(count))
    for key, value in summary["details"].items():
        table.add_row(f"mean {key}", f"{value:g}")
    table.add_row("games per second", f"{summary['games_per_second']:,.0f}")
    Console().print(table)
