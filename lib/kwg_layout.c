/* kwg_layout.c — placing the builder's states as KWG nodes, every arc pointing forward.
 *
 * A state is a sibling list's node plus its rest (next), so the states form a forest of chains,
 * and a list that is the tail of a longer list can live inside it. Each list that is an arc's
 * target (or a root) must be stored contiguously somewhere. A target that lies on another
 * target's chain is covered by it, so only the targets on no other target's chain ("blocks")
 * are written, each whole: the fewest nodes these states allow (wolges writes as many).
 *
 * Blocks are placed in reverse post-order of a depth-first walk from the roots, so a block
 * comes before the blocks its arcs lead to: every arc points forward, and the loader proves a
 * file acyclic in one sequential pass instead of a graph search. An arc may point into any
 * block that holds its target; the walk prefers one already finished (placed later), then one
 * not yet visited. Shared tails can make every holder an ancestor on the walk's stack (a
 * cycle among blocks); then the target gets a block of its own (a copy; a few hundred nodes
 * for SOWPODS), and inside such a copy every target is finished or copied too, so copies nest
 * by strictly smaller states and the walk ends. Finally each arc points to the last-placed
 * copy of its target. */
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"

enum { F_NEEDED = 1, F_ONPATH = 2, F_BLOCK = 4 };
enum { WHITE = 0, GREY = 1, BLACK = 2 };

#define KWG_END_BIT 0x400000u

typedef struct {
    uint32_t block, cursor; /* block id: head state, + n for a copy made to break a cycle */
} frame;

typedef struct {
    const uint64_t *keys;
    uint32_t n;
    unsigned char *flags;
    unsigned char *color; /* by block id, 2n entries */
    uint32_t *cstart;     /* holders of state s: cblocks[cstart[s] .. cstart[s + 1]) */
    uint32_t *cblocks;
    uint32_t *order; /* block ids in post-order */
    size_t norder;
    frame *stack;
    size_t depth, cap;
} layout;

static inline uint32_t next_of(const uint64_t *keys, uint32_t s)
{
    return sk_kwg_key_next(keys[s]);
}
static inline uint32_t arc_of(const uint64_t *keys, uint32_t s)
{
    return sk_kwg_key_arc(keys[s]);
}

/* Marks the blocks: targets (roots and arcs) on no other target's chain. */
static void mark_blocks(layout *l, uint32_t dawg_root, uint32_t gaddag_root)
{
    const uint64_t *keys = l->keys;
    unsigned char *flags = l->flags;
    if (dawg_root) flags[dawg_root] |= F_NEEDED;
    if (gaddag_root) flags[gaddag_root] |= F_NEEDED;
    for (uint32_t s = 1; s < l->n; s++)
        if (arc_of(keys, s)) flags[arc_of(keys, s)] |= F_NEEDED;
    /* A state after a target on its chain is covered; stop where the rest is known to be. */
    for (uint32_t s = 1; s < l->n; s++) {
        if (!(flags[s] & F_NEEDED)) continue;
        for (uint32_t p = next_of(keys, s); p && !(flags[p] & F_ONPATH); p = next_of(keys, p))
            flags[p] |= F_ONPATH;
    }
    for (uint32_t s = 1; s < l->n; s++)
        if ((flags[s] & (F_NEEDED | F_ONPATH)) == F_NEEDED) flags[s] |= F_BLOCK;
}

/* Lists, for each state, the blocks whose chain holds it. Every block is written whole: their
 * lengths (the holder entries) and the two root pointers are the fewest nodes the graph takes,
 * so past MAX_NODES it stops with SK_ETOOBIG and *NEED set to them, before indexing. */
static int index_holders(layout *l, size_t max_nodes, size_t *need)
{
    const uint64_t *keys = l->keys;
    uint32_t n = l->n;
    l->cstart = calloc((size_t)n + 1, sizeof(uint32_t));
    if (!l->cstart) return SK_ENOMEM;
    for (uint32_t b = 1; b < n; b++)
        if (l->flags[b] & F_BLOCK)
            for (uint32_t p = b; p; p = next_of(keys, p))
                l->cstart[p + 1]++;
    for (uint32_t s = 0; s < n; s++) {
        if (l->cstart[s + 1] > UINT32_MAX - 1 - l->cstart[s]) return SK_ETOOBIG;
        l->cstart[s + 1] += l->cstart[s];
    }
    if ((size_t)l->cstart[n] + 2 > max_nodes) {
        *need = (size_t)l->cstart[n] + 2;
        return SK_ETOOBIG;
    }
    l->cblocks = malloc(((size_t)l->cstart[n] + 1) * sizeof(uint32_t));
    uint32_t *fill = malloc((size_t)n * sizeof(uint32_t));
    if (!l->cblocks || !fill) {
        free(fill);
        return SK_ENOMEM;
    }
    memcpy(fill, l->cstart, (size_t)n * sizeof(uint32_t));
    for (uint32_t b = 1; b < n; b++)
        if (l->flags[b] & F_BLOCK)
            for (uint32_t p = b; p; p = next_of(keys, p))
                l->cblocks[fill[p]++] = b;
    free(fill);
    return SK_OK;
}

static int push(layout *l, uint32_t block)
{
    if (l->depth == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 256;
        frame *f = realloc(l->stack, cap * sizeof(*f));
        if (!f) return SK_ENOMEM;
        l->stack = f;
        l->cap = cap;
    }
    l->color[block] = GREY;
    uint32_t head = block >= l->n ? block - l->n : block;
    l->stack[l->depth++] = (frame){block, head};
    return SK_OK;
}

/* Chooses where the arc to A from block FROM will point, pushing the block if it must be
 * walked first. Returns SK_OK or SK_ENOMEM. */
static int follow(layout *l, uint32_t from, uint32_t a)
{
    uint32_t copy = a + l->n, white = 0;
    if (l->color[copy] == BLACK) return SK_OK;
    for (uint32_t i = l->cstart[a]; i < l->cstart[a + 1]; i++) {
        uint32_t b = l->cblocks[i];
        if (l->color[b] == BLACK) return SK_OK;
        if (l->color[b] == WHITE && !white) white = b;
    }
    /* Inside a copy only finished blocks or smaller copies will do, so copies nest. */
    if (white && from < l->n) return push(l, white);
    return l->color[copy] == WHITE ? push(l, copy) : SK_OK;
}

static int walk(layout *l, uint32_t root)
{
    if (!root) return SK_OK;
    int rc = follow(l, 0, root);
    while (rc == SK_OK && l->depth) {
        frame *f = &l->stack[l->depth - 1];
        uint32_t p = f->cursor;
        if (!p) {
            l->color[f->block] = BLACK;
            l->order[l->norder++] = f->block;
            l->depth--;
            continue;
        }
        f->cursor = next_of(l->keys, p);
        uint32_t a = arc_of(l->keys, p);
        if (a) rc = follow(l, f->block, a);
    }
    return rc;
}

int sk_kwg_layout(uint32_t **out, size_t *count, const sk_kwg_states *st, uint32_t dawg_root,
                  uint32_t gaddag_root, size_t max_nodes)
{
    *out = NULL;
    *count = 0;
    layout l = {.keys = st->keys, .n = (uint32_t)st->count};
    const uint64_t *keys = l.keys;
    uint32_t *dest = NULL, *nodes = NULL;
    int rc = SK_ENOMEM;
    l.flags = calloc(l.n, 1);
    l.color = calloc((size_t)l.n * 2, 1);
    l.order = malloc((size_t)l.n * 2 * sizeof(uint32_t));
    dest = calloc(l.n, sizeof(uint32_t));
    if (!l.flags || !l.color || !l.order || !dest) goto cleanup;
    mark_blocks(&l, dawg_root, gaddag_root);
    if (max_nodes > SK_KWG_NODES_MAX) max_nodes = SK_KWG_NODES_MAX;
    if ((rc = index_holders(&l, max_nodes, count)) != SK_OK) goto cleanup;
    free(l.flags);
    l.flags = NULL;
    /* The GADDAG's walk reaches most of the DAWG, so the DAWG goes first to keep it together. */
    if ((rc = walk(&l, dawg_root)) != SK_OK || (rc = walk(&l, gaddag_root)) != SK_OK) goto cleanup;
    free(l.cblocks);
    free(l.cstart);
    l.cblocks = l.cstart = NULL;

    /* Positions: reverse post-order; a state's node is its copy in the last block placed. */
    size_t pos = 2;
    for (size_t i = l.norder; i-- > 0;) {
        uint32_t b = l.order[i];
        for (uint32_t p = b >= l.n ? b - l.n : b; p; p = next_of(keys, p))
            dest[p] = (uint32_t)pos++;
    }
    if (pos > max_nodes) { /* the copies made it too big */
        *count = pos;
        rc = SK_ETOOBIG;
        goto cleanup;
    }
    rc = SK_ENOMEM;
    nodes = malloc(pos * sizeof(*nodes));
    if (!nodes) goto cleanup;
    nodes[0] = KWG_END_BIT | (dawg_root ? dest[dawg_root] : 0);
    nodes[1] = KWG_END_BIT | (gaddag_root ? dest[gaddag_root] : 0);
    size_t w = 2;
    for (size_t i = l.norder; i-- > 0;) {
        uint32_t b = l.order[i];
        for (uint32_t p = b >= l.n ? b - l.n : b; p; p = next_of(keys, p)) {
            uint64_t k = keys[p];
            uint32_t arc = sk_kwg_key_arc(k);
            nodes[w++] = (uint32_t)sk_kwg_key_tile(k) << 24 | (uint32_t)sk_kwg_key_acc(k) << 23 |
                         (sk_kwg_key_next(k) ? 0 : KWG_END_BIT) | (arc ? dest[arc] : 0);
        }
    }
    *out = nodes;
    *count = w;
    nodes = NULL;
    rc = SK_OK;

cleanup:
    free(l.flags);
    free(l.color);
    free(l.cstart);
    free(l.cblocks);
    free(l.order);
    free(l.stack);
    free(dest);
    free(nodes);
    return rc;
}
