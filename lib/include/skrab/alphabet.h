/* alphabet.h — the letters a game is played with, and how tiles are written as text.
 *
 * Inside the library a tile is a small number, an sk_tile: 0 is the blank (on a rack) or an
 * empty square (on a board), 1..size-1 a letter, and a letter with SK_TILE_BLANKED set is a blank
 * played as that letter. Outside, a tile is a UTF-8 label: the letter's label ("A", "Ł", "CH",
 * "L·L"), its lower-case label for a blank played as it ("ł", "ch"), "?" for the blank. A label of
 * more than one character is written in square brackets ("[CH]", "[ch]", "[L·L]") wherever tiles
 * follow each other without separators: positions, racks, transcripts, moves. An alphabet comes
 * from the tile set (tiles.h); this module only stores and reads labels.
 *
 * Tile strings: where tiles follow each other inside the library (a rack, the tiles of a move, a
 * word as it lies on the board) they are kept as a char string of sk_tile values ended by 0. No
 * tile in such a string is 0: the blank before it is played is SK_TILE_WILD ("a blank played as
 * no letter yet"). The kind of a tile, the index of the tile set's tables (counts, scores,
 * leaves), is 0 for every blank, played or not, and the letter otherwise (sk_tile_kind). */
#ifndef SKRAB_ALPHABET_H
#define SKRAB_ALPHABET_H

#include <stddef.h>

#include "skrab/api.h"
#include "skrab/buf.h"

#define SK_ALPHABET_MAX 64                   /* kinds, the blank included: letters are 1..63 */
#define SK_TILE_BLANKED 0x40                 /* flag on a letter: a blank played as it */
#define SK_TILE_LETTER 0x3f                  /* mask: the letter of a tile, blanked or not */
#define SK_LABEL_MAX 15                      /* bytes of one label */
#define SK_LABEL_TEXT_MAX (SK_LABEL_MAX + 2) /* bytes of a written tile, brackets included */
#define SK_TILE_WILD SK_TILE_BLANKED         /* the blank not yet played: '?' */

typedef unsigned char sk_tile;

/* The kind of TILE: 0 for a blank (SK_TILE_WILD or a blanked letter), else its letter. */
static inline int sk_tile_kind(sk_tile tile)
{
    return tile & SK_TILE_BLANKED ? 0 : tile;
}

typedef struct {
    int size;                                      /* kinds, the blank included: 1..64 */
    char upper[SK_ALPHABET_MAX][SK_LABEL_MAX + 1]; /* label of each kind; [0] is "?" */
    char lower[SK_ALPHABET_MAX][SK_LABEL_MAX + 1]; /* the kind played as a blank; [0] is "?" */
    unsigned char chars[SK_ALPHABET_MAX];          /* characters in upper: > 1 is bracketed */
    unsigned char width[SK_ALPHABET_MAX];          /* terminal columns of upper */
    /* the tile an ASCII byte reads as when it is a whole label (a letter, or a blanked one for
     * a lower-case label); 0 when it is none */
    unsigned char ascii[128];
    /* the one byte a tile is written as, when its label is one ASCII character (by tile: a
     * letter, a blanked letter, 0 and SK_TILE_WILD the blank); 0 for a longer label */
    char byte[128];
} sk_alphabet;

/* The outcome of reading one tile. */
typedef enum {
    SK_TILE_READ_OK = 0,
    SK_TILE_READ_END,        /* nothing left to read */
    SK_TILE_READ_BAD_UTF8,   /* the byte at the position does not begin a UTF-8 character */
    SK_TILE_READ_UNKNOWN,    /* a character (or bracketed label) that is no tile of the alphabet */
    SK_TILE_READ_UNCLOSED,   /* '[' without its ']' */
    SK_TILE_READ_EMPTY,      /* "[]" */
    SK_TILE_READ_NOT_ALLOWED /* a tile the flags exclude: '?' without SK_READ_BLANK, a blank
                                played as a letter without SK_READ_BLANKED */
} sk_tile_read;

/* Flags of sk_alphabet_read. */
#define SK_READ_BLANK 0x1   /* '?' reads as the blank (SK_TILE_WILD) */
#define SK_READ_BLANKED 0x2 /* a lower-case label reads as a blank played as that letter */
#define SK_READ_FOLD 0x4    /* letters in any case read as the letter (word lists, queries) */
#define SK_READ_GREEDY                                                                             \
    0x8 /* a label of several characters may stand without brackets: the                           \
           longest label that matches is read (word lists) */

/* The blank and A..Z (sk_alphabet_latin) as a constant: what a NULL alphabet stands for. */
SK_API const sk_alphabet *sk_alphabet_default(void);

/* An alphabet of the blank only (size 1). */
SK_API void sk_alphabet_init(sk_alphabet *out);

/* The blank and the letters A..Z, numbered 1..26 (the English alphabet; KWG files number the
 * letters the same way). */
SK_API void sk_alphabet_latin(sk_alphabet *out);

/* Adds a letter whose label is UPPER[0..ULEN) and whose blank form is LOWER[0..LLEN) (LLEN 0:
 * the lower case of UPPER, character by character). Returns its number, or SK_EINVAL for a label
 * that is empty, not UTF-8, or holds an ASCII character other than a letter (a space, a control
 * character, a digit, '/', '?', '[', '.', ...: the text formats give them other meanings), for a
 * blank form the same as the label, or for one already in the alphabet (either form);
 * SK_ETOOBIG when the alphabet is full or a label is longer than SK_LABEL_MAX bytes. */
SK_API int sk_alphabet_add(sk_alphabet *a, const char *upper, size_t ulen, const char *lower,
                           size_t llen);

/* Reads one tile at TEXT[*POS..LEN) into *TILE and advances *POS past it. A label of one
 * character stands alone; a longer one is bracketed ("[CH]") unless FLAGS has SK_READ_GREEDY.
 * Upper-case labels read as letters; see the SK_READ_* flags for the rest. On any outcome but
 * SK_TILE_READ_OK, *POS is left at the tile that could not be read. */
SK_API sk_tile_read sk_alphabet_read(const sk_alphabet *a, const char *text, size_t len,
                                     size_t *pos, int flags, sk_tile *tile);

/* Reads the tiles of TEXT[0..LEN) (all of it) into the tile string OUT, which has room for MAX
 * tiles and its end. Returns the number of tiles, which may be more than MAX (OUT then holds the
 * first MAX); -1 when a tile cannot be read: *AT is then its byte offset and *WHY the outcome. */
SK_API int sk_alphabet_read_tiles(const sk_alphabet *a, const char *text, size_t len, int flags,
                                  char *out, int max, size_t *at, sk_tile_read *why);

/* Says for people why reading a tile at TEXT[AT..LEN) gave WHY, into OUT[0..SIZE): "'é' is not a
 * letter of the tile set", "invalid UTF-8 (byte 0xC3)", "'[' without its ']'", ... */
SK_API void sk_alphabet_read_why(sk_tile_read why, const char *text, size_t len, size_t at,
                                 char *out, size_t size);

/* Writes TILE as text into OUT (NUL-terminated): its label, bracketed when it has more than one
 * character, in lower case when blanked; "?" for the blank (SK_TILE_WILD, or kind 0). Returns the
 * length, 0 for a tile not in the alphabet. */
SK_API size_t sk_alphabet_label(const sk_alphabet *a, sk_tile tile,
                                char out[SK_LABEL_TEXT_MAX + 1]);

/* Writes TILE as sk_alphabet_label does (no NUL) at AT, which has room for SK_LABEL_TEXT_MAX
 * bytes, and returns the end: for writers of many tiles. TILE must be in the alphabet. */
static inline char *sk_alphabet_put(const sk_alphabet *a, sk_tile tile, char *at)
{
    char one = a->byte[tile & 0x7f];
    if (one) {
        *at++ = one;
        return at;
    }
    int k = tile & SK_TILE_LETTER;
    const char *label = tile & SK_TILE_BLANKED ? a->lower[k] : a->upper[k];
    if (a->chars[k] > 1) *at++ = '[';
    while (*label)
        *at++ = *label++;
    if (a->chars[k] > 1) *at++ = ']';
    return at;
}

/* Appends TILE as sk_alphabet_label writes it. */
SK_API void sk_alphabet_write(const sk_alphabet *a, sk_tile tile, sk_buf *out);

/* Writes the tile string TILES into OUT[0..SIZE) (NUL-terminated, cut at a whole tile when it
 * does not fit), each tile as sk_alphabet_label writes it, or, when LETTERS, as the letter it
 * stands for (a blank played as a letter in upper case: a word as people read it). Returns the
 * length. */
SK_API size_t sk_alphabet_text(const sk_alphabet *a, const char *tiles, int letters, char *out,
                               size_t size);

/* Appends the tile string TILES, each tile as sk_alphabet_label writes it. */
SK_API void sk_alphabet_write_tiles(const sk_alphabet *a, const char *tiles, sk_buf *out);

/* Terminal columns of TILE as sk_alphabet_label writes it. */
SK_API int sk_alphabet_width(const sk_alphabet *a, sk_tile tile);

/* Whether the alphabet is the blank and A..Z in order (sk_alphabet_latin). */
SK_API int sk_alphabet_is_latin(const sk_alphabet *a);

#endif
