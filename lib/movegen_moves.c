/* movegen_moves.c — move lists and what to do with generated moves: the list's growth,
 * exchanges and the pass, the fixed ranking order, and writing a move in each notation (see
 * movegen.h). The bottom of the generator's files: it uses none of the generator's state. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
#include "internal/play_text.h"
#include "skrab/error.h"
#include "skrab/leave.h"
#include "skrab/movegen.h"

void sk_move_list_init(sk_move_list *list)
{
    memset(list, 0, sizeof(*list));
}

void sk_move_list_free(sk_move_list *list)
{
    free(list->moves);
    memset(list, 0, sizeof(*list));
}

int sk_mg_list_grow(sk_move_list *l)
{
    size_t cap = l->cap ? l->cap * 2 : 1024;
    sk_gen_move *m = realloc(l->moves, cap * sizeof(*m));
    if (!m) {
        l->failed = 1;
        return 0;
    }
    l->moves = m;
    l->cap = cap;
    return 1;
}

/* Appends every distinct sub-multiset of COUNTS (tile kinds KIND..END-1) with at least one
 * tile. */
static void exchanges(sk_move_list *out, const int counts[SK_TILE_KINDS], int kind, int end,
                      char *buf, int n)
{
    if (kind == end) {
        if (n == 0) return;
        sk_gen_move *m = sk_mg_list_push(out);
        if (!m) return;
        memset(m, 0, sizeof(*m));
        m->kind = SK_MOVE_EXCHANGE;
        memcpy(m->word, buf, (size_t)n);
        m->word[n] = '\0';
        m->nplaced = (uint8_t)n;
        return;
    }
    for (int k = 0; k <= counts[kind]; k++) {
        for (int i = 0; i < k; i++)
            buf[n + i] = (char)(kind == SK_TILE_BLANK ? SK_TILE_WILD : kind);
        exchanges(out, counts, kind + 1, end, buf, n + k);
    }
}

int sk_movegen_add_non_placements(const sk_rules *rules, const sk_position *pos, int bag,
                                  sk_move_list *out)
{
    if (rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min) {
        int counts[SK_TILE_KINDS] = {0}, end = 0;
        for (const char *p = pos->racks[0]; *p; p++) {
            int k = sk_tile_kind((sk_tile)*p);
            counts[k]++;
            if (k >= end) end = k + 1;
        }
        char buf[SK_RACK_MAX + 1];
        exchanges(out, counts, 0, end, buf, 0);
    }
    sk_gen_move *pass = sk_mg_list_push(out);
    if (!pass) return SK_ENOMEM;
    memset(pass, 0, sizeof(*pass));
    pass->kind = SK_MOVE_PASS;
    return out->failed ? SK_ENOMEM : SK_OK;
}

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

/* A move's place in the ranking as one number that sorts in ascending order exactly as the
 * comparators do, up to the word; from the highest bit: the pass (last), the equity (the score
 * when BY_SCORE) from the best down (32 bits), the score from the best down (as many bits as the
 * list's best score needs), then sk_gen_move_compare's kind (2 bits), row (5), column (5) and
 * direction (1). A list with a move that does not fit (a score outside 0..KEY_SCORE_MAX) is
 * sorted by the comparators instead. */
typedef struct {
    uint64_t key;
    uint32_t index; /* in the list */
} rank_key;

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
    return m->score >= 0 && m->score <= KEY_SCORE_MAX && m->kind < 4 && m->row < 32 &&
           m->col < 32 && m->dir < 2;
}

/* The key of M in a list whose best score is TOP, written in SCORE_BITS bits. */
static uint64_t key_of(const sk_gen_move *m, int by_score, int top, int score_bits)
{
    uint32_t first = by_score ? descending_int(m->kind == SK_MOVE_PASS ? 0 : m->score)
                              : descending_float(m->equity);
    int shift = KEY_PLACE_BITS + score_bits;
    return (uint64_t)(m->kind == SK_MOVE_PASS) << (shift + 32) | (uint64_t)first << shift |
           (uint64_t)(top - m->score) << KEY_PLACE_BITS | (uint64_t)m->kind << 11 |
           (uint64_t)m->row << 6 | (uint64_t)m->col << 1 | m->dir;
}

/* The moves the qsort comparators below read (a sort runs on one thread at a time per list;
 * these are only read between setting them and the qsort that uses them). */
static _Thread_local const sk_gen_move *sort_moves;
static _Thread_local int (*sort_cmp)(const void *, const void *);

/* The first 8 bytes of M's word as a number that orders as strcmp orders them (NUL after the
 * end). */
static uint64_t word_prefix(const sk_gen_move *m)
{
    uint64_t v = 0;
    for (int i = 0; i < 8 && m->word[i]; i++)
        v |= (uint64_t)(unsigned char)m->word[i] << (56 - 8 * i);
    return v;
}

/* Keys of equal value whose KEY is now the prefix of their move's word: the words decide (the
 * index when the words are the same too). */
static int by_word(const void *x, const void *y)
{
    const rank_key *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    int c = strcmp(sort_moves[a->index].word, sort_moves[b->index].word);
    return c ? c : a->index < b->index ? -1 : a->index > b->index;
}

/* Indexes into sort_moves, by sort_cmp (then the index). */
static int by_index(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    int c = sort_cmp(&sort_moves[a], &sort_moves[b]);
    return c ? c : a < b ? -1 : a > b;
}

/* Orders a run of N equal keys by their moves' words, whose first 8 bytes PREFIX holds by move
 * (most runs are a few moves of the same square and score: a blank played as different
 * letters). The keys are spent. */
static void order_ties(rank_key *k, size_t n, const sk_gen_move *moves, const uint64_t *prefix)
{
    for (size_t i = 0; i < n; i++)
        k[i].key = prefix[k[i].index];
    sort_moves = moves;
    if (n > 32) {
        qsort(k, n, sizeof(*k), by_word);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        rank_key in = k[i];
        size_t j = i;
        for (; j > 0 && by_word(&k[j - 1], &in) > 0; j--)
            k[j] = k[j - 1];
        k[j] = in;
    }
}

#define DIGIT_BITS 11
#define DIGITS 6 /* 66 bits: the 62 of the widest key */
#define DIGIT(k, d) ((uint32_t)((k) >> ((d)*DIGIT_BITS)) & ((1u << DIGIT_BITS) - 1))

/* ORDER as sk_move_list_order gives it, by a stable radix sort of the keys, digit by digit from
 * the lowest, skipping the digits every key shares; then the runs of equal keys by their words.
 * Returns 1 when done, 0 when a move's key does not fit, -1 when memory is short. */
static int radix_order(const sk_gen_move *moves, size_t n, int by_score, uint32_t *order)
{
    int top = 0;
    for (size_t i = 0; i < n; i++) {
        if (!key_fits(&moves[i])) return 0;
        if (moves[i].score > top) top = moves[i].score;
    }
    int score_bits = 0;
    while (top >> score_bits)
        score_bits++;
    int digits = (KEY_PLACE_BITS + score_bits + 33 + DIGIT_BITS - 1) / DIGIT_BITS;
    rank_key *block = malloc(2 * n * sizeof(*block));
    uint64_t *prefix = malloc(n * sizeof(*prefix));
    uint32_t(*counts)[1 << DIGIT_BITS] = calloc(DIGITS, sizeof(*counts));
    if (!block || !prefix || !counts) {
        free(block);
        free(prefix);
        free(counts);
        return -1;
    }
    rank_key *keys = block, *spare = block + n;
    for (size_t i = 0; i < n; i++) {
        uint64_t k = key_of(&moves[i], by_score, top, score_bits);
        keys[i] = (rank_key){k, (uint32_t)i};
        prefix[i] = word_prefix(&moves[i]);
        for (int d = 0; d < digits; d++)
            counts[d][DIGIT(k, d)]++;
    }
    for (int d = 0; d < digits; d++) {
        uint32_t *c = counts[d];
        if (c[DIGIT(keys[0].key, d)] == n) continue; /* one value: nothing to order */
        uint32_t at = 0;
        for (int v = 0; v < 1 << DIGIT_BITS; v++) {
            uint32_t here = c[v];
            c[v] = at;
            at += here;
        }
        for (size_t i = 0; i < n; i++)
            spare[c[DIGIT(keys[i].key, d)]++] = keys[i];
        rank_key *t = keys;
        keys = spare;
        spare = t;
    }
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && keys[j].key == keys[i].key; j++)
            ;
        if (j - i > 1) order_ties(keys + i, j - i, moves, prefix);
    }
    for (size_t i = 0; i < n; i++)
        order[i] = keys[i].index;
    free(block);
    free(prefix);
    free(counts);
    return 1;
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

/* The slot of a tile in the counts of sk_gen_move_leave and the ranking: its kind (a blank,
 * played as a letter or not, is kind 0). */
static int leave_slot(char c)
{
    return sk_tile_kind((sk_tile)c);
}

/* The tile kind of C, a tile of a move or a rack. */
static int kind_of(char c)
{
    return leave_slot(c);
}

int sk_move_list_rank(sk_move_list *list, const char *rack, const struct sk_leaves *leaves,
                      int by_score)
{
    int counts[SK_TILE_KINDS] = {0}, radix[SK_TILE_KINDS];
    for (const char *p = rack; *p; p++) {
        int k = kind_of(*p);
        if (k >= 0) counts[k]++;
    }
    size_t cells = 1;
    for (int k = 0; k < SK_TILE_KINDS; k++) {
        radix[k] = (int)cells;
        cells *= (size_t)counts[k] + 1;
        if (cells > 65536) break; /* a rack this large: each leave worked out by itself */
    }
    float *value = NULL;
    unsigned char *known = NULL;
    if (!by_score && cells <= 65536) {
        value = malloc(cells * sizeof(*value));
        known = calloc(cells, 1);
        if (!value || !known) {
            free(value);
            free(known);
            return SK_ENOMEM;
        }
    }
    char kept[SK_RACK_MAX + 1];
    for (size_t i = 0; i < list->count; i++) {
        sk_gen_move *m = &list->moves[i];
        m->equity = (float)m->score;
        if (by_score) {
            if (m->kind == SK_MOVE_PASS) m->equity = 0.0f;
            continue;
        }
        if (m->kind == SK_MOVE_PASS) {
            m->equity = (float)sk_leave_value(leaves, rack);
            continue;
        }
        /* the index of the tiles it uses, when they are all on the rack */
        unsigned char used[SK_TILE_KINDS] = {0};
        int index = 0, ok = value != NULL;
        if (m->kind == SK_MOVE_PLACE) {
            for (uint32_t bits = m->placed; ok && bits; bits &= bits - 1) {
                int t = kind_of(m->word[__builtin_ctz(bits)]);
                ok = t >= 0 && ++used[t] <= counts[t];
                if (ok) index += radix[t];
            }
        } else {
            for (int k = 0; ok && m->word[k]; k++) {
                int t = kind_of(m->word[k]);
                ok = t >= 0 && ++used[t] <= counts[t];
                if (ok) index += radix[t];
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

/* Fills what sk_gen_move_to_play's callers read of PLAY: the kind, direction, score, counts,
 * exchanged tiles, the main word and the placed tiles. The other words are left as they were
 * (sk_rules_words fills them). */
static void fill_play(const sk_gen_move *m, sk_play *play)
{
    play->kind = (sk_move_kind)m->kind;
    play->dir = (sk_direction)m->dir;
    play->score = m->score;
    play->bingo = 0;
    play->nplaced = 0;
    play->nwords = 0;
    play->exchange[0] = '\0';
    play->exchange_count = 0;
    if (m->kind == SK_MOVE_EXCHANGE) {
        size_t n = strnlen(m->word, sizeof(play->exchange) - 1);
        memcpy(play->exchange, m->word, n);
        play->exchange[n] = '\0';
        play->exchange_count = (int)strlen(m->word);
        return;
    }
    if (m->kind != SK_MOVE_PLACE) return;
    sk_word *w = &play->words[0];
    play->nwords = 1;
    w->row = m->row;
    w->col = m->col;
    w->dir = (sk_direction)m->dir;
    w->len = m->len;
    w->score = 0;
    memcpy(w->letters, m->word, m->len);
    w->letters[m->len] = '\0';
    for (int i = 0; i < m->len; i++)
        if (m->placed >> i & 1)
            play->placed[play->nplaced++] =
                (sk_placement){m->row + (m->dir == SK_DOWN ? i : 0),
                               m->col + (m->dir == SK_ACROSS ? i : 0), m->word[i]};
}

_Static_assert(SK_PLAY_TEXT_MAX <= SK_GEN_MOVE_TEXT_MAX, "a move's text fits");

size_t sk_gen_move_format(const sk_gen_move *m, sk_play_style style, const sk_alphabet *alphabet,
                          char *out)
{
    char tiles[SK_BOARD_MAX + 1];
    int n = 0, first = 0;
    if (m->kind == SK_MOVE_PLACE && (style == SK_PLAY_SKRABBKLE || style == SK_PLAY_CS104)) {
        first = m->placed ? __builtin_ctz(m->placed) : 0;
        for (uint32_t bits = m->placed; bits; bits &= bits - 1)
            tiles[n++] = m->word[__builtin_ctz(bits)];
    }
    sk_play_text t = {
        .kind = (sk_move_kind)m->kind,
        .dir = (sk_direction)m->dir,
        .word = m->word,
        .len = m->len,
        .row = m->row,
        .col = m->col,
        .placed = m->placed,
        .tiles = tiles,
        .ntiles = n,
        .tile_row = m->row + (m->dir == SK_DOWN ? first : 0),
        .tile_col = m->col + (m->dir == SK_ACROSS ? first : 0),
        .exchange = m->kind == SK_MOVE_EXCHANGE ? m->word : "",
        .exchange_count = m->kind == SK_MOVE_EXCHANGE ? (int)strlen(m->word) : 0,
    };
    return sk_play_text_format(&t, style, alphabet ? alphabet : sk_alphabet_default(), out);
}

void sk_gen_move_write(const sk_gen_move *m, sk_play_style style, const sk_alphabet *alphabet,
                       sk_buf *out)
{
    char text[SK_GEN_MOVE_TEXT_MAX];
    size_t n = sk_gen_move_format(m, style, alphabet, text);
    sk_buf_append(out, text, n);
}

void sk_gen_move_write_gcg(const sk_gen_move *m, const sk_alphabet *alphabet, sk_buf *out)
{
    sk_gen_move_write(m, SK_PLAY_GCG, alphabet, out);
}

void sk_gen_move_leave(const sk_gen_move *m, const char *rack, char *out)
{
    /* the tiles the move takes from the rack, counted by kind; each rack tile of a kind still
     * counted is taken, the first ones first */
    unsigned char used[SK_TILE_KINDS] = {0};
    if (m->kind == SK_MOVE_EXCHANGE) {
        for (const char *p = m->word; *p; p++) {
            int s = leave_slot(*p);
            if (s >= 0) used[s]++;
        }
    } else if (m->kind == SK_MOVE_PLACE) {
        for (uint32_t bits = m->placed; bits; bits &= bits - 1) {
            char t = m->word[__builtin_ctz(bits)];
            int s = leave_slot(t); /* a blank's letter: the blank */
            if (s >= 0) used[s]++;
        }
    }
    int k = 0;
    for (const char *p = rack; *p; p++) {
        int s = leave_slot(*p);
        if (s >= 0 && used[s]) {
            used[s]--;
            continue;
        }
        out[k++] = *p;
    }
    out[k] = '\0';
}

void sk_gen_move_to_play(const sk_gen_move *m, sk_play *play)
{
    memset(play, 0, sizeof(*play));
    fill_play(m, play);
}

int sk_gen_move_cross_word(const sk_gen_move *m, const sk_position *pos, int i, char *out)
{
    out[0] = '\0';
    if (m->kind != SK_MOVE_PLACE || i < 0 || i >= m->len || !(m->placed >> i & 1)) return 0;
    /* the square, and a step across the main word */
    int across = m->dir == SK_ACROSS;
    int r = m->row + (across ? 0 : i), c = m->col + (across ? i : 0);
    int dr = across, dc = !across, w = pos->width, h = pos->height;
    int r0 = r, c0 = c;
    while (r0 - dr >= 0 && c0 - dc >= 0 && pos->tiles[(r0 - dr) * w + c0 - dc]) {
        r0 -= dr;
        c0 -= dc;
    }
    int n = 0;
    for (int rr = r0, cc = c0; rr < h && cc < w; rr += dr, cc += dc) {
        char t = rr == r && cc == c ? m->word[i] : pos->tiles[rr * w + cc];
        if (!t) break;
        out[n++] = t;
    }
    out[n] = '\0';
    return n;
}
