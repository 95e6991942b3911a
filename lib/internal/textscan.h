/* textscan.h — internal helpers shared by the line-oriented parsers (boards, tile sets, configs):
 * splitting a text into lines (LF or CRLF), the checks every text file gets (NUL bytes, binary
 * content, CRLF, trailing blank lines), and describing a stray byte in a message. */
#ifndef SKRAB_INTERNAL_TEXTSCAN_H
#define SKRAB_INTERNAL_TEXTSCAN_H

#include <stddef.h>

#include "skrab/diag.h"

#define SK_LINES_MAX 100000 /* parsers refuse texts with more lines */

typedef struct {
    size_t start; /* byte offset of the first character */
    size_t len;   /* length without the line terminator */
} sk_line;

typedef struct {
    sk_line *lines;
    size_t count;
    size_t content_count; /* lines up to and including the last non-blank one */
} sk_lines;

/* Splits TEXT into lines (a final line without newline counts; a final newline does not start
 * an empty line). Reports to DIAGS: the first NUL byte (error), a binary-looking text (error;
 * returns SK_EINVAL without splitting), the first CRLF (warning), a bare CR (error). Returns
 * SK_OK, SK_EINVAL for binary input, SK_ETOOBIG for more than SK_LINES_MAX lines, SK_ENOMEM.
 * OUT->lines is freed with sk_lines_free. Trailing blank lines are left out of content_count;
 * the caller reports them (sk_lines_warn_trailing) once it has taken any it reads as content. */
int sk_lines_split(sk_lines *out, const char *text, size_t len, sk_diag_list *diags);
/* Warns of the lines after LINES->content_count ("trailing blank lines"), if any. */
void sk_lines_warn_trailing(const sk_lines *lines, sk_diag_list *diags);
void sk_lines_free(sk_lines *lines);

/* 1 if the line is empty or only spaces and tabs. */
int sk_line_blank(const char *text, const sk_line *line);

/* Writes a human description of byte C ("'x'", "a space", "a tab", "byte 0x89") into OUT. */
void sk_describe_byte(unsigned char c, char out[24]);
/* The same for the character at TEXT[0..LEN): a UTF-8 character of several bytes that is
 * printable is quoted whole ("'é'"), any other first byte described as sk_describe_byte does. */
void sk_describe_char(const char *text, size_t len, char out[24]);
/* Writes "unexpected X" into OUT, X the character at TEXT[0..LEN) as sk_describe_char names it
 * but without an article: "unexpected 'x'", "unexpected space", "unexpected byte 0x89". */
void sk_describe_unexpected(const char *text, size_t len, char out[32]);

/* Parses TEXT[0..LEN) as a decimal integer with an optional leading '-'. Returns 1 and sets
 * *OUT on success (values beyond +-1e6 clamp to +-1000000), 0 if it is not an integer. */
int sk_parse_int(const char *text, size_t len, long *out);

/* The size of an excerpt's buffer: up to 24 bytes of text, each shown in at most 4 ("\xHH"),
 * and the NUL (a longer text: 21 bytes and "..."). */
#define SK_EXCERPT_MAX (24 * 4 + 1)

/* Copies up to 24 bytes of TEXT[0..LEN) into OUT for quoting in a message, as text for a terminal
 * (docs/commands.md, "Diagnostics"): UTF-8 as it is, any other byte as the Latin-1 character it
 * is, a control character but the tab as \xHH; a longer text is its first 21 bytes at most (cut
 * where a UTF-8 character starts) and "...". */
void sk_excerpt(const char *text, size_t len, char out[SK_EXCERPT_MAX]);
#endif
