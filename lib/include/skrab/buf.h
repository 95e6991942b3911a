/* buf.h — the one growable byte buffer of libskrab (like git's strbuf): always NUL-terminated,
 * grows on demand, owned by whoever called sk_buf_init. Renderers write into one; the caller
 * prints it. Also: reading a whole text file or stream into a buffer, with a size bound. */
#ifndef SKRAB_BUF_H
#define SKRAB_BUF_H

#include <stdio.h>
#include <stddef.h>

#include "skrab/api.h"

typedef struct {
    char *data; /* NUL-terminated when cap > 0; "" before the first write */
    size_t len, cap;
    int failed; /* set when an allocation failed; later appends are ignored */
} sk_buf;

SK_API void sk_buf_init(sk_buf *b);
SK_API void sk_buf_free(sk_buf *b);
SK_API void sk_buf_clear(sk_buf *b);
/* Appends; on allocation failure sets b->failed and returns SK_ENOMEM. */
SK_API int sk_buf_append(sk_buf *b, const char *data, size_t len);
SK_API int sk_buf_puts(sk_buf *b, const char *s);
SK_API int sk_buf_putc(sk_buf *b, char c);
SK_API int sk_buf_printf(sk_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends N in decimal, as "%lld" writes it, without the cost of a format string: for writers of
 * many lines. */
SK_API int sk_buf_put_int(sk_buf *b, long long n);
/* Returns the text ("" for an empty buffer); borrowed, valid until the next append. */
SK_API const char *sk_buf_str(const sk_buf *b);

/* Reads all of STREAM into OUT (which is cleared first). Returns SK_OK, SK_EIO on a read error,
 * SK_ETOOBIG when more than MAX_BYTES arrive (OUT then holds the first MAX_BYTES), SK_ENOMEM. */
SK_API int sk_buf_read_stream(sk_buf *out, FILE *stream, size_t max_bytes);

/* Says in OUT why reading the file PATH (SHOWN in the message; "-" is standard input) failed
 * with RC from sk_buf_read_file or sk_buf_read_stream (ERR: errno after it, for SK_EIO), as
 * every reader of input says it: "SHOWN: no such file", "SHOWN: file is larger than MAX bytes",
 * "SHOWN: cannot read: is a directory" or the system's reason. */
SK_API void sk_buf_read_error(const char *shown, const char *path, int rc, int err, size_t max,
                              char *out, size_t size);

/* Drops a UTF-8 byte-order mark (EF BB BF) from the start of OUT, as every reader of text does:
 * editors write it, and it is not part of the text. Returns 1 if there was one, else 0. */
SK_API int sk_buf_drop_bom(sk_buf *out);

/* Reads the file at PATH into OUT. Returns as sk_buf_read_stream, or SK_ENOTFOUND when the file
 * does not exist and SK_EIO when it cannot be opened or is a directory. */
SK_API int sk_buf_read_file(sk_buf *out, const char *path, size_t max_bytes);

#endif
