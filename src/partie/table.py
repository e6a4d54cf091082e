"""One table loop for every game and every screen: set up, let each seat act, save.

The loop knows no terminal and no network. A ``Screen`` shows views and reads what a
person types; the loop asks the engine (``Game.parse_action`` through the screen,
``State.apply``) and saves the record, even when the game is interrupted (end of
input, a person quitting, Ctrl-C). The terminal screens use it today; the web
service's tables reuse ``parse_action`` and the same order of events.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from partie.core.errors import PartieError
from partie.core.game import Action, Bot, Game, State
from partie.core.record import Record
from partie.core.rng import derive_seed


@dataclass(frozen=True)
class Seat:
    """Who sits at a place: a person (``bot is None``) or a bot by name (``quiz:0.7``)."""

    name: str
    bot: str | None = None

    @property
    def is_person(self) -> bool:
        return self.bot is None

    @property
    def record_name(self) -> str:
        """How the record names this seat: the bot's name, or ``human``."""
        return self.bot or "human"


class Screen(Protocol):
    """What a table needs from a screen. Every method gets views only.

    ``watcher`` is the seat whose eyes the screen lends between that seat's turns (the
    one person at a table of bots), or ``None`` for a spectator's view (several people
    share the screen)."""

    watcher: int | None

    def start(self, view: dict[str, Any]) -> None:
        """Before the first move (``view`` is the watcher's)."""

    def render(self, view: dict[str, Any]) -> None:
        """Show the table to the person about to act (``view`` is their seat's)."""

    def ask(self, view: dict[str, Any]) -> str | None:
        """The next line that person types; ``None`` when they quit or input ends."""

    def read(self, view: dict[str, Any], line: str) -> Action | None:
        """The action a typed line means (usually ``game.parse_action``); ``None``
        when the screen handled the line itself (help, redraw, table talk, a declined
        confirmation). Raises a ``PartieError`` to refuse it."""

    def refused(self, view: dict[str, Any], error: PartieError) -> None:
        """Tell the person why their line was refused (the state did not change)."""

    def describe(self, action: Action) -> str:
        """One line naming an action, in the screen's language."""

    def played(self, view: dict[str, Any], seat: int, action: Action) -> None:
        """After every action: what happened, from ``view`` (the watcher's)."""

    def finish(self, view: dict[str, Any]) -> None:
        """The end of the game (``view`` is a spectator's: every hand open)."""


@dataclass
class TableRun:
    """How a table ended: its state, whether the game reached its end, the record."""

    state: State
    finished: bool
    record: Path | None
    interrupted: bool = False


def make_bots(game: Game, seats: list[Seat], seed: int) -> dict[int, Bot]:
    """The bots of a table, each seeded from the game's seed and its place."""
    return {
        place: game.make_bot(seat.bot, derive_seed(seed, "bot", place))
        for place, seat in enumerate(seats)
        if seat.bot is not None
    }


def run_table(
    game: Game,
    options: Any,
    seed: int,
    seats: list[Seat],
    screen: Screen,
    record: str | Path | None,
    *,
    start: State | None = None,
) -> TableRun:
    """Play a game with these seats on this screen to its end or until a person quits;
    the record is saved to ``record`` (when given) in every case, Ctrl-C included.
    ``start`` plays on from a given state (a position read from its text form) instead
    of ``game.setup(options, seed)``; such a game has no record to replay."""
    if start is not None and record is not None:
        raise ValueError("a table started from a position has no record to save")
    state = start if start is not None else game.setup(options, seed)
    bots = make_bots(game, seats, seed)
    finished = interrupted = False
    screen.start(state.view(screen.watcher))
    try:
        finished = _play(state, bots, screen)
    except KeyboardInterrupt:
        interrupted = True
    path = None
    if record is not None:
        path = Record.of(state, [s.record_name for s in seats]).save(record)
    if finished:
        screen.finish(state.view(None))
    return TableRun(state, finished, path, interrupted)


def _play(state: State, bots: dict[int, Bot], screen: Screen) -> bool:
    """The loop itself; ``False`` when a person quit before the end."""
    while not state.is_over:
        acting = state.to_act
        seat = next((s for s in acting if s in bots), acting[0])
        if seat in bots:
            action = bots[seat].act(state.view(seat))
            state.apply(seat, action)
        else:
            chosen = _person(state, seat, screen)
            if chosen is None:
                return False
            action = chosen
        screen.played(state.view(screen.watcher), seat, action)
    return True


def _person(state: State, seat: int, screen: Screen) -> Action | None:
    """Ask the person at ``seat`` until one of their lines is a legal action."""
    view = state.view(seat)
    screen.render(view)
    while True:
        line = screen.ask(view)
        if line is None:
            return None
        try:
            action = screen.read(view, line)
            if action is None:
                continue
            state.apply(seat, action)
        except PartieError as error:
            screen.refused(view, error)
            continue
        return action


__all__ = ["Screen", "Seat", "TableRun", "make_bots", "run_table"]
