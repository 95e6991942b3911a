/* fuzz_kwg.c — libFuzzer target for the KWG loader: the input is validated as a KWG file; when
 * it passes, every query runs on it (counting, enumeration, lookups, anagrams, GADDAG walks),
 * and the move generator's walk table is built from it, so any read out of bounds or endless
 * walk on a file that validation let through shows up. A refused input is tried again with its
 * sibling lists sorted by tile. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h" /* the walk table */
#include "skrab/error.h"
#include "skrab/lexicon.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
    size_t words, limit;
} counter;

static int count_word(void *ctx, const char *word, size_t len)
{
    counter *c = ctx;
    if (strlen(word) != len || len == 0 || len > SK_WORD_MAX) abort();
    return ++c->words >= c->limit;
}

/* Aborts unless TABLE (the walk table of the COUNT nodes NODES) holds every list nodes 0 and 1
 * reach as NODES hold it, in places of its own: each node the same but for its arc, always at
 * the same place, with its child list's tiles above (bit t for tile t; every bit for a tile
 * above 30). Nodes 0 and 1 keep their places. */
static void check_walk_table(const uint32_t *nodes, size_t count, const uint64_t *table)
{
    uint32_t *map = calloc(count, sizeof(uint32_t)); /* 0: not met yet; no list holds node 0 */
    uint32_t *from = malloc((count + 2) * sizeof(uint32_t)),
             *to = malloc((count + 2) * sizeof(uint32_t));
    if (!map || !from || !to) abort();
    size_t n = 0;
    for (uint32_t root = 0; root < 2 && root < count; root++) {
        uint32_t node = nodes[root], tnode = (uint32_t)table[root];
        if ((node & ~0x3FFFFFu) != (tnode & ~0x3FFFFFu) || !sk_kwg_arc(node) != !sk_kwg_arc(tnode))
            abort();
        if (sk_kwg_arc(node)) {
            from[n] = sk_kwg_arc(node);
            to[n++] = sk_kwg_arc(tnode);
        }
    }
    for (size_t q = 0; q < n; q++)
        for (uint32_t i = from[q], j = to[q];; i++, j++) {
            if (i >= count || j >= count) abort();
            if (map[i]) { /* met from another list: checked to its end then */
                if (map[i] != j) abort();
                break;
            }
            map[i] = j;
            uint32_t node = nodes[i], tnode = (uint32_t)table[j], kids = 0;
            if ((node & ~0x3FFFFFu) != (tnode & ~0x3FFFFFu) ||
                !sk_kwg_arc(node) != !sk_kwg_arc(tnode))
                abort();
            for (uint32_t k = sk_kwg_arc(node); k; k++) {
                kids |= sk_kwg_tile(nodes[k]) < 31 ? 1u << sk_kwg_tile(nodes[k]) : 0xFFFFFFFFu;
                if (sk_kwg_is_end(nodes[k])) break;
            }
            if (table[j] >> 32 != kids) abort();
            if (sk_kwg_arc(node)) {
                from[n] = sk_kwg_arc(node);
                to[n++] = sk_kwg_arc(tnode);
            }
            if (sk_kwg_is_end(node)) break;
        }
    free(map);
    free(from);
    free(to);
}

/* Every query on LEX, made from the SIZE bytes of DATA, which validation let through. */
static void exercise(sk_lexicon *lex, const uint8_t *data, size_t size)
{
    if (sk_kwg_validate(data, size, NULL) != SK_OK) abort();
    sk_lexicon_info info;
    if (sk_lexicon_get_info(lex, &info) != SK_OK || info.nodes * 4 != size) abort();
    counter c = {0, 20000};
    sk_lexicon_foreach_word(lex, NULL, count_word, &c);
    if (info.words < 20000 && c.words != info.words) abort(); /* both count the DAWG */
    c.words = 0;
    sk_lexicon_anagram(lex, NULL, "AEINST?", 7, 0, 2, count_word, &c);
    c.words = 0;
    sk_lexicon_anagram(lex, NULL, "QZ??", 4, SK_ANAGRAM_EXACT, 2, count_word, &c);
    /* the input's own bytes as words and as GADDAG paths */
    unsigned char tiles[SK_WORD_MAX];
    size_t n = size < SK_WORD_MAX ? size : SK_WORD_MAX;
    for (size_t i = 0; i < n; i++)
        tiles[i] = (unsigned char)(data[i] % 28);
    for (size_t len = 0; len <= n; len++) {
        sk_lexicon_walk(lex, sk_lexicon_dawg_root(lex), tiles, len);
        sk_lexicon_walk(lex, sk_lexicon_gaddag_root(lex), tiles, len);
        sk_lexicon_contains_tiles(lex, tiles, len);
    }
    uint64_t set, acc;
    sk_kwg_list_sets(sk_lexicon_nodes(lex), sk_lexicon_gaddag_root(lex), &set, &acc);
    if (acc & ~set) abort();
    /* the move generator's walk table: every list the roots reach, in the table's own places,
     * the same nodes but for their arcs, each with its child list's tiles above */
    const uint64_t *table = sk_lexicon_build_walk_nodes(lex);
    if (table) check_walk_table(sk_lexicon_nodes(lex), info.nodes, table);
}

/* A copy of the SIZE bytes of DATA (little-endian nodes) with each sibling list (a run ending at
 * a node with its last bit) sorted by tile, the last bit moved to the run's new last node: a
 * mutated tile byte usually breaks a list's order, which validation refuses, so the queries
 * would seldom see a mutated tile. NULL when out of memory. */
static uint8_t *sorted_lists(const uint8_t *data, size_t size)
{
    size_t n = size / 4;
    uint32_t *nodes = malloc(n * sizeof(*nodes));
    uint8_t *out = malloc(size);
    if (!nodes || !out) {
        free(nodes);
        free(out);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        nodes[i] = (uint32_t)data[4 * i] | (uint32_t)data[4 * i + 1] << 8 |
                   (uint32_t)data[4 * i + 2] << 16 | (uint32_t)data[4 * i + 3] << 24;
    for (size_t s = 0; s < n;) {
        size_t e = s;
        while (e + 1 < n && !sk_kwg_is_end(nodes[e]))
            e++;
        nodes[e] &= ~(1u << 22);
        for (size_t i = s + 1; i <= e; i++) { /* insertion by tile: a list is short */
            uint32_t x = nodes[i];
            size_t j = i;
            for (; j > s && sk_kwg_tile(nodes[j - 1]) > sk_kwg_tile(x); j--)
                nodes[j] = nodes[j - 1];
            nodes[j] = x;
        }
        nodes[e] |= 1u << 22;
        s = e + 1;
    }
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 4; b++)
            out[4 * i + (size_t)b] = (uint8_t)(nodes[i] >> (8 * b));
    free(nodes);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 16)) return 0;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = NULL;
    int rc = sk_lexicon_from_kwg(&lex, data, size, &diags);
    if (rc == SK_OK) {
        if (diags.errors != 0 || !lex) abort();
        exercise(lex, data, size);
    } else if (rc == SK_EINVAL && diags.errors == 0) {
        abort(); /* a rejection must say why */
    }
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
    if (rc != SK_EINVAL || size == 0 || size % 4 != 0) return 0;
    /* refused: once more with its lists in order */
    uint8_t *sorted = sorted_lists(data, size);
    if (!sorted) return 0;
    lex = NULL;
    if (sk_lexicon_from_kwg(&lex, sorted, size, NULL) == SK_OK) exercise(lex, sorted, size);
    sk_lexicon_free(lex);
    free(sorted);
    return 0;
}
