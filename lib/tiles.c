/* tiles.c — tile sets (see tiles.h): the parsers for CS104 tile files ("C POINTS COUNT" lines)
 * and macondo/MAGPIE letter-distribution CSVs, and the numbering of their letters into an
 * alphabet. Labels may be any letters in UTF-8, of one character or several (CH, L·L). The
 * built-in sets are in tiles_builtin.c. Not a bag: drawing tiles belongs to the game. */
#include <string.h>

#include "internal/regex.h"
#include "internal/textscan.h"
#include "skrab/error.h"
#include "skrab/tiles.h"
#include "skrab/utf8.h"

static void compute_total(sk_tileset *t)
{
    t->total = 0;
    for (int i = 0; i < SK_ALPHABET_MAX; i++)
        t->total += t->count[i];
}

int sk_tile_from_char(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A' + 1;
    if (c >= 'a' && c <= 'z') return c - 'a' + 1;
    return c == '?' ? SK_TILE_BLANK : -1;
}

/* An unplayed blank (on a rack) is worth the blank's score, like a played blank. */
int sk_tileset_score_of(const sk_tileset *t, char tile)
{
    sk_tile v = (sk_tile)tile;
    if (v & ~(SK_TILE_LETTER | SK_TILE_BLANKED) || (v & SK_TILE_LETTER) >= t->alphabet.size)
        return 0;
    return t->score[sk_tile_kind(v)];
}

/* ---- parsing: shared ---------------------------------------------------------------------- */

#define ENTRIES_MAX SK_ALPHABET_MAX /* the blank and the letters */

/* One tile kind as a line defined it; numbered once every line is read. */
typedef struct {
    size_t line, off, len;   /* 1-based line; the label TEXT[OFF..OFF+LEN) */
    int count, score, vowel; /* vowel -1: not given (CS104) */
} entry;

typedef struct {
    const char *text;
    sk_diag_list *diags;
    sk_tileset *out;
    entry entries[ENTRIES_MAX];
    int nentries;
    int too_many; /* a line past ENTRIES_MAX was reported */
} tile_parse;

static int is_ascii_letter(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Quotes a label for a message (sk_excerpt). Returns 0 if the label has a control byte or is not
 * UTF-8. */
static int quote_label(const char *s, size_t len, char out[SK_EXCERPT_MAX])
{
    int ok = sk_utf8_invalid(s, len) == len;
    for (size_t i = 0; ok && i < len; i++)
        ok = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] != 0x7f;
    sk_excerpt(s, len, out);
    return ok;
}

/* Checks the tile label TEXT[OFF..OFF+LEN). A label is '?' (the blank) or up to SK_LABEL_MAX bytes
 * of UTF-8 whose ASCII characters are all letters. Returns 0 for the blank, 1 for a letter, -1
 * after reporting why it is neither. Duplicates are checked by add_entry. */
static int check_label(tile_parse *p, size_t off, size_t len)
{
    const char *s = p->text + off;
    char quoted[SK_EXCERPT_MAX];
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "empty tile label: expected a letter or '?'");
        return -1;
    }
    if (len == 1 && s[0] == '?') return 0;
    if (!quote_label(s, len, quoted)) {
        size_t bad = sk_utf8_invalid(s, len);
        int utf8 = bad == len;
        if (utf8) /* well-formed: a control character */
            for (bad = 0; (unsigned char)s[bad] >= 0x20 && s[bad] != 0x7f; bad++) {
            }
        char desc[24];
        sk_describe_byte((unsigned char)s[bad], desc);
        sk_diag_add(p->diags, SK_SEV_ERROR, off + bad,
                    utf8 ? "tile contains %s, a control character: a label is letters or '?'"
                         : "tile contains %s, which is not UTF-8: a label is letters in UTF-8 "
                           "or '?'",
                    desc);
        return -1;
    }
    /* name the first character that is not a letter (a leading '?' is the blank written
     * before something else) */
    for (size_t i = s[0] == '?'; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && !is_ascii_letter(c)) {
            if (len == 1)
                sk_diag_add(p->diags, SK_SEV_ERROR, off, "tile '%s' is not a letter or '?'",
                            quoted);
            else
                sk_diag_add(p->diags, SK_SEV_ERROR, off + i,
                            "tile '%s' has '%c', which is not a letter", quoted, c);
            return -1;
        }
    }
    if (len > SK_LABEL_MAX) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off, "tile '%s' is longer than %d bytes", quoted,
                    SK_LABEL_MAX);
        return -1;
    }
    /* a blank played as the letter is written in its lower case: a label whose two cases are
     * the same (or whose letters skrab knows no case of) could not be told from the tile */
    char up[SK_LABEL_MAX + 1], low[SK_LABEL_MAX + 1];
    size_t nu = sk_utf8_case(s, len, 1, up, sizeof(up)),
           nl = sk_utf8_case(s, len, 0, low, sizeof(low));
    if (nu == nl && memcmp(up, low, nu) == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, off,
                    "tile '%s' has no lower case apart from its upper case: a blank played as it "
                    "could not be told from the tile",
                    quoted);
        return -1;
    }
    return 1;
}

/* Parses a number field. Returns 1 and sets *OUT when it is an integer in MIN..MAX; otherwise
 * reports it (naming WHAT; HINT is appended to a "not a number" message) and returns 0. */
static int number_field(tile_parse *p, size_t off, size_t len, const char *what, long min, long max,
                        const char *hint, long *out)
{
    char quoted[SK_EXCERPT_MAX];
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

/* Whether labels A[0..AN) and B[0..BN) are the same letter, ignoring case. */
static int same_letter(const char *a, size_t an, const char *b, size_t bn)
{
    size_t i = 0, j = 0;
    while (i < an && j < bn) {
        uint32_t x, y;
        size_t n = sk_utf8_decode(a + i, an - i, &x), m = sk_utf8_decode(b + j, bn - j, &y);
        if (n == 0 || m == 0 || sk_utf8_lower(x) != sk_utf8_lower(y)) return 0;
        i += n;
        j += m;
    }
    return i == an && j == bn;
}

/* Keeps the kind E (its label checked), or reports it as a duplicate of an earlier line. */
static void add_entry(tile_parse *p, const entry *e)
{
    const char *label = p->text + e->off;
    char quoted[SK_EXCERPT_MAX], first_quoted[SK_EXCERPT_MAX];
    quote_label(label, e->len, quoted);
    for (int i = 0; i < p->nentries; i++) {
        const entry *f = &p->entries[i];
        const char *first = p->text + f->off;
        if (!same_letter(first, f->len, label, e->len)) continue;
        quote_label(first, f->len, first_quoted);
        if (f->len == e->len && memcmp(first, label, e->len) == 0)
            sk_diag_add(p->diags, SK_SEV_ERROR, e->off,
                        "duplicate tile '%s' (already defined on line %zu)", quoted, f->line);
        else
            sk_diag_add(p->diags, SK_SEV_ERROR, e->off,
                        "duplicate tile '%s': '%s' on line %zu is the same letter", quoted,
                        first_quoted, f->line);
        return;
    }
    int letters = p->nentries;
    for (int i = 0; i < p->nentries; i++)
        letters -= p->entries[i].len == 1 && p->text[p->entries[i].off] == '?';
    int blank = e->len == 1 && label[0] == '?';
    if (!blank && letters == SK_ALPHABET_MAX - 1) {
        if (!p->too_many)
            sk_diag_add(p->diags, SK_SEV_ERROR, e->off,
                        "too many tiles: a set has the blank and at most %d letters",
                        SK_ALPHABET_MAX - 1);
        p->too_many = 1;
        return;
    }
    p->entries[p->nentries++] = *e;
}

/* Whether every letter of the set is one ASCII letter: then the letters are numbered A=1..Z=26
 * whatever their order, as the built-in sets and English lexicons number them. */
static int ascii_letters(const tile_parse *p)
{
    for (int i = 0; i < p->nentries; i++) {
        const entry *e = &p->entries[i];
        if (e->len != 1 ||
            (p->text[e->off] != '?' && !is_ascii_letter((unsigned char)p->text[e->off])))
            return 0;
    }
    return 1;
}

static void define_kind(sk_tileset *t, int kind, const entry *e)
{
    t->defined[kind] = 1;
    t->count[kind] = e->count;
    t->score[kind] = e->score;
    if (e->vowel >= 0) t->vowel[kind] = (unsigned char)e->vowel;
}

/* Numbers the kinds read into the alphabet: A..Z for a set of ASCII letters (see ascii_letters),
 * otherwise in the order of the file. The vowels default to A E I O U when no line gave them. */
static void number_kinds(tile_parse *p)
{
    sk_tileset *t = p->out;
    int latin = ascii_letters(p);
    if (latin)
        sk_alphabet_latin(&t->alphabet);
    else
        sk_alphabet_init(&t->alphabet);
    for (int i = 0; i < p->nentries; i++) {
        const entry *e = &p->entries[i];
        const char *label = p->text + e->off;
        if (e->len == 1 && label[0] == '?') {
            define_kind(t, SK_TILE_BLANK, e);
            continue;
        }
        int kind;
        if (latin) {
            kind = sk_tile_from_char(label[0]);
        } else {
            char upper[SK_LABEL_MAX + 1];
            size_t n = sk_utf8_case(label, e->len, 1, upper, sizeof(upper));
            kind = n == 0 ? SK_ETOOBIG : sk_alphabet_add(&t->alphabet, upper, n, NULL, 0);
            if (kind < 0) { /* checked by check_label and add_entry: cannot happen */
                char quoted[SK_EXCERPT_MAX];
                quote_label(label, e->len, quoted);
                sk_diag_add(p->diags, SK_SEV_ERROR, e->off, "tile '%s' cannot be added: %s", quoted,
                            sk_strerror(kind));
                continue;
            }
        }
        define_kind(t, kind, e);
    }
    int given = 0;
    for (int i = 0; i < p->nentries; i++)
        given |= p->entries[i].vowel >= 0;
    for (int k = 1; !given && k < t->alphabet.size; k++)
        t->vowel[k] = t->alphabet.upper[k][1] == '\0' && strchr("AEIOU", t->alphabet.upper[k][0]);
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
            char extra[SK_EXCERPT_MAX];
            sk_excerpt(p->text + off[3], l->start + l->len - off[3], extra);
            sk_diag_add(p->diags, SK_SEV_ERROR, off[3],
                        "unexpected '%s' after the count" CS104_HINT, extra);
            ok = 0;
        }
        if (ok) {
            entry e = {i + 1, off[0], len[0], (int)count, (int)points, -1};
            add_entry(p, &e);
        }
    }
    sk_regex_free(&re);
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
        char quoted[SK_EXCERPT_MAX];
        quote_label(p->text + f->off[0], f->len[0], quoted);
        sk_diag_add(p->diags, SK_SEV_ERROR, f->off[0],
                    "the first line must be the blank '?' (tile 0), found '%s'", quoted);
    }
    if (magpie && tile >= 0) {
        char want[SK_LABEL_MAX + 1];
        size_t n = sk_utf8_case(p->text + f->off[0], f->len[0], 0, want, sizeof(want));
        if (n != f->len[1] || memcmp(p->text + f->off[1], want, n) != 0) {
            char quoted[SK_EXCERPT_MAX];
            quote_label(p->text + f->off[1], f->len[1], quoted);
            sk_diag_add(p->diags, SK_SEV_ERROR, f->off[1],
                        "lowercase label '%s' does not match the tile: expected '%s'", quoted,
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
    if (ok) {
        entry e = {line_no, f->off[0], f->len[0], (int)count, (int)score, vowel == 1};
        add_entry(p, &e);
    }
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
    sk_lines_warn_trailing(&lines, diags);
    if (format == SK_TILES_FORMAT_AUTO) format = detect(text, &lines);
    csv = format == SK_TILES_FORMAT_CSV;
    if (lines.content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "empty file: expected %s",
                    csv ? "CSV lines 'label,count,score,vowel'" : "lines 'LETTER POINTS COUNT'");
        goto cleanup;
    }
    rc = csv ? parse_csv(&p, &lines) : parse_cs104(&p, &lines);
    if (rc != SK_OK) goto cleanup;
    number_kinds(&p);
    compute_total(out);
    if (diags->errors == errors_before) {
        int letters = 0;
        for (int t = 1; t < SK_ALPHABET_MAX; t++)
            letters += out->defined[t];
        if (letters == 0)
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                        "no letters: a tile set needs at least one letter besides the blank");
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

int sk_tileset_is_latin(const sk_tileset *t)
{
    return sk_alphabet_is_latin(&t->alphabet);
}
