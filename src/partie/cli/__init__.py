"""The ``partie`` command: a thin adapter that parses arguments and calls the packages.

A user's mistake never shows a traceback: bad usage exits 2 with one line, and a
``PartieError`` from a game (bad record, bad deck, bad option) does the same.
"""

from __future__ import annotations

import sys

import click

from partie import __version__
from partie.cli.analyze import analyze
from partie.cli.common import run_cli
from partie.cli.deck import deck
from partie.cli.lexicon import lexicon
from partie.cli.odds import odds
from partie.cli.play import play
from partie.cli.replay import replay_command
from partie.cli.rules import rules
from partie.cli.serve import serve
from partie.cli.simulate import simulate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="partie")
def cli() -> None:
    """Play, simulate and author The Game, Tennis Quizz and Tennis de mots."""


cli.add_command(play)
cli.add_command(simulate)
cli.add_command(replay_command)
cli.add_command(rules)
cli.add_command(lexicon)
cli.add_command(deck)
cli.add_command(odds)
cli.add_command(analyze)
cli.add_command(serve)


def main(argv: list[str] | None = None) -> None:
    sys.exit(run_cli(cli, argv))
