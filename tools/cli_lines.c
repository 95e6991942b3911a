/* cli_lines.c — the one reader of text lines of the command (see cli.h): lines from a stream,
 * from a file descriptor with a deadline, or from text in memory, each kept within a byte bound
 * as it is read, so that no input makes the reader hold more than one bounded line. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* What next_byte returns besides a byte (0..255). */
enum { BYTE_END = -1, BYTE_ERROR = -2, BYTE_TIMEOUT = -3 };

double sk_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void start(sk_cli_lines *r, size_t max, unsigned flags)
{
    memset(r, 0, sizeof(*r));
    r->fd = -1;
    r->max = max;
    r->flags = flags;
}

void sk_cli_lines_stream(sk_cli_lines *r, FILE *stream, size_t max, unsigned flags)
{
    start(r, max, flags);
    r->stream = stream;
}

void sk_cli_lines_fd(sk_cli_lines *r, int fd, size_t max, unsigned flags)
{
    start(r, max, flags);
    r->fd = fd;
}

void sk_cli_lines_text(sk_cli_lines *r, const char *text, size_t len, size_t max, unsigned flags)
{
    start(r, max, flags);
    r->text = text ? text : "";
    r->text_len = text ? len : 0;
}

void sk_cli_lines_free(sk_cli_lines *r)
{
    free(r->line);
    r->line = NULL;
    r->cap = 0;
    r->len = 0;
}

/* Fills R's buffer from its file descriptor, waiting until DEADLINE (a sk_cli_now time; 0: no
 * limit). Returns 0 with bytes buffered, or BYTE_END, BYTE_ERROR, BYTE_TIMEOUT. */
static int fill(sk_cli_lines *r, double deadline)
{
    for (;;) {
        if (deadline > 0) {
            double left = deadline - sk_cli_now();
            if (left <= 0) return BYTE_TIMEOUT;
            struct pollfd p = {.fd = r->fd, .events = POLLIN};
            int ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
            int rc = poll(&p, 1, ms);
            if (rc < 0 && errno == EINTR) continue;
            if (rc < 0) {
                r->error = errno;
                return BYTE_ERROR;
            }
            if (rc == 0) continue; /* the deadline is checked again */
        }
        ssize_t got = read(r->fd, r->buffer, sizeof(r->buffer));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            r->error = errno;
            return BYTE_ERROR;
        }
        if (got == 0) {
            r->eof = 1;
            return BYTE_END;
        }
        r->buffered = (size_t)got;
        r->used = 0;
        return 0;
    }
}

/* The next byte of R's input (0..255), or BYTE_END, BYTE_ERROR, BYTE_TIMEOUT. */
static int next_byte(sk_cli_lines *r, double deadline)
{
    if (r->text) return r->at < r->text_len ? (unsigned char)r->text[r->at++] : BYTE_END;
    if (r->stream) {
        int c = getc_unlocked(r->stream);
        if (c != EOF) return c;
        if (!ferror(r->stream)) return BYTE_END;
        r->error = errno ? errno : EIO;
        return BYTE_ERROR;
    }
    if (r->used == r->buffered) {
        if (r->eof) return BYTE_END;
        int rc = fill(r, deadline);
        if (rc != 0) return rc;
    }
    return (unsigned char)r->buffer[r->used++];
}

/* Makes room in R's line for one more byte and the '\0' (at most MAX + 2 bytes in all).
 * Returns 0, or -1 when memory runs out. */
static int reserve(sk_cli_lines *r)
{
    if (r->len + 2 <= r->cap) return 0;
    size_t cap = r->cap ? r->cap * 2 : 128;
    if (cap > r->max + 2) cap = r->max + 2;
    char *p = realloc(r->line, cap);
    if (!p) {
        r->error = ENOMEM;
        return -1;
    }
    r->line = p;
    r->cap = cap;
    return 0;
}

/* 1 if R's flags skip its current line: blank (spaces and tabs only), or a comment. */
static int skipped(const sk_cli_lines *r)
{
    size_t i = 0;
    while (i < r->len && (r->line[i] == ' ' || r->line[i] == '\t'))
        i++;
    if (i == r->len) return (r->flags & SK_CLI_LINES_SKIP_BLANK) != 0;
    return r->line[i] == '#' && (r->flags & SK_CLI_LINES_SKIP_COMMENTS) != 0;
}

int sk_cli_lines_next_until(sk_cli_lines *r, double deadline)
{
    errno = 0; /* a stream's read error is told by ferror and errno */
    for (;;) {
        if (!r->reading) { /* a new line */
            r->reading = 1;
            r->started = 0;
            r->overflow = 0;
            r->len = 0;
        }
        int c;
        for (;;) {
            c = next_byte(r, deadline);
            if (c < 0) break;
            if (r->skipping) { /* the rest of a line handed out cut */
                if (c == '\n') r->skipping = 0;
                continue;
            }
            r->started = 1;
            if (c == '\n') break;
            if (r->len > r->max) { /* MAX + 2 bytes: the line is cut, its rest skipped */
                r->overflow = 1;
                r->skipping = 1;
                break;
            }
            if (reserve(r) != 0) return SK_CLI_LINE_ERROR;
            r->line[r->len++] = (char)c;
        }
        if (c == BYTE_TIMEOUT) return SK_CLI_LINE_TIMEOUT; /* the line goes on at the next call */
        r->reading = 0;
        if (c == BYTE_ERROR) return SK_CLI_LINE_ERROR;
        if (c == BYTE_END && !r->started) return SK_CLI_LINE_END;
        r->lineno++;
        if (r->lineno == 1 && r->len >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) {
            memmove(r->line, r->line + 3, r->len - 3); /* a UTF-8 byte-order mark: not text */
            r->len -= 3;
        }
        if (!r->overflow && r->len > 0 && r->line[r->len - 1] == '\r') r->len--;
        r->cut = r->overflow || r->len > r->max;
        if (r->cut) r->len = r->max;
        if (reserve(r) != 0) return SK_CLI_LINE_ERROR; /* an empty first line has no buffer yet */
        r->line[r->len] = '\0';
        if (!skipped(r)) return SK_CLI_LINE_OK;
    }
}

int sk_cli_lines_next(sk_cli_lines *r)
{
    return sk_cli_lines_next_until(r, 0);
}

size_t sk_cli_lines_take(sk_cli_lines *r, char *out, size_t size)
{
    size_t n = r->buffered - r->used;
    if (n > size) n = size;
    memcpy(out, r->buffer + r->used, n);
    r->used += n;
    return n;
}
