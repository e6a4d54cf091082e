"""The first bots play only legal moves from their view, and greedy beats random."""

from __future__ import annotations

import pytest

from partie.core import BadOptions, get_game
from partie.games.the_game.bots import cheapest_sequence
from partie.sim.runner import play_one

GAME = get_game("the-game")


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [1, 2, 5])
def test_bots_finish_games_with_legal_moves(bot: str, players: int) -> None:
    options = GAME.parse_options({"players": players})
    for seed in range(20):
        state = play_one(GAME, options, (bot,) * players, seed)  # apply() refuses any illegal
        assert state.is_over
        GAME.check_invariants(state)


def test_greedy_is_deterministic_and_plays_the_minimum() -> None:
    options = GAME.parse_options({"players": 2})
    a = play_one(GAME, options, ("greedy", "greedy"), 11)
    b = play_one(GAME, options, ("greedy", "greedy"), 11)
    assert [x.to_json() for _, x in a.history] == [x.to_json() for _, x in b.history]


def test_greedy_beats_random() -> None:
    options = GAME.parse_options({"players": 3})
    scores = {
        bot: sum(play_one(GAME, options, (bot,) * 3, seed).score for seed in range(40))
        for bot in ("random", "greedy")
    }
    assert scores["greedy"] < scores["random"]


def test_cheapest_sequence_prefers_tricks_and_small_jumps() -> None:
    seq = cheapest_sequence([30, 45, 60], [40, 1, 100, 100], 2)
    assert seq is not None and [p.card for p in seq] == [30, 45]  # trick (-10), then +15
    assert cheapest_sequence([50], [55, 65, 45, 35], 1) is None


def test_unknown_bot() -> None:
    with pytest.raises(BadOptions, match="bot inconnu"):
        GAME.make_bot("genius")
