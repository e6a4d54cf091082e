"""The Game on the web: its option form, its bots and how its moves read."""

from __future__ import annotations

from typing import Any, ClassVar

from partie.core.game import Action, State
from partie.games.the_game.chat import check_chat
from partie.games.the_game.rules import (
    ASCENDING,
    PILE_NAMES,
    START_TOPS,
    ChooseStart,
    EndTurn,
    Play,
    Signal,
    corners,
    is_trick,
)
from partie.server.games import GameAdapter

_SIGNAL_WORDS = {"keep": ("garde", "keep"), "good": ("bon", "good"), "clear": ("efface", "clear")}


class TheGameAdapter(GameAdapter):
    # A fixed deal would show its author every hand: it stays a command-line option.
    hidden_options = frozenset({"deal"})
    option_text: ClassVar[dict[str, dict[str, Any]]] = {
        "players": {"label": {"fr": "Joueurs", "en": "Players"}},
        "expert": {
            "label": {"fr": "Expert", "en": "Expert"},
            "help": {
                "fr": "3 cartes au moins par tour tant que la pioche dure",
                "en": "at least 3 cards a turn while the draw pile lasts",
            },
        },
        "fewer_cards": {
            "label": {"fr": "Une carte de moins en main", "en": "One card fewer in hand"}
        },
        "choose_start": {
            "label": {"fr": "Choisir qui commence", "en": "Choose who starts"},
        },
    }
    offered_bots: ClassVar[list[str] | None] = ["heuristic", "best", "greedy", "random"]
    warm_bots = ("heuristic", "best")

    def check_chat(self, text: str) -> str:
        return check_chat(text)

    def routes(self) -> list[Any]:
        """The deal of the day (``/defi``): its boards and its tables."""
        from partie.server.games import the_game_defi

        return the_game_defi.routes()

    def table_event(self, service: Any, table: Any, event: str) -> None:
        from partie.server.games import the_game_defi

        the_game_defi.table_event(service, table, event)

    def check_record(self, service: Any, table: Any) -> None:
        from partie.server.games import the_game_defi

        the_game_defi.check_record(service, table)

    def turn_key(self, state: State) -> Any:
        """A turn lasts until the seat ends it (several cards, signals in between)."""
        turns = sum(1 for _seat, action in state.history if isinstance(action, EndTurn))
        return (tuple(state.to_act), turns, getattr(state, "started", True))

    def public(self, state: State, seat: int | None) -> dict[str, Any] | None:
        """Once the game is over every hand is shown (the record, seed included, can be
        downloaded then anyway): the end screen lists the cards each player still held.
        During play, the seat to act is told which of its plays would end the game (the
        rules say the screen warns before such a play); from its own view only. Everyone
        is told what this turn and the one before laid (`turns`), tricks of 10 marked:
        cards on the piles are public, and a reload or a fast bot would hide them."""
        extra: dict[str, Any] = {"turns": laid_by_turn(state)}
        if state.is_over:
            extra["hands"] = [list(hand) for hand in state.hands]  # type: ignore[attr-defined]
            return extra
        if seat is None or seat not in state.to_act:
            return extra
        corners = cornering_plays(state.view(seat))
        if corners:
            extra["corners"] = corners
        return extra

    def describe(self, seat: int, action: Action, viewer: int | None) -> dict[str, Any]:
        return {"seat": seat, "action": action.to_json(), "text": _text(action)}


def cornering_plays(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The plays of this view's hand after which the turn's minimum can no longer be
    reached, so the game ends (``stuck``): ``[{"card", "pile"}]``, by the rule's own
    reading of the seat's view (``rules.corners``), as the terminal's."""
    if not view.get("started", True):
        return []
    return [
        {"card": card, "pile": PILE_NAMES[p]}
        for card in view.get("hand") or []
        for p in range(4)
        if corners(view, card, p)
    ]


def laid_by_turn(state: State) -> dict[str, Any]:
    """The cards laid in the turn under way and in the one before, read from the
    history: ``{"current": [{card, pile, trick}], "previous": {"seat", "plays"} | None}``;
    ``trick`` marks a play 10 backwards (47 on 57 going up)."""
    tops = list(START_TOPS)
    plays: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    for who, action in state.history:
        if isinstance(action, Play):
            trick = is_trick(action.card, tops[action.pile], ASCENDING[action.pile])
            tops[action.pile] = action.card
            plays.append({"card": action.card, "pile": PILE_NAMES[action.pile], "trick": trick})
        elif isinstance(action, EndTurn):
            previous = {"seat": who, "plays": plays}
            plays = []
    return {"current": plays, "previous": previous}


def _pile(index: int) -> str:
    """A pile as the screen marks it (``↑A1``, ``↓D2``): players never see ``a1``."""
    name = PILE_NAMES[index]
    return f"{'↑' if name[0] == 'a' else '↓'}{name.upper()}"


def _text(action: Action) -> dict[str, str]:
    if isinstance(action, Play):
        pile = _pile(action.pile)
        return {"fr": f"{action.card} sur {pile}", "en": f"{action.card} on {pile}"}
    if isinstance(action, EndTurn):
        return {"fr": "fin du tour", "en": "end of turn"}
    if isinstance(action, Signal):
        fr, en = _SIGNAL_WORDS[action.kind]
        pile = _pile(action.pile)
        return {"fr": f"signal {fr} sur {pile}", "en": f"signal {en} on {pile}"}
    if isinstance(action, ChooseStart):
        n = action.seat + 1
        return {"fr": f"le joueur {n} commence", "en": f"player {n} starts"}
    text = str(action.to_json())
    return {"fr": text, "en": text}


ADAPTER = TheGameAdapter
