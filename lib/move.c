/* move.c — reading and writing the three move notations (see move.h). PCRE2 does the grammar;
 * this file turns matches into sk_move and explains what was expected when nothing matches. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "internal/regex.h"
#include "skrab/error.h"
#include "skrab/move.h"

static const char SKRABBKLE_RE[] =
    "^\\s*(?:([^\\s,]+)\\s*,\\s*(?:([A-Za-z])([0-9]{1,3})|([0-9]{1,3})([A-Za-z]))|(,))\\s*$";
static const char GCG_RE[] = "^\\s*(?:(?:([0-9]{1,3})([A-Za-z])|([A-Za-z])([0-9]{1,3}))\\s+"
                             "(\\S+)|-(?:([^\\s0-9]\\S*)|([0-9]{1,2}))?)\\s*$";
static const char CS104_RE[] = "^\\s*(?i:(place)\\s+([-|])\\s+([0-9]{1,3})\\s+([0-9]{1,3})\\s+"
                               "(\\S+)|(exchange)\\s+(\\S+)|(pass))\\s*$";

typedef struct {
    sk_regex re;
    const char *text;
    const sk_alphabet *alphabet;
    char *why;
    size_t why_size;
} matcher;

__attribute__((format(printf, 2, 3))) static int fail(matcher *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (m->why_size) vsnprintf(m->why, m->why_size, fmt, ap);
    va_end(ap);
    return SK_EINVAL;
}

/* Reads the tiles S[0..N) into the tile string DST (at most SK_MOVE_TILES_MAX: WHAT names them
 * for the message when there are more) with FLAGS; *COUNT their number. */
static int read_tiles(matcher *m, const char *s, size_t n, int flags, char *dst, int *count,
                      const char *what)
{
    size_t at;
    sk_tile_read r;
    int k = sk_alphabet_read_tiles(m->alphabet, s, n, flags, dst, SK_MOVE_TILES_MAX, &at, &r);
    if (k > SK_MOVE_TILES_MAX) return fail(m, "%s of more than %d tiles", what, SK_MOVE_TILES_MAX);
    if (k < 0) {
        char why[96];
        sk_alphabet_read_why(r, s, n, at, why, sizeof(why));
        return fail(m, "%s", why);
    }
    *count = k;
    return SK_OK;
}

static int group(matcher *m, int n, const char **s, size_t *len)
{
    size_t start;
    if (!sk_regex_group(&m->re, n, &start, len)) return 0;
    *s = m->text + start;
    return 1;
}

/* Converts a 1-based row number / column letter, checking the largest board. */
static int coord(matcher *m, const char *digits, size_t ndigits, char letter, int *row, int *col)
{
    int r = 0;
    for (size_t i = 0; i < ndigits; i++)
        r = r * 10 + (digits[i] - '0');
    int c = tolower((unsigned char)letter) - 'a';
    char sq[8];
    snprintf(sq, sizeof(sq), "%c%d", letter, r % 1000);
    if (r < 1 || r > 26) return fail(m, "row in '%s' is not 1..26", sq);
    *row = r - 1;
    *col = c;
    return SK_OK;
}

static int parse_skrabbkle(matcher *m, sk_move *out)
{
    if (sk_regex_match(&m->re, m->text, strlen(m->text), 0) != 1)
        return fail(m, "expected WORD,SQUARE: the tiles placed, a comma, then the square as 'h6' "
                       "(column, row: downward) or '6h' (row, column: rightward), or ',' to "
                       "pass");
    const char *s = NULL, *a = NULL, *b = NULL;
    size_t n = 0, na = 0, nb = 0;
    if (group(m, 6, &s, &n)) {
        out->kind = SK_MOVE_PASS;
        return SK_OK;
    }
    group(m, 1, &s, &n);
    out->kind = SK_MOVE_PLACE;
    int rc = read_tiles(m, s, n, SK_READ_BLANKED, out->tiles, &out->ntiles, "word");
    if (rc != SK_OK) return rc;
    if (group(m, 2, &a, &na)) { /* column letter then row: downward */
        group(m, 3, &b, &nb);
        out->dir = SK_DOWN;
        return coord(m, b, nb, *a, &out->row, &out->col);
    }
    group(m, 4, &b, &nb); /* row then column letter: rightward */
    group(m, 5, &a, &na);
    out->dir = SK_ACROSS;
    return coord(m, b, nb, *a, &out->row, &out->col);
}

/* Reads a GCG play: tiles, '.', and "(TILES)" for tiles already on the board. */
static int gcg_play(matcher *m, sk_move *out, const char *s, size_t n)
{
    int inside = 0, k = 0, opened = 0; /* OPENED: K when the last '(' was read */
    for (size_t i = 0; i < n;) {
        char c = s[i];
        if (c == '(') {
            if (inside) return fail(m, "nested '(' in the play");
            inside = 1;
            opened = k;
            i++;
            continue;
        }
        if (c == ')') {
            if (!inside) return fail(m, "')' without '(' in the play");
            if (k == opened) return fail(m, "empty '( )' in the play: it names no tile");
            inside = 0;
            i++;
            continue;
        }
        if (k == SK_MOVE_TILES_MAX) return fail(m, "play of more than 26 squares");
        if (c == '.' && inside) return fail(m, "'.' inside '( )'");
        sk_tile t = 0;
        size_t at = i;
        sk_tile_read r = c == '.' ? SK_TILE_READ_OK
                                  : sk_alphabet_read(m->alphabet, s, n, &i, SK_READ_BLANKED, &t);
        if (r != SK_TILE_READ_OK) {
            char why[96];
            sk_alphabet_read_why(r, s, n, at, why, sizeof(why));
            return fail(m, "%s", why);
        }
        if (c == '.') i++;
        out->tiles[k] = c == '.' ? SK_MOVE_UNNAMED : (char)t;
        out->through[k] = (unsigned char)(c == '.' || inside);
        k++;
    }
    if (inside) return fail(m, "'(' without ')' in the play");
    if (k == 0) return fail(m, "empty play");
    out->tiles[k] = '\0';
    out->ntiles = k;
    return SK_OK;
}

static int parse_gcg(matcher *m, sk_move *out)
{
    if (sk_regex_match(&m->re, m->text, strlen(m->text), 0) != 1)
        return fail(m, "expected POSITION PLAY as in '8G WORD' (row first: across) or 'G8 WORD' "
                       "(column first: down), '-' to pass, or '-TILES' to exchange");
    const char *s = NULL, *a = NULL, *b = NULL;
    size_t n = 0, na = 0, nb = 0;
    if (group(m, 5, &s, &n)) {
        out->kind = SK_MOVE_PLACE;
        int rc;
        if (group(m, 1, &b, &nb)) {
            group(m, 2, &a, &na);
            out->dir = SK_ACROSS;
            rc = coord(m, b, nb, *a, &out->row, &out->col);
        } else {
            group(m, 3, &a, &na);
            group(m, 4, &b, &nb);
            out->dir = SK_DOWN;
            rc = coord(m, b, nb, *a, &out->row, &out->col);
        }
        return rc != SK_OK ? rc : gcg_play(m, out, s, n);
    }
    if (group(m, 6, &s, &n)) {
        out->kind = SK_MOVE_EXCHANGE;
        return read_tiles(m, s, n, SK_READ_BLANK | SK_READ_FOLD, out->exchange,
                          &out->exchange_count, "exchange");
    }
    if (group(m, 7, &s, &n)) {
        out->kind = SK_MOVE_EXCHANGE;
        out->exchange_count = s[0] - '0';
        if (n == 2) out->exchange_count = out->exchange_count * 10 + (s[1] - '0');
        if (out->exchange_count == 0) return fail(m, "an exchange of 0 tiles is a pass: write '-'");
        if (out->exchange_count > SK_MOVE_TILES_MAX) /* as for the tiles written out */
            return fail(m, "exchange of more than %d tiles", SK_MOVE_TILES_MAX);
        return SK_OK;
    }
    out->kind = SK_MOVE_PASS;
    return SK_OK;
}

/* CS104 tiles: letters in any case are normal tiles; "?x" is a blank played as x. */
static int cs104_tiles(matcher *m, const char *s, size_t n, char *dst, int *count, int exchange)
{
    int k = 0;
    for (size_t i = 0; i < n;) {
        if (k == SK_MOVE_TILES_MAX) return fail(m, "more than 26 tiles");
        int blank = s[i] == '?' && !exchange;
        if (blank && (i + 1 == n || isspace((unsigned char)s[i + 1]) || s[i + 1] == '?'))
            return fail(m, "'?' must be followed by the letter the blank stands for");
        i += (size_t)blank;
        sk_tile t;
        size_t at = i;
        sk_tile_read r = sk_alphabet_read(m->alphabet, s, n, &i,
                                          SK_READ_FOLD | (exchange ? SK_READ_BLANK : 0), &t);
        if (r != SK_TILE_READ_OK) {
            if (blank && r == SK_TILE_READ_UNKNOWN)
                return fail(m, "'?' must be followed by the letter the blank stands for");
            char why[96];
            sk_alphabet_read_why(r, s, n, at, why, sizeof(why));
            return fail(m, "%s: tiles are letters, and '?' for a blank", why);
        }
        dst[k++] = (char)(blank ? t | SK_TILE_BLANKED : t);
    }
    dst[k] = '\0';
    *count = k;
    return SK_OK;
}

static int parse_cs104(matcher *m, sk_move *out)
{
    if (sk_regex_match(&m->re, m->text, strlen(m->text), 0) != 1)
        return fail(m, "expected 'PLACE DIR ROW COLUMN TILES' (DIR '-' across or '|' down), "
                       "'EXCHANGE TILES' or 'PASS'");
    const char *s = NULL, *a = NULL, *b = NULL;
    size_t n = 0, na = 0, nb = 0;
    if (group(m, 1, &s, &n)) {
        group(m, 2, &s, &n);
        out->kind = SK_MOVE_PLACE;
        out->dir = *s == '-' ? SK_ACROSS : SK_DOWN;
        group(m, 3, &a, &na);
        group(m, 4, &b, &nb);
        int r = 0, c = 0;
        for (size_t i = 0; i < na; i++)
            r = r * 10 + (a[i] - '0');
        for (size_t i = 0; i < nb; i++)
            c = c * 10 + (b[i] - '0');
        if (r < 1 || r > 26 || c < 1 || c > 26) return fail(m, "row and column must be 1..26");
        out->row = r - 1;
        out->col = c - 1;
        group(m, 5, &s, &n);
        return cs104_tiles(m, s, n, out->tiles, &out->ntiles, 0);
    }
    if (group(m, 6, &s, &n)) {
        group(m, 7, &s, &n);
        out->kind = SK_MOVE_EXCHANGE;
        return cs104_tiles(m, s, n, out->exchange, &out->exchange_count, 1);
    }
    out->kind = SK_MOVE_PASS;
    return SK_OK;
}

static int starts_with_keyword(const char *s)
{
    static const char *const words[] = {"place", "exchange", "pass"};
    while (isspace((unsigned char)*s))
        s++;
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i]);
        if (strncasecmp(s, words[i], n) == 0 && (s[n] == '\0' || isspace((unsigned char)s[n])))
            return 1;
    }
    return 0;
}

int sk_move_parse(sk_move *out, const char *text, size_t len, const sk_alphabet *alphabet,
                  char *why, size_t why_size)
{
    memset(out, 0, sizeof(*out));
    char buf[SK_MOVE_TEXT_MAX + 1];
    matcher m = {.text = buf,
                 .alphabet = alphabet ? alphabet : sk_alphabet_default(),
                 .why = why,
                 .why_size = why_size};
    if (why_size) why[0] = '\0';
    if (len > SK_MOVE_TEXT_MAX) return fail(&m, "move text longer than 256 bytes");
    if (memchr(text, '\0', len)) return fail(&m, "NUL byte in the move");
    memcpy(buf, text, len);
    buf[len] = '\0';
    const char *pattern;
    int (*parse)(matcher *, sk_move *);
    if (strchr(buf, ',')) {
        out->notation = SK_NOTATION_SKRABBKLE;
        pattern = SKRABBKLE_RE;
        parse = parse_skrabbkle;
    } else if (starts_with_keyword(buf)) {
        out->notation = SK_NOTATION_CS104;
        pattern = CS104_RE;
        parse = parse_cs104;
    } else {
        out->notation = SK_NOTATION_GCG;
        pattern = GCG_RE;
        parse = parse_gcg;
    }
    const char *p = buf;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '\0')
        return fail(&m, "empty move: expected WORD,SQUARE, POSITION PLAY, or PLACE/EXCHANGE/PASS "
                        "(',' or '-' or PASS to pass)");
    if (sk_regex_compile(&m.re, pattern) != SK_OK)
        return fail(&m, "internal error: bad move pattern");
    int rc = parse(&m, out);
    sk_regex_free(&m.re);
    return rc;
}

const char *sk_notation_name(sk_notation notation)
{
    switch (notation) {
    case SK_NOTATION_SKRABBKLE:
        return "skrabbkle";
    case SK_NOTATION_GCG:
        return "gcg";
    default:
        return "cs104";
    }
}

const char *sk_move_kind_name(sk_move_kind kind)
{
    switch (kind) {
    case SK_MOVE_PLACE:
        return "place";
    case SK_MOVE_EXCHANGE:
        return "exchange";
    default:
        return "pass";
    }
}

void sk_move_write_gcg_square(sk_buf *out, int row, int col, sk_direction dir)
{
    if (dir == SK_ACROSS) {
        sk_buf_put_int(out, row + 1);
        sk_buf_putc(out, (char)('A' + col));
    } else {
        sk_buf_putc(out, (char)('A' + col));
        sk_buf_put_int(out, row + 1);
    }
}

void sk_move_write_skrabbkle_square(sk_buf *out, int row, int col, sk_direction dir)
{
    if (dir == SK_DOWN) {
        sk_buf_putc(out, (char)('a' + col));
        sk_buf_put_int(out, row + 1);
    } else {
        sk_buf_put_int(out, row + 1);
        sk_buf_putc(out, (char)('a' + col));
    }
}

static void write_exchange(sk_buf *out, const sk_move *move, const sk_alphabet *a)
{
    if (move->exchange[0]) {
        sk_buf_putc(out, '-');
        sk_alphabet_write_tiles(a, move->exchange, out);
    } else
        sk_buf_printf(out, "-%d", move->exchange_count);
}

/* Writes a GCG play as it was read: bare letters, '.', and the letters named as already on the
 * board inside "( )", one pair around each run of them, so that reading it back gives the same
 * tiles and marks (docs/formats.md, "GCG notation"). */
static void write_gcg_play(sk_buf *out, const sk_move *move, const sk_alphabet *a)
{
    int inside = 0;
    for (int i = 0; i < move->ntiles; i++) {
        char c = move->tiles[i];
        int named = move->through[i] && c != SK_MOVE_UNNAMED;
        if (named != inside) sk_buf_putc(out, named ? '(' : ')');
        inside = named;
        if (c == SK_MOVE_UNNAMED)
            sk_buf_putc(out, '.');
        else
            sk_alphabet_write(a, (sk_tile)c, out);
    }
    if (inside) sk_buf_putc(out, ')');
}

void sk_move_write_normalised(sk_buf *out, const sk_move *move, const sk_alphabet *alphabet)
{
    const sk_alphabet *a = alphabet ? alphabet : sk_alphabet_default();
    switch (move->notation) {
    case SK_NOTATION_SKRABBKLE:
        if (move->kind == SK_MOVE_PASS) {
            sk_buf_putc(out, ',');
            return;
        }
        sk_alphabet_write_tiles(a, move->tiles, out);
        sk_buf_putc(out, ',');
        sk_move_write_skrabbkle_square(out, move->row, move->col, move->dir);
        return;
    case SK_NOTATION_GCG:
        if (move->kind == SK_MOVE_PASS) {
            sk_buf_putc(out, '-');
        } else if (move->kind == SK_MOVE_EXCHANGE) {
            write_exchange(out, move, a);
        } else {
            sk_move_write_gcg_square(out, move->row, move->col, move->dir);
            sk_buf_putc(out, ' ');
            write_gcg_play(out, move, a);
        }
        return;
    case SK_NOTATION_CS104:
        if (move->kind == SK_MOVE_PASS) {
            sk_buf_puts(out, "PASS");
        } else if (move->kind == SK_MOVE_EXCHANGE) {
            sk_buf_puts(out, "EXCHANGE ");
            sk_alphabet_write_tiles(a, move->exchange, out);
        } else {
            sk_buf_printf(out, "PLACE %c %d %d ", move->dir == SK_ACROSS ? '-' : '|', move->row + 1,
                          move->col + 1);
            for (int i = 0; i < move->ntiles; i++) {
                sk_tile t = (sk_tile)move->tiles[i];
                if (t & SK_TILE_BLANKED) sk_buf_putc(out, '?');
                sk_alphabet_write(a, t & SK_TILE_LETTER, out);
            }
        }
        return;
    }
}
