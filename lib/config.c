/* config.c — the CS104 game configuration file (see config.h): "KEY: value" lines naming the
 * tile set, dictionary and board, the hand size and the random seed. Only parses and checks the
 * text; it neither opens the files named nor resolves their paths.
 *
 * Values: after the colon, spaces and tabs are skipped and the value runs to the end of the line
 * with trailing spaces and tabs removed. Spaces inside a path are kept, so "My Boards/x.txt"
 * works. A value such as "BOARD: . / boards/standard-scrabble.txt" (spaces around '/', as text
 * copied out of a PDF has them) is taken as written, a path with spaces, and a warning suggests
 * the path without the spaces around '/': guessing would break a real path that has them. */
#include <string.h>

#include "internal/regex.h"
#include "internal/textscan.h"
#include "skrab/config.h"
#include "skrab/error.h"

enum { KEY_HANDSIZE, KEY_TILES, KEY_DICTIONARY, KEY_BOARD, KEY_SEED, KEY_COUNT };

static const char *const key_names[KEY_COUNT] = {"HANDSIZE", "TILES", "DICTIONARY", "BOARD",
                                                 "SEED"};

#define KEY_LIST "HANDSIZE, TILES, DICTIONARY, BOARD and SEED"
#define KEY_SUGGEST_MAX 32 /* longer keys get no "did you mean" */

static char upper(char c)
{
    return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
}

/* Index of the key spelled exactly TEXT[0..LEN) (CASELESS: in any case), or -1. */
static int key_lookup(const char *text, size_t len, int caseless)
{
    for (int k = 0; k < KEY_COUNT; k++) {
        const char *name = key_names[k];
        if (strlen(name) != len) continue;
        size_t i = 0;
        while (i < len && (caseless ? upper(text[i]) : text[i]) == name[i])
            i++;
        if (i == len) return k;
    }
    return -1;
}

/* Case-insensitive edit distance between TEXT[0..LEN) and NAME (LEN <= KEY_SUGGEST_MAX). */
static size_t edit_distance(const char *text, size_t len, const char *name)
{
    size_t m = strlen(name), row[KEY_SUGGEST_MAX + 1];
    for (size_t j = 0; j <= m; j++)
        row[j] = j;
    for (size_t i = 1; i <= len; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= m; j++) {
            size_t up = row[j];
            size_t best = diag + (upper(text[i - 1]) != name[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

/* The known key TEXT[0..LEN) is probably a misspelling of, or -1. */
static int key_suggest(const char *text, size_t len)
{
    if (len > KEY_SUGGEST_MAX) return -1;
    int best = -1;
    size_t best_d = 0;
    for (int k = 0; k < KEY_COUNT; k++) {
        size_t d = edit_distance(text, len, key_names[k]);
        size_t limit = strlen(key_names[k]) <= 5 ? 1 : 2;
        if (d <= limit && (best < 0 || d < best_d)) {
            best = k;
            best_d = d;
        }
    }
    return best;
}

/* If TEXT[0..LEN) starts with a key (any case) followed by a space or tab, returns the key and
 * sets *END to the offset just after it; else -1. Catches "BOARD x.txt" (a missing colon). */
static int key_then_space(const char *text, size_t len, size_t *end)
{
    size_t i = 0;
    while (i < len && text[i] != ' ' && text[i] != '\t')
        i++;
    if (i == len) return -1;
    *end = i;
    return key_lookup(text, i, 1);
}

typedef struct {
    const char *text;
    sk_diag_list *diags;
    sk_config *out;
    size_t line_of[KEY_COUNT]; /* 1-based line where the key was given; 0: not yet */
} config_parse;

static void check_key(config_parse *p, size_t off, size_t len, int *key)
{
    const char *k = p->text + off;
    char quoted[SK_EXCERPT_MAX];
    sk_excerpt(k, len, quoted);
    *key = key_lookup(k, len, 0);
    if (*key >= 0) return;
    size_t end;
    int guess;
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "missing key before ':': expected one of %s",
                    KEY_LIST);
    } else if ((guess = key_lookup(k, len, 1)) >= 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off,
                    "unknown key '%s': keys are uppercase (did you mean '%s'?)", quoted,
                    key_names[guess]);
    } else if ((guess = key_then_space(k, len, &end)) >= 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off + end, "missing ':' after '%s'", key_names[guess]);
    } else if ((guess = key_suggest(k, len)) >= 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "unknown key '%s' (did you mean '%s'?)", quoted,
                    key_names[guess]);
    } else {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "unknown key '%s': the keys are %s", quoted,
                    KEY_LIST);
    }
}

/* SEED: decimal digits fitting in an unsigned long. */
static void set_seed(config_parse *p, size_t off, size_t len)
{
    const char *v = p->text + off;
    char quoted[SK_EXCERPT_MAX];
    sk_excerpt(v, len, quoted);
    size_t i = (len > 0 && v[0] == '-') ? 1 : 0;
    int digits = i < len;
    for (size_t j = i; j < len; j++)
        digits &= v[j] >= '0' && v[j] <= '9';
    if (!digits) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "SEED '%s' is not a number", quoted);
        return;
    }
    unsigned long seed = 0;
    int overflow = i == 1 && len > 1; /* negative (only "-0" would fit; not worth allowing) */
    for (; i < len && !overflow; i++) {
        unsigned long d = (unsigned long)(v[i] - '0');
        if (seed > (~0UL - d) / 10)
            overflow = 1;
        else
            seed = seed * 10 + d;
    }
    if (overflow) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "SEED %s out of range 0..%lu", quoted, ~0UL);
        return;
    }
    p->out->seed = seed;
    p->out->has_seed = 1;
}

static void set_handsize(config_parse *p, size_t off, size_t len)
{
    char quoted[SK_EXCERPT_MAX];
    sk_excerpt(p->text + off, len, quoted);
    long n;
    if (!sk_parse_int(p->text + off, len, &n))
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "HANDSIZE '%s' is not a number", quoted);
    else if (n < 1 || n > SK_HANDSIZE_MAX)
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "HANDSIZE %s out of range 1..%d", quoted,
                    SK_HANDSIZE_MAX);
    else
        p->out->handsize = (int)n;
}

/* Copies a path value into DST; warns about spaces next to '/' (see the top of the file). */
static void set_path(config_parse *p, int key, size_t off, size_t len, char *dst, size_t *dst_off)
{
    const char *v = p->text + off;
    if (len >= SK_PATH_MAX) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "%s path is %zu bytes, longer than the limit %d",
                    key_names[key], len, SK_PATH_MAX - 1);
        return;
    }
    if (memchr(v, '\0', len))
        return; /* already reported by sk_lines_split; a truncated path would name another file */
    memcpy(dst, v, len);
    dst[len] = '\0';
    *dst_off = off;
    char squeezed[SK_PATH_MAX];
    size_t n = 0;
    int spaced = 0;
    for (size_t i = 0; i < len;) {
        if (v[i] != ' ' && v[i] != '\t') {
            squeezed[n++] = v[i++];
            continue;
        }
        size_t j = i;
        while (j < len && (v[j] == ' ' || v[j] == '\t'))
            j++;
        /* a run of spaces touching a '/' on either side is left out of the suggestion */
        if ((i > 0 && v[i - 1] == '/') || (j < len && v[j] == '/')) {
            spaced = 1;
        } else {
            memcpy(squeezed + n, v + i, j - i);
            n += j - i;
        }
        i = j;
    }
    squeezed[n] = '\0';
    if (spaced)
        sk_diag_add(p->diags, SK_SEV_WARNING, off,
                    "%s path has spaces around '/'; it is used as written (did you mean "
                    "'%.80s'?)",
                    key_names[key], squeezed);
}

static void set_value(config_parse *p, int key, size_t off, size_t len)
{
    sk_config *o = p->out;
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "missing value after '%s:'", key_names[key]);
        return;
    }
    switch (key) {
    case KEY_HANDSIZE:
        set_handsize(p, off, len);
        break;
    case KEY_SEED:
        set_seed(p, off, len);
        break;
    case KEY_TILES:
        set_path(p, key, off, len, o->tiles, &o->tiles_offset);
        break;
    case KEY_DICTIONARY:
        set_path(p, key, off, len, o->dictionary, &o->dictionary_offset);
        break;
    default:
        set_path(p, key, off, len, o->board, &o->board_offset);
        break;
    }
}

static void parse_line(config_parse *p, sk_regex *re, const sk_line *l, size_t line_no)
{
    const char *t = p->text;
    if (sk_regex_match(re, t, l->start + l->len, l->start) != 1) {
        size_t s = l->start, end;
        while (t[s] == ' ' || t[s] == '\t')
            s++;
        int key = key_then_space(t + s, l->start + l->len - s, &end);
        if (key >= 0)
            sk_diag_add(p->diags, SK_SEV_ERROR, s + end, "missing ':' after '%s'", key_names[key]);
        else
            sk_diag_add_line(p->diags, SK_SEV_ERROR, l->start,
                             "expected 'KEY: value' (this line has no ':')");
        return;
    }
    size_t koff, klen, voff, vlen;
    sk_regex_group(re, 1, &koff, &klen);
    sk_regex_group(re, 2, &voff, &vlen);
    int key;
    check_key(p, koff, klen, &key);
    if (key < 0) return;
    if (p->line_of[key]) {
        sk_diag_add(p->diags, SK_SEV_ERROR, koff, "duplicate key %s (first given on line %zu)",
                    key_names[key], p->line_of[key]);
        return;
    }
    p->line_of[key] = line_no;
    set_value(p, key, voff, vlen);
}

int sk_config_parse(sk_config *out, const char *text, size_t len, sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    out->handsize = 7;
    sk_diag_list local;
    sk_diag_list_init(&local);
    if (!diags) diags = &local; /* errors must be counted even when the caller does not want them */
    size_t errors_before = diags->errors;
    sk_lines lines = {0};
    sk_regex re = {0};
    config_parse p = {.text = text, .diags = diags, .out = out};
    int rc = SK_OK;
    if (len > SK_CONFIG_FILE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "configuration is %zu bytes, more than the limit %u", len, SK_CONFIG_FILE_MAX);
        goto cleanup;
    }
    rc = sk_lines_split(&lines, text, len, diags);
    if (rc != SK_OK) goto cleanup;
    sk_lines_warn_trailing(&lines, diags);
    if (lines.content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0,
                    "empty file: expected 'KEY: value' lines; TILES, DICTIONARY and BOARD are "
                    "required");
        goto cleanup;
    }
    rc = sk_regex_compile(&re, "\\G[ \\t]*([^:]*?)[ \\t]*:[ \\t]*(.*?)[ \\t]*$");
    if (rc != SK_OK) goto cleanup;
    for (size_t i = 0; i < lines.content_count; i++)
        if (!sk_line_blank(text, &lines.lines[i])) parse_line(&p, &re, &lines.lines[i], i + 1);
    static const int required[] = {KEY_TILES, KEY_DICTIONARY, KEY_BOARD};
    for (size_t r = 0; r < sizeof(required) / sizeof(required[0]); r++)
        if (!p.line_of[required[r]])
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "missing required key %s",
                        key_names[required[r]]);
cleanup:
    if (re.code) sk_regex_free(&re);
    sk_lines_free(&lines);
    if (rc == SK_OK && diags->errors > errors_before)
        rc = SK_EINVAL;
    else if (rc == SK_ETOOBIG)
        rc = SK_EINVAL; /* cannot happen under SK_CONFIG_FILE_MAX; reported to DIAGS anyway */
    sk_diag_list_free(&local);
    return rc;
}

int sk_config_detect(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    while (i > 0 && text[i - 1] != '\n')
        i--; /* back to the start of the first non-blank line */
    const char *nl = memchr(text + i, '\n', len - i);
    size_t end = nl ? (size_t)(nl - text) : len;
    sk_regex re;
    if (sk_regex_compile(&re, "\\G[ \\t]*(?:HANDSIZE|TILES|DICTIONARY|BOARD|SEED)[ \\t]*:") !=
        SK_OK)
        return 0;
    int found = sk_regex_match(&re, text, end, i) == 1;
    sk_regex_free(&re);
    return found;
}
