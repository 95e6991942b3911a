/* leave_write.c — leave values written as a KLV2 file (see leave_write.h). The leaves are built
 * into a DAWG by the lexicon compiler's builder (kwg_build.c) and placed by its layout
 * (kwg_layout.c); the layout's second root pointer, the GADDAG's, is dropped, so that node 0 is
 * the only root pointer, as in the KLV files of other engines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/leave_write.h"

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* SK_OK when entry I of ENTRIES can be written; else SK_EINVAL with a finding. */
static int check_entry(const sk_leave_entry *e, size_t i, sk_diag_list *diags)
{
    if (e->len == 0 || e->len > SK_LEAVE_TILES_MAX) {
        sk_diag_add(diags, SK_SEV_ERROR, i, "leave %zu has %u tiles: a leave has 1..%d", i,
                    (unsigned)e->len, SK_LEAVE_TILES_MAX);
        return SK_EINVAL;
    }
    for (unsigned t = 0; t < e->len; t++) {
        if (e->tiles[t] > SK_KWG_TILE_MAX) {
            sk_diag_add(diags, SK_SEV_ERROR, i, "leave %zu holds tile %u: tiles are 0..%d", i,
                        (unsigned)e->tiles[t], SK_KWG_TILE_MAX);
            return SK_EINVAL;
        }
        if (t > 0 && e->tiles[t] < e->tiles[t - 1]) {
            sk_diag_add(diags, SK_SEV_ERROR, i, "leave %zu is not in ascending tile order", i);
            return SK_EINVAL;
        }
    }
    if (!isfinite(e->value)) {
        sk_diag_add(diags, SK_SEV_ERROR, i, "leave %zu is worth %s, not a number of points", i,
                    isnan(e->value) ? "NaN" : "infinity");
        return SK_EINVAL;
    }
    return SK_OK;
}

/* The KWG of the sorted, distinct leaves STRS with node 0 its only root pointer: *OUT
 * (malloc'd, host order), *COUNT nodes. */
static int build_dawg(uint32_t **out, size_t *count, const sk_tilestrs *strs)
{
    *out = NULL;
    sk_kwg_states st;
    sk_tilestrs gaddag; /* the builder collects the GADDAG's strings; a KLV has no GADDAG */
    sk_tilestrs_init(&gaddag, 4);
    uint32_t root = 0, *nodes = NULL;
    size_t n = 0;
    int rc = sk_kwg_states_init(&st, strs->count, SK_KWG_NODES_MAX - 2);
    if (rc == SK_OK) rc = sk_kwg_make_dawg(&st, strs, &gaddag, &root);
    sk_tilestrs_free(&gaddag);
    if (rc == SK_OK) {
        sk_kwg_states_drop_table(&st);
        /* the budget counts the GADDAG's root pointer, dropped below */
        rc = sk_kwg_layout(&nodes, &n, &st, root, 0, SK_KWG_NODES_MAX);
    }
    sk_kwg_states_free(&st);
    if (rc != SK_OK) return rc;
    /* nodes 2.. move down by one, and every arc with them (arcs point at nodes 2.. or nowhere) */
    uint32_t first = sk_kwg_arc(nodes[0]);
    nodes[0] = (nodes[0] & ~0x3FFFFFu) | (first ? first - 1 : 0);
    for (size_t i = 2; i < n; i++) {
        uint32_t arc = sk_kwg_arc(nodes[i]);
        nodes[i - 1] = (nodes[i] & ~0x3FFFFFu) | (arc ? arc - 1 : 0);
    }
    *out = nodes;
    *count = n - 1;
    return SK_OK;
}

int sk_leaves_write(sk_buf *out, const sk_leave_entry *entries, size_t n, sk_diag_list *diags)
{
    if (n == 0) {
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET, "no leaves to write");
        return SK_EINVAL;
    }
    if (n > SK_KWG_NODES_MAX - 1) { /* each leave ends at a node of its own at least */
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "%zu leaves: a KLV file holds at most %u", n, SK_KWG_NODES_MAX - 1);
        return SK_ETOOBIG;
    }
    for (size_t i = 0; i < n; i++)
        if (check_entry(&entries[i], i, diags) != SK_OK) return SK_EINVAL;
    sk_tilestrs strs;
    sk_tilestrs_init(&strs, 4);
    uint32_t *nodes = NULL;
    unsigned char *bytes = NULL;
    size_t count = 0;
    int rc = sk_tilestrs_reserve(&strs, n, n * (SK_LEAVE_TILES_MAX + 5));
    for (size_t i = 0; i < n && rc == SK_OK; i++)
        rc = sk_tilestrs_push(&strs, entries[i].tiles, entries[i].len, (uint32_t)i);
    if (rc == SK_OK) rc = sk_tilestrs_sort(&strs);
    if (rc != SK_OK) goto cleanup;
    for (size_t i = 1; i < strs.count; i++)
        if (sk_tilestrs_cmp(&strs, i - 1, i) == 0) {
            uint32_t a = sk_tilestrs_payload(&strs, i - 1), b = sk_tilestrs_payload(&strs, i);
            sk_diag_add(diags, SK_SEV_ERROR, a > b ? a : b, "leaves %u and %u are the same",
                        a < b ? a : b, a > b ? a : b);
            rc = SK_EINVAL;
            goto cleanup;
        }
    rc = build_dawg(&nodes, &count, &strs);
    if (rc == SK_ETOOBIG)
        sk_diag_add(diags, SK_SEV_ERROR, SK_DIAG_NO_OFFSET,
                    "the leaves need more than the %u nodes a KLV file holds", SK_KWG_NODES_MAX);
    if (rc != SK_OK) goto cleanup;
    size_t len = 8 + count * 4 + n * 4;
    rc = SK_ENOMEM;
    bytes = malloc(len);
    if (!bytes) goto cleanup;
    put32(bytes, (uint32_t)count);
    for (size_t i = 0; i < count; i++)
        put32(bytes + 4 + i * 4, nodes[i]);
    unsigned char *v = bytes + 4 + count * 4;
    put32(v, (uint32_t)n);
    for (size_t i = 0; i < n; i++) { /* rank order: the sorted order of the strings */
        uint32_t bits;
        float f = entries[sk_tilestrs_payload(&strs, i)].value;
        memcpy(&bits, &f, sizeof(bits));
        put32(v + 4 + i * 4, bits);
    }
    rc = sk_buf_append(out, (const char *)bytes, len);

cleanup:
    free(bytes);
    free(nodes);
    sk_tilestrs_free(&strs);
    return rc;
}
