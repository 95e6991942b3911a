/* fuzz_wordlist.c — libFuzzer target for the word-list reader and the KWG builder, checked
 * against a plain oracle: the input's first byte chooses --skip-invalid; the rest is a word
 * list. When it builds, the KWG must validate with every arc forward, hold exactly the words
 * the oracle reads (letters only, 2..SK_WORD_MAX of them, after trimming, '#' lines skipped),
 * and its GADDAG every split of every word. Diagnostics must locate inside the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal/kwg.h"
#include "skrab/error.h"
#include "skrab/lexicon.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1u << 14)) return 0;
    sk_kwg_build_options opts = {.skip_invalid = data[0] & 1};
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
