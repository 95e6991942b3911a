/* tiles.c — tile sets (see tiles.h): the two built-in sets and the parsers for CS104 tile files
 * ("C POINTS COUNT" lines) and macondo/MAGPIE letter-distribution CSVs. Only single ASCII
 * letters and '?' are tiles here; multi-letter tiles (CH, L·L) and non-ASCII letters are
 * reported as unsupported. Not a bag: drawing tiles belongs to the game. */
#include <string.h>

#include "internal/regex.h"
#include "internal/textscan.h"
#include "skrab/error.h"
#include "skrab/tiles.h"

/* ---- built-in sets ---------------------------------------------------------------------- */

typedef struct {
    const char *name;
    int blank_score, blank_count;
    int score[26], count[26]; /* A..Z */
} builtin_set;

static const builtin_set builtins[] = {
    {"skrabbkle",
     5,
     2,
     {1, 3, 3, 2, 1, 4, 2, 4, 1, 9, 6, 1, 3, 1, 1, 3, 12, 1, 1, 1, 1, 4, 4, 9, 5, 11},
     {8, 2, 2, 4, 10, 3, 4, 3, 8, 1, 1, 4, 2, 7, 7, 2, 1, 6, 4, 6, 5, 2, 1, 1, 2, 1}},
    {"english",
     0,
     2,
     {1, 3, 3, 2, 1, 4, 2, 4, 1, 8, 5, 1, 3, 1, 1, 3, 10, 1, 1, 1, 1, 4, 4, 8, 4, 10},
     {9, 2, 2, 4, 12, 2, 3, 2, 9, 1, 1, 4, 2, 6, 8, 2, 1, 6, 4, 6, 4, 2, 2, 1, 2, 1}},
};

static void set_default_vowels(sk_tileset *t)
{
    static const char vowels[] = "AEIOU";
    for (const char *v = vowels; *v; v++)
        t->vowel[sk_tile_from_char(*v)] = 1;
}

static void compute_total(sk_tileset *t)
{
    t->total = 0;
    for (int i = 0; i < SK_TILE_KINDS; i++)
        t->total += t->count[i];
}

int sk_tileset_builtin(sk_tileset *out, const char *name)
{
    memset(out, 0, sizeof(*out));
    for (size_t b = 0; b < sizeof(builtins) / sizeof(builtins[0]); b++) {
        const builtin_set *s = &builtins[b];
        if (strcmp(name, s->name) != 0) continue;
        out->count[SK_TILE_BLANK] = s->blank_count;
        out->score[SK_TILE_BLANK] = s->blank_score;
        for (int i = 0; i < 26; i++) {
            out->count[1 + i] = s->count[i];
            out->score[1 + i] = s->score[i];
        }
        memset(out->defined, 1, sizeof(out->defined));
        set_default_vowels(out);
        compute_total(out);
        return SK_OK;
    }
    return SK_ENOTFOUND;
}

int sk_tile_from_char(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A' + 1;
    if (c >= 'a' && c <= 'z') return c - 'a' + 1;
    return c == '?' ? SK_TILE_BLANK : -1;
}

/* A '?' (an unplayed blank, e.g. on a rack) is worth the blank's score, like a played blank. */
int sk_tileset_score_of(const sk_tileset *t, char c)
{
    if (c >= 'A' && c <= 'Z') return t->score[c - 'A' + 1];
    if ((c >= 'a' && c <= 'z') || c == '?') return t->score[SK_TILE_BLANK];
    return 0;
}

/* ---- parsing: shared ---------------------------------------------------------------------- */

typedef struct {
    const char *text;
    sk_diag_list *diags;
    sk_tileset *out;
    size_t first_line[SK_TILE_KINDS]; /* 1-based line that defined the kind; 0: not yet */
    char first_char[SK_TILE_KINDS];   /* the label as written there ('A' or 'a') */
} tile_parse;

static int is_ascii_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Quotes a label for a message: printable ASCII and well-formed UTF-8 as written (a long one
 * cut short by sk_excerpt). Returns 0 if the label has a control byte or is not UTF-8. */
static int quote_label(const char *s, size_t len, char out[32])
{
    int ok = 1;
    for (size_t i = 0; ok && i < len;) {
        unsigned char c = (unsigned char)s[i];
        size_t n = c < 0x80                 ? 1
                   : c >= 0xc2 && c <= 0xdf ? 2
                   : c >= 0xe0 && c <= 0xef ? 3
                   : c >= 0xf0 && c <= 0xf4 ? 4
                                            : 0;
        if (n == 0 || n > len - i || c < 0x20 || c == 0x7f) ok = 0;
        for (size_t k = 1; ok && k < n; k++)
            ok = ((unsigned char)s[i + k] & 0xc0) == 0x80;
        i += n;
    }
    if (!ok || len > 24) {
        sk_excerpt(s, len, out);
        return ok;
    }
    memcpy(out, s, len);
    out[len] = '\0';
    return 1;
}

/* Checks the tile label TEXT[OFF..OFF+LEN). Returns the tile number, or -1 after reporting
 * why it is not a tile we support. Duplicates are checked by define_tile. */
static int check_label(tile_parse *p, size_t off, size_t len)
{
    const char *s = p->text + off;
    char quoted[32];
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "empty tile label: expected a letter or '?'");
        return -1;
    }
    size_t chars = 0;
    int letters = 1, ascii = 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c & 0xc0) != 0x80) chars++;
        if (c >= 0x80)
            ascii = 0;
        else if (!is_ascii_letter(c))
            letters = 0;
    }
    int printable = quote_label(s, len, quoted);
    if (!printable) {
        size_t bad = 0;
        while (bad + 1 < len && (unsigned char)s[bad] >= 0x20 && (unsigned char)s[bad] < 0x7f)
            bad++;
        char what[24];
        sk_describe_byte((unsigned char)s[bad], what);
        sk_diag_add(p->diags, SK_SEV_ERROR, off + bad,
                    "tile label contains %s: tiles are the letters A..Z and '?'", what);
        return -1;
    }
    if (chars > 1 && letters) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off,
                    "multi-letter tiles are not supported: '%s' (tiles are the letters A..Z "
                    "and '?')",
                    quoted);
        return -1;
    }
    if (chars == 1 && !ascii) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off,
                    "non-ASCII tile '%s' is not supported: tiles are the letters A..Z and '?'",
                    quoted);
        return -1;
    }
    if (len > 1) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "tile '%s' is not a single letter or '?'", quoted);
        return -1;
    }
    int tile = sk_tile_from_char(s[0]);
    if (tile < 0) {
        char what[24];
        sk_describe_byte((unsigned char)s[0], what);
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "tile %s is not a letter or '?'", what);
    }
    return tile;
}

/* Parses a number field. Returns 1 and sets *OUT when it is an integer in MIN..MAX; otherwise
 * reports it (naming WHAT; HINT is appended to a "not a number" message) and returns 0. */
static int number_field(tile_parse *p, size_t off, size_t len, const char *what, long min, long max,
                        const char *hint, long *out)
{
    char quoted[32];
    sk_excerpt(p->text + off, len, quoted);
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "missing %s%s", what, hint);
        return 0;
    }
    if (!sk_parse_int(p->text + off, len, out)) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "%s '%s' is not a number%s", what, quoted, hint);
        return 0;
    }
    if (*out < min || *out > max) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "%s %s out of range %ld..%ld", what, quoted, min,
                    max);
        return 0;
    }
    return 1;
}

/* Records TILE (written as the byte at LABEL_OFF on 1-based line LINE_NO), or reports it as a
 * duplicate. Returns 1 if it was recorded. */
static int define_tile(tile_parse *p, int tile, size_t label_off, size_t line_no, long count,
                       long score)
{
    char c = p->text[label_off];
    if (p->first_line[tile]) {
        char first = p->first_char[tile];
        if (first == c)
            sk_diag_add(p->diags, SK_SEV_ERROR, label_off,
                        "duplicate tile '%c' (already defined on line %zu)", c,
                        p->first_line[tile]);
        else
            sk_diag_add(p->diags, SK_SEV_ERROR, label_off,
                        "duplicate tile '%c': '%c' on line %zu is the same letter", c, first,
                        p->first_line[tile]);
        return 0;
    }
    p->first_line[tile] = line_no;
    p->first_char[tile] = c;
    p->out->defined[tile] = 1;
    p->out->count[tile] = (int)count;
    p->out->score[tile] = (int)score;
    return 1;
}

/* ---- CS104 tile files ----------------------------------------------------------------------- */

#define CS104_HINT ": expected 'LETTER POINTS COUNT'"

static int parse_cs104(tile_parse *p, const sk_lines *lines)
{
    sk_regex re;
    /* up to four whitespace-separated fields; the fourth only to report it */
    int rc = sk_regex_compile(&re, "\\G[ \\t]*([^ \\t]+)(?:[ \\t]+([^ \\t]+))?"
                                   "(?:[ \\t]+([^ \\t]+))?(?:[ \\t]+([^ \\t]+))?");
    if (rc != SK_OK) return rc;
    for (size_t i = 0; i < lines->content_count; i++) {
        const sk_line *l = &lines->lines[i];
        if (sk_line_blank(p->text, l)) continue;
        if (sk_regex_match(&re, p->text, l->start + l->len, l->start) != 1)
            continue; /* cannot happen: the line has a non-blank byte */
        size_t off[4] = {0}, len[4] = {0};
        int fields = 0;
        while (fields < 4 && sk_regex_group(&re, fields + 1, &off[fields], &len[fields]))
            fields++;
        int tile = check_label(p, off[0], len[0]);
        long points = 0, count = 0;
        int ok = tile >= 0;
        if (fields >= 2)
            ok &= number_field(p, off[1], len[1], "points", 0, SK_TILE_SCORE_MAX, CS104_HINT,
                               &points);
        if (fields >= 3)
            ok &=
                number_field(p, off[2], len[2], "count", 1, SK_TILE_COUNT_MAX, CS104_HINT, &count);
        if (fields < 3) {
            sk_diag_add(p->diags, SK_SEV_ERROR, l->start + l->len, "missing %s" CS104_HINT,
                        fields == 1 ? "points and count" : "count");
            ok = 0;
        } else if (fields > 3) {
            char extra[32];
            sk_excerpt(p->text + off[3], l->start + l->len - off[3], extra);
            sk_diag_add(p->diags, SK_SEV_ERROR, off[3],
                        "unexpected '%s' after the count" CS104_HINT, extra);
            ok = 0;
        }
        if (ok) define_tile(p, tile, off[0], i + 1, count, points);
    }
    sk_regex_free(&re);
    set_default_vowels(p->out);
    return SK_OK;
}

/* ---- macondo / MAGPIE CSV ------------------------------------------------------------------ */

#define CSV_FIELDS_MAX 8
#define CSV_SHAPES "4 (label,count,score,vowel) or 5 or 7 (label,lowercase,count,score,vowel[,..])"

typedef struct {
    size_t off[CSV_FIELDS_MAX], len[CSV_FIELDS_MAX];
    int count; /* fields on the line (may exceed CSV_FIELDS_MAX; only the first are kept) */
} csv_fields;

static int csv_split(sk_regex *re, const char *text, const sk_line *l, csv_fields *f)
{
    size_t pos = l->start, end = l->start + l->len;
    f->count = 0;
    for (;;) {
        if (sk_regex_match(re, text, end, pos) != 1)
            return SK_EINVAL; /* cannot happen: the pattern matches any field */
        size_t s, n, cs, cn;
        sk_regex_group(re, 1, &s, &n);
        if (f->count < CSV_FIELDS_MAX) {
            f->off[f->count] = s;
            f->len[f->count] = n;
        }
        f->count++;
        if (!sk_regex_group(re, 2, &cs, &cn) || cn == 0) return SK_OK;
        pos = cs + cn;
    }
}

static int csv_shape_ok(int n)
{
    return n == 4 || n == 5 || n == 7;
}

static void csv_line(tile_parse *p, const csv_fields *f, size_t line_no, int first)
{
    int magpie = f->count != 4;
    int c_count = magpie ? 2 : 1, c_score = c_count + 1, c_vowel = c_count + 2;
    int tile = check_label(p, f->off[0], f->len[0]);
    if (first && tile > 0) {
        char quoted[32];
        quote_label(p->text + f->off[0], f->len[0], quoted);
        sk_diag_add(p->diags, SK_SEV_ERROR, f->off[0],
                    "the first line must be the blank '?' (tile 0), found '%s'", quoted);
    }
    if (magpie && tile >= 0) {
        char want = tile == SK_TILE_BLANK ? '?' : (char)('a' + tile - 1);
        if (f->len[1] != 1 || p->text[f->off[1]] != want) {
            char quoted[32];
            quote_label(p->text + f->off[1], f->len[1], quoted);
            sk_diag_add(p->diags, SK_SEV_ERROR, f->off[1],
                        "lowercase label '%s' does not match the tile: expected '%c'", quoted,
                        want);
        }
    }
    long count = 0, score = 0, vowel = 0;
    int ok = tile >= 0;
    ok &= number_field(p, f->off[c_count], f->len[c_count], "count", 0, SK_TILE_COUNT_MAX, "",
                       &count);
    ok &= number_field(p, f->off[c_score], f->len[c_score], "score", 0, SK_TILE_SCORE_MAX, "",
                       &score);
    if (number_field(p, f->off[c_vowel], f->len[c_vowel], "vowel flag", -1000000, 1000000, "",
                     &vowel)) {
        if (vowel != 0 && vowel != 1)
            sk_diag_add(p->diags, SK_SEV_WARNING, f->off[c_vowel],
                        "vowel flag %ld is neither 0 nor 1; read as not a vowel", vowel);
    } else {
        ok = 0;
    }
    if (ok && define_tile(p, tile, f->off[0], line_no, count, score))
        p->out->vowel[tile] = vowel == 1;
}

/* A first line whose count and score columns are both words ("label,count,score,vowel"). */
static int looks_like_header(const char *text, const csv_fields *f)
{
    int c_count = f->count == 4 ? 1 : 2;
    long v;
    for (int c = c_count; c <= c_count + 1; c++)
        if (f->len[c] == 0 || !is_ascii_letter((unsigned char)text[f->off[c]]) ||
            sk_parse_int(text + f->off[c], f->len[c], &v))
            return 0;
    return 1;
}

static int parse_csv(tile_parse *p, const sk_lines *lines)
{
    sk_regex re;
    /* one field, trimmed, then a comma or the end of the line */
    int rc = sk_regex_compile(&re, "\\G[ \\t]*([^,]*?)[ \\t]*(,|$)");
    if (rc != SK_OK) return rc;
    int shape = 0; /* the column count of the first line, when valid */
    int first = 1;
    for (size_t i = 0; i < lines->content_count; i++) {
        const sk_line *l = &lines->lines[i];
        if (sk_line_blank(p->text, l)) continue;
        csv_fields f;
        if (csv_split(&re, p->text, l, &f) != SK_OK) continue;
        if (!csv_shape_ok(f.count)) {
            sk_diag_add_line(p->diags, SK_SEV_ERROR, l->start,
                             "expected " CSV_SHAPES " comma-separated columns, found %d", f.count);
        } else if (shape && f.count != shape) {
            sk_diag_add_line(p->diags, SK_SEV_ERROR, l->start,
                             "line has %d columns, but the first line has %d", f.count, shape);
        } else {
            if (first) shape = f.count;
            if (first && looks_like_header(p->text, &f))
                sk_diag_add_line(p->diags, SK_SEV_ERROR, l->start,
                                 "line %zu looks like a header: a letter-distribution CSV has "
                                 "none, its first line is the blank '?'",
                                 i + 1);
            else
                csv_line(p, &f, i + 1, first);
        }
        first = 0;
    }
    sk_regex_free(&re);
    return SK_OK;
}

/* ---- the entry point ------------------------------------------------------------------------- */

static sk_tiles_format detect(const char *text, const sk_lines *lines)
{
    for (size_t i = 0; i < lines->content_count; i++) {
        const sk_line *l = &lines->lines[i];
        if (sk_line_blank(text, l)) continue;
        return memchr(text + l->start, ',', l->len) ? SK_TILES_FORMAT_CSV : SK_TILES_FORMAT_CS104;
    }
    return SK_TILES_FORMAT_CS104;
}

int sk_tileset_parse(sk_tileset *out, const char *text, size_t len, sk_tiles_format format,
                     sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    sk_diag_list local;
    sk_diag_list_init(&local);
    if (!diags) diags = &local; /* errors must be counted even when the caller does not want them */
    size_t errors_before = diags->errors;
    sk_lines lines = {0};
    tile_parse p = {.text = text, .diags = diags, .out = out};
    int rc = SK_OK, csv;
    if (len > SK_TILES_FILE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "tile set is %zu bytes, more than the limit %u", len, SK_TILES_FILE_MAX);
        goto cleanup;
    }
    rc = sk_lines_split(&lines, text, len, diags);
    if (rc != SK_OK) goto cleanup;
    if (format == SK_TILES_FORMAT_AUTO) format = detect(text, &lines);
    csv = format == SK_TILES_FORMAT_CSV;
    if (lines.content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "empty file: expected %s",
                    csv ? "CSV lines 'label,count,score,vowel'" : "lines 'LETTER POINTS COUNT'");
        goto cleanup;
    }
    rc = csv ? parse_csv(&p, &lines) : parse_cs104(&p, &lines);
    if (rc != SK_OK) goto cleanup;
    compute_total(out);
    if (diags->errors == errors_before) {
        int letters = 0;
        for (int t = 1; t < SK_TILE_KINDS; t++)
            letters += out->defined[t];
        if (letters == 0)
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                        "no letters: a tile set needs at least one of A..Z");
    }
cleanup:
    sk_lines_free(&lines);
    if (rc == SK_OK && diags->errors > errors_before)
        rc = SK_EINVAL;
    else if (rc == SK_ETOOBIG)
        rc = SK_EINVAL; /* cannot happen under SK_TILES_FILE_MAX; reported to DIAGS anyway */
    sk_diag_list_free(&local);
    return rc;
}
