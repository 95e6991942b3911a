/* lexicon_cache.c — loading a lexicon whatever its form: resolving a name in the data
 * directories (preferring an up-to-date NAME.kwg to NAME.txt), telling a KWG from a word list
 * by content, and compiling word lists once: the KWG of a word list is cached under a hash of
 * its content, so the next load of the same list is an mmap. The cache directory is chosen by
 * the caller (this module reads no environment). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/kwg.h"
#include "skrab/buf.h"
#include "skrab/error.h"

#define CACHE_FORMAT "wordlist-v2" /* bump when the builder's output or the entry changes */

/* ---- content hash ------------------------------------------------------------------------------
 * 128 bits from two independent 64-bit lanes, each fed every other 8-byte word with a
 * multiply-rotate round, then mixed with the length and avalanched. Fast, and ample for telling
 * files apart; not meant to resist forgery. */
#define P1 0x9E3779B185EBCA87u
#define P2 0xC2B2AE3D27D4EB4Fu
#define P3 0x165667B19E3779F9u

static uint64_t rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

static uint64_t round64(uint64_t acc, uint64_t w)
{
    return rotl(acc + w * P2, 31) * P1;
}

static uint64_t avalanche(uint64_t h)
{
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}

/* Host byte order: cache entries are per machine, so the hash need not agree across hosts. */
static uint64_t load64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof(v));
    return v;
}

static void content_hash(const unsigned char *p, size_t n, uint64_t out[2])
{
    uint64_t a = P1 ^ (uint64_t)n, b = P3 + (uint64_t)n;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        a = round64(a, load64(p + i));
        b = round64(b, load64(p + i + 8));
    }
    unsigned char tail[16] = {0};
    if (n > i) memcpy(tail, p + i, n - i); /* P may be NULL when N is 0 */
    a = round64(a, load64(tail) ^ (uint64_t)(n - i));
    b = round64(b, load64(tail + 8));
    out[0] = avalanche(a ^ rotl(b, 17));
    out[1] = avalanche(b + a * P3);
}

/* ---- finding ----------------------------------------------------------------------------------*/
static int newer(const struct stat *a, const struct stat *b)
{
    if (a->st_mtim.tv_sec != b->st_mtim.tv_sec) return a->st_mtim.tv_sec > b->st_mtim.tv_sec;
    return a->st_mtim.tv_nsec > b->st_mtim.tv_nsec;
}

static int copy_out(char *out, size_t outsz, const char *path)
{
    size_t n = strlen(path);
    if (n >= outsz) return SK_ETOOBIG;
    memcpy(out, path, n + 1);
    return SK_OK;
}

int sk_lexicon_find(const sk_datadirs *dirs, const char *name, char *out, size_t outsz)
{
    if (sk_resource_is_path(name)) return copy_out(out, outsz, name);
    if (strlen(name) > 200) return SK_ENOTFOUND;
    /* Directory by directory, so a word list in $SKRAB_DATA wins over a built-in KWG. */
    for (int i = 0; i < dirs->count; i++) {
        char kwg[SK_PATH_MAX], txt[SK_PATH_MAX];
        int nk = snprintf(kwg, sizeof(kwg), "%s/%s.kwg", dirs->dirs[i], name);
        int nt = snprintf(txt, sizeof(txt), "%s/%s.txt", dirs->dirs[i], name);
        if (nk < 0 || nt < 0 || (size_t)nk >= sizeof(kwg) || (size_t)nt >= sizeof(txt)) continue;
        struct stat sk, st;
        int has_kwg = stat(kwg, &sk) == 0 && S_ISREG(sk.st_mode);
        int has_txt = stat(txt, &st) == 0 && S_ISREG(st.st_mode);
        if (has_kwg && (!has_txt || !newer(&st, &sk))) return copy_out(out, outsz, kwg);
        if (has_txt) return copy_out(out, outsz, txt);
    }
    return SK_ENOTFOUND;
}

int sk_lexicon_cache_dir(const char *xdg_cache_home, const char *home, char *out, size_t outsz)
{
    int n;
    if (xdg_cache_home && xdg_cache_home[0] == '/')
        n = snprintf(out, outsz, "%s/skrab", xdg_cache_home);
    else if (home && home[0] == '/')
        n = snprintf(out, outsz, "%s/.cache/skrab", home);
    else
        return SK_ENOTFOUND;
    return n < 0 || (size_t)n >= outsz ? SK_ETOOBIG : SK_OK;
}

/* mkdir -p with mode 0700 (the XDG base directory rule). */
static int make_dirs(const char *dir)
{
    char path[SK_PATH_MAX];
    size_t n = strlen(dir);
    if (n >= sizeof(path)) return SK_ETOOBIG;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        char c = path[i];
        path[i] = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST) return SK_EIO;
        path[i] = c;
    }
    return SK_OK;
}

/* ---- loading ----------------------------------------------------------------------------------*/
/* What changes how a word list is read, as bytes to hash: nothing for A..Z read strictly (the
 * entries made before alphabets keep their names); else the options and, for an alphabet other
 * than A..Z, every label. Returns the length written into OUT. */
static size_t reading_key(const sk_kwg_build_options *opts, unsigned char *out, size_t size)
{
    if (!opts) return 0;
    const sk_alphabet *a =
        opts->alphabet && !sk_alphabet_is_latin(opts->alphabet) ? opts->alphabet : NULL;
    if (!a && !opts->skip_invalid && !opts->fold_accents) return 0;
    size_t n = 0;
    out[n++] = (unsigned char)(opts->skip_invalid ? 1 : 0);
    out[n++] = (unsigned char)(opts->fold_accents ? 1 : 0);
    for (int k = 1; a && k < a->size; k++) {
        size_t len = strlen(a->upper[k]);
        if (n + len + 1 > size) break; /* cannot be: SIZE holds every label */
        memcpy(out + n, a->upper[k], len + 1);
        n += len + 1;
    }
    return n;
}

/* The identity of the word list DATA[0..LEN) read with OPTS: the hash of its content, mixed with
 * the hash of how it is read when that is not the default. Names the cache entry and is stored
 * in its header. */
static void cache_key(uint64_t out[2], const void *data, size_t len,
                      const sk_kwg_build_options *opts)
{
    content_hash(data, len, out);
    unsigned char key[2 + SK_ALPHABET_MAX * (SK_LABEL_MAX + 1)];
    size_t klen = reading_key(opts, key, sizeof(key));
    if (klen > 0) {
        uint64_t k[2];
        content_hash(key, klen, k);
        out[0] = avalanche(out[0] ^ k[0]);
        out[1] = avalanche(out[1] + rotl(k[1], 23));
    }
}

/* The cache entry for KEY in CACHE_DIR. Returns 1, or 0 if it does not fit. */
static int cache_path(char *out, size_t outsz, const char *cache_dir, const uint64_t key[2])
{
    int n = snprintf(out, outsz, "%s/" CACHE_FORMAT "-%016llx%016llx.cache", cache_dir,
                     (unsigned long long)key[0], (unsigned long long)key[1]);
    return n > 0 && (size_t)n < outsz;
}

/* ---- cache entries ------------------------------------------------------------------------------
 * An entry is a header of ENTRY_HEADER bytes, then the KWG's nodes exactly as a KWG file holds
 * them (docs/lexicon.md, "The cache of compiled word lists"). The header, in host byte order:
 *   0  magic "skrabLXC"         8  format version (u32)     12  header size (u32)
 *   16 node count (u64)         24 the list's key (2 x u64: content and how it is read)
 *   40 hash of the nodes' bytes (2 x u64)                    56  zero
 * An entry is used only when its header is the one this module would write for the list's key
 * and the nodes found: the magic, the version, a node count that is the size of the file
 * (header + 4 bytes a node), the key the list hashes to now, the hash of the nodes; and then its
 * nodes must pass the KWG validation like any file's. Anything else is a miss: the list is compiled
 * again and the entry replaced. Entries are written to a temporary file in the same directory and
 * renamed over the entry, so a reader sees a whole entry or none, whoever else is writing it. */
#define ENTRY_MAGIC "skrabLXC"
#define ENTRY_VERSION 1u
#define ENTRY_HEADER 64u

static int host_little_endian(void)
{
    const uint32_t one = 1;
    unsigned char b[4];
    memcpy(b, &one, sizeof(b));
    return b[0] == 1;
}

/* The header of the entry for KEY holding the COUNT little-endian nodes at NODES. */
static void header_make(unsigned char h[ENTRY_HEADER], size_t count, const uint64_t key[2],
                        const unsigned char *nodes)
{
    uint32_t version = ENTRY_VERSION, size = ENTRY_HEADER;
    uint64_t n = (uint64_t)count, sum[2];
    content_hash(nodes, count * 4, sum);
    memset(h, 0, ENTRY_HEADER);
    memcpy(h, ENTRY_MAGIC, 8);
    memcpy(h + 8, &version, 4);
    memcpy(h + 12, &size, 4);
    memcpy(h + 16, &n, 8);
    memcpy(h + 24, key, 16);
    memcpy(h + 40, sum, 16);
}

/* Writes NODES[0..COUNT) (host order) as the entry for KEY at PATH, atomically. SK_OK, or an
 * error the caller ignores (a cache that cannot be written is skipped). */
static int entry_write(const char *path, const uint64_t key[2], const uint32_t *nodes, size_t count)
{
    size_t bytes = ENTRY_HEADER + count * 4;
    unsigned char *image = malloc(bytes);
    if (!image) return SK_ENOMEM;
    unsigned char *body = image + ENTRY_HEADER;
    for (size_t i = 0; i < count; i++) {
        uint32_t v = nodes[i];
        body[4 * i] = (unsigned char)v;
        body[4 * i + 1] = (unsigned char)(v >> 8);
        body[4 * i + 2] = (unsigned char)(v >> 16);
        body[4 * i + 3] = (unsigned char)(v >> 24);
    }
    header_make(image, count, key, body);
    char tmp[SK_PATH_MAX + 48];
    int fd = -1;
    for (unsigned attempt = 0; attempt < 100 && fd < 0; attempt++) {
        int n = snprintf(tmp, sizeof(tmp), "%s.tmp.%ld.%u", path, (long)getpid(), attempt);
        if (n < 0 || (size_t)n >= sizeof(tmp)) break;
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST) break;
    }
    int rc = fd < 0 ? SK_EIO : SK_OK;
    for (size_t done = 0; rc == SK_OK && done < bytes;) {
        ssize_t w = write(fd, image + done, bytes - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0)
            rc = SK_EIO;
        else
            done += (size_t)w;
    }
    if (fd >= 0 && close(fd) != 0) rc = SK_EIO;
    if (rc == SK_OK && rename(tmp, path) != 0) rc = SK_EIO;
    if (rc != SK_OK && fd >= 0) unlink(tmp);
    free(image);
    return rc;
}

/* Opens the entry at PATH if it holds the lexicon for KEY, whole and undamaged (see above).
 * Returns SK_OK with *OUT set, or any error for a miss (*OUT NULL). */
static int entry_open(sk_lexicon **out, const char *path, const uint64_t key[2])
{
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return SK_ENOTFOUND;
    struct stat st;
    size_t len = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > (off_t)ENTRY_HEADER &&
        st.st_size <= (off_t)(ENTRY_HEADER + SK_KWG_FILE_MAX) &&
        (st.st_size - (off_t)ENTRY_HEADER) % 4 == 0)
        len = (size_t)st.st_size;
    void *map = len ? mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    close(fd);
    if (map == MAP_FAILED) return SK_EINVAL;
    const unsigned char *body = (const unsigned char *)map + ENTRY_HEADER;
    size_t count = (len - ENTRY_HEADER) / 4;
    unsigned char want[ENTRY_HEADER];
    header_make(want, count, key, body);
    if (memcmp(map, want, ENTRY_HEADER) != 0) {
        munmap(map, len);
        return SK_EINVAL;
    }
    if (!host_little_endian()) { /* validated as it is copied into host order */
        int rc = sk_lexicon_from_kwg(out, body, count * 4, NULL);
        munmap(map, len);
        return rc == SK_OK ? SK_OK : SK_EINVAL;
    }
    /* The header's size keeps the nodes 4-byte aligned in the page-aligned mapping; they are
     * validated where they lie, in one pass that also gives what the lexicon keeps. */
    const uint32_t *nodes = (const uint32_t *)(const void *)body;
    int forward;
    unsigned max_tile;
    if (sk_kwg_check_nodes(nodes, count, NULL, &forward, &max_tile) != SK_OK) {
        munmap(map, len);
        return SK_EINVAL;
    }
    return sk_lexicon_wrap(out, nodes, count, map, len, NULL, forward, max_tile);
}

/* Compiles the word list in TEXT; keeps the result as the entry CACHED for KEY when CACHED is
 * not NULL. */
static int compile(sk_lexicon **out, const sk_buf *text, const char *cache_dir, const char *cached,
                   const uint64_t key[2], const sk_kwg_build_options *opts, sk_diag_list *diags)
{
    uint32_t *nodes;
    size_t count;
    int rc = sk_kwg_build(&nodes, &count, text->data, text->len, opts, NULL, diags);
    if (rc != SK_OK) return rc;
    if (cached && make_dirs(cache_dir) == SK_OK) (void)entry_write(cached, key, nodes, count);
    return sk_lexicon_adopt(out, nodes, count);
}

/* Loads the word list DATA[0..LEN) from its cache entry in CACHE_DIR (may be NULL), or compiles
 * it (copying DATA into TEXT first) and caches the result. */
static int load_wordlist(sk_lexicon **out, const void *data, size_t len, const char *cache_dir,
                         const sk_kwg_build_options *opts, sk_buf *text, sk_diag_list *diags)
{
    uint64_t key[2];
    char cached[SK_PATH_MAX];
    cache_key(key, data, len, opts);
    int use_cache = cache_dir && cache_path(cached, sizeof(cached), cache_dir, key);
    if (use_cache && entry_open(out, cached, key) == SK_OK) return SK_OK;
    if ((const void *)text->data != data) {
        sk_buf_clear(text);
        int rc = sk_buf_append(text, data ? data : "", len);
        if (rc != SK_OK) return rc;
    }
    return compile(out, text, cache_dir, use_cache ? cached : NULL, key, opts, diags);
}

/* A regular file that is not a KWG: map it to hash it, so that a cache hit costs no copy. */
static int load_wordlist_file(sk_lexicon **out, int fd, size_t len, const char *cache_dir,
                              const sk_kwg_build_options *opts, sk_buf *text, sk_diag_list *diags)
{
    if (len > SK_WORDLIST_FILE_MAX) return SK_ETOOBIG;
    void *map = NULL;
    if (len > 0) {
        map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) return SK_EIO;
    }
    int rc = load_wordlist(out, map, len, cache_dir, opts, text, diags);
    if (map) munmap(map, len);
    return rc;
}

int sk_lexicon_load(sk_lexicon **out, const char *path, const char *cache_dir,
                    const sk_kwg_build_options *opts, sk_buf *text, sk_diag_list *diags)
{
    *out = NULL;
    sk_buf local;
    sk_buf_init(&local);
    sk_buf *t = text ? text : &local;
    sk_buf_clear(t); /* what it held before is no part of this file (a cache hit adds nothing) */
    int fd;
    int opened = sk_file_open(path, 1, &fd); /* a regular file or a pipe (buf.h) */
    if (opened != SK_OK) return opened;
    struct stat st;
    /* a regular file that says it is empty may not be (procfs, sysfs): read as a stream */
    int regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
    unsigned char head[4];
    ssize_t got = regular ? pread(fd, head, sizeof(head), 0) : -1;
    int rc;
    if (regular && got == (ssize_t)sizeof(head) && sk_kwg_detect(head, sizeof(head))) {
        close(fd);
        rc = sk_lexicon_open(out, path, diags);
    } else if (regular) {
        size_t len = (off_t)(size_t)st.st_size == st.st_size ? (size_t)st.st_size : (size_t)-1;
        rc = load_wordlist_file(out, fd, len, cache_dir, opts, t, diags);
        close(fd);
    } else {
        /* A pipe (or a file of no size): read it whole, from the descriptor already open (a
         * pipe's writer must meet one reader only), and look. */
        FILE *f = fdopen(fd, "rb");
        if (f) {
            rc = sk_buf_read_stream(t, f, SK_WORDLIST_FILE_MAX);
            fclose(f);
        } else {
            close(fd);
            rc = SK_ENOMEM;
        }
        if (rc == SK_OK && sk_kwg_detect(t->data, t->len)) {
            rc = sk_lexicon_from_kwg(out, t->data, t->len, diags);
        } else if (rc == SK_OK) {
            rc = load_wordlist(out, t->data, t->len, cache_dir, opts, t, diags);
        }
    }
    sk_buf_free(&local);
    return rc;
}
