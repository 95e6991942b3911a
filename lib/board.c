/* board.c — the board model: construction, format names and detection, the parse dispatcher.
 * The format parsers live in board_skrabbkle.c, board_cs104.c and board_magpie.c; rendering in
 * board_render.c. */
#include <stdio.h>
#include <string.h>

#include "internal/board_formats.h"
#include "internal/regex.h"
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

sk_board_format sk_board_detect(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    size_t first = nl ? (size_t)(nl - text) : len;
    sk_regex re;
    sk_board_format result = SK_BOARD_FORMAT_SKRABBKLE;
    if (sk_regex_compile(&re, "^[ \\t]*\\d+[ \\t]*(?:(,)|[ \\t]+\\S)") != SK_OK) return result;
    if (sk_regex_match(&re, text, first, 0) == 1) {
        size_t s, l;
        result = sk_regex_group(&re, 1, &s, &l) ? SK_BOARD_FORMAT_MAGPIE : SK_BOARD_FORMAT_CS104;
    }
    sk_regex_free(&re);
    return result;
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
    sk_lines lines;
    int rc = sk_lines_split(&lines, text, len, diags);
    if (rc == SK_OK) {
        if (format == SK_BOARD_FORMAT_AUTO) format = sk_board_detect(text, len);
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
