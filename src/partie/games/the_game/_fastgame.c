/* The Game's fast path in C: whole games of one cheap bot at every seat, the deal
 * included, in one call that fills a caller's buffer (no Python object in the loop).
 *
 * It plays exactly the games of the numba kernels (kernels.py, cheap.py): the same
 * Mersenne Twister and shuffle as CPython's random.Random(seed), the same planner
 * (visiting order, sums in the same order, ties, node cap), the same signals and draws.
 * tests/games/the_game/test_native.py compares the two game by game.
 *
 * Layout, chosen for speed rather than copied from the numba arrays:
 * - a hand is at most 8 cards, ascending, one byte each; a set of cards of a hand is a
 *   byte of bits (bit i: the hand's card i), a set of plays one 32-bit word (byte q:
 *   pile q);
 * - the prefix counts of the alive cards and of each hand are 16-bit rows of 102
 *   (a card laid or drawn updates a row with a few vector instructions);
 * - the planner's cost rows (one per pile and top: 4 x 9 rows of 8 doubles), masks and
 *   search stacks live in one struct made once per batch: nothing is allocated per
 *   game or per turn.
 *
 * Built without -ffast-math and with -ffp-contract=off: every sum and product is
 * rounded as numba rounds it, so the costs, hence the plans, are the same to the bit.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef PARTIE_SOURCE_HASH
#define PARTIE_SOURCE_HASH "unknown"
#endif

#define HM 8           /* most cards in a hand */
#define RW (HM + 1)    /* cost rows per pile: its own top, then each card of the hand */
#define ROWS (4 * RW)
#define MAX_NODES 400  /* kernels.MAX_NODES */
#define INF 1.0e9
#define SLACK 1e-11

enum { TRICK_BONUS, OWN_WEIGHT, THR_FULL, THR_EMPTYING, THR_EMPTY, SIGNAL_GAP,
       SIGNAL_PENALTY, PAIR_PENALTY, N_PARAMS };

#define ACTION_END 0
#define BIG (1 << 30)
#define KIND_RANDOM 0
#define KIND_GREEDY 1
#define KIND_MINJUMP 2

static inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int top32(uint32_t x) { return 31 - __builtin_clz(x); }

/* The planner ------------------------------------------------------------------- */

typedef struct {
    /* the turn */
    const uint8_t *hand;
    int h;
    int tops[4];
    const int16_t *alive_cum;
    const int16_t *own_cum;
    const double *params;
    double thr, pair_pen, sigs[4];
    int sorted_costs;
    /* per card of the hand: partner 10 above / below (its bit), alive counts */
    uint32_t up[HM], down[HM];
    int at[HM + 1], past[HM + 1];
    uint32_t setups_up, setups_down;
    /* cost rows and their masks (legal, cheap, cheap or maybe, above thr) */
    double base[ROWS * HM];
    int32_t masks[4][ROWS];
    /* search */
    uint32_t rem[HM + 1], full[HM + 1];
    int seq_p[HM + 1], seq_i[HM + 1], saved[HM + 1], nexp[HM + 1], slot[4];
    int dear[4 * (HM + 1)];
    double acc[HM + 1], rest[HM + 1], low[HM], paired[HM];
} Planner;

/* CPython's Mersenne Twister ------------------------------------------------------ */

#define MT_N 624
#define MT_M 397
#define LANES 8

static uint32_t mt_init[MT_N]; /* init_genrand(19650218), made at import */

static void mt_make_init(void) {
    mt_init[0] = 19650218u;
    for (uint32_t i = 1; i < MT_N; i++)
        mt_init[i] = 1812433253u * (mt_init[i - 1] ^ (mt_init[i - 1] >> 30)) + i;
}

typedef struct {
    uint32_t mt[MT_N];
    int k; /* index of the next word to regenerate and output */
} Twister;

typedef struct {
    uint32_t lanes[MT_N][LANES];
    Twister g;
} DealSpace;

/* The heuristic's game loop ------------------------------------------------------- */

typedef struct {
    uint8_t hands[5][HM];
    int sizes[5];
    int16_t cums[6][104]; /* row 0: alive cards below x; row 1 + s: seat s's cards */
    int signals[5][4];
    Planner planner;
} GameSpace;

/* A batch's memory, on a page of its own (posix_memalign), the game's part first after
 * one cache line and the parameters copied in: its place in the page is then the same
 * from call to call. Where the allocator happened to put it moved the heuristic by 4 to
 * 15 % (paired runs: at 64 bytes into a page as here, or 2,112, it ran fastest; at
 * 3,136 as slow as the allocator's place). */
typedef struct {
    char line[64];
    GameSpace game;
    double params[N_PARAMS];
    uint8_t orders[LANES][98];
    DealSpace deal;
    Twister mts[5];
} BatchSpace;
#define RECORD(code)                              \
    do {                                          \
        if (actions < cap) record[actions] = (code); \
        actions++;                                \
    } while (0)


/* The game code, compiled twice: for any x86-64 (or other) machine, and with AVX2 and
 * the bit instructions of x86-64-v3 (the 102-wide count updates and the cost rows in
 * vectors twice as wide; popcount, tzcnt, lzcnt as single instructions). The machine's
 * processor picks one at import; both play the same games (no FMA: -ffp-contract=off). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HAVE_V3 1
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,lzcnt,popcnt")
#define V(name) name##_v3
#include "_fastgame_core.h"
#undef V
#pragma GCC pop_options
#endif
#define V(name) name##_base
#include "_fastgame_core.h"
#undef V

typedef int (*RunBatch)(BatchSpace *, Py_ssize_t, const uint64_t *, const int64_t *,
                        const int64_t *, int, int, int, int, int, int, const double *, int64_t *);
typedef int (*PlayHeuristic)(GameSpace *, const uint8_t *, int, int, int, const double *,
                             int64_t *, int64_t, int64_t *);
typedef int (*PlayCheap)(const uint8_t *, int, int, int, int, int, int, Twister *, int64_t *,
                         int64_t, int64_t *);

static RunBatch run_batch = run_batch_base;
static PlayHeuristic play_heuristic = play_heuristic_base;
static PlayCheap play_cheap = play_cheap_base;
static const char *variant_name = "base";

/* Use the "v3" build when asked and the processor has it, else "base"; 0 when done. */
static int choose_variant(const char *name) {
#ifdef HAVE_V3
    __builtin_cpu_init();
    if (strcmp(name, "v3") == 0 && __builtin_cpu_supports("avx2") &&
        __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("abm")) {
        run_batch = run_batch_v3;
        play_heuristic = play_heuristic_v3;
        play_cheap = play_cheap_v3;
        variant_name = "v3";
        return 0;
    }
#endif
    run_batch = run_batch_base;
    play_heuristic = play_heuristic_base;
    play_cheap = play_cheap_base;
    variant_name = "base";
    return strcmp(name, "base") == 0 ? 0 : -1;
}

/* Python bindings ------------------------------------------------------------------ */

/* A contiguous buffer of count items of size bytes (count < 0: any count, returned). */
static int get_buf(PyObject *obj, Py_buffer *view, int writable, Py_ssize_t size,
                   Py_ssize_t count, const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0)) < 0)
        return -1;
    if (view->itemsize != size || view->len % size != 0 ||
        (count >= 0 && view->len / size != count)) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes expected", name, count, size);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static int check_table(int players, int hand_size, int base_min) {
    if (players < 1 || players > 5 || hand_size < 1 || hand_size > HM ||
        players * hand_size > 98 || base_min < 1 || base_min > HM) {
        PyErr_SetString(PyExc_ValueError, "players 1-5, hand size 1-8, minimum 1-8");
        return -1;
    }
    return 0;
}

/* The deal of game g: row g of deals (checked: a permutation of 2..99), or a seed's. */
static int deal_rows(const int64_t *deals, Py_ssize_t g, uint8_t *order) {
    uint8_t seen[100] = {0};
    for (int c = 0; c < 98; c++) {
        int64_t v = deals[g * 98 + c];
        if (v < 2 || v > 99 || seen[v]) {
            PyErr_SetString(PyExc_ValueError, "a deal is the 98 cards 2..99 in some order");
            return -1;
        }
        seen[v] = 1;
        order[c] = (uint8_t)v;
    }
    return 0;
}

/* play_batch(seeds u64[n], deals i64[n*98] or empty, bot_seeds i64[n*players] or empty,
 *            players, hand_size, base_min, kind, r, e, params f64[8], out i64[n*2])
 * kind: 0 random, 1 greedy, 2 minjump, 3 heuristic. Fills out with (score, actions). */
static PyObject *py_play_batch(PyObject *self, PyObject *args) {
    PyObject *o_seeds, *o_deals, *o_bots, *o_params, *o_out;
    int players, hand_size, base_min, kind, r_full, e_empty;
    if (!PyArg_ParseTuple(args, "OOOiiiiiiOO", &o_seeds, &o_deals, &o_bots, &players, &hand_size,
                          &base_min, &kind, &r_full, &e_empty, &o_params, &o_out))
        return NULL;
    if (check_table(players, hand_size, base_min) < 0) return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_SetString(PyExc_ValueError, "kind 0-3");
        return NULL;
    }
    Py_buffer seeds, deals, bots, params, out;
    if (get_buf(o_seeds, &seeds, 0, 8, -1, "seeds") < 0) return NULL;
    Py_ssize_t n = seeds.len / 8;
    PyObject *result = NULL;
    int got = 0;
    if (get_buf(o_deals, &deals, 0, 8, -1, "deals") < 0) goto done0;
    got = 1;
    if (deals.len != 0 && deals.len != n * 98 * 8) {
        PyErr_SetString(PyExc_ValueError, "deals: one row of 98 cards per seed");
        goto done;
    }
    if (get_buf(o_bots, &bots, 0, 8, -1, "bot_seeds") < 0) goto done;
    got = 2;
    if (kind == KIND_RANDOM && bots.len != n * players * 8) {
        PyErr_SetString(PyExc_ValueError, "bot_seeds: one per seat per game");
        goto done;
    }
    if (get_buf(o_params, &params, 0, 8, N_PARAMS, "params") < 0) goto done;
    got = 3;
    if (get_buf(o_out, &out, 1, 8, n * 2, "out") < 0) goto done;
    got = 4;
    {
        BatchSpace *ws = NULL;
        if (posix_memalign((void **)&ws, 4096, sizeof(BatchSpace)) != 0) {
            PyErr_NoMemory();
            goto done;
        }
        memset(ws, 0, sizeof(BatchSpace));
        const uint64_t *sd = seeds.buf;
        const int64_t *dl = deals.buf, *bs = bots.buf;
        memcpy(ws->params, params.buf, sizeof ws->params);
        const double *pr = ws->params;
        int64_t *res = out.buf;
        int failed = 0;
        Py_BEGIN_ALLOW_THREADS
        failed = run_batch(ws, n, sd, deals.len ? dl : NULL, bs, players, hand_size, base_min, kind, r_full, e_empty, pr, res);
        Py_END_ALLOW_THREADS
        free(ws);
        if (failed) {
            PyErr_SetString(PyExc_ValueError, "a deal is the 98 cards 2..99 in some order");
            goto done;
        }
    }
    Py_INCREF(Py_None);
    result = Py_None;
done:
    if (got >= 4) PyBuffer_Release(&out);
    if (got >= 3) PyBuffer_Release(&params);
    if (got >= 2) PyBuffer_Release(&bots);
    if (got >= 1) PyBuffer_Release(&deals);
done0:
    PyBuffer_Release(&seeds);
    return result;
}

/* record_game(order i64[98], bot_seeds i64[players] or empty, players, hand_size,
 *             base_min, kind, r, e, params f64[8], record i64[cap])
 * -> (score, actions, recorded): one game, its first action codes into record. */
static PyObject *py_record_game(PyObject *self, PyObject *args) {
    PyObject *o_order, *o_bots, *o_params, *o_rec;
    int players, hand_size, base_min, kind, r_full, e_empty;
    if (!PyArg_ParseTuple(args, "OOiiiiiiOO", &o_order, &o_bots, &players, &hand_size, &base_min,
                          &kind, &r_full, &e_empty, &o_params, &o_rec))
        return NULL;
    if (check_table(players, hand_size, base_min) < 0) return NULL;
    if (kind < 0 || kind > 3) {
        PyErr_SetString(PyExc_ValueError, "kind 0-3");
        return NULL;
    }
    Py_buffer order, bots, params, rec;
    if (get_buf(o_order, &order, 0, 8, 98, "order") < 0) return NULL;
    if (get_buf(o_bots, &bots, 0, 8, -1, "bot_seeds") < 0) {
        PyBuffer_Release(&order);
        return NULL;
    }
    if (get_buf(o_params, &params, 0, 8, N_PARAMS, "params") < 0) {
        PyBuffer_Release(&order);
        PyBuffer_Release(&bots);
        return NULL;
    }
    if (get_buf(o_rec, &rec, 1, 8, -1, "record") < 0) {
        PyBuffer_Release(&order);
        PyBuffer_Release(&bots);
        PyBuffer_Release(&params);
        return NULL;
    }
    PyObject *result = NULL;
    uint8_t cards[98];
    GameSpace *ws = NULL;
    Twister *mts = NULL;
    if (kind == KIND_RANDOM && bots.len != players * 8) {
        PyErr_SetString(PyExc_ValueError, "bot_seeds: one per seat");
        goto done;
    }
    if (deal_rows(order.buf, 0, cards) < 0) goto done;
    ws = PyMem_Calloc(1, sizeof(GameSpace));
    mts = PyMem_Calloc(5, sizeof(Twister));
    if (ws == NULL || mts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t cap = rec.len / 8, actions = 0;
    int score;
    if (kind == 3) {
        score = play_heuristic(ws, cards, players, hand_size, base_min, params.buf, rec.buf, cap,
                               &actions);
    } else {
        if (kind == KIND_RANDOM)
            for (int s = 0; s < players; s++) mt_seed_base(&mts[s], (uint64_t)((int64_t *)bots.buf)[s]);
        score = play_cheap(cards, players, hand_size, base_min, kind, r_full, e_empty, mts,
                           rec.buf, cap, &actions);
    }
    result = Py_BuildValue("(iLL)", score, (long long)actions,
                           (long long)(actions < cap ? actions : cap));
done:
    PyMem_Free(ws);
    PyMem_Free(mts);
    PyBuffer_Release(&order);
    PyBuffer_Release(&bots);
    PyBuffer_Release(&params);
    PyBuffer_Release(&rec);
    return result;
}

/* deals(seeds u64[n], out i64[n*98]): the engine's shuffle of each seed. */
static PyObject *py_deals(PyObject *self, PyObject *args) {
    PyObject *o_seeds, *o_out;
    if (!PyArg_ParseTuple(args, "OO", &o_seeds, &o_out)) return NULL;
    Py_buffer seeds, out;
    if (get_buf(o_seeds, &seeds, 0, 8, -1, "seeds") < 0) return NULL;
    Py_ssize_t n = seeds.len / 8;
    if (get_buf(o_out, &out, 1, 8, n * 98, "out") < 0) {
        PyBuffer_Release(&seeds);
        return NULL;
    }
    DealSpace *ws = PyMem_Calloc(1, sizeof(DealSpace));
    if (ws == NULL) {
        PyBuffer_Release(&seeds);
        PyBuffer_Release(&out);
        return PyErr_NoMemory();
    }
    uint8_t orders[LANES][98];
    for (Py_ssize_t g0 = 0; g0 < n; g0 += LANES) {
        int count = n - g0 < LANES ? (int)(n - g0) : LANES;
        deal_lanes_base(ws, (const uint64_t *)seeds.buf + g0, count, orders);
        for (int l = 0; l < count; l++)
            for (int c = 0; c < 98; c++) ((int64_t *)out.buf)[(g0 + l) * 98 + c] = orders[l][c];
    }
    PyMem_Free(ws);
    PyBuffer_Release(&seeds);
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static Planner bot_planner; /* the bot's planner (calls hold the interpreter's lock) */

/* plan_turn(hand i64[h] ascending, tops i64[4], alive bool[101], need, draw_count,
 *           players, kept bool[4] or f64[4], params f64[8], out_cards i64, out_piles i64)
 * -> int: kernels.plan_turn for a hand of at most 8 cards in ascending order (kept as
 * flags, or as weights of the signal penalty). */
static PyObject *py_plan_turn(PyObject *self, PyObject *args) {
    PyObject *o_hand, *o_tops, *o_alive, *o_kept, *o_params, *o_oc, *o_op;
    int need, draw_count, players;
    if (!PyArg_ParseTuple(args, "OOOiiiOOOO", &o_hand, &o_tops, &o_alive, &need, &draw_count,
                          &players, &o_kept, &o_params, &o_oc, &o_op))
        return NULL;
    Py_buffer b[7];
    PyObject *objs[7] = {o_hand, o_tops, o_alive, o_kept, o_params, o_oc, o_op};
    Py_ssize_t sizes[7] = {8, 8, 1, 1, 8, 8, 8};
    Py_buffer probe; /* kept: flags (1 byte) or weights (8 bytes) */
    if (PyObject_GetBuffer(o_kept, &probe, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    if (probe.len == 32) sizes[3] = 8;
    PyBuffer_Release(&probe);
    const Py_ssize_t counts[7] = {-1, 4, 101, 4, N_PARAMS, -1, -1};
    const char *names[7] = {"hand", "tops", "alive", "kept", "params", "out_cards", "out_piles"};
    int got = 0;
    PyObject *result = NULL;
    for (; got < 7; got++)
        if (get_buf(objs[got], &b[got], got >= 5, sizes[got], counts[got], names[got]) < 0)
            goto done;
    {
        const int64_t *hv = b[0].buf, *tv = b[1].buf;
        const uint8_t *alive = b[2].buf, *kv = b[3].buf;
        const double *kw = sizes[3] == 8 ? (const double *)b[3].buf : NULL;
        int h = (int)(b[0].len / 8);
        if (h > HM || b[5].len / 8 < h || b[6].len / 8 < h) {
            PyErr_SetString(PyExc_ValueError, "at most 8 cards, room for the plan");
            goto done;
        }
        uint8_t hand[HM];
        int tops[4], oc[HM], op[HM];
        double kept[4];
        for (int i = 0; i < h; i++) {
            if (hv[i] < 2 || hv[i] > 99 || (i > 0 && hv[i] <= hv[i - 1])) {
                PyErr_SetString(PyExc_ValueError, "the hand: cards 2..99 in ascending order");
                goto done;
            }
            hand[i] = (uint8_t)hv[i];
        }
        for (int q = 0; q < 4; q++) {
            if (tv[q] < 1 || tv[q] > 100) {
                PyErr_SetString(PyExc_ValueError, "tops: 1..100");
                goto done;
            }
            tops[q] = (int)tv[q];
            kept[q] = kw != NULL ? kw[q] : (kv[q] != 0 ? 1.0 : 0.0);
        }
        int16_t alive_cum[104], own_cum[104];
        alive_cum[0] = 0;
        for (int x = 0; x < 101; x++) alive_cum[x + 1] = alive_cum[x] + (alive[x] ? 1 : 0);
        own_counts_base(hand, h, own_cum);
        const double *pr = b[4].buf;
        int n = plan_base(&bot_planner, hand, h, tops, alive_cum, own_cum, need,
                     threshold_base(draw_count, players, pr), kept, pr, oc, op);
        for (int k = 0; k < n; k++) {
            ((int64_t *)b[5].buf)[k] = oc[k];
            ((int64_t *)b[6].buf)[k] = op[k];
        }
        result = PyLong_FromLong(n);
    }
done:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return result;
}

/* wanted_signals(hand i64[h], tops i64[4], alive bool[101], params f64[8], out i64[4])
 * kernels.wanted_signals: 1 where a card of the hand goes on the pile within the gap. */
static PyObject *py_wanted_signals(PyObject *self, PyObject *args) {
    PyObject *o_hand, *o_tops, *o_alive, *o_params, *o_out;
    if (!PyArg_ParseTuple(args, "OOOOO", &o_hand, &o_tops, &o_alive, &o_params, &o_out))
        return NULL;
    Py_buffer b[5];
    PyObject *objs[5] = {o_hand, o_tops, o_alive, o_params, o_out};
    const Py_ssize_t sizes[5] = {8, 8, 1, 8, 8};
    const Py_ssize_t counts[5] = {-1, 4, 101, N_PARAMS, 4};
    const char *names[5] = {"hand", "tops", "alive", "params", "out"};
    int got = 0;
    PyObject *result = NULL;
    for (; got < 5; got++)
        if (get_buf(objs[got], &b[got], got == 4, sizes[got], counts[got], names[got]) < 0)
            goto done;
    {
        const int64_t *hv = b[0].buf, *tv = b[1].buf;
        const uint8_t *alive = b[2].buf;
        const double *pr = b[3].buf;
        int h = (int)(b[0].len / 8);
        int16_t alive_cum[104], own_cum[104];
        alive_cum[0] = 0;
        for (int x = 0; x < 101; x++) alive_cum[x + 1] = alive_cum[x] + (alive[x] ? 1 : 0);
        memset(own_cum, 0, sizeof own_cum);
        for (int i = 0; i < h; i++) {
            if (hv[i] < 2 || hv[i] > 99) {
                PyErr_SetString(PyExc_ValueError, "the hand: cards 2..99");
                goto done;
            }
            own_cum[hv[i] + 1] += 1;
        }
        for (int x = 0; x < 101; x++) own_cum[x + 1] += own_cum[x];
        for (int p = 0; p < 4; p++) {
            int64_t want = 0;
            for (int i = 0; i < h; i++)
                if (play_cost_base((int)hv[i], (int)tv[p], p, alive_cum, own_cum, pr, 0.0) <=
                    pr[SIGNAL_GAP]) {
                    want = 1;
                    break;
                }
            ((int64_t *)b[4].buf)[p] = want;
        }
        result = Py_None;
        Py_INCREF(result);
    }
done:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return result;
}

/* minjump_turn(hand i64[n], tops i64[4], need, limit, out_cards i64, out_piles i64) -> int */
static PyObject *py_minjump_turn(PyObject *self, PyObject *args) {
    PyObject *o_hand, *o_tops, *o_oc, *o_op;
    int need, limit;
    if (!PyArg_ParseTuple(args, "OOiiOO", &o_hand, &o_tops, &need, &limit, &o_oc, &o_op))
        return NULL;
    Py_buffer b[4];
    PyObject *objs[4] = {o_hand, o_tops, o_oc, o_op};
    const Py_ssize_t counts[4] = {-1, 4, -1, -1};
    const char *names[4] = {"hand", "tops", "out_cards", "out_piles"};
    int got = 0;
    PyObject *result = NULL;
    for (; got < 4; got++)
        if (get_buf(objs[got], &b[got], got >= 2, 8, counts[got], names[got]) < 0) goto done;
    {
        int n = (int)(b[0].len / 8);
        if (n > 16 || b[2].len / 8 < n || b[3].len / 8 < n) {
            PyErr_SetString(PyExc_ValueError, "at most 16 cards, room for the plan");
            goto done;
        }
        int hand[16], tops[4], oc[16], op[16];
        for (int i = 0; i < n; i++) hand[i] = (int)((int64_t *)b[0].buf)[i];
        for (int q = 0; q < 4; q++) tops[q] = (int)((int64_t *)b[1].buf)[q];
        int length = minjump_turn_base(hand, n, tops, need, limit, oc, op);
        for (int k = 0; k < length; k++) {
            ((int64_t *)b[2].buf)[k] = oc[k];
            ((int64_t *)b[3].buf)[k] = op[k];
        }
        result = PyLong_FromLong(length);
    }
done:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return result;
}

/* variant() -> "v3" or "base": which build of the game code the batches run. */
static PyObject *py_variant(PyObject *self, PyObject *args) {
    return PyUnicode_FromString(variant_name);
}

/* use_variant(name): "v3" (when the processor has it) or "base"; -> the one now used. */
static PyObject *py_use_variant(PyObject *self, PyObject *args) {
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name)) return NULL;
    choose_variant(name);
    return PyUnicode_FromString(variant_name);
}

static PyMethodDef methods[] = {
    {"variant", py_variant, METH_NOARGS, "The build of the game code in use."},
    {"use_variant", py_use_variant, METH_VARARGS, "Choose the build of the game code."},
    {"play_batch", py_play_batch, METH_VARARGS, "Whole games of one bot: (score, actions)."},
    {"record_game", py_record_game, METH_VARARGS, "One game and its action codes."},
    {"deals", py_deals, METH_VARARGS, "The engine's shuffle of each seed."},
    {"plan_turn", py_plan_turn, METH_VARARGS, "The heuristic's plan for one turn."},
    {"wanted_signals", py_wanted_signals, METH_VARARGS, "The heuristic's wanted signals."},
    {"minjump_turn", py_minjump_turn, METH_VARARGS, "minjump's plays for one turn."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastgame",
    "The Game's fast path in C (see fast.py and native.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__fastgame(void) {
    mt_make_init();
    choose_variant("v3");
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddStringConstant(m, "SOURCE_HASH", PARTIE_SOURCE_HASH) < 0 ||
        PyModule_AddIntConstant(m, "KIND_HEURISTIC", 3) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
