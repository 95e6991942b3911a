/* internal/wordmap.h — the word map's build with its size limit as a parameter, for the tests,
 * and its lookups by a key's hash worked out once (sk_wordmap_hash), for a caller that asks
 * for a lookup ahead (sk_wordmap_prefetch) and then makes it. */
#ifndef SKRAB_INTERNAL_WORDMAP_H
#define SKRAB_INTERNAL_WORDMAP_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/wordmap.h"

/* The most bytes the map's words (with a 4-byte header per anagram class) may take: a lookup
 * slot keeps where a class's words are as a 24-bit count of 4-byte units. */
#define SK_WORDMAP_LETTERS_MAX ((size_t)4 << 24)
/* The most bytes the whole map may take, its lookup and blank tables counted before it is made
 * (SOWPODS takes 21 MB; the Polish list's words of at most 12 letters would take 368 MB). */
#define SK_WORDMAP_BYTES_MAX ((size_t)256 << 20)

/* sk_wordmap_build with LETTERS_MAX in place of SK_WORDMAP_LETTERS_MAX and BYTES_MAX in place
 * of SK_WORDMAP_BYTES_MAX: SK_EINVAL when the words, or the whole map, would take more. */
int sk_wordmap_build_within(sk_wordmap **out, const sk_lexicon *lex, size_t letters_max,
                            size_t bytes_max);

/* The hash of KEY that places it in the map's tables. */
static inline uint64_t sk_wordmap_hash(sk_wm_key k)
{
    uint64_t h =
        k.lo * 0x9E3779B97F4A7C15ull ^ (k.hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    return h;
}

/* sk_wordmap_find, sk_wordmap_blank_letters and sk_wordmap_prefetch of a key whose hash
 * (sk_wordmap_hash) is HASH. */
const uint8_t *sk_wordmap_find_hashed(const sk_wordmap *wm, sk_wm_key key, uint64_t hash,
                                      unsigned *count, unsigned *len);
uint64_t sk_wordmap_blank_letters_hashed(const sk_wordmap *wm, uint64_t hash);
/* 0 when no class of the map has a key of hash HASH (the map's filter: one read of 1 MB,
 * where sk_wordmap_find_hashed reads the lookup table too); 1 when one may have. */
int sk_wordmap_may_hold_hashed(const sk_wordmap *wm, uint64_t hash);
void sk_wordmap_prefetch_hashed(const sk_wordmap *wm, uint64_t hash, int blank);

#endif
