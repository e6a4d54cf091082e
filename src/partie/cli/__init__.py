"""The ``partie`` command: a thin adapter that parses arguments and calls the packages.

A user's mistake never shows a traceback: bad usage exits 2 with one line, and a
``PartieError`` from a game (bad record, bad deck, bad option) does the same.
"""

from __future__ import annotations

import contextlib
import os
import sys

import click

from partie import __version__
from partie.cli.analyze import analyze
from partie.cli.common import lang, lang_in, localize, run_cli
from partie.cli.deck import deck
from partie.cli.games import games
from partie.cli.lexicon import lexicon
from partie.cli.odds import odds
from partie.cli.play import play
from partie.cli.print import print_command
from partie.cli.replay import replay_command
from partie.cli.rules import rules
from partie.cli.serve import serve
from partie.cli.simulate import simulate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="partie")
@click.option(
    "--lang",
    "language",
    type=click.Choice(["fr", "en"]),
    default=None,
    help="Language of the help, messages and screens (default: from LANG, else French).",
)
def cli(language: str | None) -> None:
    """Play, simulate and author The Game, Tennis Quizz and Tennis de mots."""


cli.add_command(play)
cli.add_command(simulate)
cli.add_command(replay_command)
cli.add_command(rules)
cli.add_command(lexicon)
cli.add_command(deck)
cli.add_command(odds)
cli.add_command(analyze)
cli.add_command(print_command)
cli.add_command(serve)
cli.add_command(games)


def main(argv: list[str] | None = None) -> None:
    """Run ``partie``: one language for the whole run, and the help when called alone."""
    args = list(sys.argv[1:] if argv is None else argv)
    chosen = lang_in(args)
    if chosen is not None:
        os.environ["PARTIE_LANG"] = chosen
    localize(cli, lang())
    if not args:
        with click.Context(cli, info_name="partie") as ctx:
            click.echo(cli.get_help(ctx))
        sys.exit(0)
    code = run_cli(cli, args)
    if code == 130:
        # Interrupted: what was done is printed; leave now rather than wait at exit on
        # the stopped workers' queues and threads.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(code)
    sys.exit(code)
