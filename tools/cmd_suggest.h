/* cmd_suggest.h — what `skrab suggest` (cmd_suggest.c) shares with the writer of its answers'
 * lines (cmd_suggest_write.c), its batches of positions (cmd_suggest_batch.c), --endgame
 * (cmd_suggest_endgame.c) and --sim (cmd_suggest_sim.c). */
#ifndef SKRAB_CMD_SUGGEST_H
#define SKRAB_CMD_SUGGEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "cli_leaves.h"
#include "skrab/buf.h"
#include "skrab/movegen.h"
#include "skrab/position.h"

/* How the moves of an answer are written (docs/commands.md, "skrab suggest"). */
typedef struct {
    sk_play_style notation;
    int json;                    /* one JSON object a move, else one text line */
    int verbose;                 /* text: the leave and the equity too */
    const sk_alphabet *alphabet; /* the tiles' labels */
} sk_suggest_style;

/* Appends N moves of LIST, made on POS (line LINE of the input) from player 0's rack, as STYLE
 * says: LIST->moves[ORDER[0]], [ORDER[1]] ... or, when ORDER is NULL, the first N. */
void sk_suggest_write_moves(const sk_suggest_style *style, const sk_position *pos, int line,
                            const sk_move_list *list, const uint32_t *order, size_t n, sk_buf *out);

/* What the line of the move played from a position is judged with. */
struct sk_leaves;
typedef struct {
    const sk_suggest_style *style;
    int by_score;                   /* --rank score */
    const struct sk_leaves *leaves; /* --leaves (NULL: the built-in heuristic) */
    const sk_rules *rules;
    const sk_position *pos;
    int bag, line;
} sk_suggest_played;

/* Appends the line of the move played from P->pos, as its `played` op names it, judged beside
 * BEST, the best move found (NULL when none is listed); nothing when there is no such op. */
void sk_suggest_write_played(const sk_suggest_played *p, const sk_gen_move *best, sk_buf *out);

/* --endgame (cmd_suggest_endgame.c). 1 when POS (line WHERE, "FILE:LINE") is an endgame the
 * solver takes (endgame.h, sk_endgame_check); else 0, the reason on standard error. */
int sk_suggest_endgame_ready(sk_cli *cli, const sk_rules *rules, const sk_position *pos,
                             const char *where);

/* Solves POS (line LINE of the input) with *EG (made when NULL; the caller frees it) within
 * TIME_MS milliseconds (0: no limit) and appends the answer as STYLE says: the best line and the
 * spread, or with BEST (and no JSON) the first move alone; *LISTED is the number of moves of the
 * line. Returns SK_OK, SK_ENOMEM, or SK_EINVAL for a position that is not an endgame. */
struct sk_endgame;
int sk_suggest_endgame(struct sk_endgame **eg, const sk_suggest_style *style, const sk_rules *rules,
                       const sk_position *pos, int line, long long time_ms, int best, sk_buf *out,
                       int *listed);

/* suggest --sim (cmd_suggest_sim.c; docs/commands.md, "Simulation: --sim"): how each position
 * is simulated. */
struct sk_wordmap;
typedef struct {
    long iterations;   /* --sim N */
    size_t candidates; /* --candidates K */
    int plies;         /* --plies P */
    uint64_t seed;     /* --seed S */
    int jobs;          /* threads, one generator each in GENS */
    sk_movegen **gens;
    const struct sk_wordmap *wm; /* NULL: none yet */
    FILE *progress;              /* where the progress line goes (a terminal), or NULL */
} sk_suggest_sim;

/* 1 when POS cannot be simulated, with the reason for people in WHY[WHY_SIZE]: not two players,
 * or no tile left for the other player (the game is over). */
int sk_suggest_sim_refuses(const sk_position *pos, const sk_tileset *tiles, char *why,
                           size_t why_size);

/* Simulates POS (line LINE; BAG tiles in the bag) as S says, with LEAVES, and appends the
 * candidates as STYLE says, best first (BEST_ONLY: the first move alone, as --best writes it,
 * or the first candidate's object with JSON);
 * *LISTED is how many. Returns SK_OK or an error of sk_sim_run. */
int sk_suggest_sim_answer(const sk_suggest_sim *s, const sk_suggest_style *style,
                          const struct sk_leaves *leaves, const sk_rules *rules,
                          const sk_position *pos, int bag, int line, int best_only, sk_buf *out,
                          int *listed);

/* ---- the batches of positions (cmd_suggest_batch.c) ------------------------------------------ */
#define SK_SUGGEST_JOBS_MAX 64 /* --jobs: threads */

/* What the options of suggest ask for (docs/commands.md, "skrab suggest"). */
typedef struct {
    long long count;
    int all, best, json, by_score, verbose, jobs, endgame;
    long long time_ms;    /* --endgame's limit a position (0: none) */
    long long wm_after;   /* build the word map before the position after this many; -1: never */
    char notation;        /* 'g', 's', 'c' */
    sk_cli_leaves leaves; /* --leaves */
    int count_given, rank_given;
    const char *sim_tuned; /* the last of --candidates --plies --seed given, or NULL */
    sk_suggest_sim sim;    /* --sim: iterations 0 when not asked for */
} sk_suggest_settings;

/* One position of the stream, set up by the main thread, solved by a worker. */
typedef struct {
    sk_position pos;
    sk_rules rules;
    sk_board board;
    sk_tileset tiles;
    int line, ok, bag;
    const sk_leaves *leaves; /* what equity ranks by (sk_cli_leaves_for) */
    int listed;              /* moves written to OUT */
    sk_buf out;
} sk_suggest_job;

/* What each thread keeps from position to position: its generator, and its move list, whose
 * memory (and its order's) is reused rather than grown again for each position. */
typedef struct {
    sk_movegen *gen;
    sk_move_list list;
    uint32_t *order; /* the list's order, when it is listed whole (ORDER_CAP entries) */
    size_t order_cap;
    size_t listed;         /* moves of the full lists generated so far, up to TABLE_AFTER_MOVES */
    struct sk_endgame *eg; /* --endgame's solver, made when first needed */
} sk_suggest_thread;

/* 1 if O's answers come from the best-move search (sk_movegen_best or sk_movegen_top), not
 * from the full list: only then does the word map help. */
int sk_suggest_searches(const sk_suggest_settings *o);

/* Solves JOBS (in parallel when asked) and prints them in order. Returns the exit status. */
int sk_suggest_run_batch(sk_cli *cli, const sk_suggest_settings *o, sk_suggest_job *jobs, int n,
                         sk_suggest_thread *states, const struct sk_wordmap *wm);

#endif
