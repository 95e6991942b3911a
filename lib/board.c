/* board.c — the board model: construction, format names and detection, the parse dispatcher.
 * The format parsers live in board_skrabbkle.c, board_cs104.c and board_magpie.c; rendering in
 * board_render.c. */
#include <stdio.h>
#include <string.h>

#include "internal/board_formats.h"
#include "skrab/board.h"
#include "skrab/error.h"

int sk_board_centre_index(int n)
{
    return (n - 1) / 2;
}

int sk_board_init(sk_board *out, int width, int height)
{
    memset(out, 0, sizeof(*out));
    if (width < 1 || height < 1 || width > SK_BOARD_MAX || height > SK_BOARD_MAX) return SK_EINVAL;
    out->width = width;
    out->height = height;
    out->start_row = sk_board_centre_index(height);
    out->start_col = sk_board_centre_index(width);
    for (int i = 0; i < width * height; i++) {
        out->squares[i].kind = SK_SQ_PLAIN;
        out->squares[i].factor = 1;
    }
    return SK_OK;
}

void sk_square_name(int row, int col, char out[4])
{
    int r = (row + 1) % 100;
    out[0] = (char)('a' + (col % 26));
    out[1] = (char)(r >= 10 ? '0' + r / 10 : '0' + r);
    out[2] = r >= 10 ? (char)('0' + r % 10) : '\0';
    out[3] = '\0';
}

const char *sk_board_format_name(sk_board_format format)
{
    switch (format) {
    case SK_BOARD_FORMAT_AUTO:
        return "auto";
    case SK_BOARD_FORMAT_SKRABBKLE:
        return "skrabbkle";
    case SK_BOARD_FORMAT_CS104:
        return "cs104";
    case SK_BOARD_FORMAT_MAGPIE:
        return "magpie";
    }
    return NULL;
}

int sk_board_format_from_name(const char *name, sk_board_format *out)
{
    static const sk_board_format all[] = {SK_BOARD_FORMAT_AUTO, SK_BOARD_FORMAT_SKRABBKLE,
                                          SK_BOARD_FORMAT_CS104, SK_BOARD_FORMAT_MAGPIE};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
        if (strcmp(name, sk_board_format_name(all[i])) == 0) {
            *out = all[i];
            return SK_OK;
        }
    }
    if (strcmp(name, "macondo") == 0) {
        *out = SK_BOARD_FORMAT_MAGPIE;
        return SK_OK;
    }
    return SK_EINVAL;
}

/* The end of line N (0-based) of TEXT, or LEN when the text has fewer lines; *START its start. */
static size_t line_bounds(const char *text, size_t len, int n, size_t *start)
{
    size_t at = 0;
    for (; n > 0 && at < len; n--) {
        const char *nl = memchr(text + at, '\n', len - at);
        at = nl ? (size_t)(nl - text) + 1 : len;
    }
    *start = at;
    const char *nl = memchr(text + at, '\n', len - at);
    return nl ? (size_t)(nl - text) : len;
}

static size_t skip_blanks(const char *text, size_t i, size_t end)
{
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    return i;
}

static size_t skip_digits(const char *text, size_t i, size_t end)
{
    while (i < end && text[i] >= '0' && text[i] <= '9')
        i++;
    return i;
}

/* 1 when line N of TEXT is two numbers separated by blanks, or by a comma when COMMA is set,
 * and nothing else. */
static int two_numbers(const char *text, size_t len, int n, int comma)
{
    size_t i, end = line_bounds(text, len, n, &i);
    i = skip_blanks(text, i, end);
    size_t j = skip_digits(text, i, end);
    if (j == i) return 0;
    size_t k = skip_blanks(text, j, end);
    if (comma) {
        if (k == end || text[k] != ',') return 0;
        k = skip_blanks(text, k + 1, end);
    } else if (k == j) {
        return 0;
    }
    size_t m = skip_digits(text, k, end);
    return m > k && skip_blanks(text, m, end) == end;
}

static void say(char *why, size_t why_size, const char *reason)
{
    if (why && why_size) snprintf(why, why_size, "%s", reason);
}

sk_board_format sk_board_detect_why(const char *text, size_t len, int *certain, char *why,
                                    size_t why_size)
{
    int sure = 0;
    sk_board_format format = SK_BOARD_FORMAT_SKRABBKLE;
    size_t i, end = line_bounds(text, len, 0, &i);
    i = skip_blanks(text, i, end);
    size_t j = skip_digits(text, i + (i < end && text[i] == '-'), end);
    size_t k = skip_blanks(text, j, end);
    if (i < end && (text[i] == '.' || text[i] == '(' || text[i] == '{')) {
        sure = 1; /* a row, with no size line above it: the SkraBBKle parser says so */
        say(why, why_size, "line 1 is a row of squares");
    } else if (j == i || (j == i + 1 && text[i] == '-')) {
        say(why, why_size, "line 1 fits no board format, and SkraBBKle is the default");
    } else if (k < end && text[k] == ',') {
        format = SK_BOARD_FORMAT_MAGPIE;
        sure = two_numbers(text, len, 0, 1);
        say(why, why_size,
            sure ? "line 1 is a number, a comma and a number (ROW, COL)"
                 : "line 1 starts with a number and a comma (ROW, COL)");
    } else if (k > j && k < end && text[k] >= '0' && text[k] <= '9') {
        format = SK_BOARD_FORMAT_CS104;
        sure = two_numbers(text, len, 0, 0);
        say(why, why_size,
            sure ? "line 1 is two numbers (WIDTH HEIGHT)"
                 : "line 1 starts with two numbers (WIDTH HEIGHT)");
    } else if (k < end && two_numbers(text, len, 1, 0)) {
        format = SK_BOARD_FORMAT_CS104;
        say(why, why_size, "line 2 is two numbers (the start square COLUMN ROW)");
    } else {
        sure = k == end;
        say(why, why_size, "line 1 starts with one number (the size)");
    }
    if (certain) *certain = sure;
    return format;
}

sk_board_format sk_board_detect(const char *text, size_t len)
{
    return sk_board_detect_why(text, len, NULL, NULL, 0);
}

int sk_board_parse(sk_board *out, const char *text, size_t len, sk_board_format format,
                   sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    size_t errors_before = diags ? diags->errors : 0;
    sk_diag_list local;
    sk_diag_list_init(&local);
    if (!diags) diags = &local; /* errors must be counted even when the caller does not want them */
    if (len == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "empty file: expected a board");
        sk_diag_list_free(&local);
        return SK_EINVAL;
    }
    if (sk_board_is_drawing(text, len)) {
        sk_diag_add(diags, SK_SEV_ERROR, 0,
                    "this looks like `skrab show` output, which is not a board file: use the "
                    "board file it drew (line 1 the size, then rows of '.', '(n)', '{n}')");
        sk_diag_list_free(&local);
        return SK_EINVAL;
    }
    sk_lines lines;
    int rc = sk_lines_split(&lines, text, len, diags);
    if (rc == SK_OK) {
        if (format == SK_BOARD_FORMAT_AUTO) format = sk_board_detect(text, len);
        if (format == SK_BOARD_FORMAT_MAGPIE) sk_board_magpie_space_rows(text, &lines);
        sk_lines_warn_trailing(&lines, diags);
        switch (format) {
        case SK_BOARD_FORMAT_CS104:
            rc = sk_board_parse_cs104(out, text, len, &lines, diags);
            break;
        case SK_BOARD_FORMAT_MAGPIE:
            rc = sk_board_parse_magpie(out, text, len, &lines, diags);
            break;
        default:
            rc = sk_board_parse_skrabbkle(out, text, len, &lines, diags);
            break;
        }
        out->format = format;
    }
    sk_lines_free(&lines);
    if (rc == SK_OK && diags->errors > errors_before) rc = SK_EINVAL;
    sk_diag_list_free(&local);
    return rc;
}

void sk_board_report_blanks(const char *text, size_t at, size_t run_end, size_t end,
                            sk_diag_list *diags)
{
    char what[24];
    sk_describe_char(text + at, end - at, what);
    sk_diag_add(diags, SK_SEV_ERROR, at, "%s %s (squares are written without spaces)",
                run_end == end ? "trailing whitespace:" : "whitespace between squares:", what);
}

void sk_board_report_extra_lines(const char *text, const sk_lines *lines, size_t first_extra,
                                 int height, sk_diag_list *diags)
{
    size_t extra = 0, first = 0;
    for (size_t i = first_extra; i < lines->content_count; i++) {
        if (sk_line_blank(text, &lines->lines[i])) continue;
        if (extra++ == 0) first = i;
    }
    if (extra == 0) return;
    sk_diag_add(diags, SK_SEV_ERROR, lines->lines[first].start,
                "text after the last row: the board has %d rows%s", height,
                extra > 1 ? "" : " (is the size on line 1 too small?)");
    if (extra > 1)
        sk_diag_add(diags, SK_SEV_NOTE, lines->lines[first].start,
                    "%zu non-blank lines follow the last row", extra);
}

void sk_board_report_missing_rows(size_t len, size_t found, int height, sk_diag_list *diags)
{
    sk_diag_add(diags, SK_SEV_ERROR, len, "missing rows: found %zu of %d", found, height);
}
