/* board_magpie.c — parser for MAGPIE / macondo board layouts
 * (docs/formats.md, "MAGPIE layouts"): line 1 "row, col" (0-based start square), then one line per
 * row, one character per square: space plain, ' 2L, " 3L, - 2W, = 3W, ^ 4L, ~ 4W, # blocked. The
 * width is that of the longest row; every row must have it (trailing spaces are plain squares here,
 * so editors that strip them break a layout: the error says so). A row of plain squares is a line
 * of spaces, the last rows too, and a layout may be nothing else: those lines are rows, not
 * trailing blank lines (sk_board_magpie_space_rows). */
#include <string.h>

#include "internal/board_formats.h"
#include "internal/regex.h"
#include "skrab/error.h"

static int square_for(char c, sk_square *sq)
{
    static const char chars[] = " '\"-=^~#";
    static const sk_square squares[] = {{SK_SQ_PLAIN, 1}, {SK_SQ_LETTER, 2}, {SK_SQ_LETTER, 3},
                                        {SK_SQ_WORD, 2},  {SK_SQ_WORD, 3},   {SK_SQ_LETTER, 4},
                                        {SK_SQ_WORD, 4},  {SK_SQ_BLOCKED, 1}};
    const char *p = c ? strchr(chars, c) : NULL;
    if (!p) return 0;
    *sq = squares[p - chars];
    return 1;
}

/* 1 if LINE of TEXT is LEN spaces, no other character. */
static int spaces_only(const char *text, const sk_line *line, size_t len)
{
    if (line->len != len) return 0;
    for (size_t i = 0; i < len; i++)
        if (text[line->start + i] != ' ') return 0;
    return 1;
}

/* The width the rows of a layout have: that of the longest row up to LINES->content_count, or,
 * when there is none (every row is spaces), that of the longest line of spaces after line 1. */
static size_t layout_width(const char *text, const sk_lines *lines)
{
    size_t width = 0;
    int spaces = lines->content_count == 1;
    for (size_t r = 1; r < (spaces ? lines->count : lines->content_count); r++) {
        const sk_line *l = &lines->lines[r];
        if (l->len > width && (!spaces || spaces_only(text, l, l->len))) width = l->len;
    }
    return width;
}

void sk_board_magpie_space_rows(const char *text, sk_lines *lines)
{
    if (lines->content_count == 0) return; /* no line 1: nothing is a row */
    size_t width = layout_width(text, lines);
    for (size_t r = lines->count; width > 0 && r > lines->content_count; r--) {
        if (spaces_only(text, &lines->lines[r - 1], width)) {
            lines->content_count = r;
            return;
        }
    }
}

int sk_board_parse_magpie(sk_board *out, const char *text, size_t len, const sk_lines *lines,
                          sk_diag_list *diags)
{
    if (lines->content_count == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "empty file: expected 'ROW, COL' on line 1");
        return SK_EINVAL;
    }
    sk_regex re;
    int rc = sk_regex_compile(&re, "\\G[ \\t]*(\\d+)[ \\t]*,[ \\t]*(\\d+)[ \\t]*$");
    if (rc != SK_OK) return rc;
    const sk_line *l1 = &lines->lines[0];
    long sr = -1, sc = -1;
    size_t s1 = 0, n1 = 0, s2 = 0, n2 = 0;
    if (sk_regex_match(&re, text, l1->start + l1->len, l1->start) == 1) {
        sk_regex_group(&re, 1, &s1, &n1);
        sk_regex_group(&re, 2, &s2, &n2);
        sk_parse_int(text + s1, n1, &sr);
        sk_parse_int(text + s2, n2, &sc);
    } else {
        sk_diag_add(diags, SK_SEV_ERROR, l1->start,
                    "expected the 0-based start square 'ROW, COL' on line 1");
    }
    sk_regex_free(&re);
    size_t height = lines->content_count - 1;
    if (height == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, len, "no rows after line 1");
        return SK_EINVAL;
    }
    size_t width = 0;
    for (size_t r = 0; r < height; r++)
        if (lines->lines[1 + r].len > width) width = lines->lines[1 + r].len;
    if (height > SK_BOARD_MAX || width > SK_BOARD_MAX || width == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, lines->lines[1].start,
                    "board is %zu x %zu; width and height must be 1..%d", width, height,
                    SK_BOARD_MAX);
        return SK_EINVAL;
    }
    sk_board_init(out, (int)width, (int)height);
    for (size_t r = 0; r < height; r++) {
        const sk_line *l = &lines->lines[1 + r];
        int reported = 0;
        for (size_t c = 0; c < l->len; c++) {
            sk_square sq;
            char ch = text[l->start + c];
            if (square_for(ch, &sq)) {
                out->squares[r * width + c] = sq;
            } else if (ch != '\r' && ch != '\0' && reported++ < 3) {
                char what[32];
                sk_describe_unexpected(text + l->start + c, l->len - c, what);
                sk_diag_add(diags, SK_SEV_ERROR, l->start + c,
                            "%s: a layout square is one of space ' \" - = ^ ~ #", what);
            }
        }
        if (l->len < width)
            sk_diag_add(diags, SK_SEV_ERROR, l->start + l->len,
                        "row %zu has %zu squares, expected %zu (trailing spaces are plain squares "
                        "in this format)",
                        r + 1, l->len, width);
    }
    if (n1 > 0) {
        if (sr < 0 || sr >= (long)height || sc < 0 || sc >= (long)width)
            sk_diag_add(diags, SK_SEV_ERROR, (sr < 0 || sr >= (long)height) ? s1 : s2,
                        "start square (%ld, %ld) is off the %zu x %zu board", sr, sc, width,
                        height);
        else if (out->squares[sr * (long)width + sc].kind == SK_SQ_BLOCKED)
            sk_diag_add(diags, SK_SEV_ERROR, s1, "start square (%ld, %ld) is blocked", sr, sc);
        else {
            out->start_row = (int)sr;
            out->start_col = (int)sc;
        }
    }
    return SK_OK;
}
