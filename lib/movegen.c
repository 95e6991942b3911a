/* movegen.c — GADDAG move generation (see movegen.h). The board is seen twice, as is and
 * transposed, so one across-only walker finds every move; cross sets, cross scores and anchors
 * are computed per view before the walk. The walk scores as it goes and writes each move once:
 *  - a move whose word holds tiles already in its row starts at the rightmost tile of the
 *    rightmost such run and walks left through it first (fixed letters prune the GADDAG early;
 *    starting at an empty square beside a long word explores thousands of dead prefixes), and
 *    its right part may not reach another run;
 *  - a move whose word holds no tile of its row (classic: joined only by cross words; or the
 *    first move) starts at its leftmost "cross anchor" and touches no tile of the row. */
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "internal/movegen.h"
#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/leave.h"

int sk_movegen_new(sk_movegen **out)
{
    *out = calloc(1, sizeof(**out));
    if (!*out) return SK_ENOMEM;
    (*out)->lex.table_after = SK_MOVEGEN_TABLE_AFTER;
    return SK_OK;
}

void sk_movegen_forget(sk_movegen *gen)
{
    gen->views.cache_valid = 0;
}

void sk_movegen_use_wordmap(sk_movegen *gen, const sk_wordmap *wm)
{
    gen->wm = wm;
}

void sk_movegen_set_table_after(sk_movegen *gen, unsigned long after)
{
    gen->lex.table_after = after;
}

void sk_movegen_free(sk_movegen *gen)
{
    if (gen) {
        sk_mg_keep_free(&gen->keep, &gen->bounds);
    }
    free(gen);
}

/* ---- the walk --------------------------------------------------------------------------- */

/* Writes the move covering [LO, HI] of the walk's row (the letters of g->chars, those at the
 * columns of BLANKS played by blanks), scoring MAIN_SUM * MULT + CROSS_TOTAL, keeping the
 * tiles of LEAVE_INDEX: to the list, or in best mode over the leader when it beats it. */
static void emit(sk_movegen *g, int lo, int hi, int main_sum, long long mult, long long cross_total,
                 int leave_index, uint32_t blanks)
{
    int r = g->row;
    long long total = sk_score_add(sk_score_mul(main_sum, mult), cross_total);
    if (g->nplaced == g->rack.size) total = sk_score_add(total, g->rack.bingo);
    sk_gen_move cand;
    sk_gen_move *m;
    if (g->keep.best_mode) {
        int sc = sk_score_clamp(total);
        float eq = (float)sc + (g->keep.by_score ? 0.0f : g->rack.leave_value[leave_index]);
        if (g->keep.have_best &&
            (eq < g->keep.best.equity || (eq == g->keep.best.equity && sc < g->keep.best.score)))
            return; /* cannot lead: skip building it */
        m = &cand;
    } else {
        m = sk_mg_list_push(g->out);
        if (!m) return;
    }
    m->kind = SK_MOVE_PLACE;
    m->dir = (uint8_t)g->dir;
    m->row = (uint8_t)(g->dir == SK_ACROSS ? r : lo);
    m->col = (uint8_t)(g->dir == SK_ACROSS ? lo : r);
    m->len = (uint8_t)(hi - lo + 1);
    m->nplaced = (uint8_t)g->nplaced;
    int len = hi - lo + 1;
    m->placed = (g->empty_row >> lo) & ((1u << len) - 1);
    if (len <= 16)
        memcpy(m->word, &g->chars[lo], 16); /* a constant size: no call */
    else
        memcpy(m->word, &g->chars[lo], (size_t)len);
    m->word[len] = '\0';
    for (uint32_t b = blanks; b; b &= b - 1)
        m->word[__builtin_ctz(b) - lo] += 'a' - 'A';
    m->score = sk_score_clamp(total);
    m->equity = (float)m->score;
    if (g->keep.best_mode) {
        m->equity += g->keep.by_score ? 0.0f : g->rack.leave_value[leave_index];
        if (!g->keep.have_best || sk_mg_beats(m, &g->keep.best)) sk_mg_keep(&g->keep, m);
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
                          int real_used[SK_TILE_KINDS], uint32_t blanks)
{
    if (i == ps->n) {
        int leave_index = 0;
        for (int k = 0; k < ps->n && g->keep.best_mode; k++)
            leave_index += g->rack.radix[blanks >> ps->col[k] & 1 ? 0 : ps->letter[k]];
        emit(g, lo, hi, main_sum, mult, cross_total, leave_index, blanks);
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
        const sk_mg_view *v = g->g;
        int r = g->row;
        int loss = (g->rack.value[letter] - g->rack.value[0]) * v->lf[r][c];
        long long cross_loss =
            g->views.classic && v->has_cross[r][c] ? (long long)loss * v->wf[r][c] : 0;
        blank_choices(g, ps, i + 1, lo, hi, main_sum - loss, mult, cross_total - cross_loss,
                      blanks_left - 1, real_used, blanks | 1u << c);
    }
}

/* blank_choices for a rack with one blank, without the search: when the walk spent it, it
 * stands on a square of the letter it was spent for (g->blank_letter), the one the rack has
 * too few of; otherwise on no square, or on any. */
static void one_blank(sk_movegen *g, int lo, int hi, int main_sum, long long mult,
                      long long cross_total, uint32_t placed)
{
    const sk_mg_view *v = g->g;
    int r = g->row, forced = 0;
    if (!g->rack.count[0])
        forced = g->blank_letter;
    else
        emit(g, lo, hi, main_sum, mult, cross_total, g->rack.leave_index, 0);
    for (uint32_t e = placed; e; e &= e - 1) {
        int c = __builtin_ctz(e), letter = g->chars[c] - 'A' + 1;
        if (forced && letter != forced) continue;
        int loss = (g->rack.value[letter] - g->rack.value[0]) * v->lf[r][c];
        long long cross_loss =
            g->views.classic && v->has_cross[r][c] ? (long long)loss * v->wf[r][c] : 0;
        int leave_index = forced ? g->rack.leave_index
                                 : g->rack.leave_index - g->rack.radix[letter] + g->rack.radix[0];
        emit(g, lo, hi, main_sum - loss, mult, cross_total - cross_loss, leave_index, 1u << c);
    }
}

void sk_mg_record(sk_movegen *g, int lo, int hi, int main_sum, long long mult,
                  long long cross_total)
{
    const sk_mg_view *v = g->g;
    int r = g->row;
    if (g->dir == SK_DOWN && g->nplaced == 1) {
        /* a one-tile play is reported across when it makes an across word */
        for (int c = lo; c <= hi; c++)
            if (!v->tile[r][c] && v->has_cross[r][c]) return;
    }
    if (!g->rack.initial[0]) {
        emit(g, lo, hi, main_sum, mult, cross_total, g->rack.leave_index, 0);
        return;
    }
    uint32_t placed = g->empty_row & (((1u << (hi - lo + 1)) - 1) << lo);
    if (g->rack.initial[0] == 1) {
        one_blank(g, lo, hi, main_sum, mult, cross_total, placed);
        return;
    }
    placed_set ps;
    ps.n = 0;
    for (uint32_t e = placed; e; e &= e - 1) {
        int c = __builtin_ctz(e);
        ps.col[ps.n] = c;
        ps.letter[ps.n++] = g->chars[c] - 'A' + 1;
    }
    int real_used[SK_TILE_KINDS] = {0};
    blank_choices(g, &ps, 0, lo, hi, main_sum, mult, cross_total, g->rack.initial[0], real_used, 0);
}

static void gen(sk_movegen *g, int c, uint32_t list, int main_sum, long long mult,
                long long cross_total);

/* 1 if the best-move search gave the window [LO, HI] to the word-map search: the walk skips
 * its moves. */
static inline int handed(const sk_movegen *g, int lo, int hi)
{
    return g->bounds.win_on && (g->bounds.win_skip[lo] >> hi & 1);
}

/* After tile T at column C (NODE its GADDAG node): record, then go on left or right. */
static void go_on(sk_movegen *g, int c, uint32_t node_index, int main_sum, long long mult,
                  long long cross_total)
{
    const sk_mg_view *v = g->g;
    const uint64_t *wn = g->lex.wnodes;
    const uint32_t *nodes = g->lex.nodes;
    int r = g->row;
    uint64_t wnode = sk_mg_node(wn, nodes, node_index);
    uint32_t node = (uint32_t)wnode, kids = (uint32_t)(wnode >> 32); /* its child list's tiles */
    uint32_t next = sk_kwg_arc(node);
    uint32_t avail = g->rack.left ? g->rack.mask : 0; /* what the rack can place next */
    if (c <= g->anchor) {
        int left_open = c == 0 || !v->tile[r][c - 1];
        int right_open = g->anchor_right_open;
        if (sk_kwg_accepts(node) && left_open && right_open && g->nplaced > 0 &&
            !handed(g, c, g->anchor))
            sk_mg_record(g, c, g->anchor, main_sum, mult, cross_total);
        if (!next) return;
        /* from a run: on through anything; from a cross anchor: only empty non-anchor squares */
        if (c > 0 && (g->through || (!v->tile[r][c - 1] && !v->anchor[r][c - 1])) &&
            (kids & (v->tile[r][c - 1] ? 1u << v->tile[r][c - 1] : v->cross[r][c - 1] & avail)) &&
            !sk_mg_hopeless_left(&g->bounds, &g->keep, c - 1))
            gen(g, c - 1, next, main_sum, mult, cross_total);
        if ((kids & 1u << SK_KWG_SEPARATOR) && left_open && right_open && g->anchor + 1 < v->cols &&
            !sk_mg_hopeless_right(&g->bounds, &g->keep, c, g->anchor + 1)) {
            uint64_t sep = sk_mg_node(wn, nodes, next); /* the separator sorts first */
            uint32_t first = (uint32_t)sep;
            if (sk_kwg_tile(first) == SK_KWG_SEPARATOR && sk_kwg_arc(first) &&
                ((uint32_t)(sep >> 32) & v->cross[r][g->anchor + 1] & avail)) {
                int saved = g->leftmost;
                g->leftmost = c;
                gen(g, g->anchor + 1, sk_kwg_arc(first), main_sum, mult, cross_total);
                g->leftmost = saved;
            }
        }
        return;
    }
    /* the right part places tiles only: reaching a tile would join another run */
    int right_open = c + 1 == v->cols || !v->tile[r][c + 1];
    if (sk_kwg_accepts(node) && right_open && !handed(g, g->leftmost, c))
        sk_mg_record(g, g->leftmost, c, main_sum, mult, cross_total);
    if (next && c + 1 < v->cols && right_open && (kids & v->cross[r][c + 1] & avail) &&
        !sk_mg_hopeless_right(&g->bounds, &g->keep, g->leftmost, c + 1))
        gen(g, c + 1, next, main_sum, mult, cross_total);
}

static void gen(sk_movegen *g, int c, uint32_t list, int main_sum, long long mult,
                long long cross_total)
{
    const sk_mg_view *v = g->g;
    const uint64_t *wn = g->lex.wnodes;
    const uint32_t *nodes = g->lex.nodes;
    int r = g->row;
    uint8_t t = v->tile[r][c];
    if (t) {
        uint32_t i = sk_mg_find(wn, nodes, list, t);
        if (i) go_on(g, c, i, main_sum + sk_mg_face(v, g->rack.value, r, c), mult, cross_total);
        return;
    }
    if (!g->rack.left) return;
    uint32_t allowed = v->cross[r][c] & g->rack.mask;
    if (!allowed) return;
    int lf = v->lf[r][c], wf = v->wf[r][c], cross = v->has_cross[r][c] && g->views.classic;
    int cross_base = v->cross_score[r][c];
    unsigned last = 31u - (unsigned)__builtin_clz(allowed); /* siblings are sorted */
    /* fetch the child lists of every playable letter before descending into the first: the
     * walk is bound by memory latency, and these loads can overlap */
    uint32_t kids[32];
    int nkids = 0;
    /* what a child's list must hold for the walk to go on from it (see go_on): at the next
     * square left, a board tile's letter or a tile the rack may still have, or the separator
     * for the right part; in the right part, a tile for the square after */
    uint32_t after = g->rack.left > 1 ? g->rack.mask : 0, need = 0;
    if (c <= g->anchor) {
        uint8_t left = c > 0 ? v->tile[r][c - 1] : 0;
        if (left && g->through)
            need = 1u << left;
        else if (c > 0 && !left && (g->through || !v->anchor[r][c - 1]))
            need = v->cross[r][c - 1] & after;
        if (!left && g->anchor_right_open && g->anchor + 1 < v->cols)
            need |= 1u << SK_KWG_SEPARATOR;
    } else if (c + 1 < v->cols && !v->tile[r][c + 1]) {
        need = v->cross[r][c + 1] & after;
    }
    for (uint32_t i = list;; i++) {
        uint64_t wnode = sk_mg_node(wn, nodes, i);
        uint32_t node = (uint32_t)wnode;
        unsigned letter = sk_kwg_tile(node);
        if (letter > last) break;
        /* a child that ends no word and cannot go on is a dead end */
        if ((allowed >> letter & 1) && (sk_kwg_accepts(node) || ((uint32_t)(wnode >> 32) & need))) {
            __builtin_prefetch(wn ? (const void *)&wn[sk_kwg_arc(node)]
                                  : (const void *)&nodes[sk_kwg_arc(node)]);
            kids[nkids++] = i;
        }
        if (sk_kwg_is_end(node)) break;
    }
    for (int k = 0; k < nkids; k++) {
        uint32_t i = kids[k];
        unsigned letter = sk_kwg_tile((uint32_t)sk_mg_node(wn, nodes, i));
        int kind =
            g->rack.count[letter] ? (int)letter : 0; /* the rack's own tile first, else a blank */
        if (!kind) g->blank_letter = (int)letter;
        uint32_t mask = g->rack.mask, letters = g->rack.letters;
        g->nplaced++;
        g->rack.left--;
        g->rack.leave_index += g->rack.radix[kind];
        if (--g->rack.count[kind] == 0) {
            if (kind) g->rack.letters &= ~(1u << kind);
            if (!g->rack.count[0]) g->rack.mask = g->rack.letters;
        }
        g->chars[c] = (char)('A' - 1 + letter);
        int val = g->rack.value[letter] * lf; /* as the tile: record() plays blanks */
        go_on(g, c, i, main_sum + val, sk_score_mul(mult, wf),
              cross ? sk_score_add(cross_total, (long long)(cross_base + val) * wf) : cross_total);
        g->rack.count[kind]++;
        g->rack.mask = mask;
        g->rack.letters = letters;
        g->rack.leave_index -= g->rack.radix[kind];
        g->nplaced--;
        g->rack.left++;
    }
}

void sk_mg_walk_row(sk_movegen *g, int d, int row)
{
    const sk_mg_view *v = &g->views.v[d];
    g->g = v;
    g->dir = d ? SK_DOWN : SK_ACROSS;
    g->row = row;
    /* the word-map search comes back to a row window after window; the walk and the lookups
     * write only the empty squares' letters, and always before they read them */
    if (g->row_loaded && g->row_d == d && g->row_at == row) return;
    g->row_loaded = 1;
    g->row_d = d;
    g->row_at = row;
    g->empty_row = 0;
    for (int c = 0; c < v->cols; c++) {
        if (v->tile[row][c])
            g->chars[c] = (char)((v->blank[row][c] ? 'a' : 'A') - 1 + v->tile[row][c]);
        else
            g->empty_row |= 1u << c;
    }
}

/* The first move's word of LEN tiles worth VAL laid from LO on row R of V: its main sum into
 * *MAIN_SUM and word multiplier into *MULT; 0 when it covers a blocked square. */
static int lay_score(const sk_mg_view *v, int r, int lo, int len, const int *val, int *main_sum,
                     long long *mult)
{
    *main_sum = 0;
    *mult = 1;
    for (int i = 0; i < len; i++) {
        int c = lo + i;
        if (!v->cross[r][c]) return 0;
        *main_sum += val[i] * v->lf[r][c];
        *mult = sk_score_mul(*mult, v->wf[r][c]);
    }
    return 1;
}

/* The tile values of the first move's word of LEN tiles (g->word, g->word_blank) into VAL. */
static void word_values(const sk_movegen *g, int len, int *val)
{
    for (int i = 0; i < len; i++)
        val[i] = g->rack.value[g->word_blank[i] ? 0 : g->word[i]];
}

/* lay_first listing every move when the start square's column reads as its row
 * (g->first_mirror: the same squares, factors and blocks): each across move is written with
 * its down mirror, scored once. */
static void lay_first_mirrored(sk_movegen *g, int len)
{
    const sk_mg_view *v = &g->views.v[0];
    int r = g->views.start_row, centre = g->views.start_col;
    int lo_min = centre - len + 1 < 0 ? 0 : centre - len + 1;
    int lo_max = v->cols - len < centre ? v->cols - len : centre;
    char word[sizeof(((sk_gen_move *)0)->word)] = {0};
    int val[SK_MG_N];
    word_values(g, len, val);
    for (int i = 0; i < len; i++)
        word[i] = (char)((g->word_blank[i] ? 'a' : 'A') - 1 + g->word[i]);
    uint32_t placed = len < 32 ? (1u << len) - 1 : ~0u;
    for (int lo = lo_min; lo <= lo_max; lo++) {
        int main_sum;
        long long mult;
        if (!lay_score(v, r, lo, len, val, &main_sum, &mult)) continue;
        long long total = sk_score_mul(main_sum, mult);
        if (len == g->rack.size) total = sk_score_add(total, g->rack.bingo);
        int score = sk_score_clamp(total);
        sk_gen_move *m = sk_mg_list_push(g->out);
        if (!m || !sk_mg_list_push(g->out)) return;
        m = &g->out->moves[g->out->count - 2]; /* the list may have moved */
        /* each field written in place: a move built aside and copied whole stalls on its
         * just-written bytes */
        for (int k = 0; k < 2; k++, m++) {
            m->score = score;
            m->equity = (float)score;
            m->kind = SK_MOVE_PLACE;
            m->dir = (uint8_t)(k ? SK_DOWN : SK_ACROSS);
            m->row = (uint8_t)(k ? lo : r);
            m->col = (uint8_t)(k ? r : lo);
            m->len = m->nplaced = (uint8_t)len;
            m->placed = placed;
            memcpy(m->word, word, sizeof(word));
        }
    }
}

/* Records the word of g->word (LEN letters) at every offset of both views that covers the
 * start square and no blocked square. */
static void lay_first(sk_movegen *g, int len)
{
    if (g->first_mirror && !g->keep.best_mode) {
        lay_first_mirrored(g, len);
        return;
    }
    int val[SK_MG_N];
    word_values(g, len, val);
    for (int d = 0; d < 2; d++) {
        const sk_mg_view *v = &g->views.v[d];
        int r = d ? g->views.start_col : g->views.start_row,
            centre = d ? g->views.start_row : g->views.start_col;
        int lo_min = centre - len + 1 < 0 ? 0 : centre - len + 1;
        int lo_max = v->cols - len < centre ? v->cols - len : centre;
        if (lo_min > lo_max) continue;
        g->g = v; /* sk_mg_walk_row for an empty board */
        g->row_loaded = 0;
        g->dir = d ? SK_DOWN : SK_ACROSS;
        g->row = r;
        g->empty_row = v->cols < 32 ? (1u << v->cols) - 1 : ~0u;
        for (int lo = lo_min; lo <= lo_max; lo++) {
            int main_sum;
            long long mult;
            if (!lay_score(v, r, lo, len, val, &main_sum, &mult)) continue;
            for (int i = 0; i < len; i++)
                g->chars[lo + i] = (char)((g->word_blank[i] ? 'a' : 'A') - 1 + g->word[i]);
            emit(g, lo, lo + len - 1, main_sum, mult, 0, g->rack.leave_index, 0);
        }
    }
}

/* 1 if row START_ROW of view 0 and row START_COL of view 1 hold the same squares: an empty
 * board's first move then plays the same down as across. */
static int first_mirrored(const sk_movegen *g)
{
    const sk_mg_view *a = &g->views.v[0], *b = &g->views.v[1];
    int ra = g->views.start_row, rb = g->views.start_col;
    if (g->views.start_row != g->views.start_col || a->cols != b->cols) return 0;
    for (int c = 0; c < a->cols; c++)
        if (a->lf[ra][c] != b->lf[rb][c] || a->wf[ra][c] != b->wf[rb][c] ||
            a->cross[ra][c] != b->cross[rb][c])
            return 0;
    return 1;
}

/* Reads the rack's words off the DAWG from LIST, LEN letters down. */
static void first_words(sk_movegen *g, uint32_t list, int len, double value_abs)
{
    const uint32_t *nodes = g->lex.nodes;
    for (uint32_t i = list;; i++) {
        uint32_t node = nodes[i];
        unsigned letter = sk_kwg_tile(node);
        for (int from_blank = 0; from_blank < 2 && letter > 0 && letter < SK_TILE_KINDS;
             from_blank++) {
            int k = from_blank ? 0 : (int)letter;
            if (!g->rack.count[k]) continue;
            g->rack.count[k]--;
            g->rack.leave_index += g->rack.radix[k];
            g->nplaced++;
            g->word[len] = (uint8_t)letter;
            g->word_blank[len] = (uint8_t)from_blank;
            double va = value_abs + abs(g->rack.value[k]);
            if (sk_kwg_accepts(node)) {
                /* best mode: no placement of a word can beat the leader when its bound cannot */
                double bound = va * g->first_bound[len + 1] +
                               (len + 1 == g->rack.size && g->rack.bingo > 0 ? g->rack.bingo : 0) +
                               (g->keep.by_score ? 0.0 : g->rack.leave_value[g->rack.leave_index]);
                if (!(g->keep.best_mode && g->keep.have_best &&
                      bound < (double)g->keep.best.equity - 1e-3))
                    lay_first(g, len + 1);
            }
            if (sk_kwg_arc(node) && g->nplaced < g->rack.left && len + 1 < SK_MG_N)
                first_words(g, sk_kwg_arc(node), len + 1, va);
            g->nplaced--;
            g->rack.leave_index -= g->rack.radix[k];
            g->rack.count[k]++;
        }
        if (sk_kwg_is_end(node)) break;
    }
}

void sk_mg_first_move(sk_movegen *g)
{
    /* first_bound[L]: at most how many times the sum of its tiles' absolute values a word of L
     * letters can score, over its placements: the largest letter factor times the largest
     * word multiplier of L squares through the start square (absolute values: factors may be
     * negative) */
    double lf_max = 0;
    for (int L = 0; L <= SK_MG_N; L++)
        g->first_bound[L] = 0;
    for (int d = 0; d < 2; d++) {
        const sk_mg_view *v = &g->views.v[d];
        int r = d ? g->views.start_col : g->views.start_row,
            centre = d ? g->views.start_row : g->views.start_col;
        for (int lo = 0; lo <= centre; lo++) {
            double wm = 1;
            for (int hi = lo; hi < v->cols; hi++) {
                wm *= abs(v->wf[r][hi]);
                if (abs(v->lf[r][hi]) > lf_max) lf_max = abs(v->lf[r][hi]);
                if (hi >= centre && wm > g->first_bound[hi - lo + 1])
                    g->first_bound[hi - lo + 1] = wm;
            }
        }
    }
    for (int L = 0; L <= SK_MG_N; L++)
        g->first_bound[L] *= lf_max;
    g->first_mirror = first_mirrored(g);
    g->nplaced = 0;
    first_words(g, g->lex.dawg, 0, 0);
}

int sk_mg_setup(sk_movegen *g, const sk_rules *rules, const sk_position *pos, sk_move_list *out)
{
    const sk_lexicon *lex = rules->lexicon;
    if (!lex || !sk_lexicon_has_gaddag(lex) || !pos->racks[0][0] ||
        pos->width != rules->board->width || pos->height != rules->board->height)
        return SK_EINVAL;
    g->lex.nodes = sk_lexicon_nodes(lex);
    g->row_loaded = 0; /* the views change */
    g->lex.wnodes = sk_lexicon_walk_nodes(lex);
    if (!g->lex.wnodes && ++g->lex.setups >= g->lex.table_after)
        g->lex.wnodes = sk_lexicon_build_walk_nodes(lex);
    g->out = out;
    g->lex.gaddag = sk_lexicon_gaddag_root(lex);
    int rc = sk_mg_rack_setup(&g->rack, rules, pos->racks[0]);
    if (rc != SK_OK) return rc;
    g->lex.dawg = sk_lexicon_dawg_root(lex);
    sk_mg_views_setup(&g->views, &g->lex, rules, pos, g->rack.value);
    return SK_OK;
}

/* Points the walk at the start (ROW, COL) of view D (see sk_mg_walk). */
static void walk_start(sk_movegen *g, int d, int row, int col, int through)
{
    sk_mg_walk_row(g, d, row);
    g->through = through;
    g->anchor = col;
    g->anchor_right_open = col + 1 == g->g->cols || !g->g->tile[row][col + 1];
    g->leftmost = col;
    g->nplaced = 0;
}

void sk_mg_walk(sk_movegen *g, int d, int row, int col, int through)
{
    walk_start(g, d, row, col, through);
    gen(g, col, g->lex.gaddag, 0, 1, 0);
}

void sk_mg_walk_run(sk_movegen *g, int d, int row, int lo, int col, uint32_t node)
{
    walk_start(g, d, row, col, 1);
    int sum = 0;
    for (int c = lo; c <= col; c++)
        sum += sk_mg_face(g->g, g->rack.value, row, c);
    go_on(g, lo, node, sum, 1, 0); /* where gen would be after reading the run */
}

static int walk_all(sk_movegen *g, const sk_rules *rules, const sk_position *pos, sk_move_list *out)
{
    int rc = sk_mg_setup(g, rules, pos, out);
    if (rc != SK_OK) return rc;
    if (g->views.first_move) {
        sk_mg_first_move(g);
        return out && out->failed ? SK_ENOMEM : SK_OK;
    }
    for (int d = 0; d < 2; d++) {
        const sk_mg_view *v = &g->views.v[d];
        for (int r = 0; r < v->rows; r++)
            for (uint32_t m = v->starts[r]; m; m &= m - 1) {
                int c = __builtin_ctz(m);
                sk_mg_walk(g, d, r, c, v->run_ends[r] >> c & 1);
            }
    }
    return out && out->failed ? SK_ENOMEM : SK_OK;
}

int sk_movegen_all(sk_movegen *g, const sk_rules *rules, const sk_position *pos, sk_move_list *out)
{
    g->keep.best_mode = 0;
    sk_mg_rack_no_leaves(&g->rack);
    return walk_all(g, rules, pos, out);
}
