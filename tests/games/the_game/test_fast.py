"""The fast path against the engine: same deals, same moves, same scores."""

from __future__ import annotations

import random

import numpy as np
import pytest

from partie.core import get_game
from partie.core.rng import derive_seed
from partie.games.the_game.fast import fast_simulate, record_game, supports
from partie.games.the_game.heuristic import HeuristicBot
from partie.games.the_game.kernels import LANES, deal_lanes, deal_workspace, engine_deal
from partie.games.the_game.rules import Signal

GAME = get_game("the-game")
GAMES_PER_COUNT = 400  # 5 player counts: 2,000 seeded games, plus the variants below


def engine_game(options, seed: int):
    """The game as the engine plays it, each seat its own ``heuristic`` bot."""
    state = GAME.setup(options, seed)
    bots = [HeuristicBot(derive_seed(seed, "bot", s)) for s in range(options.players)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    return state


def engine_moves(state) -> list:
    """The history as ``record_game`` writes it: signals keep their seat."""
    return [(seat, a) if isinstance(a, Signal) else a for seat, a in state.history]


@pytest.mark.parametrize("seed", [0, 1, 2, 99, 2**32 - 1, 2**32, 2**63 - 1])
def test_deal_is_the_engines(seed: int) -> None:
    order = list(range(2, 100))
    random.Random(seed).shuffle(order)
    assert list(engine_deal(seed)) == order


def test_deals_match_for_many_seeds() -> None:
    for i in range(300):
        seed = derive_seed(42, i)
        order = list(range(2, 100))
        random.Random(seed).shuffle(order)
        assert list(engine_deal(seed)) == order


def test_deals_side_by_side_are_the_engines() -> None:
    """The batch deal seeds ``LANES`` games at once: every lane, a short last batch and
    seeds of one and two 32-bit words all shuffle as ``random.Random`` does."""
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63 - 1] + [derive_seed(43, i) for i in range(200)]
    array = np.array(seeds, np.uint64)
    ws = deal_workspace()
    dealt = []
    for start in range(0, len(seeds), LANES):
        count = deal_lanes(array, start, ws)
        assert count == min(LANES, len(seeds) - start)
        dealt += [list(ws[1][lane]) for lane in range(count)]
    for seed, order in zip(seeds, dealt, strict=True):
        expected = list(range(2, 100))
        random.Random(seed).shuffle(expected)
        assert order == expected


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_moves_and_scores_as_the_engine(players: int) -> None:
    options = GAME.parse_options({"players": players})
    seeds = [derive_seed(7, players, i) for i in range(GAMES_PER_COUNT)]
    fast = fast_simulate(options, "heuristic", seeds)
    reasons = set()
    for seed, (score, won, actions) in zip(seeds, fast, strict=True):
        state = engine_game(options, seed)
        fast_score, moves = record_game(options, seed)
        assert moves == engine_moves(state), f"players={players} seed={seed}"
        assert score == fast_score == state.score
        assert won == (state.score == 0)
        assert actions == len(state.history)
        reasons.add(state.result.reason)
    assert "stuck" in reasons


@pytest.mark.parametrize(
    "variant",
    [{"expert": True}, {"fewer_cards": True}, {"expert": True, "fewer_cards": True}],
)
@pytest.mark.parametrize("players", [1, 3])
def test_variants_match(players: int, variant: dict) -> None:
    options = GAME.parse_options({"players": players, **variant})
    for i in range(60):
        seed = derive_seed(8, players, i)
        state = engine_game(options, seed)
        score, moves = record_game(options, seed)
        assert moves == engine_moves(state) and score == state.score


def test_given_deal_is_used() -> None:
    order = list(range(99, 1, -1))
    options = GAME.parse_options({"players": 2, "deal": order})
    state = engine_game(options, 5)
    score, moves = record_game(options, 5)
    assert moves == engine_moves(state) and score == state.score
    assert fast_simulate(options, "heuristic", [5, 6]) == [(score, score == 0, len(moves))] * 2


def test_only_tables_of_one_fast_bot() -> None:
    options = GAME.parse_options({"players": 2})
    assert supports(options, "heuristic") and supports(options, ["heuristic", "heuristic"])
    assert not supports(options, ["heuristic", "greedy"])
    assert not supports(GAME.parse_options({"players": 2, "choose_start": True}), "heuristic")
    with pytest.raises(ValueError):
        fast_simulate(options, ["heuristic", "greedy"], [1])
    with pytest.raises(ValueError):
        fast_simulate(options, "mc", [1])
    with pytest.raises(ValueError):
        fast_simulate(options, "heuristic", [-1])
