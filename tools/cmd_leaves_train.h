/* cmd_leaves_train.h — the learning behind `skrab leaves train` (cmd_leaves_train.c): every leave
 * a game's tile set allows, games of self-play ranked by equity, on whose boards racks drawn at
 * random are valued and their values shared among the leaves each rack holds, shrunk toward a
 * prior made of smaller leaves
 * (docs/engine.md, "Trained leave values"). The command's options and output are in
 * cmd_leaves.c. */
#ifndef SKRAB_CMD_LEAVES_TRAIN_H
#define SKRAB_CMD_LEAVES_TRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/leave.h"
#include "skrab/leave_write.h"
#include "skrab/movegen.h"
#include "skrab/rules.h"
#include "skrab/wordmap.h"

/* The longest leave the trainer values (a leave is packed in 7 bits a tile into 64), and the
 * most leaves it enumerates (the English tile set's leaves of 1..6 tiles are 914,624). */
#define SK_TRAIN_LEAVE_MAX 9
#define SK_TRAIN_LEAVES_MAX 4000000
/* Turns a chunk of games plays at most before its last game: the unit of work, each chunk
 * seeded from the seed, so that the games played do not depend on the threads. */
#define SK_TRAIN_CHUNK_TURNS 2000

typedef struct sk_leave_set sk_leave_set;

/* Every multiset of 1..RULES->rack_size - 1 tiles the tile set of RULES holds (counts
 * respected, the blank included), in alphabetical order (docs/formats.md, "Leave values
 * (KLV)"). Returns SK_OK, SK_ENOMEM, or SK_ETOOBIG: leaves longer than SK_TRAIN_LEAVE_MAX or more
 * than SK_TRAIN_LEAVES_MAX of them. */
int sk_leave_set_new(sk_leave_set **out, const sk_rules *rules);
void sk_leave_set_free(sk_leave_set *set);
size_t sk_leave_set_count(const sk_leave_set *set);

/* What one generation learns: for each leave of the set, the racks valued that held it (COUNT),
 * the sum of the ways they held it (WEIGHT) and the sum of their values times those ways (SUM, in
 * 1/1024 points): whole numbers, so that sums do not depend on the order chunks finish in.
 * Index sk_leave_set_count (the empty leave) is unused. */
typedef struct {
    int64_t *sum;
    uint64_t *weight;
    uint32_t *count;
    long long games, turns, racks; /* racks: racks valued */
} sk_leave_tally;

int sk_leave_tally_init(sk_leave_tally *t, const sk_leave_set *set);
void sk_leave_tally_free(sk_leave_tally *t);
/* Adds FROM into INTO (tallies of the same set). */
void sk_leave_tally_add(sk_leave_tally *into, const sk_leave_tally *from, const sk_leave_set *set);

/* The index of the leave KINDS[0..N) (sorted tile kinds) in SET; -1: not in it. */
long sk_leave_set_find(const sk_leave_set *set, const unsigned char *kinds, int n);

/* Gives VALUE (1/1024 points) to every leave of 1 to N - 1 tiles the rack KINDS[0..N) (sorted)
 * holds, once for each set of the rack's tiles that makes it (a rack with three E's holds E
 * three times, EE three times, EEE once): adds that number to the leave's WEIGHT, VALUE times it
 * to its SUM, and 1 to its COUNT. Leaves not in SET are passed over. */
void sk_leave_tally_rack(sk_leave_tally *t, const sk_leave_set *set, const unsigned char *kinds,
                         int n, int64_t value);

/* What a chunk plays with: shared, read only, by every thread. */
typedef struct {
    const sk_rules *rules;
    const sk_leaves *leaves; /* this generation's values; NULL: the built-in heuristic */
    const sk_leave_set *set;
    const sk_wordmap *wm; /* NULL: none */
    uint64_t seed;
    int generation;
} sk_train_round;

/* Plays chunk CHUNK of R (games seeded from R->seed, R->generation and CHUNK, until QUOTA turns
 * are played: the last game is played out) with GEN, adding to TALLY. Returns SK_OK, or an error of
 * the move generator, or SK_EINVAL when a generated move is refused by the referee. */
int sk_train_chunk(const sk_train_round *r, long chunk, long quota, sk_movegen *gen,
                   sk_leave_tally *tally);

/* The values of a generation's TALLY: for each leave L, m(L) = SUM / WEIGHT, the weighted mean
 * value of the racks that held L (a rack's value: its best equity on a board of the middle of a
 * game less the mean of the other racks' valued on that board; its weight: the sets of its tiles
 * that make L, so that m(L) is the mean of L filled up at random from a full bag less L), shrunk
 * toward a prior p(L) as (n m + K p) / (n + K), n the racks that held L and K PRIOR_WEIGHT. p(L) is
 * the heuristic's value of L plus the mean, over the distinct tiles t of L, of what was learnt
 * beyond the heuristic of L - t and of t (v - heuristic). Fills OUT (one entry a leave, in the
 * set's order) and *SEEN (leaves held by a rack at least once). */
void sk_leave_values(const sk_leave_set *set, const sk_leave_tally *tally, double prior_weight,
                     sk_leave_entry *out, size_t *seen);

#endif
