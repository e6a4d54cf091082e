"""The Game's bots: legal whole games from views only, their ideas on small positions,
bot names with budgets, and the bench's JSON shape."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from partie.core import BadOptions, get_game
from partie.core.rng import derive_seed
from partie.games.the_game.heuristic import HeuristicBot
from partie.games.the_game.kernels import (
    PARAMS,
    SIGNAL_GAP,
    SIGNAL_PENALTY,
    THR_EMPTY,
    THR_EMPTYING,
    THR_FULL,
    plan_turn,
)
from partie.games.the_game.rules import END_TURN, EndTurn, Play, Signal
from partie.games.the_game.search import SearchBot

GAME = get_game("the-game")
ROOT = Path(__file__).resolve().parents[3]


def play(bot: str, players: int, seed: int, options: dict | None = None):
    """A whole game; fails if a seat signals more than once per pile and turn."""
    state = GAME.setup(GAME.parse_options({"players": players, **(options or {})}), seed)
    bots = [GAME.make_bot(bot, derive_seed(seed, "bot", s)) for s in range(players)]
    signals_this_turn: list[int] = []
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].act(state.view(seat))
        state.apply(seat, action)
        if isinstance(action, Signal):
            signals_this_turn.append(action.pile)
            assert len(signals_this_turn) == len(set(signals_this_turn)), "signal loop"
        elif isinstance(action, EndTurn):
            signals_this_turn = []
    return state


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "mc:4", "best"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_bots_play_legal_games(bot: str, players: int) -> None:
    for i in range(2 if bot in ("mc:4", "best") else 6):
        state = play(bot, players, derive_seed(3, players, i))
        assert state.result.reason in ("stuck", "all_cards_played")


@pytest.mark.parametrize("options", [{"expert": True}, {"fewer_cards": True}])
def test_strong_bots_play_the_variants(options: dict) -> None:
    for bot in ("heuristic", "mc:3"):
        state = play(bot, 2, 11, options)
        assert state.is_over


def test_heuristic_beats_greedy_on_the_same_deals() -> None:
    """The tuned heuristic leaves fewer cards than the first bots (same 150 deals)."""
    scores = {"greedy": 0.0, "heuristic": 0.0}
    for i in range(150):
        for bot in scores:
            scores[bot] += play(bot, 1, derive_seed(21, i)).score
    assert scores["heuristic"] < scores["greedy"]


def view(hand, tops, *, players=1, played=(), draw=50, signals=(), done=0, need=2, seat=0):
    """A hand-made view with what bots read."""
    return {
        "seat": seat,
        "players": players,
        "hand": sorted(hand),
        "piles": [{"top": t} for t in tops],
        "played": sorted(played),
        "hand_sizes": [len(hand)] * players,
        "draw_count": draw,
        "played_this_turn": done,
        "min_cards": need,
        "signals": list(signals),
        "options": {"expert": False, "fewer_cards": False},
    }


def test_plays_the_trick_and_its_set_up() -> None:
    """Holding 45 and 35 with an ascending pile at 30: 45 then 35 back (a trick)."""
    bot = HeuristicBot(0)
    plan = bot.plan(view([45, 35, 90, 12], [30, 60, 80, 70]))
    assert plan[:2] == [Play(45, 0), Play(35, 0)]


def test_counts_played_cards() -> None:
    """A jump over cards already played is free: 60 on 50 when 51..59 are gone beats
    5 on 1 when 2..4 are alive."""
    played = list(range(51, 60))
    plan = HeuristicBot(0).plan(view([60, 5, 98, 97], [50, 1, 100, 100], played=played))
    assert Play(60, 0) in plan and Play(5, 1) not in plan


def test_plan_reaches_the_minimum_whatever_the_cost() -> None:
    hand = np.array([50, 60], np.int64)
    cards = np.zeros(12, np.int64)
    piles = np.zeros(12, np.int64)
    alive = np.ones(101, np.bool_)
    n = plan_turn(
        hand,
        np.array([2, 3, 99, 98]),
        alive,
        2,
        40,
        1,
        np.zeros(4, np.bool_),
        PARAMS[0],
        cards,
        piles,
    )
    assert n == 2 and sorted(cards[:2]) == [50, 60]


def test_signals_then_ends_the_turn() -> None:
    """After its plays, a seat puts "keep" on the piles its cards fit, then ends (with
    settings that signal a gap of up to 3 cards and play no extra card)."""
    params = PARAMS[1].copy()
    params[SIGNAL_GAP] = 3.0
    params[[THR_FULL, THR_EMPTYING, THR_EMPTY]] = -1.0
    bot = HeuristicBot(0, params)
    v = view([33, 92, 55, 70, 25], [30, 1, 95, 100], players=2, done=2)
    actions = []
    for _ in range(6):
        action = bot.act(v)
        actions.append(action)
        if action == END_TURN:
            break
        v["signals"].append(
            {"seat": 0, "pile": ["a1", "a2", "d1", "d2"][action.pile], "kind": action.kind}
        )
    assert Signal(0, "keep") in actions and Signal(2, "keep") in actions
    assert actions[-1] == END_TURN


def test_respects_a_partners_keep_signal() -> None:
    """The same cheap play is left alone when the other seat keeps that pile."""
    hand = [31, 44, 94, 77, 15]
    tops = [30, 40, 95, 100]
    params = PARAMS[1].copy()
    params[SIGNAL_PENALTY] = 6.0
    free = HeuristicBot(0, params).plan(view(hand, tops, players=2))
    kept = HeuristicBot(0, params).plan(
        view(hand, tops, players=2, signals=[{"seat": 1, "pile": "a1", "kind": "keep"}])
    )
    assert Play(31, 0) in free and Play(31, 0) not in kept


def test_search_decides_from_the_view_only() -> None:
    """Redealing what seat 0 cannot see changes nothing in its choice."""
    state = GAME.setup(GAME.parse_options({"players": 3}), 77)
    other = GAME.reshuffle_hidden(state, 0, random.Random(1))
    assert other.hands[1] != state.hands[1] or other.draw != state.draw
    assert SearchBot(5, 8).act(state.view(0)) == SearchBot(5, 8).act(other.view(0))


def test_bot_names_and_budgets() -> None:
    assert {"random", "greedy", "heuristic", "mc", "best"} <= set(GAME.bot_names())
    assert GAME.make_bot("mc:7", 1).samples == 7
    for spec in ("mc:0", "mc:x", "heuristic:3", "nobody"):
        with pytest.raises(BadOptions):
            GAME.make_bot(spec, 1)


def test_bench_prints_its_json() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "the_game_bots.py"),
            "--games",
            "6",
            "--search-games",
            "2",
            "--engine-games",
            "3",
            "--players",
            "1,2",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
    )
    data = json.loads(out.stdout)
    assert set(data["bots"]) == {"random", "greedy", "heuristic", "best", "mc"}
    for per in data["bots"].values():
        for players in ("1", "2"):
            row = per[players]
            assert {
                "games",
                "wins",
                "win_rate",
                "win_rate_ci95",
                "mean_score",
                "games_per_second",
                "seconds_per_game",
            } <= set(row)
            low, high = row["win_rate_ci95"]
            assert 0 <= low <= row["win_rate"] <= high <= 1
    assert data["bots"]["heuristic"]["1"]["engine_matches_fast"] is True
