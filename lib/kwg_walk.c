/* kwg_walk.c — a lexicon's walk table (see sk_lexicon_walk_nodes in internal/kwg.h): each node
 * widened to 64 bits, the KWG node in the low half and, in the high half, the set of tiles in
 * its child list (bit t for tile t, bit 0 the GADDAG separator; all 32 bits when the list holds
 * a tile above 30, so that bit 31 set means "any tile": see sk_mg_kids). Otherwise the set is
 * exact, and since a lexicon's lists ascend (checked when it is opened: sk_kwg_check_nodes), the
 * child of tile t is at the list's start plus the number of tiles below t in the set
 * (sk_mg_child). The move generator reads a child's node anyway when it scans a sibling list;
 * with the set beside it, it knows before descending whether the child can go on at the next
 * square, and skips the dead ends without loading their lists.
 * The table holds the lexicon's nodes in another order, breadth first from the roots: a run of
 * siblings stays whole (a list, and the shorter lists that are its tails), and the runs the walk
 * reads most, those near the roots, lie together instead of each among its own descendants
 * (the depth-first order of the files skrab writes, which keeps every arc pointing forward).
 * Nodes 0 and 1, the roots' entries, keep their places; every arc is renumbered, so the table's
 * indices are its own and a reader never mixes them with the lexicon's. Built on request, once
 * per lexicon, and shared by every thread that uses the lexicon: the first thread to ask claims
 * the build, and the others, while it builds, go on without the table (their walks read the
 * lexicon's nodes) instead of building one each (a table and its scratch, about three times the
 * lexicon's size, per thread at once). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal/hugemap.h"
#include "internal/kwg.h"
#include "skrab/error.h"

struct sk_walk_table {
    _Atomic(uint64_t *) nodes;
    atomic_int building; /* a thread has claimed the build and not finished it */
    atomic_ulong builds; /* tables built (sk_lexicon_walk_builds); added to by the claimant only */
    size_t bytes;        /* of the table (sk_huge_alloc) */
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

/* The first node of the run of siblings that holds node I of NODES: the one after the last
 * node before I that ends a list (or node 0). */
static uint32_t run_start(const uint32_t *nodes, uint32_t i)
{
    while (i > 0 && !sk_kwg_is_end(nodes[i - 1]))
        i--;
    return i;
}

/* Gives the run of siblings starting at node AT of NODES (COUNT of them) the next places from
 * *NEXT: NEWIDX[i] is node I's place, and TABLE[place], until fill gives it its entry, the node
 * placed there. */
static void place_run(uint32_t *newidx, uint64_t *table, const uint32_t *nodes, size_t count,
                      uint32_t at, uint32_t *next)
{
    for (uint32_t i = at; i < count; i++) {
        table[*next] = i;
        newidx[i] = (*next)++;
        if (sk_kwg_is_end(nodes[i])) break;
    }
}

/* The tiles of the list LIST of NODES as the table's high half holds them: bit t for tile t,
 * every bit when a tile is above 30. */
static uint32_t list_tiles(const uint32_t *nodes, uint32_t list)
{
    uint64_t tiles, accepts;
    sk_kwg_list_sets(nodes, list, &tiles, &accepts);
    return tiles >> 31 ? 0xFFFFFFFFu : (uint32_t)tiles;
}

/* Fills TABLE with the COUNT nodes NODES, NEWIDX as scratch: runs of siblings (see run_start)
 * breadth first from the runs of nodes 0 and 1, then those no arc reaches, in file order. The
 * runs partition the nodes and each is placed whole, so every list stays one run of places and
 * nodes 0 and 1 keep theirs. The places in order are the breadth-first queue: each place, read
 * in turn, holds the node placed there (place_run); its arc places its target's run when that
 * is not placed yet, and the place then gets its entry, which nothing reads again. */
static void fill(uint64_t *table, uint32_t *newidx, const uint32_t *nodes, size_t count)
{
    memset(newidx, 0xFF, count * sizeof(newidx[0])); /* not placed yet */
    uint32_t next = 0, unplaced = 0;                 /* no node below UNPLACED is left to place */
    place_run(newidx, table, nodes, count, 0, &next);
    if (count > 1 && newidx[1] == UINT32_MAX) place_run(newidx, table, nodes, count, 1, &next);
    for (uint32_t j = 0; j < count; j++) {
        if (j == next) { /* what the roots do not reach: the first run not placed */
            while (newidx[unplaced] != UINT32_MAX)
                unplaced++;
            place_run(newidx, table, nodes, count, unplaced, &next);
        }
        /* the places ahead are known: their nodes, then what their arcs lead to, are fetched
         * before they are read (the reads are at random, and the loads can overlap) */
        if (j + 32 < next) __builtin_prefetch(&nodes[(uint32_t)table[j + 32]]);
        if (j + 16 < next) {
            uint32_t ahead = sk_kwg_arc(nodes[(uint32_t)table[j + 16]]);
            __builtin_prefetch(&newidx[ahead]);
            __builtin_prefetch(&nodes[ahead]);
        }
        uint32_t node = nodes[(uint32_t)table[j]], arc = sk_kwg_arc(node); /* in range: validated */
        uint32_t kids = 0;
        if (arc) {
            if (newidx[arc] == UINT32_MAX)
                place_run(newidx, table, nodes, count, run_start(nodes, arc), &next);
            node = (node & ~0x3FFFFFu) | newidx[arc];
            kids = list_tiles(nodes, arc);
        }
        table[j] = (uint64_t)kids << 32 | node;
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
    int idle = 0;
    if (!atomic_compare_exchange_strong_explicit(&w->building, &idle, 1, memory_order_acq_rel,
                                                 memory_order_acquire))
        return NULL; /* another thread is building it */
    /* published between the first load and the claim: its builder has let go */
    have = atomic_load_explicit(&w->nodes, memory_order_acquire);
    if (have) {
        atomic_store_explicit(&w->building, 0, memory_order_release);
        return have;
    }
    /* the table, where huge pages may back it (the walk reads it at random); each node's place */
    uint64_t *table = sk_huge_alloc(w->bytes);
    uint32_t *newidx = malloc(lex->count * sizeof(uint32_t));
    if (!table || !newidx) {
        sk_huge_free(table, w->bytes);
        free(newidx);
        atomic_store_explicit(&w->building, 0, memory_order_release); /* a later ask may try */
        return NULL;
    }
    fill(table, newidx, lex->nodes, lex->count);
    free(newidx);
    fill_cross((sk_walk_cross *)(table + lex->count), lex);
    atomic_fetch_add_explicit(&w->builds, 1, memory_order_relaxed);
    atomic_store_explicit(&w->nodes, table, memory_order_release);
    atomic_store_explicit(&w->building, 0, memory_order_release);
    return table;
}

unsigned long sk_lexicon_walk_builds(const sk_lexicon *lex)
{
    return atomic_load_explicit(&lex->walk->builds, memory_order_relaxed);
}
