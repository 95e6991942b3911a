/* movegen_order.c — ordering move lists (see movegen.h): the fixed order of ties
 * (sk_gen_move_compare), and the whole list sorted, ordered without moving its moves, or its first
 * N put first (sk_move_list_sort, _order, _top), by equity or score. The equity itself is
 * movegen_rank.c's. It uses none of the generator's state. */
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "skrab/error.h"
#include "skrab/movegen.h"

int sk_gen_move_compare(const sk_gen_move *a, const sk_gen_move *b)
{
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->row != b->row) return a->row < b->row ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    if (a->dir != b->dir) return a->dir < b->dir ? -1 : 1;
    return strcmp(a->word, b->word);
}

static int by_equity(const void *x, const void *y)
{
    const sk_gen_move *a = x, *b = y;
    if ((a->kind == SK_MOVE_PASS) != (b->kind == SK_MOVE_PASS))
        return a->kind == SK_MOVE_PASS ? 1 : -1; /* the pass only when nothing else */
    if (a->equity != b->equity) return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    return sk_gen_move_compare(a, b);
}

static int by_score_cmp(const void *x, const void *y)
{
    const sk_gen_move *a = x, *b = y;
    if ((a->kind == SK_MOVE_PASS) != (b->kind == SK_MOVE_PASS))
        return a->kind == SK_MOVE_PASS ? 1 : -1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    return sk_gen_move_compare(a, b);
}

/* The ranking's order by parts. A move's group: the pass or not, its equity (its score when
 * ranking by score) and its score; the groups sort as the comparators sort them up to the square,
 * and one list has few of them (a score and one of the rack's leaves each: about a thousand in
 * thirty thousand moves), so they are numbered by a hash table and sorted alone. Then the moves
 * go by group in that ranking, within a group by place (sk_gen_move_compare's kind, 2 bits,
 * row, 5, column, 5, and direction, 1), and the moves of one group and place by their words
 * (then by their index). A list with a move that does not fit (a score outside
 * 0..KEY_SCORE_MAX) is sorted by the comparators instead. */
#define KEY_SCORE_MAX 0xffff
#define KEY_PLACE_BITS 13 /* kind, row, column, direction */

/* 32 bits that sort ascending as V sorts descending (-0 as +0). */
static uint32_t descending_float(float v)
{
    uint32_t u = 0; /* the bits of +0, for -0 too */
    if (v != 0.0f) memcpy(&u, &v, sizeof(u));
    u = u >> 31 ? ~u : u | 0x80000000u; /* ascending as V ascends */
    return ~u;
}

static uint32_t descending_int(int v)
{
    return ~((uint32_t)v ^ 0x80000000u);
}

static int key_fits(const sk_gen_move *m)
{
    return (unsigned)m->score <= KEY_SCORE_MAX &&
           ((m->row | m->col) >> 5 | m->kind >> 2 | m->dir >> 1) == 0;
}

/* M's group as it is told apart from others (49 bits): the pass or not, the bits of its equity
 * (+0 for -0; none when ranking BY_SCORE) and its score. */
static uint64_t group_of(const sk_gen_move *m, int by_score)
{
    uint32_t bits;
    memcpy(&bits, &m->equity, sizeof(bits));
    bits &= (uint32_t) - (by_score == 0 && bits << 1 != 0); /* -0 as +0 */
    return (uint64_t)(m->kind == SK_MOVE_PASS) << 48 | (uint64_t)bits << 16 | (uint32_t)m->score;
}

/* The value of group G (group_of) that sorts ascending as the comparators sort the groups:
 * from the highest bit the pass (last), the equity or, BY_SCORE, the score (the pass's as 0)
 * from the best down, then the score from the best down. */
static uint64_t group_rank_value(uint64_t g, int by_score)
{
    uint32_t pass = (uint32_t)(g >> 48), score = (uint32_t)g & KEY_SCORE_MAX,
             bits = (uint32_t)(g >> 16);
    float equity;
    memcpy(&equity, &bits, sizeof(equity));
    uint32_t first = by_score ? descending_int(pass ? 0 : (int)score) : descending_float(equity);
    return (uint64_t)pass << 48 | (uint64_t)first << 16 | (KEY_SCORE_MAX - score);
}

static uint32_t place_of(const sk_gen_move *m)
{
    return (uint32_t)m->kind << 11 | (uint32_t)m->row << 6 | (uint32_t)m->col << 1 | m->dir;
}

/* The distinct groups of a list, numbered in the order they are met, with how many moves each
 * has: an open-addressing table of 2^BITS slots, at most half full, each empty (key 0) or a
 * group's value + 1 and its number. */
typedef struct {
    uint64_t key;
    uint32_t number;
} group_slot;

typedef struct {
    group_slot *slot;
    uint64_t *value;   /* by number: the group's value */
    uint32_t *members; /* by number: its moves */
    uint32_t count, bits;
} group_table;

static uint32_t slot_of(uint64_t v, uint32_t bits)
{
    return (uint32_t)((v * 0x9e3779b97f4a7c15u) >> (64 - bits));
}

/* Room for 2^BITS slots and half as many groups, the groups there are kept. Returns 0 when
 * memory is short. */
static int group_table_size(group_table *t, uint32_t bits)
{
    size_t slots = (size_t)1 << bits;
    group_slot *slot = calloc(slots, sizeof(*slot));
    uint64_t *value = realloc(t->value, slots / 2 * sizeof(*value));
    if (value) t->value = value;
    uint32_t *members = realloc(t->members, slots / 2 * sizeof(*members));
    if (members) t->members = members;
    if (!slot || !value || !members) {
        free(slot);
        return 0;
    }
    free(t->slot);
    t->slot = slot;
    t->bits = bits;
    uint32_t mask = (uint32_t)slots - 1;
    for (uint32_t g = 0; g < t->count; g++) {
        uint32_t s = slot_of(t->value[g], bits);
        while (slot[s].key)
            s = (s + 1) & mask;
        slot[s] = (group_slot){t->value[g] + 1, g};
    }
    return 1;
}

static void group_table_free(group_table *t)
{
    free(t->slot);
    free(t->value);
    free(t->members);
}

/* The number of a new group V, with no moves yet, whose slot would be S. UINT32_MAX when memory
 * is short. */
static uint32_t group_new(group_table *t, uint64_t v, uint32_t s)
{
    uint32_t mask = (1u << t->bits) - 1;
    if (t->count == mask / 2 + 1) { /* half full: grown, and the slot found again */
        if (!group_table_size(t, t->bits + 1)) return UINT32_MAX;
        mask = (1u << t->bits) - 1;
        for (s = slot_of(v, t->bits); t->slot[s].key; s = (s + 1) & mask)
            ;
    }
    t->slot[s] = (group_slot){v + 1, t->count};
    t->value[t->count] = v;
    t->members[t->count] = 0;
    return t->count++;
}

#define GROUP_BITS 15 /* below a group's 49-bit value when there are at most 2^15 groups */

/* Sorts A (N numbers) ascending: a radix sort by bytes from the lowest, the bytes all numbers
 * share skipped; SPARE (N) the other half of each pass. */
static void sort_u64(uint64_t *a, size_t n, uint64_t *spare)
{
    uint64_t *from = a, *to = spare;
    for (int shift = 0; shift < 64; shift += 8) {
        uint32_t count[256] = {0};
        for (size_t i = 0; i < n; i++)
            count[from[i] >> shift & 0xff]++;
        if (count[from[0] >> shift & 0xff] == n) continue;
        uint32_t at = 0;
        for (int v = 0; v < 256; v++) {
            uint32_t here = count[v];
            count[v] = at;
            at += here;
        }
        for (size_t i = 0; i < n; i++)
            to[count[from[i] >> shift & 0xff]++] = from[i];
        uint64_t *t = from;
        from = to;
        to = t;
    }
    if (from != a) memcpy(a, from, n * sizeof(*a));
}

static int by_value(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* A move as the order sorts it: its word's first 8 bytes as a number that orders as strcmp
 * orders them (the bytes after a NUL as 0), its index, its group and place. */
typedef struct {
    uint64_t prefix;
    uint32_t index;
    uint32_t key; /* its group and place: group << KEY_PLACE_BITS | place */
} word_key;

static uint64_t word_prefix(const sk_gen_move *m)
{
    _Static_assert(sizeof(m->word) >= 8, "a word has 8 bytes to read");
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, m->word, sizeof(v));
    /* the first NUL's byte is the lowest with its flag set; the bytes from it on are cleared */
    uint64_t nul = (v - 0x0101010101010101u) & ~v & 0x8080808080808080u;
    if (nul) v &= ((nul & (0 - nul)) >> 7) - 1;
    return __builtin_bswap64(v);
#else
    uint64_t v = 0;
    for (int i = 0; i < 8 && m->word[i]; i++)
        v |= (uint64_t)(unsigned char)m->word[i] << (56 - 8 * i);
    return v;
#endif
}

/* A before B: by word, then by index. */
static int word_before(const sk_gen_move *moves, const word_key *a, const word_key *b)
{
    if (a->prefix != b->prefix) return a->prefix < b->prefix;
    if ((a->prefix & 0xff) != 0) { /* 8 bytes alike, no NUL among them: the rest decides */
        int c = strcmp(moves[a->index].word + 8, moves[b->index].word + 8);
        if (c) return c < 0;
    }
    return a->index < b->index;
}

static void insertion_sort(const sk_gen_move *moves, word_key *k, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        word_key in = k[i];
        size_t j = i;
        for (; j > 0 && word_before(moves, &in, &k[j - 1]); j--)
            k[j] = k[j - 1];
        k[j] = in;
    }
}

#define RUN_SORTED 16 /* a run of equal keys this short is sorted by insertion */

/* Sorts K (N) by word_before: runs of RUN_SORTED by insertion, then merged, SPARE (N) the
 * other half of each merge. */
static void word_sort(const sk_gen_move *moves, word_key *k, size_t n, word_key *spare)
{
    for (size_t i = 0; i < n; i += RUN_SORTED)
        insertion_sort(moves, k + i, n - i < RUN_SORTED ? n - i : RUN_SORTED);
    word_key *from = k, *to = spare;
    for (size_t width = RUN_SORTED; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = mid + width < n ? mid + width : n;
            size_t a = lo, b = mid, at = lo;
            while (a < mid && b < hi)
                to[at++] = word_before(moves, &from[b], &from[a]) ? from[b++] : from[a++];
            while (a < mid)
                to[at++] = from[a++];
            while (b < hi)
                to[at++] = from[b++];
        }
        word_key *t = from;
        from = to;
        to = t;
    }
    if (from != k) memcpy(k, from, n * sizeof(*k));
}

/* The moves the qsort comparators below read (a sort runs on one thread at a time per list;
 * these are only read between setting them and the qsort that uses them). */
static _Thread_local const sk_gen_move *sort_moves;
static _Thread_local int (*sort_cmp)(const void *, const void *);

/* Indexes into sort_moves, by sort_cmp (then the index). */
static int by_index(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    int c = sort_cmp(&sort_moves[a], &sort_moves[b]);
    return c ? c : a < b ? -1 : a > b;
}

#define PLACES (1u << KEY_PLACE_BITS)

/* ORDER as sk_move_list_order gives it: the moves' groups numbered and ranked, then (word
 * prefix, index, group and place) records sorted by a stable counting sort by place, then one
 * by group in the groups' ranking, then each run of equal group and place by its words where it
 * lies. Returns 1 when done, 0 when a move's key does not fit, -1 when memory is short. */
static int radix_order(const sk_gen_move *moves, size_t n, int by_score, uint32_t *order)
{
    int done = -1;
    group_table groups = {NULL, NULL, NULL, 0, 0};
    word_key *records = malloc(2 * n * sizeof(*records)); /* and by place */
    uint32_t *place_at = calloc(PLACES, sizeof(*place_at)), *group_at = NULL;
    if (!records || !place_at || !group_table_size(&groups, 10)) goto out;
    word_key *by_place = records + n;
    /* one pass over the moves: ORDER holds each one's group and place until the end; the
     * table as it is now in locals (it moves when it grows) */
    group_slot *slot = groups.slot;
    uint32_t *members = groups.members, bits = groups.bits, mask = (1u << bits) - 1;
    for (size_t i = 0; i < n; i++) {
        const sk_gen_move *m = &moves[i];
        if (!key_fits(m)) {
            done = 0;
            goto out;
        }
        uint64_t v = group_of(m, by_score);
        uint32_t g, s = slot_of(v, bits), place = place_of(m);
        for (;; s = (s + 1) & mask) {
            if (slot[s].key == v + 1) {
                g = slot[s].number;
                break;
            }
            if (!slot[s].key) {
                if ((g = group_new(&groups, v, s)) == UINT32_MAX) goto out;
                slot = groups.slot;
                members = groups.members;
                bits = groups.bits;
                mask = (1u << bits) - 1;
                break;
            }
        }
        members[g]++;
        if (g >> (32 - KEY_PLACE_BITS)) { /* more groups than a key holds */
            done = 0;
            goto out;
        }
        records[i] = (word_key){word_prefix(m), (uint32_t)i, g << KEY_PLACE_BITS | place};
        place_at[place]++;
    }
    uint32_t ngroups = groups.count;
    group_at = malloc(ngroups * sizeof(*group_at));
    if (!group_at) goto out;
    {
        /* where each group starts: the groups ranked, by their values with their numbers below
         * (49 + 15 bits), or as (value, number) pairs when there are more */
        uint64_t *pairs = (uint64_t *)by_place; /* 2 words a group: 2 * ngroups <= 2 * n */
        int packed = ngroups <= 1u << GROUP_BITS;
        for (uint32_t g = 0; g < ngroups; g++) {
            uint64_t v = group_rank_value(groups.value[g], by_score);
            if (packed) {
                pairs[g] = v << GROUP_BITS | g;
            } else {
                pairs[2 * g] = v;
                pairs[2 * g + 1] = g;
            }
        }
        if (packed)
            sort_u64(pairs, ngroups, pairs + ngroups);
        else
            qsort(pairs, ngroups, 2 * sizeof(*pairs), by_value);
        uint32_t at = 0;
        for (uint32_t r = 0; r < ngroups; r++) {
            uint32_t g = packed ? (uint32_t)(pairs[r] & ((1u << GROUP_BITS) - 1))
                                : (uint32_t)pairs[2 * r + 1];
            group_at[g] = at;
            at += groups.members[g];
        }
    }
    uint32_t at = 0;
    for (uint32_t p = 0; p < PLACES; p++) {
        uint32_t here = place_at[p];
        place_at[p] = at;
        at += here;
    }
    for (size_t i = 0; i < n; i++)
        by_place[place_at[records[i].key & (PLACES - 1)]++] = records[i];
    for (size_t i = 0; i < n; i++)
        records[group_at[by_place[i].key >> KEY_PLACE_BITS]++] = by_place[i];
    /* the runs of equal keys, by word, where they lie (BY_PLACE the room a merge needs) */
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && records[j].key == records[i].key; j++)
            ;
        if (j - i <= RUN_SORTED)
            insertion_sort(moves, records + i, j - i);
        else
            word_sort(moves, records + i, j - i, by_place);
    }
    for (size_t i = 0; i < n; i++)
        order[i] = records[i].index;
    done = 1;
out:
    group_table_free(&groups);
    free(records);
    free(place_at);
    free(group_at);
    return done;
}

/* Below this many moves a list is sorted by its comparator. */
#define RADIX_MIN 256

int sk_move_list_order(const sk_move_list *list, int by_score, uint32_t *order)
{
    size_t n = list->count;
    if (n > UINT32_MAX) return SK_ETOOBIG;
    int done = n >= RADIX_MIN ? radix_order(list->moves, n, by_score, order) : 0;
    if (done < 0) return SK_ENOMEM;
    if (done) return SK_OK;
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    sort_moves = list->moves;
    sort_cmp = by_score ? by_score_cmp : by_equity;
    qsort(order, n, sizeof(*order), by_index);
    return SK_OK;
}

void sk_move_list_sort(sk_move_list *list, int by_score)
{
    size_t n = list->count;
    if (n < 2) return;
    uint32_t *order = n >= RADIX_MIN ? malloc(n * sizeof(*order)) : NULL;
    if (!order || sk_move_list_order(list, by_score, order) != SK_OK) {
        free(order);
        qsort(list->moves, n, sizeof(list->moves[0]), by_score ? by_score_cmp : by_equity);
        return;
    }
    /* the moves into their places, in place: order[i] is the move that goes to i; each cycle of
     * that permutation is followed once, marking the places done */
    sk_gen_move *m = list->moves;
    for (size_t i = 0; i < n; i++) {
        if (order[i] == i) continue;
        sk_gen_move first = m[i];
        size_t at = i;
        while (order[at] != i) {
            size_t from = order[at];
            m[at] = m[from];
            order[at] = (uint32_t)at;
            at = from;
        }
        m[at] = first;
        order[at] = (uint32_t)at;
    }
    free(order);
}

void sk_move_list_top(sk_move_list *list, size_t n, int by_score)
{
    if (n == 0) return;
    if (list->count < 64 || n >= list->count / 8) {
        sk_move_list_sort(list, by_score);
        return;
    }
    int (*cmp)(const void *, const void *) = by_score ? by_score_cmp : by_equity;
    sk_gen_move *m = list->moves;
    qsort(m, n, sizeof(*m), cmp);
    for (size_t i = n; i < list->count; i++) {
        if (cmp(&m[i], &m[n - 1]) >= 0) continue;
        sk_gen_move in = m[i];
        m[i] = m[n - 1]; /* the one it displaces goes back among the rest */
        size_t j = n - 1;
        for (; j > 0 && cmp(&in, &m[j - 1]) < 0; j--)
            m[j] = m[j - 1];
        m[j] = in;
    }
}
