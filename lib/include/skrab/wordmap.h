/* wordmap.h — a lexicon's words by letter multiset (anagram classes), for the best-move search:
 * a placement window with its board letters and a choice of rack tiles is tested by one hash
 * lookup instead of a graph walk (the idea of MAGPIE's "word map", built here in memory from
 * the lexicon's DAWG: 21 MB for SOWPODS, with the blank table; docs/engine.md, "The word map").
 * A multiset is a key of 32 four-bit letter counts (sk_wm_key); keys add letter by letter. */
#ifndef SKRAB_WORDMAP_H
#define SKRAB_WORDMAP_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/lexicon.h"

/* The letters a key holds: 1..SK_WM_LETTERS (every built-in tile set's; Polish has 32). A
 * lexicon or tile set with more has no word map. */
#define SK_WM_LETTERS 32

typedef struct {
    uint64_t lo, hi; /* letter t (1..32) counts in bits 4(t-1).. of lo (t <= 16), of hi (t > 16) */
} sk_wm_key;

/* KEY plus one letter T (1..SK_WM_LETTERS). The count must stay below 16. */
static inline void sk_wm_key_add(sk_wm_key *key, unsigned t)
{
    if (t <= 16)
        key->lo += (uint64_t)1 << (4 * (t - 1));
    else
        key->hi += (uint64_t)1 << (4 * (t - 17));
}

/* The count of letter T in KEY. */
static inline unsigned sk_wm_key_count(const sk_wm_key *key, unsigned t)
{
    return t <= 16 ? (unsigned)(key->lo >> (4 * (t - 1))) & 15u
                   : (unsigned)(key->hi >> (4 * (t - 17))) & 15u;
}

typedef struct sk_wordmap sk_wordmap;

/* Builds the word map of LEX's DAWG: every word of at most SK_BOARD_MAX letters. Returns SK_OK,
 * SK_ENOMEM, or SK_EINVAL when LEX has no DAWG, a word holds a letter 16 times or more or a
 * letter above SK_WM_LETTERS, the words take more than 64 MiB, or the whole map would take
 * more than 256 MiB (the map cannot or should not hold them; callers then do without; SOWPODS
 * takes 3.6 MiB of words, 21 MB in all). Free with sk_wordmap_free. */
SK_API int sk_wordmap_build(sk_wordmap **out, const sk_lexicon *lex);
SK_API void sk_wordmap_free(sk_wordmap *wm);

/* 1 if WM was built from LEX (the same object, unchanged in size). */
SK_API int sk_wordmap_of(const sk_wordmap *wm, const sk_lexicon *lex);

/* The words whose letters are exactly KEY: *COUNT words of *LEN letters each, one after another
 * at the returned address (tiles 1..SK_WM_LETTERS); NULL (and *COUNT 0) when there is none. */
SK_API const uint8_t *sk_wordmap_find(const sk_wordmap *wm, sk_wm_key key, unsigned *count,
                                      unsigned *len);

/* The letters t (bit t, 1..SK_WM_LETTERS) for which KEY plus t may be the letters of a word:
 * every such letter is there (what one blank may stand for, in one lookup); a letter for which
 * it is not may be there too, rarely, so each is confirmed by sk_wordmap_find. 0: none. */
SK_API uint64_t sk_wordmap_blank_letters(const sk_wordmap *wm, sk_wm_key key);

/* Starts loading what sk_wordmap_find (BLANK 0) or sk_wordmap_blank_letters (BLANK 1) reads
 * first for KEY, without waiting for it: a caller with several lookups to make asks for all of
 * them first, and their cache misses overlap. Only a hint: it changes no result. */
SK_API void sk_wordmap_prefetch(const sk_wordmap *wm, sk_wm_key key, int blank);

/* Its size: distinct multisets, words, and bytes held. */
SK_API void sk_wordmap_stats(const sk_wordmap *wm, size_t *classes, size_t *words, size_t *bytes);

#endif
