/* cmd_suggest.h — what `skrab suggest` (cmd_suggest.c) shares with its writer of move lines
 * (cmd_suggest_write.c). */
#ifndef SKRAB_CMD_SUGGEST_H
#define SKRAB_CMD_SUGGEST_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/buf.h"
#include "skrab/movegen.h"
#include "skrab/position.h"

/* How the moves of an answer are written (docs/commands.md, "skrab suggest"). */
typedef struct {
    sk_play_style notation;
    int json;    /* one JSON object a move, else one text line */
    int verbose; /* text: the leave and the equity too */
} sk_suggest_style;

/* Appends N moves of LIST, made on POS (line LINE of the input) from player 0's rack, as STYLE
 * says: LIST->moves[ORDER[0]], [ORDER[1]] ... or, when ORDER is NULL, the first N. */
void sk_suggest_write_moves(const sk_suggest_style *style, const sk_position *pos, int line,
                            const sk_move_list *list, const uint32_t *order, size_t n, sk_buf *out);

/* Appends V with two decimals, exactly as "%.2f" writes it. */
void sk_suggest_put_fixed2(sk_buf *out, float v);

#endif
