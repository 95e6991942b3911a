/* movegen_moves.c — move lists and what to do with generated moves: the list's growth,
 * exchanges and the pass, the fixed ranking order, and writing a move in each notation (see
 * movegen.h). The bottom of the generator's files: it uses none of the generator's state. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "internal/movegen.h"
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

/* Appends every distinct sub-multiset of COUNTS (tile kinds 0..26) with at least one tile. */
static void exchanges(sk_move_list *out, int counts[SK_TILE_KINDS], int kind, char *buf, int n)
{
    if (kind == SK_TILE_KINDS) {
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
        exchanges(out, counts, kind + 1, buf, n + k);
    }
}

int sk_movegen_add_non_placements(const sk_rules *rules, const sk_position *pos, int bag,
                                  sk_move_list *out)
{
    if (rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min) {
        int counts[SK_TILE_KINDS] = {0};
        for (const char *p = pos->racks[0]; *p; p++)
            counts[sk_tile_kind((sk_tile)*p)]++;
        char buf[SK_RACK_MAX + 1];
        exchanges(out, counts, 0, buf, 0);
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

/* A move's place in the ranking as two numbers that sort in ascending order exactly as the
 * comparators do, up to the word: HIGH the pass (last), then the equity (the score when
 * BY_SCORE) from the best down; LOW the score from the best down, then the kind, row, column
 * and direction of sk_gen_move_compare. */
typedef struct {
    uint64_t high, low;
    uint32_t index; /* in the list */
} rank_key;

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

static rank_key key_of(const sk_gen_move *m, uint32_t index, int by_score)
{
    rank_key k;
    uint32_t first = by_score ? descending_int(m->kind == SK_MOVE_PASS ? 0 : m->score)
                              : descending_float(m->equity);
    k.high = (uint64_t)(m->kind == SK_MOVE_PASS) << 63 | (uint64_t)first << 31;
    k.low = (uint64_t)descending_int(m->score) << 32 | (uint64_t)m->kind << 24 |
            (uint64_t)m->row << 16 | (uint64_t)m->col << 8 | m->dir;
    k.index = index;
    return k;
}

/* The moves whose keys by_word compares (a sort runs on one thread at a time per list; this is
 * only read between setting it and the qsort that uses it). */
static _Thread_local const sk_gen_move *tie_moves;

/* The first 8 bytes of WORD as a number that orders as strcmp orders them (NUL after the end). */
static uint64_t word_prefix(const char *word)
{
    uint64_t v = 0;
    int i = 0;
    for (; i < 8 && word[i]; i++)
        v = v << 8 | (unsigned char)word[i];
    return v << (8 * (8 - i));
}

/* For keys whose HIGH is word_prefix of their move's word. */
static int by_word(const void *x, const void *y)
{
    const rank_key *a = x, *b = y;
    if (a->high != b->high) return a->high < b->high ? -1 : 1;
    return strcmp(tie_moves[a->index].word, tie_moves[b->index].word);
}

/* Byte B (0 the lowest of LOW, 15 the highest of HIGH) of K. */
static unsigned key_byte(const rank_key *k, int b)
{
    return (unsigned)((b < 8 ? k->low >> (8 * b) : k->high >> (8 * (b - 8))) & 0xff);
}

/* Sorts LIST as the comparators would: a stable radix sort of the keys, byte by byte from the
 * lowest, skipping the bytes every key shares; then the runs of equal keys by their words.
 * Sorting keys of 20 bytes instead of moves of 48 through a comparator is what makes listing
 * every move of a position cheap next to generating them. Returns 0 when memory is short (the
 * list is then left as it was). */
static int radix_sort(sk_move_list *list, int by_score)
{
    size_t n = list->count;
    if (n > UINT32_MAX) return 0;
    rank_key *both = malloc(2 * n * sizeof(*both));
    size_t(*counts)[256] = calloc(16, sizeof(*counts));
    if (!both || !counts) {
        free(both);
        free(counts);
        return 0;
    }
    rank_key *keys = both, *spare = both + n;
    for (size_t i = 0; i < n; i++) {
        keys[i] = key_of(&list->moves[i], (uint32_t)i, by_score);
        for (int b = 0; b < 16; b++)
            counts[b][key_byte(&keys[i], b)]++;
    }
    for (int b = 0; b < 16; b++) {
        if (counts[b][key_byte(&keys[0], b)] == n) continue; /* one value: nothing to order */
        size_t at = 0;
        for (int v = 0; v < 256; v++) {
            size_t c = counts[b][v];
            counts[b][v] = at;
            at += c;
        }
        for (size_t i = 0; i < n; i++)
            spare[counts[b][key_byte(&keys[i], b)]++] = keys[i];
        rank_key *t = keys;
        keys = spare;
        spare = t;
    }
    /* equal keys: the same place, the same equity and score; the word decides */
    for (size_t i = 0, j; i < n; i = j) {
        j = i + 1;
        while (j < n && keys[j].high == keys[i].high && keys[j].low == keys[i].low)
            j++;
        if (j - i > 1) {
            for (size_t k = i; k < j; k++) {
                spare[k - i].index = keys[k].index;
                spare[k - i].high = word_prefix(list->moves[keys[k].index].word);
            }
            tie_moves = list->moves;
            qsort(spare, j - i, sizeof(*spare), by_word);
            for (size_t k = i; k < j; k++)
                keys[k].index = spare[k - i].index;
        }
    }
    /* the moves into their places, in place: keys[i].index is the move that goes to i; each
     * cycle of that permutation is followed once, marking the places done */
    sk_gen_move *m = list->moves;
    for (size_t i = 0; i < n; i++) {
        if (keys[i].index == i) continue;
        sk_gen_move first = m[i];
        size_t at = i;
        while (keys[at].index != i) {
            size_t from = keys[at].index;
            m[at] = m[from];
            keys[at].index = (uint32_t)at;
            at = from;
        }
        m[at] = first;
        keys[at].index = (uint32_t)at;
    }
    free(both);
    free(counts);
    return 1;
}

void sk_move_list_sort(sk_move_list *list, int score_only)
{
    if (list->count < 2) return;
    if (list->count >= 256 && radix_sort(list, score_only)) return;
    qsort(list->moves, list->count, sizeof(list->moves[0]), score_only ? by_score_cmp : by_equity);
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

/* The tile kind of C, a tile of a move or a rack (blanks are kind 0). */
static int kind_of(char c)
{
    return sk_tile_kind((sk_tile)c);
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
        int used[SK_TILE_KINDS] = {0}, index = 0, ok = value != NULL;
        for (int k = 0; ok && m->word[k]; k++) {
            if (m->kind == SK_MOVE_PLACE && !(m->placed >> k & 1)) continue;
            int t = kind_of(m->word[k]);
            ok = t >= 0 && ++used[t] <= counts[t];
            if (ok) index += radix[t];
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

/* Fills what sk_play_write and sk_gen_move_to_play's callers read of PLAY: the kind, direction,
 * score, counts, exchanged tiles, the main word and the placed tiles. The other words are left
 * as they were (sk_rules_words fills them). */
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

/* The writers go through sk_play_write, the one writer of moves (rules.h), with a play filled
 * only as far as it reads (a whole sk_play is cleared for nothing once a move a line). */
void sk_gen_move_write(const sk_gen_move *m, sk_play_style style, const sk_alphabet *alphabet,
                       sk_buf *out)
{
    sk_play play;
    fill_play(m, &play);
    sk_play_write(&play, style, alphabet, out);
}

void sk_gen_move_write_gcg(const sk_gen_move *m, const sk_alphabet *alphabet, sk_buf *out)
{
    sk_gen_move_write(m, SK_PLAY_GCG, alphabet, out);
}

/* The slot of a tile in the counts of sk_gen_move_leave: its kind. */
static int leave_slot(char c)
{
    return sk_tile_kind((sk_tile)c);
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
