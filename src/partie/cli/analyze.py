"""``partie analyze the-game``: the oracle's verdict on many deals.

The oracle sees every card (it is not a bot): it says which deals perfect play could
win. Deals come from a file (``--deals``) or from seeds, in which case deal ``i`` is
exactly game ``i`` of ``partie simulate`` with the same ``--seed`` and options.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from partie.cli.common import GAMES, ORACLE_BEAM, ORACLE_BUDGET, SEED, WORKERS, fail, lang
from partie.cli.options import parse_option_pairs
from partie.core.errors import PartieError
from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.sim.deals import read_deals
from partie.sim.runner import check_workers, iter_in_pool
from partie.sim.stats import wilson_ci95


@click.group()
def analyze() -> None:
    """Analyse deals with an oracle that sees every card (the ceiling for bots)."""


@analyze.command("the-game")
@click.option("--players", type=click.IntRange(1, 5), default=1, show_default=True)
@click.option("--deals", "deals_path", default=None, metavar="FILE", help="Deals file.")
@click.option(
    "--games",
    type=GAMES,
    default=None,
    help="Seeded deals to analyse (default 100; with --deals, every deal of the file).",
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option(
    "--budget",
    type=ORACLE_BUDGET,
    default=None,
    help="Search nodes per deal before answering 'undecided' (default 1000000).",
)
@click.option(
    "--beam",
    type=ORACLE_BEAM,
    default=None,
    help="Widest beam of the first phase (default 1024; 0: exhaustive search only).",
)
@click.option(
    "--workers",
    type=WORKERS,
    default=None,
    help="Local worker processes (default: all cores).",
)
@click.option("--force", is_flag=True, help="Allow more --workers than cores.")
@click.option("-o", "--option", "pairs", multiple=True, metavar="KEY=VALUE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--per-deal", is_flag=True, help="With --json: first one line per deal.")
def analyze_the_game(
    players: int,
    deals_path: str | None,
    games: int | None,
    seed: int,
    budget: int | None,
    beam: int | None,
    workers: int | None,
    force: bool,
    pairs: tuple[str, ...],
    as_json: bool,
    per_deal: bool,
) -> None:
    """The fraction of deals that perfect play could win (proved), could not (proved),
    and that the oracle left undecided within its node budget."""
    from partie.games.the_game.oracle import DEFAULT_BEAM, DEFAULT_BUDGET, Position

    if per_deal and not as_json:
        raise click.UsageError("--per-deal needs --json")
    game = get_game("the-game")
    try:
        workers = check_workers(workers, force=force)
    except PartieError as exc:
        raise fail(exc) from None
    options_data = {**parse_option_pairs(pairs), "players": players}
    options = game.parse_options(options_data)
    budget = budget or DEFAULT_BUDGET
    beam = DEFAULT_BEAM if beam is None else beam
    if deals_path is not None:
        deals = read_deals(deals_path, game, players)
        if games is not None and games > len(deals):
            raise click.UsageError(f"{games} games asked for but only {len(deals)} deals")
        total = games or len(deals)
        positions: Iterator[Any] = (Position.from_deal(deal, options) for deal in deals[:total])
        seeds: Iterator[int | None] = itertools.repeat(None)
    else:
        total = games or 100
        seeds = (derive_seed(seed, i) for i in range(total))
        seeded = (derive_seed(seed, i) for i in range(total))
        positions = (Position.from_state(game.setup(options, s)) for s in seeded)
    started = time.perf_counter()
    tally = Tally()
    results = run_oracle(positions, total, budget, beam, workers, Console(stderr=True), as_json)
    for index, (result, deal_seed) in enumerate(zip(results, seeds, strict=False)):
        tally.add(result)
        if per_deal:  # streamed: memory does not grow with --games
            line = {"deal": index, "verdict": result.verdict.value, "nodes": result.nodes}
            if deal_seed is not None:
                line["seed"] = deal_seed
            click.echo(json.dumps(line))
    seconds = time.perf_counter() - started
    summary = {
        "game": "the-game",
        "players": players,
        "options": {k: v for k, v in options_data.items() if k != "players"},
        "deals_file": deals_path,
        "seed": None if deals_path else seed,
        "budget": budget,
        "beam": beam,
        **tally.summary(seconds),
    }
    if as_json:
        click.echo(json.dumps(summary))
        return
    print_verdicts(summary)


def run_oracle(
    positions: Iterator[Any],
    total: int,
    budget: int,
    beam: int,
    workers: int,
    console: Console,
    quiet: bool,
) -> Iterator[Any]:
    """Each position's verdict, in order, as they come: over local processes (a few
    chunks in flight, stopped at once by Ctrl-C), a progress bar on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from partie.games.the_game.oracle import solve_positions

    size = max(1, min(20, total // (workers * 4) or 1))
    jobs = ((chunk, budget, beam) for chunk in batched(positions, size))
    show = console.is_terminal and not quiet
    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True, disable=not show) as progress:
        task = progress.add_task("oracle", total=total)
        if workers == 1 or total <= size:
            done_chunks: Iterator[list[Any]] = (solve_positions(*job) for job in jobs)
        else:
            done_chunks = iter_in_pool(solve_positions, jobs, workers)
        for done in done_chunks:
            progress.advance(task, len(done))
            yield from done


def batched(items: Iterator[Any], size: int) -> Iterator[list[Any]]:
    """Lists of ``size`` items (the last one shorter), made as they are asked for."""
    while chunk := list(itertools.islice(items, size)):
        yield chunk


class Tally:
    """Running counts of the verdicts (no list of results is kept)."""

    def __init__(self) -> None:
        self.n = self.win = self.loss = self.nodes = 0

    def add(self, result: Any) -> None:
        self.n += 1
        self.nodes += result.nodes
        if result.verdict.value == "win":
            self.win += 1
        elif result.verdict.value == "loss":
            self.loss += 1

    def summary(self, seconds: float) -> dict[str, Any]:
        n = self.n
        unknown = n - self.win - self.loss
        out: dict[str, Any] = {"deals": n, "winnable": self.win, "lost": self.loss}
        out["undecided"] = unknown
        for name, count in (("winnable", self.win), ("lost", self.loss)):
            low, high = wilson_ci95(count, n)
            out[f"{name}_fraction"] = round(count / n, 6)
            out[f"{name}_fraction_ci95"] = [round(low, 6), round(high, 6)]
        out["undecided_fraction"] = round(unknown / n, 6)
        out["mean_nodes"] = round(self.nodes / n, 1)
        out["seconds"] = round(seconds, 3)
        return out


def print_verdicts(summary: dict[str, Any]) -> None:
    """The verdicts as a table, in the run's language (French unless ``--lang en``),
    like every other command's screens; ``--json`` keeps its English keys."""
    fr = lang() == "fr"
    if summary["deals_file"]:
        source = f"donnes de {summary['deals_file']}" if fr else f"deals of {summary['deals_file']}"
    else:
        source = (
            f"donnes tirées, graine {summary['seed']}"
            if fr
            else f"seeded deals, seed {summary['seed']}"
        )
    players = summary["players"]
    budget = f"{summary['budget']:,}".replace(",", "\u202f" if fr else ",")
    if fr:
        title = (
            f"Oracle de The Game (voit toutes les cartes) — {players} joueur"
            f"{'s' if players > 1 else ''}, {summary['deals']} {source}, "
            f"budget {budget} nœuds"
        )
    else:
        title = (
            f"The Game oracle (sees every card) — {players} player{'s' if players > 1 else ''}, "
            f"{summary['deals']} {source}, budget {budget} nodes"
        )

    def pct(x: float) -> str:
        text = f"{x:.1%}"
        return text.replace(".", ",").replace("%", "\u202f%") if fr else text

    table = Table(title=title)
    table.add_column("verdict")
    table.add_column("donnes" if fr else "deals", justify="right")
    table.add_column("part (IC 95 %)" if fr else "fraction (95% CI)", justify="right")
    labels = (
        (("winnable", "gagnables (prouvé)"), ("lost", "perdues (prouvé)"))
        if fr
        else (("winnable", "winnable (proved)"), ("lost", "lost (proved)"))
    )
    for name, label in labels:
        low, high = summary[f"{name}_fraction_ci95"]
        table.add_row(
            label,
            str(summary[name]),
            f"{pct(summary[f'{name}_fraction'])}  [{pct(low)} ; {pct(high)}]"
            if fr
            else f"{pct(summary[f'{name}_fraction'])}  [{pct(low)}, {pct(high)}]",
        )
    table.add_row(
        "indécises" if fr else "undecided",
        str(summary["undecided"]),
        pct(summary["undecided_fraction"]),
    )
    nodes = f"{summary['mean_nodes']:,.0f}".replace(",", "\u202f" if fr else ",")
    table.add_row("nœuds en moyenne" if fr else "mean nodes", nodes, "")
    seconds = f"{summary['seconds']:.1f}"
    table.add_row("secondes" if fr else "seconds", seconds.replace(".", ",") if fr else seconds, "")
    Console().print(table)
