/* board_skrabbkle.c — parser for the SkraBBKle board format
 * (docs/formats.md, "SkraBBKle boards"): line 1 the size S (11..26), then S rows of S tokens with
 * no spaces: '.', '(n)' letter factor, '{n}' word factor, -9 <= n <= 99. Reports every problem,
 * with the row and what was expected. */
#include <string.h>

#include "internal/board_formats.h"
#include "internal/regex.h"
#include "skrab/error.h"

/* '.' | an opening bracket, the text up to the next bracket/dot/space, and a closing bracket.
 * Deliberately lenient, so that malformed premiums are recognised and explained one by one. */
static const char TOKEN_PATTERN[] = "\\G(?:(\\.)|([({\\[<])([^(){}\\[\\]<>.\\s]*)([)}\\]>])?)";

#define ROW_ERRORS_MAX 3 /* a row this broken gets a note instead of more errors */

typedef struct {
    const char *text;
    sk_regex token;
    sk_diag_list *diags; /* where findings go: the caller's, or SINK past the row's cap */
    sk_diag_list *real;  /* the caller's list */
} parser;

static char closer_for(char open)
{
    return open == '(' ? ')' : '}';
}

/* Checks the factor text of a premium; reports and returns 0 when it is not -9..99. */
static int check_factor(parser *p, size_t at, size_t len, char open, char close, long *out)
{
    const char *s = p->text + at;
    char ex[SK_EXCERPT_MAX];
    sk_excerpt(s, len, ex);
    if (len == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, at,
                    "empty premium '%c%c': write a factor -9..99 inside", open, close);
        return 0;
    }
    if (s[0] == '+') {
        sk_diag_add(p->diags, SK_SEV_ERROR, at, "factor '%s' must not have a '+' sign", ex);
        return 0;
    }
    long v;
    if (!sk_parse_int(s, len, &v)) {
        sk_diag_add(p->diags, SK_SEV_ERROR, at, "factor '%s' is not an integer", ex);
        return 0;
    }
    size_t digits = s[0] == '-' ? 1 : 0;
    if (len - digits > 1 && s[digits] == '0') {
        sk_diag_add(p->diags, SK_SEV_ERROR, at, "factor '%s' has a leading zero", ex);
        return 0;
    }
    if (s[0] == '-' && v == 0) {
        sk_diag_add(p->diags, SK_SEV_ERROR, at, "factor '-0': write 0");
        return 0;
    }
    if (v < SK_FACTOR_MIN || v > SK_FACTOR_MAX) {
        sk_diag_add(p->diags, SK_SEV_ERROR, at, "premium factor %s out of range %d..%d", ex,
                    SK_FACTOR_MIN, SK_FACTOR_MAX);
        return 0;
    }
    *out = v;
    return 1;
}

/* Parses one bracketed token matched by TOKEN_PATTERN. Returns 1 and fills SQ when it is valid. */
static int bracket_token(parser *p, sk_square *sq)
{
    size_t os, ol, cs, cl, ks = 0, kl = 0;
    sk_regex_group(&p->token, 2, &os, &ol);
    sk_regex_group(&p->token, 3, &cs, &cl);
    int closed = sk_regex_group(&p->token, 4, &ks, &kl);
    char open = p->text[os];
    char ex[SK_EXCERPT_MAX];
    sk_excerpt(p->text + os, (closed ? ks + 1 : cs + cl) - os, ex);
    if (open == '[' || open == '<') {
        sk_diag_add(p->diags, SK_SEV_ERROR, os,
                    "'%s' is not a square: use '(n)' for a letter premium, '{n}' for a word "
                    "premium",
                    ex);
        return 0;
    }
    char want = closer_for(open);
    if (!closed) {
        sk_diag_add(p->diags, SK_SEV_ERROR, os, "'%s' has no closing '%c'", ex, want);
        return 0;
    }
    if (p->text[ks] != want) {
        sk_diag_add(p->diags, SK_SEV_ERROR, ks, "'%s' is closed with '%c' instead of '%c'", ex,
                    p->text[ks], want);
        return 0;
    }
    long v;
    if (!check_factor(p, cs, cl, open, want, &v)) return 0;
    sq->kind = open == '(' ? SK_SQ_LETTER : SK_SQ_WORD;
    sq->factor = (signed char)v;
    return 1;
}

/* Tokenises one row. Stores up to WIDTH squares into DST (may be NULL). Returns the number of
 * squares read; *ERRORS is set when the row had a malformed token (its count is then not
 * checked); *NTH_OFFSET is the offset of square number WIDTH+1, if there is one. */
static int parse_row(parser *p, const sk_line *line, int width, sk_square *dst, int *errors,
                     size_t *nth_offset)
{
    size_t pos = line->start, end = line->start + line->len;
    int count = 0, row_errors = 0;
    *errors = 0;
    p->diags = p->real;
    while (pos < end) {
        if (row_errors >= ROW_ERRORS_MAX)
            p->diags = NULL; /* keep scanning for the count, stop reporting */
        int m = sk_regex_match(&p->token, p->text, end, pos);
        size_t ms, ml;
        if (m == 1 && sk_regex_group(&p->token, 0, &ms, &ml) && ml > 0) {
            sk_square sq = {SK_SQ_PLAIN, 1};
            size_t s, l;
            int ok = sk_regex_group(&p->token, 1, &s, &l) ? 1 : bracket_token(p, &sq);
            if (!ok) {
                *errors = 1;
                row_errors++;
            }
            if (count == width) *nth_offset = pos;
            if (ok && dst && count < width) dst[count] = sq;
            count++;
            pos = ms + ml;
            continue;
        }
        /* a byte no token starts with: report it, skip the run of such bytes */
        unsigned char c = (unsigned char)p->text[pos];
        if (c == '\r' || c == '\0') { /* already reported by sk_lines_split */
            *errors = 1;
            pos++;
            continue;
        }
        size_t run = pos;
        if (c == ' ' || c == '\t') {
            while (run < end && (p->text[run] == ' ' || p->text[run] == '\t'))
                run++;
            sk_board_report_blanks(p->text, pos, run, end, p->diags);
        } else {
            char what[32];
            sk_describe_unexpected(p->text + pos, end - pos, what);
            while (run < end && !strchr(".({[< \t", p->text[run]))
                run++;
            sk_diag_add(p->diags, SK_SEV_ERROR, pos, "%s: a square is '.', '(n)' or '{n}'", what);
        }
        *errors = 1;
        row_errors++;
        pos = run;
    }
    if (row_errors > ROW_ERRORS_MAX)
        sk_diag_add(p->real, SK_SEV_NOTE, line->start + line->len,
                    "more problems on this line not shown");
    p->diags = p->real;
    return count;
}

/* Reads line 1. Returns the size, or 0 when it is not a usable size (already reported). */
static int parse_size(parser *p, const sk_line *l1)
{
    const char *s = p->text + l1->start;
    char ex[SK_EXCERPT_MAX];
    sk_excerpt(s, l1->len, ex);
    size_t a = 0, b = l1->len;
    while (a < b && (s[a] == ' ' || s[a] == '\t'))
        a++;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'))
        b--;
    /* "16 # the size": a number, a blank, more text; said, and the number still read */
    size_t digits = a < b && s[a] == '-' ? a + 1 : a, n = digits, rest;
    while (n < b && s[n] >= '0' && s[n] <= '9')
        n++;
    for (rest = n; rest < b && (s[rest] == ' ' || s[rest] == '\t');)
        rest++;
    int text_after = n > digits && rest > n && rest < b;
    if (text_after) {
        char after[SK_EXCERPT_MAX];
        sk_excerpt(s + rest, b - rest, after);
        sk_diag_add(p->diags, SK_SEV_ERROR, l1->start + rest,
                    "text after the board size on line 1: '%s' (line 1 holds the size alone; a "
                    "board file has no comments)",
                    after);
        b = n;
    }
    long v;
    if (a == b || !sk_parse_int(s + a, b - a, &v)) {
        if (a < b && strchr(".({", s[a]))
            sk_diag_add(p->diags, SK_SEV_ERROR, l1->start,
                        "line 1 must be the board size (an integer %d..%d) but looks like a row: "
                        "is the size line missing?",
                        SK_SKRABBKLE_MIN, SK_BOARD_MAX);
        else
            sk_diag_add(p->diags, SK_SEV_ERROR, l1->start + a,
                        "expected the board size (an integer %d..%d) on line 1, found '%s'",
                        SK_SKRABBKLE_MIN, SK_BOARD_MAX, ex);
        return 0;
    }
    if (!text_after && (a > 0 || b < l1->len))
        sk_diag_add(p->diags, SK_SEV_ERROR, l1->start + (a > 0 ? 0 : b),
                    "whitespace around the board size");
    if (v < SK_SKRABBKLE_MIN || v > SK_BOARD_MAX) {
        sk_excerpt(s + a, b - a, ex);
        sk_diag_add(p->diags, SK_SEV_ERROR, l1->start + a, "board size %s out of range %d..%d", ex,
                    SK_SKRABBKLE_MIN, SK_BOARD_MAX);
        return 0;
    }
    return (int)v;
}

int sk_board_parse_skrabbkle(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                             sk_diag_list *diags)
{
    if (lines->content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0,
                    "empty file: expected the board size (an integer %d..%d) on line 1",
                    SK_SKRABBKLE_MIN, SK_BOARD_MAX);
        return SK_EINVAL;
    }
    parser p = {.text = text, .diags = diags, .real = diags};
    int rc = sk_regex_compile(&p.token, TOKEN_PATTERN);
    if (rc != SK_OK) return rc;
    int size = parse_size(&p, &lines->lines[0]);
    if (size) sk_board_init(out, size, size);
    /* Without a usable size, still check every row's tokens (no counts). */
    size_t rows_avail = lines->content_count - 1;
    size_t rows = size ? (size_t)size : rows_avail;
    if (rows > rows_avail) rows = rows_avail;
    int common = -1, all_same = 1; /* the squares every row has, when they all have as many */
    for (size_t r = 0; r < rows; r++) {
        const sk_line *line = &lines->lines[1 + r];
        int errors;
        size_t nth = 0;
        sk_square *dst = size ? &out->squares[r * (size_t)size] : NULL;
        int count = parse_row(&p, line, size ? size : SK_BOARD_MAX, dst, &errors, &nth);
        if (errors || (common >= 0 && count != common)) all_same = 0;
        common = count;
        if (!size || errors || count == size) continue;
        if (count < size)
            sk_diag_add(diags, SK_SEV_ERROR, line->start + line->len,
                        "row %zu has %d square%s, expected %d", r + 1, count, count == 1 ? "" : "s",
                        size);
        else
            sk_diag_add(diags, SK_SEV_ERROR, nth, "row %zu has %d squares, expected %d", r + 1,
                        count, size);
    }
    /* the rows agree with each other, not with line 1: the size line is the likely mistake */
    if (size && rows > 0 && all_same && common != size && (size_t)common == rows_avail &&
        common >= SK_SKRABBKLE_MIN && common <= SK_BOARD_MAX)
        sk_diag_add_line(diags, SK_SEV_NOTE, lines->lines[0].start,
                         "every row has %d squares and there are %d rows: is the size on line 1 "
                         "(%d) wrong? It would be %d",
                         common, common, size, common);
    if (size) {
        if (rows < (size_t)size)
            sk_board_report_missing_rows(len, rows, size, diags);
        else
            sk_board_report_extra_lines(text, lines, 1 + (size_t)size, size, diags);
    }
    sk_regex_free(&p.token);
    return SK_OK; /* the dispatcher turns reported errors into SK_EINVAL */
}
