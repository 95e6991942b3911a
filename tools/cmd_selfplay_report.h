/* cmd_selfplay_report.h — what `skrab selfplay` reports of its games (cmd_selfplay_report.c):
 * a line, or a JSON object, a game, and the totals with their 95% confidence intervals
 * (docs/play.md, "Output"). The games every player finished and the games in which a player was
 * dropped are counted apart, since the players left play on without the dropped one. */
#ifndef SKRAB_CMD_SELFPLAY_REPORT_H
#define SKRAB_CMD_SELFPLAY_REPORT_H

#include <stdint.h>

#include "skrab/buf.h"
#include "skrab/match.h"

#define SK_SELFPLAY_REASON_MAX 400 /* bytes of the reason a player was dropped */

/* One game as it ended. */
typedef struct {
    int done; /* the game is over and waits to be printed */
    int scores[SK_PLAYERS_MAX], dropped[SK_PLAYERS_MAX];
    char reason[SK_PLAYERS_MAX][SK_SELFPLAY_REASON_MAX];
    unsigned winners; /* bit p: seat p won or drew */
    int moves, out_seat, error;
    sk_match_state state;
} sk_selfplay_result;

/* Totals over a set of games. */
typedef struct {
    long games, draws, moves;
    long wins[SK_PLAYERS_MAX];
    double score_sum[SK_PLAYERS_MAX];
    double points[SK_PLAYERS_MAX], points_sq[SK_PLAYERS_MAX]; /* a win 1, a draw shared */
    double spread, spread_sq; /* the first player's score less the second's */
} sk_selfplay_tally;

/* The totals of a run: TALLIES[0] the games every player finished, [1] the games with a drop;
 * DROPS the times each seat was dropped. */
typedef struct {
    sk_selfplay_tally tallies[2];
    long drops[SK_PLAYERS_MAX];
} sk_selfplay_totals;

/* The players as the report names them, seat by seat, and its form. */
typedef struct {
    int nplayers, json;
    const char *nick[SK_PLAYERS_MAX], *spec[SK_PLAYERS_MAX];
} sk_selfplay_seats;

/* Adds the game R of NPLAYERS players to T. */
void sk_selfplay_count(sk_selfplay_totals *t, int nplayers, const sk_selfplay_result *r);

/* Appends the report of game GAME (from 0), R, to OUT: a line, or a JSON object. */
void sk_selfplay_print_game(sk_buf *out, const sk_selfplay_seats *s, long game,
                            const sk_selfplay_result *r);

/* Appends the totals T to OUT: the games every player finished, each player's wins, mean score,
 * drops and win rate with its 95% interval, the spread of two players; the games with a drop
 * apart (in text only when there was one). RATE: games a second; SEED: the run's --seed. */
void sk_selfplay_print_totals(sk_buf *out, const sk_selfplay_seats *s, const sk_selfplay_totals *t,
                              double rate, uint64_t seed);

#endif
