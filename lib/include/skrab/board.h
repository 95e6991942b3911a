/* board.h — the board layout: size, premium squares and start square. Immutable once parsed;
 * tiles on the board belong to a position (position.h), not here. Three text formats are read
 * (docs/formats.md, "Boards"): SkraBBKle (`16` then rows of `.` `(n)` `{n}`), CS104 (`x y`,
 * `sx sy`, rows of `.23dt`) and MAGPIE/macondo layouts (`r, c` then rows of ` '"-=^~#`). */
#ifndef SKRAB_BOARD_H
#define SKRAB_BOARD_H

#include <stddef.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/buf.h"
#include "skrab/diag.h"

#define SK_BOARD_MAX 26     /* widest and tallest board */
#define SK_SKRABBKLE_MIN 11 /* SkraBBKle boards are S x S, 11 <= S <= 26 */
#define SK_FACTOR_MIN (-9)  /* premium factors, SkraBBKle format */
#define SK_FACTOR_MAX 99
#define SK_BOARD_FILE_MAX (1u << 20) /* board files larger than 1 MiB are rejected unread */

typedef enum {
    SK_SQ_PLAIN = 0,  /* no premium */
    SK_SQ_LETTER = 1, /* letter factor */
    SK_SQ_WORD = 2,   /* word factor */
    SK_SQ_BLOCKED = 3 /* no tile may be placed (MAGPIE '#') */
} sk_square_kind;

typedef struct {
    signed char kind;   /* sk_square_kind */
    signed char factor; /* SK_FACTOR_MIN..SK_FACTOR_MAX; 1 for plain and blocked squares */
} sk_square;

typedef enum {
    SK_BOARD_FORMAT_AUTO = 0,
    SK_BOARD_FORMAT_SKRABBKLE,
    SK_BOARD_FORMAT_CS104,
    SK_BOARD_FORMAT_MAGPIE
} sk_board_format;

typedef struct {
    int width, height;                              /* 1..SK_BOARD_MAX */
    int start_row, start_col;                       /* 0-based */
    sk_board_format format;                         /* the format it was read from */
    sk_square squares[SK_BOARD_MAX * SK_BOARD_MAX]; /* row-major, index row * width + col */
} sk_board;

/* Parses TEXT[0..LEN) as a board in FORMAT (AUTO: detected from line 1, see sk_board_detect).
 * Every problem is appended to DIAGS (may be NULL); parsing goes on after an error so that all
 * of them are reported. A drawing of a board (sk_board_is_drawing) is one error, whatever the
 * FORMAT. Warnings (CRLF line ends, trailing blank lines) do not fail the parse.
 * Returns SK_OK, SK_EINVAL when any error was found, SK_ETOOBIG past a bound of the format
 * (more than 100,000 lines; DIAGS says so: an invalid file, as for SK_EINVAL) or SK_ENOMEM; OUT
 * is unspecified unless SK_OK. */
SK_API int sk_board_parse(sk_board *out, const char *text, size_t len, sk_board_format format,
                          sk_diag_list *diags);

/* Guesses the format from the first lines (docs/formats.md, "Boards"): line 1 a number and a
 * comma → MAGPIE; line 1 two numbers (then anything), or a number and more text above a line 2
 * of two numbers (the start square) → CS104; anything else → SkraBBKle (whose parser then
 * explains line 1). */
SK_API sk_board_format sk_board_detect(const char *text, size_t len);
/* sk_board_detect, also saying how sure the guess is and why. *CERTAIN (CERTAIN may be NULL)
 * is 1 when line 1 is exactly the first line of the format guessed (the size alone, WIDTH HEIGHT,
 * ROW, COL) or a SkraBBKle row (the size line is missing), else 0. WHY (may be NULL) gets the
 * reason for people, a clause such as "line 1 is two numbers (WIDTH HEIGHT)", always NUL-terminated
 * when WHY_SIZE > 0. */
SK_API sk_board_format sk_board_detect_why(const char *text, size_t len, int *certain, char *why,
                                           size_t why_size);

/* 1 when TEXT looks like a drawing of a board rather than a board file: the text display of
 * sk_board_render_text (its first non-blank line the column letters "a  b  c ...") or the SVG
 * picture of sk_board_render_svg; else 0. No board format accepts either. */
SK_API int sk_board_is_drawing(const char *text, size_t len);

/* "skrabbkle", "cs104", "magpie" (and "auto"); NULL for an unknown value. */
SK_API const char *sk_board_format_name(sk_board_format format);
/* Sets OUT from a name as above. Returns SK_OK or SK_EINVAL. */
SK_API int sk_board_format_from_name(const char *name, sk_board_format *out);

/* Initialises a WIDTH x HEIGHT board of plain squares with the start square at its centre
 * (the top-left of the central squares on even sizes). Returns SK_OK or SK_EINVAL on a bad size. */
SK_API int sk_board_init(sk_board *out, int width, int height);

/* The SkraBBKle centre rule: for size N, the 0-based index (N - 1) / 2. */
SK_API int sk_board_centre_index(int n);

static inline const sk_square *sk_board_square(const sk_board *b, int row, int col)
{
    return &b->squares[row * b->width + col];
}

/* Letter factor of a square (1 unless it is a letter premium). */
static inline int sk_board_letter_factor(const sk_board *b, int row, int col)
{
    const sk_square *s = sk_board_square(b, row, col);
    return s->kind == SK_SQ_LETTER ? s->factor : 1;
}

/* Word factor of a square (1 unless it is a word premium). */
static inline int sk_board_word_factor(const sk_board *b, int row, int col)
{
    const sk_square *s = sk_board_square(b, row, col);
    return s->kind == SK_SQ_WORD ? s->factor : 1;
}

/* Column label: 'a' + col. Writes "h8"-style square names (column letter, then 1-based row)
 * into OUT (at least 4 bytes), for a square of a board: ROW 0..25, COL 0..25 (others get a name
 * that is not theirs). */
SK_API void sk_square_name(int row, int col, char out[4]);

/* Renders the SkraBBKle text display into OUT: column letters above and below, row numbers on
 * both sides, three terminal columns a square (" . ", "(3)", "(12", "{2}", "{-3", "###"
 * blocked). TILES, when not NULL, is WIDTH*HEIGHT sk_tile values (0 = empty; position.h) in
 * ALPHABET (NULL: A..Z), and TILE_SCORES their values (may be NULL: then letters only): a tile
 * shows its label (a blank in lower case), then as many digits of its score as fit in the three
 * columns, counted by display width. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_board_render_text(const sk_board *b, const char *tiles, const int *tile_scores,
                                const sk_alphabet *alphabet, sk_buf *out);

/* Renders an SVG picture of the board: premium squares coloured by kind and factor, negative
 * and zero factors in distinct cool colours, labels on both axes, the start square starred.
 * TILES and ALPHABET as above (TILES may be NULL). Returns SK_OK or SK_ENOMEM. */
SK_API int sk_board_render_svg(const sk_board *b, const char *tiles, const sk_alphabet *alphabet,
                               sk_buf *out);

#endif
