/* wordlist.c — reading a word list (docs/formats.md, "Word lists") into sorted, distinct
 * strings of tiles for the KWG builder. One word a line, any case; leading and trailing whitespace
 * (CR included) is ignored; blank lines and lines whose first non-blank character is '#' are
 * skipped; a UTF-8 byte-order mark at the start is skipped. Every word with a character outside A-Z
 * is reported with its line and column; single letters are skipped with a warning (they are not
 * words). */
#include <stdio.h>
#include <string.h>

#include "internal/kwg.h"
#include "internal/textscan.h"
#include "skrab/error.h"

enum { C_OTHER = 0, C_SPACE = 0x40 }; /* letter classes are their tiles 1..26 */

static unsigned char byte_class(unsigned char c)
{
    if (c >= 'A' && c <= 'Z') return (unsigned char)(c - 'A' + 1);
    if (c >= 'a' && c <= 'z') return (unsigned char)(c - 'a' + 1);
    if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') return C_SPACE;
    return C_OTHER;
}

typedef struct {
    unsigned char cls[256];
    const char *text;
    int skip_invalid;
    sk_diag_list *diags;
    size_t errors;
} reader;

/* Reports a bad word at OFFSET (the first offending byte) of the line [START, END). */
static void bad_word(reader *r, size_t offset, size_t start, size_t end, const char *what)
{
    char excerpt[32];
    sk_excerpt(r->text + start, end - start, excerpt);
    sk_severity sev = r->skip_invalid ? SK_SEV_WARNING : SK_SEV_ERROR;
    sk_diag_add(r->diags, sev, offset, "%s in word '%s'%s", what, excerpt,
                r->skip_invalid ? "; word skipped" : "");
    if (!r->skip_invalid) r->errors++;
}

/* Checks one trimmed, non-empty line [START, END) and appends its tiles. */
static int read_word(reader *r, sk_tilestrs *words, size_t start, size_t end,
                     sk_kwg_build_stats *stats)
{
    unsigned char tiles[SK_WORD_MAX];
    size_t n = end - start;
    const unsigned char *p = (const unsigned char *)r->text + start;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = r->cls[p[i]];
        if (c == C_OTHER || c == C_SPACE) {
            char what[64], desc[24];
            sk_describe_byte(p[i], desc);
            snprintf(what, sizeof(what), "%s is not a letter A-Z", desc);
            bad_word(r, start + i, start, end, what);
            if (stats) stats->skipped += r->skip_invalid;
            return SK_OK;
        }
        if (i < SK_WORD_MAX) tiles[i] = c;
    }
    if (n > SK_WORD_MAX) {
        char what[64];
        snprintf(what, sizeof(what), "%zu letters are more than the limit of %d", n, SK_WORD_MAX);
        bad_word(r, start, start, end, what);
        if (stats) stats->skipped += r->skip_invalid;
        return SK_OK;
    }
    if (n == 1) {
        sk_diag_add_line(r->diags, SK_SEV_WARNING, start,
                         "single letters are not words; '%c' skipped", r->text[start]);
        if (stats) stats->skipped++;
        return SK_OK;
    }
    return sk_tilestrs_push(words, tiles, n, 0);
}

int sk_wordlist_read(sk_tilestrs *words, const char *text, size_t len, int skip_invalid,
                     sk_kwg_build_stats *stats, sk_diag_list *diags)
{
    reader r = {.text = text, .skip_invalid = skip_invalid, .diags = diags};
    for (unsigned c = 0; c < 256; c++)
        r.cls[c] = byte_class((unsigned char)c);
    /* A NUL byte near the start means a binary file, most likely not meant as a word list. */
    const char *nul = memchr(text, '\0', len < 4096 ? len : 4096);
    if (nul) {
        sk_diag_add(diags, SK_SEV_ERROR, (size_t)(nul - text),
                    "binary data (a NUL byte): not a word list");
        return SK_EINVAL;
    }
    /* Each word costs its letters and a length byte; a line's newline pays for the byte. */
    int rc = sk_tilestrs_reserve(words, len / 8 + 16, len + 16);
    if (rc != SK_OK) return rc;
    size_t pos = 0, lines = 0;
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) pos = 3;
    while (pos < len && rc == SK_OK) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t next = nl ? end + 1 : len;
        lines++;
        size_t start = pos;
        while (start < end && r.cls[(unsigned char)text[start]] == C_SPACE)
            start++;
        while (end > start && r.cls[(unsigned char)text[end - 1]] == C_SPACE)
            end--;
        if (end > start && text[start] != '#') rc = read_word(&r, words, start, end, stats);
        pos = next;
    }
    if (stats) stats->lines = lines;
    if (rc != SK_OK) return rc;
    if (r.errors) return SK_EINVAL;
    if (!sk_tilestrs_strictly_sorted(words)) {
        rc = sk_tilestrs_sort(words);
        if (rc != SK_OK) return rc;
        size_t dups = sk_tilestrs_dedup(words);
        if (stats) stats->duplicates = dups;
    }
    if (stats) stats->words = words->count;
    return SK_OK;
}
