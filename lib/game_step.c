/* game_step.c — what happens to a position after a legal move: tiles placed, the rack emptied
 * of them, the score added, the zero-turn count kept, replacement tiles drawn from the unseen
 * pool (optionally), and the turn passed to the next player. */
#include <string.h>

#include "internal/score.h"
#include "skrab/error.h"
#include "skrab/game.h"

/* Removes one tile C (SK_TILE_WILD for a blank) from the tile string RACK; returns 0, or -1 if
 * it is not there. */
static int rack_remove(char *rack, char c)
{
    char *p = strchr(rack, c);
    if (!p) return -1;
    memmove(p, p + 1, strlen(p));
    return 0;
}

/* Draws tiles for PLAYER's rack up to UPTO tiles from the bag: the unseen pool less UNKNOWN
 * tiles for each other player whose rack is unknown (what they hold is among the unseen tiles,
 * so only the rest can be drawn; which of the unseen tiles is left to them is drawn at random
 * with the rest, so every tile is equally likely). Returns the number drawn. */
static int draw(sk_position *pos, const sk_tileset *tiles, int player, int upto, int unknown,
                sk_rng *rng)
{
    int unseen[SK_TILE_KINDS], over, total = 0;
    sk_position_unseen(pos, tiles, unseen, &over);
    for (int t = 0; t < SK_TILE_KINDS; t++)
        total += unseen[t];
    int bag = total;
    for (int p = 0; p < pos->nplayers; p++)
        if (p != player && !pos->racks[p][0]) bag -= unknown;
    char *rack = pos->racks[player];
    int drawn = 0;
    if (upto > SK_RACK_MAX) upto = SK_RACK_MAX;
    while ((int)strlen(rack) < upto && drawn < bag) {
        uint64_t k = sk_rng_below(rng, (uint64_t)total);
        int t = 0;
        while (k >= (uint64_t)unseen[t]) {
            k -= (uint64_t)unseen[t];
            t++;
        }
        unseen[t]--;
        total--;
        size_t n = strlen(rack);
        rack[n] = (char)(t == SK_TILE_BLANK ? SK_TILE_WILD : t);
        rack[n + 1] = '\0';
        drawn++;
    }
    return drawn;
}

int sk_game_draw(sk_position *pos, const sk_tileset *tiles, int player, int rack_size, sk_rng *rng)
{
    return draw(pos, tiles, player, rack_size, rack_size, rng);
}

int sk_game_apply(sk_position *pos, const sk_play *play, const sk_tileset *tiles, int rack_size,
                  sk_rng *rng)
{
    char *rack = pos->racks[0];
    int known = rack[0] != '\0';
    if (play->kind == SK_MOVE_PLACE) {
        sk_play_apply_tiles(play, pos);
        for (int i = 0; known && i < play->nplaced; i++) {
            char c = play->placed[i].tile;
            if (rack_remove(rack, (sk_tile)c & SK_TILE_BLANKED ? (char)SK_TILE_WILD : c) != 0)
                return SK_EINVAL;
        }
    }
    int refill = rng && known; /* the rack is refilled after the move (unless drawn already) */
    if (play->kind == SK_MOVE_EXCHANGE && known && !play->exchange[0]) {
        rack[0] = '\0'; /* a blind exchange: which tiles went back is unknown, so the rack is */
        refill = 0;
    } else if (play->kind == SK_MOVE_EXCHANGE && known) {
        /* the whole draw first, while the exchanged tiles are still on the rack: they cannot
         * come back (a bag that holds fewer than were exchanged leaves the rack short) */
        int n = (int)strlen(play->exchange);
        if (refill && rack_size + n <= SK_RACK_MAX) {
            draw(pos, tiles, 0, rack_size + n, rack_size, rng);
            refill = 0;
        }
        for (const char *p = play->exchange; *p; p++)
            if (rack_remove(rack, *p) != 0) return SK_EINVAL;
    }
    if (refill) draw(pos, tiles, 0, rack_size, rack_size, rng);
    pos->scores[0] = sk_score_clamp(sk_score_add(pos->scores[0], play->score)); /* saturates */
    /* past the count a CGP line holds, it stays there: a game ends long before (at most
     * 1000 scoreless turns: the 'mcnz' op) */
    pos->zeros = play->score != 0 ? 0 : pos->zeros < SK_CGP_ZEROS_MAX ? pos->zeros + 1 : pos->zeros;
    sk_position_next_turn(pos);
    return SK_OK;
}

void sk_position_next_turn(sk_position *pos)
{
    if (pos->nplayers < 2) return;
    char rack[SK_RACK_MAX + 1];
    int score = pos->scores[0];
    memcpy(rack, pos->racks[0], sizeof(rack));
    for (int p = 0; p + 1 < pos->nplayers; p++) {
        memcpy(pos->racks[p], pos->racks[p + 1], sizeof(rack));
        pos->scores[p] = pos->scores[p + 1];
    }
    memcpy(pos->racks[pos->nplayers - 1], rack, sizeof(rack));
    pos->scores[pos->nplayers - 1] = score;
}
