/* game.h — moving a game along: applying a legal play to a position (tiles, rack, score, zero
 * count, turn) and drawing tiles from the unseen pool. Interactive and automated game loops
 * build on this. */
#ifndef SKRAB_GAME_H
#define SKRAB_GAME_H

#include "skrab/api.h"
#include "skrab/position.h"
#include "skrab/rng.h"
#include "skrab/rules.h"

/* Applies PLAY (already checked) for the player to move: places its tiles, takes them (or the
 * exchanged ones) off a known rack, adds the score, counts a scoreless turn, refills the rack to
 * RACK_SIZE from the bag when RNG is not NULL (as sk_game_draw; exchanged tiles rejoin the pool
 * after the draw, as in the real game), and gives the turn to the next player. A blind exchange
 * ("-3": which tiles went back is not said) leaves the rack unknown (empty). Returns SK_OK, or
 * SK_EINVAL when the known rack does not hold the tiles (POS is then partly changed). */
SK_API int sk_game_apply(sk_position *pos, const sk_play *play, const sk_tileset *tiles,
                         int rack_size, sk_rng *rng);

/* Draws tiles for PLAYER's rack up to RACK_SIZE from the bag, uniformly: the unseen pool (the
 * full set minus the board and all known racks) less RACK_SIZE tiles for every other player
 * whose rack is unknown, as sk_position_bag counts it. Returns the number drawn. */
SK_API int sk_game_draw(sk_position *pos, const sk_tileset *tiles, int player, int rack_size,
                        sk_rng *rng);

/* Rotates the players: the next one is to move (racks and scores move with them). */
SK_API void sk_position_next_turn(sk_position *pos);

#endif
