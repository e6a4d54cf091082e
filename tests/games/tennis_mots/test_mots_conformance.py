"""The shared conformance suite applied to Tennis de mots: seeded random playouts over
2-4 players and the options (bluff on and off, another serve weight)."""

from __future__ import annotations

import pytest

from conformance import playout
from partie.core import get_game

GAME = get_game("tennis-mots")
CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"bluff": False}),
    (3, {"bluff": False, "serve_weight": 8}),
    (2, {"serve_weight": 12, "sets_to_win": 1}),
    (2, {"serve_weight": 0, "bluff": False, "sets_to_win": 1}),
]
GAMES_PER_CASE = 30


@pytest.mark.parametrize("case", range(len(CASES)))
def test_random_playouts(case: int) -> None:
    players, extra = CASES[case]
    options = GAME.parse_options({"players": players, **extra})
    reasons: dict[str, int] = {}
    for game_number in range(GAMES_PER_CASE):
        seed = case * 10_000 + game_number
        # Every playout checks views, invariants, JSON and replay; one in twelve also
        # probes legal and near-miss actions at every step.
        state = playout(GAME, options, seed, probe=game_number % 12 == 0)
        for key in ("ends_last_rally", "ends_bonus_unpaid", "ends_no_serve"):
            reasons[key] = reasons.get(key, 0) + state.result.details[key]
        assert len(state.result.winners) == 1
    assert sum(reasons.values()) >= GAMES_PER_CASE
