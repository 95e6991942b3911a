/* wordmap.c — a lexicon's anagram classes in an open-addressing hash table (see wordmap.h).
 * Two passes over the DAWG's words: the first makes the classes and counts their words, the
 * second writes each word into its class's slice of one letters array. The lookup table is made
 * from the classes last: each slot holds a class's key and where its words are, so a lookup
 * reads the slot and then the words, and nothing in between. */
#include <stdlib.h>
#include <string.h>

#include "internal/hugemap.h"
#include "internal/kwg.h"
#include "internal/wordmap.h"
#include "skrab/board.h"
#include "skrab/error.h"
#include "skrab/wordmap.h"

typedef struct {
    uint64_t lo, hi;
    uint32_t first; /* its words in letters[] */
    uint32_t count; /* words so far (pass 1), written so far (pass 2) */
    uint32_t total;
    uint8_t len;
} wm_class;

/* A slot of the lookup table: a class's key (sk_wm_key) and where in letters[] its header is, in
 * 4-byte units (a uint32_t: word count << 8 | length), its words right after it. In a map of
 * letters 1..26 (narrow), letters 17..26 take the low 40 bits of hi and the place its top 24
 * bits; in a wide map (letters up to 32) hi is all key and the place is in where[], slot by
 * slot. Both key parts 0: empty (no word is empty). */
typedef struct {
    uint64_t lo, hi;
} wm_slot;

#define KEY_HI_MASK ((UINT64_C(1) << 40) - 1)
#define UNIT 4 /* bytes: a class's header and words start at a multiple */

struct sk_wordmap {
    const sk_lexicon *lex;
    size_t lex_nodes;
    wm_slot *table;   /* the lookup table (mask + 1 slots), made last */
    uint64_t *slots;  /* while building: 0 empty; else hash's high half << 32 | (class index + 1) */
    uint64_t *filter; /* a blocked Bloom filter of the keys: most lookups find nothing, and
                         this answers them from 1 MB instead of the slots' several */
    uint32_t mask;
    wm_class *classes;
    size_t nclasses, cap_classes, nwords;
    uint8_t *letters;
    size_t nletters;
    int letters_mapped; /* letters is the lookup table's (sk_huge_alloc), not the build's */
    /* the blank table: for each multiset one letter short of a class, the letters that complete
     * it; slot = the hash's top 6 bits << 26 | letters 1..26 in bits 0..25 (never 0), or in a
     * wide map (bslots64) its top 8 bits << 56 | letters 1..32 in bits 0..31. It keeps
     * no keys: a key shares the first slot of its probe run whose 6 bits are its own, so a mask
     * may hold extra letters, rarely, which the class lookup that follows turns away. */
    uint32_t *bslots;
    uint64_t *bslots64; /* the blank table of a wide map: 8 hash bits above letters 1..32 */
    uint32_t bmask;
    int wide;         /* a word holds a letter above 26 (see wm_slot) */
    uint64_t hi_mask; /* the bits of a slot's hi that are key */
    uint32_t *where;  /* a wide map's places, by slot */
    size_t nblank;
    size_t blank_slots; /* the blank table's size, worked out once the classes are known */
};

#define FILTER_WORDS (1u << 17)

/* The filter's word for hash H, and the two bits of it H sets. */
static size_t filter_at(uint64_t h)
{
    return (size_t)(h >> 47);
}
static uint64_t filter_bits(uint64_t h)
{
    return (uint64_t)1 << (h >> 32 & 63) | (uint64_t)1 << (h >> 38 & 63);
}

/* 0 when the filter says no key of hash H is in the map; 1 when one may be. */
static int filter_may_hold(const sk_wordmap *wm, uint64_t h)
{
    uint64_t bits = filter_bits(h);
    return (wm->filter[filter_at(h)] & bits) == bits;
}

/* While building: the class of KEY, or -1 when there is none. */
static long find_class(const sk_wordmap *wm, sk_wm_key key)
{
    uint64_t h = sk_wordmap_hash(key);
    if (!filter_may_hold(wm, h)) return -1;
    uint32_t fp = (uint32_t)(h >> 32);
    for (size_t i = h & wm->mask;; i = (i + 1) & wm->mask) {
        uint64_t s = wm->slots[i];
        if (!s) return -1;
        if ((uint32_t)(s >> 32) != fp) continue;
        const wm_class *c = &wm->classes[(uint32_t)s - 1];
        if (c->lo == key.lo && c->hi == key.hi) return (long)((uint32_t)s - 1);
    }
}

typedef struct {
    sk_wordmap *wm;
    int pass, failed; /* failed: SK_ENOMEM or SK_EINVAL */
} build_ctx;

static int on_word(void *vctx, const uint8_t *word, size_t len)
{
    build_ctx *ctx = vctx;
    sk_wordmap *wm = ctx->wm;
    if (len > SK_BOARD_MAX) return 0; /* never fits a board */
    sk_wm_key key = {0, 0};
    uint8_t tiles[SK_BOARD_MAX];
    for (size_t i = 0; i < len; i++) {
        unsigned t = word[i];
        if (t < 1 || t > SK_WM_LETTERS || sk_wm_key_count(&key, t) == 15) {
            ctx->failed = SK_EINVAL;
            return 1;
        }
        sk_wm_key_add(&key, t);
        tiles[i] = (uint8_t)t;
        wm->wide |= t > 26;
    }
    long at = find_class(wm, key);
    if (ctx->pass == 2) {
        wm_class *c = &wm->classes[at];
        memcpy(&wm->letters[c->first + (size_t)c->count * len], tiles, len);
        c->count++;
        return 0;
    }
    if (at < 0) {
        if (wm->nclasses == wm->cap_classes || wm->nclasses >= wm->mask / 2) {
            ctx->failed = SK_ENOMEM; /* more classes than the table was sized for */
            return 1;
        }
        at = (long)wm->nclasses++;
        wm->classes[at] = (wm_class){key.lo, key.hi, 0, 0, 0, (uint8_t)len};
        uint64_t h = sk_wordmap_hash(key);
        size_t i = h & wm->mask;
        while (wm->slots[i])
            i = (i + 1) & wm->mask;
        wm->slots[i] = (h >> 32) << 32 | (uint64_t)(at + 1);
        wm->filter[filter_at(h)] |= filter_bits(h);
    }
    wm->classes[at].total++;
    wm->nwords++;
    return 0;
}

/* KEY less one letter T (counted in KEY). */
static sk_wm_key key_less(sk_wm_key key, unsigned t)
{
    if (t <= 16)
        key.lo -= (uint64_t)1 << (4 * (t - 1));
    else
        key.hi -= (uint64_t)1 << (4 * (t - 17));
    return key;
}

#define BLANK_LETTERS ((UINT32_C(1) << 26) - 1)
#define WIDE_LETTERS UINT64_C(0xFFFFFFFF)

/* The bits of hash H a blank-table slot of WM keeps. */
static uint64_t blank_fp(const sk_wordmap *wm, uint64_t h)
{
    return wm->wide ? h >> 56 << 56 : (uint64_t)(uint32_t)(h >> 58) << 26;
}

/* Slot AT of WM's blank table, narrow or wide. */
static uint64_t bslot(const sk_wordmap *wm, size_t at)
{
    return wm->wide ? wm->bslots64[at] : wm->bslots[at];
}

/* The slots of the blank table of WM's classes. */
static size_t blank_slots(const sk_wordmap *wm)
{
    unsigned last = wm->wide ? SK_WM_LETTERS : 26;
    size_t most = 0; /* one entry per class and letter it holds, at most */
    for (size_t i = 0; i < wm->nclasses; i++) {
        sk_wm_key key = {wm->classes[i].lo, wm->classes[i].hi};
        for (unsigned t = 1; t <= last; t++)
            most += sk_wm_key_count(&key, t) != 0;
    }
    size_t slots = 1024;
    while (slots < most + most / 8) /* the entries are fewer: keys of several classes merge */
        slots *= 2;
    return slots;
}

/* The slots of the lookup table of WM's classes. */
static size_t table_slots(const sk_wordmap *wm)
{
    size_t slots = 1024;
    while (slots < 2 * wm->nclasses + 2)
        slots *= 2;
    return slots;
}

/* Fills the blank table from the classes; 0 when out of memory. */
static int build_blank_table(sk_wordmap *wm)
{
    unsigned last = wm->wide ? SK_WM_LETTERS : 26;
    uint64_t letters = wm->wide ? WIDE_LETTERS : BLANK_LETTERS;
    size_t slots = wm->blank_slots;
    if (wm->wide)
        wm->bslots64 = sk_huge_alloc(slots * sizeof(*wm->bslots64));
    else
        wm->bslots = sk_huge_alloc(slots * sizeof(*wm->bslots));
    if (!wm->bslots && !wm->bslots64) return 0;
    wm->bmask = (uint32_t)(slots - 1);
    for (size_t i = 0; i < wm->nclasses; i++) {
        sk_wm_key key = {wm->classes[i].lo, wm->classes[i].hi};
        for (unsigned t = 1; t <= last; t++) {
            if (!sk_wm_key_count(&key, t)) continue;
            uint64_t h = sk_wordmap_hash(key_less(key, t));
            uint64_t fp = blank_fp(wm, h);
            size_t at = h & wm->bmask;
            while (bslot(wm, at) && (bslot(wm, at) & ~letters) != fp)
                at = (at + 1) & wm->bmask;
            if (!bslot(wm, at)) wm->nblank++;
            uint64_t v = fp | UINT64_C(1) << (t - 1);
            if (wm->wide)
                wm->bslots64[at] |= v;
            else
                wm->bslots[at] |= (uint32_t)v;
        }
    }
    return 1;
}

/* The bytes class C takes in the lookup table's letters: its header and words, padded. */
static size_t class_bytes(const wm_class *c)
{
    return (sizeof(uint32_t) + (size_t)c->total * c->len + UNIT - 1) / UNIT * UNIT;
}

/* Makes the lookup table from the classes, and writes each class's header before its words
 * (the letters array is made anew); frees what only the build needed (the build's hash slots
 * are gone already). SK_EINVAL when the
 * letters would take more than LETTERS_MAX bytes. */
static int make_table(sk_wordmap *wm, size_t letters_max)
{
    size_t bytes = 0;
    for (size_t i = 0; i < wm->nclasses; i++)
        bytes += class_bytes(&wm->classes[i]);
    if (bytes > letters_max || bytes > SK_WORDMAP_LETTERS_MAX) return SK_EINVAL;
    size_t slots = table_slots(wm);
    /* the tables the lookups read at random, where huge pages may back them */
    wm_slot *table = sk_huge_alloc(slots * sizeof(*table));
    uint8_t *letters = sk_huge_alloc(bytes ? bytes : 1);
    uint32_t *where = wm->wide ? malloc(slots * sizeof(*where)) : NULL;
    if (!table || !letters || (wm->wide && !where)) {
        sk_huge_free(table, slots * sizeof(*table));
        sk_huge_free(letters, bytes ? bytes : 1);
        free(where);
        return SK_ENOMEM;
    }
    size_t at = 0;
    for (size_t i = 0; i < wm->nclasses; i++) {
        const wm_class *c = &wm->classes[i];
        uint32_t header = c->total << 8 | c->len;
        memset(&letters[at], 0, class_bytes(c));
        memcpy(&letters[at], &header, sizeof(header));
        memcpy(&letters[at + sizeof(header)], &wm->letters[c->first], (size_t)c->total * c->len);
        sk_wm_key key = {c->lo, c->hi};
        size_t s = sk_wordmap_hash(key) & (slots - 1);
        while (table[s].lo || table[s].hi)
            s = (s + 1) & (slots - 1);
        if (where) {
            table[s] = (wm_slot){c->lo, c->hi};
            where[s] = (uint32_t)(at / UNIT);
        } else {
            table[s] = (wm_slot){c->lo, c->hi | (uint64_t)(at / UNIT) << 40};
        }
        at += class_bytes(c);
    }
    free(wm->letters);
    free(wm->classes);
    wm->letters = letters;
    wm->nletters = bytes;
    wm->letters_mapped = 1;
    wm->classes = NULL;
    wm->table = table;
    wm->where = where;
    wm->hi_mask = where ? ~UINT64_C(0) : KEY_HI_MASK;
    wm->mask = (uint32_t)(slots - 1);
    return SK_OK;
}

static int count_word(void *vctx, const uint8_t *word, size_t len)
{
    (void)word;
    if (len <= SK_BOARD_MAX) ++*(size_t *)vctx;
    return 0;
}

int sk_wordmap_build(sk_wordmap **out, const sk_lexicon *lex)
{
    return sk_wordmap_build_within(out, lex, SK_WORDMAP_LETTERS_MAX, SK_WORDMAP_BYTES_MAX);
}

int sk_wordmap_build_within(sk_wordmap **out, const sk_lexicon *lex, size_t letters_max,
                            size_t bytes_max)
{
    *out = NULL;
    if (!sk_lexicon_dawg_root(lex)) return SK_EINVAL;
    size_t words = 0;
    sk_lexicon_foreach_tiles(lex, count_word, &words);
    sk_wordmap *wm = calloc(1, sizeof(*wm));
    if (!wm) return SK_ENOMEM;
    wm->lex = lex;
    wm->lex_nodes = sk_lexicon_node_count(lex);
    size_t slots = 1024;
    while (slots < 2 * words + 2)
        slots *= 2;
    wm->mask = (uint32_t)(slots - 1);
    wm->cap_classes = words + 1;
    wm->slots = calloc(slots, sizeof(*wm->slots));
    wm->classes = malloc(wm->cap_classes * sizeof(*wm->classes));
    wm->filter = calloc(FILTER_WORDS, sizeof(*wm->filter));
    build_ctx ctx = {wm, 1, 0};
    if (!wm->slots || !wm->classes || !wm->filter) ctx.failed = SK_ENOMEM;
    if (!ctx.failed) sk_lexicon_foreach_tiles(lex, on_word, &ctx);
    /* the whole map, known from the classes before their words are written: too large, it is
     * not made at all (a speed-up is not worth that memory; callers do without) */
    if (!ctx.failed) {
        wm->blank_slots = blank_slots(wm);
        size_t bytes = table_slots(wm) * (sizeof(wm_slot) + (wm->wide ? sizeof(uint32_t) : 0)) +
                       wm->blank_slots * (wm->wide ? sizeof(uint64_t) : sizeof(uint32_t)) +
                       wm->nwords * sizeof(uint32_t) + FILTER_WORDS * sizeof(uint64_t);
        if (bytes > bytes_max) ctx.failed = SK_EINVAL;
    }
    if (!ctx.failed && wm->nclasses) { /* give back what the classes did not need */
        wm_class *fit = realloc(wm->classes, wm->nclasses * sizeof(*fit));
        if (fit) {
            wm->classes = fit;
            wm->cap_classes = wm->nclasses;
        }
    }
    if (!ctx.failed) {
        for (size_t i = 0; i < wm->nclasses; i++) {
            wm->classes[i].first = (uint32_t)wm->nletters;
            wm->nletters += (size_t)wm->classes[i].total * wm->classes[i].len;
        }
        wm->letters = malloc(wm->nletters ? wm->nletters : 1);
        if (!wm->letters) ctx.failed = SK_ENOMEM;
    }
    if (!ctx.failed) {
        ctx.pass = 2;
        sk_lexicon_foreach_tiles(lex, on_word, &ctx);
    }
    /* the classes are all found: their hash slots would only add to the peak of the tables
     * made next */
    free(wm->slots);
    wm->slots = NULL;
    if (!ctx.failed && !build_blank_table(wm)) ctx.failed = SK_ENOMEM;
    if (!ctx.failed) ctx.failed = make_table(wm, letters_max);
    if (ctx.failed) {
        sk_wordmap_free(wm);
        return ctx.failed;
    }
    *out = wm;
    return SK_OK;
}

void sk_wordmap_free(sk_wordmap *wm)
{
    if (!wm) return;
    if (wm->table) sk_huge_free(wm->table, ((size_t)wm->mask + 1) * sizeof(*wm->table));
    free(wm->slots);
    size_t blank = (size_t)wm->bmask + 1;
    sk_huge_free(wm->bslots, blank * sizeof(*wm->bslots));
    sk_huge_free(wm->bslots64, blank * sizeof(*wm->bslots64));
    free(wm->where);
    free(wm->filter);
    free(wm->classes);
    if (wm->letters_mapped)
        sk_huge_free(wm->letters, wm->nletters ? wm->nletters : 1);
    else
        free(wm->letters);
    free(wm);
}

int sk_wordmap_of(const sk_wordmap *wm, const sk_lexicon *lex)
{
    return wm && wm->lex == lex && wm->lex_nodes == sk_lexicon_node_count(lex);
}

const uint8_t *sk_wordmap_find_hashed(const sk_wordmap *wm, sk_wm_key key, uint64_t h,
                                      unsigned *count, unsigned *len)
{
    *count = 0;
    *len = 0;
    if (!filter_may_hold(wm, h)) return NULL;
    for (size_t i = h & wm->mask;; i = (i + 1) & wm->mask) {
        const wm_slot *s = &wm->table[i];
        if (s->lo == key.lo && (s->hi & wm->hi_mask) == key.hi) {
            size_t place = wm->where ? wm->where[i] : (size_t)(s->hi >> 40);
            const uint8_t *at = &wm->letters[place * UNIT];
            uint32_t header;
            memcpy(&header, at, sizeof(header));
            *count = header >> 8;
            *len = header & 0xFF;
            return at + sizeof(header);
        }
        if (!s->lo && !s->hi) return NULL;
    }
}

const uint8_t *sk_wordmap_find(const sk_wordmap *wm, sk_wm_key key, unsigned *count, unsigned *len)
{
    return sk_wordmap_find_hashed(wm, key, sk_wordmap_hash(key), count, len);
}

int sk_wordmap_may_hold_hashed(const sk_wordmap *wm, uint64_t h)
{
    return filter_may_hold(wm, h);
}

uint64_t sk_wordmap_blank_letters_hashed(const sk_wordmap *wm, uint64_t h)
{
    uint64_t fp = blank_fp(wm, h), letters = wm->wide ? WIDE_LETTERS : BLANK_LETTERS;
    for (size_t at = h & wm->bmask;; at = (at + 1) & wm->bmask) {
        uint64_t s = bslot(wm, at);
        if (!s) return 0;
        if ((s & ~letters) == fp) return (s & letters) << 1;
    }
}

uint64_t sk_wordmap_blank_letters(const sk_wordmap *wm, sk_wm_key key)
{
    return sk_wordmap_blank_letters_hashed(wm, sk_wordmap_hash(key));
}

void sk_wordmap_prefetch_hashed(const sk_wordmap *wm, uint64_t h, int blank)
{
    if (blank) {
        if (wm->wide)
            __builtin_prefetch(&wm->bslots64[h & wm->bmask]);
        else
            __builtin_prefetch(&wm->bslots[h & wm->bmask]);
        return;
    }
    __builtin_prefetch(&wm->filter[filter_at(h)]);
    __builtin_prefetch(&wm->table[h & wm->mask]);
}

void sk_wordmap_prefetch(const sk_wordmap *wm, sk_wm_key key, int blank)
{
    sk_wordmap_prefetch_hashed(wm, sk_wordmap_hash(key), blank);
}

void sk_wordmap_stats(const sk_wordmap *wm, size_t *classes, size_t *words, size_t *bytes)
{
    *classes = wm->nclasses;
    *words = wm->nwords;
    *bytes = sizeof(*wm) + ((size_t)wm->mask + 1) * sizeof(*wm->table) + wm->nletters +
             FILTER_WORDS * sizeof(*wm->filter) +
             ((size_t)wm->bmask + 1) * (wm->wide ? sizeof(*wm->bslots64) : sizeof(*wm->bslots)) +
             (wm->where ? ((size_t)wm->mask + 1) * sizeof(*wm->where) : 0);
}
