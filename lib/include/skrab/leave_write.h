/* leave_write.h — writing leave values as a KLV2 file (docs/formats.md, "Leave values (KLV)"),
 * the file sk_leaves_load reads back: a DAWG of the leaves (tile 0 the blank) and one f32 value
 * per leave, in the order of the leaves' ranks among the DAWG's words. Not here: reading and
 * looking leaves up (leave.h), learning the values (the `leaves train` command). */
#ifndef SKRAB_LEAVE_WRITE_H
#define SKRAB_LEAVE_WRITE_H

#include <stddef.h>

#include "skrab/api.h"
#include "skrab/buf.h"
#include "skrab/diag.h"
#include "skrab/position.h"

/* The most tiles a leave may hold: a rack less the tile played. */
#define SK_LEAVE_TILES_MAX (SK_RACK_MAX - 1)

/* One leave and its value: LEN tiles (1..SK_LEAVE_TILES_MAX), each a kind (0 the blank, then
 * the letters, at most 63), in ascending order, so that a multiset has one spelling. */
typedef struct {
    unsigned char tiles[SK_LEAVE_TILES_MAX];
    unsigned char len;
    float value;
} sk_leave_entry;

/* Appends the KLV2 file of the N leaves ENTRIES (in any order) to OUT: u32 node count, the
 * DAWG's nodes (node 0 points to the root list; no GADDAG), u32 N, the N values as f32 in the
 * leaves' alphabetical order (a leave before its extensions), all little-endian. Returns SK_OK;
 * SK_EINVAL (with a finding in DIAGS, its offset the entry's index) for an empty or unsorted
 * leave, a tile above 63, a value that is NaN or infinite, a leave given twice, or no leave;
 * SK_ETOOBIG for more leaves than a KWG's nodes can hold; SK_ENOMEM (OUT then as before). */
SK_API int sk_leaves_write(sk_buf *out, const sk_leave_entry *entries, size_t n,
                           sk_diag_list *diags);

#endif
