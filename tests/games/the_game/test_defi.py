"""The deal of the day: its seed (anyone can recompute it) and the board's order."""

from __future__ import annotations

import datetime as dt

import pytest

from partie.core.registry import get_game
from partie.core.rng import derive_seed
from partie.games.the_game import defi

DAY = dt.date(2026, 12, 7)


def test_seed_is_the_date_and_the_count_through_derive_seed():
    assert defi.day_seed(DAY, 3) == derive_seed(20261207, "the-game", "defi", 3)
    seeds = {defi.day_seed(DAY, n) for n in defi.PLAYER_COUNTS}
    seeds |= {defi.day_seed(DAY + dt.timedelta(days=1), n) for n in defi.PLAYER_COUNTS}
    assert len(seeds) == 10  # each day and count its own deal


def test_seed_deals_the_same_game_every_time():
    game = get_game("the-game")
    options = game.parse_options({"players": 2})
    first = game.setup(options, defi.day_seed(DAY, 2))
    again = game.setup(options, defi.day_seed(DAY, 2))
    assert first.hands == again.hands and first.draw == again.draw


def test_seed_refuses_a_count_the_game_has_not():
    with pytest.raises(ValueError):
        defi.day_seed(DAY, 6)


def test_ranking_is_cards_left_then_time_ties_share_a_rank():
    entries = [
        {"names": ["a"], "cards_left": 5, "seconds": 100.0, "ended": 1.0},
        {"names": ["b"], "cards_left": 0, "seconds": 900.0, "ended": 2.0},
        {"names": ["c"], "cards_left": 5, "seconds": 60.0, "ended": 3.0},
        {"names": ["d"], "cards_left": 5, "seconds": 60.2, "ended": 4.0},
    ]
    board = defi.ranked(entries)
    assert [e["names"][0] for e in board] == ["b", "c", "d", "a"]
    assert [e["rank"] for e in board] == [1, 2, 2, 4]


def test_cards_left_reads_the_rules_score():
    game = get_game("the-game")
    state = game.setup(game.parse_options({"players": 1}), 5)
    bot = game.make_bot("greedy", 1)
    while not state.is_over:
        state.apply(0, bot.act(state.view(0)))
    left = len(state.draw) + sum(len(hand) for hand in state.hands)
    assert defi.cards_left(state.result.to_json()) == left
