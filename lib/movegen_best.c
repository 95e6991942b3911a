/* movegen_best.c — the best-move search (sk_movegen_best, sk_movegen_top). Every start point
 * gets an upper bound (movegen_shadow.c); the starts are then walked (movegen_walk.c) best bound
 * first, and the search stops when no remaining bound can reach the leader, the N-th best move
 * kept so far (movegen_keep.c). The leader is compared in the full tie order, so the result is
 * exactly the head of the sorted list of all moves.
 * With a word map (movegen_wordmap.c), windows are also evaluated by lookups: every window of
 * a rack with one blank; for a rack without one, the windows that take the whole rack, handed
 * over when their start is taken (split_start). The top of the generator's files: none calls
 * into it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "skrab/error.h"
#include "skrab/leave.h"

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
DEFINE_SIFT_DOWN(sift_down, sk_mg_start)
DEFINE_SIFT_DOWN(sift_window, struct sk_mg_window)

/* Adds those of the COUNT windows W that can lead (by K's leader) to the heap b->wheap of *N;
 * 0 when out of memory. */
static int push_windows(sk_mg_bounds *b, const sk_mg_keeper *k, const struct sk_mg_window *w,
                        size_t count, size_t *n)
{
    if (*n + count > b->cap_wheap) {
        size_t cap = b->cap_wheap ? b->cap_wheap : 1024;
        while (cap < *n + count)
            cap *= 2;
        struct sk_mg_window *h = realloc(b->wheap, cap * sizeof(*h));
        if (!h) return 0;
        b->wheap = h;
        b->cap_wheap = cap;
    }
    struct sk_mg_window *h = b->wheap;
    for (size_t j = 0; j < count; j++) {
        if (sk_mg_below(k, w[j].bound)) continue; /* it could never be taken */
        size_t i = (*n)++;
        for (; i > 0 && h[(i - 1) / 2].bound < w[j].bound; i = (i - 1) / 2)
            h[i] = h[(i - 1) / 2];
        h[i] = w[j];
    }
    return 1;
}

/* Sorts the N doubles of V in descending order (a rack's tile values: a few). */
static void sort_descending(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] < x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* Adds S to the heap STARTS of *N (there is room). */
static void push_start(sk_mg_start *starts, int *n, const sk_mg_start *s)
{
    int i = (*n)++;
    for (; i > 0 && starts[(i - 1) / 2].bound < s->bound; i = (i - 1) / 2)
        starts[i] = starts[(i - 1) / 2];
    starts[i] = *s;
}

/* The start of the walk from (R, C) of view V (direction D), not bounded yet. */
static sk_mg_start start_at(const sk_mg_view *v, int d, int r, int c)
{
    sk_mg_start st = {0};
    st.d = (uint8_t)d;
    st.row = (uint8_t)r;
    st.col = (uint8_t)c;
    st.through = (uint8_t)(v->run_ends[r] >> c & 1);
    return st;
}

/* 1 if no tile of TILES is worth less than 0: a bound then only grows with the squares and
 * tiles it counts (sk_mg_row_bound). */
static int tile_values_nonnegative(const sk_tileset *tiles)
{
    for (int t = 0; t < SK_TILE_KINDS; t++)
        if (tiles->score[t] < 0) return 0;
    return 1;
}

/* Hands the windows of ST with at least g->wm.min_k empty squares to the word-map search's
 * heap (of *NW), leaving ST the others to walk (the walk records no move of a handed window:
 * see sk_mg_load_windows); returns ST's new bound. *OOM is set when the heap could not grow. */
static double split_start(sk_movegen *g, sk_mg_start *st, size_t *nw, int *oom)
{
    double best = -1e300;
    struct sk_mg_window *w = g->bounds.windows + st->first;
    for (uint32_t i = 0; i < st->count; i++) {
        if (w[i].k >= g->wm.min_k) {
            if (!sk_mg_below(&g->keep, w[i].bound) && sk_mg_wm_may_hold(&g->wm, &g->views, &w[i]) &&
                !push_windows(&g->bounds, &g->keep, &w[i], 1, nw))
                *oom = 1;
            w[i].bound = -1e300;
            w[i].k = SK_MG_HANDED;
        }
        if (w[i].bound > best) best = w[i].bound;
    }
    st->split = 0;
    return best;
}

/* The search of sk_movegen_best and sk_movegen_top: every placement that can be among the
 * g->keep.top_n best, walked best bound first, kept by sk_mg_keep. */
static int search(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                  const struct sk_leaves *leaves, int by_score)
{
    int counts[SK_MG_LETTERS_MAX] = {0};
    double values[SK_RACK_MAX] = {0};
    int n = 0;
    uint64_t kinds = 0; /* bit t: the rack holds a tile of kind t */
    for (const char *p = pos->racks[0]; *p; p++) {
        int t = sk_tile_kind((sk_tile)*p);
        if (t >= SK_MG_LETTERS_MAX || n == SK_RACK_MAX) return SK_EINVAL;
        counts[t]++;
        kinds |= (uint64_t)1 << t;
        values[n++] = rules->tiles->score[t];
    }
    sort_descending(values, n);
    long cells = 1;
    for (; kinds; kinds &= kinds - 1)
        cells *= counts[__builtin_ctzll(kinds)] + 1;
    if (!by_score && cells > (long)(sizeof(g->rack.leave_value) / sizeof(g->rack.leave_value[0])))
        return SK_ETOOBIG; /* a rack this large has too many leaves for the table */
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
    /* by equity, the leaves a walk can keep narrow as it takes tiles, most of all when it plays
     * a blank; for a rack without one, the walk's windows bound them closely enough */
    g->bounds.win_scored = !by_score && counts[0] > 0;
    g->bounds.win_n = n;
    memcpy(g->bounds.win_maxleave, maxleave, sizeof(maxleave));
    /* room for every start, and for the rows not yet expanded (by_rows) */
    sk_mg_start *starts = malloc(sizeof(sk_mg_start) * 2 * (SK_BOARD_MAX + 1) * SK_BOARD_MAX);
    if (!starts) return SK_ENOMEM;
    int ns = 0, oom = 0;
    g->bounds.nwindows = 0;
    if (g->views.first_move) sk_mg_first_move(g); /* no bounds: reading the words is cheap enough */
    int use_wm = sk_mg_wm_prepare(&g->wm, &g->rack, g->views.first_move, rules);
    memcpy(g->rack.values, values, sizeof(values));
    g->rack.nvalues = n;
    /* a cross anchor's windows, by the leaves whose tiles played may spell a word alone */
    g->bounds.word_leave_on = use_wm && !by_score && counts[0] == 0;
    if (g->bounds.word_leave_on) sk_mg_wm_word_leaves(&g->wm, &g->rack, g->bounds.word_leave);
    sk_mg_caps_reset(&g->bounds);
    /* Quick bounds first only by score, for a rack with a blank: its best move is often a bingo
     * far above most starts, so most starts are never bounded window by window. Without a blank
     * the leader is seldom that far ahead, and many starts would be bounded twice (quickly, then
     * in full); by equity every quick bound would have to add the best leave of any size, which
     * leaves it too loose to spare a start its windows. See docs/engine.md,
     * "The best moves without all moves". */
    int quick_first = g->views.monotone && (by_score ? counts[0] > 0 : 1);
    /* With two blanks the best move is nearly always a bingo far above most rows: a row is
     * bounded whole first, and its starts only when it reaches the top of the heap. */
    int by_rows = quick_first && counts[0] >= 2 && tile_values_nonnegative(rules->tiles);
    const double *quick_leave = by_score ? NULL : maxleave;
    for (int d = 0; d < 2 && !g->views.first_move; d++) {
        const sk_mg_view *v = &g->views.v[d];
        for (int r = 0; r < v->rows; r++) {
            if (by_rows && v->starts[r]) {
                sk_mg_start row = {0};
                row.d = (uint8_t)d;
                row.row = (uint8_t)r;
                row.whole = 1;
                row.bound = sk_mg_row_bound(g, d, r, values, n, quick_leave);
                if (row.bound > -1e299) starts[ns++] = row;
                continue;
            }
            for (uint32_t m = v->starts[r]; m; m &= m - 1) {
                sk_mg_start st = start_at(v, d, r, __builtin_ctz(m));
                if (quick_first)
                    st.bound = sk_mg_quick_bound(g, &st, values, n, quick_leave);
                else
                    sk_mg_exact_bound(g, &st, values, n, maxleave, by_score, &oom);
                if (st.bound > -1e299) starts[ns++] = st;
            }
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
        if (starts[0].whole) { /* a row: its starts in its place, each with its quick bound */
            sk_mg_start row = starts[0];
            starts[0] = starts[--ns];
            sift_down(starts, (size_t)ns, 0);
            const sk_mg_view *v = &g->views.v[row.d];
            for (uint32_t m = v->starts[row.row]; m; m &= m - 1) {
                sk_mg_start st = start_at(v, row.d, row.row, __builtin_ctz(m));
                st.bound = sk_mg_quick_bound(g, &st, values, n, quick_leave);
                if (st.bound > -1e299) push_start(starts, &ns, &st);
            }
            continue;
        }
        /* the best start: taken, or back into the heap with its bound lowered (one sift) */
        sk_mg_start taken = starts[0];
        const sk_mg_start *st = &taken;
        int back = 0;
        if (!taken.exact) { /* its windows, and their best bound, now that it may lead */
            double quick = taken.bound;
            sk_mg_exact_bound(g, &taken, values, n, maxleave, by_score, &oom);
            if (oom) break;
            back = taken.bound < quick;
        }
        int hand_all = use_wm && g->wm.min_k <= 1;
        if (!back && !hand_all && taken.split) { /* its long windows to the word-map search */
            int oom_split = 0;
            double b = split_start(g, &taken, &nw, &oom_split);
            if (oom_split) {
                free(starts);
                return SK_ENOMEM;
            }
            if (b < taken.bound) {
                taken.bound = b;
                back = 1;
            }
        }
        if (!back || !(taken.bound > -1e299)) { /* taken (or no move starts there) */
            starts[0] = starts[--ns];
        } else {
            starts[0] = taken;
        }
        sift_down(starts, (size_t)ns, 0);
        if (back) continue;
        if (hand_all) {
            if (!push_windows(&g->bounds, &g->keep, g->bounds.windows + st->first, st->count,
                              &nw)) {
                free(starts);
                return SK_ENOMEM;
            }
            continue;
        }
        if (g->bounds.win_scored && !g->rack.leave_bounds) /* the word-map search needs none */
            sk_mg_rack_leave_bounds(&g->rack);
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

/* Appends to OUT the first N moves of ALL (ranked) in the order of the full list. */
static int append_head(sk_move_list *all, size_t n, int by_score, sk_move_list *out)
{
    if (n > all->count) n = all->count;
    sk_move_list_top(all, n, by_score);
    for (size_t i = 0; i < n; i++) {
        sk_gen_move *m = sk_mg_list_push(out);
        if (!m) return SK_ENOMEM;
        *m = all->moves[i];
    }
    return SK_OK;
}

/* The N best moves the slow way, for a rack whose leaves do not fit the search's table (more
 * than about ten tiles): the full list (BAG as sk_movegen_add_non_placements takes it), ranked,
 * its head appended to OUT. */
static int full_list_top(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                         const struct sk_leaves *leaves, int by_score, int bag, size_t n,
                         sk_move_list *out)
{
    sk_move_list all;
    sk_move_list_init(&all);
    int rc = sk_movegen_all(g, rules, pos, &all);
    if (rc == SK_OK) rc = sk_movegen_add_non_placements(rules, pos, bag, &all);
    if (rc == SK_OK) rc = sk_move_list_rank(&all, pos->racks[0], leaves, by_score);
    if (rc == SK_OK) rc = append_head(&all, n, by_score, out);
    sk_move_list_free(&all);
    return rc;
}

/* 0 when no exchange can rank above BAR, a placement ranked by the last search: by score an
 * exchange is worth 0 and comes after a placement of equal score; by equity it is worth the
 * value of the tiles it keeps, a proper part of the rack, so at most the best value of a leave
 * of fewer tiles than the rack's, which the search kept (g->bounds.win_maxleave by size). Equal
 * values are left to the full ranking. */
static int exchanges_may_rank(const sk_movegen *g, const sk_gen_move *bar, int by_score)
{
    if (by_score) return bar->equity <= 0.0f;
    double best = -HUGE_VAL;
    for (int k = 0; k < g->bounds.win_n; k++)
        if (g->bounds.win_maxleave[k] > best) best = g->bounds.win_maxleave[k];
    return !(best < bar->equity);
}

/* The value of the tiles M (an exchange or the pass, of the last search's rack) keeps, from the
 * search's leave table: the index of the tiles it gives back. */
static float kept_value(const sk_movegen *g, const sk_gen_move *m)
{
    int idx = 0;
    for (const char *p = m->word; *p; p++)
        idx += g->rack.radix[sk_tile_kind((sk_tile)*p)];
    return g->rack.leave_value[idx];
}

int sk_movegen_best(sk_movegen *g, const sk_rules *rules, const sk_position *pos,
                    const struct sk_leaves *leaves, int by_score, int exchanges, int bag,
                    sk_gen_move *out)
{
    g->keep.top_n = 1;
    leaves = sk_leaves_for(leaves, rules->tiles);
    int rc = search(g, rules, pos, leaves, by_score);
    if (rc == SK_ETOOBIG) { /* too many leaves for the search: the full list's head */
        sk_move_list one;
        sk_move_list_init(&one);
        int b = exchanges && rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min ? bag
                                                                                              : -1;
        rc = full_list_top(g, rules, pos, leaves, by_score, b, 1, &one);
        if (rc == SK_OK && one.count == 0) rc = SK_EINVAL;
        if (rc == SK_OK) *out = one.moves[0];
        sk_move_list_free(&one);
        return rc;
    }
    if (rc != SK_OK) return rc;
    sk_move_list extra;
    sk_move_list_init(&extra);
    if (!(exchanges && rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min))
        bag = -1; /* no exchanges: only the pass */
    if (g->keep.have_best && (bag < 0 || !exchanges_may_rank(g, &g->keep.best, by_score))) {
        *out = g->keep.best; /* neither an exchange nor the pass can lead */
        return SK_OK;
    }
    if (sk_movegen_add_non_placements(rules, pos, bag, &extra) != SK_OK) {
        sk_move_list_free(&extra);
        return SK_ENOMEM;
    }
    for (size_t i = 0; i < extra.count; i++) {
        sk_gen_move *m = &extra.moves[i];
        if (m->kind == SK_MOVE_PASS && g->keep.have_best)
            continue; /* the pass only when nothing is playable */
        m->equity = by_score ? 0.0f : kept_value(g, m);
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
    leaves = sk_leaves_for(leaves, rules->tiles);
    int rc = search(g, rules, pos, leaves, by_score);
    size_t kept = g->keep.top_n <= 1 ? (size_t)g->keep.have_best : g->keep.ntop;
    const sk_gen_move *from = g->keep.top_n <= 1 ? &g->keep.best : g->keep.top;
    g->keep.top_n = 1;
    if (!(exchanges && rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min))
        bag = -1;         /* no exchanges: only the pass */
    if (rc == SK_ETOOBIG) /* too many leaves for the search: the full list's head */
        return full_list_top(g, rules, pos, leaves, by_score, bag, n, out);
    if (rc != SK_OK) return rc;
    /* N placements, kept best first, that no exchange can pass (the pass never does): done */
    if (kept == n && (bag < 0 || !exchanges_may_rank(g, &from[n - 1], by_score))) {
        for (size_t i = 0; i < kept; i++) {
            sk_gen_move *m = sk_mg_list_push(out);
            if (!m) return SK_ENOMEM;
            *m = from[i];
        }
        return SK_OK;
    }
    /* else the exchanges and the pass compete with the N best placements as in the full list */
    sk_move_list all;
    sk_move_list_init(&all);
    rc = sk_movegen_add_non_placements(rules, pos, bag, &all);
    if (rc == SK_OK) rc = sk_move_list_rank(&all, pos->racks[0], leaves, by_score);
    for (size_t i = 0; rc == SK_OK && i < kept; i++) {
        sk_gen_move *m = sk_mg_list_push(&all);
        if (m)
            *m = from[i];
        else
            rc = SK_ENOMEM;
    }
    if (rc == SK_OK) rc = append_head(&all, n, by_score, out);
    sk_move_list_free(&all);
    return rc;
}
