/* diag.h — diagnostics: a growable list of errors, warnings and notes found in one input text.
 * Each entry records a byte offset into the text; line and column are computed only when the
 * entry is printed (sk_diag_locate), so parsers stay cheap. The library never prints. */
#ifndef SKRAB_DIAG_H
#define SKRAB_DIAG_H

#include <stddef.h>

#include "skrab/api.h"

typedef enum { SK_SEV_ERROR = 0, SK_SEV_WARNING = 1, SK_SEV_NOTE = 2 } sk_severity;

#define SK_DIAG_NO_OFFSET ((size_t)-1)
#define SK_DIAG_MSG_MAX 200
#define SK_DIAG_MAX_ENTRIES                                                                        \
    200 /* after this many, one "too many errors" note; the rest dropped                           \
         */

typedef struct {
    sk_severity severity;
    size_t offset; /* byte offset into the text, or SK_DIAG_NO_OFFSET */
    int no_column; /* 1: print FILE:LINE: only (whole-line findings) */
    char message[SK_DIAG_MSG_MAX];
} sk_diag;

typedef struct {
    sk_diag *items;
    size_t count, cap;
    size_t errors, warnings; /* counted even past SK_DIAG_MAX_ENTRIES */
    int truncated;
} sk_diag_list;

SK_API void sk_diag_list_init(sk_diag_list *list);
SK_API void sk_diag_list_free(sk_diag_list *list);
/* Empties the list, keeping its storage. */
SK_API void sk_diag_list_clear(sk_diag_list *list);

/* Appends a printf-formatted message at OFFSET. A NULL list is allowed (the finding is dropped).
 * Returns 0, or SK_ENOMEM (the count is still incremented). */
SK_API int sk_diag_add(sk_diag_list *list, sk_severity severity, size_t offset, const char *fmt,
                       ...) __attribute__((format(printf, 4, 5)));

/* Like sk_diag_add but the finding is about a whole line: printed without a column. */
SK_API int sk_diag_add_line(sk_diag_list *list, sk_severity severity, size_t offset,
                            const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Computes the 1-based LINE and COL of byte OFFSET in TEXT[0..LEN). An offset past the end maps
 * to the position just after the last byte. Columns count bytes; a CR before LF is not a line. */
SK_API void sk_diag_locate(const char *text, size_t len, size_t offset, int *line, int *col);

/* 1 when no error of LIST lies on the first line of TEXT[0..LEN) (its end included), else 0.
 * Each text format's first line is its header, and a file named by data is quoted in findings
 * only when its header parsed (docs/commands.md, "Untrusted input"). */
SK_API int sk_diag_header_parsed(const sk_diag_list *list, const char *text, size_t len);

/* Sorts entries by offset (stable), so a file's findings print in reading order. */
SK_API void sk_diag_list_sort(sk_diag_list *list);

SK_API const char *sk_severity_name(sk_severity severity);

#endif
