/* kwg_build.c — compiling a word list into a KWG (a DAWG and a GADDAG in one node array).
 *
 * Both graphs are built the same way from sorted, distinct strings: the sibling lists along the
 * path of the current string stay open, one per depth; when the next string leaves a path, the
 * lists below the point where it leaves are closed and turned into states from the last sibling
 * to the first, each state (tile, accepts, arc, next) looked up in a hash table so that equal
 * lists, and equal tails of lists, exist once. That yields the minimal graph directly, with no
 * trie in memory. While the DAWG is built, the GADDAG's strings are collected: each word
 * reversed, and for each proper prefix P the reversed P followed by the separator, whose node
 * points straight at the DAWG list that follows P (so the GADDAG reuses the DAWG for the part of
 * a word after the separator, as wolges does). Then those strings are sorted and built into the
 * GADDAG in the same table, and kwg_layout.c places the states.
 *
 * A KWG holds at most SK_KWG_NODES_MAX nodes, and every state takes one at least: the GADDAG
 * stops when its states pass that, and the layout when the lists it must write whole do. Then
 * the DAWG, whose states all come before the GADDAG's, is placed alone, with a warning
 * (docs/lexicon.md, "Lists too large for a GADDAG"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"

#define LEVELS (SK_WORD_MAX + 2)
#define PROGRESS_EVERY 65536

/* ---- states ---------------------------------------------------------------------------------- */
/* Fibonacci hashing: the top bits of the product depend on every bit of the key (tile and
 * accepts sit at its top), so the table takes those; SHIFT is 64 less its size's log2. */
static inline size_t slot_of(uint64_t key, unsigned shift)
{
    return (size_t)((key * 0x9E3779B97F4A7C15u) >> shift);
}

static int alloc_table(sk_kwg_states *st, size_t slots)
{
    uint32_t *t = calloc(slots, sizeof(*t));
    if (!t) return SK_ENOMEM;
    size_t mask = slots - 1;
    unsigned shift = 64;
    for (size_t n = slots; n > 1; n >>= 1)
        shift--;
    for (size_t s = 1; s < st->count; s++) {
        size_t i = slot_of(st->keys[s], shift);
        while (t[i])
            i = (i + 1) & mask;
        t[i] = (uint32_t)s;
    }
    free(st->table);
    st->table = t;
    st->mask = mask;
    st->shift = shift;
    return SK_OK;
}

int sk_kwg_states_init(sk_kwg_states *st, size_t expected, size_t limit)
{
    memset(st, 0, sizeof(*st));
    st->limit = limit < SK_KWG_STATES_MAX ? limit : SK_KWG_STATES_MAX;
    /* SOWPODS makes 1.22 states per GADDAG string; a little more avoids regrowing. */
    size_t want = expected + expected / 2;
    size_t cap = want < 1024 ? 1024 : want;
    if (cap > st->limit + 1) cap = st->limit + 1; /* state 0 besides */
    st->keys = malloc(cap * sizeof(*st->keys));
    if (!st->keys) return SK_ENOMEM;
    st->cap = cap;
    st->keys[0] = 0;
    st->count = 1;
    size_t slots = 1024;
    while (slots * 3 < cap * 4) /* at most 3/4 full at CAP states */
        slots *= 2;
    return alloc_table(st, slots);
}

void sk_kwg_states_free(sk_kwg_states *st)
{
    free(st->keys);
    free(st->table);
    memset(st, 0, sizeof(*st));
}

void sk_kwg_states_drop_table(sk_kwg_states *st)
{
    free(st->table);
    st->table = NULL;
    st->mask = 0;
}

/* Returns the state with KEY, making it if new; 0 after a failure (st->error says which). */
static uint32_t intern(sk_kwg_states *st, uint64_t key)
{
    size_t i = slot_of(key, st->shift);
    for (;;) {
        uint32_t s = st->table[i];
        if (s == 0) break;
        if (st->keys[s] == key) return s;
        i = (i + 1) & st->mask;
    }
    if (st->error) return 0;
    if (st->count > st->limit) { /* state 0 is no state made */
        st->error = SK_ETOOBIG;
        return 0;
    }
    if (st->count == st->cap) {
        size_t cap = st->cap * 2 > st->limit + 1 ? st->limit + 1 : st->cap * 2;
        uint64_t *k = realloc(st->keys, cap * sizeof(*k));
        if (!k) {
            st->error = SK_ENOMEM;
            return 0;
        }
        st->keys = k;
        st->cap = cap;
    }
    uint32_t s = (uint32_t)st->count++;
    st->keys[s] = key;
    st->table[i] = s;
    if (st->count * 4 > (st->mask + 1) * 3 && alloc_table(st, (st->mask + 1) * 2) != SK_OK)
        st->error = SK_ENOMEM;
    return s;
}

/* ---- building from sorted strings ------------------------------------------------------------ */
typedef struct {
    unsigned n;
    unsigned char tile[SK_KWG_TILE_MAX + 1];
    unsigned char acc[SK_KWG_TILE_MAX + 1];
    uint32_t arc[SK_KWG_TILE_MAX + 1];
} level;

typedef struct {
    sk_kwg_states *st;
    level *lv;                 /* LEVELS open sibling lists, one per depth */
    const unsigned char *path; /* the current string */
    sk_tilestrs *gaddag;       /* DAWG pass: where the GADDAG's strings go; else NULL */
    int rc;
} builder;

static uint32_t make_list(sk_kwg_states *st, const level *l)
{
    uint32_t next = 0;
    for (unsigned j = l->n; j-- > 0;)
        next = intern(st, SK_KWG_KEY(l->tile[j], l->acc[j], l->arc[j], next));
    return next;
}

/* Closes the list at depth D (the children of path[0..D)) and hangs it under its parent. */
static void close_level(builder *b, size_t d)
{
    level *l = &b->lv[d];
    if (l->n == 0) return;
    uint32_t head = make_list(b->st, l);
    l->n = 0;
    level *parent = &b->lv[d - 1];
    parent->arc[parent->n - 1] = head;
    if (b->gaddag && b->rc == SK_OK) {
        unsigned char rev[LEVELS];
        for (size_t i = 0; i < d; i++)
            rev[i] = b->path[d - 1 - i];
        rev[d] = SK_KWG_SEPARATOR;
        b->rc = sk_tilestrs_push(b->gaddag, rev, d + 1, head);
    }
}

/* Builds the graph of STRS; in the DAWG pass GADDAG collects strings, in the GADDAG pass
 * (GADDAG NULL) a string ending in the separator takes its payload as the separator's arc. */
static int build_sorted(sk_kwg_states *st, const sk_tilestrs *strs, sk_tilestrs *gaddag,
                        uint32_t *root)
{
    builder b = {.st = st, .gaddag = gaddag, .rc = SK_OK};
    b.lv = calloc(LEVELS, sizeof(level));
    if (!b.lv) return SK_ENOMEM;
    size_t plen = 0;
    for (size_t w = 0; w < strs->count && b.rc == SK_OK && st->error == SK_OK; w++) {
        size_t n;
        const unsigned char *s = sk_tilestrs_at(strs, w, &n);
        size_t lcp = 0, m = n < plen ? n : plen;
        while (lcp < m && s[lcp] == b.path[lcp])
            lcp++;
        for (size_t d = plen; d > lcp; d--)
            close_level(&b, d);
        for (size_t i = lcp; i < n; i++) {
            level *l = &b.lv[i];
            l->tile[l->n] = s[i];
            l->acc[l->n] = 0;
            l->arc[l->n] = 0;
            l->n++;
        }
        level *last = &b.lv[n - 1];
        if (!gaddag && s[n - 1] == SK_KWG_SEPARATOR)
            last->arc[last->n - 1] = sk_tilestrs_payload(strs, w);
        else
            last->acc[last->n - 1] = 1;
        if (gaddag && b.rc == SK_OK) {
            unsigned char rev[LEVELS];
            for (size_t i = 0; i < n; i++)
                rev[i] = s[n - 1 - i];
            b.rc = sk_tilestrs_push(gaddag, rev, n, 0);
        }
        b.path = s;
        plen = n;
    }
    for (size_t d = plen; d > 0 && b.rc == SK_OK; d--)
        close_level(&b, d);
    *root = b.rc == SK_OK ? make_list(st, &b.lv[0]) : 0;
    free(b.lv);
    if (b.rc != SK_OK) return b.rc;
    return st->error;
}

int sk_kwg_make_dawg(sk_kwg_states *st, const sk_tilestrs *words, sk_tilestrs *gaddag,
                     uint32_t *root)
{
    return build_sorted(st, words, gaddag, root);
}

int sk_kwg_make_gaddag(sk_kwg_states *st, const sk_tilestrs *strs, uint32_t *root)
{
    return build_sorted(st, strs, NULL, root);
}

/* ---- the whole build --------------------------------------------------------------------------*/
static void progress(const sk_kwg_build_options *opts, sk_kwg_stage stage, size_t done,
                     size_t total)
{
    if (opts && opts->progress) opts->progress(opts->progress_ctx, stage, done, total);
}

/* Sizes the GADDAG's strings exactly enough: one per word plus one per prefix at most. */
static int reserve_gaddag(sk_tilestrs *g, const sk_tilestrs *words, size_t *prefixes)
{
    size_t count = 0, bytes = 0, plen = 0;
    const unsigned char *prev = NULL;
    for (size_t w = 0; w < words->count; w++) {
        size_t n;
        const unsigned char *s = sk_tilestrs_at(words, w, &n);
        size_t lcp = 0, m = n < plen ? n : plen;
        while (lcp < m && s[lcp] == prev[lcp])
            lcp++;
        /* new prefixes have lengths lcp+1..n; each may become "reversed prefix + separator" */
        count += 1 + (n - lcp);
        bytes += n + 5 + (n * (n + 1) - lcp * (lcp + 1)) / 2 + (n - lcp) * 6;
        prev = s;
        plen = n;
    }
    *prefixes = count;
    return sk_tilestrs_reserve(g, count, bytes);
}

/* Says that the GADDAG did not fit and what the DAWG-only KWG written instead can do. NEED: the
 * fewest nodes the whole graph needs, 0 when the build stopped before knowing. */
static void warn_dawg_only(sk_diag_list *diags, size_t max_nodes, size_t need, size_t nodes)
{
    char needs[64];
    if (need)
        snprintf(needs, sizeof(needs), "at least %zu nodes, a KWG holds %zu", need, max_nodes);
    else
        snprintf(needs, sizeof(needs), "more than %zu nodes", max_nodes);
    /* (at most SK_DIAG_MSG_MAX - 1 characters) */
    sk_diag_add(diags, SK_SEV_WARNING, SK_DIAG_NO_OFFSET,
                "the word list is too large for a KWG with a GADDAG (it needs %s): wrote the DAWG "
                "only (%zu nodes), for lookups and anagrams but not move generation",
                needs, nodes);
}

int sk_kwg_build_within(uint32_t **out, size_t *count, const char *text, size_t len,
                        const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                        sk_diag_list *diags, size_t max_nodes)
{
    sk_kwg_build_stats local;
    if (!stats) stats = &local;
    memset(stats, 0, sizeof(*stats));
    *out = NULL;
    *count = 0;
    if (max_nodes > SK_KWG_NODES_MAX) max_nodes = SK_KWG_NODES_MAX;
    sk_tilestrs words, gstrs;
    sk_kwg_states st;
    sk_tilestrs_init(&words, 0);
    sk_tilestrs_init(&gstrs, 4);
    memset(&st, 0, sizeof(st));
    uint32_t dawg_root = 0, gaddag_root = 0;
    size_t dawg_states = 0, need = 0;

    progress(opts, SK_KWG_STAGE_READ, 0, len);
    int rc = sk_wordlist_read(&words, text, len, opts, stats, diags);
    if (rc != SK_OK) goto cleanup;

    progress(opts, SK_KWG_STAGE_DAWG, 0, words.count);
    size_t prefixes = 0;
    rc = reserve_gaddag(&gstrs, &words, &prefixes);
    /* every state becomes a node at least once, beside the two root pointers */
    if (rc == SK_OK) rc = sk_kwg_states_init(&st, prefixes, max_nodes < 2 ? 0 : max_nodes - 2);
    if (rc == SK_OK) rc = sk_kwg_make_dawg(&st, &words, &gstrs, &dawg_root);
    sk_tilestrs_free(&words);
    if (rc != SK_OK) goto cleanup;
    dawg_states = st.count;

    progress(opts, SK_KWG_STAGE_GADDAG, 0, gstrs.count);
    rc = sk_tilestrs_sort(&gstrs);
    if (rc == SK_OK) rc = sk_kwg_make_gaddag(&st, &gstrs, &gaddag_root);
    sk_tilestrs_free(&gstrs);
    sk_kwg_states_drop_table(&st);
    if (rc == SK_OK) {
        progress(opts, SK_KWG_STAGE_LAYOUT, 0, st.count);
        rc = sk_kwg_layout(out, count, &st, dawg_root, gaddag_root, max_nodes);
        if (rc == SK_ETOOBIG) need = *count;
    }
    if (rc == SK_ETOOBIG) {
        /* The GADDAG does not fit. Its states came after the DAWG's, which never lead to them:
         * dropping them leaves the DAWG whole, and that is written alone (docs/lexicon.md,
         * "Other languages"). */
        st.count = dawg_states;
        st.error = SK_OK;
        progress(opts, SK_KWG_STAGE_LAYOUT, 0, st.count);
        rc = sk_kwg_layout(out, count, &st, dawg_root, 0, max_nodes);
        if (rc == SK_OK) {
            stats->dawg_only = 1;
            warn_dawg_only(diags, max_nodes, need, *count);
        }
    }
    if (rc != SK_OK) {
        *count = 0;
        goto cleanup;
    }
    stats->states = st.count;
    stats->nodes = *count;
    progress(opts, SK_KWG_STAGE_DONE, *count, *count);

cleanup:
    sk_tilestrs_free(&words);
    sk_tilestrs_free(&gstrs);
    sk_kwg_states_free(&st);
    if (rc == SK_ETOOBIG)
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "the word list is too large to compile: a KWG holds at most %zu nodes, and "
                    "even its DAWG alone needs more",
                    max_nodes);
    return rc;
}

int sk_kwg_build(uint32_t **out, size_t *count, const char *text, size_t len,
                 const sk_kwg_build_options *opts, sk_kwg_build_stats *stats, sk_diag_list *diags)
{
    return sk_kwg_build_within(out, count, text, len, opts, stats, diags, SK_KWG_NODES_MAX);
}

int sk_lexicon_from_wordlist(sk_lexicon **out, const char *text, size_t len,
                             const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                             sk_diag_list *diags)
{
    *out = NULL;
    uint32_t *nodes;
    size_t count;
    int rc = sk_kwg_build(&nodes, &count, text, len, opts, stats, diags);
    if (rc != SK_OK) return rc;
    return sk_lexicon_adopt(out, nodes, count);
}
