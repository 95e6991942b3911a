/* validate.h — is a whole position a possible board (docs/commands.md, "skrab validate")? Every run
 * of two or more letters across and down is a word (when LEX is not NULL), all tiles are connected
 * to each other, the start square is covered, no tile stands alone (a single letter is not a word),
 * no tile on a blocked square, and no more tiles of a kind on the board and racks than the bag
 * holds. */
#ifndef SKRAB_VALIDATE_H
#define SKRAB_VALIDATE_H

#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/diag.h"
#include "skrab/lexicon.h"
#include "skrab/position.h"
#include "skrab/tiles.h"

/* Appends one diagnostic (without offset) per problem to DIAGS. Returns SK_OK or SK_EINVAL. */
SK_API int sk_position_validate(const sk_position *pos, const sk_board *board,
                                const sk_tileset *tiles, const sk_lexicon *lex,
                                sk_diag_list *diags);

#endif
