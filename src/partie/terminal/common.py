"""What the terminal games share: reading lines, saving records, two languages."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from partie.core.errors import PartieError
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


def default_record_path(game_id: str, seed: int) -> Path:
    """Where a game is saved when no ``--record`` is given: dated, with its seed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{game_id}-{stamp}-seed{seed}.json"


def save_record(state: State, players: list[str], path: str | None = None) -> Path:
    """Save the game's record and return where it went."""
    if path is None:
        records_dir().mkdir(parents=True, exist_ok=True)  # --record paths make no folders
    target = path if path is not None else default_record_path(state.game.id, state.seed)
    return Record.of(state, players).save(target)


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


YES_WORDS = ("o", "oui", "y", "yes")
NO_WORDS = ("n", "non", "no")


class TerminalScreen:
    """What the three terminal screens share (``partie.table.Screen``): reading lines
    with help and quit words at every prompt, refusals in red, the hand-over between
    two people at one keyboard, and yes/no questions that ask again until answered.

    A game's screen sets ``help`` and implements ``draw``, ``read``, ``describe``,
    ``played`` and ``finish``."""

    help: tuple[str, str] = ("", "")

    def __init__(
        self,
        game: Any,
        names: Sequence[str],
        persons: Sequence[int],
        reader: LineReader,
        console: Console,
        lang: str,
        *,
        hand_over: bool = False,
    ) -> None:
        self.game = game
        self.names = list(names)
        self.persons = list(persons)
        self.reader = reader
        self.console = console
        self.lang = lang
        self.hand_over = hand_over and len(self.persons) > 1
        self._last_person: int | None = None
        self._last_view: dict[str, Any] | None = None
        self.watcher: int | None = self.persons[0] if len(self.persons) == 1 else None

    def tr(self, fr: str, en: str) -> str:
        return tr(self.lang, fr, en)

    def name(self, seat: int) -> str:
        return self.names[seat]

    # -- the Screen protocol --------------------------------------------------------

    def start(self, view: dict[str, Any]) -> None:
        self.console.print(self.help_text(view))

    def render(self, view: dict[str, Any]) -> None:
        seat = view["seat"]
        if self.hand_over and seat != self._last_person and self._last_person is not None:
            self.console.clear()
            self.reader(
                self.tr(
                    f"Passez le clavier à {self.name(seat)}, Entrée pour voir votre main. ",
                    f"Pass the keyboard to {self.name(seat)}, Enter to see your hand. ",
                )
            )
        self._last_person = seat
        self._last_view = view
        self.draw(view)

    def ask(self, view: dict[str, Any]) -> str | None:
        """The next line typed, after the help as often as asked (``aide``, ``?``)."""
        return next_command(self.reader, self.prompt(view), self.console, self.help_text(view))

    def refused(self, view: dict[str, Any], error: PartieError) -> None:
        self.console.print(f"[red]{error.message(self.lang)}[/red]")

    # -- hooks ----------------------------------------------------------------------

    def draw(self, view: dict[str, Any]) -> None:
        """Print the table as ``view`` shows it."""

    def prompt(self, view: dict[str, Any]) -> str:
        return f"{self.name(view['seat'])}> "

    def help_text(self, view: dict[str, Any]) -> str:
        return self.help[0 if self.lang == "fr" else 1]

    def confirm(self, question: str) -> bool:
        """Ask a yes/no question until it gets o/n (or y/n); the end of input is no."""
        while True:
            answer = self.reader(question)
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in YES_WORDS:
                return True
            if word in NO_WORDS:
                return False
            self.console.print(self.tr("Répondez o ou n.", "Answer y or n."), style="red")
