/* buf.c — growable buffer and bounded file reading (see buf.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/filemap.h"
#include "skrab/buf.h"
#include "skrab/error.h"

void sk_buf_init(sk_buf *b)
{
    memset(b, 0, sizeof(*b));
}

void sk_buf_free(sk_buf *b)
{
    free(b->data);
    memset(b, 0, sizeof(*b));
}

void sk_buf_clear(sk_buf *b)
{
    b->len = 0;
    if (b->data) b->data[0] = '\0';
}

static int grow(sk_buf *b, size_t extra)
{
    if (b->failed) return SK_ENOMEM;
    if (b->len + extra + 1 <= b->cap) return SK_OK;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
            b->failed = 1;
            return SK_ENOMEM;
        }
        cap *= 2;
    }
    char *data = realloc(b->data, cap);
    if (!data) {
        b->failed = 1;
        return SK_ENOMEM;
    }
    b->data = data;
    b->cap = cap;
    return SK_OK;
}

int sk_buf_append(sk_buf *b, const char *data, size_t len)
{
    if (grow(b, len) != SK_OK) return SK_ENOMEM;
    if (len) memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return SK_OK;
}

char *sk_buf_room(sk_buf *b, size_t n)
{
    return grow(b, n) == SK_OK ? b->data + b->len : NULL;
}

void sk_buf_commit(sk_buf *b, size_t k)
{
    if (b->failed || !b->data) return;
    b->len += k;
    b->data[b->len] = '\0';
}

int sk_buf_puts(sk_buf *b, const char *s)
{
    return sk_buf_append(b, s, strlen(s));
}

int sk_buf_putc(sk_buf *b, char c)
{
    return sk_buf_append(b, &c, 1);
}

int sk_buf_printf(sk_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || grow(b, (size_t)n) != SK_OK) return SK_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return SK_OK;
}

char *sk_put_digits(char *at, long long n)
{
    char digits[24];
    int k = 0;
    unsigned long long u = n < 0 ? 0ULL - (unsigned long long)n : (unsigned long long)n;
    do {
        digits[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (n < 0) *at++ = '-';
    while (k)
        *at++ = digits[--k];
    return at;
}

int sk_buf_put_int(sk_buf *b, long long n)
{
    char digits[24];
    return sk_buf_append(b, digits, (size_t)(sk_put_int(digits, n) - digits));
}

const char *sk_buf_str(const sk_buf *b)
{
    return b->data ? b->data : "";
}

int sk_buf_read_stream(sk_buf *out, FILE *stream, size_t max_bytes)
{
    sk_buf_clear(out);
    char chunk[65536];
    for (;;) {
        size_t n = fread(chunk, 1, sizeof(chunk), stream);
        if (n > 0) {
            size_t room = max_bytes - out->len;
            if (n > room) {
                if (sk_buf_append(out, chunk, room) != SK_OK) return SK_ENOMEM;
                return SK_ETOOBIG;
            }
            if (sk_buf_append(out, chunk, n) != SK_OK) return SK_ENOMEM;
        }
        if (n < sizeof(chunk)) {
            if (ferror(stream)) return SK_EIO;
            break;
        }
    }
    if (!out->data && sk_buf_append(out, "", 0) != SK_OK) return SK_ENOMEM;
    return SK_OK;
}

/* Waits until the FIFO open without waiting at FD has something to read, or no writer any more
 * (poll: readable or hung up). A FIFO opened before its writer would otherwise read as empty at
 * once; a pipe whose writer has left, with or without data, returns at once (Linux reports the
 * hang-up only once a writer has come, so a named FIFO waits for its first one; where poll says
 * hang-up at once, the FIFO reads as empty, as without the wait). 0, or -1 with errno. */
static int wait_writer(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
    for (;;) {
        int n = poll(&p, 1, -1);
        if (n > 0) return 0;
        if (n < 0 && errno != EINTR) return -1;
    }
}

int sk_file_open(const char *path, int pipes, int *out_fd)
{
    *out_fd = -1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return errno == ENOENT ? SK_ENOTFOUND : errno == ENXIO ? SK_ENOTREG : SK_EIO;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int err = errno;
        close(fd);
        errno = err;
        return SK_EIO;
    }
    if (!S_ISREG(st.st_mode) && !(pipes && S_ISFIFO(st.st_mode))) {
        close(fd);
        return SK_ENOTREG;
    }
    if (S_ISFIFO(st.st_mode) && wait_writer(fd) != 0) {
        int err = errno;
        close(fd);
        errno = err;
        return SK_EIO;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int err = errno;
        close(fd);
        errno = err;
        return SK_EIO;
    }
    *out_fd = fd;
    return SK_OK;
}

const char *sk_file_kind(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return "not a file";
    if (S_ISDIR(st.st_mode)) return "a directory";
    if (S_ISFIFO(st.st_mode)) return "a FIFO";
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "a device";
    if (S_ISSOCK(st.st_mode)) return "a socket";
    return S_ISREG(st.st_mode) ? "a regular file" : "not a file";
}

/* sk_buf_read_file, with FIFOs accepted when PIPES is 1. */
static int read_opened(sk_buf *out, const char *path, size_t max_bytes, int pipes)
{
    sk_buf_clear(out);
    int fd;
    int rc = sk_file_open(path, pipes, &fd);
    if (rc != SK_OK) return rc;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return SK_ENOMEM;
    }
    rc = sk_buf_read_stream(out, f, max_bytes);
    fclose(f);
    return rc;
}

int sk_buf_read_file(sk_buf *out, const char *path, size_t max_bytes)
{
    return read_opened(out, path, max_bytes, 1);
}

int sk_buf_read_regular(sk_buf *out, const char *path, size_t max_bytes)
{
    return read_opened(out, path, max_bytes, 0);
}

int sk_buf_drop_bom(sk_buf *out)
{
    if (out->len < 3 || memcmp(out->data, "\xEF\xBB\xBF", 3) != 0) return 0;
    memmove(out->data, out->data + 3, out->len - 3);
    out->len -= 3;
    out->data[out->len] = '\0';
    return 1;
}

void sk_buf_read_error(const char *shown, const char *path, int rc, int err, size_t max, char *out,
                       size_t size)
{
    if (rc == SK_ETOOBIG) {
        snprintf(out, size, "%s: file is larger than %zu bytes", shown, max);
    } else if (rc == SK_ENOTFOUND) {
        snprintf(out, size, "%s: no such file", shown);
    } else if (rc == SK_ENOTREG) {
        snprintf(out, size, "%s: not a regular file (%s)", shown, sk_file_kind(path));
    } else if (rc == SK_EIO) {
        snprintf(out, size, "%s: cannot read: %s", shown, err ? strerror(err) : "I/O error");
    } else {
        snprintf(out, size, "%s: %s", shown, sk_strerror(rc));
    }
}

int sk_file_map(int fd, size_t len, void **out)
{
    int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
    flags |= MAP_POPULATE;
#endif
    void *map = mmap(NULL, len, PROT_READ, flags, fd, 0);
    int saved = errno;
    close(fd);
    *out = map == MAP_FAILED ? NULL : map;
    errno = saved;
    return map == MAP_FAILED ? SK_EIO : SK_OK;
}
