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

int sk_lexicon_contains(const sk_lexicon *lex, const char *word, size_t len)
{
    unsigned char tiles[SK_WORD_MAX];
    if (len < 2 || sk_word_to_tiles(word, len, tiles) != 0) return 0;
    return sk_lexicon_contains_tiles(lex, tiles, len);
}

/* ---- anagrams ---------------------------------------------------------------------------------*/
typedef struct {
    const uint32_t *nodes;
    int have[27]; /* natural tiles left, by tile */
    int blanks;   /* blanks left */
    int left;     /* tiles left in all */
    int exact, min_len;
    sk_word_fn fn;
    void *ctx;
    int stopped;
    char word[SK_WORD_MAX + 1];
} anagrammer;

/* Tries every tile of LIST at position DEPTH. A natural tile is preferred to a blank: whatever
 * a blank could finish, the natural tile finishes too, so each word is found once. */
static void anagram_at(anagrammer *g, uint32_t list, int depth)
{
    for (uint32_t i = list; list && !g->stopped; i++) {
        uint32_t node = g->nodes[i];
        unsigned t = sk_kwg_tile(node);
        int natural = t >= 1 && t <= 26 && g->have[t] > 0;
        if (natural || (t >= 1 && t <= 26 && g->blanks > 0)) {
            if (natural)
                g->have[t]--;
            else
                g->blanks--;
            g->left--;
            g->word[depth] = (char)((natural ? 'A' : 'a') + (int)t - 1);
            if (sk_kwg_accepts(node) && depth + 1 >= g->min_len && (!g->exact || g->left == 0)) {
                g->word[depth + 1] = '\0';
                if (g->fn(g->ctx, g->word, (size_t)depth + 1)) g->stopped = 1;
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

int sk_lexicon_anagram(const sk_lexicon *lex, const char *rack, size_t len, int flags, int min_len,
                       sk_word_fn fn, void *ctx)
{
    if (len > SK_WORD_MAX) return SK_EINVAL;
    anagrammer g;
    memset(&g, 0, sizeof(g));
    for (size_t i = 0; i < len; i++) {
        unsigned char tile;
        if (rack[i] == '?')
            g.blanks++;
        else if (sk_word_to_tiles(rack + i, 1, &tile) == 0)
            g.have[tile]++;
        else
            return SK_EINVAL;
    }
    g.nodes = lex->nodes;
    g.left = (int)len;
    g.exact = (flags & SK_ANAGRAM_EXACT) != 0;
    g.min_len = min_len < 2 ? 2 : min_len;
    g.fn = fn;
    g.ctx = ctx;
    if (len > 0) anagram_at(&g, sk_lexicon_dawg_root(lex), 0);
    return g.stopped ? 1 : SK_OK;
}

/* ---- every word ------------------------------------------------------------------------------ */
int sk_lexicon_foreach_word(const sk_lexicon *lex, sk_word_fn fn, void *ctx)
{
    const uint32_t *nodes = lex->nodes;
    uint32_t at[SK_WORD_MAX]; /* the node at each depth of the current path */
    char word[SK_WORD_MAX + 1];
    uint32_t root = sk_lexicon_dawg_root(lex);
    if (!root) return SK_OK;
    int depth = 0;
    at[0] = root;
    for (;;) {
        uint32_t node = nodes[at[depth]];
        unsigned t = sk_kwg_tile(node);
        word[depth] = t >= 1 && t <= 26 ? (char)('A' + t - 1) : '?';
        if (sk_kwg_accepts(node)) {
            word[depth + 1] = '\0';
            if (fn(ctx, word, (size_t)depth + 1)) return 1;
        }
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
