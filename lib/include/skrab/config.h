/* config.h — the CS104 game configuration file (docs/formats.md, "Game configuration (CS104)"):
 * lines "KEY: value" with the keys HANDSIZE, TILES, DICTIONARY, BOARD, SEED, in any order, blank
 * lines allowed, extra spaces after the colon allowed. Paths are kept as written; resolve them with
 * sk_path_relative_to against the config file's own path. */
#ifndef SKRAB_CONFIG_H
#define SKRAB_CONFIG_H

#include <stddef.h>

#include "skrab/api.h"
#include "skrab/diag.h"
#include "skrab/resource.h"

#define SK_CONFIG_FILE_MAX (1u << 16)
#define SK_HANDSIZE_MAX 20

typedef struct {
    int handsize; /* 1..SK_HANDSIZE_MAX; 7 when absent */
    unsigned long seed;
    int has_seed;
    char tiles[SK_PATH_MAX];                              /* "" when absent */
    char dictionary[SK_PATH_MAX];                         /* "" when absent */
    char board[SK_PATH_MAX];                              /* "" when absent */
    size_t tiles_offset, dictionary_offset, board_offset; /* where each value starts, for diags */
} sk_config;

/* Parses a configuration text. Reports unknown keys, duplicate keys, missing required keys
 * (TILES, DICTIONARY, BOARD), a HANDSIZE or SEED that is not a number in range, lines without a
 * colon. Returns SK_OK or SK_EINVAL. */
SK_API int sk_config_parse(sk_config *out, const char *text, size_t len, sk_diag_list *diags);

/* 1 if TEXT looks like a configuration file (its first non-blank line starts with one of the
 * five keys and a colon), else 0. */
SK_API int sk_config_detect(const char *text, size_t len);

#endif
