/* move.h — moves as written by people and programs, in the three notations of docs/formats.md
 * ("Moves"), read into one struct and written back out. This module knows only the notation: which
 * squares a move covers, and which tiles it places, is decided against a board by rules.h.
 *   SkraBBKle  "DINT,h6" (column then row: down), "ANCE,6i" (row then column: across), ","
 *              pass; WORD is the tiles placed, lowercase = a wildcard.
 *   GCG        "8G UNPItIED" (row first: across), "G8 ..." (column first: down); PLAY is the
 *              whole word, tiles already on the board as themselves, '.', or inside "( )";
 *              "-" pass, "-ABC" exchange, "-3" exchange of 3 unnamed tiles.
 *   CS104      "PLACE - 5 1 POE?MON" ('-' across, '|' down, 1-based row and column, "?x" a blank
 *              as x), "EXCHANGE aa?", "PASS"; keywords in any case. */
#ifndef SKRAB_MOVE_H
#define SKRAB_MOVE_H

#include <stddef.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/buf.h"

#define SK_MOVE_TEXT_MAX 256         /* longer move lines are rejected */
#define SK_MOVE_TILES_MAX 26         /* longest play: a whole row of the largest board */
#define SK_MOVE_UNNAMED ((char)0x80) /* in a GCG word: a tile on the board, not named ('.') */

typedef enum { SK_MOVE_PLACE = 0, SK_MOVE_EXCHANGE, SK_MOVE_PASS } sk_move_kind;
typedef enum { SK_NOTATION_SKRABBKLE = 0, SK_NOTATION_GCG, SK_NOTATION_CS104 } sk_notation;
typedef enum { SK_ACROSS = 0, SK_DOWN = 1 } sk_direction;

typedef struct {
    sk_move_kind kind;
    sk_notation notation;
    sk_direction dir;
    int row, col; /* 0-based: the first placed tile (SkraBBKle, CS104) or the word's first
                     square (GCG) */
    /* A tile string (alphabet.h). SkraBBKle and CS104: the placed tiles in order (blanks
     * played as letters have SK_TILE_BLANKED). GCG: the whole word; SK_MOVE_UNNAMED where the
     * notation says "a tile already on the board" ('.') without naming it. */
    char tiles[SK_MOVE_TILES_MAX + 1];
    int ntiles;
    /* GCG only: 1 where the notation marks the square as already occupied ('.' or "( )");
     * 0 for a bare letter (placed, or — Quackle style — on the board: the board decides). */
    unsigned char through[SK_MOVE_TILES_MAX];
    /* Exchanges: the tiles (a tile string; SK_TILE_WILD for '?'), or "" with exchange_count for
     * a blind "-3". */
    char exchange[SK_MOVE_TILES_MAX + 1];
    int exchange_count;
} sk_move;

/* Reads one move in any notation (detected), its tiles in ALPHABET (NULL: A..Z). On failure
 * returns SK_EINVAL and writes a reason for people into WHY[WHY_SIZE] ("expected WORD,SQUARE
 * ..."). Leading and trailing whitespace is ignored. */
SK_API int sk_move_parse(sk_move *out, const char *text, size_t len, const sk_alphabet *alphabet,
                         char *why, size_t why_size);

/* "skrabbkle", "gcg", "cs104". */
SK_API const char *sk_notation_name(sk_notation notation);
/* "place", "exchange", "pass". */
SK_API const char *sk_move_kind_name(sk_move_kind kind);

/* Appends the square in GCG coordinates: "8G" across, "G8" down. */
SK_API void sk_move_write_gcg_square(sk_buf *out, int row, int col, sk_direction dir);
/* Appends the square as SkraBBKle writes it: "h6" down, "6h" across. */
SK_API void sk_move_write_skrabbkle_square(sk_buf *out, int row, int col, sk_direction dir);

/* Appends what the notation alone says, in the move's own notation normalised (no board is
 * needed): "DINT,h6", "8G UNP.TIED", "8G UNP(IT)IED", "PLACE | 6 8 DINT", "-", "-ABC", "PASS".
 * sk_move_parse reads it back to the same move. */
SK_API void sk_move_write_normalised(sk_buf *out, const sk_move *move, const sk_alphabet *alphabet);

#endif
