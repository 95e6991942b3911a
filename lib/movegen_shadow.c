/* movegen_shadow.c — the best-move search (sk_movegen_best). Before walking, every start point
 * (a tile run's last tile, or a cross anchor) gets an upper bound on the equity of any move the
 * walk from it can find, by "shadow play": each window of squares the move could cover is
 * scored as if the rack's most valuable tiles fell on its best squares, ignoring the lexicon
 * (valid for negative and zero factors too: the best pairing of values with coefficients is the
 * sorted one, and a negative coefficient gets the rack's cheapest tile) but not the cross sets:
 * a square takes no tile worth more than the best the cross set lets through (its cap, see
 * sk_mg_cap). Start points are then walked best bound first, and the search stops when no
 * remaining bound can reach the leader.
 * By score, for a rack with a blank on a board without factors below 1, a start first gets a
 * cheaper, looser bound (quick_bound), and its windows are bounded only when that reaches the
 * top of the heap.
 * The leader is compared in the full tie order, so the result is exactly the head of the
 * sorted list of all moves.
 * With a word map (movegen_wordmap.c), windows are also evaluated by lookups: every window of
 * a rack with one blank; for a rack without one, the windows that take the whole rack, handed
 * over when their start is taken (split_start). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/leave.h"

typedef struct {
    double bound;
    uint32_t first, count; /* its windows in g->bounds.windows */
    uint8_t d, row, col, through;
    uint8_t split; /* some of its windows are for the word-map search: see split_start */
    uint8_t exact; /* BOUND is the best of its windows' bounds, not quick_bound's */
    uint8_t sides; /* run_sides, once read for quick_bound: kept for start_bound */
} start;

/* Sift-down for a max-heap by .bound of TYPE: the starts (the search takes them best first and
 * usually stops long before the last, so they are never all sorted) and the word-map search's
 * windows. */
#define DEFINE_SIFT_DOWN(name, type)                                                               \
    static void name(type *h, size_t n, size_t i)                                                  \
    {                                                                                              \
        type x = h[i];                                                                             \
        for (;;) {                                                                                 \
            size_t c = 2 * i + 1;                                                                  \
            if (c >= n) break;                                                                     \
            if (c + 1 < n && h[c + 1].bound > h[c].bound) c++;                                     \
            if (h[c].bound <= x.bound) break;                                                      \
            h[i] = h[c];                                                                           \
            i = c;                                                                                 \
        }                                                                                          \
        h[i] = x;                                                                                  \
    }
DEFINE_SIFT_DOWN(sift_down, start)
DEFINE_SIFT_DOWN(sift_window, struct sk_mg_window)

/* Adds those of the COUNT windows W that can lead to the heap g->bounds.wheap of *N; 0 when out of
 * memory. */
static int push_windows(sk_movegen *g, const struct sk_mg_window *w, size_t count, size_t *n)
{
    if (*n + count > g->bounds.cap_wheap) {
        size_t cap = g->bounds.cap_wheap ? g->bounds.cap_wheap : 1024;
        while (cap < *n + count)
            cap *= 2;
        struct sk_mg_window *h = realloc(g->bounds.wheap, cap * sizeof(*h));
        if (!h) return 0;
        g->bounds.wheap = h;
        g->bounds.cap_wheap = cap;
    }
    struct sk_mg_window *h = g->bounds.wheap;
    for (size_t k = 0; k < count; k++) {
        if (sk_mg_below(&g->keep, w[k].bound)) continue; /* it could never be taken */
        size_t i = (*n)++;
        for (; i > 0 && h[(i - 1) / 2].bound < w[k].bound; i = (i - 1) / 2)
            h[i] = h[(i - 1) / 2];
        h[i] = w[k];
    }
    return 1;
}

static int desc_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a > b ? -1 : a < b ? 1 : 0;
}

/* What a window's bound needs of its squares, gathered one square at a time (acc_init, then
 * acc_square): the coefficients are kept sorted as they come, and sorted afresh only when a
 * word factor changes them all. */
typedef struct {
    long long wm;              /* the main word's multiplier: its empty squares' word factors */
    double fixed, cross_fixed; /* face values of its board tiles; cross words' board tiles */
    int k;                     /* empty squares */
    int nfixed;                /* board tiles */
    int ncapped;               /* empty squares whose cap's index is not 0 */
    double lf[SK_BOARD_MAX], x[SK_BOARD_MAX]; /* their letter factors; cross coefficients */
    uint8_t cap[SK_BOARD_MAX];                /* their caps' indexes: see sk_mg_cap */
    double coef[SK_BOARD_MAX];                /* lf * wm + x of each, descending */
    uint8_t coef_cap[SK_BOARD_MAX];           /* the cap of each, in that order */
} window_acc;

static void acc_init(window_acc *a)
{
    a->wm = 1;
    a->fixed = a->cross_fixed = 0;
    a->k = a->nfixed = a->ncapped = 0;
}

/* Puts CF (of cap CAP) among the first I coefficients of A, descending (at most a rack's worth:
 * insertion). */
static void acc_insert(window_acc *a, int i, double cf, uint8_t cap)
{
    int j = i;
    for (; j > 0 && cf > a->coef[j - 1]; j--) {
        a->coef[j] = a->coef[j - 1];
        a->coef_cap[j] = a->coef_cap[j - 1];
    }
    a->coef[j] = cf;
    a->coef_cap[j] = cap;
}

/* Copies the part of A in use to B. */
static void acc_copy(window_acc *b, const window_acc *a)
{
    b->wm = a->wm;
    b->fixed = a->fixed;
    b->cross_fixed = a->cross_fixed;
    b->k = a->k;
    b->nfixed = a->nfixed;
    b->ncapped = a->ncapped;
    for (int i = 0; i < a->k; i++) {
        b->lf[i] = a->lf[i];
        b->x[i] = a->x[i];
        b->cap[i] = a->cap[i];
        b->coef[i] = a->coef[i];
        b->coef_cap[i] = a->coef_cap[i];
    }
}

static void acc_square(sk_movegen *g, const sk_mg_view *v, int r, int c, window_acc *a)
{
    if (v->tile[r][c]) {
        a->fixed += v->blank[r][c] ? g->rack.value[0] : g->rack.value[v->tile[r][c]];
        a->nfixed++;
        return;
    }
    long long wm = sk_score_mul(a->wm, v->wf[r][c]);
    int k = a->k++;
    a->lf[k] = v->lf[r][c];
    a->x[k] = 0;
    int cap = 0;
    if (v->has_cross[r][c])
        sk_mg_cap(&g->bounds, &g->views, &g->rack, v == &g->views.v[1], r, c, &cap);
    a->cap[k] = (uint8_t)cap;
    a->ncapped += a->cap[k] != 0;
    if (g->views.classic && v->has_cross[r][c]) {
        a->x[k] = (double)v->lf[r][c] * v->wf[r][c];
        a->cross_fixed += (double)v->cross_score[r][c] * v->wf[r][c];
    }
    if (wm == a->wm) {
        acc_insert(a, k, a->lf[k] * (double)wm + a->x[k], a->cap[k]);
        return;
    }
    a->wm = wm;
    for (int i = 0; i <= k; i++)
        acc_insert(a, i, a->lf[i] * (double)wm + a->x[i], a->cap[i]);
}

/* The most any move covering exactly the squares gathered in A can score: its empty squares
 * take the rack's values (VALUES, descending; N of them) in the best order, each square no value
 * above its cap. Positive coefficients, largest first, each take the largest value left that
 * the square's cap allows (with caps that only bound a value from above, this greedy pairing is
 * the best one: giving a larger coefficient the larger of two values never loses); the others
 * take the smallest value. */
static double window_bound(const sk_movegen *g, const window_acc *a, const double *values, int n)
{
    double best = a->fixed * (double)a->wm + a->cross_fixed;
    if (!a->ncapped) { /* no cap: the largest values in order */
        for (int i = 0; i < a->k; i++)
            best += a->coef[i] > 0 ? a->coef[i] * values[i] : a->coef[i] * values[n - 1];
        return best + (a->k == g->rack.size ? g->rack.bingo : 0);
    }
    uint32_t left = (1u << n) - 1; /* values not taken yet */
    for (int i = 0; i < a->k; i++) {
        if (a->coef[i] <= 0) {
            best += a->coef[i] * values[n - 1];
            continue;
        }
        uint32_t fit = left & ~0u << a->coef_cap[i];
        if (!fit) continue; /* no value left fits: the window holds no move at all */
        int j = __builtin_ctz(fit);
        left &= ~(1u << j);
        best += a->coef[i] * values[j];
    }
    if (a->k == g->rack.size) best += g->rack.bingo;
    return best;
}

/* Adds start S to the heap STARTS of *N (there is room: it was taken from it). */
static void push_start(start *starts, int *n, const start *s)
{
    int i = (*n)++;
    for (; i > 0 && starts[(i - 1) / 2].bound < s->bound; i = (i - 1) / 2)
        starts[i] = starts[(i - 1) / 2];
    starts[i] = *s;
}

/* Hands the windows of ST with at least g->wm.min_k empty squares to the word-map search's
 * heap (of *NW), leaving ST the others to walk (the walk records no move of a handed window:
 * see load_windows); returns ST's new bound. *OOM is set when the heap could not grow. */
static double split_start(sk_movegen *g, start *st, size_t *nw, int *oom)
{
    double best = -1e300;
    struct sk_mg_window *w = g->bounds.windows + st->first;
    for (uint32_t i = 0; i < st->count; i++) {
        if (w[i].k >= g->wm.min_k) {
            if (!sk_mg_below(&g->keep, w[i].bound) && sk_mg_wm_may_hold(&g->wm, &g->views, &w[i]) &&
                !push_windows(g, &w[i], 1, nw))
                *oom = 1;
            w[i].bound = -1e300;
            w[i].k = SK_MG_HANDED;
        }
        if (w[i].bound > best) best = w[i].bound;
    }
    st->split = 0;
    return best;
}

/* From the run [LO, C] of row R of V, with the walk table: its GADDAG node tells whether any
 * word goes on left of it (*LEFT_OK: a tile for the square there) or right of it at once
 * (*RIGHT_OK: the separator, then a tile for the square there). 0 when no word holds the run.
 * Without the table both are 1. *MEMO keeps the answer between calls for one start (0: not
 * read yet; else 1 | LEFT_OK << 1 | RIGHT_OK << 2), and g->views.run_node the node between
 * positions, for as long as the run stays as it is. */
static int run_sides(sk_movegen *g, const sk_mg_view *v, int r, int lo, int c, uint8_t *memo,
                     int *left_ok, int *right_ok)
{
    *left_ok = *right_ok = 1;
    if (!g->lex.wnodes) return 1;
    if (*memo) {
        *left_ok = *memo >> 1 & 1;
        *right_ok = *memo >> 2 & 1;
        return 1;
    }
    int d = v == &g->views.v[1];
    uint32_t at = g->views.run_node[d][r][c];
    if (!sk_mg_run_known(&g->views, d, r, lo, c)) {
        uint32_t list = g->lex.gaddag;
        at = 0;
        for (int x = c; x >= lo; x--) {
            at = sk_mg_find(g->lex.wnodes, g->lex.nodes, list, v->tile[r][x]);
            if (!at) break;
            list = sk_kwg_arc((uint32_t)g->lex.wnodes[at]); /* the line just read, not the KWG's */
        }
        g->views.run_loaded[d][r][c] = g->views.views_loaded;
        g->views.run_lo[d][r][c] = (uint8_t)lo;
        g->views.run_node[d][r][c] = at;
    }
    if (!at) return 0;
    uint32_t list = sk_kwg_arc((uint32_t)g->lex.wnodes[at]);
    uint32_t kids = (uint32_t)(g->lex.wnodes[at] >> 32);
    *left_ok = lo > 0 && (kids & v->cross[r][lo - 1] & g->rack.mask);
    *right_ok = (kids & 1u << SK_KWG_SEPARATOR) && c + 1 < v->cols &&
                ((uint32_t)(g->lex.wnodes[list] >> 32) & v->cross[r][c + 1] & g->rack.mask);
    *memo = (uint8_t)(1 | *left_ok << 1 | *right_ok << 2);
    return 1;
}

/* 1 if the window of row R of V ending at HI (K empty squares, PLACED tiles of N), one the walk
 * covers, is followed by another the walk covers: the square after HI takes a tile and ends the
 * word there, and the word-map search would not take that window either. */
static int walk_window_follows(const sk_movegen *g, const sk_mg_view *v, int r, int hi, int k,
                               int placed, int n)
{
    int x = hi + 1;
    if (x >= v->cols || v->tile[r][x] || !(v->cross[r][x] & g->rack.mask) || placed >= n) return 0;
    if (x + 1 < v->cols && v->tile[r][x + 1]) return 0;
    return k + 1 < g->wm.min_k;
}

/* An upper bound for the walk from (R, C) of view V (see sk_mg_walk); the bound of each window
 * the walk can cover is kept (keep_window). SIDES: run_sides' memo for the start. *OOM is set
 * when that ran out of memory. */
static double start_bound(sk_movegen *g, const sk_mg_view *v, int r, int c, int through,
                          uint8_t *sides, const double *values, int n, const double *maxleave,
                          int by_score, int *oom)
{
    int cols = v->cols;
    /* the squares the word may span: from LO_MIN to HI_MAX, placing at most N tiles */
    int run_lo = sk_mg_walk_first(v, r, c, through);
    double best = -1e300;
    int placed_left = 0;
    int start_empty = !through; /* the anchor square itself, for a cross anchor */
    if (start_empty && !(v->cross[r][c] & g->rack.mask)) return best; /* no move at all */
    /* LEFT: the squares [lo, c], grown one square at a time as lo goes left; each window
     * starting at lo extends a copy of it to the right */
    int base = through ? run_lo : c;
    int left_ok = 1, right_ok = 1;
    if (through && !run_sides(g, v, r, run_lo, c, sides, &left_ok, &right_ok)) return best;
    /* By score on a board whose factors are all 1 or more, a window's bound only grows as it
     * takes more squares (every coefficient is positive, and so is every tile's value), so the
     * walk's bounds (win_suf, win_left) read the same when of the windows starting at one
     * square, only the largest it covers is kept, with the word-map search's own. */
    int largest_only = by_score && g->views.monotone && g->wm.min_k > 1;
    window_acc left;
    acc_init(&left);
    for (int x = base; x <= c; x++)
        acc_square(g, v, r, x, &left);
    for (int lo = base; lo >= 0; lo--) {
        if (lo < base) {
            if (!left_ok) break;
            if (v->tile[r][lo]) {
                if (!through) break; /* a cross-anchor word holds no row tile */
            } else {
                if (!through && v->anchor[r][lo]) break; /* that anchor's own walk covers it */
                if (!(v->cross[r][lo] & g->rack.mask)) break;
                if (++placed_left > n) break;
            }
            acc_square(g, v, r, lo, &left);
        }
        if (lo > 0 && v->tile[r][lo - 1]) continue; /* the word would not start here */
        if (lo == base && !right_ok) continue;
        int placed = placed_left + start_empty;
        window_acc acc;
        acc_copy(&acc, &left);
        for (int hi = c; hi < cols; hi++) {
            if (hi > c) {
                if (v->tile[r][hi]) break; /* the right part never reaches another run */
                if (!(v->cross[r][hi] & g->rack.mask) || ++placed > n) break;
                acc_square(g, v, r, hi, &acc);
            }
            if (placed > n) break;
            if (hi + 1 < cols && v->tile[r][hi + 1]) continue;
            if (placed == 0) continue;
            if (largest_only && walk_window_follows(g, v, r, hi, acc.k, placed, n)) continue;
            double b = window_bound(g, &acc, values, n) + (by_score ? 0.0 : maxleave[n - placed]);
            if (b > best) best = b;
            if (!sk_mg_keep_window(&g->bounds, v == &g->views.v[1], r, lo, hi, b, acc.k)) *oom = 1;
        }
        if (placed_left >= n && !through) break;
    }
    return best;
}

/* An upper bound on the score of every window start_bound would find for the walk from (R, C)
 * of V, at about the cost of one window (by score only: it adds no leave). A start has five
 * windows or more, and when most starts of a position never come near the leader, their
 * windows are never needed. Only for a board whose factors are all 1 or more (g->views.monotone: no
 * coefficient is negative, and a window's bound only grows with its squares): it takes every
 * square any of those windows may cover, multiplies each empty one by the largest word
 * multiplier N empty squares among them can make, pairs the best N coefficients with the
 * rack's values, counts every board tile among them, and adds the bingo when N empty squares
 * are there to cover. A run's sides no word goes on to (run_sides) are left out, as
 * start_bound leaves them out. -1e300 when no move starts there. */
static double quick_bound(sk_movegen *g, const sk_mg_view *v, int r, int c, int through,
                          uint8_t *sides, const double *values, int n)
{
    /* xw: the square's word factor when it makes a cross word; big: the word factors above 1,
     * descending */
    int lf[SK_MG_N], xw[SK_MG_N], ne = 0;
    int big[SK_MG_N], nbig = 0;
    long long fixed = 0, cross_fixed = 0;
    if (!through && !(v->cross[r][c] & g->rack.mask)) return -1e300;
    int lo = sk_mg_walk_first(v, r, c, through);
    int left_ok = 1, right_ok = 1;
    if (through && !run_sides(g, v, r, lo, c, sides, &left_ok, &right_ok)) return -1e300;
    if (!left_ok && !right_ok) return -1e300; /* no move places a tile */
    /* the run (or the anchor square), then left and right as far as start_bound goes */
    for (int step = 0; step < 3; step++) {
        if (step == 1 && !left_ok) continue; /* right of the run: after the left part or at once */
        int from = step == 0 ? lo : step == 1 ? lo - 1 : c + 1;
        int to = step == 0 ? c + 1 : step == 1 ? -1 : v->cols, dir = step == 1 ? -1 : 1;
        int placed = 0;
        for (int col = from; col != to; col += dir) {
            if (v->tile[r][col]) {
                if (step == 2 || (step == 1 && !through)) break;
                fixed += v->blank[r][col] ? g->rack.value[0] : g->rack.value[v->tile[r][col]];
                continue;
            }
            if (step == 1 && !through && v->anchor[r][col]) break;
            if (step > 0 && (!(v->cross[r][col] & g->rack.mask) || ++placed > n)) break;
            int wf = v->wf[r][col];
            lf[ne] = v->lf[r][col];
            xw[ne] = 0;
            if (g->views.classic && v->has_cross[r][col]) {
                xw[ne] = wf;
                cross_fixed += (long long)v->cross_score[r][col] * wf;
            }
            if (wf > 1) {
                int j = nbig++;
                for (; j > 0 && big[j - 1] < wf; j--)
                    big[j] = big[j - 1];
                big[j] = wf;
            }
            ne++;
        }
    }
    /* the largest word multiplier: the N largest word factors */
    long long wm = 1;
    for (int i = 0; i < nbig && i < n; i++)
        wm = sk_score_mul(wm, big[i]);
    /* the N largest coefficients, descending */
    double coef[SK_MG_N];
    int nc = 0;
    for (int i = 0; i < ne; i++) {
        double cf = lf[i] * ((double)wm + xw[i]);
        if (nc == n && cf <= coef[n - 1]) continue;
        int j = nc < n ? nc++ : n - 1;
        for (; j > 0 && coef[j - 1] < cf; j--)
            coef[j] = coef[j - 1];
        coef[j] = cf;
    }
    double b = (double)fixed * (double)wm + (double)cross_fixed;
    for (int i = 0; i < nc; i++)
        b += coef[i] * values[i];
    if (ne >= g->rack.size && n >= g->rack.size) b += g->rack.bingo;
    return b;
}

/* Sets ST's windows (appended to g->bounds.windows), their best bound, and whether the word-map
 * search takes some of them; *OOM is set when the windows ran out of memory. */
static void exact_bound(sk_movegen *g, start *st, const double *values, int n,
                        const double *maxleave, int by_score, int *oom)
{
    size_t first = g->bounds.nwindows;
    st->bound = start_bound(g, &g->views.v[st->d], st->row, st->col, st->through, &st->sides,
                            values, n, maxleave, by_score, oom);
    st->first = (uint32_t)first;
    st->count = (uint32_t)(g->bounds.nwindows - first);
    st->split = 0;
    for (size_t w = first; w < g->bounds.nwindows; w++)
        st->split |= g->bounds.windows[w].k >= g->wm.min_k;
    st->exact = 1;
    if (st->bound <= -1e299) { /* no window: none kept */
        g->bounds.nwindows = first;
        st->count = 0;
    }
}

/* The search of sk_movegen_best and sk_movegen_top: every placement that can be among the
 * g->keep.top_n best, walked best bound first, kept by sk_mg_keep. */
static int search(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                  const struct sk_leaves *leaves, int by_score)
{
    int counts[SK_TILE_KINDS] = {0};
    double values[SK_RACK_MAX] = {0};
    int n = 0;
    for (const char *p = pos->racks[0]; *p; p++) {
        int t = sk_tile_from_char(*p);
        if (t < 0 || n == SK_RACK_MAX) return SK_EINVAL;
        counts[t]++;
        values[n++] = rules->tiles->score[t];
    }
    qsort(values, (size_t)n, sizeof(values[0]), desc_double);
    long cells = 1;
    for (int t = 0; t < SK_TILE_KINDS; t++)
        cells *= counts[t] + 1;
    if (cells > (long)(sizeof(g->rack.leave_value) / sizeof(g->rack.leave_value[0])))
        return SK_EINVAL; /* a rack this large has too many leaves for the table */
    int rc = sk_mg_setup(g, rules, pos, NULL);
    if (rc != SK_OK) return rc;
    g->keep.best_mode = 1;
    g->keep.by_score = by_score;
    g->keep.have_best = 0;
    g->keep.ntop = 0;
    double maxleave[SK_RACK_MAX + 1] = {0};
    if (by_score)
        sk_mg_rack_no_leaves(&g->rack); /* leaves play no part */
    else
        sk_mg_rack_leaves(&g->rack, leaves, counts, maxleave);
    start *starts = malloc(sizeof(start) * 2 * SK_BOARD_MAX * SK_BOARD_MAX);
    if (!starts) return SK_ENOMEM;
    int ns = 0, oom = 0;
    g->bounds.nwindows = 0;
    if (g->views.first_move) sk_mg_first_move(g); /* no bounds: reading the words is cheap enough */
    int use_wm = sk_mg_wm_prepare(&g->wm, &g->rack, g->views.first_move, rules);
    memcpy(g->rack.values, values, sizeof(values));
    g->rack.nvalues = n;
    sk_mg_caps_reset(&g->bounds);
    /* Quick bounds first only by score, for a rack with a blank: its best move is often a bingo
     * far above most starts, so most starts are never bounded window by window. Without a blank
     * the leader is seldom that far ahead, and many starts would be bounded twice (quickly, then
     * in full); by equity every quick bound would have to add the best leave of any size, which
     * leaves it too loose to spare a start its windows. See docs/engine.md,
     * "The best moves without all moves". */
    int quick_first = g->views.monotone && by_score && counts[0] > 0;
    for (int d = 0; d < 2 && !g->views.first_move; d++) {
        const sk_mg_view *v = &g->views.v[d];
        for (int r = 0; r < v->rows; r++)
            for (uint32_t m = v->starts[r]; m; m &= m - 1) {
                int c = __builtin_ctz(m), run_end = (int)(v->run_ends[r] >> c & 1);
                start st = {0, 0, 0, (uint8_t)d, (uint8_t)r, (uint8_t)c, (uint8_t)run_end, 0, 0, 0};
                if (quick_first)
                    st.bound = quick_bound(g, v, r, c, run_end, &st.sides, values, n);
                else
                    exact_bound(g, &st, values, n, maxleave, by_score, &oom);
                if (st.bound > -1e299) starts[ns++] = st;
            }
    }
    if (oom) {
        free(starts);
        return SK_ENOMEM;
    }
    for (size_t i = (size_t)ns / 2; i-- > 0;)
        sift_down(starts, (size_t)ns, i);
    /* two heaps: the starts, and (word-map search) the windows of the starts taken so far */
    size_t nw = 0;
    while (ns > 0 || nw > 0) {
        double sb = ns > 0 ? starts[0].bound : -1e300,
               wb = nw > 0 ? g->bounds.wheap[0].bound : -1e300;
        /* a bound below the leader cannot win; an equal one may still win a tie */
        if (sk_mg_below(&g->keep, sb > wb ? sb : wb)) break;
        if (wb >= sb) {
            struct sk_mg_window w = g->bounds.wheap[0];
            g->bounds.wheap[0] = g->bounds.wheap[--nw];
            sift_window(g->bounds.wheap, nw, 0);
            sk_mg_wm_window(g, &w);
            continue;
        }
        start taken = starts[0];
        starts[0] = starts[--ns];
        sift_down(starts, (size_t)ns, 0);
        const start *st = &taken;
        if (!taken.exact) { /* its windows, and their best bound, now that it may lead */
            double quick = taken.bound;
            exact_bound(g, &taken, values, n, maxleave, by_score, &oom);
            if (oom) break;
            if (taken.bound < quick) {
                if (taken.bound > -1e299) push_start(starts, &ns, &taken);
                continue;
            }
        }
        if (use_wm && g->wm.min_k <= 1) {
            if (!push_windows(g, g->bounds.windows + st->first, st->count, &nw)) {
                free(starts);
                return SK_ENOMEM;
            }
            continue;
        }
        if (taken.split) { /* its long windows to the word-map search, the rest walked */
            int oom_split = 0;
            double b = split_start(g, &taken, &nw, &oom_split);
            if (oom_split) {
                free(starts);
                return SK_ENOMEM;
            }
            if (b < taken.bound) {
                taken.bound = b;
                if (b > -1e299) push_start(starts, &ns, &taken);
                continue;
            }
        }
        sk_mg_load_windows(&g->bounds, g->bounds.windows + st->first, st->count);
        g->bounds.win_on = 1;
        /* a run's node, when run_sides read it, spares the walk its letters */
        int lo = sk_mg_walk_first(&g->views.v[st->d], st->row, st->col, st->through);
        if (st->through && sk_mg_run_known(&g->views, st->d, st->row, lo, st->col) &&
            g->views.run_node[st->d][st->row][st->col])
            sk_mg_walk_run(g, st->d, st->row, lo, st->col,
                           g->views.run_node[st->d][st->row][st->col]);
        else
            sk_mg_walk(g, st->d, st->row, st->col, st->through);
        g->bounds.win_on = 0;
    }
    free(starts);
    return oom ? SK_ENOMEM : SK_OK;
}

int sk_movegen_best(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                    const struct sk_leaves *leaves, int by_score, int exchanges, int bag,
                    sk_gen_move *out)
{
    g->keep.top_n = 1;
    int rc = search(g, rules, pos, leaves, by_score);
    if (rc != SK_OK) return rc;
    sk_move_list extra;
    sk_move_list_init(&extra);
    if (!(exchanges && rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min))
        bag = -1; /* no exchanges: only the pass */
    if (sk_movegen_add_non_placements(rules, pos, bag, &extra) != SK_OK) {
        sk_move_list_free(&extra);
        return SK_ENOMEM;
    }
    for (size_t i = 0; i < extra.count; i++) {
        sk_gen_move *m = &extra.moves[i];
        if (m->kind == SK_MOVE_PASS && g->keep.have_best)
            continue; /* the pass only when nothing is playable */
        char kept[SK_RACK_MAX + 1];
        sk_gen_move_leave(m, pos->racks[0], kept);
        m->equity = by_score ? 0.0f : (float)sk_leave_value(leaves, kept);
        if (!g->keep.have_best || sk_mg_beats(m, &g->keep.best)) {
            g->keep.best = *m;
            g->keep.have_best = 1;
        }
    }
    sk_move_list_free(&extra);
    *out = g->keep.best;
    return SK_OK;
}

int sk_movegen_top(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                   const struct sk_leaves *leaves, int by_score, int exchanges, int bag, size_t n,
                   sk_move_list *out)
{
    if (n == 0) return SK_OK;
    if (sk_mg_keep_reserve(&g->keep, n) != SK_OK) return SK_ENOMEM;
    g->keep.top_n = n;
    int rc = search(g, rules, pos, leaves, by_score);
    size_t kept = g->keep.top_n <= 1 ? (size_t)g->keep.have_best : g->keep.ntop;
    const sk_gen_move *from = g->keep.top_n <= 1 ? &g->keep.best : g->keep.top;
    g->keep.top_n = 1;
    if (rc != SK_OK) return rc;
    /* the exchanges and the pass compete with the N best placements as in the full list */
    sk_move_list all;
    sk_move_list_init(&all);
    if (!(exchanges && rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min))
        bag = -1; /* no exchanges: only the pass */
    rc = sk_movegen_add_non_placements(rules, pos, bag, &all);
    if (rc == SK_OK) rc = sk_move_list_rank(&all, pos->racks[0], leaves, by_score);
    for (size_t i = 0; rc == SK_OK && i < kept; i++) {
        sk_gen_move *m = sk_mg_list_push(&all);
        if (m)
            *m = from[i];
        else
            rc = SK_ENOMEM;
    }
    if (rc == SK_OK) {
        if (n > all.count) n = all.count;
        sk_move_list_top(&all, n, by_score);
        for (size_t i = 0; rc == SK_OK && i < n; i++) {
            sk_gen_move *m = sk_mg_list_push(out);
            if (m)
                *m = all.moves[i];
            else
                rc = SK_ENOMEM;
        }
    }
    sk_move_list_free(&all);
    return rc;
}
