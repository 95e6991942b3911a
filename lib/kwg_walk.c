/* kwg_walk.c — a lexicon's walk table (see sk_lexicon_walk_nodes in internal/kwg.h): each node
 * widened to 64 bits, the KWG node in the low half and, in the high half, the set of tiles in
 * its child list (bit t for tile t, bit 0 the GADDAG separator; all 32 bits when the list holds
 * a tile above 30 or is not in strictly ascending tile order, so that bit 31 set means "any
 * tile": see sk_mg_kids). Otherwise the set is exact, and the child of tile t is at the list's
 * start plus the number of tiles below t in the set (sk_mg_child). The move generator reads a
 * child's node anyway when it scans a sibling list; with the set beside it, it knows before
 * descending whether the child can go on at the next square, and skips the dead ends without
 * loading their lists. Built on request, once per lexicon, and shared by every thread that uses the
 * lexicon: the first to finish publishes its table, the others free theirs. */
#include <stdatomic.h>
#include <stdlib.h>

#include "internal/hugemap.h"
#include "internal/kwg.h"
#include "skrab/error.h"

struct sk_walk_table {
    _Atomic(uint64_t *) nodes;
    size_t bytes; /* of the table (sk_huge_alloc) */
};

int sk_walk_table_new(sk_walk_table **out, size_t count)
{
    *out = calloc(1, sizeof(**out));
    if (!*out) return SK_ENOMEM;
    (*out)->bytes = count * sizeof(uint64_t);
    return SK_OK;
}

void sk_walk_table_free(sk_walk_table *w)
{
    if (!w) return;
    uint64_t *nodes = atomic_load(&w->nodes);
    sk_huge_free(nodes, w->bytes);
    free(w);
}

const uint64_t *sk_lexicon_walk_nodes(const sk_lexicon *lex)
{
    return atomic_load_explicit(&lex->walk->nodes, memory_order_acquire);
}

/* Fills TABLE (COUNT entries) from NODES, with SUF (COUNT entries) as scratch: SUF[i] = the
 * tiles of nodes i.. to the end of i's sibling list. */
static void fill(uint64_t *table, uint32_t *suf, const uint32_t *nodes, size_t count)
{
    for (size_t i = count; i-- > 0;) {
        uint32_t node = nodes[i];
        unsigned t = sk_kwg_tile(node);
        uint32_t bit = t < 31 ? 1u << t : 0xFFFFFFFFu;
        int last = sk_kwg_is_end(node) || i + 1 == count;
        /* a list not in strictly ascending tile order reads as "any tile" too: the walk then
         * scans it instead of indexing it (see sk_mg_exact) */
        if (!last && sk_kwg_tile(nodes[i + 1]) <= t) bit = 0xFFFFFFFFu;
        suf[i] = bit | (last ? 0 : suf[i + 1]);
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t arc = sk_kwg_arc(nodes[i]); /* in range: validated when the lexicon was made */
        table[i] = (uint64_t)(arc ? suf[arc] : 0) << 32 | nodes[i];
    }
}

const uint64_t *sk_lexicon_build_walk_nodes(const sk_lexicon *lex)
{
    sk_walk_table *w = lex->walk;
    uint64_t *have = atomic_load_explicit(&w->nodes, memory_order_acquire);
    if (have || lex->count == 0) return have;
    /* the table where huge pages may back it (the walk reads it at random), and the scratch */
    uint64_t *table = sk_huge_alloc(w->bytes);
    uint32_t *suf = malloc(lex->count * sizeof(uint32_t));
    if (!table || !suf) {
        sk_huge_free(table, w->bytes);
        free(suf);
        return NULL;
    }
    fill(table, suf, lex->nodes, lex->count);
    free(suf);
    uint64_t *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit(&w->nodes, &expected, table, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        sk_huge_free(table, w->bytes); /* another thread was first */
        return expected;
    }
    return table;
}
