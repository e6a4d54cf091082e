"""What every subcommand shares: one-line errors, exit codes, the language."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from partie.core.errors import PartieError


def lang() -> str:
    """The run's language: ``PARTIE_LANG`` (set from ``--lang``) or ``LANG`` starting
    with "en" gives English, anything else French."""
    value = os.environ.get("PARTIE_LANG") or os.environ.get("LANG", "fr")
    return "en" if value.lower().startswith("en") else "fr"


def lang_in(argv: list[str]) -> str | None:
    """The ``--lang`` given anywhere on the command line (``--lang en``, ``--lang=en``),
    so that one language holds for the whole run: help, messages and screens."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in ("fr", "en"):
            return value
    return None


def localize(command: click.Command, language: str) -> None:
    """Put the French help on ``command`` and everything under it (a no-op in English)."""
    if language != "fr":
        return
    from partie.cli.help_fr import french

    command.help = french(command.help)
    command.short_help = french(command.short_help)
    built_in = command.get_help_option

    def get_help_option(ctx: click.Context) -> click.Option | None:
        option = built_in(ctx)
        if option is not None:
            option.help = french(option.help)
        return option

    command.get_help_option = get_help_option  # type: ignore[method-assign]
    for param in command.params:
        if isinstance(param, click.Option):
            param.help = french(param.help)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize(sub, language)


def fail(error: PartieError) -> click.UsageError:
    """A game-level error shown as bad usage (exit 2, one line)."""
    return click.UsageError(error.message(lang()))


def run_cli(group: click.Group, argv: list[str] | None) -> int:
    """Run ``group``; bad usage becomes ``partie: error: <reason>`` and exit 2."""
    try:
        result: Any = group.main(args=argv, prog_name="partie", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("", err=True)
        return 130
    except click.UsageError as exc:
        message = " ".join(exc.format_message().split()) or "bad usage"
        where = exc.ctx.command_path if exc.ctx else "partie"
        click.echo(f"{where}: error: {message}", err=True)
        return 2
    except click.ClickException as exc:
        click.echo(f"partie: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except PartieError as exc:
        click.echo(f"partie: error: {exc.message(lang())}", err=True)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return result if isinstance(result, int) else 0
