/* sim.h — choosing a move by simulation (docs/engine.md, "Simulation"): the best few candidates
 * by equity are each played out in many random continuations of a few plies, and valued by what
 * they lead to rather than by their own score and leave. A continuation deals the opponent a
 * rack from the unseen tiles, plays the candidate, refills our rack, then lets each side in turn
 * play its best move by equity (sk_movegen_best), and values the end as the change of the spread
 * plus the leave value of our last leave (less the opponent's when they moved last).
 *
 * Two-player games only. The opponent's rack is always drawn: a rack the position knows for the
 * other player is not used (the player to move cannot see it). Iteration I of every candidate is
 * dealt from a generator seeded from (SEED, I) alone, so every candidate meets the same racks and
 * draws, and the answer does not depend on how many threads share the work. Not here: the search
 * for the candidates (movegen.h), the end of a game with the bag empty searched exactly. */
#ifndef SKRAB_SIM_H
#define SKRAB_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/movegen.h"
#include "skrab/position.h"
#include "skrab/rules.h"

#define SK_SIM_CANDIDATES_MAX 1000
#define SK_SIM_ITERATIONS_MAX 10000000L
#define SK_SIM_PLIES_MAX 10
/* Iterations are run in rounds of this many for every candidate still in the race; candidates
 * are pruned only between rounds, so the rounds, not the threads, decide when. */
#define SK_SIM_ROUND 16
/* No candidate is pruned before every candidate has had this many iterations. */
#define SK_SIM_PRUNE_AFTER 32

struct sk_leaves;

typedef struct {
    size_t candidates;              /* K: how many of the best by equity are simulated (>= 1) */
    long iterations;                /* N: continuations per candidate at most (>= 1) */
    int plies;                      /* replies after the candidate, 1..SK_SIM_PLIES_MAX */
    uint64_t seed;                  /* the deal of every continuation */
    double z;                       /* pruning width in standard errors; 0: no pruning */
    const struct sk_leaves *leaves; /* for equity and leave values (NULL: the heuristic) */
    /* called by the calling thread after each round with the continuations run so far and the
     * most there can be; NULL: none */
    void (*progress)(void *ctx, long done, long total);
    void *progress_ctx;
} sk_sim_config;

/* K 10, N 100, 2 plies, seed 0, z 2, the heuristic leaves, no progress. */
SK_API void sk_sim_config_init(sk_sim_config *cfg);

typedef struct {
    sk_gen_move move;   /* as sk_movegen_top ranks it (its equity) */
    long iterations;    /* continuations run */
    double mean, se;    /* the value: its mean and the mean's standard error */
    double win, win_se; /* the fraction of continuations won (a tie half) and its standard error */
    int pruned;         /* left the race behind the leader */
} sk_sim_candidate;

typedef struct {
    sk_sim_candidate *candidates; /* best first (see sk_sim_run); owned */
    size_t count;
    int exact; /* the bag was empty: every continuation is the same, one was run per candidate */
} sk_sim_report;

SK_API void sk_sim_report_init(sk_sim_report *r);
SK_API void sk_sim_report_free(sk_sim_report *r);

/* Simulates the K best moves of player 0 of POS (rack known) under RULES, BAG tiles in the bag
 * (for exchanges, as sk_movegen_top), with the NGENS generators of GENS, one thread each (the
 * calling thread uses GENS[0]); each should use the lexicon's word map
 * (sk_movegen_use_wordmap). Fills OUT: the candidates in order of mean value, those still in the
 * race first, ties in the order of equity. A continuation is won when the spread before the move
 * plus its value is above 0, and counts half when it is 0. After each round from
 * SK_SIM_PRUNE_AFTER iterations on, a candidate leaves the race when its mean + z·se is below
 * the leader's mean − z·se; the simulation ends when N iterations are done or one candidate is
 * left. Returns SK_OK, SK_EINVAL (not two players, rack unknown, bad CFG, or as sk_movegen_top),
 * SK_EUNSUPPORTED (the other player has no tiles to draw: the game is over), SK_ENOMEM. */
SK_API int sk_sim_run(sk_movegen *const *gens, int ngens, const sk_sim_config *cfg,
                      const sk_rules *rules, const sk_position *pos, int bag, sk_sim_report *out);

/* The `sim` player's defaults (the `sim` spec of selfplay). */
#define SK_SIM_PLAYER_CANDIDATES 4
#define SK_SIM_PLAYER_ITERATIONS 6

/* The `sim` player (players.h): sk_sim_run with K CANDIDATES and N ITERATIONS, 2 plies, the
 * leave values LEAVES (NULL: the heuristic of RULES' tile set, sk_leaves_for), and a seed made from
 * POS itself (the board, the racks and the scores), so a game dealt from one seed is played the
 * same way every time. With more than two players, or when the simulation cannot run, it plays the
 * equity move. Returns as sk_movegen_best. */
SK_API int sk_sim_choose(sk_movegen *gen, const sk_rules *rules, const struct sk_leaves *leaves,
                         const sk_position *pos, int bag, size_t candidates, long iterations,
                         sk_gen_move *out);

/* The mean of N values whose sum is SUM and sum of squares SUMSQ, and its standard error:
 * sqrt(s² / N), s² the sample variance (divisor N − 1); 0 when N < 2. */
SK_API void sk_sim_mean_se(long n, double sum, double sumsq, double *mean, double *se);

#endif
