/* lexicon.h — the word list as a KWG word graph (docs/formats.md, "Compiled lexicons (KWG)";
 * docs/lexicon.md): a minimized DAWG and a
 * GADDAG sharing one array of 32-bit little-endian nodes, byte-compatible with wolges' format.
 * Node 0 points to the DAWG root list, node 1 to the GADDAG root list. Tiles are numbered as in
 * tiles.h: 1..26 = A..Z for English, the alphabet's numbers for any other (alphabet.h); tile 0
 * in the GADDAG is the separator between the reversed part of a word and the rest (CARE is
 * stored as ERAC, RAC@E, AC@RE and C@ARE). A KWG file does not say its alphabet: whoever reads
 * or writes words passes it (NULL: A..Z).
 *
 * Build one from a word list (sk_kwg_build), write it atomically (sk_kwg_write), open a KWG file
 * with one mmap (sk_lexicon_open) or load either form by content (sk_lexicon_load, which caches
 * compiled word lists), then look words up, walk prefixes and the GADDAG, or find anagrams.
 * Not here: which words a move forms (rules), the move generator, Boggle. */
#ifndef SKRAB_LEXICON_H
#define SKRAB_LEXICON_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/buf.h"
#include "skrab/diag.h"
#include "skrab/resource.h"

#define SK_LEXICON_DEFAULT "wordlist"           /* the shipped lexicon: every command's default */
#define SK_WORD_MAX 64                          /* longest word a lexicon may hold (letters) */
#define SK_WORDLIST_FILE_MAX ((size_t)64 << 20) /* word lists larger than 64 MiB are refused */
#define SK_KWG_NODES_MAX 0x400000u              /* the format's 22-bit arc index */
#define SK_KWG_FILE_MAX ((size_t)SK_KWG_NODES_MAX * 4)
#define SK_KWG_SEPARATOR 0 /* GADDAG tile between the reversed prefix and the suffix */
#define SK_KWG_TILE_MAX 63 /* tiles above 26 may appear in other alphabets' files */

/* ---- nodes ------------------------------------------------------------------------------------
 * A node is one uint32_t in host order: tile in bits 31..24, accepts (a word ends after this
 * tile) bit 23, is_end (last sibling) bit 22, arc (index of the first child, 0 = none) bits
 * 21..0. Siblings are contiguous and sorted by tile; a "list" is the index of the first one. */
static inline unsigned sk_kwg_tile(uint32_t node)
{
    return node >> 24;
}
static inline int sk_kwg_accepts(uint32_t node)
{
    return (node >> 23) & 1;
}
static inline int sk_kwg_is_end(uint32_t node)
{
    return (node >> 22) & 1;
}
static inline uint32_t sk_kwg_arc(uint32_t node)
{
    return node & 0x3FFFFFu;
}

/* Returns the index of the node for TILE in the sibling list starting at LIST, or 0 when the
 * list has no such tile (or LIST is 0). Index 0 is never a sibling, so 0 means "absent". */
static inline uint32_t sk_kwg_find(const uint32_t *nodes, uint32_t list, unsigned tile)
{
    if (list == 0) return 0;
    for (uint32_t i = list;; i++) {
        uint32_t node = nodes[i];
        unsigned t = sk_kwg_tile(node);
        if (t == tile) return i;
        if (t > tile || sk_kwg_is_end(node)) return 0;
    }
}

/* Sets *TILES to the set of tiles in the list starting at LIST (bit t for tile t) and
 * *ACCEPTING to those whose node accepts; both 0 for LIST 0. For cross-checks: the letters that
 * may follow a prefix, and those that complete a word. */
static inline void sk_kwg_list_sets(const uint32_t *nodes, uint32_t list, uint64_t *tiles,
                                    uint64_t *accepting)
{
    uint64_t t = 0, a = 0;
    for (uint32_t i = list; i != 0; i++) {
        uint32_t node = nodes[i];
        uint64_t bit = (uint64_t)1 << (sk_kwg_tile(node) & 63);
        t |= bit;
        if (sk_kwg_accepts(node)) a |= bit;
        if (sk_kwg_is_end(node)) break;
    }
    *tiles = t;
    *accepting = a;
}

/* ---- building ---------------------------------------------------------------------------------*/
typedef enum {
    SK_KWG_STAGE_READ,   /* reading the word list */
    SK_KWG_STAGE_SORT,   /* sorting it (skipped when already sorted) */
    SK_KWG_STAGE_DAWG,   /* the DAWG */
    SK_KWG_STAGE_GADDAG, /* the GADDAG */
    SK_KWG_STAGE_LAYOUT, /* placing nodes */
    SK_KWG_STAGE_DONE
} sk_kwg_stage;

typedef struct {
    int skip_invalid; /* 1: a word with a character outside A-Z (or too long) is a warning and
                         is left out; 0: it is an error and the build fails. Other alphabets
                         always skip such a word with a warning (see ALPHABET). */
    /* Called at the start of each stage and now and then within one (DONE of TOTAL); may be
     * NULL. For progress displays only. */
    void (*progress)(void *ctx, sk_kwg_stage stage, size_t done, size_t total);
    void *progress_ctx;
    /* The alphabet of the words and of the KWG's tile numbers. NULL or sk_alphabet_latin, without
     * FOLD_ACCENTS: the letters A-Z (ASCII, any case), numbered 1..26, read as they always
     * were. Otherwise each word is read with sk_word_read (labels of several characters without
     * brackets, longest first: "chico" is [CH] I C O); a word holding a character that is no
     * letter of the alphabet is left out with a warning, whatever SKIP_INVALID says; bytes that
     * are not UTF-8 are an error. */
    const sk_alphabet *alphabet;
    const char *alphabet_name; /* how warnings name it ("the polish tile set"); NULL: "the
                                  alphabet" */
    int fold_accents; /* 1: read with SK_WORD_FOLD_ACCENTS (é as E where É is no letter) */
} sk_kwg_build_options;

typedef struct {
    size_t lines;      /* lines read */
    size_t words;      /* distinct words compiled */
    size_t duplicates; /* repeated words merged (case-insensitive) */
    size_t skipped;    /* one-letter words and, with skip_invalid, invalid words left out */
    size_t states;     /* distinct graph states before layout */
    size_t nodes;      /* nodes in the KWG, including the two root pointers */
    int dawg_only;     /* 1: the GADDAG did not fit, and the KWG holds the DAWG only (a warning
                          says so; sk_lexicon_has_gaddag is 0 for it) */
} sk_kwg_build_stats;

/* Compiles a word list (docs/formats.md, "Word lists": one word a line, any case, leading and
 * trailing whitespace ignored, blank lines and lines starting with '#' skipped, the last line may
 * lack a newline, duplicates merged; single letters are not words and are skipped with a warning)
 * into KWG nodes: *OUT (malloc'd, host order, free with free()) holds *COUNT nodes. OPTS and STATS
 * may be NULL. Problems go to DIAGS with byte offsets into TEXT. A list whose DAWG and GADDAG
 * need more than SK_KWG_NODES_MAX nodes is written as its DAWG alone, with a warning and
 * STATS->dawg_only set (docs/lexicon.md, "Other languages"). Returns SK_OK, SK_EINVAL (the list
 * has errors; nothing is built), SK_ETOOBIG (even the DAWG needs more than SK_KWG_NODES_MAX
 * nodes) or SK_ENOMEM. */
SK_API int sk_kwg_build(uint32_t **out, size_t *count, const char *text, size_t len,
                        const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                        sk_diag_list *diags);

/* Writes COUNT nodes to PATH as a little-endian KWG file, atomically: a temporary file in the
 * same directory renamed over PATH, so PATH is never half-written. An existing PATH that is not
 * a regular file (/dev/null, a FIFO) is written directly. Returns SK_OK or SK_EIO (errno set). */
SK_API int sk_kwg_write(const char *path, const uint32_t *nodes, size_t count);

/* 1 if DATA looks like a KWG rather than a text word list (its first node is a root pointer:
 * tile 0 with the is_end bit; no text has a NUL byte there), else 0. Says nothing of validity. */
SK_API int sk_kwg_detect(const void *data, size_t len);

/* Checks that DATA[0..LEN) is a usable KWG: LEN a non-zero multiple of 4 and at most
 * SK_KWG_FILE_MAX, node 0 a root pointer, every arc inside the file, the last node ending its
 * list, and no cycle reachable from the roots. Problems go to DIAGS (no offsets; messages name
 * the node index). Returns SK_OK or SK_EINVAL; SK_ENOMEM when the cycle check cannot allocate. */
SK_API int sk_kwg_validate(const void *data, size_t len, sk_diag_list *diags);

/* ---- lexicons -------------------------------------------------------------------------------- */
typedef struct sk_lexicon sk_lexicon;

/* Opens the KWG file at PATH with one read-only mmap (a pipe is read instead) and validates it.
 * *OUT is released with sk_lexicon_free. Returns SK_OK, SK_ENOTFOUND, SK_EIO, SK_ENOTREG (a
 * directory, a device: neither a regular file nor a pipe), SK_EINVAL (not a valid KWG; DIAGS
 * says why), SK_ETOOBIG, SK_ENOMEM. */
SK_API int sk_lexicon_open(sk_lexicon **out, const char *path, sk_diag_list *diags);

/* Validates DATA as a KWG and makes a lexicon of a copy of it. Returns as sk_kwg_validate. */
SK_API int sk_lexicon_from_kwg(sk_lexicon **out, const void *data, size_t len, sk_diag_list *diags);

/* Compiles a word list in memory; returns as sk_kwg_build. */
SK_API int sk_lexicon_from_wordlist(sk_lexicon **out, const char *text, size_t len,
                                    const sk_kwg_build_options *opts, sk_kwg_build_stats *stats,
                                    sk_diag_list *diags);

/* Takes ownership of NODES[0..COUNT) (malloc'd, host order, as sk_kwg_build makes) without
 * checking them; on failure NODES is freed. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_lexicon_adopt(sk_lexicon **out, uint32_t *nodes, size_t count);

/* Loads PATH, a KWG or a word list told apart by content. A word list is compiled with OPTS
 * (may be NULL; its alphabet, alphabet_name, fold_accents and skip_invalid are used); when
 * CACHE_DIR is not NULL the result is kept there as an entry named by a hash of the content and
 * of how it is read (the alphabet's labels and the options: a Polish build of a list is never
 * served for an English one), written atomically, the directory created as needed, failures to
 * cache ignored; later loads of the same content read the same way mmap that entry instead,
 * once its checksum and the KWG checks pass (an entry that fails them is compiled again and
 * replaced: docs/lexicon.md, "The cache of compiled word lists"). When TEXT is not NULL and the
 * list had to be compiled, TEXT receives its content, so diagnostic offsets can be turned into
 * lines (a cache hit leaves it empty: there is nothing to report). Returns as sk_lexicon_open and
 * sk_kwg_build. */
SK_API int sk_lexicon_load(sk_lexicon **out, const char *path, const char *cache_dir,
                           const sk_kwg_build_options *opts, sk_buf *text, sk_diag_list *diags);

/* Resolves a lexicon NAME or path (resource.h) to a file: NAME.kwg, or NAME.txt when there is no
 * compiled form or the NAME.txt beside it is newer: a compiled form is used only when it is up to
 * date (docs/commands.md, "Named resources and the data directories"). Returns SK_OK, SK_ENOTFOUND
 * or SK_ETOOBIG. */
SK_API int sk_lexicon_find(const sk_datadirs *dirs, const char *name, char *out, size_t outsz);

/* Writes the cache directory for compiled word lists into OUT: XDG_CACHE_HOME/skrab when
 * XDG_CACHE_HOME (passed by the caller) is an absolute path, else HOME/.cache/skrab. Returns
 * SK_OK, or SK_ENOTFOUND when neither is usable, SK_ETOOBIG when it does not fit. */
SK_API int sk_lexicon_cache_dir(const char *xdg_cache_home, const char *home, char *out,
                                size_t outsz);

SK_API void sk_lexicon_free(sk_lexicon *lex);

/* Writes the lexicon's KWG to PATH (see sk_kwg_write). */
SK_API int sk_lexicon_save(const sk_lexicon *lex, const char *path);

/* The nodes (host order) and their number; borrowed, valid until sk_lexicon_free. */
SK_API const uint32_t *sk_lexicon_nodes(const sk_lexicon *lex);
SK_API size_t sk_lexicon_node_count(const sk_lexicon *lex);
/* The first node of the DAWG root list (0 for an empty lexicon). */
SK_API uint32_t sk_lexicon_dawg_root(const sk_lexicon *lex);
/* The first node of the GADDAG root list; 0 for a DAWG-only file or an empty lexicon. */
SK_API uint32_t sk_lexicon_gaddag_root(const sk_lexicon *lex);
/* 1 if the file has a GADDAG part (node 1 is a root pointer to a list, or the lexicon is
 * empty), else 0: a DAWG-only file, which serves lookups but not move generation. */
SK_API int sk_lexicon_has_gaddag(const sk_lexicon *lex);
/* The highest tile any node holds (0..63; 0 for an empty lexicon). A KWG does not say its
 * alphabet, but a tile set whose letters stop below this tile is not the lexicon's: the game
 * loader refuses the pair (docs/formats.md, "Compiled lexicons (KWG)"). */
SK_API unsigned sk_lexicon_max_tile(const sk_lexicon *lex);

/* ---- queries --------------------------------------------------------------------------------- */
/* Converts WORD[0..LEN) (letters, any case) to tiles in OUT[0..LEN). Returns SK_OK, or SK_EINVAL
 * when a character is not a letter A-Z or LEN exceeds SK_WORD_MAX. */
SK_API int sk_word_to_tiles(const char *word, size_t len, unsigned char *out);

/* Flag of sk_word_read: a character that is no letter of the alphabet reads as its letters
 * without accents when those are letters of it: é as E, ß as SS, œ as OE (Latin-1 and Latin
 * Extended-A; the way French, Spanish or German players write words with such characters). */
#define SK_WORD_FOLD_ACCENTS 0x1

/* Reads WORD[0..LEN) in alphabet A into OUT and sets *COUNT to the number of its tiles. Each
 * tile is read as sk_alphabet_read(SK_READ_GREEDY | SK_READ_FOLD) reads it, so labels of several
 * characters may stand without brackets, longest first ("chico" and "[CH]ico" are [CH] I C O),
 * in any case; A NULL is sk_alphabet_latin. FLAGS: SK_WORD_FOLD_ACCENTS or 0; a Latin alphabet
 * without it reads exactly as sk_word_to_tiles (ASCII A-Z only). Returns SK_OK; SK_EINVAL when a
 * character is no letter or not UTF-8 (*COUNT is then the byte offset of it); SK_ETOOBIG for more
 * than SK_WORD_MAX tiles. */
SK_API int sk_word_read(const sk_alphabet *a, int flags, const char *word, size_t len,
                        unsigned char out[SK_WORD_MAX], size_t *count);

/* 1 if WORD[0..LEN) (in alphabet A, read as sk_word_read without flags; NULL: letters A-Z, any
 * case) is in the lexicon, else 0. Words shorter than two tiles, longer than SK_WORD_MAX or with
 * other characters are never words. */
SK_API int sk_lexicon_contains(const sk_lexicon *lex, const sk_alphabet *a, const char *word,
                               size_t len);
/* The same for tiles 1..26. */
SK_API int sk_lexicon_contains_tiles(const sk_lexicon *lex, const unsigned char *tiles, size_t len);

/* Follows TILES[0..LEN) from the list LIST (the DAWG root for prefixes): returns the index of
 * the node of the last tile, or 0 when the path leaves the graph (or LEN is 0). The node's
 * sk_kwg_accepts says whether the path is a word; its sk_kwg_arc is the list of what follows.
 * In the GADDAG, pass the reversed part, SK_KWG_SEPARATOR, then the rest. */
SK_API uint32_t sk_lexicon_walk(const sk_lexicon *lex, uint32_t list, const unsigned char *tiles,
                                size_t len);

/* Called once per word found; WORD is NUL-terminated, written tile by tile with
 * sk_alphabet_write (labels in upper case, bracketed when of several characters: "[CH]ICO";
 * blanks in lower case in anagram results: "[ch]ICO"), except that a tile of one character is
 * bracketed where sk_word_read would read it and what follows as a longer label ("PLA[C]HAN"
 * for P L A C H A N in Spanish), so that the text reads back to the same tiles; borrowed.
 * Returning non-zero stops the search. */
typedef int (*sk_word_fn)(void *ctx, const char *word, size_t len);

#define SK_ANAGRAM_EXACT 1 /* only words that use every tile of the rack */

/* Finds the words that can be made from RACK[0..LEN) (tiles of alphabet A, any case, '?' = blank;
 * labels of several characters with or without brackets, as sk_word_read; NULL: letters A-Z and
 * '?'), in tile order, each once, at least MIN_LEN tiles (values below 2 mean 2). A letter the
 * rack holds is used before a blank, so a blank is shown (lowercase) only where needed, as far
 * right as possible. Returns SK_OK, SK_EINVAL (a character other than a tile or '?', or more
 * than SK_WORD_MAX tiles), or 1 when FN stopped the search. */
SK_API int sk_lexicon_anagram(const sk_lexicon *lex, const sk_alphabet *a, const char *rack,
                              size_t len, int flags, int min_len, sk_word_fn fn, void *ctx);

/* Calls FN for every word of the DAWG in tile order, written in alphabet A (NULL: A..Z; a tile
 * the alphabet lacks is written '?'; words longer than SK_WORD_MAX in a foreign file are not
 * reported). Returns SK_OK, or 1 when FN stopped it. */
SK_API int sk_lexicon_foreach_word(const sk_lexicon *lex, const sk_alphabet *a, sk_word_fn fn,
                                   void *ctx);

typedef struct {
    uint64_t words; /* words in the DAWG (saturates at UINT64_MAX for crafted files) */
    size_t nodes;   /* nodes in the file, root pointers included */
    size_t bytes;   /* nodes * 4 */
    int has_gaddag;
} sk_lexicon_info;

/* Fills OUT. Counting words visits every node once. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_lexicon_get_info(const sk_lexicon *lex, sk_lexicon_info *out);

#endif
