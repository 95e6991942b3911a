/* gcg_replay_end.c — the end of a replayed GCG game (see internal/gcg_replay.h): the
 * end-of-game points and penalties, time penalties, the #rackN lines, and what a transcript owes
 * once its last event is read. Checked against the end of game of the rule set: with two
 * players, the one who went out gains twice the value of the tiles left (or once, the other then
 * losing their own); with more, their value once; in skrabbkle and after the scoreless turns,
 * each player loses their own. The turns themselves are gcg_replay.c's. */
#include <stdio.h>

#include "internal/gcg_replay.h"
#include "skrab/error.h"

static int end_events_done(const sk_gr_replay *r)
{
    if (r->over == SK_GR_ENDED_AS_WRITTEN) return 1;
    int skr = r->rules && r->rules->ruleset == SK_RULES_SKRABBKLE;
    /* with three or more players, each player left loses their own tiles after going out too */
    int many = r->over == SK_GR_WENT_OUT && sk_gr_playing(r) > 2;
    for (int p = 0; p < r->n; p++) {
        if ((r->over == SK_GR_WENT_OUT && p == r->out_player) || r->dropped[p]) continue;
        int need_penalty = r->over == SK_GR_SCORELESS || skr || r->end_points_once || many;
        if (need_penalty && !r->penalty[p]) return 0;
    }
    return r->over == SK_GR_SCORELESS || skr || r->end_points;
}

/* Checks that the game is over before an end-of-game line; returns 1 if it is. Without tile
 * counts, the transcript's word is taken: the game ends there. */
static int game_over_for(sk_gr_replay *r, const sk_gcg_event *ev, const char *what)
{
    if (r->over != SK_GR_RUNNING) return 1;
    if (!sk_gr_counts_known(r)) {
        r->over = SK_GR_ENDED_AS_WRITTEN;
        return 1;
    }
    if (r->bag > 0)
        SK_GR_ERR(r, ev->at + 1, "%s before the game ended: the bag holds %d tiles", what, r->bag);
    else
        SK_GR_ERR(r, ev->at + 1, "%s before the game ended: nobody has played out", what);
    return 0;
}

void sk_gr_end_points(sk_gr_replay *r, const sk_gcg_event *ev)
{
    int p = ev->player;
    if (!game_over_for(r, ev, "end-of-game points")) return;
    if (r->over == SK_GR_ENDED_AS_WRITTEN) {
        sk_gr_check_total(r, ev, p, ev->score);
        return;
    }
    if (r->over == SK_GR_SCORELESS)
        SK_GR_ERR(r, ev->at + 1,
                  "end-of-game points after the scoreless turns: each player loses "
                  "their own tiles instead ('RACK (RACK) -N')");
    else if (r->rules->ruleset == SK_RULES_SKRABBKLE)
        SK_GR_ERR(r, ev->at + 1,
                  "end-of-game points in skrabbkle: going out gains nothing; each "
                  "other player loses their own tiles");
    else if (p >= 0 && p != r->out_player)
        SK_GR_ERR(r, ev->at + 1, "end-of-game points for %s, but %s went out", sk_gr_nick(r, p),
                  sk_gr_nick(r, r->out_player));
    else if (r->end_points)
        SK_GR_ERR(r, ev->at + 1, "end-of-game points given twice");
    else if (ev->tiles_ok && r->board) {
        char left[SK_GCG_END_TILES_MAX * SK_LABEL_TEXT_MAX + 1];
        sk_gr_unseen_string(r, left, sizeof(left));
        int v = sk_gr_tiles_value(r, ev->tiles);
        int active = sk_gr_playing(r);
        /* after a tile laid from no rack (reported), which tiles are left is not known */
        if (active == 2 && !sk_gr_phantoms(r) && !sk_gr_same_tiles(r, ev->tiles, left))
            SK_GR_ERR(r, ev->move_at, "end-of-game points: the tiles left are %s, not %s", left,
                      ev->tiles);
        else if (active == 2 && ev->score != 2 * v && ev->score != v)
            SK_GR_ERR(r, ev->score_at, "end-of-game points %+d: twice the value of %s (%d) is %+d",
                      ev->score, ev->tiles, v, 2 * v);
        else if (active > 2 && ev->score != v)
            SK_GR_ERR(r, ev->score_at, "end-of-game points %+d: the value of %s is %+d", ev->score,
                      ev->tiles, v);
        r->end_points_once = active == 2 && v > 0 && ev->score == v;
        r->end_points_zero = active == 2 && v == 0;
    }
    if (!r->end_points) r->end_points = ev;
    sk_gr_check_total(r, ev, p, ev->score);
}

void sk_gr_end_penalty(sk_gr_replay *r, const sk_gcg_event *ev)
{
    int p = ev->player;
    if (!game_over_for(r, ev, "end-of-game penalty")) return;
    if (p >= 0 && r->penalty[p]) {
        SK_GR_ERR(r, ev->at + 1, "end-of-game penalty for %s given twice", sk_gr_nick(r, p));
    } else if (ev->rack_ok && ev->tiles_ok && !sk_gr_same_tiles(r, ev->rack, ev->tiles)) {
        SK_GR_ERR(r, ev->move_at, "end-of-game penalty tiles (%s) are not the rack %s", ev->tiles,
                  ev->rack);
    } else if (r->over == SK_GR_WENT_OUT && p == r->out_player) {
        SK_GR_ERR(r, ev->at + 1, "end-of-game penalty for %s, who went out and has no tiles left",
                  sk_gr_nick(r, p));
    } else if (r->over == SK_GR_WENT_OUT && r->end_points && sk_gr_playing(r) == 2 &&
               !r->end_points_once && !r->end_points_zero) {
        /* two players: the points are twice the tiles' value, or once plus this penalty; with
         * more, the one who went out gains the others' tiles once and each loses their own */
        SK_GR_ERR(r, ev->at + 1, "end-of-game penalty for %s: %s already gained twice their value",
                  sk_gr_nick(r, p), sk_gr_nick(r, r->out_player));
    } else if (r->over != SK_GR_ENDED_AS_WRITTEN && ev->tiles_ok && r->board) {
        if (sk_gr_check_rack(r, ev->tiles, ev->move_at + 1, p, NULL)) {
            int v = sk_gr_tiles_value(r, ev->tiles);
            if (-ev->score != v)
                SK_GR_ERR(r, ev->score_at, "end-of-game penalty %d: the tiles %s are worth %d",
                          ev->score, ev->tiles, v);
        }
    }
    if (p >= 0 && !r->penalty[p]) r->penalty[p] = ev;
    sk_gr_check_total(r, ev, p, ev->score);
}

void sk_gr_time_penalty(sk_gr_replay *r, const sk_gcg_event *ev)
{
    int p = ev->player;
    if (!game_over_for(r, ev, "time penalty")) return;
    if (!end_events_done(r)) {
        SK_GR_ERR(r, ev->at + 1, "time penalty before the end-of-game %s",
                  r->over == SK_GR_SCORELESS || r->end_points_once || r->end_points ? "penalties"
                                                                                    : "points");
        return;
    }
    if (p >= 0 && r->time[p]) {
        SK_GR_ERR(r, ev->at + 1, "second time penalty for %s", sk_gr_nick(r, p));
        return;
    }
    if (ev->score > 0) SK_GR_ERR(r, ev->score_at, "a time penalty is negative, not %+d", ev->score);
    if (p >= 0) r->time[p] = ev;
    sk_gr_check_total(r, ev, p, ev->score);
}

/* #rack1, #rack2... written before offset UPTO and not yet checked: together within the
 * unseen pool at that point of the game, each within what its player holds. */
void sk_gr_last_racks(sk_gr_replay *r, size_t upto)
{
    for (int p = 0; p < r->n; p++) {
        const sk_gcg_pragma *lr = &r->g->last_racks[p];
        if (lr->at == SK_DIAG_NO_OFFSET || lr->at >= upto || r->rack_checked[p]) continue;
        r->rack_checked[p] = 1;
        if (!lr->value[0] || !sk_gr_check_rack(r, lr->value, lr->at, p, r->rack_used)) continue;
        int c[SK_TILE_KINDS];
        sk_gr_rack_counts(r, lr->value, c);
        for (int t = 0; t < SK_TILE_KINDS; t++)
            r->rack_used[t] += c[t];
    }
}

void sk_gr_finish(sk_gr_replay *r)
{
    if (r->over == SK_GR_WENT_OUT && r->end_points_once)
        for (int p = 0; p < r->n; p++)
            if (p != r->out_player && !r->penalty[p] && !r->dropped[p]) {
                SK_GR_ERR(r, r->end_points->score_at,
                          "end-of-game points %+d are the tiles' value once: twice is the rule, or "
                          "%s's end-of-game penalty must follow",
                          r->end_points->score, sk_gr_nick(r, p));
                break;
            }
    if ((r->over == SK_GR_WENT_OUT || r->over == SK_GR_SCORELESS) && r->board &&
        r->g->nevents > 0 && !end_events_done(r)) {
        const sk_gcg_event *last = &r->g->events[r->g->nevents - 1];
        sk_diag_add(r->diags, SK_SEV_WARNING, last->kind == SK_GCG_DROP ? last->at : last->at + 1,
                    "the game is over (%s) but the transcript ends without the end-of-game %s",
                    r->over == SK_GR_WENT_OUT ? "a player went out" : "the scoreless turns ran out",
                    r->over == SK_GR_SCORELESS || r->end_points_once || r->end_points ? "penalties"
                                                                                      : "points");
    }
    sk_gr_last_racks(r, (size_t)-1);
}
