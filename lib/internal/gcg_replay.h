/* internal/gcg_replay.h — the state of a GCG replay (sk_gcg_replay, skrab/gcg.h), shared by the
 * turns (gcg_replay.c), the end of the game (gcg_replay_end.c) and the readings of slips
 * (gcg_replay_slips.c). Not installed. */
#ifndef SKRAB_INTERNAL_GCG_REPLAY_H
#define SKRAB_INTERNAL_GCG_REPLAY_H

#include <stddef.h>

#include "skrab/gcg.h"

/* How the game stands (sk_gr_replay.over): going on; a player went out; the scoreless turns ran
 * out; ended where the transcript says so (its tiles not counted) */
enum { SK_GR_RUNNING = 0, SK_GR_WENT_OUT, SK_GR_SCORELESS, SK_GR_ENDED_AS_WRITTEN };

/* The play just replayed, for a withdrawal or a challenge bonus that may follow it. */
typedef struct {
    int valid; /* the previous event is this play (a phony or bonus may follow) */
    int player;
    const sk_gcg_event *ev;
    sk_play play; /* its placements; nplaced 0 when not laid on the board */
    int laid, drawn, held_before, zeros_before, over_before;
} sk_gr_last_play;

/* A replay under way: the transcript, the board and what is known of racks, bag and scores. */
typedef struct {
    const sk_gcg *g;
    const sk_rules *rules;
    sk_diag_list *diags;
    sk_position pos;   /* the board; racks[0] holds the mover's rack while a move is checked */
    int board;         /* 1 while the board is known: rack, legality and score checks run */
    int board_stopped; /* the board was lost on the way */
    int n;             /* players */
    int score[SK_GCG_PLAYERS_MAX], alt[SK_GCG_PLAYERS_MAX];
    unsigned char known[SK_GCG_PLAYERS_MAX], has_alt[SK_GCG_PLAYERS_MAX];
    int held[SK_GCG_PLAYERS_MAX];              /* tiles on each rack */
    unsigned char dropped[SK_GCG_PLAYERS_MAX]; /* left the game (#dropped) */
    int bag;                                   /* tiles in the bag; -1 when no longer known */
    sk_rules end; /* the end-of-game rule (the caller's rules, or classic's without them) */
    int zeros;    /* idle turns in a row (sk_rules_turn_idles) */
    int last_turn;
    sk_gr_last_play last;
    int over, out_player;
    const sk_gcg_event *end_points; /* the end-of-game points line, once seen */
    int end_points_once;            /* it gave the tiles' value once (Quackle's convention) */
    int end_points_zero; /* the tiles left were worth 0 (blanks): once and twice agree, so a
                            penalty line of 0 for the other player may follow or not */
    const sk_gcg_event *penalty[SK_GCG_PLAYERS_MAX], *time[SK_GCG_PLAYERS_MAX];
    unsigned char rack_checked[SK_GCG_PLAYERS_MAX]; /* #rackN lines already checked */
    int rack_used[SK_TILE_KINDS];                   /* the tiles they hold */
    int phantom[SK_TILE_KINDS]; /* tiles laid that the mover's rack lacked (reported): they came
                                   from no rack, so the unseen pool counts them still */
    sk_gcg_turn_fn show;        /* told of each turn while the board is known (or NULL) */
    void *show_ctx;
} sk_gr_replay;

/* An error of the transcript at byte AT. */
#define SK_GR_ERR(r, at, ...) sk_diag_add((r)->diags, SK_SEV_ERROR, (at), __VA_ARGS__)

/* ---- gcg_replay_slips.c: a transcriber's slips read as the game was played ----------------- */

/* The GCG move M read with the blanks of the mover's known rack (R->pos.racks[0]) for the
 * letters it places that the rack lacks, into *OUT: 1 when there are such letters and the rack's
 * blanks cover them all, else 0 (and *OUT unspecified). */
int sk_gr_blank_for_missing(const sk_gr_replay *r, const sk_move *m, sk_move *out);

/* Counts in R->phantom the tiles of PLAY that the rack RACK (as written) does not hold. */
void sk_gr_add_phantoms(sk_gr_replay *r, const char *rack, const sk_play *play);
/* The number of tiles laid from no rack (R->phantom): 0 while the tiles are all accounted for. */
int sk_gr_phantoms(const sk_gr_replay *r);

/* ---- gcg_replay.c: the turns, and what both files ask of the state -------------------------- */

/* Player P's nickname, or "?" for no player. */
const char *sk_gr_nick(const sk_gr_replay *r, int p);
/* Tile counts (by kind) of a rack as written. */
void sk_gr_rack_counts(const sk_gr_replay *r, const char *rack, int counts[SK_TILE_KINDS]);
/* 1 if racks A and B, as written, hold the same tiles. */
int sk_gr_same_tiles(const sk_gr_replay *r, const char *a, const char *b);
/* The face value of the tiles TEXT, as a rack writes them. */
int sk_gr_tiles_value(const sk_gr_replay *r, const char *text);
/* The unseen pool as a rack writes it, letters first and the blank last, into OUT[0..SIZE). */
void sk_gr_unseen_string(const sk_gr_replay *r, char *out, size_t size);
/* 1 while the board and the bag are known: tiles can be counted. */
int sk_gr_counts_known(const sk_gr_replay *r);
/* Reports RACK (at AT) when it holds more of a tile than the unseen pool (less EXTRA, tiles
 * accounted for elsewhere), or more tiles than PLAYER can hold. Returns 1 when it fits. */
int sk_gr_check_rack(sk_gr_replay *r, const char *rack, size_t at, int player, const int *extra);
/* Checks EV's running total for player P after adding ADJ, then resynchronises: after a wrong
 * total the player's next line may continue from either value. */
void sk_gr_check_total(sk_gr_replay *r, const sk_gcg_event *ev, int p, int adj);
/* Players still in the game (two-player end-of-game conventions apply when two are left). */
int sk_gr_playing(const sk_gr_replay *r);

/* ---- gcg_replay_end.c: the end of the game ------------------------------------------------- */

/* The end-of-game points line EV, checked against the tiles left and the rule. */
void sk_gr_end_points(sk_gr_replay *r, const sk_gcg_event *ev);
/* An end-of-game penalty line EV: a player's own tiles lost. */
void sk_gr_end_penalty(sk_gr_replay *r, const sk_gcg_event *ev);
/* A time penalty line EV, after the end-of-game lines. */
void sk_gr_time_penalty(sk_gr_replay *r, const sk_gcg_event *ev);
/* #rack1, #rack2... written before offset UPTO and not yet checked: together within the
 * unseen pool at that point of the game, each within what its player holds. */
void sk_gr_last_racks(sk_gr_replay *r, size_t upto);
/* After the last event: the end-of-game lines the game still owed, and the #rackN lines left. */
void sk_gr_finish(sk_gr_replay *r);

#endif
