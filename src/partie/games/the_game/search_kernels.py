"""The compiled kernels (numba) of The Game's search bot (``search.py``).

They call the heuristic's kernels (``kernels.py``: ``plan_turn``, ``play_cost``, ...)
without changing them. Numba's on-disk cache checks only the file of the function it
caches, so after an edit of ``kernels.py`` that changes behaviour, clear this module's
cache (``__pycache__/search_kernels*``) too.

- ``rollout``: finish a sampled game with a fast greedy policy (or the heuristic);
- ``search_choose``: determinized Monte Carlo over candidate whole-turn plans;
- ``min_plans``: every distinct way to lay exactly the required cards, cheapest first
  (more candidates for the search).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from partie.games.the_game import kernels as _kernels
from partie.games.the_game.cache_stamp import clear_stale
from partie.games.the_game.kernels import (
    INF,
    MAX_PLAN,
    PAIR_PENALTY,
    _can_play,
    next_holding,
    plan_turn,
    play_cost,
    prefix_counts,
    threshold,
)


@njit(cache=True, inline="always")
def _lay(
    hands: np.ndarray,
    sizes: np.ndarray,
    s: int,
    card: int,
    pile: int,
    tops: np.ndarray,
    alive: np.ndarray,
) -> None:
    """Seat ``s`` lays ``card`` on ``pile``: out of its (unordered) hand, the last card
    taking its place, onto the pile, and no longer alive."""
    n = sizes[s]
    for i in range(n):
        if hands[s, i] == card:
            hands[s, i] = hands[s, n - 1]
            break
    sizes[s] = n - 1
    tops[pile] = card
    alive[card] = False


@njit(cache=True)
def _greedy_turn(
    hands: np.ndarray,
    sizes: np.ndarray,
    s: int,
    tops: np.ndarray,
    alive: np.ndarray,
    need: int,
    thr: float,
    params: np.ndarray,
    cum: np.ndarray,
    zeros: np.ndarray,
) -> int:
    """The rollout policy, for speed: lay the cheapest play (alive gap, tricks first)
    until ``need`` cards are down, then more while the cheapest costs at most ``thr``.
    Returns the cards laid, or -1 when it gets stuck before ``need``. ``cum`` (102
    slots) is a work buffer for the alive counts, ``zeros`` (102 zeros) stands for the
    own-hand counts the policy ignores."""
    played = 0
    cum[0] = 0
    for x in range(101):
        cum[x + 1] = cum[x] + (1 if alive[x] else 0)
    while True:
        n = sizes[s]
        best = INF
        bi = -1
        bp = -1
        for i in range(n):
            c = hands[s, i]
            for p in range(4):
                cost = play_cost(c, tops[p], p, cum, zeros, params, 0.0)
                if cost < best:
                    best, bi, bp = cost, i, p
        if bi < 0:
            return played if played >= need else -1
        if played >= need and best > thr:
            return played
        c = hands[s, bi]
        hands[s, bi] = hands[s, n - 1]
        sizes[s] = n - 1
        tops[bp] = c
        alive[c] = False
        played += 1


@njit(cache=True)
def rollout(
    hands: np.ndarray,
    sizes: np.ndarray,
    draw: np.ndarray,
    drawn: int,
    tops: np.ndarray,
    alive: np.ndarray,
    current: int,
    players: int,
    base_min: int,
    params: np.ndarray,
    first_cards: np.ndarray,
    first_piles: np.ndarray,
    first_len: int,
    heuristic_below: int,
    solve_cap: int = 0,
) -> int:
    """Finish a (sampled) game and return its score: seat ``current`` first lays the
        given plan, then every seat plays the heuristic's plans (without signals) while the
        draw pile holds fewer than ``heuristic_below`` cards (-1: never; 99: always), the
        faster ``_greedy_turn`` otherwise. Alone at the table with the draw pile empty and
    ``solve_cap`` > 0, ``endgame_solve`` finishes it instead. Arrays are changed in place."""
    no_signals = np.zeros(4, np.bool_)
    plan_c = np.zeros(MAX_PLAN, np.int64)
    plan_p = np.zeros(MAX_PLAN, np.int64)
    cum = np.zeros(102, np.int64)
    zeros = np.zeros(102, np.int64)
    total = draw.shape[0] - drawn
    for s in range(players):
        total += sizes[s]
    first = True
    while True:
        if total == 0:
            return 0
        draw_left = draw.shape[0] - drawn
        need = base_min if draw_left > 0 else 1
        if first:
            first = False
            played = first_len
            for k in range(first_len):
                _lay(hands, sizes, current, first_cards[k], first_piles[k], tops, alive)
        elif solve_cap > 0 and players == 1 and draw_left == 0:
            n = sizes[current]
            laid = endgame_solve(hands[current], n, tops, solve_cap, 12, plan_c, plan_p)
            return n - laid
        elif draw_left < heuristic_below:
            n = sizes[current]
            hand = np.sort(hands[current, :n])
            if not _can_play(hand, n, tops, need):
                return total
            length = plan_turn(
                hand, tops, alive, need, draw_left, players, no_signals, params, plan_c, plan_p
            )
            for k in range(length):
                _lay(hands, sizes, current, plan_c[k], plan_p[k], tops, alive)
            played = length
        else:
            played = _greedy_turn(
                hands,
                sizes,
                current,
                tops,
                alive,
                need,
                threshold(draw_left, players, params),
                params,
                cum,
                zeros,
            )
            if played < 0:
                return total
        total -= played
        if total == 0:
            return 0
        m = sizes[current]
        for _ in range(min(played, draw_left)):
            hands[current, m] = draw[drawn]
            drawn += 1
            m += 1
        sizes[current] = m
        current = next_holding(sizes, current, players)


@njit(cache=True)
def search_choose(
    hand: np.ndarray,
    tops: np.ndarray,
    alive: np.ndarray,
    sizes: np.ndarray,
    seat: int,
    draw_count: int,
    base_min: int,
    params: np.ndarray,
    cand_cards: np.ndarray,
    cand_piles: np.ndarray,
    cand_len: np.ndarray,
    samples: int,
    seed: int,
    out_scores: np.ndarray,
    heuristic_below: int,
    win_weight: float,
    halving: int,
    solve_cap: int,
    budget: int = 0,
) -> int:
    """Determinized Monte Carlo: deal the unseen cards (every alive card not in
    ``hand``) at random into the other hands (their sizes are known) and the draw pile,
    play each candidate plan then the rollout policy to the end, and sum the scores.
    Every candidate meets the same samples. The value of a candidate is its total score
    minus ``win_weight`` per won playout (``win_weight`` < 0: most wins first, then the
    lowest total score); the lowest value is chosen.

    ``halving`` > 0 spreads the budget (``budget`` playouts if positive, else
    ``samples`` x candidates) over rounds: after each round the worse half of the
    candidates is dropped (successive halving), at most ``halving`` rounds. Scores go
    to ``out_scores`` (totals over the samples each candidate met)."""
    np.random.seed(seed)
    players = sizes.shape[0]
    k_count = cand_len.shape[0]
    mine = np.zeros(101, np.bool_)
    for i in range(hand.shape[0]):
        mine[hand[i]] = True
    unseen = np.zeros(98, np.int64)
    u = 0
    for x in range(2, 100):
        if alive[x] and not mine[x]:
            unseen[u] = x
            u += 1
    unseen = unseen[:u]
    wins = np.zeros(k_count, np.int64)
    seen = np.zeros(k_count, np.int64)
    totals = np.zeros(k_count, np.int64)
    live = np.ones(k_count, np.bool_)
    hands0 = np.zeros((players, 12), np.int64)
    sizes0 = sizes.copy()
    hands = np.zeros((players, 12), np.int64)
    sz = sizes.copy()
    t = tops.copy()
    al = alive.copy()
    if budget <= 0:
        budget = samples * k_count
    n_live = k_count
    rounds = 1
    if halving > 0:
        r = 1
        m = k_count
        while m > 2 and r < halving:
            m = (m + 1) // 2
            r += 1
        rounds = r
    for rnd in range(rounds):
        if rounds == 1:
            per = samples
        else:
            per = budget // (rounds * n_live)
            if per < 1:
                per = 1
        for _ in range(per):
            np.random.shuffle(unseen)
            pos = 0
            for s in range(players):
                if s == seat:
                    for i in range(hand.shape[0]):
                        hands0[s, i] = hand[i]
                else:
                    for i in range(sizes[s]):
                        hands0[s, i] = unseen[pos]
                        pos += 1
            draw = unseen[pos : pos + draw_count]
            for k in range(k_count):
                if not live[k]:
                    continue
                hands[:, :] = hands0
                sz[:] = sizes0
                t[:] = tops
                al[:] = alive
                score = rollout(
                    hands,
                    sz,
                    draw,
                    0,
                    t,
                    al,
                    seat,
                    players,
                    base_min,
                    params,
                    cand_cards[k],
                    cand_piles[k],
                    cand_len[k],
                    heuristic_below,
                    solve_cap,
                )
                totals[k] += score
                seen[k] += 1
                if score == 0:
                    wins[k] += 1
        if rnd < rounds - 1:
            # keep the better half (ceil) of the live candidates
            keep = (n_live + 1) // 2
            for _ in range(n_live - keep):
                worst = -1
                for k in range(k_count):
                    if live[k] and (worst < 0 or _worse(k, worst, wins, totals, win_weight)):
                        worst = k
                live[worst] = False
            n_live = keep
    best = -1
    for k in range(k_count):
        out_scores[k] = totals[k]
        if live[k] and (best < 0 or _worse(best, k, wins, totals, win_weight)):
            best = k
    return best


@njit(cache=True, inline="always")
def _worse(a: int, b: int, wins: np.ndarray, totals: np.ndarray, win_weight: float) -> bool:
    """Is candidate ``a`` strictly worse than ``b`` (same samples seen)?"""
    if win_weight < 0:
        return wins[a] < wins[b] or (wins[a] == wins[b] and totals[a] > totals[b])
    return totals[a] - win_weight * wins[a] > totals[b] - win_weight * wins[b]


@njit(cache=True)
def min_plans(
    hand: np.ndarray,
    tops: np.ndarray,
    alive: np.ndarray,
    need: int,
    params: np.ndarray,
    limit: int,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
    out_cost: np.ndarray,
) -> int:
    """Up to ``limit`` distinct plans of exactly ``need`` cards (1 to 3), cheapest
    first by the heuristic's cost (``play_cost`` plus the pair rule), into the rows of
    ``out_cards``/``out_piles``; returns how many. Two plans are the same when they lay
    the same cards and leave the same pile tops."""
    h = hand.shape[0]
    mine = np.zeros(101, np.bool_)
    for i in range(h):
        mine[hand[i]] = True
    alive_cum = prefix_counts(alive)
    own_cum = prefix_counts(mine)
    pair_pen = params[PAIR_PENALTY]
    cap = 4096
    cost = np.empty(cap)
    seq = np.empty((cap, 6), np.int64)  # card, pile x3
    key = np.empty((cap, 4), np.int64)  # pile tops after the plan
    used = np.empty((cap,), np.int64)  # bit set of hand indices
    n = 0
    t = tops.copy()
    idx = np.zeros(3, np.int64)
    pil = np.zeros(3, np.int64)
    # explicit loops for need <= 3
    for i in range(h):
        for p in range(4):
            ci = _cost_pair(hand[i], t[p], p, alive_cum, own_cum, params, mine, pair_pen)
            if ci >= INF:
                continue
            old_p = t[p]
            t[p] = hand[i]
            mine[hand[i]] = False
            idx[0], pil[0] = i, p
            if need == 1:
                n = _add(n, cap, ci, idx, pil, 1, hand, t, cost, seq, key, used)
            else:
                for j in range(h):
                    if j == i:
                        continue
                    for q in range(4):
                        cj = _cost_pair(
                            hand[j], t[q], q, alive_cum, own_cum, params, mine, pair_pen
                        )
                        if cj >= INF:
                            continue
                        old_q = t[q]
                        t[q] = hand[j]
                        mine[hand[j]] = False
                        idx[1], pil[1] = j, q
                        if need == 2:
                            n = _add(n, cap, ci + cj, idx, pil, 2, hand, t, cost, seq, key, used)
                        else:
                            for k in range(h):
                                if k in (i, j):
                                    continue
                                for r in range(4):
                                    ck = _cost_pair(
                                        hand[k], t[r], r, alive_cum, own_cum, params, mine, pair_pen
                                    )
                                    if ck >= INF:
                                        continue
                                    old_r = t[r]
                                    t[r] = hand[k]
                                    idx[2], pil[2] = k, r
                                    n = _add(
                                        n,
                                        cap,
                                        ci + cj + ck,
                                        idx,
                                        pil,
                                        3,
                                        hand,
                                        t,
                                        cost,
                                        seq,
                                        key,
                                        used,
                                    )
                                    t[r] = old_r
                        mine[hand[j]] = True
                        t[q] = old_q
            mine[hand[i]] = True
            t[p] = old_p
    order = np.argsort(cost[:n], kind="mergesort")
    m = min(n, limit)
    for r in range(m):
        e = order[r]
        out_cost[r] = cost[e]
        for k in range(need):
            out_cards[r, k] = seq[e, 2 * k]
            out_piles[r, k] = seq[e, 2 * k + 1]
    return m


@njit(cache=True, inline="always")
def _cost_pair(
    c: int,
    top: int,
    p: int,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    free: np.ndarray,
    pair_pen: float,
) -> float:
    cost = play_cost(c, top, p, alive_cum, own_cum, params, 0.0)
    if 0.0 < cost < INF:
        partner = c + 10 if p < 2 else c - 10
        if 2 <= partner <= 99 and free[partner]:
            cost += pair_pen
    return cost


@njit(cache=True)
def _add(
    n: int,
    cap: int,
    c: float,
    idx: np.ndarray,
    pil: np.ndarray,
    length: int,
    hand: np.ndarray,
    t: np.ndarray,
    cost: np.ndarray,
    seq: np.ndarray,
    key: np.ndarray,
    used: np.ndarray,
) -> int:
    """Record a plan unless the same cards leaving the same tops are already there
    (then keep the cheaper order)."""
    bits = 0
    for k in range(length):
        bits |= 1 << idx[k]
    for e in range(n):
        same = used[e] == bits and key[e, 0] == t[0] and key[e, 1] == t[1]
        if same and key[e, 2] == t[2] and key[e, 3] == t[3]:
            if c < cost[e]:
                cost[e] = c
                for k in range(length):
                    seq[e, 2 * k] = hand[idx[k]]
                    seq[e, 2 * k + 1] = pil[k]
            return n
    if n >= cap:
        return n
    cost[n] = c
    used[n] = bits
    for p in range(4):
        key[n, p] = t[p]
    for k in range(length):
        seq[n, 2 * k] = hand[idx[k]]
        seq[n, 2 * k + 1] = pil[k]
    return n + 1


# Solo endgame: once the draw pile is empty, a lone player knows everything --------


@njit(cache=True)
def endgame_solve(
    hand: np.ndarray,
    n: int,
    tops: np.ndarray,
    cap: int,
    table_bits: int,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
) -> int:
    """The most cards of ``hand[:n]`` (at most 12) that can be laid one after another
        from ``tops``, by depth-first search over plays (tricks first) with a table of
        visited positions (``2**table_bits`` slots), giving up after ``cap`` positions (at
    most three quarters of the slots); the best sequence found goes
        to ``out_cards``/``out_piles``. Returns how many cards it lays.

        With the draw pile empty and one player, laying them over several turns or in one
        is the same, so laying all ``n`` is a won game."""
    size = 1 << table_bits
    mask = size - 1
    cap = min(cap, (size * 3) // 4)
    table = np.full(size, -1, np.int64)
    t = tops.copy()
    used = 0
    d = 0
    best = 0
    nodes = 0
    cur = np.zeros(13, np.int64)  # next move index per depth (card * 4 + pile)
    seq_i = np.zeros(13, np.int64)
    seq_p = np.zeros(13, np.int64)
    saved = np.zeros(13, np.int64)
    moves = n * 4
    while True:
        advanced = False
        while cur[d] < 2 * moves:
            m = cur[d]
            cur[d] = m + 1
            # first pass (m < moves): tricks only; second pass: other plays
            trick_pass = m < moves
            mm = m if trick_pass else m - moves
            i = mm >> 2
            p = mm & 3
            if (used >> i) & 1:
                continue
            c = hand[i]
            top = t[p]
            if p < 2:
                trick = c == top - 10
                ok = trick or c > top
            else:
                trick = c == top + 10
                ok = trick or c < top
            if not ok or trick != trick_pass:
                continue
            nused = used | (1 << i)
            saved[d] = t[p]
            t[p] = c
            key = nused | (t[0] << 12) | (t[1] << 19) | (t[2] << 26) | (t[3] << 33)
            h = ((key * 2654435761) >> 16) & mask
            seen = False
            while table[h] != -1:
                if table[h] == key:
                    seen = True
                    break
                h = (h + 1) & mask
            if seen or nodes >= cap:
                t[p] = saved[d]
                continue
            table[h] = key
            nodes += 1
            seq_i[d] = i
            seq_p[d] = p
            used = nused
            d += 1
            cur[d] = 0
            if d > best:
                best = d
                for k in range(d):
                    out_cards[k] = hand[seq_i[k]]
                    out_piles[k] = seq_p[k]
                if best == n:
                    return best
            advanced = True
            break
        if advanced:
            continue
        if d == 0:
            return best
        d -= 1
        t[seq_p[d]] = saved[d]
        used &= ~(1 << seq_i[d])


# This module inlines kernels of ``kernels.py``, whose edits numba's cache does not see.
clear_stale(search_choose, [_kernels.__file__])
