"""The Game on the web: its option form, its bots and how its moves read."""

from __future__ import annotations

from typing import Any, ClassVar

from partie.core.game import Action, State
from partie.games.the_game.chat import check_chat
from partie.games.the_game.rules import PILE_NAMES, ChooseStart, EndTurn, Play, Signal, corners
from partie.server.botlevels import BotLevel
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
    bot_levels = (
        BotLevel(
            "random",
            "Débutant",
            "Beginner",
            "pose au hasard une carte qui va : perd presque toujours",
            "lays any card that fits, at random: nearly always loses",
        ),
        BotLevel(
            "greedy",
            "Moyen",
            "Average",
            "pose les cartes qui font le plus petit saut, sans plan : gagne rarement",
            "lays the cards with the smallest jump, with no plan: rarely wins",
        ),
        BotLevel(
            "heuristic",
            "Fort",
            "Strong",
            "planifie tout son tour en comptant les cartes : un bon partenaire",
            "plans its whole turn by counting cards: a good partner",
        ),
        BotLevel(
            "best",
            "Expert",
            "Expert",
            "essaie ses plans sur des donnes tirées au sort : gagne environ trois fois "
            "plus souvent que Fort",
            "tries its plans on sampled deals: wins about three times as often as Strong",
            budget=1.5,
            cheaper="heuristic",
        ),
    )
    warm_bots = ("heuristic", "best")

    def check_chat(self, text: str) -> str:
        return check_chat(text)

    def turn_key(self, state: State) -> Any:
        """A turn lasts until the seat ends it (several cards, signals in between)."""
        turns = sum(1 for _seat, action in state.history if isinstance(action, EndTurn))
        return (tuple(state.to_act), turns, getattr(state, "started", True))

    def public(self, state: State, seat: int | None) -> dict[str, Any] | None:
        """Once the game is over every hand is shown (the record, seed included, can be
        downloaded then anyway): the end screen lists the cards each player still held.
        During play, the seat to act is told which of its plays would end the game (the
        rules say the screen warns before such a play); from its own view only."""
        if state.is_over:
            return {"hands": [list(hand) for hand in state.hands]}  # type: ignore[attr-defined]
        if seat is None or seat not in state.to_act:
            return None
        corners = cornering_plays(state.view(seat))
        return {"corners": corners} if corners else None

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
