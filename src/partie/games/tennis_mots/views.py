"""A state rebuilt from one seat's view, for the checks a screen asks of the engine
(the preview of a word being built, the hints after a shot) without seeing anything
hidden.

It is built through ``TennisMotsState``'s own constructor, so every field the engine
has exists (a field added to the engine cannot be forgotten here); then what the view
shows replaces the dealt cards, and what it hides (other hands, the draw pile, tricks
and penalties) is emptied.
"""

from __future__ import annotations

from typing import Any

from partie.games.tennis_mots.bots import load_lexicon
from partie.games.tennis_mots.cards import load_deck
from partie.games.tennis_mots.rules import Pending, TennisMotsOptions, TennisMotsState


def state_from_view(view: dict[str, Any]) -> TennisMotsState:
    """A state holding only what ``view`` shows: the table, the pot, this seat's hand,
    whose turn it is. Good for checking a shot, never for playing on."""
    shown = view["options"]
    options = TennisMotsOptions(
        players=view["players"],
        serve_weight=shown["serve_weight"],
        bluff=shown["bluff"],
        lexicon=shown.get("lexicon"),
        deck=shown.get("deck"),
        sets_to_win=shown["sets_to_win"],
    )
    n = options.players
    state = TennisMotsState(
        None, options, 0, load_deck(options.deck), load_lexicon(options.lexicon)
    )
    seat = view["seat"]
    state.hands = [[] for _ in range(n)]
    if seat is not None:
        state.hands[seat] = [c["id"] for c in view["hand"] or []]
    state.draw = []
    state.tricks = [[] for _ in range(n)]
    state.malus = [[] for _ in range(n)]
    state.removed = []
    state.over = bool(view["over"])
    state.phase = view["phase"]
    state.turn = view["turn"]
    state.server = view["server"]
    state.serve_number = view["serve_number"]
    state.last_rally = view["last_rally"]
    state.in_rally = list(view["in_rally"])
    state.table = [(c["id"], c["glyph"], c["letter"]) for c in view["table"]]
    state.pot = [c["id"] for c in view["pot"]]
    pending = view["pending"]
    state.pending = (
        None
        if pending is None
        else Pending(
            pending["shooter"],
            pending["kind"],
            tuple((c, g, letter) for c, g, letter in pending["cards"]),
            True,  # unknown from a view: never used by a check
            list(pending["waiting"]),
            False,
        )
    )
    return state
