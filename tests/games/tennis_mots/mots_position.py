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
    """Give seat ``s`` the cards ``hands[s]`` (faces, ``◀`` for a double card), lay
    ``table`` (with ``readings``, the letters its jokers stand for), and leave the rest
    in the draw pile; ``draw`` keeps only that many there (the others are put out of
    play). The table's server is ``server`` and it is their opponent's turn when the
    table is not empty."""
    faces = state.deck.faces
    free: dict[str, list[int]] = {}
    for card in state.deck.ids:
        free.setdefault(faces[card], []).append(card)

    def take(face: str) -> int:
        face = DOUBLE if face in (BEFORE, AFTER) else face
        return free[face].pop(0)

    laid = []
    for i, glyph in enumerate(table):
        card = take(glyph)
        letter = readings[i] if readings else glyph
        laid.append((card, glyph, letter))
    state.table = laid
    state.hands = [sorted(take(f) for f in hand) for hand in hands]
    rest = sorted(c for cards in free.values() for c in cards)
    n = state.options.players
    state.pot = []
    state.tricks = [[] for _ in range(n)]
    state.malus = [[] for _ in range(n)]
    state.removed = []
    if draw is not None:
        state.removed = rest[draw:]
        rest = rest[:draw]
    state.draw = rest
    state.server = server
    state.serve_number = 1
    state.returns = 0
    state.in_rally = [True] * n
    state.serve_out = [False] * n
    state.pending = None
    state.last_rally = False
    if table:
        state.phase = "rally"
        state.turn = (server + 1) % n
    else:
        state.phase = "serve"
        state.turn = server
    state._check_set_point()
    GAME.check_invariants(state)
    return state


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
