"""``partie replay FILE``: replay a record move by move and check its result."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console

from partie.cli.common import lang as default_lang
from partie.core.record import Record, replay
from partie.core.registry import get_game


def board_screen(record: Record, lang: str, console: Console) -> Any:
    """The game's terminal screen, used only to draw views (nobody types here)."""
    from partie.terminal import screen_class

    person = "Joueur" if lang == "fr" else "Player"
    game = get_game(record.game)
    options = game.parse_options(record.options, trusted=False)
    seats = getattr(options, "players", None) or len(record.players)
    # A record may name fewer players than seats (the names are display only): an
    # unnamed seat is shown as a person.
    kinds = [record.players[s] if s < len(record.players) else "human" for s in range(seats)]
    names = [f"{person} {s + 1}" if k == "human" else f"Bot {s + 1}" for s, k in enumerate(kinds)]
    persons = [s for s, kind in enumerate(kinds) if kind == "human"]
    cls = screen_class(record.game)
    return cls(game, names, persons, lambda _prompt: None, console, lang)


@click.command("replay")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--quiet", "-q", is_flag=True, help="Only print the verdict.")
@click.option(
    "--board",
    is_flag=True,
    help="Draw the table before each move as the seat that moved saw it, and every "
    "hand open at the end.",
)
@click.option(
    "--lang",
    type=click.Choice(["fr", "en"]),
    default=None,
    help="Language of the screens (default: from LANG).",
)
def replay_command(path: str, quiet: bool, board: bool, lang: str | None) -> None:
    """Replay the game record FILE, print each move, and check the final result."""
    record = Record.read(path)
    language = lang or default_lang()
    english = language == "en"
    screen = board_screen(record, language, Console(highlight=False)) if board else None

    def show(state: Any, seat: int, action: Any) -> None:
        if quiet:
            return
        if screen is not None:
            screen.draw(state.view(seat))
        if screen is not None:
            text = screen.describe(action)
        elif hasattr(action, "text"):
            text = action.text()
        else:
            text = json.dumps(action.to_json())
        click.echo(
            f"{len(state.history) + 1:4d}. {'seat' if english else 'place'} {seat + 1}: {text}"
        )

    state = replay(record, on_action=show)
    if screen is not None and not quiet:
        if state.is_over:
            screen.finish(state.view(None))
        else:
            screen.draw(state.view(None))
    result = state.result
    if result is None:
        click.echo("unfinished game replayed" if english else "partie inachevée rejouée")
        return
    verdict = "identical result" if english else "résultat identique"
    click.echo(
        f"{verdict}: {result.reason}, scores {list(result.scores)}, "
        f"{'winners' if english else 'gagnants'} {[w + 1 for w in result.winners]}"
    )
