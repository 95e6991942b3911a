/* movegen_shadow.c — the bounds of the best-move search (movegen_best.c). Every start point (a
 * tile run's last tile, or a cross anchor) gets an upper bound on the equity of any move the walk
 * from it can find, by "shadow play": each window of squares the move could cover is scored as
 * if the rack's most valuable tiles fell on its best squares, ignoring the lexicon (valid for
 * negative and zero factors too: the best pairing of values with coefficients is the sorted one,
 * and a negative coefficient gets the rack's cheapest tile) but not the cross sets: a square
 * takes no tile worth more than the best the cross set lets through (its cap, see sk_mg_cap).
 * Each window's bound is kept in the bounds part (sk_mg_keep_window), for the search to order
 * the starts and the walk to ask.
 * By score, for a rack with a blank on a board without factors below 1, a start first gets a
 * cheaper, looser bound (sk_mg_quick_bound), and its windows are bounded (sk_mg_exact_bound)
 * only when that reaches the top of the search's heap. It reads the lexicon, views and rack
 * parts and calls only movegen_keep.c. */
#include <stdint.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/score.h"

/* What a window's bound needs of one square of a start's row (sq_read), read once a start: the
 * windows starting at each square left of the start extend over the same squares right of it.
 * A plain square (on a board whose factors are all 1 or more: letter factor 1, no cross word,
 * no cap) has the least coefficient of any square of a window, the word multiplier itself. */
typedef struct {
    double lf, x;       /* letter factor; cross coefficient (lf * wf for a cross word) */
    double cross_fixed; /* its cross word's board tiles times wf (0 when it makes none) */
    double fixed;       /* a board tile's face value */
    int wf;             /* word factor */
    int tile;           /* 1: a board tile */
    int plain;          /* 1: a plain empty square */
    uint8_t cap;        /* the cap's index: see sk_mg_cap */
} square_info;

/* Reads square C of row R of V into S. Inline, as acc_square: the bounds read every square of
 * every window. */
static inline void sq_read(sk_movegen *g, const sk_mg_view *v, int r, int c, square_info *s)
{
    s->tile = v->tile[r][c] != 0;
    if (s->tile) {
        s->fixed = v->blank[r][c] ? g->rack.value[0] : g->rack.value[v->tile[r][c]];
        return;
    }
    int lf = v->lf[r][c], wf = v->wf[r][c], has_cross = v->has_cross[r][c];
    s->lf = lf;
    s->wf = wf;
    s->plain = !has_cross && lf == 1 && g->views.monotone;
    int cross = has_cross && g->views.classic;
    s->x = cross ? (double)(lf * wf) : 0;
    s->cross_fixed = cross ? (double)(v->cross_score[r][c] * wf) : 0;
    int cap = 0;
    if (has_cross) sk_mg_cap(&g->bounds, &g->views, &g->rack, v == &g->views.v[1], r, c, &cap);
    s->cap = (uint8_t)cap;
}

/* What a window's bound needs of its squares, gathered one square at a time (acc_init, then
 * acc_square): the coefficients of the squares that are not plain are kept sorted as they come,
 * and sorted afresh only when a word factor changes them all; the plain squares are counted
 * (K less NS), their coefficient being WM. */
typedef struct {
    long long wm;              /* the main word's multiplier: its empty squares' word factors */
    double fixed, cross_fixed; /* face values of its board tiles; cross words' board tiles */
    int k;                     /* empty squares */
    int ns;                    /* empty squares that are not plain */
    int ncapped;               /* empty squares whose cap's index is not 0 */
    const square_info *sq[SK_RACK_MAX + 1]; /* the NS squares that are not plain, as they came */
    double coef[SK_RACK_MAX + 1];           /* lf * wm + x of each, descending */
    uint8_t coef_cap[SK_RACK_MAX + 1];      /* the cap of each, in that order */
} window_acc;

static void acc_init(window_acc *a)
{
    a->wm = 1;
    a->fixed = a->cross_fixed = 0;
    a->k = a->ns = a->ncapped = 0;
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
    b->ns = a->ns;
    b->ncapped = a->ncapped;
    if (a->ns <= 8) { /* a rack's worth at most, usually: fixed sizes, copied without a call */
        memcpy(b->sq, a->sq, 8 * sizeof(a->sq[0]));
        memcpy(b->coef, a->coef, 8 * sizeof(a->coef[0]));
        memcpy(b->coef_cap, a->coef_cap, 8);
        return;
    }
    memcpy(b->sq, a->sq, (size_t)a->ns * sizeof(a->sq[0]));
    memcpy(b->coef, a->coef, (size_t)a->ns * sizeof(a->coef[0]));
    memcpy(b->coef_cap, a->coef_cap, (size_t)a->ns);
}

/* Adds square S to A. A holds at most a rack's worth of empty squares and one (SK_RACK_MAX + 1):
 * a cross anchor's own square with N more left of it, a window start_bound then drops. */
static inline void acc_square(window_acc *a, const square_info *s)
{
    if (s->tile) {
        a->fixed += s->fixed;
        return;
    }
    long long wm = sk_score_mul(a->wm, s->wf);
    a->k++;
    a->ncapped += s->cap != 0;
    a->cross_fixed += s->cross_fixed;
    if (wm != a->wm) {
        a->wm = wm;
        for (int i = 0; i < a->ns; i++)
            acc_insert(a, i, a->sq[i]->lf * (double)wm + a->sq[i]->x, a->sq[i]->cap);
    }
    if (s->plain) return;
    int k = a->ns++;
    a->sq[k] = s;
    acc_insert(a, k, s->lf * (double)wm + s->x, s->cap);
}

/* The most any move covering exactly the squares gathered in A can score: its empty squares
 * take the rack's values (VALUES, descending; N of them, PREFIX[i] the sum of the first I) in
 * the best order, each square no value above its cap. Positive coefficients, largest first,
 * each take the largest value left that the square's cap allows (with caps that only bound a
 * value from above, this greedy pairing is the best one: giving a larger coefficient the larger
 * of two values never loses); the others take the smallest value. The plain squares come last,
 * with the values left. */
static double window_bound(const sk_movegen *g, const window_acc *a, const double *values,
                           const double *prefix, int n)
{
    double best = a->fixed * (double)a->wm + a->cross_fixed;
    double bingo = a->k == g->rack.size ? g->rack.bingo : 0;
    if (!a->ncapped && g->views.monotone) { /* no cap, every coefficient positive */
        for (int i = 0; i < a->ns; i++)
            best += a->coef[i] * values[i];
        return best + (double)a->wm * (prefix[a->k] - prefix[a->ns]) + bingo;
    }
    if (!a->ncapped) { /* no cap: the largest values in order (no plain square) */
        for (int i = 0; i < a->k; i++)
            best += a->coef[i] > 0 ? a->coef[i] * values[i] : a->coef[i] * values[n - 1];
        return best + bingo;
    }
    uint32_t left = (1u << n) - 1; /* values not taken yet */
    for (int i = 0; i < a->ns; i++) {
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
    double rest = 0;
    for (int p = a->k - a->ns; p > 0 && left; p--, left &= left - 1)
        rest += values[__builtin_ctz(left)];
    return best + (double)a->wm * rest + bingo;
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
    sk_mg_set kids = sk_mg_kids(g->lex.wnodes[at]);
    *left_ok = lo > 0 && (kids & v->cross[r][lo - 1] & g->rack.mask);
    *right_ok = (kids & SK_MG_BIT(SK_KWG_SEPARATOR)) && c + 1 < v->cols &&
                (sk_mg_kids(g->lex.wnodes[list]) & v->cross[r][c + 1] & g->rack.mask);
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
 * the walk can cover is kept (sk_mg_keep_window). SIDES: run_sides' memo for the start. *SPLIT
 * is set when a window kept is the word-map search's (g->wm.min_k empty squares or more), *OOM
 * when keeping ran out of memory. */
static double start_bound(sk_movegen *g, const sk_mg_view *v, int r, int c, int through,
                          uint8_t *sides, const double *values, int n, const double *maxleave,
                          int by_score, uint8_t *split, int *oom)
{
    int cols = v->cols, d = v == &g->views.v[1];
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
    /* the squares of the row, read once: the left part's as it grows, and the right part's
     * (those right of C a word may cover: empty, taking a rack tile, at most N) at once */
    square_info sq[SK_MG_N];
    /* PREFIX[i]: the sum of the I largest values; LEAVE[p]: what the leave adds to a window of
     * P tiles placed */
    double prefix[SK_RACK_MAX + 1], leave[SK_RACK_MAX + 1];
    prefix[0] = 0;
    for (int i = 0; i < n; i++)
        prefix[i + 1] = prefix[i] + values[i];
    /* a cross anchor's word is made of the tiles played alone (see word_leave) */
    const double *lv = !through && g->bounds.word_leave_on ? g->bounds.word_leave : maxleave;
    for (int p = 0; p <= n; p++)
        leave[p] = by_score ? 0.0 : lv[n - p];
    int nright = 0;
    for (int hi = c + 1; hi < cols && nright < n; hi++, nright++) {
        if (v->tile[r][hi] || !(v->cross[r][hi] & g->rack.mask)) break;
        sq_read(g, v, r, hi, &sq[hi]);
    }
    /* a word ends at C, or at the last of them, only when no tile follows */
    int end_c = !(c + 1 < cols && v->tile[r][c + 1]);
    int end_last = !(c + nright + 1 < cols && v->tile[r][c + nright + 1]);
    window_acc left;
    acc_init(&left);
    for (int x = base; x <= c; x++) {
        sq_read(g, v, r, x, &sq[x]);
        acc_square(&left, &sq[x]);
    }
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
            sq_read(g, v, r, lo, &sq[lo]);
            acc_square(&left, &sq[lo]);
        }
        if (lo > 0 && v->tile[r][lo - 1]) continue; /* the word would not start here */
        if (lo == base && !right_ok) continue;
        int placed = placed_left + start_empty;
        if (placed > n) break;
        /* the windows [lo, hi]: hi = C on LEFT, then one more square of the right part each on
         * a copy of it */
        window_acc acc;
        const window_acc *w = &left;
        int more = n - placed < nright ? n - placed : nright;
        for (int hi = c; hi <= c + more; hi++) {
            if (hi > c) {
                if (hi == c + 1) acc_copy(&acc, &left);
                w = &acc;
                acc_square(&acc, &sq[hi]);
                placed++;
            }
            if (!(hi == c ? end_c : hi < c + nright || end_last)) continue;
            if (placed == 0) continue;
            if (largest_only && walk_window_follows(g, v, r, hi, w->k, placed, n)) continue;
            double b = window_bound(g, w, values, prefix, n) + leave[placed];
            if (b > best) best = b;
            if (w->k >= g->wm.min_k) *split = 1;
            if (!sk_mg_keep_window(&g->bounds, d, r, lo, hi, b, w->k)) *oom = 1;
        }
        if (placed_left >= n && !through) break;
    }
    return best;
}

/* The empty squares quick_bound gathers (NE of them): of those that are not plain (a letter
 * factor above 1, or a cross word), NS, the letter factors LF and XW the word factor of a
 * square that makes a cross word (else 0); BIG the word factors above 1, descending; the cross
 * words' board tiles. A plain square's coefficient is the word multiplier itself, the least any
 * square has on a board whose factors are all 1 or more. */
typedef struct {
    int lf[SK_MG_N], xw[SK_MG_N], ns, ne;
    int big[SK_MG_N], nbig;
    long long cross_fixed;
} quick_acc;

static inline void quick_square(quick_acc *q, const sk_mg_view *v, int r, int col, int classic)
{
    int wf = v->wf[r][col], lf = v->lf[r][col];
    int cross = classic && v->has_cross[r][col];
    q->ne++;
    if (cross) q->cross_fixed += (long long)v->cross_score[r][col] * wf;
    if (wf > 1) {
        int j = q->nbig++;
        for (; j > 0 && q->big[j - 1] < wf; j--)
            q->big[j] = q->big[j - 1];
        q->big[j] = wf;
    }
    if (lf == 1 && !cross) return; /* plain */
    q->lf[q->ns] = lf;
    q->xw[q->ns] = cross ? wf : 0;
    q->ns++;
}

/* The bound quick_bound (and sk_mg_row_bound) make of the squares Q gathered and the board
 * tiles' face values FIXED among them: the largest word multiplier N empty squares of Q can make,
 * the best N coefficients paired with the rack's values, the board tiles, the cross words, and
 * the bingo when N empty squares are there; by equity, the best over the tiles placed P of those
 * plus the best leave of the N - P kept. It only grows with Q's squares and FIXED, on a board
 * whose factors are all 1 or more and with tile values of 0 or more. */
__attribute__((always_inline)) static inline double
quick_finish(const sk_movegen *g, const quick_acc *q, long long fixed, const double *values, int n,
             const double *maxleave)
{
    /* the largest word multiplier: the N largest word factors */
    long long wm = 1;
    for (int i = 0; i < q->nbig && i < n; i++)
        wm = sk_score_mul(wm, q->big[i]);
    /* the N largest coefficients, descending: those of the squares that are not plain, then
     * the plain squares' WM, below or equal to every other */
    double coef[SK_MG_N];
    int nc = 0;
    for (int i = 0; i < q->ns; i++) {
        double cf = q->lf[i] * ((double)wm + q->xw[i]);
        if (nc == n && cf <= coef[n - 1]) continue;
        int j = nc < n ? nc++ : n - 1;
        for (; j > 0 && coef[j - 1] < cf; j--)
            coef[j] = coef[j - 1];
        coef[j] = cf;
    }
    for (; nc < n && nc < q->ne; nc++)
        coef[nc] = (double)wm;
    double b = (double)fixed * (double)wm + (double)q->cross_fixed;
    if (!maxleave) {
        for (int i = 0; i < nc; i++)
            b += coef[i] * values[i];
        if (q->ne >= g->rack.size && n >= g->rack.size) b += g->rack.bingo;
        return b;
    }
    /* by equity: P tiles placed on the best P coefficients, with the best leave of the N - P
     * kept, for each P */
    double best = -1e300;
    for (int p = 1; p < nc; p++) {
        b += coef[p - 1] * values[p - 1];
        double e = b + maxleave[n - p];
        if (e > best) best = e;
    }
    if (nc > 0) { /* all of them, and the bingo when they are a full rack's worth */
        b += coef[nc - 1] * values[nc - 1];
        double e = b + maxleave[n - nc] +
                   (q->ne >= g->rack.size && nc >= g->rack.size ? g->rack.bingo : 0);
        if (e > best) best = e;
    }
    return best;
}

/* An upper bound on the score of every window start_bound finds for the walk from (R, C)
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
                          uint8_t *sides, const double *values, int n, const double *maxleave)
{
    quick_acc q;
    q.ne = q.ns = q.nbig = 0;
    q.cross_fixed = 0;
    long long fixed = 0;
    if (!through && !(v->cross[r][c] & g->rack.mask)) return -1e300;
    int lo = sk_mg_walk_first(v, r, c, through);
    int left_ok = 1, right_ok = 1;
    if (through && !run_sides(g, v, r, lo, c, sides, &left_ok, &right_ok)) return -1e300;
    if (!left_ok && !right_ok) return -1e300; /* no move places a tile */
    /* the run (or the anchor square), then left and right as far as start_bound goes: each
     * empty square's factors (quick_square) */
    int classic = g->views.classic;
    sk_mg_set mask = g->rack.mask;
    for (int col = lo; col <= c; col++) {
        if (v->tile[r][col])
            fixed += v->blank[r][col] ? g->rack.value[0] : g->rack.value[v->tile[r][col]];
        else
            quick_square(&q, v, r, col, classic);
    }
    if (left_ok) {
        int placed = 0;
        for (int col = lo - 1; col >= 0; col--) {
            if (v->tile[r][col]) {
                if (!through) break;
                fixed += v->blank[r][col] ? g->rack.value[0] : g->rack.value[v->tile[r][col]];
                continue;
            }
            if (!through && v->anchor[r][col]) break;
            if (!(v->cross[r][col] & mask) || ++placed > n) break;
            quick_square(&q, v, r, col, classic);
        }
    }
    /* right of the run: after the left part or at once */
    for (int col = c + 1, placed = 0; col < v->cols; col++) {
        if (v->tile[r][col] || !(v->cross[r][col] & mask) || ++placed > n) break;
        quick_square(&q, v, r, col, classic);
    }
    if (maxleave && !through && g->bounds.word_leave_on) maxleave = g->bounds.word_leave;
    return quick_finish(g, &q, fixed, values, n, maxleave);
}

double sk_mg_row_bound(sk_movegen *g, int d, int r, const double *values, int n,
                       const double *maxleave)
{
    /* Every square quick_bound takes for a start of the row is an empty one that takes a tile
     * of the rack, and every board tile it counts is one of the row's: these squares and tiles
     * hold them all, and quick_finish only grows with them (see quick_finish). */
    const sk_mg_view *v = &g->views.v[d];
    quick_acc q;
    q.ne = q.ns = q.nbig = 0;
    q.cross_fixed = 0;
    long long fixed = 0;
    for (int col = 0; col < v->cols; col++) {
        if (v->tile[r][col])
            fixed += sk_mg_face(v, g->rack.value, r, col);
        else if (v->cross[r][col] & g->rack.mask)
            quick_square(&q, v, r, col, g->views.classic);
    }
    if (q.ne == 0) return -1e300; /* no tile can be placed in the row */
    return quick_finish(g, &q, fixed, values, n, maxleave);
}

void sk_mg_exact_bound(sk_movegen *g, sk_mg_start *st, const double *values, int n,
                       const double *maxleave, int by_score, int *oom)
{
    size_t first = g->bounds.nwindows;
    st->split = 0;
    st->bound = start_bound(g, &g->views.v[st->d], st->row, st->col, st->through, &st->sides,
                            values, n, maxleave, by_score, &st->split, oom);
    st->first = (uint32_t)first;
    st->count = (uint32_t)(g->bounds.nwindows - first);
    st->exact = 1;
    if (st->bound <= -1e299) { /* no window: none kept */
        g->bounds.nwindows = first;
        st->count = 0;
    }
}

double sk_mg_quick_bound(sk_movegen *g, sk_mg_start *st, const double *values, int n,
                         const double *maxleave)
{
    return quick_bound(g, &g->views.v[st->d], st->row, st->col, st->through, &st->sides, values, n,
                       maxleave);
}
