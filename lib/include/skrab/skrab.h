/* skrab.h — all of libskrab in one include: every public header of the library. Build against
 * it with `pkg-config --cflags --libs skrab`. The library's conventions (errors, ownership,
 * bounds) are in docs/CONVENTIONS.md; the formats it reads are in docs/formats.md.
 *
 * Checking one move in a classic position, on the data installed with skrab (with <stdio.h>,
 * <stdlib.h> and <string.h>; every call returns SK_OK here, so the checks are left out):
 *
 *     const char *cgp = "15/15/15/15/7C7/7A7/7K7/7E7/15/15/15/15/15/15/15 POE?ONS/ 0/20 0";
 *     sk_position pos;
 *     sk_position_parse_cgp(&pos, cgp, strlen(cgp), NULL); // tiles, racks, scores
 *     sk_datadirs dirs;
 *     sk_datadirs_init(&dirs, getenv("SKRAB_DATA"), NULL); // where the named data files are
 *     char path[SK_PATH_MAX], why[200];
 *     sk_buf text;
 *     sk_buf_init(&text);
 *     sk_board board;
 *     sk_resource_find(&dirs, SK_RES_BOARD, "CrosswordGame", path, sizeof(path));
 *     sk_buf_read_file(&text, path, SK_BOARD_FILE_MAX);
 *     sk_board_parse(&board, text.data, text.len, SK_BOARD_FORMAT_AUTO, NULL);
 *     sk_tileset tiles;
 *     sk_tileset_builtin(&tiles, "english");
 *     sk_lexicon *lex;
 *     sk_lexicon_find(&dirs, "wordlist", path, sizeof(path));
 *     sk_lexicon_load(&lex, path, NULL, NULL, NULL);
 *     sk_rules rules;
 *     sk_rules_init(&rules, SK_RULES_CLASSIC, &board, &tiles, lex);
 *     sk_move move;
 *     sk_play play;
 *     sk_move_parse(&move, "9H SPOON", strlen("9H SPOON"), why, sizeof(why));
 *     if (sk_rules_check(&rules, &pos, &move, -1, &play, why, sizeof(why)) == SK_LEGAL)
 *         printf("legal: %d points\n", play.score); // legal: 21 points
 *     else
 *         printf("illegal: %s\n", why); // "8E POKE": illegal: tile 'K' is not on the rack
 *     sk_lexicon_free(lex);
 *     sk_buf_free(&text);
 *
 * tests/unit/test_umbrella.c runs this example. */
#ifndef SKRAB_SKRAB_H
#define SKRAB_SKRAB_H

#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/config.h"
#include "skrab/diag.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/gamespec.h"
#include "skrab/gcg.h"
#include "skrab/leave.h"
#include "skrab/lexicon.h"
#include "skrab/match.h"
#include "skrab/move.h"
#include "skrab/movegen.h"
#include "skrab/players.h"
#include "skrab/position.h"
#include "skrab/resource.h"
#include "skrab/rng.h"
#include "skrab/rules.h"
#include "skrab/tiles.h"
#include "skrab/validate.h"
#include "skrab/wordmap.h"

#endif
