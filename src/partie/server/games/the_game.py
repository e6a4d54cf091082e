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
    TakeBack,
    corners,
    is_trick,
)
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
        # On at a table made in the browser (a mistaken tap on a phone), off for the
        # engine, the terminal unless asked, and simulations.
        "takeback": {
            "label": {"fr": "Reprise dans le tour", "en": "Take back within the turn"},
            "help": {
                "fr": "reprendre la dernière carte posée tant que le tour n'est pas fini",
                "en": "take back the last card laid until the turn is ended",
            },
            "default": True,
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

    def needs_warm(self, spec: str) -> bool:
        """``mc`` and ``best`` run on numba; ``heuristic`` and ``minjump`` on the C build
        made at install (numba only when it is missing); the others are plain Python."""
        from partie.games.the_game.warm import compiled_ahead

        name = spec.partition(":")[0]
        return name in ("mc", "best") or (
            name in ("heuristic", "minjump") and not compiled_ahead(spec)
        )

    def cache_ready(self) -> bool:
        """Whether numba's cache holds what the bots will call: with the C build, only
        the search of ``mc`` and ``best``; without it, every kernel of the bots."""
        from partie.games.the_game import kernels, native, search_kernels
        from partie.games.the_game.warm import cache_ready

        if native.module() is None:
            return cache_ready("bots")
        searched = (kernels.plan_turn, search_kernels.search_choose, search_kernels.min_plans)
        try:  # numba's cache index, read without compiling (as ``cache_ready`` does)
            return all(f._cache._cache_file._load_index() for f in searched)
        except Exception:
            return False

    def warm(self) -> None:
        """What a table's bots call, solo and at two seats: exactly what
        ``cache_ready`` checks, so that the next start finds it and only loads it."""
        from partie.games.the_game.warm import warm_bots

        warm_bots()

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
    if not view.get("started", True) or view.get("over"):
        return []
    if view["min_cards"] - view["played_this_turn"] <= 1:
        return []  # the minimum is reached with this play or was already: nothing corners
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
    under: list[tuple[int, int]] = []  # (pile, its top before) of each play this turn
    previous: dict[str, Any] | None = None
    for who, action in state.history:
        if isinstance(action, Play):
            trick = is_trick(action.card, tops[action.pile], ASCENDING[action.pile])
            under.append((action.pile, tops[action.pile]))
            tops[action.pile] = action.card
            plays.append({"card": action.card, "pile": PILE_NAMES[action.pile], "trick": trick})
        elif isinstance(action, TakeBack) and plays:
            # the last card laid goes back to the hand: the pile shows what it showed
            pile, top = under.pop()
            tops[pile] = top
            plays.pop()
        elif isinstance(action, EndTurn):
            previous = {"seat": who, "plays": plays}
            plays, under = [], []
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
    if isinstance(action, TakeBack):
        return takeback_text(action)
    text = str(action.to_json())
    return {"fr": text, "en": text}


def takeback_text(action: TakeBack) -> dict[str, str]:
    """The words after the player's name: "reprend le 97" ("Alice reprend le 97")."""
    if action.card is None:
        return {"fr": "reprend sa dernière carte", "en": "takes back the last card"}
    return {"fr": f"reprend le {action.card}", "en": f"takes back the {action.card}"}


ADAPTER = TheGameAdapter
