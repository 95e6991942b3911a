/* kwg_strings.c — strings of tiles kept in one arena, and an MSD radix sort for them (the word
 * list when it is not sorted already, and the GADDAG's strings, which never are). Used only by
 * the KWG builder. */
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"

#define RADIX_BUCKETS 66    /* key 0 = the string ended; tile t -> t + 1 (t <= 64) */
#define INSERTION_CUTOFF 24 /* buckets this small are finished by insertion sort */

void sk_tilestrs_init(sk_tilestrs *s, int payload)
{
    memset(s, 0, sizeof(*s));
    s->payload = payload;
}

void sk_tilestrs_free(sk_tilestrs *s)
{
    free(s->bytes);
    free(s->offs);
    memset(s, 0, sizeof(*s));
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return SK_OK;
    size_t n = *cap ? *cap : 1024;
    while (n < need) {
        if (n > ((size_t)-1 / 2) / elem) return SK_ENOMEM;
        n *= 2;
    }
    void *q = realloc(*p, n * elem);
    if (!q) return SK_ENOMEM;
    *p = q;
    *cap = n;
    return SK_OK;
}

int sk_tilestrs_reserve(sk_tilestrs *s, size_t count, size_t bytes)
{
    if (bytes > SK_TILESTRS_ARENA_MAX - s->len) return SK_ETOOBIG;
    int rc = grow((void **)&s->bytes, &s->cap, s->len + bytes, 1);
    if (rc == SK_OK) rc = grow((void **)&s->offs, &s->offs_cap, s->count + count, sizeof(uint32_t));
    return rc;
}

int sk_tilestrs_push(sk_tilestrs *s, const unsigned char *tiles, size_t n, uint32_t payload)
{
    size_t need = 1 + n + (size_t)s->payload;
    if (s->len + need > s->cap || s->count == s->offs_cap) {
        int rc = sk_tilestrs_reserve(s, 1, need);
        if (rc != SK_OK) return rc;
    }
    unsigned char *p = s->bytes + s->len;
    p[0] = (unsigned char)n;
    memcpy(p + 1, tiles, n);
    if (s->payload) {
        p += 1 + n;
        p[0] = (unsigned char)payload;
        p[1] = (unsigned char)(payload >> 8);
        p[2] = (unsigned char)(payload >> 16);
        p[3] = (unsigned char)(payload >> 24);
    }
    s->offs[s->count++] = (uint32_t)s->len;
    s->len += need;
    return SK_OK;
}

/* Compares the strings at arena offsets A and B from position DEPTH on. */
static int cmp_from(const unsigned char *arena, uint32_t a, uint32_t b, size_t depth)
{
    size_t la = arena[a], lb = arena[b];
    size_t n = la < lb ? la : lb;
    if (depth < n) {
        int c = memcmp(arena + a + 1 + depth, arena + b + 1 + depth, n - depth);
        if (c) return c;
    }
    return (la > lb) - (la < lb);
}

int sk_tilestrs_cmp(const sk_tilestrs *s, size_t i, size_t j)
{
    return cmp_from(s->bytes, s->offs[i], s->offs[j], 0);
}

static void insertion_sort(const unsigned char *arena, uint32_t *a, size_t n, size_t depth)
{
    for (size_t i = 1; i < n; i++) {
        uint32_t v = a[i];
        size_t j = i;
        while (j > 0 && cmp_from(arena, a[j - 1], v, depth) > 0) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

static inline unsigned radix_key(const unsigned char *arena, uint32_t off, size_t depth)
{
    return depth < arena[off] ? (unsigned)arena[off + 1 + depth] + 1 : 0;
}

/* Sorts A[0..N) by the tiles from DEPTH on, using TMP[0..N) as scratch. The recursion depth is
 * bounded by the longest string (at most 255). */
static void radix_sort(const unsigned char *arena, uint32_t *a, uint32_t *tmp, size_t n,
                       size_t depth)
{
    while (n >= INSERTION_CUTOFF) {
        size_t count[RADIX_BUCKETS] = {0};
        for (size_t i = 0; i < n; i++)
            count[radix_key(arena, a[i], depth)]++;
        /* All strings share this tile (common deep down): go one level deeper at no cost. */
        unsigned only = radix_key(arena, a[0], depth);
        if (count[only] == n) {
            if (only == 0) return; /* all ended: equal strings */
            depth++;
            continue;
        }
        size_t start[RADIX_BUCKETS], pos = 0;
        for (unsigned b = 0; b < RADIX_BUCKETS; b++) {
            start[b] = pos;
            pos += count[b];
        }
        size_t fill[RADIX_BUCKETS];
        memcpy(fill, start, sizeof(fill));
        for (size_t i = 0; i < n; i++)
            tmp[fill[radix_key(arena, a[i], depth)]++] = a[i];
        memcpy(a, tmp, n * sizeof(*a));
        /* Bucket 0 holds strings that ended here: all equal, nothing to sort. */
        for (unsigned b = 1; b < RADIX_BUCKETS; b++)
            if (count[b] > 1) radix_sort(arena, a + start[b], tmp + start[b], count[b], depth + 1);
        return;
    }
    insertion_sort(arena, a, n, depth);
}

int sk_tilestrs_sort(sk_tilestrs *s)
{
    if (s->count < 2) return SK_OK;
    uint32_t *tmp = malloc(s->count * sizeof(*tmp));
    if (!tmp) return SK_ENOMEM;
    radix_sort(s->bytes, s->offs, tmp, s->count, 0);
    free(tmp);
    return SK_OK;
}

int sk_tilestrs_strictly_sorted(const sk_tilestrs *s)
{
    for (size_t i = 1; i < s->count; i++)
        if (sk_tilestrs_cmp(s, i - 1, i) >= 0) return 0;
    return 1;
}

size_t sk_tilestrs_dedup(sk_tilestrs *s)
{
    if (s->count < 2) return 0;
    size_t w = 1;
    for (size_t i = 1; i < s->count; i++)
        if (cmp_from(s->bytes, s->offs[w - 1], s->offs[i], 0) != 0) s->offs[w++] = s->offs[i];
    size_t dropped = s->count - w;
    s->count = w;
    return dropped;
}
