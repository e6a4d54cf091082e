"""The cheap bots (``random``, ``greedy``, ``minjump``) as compiled kernels.

One kernel per bot decides from small integer arrays (a sorted hand, the four tops,
what is left to lay), and one game loop (``_play_cheap``) follows the engine's rules
line by line: the minimum per turn, "stuck" at the start of a turn and after a play
that leaves the minimum out of reach, drawing, skipping empty hands. ``MinJumpBot``
calls the very kernel the loop calls, so the engine bot and the fast path cannot
drift apart; ``random`` and ``greedy`` are rewritten from ``bots.py`` and
``tests/games/the_game/test_fast_cheap.py`` checks all three against the engine, move
by move.

``random`` draws from each seat's own ``random.Random(bot_seed)``: the Mersenne
Twister of ``kernels`` (seeding and ``_randbelow``) replays CPython's exactly.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from partie.games.the_game import kernels as _kernels
from partie.games.the_game.cache_stamp import clear_stale
from partie.games.the_game.kernels import (
    _N,
    ACTION_END,
    LANES,
    _mt_next,
    _mt_seed_into,
    deal_lanes,
    deal_workspace,
)

BIG = 1 << 30
KIND_RANDOM = 0
KIND_GREEDY = 1
KIND_MINJUMP = 2
KINDS = {"random": KIND_RANDOM, "greedy": KIND_GREEDY, "minjump": KIND_MINJUMP}


@njit(cache=True, inline="always")
def _jump(card: int, top: int, pile: int) -> int:
    """How far ``card`` moves pile ``pile`` (-10 for a trick), ``BIG`` if illegal."""
    if pile < 2:
        if card > top:
            return card - top
        if card == top - 10:
            return -10
        return BIG
    if card < top:
        return top - card
    if card == top + 10:
        return -10
    return BIG


@njit(cache=True, inline="always")
def _popcount(x: int) -> int:
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def _broken(partners: np.ndarray, chosen: int, n: int) -> int:
    """Pairs ten apart of the hand that the set ``chosen`` (a bit per hand index)
    splits: a chosen card whose partner stays in hand."""
    b = 0
    for i in range(n):
        if chosen >> i & 1:
            b += _popcount(partners[i] & ~chosen)
    return b


# minjump ----------------------------------------------------------------------------


@njit(cache=True)
def minjump_turn(
    hand: np.ndarray,
    n: int,
    tops: np.ndarray,
    need: int,
    limit: int,
    out_c: np.ndarray,
    out_p: np.ndarray,
    ws: np.ndarray,
) -> int:
    """The whole turn of ``minjump``: ``need`` plays (at most 3) with the smallest total
    jump, ties going to the plan that splits the fewest pairs ten apart of the hand (then
    to the first found, hand order then pile order), then extra plays while the smallest
    jump left is at most ``limit`` (ties: fewest pairs split, then the first found).
    Returns the number of plays written to ``out_c``/``out_p`` (0 when ``need`` plays do
    not exist). ``hand`` (sorted) and ``tops`` are left as they were; ``ws`` (at least
    ``n + 4`` integers) is scratch space, so that a game allocates nothing per turn."""
    if need > n or need > 3:
        return 0
    partners = ws[:n]
    for i in range(n):
        partners[i] = 0
        for k in range(n):
            if hand[k] == hand[i] + 10 or hand[k] == hand[i] - 10:
                partners[i] |= 1 << k
    t = ws[n : n + 4]
    for p in range(4):
        t[p] = tops[p]
    best_cost = BIG
    best_broken = BIG
    i0 = i1 = i2 = -1
    p0 = p1 = p2 = -1
    for i in range(n if need >= 1 else 0):
        for p in range(4):
            ji = _jump(hand[i], t[p], p)
            if ji == BIG:
                continue
            if need == 1:
                if ji <= best_cost:
                    br = _broken(partners, 1 << i, n)
                    if ji < best_cost or br < best_broken:
                        best_cost, best_broken, i0, p0 = ji, br, i, p
                continue
            if ji - 10 * (need - 1) > best_cost:  # no later play jumps less than -10
                continue
            old_p = t[p]
            t[p] = hand[i]
            for j in range(n):
                if j == i:
                    continue
                for q in range(4):
                    jj = _jump(hand[j], t[q], q)
                    if jj == BIG:
                        continue
                    if need == 2:
                        c2 = ji + jj
                        if c2 <= best_cost:
                            br = _broken(partners, (1 << i) | (1 << j), n)
                            if c2 < best_cost or br < best_broken:
                                best_cost, best_broken = c2, br
                                i0, p0, i1, p1 = i, p, j, q
                        continue
                    if ji + jj - 10 > best_cost:
                        continue
                    old_q = t[q]
                    t[q] = hand[j]
                    for k in range(n):
                        if k in (i, j):
                            continue
                        for r in range(4):
                            jk = _jump(hand[k], t[r], r)
                            if jk == BIG:
                                continue
                            c3 = ji + jj + jk
                            if c3 <= best_cost:
                                br = _broken(partners, (1 << i) | (1 << j) | (1 << k), n)
                                if c3 < best_cost or br < best_broken:
                                    best_cost, best_broken = c3, br
                                    i0, p0, i1, p1, i2, p2 = i, p, j, q, k, r
                    t[q] = old_q
            t[p] = old_p
    if need >= 1 and best_cost == BIG:
        return 0
    used = 0
    length = 0
    for s in range(need):
        i, p = (i0, p0) if s == 0 else ((i1, p1) if s == 1 else (i2, p2))
        used |= 1 << i
        out_c[length] = hand[i]
        out_p[length] = p
        t[p] = hand[i]
        length += 1
    while length < n:
        best_j = BIG
        best_b = BIG
        ci = -1
        cp = -1
        for i in range(n):
            if used >> i & 1:
                continue
            for p in range(4):
                j = _jump(hand[i], t[p], p)
                if j > best_j or j == BIG:
                    continue
                br = _popcount(partners[i] & ~(used | (1 << i)))
                if j < best_j or br < best_b:
                    best_j, best_b, ci, cp = j, br, i, p
        if ci < 0 or best_j > limit:
            break
        used |= 1 << ci
        out_c[length] = hand[ci]
        out_p[length] = cp
        t[cp] = hand[ci]
        length += 1
    return length


# greedy -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _best_pile(card: int, t: np.ndarray) -> tuple[int, int]:
    """``bots._best_pile``: (jump, pile) of the pile ``card`` moves the least."""
    best_j = BIG
    best_p = -1
    for p in range(4):
        j = _jump(card, t[p], p)
        if j < best_j:
            best_j, best_p = j, p
    return best_j, best_p


@njit(cache=True)
def greedy_act(hand: np.ndarray, n: int, tops: np.ndarray, need: int) -> tuple[int, int]:
    """``GreedyBot.act`` as (card, pile), or (0, -1) to end the turn: a trick if there
    is one, else the first card of the cheapest ``need`` cards (every order tried, as
    ``itertools.permutations`` orders them, each card on the pile it moves least)."""
    for i in range(n):
        for p in range(4):
            if _jump(hand[i], tops[p], p) == -10:
                return hand[i], p
    if need <= 0:
        return 0, -1
    t = tops.copy()
    best_cost = BIG
    first_c = 0
    first_p = -1
    if need <= n:
        for i in range(n):
            ji, pi = _best_pile(hand[i], t)
            if pi < 0:
                continue
            if need == 1:
                if ji < best_cost:
                    best_cost, first_c, first_p = ji, hand[i], pi
                continue
            old_i = t[pi]
            t[pi] = hand[i]
            for j in range(n):
                if j == i:
                    continue
                jj, pj = _best_pile(hand[j], t)
                if pj < 0:
                    continue
                if need == 2:
                    if ji + jj < best_cost:
                        best_cost, first_c, first_p = ji + jj, hand[i], pi
                    continue
                old_j = t[pj]
                t[pj] = hand[j]
                for k in range(n):
                    if k in (i, j):
                        continue
                    jk, pk = _best_pile(hand[k], t)
                    if pk >= 0 and ji + jj + jk < best_cost:
                        best_cost, first_c, first_p = ji + jj + jk, hand[i], pi
                t[pj] = old_j
            t[pi] = old_i
    if first_p >= 0:
        return first_c, first_p
    for i in range(n):  # stuck: the first legal play, as the bot does
        for p in range(4):
            if _jump(hand[i], tops[p], p) != BIG:
                return hand[i], p
    return 0, -1


# random -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _randbelow(mt: np.ndarray, n: int) -> int:
    """``random.Random._randbelow(n)`` (getrandbits of ``n.bit_length()`` bits)."""
    k = 0
    while (n >> k) > 0:
        k += 1
    r = int(_mt_next(mt) >> np.uint64(32 - k))
    while r >= n:
        r = int(_mt_next(mt) >> np.uint64(32 - k))
    return r


@njit(cache=True)
def random_act(
    hand: np.ndarray, n: int, tops: np.ndarray, may_end: bool, mt: np.ndarray
) -> tuple[int, int]:
    """``RandomBot.act``: uniform over the legal plays (hand order, then pile order)
    and, when ``may_end``, ending the turn (last option); (0, -1) ends the turn."""
    count = 0
    for i in range(n):
        for p in range(4):
            if _jump(hand[i], tops[p], p) != BIG:
                count += 1
    total = count + (1 if may_end else 0)
    if total == 0:
        return 0, -1
    pick = _randbelow(mt, total)
    for i in range(n):
        for p in range(4):
            if _jump(hand[i], tops[p], p) != BIG:
                if pick == 0:
                    return hand[i], p
                pick -= 1
    return 0, -1


# The game loop ----------------------------------------------------------------------


@njit(cache=True)
def _can_reach(hand: np.ndarray, n: int, tops: np.ndarray, need: int) -> bool:
    """``rules.can_play_sequence`` for ``need`` <= 3."""
    if need <= 0:
        return True
    if need > n:
        return False
    for i in range(n):
        for p in range(4):
            if _jump(hand[i], tops[p], p) == BIG:
                continue
            if need == 1:
                return True
            old_p = tops[p]
            tops[p] = hand[i]
            for j in range(n):
                if j == i:
                    continue
                for q in range(4):
                    if _jump(hand[j], tops[q], q) == BIG:
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
                            if _jump(hand[k], tops[r], r) != BIG:
                                tops[q] = old_q
                                tops[p] = old_p
                                return True
                    tops[q] = old_q
            tops[p] = old_p
    return False


@njit(cache=True, inline="always")
def _any_legal(hand: np.ndarray, n: int, tops: np.ndarray) -> bool:
    for i in range(n):
        for p in range(4):
            if _jump(hand[i], tops[p], p) != BIG:
                return True
    return False


@njit(cache=True)
def _play_cheap(
    order: np.ndarray,
    players: int,
    hand_size: int,
    base_min: int,
    kind: int,
    r_full: int,
    e_empty: int,
    mts: np.ndarray,
    record: np.ndarray,
) -> tuple[int, int, int]:
    """One game with every seat the bot ``kind`` from the deal ``order`` (seat 0's hand
    first, then the others, then the draw pile from its top). ``mts[s]`` is seat ``s``'s
    generator (``random`` only). Returns ``(score, actions, recorded)``: the first
    ``recorded`` action codes (``kernels.ACTION_END``, ``card * 4 + pile``) go to
    ``record``."""
    hands = np.zeros((players, 16), np.int64)
    sizes = np.zeros(players, np.int64)
    tops = np.array([1, 1, 100, 100], np.int64)
    plan_c = np.zeros(16, np.int64)
    plan_p = np.zeros(16, np.int64)
    scratch = np.zeros(32, np.int64)
    for s in range(players):
        for k in range(hand_size):
            hands[s, k] = order[s * hand_size + k]
        hands[s, :hand_size].sort()
        sizes[s] = hand_size
    nxt_draw = players * hand_size
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
        hand = hands[current]
        length = 0
        if kind == KIND_MINJUMP:
            # minjump tries every legal sequence of ``need`` cards: no plan, no sequence
            limit = r_full if draw_left > 0 else e_empty
            n = sizes[current]
            length = minjump_turn(hand, n, tops, need, limit, plan_c, plan_p, scratch)
            if length == 0:
                return total, actions, min(actions, cap)
        elif not _can_reach(hand, sizes[current], tops, need):
            return total, actions, min(actions, cap)
        played = 0
        while True:
            if kind == KIND_MINJUMP:
                if played < length:
                    c, p = plan_c[played], plan_p[played]
                else:
                    c, p = 0, -1
            elif kind == KIND_GREEDY:
                c, p = greedy_act(hand, sizes[current], tops, need - played)
            else:
                c, p = random_act(hand, sizes[current], tops, played >= need, mts[current])
            if p < 0:
                break
            m = sizes[current]
            for i in range(m):
                if hand[i] == c:
                    for j in range(i, m - 1):
                        hand[j] = hand[j + 1]
                    break
            sizes[current] = m - 1
            tops[p] = c
            played += 1
            if actions < cap:
                record[actions] = c * 4 + p
            actions += 1
            total -= 1
            if total == 0:
                return 0, actions, min(actions, cap)
            if played < need and not _any_legal(hand, sizes[current], tops):
                return total, actions, min(actions, cap)
        if actions < cap:
            record[actions] = ACTION_END
        actions += 1
        m = sizes[current]
        for _ in range(min(played, 98 - nxt_draw)):
            c = order[nxt_draw]
            nxt_draw += 1
            j = m
            while j > 0 and hand[j - 1] > c:
                hand[j] = hand[j - 1]
                j -= 1
            hand[j] = c
            m += 1
        sizes[current] = m
        nx = current
        for _ in range(players):
            nx = (nx + 1) % players
            if sizes[nx] > 0:
                break
        current = nx


@njit(cache=True)
def play_cheap_seeds(
    seeds: np.ndarray,
    bot_seeds: np.ndarray,
    deals: np.ndarray,
    players: int,
    hand_size: int,
    base_min: int,
    kind: int,
    r_full: int,
    e_empty: int,
) -> np.ndarray:
    """A batch of games: (score, actions) per game. The deal is game ``g``'s row of
    ``deals`` when ``deals`` has rows, else the engine's shuffle of ``seeds[g]``;
    ``bot_seeds[g, s]`` seeds seat ``s``'s generator (``random`` only)."""
    out = np.zeros((seeds.shape[0], 2), np.int64)
    empty = np.zeros(0, np.int64)
    dws = deal_workspace()
    mts = np.empty((players, _N + 1), np.uint64)
    order = np.empty(98, np.int64)
    for g in range(seeds.shape[0]):
        if deals.shape[0] > 0:
            order[:] = deals[g]
        else:
            if g % LANES == 0:
                deal_lanes(seeds, g, dws)
            order[:] = dws[1][g % LANES]
        if kind == KIND_RANDOM:
            for s in range(players):
                _mt_seed_into(bot_seeds[g, s], mts[s])
        score, actions, _ = _play_cheap(
            order, players, hand_size, base_min, kind, r_full, e_empty, mts, empty
        )
        out[g, 0] = score
        out[g, 1] = actions
    return out


@njit(cache=True)
def record_cheap(
    order: np.ndarray,
    bot_seeds: np.ndarray,
    players: int,
    hand_size: int,
    base_min: int,
    kind: int,
    r_full: int,
    e_empty: int,
    record: np.ndarray,
) -> tuple[int, int, int]:
    """One game from ``order``, its actions written to ``record`` (differential tests)."""
    mts = np.empty((players, _N + 1), np.uint64)
    if kind == KIND_RANDOM:
        for s in range(players):
            _mt_seed_into(bot_seeds[s], mts[s])
    return _play_cheap(order, players, hand_size, base_min, kind, r_full, e_empty, mts, record)


# This module inlines kernels of ``kernels.py``, whose edits numba's cache does not see.
clear_stale(record_cheap, [_kernels.__file__])
