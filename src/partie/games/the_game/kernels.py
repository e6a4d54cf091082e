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
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

INF = 1.0e9
MAX_PLAN = 12
"""Longest plan the search looks at (a turn rarely lays more than a handful of cards)."""
MAX_NODES = 400
"""Nodes visited per turn at most (those the bound cuts are not counted); with cheap
plays everywhere (late in the game) the search would otherwise try every subset of them."""

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
        [9.0, 1.0, 0.0, 0.0, 3.0, 3.0, 0.0, 8.0],  # solo (signals unused)
        [6.0, 0.25, 0.0, 0.25, 1.0, 0.0, 4.0, 16.0],  # 2 players
        [6.0, 0.0, 0.0, 0.5, 1.0, 0.0, 8.0, 8.0],  # 3 players
        [6.0, 0.0, 0.0, 0.5, 1.0, 0.0, 8.0, 12.0],  # 4 players
        [3.0, 0.0, 0.0, 0.5, 1.0, 0.0, 8.0, 8.0],  # 5 players
    ]
)
"""The ``heuristic``'s settings per player count, tuned for the win rate with seeded
simulations on the fast path (see the docs)."""

SEARCH_PARAMS = np.array(
    [
        [6.0, 0.0, 0.0, 0.5, 3.0, 3.0, 0.0, 8.0],
        [9.0, 0.0, 0.0, 0.25, 3.0, 0.0, 4.0, 16.0],
        [6.0, 0.5, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],
        [9.0, 0.0, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],
        [9.0, 0.0, 0.0, 0.5, 3.0, 0.0, 8.0, 8.0],
    ]
)
"""The settings ``mc`` and ``best`` build their candidate plans from: the heuristic's
before its win-rate tuning, with which their figures in the docs were measured."""


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


MAX_HAND = MAX_PLAN
"""Most cards in a hand the planner takes (a hand holds at most 8)."""

_ROWS = 4 * (MAX_HAND + 1)
"""Cost rows of a turn: one per pile and top (the pile's own, or a card of the hand)."""

_SIGS = MAX_PLAN + 1
_REST = _SIGS + 4
_LOW = _REST + MAX_PLAN + 1
_PAIRED = _LOW + MAX_HAND
_ACC_LEN = _PAIRED + MAX_HAND
"""Layout of the planner's float workspace: the plan's running sum per depth, the four
piles' signal costs, the bound of what the cards still in hand can add per depth, each
card's least possible gain, and what the bound adds while both cards of a pair are in
hand (see ``_plan`` and ``_least_gains_sorted``)."""


@njit(cache=True)
def plan_workspace() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The arrays ``_plan`` works in, allocated once and reused turn after turn: the
    cost of every card per cost row, the rows' masks of cards (legal, cheap, worth a
    look; -1: row not computed yet this turn), the search's stacks, its running sums
    with the signal costs, the partner masks and the alive cards below each card of a
    sorted hand (``_cost_row_sorted``)."""
    return (
        np.empty(_ROWS * MAX_HAND),
        np.empty((4, _ROWS), np.int64),
        np.empty((8, 4 * (MAX_PLAN + 1)), np.int64),
        np.empty(_ACC_LEN),
        np.zeros((4, MAX_HAND), np.int64),
    )


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
    asked to keep pile ``p`` (laying there costs the ``signal pen`` of ``params`` more), or
    a float: the weight of that penalty on pile ``p`` (the bot's way to give each pile its
    own signal cost: ``params`` with a penalty of 1 and the costs as weights). Depth-first
    search with an explicit stack. Piles are visited in order 0..3 so that each set of plays
    is tried in one order only, and each pile's cards by index, from the first going up and
    from the last going down (for an ascending hand, as the game keeps them: the cards
    nearest the top first). Cheap plays (cost under the threshold, tricks) are always tried;
    dear ones only while the plan still lacks required cards, and then only the cheapest of
    each pile and the set-ups (a card whose partner 10 away then goes back on the same pile
    as a trick).

    Ties: the plan is defined by the plans alone, whatever the search visits or cuts.
    Write a plan as its plays pile by pile (piles 0..3, each pile's cards in the order
    laid) and each play as the key (pile, the card's rank counted from the pile's top
    side: ascending piles from the lowest card of the hand, descending ones from the
    highest). Of the plans of least value (values within 1e-9 count as equal), the one
    whose key sequence comes first in lexicographic order is returned, a plan coming
    before its own extensions. The search visits plans in exactly that order and keeps
    a new plan only when it is lower by more than 1e-9, and its bound is admissible, so
    with no node cap it returns that plan (the cap, ``MAX_NODES``, is a guard that the
    measured games never reach).
    """
    h = hand.shape[0]
    alive_cum = prefix_counts(alive)
    own_cum = np.zeros(102, np.int64)
    _own_counts(hand, h, own_cum)
    return _plan_alone(
        hand,
        h,
        tops,
        alive_cum,
        own_cum,
        need,
        threshold(draw_count, players, params),
        kept,
        params,
        out_cards,
        out_piles,
        plan_workspace(),
        MAX_NODES,
        True,
    )


@njit(cache=True, inline="always")
def _own_counts(hand: np.ndarray, h: int, own_cum: np.ndarray) -> None:
    """``own_cum[x]`` = number of the first ``h`` cards of ``hand`` below ``x``."""
    for x in range(102):
        own_cum[x] = 0
    for i in range(h):
        own_cum[hand[i] + 1] += 1
    for x in range(101):
        own_cum[x + 1] += own_cum[x]


@njit(cache=True, inline="always")
def _cost_row(
    q: int,
    r: int,
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    sig: float,
    thr: float,
    pair_pen: float,
    pair: np.ndarray,
    back: np.ndarray,
    in_order: bool,
    base: np.ndarray,
    masks: np.ndarray,
) -> int:
    """``play_cost`` of every card on pile ``q`` into cost row ``r`` (top: the pile's
    own for ``r % (MAX_HAND + 1) == 0``, else card ``r % (MAX_HAND + 1) - 1`` of the
    hand), and four masks of cards into ``masks[:, r]``: the legal ones (returned), the
    cheap ones (cost at most ``thr`` whether or not the pair rule applies), the legal
    ones that may be cheap (``pair[i]``: the bit of the partner of card ``i``), and
    (for ``_dearest_sorted``) those above ``thr`` without the pair rule.

    When the hand is ``in_order`` (ascending) and the top is its card ``j``, only the
    cards past ``j`` in the pile's direction and the one 10 back (``back[j]``, its bit)
    can be legal: the others are not computed (nothing reads them)."""
    s = r - q * (MAX_HAND + 1)
    todo = (1 << h) - 1
    if s == 0:
        top = tops[q]
    else:
        top = hand[s - 1]
        if in_order:
            if q < 2:
                todo &= ~((1 << s) - 1)
            else:
                todo = (1 << (s - 1)) - 1
            todo |= back[s - 1]
    legal = 0
    cheap = 0
    maybe = 0
    above = 0
    while todo != 0:
        i = trailing_zeros(todo)
        todo &= todo - 1
        cost = play_cost(hand[i], top, q, alive_cum, own_cum, params, sig)
        base[r * MAX_HAND + i] = cost
        if cost < INF:
            bit = 1 << i
            legal |= bit
            alone = not cost > thr
            if not alone:
                above |= bit
            if cost > 0.0 and pair[i] != 0:
                paired = not cost + pair_pen > thr
                if alone and paired:
                    cheap |= bit
                elif alone != paired:
                    maybe |= bit
            elif alone:
                cheap |= bit
    masks[0, r] = legal
    masks[1, r] = cheap
    masks[2, r] = cheap | maybe
    masks[3, r] = above
    return legal


@njit(cache=True, inline="always")
def _cost_row_sorted(
    q: int,
    r: int,
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    at: np.ndarray,
    past: np.ndarray,
    params: np.ndarray,
    sig: float,
    thr: float,
    pair_pen: float,
    pair: np.ndarray,
    back: np.ndarray,
    monotone: bool,
    base: np.ndarray,
    masks: np.ndarray,
) -> int:
    """``_cost_row`` for an ascending hand, computing only the legal cards: those past
    the top in the pile's direction (a run of indices, found with ``own_cum``) and the
    one 10 back. Their costs need no ``play_cost``: the alive cards below each card of
    the hand are looked up once a turn (``at[i]``, and ``past[i]`` with the card
    itself; the slots past the hand hold stale counts, whose costs nobody reads), and
    the own cards skipped are the gap between two indices. Same sums in the same
    order, so the same costs to the bit.

    ``monotone`` (own-card weight and pair penalty not negative): the costs grow away
    from the top, so the masks come from a walk from the top to the first card above
    ``thr``; otherwise card by card."""
    s = r - q * (MAX_HAND + 1)
    trick_bit = 0
    if s == 0:
        top = tops[q]
        if q < 2:
            first = own_cum[top + 1]
            a0 = alive_cum[top + 1]
            if top >= 12:
                k = own_cum[top - 10]
                if k < h and hand[k] == top - 10:
                    trick_bit = 1 << k
        else:
            first = own_cum[top]
            a0 = alive_cum[top]
            if top <= 89:
                k = own_cum[top + 10]
                if k < h and hand[k] == top + 10:
                    trick_bit = 1 << k
    else:
        trick_bit = back[s - 1]
        if q < 2:
            first = s
            a0 = past[s - 1]
        else:
            first = s - 1
            a0 = at[s - 1]
    weight = params[OWN_WEIGHT]
    # the legal run: past the top going up, below it going down
    if q < 2:
        lo = first
        hi = h
        run = ((1 << h) - 1) & ~((1 << first) - 1)
        # Every slot of the row, legal or not (the others are never read): a loop of a
        # fixed length the compiler turns into a few vector instructions (a game takes
        # about 5 % longer with a loop over the run only).
        row = base[r * MAX_HAND : r * MAX_HAND + MAX_HAND]
        for i in range(MAX_HAND):
            row[i] = (at[i] - a0) + weight * (i - first) + sig
    else:
        lo = 0
        hi = first
        run = (1 << first) - 1
        row = base[r * MAX_HAND : r * MAX_HAND + MAX_HAND]
        for i in range(MAX_HAND):
            row[i] = (a0 - past[i]) + weight * (first - 1 - i) + sig
    todo = run
    if trick_bit != 0:
        base[r * MAX_HAND + trailing_zeros(trick_bit)] = -params[TRICK_BONUS]
        todo |= trick_bit
    cheap = 0
    maybe = 0
    above = 0
    if monotone:
        # The costs grow away from the top (``_dearest_sorted``) and a penalty cannot
        # make a card cheap: walk from the top while the cost is at most ``thr``; the
        # rest of the run is above it.
        i = lo if q < 2 else hi - 1
        step = 1 if q < 2 else -1
        while lo <= i < hi:
            cost = base[r * MAX_HAND + i]
            if cost > thr:
                break
            bit = 1 << i
            if cost > 0.0 and pair[i] != 0 and cost + pair_pen > thr:
                maybe |= bit
            else:
                cheap |= bit
            i += step
        above = run & ~(cheap | maybe)
        todo = trick_bit
    while todo != 0:
        i = trailing_zeros(todo)
        bit = todo & -todo
        todo ^= bit
        cost = base[r * MAX_HAND + i]
        # ``ruled``: the pair rule applies
        alone = -np.int64(not cost > thr)
        ruled = -np.int64(cost > 0.0 and pair[i] != 0)
        paired = -np.int64(not cost + pair_pen > thr)
        above |= bit & ~alone
        cheap |= bit & alone & (~ruled | paired)
        maybe |= bit & ruled & (alone ^ paired)
    legal = run | trick_bit
    masks[0, r] = legal
    masks[1, r] = cheap
    masks[2, r] = cheap | maybe
    masks[3, r] = above
    return legal


@njit(cache=True, inline="always")
def _dearest(
    r: int,
    m: int,
    base: np.ndarray,
    pair: np.ndarray,
    free: int,
    pair_pen: float,
    thr: float,
) -> int:
    """Among the cards of mask ``m`` in cost row ``r``, the first of least cost above
    ``thr`` (-1: none); ``pair`` as in ``_cost_row``."""
    low = INF
    best = -1
    while m != 0:
        i = trailing_zeros(m)
        m &= m - 1
        cost = base[r * MAX_HAND + i]
        if cost > 0.0 and (pair[i] & free) != 0:
            cost += pair_pen
        if cost > thr and cost < low:
            low = cost
            best = i
    return best


@njit(cache=True, inline="always")
def _dearest_sorted(
    r: int,
    m: int,
    base: np.ndarray,
    pair: np.ndarray,
    with_partner: int,
    free: int,
    pair_pen: float,
    masks: np.ndarray,
    rising: bool,
) -> int:
    """``_dearest`` for an ascending hand, ``m`` holding no cheap card (as ``_expand``
    calls it), without scanning the cards' costs. In such a row the plain costs grow
    with the card's index (``rising``, going up; going down they shrink) when the
    own-card weight is not negative: the alive cards between a card and the top grow by
    at least one per card, the own ones by exactly one (with a trick bonus and a
    threshold and a pair penalty not negative either, a trick is always cheap). So the
    cheapest card above ``thr`` among those the pair rule does not touch is the first
    (or last) of ``masks[3, r]`` (above ``thr``) in ``m``, and the cheapest the rule
    touches is the first (or last) of them: being in ``m`` they are not cheap, hence
    above ``thr`` with the penalty. The two are compared, the lower index winning a tie
    as in the plain scan. ``with_partner`` holds the cards with a partner
    (``pair[i] != 0``)."""
    penal = 0
    t = with_partner & m
    while t != 0:
        i = trailing_zeros(t)
        t &= t - 1
        if (pair[i] & free) != 0:
            penal |= 1 << i
    plain = m & masks[3, r] & ~penal
    paired = m & penal
    if rising:
        a = trailing_zeros(plain) if plain != 0 else -1
        b = trailing_zeros(paired) if paired != 0 else -1
    else:
        a = 63 - leading_zeros(plain) if plain != 0 else -1
        b = 63 - leading_zeros(paired) if paired != 0 else -1
    if b < 0:
        return a
    if a < 0:
        return b
    ca = base[r * MAX_HAND + a]
    cb = base[r * MAX_HAND + b] + pair_pen
    if cb < ca or (cb == ca and b < a):
        return b
    return a


@njit(cache=True, inline="always")
def _expand(
    d: int,
    q0: int,
    free: int,
    dear_allowed: bool,
    slot: np.ndarray,
    dear: np.ndarray,
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    at: np.ndarray,
    past: np.ndarray,
    params: np.ndarray,
    sigs: np.ndarray,
    thr: float,
    pair_pen: float,
    up: np.ndarray,
    down: np.ndarray,
    setups_up: int,
    setups_down: int,
    in_order: bool,
    sorted_costs: bool,
    base: np.ndarray,
    masks: np.ndarray,
    parent: int,
    played: int,
) -> int:
    """The plays node ``d`` may try on piles ``q0`` to 3, as one mask (bit
    ``16 * pile + card``): a superset of those the search accepts, i.e. the plays that
    may be cheap and, while dear plays are allowed, the possible set-ups and the
    cheapest dear play of each pile (kept in ``dear[4 * d + pile]``). The search checks
    each one as the plain version does; the others it would only skip.

    ``parent`` is the mask of the parent node, which reached this one by laying card
    ``played`` on pile ``q0`` (``parent`` < 0: compute every pile). When that card is
    nobody's partner (the pair and set-up rules of the other cards do not change) and
    dear plays are allowed here as in the parent, the other piles keep the parent's
    plays but that card, and their cheapest dear play unless it was that card."""
    out = 0
    for q in range(q0, 4):
        r = slot[q]
        if parent >= 0 and q > q0:
            cand = (parent >> (16 * q)) & 0xFFFF & ~(1 << played)
            if not dear_allowed:
                out |= cand << (16 * q)
                continue
            i = dear[4 * (d - 1) + q]
            if i != played:
                dear[4 * d + q] = i
                out |= cand << (16 * q)
                continue
        lm = masks[0, r]
        if lm < 0 and in_order:
            lm = _cost_row_sorted(
                q,
                r,
                hand,
                h,
                tops,
                alive_cum,
                own_cum,
                at,
                past,
                params,
                sigs[q],
                thr,
                pair_pen,
                up if q < 2 else down,
                down if q < 2 else up,
                sorted_costs,
                base,
                masks,
            )
        elif lm < 0:
            lm = _cost_row(
                q,
                r,
                hand,
                h,
                tops,
                alive_cum,
                own_cum,
                params,
                sigs[q],
                thr,
                pair_pen,
                up if q < 2 else down,
                down if q < 2 else up,
                in_order,
                base,
                masks,
            )
        cand = lm & free
        if dear_allowed:
            ok = masks[2, r]
            ex = cand & ~masks[1, r]
            if ex != 0:
                if sorted_costs:
                    i = _dearest_sorted(
                        r,
                        ex,
                        base,
                        up if q < 2 else down,
                        setups_down if q < 2 else setups_up,
                        free,
                        pair_pen,
                        masks,
                        q < 2,
                    )
                else:
                    i = _dearest(r, ex, base, up if q < 2 else down, free, pair_pen, thr)
                dear[4 * d + q] = i
                if i >= 0:
                    ok |= 1 << i
                ok |= setups_up if q < 2 else setups_down
            cand &= ok
        else:
            cand &= masks[2, r]
        out |= cand << (16 * q)
    return out


@njit(cache=True, _nrt=False, error_model="numpy")
def _plan_alone(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    need: int,
    thr: float,
    kept: np.ndarray,
    params: np.ndarray,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
    ws: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    max_nodes: int,
    prune: bool,
) -> int:
    """``_plan`` as a function of its own, compiled without reference counting (a third
    of the time otherwise): what ``plan_turn`` calls."""
    return _plan(
        hand,
        h,
        tops,
        alive_cum,
        own_cum,
        need,
        thr,
        kept,
        params,
        out_cards,
        out_piles,
        ws,
        max_nodes,
        prune,
        False,
    )


@njit(cache=True, inline="always")
def _plan(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    need: int,
    thr: float,
    kept: np.ndarray,
    params: np.ndarray,
    out_cards: np.ndarray,
    out_piles: np.ndarray,
    ws: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    max_nodes: int,
    prune: bool,
    sorted_hand: bool,
) -> int:
    """``plan_turn`` on the first ``h`` cards of ``hand``, with the prefix counts of the
    alive cards and of the hand given and the threshold computed, in the workspace
    ``ws`` (``plan_workspace``). Allocates nothing. Inlined where it is called (the
    game loop, ``_plan_alone``): a call passing so many arrays costs a few percent of
    a game, and inlined it is compiled with the caller's options (both without
    reference counting).

    Branch and bound (``prune``): a node whose running sum plus the least the cards still
    in hand can add (``_least_gains``) cannot beat the best plan is cut with its subtree
    and not counted in ``max_nodes``; the other nodes are visited in the order of the
    full search, so with no cap both return the same plan. A play's cost is
    ``play_cost`` (computed once per pile and top, since it depends on nothing else
    during a turn) plus the pair rule: laying a card whose
    partner 10 away is still in hand, on a pile where the partner will never be a trick,
    breaks the pair and costs ``pair_penalty`` more. The cards still in hand are a bit
    mask, and each node only looks at the plays it may accept (``_expand``).

    ``sorted_hand``: the caller vouches that the hand is ascending (the game loop keeps
    its hands so). Passed as a constant, the code for other hands is compiled out of
    that caller (a few percent of a game); otherwise the order is checked."""
    base, masks, st, acc, partner = ws
    rem = st[0]
    seq_p = st[1]
    seq_i = st[2]
    saved = st[3]
    nexp = st[4]
    slot = st[5]
    dear = st[6]
    full = st[7]
    sigs = acc[_SIGS:_REST]
    rest = acc[_REST:_LOW]
    low = acc[_LOW:_PAIRED]
    paired = acc[_PAIRED:]
    up = partner[0]
    down = partner[1]
    at = partner[2]
    past = partner[3]
    sig_pen = params[SIGNAL_PENALTY]
    for q in range(4):
        sigs[q] = sig_pen * kept[q]  # kept: flags (the penalty) or weights of it
        slot[q] = q * (MAX_HAND + 1)
    legal_rows = masks[0]
    for r0 in range(_ROWS):  # fixed length: a few vector stores
        legal_rows[r0] = -1
    setups_up = 0
    setups_down = 0
    in_order = True
    if not sorted_hand:
        for i in range(h - 1):
            if hand[i] >= hand[i + 1]:
                in_order = False
    for i in range(MAX_HAND):
        up[i] = 0
        down[i] = 0
    if in_order:
        # Ascending: card i's partner 10 above, if in hand, has as index the number of
        # cards below it (``own_cum``).
        for i in range(h):
            c = hand[i]
            at[i] = alive_cum[c]
            past[i] = alive_cum[c + 1]
            if c <= 89:
                j = own_cum[c + 10]
                if j < h and hand[j] == c + 10:
                    up[i] = 1 << j
                    setups_down |= 1 << i
                    down[j] = 1 << i
                    setups_up |= 1 << j
    else:
        for i in range(h):
            c = hand[i]
            for j in range(h):
                if hand[j] == c + 10:
                    up[i] = 1 << j
                    setups_down |= 1 << i
                elif hand[j] == c - 10:
                    down[i] = 1 << j
                    setups_up |= 1 << i
    pair_pen = params[PAIR_PENALTY]
    # With these signs a sorted hand's cost rows are monotone (``_dearest_sorted``).
    sorted_costs = (
        in_order
        and params[OWN_WEIGHT] >= 0.0
        and params[TRICK_BONUS] >= 0.0
        and thr >= 0.0
        and pair_pen >= 0.0
    )
    if in_order:
        rest[0] = _least_gains_sorted(
            hand,
            h,
            tops,
            alive_cum,
            at,
            past,
            params[TRICK_BONUS],
            thr,
            low,
            up,
            down,
            setups_down,
            paired,
        )
    else:
        rest[0] = _least_gains(hand, h, tops, alive_cum, params[TRICK_BONUS], thr, low)
        for i in range(h):
            paired[i] = 0.0
    depth_max = min(h, MAX_PLAN)
    free = (1 << h) - 1
    best = INF
    cut = best - 1e-9 + _SLACK  # a node whose bound is above this is cut
    best_len = 0
    nodes = 0
    d = 0
    acc[0] = 0.0
    nexp[0] = 0
    rem[0] = _expand(
        0,
        0,
        free,
        need > 0,
        slot,
        dear,
        hand,
        h,
        tops,
        alive_cum,
        own_cum,
        at,
        past,
        params,
        sigs,
        thr,
        pair_pen,
        up,
        down,
        setups_up,
        setups_down,
        in_order,
        sorted_costs,
        base,
        masks,
        -1,
        0,
    )
    full[0] = rem[0]
    while True:
        m = rem[d]
        if m == 0:
            if d == 0:
                break
            d -= 1
            slot[seq_p[d]] = saved[d]
            free |= 1 << seq_i[d]
            continue
        k = trailing_zeros(m)
        q = k >> 4
        if q >= 2:
            # a descending pile: its cards nearest the top (the cheap ones) first
            k = 63 - leading_zeros(m & (np.int64(0xFFFF) << (16 * q)))
        rem[d] = m ^ (np.int64(1) << k)
        i = k & 15
        r = slot[q]
        b = base[r * MAX_HAND + i]
        cost = b
        if b > 0.0 and ((up[i] if q < 2 else down[i]) & free) != 0:
            cost = b + pair_pen
        expensive = cost > thr
        if expensive:
            if nexp[d] >= need:
                continue
            if i != dear[4 * d + q] and ((down[i] if q < 2 else up[i]) & free) == 0:
                continue
        gain = cost - thr if d >= need else cost
        a1 = acc[d] + gain
        r1 = rest[d] - low[i]
        if ((up[i] | down[i]) & free) != 0:
            # its pair is broken: the card left in hand may now be a trick
            r1 -= paired[i]
        if prune and a1 + r1 > cut:
            continue
        if nodes >= max_nodes and best_len > 0:
            break
        nodes += 1
        seq_p[d] = q
        seq_i[d] = i
        saved[d] = r
        slot[q] = q * (MAX_HAND + 1) + i + 1
        bit = 1 << i
        free ^= bit
        acc[d + 1] = a1
        rest[d + 1] = r1
        ne = nexp[d] + (1 if expensive else 0)
        nexp[d + 1] = ne
        if d + 1 >= need and a1 < best - 1e-9:
            best = a1
            cut = best - 1e-9 + _SLACK
            best_len = d + 1
            for k in range(d + 1):
                out_cards[k] = hand[seq_i[k]]
                out_piles[k] = seq_p[k]
        if d + 1 < depth_max and not (prune and a1 + r1 > cut):
            inherit = (up[i] | down[i]) == 0 and (ne < need) == (nexp[d] < need)
            d += 1
            rem[d] = _expand(
                d,
                q,
                free,
                ne < need,
                slot,
                dear,
                hand,
                h,
                tops,
                alive_cum,
                own_cum,
                at,
                past,
                params,
                sigs,
                thr,
                pair_pen,
                up,
                down,
                setups_up,
                setups_down,
                in_order,
                sorted_costs,
                base,
                masks,
                full[d - 1] if inherit else -1,
                i,
            )
            full[d] = rem[d]
        else:
            slot[q] = r
            free |= bit
    if best_len == 0 and need > 0:
        best_len = _cheapest_required(
            hand[:h], tops, need, alive_cum, own_cum, params, out_cards, out_piles
        )
    return best_len


_SLACK = 1e-11
"""Margin of the bound against rounding (the sums of a dozen costs under 100 round by
well under this). A plan replaces the best only when it is lower by more than 1e-9, so
a node is cut as soon as its bound reaches ``best - 1e-9 + _SLACK``: one whose bound
ties the best plan (frequent: most costs are whole or quarter numbers) could only
find ties, which never replace it."""


@njit(cache=True, inline="always")
def _least_gains(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    trick: float,
    thr: float,
    low: np.ndarray,
) -> float:
    """A lower bound of what laying card ``i`` can add to a plan this turn, into
    ``low[i]`` (at most 0: laying nothing adds nothing), and its sum over the hand.

    A play adds its cost, less ``thr`` when it is an extra card, and its cost is at
    least ``-trick`` when it may be a trick, else at least the alive cards between the
    card and the nearest top it could ever go on (the pile's own tops, or any card of
    the hand once laid): the own-card, signal and pair terms are never negative."""
    total = 0.0
    for i in range(h):
        c = hand[i]
        below = 1
        above = 100
        trick_ok = False
        # a card of the hand below (above) ``c`` that may be a trick on an ascending
        # (descending) pile brings that pile within reach of ``c``
        rises = tops[0] < c or tops[1] < c
        falls = tops[2] > c or tops[3] > c
        for p in range(2):
            t = tops[p]
            if t == c + 10:
                trick_ok = True
            if t < c and t > below:
                below = t
            t = tops[p + 2]
            if t == c - 10:
                trick_ok = True
            if t > c and t < above:
                above = t
        for j in range(h):
            t = hand[j]
            if t == c + 10 or t == c - 10:
                trick_ok = True
            if t < c and t > below:
                below = t
            if t > c and t < above:
                above = t
            if t < c and not rises:
                for u in range(h):
                    if hand[u] == t + 10:
                        rises = True
                rises = rises or t + 10 == tops[0] or t + 10 == tops[1]
            if t > c and not falls:
                for u in range(h):
                    if hand[u] == t - 10:
                        falls = True
                falls = falls or t - 10 == tops[2] or t - 10 == tops[3]
        if trick_ok:
            least = -trick
        else:
            least = INF
            if rises:
                least = alive_cum[c] - alive_cum[below + 1]
            if falls:
                dn = alive_cum[above] - alive_cum[c + 1]
                if dn < least:
                    least = dn
        g = least - thr
        if g > 0.0:
            g = 0.0
        low[i] = g
        total += g
    return total


@njit(cache=True, inline="always")
def _least_gains_sorted(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    at: np.ndarray,
    past: np.ndarray,
    trick: float,
    thr: float,
    low: np.ndarray,
    up: np.ndarray,
    down: np.ndarray,
    setups_down: int,
    paired: np.ndarray,
) -> float:
    """``_least_gains`` for an ascending hand whose partners are in ``up``/``down`` and
    whose alive counts are in ``at``/``past`` (see ``_cost_row_sorted``), in one pass
    instead of one per card: the nearest cards of the hand below and above card ``i``
    are its neighbours, and a partner in hand is a possible trick. The prefix counts
    never decrease, so the count at the nearest top is the largest (below the card) or
    the smallest (above it) of the counts at the candidate tops.

    Tighter than ``_least_gains`` for a pair (c, c + 10) alone in hand (no other card 10
    away, no top making either a trick): ``low`` still counts both as tricks, and
    ``paired[i]`` (for cards with a partner, read only for them) holds what the bound
    adds while both are in hand (the total includes it); the search takes it off when
    one of them is laid. ``setups_down`` holds the cards with a partner 10 above."""
    total = 0.0
    least_trick = -trick - thr
    if least_trick > 0.0:
        least_trick = 0.0
    t0 = tops[0]
    t1 = tops[1]
    t2 = tops[2]
    t3 = tops[3]
    # the cards that may be a trick on an ascending (descending) pile: laid, they bring
    # that pile within reach of the cards above (below) them
    lowers = 0
    raises = 0
    for i in range(h):
        c = hand[i]
        if (up[i] != 0) | (c + 10 == t0) | (c + 10 == t1):
            lowers |= 1 << i
        if (down[i] != 0) | (c - 10 == t2) | (c - 10 == t3):
            raises |= 1 << i
    a0 = alive_cum[t0 + 1]
    a1 = alive_cum[t1 + 1]
    a2 = alive_cum[t2]
    a3 = alive_cum[t3]
    floor = alive_cum[2]
    ceiling = alive_cum[100]
    for i in range(h):
        # selects rather than branches: which way each test goes is a coin toss
        c = hand[i]
        below = past[i - 1] if i > 0 else floor
        below = max(below, a0 if t0 < c else floor)
        below = max(below, a1 if t1 < c else floor)
        above = at[i + 1] if i + 1 < h else ceiling
        above = min(above, a2 if t2 > c else ceiling)
        above = min(above, a3 if t3 > c else ceiling)
        rises = (t0 < c) | (t1 < c) | ((lowers & ((1 << i) - 1)) != 0)
        falls = (t2 > c) | (t3 > c) | ((raises >> (i + 1)) != 0)
        rising = at[i] - below if rises else INF
        falling = above - past[i] if falls else INF
        least = min(rising, falling)
        g = least - thr
        if g > 0.0:
            g = 0.0
        paired[i] = g  # the least gain as no trick, for the pairs below
        by_top = (c + 10 == t0) | (c + 10 == t1) | (c - 10 == t2) | (c - 10 == t3)
        if by_top | ((up[i] | down[i]) != 0):
            g = least_trick
        low[i] = g
        total += g
    # A pair (c, c + 10) of the hand alone (neither has another partner 10 away, nor
    # makes a trick on a top): only the second of the two laid can be a trick, so while
    # both are in hand they add at least one trick and the least of their gains as no
    # trick, not two tricks. The difference is added to the bound until one is laid.
    # (``paired`` is read only for cards with a partner in hand: the others keep
    # whatever it holds)
    t = setups_down  # the cards whose partner 10 above is in hand
    while t != 0:
        i = trailing_zeros(t)
        t &= t - 1
        k = trailing_zeros(up[i])
        c = hand[i]
        alone = (down[i] == 0) & (up[k] == 0)
        alone &= (c + 10 != t0) & (c + 10 != t1) & (c - 10 != t2) & (c - 10 != t3)
        alone &= (c + 20 != t0) & (c + 20 != t1) & (c != t2) & (c != t3)
        if alone:
            extra = min(paired[i], paired[k]) - least_trick
            paired[i] = extra
            paired[k] = extra
            total += extra
        else:
            paired[i] = 0.0
            paired[k] = 0.0
    return total


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
    t = tops  # changed and restored: no copy, so that the planner allocates nothing
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


@njit(cache=True)
def wanted_signals(
    hand: np.ndarray, tops: np.ndarray, alive: np.ndarray, params: np.ndarray, out: np.ndarray
) -> None:
    """``out[p]`` = 1 ("keep") where a card still in ``hand`` would go on pile ``p``
    cheaply or as a trick, else 0 (no signal)."""
    own_cum = np.zeros(102, np.int64)
    _own_counts(hand, hand.shape[0], own_cum)
    _signals(hand, hand.shape[0], tops, prefix_counts(alive), own_cum, params, out)


@njit(cache=True, inline="always")
def _signals(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    out: np.ndarray,
) -> None:
    """``wanted_signals`` on the first ``h`` cards of ``hand``, prefix counts given."""
    limit = params[SIGNAL_GAP]
    for p in range(4):
        out[p] = 0
        for i in range(h):
            if play_cost(hand[i], tops[p], p, alive_cum, own_cum, params, 0.0) <= limit:
                out[p] = 1
                break


@njit(cache=True, inline="always")
def _signals_sorted(
    hand: np.ndarray,
    h: int,
    tops: np.ndarray,
    alive_cum: np.ndarray,
    own_cum: np.ndarray,
    params: np.ndarray,
    out: np.ndarray,
) -> None:
    """``_signals`` for an ascending hand and ``OWN_WEIGHT`` >= 0: a plain play's cost
    only grows with its distance to the top, so each pile looks at its trick card and at
    the legal card nearest its top only."""
    limit = params[SIGNAL_GAP]
    trick_ok = -params[TRICK_BONUS] <= limit
    for p in range(4):
        top = tops[p]
        want = 0
        near = -1
        if p < 2:
            for i in range(h):
                c = hand[i]
                if c == top - 10:
                    if trick_ok:
                        want = 1
                        break
                elif c > top:
                    near = c
                    break
        else:
            for i in range(h - 1, -1, -1):
                c = hand[i]
                if c == top + 10:
                    if trick_ok:
                        want = 1
                        break
                elif c < top:
                    near = c
                    break
        if (
            want == 0
            and near >= 0
            and play_cost(near, top, p, alive_cum, own_cum, params, 0.0) <= limit
        ):
            want = 1
        out[p] = want


# CPython's Mersenne Twister (random.Random), enough of it to shuffle a deal ----------

_N = 624
_M = 397


def _genrand_init() -> np.ndarray:
    """``init_genrand(19650218)``, the state every seeding starts from."""
    mt = [19650218]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return np.array(mt, np.uint64)


_MT_INIT = _genrand_init()


@njit(cache=True)
def _mt_seed_into(seed: int, mt: np.ndarray) -> None:
    """The generator state of ``random.Random(seed)`` for 0 <= seed < 2**64 into ``mt``
    (625 words), as CPython builds it (``init_by_array`` over the 32-bit words of the
    seed, from the constant ``init_genrand`` state). The next output's index is in slot
    624, ready for ``_mt_next``."""
    mask = np.uint64(0xFFFFFFFF)
    for i in range(_N):
        mt[i] = _MT_INIT[i]
    s = np.uint64(seed)
    key0 = s & mask
    key1 = s >> np.uint64(32)
    klen = 2 if key1 != 0 else 1
    i = 1
    j = 0
    for _ in range(_N):
        prev = mt[i - 1]
        mt[i] = (
            (mt[i] ^ (((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)) & mask))
            + (key0 if j == 0 else key1)
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
    mt[_N] = np.uint64(0)


@njit(cache=True, inline="always")
def _mt_next(mt: np.ndarray) -> np.uint64:
    """The next 32-bit output (``genrand_uint32``). CPython regenerates the 624 words
    all at once when it has used them up; word ``k`` of the new batch depends only on
    words ``k``, ``k + 1`` and ``k + 397`` (mod 624) as the in-place loop leaves them,
    so regenerating each word just before it is used gives the same outputs, and a deal
    (about 100 outputs) regenerates only the words it uses."""
    k = int(mt[_N])
    y = (mt[k] & np.uint64(0x80000000)) | (mt[(k + 1) % _N] & np.uint64(0x7FFFFFFF))
    v = mt[(k + _M) % _N] ^ (y >> np.uint64(1))
    if y & np.uint64(1):
        v ^= np.uint64(0x9908B0DF)
    mt[k] = v
    mt[_N] = np.uint64((k + 1) % _N)
    y = v
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & np.uint64(0xFFFFFFFF)


@njit(cache=True)
def engine_deal(seed: int) -> np.ndarray:
    """``order = list(range(2, 100)); random.Random(seed).shuffle(order)``."""
    order = np.empty(98, np.int64)
    _deal_into(seed, np.empty(_N + 1, np.uint64), order)
    return order


@njit(cache=True)
def _deal_into(seed: int, mt: np.ndarray, order: np.ndarray) -> None:
    """``engine_deal`` into ``order`` (98 cards), with ``mt`` (625 words) to work in."""
    _mt_seed_into(seed, mt)
    for i in range(98):
        order[i] = i + 2
    for i in range(97, 0, -1):
        n = i + 1
        k = 0
        while (n >> k) > 0:
            k += 1
        r = int(_mt_next(mt) >> np.uint64(32 - k))
        while r >= n:
            r = int(_mt_next(mt) >> np.uint64(32 - k))
        order[i], order[r] = order[r], order[i]


LANES = 8
"""Deals seeded side by side by ``deal_lanes``."""

_MT_INIT32 = _MT_INIT.astype(np.uint32)


@njit(cache=True)
def deal_workspace() -> tuple[np.ndarray, np.ndarray]:
    """The arrays ``deal_lanes`` works in: the ``LANES`` generator states, word-major
    (word ``i`` of lane ``l`` at ``i * LANES + l``) followed by two words per lane (what
    the seeding adds at even and odd steps) and by the first ``_AHEAD`` outputs of each
    lane, and the deals it writes."""
    return np.empty((_N + 2 + _AHEAD) * LANES, np.uint32), np.empty((LANES, 98), np.int64)


_AHEAD = 192
"""Outputs drawn for every lane at once after seeding (a shuffle of 98 cards takes 97
or a few more; past these the lane draws its own). At most 227: word ``k`` of the new
batch then reads words ``k + 1`` and ``k + 397`` as the seeding left them."""


@njit(cache=True, _nrt=False, error_model="numpy")
def deal_lanes(seeds: np.ndarray, start: int, ws: tuple[np.ndarray, np.ndarray]) -> int:
    """The deals of ``seeds[start:start + LANES]`` (``engine_deal`` of each) into the rows
    of ``ws[1]``; returns how many (fewer at the end of ``seeds``).

    Seeding runs two chains of 624 dependent steps per seed, a tenth of a game's time
    when done one seed after the other; the seeds of ``LANES`` games side by side make
    each step one vector operation over the lanes (32-bit words: every operation of the
    twister is modulo 2**32). The first ``_AHEAD`` outputs of every lane are drawn side
    by side the same way (branch-free twist); the shuffle reads them, and draws any
    more it needs lane by lane as ``_mt_next`` does."""
    mt, orders = ws
    count = min(LANES, seeds.shape[0] - start)
    add = _N * LANES
    for lane in range(LANES):
        s = np.uint64(seeds[start + lane]) if lane < count else np.uint64(0)
        key0 = np.uint32(s & np.uint64(0xFFFFFFFF))
        key1 = np.uint32(s >> np.uint64(32))
        mt[add + lane] = key0
        # the key has two words when the seed needs them; j then alternates 0, 1
        mt[add + LANES + lane] = np.uint32(key1 + np.uint32(1)) if key1 != 0 else key0
    for i in range(_N):
        w = _MT_INIT32[i]
        for lane in range(LANES):
            mt[i * LANES + lane] = w
    i = 1
    for t in range(_N):
        row = add + (t & 1) * LANES
        for lane in range(LANES):
            prev = mt[(i - 1) * LANES + lane]
            mt[i * LANES + lane] = np.uint32(
                (
                    mt[i * LANES + lane]
                    ^ np.uint32((prev ^ (prev >> np.uint32(30))) * np.uint32(1664525))
                )
                + mt[row + lane]
            )
        i += 1
        if i >= _N:
            for lane in range(LANES):
                mt[lane] = mt[(_N - 1) * LANES + lane]
            i = 1
    for _ in range(_N - 1):
        for lane in range(LANES):
            prev = mt[(i - 1) * LANES + lane]
            mt[i * LANES + lane] = np.uint32(
                (
                    mt[i * LANES + lane]
                    ^ np.uint32((prev ^ (prev >> np.uint32(30))) * np.uint32(1566083941))
                )
                - np.uint32(i)
            )
        i += 1
        if i >= _N:
            for lane in range(LANES):
                mt[lane] = mt[(_N - 1) * LANES + lane]
            i = 1
    for lane in range(LANES):
        mt[lane] = np.uint32(0x80000000)
    out = (_N + 2) * LANES
    for k in range(_AHEAD):
        for lane in range(LANES):
            y = (mt[k * LANES + lane] & np.uint32(0x80000000)) | (
                mt[(k + 1) * LANES + lane] & np.uint32(0x7FFFFFFF)
            )
            v = mt[(k + _M) * LANES + lane] ^ (y >> np.uint32(1))
            v ^= np.uint32(0x9908B0DF) & (np.uint32(0) - (y & np.uint32(1)))
            mt[k * LANES + lane] = v
            v ^= v >> np.uint32(11)
            v ^= (v << np.uint32(7)) & np.uint32(0x9D2C5680)
            v ^= (v << np.uint32(15)) & np.uint32(0xEFC60000)
            v ^= v >> np.uint32(18)
            mt[out + k * LANES + lane] = v
    for lane in range(count):
        order = orders[lane]
        for c in range(98):
            order[c] = c + 2
        k_out = 0
        for c in range(97, 0, -1):
            n = c + 1
            bits = 0
            while (n >> bits) > 0:
                bits += 1
            while True:
                if k_out < _AHEAD:
                    v = mt[out + k_out * LANES + lane]
                    k_out += 1
                else:
                    k1 = k_out + 1 if k_out + 1 < _N else 0
                    km = k_out + _M if k_out + _M < _N else k_out + _M - _N
                    y = (mt[k_out * LANES + lane] & np.uint32(0x80000000)) | (
                        mt[k1 * LANES + lane] & np.uint32(0x7FFFFFFF)
                    )
                    v = mt[km * LANES + lane] ^ (y >> np.uint32(1))
                    if y & np.uint32(1):
                        v ^= np.uint32(0x9908B0DF)
                    mt[k_out * LANES + lane] = v
                    k_out = k1
                    v ^= v >> np.uint32(11)
                    v ^= (v << np.uint32(7)) & np.uint32(0x9D2C5680)
                    v ^= (v << np.uint32(15)) & np.uint32(0xEFC60000)
                    v ^= v >> np.uint32(18)
                r = int(v >> np.uint32(32 - bits))
                if r < n:
                    break
            order[c], order[r] = order[r], order[c]
    return count


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


@njit(cache=True, inline="always")
def next_holding(sizes: np.ndarray, current: int, players: int) -> int:
    """The seat after ``current`` that still holds cards (the rules skip empty hands);
    ``current`` itself when no other does."""
    nx = current
    for _ in range(players):
        nx = (nx + 1) % players
        if sizes[nx] > 0:
            break
    return nx


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
    return _play(order, players, hand_size, base_min, params, record, game_workspace(players))


@njit(cache=True)
def game_workspace(
    players: int,
) -> tuple[
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
]:
    """The arrays ``_play`` works in (hands, prefix counts, signals, small vectors, the
    "kept" flags, the planner's workspace), allocated once for many games. The prefix
    counts (at most 98) are 16-bit: updating them after each card laid or drawn is a
    quarter of the vector work it is in 64-bit."""
    return (
        np.empty((players, MAX_HAND), np.int64),
        np.empty((players + 1, 102), np.int16),
        np.empty((players, 4), np.int64),
        np.empty((6, MAX_PLAN), np.int64),
        np.empty(4, np.bool_),
        plan_workspace(),
    )


@njit(cache=True, inline="always")
def _insert(hand: np.ndarray, m: int, card: int) -> None:
    """Put ``card`` into the sorted ``hand[:m]`` (which grows by one)."""
    j = m
    while j > 0 and hand[j - 1] > card:
        hand[j] = hand[j - 1]
        j -= 1
    hand[j] = card


@njit(cache=True, inline="always")
def _count_out(alive_cum: np.ndarray, own_cum: np.ndarray, card: int) -> None:
    """Both prefix counts without ``card``. The loop runs over the whole array with no
    branch (the compiler makes it a few vector instructions): faster than starting at
    ``card + 1``."""
    for x in range(102):
        out = x > card
        alive_cum[x] -= out
        own_cum[x] -= out


@njit(cache=True, _nrt=False, error_model="numpy")
def _play(
    order: np.ndarray,
    players: int,
    hand_size: int,
    base_min: int,
    params: np.ndarray,
    record: np.ndarray,
    ws: tuple[
        np.ndarray,
        np.ndarray,
        np.ndarray,
        np.ndarray,
        np.ndarray,
        tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    ],
) -> tuple[int, int, int]:
    """``play_game`` in the workspace ``ws`` (``game_workspace(players)``). The prefix
    counts of the alive cards (row 0 of ``cums``) and of each hand (row ``1 + seat``)
    follow the cards as they are drawn and played instead of being rebuilt per call."""
    hands, cums, signals, small, kept, plan_ws = ws
    sizes = small[0]
    tops = small[1]
    keeps = small[2]  # seats asking to keep each pile
    want = small[3]
    plan_c = small[4]
    plan_p = small[5]
    alive_cum = cums[0]
    for x in range(102):
        alive_cum[x] = min(max(x - 2, 0), 98)
    for s in range(players):
        own_cum = cums[1 + s]
        for k in range(hand_size):
            _insert(hands[s], k, order[s * hand_size + k])
        sizes[s] = hand_size
        _own_counts(hands[s], hand_size, own_cum)
        for p in range(4):
            signals[s, p] = 0
    for p in range(4):
        keeps[p] = 0
    nxt_draw = players * hand_size
    tops[0] = 1
    tops[1] = 1
    tops[2] = 100
    tops[3] = 100
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
        hand = hands[current]
        own_cum = cums[1 + current]
        if need > 3 and not _can_play(hand, n, tops, need):
            return total, actions, min(actions, cap)
        for p in range(4):
            kept[p] = keeps[p] - signals[current, p] > 0
        length = _plan(
            hand,
            n,
            tops,
            alive_cum,
            own_cum,
            need,
            threshold(draw_left, players, params),
            kept,
            params,
            plan_c,
            plan_p,
            plan_ws,
            MAX_NODES,
            True,
            True,
        )
        if length == 0:
            # No plan reaches ``need``: for ``need`` <= 3 exactly when ``_can_play``
            # fails (the fallback ``_cheapest_required`` tries every legal sequence).
            return total, actions, min(actions, cap)
        played = 0
        for k in range(length):
            c = plan_c[k]
            p = plan_p[k]
            m = sizes[current]
            for i in range(m):
                if hand[i] == c:
                    for j in range(i, m - 1):
                        hand[j] = hand[j + 1]
                    break
            sizes[current] = m - 1
            tops[p] = c
            _count_out(alive_cum, own_cum, c)
            played += 1
            if actions < cap:
                record[actions] = c * 4 + p
            actions += 1
            total -= 1
            if total == 0:
                return 0, actions, min(actions, cap)
        if players > 1:
            _signals_sorted(hand, sizes[current], tops, alive_cum, own_cum, params, want)
            for p in range(4):
                kind = -1
                if want[p] == 1 and signals[current, p] != 1:
                    kind = 1
                elif want[p] == 0 and signals[current, p] != 0:
                    kind = 0
                if kind >= 0:
                    signals[current, p] = kind
                    keeps[p] += 1 if kind == 1 else -1
                    if actions < cap:
                        record[actions] = 1000 + current * 16 + p * 4 + kind
                    actions += 1
        if actions < cap:
            record[actions] = ACTION_END
        actions += 1
        m = sizes[current]
        for _ in range(min(played, 98 - nxt_draw)):
            c = order[nxt_draw]
            nxt_draw += 1
            _insert(hand, m, c)
            m += 1
            for x in range(102):
                own_cum[x] += x > c
        sizes[current] = m
        current = next_holding(sizes, current, players)


@njit(cache=True)
def _play_seeds(
    seeds: np.ndarray, players: int, hand_size: int, base_min: int, params: np.ndarray
) -> np.ndarray:
    out = np.zeros((seeds.shape[0], 2), np.int64)
    empty = np.zeros(0, np.int64)
    ws = game_workspace(players)
    dws = deal_workspace()
    for g0 in range(0, seeds.shape[0], LANES):
        for lane in range(deal_lanes(seeds, g0, dws)):
            score, actions, _ = _play(dws[1][lane], players, hand_size, base_min, params, empty, ws)
            out[g0 + lane, 0] = score
            out[g0 + lane, 1] = actions
    return out
