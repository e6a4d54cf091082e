"""One table for every game and every screen: who acts next, a person's line, a bot's
move, the end, the record.

``TableCore`` is the table without a transport: it holds one game (game, options, seed,
state), knows who plays each seat now (a person, or a bot by name) and answers every
rules-side question in small synchronous steps. It knows no terminal, no network, no
storage and no event loop, so two drivers share it:

- ``run_table``, the blocking loop of the terminal: it asks a ``Screen`` for a person's
  lines and lets the bots play in turn;
- the web service's tables (``partie.server.tables``), which add their locks, versions,
  storage writes, timers and stand-ins around the same steps, and let a bot think in a
  worker thread: ``bot_turn`` hands out the bot and its view, the caller runs
  ``turn.think()`` wherever it likes, and ``bot_played`` applies the answer later,
  only if the table did not move meanwhile.

Both read a person's move the same way (``Game.parse_action`` from the seat's view,
then ``State.apply``), seed the bots the same way, and fall back the same way when the
engine refuses a bot's move (the seat's first legal action).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from partie.core.errors import PartieError
from partie.core.game import Action, Bot, Game, State
from partie.core.record import Record
from partie.core.rng import derive_seed

Controller = Callable[[int], str | None]
"""Who plays a seat now: a bot's name (``quiz:0.7``), or ``None`` for a person. The web
service's answer changes during a game (a stand-in for someone away), so the core asks
each time instead of keeping a copy."""


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


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn handed to whoever runs the bot: ``think`` may run in another thread
    (it reads the view only, never the state); the table's version and epoch at the
    time let ``TableCore.bot_played`` tell whether the answer still fits."""

    seat: int
    spec: str
    bot: Bot
    view: dict[str, Any]
    version: int
    epoch: int

    def think(self) -> Action:
        """The bot's choice; whatever the bot raises goes to the caller."""
        return self.bot.act(self.view)


@dataclass(frozen=True)
class BotMove:
    """What a bot's turn did: the action applied, and the engine's refusal of the bot's
    own choice when the fallback was played instead."""

    seat: int
    action: Action
    refused: PartieError | None = None


class TableCore:
    """One game at a table, driven in small synchronous steps.

    The state changes only through ``person``/``apply``, ``bot_played`` and ``reset``;
    each either applies one action or raises and leaves the state as it was."""

    def __init__(
        self,
        game: Game,
        options: Any,
        seed: int,
        controller: Controller,
        *,
        start: State | None = None,
        actions: Iterable[tuple[int, Action]] = (),
        people: Callable[[], Iterable[int]] | None = None,
    ) -> None:
        """A table at ``game.setup(options, seed)`` with ``actions`` replayed, or at
        ``start`` (a position read from its text form). ``people`` lists the seats people
        hold (theirs even while a stand-in bot plays for them): a public fact of the
        table that bots read in their view (``view["people"]``) to tell a person's
        signals from a bot's."""
        self.game = game
        self.options = options
        self.seed = seed
        self.controller = controller
        self.people = people
        self.state = start if start is not None else game.setup(options, seed)
        self.last: tuple[int, Action] | None = None
        self.epoch = 0  # bumped whenever ``state`` is rebuilt
        self._bots: dict[int, tuple[str, Bot]] = {}  # seat → (name, the bot playing it)
        for seat, action in actions:
            self.apply(seat, action)

    # -- facts ------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many actions the game has had: what a move is made against."""
        return len(self.state.history)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)

    def bot_seat(self) -> int | None:
        """The first seat to act that a bot plays now (bots go first), or ``None``."""
        if self.state.is_over:
            return None
        return next((s for s in self.state.to_act if self.controller(s)), None)

    def people_to_act(self) -> list[int]:
        """The seats to act that a person plays now."""
        if self.state.is_over:
            return []
        return [s for s in self.state.to_act if not self.controller(s)]

    def next_seat(self) -> int | None:
        """Who acts next: a bot when one may, else the first person; ``None`` at the end."""
        if self.state.is_over:
            return None
        bot = self.bot_seat()
        return bot if bot is not None else self.state.to_act[0]

    # -- bots -------------------------------------------------------------------------

    def bot(self, seat: int) -> Bot:
        """The bot playing ``seat`` now, made once per seat and name and seeded from
        the game's seed and the seat, so a replay meets the same bots."""
        spec = self.controller(seat)
        if not spec:
            raise ValueError(f"seat {seat} is played by a person")
        known = self._bots.get(seat)
        if known is None or known[0] != spec:
            known = (spec, self.game.make_bot(spec, derive_seed(self.seed, "bot", seat)))
            self._bots[seat] = known
        return known[1]

    def bot_turn(self, seat: int | None = None) -> BotTurn | None:
        """The turn of the bot at ``seat`` (default: ``bot_seat()``), or ``None`` when
        no bot is to act there."""
        seat = self.bot_seat() if seat is None else seat
        if seat is None or self.state.is_over or seat not in self.state.to_act:
            return None
        spec = self.controller(seat)
        if not spec:
            return None
        bot = self.bot(seat)
        view = self.state.view(seat)
        if self.people is not None:
            view["people"] = sorted(self.people())
        return BotTurn(seat, spec, bot, view, self.version, self.epoch)

    def bot_played(self, turn: BotTurn, action: Action | None) -> BotMove | None:
        """Apply a bot's answer to ``turn`` (``None``: it found none or failed).

        ``None`` when the table moved meanwhile (another action, a rebuilt state, the
        seat now played by someone else): the caller asks again. When the engine refuses
        the bot's action, the seat's first legal action is played instead and the
        refusal is returned with it; with no legal action to fall back on, the refusal
        is raised and nothing changes."""
        if (
            turn.epoch != self.epoch
            or turn.version != self.version
            or self.controller(turn.seat) != turn.spec
        ):
            return None
        try:
            if action is None:
                raise PartieError("pas de coup", "no move", code="bot_no_move")
            self.apply(turn.seat, action)
            return BotMove(turn.seat, action)
        except PartieError as refused:
            legal = self.state.legal_actions(turn.seat)
            if not legal:
                raise
            self.apply(turn.seat, legal[0])
            return BotMove(turn.seat, legal[0], refused)

    def play_bot(self, seat: int | None = None) -> BotMove:
        """A bot's whole turn at once, thinking included (the terminal's way)."""
        turn = self.bot_turn(seat)
        if turn is None:
            raise ValueError("no bot is to act here")
        move = self.bot_played(turn, turn.think())
        assert move is not None  # nothing can move the table while the bot thinks here
        return move

    # -- people -----------------------------------------------------------------------

    def read(self, seat: int, text: str) -> Action:
        """The action a person's typed line means, read from their own view."""
        return self.game.parse_action(self.state.view(seat), text)

    def person(self, seat: int, move: Action | str) -> Action:
        """A person's move, typed (read first) or already an action: applied, or
        refused with a ``PartieError`` and the state unchanged."""
        action = self.read(seat, move) if isinstance(move, str) else move
        self.apply(seat, action)
        return action

    def apply(self, seat: int, action: Action) -> None:
        """The engine's judgement: applies, or raises and changes nothing."""
        self.state.apply(seat, action)
        self.last = (seat, action)

    # -- whole game -------------------------------------------------------------------

    def reset(self, actions: Iterable[tuple[int, Action]]) -> None:
        """Rebuild the state from the set-up and ``actions`` (the web service does it
        when a write to storage failed); a bot still thinking is answered ``None``."""
        state = self.game.setup(self.options, self.seed)
        last = None
        for seat, action in actions:
            state.apply(seat, action)
            last = (seat, action)
        self.state, self.last = state, last
        self.epoch += 1

    def record(self, players: list[str]) -> Record:
        """The record so far: (game, options, seed, actions), the result once over."""
        return Record.of(self.state, players)


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
    core = TableCore(
        game,
        options,
        seed,
        lambda place: seats[place].bot,
        start=start,
        people=lambda: [place for place, seat in enumerate(seats) if seat.is_person],
    )
    for place, seat in enumerate(seats):
        if seat.bot is not None:
            core.bot(place)  # every bot made now: a bad name fails before the first move
    finished = interrupted = False
    screen.start(core.view(screen.watcher))
    try:
        finished = _play(core, screen)
    except KeyboardInterrupt:
        interrupted = True
    path = None
    if record is not None:
        path = core.record([s.record_name for s in seats]).save(record)
    if finished:
        screen.finish(core.view(None))
    return TableRun(core.state, finished, path, interrupted)


def _play(core: TableCore, screen: Screen) -> bool:
    """The blocking loop: bots play at once, people are asked; ``False`` when a
    person quit before the end."""
    while (seat := core.next_seat()) is not None:
        if core.controller(seat):
            action = core.play_bot(seat).action
        else:
            chosen = _person(core, seat, screen)
            if chosen is None:
                return False
            action = chosen
        screen.played(core.view(screen.watcher), seat, action)
    return True


def _person(core: TableCore, seat: int, screen: Screen) -> Action | None:
    """Ask the person at ``seat`` until one of their lines is a legal action."""
    view = core.view(seat)
    screen.render(view)
    while True:
        line = screen.ask(view)
        if line is None:
            return None
        try:
            action = screen.read(view, line)
            if action is None:
                continue
            core.person(seat, action)
        except PartieError as error:
            screen.refused(view, error)
            continue
        return action


__all__ = [
    "BotMove",
    "BotTurn",
    "Controller",
    "Screen",
    "Seat",
    "TableCore",
    "TableRun",
    "run_table",
]
