/* filewrite.c — writing a whole output file the way every output of skrab is written
 * (docs/commands.md, "lexicon build" and "leaves train"; also GCG transcripts and the Boggle
 * memory): never half-written (a temporary file beside it, on disk before it is renamed over the
 * name), a symbolic link followed (the file it names is written, and the link stays), and a device
 * or FIFO written in place rather than replaced by a regular file. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/filewrite.h"
#include "skrab/buf.h"
#include "skrab/error.h"

/* Removes the temporary files "BASE.tmp.PID.N" beside PATH that a writer killed before its
 * rename left (PID no longer running); another live writer's are left alone. */
static void remove_stale_tmps(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    size_t blen = strlen(base);
    char dir[4096];
    if (!slash) {
        strcpy(dir, ".");
    } else if (slash == path) {
        strcpy(dir, "/");
    } else {
        size_t dlen = (size_t)(slash - path);
        if (dlen >= sizeof(dir)) return;
        memcpy(dir, path, dlen);
        dir[dlen] = '\0';
    }
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *n = e->d_name;
        if (strncmp(n, base, blen) != 0 || strncmp(n + blen, ".tmp.", 5) != 0) continue;
        char *end;
        long pid = strtol(n + blen + 5, &end, 10);
        if (pid <= 0 || *end != '.') continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* its writer may still run */
        char stale[4400];
        if (snprintf(stale, sizeof(stale), "%s/%s", dir, n) < (int)sizeof(stale)) unlink(stale);
    }
    closedir(d);
}

/* Into OUT[PATH_MAX], the file the symbolic link PATH names, followed link by link (up to 40,
 * as the kernel would), even when it does not exist yet. 0 when PATH is no link or the chain
 * cannot be read. */
static int link_target(const char *path, char *out)
{
    char cur[PATH_MAX], next[PATH_MAX];
    struct stat lst;
    if (snprintf(cur, sizeof(cur), "%s", path) >= (int)sizeof(cur)) return 0;
    int links = 0;
    for (; links < 40 && lstat(cur, &lst) == 0 && S_ISLNK(lst.st_mode); links++) {
        ssize_t n = readlink(cur, next, sizeof(next) - 1);
        if (n < 0) return 0;
        next[n] = '\0';
        if (next[0] != '/') { /* relative to the link's own directory */
            const char *slash = strrchr(cur, '/');
            int dir = slash ? (int)(slash - cur) + 1 : 0;
            char joined[PATH_MAX];
            if (snprintf(joined, sizeof(joined), "%.*s%s", dir, cur, next) >= (int)sizeof(joined))
                return 0;
            memcpy(next, joined, sizeof(next));
        }
        memcpy(cur, next, sizeof(cur));
    }
    if (links == 0 || links == 40) return 0;
    memcpy(out, cur, PATH_MAX);
    return 1;
}

/* Writes through FN to the file that is there and is no regular file (a device, a FIFO, what
 * a link such as /dev/stdout names), in place. */
static int write_in_place(const char *path, sk_write_fn fn, const void *ctx)
{
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) return SK_EIO;
    int rc = fn(fd, ctx);
    int saved = errno;
    if (close(fd) != 0 && rc == SK_OK) return SK_EIO;
    errno = saved;
    return rc;
}

int sk_file_write_with(const char *path, sk_write_fn fn, const void *ctx)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* followed through any link */
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return SK_EIO;
        }
        return write_in_place(path, fn, ctx);
    }
    /* a link is followed, even to a file not there yet: the file it names is written, and the
     * link stays */
    char target[PATH_MAX];
    if (link_target(path, target)) path = target;
    remove_stale_tmps(path);
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 48);
    if (!tmp) return SK_ENOMEM;
    int fd = -1;
    for (unsigned attempt = 0; attempt < 100 && fd < 0; attempt++) {
        snprintf(tmp, plen + 48, "%s.tmp.%ld.%u", path, (long)getpid(), attempt);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        free(tmp);
        return SK_EIO;
    }
    int rc = fn(fd, ctx);
    int saved = errno;
    if (rc == SK_OK && fsync(fd) != 0) { /* on disk before it takes the name */
        rc = SK_EIO;
        saved = errno;
    }
    if (close(fd) != 0 && rc == SK_OK) {
        rc = SK_EIO;
        saved = errno;
    }
    if (rc == SK_OK && rename(tmp, path) != 0) {
        rc = SK_EIO;
        saved = errno;
    }
    if (rc != SK_OK) unlink(tmp);
    free(tmp);
    errno = saved;
    return rc;
}

/* What sk_file_write hands to sk_file_write_with: bytes. */
typedef struct {
    const unsigned char *data;
    size_t len;
} bytes;

static int emit_bytes(int fd, const void *ctx)
{
    const bytes *b = ctx;
    for (size_t at = 0; at < b->len;) {
        ssize_t n = write(fd, b->data + at, b->len - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return SK_EIO;
        at += (size_t)n;
    }
    return SK_OK;
}

int sk_file_write(const char *path, const void *data, size_t len)
{
    bytes b = {data, len};
    return sk_file_write_with(path, emit_bytes, &b);
}

int sk_file_check_writable(const char *path)
{
    struct stat st;
    size_t len = strlen(path);
    if (len && path[len - 1] == '/') {
        errno = EISDIR;
        return SK_EIO;
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            errno = EISDIR;
            return SK_EIO;
        }
        return access(path, W_OK) == 0 ? SK_OK : SK_EIO; /* written in place */
    }
    char target[PATH_MAX];
    if (link_target(path, target)) path = target;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 48);
    if (!tmp) return SK_ENOMEM;
    snprintf(tmp, plen + 48, "%s.tmp.%ld.check", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    int saved = errno;
    if (fd >= 0) {
        close(fd);
        unlink(tmp);
    }
    free(tmp);
    errno = saved;
    return fd >= 0 ? SK_OK : SK_EIO;
}
