"""The planner's bound (branch and bound on the plan's cost) cuts only nodes that could
not improve the plan: with no node cap, the pruned search and the full search return
the very same plan."""

from __future__ import annotations

import numpy as np

from partie.games.the_game.kernels import (
    _ROWS,
    MAX_HAND,
    OWN_WEIGHT,
    PARAMS,
    TRICK_BONUS,
    _cost_row,
    _cost_row_sorted,
    _dearest,
    _dearest_sorted,
    _least_gains,
    _least_gains_sorted,
    _own_counts,
    _plan_alone,
    plan_turn,
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


def test_pruned_search_finds_the_full_searchs_plan_with_pairs() -> None:
    """The same on sorted hands rich in pairs ten apart, where the bound counts one
    trick, not two, for a pair alone in hand (``_least_gains_sorted``)."""
    rng = np.random.default_rng(2027)
    compared = 0
    for _ in range(1500):
        pos = _random_position(rng)
        if not pos:
            continue
        hand = _paired_hand(rng, pos[2])
        pos = (hand, *pos[1:])
        full = _run(pos, prune=False)
        assert _run(pos, prune=True) == full, pos
        compared += 1
    assert compared > 1200


def test_a_lone_pair_counts_one_trick() -> None:
    """Solo, draw pile full (threshold 0): 30 and 40 alone in hand. At most one of them
    is a trick (the second laid), and the other goes on a pile: on the ascending pile at
    28 (29 alive between) or on the descending pile at 45 (41..44 alive), so at least 1
    alive card. The bound is -9 + 0 (the least gain as no trick is capped at 0), not
    twice -9."""
    alive = np.zeros(101, np.bool_)
    alive[2:100] = True
    hand = np.array([30, 40], np.int64)
    tops = np.array([28, 1, 45, 100], np.int64)
    params = PARAMS[0]
    thr = threshold(80, 1, params)
    assert thr == 0.0
    up = np.zeros(MAX_HAND, np.int64)
    down = np.zeros(MAX_HAND, np.int64)
    up[0], down[1] = 2, 1
    alive_cum = prefix_counts(alive)
    at = np.zeros(MAX_HAND, np.int64)
    past = np.zeros(MAX_HAND, np.int64)
    at[:2] = alive_cum[hand]
    past[:2] = alive_cum[hand + 1]
    low = np.zeros(MAX_HAND)
    paired = np.zeros(MAX_HAND)
    trick = params[TRICK_BONUS]
    bound = _least_gains_sorted(
        hand, 2, tops, alive_cum, at, past, trick, thr, low, up, down, 1, paired
    )
    assert list(low[:2]) == [-trick, -trick]
    assert bound == -trick
    assert list(paired[:2]) == [trick, trick]
    # an ascending pile at 50 makes 40 a trick on its own: two tricks, no pair rule
    tops[1] = 50
    bound = _least_gains_sorted(
        hand, 2, tops, alive_cum, at, past, trick, thr, low, up, down, 1, paired
    )
    assert bound == -2 * trick


def _paired_hand(rng: np.random.Generator, alive: np.ndarray) -> np.ndarray:
    """A sorted hand of alive cards where most cards have their partner 10 away."""
    live = np.flatnonzero(alive)
    hand: set[int] = set()
    for c in rng.choice(live, min(len(live), int(rng.integers(1, 5))), replace=False).tolist():
        hand.add(c)
        partner = c + 10 if rng.random() < 0.5 else c - 10
        if rng.random() < 0.7 and 2 <= partner <= 99 and alive[partner]:
            hand.add(partner)
    return np.array(sorted(hand)[:MAX_HAND], np.int64)


def test_dearest_play_by_masks_is_the_plain_scans() -> None:
    """For a sorted hand the planner finds a pile's cheapest dear play from two masks of
    its cost row (``_dearest_sorted``) instead of scanning the cards (``_dearest``):
    the same card, over random rows, cards in hand and pair penalties, ties included
    (a plain cost equal to another card's cost with the penalty: the lower index
    wins)."""
    rng = np.random.default_rng(7)
    base = np.zeros(_ROWS * MAX_HAND)
    masks = np.zeros((4, _ROWS), np.int64)
    compared = penalised = ties = 0
    for _ in range(20000):
        pos = _random_position(rng)
        if not pos:
            continue
        _, tops, alive, _, draw, players, _ = pos
        hand = _paired_hand(rng, alive)
        h = hand.shape[0]
        params = PARAMS[players - 1].copy()
        params[OWN_WEIGHT] = rng.choice([0.0, 0.5, 1.5])
        thr = threshold(draw, players, params)
        pair_pen = float(rng.choice([1.0, 2.0, 3.0, 8.0]))
        up = np.zeros(MAX_HAND, np.int64)
        down = np.zeros(MAX_HAND, np.int64)
        for i in range(h):
            for j in range(h):
                if hand[j] == hand[i] + 10:
                    up[i], down[j] = 1 << j, 1 << i
        own = np.zeros(102, np.int64)
        _own_counts(hand, h, own)
        q = int(rng.integers(0, 4))
        r = q * (MAX_HAND + 1) + int(rng.integers(0, h + 1))
        pair, back = (up, down) if q < 2 else (down, up)
        legal = _cost_row(
            q, r, hand, h, tops, prefix_counts(alive), own, params,
            float(rng.choice([0.0, 4.0])), thr, pair_pen, pair, back, True, base, masks,
        )  # fmt: skip
        free = int(rng.integers(0, 1 << h)) | legal
        m = legal & free & ~int(masks[1, r])
        if rng.random() < 0.5:
            m &= int(rng.integers(0, 1 << h))
        with_partner = sum(1 << i for i in range(h) if pair[i] != 0)
        plain = _dearest(r, m, base, pair, free, pair_pen, thr)
        by_masks = _dearest_sorted(
            r, m, base, pair, with_partner, free, pair_pen, masks, q < 2
        )  # fmt: skip
        assert by_masks == plain, (hand, tops, q, r, m, free)
        compared += 1
        costs = {
            base[r * MAX_HAND + i] + (pair_pen if (pair[i] & free) else 0.0)
            for i in range(h)
            if m >> i & 1 and base[r * MAX_HAND + i] > 0.0
        }
        penalised += any(m >> i & 1 and pair[i] & free for i in range(h))
        ties += plain >= 0 and len(costs) < sum(
            1 for i in range(h) if m >> i & 1 and base[r * MAX_HAND + i] > 0.0
        )
    assert compared > 15000 and penalised > 2000 and ties > 50, (compared, penalised, ties)


def test_sorted_rows_and_bounds_are_the_plain_ones() -> None:
    """For a sorted hand the planner builds its cost rows from the alive counts at each
    card (``_cost_row_sorted``, its masks by a walk from the top when the settings make
    the costs grow away from it) and its bound from them (``_least_gains_sorted``),
    without ``play_cost``: the very same floats and masks as the plain versions, over
    random positions, piles, tops (the pile's or a card of the hand) and settings."""
    rng = np.random.default_rng(11)
    rows = tricks = walked = lone_pairs = 0
    for _ in range(6000):
        pos = _random_position(rng)
        if not pos:
            continue
        _, tops, alive, _, draw, players, kept = pos
        hand = _paired_hand(rng, alive) if rng.random() < 0.5 else np.sort(pos[0])
        h = hand.shape[0]
        params = PARAMS[players - 1].copy()
        params[OWN_WEIGHT] = rng.choice([0.0, 0.25, 1.0])
        thr = threshold(draw, players, params)
        up = np.zeros(MAX_HAND, np.int64)
        down = np.zeros(MAX_HAND, np.int64)
        for i in range(h):
            for j in range(h):
                if hand[j] == hand[i] + 10:
                    up[i], down[j] = 1 << j, 1 << i
        alive_cum = prefix_counts(alive)
        own = np.zeros(102, np.int64)
        _own_counts(hand, h, own)
        at = np.zeros(MAX_HAND, np.int64)
        past = np.zeros(MAX_HAND, np.int64)
        at[:h] = alive_cum[hand]
        past[:h] = alive_cum[hand + 1]
        low_plain = np.zeros(MAX_HAND)
        low_sorted = np.zeros(MAX_HAND)
        trick = params[TRICK_BONUS]
        total = _least_gains(hand, h, tops, alive_cum, trick, thr, low_plain)
        setups_down = sum(1 << i for i in range(h) if up[i])
        paired = np.full(MAX_HAND, np.nan)
        tighter = _least_gains_sorted(
            hand, h, tops, alive_cum, at, past, trick, thr, low_sorted, up, down,
            setups_down, paired,
        )  # fmt: skip
        assert np.array_equal(low_plain[:h], low_sorted[:h])
        # what a lone pair adds to the bound, once per pair, and never below the plain
        extras = [paired[i] for i in range(h) if up[i] and paired[i] > 0.0]
        assert all(paired[i] >= 0.0 for i in range(h) if up[i] or down[i])
        assert abs(tighter - (total + sum(extras))) < 1e-9
        lone_pairs += len(extras) > 0
        q = int(rng.integers(0, 4))
        r = q * (MAX_HAND + 1) + int(rng.integers(0, h + 1))
        pair, back = (up, down) if q < 2 else (down, up)
        sig = float(rng.choice([0.0, 4.0])) if kept[q] else 0.0
        pair_pen = float(rng.choice([0.0, 3.0, 8.0]))
        walk = bool(rng.random() < 0.7)
        walked += walk
        out = []
        for row in (_cost_row, _cost_row_sorted):
            base = np.full(_ROWS * MAX_HAND, np.nan)
            masks = np.zeros((4, _ROWS), np.int64)
            if row is _cost_row:
                legal = row(
                    q, r, hand, h, tops, alive_cum, own, params, sig, thr, pair_pen,
                    pair, back, True, base, masks,
                )  # fmt: skip
            else:
                # walking from the top (costs grow away from it) or card by card
                legal = row(
                    q, r, hand, h, tops, alive_cum, own, at, past, params, sig, thr,
                    pair_pen, pair, back, walk, base, masks,
                )  # fmt: skip
            costs = [base[r * MAX_HAND + i] for i in range(h) if legal >> i & 1]
            out.append((legal, masks[:, r].tolist(), costs))
        assert out[0] == out[1], (hand, tops, q, r)
        rows += 1
        tricks += any(c == -trick for c in out[0][2])
    assert rows > 5000 and tricks > 300 and 3000 < walked < rows, (rows, tricks, walked)
    assert lone_pairs > 500, lone_pairs


def test_a_trick_brings_a_pile_back_within_the_bounds_reach() -> None:
    """Solo, draw pile empty: 55 fits no pile, but 50 is a trick on the ascending pile
    at 60 and 55 then goes on 50 with no alive card between. The bound must count 55 as
    playable (a node that ties the best plan is cut, so a bound calling 55 unplayable
    would stop at the trick alone)."""
    alive = np.zeros(101, np.bool_)
    alive[2:100] = True
    alive[51:55] = False
    hand = np.array([50, 55], np.int64)
    tops = np.array([60, 99, 42, 31], np.int64)
    cards = np.zeros(12, np.int64)
    piles = np.zeros(12, np.int64)
    n = plan_turn(hand, tops, alive, 1, 0, 1, np.zeros(4, np.bool_), PARAMS[0], cards, piles)
    assert list(zip(cards[:n].tolist(), piles[:n].tolist(), strict=True)) == [(50, 0), (55, 0)]
