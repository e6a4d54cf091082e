"""What every subcommand shares: one-line errors, exit codes, the language."""

from __future__ import annotations

import contextlib
import math
import os
import sys
from typing import Any

import click

from partie.core.errors import PartieError
from partie.core.inputs import MAX_SEED
from partie.sim.plan import MAX_GAMES

MAX_WORKERS = 256
"""The most local worker processes any command starts, ``--force`` included."""


def lang() -> str:
    """The run's language: ``PARTIE_LANG`` (set from ``--lang``) or ``LANG`` starting
    with "en" gives English, anything else French."""
    value = os.environ.get("PARTIE_LANG") or os.environ.get("LANG", "fr")
    return "en" if value.lower().startswith("en") else "fr"


def one_line(text: str) -> str:
    """``text`` on one line (a file name or a quoted value may hold a newline)."""
    return " ".join(text.split())


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


#: Bounds every subcommand applies to the same kind of number, so that what one command
#: accepts another does not refuse (a seed ``play`` takes is a seed ``replay`` takes).
SEED = click.IntRange(0, MAX_SEED)
GAMES = click.IntRange(1, MAX_GAMES)
WORKERS = click.IntRange(1, MAX_WORKERS)
ORACLE_BUDGET = click.IntRange(1, 100_000_000)
ORACLE_BEAM = click.IntRange(0, 65_536)
TERMINAL_COLUMNS = (20, 1000)
TERMINAL_LINES = (5, 1000)


def clamp_terminal_size() -> None:
    """``COLUMNS`` and ``LINES`` within sane bounds before any screen is drawn: a width
    of 99,999,999,999 made every line of a table that long (a MemoryError), 0 drew
    nothing. A value that is not a number is dropped (the terminal's own size holds)."""
    own = _terminal_size()
    for name, (low, high) in (("COLUMNS", TERMINAL_COLUMNS), ("LINES", TERMINAL_LINES)):
        raw = os.environ.get(name)
        if raw is None:
            # The terminal's own size (``stty cols 99999`` sets one) within the same bounds.
            size = None if own is None else own[0 if name == "COLUMNS" else 1]
            if size is not None and not low <= size <= high:
                os.environ[name] = str(min(high, max(low, size)))
            continue
        text = raw.strip()
        if not text.isdigit() or len(text) > 6:
            if text.isdigit():  # a huge width: the widest allowed
                os.environ[name] = str(high)
            else:
                del os.environ[name]
            continue
        os.environ[name] = str(min(high, max(low, int(text))))


def _terminal_size() -> tuple[int, int] | None:
    """The size the terminal on standard output reports, or ``None`` when it is none."""
    try:
        size = os.get_terminal_size(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return size.columns, size.lines


class FiniteRange(click.FloatRange):
    """A ``FloatRange`` that also refuses ``nan`` (which every comparison lets through)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        number = super().convert(value, param, ctx)
        if number is not None and not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def text_arg(value: str | None, flag: str) -> str | None:
    """A text flag that can be written to a UTF-8 file: undecodable bytes given on the
    command line (Python keeps them as lone surrogates) are refused."""
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise click.BadParameter("not valid UTF-8 text", param_hint=flag) from None
    return value


def checked_output(
    value: str | None,
    flag: str,
    *,
    force: bool = False,
    inputs: tuple[str, ...] = (),
    folder: bool = False,
) -> str | None:
    """An output path flag checked before any work (folder exists, not an input, not an
    existing file unless ``force``); a refusal is bad usage naming the flag."""
    from partie.core.files import check_output

    if value is None:
        return None
    try:
        check_output(value, force=force, inputs=inputs, what=flag, folder=folder)
    except PartieError as exc:
        raise click.BadParameter(exc.message(lang()), param_hint=flag) from None
    return value


def _command_path(group: click.Group, argv: list[str] | None) -> str:
    """``partie replay`` for ``partie replay x.json``: where an error came from."""
    args = sys.argv[1:] if argv is None else argv
    words = ["partie"]
    current: Any = group
    for arg in args:
        if arg.startswith("-") or not isinstance(current, click.Group):
            break
        sub = current.commands.get(arg)
        if sub is None:
            break
        words.append(arg)
        current = sub
    return " ".join(words)


def _safe_streams() -> None:
    """Text that the terminal's encoding cannot show (accents on an ASCII terminal) is
    escaped instead of crashing the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a closed or odd stream
                reconfigure(errors="backslashreplace")


def run_cli(group: click.Group, argv: list[str] | None) -> int:
    """Run ``group``; bad usage becomes ``partie <command>: error: <reason>`` and exit 2."""
    _safe_streams()
    clamp_terminal_size()
    where = _command_path(group, argv)
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
        click.echo(f"{where}: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except PartieError as exc:
        click.echo(f"{where}: error: {one_line(exc.message(lang()))}", err=True)
        return 2
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        click.echo("", err=True)
        return 130
    except OSError as exc:  # a path the checks did not foresee: still one line
        name = f" {exc.filename}" if exc.filename else ""
        click.echo(f"{where}: error:{name} {exc.strerror or type(exc).__name__}", err=True)
        return 2
    except RecursionError:
        click.echo(f"{where}: error: input nested too deeply", err=True)
        return 2
    return result if isinstance(result, int) else 0
