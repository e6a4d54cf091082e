"""What the terminal games share: reading lines, saving records, two languages."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console

from partie.core.game import State
from partie.core.record import Record

LineReader = Callable[[str], "str | None"]


def tr(lang: str, fr: str, en: str) -> str:
    """Pick the French or English text."""
    return en if lang == "en" else fr


def records_dir() -> Path:
    """Where finished games are saved: ``$PARTIE_RECORDS`` or the user data folder."""
    if "PARTIE_RECORDS" in os.environ:
        return Path(os.environ["PARTIE_RECORDS"])
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "partie" / "records"


def save_record(state: State, players: list[str], path: str | None = None) -> Path:
    """Save the game's record and return where it went."""
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        records_dir().mkdir(parents=True, exist_ok=True)
        path = str(records_dir() / f"{state.game.id}-{stamp}-seed{state.seed}.json")
    return Record.of(state, players).save(path)


QUIT_WORDS = ("quitter", "quit", "q")
HELP_WORDS = ("aide", "help", "?")


def next_command(read: LineReader, prompt: str, console: Console, help_text: str) -> str | None:
    """The next non-empty line typed, after showing the help as often as asked; ``None``
    when the player quits or the input ends."""
    while True:
        line = read(prompt)
        if line is None:
            return None
        line = line.strip()
        if not line:
            continue
        if line.lower() in QUIT_WORDS:
            return None
        if line.lower() in HELP_WORDS:
            console.print(help_text)
            continue
        return line


def stdin_reader(prompt: str) -> str | None:
    """``input`` that returns ``None`` at the end of input instead of raising."""
    try:
        return input(prompt)
    except EOFError:
        return None
