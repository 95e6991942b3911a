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
            buf[n + i] = kind == SK_TILE_BLANK ? '?' : (char)('A' + kind - 1);
        exchanges(out, counts, kind + 1, buf, n + k);
    }
}

int sk_movegen_add_non_placements(const sk_rules *rules, const sk_position *pos, int bag,
                                  sk_move_list *out)
{
    if (rules->ruleset == SK_RULES_CLASSIC && bag >= rules->exchange_min) {
        int counts[SK_TILE_KINDS] = {0};
        for (const char *p = pos->racks[0]; *p; p++)
            if (sk_tile_from_char(*p) >= 0) counts[sk_tile_from_char(*p)]++;
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

void sk_move_list_sort(sk_move_list *list, int score_only)
{
    if (list->count > 1)
        qsort(list->moves, list->count, sizeof(list->moves[0]),
              score_only ? by_score_cmp : by_equity);
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

/* The tile kind of C as written in a move ('a'-'z' and '?' are blanks). */
static int kind_of(char c)
{
    return c == '?' || (c >= 'a' && c <= 'z') ? SK_TILE_BLANK : sk_tile_from_char(c);
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

/* The writers go through sk_play_write, the one writer of moves (rules.h). */
void sk_gen_move_write(const sk_gen_move *m, sk_play_style style, sk_buf *out)
{
    sk_play play;
    sk_gen_move_to_play(m, &play);
    sk_play_write(&play, style, out);
}

void sk_gen_move_write_gcg(const sk_gen_move *m, sk_buf *out)
{
    sk_gen_move_write(m, SK_PLAY_GCG, out);
}

void sk_gen_move_leave(const sk_gen_move *m, const char *rack, char *out)
{
    char used[SK_BOARD_MAX + 1];
    int n = 0;
    if (m->kind == SK_MOVE_EXCHANGE) {
        n = (int)strlen(m->word);
        memcpy(used, m->word, (size_t)n);
    } else if (m->kind == SK_MOVE_PLACE) {
        for (int i = 0; i < m->len; i++)
            if (m->placed >> i & 1)
                used[n++] = islower((unsigned char)m->word[i]) ? '?' : m->word[i];
    }
    int k = 0;
    for (const char *p = rack; *p; p++) {
        int j = 0;
        while (j < n && used[j] != *p)
            j++;
        if (j < n)
            used[j] = 0; /* consumed */
        else
            out[k++] = *p;
    }
    out[k] = '\0';
}

void sk_gen_move_to_play(const sk_gen_move *m, sk_play *play)
{
    memset(play, 0, sizeof(*play));
    play->kind = (sk_move_kind)m->kind;
    play->dir = (sk_direction)m->dir;
    play->score = m->score;
    if (m->kind == SK_MOVE_EXCHANGE) {
        memcpy(play->exchange, m->word, sizeof(play->exchange) - 1);
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
    memcpy(w->letters, m->word, m->len);
    w->letters[m->len] = '\0';
    for (int i = 0; i < m->len; i++)
        if (m->placed >> i & 1)
            play->placed[play->nplaced++] =
                (sk_placement){m->row + (m->dir == SK_DOWN ? i : 0),
                               m->col + (m->dir == SK_ACROSS ? i : 0), m->word[i]};
}
