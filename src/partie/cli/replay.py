"""``partie replay FILE``: replay a record move by move and check its result."""

from __future__ import annotations

import json

import click

from partie.cli.common import lang
from partie.core.record import Record, replay


@click.command("replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--quiet", "-q", is_flag=True, help="Only print the verdict.")
def replay_command(path: str, quiet: bool) -> None:
    """Replay the game record FILE, print each move, and check the final result."""
    record = Record.read(path)
    english = lang() == "en"

    def show(state, seat, action) -> None:
        if not quiet:
            text = action.text() if hasattr(action, "text") else json.dumps(action.to_json())
            click.echo(
                f"{len(state.history) + 1:4d}. {'seat' if english else 'place'} {seat + 1}: {text}"
            )

    state = replay(record, on_action=show)
    result = state.result
    if result is None:
        click.echo("unfinished game replayed" if english else "partie inachevée rejouée")
        return
    verdict = "identical result" if english else "résultat identique"
    click.echo(
        f"{verdict}: {result.reason}, scores {list(result.scores)}, "
        f"{'winners' if english else 'gagnants'} {[w + 1 for w in result.winners]}"
    )
