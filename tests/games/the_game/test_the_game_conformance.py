"""The shared conformance suite applied to The Game: 6,000 seeded random playouts over
1-5 players and the variants (the take-back within the turn among them: its playouts
take cards back at random, and the invariants check that no take-back reaches past the
start of its turn)."""

from __future__ import annotations

import itertools

import pytest

from conformance import playout
from partie.core import get_game

GAME = get_game("the-game")
VARIANTS = [
    {},
    {"expert": True},
    {"expert": True, "fewer_cards": True},
    {"fewer_cards": True},
    {"choose_start": True},
    {"takeback": True, "expert": True},
]
CASES = list(itertools.product(range(1, 6), range(len(VARIANTS))))
BATCHES = 10
GAMES_PER_CASE = 200  # 30 cases x 200 = 6,000 playouts


@pytest.mark.parametrize("players,variant", CASES)
def test_random_playouts(players: int, variant: int) -> None:
    options = GAME.parse_options({"players": players, **VARIANTS[variant]})
    outcomes = set()
    taken = 0
    for game_number in range(GAMES_PER_CASE):
        seed = players * 100_000 + variant * 10_000 + game_number
        # Every game checks views, invariants, JSON and replay; one in four also probes
        # every legal and near-miss illegal action at every step.
        state = playout(GAME, options, seed, probe=game_number % 4 == 0)
        outcomes.add(state.result.reason)
        taken += sum(action.type == "takeback" for _seat, action in state.history)
    assert "stuck" in outcomes
    assert (taken > 0) == bool(VARIANTS[variant].get("takeback"))
