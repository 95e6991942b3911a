/* lexicon_cache.c — loading a lexicon whatever its form: resolving a name in the data
 * directories (preferring an up-to-date NAME.kwg to NAME.txt), telling a KWG from a word list
 * by content, and compiling word lists once: the KWG of a word list is cached under a hash of
 * its content, so the next load of the same list is an mmap. The cache directory is chosen by
 * the caller (this module reads no environment). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/kwg.h"
#include "skrab/buf.h"
#include "skrab/error.h"

#define CACHE_FORMAT "wordlist-v1" /* bump when the builder's output changes */

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
    memcpy(tail, p + i, n - i);
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

/* The cache entry for the word list DATA[0..LEN) read with OPTS, in CACHE_DIR. Returns 1, or 0
 * if it does not fit. */
static int cache_path(char *out, size_t outsz, const char *cache_dir, const void *data, size_t len,
                      const sk_kwg_build_options *opts)
{
    uint64_t h[2];
    content_hash(data, len, h);
    unsigned char key[2 + SK_ALPHABET_MAX * (SK_LABEL_MAX + 1)];
    size_t klen = reading_key(opts, key, sizeof(key));
    if (klen > 0) {
        uint64_t k[2];
        content_hash(key, klen, k);
        h[0] = avalanche(h[0] ^ k[0]);
        h[1] = avalanche(h[1] + rotl(k[1], 23));
    }
    int n = snprintf(out, outsz, "%s/" CACHE_FORMAT "-%016llx%016llx.kwg", cache_dir,
                     (unsigned long long)h[0], (unsigned long long)h[1]);
    return n > 0 && (size_t)n < outsz;
}

/* Compiles the word list in TEXT; keeps the result in CACHED when that is not NULL. */
static int compile(sk_lexicon **out, const sk_buf *text, const char *cache_dir, const char *cached,
                   const sk_kwg_build_options *opts, sk_diag_list *diags)
{
    uint32_t *nodes;
    size_t count;
    int rc = sk_kwg_build(&nodes, &count, text->data, text->len, opts, NULL, diags);
    if (rc != SK_OK) return rc;
    if (cached && make_dirs(cache_dir) == SK_OK) (void)sk_kwg_write(cached, nodes, count);
    return sk_lexicon_adopt(out, nodes, count);
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
    char cached[SK_PATH_MAX];
    int use_cache = cache_dir && cache_path(cached, sizeof(cached), cache_dir, map, len, opts);
    /* A cached file that fails validation is simply rebuilt and replaced. */
    if (use_cache && sk_lexicon_open(out, cached, NULL) == SK_OK) {
        if (map) munmap(map, len);
        return SK_OK;
    }
    sk_buf_clear(text);
    int rc = sk_buf_append(text, map ? map : "", len);
    if (map) munmap(map, len);
    if (rc != SK_OK) return rc;
    return compile(out, text, cache_dir, use_cache ? cached : NULL, opts, diags);
}

int sk_lexicon_load(sk_lexicon **out, const char *path, const char *cache_dir,
                    const sk_kwg_build_options *opts, sk_buf *text, sk_diag_list *diags)
{
    *out = NULL;
    sk_buf local;
    sk_buf_init(&local);
    sk_buf *t = text ? text : &local;
    int fd;
    int opened = sk_file_open(path, 1, &fd); /* a regular file or a pipe (buf.h) */
    if (opened != SK_OK) return opened;
    struct stat st;
    int regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
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
        /* A pipe or a device: read it whole and look. */
        close(fd);
        rc = sk_buf_read_file(t, path, SK_WORDLIST_FILE_MAX);
        if (rc == SK_OK && sk_kwg_detect(t->data, t->len)) {
            rc = sk_lexicon_from_kwg(out, t->data, t->len, diags);
        } else if (rc == SK_OK) {
            char cached[SK_PATH_MAX];
            int use =
                cache_dir && cache_path(cached, sizeof(cached), cache_dir, t->data, t->len, opts);
            if (!(use && sk_lexicon_open(out, cached, NULL) == SK_OK))
                rc = compile(out, t, cache_dir, use ? cached : NULL, opts, diags);
        }
    }
    sk_buf_free(&local);
    return rc;
}
