/* movegen_first.c — the first move (an empty board): every word the rack spells, read off the
 * DAWG once, laid through the start square at every offset, in both directions. The same moves
 * as walking from the start square, each found once instead of once per GADDAG pivot. The moves
 * are written by the walk's sk_mg_emit, or, when every move is listed and the start square's
 * column reads as its row, straight to the list, each across move with its down mirror. */
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/score.h"

/* What every word of the position shares; the word being read is in g->walk.word and
 * g->walk.word_blank. */
typedef struct {
    /* [L]: at most how many times the sum of its tiles' absolute values a word of L letters can
     * score, over its placements (see sk_mg_first_move) */
    double bound[SK_MG_N + 1];
    int mirror; /* the down plays mirror the across ones (see lay_first_mirrored) */
} first_shared;

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

/* The tile values of the first move's word of LEN tiles into VAL. */
static void word_values(const sk_movegen *g, int len, int *val)
{
    for (int i = 0; i < len; i++)
        val[i] = g->rack.value[g->walk.word_blank[i] ? 0 : g->walk.word[i]];
}

/* lay_first listing every move when the start square's column reads as its row
 * (first_shared.mirror: the same squares, factors and blocks): each across move is written with
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
        word[i] = (char)(g->walk.word[i] | (g->walk.word_blank[i] ? SK_TILE_BLANKED : 0));
    uint32_t placed = len < 32 ? (1u << len) - 1 : ~0u;
    for (int lo = lo_min; lo <= lo_max; lo++) {
        int main_sum;
        long long mult;
        if (!lay_score(v, r, lo, len, val, &main_sum, &mult)) continue;
        long long total = sk_score_mul(main_sum, mult);
        if (len == g->rack.size) total = sk_score_add(total, g->rack.bingo);
        int score = sk_score_clamp(total);
        sk_gen_move *m = sk_mg_list_push(g->walk.out);
        if (!m || !sk_mg_list_push(g->walk.out)) return;
        m = &g->walk.out->moves[g->walk.out->count - 2]; /* the list may have moved */
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

/* Records the word of g->walk.word (LEN letters) at every offset of both views that covers the
 * start square and no blocked square. */
static void lay_first(sk_movegen *g, int len, int mirror)
{
    if (mirror && !g->keep.best_mode) {
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
        g->walk.view = v; /* sk_mg_walk_row for an empty board */
        g->walk.row_loaded = 0;
        g->walk.dir = d ? SK_DOWN : SK_ACROSS;
        g->walk.row = r;
        g->walk.empty_row = v->cols < 32 ? (1u << v->cols) - 1 : ~0u;
        for (int lo = lo_min; lo <= lo_max; lo++) {
            int main_sum;
            long long mult;
            if (!lay_score(v, r, lo, len, val, &main_sum, &mult)) continue;
            for (int i = 0; i < len; i++)
                g->walk.chars[lo + i] =
                    (char)(g->walk.word[i] | (g->walk.word_blank[i] ? SK_TILE_BLANKED : 0));
            sk_mg_emit(g, lo, lo + len - 1, main_sum, mult, 0, g->rack.leave_index, 0);
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

/* Reads the rack's words off the DAWG from LIST, LEN letters down (the letters above, worth
 * VALUE_ABS in absolute values, in g->walk.word[0..LEN)). */
static void first_words(sk_movegen *g, const first_shared *fs, uint32_t list, int len,
                        double value_abs)
{
    for (uint32_t i = list;; i++) {
        uint32_t node = (uint32_t)sk_mg_node(g->lex.wnodes, g->lex.nodes, i);
        unsigned letter = sk_kwg_tile(node);
        for (int from_blank = 0; from_blank < 2 && letter > 0 && letter < SK_MG_LETTERS_MAX;
             from_blank++) {
            int k = from_blank ? 0 : (int)letter;
            if (!g->rack.count[k]) continue;
            g->rack.count[k]--;
            g->rack.leave_index += g->rack.radix[k];
            g->walk.nplaced++;
            g->walk.word[len] = (uint8_t)letter;
            g->walk.word_blank[len] = (uint8_t)from_blank;
            double va = value_abs + abs(g->rack.value[k]);
            if (sk_kwg_accepts(node)) {
                /* best mode: no placement of a word can beat the leader when its bound cannot */
                double bound = va * fs->bound[len + 1] +
                               (len + 1 == g->rack.size && g->rack.bingo > 0 ? g->rack.bingo : 0) +
                               (g->keep.by_score ? 0.0 : g->rack.leave_value[g->rack.leave_index]);
                if (!(g->keep.best_mode && sk_mg_below(&g->keep, bound)))
                    lay_first(g, len + 1, fs->mirror);
            }
            if (sk_kwg_arc(node) && g->walk.nplaced < g->rack.left && len + 1 < SK_MG_N)
                first_words(g, fs, sk_kwg_arc(node), len + 1, va);
            g->walk.nplaced--;
            g->rack.leave_index -= g->rack.radix[k];
            g->rack.count[k]++;
        }
        if (sk_kwg_is_end(node)) break;
    }
}

void sk_mg_first_move(sk_movegen *g)
{
    /* fs.bound[L]: at most how many times the sum of its tiles' absolute values a word of L
     * letters can score, over its placements: the largest letter factor times the largest
     * word multiplier of L squares through the start square (absolute values: factors may be
     * negative) */
    first_shared fs;
    double lf_max = 0;
    for (int L = 0; L <= SK_MG_N; L++)
        fs.bound[L] = 0;
    for (int d = 0; d < 2; d++) {
        const sk_mg_view *v = &g->views.v[d];
        int r = d ? g->views.start_col : g->views.start_row,
            centre = d ? g->views.start_row : g->views.start_col;
        for (int lo = 0; lo <= centre; lo++) {
            double wm = 1;
            for (int hi = lo; hi < v->cols; hi++) {
                wm *= abs(v->wf[r][hi]);
                if (abs(v->lf[r][hi]) > lf_max) lf_max = abs(v->lf[r][hi]);
                if (hi >= centre && wm > fs.bound[hi - lo + 1]) fs.bound[hi - lo + 1] = wm;
            }
        }
    }
    for (int L = 0; L <= SK_MG_N; L++)
        fs.bound[L] *= lf_max;
    fs.mirror = first_mirrored(g);
    g->walk.nplaced = 0;
    first_words(g, &fs, g->lex.dawg, 0, 0);
}
