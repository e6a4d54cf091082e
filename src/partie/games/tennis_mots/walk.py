"""The compiled walk of the move generator (numba): the search of ``movegen._Search``
over the lexicon's starts automaton, on integer arrays.

It lays one grouped card per letter exactly like the Python walk (same branches, same
bound, same shots found), but follows the automaton node by node
(``lexicon.StartsAutomaton``: a node is an index in the ``dawgdic`` double array)
instead of looking whole strings up, and runs compiled. Found shots are written as rows
of integers: ``[value, length, card, card, ...]``, each card packed as
``group << 7 | glyph << 5 | letter`` (glyph 0: as itself, 1: ``▶``, 2: ``◀``, the
order of the glyphs as strings; letter 0-25: the letter it reads).

The functions live in one module because numba's on-disk cache checks only the file of
the function it compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.typed import List

PLAIN, AFTER_GLYPH, BEFORE_GLYPH = 0, 1, 2  # the canonical order of glyphs: "" < ▶ < ◀
CHUNK = 4096
"""Rows per block of found shots."""

# Indices of the ``state`` array shared by the walk's frames.
FLOOR, FOUND, LIMIT, STOP, BEST, STEPS = 0, 1, 2, 3, 4, 5


@njit(cache=True, inline="always")
def _follow(units, node, code):  # type: ignore[no-untyped-def]
    u = np.int64(units[node])
    nxt = node ^ ((u >> 10) << ((u & 512) >> 6)) ^ code
    if (np.int64(units[nxt]) & 0x800000FF) != code:
        return -1
    return nxt


@njit(cache=True, inline="always")
def _value(units, node):  # type: ignore[no-untyped-def]
    u = np.int64(units[node])
    return np.int64(units[node ^ ((u >> 10) << ((u & 512) >> 6))]) & 0x7FFFFFFF


@njit(cache=True)
def _reachable(hist, value, d):  # type: ignore[no-untyped-def]
    """The most ``d`` of the remaining cards add to ``value`` (exact)."""
    for v in range(len(hist) - 1, -1, -1):
        c = hist[v]
        if c >= d:
            return value + v * d
        value += v * c
        d -= c
    return value


@njit(cache=True)
def _emit(state, chunks, width, path, word, size, value):  # type: ignore[no-untyped-def]
    """Record the shot of the first ``size`` cards of ``path`` (letters in ``word``)."""
    if state[BEST] and value > state[FLOOR]:
        state[FLOOR] = value  # from now on only as good or better
        state[FOUND] = 0
    n = state[FOUND]
    k = n // CHUNK
    if k == len(chunks):
        chunks.append(np.empty((CHUNK, width), np.int64))
    row = chunks[k][n % CHUNK]
    row[0] = value
    row[1] = size
    for i in range(size):
        row[2 + i] = path[i] | word[i]
    state[FOUND] = n + 1
    if state[FOUND] >= state[LIMIT]:
        state[STOP] = 1


@njit(cache=True)
def _enter(units, best_after, f, fr, hist, path, word, state, chunks, width):  # type: ignore[no-untyped-def]
    """Start the frame ``f``: a ``▶`` ending there, then the bound. False: nothing to
    lay from it."""
    state[STEPS] += 1
    node, nval, plen, waiting, value, left = (
        fr[f, 0],
        fr[f, 1],
        fr[f, 2],
        fr[f, 3],
        fr[f, 4],
        fr[f, 5],
    )
    mask = nval & 0x3FFFFFF
    if waiting:
        if value >= state[FLOOR] and plen > 0:
            # Last, a ▶ stands for the card still to come: the first letter that works.
            for li in range(26):
                if mask & (1 << li):
                    at = node
                    for _ in range(waiting + 1):
                        at = _follow(units, at, 65 + li)
                        if at < 0:
                            break
                    if at >= 0:
                        for i in range(waiting):
                            word[plen + i] = li
                        _emit(state, chunks, width, path, word, plen + waiting, value)
                        break
            if state[STOP]:
                return False
        if left == 0:
            return False
    depth = nval >> 26
    d = depth if depth < left else left
    if _reachable(hist, value, d) < state[FLOOR]:
        return False
    if value + best_after[node] < state[FLOOR]:
        return False  # no word goes on from here worth enough, whatever the cards
    fr[f, K] = 0
    fr[f, P] = -1
    fr[f, CHILD] = -2
    fr[f, DBL] = 0
    fr[f, SUB] = 0
    fr[f, GI] = -1
    return True


# Columns of a frame: where the walk stands, then where its loops stand.
NODE, NVAL, PLEN, WAIT, VALUE, LEFT, K, P, CHILD, CVAL, DBL, SUB, GI = range(13)


@njit(cache=True)
def _run(  # type: ignore[no-untyped-def]
    units,
    best_after,
    root_value,
    total,
    counts,
    values,
    hist,
    prov_start,
    prov,
    doubles,
    order,
    path,
    word,
    state,
    chunks,
    width,
):
    """The depth-first walk with an explicit stack of frames, one per card laid: from
    a start (``plen`` letters in ``word``, ``waiting`` ``▶`` laid after it that show
    the next letter), lay each card that may come next."""
    fr = np.zeros((total + 2, 13), np.int64)
    fr[0, NODE] = 0
    fr[0, NVAL] = root_value
    fr[0, LEFT] = total
    if not _enter(units, best_after, 0, fr, hist, path, word, state, chunks, width):
        return
    f = 0
    while f >= 0:
        gi = fr[f, GI]
        if gi >= 0:  # the card the last child laid comes back
            counts[gi] += 1
            hist[values[gi]] += 1
            fr[f, GI] = -1
        if state[STOP]:
            return
        node, nval, plen, waiting, value, left = (
            fr[f, NODE],
            fr[f, NVAL],
            fr[f, PLEN],
            fr[f, WAIT],
            fr[f, VALUE],
            fr[f, LEFT],
        )
        mask = nval & 0x3FFFFFF
        at = plen + waiting  # the place of the card laid now
        pushed = False
        # Letters (and ★ ■ ● reading them), in the frame's order.
        while fr[f, K] < 26:
            li = order[fr[f, K]]
            if not mask & (1 << li) or fr[f, CHILD] == -1:
                fr[f, K] += 1
                fr[f, P] = -1
                fr[f, CHILD] = -2
                continue
            p = fr[f, P]
            if p < 0:
                p = prov_start[li]
            took = -1
            while p < prov_start[li + 1]:
                g = prov[p]
                p += 1
                if counts[g] == 0:
                    continue
                if fr[f, CHILD] == -2:
                    child = node
                    for _ in range(waiting + 1):
                        child = _follow(units, child, 65 + li)
                        if child < 0:
                            break
                    if child < 0:
                        fr[f, CHILD] = -1
                        break
                    fr[f, CHILD] = child
                    fr[f, CVAL] = _value(units, child)
                took = g
                break
            fr[f, P] = p
            if took < 0:
                fr[f, K] += 1
                fr[f, P] = -1
                fr[f, CHILD] = -2
                continue
            for i in range(waiting + 1):
                word[plen + i] = li
            counts[took] -= 1
            v = values[took]
            hist[v] -= 1
            fr[f, GI] = took
            path[at] = (took << 7) | (PLAIN << 5)
            v += value
            if v >= state[FLOOR]:
                _emit(state, chunks, width, path, word, at + 1, v)
            if left > 1 and not state[STOP]:
                c = f + 1
                fr[c, NODE] = fr[f, CHILD]
                fr[c, NVAL] = fr[f, CVAL]
                fr[c, PLEN] = at + 1
                fr[c, WAIT] = 0
                fr[c, VALUE] = v
                fr[c, LEFT] = left - 1
                if _enter(units, best_after, c, fr, hist, path, word, state, chunks, width):
                    f = c
            pushed = True
            break
        if pushed:
            continue
        # Doubles: ◀ repeats the letter before, ▶ waits for the next one.
        while fr[f, DBL] < len(doubles):
            g = doubles[fr[f, DBL]]
            sub = fr[f, SUB]
            if counts[g] == 0 or sub == 2:
                fr[f, DBL] += 1
                fr[f, SUB] = 0
                continue
            fr[f, SUB] = sub + 1
            v = value + values[g]
            if sub == 0:
                if waiting or plen == 0:
                    continue
                last = word[plen - 1]
                if not mask & (1 << last):
                    continue
                counts[g] -= 1
                hist[values[g]] -= 1
                fr[f, GI] = g
                child = _follow(units, node, 65 + last)
                word[plen] = last
                path[plen] = (g << 7) | (BEFORE_GLYPH << 5)
                if v >= state[FLOOR]:
                    _emit(state, chunks, width, path, word, plen + 1, v)
                if left > 1 and not state[STOP]:
                    c = f + 1
                    fr[c, NODE] = child
                    fr[c, NVAL] = _value(units, child)
                    fr[c, PLEN] = plen + 1
                    fr[c, WAIT] = 0
                    fr[c, VALUE] = v
                    fr[c, LEFT] = left - 1
                    if _enter(units, best_after, c, fr, hist, path, word, state, chunks, width):
                        f = c
                pushed = True
                break
            counts[g] -= 1
            hist[values[g]] -= 1
            fr[f, GI] = g
            path[at] = (g << 7) | (AFTER_GLYPH << 5)
            c = f + 1
            fr[c, NODE] = node
            fr[c, NVAL] = nval
            fr[c, PLEN] = plen
            fr[c, WAIT] = waiting + 1
            fr[c, VALUE] = v
            fr[c, LEFT] = left - 1
            if _enter(units, best_after, c, fr, hist, path, word, state, chunks, width):
                f = c
            pushed = True
            break
        if pushed:
            continue
        f -= 1


@njit(cache=True)
def walk(  # type: ignore[no-untyped-def]
    units,
    best_after,
    root_value,
    counts,
    values,
    prov_start,
    prov,
    doubles,
    order,
    floor,
    best,
    limit,
):
    """Every shot worth at least ``floor`` (``best``: only the most valuable ones,
    raising the floor as they are found; ``limit``: stop after that many).
    ``best_after[node]``: the most the letters of a word going on from that node can
    be worth (``completion_values``). Returns the
    blocks of rows, the number of rows and the number of steps walked."""
    total = 0
    top = 0
    for gi in range(len(counts)):
        total += counts[gi]
        if values[gi] > top:
            top = values[gi]
    hist = np.zeros(top + 1, np.int64)
    for gi in range(len(counts)):
        hist[values[gi]] += counts[gi]
    width = total + 2
    chunks = List()
    chunks.append(np.empty((CHUNK, width), np.int64))
    state = np.zeros(6, np.int64)
    state[FLOOR] = floor
    state[LIMIT] = limit
    state[BEST] = best
    path = np.zeros(total + 1, np.int64)
    word = np.zeros(total + 1, np.int64)
    work = counts.copy()
    if total > 0:
        _run(
            units,
            best_after,
            root_value,
            total,
            work,
            values,
            hist,
            prov_start,
            prov,
            doubles,
            order,
            path,
            word,
            state,
            chunks,
            width,
        )
    return chunks, state[FOUND], state[STEPS]


# Shapes of the shots, as ``listing`` codes them (``movegen`` names them).
SERVICE, LOB, REVERS_LIFTE, COUP_DROIT, REVERS, COUP_DROIT_LIFTE, SMASH, UNUSUAL = range(8)


@njit(cache=True)
def _shape(gis, hand, size, kind, spare, old_seq, faces, on_table):  # type: ignore[no-untyped-def]
    """The shape of a shot (cards of groups ``gis``, ``hand[p]`` 1 for a hand card),
    as ``movegen._Builder.build`` names it with its canonical card ids; UNUSUAL when
    only ``build`` can tell."""
    n_old = len(old_seq)
    if n_old == 0:
        return SERVICE
    places = 0
    first = -1
    last = -1
    for p in range(size):
        if not hand[p]:
            places += 1
            if first < 0:
                first = p
            last = p
    if places == 0:
        return LOB
    if places < n_old:
        joker = False
        for p in range(size):
            if hand[p] and kind[gis[p]]:
                joker = True
        if not joker:
            return REVERS_LIFTE
        # SMASH when some choice of identical table cards puts a hand joker where a
        # table card taken off sat: next to its old neighbour on one side (a word end
        # counts).
        for g in range(len(on_table)):
            on_table[g] = 0
        for p in range(size):
            if not hand[p]:
                on_table[gis[p]] += 1
        end = size - 1
        for i in range(size):
            if not hand[i] or not kind[gis[i]]:
                continue
            for j in range(n_old):
                h = old_seq[j]
                if on_table[h] > spare[h]:
                    continue  # every table card of its group is kept: not this one gone
                if j == 0:
                    if i == 0:
                        return SMASH
                elif i > 0 and not hand[i - 1] and gis[i - 1] == old_seq[j - 1]:
                    return SMASH
                if j == n_old - 1:
                    if i == end:
                        return SMASH
                elif i < end and not hand[i + 1] and gis[i + 1] == old_seq[j + 1]:
                    return SMASH
        return REVERS_LIFTE
    same = True
    same_faces = True
    k = 0
    for p in range(size):
        if not hand[p]:
            if gis[p] != old_seq[k]:
                same = False
            if faces[gis[p]] != faces[old_seq[k]]:
                same_faces = False
            k += 1
    if not same:
        return UNUSUAL if same_faces else REVERS_LIFTE
    contiguous = last - first + 1 == n_old
    left = first > 0
    right = last < size - 1
    if contiguous and right and not left:
        return COUP_DROIT
    if contiguous and left and not right:
        return REVERS
    if not contiguous or (left and right):
        return COUP_DROIT_LIFTE
    return REVERS_LIFTE


@njit(cache=True)
def listing(rows, kind, shared, side, tcount, hcount, faces, old_seq, fill, out):  # type: ignore[no-untyped-def]
    """Each shot of the rows, expanded by origin (which cards of groups holding both
    table and hand cards come from the hand) in the canonical order (the table first,
    position by position). With ``fill``, writes ``[row, hand mask, shape]`` per shot
    into ``out``; returns how many shots."""
    n = rows.shape[0]
    ngroups = len(kind)
    spare = tcount - 1
    on_table = np.zeros(ngroups, np.int64)
    gis = np.zeros(rows.shape[1], np.int64)
    hand = np.zeros(rows.shape[1], np.int64)
    left_t = np.zeros(ngroups, np.int64)
    left_h = np.zeros(ngroups, np.int64)
    shared_at = np.zeros(rows.shape[1], np.int64)
    choice = np.zeros(rows.shape[1], np.int64)
    count = 0
    for r in range(n):
        size = rows[r, 1]
        m = 0  # shared positions
        for p in range(size):
            g = rows[r, 2 + p] >> 7
            gis[p] = g
            if shared[g]:
                shared_at[m] = p
                m += 1
                hand[p] = 0
            else:
                hand[p] = side[g]
        if m == 0:
            if fill:
                out[count, 0] = r
                out[count, 1] = 0
                out[count, 2] = _shape(gis, hand, size, kind, spare, old_seq, faces, on_table)
            count += 1
            continue
        # Every split of the shared positions, in order: table (0) before hand (1).
        for g in range(ngroups):
            left_t[g] = tcount[g]
            left_h[g] = hcount[g]
        k = 0
        choice[0] = -1
        while k >= 0:
            p = shared_at[k]
            g = gis[p]
            c = choice[k]
            if c == 0:
                left_t[g] += 1
            elif c == 1:
                left_h[g] += 1
            c += 1
            while c <= 1 and (left_t[g] if c == 0 else left_h[g]) == 0:
                c += 1
            if c > 1:
                choice[k] = -1
                k -= 1
                continue
            choice[k] = c
            if c == 0:
                left_t[g] -= 1
            else:
                left_h[g] -= 1
            hand[p] = c
            if k + 1 < m:
                k += 1
                choice[k] = -1
                continue
            if fill:
                mask = 0
                for q in range(m):
                    if choice[q]:
                        mask |= 1 << shared_at[q]
                out[count, 0] = r
                out[count, 1] = mask
                out[count, 2] = _shape(gis, hand, size, kind, spare, old_seq, faces, on_table)
            count += 1
    return count


@njit(cache=True)
def canonical_keys(rows):  # type: ignore[no-untyped-def]
    """Sort keys of the walk's rows whose order is their shots' canonical order: most
    valuable first, then letters (a start before its continuations), then group and
    glyph position by position. A key is a row of 63-bit words (``0xFFFF - value`` in
    16 bits, each letter + 1 in 5 bits, each ``card >> 5`` + 1 in 8 bits, 0 past the
    row's end; a field never straddles two words), compared word by word."""
    n, width = rows.shape
    size = width - 2
    words = 1
    free = 63 - 16
    for _ in range(size):
        if free < 5:
            words += 1
            free = 63
        free -= 5
    for _ in range(size):
        if free < 8:
            words += 1
            free = 63
        free -= 8
    keys = np.zeros((n, words), np.int64)
    for r in range(n):
        length = rows[r, 1]
        w = 0
        free = 63 - 16
        acc = 0xFFFF - rows[r, 0]
        for p in range(size):
            if free < 5:
                keys[r, w] = acc << free
                w += 1
                acc = 0
                free = 63
            f = (rows[r, 2 + p] & 31) + 1 if p < length else 0
            acc = (acc << 5) | f
            free -= 5
        for p in range(size):
            if free < 8:
                keys[r, w] = acc << free
                w += 1
                acc = 0
                free = 63
            f = (rows[r, 2 + p] >> 5) + 1 if p < length else 0
            acc = (acc << 8) | f
            free -= 8
        keys[r, w] = acc << free
    return keys


@njit(cache=True)
def _before(keys, a, b):  # type: ignore[no-untyped-def]
    """Key ``a`` sorts before key ``b`` (their first words equal)."""
    for w in range(1, keys.shape[1]):
        if keys[a, w] != keys[b, w]:
            return keys[a, w] < keys[b, w]
    return False


@njit(cache=True)
def settle_ties(keys, order):  # type: ignore[no-untyped-def]
    """``order`` sorted on the keys' first words (stably): sort each run of equal
    first words on the whole keys, in place (stable: insertion sorts, a merge sort
    for long runs)."""
    n = len(order)
    lo = 0
    for i in range(1, n + 1):
        if i < n and keys[order[i], 0] == keys[order[lo], 0]:
            continue
        if i - lo <= 32:
            for j in range(lo + 1, i):
                x = order[j]
                k = j - 1
                while k >= lo and _before(keys, x, order[k]):
                    order[k + 1] = order[k]
                    k -= 1
                order[k + 1] = x
        else:
            _merge_sort(keys, order, lo, i)
        lo = i


@njit(cache=True)
def _merge_sort(keys, order, lo, hi):  # type: ignore[no-untyped-def]
    """Stable bottom-up merge sort of ``order[lo:hi]`` on the whole keys."""
    m = hi - lo
    src = order[lo:hi].copy()
    dst = np.empty(m, np.int64)
    width = 1
    while width < m:
        for start in range(0, m, 2 * width):
            mid = min(start + width, m)
            end = min(start + 2 * width, m)
            i, j, k = start, mid, start
            while i < mid and j < end:
                if _before(keys, src[j], src[i]):
                    dst[k] = src[j]
                    j += 1
                else:
                    dst[k] = src[i]
                    i += 1
                k += 1
            while i < mid:
                dst[k] = src[i]
                i += 1
                k += 1
            while j < end:
                dst[k] = src[j]
                j += 1
                k += 1
        src, dst = dst, src
        width *= 2
    order[lo:hi] = src


@njit(cache=True)
def row_fields(rows, kind, word_units, text, pending, joker_keys, complete):  # type: ignore[no-untyped-def]
    """What each row of the walk reads, in one pass: its letters into ``text``
    (ASCII, each row ended by a newline), whether its last card is a ``▶``
    (``pending``), the key of its jokers (``kind`` not 0: their positions as bits,
    then the letters they read, 5 bits each from bit ``width - 2``, left to right) and
    whether it is a whole word (``complete``: followed in the words automaton
    ``word_units``, the double array of the lexicon's words; left False when empty).
    Returns how many bytes of ``text`` it wrote."""
    n, width = rows.shape
    size = width - 2
    words = len(word_units) > 0
    at = 0
    for r in range(n):
        length = rows[r, 1]
        key = 0
        rank = 0
        node = 0
        found = words
        for p in range(length):
            c = rows[r, 2 + p]
            li = c & 31
            text[at] = 65 + li
            at += 1
            if kind[c >> 7] != 0:
                key |= (1 << p) | ((li + 1) << (size + 5 * rank))
                rank += 1
            if found:
                u = np.int64(word_units[node])
                nxt = node ^ ((u >> 10) << ((u & 512) >> 6)) ^ (65 + li)
                if (np.int64(word_units[nxt]) & 0x800000FF) != 65 + li:
                    found = False
                else:
                    node = nxt
        text[at] = 10
        at += 1
        pend = ((rows[r, 1 + length] >> 5) & 3) == AFTER_GLYPH
        pending[r] = pend
        joker_keys[r] = key
        complete[r] = found and not pend and ((np.int64(word_units[node]) >> 8) & 1) == 1
    return at


@njit(cache=True)
def completion_values(units, root_value, letter_values):  # type: ignore[no-untyped-def]
    """For every node of the starts automaton, the most the letters after it can be
    worth, over the words going on from it, a letter ``l`` worth ``letter_values[l]``
    (0 where the start ends). Depth-first over the whole automaton, once."""
    n = len(units)
    best = np.full(n, -1, np.int32)  # small: the walk reads it at every step
    stack = np.zeros((64, 3), np.int64)  # node, its value, next letter to look at
    stack[0, 0] = 0
    stack[0, 1] = root_value
    sp = 1
    while sp > 0:
        node = stack[sp - 1, 0]
        nval = stack[sp - 1, 1]
        li = stack[sp - 1, 2]
        while li < 26 and not nval & (1 << li):
            li += 1
        if li < 26:
            stack[sp - 1, 2] = li + 1
            child = _follow(units, node, 65 + li)
            if best[child] < 0:
                if sp == len(stack):
                    bigger = np.zeros((2 * sp, 3), np.int64)
                    bigger[:sp] = stack
                    stack = bigger
                stack[sp, 0] = child
                stack[sp, 1] = _value(units, child)
                stack[sp, 2] = 0
                sp += 1
            continue
        m = 0
        for k in range(26):
            if nval & (1 << k):
                child = _follow(units, node, 65 + k)
                v = letter_values[k] + best[child]
                if v > m:
                    m = v
        best[node] = m
        sp -= 1
    return best
