/* kwg_load.c — KWG files in and out: detecting and validating one, opening it with one mmap,
 * wrapping nodes in an sk_lexicon, and writing a KWG atomically. A file is trusted only after
 * validation: every arc inside the file, the last node ending its list (so no list runs off
 * the end), no reachable cycle. Files skrab writes have only forward arcs, which proves the
 * last point in one sequential pass; other files get a depth-first check. */
#define _DEFAULT_SOURCE 1 /* MAP_POPULATE, where the system has it */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal/filemap.h"
#include "internal/filewrite.h"
#include "internal/kwg.h"
#include "skrab/buf.h"
#include "skrab/error.h"
#include "skrab/tiles.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_BIG_ENDIAN 1
#else
#define HOST_BIG_ENDIAN 0
#endif

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int sk_kwg_detect(const void *data, size_t len)
{
    const unsigned char *p = data;
    return len >= 4 && p[3] == 0 && (p[2] & 0x40) != 0;
}

/* One pass over the nodes: *IN_RANGE when every arc is inside the file and every tile below
 * SK_TILE_KINDS (the most an alphabet has: what the move generator's letter sets hold), *FORWARD
 * when every arc also points to a later node, *MAX_TILE the highest tile of any node (what the
 * tile set of a game must define: sk_lexicon_max_tile), *ASCENDING when every node that does not
 * end its list is followed by a higher tile (every search of a list, sk_kwg_find first, stops at
 * a tile above the one it looks for). This is most of the cost of opening a lexicon, so it works
 * on four nodes at a time (GCC/Clang vector extensions; plain code elsewhere). */
#define TILE_OUT ((uint32_t)SK_TILE_KINDS << 24) /* a node at or above holds too large a tile */
#if defined(__GNUC__)
typedef uint32_t v4u __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
#endif

/* 1 when node I + 1 continues node I's list with a tile not above I's. */
static inline int out_of_order(const uint32_t *nodes, size_t i)
{
    return !sk_kwg_is_end(nodes[i]) && sk_kwg_tile(nodes[i + 1]) <= sk_kwg_tile(nodes[i]);
}

static void scan_arcs(const uint32_t *nodes, size_t count, int *in_range, int *forward,
                      unsigned *max_tile, int *ascending)
{
    uint32_t outside = 0, backward = 0, top = 0, disorder = 0, n = (uint32_t)count, i = 0;
#if defined(__GNUC__)
    v4u vout = {0, 0, 0, 0}, vback = {0, 0, 0, 0}, vtop = {0, 0, 0, 0}, idx = {0, 1, 2, 3};
    const v4u mask = {0x3FFFFFu, 0x3FFFFFu, 0x3FFFFFu, 0x3FFFFFu}, one = {1, 1, 1, 1},
              four = {4, 4, 4, 4}, vn = {n, n, n, n},
              tmax = {TILE_OUT, TILE_OUT, TILE_OUT, TILE_OUT},
              end = {1u << 22, 1u << 22, 1u << 22, 1u << 22};
    v4i vasc = {-1, -1, -1, -1};
    for (; i + 5 <= n; i += 4) { /* nodes i .. i + 3, each with the node after it */
        v4u a, next;
        memcpy(&a, nodes + i, sizeof(a));
        memcpy(&next, nodes + i + 1, sizeof(next));
        /* in order: the next tile is higher (tiles are 0..255, compared as signed numbers, in
         * one SSE2 step), or the node ends its list */
        vasc &= ((v4i)(next >> 24) > (v4i)(a >> 24)) | (v4i)((a & end) == end);
        vout |= (v4u)(a >= tmax);
        v4u higher = (v4u)(a > vtop); /* the tile is the top byte: compare whole nodes */
        vtop = (a & higher) | (vtop & ~higher);
        a &= mask;
        vout |= (v4u)(a >= vn);
        vback |= (v4u)(a - one < idx); /* 0 < a <= i; a = 0 wraps to the top */
        idx += four;
    }
    for (int k = 0; k < 4; k++) {
        outside |= vout[k];
        backward |= vback[k];
        disorder |= (uint32_t)!vasc[k];
        if (vtop[k] > top) top = vtop[k];
    }
#endif
    for (; i < n; i++) {
        uint32_t a = nodes[i] & 0x3FFFFFu;
        outside |= (uint32_t)(a >= n) | (uint32_t)(nodes[i] >= TILE_OUT);
        backward |= (uint32_t)(a - 1u < i);
        if (nodes[i] > top) top = nodes[i];
        disorder |= (uint32_t)(i + 1 < n && out_of_order(nodes, i));
    }
    *in_range = !outside;
    *forward = !outside && !backward;
    *max_tile = sk_kwg_tile(top);
    *ascending = !disorder;
}

int sk_kwg_arcs_forward(const uint32_t *nodes, size_t count)
{
    int in_range, forward, ascending;
    unsigned max_tile;
    scan_arcs(nodes, count, &in_range, &forward, &max_tile, &ascending);
    return forward;
}

/* ---- the depth-first check ------------------------------------------------------------------
 * Vertices are node positions; a node leads to its arc and, unless it ends its list, to the
 * next position. One frame walks one run of siblings: the positions from its start to its
 * cursor are "in progress"; when the run ends (or reaches a finished position) they finish in
 * reverse order, which is a valid post-order. */
enum { WHITE = 0, GREY = 1, BLACK = 2 };

typedef struct {
    uint32_t start, cursor, arc_done;
} run;

static int push_run(run **stack, size_t *depth, size_t *cap, unsigned char *color, uint32_t at)
{
    if (*depth == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        run *s = realloc(*stack, ncap * sizeof(*s));
        if (!s) return SK_ENOMEM;
        *stack = s;
        *cap = ncap;
    }
    color[at] = GREY;
    (*stack)[(*depth)++] = (run){at, at, 0};
    return SK_OK;
}

int sk_kwg_postorder(const uint32_t *nodes, size_t count, uint32_t **order, size_t *norder,
                     uint32_t *cycle_at)
{
    unsigned char *color = calloc(count ? count : 1, 1);
    run *stack = NULL;
    size_t depth = 0, cap = 0, nout = 0;
    uint32_t *out = NULL;
    int rc = SK_ENOMEM;
    if (!color) goto done;
    if (order) {
        out = malloc((count ? count : 1) * sizeof(*out));
        if (!out) goto done;
    }
    for (uint32_t root = 0; root < 2 && root < count; root++) {
        if (color[root] != WHITE) continue;
        if (push_run(&stack, &depth, &cap, color, root) != SK_OK) goto done;
        while (depth) {
            run *f = &stack[depth - 1];
            uint32_t node = nodes[f->cursor];
            if (!f->arc_done) {
                f->arc_done = 1;
                uint32_t a = sk_kwg_arc(node);
                if (a && color[a] == GREY) {
                    *cycle_at = a;
                    rc = SK_EINVAL;
                    goto done;
                }
                if (a && color[a] == WHITE) {
                    if (push_run(&stack, &depth, &cap, color, a) != SK_OK) goto done;
                    continue;
                }
            }
            if (!sk_kwg_is_end(node)) {
                uint32_t nx = f->cursor + 1;
                if (color[nx] == GREY) {
                    *cycle_at = nx;
                    rc = SK_EINVAL;
                    goto done;
                }
                if (color[nx] == WHITE) {
                    color[nx] = GREY;
                    f->cursor = nx;
                    f->arc_done = 0;
                    continue;
                }
            }
            /* The run is over: its positions finish from the cursor back to the start. */
            for (uint32_t p = f->cursor + 1; p-- > f->start;) {
                color[p] = BLACK;
                if (out) out[nout++] = p;
            }
            depth--;
        }
    }
    rc = SK_OK;
done:
    free(color);
    free(stack);
    if (rc == SK_OK && order) {
        *order = out;
        *norder = nout;
    } else {
        free(out);
    }
    return rc;
}

/* Checks COUNT host-order nodes (docs/formats.md: node 0 a root pointer, tiles and arcs in
 * range, the last node ending its list, each list ascending, no cycle); sets *FORWARD when every
 * arc points forward and *MAX_TILE to the highest tile. */
int sk_kwg_check_nodes(const uint32_t *nodes, size_t count, sk_diag_list *diags, int *forward,
                       unsigned *max_tile)
{
    if (sk_kwg_tile(nodes[0]) != 0 || !sk_kwg_is_end(nodes[0])) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "not a KWG: node 0 is not a root pointer (tile 0, last of its list)");
        return SK_EINVAL;
    }
    int in_range, ascending;
    scan_arcs(nodes, count, &in_range, forward, max_tile, &ascending);
    if (!in_range) {
        for (size_t i = 0; i < count; i++) {
            if (sk_kwg_tile(nodes[i]) >= SK_TILE_KINDS) {
                sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                            "node %zu holds tile %u: tiles are 0..%d (not a KWG, or a damaged one)",
                            i, sk_kwg_tile(nodes[i]), SK_TILE_KINDS - 1);
                break;
            }
            if (sk_kwg_arc(nodes[i]) >= count) {
                sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                            "node %zu points to node %u, past the last node %zu (truncated file?)",
                            i, sk_kwg_arc(nodes[i]), count - 1);
                break;
            }
        }
        return SK_EINVAL;
    }
    if (!sk_kwg_is_end(nodes[count - 1])) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "the last node (%zu) does not end its list (truncated file?)", count - 1);
        return SK_EINVAL;
    }
    if (!ascending) {
        for (size_t i = 0; i + 1 < count; i++) {
            if (!out_of_order(nodes, i)) continue;
            sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                        "node %zu holds tile %u after tile %u in the same list: siblings are in "
                        "ascending tile order (not a KWG, or a damaged one)",
                        i + 1, sk_kwg_tile(nodes[i + 1]), sk_kwg_tile(nodes[i]));
            break;
        }
        return SK_EINVAL;
    }
    if (*forward) return SK_OK;
    uint32_t at = 0;
    int rc = sk_kwg_postorder(nodes, count, NULL, NULL, &at);
    if (rc == SK_EINVAL)
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "the graph has a cycle through node %u: not a valid KWG", at);
    return rc;
}

static int validate_size(size_t len, sk_diag_list *diags)
{
    if (len == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "empty file: not a KWG");
        return SK_EINVAL;
    }
    if (len % 4 != 0) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "size %zu is not a multiple of 4: not a KWG, or a truncated one", len);
        return SK_EINVAL;
    }
    if (len > SK_KWG_FILE_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "%zu nodes: more than the KWG format's %u", len / 4, SK_KWG_NODES_MAX);
        return SK_EINVAL;
    }
    return SK_OK;
}

/* Copies LEN bytes of little-endian nodes into a new host-order array. */
static uint32_t *copy_nodes(const void *data, size_t len)
{
    uint32_t *nodes = malloc(len);
    if (!nodes) return NULL;
    if (HOST_BIG_ENDIAN) {
        const unsigned char *p = data;
        for (size_t i = 0; i < len / 4; i++)
            nodes[i] = le32(p + 4 * i);
    } else {
        memcpy(nodes, data, len);
    }
    return nodes;
}

int sk_kwg_validate(const void *data, size_t len, sk_diag_list *diags)
{
    int rc = validate_size(len, diags);
    if (rc != SK_OK) return rc;
    uint32_t *nodes = copy_nodes(data, len);
    if (!nodes) return SK_ENOMEM;
    int forward;
    unsigned max_tile;
    rc = sk_kwg_check_nodes(nodes, len / 4, diags, &forward, &max_tile);
    free(nodes);
    return rc;
}

/* ---- lexicon objects ------------------------------------------------------------------------ */
int sk_lexicon_wrap(sk_lexicon **out, const uint32_t *nodes, size_t count, void *map,
                    size_t map_len, uint32_t *owned, int forward, unsigned max_tile)
{
    sk_lexicon *lex = calloc(1, sizeof(*lex));
    if (!lex || sk_walk_table_new(&lex->walk, count) != SK_OK) {
        free(lex);
        if (map) munmap(map, map_len);
        free(owned);
        *out = NULL;
        return SK_ENOMEM;
    }
    lex->nodes = nodes;
    lex->count = count;
    lex->map = map;
    lex->map_len = map_len;
    lex->owned = owned;
    lex->forward = forward;
    lex->max_tile = max_tile;
    /* Node 1 is a GADDAG root pointer when it looks like one. A pointer to nothing beside a
     * DAWG with words is a DAWG-only file (what the builder writes when the GADDAG does not
     * fit: docs/formats.md, "Compiled lexicons (KWG)"): the GADDAG of a word is never empty. */
    lex->has_gaddag = count >= 2 && sk_kwg_tile(nodes[1]) == 0 && sk_kwg_is_end(nodes[1]) &&
                      !sk_kwg_accepts(nodes[1]) &&
                      (sk_kwg_arc(nodes[1]) != 0 || sk_kwg_arc(nodes[0]) == 0);
    *out = lex;
    return SK_OK;
}

int sk_lexicon_adopt(sk_lexicon **out, uint32_t *nodes, size_t count)
{
    int in_range, forward, ascending;
    unsigned max_tile;
    scan_arcs(nodes, count, &in_range, &forward, &max_tile, &ascending);
    return sk_lexicon_wrap(out, nodes, count, NULL, 0, nodes, forward, max_tile);
}

int sk_lexicon_from_kwg(sk_lexicon **out, const void *data, size_t len, sk_diag_list *diags)
{
    *out = NULL;
    int rc = validate_size(len, diags);
    if (rc != SK_OK) return rc;
    uint32_t *nodes = copy_nodes(data, len);
    if (!nodes) return SK_ENOMEM;
    int forward;
    unsigned max_tile;
    rc = sk_kwg_check_nodes(nodes, len / 4, diags, &forward, &max_tile);
    if (rc != SK_OK) {
        free(nodes);
        return rc;
    }
    return sk_lexicon_wrap(out, nodes, len / 4, NULL, 0, nodes, forward, max_tile);
}

int sk_lexicon_open(sk_lexicon **out, const char *path, sk_diag_list *diags)
{
    *out = NULL;
    int fd;
    int rc = sk_file_open(path, 1, &fd); /* a regular file or a pipe (buf.h) */
    if (rc != SK_OK) return rc;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        close(fd);
        return SK_EIO;
    }
    if (!S_ISREG(st.st_mode) || HOST_BIG_ENDIAN) {
        /* A pipe cannot be mapped (and big-endian hosts need a converted copy): read from the
         * descriptor already open, so that a pipe's writer meets one reader only. */
        FILE *f = fdopen(fd, "rb");
        if (!f) {
            close(fd);
            return SK_ENOMEM;
        }
        sk_buf buf;
        sk_buf_init(&buf);
        rc = sk_buf_read_stream(&buf, f, SK_KWG_FILE_MAX);
        fclose(f);
        if (rc == SK_ETOOBIG) rc = validate_size(SK_KWG_FILE_MAX + 4, diags);
        if (rc == SK_OK) rc = sk_lexicon_from_kwg(out, buf.data, buf.len, diags);
        sk_buf_free(&buf);
        return rc;
    }
    size_t len = (size_t)st.st_size;
    if ((off_t)len != st.st_size) len = SK_KWG_FILE_MAX + 4;
    rc = validate_size(len, diags);
    if (rc != SK_OK) {
        close(fd);
        return rc;
    }
    void *map; /* every page is read by validation anyway: sk_file_map faults them in at once */
    rc = sk_file_map(fd, len, &map);
    if (rc != SK_OK) return rc;
    int forward;
    unsigned max_tile;
    rc = sk_kwg_check_nodes(map, len / 4, diags, &forward, &max_tile);
    if (rc != SK_OK) {
        munmap(map, len);
        return rc;
    }
    return sk_lexicon_wrap(out, map, len / 4, map, len, NULL, forward, max_tile);
}

void sk_lexicon_free(sk_lexicon *lex)
{
    if (!lex) return;
    if (lex->map) munmap(lex->map, lex->map_len);
    free(lex->owned);
    sk_walk_table_free(lex->walk);
    free(lex);
}

const uint32_t *sk_lexicon_nodes(const sk_lexicon *lex)
{
    return lex->nodes;
}

size_t sk_lexicon_node_count(const sk_lexicon *lex)
{
    return lex->count;
}

uint32_t sk_lexicon_dawg_root(const sk_lexicon *lex)
{
    return lex->count ? sk_kwg_arc(lex->nodes[0]) : 0;
}

uint32_t sk_lexicon_gaddag_root(const sk_lexicon *lex)
{
    return lex->has_gaddag ? sk_kwg_arc(lex->nodes[1]) : 0;
}

int sk_lexicon_has_gaddag(const sk_lexicon *lex)
{
    return lex->has_gaddag;
}

unsigned sk_lexicon_max_tile(const sk_lexicon *lex)
{
    return lex->max_tile;
}

/* ---- writing --------------------------------------------------------------------------------- */
static int write_all(int fd, const uint32_t *nodes, size_t count)
{
    unsigned char chunk[16384];
    size_t i = 0;
    while (i < count) {
        size_t n = count - i, bytes;
        const void *src;
        if (HOST_BIG_ENDIAN) {
            if (n > sizeof(chunk) / 4) n = sizeof(chunk) / 4;
            for (size_t j = 0; j < n; j++) {
                uint32_t v = nodes[i + j];
                chunk[4 * j] = (unsigned char)v;
                chunk[4 * j + 1] = (unsigned char)(v >> 8);
                chunk[4 * j + 2] = (unsigned char)(v >> 16);
                chunk[4 * j + 3] = (unsigned char)(v >> 24);
            }
            src = chunk;
        } else {
            src = nodes + i;
        }
        bytes = n * 4;
        const unsigned char *p = src;
        while (bytes) {
            ssize_t w = write(fd, p, bytes);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) return SK_EIO;
            p += w;
            bytes -= (size_t)w;
        }
        i += n;
    }
    return SK_OK;
}

/* What sk_kwg_write hands to sk_file_write_with: the nodes, written little-endian. */
typedef struct {
    const uint32_t *nodes;
    size_t count;
} kwg_nodes;

static int emit_nodes(int fd, const void *ctx)
{
    const kwg_nodes *k = ctx;
    return write_all(fd, k->nodes, k->count);
}

int sk_kwg_write(const char *path, const uint32_t *nodes, size_t count)
{
    kwg_nodes k = {nodes, count};
    return sk_file_write_with(path, emit_nodes, &k);
}

int sk_lexicon_save(const sk_lexicon *lex, const char *path)
{
    return sk_kwg_write(path, lex->nodes, lex->count);
}
