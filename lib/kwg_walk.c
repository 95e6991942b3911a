/* kwg_walk.c — a lexicon's walk table (see sk_lexicon_walk_nodes in internal/kwg.h): each node
 * widened to 64 bits, the KWG node in the low half and, in the high half, the set of tiles in
 * its child list (bit t for tile t, bit 0 the GADDAG separator; all 32 bits when the list holds
 * a tile above 30, so that bit 31 set means "any tile": see sk_mg_kids). Otherwise the set is
 * exact, and since a lexicon's lists ascend (checked when it is opened: sk_kwg_check_nodes), the
 * child of tile t is at the list's start plus the number of tiles below t in the set
 * (sk_mg_child). The move generator reads a child's node anyway when it scans a sibling list;
 * with the set beside it, it knows before descending whether the child can go on at the next
 * square, and skips the dead ends without loading their lists. Built on request, once per
 * lexicon, and shared by every thread that uses the lexicon: the first to finish publishes its
 * table, the others free theirs. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

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
    (*out)->bytes = count * sizeof(uint64_t) + sizeof(sk_walk_cross); /* the sets after it */
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
        suf[i] = bit | (last ? 0 : suf[i + 1]);
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t arc = sk_kwg_arc(nodes[i]); /* in range: validated when the lexicon was made */
        table[i] = (uint64_t)(arc ? suf[arc] : 0) << 32 | nodes[i];
    }
}

const sk_walk_cross *sk_lexicon_walk_cross(const sk_lexicon *lex)
{
    const uint64_t *nodes = sk_lexicon_walk_nodes(lex);
    return nodes ? (const sk_walk_cross *)(nodes + lex->count) : NULL;
}

/* The tiles of the nodes of LIST that accept, bit t for tile t (none for LIST 0). */
static uint64_t accepting(const uint32_t *nodes, uint32_t list)
{
    uint64_t tiles, accepts;
    sk_kwg_list_sets(nodes, list, &tiles, &accepts);
    return accepts;
}

/* Fills X (see sk_walk_cross) from LEX's nodes. */
static void fill_cross(sk_walk_cross *x, const sk_lexicon *lex)
{
    const uint32_t *nodes = lex->nodes;
    uint32_t dawg = sk_lexicon_dawg_root(lex), gaddag = sk_lexicon_gaddag_root(lex);
    memset(x, 0, sizeof(*x));
    for (unsigned t = 1; t < SK_WALK_CROSS_TILES; t++) {
        uint32_t at = sk_kwg_find(nodes, gaddag, t);
        x->before[t] = at ? accepting(nodes, sk_kwg_arc(nodes[at])) : 0;
        at = sk_kwg_find(nodes, dawg, t);
        uint32_t list = at ? sk_kwg_arc(nodes[at]) : 0;
        x->after[t] = accepting(nodes, list);
        for (uint32_t i = list; list; i++) { /* each x after A: which B end a word after it */
            uint32_t next = sk_kwg_arc(nodes[i]);
            for (unsigned b = 1; next && b < SK_WALK_CROSS_TILES; b++) {
                uint32_t end = sk_kwg_find(nodes, next, b);
                if (end && sk_kwg_accepts(nodes[end]))
                    x->between[t][b] |= (uint64_t)1 << sk_kwg_tile(nodes[i]);
            }
            if (sk_kwg_is_end(nodes[i])) break;
        }
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
    fill_cross((sk_walk_cross *)(table + lex->count), lex);
    uint64_t *expected = NULL;
    if (!atomic_compare_exchange_strong_explicit(&w->nodes, &expected, table, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        sk_huge_free(table, w->bytes); /* another thread was first */
        return expected;
    }
    return table;
}
