/* movegen.h — every legal placement for the player to move, found by walking the GADDAG from
 * anchor squares (Gordon's algorithm) with per-square cross sets as letter bit masks, scoring as
 * it walks. Both rule sets: classic (cross words checked and scored) and skrabbkle (no placed
 * tile may touch a tile sideways; the word must run through a tile already in its line after the
 * first move). Both directions by one code path over a transposed view. No allocation in the
 * inner loop: moves go to a growable list owned by the caller.
 * Counting follows the usual convention: every distinct set of placed tiles (square, letter,
 * blank or not) is one move; a one-tile play is one move, reported across when it makes an
 * across word, else down. Exchanges and passes are added by sk_movegen_add_non_placements. */
#ifndef SKRAB_MOVEGEN_H
#define SKRAB_MOVEGEN_H

#include <stddef.h>
#include <stdint.h>

#include "skrab/api.h"
#include "skrab/position.h"
#include "skrab/rules.h"

typedef struct {
    int score;
    float equity;                /* score + leave value (see leave.h); = score until ranked */
    uint8_t kind;                /* sk_move_kind */
    uint8_t row, col, dir;       /* the main word's first square and direction */
    uint8_t len, nplaced;        /* word length; tiles placed */
    uint32_t placed;             /* bit i set: square i of the word is placed by this move */
    char word[SK_BOARD_MAX + 1]; /* a tile string (alphabet.h): the word as on the board after
                                    the move; for an exchange, the tiles exchanged */
} sk_gen_move;

typedef struct {
    sk_gen_move *moves;
    size_t count, cap;
    int failed; /* an allocation failed: the list is incomplete */
} sk_move_list;

SK_API void sk_move_list_init(sk_move_list *list);
SK_API void sk_move_list_free(sk_move_list *list);

typedef struct sk_movegen sk_movegen;

/* Scratch space for generation, reusable across positions. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_movegen_new(sk_movegen **out);
SK_API void sk_movegen_free(sk_movegen *gen);

/* The generator keeps the cross sets of the last position and, when the next one only adds
 * tiles to it, updates them instead of starting afresh. This drops what it keeps: for a caller
 * that changed a board in place, and for benchmarks that must not measure a cache. */
SK_API void sk_movegen_forget(sk_movegen *gen);

/* Lets sk_movegen_best and sk_movegen_top use WM (NULL: none) for positions of its lexicon:
 * after the shadow bounds, windows are then evaluated by word-map lookups where that is cheaper
 * than walking the GADDAG (racks of up to 8 lettered tiles and at most one blank; other racks,
 * and the first move, are walked; docs/engine.md, "The word map"). The moves found are the same.
 * WM must outlive its use; one map may serve many generators (it is only read). */
struct sk_wordmap;
SK_API void sk_movegen_use_wordmap(sk_movegen *gen, const struct sk_wordmap *wm);

/* The walk table: the lexicon's nodes widened to 64 bits, each with the set of letters its
 * child list holds, so that the GADDAG walk skips dead ends before loading them. It is built
 * once per lexicon and shared by every generator and thread that uses it (8 bytes a node: 9 MB
 * for SOWPODS). Building it costs more than the walk of one position saves, so a generator
 * builds it only when it sets up its AFTER-th position (counting from its creation; 0 and 1:
 * the first); until then it walks without it, finding the same moves
 * (docs/engine.md, "The walk table"). */
#define SK_MOVEGEN_TABLE_AFTER 1000
SK_API void sk_movegen_set_table_after(sk_movegen *gen, unsigned long after);

/* Appends every legal placement of player 0's rack (POS->racks[0], which must be known) on POS
 * under RULES to OUT. RULES->lexicon must be set and have a GADDAG. Returns SK_OK, SK_EINVAL
 * (no lexicon, no GADDAG, unknown rack, or a position that does not fit the board), SK_ENOMEM. */
SK_API int sk_movegen_all(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                          sk_move_list *out);

/* The best move for player 0 without listing the others: the same walk, keeping only the
 * leader. Ranked by score (BY_SCORE) or by equity = score + sk_leave_value(LEAVES, kept tiles);
 * ties in the order of sk_gen_move_compare, so the result is exactly the head of
 * sk_movegen_all + sk_move_list_sort. With EXCHANGES set (classic, bag permitting: BAG >=
 * exchange_min) exchanges compete too (equity = the kept tiles' value); when nothing is
 * playable the pass is returned. Returns as sk_movegen_all. */
struct sk_leaves;
SK_API int sk_movegen_best(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                           const struct sk_leaves *leaves, int by_score, int exchanges, int bag,
                           sk_gen_move *out);

/* The N best moves for player 0, appended to OUT best first: exactly the first N of the full
 * list — sk_movegen_all, then sk_movegen_add_non_placements (with BAG when EXCHANGES is set,
 * else -1: the pass alone), sk_move_list_rank and sk_move_list_sort — fewer when there are
 * fewer. The placements are found like sk_movegen_best, with the N-th best as the bar a move
 * must clear. Returns as sk_movegen_all. */
SK_API int sk_movegen_top(sk_movegen *gen, const sk_rules *rules, const sk_position *pos,
                          const struct sk_leaves *leaves, int by_score, int exchanges, int bag,
                          size_t n, sk_move_list *out);

/* Appends the pass and (classic, bag permitting: BAG >= RULES->exchange_min) every distinct
 * exchange of a non-empty sub-multiset of the rack. */
SK_API int sk_movegen_add_non_placements(const sk_rules *rules, const sk_position *pos, int bag,
                                         sk_move_list *out);

/* Sorts OUT best first: by equity (or score when BY_SCORE), then score, then the fixed order of
 * sk_gen_move_compare; the pass always last (it is the move of last resort). */
SK_API void sk_move_list_sort(sk_move_list *list, int by_score);

/* The order sk_move_list_sort would give LIST, without moving its moves: ORDER (LIST->count
 * entries) receives the index in LIST of the best move, then of the next, and so on. For a
 * caller that reads every move once in that order. Returns SK_OK, SK_ENOMEM, or SK_ETOOBIG for
 * a list of more than UINT32_MAX moves. */
SK_API int sk_move_list_order(const sk_move_list *list, int by_score, uint32_t *order);

/* Puts the N best moves of LIST first (all of them when N >= its count), in the order
 * sk_move_list_sort gives; the rest follow in no particular order. Cheaper than sorting the
 * whole list when N is small. */
SK_API void sk_move_list_top(sk_move_list *list, size_t n, int by_score);

/* Sets the equity of every move of LIST made from RACK: its score plus sk_leave_value(LEAVES,
 * the tiles it keeps), or the score alone when BY_SCORE; the pass's is the value of keeping the
 * whole rack (0 by score). Each distinct leave is valued once. Returns SK_OK or SK_ENOMEM. */
SK_API int sk_move_list_rank(sk_move_list *list, const char *rack, const struct sk_leaves *leaves,
                             int by_score);

/* The fixed tie order: placements before exchanges before the pass; then row, column,
 * direction (across first), then the word (byte order). Returns <0, 0, >0. */
SK_API int sk_gen_move_compare(const sk_gen_move *a, const sk_gen_move *b);

/* Writes a generated move in STYLE through sk_play_write, the one writer of moves:
 * "8G UNPItIED", "-ABC", "-" (SK_PLAY_GCG), "DINT,h6" (SK_PLAY_SKRABBKLE), "PLACE - 8 8 WORD",
 * "EXCHANGE ABC", "PASS" (SK_PLAY_CS104). sk_gen_move_write_gcg is the canonical form. */
SK_API void sk_gen_move_write(const sk_gen_move *m, sk_play_style style,
                              const sk_alphabet *alphabet, sk_buf *out);
SK_API void sk_gen_move_write_gcg(const sk_gen_move *m, const sk_alphabet *alphabet, sk_buf *out);

/* Writes M as sk_gen_move_write does into OUT (SK_GEN_MOVE_TEXT_MAX bytes), NUL-terminated, and
 * returns its length: for writers of many moves, which gather them in a buffer of their own. */
#define SK_GEN_MOVE_TEXT_MAX 512
SK_API size_t sk_gen_move_format(const sk_gen_move *m, sk_play_style style,
                                 const sk_alphabet *alphabet, char *out);

/* Fills PLAY from a generated move: kind, direction, placed tiles, the main word's squares and
 * letters (its score and the cross words are not filled: sk_rules_words does that), the score,
 * exchanged tiles. For sk_game_apply and sk_play_write. */
SK_API void sk_gen_move_to_play(const sk_gen_move *m, sk_play *play);

/* The cross word M forms through square I of its main word (0 = its first square) on POS, the
 * position it was generated for: the run of tiles across the main word's direction through
 * that square, with M's tile on it, into OUT (at least SK_BOARD_MAX + 1 bytes), as on the board
 * (lowercase for blanks). Returns its length: 0 when M places no tile on square I, 1 when the
 * tile has no neighbour that way (no word). The words of a generated move are its main word,
 * then these of length 2 or more in order of I, as sk_rules_words lists them; this finds them
 * without laying the move on a copy of the board. */
SK_API int sk_gen_move_cross_word(const sk_gen_move *m, const sk_position *pos, int i, char *out);

/* The rack left after M (RACK minus the placed or exchanged tiles; tile strings), into OUT
 * (at least SK_RACK_MAX + 1 bytes), letters in rack order. */
SK_API void sk_gen_move_leave(const sk_gen_move *m, const char *rack, char *out);

/* The tiles a move of one rack uses, told as a number: for those who keep something per leave
 * (the ranking's values, suggest's leave texts). Each tile adds VECTOR[byte] to a count vector
 * (8 bits for each of the rack's kinds, the top 8 counting tiles of other kinds: a move uses
 * too few tiles to carry a field over) and STEP[byte] to the index, a number with a digit of
 * base count + 1 for each kind of the rack. The moves that use only the rack's tiles, no kind
 * more often than the rack holds it, have the indexes 0 .. CELLS - 1, one for each multiset:
 * equal indexes keep equal leaves. FITS is 0 for a rack of more than 7 kinds or more than 65536
 * multisets, which has no index. */
typedef struct {
    uint64_t vector[256];
    uint32_t step[256];
    uint64_t guard; /* added to a vector, sets a field's top bit when the rack is exceeded */
    size_t cells;
    int fits;
} sk_rack_tally;
SK_API void sk_rack_tally_init(sk_rack_tally *t, const char *rack);
/* The index of the tiles M (a placement or an exchange) uses, or -1 when it has none: the
 * tally does not fit, or M uses a tile the rack lacks or has fewer of. */
static inline long sk_rack_tally_index(const sk_rack_tally *t, const sk_gen_move *m)
{
    uint64_t used = 0;
    uint32_t index = 0;
    if (m->kind == SK_MOVE_PLACE) {
        for (uint32_t bits = m->placed; bits; bits &= bits - 1) {
            unsigned char c = (unsigned char)m->word[__builtin_ctz(bits)];
            used += t->vector[c];
            index += t->step[c];
        }
    } else {
        for (const char *p = m->word; *p; p++) {
            used += t->vector[(unsigned char)*p];
            index += t->step[(unsigned char)*p];
        }
    }
    return t->fits && ((used + t->guard) & 0x8080808080808080u) == 0 ? (long)index : -1;
}

#endif
