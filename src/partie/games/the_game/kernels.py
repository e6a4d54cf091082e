"""The compiled kernels (numba) of The Game's bots, in one module.

They live together because numba's on-disk cache checks only the file of the function
it caches: a kernel calling one of another file could keep running stale code.

- ``plan_turn`` / ``wanted_signals``: the ``heuristic`` bot's decisions (see
  ``heuristic.py`` for the idea);
- ``engine_deal``: CPython's ``random.Random(seed).shuffle`` of the 98 cards;
- ``play_game``: a whole game between ``heuristic`` seats, move for move as the engine
  plays it (see ``fast.py``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

INF = 1.0e9
MAX_PLAN = 12
"""Longest plan the search looks at (a turn rarely lays more than a handful of cards)."""
MAX_NODES = 400
"""Plans looked at per turn at most; with cheap plays everywhere (late in the game) the
search would otherwise try every subset of them."""

# Parameter vector layout (one row per player count, see ``PARAMS``).
TRICK_BONUS = 0
OWN_WEIGHT = 1
THR_FULL = 2
THR_EMPTYING = 3
THR_EMPTY = 4
SIGNAL_GAP = 5
SIGNAL_PENALTY = 6
PAIR_PENALTY = 7
N_PARAMS = 8

PARAMS = np.array(
    [
        # trick, own, thr full, thr emptying, thr empty, signal gap, signal pen, pair pen
        [6.0, 0.0, 0.0, 0.5, 3.0, 3.0, 0.0, 8.0],  # solo (signals unused)
        [9.0, 0.0, 0.0, 0.25, 3.0, 0.0, 4.0, 16.0],  # 2 players
        [6.0, 0.5, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],  # 3 players
        [9.0, 0.0, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],  # 4 players
        [9.0, 0.0, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],  # 5 players
    ]
)
"""Tuned per player count with seeded simulations on the fast path (see the docs)."""


# Kernels ----------------------------------------------------------------------------


@njit(cache=True)
def prefix_counts(flags: np.ndarray) -> np.ndarray:
    """``cum[x]`` = number of cards below ``x`` whose flag is set (cards 0..100)."""
    cum = np.zeros(102, np.int64)
    for x in range(101):
        cum[x + 1] = cum[x] + (1 if flags[x] else 0)
    return cum


@njit(cache=True, inline="always")
def play_cost(
    card: int,
    top: int,
    pile: int,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    signal_cost: float,
) -> float:
    """What laying ``card`` on ``pile`` showing ``top`` costs; ``INF`` when illegal."""
    if pile < 2:
        if card == top - 10:
            return -params[TRICK_BONUS]
        if card <= top:
            return INF
        lo, hi = top + 1, card
    else:
        if card == top + 10:
            return -params[TRICK_BONUS]
        if card >= top:
            return INF
        lo, hi = card + 1, top
    alive = alive_cum[hi] - alive_cum[lo]
    own = own_cum[hi] - own_cum[lo]
    return alive + params[OWN_WEIGHT] * own + signal_cost


@njit(cache=True, inline="always")
def threshold(draw_count: int, players: int, params: np.ndarray) -> float:
    """How much an extra card may cost: strict while the draw pile is full, looser as it
    empties, loosest once it is empty."""
    if draw_count == 0:
        return params[THR_EMPTY]
    full = 98 - 6 * players
    if full < 1:
        full = 1
    f = draw_count / full
    if f > 1.0:
        f = 1.0
    return f * params[THR_FULL] + (1.0 - f) * params[THR_EMPTYING]


@njit(cache=True)
def plan_turn(
    hand: np.ndarray,
    tops: np.ndarray,
    alive: np.ndarray,
    need: int,
    draw_count: int,
    players: int,
    kept: np.ndarray,
    params: np.ndarray,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
) -> int:
    """The best plan for this turn, written to ``out_cards``/``out_piles`` in play order;
    returns its length (0 when no plan reaches ``need``).

    ``alive[x]`` is true for cards not yet played; ``kept[p]`` is true when another seat
    asked to keep pile ``p``. Depth-first search with an explicit stack. Piles are
    visited in order 0..3 so that each set of plays is tried in one order only. Cheap
    plays (cost under the threshold, tricks) are always tried; dear ones only while the
    plan still lacks required cards, and then only the cheapest of each pile and the
    set-ups (a card whose partner 10 away then goes back on the same pile as a trick).
    """
    h = hand.shape[0]
    depth_max = min(h, MAX_PLAN)
    # One allocation for the small stacks: rows are per depth.
    ints = np.zeros((6, MAX_PLAN + 1), np.int64)
    cur_p, cur_i, seq_p, seq_i, saved, nexp = (
        ints[0],
        ints[1],
        ints[2],
        ints[3],
        ints[4],
        ints[5],
    )
    dear = np.empty((MAX_PLAN + 1, 4), np.int64)
    acc = np.zeros(MAX_PLAN + 1)
    costs = np.empty((MAX_PLAN + 1, 4 * MAX_PLAN))
    flags = np.zeros((2, 101), np.bool_)
    mine = flags[0]
    free = flags[1]
    for i in range(h):
        mine[hand[i]] = True
        free[hand[i]] = True
    cums = np.zeros((2, 102), np.int64)
    alive_cum = cums[0]
    own_cum = cums[1]
    for x in range(101):
        alive_cum[x + 1] = alive_cum[x] + (1 if alive[x] else 0)
        own_cum[x + 1] = own_cum[x] + (1 if mine[x] else 0)
    thr = threshold(draw_count, players, params)
    pair_pen = params[PAIR_PENALTY]
    sig0 = params[SIGNAL_PENALTY] if kept[0] else 0.0
    sig1 = params[SIGNAL_PENALTY] if kept[1] else 0.0
    sig2 = params[SIGNAL_PENALTY] if kept[2] else 0.0
    sig3 = params[SIGNAL_PENALTY] if kept[3] else 0.0
    t = tops.copy()
    best = INF
    best_len = 0
    nodes = 0
    d = 0
    _node_costs(
        hand,
        free,
        t,
        0,
        alive_cum,
        own_cum,
        params,
        sig0,
        sig1,
        sig2,
        sig3,
        thr,
        pair_pen,
        need > 0,
        costs[0],
        dear,
        0,
    )
    while True:
        pushed = False
        row = costs[d]
        while cur_p[d] < 4:
            p = cur_p[d]
            i = cur_i[d]
            if i >= h:
                cur_p[d] = p + 1
                cur_i[d] = 0
                continue
            cur_i[d] = i + 1
            cost = row[p * MAX_PLAN + i]
            if cost >= INF:
                continue
            c = hand[i]
            expensive = cost > thr
            if expensive:
                if nexp[d] >= need:
                    continue
                if i != dear[d, p] and not _sets_up(c, p, free):
                    continue
            if nodes >= MAX_NODES and best_len > 0:
                break
            nodes += 1
            gain = cost - thr if d >= need else cost
            seq_p[d] = p
            seq_i[d] = i
            saved[d] = t[p]
            t[p] = c
            free[c] = False
            acc[d + 1] = acc[d] + gain
            nexp[d + 1] = nexp[d] + (1 if expensive else 0)
            if d + 1 >= need and acc[d + 1] < best - 1e-9:
                best = acc[d + 1]
                best_len = d + 1
                for k in range(d + 1):
                    out_cards[k] = hand[seq_i[k]]
                    out_piles[k] = seq_p[k]
            if d + 1 < depth_max:
                d += 1
                cur_p[d] = p
                cur_i[d] = 0
                _node_costs(
                    hand,
                    free,
                    t,
                    p,
                    alive_cum,
                    own_cum,
                    params,
                    sig0,
                    sig1,
                    sig2,
                    sig3,
                    thr,
                    pair_pen,
                    nexp[d] < need,
                    costs[d],
                    dear,
                    d,
                )
            else:
                t[p] = saved[d]
                free[c] = True
            pushed = True
            break
        if pushed:
            continue
        if d == 0:
            break
        d -= 1
        t[seq_p[d]] = saved[d]
        free[hand[seq_i[d]]] = True
    if best_len == 0 and need > 0:
        best_len = _cheapest_required(
            hand, tops, need, alive_cum, own_cum, params, out_cards, out_piles
        )
    return best_len


@njit(cache=True)
def _cheapest_required(
    hand: np.ndarray,
    tops: np.ndarray,
    need: int,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
) -> int:
    """The ``need`` plays (at most 3) of least total ``play_cost``, in any order: the
    fallback when the pruned search found no plan. Returns 0 when there is none."""
    h = hand.shape[0]
    t = tops.copy()
    best = INF
    found = 0
    for i in range(h):
        for p in range(4):
            ci = play_cost(hand[i], t[p], p, alive_cum, own_cum, params, 0.0)
            if ci >= INF:
                continue
            if need == 1:
                if ci < best:
                    best, found = ci, 1
                    out_cards[0], out_piles[0] = hand[i], p
                continue
            old_p = t[p]
            t[p] = hand[i]
            for j in range(h):
                if j == i:
                    continue
                for q in range(4):
                    cj = play_cost(hand[j], t[q], q, alive_cum, own_cum, params, 0.0)
                    if cj >= INF:
                        continue
                    if need == 2:
                        if ci + cj < best:
                            best, found = ci + cj, 2
                            out_cards[0], out_piles[0] = hand[i], p
                            out_cards[1], out_piles[1] = hand[j], q
                        continue
                    old_q = t[q]
                    t[q] = hand[j]
                    for k in range(h):
                        if k in (i, j):
                            continue
                        for r in range(4):
                            ck = play_cost(hand[k], t[r], r, alive_cum, own_cum, params, 0.0)
                            if ck < INF and ci + cj + ck < best:
                                best, found = ci + cj + ck, 3
                                out_cards[0], out_piles[0] = hand[i], p
                                out_cards[1], out_piles[1] = hand[j], q
                                out_cards[2], out_piles[2] = hand[k], r
                    t[q] = old_q
            t[p] = old_p
    return found


@njit(cache=True, inline="always")
def _partner_free(card: int, free: np.ndarray) -> bool:
    """Is ``card`` in the hand and not yet in the plan?"""
    return 2 <= card <= 99 and free[card]


@njit(cache=True, inline="always")
def _sets_up(card: int, pile: int, free: np.ndarray) -> bool:
    """After ``card`` on ``pile``, would a card of the hand go back 10 as a trick?"""
    return _partner_free(card - 10 if pile < 2 else card + 10, free)


@njit(cache=True, inline="always")
def _node_costs(
    hand: np.ndarray,
    free: np.ndarray,
    t: np.ndarray,
    first_pile: int,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    sig0: float,
    sig1: float,
    sig2: float,
    sig3: float,
    thr: float,
    pair_pen: float,
    dear_allowed: bool,
    row: np.ndarray,
    dear: np.ndarray,
    d: int,
) -> None:
    """Cost of every play at this node into ``row`` (``INF``: illegal or card already in
    the plan), and in ``dear[d, p]`` the card of the cheapest play above the threshold on
    each pile ``p``.

    A play's cost is ``play_cost`` plus the pair rule: laying a card whose partner 10
    away is still in hand, on a pile where the partner will never be a trick, breaks the
    pair and costs ``pair_pen`` more."""
    for p in range(first_pile, 4):
        dear[d, p] = -1
        low = INF
        sig = sig0 if p == 0 else (sig1 if p == 1 else (sig2 if p == 2 else sig3))
        top = t[p]
        for i in range(hand.shape[0]):
            c = hand[i]
            k = p * MAX_PLAN + i
            if not free[c]:
                row[k] = INF
                continue
            cost = play_cost(c, top, p, alive_cum, own_cum, params, sig)
            if 0.0 < cost < INF and _partner_free(c + 10 if p < 2 else c - 10, free):
                cost += pair_pen
            row[k] = cost
            if dear_allowed and cost > thr and cost < low:
                low = cost
                dear[d, p] = i


@njit(cache=True)
def wanted_signals(
    hand: np.ndarray, tops: np.ndarray, alive: np.ndarray, params: np.ndarray, out: np.ndarray
) -> None:
    """``out[p]`` = 1 ("keep") where a card still in ``hand`` would go on pile ``p``
    cheaply or as a trick, else 0 (no signal)."""
    mine = np.zeros(101, np.bool_)
    for i in range(hand.shape[0]):
        mine[hand[i]] = True
    alive_cum = prefix_counts(alive)
    own_cum = prefix_counts(mine)
    limit = params[SIGNAL_GAP]
    for p in range(4):
        out[p] = 0
        for i in range(hand.shape[0]):
            if play_cost(hand[i], tops[p], p, alive_cum, own_cum, params, 0.0) <= limit:
                out[p] = 1
                break


# CPython's Mersenne Twister (random.Random), enough of it to shuffle a deal ----------

_N = 624
_M = 397


@njit(cache=True)
def _mt_seed(seed: int) -> np.ndarray:
    """The generator state of ``random.Random(seed)`` for 0 <= seed < 2**64, as CPython
    builds it (``init_by_array`` over the 32-bit words of the seed). Index in slot 624."""
    mt = np.zeros(_N + 1, np.uint64)
    mask = np.uint64(0xFFFFFFFF)
    mt[0] = np.uint64(19650218)
    for i in range(1, _N):
        prev = mt[i - 1]
        mt[i] = (np.uint64(1812433253) * (prev ^ (prev >> np.uint64(30))) + np.uint64(i)) & mask
    key = np.zeros(2, np.uint64)
    s = np.uint64(seed)
    key[0] = s & mask
    key[1] = s >> np.uint64(32)
    klen = 2 if key[1] != 0 else 1
    i = 1
    j = 0
    for _ in range(max(_N, klen)):
        prev = mt[i - 1]
        mt[i] = (
            (mt[i] ^ (((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)) & mask))
            + key[j]
            + np.uint64(j)
        ) & mask
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= klen:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = (
            (mt[i] ^ (((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)) & mask))
            - np.uint64(i)
        ) & mask
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = np.uint64(0x80000000)
    mt[_N] = np.uint64(_N)
    return mt


@njit(cache=True)
def _mt_next(mt: np.ndarray) -> np.uint64:
    """The next 32-bit output (``genrand_uint32``)."""
    mask = np.uint64(0xFFFFFFFF)
    upper = np.uint64(0x80000000)
    lower = np.uint64(0x7FFFFFFF)
    matrix = np.uint64(0x9908B0DF)
    if mt[_N] >= _N:
        for k in range(_N):
            y = (mt[k] & upper) | (mt[(k + 1) % _N] & lower)
            v = mt[(k + _M) % _N] ^ (y >> np.uint64(1))
            if y & np.uint64(1):
                v ^= matrix
            mt[k] = v
        mt[_N] = 0
    y = mt[int(mt[_N])]
    mt[_N] += np.uint64(1)
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & mask


@njit(cache=True)
def engine_deal(seed: int) -> np.ndarray:
    """``order = list(range(2, 100)); random.Random(seed).shuffle(order)``."""
    mt = _mt_seed(seed)
    order = np.arange(2, 100).astype(np.int64)
    for i in range(97, 0, -1):
        n = i + 1
        k = 0
        while (n >> k) > 0:
            k += 1
        r = int(_mt_next(mt) >> np.uint64(32 - k))
        while r >= n:
            r = int(_mt_next(mt) >> np.uint64(32 - k))
        order[i], order[r] = order[r], order[i]
    return order


# The game loop ----------------------------------------------------------------------

ACTION_END = 0
"""Action codes in a recorded game: 0 ends the turn, ``card * 4 + pile`` lays a card,
``1000 + seat * 16 + pile * 4 + kind`` is a signal (kind 0 clear, 1 keep)."""


@njit(cache=True, inline="always")
def _legal(card: int, top: int, pile: int) -> bool:
    if pile < 2:
        return card > top or card == top - 10
    return card < top or card == top + 10


@njit(cache=True)
def _can_play(hand: np.ndarray, n: int, tops: np.ndarray, need: int) -> bool:
    """``rules.can_play_sequence`` on an array hand, for ``need`` <= 3 (loops, no
    recursion). ``tops`` is restored before returning."""
    if need <= 0:
        return True
    if need > n:
        return False
    for i in range(n):
        for p in range(4):
            if not _legal(hand[i], tops[p], p):
                continue
            if need == 1:
                return True
            old_p = tops[p]
            tops[p] = hand[i]
            for j in range(n):
                if j == i:
                    continue
                for q in range(4):
                    if not _legal(hand[j], tops[q], q):
                        continue
                    if need == 2:
                        tops[p] = old_p
                        return True
                    old_q = tops[q]
                    tops[q] = hand[j]
                    for k in range(n):
                        if k in (i, j):
                            continue
                        for r in range(4):
                            if _legal(hand[k], tops[r], r):
                                tops[q] = old_q
                                tops[p] = old_p
                                return True
                    tops[q] = old_q
            tops[p] = old_p
    return False


@njit(cache=True)
def play_game(
    order: np.ndarray,
    players: int,
    hand_size: int,
    base_min: int,
    params: np.ndarray,
    record: np.ndarray,
) -> tuple[int, int, int]:
    """One game between ``heuristic`` seats from the deal ``order``. Returns
    ``(score, actions, recorded)``; the first ``recorded`` actions are written to
    ``record`` (pass an empty array to record nothing)."""
    hands = np.zeros((players, 12), np.int64)
    sizes = np.zeros(players, np.int64)
    for s in range(players):
        for k in range(hand_size):
            hands[s, k] = order[s * hand_size + k]
        sizes[s] = hand_size
        hands[s, :hand_size].sort()
    nxt_draw = players * hand_size
    tops = np.array([1, 1, 100, 100], np.int64)
    alive = np.ones(101, np.bool_)
    alive[0] = False
    alive[1] = False
    alive[100] = False
    signals = np.zeros((players, 4), np.int64)
    kept = np.zeros(4, np.bool_)
    want = np.zeros(4, np.int64)
    plan_c = np.zeros(MAX_PLAN, np.int64)
    plan_p = np.zeros(MAX_PLAN, np.int64)
    cap = record.shape[0]
    actions = 0
    current = 0
    while True:
        draw_left = 98 - nxt_draw
        total = draw_left
        for s in range(players):
            total += sizes[s]
        if total == 0:
            return 0, actions, min(actions, cap)
        need = base_min if draw_left > 0 else 1
        n = sizes[current]
        if not _can_play(hands[current], n, tops, need):
            return total, actions, min(actions, cap)
        for p in range(4):
            kept[p] = False
            for s in range(players):
                if s != current and signals[s, p] == 1:
                    kept[p] = True
        length = plan_turn(
            hands[current, :n].copy(),
            tops,
            alive,
            need,
            draw_left,
            players,
            kept,
            params,
            plan_c,
            plan_p,
        )
        played = 0
        for k in range(length):
            c = plan_c[k]
            p = plan_p[k]
            m = sizes[current]
            for i in range(m):
                if hands[current, i] == c:
                    for j in range(i, m - 1):
                        hands[current, j] = hands[current, j + 1]
                    break
            sizes[current] = m - 1
            tops[p] = c
            alive[c] = False
            played += 1
            if actions < cap:
                record[actions] = c * 4 + p
            actions += 1
            total -= 1
            if total == 0:
                return 0, actions, min(actions, cap)
            if played < need and not _can_play(hands[current], sizes[current], tops, 1):
                return total, actions, min(actions, cap)
        if players > 1:
            wanted_signals(hands[current, : sizes[current]].copy(), tops, alive, params, want)
            for p in range(4):
                kind = -1
                if want[p] == 1 and signals[current, p] != 1:
                    kind = 1
                elif want[p] == 0 and signals[current, p] != 0:
                    kind = 0
                if kind >= 0:
                    signals[current, p] = kind
                    if actions < cap:
                        record[actions] = 1000 + current * 16 + p * 4 + kind
                    actions += 1
        if actions < cap:
            record[actions] = ACTION_END
        actions += 1
        m = sizes[current]
        for _ in range(min(played, 98 - nxt_draw)):
            hands[current, m] = order[nxt_draw]
            nxt_draw += 1
            m += 1
        sizes[current] = m
        hands[current, :m].sort()
        nx = current
        for _ in range(players):
            nx = (nx + 1) % players
            if sizes[nx] > 0:
                break
        current = nx


@njit(cache=True)
def _play_seeds(
    seeds: np.ndarray, players: int, hand_size: int, base_min: int, params: np.ndarray
) -> np.ndarray:
    out = np.zeros((seeds.shape[0], 2), np.int64)
    empty = np.zeros(0, np.int64)
    for g in range(seeds.shape[0]):
        score, actions, _ = play_game(
            engine_deal(seeds[g]), players, hand_size, base_min, params, empty
        )
        out[g, 0] = score
        out[g, 1] = actions
    return out
