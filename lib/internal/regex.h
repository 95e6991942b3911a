/* regex.h — a thin wrapper over PCRE2 for the text grammars (board tokens, header lines, and
 * later move notations and GCG lines). One sk_regex owns its compiled code and match data. */
#ifndef SKRAB_INTERNAL_REGEX_H
#define SKRAB_INTERNAL_REGEX_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

typedef struct {
    pcre2_code *code;
    pcre2_match_data *match;
} sk_regex;

/* Compiles PATTERN (UTF-8 off, so offsets are bytes). Returns SK_OK or SK_ENOMEM/SK_EINVAL
 * (a bad pattern is a programming error; tests catch it). */
int sk_regex_compile(sk_regex *re, const char *pattern);
void sk_regex_free(sk_regex *re);

/* Matches SUBJECT[0..LEN) starting at START. Anchoring is up to the pattern: \G anchors at
 * START; ^ matches only at offset 0 of SUBJECT, so it suits whole-subject matches only.
 * Returns 1 on a match, 0 on none, negative on a PCRE2 failure. */
int sk_regex_match(sk_regex *re, const char *subject, size_t len, size_t start);

/* After a match: sets *START and *LEN of group N and returns 1, or returns 0 if it is unset. */
int sk_regex_group(const sk_regex *re, int n, size_t *start, size_t *len);

#endif
