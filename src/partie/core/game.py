"""The game contract shared by every game (after OpenSpiel's Game/State split).

A game is (game id, options, seed, actions): ``Game.setup(options, seed)`` builds the
first state, all chance comes from the state's own seeded generator, and replaying the
same actions gives the same game. Rules engines are pure: no printing, no files, no
clocks.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from partie.core.errors import BadOptions, BadPosition, InvalidAction


@runtime_checkable
class Action(Protocol):
    """A move: a small frozen dataclass that round-trips through JSON."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``winners`` are the seats that won: every seat when a cooperative game is won, none
    when it is lost. ``scores`` has one number per seat. ``reason`` is a stable code
    (``"all_cards_played"``, ``"stuck"``, ``"match_won"``...) and ``details`` holds
    game-specific figures that simulations aggregate.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "details": self.details,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(
            winners=tuple(data["winners"]),
            scores=tuple(data["scores"]),
            reason=data["reason"],
            details=dict(data.get("details", {})),
        )


class State(ABC):
    """One playthrough of a game. Mutable; ``apply`` validates before it changes anything.

    ``to_move`` is the one name, in every game, of the seat whose move it is."""

    game: Game
    seed: int
    history: list[tuple[int, Action]]

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is (the first of ``to_act``), ``None`` once over."""
        seats = self.to_act
        return seats[0] if seats else None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, where they can be listed."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``, or raise and change nothing.

        Raises ``GameOver`` once the game is over, ``NotYourTurn`` when ``seat`` is not
        among ``to_act``, ``InvalidAction`` for an action this game cannot read, and
        ``IllegalAction`` with the rule's own code (``core/refusals.py`` lists them all)
        for an action against the rules here."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready; ``None`` is a spectator."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """The ``Result`` once the game is over, else ``None``."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (search bots and tests try actions on copies)."""

    @abstractmethod
    def fingerprint(self) -> Any:
        """The whole internal state as plain data, for equality checks in tests and replay."""

    @property
    @abstractmethod
    def options(self) -> Any: ...


class Bot(ABC):
    """A player program. It is handed views only, never the state."""

    name: ClassVar[str] = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, view: dict[str, Any]) -> Action:
        """Choose an action from what the seat sees."""


class Game(ABC):
    """The fixed facts of a game and its factories."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_bot: ClassVar[str] = "random"
    """The bot ``partie simulate`` seats when none is named."""
    private_options: ClassVar[frozenset[str]] = frozenset()
    """Options never sent to a client (a deck's full text, say): views leave them out."""

    # Capabilities: what a game offers beyond the contract, declared rather than guessed.
    supports_deals: ClassVar[bool] = False
    """Its options take a fixed ``deal`` (same deals for comparing bots)."""
    traces_turns: ClassVar[bool] = False
    """``turn_trace`` gives a per-turn figure that simulation reports plot."""
    lists_actions: ClassVar[bool] = True
    """``legal_actions`` lists every legal action; ``False`` when some (the word game's
    shots) come from a move generator instead."""

    # Self-description: what generic layers (the simulator's words, the refusal catalogue,
    # the terminal, printing, the web service, the players' rules) ask of a game instead
    # of naming it. Hooks are "module:attribute" strings, imported only when used, so a
    # game's screen or print faces never load with its rules.
    refusals: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    """The game's own refusal codes, ``(code, fr, en)``: a short generic line for each
    (``docs/refusals.md`` is written from them)."""
    end_reasons: ClassVar[dict[str, tuple[str, str]]] = {}
    """Words for the codes of ``Result.reason``: ``{code: (fr, en)}``."""
    score_meaning: ClassVar[tuple[str, str]] = ("score de la place 1", "seat 1's score")
    """What ``Result.scores[0]`` counts, in French and English (simulation summaries)."""
    trace_label: ClassVar[tuple[str, str]] = ("valeur suivie par tour", "figure traced per turn")
    """What ``turn_trace`` follows, in French and English (simulation reports)."""
    terminal_screen: ClassVar[str | None] = None
    """``"module:Class"`` of the game's terminal screen (``partie play``)."""
    print_cards: ClassVar[str | None] = None
    """``"module:function"``: ``function(deck, fr) -> (fronts, back)``, the print faces
    (``deck`` is ``None`` for the game's own cards, or a deck when ``prints_decks``)."""
    prints_decks: ClassVar[bool] = False
    """``partie print DECK`` prints a deck of this game's (a name or a file)."""
    web_adapter: ClassVar[str | None] = None
    """Module whose ``ADAPTER`` serves the game on the web (default: the generic one)."""
    web_screen: ClassVar[str | None] = None
    """``"package:folder"`` holding the browser screen ``<id>.js`` (and ``<id>.css``)."""
    rules_text: ClassVar[str | None] = None
    """Package holding the players' rules, ``<id>.<lang>.md`` (``partie rules``)."""

    def compile_seconds(self, runs: Sequence[tuple[Any, Sequence[str], bool]]) -> int | None:
        """About how long compiling will hold up the first of these simulation runs
        (``(options, bots, fixed deals)`` each), or ``None`` when nothing needs compiling:
        ``partie simulate`` says so instead of a silent pause."""
        return None

    @abstractmethod
    def parse_options(self, data: dict[str, Any] | None = None, *, trusted: bool = True) -> Any:
        """Typed options from plain data; raises ``BadOptions`` with the field at fault.

        ``trusted=False`` (records, deals files, the web service) refuses any option that
        names a file: only built-in ids, or content carried inline, may come from there."""

    def check_players(self, players: int, *, fr_note: str = "", en_note: str = "") -> None:
        """Refuse a player count outside ``min_players..max_players``, naming the range."""
        if not self.min_players <= players <= self.max_players:
            low, high = self.min_players, self.max_players
            raise BadOptions(
                f"{self.name} se joue de {low} à {high} joueurs{fr_note}, pas {players}",
                f"{self.name} is for {low} to {high} players{en_note}, not {players}",
            )

    @abstractmethod
    def setup(self, options: Any, seed: int) -> State:
        """The first state of a game with these options and this seed."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Action:
        """Read an action back from its JSON form; raises ``InvalidAction``."""

    def parse_action(self, view: dict[str, Any], text: str) -> Action:
        """Read what a player typed, from what that player sees (``view``), so that the
        terminal, the web clients and tests share one reader. Raises ``InvalidAction``
        for text that names no action and ``AmbiguousAction`` for text that names
        several ("37 : a2 ou d2 ?"); whether the action is legal is ``apply``'s call."""
        raise InvalidAction(
            f"{self.name} ne lit pas de coups tapés",
            f"{self.name} reads no typed moves",
            code="unreadable_move",
        )

    def from_position(self, text: str) -> State:
        """A state from a short text form of a position (as FEN is for chess), so that
        tests read as positions and players and bug reports can share them; its
        ``state.position()`` writes it back. Raises ``BadPosition``."""
        raise BadPosition(
            f"{self.name} n'a pas encore de forme texte des positions",
            f"{self.name} has no text form of positions yet",
        )

    def turn_trace(self, state: State) -> list[int] | None:
        """A per-turn figure of a finished game for reports (see ``traces_turns``)."""
        return None

    @abstractmethod
    def bot_names(self) -> list[str]:
        """The bot names ``make_bot`` accepts (a bot name may take a parameter: ``quiz:0.7``)."""

    @abstractmethod
    def make_bot(self, spec: str, seed: int = 0) -> Bot:
        """A bot from its name; raises ``BadOptions`` for an unknown one."""

    def fast_results(
        self,
        options: Any,
        bots: Sequence[str],
        seeds: Sequence[int],
        deals: Sequence[Any] | None = None,
    ) -> list[tuple[Result, int]] | None:
        """``(result, number of actions)`` of whole bot-only games, one per seed (on
        ``deals[g]`` when fixed deals are given), from a faster path that makes exactly
        the engine's moves; ``None`` when these bots have no such path (the simulator
        then plays through the engine)."""
        return None

    # Hooks for the shared conformance suite -------------------------------------------

    def probe_actions(self, state: State, seat: int, rng: random.Random) -> Iterator[Action]:
        """Actions to try in conformance tests: legal ones and plausible illegal ones."""
        yield from state.legal_actions(seat)

    def random_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """The action a random playout takes (uniform over ``legal_actions`` by default;
        a game may weight talk-like actions down so that playouts finish)."""
        return rng.choice(state.legal_actions(seat))

    def check_invariants(self, state: State) -> None:
        """Raise ``AssertionError`` when a rule-level invariant is broken."""
        return None

    def reshuffle_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A copy of ``state`` where everything ``seat`` cannot see is drawn again at random
        (other hands, draw order, answers not yet asked). ``view(seat)`` must not change:
        that is how the conformance suite proves that views leak nothing."""
        return state.clone()
