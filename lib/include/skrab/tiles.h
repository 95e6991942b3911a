/* tiles.h — tile sets (letter distributions): the alphabet of a game and, for the blank and each
 * letter, how many tiles the bag holds and what each scores. Tile numbers are the alphabet's
 * (alphabet.h): 0 = blank, then the letters; a set of ASCII letters numbers them A=1..Z=26 (the
 * KWG convention for English), any other in the order of its file. Read from a CS104 tile file
 * ("C POINTS COUNT" lines), a macondo/MAGPIE letter-distribution CSV, or a built-in name
 * (sk_tileset_builtin_name). */
#ifndef SKRAB_TILES_H
#define SKRAB_TILES_H

#include <stddef.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/diag.h"

#define SK_TILE_BLANK 0
#define SK_TILE_KINDS SK_ALPHABET_MAX /* tile kinds: the size of tables indexed by kind */
#define SK_TILE_COUNT_MAX 1000        /* per letter */
#define SK_TILE_SCORE_MAX 1000        /* per tile */
#define SK_TILES_FILE_MAX (1u << 16)

typedef enum {
    SK_TILES_FORMAT_AUTO = 0,
    SK_TILES_FORMAT_CS104, /* "a 1 9" lines: letter (or ?), points, count */
    SK_TILES_FORMAT_CSV    /* macondo label,count,score,vowel or MAGPIE
                              label,lower,count,score,vowel[,..] */
} sk_tiles_format;

typedef struct {
    sk_alphabet alphabet;                   /* the letters' labels and numbers */
    int count[SK_ALPHABET_MAX];             /* tiles of this kind in a full bag (0: not in set) */
    int score[SK_ALPHABET_MAX];             /* points of one tile; a played blank scores score[0] */
    unsigned char defined[SK_ALPHABET_MAX]; /* 1 if the set lists this kind (even with count 0) */
    unsigned char vowel[SK_ALPHABET_MAX];   /* from the CSV, else A E I O U */
    int total;                              /* sum of count[] */
} sk_tileset;

/* Fills OUT with a built-in set: "skrabbkle" (99 tiles, wildcard 5; docs/rules.md,
 * "The SkraBBKle bag"), "english" (the standard 100 tiles, blanks 0), or the standard set of
 * catalan, dutch, french, german, norwegian, polish, slovene, spanish or swedish. Returns SK_OK
 * or SK_ENOTFOUND. */
SK_API int sk_tileset_builtin(sk_tileset *out, const char *name);

/* The name of built-in set I (0, 1, ...), NULL past the last. */
SK_API const char *sk_tileset_builtin_name(int i);

/* Parses TEXT[0..LEN) in FORMAT (AUTO: a comma on the first non-blank line means CSV). A label is
 * '?' or letters in UTF-8 (at most SK_LABEL_MAX bytes; a set has at most SK_ALPHABET_MAX - 1
 * letters). Reports every problem to DIAGS (may be NULL). Returns SK_OK or SK_EINVAL. */
SK_API int sk_tileset_parse(sk_tileset *out, const char *text, size_t len, sk_tiles_format format,
                            sk_diag_list *diags);

/* Whether the set's letters are A..Z numbered 1..26 (sk_alphabet_is_latin). */
SK_API int sk_tileset_is_latin(const sk_tileset *t);

/* 1..26 for 'A'..'Z' / 'a'..'z', 0 for '?', -1 otherwise. */
SK_API int sk_tile_from_char(char c);

/* Score of TILE, an sk_tile as tile strings hold it (alphabet.h): a letter → its score, a blank
 * played as a letter or unplayed (SK_TILE_WILD) → the blank's score. 0 for a tile not in the
 * set's alphabet (SK_MOVE_UNNAMED among them). */
SK_API int sk_tileset_score_of(const sk_tileset *t, char tile);

#endif
