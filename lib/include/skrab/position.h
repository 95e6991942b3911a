/* position.h — a game position: the tiles on the board, the players' racks and scores, the count of
 * consecutive scoreless turns, and CGP ops (docs/formats.md, "Positions (CGP)"). Read from and
 * written to one CGP line. The layout (premiums), the tile set and the lexicon named by the ops are
 * loaded by the caller; this module only stores the names. */
#ifndef SKRAB_POSITION_H
#define SKRAB_POSITION_H

#include <stddef.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/buf.h"
#include "skrab/diag.h"

#define SK_PLAYERS_MAX 8
#define SK_RACK_MAX 20 /* tiles on one rack */
#define SK_CGP_OPS_MAX 24
#define SK_CGP_OP_ARG_MAX 240
#define SK_CGP_LINE_MAX 8192    /* longer lines are rejected */
#define SK_CGP_ZEROS_MAX 999999 /* the zero-turn count: a game step keeps it there */

typedef struct {
    char code[16];
    char arg[SK_CGP_OP_ARG_MAX]; /* "" for an op without operand */
} sk_cgp_op;

typedef struct {
    int width, height;
    /* tiles[row * width + col]: 0 empty, else an sk_tile (alphabet.h): a letter, or a blank
     * played as one (SK_TILE_BLANKED set) */
    char tiles[SK_BOARD_MAX * SK_BOARD_MAX];
    int nplayers; /* 1..SK_PLAYERS_MAX; player 0 is to move */
    /* tile strings (alphabet.h): letters and SK_TILE_WILD; "" = unknown */
    char racks[SK_PLAYERS_MAX][SK_RACK_MAX + 1];
    int scores[SK_PLAYERS_MAX];
    int zeros; /* consecutive scoreless turns */
    int nops;
    sk_cgp_op ops[SK_CGP_OPS_MAX]; /* in the order read; unknown ones kept as they were */
} sk_position;

/* An empty WIDTH x HEIGHT board, two players with unknown racks and no score, no ops. */
SK_API void sk_position_init(sk_position *out, int width, int height);

/* Parses one CGP line (no newline), its tiles in ALPHABET (NULL: A..Z; labels of more than one
 * character bracketed, "[CH]"). Every problem goes to DIAGS with its byte offset in LINE. Returns
 * SK_OK, SK_EINVAL or SK_ETOOBIG (a line longer than SK_CGP_LINE_MAX). */
SK_API int sk_position_parse_cgp(sk_position *out, const char *line, size_t len,
                                 const sk_alphabet *alphabet, sk_diag_list *diags);

/* Reads only the ops of a CGP line into OUT (its tiles left empty), silently: the ops name the
 * tile set, whose alphabet sk_position_parse_cgp needs. */
SK_API void sk_position_parse_cgp_ops(sk_position *out, const char *line, size_t len);

/* Appends the CGP line (no newline), tiles in ALPHABET (NULL: A..Z): maximal runs of empty
 * squares, ops in their order. */
SK_API void sk_position_write_cgp(const sk_position *pos, const sk_alphabet *alphabet, sk_buf *out);

/* The operand of op CODE, or NULL when the position has no such op. */
SK_API const char *sk_position_op(const sk_position *pos, const char *code);
/* Sets op CODE to ARG (replacing it where it stands, else appending). Returns SK_OK,
 * SK_ETOOBIG when there is no room or ARG is too long, or SK_EINVAL when a CGP line could not
 * hold the op: CODE empty or with a blank or ';', ARG with a ';' or a line break. */
SK_API int sk_position_set_op(sk_position *pos, const char *code, const char *arg);
/* Removes every op CODE, keeping the others in their order. */
SK_API void sk_position_remove_op(sk_position *pos, const char *code);

/* Tile at (ROW, COL), 0 when empty. */
static inline char sk_position_tile(const sk_position *pos, int row, int col)
{
    return pos->tiles[row * pos->width + col];
}

/* Number of tiles on the board. */
SK_API int sk_position_tile_count(const sk_position *pos);

#endif
