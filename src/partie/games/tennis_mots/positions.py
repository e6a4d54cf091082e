"""Ready-made rally positions of Tennis de mots, for benchmarks and tests.

A position is built, not played to: a start of a French word on the table (served by
seat 0) and seat 1 to return with 7 cards holding 0-2 jokers. That is where the move
generator works hardest, and building it directly lets a benchmark or a test pick the
table's length. The state passes the engine's invariants.
"""

from __future__ import annotations

import random

from partie.core import get_game
from partie.games.tennis_mots.cards import LETTERS_SET
from partie.games.tennis_mots.rules import TennisMotsState


def rally_position(seed: int, start: str) -> TennisMotsState | None:
    """``start`` on the table, seat 1 to return; None when the deck cannot spell it."""
    game = get_game("tennis-mots")
    rng = random.Random(seed)
    state = game.setup(game.parse_options({"players": 2, "bluff": False}), seed)
    faces = state.deck.faces
    free = list(state.deck.ids)
    rng.shuffle(free)
    table = []
    for letter in start:
        card = next((c for c in free if faces[c] == letter), None)
        if card is None:
            return None
        free.remove(card)
        table.append((card, letter, letter))
    jokers = [c for c in free if faces[c] not in LETTERS_SET]
    letters = [c for c in free if faces[c] in LETTERS_SET]
    k = rng.randint(0, 2)
    hand = jokers[:k] + letters[: 7 - k]
    other = letters[7 - k : 14 - k]
    used = set(hand) | set(other)
    state.table = table
    state.hands = [sorted(other), sorted(hand)]
    state.draw = [c for c in free if c not in used]
    state.pot, state.removed = [], []
    state.tricks, state.malus = [[], []], [[], []]
    state.phase, state.server, state.turn = "rally", 0, 1
    state.returns, state.in_rally, state.serve_out = 0, [True, True], [False, False]
    state.pending, state.last_rally, state.serve_number = None, False, 1
    game.check_invariants(state)
    return state


__all__ = ["rally_position"]
