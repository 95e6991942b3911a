/* brute_moves.c — see brute_moves.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "brute_moves.h"
#include "skrab/error.h"
#include "skrab/players.h"

/* ---- found moves ---------------------------------------------------------------------------- */

int tu_found_add(tu_found_list *l, const char *key, int score, size_t index)
{
    for (size_t i = 0; i < l->count; i++)
        if (strcmp(l->items[i].key, key) == 0) {
            if (l->items[i].score != score)
                fail_msg("one move, two scores: %s %d %d", key, score, l->items[i].score);
            return 0;
        }
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 256;
        l->items = realloc(l->items, l->cap * sizeof(*l->items));
        assert_non_null(l->items);
    }
    snprintf(l->items[l->count].key, sizeof(l->items[0].key), "%s", key);
    l->items[l->count].score = score;
    l->items[l->count++].index = index;
    return 1;
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const tu_found *)a)->key, ((const tu_found *)b)->key);
}

void tu_found_sort(tu_found_list *l)
{
    if (l->count > 1) qsort(l->items, l->count, sizeof(*l->items), by_key);
}

void tu_found_free(tu_found_list *l)
{
    free(l->items);
    memset(l, 0, sizeof(*l));
}

/* Appends "R,C,LABEL;" for TILE at (R, C) to OUT[*AT..SIZE). */
static void key_put(const sk_alphabet *a, int r, int c, char tile, char *out, size_t size,
                    size_t *at)
{
    char label[SK_LABEL_TEXT_MAX + 1];
    sk_alphabet_label(a, (sk_tile)tile, label);
    int n = snprintf(out + *at, size - *at, "%d,%d,%s;", r, c, label);
    assert_true(n > 0 && (size_t)n < size - *at);
    *at += (size_t)n;
}

void tu_key_of_play(const sk_alphabet *a, const sk_play *p, char *out, size_t size)
{
    sk_placement sorted[SK_MOVE_TILES_MAX];
    int n = p->nplaced;
    memcpy(sorted, p->placed, sizeof(sorted[0]) * (size_t)n);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (sorted[j].row * 32 + sorted[j].col <
                                  sorted[j - 1].row * 32 + sorted[j - 1].col);
             j--) {
            sk_placement t = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = t;
        }
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        key_put(a, sorted[i].row, sorted[i].col, (char)sorted[i].tile, out, size, &o);
}

void tu_key_of_gen(const sk_alphabet *a, const sk_gen_move *m, char *out, size_t size)
{
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < m->len; i++)
        if (m->placed >> i & 1) {
            int r = m->row + (m->dir == SK_DOWN ? i : 0),
                c = m->col + (m->dir == SK_ACROSS ? i : 0);
            key_put(a, r, c, m->word[i], out, size, &o);
        }
}

/* ---- the words' trie ------------------------------------------------------------------------ */

typedef struct {
    int child[SK_ALPHABET_MAX]; /* by letter; 0: none (node 0 is the root, never a child) */
    int word;                   /* the path to here is a word */
} trie_node;

struct tu_trie {
    trie_node *nodes;
    int count, cap;
};

static int trie_node_new(tu_trie *t)
{
    if (t->count == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 1024;
        t->nodes = realloc(t->nodes, (size_t)t->cap * sizeof(*t->nodes));
        assert_non_null(t->nodes);
    }
    memset(&t->nodes[t->count], 0, sizeof(t->nodes[0]));
    return t->count++;
}

tu_trie *tu_trie_new(void)
{
    tu_trie *t = calloc(1, sizeof(*t));
    assert_non_null(t);
    trie_node_new(t);
    return t;
}

void tu_trie_add(tu_trie *t, const char *tiles)
{
    int n = 0;
    for (const char *p = tiles; *p; p++) {
        int letter = (unsigned char)*p & SK_TILE_LETTER;
        if (!t->nodes[n].child[letter]) {
            int k = trie_node_new(t); /* may move the nodes */
            t->nodes[n].child[letter] = k;
        }
        n = t->nodes[n].child[letter];
    }
    t->nodes[n].word = 1;
}

void tu_trie_free(tu_trie *t)
{
    if (!t) return;
    free(t->nodes);
    free(t);
}

/* ---- the reference -------------------------------------------------------------------------- */

/* The run of tiles along DIR that TILES[0..N) make when laid from (R, C) on the empty squares of
 * B's position, as the rules module lays them: followed in B's trie. Returns -1 when a tile falls
 * off the board or the run starts no word, else whether the run is a word. */
static int run_in_words(const tu_brute *b, int r, int c, int dir, const char *tiles, int n)
{
    const sk_position *pos = b->pos;
    int dr = dir == SK_DOWN, dc = dir == SK_ACROSS;
    while (r - dr >= 0 && c - dc >= 0 && sk_position_tile(pos, r - dr, c - dc)) {
        r -= dr;
        c -= dc;
    }
    const trie_node *nodes = b->words->nodes;
    int node = 0, placed = 0;
    for (; r < pos->height && c < pos->width; r += dr, c += dc) {
        int tile = (unsigned char)sk_position_tile(pos, r, c);
        if (!tile) {
            if (placed == n) break;
            tile = (unsigned char)tiles[placed++];
        }
        node = nodes[node].child[tile & SK_TILE_LETTER];
        if (!node) return -1;
    }
    if (placed < n) return -1;
    return nodes[node].word;
}

static int has_neighbour(const sk_position *pos, int r, int c)
{
    return (r > 0 && sk_position_tile(pos, r - 1, c)) ||
           (r + 1 < pos->height && sk_position_tile(pos, r + 1, c)) ||
           (c > 0 && sk_position_tile(pos, r, c - 1)) ||
           (c + 1 < pos->width && sk_position_tile(pos, r, c + 1));
}

/* Hands TILES[0..K) from (R, C) along DIR to the rules module and keeps the play when legal. */
static void try_move(tu_brute *b, int r, int c, int dir, const char *tiles, int k)
{
    sk_move m;
    memset(&m, 0, sizeof(m));
    m.kind = SK_MOVE_PLACE;
    m.notation = SK_NOTATION_SKRABBKLE;
    m.dir = (sk_direction)dir;
    m.row = r;
    m.col = c;
    memcpy(m.tiles, tiles, (size_t)k);
    m.ntiles = k;
    sk_play p;
    b->checks++;
    if (sk_rules_check(b->rules, b->pos, &m, -1, &p, NULL, 0) != SK_LEGAL) return;
    char key[TU_KEY_MAX];
    tu_key_of_play(&b->rules->tiles->alphabet, &p, key, sizeof(key));
    if (!tu_found_add(&b->found, key, p.score, b->nplays)) return;
    if (b->nplays == b->capplays) {
        b->capplays = b->capplays ? b->capplays * 2 : 256;
        b->plays = realloc(b->plays, b->capplays * sizeof(*b->plays));
        assert_non_null(b->plays);
    }
    b->plays[b->nplays++] = p;
}

/* Tries every ordered choice of tiles from COUNTS (by kind) at (R, C) along DIR, K tiles chosen
 * so far in TILES (sk_tile values: a blank as each letter it may be played as). */
static void brute_from(tu_brute *b, int r, int c, int dir, int counts[SK_TILE_KINDS], char *tiles,
                       int k)
{
    if (k > 0) {
        int worth = 1;
        if (b->words)
            worth =
                k == 1 ? has_neighbour(b->pos, r, c) : run_in_words(b, r, c, dir, tiles, k) == 1;
        if (worth) try_move(b, r, c, dir, tiles, k);
    }
    int letters = b->rules->tiles->alphabet.size;
    for (int t = 0; t < SK_TILE_KINDS; t++) {
        if (!counts[t]) continue;
        counts[t]--;
        for (int l = t ? t : 1; l < (t ? t + 1 : letters); l++) {
            tiles[k] = (char)(t ? l : l | SK_TILE_BLANKED);
            if (!b->words || run_in_words(b, r, c, dir, tiles, k + 1) >= 0)
                brute_from(b, r, c, dir, counts, tiles, k + 1);
        }
        counts[t]++;
    }
}

void tu_brute_run(tu_brute *b, const sk_rules *rules, const sk_position *pos, const tu_trie *words)
{
    memset(b, 0, sizeof(*b));
    b->rules = rules;
    b->pos = pos;
    b->words = words;
    int counts[SK_TILE_KINDS] = {0};
    for (const char *p = pos->racks[0]; *p; p++)
        counts[sk_tile_kind((sk_tile)*p)]++;
    char tiles[SK_MOVE_TILES_MAX];
    for (int dir = 0; dir < 2; dir++)
        for (int r = 0; r < pos->height; r++)
            for (int c = 0; c < pos->width; c++)
                if (!sk_position_tile(pos, r, c)) brute_from(b, r, c, dir, counts, tiles, 0);
}

void tu_brute_free(tu_brute *b)
{
    tu_found_free(&b->found);
    free(b->plays);
    memset(b, 0, sizeof(*b));
}

void tu_brute_compare(tu_brute *b, const sk_move_list *list, const char *head, const char *tail)
{
    const sk_rules *rules = b->rules;
    const sk_position *pos = b->pos;
    const sk_alphabet *a = &rules->tiles->alphabet;
    tu_found_list have = {0};
    for (size_t i = 0; i < list->count; i++) {
        const sk_gen_move *m = &list->moves[i];
        /* the rules module's words of a generated move, without re-checking it, are the words
         * and score a check of its text finds */
        sk_play direct, checked;
        sk_move mv;
        char why[200];
        sk_gen_move_to_play(m, &direct);
        assert_int_equal(sk_rules_words(rules, pos, &direct), SK_OK);
        sk_gen_move_to_move(m, &mv);
        sk_illegal verdict = sk_rules_check(rules, pos, &mv, -1, &checked, why, sizeof(why));
        if (verdict != SK_LEGAL) {
            sk_buf text;
            sk_buf_init(&text);
            sk_gen_move_write(m, SK_PLAY_GCG, a, &text);
            fail_msg("%s: generated %s is illegal: %s\n  %s", head, sk_buf_str(&text), why, tail);
        }
        assert_int_equal(direct.score, m->score);
        assert_int_equal(direct.score, checked.score);
        assert_int_equal(direct.nwords, checked.nwords);
        assert_int_equal(direct.dir, checked.dir);
        for (int k = 0; k < direct.nwords; k++) {
            assert_string_equal(direct.words[k].letters, checked.words[k].letters);
            assert_int_equal(direct.words[k].score, checked.words[k].score);
        }
        char key[TU_KEY_MAX];
        tu_key_of_gen(a, m, key, sizeof(key));
        if (!tu_found_add(&have, key, m->score, i)) fail_msg("%s: generated twice: %s", head, key);
    }
    tu_found_list *want = &b->found;
    tu_found_sort(want);
    tu_found_sort(&have);
    for (size_t i = 0, j = 0; i < want->count || j < have.count; i++, j++) {
        int cmp = i == want->count  ? 1
                  : j == have.count ? -1
                                    : strcmp(want->items[i].key, have.items[j].key);
        if (cmp == 0 && want->items[i].score == have.items[j].score) continue;
        sk_buf text;
        sk_buf_init(&text);
        if (cmp <= 0)
            sk_play_write(&b->plays[want->items[i].index], SK_PLAY_GCG, a, &text);
        else
            sk_gen_move_write(&list->moves[have.items[j].index], SK_PLAY_GCG, a, &text);
        fail_msg("%s: %s %s (%s; brute %d, generator %d)\n  %s", head,
                 cmp < 0   ? "missed"
                 : cmp > 0 ? "extra"
                           : "score differs",
                 sk_buf_str(&text), cmp <= 0 ? want->items[i].key : have.items[j].key,
                 cmp <= 0 ? want->items[i].score : -1, cmp >= 0 ? have.items[j].score : -1, tail);
    }
    tu_found_free(&have);
}

uint64_t tu_rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

int tu_slow_by_equity(const void *x, const void *y)
{
    const sk_gen_move *a = x, *b = y;
    if ((a->kind == SK_MOVE_PASS) != (b->kind == SK_MOVE_PASS))
        return a->kind == SK_MOVE_PASS ? 1 : -1;
    if (a->equity != b->equity) return a->equity > b->equity ? -1 : 1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    return sk_gen_move_compare(a, b);
}

int tu_slow_by_score(const void *x, const void *y)
{
    const sk_gen_move *a = x, *b = y;
    if ((a->kind == SK_MOVE_PASS) != (b->kind == SK_MOVE_PASS))
        return a->kind == SK_MOVE_PASS ? 1 : -1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    return sk_gen_move_compare(a, b);
}
