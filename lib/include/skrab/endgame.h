/* endgame.h — the endgame solver: once the bag is empty both racks are known (the opponent holds
 * exactly the unseen tiles), and the rest of a two-player game can be searched exactly. The
 * search is a negamax with alpha-beta over every placement (sk_movegen_all) and the pass (no
 * exchanges: the bag is empty), deepened one ply at a time, with a transposition table; its value
 * is the final spread, end-of-game points included, under the rules' end of the game (match.h):
 *   - a player who plays their last tile ends the game: classic — they gain the other's rack
 *     value and the other loses it (twice that value to the spread); skrabbkle — the other loses
 *     it (once);
 *   - sk_rules_idle_end idle turns in a row (sk_rules_turn_idles; the run starts at the
 *     position's count of scoreless turns) end the game, each player losing their own tiles.
 * An unfinished search (a time or ply limit) returns the line of the deepest iteration it
 * finished, flagged as not proven (docs/engine.md, "Endgames").
 * Not here: choosing moves while the bag has tiles (players.h), writing the answer (the
 * command). */
#ifndef SKRAB_ENDGAME_H
#define SKRAB_ENDGAME_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/movegen.h"
#include "skrab/position.h"
#include "skrab/rules.h"

#define SK_ENDGAME_PLIES_MAX 96 /* the longest line searched */

/* Whether a position can be solved, and why not (a verdict: zero is fine). */
typedef enum {
    SK_ENDGAME_READY = 0,
    SK_ENDGAME_NOT_TWO,       /* not a two-player position */
    SK_ENDGAME_RACK_UNKNOWN,  /* the rack of the player to move is unknown */
    SK_ENDGAME_BAG_NOT_EMPTY, /* tiles are left in the bag (or the opponent's rack cannot be
                                 inferred: the unseen tiles are more than a rack) */
    SK_ENDGAME_GAME_OVER,     /* a rack is empty, or the idle turns ran out: the game ended */
    SK_ENDGAME_NO_IDLE_END    /* the rules never end a game by idle turns: passing could go on
                                 forever */
} sk_endgame_verdict;

/* Checks that POS (player 0 to move) under RULES is an endgame and writes the opponent's rack
 * into OPPONENT (SK_RACK_MAX + 1 bytes, a tile string): the one POS gives, or, when unknown, the
 * unseen tiles (sk_position_unseen). Returns SK_ENDGAME_READY or the reason, with words for
 * people in WHY (always NUL-terminated; may be NULL when WHY_SIZE is 0). */
SK_API sk_endgame_verdict sk_endgame_check(const sk_rules *rules, const sk_position *pos,
                                           char *opponent, char *why, size_t why_size);

/* How a line of play ends. */
typedef enum {
    SK_ENDGAME_END_OUT = 0, /* the last move played its player's last tile */
    SK_ENDGAME_END_IDLE,    /* the idle turns ran out */
    SK_ENDGAME_END_HORIZON  /* the line stops where an unfinished search stopped */
} sk_endgame_end;

/* When to stop deepening: the first iteration (one ply) always finishes; a later one that
 * runs out of time or positions is dropped. A count of positions, unlike a time, gives the same
 * answer on every machine and run. */
typedef struct {
    double seconds;     /* stop after about this long (<= 0: no limit) */
    uint64_t max_nodes; /* stop after about this many positions (0: no limit) */
    int max_plies;      /* deepen no further (0: SK_ENDGAME_PLIES_MAX) */
    int table_bits;     /* transposition table of 2^bits entries of 24 bytes (0: 20; 10..26) */
} sk_endgame_limits;

typedef struct {
    int64_t value;  /* what the rest of the game adds to player 0's spread: their points minus
                       the opponent's, end-of-game points included */
    int64_t spread; /* the final spread: player 0's final score minus the opponent's */
    int proven;     /* 1: the search finished, VALUE is exact; 0: the best line of DEPTH plies */
    int depth;      /* plies of the deepest finished iteration */
    int nmoves;     /* the best line: moves[i] is played by player i % 2 (0: the one to move) */
    sk_gen_move moves[SK_ENDGAME_PLIES_MAX];
    sk_endgame_end end; /* how the line ends */
    int64_t end_points; /* the end-of-game points of the line, to player 0's spread */
    uint64_t nodes;     /* positions searched */
    double elapsed;     /* seconds */
} sk_endgame_result;

typedef struct sk_endgame sk_endgame;

/* A solver: its move generator, move lists and transposition table, reusable from position to
 * position (the table is cleared for each). Returns SK_OK or SK_ENOMEM. */
SK_API int sk_endgame_new(sk_endgame **out);
SK_API void sk_endgame_free(sk_endgame *eg);

/* Solves POS (player 0 to move) under RULES within LIMITS (NULL: none) into OUT. RULES->lexicon
 * must have a GADDAG. Returns SK_OK; SK_EINVAL when sk_endgame_check refuses POS (or the
 * lexicon has no GADDAG); SK_ENOMEM. */
SK_API int sk_endgame_solve(sk_endgame *eg, const sk_rules *rules, const sk_position *pos,
                            const sk_endgame_limits *limits, sk_endgame_result *out);

/* The move of the `endgame` player (players.h): the equity move by LEAVES (sk_movegen_best with
 * exchanges; NULL: the heuristic) while BAG > 0 or POS is not an endgame sk_endgame_check accepts;
 * once the bag is empty, the first move of sk_endgame_solve's line within SK_ENDGAME_PLAYER_NODES
 * positions (a count, so that a seeded game plays the same everywhere). GEN serves the equity move;
 * the solver has its own. Returns as sk_movegen_best and sk_endgame_solve. */
#define SK_ENDGAME_PLAYER_NODES 20000
struct sk_leaves;
SK_API int sk_endgame_choose(sk_movegen *gen, const sk_rules *rules, const struct sk_leaves *leaves,
                             const sk_position *pos, int bag, sk_gen_move *out);

#endif
