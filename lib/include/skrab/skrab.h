/* skrab.h — all of libskrab in one include: every public header of the library. Build against
 * it with `pkg-config --cflags --libs skrab`. The library's conventions (errors, ownership,
 * bounds) are in docs/CONVENTIONS.md; the formats it reads are in docs/formats.md.
 *
 * Checking one move of a position, on the data installed with skrab (with <stdio.h>,
 * <stdlib.h> and <string.h>; every call returns SK_OK here, so the checks are left out):
 *
 *     const char *cgp = "15/15/15/15/7C7/7A7/7K7/7E7/15/15/15/15/15/15/15 POE?ONS/ 0/20 0";
 *     sk_position pos;
 *     sk_position_parse_cgp(&pos, cgp, strlen(cgp), NULL, NULL); // tiles, racks, scores, ops
 *     char why[200];
 *     sk_game_spec spec;                                  // which game: the ops, else defaults
 *     sk_game_spec_init(&spec);
 *     sk_game_spec_from_cgp(&spec, &pos, NULL, why, sizeof(why));
 *     sk_datadirs dirs;
 *     sk_datadirs_init(&dirs, getenv("SKRAB_DATA"), NULL); // where the named data files are
 *     sk_game_loader *loader;
 *     sk_game_loader_new(&loader, &dirs, NULL, NULL, NULL);
 *     sk_game *game = malloc(sizeof(*game));              // board, tiles, lexicon, rules
 *     sk_game_load(loader, &spec, game, NULL, why, sizeof(why));
 *     sk_move move;
 *     sk_play play;
 *     sk_move_parse(&move, "9H SPOON", strlen("9H SPOON"), NULL, why, sizeof(why)); // A..Z
 *     if (sk_rules_check(&game->rules, &pos, &move, -1, &play, why, sizeof(why)) == SK_LEGAL)
 *         printf("legal: %d points\n", play.score); // legal: 21 points
 *     else
 *         printf("illegal: %s\n", why); // "8E POKE": illegal: tile 'K' is not on the rack
 *     free(game);
 *     sk_game_loader_free(loader);                        // and the lexicon with it
 *
 * tests/unit/test_umbrella.c runs this example. */
#ifndef SKRAB_SKRAB_H
#define SKRAB_SKRAB_H

#include "skrab/alphabet.h"
#include "skrab/api.h"
#include "skrab/board.h"
#include "skrab/boggle.h"
#include "skrab/buf.h"
#include "skrab/config.h"
#include "skrab/diag.h"
#include "skrab/endgame.h"
#include "skrab/error.h"
#include "skrab/game.h"
#include "skrab/gamespec.h"
#include "skrab/gcg.h"
#include "skrab/leave.h"
#include "skrab/leave_write.h"
#include "skrab/lexicon.h"
#include "skrab/match.h"
#include "skrab/move.h"
#include "skrab/movegen.h"
#include "skrab/players.h"
#include "skrab/position.h"
#include "skrab/resource.h"
#include "skrab/rng.h"
#include "skrab/rules.h"
#include "skrab/sim.h"
#include "skrab/tiles.h"
#include "skrab/utf8.h"
#include "skrab/validate.h"
#include "skrab/wordmap.h"

#endif
