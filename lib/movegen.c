/* movegen.c — the move generator's life (sk_movegen_new, _free, _forget and its settings),
 * sk_mg_setup, which sets every part up for a position, and every move of a position
 * (sk_movegen_all): the first move read off the DAWG (movegen_first.c), or a GADDAG walk
 * (movegen_walk.c) from every start point of both views (movegen_views.c). */
#include <stdlib.h>

#include "internal/kwg.h"
#include "internal/movegen.h"
#include "skrab/error.h"

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
    gen->wm.map = wm;
}

void sk_movegen_set_table_after(sk_movegen *gen, unsigned long after)
{
    gen->lex.table_after = after;
}

void sk_movegen_free(sk_movegen *gen)
{
    if (gen) sk_mg_keep_free(&gen->keep, &gen->bounds);
    free(gen);
}

int sk_mg_setup(sk_movegen *g, const sk_rules *rules, const sk_position *pos, sk_move_list *out)
{
    const sk_lexicon *lex = rules->lexicon;
    if (!lex || !sk_lexicon_has_gaddag(lex) || !pos->racks[0][0] ||
        pos->width != rules->board->width || pos->height != rules->board->height)
        return SK_EINVAL;
    g->lex.nodes = sk_lexicon_nodes(lex);
    g->walk.row_loaded = 0; /* the views change */
    g->lex.wnodes = sk_lexicon_walk_nodes(lex);
    if (!g->lex.wnodes && ++g->lex.setups >= g->lex.table_after)
        g->lex.wnodes = sk_lexicon_build_walk_nodes(lex);
    g->lex.cross = sk_lexicon_walk_cross(lex);
    g->walk.out = out;
    /* the root lists in the numbering of what the walk reads: the table's own, when built */
    g->lex.gaddag =
        g->lex.wnodes ? sk_kwg_arc((uint32_t)g->lex.wnodes[1]) : sk_lexicon_gaddag_root(lex);
    int rc = sk_mg_rack_setup(&g->rack, rules, pos->racks[0]);
    if (rc != SK_OK) return rc;
    g->lex.dawg =
        g->lex.wnodes ? sk_kwg_arc((uint32_t)g->lex.wnodes[0]) : sk_lexicon_dawg_root(lex);
    sk_mg_views_setup(&g->views, &g->lex, rules, pos, g->rack.value);
    return SK_OK;
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
