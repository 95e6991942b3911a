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
/* Room for N more bytes at the end of B, for a writer that formats straight into the buffer:
 * returns where to write them, or NULL (b->failed set) when memory runs out. Nothing counts
 * until sk_buf_commit(B, K) takes the first K of them (K at most N; no other call on B in
 * between). */
SK_API char *sk_buf_room(sk_buf *b, size_t n);
SK_API void sk_buf_commit(sk_buf *b, size_t k);
/* Appends N in decimal, as "%lld" writes it, without the cost of a format string: for writers of
 * many lines. */
SK_API int sk_buf_put_int(sk_buf *b, long long n);
/* Writes N in decimal, as "%lld" writes it, at AT, which has room for 20 bytes, and returns the
 * byte after the last one written (no NUL): the writer behind sk_buf_put_int, for writers that
 * format their lines in their own memory. sk_put_int writes the numbers below 100 (rows,
 * columns, most scores) itself, inline on the lines' hot path, and the others by sk_put_digits. */
SK_API char *sk_put_digits(char *at, long long n);
static inline char *sk_put_int(char *at, long long n)
{
    if ((unsigned long long)n >= 100) return sk_put_digits(at, n); /* negative too */
    int v = (int)n;
    if (v >= 10) {
        int tens = v * 205 >> 11; /* v / 10 for every v below 1029 */
        *at++ = (char)('0' + tens);
        v -= 10 * tens;
    }
    *at++ = (char)('0' + v);
    return at;
}
/* Returns the text ("" for an empty buffer); borrowed, valid until the next append. */
SK_API const char *sk_buf_str(const sk_buf *b);

/* Reads all of STREAM into OUT (which is cleared first). Returns SK_OK, SK_EIO on a read error,
 * SK_ETOOBIG when more than MAX_BYTES arrive (OUT then holds the first MAX_BYTES), SK_ENOMEM. */
SK_API int sk_buf_read_stream(sk_buf *out, FILE *stream, size_t max_bytes);

/* Says in OUT why reading the file PATH (SHOWN in the message; "-" is standard input) failed
 * with RC from sk_buf_read_file or sk_buf_read_stream (ERR: errno after it, for SK_EIO), as
 * every reader of input says it: "SHOWN: no such file", "SHOWN: file is larger than MAX bytes",
 * "SHOWN: not a regular file (a directory)" or the system's reason. */
SK_API void sk_buf_read_error(const char *shown, const char *path, int rc, int err, size_t max,
                              char *out, size_t size);

/* Drops a UTF-8 byte-order mark (EF BB BF) from the start of OUT, as every reader of text does:
 * editors write it, and it is not part of the text. Returns 1 if there was one, else 0. */
SK_API int sk_buf_drop_bom(sk_buf *out);

/* Opens PATH for reading, the one way a file expected to hold data is opened (docs/commands.md,
 * "Untrusted input"): without blocking, so that a FIFO nobody writes to cannot hang a caller
 * that refuses FIFOs, then checked with fstat. A regular file is accepted, and a FIFO (a pipe,
 * as `<(...)` gives, or a named one) only when PIPES is 1; a directory, a device, a socket (and
 * a FIFO when PIPES is 0) is refused. An accepted FIFO is waited on until it has data or its
 * writer has left, as `cat` waits: a named FIFO opened before its writer is read once the writer
 * comes, not taken for an empty file (on Linux; a pipe whose writer has left returns at once).
 * On success *OUT_FD is the descriptor in blocking mode, close-on-exec, which the caller
 * closes. Returns SK_OK, SK_ENOTFOUND (no such file), SK_ENOTREG (not a file that is
 * accepted), SK_EIO (cannot be opened: errno says why). */
SK_API int sk_file_open(const char *path, int pipes, int *out_fd);

/* What PATH is, for a message about a file that is not regular: "a directory", "a FIFO", "a
 * device", "a socket", or "not a file" when it cannot be told. */
SK_API const char *sk_file_kind(const char *path);

/* Reads the file at PATH into OUT: a regular file or a pipe (sk_file_open with PIPES 1).
 * Returns as sk_buf_read_stream, or as sk_file_open when it cannot be opened. */
SK_API int sk_buf_read_file(sk_buf *out, const char *path, size_t max_bytes);

/* Writes DATA[0..LEN) to PATH as every output file of skrab is written: a regular file (or one
 * not there) is never half-written (a temporary file beside it, on disk, then renamed over it);
 * a symbolic link is followed, the file it names written and the link kept (a dangling link
 * creates the file it names); a device or FIFO is written in place, not replaced; a directory
 * is refused (EISDIR). Returns SK_OK, SK_ENOMEM, or SK_EIO with errno saying why. */
SK_API int sk_file_write(const char *path, const void *data, size_t len);
/* Whether sk_file_write could write PATH now, asked before the work that makes the data: a
 * directory (or a PATH ending in '/') is refused, a device or FIFO must be writable, and
 * otherwise a temporary file can be made beside the file (the link's target) and is removed at
 * once. Returns SK_OK, SK_ENOMEM, or SK_EIO with errno saying why (EISDIR, ENOENT, EACCES...). */
SK_API int sk_file_check_writable(const char *path);
/* sk_buf_read_file of a regular file only (sk_file_open with PIPES 0): for a file that data
 * names, where a FIFO is refused with SK_ENOTREG. */
SK_API int sk_buf_read_regular(sk_buf *out, const char *path, size_t max_bytes);

#endif
