/* textscan.c — line splitting and the common text checks (see internal/textscan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal/textscan.h"
#include "skrab/utf8.h"
#include "skrab/error.h"

static int looks_binary(const char *text, size_t len)
{
    size_t n = len, control = 0;
    if (n > 1024) n = 1024;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') control++;
    }
    return n > 0 && control * 10 > n; /* more than 10% control bytes */
}

int sk_lines_split(sk_lines *out, const char *text, size_t len, sk_diag_list *diags)
{
    memset(out, 0, sizeof(*out));
    if (looks_binary(text, len)) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "binary data, not a text file");
        return SK_EINVAL;
    }
    const char *nul = memchr(text, '\0', len);
    if (nul) sk_diag_add(diags, SK_SEV_ERROR, (size_t)(nul - text), "NUL byte in a text file");
    size_t cap = 64;
    out->lines = malloc(cap * sizeof(*out->lines));
    if (!out->lines) return SK_ENOMEM;
    int warned_crlf = 0;
    size_t pos = 0;
    while (pos < len) {
        if (out->count == SK_LINES_MAX) {
            sk_diag_add(diags, SK_SEV_ERROR, pos, "more than %d lines", SK_LINES_MAX);
            return SK_ETOOBIG;
        }
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t content_end = end;
        if (nl && end > pos && text[end - 1] == '\r') {
            content_end--;
            if (!warned_crlf) {
                sk_diag_add(diags, SK_SEV_WARNING, content_end,
                            "line ends in CRLF (Windows line ending); accepted");
                warned_crlf = 1;
            }
        }
        for (size_t i = pos; i < content_end; i++) {
            if (text[i] == '\r') {
                sk_diag_add(diags, SK_SEV_ERROR, i, "carriage return inside a line");
                break;
            }
        }
        if (out->count == cap) {
            cap *= 2;
            sk_line *grown = realloc(out->lines, cap * sizeof(*grown));
            if (!grown) return SK_ENOMEM;
            out->lines = grown;
        }
        out->lines[out->count].start = pos;
        out->lines[out->count].len = content_end - pos;
        out->count++;
        pos = nl ? end + 1 : len;
    }
    out->content_count = out->count;
    while (out->content_count > 0 && sk_line_blank(text, &out->lines[out->content_count - 1]))
        out->content_count--;
    return SK_OK;
}

void sk_lines_warn_trailing(const sk_lines *lines, sk_diag_list *diags)
{
    if (lines->content_count < lines->count && lines->content_count > 0)
        sk_diag_add(diags, SK_SEV_WARNING, lines->lines[lines->content_count].start,
                    "trailing blank line%s at the end of the file",
                    lines->count - lines->content_count > 1 ? "s" : "");
}

void sk_lines_free(sk_lines *lines)
{
    free(lines->lines);
    memset(lines, 0, sizeof(*lines));
}

int sk_line_blank(const char *text, const sk_line *line)
{
    for (size_t i = 0; i < line->len; i++) {
        char c = text[line->start + i];
        if (c != ' ' && c != '\t') return 0;
    }
    return 1;
}

void sk_describe_byte(unsigned char c, char out[24])
{
    if (c == ' ')
        snprintf(out, 24, "a space");
    else if (c == '\t')
        snprintf(out, 24, "a tab");
    else if (c == '\0')
        snprintf(out, 24, "a NUL byte");
    else if (c > 0x20 && c < 0x7f)
        snprintf(out, 24, "'%c'", c);
    else
        snprintf(out, 24, "byte 0x%02x", c);
}

void sk_describe_char(const char *text, size_t len, char out[24])
{
    uint32_t cp;
    size_t n = len && (unsigned char)text[0] >= 0x80 ? sk_utf8_decode(text, len, &cp) : 0;
    if (n > 1 && n <= 4 && cp >= 0xa0) /* a printable character of several bytes, shown */
        snprintf(out, 24, "'%.*s'", (int)n, text);
    else
        sk_describe_byte(len ? (unsigned char)text[0] : 0, out);
}

void sk_describe_unexpected(const char *text, size_t len, char out[32])
{
    char what[24];
    sk_describe_char(text, len, what);
    snprintf(out, 32, "unexpected %s", what + (strncmp(what, "a ", 2) == 0 ? 2 : 0));
}

int sk_parse_int(const char *text, size_t len, long *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < len && text[i] == '-') {
        neg = 1;
        i++;
    }
    if (i == len) return 0;
    long v = 0;
    for (; i < len; i++) {
        if (text[i] < '0' || text[i] > '9') return 0;
        if (v < 1000000) v = v * 10 + (text[i] - '0');
    }
    if (v > 1000000) v = 1000000;
    *out = neg ? -v : v;
    return 1;
}

void sk_excerpt(const char *text, size_t len, char out[SK_EXCERPT_MAX])
{
    size_t n = len > 24 ? sk_utf8_cut(text, len, 21) : len, o = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)text[i];
        uint32_t cp;
        size_t k = c >= 0x80 ? sk_utf8_decode(text + i, n - i, &cp) : 0;
        if (k) { /* well-formed UTF-8 as it is */
            memcpy(out + o, text + i, k);
            o += k;
            i += k;
            continue;
        }
        if (c < 0x20 && c != '\t') {
            o += (size_t)snprintf(out + o, 5, "\\x%02x", c);
        } else if (c == 0x7f) {
            memcpy(out + o, "\\x7f", 4);
            o += 4;
        } else if (c >= 0x80) { /* not UTF-8: the Latin-1 character it is */
            o += sk_utf8_encode(c, out + o);
        } else {
            out[o++] = (char)c;
        }
        i++;
    }
    if (len > 24) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}
