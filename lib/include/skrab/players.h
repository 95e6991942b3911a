/* players.h — the built-in automated players: how each one chooses the move of the player to
 * move (player 0 of a position, whose rack must be known).
 *   best    the highest-scoring placement (ties in the generator's fixed order); the pass when
 *           nothing can be placed. Always places a tile when any placement exists.
 *   equity  the highest score + leave value (leave.h: the heuristic, or the leaves given); in
 *           classic games exchanges compete when the bag allows them; the pass when nothing
 *           else is possible.
 *   simple  a minimal opponent, for stress tests: on the opening move (the board empty,
 *           whatever turns were passed before) it plays an A or I on the start square — the
 *           shortest legal word that puts one there, since a single letter is not a word —
 *           and otherwise exchanges its whole rack (classic, bag permitting) or passes.
 *   pass    always passes.
 *   endgame the equity move while the bag has tiles; once it is empty, the first move of the
 *           endgame solver's line (sk_endgame_choose, endgame.h).
 *   sim     simulates the best few moves by equity a few times each and plays the one whose
 *           continuations are worth most (sk_sim_choose, sim.h, with SK_SIM_PLAYER_CANDIDATES
 *           and SK_SIM_PLAYER_ITERATIONS); two-player games, else it plays as equity.
 * Not here: running a game (match.h), external programs (the selfplay command). */
#ifndef SKRAB_PLAYERS_H
#define SKRAB_PLAYERS_H

#include "skrab/api.h"
#include "skrab/move.h"
#include "skrab/movegen.h"
#include "skrab/position.h"
#include "skrab/rules.h"

typedef enum {
    SK_STRATEGY_BEST = 0,
    SK_STRATEGY_EQUITY,
    SK_STRATEGY_SIMPLE,
    SK_STRATEGY_PASS,
    SK_STRATEGY_ENDGAME,
    SK_STRATEGY_SIM
} sk_strategy;

/* "best", "equity", "simple", "pass", "endgame", "sim" → OUT. Returns SK_OK or SK_EINVAL. */
SK_API int sk_strategy_from_name(const char *name, sk_strategy *out);
SK_API const char *sk_strategy_name(sk_strategy strategy);

/* Chooses the move of player 0 of POS (rack known) under RULES with STRATEGY; BAG is the number
 * of tiles in the bag (for exchanges). GEN is scratch space (sk_movegen_new). Returns SK_OK,
 * or an error of sk_movegen_all (SK_EINVAL: no GADDAG lexicon or unknown rack; SK_ENOMEM). */
SK_API int sk_strategy_choose(sk_strategy strategy, sk_movegen *gen, const sk_rules *rules,
                              const sk_position *pos, int bag, sk_gen_move *out);
/* sk_strategy_choose with the strategies that rank by equity (equity, endgame, sim) ranking by
 * LEAVES (leave.h; NULL: the built-in heuristic, as sk_strategy_choose does). The others ignore
 * LEAVES. */
struct sk_leaves;
SK_API int sk_strategy_choose_leaves(sk_strategy strategy, sk_movegen *gen, const sk_rules *rules,
                                     const struct sk_leaves *leaves, const sk_position *pos,
                                     int bag, sk_gen_move *out);

/* Converts a generated move to an sk_move in GCG form (the whole word, through tiles marked),
 * ready for sk_rules_check. */
SK_API void sk_gen_move_to_move(const sk_gen_move *gen, sk_move *out);

#endif
