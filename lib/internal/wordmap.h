/* internal/wordmap.h — the word map's build with its size limit as a parameter, for the tests.
 */
#ifndef SKRAB_INTERNAL_WORDMAP_H
#define SKRAB_INTERNAL_WORDMAP_H

#include <stddef.h>

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

#endif
