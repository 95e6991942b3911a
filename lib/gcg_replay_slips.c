/* gcg_replay_slips.c — how a replay reads a transcriber's slip so that one slip is one finding:
 * a blank written as an uppercase letter (the rack holds '?', the move spells the letter the
 * blank stood for) is taken as the blank, so that the board, the rack and the bag stay as they
 * were in the game and the lines after it are checked against the game as it was played; and a
 * tile laid that the mover's rack did not hold (reported once) is counted as from no rack, so that
 * the racks after it are not reported for holding the tile it stood for. */
#include <string.h>

#include "internal/gcg_replay.h"

int sk_gr_blank_for_missing(const sk_gr_replay *r, const sk_move *m, sk_move *out)
{
    const char *rack = r->pos.racks[0];
    if (!rack[0] || m->kind != SK_MOVE_PLACE || m->notation != SK_NOTATION_GCG) return 0;
    int have[SK_TILE_KINDS] = {0};
    for (const char *p = rack; *p; p++)
        have[sk_tile_kind((sk_tile)*p)]++;
    *out = *m;
    int dr = m->dir == SK_DOWN, dc = m->dir == SK_ACROSS;
    int missing[SK_MOVE_TILES_MAX], nmissing = 0;
    for (int i = 0; i < m->ntiles; i++) {
        int row = m->row + dr * i, col = m->col + dc * i;
        char c = m->tiles[i];
        if (m->through[i] || c == SK_MOVE_UNNAMED || row >= r->pos.height || col >= r->pos.width ||
            sk_position_tile(&r->pos, row, col))
            continue; /* on the board already (or off it: the rules say so) */
        int kind = sk_tile_kind((sk_tile)c);
        if (have[kind] > 0)
            have[kind]--;
        else if (kind != 0)
            missing[nmissing++] = i; /* a letter the rack lacks: a blank, maybe */
        else
            return 0; /* a blank the rack lacks: not this slip */
    }
    if (nmissing == 0 || nmissing > have[0]) return 0;
    for (int k = 0; k < nmissing; k++)
        out->tiles[missing[k]] = (char)(out->tiles[missing[k]] | SK_TILE_BLANKED);
    return 1;
}

int sk_gr_phantoms(const sk_gr_replay *r)
{
    int n = 0;
    for (int t = 0; t < SK_TILE_KINDS; t++)
        n += r->phantom[t];
    return n;
}

void sk_gr_add_phantoms(sk_gr_replay *r, const char *rack, const sk_play *play)
{
    int have[SK_TILE_KINDS];
    sk_gr_rack_counts(r, rack, have);
    for (int i = 0; i < play->nplaced; i++) {
        int t = sk_tile_kind((sk_tile)play->placed[i].tile);
        if (have[t] > 0)
            have[t]--;
        else
            r->phantom[t]++;
    }
}
