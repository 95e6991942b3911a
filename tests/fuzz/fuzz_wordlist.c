/* fuzz_wordlist.c — libFuzzer target for the word-list reader and the KWG builder, checked
 * against a plain oracle: the input's first byte chooses --skip-invalid (bit 0), an alphabet
 * (bits 1-2: none, Spanish, Catalan, Polish) and folding accents (bit 3); the rest is a word
 * list. When it builds, the KWG must validate with every arc forward, hold exactly the words
 * the oracle reads (letters only, 2..SK_WORD_MAX of them, after trimming, '#' lines skipped;
 * in an alphabet, the lines sk_word_read reads), and its GADDAG every split of every word; in
 * an alphabet, every word foreach_word writes must read back to itself. Diagnostics must locate
 * inside the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"
#include "skrab/tiles.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Splits a GADDAG path for TILES at K and checks that it ends on an accepting node. */
static int gaddag_has(const sk_lexicon *lex, const unsigned char *tiles, size_t len, size_t k)
{
    unsigned char path[2 * SK_WORD_MAX + 1];
    size_t n = 0;
    for (size_t i = k; i-- > 0;)
        path[n++] = tiles[i];
    if (k < len) {
        path[n++] = SK_KWG_SEPARATOR;
        for (size_t i = k; i < len; i++)
            path[n++] = tiles[i];
    }
    uint32_t at = sk_lexicon_walk(lex, sk_lexicon_gaddag_root(lex), path, n);
    return at && sk_kwg_accepts(sk_lexicon_nodes(lex)[at]);
}

static int cmp_words(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The oracle in an alphabet: each line read by sk_word_read is in the lexicon with every split
 * in its GADDAG; each word written reads back to a word, and there are as many as it holds. */
typedef struct {
    const sk_lexicon *lex;
    const sk_alphabet *a;
    uint64_t words;
} walker;

static int read_back(void *ctx, const char *word, size_t len)
{
    walker *w = ctx;
    unsigned char tiles[SK_WORD_MAX];
    size_t n;
    if (strlen(word) != len) abort();
    if (sk_word_read(w->a, 0, word, len, tiles, &n) != SK_OK) abort();
    if (!sk_lexicon_contains_tiles(w->lex, tiles, n)) abort();
    w->words++;
    return 0;
}

static void check_in_alphabet(const sk_lexicon *lex, const sk_alphabet *a, int flags,
                              const char *text, size_t len, size_t built)
{
    for (size_t p = 0; p < len;) {
        const char *nl = memchr(text + p, '\n', len - p);
        size_t end = nl ? (size_t)(nl - text) : len, s = p;
        if (p == 0 && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) s += 3;
        while (s < end && is_space(text[s]))
            s++;
        while (end > s && is_space(text[end - 1]))
            end--;
        unsigned char tiles[SK_WORD_MAX];
        size_t n;
        if (s < end && text[s] != '#' &&
            sk_word_read(a, flags, text + s, end - s, tiles, &n) == SK_OK && n >= 2) {
            if (!sk_lexicon_contains_tiles(lex, tiles, n)) abort();
            for (size_t k = 1; k <= n; k++)
                if (!gaddag_has(lex, tiles, n, k)) abort();
        }
        p = nl ? (size_t)(nl - text) + 1 : len;
    }
    walker w = {lex, a, 0};
    if (sk_lexicon_foreach_word(lex, a, read_back, &w) != SK_OK) abort();
    sk_lexicon_info info;
    if (sk_lexicon_get_info(lex, &info) != SK_OK) abort();
    if (info.words != w.words || w.words != built) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1u << 14)) return 0;
    static const char *const sets[] = {NULL, "spanish", "catalan", "polish"};
    const char *set = sets[(data[0] >> 1) & 3];
    sk_tileset tset;
    if (set && sk_tileset_builtin(&tset, set) != SK_OK) abort();
    sk_kwg_build_options opts = {.skip_invalid = data[0] & 1,
                                 .alphabet = set ? &tset.alphabet : NULL,
                                 .fold_accents = (data[0] >> 3) & 1};
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    sk_diag_list diags;
    sk_diag_list_init(&diags);
    sk_lexicon *lex = NULL;
    sk_kwg_build_stats stats;
    int rc = sk_lexicon_from_wordlist(&lex, text, len, &opts, &stats, &diags);
    for (size_t i = 0; i < diags.count; i++) {
        if (diags.items[i].offset == SK_DIAG_NO_OFFSET) continue;
        if (diags.items[i].offset > len) abort();
        int line, col;
        sk_diag_locate(text, len, diags.items[i].offset, &line, &col);
        if (line < 1 || col < 1) abort();
    }
    if (rc == SK_EINVAL && diags.errors == 0) abort();
    if (rc != SK_OK) goto done;
    if (diags.errors) abort();
    const uint32_t *nodes = sk_lexicon_nodes(lex);
    size_t count = sk_lexicon_node_count(lex);
    if (sk_kwg_validate(nodes, count * 4, NULL) != SK_OK) abort();
    if (!sk_kwg_arcs_forward(nodes, count)) abort();
    if (set || opts.fold_accents) {
        check_in_alphabet(lex, opts.alphabet, opts.fold_accents ? SK_WORD_FOLD_ACCENTS : 0, text,
                          len, stats.words);
        goto done;
    }

    /* the oracle: every well-formed word of the text */
    char *copy = malloc(len + 1), **words = malloc((len / 2 + 1) * sizeof(char *));
    if (!copy || !words) abort();
    memcpy(copy, text, len);
    copy[len] = '\0';
    size_t nwords = 0;
    if (memchr(text, '\0', len < 4096 ? len : 4096)) abort(); /* binary: must be refused */
    for (char *p = copy; p < copy + len;) {
        char *nl = memchr(p, '\n', (size_t)(copy + len - p));
        char *end = nl ? nl : copy + len;
        char *s = p;
        if (p == copy && len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) s += 3;
        while (s < end && is_space(*s))
            s++;
        while (end > s && is_space(end[-1]))
            end--;
        size_t wl = (size_t)(end - s);
        int ok = wl >= 2 && wl <= SK_WORD_MAX && *s != '#';
        for (char *q = s; ok && q < end; q++) {
            if (*q >= 'a' && *q <= 'z') *q = (char)(*q - 'a' + 'A');
            ok = *q >= 'A' && *q <= 'Z';
        }
        if (ok) {
            *end = '\0';
            words[nwords++] = s;
        }
        p = nl ? nl + 1 : copy + len;
    }
    qsort(words, nwords, sizeof(*words), cmp_words);
    size_t distinct = 0;
    for (size_t i = 0; i < nwords; i++) {
        if (i && strcmp(words[i], words[i - 1]) == 0) continue;
        distinct++;
        size_t wl = strlen(words[i]);
        if (!sk_lexicon_contains(lex, NULL, words[i], wl)) abort();
        unsigned char tiles[SK_WORD_MAX];
        if (sk_word_to_tiles(words[i], wl, tiles) != 0) abort();
        for (size_t k = 1; k <= wl; k++)
            if (!gaddag_has(lex, tiles, wl, k)) abort();
    }
    sk_lexicon_info info;
    if (sk_lexicon_get_info(lex, &info) != SK_OK) abort();
    if (info.words != distinct || stats.words != distinct) abort();
    free(copy);
    free(words);
done:
    sk_lexicon_free(lex);
    sk_diag_list_free(&diags);
    return 0;
}
