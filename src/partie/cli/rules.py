"""``partie rules GAME``: the rules this project implements, from the package docs."""

from __future__ import annotations

from importlib import resources

import click
from rich.console import Console
from rich.markdown import Markdown

from partie.core.registry import available_games


@click.command()
@click.argument("game", type=click.Choice(available_games()), metavar="GAME")
@click.argument("question", required=False)
def rules(game: str, question: str | None) -> None:
    """Show the rules of GAME; with QUESTION, only the paragraphs that mention it."""
    text = resources.files("partie").joinpath("rules", f"{game}.md").read_text(encoding="utf-8")
    if question:
        words = [w.lower() for w in question.split() if len(w) > 2]
        blocks = [b for b in text.split("\n\n") if any(w in b.lower() for w in words)]
        if not blocks:
            raise click.UsageError(f"nothing in the rules of {game} mentions {question!r}")
        text = "\n\n".join(blocks)
    Console().print(Markdown(text))
