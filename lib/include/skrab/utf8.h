/* utf8.h — the little of UTF-8 that tile labels, words and aligned columns need: decoding one
 * character strictly, finding the first byte that is not UTF-8, lower-casing the letters of
 * the alphabets played in tournaments, and the display width of a string in a terminal.
 * Not a Unicode library: no normalisation (a letter and a combining accent are two characters,
 * as two tiles would be), case mapping one character to one character only. */
#ifndef SKRAB_UTF8_H
#define SKRAB_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"

#define SK_UTF8_CHAR_MAX 4 /* bytes of one encoded character */

/* Decodes the character at S[0..LEN). Returns its length in bytes (1..4) and sets *CP, or 0
 * when the bytes there are not well-formed UTF-8 (a stray continuation byte, an overlong form,
 * a surrogate, a value past U+10FFFF, or a character cut short by LEN); then *CP is the first
 * byte's value. LEN 0 returns 0. */
SK_API size_t sk_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* Offset of the first byte of S[0..LEN) that does not begin a well-formed character, or LEN
 * when the whole text is UTF-8. */
SK_API size_t sk_utf8_invalid(const char *s, size_t len);

/* Encodes CP (at most U+10FFFF, not a surrogate) into OUT. Returns the length, 0 for a value
 * that has no encoding. */
SK_API size_t sk_utf8_encode(uint32_t cp, char out[SK_UTF8_CHAR_MAX]);

/* The lower-case form of CP for the scripts of the built-in alphabets (ASCII, Latin-1, Latin
 * Extended-A, Greek and Cyrillic); CP itself when it has none there or is not a letter. */
SK_API uint32_t sk_utf8_lower(uint32_t cp);

/* The upper-case form of CP: the inverse of sk_utf8_lower over the same ranges. */
SK_API uint32_t sk_utf8_upper(uint32_t cp);

/* Writes S[0..LEN) into OUT[0..SIZE) with every character in upper case (UPPER 1) or lower case
 * (UPPER 0), NUL-terminated. Returns the length written, or 0 when S is not UTF-8 or the result
 * does not fit. */
SK_API size_t sk_utf8_case(const char *s, size_t len, int upper, char *out, size_t size);

/* The length of the head of S[0..LEN) shown when at most MAX bytes may be: LEN when it fits,
 * else MAX or less, backed off to where a character starts, so that no character is cut. */
SK_API size_t sk_utf8_cut(const char *s, size_t len, size_t max);

/* Columns S[0..LEN) takes in a terminal: 0 for control characters, combining marks and
 * zero-width characters, 2 for East Asian wide characters and emoji, 1 for every other
 * character and for each byte that is not UTF-8 (it shows as one replacement mark). */
SK_API size_t sk_utf8_width(const char *s, size_t len);

#endif
