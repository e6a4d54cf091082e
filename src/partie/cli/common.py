"""What every subcommand shares: one-line errors, exit codes, the language."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from partie.core.errors import PartieError


def lang() -> str:
    """The players' language: ``PARTIE_LANG`` or ``LANG`` starting with "en" gives
    English, anything else French."""
    value = os.environ.get("PARTIE_LANG") or os.environ.get("LANG", "fr")
    return "en" if value.lower().startswith("en") else "fr"


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
