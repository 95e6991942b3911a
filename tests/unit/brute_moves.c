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

#define TRIE_ROOT 1 /* node 0 stands for no node */

typedef struct {
    int child[SK_ALPHABET_MAX]; /* by letter; 0: none */
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
    trie_node_new(t); /* node 0: none */
    trie_node_new(t); /* TRIE_ROOT */
    return t;
}

int tu_trie_add(tu_trie *t, const char *tiles)
{
    int n = TRIE_ROOT;
    for (const char *p = tiles; *p; p++) {
        int letter = (unsigned char)*p & SK_TILE_LETTER;
        if (!t->nodes[n].child[letter]) {
            int k = trie_node_new(t); /* may move the nodes */
            t->nodes[n].child[letter] = k;
        }
        n = t->nodes[n].child[letter];
    }
    int added = !t->nodes[n].word;
    t->nodes[n].word = 1;
    return added;
}

void tu_trie_free(tu_trie *t)
{
    if (!t) return;
    free(t->nodes);
    free(t);
}

/* ---- the reference -------------------------------------------------------------------------- */

/* The run of tiles a line of tiles makes so far, laid as the rules module lays them (on the
 * empty squares from the first one on), followed in the words' trie: for cutting the line short. */
typedef struct {
    int node;    /* the run's node in the trie; 0: the run starts no word */
    int r, c;    /* the square the next tile goes on (off the board: none) */
    int touches; /* the run holds a tile already on the board, or a tile laid has one beside it */
} run_state;

/* Whether (R, C) has a tile beside it across DIR. */
static int beside(const sk_position *pos, int r, int c, int dir)
{
    int dr = dir == SK_ACROSS, dc = dir == SK_DOWN;
    return (r - dr >= 0 && c - dc >= 0 && sk_position_tile(pos, r - dr, c - dc)) ||
           (r + dr < pos->height && c + dc < pos->width && sk_position_tile(pos, r + dr, c + dc));
}

/* Follows the board's tiles from ST's square along DIR into the run, up to the next empty
 * square. */
static void run_absorb(const tu_brute *b, run_state *st, int dir)
{
    const sk_position *pos = b->pos;
    int dr = dir == SK_DOWN, dc = dir == SK_ACROSS;
    for (; st->node && st->r < pos->height && st->c < pos->width; st->r += dr, st->c += dc) {
        int tile = (unsigned char)sk_position_tile(pos, st->r, st->c);
        if (!tile) return;
        st->node = b->words->nodes[st->node].child[tile & SK_TILE_LETTER];
        st->touches = 1;
    }
}

/* The run before any tile is laid at (R, C) along DIR: the board's tiles just before it. */
static run_state run_start(const tu_brute *b, int r, int c, int dir)
{
    int dr = dir == SK_DOWN, dc = dir == SK_ACROSS;
    while (r - dr >= 0 && c - dc >= 0 && sk_position_tile(b->pos, r - dr, c - dc)) {
        r -= dr;
        c -= dc;
    }
    run_state st = {.node = TRIE_ROOT, .r = r, .c = c};
    run_absorb(b, &st, dir);
    return st;
}

/* ST with TILE laid on its square (node 0 when it cannot be, or the run then starts no word). */
static run_state run_lay(const tu_brute *b, run_state st, int dir, char tile)
{
    const sk_position *pos = b->pos;
    if (st.r >= pos->height || st.c >= pos->width) {
        st.node = 0;
        return st;
    }
    st.node = b->words->nodes[st.node].child[(unsigned char)tile & SK_TILE_LETTER];
    st.touches |= beside(pos, st.r, st.c, dir);
    st.r += dir == SK_DOWN;
    st.c += dir == SK_ACROSS;
    run_absorb(b, &st, dir);
    return st;
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
 * so far in TILES (sk_tile values: a blank as each letter it may be played as); ST their run when
 * B has words, else NULL. */
static void brute_from(tu_brute *b, int r, int c, int dir, int counts[SK_TILE_KINDS], char *tiles,
                       int k, const run_state *st)
{
    /* a legal move of one tile makes a word along DIR or across it: it is tried in the direction
     * of that word; after the first move, a legal move touches the board's tiles */
    if (k > 0 && (!st || (b->words->nodes[st->node].word && (st->touches || b->empty))))
        try_move(b, r, c, dir, tiles, k);
    int letters = b->rules->tiles->alphabet.size;
    for (int i = 0; i < b->nkinds; i++) {
        int t = b->kinds[i];
        if (!counts[t]) continue;
        counts[t]--;
        for (int l = t ? t : 1; l < (t ? t + 1 : letters); l++) {
            tiles[k] = (char)(t ? l : l | SK_TILE_BLANKED);
            if (!st) {
                brute_from(b, r, c, dir, counts, tiles, k + 1, NULL);
                continue;
            }
            if (!b->words->nodes[st->node].child[l]) continue; /* the run would start no word */
            run_state next = run_lay(b, *st, dir, tiles[k]);
            if (next.node) brute_from(b, r, c, dir, counts, tiles, k + 1, &next);
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
    b->empty = sk_position_tile_count(pos) == 0;
    int counts[SK_TILE_KINDS] = {0};
    for (const char *p = pos->racks[0]; *p; p++)
        if (!counts[sk_tile_kind((sk_tile)*p)]++) b->kinds[b->nkinds++] = sk_tile_kind((sk_tile)*p);
    for (int i = 1; i < b->nkinds; i++) /* in order of kind, as the choices are tried */
        for (int j = i; j > 0 && b->kinds[j] < b->kinds[j - 1]; j--) {
            int x = b->kinds[j];
            b->kinds[j] = b->kinds[j - 1];
            b->kinds[j - 1] = x;
        }
    char tiles[SK_MOVE_TILES_MAX];
    for (int dir = 0; dir < 2; dir++)
        for (int r = 0; r < pos->height; r++)
            for (int c = 0; c < pos->width; c++)
                if (!sk_position_tile(pos, r, c)) {
                    run_state st;
                    /* the first move covers the start square: it starts in its line, before it */
                    const sk_board *bd = rules->board;
                    if (words && b->empty &&
                        (dir == SK_ACROSS ? r != bd->start_row || c > bd->start_col
                                          : c != bd->start_col || r > bd->start_row))
                        continue;
                    if (words) {
                        st = run_start(b, r, c, dir);
                        if (!st.node) continue; /* the tiles before it start no word */
                    }
                    brute_from(b, r, c, dir, counts, tiles, 0, words ? &st : NULL);
                }
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
        int same = verdict == SK_LEGAL && direct.score == m->score && checked.score == m->score &&
                   direct.nwords == checked.nwords && direct.dir == checked.dir;
        for (int k = 0; same && k < direct.nwords; k++)
            same = strcmp(direct.words[k].letters, checked.words[k].letters) == 0 &&
                   direct.words[k].score == checked.words[k].score;
        if (!same) {
            sk_buf text;
            sk_buf_init(&text);
            sk_gen_move_write(m, SK_PLAY_GCG, a, &text);
            if (verdict != SK_LEGAL)
                fail_msg("%s: generated %s is illegal: %s\n  %s", head, sk_buf_str(&text), why,
                         tail);
            fail_msg("%s: generated %s scores %d; the rules module's words of it score %d, a "
                     "check of it %d (%d and %d words)\n  %s",
                     head, sk_buf_str(&text), m->score, direct.score, checked.score, direct.nwords,
                     checked.nwords, tail);
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
