/* regex.c — PCRE2 wrapper (see internal/regex.h). */
#include "internal/regex.h"
#include "skrab/error.h"

int sk_regex_compile(sk_regex *re, const char *pattern)
{
    int err;
    PCRE2_SIZE erroff;
    re->match = NULL;
    re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &err, &erroff, NULL);
    if (!re->code) return SK_EINVAL;
    re->match = pcre2_match_data_create_from_pattern(re->code, NULL);
    if (!re->match) {
        pcre2_code_free(re->code);
        re->code = NULL;
        return SK_ENOMEM;
    }
    return SK_OK;
}

void sk_regex_free(sk_regex *re)
{
    pcre2_match_data_free(re->match);
    pcre2_code_free(re->code);
    re->match = NULL;
    re->code = NULL;
}

int sk_regex_match(sk_regex *re, const char *subject, size_t len, size_t start)
{
    int rc = pcre2_match(re->code, (PCRE2_SPTR)subject, len, start, 0, re->match, NULL);
    if (rc == PCRE2_ERROR_NOMATCH) return 0;
    return rc < 0 ? rc : 1;
}

int sk_regex_group(const sk_regex *re, int n, size_t *start, size_t *len)
{
    if ((uint32_t)n >= pcre2_get_ovector_count(re->match)) return 0;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(re->match);
    if (ov[2 * n] == PCRE2_UNSET) return 0;
    *start = ov[2 * n];
    *len = ov[2 * n + 1] - ov[2 * n];
    return 1;
}
