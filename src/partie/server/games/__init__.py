"""Game adapters: what the web service needs to know about each game, in one place.

The service reaches a game only through its adapter. ``GameAdapter`` works for any game
of the registry: option specs read from the game's options dataclass, its bots, its
legal actions as JSON. A game that needs more (options the network may not set, a
preview of an action, questions answered from the seat's view, extra HTTP routes such as
a deck upload, public extras in the table message) names a module defining
``ADAPTER``, a subclass (``Game.web_adapter``; the built-in games' are in this package).
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from functools import cache
from typing import Any, ClassVar

from partie.core.errors import BadOptions, PartieError
from partie.core.game import Action, Bot, Game, State
from partie.core.options import options_to_json
from partie.core.registry import available_games, get_game, load_hook
from partie.server.botlevels import BotLevel, bot_name, find_level, refuse_bot


class NotSupported(PartieError):
    code = "not_supported"


def _label(name: str) -> dict[str, str]:
    if name == "players":  # every game has it: its label needs no adapter
        return {"fr": "Joueurs", "en": "Players"}
    words = name.replace("_", " ")
    return {"fr": words, "en": words}


def option_spec(field: dataclasses.Field[Any], annotation: Any) -> dict[str, Any] | None:
    """The ``OptionSpec`` of one dataclass field, or ``None`` for a type the generic
    form cannot offer (a tuple, a file path): a game's adapter may describe it."""
    default = field.default if field.default is not dataclasses.MISSING else None
    if field.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
        default = field.default_factory()  # type: ignore[misc]
    kind = None
    args = typing.get_args(annotation)
    optional = (
        typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args
    )
    base = next((a for a in args if a is not type(None)), annotation) if optional else annotation
    if base is bool:
        kind = "bool"
    elif base is int:
        kind = "int"
    elif base is float:
        kind = "float"
    elif base is str:
        kind = "text"
    if kind is None:
        return None
    spec: dict[str, Any] = {"name": field.name, "type": kind, "default": default}
    spec["label"] = _label(field.name)
    if optional:
        spec["optional"] = True
    return spec


class GameAdapter:
    """The generic adapter; subclasses refine it for one game."""

    #: Options a table may not set from the network (fixed deals, file paths...).
    hidden_options: ClassVar[frozenset[str]] = frozenset()
    #: Text options the network may set through this class's ``parse_options`` (none by
    #: default: a text may name a file on the server). A subclass that checks a text
    #: option's value itself (a deck id) lists it here or overrides ``parse_options``.
    text_options: ClassVar[frozenset[str]] = frozenset()
    #: Labels and help for the option form: ``{name: {"label": {fr, en}, "help": {fr, en}}}``.
    option_text: ClassVar[dict[str, dict[str, Any]]] = {}
    #: The bot levels a table may use from the network (the only specs a page may pick,
    #: for seats and stand-ins alike); empty: the game's default bot alone.
    bot_levels: ClassVar[tuple[BotLevel, ...]] = ()
    #: Bots whose compiled code is prepared when the server starts.
    warm_bots: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def id(self) -> str:
        return self.game.id

    # -- options ---------------------------------------------------------------------

    def options_class(self) -> type[Any]:
        return type(self.game.parse_options({}))  # type: ignore[attr-defined]

    def option_specs(self) -> list[dict[str, Any]]:
        cls = self.options_class()
        hints = typing.get_type_hints(cls)
        specs = []
        for field in dataclasses.fields(cls):
            if field.name in self.hidden_options:
                continue
            spec = option_spec(field, hints[field.name])
            if spec is None:
                continue
            spec.update(self.option_text.get(field.name, {}))
            if field.name == "players":
                spec["min"] = self.game.min_players
                spec["max"] = self.game.max_players
            specs.append(spec)
        return specs

    def parse_options(self, data: dict[str, Any], *, network: bool = True) -> Any:
        """The engine's options from JSON; from the network, hidden options are refused."""
        if network:
            texts = {s["name"] for s in self.option_specs() if s["type"] == "text"}
            for key in data:
                if key in self.hidden_options or (key in texts and key not in self.text_options):
                    raise BadOptions(
                        f"l'option {key!r} ne se règle pas depuis le navigateur",
                        f"option {key!r} cannot be set from the browser",
                    )
        return self.game.parse_options(data)  # type: ignore[attr-defined]

    def missing_uploads(self, data: dict[str, Any]) -> list[str]:
        """Keys of the uploads these options name that this process does not hold (the
        service loads them from storage and hands them to ``known_upload`` before
        ``parse_options``); none by default."""
        return []

    def known_upload(self, key: str, text: str) -> None:
        """An upload found in storage (after a restart): keep it as if just sent."""

    def options_json(self, options: Any) -> dict[str, Any]:
        return options_to_json(options)

    def public_options(self, stored: dict[str, Any]) -> dict[str, Any]:
        """The options as the lobby and every table message show them (default: as
        stored); a game drops what is private or bulky (an uploaded deck's text)."""
        return stored

    def players(self, options: Any) -> int:
        return int(options.players)

    def may_list(self, options: Any) -> bool:
        """Whether a table of these options may be shown in the lobby (a classroom
        never is)."""
        return True

    # -- bots -------------------------------------------------------------------------

    def levels(self) -> tuple[BotLevel, ...]:
        if self.bot_levels:
            return self.bot_levels
        name = self.game.default_bot
        return (BotLevel(name, name, name, "", ""),)

    def bots(self) -> list[str]:
        """The specs a page may pick, weakest first."""
        return [level.spec for level in self.levels()]

    def level(self, spec: str) -> BotLevel | None:
        return find_level(self.levels(), spec)

    def bot_name(self, spec: str | None) -> dict[str, str]:
        """The level's name people read for ``spec`` (``{fr, en}``)."""
        return bot_name(self.levels(), spec)

    def make_bot(self, spec: str, seed: int) -> Bot:
        return self.game.make_bot(spec, seed)

    def check_bot(self, spec: str) -> None:
        """A spec from the network: one of the levels, or ``bad_bot`` (the command line
        does not come here and keeps every spec)."""
        if self.level(spec) is None:
            raise refuse_bot(self.id, spec, self.levels())

    def needs_warm(self, spec: str) -> bool:
        """Whether the bot ``spec`` must wait for ``warm`` before its first move (a bot
        with nothing to compile plays at once, even while the others compile)."""
        return spec.partition(":")[0] in self.warm_bots

    def cache_ready(self) -> bool:
        """Whether ``warm`` would only load code already compiled (then no child
        process compiles it first); ``False`` when unsure."""
        return False

    def warm(self) -> None:
        """Build the compiled code of ``warm_bots`` (called once, off the event loop)."""
        if not self.warm_bots:
            return
        state = self.game.setup(self.game.parse_options({}), 1)  # type: ignore[attr-defined]
        seat = state.to_act[0]
        for name in self.warm_bots:
            self.make_bot(name, 0).act(state.view(seat))

    # -- play -------------------------------------------------------------------------

    def action_from_json(self, data: Any) -> Action:
        return self.game.action_from_json(data)

    def legal_json(self, state: State, seat: int) -> list[Any]:
        """The seat's legal actions as JSON (``[]`` where a game cannot list them)."""
        return [action.to_json() for action in state.legal_actions(seat)]

    def describe(self, seat: int, action: Action, viewer: int | None) -> dict[str, Any]:
        """The last action as ``viewer`` may see it (every action is public by default)."""
        text = action.text() if hasattr(action, "text") else str(action.to_json())
        return {"seat": seat, "action": action.to_json(), "text": {"fr": text, "en": text}}

    def describe_step(
        self, before: State, seat: int, action: Action, viewer: int | None, names: list[str]
    ) -> dict[str, Any]:
        """A replayed move's text, from the state just before it and the players' names
        (a game names who and what where its live text cannot); default: ``describe``."""
        return self.describe(seat, action, viewer)

    def public(self, state: State, seat: int | None) -> dict[str, Any] | None:
        """Extra fields of the table message for this seat (``None``: nothing)."""
        return None

    def preview(self, state: State, seat: int, action: Action) -> dict[str, Any]:
        """What ``action`` would do, from the seat's view, without playing it."""
        raise NotSupported("aperçu non proposé pour ce jeu", "preview is not offered for this game")

    def ask_key(self, what: str, args: dict[str, Any]) -> str:
        """What of ``args`` the answer to ``what`` depends on (the server searches once
        per position, seat, question and key): all of them by default."""
        return json.dumps(args, sort_keys=True)

    def ask(self, state: State, seat: int | None, what: str, args: dict[str, Any]) -> Any:
        """A game-specific question, answered from ``state.view(seat)`` only."""
        raise NotSupported(f"question inconnue : {what!r}", f"unknown question: {what!r}")

    def check_chat(self, text: str) -> str:
        """Table talk as the game allows it (The Game refuses numbers); raises to refuse."""
        return text

    def turn_key(self, state: State) -> Any:
        """What identifies "one turn" for the turn timer (default: one action)."""
        return (tuple(state.to_act), len(state.history))

    def table_event(self, service: Any, table: Any, event: str) -> None:
        """Told when a table's game starts (``"start"``) or ends (``"over"``), after it is
        stored; a game that keeps something of its own about tables (The Game's deal of
        the day) listens here. Must not block: schedule any write."""

    def check_record(self, service: Any, table: Any) -> None:
        """Raise a ``PartieError`` to hold back a finished game's record and replay for
        now (The Game's deal of the day, until the day is over); nothing by default."""

    def routes(self) -> list[Any]:
        """Extra Starlette routes under ``/api/games/<id>/`` (e.g. a deck upload)."""
        return []

    def summary(self) -> dict[str, Any]:
        game = self.game
        return {
            "id": game.id,
            "name": game.name,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": self.option_specs(),
            "bots": self.bots(),
            "bot_levels": [level.to_json() for level in self.levels()],
            "default_bot": game.default_bot,
        }


@cache
def get_adapter(game_id: str) -> GameAdapter:
    """The adapter of a registered game: the ``ADAPTER`` of the module the game names
    (``Game.web_adapter``), else the generic one, which serves any game from its
    contract alone."""
    game = get_game(game_id)
    if game.web_adapter is None:
        return GameAdapter(game)
    adapter = load_hook(game.web_adapter).ADAPTER
    if isinstance(adapter, type):
        adapter = adapter(game)
    return adapter


def all_adapters() -> list[GameAdapter]:
    return [get_adapter(game_id) for game_id in available_games()]


__all__ = ["GameAdapter", "NotSupported", "all_adapters", "get_adapter", "option_spec"]
