/* movegen_rank.c — the equity of every move of a list (sk_move_list_rank, see movegen.h): its
 * score plus the value of the leave it keeps, each distinct leave valued once. The order of the
 * list is movegen_order.c's; it uses none of the generator's state. */
#include <stdlib.h>

#include "internal/movegen.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"

/* The tile kind of C, a tile of a move or a rack (a blank, played as a letter or not, is kind 0),
 * as sk_gen_move_leave counts them. */
static int kind_of(char c)
{
    return sk_tile_kind((sk_tile)c);
}

/* The memo of leave values by the index of the tiles used: CELLS values, none known yet. Returns
 * SK_OK or SK_ENOMEM (nothing allocated). */
static int memo_alloc(size_t cells, float **value, unsigned char **known)
{
    *value = malloc(cells * sizeof(**value));
    *known = calloc(cells, 1);
    if (*value && *known) return SK_OK;
    free(*value);
    free(*known);
    return SK_ENOMEM;
}

/* The leave of each move of LIST worked out by itself, for a rack whose tally T does not fit
 * (see sk_rack_tally): the values of the leaves that hold only the rack's tiles are kept in a
 * table by the index of the tiles used (T->step) when its T->cells are at most 65536 (a rack of
 * more than 7 kinds), each move's tiles checked against the rack's counts. */
static int rank_each(sk_move_list *list, const char *rack, const struct sk_leaves *leaves,
                     const sk_rack_tally *t)
{
    int counts[SK_TILE_KINDS] = {0};
    for (const char *p = rack; *p; p++) {
        int k = kind_of(*p);
        if (k >= 0 && k < SK_TILE_KINDS) counts[k]++;
    }
    size_t cells = t->cells;
    float *value = NULL;
    unsigned char *known = NULL;
    if (cells <= 65536 && memo_alloc(cells, &value, &known) != SK_OK) return SK_ENOMEM;
    char kept[SK_RACK_MAX + 1];
    for (size_t i = 0; i < list->count; i++) {
        sk_gen_move *m = &list->moves[i];
        m->equity = (float)m->score;
        if (m->kind == SK_MOVE_PASS) {
            m->equity = (float)sk_leave_value(leaves, rack);
            continue;
        }
        /* the index of the tiles it uses, when they are all on the rack */
        unsigned char used[SK_TILE_KINDS] = {0};
        int index = 0, ok = value != NULL;
        if (m->kind == SK_MOVE_PLACE) {
            for (uint32_t bits = m->placed; ok && bits; bits &= bits - 1) {
                unsigned char c = (unsigned char)m->word[__builtin_ctz(bits)];
                int k = kind_of((char)c);
                ok = k >= 0 && k < SK_TILE_KINDS && ++used[k] <= counts[k];
                if (ok) index += (int)t->step[c];
            }
        } else {
            for (int j = 0; ok && m->word[j]; j++) {
                unsigned char c = (unsigned char)m->word[j];
                int k = kind_of((char)c);
                ok = k >= 0 && k < SK_TILE_KINDS && ++used[k] <= counts[k];
                if (ok) index += (int)t->step[c];
            }
        }
        if (ok && known[index]) {
            m->equity += value[index];
            continue;
        }
        sk_gen_move_leave(m, rack, kept);
        float v = (float)sk_leave_value(leaves, kept);
        if (ok) {
            value[index] = v;
            known[index] = 1;
        }
        m->equity += v;
    }
    free(value);
    free(known);
    return SK_OK;
}

/* The most kinds a tally's count vector holds (see sk_rack_tally). */
#define VECTOR_KINDS 7
#define VECTOR_OTHER ((uint64_t)1 << 56)

void sk_rack_tally_init(sk_rack_tally *t, const char *rack)
{
    int counts[SK_TILE_KINDS] = {0};
    for (const char *p = rack; *p; p++) {
        int k = kind_of(*p);
        if (k >= 0 && k < SK_TILE_KINDS) counts[k]++;
    }
    uint64_t kind_vector[SK_TILE_KINDS];
    uint32_t radix[SK_TILE_KINDS] = {0};
    size_t cells = 1;
    int slots = 0;
    t->guard = (uint64_t)0x7f << 56; /* a tile of another kind: the top field's top bit */
    for (int k = 0; k < SK_TILE_KINDS; k++) {
        kind_vector[k] = VECTOR_OTHER;
        if (!counts[k]) continue;
        radix[k] = (uint32_t)cells;
        if (cells <= 65536) cells *= (size_t)counts[k] + 1;
        if (slots < VECTOR_KINDS) {
            kind_vector[k] = (uint64_t)1 << (8 * slots);
            t->guard |= (uint64_t)(0x7f - counts[k]) << (8 * slots);
        }
        slots++;
    }
    t->cells = cells;
    t->fits = cells <= 65536 && slots <= VECTOR_KINDS;
    for (int c = 0; c < 256; c++) {
        int k = kind_of((char)c);
        int on_rack = k >= 0 && k < SK_TILE_KINDS && counts[k];
        t->vector[c] = on_rack ? kind_vector[k] : VECTOR_OTHER;
        t->step[c] = on_rack ? radix[k] : 0;
    }
}

int sk_move_list_rank(sk_move_list *list, const char *rack, const struct sk_leaves *leaves,
                      int by_score)
{
    sk_gen_move *moves = list->moves;
    if (by_score) {
        for (size_t i = 0; i < list->count; i++)
            moves[i].equity = moves[i].kind == SK_MOVE_PASS ? 0.0f : (float)moves[i].score;
        return SK_OK;
    }
    sk_rack_tally tally;
    sk_rack_tally_init(&tally, rack);
    if (!tally.fits) return rank_each(list, rack, leaves, &tally); /* each leave by itself */
    float *value;
    unsigned char *known;
    if (memo_alloc(tally.cells, &value, &known) != SK_OK) return SK_ENOMEM;
    char kept[SK_RACK_MAX + 1];
    for (size_t i = 0; i < list->count; i++) {
        sk_gen_move *m = &moves[i];
        if (m->kind == SK_MOVE_PASS) {
            m->equity = (float)sk_leave_value(leaves, rack);
            continue;
        }
        long index = sk_rack_tally_index(&tally, m);
        float score = (float)m->score, v;
        if (index >= 0 && known[index]) {
            v = value[index];
        } else {
            sk_gen_move_leave(m, rack, kept);
            v = (float)sk_leave_value(leaves, kept);
            if (index >= 0) {
                value[index] = v;
                known[index] = 1;
            }
        }
        m->equity = score + v;
    }
    free(value);
    free(known);
    return SK_OK;
}
