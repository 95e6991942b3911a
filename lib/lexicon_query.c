/* lexicon_query.c — questions to a lexicon: is a word in it, where does a path of tiles lead,
 * which words a rack makes (anagrams, '?' blanks), every word in order, and counts. All walks
 * are bounded by the word or rack length (or SK_WORD_MAX), so even a crafted file cannot make
 * them loop; validation has already ruled out cycles and arcs outside the file. */
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"

int sk_word_to_tiles(const char *word, size_t len, unsigned char *out)
{
    if (len > SK_WORD_MAX) return SK_EINVAL;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)word[i];
        if (c >= 'a' && c <= 'z')
            out[i] = (unsigned char)(c - 'a' + 1);
        else if (c >= 'A' && c <= 'Z')
            out[i] = (unsigned char)(c - 'A' + 1);
        else
            return SK_EINVAL;
    }
    return SK_OK;
}

uint32_t sk_lexicon_walk(const sk_lexicon *lex, uint32_t list, const unsigned char *tiles,
                         size_t len)
{
    uint32_t at = 0;
    for (size_t i = 0; i < len; i++) {
        at = sk_kwg_find(lex->nodes, list, tiles[i]);
        if (!at) return 0;
        list = sk_kwg_arc(lex->nodes[at]);
    }
    return at;
}

int sk_lexicon_contains_tiles(const sk_lexicon *lex, const unsigned char *tiles, size_t len)
{
    if (len < 2 || len > SK_WORD_MAX) return 0;
    uint32_t at = sk_lexicon_walk(lex, sk_lexicon_dawg_root(lex), tiles, len);
    return at && sk_kwg_accepts(lex->nodes[at]);
}

int sk_lexicon_contains(const sk_lexicon *lex, const sk_alphabet *a, const char *word, size_t len)
{
    unsigned char tiles[SK_WORD_MAX];
    if (!a || sk_alphabet_is_latin(a)) {
        if (len < 2 || sk_word_to_tiles(word, len, tiles) != 0) return 0;
        return sk_lexicon_contains_tiles(lex, tiles, len);
    }
    size_t n;
    if (sk_word_read(a, 0, word, len, tiles, &n) != SK_OK) return 0;
    return sk_lexicon_contains_tiles(lex, tiles, n);
}

/* ---- writing words ----------------------------------------------------------------------------
 * The text of each tile, natural [0] and blanked [1]: A..Z and a..z without an alphabet, else
 * the alphabet's labels as sk_alphabet_label writes them. Tiles 1..MAX are letters. JOINS[t]:
 * tile t is written without brackets and a longer label begins with its character, so that a
 * word read greedily (sk_word_read) could take it and what follows as that label; ANY_JOIN: some
 * tile does. */
typedef struct {
    char text[2][SK_ALPHABET_MAX][SK_LABEL_TEXT_MAX + 1];
    unsigned char len[2][SK_ALPHABET_MAX];
    unsigned max;
    const sk_alphabet *a;
    unsigned char joins[SK_ALPHABET_MAX];
    int any_join;
} labels;

#define WORD_TEXT_MAX (SK_WORD_MAX * SK_LABEL_TEXT_MAX + 1)

static void labels_init(labels *l, const sk_alphabet *a)
{
    memset(l, 0, sizeof(*l));
    if (!a) {
        l->max = 26;
        for (unsigned t = 1; t <= 26; t++) {
            l->text[0][t][0] = (char)('A' + t - 1);
            l->text[1][t][0] = (char)('a' + t - 1);
            l->len[0][t] = l->len[1][t] = 1;
        }
        return;
    }
    l->a = a;
    l->max = (unsigned)a->size - 1;
    for (unsigned t = 1; t <= l->max; t++) {
        l->len[0][t] = (unsigned char)sk_alphabet_label(a, (sk_tile)t, l->text[0][t]);
        l->len[1][t] =
            (unsigned char)sk_alphabet_label(a, (sk_tile)(t | SK_TILE_BLANKED), l->text[1][t]);
    }
    /* a label of several characters can only be joined from the one-character tile its first
     * character reads as (a bracketed tile starts with '[', which no label holds) */
    for (unsigned k = 1; k <= l->max; k++) {
        if (a->chars[k] < 2) continue;
        size_t p = 0;
        sk_tile first;
        if (sk_alphabet_read(a, a->upper[k], strlen(a->upper[k]), &p, SK_READ_FOLD, &first) ==
                SK_TILE_READ_OK &&
            (first & SK_TILE_LETTER) <= l->max && a->chars[first & SK_TILE_LETTER] == 1)
            l->joins[first & SK_TILE_LETTER] = 1, l->any_join = 1;
    }
}

/* Writes the word TILES[0..N) (BLANKED[i] != 0: tile i as a blank, in lower case; BLANKED may
 * be NULL) into OUT, which has room for WORD_TEXT_MAX bytes, NUL-terminated, and returns its
 * length. A tile of one character that a greedy reading would join to the text after it is
 * bracketed, so that the text reads back as these tiles: Spanish C before H is "[C]H", as the
 * tile CH is "[CH]". Tiles past L->max are written '?'. */
static size_t word_text(const labels *l, const uint8_t *tiles, const uint8_t *blanked, size_t n,
                        char *out)
{
    char back[WORD_TEXT_MAX]; /* written from its end, so that each tile sees what follows */
    size_t at = sizeof(back) - 1;
    back[at] = '\0';
    for (size_t i = n; i-- > 0;) {
        unsigned t = tiles[i];
        if (t < 1 || t > l->max) {
            back[--at] = '?';
            continue;
        }
        int b = blanked && blanked[i];
        size_t m = l->len[b][t];
        int bracket = 0;
        if (l->joins[t]) { /* read it greedily with what follows: does it stop after itself? */
            char probe[2 * SK_LABEL_TEXT_MAX];
            size_t rest = sizeof(back) - 1 - at;
            if (rest > SK_LABEL_MAX) rest = SK_LABEL_MAX; /* a label is no longer */
            memcpy(probe, l->text[b][t], m);
            memcpy(probe + m, back + at, rest);
            size_t p = 0;
            sk_tile got;
            bracket = sk_alphabet_read(l->a, probe, m + rest, &p, SK_READ_GREEDY | SK_READ_FOLD,
                                       &got) != SK_TILE_READ_OK ||
                      p != m;
        }
        if (bracket) back[--at] = ']';
        at -= m;
        memcpy(back + at, l->text[b][t], m);
        if (bracket) back[--at] = '[';
    }
    size_t len = sizeof(back) - 1 - at;
    memcpy(out, back + at, len + 1);
    return len;
}

/* ---- anagrams ---------------------------------------------------------------------------------*/
typedef struct {
    const uint32_t *nodes;
    const labels *lab;
    int have[SK_ALPHABET_MAX]; /* natural tiles left, by tile */
    int blanks;                /* blanks left */
    int left;                  /* tiles left in all */
    int exact, min_len;
    sk_word_fn fn;
    void *ctx;
    int stopped;
    size_t at[SK_WORD_MAX + 1]; /* where the text of the tile at each depth starts */
    char word[WORD_TEXT_MAX];
    uint8_t tile[SK_WORD_MAX], blanked[SK_WORD_MAX]; /* the path, for word_text */
} anagrammer;

/* Tries every tile of LIST at position DEPTH. A natural tile is preferred to a blank: whatever
 * a blank could finish, the natural tile finishes too, so each word is found once. */
static void anagram_at(anagrammer *g, uint32_t list, int depth)
{
    unsigned max = g->lab->max;
    for (uint32_t i = list; list && !g->stopped; i++) {
        uint32_t node = g->nodes[i];
        unsigned t = sk_kwg_tile(node);
        int natural = t >= 1 && t <= max && g->have[t] > 0;
        if (natural || (t >= 1 && t <= max && g->blanks > 0)) {
            if (natural)
                g->have[t]--;
            else
                g->blanks--;
            g->left--;
            /* the text as it grows, unless a tile may need brackets after all: the word is
             * then written whole when found (word_text) */
            size_t n = g->lab->len[!natural][t], end = g->at[depth] + n;
            if (!g->lab->any_join) memcpy(g->word + g->at[depth], g->lab->text[!natural][t], n);
            g->at[depth + 1] = end;
            g->tile[depth] = (uint8_t)t;
            g->blanked[depth] = (uint8_t)!natural;
            if (sk_kwg_accepts(node) && depth + 1 >= g->min_len && (!g->exact || g->left == 0)) {
                size_t len = end;
                if (g->lab->any_join)
                    len = word_text(g->lab, g->tile, g->blanked, (size_t)depth + 1, g->word);
                else
                    g->word[end] = '\0';
                if (g->fn(g->ctx, g->word, len)) g->stopped = 1;
            }
            if (g->left > 0 && sk_kwg_arc(node) && !g->stopped)
                anagram_at(g, sk_kwg_arc(node), depth + 1);
            if (natural)
                g->have[t]++;
            else
                g->blanks++;
            g->left++;
        }
        if (sk_kwg_is_end(node)) break;
    }
}

/* Reads RACK[0..LEN) into G's counts: letters A-Z and '?' without an alphabet, else tiles of A
 * (labels, brackets, any case) and '?'. Returns the tiles read, or -1. */
static int read_rack(anagrammer *g, const sk_alphabet *a, const char *rack, size_t len)
{
    int n = 0;
    for (size_t p = 0; p < len; n++) {
        sk_tile tile;
        if (n == SK_WORD_MAX) return -1;
        if (!a) {
            if (rack[p] == '?')
                tile = SK_TILE_WILD;
            else if (sk_word_to_tiles(rack + p, 1, &tile) != 0)
                return -1;
            p++;
        } else if (sk_alphabet_read(a, rack, len, &p, SK_READ_BLANK | SK_READ_GREEDY | SK_READ_FOLD,
                                    &tile) != SK_TILE_READ_OK) {
            return -1;
        }
        if (tile == SK_TILE_WILD)
            g->blanks++;
        else
            g->have[tile]++;
    }
    return n;
}

int sk_lexicon_anagram(const sk_lexicon *lex, const sk_alphabet *a, const char *rack, size_t len,
                       int flags, int min_len, sk_word_fn fn, void *ctx)
{
    if (!a && len > SK_WORD_MAX) return SK_EINVAL;
    anagrammer g;
    memset(&g, 0, sizeof(g));
    int tiles = read_rack(&g, a, rack, len);
    if (tiles < 0) return SK_EINVAL;
    labels lab;
    labels_init(&lab, a);
    g.lab = &lab;
    g.nodes = lex->nodes;
    g.left = tiles;
    g.exact = (flags & SK_ANAGRAM_EXACT) != 0;
    g.min_len = min_len < 2 ? 2 : min_len;
    g.fn = fn;
    g.ctx = ctx;
    if (tiles > 0) anagram_at(&g, sk_lexicon_dawg_root(lex), 0);
    return g.stopped ? 1 : SK_OK;
}

/* ---- every word ------------------------------------------------------------------------------ */
int sk_lexicon_foreach_tiles(const sk_lexicon *lex, sk_tiles_fn fn, void *ctx)
{
    const uint32_t *nodes = lex->nodes;
    uint32_t at[SK_WORD_MAX]; /* the node at each depth of the current path */
    uint8_t tiles[SK_WORD_MAX];
    uint32_t root = sk_lexicon_dawg_root(lex);
    if (!root) return SK_OK;
    int depth = 0;
    at[0] = root;
    for (;;) {
        uint32_t node = nodes[at[depth]];
        tiles[depth] = (uint8_t)sk_kwg_tile(node);
        if (sk_kwg_accepts(node) && fn(ctx, tiles, (size_t)depth + 1)) return 1;
        if (sk_kwg_arc(node) && depth + 1 < SK_WORD_MAX) {
            at[++depth] = sk_kwg_arc(node);
            continue;
        }
        /* Move to the next sibling, climbing while the current list is exhausted. */
        while (sk_kwg_is_end(nodes[at[depth]])) {
            if (depth == 0) return SK_OK;
            depth--;
        }
        at[depth]++;
    }
}

/* sk_lexicon_foreach_word's writer: each word's tiles as the labels LAB holds, to FN. */
typedef struct {
    const labels *lab;
    sk_word_fn fn;
    void *ctx;
} word_writer;

static int write_word(void *vw, const uint8_t *tiles, size_t n)
{
    const word_writer *w = vw;
    char word[WORD_TEXT_MAX];
    size_t len = word_text(w->lab, tiles, NULL, n, word);
    return w->fn(w->ctx, word, len);
}

int sk_lexicon_foreach_word(const sk_lexicon *lex, const sk_alphabet *a, sk_word_fn fn, void *ctx)
{
    labels lab;
    labels_init(&lab, a && sk_alphabet_is_latin(a) ? NULL : a);
    word_writer w = {&lab, fn, ctx};
    return sk_lexicon_foreach_tiles(lex, write_word, &w);
}

/* ---- counting ---------------------------------------------------------------------------------*/
static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t count_at(const uint32_t *nodes, const uint64_t *words, size_t p)
{
    uint32_t node = nodes[p];
    uint64_t c = (uint64_t)sk_kwg_accepts(node);
    if (sk_kwg_arc(node)) c = sat_add(c, words[sk_kwg_arc(node)]);
    if (!sk_kwg_is_end(node)) c = sat_add(c, words[p + 1]);
    return c;
}

int sk_lexicon_get_info(const sk_lexicon *lex, sk_lexicon_info *out)
{
    memset(out, 0, sizeof(*out));
    out->nodes = lex->count;
    out->bytes = lex->count * 4;
    out->has_gaddag = lex->has_gaddag;
    uint32_t root = sk_lexicon_dawg_root(lex);
    if (!root) return SK_OK;
    /* words[p] = words spelled from the list that starts at p onwards (wolges' word counts). */
    uint64_t *words = calloc(lex->count, sizeof(*words));
    if (!words) return SK_ENOMEM;
    if (lex->forward) {
        for (size_t p = lex->count; p-- > 0;)
            words[p] = count_at(lex->nodes, words, p);
    } else {
        uint32_t *order, cycle_at;
        size_t n;
        int rc = sk_kwg_postorder(lex->nodes, lex->count, &order, &n, &cycle_at);
        if (rc != SK_OK) {
            free(words);
            return rc == SK_EINVAL ? SK_OK : rc; /* a cycle cannot be: validated at open */
        }
        for (size_t i = 0; i < n; i++)
            words[order[i]] = count_at(lex->nodes, words, order[i]);
        free(order);
    }
    out->words = words[root];
    free(words);
    return SK_OK;
}
