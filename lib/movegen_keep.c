/* movegen_keep.c — what the best-move search keeps while it walks (the keeper part,
 * sk_mg_keeper, and the bounds part, sk_mg_bounds): the N best moves found so far, the bounds of
 * the windows of the start points, the maxima of them the walk asks for at the start it walks,
 * and each square's cap. It reads the views and the rack and calls no other file of the
 * generator; the bounds themselves are worked out in movegen_shadow.c. */
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "skrab/error.h"

void sk_mg_keep_free(sk_mg_keeper *k, sk_mg_bounds *b)
{
    free(b->windows);
    free(b->wheap);
    free(k->top);
}

/* The keeper of the N best moves (top_n of them; N = 1 for the best move alone): k->top holds
 * them best first, and once there are N, k->best is the last of them, the one a move must beat
 * (have_best set): every bound and early rejection compares with it. */
void sk_mg_keep(sk_mg_keeper *k, const sk_gen_move *m)
{
    if (k->top_n <= 1) {
        k->best = *m;
        k->have_best = 1;
        return;
    }
    size_t j = k->ntop < k->top_n ? k->ntop++ : k->top_n - 1;
    for (; j > 0 && sk_mg_beats(m, &k->top[j - 1]); j--)
        k->top[j] = k->top[j - 1];
    k->top[j] = *m;
    if (k->ntop == k->top_n) {
        k->best = k->top[k->top_n - 1];
        k->have_best = 1;
    }
}

int sk_mg_keep_reserve(sk_mg_keeper *k, size_t n)
{
    if (n > k->cap_top) {
        sk_gen_move *top = realloc(k->top, n * sizeof(*top));
        if (!top) return SK_ENOMEM;
        k->top = top;
        k->cap_top = n;
    }
    return SK_OK;
}

int sk_mg_windows_grow(sk_mg_bounds *b)
{
    size_t cap = b->cap_windows ? 2 * b->cap_windows : 4096;
    struct sk_mg_window *w = realloc(b->windows, cap * sizeof(*w));
    if (!w) return 0;
    b->windows = w;
    b->cap_windows = cap;
    return 1;
}

/* The maxima the walk asks for of one measure of a start's COUNT windows W: SUF[lo][h] the
 * best of a window [lo, hi] with hi >= h, LEFT[x] the best with lo <= x, over the window's BOUND,
 * or its SCORE part when SCORE is set. */
static inline void load_maxima(const sk_mg_bounds *b, const struct sk_mg_window *w, size_t count,
                               int score, double suf[SK_MG_N][SK_MG_N], double left_max[SK_MG_N])
{
    int lmin = b->win_lmin, lmax = b->win_lmax, hmin = b->win_hmin, hmax = b->win_hmax;
    for (int lo = lmin; lo <= lmax; lo++)
        for (int h = hmin; h <= hmax; h++)
            suf[lo][h] = -1e300;
    for (size_t i = 0; i < count; i++)
        suf[w[i].lo][w[i].hi] = !score || w[i].k == SK_MG_HANDED
                                    ? w[i].bound /* handed: -1e300 */
                                    : w[i].bound - b->win_maxleave[b->win_n - w[i].k];
    double left = -1e300;
    for (int lo = lmin; lo <= lmax; lo++) {
        double *row = suf[lo], best = row[hmax];
        for (int h = hmax - 1; h >= hmin; h--) {
            best = best > row[h] ? best : row[h];
            row[h] = best;
        }
        if (best > left) left = best;
        left_max[lo] = left;
    }
}

void sk_mg_load_windows(sk_mg_bounds *b, const struct sk_mg_window *w, size_t count)
{
    int lmin = SK_MG_N, lmax = -1, hmin = SK_MG_N, hmax = -1;
    memset(b->win_skip, 0, sizeof(b->win_skip));
    for (size_t i = 0; i < count; i++) {
        if (w[i].lo < lmin) lmin = w[i].lo;
        if (w[i].lo > lmax) lmax = w[i].lo;
        if (w[i].hi < hmin) hmin = w[i].hi;
        if (w[i].hi > hmax) hmax = w[i].hi;
        if (w[i].k == SK_MG_HANDED) b->win_skip[w[i].lo] |= 1u << w[i].hi;
    }
    b->win_lmin = lmin;
    b->win_lmax = lmax;
    b->win_hmin = hmin;
    b->win_hmax = hmax;
    load_maxima(b, w, count, 0, b->win_suf, b->win_left);
    if (b->win_scored) load_maxima(b, w, count, 1, b->score_suf, b->score_left);
}

void sk_mg_caps_reset(sk_mg_bounds *b)
{
    if (++b->cap_now == 0) { /* the stamps wrapped: none may read as current */
        memset(b->cap_stamp, 0, sizeof(b->cap_stamp));
        b->cap_now = 1;
    }
}

int sk_mg_cap_find(sk_mg_bounds *b, const sk_mg_views *vs, const sk_mg_rack *rk, int d, int r,
                   int c, int *index)
{
    sk_mg_set ok = vs->v[d].cross[r][c] & rk->letters;
    int most = INT16_MAX, cap = 0;
    if (ok != rk->letters) {
        most = rk->initial[0] ? rk->value[0] : -1;
        for (sk_mg_set m = ok; m; m &= m - 1)
            if (rk->value[__builtin_ctzll(m)] > most) most = rk->value[__builtin_ctzll(m)];
        if (most > INT16_MAX) most = INT16_MAX;
        while (cap < rk->nvalues && rk->values[cap] > most)
            cap++;
    }
    b->cap_stamp[d][r][c] = b->cap_now;
    b->cap_value[d][r][c] = (int16_t)most;
    b->cap_index[d][r][c] = (uint8_t)cap;
    *index = cap;
    return most;
}
