static inline double V(play_cost)(int card, int top, int pile, const int16_t *alive_cum,
                               const int16_t *own_cum, const double *params, double sig) {
    int lo, hi;
    if (pile < 2) {
        if (card == top - 10) return -params[TRICK_BONUS];
        if (card <= top) return INF;
        lo = top + 1;
        hi = card;
    } else {
        if (card == top + 10) return -params[TRICK_BONUS];
        if (card >= top) return INF;
        lo = card + 1;
        hi = top;
    }
    int alive = alive_cum[hi] - alive_cum[lo];
    int own = own_cum[hi] - own_cum[lo];
    return (double)alive + params[OWN_WEIGHT] * (double)own + sig;
}

static inline double V(threshold)(int draw_count, int players, const double *params) {
    if (draw_count == 0) return params[THR_EMPTY];
    int full = 98 - 6 * players;
    if (full < 1) full = 1;
    double f = (double)draw_count / (double)full;
    if (f > 1.0) f = 1.0;
    return f * params[THR_FULL] + (1.0 - f) * params[THR_EMPTYING];
}

/* kernels._cost_row_sorted: the legal cards of row r (pile q), their costs, masks. */
static int32_t V(cost_row)(Planner *w, int q, int r) {
    const uint8_t *hand = w->hand;
    const int h = w->h;
    const int s = r - q * RW;
    const uint32_t *pair = q < 2 ? w->up : w->down;
    uint32_t trick_bit = 0;
    int first, a0;
    if (s == 0) {
        int top = w->tops[q];
        if (q < 2) {
            first = w->own_cum[top + 1];
            a0 = w->alive_cum[top + 1];
            if (top >= 12) {
                int k = w->own_cum[top - 10];
                if (k < h && hand[k] == top - 10) trick_bit = 1u << k;
            }
        } else {
            first = w->own_cum[top];
            a0 = w->alive_cum[top];
            if (top <= 89) {
                int k = w->own_cum[top + 10];
                if (k < h && hand[k] == top + 10) trick_bit = 1u << k;
            }
        }
    } else {
        trick_bit = q < 2 ? w->down[s - 1] : w->up[s - 1];
        if (q < 2) {
            first = s;
            a0 = w->past[s - 1];
        } else {
            first = s - 1;
            a0 = w->at[s - 1];
        }
    }
    const double weight = w->params[OWN_WEIGHT];
    const double sig = w->sigs[q];
    const double thr = w->thr;
    const double pair_pen = w->pair_pen;
    double *row = w->base + r * HM;
    int lo, hi;
    uint32_t run;
    if (q < 2) {
        lo = first;
        hi = h;
        run = ((1u << h) - 1) & ~((1u << first) - 1);
        for (int i = 0; i < HM; i++)
            row[i] = (double)(w->at[i] - a0) + weight * (double)(i - first) + sig;
    } else {
        lo = 0;
        hi = first;
        run = (1u << first) - 1;
        for (int i = 0; i < HM; i++)
            row[i] = (double)(a0 - w->past[i]) + weight * (double)(first - 1 - i) + sig;
    }
    uint32_t todo = run;
    if (trick_bit) {
        row[ctz32(trick_bit)] = -w->params[TRICK_BONUS];
        todo |= trick_bit;
    }
    uint32_t cheap = 0, maybe = 0, above = 0;
    if (w->sorted_costs) {
        int i = q < 2 ? lo : hi - 1;
        int step = q < 2 ? 1 : -1;
        while (lo <= i && i < hi) {
            double cost = row[i];
            if (cost > thr) break;
            uint32_t bit = 1u << i;
            if (cost > 0.0 && pair[i] != 0 && cost + pair_pen > thr)
                maybe |= bit;
            else
                cheap |= bit;
            i += step;
        }
        above = run & ~(cheap | maybe);
        todo = trick_bit;
    }
    while (todo) {
        int i = ctz32(todo);
        uint32_t bit = todo & -todo;
        todo ^= bit;
        double cost = row[i];
        int alone = !(cost > thr);
        int ruled = cost > 0.0 && pair[i] != 0;
        int paired = !(cost + pair_pen > thr);
        if (!alone) above |= bit;
        if (alone && (!ruled || paired)) cheap |= bit;
        if (ruled && (alone != paired)) maybe |= bit;
    }
    uint32_t legal = run | trick_bit;
    w->masks[0][r] = (int32_t)legal;
    w->masks[1][r] = (int32_t)cheap;
    w->masks[2][r] = (int32_t)(cheap | maybe);
    w->masks[3][r] = (int32_t)above;
    return (int32_t)legal;
}

/* kernels._dearest: the first card of least cost above thr among m (-1: none). */
static int V(dearest)(const Planner *w, int r, uint32_t m, const uint32_t *pair, uint32_t free_) {
    double lowest = INF;
    int best = -1;
    while (m) {
        int i = ctz32(m);
        m &= m - 1;
        double cost = w->base[r * HM + i];
        if (cost > 0.0 && (pair[i] & free_) != 0) cost += w->pair_pen;
        if (cost > w->thr && cost < lowest) {
            lowest = cost;
            best = i;
        }
    }
    return best;
}

/* kernels._dearest_sorted: the same for monotone rows, without scanning the costs. */
static int V(dearest_sorted)(const Planner *w, int r, uint32_t m, const uint32_t *pair,
                          uint32_t with_partner, uint32_t free_, int rising) {
    uint32_t penal = 0;
    uint32_t t = with_partner & m;
    while (t) {
        int i = ctz32(t);
        t &= t - 1;
        if (pair[i] & free_) penal |= 1u << i;
    }
    uint32_t plain = m & (uint32_t)w->masks[3][r] & ~penal;
    uint32_t paired = m & penal;
    int a, b;
    if (rising) {
        a = plain ? ctz32(plain) : -1;
        b = paired ? ctz32(paired) : -1;
    } else {
        a = plain ? top32(plain) : -1;
        b = paired ? top32(paired) : -1;
    }
    if (b < 0) return a;
    if (a < 0) return b;
    double ca = w->base[r * HM + a];
    double cb = w->base[r * HM + b] + w->pair_pen;
    if (cb < ca || (cb == ca && b < a)) return b;
    return a;
}

/* kernels._expand: the plays node d may try on piles q0..3 (byte q: pile q). */
static uint32_t V(expand)(Planner *w, int d, int q0, uint32_t free_, int dear_allowed,
                       int64_t parent, int played) {
    uint32_t out = 0;
    for (int q = q0; q < 4; q++) {
        int r = w->slot[q];
        if (parent >= 0 && q > q0) {
            uint32_t cand = ((uint32_t)(parent >> (8 * q)) & 0xFFu) & ~(1u << played);
            if (!dear_allowed) {
                out |= cand << (8 * q);
                continue;
            }
            int i = w->dear[4 * (d - 1) + q];
            if (i != played) {
                w->dear[4 * d + q] = i;
                out |= cand << (8 * q);
                continue;
            }
        }
        int32_t lm = w->masks[0][r];
        if (lm < 0) lm = V(cost_row)(w, q, r);
        uint32_t cand = (uint32_t)lm & free_;
        if (dear_allowed) {
            uint32_t ok = (uint32_t)w->masks[2][r];
            uint32_t ex = cand & ~(uint32_t)w->masks[1][r];
            if (ex) {
                const uint32_t *pair = q < 2 ? w->up : w->down;
                int i;
                if (w->sorted_costs)
                    i = V(dearest_sorted)(w, r, ex, pair, q < 2 ? w->setups_down : w->setups_up,
                                       free_, q < 2);
                else
                    i = V(dearest)(w, r, ex, pair, free_);
                w->dear[4 * d + q] = i;
                if (i >= 0) ok |= 1u << i;
                ok |= q < 2 ? w->setups_up : w->setups_down;
            }
            cand &= ok;
        } else {
            cand &= (uint32_t)w->masks[2][r];
        }
        out |= cand << (8 * q);
    }
    return out;
}

/* kernels._least_gains_sorted: a lower bound of what each card can add, and its sum. */
static double V(least_gains)(Planner *w) {
    const uint8_t *hand = w->hand;
    const int h = w->h;
    const int16_t *alive_cum = w->alive_cum;
    double total = 0.0;
    double least_trick = -w->params[TRICK_BONUS] - w->thr;
    if (least_trick > 0.0) least_trick = 0.0;
    const int t0 = w->tops[0], t1 = w->tops[1], t2 = w->tops[2], t3 = w->tops[3];
    uint32_t lowers = 0, raises = 0;
    for (int i = 0; i < h; i++) {
        int c = hand[i];
        if (w->up[i] != 0 || c + 10 == t0 || c + 10 == t1) lowers |= 1u << i;
        if (w->down[i] != 0 || c - 10 == t2 || c - 10 == t3) raises |= 1u << i;
    }
    const int a0 = alive_cum[t0 + 1], a1 = alive_cum[t1 + 1];
    const int a2 = alive_cum[t2], a3 = alive_cum[t3];
    const int floor_ = alive_cum[2], ceiling = alive_cum[100];
    for (int i = 0; i < h; i++) {
        int c = hand[i];
        int below = i > 0 ? w->past[i - 1] : floor_;
        int v = t0 < c ? a0 : floor_;
        if (v > below) below = v;
        v = t1 < c ? a1 : floor_;
        if (v > below) below = v;
        int above = i + 1 < h ? w->at[i + 1] : ceiling;
        v = t2 > c ? a2 : ceiling;
        if (v < above) above = v;
        v = t3 > c ? a3 : ceiling;
        if (v < above) above = v;
        int rises = (t0 < c) | (t1 < c) | ((lowers & ((1u << i) - 1)) != 0);
        int falls = (t2 > c) | (t3 > c) | ((raises >> (i + 1)) != 0);
        double rising = rises ? (double)(w->at[i] - below) : INF;
        double falling = falls ? (double)(above - w->past[i]) : INF;
        double least = falling < rising ? falling : rising;
        double g = least - w->thr;
        if (g > 0.0) g = 0.0;
        w->paired[i] = g;
        int by_top = (c + 10 == t0) | (c + 10 == t1) | (c - 10 == t2) | (c - 10 == t3);
        if (by_top || (w->up[i] | w->down[i]) != 0) g = least_trick;
        w->low[i] = g;
        total += g;
    }
    uint32_t t = w->setups_down;
    while (t) {
        int i = ctz32(t);
        t &= t - 1;
        int k = ctz32(w->up[i]);
        int c = hand[i];
        int alone = (w->down[i] == 0) && (w->up[k] == 0);
        alone = alone && c + 10 != t0 && c + 10 != t1 && c - 10 != t2 && c - 10 != t3;
        alone = alone && c + 20 != t0 && c + 20 != t1 && c != t2 && c != t3;
        if (alone) {
            double m = w->paired[i] < w->paired[k] ? w->paired[i] : w->paired[k];
            double extra = m - least_trick;
            w->paired[i] = extra;
            w->paired[k] = extra;
            total += extra;
        } else {
            w->paired[i] = 0.0;
            w->paired[k] = 0.0;
        }
    }
    return total;
}

/* kernels._cheapest_required: the need (<= 3) plays of least total cost, any order. */
static int V(cheapest_required)(const Planner *w, int need, int *out_c, int *out_p) {
    const uint8_t *hand = w->hand;
    const int h = w->h;
    int t[4] = {w->tops[0], w->tops[1], w->tops[2], w->tops[3]};
    const int16_t *ac = w->alive_cum, *oc = w->own_cum;
    const double *pr = w->params;
    double best = INF;
    int found = 0;
    for (int i = 0; i < h; i++) {
        for (int p = 0; p < 4; p++) {
            double ci = V(play_cost)(hand[i], t[p], p, ac, oc, pr, 0.0);
            if (ci >= INF) continue;
            if (need == 1) {
                if (ci < best) {
                    best = ci;
                    found = 1;
                    out_c[0] = hand[i];
                    out_p[0] = p;
                }
                continue;
            }
            int old_p = t[p];
            t[p] = hand[i];
            for (int j = 0; j < h; j++) {
                if (j == i) continue;
                for (int q = 0; q < 4; q++) {
                    double cj = V(play_cost)(hand[j], t[q], q, ac, oc, pr, 0.0);
                    if (cj >= INF) continue;
                    if (need == 2) {
                        if (ci + cj < best) {
                            best = ci + cj;
                            found = 2;
                            out_c[0] = hand[i];
                            out_p[0] = p;
                            out_c[1] = hand[j];
                            out_p[1] = q;
                        }
                        continue;
                    }
                    int old_q = t[q];
                    t[q] = hand[j];
                    for (int k = 0; k < h; k++) {
                        if (k == i || k == j) continue;
                        for (int s = 0; s < 4; s++) {
                            double ck = V(play_cost)(hand[k], t[s], s, ac, oc, pr, 0.0);
                            if (ck < INF && ci + cj + ck < best) {
                                best = ci + cj + ck;
                                found = 3;
                                out_c[0] = hand[i];
                                out_p[0] = p;
                                out_c[1] = hand[j];
                                out_p[1] = q;
                                out_c[2] = hand[k];
                                out_p[2] = s;
                            }
                        }
                    }
                    t[q] = old_q;
                }
            }
            t[p] = old_p;
        }
    }
    return found;
}

/* kernels._plan for an ascending hand of at most HM cards: the plan's length, its
 * plays in out_c/out_p. Same visiting order, bound, cap and ties as numba's. */
static int V(plan)(Planner *w, const uint8_t *hand, int h, const int *tops,
                const int16_t *alive_cum, const int16_t *own_cum, int need, double thr,
                const double *kept, const double *params, int *out_c, int *out_p) {
    w->hand = hand;
    w->h = h;
    for (int q = 0; q < 4; q++) w->tops[q] = tops[q];
    w->alive_cum = alive_cum;
    w->own_cum = own_cum;
    w->params = params;
    w->thr = thr;
    const double pair_pen = params[PAIR_PENALTY];
    w->pair_pen = pair_pen;
    for (int q = 0; q < 4; q++) {
        w->sigs[q] = params[SIGNAL_PENALTY] * kept[q]; /* kept: 1/0 flags, or weights */
        w->slot[q] = q * RW;
    }
    for (int r = 0; r < ROWS; r++) w->masks[0][r] = -1;
    uint32_t setups_up = 0, setups_down = 0;
    uint32_t *up = w->up, *down = w->down;
    for (int i = 0; i < HM; i++) {
        up[i] = 0;
        down[i] = 0;
    }
    for (int i = 0; i < h; i++) {
        int c = hand[i];
        w->at[i] = alive_cum[c];
        w->past[i] = alive_cum[c + 1];
        if (c <= 89) {
            int j = own_cum[c + 10];
            if (j < h && hand[j] == c + 10) {
                up[i] = 1u << j;
                setups_down |= 1u << i;
                down[j] = 1u << i;
                setups_up |= 1u << j;
            }
        }
    }
    w->setups_up = setups_up;
    w->setups_down = setups_down;
    w->sorted_costs = params[OWN_WEIGHT] >= 0.0 && params[TRICK_BONUS] >= 0.0 && thr >= 0.0 &&
                      pair_pen >= 0.0;
    uint32_t rem[HM + 1], full[HM + 1];
    int seq_p[HM + 1], seq_i[HM + 1], saved[HM + 1], nexp[HM + 1];
    double acc[HM + 1], rest[HM + 1];
    rest[0] = V(least_gains)(w);
    const double *low = w->low, *paired = w->paired;
    const double *base = w->base;
    const int depth_max = h;
    uint32_t free_ = (1u << h) - 1;
    double best = INF;
    double cut = best - 1e-9 + SLACK;
    int best_len = 0;
    int nodes = 0;
    int d = 0;
    acc[0] = 0.0;
    nexp[0] = 0;
    rem[0] = V(expand)(w, 0, 0, free_, need > 0, -1, 0);
    full[0] = rem[0];
    for (;;) {
        uint32_t m = rem[d];
        if (m == 0) {
            if (d == 0) break;
            d -= 1;
            w->slot[seq_p[d]] = saved[d];
            free_ |= 1u << seq_i[d];
            continue;
        }
        int k = ctz32(m);
        int q = k >> 3;
        if (q >= 2) k = top32(m & (0xFFu << (8 * q)));
        rem[d] = m ^ (1u << k);
        int i = k & 7;
        int r = w->slot[q];
        double b = base[r * HM + i];
        double cost = b;
        uint32_t same = q < 2 ? up[i] : down[i];
        uint32_t back = q < 2 ? down[i] : up[i];
        if (b > 0.0 && (same & free_) != 0) cost = b + pair_pen;
        int expensive = cost > thr;
        if (expensive) {
            if (nexp[d] >= need) continue;
            if (i != w->dear[4 * d + q] && (back & free_) == 0) continue;
        }
        double gain = d >= need ? cost - thr : cost;
        double a1 = acc[d] + gain;
        double r1 = rest[d] - low[i];
        if (((up[i] | down[i]) & free_) != 0) r1 -= paired[i];
        if (a1 + r1 > cut) continue;
        if (nodes >= MAX_NODES && best_len > 0) break;
        nodes += 1;
        seq_p[d] = q;
        seq_i[d] = i;
        saved[d] = r;
        w->slot[q] = q * RW + i + 1;
        uint32_t bit = 1u << i;
        free_ ^= bit;
        acc[d + 1] = a1;
        rest[d + 1] = r1;
        int ne = nexp[d] + expensive;
        nexp[d + 1] = ne;
        if (d + 1 >= need && a1 < best - 1e-9) {
            best = a1;
            cut = best - 1e-9 + SLACK;
            best_len = d + 1;
            for (int s = 0; s <= d; s++) {
                out_c[s] = hand[seq_i[s]];
                out_p[s] = seq_p[s];
            }
        }
        if (d + 1 < depth_max && !(a1 + r1 > cut)) {
            int inherit = (up[i] | down[i]) == 0 && ((ne < need) == (nexp[d] < need));
            d += 1;
            rem[d] =
                V(expand)(w, d, q, free_, ne < need, inherit ? (int64_t)full[d - 1] : -1, i);
            full[d] = rem[d];
        } else {
            w->slot[q] = r;
            free_ |= bit;
        }
    }
    if (best_len == 0 && need > 0) best_len = V(cheapest_required)(w, need, out_c, out_p);
    return best_len;
}

/* kernels._signals_sorted: "keep" where a card still in hand goes cheaply. */
static void V(signals_sorted)(const uint8_t *hand, int h, const int *tops,
                           const int16_t *alive_cum, const int16_t *own_cum,
                           const double *params, int *out) {
    double limit = params[SIGNAL_GAP];
    int trick_ok = -params[TRICK_BONUS] <= limit;
    for (int p = 0; p < 4; p++) {
        int top = tops[p];
        int want = 0, near = -1;
        if (p < 2) {
            for (int i = 0; i < h; i++) {
                int c = hand[i];
                if (c == top - 10) {
                    if (trick_ok) {
                        want = 1;
                        break;
                    }
                } else if (c > top) {
                    near = c;
                    break;
                }
            }
        } else {
            for (int i = h - 1; i >= 0; i--) {
                int c = hand[i];
                if (c == top + 10) {
                    if (trick_ok) {
                        want = 1;
                        break;
                    }
                } else if (c < top) {
                    near = c;
                    break;
                }
            }
        }
        if (want == 0 && near >= 0 &&
            V(play_cost)(near, top, p, alive_cum, own_cum, params, 0.0) <= limit)
            want = 1;
        out[p] = want;
    }
}


/* random.Random(seed) for 0 <= seed < 2**64 (init_by_array over the seed's words). */
static void V(mt_seed)(Twister *g, uint64_t seed) {
    uint32_t *mt = g->mt;
    memcpy(mt, mt_init, sizeof mt_init);
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    int klen = key[1] ? 2 : 1;
    int i = 1, j = 0;
    for (int n = 0; n < MT_N; n++) {
        uint32_t prev = mt[i - 1];
        mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= klen) j = 0;
    }
    for (int n = 0; n < MT_N - 1; n++) {
        uint32_t prev = mt[i - 1];
        mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    g->k = 0;
}

/* genrand_uint32, regenerating each word just before it is used (kernels._mt_next). */
static inline uint32_t V(mt_next)(Twister *g) {
    uint32_t *mt = g->mt;
    int k = g->k;
    int k1 = k + 1 < MT_N ? k + 1 : 0;
    int km = k + MT_M < MT_N ? k + MT_M : k + MT_M - MT_N;
    uint32_t y = (mt[k] & 0x80000000u) | (mt[k1] & 0x7FFFFFFFu);
    uint32_t v = mt[km] ^ (y >> 1) ^ (0x9908B0DFu & (0u - (y & 1u)));
    mt[k] = v;
    g->k = k1;
    v ^= v >> 11;
    v ^= (v << 7) & 0x9D2C5680u;
    v ^= (v << 15) & 0xEFC60000u;
    v ^= v >> 18;
    return v;
}

/* random.Random._randbelow(n) for 1 <= n < 2**32. */
static inline int V(randbelow)(Twister *g, uint32_t n) {
    int bits = 32 - __builtin_clz(n);
    uint32_t r = V(mt_next)(g) >> (32 - bits);
    while (r >= n) r = V(mt_next)(g) >> (32 - bits);
    return (int)r;
}

static void V(shuffle_deal)(Twister *g, uint8_t *order) {
    for (int c = 0; c < 98; c++) order[c] = (uint8_t)(c + 2);
    for (int c = 97; c > 0; c--) {
        int r = V(randbelow)(g, (uint32_t)(c + 1));
        uint8_t t = order[c];
        order[c] = order[r];
        order[r] = t;
    }
}


/* The deals of up to LANES seeds. Seeding is two chains of 624 dependent steps per seed:
 * the seeds side by side (word-major, lane-minor) make each step one vector operation
 * over the lanes; then each lane's state is unpacked and shuffled on its own. */
static void V(deal_lanes)(DealSpace *ws, const uint64_t *seeds, int count, uint8_t (*orders)[98]) {
    uint32_t add0[LANES], add1[LANES];
    for (int l = 0; l < LANES; l++) {
        uint64_t s = l < count ? seeds[l] : 0;
        uint32_t key0 = (uint32_t)s, key1 = (uint32_t)(s >> 32);
        add0[l] = key0;
        add1[l] = key1 ? key1 + 1u : key0; /* j alternates 0, 1 when the key has 2 words */
    }
    uint32_t (*mt)[LANES] = ws->lanes;
    for (int i = 0; i < MT_N; i++)
        for (int l = 0; l < LANES; l++) mt[i][l] = mt_init[i];
    int i = 1;
    for (int t = 0; t < MT_N; t++) {
        const uint32_t *add = (t & 1) ? add1 : add0;
        for (int l = 0; l < LANES; l++) {
            uint32_t prev = mt[i - 1][l];
            mt[i][l] = (mt[i][l] ^ ((prev ^ (prev >> 30)) * 1664525u)) + add[l];
        }
        i++;
        if (i >= MT_N) {
            for (int l = 0; l < LANES; l++) mt[0][l] = mt[MT_N - 1][l];
            i = 1;
        }
    }
    for (int t = 0; t < MT_N - 1; t++) {
        for (int l = 0; l < LANES; l++) {
            uint32_t prev = mt[i - 1][l];
            mt[i][l] = (mt[i][l] ^ ((prev ^ (prev >> 30)) * 1566083941u)) - (uint32_t)i;
        }
        i++;
        if (i >= MT_N) {
            for (int l = 0; l < LANES; l++) mt[0][l] = mt[MT_N - 1][l];
            i = 1;
        }
    }
    for (int l = 0; l < count; l++) {
        Twister *g = &ws->g;
        for (int w = 0; w < MT_N; w++) g->mt[w] = mt[w][l];
        g->mt[0] = 0x80000000u;
        g->k = 0;
        V(shuffle_deal)(g, orders[l]);
    }
}


static inline void V(insert_card)(uint8_t *hand, int m, int card) {
    int j = m;
    while (j > 0 && hand[j - 1] > card) {
        hand[j] = hand[j - 1];
        j--;
    }
    hand[j] = (uint8_t)card;
}

static inline void V(own_counts)(const uint8_t *hand, int h, int16_t *own_cum) {
    memset(own_cum, 0, 102 * sizeof *own_cum);
    for (int i = 0; i < h; i++) own_cum[hand[i] + 1] += 1;
    for (int x = 0; x < 101; x++) own_cum[x + 1] += own_cum[x];
}

static inline int V(legal_play)(int card, int top, int pile) {
    if (pile < 2) return card > top || card == top - 10;
    return card < top || card == top + 10;
}

/* rules.can_play_sequence for need <= 3 (kernels._can_play). */
static int V(can_play)(const uint8_t *hand, int n, int *tops, int need) {
    if (need <= 0) return 1;
    if (need > n) return 0;
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++) {
            if (!V(legal_play)(hand[i], tops[p], p)) continue;
            if (need == 1) return 1;
            int old_p = tops[p];
            tops[p] = hand[i];
            for (int j = 0; j < n; j++) {
                if (j == i) continue;
                for (int q = 0; q < 4; q++) {
                    if (!V(legal_play)(hand[j], tops[q], q)) continue;
                    if (need == 2) {
                        tops[p] = old_p;
                        return 1;
                    }
                    int old_q = tops[q];
                    tops[q] = hand[j];
                    for (int k = 0; k < n; k++) {
                        if (k == i || k == j) continue;
                        for (int s = 0; s < 4; s++)
                            if (V(legal_play)(hand[k], tops[s], s)) {
                                tops[q] = old_q;
                                tops[p] = old_p;
                                return 1;
                            }
                    }
                    tops[q] = old_q;
                }
            }
            tops[p] = old_p;
        }
    return 0;
}

static inline int V(next_holding)(const int *sizes, int current, int players) {
    int nx = current;
    for (int n = 0; n < players; n++) {
        nx = (nx + 1) % players;
        if (sizes[nx] > 0) break;
    }
    return nx;
}


/* kernels._play: one game between heuristic seats from the deal order. */
static int V(play_heuristic)(GameSpace *ws, const uint8_t *order, int players, int hand_size,
                          int base_min, const double *params, int64_t *record, int64_t cap,
                          int64_t *out_actions) {
    int16_t *alive_cum = ws->cums[0];
    int *sizes = ws->sizes;
    int tops[4] = {1, 1, 100, 100};
    int keeps[4] = {0, 0, 0, 0};
    double kept[4];
    int want[4], plan_c[HM], plan_p[HM];
    for (int x = 0; x < 102; x++) {
        int v = x - 2;
        alive_cum[x] = (int16_t)(v < 0 ? 0 : (v > 98 ? 98 : v));
    }
    for (int s = 0; s < players; s++) {
        for (int k = 0; k < hand_size; k++) V(insert_card)(ws->hands[s], k, order[s * hand_size + k]);
        sizes[s] = hand_size;
        V(own_counts)(ws->hands[s], hand_size, ws->cums[1 + s]);
        for (int p = 0; p < 4; p++) ws->signals[s][p] = 0;
    }
    int nxt_draw = players * hand_size;
    int64_t actions = 0;
    int current = 0;
    for (;;) {
        int draw_left = 98 - nxt_draw;
        int total = draw_left;
        for (int s = 0; s < players; s++) total += sizes[s];
        if (total == 0) break;
        int need = draw_left > 0 ? base_min : 1;
        int n = sizes[current];
        uint8_t *hand = ws->hands[current];
        int16_t *own_cum = ws->cums[1 + current];
        if (need > 3 && !V(can_play)(hand, n, tops, need)) {
            *out_actions = actions;
            return total;
        }
        for (int p = 0; p < 4; p++) kept[p] = keeps[p] - ws->signals[current][p] > 0 ? 1.0 : 0.0;
        int length = V(plan)(&ws->planner, hand, n, tops, alive_cum, own_cum, need,
                          V(threshold)(draw_left, players, params), kept, params, plan_c, plan_p);
        if (length == 0) {
            *out_actions = actions;
            return total;
        }
        int played = 0;
        for (int k = 0; k < length; k++) {
            int c = plan_c[k], p = plan_p[k];
            int m = sizes[current];
            for (int i = 0; i < m; i++)
                if (hand[i] == c) {
                    for (int j = i; j < m - 1; j++) hand[j] = hand[j + 1];
                    break;
                }
            sizes[current] = m - 1;
            tops[p] = c;
            for (int x = 0; x < 102; x++) {
                int16_t gone = x > c;
                alive_cum[x] -= gone;
                own_cum[x] -= gone;
            }
            played++;
            RECORD(c * 4 + p);
            total--;
            if (total == 0) {
                *out_actions = actions;
                return 0;
            }
        }
        if (players > 1) {
            V(signals_sorted)(hand, sizes[current], tops, alive_cum, own_cum, params, want);
            for (int p = 0; p < 4; p++) {
                int kind = -1;
                if (want[p] == 1 && ws->signals[current][p] != 1)
                    kind = 1;
                else if (want[p] == 0 && ws->signals[current][p] != 0)
                    kind = 0;
                if (kind >= 0) {
                    ws->signals[current][p] = kind;
                    keeps[p] += kind == 1 ? 1 : -1;
                    RECORD(1000 + current * 16 + p * 4 + kind);
                }
            }
        }
        RECORD(ACTION_END);
        int m = sizes[current];
        int draws = played < 98 - nxt_draw ? played : 98 - nxt_draw;
        for (int t = 0; t < draws; t++) {
            int c = order[nxt_draw++];
            V(insert_card)(hand, m, c);
            m++;
            for (int x = 0; x < 102; x++) own_cum[x] += x > c;
        }
        sizes[current] = m;
        current = V(next_holding)(sizes, current, players);
    }
    *out_actions = actions;
    return 0;
}

/* The cheap bots (cheap.py) -------------------------------------------------------- */

/* How far card moves pile (-10 for a trick), BIG if illegal (cheap._jump): the signed
 * distance in the pile's direction is the jump when positive, a trick at -10. Written
 * with selects: which way each test goes is a coin toss, a branch mispredicts. */
static inline int V(jump)(int card, int top, int pile) {
    int d = pile < 2 ? card - top : top - card;
    int r = d > 0 ? d : BIG;
    return d == -10 ? -10 : r;
}

static inline int V(broken)(const uint32_t *partners, uint32_t chosen, int n) {
    int b = 0;
    for (int i = 0; i < n; i++)
        if (chosen >> i & 1) b += __builtin_popcount(partners[i] & ~chosen);
    return b;
}

/* cheap.minjump_turn: the whole turn of minjump (hand in any order, n <= 16). */
static int V(minjump_turn)(const int *hand, int n, const int *tops, int need, int limit, int *out_c,
                        int *out_p) {
    if (need > n || need > 3) return 0;
    uint32_t partners[16];
    /* onto[2 * i]: the least jump of another card onto hand[i] going up (-10 when
     * hand[i] - 10 is in hand, BIG when none), onto[2 * i + 1] going down */
    int onto[32];
    for (int i = 0; i < n; i++) {
        partners[i] = 0;
        int rise = BIG, fall = BIG;
        for (int k = 0; k < n; k++) {
            int dk = hand[k] - hand[i];
            if (dk == 10 || dk == -10) partners[i] |= 1u << k;
            int r = V(jump)(hand[k], hand[i], 0), f = V(jump)(hand[k], hand[i], 2);
            rise = r < rise ? r : rise;
            fall = f < fall ? f : fall;
        }
        onto[2 * i] = rise;
        onto[2 * i + 1] = fall;
    }
    int t[4] = {tops[0], tops[1], tops[2], tops[3]};
    int best_cost = BIG, best_broken = BIG;
    int i0 = -1, i1 = -1, i2 = -1, p0 = -1, p1 = -1, p2 = -1;
    if (need == 2) {
        /* Each card's first least jump on the tops (b1 on q1), and its first least jump
         * on the other three piles (b2 on q2, -1 when none); the legal first plays, bit
         * 4 * i + p (so visited in hand order then pile order). */
        int b1[16], q1[16], b2[16], q2[16], first[64];
        uint64_t legal = 0;
        for (int j = 0; j < n; j++) {
            int *jv = first + 4 * j;
            int bb = BIG, bq = -1;
            for (int q = 0; q < 4; q++) {
                jv[q] = V(jump)(hand[j], tops[q], q);
                legal |= (uint64_t)(jv[q] != BIG) << (4 * j + q);
                bq = jv[q] < bb ? q : bq;
                bb = jv[q] < bb ? jv[q] : bb;
            }
            int cb = BIG, cq = -1;
            for (int q = 0; q < 4; q++) {
                int ok = (q != bq) & (jv[q] < cb);
                cq = ok ? q : cq;
                cb = ok ? jv[q] : cb;
            }
            b1[j] = bb;
            q1[j] = bq;
            b2[j] = cb;
            q2[j] = cq;
        }
        /* least[p]: no card's least jump off pile p (its top unchanged) is below it */
        int least[4] = {BIG, BIG, BIG, BIG};
        for (int j = 0; j < n; j++)
            for (int p = 0; p < 4; p++) {
                int bx = q1[j] == p ? b2[j] : b1[j];
                least[p] = bx < least[p] ? bx : least[p];
            }
        while (legal) {
            int bit = __builtin_ctzll(legal);
            legal &= legal - 1;
            int i = bit >> 2, p = bit & 3;
            int ji = first[bit];
            /* no second card can bring the pair of plays to best_cost: skipped (a tie
             * must still be compared, for the pairs split, so only when above) */
            int o = onto[2 * i + (p >= 2)];
            int lb = least[p] < o ? least[p] : o;
            if (ji + lb > best_cost) continue;
            /* The pairs split depend on the cards only, not the piles: of a second
             * card's plays only its first of least jump can be kept (the loop over
             * every pile would keep that one). Only pile p moved: the card's least
             * jump elsewhere is kept from the start of the turn (its first least
             * pile, or the next one when that is p), so one jump is worked out. */
            for (int j = 0; j < n; j++) {
                if (j == i) continue;
                int other = q1[j] == p;
                int bx = other ? b2[j] : b1[j];
                int jj = V(jump)(hand[j], hand[i], p);
                int bj = jj < bx ? jj : bx;
                int c2 = ji + bj;
                if ((bj != BIG) & (c2 <= best_cost)) {
                    int br = V(broken)(partners, (1u << i) | (1u << j), n);
                    if (c2 < best_cost || br < best_broken) {
                        int qx = other ? q2[j] : q1[j];
                        best_cost = c2;
                        best_broken = br;
                        i0 = i;
                        p0 = p;
                        i1 = j;
                        /* the first pile of least jump: p ties with qx by order */
                        p1 = jj < bx ? p : (jj == bx && p < qx ? p : qx);
                    }
                }
            }
        }
    }
    for (int i = 0; i < (need == 1 || need == 3 ? n : 0); i++) {
        for (int p = 0; p < 4; p++) {
            int ji = V(jump)(hand[i], t[p], p);
            if (ji == BIG) continue;
            if (need == 1) {
                if (ji <= best_cost) {
                    int br = V(broken)(partners, 1u << i, n);
                    if (ji < best_cost || br < best_broken) {
                        best_cost = ji;
                        best_broken = br;
                        i0 = i;
                        p0 = p;
                    }
                }
                continue;
            }
            if (ji - 20 > best_cost) continue; /* no later play jumps less than -10 */
            int old_p = t[p]; /* need 3 */
            t[p] = hand[i];
            for (int j = 0; j < n; j++) {
                if (j == i) continue;
                for (int q = 0; q < 4; q++) {
                    int jj = V(jump)(hand[j], t[q], q);
                    if ((jj == BIG) | (ji + jj - 10 > best_cost)) continue;
                    int old_q = t[q];
                    t[q] = hand[j];
                    for (int k = 0; k < n; k++) {
                        if (k == i || k == j) continue;
                        int bk = BIG, bs = -1; /* the third card's first least jump */
                        for (int s = 0; s < 4; s++) {
                            int jk = V(jump)(hand[k], t[s], s);
                            bs = jk < bk ? s : bs;
                            bk = jk < bk ? jk : bk;
                        }
                        int c3 = ji + jj + bk;
                        if ((bs >= 0) & (c3 <= best_cost)) {
                            int br = V(broken)(partners, (1u << i) | (1u << j) | (1u << k), n);
                            if (c3 < best_cost || br < best_broken) {
                                best_cost = c3;
                                best_broken = br;
                                i0 = i;
                                p0 = p;
                                i1 = j;
                                p1 = q;
                                i2 = k;
                                p2 = bs;
                            }
                        }
                    }
                    t[q] = old_q;
                }
            }
            t[p] = old_p;
        }
    }
    if (need >= 1 && best_cost == BIG) return 0;
    uint32_t used = 0;
    int length = 0;
    for (int s = 0; s < need; s++) {
        int i = s == 0 ? i0 : (s == 1 ? i1 : i2);
        int p = s == 0 ? p0 : (s == 1 ? p1 : p2);
        used |= 1u << i;
        out_c[length] = hand[i];
        out_p[length] = p;
        t[p] = hand[i];
        length++;
    }
    while (length < n) {
        int best_j = BIG, best_b = BIG, ci = -1, cp = -1;
        for (int i = 0; i < n; i++) {
            if (used >> i & 1) continue;
            int bj = BIG, bp = -1; /* the card's first least jump (as for the second card) */
            for (int p = 0; p < 4; p++) {
                int j = V(jump)(hand[i], t[p], p);
                bp = j < bj ? p : bp;
                bj = j < bj ? j : bj;
            }
            if ((bp < 0) | (bj > best_j)) continue;
            int br = __builtin_popcount(partners[i] & ~(used | (1u << i)));
            if (bj < best_j || br < best_b) {
                best_j = bj;
                best_b = br;
                ci = i;
                cp = bp;
            }
        }
        if (ci < 0 || best_j > limit) break;
        used |= 1u << ci;
        out_c[length] = hand[ci];
        out_p[length] = cp;
        t[cp] = hand[ci];
        length++;
    }
    return length;
}

static inline void V(best_pile)(int card, const int *t, int *bj, int *bp) {
    int best_j = BIG, best_p = -1;
    for (int p = 0; p < 4; p++) {
        int j = V(jump)(card, t[p], p);
        if (j < best_j) {
            best_j = j;
            best_p = p;
        }
    }
    *bj = best_j;
    *bp = best_p;
}

/* cheap.greedy_act: (card, pile) in *c, *p; *p = -1 ends the turn. */
static void V(greedy_act)(const int *hand, int n, const int *tops, int need, int *oc, int *op) {
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++)
            if (V(jump)(hand[i], tops[p], p) == -10) {
                *oc = hand[i];
                *op = p;
                return;
            }
    *oc = 0;
    *op = -1;
    if (need <= 0) return;
    int t[4] = {tops[0], tops[1], tops[2], tops[3]};
    int best_cost = BIG, first_c = 0, first_p = -1;
    if (need <= n) {
        for (int i = 0; i < n; i++) {
            int ji, pi;
            V(best_pile)(hand[i], t, &ji, &pi);
            if (pi < 0) continue;
            if (need == 1) {
                if (ji < best_cost) {
                    best_cost = ji;
                    first_c = hand[i];
                    first_p = pi;
                }
                continue;
            }
            int old_i = t[pi];
            t[pi] = hand[i];
            for (int j = 0; j < n; j++) {
                if (j == i) continue;
                int jj, pj;
                V(best_pile)(hand[j], t, &jj, &pj);
                if (pj < 0) continue;
                if (need == 2) {
                    if (ji + jj < best_cost) {
                        best_cost = ji + jj;
                        first_c = hand[i];
                        first_p = pi;
                    }
                    continue;
                }
                int old_j = t[pj];
                t[pj] = hand[j];
                for (int k = 0; k < n; k++) {
                    if (k == i || k == j) continue;
                    int jk, pk;
                    V(best_pile)(hand[k], t, &jk, &pk);
                    if (pk >= 0 && ji + jj + jk < best_cost) {
                        best_cost = ji + jj + jk;
                        first_c = hand[i];
                        first_p = pi;
                    }
                }
                t[pj] = old_j;
            }
            t[pi] = old_i;
        }
    }
    if (first_p >= 0) {
        *oc = first_c;
        *op = first_p;
        return;
    }
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++)
            if (V(jump)(hand[i], tops[p], p) != BIG) {
                *oc = hand[i];
                *op = p;
                return;
            }
}

/* cheap.random_act: uniform over the legal plays and, when may_end, ending the turn. */
static void V(random_act)(const int *hand, int n, const int *tops, int may_end, Twister *g, int *oc,
                       int *op) {
    int count = 0;
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++)
            if (V(jump)(hand[i], tops[p], p) != BIG) count++;
    int total = count + (may_end ? 1 : 0);
    *oc = 0;
    *op = -1;
    if (total == 0) return;
    int pick = V(randbelow)(g, (uint32_t)total);
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++)
            if (V(jump)(hand[i], tops[p], p) != BIG) {
                if (pick == 0) {
                    *oc = hand[i];
                    *op = p;
                    return;
                }
                pick--;
            }
}

static inline int V(any_legal)(const int *hand, int n, const int *tops) {
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 4; p++)
            if (V(jump)(hand[i], tops[p], p) != BIG) return 1;
    return 0;
}

static int V(can_reach)(const int *hand, int n, int *tops, int need) {
    uint8_t h8[16];
    for (int i = 0; i < n; i++) h8[i] = (uint8_t)hand[i];
    return V(can_play)(h8, n, tops, need);
}

/* cheap._play_cheap: one game with every seat the bot kind. */
static int V(play_cheap)(const uint8_t *order, int players, int hand_size, int base_min, int kind,
                      int r_full, int e_empty, Twister *mts, int64_t *record, int64_t cap,
                      int64_t *out_actions) {
    int hands[5][16];
    int sizes[5];
    int tops[4] = {1, 1, 100, 100};
    int plan_c[16], plan_p[16];
    for (int s = 0; s < players; s++) {
        for (int k = 0; k < hand_size; k++) {
            int c = order[s * hand_size + k], j = k;
            while (j > 0 && hands[s][j - 1] > c) {
                hands[s][j] = hands[s][j - 1];
                j--;
            }
            hands[s][j] = c;
        }
        sizes[s] = hand_size;
    }
    int nxt_draw = players * hand_size;
    int64_t actions = 0;
    int current = 0;
    for (;;) {
        int draw_left = 98 - nxt_draw;
        int total = draw_left;
        for (int s = 0; s < players; s++) total += sizes[s];
        if (total == 0) break;
        int need = draw_left > 0 ? base_min : 1;
        int *hand = hands[current];
        int length = 0;
        if (kind == KIND_MINJUMP) {
            int limit = draw_left > 0 ? r_full : e_empty;
            length = V(minjump_turn)(hand, sizes[current], tops, need, limit, plan_c, plan_p);
            if (length == 0) {
                *out_actions = actions;
                return total;
            }
        } else if (!V(can_reach)(hand, sizes[current], tops, need)) {
            *out_actions = actions;
            return total;
        }
        int played = 0;
        for (;;) {
            int c, p;
            if (kind == KIND_MINJUMP) {
                if (played < length) {
                    c = plan_c[played];
                    p = plan_p[played];
                } else {
                    c = 0;
                    p = -1;
                }
            } else if (kind == KIND_GREEDY) {
                V(greedy_act)(hand, sizes[current], tops, need - played, &c, &p);
            } else {
                V(random_act)(hand, sizes[current], tops, played >= need, &mts[current], &c, &p);
            }
            if (p < 0) break;
            int m = sizes[current];
            for (int i = 0; i < m; i++)
                if (hand[i] == c) {
                    for (int j = i; j < m - 1; j++) hand[j] = hand[j + 1];
                    break;
                }
            sizes[current] = m - 1;
            tops[p] = c;
            played++;
            RECORD(c * 4 + p);
            total--;
            if (total == 0) {
                *out_actions = actions;
                return 0;
            }
            if (played < need && !V(any_legal)(hand, sizes[current], tops)) {
                *out_actions = actions;
                return total;
            }
        }
        RECORD(ACTION_END);
        int m = sizes[current];
        int draws = played < 98 - nxt_draw ? played : 98 - nxt_draw;
        for (int t = 0; t < draws; t++) {
            int c = order[nxt_draw++], j = m;
            while (j > 0 && hand[j - 1] > c) {
                hand[j] = hand[j - 1];
                j--;
            }
            hand[j] = c;
            m++;
        }
        sizes[current] = m;
        current = V(next_holding)(sizes, current, players);
    }
    *out_actions = actions;
    return 0;
}


/* A batch of games of one bot (kind 3: heuristic), the deal of game g the shuffle of
 * seeds[g] or, when deals is not NULL, its row of deals; (score, actions) into res.
 * Returns 1 when a row of deals is not a permutation of 2..99 (0: done). */
static int V(run_batch)(BatchSpace *ws, Py_ssize_t n, const uint64_t *sd, const int64_t *dl,
                        const int64_t *bs, int players, int hand_size, int base_min, int kind,
                        int r_full, int e_empty, const double *pr, int64_t *res) {
    int failed = 0;
    for (Py_ssize_t g0 = 0; g0 < n && !failed; g0 += LANES) {
        int count = n - g0 < LANES ? (int)(n - g0) : LANES;
        if (dl == NULL) {
            V(deal_lanes)(&ws->deal, sd + g0, count, ws->orders);
        } else {
            for (int l = 0; l < count; l++) {
                /* checked without the interpreter; the error is set after */
                const int64_t *row = dl + (g0 + l) * 98;
                uint8_t seen[100] = {0};
                for (int c = 0; c < 98; c++) {
                    int64_t v = row[c];
                    if (v < 2 || v > 99 || seen[v]) {
                        failed = 1;
                        break;
                    }
                    seen[v] = 1;
                    ws->orders[l][c] = (uint8_t)v;
                }
            }
            if (failed) break;
        }
        for (int l = 0; l < count; l++) {
            Py_ssize_t g = g0 + l;
            int64_t actions = 0;
            int score;
            if (kind == 3) {
                score = V(play_heuristic)(&ws->game, ws->orders[l], players, hand_size, base_min,
                                       pr, NULL, 0, &actions);
            } else {
                if (kind == KIND_RANDOM)
                    for (int s = 0; s < players; s++)
                        V(mt_seed)(&ws->mts[s], (uint64_t)bs[g * players + s]);
                score = V(play_cheap)(ws->orders[l], players, hand_size, base_min, kind, r_full,
                                   e_empty, ws->mts, NULL, 0, &actions);
            }
            res[2 * g] = score;
            res[2 * g + 1] = actions;
        }
    }
    return failed;
}
