/* diag.c — the diagnostics list (see diag.h). Not a printer: the CLI formats entries. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skrab/diag.h"
#include "skrab/error.h"

void sk_diag_list_init(sk_diag_list *list)
{
    memset(list, 0, sizeof(*list));
}

void sk_diag_list_free(sk_diag_list *list)
{
    free(list->items);
    memset(list, 0, sizeof(*list));
}

void sk_diag_list_clear(sk_diag_list *list)
{
    list->count = 0;
    list->errors = 0;
    list->warnings = 0;
    list->truncated = 0;
}

__attribute__((format(printf, 5, 0))) static int add_entry(sk_diag_list *list, sk_severity severity,
                                                           size_t offset, int no_column,
                                                           const char *fmt, va_list ap)
{
    if (!list) return SK_OK;
    if (severity == SK_SEV_ERROR)
        list->errors++;
    else if (severity == SK_SEV_WARNING)
        list->warnings++;
    if (list->count >= SK_DIAG_MAX_ENTRIES) {
        list->truncated = 1;
        return SK_OK;
    }
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 8;
        sk_diag *items = realloc(list->items, cap * sizeof(*items));
        if (!items) return SK_ENOMEM;
        list->items = items;
        list->cap = cap;
    }
    sk_diag *d = &list->items[list->count++];
    d->severity = severity;
    d->offset = offset;
    d->no_column = no_column;
    vsnprintf(d->message, sizeof(d->message), fmt, ap);
    return SK_OK;
}

int sk_diag_add(sk_diag_list *list, sk_severity severity, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = add_entry(list, severity, offset, 0, fmt, ap);
    va_end(ap);
    return rc;
}

int sk_diag_add_line(sk_diag_list *list, sk_severity severity, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = add_entry(list, severity, offset, 1, fmt, ap);
    va_end(ap);
    return rc;
}

void sk_diag_locate(const char *text, size_t len, size_t offset, int *line, int *col)
{
    int l = 1, c = 1;
    if (offset > len) offset = len;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else if (!(text[i] == '\r' && i + 1 < len && text[i + 1] == '\n')) {
            c++;
        }
    }
    *line = l;
    *col = c;
}

static int by_offset(const void *a, const void *b)
{
    const sk_diag *x = a, *y = b;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    return 0;
}

void sk_diag_list_sort(sk_diag_list *list)
{
    /* insertion sort: stable, and lists are short */
    for (size_t i = 1; i < list->count; i++) {
        sk_diag tmp = list->items[i];
        size_t j = i;
        while (j > 0 && by_offset(&list->items[j - 1], &tmp) > 0) {
            list->items[j] = list->items[j - 1];
            j--;
        }
        list->items[j] = tmp;
    }
}

const char *sk_severity_name(sk_severity severity)
{
    switch (severity) {
    case SK_SEV_ERROR:
        return "error";
    case SK_SEV_WARNING:
        return "warning";
    default:
        return "note";
    }
}

int sk_diag_header_parsed(const sk_diag_list *list, const char *text, size_t len)
{
    const char *nl = len ? memchr(text, '\n', len) : NULL;
    size_t end = nl ? (size_t)(nl - text) : len;
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].severity == SK_SEV_ERROR && list->items[i].offset != SK_DIAG_NO_OFFSET &&
            list->items[i].offset <= end)
            return 0;
    return 1;
}

const char *sk_strerror(int code)
{
    switch (code) {
    case SK_OK:
        return "success";
    case SK_EINVAL:
        return "invalid input";
    case SK_ENOMEM:
        return "out of memory";
    case SK_EIO:
        return "input/output error";
    case SK_ENOTFOUND:
        return "not found";
    case SK_ETOOBIG:
        return "input too large";
    case SK_EUNSUPPORTED:
        return "not supported";
    case SK_ENOTREG:
        return "not a regular file";
    default:
        return "unknown error";
    }
}
