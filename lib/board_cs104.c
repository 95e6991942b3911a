/* board_cs104.c — parser for the CS104 board format (docs/formats.md, "CS104 boards"): line 1
 * "x y" (width, height), line 2 "sx sy" (1-based start column and row), then y rows of x characters
 * from ". 2 3 d t" (2/3 letter factors, d/t double/triple word). */
#include <string.h>

#include "internal/board_formats.h"
#include "internal/regex.h"
#include "skrab/error.h"

/* Parses a line of two integers. Returns 1 and sets A, B (and their offsets) on success. */
static int two_ints(sk_regex *re, const char *text, const sk_line *l, long *a, long *b,
                    size_t *aoff, size_t *boff)
{
    if (sk_regex_match(re, text, l->start + l->len, l->start) != 1) return 0;
    size_t s1, n1, s2, n2;
    sk_regex_group(re, 1, &s1, &n1);
    sk_regex_group(re, 2, &s2, &n2);
    if (!sk_parse_int(text + s1, n1, a) || !sk_parse_int(text + s2, n2, b)) return 0;
    *aoff = s1;
    *boff = s2;
    return 1;
}

static int square_for(char c, sk_square *sq)
{
    switch (c) {
    case '.':
        *sq = (sk_square){SK_SQ_PLAIN, 1};
        return 1;
    case '2':
    case '3':
        *sq = (sk_square){SK_SQ_LETTER, (signed char)(c - '0')};
        return 1;
    case 'd':
        *sq = (sk_square){SK_SQ_WORD, 2};
        return 1;
    case 't':
        *sq = (sk_square){SK_SQ_WORD, 3};
        return 1;
    default:
        return 0;
    }
}

/* Reads row ROW (0-based) of a board WIDTH squares wide from line L into OUT. Blanks that end the
 * line are trailing whitespace, one error, and are not counted as squares; a character that is
 * no square is one (an error each, three at most); the count is then checked against WIDTH. */
static void parse_row(const char *text, const sk_line *l, size_t row, int width, sk_board *out,
                      sk_diag_list *diags)
{
    size_t n = l->len, end = l->start + l->len;
    while (n > 0 && (text[l->start + n - 1] == ' ' || text[l->start + n - 1] == '\t'))
        n--;
    if (n < l->len) sk_board_report_blanks(text, l->start + n, end, end, diags);
    int reported = 0;
    for (size_t i = 0; i < n && (int)i < width; i++) {
        sk_square sq;
        char c = text[l->start + i];
        if (square_for(c, &sq)) {
            out->squares[row * (size_t)width + i] = sq;
        } else if (c != '\r' && c != '\0' && reported++ < 3) {
            char what[32];
            sk_describe_unexpected(text + l->start + i, l->len - i, what);
            sk_diag_add(diags, SK_SEV_ERROR, l->start + i,
                        "%s: a CS104 square is one of '.', '2', '3', 'd', 't'", what);
        }
    }
    if ((int)n < width)
        sk_diag_add(diags, SK_SEV_ERROR, l->start + n, "row %zu has %zu squares, expected %d",
                    row + 1, n, width);
    else if ((int)n > width)
        sk_diag_add(diags, SK_SEV_ERROR, l->start + (size_t)width,
                    "row %zu has %zu squares, expected %d (the width on line 1)", row + 1, n,
                    width);
}

int sk_board_parse_cs104(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                         sk_diag_list *diags)
{
    if (lines->content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "empty file: expected 'WIDTH HEIGHT' on line 1");
        return SK_EINVAL;
    }
    sk_regex re;
    int rc = sk_regex_compile(&re, "\\G[ \\t]*(\\d+)[ \\t]+(\\d+)[ \\t]*$");
    if (rc != SK_OK) return rc;
    long w, h, sx = 0, sy = 0;
    size_t woff, hoff, sxoff = 0, syoff = 0;
    const sk_line *l1 = &lines->lines[0];
    int size_ok = two_ints(&re, text, l1, &w, &h, &woff, &hoff);
    if (!size_ok) {
        sk_diag_add(diags, SK_SEV_ERROR, l1->start,
                    "expected 'WIDTH HEIGHT' (two integers 1..%d) on line 1", SK_BOARD_MAX);
    } else if (w < 1 || w > SK_BOARD_MAX || h < 1 || h > SK_BOARD_MAX) {
        int bad_w = w < 1 || w > SK_BOARD_MAX;
        sk_diag_add(diags, SK_SEV_ERROR, bad_w ? woff : hoff, "board %s %ld out of range 1..%d",
                    bad_w ? "width" : "height", bad_w ? w : h, SK_BOARD_MAX);
        size_ok = 0;
    }
    int start_ok = 0;
    if (lines->content_count < 2) {
        sk_diag_add(diags, SK_SEV_ERROR, len, "missing line 2: the start square 'COLUMN ROW'");
    } else if (!two_ints(&re, text, &lines->lines[1], &sx, &sy, &sxoff, &syoff)) {
        sk_diag_add(diags, SK_SEV_ERROR, lines->lines[1].start,
                    "expected the start square 'COLUMN ROW' (1-based) on line 2");
    } else {
        start_ok = 1;
    }
    sk_regex_free(&re);
    if (!size_ok) return SK_EINVAL;
    sk_board_init(out, (int)w, (int)h);
    if (start_ok) {
        if (sx < 1 || sx > w || sy < 1 || sy > h)
            sk_diag_add(diags, SK_SEV_ERROR, (sx < 1 || sx > w) ? sxoff : syoff,
                        "start square (%ld, %ld) is off the %ld x %ld board", sx, sy, w, h);
        else {
            out->start_col = (int)sx - 1;
            out->start_row = (int)sy - 1;
        }
    }
    size_t avail = lines->content_count > 2 ? lines->content_count - 2 : 0;
    size_t rows = avail < (size_t)h ? avail : (size_t)h;
    for (size_t r = 0; r < rows; r++)
        parse_row(text, &lines->lines[2 + r], r, (int)w, out, diags);
    if (rows < (size_t)h && lines->content_count >= 2)
        sk_board_report_missing_rows(len, rows, (int)h, diags);
    else
        sk_board_report_extra_lines(text, lines, 2 + (size_t)h, (int)h, diags);
    return SK_OK;
}
