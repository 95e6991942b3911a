/* leave.c — leave values: KLV/KLV2 files and the built-in heuristic (see leave.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/filemap.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"

struct sk_leaves {
    int flat;        /* the heuristic of an alphabet other than A..Z (see sk_leaves_for); no file */
    uint32_t *nodes; /* host order */
    uint32_t nnodes;
    uint32_t *counts; /* words reachable from each node's list position (see word_counts) */
    /* With INDEXED (see index_lists): every list reachable from the root holds its tiles in
     * strictly ascending order and no count was clipped; TAIL[j], for every node j of such a
     * list, is the number of words through node j and its later siblings, so that the words
     * through the siblings before j in the list starting at L number TAIL[L] - TAIL[j]. */
    uint32_t *tail;
    int indexed;
    float *values; /* malloc'd (VALUES_OWNED), or inside the file mapped (read only) */
    uint32_t nvalues;
    int values_owned;
    void *map; /* the file mapped (sk_leaves_load) when VALUES is read in place, else NULL */
    size_t map_len;
    unsigned max_tile; /* the highest tile of any node (sk_leaves_max_tile) */
};

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void sk_leaves_free(sk_leaves *l)
{
    if (!l) return;
    free(l->nodes);
    free(l->counts);
    free(l->tail);
    if (l->values_owned) free(l->values);
    if (l->map) munmap(l->map, l->map_len);
    free(l);
}

#define COUNT_BUSY UINT32_MAX /* being computed: reaching it again means a cycle */
#define COUNT_NONE (UINT32_MAX - 1)

/* counts[i] (for a list starting at node i) = the words accepted in that list and below:
 * the sum over its siblings s of accepts(s) + counts[arc(s)]. Memoised; a cycle or a depth
 * beyond SK_WORD_MAX is refused. */
static int count_list(sk_leaves *l, uint32_t i, int depth)
{
    if (l->counts[i] == COUNT_BUSY || depth > SK_WORD_MAX) return SK_EINVAL;
    if (l->counts[i] != COUNT_NONE) return SK_OK;
    l->counts[i] = COUNT_BUSY;
    uint64_t total = 0;
    for (uint32_t s = i;; s++) {
        if (s >= l->nnodes) return SK_EINVAL;
        uint32_t n = l->nodes[s], arc = sk_kwg_arc(n);
        total += (uint64_t)sk_kwg_accepts(n);
        if (arc) {
            int rc = count_list(l, arc, depth + 1);
            if (rc != SK_OK) return rc;
            total += l->counts[arc];
        }
        if (sk_kwg_is_end(n)) break;
    }
    l->counts[i] = total >= COUNT_NONE ? COUNT_NONE - 1 : (uint32_t)total;
    return SK_OK;
}

static int word_counts(sk_leaves *l)
{
    l->counts = malloc((size_t)l->nnodes * sizeof(uint32_t));
    if (!l->counts) return SK_ENOMEM;
    for (uint32_t i = 0; i < l->nnodes; i++)
        l->counts[i] = COUNT_NONE;
    uint32_t root = sk_kwg_arc(l->nodes[0]);
    return root ? count_list(l, root, 0) : SK_OK;
}

/* Sets TAIL and INDEXED (see struct sk_leaves) once word_counts has counted the lists reachable
 * from the root (those whose COUNTS are set). Leaves without the index are read by a sibling
 * scan (walk_rack) as before: only a malformed file lacks it. */
static int index_lists(sk_leaves *l)
{
    l->tail = malloc((size_t)l->nnodes * sizeof(uint32_t));
    if (!l->tail) return SK_ENOMEM;
    l->indexed = 1;
    for (uint32_t start = 0; start < l->nnodes && l->indexed; start++) {
        if (l->counts[start] == COUNT_NONE) continue; /* no list is known to start here */
        uint32_t end = start;
        while (!sk_kwg_is_end(l->nodes[end])) /* word_counts found the list's end */
            end++;
        uint64_t total = 0;
        for (uint32_t j = end + 1; j-- > start;) {
            uint32_t n = l->nodes[j], arc = sk_kwg_arc(n);
            total += (uint64_t)sk_kwg_accepts(n) + (arc ? l->counts[arc] : 0);
            if (total >= COUNT_NONE - 1 ||
                (j < end && sk_kwg_tile(n) >= sk_kwg_tile(l->nodes[j + 1]))) {
                l->indexed = 0; /* clipped counts, or tiles out of order */
                break;
            }
            l->tail[j] = (uint32_t)total;
        }
    }
    return SK_OK;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_LITTLE_ENDIAN 0
#else
#define HOST_LITTLE_ENDIAN 1
#endif

/* sk_leaves_from_bytes; with MAP (DATA itself, MAP_LEN bytes, mapped by the caller) the values
 * of a KLV2 file on a little-endian host are read in place and the leaves own MAP, which the
 * caller must not unmap unless *OUT is NULL. */
static int parse(sk_leaves **out, const void *data, size_t len, sk_diag_list *diags, void *map,
                 size_t map_len)
{
    *out = NULL;
    const unsigned char *p = data;
    if (len < 8) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "too short for a KLV file");
        return SK_EINVAL;
    }
    uint32_t k = rd32(p);
    if (k == 0 || k > SK_KWG_NODES_MAX || (size_t)k * 4 + 8 > len) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV node count %u does not fit the file", k);
        return SK_EINVAL;
    }
    uint32_t nv = rd32(p + 4 + (size_t)k * 4);
    size_t rest = len - 8 - (size_t)k * 4;
    int f32 = rest >= (size_t)nv * 4;
    if (!f32 && rest < (size_t)nv * 2) {
        sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV holds %u values but only %zu bytes follow", nv,
                    rest);
        return SK_EINVAL;
    }
    sk_leaves *l = calloc(1, sizeof(*l));
    if (!l) return SK_ENOMEM;
    l->nnodes = k;
    l->nvalues = nv;
    l->nodes = malloc((size_t)k * 4);
    const unsigned char *v = p + 8 + (size_t)k * 4;
    int in_place = map && f32 && HOST_LITTLE_ENDIAN && nv > 0;
    if (in_place) {
        memcpy(&l->values, &v, sizeof(v)); /* 4-aligned: the map is page-aligned */
    } else {
        l->values = malloc((size_t)(nv ? nv : 1) * sizeof(float));
        l->values_owned = 1;
    }
    if (!l->nodes || !l->values) {
        sk_leaves_free(l);
        return SK_ENOMEM;
    }
    for (uint32_t i = 0; i < k; i++) {
        l->nodes[i] = rd32(p + 4 + (size_t)i * 4);
        if (sk_kwg_arc(l->nodes[i]) >= k) {
            sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV node %u points outside the file", i);
            sk_leaves_free(l);
            return SK_EINVAL;
        }
        /* tiles are kinds, as in a KWG: 0 the blank, letters up to SK_TILE_KINDS - 1 */
        if (sk_kwg_tile(l->nodes[i]) >= SK_TILE_KINDS) {
            sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV node %u holds tile %u: tiles are 0..%d", i,
                        sk_kwg_tile(l->nodes[i]), SK_TILE_KINDS - 1);
            sk_leaves_free(l);
            return SK_EINVAL;
        }
        if (sk_kwg_tile(l->nodes[i]) > l->max_tile) l->max_tile = sk_kwg_tile(l->nodes[i]);
    }
    for (uint32_t i = 0; i < nv; i++) {
        if (f32) {
            float f;
            if (in_place) {
                f = l->values[i];
            } else {
                uint32_t bits = rd32(v + (size_t)i * 4);
                memcpy(&f, &bits, sizeof(f));
            }
            if (!isfinite(f)) { /* a NaN would rank first and print as no JSON number */
                sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV value %u is %s, not a number of points", i,
                            isnan(f) ? "NaN" : "infinite");
                sk_leaves_free(l);
                return SK_EINVAL;
            }
            if (!in_place) l->values[i] = f;
        } else {
            int16_t s = (int16_t)(v[2 * i] | v[2 * i + 1] << 8);
            l->values[i] = (float)s / 256.0f;
        }
    }
    int rc = word_counts(l);
    if (rc == SK_OK) rc = index_lists(l);
    if (rc != SK_OK) {
        if (rc == SK_EINVAL) sk_diag_add(diags, SK_SEV_ERROR, 0, "KLV graph has a backward arc");
        sk_leaves_free(l);
        return rc;
    }
    if (in_place) { /* only now: a refused file's map stays the caller's */
        l->map = map;
        l->map_len = map_len;
    }
    *out = l;
    return SK_OK;
}

int sk_leaves_from_bytes(sk_leaves **out, const void *data, size_t len, sk_diag_list *diags)
{
    return parse(out, data, len, diags, NULL, 0);
}

#define KLV_FILE_MAX ((size_t)SK_KWG_NODES_MAX * 12 + 16)

int sk_leaves_load(sk_leaves **out, const char *path, sk_diag_list *diags)
{
    *out = NULL; /* also when the file cannot be read */
    /* a regular file is mapped, its values read in place: a leave file is mostly its values
     * (3.6 MB for English), and copying them cost more than the rest of the loading */
    int fd;
    int rc = sk_file_open(path, 1, &fd);
    if (rc != SK_OK) return rc;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (size_t)st.st_size <= KLV_FILE_MAX) {
        size_t len = (size_t)st.st_size;
        void *map;
        rc = sk_file_map(fd, len, &map);
        if (rc != SK_OK) return rc;
        rc = parse(out, map, len, diags, map, len);
        if (!*out || !(*out)->map) munmap(map, len); /* refused, or its values copied */
        return rc;
    }
    /* a pipe, an empty or too large file: read as a stream (which says which) from the
     * descriptor already open, so that a pipe's writer meets one reader only */
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return SK_ENOMEM;
    }
    sk_buf b;
    sk_buf_init(&b);
    rc = sk_buf_read_stream(&b, f, KLV_FILE_MAX);
    fclose(f);
    if (rc == SK_OK) rc = sk_leaves_from_bytes(out, b.data, b.len, diags);
    sk_buf_free(&b);
    return rc;
}

unsigned sk_leaves_max_tile(const sk_leaves *leaves)
{
    return leaves ? leaves->max_tile : 0;
}

int sk_leaves_fit(const sk_leaves *leaves, const sk_tileset *tiles, char *why, size_t why_size)
{
    int letters = tiles->alphabet.size - 1;
    if (why_size) why[0] = '\0';
    if (!leaves || leaves->max_tile <= (unsigned)letters) return 1;
    if (why_size)
        snprintf(why, why_size,
                 "the leaves hold tile %u, but the tile set has letters 1..%d: leaves of another "
                 "alphabet?",
                 leaves->max_tile, letters);
    return 0;
}

/* Rank of the sorted tile string among the DAWG's words, or -1 when it is not one. */
static long leave_rank(const sk_leaves *l, const unsigned char *tiles, int n)
{
    uint32_t list = sk_kwg_arc(l->nodes[0]);
    long rank = 0;
    for (int i = 0; i < n; i++) {
        if (!list) return -1;
        uint32_t j = list;
        for (;; j++) {
            if (j >= l->nnodes) return -1;
            uint32_t node = l->nodes[j];
            if (sk_kwg_tile(node) == tiles[i]) break;
            if (sk_kwg_tile(node) > tiles[i] || sk_kwg_is_end(node)) return -1;
        }
        /* words through earlier siblings come first */
        for (uint32_t s = list; s < j; s++) {
            uint32_t arc = sk_kwg_arc(l->nodes[s]);
            rank += (long)sk_kwg_accepts(l->nodes[s]) + (arc ? (long)l->counts[arc] : 0);
        }
        if (i == n - 1) return sk_kwg_accepts(l->nodes[j]) ? rank : -1;
        rank += sk_kwg_accepts(l->nodes[j]);
        list = sk_kwg_arc(l->nodes[j]);
    }
    return -1;
}

/* values asked for before they are read (a rack of 7 tiles has 127 leaves; a larger one's are
 * read in turns of this many) */
#define PENDING_MAX 256

/* The walk of sk_leave_values_of_rack below the DAWG list LIST, whose words' ranks start at BASE:
 * the leave so far (kept tiles at index IDX) is extended by one tile of a kind FROM or later
 * that the rack still has (bit t of LEFT: a tile of kind t is left), siblings and kinds both
 * ascending, so each list is read once and no further than the rack's last kind. */
typedef struct {
    const sk_leaves *l;
    int *left; /* tiles of each kind not yet kept */
    const int *radix;
    float *out;
    /* walk_indexed: the values found, read after the walk (PENDING of them, value VALUE_AT[i]
     * for index OUT_AT[i]), their loads asked for as the walk finds them: the value table is
     * large and read at random, and the walk itself does not wait for it */
    int pending;
    uint32_t out_at[PENDING_MAX];
    uint64_t value_at[PENDING_MAX];
} rack_walk;

/* Writes W's pending values. */
static void flush_values(rack_walk *w)
{
    for (int i = 0; i < w->pending; i++)
        w->out[w->out_at[i]] = w->l->values[w->value_at[i]];
    w->pending = 0;
}

static void walk_rack(const rack_walk *w, uint32_t list, long base, uint64_t left, int idx)
{
    const sk_leaves *l = w->l;
    long rank = base;
    for (uint32_t j = list; left && j < l->nnodes; j++) {
        uint32_t node = l->nodes[j], arc = sk_kwg_arc(node);
        unsigned tile = sk_kwg_tile(node);
        left &= tile < 64 ? ~0ull << tile : 0; /* kinds below it are in no later sibling */
        if (left >> tile & 1) {
            int at = idx + w->radix[tile];
            if (sk_kwg_accepts(node) && (uint64_t)rank < l->nvalues) w->out[at] = l->values[rank];
            if (arc) {
                uint64_t more = --w->left[tile] ? left : left & ~(1ull << tile);
                walk_rack(w, arc, rank + sk_kwg_accepts(node), more, at);
                w->left[tile]++;
            }
        }
        rank += (long)sk_kwg_accepts(node) + (arc ? (long)l->counts[arc] : 0);
        if (sk_kwg_is_end(node)) return;
        /* a lookup finds a tile at its first sibling: a later one of the same tile (a file
         * whose lists are not in order) is passed over, as sk_leave_value passes it */
        left &= tile < 63 ? ~0ull << (tile + 1) : 0;
    }
}

/* walk_rack for leaves with the index (INDEXED): the rack's kinds in LEFT are met in ascending
 * order, as the list's tiles are, so the list is read no further than the last of them, and the
 * rank of a node comes from TAIL instead of a sum over its earlier siblings. */
static void walk_indexed(rack_walk *w, uint32_t list, uint64_t base, uint64_t left, int idx)
{
    const sk_leaves *l = w->l;
    const uint64_t head = base + l->tail[list];
    uint32_t j = list;
    for (uint64_t m = left; m; m &= m - 1) {
        unsigned tile = (unsigned)__builtin_ctzll(m);
        uint32_t node = l->nodes[j];
        while (sk_kwg_tile(node) < tile && !sk_kwg_is_end(node))
            node = l->nodes[++j];
        if (sk_kwg_tile(node) > tile) continue; /* not in the list: try the next kind */
        if (sk_kwg_tile(node) < tile) return;   /* the list ends before it */
        uint64_t rank = head - l->tail[j];
        int at = idx + w->radix[tile];
        if (sk_kwg_accepts(node) && rank < l->nvalues) {
            __builtin_prefetch(&l->values[rank]);
            if (w->pending == PENDING_MAX) flush_values(w);
            w->out_at[w->pending] = (uint32_t)at;
            w->value_at[w->pending++] = rank;
        }
        uint32_t arc = sk_kwg_arc(node);
        uint64_t more = w->left[tile] > 1 ? m : m & (m - 1); /* the kinds from TILE on */
        if (arc && more) { /* a longer leave, with a tile still on the rack */
            w->left[tile]--;
            walk_indexed(w, arc, rank + sk_kwg_accepts(node), more, at);
            w->left[tile]++;
        }
    }
}

int sk_leave_values_of_rack(const sk_leaves *leaves, const int *counts, int nkinds,
                            const int *radix, float *out)
{
    if (!leaves || leaves->flat) return 0;
    size_t cells = 1;
    int left[SK_TILE_KINDS] = {0};
    uint64_t kinds = 0;
    if (nkinds > SK_TILE_KINDS) nkinds = SK_TILE_KINDS;
    for (int t = 0; t < nkinds; t++) {
        cells *= (size_t)counts[t] + 1;
        left[t] = counts[t];
        if (counts[t]) kinds |= 1ull << t;
    }
    for (size_t i = 0; i < cells; i++) /* a leave the file lacks is worth 0 */
        out[i] = 0.0f;
    uint32_t root = leaves->nnodes ? sk_kwg_arc(leaves->nodes[0]) : 0;
    if (root) {
        rack_walk w; /* its pending arrays are written before they are read */
        w.l = leaves;
        w.left = left;
        w.radix = radix;
        w.out = out;
        w.pending = 0;
        if (leaves->indexed) {
            walk_indexed(&w, root, 0, kinds, 0);
            flush_values(&w);
        } else {
            walk_rack(&w, root, 0, kinds, 0);
        }
    }
    return 1;
}

static const double HEURISTIC[SK_TILE_KINDS] = {
    20.0,                                                                       /* blank */
    1.0,  -1.0, 0.0,  0.5,  3.0, -1.0, -1.5, 0.5,  0.5,  -2.0, -1.0, 0.5,  0.0, /* A..M */
    1.0,  -1.0, -0.5, -7.0, 2.0, 8.0,  1.0,  -3.0, -5.0, -3.0, 1.0,  -1.0, 1.0, /* N..Z */
};

double sk_leave_value(const sk_leaves *leaves, const char *leave)
{
    unsigned char tiles[64];
    int n = 0;
    for (const char *p = leave; *p && n < (int)sizeof(tiles); p++)
        tiles[n++] = (unsigned char)sk_tile_kind((sk_tile)*p);
    for (int i = 1; i < n; i++) /* sort: blank first */
        for (int j = i; j > 0 && tiles[j] < tiles[j - 1]; j--) {
            unsigned char t = tiles[j];
            tiles[j] = tiles[j - 1];
            tiles[j - 1] = t;
        }
    return sk_leave_value_tiles(leaves, tiles, n);
}

#define VOWELS (1ull << 1 | 1ull << 5 | 1ull << 9 | 1ull << 15 | 1ull << 21) /* A E I O U */

/* The heuristic of another alphabet knows no letter's worth: the blank and repeated copies only. */
static const sk_leaves FLAT = {.flat = 1};

const sk_leaves *sk_leaves_for(const sk_leaves *leaves, const sk_tileset *tiles)
{
    return leaves || !tiles || sk_tileset_is_latin(tiles) ? leaves : &FLAT;
}

/* The flat heuristic's value of the sorted TILES (N of them). */
static double flat_value(const unsigned char *tiles, int n)
{
    double v = 0;
    for (int i = 0; i < n; i++) {
        if (tiles[i] == 0) v += HEURISTIC[0];
        if (i > 0 && tiles[i] == tiles[i - 1] && tiles[i] != 0) v -= 4.0;
    }
    return v;
}

double sk_leave_value_tiles(const sk_leaves *leaves, const unsigned char *tiles, int n)
{
    if (n == 0) return 0.0;
    if (leaves && leaves->flat) return flat_value(tiles, n);
    if (leaves) {
        long r = leave_rank(leaves, tiles, n);
        return r >= 0 && (uint32_t)r < leaves->nvalues ? leaves->values[r] : 0.0;
    }
    double v = 0;
    int vowels = 0, consonants = 0;
    for (int i = 0; i < n; i++) {
        v += HEURISTIC[tiles[i] & SK_TILE_LETTER];
        if (i > 0 && tiles[i] == tiles[i - 1] && tiles[i] != 0) v -= 4.0;
        if (tiles[i] == 0) continue;
        if (VOWELS >> tiles[i] & 1)
            vowels++;
        else
            consonants++;
    }
    int off = vowels > consonants ? vowels - consonants : consonants - vowels;
    if (off > 1) v -= 2.0 * (off - 1);
    return v;
}
