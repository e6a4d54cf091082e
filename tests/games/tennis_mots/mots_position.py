"""Build exact positions for the engine's unit tests, keeping every card somewhere."""

from __future__ import annotations

from typing import Any

from partie.core import get_game
from partie.games.tennis_mots.cards import AFTER, BEFORE, DOUBLE
from partie.games.tennis_mots.rules import TennisMotsState

GAME = get_game("tennis-mots")


def new_state(seed: int = 1, **options: Any) -> TennisMotsState:
    return GAME.setup(GAME.parse_options({"players": 2, **options}), seed)


def arrange(
    state: TennisMotsState,
    hands: list[str],
    table: str = "",
    *,
    server: int = 0,
    draw: int | None = None,
    readings: str | None = None,
) -> TennisMotsState:
    """The position with seat ``s`` holding the cards ``hands[s]`` (faces, ``◀`` for a
    double card), ``table`` laid (with ``readings``, the letters its jokers stand for)
    and the rest in the draw pile; ``draw`` keeps only that many there (the others are
    put out of play). The table's server is ``server`` and it is their opponent's turn
    when the table is not empty. Built by the engine from its text form, with the
    options and seed of ``state``."""
    laid = "".join(
        glyph if not readings or readings[i] == glyph else f"[{glyph}{readings[i]}]"
        for i, glyph in enumerate(table)
    )
    options = state.options
    fields = [
        "hands " + " / ".join(h or "-" for h in hands),
        f"table {laid}",
        f"server {server + 1}",
        f"weight {options.serve_weight}",
        f"seed {state.seed}",
    ]
    if draw is not None:
        fields.append(f"draw {draw}")
    if not options.bluff:
        fields.append("no-bluff")
    assert options.players == len(hands), "one hand per seat"
    return GAME.from_position("; ".join(fields))


def ids(state: TennisMotsState, seat: int, faces: str) -> list[int]:
    """Ids of cards with these faces in ``seat``'s hand, in order (each used once)."""
    hand = list(state.hands[seat])
    out = []
    for face in faces:
        face = DOUBLE if face in (BEFORE, AFTER) else face
        card = next(c for c in hand if state.deck.faces[c] == face)
        hand.remove(card)
        out.append(card)
    return out
