/* cmd_lexicon.h — what the `skrab lexicon` subcommands share (cmd_lexicon_load.c): the
 * alphabet their words are read in (-t TILES, --keep-accents), and the loading of a lexicon by
 * name, path or '-', with its findings printed. */
#ifndef SKRAB_CMD_LEXICON_H
#define SKRAB_CMD_LEXICON_H

#include "cli.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"

#define SK_LEXCMD_TILES_VALUES SK_CLI_TILES_VALUES
#define SK_LEXCMD_TILES_HELP                                                                       \
    "read and write words in the letters of tile set TILES (a name or file)"
#define SK_LEXCMD_KEEP_ACCENTS_HELP                                                                \
    "with -t: a letter the set lacks is not read as its plain letter (é is not E)"

/* The alphabet words are read in: none (A..Z), or a tile set's. */
typedef struct {
    sk_tileset set;
    char name[SK_PATH_MAX + 32]; /* "the polish tile set", for messages */
    int given, keep_accents;
} sk_lexcmd_alphabet;

/* PATH as messages name it: "<stdin>" for '-'. */
const char *sk_lexcmd_shown_name(const char *path);

/* The alphabet for the library: NULL without -t. */
const sk_alphabet *sk_lexcmd_chosen(const sk_lexcmd_alphabet *c);

/* Build options that read words in C's alphabet. */
void sk_lexcmd_reading_options(const sk_lexcmd_alphabet *c, sk_kwg_build_options *opts);

/* Loads the tile set NAME (built in, or a file found as the game commands find one) into C.
 * Returns SK_EXIT_OK, or the status after printing why not. */
int sk_lexcmd_load_alphabet(sk_cli *cli, const char *name, sk_lexcmd_alphabet *c);

/* Loads NAME (CACHE: through the word-list cache), a word list read in alphabet AC (NULL: A..Z);
 * *WAS_WORDLIST (when not NULL) tells whether it was a word list rather than a KWG, and
 * *STATUS_RC is set to the library's code. Returns SK_EXIT_OK, or the status after printing why
 * not. */
int sk_lexcmd_load(sk_cli *cli, const char *name, int cache, const sk_lexcmd_alphabet *ac,
                   sk_lexicon **out, int *was_wordlist, int *status_rc);

#endif
