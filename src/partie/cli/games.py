"""``partie games``: the games installed, built in or registered by another package."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from partie.cli.common import lang as default_lang
from partie.core.registry import available_games, game_modules, get_game


def describe(game_id: str) -> dict[str, object]:
    game = get_game(game_id)
    return {
        "id": game.id,
        "name": game.name,
        "players": [game.min_players, game.max_players],
        "bots": game.bot_names(),
        "default_bot": game.default_bot,
        "module": game_modules()[game_id],
        "terminal": game.terminal_screen is not None,
        "print": game.print_cards is not None,
        "rules": game.rules_text is not None,
    }


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game, in a list.")
def games(as_json: bool) -> None:
    """List the games installed (built in or from another package)."""
    found = [describe(game_id) for game_id in available_games()]
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
        return
    fr = default_lang() == "fr"
    table = Table(title="Jeux installés" if fr else "Installed games")
    for column in ("id", "jeu" if fr else "game", "joueurs" if fr else "players", "bots"):
        table.add_column(column)
    for entry in found:
        low, high = entry["players"]  # type: ignore[misc]
        table.add_row(
            str(entry["id"]),
            str(entry["name"]),
            f"{low}-{high}",
            ", ".join(entry["bots"]),  # type: ignore[arg-type]
        )
    Console(highlight=False).print(table)
