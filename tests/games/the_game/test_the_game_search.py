"""The search bot's kernels: the solo endgame solver, the plans of exactly the required
cards, successive halving, and the bot's use of them."""

from __future__ import annotations

import random

import numpy as np

from partie.games.the_game.kernels import SEARCH_PARAMS as PARAMS
from partie.games.the_game.rules import Play
from partie.games.the_game.search import SearchBot
from partie.games.the_game.search_kernels import endgame_solve, min_plans, search_choose


def legal(card: int, top: int, pile: int) -> bool:
    if pile < 2:
        return card > top or card == top - 10
    return card < top or card == top + 10


def longest(hand: list[int], tops: list[int]) -> int:
    """Brute force: the most cards of ``hand`` laid one after another."""
    best = 0
    for i, c in enumerate(hand):
        for p in range(4):
            if legal(c, tops[p], p):
                t = list(tops)
                t[p] = c
                best = max(best, 1 + longest(hand[:i] + hand[i + 1 :], t))
    return best


def test_endgame_solver_matches_brute_force() -> None:
    rng = random.Random(4)
    cards = np.zeros(12, np.int64)
    piles = np.zeros(12, np.int64)
    for _ in range(200):
        n = rng.randint(1, 6)
        hand = sorted(rng.sample(range(2, 100), n))
        tops = [rng.randint(1, 90), rng.randint(1, 90), rng.randint(10, 100), rng.randint(10, 100)]
        got = endgame_solve(
            np.array(hand, np.int64), n, np.array(tops, np.int64), 10**5, 16, cards, piles
        )
        assert got == longest(hand, tops)
        t = list(tops)
        for k in range(got):  # the sequence it gives is legal, each card once
            assert legal(int(cards[k]), t[piles[k]], int(piles[k]))
            t[piles[k]] = int(cards[k])
        assert len(set(cards[:got].tolist())) == got


def test_endgame_solver_finds_the_only_winning_order() -> None:
    """Only 30 goes anywhere (on 25); then 20 and 10 go back on it as tricks."""
    hand = np.array([10, 20, 30], np.int64)
    tops = np.array([25, 99, 5, 5], np.int64)
    cards = np.zeros(12, np.int64)
    piles = np.zeros(12, np.int64)
    assert endgame_solve(hand, 3, tops, 1000, 10, cards, piles) == 3
    assert cards[:3].tolist() == [30, 20, 10] and piles[:3].tolist() == [0, 0, 0]
    assert endgame_solve(np.array([20, 30], np.int64), 2, tops, 1000, 10, cards, piles) == 2
    assert endgame_solve(np.array([10, 20], np.int64), 2, tops, 1000, 10, cards, piles) == 0


def test_min_plans_are_distinct_legal_and_cheapest_first() -> None:
    hand = np.array([12, 22, 40, 55, 61, 80, 93, 97], np.int64)
    tops = np.array([10, 30, 90, 100], np.int64)
    alive = np.ones(101, np.bool_)
    limit = 50
    cards = np.zeros((limit, 3), np.int64)
    piles = np.zeros((limit, 3), np.int64)
    costs = np.zeros(limit)
    n = min_plans(hand, tops, alive, 2, PARAMS[0], limit, cards, piles, costs)
    assert n == limit
    assert all(costs[k] <= costs[k + 1] for k in range(n - 1))
    seen = set()
    for r in range(n):
        t = tops.tolist()
        for k in range(2):
            assert legal(int(cards[r, k]), t[piles[r, k]], int(piles[r, k]))
            t[piles[r, k]] = int(cards[r, k])
        key = (frozenset(cards[r, :2].tolist()), tuple(t))
        assert key not in seen
        seen.add(key)
    # cheapest, at 5 each: 97 on 100 (98, 99 wasted) then 93 (94..96); or 22 on 10
    # (11..21) then 12 back as a trick (-6). 12 on 10 alone breaks the pair 12/22 (+8).
    first_two = {tuple(cards[r, :2].tolist()) for r in range(2)}
    assert costs[0] == costs[1] == 5.0 and costs[2] > 5.0
    assert first_two == {(97, 93), (22, 12)}


def test_successive_halving_picks_a_surviving_candidate() -> None:
    """The same budget in rounds still returns a candidate; with one clearly bad plan
    (burying a pile) among good ones, neither form picks it."""
    hand = np.array([3, 4, 50, 96, 97, 60, 70, 80], np.int64)
    tops = np.array([1, 1, 100, 100], np.int64)
    alive = np.ones(101, np.bool_)
    alive[:2] = False
    alive[100] = False
    cand_cards = np.zeros((3, 12), np.int64)
    cand_piles = np.zeros((3, 12), np.int64)
    cand_cards[0, :2] = [3, 4]  # cheap: 3 then 4 on an ascending pile
    cand_cards[1, :2] = [97, 96]
    cand_piles[1, :2] = [2, 2]  # cheap: 97 then 96 on a descending pile
    cand_cards[2, :2] = [80, 4]
    cand_piles[2, :2] = [0, 1]  # dear: 80 on an ascending pile at 1
    cand_len = np.array([2, 2, 2], np.int64)
    for halving in (0, 3):
        scores = np.zeros(3, np.int64)
        best = search_choose(
            hand,
            tops,
            alive,
            np.array([8]),
            0,
            90,
            2,
            PARAMS[0],
            cand_cards,
            cand_piles,
            cand_len,
            30,
            7,
            scores,
            -1,
            5.0,
            halving,
            0,
        )
        assert best in (0, 1)


def test_solo_bot_solves_the_endgame() -> None:
    """Alone with the draw pile empty, the bot lays a winning sequence at once."""
    view = {
        "seat": 0,
        "players": 1,
        "hand": [10, 20, 30],
        "piles": [{"top": 25}, {"top": 99}, {"top": 5}, {"top": 5}],
        "played": [c for c in range(2, 100) if c not in (10, 20, 30)],
        "hand_sizes": [3],
        "draw_count": 0,
        "played_this_turn": 0,
        "min_cards": 1,
        "signals": [],
        "options": {"expert": False, "fewer_cards": False},
    }
    plan = SearchBot(1, 10, solve=1000).plan(view)
    assert plan == [Play(30, 0), Play(20, 0), Play(10, 0)]
