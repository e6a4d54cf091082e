"""The planner's bound (branch and bound on the plan's cost) cuts only nodes that could
not improve the plan: with no node cap, the pruned search and the full search return
the very same plan."""

from __future__ import annotations

import numpy as np

from partie.games.the_game.kernels import (
    PARAMS,
    _own_counts,
    _plan_alone,
    plan_workspace,
    prefix_counts,
    threshold,
)

NO_CAP = 10**9


def _random_position(rng: np.random.Generator) -> tuple:
    alive = np.zeros(101, np.bool_)
    cards = np.arange(2, 100)
    alive[cards[rng.random(98) >= rng.random()]] = True
    live = np.flatnonzero(alive)
    h = int(rng.integers(1, 9))
    if len(live) < h:
        return ()
    hand = np.sort(rng.choice(live, h, replace=False)).astype(np.int64)
    if rng.random() < 0.3:
        hand = rng.permutation(hand)
    tops = np.array([1, 1, 100, 100], np.int64)
    for p in range(4):
        if rng.random() < 0.5:
            tops[p] = rng.integers(1, 60) if p < 2 else rng.integers(40, 101)
    draw = int(rng.integers(0, 90)) if rng.random() < 0.8 else 0
    need = 1 if draw == 0 else (3 if rng.random() < 0.1 else 2)
    players = int(rng.integers(1, 6))
    kept = rng.random(4) < 0.2
    return hand, tops, alive, need, draw, players, kept


def _run(pos: tuple, prune: bool) -> tuple[float, list[tuple[int, int]]]:
    hand, tops, alive, need, draw, players, kept = pos
    params = PARAMS[players - 1]
    own = np.zeros(102, np.int64)
    _own_counts(hand, hand.shape[0], own)
    cards = np.zeros(12, np.int64)
    piles = np.zeros(12, np.int64)
    n = _plan_alone(
        hand,
        hand.shape[0],
        tops.copy(),
        prefix_counts(alive),
        own,
        need,
        threshold(draw, players, params),
        kept,
        params,
        cards,
        piles,
        plan_workspace(),
        NO_CAP,
        prune,
    )
    return n, list(zip(cards[:n].tolist(), piles[:n].tolist(), strict=True))


def test_pruned_search_finds_the_full_searchs_plan() -> None:
    rng = np.random.default_rng(2026)
    compared = played = 0
    for _ in range(3000):
        pos = _random_position(rng)
        if not pos:
            continue
        full = _run(pos, prune=False)
        pruned = _run(pos, prune=True)
        assert pruned == full, pos
        compared += 1
        played += full[0] > 0
    assert compared > 2500 and played > 1000
