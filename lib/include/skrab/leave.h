/* leave.h — what the tiles kept on the rack are worth, for ranking moves by equity = score + leave
 * value. Either a KLV/KLV2 file (docs/formats.md, "Leave values (KLV)": a DAWG of leaves, blank =
 * tile 0, each leave valued by its rank among the DAWG's words; i16 /256 or f32 values), or the
 * built-in heuristic below when no file is given. */
#ifndef SKRAB_LEAVE_H
#define SKRAB_LEAVE_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/diag.h"
#include "skrab/tiles.h"

typedef struct sk_leaves sk_leaves;

/* Loads a .klv or .klv2 file (a regular file is mapped; on a little-endian host a KLV2 file's
 * values are read in place, the map kept until sk_leaves_free). Returns SK_OK, SK_ENOTFOUND,
 * SK_EIO, SK_ENOTREG (a directory, a device), SK_EINVAL (malformed: DIAGS says why), SK_ENOMEM.
 * Free with sk_leaves_free. */
SK_API int sk_leaves_load(sk_leaves **out, const char *path, sk_diag_list *diags);
/* Makes a leave table from the bytes of a KLV/KLV2 file. */
SK_API int sk_leaves_from_bytes(sk_leaves **out, const void *data, size_t len, sk_diag_list *diags);
SK_API void sk_leaves_free(sk_leaves *leaves);

/* The highest tile a leave of LEAVES holds (0 for NULL or none). Tiles are the kinds of the
 * game's tile set (0 the blank), which a KLV does not name, as a KWG does not. */
SK_API unsigned sk_leaves_max_tile(const sk_leaves *leaves);
/* 1 when every tile of LEAVES (NULL: the heuristic) is a letter of TILES or the blank; else 0,
 * with a reason for people in WHY[WHY_SIZE] ("the leaves hold tile 32, but the tile set has
 * letters 1..26: leaves of another alphabet?"). Leaves that do not fit are safe to use (a tile
 * no rack holds is never looked up) but value nothing of the game's racks; a caller refuses
 * them as the game loader refuses such a lexicon. */
SK_API int sk_leaves_fit(const sk_leaves *leaves, const sk_tileset *tiles, char *why,
                         size_t why_size);

/* The leaves to rank by in a game of tile set TILES: LEAVES when given; NULL (the built-in
 * heuristic of the letters A..Z) for a set of A..Z; else the flat heuristic, which values the
 * blank and repeated copies alone (the letters' worths of one language say nothing of another's
 * numbering). Never to be freed. */
SK_API const sk_leaves *sk_leaves_for(const sk_leaves *leaves, const sk_tileset *tiles);

/* The value of keeping LEAVE (a tile string, alphabet.h; any order). With LEAVES NULL, the built-in
 * heuristic: per tile (blank +20, S +8, E +3, R +2, A N T +1, ... Q -7, V -5), -4 for each
 * repeated copy of a letter, -2 for each step the vowel/consonant split is off by more than
 * one; with the flat heuristic (sk_leaves_for), +20 a blank and -4 each repeated copy. An empty
 * leave is worth 0. */
SK_API double sk_leave_value(const sk_leaves *leaves, const char *leave);
/* sk_leave_value of the N tiles TILES (kinds: 0 the blank, then the letters), in ascending order:
 * for a caller that values many leaves (the move generator values every leave of a rack). */
SK_API double sk_leave_value_tiles(const sk_leaves *leaves, const unsigned char *tiles, int n);

/* The values of every sub-multiset of a rack at once, for the move generator: the rack holds
 * COUNTS[t] tiles of kind t (NKINDS kinds, 0 the blank), and OUT[sum of kept[t] * RADIX[t]]
 * receives the value of keeping kept[t] <= COUNTS[t] of each kind (OUT must hold the product of
 * COUNTS[t] + 1 entries; each is written). Equal to sk_leave_value_tiles of each sub-multiset,
 * found in one walk of the leave file's DAWG instead of one lookup each. Returns 1 when done; 0,
 * writing nothing, when LEAVES is not a file (NULL or the flat heuristic): the caller values the
 * leaves one by one. */
SK_API int sk_leave_values_of_rack(const sk_leaves *leaves, const int *counts, int nkinds,
                                   const int *radix, float *out);

#endif
