/* wordlist.c — reading a word list (docs/formats.md, "Word lists") into sorted, distinct
 * strings of tiles for the KWG builder, and reading one word in an alphabet. One word a line, any
 * case; leading and trailing whitespace (CR included) is ignored; blank lines and lines whose
 * first non-blank character is '#' are skipped; a UTF-8 byte-order mark at the start is skipped.
 * In A..Z read strictly (no alphabet, or the Latin one, without folding accents) every word with
 * a character outside A-Z is reported with its line and column, an error unless skip_invalid;
 * in another alphabet, or with accents folded, such a word is left out with a warning (the first
 * few named, then a count) and a byte that is not UTF-8 is an error. Single letters are skipped
 * with a warning (they are not words). */
#include <stdio.h>
#include <string.h>

#include "internal/kwg.h"
#include "internal/textscan.h"
#include "skrab/error.h"
#include "skrab/utf8.h"

#define LISTED_MAX 20 /* words skipped, or lines not UTF-8, named one by one; then a count */

/* ---- accents ----------------------------------------------------------------------------------
 * The letters without accents of the characters of Latin-1 (U+00C0..U+00FF) and Latin
 * Extended-A (U+0100..U+017F), upper case: '-' for none, a digit for a pair. */
static const char latin1_plain[] = "AAAAAA1CEEEEIIIIDNOOOOO-OUUUUY23"
                                   "AAAAAA1CEEEEIIIIDNOOOOO-OUUUUY2Y";
static const char extended_a_plain[] = "AAAAAACCCCCCCCDDDDEEEEEEEEEEGGGGGGGGHHHHIIIIIIIIII44JJKK-"
                                       "LLLLLLLLLLNNNNNN-NNOOOOOO55RRRRRRSSSSSSSSTTTTTTUUUUUUUUUU"
                                       "UUWWYYYZZZZZZS";
static const char *const pairs[] = {"AE", "TH", "SS", "IJ", "OE"};
_Static_assert(sizeof(latin1_plain) == 0x40 + 1, "one letter for each of U+00C0..U+00FF");
_Static_assert(sizeof(extended_a_plain) == 0x80 + 1, "one letter for each of U+0100..U+017F");

/* The letters CP stands for without accents (ASCII, upper case), or NULL. */
static const char *plain_letters(uint32_t cp, char one[2])
{
    char c;
    if (cp >= 0xC0 && cp <= 0xFF)
        c = latin1_plain[cp - 0xC0];
    else if (cp >= 0x100 && cp <= 0x17F)
        c = extended_a_plain[cp - 0x100];
    else
        return NULL;
    if (c == '-') return NULL;
    if (c >= '1' && c <= '5') return pairs[c - '1'];
    one[0] = c;
    one[1] = '\0';
    return one;
}

/* ---- one word ---------------------------------------------------------------------------------*/
/* What a character whose lower case is FOLDED reads as when it begins a word or follows a tile:
 * SLOW when a label of several characters begins with it, else the first one-character label
 * that folds to it, else 0. */
static unsigned char first_char_tile(const sk_alphabet *a, uint32_t folded)
{
    unsigned char tile = 0;
    for (int k = 1; k < a->size; k++) {
        uint32_t cp;
        if (sk_utf8_decode(a->upper[k], strlen(a->upper[k]), &cp) == 0) continue;
        if (sk_utf8_lower(cp) != folded) continue;
        if (a->chars[k] > 1) return SK_WORD_READER_SLOW;
        if (!tile) tile = (unsigned char)k;
    }
    return tile;
}

void sk_word_reader_init(sk_word_reader *r, const sk_alphabet *a, int flags)
{
    memset(r, 0, sizeof(*r));
    r->flags = flags;
    if ((!a || sk_alphabet_is_latin(a)) && !flags) {
        for (int c = 'A'; c <= 'Z'; c++)
            r->ascii[c] = r->ascii[c | 0x20] = (unsigned char)(c - 'A' + 1);
        return;
    }
    if (!a) {
        sk_alphabet_latin(&r->latin);
        a = &r->latin;
    }
    r->a = a;
    for (unsigned c = 0; c < 128; c++)
        r->ascii[c] = first_char_tile(a, sk_utf8_lower(c));
    r->ascii['['] = SK_WORD_READER_SLOW;
    r->ascii['?'] = 0;
    for (int k = 1; k < a->size; k++) {
        uint32_t cp;
        if (sk_utf8_decode(a->upper[k], strlen(a->upper[k]), &cp) == 0) continue;
        uint32_t folded = sk_utf8_lower(cp);
        if (folded < 0x80) continue;
        int seen = 0;
        for (int i = 0; i < r->nwide; i++)
            seen |= r->wide_cp[i] == folded;
        if (seen) continue;
        r->wide_cp[r->nwide] = folded;
        r->wide_tile[r->nwide++] = first_char_tile(a, folded);
    }
}

/* Reads the plain letters PLAIN (ASCII) as tiles into OUT[*N..); 0 when one is no letter. */
static int read_plain(const sk_word_reader *r, const char *plain, unsigned char *out, size_t *n)
{
    size_t len = strlen(plain), p = 0;
    while (p < len) {
        sk_tile tile;
        if (sk_alphabet_read(r->a, plain, len, &p, SK_READ_GREEDY | SK_READ_FOLD, &tile) !=
            SK_TILE_READ_OK)
            return 0;
        if (*n < SK_WORD_MAX) out[*n] = tile;
        ++*n;
    }
    return 1;
}

sk_word_outcome sk_word_reader_read(const sk_word_reader *r, const char *text, size_t len,
                                    unsigned char out[SK_WORD_MAX], size_t *count, size_t *at)
{
    size_t n = 0, p = 0;
    *at = 0;
    while (p < len) {
        unsigned char c = (unsigned char)text[p];
        unsigned tile;
        size_t step = 1;
        uint32_t cp = c;
        if (c < 0x80) {
            tile = r->ascii[c];
        } else if (!r->a) {
            tile = 0;
        } else {
            step = sk_utf8_decode(text + p, len - p, &cp);
            if (step == 0) {
                *at = p;
                return SK_WORD_BAD_UTF8;
            }
            uint32_t folded = sk_utf8_lower(cp);
            tile = 0;
            for (int i = 0; i < r->nwide; i++)
                if (r->wide_cp[i] == folded) tile = r->wide_tile[i];
        }
        if (tile == SK_WORD_READER_SLOW) {
            size_t q = p;
            sk_tile t;
            sk_tile_read got =
                sk_alphabet_read(r->a, text, len, &q, SK_READ_GREEDY | SK_READ_FOLD, &t);
            if (got == SK_TILE_READ_BAD_UTF8) {
                *at = p + sk_utf8_invalid(text + p, len - p);
                return SK_WORD_BAD_UTF8;
            }
            tile = got == SK_TILE_READ_OK ? t : 0;
            step = got == SK_TILE_READ_OK ? q - p : 1;
        }
        if (tile == 0) {
            char one[2];
            const char *plain = r->a && (r->flags & SK_WORD_FOLD_ACCENTS) && c >= 0x80
                                    ? plain_letters(cp, one)
                                    : NULL;
            if (!plain || !read_plain(r, plain, out, &n)) {
                *at = p;
                return SK_WORD_NOT_LETTER;
            }
        } else {
            if (n < SK_WORD_MAX) out[n] = (unsigned char)tile;
            n++;
        }
        p += step;
    }
    *count = n;
    return n > SK_WORD_MAX ? SK_WORD_TOO_LONG : SK_WORD_OK;
}

int sk_word_read(const sk_alphabet *a, int flags, const char *word, size_t len,
                 unsigned char out[SK_WORD_MAX], size_t *count)
{
    sk_word_reader r;
    sk_word_reader_init(&r, a, flags);
    size_t at;
    sk_word_outcome got = sk_word_reader_read(&r, word, len, out, count, &at);
    if (got == SK_WORD_OK) return SK_OK;
    if (got == SK_WORD_TOO_LONG) return SK_ETOOBIG;
    *count = at;
    return SK_EINVAL;
}

/* ---- A..Z -------------------------------------------------------------------------------------*/
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
    const sk_word_reader *in; /* another alphabet than A..Z, or folding; else NULL */
    const char *name;         /* what messages call that alphabet */
    size_t skipped, not_utf8; /* words left out, lines that are not UTF-8 (in another alphabet) */
} reader;

/* Reports a bad word at OFFSET (the first offending byte) of the line [START, END). */
static void bad_word(reader *r, size_t offset, size_t start, size_t end, const char *what)
{
    char excerpt[SK_EXCERPT_MAX];
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

/* ---- another alphabet -------------------------------------------------------------------------*/
/* Checks one trimmed, non-empty line [START, END) in the reader's alphabet and appends its
 * tiles; a word that is no word of it is left out with a warning. */
static int read_word_in(reader *r, sk_tilestrs *words, size_t start, size_t end,
                        sk_kwg_build_stats *stats)
{
    unsigned char tiles[SK_WORD_MAX];
    size_t n = 0, at;
    const char *w = r->text + start;
    sk_word_outcome got = sk_word_reader_read(r->in, w, end - start, tiles, &n, &at);
    if (got == SK_WORD_BAD_UTF8) {
        r->errors++;
        if (r->not_utf8++ < LISTED_MAX)
            sk_diag_add(r->diags, SK_SEV_ERROR, start + at,
                        "byte 0x%02x is not UTF-8 (a list in another encoding? iconv -f latin1 -t "
                        "utf-8 converts a Latin-1 one)",
                        (unsigned char)w[at]);
        return SK_OK;
    }
    char excerpt[SK_EXCERPT_MAX];
    sk_excerpt(w, end - start, excerpt);
    if (got != SK_WORD_OK) {
        if (stats) stats->skipped++;
        if (r->skipped++ >= LISTED_MAX) return SK_OK;
        if (got == SK_WORD_TOO_LONG) {
            sk_diag_add(r->diags, SK_SEV_WARNING, start,
                        "more than %d tiles in word '%s'; word skipped", SK_WORD_MAX, excerpt);
            return SK_OK;
        }
        uint32_t cp;
        size_t clen = sk_utf8_decode(w + at, end - start - at, &cp);
        char what[24];
        if (cp > 0x20 && cp != 0x7f)
            snprintf(what, sizeof(what), "'%.*s'", (int)clen, w + at);
        else
            sk_describe_byte((unsigned char)cp, what);
        sk_diag_add(r->diags, SK_SEV_WARNING, start + at,
                    "%s is not a letter of %s in word '%s'; "
                    "word skipped",
                    what, r->name, excerpt);
        return SK_OK;
    }
    if (n == 1) {
        sk_diag_add_line(r->diags, SK_SEV_WARNING, start,
                         "single letters are not words; '%s' skipped", excerpt);
        if (stats) stats->skipped++;
        return SK_OK;
    }
    return sk_tilestrs_push(words, tiles, n, 0);
}

/* The counts of what was not named one by one. */
static void report_rest(reader *r)
{
    if (r->skipped > LISTED_MAX)
        sk_diag_add(r->diags, SK_SEV_WARNING, SK_DIAG_NO_OFFSET,
                    "%zu words in all skipped for characters that are not letters of %s (the "
                    "first %d are named)",
                    r->skipped, r->name, LISTED_MAX);
    if (r->not_utf8 > LISTED_MAX)
        sk_diag_add(r->diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "%zu lines in all are not UTF-8 (the first %d are named)", r->not_utf8,
                    LISTED_MAX);
}

/* ---- the list ---------------------------------------------------------------------------------*/
/* Reads the words of the lines from POS to LEN, in the reader's alphabet when IN (a constant at
 * each call, so that A..Z keeps a loop of its own); counts the lines in *LINES. */
static inline int read_lines(reader *r, sk_tilestrs *words, size_t pos, size_t len, const int in,
                             size_t *lines, sk_kwg_build_stats *stats)
{
    const char *text = r->text;
    int rc = SK_OK;
    while (pos < len && rc == SK_OK) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t next = nl ? end + 1 : len;
        ++*lines;
        size_t start = pos;
        while (start < end && r->cls[(unsigned char)text[start]] == C_SPACE)
            start++;
        while (end > start && r->cls[(unsigned char)text[end - 1]] == C_SPACE)
            end--;
        if (end > start && text[start] != '#')
            rc = in ? read_word_in(r, words, start, end, stats)
                    : read_word(r, words, start, end, stats);
        pos = next;
    }
    return rc;
}

int sk_wordlist_read(sk_tilestrs *words, const char *text, size_t len,
                     const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                     sk_diag_list *diags)
{
    reader r = {.text = text, .skip_invalid = opts ? opts->skip_invalid : 0, .diags = diags};
    sk_word_reader in;
    if (opts && ((opts->alphabet && !sk_alphabet_is_latin(opts->alphabet)) || opts->fold_accents)) {
        sk_word_reader_init(&in, opts->alphabet, opts->fold_accents ? SK_WORD_FOLD_ACCENTS : 0);
        r.in = &in;
        r.name = opts->alphabet_name ? opts->alphabet_name : "the alphabet";
    }
    for (unsigned c = 0; c < 256; c++)
        r.cls[c] = byte_class((unsigned char)c);
    /* A NUL byte near the start means a binary file, most likely not meant as a word list. */
    const char *nul =
        len ? memchr(text, '\0', len < 4096 ? len : 4096) : NULL; /* TEXT may be NULL */
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
    rc = r.in ? read_lines(&r, words, pos, len, 1, &lines, stats)
              : read_lines(&r, words, pos, len, 0, &lines, stats);
    if (r.in) report_rest(&r);
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
