/* kwg.h — internals of the lexicon module shared by its files: strings of tiles in one arena
 * (the word list, the GADDAG's strings) and their radix sort; the word-list reader; the graph
 * states that the builder hash-conses; the layout that turns states into KWG nodes; and the
 * lexicon object itself. Not installed. */
#ifndef SKRAB_INTERNAL_KWG_H
#define SKRAB_INTERNAL_KWG_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/diag.h"
#include "skrab/lexicon.h"

/* ---- strings of tiles -------------------------------------------------------------------------
 * String i starts at bytes[offs[i]]: one length byte, that many tiles (0..63), then PAYLOAD
 * bytes (0 or 4: a little-endian uint32 carried along by the sort). */
typedef struct {
    unsigned char *bytes;
    size_t len, cap;
    uint32_t *offs;
    size_t count, offs_cap;
    int payload; /* 0 or 4 */
} sk_tilestrs;

/* Arena bound: offsets are 32-bit, and a list whose GADDAG needs more than this (SOWPODS needs
 * 12 MB) could not fit the KWG format anyway; it is refused before anything big is allocated. */
#define SK_TILESTRS_ARENA_MAX ((size_t)1 << 30)

void sk_tilestrs_init(sk_tilestrs *s, int payload);
void sk_tilestrs_free(sk_tilestrs *s);
/* Reserves room for COUNT more strings and BYTES more arena bytes. SK_OK / SK_ENOMEM /
 * SK_ETOOBIG (the arena would pass SK_TILESTRS_ARENA_MAX). */
int sk_tilestrs_reserve(sk_tilestrs *s, size_t count, size_t bytes);
/* Appends TILES[0..N) (N <= 255) with PAYLOAD. Returns SK_OK, SK_ENOMEM or SK_ETOOBIG. */
int sk_tilestrs_push(sk_tilestrs *s, const unsigned char *tiles, size_t n, uint32_t payload);

static inline const unsigned char *sk_tilestrs_at(const sk_tilestrs *s, size_t i, size_t *n)
{
    const unsigned char *p = s->bytes + s->offs[i];
    *n = p[0];
    return p + 1;
}
static inline uint32_t sk_tilestrs_payload(const sk_tilestrs *s, size_t i)
{
    const unsigned char *p = s->bytes + s->offs[i];
    p += 1 + p[0];
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Compares strings I and J (tile by tile; a prefix sorts first). */
int sk_tilestrs_cmp(const sk_tilestrs *s, size_t i, size_t j);
/* Sorts the strings (MSD radix sort). Returns SK_OK or SK_ENOMEM. */
int sk_tilestrs_sort(sk_tilestrs *s);
/* 1 if the strings are in strictly increasing order (sorted, no duplicates). */
int sk_tilestrs_strictly_sorted(const sk_tilestrs *s);
/* Drops repeated strings of a sorted set; returns how many were dropped. */
size_t sk_tilestrs_dedup(sk_tilestrs *s);

/* ---- reading words ----------------------------------------------------------------------------
 * A word reader for one alphabet (wordlist.c): sk_word_read without the set-up per word. Each
 * ASCII byte, and each other character that begins a label, knows its tile in advance; only
 * characters that begin a label of several characters ('C' of [CH]) and '[' go through
 * sk_alphabet_read. The result is sk_alphabet_read's, tile by tile. */
#define SK_WORD_READER_SLOW 0xff /* a character that sk_alphabet_read reads */

typedef struct {
    const sk_alphabet *a;     /* NULL: ASCII A-Z (NULL or Latin alphabet given, no flags) */
    sk_alphabet latin;        /* A..Z, when NULL is given with flags */
    int flags;                /* SK_WORD_FOLD_ACCENTS */
    unsigned char ascii[128]; /* by byte: its tile, 0 for none, or SK_WORD_READER_SLOW */
    int nwide;                /* characters past ASCII that begin a label (case folded)... */
    uint32_t wide_cp[SK_ALPHABET_MAX];
    unsigned char wide_tile[SK_ALPHABET_MAX]; /* ...and what they read as, as ascii[] */
} sk_word_reader;

typedef enum {
    SK_WORD_OK = 0,
    SK_WORD_BAD_UTF8,   /* the byte at *AT does not begin a UTF-8 character */
    SK_WORD_NOT_LETTER, /* the character at *AT is no letter of the alphabet */
    SK_WORD_TOO_LONG    /* more than SK_WORD_MAX tiles */
} sk_word_outcome;

/* A reader for alphabet A (NULL: A-Z) with FLAGS (SK_WORD_FOLD_ACCENTS). A is borrowed; R may
 * point to its own member, so it is not to be copied. */
void sk_word_reader_init(sk_word_reader *r, const sk_alphabet *a, int flags);
/* Reads TEXT[0..LEN) into OUT, *COUNT tiles; on failure *AT is the byte offset of the problem
 * (0 for TOO_LONG). A bad character wins over the length. */
sk_word_outcome sk_word_reader_read(const sk_word_reader *r, const char *text, size_t len,
                                    unsigned char out[SK_WORD_MAX], size_t *count, size_t *at);

/* ---- word lists -------------------------------------------------------------------------------
 * Reads TEXT as a word list (see sk_kwg_build) into WORDS (payload 0), sorted and distinct, with
 * OPTS' alphabet, name, skip_invalid and fold_accents (OPTS may be NULL). Updates STATS->lines,
 * duplicates, skipped, words when STATS is not NULL. Returns SK_OK, SK_EINVAL (errors
 * reported), SK_ENOMEM or SK_ETOOBIG. */
int sk_wordlist_read(sk_tilestrs *words, const char *text, size_t len,
                     const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                     sk_diag_list *diags);

/* ---- graph states -----------------------------------------------------------------------------
 * A state is one node of a sibling list whose rest is another state: (tile, accepts, arc, next),
 * packed in 64 bits; equal tuples are one state (hash-consing), so equal lists and equal tails
 * of lists are shared. State 0 is the empty list. arc and next are lower state indices, so the
 * array is in topological order. State indices are wider than the format's node index: the
 * builder can count the states of a list too big for one KWG, and then decide what to write. */
#define SK_KWG_STATE_BITS 28
#define SK_KWG_STATES_MAX (((size_t)1 << SK_KWG_STATE_BITS) - 1)
#define SK_KWG_KEY(tile, acc, arc, next)                                                           \
    ((uint64_t)(tile) << (2 * SK_KWG_STATE_BITS + 1) |                                             \
     (uint64_t)(acc) << (2 * SK_KWG_STATE_BITS) | (uint64_t)(arc) << SK_KWG_STATE_BITS |           \
     (uint64_t)(next))
static inline uint32_t sk_kwg_key_next(uint64_t k)
{
    return (uint32_t)(k & SK_KWG_STATES_MAX);
}
static inline uint32_t sk_kwg_key_arc(uint64_t k)
{
    return (uint32_t)((k >> SK_KWG_STATE_BITS) & SK_KWG_STATES_MAX);
}
static inline unsigned sk_kwg_key_acc(uint64_t k)
{
    return (unsigned)((k >> (2 * SK_KWG_STATE_BITS)) & 1);
}
static inline unsigned sk_kwg_key_tile(uint64_t k)
{
    return (unsigned)((k >> (2 * SK_KWG_STATE_BITS + 1)) & SK_KWG_TILE_MAX);
}

typedef struct {
    uint64_t *keys; /* keys[i] is state i; keys[0] = 0 */
    size_t count, cap;
    uint32_t *table; /* open addressing: state indices, 0 = empty */
    size_t mask;
    unsigned shift; /* 64 - log2(mask + 1): the hash's top bits index the table */
    size_t limit;   /* the most states that may be made (state 0 not counted) */
    int error;      /* first failure: SK_ENOMEM or SK_ETOOBIG (more than LIMIT states) */
} sk_kwg_states;

/* Sets ST up for about EXPECTED states and at most LIMIT (capped at SK_KWG_STATES_MAX). A KWG
 * writes every state at least once, so a graph of more than its node budget less the two root
 * pointers cannot fit, and the builder stops there. */
int sk_kwg_states_init(sk_kwg_states *st, size_t expected, size_t limit);
void sk_kwg_states_free(sk_kwg_states *st);
/* Frees the hash table (the keys stay); call once no more states will be made. */
void sk_kwg_states_drop_table(sk_kwg_states *st);

/* Builds the DAWG of WORDS (sorted, distinct) into ST and sets *ROOT to its root list (0 when
 * empty). Fills GADDAG (payload 4) with the GADDAG's strings: every word reversed, and for
 * every proper prefix P the string reverse(P) + separator carrying the DAWG list that follows
 * P. Returns SK_OK or ST's error. */
int sk_kwg_make_dawg(sk_kwg_states *st, const sk_tilestrs *words, sk_tilestrs *gaddag,
                     uint32_t *root);
/* Builds the GADDAG of STRS (sorted, distinct, from sk_kwg_make_dawg) into ST: a string ending
 * in the separator gets the separator node pointing at its payload's DAWG list. */
int sk_kwg_make_gaddag(sk_kwg_states *st, const sk_tilestrs *strs, uint32_t *root);

/* Places the states reachable from DAWG_ROOT and GADDAG_ROOT (0: a GADDAG root pointer to
 * nothing, a DAWG-only file) as KWG nodes: every list that is not the tail of another is written
 * once, contiguously; a list that is a tail is pointed into. Lists are placed parents first, so
 * normally every arc points forward (which makes loading cheap). *OUT (malloc'd, host order)
 * holds *COUNT nodes. Returns SK_OK, SK_ENOMEM or SK_ETOOBIG (more than MAX_NODES nodes, at most
 * SK_KWG_NODES_MAX; *COUNT is then the fewest nodes the graph needs). */
int sk_kwg_layout(uint32_t **out, size_t *count, const sk_kwg_states *st, uint32_t dawg_root,
                  uint32_t gaddag_root, size_t max_nodes);

/* sk_kwg_build with a node budget of MAX_NODES (at most SK_KWG_NODES_MAX) instead of the
 * format's: what sk_kwg_build does with a list too large, shown on small lists. */
int sk_kwg_build_within(uint32_t **out, size_t *count, const char *text, size_t len,
                        const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                        sk_diag_list *diags, size_t max_nodes);

/* ---- the lexicon ---------------------------------------------------------------------------- */
/* Calls FN for every word of LEX's DAWG in tile order as its tiles (1..63; words longer than
 * SK_WORD_MAX are not reported; sk_lexicon_foreach_word writes them as labels). Returns SK_OK,
 * or 1 when FN stopped it. */
typedef int (*sk_tiles_fn)(void *ctx, const uint8_t *tiles, size_t len);
int sk_lexicon_foreach_tiles(const sk_lexicon *lex, sk_tiles_fn fn, void *ctx);

/* The walk table of a lexicon of COUNT nodes (kwg_walk.c): the lexicon's nodes in an order of
 * the table's own (breadth first from the roots; nodes 0 and 1 keep their places, every arc is
 * renumbered), each a KWG node in its low 32 bits and the set of tiles of its child list in the
 * high 32 (bit t for tile t; bit 0 the separator; all 32 when a tile is above 30). An index
 * read from the table means a node of the table, never of the lexicon. For the move
 * generator. */
typedef struct sk_walk_table sk_walk_table;
/* The holder of a table not built yet: SK_OK or SK_ENOMEM. */
int sk_walk_table_new(sk_walk_table **out, size_t count);
void sk_walk_table_free(sk_walk_table *w);
/* The table, or NULL when it has not been built. Safe from any thread. */
const uint64_t *sk_lexicon_walk_nodes(const sk_lexicon *lex);
/* Builds the table if no one has, and returns it; NULL when out of memory (the lexicon is as
 * before, and a later call tries again) or while another thread builds it (the caller goes on
 * without it: one table is built at a time, so threads that ask at once do not each build one).
 * Safe from any thread. */
const uint64_t *sk_lexicon_build_walk_nodes(const sk_lexicon *lex);
/* How many tables sk_lexicon_build_walk_nodes has built for LEX: 0, then 1 for good (for
 * tests). Read it once no thread is building. */
unsigned long sk_lexicon_walk_builds(const sk_lexicon *lex);

/* The cross sets of the commonest cross words, read off the lexicon with its walk table (and
 * published with it): those of an empty square with a single tile next to it on one side of
 * the line across it, or on both. For tiles A and B below SK_WALK_CROSS_TILES, bit x of
 * BEFORE[B] is set when the GADDAG path B, x accepts (x B is a word, x the separator for the
 * one-letter word B), of AFTER[A] when the DAWG path A, x does (A x), and of BETWEEN[A][B] when
 * the DAWG path A, x, B does (A x B). Lists are searched as sk_kwg_find does. */
#define SK_WALK_CROSS_TILES 32
typedef struct {
    uint64_t before[SK_WALK_CROSS_TILES], after[SK_WALK_CROSS_TILES];
    uint64_t between[SK_WALK_CROSS_TILES][SK_WALK_CROSS_TILES];
} sk_walk_cross;
/* Those sets, or NULL when the walk table has not been built. Safe from any thread. */
const sk_walk_cross *sk_lexicon_walk_cross(const sk_lexicon *lex);

struct sk_lexicon {
    const uint32_t *nodes; /* host order */
    size_t count;
    void *map; /* the mmap, or NULL */
    size_t map_len;
    uint32_t *owned; /* malloc'd nodes, or NULL */
    int forward;     /* every arc points to a later node: acyclic by construction */
    int has_gaddag;
    unsigned max_tile;   /* the highest tile of any node (sk_lexicon_max_tile) */
    sk_walk_table *walk; /* its walk table, once built (kwg_walk.c) */
};

/* Wraps validated nodes. MAP/OWNED as in the struct; on failure they are released. FORWARD:
 * whether every arc points forward, MAX_TILE the highest tile (both from validation). */
int sk_lexicon_wrap(sk_lexicon **out, const uint32_t *nodes, size_t count, void *map,
                    size_t map_len, uint32_t *owned, int forward, unsigned max_tile);

/* 1 if every arc of NODES points to a later node (or is 0). */
int sk_kwg_arcs_forward(const uint32_t *nodes, size_t count);
/* Validates COUNT host-order NODES as sk_kwg_validate does (diagnostics in DIAGS, which may be
 * NULL), where they lie: no copy. On SK_OK, *FORWARD says whether every arc points forward and
 * *MAX_TILE is the highest tile (for sk_lexicon_wrap). */
int sk_kwg_check_nodes(const uint32_t *nodes, size_t count, sk_diag_list *diags, int *forward,
                       unsigned *max_tile);

/* Lists the nodes reachable from the roots in an order where every node comes after the nodes
 * its arc and its next sibling lead to (children first). *ORDER is malloc'd with *NORDER
 * entries. Returns SK_OK, SK_EINVAL with *CYCLE_AT set when a cycle is reachable, SK_ENOMEM. */
int sk_kwg_postorder(const uint32_t *nodes, size_t count, uint32_t **order, size_t *norder,
                     uint32_t *cycle_at);

#endif
