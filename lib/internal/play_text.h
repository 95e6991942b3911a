/* play_text.h — what the writer of moves reads of a move (lib/play_write.c), so that a resolved
 * play (sk_play) and a generated move (sk_gen_move) are written by the same code without being
 * copied into one another. Internal: not installed. */
#ifndef SKRAB_INTERNAL_PLAY_TEXT_H
#define SKRAB_INTERNAL_PLAY_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/rules.h"

typedef struct {
    sk_move_kind kind;
    sk_direction dir;
    /* GCG: the main word as on the board after the move (a tile string), its first square,
     * and which of its squares the move fills (bit i: square i) */
    const char *word;
    int len, row, col;
    uint32_t placed;
    /* SkraBBKle and CS104: the placed tiles in board order and the first one's square */
    const char *tiles;
    int ntiles, tile_row, tile_col;
    /* exchanges: the tiles, or "" with the count for a blind exchange */
    const char *exchange;
    int exchange_count;
} sk_play_text;

/* Bytes sk_play_text_format may write, the NUL included: "PLACE - 26 26 " and a blank's "?" and
 * label (SK_LABEL_TEXT_MAX bytes) for each tile of the longest play, or an exchange. */
#define SK_PLAY_TEXT_MAX 512
_Static_assert(SK_PLAY_TEXT_MAX >= 16 + SK_MOVE_TILES_MAX * (1 + SK_LABEL_TEXT_MAX),
               "the longest move fits");

/* Writes T in STYLE, its tiles in ALPHABET, into OUT (SK_PLAY_TEXT_MAX bytes), NUL-terminated,
 * as sk_play_write documents it (rules.h). Returns the length. */
size_t sk_play_text_format(const sk_play_text *t, sk_play_style style, const sk_alphabet *alphabet,
                           char *out);

#endif
