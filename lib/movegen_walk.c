/* movegen_walk.c — the GADDAG walk (the walk part, sk_mg_walker) and the writing of the moves it
 * finds. The board is seen twice, as is and transposed (movegen_views.c), so one across-only
 * walker finds every move. The walk scores as it goes and writes each move once:
 *  - a move whose word holds tiles already in its row starts at the rightmost tile of the
 *    rightmost such run and walks left through it first (fixed letters prune the GADDAG early;
 *    starting at an empty square beside a long word explores thousands of dead prefixes), and
 *    its right part may not reach another run;
 *  - a move whose word holds no tile of its row (classic: joined only by cross words; or the
 *    first move) starts at its leftmost "cross anchor" and touches no tile of the row.
 * It takes tiles from the rack part and gives them back, and writes moves to the list or, in
 * best mode, to the keeper (movegen_keep.c), skipping what the bounds say cannot lead. It calls
 * no file above it: the callers choose the starts. */
#include <string.h>

#include "internal/movegen.h"
#include "internal/score.h"

/* the bits set in 0 .. 2047: for each two more bits, the counts with neither, the low one, the
 * high one and both */
#define BITS2(n) n, n + 1, n + 1, n + 2
#define BITS4(n) BITS2(n), BITS2(n + 1), BITS2(n + 1), BITS2(n + 2)
#define BITS6(n) BITS4(n), BITS4(n + 1), BITS4(n + 1), BITS4(n + 2)
#define BITS8(n) BITS6(n), BITS6(n + 1), BITS6(n + 1), BITS6(n + 2)
#define BITS10(n) BITS8(n), BITS8(n + 1), BITS8(n + 1), BITS8(n + 2)
const uint8_t sk_mg_bits11[2048] = {BITS10(0), BITS10(1)};

/* The score of the move the walk has laid (its sums so far, as sk_mg_emit takes them). */
static inline long long laid_score(const sk_movegen *g, int main_sum, long long mult,
                                   long long cross_total)
{
    long long total = sk_score_add(sk_score_mul(main_sum, mult), cross_total);
    if (g->walk.nplaced == g->rack.size) total = sk_score_add(total, g->rack.bingo);
    return total;
}

/* 1 when, in best mode with a leader, the move of score TOTAL keeping the leave LEAVE_INDEX
 * cannot lead (see sk_mg_beats). */
static inline int cannot_lead(const sk_movegen *g, long long total, int leave_index)
{
    int sc = sk_score_clamp(total);
    float eq = (float)sc + (g->keep.by_score ? 0.0f : g->rack.leave_value[leave_index]);
    return g->keep.have_best &&
           (eq < g->keep.best.equity || (eq == g->keep.best.equity && sc < g->keep.best.score));
}

void sk_mg_emit(sk_movegen *g, int lo, int hi, int main_sum, long long mult, long long cross_total,
                int leave_index, uint32_t blanks)
{
    int r = g->walk.row;
    long long total = laid_score(g, main_sum, mult, cross_total);
    sk_gen_move cand;
    sk_gen_move *m;
    if (g->keep.best_mode) {
        if (cannot_lead(g, total, leave_index)) return; /* skip building it */
        m = &cand;
    } else {
        m = sk_mg_list_push(g->walk.out);
        if (!m) return;
    }
    m->kind = SK_MOVE_PLACE;
    m->dir = (uint8_t)g->walk.dir;
    m->row = (uint8_t)(g->walk.dir == SK_ACROSS ? r : lo);
    m->col = (uint8_t)(g->walk.dir == SK_ACROSS ? lo : r);
    m->len = (uint8_t)(hi - lo + 1);
    m->nplaced = (uint8_t)g->walk.nplaced;
    int len = hi - lo + 1;
    m->placed = (g->walk.empty_row >> lo) & ((1u << len) - 1);
    if (len <= 16)
        memcpy(m->word, &g->walk.chars[lo], 16); /* a constant size: no call */
    else
        memcpy(m->word, &g->walk.chars[lo], (size_t)len);
    m->word[len] = '\0';
    for (uint32_t b = blanks; b; b &= b - 1)
        m->word[__builtin_ctz(b) - lo] |= (char)SK_TILE_BLANKED;
    m->score = sk_score_clamp(total);
    m->equity = (float)m->score;
    if (g->keep.best_mode) {
        m->equity += g->keep.by_score ? 0.0f : g->rack.leave_value[leave_index];
        if (!g->keep.have_best || sk_mg_beats(m, &g->keep.best)) {
            sk_mg_keep(&g->keep, m);
            g->bounds.win_floor = sk_mg_win_floor(&g->keep);
        }
    }
}

/* The walk takes a rack tile for a letter when it has one and a blank otherwise, so each
 * word is walked once; record() then writes every way of playing it: each set of its placed
 * squares the rack's blanks can stand on (those the rack's own tiles cannot cover among
 * them). Walking the blank and the tile as two branches would find the same words twice. */
typedef struct {
    int n, col[SK_MG_N], letter[SK_MG_N];
} placed_set;

/* Emits the move for each choice of blanks among the placed squares from I on. */
static void blank_choices(sk_movegen *g, const placed_set *ps, int i, int lo, int hi, int main_sum,
                          long long mult, long long cross_total, int blanks_left,
                          int real_used[SK_MG_LETTERS_MAX], uint32_t blanks)
{
    if (i == ps->n) {
        int leave_index = 0;
        for (int k = 0; k < ps->n && g->keep.best_mode; k++)
            leave_index += g->rack.radix[blanks >> ps->col[k] & 1 ? 0 : ps->letter[k]];
        sk_mg_emit(g, lo, hi, main_sum, mult, cross_total, leave_index, blanks);
        return;
    }
    int c = ps->col[i], letter = ps->letter[i];
    if (real_used[letter] < g->rack.initial[letter]) { /* the rack's own tile */
        real_used[letter]++;
        blank_choices(g, ps, i + 1, lo, hi, main_sum, mult, cross_total, blanks_left, real_used,
                      blanks);
        real_used[letter]--;
    }
    if (blanks_left) { /* a blank: the tile's value at this square is lost */
        const sk_mg_view *v = g->walk.view;
        int r = g->walk.row;
        int loss = (g->rack.value[letter] - g->rack.value[0]) * v->lf[r][c];
        long long cross_loss =
            g->views.classic && v->has_cross[r][c] ? (long long)loss * v->wf[r][c] : 0;
        blank_choices(g, ps, i + 1, lo, hi, main_sum - loss, mult, cross_total - cross_loss,
                      blanks_left - 1, real_used, blanks | 1u << c);
    }
}

/* blank_choices for a rack with one blank, without the search: when the walk spent it, it
 * stands on a square of the letter it was spent for (g->walk.blank_letter), the one the rack has
 * too few of; otherwise on no square, or on any. */
static void one_blank(sk_movegen *g, int lo, int hi, int main_sum, long long mult,
                      long long cross_total, uint32_t placed)
{
    const sk_mg_view *v = g->walk.view;
    int r = g->walk.row, forced = 0;
    if (!g->rack.count[0])
        forced = g->walk.blank_letter;
    else
        sk_mg_emit(g, lo, hi, main_sum, mult, cross_total, g->rack.leave_index, 0);
    for (uint32_t e = placed; e; e &= e - 1) {
        int c = __builtin_ctz(e), letter = g->walk.chars[c];
        if (forced && letter != forced) continue;
        int loss = (g->rack.value[letter] - g->rack.value[0]) * v->lf[r][c];
        long long cross_loss =
            g->views.classic && v->has_cross[r][c] ? (long long)loss * v->wf[r][c] : 0;
        int leave_index = forced ? g->rack.leave_index
                                 : g->rack.leave_index - g->rack.radix[letter] + g->rack.radix[0];
        sk_mg_emit(g, lo, hi, main_sum - loss, mult, cross_total - cross_loss, leave_index,
                   1u << c);
    }
}

void sk_mg_record(sk_movegen *g, int lo, int hi, int main_sum, long long mult,
                  long long cross_total)
{
    const sk_mg_view *v = g->walk.view;
    int r = g->walk.row;
    if (g->walk.dir == SK_DOWN && g->walk.nplaced == 1) {
        /* a one-tile play is reported across when it makes an across word */
        for (int c = lo; c <= hi; c++)
            if (!v->tile[r][c] && v->has_cross[r][c]) return;
    }
    if (!g->rack.initial[0]) {
        sk_mg_emit(g, lo, hi, main_sum, mult, cross_total, g->rack.leave_index, 0);
        return;
    }
    if (g->keep.best_mode && g->keep.have_best && g->views.monotone && g->rack.blank_cheapest &&
        (g->keep.by_score || g->rack.leave_bounds)) {
        /* a blank played for a tile scores no more than the tile, and keeps at most
         * leave_swap: when that cannot lead, no way of playing the blanks can */
        long long total = sk_score_add(sk_score_mul(main_sum, mult), cross_total);
        if (g->walk.nplaced == g->rack.size) total = sk_score_add(total, g->rack.bingo);
        int sc = sk_score_clamp(total);
        float eq = (float)sc + (g->keep.by_score ? 0.0f : g->rack.leave_swap[g->rack.leave_index]);
        if (eq < g->keep.best.equity || (eq == g->keep.best.equity && sc < g->keep.best.score))
            return;
    }
    uint32_t placed = g->walk.empty_row & (((1u << (hi - lo + 1)) - 1) << lo);
    if (g->rack.initial[0] == 1) {
        one_blank(g, lo, hi, main_sum, mult, cross_total, placed);
        return;
    }
    placed_set ps;
    ps.n = 0;
    for (uint32_t e = placed; e; e &= e - 1) {
        int c = __builtin_ctz(e);
        ps.col[ps.n] = c;
        ps.letter[ps.n++] = g->walk.chars[c];
    }
    int real_used[SK_MG_LETTERS_MAX] = {0};
    blank_choices(g, &ps, 0, lo, hi, main_sum, mult, cross_total, g->rack.initial[0], real_used, 0);
}

#define GEN_ARGS                                                                                   \
    sk_movegen *g, int c, uint32_t list, sk_mg_set tiles, int main_sum, long long mult,            \
        long long cross_total
static void gen_left_plain(GEN_ARGS);
static void gen_left_blank(GEN_ARGS);
static void gen_right_plain(GEN_ARGS);
static void gen_right_blank(GEN_ARGS);

/* gen for a rack with blanks when BLANKS, else for one without (the walk of a rack without a
 * blank takes no blank, and its mask stays its letters); at a column C right of the start
 * (the right part) when RIGHT, else at the start or left of it. Both are constants: each pair
 * is a function of its own. */
__attribute__((always_inline)) static inline void gen(sk_movegen *g, int c, uint32_t list,
                                                      sk_mg_set tiles, int main_sum, long long mult,
                                                      long long cross_total, int blanks, int right)
{
    if (right && blanks)
        gen_right_blank(g, c, list, tiles, main_sum, mult, cross_total);
    else if (right)
        gen_right_plain(g, c, list, tiles, main_sum, mult, cross_total);
    else if (blanks)
        gen_left_blank(g, c, list, tiles, main_sum, mult, cross_total);
    else
        gen_left_plain(g, c, list, tiles, main_sum, mult, cross_total);
}

/* 1 if the best-move search gave the window [LO, HI] to the word-map search: the walk skips
 * its moves. */
static inline int handed(const sk_movegen *g, int lo, int hi)
{
    return g->bounds.win_on && (g->bounds.win_skip[lo] >> hi & 1);
}

/* 1 when the word the walk has laid, by a rack without a blank in best mode, cannot lead: the
 * test sk_mg_emit would make, before the calls to it (the walk finds many words that cannot). */
static inline int quick_reject(const sk_movegen *g, int main_sum, long long mult,
                               long long cross_total, int blanks)
{
    return g->keep.best_mode && !blanks &&
           cannot_lead(g, laid_score(g, main_sum, mult, cross_total), g->rack.leave_index);
}

/* After a tile at column C (WNODE its GADDAG node, as sk_mg_node reads it): record, then go on
 * left or right. Inline in gen: a call for every tile laid cost more than the code it takes.
 * The squares past the row's ends hold no tile and take no letter (sk_mg_square), so the tests
 * of the neighbours need no test of the edge. */
__attribute__((always_inline)) static inline void go_on(sk_movegen *g, int c, uint64_t wnode,
                                                        int main_sum, long long mult,
                                                        long long cross_total, int blanks,
                                                        int right)
{
    const sk_mg_square *s = &g->walk.sq[c + 1];
    uint32_t node = (uint32_t)wnode;
    sk_mg_set kids = sk_mg_kids(wnode); /* its child list's tiles */
    uint32_t next = sk_kwg_arc(node);
    sk_mg_set avail = g->rack.left ? g->rack.mask : 0; /* what the rack can place next */
    int anchor = g->walk.anchor;
    if (!right) { /* C <= ANCHOR */
        int left_open = !s[-1].tile;
        if (sk_kwg_accepts(node) && left_open && g->walk.anchor_right_open && g->walk.nplaced > 0 &&
            !handed(g, c, anchor) && !quick_reject(g, main_sum, mult, cross_total, blanks))
            sk_mg_record(g, c, anchor, main_sum, mult, cross_total);
        if (!next) return;
        /* from a run: on through anything; from a cross anchor: only empty non-anchor squares */
        if ((g->walk.through || (!s[-1].tile && !s[-1].anchor)) &&
            (kids & (s[-1].tile ? SK_MG_BIT(s[-1].tile) : s[-1].cross & avail)) &&
            !sk_mg_hopeless_left(&g->bounds, &g->rack, c - 1))
            gen(g, c - 1, next, kids, main_sum, mult, cross_total, blanks, 0);
        if ((kids & SK_MG_BIT(SK_KWG_SEPARATOR)) && left_open && g->walk.sep_open &&
            !sk_mg_hopeless_right(&g->bounds, &g->rack, c, anchor + 1)) {
            /* the separator sorts first */
            uint64_t sep = sk_mg_node(g->lex.wnodes, g->lex.nodes, next);
            uint32_t first = (uint32_t)sep;
            if (sk_kwg_tile(first) == SK_KWG_SEPARATOR && sk_kwg_arc(first) &&
                (sk_mg_kids(sep) & g->walk.sq[anchor + 2].cross & avail)) {
                int saved = g->walk.leftmost;
                g->walk.leftmost = c;
                gen(g, anchor + 1, sk_kwg_arc(first), sk_mg_kids(sep), main_sum, mult, cross_total,
                    blanks, 1);
                g->walk.leftmost = saved;
            }
        }
        return;
    }
    /* the right part places tiles only: reaching a tile would join another run */
    int right_open = !s[1].tile;
    if (sk_kwg_accepts(node) && right_open && !handed(g, g->walk.leftmost, c) &&
        !quick_reject(g, main_sum, mult, cross_total, blanks))
        sk_mg_record(g, g->walk.leftmost, c, main_sum, mult, cross_total);
    if (next && (kids & s[1].cross & avail) &&
        !sk_mg_hopeless_right(&g->bounds, &g->rack, g->walk.leftmost, c + 1))
        gen(g, c + 1, next, kids, main_sum, mult, cross_total, blanks, 1);
}

/* Adds WNODE, a child gen may lay, to KIDS (NKIDS of them; the new count is returned) unless
 * it is a dead end: it ends no word, and its list holds no tile of NEED (what the walk may meet
 * at the next square). Its list is fetched at once. */
static inline int take_child(const uint64_t *wn, const uint32_t *nodes, uint64_t wnode,
                             sk_mg_set need, uint64_t *kids, int nkids)
{
    uint32_t node = (uint32_t)wnode;
    if (!sk_kwg_accepts(node) && !(sk_mg_kids(wnode) & need)) return nkids;
    __builtin_prefetch(wn ? (const void *)&wn[sk_kwg_arc(node)]
                          : (const void *)&nodes[sk_kwg_arc(node)]);
    kids[nkids] = wnode;
    return nkids + 1;
}

/* Lays at column C a tile of the list LIST, whose tiles are TILES (sk_mg_kids: exact, or all
 * bits when the list must be scanned), and goes on (go_on); for a rack with blanks when BLANKS
 * (a constant: see gen). */
__attribute__((always_inline)) static inline void gen_body(sk_movegen *g, int c, uint32_t list,
                                                           sk_mg_set tiles, int main_sum,
                                                           long long mult, long long cross_total,
                                                           const int blanks, const int right)
{
    const sk_mg_square *s = &g->walk.sq[c + 1];
    const uint64_t *wn = g->lex.wnodes;
    const uint32_t *nodes = g->lex.nodes;
    uint8_t t = s->tile;
    int exact = sk_mg_exact(tiles);
    if (t) {
        uint32_t i = sk_mg_lookup(wn, nodes, list, tiles, t);
        if (i)
            go_on(g, c, sk_mg_node(wn, nodes, i), main_sum + g->rack.value[s->blank ? 0 : t], mult,
                  cross_total, blanks, right);
        return;
    }
    if (!g->rack.left) return;
    sk_mg_set allowed = s->cross & g->rack.mask & tiles;
    if (!allowed) return;
    int lf = s->lf, wf = s->wf, cross = s->cross_word;
    int cross_base = s->cross_score;
    /* fetch the child lists of every playable letter before descending into the first: the
     * walk is bound by memory latency, and these loads can overlap */
    uint64_t kids[SK_MG_LETTERS_MAX];
    int nkids = 0;
    /* what a child's list must hold for the walk to go on from it (see go_on): at the next
     * square left, a board tile's letter or a tile the rack may still have, or the separator
     * for the right part; in the right part, a tile for the square after */
    sk_mg_set after = g->rack.left > 1 ? g->rack.mask : 0, need = 0;
    if (!right) { /* C <= ANCHOR */
        uint8_t left = s[-1].tile;
        if (left && g->walk.through)
            need = SK_MG_BIT(left);
        else if (!left && (g->walk.through || !s[-1].anchor))
            need = s[-1].cross & after;
        if (!left && g->walk.sep_open) need |= SK_MG_BIT(SK_KWG_SEPARATOR);
    } else {
        need = s[1].cross & after;
    }
    if (exact) { /* only the children the square and the rack allow: no scan */
        for (sk_mg_set m = allowed; m; m &= m - 1)
            nkids =
                take_child(wn, nodes, wn[sk_mg_child(list, tiles, (unsigned)__builtin_ctzll(m))],
                           need, kids, nkids);
    } else {
        unsigned last = 63u - (unsigned)__builtin_clzll(allowed); /* siblings are sorted */
        for (uint32_t i = list;; i++) {
            uint64_t wnode = sk_mg_node(wn, nodes, i);
            uint32_t node = (uint32_t)wnode;
            unsigned letter = sk_kwg_tile(node);
            if (letter > last) break;
            if (allowed >> letter & 1) nkids = take_child(wn, nodes, wnode, need, kids, nkids);
            if (sk_kwg_is_end(node)) break;
        }
    }
    for (int k = 0; k < nkids; k++) {
        uint64_t wnode = kids[k];
        unsigned letter = sk_kwg_tile((uint32_t)wnode);
        /* the rack's own tile first, else a blank */
        int kind = !blanks || g->rack.count[letter] ? (int)letter : 0;
        if (blanks && !kind) g->walk.blank_letter = (int)letter;
        sk_mg_set mask = g->rack.mask, letters = g->rack.letters;
        g->walk.nplaced++;
        g->rack.left--;
        g->rack.leave_index += g->rack.radix[kind];
        if (--g->rack.count[kind] == 0) {
            if (kind) g->rack.letters &= ~SK_MG_BIT(kind);
            if (!blanks || !g->rack.count[0]) g->rack.mask = g->rack.letters;
        }
        g->walk.chars[c] = (char)letter;
        int val = g->rack.value[letter] * lf; /* as the tile: record() plays blanks */
        go_on(g, c, wnode, main_sum + val, sk_score_mul(mult, wf),
              cross ? sk_score_add(cross_total, (long long)(cross_base + val) * wf) : cross_total,
              blanks, right);
        g->rack.count[kind]++;
        g->rack.mask = mask;
        g->rack.letters = letters;
        g->rack.leave_index -= g->rack.radix[kind];
        g->walk.nplaced--;
        g->rack.left++;
    }
}

static void gen_left_plain(GEN_ARGS)
{
    gen_body(g, c, list, tiles, main_sum, mult, cross_total, 0, 0);
}

static void gen_left_blank(GEN_ARGS)
{
    gen_body(g, c, list, tiles, main_sum, mult, cross_total, 1, 0);
}

static void gen_right_plain(GEN_ARGS)
{
    gen_body(g, c, list, tiles, main_sum, mult, cross_total, 0, 1);
}

static void gen_right_blank(GEN_ARGS)
{
    gen_body(g, c, list, tiles, main_sum, mult, cross_total, 1, 1);
}

void sk_mg_walk_row(sk_movegen *g, int d, int row)
{
    const sk_mg_view *v = &g->views.v[d];
    g->walk.view = v;
    g->walk.dir = d ? SK_DOWN : SK_ACROSS;
    g->walk.row = row;
    /* the word-map search comes back to a row window after window; the walk and the lookups
     * write only the empty squares' letters, and always before they read them */
    if (g->walk.row_loaded && g->walk.row_d == d && g->walk.row_at == row) return;
    g->walk.row_loaded = 1;
    g->walk.row_d = d;
    g->walk.row_at = row;
    g->walk.empty_row = 0;
    const uint8_t *tile = v->tile[row], *blank = v->blank[row], *anchor = v->anchor[row];
    const uint8_t *has_cross = v->has_cross[row];
    const int8_t *lf = v->lf[row], *wf = v->wf[row];
    const int16_t *cross_score = v->cross_score[row];
    const sk_mg_set *cross = v->cross[row];
    uint8_t classic = g->views.classic != 0;
    sk_mg_square *sq = g->walk.sq;
    sq[0] = (sk_mg_square){0};
    sq[v->cols + 1] = (sk_mg_square){0};
    for (int c = 0; c < v->cols; c++) {
        uint8_t t = tile[c];
        if (t)
            g->walk.chars[c] = (char)(t | (blank[c] ? SK_TILE_BLANKED : 0));
        else
            g->walk.empty_row |= 1u << c;
        sk_mg_square *q = &sq[c + 1];
        q->cross = cross[c] & -(sk_mg_set)(t == 0);
        q->cross_score = cross_score[c];
        q->tile = t;
        q->blank = blank[c];
        q->anchor = anchor[c];
        q->cross_word = (uint8_t)((has_cross[c] != 0) & classic);
        q->lf = lf[c];
        q->wf = wf[c];
    }
}

/* Points the walk at the start (ROW, COL) of view D (see sk_mg_walk). */
static void walk_start(sk_movegen *g, int d, int row, int col, int through)
{
    sk_mg_walk_row(g, d, row);
    g->walk.through = through;
    g->walk.anchor = col;
    g->walk.anchor_right_open = col + 1 == g->walk.view->cols || !g->walk.view->tile[row][col + 1];
    g->walk.sep_open = g->walk.anchor_right_open && col + 1 < g->walk.view->cols;
    g->walk.leftmost = col;
    g->walk.nplaced = 0;
    g->bounds.win_floor = sk_mg_win_floor(&g->keep);
}

void sk_mg_walk(sk_movegen *g, int d, int row, int col, int through)
{
    walk_start(g, d, row, col, through);
    /* node 1 leads to the GADDAG's root list: its entry holds that list's tiles */
    gen(g, col, g->lex.gaddag, sk_mg_kids(sk_mg_node(g->lex.wnodes, g->lex.nodes, 1)), 0, 1, 0,
        g->rack.initial[0] != 0, 0);
}

void sk_mg_walk_run(sk_movegen *g, int d, int row, int lo, int col, uint32_t node)
{
    walk_start(g, d, row, col, 1);
    int sum = 0;
    for (int c = lo; c <= col; c++)
        sum += sk_mg_face(g->walk.view, g->rack.value, row, c);
    /* where gen would be after reading the run */
    if (g->rack.initial[0])
        go_on(g, lo, sk_mg_node(g->lex.wnodes, g->lex.nodes, node), sum, 1, 0, 1, 0);
    else
        go_on(g, lo, sk_mg_node(g->lex.wnodes, g->lex.nodes, node), sum, 1, 0, 0, 0);
}
