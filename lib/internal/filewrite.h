/* filewrite.h — the one way skrab writes an output file (filewrite.c), with a writer of its
 * own for what it writes. Not installed. */
#ifndef SKRAB_INTERNAL_FILEWRITE_H
#define SKRAB_INTERNAL_FILEWRITE_H

/* Writes all of what it writes to FD; returns SK_OK, or SK_EIO with errno set. */
typedef int (*sk_write_fn)(int fd, const void *ctx);

/* Writes PATH through FN(fd, CTX) as sk_file_write (skrab/buf.h) writes bytes. */
int sk_file_write_with(const char *path, sk_write_fn fn, const void *ctx);

#endif
